/* SPDX-License-Identifier: MIT */
/* app.c -- the entry point of the WebAssembly core (web/engine.js calls it):
 * a command of cmd/table.c (MUSTER_APP_TABLE) run with {option: value}
 * pairs through cli_invoke, as `muster serve` runs them, so that its
 * answer is the CLI's byte for byte. One call at a time (the page's engine
 * is single-threaded); the last answer is kept until the next call. */
#include "cli.h"

#include <emscripten.h>
#include <stdlib.h>
#include <string.h>

static char *last_out, *last_err;

/* Runs `command` with n pairs packed as name NUL value NUL ... (an empty
 * name is an operand); returns the exit code the CLI would give (0, 1, 2).
 * mu_app_out and mu_app_err then hold what it printed and its message. */
EMSCRIPTEN_KEEPALIVE int mu_app_call(const char *command, const char *packed,
                                     int n)
{
    free(last_out);
    free(last_err);
    last_out = last_err = NULL;
    if (n < 0 || n > 64)
        n = 0;
    const char *names[64], *values[64];
    const char *p = packed;
    for (int i = 0; i < n; i++) {
        names[i] = p;
        p += strlen(p) + 1;
        values[i] = p;
        p += strlen(p) + 1;
    }
    cli_rc rc = cli_invoke(NULL, command, names, values, (size_t)n, &last_out,
                           &last_err, NULL);
    return (int)rc;
}

EMSCRIPTEN_KEEPALIVE const char *mu_app_out(void)
{
    return last_out ? last_out : "";
}

EMSCRIPTEN_KEEPALIVE const char *mu_app_err(void)
{
    return last_err ? last_err : "";
}

/* The weapons of the weapons file at path (NULL or "": the built-in ones),
 * one a line as "name TAB crew" (crew 0 for small arms), so that the page
 * offers what the rules define and asks a crew of what has one; "" when
 * the file does not load. */
EMSCRIPTEN_KEEPALIVE const char *mu_app_weapons(const char *path)
{
    free(last_out);
    last_out = NULL;
    mu_weapons *w = NULL;
    mu_status st = path && *path ? mu_weapons_load(path, &w, NULL)
                                 : mu_weapons_default(&w, NULL);
    mu_buf b = {0};
    for (size_t i = 0; st == MU_OK && i < mu_weapons_count(w); i++)
        mu_buf_printf(&b, "%s\t%d\n", mu_weapons_at(w, i)->name,
                      mu_weapons_at(w, i)->crew);
    mu_weapons_free(w);
    last_out = b.p;
    return mu_app_out();
}
