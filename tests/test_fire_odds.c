/* SPDX-License-Identifier: MIT */
/* test_fire_odds.c -- odds fire, sim fire and odds charge against the seed's
 * examples and computations done another way. */
#include "test_util.h"

#include <math.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "dice.h"

#define assert_close(a, b, tol) check_close((a), (b), (tol), __LINE__)
static void check_close(double a, double b, double tol, int line)
{
    if (!(fabs(a - b) <= tol))
        fail_msg("line %d: %.17g differs from %.17g by more than %g", line, a,
                 b, tol);
}

static mu_weapons *weapons;

static int setup(void **state)
{
    (void)state;
    mu_error err;
    return mu_weapons_default(&weapons, &err) == MU_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    mu_weapons_free(weapons);
    return 0;
}

static mu_volley volley(const char *weapon, int64_t range_num,
                        int64_t range_den, int figures, int crew)
{
    mu_rat r = {range_num, range_den};
    mu_fire_opts o;
    memset(&o, 0, sizeof o);
    o.weapon = weapon;
    o.ranges = &r;
    o.nranges = 1;
    o.figures = figures;
    o.crew = crew;
    mu_volley v;
    mu_error err;
    if (mu_fire_compute(weapons, &o, &v, &err) != MU_OK)
        fail_msg("%s", err.msg);
    return v;
}

/* Jean and Pierre at point blank: P(m) = 2 (15 - 0) = 30 each; 60% by
 * adding, 51% by the exact analysis. */
static void jean_and_pierre(void **state)
{
    (void)state;
    mu_volley v = volley("musket", 0, 1, 2, 0);
    mu_fire_odds o;
    mu_error err;
    assert_int_equal(mu_odds_fire(&v, MU_METHOD_BOTH, &o, &err), MU_OK);
    assert_close(mu_dist_at_least(&o.additive, 1), 0.60, 1e-16);
    assert_close(mu_dist_at_least(&o.per_figure, 1), 0.51, 1e-16);
    char *text;
    assert_int_equal(mu_fire_odds_render(&o, NULL, RO(MU_FMT_JSON), &text, &err),
                     MU_OK);
    cJSON *j = cJSON_Parse(text);
    cJSON *d = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "difference"),
                                   "at_least");
    assert_close(cJSON_GetObjectItem(d, "1")->valuedouble, 0.09, 1e-15);
    cJSON_Delete(j);
    free(text);
    mu_fire_odds_clear(&o);
    assert_int_equal(mu_odds_fire(&v, MU_METHOD_PER_FIGURE, &o, &err), MU_OK);
    assert_null(o.additive.p);
    mu_fire_odds_clear(&o);
}

/* 11 muskets at 5 inches: 220%, "2 sure hits and a 20% chance of a third";
 * the gun's 18 effectives at 10 inches: 360%, 3 sure and 60% of a fourth.
 * JSON as the contract. */
static void seed_volleys(void **state)
{
    (void)state;
    mu_volley v = volley("musket", 5, 1, 11, 0);
    mu_fire_odds o;
    mu_error err;
    assert_int_equal(mu_odds_fire(&v, MU_METHOD_BOTH, &o, &err), MU_OK);
    char *text;
    assert_int_equal(mu_fire_odds_render(&o, NULL, RO(MU_FMT_JSON), &text, &err),
                     MU_OK);
    cJSON *j = cJSON_Parse(text);
    assert_non_null(j);
    cJSON *add = cJSON_GetObjectItem(j, "additive");
    cJSON *p = cJSON_GetObjectItem(add, "p");
    assert_close(cJSON_GetObjectItem(p, "2")->valuedouble, 0.8, 0);
    assert_close(cJSON_GetObjectItem(p, "3")->valuedouble, 0.2, 0);
    assert_int_equal(cJSON_GetArraySize(p), 2);
    assert_close(cJSON_GetObjectItem(add, "mean")->valuedouble, 2.2, 1e-15);
    assert_non_null(cJSON_GetObjectItem(add, "at_least"));
    cJSON *pf = cJSON_GetObjectItem(j, "per_figure");
    assert_close(cJSON_GetObjectItem(cJSON_GetObjectItem(pf, "p"), "0")->valuedouble,
                 0.08589934592, 1e-17);
    assert_close(cJSON_GetObjectItem(pf, "mean")->valuedouble, 2.2, 1e-15);
    cJSON_Delete(j);
    free(text);
    mu_fire_odds_clear(&o);

    v = volley("gun", 10, 1, 0, 0);
    assert_int_equal(v.effectives, 18);
    assert_int_equal(mu_odds_fire(&v, MU_METHOD_ADDITIVE, &o, &err), MU_OK);
    assert_close(mu_dist_p(&o.additive, 3), 0.4, 1e-16);
    assert_close(mu_dist_p(&o.additive, 4), 0.6, 1e-16);
    assert_close(o.additive.mean, 3.6, 1e-15);
    mu_fire_odds_clear(&o);
}

/* The additive simulation rolls exactly what mu_fire_resolve rolls; the
 * per-figure one, with P whole, counts d100s at most P. */
static void sim_rolls_like_resolve(void **state)
{
    (void)state;
    mu_volley v = volley("musket", 5, 1, 11, 0);
    mu_error err;
    const uint64_t n = 3000;
    uint64_t add[16] = {0}, fig[16] = {0};
    mu_dice *d;
    assert_int_equal(mu_dice_new_seeded(99, &d, &err), MU_OK);
    for (uint64_t i = 0; i < n; i++) {
        mu_fire_result r;
        assert_int_equal(mu_fire_resolve(&v, d, &r, &err), MU_OK);
        add[r.hits]++;
    }
    mu_dice_free(d);
    assert_int_equal(mu_dice_new_seeded(99, &d, &err), MU_OK);
    for (uint64_t i = 0; i < n; i++) {
        int h = 0;
        for (int k = 0; k < 11; k++)
            h += dice_seeded_d100(d) <= 20;
        fig[h]++;
    }
    mu_dice_free(d);
    mu_fire_odds s;
    mu_sim_opts so = {n, 99, 1, NULL, NULL, 0};
    assert_int_equal(mu_sim_fire(&v, MU_METHOD_BOTH, &so, &s, &err), MU_OK);
    for (int k = 0; k <= 11; k++) {
        assert_int_equal((uint64_t)(mu_dist_p(&s.additive, k) * (double)n + 0.5), add[k]);
        assert_int_equal((uint64_t)(mu_dist_p(&s.per_figure, k) * (double)n + 0.5), fig[k]);
    }
    mu_fire_odds_clear(&s);
}

/* Simulated against exact, fixed seeds: the gun's additive volley, muskets
 * per figure, and a rifle at 5.5 inches whose P = 24.5% is not whole (the
 * digit method), on 1 and 3 threads with the same result. */
static void sim_agrees(void **state)
{
    (void)state;
    mu_error err;
    const char *w[] = {"gun", "musket", "rifle"};
    int64_t rn[] = {10, 7, 11}, rd[] = {1, 1, 2};
    int figs[] = {0, 40, 9};
    for (int i = 0; i < 3; i++) {
        mu_volley v = volley(w[i], rn[i], rd[i], figs[i], 0);
        mu_fire_odds ex, s1, s3;
        mu_sim_opts so = {400000, 5, 1, NULL, NULL, 0};
        assert_int_equal(mu_odds_fire(&v, MU_METHOD_BOTH, &ex, &err), MU_OK);
        assert_int_equal(mu_sim_fire(&v, MU_METHOD_BOTH, &so, &s1, &err), MU_OK);
        so.threads = 3;
        assert_int_equal(mu_sim_fire(&v, MU_METHOD_BOTH, &so, &s3, &err), MU_OK);
        for (int k = 0; k <= v.effectives; k++) {
            /* sd <= 0.5 / sqrt(4e5) = 7.9e-4; bound 5 sd */
            assert_close(mu_dist_p(&s1.additive, k), mu_dist_p(&ex.additive, k),
                         4e-3);
            assert_close(mu_dist_p(&s1.per_figure, k),
                         mu_dist_p(&ex.per_figure, k), 4e-3);
            assert_true(mu_dist_p(&s1.per_figure, k) ==
                        mu_dist_p(&s3.per_figure, k));
        }
        assert_close(s1.per_figure.mean, ex.per_figure.mean,
                     5 * sqrt(ex.per_figure.mean) / sqrt(4e5) + 1e-9);
        mu_fire_odds_clear(&ex);
        mu_fire_odds_clear(&s1);
        mu_fire_odds_clear(&s3);
    }
}

/* The Poisson-binomial distribution of independent chances p[0..n-1] by
 * dynamic programming: another road than the charge's Markov chain. */
static void poisson_binomial(const double *p, int n, double *out)
{
    memset(out, 0, (size_t)(n + 1) * sizeof *out);
    out[0] = 1;
    for (int i = 0; i < n; i++)
        for (int k = i + 1; k >= 0; k--)
            out[k] = out[k] * (1 - p[i]) + (k ? out[k - 1] * p[i] : 0);
}

/* 20 figures from 30 inches, 6 a turn, at a full gun: roundshot at 30 and
 * 24 (108% and 129.6%), canister at 18, 12, 6 and point blank (216, 324,
 * 432, 540%): 16 sure hits and extras on 8, 29, 16, 24, 32 and 40. */
static void charge_by_hand(void **state)
{
    (void)state;
    mu_charge_opts o = {NULL, 20, {30, 1}, {6, 1}, 0, false, false, false, NULL,
                        {0, 1}};
    mu_charge_odds *c = malloc(sizeof *c);
    mu_error err;
    assert_int_equal(mu_odds_charge(weapons, &o, c, &err), MU_OK);
    assert_int_equal(c->volleys, 6);
    assert_string_equal(c->volley[0].load, "roundshot");
    assert_string_equal(c->volley[2].load, "canister");
    const double p[] = {.08, .29, .16, .24, .32, .40};
    double x[7];
    poisson_binomial(p, 6, x);
    for (int left = 1; left <= 4; left++)
        assert_close(mu_dist_p(&c->left, left), x[4 - left], 1e-15);
    assert_close(mu_dist_p(&c->left, 0), x[4] + x[5] + x[6], 1e-15);
    assert_close(mu_dist_p(&c->crew_left, 6), 1.0, 0);
    mu_charge_odds_clear(c);
    /* Without the point-blank volley: 11 sure hits, 5 extras. */
    o.no_point_blank = true;
    assert_int_equal(mu_odds_charge(weapons, &o, c, &err), MU_OK);
    assert_int_equal(c->volleys, 5);
    poisson_binomial(p, 5, x);
    for (int k = 0; k <= 5; k++)
        assert_close(mu_dist_p(&c->left, 9 - k), x[k], 1e-15);
    mu_charge_odds_clear(c);
    /* Given in centimetres: the same odds, the text in cm (75 cm at 2.5 to
     * the inch is the 30 inches above), and a scale of 0 or below refused. */
    o.no_point_blank = false;
    o.cm_per_inch = (mu_rat){5, 2};
    assert_int_equal(mu_odds_charge(weapons, &o, c, &err), MU_OK);
    assert_int_equal(c->volleys, 6);
    char *text = NULL;
    assert_int_equal(mu_charge_odds_render(c, NULL, &text, &err), MU_OK);
    assert_non_null(strstr(text, "20 figures from 75 cm (30 in), closing 15 cm "
                                 "(6 in) a turn"));
    assert_non_null(strstr(text, "range (cm)"));
    assert_non_null(strstr(text, "\n  45 "));          /* 18 in */
    assert_null(strstr(text, "\n  18 "));
    free(text);
    mu_charge_odds_clear(c);
    o.cm_per_inch = (mu_rat){-1, 1};
    assert_int_equal(mu_odds_charge(weapons, &o, c, &err), MU_EINPUT);
    free(c);
}

/* A duel of one exchange: 20 muskets at 6 inches (18% each, 360%: 3 sure
 * and 60%) against 6 crew firing canister (24% x 18 = 432%: 4 sure and
 * 32%), at once. */
static void duel_one_exchange(void **state)
{
    (void)state;
    mu_charge_opts o = {"gun", 20, {6, 1}, {6, 1}, 0, false, false, true,
                        "musket", {0, 1}};
    mu_charge_odds *c = malloc(sizeof *c);
    mu_error err;
    assert_int_equal(mu_odds_charge(weapons, &o, c, &err), MU_OK);
    assert_int_equal(c->volleys, 1);
    assert_close(mu_dist_p(&c->left, 16), 0.68, 1e-15);
    assert_close(mu_dist_p(&c->left, 15), 0.32, 1e-15);
    assert_close(mu_dist_p(&c->crew_left, 3), 0.40, 1e-15);
    assert_close(mu_dist_p(&c->crew_left, 2), 0.60, 1e-15);
    mu_charge_odds_clear(c);
    /* Two exchanges (6 then point blank): the gun's second volley depends
     * on the crew left by the first. Check against a hand enumeration. */
    o.no_point_blank = false;
    assert_int_equal(mu_odds_charge(weapons, &o, c, &err), MU_OK);
    assert_int_equal(c->volleys, 2);
    /* At 0: 2 crew fire 30% x 6 = 180% (1 sure, 80%); 3 crew 270% (2 sure,
     * 70%). The target: 16 or 15 figures at 30% = 480% or 450% (4 sure and
     * 80% or 50%) against 3 or 2 crew: the gun is silenced either way. */
    double silenced, want_left[21] = {0};
    const int s1[2] = {16, 15};
    const double ps1[2] = {0.68, 0.32};
    const int c1[2] = {3, 2};
    const double pc1[2] = {0.40, 0.60};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            double m = ps1[i] * pc1[j];
            int sure = c1[j] == 3 ? 2 : 1;
            double extra = c1[j] == 3 ? 0.70 : 0.80;
            want_left[s1[i] - sure] += m * (1 - extra);
            want_left[s1[i] - sure - 1] += m * extra;
        }
    for (int k = 12; k <= 15; k++)
        assert_close(mu_dist_p(&c->left, k), want_left[k], 1e-15);
    silenced = mu_dist_p(&c->crew_left, 0);
    assert_close(silenced, 1.0, 1e-15);
    mu_charge_odds_clear(c);
    free(c);
}

static void bad_input(void **state)
{
    (void)state;
    mu_error err;
    mu_charge_odds *c = malloc(sizeof *c);
    mu_charge_opts o = {"musket", 20, {30, 1}, {6, 1}, 0, false, false, false,
                        NULL, {0, 1}};
    assert_int_equal(mu_odds_charge(weapons, &o, c, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "fired by figures"));
    mu_charge_odds_clear(c);
    o.gun = "gun";
    o.return_fire = "canister";
    assert_int_equal(mu_odds_charge(weapons, &o, c, &err), MU_EINPUT);
    mu_charge_odds_clear(c);
    o.return_fire = NULL;
    o.move = (mu_rat){1, 10}; /* 300 volleys */
    assert_int_equal(mu_odds_charge(weapons, &o, c, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "more than 200 volleys"));
    mu_charge_odds_clear(c);
    o.move = (mu_rat){6, 1};
    o.crew = 7;
    assert_int_equal(mu_odds_charge(weapons, &o, c, &err), MU_EINPUT);
    mu_charge_odds_clear(c);
    o.crew = 0;
    o.figures = 0;
    assert_int_equal(mu_odds_charge(weapons, &o, c, &err), MU_EINPUT);
    mu_charge_odds_clear(c);
    free(c);
    mu_volley v = volley("musket", 5, 1, 11, 0);
    mu_fire_odds f;
    assert_int_equal(mu_odds_fire(&v, (mu_hit_method)0, &f, &err), MU_EINPUT);
    mu_fire_odds_clear(&f);
    mu_sim_opts so = {0, 1, 1, NULL, NULL, 0};
    assert_int_equal(mu_sim_fire(&v, MU_METHOD_BOTH, &so, &f, &err), MU_EINPUT);
    mu_fire_odds_clear(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(jean_and_pierre),
        cmocka_unit_test(seed_volleys),
        cmocka_unit_test(sim_rolls_like_resolve),
        cmocka_unit_test(sim_agrees),
        cmocka_unit_test(charge_by_hand),
        cmocka_unit_test(duel_one_exchange),
        cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
