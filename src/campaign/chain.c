/* SPDX-License-Identifier: MIT */
/* chain.c -- the event log as a hash chain.
 *
 * Each event stores hash = SHA-256(previous hash || canonical event), the
 * first event's previous hash being 32 zero bytes. The canonical event is
 * the line
 *     {"data":DATA,"division":N|null,"id":N,"kind":"KIND"}
 * (keys sorted, no white space) where DATA is the payload exactly as stored:
 * camp_ev_encode's compact output, which check also requires to be the one
 * encoding of its decoded value. The last event's hash is the chain head;
 * players note it after a session, and a head that is no longer in the
 * chain proves that events up to it were changed or deleted. */
#include "campaign.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>

/* The campaign's own tables, as stored: *custom false for built-in ones. */
static mu_status stored_tables(mu_campaign *c, bool *custom,
                               char hex[CAMP_HASH_HEX], mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT rules FROM campaign", &st, err);
    if (s != MU_OK)
        return s;
    int rc = sqlite3_step(st);
    *custom = rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL;
    if (*custom)
        camp_sha256_hex(sqlite3_column_text(st, 0),
                        (size_t)sqlite3_column_bytes(st, 0), hex);
    camp_finalize(c, st);
    return rc == SQLITE_ROW ? MU_OK : camp_sql_fail(c, rc, "reading", err);
}

mu_status camp_tables_pin(mu_campaign *c, mu_error *err)
{
    bool custom = false;
    camp_ev ev = {.kind = EV_TABLES};
    mu_status s = stored_tables(c, &custom, ev.u.tables.sha256, err);
    if (s == MU_OK && !custom)
        s = err_set(err, MU_ESTATE, "the campaign plays the built-in tables: "
                    "there are none of its own to pin");
    return s == MU_OK ? camp_event(c, &ev, NULL, err) : s;
}

/* A step of the upgrade to schema 5: a file with its own tables and a log
 * whose "new" event does not hold their hash gets a "tables" event. */
mu_status camp_tables_upgrade(mu_campaign *c, mu_error *err)
{
    int64_t pin = 0;
    mu_status s = camp_int(c, &pin, NULL, err, "SELECT count(*) FROM events "
                           "e, campaign c WHERE e.id = 1 AND c.rules IS NOT "
                           "NULL AND json_extract(e.data, '$.tables_sha256') "
                           "IS NULL", "");
    if (s != MU_OK)
        return s;
    return pin ? camp_tables_pin(c, err) : MU_OK;
}

/* Walks the events in order with the chain recomputed, calling fn with the
 * stored and computed hash of each. */
typedef mu_status (*chain_fn)(mu_campaign *c, void *ctx, int64_t id,
                              const char *stored,
                              const unsigned char computed[CAMP_HASH_BYTES],
                              mu_error *err);

static mu_status walk(mu_campaign *c, chain_fn fn, void *ctx, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT id, kind, coalesce(division, 0), "
                               "data, hash FROM events ORDER BY id", &st, err);
    if (s != MU_OK)
        return s;
    unsigned char prev[CAMP_HASH_BYTES] = {0}, next[CAMP_HASH_BYTES];
    int rc;
    while (s == MU_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *kind = (const char *)sqlite3_column_text(st, 1);
        const char *data = (const char *)sqlite3_column_text(st, 3);
        int64_t id = sqlite3_column_int64(st, 0);
        s = camp_chain_next(prev, id, kind ? kind : "",
                            sqlite3_column_int(st, 2), data ? data : "", next,
                            err);
        if (s == MU_OK)
            s = fn(c, ctx, id, (const char *)sqlite3_column_text(st, 4), next,
                   err);
        memcpy(prev, next, sizeof prev);
    }
    camp_finalize(c, st);
    if (s == MU_OK && rc != SQLITE_DONE)
        s = camp_sql_fail(c, rc, "reading", err);
    return s;
}

static mu_status fill_one(mu_campaign *c, void *ctx, int64_t id,
                          const char *stored,
                          const unsigned char computed[CAMP_HASH_BYTES],
                          mu_error *err)
{
    (void)ctx, (void)stored;
    char hex[CAMP_HASH_HEX];
    camp_hash_hex(computed, hex);
    return camp_write(c, err, "UPDATE events SET hash = ? WHERE id = ?",
                      "tI", hex, id);
}

mu_status camp_chain_fill(mu_campaign *c, mu_error *err)
{
    return walk(c, fill_one, NULL, err);
}

/* ---- checking ----------------------------------------------------------- */

typedef struct verify_ctx {
    camp_report *r;
    const unsigned char *noted; /* NULL: no head given */
    int64_t noted_at;           /* the event whose hash is the noted head */
    int64_t count;
    char head[CAMP_HASH_HEX];
} verify_ctx;

static mu_status verify_one(mu_campaign *c, void *ctx, int64_t id,
                            const char *stored,
                            const unsigned char computed[CAMP_HASH_BYTES],
                            mu_error *err)
{
    (void)c, (void)err;
    verify_ctx *x = ctx;
    char hex[CAMP_HASH_HEX];
    camp_hash_hex(computed, hex);
    if (!stored || strcmp(stored, hex) != 0)
        camp_problem(x->r, "event %" PRId64 ": its stored hash is %s, the "
                     "chain gives %s: the event or one before it was changed",
                     id, stored ? stored : "missing", hex);
    if (x->noted && !x->noted_at &&
        sodium_memcmp(computed, x->noted, CAMP_HASH_BYTES) == 0)
        x->noted_at = id;
    x->count++;
    memcpy(x->head, hex, sizeof hex);
    return MU_OK;
}

mu_status camp_chain_check(mu_campaign *c, const char *noted, camp_report *r,
                           mu_error *err)
{
    unsigned char want[CAMP_HASH_BYTES];
    if (noted && !camp_hash_parse(noted, want))
        noted = NULL; /* checked by the caller */
    verify_ctx x = {r, noted ? want : NULL, 0, 0, ""};
    int before = r->problems;
    mu_status s = walk(c, verify_one, &x, err);
    if (s != MU_OK)
        return s;
    camp_line(r->sb, ERR_PL("chain: %" PRId64 " event, head %s: %s\n",
                            "chain: %" PRId64 " events, head %s: %s\n", x.count),
              x.count, x.count ? x.head : "(none)",
              r->problems == before ? "every hash follows" : "FAILED");
    if (!noted)
        return MU_OK;
    if (x.noted_at)
        camp_line(r->sb, "noted head: event %" PRId64 " of %" PRId64 ": "
                  "nothing before it was rewritten\n", x.noted_at, x.count);
    else
        camp_problem(r, "the noted head %s is not in the chain: events up to "
                     "it were changed or deleted", noted);
    return MU_OK;
}
