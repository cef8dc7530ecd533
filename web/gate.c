/* SPDX-License-Identifier: MIT */
/* gate.c -- the door in front of libmicrohttpd. Every connection waits here
 * until its request has arrived whole, head and Content-Length body; the
 * head is read with MSG_PEEK, so libmicrohttpd later reads the very same
 * bytes. A kept-alive connection comes back here after each answer
 * (web_gate_take), so every later request waits here too. What
 * libmicrohttpd 0.9.75 cannot do, and so this does:
 *  - refuse a bad head with JSON: its own refusals (414, 431, 400, 505,
 *    413) have fixed HTML bodies that no option changes;
 *  - cut a request that trickles in (408): its timeout counts from the
 *    last byte, so one byte a second would hold a connection forever;
 *  - refuse one connection too many, from the server or from one address,
 *    with JSON and Retry-After: its limits close the socket unanswered;
 *    and bound the connections held here, which its limits do not count;
 *  - hold idle connections without a slot or memory pool of its own.
 * tests/web/refusals.mjs, serve_clients.mjs (web_clients), budget.mjs and
 * cap.mjs fail without each.
 *
 * One thread, one epoll set: the listening socket, a pipe that stops it, and
 * the waiting connections (edge-triggered: a peek does not drain the
 * socket, so only new bytes wake us). Connections taken back come from the
 * server's threads through a short list under a lock. A refused connection
 * is answered, shut for writing and drained for a moment before it is
 * closed, so the client reads the answer instead of a reset. */
#define _GNU_SOURCE /* accept4, pipe2 */
#include "web.h"
#include "cli.h" /* _() */

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define LINGER_MS 2000 /* a refused connection is drained this long */

int64_t web_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

typedef struct waiter {
    struct waiter *next; /* in the list of connections taken back */
    int fd;
    bool later;         /* taken back: its next request is not its first */
    bool listed;        /* in g->w, at idx (taken back: once merged) */
    size_t idx;
    uint64_t base;      /* bytes read from it before this request */
    uint64_t length;    /* its request's bytes, once the head is whole */
    bool closing;       /* answered: draining until EOF or the deadline */
    int64_t since;      /* ms: accepted (idle), first byte or answered */
    bool began;         /* bytes have arrived */
    struct sockaddr_storage peer;
    socklen_t peerlen;
} waiter;

struct web_gate {
    web_gate_cfg cfg;
    int ep, stop[2];
    pthread_t thread;
    waiter **w; /* the connections waiting, unordered */
    size_t n, cap;
    bool door_shut;     /* stopping: no new connections (under mu) */
    atomic_size_t busy; /* waiters that have begun a head */
    pthread_mutex_t mu; /* taken: the list below, door_shut */
    waiter *taken;      /* connections taken back, not yet in w */
    atomic_bool any_taken;
    atomic_bool door_done; /* the door is shut and the waiting looked at */
    char peek[WEB_MAX_HEADERS + 2];
};

/* ---- what a head says ------------------------------------------------------ */

static const char *find_end(const char *buf, size_t len, size_t *headlen)
{
    for (size_t i = 0; i + 1 < len; i++) {
        if (buf[i] != '\n')
            continue;
        size_t j = i + 1;
        if (buf[j] == '\r' && j + 1 < len && buf[j + 1] == '\n')
            j++;
        else if (buf[j] != '\n')
            continue;
        *headlen = j + 1;
        return buf + j + 1;
    }
    return NULL;
}

static bool is_token_char(char c)
{
    return c > ' ' && c < 127 && !strchr("()<>@,;:\\\"/[]?={}", c);
}

/* The request line "METHOD SP TARGET SP HTTP/1.x": 0 or a status. */
static int check_request_line(const char *s, size_t n, bool *v11,
                              const char **why)
{
    size_t i = 0;
    while (i < n && is_token_char(s[i]))
        i++;
    if (i == 0 || i >= n || s[i] != ' ')
        return *why = N_("the request line is not METHOD PATH HTTP/1.1"), 400;
    size_t t = ++i;
    while (i < n && s[i] != ' ' && (unsigned char)s[i] > ' ')
        i++;
    if (i - t > WEB_MAX_URL)
        return *why = N_("the URL is longer than 8 KiB"), 414;
    if (i == t || i >= n || s[i] != ' ')
        return *why = N_("the request line is not METHOD PATH HTTP/1.1"), 400;
    /* libmicrohttpd parses every option before the handler counts them,
     * each in its connection's memory: thousands end in its HTML 431 */
    const char *query = memchr(s + t, '?', i - t);
    size_t opts = query ? 1 : 0;
    for (const char *q = query; q && q < s + i; q++)
        opts += *q == '&';
    if (opts > WEB_MAX_ARGS)
        return *why = N_("too many options: at most 64"), 400;
    const char *v = s + i + 1;
    size_t vn = n - i - 1;
    if (vn != 8 || strncmp(v, "HTTP/", 5) || v[5] < '0' || v[5] > '9' ||
        v[6] != '.' || v[7] < '0' || v[7] > '9')
        return *why = N_("the request line is not METHOD PATH HTTP/1.1"), 400;
    if (v[5] != '1')
        return *why = N_("this server speaks HTTP/1.0 and HTTP/1.1"), 505;
    *v11 = v[7] != '0';
    return 0;
}

/* One header line "Name: value": 0 or a status. */
static int check_header(const char *s, size_t n, bool *host, uint64_t *body,
                        size_t *fields, const char **why)
{
    if (n && (s[0] == ' ' || s[0] == '\t')) /* obsolete: RFC 9112 5.2 */
        return *why = N_("a header line is folded onto the next"), 400;
    size_t i = 0;
    while (i < n && is_token_char(s[i]))
        i++;
    if (i == 0 || i >= n || s[i] != ':')
        return *why = N_("a header line is not 'Name: value'"), 400;
    if (i == 4 && !strncasecmp(s, "host", 4))
        *host = true;
    /* Each line, and each cookie, is a record in libmicrohttpd's memory */
    ++*fields;
    if (i == 6 && !strncasecmp(s, "cookie", 6))
        for (size_t j = i; j < n; j++)
            *fields += s[j] == ';';
    if (*fields > WEB_MAX_FIELDS)
        return *why = N_("too many header fields and cookies (100 at most)"),
               431;
    /* Framing libmicrohttpd would refuse itself, with HTML: a chunked (or
     * other coded) body, a length that is not a number. */
    if (i == 17 && !strncasecmp(s, "transfer-encoding", 17))
        return *why = N_("send the body with a Content-Length, not chunked"), 411;
    if (i == 14 && !strncasecmp(s, "content-length", 14)) {
        size_t j = i + 1, digits = 0;
        uint64_t v = 0;
        while (j < n && (s[j] == ' ' || s[j] == '\t'))
            j++;
        while (j < n && s[j] >= '0' && s[j] <= '9' && digits < 19)
            v = 10 * v + (uint64_t)(s[j++] - '0'), digits++;
        /* Nothing after the digits: libmicrohttpd 0.9.75 refuses even a
         * space or a tab there (in HTML). */
        if (j != n || digits == 0 || digits > 18 || (*body && *body != v))
            return *why = N_("Content-Length is not a number of bytes"), 400;
        *body = v;
    }
    return 0;
}

int web_gate_check(const char *buf, size_t len, const char **why,
                   uint64_t *length)
{
    size_t headlen = 0;
    bool done = find_end(buf, len, &headlen) != NULL;
    const char *nl = memchr(buf, '\n', done ? headlen : len);
    if (!nl) { /* the request line has not ended */
        if (len > WEB_MAX_URL + 32)
            return *why = N_("the URL is longer than 8 KiB"), 414;
        return len > WEB_MAX_HEADERS ? (*why = N_("bad request"), 400) : -1;
    }
    size_t ln = (size_t)(nl - buf);
    bool v11 = false, host = false;
    uint64_t body = 0;
    size_t fields = 0;
    int st = check_request_line(buf, ln && buf[ln - 1] == '\r' ? ln - 1 : ln,
                                &v11, why);
    if (st)
        return st;
    if (done ? headlen > WEB_MAX_HEADERS + 2 : len > WEB_MAX_HEADERS)
        return *why = N_("the request's headers are too large (16 KiB at most)"),
               431;
    if (!done)
        return -1;
    if (memchr(buf, '\0', headlen))
        return *why = N_("a NUL byte in the request's headers"), 400;
    for (const char *p = nl + 1; p < buf + headlen;) {
        const char *e = memchr(p, '\n', (size_t)(buf + headlen - p));
        size_t n = (size_t)(e - p);
        if (n && p[n - 1] == '\r')
            n--;
        if (n && (st = check_header(p, n, &host, &body, &fields, why)))
            return st;
        p = e + 1;
    }
    if (v11 && !host)
        return *why = N_("an HTTP/1.1 request needs a Host header"), 400;
    if (body > WEB_MAX_BODY)
        return *why = N_("the body is larger than 64 KiB"), 413;
    if (length)
        *length = headlen + body;
    return 0;
}

/* The whole answer to a refused head: a JSON body, then the connection
 * closes. Returns its length (at most n - 1). */
size_t web_gate_answer(int status, const char *why, char *out, size_t n)
{
    web_reply r = {0};
    web_error(&r, status, why);
    const char *text = status == 414   ? "URI Too Long"
                       : status == 431 ? "Request Header Fields Too Large"
                       : status == 505 ? "HTTP Version Not Supported"
                       : status == 411 ? "Length Required"
                       : status == 408 ? "Request Timeout"
                       : status == 503 ? "Service Unavailable"
                                       : "Bad Request";
    int k = snprintf(out, n,
                     "HTTP/1.1 %d %s\r\nConnection: close\r\n"
                     "Content-Type: application/json; charset=utf-8\r\n"
                     "X-Content-Type-Options: nosniff\r\n%s"
                     "Cache-Control: no-store\r\nContent-Length: %zu\r\n\r\n"
                     "%s",
                     r.status, text,
                     status == 503 ? "Retry-After: 5\r\n" : "", /* waiting helps */
                     r.body ? r.len : 0, r.body ? r.body : "");
    free(r.body);
    return k < 0 ? 0 : (size_t)k >= n ? n - 1 : (size_t)k;
}

/* ---- the thread ------------------------------------------------------------ */

/* Forgets waiter i; closes its socket unless libmicrohttpd has it now. */
static void forget(web_gate *g, size_t i, bool close_it)
{
    if (i >= g->n)
        return;
    waiter *w = g->w[i];
    if (w->began && !w->closing)
        atomic_fetch_sub(&g->busy, 1);
    epoll_ctl(g->ep, EPOLL_CTL_DEL, w->fd, NULL);
    if (close_it)
        close(w->fd);
    free(w);
    if (i < --g->n) {
        g->w[i] = g->w[g->n];
        g->w[i]->idx = i;
    }
}

static size_t index_of(const web_gate *g, const waiter *w)
{
    return w->listed && w->idx < g->n && g->w[w->idx] == w ? w->idx : g->n;
}

static void list(web_gate *g, waiter *w)
{
    w->listed = true;
    w->idx = g->n;
    g->w[g->n++] = w;
}

static void refuse(web_gate *g, waiter *w, int status, const char *why)
{
    char buf[1024];
    size_t n = web_gate_answer(status, why, buf, sizeof buf);
    (void)!send(w->fd, buf, n, MSG_NOSIGNAL | MSG_DONTWAIT);
    shutdown(w->fd, SHUT_WR);
    if (g->cfg.log) { /* the umpire's words; the client's answer is English */
        fprintf(g->cfg.log, w->later ? _("%d (later request) %s\n")
                                     : _("%d (first request) %s\n"),
                status, _(why));
        fflush(g->cfg.log);
    }
    if (w->began)
        atomic_fetch_sub(&g->busy, 1);
    w->closing = true;
    w->since = web_now_ms();
}

/* New bytes on a waiting connection. */
static void readable(web_gate *g, waiter *w)
{
    if (w->closing) { /* drain what the client still sends, then close */
        char sink[4096];
        ssize_t r;
        while ((r = recv(w->fd, sink, sizeof sink, 0)) > 0)
            ;
        if (r == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
            forget(g, index_of(g, w), true);
        return;
    }
    /* The head once whole is not read again: only how much has come. */
    ssize_t r = recv(w->fd, g->peek, w->length ? 1 : sizeof g->peek,
                     MSG_PEEK);
    if (r <= 0) {
        if (r == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
            forget(g, index_of(g, w), true);
        return;
    }
    if (!w->began) {
        w->began = true;
        w->since = web_now_ms();
        atomic_fetch_add(&g->busy, 1);
    }
    const char *why = NULL;
    web_gate_req q = {w->base, w->length};
    int st = w->length ? 0 : web_gate_check(g->peek, (size_t)r, &why,
                                            &q.length);
    int queued = 0;
    if (st > 0) {
        refuse(g, w, st, why);
    } else if (st == 0 && (w->length = q.length) > 0 &&
               ioctl(w->fd, FIONREAD, &queued) == 0 &&
               (uint64_t)queued >= q.length) {
        /* the whole request, its body too: libmicrohttpd's now, so that it
         * never waits for a slow client's bytes (its timeout counts from
         * the last byte: one a second would hold it forever) */
        int fd = w->fd;
        struct sockaddr_storage peer = w->peer;
        socklen_t len = w->peerlen;
        forget(g, index_of(g, w), false);
        g->cfg.pass(g->cfg.ud, fd, (struct sockaddr *)&peer, len, &q);
    }
}

static bool same_host(const struct sockaddr_storage *a,
                      const struct sockaddr_storage *b)
{
    if (a->ss_family != b->ss_family)
        return false;
    if (a->ss_family == AF_INET)
        return ((const struct sockaddr_in *)a)->sin_addr.s_addr ==
               ((const struct sockaddr_in *)b)->sin_addr.s_addr;
    return a->ss_family == AF_INET6 &&
           !memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr,
                   &((const struct sockaddr_in6 *)b)->sin6_addr,
                   sizeof(struct in6_addr));
}

/* Whether w's address holds its share of the connections already: a third
 * of them, so that one device (or one player's link on it) never takes the
 * room of the other two links. Counted only when a third is taken. */
static bool over_share(const web_gate *g, const waiter *w)
{
    size_t share = WEB_MAX_CONNECTIONS / 3, n = 0;
    if (g->n < share)
        return false;
    for (size_t i = 0; i < g->n && n < share; i++)
        n += same_host(&g->w[i]->peer, &w->peer);
    return n >= share;
}

/* Room for one more waiter in g->w. */
static bool room(web_gate *g)
{
    if (g->n == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 256;
        waiter **nw = realloc(g->w, cap * sizeof *nw);
        if (nw) {
            g->w = nw;
            g->cap = cap;
        }
    }
    return g->n < g->cap && g->n < WEB_MAX_CONNECTIONS;
}

static void accept_all(web_gate *g)
{
    for (;;) {
        waiter *w = calloc(1, sizeof *w);
        if (!w)
            return;
        w->peerlen = sizeof w->peer;
        w->fd = accept4(g->cfg.listen_fd, (struct sockaddr *)&w->peer,
                        &w->peerlen, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (w->fd < 0) {
            free(w);
            return;
        }
        w->since = web_now_ms();
        struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP | EPOLLET,
                                 .data.ptr = w};
        bool mine = over_share(g, w);
        if (mine || !room(g) ||
            epoll_ctl(g->ep, EPOLL_CTL_ADD, w->fd, &ev) != 0) {
            char buf[512];
            size_t n = web_gate_answer(503, mine ? "too many connections "
                                       "from this address: close some"
                                       : "too many connections: try "
                                       "again in a moment", buf, sizeof buf);
            (void)!send(w->fd, buf, n, MSG_NOSIGNAL | MSG_DONTWAIT);
            close(w->fd);
            free(w);
            continue;
        }
        list(g, w);
    }
}

/* The connections taken back since we last looked join the others; those
 * beyond the limit are closed (their clients connect again). They are in
 * the epoll set already, so this runs before their events are handled.
 * Whether `want` (or NULL) is listed now. */
static bool merge_taken(web_gate *g, const waiter *want)
{
    bool found = false;
    pthread_mutex_lock(&g->mu);
    waiter *w = g->taken;
    g->taken = NULL;
    atomic_store(&g->any_taken, false);
    pthread_mutex_unlock(&g->mu);
    while (w) {
        waiter *next = w->next;
        if (room(g)) {
            list(g, w);
            found |= w == want;
        } else {
            epoll_ctl(g->ep, EPOLL_CTL_DEL, w->fd, NULL);
            close(w->fd);
            free(w);
        }
        w = next;
    }
    return found;
}

void web_gate_take(web_gate *g, int fd, const struct sockaddr *peer,
                   unsigned peerlen, uint64_t base)
{
    waiter *w = calloc(1, sizeof *w);
    if (!w || peerlen > sizeof w->peer) {
        free(w);
        close(fd);
        return;
    }
    w->fd = fd;
    w->later = true;
    w->base = base;
    w->since = web_now_ms();
    memcpy(&w->peer, peer, peerlen);
    w->peerlen = peerlen;
    struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP | EPOLLET,
                             .data.ptr = w};
    pthread_mutex_lock(&g->mu);
    /* Listed before it is watched: its first event finds it listed. */
    bool ok = !g->door_shut;
    if (ok) {
        w->next = g->taken;
        g->taken = w;
        ok = epoll_ctl(g->ep, EPOLL_CTL_ADD, fd, &ev) == 0;
        if (ok)
            atomic_store(&g->any_taken, true);
        else
            g->taken = w->next;
    }
    pthread_mutex_unlock(&g->mu);
    if (!ok) {
        close(fd);
        free(w);
    }
}

/* Once in a while: heads too slow, idle connections (silent four times
 * the timeout), drained refusals. */
static void sweep(web_gate *g)
{
    int64_t now = web_now_ms();
    for (size_t i = g->n; i-- > 0;) {
        waiter *w = g->w[i];
        int64_t age = now - w->since;
        if (w->closing ? age >= LINGER_MS
                       : !w->began && age >= 4000 * (int64_t)g->cfg.timeout)
            forget(g, i, true);
        else if (!w->closing && w->began &&
                 age >= 1000 * (int64_t)g->cfg.timeout)
            refuse(g, w, 408, N_("the request did not arrive in time"));
    }
}

/* A byte on the stop pipe: 'd' shuts the door (the listening socket, and
 * connections that have sent nothing); 'x' stops. True for 'x'. */
static bool shut_door(web_gate *g)
{
    char c = 'x';
    if (read(g->stop[0], &c, 1) != 1 || c != 'd')
        return true;
    if (!g->door_shut) {
        epoll_ctl(g->ep, EPOLL_CTL_DEL, g->cfg.listen_fd, NULL);
        close(g->cfg.listen_fd);
        pthread_mutex_lock(&g->mu);
        g->door_shut = true;
        pthread_mutex_unlock(&g->mu);
        merge_taken(g, NULL);
        /* Those with bytes waiting began a request (their event may be
         * later in this batch): they are read now, not closed. */
        for (size_t i = g->n; i-- > 0;) {
            waiter *w = g->w[i];
            char byte;
            if (w->began || w->closing)
                continue;
            if (recv(w->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0)
                readable(g, w);
            else
                forget(g, i, true);
        }
    }
    atomic_store(&g->door_done, true);
    return false;
}

static void *gate_main(void *arg)
{
    web_gate *g = arg;
    struct epoll_event ev[64];
    int64_t swept = web_now_ms();
    for (;;) {
        int n = epoll_wait(g->ep, ev, 64, 250);
        if (atomic_load(&g->any_taken))
            merge_taken(g, NULL);
        for (int i = 0; i < n; i++) {
            if (ev[i].data.ptr == g && shut_door(g))
                return NULL; /* the stop pipe said stop */
            if (ev[i].data.ptr == g)
                continue;
            waiter *w = ev[i].data.ptr;
            if (!w) {
                accept_all(g);
                continue;
            }
            /* taken back while we waited for events: list it first */
            if (w->listed || merge_taken(g, w))
                readable(g, w);
        }
        if (web_now_ms() - swept >= 250) {
            swept = web_now_ms();
            sweep(g);
        }
    }
}

mu_status web_gate_start(const web_gate_cfg *cfg, web_gate **out,
                         mu_error *err)
{
    web_gate *g = calloc(1, sizeof *g);
    if (!g)
        return mu_error_set(err, MU_ENOMEM, MU_R_NONE, "out of memory");
    g->cfg = *cfg;
    pthread_mutex_init(&g->mu, NULL);
    g->ep = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event lev = {.events = EPOLLIN, .data.ptr = NULL};
    struct epoll_event sev = {.events = EPOLLIN, .data.ptr = g};
    if (g->ep < 0 || pipe2(g->stop, O_CLOEXEC) != 0 ||
        epoll_ctl(g->ep, EPOLL_CTL_ADD, cfg->listen_fd, &lev) != 0 ||
        epoll_ctl(g->ep, EPOLL_CTL_ADD, g->stop[0], &sev) != 0 ||
        pthread_create(&g->thread, NULL, gate_main, g) != 0) {
        int e = errno;
        if (g->ep >= 0)
            close(g->ep);
        pthread_mutex_destroy(&g->mu);
        free(g);
        return mu_error_set(err, MU_EIO, MU_R_NONE, "cannot start the "
                            "server: %s", strerror(e));
    }
    *out = g;
    return MU_OK;
}

void web_gate_shut(web_gate *g)
{
    if (!g)
        return;
    (void)!write(g->stop[1], "d", 1);
    /* Wait (a second at most) until the thread has done it: from then on
     * a request that had begun is counted in web_gate_busy or has been
     * passed on, so the server's wait for requests in flight sees it. */
    for (int i = 0; i < 1000 && !atomic_load(&g->door_done); i++) {
        struct timespec ts = {0, 1000 * 1000};
        nanosleep(&ts, NULL);
    }
}

size_t web_gate_busy(web_gate *g)
{
    return g ? atomic_load(&g->busy) : 0;
}

void web_gate_stop(web_gate *g)
{
    if (!g)
        return;
    (void)!write(g->stop[1], "x", 1);
    pthread_join(g->thread, NULL);
    pthread_mutex_lock(&g->mu);
    g->door_shut = true; /* nothing is taken back any more */
    pthread_mutex_unlock(&g->mu);
    merge_taken(g, NULL);
    while (g->n)
        forget(g, g->n - 1, true);
    close(g->stop[0]);
    close(g->stop[1]);
    close(g->ep);
    pthread_mutex_destroy(&g->mu);
    free(g->w);
    free(g);
}
