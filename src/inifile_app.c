/* SPDX-License-Identifier: MIT */
/* inifile_app.c -- the keys of an INI file in the app form (inifile.h): read
 * without inih, so that the WebAssembly core, which has no INI reader, takes
 * the rules the native tool exported. The [header] lookup lives here too:
 * both readers' callers use it. */
#include "inifile.h"

#include <stdlib.h>
#include <string.h>

bool inifile_is_app(const char *text, size_t len)
{
    size_t n = sizeof INIFILE_APP_MAGIC - 1;
    return len > n && memcmp(text, INIFILE_APP_MAGIC, n) == 0 &&
           text[n] == '\n';
}

/* One field up to a tab or the end of the line, unescaped into dst (room
 * for the whole line); returns where it stopped. */
static const char *field(const char *p, const char *end, char *dst)
{
    while (p < end && *p != '\t' && *p != '\n') {
        char c = *p++;
        if (c == '\\' && p < end) {
            char e = *p++;
            c = e == 't' ? '\t' : e == 'n' ? '\n' : e;
        }
        *dst++ = c;
    }
    *dst = '\0';
    return p;
}

static mu_status bad_record(const char *name, int record, mu_error *err)
{
    return err_at(err, MU_EINPUT, name, record,
                  "not a record of an exported rules file: export it again");
}

/* One record line p..nl: its INI line and three fields into buf. */
static mu_status record(const char *p, const char *nl, char *buf, int *line,
                        char **f, const char *name, int n, mu_error *err)
{
    /* The line number, read within the record: the text need not end in
     * a NUL (strtol read past the end of a last record of digits). */
    const char *e = p;
    long v = 0;
    while (e < nl && *e >= '0' && *e <= '9' && v <= 10000000)
        v = v * 10 + (*e++ - '0');
    if (e == p || e >= nl || *e != '\t' || v < 1 || v > 10000000)
        return bad_record(name, n, err);
    *line = (int)v;
    p = e;
    char *dst = buf;
    for (int i = 0; i < 3; i++) {
        if (p >= nl || *p != '\t')
            return bad_record(name, n, err);
        f[i] = dst;
        p = field(p + 1, nl, dst);
        dst += strlen(dst) + 1;
    }
    return p == nl ? MU_OK : bad_record(name, n, err);
}

mu_status inifile_parse_app(const char *text, size_t len, const char *name,
                            inifile_key_fn fn, void *user, mu_error *err)
{
    if (!inifile_is_app(text, len))
        return err_at(err, MU_EINPUT, name, 1,
                      "not an exported rules file: export an INI file for "
                      "the app first");
    char *buf = malloc(len + 1);
    if (!buf)
        return err_nomem(err);
    const char *p = text + sizeof INIFILE_APP_MAGIC, *end = text + len;
    mu_status st = MU_OK;
    for (int n = 2; p < end && st == MU_OK; n++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            nl = end;
        int line = 0;
        char *f[3] = {0};
        st = record(p, nl, buf, &line, f, name, n, err);
        if (st == MU_OK) {
            st = fn(user, f[0], f[1], f[2], line, err);
            if (st != MU_OK && err && err->line == 0)
                err_at(err, st, name, line, "%s", err->msg);
        }
        p = nl + 1;
    }
    free(buf);
    return st;
}

int inifile_header_line(const char *text, size_t len, int key_line)
{
    if (inifile_is_app(text, len))
        return key_line;
    int line = 1, found = key_line;
    const char *p = text, *end = text + len;
    while (p < end && line <= key_line) {
        const char *q = p;
        while (q < end && (*q == ' ' || *q == '\t'))
            q++;
        if (q < end && *q == '[')
            found = line;
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            break;
        p = nl + 1;
        line++;
    }
    return found;
}
