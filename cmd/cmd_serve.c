/* cmd_serve.c -- `muster serve`: its description on the table (options,
 * help). Its run function is the web face's (web/serve.c), which installs
 * it at start (web_install, cli_install): cmd/ names nothing of web/. */
#include "cli.h"

static const cli_opt serve_opts[] = {
    {.name = "port", .type = ARG_NUM, .lo = 0, .hi = 65535, .metavar = "N",
     .help = "TCP port (default 8080; 0 picks a free one)"},
    {.name = "listen", .type = ARG_TEXT, .metavar = "ADDR",
     .help = "address to listen on (default 0.0.0.0: every IPv4 address, "
             "so that phones on the network can open the page; 127.0.0.1 "
             "for this computer only, :: for IPv6 too)"},
    {.name = "campaign", .type = ARG_FILE, .metavar = "FILE",
     .help = "serve this campaign ledger, with a link for each player"},
    {.name = "threads", .type = ARG_NUM, .lo = 1, .hi = 64, .metavar = "N",
     .flags = CLI_LOCAL,
     .help = "worker threads (default: one per processor)"},
    {.name = "timeout", .type = ARG_NUM, .lo = 1, .hi = 3600, .metavar = "S",
     .help = "seconds a request may take to arrive once begun (default 15); "
             "idle connections are closed after 4 times that"},
    {.name = "no-qr", .type = ARG_FLAG,
     .help = "print the links without QR codes"},
    {0}};

const cli_command cmd_serve = {
    .name = "serve",
    .summary = "a page for phones and a JSON API on the network",
    .doc =
        "Serves a page for phones and tablets beside the table, and a JSON API\n"
        "equal to the command line, on the local network: it prints the address\n"
        "of each network interface (and a QR code of the first) for phones to\n"
        "open, and says so when there is none; --listen 127.0.0.1 keeps it to\n"
        "this computer. GET /api/COMMAND?OPTION=VALUE&... answers\n"
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
    .flags = CLI_ONLY | CLI_FULL};
