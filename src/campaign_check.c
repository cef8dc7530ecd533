/* campaign_check.c -- `check`: SQLite's own checks, then the ledger against
 * itself: every brigade's stands add up, the log replayed gives the same
 * losses, returns, prisoners and releases, and every commitment still opens
 * with its salt. */
#include "campaign.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ACC_LOST, ACC_CAPTURED, ACC_RETURNED, ACC_FREED, ACC_HELD, ACC_N };

typedef struct check_ctx {
    sbuf *sb;
    int problems;
    camp_div *divs;
    int ndivs;
    int (*acc)[MU_MAX_BRIGADES][ACC_N]; /* per division, brigade, counter */
    int *engages;                       /* engage events per division */
} check_ctx;

static void problem(check_ctx *x, const char *fmt, ...) MU_PRINTF(2, 3);

static void problem(check_ctx *x, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (x->problems++ < 50)
        sb_printf(x->sb, "problem: %s\n", buf);
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
static int *counter(check_ctx *x, int div, int brigade, int what,
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
    int *n;
    switch (e->kind) {
    case EV_CASUALTIES:
        n = counter(x, e->division, e->u.cas.brigade, ACC_LOST, where);
        if (n) {
            n[ACC_LOST] += e->u.cas.lost;
            n[ACC_CAPTURED] += e->u.cas.captured;
        }
        break;
    case EV_BATTLE_END:
        for (int i = 0; i < e->u.end.nreturns; i++) {
            const ev_return *r = &e->u.end.returns[i];
            if ((n = counter(x, r->division, r->brigade, ACC_RETURNED, where)))
                *n += r->returned;
        }
        break;
    case EV_EXCHANGE:
    case EV_LIBERATE:
        for (int i = 0; i < e->u.release.n; i++) {
            const ev_freed *f = &e->u.release.stands[i];
            if ((n = counter(x, f->division, f->brigade, ACC_FREED, where)))
                *n += f->stands;
        }
        break;
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

static mu_status replay(mu_campaign *c, check_ctx *x, int *nevents,
                        mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT id, kind, division, data FROM "
                               "events ORDER BY id", &st, err);
    if (s != MU_OK)
        return s;
    int rc;
    int64_t expect = 1;
    *nevents = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(st, 0);
        if (id != expect)
            problem(x, "the log jumps from event %" PRId64 " to %" PRId64,
                    expect - 1, id);
        expect = id + 1;
        camp_ev e;
        mu_error why;
        if (camp_ev_decode(c->path, id, (const char *)sqlite3_column_text(st, 1),
                           sqlite3_column_int(st, 2),
                           (const char *)sqlite3_column_text(st, 3), &e,
                           &why) != MU_OK) {
            problem(x, "%s", why.msg);
            continue;
        }
        replay_event(x, &e);
        camp_ev_clear(&e);
        (*nevents)++;
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? MU_OK : camp_sql_fail(c, rc, "reading", err);
}

/* Prisoners still held, per brigade, from the prisoners table. */
static mu_status held(mu_campaign *c, check_ctx *x, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT division, brigade, stands FROM "
                               "prisoners", &st, err);
    if (s != MU_OK)
        return s;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int *n = counter(x, sqlite3_column_int(st, 0),
                         sqlite3_column_int(st, 1), ACC_HELD, "a prisoner");
        if (n)
            *n += sqlite3_column_int(st, 2);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? MU_OK : camp_sql_fail(c, rc, "reading", err);
}

static void compare(check_ctx *x, int *nbrigades)
{
    *nbrigades = 0;
    for (int i = 0; i < x->ndivs; i++) {
        const camp_div *d = &x->divs[i];
        if (d->engaged != (x->engages[i] == 1))
            problem(x, "division %d is %sengaged but the log engages it %d "
                    "time%s", d->id, d->engaged ? "" : "not ", x->engages[i],
                    x->engages[i] == 1 ? "" : "s");
        for (int k = 0; k < d->nbrigades; k++) {
            const camp_brigade *b = &d->b[k];
            const int *a = x->acc[i][k];
            (*nbrigades)++;
            if (b->number != k + 1)
                problem(x, "division %d: brigade %d is numbered %d", d->id,
                        k + 1, b->number);
            if (b->current + b->lost - b->returned + b->captured - b->freed !=
                b->start)
                problem(x, "division %d brigade %d: %d stand%s now, %d out, %d "
                        "held do not make the %d it started with", d->id,
                        b->number, b->current, b->current == 1 ? "" : "s",
                        b->lost - b->returned,
                        b->captured - b->freed, b->start);
            if (a[ACC_LOST] != b->lost || a[ACC_CAPTURED] != b->captured ||
                a[ACC_RETURNED] != b->returned || a[ACC_FREED] != b->freed)
                problem(x, "division %d brigade %d: the log gives lost %d, "
                        "captured %d, returned %d, freed %d; the ledger %d, %d, "
                        "%d, %d", d->id, b->number, a[ACC_LOST],
                        a[ACC_CAPTURED], a[ACC_RETURNED], a[ACC_FREED], b->lost,
                        b->captured, b->returned, b->freed);
            if (a[ACC_HELD] != b->captured - b->freed)
                problem(x, "division %d brigade %d: %d stand%s in the camps, "
                        "the ledger says %d", d->id, b->number, a[ACC_HELD],
                        a[ACC_HELD] == 1 ? "" : "s",
                        b->captured - b->freed);
        }
    }
}

/* Every engaged division's stored JSON is canonical and matches its
 * brigades; every hidden one still opens with its salt. */
static mu_status divisions_json(mu_campaign *c, check_ctx *x, int *hidden,
                                mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT id, division, salt, commitment, "
                               "hidden FROM divisions WHERE engaged = 1 ORDER "
                               "BY id", &st, err);
    if (s != MU_OK)
        return s;
    int rc;
    *hidden = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
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
            (*hidden)++;
            if (!json || !com ||
                mu_commitment_compute(json, len, salt, got, &e) != MU_OK ||
                strcmp(got, com) != 0)
                problem(x, "division %d: the commitment does not open with its "
                        "salt: the division was altered", id);
        }
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? MU_OK : camp_sql_fail(c, rc, "reading", err);
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
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return camp_sql_fail(c, rc, what, err);
    sb_printf(x->sb, "%s: %s\n", what, bad ? "FAILED" : "ok");
    return MU_OK;
}

static mu_status check_read(mu_campaign *c, void *p, mu_error *err)
{
    check_ctx *x = p;
    mu_status s;
    sb_printf(x->sb, "campaign \"%s\": schema %d\n", c->name,
              MU_CAMPAIGN_SCHEMA);
    if ((s = sqlite_check(c, x, "PRAGMA integrity_check", "SQLite integrity",
                          err)) != MU_OK ||
        (s = sqlite_check(c, x, "PRAGMA foreign_key_check", "foreign keys",
                          err)) != MU_OK)
        return s;
    if ((s = camp_load_all(c, &x->divs, &x->ndivs, err)) != MU_OK)
        return s;
    size_t n = x->ndivs ? (size_t)x->ndivs : 1;
    x->acc = calloc(n, sizeof *x->acc);
    x->engages = calloc(n, sizeof *x->engages);
    if (!x->acc || !x->engages)
        return err_nomem(err);
    int nevents, nbrigades, hidden, before = x->problems;
    if ((s = replay(c, x, &nevents, err)) != MU_OK ||
        (s = held(c, x, err)) != MU_OK)
        return s;
    compare(x, &nbrigades);
    sb_printf(x->sb, "ledger: %d events replayed over %d divisions and %d "
              "brigades: %s\n", nevents, x->ndivs, nbrigades,
              x->problems == before ? "stands add up, log and ledger agree"
                                    : "FAILED");
    before = x->problems;
    if ((s = divisions_json(c, x, &hidden, err)) != MU_OK)
        return s;
    sb_printf(x->sb, "divisions: as generated; %d commitment%s %s\n", hidden,
              hidden == 1 ? "" : "s", x->problems == before
                  ? (hidden == 1 ? "opens" : "open") : "FAILED");
    return MU_OK;
}

mu_status mu_campaign_check(mu_campaign *c, char **report, mu_error *err)
{
    if (report)
        *report = NULL; /* never read; a report on MU_OK or MU_EMISMATCH */
    if (!c || !report)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (c->viewer != MU_VIEW_ALL) /* its report names every secret */
        return err_set(err, MU_ESTATE, "check reads every secret of the "
                       "campaign: run it as the umpire");
    sbuf sb = {0};
    check_ctx x;
    memset(&x, 0, sizeof x);
    x.sb = &sb;
    mu_status s = camp_read(c, check_read, &x, err);
    free(x.divs);
    free(x.acc);
    free(x.engages);
    if (s != MU_OK) {
        sb_free(&sb);
        return s;
    }
    if (x.problems)
        sb_printf(&sb, "%d problem%s found\n", x.problems,
                  x.problems == 1 ? "" : "s");
    else
        sb_puts(&sb, "ok\n");
    if ((s = sb_finish(&sb, report, err)) != MU_OK)
        return s;
    if (x.problems)
        return err_set(err, MU_EMISMATCH, "the campaign failed %d check%s",
                       x.problems, x.problems == 1 ? "" : "s");
    return MU_OK;
}
