/* SPDX-License-Identifier: MIT */
/* roster.c -- a campaign's divisions as they stand now, for the
 * paper roster: the generated division (with its rolls) read back from the
 * ledger, its brigades' current stands, losses and prisoners and its
 * leaders as replaced, laid over it. Only what the viewer may see. */
#include "campaign.h"
#include "lang.h"
#include "roster.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rc_ctx {
    int viewer;
    mu_roster *r;
} rc_ctx;

/* The division as generated: the JSON the ledger stored at engagement. */
static mu_status stored_division(mu_campaign *c, int id, mu_division *out,
                                 mu_error *err)
{
    char *text = NULL;
    mu_status s = camp_text(c, &text, NULL, err, "SELECT division FROM "
                            "divisions WHERE id = ?", "i", id);
    if (s == MU_OK && !text)
        return err_set(err, MU_EINPUT, "division %d has no stored generation "
                       "in the campaign file: the file is damaged", id);
    if (s != MU_OK)
        return s;
    char name[48];
    snprintf(name, sizeof name, "campaign division %d", id);
    mu_oob_doc doc;
    s = mu_oob_parse_json(text, strlen(text), name, &doc, err);
    free(text);
    if (s == MU_OK && (doc.kind != MU_OOB_DIVISIONS || doc.ndivisions != 1))
        s = err_set(err, MU_EINPUT, "%s: not one division", name);
    if (s == MU_OK)
        *out = doc.divisions[0];
    mu_oob_doc_clear(&doc);
    return s;
}

/* The roster's index of campaign corps `id`, adding it when first met. */
static int corps_index(mu_roster *r, const camp_corps *all, int n, int id)
{
    const camp_corps *k = NULL;
    for (int i = 0; i < n; i++)
        if (all[i].id == id)
            k = &all[i];
    if (!k)
        return -1;
    for (int i = 0; i < r->ncorps; i++)
        if (!strcmp(r->corps[i].name, k->name) && r->corps[i].side == k->side)
            return i;
    rs_corps *q = roster_add_corps(r);
    if (!q)
        return -2;
    snprintf(q->name, sizeof q->name, "%s", k->name);
    q->side = k->side;
    q->rated = k->rated;
    q->leader = (mu_rating)k->leader;
    q->rolled = (mu_rating)k->leader_rolled;
    q->origin = k->leader_origin;
    q->attached = k->attached;
    return r->ncorps - 1;
}

/* The division's batteries held prisoner now. */
static mu_status guns_held(mu_campaign *c, int id, int *n, mu_error *err)
{
    *n = 0;
    return camp_row(c, camp_int_row, n, NULL, err, "SELECT "
                    "coalesce(sum(batteries), 0) FROM batteries_held WHERE "
                    "division = ?", "i", id);
}

static void overlay(rs_division *d, const camp_div *v, int held)
{
    d->batteries = v->division_batteries;
    d->guns_captured = held;
    d->guns_destroyed = v->batteries - v->reserve - v->division_batteries -
                        held;
    if (d->guns_destroyed < 0)
        d->guns_destroyed = 0;
    snprintf(d->name, sizeof d->name, "%s", v->name);
    d->number = v->id;
    d->campaign = true;
    d->leader = (mu_rating)v->leader;
    d->leader_rolled = (mu_rating)v->leader_rolled;
    d->origin = v->leader_origin;
    d->stands = d->start = 0;
    for (int i = 0; i < v->nbrigades && i < d->nbrigades; i++) {
        const camp_brigade *b = &v->b[i];
        rs_brigade *o = &d->b[i];
        o->number = b->number;
        snprintf(o->name, sizeof o->name, "%s", b->name);
        o->stands = b->current;
        o->label_stands = b->label_stands;
        o->start = b->start;
        o->lost = b->lost - b->returned;
        o->captured = b->captured - b->freed;
        o->returned = b->returned;
        o->morale = (mu_morale)b->morale;
        o->leader = (mu_rating)b->leader;
        o->rolled = (mu_rating)b->leader_rolled;
        o->origin = b->leader_origin;
        d->stands += o->stands;
        d->start += o->start;
    }
}

static void note_waiting(mu_roster *r, const camp_div *v)
{
    char *w = r->waiting[v->side & 1];
    size_t n = strlen(w), cap = sizeof r->waiting[0];
    if (n + 8 >= cap)
        return;
    snprintf(w + n, cap - n, _("%sdivision %d \u201c%s\u201d"), n ? ", "
             : _("Not yet engaged, so not printed: "), v->id, v->name);
}

static mu_status gather(mu_campaign *c, void *p, mu_error *err)
{
    rc_ctx *x = p;
    camp_div *divs = NULL;
    camp_corps *corps = NULL;
    int nd = 0, nk = 0;
    mu_status s = camp_load_all(c, &divs, &nd, err);
    if (s == MU_OK)
        s = camp_load_all_corps(c, &corps, &nk, err);
    for (int i = 0; i < nd && s == MU_OK; i++) {
        const camp_div *v = &divs[i];
        if (x->viewer != MU_SIDE_NONE && (int)v->side != x->viewer)
            continue; /* the other side's, hidden or not: never printed */
        if (!v->engaged) {
            note_waiting(x->r, v);
            continue;
        }
        mu_division g;
        int held = 0;
        if ((s = stored_division(c, v->id, &g, err)) != MU_OK ||
            (s = guns_held(c, v->id, &held, err)) != MU_OK)
            break;
        int k = v->corps ? corps_index(x->r, corps, nk, v->corps) : -1;
        rs_division *d = k == -2 ? NULL : roster_add_div(x->r);
        if (!d) {
            s = err_nomem(err);
            break;
        }
        roster_div_from_gen(d, &g);
        overlay(d, v, held);
        d->corps = k;
    }
    free(divs);
    free(corps);
    return s;
}

mu_status mu_roster_from_campaign(mu_campaign *c, mu_side viewer,
                                  mu_roster **out, mu_error *err)
{
    if (out)
        *out = NULL;
    if (!c || !out)
        return err_set(err, MU_EINPUT, "no campaign given");
    /* Narrowed to the side the handle acts for (mu_campaign_act_as). */
    int eff;
    mu_status s = camp_viewer(c, (int)viewer, &eff, err);
    if (s != MU_OK)
        return s;
    mu_roster *r = calloc(1, sizeof *r);
    if (!r)
        return err_nomem(err);
    r->campaign = true;
    snprintf(r->title, sizeof r->title, _("Campaign \u201c%s\u201d%s%s"),
             c->name, eff == MU_SIDE_NONE ? "" : ": ",
             eff == MU_SIDE_NONE ? "" : eff == MU_UNION
                 ? _("the Union's divisions") : _("the Confederates' divisions"));
    snprintf(r->dice, sizeof r->dice, "%d, %s", c->year, c->theater == MU_EAST
             ? _("Eastern theater \u00b7 as the divisions stand now")
             : _("Western theater \u00b7 as the divisions stand now"));
    rc_ctx x = {eff, r};
    s = camp_read(c, gather, &x, err);
    if (s != MU_OK) {
        mu_roster_free(r);
        return s;
    }
    *out = r;
    return MU_OK;
}
