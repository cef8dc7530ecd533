/* SPDX-License-Identifier: MIT */
/* fuzz_http.c -- raw bytes as an HTTP request to muster serve: the gate's
 * check of the first request's head, then the request handler through
 * libmicrohttpd's own parser (a daemon without a listening socket; each
 * input is one connection over a socket pair). Whatever comes
 * in, the server must answer or close, never crash or leak, and the answer
 * must be HTTP. */
#include "web.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static web_server *server;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    signal(SIGPIPE, SIG_IGN);
    web_config cfg = {0};
    mu_error err;
    if (web_server_new(&cfg, &server, &err) != MU_OK ||
        web_server_start_external(server, &err) != MU_OK)
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 100000)
        return 0;
    char *out = NULL;
    size_t len = 0;
    if (web_server_feed(server, data, size, &out, &len) != MU_OK)
        abort();
    if (len && strncmp(out, "HTTP/1.", 7) != 0)
        abort(); /* something that is not an HTTP answer */
    /* A refusal of the first request, whoever made it, has a JSON body
     * (none at all when it was HEAD). */
    if (len > 12 && (size < 5 || memcmp(data, "HEAD ", 5)) && (!strncmp(out + 9, "400", 3) || !strncmp(out + 9, "414", 3) ||
                     !strncmp(out + 9, "431", 3) || !strncmp(out + 9, "505", 3))) {
        const char *body = strstr(out, "\r\n\r\n");
        if (!body || strncmp(body + 4, "{\"error\":", 9) != 0)
            abort();
    }
    if (len && getenv("MUSTER_FUZZ_ECHO")) /* to see what the corpus gets */
        fwrite(out, 1, len, stderr);
    free(out);
    return 0;
}
