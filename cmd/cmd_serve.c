/* SPDX-License-Identifier: MIT */
/* cmd_serve.c -- `muster serve` and `muster campaign links`: their
 * descriptions on the table (options, help). Their run functions are the
 * web face's (web/serve.c, web/links.c), which installs them at start
 * (web_install, cli_install): cmd/ names nothing of web/. */
#include "cli.h"

static const cli_opt serve_opts[] = {
    {.name = "port", .type = ARG_NUM, .lo = 0, .hi = 65535, .metavar = "N",
     .help = N_("TCP port (default 8080; 0 picks a free one)")},
    {.name = "listen", .type = ARG_TEXT, .metavar = "ADDR",
     .help = N_("address to listen on (default 0.0.0.0: every IPv4 address, "
             "so that phones on the network can open the page; 127.0.0.1 "
             "for this computer only, :: for IPv6 too)")},
    {.name = "campaign", .type = ARG_FILE, .metavar = "FILE",
     .help = N_("serve this campaign ledger, with a link for each player")},
    {.name = "threads", .type = ARG_NUM, .lo = 1, .hi = 64, .metavar = "N",
     .flags = CLI_LOCAL,
     .help = N_("worker threads (default: one per processor)")},
    {.name = "timeout", .type = ARG_NUM, .lo = 1, .hi = 3600, .metavar = "S",
     .help = N_("seconds a request may take to arrive once begun (default 15); "
             "idle connections are closed after 4 times that")},
    {.name = "no-qr", .type = ARG_FLAG,
     .help = N_("print the links without QR codes")},
    {.name = "tls-cert", .type = ARG_FILE, .metavar = "FILE",
     .help = N_("serve HTTPS with this certificate (PEM, with its chain); "
             "phones install the page and keep it offline only over HTTPS")},
    {.name = "tls-key", .type = ARG_FILE, .metavar = "FILE",
     .help = N_("the private key of --tls-cert (PEM)")},
    {.name = "labels", .type = ARG_FILE, .metavar = "FILE",
     .help = N_("the players' labels file (their Brigade Effectiveness "
             "Table): the page shows each brigade fresh, worn or spent")},
    {0}};

const cli_command cmd_serve = {
    .name = "serve",
    .summary = N_("a page for phones and a JSON API on the network"),
    .doc =
        N_("Serves a page for phones and tablets beside the table, and a JSON API\n"
        "equal to the command line, on the local network: it prints the address\n"
        "of each network interface (and a QR code of the first) for phones to\n"
        "open, and says so when there is none; --listen 127.0.0.1 keeps it to\n"
        "this computer. GET /api/COMMAND?OPTION=VALUE&... answers\n"
        "what 'muster COMMAND --OPTION VALUE ... --format json' prints\n"
        "(/api/fire, /api/division, /api/odds/fire...; dice: seed= or rolls=,\n"
        "else a seed is drawn and returned). It prints the links to open and a\n"
        "QR code. With --campaign it prints the umpire's link only; each player's\n"
        "own comes from 'muster campaign links FILE --side S'. A link carries a\n"
        "random 128-bit token kept in the campaign, so it survives restarts:\n"
        "the token decides who acts, as 'muster campaign --as' does, and a\n"
        "request to the campaign without a valid one gets 403 (the calculators\n"
        "need none). Changes are POST /api/campaign/SUB with\n"
        "the token in the X-Muster-Token header and the options as a JSON\n"
        "object. With --tls-cert and --tls-key it speaks HTTPS only, and the\n"
        "links are https://: a phone installs the page, and opens it without\n"
        "the network, only from a secure origin. Ctrl-C (SIGINT) or SIGTERM\n"
        "stops it cleanly.\n"),
    .opts = serve_opts,
    .flags = CLI_ONLY | CLI_FULL};

static const cli_opt links_opts[] = {
    {.name = "side", .type = ARG_CHOICE, .vocab = cli_armies, .metavar = "S",
     .help = N_("the link of this side's player (default: the umpire's)")},
    {.name = "rotate", .type = ARG_FLAG,
     .help = N_("make a new link in place of the old one, which stops working "
             "(a running server notices within a second)")},
    {.name = "port", .type = ARG_NUM, .lo = 1, .hi = 65535, .metavar = "N",
     .help = N_("the port 'muster serve' listens on (default 8080)")},
    {.name = "listen", .type = ARG_TEXT, .metavar = "ADDR",
     .help = N_("the address 'muster serve --listen' is given (default: every "
             "network interface's)")},
    {.name = "no-qr", .type = ARG_FLAG, .help = N_("print the link without a QR "
                                                "code")},
    {.name = "https", .type = ARG_FLAG,
     .help = N_("an https:// link, for 'muster serve --tls-cert'")},
    {.name = "card", .type = ARG_FILE, .metavar = "OUT",
     .help = N_("also write the link and its QR code as a card to print and "
             "hand over (one page; .pdf, .png or .svg)")},
    {0}};

const cli_command cmd_campaign_links = {
    .name = "campaign links", .summary = N_("a player's own link to the page"),
    .opts = links_opts,
    .doc = N_("Prints the link (and its QR code) that opens the page served by\n"
           "'muster serve --campaign FILE' as one viewer: the umpire, or with\n"
           "--side the Union or the Confederate player, who sees only what\n"
           "'muster campaign --as' shows that side. Each link carries a random\n"
           "128-bit token kept in the campaign file (never in its log or in a\n"
           "player's own file), so it works after every restart of the server;\n"
           "--rotate replaces it, and the old link stops working. --card writes\n"
           "the link at the first address, with its QR code, on a one-page card\n"
           "(A6, a line to cut along) to print and give that player.\n"),
    .flags = CLI_ONLY | CLI_FULL | CLI_CAMPAIGN | CLI_WRITES,
    .args = cli_args_campaign};
