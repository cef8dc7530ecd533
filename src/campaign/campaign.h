/* SPDX-License-Identifier: MIT */
/* campaign.h -- the ledger's one internal header, in the order of its
 * layers (docs/design.md, "Layers"; tests/sh/layers.sh holds it): base
 * (names, sides, check's problems, the chain's hashes; no SQLite), events
 * (the codec: event.h), store (sql.c, journal.c, chain.c, schema.c,
 * file.c, links.c, store.c), ops (engage.c, prisoners.c, battle.c,
 * leaders.c, fair.c, names.c), views (held.c, show.c, log.c, view.c, export.c,
 * roster.c, answer.c) and verify (replay.c, undo.c, replay_check.c,
 * check.c). A file calls only its own layer's and lower ones' sections. */
#ifndef MU_CAMPAIGN_H
#define MU_CAMPAIGN_H

#include "event.h"
#include "canon.h"
#include "error.h"
#include "util.h"

#include <cjson/cJSON.h>
#include <sqlite3.h>

#define CAMP_NAME_MAX MU_CAMPAIGN_NAME_MAX
/* The schema that gave brigades their names (brigades.name). */
#define CAMP_SCHEMA_BRIGADE_NAMES 9

/* How a leader came to hold the post. */
enum { CAMP_ROLLED = 0, CAMP_REPLACED = 1, CAMP_DOWNGRADED = 2,
       CAMP_RETURNED = 3 /* back from a prisoner-of-war camp */ };

/* What campaign.format holds in every campaign file. */
#define CAMP_FORMAT "muster campaign"

#define CAMP_APPENDED_RUNS MU_APPENDED_RUNS

struct mu_campaign {
    sqlite3 *db;
    char *path;
    mu_rules *rules; /* the campaign's tables (stored or built in) */
    bool custom_rules;
    char name[CAMP_NAME_MAX + 1];
    int year;
    mu_theater theater;
    mu_rat draw, winner, loser; /* shares of the losses, in [0, 1] */
    int viewer; /* mu_side: whom the handle acts for */
    bool readonly; /* opened by mu_campaign_open_read: no call may write */
    bool view;  /* a player's own file (export): viewer is its side */
    bool view_writable; /* set around the writes a player's file allows */
    bool no_brigade_names; /* read as it is, a file older than them */
    /* The events this handle appended: the open change's (tx_*), and those
     * committed (done_*), for mu_campaign_appended. 0: none. */
    int64_t tx_first, tx_last;
    int64_t done_first[CAMP_APPENDED_RUNS], done_last[CAMP_APPENDED_RUNS];
    size_t done_runs;
    bool has_clock; /* mu_campaign_clock_set: events record this time */
    int64_t clock;  /* seconds since 1970, UTC */
    const ev_stamp *restamp; /* a replay: the author and time of the event
                                replayed, which the one it writes takes */
    /* mu_campaign_request_set: the key of the next change ("": none) and
     * the digest of what it asks (64 hex digits) */
    char req_key[MU_REQUEST_KEY_MAX + 1];
    char req_what[64 + 1];
    /* camp_cache_on: statements prepared once and kept (a replay runs the
     * same few thousands of times), by their text */
    struct camp_cached *cache;
    size_t ncache;
};

typedef struct camp_brigade {
    int number, morale;
    int start, current, lost, returned, captured, freed;
    int leader, leader_rolled, leader_origin;
    int label_stands; /* its label's strength: at the start of the battle
                         under way, else now (not a column: derived) */
    char name[CAMP_NAME_MAX + 1]; /* its own name, "" when it has none */
} camp_brigade;

typedef struct camp_div {
    int id;
    mu_army side;
    mu_arm arm;
    char name[CAMP_NAME_MAX + 1];
    int corps; /* 0: none */
    char corps_name[CAMP_NAME_MAX + 1];
    bool engaged, hidden, revealed, by_the_book;
    bool fair; /* engaged on a two-party seed (mu_campaign_engage_fair) */
    int leader, leader_rolled, leader_origin;
    int ratio, batteries, division_batteries, reserve;
    char commitment[MU_COMMITMENT_HEX];
    int nbrigades;
    camp_brigade b[MU_MAX_BRIGADES];
} camp_div;

typedef struct camp_corps {
    int id;
    mu_army side;
    char name[CAMP_NAME_MAX + 1];
    bool rated;
    int leader, leader_rolled, leader_origin;
    int attached; /* a despicable leader's division, 0: none */
} camp_corps;

/* ==== base ============================================================== */
/* ---- base.c: names, sides, problems, hashes (no SQLite) ---------- */

#define CAMP_HASH_BYTES 32
#define CAMP_HASH_HEX 65 /* with the NUL */

/* What check writes: lines into sb, and a count of problems (the first 50
 * are written). */
typedef struct camp_report {
    sbuf *sb;
    int problems;
} camp_report;
void camp_problem(camp_report *r, const char *fmt, ...) MU_PRINTF(2, 3);
/* A line of the report: mu_buf_printf by a name of its own, so that xgettext
 * (-kcamp_line:2) gives its format to the catalogue and a front end can say
 * the line in the reader's language. A count is said with ERR_PL, a word
 * in a %s is one the front end knows (cmd/hints.c). */
#define camp_line mu_buf_printf

/* Adds a reason to an error just filled (err_at has none); returns its
 * status. */
mu_status camp_reason(mu_error *err, mu_reason why);

/* The seed of a fresh seeded source (nothing rolled yet), else none. */
ev_seed camp_seed(const mu_dice *d, bool fresh);

/* A name as the ledger stores it, in out: s in Unicode NFC, 1..CAMP_NAME_MAX
 * bytes of UTF-8 with no control or format character (MU_EINPUT, reason
 * MU_R_NAME_CHARACTER, naming the code point). */
mu_status camp_name_clean(const char *s, const char *what,
                          char out[CAMP_NAME_MAX + 1], mu_error *err);

/* A side's name in sentences: camp_side_title is the adjective ("a Union
 * division", "Confederate stands"), camp_side_noun the side itself after
 * "the" ("the Union", "the Confederates"), camp_side_poss its possessive
 * after "the" ("the Union's", "the Confederates'"). */
const char *camp_side_title(mu_army a);
const char *camp_side_noun(mu_army a);
const char *camp_side_poss(mu_army a);

/* Markdown-safe copy of a name: characters that format are escaped
 * (base.c); buf holds 2 * CAMP_NAME_MAX + 1. */
void camp_md_name(const char *s, char *buf, size_t n);
/* Copies a name into an event field (both hold CAMP_NAME_MAX bytes). */
void camp_copy_name(char *dst, const char *src);

/* SHA-256(prev || {"data":DATA,"division":N|null,"id":N,"kind":"KIND"}). */
mu_status camp_chain_next(const unsigned char prev[CAMP_HASH_BYTES],
                          int64_t id, const char *kind, int division,
                          const char *data, unsigned char out[CAMP_HASH_BYTES],
                          mu_error *err);
/* SHA-256 of n bytes, as 64 hex digits. */
void camp_sha256_hex(const void *p, size_t n, char hex[CAMP_HASH_HEX]);
void camp_hash_hex(const unsigned char hash[CAMP_HASH_BYTES],
                   char hex[CAMP_HASH_HEX]);
bool camp_hash_parse(const char *hex, unsigned char out[CAMP_HASH_BYTES]);

/* ==== store ============================================================= */
/* ---- sql.c: SQLite plumbing and transactions --------------------- */

/* Turns an SQLite result code into a status and message; `what` says what
 * was being done ("saving the casualties"). */
mu_status camp_sql_fail(mu_campaign *c, int rc, const char *what,
                        mu_error *err);
mu_status camp_exec(mu_campaign *c, const char *sql, mu_error *err);
/* db copied whole into a new database in memory (*out, NULL on failure):
 * SQLite's online backup in one step. Returns SQLite's result code. */
int camp_memory_copy(sqlite3 *db, sqlite3 **out);
mu_status camp_prepare(mu_campaign *c, const char *sql, sqlite3_stmt **st,
                       mu_error *err);
/* Steps a statement that returns no rows, and finalizes it. */
mu_status camp_run(mu_campaign *c, sqlite3_stmt *st, mu_error *err);
/* camp_collect binds as camp_stmt does and steps the statement to the end,
 * gathering its rows into a malloc'd array of `size`-byte items, each
 * filled by row(). *out (NULL when there are no rows; set only on MU_OK)
 * is the caller's. */
typedef bool (*camp_row_fn)(sqlite3_stmt *st, void *item);

/* Stored whole numbers are read through camp_col: a value beyond
 * +-CAMP_VALUE_MAX (far beyond any count of stands, batteries or events)
 * clears *ok and reads as 0, so that nothing is cut to 32 bits and sums of
 * a few values cannot overflow. A row function returns false then, and the
 * read fails as a damaged file. */
#define CAMP_VALUE_MAX 100000000
int camp_col(sqlite3_stmt *st, int i, bool *ok);
/* MU_EIO: a stored number out of range. */
mu_status camp_damaged(mu_campaign *c, mu_error *err);
mu_status camp_collect(mu_campaign *c, size_t size, camp_row_fn row,
                       void **out, int *n, mu_error *err, const char *sql,
                       const char *types, ...);

/* camp_each binds as camp_stmt does and hands the rows to step() one by
 * one, until one returns other than MU_OK: the status of the walk. */
typedef mu_status (*camp_step_fn)(sqlite3_stmt *st, void *ctx, mu_error *err);
mu_status camp_each(mu_campaign *c, camp_step_fn step, void *ctx,
                    mu_error *err, const char *sql, const char *types, ...);

/* camp_stmt prepares sql and binds one argument for each letter of
 * `types`, in order: 'i' an int, 'I' an int64_t, 't' a string (NULL binds
 * NULL; it must outlive the statement). camp_write does the same, then runs the
 * statement, which returns no rows. camp_row reads the first row (if any)
 * into item by row() (false: a damaged file); *found (may be NULL) says
 * whether there was a row, and item is left alone when there was none.
 * camp_int reads the first column of the first row into *out. */
mu_status camp_stmt(mu_campaign *c, sqlite3_stmt **st, mu_error *err,
                    const char *sql, const char *types, ...);
mu_status camp_write(mu_campaign *c, mu_error *err, const char *sql,
                     const char *types, ...);
mu_status camp_row(mu_campaign *c, camp_row_fn row, void *item, bool *found,
                   mu_error *err, const char *sql, const char *types, ...);
mu_status camp_int(mu_campaign *c, int64_t *out, bool *found, mu_error *err,
                   const char *sql, const char *types, ...);
/* camp_text reads the first column of the first row as a malloc'd
 * string, the caller's (NULL when there is none or it is NULL). */
mu_status camp_text(mu_campaign *c, char **out, bool *found, mu_error *err,
                    const char *sql, const char *types, ...);
/* Row functions: the first column into an int (through camp_col), into an
 * int64_t. */
bool camp_int_row(sqlite3_stmt *st, void *item);
bool camp_int64_row(sqlite3_stmt *st, void *item);
/* Column i's text into buf ("" for NULL), cut to n - 1 bytes. */
void camp_text_col(sqlite3_stmt *st, int i, char *buf, size_t n);

/* A statement from camp_prepare goes back through camp_finalize (with the
 * handle that prepared it): kept for the next camp_prepare of the same
 * text on a handle whose cache is on, else finalized. camp_cache_on turns
 * the cache on (a replay's handle); camp_cache_clear finalizes what it
 * keeps (before the handle's database is closed or replaced). */
void camp_finalize(mu_campaign *c, sqlite3_stmt *st);
mu_status camp_cache_on(mu_campaign *c, mu_error *err);
void camp_cache_clear(mu_campaign *c);

/* One transaction around fn: BEGIN IMMEDIATE, fn, then (when `d` is given)
 * no scripted rolls may be left over, then COMMIT; ROLLBACK on any error. */
typedef mu_status (*camp_fn)(mu_campaign *c, void *ctx, mu_error *err);
mu_status camp_tx(mu_campaign *c, camp_fn fn, void *ctx, mu_dice *d,
                  mu_error *err);
/* camp_tx, then, when it succeeded and `out` is given, *out = *made: the
 * event fn recorded, which it noted in its context. */
mu_status camp_tx_event(mu_campaign *c, camp_fn fn, void *ctx, mu_dice *d,
                        const int64_t *made, int64_t *out, mu_error *err);
/* A read: a deferred transaction so that everything read belongs to one
 * state of the file. */
mu_status camp_read(mu_campaign *c, camp_fn fn, void *ctx, mu_error *err);

/* camp_read for a listing that is written as it is read (show, log,
 * export): SQLite's page cache held small meanwhile, so that its memory
 * does not grow with the campaign. */
mu_status camp_read_listing(mu_campaign *c, camp_fn fn, void *ctx,
                            mu_error *err);

/* ---- journal.c: the log's writer --------------------------------- */

/* Appends event e (encoded by its kind's row of camp_ev_types); *id, when
 * given, is its number in the log. */
mu_status camp_event(mu_campaign *c, const camp_ev *e, int64_t *id,
                     mu_error *err);
/* The last event's id and hash (0 and zero bytes for an empty log). */
mu_status camp_chain_last(mu_campaign *c, unsigned char prev[CAMP_HASH_BYTES],
                          int64_t *last, mu_error *err);

/* ---- chain.c: the log as a hash chain ---------------------------- */

/* Appends a "tables" event holding the SHA-256 of the campaign's own
 * tables (MU_ESTATE for built-in ones), in the caller's transaction. */
mu_status camp_tables_pin(mu_campaign *c, mu_error *err);
/* The upgrade to schema 5: pins the own tables of a log that has events
 * and whose "new" event does not hold their hash. */
mu_status camp_tables_upgrade(mu_campaign *c, mu_error *err);
/* Stores every event's hash, recomputed from the first (a migration). */
mu_status camp_chain_fill(mu_campaign *c, mu_error *err);
/* Recomputes the chain and reports every event whose stored hash differs;
 * with `noted` (hex, or NULL), reports when that head is not in it. */
mu_status camp_chain_check(mu_campaign *c, const char *noted, camp_report *r,
                           mu_error *err);

/* ---- schema.c: the schema and its upgrades ----------------------- */

/* Makes schema 1's tables (user_version stays as it is). */
mu_status camp_schema_base(mu_campaign *c, mu_error *err);
/* The file's PRAGMA user_version. */
mu_status camp_user_version(mu_campaign *c, int *v, mu_error *err);
/* Whether a table of that name exists. */
mu_status camp_has_table(mu_campaign *c, const char *name, bool *yes,
                         mu_error *err);
/* The oldest schema a file can be read in as it is (the steps after it
 * only add indexes): an older one is upgraded in a copy in memory. */
int camp_schema_read_floor(void);
/* A camp_fn: runs the steps from the file's schema up to
 * MU_CAMPAIGN_SCHEMA in the caller's transaction (p unused). */
mu_status camp_migrate(mu_campaign *c, void *p, mu_error *err);
/* Refuses a newer schema (`v` the file's) or a file without a campaign
 * (MU_EINPUT); with `upgrade`, upgrades an older one in its own
 * transaction. */
mu_status camp_check_version(mu_campaign *c, int v, bool upgrade,
                             mu_error *err);

/* ---- file.c: a finished database written to a new file ---------- */

/* Writes database `db` (in memory, complete) to the new file `path`: an
 * unnamed file in its folder linked to the name when whole (or a hidden
 * temporary name where there are none), never over an existing file
 * (MU_EINPUT "already exists: " and `exists`); MU_EIO when it cannot be
 * written. The file is in WAL mode if `wal`, else in rollback mode.
 * `exists` NULL: a file at `path` is replaced (a hidden temporary file
 * beside it, renamed over it when whole). The file's permissions are
 * `mode` (0644 but for a backup's) less the umask. */
mu_status camp_file_put(sqlite3 *db, const char *path, bool wal,
                        const char *exists, unsigned mode, mu_error *err);

/* ---- store.c: the file, whom it acts for, loading ---------------- */

/* A campaign in memory made as mu_campaign_create makes a file (for the
 * replay). */
/* `stamp`: in a replay of a "new" event, its author and time (NULL: the
 * options' time, the umpire). */
mu_status camp_create_memory(const mu_campaign_opts *o, const ev_stamp *stamp,
                             mu_campaign **out, mu_error *err);

/* mu_campaign_battle_end; `one_stream` rolls a seed's returns from one
 * stream in division order, as logs before per-division streams did (the
 * replay of an event without "streams"). */
mu_status camp_battle_end(mu_campaign *c, mu_side winner, mu_dice *d,
                          bool one_stream, int64_t *event, mu_error *err);

/* Loads a division with its brigades: MU_EINPUT if there is none. */
mu_status camp_load_div(mu_campaign *c, int id, camp_div *out, mu_error *err);
/* Same, MU_ESTATE unless it has engaged. */
mu_status camp_load_engaged(mu_campaign *c, int id, camp_div *out,
                            mu_error *err);
/* Every division in id order; *out malloc'd (NULL when there are none). */
mu_status camp_load_all(mu_campaign *c, camp_div **out, int *n, mu_error *err);
/* Divisions one at a time, in id order, for a listing of any length: of
 * `side` only (-1: both), with their brigades when `brigades` (brigades a
 * whole read would refuse are refused when met: more than MU_MAX_BRIGADES
 * with their division, brigades of no division after the last).
 * camp_divs_next fills *d and sets *more, false at the end. Inside a read (camp_read); close it before the read ends. */
typedef struct camp_divs {
    mu_campaign *c;
    sqlite3_stmt *div, *brig;
} camp_divs;
mu_status camp_divs_open(mu_campaign *c, int side, bool brigades,
                         camp_divs *it, mu_error *err);
mu_status camp_divs_next(camp_divs *it, camp_div *d, bool *more,
                         mu_error *err);
void camp_divs_close(camp_divs *it);
mu_status camp_load_corps(mu_campaign *c, int id, camp_corps *out,
                          mu_error *err);
mu_status camp_load_all_corps(mu_campaign *c, camp_corps **out, int *n,
                              mu_error *err);

/* The year and theater a division engaging now is rolled for: the battle
 * under way's, else the campaign's. */
mu_status camp_context(mu_campaign *c, int *year, mu_theater *theater,
                       mu_error *err);

/* The battle under way: *id 0 when there is none. */
mu_status camp_active_battle(mu_campaign *c, int *id, char *name, size_t n,
                             mu_error *err);
/* Despicable replacements owed by `side`. */
mu_status camp_penalties(mu_campaign *c, mu_army side, int *n, mu_error *err);

/* Whether viewer may see division d in full. */
bool camp_visible(const camp_div *d, int viewer);
/* Its SQL twin, the one test of what a side may not see: whether the
 * divisions row `d` (a table alias) is hidden from `side` (an SQL
 * expression, a side's number); and the ids of all such divisions. */
#define CAMP_HIDDEN(d, side)                                                   \
    "(" d ".side <> " side " AND " d ".hidden AND NOT " d ".revealed)"
#define CAMP_HIDDEN_FROM(side)                                                 \
    "(SELECT id FROM divisions d WHERE " CAMP_HIDDEN("d", side) ")"
/* The viewer a read runs as: `asked` narrowed to the side the handle acts
 * for (MU_EINPUT for an unknown viewer, MU_ESTATE for the other side's). */
mu_status camp_viewer(const mu_campaign *c, int asked, int *eff,
                      mu_error *err);

/* ==== ops =============================================================== */
/* ---- engage.c, shared by the mutating calls ---------------------- */

/* "division", "brigade", "corps". */
const char *camp_post_name(mu_post p);
/* A leader as played: despicable counts as average by the book. */
mu_rating camp_played(mu_rating rolled, bool by_the_book);
/* The brigade numbered `brigade` of a loaded division; MU_EINPUT if none. */
mu_status camp_find_brigade(const camp_div *dv, int brigade,
                            const camp_brigade **out, mu_error *err);
/* mu_campaign_add with what an order of battle knew of the division (NULL
 * or known->has false: nothing): in one transaction of its own when `tx`
 * (an add, or its replay), else inside the caller's (an import). */
mu_status camp_add_known(mu_campaign *c, mu_army side, const char *name,
                         mu_arm arm, const char *corps, const ev_known *known,
                         bool tx, int *id, mu_error *err);
/* What division div's add knew of it (known->has false: nothing). */
mu_status camp_div_known(mu_campaign *c, int div, ev_known *known,
                         mu_error *err);

/* A fair roll's public facts, for the engage event (fair.c). */
typedef struct camp_fair {
    char commitment[MU_FAIR_HEX];   /* the owner's H */
    char contribution[MU_FAIR_HEX]; /* the opponent's R */
} camp_fair;

/* Engages as mu_campaign_engage, a hidden division with the salt given
 * (NULL: a new random one), as a fair roll when `fair` is given (the
 * replay of a fair engage, or the fair roll itself): in one transaction
 * of its own when `tx`, else inside the caller's, which checks for rolls
 * of `d` left over. */
mu_status camp_engage(mu_campaign *c, int div, bool hidden, bool by_the_book,
                      mu_dice *d, const char *salt, const camp_fair *fair,
                      bool tx, mu_engagement *out, mu_error *err);

/* ---- names.c ----------------------------------------------------- */

/* Writes brigade `brigade` of division `div`'s name into the ledger, no
 * event and no check (the caller's: a name event, or the engage of a
 * division whose order of battle named its brigades). */
mu_status camp_brigade_name_store(mu_campaign *c, int div, int brigade,
                                  const char *name, mu_error *err);

/* ---- fair.c ------------------------------------------------------ */

/* The replays of a fair roll's first two steps, with the stored secret and
 * contribution instead of new random ones. */
mu_status camp_fair_commit_given(mu_campaign *c, int div, const char *secret,
                                 mu_error *err);
mu_status camp_contribute_given(mu_campaign *c, int div,
                                const char *commitment,
                                const char *contribution, mu_error *err);

/* ---- prisoners.c ------------------------------------------------- */

/* The camp for what `captor` takes: `name` checked (a name, not a camp of
 * the other side, nor its default camp), or the captor's default camp
 * for NULL; into out. */
mu_status camp_resolve(mu_campaign *c, mu_army captor, const char *name,
                       char out[CAMP_NAME_MAX + 1], mu_error *err);
/* Holds a leader taken from the post x names in camp `camp` (in the
 * caller's transaction; prisoners.c). */
mu_status camp_hold_leader(mu_campaign *c, int64_t event, int div,
                           mu_post post, int brigade, int rating, int rolled,
                           int origin, const char *camp, mu_error *err);

/* An offer made again (its replay): by its maker, whoever acts (one
 * transaction). */
mu_status camp_offer_again(mu_campaign *c, const ev_offer *o, mu_error *err);
/* Answers offer `offer` (kind EV_ACCEPT, EV_DECLINE or EV_WITHDRAW) for
 * `by` (mu_side: the umpire answers any), one transaction; `of` the kind of
 * offer the caller answers (0 exchange, 1 liberation, -1 either). */
mu_status camp_offer_answer(mu_campaign *c, int64_t offer, camp_ev_kind kind,
                            int by, int of, int64_t *event, mu_error *err);

/* ==== views ============================================================= */
/* ---- held.c, show.c ---------------------------------------------- */

/* What each side holds prisoner, camp by camp, as `viewer` may see it
 * (held.c), read inside a read transaction row by row and written
 * as it is read: JSON ("held_by_union":{...},"held_by_confederate":{...}
 * into the object `w` has open) or text (show: the one-line summary first,
 * indented; Markdown for show only). Each item goes to o's sink. */
typedef struct wr_out wr_out;
typedef struct mu_json jw;
mu_status camp_held_json(mu_campaign *c, int viewer, jw *w, wr_out *o,
                         mu_error *err);
mu_status camp_held_text(mu_campaign *c, int viewer, bool show, bool md,
                         wr_out *o, mu_error *err);
/* The queries camp_held_* read, each in an index's order (no sort:
 * tests/test_campaign_plan.c holds them to it). */
#define CAMP_HELD_QUERIES 6
extern const char *const camp_held_sql[CAMP_HELD_QUERIES];
/* show's query of the batteries held, by division (show.c). */
extern const char camp_show_taken_sql[];
/* The end of a listing read into o (show.c): for status s, MU_OK, its
 * output to o's sink or *out; else o freed and s returned. */
mu_status camp_listing_end(wr_out *o, mu_status s, char **out, mu_error *err);

/* ---- log.c ------------------------------------------------------- */

/* Event `id` as `viewer`'s log shows it, its text (lines) or its JSON
 * object (one line, no newline), appended to sb, inside the caller's transaction. MU_EINPUT
 * when there is no such event. */
mu_status camp_log_event(mu_campaign *c, int viewer, int64_t id, bool json,
                         sbuf *sb, mu_error *err);
/* Event e as a log entry exactly as camp_log_event writes it, for a viewer
 * from whom hidden(ctx, div) says division div is hidden (the check of a
 * player's own file, which has no divisions to ask). */
mu_status camp_log_render(camp_ev *e, bool (*hidden)(const void *ctx,
                                                           int div),
                          const void *ctx, bool json, sbuf *sb, mu_error *err);

/* ---- view.c: a side's view of the chain ----------------------- */

/* In an export's copy, before its events go: view_chain(id, line, hash),
 * the side's view of the chain (view.c says what it hashes). */
mu_status camp_view_chain_write(mu_campaign *copy, int side, mu_error *err);
/* check of a player's own file: its view chain recomputed link by link,
 * and the noted head (hex, or NULL) found in it. */
mu_status camp_view_check(mu_campaign *c, const char *noted, camp_report *r,
                          mu_error *err);
/* check of a campaign file against a view head noted earlier (a player's
 * file's): a problem unless `noted` is a link of side's view chain. */
mu_status camp_view_find(mu_campaign *c, int side, const char *noted,
                         camp_report *r, mu_error *err);

/* ==== verify ============================================================ */
/* ---- replay.c: each kind's replay -------------------------------- */

/* Makes event e again on `mem` (a campaign in memory) through the call that
 * made it, with the event's inputs and rolls; `file` is the campaign being
 * replayed (for what the event does not hold: a hidden division's salt). */
typedef mu_status (*camp_replay_fn)(mu_campaign *mem, mu_campaign *file,
                                    const camp_ev *e, mu_error *err);
/* The replay of a kind: NULL for "new" (camp_replay_first makes `mem`) and
 * for "undo" (camp_replay_undo, in undo.c, above the replays it uses). */
camp_replay_fn camp_replay_of(camp_ev_kind kind);

/* A new campaign in memory as the "new" event e of `file` made it (with the
 * file's tables). */
mu_status camp_replay_first(mu_campaign *file, const camp_ev *e,
                            mu_campaign **mem, mu_error *err);

/* ---- undo.c ------------------------------------------------------ */

/* The replay of an "undo" event: mu_campaign_undo on `mem`. */
mu_status camp_replay_undo(mu_campaign *mem, mu_campaign *file,
                           const camp_ev *e, mu_error *err);

/* ---- replay_check.c ---------------------------------------------- */

/* Replays the log of `file` on a new campaign in memory and reports every
 * difference with the file: each event field by field, then every table. */
mu_status camp_replay_check(mu_campaign *file, camp_report *r, mu_error *err);

#endif
