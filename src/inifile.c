/* SPDX-License-Identifier: MIT */
/* inifile.c -- inih driven through a reader that counts lines. inih as packaged
 * does not pass line numbers to handlers, so the reader keeps the count and
 * the handler reads it: inih asks the reader for exactly one line at a time. */
#include "inifile.h"
#include "util.h"
#include "writer.h"

#include <ini.h>
#include <stdlib.h>
#include <string.h>

/* inih as packaged reads lines into a fixed buffer of its own
 * (INI_MAX_LINE, 200 bytes in Debian's build, the newline and the
 * terminating NUL included); it hands its size to the reader, which refuses a
 * longer line whole instead of letting inih split it silently. */
typedef struct ini_ctx {
    const char *p, *end;
    const char *name;
    int line;        /* the line inih is working on */
    int long_line;   /* first line that was too long, or 0 */
    size_t limit;    /* the longest line inih takes, newline not counted */
    inifile_key_fn fn;
    void *user;
    mu_status st;    /* first failure reported by fn */
    mu_error err;
} ini_ctx;

static char *line_reader(char *str, int num, void *stream)
{
    ini_ctx *c = stream;
    if (c->p >= c->end)
        return NULL;
    c->line++;
    const char *nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
    const char *stop = nl ? nl + 1 : c->end;
    size_t len = (size_t)(stop - c->p);
    /* inih needs room for the newline and the NUL after the text. */
    size_t limit = num > 2 ? (size_t)num - 2 : 0;
    size_t text = nl ? len - 1 : len;
    if (text > limit) {
        if (!c->long_line) {
            c->long_line = c->line;
            c->limit = limit;
        }
        len = 0; /* hand inih an empty line; the error is reported after */
    }
    memcpy(str, c->p, len);
    str[len] = '\0';
    c->p = stop;
    return str;
}

static int key_handler(void *user, const char *section, const char *name,
                       const char *value)
{
    ini_ctx *c = user;
    if (c->st != MU_OK)
        return 1; /* already failed: let inih finish quietly */
    c->st = c->fn(c->user, section, name, value, c->line, &c->err);
    if (c->st != MU_OK && c->err.line == 0)
        err_at(&c->err, c->st, c->name, c->line, "%s", c->err.msg);
    return 1;
}

mu_status inifile_parse_text(const char *text, size_t len, const char *name,
                         inifile_key_fn fn, void *user, mu_error *err)
{
    if (inifile_is_app(text, len))
        return inifile_parse_app(text, len, name, fn, user, err);
    if (memchr(text, '\0', len))
        return err_at(err, MU_EINPUT, name, 0,
                      "contains a NUL byte: not a text file");
    ini_ctx c = {.p = text, .end = text + len, .name = name, .fn = fn,
                 .user = user, .st = MU_OK};
    int rc = ini_parse_stream(line_reader, &c, key_handler, &c);
    if (rc == -2)
        return err_nomem(err);
    int first_bad = rc > 0 ? rc : 0;
    if (c.long_line && (!first_bad || c.long_line <= first_bad) &&
        (c.st == MU_OK || c.long_line <= c.err.line))
        return err_at(err, MU_EINPUT, name, c.long_line,
                      "line is longer than %zu bytes, the most an INI line "
                      "may hold: split the value or shorten it", c.limit);
    if (first_bad && (c.st == MU_OK || first_bad < c.err.line))
        return err_at(err, MU_EINPUT, name, first_bad,
                      "expected [section], key = value, or a ; comment");
    if (c.st != MU_OK) {
        if (err)
            *err = c.err;
        return c.st;
    }
    return MU_OK;
}

/* ---- the app form ---------------------------------------------------- */

static void app_field(sbuf *sb, const char *s)
{
    for (; *s; s++) {
        if (*s == '\t')
            mu_buf_puts(sb, "\\t");
        else if (*s == '\n')
            mu_buf_puts(sb, "\\n");
        else if (*s == '\\')
            mu_buf_puts(sb, "\\\\");
        else
            sb_ch(sb, *s);
    }
}

static mu_status app_key(void *user, const char *section, const char *key,
                         const char *value, int line, mu_error *err)
{
    (void)err;
    sbuf *sb = user;
    mu_buf_printf(sb, "%d\t", line);
    app_field(sb, section);
    mu_buf_puts(sb, "\t");
    app_field(sb, key);
    mu_buf_puts(sb, "\t");
    app_field(sb, value);
    mu_buf_puts(sb, "\n");
    return MU_OK;
}

mu_status mu_ini_export_app(const char *text, size_t len, const char *name,
                            char **out, mu_error *err)
{
    if (out)
        *out = NULL;
    if (!text || !out)
        return err_set(err, MU_EINPUT, "no text to export");
    /* The records of the text, checked as inifile_parse_text checks it (a
     * buffer out of memory fails in sb_finish). */
    sbuf sb = {0};
    mu_buf_puts(&sb, INIFILE_APP_MAGIC "\n");
    mu_status st = inifile_parse_text(text, len, name ? name : "<text>",
                                      app_key, &sb, err);
    if (st != MU_OK) {
        mu_buf_free(&sb);
        return st;
    }
    return sb_finish(&sb, out, err);
}
