/* SPDX-License-Identifier: MIT */
/*
 * muster/campaign.h -- the campaign ledger: canonical JSON, commitments to
 * hidden divisions, and the SQLite campaign file.
 *
 * Threads. A mu_campaign (an SQLite connection and its statements) is
 * not to be used from two threads at once, not even to read: give each
 * thread its own handle from mu_campaign_open (several may be open on the
 * same file, in one process or many; SQLite's locks order their writes).
 * No call changes the process's state (a new file is opened with its mode,
 * and the kernel applies the umask). The canonical JSON and commitment
 * functions are reentrant.
 */
#ifndef MUSTER_CAMPAIGN_H
#define MUSTER_CAMPAIGN_H

#include "core.h"
#include "oob.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Canonical JSON and commitments.
 *
 * A hidden division is kept secret yet provably unaltered by a commitment,
 * defined exactly so that anyone can check it with other tools:
 *
 *   C          = the canonical JSON of the division, as RFC 8785 (JCS) writes
 *                it: object keys sorted by their UTF-16 code units, no white
 *                space, numbers as ECMAScript prints them (integers as
 *                integers), strings escaped minimally (\" \\ \b \f \n \r \t,
 *                other control characters as \u00xx), everything else as
 *                UTF-8;
 *   salt       = 16 random bytes (libsodium randombytes_buf), shown as 32
 *                lower-case hex digits;
 *   commitment = SHA-256(salt bytes || bytes of C), as 64 lower-case hex
 *                digits.
 *
 * With a shell: (printf "$(echo SALT | sed 's/../\\x&/g')"; printf %s "C") |
 * sha256sum. Hex given to muster may be in either case. */
#define MU_SALT_BYTES 16
#define MU_SALT_HEX (2 * MU_SALT_BYTES + 1)   /* buffer size, with the NUL */
#define MU_COMMITMENT_HEX 65                  /* buffer size, with the NUL */

/* Rewrites any JSON text (UTF-8, at most `len` bytes, no NUL characters)
 * in the canonical form above. The same value however it is spaced or
 * ordered gives the same bytes; a changed value gives other bytes.
 * Owns: *out is malloc'd text; free() it.
 * Errors: MU_EINPUT for text that is not JSON, a key given twice in one
 * object, a number too large for a double, a string that is not UTF-8 or
 * holds \u0000. */
MU_API mu_status mu_json_canonicalize(const char *text, size_t len, char **out,
                                      mu_error *err);

/* commitment = SHA-256(salt || canonical(json)) for a salt given as 32 hex
 * digits, written as 64 hex digits and a NUL.
 * Errors: MU_EINPUT for bad hex or JSON. */
MU_API mu_status mu_commitment_compute(const char *json, size_t len,
                                       const char *salt_hex,
                                       char commitment[MU_COMMITMENT_HEX],
                                       mu_error *err);

/* Checks that `text` is the division a commitment was made to. `text` is
 * the division's JSON, or the whole document `mu_campaign_reveal` prints
 * ({"division":{...},"salt":HEX,"commitment":HEX}), whose "division" is then
 * checked; `salt_hex` may be NULL only in that case, to take the document's
 * salt. The commitment is always the caller's: the one given before the
 * reveal. MU_OK when it matches.
 * Errors: MU_EMISMATCH when it does not, MU_EINPUT for unreadable hex or
 * JSON. */
MU_API mu_status mu_commitment_verify(const char *commitment_hex,
                                      const char *salt_hex, const char *text,
                                      size_t len, mu_error *err);

/* The campaign ledger.
 *
 * The seed's campaign paragraphs: a division stays unknown until it first
 * fights, then it is generated once and kept; casualties come off its actual
 * strength; after a battle a share of the battlefield losses comes back
 * (the seed: 50 %), prisoners do not; prisoners stay with the captor until
 * exchanged by mutual consent or freed when their camp is liberated.
 *
 * A campaign is one SQLite file (WAL, foreign keys on, synchronous FULL, a
 * busy timeout of 15 s so that two writers wait for each other). Every
 * mutating call is one transaction: it changes everything it says or, on any
 * error, nothing; each writes one event to the log with the rolls it made.
 * Calls that roll take a mu_dice; a scripted source must be used up
 * exactly, or the call fails with
 * MU_EINPUT and stores nothing. While a callback source waits for a roll the
 * call holds the write lock, so other writers wait (up to the timeout).
 *
 * Errors: MU_EINPUT for a bad argument (an unknown division or brigade, more
 * losses than stands, more prisoners than are held, a file that is not a
 * campaign or was written by a newer muster), MU_ESTATE when the request
 * conflicts with the ledger (engaging twice, casualties outside a battle),
 * MU_EIO when the file cannot be read or written or stays busy (reason
 * MU_R_BUSY), MU_ENOROLL when the dice ran out, MU_EINTERNAL for a failure
 * inside SQLite. The entries below name only the errors particular to
 * them. An unknown division is MU_EINPUT with MU_R_NO_SUCH_DIVISION; a
 * hidden one the acting side may not touch, MU_ESTATE with
 * MU_R_HIDDEN_DIVISION. A mutating call writes the id of the event it
 * logged to *event when `event` is not NULL.
 *
 * Ids: divisions and events are numbered from 1 in the order they are made;
 * brigades are numbered from 1 within their division. */
typedef struct mu_campaign mu_campaign;

/* Longest name of a campaign, division, corps or battle, in bytes. */
#define MU_CAMPAIGN_NAME_MAX 100

/* The schema this muster writes (PRAGMA user_version). Files with a newer
 * schema are refused; an older file is upgraded in place when it is opened
 * (one transaction; a file that cannot be written then fails to open). */
#define MU_CAMPAIGN_SCHEMA 11

/* A share of the losses is a mu_rat in [0, 1] (1/2 is the seed's 50 %).
 * mu_share_parse reads a percentage "50", "66.67" or "50%" (at most 4
 * decimals) or a fraction "2/3" (parts up to 10^6): 0..100 % in all, kept
 * exact (66.67 % is 6667/10000, not 2/3).
 * Errors: MU_EINPUT for anything else. */
MU_API mu_status mu_share_parse(const char *s, mu_rat *out, mu_error *err);
/* "50%", "66.67%" (a percentage when it is one with at most 4 decimals) or
 * "2/3"; mu_share_parse reads it back equal. Returns buf (n >= MU_RAT_BUF
 * never truncates). */
MU_API char *mu_share_text(mu_rat share, char *buf, size_t n);

/* What a new campaign is. Start from mu_campaign_defaults(). */
typedef struct mu_campaign_opts {
    const char *name;   /* required, 1..100 bytes of UTF-8 */
    int year;           /* 1861..1865: every division is generated for it */
    mu_theater theater;
    mu_rat draw;        /* share returned when a battle ends without a
                           winner, in [0, 1] */
    mu_rat winner;      /* share returned to the winner's brigades */
    mu_rat loser;       /* share returned to the loser's */
    const char *rules;  /* generation tables as INI text, stored in the
                           file; NULL for the built-in ones */
    size_t rules_len;
    const char *rules_name; /* the file the tables came from, for errors
                               ("my.ini:25: ..."); NULL: "the tables" */
    bool has_time;  /* the time of the "new" event, and the clock of the
                       handle mu_campaign_create gives (see
                       mu_campaign_clock_set); false: none */
    int64_t time;   /* seconds since 1970, UTC */
} mu_campaign_opts;

/* No name, year 0, the seed's 50 % for every outcome, built-in tables. */
MU_API mu_campaign_opts mu_campaign_defaults(void);

/* Creates a campaign file at `path`, which must not exist yet. On failure
 * nothing is left behind.
 * Owns: *out is the open campaign; close it with mu_campaign_close.
 * Errors: MU_EINPUT for bad options or a file that exists, MU_EIO when it
 * cannot be written. */
MU_API mu_status mu_campaign_create(const char *path, const mu_campaign_opts *o,
                                    mu_campaign **out, mu_error *err);

/* Opens an existing campaign. Opening changes nothing in a file that is
 * not a campaign.
 * Owns: *out is the open campaign; close it with mu_campaign_close.
 * Errors: MU_EIO if the file cannot be opened (reason MU_R_NO_CAMPAIGN
 * when it does not exist), MU_EINPUT if it is not a campaign or its schema
 * is newer than MU_CAMPAIGN_SCHEMA. */
MU_API mu_status mu_campaign_open(const char *path, mu_campaign **out,
                                  mu_error *err);
/* Opens a campaign for reading only (show, log, prisoners, check, head):
 * nothing is written next to it or into it. Where SQLite could not make
 * its lock and WAL index files (a read-only folder or file, or no room
 * left on the disk), the file is read as it is (SQLite's immutable mode:
 * no locks, so only while no one writes it). An older schema is upgraded
 * in a copy in memory, never on disk, but for schema 6, which lacks only
 * schema 7's indexes: that file is read as it is (its listings then sort
 * as they did). Every call that would change the campaign
 * fails with MU_EIO. Errors as for mu_campaign_open. */
MU_API mu_status mu_campaign_open_read(const char *path, mu_campaign **out,
                                       mu_error *err);
/* Closes a campaign; NULL is a no-op. */
MU_API void mu_campaign_close(mu_campaign *c);
/* The events this handle appended and committed since it was opened, as
 * runs of consecutive ids: first[i]..last[i] for i below the count
 * returned (0: none; NULL c: 0). Each id is the one the call that made it
 * wrote, so another writer's events in the same file are never among them
 * (a front end names what its own call recorded). Past MU_APPENDED_RUNS
 * runs the last one stretches to the latest event appended. */
#define MU_APPENDED_RUNS 8
MU_API size_t mu_campaign_appended(const mu_campaign *c,
                                   int64_t first[MU_APPENDED_RUNS],
                                   int64_t last[MU_APPENDED_RUNS]);
/* The id of the division named `name` (letters compared without case, as
 * SQLite's NOCASE: ASCII only). Names are public: a side sees every
 * division's, hidden ones too.
 * Errors: MU_EINPUT when no division or more than one has that name (the
 * message lists their ids). */
MU_API mu_status mu_campaign_division_find(mu_campaign *c, const char *name,
                                           int *id, mu_error *err);
/* The number (from 1) of division `div`'s brigade named `name` (its own
 * name, mu_campaign_name_set; letters compared without case, ASCII only,
 * the whole name). The division is read as the handle's viewer may see it
 * first: one hidden from the viewer is refused as every call about it is
 * (MU_ESTATE, MU_R_HIDDEN_DIVISION), the same whatever name was asked, so
 * a name tells the other side nothing; so is one that has not fought
 * (MU_ESTATE), whose brigades are not known yet.
 * Errors: MU_EINPUT (MU_R_NO_SUCH_DIVISION) for no division `div`,
 * MU_EINPUT when no brigade of it has that name, or two have (the message
 * names both, number and name). */
MU_API mu_status mu_campaign_brigade_find(mu_campaign *c, int div,
                                          const char *name, int *brigade,
                                          mu_error *err);

/* Who is looking, or acting (a mu_side, muster/core.h): MU_SIDE_NONE is
 * the umpire, who sees everything; a side sees its own divisions, the
 * other side's open and revealed ones, and of the other side's hidden
 * divisions only what the log shows everyone: name, side, corps and
 * commitment.
 *
 * From now on the handle acts for `v` (a campaign opens as the umpire). A
 * side may not learn anything about the other side's unrevealed hidden
 * divisions: every call that would read or change one (casualties, leaders,
 * downgrades, reveal, ...) fails with MU_ESTATE and one message, the same
 * whatever was asked, that names only the division's id; show, log and
 * prisoners mask it; mu_campaign_check_head, which reads every secret,
 * refuses.
 * Front ends map their users to viewers here (a front end's own login: a
 * command-line choice, a web link's token), so the library, not the front
 * end, keeps the secret.
 * Errors: MU_EINPUT for a value that is no viewer. */
MU_API mu_status mu_campaign_act_as(mu_campaign *c, mu_side v, mu_error *err);
/* Whom the handle acts for. */
MU_API mu_side mu_campaign_viewer(const mu_campaign *c);

/* Keyed changes: a change that a client may send more than once (a retry
 * after a lost answer, a phone's offline queue sent again) carries a key,
 * and is recorded once for good. The key's length, in characters. */
#define MU_REQUEST_KEY_MAX 100
/* Whether `key` may be a request's key: 8 to MU_REQUEST_KEY_MAX letters,
 * digits, '-' or '_' (a UUID is one). */
MU_API bool mu_campaign_request_key_ok(const char *key);
/* The next change this handle records is the request `key` (8 to
 * MU_REQUEST_KEY_MAX letters, digits, '-' or '_') of its viewer, whose
 * content is `what` (64 hex digits: the caller's digest of what was asked).
 * The key is stored with the change's events in the same transaction, and
 * kept for good (undo and a replay keep it; a player's own file holds none).
 * That change then fails, changing nothing, with MU_ESTATE and reason
 * MU_R_REQUEST_DONE when the viewer's key is stored already with the same
 * `what` (the answer is mu_campaign_request_answer's), or MU_R_REQUEST_REUSED
 * when with another one. A change that records no event leaves the key
 * unused. Errors: MU_EINPUT for a malformed key or digest. */
MU_API mu_status mu_campaign_request_set(mu_campaign *c, const char *key,
                                         const char *what, mu_error *err);
/* The answer a front end gave to the viewer's request `key`, kept with it
 * (mu_campaign_request_answer_set): *status (an HTTP status), *events (the
 * ids it recorded, "7" or "7-9", *events_out malloc'd) and *body
 * (malloc'd; NULL with *status 0 when the change was recorded but its
 * answer was not kept: the caller says the change is recorded).
 * Owns: free() *body and *events.
 * Errors: MU_ESTATE when the viewer has no such request. */
MU_API mu_status mu_campaign_request_answer(mu_campaign *c, const char *key,
                                            int *status, char **body,
                                            char **events, mu_error *err);
/* Keeps the answer to the viewer's request `key` (recorded already). */
MU_API mu_status mu_campaign_request_answer_set(mu_campaign *c,
                                                const char *key, int status,
                                                const char *body,
                                                const char *events,
                                                mu_error *err);

/* Who and when. Every event records its author, whom the handle acts for
 * (the umpire or a side, mu_campaign_act_as), and, once the caller has set
 * the handle's clock, the time it was recorded, UTC to the second: the
 * payload's last fields "author" and "time", in the hash chain with the
 * rest, and shown wherever the event is (never for an event masked from
 * the reader). The library never reads the system's clock: the caller
 * passes the time in, so that a test can fix it. `secs` is seconds since
 * 1970 (UTC, leap seconds not counted) of the years 1970..9999. Without a
 * clock events record no time. Events written before these fields have
 * neither.
 * Errors: MU_EINPUT for a time outside those years. */
MU_API mu_status mu_campaign_clock_set(mu_campaign *c, int64_t secs,
                                       mu_error *err);
/* The seconds of a time as events write it, "2026-12-01T19:30:00Z" (UTC,
 * to the second, a real date of the years 1970..9999).
 * Errors: MU_EINPUT for anything else. */
MU_API mu_status mu_campaign_time_parse(const char *s, int64_t *secs,
                                        mu_error *err);

/* The secret of a viewer's link to a served campaign (a front end's way
 * of telling who is asking): 32 lower-case hex digits, 128 bits from the
 * system's random generator, kept in the campaign file so that a link
 * still works after the server restarts. It is in no event, is not undone
 * or checked, and a player's own file (mu_campaign_export) does not keep
 * it. MU_LINK_READ gives it, or "" when the viewer has none yet (no
 * write); MU_LINK_MAKE makes it when there is none; MU_LINK_ROTATE makes
 * a new one in its place, so that the old one stops working.
 * Errors: MU_ESTATE acting for a side or on a player's own file (the
 * umpire hands out the links); MU_EIO writing a file opened read-only. */
#define MU_LINK_TOKEN_HEX 33
typedef enum mu_link_mode {
    MU_LINK_READ,
    MU_LINK_MAKE,
    MU_LINK_ROTATE
} mu_link_mode;
MU_API mu_status mu_campaign_link(mu_campaign *c, mu_side v,
                                  mu_link_mode mode,
                                  char out[MU_LINK_TOKEN_HEX], mu_error *err);

/* Adds an unengaged division to `side`; nothing is rolled. Names identify
 * divisions to the players: a name already in the campaign (either side)
 * is refused with MU_EINPUT. `corps` names its
 * corps (NULL: none); corps are made on first mention, per side. Names are
 * as mu_campaign_name_set takes them. *id is the new division's id.
 * Errors: MU_EINPUT for a bad name, side or arm. */
MU_API mu_status mu_campaign_add(mu_campaign *c, mu_army side, const char *name,
                                 mu_arm arm, const char *corps, int *id,
                                 mu_error *err);

/* Adds every division of an order of battle sheet (muster/oob.h), in its
 * order, as mu_campaign_add adds one, each with what the sheet knows of
 * it: one transaction, so that all of them are added or, on any error,
 * none. What is known is kept when the division first engages
 * (mu_campaign_engage), and only the rest is rolled then; the add event
 * and that engage event carry it ("known"). Until then it is the owner's:
 * the other side's log shows the add without it, and its view chain masks
 * that add. `name` stands for the sheet in messages; *first (may be NULL)
 * is the first new division's id, the others following in order.
 * Errors: MU_EINPUT for a name the campaign already has, or one used twice
 * (the message names the sheet's line), MU_ESTATE acting for a side
 * that the sheet's divisions are not all of (the umpire imports both). */
MU_API mu_status mu_campaign_import(mu_campaign *c, const mu_oob_sheet *s,
                                    const char *name, int *first,
                                    mu_error *err);

/* The campaign's divisions as an order of battle sheet, as the handle's
 * viewer may see them, in format f: every division with its side, corps
 * and arm; of the viewer's own divisions and the other side's open and
 * revealed ones, also what is known (an imported division's sheet values
 * before it engages; its leader's and brigadiers' ratings as the tables
 * gave them, each brigade's stands at its first engagement, its morale and
 * its own batteries after), with the brigades' and brigadiers' names from
 * the sheet. Imported again into a new campaign, it exports to the same
 * bytes.
 * Owns: *out is malloc'd text; free() it. */
MU_API mu_status mu_campaign_export_sheet(mu_campaign *c, mu_sheet_format f,
                                          char **out, mu_error *err);

/* Names division `div` (brigade 0) or its brigade number `brigade` (from
 * 1): one "name" event, replayed, undone and checked like any other.
 * Rosters, labels, show and the log call the unit by its name from then
 * on. A division's name is public and its own (another division's name is
 * refused); a brigade's is part of its division's composition, kept from
 * the other side while the division is hidden. Acting for a side, only its
 * own divisions. Names are 1..MU_CAMPAIGN_NAME_MAX bytes of UTF-8 without
 * control characters, format characters (bidi overrides and isolates,
 * zero-width characters) or line separators, and are stored in Unicode
 * NFC, the length counted after; this holds for
 * every name the ledger takes (campaign, division, corps, brigade, battle,
 * camp).
 * Errors: MU_EINPUT for a bad name, a brigade the division does not have,
 * another division's name, or the name the unit has already; MU_ESTATE
 * acting for the other side, naming a brigade of a division that has not
 * engaged (it has none yet), or renaming a hidden division before it is
 * revealed (the other side knows it by its name). */
MU_API mu_status mu_campaign_name_set(mu_campaign *c, int div, int brigade,
                                      const char *name, int64_t *event,
                                      mu_error *err);

/* The result of a first engagement. */
typedef struct mu_engagement {
    int id;               /* the division */
    char name[MU_CAMPAIGN_NAME_MAX + 1];
    int64_t event;        /* its log entry */
    mu_division division; /* as generated, with every roll */
    bool hidden;
    char salt[MU_SALT_HEX];             /* hidden: the salt (keep it secret) */
    char commitment[MU_COMMITMENT_HEX]; /* hidden: give this to the opponent */
    bool corps_leader;      /* the division's corps leader was rated now */
    char corps[MU_CAMPAIGN_NAME_MAX + 1]; /* that corps */
    mu_rating corps_rating; /* as played */
    mu_rating corps_rolled; /* as the table gave it */
    int corps_roll;
    bool has_seed;          /* the dice were seeded: the seed repeats it */
    uint64_t seed;
    bool fair;              /* rolled by the two-party seed (see below) */
} mu_engagement;

/* First engagement of division `div`: generated with the campaign's year and
 * theater and tables by mu_division_generate, in its roll order, then, if it
 * is the first of its corps to fight, the corps leader (table 2). A
 * despicable corps leader attaches to this division's leader (the seed's
 * note). `hidden` stores a commitment (see above) and keeps the division
 * from other viewers until mu_campaign_reveal. `by_the_book` plays
 * despicable leaders as average.
 * Owns: *out is a plain value.
 * Errors: MU_ESTATE if it has engaged before. */
MU_API mu_status mu_campaign_engage(mu_campaign *c, int div, bool hidden,
                                    bool by_the_book, mu_dice *d,
                                    mu_engagement *out, mu_error *err);

/* An engagement as text, json or markdown. Open: the division as
 * mu_division_render writes it (with the seed when there is one), then the
 * corps leader if one was rated; JSON {"id":N,"division":{...},
 * "corps_leader":{...}|null}. Hidden: only the commitment, JSON
 * {"commitment":HEX}. The format is o->format (o NULL: text).
 * Owns: *out is malloc'd text; free() it. */
MU_API mu_status mu_engagement_render(const mu_engagement *e,
                                      const mu_render_opts *o, char **out,
                                      mu_error *err);

/* The document that opens a hidden division's commitment, one line:
 * {"division":{...},"salt":HEX,"commitment":HEX}, the division in canonical
 * JSON. The first reveal is logged and ends the secrecy.
 * Owns: *out is malloc'd text; free() it.
 * Errors: MU_ESTATE for a division that was not engaged hidden. */
MU_API mu_status mu_campaign_reveal(mu_campaign *c, int div, char **out,
                                    mu_error *err);

/* Fair hidden rolls.
 *
 * A hidden division rolled with dice its owner chose (typed rolls, or a
 * seed tried offline until one pleased) cannot be proved fair: reveal and
 * show mark it "not verifiable". A fair roll is made by both players, each
 * with their own copy of the campaign, in three steps:
 *
 *   1. the owner draws a secret S (32 random bytes, libsodium
 *      randombytes_buf) and gives the opponent only its commitment
 *        H = SHA-256("muster fair commit v1" 0x00 || S)
 *      (mu_campaign_fair_commit);
 *   2. the opponent, having seen H, draws a contribution R (32 random
 *      bytes) and gives it to the owner; their file records H and R
 *      (mu_campaign_contribute);
 *   3. the owner rolls the division on the seeded dice (see mu_dice) of
 *        seed = the first 8 bytes of
 *               SHA-256("muster fair seed v1" 0x00 || S || R),
 *               read as a little-endian unsigned 64-bit integer,
 *      for the year and theater of the battle under way (or the
 *      campaign's), hidden as any other (mu_campaign_engage_fair).
 *
 * The strings are hashed as their ASCII bytes followed by one zero byte; S,
 * R and H travel as 64 lower-case hex digits. At the reveal the document
 * carries S and R, and the opponent (mu_campaign_fair_verify) checks that S
 * opens H, that R is theirs, and that the public tables on that seed give
 * exactly the division revealed. Neither player alone chooses the seed: the
 * owner is bound to S before R exists, and R tells nothing about S. */
#define MU_FAIR_HEX 65 /* 64 hex digits and the NUL */

/* H of a secret given as 64 hex digits. MU_EINPUT for bad hex. */
MU_API mu_status mu_fair_commitment(const char *secret_hex,
                                    char commitment[MU_FAIR_HEX],
                                    mu_error *err);
/* The seed of a secret and a contribution, as above. */
MU_API mu_status mu_fair_seed(const char *secret_hex,
                              const char *contribution_hex, uint64_t *seed,
                              mu_error *err);

/* Step 1, the owner: draws and keeps the secret for unengaged division
 * `div` and writes its commitment H. Asked again before the roll, it gives
 * the same H (no new secret: that would be a re-roll). MU_ESTATE if the
 * division has engaged, or the handle acts for the other side. */
MU_API mu_status mu_campaign_fair_commit(mu_campaign *c, int div,
        char commitment[MU_FAIR_HEX], int64_t *event, mu_error *err);

/* Step 2, the opponent: records the owner's commitment H for the other
 * side's division `div` and draws the contribution R. Asked again with the
 * same H it gives the same R; with another H it fails with MU_ESTATE (the
 * owner asking twice is trying to roll again). MU_ESTATE too if the handle
 * acts for the division's own side, or the division has engaged in this
 * file. */
MU_API mu_status mu_campaign_contribute(mu_campaign *c, int div,
                                        const char *commitment_hex,
                                        char contribution[MU_FAIR_HEX],
                                        int64_t *event, mu_error *err);

/* Step 3, the owner: the first engagement of `div`, hidden, rolled on the
 * two-party seed of its secret and the contribution R (NULL: the one
 * recorded in this file, when both players share it). Otherwise as
 * mu_campaign_engage. MU_ESTATE without a secret (step 1) or with an R
 * other than the one recorded. */
MU_API mu_status mu_campaign_engage_fair(mu_campaign *c, int div,
        const char *contribution_hex, bool by_the_book, mu_engagement *out,
        mu_error *err);

/* The opponent's check of a reveal document (mu_campaign_reveal) of the
 * other side's division `div`, against what this file recorded at step 2:
 * the secret opens the commitment, the contribution is the one drawn here,
 * and the division is exactly what the campaign's tables give on their
 * seed, for the year and theater in force at the contribution. MU_OK with
 * a one-line *report; MU_EMISMATCH (with the reason in err) for a division
 * not rolled fairly, or not verifiable; MU_EINPUT for an unreadable
 * document; MU_ESTATE if no contribution is recorded here. */
MU_API mu_status mu_campaign_fair_verify(mu_campaign *c, int div,
        const char *doc, size_t len, char **report, mu_error *err);

/* A campaign runs across the war: its date moves on to `year` (later than
 * the campaign's, at most 1865) between battles (MU_ESTATE while one is
 * under way); divisions engaging from then on are generated for it. */
MU_API mu_status mu_campaign_advance(mu_campaign *c, int year, int64_t *event,
                                     mu_error *err);

/* Starts a battle called `name` in `theater` (MU_THEATER_UNKNOWN: the
 * campaign's), in the campaign's year. Divisions engaging during it are
 * generated for its year and theater.
 * Errors: MU_ESTATE with MU_R_BATTLE_UNDER_WAY while another is under way
 *         (only one can be). */
MU_API mu_status mu_campaign_battle_start(mu_campaign *c, const char *name,
        mu_theater theater, int64_t *event, mu_error *err);

/* Ends the battle under way, won by `winner` (MU_SIDE_NONE: a draw, the
 * draw rate for both sides). Each brigade gets back its side's share (the
 * winner's, loser's or draw share) of its battlefield losses in this
 * battle, prisoners excepted: floor(share x lost) stands,
 * and for a fraction f of a stand one more iff a d100 roll <= floor(100 f),
 * as for batteries; no roll when that is 0. Rolls go in order of division
 * id, then brigade. On seeded dice not used yet (a seed the event
 * records), each division rolls from its own stream, seeded with the
 * first 8 bytes, little-endian, of SHA-256("muster returns v1" 0x00 ||
 * LE64(seed) || LE32(division id)): a side's rolls do not depend on how
 * many a division hidden from it took. The winner must be said (a draw
 * is MU_SIDE_NONE): no battle ends as a draw by default.
 * Errors: MU_EINPUT with MU_R_NO_WINNER for MU_SIDE_UNSAID; MU_ESTATE
 * with MU_R_BATTLE_NOT_STARTED when none is under way, MU_ENOROLL. */
MU_API mu_status mu_campaign_battle_end(mu_campaign *c, mu_side winner,
                                        mu_dice *d, int64_t *event,
                                        mu_error *err);

/* Prisoner-of-war camps. Whatever a side captures (stands, leaders,
 * batteries) is held in one of its camps, named by the captor (1..100
 * bytes of UTF-8), or else in its default camp, "Union POW camp" or
 * "Confederate POW camp". A camp exists while it holds someone; a name
 * belongs to one captor at a time (the other side's default name never).
 * Returns the default camp of `captor` (static text). */
MU_API const char *mu_camp_default(mu_army captor);

/* The camp where `captor` holds what it takes when no camp is named: the
 * one chosen with mu_campaign_default_camp_set, else mu_camp_default(captor).
 * Written to out (n bytes, MU_CAMPAIGN_NAME_MAX + 1 hold any). Anyone may
 * ask (camps are in plain sight). */
MU_API mu_status mu_campaign_default_camp(mu_campaign *c, mu_army captor,
                                          char *out, size_t n, mu_error *err);

/* Chooses `captor`'s default camp: captures that name no camp go there from
 * now on (what is held already stays where it is). One event
 * ("default-camp"), undone like any other. Acting for a side, only its own.
 * Errors: MU_EINPUT for a name that is not a name, the other side's default
 * camp (built-in or chosen), a camp holding captor's own men (the other
 * side's), or the camp that is the default already; MU_ESTATE acting for
 * the other side. */
MU_API mu_status mu_campaign_default_camp_set(mu_campaign *c, mu_army captor,
                                              const char *camp,
                                              int64_t *event, mu_error *err);

/* One record of casualties of division `div` in the battle under way
 * (mu_campaign_casualties). Fields left 0 are none. */
typedef struct mu_casualties {
    int brigade;      /* the brigade of the stands, from 1; 0 when only
                         batteries are taken */
    int lost;         /* stands killed, wounded or straggling (some
                         return at the battle's end) */
    int captured;     /* stands handed to the other side as prisoners */
    int batteries;    /* whole batteries of the division taken: a battery
                         is one model on the table (fractions of a battery
                         exist only while a division is generated) */
    const char *camp; /* the captor's camp for what is taken; NULL: its
                         default camp */
    int batteries_lost; /* whole batteries of the division destroyed (not
                           held by the enemy: they never come back) */
} mu_casualties;

/* Casualties `x` of division `div` in the battle under way. Stands come
 * off brigade x->brigade: lost + captured is at most its current stands.
 * Batteries, captured or destroyed, come off the division's own (not its
 * reserve share); captured ones are held by the captor until exchanged or
 * liberated, destroyed ones are gone. At least one of lost, captured,
 * batteries and batteries_lost is non-zero; stands need a brigade.
 * Errors: MU_EINPUT with MU_R_NO_CASUALTIES when all four are 0, with
 * MU_R_LOSS_EXCEEDS_STANDS for more stands than the brigade has, and for
 * more batteries than the division has, a camp name that is not a name or
 * is the other side's camp; MU_ESTATE with MU_R_BATTLE_NOT_STARTED outside
 * a battle. */
MU_API mu_status mu_campaign_casualties(mu_campaign *c, int div,
        const mu_casualties *x, int64_t *event, mu_error *err);

/* What an exchange sends home, each count 0 or more: stands, leaders and
 * batteries of each side, longest held first, from any camp. */
typedef struct mu_exchange {
    int union_stands, confederate_stands;
    int union_leaders, confederate_leaders;
    int union_batteries, confederate_batteries;
} mu_exchange;

/* An exchange by mutual consent of stands, leaders and batteries: stands
 * rejoin the brigade each was taken from, a leader takes back the post he
 * was taken from (his replacement steps down), batteries rejoin their
 * division. The umpire (a handle acting for no side) records it at once;
 * acting for a side, it is that side's offer: an event that moves no one
 * until the other side accepts it (mu_campaign_offer_answer), when what it
 * asks for is freed as held then. *event is the exchange's or the offer's.
 * Errors: MU_EINPUT for more than are held of any kind, or for nothing. */
MU_API mu_status mu_campaign_exchange(mu_campaign *c, const mu_exchange *x,
                                      int64_t *event, mu_error *err);

/* Which camps a liberation frees: the one named `camp`, or, when camp is
 * NULL, every camp holding `side`'s men. */
typedef struct mu_liberation {
    mu_army side;     /* read only when camp is NULL */
    const char *camp;
} mu_liberation;

/* The camps `x` names are liberated: everyone they hold (stands, leaders,
 * batteries) goes home as in mu_campaign_exchange. Acting for a side, it
 * is an offer as there: everyone the camps hold when the other side
 * accepts it goes home then.
 * Errors: MU_EINPUT for a side that is none or a camp name that is not a
 * name; MU_ESTATE, reason MU_R_NO_SUCH_CAMP, when no such camp holds
 * anyone. */
MU_API mu_status mu_campaign_liberate(mu_campaign *c, const mu_liberation *x,
                                      int64_t *event, mu_error *err);

/* An answer to an offer (mu_campaign_exchange, mu_campaign_liberate). */
typedef enum mu_offer_answer {
    MU_OFFER_ACCEPT = 0, /* the other side agrees: the men go home now */
    MU_OFFER_DECLINE,    /* the other side refuses: no one moves */
    MU_OFFER_WITHDRAW    /* its maker takes it back: no one moves */
} mu_offer_answer;

/* Which kind of offer the caller means to answer. */
typedef enum mu_offer_kind {
    MU_OFFER_EXCHANGE = 0,
    MU_OFFER_LIBERATION,
    MU_OFFER_EITHER
} mu_offer_kind;

typedef struct mu_offer_reply {
    int64_t offer; /* the offer's event number */
    mu_offer_answer answer;
    mu_offer_kind of;
} mu_offer_reply;

/* Answers an offer that is open (neither answered nor undone), as one
 * event: an accept frees what the offer asks for, as held now; a decline
 * or withdrawal frees no one. Acting for a side, only the side that did
 * not make the offer accepts or declines it, and only its maker withdraws
 * it; the umpire may answer any offer. *event is the answer's.
 * Errors: MU_EINPUT for an event that is no offer, or an offer of the
 * other kind than r->of; MU_ESTATE for an offer answered or undone
 * already, an answer the acting side may not give, or (accepting) more
 * than is held now or a camp that holds no one. */
MU_API mu_status mu_campaign_offer_answer(mu_campaign *c,
                                          const mu_offer_reply *r,
                                          int64_t *event, mu_error *err);

/* Which leader of a division. */
typedef enum mu_post {
    MU_POST_DIVISION = 0, /* the division leader */
    MU_POST_BRIGADE,      /* a brigadier (give the brigade) */
    MU_POST_CORPS         /* the leader of the division's corps */
} mu_post;

/* A leader removed from play by combat: the replacement is rated with one
 * roll on table 2 (the division's army, the campaign's year). A despicable
 * corps leader attaches to division `div`; any other one is free.
 * Errors: MU_EINPUT for a post or brigade the division does not have,
 * MU_ENOROLL. */
MU_API mu_status mu_campaign_leader_lost(mu_campaign *c, int div, mu_post post,
        int brigade, mu_dice *d, int64_t *event, mu_error *err);

/* A division leader or brigadier taken prisoner: replaced as in
 * mu_campaign_leader_lost (one roll), and held in the captor's camp `camp`
 * (NULL: its default camp) with the rating he had, until exchanged or
 * liberated, when he takes back his post.
 * Errors: MU_EINPUT for MU_POST_CORPS (a corps leader is lost, not held)
 * or a camp name as in mu_campaign_casualties; otherwise as
 * mu_campaign_leader_lost. */
MU_API mu_status mu_campaign_leader_captured(mu_campaign *c, int div,
        mu_post post, int brigade, const char *camp, mu_dice *d,
        int64_t *event, mu_error *err);

/* The seed's despicable-leader note: `side` forgot to reveal a despicable
 * leader, so its opponent receives a despicable replacement to use on one
 * of `side`'s leaders (mu_campaign_downgrade). Penalties add up. */
MU_API mu_status mu_campaign_penalty(mu_campaign *c, mu_army side,
                                     int64_t *event, mu_error *err);

/* Spends one of the penalties against the division's side: an average
 * leader becomes despicable.
 * Errors: MU_ESTATE when there is no penalty (reason MU_R_NO_PENALTY), the
 * leader is not average (an exceptional one cannot be downgraded), or the
 * division plays by the book. */
MU_API mu_status mu_campaign_downgrade(mu_campaign *c, int div, mu_post post,
                                       int brigade, int64_t *event,
                                       mu_error *err);

/* Takes back event `event` of the log (0: the latest event that is neither
 * an undo nor undone) by appending a compensating "undo" event; no row of
 * the log is ever deleted or changed. The ledger then stands as if the
 * event had never happened: it is made again by replaying every event that
 * is not undone, in order, with its stored rolls, and check replays the
 * undo the same way. An event can be undone when nothing later depends on
 * it: when replaying the log without it gives every later event (not
 * undone) exactly as stored. So an engage is held by any later event about
 * its division (casualties, leaders, a battle's returns, prisoners freed)
 * and by a later engage in its corps whose corps leader it rated;
 * casualties by the end of their battle and by prisoners later freed; a
 * battle's start by its casualties and end; a battle's end by the next
 * battle; a leader's loss or downgrade by a later change of the same post
 * or a later downgrade that spent the same penalty; an advance by any
 * later engage, battle start or advance.
 * Not undone, ever: "new", an "add" (later events name the division by its
 * number), a "reveal" (the secret is out), the steps of a fair roll (the
 * opponent holds them), a hidden division's engage (undoing it would show
 * its rolls to the opponent and let its owner roll it again), and an undo
 * (undoing an undo is refused: record the event again instead).
 * Acting for a side, only events about that side's own divisions can be
 * undone; every other event gets one refusal that tells nothing about it,
 * and a refusal for a later event names only its number and kind.
 * *undo (may be NULL) is the undo event's number.
 * Errors: MU_EINPUT for an event the log does not have; MU_ESTATE for an
 * event that cannot be undone, with the reason (the later event that
 * depends on it, by number and kind); MU_EIO when the log does not replay
 * as stored (a damaged file: check tells where). */
MU_API mu_status mu_campaign_undo(mu_campaign *c, int64_t event,
                                  int64_t *undo, mu_error *err);

/* Every division, engaged or not: brigades with current stands, losses and
 * prisoners, leaders, batteries; corps leaders; prisoners held by each side.
 * Formats: text, json, markdown. JSON:
 *   {"campaign":{...},"battle":{...}|null,
 *    "divisions":[{"id":1,"name":"...","side":"union","engaged":true,
 *      "hidden":false,"brigades":[{"number":1,"stands":6,"start":7,"out":1,
 *      "prisoners":0,"returned":0,...}],...}],
 *    "corps":[...],"prisoners":{...}}
 * where for a brigade start = stands + out + prisoners: "out" are
 * battlefield losses not returned, a brigade's "prisoners" are held by the
 * other side now, and the top-level "prisoners" is the object
 * mu_campaign_prisoners_to writes as JSON.
 * The format is ro->format, ro->labels (may be NULL) names brigades; ro
 * NULL is text without labels.
 * Written as it is read: each division goes to `write` (in chunks of about
 * 64 KB, the first at once), so a campaign of any size takes the memory of
 * one division; mu_buf_write (muster/core.h) collects the whole text.
 * Divisions of a file damaged after some were written are followed by the
 * error, not preceded.
 * Errors: whatever `write` returns stops it. */
MU_API mu_status mu_campaign_show_to(mu_campaign *c, mu_side viewer,
                                     const mu_render_opts *ro,
                                     mu_sink_fn write, void *ctx,
                                     mu_error *err);

/* What each side holds prisoner, camp by camp, as the handle's viewer may
 * see it, in ro->format: text or json (ro NULL: text). JSON, for each side
 * holding ("held_by_union", "held_by_confederate"):
 *   {"stands":[{"division":2,"name":"Heth","brigade":2,"stands":3,
 *      "camp":"Camp Douglas"}],"total":3,
 *    "leaders":[{"division":2,"name":"Heth","post":"brigade","brigade":1,
 *      "rating":"exceptional","camp":"Camp Douglas"}],
 *    "batteries":[{"division":2,"name":"Heth","batteries":1,"camp":...}],
 *    "camps":[{"name":"Camp Douglas","stands":3,"leaders":1,
 *      "batteries":1}]}
 * "total" counts stands. Of the other side's unrevealed hidden division an
 * entry has "hidden":true instead of "brigade" (stands) or of "post",
 * "brigade" and "rating" (a leader). Written as it is read, as
 * mu_campaign_show_to writes. */
MU_API mu_status mu_campaign_prisoners_to(mu_campaign *c,
                                          const mu_render_opts *ro,
                                          mu_sink_fn write, void *ctx,
                                          mu_error *err);

/* Which events of the log: those after `since` (0: from the first) and
 * before `before` (0: to the last), of battle `battle` only (its start to
 * its end, or to the last event while it is under way; 0: any), of
 * division `division` only (those the log gives its number as "division";
 * 0: any), the offers still open only (`open_offers`: neither answered
 * nor undone; a campaign's file, not a player's own), and of those the
 * `last` ones (0: all). A zeroed range, or NULL, is the whole log; `last`
 * with `before` is a page back from an event, newest first. */
typedef struct mu_log_range {
    int64_t since;
    int battle;
    int64_t last;
    int64_t before;
    int division;
    bool open_offers;
} mu_log_range;

/* The log, the events of `range` (NULL: every one) in order with their
 * rolls, in ro->format: text, json, jsonl or markdown (ro NULL: text).
 * JSON is {"events":[{"id":1,"kind":"new",...},...]}; JSONL each of those
 * objects on a line of its own. A range takes the time of
 * the events it holds, whatever the length of the log. Written as it is
 * read: each event goes to `write` (in chunks of about 64 KB, the first at
 * once), so a log of any length takes the memory of one event;
 * mu_buf_write (muster/core.h) collects the whole text. Events of a file
 * damaged after some were written are followed by the error, not
 * preceded.
 * Errors: MU_EINPUT for a battle the campaign has not fought; whatever
 * `write` returns stops it. */
MU_API mu_status mu_campaign_log_to(mu_campaign *c, mu_side viewer,
                                    const mu_log_range *range,
                                    const mu_render_opts *ro,
                                    mu_sink_fn write, void *ctx,
                                    mu_error *err);

/* The after-action report, read from the log as `viewer` sees it
 * (mu_campaign_log_to's JSON, masked there), so it says no more than that log:
 * battle N's divisions with their stands and batteries at its start and
 * end, losses by division and brigade, leaders lost or captured and their
 * replacements, the returns with their rolls and the prisoners taken by
 * camp; battle 0: the war, a line a battle and each side's strength,
 * losses and prisoners held after each. A division hidden from the viewer
 * is named (names are public) and marked hidden, with no numbers. In
 * `fmt`: text, json, markdown or html (a self-contained page); the words
 * in the caller's language. The JSON is in docs/design.md.
 * Owns: *out is malloc'd text; free() it.
 * Errors: MU_EINPUT for a battle the campaign has not fought or another
 * format. */
typedef enum mu_report_format {
    MU_REPORT_TEXT = 0, MU_REPORT_JSON, MU_REPORT_MARKDOWN, MU_REPORT_HTML
} mu_report_format;
MU_API mu_status mu_campaign_report(mu_campaign *c, mu_side viewer,
                                    int battle, mu_report_format fmt,
                                    char **out, mu_error *err);

/* One event as the log shows it: a text line (or lines), or a JSON object.
 * Owns: *out is malloc'd text; free() it.
 * Errors: MU_EINPUT for an event that does not exist. */
MU_API mu_status mu_campaign_event(mu_campaign *c, int64_t event,
                                   mu_side viewer, const mu_render_opts *ro,
                                   char **out, mu_error *err);

/* A player's own file: a new campaign file at `path` (which must not
 * exist) holding only what `side` may know: its own divisions, the other
 * side's open and revealed ones, the other side's hidden ones as name,
 * corps and commitment only, and the log as that side's log shows it. The
 * file is rewritten (VACUUM) so that nothing else is left in its bytes. It
 * opens acting for `side` and takes no changes except contributions to fair
 * rolls (mu_campaign_contribute). MU_ESTATE when the handle acts for the
 * other side. */
MU_API mu_status mu_campaign_export_side(mu_campaign *c, mu_army side,
        const char *path, mu_error *err);

/* A copy of the whole campaign at `path`: the file as it stood at one
 * moment, even while other handles or processes write it (SQLite's online
 * backup, in one read transaction; writers are not held up). The copy is
 * made in memory and written whole under its name or not at all, in WAL
 * mode like the campaign, with the campaign file's permissions (less the
 * umask); `replace`: a file at `path` is replaced (renamed
 * over when the copy is whole), else it must not exist. A player's own
 * file copies as it is (still that side's file).
 * Errors: MU_EINPUT with MU_R_FILE_EXISTS for a file at `path` (without
 * `replace`), MU_EINPUT when `path` is the campaign itself, MU_ESTATE with
 * MU_R_UMPIRE_ONLY when the handle acts for a side on the umpire's file
 * (the copy would hold the other side's secrets: mu_campaign_export_side
 * makes that side's file), MU_ESTATE when `path` is a database in use
 * (a "-wal" file with changes is beside it), MU_EIO when it cannot be read
 * or written. */
MU_API mu_status mu_campaign_backup(mu_campaign *c, const char *path,
                                    bool replace, mu_error *err);

/* The divisions, brigades and losses as one CSV table (RFC 4180) for
 * spreadsheets, as the handle's viewer may see them. Columns:
 *   record,division,name,side,arm,corps,hidden,brigade,battle,stands,start,
 *   lost,captured,returned,freed,morale,leader,batteries,reserve
 * record "division": totals of its brigades (stands now and at the start,
 * lost = battlefield losses still out, captured = held prisoner now) and
 * its leader and batteries; "brigade": the same for one brigade, with its
 * morale and brigadier; "loss": one battle's losses of one brigade (lost,
 * captured, and returned at its end, empty while it goes on). A division
 * hidden from the viewer has only its division row, without figures.
 * Written as it is read: each division's rows go to `write` (in chunks of
 * about 64 KB, the first at once), so a campaign of any size takes the
 * memory of one division; mu_buf_write (muster/core.h) collects the whole
 * table.
 * Errors: whatever `write` returns stops it. */
MU_API mu_status mu_campaign_export_csv_to(mu_campaign *c, mu_sink_fn write,
                                           void *ctx, mu_error *err);

/* Checks a campaign. The log is the truth: every event is replayed from
 * the first, with its stored rolls (or its seed), through the same calls
 * that made it, on a campaign in memory; each replayed event is compared
 * with the stored one field by field, and then every stored table row by
 * row, column by column (64-bit values, so nothing overflows or is cut).
 * Also: SQLite's integrity and foreign-key checks, the hash chain (every
 * event's stored hash recomputed), the stands of every brigade against its
 * losses and prisoners, every commitment against its division. MU_OK when
 * all is well.
 * Owns: *report is malloc'd text saying what was checked and, for each
 * difference, the event or table and the field; free() it. It is kept on
 * MU_EMISMATCH too: the one result the library leaves on failure, since it
 * says what failed.
 * Errors: MU_EMISMATCH when something is wrong, MU_ESTATE when the handle
 * acts for a side (the report would name every secret), MU_EINPUT for a
 * head that is not hex.
 * With a `head` (64 hex digits, a chain head noted earlier; NULL: none), it
 * must also be the hash of one of the events: that proves nothing up to it
 * was changed, and catches deleted last events. */
MU_API mu_status mu_campaign_check_head(mu_campaign *c, const char *head,
                                        char **report, mu_error *err);

/* The log is a hash chain: event n stores SHA-256(hash of event n-1 ||
 * canonical event n), the first event chaining from 32 zero bytes; the
 * canonical event is {"data":DATA,"division":N|null,"id":N,"kind":"KIND"}
 * with DATA the payload as stored (docs/design.md). The head is the last
 * event's hash: note it after a session, and check against it later.
 * A campaign's own tables (mu_campaign_opts.rules) are in the chain too:
 * the SHA-256 of their stored text is in the "new" event (field
 * tables_sha256), or for a file made before schema 5 in a "tables" event
 * appended when it is upgraded; check recomputes it from the stored text. */
#define MU_CHAIN_HEX 65 /* 64 hex digits and the NUL */
/* The chain head in hex and the number of events. Acting for a side (or on
 * a player's own file) it is that side's view head (mu_campaign_view_head):
 * two consecutive full heads would let a side search a masked event's few
 * possible values. */
MU_API mu_status mu_campaign_head(mu_campaign *c, char hex[MU_CHAIN_HEX],
                                  int64_t *count, mu_error *err);

/* A side's view of the chain: what a player's own file (mu_campaign_export
 * _side) carries and can check by itself. Link n is SHA-256(link n-1 ||
 * line n), from 32 zero bytes, where line n is event n's canonical line as
 * the full chain hashes it, or, when the event names a division of the
 * other side that was hidden and unrevealed at that event,
 * {"division":N|null,"id":N,"kind":"KIND","masked":true}. Masking is
 * judged as of each event, so a later reveal changes no link; with nothing
 * masked the view chain is the full chain. The umpire's file gives the
 * head of either side's view; a player's own file gives its side's, as it
 * was at the export (mu_campaign_head gives the same there), and check on
 * it recomputes every link: the player compares that head with the one the
 * umpire's file gives for the same events. The umpire may ask for either
 * side's; a side for its own only.
 * Errors: MU_EINPUT for a side that is neither, or a player's file from an
 * older muster (no view chain); MU_ESTATE for the other side's view in a
 * player's own file or acting for a side. */
MU_API mu_status mu_campaign_view_head(mu_campaign *c, mu_army side,
                                       char hex[MU_CHAIN_HEX], int64_t *count,
                                       mu_error *err);

/* As mu_campaign_check_head, for a head of side's view noted earlier (a
 * player's own file's, mu_campaign_view_head): a problem unless it is a
 * link of the view chain this campaign file gives for that side, so that
 * nothing the side saw up to it was rewritten since. As the umpire only.
 * Errors: as mu_campaign_check_head; MU_ESTATE in a player's own file
 * (check_head there takes its own view's head). */
MU_API mu_status mu_campaign_check_view(mu_campaign *c, mu_army side,
                                        const char *head, char **report,
                                        mu_error *err);

/* The short answers of the calls that make no event, for a front end to
 * print: a new division's id (mu_campaign_add), a fair roll's commitment
 * (mu_campaign_fair_commit) or contribution (mu_campaign_contribute), the
 * chain's head and its events (mu_campaign_head), a side's default camp
 * (mu_campaign_default_camp), the divisions an import added
 * (mu_campaign_import). */
typedef enum mu_answer_kind {
    MU_ANSWER_ADDED,           /* division: the new id */
    MU_ANSWER_FAIR_COMMITMENT, /* division, hex */
    MU_ANSWER_CONTRIBUTION,    /* division, hex */
    MU_ANSWER_HEAD,            /* hex, events */
    MU_ANSWER_DEFAULT_CAMP,    /* side, camp */
    MU_ANSWER_IMPORTED         /* division: the first id, count, file */
} mu_answer_kind;

typedef struct mu_campaign_answer {
    mu_answer_kind kind;
    int division;
    const char *hex;
    int64_t events;
    mu_army side;
    const char *camp;
    int count;        /* MU_ANSWER_IMPORTED: divisions added, ids
                         division..division + count - 1 */
    const char *file; /* MU_ANSWER_IMPORTED: the campaign, as named */
} mu_campaign_answer;

/* An answer as text (a line or two) or, with ro->format MU_FMT_JSON, one
 * line of JSON: {"id":N}, {"division":N,"fair_commitment":HEX},
 * {"division":N,"contribution":HEX}, {"head":HEX,"events":N},
 * {"side":"union","default_camp":NAME}, {"added":N,"first":ID,"last":ID}.
 * ro may be NULL (text).
 * Owns: *out is malloc'd; free() it.
 * Errors: MU_EINPUT for an answer without the value its kind needs. */
MU_API mu_status mu_campaign_answer_render(const mu_campaign_answer *a,
                                           const mu_render_opts *ro,
                                           char **out, mu_error *err);

#ifdef __cplusplus
}
#endif
#endif /* MUSTER_CAMPAIGN_H */
