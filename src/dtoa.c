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

bool dtoa_fast(double v, char dig[20], int *x)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int be = (int)(bits >> 52) & 0x7ff;
    if (be == 0 || be == 0x7ff || (bits >> 63)) /* 0, subnormal, inf, nan */
        return false;
    uint64_t f = (bits & ((1ull << 52) - 1)) | (1ull << 52);
    int e = be - 1075; /* v = f * 2^e */
    int k = 18 - (int)ceil((e + 53) * 0.30102999566398120);
    if (k < DTOA_K_MIN || k > DTOA_K_MAX)
        return false;
    const struct dtoa_pow10 *c = &dtoa_pow10[k - DTOA_K_MIN];
    int s = -(e - 2 + c->t + 64); /* 4f * 2^(e-2) * c * 2^t * 2^64 */
    if (s <= 0 || s >= 128)
        return false;
    bool lopsided = f == (1ull << 52) && be > 1;
    u128 X = scale(4 * f, c, s), U = scale(4 * f + 2, c, s),
         L = scale(4 * f - (lopsided ? 1 : 2), c, s);
    if ((X >> 64) < 10000000000000000u || (X >> 64) >= 1000000000000000000u)
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
    char tmp[20];
    int n = 0;
    for (uint64_t d = q / pow10_64[j]; d; d /= 10)
        tmp[n++] = (char)('0' + d % 10);
    for (int i = 0; i < n; i++)
        dig[i] = tmp[n - 1 - i];
    dig[n] = '\0';
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
    int prec = nd < 15 ? 15 : nd;
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
    *o = '\0';
    return (size_t)(o - buf);
}
