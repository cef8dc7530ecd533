/* SPDX-License-Identifier: MIT */
/* http.c -- the HTTP side of `muster serve` on libmicrohttpd: limits,
 * tokens and viewers, CSRF, the embedded page, and handing kept-alive
 * connections back to the gate. What a command answers is api.c's
 * business. */
#define _GNU_SOURCE /* dup3 */
#include "web.h"
#include "json_body.h"

#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <linux/sockios.h> /* SIOCINQ */
#include <linux/tcp.h> /* tcp_info with tcpi_bytes_received */
#include <pthread.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

extern const char mu_web_index_html[], mu_web_app_js[], mu_web_style_css[],
    mu_web_offline_js[], mu_web_lang_js[];
extern const size_t mu_web_index_html_len, mu_web_app_js_len,
    mu_web_style_css_len, mu_web_offline_js_len, mu_web_lang_js_len;

#define TOKEN_HEADER "X-Muster-Token"

/* A TCP connection libmicrohttpd holds, for handing it back to the gate
 * after its request (see take_back). */
typedef struct conn {
    int fd;
    bool streaming;      /* an event stream */
    web_gate_req req;    /* what the gate saw of its request (length 0: it
                            did not come through the gate) */
} conn;

struct web_server {
    web_config cfg;
    struct MHD_Daemon *d;
    web_gate *gate;    /* takes the connections, hands them to d */
    web_heavy *heavy;  /* the calls that can run long (NULL: run inline) */
    cli_shared shared; /* the built-in rules, parsed once for every call */
    char token[3][33]; /* a campaign's links: umpire, union, confederate */
    pthread_mutex_t tlock; /* token, read again from the file each second */
    pthread_mutex_t wlock; /* one change at a time, with its key (idem) */
    web_events *events; /* the live streams (GET /api/campaign/events) */
    atomic_int inflight;
    /* what the gate saw of each connection it passed, by descriptor, until
     * libmicrohttpd starts it: MHD_add_connection takes no context */
    pthread_mutex_t hlock;
    web_gate_req *hand; /* length 0: none */
    size_t nhand;
    atomic_int handing; /* passed by the gate, not yet started */
    pthread_rwlock_t glock; /* gate below: taking back reads, stop writes */
    int dead; /* a socket at its end: put in place of one taken back */
    pthread_t ticker; /* once a second: links read again, streams polled */
    bool ticking;
    atomic_bool stopping;
    /* each link's budget of requests (umpire, union, confederate): a token
     * bucket, WEB_LINK_RATE a second up to WEB_LINK_BURST */
    pthread_mutex_t rlock;
    double bucket[3];
    int64_t filled[3]; /* ms (monotonic) the bucket was last filled */
    char hosts[WEB_MAX_HOSTS][48]; /* the Host a request may name */
    size_t nhosts;                 /* 0: any (no address printed) */
};

/* One request, from its request line to its end. */
typedef struct req {
    size_t urilen;
    int early;       /* a status decided before the body (414, 413...) */
    mu_buf body; /* NULL until a byte of it comes */
    bool seen, too_big;
    bool keep;       /* the connection stays open after the answer */
    /* a heavy call: the connection is suspended until the queue's thread
     * has filled the reply (or it was refused) */
    struct MHD_Connection *c;
    bool heavy;
    atomic_bool heavy_done;
    web_reply heavy_reply;
} req;

static void logf_(web_server *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void logf_(web_server *s, const char *fmt, ...)
{
    if (!s->cfg.log)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(s->cfg.log, fmt, ap);
    va_end(ap);
    fputc('\n', s->cfg.log);
    fflush(s->cfg.log);
}

/* The campaign's links in s->token (and the links' budgets) are the
 * umpire's (MU_SIDE_NONE, -1), the Union's, the Confederacy's: viewer v's
 * is at v + 1. */
const char *web_server_token(const web_server *s, mu_side v)
{
    if (!s->cfg.campaign || v == MU_SIDE_UNSAID)
        return NULL;
    return s->token[v + 1];
}

/* The campaign's three links into t, made the first time (MU_LINK_MAKE, so
 * that a link handed out works after a restart) or read again (where a
 * viewer with none yet reads "", which is no link). */
static mu_status links_get(const web_server *s, mu_link_mode how,
                           char t[3][MU_LINK_TOKEN_HEX], mu_error *err)
{
    mu_campaign *c = NULL;
    mu_status st = how == MU_LINK_MAKE
                       ? mu_campaign_open(s->cfg.campaign, &c, err)
                       : mu_campaign_open_read(s->cfg.campaign, &c, err);
    for (int v = MU_SIDE_NONE; v <= MU_SIDE_CONFEDERATE && st == MU_OK; v++)
        if ((st = mu_campaign_link(c, (mu_side)v, how, t[v + 1], err)) ==
                MU_OK && strlen(t[v + 1]) != 32)
            st = MU_EINTERNAL;
    if (c)
        mu_campaign_close(c);
    return st;
}

/* A link rotated since (`muster campaign links --rotate`) replaces the old
 * one here, which stops working. */
static void links_reload(web_server *s)
{
    mu_error err;
    char t[3][MU_LINK_TOKEN_HEX];
    if (s->cfg.campaign && links_get(s, MU_LINK_READ, t, &err) == MU_OK) {
        pthread_mutex_lock(&s->tlock);
        memcpy(s->token, t, sizeof s->token);
        pthread_mutex_unlock(&s->tlock);
    }
    sodium_memzero(t, sizeof t);
}

/* ---- responses -------------------------------------------------------------- */

#define PAGE_CSP "default-src 'self'; img-src 'self' data: blob:; " \
                 "frame-ancestors 'none'; form-action 'none'"

/* A response, with X-Muster-Events (the events a write recorded) when
 * `events` is not NULL or empty. */
static enum MHD_Result respond(struct MHD_Connection *c, int status,
                               const char *type, char *body, size_t len,
                               bool owned, const char *events, unsigned retry)
{
    struct MHD_Response *res = MHD_create_response_from_buffer(
        len, body, owned ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (!res) {
        if (owned)
            free(body);
        return MHD_NO;
    }
    MHD_add_response_header(res, "Content-Type", type);
    MHD_add_response_header(res, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(res, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(res, "Content-Security-Policy", PAGE_CSP);
    MHD_add_response_header(res, "Cache-Control", "no-store");
    if (status == 405)
        MHD_add_response_header(res, "Allow", "GET, HEAD, POST");
    if (events && *events)
        MHD_add_response_header(res, "X-Muster-Events", events);
    char secs[16];
    snprintf(secs, sizeof secs, "%u", retry);
    if (retry)
        MHD_add_response_header(res, "Retry-After", secs);
    enum MHD_Result r = MHD_queue_response(c, (unsigned)status, res);
    MHD_destroy_response(res);
    return r;
}

/* A fixed text, for the answers that are no JSON. */
static enum MHD_Result respond_text(struct MHD_Connection *c, int status,
                                    const char *type, const char *text)
{
    return respond(c, status, type, (char *)text, strlen(text), false, NULL,
                   0);
}

static enum MHD_Result send_reply(struct MHD_Connection *c, web_reply *r)
{
    if (!r->body)
        return respond_text(c, 500, "text/plain", "out of memory\n");
    return respond(c, r->status, r->type, r->body, r->len, true, r->events,
                   r->retry_after);
}

static enum MHD_Result send_error(struct MHD_Connection *c, int status,
                                  const char *msg)
{
    web_reply r = {0};
    web_error(&r, status, msg);
    return send_reply(c, &r);
}

/* ---- who is asking ---------------------------------------------------------- */

static mu_side viewer_of(const web_server *s, struct MHD_Connection *c)
{
    if (!s->cfg.campaign)
        return MU_SIDE_NONE;
    const char *t = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                TOKEN_HEADER);
    if (!t || strlen(t) != 32)
        return MU_SIDE_UNSAID;
    mu_side v = MU_SIDE_UNSAID;
    pthread_mutex_lock((pthread_mutex_t *)&s->tlock);
    for (int i = 0; i < 3; i++) /* look at all three: no timing to learn */
        if (sodium_memcmp(t, s->token[i], 32) == 0)
            v = (mu_side)(i - 1);
    pthread_mutex_unlock((pthread_mutex_t *)&s->tlock);
    return v;
}

void web_server_hosts(web_server *s, const web_host *h, size_t n)
{
    static const char *const local[] = {"127.0.0.1", "[::1]", "localhost"};
    s->nhosts = 0;
    for (size_t i = 0; i < 3; i++)
        snprintf(s->hosts[s->nhosts++], sizeof s->hosts[0], "%s", local[i]);
    for (size_t i = 0; i < n && s->nhosts < WEB_MAX_HOSTS; i++)
        snprintf(s->hosts[s->nhosts++], sizeof s->hosts[0],
                 h[i].v6 ? "[%s]" : "%s", h[i].text);
}

/* DNS rebinding: a page of another site whose name is made to point at
 * this server names that site in Host. Only the addresses the server
 * printed (and this computer's own) are answered; the port is not looked
 * at (the browser's origin has it anyway). Under TLS the certificate does
 * this: a browser that asked for another site's name refuses ours, and the
 * club's own names for the laptop (club.test) are the certificate's. */
static bool host_ok(const web_server *s, struct MHD_Connection *c)
{
    if (!s->nhosts || s->cfg.tls_cert)
        return true;
    const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    if (!h) /* HTTP/1.0 without one: not a browser, which always sends it */
        return true;
    size_t n = strlen(h);
    const char *colon = strrchr(h, ':');
    if (colon && !strchr(colon, ']'))
        n = (size_t)(colon - h);
    for (size_t i = 0; i < s->nhosts; i++)
        if (strlen(s->hosts[i]) == n && !strncasecmp(h, s->hosts[i], n))
            return true;
    return false;
}

/* A change must come from the page's own origin: a browser always sends
 * Origin on a POST, and a page elsewhere cannot forge it. */
static bool same_origin(const web_server *s, struct MHD_Connection *c)
{
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                     "Origin");
    const char *site = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                   "Sec-Fetch-Site");
    if (site && strcmp(site, "same-origin") && strcmp(site, "none"))
        return false;
    if (!origin)
        return true; /* not a browser: the token still has to be right */
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    const char *scheme = s->cfg.tls_cert ? "https://" : "http://";
    size_t n = strlen(scheme);
    if (!host || strncmp(origin, scheme, n))
        return false;
    return !strcmp(origin + n, host);
}

/* ---- the query and the body ---------------------------------------------- */

typedef struct argv_acc {
    web_arg args[WEB_MAX_ARGS + 1];
    size_t n;
    bool bad; /* a NUL inside a name or value, or too many */
} argv_acc;

static enum MHD_Result add_query_arg(void *cls, enum MHD_ValueKind kind,
                                     const char *key, size_t key_size,
                                     const char *value, size_t value_size)
{
    (void)kind;
    argv_acc *a = cls;
    /* A NUL, or bytes that are not UTF-8 (which an error would echo into
     * its JSON), refuse the request. */
    if (a->n > WEB_MAX_ARGS || !web_utf8_ok(key, key_size) ||
        strlen(key) != key_size ||
        (value && (strlen(value) != value_size ||
                   !web_utf8_ok(value, value_size)))) {
        a->bad = true;
        return MHD_NO;
    }
    a->args[a->n].name = key;
    a->args[a->n].value = value ? value : "";
    a->n++;
    return MHD_YES;
}

/* ---- routing ---------------------------------------------------------------- */

/* Whether a comma-separated header value holds token (any case). */
static bool has_token(const char *v, const char *token)
{
    size_t n = strlen(token);
    while (v && *v) {
        v += strspn(v, " \t,");
        size_t k = strcspn(v, " \t,");
        if (k == n && !strncasecmp(v, token, n))
            return true;
        v += k;
    }
    return false;
}

/* A validator of a file's bytes (and of their coding): a browser that has
 * them asks with If-None-Match and gets 304, no body. */
static void etag_of(const char *data, size_t len, bool gz, char out[48])
{
    unsigned char h[16];
    crypto_generichash(h, sizeof h, (const unsigned char *)data, len, NULL, 0);
    char hex[33];
    sodium_bin2hex(hex, sizeof hex, h, sizeof h);
    snprintf(out, 48, "\"%s%s\"", hex, gz ? "-gz" : "");
}

/* A file of the page or the app: with its validator, compressed where it
 * was (Vary), 304 when the browser has it already. */
static enum MHD_Result send_file(struct MHD_Connection *c, const char *type,
                                 char *data, size_t len, bool owned, bool gz,
                                 const char *csp)
{
    char etag[48];
    etag_of(data, len, gz, etag);
    const char *inm = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                  "If-None-Match");
    bool same = inm && strstr(inm, etag);
    struct MHD_Response *res = same
        ? MHD_create_response_from_buffer(0, (char *)"", MHD_RESPMEM_PERSISTENT)
        : MHD_create_response_from_buffer(len, data, owned
                                          ? MHD_RESPMEM_MUST_FREE
                                          : MHD_RESPMEM_PERSISTENT);
    if (same && owned)
        free(data);
    if (!res) {
        if (!same && owned)
            free(data);
        return MHD_NO;
    }
    MHD_add_response_header(res, "Content-Type", type);
    if (gz)
        MHD_add_response_header(res, "Content-Encoding", "gzip");
    MHD_add_response_header(res, "Vary", "Accept-Encoding");
    MHD_add_response_header(res, "ETag", etag);
    MHD_add_response_header(res, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(res, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(res, "Content-Security-Policy", csp);
    MHD_add_response_header(res, "Cache-Control", "no-cache");
    enum MHD_Result r = MHD_queue_response(c, same ? 304 : 200, res);
    MHD_destroy_response(res);
    return r;
}

static enum MHD_Result asset(struct MHD_Connection *c, const char *url)
{
    static const web_asset assets[] = {
        {"/", "text/html; charset=utf-8", mu_web_index_html,
         &mu_web_index_html_len},
        {"/index.html", "text/html; charset=utf-8", mu_web_index_html,
         &mu_web_index_html_len},
        {"/app.js", "text/javascript; charset=utf-8", mu_web_app_js,
         &mu_web_app_js_len},
        {"/style.css", "text/css; charset=utf-8", mu_web_style_css,
         &mu_web_style_css_len},
        {"/offline.js", "text/javascript; charset=utf-8", mu_web_offline_js,
         &mu_web_offline_js_len},
        {"/lang.js", "text/javascript; charset=utf-8", mu_web_lang_js,
         &mu_web_lang_js_len},
    };
    const web_asset *a = NULL;
    for (size_t i = 0; i < sizeof assets / sizeof *assets; i++)
        if (!strcmp(url, assets[i].url))
            a = &assets[i];
    for (size_t i = 0; !a && i < web_lang_assets_n; i++)
        if (!strcmp(url, web_lang_assets[i].url))
            a = &web_lang_assets[i];
    if (a && *a->len)
        return send_file(c, a->type, (char *)a->data, *a->len, false, false,
                         PAGE_CSP);
    return respond_text(c, 404, "text/plain; charset=utf-8", "not found\n");
}

/* The page's files from the static folder (site.c), with its engine, as a
 * static host serves them: the service worker decides what is cached, and
 * the page may compile its WebAssembly ('wasm-unsafe-eval'); without the
 * folder (no emcc) the page embedded here. The old second page's address,
 * /app/, goes to the one page. */
static enum MHD_Result site_asset(web_server *s, struct MHD_Connection *c,
                                  const char *url)
{
    char *body;
    size_t len;
    const char *type;
    bool gz;
    if (!strcmp(url, "/app") || !strncmp(url, "/app/", 5)) {
        struct MHD_Response *res = MHD_create_response_from_buffer(
            0, (char *)"", MHD_RESPMEM_PERSISTENT);
        if (!res)
            return MHD_NO;
        MHD_add_response_header(res, "Location", "/");
        enum MHD_Result r = MHD_queue_response(c, 301, res);
        MHD_destroy_response(res);
        return r;
    }
    bool takes = has_token(MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                       "Accept-Encoding"),
                           "gzip");
    if (!web_site_file(s->cfg.site, url + 1, takes, &body, &len, &type, &gz))
        return asset(c, url);
    return send_file(c, type, body, len, true, gz,
                     "default-src 'self'; script-src 'self' "
                     "'wasm-unsafe-eval'; img-src 'self' data: blob:; "
                     "frame-ancestors 'none'; form-action 'none'");
}

static enum MHD_Result whoami(web_server *s, struct MHD_Connection *c,
                              mu_side v)
{
    mu_buf b = {0};
    mu_json w;
    mu_json_init(&w, &b);
    mu_json_obj(&w, NULL);
    mu_json_str(&w, "viewer", web_side_name(v));
    /* without a link, the page says to ask for one (and names nothing) */
    mu_json_bool(&w, "links", s->cfg.campaign != NULL);
    if (s->cfg.campaign && v != MU_SIDE_UNSAID)
        mu_json_str(&w, "campaign", s->cfg.campaign);
    else
        mu_json_null(&w, "campaign");
    /* a side's link acts too: the campaign keeps the secrets (--as) */
    mu_json_bool(&w, "sides_can_write", true);
    if (v == MU_SIDE_NONE && s->events) { /* the phones live, for the umpire */
        size_t open, dropped;
        web_events_stats(s->events, &open, &dropped);
        mu_json_obj(&w, "streams");
        mu_json_int(&w, "open", (int64_t)open);
        mu_json_int(&w, "dropped", (int64_t)dropped);
        mu_json_end(&w);
    }
    mu_json_bool(&w, "plot", true);
    mu_json_end(&w);
    if (b.oom) {
        mu_buf_free(&b);
        return send_error(c, 500, "out of memory");
    }
    web_reply r = {.status = 200, .type = "application/json; charset=utf-8",
                   .body = b.p, .len = b.len};
    return send_reply(c, &r);
}

/* New events to every stream; a stream whose client stopped reading is
 * dropped, and the log says so. */
static void poll_streams(web_server *s, bool tick)
{
    size_t n = web_events_poll(s->events, tick);
    if (n)
        logf_(s, PL_("%zu event stream dropped: its client stopped reading",
                     "%zu event streams dropped: their client stopped reading",
                     n), n);
}

/* A change to the campaign, one at a time: X-Muster-Events names the events
 * it recorded (the page shows them and offers their undo), and with an
 * Idempotency-Key the same request again gets the first answer, recording
 * nothing more. */
static enum MHD_Result write_call(web_server *s, struct MHD_Connection *c,
                                  const web_call *call, const req *q)
{
    const char *key = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                  "Idempotency-Key");
    if (key && !mu_campaign_request_key_ok(key))
        return send_error(c, 400, "Idempotency-Key: 8 to 100 letters, digits, "
                                  "'-' or '_' (a UUID)");
    web_reply r = {0};
    char what[65];
    web_call keyed = *call;
    if (key) {
        web_idem_what(call->path, q->body.p, q->body.len, what);
        keyed.request_key = key;
        keyed.request_what = what;
    }
    bool again = false;
    pthread_mutex_lock(&s->wlock);
    web_api(&keyed, &r); /* r.events: the ids its own writes gave */
    if (key && r.status == 200 && !web_idem_keep(call->campaign, call->viewer,
                                                 key, &r))
        logf_(s, "the answer to a keyed change could not be kept");
    else if (key && r.reason == MU_R_REQUEST_DONE)
        again = web_idem_first(call->campaign, call->viewer, key, &r);
    pthread_mutex_unlock(&s->wlock);
    if (!again && *r.events && s->events)
        poll_streams(s, false); /* every phone, at once */
    if (r.reason == MU_R_REQUEST_REUSED) {
        free(r.body);
        return send_error(c, 409, "this Idempotency-Key was sent with "
                                  "another change: make a new key for each");
    }
    if (r.status >= 400)
        logf_(s, "%d /api/%s", r.status, call->path);
    return send_reply(c, &r); /* with the events it recorded */
}

/* GET /api/campaign/events: the viewer's stream, from Last-Event-ID (what
 * a browser's EventSource sends when it reconnects) or ?last=N. */
static enum MHD_Result event_stream(web_server *s, struct MHD_Connection *c,
                                    mu_side v, const argv_acc *a)
{
    const char *last = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                   "Last-Event-ID");
    for (size_t i = 0; !last && i < a->n; i++)
        if (!strcmp(a->args[i].name, "last"))
            last = a->args[i].value;
    uint64_t from = 0;
    if (last && !cli_number(last, 0, INT64_MAX / 2, &from))
        return send_error(c, 400, "Last-Event-ID: the number of the last "
                                  "event seen");
    struct MHD_Response *res = web_events_open(s->events, c, v,
                                               last ? (int64_t)from : -1);
    if (!res)
        return send_error(c, 500, "out of memory");
    MHD_add_response_header(res, "Content-Type", "text/event-stream");
    MHD_add_response_header(res, "Cache-Control", "no-store");
    MHD_add_response_header(res, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(res, "Connection", "close");
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    if (ci && ci->socket_context) {
        conn *k = ci->socket_context;
        k->streaming = true;
        /* A phone that is gone (out of the Wi-Fi, switched off) acknowledges
         * nothing: the kernel gives up on the stream once a heartbeat has
         * waited this long unacknowledged, and it is dropped (heartbeats
         * every WEB_HEARTBEAT_S, a look each second: within 15 s in all). */
        unsigned ms = WEB_STREAM_DEAD_MS;
        (void)!setsockopt(k->fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &ms,
                          sizeof ms);
    }
    enum MHD_Result r = MHD_queue_response(c, 200, res);
    MHD_destroy_response(res);
    return r;
}

/* ---- each link's budget ------------------------------------------------------- */

/* Whether the link may read once more now; a link that asks faster than a
 * player's phones ever do is refused (429) until its bucket fills, so that
 * it cannot take the server from the other links. */
static bool link_budget(web_server *s, mu_side v)
{
    if (!s->cfg.campaign || v == MU_SIDE_UNSAID)
        return true;
    int k = v + 1;
    int64_t now = web_now_ms();
    pthread_mutex_lock(&s->rlock);
    double b = s->filled[k] ? s->bucket[k] + (double)(now - s->filled[k]) *
                                                 WEB_LINK_RATE / 1000.0
                            : WEB_LINK_BURST;
    if (b > WEB_LINK_BURST)
        b = WEB_LINK_BURST;
    bool ok = b >= 1.0;
    s->bucket[k] = ok ? b - 1.0 : b;
    s->filled[k] = now;
    pthread_mutex_unlock(&s->rlock);
    return ok;
}

/* ---- heavy calls ------------------------------------------------------------ */

static void heavy_done(void *ctx)
{
    req *q = ctx;
    atomic_store(&q->heavy_done, true);
    MHD_resume_connection(q->c);
}

/* The client's address, the key of its share of the queue. */
static void client_of(struct MHD_Connection *c, char *buf, size_t n)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *a = ci ? ci->client_addr : NULL;
    snprintf(buf, n, "?");
    if (a && a->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)a)->sin_addr, buf,
                  (socklen_t)n);
    else if (a && a->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)a)->sin6_addr, buf,
                  (socklen_t)n);
}

/* A call that can run long goes to the queue; the connection waits,
 * suspended, holding no worker. A refusal comes back the same way, so that
 * every heavy call is answered when the handler is called again. */
static enum MHD_Result heavy_call(web_server *s, struct MHD_Connection *c,
                                  const web_call *call, req *q)
{
    char client[48];
    client_of(c, client, sizeof client);
    q->c = c;
    q->heavy = true;
    MHD_suspend_connection(c);
    web_heavy_answer a = web_heavy_submit(s->heavy, client, call,
                                          &q->heavy_reply, heavy_done, q);
    if (a != WEB_HEAVY_QUEUED) {
        web_error(&q->heavy_reply, 503,
                  a == WEB_HEAVY_SHARE
                      ? _("this client's simulations and charts already "
                          "fill its share of the server: try again when one "
                          "has been answered")
                      : _("the server is busy with simulations and charts: "
                          "try again in a few seconds"));
        q->heavy_reply.retry_after = a == WEB_HEAVY_SHARE ? 1 : 2;
        logf_(s, "503 %s: %s", call->path,
              a == WEB_HEAVY_SHARE ? "the client's share" : "the queue full");
        heavy_done(q);
    }
    return MHD_YES;
}

static enum MHD_Result route_request(web_server *s, struct MHD_Connection *c,
                                     const char *url, bool post, req *q)
{
    bool api = !strncmp(url, "/api/", 5);
    bool plot = !strncmp(url, "/plot/", 6);
    /* A route whose body is an option's value (an order of battle). */
    const char *raw = api && post ? web_api_body_option(url + 5) : NULL;
    if (!api && !plot && strcmp(url, "/whoami")) {
        if (post)
            return send_error(c, 405, "only /api/ takes POST");
        return site_asset(s, c, url);
    }
    if (!host_ok(s, c)) {
        logf_(s, _("421 %s: a Host that is not this server's"), url);
        return send_error(c, 421, "this server answers only at the addresses "
                                  "it printed: open one of its links");
    }
    if (!web_utf8_ok(url, strlen(url)))
        return send_error(c, 400, "the address is not UTF-8");
    mu_side v = viewer_of(s, c);
    /* (a change is not counted: changes go one at a time through the
     * ledger, each written to disk, which paces them already) */
    if (!post && !link_budget(s, v)) {
        logf_(s, _("429 %s: the link's requests come too fast"), url);
        web_reply r = {0};
        web_error(&r, 429, _("this link sends requests faster than a "
                             "player's phones do: wait a second"));
        r.retry_after = 1;
        return send_reply(c, &r);
    }
    /* The calculators and the generator need no token; the campaign does. */
    bool camp = !strncmp(url, "/api/campaign/", 14) ||
                !strcmp(url, "/api/campaign");
    if (v == MU_SIDE_UNSAID && camp) {
        logf_(s, _("403 %s: no valid token"), url);
        return respond_text(c, 403, "text/plain; charset=utf-8",
                            "forbidden\n");
    }
    if (!strcmp(url, "/whoami"))
        return post ? send_error(c, 405, "GET /whoami") : whoami(s, c, v);
    if (post && !plot) { /* a chart is asked for with GET: web_api says so */
        if (!same_origin(s, c)) {
            logf_(s, _("403 %s: foreign origin"), url);
            return send_error(c, 403, "a change must come from this page's "
                                      "own origin");
        }
        const char *ct = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                     "Content-Type");
        if (raw && (!ct || (strncmp(ct, "text/csv", 8) &&
                            strncmp(ct, "application/json", 16))))
            return send_error(c, 415, "send the order of battle as it is "
                                      "(Content-Type: text/csv or "
                                      "application/json)");
        if (!raw && (!ct || strncmp(ct, "application/json", 16)))
            return send_error(c, 415, "send the options as a JSON object "
                                      "(Content-Type: application/json)");
    }
    argv_acc a = {.n = 0};
    char *keep = NULL;
    char why[200];
    if (raw) {
        /* The body is the option's value: text, so no NUL and UTF-8. */
        const char *body = q->body.len ? q->body.p : "";
        if (strlen(body) != q->body.len || !web_utf8_ok(body, q->body.len))
            return send_error(c, 400, "the body holds a NUL or bytes that "
                                      "are not UTF-8");
        a.args[a.n].name = raw;
        a.args[a.n++].value = body;
    } else if (post && !plot) {
        /* A JSON body {"option": value, ...}: strings, numbers and booleans,
         * read strictly (json_body.c); keep owns the names and values for
         * the call's life (freed also on failure). */
        if (!web_json_object(q->body.len ? q->body.p : "{}",
                             q->body.len ? q->body.len : 2, a.args,
                             WEB_MAX_ARGS, &a.n, &keep, why, sizeof why)) {
            free(keep);
            return send_error(c, 400, why);
        }
    } else {
        MHD_get_connection_values_n(c, MHD_GET_ARGUMENT_KIND, add_query_arg,
                                    &a);
        if (a.bad)
            return send_error(c, 400, plot ? "an option with a NUL or bytes "
                                             "that are not UTF-8, or too many"
                                      : a.n > WEB_MAX_ARGS
                                          ? "too many options"
                                          : "an option with a NUL or bytes "
                                            "that are not UTF-8");
    }
    const char *path = url + (plot ? 6 : 5);
    web_call call = {path, a.args, a.n, post, v, s->cfg.campaign,
                     &s->shared, NULL, NULL, s->cfg.labels, plot};
    enum MHD_Result res;
    web_reply r;
    if (!post && s->events && !strcmp(url, "/api/campaign/events"))
        res = event_stream(s, c, v, &a);
    else if (post && !plot && s->cfg.campaign)
        res = write_call(s, c, &call, q);
    else if (!post && s->heavy && web_api_heavy(path, plot))
        res = heavy_call(s, c, &call, q);
    else {
        web_api(&call, &r);
        if (r.status >= 400 && !plot)
            logf_(s, "%d %s", r.status, url);
        res = send_reply(c, &r);
    }
    free(keep);
    return res;
}

/* ---- libmicrohttpd callbacks ------------------------------------------------- */

static void *on_uri(void *cls, const char *uri, struct MHD_Connection *c)
{
    (void)c;
    web_server *s = cls;
    req *q = calloc(1, sizeof *q);
    if (q)
        q->urilen = strlen(uri);
    atomic_fetch_add(&s->inflight, 1);
    return q;
}

/* Request line and headers together, as the client sent them. */
static enum MHD_Result add_header_size(void *cls, enum MHD_ValueKind kind,
                                       const char *key, const char *value)
{
    (void)kind;
    size_t *n = cls;
    *n += strlen(key) + (value ? strlen(value) : 0) + 4;
    return MHD_YES;
}

#define TOO_BIG N_("the body is larger than 64 KiB")

/* What the gate refuses, for the requests it does not see: a pipelined
 * one (libmicrohttpd has read it with the one before) and all under TLS.
 * sh_serve_http's pipelined 414 fails without it. 0, or the status with
 * its reason in *why. */
static int early_status(struct MHD_Connection *c, const char *method, req *q,
                        const char **why)
{
    if (q->urilen > WEB_MAX_URL)
        return *why = N_("the URL is longer than 8 KiB"), 414;
    size_t hsize = q->urilen;
    MHD_get_connection_values(c, MHD_HEADER_KIND, add_header_size, &hsize);
    if (hsize > WEB_MAX_HEADERS)
        return *why = N_("the request's headers are too large (16 KiB at "
                         "most)"), 431;
    if (strcmp(method, "GET") && strcmp(method, "HEAD") &&
        strcmp(method, "POST"))
        return *why = N_("this server takes GET, HEAD and POST"), 405;
    /* A chunked body is refused before libmicrohttpd parses its framing
     * (a bad one would get its HTML answer); fetch() sends a length. */
    if (MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Transfer-Encoding"))
        return *why = N_("send the body with a Content-Length, not chunked"),
               411;
    const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                 "Content-Length");
    if (cl) {
        char *end;
        errno = 0;
        unsigned long long n = strtoull(cl, &end, 10);
        if (errno || end == cl || n > WEB_MAX_BODY)
            return *why = TOO_BIG, 413;
    }
    return 0;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c,
                                  const char *url, const char *method,
                                  const char *version, const char *upload,
                                  size_t *upload_size, void **con_cls)
{
    web_server *s = cls;
    req *q = *con_cls;
    if (!q)
        return MHD_NO; /* out of memory at the request line */
    bool post = !strcmp(method, "POST");
    if (!q->seen) { /* first call: the headers are in */
        q->seen = true;
        /* When libmicrohttpd keeps the connection: 1.1 unless closed, 1.0
         * when asked (it answers "Connection: Keep-Alive"). */
        const char *conn_hdr = MHD_lookup_connection_value(
            c, MHD_HEADER_KIND, "Connection");
        q->keep = !has_token(conn_hdr, "close") &&
                  (!strcmp(version, MHD_HTTP_VERSION_1_1) ||
                   has_token(conn_hdr, "keep-alive"));
        const char *why = NULL;
        q->early = early_status(c, method, q, &why);
        if (q->early) {
            logf_(s, "%d %.80s", q->early, url);
            return send_error(c, q->early, why);
        }
        /* Answer on a later call, once the (maybe empty) body is in: a
         * response queued with the headers makes libmicrohttpd close the
         * connection after it (no keep-alive). */
        return MHD_YES;
    }
    if (q->heavy && !atomic_load(&q->heavy_done))
        return MHD_YES;
    if (q->heavy) { /* its answer, the queue's thread having filled it */
        q->heavy = false;
        return send_reply(c, &q->heavy_reply);
    }
    if (q->early || q->too_big) {
        *upload_size = 0; /* answered already; the rest is dropped */
        return MHD_YES;
    }
    if (*upload_size) {
        mu_error err;
        if (q->body.len + *upload_size > WEB_MAX_BODY) {
            *upload_size = 0;
            q->too_big = true;
            return send_error(c, 413, TOO_BIG);
        }
        if (mu_buf_write(&q->body, upload, *upload_size, &err) != MU_OK)
            return MHD_NO;
        *upload_size = 0;
        return MHD_YES;
    }
    return route_request(s, c, url, post, q);
}

/* After an answer on a kept-alive connection that came through the gate:
 * the gate takes the connection back, so that the next request's head is
 * read there too. libmicrohttpd cannot let go of a socket, so it keeps its
 * descriptor number, which from now on names `dead` (a socket at its
 * end: libmicrohttpd reads its end, closes it and forgets the connection
 * without a byte sent); the TCP connection lives on under a new number.
 * Only when libmicrohttpd has read this request and nothing more (bytes
 * read = what the gate saw): a client that pipelined its next request
 * stays with libmicrohttpd (its idle timeout and per-address limit hold
 * it). In the connection's own worker, so nothing else reads or writes it
 * meanwhile. */
static bool take_back(web_server *s, struct MHD_Connection *c, conn *k,
                      uint64_t consumed)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (consumed != k->req.base + k->req.length || !ci)
        return false;
    bool took = false;
    pthread_rwlock_rdlock(&s->glock);
    int fd = s->gate ? fcntl(k->fd, F_DUPFD_CLOEXEC, 0) : -1;
    if (fd >= 0 && dup3(s->dead, k->fd, O_CLOEXEC) < 0)
        close(fd);
    else if (fd >= 0)
        took = true;
    if (took)
        web_gate_take(s->gate, fd, ci->client_addr,
                      web_sa_len(ci->client_addr), consumed);
    pthread_rwlock_unlock(&s->glock);
    return took;
}

/* The bytes of those received on a TCP socket that were read (by anyone).
 * Read as the queue's length, the count received, the queue's length again
 * until the two lengths agree: the kernel may add a packet waiting in the
 * socket's backlog between two calls, and a count and a length from either
 * side of it would not match. */
static bool bytes_read(int fd, uint64_t *consumed)
{
    for (int i = 0; i < 4; i++) {
        int a = 0, b = 0;
        struct tcp_info ti;
        socklen_t tl = sizeof ti;
        if (ioctl(fd, SIOCINQ, &a) != 0 ||
            getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &tl) != 0 ||
            ioctl(fd, SIOCINQ, &b) != 0)
            return false;
        uint64_t got = ti.tcpi_bytes_received;
        if (a == b && a >= 0 && got >= (uint64_t)a) {
            *consumed = got - (uint64_t)a;
            return true;
        }
    }
    return false;
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    web_server *s = cls;
    req *q = *con_cls;
    bool keep = q && q->keep && !q->early && !q->too_big &&
                toe == MHD_REQUEST_TERMINATED_COMPLETED_OK;
    if (q) {
        mu_buf_free(&q->body);
        free(q);
        *con_cls = NULL;
    }
    atomic_fetch_sub(&s->inflight, 1);
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    if (!ci || !ci->socket_context)
        return;
    conn *k = ci->socket_context;
    uint64_t consumed;
    if (keep && k->req.length && bytes_read(k->fd, &consumed))
        take_back(s, c, k, consumed);
    k->req.length = 0;
}

/* What the gate saw of the connection fd (into *q, unless NULL), taken
 * from s->hand; *q unchanged when there is none. */
static void take_hand(web_server *s, int fd, web_gate_req *q)
{
    pthread_mutex_lock(&s->hlock);
    if (fd >= 0 && (size_t)fd < s->nhand && s->hand[fd].length) {
        if (q)
            *q = s->hand[fd];
        s->hand[fd].length = 0;
        atomic_fetch_sub(&s->handing, 1);
    }
    pthread_mutex_unlock(&s->hlock);
}

static void on_connection(void *cls, struct MHD_Connection *c, void **sc,
                          enum MHD_ConnectionNotificationCode toe)
{
    web_server *s = cls;
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        conn *k = ci ? calloc(1, sizeof *k) : NULL;
        if (!k)
            return;
        k->fd = ci->connect_fd;
        take_hand(s, k->fd, &k->req);
        *sc = k;
    } else if (*sc) {
        conn *k = *sc;
        if (k->streaming && s->events)
            web_events_forget(s->events, c);
        free(k);
        *sc = NULL;
    }
}

static void *tick(void *arg)
{
    web_server *s = arg;
    while (!atomic_load(&s->stopping)) {
        struct timespec ts = {1, 0};
        nanosleep(&ts, NULL);
        links_reload(s);
        if (s->events)
            poll_streams(s, true);
    }
    return NULL;
}

/* '+' is a space in a query string (HTML forms, URLSearchParams); %XX a
 * byte (libmicrohttpd's own unescaping, which leaves a bad escape as it
 * is). */
static size_t unescape(void *cls, struct MHD_Connection *c, char *str)
{
    (void)cls;
    (void)c;
    for (char *p = strchr(str, '+'); p; p = strchr(p + 1, '+'))
        *p = ' ';
    return MHD_http_unescape(str);
}

static void mhd_log(void *cls, const char *fmt, va_list ap)
{
    web_server *s = cls;
    if (!s->cfg.log)
        return;
    fputs("libmicrohttpd: ", s->cfg.log);
    vfprintf(s->cfg.log, fmt, ap);
    fflush(s->cfg.log);
}

/* ---- the server --------------------------------------------------------------- */

static unsigned processors(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (unsigned)n;
}

mu_status web_server_new(const web_config *cfg, web_server **out,
                         mu_error *err)
{
    if (sodium_init() < 0) {
        err->code = MU_EINTERNAL;
        snprintf(err->msg, sizeof err->msg, "libsodium failed to start");
        return MU_EINTERNAL;
    }
    web_server *s = calloc(1, sizeof *s);
    if (!s)
        return mu_error_set(err, MU_ENOMEM, MU_R_NONE, "out of memory");
    mu_status st = cli_shared_load(&s->shared, err);
    if (st != MU_OK) {
        free(s);
        return st;
    }
    s->cfg = *cfg;
    if (!s->cfg.threads)
        s->cfg.threads = processors();
    if (!s->cfg.timeout)
        s->cfg.timeout = 15;
    pthread_mutex_init(&s->hlock, NULL);
    pthread_rwlock_init(&s->glock, NULL);
    pthread_mutex_init(&s->tlock, NULL);
    pthread_mutex_init(&s->wlock, NULL);
    pthread_mutex_init(&s->rlock, NULL);

    if (cfg->campaign)
        s->events = web_events_new(cfg->campaign);
    s->dead = -1;
    if (cfg->campaign &&
        (st = links_get(s, MU_LINK_MAKE, s->token, err)) != MU_OK) {
        web_server_free(s);
        return st;
    }
    *out = s;
    return MU_OK;
}

/* Under TLS libmicrohttpd listens on `listen_fd` itself (-1: the gate
 * does, and hands it each connection). */
static mu_status start(web_server *s, unsigned flags, int listen_fd,
                       mu_error *err)
{
    unsigned timeout = s->cfg.timeout * 4; /* idle keep-alive connections */
    struct MHD_OptionItem tls[] = {
        {MHD_OPTION_LISTEN_SOCKET, listen_fd, NULL},
        {MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)s->cfg.tls_cert},
        {MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)s->cfg.tls_key},
        {MHD_OPTION_END, 0, NULL}};
    if (listen_fd < 0)
        tls[0].option = MHD_OPTION_END;
    s->d = MHD_start_daemon(
        flags, 0, NULL, NULL, on_request, s,
        MHD_OPTION_EXTERNAL_LOGGER, mhd_log, s,
        MHD_OPTION_URI_LOG_CALLBACK, on_uri, s,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
        MHD_OPTION_NOTIFY_CONNECTION, on_connection, s,
        MHD_OPTION_UNESCAPE_CALLBACK, unescape, s,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(WEB_MAX_HEADERS * 2),
        MHD_OPTION_CONNECTION_TIMEOUT, timeout,
        MHD_OPTION_CONNECTION_LIMIT, WEB_MAX_CONNECTIONS,
        /* what libmicrohttpd holds (streams, requests answered, all under
         * TLS): one address a third, as the gate counts those it holds */
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, WEB_MAX_CONNECTIONS / 3,
        MHD_OPTION_ARRAY, tls,
        (flags & MHD_USE_INTERNAL_POLLING_THREAD) ? MHD_OPTION_THREAD_POOL_SIZE
                                                  : MHD_OPTION_END,
        s->cfg.threads, MHD_OPTION_END);
    if (!s->d)
        return mu_error_set(err, MU_EIO, MU_R_NONE,
                            "cannot start the server: %s",
                            errno ? strerror(errno) : "libmicrohttpd refused");
    return MU_OK;
}

/* The listening socket (as libmicrohttpd would make it: address reuse,
 * IPv6 only on an IPv6 address); its port in *port. */
static int listen_on(const struct sockaddr *addr, unsigned *port)
{
    bool v6 = addr->sa_family == AF_INET6;
    int fd = socket(addr->sa_family, SOCK_STREAM | SOCK_NONBLOCK |
                    SOCK_CLOEXEC, 0), one = 1;
    /* the gate leaves a request in the socket until it is whole: room for
     * the largest (inherited by each connection) */
    int room = 2 * (WEB_MAX_HEADERS + WEB_MAX_BODY);
    if (fd < 0)
        return -1;
    struct sockaddr_storage got;
    socklen_t glen = sizeof got;
    if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &room, sizeof room) != 0 ||
        (v6 && setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one,
                          sizeof one) != 0) ||
        bind(fd, addr, web_sa_len(addr)) != 0 || listen(fd, 1024) != 0 ||
        getsockname(fd, (struct sockaddr *)&got, &glen) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    *port = ntohs(v6 ? ((struct sockaddr_in6 *)&got)->sin6_port
                     : ((struct sockaddr_in *)&got)->sin_port);
    return fd;
}

/* From the gate: a connection whose request is whole. What the gate saw
 * waits in s->hand for on_connection. */
static void pass(void *ud, int fd, const struct sockaddr *peer,
                 unsigned peerlen, const web_gate_req *q)
{
    web_server *s = ud;
    pthread_mutex_lock(&s->hlock);
    if ((size_t)fd >= s->nhand) {
        size_t n = 2 * (size_t)fd + 64;
        web_gate_req *h = realloc(s->hand, n * sizeof *h);
        if (h) {
            memset(h + s->nhand, 0, (n - s->nhand) * sizeof *h);
            s->hand = h;
            s->nhand = n;
        }
    }
    bool kept = (size_t)fd < s->nhand;
    if (kept) {
        if (!s->hand[fd].length)
            atomic_fetch_add(&s->handing, 1);
        s->hand[fd] = *q;
    }
    pthread_mutex_unlock(&s->hlock);
    /* it closes fd if it fails (and the gate's thread, the only one to
     * pass, cannot have reused the number meanwhile) */
    if (MHD_add_connection(s->d, fd, peer, peerlen) != MHD_YES && kept)
        take_hand(s, fd, NULL);
}

mu_status web_server_listen(web_server *s, const struct sockaddr *addr,
                            unsigned *port, mu_error *err)
{
    /* poll(), not epoll: libmicrohttpd 0.9.75's epoll loop, handed exactly
     * 128 ready connections (its batch), calls epoll_wait again with the
     * blocking timeout and sleeps on requests it has not served yet (256
     * keep-alive clients on two threads stalled for the connection
     * timeout). The gate holds idle connections, so each worker polls
     * only connections in use. */
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL |
                     MHD_USE_ITC | MHD_USE_ERROR_LOG |
                     MHD_ALLOW_SUSPEND_RESUME |
                     MHD_USE_NO_LISTEN_SOCKET;
    int sv[2];
    if (s->dead < 0) {
        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
            return mu_error_set(err, MU_EIO, MU_R_NONE, "%s", strerror(errno));
        close(sv[1]); /* reading sv[0] says: the end */
        s->dead = sv[0];
    }
    int fd = listen_on(addr, port);
    if (fd < 0)
        return mu_error_set(err, MU_EIO, MU_R_NONE, "%s", strerror(errno));
    errno = 0;
    /* The gate reads a request's head before libmicrohttpd (MSG_PEEK), which
     * it cannot under TLS: there libmicrohttpd takes the connections, and
     * its own limits (per address too) and idle timeout hold them; its
     * refusals are its HTML. */
    bool tls = s->cfg.tls_cert && s->cfg.tls_key;
    if (tls)
        flags = (flags & ~(unsigned)MHD_USE_NO_LISTEN_SOCKET) | MHD_USE_TLS;
    mu_status st = start(s, flags, tls ? fd : -1, err);
    if (tls && st == MU_OK)
        fd = -1; /* libmicrohttpd's now */
    web_gate_cfg g = {fd, s->cfg.timeout, pass, s, s->cfg.log};
    if (st == MU_OK && !tls &&
        (st = web_gate_start(&g, &s->gate, err)) != MU_OK) {
        MHD_stop_daemon(s->d);
        s->d = NULL;
    }
    if (st != MU_OK) {
        if (fd >= 0)
            close(fd);
        return st;
    }
    if (pthread_create(&s->ticker, NULL, tick, s) == 0)
        s->ticking = true;
    /* the light calls keep libmicrohttpd's workers; one thread fewer for
     * the heavy ones, so that a light call finds a processor */
    s->heavy = web_heavy_new(s->cfg.threads > 1 ? s->cfg.threads - 1 : 1);
    return MU_OK;
}

/* Whether a request has begun and not ended: in the gate (which holds it
 * until it is whole), passed on, or in the handler. */
static bool requests_begun(web_server *s)
{
    return web_gate_busy(s->gate) > 0 || atomic_load(&s->inflight) > 0 ||
           atomic_load(&s->handing) > 0;
}

void web_server_stop(web_server *s, unsigned grace_ms)
{
    if (!s || !s->d)
        return;
    if (s->events)
        web_events_close_all(s->events); /* streams end; none is suspended */
    web_gate_shut(s->gate); /* no new connections; idle ones closed */
    for (unsigned t = 0; t < grace_ms && (t == 0 || requests_begun(s));
         t += 10) {
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    pthread_rwlock_wrlock(&s->glock); /* no more taken back (take_back) */
    web_gate *g = s->gate;
    s->gate = NULL;
    pthread_rwlock_unlock(&s->glock);
    web_gate_stop(g);
    web_heavy_free(s->heavy); /* its calls answered: none stays suspended */
    s->heavy = NULL;
    MHD_stop_daemon(s->d);
    s->d = NULL;
    atomic_store(&s->stopping, true);
    if (s->ticking)
        pthread_join(s->ticker, NULL);
    s->ticking = false;
}

void web_server_free(web_server *s)
{
    if (!s)
        return;
    web_server_stop(s, 0);
    free(s->hand);
    if (s->dead >= 0)
        close(s->dead);
    pthread_mutex_destroy(&s->hlock);
    pthread_rwlock_destroy(&s->glock);
    pthread_mutex_destroy(&s->tlock);
    pthread_mutex_destroy(&s->wlock);
    pthread_mutex_destroy(&s->rlock);

    web_events_free(s->events);
    cli_shared_free(&s->shared);
    sodium_memzero(s->token, sizeof s->token);
    free(s);
}

/* ---- without sockets to listen on: the fuzz target ---------------------- */

mu_status web_server_start_external(web_server *s, mu_error *err)
{
    return start(s, MHD_USE_NO_LISTEN_SOCKET, -1, err);
}

/* What the gate does with the bytes, all arrived: a refusal (true, the
 * answer in *out), or let them through (false; nothing when incomplete). */
static bool feed_gate(const uint8_t *data, size_t len, char **out,
                      size_t *outlen, bool *pass)
{
    const char *why = NULL;
    size_t seen = len < WEB_MAX_HEADERS + 2 ? len : WEB_MAX_HEADERS + 2;
    int st = web_gate_check((const char *)data, seen, &why, NULL);
    *pass = st == 0;
    if (st <= 0)
        return false;
    char buf[1024];
    size_t n = web_gate_answer(st, why, buf, sizeof buf);
    if (out) {
        *out = strdup(buf); /* n bytes, NUL-terminated */
        *outlen = *out ? n : 0;
    }
    return true;
}

mu_status web_server_feed(web_server *s, const uint8_t *data, size_t len,
                          char **out, size_t *outlen)
{
    bool through = false;
    if (out) {
        *out = NULL;
        *outlen = 0;
    }
    if (feed_gate(data, len, out, outlen, &through) || !through)
        return MU_OK; /* refused, or closed at the end of a partial head */
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv) < 0)
        return MU_EIO;
    struct sockaddr_in peer = {.sin_family = AF_INET,
                               .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    if (MHD_add_connection(s->d, sv[0], (struct sockaddr *)&peer,
                           sizeof peer) != MHD_YES) {
        close(sv[1]);
        return MU_EIO;
    }
    size_t sent = 0;
    mu_buf got = {0};
    mu_error err;
    int quiet = 0;
    for (int round = 0; round < 200 && quiet < 4; round++) {
        if (sent < len) {
            ssize_t w = write(sv[1], data + sent, len - sent);
            if (w > 0)
                sent += (size_t)w;
            if (sent == len)
                shutdown(sv[1], SHUT_WR);
        } else if (len == 0) {
            shutdown(sv[1], SHUT_WR);
        }
        MHD_run(s->d);
        char tmp[4096];
        ssize_t r = read(sv[1], tmp, sizeof tmp);
        if (r > 0 && out && mu_buf_write(&got, tmp, (size_t)r, &err) != MU_OK)
            break;
        if (r == 0)
            break; /* the server closed */
        quiet = r > 0 ? 0 : quiet + (sent == len);
    }
    close(sv[1]);
    for (int i = 0; i < 8; i++)
        MHD_run(s->d);
    if (out) {
        *out = got.p;
        *outlen = got.len;
    }
    return MU_OK;
}
