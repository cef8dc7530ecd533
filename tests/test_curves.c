/* SPDX-License-Identifier: MIT */
/* Curves of any shape (issue 10): bands, points and polynomials, exactly --
 * values, crossovers, odds, charges and bad files with their lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The issue's own example, with the article's musket and rifle. */
static const char ISSUE[] =
    "[staircase]\n"                               /* 1 */
    "curve = bands\n"                             /* 2 */
    "0-6 = 33\n"                                  /* 3 */
    "6-12 = 17\n"                                 /* 4 */
    "12-24 = 0\n"                                 /* 5 */
    "cover = -8\n"                                /* 6 */
    "\n"
    "[bent]\n"                                    /* 8 */
    "curve = points\n"
    "points = 0:30, 10:25, 20:0\n"
    "\n"
    "[quad]\n"                                    /* 12 */
    "curve = polynomial\n"
    "coefficients = 30, 0, -0.05     ; a0, a1, a2: P = 30 - 0.05 r^2\n"
    "\n"
    "[musket]\nslope = 2\nmax_range = 15\ncover = -8\n"
    "[rifle]\nslope = 1\nmax_range = 30\n"
    "[r25]\nslope = 1\nmax_range = 25\n"
    "[bump]\ncurve = polynomial\ncoefficients = 20, 1, -1/10\nmax_range = 20\n";

static mu_weapons *W, *D;

static int setup(void **state)
{
    (void)state;
    mu_error err;
    if (mu_weapons_parse(ISSUE, sizeof ISSUE - 1, "issue.ini", &W, &err) !=
        MU_OK) {
        fprintf(stderr, "%s:%d: %s\n", err.file, err.line, err.msg);
        return -1;
    }
    return mu_weapons_default(&D, &err) == MU_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    mu_weapons_free(W);
    mu_weapons_free(D);
    return 0;
}

static mu_rat R(int64_t n, int64_t d)
{
    mu_rat r = {n, d};
    return r;
}

#define assert_rat_eq(got, n, d)                                               \
    do {                                                                       \
        mu_rat g_ = (got);                                                     \
        if (g_.num != (n) || g_.den != (d))                                    \
            fail_msg("got %lld/%lld, expected %lld/%lld", (long long)g_.num,   \
                     (long long)g_.den, (long long)(n), (long long)(d));       \
    } while (0)

static mu_rat P(const mu_weapons *w, const char *name, int64_t n, int64_t d,
                bool cover)
{
    const mu_weapon *wp;
    mu_error err;
    mu_rat p = {-1, 1};
    if (mu_weapons_find(w, name, &wp, &err) != MU_OK ||
        mu_weapon_p(wp, R(n, d), cover, &p, &err) != MU_OK)
        fail_msg("%s: %s", name, err.msg);
    return p;
}

static void bands_are_a_staircase(void **state)
{
    (void)state;
    assert_rat_eq(P(W, "staircase", 0, 1, false), 33, 1);
    assert_rat_eq(P(W, "staircase", 5999, 1000, false), 33, 1);
    assert_rat_eq(P(W, "staircase", 6, 1, false), 17, 1); /* upper end out */
    assert_rat_eq(P(W, "staircase", 23, 2, false), 17, 1);
    assert_rat_eq(P(W, "staircase", 12, 1, false), 0, 1);
    assert_rat_eq(P(W, "staircase", 24, 1, false), 0, 1);
    assert_rat_eq(P(W, "staircase", 100, 1, false), 0, 1);
    assert_rat_eq(P(W, "staircase", 7, 1, true), 9, 1); /* 17 - 8 */
    assert_rat_eq(P(W, "staircase", 13, 1, true), 0, 1);
    /* the built-in one: d6 faces, 16 2/3 % a step */
    assert_rat_eq(P(D, "staircase", 0, 1, false), 100, 3);
    assert_rat_eq(P(D, "staircase", 6, 1, false), 50, 3);
    assert_rat_eq(P(D, "staircase", 12, 1, false), 0, 1);
    const mu_weapon *s;
    mu_error err;
    assert_int_equal(mu_weapons_find(D, "staircase", &s, &err), MU_OK);
    assert_int_equal(s->shape, MU_CURVE_BANDS);
    assert_int_equal(s->n, 3);
    assert_rat_eq(s->max_range, 24, 1);
    assert_int_equal(s->kind, MU_WEAPON_SMALL_ARMS);
}

static void points_are_straight_between(void **state)
{
    (void)state;
    assert_rat_eq(P(W, "bent", 0, 1, false), 30, 1);
    assert_rat_eq(P(W, "bent", 5, 1, false), 55, 2);
    assert_rat_eq(P(W, "bent", 10, 1, false), 25, 1);
    assert_rat_eq(P(W, "bent", 12, 1, false), 20, 1);
    assert_rat_eq(P(W, "bent", 22, 3, false), 79, 3); /* 30 - (22/3) / 2 */
    assert_rat_eq(P(W, "bent", 20, 1, false), 0, 1);
    assert_rat_eq(P(W, "bent", 21, 1, false), 0, 1);
}

static void polynomials_stay_rational(void **state)
{
    (void)state;
    assert_rat_eq(P(W, "quad", 5, 1, false), 115, 4); /* 30 - 1.25 */
    /* 30 - (1/20)(22/3)^2 = 30 - 121/45 */
    assert_rat_eq(P(W, "quad", 22, 3, false), 1229, 45);
    assert_rat_eq(P(W, "quad", 25, 1, false), 0, 1); /* clipped at 0 */
    const mu_weapon *q;
    mu_error err;
    assert_int_equal(mu_weapons_find(W, "quad", &q, &err), MU_OK);
    /* reach: sqrt(600) = 24.494897427..., rounded up to 1e-9 */
    assert_rat_eq(q->max_range, 6123724357, 250000000); /* 24.494897428 */
    assert_false(q->reach_given);
    /* with max_range, 0 beyond it even where the polynomial is above 0 */
    assert_rat_eq(P(W, "bump", 20, 1, false), 0, 1); /* 20 + 20 - 40 */
    assert_rat_eq(P(W, "bump", 5, 1, false), 45, 2);
    assert_rat_eq(P(W, "bump", 21, 1, false), 0, 1);
}

static mu_crossover cross(const mu_weapons *w, const char *a, const char *b,
                          bool cover)
{
    mu_crossover x;
    mu_error err;
    if (mu_crossover_compute(w, a, b, cover, &x, &err) != MU_OK)
        fail_msg("%s/%s: %s", a, b, err.msg);
    return x;
}

static void staircase_crosses_the_musket_three_times(void **state)
{
    (void)state;
    mu_crossover x = cross(D, "staircase", "musket", false);
    assert_true(x.crosses);
    assert_int_equal(x.n, 3);
    assert_int_equal(x.closer, MU_WHICH_A);
    /* 6: the staircase steps down to 16 2/3 under the musket's 18 */
    assert_rat_eq(x.at[0].range, 6, 1);
    assert_true(x.at[0].exact);
    assert_rat_eq(x.at[0].pa, 50, 3);
    assert_rat_eq(x.at[0].pb, 18, 1);
    assert_int_equal(x.at[0].better, 1);
    /* 2 (15 - r) = 50/3 at r = 20/3: the musket falls under the step */
    assert_rat_eq(x.at[1].range, 20, 3);
    assert_rat_eq(x.at[1].pa, 50, 3);
    assert_rat_eq(x.at[1].pb, 50, 3);
    assert_int_equal(x.at[1].better, 0);
    /* 12: the staircase ends at long range, the musket still has 6 % */
    assert_rat_eq(x.at[2].range, 12, 1);
    assert_rat_eq(x.at[2].pb, 6, 1);
    assert_int_equal(x.at[2].better, 1);
    assert_rat_eq(x.range, 6, 1);
    /* behind cover: 33 - 8 and 17 - 8 against 2 (11 - r); the musket
     * stops at 11, the staircase's 9 % goes on to 12 */
    x = cross(W, "staircase", "musket", true);
    assert_int_equal(x.n, 2);
    assert_rat_eq(x.at[0].range, 6, 1); /* 9 against 10 */
    assert_rat_eq(x.at[0].pa, 9, 1);
    assert_rat_eq(x.at[0].pb, 10, 1);
    assert_rat_eq(x.at[1].range, 13, 2); /* 2 (11 - r) = 9 */
    assert_int_equal(x.at[1].better, 0);
}

static void points_cross_exactly(void **state)
{
    (void)state;
    /* level at point blank, bent better, then rifle: 50 - 5r/2 = 30 - r */
    mu_crossover x = cross(W, "bent", "rifle", false);
    assert_int_equal(x.n, 2);
    assert_rat_eq(x.at[0].range, 0, 1);
    assert_int_equal(x.at[0].better, 0);
    assert_rat_eq(x.at[1].range, 40, 3);
    assert_true(x.at[1].exact);
    assert_rat_eq(x.at[1].pa, 50, 3);
    assert_int_equal(x.at[1].better, 1);
    assert_int_equal(x.closer, 1); /* as for musket and rifle */
    /* canister and roundshot as before: 22.5 in, 7.5 % */
    x = cross(D, "canister", "roundshot", false);
    assert_int_equal(x.n, 1);
    assert_rat_eq(x.at[0].range, 45, 2);
    assert_rat_eq(x.at[0].pa, 15, 2);
    assert_true(x.at[0].exact);
}

static void polynomial_crossings_to_1e_9(void **state)
{
    (void)state;
    /* 30 - r^2/20 = 25 - r at r = 10 (1 + sqrt 2) */
    mu_crossover x = cross(W, "quad", "r25", false);
    assert_int_equal(x.n, 1);
    assert_false(x.at[0].exact);
    double r = (double)x.at[0].range.num / (double)x.at[0].range.den;
    assert_true(fabs(r - 10 * (1 + sqrt(2.0))) < 1e-9);
    assert_int_equal(x.closer, 0);
    /* 20 + r - r^2/10 = 25 - r twice: 10 -+ 5 sqrt 2 */
    x = cross(W, "bump", "r25", false);
    assert_int_equal(x.n, 2);
    r = (double)x.at[0].range.num / (double)x.at[0].range.den;
    assert_true(fabs(r - (10 - 5 * sqrt(2.0))) < 1e-9);
    r = (double)x.at[1].range.num / (double)x.at[1].range.den;
    assert_true(fabs(r - (10 + 5 * sqrt(2.0))) < 1e-9);
    assert_int_equal(x.closer, 1);
    assert_int_equal(x.at[0].better, 0);
    assert_int_equal(x.at[1].better, 1);
    /* level at point blank with the musket, then always better */
    x = cross(W, "quad", "musket", false);
    assert_int_equal(x.n, 1);
    assert_rat_eq(x.at[0].range, 0, 1);
    assert_int_equal(x.at[0].better, 0);
}

/* A gun whose loads are a staircase of canister and a roundshot polyline. */
static const char GUN[] =
    "[can]\ncurve = bands\n0-10 = 20\n10-30 = 5\neffectives = 3\ncrew = 6\n"
    "[rs]\ncurve = points\npoints = 0:4, 60:0\neffectives = 3\ncrew = 6\n"
    "[gun]\ncanister = can\nroundshot = rs\n"
    "[musket]\nslope = 2\nmax_range = 15\n";

static void guns_and_charges_on_any_shape(void **state)
{
    (void)state;
    mu_weapons *g;
    mu_error err;
    assert_int_equal(mu_weapons_parse(GUN, sizeof GUN - 1, "gun.ini", &g, &err),
                     MU_OK);
    mu_rat r = R(20, 1);
    mu_fire_opts o = {.weapon = "gun", .ranges = &r, .nranges = 1};
    mu_volley v;
    assert_int_equal(mu_fire_compute(g, &o, &v, &err), MU_OK);
    assert_string_equal(v.fired.name, "can"); /* 5 against 4 - 4/3 */
    assert_rat_eq(v.p, 5, 1);
    assert_rat_eq(v.other_p, 8, 3);
    assert_int_equal(v.threshold, 90);
    assert_true(v.has_crossover);
    assert_rat_eq(v.crossover, 30, 1); /* canister ends, roundshot 2 % */
    r = R(30, 1);
    assert_int_equal(mu_fire_compute(g, &o, &v, &err), MU_OK);
    assert_string_equal(v.fired.name, "rs");
    /* Charge: 20 figures from 20 in closing 10: volleys at 20, 10 and 0 of
     * 90 %, 90 % (the 10-30 band) and 360 %: left = 20 - B - B - 3 - B' (14..17). */
    mu_charge_opts co = {.figures = 20, .range = R(20, 1), .move = R(10, 1)};
    static mu_charge_odds c;
    assert_int_equal(mu_odds_charge(g, &co, &c, &err), MU_OK);
    assert_int_equal(c.volleys, 3);
    assert_rat_eq(c.volley[1].p, 5, 1);
    assert_rat_eq(c.volley[2].p, 20, 1);
    assert_true(fabs(mu_dist_p(&c.left, 14) - 0.9 * 0.9 * 0.6) < 1e-12);
    assert_true(fabs(mu_dist_p(&c.left, 17) - 0.1 * 0.1 * 0.4) < 1e-12);
    assert_true(fabs(c.left.mean - 14.6) < 1e-12);
    mu_charge_odds_clear(&c);
    mu_weapons_free(g);
}

static void odds_and_sim_on_a_staircase(void **state)
{
    (void)state;
    mu_rat r = R(6, 1);
    mu_fire_opts o = {.weapon = "staircase", .ranges = &r, .nranges = 1,
                      .figures = 10};
    mu_volley v;
    mu_error err;
    assert_int_equal(mu_fire_compute(D, &o, &v, &err), MU_OK);
    assert_rat_eq(v.poh, 500, 3); /* 10 x 16 2/3 */
    assert_int_equal(v.sure_hits, 1);
    assert_int_equal(v.threshold, 66);
    mu_fire_odds f;
    assert_int_equal(mu_odds_fire(&v, MU_METHOD_BOTH, &f, &err), MU_OK);
    assert_true(fabs(mu_dist_p(&f.additive, 2) - 0.66) < 1e-15);
    assert_true(fabs(mu_dist_p(&f.per_figure, 0) - pow(5.0 / 6, 10)) < 1e-14);
    assert_true(fabs(f.per_figure.mean - 10.0 / 6) < 1e-12);
    mu_fire_odds s;
    mu_sim_opts so = {.trials = 200000, .seed = 1, .threads = 2};
    assert_int_equal(mu_sim_fire(&v, MU_METHOD_BOTH, &so, &s, &err), MU_OK);
    for (int k = 0; k <= 10; k++) {
        double sd = sqrt(mu_dist_p(&f.per_figure, k) / 200000) + 1e-9;
        assert_true(fabs(mu_dist_p(&s.per_figure, k) -
                         mu_dist_p(&f.per_figure, k)) < 5 * sd);
    }
    assert_true(fabs(mu_dist_p(&s.additive, 2) - 0.66) < 5 * sqrt(0.66 * 0.34 / 2e5));
    mu_fire_odds_clear(&s);
    mu_fire_odds_clear(&f);
    /* a house max range keeps a straight line's slope: not for bands */
    o.has_max_range = true;
    o.max_range = R(30, 1);
    assert_int_equal(mu_fire_compute(D, &o, &v, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "bands"));
}

static void bad_files_say_where(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int line;
        const char *says;
    } cases[] = {
        {"[s]\ncurve = bands\n0-6 = 33\n6-6 = 10\n", 4, "empty"},
        {"[s]\ncurve = bands\n0-6 = 33\n7-12 = 10\n", 4, "gap"},
        {"[s]\ncurve = bands\n0-6 = 33\n5-12 = 10\n", 4, "overlaps"},
        {"[s]\ncurve = bands\n2-6 = 33\n", 3, "starts at 0"},
        {"[s]\ncurve = bands\n0-6 = 101\n", 3, "from 0 to 100"},
        {"[s]\ncurve = bands\n0-6 = -1\n", 3, "from 0 to 100"},
        {"[s]\ncurve = bands\n0-6 = x\n", 3, "0-6"},
        {"[s]\ncurve = bands\n0-x = 5\n", 3, "0-x"},
        {"[s]\ncurve = bands\n", 1, "no bands"},
        {"[s]\ncurve = bands\n0-6 = 0\n6-9 = 0\n", 1, "never hit"},
        {"[s]\nslope = 1\nmax_range = 10\n0-6 = 3\n", 4, "no bands (FROM-TO"},
        {"[s]\ncurve = bands\n0-6 = 30\npoints = 0:1, 2:0\n", 4, "no points"},
        {"[s]\ncurve = bands\nslope = 2\n0-6 = 30\n", 3, "no slope"},
        {"[p]\ncurve = points\npoints = 0:30, 10:20, 5:0\n", 3, "out of order"},
        {"[p]\ncurve = points\npoints = 0:30, 10:20, 10:0\n", 3, "out of order"},
        {"[p]\ncurve = points\npoints = 1:30, 10:0\n", 3, "range 0"},
        {"[p]\ncurve = points\npoints = 0:120, 10:0\n", 3, "from 0 to 100"},
        {"[p]\ncurve = points\npoints = 0:30\n", 3, "at least two"},
        {"[p]\ncurve = points\npoints = 0-30, 10:0\n", 3, "RANGE:P"},
        {"[p]\ncurve = points\npoints = 0:0, 10:0\n", 1, "never hit"},
        {"[p]\ncurve = points\n", 1, "no points"},
        {"[p]\ncurve = points\npoints = 0:30, 10:0\nmax_range = 9\n", 4,
         "no max_range"},
        {"[q]\ncurve = polynomial\ncoefficients = 90, 10, -1\n", 3,
         "115.0000 % at 5.0000 in"},
        {"[q]\ncurve = polynomial\ncoefficients = 10, 1\n", 3, "max_range"},
        {"[q]\ncurve = polynomial\ncoefficients = -5, -1\n", 3, "never"},
        {"[q]\ncurve = polynomial\ncoefficients = -5, 1\nmax_range = 5\n", 3,
         "never above 0"},
        {"[q]\ncurve = polynomial\ncoefficients = 30, x\n", 3, "a1"},
        {"[q]\ncurve = polynomial\ncoefficients = 30, -1\nslope = 2\n", 4,
         "no slope"},
        {"[q]\ncurve = polynomial\n", 1, "no coefficients"},
        {"[q]\ncurve = spline\n", 2, "choose linear"},
        {"[q]\ncurve = bands\ncurve = points\n", 3, "twice"},
        {"[g]\ncurve = bands\n0-5 = 10\ncanister = a\nroundshot = b\n", 1,
         "mixes"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        mu_weapons *w = NULL;
        mu_error err = {0};
        mu_status st = mu_weapons_parse(cases[i].text, strlen(cases[i].text),
                                        "bad.ini", &w, &err);
        if (st != MU_EINPUT || err.line != cases[i].line ||
            strcmp(err.file, "bad.ini") || !strstr(err.msg, cases[i].says))
            fail_msg("case %zu: status %d, %s:%d: %s", i, st, err.file,
                     err.line, err.msg);
        assert_null(w);
    }
    /* and good ones: a polynomial with max_range, bands a gun fires */
    const char *ok = "[q]\ncurve = polynomial\ncoefficients = 30, -1\n"
                     "max_range = 20\n";
    mu_weapons *w;
    mu_error err;
    assert_int_equal(mu_weapons_parse(ok, strlen(ok), "ok.ini", &w, &err),
                     MU_OK);
    assert_rat_eq(P(w, "q", 20, 1, false), 10, 1); /* max_range included */
    assert_rat_eq(P(w, "q", 41, 2, false), 0, 1);
    mu_weapons_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bands_are_a_staircase),
        cmocka_unit_test(points_are_straight_between),
        cmocka_unit_test(polynomials_stay_rational),
        cmocka_unit_test(staircase_crosses_the_musket_three_times),
        cmocka_unit_test(points_cross_exactly),
        cmocka_unit_test(polynomial_crossings_to_1e_9),
        cmocka_unit_test(guns_and_charges_on_any_shape),
        cmocka_unit_test(odds_and_sim_on_a_staircase),
        cmocka_unit_test(bad_files_say_where),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
