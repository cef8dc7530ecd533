/* SPDX-License-Identifier: MIT */
/* idem.c -- idempotent writes: a change that carries an Idempotency-Key
 * (the IETF draft's header; the page makes one per submit, and its
 * offline queue sends it again when the network returns) is recorded
 * once. The key goes to the library with the change, which stores it in
 * the campaign file in the change's own transaction (requests.c), so a
 * retry after a restart or any number of other writes records nothing;
 * the answer is kept beside it, and the same request again gets it back. */
#include "web.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

void web_idem_what(const char *path, const char *body, size_t len,
                   char hex[65])
{
    unsigned char out[32];
    crypto_hash_sha256_state st;
    crypto_hash_sha256_init(&st);
    crypto_hash_sha256_update(&st, (const unsigned char *)path,
                              strlen(path) + 1);
    crypto_hash_sha256_update(&st, (const unsigned char *)(body ? body : ""),
                              body ? len : 0);
    crypto_hash_sha256_final(&st, out);
    sodium_bin2hex(hex, 65, out, sizeof out);
}

/* The campaign, acting for viewer, for one request's answer. */
static mu_campaign *open_for(const char *campaign, mu_side viewer)
{
    mu_campaign *c = NULL;
    mu_error err = {0};
    if (mu_campaign_open(campaign, &c, &err) != MU_OK)
        return NULL;
    if (mu_campaign_act_as(c, viewer, &err) != MU_OK) {
        mu_campaign_close(c);
        return NULL;
    }
    return c;
}

bool web_idem_keep(const char *campaign, mu_side viewer, const char *key,
                   const web_reply *r)
{
    mu_campaign *c = r->body ? open_for(campaign, viewer) : NULL;
    mu_error err = {0};
    bool ok = c && mu_campaign_request_answer_set(c, key, r->status, r->body,
                                                  r->events, &err) == MU_OK;
    mu_campaign_close(c);
    return ok;
}

bool web_idem_first(const char *campaign, mu_side viewer, const char *key,
                    web_reply *r)
{
    mu_campaign *c = open_for(campaign, viewer);
    mu_error err = {0};
    int status = 0;
    char *body = NULL, *events = NULL;
    bool ok = c && mu_campaign_request_answer(c, key, &status, &body, &events,
                                              &err) == MU_OK;
    mu_campaign_close(c);
    if (!ok)
        return false;
    if (!body) { /* recorded, its answer lost to a stop: say so */
        body = strdup("{\"recorded\":true}");
        status = 200;
    }
    if (!body) {
        free(events);
        return false;
    }
    free(r->body);
    r->status = status;
    r->type = "application/json; charset=utf-8";
    r->body = body;
    r->len = strlen(body);
    r->reason = MU_R_NONE;
    snprintf(r->events, sizeof r->events, "%s", events);
    free(events);
    return true;
}
