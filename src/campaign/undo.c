/* SPDX-License-Identifier: MIT */
/* undo.c -- corrections without losing history. An undo is an
 * event of its own ("undo": the event taken back and its kind); nothing in
 * the log is deleted or changed. Its meaning is defined by the replay: the
 * ledger after an undo is what replaying every event that is not undone
 * (and no undo) gives, in order, with the stored rolls. mu_campaign_undo
 * makes exactly that: it replays the log without the events undone on a
 * campaign in memory, then puts the replayed tables in place of the
 * file's, in the same transaction as the undo event. check replays an
 * undo through the same call (camp_replay_undo), so the tables it compares
 * are made the same way.
 *
 * "Nothing later depends on it" is defined by the same replay: every later
 * event that is not undone must replay to exactly its stored payload
 * without the event; the first one that fails or comes out otherwise is
 * named in the refusal. */
#include "campaign.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the events undone -------------------------------------------------- */

typedef struct undone {
    int64_t *ids; /* sorted */
    int n;
} undone;

static mu_status load_undone(mu_campaign *c, undone *u, mu_error *err)
{
    u->ids = NULL;
    u->n = 0;
    return camp_collect(c, sizeof(int64_t), camp_int64_row, (void **)&u->ids,
                        &u->n, err, "SELECT json_extract(data, '$.event') AS e"
                        " FROM events WHERE kind = 'undo' ORDER BY e", "");
}

static bool is_undone(const undone *u, int64_t id)
{
    for (int i = 0; i < u->n; i++)
        if (u->ids[i] == id)
            return true;
    return false;
}

/* ---- the replay without them -------------------------------------------- */

/* A stored event put in the log of `mem` as it is, without replaying it
 * (an undo, or an event undone): so that later events keep their numbers
 * and the chain its hashes. */
static mu_status copy_event(mu_campaign *mem, sqlite3_stmt *row, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(mem, "INSERT INTO events(id, kind, division, "
                               "data, hash) VALUES (?, ?, ?, ?, ?)", &st, err);
    if (s != MU_OK)
        return s;
    for (int i = 0; i < 5; i++)
        sqlite3_bind_value(st, i + 1, sqlite3_column_value(row, i));
    return camp_run(mem, st, err);
}

/* Whether mem's event id is stored as `data`, byte for byte. */
static bool same_event(mu_campaign *mem, int64_t id, const char *data)
{
    char *t = NULL;
    mu_error err;
    camp_text(mem, &t, NULL, &err, "SELECT data FROM events WHERE id = ?",
              "I", id);
    bool same = t && data && !strcmp(t, data);
    free(t);
    return same;
}

/* An engage's event does not hold the year and theater its division was
 * generated for, which the division (its stored JSON) does: that must come
 * out the same too. */
static bool same_division(mu_campaign *mem, mu_campaign *c, int div)
{
    const char *sql = "SELECT division FROM divisions WHERE id = ?";
    char *x = NULL, *y = NULL;
    mu_error err;
    camp_text(mem, &x, NULL, &err, sql, "i", div);
    camp_text(c, &y, NULL, &err, sql, "i", div);
    bool same = x && y && !strcmp(x, y);
    free(x);
    free(y);
    return same;
}

/* Replays e on mem as it was made: by its author, at its time. */
static mu_status replay_stamped(mu_campaign *mem, mu_campaign *file,
                                const camp_ev *e, mu_error *err)
{
    mem->restamp = &e->stamp;
    mu_status s = camp_replay_of(e->kind)(mem, file, e, err);
    mem->restamp = NULL;
    return s;
}

typedef struct rebuild {
    mu_campaign *c; /* the campaign (salts and secrets are read from it) */
    const undone *skip;
    int64_t target; /* the event being undone */
    int viewer;     /* whom refusals are written for */
    mu_campaign *mem;
} rebuild;

/* Event e (stored as `data`) did not replay (s, why) or came out otherwise:
 * after the target, it depends on it; before, the file is damaged. */
static mu_status not_replayed(const rebuild *x, const camp_ev *e, mu_status s,
                              const mu_error *why, mu_error *err)
{
    const char *kind = camp_ev_types[e->kind].name;
    if (e->id < x->target)
        return err_at(err, MU_EIO, x->c->path, 0, "the campaign file is "
                      "damaged: event %" PRId64 " (%s) does not replay as "
                      "stored (check tells more)", e->id, kind);
    /* A side is told the later event's number and kind, which its own log
     * shows, and nothing of why: the replay may have read secrets. */
    if (x->viewer != MU_SIDE_NONE || s == MU_OK)
        return err_set(err, MU_ESTATE, "event %" PRId64 " cannot be undone: "
                       "event %" PRId64 " (%s) depends on it (undo that one "
                       "first)", x->target, e->id, kind);
    return err_set(err, MU_ESTATE, "event %" PRId64 " cannot be undone: event "
                   "%" PRId64 " (%s) depends on it (undo that one first): "
                   "without it, %.200s", x->target, e->id, kind, why->msg);
}

/* One event of the log into the replay (a camp_each step). */
static mu_status rebuild_one(sqlite3_stmt *row, void *p, mu_error *err)
{
    rebuild *x = p;
    int64_t id = sqlite3_column_int64(row, 0);
    const char *kind = (const char *)sqlite3_column_text(row, 1);
    const char *data = (const char *)sqlite3_column_text(row, 3);
    camp_ev e;
    mu_error why;
    mu_status s = camp_ev_decode(x->c->path, id, kind,
                                 sqlite3_column_int(row, 2), data, &e, err);
    if (s != MU_OK)
        return s;
    if (e.kind == EV_NEW && !x->mem)
        s = camp_replay_first(x->c, &e, &x->mem, err);
    else if (!x->mem || e.kind == EV_NEW ||
             (e.kind != EV_UNDO && !camp_replay_of(e.kind)))
        s = err_at(err, MU_EIO, x->c->path, 0, "the campaign file is damaged: "
                   "event %" PRId64 " (%s) cannot be replayed", id, kind);
    else if (e.kind == EV_UNDO || id == x->target || is_undone(x->skip, id))
        s = copy_event(x->mem, row, err);
    else if ((s = replay_stamped(x->mem, x->c, &e, &why)) != MU_OK ||
             !same_event(x->mem, id, data) ||
             (e.kind == EV_ENGAGE && !same_division(x->mem, x->c, e.division)))
        s = not_replayed(x, &e, s, &why, err);
    camp_ev_clear(&e);
    return s;
}

/* ---- the replayed tables in place of the file's ------------------------- */

/* Every table but the log (whose rows the replay makes), whatever the
 * schema holds: the captured leaders and batteries of schema 4 too. */
static bool table_item(sqlite3_stmt *st, void *item)
{
    const char *t = (const char *)sqlite3_column_text(st, 0);
    snprintf(item, 64, "%s", t ? t : "");
    return t && strlen(t) < 64;
}

static mu_status ledger_tables(mu_campaign *c, char (**out)[64], int *n,
                               mu_error *err)
{
    return camp_collect(c, 64, table_item, (void **)out, n, err, "SELECT name "
                        "FROM sqlite_schema WHERE type = 'table' AND name <> "
                        "'events' AND name <> 'links' AND name <> 'requests' "
                        "AND name NOT LIKE 'sqlite%' ORDER BY name", "");
}

static mu_status copy_rows(mu_campaign *to, mu_campaign *from,
                           const char *table, mu_error *err)
{
    char sql[640];
    snprintf(sql, sizeof sql, "SELECT * FROM %s", table);
    sqlite3_stmt *rd, *wr = NULL;
    mu_status s = camp_prepare(from, sql, &rd, err);
    if (s != MU_OK)
        return s;
    int n = sqlite3_column_count(rd), used;
    used = snprintf(sql, sizeof sql, "INSERT INTO %s(", table);
    for (int i = 0; i < n && used > 0 && (size_t)used < sizeof sql; i++)
        used += snprintf(sql + used, sizeof sql - (size_t)used, "%s%s",
                         i ? ", " : "", sqlite3_column_name(rd, i));
    for (int i = 0; i < n && used > 0 && (size_t)used < sizeof sql; i++)
        used += snprintf(sql + used, sizeof sql - (size_t)used, "%s",
                         i ? ", ?" : ") VALUES (?");
    if (used > 0 && (size_t)used < sizeof sql - 1)
        memcpy(sql + used, ")", 2);
    if ((size_t)used >= sizeof sql - 1)
        s = err_set(err, MU_EINTERNAL, "the %s table has too many columns",
                    table);
    if (s == MU_OK)
        s = camp_prepare(to, sql, &wr, err);
    int rc;
    while (s == MU_OK && (rc = sqlite3_step(rd)) == SQLITE_ROW) {
        sqlite3_reset(wr);
        for (int i = 0; i < n; i++)
            sqlite3_bind_value(wr, i + 1, sqlite3_column_value(rd, i));
        if ((rc = sqlite3_step(wr)) != SQLITE_DONE)
            s = camp_sql_fail(to, rc, "undoing", err);
    }
    camp_finalize(from, rd);
    camp_finalize(to, wr);
    return s;
}

/* Inside the caller's transaction: the foreign keys are checked at its
 * commit, when every row is back. */
static mu_status replace_tables(mu_campaign *c, mu_campaign *mem,
                                mu_error *err)
{
    char(*t)[64] = NULL;
    int n = 0;
    mu_status s = ledger_tables(c, &t, &n, err);
    if (s == MU_OK)
        s = camp_exec(c, "PRAGMA defer_foreign_keys = ON", err);
    for (int i = 0; s == MU_OK && i < n; i++) {
        char sql[96];
        snprintf(sql, sizeof sql, "DELETE FROM \"%s\"", t[i]);
        if ((s = camp_exec(c, sql, err)) == MU_OK)
            s = copy_rows(c, mem, t[i], err);
    }
    free(t);
    return s;
}

/* ---- which events may be undone ----------------------------------------- */

typedef struct target {
    int64_t id;
    camp_ev_kind kind;
    int division, side; /* the division it is about and its side; 0, -1 */
    bool hidden_engage;
} target;

/* The latest event that is neither an undo nor undone; 0 for none. */
static mu_status latest(mu_campaign *c, int64_t *id, mu_error *err)
{
    *id = 0;
    return camp_int(c, id, NULL, err, "SELECT max(id) FROM events WHERE kind "
                    "<> 'undo' AND id NOT IN (SELECT json_extract(data, "
                    "'$.event') FROM events WHERE kind = 'undo')", "");
}

static mu_status load_target(mu_campaign *c, int64_t id, target *t,
                             mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_stmt(c, &st, err, "SELECT e.kind, coalesce(e.division, "
                            "0), coalesce(d.side, -1), e.kind = 'engage' AND "
                            "json_extract(e.data, '$.hidden') FROM events e "
                            "LEFT JOIN divisions d ON d.id = e.division WHERE "
                            "e.id = ?", "I", id);
    if (s != MU_OK)
        return s;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const char *k = (const char *)sqlite3_column_text(st, 0);
        t->id = id;
        t->division = sqlite3_column_int(st, 1);
        t->side = sqlite3_column_int(st, 2);
        t->hidden_engage = sqlite3_column_int(st, 3) != 0;
        if (!camp_ev_kind_of(k, &t->kind))
            s = err_at(err, MU_EIO, c->path, 0, "event %" PRId64 " is "
                       "damaged: unknown kind", id);
    }
    camp_finalize(c, st);
    if (rc == SQLITE_DONE)
        return err_set(err, MU_EINPUT, "no event %" PRId64 " in this "
                       "campaign's log (see the log for the numbers)", id);
    return rc == SQLITE_ROW ? s : camp_sql_fail(c, rc, "reading", err);
}

/* Why the kinds that are never undone are not (NULL: undone if nothing
 * later depends on it). */
static const char *const never_undone[EV_NKINDS] = {
    [EV_UNDO] = "an undo is not undone: record the event again instead",
    [EV_NEW] = "it made the campaign",
    [EV_ADD] = "the log names the division by its number from then on",
    [EV_REVEAL] = "the division's secret is out",
    [EV_TABLES] = "it pins the campaign's tables",
    [EV_FAIR_COMMIT] = "the other player holds this step of the fair roll",
    [EV_CONTRIBUTE] = "the other player holds this step of the fair roll",
};

/* The refusals that need no replay. */
static mu_status may_undo(mu_campaign *c, const target *t, mu_error *err)
{
    if (c->viewer != MU_SIDE_NONE && t->side != c->viewer)
        return err_set(err, MU_ESTATE, "acting for the %s, event %" PRId64
                       " cannot be undone: a side undoes only events about "
                       "its own divisions (the umpire undoes the others)",
                       c->viewer == MU_UNION ? "Union" : "Confederates",
                       t->id);
    int64_t by = 0; /* the undo event that took it back */
    mu_status s = camp_int(c, &by, NULL, err, "SELECT id FROM events WHERE "
                           "kind = 'undo' AND json_extract(data, '$.event') = "
                           "?", "I", t->id);
    if (s != MU_OK)
        return s;
    const char *kind = camp_ev_types[t->kind].name;
    if (by)
        return err_set(err, MU_ESTATE, "event %" PRId64 " (%s) was undone by "
                       "event %" PRId64 " already", t->id, kind, by);
    const char *why = never_undone[t->kind];
    if (t->kind == EV_ENGAGE && t->hidden_engage)
        why = "a hidden division's rolls would show in the opponent's log, "
              "and its owner could roll it again";
    if (why)
        return err_set(err, MU_ESTATE, "event %" PRId64 " (%s) cannot be "
                       "undone: %s", t->id, kind, why);
    return MU_OK;
}

/* ---- the undo ----------------------------------------------------------- */

typedef struct undo_ctx {
    int64_t event; /* asked for; 0: the latest */
    int64_t made;  /* the undo event */
} undo_ctx;

static mu_status undo_tx(mu_campaign *c, void *p, mu_error *err)
{
    undo_ctx *x = p;
    target t = {0, EV_NEW, 0, -1, false};
    int64_t id = x->event;
    mu_status s = id ? MU_OK : latest(c, &id, err);
    if (s == MU_OK && !id)
        s = err_set(err, MU_ESTATE, "nothing to undo: every event but the "
                    "first is undone");
    if (s != MU_OK || (s = load_target(c, id, &t, err)) != MU_OK ||
        (s = may_undo(c, &t, err)) != MU_OK)
        return s;
    undone u;
    if ((s = load_undone(c, &u, err)) != MU_OK)
        return s;
    rebuild r = {c, &u, t.id, c->viewer, NULL};
    /* the campaign in memory that the log makes without the target and
     * the events undone before */
    s = camp_each(c, rebuild_one, &r, err, "SELECT id, kind, division, data, "
                  "hash FROM events ORDER BY id", "");
    free(u.ids);
    if (s == MU_OK)
        s = replace_tables(c, r.mem, err);
    mu_campaign_close(r.mem);
    if (s != MU_OK)
        return s;
    camp_ev ev = {.kind = EV_UNDO, .division = t.division};
    ev.u.undo.event = t.id;
    ev.u.undo.kind = t.kind;
    return camp_event(c, &ev, &x->made, err);
}

mu_status mu_campaign_undo(mu_campaign *c, int64_t event, int64_t *undo,
                           mu_error *err)
{
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (event < 0)
        return err_set(err, MU_EINPUT, "events are numbered from 1");
    undo_ctx x = {event, 0};
    mu_status s = camp_tx(c, undo_tx, &x, NULL, err);
    int64_t year = c->year; /* it may have changed (an advance undone) */
    if (s == MU_OK && camp_int(c, &year, NULL, err, "SELECT year FROM "
                               "campaign", "") == MU_OK)
        c->year = (int)year;
    if (s == MU_OK && undo)
        *undo = x.made;
    return s;
}

mu_status camp_replay_undo(mu_campaign *mem, mu_campaign *file,
                           const camp_ev *e, mu_error *err)
{
    (void)file; /* mem holds every salt and secret its replay read */
    return mu_campaign_undo(mem, e->u.undo.event, NULL, err);
}
