/* SPDX-License-Identifier: MIT */
/* idem.c -- idempotent writes: a change that carries an Idempotency-Key
 * (the IETF draft's header; the page makes one per submit) is recorded
 * once, and the same request again (a double tap, a retry after a lost
 * answer) gets the first answer back. The answers are kept per viewer, so
 * one link's key never gives another link's answer, in a ring of a fixed
 * number of entries (the oldest go first), so memory stays bounded. */
#include "web.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#define IDEM_MAX_BODY 65536 /* an answer larger is not kept (none is) */

typedef struct idem_entry {
    bool used;
    int viewer;
    char key[WEB_IDEM_KEY_MAX + 1];
    unsigned char what[32]; /* SHA-256 of the path and the body */
    int status;
    const char *type;
    char *body;
    size_t len;
    char events[WEB_EVENTS_MAX];
} idem_entry;

struct web_idem {
    idem_entry *e;
    size_t cap, next;
};

web_idem *web_idem_new(size_t cap)
{
    web_idem *m = calloc(1, sizeof *m);
    if (m && !(m->e = calloc(cap, sizeof *m->e))) {
        free(m);
        m = NULL;
    }
    if (m)
        m->cap = cap;
    return m;
}

void web_idem_free(web_idem *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->cap; i++)
        free(m->e[i].body);
    free(m->e);
    free(m);
}

bool web_idem_key_ok(const char *key)
{
    size_t n = strlen(key);
    if (n < 8 || n > WEB_IDEM_KEY_MAX)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((key[i] >= 'a' && key[i] <= 'z') ||
              (key[i] >= 'A' && key[i] <= 'Z') ||
              (key[i] >= '0' && key[i] <= '9') || key[i] == '-' ||
              key[i] == '_'))
            return false;
    return true;
}

static void what_of(const char *path, const char *body, size_t len,
                    unsigned char out[32])
{
    crypto_hash_sha256_state st;
    crypto_hash_sha256_init(&st);
    crypto_hash_sha256_update(&st, (const unsigned char *)path,
                              strlen(path) + 1);
    crypto_hash_sha256_update(&st, (const unsigned char *)body, len);
    crypto_hash_sha256_final(&st, out);
}

int web_idem_get(web_idem *m, int viewer, const char *key, const char *path,
                 const char *body, size_t len, web_reply *r,
                 char events[WEB_EVENTS_MAX])
{
    unsigned char what[32];
    what_of(path, body ? body : "", body ? len : 0, what);
    for (size_t i = 0; i < m->cap; i++) {
        idem_entry *e = &m->e[i];
        if (!e->used || e->viewer != viewer || strcmp(e->key, key))
            continue;
        if (memcmp(e->what, what, sizeof what))
            return -1; /* the key of another request */
        r->body = malloc(e->len + 1);
        if (!r->body)
            return 0; /* run it again rather than answer nothing */
        memcpy(r->body, e->body, e->len + 1);
        r->len = e->len;
        r->status = e->status;
        r->type = e->type;
        memcpy(events, e->events, WEB_EVENTS_MAX);
        return 1;
    }
    return 0;
}

void web_idem_put(web_idem *m, int viewer, const char *key, const char *path,
                  const char *body, size_t len, const web_reply *r,
                  const char *events)
{
    if (!r->body || r->len > IDEM_MAX_BODY || strlen(key) > WEB_IDEM_KEY_MAX)
        return;
    char *copy = malloc(r->len + 1);
    if (!copy)
        return;
    memcpy(copy, r->body, r->len);
    copy[r->len] = '\0';
    idem_entry *e = &m->e[m->next];
    m->next = (m->next + 1) % m->cap;
    free(e->body);
    *e = (idem_entry){.used = true, .viewer = viewer, .status = r->status,
                      .type = r->type, .body = copy, .len = r->len};
    memcpy(e->key, key, strlen(key) + 1);
    what_of(path, body ? body : "", body ? len : 0, e->what);
    snprintf(e->events, sizeof e->events, "%s", events ? events : "");
}
