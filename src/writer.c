/* SPDX-License-Identifier: MIT */
/* writer.c -- fast appends for the renderers of many records (writer.h). */
#include "writer.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* "00".."99": two digits for each number below 100. */
static const char wr_digits2[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536"
    "37383940414243444546474849505152535455565758596061626364656667686970717273"
    "7475767778798081828384858687888990919293949596979899";

size_t wr_u64(char *buf, uint64_t v)
{
    char tmp[20];
    size_t i = sizeof tmp;
    while (v >= 100) {
        unsigned d = (unsigned)(v % 100) * 2;
        v /= 100;
        tmp[--i] = wr_digits2[d + 1];
        tmp[--i] = wr_digits2[d];
    }
    if (v >= 10) {
        tmp[--i] = wr_digits2[v * 2 + 1];
        tmp[--i] = wr_digits2[v * 2];
    } else {
        tmp[--i] = (char)('0' + v);
    }
    size_t n = sizeof tmp - i;
    memcpy(buf, tmp + i, n);
    return n;
}

void sb_u64(sbuf *sb, uint64_t v)
{
    if (v < 10) {
        sb_ch(sb, (char)('0' + v));
        return;
    }
    char buf[20];
    sb_put(sb, buf, wr_u64(buf, v));
}

void sb_i64(sbuf *sb, int64_t v)
{
    if (v < 0) {
        sb_ch(sb, '-');
        sb_u64(sb, 0 - (uint64_t)v);
    } else {
        sb_u64(sb, (uint64_t)v);
    }
}

void sb_pad(sbuf *sb, int n)
{
    static const char blanks[] = "                                ";
    while (n > 0) {
        int k = n < (int)sizeof blanks - 1 ? n : (int)sizeof blanks - 1;
        sb_put(sb, blanks, (size_t)k);
        n -= k;
    }
}

/* The escape of byte c, or NULL when it goes as it is. */
static const char *json_escape(unsigned char c, char u[7])
{
    static const char hex[] = "0123456789abcdef";
    switch (c) {
    case '"': return "\\\"";
    case '\\': return "\\\\";
    case '\b': return "\\b";
    case '\f': return "\\f";
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\t': return "\\t";
    default:
        if (c >= 0x20)
            return NULL;
        memcpy(u, "\\u00", 4);
        u[4] = hex[c >> 4];
        u[5] = hex[c & 15];
        u[6] = '\0';
        return u;
    }
}

/* 1 for the bytes a JSON string cannot hold as they are. */
static const unsigned char json_special[256] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* '"' */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, /* '\\' */
};

/* s as a JSON string with its quotes: '"', '\\', \b \f \n \r \t as two
 * characters, other bytes below 0x20 as \u00xx; the rest (UTF-8) as is. */
static void sb_json_str(sbuf *sb, const char *s)
{
    sb_ch(sb, '"');
    const char *run = s;
    for (;; s++) {
        unsigned char c = (unsigned char)*s;
        if (!json_special[c])
            continue;
        sb_put(sb, run, (size_t)(s - run));
        if (!c)
            break;
        char u[7];
        mu_buf_puts(sb, json_escape(c, u));
        run = s + 1;
    }
    sb_ch(sb, '"');
}

/* ---- the JSON writer ------------------------------------------------------ */

void jw_init(jw *w, sbuf *sb, bool pretty, int depth)
{
    memset(w, 0, sizeof *w);
    w->sb = sb;
    w->pretty = pretty;
    w->depth = depth < JW_DEPTH ? depth : JW_DEPTH - 1;
}

static void tabs(sbuf *sb, int n)
{
    static const char t[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
    sb_put(sb, t, (size_t)(n < 16 ? n : 16));
}

/* What goes before a value: the separator, and in an object the key. */
void jw_key(jw *w, const char *key)
{
    int d = w->depth;
    if (d == 0 || d >= JW_DEPTH)
        return;
    if (!w->obj[d]) {
        if (w->n[d]++)
            sb_put(w->sb, ", ", w->pretty ? 2 : 1);
        return;
    }
    if (w->n[d]++)
        sb_put(w->sb, ",\n", w->pretty ? 2 : 1);
    if (w->pretty)
        tabs(w->sb, d);
    sb_json_str(w->sb, key ? key : "");
    sb_put(w->sb, ":\t", w->pretty ? 2 : 1);
}

static void jw_open(jw *w, const char *key, bool obj)
{
    jw_key(w, key);
    sb_ch(w->sb, obj ? '{' : '[');
    if (obj && w->pretty)
        sb_ch(w->sb, '\n');
    if (w->depth + 1 < JW_DEPTH) {
        w->depth++;
        w->n[w->depth] = 0;
        w->obj[w->depth] = obj;
    }
}

void jw_obj(jw *w, const char *key) { jw_open(w, key, true); }
void jw_arr(jw *w, const char *key) { jw_open(w, key, false); }

void jw_end(jw *w)
{
    int d = w->depth;
    if (d <= 0)
        return;
    if (w->obj[d]) {
        if (w->pretty) {
            if (w->n[d])
                sb_ch(w->sb, '\n');
            tabs(w->sb, d - 1);
        }
        sb_ch(w->sb, '}');
    } else {
        sb_ch(w->sb, ']');
    }
    w->depth--;
}

void jw_str(jw *w, const char *key, const char *v)
{
    jw_key(w, key);
    sb_json_str(w->sb, v);
}

void jw_int(jw *w, const char *key, int64_t v)
{
    jw_key(w, key);
    sb_i64(w->sb, v);
}

void jw_u64(jw *w, const char *key, uint64_t v)
{
    jw_key(w, key);
    sb_u64(w->sb, v);
}

void jw_bool(jw *w, const char *key, bool v)
{
    jw_key(w, key);
    if (v)
        SB_LIT(w->sb, "true");
    else
        SB_LIT(w->sb, "false");
}

void jw_null(jw *w, const char *key)
{
    jw_key(w, key);
    SB_LIT(w->sb, "null");
}

static size_t printed(int n)
{
    return n < 0 ? 0 : (size_t)n;
}

/* v as cJSON (1.7.15) prints a number, so JSON written here and JSON cJSON
 * printed agree byte for byte: NaN and infinities "null"; else "%1.15g"
 * when that reads back within DBL_EPSILON (relative), else "%1.17g".
 * Returns the length; buf is terminated. */
static size_t wr_num_cjson(double v, char buf[32])
{
    if (isnan(v) || isinf(v))
        return printed(snprintf(buf, 32, "null"));
    int n = snprintf(buf, 32, "%1.15g", v);
    double t = strtod(buf, NULL);
    if (!(fabs(t - v) <= fmax(fabs(t), fabs(v)) * DBL_EPSILON))
        n = snprintf(buf, 32, "%1.17g", v);
    return printed(n);
}

void jw_double(jw *w, const char *key, double v)
{
    char buf[32];
    size_t n = wr_num_cjson(v, buf);
    jw_key(w, key);
    sb_put(w->sb, buf, n);
}

size_t wr_num_g(double v, char buf[32])
{
    int n = 0;
    for (int prec = 15; prec <= 17; prec++) {
        n = snprintf(buf, 32, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    return printed(n);
}

void jw_raw(jw *w, const char *key, const char *text)
{
    jw_key(w, key);
    mu_buf_puts(w->sb, text);
}

/* ---- output in chunks ----------------------------------------------------- */

void wr_out_init(wr_out *o, mu_sink_fn write, void *ctx)
{
    memset(o, 0, sizeof *o);
    o->write = write;
    o->ctx = ctx;
}

static mu_status wr_out_flush(wr_out *o, mu_error *err)
{
    if (o->sb.oom)
        return err_nomem(err);
    if (!o->write || o->sb.len == 0)
        return MU_OK;
    mu_status st = o->write(o->ctx, o->sb.p, o->sb.len, err);
    o->sb.len = 0;
    o->sent = true;
    return st;
}

mu_status wr_out_record(wr_out *o, mu_error *err)
{
    if (o->sb.oom)
        return err_nomem(err);
    if (!o->write || (o->sent && o->sb.len < WR_CHUNK))
        return MU_OK;
    return wr_out_flush(o, err);
}

mu_status wr_out_end(wr_out *o, char **out, mu_error *err)
{
    if (out)
        *out = NULL;
    if (o->write || !out) {
        mu_status st = wr_out_flush(o, err);
        mu_buf_free(&o->sb);
        return st;
    }
    return sb_finish(&o->sb, out, err);
}

void wr_out_free(wr_out *o)
{
    mu_buf_free(&o->sb);
}

void mu_json_init(mu_json *w, mu_buf *b) { jw_init(w, b, false, 0); }
void mu_json_obj(mu_json *w, const char *key) { jw_obj(w, key); }
void mu_json_end(mu_json *w) { jw_end(w); }
void mu_json_str(mu_json *w, const char *key, const char *v) { jw_str(w, key, v); }
void mu_json_int(mu_json *w, const char *key, int64_t v) { jw_int(w, key, v); }
void mu_json_bool(mu_json *w, const char *key, bool v) { jw_bool(w, key, v); }
void mu_json_null(mu_json *w, const char *key) { jw_null(w, key); }
