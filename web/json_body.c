/* SPDX-License-Identifier: MIT */
/* json_body.c -- a request's JSON body read strictly (RFC 8259): one
 * object, nothing after it, no name twice, UTF-8 only, no NUL, numbers
 * exactly as written. cJSON takes trailing text, a second object, cuts a
 * string at \u0000, keeps the last of two names and reads numbers as
 * doubles (0.99999999999999999 became 1): none of that here. */
#include "json_body.h"

#include "muster.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NUM_MAX = 64 }; /* digits of a number written out */

typedef struct rd {
    const unsigned char *p, *end;
    char *w;   /* next free byte of the arena */
    char *why;
    size_t wn;
} rd;

static bool fail(rd *r, const char *msg)
{
    snprintf(r->why, r->wn, "%s", msg);
    return false;
}

/* How many bytes of a name a reason quotes: at most 40, ending where a
 * character ends (the name is valid UTF-8: it was read). */
static int quoted(const char *name)
{
    size_t n = strlen(name);
    if (n <= 40)
        return (int)n;
    n = 40;
    while (n && ((unsigned char)name[n] & 0xC0) == 0x80)
        n--;
    return (int)n;
}

static void ws(rd *r)
{
    while (r->p < r->end &&
           (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
        r->p++;
}

bool web_utf8_ok(const char *s, size_t n)
{
    for (size_t i = 0, k; i < n; i += k) {
        uint32_t cp;
        if (!(k = mu_utf8_decode(s + i, n - i, &cp)) || !cp)
            return false;
    }
    return true;
}

void web_utf8_clean(char *s)
{
    uint32_t cp;
    for (size_t i = 0, n = strlen(s), k; i < n; i += k)
        if (!(k = mu_utf8_decode(s + i, n - i, &cp))) {
            s[i] = '?';
            k = 1;
        }
}

/* cp as UTF-8: a lead byte, then its low bits six at a time. */
static void put_utf8(rd *r, uint32_t cp)
{
    static const unsigned char lead[5] = {0, 0, 0xC0, 0xE0, 0xF0};
    int n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    for (int i = n - 1; i > 0; i--, cp >>= 6)
        r->w[i] = (char)(0x80 | (cp & 0x3F));
    r->w[0] = (char)(lead[n] | cp);
    r->w += n;
}

static bool hex4(rd *r, uint32_t *v)
{
    if (r->end - r->p < 4)
        return false;
    *v = 0;
    for (int i = 0; i < 4; i++) {
        unsigned char c = *r->p++;
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0)
            return false;
        *v = *v << 4 | (uint32_t)d;
    }
    return true;
}

/* \uXXXX (the backslash and u read), a surrogate pair whole. */
static bool unicode_escape(rd *r)
{
    uint32_t v, lo;
    if (!hex4(r, &v))
        return fail(r, "a \\u escape needs four hex digits");
    if (v >= 0xDC00 && v <= 0xDFFF)
        return fail(r, "a lone low surrogate (\\uDC00-\\uDFFF)");
    if (v >= 0xD800 && v <= 0xDBFF) {
        if (r->end - r->p < 2 || r->p[0] != '\\' || r->p[1] != 'u')
            return fail(r, "a high surrogate without its low one");
        r->p += 2;
        if (!hex4(r, &lo) || lo < 0xDC00 || lo > 0xDFFF)
            return fail(r, "a high surrogate without its low one");
        v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
    }
    if (!v)
        return fail(r, "a NUL (\\u0000) in a string");
    put_utf8(r, v);
    return true;
}

/* A string (at its opening quote), decoded into the arena. */
static bool string(rd *r, const char **out)
{
    r->p++;
    *out = r->w;
    for (;;) {
        if (r->p >= r->end)
            return fail(r, "a string is not closed");
        unsigned char c = *r->p;
        if (c == '"') {
            r->p++;
            *r->w++ = '\0';
            return true;
        }
        if (c < 0x20)
            return fail(r, "a control character in a string: escape it");
        if (c != '\\') {
            uint32_t cp;
            size_t k = mu_utf8_decode((const char *)r->p,
                                      (size_t)(r->end - r->p), &cp);
            if (!k)
                return fail(r, "the body is not valid UTF-8");
            memcpy(r->w, r->p, k);
            r->w += k;
            r->p += k;
            continue;
        }
        if (++r->p >= r->end)
            return fail(r, "a string is not closed");
        static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
        const char *e = strchr(from, *r->p);
        if (*r->p == 'u') {
            r->p++;
            if (!unicode_escape(r))
                return false;
        } else if (e && *e) {
            *r->w++ = to[e - from];
            r->p++;
        } else {
            return fail(r, "an unknown escape in a string");
        }
    }
}

static size_t digits(rd *r)
{
    const unsigned char *s = r->p;
    while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
        r->p++;
    return (size_t)(r->p - s);
}

/* The number's digits d (n of them) with the point after `point` of them
 * (any integer: before the first, past the last), written out. */
static bool write_number(rd *r, bool neg, const char *d, size_t n,
                         long point)
{
    while (n && *d == '0') { /* leading zeros move the point */
        d++, n--, point--;
    }
    while (n && d[n - 1] == '0' && (long)n > point) /* trailing, after it */
        n--;
    if (!n) {
        memcpy(r->w, "0", 2);
        r->w += 2;
        return true;
    }
    long width = point <= 0 ? 2 - point + (long)n
                 : point >= (long)n ? point : (long)n + 1;
    if (width + neg >= NUM_MAX)
        return fail(r, "a number with too many digits");
    char *w = r->w;
    if (neg)
        *w++ = '-';
    if (point <= 0) {
        *w++ = '0', *w++ = '.';
        for (long i = 0; i < -point; i++)
            *w++ = '0';
        memcpy(w, d, n), w += n;
    } else if (point >= (long)n) {
        memcpy(w, d, n), w += n;
        for (long i = (long)n; i < point; i++)
            *w++ = '0';
    } else {
        memcpy(w, d, (size_t)point), w += point;
        *w++ = '.';
        memcpy(w, d + point, n - (size_t)point), w += n - (size_t)point;
    }
    *w++ = '\0';
    r->w = w;
    return true;
}

/* A number in RFC 8259's grammar, written out exactly. */
static bool number(rd *r, const char **out)
{
    bool neg = r->p < r->end && *r->p == '-';
    if (neg)
        r->p++;
    const unsigned char *ip = r->p;
    size_t ni = digits(r);
    if (!ni || (ni > 1 && *ip == '0'))
        return fail(r, "a number must be written as JSON writes it");
    const unsigned char *fp = NULL;
    size_t nf = 0;
    if (r->p < r->end && *r->p == '.') {
        r->p++;
        fp = r->p;
        if (!(nf = digits(r)))
            return fail(r, "a number must be written as JSON writes it");
    }
    long exp = 0;
    if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
        r->p++;
        bool eneg = r->p < r->end && *r->p == '-';
        if (r->p < r->end && (*r->p == '-' || *r->p == '+'))
            r->p++;
        const unsigned char *ep = r->p;
        size_t ne = digits(r);
        if (!ne)
            return fail(r, "a number must be written as JSON writes it");
        for (size_t i = 0; i < ne; i++) {
            exp = exp * 10 + (ep[i] - '0');
            if (exp > 4 * NUM_MAX)
                return fail(r, "a number with too many digits");
        }
        if (eneg)
            exp = -exp;
    }
    if (ni + nf >= NUM_MAX)
        return fail(r, "a number with too many digits");
    char d[NUM_MAX];
    memcpy(d, ip, ni);
    if (nf)
        memcpy(d + ni, fp, nf);
    *out = r->w;
    return write_number(r, neg, d, ni + nf, (long)ni + exp);
}

/* true or false, as written, into the arena. */
static bool literal(rd *r, const char *word, const char **out)
{
    size_t n = strlen(word);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n))
        return false;
    r->p += n;
    *out = memcpy(r->w, word, n + 1);
    r->w += n + 1;
    return true;
}

static bool value(rd *r, const char *name, const char **out)
{
    if (r->p >= r->end)
        return fail(r, "the object is not closed");
    unsigned char c = *r->p;
    if (c == '"')
        return string(r, out);
    if (c == '-' || (c >= '0' && c <= '9'))
        return number(r, out);
    if (literal(r, "true", out) || literal(r, "false", out))
        return true;
    snprintf(r->why, r->wn, "%.*s: give a string, a number or true/false",
             quoted(name), name);
    return false;
}

bool web_json_object(const char *body, size_t n, web_arg *out, size_t max,
                     size_t *count, char **arena, char *why, size_t wn)
{
    *count = 0;
    /* Decoded text never outgrows its JSON; a number written out takes at
     * most NUM_MAX, true/false 6. */
    *arena = malloc(n + 1 + (max + 1) * (NUM_MAX + 8));
    if (!*arena) {
        snprintf(why, wn, "out of memory");
        return false;
    }
    rd r = {(const unsigned char *)body, (const unsigned char *)body + n,
            *arena, why, wn};
    const char *shape = "the body must be one JSON object of options: "
                        "{\"lost\": 2, \"brigade\": 1}";
    ws(&r);
    if (r.p >= r.end || *r.p != '{')
        return fail(&r, shape);
    r.p++;
    ws(&r);
    bool first = true;
    while (r.p < r.end && *r.p != '}') {
        if (!first) {
            if (*r.p != ',')
                return fail(&r, shape);
            r.p++;
            ws(&r);
        }
        first = false;
        if (r.p >= r.end || *r.p != '"')
            return fail(&r, shape);
        const char *name, *v;
        if (!string(&r, &name))
            return false;
        for (size_t i = 0; i < *count; i++)
            if (!strcmp(out[i].name, name)) {
                snprintf(why, wn, "%.*s: given twice", quoted(name), name);
                return false;
            }
        if (*count >= max) {
            snprintf(why, wn, "too many options: at most %zu", max);
            return false;
        }
        ws(&r);
        if (r.p >= r.end || *r.p != ':')
            return fail(&r, shape);
        r.p++;
        ws(&r);
        if (!value(&r, name, &v))
            return false;
        out[*count].name = name;
        out[*count].value = v;
        (*count)++;
        ws(&r);
    }
    if (r.p >= r.end)
        return fail(&r, "the object is not closed");
    r.p++;
    ws(&r);
    if (r.p != r.end)
        return fail(&r, "the body must be exactly one JSON object, with "
                        "nothing after it");
    return true;
}
