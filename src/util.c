/* SPDX-License-Identifier: MIT */
/* util.c -- small shared helpers (see util.h). */
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool sb_grow(sbuf *sb, size_t more)
{
    if (sb->oom)
        return false;
    if (sb->len + more + 1 <= sb->cap)
        return true;
    size_t cap = sb->cap ? sb->cap : 256;
    while (cap < sb->len + more + 1)
        cap *= 2;
    char *p = realloc(sb->p, cap);
    if (!p) {
        sb->oom = true;
        return false;
    }
    sb->p = p;
    sb->cap = cap;
    return true;
}

void mu_buf_vprintf(sbuf *sb, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n < 0 || !sb_grow(sb, (size_t)n))
        return;
    vsnprintf(sb->p + sb->len, (size_t)n + 1, fmt, ap);
    sb->len += (size_t)n;
}

void mu_buf_printf(sbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    mu_buf_vprintf(sb, fmt, ap);
    va_end(ap);
}

void mu_buf_puts(sbuf *sb, const char *s)
{
    sb_put(sb, s, strlen(s));
}

mu_status sb_finish(sbuf *sb, char **out, mu_error *err)
{
    if (!sb_grow(sb, 0)) {
        mu_buf_free(sb);
        return err_nomem(err);
    }
    sb->p[sb->len] = '\0';
    *out = sb->p;
    sb->p = NULL;
    sb->len = sb->cap = 0;
    return MU_OK;
}

mu_status mu_buf_write(void *buf, const char *text, size_t len,
                       mu_error *err)
{
    sbuf *sb = buf;
    sb_put(sb, text, len);
    return sb->oom ? err_nomem(err) : MU_OK;
}

void mu_buf_free(sbuf *sb)
{
    free(sb->p);
    *sb = (sbuf){0};
}

bool util_parse_long(const char *s, long lo, long hi, long *out)
{
    if (!s)
        return false;
    while (isspace((unsigned char)*s))
        s++;
    if (!*s)
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || errno)
        return false;
    while (isspace((unsigned char)*end))
        end++;
    if (*end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* Reads at most MU_FILE_MAX + 1 bytes: one byte more than allowed is
 * enough to know a file is too large, and an endless one ends there. */
mu_status mu_file_read(const char *path, char **out, size_t *len,
                       mu_error *err)
{
    bool in = !strcmp(path, "-");
    const char *name = in ? "standard input" : path;
    FILE *f = in ? stdin : fopen(path, "rb");
    if (!f)
        return err_at(err, MU_EIO, name, 0, "cannot open: %s", strerror(errno));
    sbuf sb = {0};
    mu_status st = MU_OK;
    while (st == MU_OK && sb.len <= MU_FILE_MAX) {
        size_t want = MU_FILE_MAX + 1 - sb.len;
        if (want > 65536)
            want = 65536;
        if (!sb_grow(&sb, want)) {
            st = err_nomem(err);
            break;
        }
        size_t n = fread(sb.p + sb.len, 1, want, f);
        sb.len += n;
        if (n < want)
            break;
    }
    if (st == MU_OK && sb.len > MU_FILE_MAX)
        st = err_at(err, MU_EINPUT, name, 0, "larger than %u MiB, the most "
                    "muster reads of a file", MU_FILE_MAX >> 20);
    else if (st == MU_OK && ferror(f))
        st = err_at(err, MU_EIO, name, 0, "read error: %s", strerror(errno));
    if (!in)
        fclose(f);
    if (st != MU_OK) {
        mu_buf_free(&sb);
        return st;
    }
    size_t total = sb.len;
    st = sb_finish(&sb, out, err);
    if (st == MU_OK)
        *len = total;
    return st;
}

void util_faces_text(int lo, int hi, char buf[6])
{
    int v[2] = {lo % 100, hi % 100};
    char *p = buf;
    for (int i = 0; i < (hi > lo ? 2 : 1); i++) {
        if (i)
            *p++ = '-';
        *p++ = (char)('0' + v[i] / 10);
        *p++ = (char)('0' + v[i] % 10);
    }
    *p = '\0';
}
