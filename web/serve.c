/* SPDX-License-Identifier: MIT */
/* serve.c -- `muster serve`: the page and the JSON API on the local
 * network, with a link (and a QR code) for each player. */
#include "web.h"

#include "cli.h"

#include <ifaddrs.h>
#include <netdb.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>

static void print_links(FILE *f, web_server *s, cli_ctx *cx,
                        const struct sockaddr *bound, unsigned port)
{
    const char *campaign = cli_str(cx, O_campaign);
    web_host hosts[8];
    struct ifaddrs *ifs = NULL;
    if (web_addr_is_wildcard(bound) && getifaddrs(&ifs) != 0)
        ifs = NULL;
    size_t n = web_hosts(bound, ifs, hosts, 8);
    if (ifs)
        freeifaddrs(ifs);
    web_server_hosts(s, hosts, n); /* answered at these only */
    web_link umpire = {"umpire", web_server_token(s, MU_SIDE_NONE)};
    /* the umpire's QR code would show the link that sees everything to
     * anyone across the table: it is printed only when asked for */
    web_links l = {hosts, n, web_addr_is_loopback(bound), port, campaign,
                   &umpire, campaign ? 1 : 0,
                   !cli_has(cx, O_no_qr) && !campaign,
                   cli_has(cx, O_tls_cert)};
    web_links_print(f, &l);
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

/* --tls-cert and --tls-key, read whole: both or neither. */
static cli_rc tls_files(cli_ctx *cx, char **cert, char **key)
{
    *cert = *key = NULL;
    if (cli_has(cx, O_tls_cert) != cli_has(cx, O_tls_key))
        return cli_error(cx, _("serve: HTTPS takes both --tls-cert FILE and "
                               "--tls-key FILE (mkcert or openssl makes "
                               "them; see 'muster help serve')"));
    if (!cli_has(cx, O_tls_cert))
        return CLI_OK;
    mu_error err = {0};
    size_t len;
    if (mu_file_read(cli_str(cx, O_tls_cert), cert, &len, &err) != MU_OK ||
        mu_file_read(cli_str(cx, O_tls_key), key, &len, &err) != MU_OK) {
        free(*cert);
        *cert = NULL;
        return cli_fail(cx, &err);
    }
    return CLI_OK;
}

/* Serves until SIGINT or SIGTERM. The links go straight to stdout while it
 * runs: a server's result is its running, not a text at the end. */
static cli_rc run_serve(cli_ctx *cx)
{
    long portn = (long)cli_num(cx, O_port, 8080);
    const char *host = cli_has(cx, O_listen) ? cli_str(cx, O_listen)
                                             : "0.0.0.0";
    const char *campaign = cli_str(cx, O_campaign);
    const char *labels = cli_str(cx, O_labels);
    mu_error err = {0};
    if (campaign) {
        mu_campaign *camp;
        if (mu_campaign_open(campaign, &camp, &err) != MU_OK)
            return cli_fail(cx, &err);
        mu_campaign_close(camp);
    }
    if (labels) { /* read at every ledger: refused now if unreadable */
        mu_labels *l;
        if (mu_labels_load(labels, &l, &err) != MU_OK)
            return cli_fail(cx, &err);
        mu_labels_free(l);
    }
    char port[16];
    snprintf(port, sizeof port, "%ld", portn);
    struct addrinfo hints = {.ai_flags = AI_PASSIVE | AI_NUMERICSERV,
                             .ai_socktype = SOCK_STREAM}, *ai;
    int gai = getaddrinfo(host, port, &hints, &ai);
    if (gai != 0)
        return cli_error(cx, _("serve: --listen %s: %s"), host,
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

    char *cert, *key;
    cli_rc rc = tls_files(cx, &cert, &key);
    if (rc != CLI_OK)
        return rc;
    FILE *out = stdout, *log = stderr; /* api.c points stdout elsewhere */
    char site[4096];
    web_config cfg = {campaign, (unsigned)cli_num(cx, O_threads, 0),
                      (unsigned)cli_num(cx, O_timeout, 15), log,
                      web_site_find(site, sizeof site), cert, key, labels};
    web_server *s = NULL;
    unsigned bound;
    if (web_server_new(&cfg, &s, &err) != MU_OK)
        rc = cli_fail(cx, &err);
    else if (web_server_listen(s, (struct sockaddr *)&addr, &bound, &err) !=
             MU_OK)
        rc = cli_error(cx, cert ? _("serve: cannot serve HTTPS on %s port "
                                    "%ld: %s (are --tls-cert and --tls-key "
                                    "a certificate and its key, in PEM?)")
                                : _("serve: cannot listen on %s port %ld: %s"),
                       host, portn, err.msg);
    if (rc == CLI_OK) { /* serving, until a signal */
        print_links(out, s, cx, (struct sockaddr *)&addr, bound);
        int sig = 0;
        sigwait(&stop, &sig);
        fprintf(log, "%s", sig == SIGINT
                               ? _("muster serve: interrupted: finishing the "
                                   "requests in flight\n")
                               : _("muster serve: terminated: finishing the "
                                   "requests in flight\n"));
        web_server_stop(s, 5000);
    }
    web_server_free(s);
    free(cert);
    free(key);
    if (rc == CLI_OK)
        fprintf(log, "%s", _("muster serve: stopped\n"));
    return rc;
}

void web_install(void)
{
    cli_install(&cmd_serve, run_serve);
    web_install_links();
}
