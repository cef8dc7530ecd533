/* SPDX-License-Identifier: MIT */
/* plot_bars.c -- charts of exact odds as bars, with the mean marked and
 * simulated frequencies as markers on them. */
#include "fire.h"
#include "lang.h"
#include "odds.h"
#include "plot.h"
#include "rat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static mu_status add_bars(mu_chart *c, const mu_dist *d, const mu_dist *sim,
                          int lo, int hi, const char *label, mu_error *err)
{
    plot_bars *B = &c->bars[c->nbars];
    B->style = c->nbars++;
    B->lo = lo;
    B->hi = hi;
    snprintf(B->label, sizeof B->label, "%s", label);
    size_t n = (size_t)(hi - lo + 1);
    B->p = calloc(n, sizeof *B->p);
    if (sim)
        B->sim = calloc(n, sizeof *B->sim);
    if (!B->p || (sim && !B->sim))
        return err_nomem(err);
    for (int k = lo; k <= hi; k++) {
        double p = 100 * mu_dist_p(d, k);
        B->p[k - lo] = p;
        if (p > c->ymax)
            c->ymax = p;
        if (sim) {
            double q = 100 * mu_dist_p(sim, k);
            B->sim[k - lo] = q;
            if (q > c->ymax)
                c->ymax = q;
        }
    }
    B->mean = d->mean;
    return MU_OK;
}

/* Axes, the means and the words once the bars are in. */
static mu_status bars_finish(mu_chart *c, int lo, int hi, const char *xlabel,
                             const char *const *mean_names, bool sim,
                             uint64_t trials, mu_error *err)
{
    c->integer_x = true;
    c->xmin = lo;
    c->xmax = hi + 1;
    double step;
    c->ymax = plot_nice_max(c->ymax * 1.12, 6, &step);
    snprintf(c->xlabel, sizeof c->xlabel, "%s", xlabel);
    snprintf(c->ylabel, sizeof c->ylabel, "%s", _("Probability (%)"));
    if (sim)
        snprintf(c->sim_label, sizeof c->sim_label, _("simulated, %llu trials"),
                 (unsigned long long)trials);
    bool same = c->nbars == 2 && fabs(c->bars[0].mean - c->bars[1].mean) < 0.005;
    for (int i = 0; i < c->nbars; i++) {
        const plot_bars *B = &c->bars[i];
        /* bars are centred on k + 0.5: the mean sits on the same scale */
        if (same && i == 1)
            break;
        plot_mark_add(c, B->mean + 0.5, 0, same ? -1 : B->style, true,
                      _("mean %.2f%s%s"), B->mean, same || mean_names[i][0] ? " " : "",
                      same ? _("(both)") : mean_names[i][0] ? _(mean_names[i]) : "");
    }
    return plot_finish(c, err);
}

mu_status mu_chart_fire_odds(const mu_fire_odds *exact, const mu_fire_odds *sim,
                             mu_chart **out, mu_error *err)
{
    if (!exact || !out)
        return err_set(err, MU_EINPUT, "no odds to draw");
    const mu_volley *v = &exact->volley;
    const mu_dist *d[2] = {NULL, NULL}, *s[2] = {NULL, NULL};
    const char *names[2] = {"", ""};
    static const char *const what[2] = {N_("additive (one d100)"),
                                        N_("per figure (each rolls)")};
    static const char *const mname[2] = {N_("(additive)"), N_("(per figure)")};
    int n = 0, lo = 1 << 30, hi = -1;
    for (int m = 0; m < 2; m++) {
        bool on = exact->method & (m ? MU_METHOD_PER_FIGURE : MU_METHOD_ADDITIVE);
        if (!on)
            continue;
        d[n] = m ? &exact->per_figure : &exact->additive;
        if (sim && (sim->method & (m ? MU_METHOD_PER_FIGURE : MU_METHOD_ADDITIVE)))
            s[n] = m ? &sim->per_figure : &sim->additive;
        names[n] = exact->method == MU_METHOD_BOTH ? mname[m] : "";
        render_dist_span(d[n], &lo, &hi);
        n++;
    }
    if (n == 0 || hi < lo)
        return err_set(err, MU_EINPUT, "the odds hold no distribution to draw");
    mu_chart *c = plot_new();
    if (!c)
        return err_nomem(err);
    char title[MU_WEAPON_NAME];
    fire_title(v->weapon.name, title, sizeof title);
    char load[MU_WEAPON_NAME + 4] = "";
    if (strcmp(v->weapon.name, v->fired.name))
        snprintf(load, sizeof load, " (%s)", v->fired.name);
    const char *counted = v->weapon.kind == MU_WEAPON_SMALL_ARMS
                           ? dngettext(LANG_DOMAIN, "figure", "figures",
                                       (unsigned long)v->castings)
                           : dngettext(LANG_DOMAIN, "crew casting",
                                       "crew castings",
                                       (unsigned long)v->castings);
    mu_rat cm;
    rat_num r = rat_fmt(v->range);
    if (rat_sign(v->cm_per_inch) > 0 &&
        (v->nranges == 1 ? (cm = v->ranges[0], true)
                         : rat_mul(v->range, v->cm_per_inch, &cm))) {
        /* TRANSLATORS: "Musket fire at 12.5 cm (5 in), 11 figures: hits" */
        snprintf(c->title, sizeof c->title,
                 _("%s fire%s at %s cm (%s in), %d %s: hits"), title, load,
                 rat_fmt(cm).s, r.s, v->castings, counted);
    } else {
        /* TRANSLATORS: "Musket fire (canister) at 5 in, 11 figures: hits" */
        snprintf(c->title, sizeof c->title, _("%s fire%s at %s in, %d %s: hits"),
                 title, load, r.s, v->castings, counted);
    }
    snprintf(c->subtitle, sizeof c->subtitle,
             v->effectives == 1 ? _("P = %s %% %s, %d effective, POH = %s %%; exact odds%s")
                                : _("P = %s %% %s, %d effectives, POH = %s %%; exact odds%s"),
             rat_fmt(v->p).s,
             v->fired.kind == MU_WEAPON_SMALL_ARMS ? _("a figure") : _("an effective"),
             v->effectives, rat_fmt(v->poh).s,
             sim ? _(" as bars, simulated as diamonds") : "");
    mu_status st = MU_OK;
    for (int i = 0; i < n && st == MU_OK; i++)
        st = add_bars(c, d[i], s[i], lo, hi,
                      _(what[d[i] == &exact->per_figure]), err);
    if (st == MU_OK)
        st = bars_finish(c, lo, hi, _("Hits in the volley"), names, sim != NULL,
                         sim ? sim->trials : 0, err);
    return plot_done(st, c, out);
}

/* "Confederate division, Western theater 1864" from the odds, in pieces
 * that a language may join ("Unions-" "Infanterie" "division"). */
static void oob_words(const mu_oob_odds *o, char *buf, size_t n)
{
    const char *army = o->army == MU_UNION ? _("Union ") : _("Confederate ");
    char what[96];
    if (o->divisions > 1)
        snprintf(what, sizeof what, _("corps of %d divisions"), o->divisions);
    else
        snprintf(what, sizeof what, "%s%s",
                 o->arm == MU_CAVALRY ? _("cavalry") : _("infantry"),
                 _(" division"));
    char where[96] = "";
    if (o->theater != MU_THEATER_UNKNOWN)
        snprintf(where, sizeof where, "%s",
                 o->theater == MU_EAST ? _(", Eastern theater")
                                       : _(", Western theater"));
    if (o->year) {
        size_t k = strlen(where);
        snprintf(where + k, sizeof where - k, "%s%d", k ? " " : ", ", o->year);
    }
    snprintf(buf, n, "%s%s%s", army, what, where);
}

/* What a statistic counts, for titles and the x axis. */
static const char *stat_words(mu_oob_stat s)
{
    static const char *const w[MU_STAT_COUNT] = {
        N_("Leader's rating (0 despicable, 1 average, 2 exceptional)"),
        N_("Brigades"), N_("Stands"), N_("Green brigades"),
        N_("Veteran brigades"), N_("Crack brigades"),
        N_("Despicable brigadiers"), N_("Average brigadiers"),
        N_("Exceptional brigadiers"), N_("Stands per battery"),
        N_("Batteries"), N_("Batteries kept by the division"),
        N_("Batteries sent to the reserve")};
    return s >= 0 && s < MU_STAT_COUNT ? _(w[s]) : "";
}

mu_status mu_chart_oob_odds(const mu_oob_odds *exact, const mu_oob_odds *sim,
                            mu_oob_stat stat, mu_chart **out, mu_error *err)
{
    if (!exact || !out)
        return err_set(err, MU_EINPUT, "no odds to draw");
    if (stat < 0 || stat >= MU_STAT_COUNT ||
        exact->stat[stat].lo > exact->stat[stat].hi)
        return err_set(err, MU_EINPUT, "these odds have no %s",
                       stat >= 0 && stat < MU_STAT_COUNT
                           ? mu_oob_stat_name(stat) : "such statistic");
    const mu_dist *d = &exact->stat[stat];
    const mu_dist *s = sim && sim->stat[stat].lo <= sim->stat[stat].hi
                           ? &sim->stat[stat] : NULL;
    int lo = 1 << 30, hi = -1;
    render_dist_span(d, &lo, &hi);
    mu_chart *c = plot_new();
    if (!c)
        return err_nomem(err);
    char who[160];
    oob_words(exact, who, sizeof who);
    snprintf(c->title, sizeof c->title, "%s: %s", who, stat_words(stat));
    snprintf(c->subtitle, sizeof c->subtitle, _("Exact odds from the "
             "generation tables%s%s"), s ? _(" as bars, simulated as diamonds") : "",
             exact->by_the_book ? _("; despicable leaders played as average") : "");
    static const char *const none[] = {""};
    mu_status st = add_bars(c, d, s, lo, hi, _("exact odds"), err);
    if (st == MU_OK)
        st = bars_finish(c, lo, hi, stat_words(stat), none, s != NULL,
                         s ? sim->trials : 0, err);
    return plot_done(st, c, out);
}

mu_status mu_chart_charge_odds(const mu_charge_odds *o, bool crew,
                               mu_chart **out, mu_error *err)
{
    if (!o || !out)
        return err_set(err, MU_EINPUT, "no odds to draw");
    if (crew && !o->return_fire[0])
        return err_set(err, MU_EINPUT, "the gun loses crew only when the unit "
                       "fires back: there is no crew to draw");
    const mu_dist *d = crew ? &o->crew_left : &o->left;
    int lo = 1 << 30, hi = -1;
    render_dist_span(d, &lo, &hi);
    if (hi < lo)
        return err_set(err, MU_EINPUT, "the odds hold no distribution to draw");
    mu_chart *c = plot_new();
    if (!c)
        return err_nomem(err);
    snprintf(c->title, sizeof c->title, _("Charging the guns: %s left at contact"),
             crew ? _("the gun's crew") : _("the unit"));
    mu_rat cpi = o->opts.cm_per_inch, rc, mc;
    if (cpi.den > 0 && cpi.num > 0 && rat_mul(o->opts.range, cpi, &rc) &&
        rat_mul(o->opts.move, cpi, &mc))
        snprintf(c->subtitle, sizeof c->subtitle, _("%d figures from %s cm, "
                 "closing %s cm a turn, against a %s with %d crew castings%s"),
                 o->opts.figures, rat_fmt(rc).s, rat_fmt(mc).s, o->gun, o->crew,
                 o->return_fire[0] ? _("; the unit fires back") : "");
    else
        snprintf(c->subtitle, sizeof c->subtitle, _("%d figures from %s in, "
                 "closing %s in a turn, against a %s with %d crew castings%s"),
                 o->opts.figures, rat_fmt(o->opts.range).s,
                 rat_fmt(o->opts.move).s, o->gun, o->crew,
                 o->return_fire[0] ? _("; the unit fires back") : "");
    static const char *const none[] = {""};
    mu_status st = add_bars(c, d, NULL, lo, hi, _("exact odds"), err);
    if (st == MU_OK)
        st = bars_finish(c, lo, hi, crew ? _("Crew castings left at contact")
                                         : _("Figures left at contact (0: "
                                             "destroyed)"), none, false, 0, err);
    return plot_done(st, c, out);
}
