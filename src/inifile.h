/* inifile.h -- inih with line numbers: every rules-like file (tables, labels,
 * weapons) is read through here so errors say file:line. */
#ifndef MU_INIFILE_H
#define MU_INIFILE_H

#include "error.h"

/* Called for each key. Return MU_OK, or fill err (err_at with `line`) and
 * return a status; the first failure wins and parsing stops counting. */
typedef mu_status (*ini_key_fn)(void *user, const char *section,
                                const char *key, const char *value, int line,
                                mu_error *err);

/* Parses text[0..len) named `name` (a file path, or "<built-in>"). Rejects NUL
 * bytes, lines over 400 bytes and lines that are neither a [section], a
 * key = value, a comment nor blank. */
mu_status ini_parse_text(const char *text, size_t len, const char *name,
                         ini_key_fn fn, void *user, mu_error *err);

/* Reads the file (at most 1 MiB) and parses it. */
mu_status ini_parse_path(const char *path, ini_key_fn fn, void *user,
                         mu_error *err);

#endif
