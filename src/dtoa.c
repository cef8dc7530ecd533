/* SPDX-License-Identifier: MIT */
/* dtoa.c -- the shortest round-trip decimal of a double (dtoa.h).
 *
 * Fast path. v = f * 2^e (f < 2^53). Its rounding interval, the reals that
 * read back as v, is [v - u, v + u'] with u = u' = half an ulp (u' = 2u at
 * a power of two, whose lower neighbour is closer). With k chosen so that
 * v * 10^k lies in [10^16.7, 10^18), the interval's ends and v are scaled
 * by 10^k ~ c * 2^t (c 128 bits, relative error <= 2^-128) into 64.64
 * fixed point: an error below 2^-65 from c and below 2^-64 from cutting
 * the product, so below MARGIN units of 2^-64. The shortest decimal is
 * then the multiple of the largest power 10^j found inside the scaled
 * interval, the nearest to v when two are. Every comparison that falls
 * within MARGIN of its threshold (an end on a multiple, v half-way between
 * two) is left to the slow path, which also takes subnormals. */
#include "dtoa.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtoa_pow10.h"

typedef unsigned __int128 u128;

#define MARGIN 4u /* units of 2^-64 */

/* m * c / 2^s as 64.64 fixed point (0 < s < 128; the result fits). */
static u128 scale(uint64_t m, const struct dtoa_pow10 *c, int s)
{
    u128 lo = (u128)m * c->lo, hi = (u128)m * c->hi;
    u128 mid = (lo >> 64) + (uint64_t)hi;
    uint64_t r0 = (uint64_t)lo, r1 = (uint64_t)mid;
    uint64_t r2 = (uint64_t)(hi >> 64) + (uint64_t)(mid >> 64);
    u128 top = ((u128)r2 << 64) | r1; /* the product / 2^64 */
    if (s >= 64)
        return top >> (s - 64);
    return (top << (64 - s)) | (r0 >> s);
}

/* Is fixed-point a within MARGIN of a multiple of p (an integer)? */
static bool near_multiple(u128 a, uint64_t p)
{
    u128 step = (u128)p << 64;
    u128 r = ((u128)((uint64_t)(a >> 64) % p) << 64) | (uint64_t)a;
    return r < MARGIN || step - r < MARGIN;
}

static const uint64_t pow10_64[20] = {
    1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u,
    1000000000u, 10000000000u, 100000000000u, 1000000000000u,
    10000000000000u, 100000000000000u, 1000000000000000u,
    10000000000000000u, 100000000000000000u, 1000000000000000000u,
    10000000000000000000u};

/* The multiple of 10^j in [lo, hi] nearest to x, in q; false when there is
 * none. *sure is cleared when a comparison was too close to call. */
static bool pick(u128 lo, u128 hi, u128 x, int j, uint64_t *q, bool *sure)
{
    uint64_t p = pow10_64[j];
    if (near_multiple(lo, p) || near_multiple(hi, p)) {
        *sure = false;
        return false;
    }
    uint64_t first = ((uint64_t)(lo >> 64) / p + 1) * p; /* > lo: not on one */
    if (((u128)first << 64) > hi)
        return false;
    uint64_t xi = (uint64_t)(x >> 64);
    u128 r = ((u128)(xi % p) << 64) | (uint64_t)x; /* x mod p */
    u128 half = (u128)p << 63;
    if ((r > half ? r - half : half - r) < MARGIN) {
        *sure = false;
        return false;
    }
    uint64_t fl = xi - xi % p, near = r > half ? fl + p : fl;
    uint64_t other = r > half ? fl : fl + p; /* x's other neighbour */
    u128 nf = (u128)near << 64;
    *q = nf >= lo && nf <= hi ? near : other;
    (void)first;
    return true;
}

/* v (normal, > 0) as f * 2^e and the scale 10^k that puts v * 10^k in
 * [10^16, 10^18): *s is the shift for scale() of 4f. False when out of
 * the fast path's range. */
typedef struct scaled {
    uint64_t f;
    int e, k, s;
    bool lopsided;
    const struct dtoa_pow10 *c;
} scaled;

static bool scale_of(double v, scaled *sc)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int be = (int)(bits >> 52) & 0x7ff;
    if (be == 0 || be == 0x7ff || (bits >> 63)) /* 0, subnormal, inf, nan */
        return false;
    sc->f = (bits & ((1ull << 52) - 1)) | (1ull << 52);
    sc->e = be - 1075; /* v = f * 2^e */
    sc->lopsided = sc->f == (1ull << 52) && be > 1;
    sc->k = 18 - (int)ceil((sc->e + 53) * 0.30102999566398120);
    if (sc->k < DTOA_K_MIN || sc->k > DTOA_K_MAX)
        return false;
    sc->c = &dtoa_pow10[sc->k - DTOA_K_MIN];
    sc->s = -(sc->e - 2 + sc->c->t + 64); /* 4f * 2^(e-2) * c * 2^t * 2^64 */
    return sc->s > 0 && sc->s < 128;
}

static bool in_range(u128 X)
{
    return (X >> 64) >= 10000000000000000u && (X >> 64) < 1000000000000000000u;
}

/* The digits of n without its trailing zeros; returns how many digits n
 * had in all (n > 0). */
static int digits_of(uint64_t n, char dig[21])
{
    char tmp[20];
    int all = 0, first = -1;
    for (; n; n /= 10) {
        tmp[all] = (char)('0' + n % 10);
        if (first < 0 && tmp[all] != '0')
            first = all;
        all++;
    }
    int nd = all - first;
    for (int i = 0; i < nd; i++)
        dig[i] = tmp[all - 1 - i];
    dig[nd] = '\0';
    return all;
}

bool dtoa_fast(double v, char dig[20], int *x)
{
    scaled sc;
    if (!scale_of(v, &sc))
        return false;
    const struct dtoa_pow10 *c = sc.c;
    uint64_t f = sc.f;
    int s = sc.s, k = sc.k;
    u128 X = scale(4 * f, c, s), U = scale(4 * f + 2, c, s),
         L = scale(4 * f - (sc.lopsided ? 1 : 2), c, s);
    if (!in_range(X))
        return false;
    bool sure = true;
    uint64_t q = 0, q2;
    int j = 0;
    if (!pick(L, U, X, 0, &q, &sure))
        return false;
    while (j + 1 < 20 && pick(L, U, X, j + 1, &q2, &sure))
        q = q2, j++;
    if (!sure)
        return false;
    char d[21];
    int n = digits_of(q / pow10_64[j], d);
    memcpy(dig, d, 20);
    dig[19] = '\0';
    *x = n - 1 + j - k;
    return true;
}

/* ---- the slow path: exact, through glibc ---------------------------------- */

/* Digits of a decimal d.ddd...e±x: writes the `p` significand digits to
 * dig and returns the exponent. */
static int split_sci(const char *s, char *dig, int p)
{
    int k = 0;
    for (; *s && *s != 'e' && k < p; s++)
        if (*s >= '0' && *s <= '9')
            dig[k++] = *s;
    dig[k] = '\0';
    const char *e = strchr(s, 'e');
    return e ? (int)strtol(e + 1, NULL, 10) : 0;
}

/* dig (p digits, exponent *e) plus `step` (+1 or -1) in the last place,
 * keeping p digits. False when the result would be zero. */
static bool step_digits(char *dig, int p, int *e, int step)
{
    int i = p - 1;
    if (step > 0) {
        while (i >= 0 && dig[i] == '9')
            dig[i--] = '0';
        if (i < 0) { /* 99..9 + 1 = 100..0: one more place */
            dig[0] = '1';
            (*e)++;
        } else {
            dig[i]++;
        }
        return true;
    }
    while (i >= 0 && dig[i] == '0')
        dig[i--] = '9';
    if (i < 0)
        return false;
    dig[i]--;
    if (dig[0] == '0') { /* 100..0 - 1 = 099..9: one place fewer */
        if (p == 1)
            return false;
        memmove(dig, dig + 1, (size_t)p - 1);
        dig[p - 1] = '9';
        (*e)--;
    }
    return true;
}

static bool round_trips(const char *dig, int e, double v)
{
    char buf[48];
    snprintf(buf, sizeof buf, "%c.%se%d", dig[0], dig + 1, e);
    return strtod(buf, NULL) == v;
}

/* The shortest digit string that reads back as v (> 0), nearest to v among
 * equally short ones: glibc's %.*e rounds correctly, so the nearest p-digit
 * decimal is tried first; next to a power of two the rounding interval is
 * lopsided and only a neighbour may read back. */
static int slow_shortest(double v, char dig[20])
{
    char buf[48], cand[20];
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*e", p - 1, v);
        int e = split_sci(buf, dig, p);
        if (round_trips(dig, e, v))
            return e;
        for (int step = -1; step <= 1; step += 2) {
            int e2 = e;
            memcpy(cand, dig, (size_t)p + 1);
            if (step_digits(cand, p, &e2, step) && round_trips(cand, e2, v)) {
                memcpy(dig, cand, (size_t)p + 1);
                return e2;
            }
        }
    }
    snprintf(buf, sizeof buf, "%.16e", v); /* unreachable: 17 digits do */
    return split_sci(buf, dig, 17);
}

int dtoa_slow(double v, char dig[20])
{
    int x = slow_shortest(v, dig);
    int k = (int)strlen(dig);
    while (k > 1 && dig[k - 1] == '0')
        dig[--k] = '\0';
    return x;
}

int dtoa_shortest(double v, char dig[20])
{
    int x;
    return dtoa_fast(v, dig, &x) ? x : dtoa_slow(v, dig);
}

/* "e-05", "e+16": printf's exponent, at least two digits. */
static size_t exponent(char *o, int x)
{
    size_t n = 0;
    o[n++] = 'e';
    o[n++] = x < 0 ? '-' : '+';
    unsigned a = (unsigned)(x < 0 ? -x : x);
    if (a >= 100)
        o[n++] = (char)('0' + a / 100);
    o[n++] = (char)('0' + a / 10 % 10);
    o[n++] = (char)('0' + a % 10);
    return n;
}

/* Digits dig (nd of them, no trailing zeros) times 10^x as printf's %.*g
 * writes them at precision prec; not terminated; returns the length. */
static size_t format_g(char *o, const char *dig, int nd, int x, int prec)
{
    char *start = o;
    if (x < -4 || x >= prec) { /* d.ddde±xx */
        *o++ = dig[0];
        if (nd > 1) {
            *o++ = '.';
            memcpy(o, dig + 1, (size_t)nd - 1);
            o += nd - 1;
        }
        o += exponent(o, x);
    } else if (x < 0) { /* 0.000ddd */
        *o++ = '0';
        *o++ = '.';
        for (int i = 0; i < -x - 1; i++)
            *o++ = '0';
        memcpy(o, dig, (size_t)nd);
        o += nd;
    } else { /* ddd.ddd or ddd000 */
        for (int i = 0; i <= x || i < nd; i++) {
            if (i == x + 1)
                *o++ = '.';
            *o++ = i < nd ? dig[i] : '0';
        }
    }
    return (size_t)(o - start);
}

size_t dtoa_g(double v, char buf[32])
{
    char *o = buf;
    if (isnan(v) || isinf(v)) {
        const char *t = isnan(v) ? (signbit(v) ? "-nan" : "nan")
                        : v < 0  ? "-inf" : "inf";
        size_t n = strlen(t);
        memcpy(buf, t, n + 1);
        return n;
    }
    if (signbit(v))
        *o++ = '-';
    v = fabs(v);
    if (v == 0) {
        *o++ = '0';
        *o = '\0';
        return (size_t)(o - buf);
    }
    char dig[20];
    int x = dtoa_shortest(v, dig), nd = (int)strlen(dig);
    o += format_g(o, dig, nd, x, nd < 15 ? 15 : nd);
    *o = '\0';
    return (size_t)(o - buf);
}

bool dtoa_near(double v, double eps, char buf[32], size_t *len)
{
    scaled sc;
    int me;
    if (!(eps > 0) || frexp(eps, &me) != 0.5 || !scale_of(fabs(v), &sc))
        return false;
    u128 X = scale(4 * sc.f, sc.c, sc.s), E = 0; /* eps = 2^(me-1) */
    int se = -(me - 1 + sc.c->t + 64);
    if (se <= 0 || !in_range(X))
        return false;
    if (se < 128)
        E = scale(1, sc.c, se);
    /* printf's loop reads each candidate back with strtod, which moves it
     * by up to half an ulp of what it lands on: a distance within `slack`
     * of eps is left to the loop itself. */
    int sl = (sc.e > me - 53 ? sc.e : me - 53) + 1; /* 2 ulps */
    int ss = -(sl + sc.c->t + 64);
    if (ss <= 0)
        return false;
    u128 slack = (ss < 128 ? scale(1, sc.c, ss) : 0) + MARGIN;
    int all = (X >> 64) >= 100000000000000000u ? 18 : 17, j = -1;
    uint64_t q = 0, xi = (uint64_t)(X >> 64);
    /* eps a few ulps of v, no binade crossed: strtod lands within eps iff
     * the decimal lies within eps and half an ulp more, exactly known */
    int rexp = me - 1 - sc.e;
    uint64_t R = rexp >= 0 && rexp <= 8 ? 1u << rexp : 0;
    bool exact = R && sc.f - R >= (1ull << 52) && sc.f + R < (1ull << 53);
    u128 L = exact ? scale(4 * sc.f - (4 * R + 2), sc.c, sc.s) : 0,
         U = exact ? scale(4 * sc.f + (4 * R + 2), sc.c, sc.s) : 0;
    for (int t = 0; t < all; t++) { /* t digits dropped: accepted while near */
        uint64_t p = pow10_64[t];
        u128 r = ((u128)(xi % p) << 64) | (uint64_t)X, half = (u128)p << 63;
        if ((r > half ? r - half : half - r) < MARGIN)
            return false;
        uint64_t qt = xi - xi % p + (r > half ? p : 0);
        bool in;
        if (exact) {
            u128 qf = (u128)qt << 64;
            if ((qf > L ? qf - L : L - qf) < MARGIN ||
                (qf > U ? qf - U : U - qf) < MARGIN)
                return false;
            in = qf >= L && qf <= U;
        } else {
            u128 dist = r > half ? ((u128)p << 64) - r : r;
            if ((dist > E ? dist - E : E - dist) < slack)
                return false;
            in = dist <= E;
        }
        if (!in)
            break;
        j = t;
        q = qt;
    }
    int prec = all - j;
    if (j < 0 || prec > 17)
        return false;
    char dig[21];
    int n = digits_of(q, dig);
    char *o = buf;
    if (v < 0)
        *o++ = '-';
    o += format_g(o, dig, (int)strlen(dig), n - 1 - sc.k, prec);
    *o = '\0';
    *len = (size_t)(o - buf);
    return true;
}

/* cJSON's own way, for the slow path: %1.15g if it reads back within
 * DBL_EPSILON (relative), else %1.17g. */
static size_t cjson_printf(double v, char buf[32])
{
    int n = snprintf(buf, 32, "%1.15g", v);
    double t = strtod(buf, NULL);
    if (!(fabs(t - v) <= fmax(fabs(t), fabs(v)) * DBL_EPSILON))
        n = snprintf(buf, 32, "%1.17g", v);
    return n < 0 ? 0 : (size_t)n;
}

/* The nearest multiple of 10^j to X, or false at a tie (within MARGIN). */
static bool round_to(u128 X, int j, uint64_t *q)
{
    uint64_t p = pow10_64[j], xi = (uint64_t)(X >> 64);
    u128 r = ((u128)(xi % p) << 64) | (uint64_t)X, half = (u128)p << 63;
    if ((r > half ? r - half : half - r) < MARGIN)
        return false;
    *q = xi - xi % p + (r > half ? p : 0);
    return true;
}

size_t dtoa_cjson(double v, char buf[32])
{
    if (isnan(v) || isinf(v))
        return (size_t)snprintf(buf, 32, "null");
    scaled sc;
    /* below 1e-290 cJSON's tolerance, v * DBL_EPSILON, is itself rounded */
    if (fabs(v) < 1e-290 || !scale_of(fabs(v), &sc) ||
        sc.f - 3 < (1ull << 52) ||
        sc.f + 3 >= (1ull << 53)) /* near another binade: other ulps */
        return cjson_printf(v, buf);
    u128 X = scale(4 * sc.f, sc.c, sc.s);
    if (!in_range(X))
        return cjson_printf(v, buf);
    /* 15 digits read back within DBL_EPSILON iff strtod lands within an
     * ulp of v: iff they lie within 1.5 ulps */
    u128 L = scale(4 * sc.f - 6, sc.c, sc.s), U = scale(4 * sc.f + 6, sc.c, sc.s);
    int all = (X >> 64) >= 100000000000000000u ? 18 : 17;
    uint64_t q;
    if (!round_to(X, all - 15, &q))
        return cjson_printf(v, buf);
    u128 qf = (u128)q << 64;
    if ((qf > L ? qf - L : L - qf) < MARGIN || (qf > U ? qf - U : U - qf) < MARGIN)
        return cjson_printf(v, buf);
    int prec = 15;
    if (qf < L || qf > U) {
        prec = 17;
        if (!round_to(X, all - 17, &q))
            return cjson_printf(v, buf);
    }
    char dig[21];
    int n = digits_of(q, dig);
    char *o = buf;
    if (v < 0)
        *o++ = '-';
    o += format_g(o, dig, (int)strlen(dig), n - 1 - sc.k, prec);
    *o = '\0';
    return (size_t)(o - buf);
}
