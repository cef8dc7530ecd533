/* SPDX-License-Identifier: MIT */
/* rat.h -- exact rationals (mu_rat) without error records, for the fire
 * model's inner arithmetic; the public mu_rat_* functions wrap these. */
#ifndef MU_RAT_H
#define MU_RAT_H

#include "muster.h"

#if !defined(__SIZEOF_INT128__)
#error "muster's exact arithmetic needs __int128 (gcc or clang, 64-bit target)"
#endif

/* Each returns false, leaving *out alone, when the result would not fit in
 * a reduced mu_rat (or on division by zero). */
bool rat_make(int64_t num, int64_t den, mu_rat *out);
bool rat_add(mu_rat a, mu_rat b, mu_rat *out);
bool rat_sub(mu_rat a, mu_rat b, mu_rat *out);
bool rat_mul(mu_rat a, mu_rat b, mu_rat *out);
bool rat_div(mu_rat a, mu_rat b, mu_rat *out);

static inline mu_rat rat_int(int64_t n)
{
    mu_rat r = {n, 1};
    return r;
}

static inline int rat_sign(mu_rat a)
{
    return (a.num > 0) - (a.num < 0);
}

/* A number as mu_rat_format prints it, held by value so that several fit
 * in one printf's arguments: rat_fmt(r).s. Room for a sign before it. */
typedef struct rat_num {
    char s[MU_RAT_BUF + 4];
} rat_num;

static inline rat_num rat_fmt(mu_rat r)
{
    rat_num n;
    mu_rat_format(r, n.s, sizeof n.s);
    return n;
}

/* The message every overflow shares, so callers say the same thing. */
#define RAT_TOO_FINE                                                           \
    "the numbers are too finely divided for exact arithmetic: use fewer "     \
    "decimals or smaller denominators"
/* MU_EINPUT with that message. */
mu_status rat_too_fine(mu_error *err);

#endif
