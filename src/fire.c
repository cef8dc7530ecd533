/* SPDX-License-Identifier: MIT */
/* fire.c -- the linear firepower model: P from a straight line, POH, sure
 * hits and the one roll for the remainder. All of it exact (mu_rat). */
#include "fire.h"
#include "curve.h"
#include "dice.h"
#include "error.h"
#include "lang.h"
#include "rat.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

bool fire_zero(const mu_weapon *w, bool cover, mu_rat *out)
{
    mu_rat shift = rat_int(0);
    if (cover && !rat_div(w->cover, w->slope, &shift))
        return false;
    return rat_add(w->max_range, shift, out);
}

void fire_title(const char *name, char *buf, size_t n)
{
    snprintf(buf, n, "%s", name);
    if (n && buf[0])
        buf[0] = (char)toupper((unsigned char)buf[0]);
}

/* ---- crossover ---------------------------------------------------------- */

mu_status mu_crossover_compute(const mu_weapons *w, const char *a, const char *b,
                            bool cover, mu_crossover *out, mu_error *err)
{
    const mu_weapon *wa, *wb;
    mu_status st = mu_weapons_find(w, a, &wa, err);
    if (st == MU_OK)
        st = mu_weapons_find(w, b, &wb, err);
    if (st != MU_OK)
        return st;
    for (int k = 0; k < 2; k++) {
        const mu_weapon *g = k ? wb : wa;
        if (g->kind == MU_WEAPON_GUN)
            return err_set(err, MU_EINPUT,
                           "'%s' is a gun with two loads, not one curve: name "
                           "its loads (%s and %s)", g->name,
                           mu_weapons_at(w, (size_t)g->canister)->name,
                           mu_weapons_at(w, (size_t)g->roundshot)->name);
    }
    if (wa == wb)
        return err_set(err, MU_EINPUT,
                       "a curve does not cross itself: name two weapons");
    return curve_cross(wa, wb, cover, out, err);
}

/* ---- computing a volley ------------------------------------------------- */

/* Yards or centimetres to the inch when the ranges were given in those,
 * else 0. */
static mu_rat per_inch(const mu_volley *v)
{
    return rat_sign(v->cm_per_inch) > 0 ? v->cm_per_inch : v->yards_per_inch;
}

/* The average range in inches: sum / n, then yards or cm to inches. */
static mu_status average_range(const mu_fire_opts *o, mu_volley *v,
                               mu_error *err)
{
    if (!o->ranges || o->nranges == 0)
        return err_set(err, MU_EINPUT, "no range given: measure it in inches");
    if (o->nranges > MU_FIRE_MAX_RANGES)
        return err_set(err, MU_EINPUT, "%zu ranges: at most %d (measure the "
                       "nearest and the farthest figure)", o->nranges,
                       MU_FIRE_MAX_RANGES);
    mu_rat sum = rat_int(0);
    for (size_t i = 0; i < o->nranges; i++) {
        mu_rat r;
        if (!rat_make(o->ranges[i].num, o->ranges[i].den, &r))
            return rat_too_fine(err);
        if (rat_sign(r) < 0) {
            char b[MU_RAT_BUF];
            return err_set(err, MU_EINPUT, "range %s is negative: a range is "
                           "a distance, 0 or more", mu_rat_format(r, b, sizeof b));
        }
        v->ranges[i] = r;
        if (!rat_add(sum, r, &sum))
            return rat_too_fine(err);
    }
    v->nranges = o->nranges;
    if (!rat_div(sum, rat_int((int64_t)o->nranges), &v->range))
        return rat_too_fine(err);
    if (rat_sign(per_inch(v)) > 0 && !rat_div(v->range, per_inch(v), &v->range))
        return rat_too_fine(err);
    return MU_OK;
}

static mu_status check_scale(const mu_fire_opts *o, mu_volley *v, mu_error *err)
{
    mu_rat s = o->yards_per_inch;
    if (s.den == 0 && s.num == 0)
        s = rat_int(0);
    if (!rat_make(s.num, s.den, &v->yards_per_inch))
        return err_set(err, MU_EINPUT, "the scale is not a number");
    if (rat_sign(v->yards_per_inch) < 0 ||
        mu_rat_cmp(v->yards_per_inch, rat_int(1000000)) > 0)
        return err_set(err, MU_EINPUT, "the scale is yards per inch: more "
                       "than 0 and at most 1000000");
    s = o->cm_per_inch;
    if (s.den == 0 && s.num == 0)
        s = rat_int(0);
    if (!rat_make(s.num, s.den, &v->cm_per_inch))
        return err_set(err, MU_EINPUT, "the scale is not a number");
    if (rat_sign(v->cm_per_inch) < 0 ||
        mu_rat_cmp(v->cm_per_inch, rat_int(100)) > 0)
        return err_set(err, MU_EINPUT, "centimetres to the inch: more than 0 "
                       "and at most 100");
    if (rat_sign(v->cm_per_inch) > 0 && rat_sign(v->yards_per_inch) > 0)
        return err_set(err, MU_EINPUT, "ranges are in yards or in "
                       "centimetres, not both");
    return MU_OK;
}

/* Figures for small arms, crew castings for artillery, never the other. */
static mu_status count_castings(const mu_weapon *w, const mu_fire_opts *o,
                                mu_volley *v, mu_error *err)
{
    if (w->kind == MU_WEAPON_SMALL_ARMS) {
        if (o->crew)
            return err_set(err, MU_EINPUT, "a %s is fired by figures, not by "
                           "a gun crew: count the figures firing", w->name);
        if (o->figures < 1 || o->figures > MU_FIRE_MAX_FIGURES)
            return err_set(err, MU_EINPUT, "%d figures: 1 to %d figures fire",
                           o->figures, MU_FIRE_MAX_FIGURES);
        v->castings = o->figures;
    } else {
        if (o->figures)
            return err_set(err, MU_EINPUT, "%s is fired by a gun's crew: give "
                           "the crew castings (1..%d), not figures", w->name,
                           w->crew);
        if (o->crew < 0 || o->crew > w->crew)
            return err_set(err, MU_EINPUT, "a crew of %d: %s takes 1 to %d "
                           "crew castings", o->crew, w->name, w->crew);
        v->castings = o->crew ? o->crew : w->crew;
    }
    v->effectives = v->castings * w->effectives;
    return MU_OK;
}

/* A house max_range: same slope, another reach; checked as the file is. */
static mu_status house_range(const mu_fire_opts *o, mu_volley *v,
                             mu_error *err)
{
    if (!o->has_max_range)
        return MU_OK;
    if (v->weapon.kind == MU_WEAPON_GUN)
        return err_set(err, MU_EINPUT, "a gun fires two curves: change one "
                       "load's max range (name the load) or give a weapons file");
    if (v->fired.shape != MU_CURVE_LINEAR)
        return err_set(err, MU_EINPUT, "%s is a curve of %s: a max range "
                       "keeps a straight line's slope, so change its curve "
                       "in a weapons file instead", v->fired.name,
                       mu_curve_shape_name(v->fired.shape));
    mu_rat m, top;
    if (!rat_make(o->max_range.num, o->max_range.den, &m) ||
        (rat_sign(per_inch(v)) > 0 && !rat_div(m, per_inch(v), &m)))
        return rat_too_fine(err);
    if (rat_sign(m) <= 0 || mu_rat_cmp(m, rat_int(100000)) > 0)
        return err_set(err, MU_EINPUT, "a max range is more than 0 and at "
                       "most 100000 inches");
    if (!rat_mul(v->fired.slope, m, &top))
        return rat_too_fine(err);
    if (mu_rat_cmp(top, rat_int(100)) > 0) {
        char b[MU_RAT_BUF], b2[MU_RAT_BUF];
        return err_set(err, MU_EINPUT, "a max range of %s in gives the %s "
                       "%s %% a figure at point blank: more than 100",
                       mu_rat_format(m, b, sizeof b), v->fired.name,
                       mu_rat_format(top, b2, sizeof b2));
    }
    v->fired.max_range = m;
    v->house_max_range = true;
    return MU_OK;
}

/* Canister while it beats roundshot; roundshot at a tie, beyond, or when
 * there is no canister. */
static mu_status choose_load(const mu_weapons *w, const mu_fire_opts *o,
                             mu_volley *v, mu_error *err)
{
    const mu_weapon *can = mu_weapons_at(w, (size_t)v->weapon.canister);
    const mu_weapon *rs = mu_weapons_at(w, (size_t)v->weapon.roundshot);
    mu_rat pc, pr;
    mu_status st = mu_weapon_p(can, v->range, o->cover, &pc, err);
    if (st == MU_OK)
        st = mu_weapon_p(rs, v->range, o->cover, &pr, err);
    if (st != MU_OK)
        return st;
    int c = mu_rat_cmp(pc, pr);
    if (o->no_canister)
        v->why = MU_LOAD_NO_CANISTER;
    else
        v->why = c > 0 ? MU_LOAD_CANISTER_BETTER
                       : c < 0 ? MU_LOAD_ROUNDSHOT_BETTER : MU_LOAD_EQUAL;
    bool canister = v->why == MU_LOAD_CANISTER_BETTER;
    v->fired = canister ? *can : *rs;
    v->other_p = canister ? pr : pc;
    mu_crossover x;
    if (curve_cross(can, rs, o->cover, &x, NULL) == MU_OK && x.crosses) {
        v->has_crossover = true;
        v->crossover = x.range;
    }
    return MU_OK;
}

/* P, POH, sure hits, the chance and its threshold. */
static mu_status volley_numbers(mu_volley *v, mu_error *err)
{
    mu_rat hundred = rat_int(100), whole;
    v->beyond = mu_rat_cmp(v->range, v->fired.max_range) > 0;
    if (!curve_raw(&v->fired, v->range, v->cover, &v->line_p))
        return rat_too_fine(err);
    v->p = rat_sign(v->line_p) > 0 ? v->line_p : rat_int(0);
    if (!rat_mul(rat_int(v->effectives), v->p, &v->poh) ||
        !rat_div(v->poh, hundred, &whole))
        return rat_too_fine(err);
    int64_t sure = mu_rat_floor(whole);
    if (!rat_sub(v->poh, rat_int(sure * 100), &v->chance))
        return rat_too_fine(err);
    v->sure_hits = (int)sure; /* effectives <= 10^6, P <= 100 */
    v->threshold = (int)mu_rat_floor(v->chance);
    return MU_OK;
}

mu_status mu_fire_compute(const mu_weapons *w, const mu_fire_opts *o,
                          mu_volley *out, mu_error *err)
{
    if (!w || !o || !out)
        return err_set(err, MU_EINPUT, "nothing to fire");
    const mu_weapon *wp;
    mu_status st = mu_weapons_find(w, o->weapon, &wp, err);
    if (st != MU_OK)
        return st;
    mu_volley v;
    memset(&v, 0, sizeof v);
    v.weapon = *wp;
    v.fired = *wp;
    v.cover = o->cover;
    if ((st = check_scale(o, &v, err)) != MU_OK ||
        (st = average_range(o, &v, err)) != MU_OK ||
        (st = count_castings(wp, o, &v, err)) != MU_OK ||
        (st = house_range(o, &v, err)) != MU_OK)
        return st;
    if (wp->kind == MU_WEAPON_GUN && (st = choose_load(w, o, &v, err)) != MU_OK)
        return st;
    if (o->no_canister && wp->kind != MU_WEAPON_GUN)
        return err_set(err, MU_EINPUT, "no canister is for a gun choosing its "
                       "load; %s is one curve", wp->name);
    if ((st = volley_numbers(&v, err)) != MU_OK)
        return st;
    *out = v;
    return MU_OK;
}

/* ---- rolling ------------------------------------------------------------ */

static void volley_label(const void *ctx, char *buf, size_t n)
{
    const mu_volley *v = ctx;
    char title[MU_WEAPON_NAME];
    fire_title(v->fired.name, title, sizeof title);
    snprintf(buf, n, _("%s fire: one more hit on %d or less"), title,
             v->threshold);
}

mu_status mu_fire_resolve(const mu_volley *v, mu_dice *d, mu_fire_result *out,
                          mu_error *err)
{
    if (!v || !out)
        return err_set(err, MU_EINPUT, "no volley to resolve");
    mu_fire_result r = {false, 0, v->sure_hits};
    if (v->threshold > 0) {
        if (!d)
            return err_set(err, MU_EINPUT, "no dice source");
        mu_status st = dice_roll(d, volley_label, v, &r.roll, err);
        if (st != MU_OK)
            return st;
        r.rolled = true;
        r.hits += r.roll <= v->threshold;
    }
    *out = r;
    return MU_OK;
}
