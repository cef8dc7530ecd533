/* SPDX-License-Identifier: MIT */
/* requests.c -- keyed changes: a change a client may send twice (a retry
 * after a lost answer, a phone's offline queue sent again when the Wi-Fi
 * returns) carries a key; camp_tx (sql.c) stores it with the change's
 * events in the change's own transaction (table `requests`, schema 10), so
 * the same key from the same viewer records nothing more, after any
 * restart and any number of other changes. The answer the front end gave
 * is kept beside it, so a retry gets the first answer back. Like the web
 * links, not the ledger's: undo keeps the table, check does not compare
 * it, a player's own file holds none of it. */
#include "campaign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool mu_campaign_request_key_ok(const char *key)
{
    size_t n = key ? strlen(key) : 0;
    if (n < 8 || n > MU_REQUEST_KEY_MAX)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((key[i] >= 'a' && key[i] <= 'z') ||
              (key[i] >= 'A' && key[i] <= 'Z') ||
              (key[i] >= '0' && key[i] <= '9') || key[i] == '-' ||
              key[i] == '_'))
            return false;
    return true;
}

mu_status mu_campaign_request_set(mu_campaign *c, const char *key,
                                  const char *what, mu_error *err)
{
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (!mu_campaign_request_key_ok(key))
        return err_set(err, MU_EINPUT, "a request's key is 8 to %d letters, "
                       "digits, '-' or '_'", MU_REQUEST_KEY_MAX);
    if (!what || strlen(what) != 64 ||
        strspn(what, "0123456789abcdef") != 64)
        return err_set(err, MU_EINPUT, "a request's digest is 64 lower-case "
                       "hex digits");
    memcpy(c->req_key, key, strlen(key) + 1);
    memcpy(c->req_what, what, 65);
    return MU_OK;
}

static char *column_dup(sqlite3_stmt *st, int i)
{
    const char *t = (const char *)sqlite3_column_text(st, i);
    return t ? strdup(t) : NULL;
}

mu_status mu_campaign_request_answer(mu_campaign *c, const char *key,
                                     int *status, char **body, char **events,
                                     mu_error *err)
{
    *status = 0;
    *body = *events = NULL;
    if (!c || !key)
        return err_set(err, MU_EINPUT, "no campaign or key given");
    sqlite3_stmt *st;
    mu_status s = camp_stmt(c, &st, err, "SELECT status, answer, events, "
                            "first, last FROM requests WHERE viewer = ? AND "
                            "key = ?", "it", c->viewer, key);
    if (s != MU_OK)
        return s;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW && sqlite3_column_type(st, 1) != SQLITE_NULL) {
        *status = sqlite3_column_int(st, 0);
        *body = column_dup(st, 1);
        *events = column_dup(st, 2);
        if (!*body || !*events)
            s = err_set(err, MU_ENOMEM, "out of memory");
    } else if (rc == SQLITE_ROW) { /* recorded, its answer not kept */
        char ev[64];
        int64_t a = sqlite3_column_int64(st, 3), b = sqlite3_column_int64(st, 4);
        if (a == b)
            snprintf(ev, sizeof ev, "%lld", (long long)a);
        else
            snprintf(ev, sizeof ev, "%lld-%lld", (long long)a, (long long)b);
        if (!(*events = strdup(ev)))
            s = err_set(err, MU_ENOMEM, "out of memory");
    } else if (rc == SQLITE_DONE) {
        s = err_set(err, MU_ESTATE, "no change was recorded with this key");
    } else {
        s = camp_sql_fail(c, rc, "reading", err);
    }
    camp_finalize(c, st);
    if (s != MU_OK) {
        free(*body);
        free(*events);
        *body = *events = NULL;
    }
    return s;
}

typedef struct answer_ctx {
    const char *key, *body, *events;
    int status;
} answer_ctx;

static mu_status answer_tx(mu_campaign *c, void *p, mu_error *err)
{
    const answer_ctx *x = p;
    return camp_write(c, err, "UPDATE requests SET status = ?, answer = ?, "
                      "events = ? WHERE viewer = ? AND key = ?", "ittit",
                      x->status, x->body, x->events ? x->events : "",
                      c->viewer, x->key);
}

mu_status mu_campaign_request_answer_set(mu_campaign *c, const char *key,
                                         int status, const char *body,
                                         const char *events, mu_error *err)
{
    if (!c || !key || !body)
        return err_set(err, MU_EINPUT, "no campaign, key or answer given");
    answer_ctx x = {key, body, events, status};
    return camp_tx(c, answer_tx, &x, NULL, err);
}
