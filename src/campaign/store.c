/* SPDX-License-Identifier: MIT */
/* store.c -- the campaign file: opening and creating, whom a handle
 * acts for, loading divisions (the top of the store layer: the plumbing is
 * sql.c, the log's writer journal.c, the schema schema.c). SQLite keeps the
 * ledger's invariants too (CHECK constraints), so that a bug fails a
 * transaction instead of corrupting a campaign. */
#include "campaign.h"
#include "rat.h"
#include "rules.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CAMP_BUSY_MS 15000
/* The finest share: the parser reads parts up to 10^6 and percentages with
 * 4 decimals (den 10^6). */
#define CAMP_SHARE_MAX_DEN 1000000

/* ---- whom a handle acts for --------------------------------------------- */

bool camp_visible(const camp_div *d, int viewer)
{
    return viewer == MU_SIDE_NONE || (int)d->side == viewer || !d->hidden ||
           d->revealed;
}

/* The one refusal for a division hidden from the acting side: it names the
 * division's id (which the caller gave) and nothing else. MU_ESTATE. */
static mu_status camp_hidden_refusal(const mu_campaign *c, int div,
                                     mu_error *err)
{
    const char *side = camp_side_noun((mu_army)c->viewer);
    return err_why(err, MU_ESTATE, MU_R_HIDDEN_DIVISION, "division %d is "
                   "hidden from the %s until "
                   "it is revealed: acting for the %s, nothing about it can "
                   "be asked or changed (its owner or the umpire can)", div,
                   side, side);
}

mu_status camp_viewer(const mu_campaign *c, int asked, int *eff, mu_error *err)
{
    if (asked < MU_SIDE_NONE || asked > MU_CONFEDERATE)
        return err_set(err, MU_EINPUT, "unknown viewer");
    if (c->viewer == MU_SIDE_NONE || asked == c->viewer) {
        *eff = asked;
        return MU_OK;
    }
    if (asked == MU_SIDE_NONE) {
        *eff = c->viewer;
        return MU_OK;
    }
    return err_set(err, MU_ESTATE, "acting for the %s, the %s view cannot be "
                   "shown: only the umpire sees both", camp_side_noun(
                   (mu_army)c->viewer), camp_side_title((mu_army)asked));
}

mu_status mu_campaign_act_as(mu_campaign *c, mu_side v, mu_error *err)
{
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (v != MU_SIDE_NONE && v != MU_SIDE_UNION &&
        v != MU_SIDE_CONFEDERATE)
        return err_set(err, MU_EINPUT, "act as the umpire, union or "
                       "confederate");
    if (c->view && (int)v != c->viewer)
        return err_set(err, MU_ESTATE, "this is the %s own copy of the "
                       "campaign: it holds nothing for anyone else",
                       camp_side_poss((mu_army)c->viewer));
    c->viewer = (int)v;
    return MU_OK;
}

mu_status mu_campaign_clock_set(mu_campaign *c, int64_t secs, mu_error *err)
{
    char t[EV_TIME_LEN];
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (!camp_time_text(secs, t))
        return err_set(err, MU_EINPUT, "%" PRId64 " seconds since 1970 is no "
                       "time of the years 1970..9999", secs);
    c->has_clock = true;
    c->clock = secs;
    return MU_OK;
}

mu_status mu_campaign_time_parse(const char *s, int64_t *secs, mu_error *err)
{
    if (s && secs && camp_time_parse(s, secs))
        return MU_OK;
    return err_set(err, MU_EINPUT, "'%.40s' is not a time: give UTC to the "
                   "second, as 2026-12-01T19:30:00Z", s ? s : "");
}

mu_side mu_campaign_viewer(const mu_campaign *c)
{
    return c ? (mu_side)c->viewer : MU_SIDE_NONE;
}

/* ---- opening and creating ----------------------------------------------- */

mu_campaign_opts mu_campaign_defaults(void)
{
    mu_campaign_opts o;
    memset(&o, 0, sizeof o);
    o.theater = MU_EAST;
    o.draw = o.winner = o.loser = (mu_rat){1, 2};
    return o;
}

void mu_campaign_close(mu_campaign *c)
{
    if (!c)
        return;
    camp_cache_clear(c);
    free(c->cache);
    sqlite3_close(c->db);
    mu_rules_free(c->rules);
    free(c->path);
    free(c);
}

static mu_status camp_alloc(const char *path, mu_campaign **out, mu_error *err)
{
    mu_campaign *c = calloc(1, sizeof *c);
    if (!c)
        return err_nomem(err);
    size_t n = strlen(path);
    c->path = malloc(n + 1);
    if (!c->path) {
        free(c);
        return err_nomem(err);
    }
    memcpy(c->path, path, n + 1);
    c->viewer = MU_SIDE_NONE;
    *out = c;
    return MU_OK;
}

/* Connection settings: none of them writes to the file. */
static mu_status camp_connect(mu_campaign *c, int flags, mu_error *err)
{
    int rc = sqlite3_open_v2(c->path, &c->db, flags, NULL);
    if (rc != SQLITE_OK)
        return camp_sql_fail(c, rc, "opening the campaign", err);
    sqlite3_extended_result_codes(c->db, 1);
    sqlite3_busy_timeout(c->db, CAMP_BUSY_MS);
    rc = sqlite3_exec(c->db, "PRAGMA foreign_keys = ON; PRAGMA synchronous = "
                      "FULL;", NULL, NULL, NULL);
    return rc == SQLITE_OK ? MU_OK
                           : camp_sql_fail(c, rc, "opening the campaign", err);
}

/* A share stored as num, den: in [0, 1], reduced as the parser makes it. */
static bool share_ok(mu_rat r)
{
    mu_rat g;
    return r.den > 0 && r.den <= CAMP_SHARE_MAX_DEN && r.num >= 0 &&
           r.num <= r.den && rat_make(r.num, r.den, &g) && g.den == r.den;
}

static int rate_col(sqlite3_stmt *st, int i, mu_rat *r)
{
    r->num = sqlite3_column_int64(st, i);
    r->den = sqlite3_column_int64(st, i + 1);
    return share_ok(*r);
}

/* Reads the campaign row and its tables into c. */
static mu_status camp_load_settings(mu_campaign *c, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT format, name, year, theater, "
                               "draw_num, draw_den, win_num, win_den, lose_num,"
                               " lose_den, rules, view_side FROM campaign "
                               "WHERE id = 1",
                               &st, err);
    if (s != MU_OK)
        return s;
    int rc = sqlite3_step(st);
    const char *fmt = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0)
                                       : NULL;
    if (!fmt || strcmp(fmt, CAMP_FORMAT) != 0) {
        camp_finalize(c, st);
        return rc == SQLITE_ROW || rc == SQLITE_DONE
                   ? err_at(err, MU_EINPUT, c->path, 0, "not a campaign file "
                            "(no campaign record)")
                   : camp_sql_fail(c, rc, "reading the campaign", err);
    }
    const char *name = (const char *)sqlite3_column_text(st, 1);
    snprintf(c->name, sizeof c->name, "%s", name ? name : "");
    c->year = sqlite3_column_int(st, 2);
    c->theater = sqlite3_column_int(st, 3) ? MU_WEST : MU_EAST;
    int ok = rate_col(st, 4, &c->draw) && rate_col(st, 6, &c->winner) &&
             rate_col(st, 8, &c->loser) && c->year >= MU_YEAR_FIRST &&
             c->year <= MU_YEAR_LAST;
    /* A player's own file sees as its side, whoever opens it. */
    c->view = sqlite3_column_type(st, 11) != SQLITE_NULL;
    if (c->view)
        c->viewer = sqlite3_column_int(st, 11) ? MU_CONFEDERATE : MU_UNION;
    const char *rules = (const char *)sqlite3_column_text(st, 10);
    if (ok && rules) {
        c->custom_rules = true;
        s = mu_rules_parse(rules, strlen(rules), "the campaign's tables",
                           &c->rules, err);
    } else if (ok) {
        s = mu_rules_default(&c->rules, err);
    } else {
        s = err_at(err, MU_EINPUT, c->path, 0, "the campaign record is damaged");
    }
    camp_finalize(c, st);
    return s;
}

/* A campaign to open must be a regular file that is there; *c is a new
 * handle for it, not connected yet. */
static mu_status existing(const char *path, mu_campaign **out,
                          mu_campaign **c, mu_error *err)
{
    if (!path || !out)
        return err_set(err, MU_EINPUT, "no campaign file given");
    struct stat sb;
    if (stat(path, &sb) != 0) {
        if (errno != ENOENT)
            return err_at(err, MU_EIO, path, 0, "cannot open: %s",
                          strerror(errno));
        err_at(err, MU_EIO, path, 0, "no such campaign");
        return camp_reason(err, MU_R_NO_CAMPAIGN);
    }
    /* A folder (or a device) cannot be read as a file: a failure, as for
     * any other file that cannot be read, not bad input. */
    if (!S_ISREG(sb.st_mode))
        return err_at(err, MU_EIO, path, 0, "cannot read: %s",
                      S_ISDIR(sb.st_mode) ? "it is a folder, not a campaign "
                      "file" : "not a regular file, so not a campaign file");
    return camp_alloc(path, c, err);
}

mu_status mu_campaign_open(const char *path, mu_campaign **out, mu_error *err)
{
    mu_campaign *c = NULL;
    int v = 0;
    mu_status s = existing(path, out, &c, err);
    if (s != MU_OK)
        return s;
    if ((s = camp_connect(c, SQLITE_OPEN_READWRITE, err)) == MU_OK &&
        (s = camp_user_version(c, &v, err)) == MU_OK &&
        (s = camp_check_version(c, v, true, err)) == MU_OK &&
        (s = camp_load_settings(c, err)) == MU_OK) {
        /* WAL is set at creation and kept in the file; this only repairs a
         * copy that lost it, and fails harmlessly on a read-only file. */
        sqlite3_exec(c->db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
        *out = c;
        return MU_OK;
    }
    mu_campaign_close(c);
    return s;
}

/* ---- opening for reading only ------------------------------------------- */

/* "file:" and the path with every byte but [A-Za-z0-9/._~-] %-encoded. */
static mu_status file_uri(const char *path, const char *query, char **out,
                          mu_error *err)
{
    sbuf sb = {0};
    mu_buf_puts(&sb, "file:");
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
            (*p >= '0' && *p <= '9') || strchr("/._~-", *p))
            mu_buf_printf(&sb, "%c", *p);
        else
            mu_buf_printf(&sb, "%%%02X", *p);
    }
    mu_buf_puts(&sb, query);
    return sb_finish(&sb, out, err);
}

/* Opens c->path read-only; `immutable` also drops locking and the WAL
 * index (SQLite's immutable=1), which need files SQLite would have to make
 * next to the campaign. Then reads the schema version, so that an open that
 * cannot read fails here. */
static mu_status connect_ro(mu_campaign *c, bool immutable, int *version,
                            mu_error *err)
{
    char *uri = NULL;
    mu_status s = file_uri(c->path, immutable ? "?mode=ro&immutable=1"
                                              : "?mode=ro", &uri, err);
    if (s != MU_OK)
        return s;
    int rc = sqlite3_open_v2(uri, &c->db, SQLITE_OPEN_READONLY |
                             SQLITE_OPEN_URI, NULL);
    free(uri);
    if (rc == SQLITE_OK) {
        sqlite3_extended_result_codes(c->db, 1);
        sqlite3_busy_timeout(c->db, CAMP_BUSY_MS);
        rc = sqlite3_exec(c->db, "PRAGMA foreign_keys = ON; SELECT count(*) "
                          "FROM sqlite_schema", NULL, NULL, NULL);
    }
    if (rc != SQLITE_OK)
        return camp_sql_fail(c, rc, "opening the campaign", err);
    return camp_user_version(c, version, err);
}

/* An older schema is upgraded in a copy in memory: the file is not
 * touched. */
static mu_status upgrade_in_memory(mu_campaign *c, mu_error *err)
{
    sqlite3 *mem;
    int rc = camp_memory_copy(c->db, &mem);
    if (rc != SQLITE_OK)
        return camp_sql_fail(c, rc, "reading the campaign", err);
    camp_cache_clear(c);
    sqlite3_close(c->db);
    c->db = mem;
    sqlite3_exec(mem, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
    return camp_tx(c, camp_migrate, NULL, NULL, err);
}

/* Whether PATH-wal holds frames: changes committed but not yet in the
 * file itself. */
static bool wal_pending(const char *path)
{
    char p[4096];
    struct stat sb;
    return (size_t)snprintf(p, sizeof p, "%s-wal", path) < sizeof p &&
           stat(p, &sb) == 0 && sb.st_size > 0;
}

mu_status mu_campaign_open_read(const char *path, mu_campaign **out,
                                mu_error *err)
{
    mu_campaign *c = NULL;
    mu_status s = existing(path, out, &c, err);
    if (s != MU_OK)
        return s;
    /* Where SQLite could not make its lock and WAL index files (a read-only
     * folder or file, a full disk), read the file as it is. */
    char dir[4096];
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path + 1) : 1,
             slash ? path : ".");
    bool immutable = access(path, W_OK) != 0 || access(dir, W_OK) != 0;
    /* Read as it is, a file would show the ledger as it was before the
     * changes still in its -wal (a writer killed, or at work): then it is
     * read through the WAL (SQLite reads it with a read-only -shm), or
     * refused, never shown stale. */
    bool pending = wal_pending(path);
    int v = 0;
    mu_error first;
    if (immutable && pending)
        immutable = false;
    if ((s = connect_ro(c, immutable, &v, &first)) != MU_OK && !immutable &&
        !pending) {
        sqlite3_close(c->db);
        c->db = NULL;
        s = connect_ro(c, true, &v, err);
    } else if (s != MU_OK && pending) {
        s = err_at(err, MU_EIO, path, 0, "its -wal holds changes not yet in "
                   "the file, which cannot be read without writing beside it "
                   "(%s): open it once where it can be written (any campaign "
                   "command by its owner moves them into the file), or give "
                   "the folder write permission", first.msg);
    } else if (s != MU_OK && err) {
        *err = first;
    }
    if (s == MU_OK)
        s = camp_check_version(c, v, false, err);
    /* Steps that only add indexes are not needed to read: such a file is
     * read as it is (in its own memory, not a copy of it all), only with
     * the sorts the indexes spare, until a change upgrades it. */
    if (s == MU_OK && v < camp_schema_read_floor())
        s = upgrade_in_memory(c, err);
    else if (s == MU_OK && v < CAMP_SCHEMA_BRIGADE_NAMES)
        c->no_brigade_names = true; /* read as it is: no brigade has one */
    if (s == MU_OK && (s = camp_load_settings(c, err)) == MU_OK) {
        c->readonly = true;
        *out = c;
        return MU_OK;
    }
    mu_campaign_close(c);
    return s;
}

/* Checks o; *copy is o with its name as the ledger stores it, in name. */
static mu_status check_opts(const mu_campaign_opts *o, mu_campaign_opts *copy,
                            char name[CAMP_NAME_MAX + 1], mu_error *err)
{
    *copy = *o;
    copy->name = name;
    mu_status s = camp_name_clean(o->name, "campaign", name, err);
    if (s != MU_OK)
        return s;
    if (o->year < MU_YEAR_FIRST || o->year > MU_YEAR_LAST)
        return err_set(err, MU_EINPUT, "give the campaign's year, 1861..1865");
    if ((unsigned)o->theater > 1)
        return err_set(err, MU_EINPUT, "the theater must be east or west");
    const mu_rat *r[] = {&o->draw, &o->winner, &o->loser};
    for (int i = 0; i < 3; i++)
        if (!share_ok(*r[i]))
            return err_set(err, MU_EINPUT, "a return rate must be a reduced "
                           "fraction 0..1 (0..100 %%) with a denominator up to "
                           "%d", CAMP_SHARE_MAX_DEN);
    char t[EV_TIME_LEN];
    if (o->has_time && !camp_time_text(o->time, t))
        return err_set(err, MU_EINPUT, "the campaign's time is no time of the "
                       "years 1970..9999");
    return MU_OK;
}

typedef struct create_ctx {
    const mu_campaign_opts *o;
} create_ctx;

static mu_status create_tx(mu_campaign *c, void *ctx, mu_error *err)
{
    const mu_campaign_opts *o = ((create_ctx *)ctx)->o;
    mu_status s = camp_schema_base(c, err);
    if (s != MU_OK)
        return s;
    sqlite3_stmt *st;
    s = camp_stmt(c, &st, err, "INSERT INTO campaign (id, format, name, year, "
                  "theater, draw_num, draw_den, win_num, win_den, lose_num, "
                  "lose_den, rules) VALUES (1, '" CAMP_FORMAT "', ?, ?, ?, ?, "
                  "?, ?, ?, ?, ?, ?)", "tiiIIIIII", o->name, o->year,
                  (int)o->theater, o->draw.num, o->draw.den, o->winner.num,
                  o->winner.den, o->loser.num, o->loser.den);
    if (s != MU_OK)
        return s;
    if (o->rules) /* unbound: NULL */
        sqlite3_bind_text(st, 10, o->rules, (int)o->rules_len, SQLITE_STATIC);
    if ((s = camp_run(c, st, err)) != MU_OK)
        return s;
    if ((s = camp_exec(c, "PRAGMA user_version = 1", err)) != MU_OK ||
        (s = camp_migrate(c, NULL, err)) != MU_OK)
        return s;
    camp_ev ev = {.kind = EV_NEW};
    ev_new *x = &ev.u.new_;
    camp_copy_name(x->name, o->name);
    x->year = o->year;
    x->theater = o->theater;
    x->draw = o->draw;
    x->winner = o->winner;
    x->loser = o->loser;
    x->custom = o->rules != NULL;
    /* The tables every roll is read from are in the chain: an edit of the
     * stored text no longer matches the hash, and check says so. */
    x->pinned = x->custom;
    if (x->custom)
        camp_sha256_hex(o->rules, o->rules_len, x->tables_sha256);
    return camp_event(c, &ev, NULL, err);
}

mu_status mu_campaign_create(const char *path, const mu_campaign_opts *o,
                             mu_campaign **out, mu_error *err)
{
    if (!path || !o || !out)
        return err_set(err, MU_EINPUT, "no campaign file or options given");
    mu_campaign_opts copy;
    char name[CAMP_NAME_MAX + 1];
    mu_status s = check_opts(o, &copy, name, err);
    if (s != MU_OK)
        return s;
    if (o->rules) { /* the tables must load before they are kept */
        mu_rules *r;
        if ((s = mu_rules_parse(o->rules, o->rules_len,
                                o->rules_name ? o->rules_name : "the tables", &r,
                                err)) != MU_OK)
            return s;
        mu_rules_free(r);
    }
    /* Made complete in memory, then written to an unnamed file in the same
     * folder and linked into place (file.c): a killed 'new' leaves no stub
     * at `path` and no temporary file, and a link never overwrites a
     * campaign, even one made a moment ago. */
    struct stat sb;
    if (lstat(path, &sb) == 0)
        return err_at(err, MU_EINPUT, path, 0, "already exists: a new "
                      "campaign needs a new file");
    if (errno != ENOENT)
        return err_at(err, MU_EIO, path, 0, "cannot create: %s",
                      strerror(errno));
    mu_campaign *c = NULL;
    if ((s = camp_create_memory(o, NULL, &c, err)) == MU_OK)
        s = camp_file_put(c->db, path, true, "a new campaign needs a new "
                          "file", 0644, err);
    mu_campaign_close(c);
    c = NULL;
    if (s == MU_OK && (s = camp_alloc(path, &c, err)) == MU_OK &&
        (s = camp_connect(c, SQLITE_OPEN_READWRITE, err)) == MU_OK &&
        (s = camp_load_settings(c, err)) == MU_OK) {
        c->has_clock = o->has_time;
        c->clock = o->time;
        *out = c;
        return MU_OK;
    }
    mu_campaign_close(c);
    return s;
}

mu_status camp_create_memory(const mu_campaign_opts *o, const ev_stamp *stamp,
                             mu_campaign **out, mu_error *err)
{
    mu_campaign_opts copy;
    char name[CAMP_NAME_MAX + 1];
    mu_status s = check_opts(o, &copy, name, err);
    mu_campaign *c = NULL;
    if (s != MU_OK || (s = camp_alloc(":memory:", &c, err)) != MU_OK)
        return s;
    c->has_clock = o->has_time;
    c->clock = o->time;
    c->restamp = stamp;
    create_ctx ctx = {&copy};
    if ((s = camp_connect(c, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                          SQLITE_OPEN_MEMORY, err)) == MU_OK &&
        (s = camp_tx(c, create_tx, &ctx, NULL, err)) == MU_OK &&
        (s = camp_load_settings(c, err)) == MU_OK) {
        c->restamp = NULL;
        *out = c;
        return MU_OK;
    }
    mu_campaign_close(c);
    return s;
}

/* ---- loading ------------------------------------------------------------ */

static const char div_cols[] =
    "SELECT d.id, d.side, d.arm, d.name, d.corps, c.name, d.engaged, d.hidden,"
    " d.revealed, d.by_the_book, d.leader, d.leader_rolled, d.leader_origin,"
    " d.ratio, d.batteries, d.division_batteries, d.reserve, d.commitment,"
    " d.engaged AND d.fair_value IS NOT NULL"
    " FROM divisions d LEFT JOIN corps c ON c.id = d.corps";

static bool div_row(sqlite3_stmt *st, camp_div *d)
{
    bool ok = true;
    memset(d, 0, sizeof *d);
    d->id = camp_col(st, 0, &ok);
    d->side = camp_col(st, 1, &ok) ? MU_CONFEDERATE : MU_UNION;
    d->arm = camp_col(st, 2, &ok) ? MU_CAVALRY : MU_INFANTRY;
    camp_text_col(st, 3, d->name, sizeof d->name);
    d->corps = camp_col(st, 4, &ok);
    camp_text_col(st, 5, d->corps_name, sizeof d->corps_name);
    d->engaged = camp_col(st, 6, &ok) != 0;
    d->hidden = camp_col(st, 7, &ok) != 0;
    d->revealed = camp_col(st, 8, &ok) != 0;
    d->by_the_book = camp_col(st, 9, &ok) != 0;
    d->leader = camp_col(st, 10, &ok);
    d->leader_rolled = camp_col(st, 11, &ok);
    d->leader_origin = camp_col(st, 12, &ok);
    d->ratio = camp_col(st, 13, &ok);
    d->batteries = camp_col(st, 14, &ok);
    d->division_batteries = camp_col(st, 15, &ok);
    d->reserve = camp_col(st, 16, &ok);
    camp_text_col(st, 17, d->commitment, sizeof d->commitment);
    d->fair = camp_col(st, 18, &ok) != 0;
    return ok;
}

/* A brigade's columns, the last its strength for its label: during a
 * battle the stands it began the battle with (those now and those lost or
 * captured in the battle under way, by the losses' primary key), else the
 * stands now. */
#define BRIGADE_COLS                                                          \
    "SELECT division, number, morale, start, current, lost, returned, "      \
    "captured, freed, leader, leader_rolled, leader_origin, current + "      \
    "coalesce((SELECT l.lost + l.captured FROM battles t JOIN losses l ON "   \
    "l.battle = t.id AND l.division = brigades.division AND l.brigade = "    \
    "brigades.number WHERE t.active = 1), 0), %s FROM brigades "

/* The brigade query ending in `rest`; a file of a schema before brigade
 * names, read as it is, has no names (NULL). */
static mu_status prepare_brigades(mu_campaign *c, const char *rest,
                                  sqlite3_stmt **st, mu_error *err)
{
    char sql[640];
    snprintf(sql, sizeof sql, BRIGADE_COLS "%s",
             c->no_brigade_names ? "NULL" : "name", rest);
    return camp_prepare(c, sql, st, err);
}

/* One row of the brigade query (columns 1..13) into *b; false if a value
 * is not one the file may hold. */
static bool brigade_row(sqlite3_stmt *st, camp_brigade *b)
{
    bool ok = true;
    b->number = camp_col(st, 1, &ok);
    b->morale = camp_col(st, 2, &ok);
    b->start = camp_col(st, 3, &ok);
    b->current = camp_col(st, 4, &ok);
    b->lost = camp_col(st, 5, &ok);
    b->returned = camp_col(st, 6, &ok);
    b->captured = camp_col(st, 7, &ok);
    b->freed = camp_col(st, 8, &ok);
    b->leader = camp_col(st, 9, &ok);
    b->leader_rolled = camp_col(st, 10, &ok);
    b->leader_origin = camp_col(st, 11, &ok);
    b->label_stands = camp_col(st, 12, &ok);
    camp_text_col(st, 13, b->name, sizeof b->name);
    return ok;
}

/* The brigades of d, in order, by brig (prepare_brigades for one
 * division). */
static mu_status div_brigades(mu_campaign *c, sqlite3_stmt *brig,
                              camp_div *d, mu_error *err)
{
    int rc;
    bool ok = true;
    sqlite3_reset(brig);
    sqlite3_bind_int(brig, 1, d->id);
    while (ok && (rc = sqlite3_step(brig)) == SQLITE_ROW) {
        if (d->nbrigades >= MU_MAX_BRIGADES)
            return err_at(err, MU_EIO, c->path, 0, "the campaign file is "
                          "damaged: division %d has more than %d brigades",
                          d->id, MU_MAX_BRIGADES);
        ok = brigade_row(brig, &d->b[d->nbrigades++]);
    }
    if (!ok)
        return camp_damaged(c, err);
    return rc == SQLITE_DONE ? MU_OK : camp_sql_fail(c, rc, "reading", err);
}

static const char one_division[] = "WHERE division = ?1 ORDER BY number";

/* The row of `cols` whose `key` is id, read by row(); *found is false when
 * there is none. */
static mu_status load_one(mu_campaign *c, const char *cols, const char *key,
                          int id, camp_row_fn row, void *out, bool *found,
                          mu_error *err)
{
    char sql[640];
    snprintf(sql, sizeof sql, "%s WHERE %s = ?", cols, key);
    return camp_row(c, row, out, found, err, sql, "i", id);
}

static bool div_item(sqlite3_stmt *st, void *item)
{
    return div_row(st, item);
}

mu_status camp_load_div(mu_campaign *c, int id, camp_div *out, mu_error *err)
{
    bool found;
    mu_status s = load_one(c, div_cols, "d.id", id, div_item, out, &found,
                           err);
    if (s != MU_OK)
        return s;
    if (!found)
        return err_why(err, MU_EINPUT, MU_R_NO_SUCH_DIVISION, "no division %d "
                       "in this campaign", id);
    /* Before anything of it is looked at: every later message (its
     * brigades, stands, leaders) would tell the other side something. */
    if (!camp_visible(out, c->viewer)) {
        memset(out, 0, sizeof *out);
        return camp_hidden_refusal(c, id, err);
    }
    sqlite3_stmt *brig = NULL;
    if ((s = prepare_brigades(c, one_division, &brig, err)) == MU_OK)
        s = div_brigades(c, brig, out, err);
    camp_finalize(c, brig);
    return s;
}

mu_status camp_load_engaged(mu_campaign *c, int id, camp_div *out,
                            mu_error *err)
{
    mu_status s = camp_load_div(c, id, out, err);
    if (s == MU_OK && !out->engaged)
        return err_set(err, MU_ESTATE, "division %d (%s) has not fought yet: "
                       "engage it first", id, out->name);
    return s;
}

mu_status camp_load_all(mu_campaign *c, camp_div **out, int *n, mu_error *err)
{
    camp_divs it;
    camp_div *v = NULL;
    int k = 0, cap = 0;
    bool more = true;
    mu_status s = camp_divs_open(c, -1, true, &it, err);
    while (s == MU_OK && more) {
        if (k == cap) {
            cap = cap ? 2 * cap : 16;
            camp_div *g = realloc(v, (size_t)cap * sizeof *v);
            if (!g) {
                s = err_nomem(err);
                break;
            }
            v = g;
        }
        if ((s = camp_divs_next(&it, &v[k], &more, err)) == MU_OK && more)
            k++;
    }
    camp_divs_close(&it);
    if (s != MU_OK) {
        free(v);
        return s;
    }
    *out = v;
    *n = k;
    return MU_OK;
}

/* ---- divisions one at a time ---------------------------------------------- */

/* After the last division: a brigade of no division is the damage a whole
 * read (load_brigades) refuses too. Checked at the end, not first, so that
 * the first division goes out at once whatever the campaign's size. */
static mu_status orphan_brigades(mu_campaign *c, mu_error *err)
{
    int64_t div = 0;
    bool found;
    mu_status s = camp_int(c, &div, &found, err, "SELECT division FROM "
                           "brigades WHERE division NOT IN (SELECT id FROM "
                           "divisions) ORDER BY division LIMIT 1", "");
    if (s != MU_OK || !found)
        return s;
    return err_at(err, MU_EIO, c->path, 0, "the campaign file is damaged: "
                  "brigade of an unknown division %" PRId64, div);
}

mu_status camp_divs_open(mu_campaign *c, int side, bool brigades,
                         camp_divs *it, mu_error *err)
{
    char sql[sizeof div_cols + 64];
    memset(it, 0, sizeof *it);
    it->c = c;
    snprintf(sql, sizeof sql, "%s WHERE ?1 < 0 OR d.side = ?1 ORDER BY d.id",
             div_cols);
    mu_status s = camp_prepare(c, sql, &it->div, err);
    if (s == MU_OK && brigades)
        s = prepare_brigades(c, one_division, &it->brig, err);
    if (s != MU_OK) {
        camp_divs_close(it);
        return s;
    }
    sqlite3_bind_int(it->div, 1, side);
    return MU_OK;
}

mu_status camp_divs_next(camp_divs *it, camp_div *d, bool *more, mu_error *err)
{
    mu_campaign *c = it->c;
    *more = false;
    int rc = sqlite3_step(it->div);
    if (rc == SQLITE_DONE)
        return it->brig ? orphan_brigades(c, err) : MU_OK;
    if (rc != SQLITE_ROW)
        return camp_sql_fail(c, rc, "reading", err);
    if (!div_row(it->div, d))
        return camp_damaged(c, err);
    mu_status s = it->brig ? div_brigades(c, it->brig, d, err) : MU_OK;
    *more = s == MU_OK;
    return s;
}

void camp_divs_close(camp_divs *it)
{
    camp_finalize(it->c, it->div);
    camp_finalize(it->c, it->brig);
    it->div = it->brig = NULL;
}

static const char corps_cols[] =
    "SELECT id, side, name, leader, leader_rolled, leader_origin, attached "
    "FROM corps";

/* One row into a camp_corps (camp_collect's row function). */
static bool corps_item(sqlite3_stmt *st, void *item)
{
    camp_corps *k = item;
    bool ok = true;
    memset(k, 0, sizeof *k);
    k->id = camp_col(st, 0, &ok);
    k->side = camp_col(st, 1, &ok) ? MU_CONFEDERATE : MU_UNION;
    camp_text_col(st, 2, k->name, sizeof k->name);
    k->rated = sqlite3_column_type(st, 3) != SQLITE_NULL;
    k->leader = camp_col(st, 3, &ok);
    k->leader_rolled = camp_col(st, 4, &ok);
    k->leader_origin = camp_col(st, 5, &ok);
    k->attached = camp_col(st, 6, &ok);
    return ok;
}

mu_status camp_load_corps(mu_campaign *c, int id, camp_corps *out,
                          mu_error *err)
{
    bool found;
    mu_status s = load_one(c, corps_cols, "id", id, corps_item, out, &found,
                           err);
    if (s == MU_OK && !found)
        s = err_set(err, MU_EINPUT, "no corps %d in this campaign", id);
    return s;
}

mu_status camp_load_all_corps(mu_campaign *c, camp_corps **out, int *n,
                              mu_error *err)
{
    char sql[sizeof corps_cols + 32];
    snprintf(sql, sizeof sql, "%s ORDER BY side, id", corps_cols);
    return camp_collect(c, sizeof(camp_corps), corps_item, (void **)out, n,
                        err, sql, "");
}

mu_status camp_active_battle(mu_campaign *c, int *id, char *name, size_t n,
                             mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT id, name FROM battles WHERE "
                               "active = 1", &st, err);
    if (s != MU_OK)
        return s;
    int rc = sqlite3_step(st);
    *id = 0;
    if (name && n)
        name[0] = '\0';
    if (rc == SQLITE_ROW) {
        *id = sqlite3_column_int(st, 0);
        if (name)
            camp_text_col(st, 1, name, n);
    }
    camp_finalize(c, st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE
               ? MU_OK : camp_sql_fail(c, rc, "reading", err);
}

mu_status camp_context(mu_campaign *c, int *year, mu_theater *theater,
                       mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT coalesce(b.year, c.year), "
                               "coalesce(b.theater, c.theater) FROM campaign c"
                               " LEFT JOIN battles b ON b.active = 1", &st,
                               err);
    if (s != MU_OK)
        return s;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *year = sqlite3_column_int(st, 0);
        *theater = sqlite3_column_int(st, 1) ? MU_WEST : MU_EAST;
    }
    camp_finalize(c, st);
    return rc == SQLITE_ROW ? MU_OK : camp_sql_fail(c, rc, "reading", err);
}

mu_status camp_penalties(mu_campaign *c, mu_army side, int *n, mu_error *err)
{
    *n = 0;
    return camp_row(c, camp_int_row, n, NULL, err, "SELECT CASE ? WHEN 0 THEN "
                    "penalty_union ELSE penalty_confederate END FROM campaign",
                    "i", (int)side);
}
