/* SPDX-License-Identifier: MIT */
/* rat.c -- exact rationals: reduced num/den with den > 0, computed through
 * 128-bit intermediates so that every result is either exact or refused. */
#include "rat.h"
#include "error.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

static u128 gcd128(u128 a, u128 b)
{
    while (b) {
        u128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static u128 abs128(i128 v)
{
    return v < 0 ? (u128)0 - (u128)v : (u128)v;
}

/* Reduces num/den (den != 0) and stores it if both parts fit in int64 with
 * INT64_MIN left out, so that negating a mu_rat never overflows. */
static bool from128(i128 num, i128 den, mu_rat *out)
{
    if (den == 0)
        return false;
    bool neg = (num < 0) != (den < 0);
    u128 n = abs128(num), d = abs128(den);
    u128 g = gcd128(n, d);
    if (g > 1) {
        n /= g;
        d /= g;
    }
    if (n == 0)
        d = 1;
    if (n > (u128)INT64_MAX || d > (u128)INT64_MAX)
        return false;
    out->num = neg ? -(int64_t)n : (int64_t)n;
    out->den = (int64_t)d;
    return true;
}

bool rat_make(int64_t num, int64_t den, mu_rat *out)
{
    if (num == INT64_MIN || den == INT64_MIN)
        return false;
    return from128(num, den, out);
}

/* Operands come from callers who may build a mu_rat by hand: a den of 0 or
 * a negative den is normalised or refused rather than trusted. */
static bool valid(mu_rat a)
{
    return a.den != 0 && a.num != INT64_MIN && a.den != INT64_MIN;
}

bool rat_add(mu_rat a, mu_rat b, mu_rat *out)
{
    if (!valid(a) || !valid(b))
        return false;
    i128 n = (i128)a.num * b.den + (i128)b.num * a.den;
    return from128(n, (i128)a.den * b.den, out);
}

bool rat_sub(mu_rat a, mu_rat b, mu_rat *out)
{
    if (!valid(b))
        return false;
    b.num = -b.num;
    return rat_add(a, b, out);
}

bool rat_mul(mu_rat a, mu_rat b, mu_rat *out)
{
    if (!valid(a) || !valid(b))
        return false;
    return from128((i128)a.num * b.num, (i128)a.den * b.den, out);
}

bool rat_div(mu_rat a, mu_rat b, mu_rat *out)
{
    if (!valid(a) || !valid(b) || b.num == 0)
        return false;
    return from128((i128)a.num * b.den, (i128)a.den * b.num, out);
}

/* ---- public wrappers ---------------------------------------------------- */

mu_status rat_too_fine(mu_error *err)
{
    return err_set(err, MU_EINPUT, RAT_TOO_FINE);
}

mu_status mu_rat_add(mu_rat a, mu_rat b, mu_rat *out, mu_error *err)
{
    return rat_add(a, b, out) ? MU_OK : rat_too_fine(err);
}

mu_status mu_rat_sub(mu_rat a, mu_rat b, mu_rat *out, mu_error *err)
{
    return rat_sub(a, b, out) ? MU_OK : rat_too_fine(err);
}

mu_status mu_rat_mul(mu_rat a, mu_rat b, mu_rat *out, mu_error *err)
{
    return rat_mul(a, b, out) ? MU_OK : rat_too_fine(err);
}

mu_status mu_rat_div(mu_rat a, mu_rat b, mu_rat *out, mu_error *err)
{
    if (b.num == 0)
        return err_set(err, MU_EINPUT, "division by zero");
    return rat_div(a, b, out) ? MU_OK : rat_too_fine(err);
}

int mu_rat_cmp(mu_rat a, mu_rat b)
{
    /* Cross-multiplied in 128 bits, with the signs of the dens folded in so
     * that an unreduced negative den still compares right. */
    i128 l = (i128)a.num * b.den, r = (i128)b.num * a.den;
    if ((a.den < 0) != (b.den < 0)) {
        l = -l;
        r = -r;
    }
    return (l > r) - (l < r);
}

int64_t mu_rat_floor(mu_rat a)
{
    if (a.den == 0)
        return 0;
    i128 n = a.num, d = a.den;
    if (d < 0) {
        n = -n;
        d = -d;
    }
    i128 q = n / d;
    if (n % d != 0 && n < 0)
        q--;
    return (int64_t)q;
}

/* ---- printing ----------------------------------------------------------- */

char *mu_rat_fraction(mu_rat a, char *buf, size_t n)
{
    mu_rat r;
    if (!buf || n == 0)
        return buf;
    if (!rat_make(a.num, a.den, &r))
        snprintf(buf, n, "?");
    else if (r.den == 1)
        snprintf(buf, n, "%lld", (long long)r.num);
    else
        snprintf(buf, n, "%lld/%lld", (long long)r.num, (long long)r.den);
    return buf;
}

char *mu_rat_format(mu_rat a, char *buf, size_t n)
{
    mu_rat r;
    if (!buf || n == 0)
        return buf;
    if (!rat_make(a.num, a.den, &r)) {
        snprintf(buf, n, "?");
        return buf;
    }
    u128 num = abs128(r.num), den = (u128)r.den;
    unsigned long long whole = (unsigned long long)(num / den);
    u128 rem = num % den;
    char digits[5];
    int k = 0;
    for (; k < 4; k++) { /* cut after 4 decimals: truncation, by design */
        rem *= 10;
        digits[k] = (char)('0' + (int)(rem / den));
        rem %= den;
    }
    while (k > 0 && digits[k - 1] == '0')
        k--;
    digits[k] = '\0';
    const char *sign = r.num < 0 && (whole || k) ? "-" : "";
    if (k)
        snprintf(buf, n, "%s%llu.%s", sign, whole, digits);
    else
        snprintf(buf, n, "%s%llu", sign, whole);
    return buf;
}

/* ---- parsing ------------------------------------------------------------ */

#define PARSE_MAX_WHOLE 1000000000000LL /* magnitudes below 10^12 */
#define PARSE_MAX_DEN 1000000000LL      /* 10^9 */

/* Reads up to `max_digits` decimal digits at *p into *v; false if there are
 * none, too many, or more than int64 holds. */
static bool digits(const char **p, int max_digits, int64_t *v, int *count)
{
    int64_t x = 0;
    int k = 0;
    while (isdigit((unsigned char)**p)) {
        int d = **p - '0';
        if (k == max_digits || x > (INT64_MAX - d) / 10)
            return false;
        x = x * 10 + d;
        (*p)++;
        k++;
    }
    *v = x;
    *count = k;
    return k > 0;
}

static mu_status bad_number(const char *s, mu_error *err)
{
    return err_set(err, MU_EINPUT,
                   "'%.40s' is not a number: write it as 7, 7.5, 22/3 or 7 1/3",
                   s);
}

/* "N/D" after the whole part w was read: "7 1/3" (mixed, proper fraction)
 * or "22/3" (w is the numerator). */
static bool fraction_tail(const char **p, int64_t w, bool mixed, mu_rat *out)
{
    int64_t num = w, den;
    int k;
    if (mixed && !digits(p, 13, &num, &k))
        return false;
    if (**p != '/')
        return false;
    (*p)++;
    if (!digits(p, 10, &den, &k) || den == 0 || den > PARSE_MAX_DEN)
        return false;
    if (mixed && num >= den)
        return false;
    i128 total = mixed ? (i128)w * den + num : num;
    return total < (i128)PARSE_MAX_WHOLE * den && from128(total, den, out);
}

/* ".DDD" after the whole part w was read (*p is past the point). */
static mu_status decimal_tail(const char *s, const char **p, int64_t w,
                              int nw, mu_rat *out, mu_error *err)
{
    int64_t frac = 0, scale = 1;
    int nf = 0;
    if (isdigit((unsigned char)**p) && !digits(p, 9, &frac, &nf))
        return err_set(err, MU_EINPUT, "'%.40s' has more than 9 decimals: "
                       "round it, or write a fraction such as 22/3", s);
    if (nw + nf == 0)
        return bad_number(s, err);
    for (int i = 0; i < nf; i++)
        scale *= 10;
    if (!from128((i128)w * scale + frac, scale, out))
        return err_set(err, MU_EINPUT, "'%.40s' has too many digits to "
                       "keep exactly: use fewer decimals", s);
    return MU_OK;
}

mu_status mu_rat_parse(const char *s, mu_rat *out, mu_error *err)
{
    if (!s)
        return err_set(err, MU_EINPUT, "no number given");
    const char *p = s;
    while (isspace((unsigned char)*p))
        p++;
    bool neg = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    int64_t whole = 0;
    int nw = 0;
    /* The numerator of "N/D" may be as long as int64 holds, provided N/D
     * itself is below 10^12 (fraction_tail checks); a whole number or a
     * decimal's whole part has at most 12 digits. */
    if (isdigit((unsigned char)*p) &&
        (!digits(&p, 19, &whole, &nw) || (nw > 12 && *p != '/')))
        return err_set(err, MU_EINPUT, "'%.40s' is too large: numbers are "
                       "below 1000000000000", s);
    mu_rat r = {whole, 1};
    if (*p == '.') {
        p++;
        mu_status st = decimal_tail(s, &p, whole, nw, &r, err);
        if (st != MU_OK)
            return st;
    } else if (nw && (*p == '/' || *p == ' ' || *p == '\t')) {
        const char *q = p;
        while (*q == ' ' || *q == '\t')
            q++;
        bool mixed = q != p;
        if (!(mixed && !*q) && !fraction_tail(&q, whole, mixed, &r))
            return bad_number(s, err); /* "7 " alone is just 7 */
        p = q;
    } else if (!nw) {
        return bad_number(s, err);
    }
    while (isspace((unsigned char)*p))
        p++;
    if (*p)
        return bad_number(s, err);
    if (neg)
        r.num = -r.num;
    *out = r;
    return MU_OK;
}

/* ---- shares of the losses ----------------------------------------------- */

#define SHARE_MAX_DEN 1000000

static mu_status share_bad(const char *s, mu_error *err)
{
    return err_set(err, MU_EINPUT, "'%.40s' is not a share of the losses: "
                   "give a percentage 0..100 (\"50\", \"66.67\") or a "
                   "fraction (\"2/3\")", s ? s : "");
}

mu_status mu_share_parse(const char *s, mu_rat *out, mu_error *err)
{
    /* Digits, one point or one slash, an optional final '%': no signs or
     * blanks, which mu_rat_parse would take. */
    char buf[40];
    size_t n = s ? strlen(s) : 0;
    if (n == 0 || n >= sizeof buf || strspn(s, "0123456789./%") != n)
        return share_bad(s, err);
    memcpy(buf, s, n + 1);
    const char *slash = strchr(buf, '/'), *dot = strchr(buf, '.');
    char *pct = strchr(buf, '%');
    if (pct && (pct != buf + n - 1 || slash))
        return share_bad(s, err);
    if (pct)
        *pct = '\0';
    size_t decimals = dot ? strlen(dot + 1) : 0;
    if (dot && (slash || dot == buf || decimals < 1 || decimals > 4))
        return share_bad(s, err);
    mu_rat v, hundred = rat_int(100), one = rat_int(1);
    mu_error e;
    if (mu_rat_parse(buf, &v, &e) != MU_OK || (!slash && !rat_div(v, hundred, &v)) ||
        rat_sign(v) < 0 || mu_rat_cmp(v, one) > 0 || v.den > SHARE_MAX_DEN)
        return share_bad(s, err);
    *out = v;
    return MU_OK;
}

char *mu_share_text(mu_rat r, char *buf, size_t n)
{
    if (!buf || n == 0)
        return buf;
    /* A percentage when it is one with at most 4 decimals, else a fraction. */
    int64_t scale = 1;
    for (int k = 0; k <= 4 && r.den > 0; k++, scale *= 10) {
        i128 num = (i128)r.num * 100 * scale;
        if (num % r.den == 0) {
            long long v = (long long)(num / r.den);
            if (k == 0)
                snprintf(buf, n, "%lld%%", v);
            else
                snprintf(buf, n, "%lld.%0*lld%%", v / scale, k,
                         v % scale);
            return buf;
        }
    }
    return mu_rat_fraction(r, buf, n);
}
