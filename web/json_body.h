/* SPDX-License-Identifier: MIT */
/* json_body.h -- the strict reader of a request's JSON body: one object
 * of options, RFC 8259 exactly (json_body.c). */
#ifndef MU_WEB_JSON_BODY_H
#define MU_WEB_JSON_BODY_H

#include <stdbool.h>
#include <stddef.h>

/* One option as it came (query string or JSON body): its name and its
 * value as the command table reads it (a string as decoded, true/false, a
 * number as exact decimal digits; "" for a bare `?cover`). */
typedef struct web_arg {
    const char *name, *value;
} web_arg;

/* Reads body[0..n) as exactly one JSON object (white space around it,
 * nothing else) of at most `max` members, each a string, a number or
 * true/false: valid UTF-8 only, no NUL (raw or \u0000), no name given
 * twice, no lone surrogate. A number is written out exactly as decimal
 * digits ("1e2" is "100", "1.50" is "1.5", "0.99999999999999999" stays
 * so), never through a double. The names and values live in *arena
 * (malloc'd, for the caller to free, also on failure). On failure the
 * reason is in why (never the body's bytes, but a name that was read). */
bool web_json_object(const char *body, size_t n, web_arg *out, size_t max,
                     size_t *count, char **arena, char *why, size_t wn);

/* Whether s[0..n) is valid UTF-8 (no overlong form, no surrogate, nothing
 * past U+10FFFF) without a NUL. */
bool web_utf8_ok(const char *s, size_t n);
/* Replaces, in place, every byte of s that is not part of valid UTF-8 by
 * '?': what an error message echoes is never invalid JSON. */
void web_utf8_clean(char *s);

#endif
