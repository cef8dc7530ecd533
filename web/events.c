/* SPDX-License-Identifier: MIT */
/* events.c -- GET /api/campaign/events: a Server-Sent Events stream per
 * link, carrying each new event of the campaign as that link's viewer
 * sees it in the log (`campaign log --as`, a JSON object), so that every phone
 * updates itself. Last-Event-ID (or ?last=N) catches up from an event id:
 * the stream starts with every later event, then each new one, each once.
 * A catch-up of more than half of WEB_STREAM_MAX (a phone asleep through
 * dozens of events) is one "reset" event instead, its id the head: the
 * page reloads the ledger and the log, then goes on from there.
 *
 * A stream is a libmicrohttpd response read through a callback; when it
 * has nothing to send the connection is suspended (no worker is held) and
 * resumed when events come. A client that stops reading leaves its bytes
 * in a buffer of its own (the socket's send buffer is kept small): past
 * WEB_STREAM_MAX the stream is dropped (its buffer freed, the socket shut,
 * the drop counted and logged), so no client holds memory or a worker.
 *
 * A link holds at most WEB_STREAMS_PER_LINK streams: opening one more ends
 * the link's oldest with a "closed" event (the page then waits before it
 * tries again), so that one link, however many streams it opens, never
 * takes the server's connections from the other links. */
#include "web.h"

#include <cjson/cJSON.h>
#include <microhttpd.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#define WEB_CATCH_UP 200 /* events a stream catches up by; more: a reset */

typedef struct stream {
    struct stream *prev, *next;
    struct web_events *hub;
    struct MHD_Connection *conn; /* NULL once libmicrohttpd closed it */
    int fd;
    mu_side viewer;
    int64_t last; /* the last event it was given */
    mu_buf out; /* what is to send, from off on */
    size_t off;
    bool suspended, dead;
    bool closing; /* ends once its buffer is sent (the link's oldest) */
} stream;

struct web_events {
    pthread_mutex_t lock;
    const char *campaign;
    stream *streams;
    size_t dropped; /* streams dropped so far, their client not reading */
    size_t told;    /* of them, returned by web_events_poll */
    int64_t head; /* the events given to the streams so far */
    unsigned ticks;
};

web_events *web_events_new(const char *campaign)
{
    web_events *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    pthread_mutex_init(&h->lock, NULL);
    h->campaign = campaign;
    h->head = -1;
    return h;
}

void web_events_free(web_events *h)
{
    if (!h)
        return;
    pthread_mutex_destroy(&h->lock);
    free(h);
}

void web_events_stats(web_events *h, size_t *open, size_t *dropped)
{
    pthread_mutex_lock(&h->lock);
    *open = 0;
    for (const stream *st = h->streams; st; st = st->next)
        ++*open;
    *dropped = h->dropped;
    pthread_mutex_unlock(&h->lock);
}

/* Appends text to a stream's buffer; past the bound the stream is dead. */
static void put(stream *st, const char *text, size_t n)
{
    mu_error err;
    if (st->dead)
        return;
    if (st->out.len - st->off + n > WEB_STREAM_MAX) {
        st->dead = true;
        st->hub->dropped++;
        mu_buf_free(&st->out);
        st->off = 0;
        if (st->fd >= 0)
            shutdown(st->fd, SHUT_RDWR); /* libmicrohttpd then closes it */
        return;
    }
    if (st->off && st->off == st->out.len)
        st->off = st->out.len = 0;
    if (mu_buf_write(&st->out, text, n, &err) != MU_OK)
        st->dead = true;
}

static void wake(stream *st)
{
    if (st->suspended && st->conn) {
        st->suspended = false;
        MHD_resume_connection(st->conn);
    }
}

/* The events after `after` as viewer v sees them in the log, each JSON
 * object on a line (JSONL), the last `cap` of them (0: all), into *text:
 * false when it cannot be read. A page of the log, not the war. */
static bool log_of(const char *campaign, mu_side v, int64_t after,
                   int64_t cap, mu_buf *text)
{
    mu_campaign *c;
    mu_error err;
    *text = (mu_buf){0};
    if (mu_campaign_open_read(campaign, &c, &err) != MU_OK)
        return false;
    mu_render_opts ro = {.format = MU_FMT_JSONL};
    mu_log_range r = {.since = after > 0 ? after : 0, .last = cap};
    mu_status s = mu_campaign_log_to(c, v, &r, &ro, mu_buf_write, text, &err);
    mu_campaign_close(c);
    if (s != MU_OK)
        mu_buf_free(text);
    return s == MU_OK;
}

/* The id of the event a line of the log holds (0: none). */
static int64_t event_id(const char *line, size_t n)
{
    cJSON *o = cJSON_ParseWithLength(line, n);
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(o, "id");
    int64_t v = cJSON_IsNumber(id) ? (int64_t)id->valuedouble : 0;
    cJSON_Delete(o);
    return v;
}

/* The SSE text of each entry of `log` after `after` ("id: N\nevent: event\n
 * data: {...}\n\n" each), gathered in *out (malloc'd, NULL when there are
 * none) with the last id in *last: false when they come to more than
 * `limit` bytes or memory runs out. */
static bool gather(const mu_buf *log, int64_t after, size_t limit,
                   char **out, size_t *outlen, int64_t *last)
{
    mu_buf all = {0};
    mu_error err;
    const char *nl;
    *out = NULL;
    *outlen = 0;
    for (const char *p = log->p; p && (nl = strchr(p, '\n')); p = nl + 1) {
        size_t n = (size_t)(nl - p);
        int64_t id = event_id(p, n);
        if (id <= after)
            continue;
        char head[64];
        int k = snprintf(head, sizeof head, "id: %lld\nevent: event\ndata: ",
                         (long long)id);
        if (all.len + (size_t)k + n + 2 > limit ||
            mu_buf_write(&all, head, (size_t)k, &err) != MU_OK ||
            mu_buf_write(&all, p, n, &err) != MU_OK ||
            mu_buf_write(&all, "\n\n", 2, &err) != MU_OK) {
            mu_buf_free(&all);
            return false;
        }
        *last = id;
    }
    *out = all.p;
    *outlen = all.len;
    return true;
}

/* Every entry after `after` to one stream, or nothing when gather fails. */
static bool put_events(stream *st, const mu_buf *log, int64_t after,
                       size_t limit)
{
    char *all;
    size_t len;
    int64_t last = st->last;
    bool ok = gather(log, after, limit, &all, &len, &last);
    if (ok && len) {
        put(st, all, len);
        st->last = last;
    }
    free(all);
    return ok;
}

static int64_t count_events(const char *campaign)
{
    mu_campaign *c;
    mu_error err;
    char hex[MU_CHAIN_HEX];
    int64_t n = -1;
    if (mu_campaign_open_read(campaign, &c, &err) != MU_OK)
        return -1;
    if (mu_campaign_head(c, hex, &n, &err) != MU_OK)
        n = -1;
    mu_campaign_close(c);
    return n;
}

/* The events after h->head to every stream. Each viewer's log is read
 * and printed once: a stream that had every event so far (nearly all of
 * them) gets that viewer's text as it is; only one behind is served on
 * its own. */
static void give_new(web_events *h)
{
    struct { bool read; mu_buf log; char *text; size_t len; int64_t last;
             bool ok; } v[3] = {{0}}; /* umpire, union, confederate */
    for (stream *st = h->streams; st; st = st->next) {
        int k = st->viewer + 1;
        if (!v[k].read) {
            v[k].read = log_of(h->campaign, st->viewer, h->head, 0, &v[k].log);
            v[k].last = h->head;
            v[k].ok = v[k].read && gather(&v[k].log, h->head, SIZE_MAX,
                                          &v[k].text, &v[k].len, &v[k].last);
        }
        if (!v[k].read)
            continue;
        if (st->last == h->head && v[k].ok) {
            if (v[k].len) {
                put(st, v[k].text, v[k].len);
                st->last = v[k].last;
            }
        } else { /* behind the others: its own page of the log */
            mu_buf own;
            if (!log_of(h->campaign, st->viewer, st->last, 0, &own) ||
                !put_events(st, &own, st->last, SIZE_MAX))
                st->dead = true; /* out of memory: the client reconnects */
            mu_buf_free(&own);
        }
        wake(st);
    }
    for (int k = 0; k < 3; k++) {
        mu_buf_free(&v[k].log);
        free(v[k].text);
    }
}

size_t web_events_poll(web_events *h, bool tick)
{
    int64_t n = count_events(h->campaign);
    pthread_mutex_lock(&h->lock);
    bool heartbeat = tick && ++h->ticks % WEB_HEARTBEAT_S == 0;
    if (n > h->head && h->head >= 0 && h->streams)
        give_new(h);
    if (n >= 0)
        h->head = n;
    for (stream *st = h->streams; tick && st; st = st->next) {
        if (heartbeat)
            put(st, ": still here\n\n", 14); /* keeps idle proxies open */
        /* A suspended connection is not polled by libmicrohttpd: a socket
         * the kernel gave up on (TCP_USER_TIMEOUT) would wait for the next
         * heartbeat to be noticed. */
        struct pollfd p = {.fd = st->fd, .events = 0};
        if (st->fd >= 0 && poll(&p, 1, 0) == 1 &&
            (p.revents & (POLLERR | POLLHUP)))
            st->dead = true;
        if (heartbeat || st->dead)
            wake(st);
    }
    size_t now = h->dropped - h->told;
    h->told = h->dropped;
    pthread_mutex_unlock(&h->lock);
    return now;
}

static ssize_t reader(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    stream *st = cls;
    web_events *h = st->hub;
    pthread_mutex_lock(&h->lock);
    ssize_t n;
    if (st->dead) {
        n = MHD_CONTENT_READER_END_WITH_ERROR;
    } else if (st->closing && st->out.len == st->off) {
        n = MHD_CONTENT_READER_END_OF_STREAM;
    } else if (st->out.len > st->off) {
        size_t k = st->out.len - st->off < max ? st->out.len - st->off : max;
        memcpy(buf, st->out.p + st->off, k);
        st->off += k;
        n = (ssize_t)k;
    } else {
        st->suspended = true; /* resumed by the next event (wake) */
        MHD_suspend_connection(st->conn);
        n = 0;
    }
    pthread_mutex_unlock(&h->lock);
    return n;
}

static void release(void *cls)
{
    stream *st = cls;
    web_events *h = st->hub;
    pthread_mutex_lock(&h->lock);
    if (st->prev)
        st->prev->next = st->next;
    else
        h->streams = st->next;
    if (st->next)
        st->next->prev = st->prev;
    /* Ended with bytes its client never took (the kernel gave up on a full
     * window before the bound was reached): it stopped reading too. */
    if (st->out.len > st->off)
        h->dropped++;
    pthread_mutex_unlock(&h->lock);
    mu_buf_free(&st->out);
    free(st);
}

void web_events_forget(web_events *h, struct MHD_Connection *c)
{
    pthread_mutex_lock(&h->lock);
    for (stream *st = h->streams; st; st = st->next)
        if (st->conn == c) {
            st->conn = NULL;
            st->fd = -1;
            st->dead = true;
        }
    pthread_mutex_unlock(&h->lock);
}

void web_events_close_all(web_events *h)
{
    pthread_mutex_lock(&h->lock);
    for (stream *st = h->streams; st; st = st->next) {
        st->dead = true;
        wake(st);
    }
    pthread_mutex_unlock(&h->lock);
}

/* The link's streams beyond WEB_STREAMS_PER_LINK - 1, oldest first (the
 * list holds the newest first), end with a "closed" event: room for one
 * more. Under h->lock. */
static void make_room(web_events *h, mu_side viewer)
{
    size_t open = 0;
    for (stream *st = h->streams; st; st = st->next)
        if (st->viewer == viewer && !st->dead && !st->closing &&
            ++open >= WEB_STREAMS_PER_LINK) {
            static const char closed[] = "event: closed\ndata: "
                                         "{\"reason\":\"too-many-streams\"}\n\n";
            put(st, closed, sizeof closed - 1);
            st->closing = true;
            wake(st);
        }
}

struct MHD_Response *web_events_open(web_events *h, struct MHD_Connection *c,
                                     mu_side viewer, int64_t last)
{
    stream *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    *st = (stream){.hub = h, .conn = c, .fd = ci ? ci->connect_fd : -1,
                   .viewer = viewer};
    /* A small send buffer: the kernel's own for a client that stopped
     * reading stays small too (autotuned, it grows to megabytes), and
     * such a client's bytes pile up where WEB_STREAM_MAX sees them. */
    int sndbuf = WEB_STREAM_SNDBUF;
    if (st->fd >= 0)
        setsockopt(st->fd, SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof sndbuf);
    int64_t n = h->head < 0 ? count_events(h->campaign) : -1;
    pthread_mutex_lock(&h->lock);
    if (h->head < 0)
        h->head = n; /* later events come to every stream with a poll */
    st->last = last >= 0 && last < h->head ? last : h->head;
    put(st, "retry: 1000\n\n", 13);
    if (st->last < h->head) { /* catching up */
        /* A page of at most WEB_CATCH_UP events is read: more (or more
         * than half the bound, which would be dropped at once, and again at
         * every reconnect) is one "reset" instead, and the page reloads. */
        mu_buf log;
        int64_t lines = 0;
        bool read = log_of(h->campaign, viewer, st->last, WEB_CATCH_UP, &log);
        for (size_t i = 0; i < log.len; i++)
            lines += log.p[i] == '\n';
        bool whole = read && h->head - st->last <= WEB_CATCH_UP &&
                     lines == h->head - st->last;
        if (!whole || !put_events(st, &log, st->last, WEB_STREAM_MAX / 2)) {
            char reset[64];
            int k = snprintf(reset, sizeof reset, "id: %lld\nevent: reset\n"
                             "data: {}\n\n", (long long)h->head);
            put(st, reset, (size_t)k);
        }
        mu_buf_free(&log);
        st->last = h->head;
    }
    make_room(h, viewer);
    st->next = h->streams;
    if (h->streams)
        h->streams->prev = st;
    h->streams = st;
    pthread_mutex_unlock(&h->lock);
    struct MHD_Response *r = MHD_create_response_from_callback(
        MHD_SIZE_UNKNOWN, 4096, reader, st, release);
    if (!r)
        release(st);
    return r;
}
