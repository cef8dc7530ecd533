/* SPDX-License-Identifier: MIT */
/* links.c -- `muster campaign links`: one viewer's link to the served
 * campaign and its QR code, to hand to that player alone. The token is the
 * campaign's own (mu_campaign_link), so the link works whenever `serve
 * --campaign` runs on that file. */
#define _GNU_SOURCE /* open_memstream */
#include "web.h"

#include "cli.h"

#include <cjson/cJSON.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <qrencode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

static const char *link_title(mu_side v)
{
    return v == MU_SIDE_NONE ? _("The umpire's link")
           : v == MU_SIDE_UNION ? _("The Union player's link")
                                  : _("The Confederate player's link");
}

/* The hosts of the link: --listen's, else the machine's interfaces. */
static bool hosts_of(cli_ctx *cx, web_host *h, size_t *n, bool *loopback)
{
    const char *listen = cli_has(cx, O_listen) ? cli_str(cx, O_listen)
                                               : "0.0.0.0";
    struct addrinfo hints = {.ai_flags = AI_PASSIVE | AI_NUMERICHOST,
                             .ai_socktype = SOCK_STREAM}, *ai;
    if (getaddrinfo(listen, "8080", &hints, &ai) != 0)
        return false;
    struct ifaddrs *ifs = NULL;
    if (web_addr_is_wildcard(ai->ai_addr) && getifaddrs(&ifs) != 0)
        ifs = NULL;
    *n = web_hosts(ai->ai_addr, ifs, h, *n);
    *loopback = web_addr_is_loopback(ai->ai_addr);
    if (ifs)
        freeifaddrs(ifs);
    freeaddrinfo(ai);
    return true;
}

/* "Gettysburg, 1863": the campaign's name and year, as its show gives them
 * (a side's own view: names and the year are public); "" when unread. */
static void campaign_line(mu_campaign *c, mu_side v, char *buf, size_t n)
{
    mu_buf text = {0};
    mu_error err = {0};
    mu_render_opts ro = {.format = MU_FMT_JSON};
    buf[0] = '\0';
    mu_status s = mu_campaign_show_to(c, v, &ro, mu_buf_write, &text, &err);
    cJSON *j = s == MU_OK && text.p ? cJSON_Parse(text.p) : NULL;
    mu_buf_free(&text);
    cJSON *camp = cJSON_GetObjectItemCaseSensitive(j, "campaign");
    cJSON *name = cJSON_GetObjectItemCaseSensitive(camp, "name");
    cJSON *year = cJSON_GetObjectItemCaseSensitive(camp, "year");
    if (cJSON_IsString(name) && cJSON_IsNumber(year))
        snprintf(buf, n, "%s, %d", name->valuestring, year->valueint);
    cJSON_Delete(j);
}

/* --card FILE: the link at the first address (the one its QR code shows
 * on the screen) on a one-page card, to print and hand over. */
static cli_rc write_card(cli_ctx *cx, mu_side v, const char *camp,
                         const char *url)
{
    QRcode *q = QRcode_encodeString(url, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!q)
        return cli_error(cx, _("campaign links: cannot make a QR code of %s"),
                         url);
    mu_link_card k = {
        .title = link_title(v), .subtitle = camp, .url = url,
        .modules = q->data, .width = q->width,
        .note = v == MU_SIDE_NONE
                    ? _("Scan the code with a phone's camera, or type the "
                        "address. It opens the whole campaign: keep it.")
                    : _("Scan the code with your phone's camera, or type the "
                        "address, while the umpire's computer serves the "
                        "campaign. It shows what your side may see: keep it "
                        "to yourself.")};
    mu_error err = {0};
    mu_status st = mu_link_card_write(&k, cli_str(cx, O_card), &err);
    QRcode_free(q);
    return st == MU_OK ? CLI_OK : cli_fail(cx, &err);
}

static cli_rc run_links(cli_ctx *cx)
{
    mu_side v = cli_has(cx, O_side) ? (mu_side)cli_choice(cx, O_side, 0)
                                      : MU_SIDE_NONE;
    bool rotate = cli_has(cx, O_rotate);
    web_host hosts[8];
    size_t n = 8;
    bool loopback = false;
    if (!hosts_of(cx, hosts, &n, &loopback))
        return cli_error(cx, _("campaign links: --listen %s is no numeric "
                               "address (192.168.1.23, 0.0.0.0, ::)"),
                         cli_str(cx, O_listen));
    mu_error err = {0};
    mu_file_format pf;
    if (cli_has(cx, O_card) && /* before a link is made or rotated */
        mu_file_format_detect(cli_str(cx, O_card), &pf, &err) != MU_OK)
        return cli_fail(cx, &err);
    mu_campaign *c;
    if (mu_campaign_open(cx->operand[0], &c, &err) != MU_OK)
        return cli_fail(cx, &err);
    char token[MU_LINK_TOKEN_HEX];
    mu_status st = mu_campaign_link(c, v, rotate ? MU_LINK_ROTATE
                                                 : MU_LINK_MAKE, token, &err);
    char camp[MU_CAMPAIGN_NAME_MAX + 16] = "";
    if (st == MU_OK && cli_has(cx, O_card))
        campaign_line(c, v, camp, sizeof camp);
    mu_campaign_close(c);
    if (st != MU_OK)
        return cli_fail(cx, &err);
    char url[256];
    web_url(url, sizeof url, n ? &hosts[0] : &(web_host){"127.0.0.1", false},
            (unsigned)cli_num(cx, O_port, 8080), token, cli_has(cx, O_https));
    cli_rc rc = cli_has(cx, O_card) ? write_card(cx, v, camp, url) : CLI_OK;
    if (rc != CLI_OK)
        return rc;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return cli_error(cx, _("campaign links: out of memory"));
    fprintf(f, v == MU_SIDE_NONE ? _("%s%s; give it to the umpire only:\n")
                                 : _("%s%s; give it to that player only:\n"),
            link_title(v),
            rotate ? _(" (new: the old one no longer works)") : "");
    web_link link = {NULL, token};
    web_links l = {hosts, n, loopback, (unsigned)cli_num(cx, O_port, 8080),
                   NULL, &link, 1, !cli_has(cx, O_no_qr), cli_has(cx, O_https)};
    web_links_list(f, &l);
    if (cli_has(cx, O_card))
        fprintf(f, v == MU_SIDE_NONE
                       ? _("The card: %s (one page, %s); print it and give it "
                           "to the umpire.\n")
                       : _("The card: %s (one page, %s); print it and give it "
                           "to that player.\n"),
                cli_str(cx, O_card), url);
    fclose(f);
    return text ? cli_take(cx, text) : cli_error(cx, _("out of memory"));
}

void web_install_links(void)
{
    cli_install(&cmd_campaign_links, run_links);
}
