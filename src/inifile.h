/* SPDX-License-Identifier: MIT */
/* inifile.h -- inih with line numbers: every rules-like file (tables, labels,
 * weapons) is read through here so errors say file:line. */
#ifndef MU_INIFILE_H
#define MU_INIFILE_H

#include "error.h"
#include "util.h"

#include <stdbool.h>

/* Called for each key. Return MU_OK, or fill err (err_at with `line`) and
 * return a status; the first failure wins and parsing stops counting. */
typedef mu_status (*inifile_key_fn)(void *user, const char *section,
                                const char *key, const char *value, int line,
                                mu_error *err);

/* Parses text[0..len) named `name` (a file path, or "<built-in>"). Rejects NUL
 * bytes, lines over 400 bytes and lines that are neither a [section], a
 * key = value, a comment nor blank. */
mu_status inifile_parse_text(const char *text, size_t len, const char *name,
                         inifile_key_fn fn, void *user, mu_error *err);

/* ---- the app form (inifile_app.c): no inih, no INI ---------------------

 * The keys of an INI file as records, one a line, for the WebAssembly core,
 * which reads no INI: the first line is INIFILE_APP_MAGIC, then
 * "LINE<TAB>SECTION<TAB>KEY<TAB>VALUE" with tab, newline and backslash
 * written \t, \n and \\. */
#define INIFILE_APP_MAGIC "muster-app-keys 1"

/* Whether text[0..len) is in the app form. */
bool inifile_is_app(const char *text, size_t len);
/* Calls fn for each record of the app form, with its INI line, as
 * inifile_parse_text calls it for each key. */
mu_status inifile_parse_app(const char *text, size_t len, const char *name,
                            inifile_key_fn fn, void *user, mu_error *err);

/* inih reports keys, not section headers: the line of the [header] a key
 * on `key_line` of text[0..len) sits under (the last one at or before it),
 * so messages about a whole section can point at it. key_line if none (and
 * in the app form, which keeps no headers). */
int inifile_header_line(const char *text, size_t len, int key_line);

#endif
