/* SPDX-License-Identifier: MIT */
/* test_hits.c -- hit distributions of a volley: the seed's worked examples,
 * and the per-figure binomial against an independent reference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "muster.h"

#define assert_close(a, b, tol) check_close((a), (b), (tol), __LINE__)
static void check_close(double a, double b, double tol, int line)
{
    if (!(fabs(a - b) <= tol))
        fail_msg("line %d: %.17g differs from %.17g by more than %g", line, a,
                 b, tol);
}

/* The seed: "2 figures firing, each with 30% probability": adding gives
 * 60% for a hit, the exact analysis 21 + 21 + 9 = 51%. */
static void jean_and_pierre(void **state)
{
    (void)state;
    mu_dist add = {0}, fig = {0};
    mu_error err;
    assert_int_equal(mu_hits_additive(0, 60, &add, &err), MU_OK);
    assert_close(mu_dist_at_least(&add, 1), 0.60, 1e-16);
    assert_close(mu_dist_p(&add, 0), 0.40, 1e-16);
    assert_close(add.mean, 0.60, 1e-16);
    assert_int_equal(mu_hits_per_figure(2, (mu_rat){30, 1}, &fig, &err), MU_OK);
    assert_int_equal(fig.lo, 0);
    assert_int_equal(fig.hi, 2);
    assert_close(mu_dist_p(&fig, 0), 0.49, 1e-16);
    assert_close(mu_dist_p(&fig, 1), 0.42, 1e-16);
    assert_close(mu_dist_p(&fig, 2), 0.09, 1e-16);
    assert_close(mu_dist_at_least(&fig, 1), 0.51, 1e-16);
    assert_close(mu_dist_at_least(&fig, 2), 0.09, 1e-16);
    assert_close(fig.mean, 0.60, 1e-16);
    mu_dist_clear(&add);
    mu_dist_clear(&fig);
}

/* "if 11 figures fire, ... 220%. This interpreted to mean 2 sure hits and a
 * 20% chance of a third"; the gun's 18 x 20% = 360%: 3 sure hits and 60%
 * of a fourth. Per figure, 11 at 20%: P(0) = .8^11. */
static void seed_examples(void **state)
{
    (void)state;
    mu_dist d = {0};
    mu_error err;
    assert_int_equal(mu_hits_additive(2, 20, &d, &err), MU_OK);
    assert_int_equal(d.lo, 2);
    assert_int_equal(d.hi, 3);
    assert_close(mu_dist_p(&d, 2), 0.8, 1e-16);
    assert_close(mu_dist_p(&d, 3), 0.2, 1e-16);
    assert_close(mu_dist_at_least(&d, 2), 1.0, 0);
    assert_close(d.mean, 2.2, 1e-15);
    mu_dist_clear(&d); /* a result is overwritten, not freed */
    assert_int_equal(mu_hits_additive(3, 60, &d, &err), MU_OK);
    assert_close(mu_dist_p(&d, 4), 0.6, 1e-16);
    mu_dist_clear(&d); /* a result is overwritten, not freed */
    assert_int_equal(mu_hits_additive(2, 0, &d, &err), MU_OK); /* 200%: no roll */
    assert_int_equal(d.lo, 2);
    assert_int_equal(d.hi, 2);
    assert_close(mu_dist_p(&d, 2), 1.0, 0);
    mu_dist_clear(&d); /* a result is overwritten, not freed */
    assert_int_equal(mu_hits_per_figure(11, (mu_rat){20, 1}, &d, &err), MU_OK);
    assert_close(mu_dist_p(&d, 0), 0.08589934592, 1e-17);
    assert_close(mu_dist_p(&d, 11), 2.048e-8, 1e-23);
    assert_close(d.mean, 2.2, 1e-15);
    mu_dist_clear(&d);
}

/* log P(X = k) for Binomial(n, p), by lgammal: another road to the same
 * numbers, good to about 1e-15 relative for n = 1000. */
static long double ref_log_pmf(int64_t n, int64_t k, long double p)
{
    return lgammal((long double)n + 1) - lgammal((long double)k + 1) -
           lgammal((long double)(n - k) + 1) + (long double)k * logl(p) +
           (long double)(n - k) * log1pl(-p);
}

/* The dicelab comparison's question: 1000 effectives at 20%. Every
 * probability (down to 1e-300) exact to 1e-12 relative. */
static void thousand_at_twenty(void **state)
{
    (void)state;
    mu_dist d = {0};
    mu_error err;
    assert_int_equal(mu_hits_per_figure(1000, (mu_rat){20, 1}, &d, &err), MU_OK);
    long double sum = 0;
    double worst = 0;
    for (int k = d.lo; k <= d.hi; k++) {
        double want = (double)expl(ref_log_pmf(1000, k, 0.2L));
        double got = mu_dist_p(&d, k);
        assert_true(got > 0);
        double rel = fabs(got - want) / want;
        if (rel > worst)
            worst = rel;
        sum += got;
    }
    print_message("n=1000 p=20%%: support %d..%d, worst relative error %.3g\n",
                  d.lo, d.hi, worst);
    assert_true(worst < 1e-12);
    assert_true(d.lo < 60 && d.hi > 370); /* the tails dicelab prints */
    assert_close((double)sum, 1.0, 1e-15);
    assert_close(d.mean, 200.0, 1e-12);
    /* P(X >= 200) by summing the reference. */
    long double tail = 0;
    for (int k = 1000; k >= 200; k--)
        tail += expl(ref_log_pmf(1000, k, 0.2L));
    assert_close(mu_dist_at_least(&d, 200), (double)tail, 1e-14);
    mu_dist_clear(&d);
}

/* A hundred thousand effectives: no overflow, no underflow to nonsense. */
static void hundred_thousand(void **state)
{
    (void)state;
    mu_dist d = {0};
    mu_error err;
    assert_int_equal(mu_hits_per_figure(100000, (mu_rat){20, 1}, &d, &err), MU_OK);
    long double sum = 0;
    double prev = 2;
    for (int k = d.lo; k <= d.hi; k++) {
        double p = mu_dist_p(&d, k), al = mu_dist_at_least(&d, k);
        assert_true(p > 0 && isfinite(p));
        assert_true(al <= prev && al > 0);
        prev = al;
        sum += p;
    }
    assert_close((double)sum, 1.0, 1e-13);
    assert_close(d.mean, 20000.0, 1e-9);
    assert_close(mu_dist_at_least(&d, d.lo), 1.0, 0);
    /* Near the mode the lgammal reference is good to ~1e-12. */
    for (int k = 19000; k <= 21000; k += 250) {
        double want = (double)expl(ref_log_pmf(100000, k, 0.2L));
        assert_true(fabs(mu_dist_p(&d, k) - want) / want < 1e-10);
    }
    /* The tails end where the terms fall below 1e-300. */
    assert_true(mu_dist_p(&d, d.lo) < 1e-295);
    assert_true(d.lo > 5000 && d.hi < 40000);
    mu_dist_clear(&d);
}

static void odd_chances(void **state)
{
    (void)state;
    mu_dist d = {0};
    mu_error err;
    assert_int_equal(mu_hits_per_figure(40, (mu_rat){0, 1}, &d, &err), MU_OK);
    assert_int_equal(d.lo, 0);
    assert_int_equal(d.hi, 0);
    mu_dist_clear(&d); /* a result is overwritten, not freed */
    assert_int_equal(mu_hits_per_figure(40, (mu_rat){100, 1}, &d, &err), MU_OK);
    assert_int_equal(d.lo, 40);
    assert_close(mu_dist_p(&d, 40), 1.0, 0);
    mu_dist_clear(&d); /* a result is overwritten, not freed */
    assert_int_equal(mu_hits_per_figure(0, (mu_rat){30, 1}, &d, &err), MU_OK);
    assert_close(mu_dist_p(&d, 0), 1.0, 0);
    /* A rifle at 5.5 inches: 24.5% = 49/2. */
    mu_dist_clear(&d); /* a result is overwritten, not freed */
    assert_int_equal(mu_hits_per_figure(3, (mu_rat){49, 2}, &d, &err), MU_OK);
    assert_close(mu_dist_p(&d, 3), 0.245 * 0.245 * 0.245, 1e-17);
    assert_close(mu_dist_p(&d, 0), 0.755 * 0.755 * 0.755, 1e-16);
    /* A chance of a billionth of a percent, many times. */
    mu_dist_clear(&d); /* a result is overwritten, not freed */
    assert_int_equal(mu_hits_per_figure(100000, (mu_rat){1, 1000000000}, &d, &err),
                     MU_OK);
    assert_close(mu_dist_p(&d, 0), exp(100000 * log1p(-1e-11)), 1e-15);
    assert_close(d.mean, 1e-6, 1e-20);
    mu_dist_clear(&d);
    mu_dist_clear(&d); /* twice is fine */
}

static void bad_input(void **state)
{
    (void)state;
    mu_dist d = {0};
    mu_error err;
    assert_int_equal(mu_hits_per_figure(-1, (mu_rat){20, 1}, &d, &err), MU_EINPUT);
    assert_int_equal(mu_hits_per_figure(10, (mu_rat){101, 1}, &d, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "0..100 percent"));
    assert_int_equal(mu_hits_per_figure(10, (mu_rat){1, 0}, &d, &err), MU_EINPUT);
    assert_int_equal(mu_hits_per_figure(10, (mu_rat){-1, 3}, &d, &err), MU_EINPUT);
    assert_int_equal(mu_hits_per_figure(MU_HITS_MAX_EFFECTIVES + 1LL, (mu_rat){1, 1}, &d,
                                        &err), MU_EINPUT);
    assert_int_equal(mu_hits_per_figure(10, (mu_rat){INT64_MAX, INT64_MAX / 101}, &d, &err),
                     MU_EINPUT);
    assert_int_equal(mu_hits_additive(1, 100, &d, &err), MU_EINPUT);
    assert_int_equal(mu_hits_additive(-1, 10, &d, &err), MU_EINPUT);
    assert_null(d.p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(jean_and_pierre),
        cmocka_unit_test(seed_examples),
        cmocka_unit_test(thousand_at_twenty),
        cmocka_unit_test(hundred_thousand),
        cmocka_unit_test(odd_chances),
        cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
