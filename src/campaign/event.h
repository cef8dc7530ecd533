/* SPDX-License-Identifier: MIT */
/* event.h -- the campaign's log entries as typed values.
 *
 * Every change to a campaign writes one event: a kind and a JSON object
 * (events.kind, events.data). This module is the only place that knows the
 * kinds, their names and their fields. Writers fill a camp_ev and call
 * camp_event(); readers (log, check, replay) get a camp_ev back from
 * camp_ev_decode(), which refuses an event with a field missing or of the
 * wrong type instead of reading it as 0 or "". The payloads are documented
 * field by field in docs/design.md ("The event log").
 *
 * Adding a kind: one enum member below, one payload struct and a member of
 * the union in camp_ev, one row of camp_ev_types[] in event.c (its name,
 * where it keeps its division, its walk (codec) and its text function),
 * and one row of the replays' table in replay.c (the call that made the
 * event, with the event's inputs, so that check can make the whole
 * campaign again from its log). Nothing else lists the kinds;
 * docs/design.md gets the payload's description. */
#ifndef MU_CAMPAIGN_EVENT_H
#define MU_CAMPAIGN_EVENT_H

#include "muster.h"
#include "util.h"

#include "evjson.h"
/* The WebAssembly engine reads and tells events but never writes one: it
 * has no cJSON, and the encoders are not built there (MU_EV_READ_ONLY). */
#ifdef MU_EV_READ_ONLY
typedef struct cJSON cJSON;
#else
#include <cjson/cJSON.h>
#endif
#include <stdbool.h>
#include <stdint.h>

#define EV_NAME_MAX MU_CAMPAIGN_NAME_MAX
/* The default camps (mu_camp_default, plain.c), by captor. */
#define CAMP_DEFAULT_UNION "Union POW camp"
#define CAMP_DEFAULT_CONFEDERATE "Confederate POW camp"
/* The most batteries one record of casualties may take. */
#define EV_MAX_BATTERIES 100

typedef enum camp_ev_kind {
    EV_NEW = 0,      /* "new": the campaign was made */
    EV_ADD,          /* "add": a division joined, unrolled */
    EV_ENGAGE,       /* "engage": first fight, the division generated */
    EV_REVEAL,       /* "reveal": a hidden division's salt made public */
    EV_BATTLE_START, /* "battle-start" */
    EV_BATTLE_END,   /* "battle-end": the return of battlefield losses */
    EV_CASUALTIES,   /* "casualties": stands lost and captured */
    EV_EXCHANGE,     /* "exchange": prisoners sent home by consent */
    EV_LIBERATE,     /* "liberate": a camp freed */
    EV_LEADER_LOST,  /* "leader-lost": a replacement rolled */
    EV_DOWNGRADE,    /* "downgrade": a despicable replacement spent */
    EV_PENALTY,      /* "penalty": a forgotten despicable leader */
    EV_FAIR_COMMIT,  /* "fair-commit": an owner's commitment to a secret */
    EV_CONTRIBUTE,   /* "contribute": the opponent's share of a fair seed */
    EV_ADVANCE,      /* "advance": the campaign's date moves on */
    EV_UNDO,         /* "undo": an earlier event taken back */
    EV_TABLES,       /* "tables": a file's own tables pinned at its upgrade */
    EV_DEFAULT_CAMP, /* "default-camp": a side chose its default camp */
    EV_NAME,         /* "name": a division or a brigade named */
    EV_OFFER,        /* "offer": a side offers an exchange or liberation */
    EV_ACCEPT,       /* "accept": the other side accepts it: men go home */
    EV_DECLINE,      /* "decline": the other side declines it */
    EV_WITHDRAW,     /* "withdraw": its maker takes it back */
    EV_NKINDS
} camp_ev_kind;

/* A seed that made the event's rolls; has = false for typed or scripted
 * dice (stored as null). */
typedef struct ev_seed {
    bool has;
    uint64_t value;
} ev_seed;

typedef struct ev_new {
    char name[EV_NAME_MAX + 1];
    int year;
    mu_theater theater;
    mu_rat draw, winner, loser; /* shares of the losses, in [0, 1] */
    bool custom;                /* the campaign's own tables */
    bool pinned;                /* custom, from schema 5 on: */
    char tables_sha256[MU_COMMITMENT_HEX]; /* SHA-256 of their stored text */
} ev_new;

/* tables: the SHA-256 of the campaign's own tables, appended when a file
 * made before schema 5 is upgraded (its "new" event could not hold it). */
typedef struct ev_tables {
    char sha256[MU_COMMITMENT_HEX];
} ev_tables;

/* What an order of battle knew of a division (mu_campaign_import): kept
 * at its first engagement, the rest rolled. In an add and in the engage
 * it led to, as "known"; never shown to the other side before that side
 * may see the division. */
typedef struct ev_known {
    bool has;
    mu_division_given given;
    char brigade[MU_MAX_BRIGADES][EV_NAME_MAX + 1];   /* "": unnamed */
    char brigadier[MU_MAX_BRIGADES][EV_NAME_MAX + 1]; /* "": unknown */
} ev_known;

typedef struct ev_add {
    char name[EV_NAME_MAX + 1];
    mu_army side;
    mu_arm arm;
    bool has_corps;
    char corps[EV_NAME_MAX + 1];
    ev_known known;
} ev_add;

typedef struct ev_corps_leader {
    char corps[EV_NAME_MAX + 1];
    int roll;
    mu_rating rating, rolled; /* as played, as the table gave it */
    int attached;             /* a despicable leader's division; 0: none */
} ev_corps_leader;

typedef struct ev_engage {
    char name[EV_NAME_MAX + 1];
    mu_army side;
    bool hidden;
    char commitment[MU_COMMITMENT_HEX]; /* hidden only */
    bool by_the_book;
    mu_rating leader;
    int brigades, stands, batteries, reserve;
    ev_seed seed;
    int nrolls; /* the division's rolls in order, then the corps leader's */
    mu_roll rolls[MU_MAX_ROLLS + 1];
    bool has_corps_leader;
    ev_corps_leader corps_leader;
    bool fair; /* rolled on a two-party seed: */
    char fair_commitment[MU_FAIR_HEX]; /* the owner's commitment H */
    char contribution[MU_FAIR_HEX];    /* the opponent's R */
    ev_known known; /* its add's, which the division kept */
} ev_engage;

/* fair-commit and contribute. */
typedef struct ev_fair {
    char name[EV_NAME_MAX + 1];
    mu_army side;
    char commitment[MU_FAIR_HEX];
    char contribution[MU_FAIR_HEX]; /* contribute */
    int battle;         /* contribute: the battle under way here, 0: none */
    int year;           /* and its year and theater (0: none, no battle) */
    mu_theater theater;
} ev_fair;

typedef struct ev_advance {
    int was, year;
} ev_advance;

/* undo: the event taken back, and its kind (for the log). */
typedef struct ev_undo {
    int64_t event;
    camp_ev_kind kind;
} ev_undo;

typedef struct ev_reveal {
    char name[EV_NAME_MAX + 1];
    char commitment[MU_COMMITMENT_HEX];
    char salt[MU_SALT_HEX];
} ev_reveal;

typedef struct ev_battle_start {
    int battle;
    char name[EV_NAME_MAX + 1];
    int year;           /* 0 in logs before schema 2: the campaign's */
    mu_theater theater;
} ev_battle_start;

/* One brigade's return at the end of a battle. */
typedef struct ev_return {
    int division;
    mu_army side;
    int brigade, lost;
    mu_rat rate;
    int whole, threshold;
    int roll; /* 0: no roll (threshold 0) */
    int returned;
    bool hidden; /* projected: a hidden division's, division and side only */
} ev_return;

typedef struct ev_battle_end {
    int battle;
    char name[EV_NAME_MAX + 1];
    int winner; /* MU_UNION, MU_CONFEDERATE or -1 */
    ev_seed seed;
    bool streams; /* seeded: each division's returns from its own stream */
    int nreturns;
    ev_return *returns; /* malloc'd (camp_ev_clear) */
} ev_battle_end;

/* A camp's name as events keep it: always the resolved name in memory;
 * written only when it is not the captor's default camp (so that logs from
 * before camps had names read the same). */
typedef char ev_camp[EV_NAME_MAX + 1];

typedef struct ev_casualties {
    int battle;
    mu_army side;
    int brigade; /* 0: batteries only */
    int lost, captured;
    int batteries; /* taken (schema 4) */
    int batteries_lost; /* destroyed: gone for good */
    ev_camp camp;  /* where what was taken is held ("" if nothing was) */
} ev_casualties;

/* Stands going home from a camp, to the brigade they were taken from. */
typedef struct ev_freed {
    int division;
    mu_army side;
    int brigade, stands;
    bool hidden; /* projected: a hidden division's stands, all in one */
} ev_freed;

/* A leader going home from a camp to the post he was taken from. */
typedef struct ev_freed_leader {
    int division;
    mu_army side;
    mu_post post;  /* division or brigade */
    int brigade;   /* post brigade */
    mu_rating rating;
    bool hidden;   /* projected: a hidden division's, "a leader" */
} ev_freed_leader;

typedef struct ev_release {
    int union_stands, confederate_stands; /* exchange */
    int union_leaders, confederate_leaders;     /* exchange (schema 4) */
    int union_batteries, confederate_batteries; /* exchange (schema 4) */
    mu_army side;                         /* liberate: whose men */
    bool has_camp;                        /* liberate: one camp, */
    ev_camp camp;                         /* this one */
    int total;                            /* liberate: stands */
    int n;
    ev_freed *stands; /* malloc'd (camp_ev_clear) */
    int nleaders;
    ev_freed_leader *leaders; /* malloc'd */
    int nbatteries;
    ev_freed *batteries; /* malloc'd; .stands counts batteries, brigade 0 */
} ev_release;

/* offer, accept, decline, withdraw: an exchange or liberation a side
 * offers, which moves no one until the other side accepts it (seed 000:
 * prisoners "can only be exchanged by mutual consent"). An offer keeps
 * what it asks in `release` (an exchange's counts; a liberation's side
 * and camp, no one listed); an accept keeps there the release it made, as
 * an exchange or liberation event does; a decline or withdrawal nothing. */
typedef struct ev_offer {
    int64_t offer;      /* answers: the offer answered (its event id) */
    camp_ev_kind of;    /* EV_EXCHANGE or EV_LIBERATE */
    int by;             /* mu_side: who offers (a side), who answers */
    ev_release release;
} ev_offer;

/* leader-lost and downgrade. */
typedef struct ev_leader {
    mu_army side;
    mu_post post;
    int brigade;                 /* post brigade */
    char corps[EV_NAME_MAX + 1]; /* post corps */
    mu_rating was, rating;
    ev_seed seed;     /* leader-lost */
    int roll;         /* leader-lost */
    mu_rating rolled; /* leader-lost */
    int owed;         /* downgrade */
    int attached;     /* post corps: division a despicable one joins; 0 */
    bool captured;    /* leader-lost: taken prisoner (schema 4) */
    ev_camp camp;     /* and held there */
} ev_leader;

/* default-camp: where `side` holds what it takes when no camp is named,
 * from now on, and before. Both always written (a built-in name too). */
typedef struct ev_default_camp {
    mu_army side;
    ev_camp camp, was;
} ev_default_camp;

/* name: division `division` (brigade 0) or its brigade `brigade` takes
 * the name `name`; `was` its name before ("" for a brigade that had none,
 * written as null). */
typedef struct ev_name {
    int brigade;
    char name[EV_NAME_MAX + 1];
    char was[EV_NAME_MAX + 1];
} ev_name;

typedef struct ev_penalty {
    mu_army side;
    int owed;
} ev_penalty;

/* Who recorded an event and when: "author" and "time", the last fields of
 * every payload since they were recorded (an older event has neither; in
 * the hash chain with the rest, docs/design.md "Who and when"). camp_event
 * stamps each event it writes from the handle: whom it acts for, and its
 * clock once the caller set one (mu_campaign_clock_set). */
#define EV_TIME_LEN 21 /* "2026-12-01T19:30:00Z" and the NUL */
typedef struct ev_stamp {
    bool has_author;
    int author; /* mu_side: MU_SIDE_NONE is the umpire */
    bool has_time;
    char time[EV_TIME_LEN]; /* UTC, ISO 8601 to the second */
} ev_stamp;

/* A time as events write it (seconds since 1970, UTC, of the years
 * 1970..9999), false for one outside them; and back, false for a text
 * that is not exactly so written (a real date and time). In plain.c, below
 * the codec (no words for people, nothing to translate). */
bool camp_time_text(int64_t secs, char out[EV_TIME_LEN]);
bool camp_time_parse(const char *s, int64_t *secs);
/* "umpire", "union", "confederate" for i = 0, 1, 2 (a mu_side + 1). */
const char *ev_author_word(int i);

typedef struct camp_ev {
    camp_ev_kind kind;
    int64_t id;   /* its number in the log (0 before it is written) */
    int division; /* the division it is about, 0: none */
    ev_stamp stamp; /* as read back; camp_event writes the handle's */
    /* Projected (camp_ev_project): the division is hidden from the viewer,
     * who is shown the kind and division only (an engage: its name and
     * commitment too). */
    bool hidden;
    union {
        ev_new new_;
        ev_add add;
        ev_engage engage;
        ev_reveal reveal;
        ev_battle_start start;
        ev_battle_end end;
        ev_casualties cas;
        ev_release release; /* exchange, liberate */
        ev_leader leader;   /* leader-lost, downgrade */
        ev_penalty penalty;
        ev_fair fair;       /* fair-commit, contribute */
        ev_advance advance;
        ev_undo undo;
        ev_tables tables;
        ev_default_camp dcamp;
        ev_name name;
        ev_offer offer;     /* offer, accept, decline, withdraw */
    } u;
} camp_ev;

/* What a reader may see: masked(ctx, div) says a division is hidden from
 * it. NULL masked: everything is visible. */
typedef struct ev_view {
    bool (*masked)(const void *ctx, int div);
    const void *ctx;
} ev_view;

/* Decoding state: the first error sticks, later reads do nothing. */
typedef struct ev_reader {
    const char *path;
    int64_t id;
    const char *kind;
    const char *raw; /* the stored text, for exact 64-bit seeds */
    mu_status st;
    mu_error *err;
} ev_reader;

/* Where an event keeps the division it is about (also events.division). */
typedef enum ev_div_place {
    EV_DIV_NONE,   /* about no one division */
    EV_DIV_FIRST,  /* "division" is the payload's first field */
    EV_DIV_INSIDE  /* the kind's encoder writes "division" itself */
} ev_div_place;

/* A payload's walk, which writes it or reads it back (evfield.h). */
typedef struct ev_cd ev_cd;

typedef struct camp_ev_type {
    const char *name; /* events.kind */
    ev_div_place division;
    void (*codec)(ev_cd *c, camp_ev *e);
    /* One log line (without "#N " and the newline), of the event as
     * projected for its reader (camp_ev_project). */
    void (*text)(const camp_ev *e, sbuf *sb);
} camp_ev_type;

extern const camp_ev_type camp_ev_types[EV_NKINDS];

/* The kind named `name`; false for an unknown one. */
bool camp_ev_kind_of(const char *name, camp_ev_kind *out);

/* The payload as a JSON object (the caller's), fields in documented order,
 * e->stamp last; camp_ev_encode_stamped with `st` instead. */
cJSON *camp_ev_encode(const camp_ev *e);
cJSON *camp_ev_encode_stamped(const camp_ev *e, const ev_stamp *st);
/* "[2026-12-01T19:30:00Z union] " (what of it there is), or nothing. */
void camp_stamp_text(const ev_stamp *st, sbuf *sb);

/* Reads event `id` of kind `kind` from its stored text into *e (zeroed
 * first; release with camp_ev_clear). MU_EIO naming the event and the field
 * when the kind is unknown, the text is not a JSON object, or a field is
 * missing, of the wrong type or out of range. `path` is the campaign's. */
mu_status camp_ev_decode(const char *path, int64_t id, const char *kind,
                         int division, const char *text, camp_ev *e,
                         mu_error *err);

/* "50% of the battlefield losses return", or for a split rate "battlefield
 * losses return 2/3 to the winner, 50% to the loser, 50% when no one
 * wins". */
void camp_return_text(mu_rat draw, mu_rat winner, mu_rat loser, sbuf *sb);

/* Frees what a decoded or built event owns; leaves it empty. */
void camp_ev_clear(camp_ev *e);

/* The "known" member of event `id`'s JSON text `text` (an add or engage
 * payload, or its entry in a player's log) into *k, as camp_ev_decode
 * reads it. */
mu_status camp_known_decode(const char *path, int64_t id, const char *text,
                            ev_known *k, mu_error *err);

/* "#N " is the caller's; the event's text line(s), no final newline: of
 * the event as projected for the reader. */
void camp_ev_text(const camp_ev *e, sbuf *sb);

/* ---- what a viewer is shown (project.c) ---------------------------------
 * The one place that decides what a viewer is shown of an event. Every face
 * renders the projection and nothing else: the log's text, JSON and
 * Markdown (log.c), the answer to a write, the live stream, a player's own
 * file, and the side's view chain (view.c), which hashes the projection's
 * canonical bytes.
 *
 * camp_ev_project changes *e in place to what `viewer` (a mu_side) is
 * shown, v->masked saying which divisions are hidden from it: an event
 * about a hidden division (not an add) keeps its kind and division only
 * (e->hidden; an engage its name and commitment too); a hidden division's
 * returns, freed stands and captured leaders become one entry each
 * (per division for returns and stands, with the stands' total); what an
 * order of battle knew of another side's division goes. True when
 * anything was withheld. */
bool camp_ev_project(camp_ev *e, const ev_view *v, int viewer);

/* The projected event as the log's JSON entry (event.c, beside its
 * reader): "id", "kind", then its fields (an undo's undone kind as
 * "undone_kind"); the caller's. */
cJSON *camp_ev_shown(const camp_ev *e);

/* Reads a log JSON entry (camp_ev_shown's) back into *e, hidden entries
 * and all; MU_EIO naming the field when it is not one. */
mu_status camp_ev_decode_shown(const char *path, const char *text,
                               camp_ev *e, mu_error *err);
/* The same from the entry already parsed (o); raw its text when there is
 * one (for a seed's exact digits), else NULL. */
mu_status camp_ev_decode_shown_val(const char *path, const ej_val *o,
                                   const char *raw, camp_ev *e,
                                   mu_error *err);

/* The projected event as `campaign log` tells it after "#N " and the
 * stamp: its line(s), each ending in a newline; a hidden one's kind and
 * division only. */
void camp_ev_log_text(const camp_ev *e, sbuf *sb);

#endif
