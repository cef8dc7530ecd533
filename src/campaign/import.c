/* SPDX-License-Identifier: MIT */
/* import.c -- an order of battle sheet into the campaign
 * (mu_campaign_import): each division added with what the sheet knows of
 * it, all in one transaction. */
#include "campaign.h"

#include <stdio.h>
#include <string.h>

typedef struct import_ctx {
    const mu_oob_sheet *s;
    const char *name;
    int first;
} import_ctx;

static void known_of(const mu_sheet_division *d, ev_known *k)
{
    memset(k, 0, sizeof *k);
    k->has = true;
    k->given = d->given;
    for (int b = 0; b < d->given.nbrigades && b < MU_MAX_BRIGADES; b++) {
        camp_copy_name(k->brigade[b], d->brigade[b]);
        camp_copy_name(k->brigadier[b], d->brigadier[b]);
    }
}

/* The error of a division's row, at the sheet's line. */
static mu_status at_line(const import_ctx *x, const mu_sheet_division *d,
                         mu_status s, mu_error *err)
{
    if (err && d->line > 0 && !err->line) {
        snprintf(err->file, sizeof err->file, "%s", x->name);
        err->line = d->line;
    }
    return s;
}

static mu_status import_tx(mu_campaign *c, void *p, mu_error *err)
{
    import_ctx *x = p;
    ev_known k;
    for (size_t i = 0; i < x->s->n; i++) {
        const mu_sheet_division *d = &x->s->divisions[i];
        if (c->viewer != MU_SIDE_NONE && c->viewer != (int)d->side)
            return at_line(x, d, err_set(err, MU_ESTATE, "division '%s' is "
                           "the %s: acting for one side, import only its "
                           "own divisions (the umpire imports both)",
                           d->name, camp_side_poss(d->side)), err);
        known_of(d, &k);
        int id = 0;
        mu_status s = camp_add_known(c, d->side, d->name, d->arm,
                                     *d->corps ? d->corps : NULL, &k, false,
                                     &id, err);
        if (s != MU_OK)
            return at_line(x, d, s, err);
        if (i == 0)
            x->first = id;
    }
    return MU_OK;
}

mu_status mu_campaign_import(mu_campaign *c, const mu_oob_sheet *s,
                             const char *name, int *first, mu_error *err)
{
    if (!c || !s)
        return err_set(err, MU_EINPUT, "no campaign or sheet given");
    if (!s->n)
        return err_set(err, MU_EINPUT, "%s lists no division",
                       name ? name : "the sheet");
    import_ctx x = {s, name ? name : "the sheet", 0};
    mu_status st = camp_tx(c, import_tx, &x, NULL, err);
    if (st == MU_OK && first)
        *first = x.first;
    return st;
}
