/* SPDX-License-Identifier: MIT */
/* evfield.h -- private to the event codecs: event.c (the
 * table of kinds and most of their rows), event_held.c (the
 * prisoners' and camps' kinds) and evfield.c (the fields they share).
 *
 * Reading takes an ev_reader whose first error sticks: once a field
 * failed, later reads do nothing and return their lowest value, so a walk
 * reads every field without testing each, and camp_ev_decode reports the
 * first failure (event, kind, field, what was wrong). */
#ifndef MU_CAMPAIGN_EVFIELD_H
#define MU_CAMPAIGN_EVFIELD_H

#include "event.h"

/* Fails the reader: field `key` `what` ("is missing"). */
void rd_fail(ev_reader *r, const char *key, const char *what);

/* The words of cd_word, by index. */
const char *ev_army_word(int i);
const char *ev_arm_word(int i);
const char *ev_theater_word(int i);
const char *ev_rating_word(int i);
const char *ev_morale_word(int i);
const char *ev_post_word(int i); /* "division", "brigade", "corps" */
const char *ev_roll_word(int i); /* a roll's table */

/* ---- one walk, both ways -------------------------------------------------
 * A kind's codec (camp_ev_type.codec) walks its payload once, field by
 * field in the order docs/design.md documents, and serves both ways.
 * Writing (c->r NULL), each cd_* call adds its field to c->out and returns
 * the value it was given; reading, it reads the field from c->in strictly
 * (a missing or mistyped field fails) and returns what it read. So
 *     x->year = cd_int(c, "year", x->year, MU_YEAR_FIRST, MU_YEAR_LAST);
 * writes the year or reads it back, and no field is written in a way it is
 * not read. What only a reader checks goes through cd_check. Where events
 * are only read (MU_EV_READ_ONLY) the writing half is not built. */
typedef struct ev_cd {
    ev_reader *r;     /* reading; NULL: writing */
    const ej_val *in; /* reading: the object walked */
    cJSON *out;       /* writing: the object walked */
    bool shown;       /* a log entry (camp_ev_shown's), not a payload */
} ev_cd;

static inline bool cd_reading(const ev_cd *c) { return c->r != NULL; }
/* Writing, or reading and nothing has failed yet. */
bool cd_ok(const ev_cd *c);
/* Reading: fails field `key` `what` when `bad`; writing: nothing. */
void cd_check(ev_cd *c, bool bad, const char *key, const char *what);

/* A whole number lo..hi; a double that is not exactly whole is refused. */
int cd_int(ev_cd *c, const char *key, int v, int lo, int hi);
/* null when !has (read as 0), else as cd_int. */
int cd_int_or_null(ev_cd *c, const char *key, int v, bool has, int lo,
                   int hi);
/* An optional count lo..hi: written when it is not 0, 0 when absent. */
int cd_count(ev_cd *c, const char *key, int v, int lo, int hi);
/* An event's id, 1..INT32_MAX. */
int64_t cd_id(ev_cd *c, const char *key, int64_t v);
bool cd_bool(ev_cd *c, const char *key, bool v);
/* A string shorter than n bytes ("" when reading fails); a hex digest
 * must be exactly n - 1 lower-case hex digits. */
void cd_str(ev_cd *c, const char *key, char *buf, size_t n);
void cd_hex(ev_cd *c, const char *key, char *buf, size_t n);
/* One of the words name(0..count-1), as its index. */
int cd_word(ev_cd *c, const char *key, int v, const char *(*name)(int),
            int count);
/* A share of the losses as mu_share_text writes it. */
mu_rat cd_share(ev_cd *c, const char *key, mu_rat v);
/* "seed" as a bare 64-bit number, or null; read exactly from the stored
 * text (r->raw) where there is one. */
ev_seed cd_seed(ev_cd *c, ev_seed v);
/* Whether an optional field is there: writing, `has` (the caller then
 * walks the field); reading, whether the payload has it. */
bool cd_has(ev_cd *c, const char *key, bool has);
/* A field that may be null: writing, null when !has; reading, the field
 * must be there. True when it is not null (the caller walks it). */
bool cd_not_null(ev_cd *c, const char *key, bool has);
/* "camp", unless it is the captor's built-in default (never written,
 * read back as that default). */
void cd_camp(ev_cd *c, mu_army captor, ev_camp camp);
/* Member object `key` into *sub: writing, made when `has`; reading,
 * whether it is there (one that is no object fails). */
bool cd_object(ev_cd *c, const char *key, bool has, ev_cd *sub);
/* List `key` into *list, of n items (writing) or the payload's (reading);
 * returns how many, which cd_item then walks one by one. */
int cd_list(ev_cd *c, const char *key, int n, ev_cd *list);
void cd_item(ev_cd *list, int i, ev_cd *item);
/* A list of entries, each an object `item` walks: writing, the n items
 * given; reading, as many as the payload's list holds, malloc'd (*n
 * counts them). An optional list is left out when it is empty, and is
 * never read empty. Returns the items. */
void *cd_entries(ev_cd *c, const char *key, bool optional, void *items,
                 size_t size, int *n, void (*item)(ev_cd *c, void *one));
/* A projection's entry of a hidden division ({division, side, hidden}):
 * writing when `hidden`; reading only in a log entry (c->shown). */
bool cd_hidden(ev_cd *c, bool hidden, int *division, mu_army *side);

#define CD_ARMY(c, k, v) ((mu_army)cd_word(c, k, (int)(v), ev_army_word, 2))
#define CD_RATING(c, k, v) \
    ((mu_rating)cd_word(c, k, (int)(v), ev_rating_word, 3))

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

void ev_cas_cd(ev_cd *c, camp_ev *e);
void ev_cas_text(const camp_ev *e, sbuf *sb);
/* exchange and liberate. */
void ev_release_cd(ev_cd *c, camp_ev *e);
void ev_release_text(const camp_ev *e, sbuf *sb);
/* offer; accept, decline and withdraw (an answer's). */
void ev_offer_cd(ev_cd *c, camp_ev *e);
void ev_offer_text(const camp_ev *e, sbuf *sb);
void ev_answer_cd(ev_cd *c, camp_ev *e);
void ev_answer_text(const camp_ev *e, sbuf *sb);
void ev_dcamp_cd(ev_cd *c, camp_ev *e);
void ev_dcamp_text(const camp_ev *e, sbuf *sb);

#endif
