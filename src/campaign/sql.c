/* SPDX-License-Identifier: MIT */
/* sql.c -- the SQLite plumbing every layer above it uses: results turned
 * into statuses and messages, statements run and collected, and the
 * transactions around each call (camp_tx for a change, camp_read and
 * camp_read_listing for a read). The bottom of the store layer: it calls
 * only base.c (docs/design.md, "Layers"). */
#include "campaign.h"

#include <assert.h>

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

mu_status camp_sql_fail(mu_campaign *c, int rc, const char *what,
                        mu_error *err)
{
    const char *msg = c && c->db ? sqlite3_errmsg(c->db) : sqlite3_errstr(rc);
    const char *path = c && c->path ? c->path : "";
    switch (rc & 0xFF) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        err_at(err, MU_EIO, path, 0, "%s: the campaign stayed busy (another "
               "muster is writing it)", what);
        return camp_reason(err, MU_R_BUSY);
    case SQLITE_NOTADB:
        return err_at(err, MU_EINPUT, path, 0, "not a campaign file (not an "
                      "SQLite database)");
    case SQLITE_CORRUPT:
        return err_at(err, MU_EIO, path, 0, "%s: the campaign file is damaged "
                      "(%s)", what, msg);
    case SQLITE_CANTOPEN:
    case SQLITE_IOERR:
    case SQLITE_FULL:
    case SQLITE_READONLY:
    case SQLITE_PERM:
        return err_at(err, MU_EIO, path, 0, "%s: %s", what, msg);
    case SQLITE_NOMEM:
        return err_nomem(err);
    case SQLITE_CONSTRAINT:
        return err_at(err, MU_EINTERNAL, path, 0, "%s: the ledger refused a "
                      "change that breaks its rules (%s); nothing was changed",
                      what, msg);
    default:
        return err_at(err, MU_EINTERNAL, path, 0, "%s: %s", what, msg);
    }
}

mu_status camp_exec(mu_campaign *c, const char *sql, mu_error *err)
{
    int rc = sqlite3_exec(c->db, sql, NULL, NULL, NULL);
    return rc == SQLITE_OK ? MU_OK : camp_sql_fail(c, rc, "writing", err);
}

int camp_memory_copy(sqlite3 *db, sqlite3 **out)
{
    sqlite3 *mem = NULL;
    int rc = sqlite3_open_v2(":memory:", &mem, SQLITE_OPEN_READWRITE |
                             SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY, NULL);
    sqlite3_backup *b = rc == SQLITE_OK
                            ? sqlite3_backup_init(mem, "main", db, "main")
                            : NULL;
    if (b) {
        rc = sqlite3_backup_step(b, -1);
        sqlite3_backup_finish(b);
        rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
    } else if (rc == SQLITE_OK) {
        rc = sqlite3_errcode(mem);
    }
    if (rc != SQLITE_OK) {
        sqlite3_close(mem);
        mem = NULL;
    }
    *out = mem;
    return rc;
}

/* The statement cache: parsing SQL was most of a replay's time, and the
 * replay runs the same statements for every event. A kept statement is
 * lent to one caller at a time (a nested use of the same text gets one of
 * its own). */
#define CAMP_CACHE_MAX 64

typedef struct camp_cached {
    char *sql;
    sqlite3_stmt *st;
    bool lent;
} camp_cached;

mu_status camp_cache_on(mu_campaign *c, mu_error *err)
{
    if (c->cache)
        return MU_OK;
    c->cache = calloc(CAMP_CACHE_MAX, sizeof *c->cache);
    return c->cache ? MU_OK : err_nomem(err);
}

void camp_cache_clear(mu_campaign *c)
{
    for (size_t i = 0; c && i < c->ncache; i++) {
        sqlite3_finalize(c->cache[i].st);
        free(c->cache[i].sql);
    }
    if (c)
        c->ncache = 0;
}

static bool cache_lend(mu_campaign *c, const char *sql, sqlite3_stmt **st)
{
    for (size_t i = 0; i < c->ncache; i++) {
        camp_cached *k = &c->cache[i];
        if (!k->lent && !strcmp(k->sql, sql)) {
            k->lent = true;
            *st = k->st;
            return true;
        }
    }
    return false;
}

static void cache_keep(mu_campaign *c, const char *sql, sqlite3_stmt *st)
{
    char *copy = c->ncache < CAMP_CACHE_MAX ? strdup(sql) : NULL;
    if (copy)
        c->cache[c->ncache++] = (camp_cached){copy, st, true};
}

mu_status camp_prepare(mu_campaign *c, const char *sql, sqlite3_stmt **st,
                       mu_error *err)
{
    if (c->cache && cache_lend(c, sql, st))
        return MU_OK;
    int rc = sqlite3_prepare_v3(c->db, sql, -1,
                                c->cache ? SQLITE_PREPARE_PERSISTENT : 0, st,
                                NULL);
    if (rc != SQLITE_OK)
        return camp_sql_fail(c, rc, "reading", err);
    if (c->cache)
        cache_keep(c, sql, *st);
    return MU_OK;
}

void camp_finalize(mu_campaign *c, sqlite3_stmt *st)
{
    for (size_t i = 0; st && c && c->cache && i < c->ncache; i++) {
        camp_cached *k = &c->cache[i];
        if (k->st == st) {
            sqlite3_reset(st);
            sqlite3_clear_bindings(st);
            k->lent = false;
            return;
        }
    }
    /* given back through another handle than its own, it would be finalized
     * while its own handle still keeps it */
    assert(!st || !c || sqlite3_db_handle(st) == c->db);
    sqlite3_finalize(st);
}

mu_status camp_run(mu_campaign *c, sqlite3_stmt *st, mu_error *err)
{
    int rc = sqlite3_step(st);
    camp_finalize(c, st);
    return rc == SQLITE_DONE ? MU_OK : camp_sql_fail(c, rc, "writing", err);
}

int camp_col(sqlite3_stmt *st, int i, bool *ok)
{
    sqlite3_int64 v = sqlite3_column_int64(st, i);
    if (v < -CAMP_VALUE_MAX || v > CAMP_VALUE_MAX) {
        *ok = false;
        return 0;
    }
    return (int)v;
}

mu_status camp_damaged(mu_campaign *c, mu_error *err)
{
    return err_at(err, MU_EIO, c->path, 0, "the campaign file is damaged: a "
                  "stored number is out of range (beyond %d)", CAMP_VALUE_MAX);
}

static mu_status collect(mu_campaign *c, sqlite3_stmt *st, size_t size,
                         camp_row_fn row, void **out, int *n, mu_error *err)
{
    char *v = NULL;
    int k = 0, cap = 0, rc;
    bool ok = true;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (k == cap) {
            cap = cap ? 2 * cap : 16;
            char *p = realloc(v, (size_t)cap * size);
            if (!p) {
                camp_finalize(c, st);
                free(v);
                return err_nomem(err);
            }
            v = p;
        }
        ok = row(st, v + (size_t)k++ * size) && ok;
    }
    camp_finalize(c, st);
    if (rc != SQLITE_DONE || !ok) {
        free(v);
        return ok ? camp_sql_fail(c, rc, "reading", err) : camp_damaged(c, err);
    }
    *out = v;
    *n = k;
    return MU_OK;
}

static mu_status stmt_list(mu_campaign *c, sqlite3_stmt **st, mu_error *err,
                           const char *sql, const char *types, va_list ap)
{
    mu_status s = camp_prepare(c, sql, st, err);
    for (int i = 0; s == MU_OK && types[i]; i++) {
        int k = i + 1;
        switch (types[i]) {
        case 'i':
            sqlite3_bind_int(*st, k, va_arg(ap, int));
            break;
        case 'I':
            sqlite3_bind_int64(*st, k, va_arg(ap, int64_t));
            break;
        case 't':
            sqlite3_bind_text(*st, k, va_arg(ap, const char *), -1,
                              SQLITE_STATIC);
            break;
        default:
            assert(false && "camp_stmt: an unknown type letter");
        }
    }
    return s;
}

mu_status camp_stmt(mu_campaign *c, sqlite3_stmt **st, mu_error *err,
                    const char *sql, const char *types, ...)
{
    va_list ap;
    va_start(ap, types);
    mu_status s = stmt_list(c, st, err, sql, types, ap);
    va_end(ap);
    return s;
}

/* Each variadic helper below binds its arguments through stmt_list, the
 * worker that takes their va_list, as printf is to vprintf. */
mu_status camp_write(mu_campaign *c, mu_error *err, const char *sql,
                     const char *types, ...)
{
    sqlite3_stmt *st;
    va_list ap;
    va_start(ap, types);
    mu_status s = stmt_list(c, &st, err, sql, types, ap);
    va_end(ap);
    return s == MU_OK ? camp_run(c, st, err) : s;
}

mu_status camp_collect(mu_campaign *c, size_t size, camp_row_fn row,
                       void **out, int *n, mu_error *err, const char *sql,
                       const char *types, ...)
{
    sqlite3_stmt *st;
    va_list ap;
    va_start(ap, types);
    mu_status s = stmt_list(c, &st, err, sql, types, ap);
    va_end(ap);
    return s == MU_OK ? collect(c, st, size, row, out, n, err) : s;
}

mu_status camp_each(mu_campaign *c, camp_step_fn step, void *ctx,
                    mu_error *err, const char *sql, const char *types, ...)
{
    sqlite3_stmt *st;
    va_list ap;
    va_start(ap, types);
    mu_status s = stmt_list(c, &st, err, sql, types, ap);
    va_end(ap);
    if (s != MU_OK)
        return s;
    int rc = SQLITE_DONE;
    while (s == MU_OK && (rc = sqlite3_step(st)) == SQLITE_ROW)
        s = step(st, ctx, err);
    camp_finalize(c, st);
    if (s == MU_OK && rc != SQLITE_DONE)
        s = camp_sql_fail(c, rc, "reading", err);
    return s;
}

static mu_status row_list(mu_campaign *c, camp_row_fn row, void *item,
                          bool *found, mu_error *err, const char *sql,
                          const char *types, va_list ap)
{
    sqlite3_stmt *st;
    mu_status s = stmt_list(c, &st, err, sql, types, ap);
    if (s != MU_OK)
        return s;
    int rc = sqlite3_step(st);
    bool ok = rc != SQLITE_ROW || row(st, item);
    camp_finalize(c, st);
    if (found)
        *found = rc == SQLITE_ROW;
    if (!ok)
        return camp_damaged(c, err);
    return rc == SQLITE_ROW || rc == SQLITE_DONE
               ? MU_OK : camp_sql_fail(c, rc, "reading", err);
}

mu_status camp_row(mu_campaign *c, camp_row_fn row, void *item, bool *found,
                   mu_error *err, const char *sql, const char *types, ...)
{
    va_list ap;
    va_start(ap, types);
    mu_status s = row_list(c, row, item, found, err, sql, types, ap);
    va_end(ap);
    return s;
}

bool camp_int64_row(sqlite3_stmt *st, void *item)
{
    *(int64_t *)item = sqlite3_column_int64(st, 0);
    return true;
}

void camp_text_col(sqlite3_stmt *st, int i, char *buf, size_t n)
{
    const char *s = (const char *)sqlite3_column_text(st, i);
    snprintf(buf, n, "%s", s ? s : "");
}

bool camp_int_row(sqlite3_stmt *st, void *item)
{
    bool ok = true;
    *(int *)item = camp_col(st, 0, &ok);
    return ok;
}

mu_status camp_int(mu_campaign *c, int64_t *out, bool *found, mu_error *err,
                   const char *sql, const char *types, ...)
{
    va_list ap;
    va_start(ap, types);
    mu_status s = row_list(c, camp_int64_row, out, found, err, sql, types, ap);
    va_end(ap);
    return s;
}

/* camp_text's row: the copy, or a failure to make it. */
typedef struct text_row {
    char *s;
    bool oom;
} text_row;

static bool text_item(sqlite3_stmt *st, void *item)
{
    text_row *t = item;
    const char *v = (const char *)sqlite3_column_text(st, 0);
    t->s = v ? strdup(v) : NULL;
    t->oom = v && !t->s;
    return true;
}

mu_status camp_text(mu_campaign *c, char **out, bool *found, mu_error *err,
                    const char *sql, const char *types, ...)
{
    text_row t = {NULL, false};
    va_list ap;
    va_start(ap, types);
    mu_status s = row_list(c, text_item, &t, found, err, sql, types, ap);
    va_end(ap);
    *out = t.s;
    return s == MU_OK && t.oom ? err_nomem(err) : s;
}

/* Muster makes no trigger and no view: one in a file was planted there,
 * and a change could run it (a trigger fires inside muster's own
 * statements, on its transaction). So no change is made to such a file,
 * whatever the command; `check` lists every object that is not muster's.
 * Looked at inside the write transaction, where no one can add one. A
 * database in memory (a replay, an upgrade to read) is muster's own. */
static mu_status foreign_objects(mu_campaign *c, mu_error *err)
{
    const char *file = sqlite3_db_filename(c->db, "main");
    if (!file || !*file)
        return MU_OK;
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT type, name FROM sqlite_schema WHERE"
                               " type IN ('trigger', 'view') ORDER BY name "
                               "LIMIT 1", &st, err);
    if (s != MU_OK)
        return s;
    if (sqlite3_step(st) == SQLITE_ROW)
        s = err_at(err, MU_EINPUT, c->path, 0, "the file holds a %s that "
                   "muster did not make ('%.60s'): a change could run it, so "
                   "none is made; 'check' lists what is not muster's; "
                   "nothing was changed", sqlite3_column_text(st, 0),
                   sqlite3_column_text(st, 1));
    camp_finalize(c, st);
    return s;
}

/* A committed change's events join the handle's runs (a run continues the
 * last one when no other writer came between; past the last run the runs
 * merge, which mu_campaign_appended says). */
static void note_appended(mu_campaign *c)
{
    if (!c->tx_first)
        return;
    size_t n = c->done_runs;
    if (n && c->done_last[n - 1] + 1 == c->tx_first) {
        c->done_last[n - 1] = c->tx_last;
    } else if (n < CAMP_APPENDED_RUNS) {
        c->done_first[n] = c->tx_first;
        c->done_last[n] = c->tx_last;
        c->done_runs++;
    } else {
        c->done_last[n - 1] = c->tx_last;
    }
    c->tx_first = c->tx_last = 0;
}

size_t mu_campaign_appended(const mu_campaign *c,
                            int64_t first[MU_APPENDED_RUNS],
                            int64_t last[MU_APPENDED_RUNS])
{
    size_t n = c ? c->done_runs : 0;
    for (size_t i = 0; i < n; i++) {
        first[i] = c->done_first[i];
        last[i] = c->done_last[i];
    }
    return n;
}

/* A keyed change (mu_campaign_request_set) seen before, inside the write
 * transaction, so that two copies sent at once are one change. */
static mu_status request_seen(mu_campaign *c, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_stmt(c, &st, err, "SELECT what FROM requests WHERE "
                            "viewer = ? AND key = ?", "it", c->viewer,
                            c->req_key);
    if (s != MU_OK)
        return s;
    int rc = sqlite3_step(st);
    const char *what = rc == SQLITE_ROW
                           ? (const char *)sqlite3_column_text(st, 0) : NULL;
    if (rc == SQLITE_ROW && what && !strcmp(what, c->req_what))
        s = err_why(err, MU_ESTATE, MU_R_REQUEST_DONE, "this change was "
                    "recorded already: nothing more was recorded");
    else if (rc == SQLITE_ROW)
        s = err_why(err, MU_ESTATE, MU_R_REQUEST_REUSED, "this key was sent "
                    "with another change: make a new key for each change");
    else if (rc != SQLITE_DONE)
        s = camp_sql_fail(c, rc, "reading", err);
    camp_finalize(c, st);
    return s;
}

/* The keyed change's events, noted with its key in its own transaction. */
static mu_status request_note(mu_campaign *c, mu_error *err)
{
    return camp_write(c, err, "INSERT INTO requests (viewer, key, what, "
                      "first, last) VALUES (?, ?, ?, ?, ?)", "ittII", c->viewer,
                      c->req_key, c->req_what, c->tx_first, c->tx_last);
}

mu_status camp_tx(mu_campaign *c, camp_fn fn, void *ctx, mu_dice *d,
                  mu_error *err)
{
    if (c->readonly)
        return err_at(err, MU_EIO, c->path, 0, "the campaign was opened for "
                      "reading only: nothing can be changed through it");
    if (c->view && !c->view_writable)
        return err_set(err, MU_ESTATE, "this is the %s own copy of the "
                       "campaign, for reading: changes are recorded in the "
                       "campaign file", camp_side_poss((mu_army)c->viewer));
    int rc = sqlite3_exec(c->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        return camp_sql_fail(c, rc, "starting a change", err);
    c->tx_first = c->tx_last = 0;
    mu_status st = foreign_objects(c, err);
    if (st == MU_OK && *c->req_key)
        st = request_seen(c, err);
    if (st == MU_OK)
        st = fn(c, ctx, err);
    if (st == MU_OK && d && mu_dice_left(d))
        st = err_set(err, MU_EINPUT,
                     ERR_PL("%zu roll was left over: give exactly the rolls "
                            "needed (%" PRIu64 " used); nothing was changed",
                            "%zu rolls were left over: give exactly the rolls "
                            "needed (%" PRIu64 " used); nothing was changed",
                            mu_dice_left(d)),
                     mu_dice_left(d), mu_dice_count(d));
    bool keyed = st == MU_OK && *c->req_key && c->tx_first;
    if (keyed)
        st = request_note(c, err);
    if (st == MU_OK) {
        rc = sqlite3_exec(c->db, "COMMIT", NULL, NULL, NULL);
        if (rc == SQLITE_OK) {
            if (keyed) /* one change a key: the next is its own */
                c->req_key[0] = '\0';
            note_appended(c);
            return MU_OK;
        }
        st = camp_sql_fail(c, rc, "saving", err);
    }
    sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
    return st;
}

mu_status camp_tx_event(mu_campaign *c, camp_fn fn, void *ctx, mu_dice *d,
                        const int64_t *made, int64_t *out, mu_error *err)
{
    mu_status s = camp_tx(c, fn, ctx, d, err);
    if (s == MU_OK && out)
        *out = *made;
    return s;
}

mu_status camp_read(mu_campaign *c, camp_fn fn, void *ctx, mu_error *err)
{
    int rc = sqlite3_exec(c->db, "BEGIN", NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        return camp_sql_fail(c, rc, "reading", err);
    mu_status st = fn(c, ctx, err);
    sqlite3_exec(c->db, st == MU_OK ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);
    return st;
}

/* A listing's read holds SQLite to a small page cache (and so its sorters,
 * which spill to a file beyond it): the memory a listing takes must not
 * grow with the campaign. The handle's own size comes back after. */
#define CAMP_LISTING_CACHE_KB 256

mu_status camp_read_listing(mu_campaign *c, camp_fn fn, void *ctx,
                            mu_error *err)
{
    sqlite3_stmt *st;
    int64_t was = -2000;
    if (sqlite3_prepare_v2(c->db, "PRAGMA cache_size", -1, &st, NULL) ==
        SQLITE_OK) {
        if (sqlite3_step(st) == SQLITE_ROW)
            was = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    char sql[96];
    snprintf(sql, sizeof sql, "PRAGMA cache_size = -%d; PRAGMA temp.cache_size"
             " = -%d", CAMP_LISTING_CACHE_KB, CAMP_LISTING_CACHE_KB);
    sqlite3_exec(c->db, sql, NULL, NULL, NULL);
    mu_status s = camp_read(c, fn, ctx, err);
    snprintf(sql, sizeof sql, "PRAGMA cache_size = %" PRId64 "; PRAGMA "
             "temp.cache_size = %" PRId64, was, was);
    sqlite3_exec(c->db, sql, NULL, NULL, NULL);
    return s;
}
