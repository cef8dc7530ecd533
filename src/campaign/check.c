/* SPDX-License-Identifier: MIT */
/* check.c -- `check`: SQLite's own checks; the hash chain
 * (chain.c); the ledger against itself: every brigade's stands add
 * up, the log's losses, returns, prisoners and releases give the ledger's,
 * every commitment still opens with its salt; and the whole log replayed
 * through the calls that made it, compared with every table
 * (replay.c). Sums of stored values are 64-bit and checked: an
 * overflow is reported like any other inconsistency. */
#include "campaign.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ACC_LOST, ACC_CAPTURED, ACC_RETURNED, ACC_FREED, ACC_HELD, ACC_N };

typedef struct check_ctx {
    camp_report rep;
    const char *head; /* a noted chain head, or NULL */
    int view_side;    /* the head is of that side's view; -1: the full */
    bool claims_view; /* campaign.view_side is set in a file with a log */
    camp_div *divs;
    int ndivs;
    int64_t (*acc)[MU_MAX_BRIGADES][ACC_N]; /* per division, brigade, counter */
    int *engages;                           /* engage events per division */
    int hidden; /* hidden divisions, counted by division_json */
    const char *path; /* the file, for sum_event's problems */
    int64_t last;     /* the last event's id, for sum_event */
    int events;       /* events, counted by sum_event */
} check_ctx;

#define problem(x, ...) camp_problem(&(x)->rep, __VA_ARGS__)

/* *n += v, or a problem when the sum leaves 64 bits. */
static void add64(check_ctx *x, int64_t *n, int64_t v, const char *where)
{
    if (__builtin_add_overflow(*n, v, n))
        problem(x, "%s: a sum of stored values overflows 64 bits", where);
}

static int div_index(const check_ctx *x, int id)
{
    int lo = 0, hi = x->ndivs - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (x->divs[mid].id == id)
            return mid;
        if (x->divs[mid].id < id)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* The counter of a brigade, or NULL (and a problem) for an unknown one. */
static int64_t *counter(check_ctx *x, int div, int brigade, int what,
                        const char *where)
{
    int i = div_index(x, div);
    if (i < 0 || brigade < 1 || brigade > x->divs[i].nbrigades) {
        problem(x, "%s names division %d brigade %d, which does not exist",
                where, div, brigade);
        return NULL;
    }
    return &x->acc[i][brigade - 1][what];
}

static void replay_event(check_ctx *x, const camp_ev *e)
{
    char where[48];
    snprintf(where, sizeof where, "event %" PRId64, e->id);
    int64_t *n;
    switch (e->kind) {
    case EV_CASUALTIES:
        if (!e->u.cas.brigade) /* batteries only: the replay checks them */
            break;
        n = counter(x, e->division, e->u.cas.brigade, ACC_LOST, where);
        if (n) {
            add64(x, &n[ACC_LOST], e->u.cas.lost, where);
            add64(x, &n[ACC_CAPTURED], e->u.cas.captured, where);
        }
        break;
    case EV_BATTLE_END:
        for (int i = 0; i < e->u.end.nreturns; i++) {
            const ev_return *r = &e->u.end.returns[i];
            if ((n = counter(x, r->division, r->brigade, ACC_RETURNED, where)))
                add64(x, n, r->returned, where);
        }
        break;
    case EV_EXCHANGE:
    case EV_LIBERATE:
    case EV_ACCEPT: {
        const ev_release *r = e->kind == EV_ACCEPT ? &e->u.offer.release
                                                   : &e->u.release;
        for (int i = 0; i < r->n; i++) {
            const ev_freed *f = &r->stands[i];
            if ((n = counter(x, f->division, f->brigade, ACC_FREED, where)))
                add64(x, n, f->stands, where);
        }
        break;
    }
    case EV_ENGAGE: {
        int i = div_index(x, e->division);
        if (i < 0)
            problem(x, "%s engages an unknown division", where);
        else
            x->engages[i]++;
        break;
    }
    default:
        break;
    }
}

/* One event of the log into the sums (a camp_each step). */
static mu_status sum_event(sqlite3_stmt *st, void *p, mu_error *err)
{
    (void)err;
    check_ctx *x = p;
    int64_t id = sqlite3_column_int64(st, 0);
    if (id != x->last + 1)
        problem(x, "the log jumps from event %" PRId64 " to %" PRId64,
                x->last, id);
    x->last = id;
    camp_ev e;
    mu_error why;
    if (camp_ev_decode(x->path, id, (const char *)sqlite3_column_text(st, 1),
                       sqlite3_column_int(st, 2),
                       (const char *)sqlite3_column_text(st, 3), &e,
                       &why) != MU_OK) {
        problem(x, "%s", why.msg);
        return MU_OK;
    }
    if (!sqlite3_column_int(st, 4))
        replay_event(x, &e);
    camp_ev_clear(&e);
    x->events++;
    return MU_OK;
}

/* Prisoners still held, per brigade: a row of the prisoners table. */
static mu_status held(sqlite3_stmt *st, void *p, mu_error *err)
{
    check_ctx *x = p;
    (void)err;
    int64_t *n = counter(x, sqlite3_column_int(st, 0),
                         sqlite3_column_int(st, 1), ACC_HELD, "a prisoner");
    if (n)
        add64(x, n, sqlite3_column_int64(st, 2), "the prisoners");
    return MU_OK;
}

/* One brigade's bookkeeping, in 64 bits: start = current + (lost -
 * returned) + (captured - freed), and the log's sums are the ledger's.
 * Division i of x->divs: by its place, not by a search for its id, which a
 * damaged file may hold twice or out of order. */
static void compare_brigade(check_ctx *x, int i, int k)
{
    const camp_div *d = &x->divs[i];
    const camp_brigade *b = &d->b[k];
    const int64_t *a = x->acc[i][k];
    int64_t out = (int64_t)b->lost - b->returned,
            held = (int64_t)b->captured - b->freed,
            now = (int64_t)b->current + out + held;
    if (b->number != k + 1)
        problem(x, "division %d: brigade %d is numbered %d", d->id, k + 1,
                b->number);
    if (now != b->start)
        problem(x, ERR_PL("division %d brigade %d: %d stand now, %" PRId64
                          " out, %" PRId64 " held do not make the %d it "
                          "started with",
                          "division %d brigade %d: %d stands now, %" PRId64
                          " out, %" PRId64 " held do not make the %d it "
                          "started with", b->current),
                d->id, b->number, b->current, out, held, b->start);
    if (a[ACC_LOST] != b->lost || a[ACC_CAPTURED] != b->captured ||
        a[ACC_RETURNED] != b->returned || a[ACC_FREED] != b->freed)
        problem(x, "division %d brigade %d: the log gives lost %" PRId64 ", "
                "captured %" PRId64 ", returned %" PRId64 ", freed %" PRId64
                "; the ledger %d, %d, %d, %d", d->id, b->number, a[ACC_LOST],
                a[ACC_CAPTURED], a[ACC_RETURNED], a[ACC_FREED], b->lost,
                b->captured, b->returned, b->freed);
    if (a[ACC_HELD] != held)
        problem(x, ERR_PL("division %d brigade %d: %" PRId64 " stand in the "
                          "camps, the ledger says %" PRId64,
                          "division %d brigade %d: %" PRId64 " stands in the "
                          "camps, the ledger says %" PRId64, a[ACC_HELD]),
                d->id, b->number, a[ACC_HELD], held);
}

static void compare(check_ctx *x, int *nbrigades)
{
    *nbrigades = 0;
    for (int i = 0; i < x->ndivs; i++) {
        const camp_div *d = &x->divs[i];
        if (d->engaged != (x->engages[i] == 1))
            problem(x, d->engaged
                    ? ERR_PL("division %d is engaged but the log engages it "
                             "%d time", "division %d is engaged but the log "
                             "engages it %d times", x->engages[i])
                    : ERR_PL("division %d is not engaged but the log engages "
                             "it %d time", "division %d is not engaged but "
                             "the log engages it %d times", x->engages[i]),
                    d->id, x->engages[i]);
        for (int k = 0; k < d->nbrigades; k++)
            compare_brigade(x, i, k);
        *nbrigades += d->nbrigades;
    }
}

/* An engaged division's stored JSON is canonical and matches its
 * brigades; a hidden one still opens with its salt (x->hidden counts). */
static mu_status division_json(sqlite3_stmt *st, void *p, mu_error *err)
{
    check_ctx *x = p;
    (void)err;
    int id = sqlite3_column_int(st, 0), i = div_index(x, id);
    const char *json = (const char *)sqlite3_column_text(st, 1);
    const char *salt = (const char *)sqlite3_column_text(st, 2);
    const char *com = (const char *)sqlite3_column_text(st, 3);
    size_t len = json ? strlen(json) : 0;
    char *canon = NULL;
    mu_error e;
    if (!json || mu_json_canonicalize(json, len, &canon, &e) != MU_OK ||
        strcmp(canon, json) != 0)
        problem(x, "division %d: the stored division is not canonical "
                "JSON", id);
    cJSON *root = json ? cJSON_Parse(json) : NULL;
    const cJSON *bs = cJSON_GetObjectItemCaseSensitive(root, "brigades");
    int k = 0;
    for (const cJSON *b = bs ? bs->child : NULL; b && i >= 0; b = b->next, k++)
        if (k >= x->divs[i].nbrigades ||
            !cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(b, "stands")) ||
            cJSON_GetObjectItemCaseSensitive(b, "stands")->valuedouble !=
                x->divs[i].b[k].start)
            break;
    if (i < 0 || k != x->divs[i].nbrigades || (bs && cJSON_GetArraySize(bs) != k))
        problem(x, "division %d: its brigades differ from the division "
                "generated", id);
    cJSON_Delete(root);
    free(canon);
    if (sqlite3_column_int(st, 4)) {
        char got[MU_COMMITMENT_HEX];
        x->hidden++;
        if (!json || !com ||
            mu_commitment_compute(json, len, salt, got, &e) != MU_OK ||
            strcmp(got, com) != 0)
            problem(x, "division %d: the commitment does not open with its "
                    "salt: the division was altered", id);
    }
    return MU_OK;
}

/* Runs a PRAGMA check whose clean answer is one row "ok" (or no rows). */
static mu_status sqlite_check(mu_campaign *c, check_ctx *x, const char *sql,
                              const char *what, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, sql, &st, err);
    if (s != MU_OK)
        return s;
    int rc, bad = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(st, 0);
        if (sqlite3_column_count(st) == 1 && t && !strcmp(t, "ok"))
            continue;
        bad++;
        problem(x, "%s: %s", what, t ? t : "(no detail)");
    }
    camp_finalize(c, st);
    if (rc != SQLITE_DONE)
        return camp_sql_fail(c, rc, what, err);
    if (bad)
        camp_line(x->rep.sb, "%s: FAILED\n", what);
    else
        camp_line(x->rep.sb, "%s: ok\n", what);
    return MU_OK;
}

/* Every object in the file's schema is one muster makes, exactly as it
 * makes it: the objects of a new campaign (made in memory by the same
 * steps), and in a player's own file its two view tables. A trigger, a
 * view, an index, a table muster does not make (or makes otherwise) was
 * put there by someone else, and is a problem, each one named. */
static mu_status schema_objects(mu_campaign *c, check_ctx *x, bool player,
                                mu_error *err)
{
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "schema";
    o.year = MU_YEAR_FIRST;
    mu_campaign *ref = NULL;
    sqlite3_stmt *st = NULL, *q = NULL;
    mu_status s = camp_create_memory(&o, NULL, &ref, err);
    /* A file older than brigade names, read as it is: its brigades are
     * muster's as they were before the column (which SQLite's DROP COLUMN
     * gives back, text and all). */
    if (s == MU_OK && c->no_brigade_names)
        s = camp_exec(ref, "ALTER TABLE brigades DROP COLUMN name", err);
    if (s == MU_OK)
        s = camp_prepare(c, "SELECT type, name, tbl_name, sql FROM "
                         "sqlite_schema ORDER BY type, name", &st, err);
    if (s == MU_OK)
        s = camp_prepare(ref, "SELECT 1 FROM sqlite_schema WHERE type = ?1 "
                         "AND name = ?2 AND tbl_name = ?3 AND sql IS ?4",
                         &q, err);
    int rc = SQLITE_DONE, bad = 0;
    while (s == MU_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *type = (const char *)sqlite3_column_text(st, 0);
        const char *name = (const char *)sqlite3_column_text(st, 1);
        const char *tbl = (const char *)sqlite3_column_text(st, 2);
        if (player && type && !strcmp(type, "table") && name &&
            (!strcmp(name, "view_log") || !strcmp(name, "view_chain")))
            continue;
        if (player && type && !strcmp(type, "index") && tbl &&
            (!strcmp(tbl, "view_log") || !strcmp(tbl, "view_chain")))
            continue;
        sqlite3_reset(q);
        for (int i = 0; i < 4; i++)
            sqlite3_bind_value(q, i + 1, sqlite3_column_value(st, i));
        if (sqlite3_step(q) == SQLITE_ROW)
            continue;
        bad++;
        problem(x, "schema: %s '%.60s' (on %.60s) is not muster's: it was "
                "added or changed by hand", type ? type : "object",
                name ? name : "", tbl ? tbl : "");
    }
    if (s == MU_OK && rc != SQLITE_DONE)
        s = camp_sql_fail(c, rc, "reading the schema", err);
    camp_finalize(c, st);
    camp_finalize(ref, q);
    mu_campaign_close(ref);
    if (s == MU_OK)
        camp_line(x->rep.sb, "schema: %s\n",
                  bad ? "FAILED" : "every object is muster's");
    return s;
}

/* The ledger against itself and the log's sums (the divisions as stored
 * must load: a value out of range is reported, and the replay below names
 * it). */
static mu_status ledger(mu_campaign *c, check_ctx *x, mu_error *err)
{
    mu_error why;
    if (camp_load_all(c, &x->divs, &x->ndivs, &why) != MU_OK) {
        problem(x, "%s", why.msg);
        camp_line(x->rep.sb, "ledger: FAILED\n");
        return MU_OK;
    }
    size_t n = x->ndivs ? (size_t)x->ndivs : 1;
    x->acc = calloc(n, sizeof *x->acc);
    x->engages = calloc(n, sizeof *x->engages);
    if (!x->acc || !x->engages)
        return err_nomem(err);
    int nbrigades, before = x->rep.problems;
    mu_status s;
    /* An event undone, and an undo, count for nothing in the sums: the
     * ledger stands as if the event had never happened. */
    x->path = c->path;
    if ((s = camp_each(c, sum_event, x, err, "SELECT id, kind, division, data,"
                       " kind = 'undo' OR id IN (SELECT json_extract(data, "
                       "'$.event') FROM events WHERE kind = 'undo') FROM "
                       "events ORDER BY id", "")) != MU_OK ||
        (s = camp_each(c, held, x, err, "SELECT division, brigade, stands "
                       "FROM prisoners ORDER BY id", "")) != MU_OK)
        return s;
    compare(x, &nbrigades);
    camp_line(x->rep.sb, "ledger: %d events over %d divisions and %d "
              "brigades: %s\n", x->events, x->ndivs, nbrigades,
              x->rep.problems == before ? "stands add up, log and ledger agree"
                                        : "FAILED");
    before = x->rep.problems;
    if ((s = camp_each(c, division_json, x, err, "SELECT id, division, salt, "
                       "commitment, hidden FROM divisions WHERE engaged = 1 "
                       "ORDER BY id", "")) != MU_OK)
        return s;
    int hidden = x->hidden;
    if (x->rep.problems == before)
        camp_line(x->rep.sb,
                  ERR_PL("divisions: as generated; %d commitment opens\n",
                         "divisions: as generated; %d commitments open\n",
                         hidden), hidden);
    else
        camp_line(x->rep.sb,
                  ERR_PL("divisions: as generated; %d commitment FAILED\n",
                         "divisions: as generated; %d commitments FAILED\n",
                         hidden), hidden);
    return MU_OK;
}

/* What a check of either file begins with: the file's schema (a schema-6
 * file read as it is says so), SQLite's integrity and the schema's
 * objects. */
static mu_status check_begin(mu_campaign *c, check_ctx *x, bool player,
                             mu_error *err)
{
    int v;
    mu_status s = camp_user_version(c, &v, err);
    if (s != MU_OK)
        return s;
    if (player)
        camp_line(x->rep.sb, "the %s own file of campaign \"%s\": schema %d\n",
                  camp_side_poss((mu_army)c->viewer), c->name, v);
    else
        camp_line(x->rep.sb, "campaign \"%s\": schema %d\n", c->name, v);
    if (x->claims_view) /* campaign.view_side says so; the log is there */
        problem(x, "campaign: view_side marks a player's own file, but the "
                "file holds the log: checked (and replayed) as the campaign "
                "file");
    if ((s = sqlite_check(c, x, "PRAGMA integrity_check", "SQLite integrity",
                          err)) != MU_OK)
        return s;
    return schema_objects(c, x, player, err);
}

static mu_status check_read(mu_campaign *c, void *p, mu_error *err)
{
    check_ctx *x = p;
    mu_status s;
    if ((s = check_begin(c, x, false, err)) != MU_OK ||
        (s = sqlite_check(c, x, "PRAGMA foreign_key_check", "foreign keys",
                          err)) != MU_OK ||
        (s = camp_chain_check(c, x->view_side < 0 ? x->head : NULL, &x->rep,
                              err)) != MU_OK ||
        (x->view_side >= 0 &&
         (s = camp_view_find(c, x->view_side, x->head, &x->rep, err)) !=
             MU_OK) ||
        (s = ledger(c, x, err)) != MU_OK)
        return s;
    return camp_replay_check(c, &x->rep, err);
}

/* A player's own file: what it can check without the other side's
 * secrets. */
static mu_status check_view_read(mu_campaign *c, void *p, mu_error *err)
{
    check_ctx *x = p;
    mu_status s;
    if ((s = check_begin(c, x, true, err)) != MU_OK ||
        /* It keeps no events, which battles and prisoners name, nor the
         * brigades of the other side's unrevealed hidden divisions: their
         * prisoners' brigade of origin is 0 there (export). */
        (s = sqlite_check(c, x, "SELECT f.\"table\", f.parent FROM "
                          "pragma_foreign_key_check f WHERE f.parent <> "
                          "'events' AND NOT (f.\"table\" = 'prisoners' AND "
                          "f.parent = 'brigades' AND EXISTS (SELECT 1 FROM "
                          "prisoners p WHERE p.id = f.rowid AND p.brigade = 0"
                          " AND p.division IN " CAMP_HIDDEN_FROM(
                              "(SELECT view_side FROM campaign)") "))",
                          "foreign keys", err)) != MU_OK ||
        (s = camp_view_check(c, x->head, &x->rep, err)) != MU_OK)
        return s;
    camp_line(x->rep.sb, "replay: not in a player's own file (the other "
            "side's secrets are not in it); compare the view head with the "
            "umpire's\n");
    return MU_OK;
}

/* What is checked is decided by what the file holds, never by what it
 * says it is: a file with a log is the campaign file, checked in full and
 * replayed as the umpire whatever campaign.view_side and any view tables
 * in it claim (both are then problems). Only a file with no events, a
 * view chain and its side set is a player's own file. */
static mu_status check_kind(mu_campaign *c, void *p, mu_error *err)
{
    int64_t player = 0;
    mu_status s = camp_int(c, &player, NULL, err, "SELECT NOT EXISTS (SELECT "
                           "1 FROM events) AND EXISTS (SELECT 1 FROM "
                           "sqlite_schema WHERE type = 'table' AND name = "
                           "'view_chain') AND (SELECT view_side IS NOT NULL "
                           "FROM campaign WHERE id = 1)", "");
    if (s != MU_OK)
        return s;
    if (player && c->view)
        return check_view_read(c, p, err);
    /* As the umpire: the file holds every secret (it is the campaign's). */
    check_ctx *x = p;
    int viewer = c->viewer;
    bool view = c->view;
    x->claims_view = view;
    c->viewer = MU_SIDE_NONE;
    c->view = false;
    s = check_read(c, p, err);
    c->viewer = viewer;
    c->view = view;
    return s;
}

static mu_status check_run(mu_campaign *c, const char *head, int view_side,
                           char **report, mu_error *err)
{
    if (report)
        *report = NULL; /* never read; a report on MU_OK or MU_EMISMATCH */
    if (!c || !report)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (c->viewer != MU_SIDE_NONE && !c->view) /* it names every secret */
        return err_set(err, MU_ESTATE, "check reads every secret of the "
                       "campaign: run it as the umpire");
    unsigned char h[CAMP_HASH_BYTES];
    if (head && !camp_hash_parse(head, h))
        return err_set(err, MU_EINPUT, "'%.70s' is not a chain head: give the "
                       "64 hex digits that were noted", head);
    sbuf sb = {0};
    check_ctx x;
    memset(&x, 0, sizeof x);
    x.rep.sb = &sb;
    x.head = head;
    x.view_side = view_side;
    mu_status s = camp_read(c, check_kind, &x, err);
    free(x.divs);
    free(x.acc);
    free(x.engages);
    if (s != MU_OK) {
        mu_buf_free(&sb);
        return s;
    }
    int n = x.rep.problems;
    if (n)
        camp_line(&sb, ERR_PL("%d problem found\n", "%d problems found\n", n),
                  n);
    else
        camp_line(&sb, "ok\n");
    if ((s = sb_finish(&sb, report, err)) != MU_OK)
        return s;
    if (n)
        return err_set(err, MU_EMISMATCH,
                       ERR_PL("the campaign failed %d check",
                              "the campaign failed %d checks", n), n);
    return MU_OK;
}

mu_status mu_campaign_check_head(mu_campaign *c, const char *head,
                                 char **report, mu_error *err)
{
    return check_run(c, head, -1, report, err);
}

mu_status mu_campaign_check_view(mu_campaign *c, mu_army side,
                                 const char *head, char **report,
                                 mu_error *err)
{
    if (report)
        *report = NULL;
    if ((unsigned)side > 1 || !head)
        return err_set(err, MU_EINPUT, "give a side and the head of its view");
    if (c && c->view)
        return err_set(err, MU_ESTATE, "a player's own file checks its own "
                       "view's head: check it with the head alone");
    return check_run(c, head, (int)side, report, err);
}
