/* SPDX-License-Identifier: MIT */
/* web.h -- `muster serve`: the HTTP front end (private to web/ and cli/).
 *
 * Three layers, each usable without the one above it:
 *   api.c    a command path and {option: value} pairs -> what the CLI prints
 *            with --format json, or a JSON error with an HTTP status;
 *   http.c   one HTTP request (method, URL, headers, body) -> a response:
 *            routing, limits, tokens and viewers, CSRF, the embedded page;
 *            it sits on libmicrohttpd (internal thread pool, poll);
 *   gate.c   in front of libmicrohttpd: accepts connections and holds each
 *            until a request is whole, the first and every later one (a
 *            kept-alive connection comes back to it after each answer),
 *            refusing what libmicrohttpd would refuse with HTML (JSON
 *            here) and what trickles in;
 *   serve.c  the `muster serve` command: options, addresses, links and QR
 *            codes, signals and a clean stop.
 * The fuzz target (fuzz/fuzz_http.c) feeds raw bytes to http.c through a
 * libmicrohttpd daemon without a listening socket. */
#ifndef MUSTER_WEB_H
#define MUSTER_WEB_H

#include "json_body.h" /* web_arg */
#include "muster.h"

#include <stdio.h>

/* Limits of a request (the figures). */
#define WEB_MAX_URL 8192          /* bytes of the request target: else 414 */
#define WEB_MAX_BODY 65536        /* bytes of a POST body: else 413 */
#define WEB_MAX_HEADERS 16384     /* bytes of request line + headers: 431 */
#define WEB_MAX_ARGS 64           /* options in one request */
#define WEB_MAX_FIELDS 100        /* header lines and cookies: else 431 (each
                                     takes libmicrohttpd's memory too) */
#define WEB_MAX_CONNECTIONS 4000u /* connections held at once, by the gate
                                     (then 503) and by libmicrohttpd */
#define WEB_MAX_COUNT 1000        /* divisions from one `division` call */
#define WEB_MAX_TRIALS 1000000    /* trials of one `sim` call */
#define WEB_SIM_SECONDS 2         /* processor seconds of one `sim` call, on
                                     one thread */
#define WEB_HEAVY_MAX 8           /* heavy calls (CLI_HEAVY) queued or running;
                                     more: 503 */
#define WEB_HEAVY_PER_CLIENT 2    /* of them, one client's */
#define WEB_LINK_RATE 100         /* a link's reads a second, sustained */
#define WEB_LINK_BURST 400        /* and at once: more get 429 */
#define WEB_HEARTBEAT_S 4         /* seconds between a stream's heartbeats */
#define WEB_STREAM_DEAD_MS 9000   /* a stream's bytes unacknowledged this long:
                                     its client is gone (a heartbeat, this,
                                     a tick: 14 s at most) */

/* Who holds a link is a mu_side: MU_SIDE_NONE the umpire, who sees all; a
 * side sees what its player may; MU_SIDE_UNSAID no valid token. Its name:
 * "umpire", "union", "confederate" or "nobody". */
const char *web_side_name(mu_side v);

/* ---- api.c: commands ------------------------------------------------------ */

/* A call of a command: path is what follows /api/ ("fire", "odds/fire",
 * "campaign/casualties"). */
typedef struct web_call {
    const char *path;
    const web_arg *args;
    size_t nargs;
    bool post;            /* a change: only through POST */
    mu_side viewer;    /* decided by the token */
    const char *campaign; /* the served campaign file, or NULL */
    const struct cli_shared *shared; /* built-in rules loaded once, or NULL */
    /* a keyed change (Idempotency-Key): the key and the digest of the path
     * and body, 64 hex digits; NULL: none */
    const char *request_key, *request_what;
    /* the players' labels file (serve --labels), given to campaign show so
     * that each brigade has its status; NULL: none */
    const char *labels;
    /* GET /plot/<kind>?...: path names a chart ("curves", "figure" with
     * number=N, "odds/fire"), answered with the SVG that `muster plot
     * <kind> ... --out F.svg` writes */
    bool plot;
} web_call;

/* A response: status, content type (static) and a malloc'd body. */
/* X-Muster-Events: the ids of the events a write recorded, as its call
 * wrote them (mu_campaign_appended), runs "N" or "N-M" joined by ',' */
#define WEB_EVENTS_MAX 360

typedef struct web_reply {
    int status;
    const char *type;
    char *body;
    size_t len;
    char events[WEB_EVENTS_MAX]; /* X-Muster-Events: what the call recorded */
    mu_reason reason; /* a command's refusal: the library's reason */
    unsigned retry_after; /* seconds for Retry-After (0: none) */
} web_reply;

/* Runs a call. Always fills *r (status 200 with the command's JSON or the
 * chart, or an error status with {"error":"..."}); r->body is malloc'd
 * (NULL only when out of memory, then status 500). */
void web_api(const web_call *c, web_reply *r);

/* The option whose value is the whole body of a POST to /api/PATH (the
 * command table's CLI_BODY: an order of battle as CSV or JSON), or NULL
 * when the body is a JSON object of options. */
const char *web_api_body_option(const char *path);

/* Sets r to status and {"error": msg}. */
void web_error(web_reply *r, int status, const char *msg);

/* Gives the command table's `serve` its run function (serve.c): a face
 * that serves calls it once at start, before any command runs. */
void web_install(void);

/* ---- idem.c: idempotent writes ------------------------------------------ */

/* What a keyed write asks: SHA-256 of its path and body, in hex. */
void web_idem_what(const char *path, const char *body, size_t len,
                   char hex[65]);
/* The answer *r to viewer's keyed write `key`, kept in the campaign file
 * with the change (mu_campaign_request_answer_set); a failure to keep it is
 * logged by the caller, the change stands. */
bool web_idem_keep(const char *campaign, mu_side viewer, const char *key,
                   const web_reply *r);
/* *r becomes the first answer to viewer's key, recorded before
 * (MU_R_REQUEST_DONE); false: it could not be read (r unchanged). */
bool web_idem_first(const char *campaign, mu_side viewer, const char *key,
                    web_reply *r);

/* ---- heavy.c: calls that can run long, apart ------------------------------- */

/* Whether the call at /api/PATH (plot: at /plot/PATH) can run long: its
 * command is CLI_HEAVY (api.c). */
bool web_api_heavy(const char *path, bool plot);

typedef struct web_heavy web_heavy;
typedef enum web_heavy_answer {
    WEB_HEAVY_QUEUED, /* it runs; done(ctx) is called when *out is filled */
    WEB_HEAVY_SHARE,  /* this client has its share queued already */
    WEB_HEAVY_FULL    /* the queue is full (or stopping) */
} web_heavy_answer;

/* `threads` threads run the calls queued, in order; at most WEB_HEAVY_MAX
 * are held (queued or running), WEB_HEAVY_PER_CLIENT of them for one
 * client. NULL when no thread starts. */
web_heavy *web_heavy_new(unsigned threads);
/* Queues web_api(call, out) for `client` (its address); call->args are
 * copied, the strings they point to must live until done(ctx). done runs
 * on the queue's thread. */
web_heavy_answer web_heavy_submit(web_heavy *h, const char *client,
                                  const web_call *call, web_reply *out,
                                  void (*done)(void *), void *ctx);
/* Runs what is queued, then stops its threads and frees it. NULL: none. */
void web_heavy_free(web_heavy *h);

/* ---- events.c: the live stream ------------------------------------------ */

#define WEB_STREAM_MAX 65536 /* bytes a stream may have unread: then dropped */
#define WEB_STREAM_SNDBUF 16384 /* a stream socket's SO_SNDBUF */
/* Streams one link may hold open (a player's phone, tablet and laptop,
 * each with a tab or two): one more closes the link's oldest. */
#define WEB_STREAMS_PER_LINK 8
typedef struct web_events web_events;
struct MHD_Connection;
struct MHD_Response;
web_events *web_events_new(const char *campaign);
void web_events_free(web_events *h); /* after every stream is released */
/* A stream for a viewer from event `last` (-1: from now): the response to
 * queue (NULL when out of memory). */
struct MHD_Response *web_events_open(web_events *h, struct MHD_Connection *c,
                                     mu_side viewer, int64_t last);
/* Looks for new events and gives them to every stream; `tick` once a
 * second (a comment every WEB_HEARTBEAT_S keeps idle streams open).
 * Returns how many streams were dropped, their clients having stopped
 * reading, since it last returned. */
size_t web_events_poll(web_events *h, bool tick);
/* libmicrohttpd is closing c: its stream writes no more. */
void web_events_forget(web_events *h, struct MHD_Connection *c);
/* Ends every stream (the server is stopping). */
void web_events_close_all(web_events *h);
/* The streams open; those dropped so far (a client that stopped reading). */
void web_events_stats(web_events *h, size_t *open, size_t *dropped);

/* ---- http.c: the server --------------------------------------------------- */

typedef struct web_server web_server;

typedef struct web_config {
    const char *campaign;     /* NULL: no campaign, no tokens */
    unsigned threads;         /* libmicrohttpd's pool (0: one a processor) */
    unsigned timeout;         /* seconds for a request to arrive (0: 15) */
    FILE *log;                /* one line per refused request, or NULL */
    const char *site;         /* the page's static folder, served at / */
    /* HTTPS: the certificate (chain) and its private key, PEM text, both or
     * neither; lent, kept until the server is freed. With them the server
     * speaks only TLS (libmicrohttpd's, through GnuTLS), because phones
     * install the page and keep it offline only from a secure origin. */
    const char *tls_cert, *tls_key;
    const char *labels; /* the players' labels file, or NULL */
} web_config;

/* The offline app's folder (muster-site/) beside this program or where it
 * is installed, written into buf; NULL when there is none (site.c). */
const char *web_site_find(char *buf, size_t n);
/* A file of that folder by its plain name ("" is index.html): *body
 * (malloc'd) and its content type; false when there is no such file. With
 * `gzip` (the browser accepts it), its gzipped copy where the build made
 * one, *gzipped then true. */
bool web_site_file(const char *dir, const char *name, bool gzip,
                   char **body, size_t *len, const char **type,
                   bool *gzipped);

/* A file of the page embedded in the program. The build writes the table
 * of the page's languages (web_langs.c, from po/): /langs.js, the list,
 * and /lang-LL.mo, each language's catalogue. */
typedef struct web_asset {
    const char *url, *type;
    const char *data;
    const size_t *len;
} web_asset;
extern const web_asset web_lang_assets[];
extern const size_t web_lang_assets_n;

/* Makes a server: tokens are drawn for a campaign. */
mu_status web_server_new(const web_config *cfg, web_server **out,
                         mu_error *err);
void web_server_free(web_server *s);
/* The token of a viewer's link (32 hex digits), or NULL when that viewer has
 * none (no campaign). */
const char *web_server_token(const web_server *s, mu_side v);

/* Listens on addr (sockaddr of its family): the gate (gate.c) holds each
 * request until it is whole, libmicrohttpd's thread pool (poll) answers
 * it. *port gets the port bound (useful with port 0). */
struct sockaddr;
mu_status web_server_listen(web_server *s, const struct sockaddr *addr,
                            unsigned *port, mu_error *err);
/* The hosts a request's Host may name (DNS rebinding): those the server
 * printed, and this computer's own (127.0.0.1, [::1], localhost). Until
 * it is called, any. */
#define WEB_MAX_HOSTS 16
struct web_host;
void web_server_hosts(web_server *s, const struct web_host *h, size_t n);
/* Stops taking connections, lets requests in flight finish (at most
 * `grace_ms`), then stops the daemon. */
void web_server_stop(web_server *s, unsigned grace_ms);

/* For the fuzz target: a daemon without a listening socket or threads;
 * web_server_feed() runs one connection over a socket pair, sending `data`
 * and reading the answer into out (which may be NULL). */
mu_status web_server_start_external(web_server *s, mu_error *err);
mu_status web_server_feed(web_server *s, const uint8_t *data, size_t len,
                          char **out, size_t *outlen);

/* ---- gate.c: every request's head, before libmicrohttpd ---------------- */

/* What the first bytes of a request say: -1 the head (request line and
 * headers) is not complete yet; 0 it is whole and sound, *length then
 * holding the request's bytes (head and Content-Length body; length may be
 * NULL); else the HTTP status to refuse it with (414, 431, 400, 505, 411,
 * 413), *why saying why. */
int web_gate_check(const char *buf, size_t len, const char **why,
                   uint64_t *length);
/* The whole HTTP answer refusing a request with status and a JSON body
 * {"error": why}, the connection closing; its length (< n). */
size_t web_gate_answer(int status, const char *why, char *out, size_t n);

/* A request the gate lets through, for taking the connection back after
 * it (web_gate_take). */
typedef struct web_gate_req {
    uint64_t base;    /* bytes read from the connection before it */
    uint64_t length;  /* its bytes: head and Content-Length body */
} web_gate_req;

typedef struct web_gate web_gate;
typedef struct web_gate_cfg {
    int listen_fd;    /* listening and non-blocking; the gate closes it */
    unsigned timeout; /* seconds a request may take once begun (then 408);
                         a connection may stay silent four times as long */
    /* Takes a connection whose head arrived whole (the bytes are still in
     * the socket); owns fd from then on. */
    void (*pass)(void *ud, int fd, const struct sockaddr *peer,
                 unsigned peerlen, const web_gate_req *req);
    void *ud;
    FILE *log; /* one line per refusal, or NULL */
} web_gate_cfg;

/* Starts the gate's thread on cfg->listen_fd. */
mu_status web_gate_start(const web_gate_cfg *cfg, web_gate **out,
                         mu_error *err);
/* Takes back a kept-alive connection whose request was answered, `base`
 * bytes read from it so far: its next request's head waits here like a
 * first one. Owns fd (closes it when shut or out of room). Any thread. */
void web_gate_take(web_gate *g, int fd, const struct sockaddr *peer,
                   unsigned peerlen, uint64_t base);
/* Stops taking connections and closes those that have sent nothing; the
 * others may finish their heads. Returns once the gate's thread has done
 * so (a second at most). */
void web_gate_shut(web_gate *g);
/* How many connections are sending a request. */
size_t web_gate_busy(web_gate *g);
/* Stops the thread and closes every connection still waiting; NULL: no-op. */
void web_gate_stop(web_gate *g);
/* Milliseconds on the monotonic clock: the gate's deadlines, the links'
 * budgets. */
int64_t web_now_ms(void);

/* ---- addr.c: addresses and links ------------------------------------- */

struct ifaddrs;
/* A numeric host a URL can name (brackets added for IPv6 by web_url). */
typedef struct web_host {
    char text[46]; /* INET6_ADDRSTRLEN */
    bool v6;
} web_host;

/* The length of an IPv4 or IPv6 address a. */
unsigned web_sa_len(const struct sockaddr *a);
bool web_addr_is_wildcard(const struct sockaddr *a);
bool web_addr_is_loopback(const struct sockaddr *a);
/* The hosts a phone can open for a server bound to `bound`: that address
 * when it is one; for a wildcard, every address in `ifs` of an interface
 * that is up and not loopback (IPv4 first, then IPv6 when bound to ::,
 * never link-local), in the list's order. Returns how many (0: the machine
 * has no network address). At most max. */
size_t web_hosts(const struct sockaddr *bound, const struct ifaddrs *ifs,
                 web_host *out, size_t max);
/* "http://HOST:PORT/" and "#t=TOKEN" when token is not NULL. */
void web_url(char *buf, size_t n, const web_host *h, unsigned port,
             const char *token, bool https);

typedef struct web_link {
    const char *who;   /* "umpire", "union"... */
    const char *token; /* 32 hex digits */
} web_link;

/* What `muster serve` prints when it is listening. */
typedef struct web_links {
    const web_host *hosts; /* from web_hosts */
    size_t nhosts;
    bool loopback;         /* bound to a loopback address: this machine only */
    unsigned port;
    const char *campaign;  /* the campaign file, or NULL */
    const web_link *links; /* the links of a campaign (nlinks of them) */
    size_t nlinks;
    bool qr;               /* a QR code of each link's first address */
    bool https;            /* the server speaks TLS: https:// links */
} web_links;

/* Prints what serve prints on starting: the addresses (and links) to open,
 * or says plainly that no phone can reach the machine (no network address,
 * or bound to loopback). */
void web_links_print(FILE *f, const web_links *l);
/* The links alone, at each address, and the same warnings. */
void web_links_list(FILE *f, const web_links *l);

/* ---- serve.c -------------------------------------------------------------- */
/* web_install (above) gives the table's `serve` (cmd/cmd_serve.c) its run
 * function, and `campaign links` its own (links.c): */
void web_install_links(void);

#endif
