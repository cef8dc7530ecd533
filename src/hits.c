/* SPDX-License-Identifier: MIT */
/* hits.c -- exact hit distributions of a volley: the seed's additive rule
 * and every figure rolling on its own (binomial). See muster.h for the
 * method and its precision. */
#include "real.h"
#include "error.h"
#include "odds.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

mu_status mu_hits_additive(int64_t sure, int threshold, mu_dist *out,
                           mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    *out = (mu_dist){.lo = 1, .hi = 0}; /* never read on entry */
    if (sure < 0 || sure > MU_HITS_MAX_EFFECTIVES)
        return err_set(err, MU_EINPUT, "sure hits must be 0..%d, not %lld",
                       MU_HITS_MAX_EFFECTIVES, (long long)sure);
    if (threshold < 0 || threshold > 99)
        return err_set(err, MU_EINPUT,
                       "the threshold for one more hit must be 0..99, not %d",
                       threshold);
    int s = (int)sure;
    mu_status st = odds_dist_alloc(out, s, threshold ? s + 1 : s, err);
    if (st != MU_OK)
        return st;
    out->p[0] = (100 - threshold) / 100.0;
    out->at_least[0] = 1.0;
    if (threshold) {
        out->p[1] = threshold / 100.0;
        out->at_least[1] = threshold / 100.0;
    }
    out->mean = (double)s + threshold / 100.0;
    return MU_OK;
}

/* Terms smaller than this (relative to the mode, which is 1 before
 * normalising) are left out. */
#define HITS_TINY (real_t)1e-300

/* How far the terms of the binomial of n with P(hit) = a / (a + b) stay
 * above HITS_TINY on each side of the mode: *lo..*hi. */
static void hits_span(int64_t n, int64_t mode, real_t a, real_t b,
                      int64_t *lo, int64_t *hi)
{
    real_t w = 1;
    for (*hi = mode; *hi < n; ++*hi) {
        w *= ((real_t)(n - *hi) * a) / ((real_t)(*hi + 1) * b);
        if (w < HITS_TINY)
            break;
    }
    w = 1;
    for (*lo = mode; *lo > 0; --*lo) {
        w *= ((real_t)*lo * b) / ((real_t)(n - *lo + 1) * a);
        if (w < HITS_TINY)
            break;
    }
}

mu_status mu_hits_per_figure(int64_t n, mu_rat p, mu_dist *out,
                             mu_error *err)
{
    int64_t p_num = p.num, p_den = p.den;
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    *out = (mu_dist){.lo = 1, .hi = 0}; /* never read on entry */
    if (n < 0 || n > MU_HITS_MAX_EFFECTIVES)
        return err_set(err, MU_EINPUT, "effectives must be 0..%d, not %lld",
                       MU_HITS_MAX_EFFECTIVES, (long long)n);
    if (p_den <= 0 || p_num < 0 || (odds_u128)p_num > (odds_u128)p_den * 100)
        return err_set(err, MU_EINPUT,
                       "a chance per figure is 0..100 percent, not %lld/%lld",
                       (long long)p_num, (long long)p_den);
    /* P(hit) = a / (a + b) exactly, with a and b whole numbers. */
    odds_u128 a128 = (odds_u128)p_num;
    odds_u128 b128 = (odds_u128)p_den * 100 - a128;
    if (a128 == 0 || b128 == 0 || n == 0) {
        int k = a128 == 0 ? 0 : (int)n;
        mu_status st = odds_dist_alloc(out, k, k, err);
        if (st == MU_OK) {
            out->p[0] = out->at_least[0] = 1.0;
            out->mean = (double)k;
        }
        return st;
    }
    real_t a = (real_t)a128, b = (real_t)b128;
    /* The mode, floor((n + 1) a / (a + b)), exactly in 128 bits. */
    int64_t mode = (int64_t)(((odds_u128)(n + 1) * a128) / (a128 + b128));
    if (mode > n)
        mode = n;
    int64_t lo, hi;
    hits_span(n, mode, a, b, &lo, &hi);
    size_t m = (size_t)(hi - lo + 1);
    real_t *t = malloc(m * sizeof *t);
    if (!t)
        return err_nomem(err);
    real_t *tm = t + (mode - lo);
    tm[0] = 1;
    for (int64_t k = mode; k < hi; k++)
        tm[k - mode + 1] = tm[k - mode] * (((real_t)(n - k) * a) /
                                           ((real_t)(k + 1) * b));
    for (int64_t k = mode; k > lo; k--)
        tm[k - mode - 1] = tm[k - mode] * (((real_t)k * b) /
                                           ((real_t)(n - k + 1) * a));
    /* Normalise; upper tails from the top (small terms first), lower ones
     * from the bottom, each side taken where it is the smaller. */
    real_t sum = 0;
    for (size_t i = 0; i < m; i++)
        sum += t[i];
    mu_status st = odds_dist_alloc(out, (int)lo, (int)hi, err);
    if (st != MU_OK) {
        free(t);
        return st;
    }
    real_t upper = 0;
    for (int64_t k = hi; k > mode; k--) {
        upper += t[k - lo];
        out->at_least[k - lo] = (double)(upper / sum);
    }
    real_t lower = 0;
    for (int64_t k = lo; k <= mode; k++) {
        out->at_least[k - lo] = (double)(1 - lower / sum);
        lower += t[k - lo];
    }
    for (size_t i = 0; i < m; i++)
        out->p[i] = (double)(t[i] / sum);
    out->mean = (double)((real_t)n * a / (a + b));
    free(t);
    return MU_OK;
}
