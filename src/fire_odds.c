/* SPDX-License-Identifier: MIT */
/* fire_odds.c -- exact odds of a volley by the additive rule and per figure,
 * and of a charge on a gun (a Markov chain of volleys, see charge.h). */
#include "real.h"
#include "charge.h"
#include "error.h"
#include "odds.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mu_fire_odds_clear(mu_fire_odds *o)
{
    if (!o)
        return;
    mu_dist_clear(&o->additive);
    mu_dist_clear(&o->per_figure);
}

mu_status mu_odds_fire(const mu_volley *v, mu_hit_method m, mu_fire_odds *out,
                       mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    memset(out, 0, sizeof *out);
    out->additive.lo = out->per_figure.lo = 1;
    if (!v)
        return err_set(err, MU_EINPUT, "no volley given");
    if (m < MU_METHOD_ADDITIVE || m > MU_METHOD_BOTH)
        return err_set(err, MU_EINPUT, "unknown method: choose additive, "
                       "per-figure or both");
    out->volley = *v;
    out->method = m;
    mu_status st = MU_OK;
    if (m & MU_METHOD_ADDITIVE)
        st = mu_hits_additive(v->sure_hits, v->threshold, &out->additive, err);
    if (st == MU_OK && (m & MU_METHOD_PER_FIGURE))
        st = mu_hits_per_figure(v->effectives, v->p, &out->per_figure, err);
    if (st != MU_OK) /* the contract: empty on failure */
        mu_fire_odds_clear(out);
    return st;
}

/* ---- the charge ------------------------------------------------------- */

void mu_charge_odds_clear(mu_charge_odds *o)
{
    if (!o)
        return;
    mu_dist_clear(&o->left);
    mu_dist_clear(&o->crew_left);
}

/* The ranges the gun fires at: range, range - move, ... above 0, then 0. */
static mu_status charge_ranges(const mu_charge_opts *o, mu_rat *r, int *n,
                               mu_error *err)
{
    const mu_rat zero = {0, 1};
    if (mu_rat_cmp(o->range, zero) <= 0 || mu_rat_cmp(o->move, zero) <= 0)
        return err_set(err, MU_EINPUT, "a charge starts at a range above 0 "
                       "and closes more than 0 inches a turn");
    if ((o->cm_per_inch.den == 0 && o->cm_per_inch.num != 0) ||
        (o->cm_per_inch.den != 0 &&
         (mu_rat_cmp(o->cm_per_inch, zero) < 0 ||
          mu_rat_cmp(o->cm_per_inch, (mu_rat){100, 1}) > 0)))
        return err_set(err, MU_EINPUT, "centimetres to the inch: more than 0 "
                       "and at most 100");
    int k = 0;
    mu_rat at = o->range;
    while (mu_rat_cmp(at, zero) > 0) {
        if (k == MU_CHARGE_MAX_VOLLEYS)
            return err_set(err, MU_EINPUT, "the charge would take more than "
                           "%d volleys: close faster or start nearer",
                           MU_CHARGE_MAX_VOLLEYS);
        r[k++] = at;
        mu_status st = mu_rat_sub(at, o->move, &at, err);
        if (st != MU_OK)
            return st;
    }
    if (!o->no_point_blank) {
        if (k == MU_CHARGE_MAX_VOLLEYS)
            return err_set(err, MU_EINPUT, "the charge would take more than "
                           "%d volleys: close faster or start nearer",
                           MU_CHARGE_MAX_VOLLEYS);
        r[k++] = zero;
    }
    *n = k;
    return MU_OK;
}

/* The volley of `weapon` at range r by `figures` (small arms) or `crew`. */
static mu_status volley_at(const mu_weapons *w, const char *weapon, mu_rat r,
                           int figures, int crew, const mu_charge_opts *o,
                           bool at_unit, mu_volley *v, mu_error *err)
{
    mu_fire_opts fo;
    memset(&fo, 0, sizeof fo);
    fo.weapon = weapon;
    fo.ranges = &r;
    fo.nranges = 1;
    fo.figures = figures;
    fo.crew = crew;
    fo.cover = at_unit && o->cover;
    fo.no_canister = at_unit && o->no_canister;
    return mu_fire_compute(w, &fo, v, err);
}

static mu_status check_charge(const mu_weapons *w, const mu_charge_opts *o,
                              const mu_weapon **gun, const mu_weapon **back,
                              mu_error *err)
{
    if (o->figures < 1 || o->figures > MU_FIRE_MAX_FIGURES)
        return err_set(err, MU_EINPUT, "the charging unit has 1..%d figures, "
                       "not %d", MU_FIRE_MAX_FIGURES, o->figures);
    mu_status st = mu_weapons_find(w, o->gun ? o->gun : "gun", gun, err);
    if (st != MU_OK)
        return st;
    if ((*gun)->kind == MU_WEAPON_SMALL_ARMS)
        return err_set(err, MU_EINPUT, "%s is fired by figures, not by a gun's "
                       "crew: name a gun or a load", (*gun)->name);
    if (o->crew < 0 || o->crew > (*gun)->crew)
        return err_set(err, MU_EINPUT, "%s has a crew of 1..%d castings, not %d",
                       (*gun)->name, (*gun)->crew, o->crew);
    *back = NULL;
    if (o->return_fire) {
        st = mu_weapons_find(w, o->return_fire, back, err);
        if (st != MU_OK)
            return st;
        if ((*back)->kind != MU_WEAPON_SMALL_ARMS)
            return err_set(err, MU_EINPUT, "the charging unit fires back with "
                           "small arms, and %s is artillery", (*back)->name);
    }
    return MU_OK;
}

/* The volley tables of the chain: gun[k][c] and back[k][s]. */
static mu_status charge_tables(const mu_weapons *w, const mu_charge_opts *o,
                               const mu_rat *r, mu_charge_odds *out,
                               charge_volley *gun, charge_volley *back,
                               mu_error *err)
{
    int C = out->crew, F = o->figures;
    const char *gname = out->gun;
    mu_volley v;
    for (int k = 0; k < out->volleys; k++) {
        mu_charge_volley *cv = &out->volley[k];
        cv->range = r[k];
        cv->back_p = (mu_rat){0, 1};
        for (int c = 1; c <= C; c++) {
            mu_status st = volley_at(w, gname, r[k], 0, c, o, true, &v, err);
            if (st != MU_OK)
                return st;
            gun[(size_t)k * (size_t)(C + 1) + (size_t)c] =
                (charge_volley){v.sure_hits, v.threshold};
            if (c == C) {
                snprintf(cv->load, sizeof cv->load, "%s", v.fired.name);
                cv->p = v.p;
            }
        }
        for (int s = 1; back && s <= F; s++) {
            mu_status st = volley_at(w, out->return_fire, r[k], s, 0, o, false,
                                     &v, err);
            if (st != MU_OK)
                return st;
            back[(size_t)k * (size_t)(F + 1) + (size_t)s] =
                (charge_volley){v.sure_hits, v.threshold};
            cv->back_p = v.p;
        }
    }
    return MU_OK;
}

mu_status mu_odds_charge(const mu_weapons *w, const mu_charge_opts *o,
                         mu_charge_odds *out, mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    memset(out, 0, sizeof *out);
    out->left.lo = out->crew_left.lo = 1;
    if (!w || !o)
        return err_set(err, MU_EINPUT, "no weapons or charge given");
    const mu_weapon *gw, *bw;
    mu_status st = check_charge(w, o, &gw, &bw, err);
    if (st != MU_OK)
        return st;
    out->opts = *o;
    out->opts.gun = out->opts.return_fire = NULL;
    snprintf(out->gun, sizeof out->gun, "%s", gw->name);
    if (bw)
        snprintf(out->return_fire, sizeof out->return_fire, "%s", bw->name);
    out->crew = o->crew ? o->crew : gw->crew;
    out->effectives = gw->effectives;
    mu_rat r[MU_CHARGE_MAX_VOLLEYS];
    if ((st = charge_ranges(o, r, &out->volleys, err)) != MU_OK)
        return st;
    int F = o->figures, C = out->crew;
    size_t W = (size_t)C + 1, n = ((size_t)F + 1) * W;
    charge_volley *gun = calloc((size_t)out->volleys * W, sizeof *gun);
    charge_volley *back = bw ? calloc((size_t)out->volleys * ((size_t)F + 1),
                                      sizeof *back)
                             : NULL;
    real_t *joint = calloc(n, sizeof *joint);
    real_t *v = calloc((size_t)(F > C ? F : C) + 1, sizeof *v);
    if (!gun || !joint || !v || (bw && !back))
        st = err_nomem(err);
    if (st == MU_OK)
        st = charge_tables(w, o, r, out, gun, back, err);
    if (st == MU_OK) {
        joint[(size_t)F * W + (size_t)C] = 1;
        st = charge_chain(F, C, out->volleys, gun, back, joint, err);
    }
    if (st == MU_OK) { /* the two marginals */
        for (int s = 0; s <= F; s++) {
            v[s] = 0;
            for (int c = 0; c <= C; c++)
                v[s] += joint[(size_t)s * W + (size_t)c];
        }
        st = odds_dist_set(&out->left, v, F + 1, err);
    }
    if (st == MU_OK) {
        for (int c = 0; c <= C; c++) {
            v[c] = 0;
            for (int s = 0; s <= F; s++)
                v[c] += joint[(size_t)s * W + (size_t)c];
        }
        st = odds_dist_set(&out->crew_left, v, C + 1, err);
    }
    free(v);
    free(joint);
    free(back);
    free(gun);
    if (st != MU_OK) /* the contract: empty on failure */
        mu_charge_odds_clear(out);
    return st;
}
