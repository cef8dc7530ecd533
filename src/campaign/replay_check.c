/* SPDX-License-Identifier: MIT */
/* replay_check.c -- the log is the truth. check replays every event of a
 * campaign file from the first, through the same calls that made it (each
 * kind's replay in replay.c, an undo through undo.c), on a new campaign in
 * memory: with the event's seed when it had one, else with its stored
 * rolls, and for a hidden division with its stored salt. Each replayed
 * event must be the stored one, field by field; at the end every table of
 * the file must be the replayed one, row by row and column by column (as
 * 64-bit values: nothing is cut or overflows). Anything edited in the file,
 * and anything deleted from the end of the log that left a trace in the
 * tables, shows up as a difference naming the event or the table, row and
 * column. */
#include "campaign.h"
#include "render.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- comparing ---------------------------------------------------------- */

/* A column value as text for a message: the number, 'text' or NULL. */
static void value_text(sqlite3_stmt *st, int i, char *buf, size_t n)
{
    switch (sqlite3_column_type(st, i)) {
    case SQLITE_NULL:
        snprintf(buf, n, "NULL");
        break;
    case SQLITE_INTEGER:
        snprintf(buf, n, "%lld", (long long)sqlite3_column_int64(st, i));
        break;
    default: {
        const char *t = (const char *)sqlite3_column_text(st, i);
        snprintf(buf, n, "'%.60s%s'", t ? t : "",
                 t && strlen(t) > 60 ? "..." : "");
    }
    }
}

static bool same_value(sqlite3_stmt *a, sqlite3_stmt *b, int i)
{
    int ta = sqlite3_column_type(a, i), tb = sqlite3_column_type(b, i);
    if (ta != tb)
        return false;
    if (ta == SQLITE_NULL)
        return true;
    if (ta == SQLITE_INTEGER)
        return sqlite3_column_int64(a, i) == sqlite3_column_int64(b, i);
    int na = sqlite3_column_bytes(a, i), nb = sqlite3_column_bytes(b, i);
    const void *va = sqlite3_column_blob(a, i), *vb = sqlite3_column_blob(b, i);
    return na == nb && (na == 0 || memcmp(va, vb, (size_t)na) == 0);
}

/* "(division 2, number 1)": the row's key columns, for messages. */
static void row_key(sqlite3_stmt *st, int nkey, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < nkey && used < n; i++) {
        char v[80];
        value_text(st, i, v, sizeof v);
        int k = snprintf(buf + used, n - used, "%s%s %s", i ? ", " : "(",
                         sqlite3_column_name(st, i), v);
        used += k > 0 ? (size_t)k : 0;
    }
    if (used < n)
        snprintf(buf + used, n - used, ")");
}

/* The tables and the columns that order (and name) their rows. */
static const struct {
    const char *table, *key;
    int nkey;
} tables[] = {
    {"campaign", "id", 1},
    {"corps", "id", 1},
    {"divisions", "id", 1},
    {"brigades", "division, number", 2},
    {"battles", "id", 1},
    {"losses", "battle, division, brigade", 3},
    {"prisoners", "id", 1},
    {"leaders_held", "id", 1},
    {"batteries_held", "id", 1},
    {"events", "id", 1},
    {"offers", "id", 1}, /* schema 11: where the file has it */
};

/* Columns compared elsewhere: an event's data field by field as it is
 * replayed, its hash by the chain check (a changed event would otherwise
 * show again in every later hash). */
static bool skipped(const char *table, const char *column)
{
    return !strcmp(table, "events") &&
           (!strcmp(column, "data") || !strcmp(column, "hash"));
}

/* -1, 0, 1 comparing the key columns of two rows (integers). */
static int key_cmp(sqlite3_stmt *a, sqlite3_stmt *b, int nkey)
{
    for (int i = 0; i < nkey; i++) {
        sqlite3_int64 x = sqlite3_column_int64(a, i),
                      y = sqlite3_column_int64(b, i);
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

static mu_status compare_table(mu_campaign *file, mu_campaign *mem, int t,
                               camp_report *r, mu_error *err)
{
    char sql[160];
    /* The key first so that rows can be named and matched; then every
     * column, whatever the schema holds. */
    snprintf(sql, sizeof sql, "SELECT %s, * FROM %s ORDER BY %s",
             tables[t].key, tables[t].table, tables[t].key);
    sqlite3_stmt *a, *b;
    mu_status s = camp_prepare(file, sql, &a, err);
    if (s != MU_OK)
        return s;
    if ((s = camp_prepare(mem, sql, &b, err)) != MU_OK) {
        camp_finalize(file, a);
        return s;
    }
    int ncol = sqlite3_column_count(a), nkey = tables[t].nkey;
    const char *name = tables[t].table;
    int ra = sqlite3_step(a), rb = sqlite3_step(b);
    char key[200];
    while (ra == SQLITE_ROW || rb == SQLITE_ROW) {
        int c = ra != SQLITE_ROW ? 1 : rb != SQLITE_ROW ? -1
                                                        : key_cmp(a, b, nkey);
        if (c < 0) {
            row_key(a, nkey, key, sizeof key);
            camp_problem(r, "%s %s: in the file, but the log does not make "
                         "it", name, key);
            ra = sqlite3_step(a);
            continue;
        }
        if (c > 0) {
            row_key(b, nkey, key, sizeof key);
            camp_problem(r, "%s %s: made by the log, but missing from the "
                         "file", name, key);
            rb = sqlite3_step(b);
            continue;
        }
        for (int i = nkey; i < ncol; i++) {
            if (same_value(a, b, i) || skipped(name, sqlite3_column_name(a, i)))
                continue;
            char va[96], vb[96];
            row_key(a, nkey, key, sizeof key);
            value_text(a, i, va, sizeof va);
            value_text(b, i, vb, sizeof vb);
            camp_problem(r, "%s %s: %s is %s in the file, %s when the log is "
                         "replayed", name, key, sqlite3_column_name(a, i), va,
                         vb);
        }
        ra = sqlite3_step(a);
        rb = sqlite3_step(b);
    }
    camp_finalize(file, a);
    camp_finalize(mem, b);
    if (ra != SQLITE_DONE)
        return camp_sql_fail(file, ra, "reading", err);
    if (rb != SQLITE_DONE)
        return camp_sql_fail(mem, rb, "replaying", err);
    return MU_OK;
}

/* Fields a later schema added to an event, which events written before it
 * lack: there the replay's value is what the older muster meant (a battle
 * in the campaign's year and theater), and the tables comparison checks
 * it. */
static bool added_later(const char *kind, const char *field)
{
    static const char *const later[][2] = {
        {"battle-start", "year"}, {"battle-start", "theater"},
        {"new", "tables_sha256"}};
    for (size_t i = 0; i < sizeof later / sizeof *later; i++)
        if (!strcmp(kind, later[i][0]) && !strcmp(field, later[i][1]))
            return true;
    return false;
}

/* The stored event against the replayed one, field by field. */
static void compare_event(const char *stored, const char *made, int64_t id,
                          const char *kind, camp_report *r)
{
    if (!strcmp(stored, made))
        return;
    cJSON *a = cJSON_Parse(stored), *b = cJSON_Parse(made);
    int found = 0;
    for (cJSON *k = b ? b->child : NULL; k; k = k->next) {
        cJSON *v = cJSON_GetObjectItemCaseSensitive(a, k->string);
        if ((v && cJSON_Compare(v, k, true)) ||
            (!v && added_later(kind, k->string)))
            continue;
        char *tv = v ? wr_cjson_text(v) : NULL;
        char *tk = wr_cjson_text(k);
        camp_problem(r, "event %" PRId64 " (%s): field '%s' is %.80s in the "
                     "file, %.80s when replayed", id, kind, k->string,
                     tv ? tv : "missing", tk ? tk : "?");
        free(tv);
        free(tk);
        found++;
    }
    for (cJSON *k = a ? a->child : NULL; k; k = k->next)
        if (!cJSON_GetObjectItemCaseSensitive(b, k->string) && ++found)
            camp_problem(r, "event %" PRId64 " (%s): field '%s' is in the "
                         "file but not made by the replay", id, kind,
                         k->string);
    bool older = false; /* an event of an older schema: other bytes */
    for (cJSON *k = b ? b->child : NULL; k; k = k->next)
        older |= !cJSON_GetObjectItemCaseSensitive(a, k->string);
    if (!found && !older) /* same values, other bytes: not the one encoding */
        camp_problem(r, "event %" PRId64 " (%s): stored as %.60s..., not as "
                     "muster writes it", id, kind, stored);
    cJSON_Delete(a);
    cJSON_Delete(b);
}

/* Replays one stored event (already decoded) and compares what it wrote. */
static mu_status replay_one(mu_campaign *file, mu_campaign **mem,
                            const camp_ev *e, const char *stored,
                            camp_report *r, mu_error *err)
{
    mu_error why;
    mu_status s = MU_OK;
    camp_replay_fn replay = e->kind == EV_UNDO ? camp_replay_undo
                                               : camp_replay_of(e->kind);
    if (e->kind == EV_NEW && !*mem) {
        s = camp_replay_first(file, e, mem, &why);
        if (s == MU_OK && (s = camp_cache_on(*mem, err)) != MU_OK)
            return s; /* out of memory */
    } else if (!*mem || !replay) {
        camp_problem(r, "event %" PRId64 " (%s) cannot be replayed: %s", e->id,
                     camp_ev_types[e->kind].name, *mem
                         ? "no replay is known for its kind"
                         : "the log does not begin with a new campaign");
        return MU_OK;
    } else { /* the event it writes takes e's author and time */
        (*mem)->restamp = &e->stamp;
        s = replay(*mem, file, e, &why);
        (*mem)->restamp = NULL;
    }
    if (s != MU_OK) {
        camp_problem(r, "event %" PRId64 " (%s) does not replay: %s", e->id,
                     camp_ev_types[e->kind].name, why.msg);
        return MU_OK;
    }
    char *data = NULL;
    bool found;
    s = camp_text(*mem, &data, &found, err, "SELECT data FROM events WHERE "
                  "id = ?", "I", e->id);
    if (s == MU_OK && found)
        compare_event(stored, data, e->id, camp_ev_types[e->kind].name, r);
    else if (s == MU_OK)
        camp_problem(r, "event %" PRId64 ": the replay numbers it otherwise",
                     e->id);
    free(data);
    return s;
}

mu_status camp_replay_check(mu_campaign *file, camp_report *r, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(file, "SELECT id, kind, coalesce(division, 0),"
                               " data FROM events ORDER BY id", &st, err);
    if (s != MU_OK)
        return s;
    mu_campaign *mem = NULL;
    int rc, before = r->problems;
    int64_t n = 0;
    while (s == MU_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        camp_ev e;
        mu_error why;
        const char *data = (const char *)sqlite3_column_text(st, 3);
        n++;
        if (camp_ev_decode(file->path, sqlite3_column_int64(st, 0),
                           (const char *)sqlite3_column_text(st, 1),
                           sqlite3_column_int(st, 2), data, &e,
                           &why) != MU_OK) {
            camp_problem(r, "%s", why.msg);
            continue;
        }
        s = replay_one(file, &mem, &e, data ? data : "", r, err);
        camp_ev_clear(&e);
    }
    camp_finalize(file, st);
    if (s == MU_OK && rc != SQLITE_DONE)
        s = camp_sql_fail(file, rc, "reading", err);
    if (s == MU_OK && !mem)
        camp_problem(r, "the log makes no campaign");
    bool offers = false;
    if (s == MU_OK)
        s = camp_has_table(file, "offers", &offers, err);
    for (size_t t = 0; s == MU_OK && mem && t < sizeof tables / sizeof *tables;
         t++)
        if (offers || strcmp(tables[t].table, "offers"))
            s = compare_table(file, mem, (int)t, r, err);
    mu_campaign_close(mem);
    if (s == MU_OK)
        camp_line(r->sb, ERR_PL("replay: %" PRId64 " event replayed from the "
                                "first with their rolls: %s\n", "replay: %"
                                PRId64 " events replayed from the first with "
                                "their rolls: %s\n", n), n,
                  r->problems == before ? "every table agrees" : "FAILED");
    return s;
}
