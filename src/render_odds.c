/* SPDX-License-Identifier: MIT */
/* render_odds.c -- odds of orders of battle (exact or simulated) as text,
 * JSON, CSV and Markdown. */
#include "writer.h"
#include "error.h"
#include "grid.h"
#include "lang.h"
#include "odds.h"
#include "render.h"

#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Percent with 2 decimals; "-" for impossible, "<0.01%" and ">99.99%" so
 * that a rare outcome never reads as impossible or a near-certain one as
 * certain. */
void render_pct(double p, char *buf, size_t n)
{
    /* TRANSLATORS: the sign after a percentage in the odds tables, "0.01%"
     * in English; German sets a space before it ("0,01 %"). */
    const char *sign = P_("percent", "%");
    if (p <= 0)
        snprintf(buf, n, "-");
    else if (p < 0.00005)
        snprintf(buf, n, "<0.01%s", sign);
    else if (p < 1 && p >= 0.99995)
        snprintf(buf, n, ">99.99%s", sign);
    else
        snprintf(buf, n, "%.2f%s", 100 * p, sign);
}

mu_status render_odds(const render_odds_kind *k, const void *odds,
                      const void *exact, const mu_render_opts *ro, char **out,
                      mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    mu_format fmt = ro ? ro->format : MU_FMT_TEXT;
    if (!odds || !out)
        return err_set(err, MU_EINPUT, "no odds to render");
    if (fmt != MU_FMT_TEXT && fmt != MU_FMT_MARKDOWN && fmt != MU_FMT_JSON &&
        fmt != MU_FMT_CSV)
        return err_set(err, MU_EINPUT,
                       "odds come as text, json, csv or markdown, not jsonl");
    sbuf sb = {0};
    if (fmt == MU_FMT_JSON) {
        jw w;
        jw_init(&w, &sb, true, 0);
        k->json(odds, exact, &w);
        sb_ch(&sb, '\n');
    } else if (fmt == MU_FMT_CSV)
        k->csv(odds, exact, &sb);
    else /* text or Markdown: the check above let nothing else through */
    {
        k->text(odds, exact, &sb, fmt == MU_FMT_MARKDOWN);
        if (sb.p)
            lang_decimal(sb.p, sb.len);
    }
    return sb_finish(&sb, out, err);
}

void render_near(double x, double scale, char *buf, size_t n)
{
    scale = fabs(scale);
    double eps = nextafter(scale, INFINITY) - scale;
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, x);
        if (fabs(strtod(buf, NULL) - x) <= eps)
            break;
    }
    if (!strcmp(buf, "-0"))
        snprintf(buf, n, "0");
}

void render_diff(double a, double b, char *buf, size_t n)
{
    render_near(a - b, fmax(fabs(a), fabs(b)), buf, n);
}

static bool is_sim(const mu_oob_odds *o, const mu_oob_odds *exact)
{
    return o->simulated && exact;
}

/* ", Eastern theater 1863", ", 1863 (theater by table 1)"... */
static void year_words(int year, int theater, sbuf *sb)
{
    if (year && theater >= 0)
        mu_buf_printf(sb, ", %s %d", lang_theater(theater), year);
    else if (year)
        mu_buf_printf(sb, _(", %d (theater by table 1)"), year);
    else if (theater >= 0)
        mu_buf_printf(sb, _(", %s (year by table 1)"), lang_theater(theater));
    else
        mu_buf_puts(sb, _(" (theater and year by table 1)"));
}

static void title(const mu_oob_odds *o, sbuf *sb, bool md)
{
    bool union_ = o->army == MU_UNION;
    if (md)
        mu_buf_puts(sb, "## ");
    if (o->divisions > 1 || o->stat[MU_STAT_RATIO].p == NULL)
        mu_buf_printf(sb, union_ ? dngettext(LANG_DOMAIN, "Union corps of %d division",
                                             "Union corps of %d divisions",
                                             (unsigned long)o->divisions)
                                 : dngettext(LANG_DOMAIN, "Confederate corps of %d division",
                                             "Confederate corps of %d divisions",
                                             (unsigned long)o->divisions),
                      o->divisions);
    else if (o->arm == MU_CAVALRY)
        mu_buf_puts(sb, union_ ? _("Union cavalry division")
                               : _("Confederate cavalry division"));
    else
        mu_buf_puts(sb, union_ ? _("Union infantry division")
                               : _("Confederate infantry division"));
    year_words(o->year, o->theater, sb);
    if (o->by_the_book)
        mu_buf_puts(sb, _(", by the book"));
    char n[24], seed[24];
    snprintf(n, sizeof n, "%" PRIu64, o->trials);
    snprintf(seed, sizeof seed, "%" PRIu64, o->seed);
    if (o->simulated)
        mu_buf_printf(sb, o->divisions > 1 || !o->stat[MU_STAT_RATIO].p
                              ? _(": %s corps simulated, seed %s\n")
                              : dngettext(LANG_DOMAIN, ": %s division simulated, seed %s\n",
                                          ": %s divisions simulated, seed %s\n",
                                          o->trials <= ULONG_MAX ? (unsigned long)o->trials
                                                                 : 1000000 + (unsigned long)(o->trials % 1000000)),
                      n, seed);
    else
        mu_buf_puts(sb, _(": exact odds\n"));
}

void render_dist_table(const mu_dist *stat, const int *which, int ns,
                       const char *what, const char *const *heads,
                       bool at_least, sbuf *sb, bool md)
{
    int lo = 1 << 30, hi = -1;
    for (int i = 0; i < ns; i++) {
        const mu_dist *d = &stat[which[i]];
        if (!d->p)
            continue;
        if (d->lo < lo)
            lo = d->lo;
        if (d->hi > hi)
            hi = d->hi;
    }
    if (hi < 0)
        return;
    int cols = 1 + ns + (at_least ? 1 : 0);
    grid g;
    grid_init(&g, cols);
    grid_add(&g);
    grid_setf(&g, 0, "%s", what);
    for (int i = 0, c = 1; i < ns; i++) {
        grid_setf(&g, c++, "%s", _(heads[i]));
        if (i == 0 && at_least)
            grid_setf(&g, c++, "%s", _("at least"));
    }
    char buf[32];
    for (int k = lo; k <= hi; k++) {
        grid_add(&g);
        grid_setf(&g, 0, "%d", k);
        for (int i = 0, c = 1; i < ns; i++) {
            const mu_dist *d = &stat[which[i]];
            render_pct(mu_dist_p(d, k), buf, sizeof buf);
            grid_setf(&g, c++, "%s", buf);
            if (i == 0 && at_least) {
                render_pct(mu_dist_at_least(d, k), buf, sizeof buf);
                grid_setf(&g, c++, "%s", buf);
            }
        }
    }
    grid_add(&g);
    grid_setf(&g, 0, "%s", _("mean"));
    for (int i = 0, c = 1; i < ns; i++) {
        grid_setf(&g, c++, "%.2f", stat[which[i]].mean);
        if (i == 0 && at_least)
            c++;
    }
    grid_emit(&g, sb, md, 0);
}

void render_dist_span(const mu_dist *d, int *lo, int *hi)
{
    const double shown = 0.00005; /* 0.01 % once rounded */
    for (int k = d->lo; k <= d->hi; k++)
        if (mu_dist_p(d, k) >= shown) {
            if (k < *lo)
                *lo = k;
            break;
        }
    for (int k = d->hi; k >= d->lo; k--)
        if (mu_dist_p(d, k) >= shown) {
            if (k > *hi)
                *hi = k;
            break;
        }
}

static void heading(sbuf *sb, bool md, const char *text)
{
    mu_buf_printf(sb, md ? "\n### %s\n" : "\n%s\n", _(text));
}

static void leader_line(const mu_oob_odds *o, sbuf *sb, bool md)
{
    const mu_dist *d = &o->stat[MU_STAT_LEADER];
    char buf[32];
    bool corps = o->divisions > 1 || !o->stat[MU_STAT_RATIO].p;
    const char *who = corps ? _("Corps leader") : _("Division leader");
    mu_buf_printf(sb, md ? "\n**%s**:" : "\n%s:", who);
    for (int k = 0; k < 3; k++) {
        render_pct(mu_dist_p(d, k), buf, sizeof buf);
        mu_buf_printf(sb, "%s %s %s", k ? "," : "", _(vocab_rating[k]), buf);
    }
    mu_buf_puts(sb, "\n");
}

static void ratio_line(const mu_oob_odds *o, sbuf *sb)
{
    const mu_dist *d = &o->stat[MU_STAT_RATIO];
    if (!d->p)
        return;
    char buf[32];
    mu_buf_puts(sb, ":");
    bool first = true;
    for (int k = d->hi; k >= d->lo; k--) {
        double p = mu_dist_p(d, k);
        if (p <= 0)
            continue;
        render_pct(p, buf, sizeof buf);
        mu_buf_puts(sb, first ? " " : ", ");
        mu_buf_printf(sb, _("1 battery per %d stands %s"), k, buf);
        first = false;
    }
}

static void gap_table(const mu_oob_odds *o, const mu_oob_odds *exact,
                      sbuf *sb, bool md)
{
    mu_oob_stat ws;
    int wv;
    double gap = mu_oob_odds_gap(o, exact, &ws, &wv);
    char a[32], b[32];
    render_pct(mu_dist_p(&o->stat[ws], wv), a, sizeof a);
    render_pct(mu_dist_p(&exact->stat[ws], wv), b, sizeof b);
    mu_buf_printf(sb, md ? "\n**%s: %.6f** " : "\n%s: %.6f ",
                  _("Largest gap to the exact odds"), gap);
    mu_buf_printf(sb, _("(%s = %d: simulated %s, exact %s)\n"),
                  mu_oob_stat_name(ws), wv, a, b);
    grid g;
    grid_init(&g, 3);
    grid_row(&g, (const char *const[]){_("statistic"), _("largest gap"), _("at")});
    for (int s = 0; s < MU_STAT_COUNT; s++) {
        if (!o->stat[s].p || !exact->stat[s].p)
            continue;
        int v;
        double gs = odds_dist_gap(&o->stat[s], &exact->stat[s], &v);
        grid_add(&g);
        grid_setf(&g, 0, "%s", mu_oob_stat_name((mu_oob_stat)s));
        grid_setf(&g, 1, "%.6f", gs);
        if (s == MU_STAT_LEADER)
            grid_setf(&g, 2, "%s", _(vocab_rating[v < 0 || v > 2 ? 1 : v]));
        else
            grid_setf(&g, 2, "%d", v);
    }
    grid_emit(&g, sb, md, 1);
}

static void odds_text(const void *odds, const void *exact_, sbuf *sb, bool md)
{
    const mu_oob_odds *o = odds, *exact = exact_;
    static const int morale[] = {MU_STAT_GREEN, MU_STAT_VETERAN, MU_STAT_CRACK};
    static const int brig[] = {MU_STAT_DESPICABLE, MU_STAT_AVERAGE,
                               MU_STAT_EXCEPTIONAL};
    static const int art[] = {MU_STAT_BATTERIES, MU_STAT_DIVISION_BATTERIES,
                              MU_STAT_RESERVE};
    static const char *const art_h[] = {N_("batteries"), N_("with the division"),
                                        N_("to the reserve")};
    static const int one_b[] = {MU_STAT_BRIGADES}, one_s[] = {MU_STAT_STANDS};
    static const char *const p_h[] = {"P"};
    title(o, sb, md);
    leader_line(o, sb, md);
    heading(sb, md, N_("Brigades"));
    render_dist_table(o->stat, one_b, 1, "n", p_h, true, sb, md);
    heading(sb, md, N_("Brigades by morale: how many are green, veteran, crack"));
    render_dist_table(o->stat, morale, 3, "n", vocab_morale, false, sb, md);
    heading(sb, md, o->by_the_book
                        ? N_("Brigadiers by rating, as played (despicable "
                             "counts as average)")
                        : N_("Brigadiers by rating"));
    render_dist_table(o->stat, brig, 3, "n", vocab_rating, false, sb, md);
    heading(sb, md, N_("Stands"));
    render_dist_table(o->stat, one_s, 1, "n", p_h, true, sb, md);
    mu_buf_puts(sb, md ? "\n### " : "\n");
    mu_buf_puts(sb, _("Artillery"));
    ratio_line(o, sb);
    mu_buf_puts(sb, "\n");
    render_dist_table(o->stat, art, 3, "n", art_h, true, sb, md);
    if (is_sim(o, exact))
        gap_table(o, exact, sb, md);
}

/* ---- JSON and CSV ------------------------------------------------------- */

void render_dist_csv(sbuf *sb, const char *name, const mu_dist *d,
                     const mu_dist *e, const char *const *words)
{
    int lo = d->lo, hi = d->hi;
    if (e && e->p) {
        lo = e->lo < lo ? e->lo : lo;
        hi = e->hi > hi ? e->hi : hi;
    }
    for (int k = lo; d->p && k <= hi; k++) {
        char a[40];
        mu_buf_puts(sb, name);
        sb_ch(sb, ',');
        if (words && k >= 0 && k <= 2)
            mu_buf_puts(sb, words[k]);
        else
            sb_i64(sb, k);
        sb_ch(sb, ',');
        sb_put(sb, a, wr_num_g(mu_dist_p(d, k), a));
        sb_ch(sb, ',');
        sb_put(sb, a, wr_num_g(mu_dist_at_least(d, k), a));
        if (e) {
            sb_ch(sb, ',');
            sb_put(sb, a, wr_num_g(mu_dist_p(e, k), a));
            render_diff(mu_dist_p(d, k), mu_dist_p(e, k), a, sizeof a);
            sb_ch(sb, ',');
            mu_buf_puts(sb, a);
        }
        sb_ch(sb, '\n');
    }
}

static void value_key(mu_oob_stat s, int k, char *buf, size_t n)
{
    if (s == MU_STAT_LEADER && k >= 0 && k <= 2)
        snprintf(buf, n, "%s", vocab_rating[k]);
    else
        snprintf(buf, n, "%d", k);
}

void render_dist_json(jw *w, const char *name, const mu_dist *d,
                      bool at_least, const char *const *words)
{
    jw_obj(w, name);
    char key[24];
    for (int k = d->lo; d->p && k <= d->hi; k++) {
        double p = at_least ? d->at_least[k - d->lo] : d->p[k - d->lo];
        if (!at_least && p <= 0)
            continue;
        key[wr_u64(key, (uint64_t)k)] = '\0'; /* values are never negative */
        jw_double(w, words && k <= 2 ? words[k] : key, p);
    }
    jw_end(w);
}

/* The "at_least" or "mean" object: a member for each statistic but the
 * leader's. */
static void per_stat_json(jw *w, const mu_oob_odds *o, bool mean)
{
    jw_obj(w, mean ? "mean" : "at_least");
    for (int s = 0; s < MU_STAT_COUNT; s++) {
        if (!o->stat[s].p || s == MU_STAT_LEADER)
            continue;
        const char *name = mu_oob_stat_name((mu_oob_stat)s);
        if (mean)
            jw_double(w, name, o->stat[s].mean);
        else
            render_dist_json(w, name, &o->stat[s], true, NULL);
    }
    jw_end(w);
}

/* The odds of one side as an object (the battle's holds two). */
static void odds_tree(jw *w, const char *key, const mu_oob_odds *o,
                      const mu_oob_odds *exact)
{
    jw_obj(w, key);
    jw_str(w, "army", mu_army_name(o->army));
    if (o->year)
        jw_int(w, "year", o->year);
    else
        jw_null(w, "year");
    if (o->theater >= 0)
        jw_str(w, "theater", mu_theater_name((mu_theater)o->theater));
    else
        jw_null(w, "theater");
    jw_str(w, "arm", mu_arm_name(o->arm));
    jw_bool(w, "by_the_book", o->by_the_book);
    jw_int(w, "divisions", o->divisions);
    if (o->simulated) {
        jw_u64(w, "trials", o->trials);
        jw_u64(w, "seed", o->seed);
    }
    jw_bool(w, "exact", !o->simulated);
    for (int s = 0; s < MU_STAT_COUNT; s++)
        if (o->stat[s].p)
            render_dist_json(w, mu_oob_stat_name((mu_oob_stat)s), &o->stat[s],
                             false, s == MU_STAT_LEADER ? vocab_rating : NULL);
    per_stat_json(w, o, false);
    per_stat_json(w, o, true);
    if (is_sim(o, exact)) {
        mu_oob_stat ws;
        int wv;
        char buf[40];
        jw_obj(w, "gap");
        /* a difference of probabilities, so within an ulp of 1 */
        render_near(mu_oob_odds_gap(o, exact, &ws, &wv), 1.0, buf, sizeof buf);
        jw_raw(w, "largest", buf);
        jw_str(w, "stat", mu_oob_stat_name(ws));
        char key2[32];
        value_key(ws, wv, key2, sizeof key2);
        jw_str(w, "value", key2);
        jw_end(w);
    }
    jw_end(w);
}

static void odds_json(const void *odds, const void *exact, jw *w)
{
    odds_tree(w, NULL, odds, exact);
}

static void odds_csv(const void *odds, const void *exact_, sbuf *sb)
{
    const mu_oob_odds *o = odds, *exact = exact_;
    bool sim = is_sim(o, exact);
    mu_buf_puts(sb, sim ? "stat,value,p,at_least,exact,difference\n"
                        : "stat,value,p,at_least\n");
    for (int s = 0; s < MU_STAT_COUNT; s++)
        render_dist_csv(sb, mu_oob_stat_name((mu_oob_stat)s), &o->stat[s],
                        sim ? &exact->stat[s] : NULL,
                        s == MU_STAT_LEADER ? vocab_rating : NULL);
}

mu_status mu_oob_odds_render(const mu_oob_odds *o, const mu_oob_odds *exact,
                             const mu_render_opts *ro, char **out,
                             mu_error *err)
{
    static const render_odds_kind kind = {odds_text, odds_json, odds_csv};
    return render_odds(&kind, o, exact, ro, out, err);
}

/* ---- a battle ------------------------------------------------------------- */

static void race_text(const mu_battle_odds *b, sbuf *sb, bool md)
{
    char u[32], l[32], c[32];
    render_pct(b->union_ahead, u, sizeof u);
    render_pct(b->level, l, sizeof l);
    render_pct(b->confederate_ahead, c, sizeof c);
    mu_buf_printf(sb, md ? "\n**%s**: " : "\n%s: ", _("More stands"));
    mu_buf_printf(sb, _("Union %s, level %s, Confederates %s\n"), u, l, c);
}

static void battle_text(const void *odds, const void *none, sbuf *sb, bool md)
{
    (void)none;
    const mu_battle_odds *b = odds;
    mu_buf_puts(sb, md ? "# " : "");
    mu_buf_puts(sb, _("Battle"));
    year_words(b->year, b->theater, sb);
    mu_buf_printf(sb, dngettext(LANG_DOMAIN, ": a corps of %d division a side%s, exact odds\n",
                                ": a corps of %d divisions a side%s, exact odds\n",
                                (unsigned long)b->divisions),
                  b->divisions, b->by_the_book ? _(", by the book") : "");
    race_text(b, sb, md);
    for (int a = 0; a < 2; a++) {
        mu_buf_puts(sb, "\n");
        odds_text(&b->side[a], NULL, sb, md);
    }
}

static void battle_json(const void *odds, const void *none, jw *w)
{
    (void)none;
    const mu_battle_odds *b = odds;
    jw_obj(w, NULL);
    jw_obj(w, "more_stands");
    jw_double(w, "union", b->union_ahead);
    jw_double(w, "level", b->level);
    jw_double(w, "confederate", b->confederate_ahead);
    jw_end(w);
    for (int a = 0; a < 2; a++)
        odds_tree(w, mu_army_name((mu_army)a), &b->side[a], NULL);
    jw_end(w);
}

static void battle_csv(const void *odds, const void *none, sbuf *sb)
{
    (void)none;
    const mu_battle_odds *b = odds;
    const double race[3] = {b->union_ahead, b->level, b->confederate_ahead};
    static const char *const who[3] = {"union", "level", "confederate"};
    mu_buf_puts(sb, "side,stat,value,p,at_least\n");
    for (int i = 0; i < 3; i++) {
        char a[32];
        mu_buf_printf(sb, "battle,more_stands,%s,", who[i]);
        sb_put(sb, a, wr_num_g(race[i], a));
        mu_buf_puts(sb, ",\n");
    }
    for (int a = 0; a < 2; a++) {
        sbuf one = {0};
        odds_csv(&b->side[a], NULL, &one);
        /* Prefix each row but the header with the side. */
        const char *p = one.p ? strchr(one.p, '\n') : NULL;
        while (p && p[1]) {
            const char *e = strchr(p + 1, '\n');
            mu_buf_printf(sb, "%s,%.*s\n", mu_army_name((mu_army)a),
                          (int)(e - p - 1), p + 1);
            p = e;
        }
        sb->oom |= one.oom;
        mu_buf_free(&one);
    }
}

mu_status mu_battle_odds_render(const mu_battle_odds *b,
                                const mu_render_opts *ro, char **out,
                                mu_error *err)
{
    static const render_odds_kind kind = {battle_text, battle_json,
                                          battle_csv};
    return render_odds(&kind, b, NULL, ro, out, err);
}
