/* SPDX-License-Identifier: MIT */
/* journal.c -- the event log's writer: camp_event appends an event as the
 * next link of the hash chain (base.c hashes it), and camp_chain_last reads
 * the link it follows. Above sql.c and the event codec; chain.c, the
 * schema and every change write through it (docs/design.md, "Layers"). */
#include "campaign.h"
#include "render.h"

#include <inttypes.h>
#include <string.h>

mu_status camp_event(mu_campaign *c, const camp_ev *e, int64_t *id,
                     mu_error *err)
{
    /* Who and when: the handle's viewer and clock, or in a replay those of
     * the event replayed (an older event's none). */
    ev_stamp stamp = {.has_author = true, .author = c->viewer,
                      .has_time = c->has_clock};
    if (c->restamp)
        stamp = *c->restamp;
    else if (stamp.has_time && !camp_time_text(c->clock, stamp.time))
        return err_set(err, MU_EINPUT, "the clock is not a time of the years "
                       "1970..9999");
    cJSON *data = camp_ev_encode_stamped(e, &stamp);
    char *text = data ? wr_cjson_text(data) : NULL;
    cJSON_Delete(data);
    if (!text)
        return err_nomem(err);
    /* The next link of the chain: the id is the last one + 1, so that the
     * hash can cover it. */
    unsigned char prev[CAMP_HASH_BYTES], hash[CAMP_HASH_BYTES];
    char hex[CAMP_HASH_HEX];
    int64_t last = 0;
    const char *kind = camp_ev_types[e->kind].name;
    mu_status s = camp_chain_last(c, prev, &last, err);
    if (s == MU_OK)
        s = camp_chain_next(prev, last + 1, kind, e->division, text, hash, err);
    if (s == MU_OK) {
        camp_hash_hex(hash, hex);
        s = camp_write(c, err, "INSERT INTO events(id, kind, division, data, "
                       "hash) VALUES (?, ?, nullif(?, 0), ?, ?)", "Ititt",
                       last + 1, kind, e->division > 0 ? e->division : 0, text,
                       hex);
    }
    cJSON_free(text);
    if (s == MU_OK) {
        if (!c->tx_first)
            c->tx_first = last + 1;
        c->tx_last = last + 1; /* mu_campaign_appended, once committed */
    }
    if (s == MU_OK && id)
        *id = last + 1;
    return s;
}

mu_status camp_chain_last(mu_campaign *c, unsigned char prev[CAMP_HASH_BYTES],
                          int64_t *last, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT id, hash FROM events ORDER BY id "
                               "DESC LIMIT 1", &st, err);
    if (s != MU_OK)
        return s;
    memset(prev, 0, CAMP_HASH_BYTES);
    *last = 0;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *last = sqlite3_column_int64(st, 0);
        if (!camp_hash_parse((const char *)sqlite3_column_text(st, 1), prev))
            s = err_at(err, MU_EIO, c->path, 0, "the campaign file is damaged:"
                       " event %" PRId64 " has no valid hash", *last);
    } else if (rc != SQLITE_DONE) {
        s = camp_sql_fail(c, rc, "reading", err);
    }
    camp_finalize(c, st);
    return s;
}
