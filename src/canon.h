/* SPDX-License-Identifier: MIT */
/* canon.h -- canonical JSON (RFC 8785) and salted SHA-256 commitments, the
 * private side of mu_json_canonicalize and mu_commitment_* in muster.h. */
#ifndef MU_CANON_H
#define MU_CANON_H

#include "util.h"

#include <cjson/cJSON.h>
#include <stdint.h>

/* Canonical JSON of a tree as a malloc'd string (*out), for storage. */
mu_status canon_print(const cJSON *v, char **out, mu_error *err);

/* Parses JSON text as every reader of documents muster is given must: the
 * whole text is one value, no NUL, no \u0000, no key twice in any object.
 * MU_EINPUT otherwise (with line and column for a syntax error). *out is the
 * caller's (cJSON_Delete). */
mu_status canon_parse(const char *text, size_t len, cJSON **out, mu_error *err);

/* A fresh random salt as MU_SALT_BYTES*2 lower-case hex digits. */
mu_status canon_new_salt(char hex[2 * MU_SALT_BYTES + 1], mu_error *err);

/* Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF. */
bool canon_utf8_valid(const char *s);

#endif
