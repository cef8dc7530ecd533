/* SPDX-License-Identifier: MIT */
/* evfield.h -- private to the event codecs: event.c (the
 * table of kinds and most of their rows), event_held.c (the
 * prisoners' and camps' kinds) and evfield.c (the fields they share).
 *
 * Readers (rd_*) take an ev_reader whose first error sticks: once a field
 * failed, later reads do nothing and return their lowest value, so a
 * decoder reads every field without testing each, and camp_ev_decode
 * reports the first failure (event, kind, field, what was wrong).
 * Writers (put_*) add a field to a payload object in documented order. */
#ifndef MU_CAMPAIGN_EVFIELD_H
#define MU_CAMPAIGN_EVFIELD_H

#include "event.h"

/* A kind's encoder in camp_ev_types[]: none where events are only read
 * (MU_EV_READ_ONLY, the WebAssembly engine, which has no cJSON). */
#ifdef MU_EV_READ_ONLY
#define EV_ENC(f) NULL
#else
#define EV_ENC(f) f
#endif

/* ---- strict readers (evfield.c) -------------------------------- */

/* Fails the reader: field `key` `what` ("is missing"). */
void rd_fail(ev_reader *r, const char *key, const char *what);
/* The field, or NULL (and a failure) when it is missing. */
const ej_val *rd_item(ev_reader *r, const ej_val *o, const char *key);
/* A whole number lo..hi; a double that is not exactly whole is refused. */
int rd_int(ev_reader *r, const ej_val *o, const char *key, int lo, int hi);
/* null gives `none`, else as rd_int. */
int rd_int_or_null(ev_reader *r, const ej_val *o, const char *key, int lo,
                   int hi, int none);
/* An optional whole number lo..hi, `none` when absent. */
int rd_int_opt(ev_reader *r, const ej_val *o, const char *key, int lo, int hi,
               int none);
bool rd_bool(ev_reader *r, const ej_val *o, const char *key);
/* A string shorter than n bytes, into buf ("" on failure). */
void rd_str(ev_reader *r, const ej_val *o, const char *key, char *buf,
            size_t n);
/* A string that must be a lower-case hex digest of exactly n - 1 digits. */
void rd_hex(ev_reader *r, const ej_val *o, const char *key, char *buf,
            size_t n);
/* One of the words name(0..count-1), as its index. */
int rd_word(ev_reader *r, const ej_val *o, const char *key,
            const char *(*name)(int), int count);
/* A share of the losses as mu_share_text writes it. */
mu_rat rd_share(ev_reader *r, const ej_val *o, const char *key);
/* "seed": a raw 64-bit number read exactly from the stored text, or null
 * (has = false). */
ev_seed rd_seed(ev_reader *r, const ej_val *o);
/* A list, or NULL (and a failure) when it is missing or not a list. */
const ej_val *rd_array(ev_reader *r, const ej_val *o, const char *key);
/* Whether the payload has the field (no failure either way). */
bool rd_has(const ej_val *o, const char *key);
/* The camp a captor holds what it took in: "camp" when written, else the
 * captor's built-in default camp (see ev_camp). */
void rd_camp(ev_reader *r, const ej_val *o, mu_army captor, ev_camp out);
/* A malloc'd array of `size`-byte items, one per item of list; NULL (and
 * *n = 0) when the list is empty or allocation fails (which fails r). *n is
 * 0: the decoder counts the items it fills. */
void *rd_alloc(ev_reader *r, const ej_val *list, size_t size, int *n);

/* In a projection (r->shown) only: whether list entry t is a hidden
 * division's ({"division", "side", "hidden": true, ...}), its division and
 * side read. */
bool rd_hidden_entry(ev_reader *r, const ej_val *t, int *division,
                     mu_army *side);

/* The words of rd_word, by index. */
const char *ev_army_word(int i);
const char *ev_arm_word(int i);
const char *ev_theater_word(int i);
const char *ev_rating_word(int i);
const char *ev_morale_word(int i);
const char *ev_post_word(int i); /* "division", "brigade", "corps" */
const char *ev_roll_word(int i); /* a roll's table */

#define RD_ARMY(r, o, k) ((mu_army)rd_word(r, o, k, ev_army_word, 2))
#define RD_RATING(r, o, k) ((mu_rating)rd_word(r, o, k, ev_rating_word, 3))

/* ---- writers ------------------------------------------------------------ */

/* "camp", unless it is the captor's built-in default (never written). */
void put_camp(cJSON *o, mu_army captor, const char *camp);
/* "seed" as a bare 64-bit number, or null. */
void put_seed(cJSON *o, ev_seed s);
void put_share(cJSON *o, const char *key, mu_rat r);
void put_int_or_null(cJSON *o, const char *key, int v, bool has);
/* An optional count: written when it is not 0. */
void put_count(cJSON *o, const char *key, int n);
/* A projection's entry of a hidden division: {division, side, hidden},
 * added to list a; the caller adds any count. */
cJSON *put_hidden_entry(cJSON *a, int division, mu_army side);

/* ---- text helpers ------------------------------------------------------- */

mu_army ev_other_side(mu_army a);
/* "; seed N" when the event was rolled from a seed. */
void ev_seed_text(ev_seed s, sbuf *sb);
/* The side, theater and rating in the text's language ("union", "east",
 * "average" in English: the words the JSON has). */
const char *ev_side_text(mu_army a);
const char *ev_theater_text(mu_theater t);
const char *ev_rating_text(mu_rating r);

/* ---- the prisoners' kinds (event_held.c) ----------------------- */

void ev_cas_encode(const camp_ev *e, cJSON *o);
void ev_cas_decode(ev_reader *r, const ej_val *o, camp_ev *e);
void ev_cas_text(const camp_ev *e, sbuf *sb);
void ev_exchange_encode(const camp_ev *e, cJSON *o);
void ev_exchange_decode(ev_reader *r, const ej_val *o, camp_ev *e);
void ev_exchange_text(const camp_ev *e, sbuf *sb);
void ev_liberate_encode(const camp_ev *e, cJSON *o);
void ev_liberate_decode(ev_reader *r, const ej_val *o, camp_ev *e);
void ev_liberate_text(const camp_ev *e, sbuf *sb);
/* offer; accept, decline and withdraw (an answer's). */
void ev_offer_encode(const camp_ev *e, cJSON *o);
void ev_offer_decode(ev_reader *r, const ej_val *o, camp_ev *e);
void ev_offer_text(const camp_ev *e, sbuf *sb);
void ev_answer_encode(const camp_ev *e, cJSON *o);
void ev_answer_decode(ev_reader *r, const ej_val *o, camp_ev *e);
void ev_answer_text(const camp_ev *e, sbuf *sb);
void ev_dcamp_encode(const camp_ev *e, cJSON *o);
void ev_dcamp_decode(ev_reader *r, const ej_val *o, camp_ev *e);
void ev_dcamp_text(const camp_ev *e, sbuf *sb);

#endif
