/* SPDX-License-Identifier: MIT */
/* canon.c -- canonical JSON (RFC 8785, JCS) written from a cJSON tree (see
 * muster.h); the commitments made of it are in commit.c. cJSON parses; this
 * file only decides how a parsed value is written. */
#include "canon.h"
#include "error.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- numbers ------------------------------------------------------------ */

/* b (as %.*e writes it) with its last digit one higher; false when that
 * carries into a new leading digit. */
static bool next_up(char *b)
{
    char *c = strchr(b, 'e');
    while (--c >= b) {
        if (*c == '.')
            continue;
        if (*c != '9') {
            (*c)++;
            return true;
        }
        *c = '0';
    }
    return false;
}

/* The shortest digits that read back as v (finite, > 0), the nearest to v
 * of equally short ones, into dig (no trailing zeros); returns x such that
 * v reads d.ddd x 10^x. printf's %.*e rounds correctly, so the first
 * precision that reads back gives them. For a normal double no two 15-digit
 * decimals read back as it, so 15 digits, their trailing zeros dropped, are
 * the shortest whenever any 15 or fewer are. At a power of two the doubles
 * below lie closer than those above, so at 16 digits the nearest may miss
 * while its upper neighbour reads back. */
static int shortest(double v, char dig[20])
{
    char b[40];
    for (int p = v >= DBL_MIN ? 15 : 1; p <= 17; p++) {
        snprintf(b, sizeof b, "%.*e", p - 1, v);
        if (strtod(b, NULL) == v)
            break;
        char up[40];
        memcpy(up, b, sizeof up);
        if (p == 16 && next_up(up) && strtod(up, NULL) == v) {
            memcpy(b, up, sizeof b);
            break;
        }
    }
    char *e = strchr(b, 'e');
    int k = 0;
    for (const char *c = b; c < e; c++)
        if (*c != '.')
            dig[k++] = *c;
    while (k > 1 && dig[k - 1] == '0')
        k--;
    dig[k] = '\0';
    return (int)strtol(e + 1, NULL, 10);
}

/* ECMAScript Number::toString of a finite double (RFC 8785 section 3.2.2.3),
 * at most 25 bytes and the terminator. */
static void canon_number(double v, char buf[32])
{
    if (v == 0) { /* -0 too */
        memcpy(buf, "0", 2);
        return;
    }
    char dig[20];
    char *o = buf;
    if (v < 0) {
        *o++ = '-';
        v = -v;
    }
    int e = shortest(v, dig);
    int k = (int)strlen(dig);
    int n = e + 1; /* the value is 0.dig x 10^n */
    if (k <= n && n <= 21) {
        memcpy(o, dig, (size_t)k);
        o += k;
        for (int i = 0; i < n - k; i++)
            *o++ = '0';
        *o = '\0';
    } else if (0 < n && n < k) { /* ES: 0 < n <= 21; n >= k went above */
        memcpy(o, dig, (size_t)n);
        o += n;
        *o++ = '.';
        memcpy(o, dig + n, (size_t)(k - n) + 1);
    } else if (-6 < n && n <= 0) {
        *o++ = '0';
        *o++ = '.';
        for (int i = 0; i < -n; i++)
            *o++ = '0';
        memcpy(o, dig, (size_t)k + 1);
    } else {
        *o++ = dig[0];
        if (k > 1) {
            *o++ = '.';
            memcpy(o, dig + 1, (size_t)k - 1);
            o += k - 1;
        }
        char ex[16]; /* |n - 1| <= 324 */
        snprintf(ex, sizeof ex, "e%c%d", n - 1 < 0 ? '-' : '+', abs(n - 1));
        memcpy(o, ex, strlen(ex) + 1);
    }
}

/* ---- strings ------------------------------------------------------------ */

size_t mu_utf8_decode(const char *str, size_t n, uint32_t *cp)
{
    const unsigned char *s = (const unsigned char *)str;
    unsigned char c = s[0];
    size_t len;
    uint32_t v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if (c >= 0xC2 && c <= 0xDF) {
        len = 2, v = c & 0x1F, min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3, v = c & 0x0F, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4, v = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) { /* a NUL ends it: no read past */
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return len;
}

/* The character at *p of a NUL-terminated string, or -1; *p past it. */
static long utf8_next(const unsigned char **p)
{
    uint32_t cp;
    size_t k = mu_utf8_decode((const char *)*p, 4, &cp);
    if (!k)
        return -1;
    *p += k;
    return (long)cp;
}

bool canon_utf8_valid(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p)
        if (utf8_next(&p) < 0)
            return false;
    return true;
}

/* The next UTF-16 code unit of a valid UTF-8 string, -1 at its end; *low
 * keeps the second half of a surrogate pair. */
static long utf16_next(const unsigned char **p, long *low)
{
    if (*low) {
        long u = *low;
        *low = 0;
        return u;
    }
    if (!**p)
        return -1;
    long cp = utf8_next(p);
    if (cp < 0x10000)
        return cp;
    *low = 0xDC00 + ((cp - 0x10000) & 0x3FF);
    return 0xD800 + ((cp - 0x10000) >> 10);
}

/* Compares two valid UTF-8 strings by UTF-16 code units, as RFC 8785 sorts
 * keys. Plain byte order differs only where a character above U+FFFF (a
 * surrogate pair, 0xD800..) meets one in U+E000..U+FFFF. */
static int utf16_cmp(const char *a, const char *b)
{
    const unsigned char *p = (const unsigned char *)a;
    const unsigned char *q = (const unsigned char *)b;
    long low_a = 0, low_b = 0;
    for (;;) {
        long ua = utf16_next(&p, &low_a), ub = utf16_next(&q, &low_b);
        if (ua != ub) /* a string that ends first (-1) sorts first */
            return ua < ub ? -1 : 1;
        if (ua < 0)
            return 0;
    }
}

static mu_status put_string(sbuf *sb, const char *s, mu_error *err)
{
    if (!canon_utf8_valid(s))
        return err_set(err, MU_EINPUT, "a JSON string is not valid UTF-8");
    mu_buf_puts(sb, "\"");
    const char *run = s;
    for (const char *p = s;; p++) {
        unsigned char c = (unsigned char)*p;
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        if (p > run) /* the plain run before this character */
            mu_buf_printf(sb, "%.*s", (int)(p - run), run);
        if (!c)
            break;
        switch (c) {
        case '"': mu_buf_puts(sb, "\\\""); break;
        case '\\': mu_buf_puts(sb, "\\\\"); break;
        case '\b': mu_buf_puts(sb, "\\b"); break;
        case '\f': mu_buf_puts(sb, "\\f"); break;
        case '\n': mu_buf_puts(sb, "\\n"); break;
        case '\r': mu_buf_puts(sb, "\\r"); break;
        case '\t': mu_buf_puts(sb, "\\t"); break;
        default: mu_buf_printf(sb, "\\u%04x", c);
        }
        run = p + 1;
    }
    mu_buf_puts(sb, "\"");
    return MU_OK;
}

/* ---- values ------------------------------------------------------------- */

static int key_cmp(const void *a, const void *b)
{
    const cJSON *x = *(const cJSON *const *)a;
    const cJSON *y = *(const cJSON *const *)b;
    return utf16_cmp(x->string, y->string);
}

static mu_status canon_object(const cJSON *v, sbuf *sb, int depth,
                              mu_error *err);

static mu_status canon_value(const cJSON *v, sbuf *sb, int depth,
                             mu_error *err)
{
    if (depth > CJSON_NESTING_LIMIT)
        return err_set(err, MU_EINPUT, "JSON nested too deeply");
    switch (v->type & 0xFF) {
    case cJSON_False: mu_buf_puts(sb, "false"); return MU_OK;
    case cJSON_True: mu_buf_puts(sb, "true"); return MU_OK;
    case cJSON_NULL: mu_buf_puts(sb, "null"); return MU_OK;
    case cJSON_Number: {
        if (!isfinite(v->valuedouble))
            return err_set(err, MU_EINPUT,
                           "a JSON number is too large for a double");
        char buf[32];
        canon_number(v->valuedouble, buf);
        mu_buf_puts(sb, buf);
        return MU_OK;
    }
    case cJSON_String:
        return put_string(sb, v->valuestring ? v->valuestring : "", err);
    case cJSON_Array: {
        mu_buf_puts(sb, "[");
        for (const cJSON *c = v->child; c; c = c->next) {
            if (c != v->child)
                mu_buf_puts(sb, ",");
            mu_status st = canon_value(c, sb, depth + 1, err);
            if (st != MU_OK)
                return st;
        }
        mu_buf_puts(sb, "]");
        return MU_OK;
    }
    case cJSON_Object:
        return canon_object(v, sb, depth, err);
    default:
        return err_set(err, MU_EINPUT, "not a JSON value");
    }
}

static mu_status canon_object(const cJSON *v, sbuf *sb, int depth,
                              mu_error *err)
{
    size_t n = 0;
    for (const cJSON *c = v->child; c; c = c->next)
        n++;
    if (n == 0) {
        mu_buf_puts(sb, "{}");
        return MU_OK;
    }
    const cJSON **kids = malloc(n * sizeof *kids);
    if (!kids)
        return err_nomem(err);
    size_t i = 0;
    for (const cJSON *c = v->child; c; c = c->next) {
        if (!c->string || !canon_utf8_valid(c->string)) {
            free(kids);
            return err_set(err, MU_EINPUT, "a JSON key is not valid UTF-8");
        }
        kids[i++] = c;
    }
    qsort(kids, n, sizeof *kids, key_cmp);
    mu_status st = MU_OK;
    mu_buf_puts(sb, "{");
    for (i = 0; i < n && st == MU_OK; i++) {
        if (i && !strcmp(kids[i]->string, kids[i - 1]->string)) {
            st = err_set(err, MU_EINPUT, "key \"%.64s\" is given twice in one "
                         "object", kids[i]->string);
            break;
        }
        if (i)
            mu_buf_puts(sb, ",");
        st = put_string(sb, kids[i]->string, err);
        if (st == MU_OK) {
            mu_buf_puts(sb, ":");
            st = canon_value(kids[i], sb, depth + 1, err);
        }
    }
    mu_buf_puts(sb, "}");
    free(kids);
    return st;
}

/* MU_EINPUT when the tree holds what RFC 8785 cannot write (a non-finite
 * number, a string that is not UTF-8, a key given twice); no tree is a
 * cJSON that ran out of memory. */
mu_status canon_print(const cJSON *v, char **out, mu_error *err)
{
    sbuf sb = {0};
    mu_status st = v ? canon_value(v, &sb, 0, err) : err_nomem(err);
    if (st != MU_OK) {
        mu_buf_free(&sb);
        return st;
    }
    return sb_finish(&sb, out, err);
}

/* cJSON turns \u0000 into a terminator, silently cutting the string short;
 * refuse it instead. Scans strings for that escape. */
static bool has_escaped_nul(const char *s, size_t len)
{
    bool in = false;
    for (size_t i = 0; i < len; i++) {
        if (!in) {
            in = s[i] == '"';
        } else if (s[i] == '"') {
            in = false;
        } else if (s[i] == '\\' && i + 1 < len) {
            if (s[i + 1] == 'u' && i + 5 < len && s[i + 2] == '0' &&
                s[i + 3] == '0' && s[i + 4] == '0' && s[i + 5] == '0')
                return true;
            i++;
        }
    }
    return false;
}

/* A key given twice in one object, anywhere in the tree: cJSON keeps both,
 * its lookups find the first, other readers (Python, jq) keep the last, so
 * such a document means different things to different readers. Refused. */
static int str_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorted, so that an object of many keys costs n log n, not n^2. */
static mu_status object_keys_unique(const cJSON *v, mu_error *err)
{
    size_t n = 0;
    for (const cJSON *c = v->child; c; c = c->next)
        n++;
    if (n < 2)
        return MU_OK;
    const char **keys = malloc(n * sizeof *keys);
    if (!keys)
        return err_nomem(err);
    size_t i = 0;
    for (const cJSON *c = v->child; c; c = c->next)
        keys[i++] = c->string ? c->string : "";
    qsort(keys, n, sizeof *keys, str_cmp);
    mu_status st = MU_OK;
    for (i = 1; i < n && st == MU_OK; i++)
        if (!strcmp(keys[i], keys[i - 1]))
            st = err_set(err, MU_EINPUT, "key \"%.64s\" is given twice in one "
                         "object: muster reads no JSON whose meaning depends "
                         "on the reader", keys[i]);
    free(keys);
    return st;
}

static mu_status unique_keys(const cJSON *v, int depth, mu_error *err)
{
    if (depth > CJSON_NESTING_LIMIT)
        return err_set(err, MU_EINPUT, "JSON nested too deeply");
    mu_status st = cJSON_IsObject(v) ? object_keys_unique(v, err) : MU_OK;
    for (const cJSON *c = v->child; c && st == MU_OK; c = c->next)
        st = unique_keys(c, depth + 1, err);
    return st;
}

mu_status canon_parse(const char *text, size_t len, cJSON **out, mu_error *err)
{
    if (!text)
        return err_set(err, MU_EINPUT, "no JSON given");
    if (memchr(text, '\0', len))
        return err_set(err, MU_EINPUT, "the JSON holds a NUL byte");
    if (has_escaped_nul(text, len))
        return err_set(err, MU_EINPUT,
                       "the JSON holds \\u0000, which muster does not accept");
    char *copy = malloc(len + 1);
    if (!copy)
        return err_nomem(err);
    memcpy(copy, text, len);
    copy[len] = '\0';
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(copy, len + 1, &end, 1);
    if (!root) { /* where cJSON stopped, as a line and column */
        size_t at = end && end >= copy ? (size_t)(end - copy) : 0;
        int line = 1, col = 1;
        for (size_t i = 0; i < at && i < len; i++, col++)
            if (copy[i] == '\n') {
                line++;
                col = 0;
            }
        free(copy);
        return err_at(err, MU_EINPUT, NULL, line, "not valid JSON (line %d, "
                      "column %d)", line, col);
    }
    free(copy);
    mu_status st = unique_keys(root, 0, err);
    if (st != MU_OK) {
        cJSON_Delete(root);
        return st;
    }
    *out = root;
    return MU_OK;
}

mu_status mu_json_canonicalize(const char *text, size_t len, char **out,
                            mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    cJSON *root;
    mu_status st = canon_parse(text, len, &root, err);
    if (st != MU_OK)
        return st;
    st = canon_print(root, out, err);
    cJSON_Delete(root);
    return st;
}
