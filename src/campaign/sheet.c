/* SPDX-License-Identifier: MIT */
/* sheet.c -- the campaign as an order of battle sheet
 * (mu_campaign_export_sheet): what the viewer may see of each division, in
 * the sheet's own terms, with the names the imported sheet gave. */
#include "campaign.h"

#include <stdlib.h>
#include <string.h>

typedef struct sheet_ctx {
    mu_oob_sheet *s;
    size_t cap;
} sheet_ctx;

/* An engaged division's values as the tables (or its sheet) made them. */
static void engaged_values(const camp_div *dv, mu_sheet_division *d)
{
    mu_division_given *g = &d->given;
    g->leader = dv->leader_rolled;
    g->batteries = dv->division_batteries;
    g->nbrigades = dv->nbrigades;
    for (int b = 0; b < dv->nbrigades && b < MU_MAX_BRIGADES; b++) {
        const camp_brigade *cb = &dv->b[b];
        g->brigades[b] = (mu_given_brigade){cb->start, cb->morale,
                                            cb->leader_rolled};
    }
}

static bool may_see(const mu_campaign *c, const camp_div *dv)
{
    return c->viewer == MU_SIDE_NONE || c->viewer == (int)dv->side ||
           (dv->engaged && (!dv->hidden || dv->revealed));
}

static mu_status one_division(mu_campaign *c, sheet_ctx *x, const camp_div *dv,
                              mu_error *err)
{
    if (x->s->n == x->cap) {
        size_t nc = x->cap ? 2 * x->cap : 16;
        mu_sheet_division *p = realloc(x->s->divisions, nc * sizeof *p);
        if (!p)
            return err_nomem(err);
        x->s->divisions = p;
        x->cap = nc;
    }
    mu_sheet_division *d = &x->s->divisions[x->s->n++];
    memset(d, 0, sizeof *d);
    d->given = mu_division_given_none();
    d->side = dv->side;
    d->arm = dv->arm;
    camp_copy_name(d->name, dv->name);
    camp_copy_name(d->corps, dv->corps ? dv->corps_name : "");
    if (!may_see(c, dv))
        return MU_OK;
    ev_known k;
    mu_status s = camp_div_known(c, dv->id, &k, err);
    if (s != MU_OK)
        return s;
    if (k.has)
        d->given = k.given;
    for (int b = 0; k.has && b < k.given.nbrigades; b++) {
        camp_copy_name(d->brigade[b], k.brigade[b]);
        camp_copy_name(d->brigadier[b], k.brigadier[b]);
    }
    if (dv->engaged) {
        /* Brigadiers belong to the sheet's brigades: kept only where the
         * division has as many as the sheet listed. A brigade's name is
         * the ledger's (the sheet's from the first fight, or one given
         * since). */
        if (k.has && k.given.nbrigades != dv->nbrigades)
            memset(d->brigadier, 0, sizeof d->brigadier);
        for (int b = 0; b < dv->nbrigades && b < MU_MAX_BRIGADES; b++)
            camp_copy_name(d->brigade[b], dv->b[b].name);
        engaged_values(dv, d);
    }
    return MU_OK;
}

static mu_status sheet_read(mu_campaign *c, void *p, mu_error *err)
{
    sheet_ctx *x = p;
    camp_divs it;
    mu_status s = camp_divs_open(c, -1, true, &it, err);
    if (s != MU_OK)
        return s;
    camp_div dv;
    bool more = true;
    while (s == MU_OK && (s = camp_divs_next(&it, &dv, &more, err)) == MU_OK &&
           more)
        s = one_division(c, x, &dv, err);
    camp_divs_close(&it);
    return s;
}

mu_status mu_campaign_export_sheet(mu_campaign *c, mu_sheet_format f,
                                   char **out, mu_error *err)
{
    if (out)
        *out = NULL;
    if (!c || !out)
        return err_set(err, MU_EINPUT, "no campaign given");
    mu_oob_sheet s = {0, NULL};
    sheet_ctx x = {&s, 0};
    mu_status st = camp_read(c, sheet_read, &x, err);
    if (st == MU_OK && !s.n)
        st = err_set(err, MU_EINPUT, "the campaign has no division yet: a "
                     "sheet lists at least one");
    if (st == MU_OK)
        st = mu_oob_sheet_render(&s, f, out, err);
    mu_oob_sheet_clear(&s);
    return st;
}
