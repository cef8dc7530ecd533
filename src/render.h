/* SPDX-License-Identifier: MIT */
/* render.h -- private pieces shared by the renderers. */
#ifndef MU_RENDER_H
#define MU_RENDER_H

#include "muster.h"
#include "util.h"

#include "writer.h"

/* Writes "seed": the exact 64-bit number, or null (JSON numbers are
 * doubles to most readers, which would round seeds above 2^53). */
void render_jw_seed(jw *w, const mu_render_opts *o);
/* "exact": {keys[i]: r[i] as a fraction, "45/2"}: the exact values of
 * numbers a JSON gives as decimals (render_fire.c). */
void render_exact_jw(jw *w, const char *const *keys, const mu_rat *r, int n);

/* ---- cJSON trees, for the campaign (render_cjson.c) ---------------------- */

struct cJSON;
/* A cJSON value (a payload cJSON parsed or holds), as cJSON_Print or
 * cJSON_PrintUnformatted would print it: jw writes JSON, cJSON parses. */
void jw_cjson(jw *w, const char *key, const struct cJSON *v);
/* v as one line, malloc'd (free()); NULL when out of memory. */
char *wr_cjson_text(const struct cJSON *v);

/* A division as jw writes it, under key (NULL in an array), with "seed"
 * last when `seed` is given; one roll as {"table","brigade"?,"roll",
 * "result"(,"threshold")}: the shape of a division's "rolls" and of the
 * campaign's engage events. */
void render_division_jw(jw *w, const char *key, const mu_division *d,
                        const mu_labels *l, const mu_render_opts *seed);
void render_roll_jw(jw *w, const mu_roll *r);
/* A division without seed as a cJSON tree, parsed from what
 * render_division_jw writes; NULL when out of memory. */
struct cJSON *render_division_json(const mu_division *d, const mu_labels *l);
/* The names of mu_division.given's bits in JSON ("given": [...]): the
 * division's three, then each brigade's three. */
extern const char *const render_given_division[3];
extern const char *const render_given_brigade[3];

/* ---- divisions (render_division.c; render_oob.c calls them) -------------- */

struct lang_text;

/* Where a division's reserve share goes, in the words of t: "Army Artillery
 * Reserve" (Union), "corps reserve" (a Confederate division in a corps) or
 * "reserve". */
const char *render_reserve_name(const struct lang_text *t, mu_army a,
                                bool in_corps);
/* A leader as played, for Markdown, in the words of t: "average
 * (despicable, by the book)", "despicable (DP)". */
void render_rating_md(const struct lang_text *t, mu_rating played,
                      mu_rating rolled, char *buf, size_t n);
/* A division as text, in the words of t (lang.h); number 0 leaves out
 * "Division N: "; ind is the
 * indentation ("" alone, deeper in a corps); cells is scratch space the
 * caller keeps between divisions (and frees). */
void render_division_text(const mu_division *d, const mu_render_opts *o,
                          const struct lang_text *t, uint64_t number, sbuf *sb,
                          sbuf *cells, const char *ind);
/* "seed N" or "rolls given by hand (no seed)", and a newline, in the
 * words of t (lang.h). */
void render_seed_footer(const mu_render_opts *o, const struct lang_text *t,
                        sbuf *sb);
/* The CSV header line and a division's lines (one a brigade); seed is the
 * seed's digits or "". */
extern const char render_csv_header[];
void render_division_csv(const mu_division *d, const mu_render_opts *o,
                         uint64_t number, const char *corps_leader,
                         const char *seed, size_t seedlen, sbuf *sb);
/* Markdown: a division (number 0: no "Division N: "), the seed line. */
void render_division_md(const mu_division *d, const mu_render_opts *o,
                        int number, bool in_corps, sbuf *sb);
void render_seed_md(const mu_render_opts *o, sbuf *sb);

#endif
