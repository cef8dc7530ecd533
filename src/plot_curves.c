/* SPDX-License-Identifier: MIT */
/* plot_curves.c -- charts of fire curves: P against range for any weapons,
 * and the five figures of the Courier article. */
#include "curve.h"
#include "fire.h"
#include "lang.h"
#include "plot.h"
#include "rat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLES 600
#define MAX_CURVES 8

static double dbl(mu_rat r)
{
    return (double)r.num / (double)r.den;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The curve as a polyline from 0 to where it stops firing: samples, every
 * break of its shape, and both sides of a step (a band's edge, the drop to
 * 0 at the end of the last band or point). */
static mu_status curve_line(const mu_weapon *w, bool cover, plot_line *L,
                            mu_error *err)
{
    double reach = dbl(w->max_range), eps = reach * 1e-9;
    size_t cap = SAMPLES + 4 * (MU_CURVE_MAX + 2);
    double *xs = malloc(cap * sizeof *xs);
    L->x = malloc(2 * cap * sizeof *L->x);
    L->y = malloc(2 * cap * sizeof *L->y);
    if (!xs || !L->x || !L->y) {
        free(xs);
        return err_nomem(err);
    }
    size_t n = 0;
    for (int i = 0; i <= SAMPLES; i++)
        xs[n++] = reach * i / SAMPLES;
    if (w->shape == MU_CURVE_LINEAR) {
        mu_rat z;
        if (fire_zero(w, cover, &z) && dbl(z) > 0 && dbl(z) < reach)
            xs[n++] = dbl(z);
    }
    for (int i = 0; w->shape != MU_CURVE_POLYNOMIAL && i <= w->n; i++)
        if (i < w->n || w->shape == MU_CURVE_BANDS)
            xs[n++] = dbl(w->x[i]);
    qsort(xs, n, sizeof *xs, cmp_double);
    size_t m = 0;
    double prev = NAN;
    for (size_t i = 0; i < n; i++) {
        double x = xs[i];
        if (i > 0 && x == xs[i - 1])
            continue;
        double y = curve_p_approx(w, x, cover);
        /* a step: the value just before x, drawn as a vertical rise */
        double before = i > 0 ? curve_p_approx(w, x - eps, cover) : y;
        if (i > 0 && fabs(before - y) > 1e-9 && fabs(before - prev) < 1e-6) {
            L->x[m] = x;
            L->y[m++] = before;
        }
        L->x[m] = x;
        L->y[m++] = y;
        prev = y;
    }
    /* the drop to 0 where a curve ends above 0 */
    if (m && L->y[m - 1] > 0) {
        L->x[m] = L->x[m - 1];
        L->y[m++] = 0;
    }
    /* stop at the first 0 after the last P above 0 */
    size_t last = 0;
    for (size_t i = 0; i < m; i++)
        if (L->y[i] > 0)
            last = i;
    L->n = last + 1 < m ? last + 2 : m;
    free(xs);
    return MU_OK;
}

static mu_status add_curve(mu_chart *c, const mu_weapon *w, bool cover,
                           int style, const char *label, mu_error *err)
{
    if (c->nlines == PLOT_MAX_LINES)
        return err_set(err, MU_EINPUT, "too many curves: at most %d",
                       MAX_CURVES);
    plot_line *L = &c->line[c->nlines++];
    L->style = style;
    snprintf(L->label, sizeof L->label, "%s", label);
    mu_status st = curve_line(w, cover, L, err);
    for (size_t i = 0; st == MU_OK && i < L->n; i++) {
        if (L->x[i] > c->xmax)
            c->xmax = L->x[i];
        if (L->y[i] > c->ymax)
            c->ymax = L->y[i];
    }
    return st;
}

/* The y axis says per what: a figure for small arms, an effective for
 * artillery; both when the chart has both. */
static void axes(mu_chart *c, bool art, bool small, mu_rat scale)
{
    snprintf(c->xlabel, sizeof c->xlabel, "%s", _("Range (inches of table)"));
    snprintf(c->x2label, sizeof c->x2label, _("Range (yards, %s to the inch)"),
             mu_rat_format(scale, (char[MU_RAT_BUF]){0}, MU_RAT_BUF));
    snprintf(c->ylabel, sizeof c->ylabel, _("P: chance to hit per %s (%%)"),
             art && small ? _("effective figure")
             : art        ? P_("axis", "effective")
                          : P_("axis", "figure"));
    c->x2scale = dbl(scale);
    double step;
    c->xmax = plot_nice_max(c->xmax, 8, &step);
    c->ymax = plot_nice_max(c->ymax * 1.08, 6, &step);
}

/* Where each pair of curves crosses, as marks on the chart. */
static void cross_marks(mu_chart *c, const mu_weapon *const *w,
                        const bool *cov, size_t n, mu_rat scale)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            mu_crossover x;
            if (cov[i] != cov[j] ||
                curve_cross(w[i], w[j], cov[i], &x, NULL) != MU_OK)
                continue;
            for (int k = 0; k < x.n; k++) {
                const mu_crossing *a = &x.at[k];
                double r = dbl(a->range), p = dbl(a->pa), q = dbl(a->pb);
                if (r <= 0)
                    continue;
                plot_mark_add(c, r, p > q ? p : q, -1, false, _("%s%.4g in "
                              "(%.4g yd)"), a->exact ? "" : _("about "), r,
                              r * dbl(scale));
            }
        }
    /* more than a few labels hide the curves: then dots only */
    for (int i = 0; c->nmarks > 4 && i < c->nmarks; i++)
        c->mark[i].quiet = true;
}

static void formula_subtitle(mu_chart *c, const mu_weapon *const *w,
                             size_t n)
{
    char s[sizeof c->subtitle] = "";
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        char f[256];
        fire_formula(w[i], _("range"), false, f, sizeof f);
        int k = snprintf(s + used, sizeof s - used, "%s%s: P = %s",
                         i ? "; " : "", w[i]->name, f);
        if (k < 0 || used + (size_t)k >= 92) /* one line at the title's width */
            return;
        used += (size_t)k;
    }
    snprintf(c->subtitle, sizeof c->subtitle, "%s", s);
}

mu_status mu_chart_curves(const mu_weapons *w, const mu_curves_opts *o,
                          mu_chart **out, mu_error *err)
{
    if (!w || !o || !out)
        return err_set(err, MU_EINPUT, "no weapons to draw");
    if (o->nweapons == 0)
        return err_set(err, MU_EINPUT, "name at least one weapon to draw");
    const mu_weapon *cw[MAX_CURVES];
    bool cov[MAX_CURVES];
    size_t n = 0;
    bool art = false, small = false;
    mu_status st = MU_OK;
    for (size_t i = 0; i < o->nweapons && st == MU_OK; i++) {
        const mu_weapon *wp;
        if ((st = mu_weapons_find(w, o->weapons[i], &wp, err)) != MU_OK)
            break;
        const mu_weapon *parts[2] = {wp, NULL};
        if (wp->kind == MU_WEAPON_GUN) {
            parts[0] = mu_weapons_at(w, (size_t)wp->canister);
            parts[1] = mu_weapons_at(w, (size_t)wp->roundshot);
        }
        for (int k = 0; k < 2 && parts[k]; k++)
            for (int cv = 0; cv <= (o->cover ? 1 : 0); cv++) {
                if (n == MAX_CURVES)
                    return err_set(err, MU_EINPUT, "more than %d curves: draw "
                                   "fewer weapons at a time", MAX_CURVES);
                for (size_t j = 0; j < n; j++)
                    if (cw[j] == parts[k] && cov[j] == (cv == 1))
                        return err_set(err, MU_EINPUT, "%s is named twice",
                                       parts[k]->name);
                cw[n] = parts[k];
                cov[n++] = cv == 1;
                if (parts[k]->kind == MU_WEAPON_SMALL_ARMS)
                    small = true;
                else
                    art = true;
            }
    }
    if (st != MU_OK)
        return st;
    mu_rat scale = rat_sign(o->yards_per_inch) > 0 ? o->yards_per_inch
                                                   : rat_int(10);
    mu_chart *c = plot_new();
    if (!c)
        return err_nomem(err);
    for (size_t i = 0; i < n && st == MU_OK; i++) {
        char label[PLOT_LABEL];
        snprintf(label, sizeof label, "%s%s", cw[i]->name,
                 !o->cover ? "" : cov[i] ? _(", behind hard cover")
                                         : _(", in the open"));
        st = add_curve(c, cw[i], cov[i], (int)i, label, err);
    }
    if (st == MU_OK) {
        axes(c, art, small, scale);
        if (o->title)
            snprintf(c->title, sizeof c->title, "%s", o->title);
        else {
            size_t used = (size_t)snprintf(c->title, sizeof c->title,
                                           "%s", _("Fire curves: "));
            for (size_t i = 0; i < o->nweapons && used < sizeof c->title; i++)
                used += (size_t)snprintf(c->title + used, sizeof c->title - used,
                                         "%s%s", i == 0 ? "" : i + 1 ==
                                         o->nweapons ? _(" and ") : ", ",
                                         o->weapons[i]);
        }
        if (!o->cover)
            formula_subtitle(c, cw, n);
        if (o->crossings)
            cross_marks(c, cw, cov, n, scale);
        st = plot_finish(c, err);
    }
    return plot_done(st, c, out);
}

/* ---- the article's figures ---------------------------------------------- */

static mu_status need(const mu_weapons *w, const char *name, int fig,
                      const mu_weapon **out, mu_error *err)
{
    if (mu_weapons_find(w, name, out, NULL) == MU_OK &&
        (*out)->kind != MU_WEAPON_GUN)
        return MU_OK;
    return err_set(err, MU_EINPUT, "figure %d draws the weapon '%s', which "
                   "these weapons do not have as one curve", fig, name);
}

mu_status mu_chart_figure(const mu_weapons *w, int n, mu_chart **out,
                          mu_error *err)
{
    if (!w || !out)
        return err_set(err, MU_EINPUT, "no weapons to draw");
    static const struct {
        const char *a, *b;
        bool cover;
        const char *title, *subtitle;
    } figs[] = {
        {"staircase", "musket", false,
         N_("Figure 1: range bands make a staircase"),
         N_("Illustrative d6 steps of 16\xE2\x85\x94 % against the musket's 2 "
            "\xC3\x97 (15 \xE2\x88\x92 range)")},
        {"musket", NULL, false, N_("Figure 2: musket fire, P = 2 \xC3\x97 (15 "
         "\xE2\x88\x92 range)"), N_("30 % at point blank, nothing from 15 "
         "inches; 20 % a figure at 5 inches")},
        {"musket", "rifle", false, N_("Figure 3: musket and rifle"),
         N_("Musket 2 \xC3\x97 (15 \xE2\x88\x92 range), rifle 30 \xE2\x88\x92 "
            "range: level at point blank")},
        {"musket", NULL, true, N_("Figure 4: the musket in the open and behind "
         "cover"), N_("Hard cover takes 8 off: 2 \xC3\x97 (11 \xE2\x88\x92 "
         "range), nothing from 11 inches")},
        {"canister", "roundshot", false, N_("Figure 5: canister and roundshot"),
         N_("Canister 30 \xE2\x88\x92 range, roundshot (60 \xE2\x88\x92 range) "
            "\xC3\xB7 5: canister closer in")},
    };
    if (n < 1 || n > 5)
        return err_set(err, MU_EINPUT, "the article has figures 1 to 5, not %d",
                       n);
    const mu_weapon *a, *b = NULL;
    mu_status st = need(w, figs[n - 1].a, n, &a, err);
    if (st == MU_OK && figs[n - 1].b)
        st = need(w, figs[n - 1].b, n, &b, err);
    if (st != MU_OK)
        return st;
    mu_chart *c = plot_new();
    if (!c)
        return err_nomem(err);
    snprintf(c->title, sizeof c->title, "%s", _(figs[n - 1].title));
    snprintf(c->subtitle, sizeof c->subtitle, "%s", _(figs[n - 1].subtitle));
    if (n == 4) {
        st = add_curve(c, a, false, 0, _("musket, target in the open"), err);
        if (st == MU_OK)
            st = add_curve(c, a, true, 1, _("musket, target behind hard cover"),
                           err);
    } else {
        /* figure 1: the staircase dashed, the line solid */
        st = add_curve(c, a, false, n == 1 ? 1 : 0, a->name, err);
        if (st == MU_OK && b)
            st = add_curve(c, b, false, n == 1 ? 0 : 1, b->name, err);
    }
    if (st == MU_OK) {
        axes(c, a->kind != MU_WEAPON_SMALL_ARMS, a->kind == MU_WEAPON_SMALL_ARMS,
             rat_int(10));
        mu_rat p;
        if (n == 2 && mu_weapon_p(a, rat_int(5), false, &p, NULL) == MU_OK)
            plot_mark_add(c, 5, dbl(p), -1, false, _("5 in: %.4g %% a figure"),
                          dbl(p));
        mu_crossover x;
        if (n == 5 && curve_cross(a, b, false, &x, NULL) == MU_OK && x.crosses)
            plot_mark_add(c, dbl(x.range), dbl(x.p), -1, false,
                          _("crossover: %.4g in (%.4g yd), P = %.4g %%"),
                          dbl(x.range), dbl(x.range) * 10, dbl(x.p));
        st = plot_finish(c, err);
    }
    return plot_done(st, c, out);
}
