/* SPDX-License-Identifier: MIT */
/* render_fire_odds.c -- the odds of a volley and of a charge, as text,
 * Markdown, JSON and CSV. */
#include "error.h"
#include "fire.h"
#include "grid.h"
#include "lang.h"
#include "odds.h"
#include "rat.h"
#include "render.h"
#include "writer.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* "Musket fire at 5 in, 11 figures" / "Gun (canister) fire at 10 in, 6 crew
 * castings". */
static void volley_title(const mu_volley *v, sbuf *sb)
{
    char w[MU_WEAPON_NAME];
    rat_num r = rat_fmt(v->range);
    fire_title(v->weapon.name, w, sizeof w);
    mu_buf_puts(sb, w);
    if (strcmp(v->weapon.name, v->fired.name))
        mu_buf_printf(sb, " (%s)", v->fired.name);
    unsigned long c = (unsigned long)v->castings;
    const char *what = v->weapon.kind == MU_WEAPON_SMALL_ARMS
                           ? dngettext(LANG_DOMAIN, "figure", "figures", c)
                           : dngettext(LANG_DOMAIN, "crew casting",
                                       "crew castings", c);
    mu_rat cm;
    if (rat_sign(v->cm_per_inch) > 0 &&
        (v->nranges == 1 ? (cm = v->ranges[0], true)
                         : rat_mul(v->range, v->cm_per_inch, &cm))) {
        mu_buf_printf(sb, v->cover ? _(" fire at %s cm (%s in) into cover, %d %s")
                                   : _(" fire at %s cm (%s in), %d %s"),
                      rat_fmt(cm).s, r.s, v->castings, what);
        return;
    }
    mu_buf_printf(sb, v->cover ? _(" fire at %s in into cover, %d %s") : _(" fire at %s in, %d %s"),
                  r.s, v->castings, what);
}

static void volley_working(const mu_volley *v, mu_hit_method m, sbuf *sb,
                           const char *ind)
{
    rat_num p = rat_fmt(v->p);
    mu_buf_puts(sb, ind);
    mu_buf_printf(sb, dngettext(LANG_DOMAIN, "P = %s %% an effective, %d effective, POH = %s %%\n",
                                "P = %s %% an effective, %d effectives, POH = %s %%\n",
                                (unsigned long)v->effectives),
                  p.s, v->effectives, rat_fmt(v->poh).s);
    if (m & MU_METHOD_ADDITIVE) {
        mu_buf_puts(sb, ind);
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, "Additive: %d sure hit", "Additive: %d sure hits",
                                    (unsigned long)v->sure_hits), v->sure_hits);
        if (v->threshold)
            mu_buf_printf(sb, _(" and one more on a d100 of %d or less\n"),
                          v->threshold);
        else
            mu_buf_puts(sb, _(", nothing to roll for\n"));
    }
    if (m & MU_METHOD_PER_FIGURE) {
        mu_buf_puts(sb, ind);
        mu_buf_printf(sb, _("Per figure: each effective hits on its own with "
                            "%s %%\n"), p.s);
    }
}

static void pct_signed(double d, char *buf, size_t n)
{
    const char *sign = P_("percent", "%");
    if (fabs(d) < 0.00005)
        snprintf(buf, n, "%s%s", d == 0 ? "0.00" : d > 0 ? "+<0.01" : "-<0.01",
                 sign);
    else
        snprintf(buf, n, "%+.2f%s", 100 * d, sign);
}

/* The hits table: per method P(= k) and P(>= k), and with both the
 * difference of P(>= k). */
static void hits_table(const mu_fire_odds *o, sbuf *sb, bool md)
{
    const mu_dist *d[2] = {NULL, NULL};
    int nd = 0;
    if (o->method & MU_METHOD_ADDITIVE)
        d[nd++] = &o->additive;
    if (o->method & MU_METHOD_PER_FIGURE)
        d[nd++] = &o->per_figure;
    int lo = INT32_MAX, hi = -1;
    for (int i = 0; i < nd; i++)
        render_dist_span(d[i], &lo, &hi);
    bool both = nd == 2;
    grid g;
    grid_init(&g, 1 + 2 * nd + both);
    grid_add(&g);
    grid_setf(&g, 0, "%s", _("hits"));
    for (int i = 0; i < nd; i++) {
        grid_setf(&g, 1 + 2 * i, "%s", d[i] == &o->additive ? _("additive")
                                                              : _("per figure"));
        grid_setf(&g, 2 + 2 * i, "%s", _("at least"));
    }
    if (both)
        grid_setf(&g, 5, "%s", _("Δ at least"));
    char buf[32];
    for (int k = lo; k <= hi; k++) {
        grid_add(&g);
        grid_setf(&g, 0, "%d", k);
        for (int i = 0; i < nd; i++) {
            render_pct(mu_dist_p(d[i], k), buf, sizeof buf);
            grid_setf(&g, 1 + 2 * i, "%s", buf);
            render_pct(mu_dist_at_least(d[i], k), buf, sizeof buf);
            grid_setf(&g, 2 + 2 * i, "%s", buf);
        }
        if (both) {
            pct_signed(mu_dist_at_least(d[0], k) - mu_dist_at_least(d[1], k),
                       buf, sizeof buf);
            grid_setf(&g, 5, "%s", buf);
        }
    }
    grid_add(&g);
    grid_setf(&g, 0, "%s", _("mean"));
    for (int i = 0; i < nd; i++)
        grid_setf(&g, 1 + 2 * i, "%.4f", d[i]->mean);
    if (both)
        grid_setf(&g, 5, "%+.4f", d[0]->mean - d[1]->mean);
    if (!md) /* grid_emit sets Markdown's blank line itself */
        mu_buf_puts(sb, "\n");
    grid_emit(&g, sb, md, 0);
    /* Say what was left out. */
    int flo = INT32_MAX, fhi = -1;
    for (int i = 0; i < nd; i++)
        if (d[i]->p) {
            flo = d[i]->lo < flo ? d[i]->lo : flo;
            fhi = d[i]->hi > fhi ? d[i]->hi : fhi;
        }
    if (hi >= 0 && (flo < lo || fhi > hi))
    {
        mu_buf_puts(sb, md ? "\n" : "  ");
        mu_buf_printf(sb, _("%d to %d hits shown; the other outcomes each have "
                            "less than 0.005 %% (json and csv list them all)\n"),
                      lo, hi);
    }
}

static void fire_text(const void *odds, const void *exact_, sbuf *sb, bool md)
{
    const mu_fire_odds *o = odds, *exact = exact_;
    if (md)
        mu_buf_puts(sb, "## ");
    volley_title(&o->volley, sb);
    char n[24], seed[24];
    snprintf(n, sizeof n, "%" PRIu64, o->trials);
    snprintf(seed, sizeof seed, "%" PRIu64, o->seed);
    if (o->simulated)
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, ": %s volley simulated, seed %s\n",
                                    ": %s volleys simulated, seed %s\n",
                                    o->trials == 1 ? 1 : 2),
                      n, seed);
    else
        mu_buf_puts(sb, _(": exact odds\n"));
    if (md)
        mu_buf_puts(sb, "\n");
    volley_working(&o->volley, o->method, sb, md ? "- " : "  ");
    hits_table(o, sb, md);
    if (o->simulated && exact) {
        int at;
        mu_buf_printf(sb, md ? "\n**%s**:" : "\n%s:",
                      _("Largest gap to the exact odds"));
        if (o->method & MU_METHOD_ADDITIVE) {
            double g = odds_dist_gap(&o->additive, &exact->additive, &at);
            mu_buf_printf(sb, _(" additive %.6f (%d hits)"), g, at);
        }
        if (o->method & MU_METHOD_PER_FIGURE) {
            double g = odds_dist_gap(&o->per_figure, &exact->per_figure, &at);
            mu_buf_puts(sb, o->method == MU_METHOD_BOTH ? "," : "");
            mu_buf_printf(sb, _(" per figure %.6f (%d hits)"), g, at);
        }
        mu_buf_puts(sb, "\n");
    }
}

/* ---- JSON and CSV --------------------------------------------------------- */

/* {"p": {"k": P(= k) when above 0...}, "at_least": {...}, "mean": m} */
static void dist_jw(jw *w, const char *key, const mu_dist *d)
{
    jw_obj(w, key);
    render_dist_json(w, "p", d, false, NULL);
    render_dist_json(w, "at_least", d, true, NULL);
    jw_double(w, "mean", d->mean);
    jw_end(w);
}

/* The value as a number (its exact fraction goes in "exact"). */
static void rat_jw(jw *w, const char *key, mu_rat r)
{
    jw_double(w, key, (double)r.num / (double)r.den);
}

static void difference_jw(jw *w, const mu_dist *a, const mu_dist *f)
{
    char key[24], buf[40];
    jw_obj(w, "difference");
    jw_obj(w, "at_least");
    int lo = a->lo < f->lo ? a->lo : f->lo, hi = a->hi > f->hi ? a->hi : f->hi;
    for (int k = lo; k <= hi; k++) {
        key[wr_u64(key, (uint64_t)k)] = '\0';
        render_diff(mu_dist_at_least(a, k), mu_dist_at_least(f, k), buf,
                    sizeof buf);
        jw_raw(w, key, buf);
    }
    jw_end(w);
    render_diff(a->mean, f->mean, buf, sizeof buf);
    jw_raw(w, "mean", buf);
    jw_end(w);
}

static void gap_jw(jw *w, const mu_fire_odds *o, const mu_fire_odds *exact)
{
    char buf[40];
    int at;
    jw_obj(w, "gap");
    if (o->method & MU_METHOD_ADDITIVE) {
        render_near(odds_dist_gap(&o->additive, &exact->additive, &at), 1.0, buf,
                    sizeof buf);
        jw_raw(w, "additive", buf);
    }
    if (o->method & MU_METHOD_PER_FIGURE) {
        render_near(odds_dist_gap(&o->per_figure, &exact->per_figure, &at), 1.0,
                    buf, sizeof buf);
        jw_raw(w, "per_figure", buf);
    }
    jw_end(w);
}

/* Written directly (a 10 000-figure volley has thousands of numbers), in
 * the layout cJSON_Print gave it. */
static void fire_json(const void *odds, const void *exact_, jw *w)
{
    const mu_fire_odds *o = odds, *exact = exact_;
    const mu_volley *v = &o->volley;
    jw_obj(w, NULL);
    jw_str(w, "weapon", v->weapon.name);
    jw_str(w, "fired", v->fired.name);
    rat_jw(w, "range", v->range);
    if (rat_sign(v->cm_per_inch) > 0) { /* inches have no unit key here */
        jw_str(w, "unit", "cm");
        jw_arr(w, "ranges");
        for (size_t i = 0; i < v->nranges; i++)
            rat_jw(w, NULL, v->ranges[i]);
        jw_end(w);
        rat_jw(w, "cm_per_inch", v->cm_per_inch);
    }
    jw_bool(w, "cover", v->cover);
    jw_int(w, "effectives", v->effectives);
    rat_jw(w, "p", v->p);
    rat_jw(w, "poh", v->poh);
    jw_int(w, "sure_hits", v->sure_hits);
    jw_int(w, "threshold", v->threshold);
    render_exact_jw(w, (const char *const[]){"range", "p", "poh"},
             (const mu_rat[]){v->range, v->p, v->poh}, 3);
    if (o->simulated) {
        jw_u64(w, "trials", o->trials);
        jw_u64(w, "seed", o->seed);
    }
    if (o->method & MU_METHOD_ADDITIVE)
        dist_jw(w, "additive", &o->additive);
    if (o->method & MU_METHOD_PER_FIGURE)
        dist_jw(w, "per_figure", &o->per_figure);
    if (o->method == MU_METHOD_BOTH)
        difference_jw(w, &o->additive, &o->per_figure);
    if (o->simulated && exact)
        gap_jw(w, o, exact);
    jw_end(w);
}

static void fire_csv(const void *odds, const void *exact_, sbuf *sb)
{
    const mu_fire_odds *o = odds, *exact = exact_;
    bool sim = o->simulated && exact;
    mu_buf_puts(sb, sim ? "method,hits,p,at_least,exact,difference\n"
                        : "method,hits,p,at_least\n");
    if (o->method & MU_METHOD_ADDITIVE)
        render_dist_csv(sb, "additive", &o->additive,
                        sim ? &exact->additive : NULL, NULL);
    if (o->method & MU_METHOD_PER_FIGURE)
        render_dist_csv(sb, "per-figure", &o->per_figure,
                        sim ? &exact->per_figure : NULL, NULL);
}

mu_status mu_fire_odds_render(const mu_fire_odds *o, const mu_fire_odds *exact,
                              const mu_render_opts *ro, char **out,
                              mu_error *err)
{
    static const render_odds_kind kind = {fire_text, fire_json, fire_csv};
    return render_odds(&kind, o, exact, ro, out, err);
}

/* ---- the charge ------------------------------------------------------------- */

/* The lengths were given in centimetres: the text says them so. */
static bool charge_cm(const mu_charge_odds *o)
{
    return o->opts.cm_per_inch.den > 0 && o->opts.cm_per_inch.num > 0;
}

/* "Charging the guns: 20 figures from 75 cm (30 in), closing 15 cm (6 in)
 * a turn, " */
static void charge_cm_head(const mu_charge_odds *o, sbuf *sb)
{
    mu_rat rc, mc;
    if (!rat_mul(o->opts.range, o->opts.cm_per_inch, &rc))
        rc = o->opts.range;
    if (!rat_mul(o->opts.move, o->opts.cm_per_inch, &mc))
        mc = o->opts.move;
    mu_buf_printf(sb, dngettext(LANG_DOMAIN,
                                "Charging the guns: %d figure from %s cm (%s in), ",
                                "Charging the guns: %d figures from %s cm (%s in), ",
                                (unsigned long)o->opts.figures),
                  o->opts.figures, rat_fmt(rc).s, rat_fmt(o->opts.range).s);
    mu_buf_printf(sb, o->opts.cover ? _("closing %s cm (%s in) a turn in hard cover, ")
                                    : _("closing %s cm (%s in) a turn, "),
                  rat_fmt(mc).s, rat_fmt(o->opts.move).s);
}

static void charge_text(const void *odds, const void *none, sbuf *sb, bool md)
{
    (void)none;
    const mu_charge_odds *o = odds;
    mu_buf_puts(sb, md ? "## " : "");
    mu_rat cpi = o->opts.cm_per_inch;
    if (charge_cm(o))
        charge_cm_head(o, sb);
    else {
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, "Charging the guns: %d figure from %s in, ",
                                    "Charging the guns: %d figures from %s in, ",
                                    (unsigned long)o->opts.figures), o->opts.figures,
                      rat_fmt(o->opts.range).s);
        mu_buf_printf(sb, o->opts.cover ? _("closing %s in a turn in hard cover, ")
                                        : _("closing %s in a turn, "),
                      rat_fmt(o->opts.move).s);
    }
    mu_buf_printf(sb, dngettext(LANG_DOMAIN, "against a %s with %d crew casting ",
                                "against a %s with %d crew castings ",
                                (unsigned long)o->crew), o->gun, o->crew);
    mu_buf_printf(sb, dngettext(LANG_DOMAIN, "(%d effective each)", "(%d effectives each)",
                                (unsigned long)o->effectives), o->effectives);
    mu_buf_printf(sb, "%s\n", *o->return_fire ? _("; the unit fires back") : "");
    grid g;
    grid_init(&g, *o->return_fire ? 4 : 3);
    grid_add(&g);
    grid_setf(&g, 0, "%s", charge_cm(o) ? _("range (cm)") : _("range"));
    grid_setf(&g, 1, "%s", _("load"));
    grid_setf(&g, 2, "P");
    if (*o->return_fire)
        grid_setf(&g, 3, "%s P", o->return_fire);
    for (int k = 0; k < o->volleys; k++) {
        const mu_charge_volley *v = &o->volley[k];
        grid_add(&g);
        mu_rat at = v->range;
        if (charge_cm(o) && !rat_mul(v->range, cpi, &at))
            at = v->range;
        grid_setf(&g, 0, "%s%s", rat_fmt(at).s,
                  v->range.num == 0 ? _(" (contact)") : "");
        grid_setf(&g, 1, "%s", v->load);
        grid_setf(&g, 2, "%s %%", rat_fmt(v->p).s);
        if (*o->return_fire)
            grid_setf(&g, 3, "%s %%", rat_fmt(v->back_p).s);
    }
    if (!md)
        mu_buf_puts(sb, "\n");
    grid_emit(&g, sb, md, 2);
    char buf[32];
    render_pct(mu_dist_p(&o->left, 0), buf, sizeof buf);
    mu_buf_puts(sb, md ? "\n### " : "\n");
    mu_buf_printf(sb, _("Figures left at contact: mean %.2f of %d; destroyed "
                        "before contact: %s\n"), o->left.mean,
                  o->opts.figures, mu_dist_p(&o->left, 0) > 0 ? buf : _("never"));
    static const int first[] = {0};
    static const char *const p_h[] = {"P"};
    render_dist_table(&o->left, first, 1, _("figures"), p_h, true, sb, md);
    if (*o->return_fire) {
        render_pct(mu_dist_p(&o->crew_left, 0), buf, sizeof buf);
        mu_buf_puts(sb, md ? "\n### " : "\n");
        mu_buf_printf(sb, _("Crew left at contact: mean %.2f of %d; gun silenced: "
                            "%s\n"), o->crew_left.mean, o->crew,
                      mu_dist_p(&o->crew_left, 0) > 0 ? buf : _("never"));
        render_dist_table(&o->crew_left, first, 1, _("crew"), p_h, true, sb,
                          md);
    }
}

static void charge_json(const void *odds, const void *none, jw *w)
{
    (void)none;
    const mu_charge_odds *o = odds;
    bool back = *o->return_fire != '\0';
    jw_obj(w, NULL);
    jw_int(w, "figures", o->opts.figures);
    rat_jw(w, "range", o->opts.range);
    rat_jw(w, "move", o->opts.move);
    if (charge_cm(o)) /* the numbers stay inches; the lengths were cm */
        rat_jw(w, "cm_per_inch", o->opts.cm_per_inch);
    jw_str(w, "gun", o->gun);
    jw_int(w, "crew", o->crew);
    jw_bool(w, "cover", o->opts.cover);
    jw_bool(w, "point_blank", !o->opts.no_point_blank);
    if (back)
        jw_str(w, "return_fire", o->return_fire);
    else
        jw_null(w, "return_fire");
    render_exact_jw(w, (const char *const[]){"range", "move"},
             (const mu_rat[]){o->opts.range, o->opts.move}, 2);
    jw_arr(w, "volleys");
    for (int k = 0; k < o->volleys; k++) {
        const mu_charge_volley *v = &o->volley[k];
        jw_obj(w, NULL);
        rat_jw(w, "range", v->range);
        jw_str(w, "load", v->load);
        rat_jw(w, "p", v->p);
        if (back)
            rat_jw(w, "back_p", v->back_p);
        render_exact_jw(w, (const char *const[]){"range", "p", "back_p"},
                 (const mu_rat[]){v->range, v->p, v->back_p}, back ? 3 : 2);
        jw_end(w);
    }
    jw_end(w);
    dist_jw(w, "left", &o->left);
    dist_jw(w, "crew_left", &o->crew_left);
    jw_end(w);
}

static void charge_csv(const void *odds, const void *none, sbuf *sb)
{
    (void)none;
    const mu_charge_odds *o = odds;
    mu_buf_puts(sb, "what,n,p,at_least\n");
    render_dist_csv(sb, "figures_left", &o->left, NULL, NULL);
    render_dist_csv(sb, "crew_left", &o->crew_left, NULL, NULL);
}

mu_status mu_charge_odds_render(const mu_charge_odds *o,
                                const mu_render_opts *ro, char **out,
                                mu_error *err)
{
    static const render_odds_kind kind = {charge_text, charge_json,
                                          charge_csv};
    return render_odds(&kind, o, NULL, ro, out, err);
}
