/* serve.c -- `muster serve`: the page and the JSON API on the local
 * network, with a link (and a QR code) for each player. */
#include "web.h"

#include "legacy.h"

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

const char help_serve[] =
    "usage: muster serve [--port N] [--listen ADDR] [--campaign FILE]\n"
    "                    [--threads N] [--timeout S] [--no-qr]\n\n"
    "Serves a page for phones and tablets beside the table, and a JSON API\n"
    "equal to the command line: GET /api/COMMAND?OPTION=VALUE&... answers what\n"
    "'muster COMMAND --OPTION VALUE ... --format json' prints (/api/fire,\n"
    "/api/division, /api/odds/fire...; dice: seed= or rolls=, else a seed is\n"
    "drawn and returned). Prints the links to open and a QR code for each.\n"
    "With --campaign, each player gets a link of their own (umpire, Union,\n"
    "Confederate) carrying a random 128-bit token: the token decides what the\n"
    "page shows, and a request without a valid one gets 403. Changes are POST\n"
    "/api/campaign/SUB with the token in the X-Muster-Token header and the\n"
    "options as a JSON object. Ctrl-C (SIGINT) or SIGTERM stops it cleanly.\n\n"
    "  --port N          TCP port (default 8080; 0 picks a free one)\n"
    "  --listen ADDR     address to listen on (default 127.0.0.1; 0.0.0.0 for\n"
    "                    every IPv4 address, :: for IPv6)\n"
    "  --campaign FILE   serve this campaign ledger (see 'muster campaign')\n"
    "  --threads N       worker threads (default 2)\n"
    "  --timeout S       seconds a request may take to arrive (default 15)\n"
    "  --no-qr           print the links without QR codes\n";

enum {
    OPT_PORT = OPT_FIRST_LOCAL, OPT_LISTEN, OPT_CAMPAIGN, OPT_THREADS,
    OPT_TIMEOUT, OPT_NOQR
};

static const struct option serve_options[] = {
    {"port", required_argument, NULL, OPT_PORT},
    {"listen", required_argument, NULL, OPT_LISTEN},
    {"campaign", required_argument, NULL, OPT_CAMPAIGN},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"no-qr", no_argument, NULL, OPT_NOQR},
    {"help", no_argument, NULL, OPT_HELP},
    {NULL, 0, NULL, 0}};

typedef struct serve_args {
    long port, threads, timeout;
    const char *listen, *campaign;
    bool qr;
} serve_args;

static int parse(int argc, char **argv, serve_args *a)
{
    *a = (serve_args){8080, 2, 15, "127.0.0.1", NULL, true};
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", serve_options, NULL)) != -1) {
        switch (c) {
        case OPT_PORT:
            if (!cli_int("port", optarg, 0, 65535, &a->port))
                return EXIT_INPUT;
            break;
        case OPT_THREADS:
            if (!cli_int("threads", optarg, 1, 64, &a->threads))
                return EXIT_INPUT;
            break;
        case OPT_TIMEOUT:
            if (!cli_int("timeout", optarg, 1, 3600, &a->timeout))
                return EXIT_INPUT;
            break;
        case OPT_LISTEN: a->listen = optarg; break;
        case OPT_CAMPAIGN: a->campaign = optarg; break;
        case OPT_NOQR: a->qr = false; break;
        case OPT_HELP: return cli_help("serve");
        default: return cli_bad_option("serve", argv);
        }
    }
    if (optind < argc)
        return cli_usage("serve: unexpected argument '%s' (see 'muster help "
                         "serve')", argv[optind]);
    return -1;
}

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
    fprintf(f, "  %-12s %s\n", who, url);
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

int cmd_serve(int argc, char **argv)
{
    serve_args a;
    int rc = parse(argc, argv, &a);
    if (rc >= 0)
        return rc;
    mu_error err = {0};
    if (a.campaign) {
        mu_campaign *camp;
        if (mu_campaign_open(a.campaign, &camp, &err) != MU_OK)
            return cli_fail(&err);
        mu_campaign_close(camp);
    }
    char port[16];
    snprintf(port, sizeof port, "%ld", a.port);
    struct addrinfo hints = {.ai_flags = AI_PASSIVE | AI_NUMERICSERV,
                             .ai_socktype = SOCK_STREAM}, *ai;
    int gai = getaddrinfo(a.listen, port, &hints, &ai);
    if (gai != 0)
        return cli_usage("serve: --listen %s: %s", a.listen, gai_strerror(gai));
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
        return cli_fail(&err);
    if (web_server_listen(s, (struct sockaddr *)&addr, &bound, &err) != MU_OK) {
        web_server_free(s);
        return cli_usage("serve: cannot listen on %s port %ld: %s", a.listen,
                         a.port, err.msg);
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
    return EXIT_OK;
}
