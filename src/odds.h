/* SPDX-License-Identifier: MIT */
/* odds.h -- private view of the exact odds: the integer face counts behind
 * every probability, and the helpers the simulator and renderers share. */
#ifndef MU_ODDS_H
#define MU_ODDS_H

#include "real.h"
#include "muster.h"
#include "util.h"

#include "writer.h"

/* Face counts are whole numbers up to 100^13; they need 87 bits. */
__extension__ typedef unsigned __int128 odds_u128;

/* Largest value a division statistic can take: 8 brigades of 30 stands. */
#define ODDS_MAXV (MU_MAX_BRIGADES * MU_MAX_STANDS)

/* A distribution as exact counts: P(X = k) = c[k] / 100^e. */
typedef struct odds_counts {
    int e;
    odds_u128 c[ODDS_MAXV + 1];
} odds_counts;

/* The exact counts of every statistic of a division (MU_STAT_COUNT of
 * them, caller's array). Same options and errors as mu_odds_division. */
mu_status odds_division_counts(const mu_rules *r, const mu_oob_opts *o,
                               odds_counts *out, mu_error *err);

/* Fills d (lo..hi, p, at_least, mean) from probabilities v[0..n-1] of the
 * values 0..n-1, trimming zero ends. MU_ENOMEM. */
mu_status odds_dist_set(mu_dist *d, const real_t *v, int n,
                        mu_error *err);
/* Room for the values lo..hi (lo <= hi), p and at_least in one zeroed
 * block; d is overwritten, not freed. MU_ENOMEM. */
mu_status odds_dist_alloc(mu_dist *d, int lo, int hi, mu_error *err);

/* The largest |P_a(= k) - P_b(= k)| over the values of both, and in *at
 * the first k where it stands (0 when there is no gap or either is empty). */
double odds_dist_gap(const mu_dist *a, const mu_dist *b, int *at);

/* Empties *out and records the question (army, year...; o may be NULL). */
void odds_head(const mu_oob_opts *o, int divisions, mu_oob_odds *out);

/* A table of the values lo..hi of the ns distributions stat[which[i]]
 * (lo..hi of them all), a column of P(= k) under heads[i] (msgids) for
 * each, P(>= k) after the first when at_least, and a row of means; `what`
 * heads the column of values. Markdown after a blank line, or text. */
void render_dist_table(const mu_dist *stat, const int *which, int ns,
                       const char *what, const char *const *heads,
                       bool at_least, sbuf *sb, bool md);
/* A distribution's CSV rows "name,k,p,at_least", with e (simulated odds'
 * exact ones) ",exact,difference" and the values of both; k as words[k]
 * for 0..2 when words is given (a leader's rating). */
void render_dist_csv(sbuf *sb, const char *name, const mu_dist *d,
                     const mu_dist *e, const char *const *words);
/* An object under name of P(= k) for each value k where it is above 0, or
 * of P(>= k) for each k when at_least; k as in render_dist_csv. */
void render_dist_json(jw *w, const char *name, const mu_dist *d,
                      bool at_least, const char *const *words);
/* Widens *lo..*hi to the values of d worth a row or a bar: those of P(= k)
 * 0.005 % or more, the least that shows as "0.01%" (both ends trimmed). */
void render_dist_span(const mu_dist *d, int *lo, int *hi);
/* "15.00%", "-" for 0, "<0.01%" and ">99.99%" near the ends. */
void render_pct(double p, char *buf, size_t n);

/* How one kind of odds is written: text or Markdown, JSON (one value, into
 * an indented writer), CSV. `exact` is the exact odds beside simulated
 * ones, or NULL. */
typedef struct render_odds_kind {
    void (*text)(const void *odds, const void *exact, sbuf *sb, bool md);
    void (*json)(const void *odds, const void *exact, jw *w);
    void (*csv)(const void *odds, const void *exact, sbuf *sb);
} render_odds_kind;
/* Renders odds of any kind in ro->format (ro NULL: text): *out cleared on
 * entry, MU_EINPUT when there are no odds or the format is not text, json,
 * csv or markdown. */
mu_status render_odds(const render_odds_kind *k, const void *odds,
                      const void *exact, const mu_render_opts *ro, char **out,
                      mu_error *err);
/* x, a result computed from doubles of magnitude up to `scale`, in the
 * fewest digits within one unit in the last place of `scale` of it: such a
 * result is no more exact than that, so 0.0014 rather than the
 * 0.0013999999999999985 that a difference of two probabilities gives. */
void render_near(double x, double scale, char *buf, size_t n);
/* a - b by render_near: a difference, such as simulated minus exact. */
void render_diff(double a, double b, char *buf, size_t n);

#endif
