/* serve.c -- `muster serve`: the page and the JSON API on the local
 * network, with a link (and a QR code) for each player. */
#include "web.h"

#include "cli.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <net/if.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

static const cli_opt serve_opts[] = {
    {.name = "port", .type = ARG_NUM, .lo = 0, .hi = 65535, .metavar = "N",
     .help = "TCP port (default 8080; 0 picks a free one)"},
    {.name = "listen", .type = ARG_TEXT, .metavar = "ADDR",
     .help = "address to listen on (default 127.0.0.1; 0.0.0.0 for every "
             "IPv4 address, :: for IPv6)"},
    {.name = "campaign", .type = ARG_FILE, .metavar = "FILE",
     .help = "serve this campaign ledger, with a link for each player"},
    {.name = "threads", .type = ARG_NUM, .lo = 1, .hi = 64, .metavar = "N",
     .help = "worker threads (default: one per processor)"},
    {.name = "timeout", .type = ARG_NUM, .lo = 1, .hi = 3600, .metavar = "S",
     .help = "seconds a request may take to arrive once begun (default 15); "
             "idle connections are closed after 4 times that"},
    {.name = "no-qr", .type = ARG_FLAG,
     .help = "print the links without QR codes"},
    {0}};

typedef struct serve_args {
    long port, threads, timeout;
    const char *listen, *campaign;
    bool qr;
} serve_args;

/* The URL of host (numeric) and port, with brackets for IPv6. */
static void url_of(char *buf, size_t n, const char *host, unsigned port,
                   bool v6)
{
    snprintf(buf, n, v6 ? "http://[%s]:%u/" : "http://%s:%u/", host, port);
}

/* The addresses a phone could use: the one bound, or with a wildcard every
 * address of the machine's interfaces that are up (loopback last). */
static size_t addresses(const struct sockaddr *bound, char out[][INET6_ADDRSTRLEN + 2],
                        bool v6[], size_t max)
{
    size_t n = 0;
    char host[INET6_ADDRSTRLEN];
    bool wild = (bound->sa_family == AF_INET &&
                 ((const struct sockaddr_in *)bound)->sin_addr.s_addr ==
                     htonl(INADDR_ANY)) ||
                (bound->sa_family == AF_INET6 &&
                 !memcmp(&((const struct sockaddr_in6 *)bound)->sin6_addr,
                         &in6addr_any, sizeof in6addr_any));
    if (!wild) {
        if (getnameinfo(bound, bound->sa_family == AF_INET6
                                   ? sizeof(struct sockaddr_in6)
                                   : sizeof(struct sockaddr_in),
                        host, sizeof host, NULL, 0, NI_NUMERICHOST) == 0) {
            snprintf(out[0], sizeof out[0], "%s", host);
            v6[0] = bound->sa_family == AF_INET6;
            return 1;
        }
        return 0;
    }
    struct ifaddrs *ifs, *i;
    if (getifaddrs(&ifs) != 0)
        return 0;
    for (int pass = 0; pass < 2; pass++)
        for (i = ifs; i && n < max; i = i->ifa_next) {
            if (!i->ifa_addr || !(i->ifa_flags & IFF_UP))
                continue;
            int fam = i->ifa_addr->sa_family;
            if (fam != AF_INET && !(fam == AF_INET6 && bound->sa_family == AF_INET6))
                continue;
            bool loop = (i->ifa_flags & IFF_LOOPBACK) != 0;
            if (loop != (pass == 1))
                continue;
            if (fam == AF_INET6 &&
                IN6_IS_ADDR_LINKLOCAL(&((struct sockaddr_in6 *)i->ifa_addr)->sin6_addr))
                continue;
            if (getnameinfo(i->ifa_addr, fam == AF_INET6
                                             ? sizeof(struct sockaddr_in6)
                                             : sizeof(struct sockaddr_in),
                            host, sizeof host, NULL, 0, NI_NUMERICHOST) == 0) {
                snprintf(out[n], sizeof out[n], "%s", host);
                v6[n++] = fam == AF_INET6;
            }
        }
    freeifaddrs(ifs);
    return n;
}

static void print_link(FILE *f, const char *who, const char *url, bool qr)
{
    if (*who)
        fprintf(f, "  %-12s %s\n", who, url);
    else
        fprintf(f, "  %s\n", url);
    mu_error err;
    if (qr && web_qr_print(f, url, &err) != MU_OK)
        fprintf(f, "  (no QR code: %s)\n", err.msg);
}

static void print_links(FILE *f, const web_server *s, const serve_args *a,
                        const struct sockaddr *bound, unsigned port)
{
    char hosts[8][INET6_ADDRSTRLEN + 2];
    bool v6[8];
    size_t n = addresses(bound, hosts, v6, 8);
    char url[256];
    if (!a->campaign) {
        fprintf(f, "muster serve: open the page at\n");
        for (size_t i = 0; i < n; i++) {
            url_of(url, sizeof url, hosts[i], port, v6[i]);
            print_link(f, "", url, a->qr && i == 0);
        }
    } else {
        fprintf(f, "muster serve: campaign %s. Give each player only their "
                   "own link:\n", a->campaign);
        static const web_viewer who[3] = {WEB_UMPIRE, WEB_UNION,
                                          WEB_CONFEDERATE};
        for (int k = 0; k < 3; k++) {
            const char *t = web_server_token(s, who[k]);
            for (size_t i = 0; i < n; i++) {
                char base[200];
                url_of(base, sizeof base, hosts[i], port, v6[i]);
                snprintf(url, sizeof url, "%s#t=%s", base, t);
                print_link(f, i ? "" : web_viewer_name(who[k]), url,
                           a->qr && i == 0);
            }
        }
        fprintf(f, "A side's link acts for that side (as 'muster campaign "
                   "--as'): it never sees the other side's hidden "
                   "divisions.\n");
    }
    fprintf(f, "Ctrl-C stops the server.\n");
    fflush(f);
}

/* Room for a thousand idle connections and more. */
static void raise_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max > 16384 ? 16384 : rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

/* Serves until SIGINT or SIGTERM. The links go straight to stdout while it
 * runs: a server's result is its running, not a text at the end. */
static cli_rc run_serve(cli_ctx *cx)
{
    serve_args a = {(long)cli_num(cx, "port", 8080),
                    (long)cli_num(cx, "threads", 0),
                    (long)cli_num(cx, "timeout", 15),
                    cli_has(cx, "listen") ? cli_str(cx, "listen") : "127.0.0.1",
                    cli_str(cx, "campaign"), !cli_has(cx, "no-qr")};
    mu_error err = {0};
    if (a.campaign) {
        mu_campaign *camp;
        if (mu_campaign_open(a.campaign, &camp, &err) != MU_OK)
            return cli_fail(cx, &err);
        mu_campaign_close(camp);
    }
    char port[16];
    snprintf(port, sizeof port, "%ld", a.port);
    struct addrinfo hints = {.ai_flags = AI_PASSIVE | AI_NUMERICSERV,
                             .ai_socktype = SOCK_STREAM}, *ai;
    int gai = getaddrinfo(a.listen, port, &hints, &ai);
    if (gai != 0)
        return cli_error(cx, "serve: --listen %s: %s", a.listen,
                         gai_strerror(gai));
    struct sockaddr_storage addr;
    memcpy(&addr, ai->ai_addr, ai->ai_addrlen);
    freeaddrinfo(ai);

    raise_fd_limit();
    signal(SIGPIPE, SIG_IGN);
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL); /* the server's threads too */

    FILE *out = stdout, *log = stderr; /* api.c points stdout elsewhere */
    web_config cfg = {a.campaign, (unsigned)a.threads, (unsigned)a.timeout, 0,
                      log};
    web_server *s;
    unsigned bound;
    if (web_server_new(&cfg, &s, &err) != MU_OK)
        return cli_fail(cx, &err);
    if (web_server_listen(s, (struct sockaddr *)&addr, &bound, &err) != MU_OK) {
        web_server_free(s);
        return cli_error(cx, "serve: cannot listen on %s port %ld: %s",
                         a.listen, a.port, err.msg);
    }
    if (addr.ss_family == AF_INET6)
        ((struct sockaddr_in6 *)&addr)->sin6_port = htons((uint16_t)bound);
    else
        ((struct sockaddr_in *)&addr)->sin_port = htons((uint16_t)bound);
    print_links(out, s, &a, (struct sockaddr *)&addr, bound);

    int sig = 0;
    sigwait(&stop, &sig);
    fprintf(log, "muster serve: %s: finishing the requests in flight\n",
            sig == SIGINT ? "interrupted" : "terminated");
    web_server_stop(s, 5000);
    web_server_free(s);
    fprintf(log, "muster serve: stopped\n");
    return CLI_OK;
}

const cli_command cmd_serve = {
    .name = "serve",
    .summary = "a page for phones and a JSON API on the network",
    .doc =
        "Serves a page for phones and tablets beside the table, and a JSON API\n"
        "equal to the command line: GET /api/COMMAND?OPTION=VALUE&... answers\n"
        "what 'muster COMMAND --OPTION VALUE ... --format json' prints\n"
        "(/api/fire, /api/division, /api/odds/fire...; dice: seed= or rolls=,\n"
        "else a seed is drawn and returned). It prints the links to open and a\n"
        "QR code for each. With --campaign each player gets a link of their\n"
        "own (umpire, Union, Confederate) carrying a random 128-bit token: the\n"
        "token decides who acts, as 'muster campaign --as' does, and a request\n"
        "without a valid one gets 403. Changes are POST /api/campaign/SUB with\n"
        "the token in the X-Muster-Token header and the options as a JSON\n"
        "object. Ctrl-C (SIGINT) or SIGTERM stops it cleanly.\n",
    .opts = serve_opts,
    .run = run_serve,
    .flags = CLI_ONLY | CLI_FULL};
