/* SPDX-License-Identifier: MIT */
/* addr.c -- which addresses a phone can open, and the links serve prints.
 * Both are plain functions of what they are given (an interface list, a
 * bound address, a FILE), so that tests can hand them made-up networks. */
#include "web.h"

#include "cli.h" /* _(): the words of the links, in the reader's language */

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <qrencode.h>
#include <string.h>
#include <sys/socket.h>

unsigned web_sa_len(const struct sockaddr *a)
{
    return a->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6)
                                    : sizeof(struct sockaddr_in);
}

bool web_addr_is_wildcard(const struct sockaddr *a)
{
    if (a->sa_family == AF_INET)
        return ((const struct sockaddr_in *)a)->sin_addr.s_addr ==
               htonl(INADDR_ANY);
    return a->sa_family == AF_INET6 &&
           !memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr, &in6addr_any,
                   sizeof in6addr_any);
}

bool web_addr_is_loopback(const struct sockaddr *a)
{
    if (a->sa_family == AF_INET)
        return (ntohl(((const struct sockaddr_in *)a)->sin_addr.s_addr) >>
                24) == 127;
    return a->sa_family == AF_INET6 &&
           IN6_IS_ADDR_LOOPBACK(&((const struct sockaddr_in6 *)a)->sin6_addr);
}

static bool host_of(const struct sockaddr *a, web_host *h)
{
    if (getnameinfo(a, web_sa_len(a), h->text, sizeof h->text, NULL, 0,
                    NI_NUMERICHOST) != 0)
        return false;
    h->v6 = a->sa_family == AF_INET6;
    return true;
}

/* One interface address a phone could use: up, not loopback, of a family
 * the socket serves, not IPv6 link-local (it needs a zone a URL cannot
 * carry to a phone). */
static bool usable(const struct ifaddrs *i, int family, bool v6_too)
{
    if (!i->ifa_addr || !(i->ifa_flags & IFF_UP) ||
        (i->ifa_flags & IFF_LOOPBACK) || i->ifa_addr->sa_family != family)
        return false;
    if (family == AF_INET6 &&
        (!v6_too ||
         IN6_IS_ADDR_LINKLOCAL(
             &((const struct sockaddr_in6 *)i->ifa_addr)->sin6_addr)))
        return false;
    return !web_addr_is_loopback(i->ifa_addr);
}

size_t web_hosts(const struct sockaddr *bound, const struct ifaddrs *ifs,
                 web_host *out, size_t max)
{
    if (!max)
        return 0;
    if (!web_addr_is_wildcard(bound))
        return host_of(bound, &out[0]) ? 1 : 0;
    size_t n = 0;
    static const int fams[2] = {AF_INET, AF_INET6}; /* IPv4 first */
    for (int f = 0; f < 2; f++)
        for (const struct ifaddrs *i = ifs; i && n < max; i = i->ifa_next)
            if (usable(i, fams[f], bound->sa_family == AF_INET6) &&
                host_of(i->ifa_addr, &out[n]))
                n++;
    return n;
}

void web_url(char *buf, size_t n, const web_host *h, unsigned port,
             const char *token, bool https)
{
    snprintf(buf, n, h->v6 ? "%s://[%s]:%u/%s%s" : "%s://%s:%u/%s%s",
             https ? "https" : "http", h->text, port, token ? "#t=" : "",
             token ? token : "");
}

/* text as a QR code with Unicode half blocks (two modules a character
 * row), dark on light, with a quiet zone. */
static mu_status qr_print(FILE *f, const char *text, mu_error *err)
{
    QRcode *q = QRcode_encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1);
    if (!q)
        return mu_error_set(err, MU_EINPUT, MU_R_NONE,
                            "cannot make a QR code of '%.200s'", text);
    /* Two rows of modules a line: the upper one is the glyph's top half.
     * Light modules are printed as the block (terminals are dark), so the
     * code reads dark-on-light with a quiet zone of 2 modules. */
    const int quiet = 2, w = q->width, size = w + 2 * quiet;
    for (int y = 0; y < size; y += 2) {
        for (int x = 0; x < size; x++) {
            int mx = x - quiet, my = y - quiet;
            bool top = mx >= 0 && mx < w && my >= 0 && my < w &&
                       (q->data[my * w + mx] & 1);
            bool bot = mx >= 0 && mx < w && my + 1 >= 0 && my + 1 < w &&
                       (q->data[(my + 1) * w + mx] & 1);
            if (y + 1 >= size)
                bot = true; /* below the code: dark, like the terminal */
            fputs(!top && !bot ? "\u2588" : !top ? "\u2580" : !bot ? "\u2584" : " ",
                  f);
        }
        fputc('\n', f);
    }
    QRcode_free(q);
    return MU_OK;
}

static void print_link(FILE *f, const char *who, const char *url, bool qr)
{
    if (who)
        fprintf(f, "  %-12s %s\n", who, url);
    else
        fprintf(f, "  %s\n", url);
    mu_error err;
    if (qr && qr_print(f, url, &err) != MU_OK)
        fprintf(f, _("  (no QR code: %s)\n"), err.msg);
}

/* Each link at each address, a QR code for the first address (the one a
 * phone scans). */
static void print_hosts(FILE *f, const web_links *l, const web_host *hosts,
                        size_t n)
{
    char url[256];
    size_t links = l->nlinks ? l->nlinks : 1;
    for (size_t k = 0; k < links; k++)
        for (size_t i = 0; i < n; i++) {
            const web_link *w = l->nlinks ? &l->links[k] : NULL;
            web_url(url, sizeof url, &hosts[i], l->port, w ? w->token : NULL,
                    l->https);
            print_link(f, !w ? NULL : i == 0 ? w->who : "", url,
                       l->qr && i == 0);
        }
}

static const web_host local_host = {"127.0.0.1", false};

void web_links_list(FILE *f, const web_links *l)
{
    if (l->nhosts == 0) {
        fprintf(f, "%s", _("This computer has no network address, so no "
                           "phone can reach it: connect it to the table's "
                           "network (Wi-Fi). On this computer:\n"));
        print_hosts(f, l, &local_host, 1);
        return;
    }
    print_hosts(f, l, l->hosts, l->nhosts);
    if (l->loopback)
        fprintf(f, _("Only this computer can open it (%s is its loopback "
                     "address); to let phones on the network in, leave out "
                     "--listen.\n"), l->hosts[0].text);
}

void web_links_print(FILE *f, const web_links *l)
{
    if (l->campaign)
        fprintf(f, _("muster serve: campaign %s.\n"), l->campaign);
    if (l->nhosts == 0) {
        fprintf(f, "%s", _("muster serve: this computer has no network "
                           "address, so no phone can reach it: connect it to "
                           "the table's network (Wi-Fi) and start again. On "
                           "this computer the page is at\n"));
        print_hosts(f, l, &local_host, 1);
    } else {
        fprintf(f, "%s", _("muster serve: open the page at\n"));
        web_links_list(f, l);
    }
    if (l->campaign)
        fprintf(f, _("That is the umpire's link, which sees everything: its "
                     "QR code only when asked for, on the umpire's own "
                     "screen ('muster campaign links %s'). Each player's "
                     "own, which sees only what that side may: 'muster "
                     "campaign links %s --side union' (or confederate).\n"),
                l->campaign, l->campaign);
    fprintf(f, "%s", _("Ctrl-C stops the server.\n"));
    fflush(f);
}
