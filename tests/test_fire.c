/* SPDX-License-Identifier: MIT */
/* The linear fire model against every worked example of the seed article,
 * exactly, plus the bad input it must refuse. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster.h"

/* Render options of one format. */
#define RO(fmt) (&(mu_render_opts){.format = (fmt)})

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static mu_weapons *W;

static int setup(void **state)
{
    (void)state;
    mu_error err;
    return mu_weapons_default(&W, &err) == MU_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    mu_weapons_free(W);
    return 0;
}

static mu_rat R(int64_t n, int64_t d)
{
    mu_rat r = {n, d};
    return r;
}

static void assert_rat_eq(mu_rat got, int64_t num, int64_t den)
{
    if (got.num != num || got.den != den)
        fail_msg("got %lld/%lld, expected %lld/%lld", (long long)got.num,
                 (long long)got.den, (long long)num, (long long)den);
}

/* Fires `weapon` at one range of n/d inches. */
static mu_volley fire1(const char *weapon, int64_t n, int64_t d, int figures,
                       int crew, bool cover)
{
    mu_rat r = R(n, d);
    mu_fire_opts o = {.weapon = weapon, .ranges = &r, .nranges = 1,
                      .figures = figures, .crew = crew, .cover = cover};
    mu_volley v;
    mu_error err = {0};
    if (mu_fire_compute(W, &o, &v, &err) != MU_OK)
        fail_msg("%s: %s", weapon, err.msg);
    return v;
}

static mu_status fire_err(const mu_fire_opts *o, mu_error *err)
{
    mu_volley v;
    memset(&v, 0x5A, sizeof v);
    mu_status st = mu_fire_compute(W, o, &v, err);
    unsigned char *p = (unsigned char *)&v;
    for (size_t i = 0; i < sizeof v; i++)
        if (p[i] != 0x5A)
            fail_msg("the volley was written on failure");
    return st;
}

/* ---- the seed's worked examples ----------------------------------------- */

static void musket_5in_11_figures_is_220(void **state)
{
    (void)state;
    mu_volley v = fire1("musket", 5, 1, 11, 0, false);
    assert_rat_eq(v.p, 20, 1);
    assert_int_equal(v.effectives, 11);
    assert_rat_eq(v.poh, 220, 1);
    assert_int_equal(v.sure_hits, 2);
    assert_rat_eq(v.chance, 20, 1);
    assert_int_equal(v.threshold, 20);
    assert_int_equal(v.why, MU_LOAD_NONE);
}

static void musket_and_rifle_at_3in(void **state)
{
    (void)state;
    assert_rat_eq(fire1("musket", 3, 1, 1, 0, false).p, 24, 1);
    assert_rat_eq(fire1("rifle", 3, 1, 1, 0, false).p, 27, 1);
    /* both 30 % at "zero", musket nothing at 15, rifle at 30 */
    assert_rat_eq(fire1("musket", 0, 1, 1, 0, false).p, 30, 1);
    assert_rat_eq(fire1("rifle", 0, 1, 1, 0, false).p, 30, 1);
    assert_rat_eq(fire1("musket", 15, 1, 1, 0, false).p, 0, 1);
    assert_rat_eq(fire1("rifle", 15, 1, 1, 0, false).p, 15, 1);
    assert_rat_eq(fire1("rifle", 30, 1, 1, 0, false).p, 0, 1);
}

static void canister_10in_full_crew_is_360(void **state)
{
    (void)state;
    mu_volley v = fire1("canister", 10, 1, 0, 0, false);
    assert_rat_eq(v.p, 20, 1);
    assert_int_equal(v.castings, 6);
    assert_int_equal(v.effectives, 18);
    assert_rat_eq(v.poh, 360, 1);
    assert_int_equal(v.sure_hits, 3);
    assert_int_equal(v.threshold, 60);
    /* the gun picks canister there, and says why */
    mu_volley g = fire1("gun", 10, 1, 0, 0, false);
    assert_string_equal(g.fired.name, "canister");
    assert_int_equal(g.why, MU_LOAD_CANISTER_BETTER);
    assert_rat_eq(g.other_p, 10, 1);
    assert_true(g.has_crossover);
    assert_rat_eq(g.crossover, 45, 2);
    assert_rat_eq(g.poh, 360, 1);
}

static void roundshot_50in_is_2_and_36(void **state)
{
    (void)state;
    mu_volley v = fire1("roundshot", 50, 1, 0, 0, false);
    assert_rat_eq(v.p, 2, 1);
    assert_rat_eq(v.poh, 36, 1);
    assert_int_equal(v.sure_hits, 0);
    assert_int_equal(v.threshold, 36);
    mu_volley g = fire1("gun", 50, 1, 0, 0, false);
    assert_string_equal(g.fired.name, "roundshot");
    assert_int_equal(g.why, MU_LOAD_ROUNDSHOT_BETTER);
}

static void point_blank_roundshot_216_canister_540(void **state)
{
    (void)state;
    mu_volley r = fire1("roundshot", 0, 1, 0, 0, false);
    assert_rat_eq(r.p, 12, 1);
    assert_rat_eq(r.poh, 216, 1);
    assert_int_equal(r.sure_hits, 2);
    assert_int_equal(r.threshold, 16);
    /* the article prints 450 %: 18 x 30 is 540 */
    mu_volley c = fire1("canister", 0, 1, 0, 0, false);
    assert_rat_eq(c.poh, 540, 1);
    assert_int_equal(c.sure_hits, 5);
    assert_int_equal(c.threshold, 40);
    /* a gun out of canister fires the roundshot blast */
    mu_rat zero = R(0, 1);
    mu_fire_opts o = {.weapon = "gun", .ranges = &zero, .nranges = 1,
                      .no_canister = true};
    mu_volley g;
    mu_error err;
    assert_int_equal(mu_fire_compute(W, &o, &g, &err), MU_OK);
    assert_string_equal(g.fired.name, "roundshot");
    assert_int_equal(g.why, MU_LOAD_NO_CANISTER);
    assert_rat_eq(g.poh, 216, 1);
    assert_rat_eq(g.other_p, 30, 1);
}

static void canister_and_roundshot_cross_at_22_5(void **state)
{
    (void)state;
    mu_crossover x;
    mu_error err;
    assert_int_equal(mu_crossover_compute(W, "canister", "roundshot", false, &x,
                                       &err), MU_OK);
    assert_true(x.crosses);
    assert_rat_eq(x.range, 45, 2);
    assert_rat_eq(x.p, 15, 2);
    assert_int_equal(x.closer, 0); /* canister closer in */
    /* the gun: canister up to just short of 22.5, roundshot from 22.5 */
    assert_string_equal(fire1("gun", 224, 10, 0, 0, false).fired.name, "canister");
    mu_volley at = fire1("gun", 45, 2, 0, 0, false);
    assert_string_equal(at.fired.name, "roundshot");
    assert_int_equal(at.why, MU_LOAD_EQUAL);
    assert_rat_eq(at.p, 15, 2);
    assert_rat_eq(at.poh, 135, 1);
    /* Behind cover both lines drop by 8: they still meet at 22.5 inches,
     * but at -0.5 %, where neither fires. Canister (22 - r) reaches 22
     * inches, roundshot (4 - r/5) only 20: canister is as good or better
     * at every range, and the gun fires it until neither reaches. */
    assert_int_equal(mu_crossover_compute(W, "roundshot", "canister", true, &x,
                                       &err), MU_OK);
    assert_false(x.crosses);
    assert_int_equal(x.n, 0);
    assert_int_equal(x.closer, 1);
    assert_string_equal(fire1("gun", 21, 1, 0, 0, true).fired.name, "canister");
    assert_string_equal(fire1("gun", 22, 1, 0, 0, true).fired.name, "roundshot");
}

static void musket_behind_cover_is_2_times_11_minus_r(void **state)
{
    (void)state;
    assert_rat_eq(fire1("musket", 0, 1, 1, 0, true).p, 22, 1);
    assert_rat_eq(fire1("musket", 11, 1, 1, 0, true).p, 0, 1);
    assert_rat_eq(fire1("musket", 5, 1, 1, 0, true).p, 12, 1);
    mu_volley v = fire1("musket", 12, 1, 1, 0, true);
    assert_rat_eq(v.line_p, -2, 1); /* the line goes below 0... */
    assert_rat_eq(v.p, 0, 1);       /* ...P does not */
    assert_false(v.beyond);
    for (int r = 0; r <= 20; r++) {
        int64_t want = r < 11 ? 2 * (11 - r) : 0;
        assert_rat_eq(fire1("musket", r, 1, 1, 0, true).p, want, 1);
    }
}

/* ---- ranges, scale and exactness ---------------------------------------- */

static void average_range_and_exact_thirds(void **state)
{
    (void)state;
    mu_error err;
    mu_volley v;
    mu_rat two[] = {{11, 1}, {5, 1}};
    mu_fire_opts o = {.weapon = "musket", .ranges = two, .nranges = 2,
                      .figures = 10};
    assert_int_equal(mu_fire_compute(W, &o, &v, &err), MU_OK);
    assert_rat_eq(v.range, 8, 1);
    assert_rat_eq(v.p, 14, 1);
    /* 7, 7, 8 -> 22/3 inches; 5 figures at P = 46/3 -> POH 230/3 */
    mu_rat three[] = {{7, 1}, {7, 1}, {8, 1}};
    o.ranges = three;
    o.nranges = 3;
    o.figures = 5;
    assert_int_equal(mu_fire_compute(W, &o, &v, &err), MU_OK);
    assert_rat_eq(v.range, 22, 3);
    assert_rat_eq(v.p, 46, 3);
    assert_rat_eq(v.poh, 230, 3);
    assert_int_equal(v.sure_hits, 0);
    assert_rat_eq(v.chance, 230, 3);
    assert_int_equal(v.threshold, 76); /* 76.66...: a hit on 76 or less */
}

static void yards_convert_by_the_scale(void **state)
{
    (void)state;
    mu_error err;
    mu_volley v;
    mu_rat yd = {80, 1};
    mu_fire_opts o = {.weapon = "musket", .ranges = &yd, .nranges = 1,
                      .figures = 11, .yards_per_inch = {10, 1}};
    assert_int_equal(mu_fire_compute(W, &o, &v, &err), MU_OK);
    assert_rat_eq(v.range, 8, 1);
    assert_rat_eq(v.ranges[0], 80, 1);
    o.yards_per_inch = R(25, 2); /* 12.5 yards to the inch */
    assert_int_equal(mu_fire_compute(W, &o, &v, &err), MU_OK);
    assert_rat_eq(v.range, 32, 5);
    /* a house max range given in yards is converted too */
    mu_rat r = {700, 1};
    mu_fire_opts h = {.weapon = "roundshot", .ranges = &r, .nranges = 1,
                      .yards_per_inch = {10, 1}, .has_max_range = true,
                      .max_range = {800, 1}};
    assert_int_equal(mu_fire_compute(W, &h, &v, &err), MU_OK);
    assert_rat_eq(v.fired.max_range, 80, 1);
    assert_rat_eq(v.p, 2, 1);
    assert_true(v.house_max_range);
}

/* Centimetres as the yards are: the ranges as given, the range fired at in
 * inches, exactly (12.5 cm at 2.5 to the inch is 5 inches, not 4.9999). */
static void centimetres_convert_exactly(void **state)
{
    (void)state;
    mu_error err;
    mu_volley v;
    mu_rat cm[2] = {{28, 1}, {12, 1}};
    mu_fire_opts o = {.weapon = "musket", .ranges = cm, .nranges = 2,
                      .figures = 10, .cm_per_inch = {5, 2}};
    assert_int_equal(mu_fire_compute(W, &o, &v, &err), MU_OK);
    assert_rat_eq(v.range, 8, 1);
    assert_rat_eq(v.ranges[0], 28, 1);
    assert_rat_eq(v.cm_per_inch, 5, 2);
    assert_rat_eq(v.p, 14, 1);
    char *text = NULL;
    assert_int_equal(mu_fire_render(&v, NULL, RO(MU_FMT_JSONL), &text,
                                    &err), MU_OK);
    assert_non_null(strstr(text, "\"unit\":\"cm\",\"ranges\":[28,12],"
                                 "\"cm_per_inch\":2.5"));
    free(text);
    mu_rat r = {3175, 100}; /* 31.75 cm at 2.54: 12.5 in */
    o.ranges = &r;
    o.nranges = 1;
    o.cm_per_inch = R(254, 100);
    assert_int_equal(mu_fire_compute(W, &o, &v, &err), MU_OK);
    assert_rat_eq(v.range, 25, 2);
    o.has_max_range = true; /* in the unit of the ranges too */
    o.max_range = R(4064, 100); /* 16 in */
    assert_int_equal(mu_fire_compute(W, &o, &v, &err), MU_OK);
    assert_rat_eq(v.fired.max_range, 16, 1);
    o.has_max_range = false;
    o.yards_per_inch = R(10, 1); /* yards and cm at once: refused */
    assert_int_equal(mu_fire_compute(W, &o, &v, &err), MU_EINPUT);
    o.yards_per_inch = R(0, 1);
    o.cm_per_inch = R(-1, 1);
    assert_int_equal(mu_fire_compute(W, &o, &v, &err), MU_EINPUT);
}

/* A weapons file's [units] is its scale, not a weapon. */
static void weapons_file_units(void **state)
{
    (void)state;
    mu_error err;
    mu_weapons *w = NULL;
    static const char ok[] = "[units]\ncm_per_inch = 2.54\n[musket]\n"
                             "slope = 2\nmax_range = 15\n";
    assert_int_equal(mu_weapons_parse(ok, sizeof ok - 1, "u.ini", &w, &err),
                     MU_OK);
    assert_int_equal(mu_weapons_count(w), 1);
    assert_rat_eq(mu_weapons_cm_per_inch(w), 127, 50);
    mu_weapons_free(w);
    assert_rat_eq(mu_weapons_cm_per_inch(W), 0, 1); /* the built-in: none */
    static const char *const bad[] = {
        "[units]\ncm_per_inch = 0\n[musket]\nslope = 2\nmax_range = 15\n",
        "[units]\ncm_per_inch = 101\n[musket]\nslope = 2\nmax_range = 15\n",
        "[units]\ninch = 2\n[musket]\nslope = 2\nmax_range = 15\n",
        ("[units]\ncm_per_inch = 2\ncm_per_inch = 3\n[musket]\nslope = 2\n"
         "max_range = 15\n"),
        "[units]\ncm_per_inch = 2\n"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        w = NULL;
        assert_int_equal(mu_weapons_parse(bad[i], strlen(bad[i]), "u.ini", &w,
                                          &err), MU_EINPUT);
        assert_null(w);
    }
}

static void crew_losses_cost_three_effectives_each(void **state)
{
    (void)state;
    for (int crew = 1; crew <= 6; crew++) {
        mu_volley v = fire1("canister", 10, 1, 0, crew, false);
        assert_int_equal(v.effectives, 3 * crew);
        assert_rat_eq(v.poh, 60 * crew, 1);
    }
}

static void beyond_max_range_is_zero(void **state)
{
    (void)state;
    mu_volley v = fire1("musket", 20, 1, 30, 0, false);
    assert_true(v.beyond);
    assert_rat_eq(v.p, 0, 1);
    assert_rat_eq(v.poh, 0, 1);
    assert_int_equal(v.threshold, 0);
    mu_volley g = fire1("gun", 61, 1, 0, 0, false);
    assert_string_equal(g.fired.name, "roundshot");
    assert_int_equal(g.why, MU_LOAD_EQUAL);
    assert_rat_eq(g.p, 0, 1);
}

static void weapon_p_is_public(void **state)
{
    (void)state;
    const mu_weapon *m, *g;
    mu_rat p;
    mu_error err;
    assert_int_equal(mu_weapons_find(W, "musket", &m, &err), MU_OK);
    assert_int_equal(mu_weapon_p(m, R(15, 2), false, &p, &err), MU_OK);
    assert_rat_eq(p, 15, 1);
    assert_int_equal(mu_weapon_p(m, R(-1, 1), false, &p, &err), MU_EINPUT);
    assert_int_equal(mu_weapons_find(W, "gun", &g, &err), MU_OK);
    assert_int_equal(mu_weapon_p(g, R(1, 1), false, &p, &err), MU_EINPUT);
    assert_int_equal(mu_weapons_count(W), 6); /* and the staircase */
    assert_string_equal(mu_weapons_at(W, 0)->name, "musket");
    assert_string_equal(mu_weapons_at(W, 5)->name, "staircase");
    assert_null(mu_weapons_at(W, 6));
    assert_int_equal(g->kind, MU_WEAPON_GUN);
    assert_int_equal(g->crew, 6);
    assert_int_equal(g->effectives, 3);
    assert_string_equal(mu_weapons_at(W, (size_t)g->canister)->name, "canister");
}

/* ---- bad input ---------------------------------------------------------- */

static void refuses_bad_volleys(void **state)
{
    (void)state;
    mu_error err;
    mu_rat r5 = {5, 1}, neg = {-1, 2};
    mu_fire_opts o = {.weapon = "musket", .ranges = &r5, .nranges = 1,
                      .figures = 11};
    o.figures = 0;
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    o.figures = -3;
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    o.figures = MU_FIRE_MAX_FIGURES + 1;
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    o.figures = 11;
    o.ranges = &neg;
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "negative"));
    o.ranges = &r5;
    o.nranges = 0;
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    o.nranges = MU_FIRE_MAX_RANGES + 1;
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    o.nranges = 1;
    o.crew = 3; /* a musket has no crew */
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    o.crew = 0;
    o.no_canister = true;
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    o.no_canister = false;
    o.weapon = "sword";
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "musket, rifle, canister, roundshot, gun"));
    o.weapon = "gun"; /* figures for a gun */
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    o.figures = 0;
    o.crew = 7; /* over the full crew of 6 */
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "1 to 6"));
    o.crew = 6;
    o.has_max_range = true; /* a gun is two curves */
    o.max_range = R(80, 1);
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    o.weapon = "musket";
    o.crew = 0;
    o.figures = 1;
    o.max_range = R(51, 1); /* 2 x 51 = 102 % at point blank */
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    o.max_range = R(0, 1);
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    o.has_max_range = false;
    o.yards_per_inch = R(-10, 1);
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
}

static void too_fine_numbers_are_refused_not_wrong(void **state)
{
    (void)state;
    mu_error err;
    mu_rat many[MU_FIRE_MAX_RANGES];
    static const int64_t primes[] = {999999937, 999999929, 999999893,
                                     999999883, 999999797};
    for (int i = 0; i < 5; i++)
        many[i] = R(1, primes[i]);
    mu_fire_opts o = {.weapon = "musket", .ranges = many, .nranges = 5,
                      .figures = 1};
    assert_int_equal(fire_err(&o, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "too finely divided"));
}

/* A weapons file and the line its error must name (0: no line). */
typedef struct bad_file {
    const char *text;
    int line;
    const char *words;
} bad_file;

static void weapons_file_errors_say_where(void **state)
{
    (void)state;
    static const bad_file bad[] = {
        {"", 0, "no weapons"},
        {"slope = 2\n", 1, "before any [weapon]"},
        {"[musket]\nslope = 2\n", 1, "no max_range"},
        {"; a comment\n[musket]\nmax_range = 15\n", 2, "no slope"},
        {"[musket]\nslope = 2\nmax_range = 15\nslope = 3\n", 4, "twice"},
        {"[musket]\nslope = 2\nmax_range = 51\n", 3, "more than 100"},
        {"[musket]\nslope = two\nmax_range = 15\n", 2, "not a number"},
        {"[musket]\nslope = -2\nmax_range = 15\n", 2, "more than 0"},
        {"[musket]\nslope = 2\nmax_range = 0\n", 3, "more than 0"},
        {"[musket]\nslope = 2\nmax_range = 15\ncover = 8\n", 4, "penalty"},
        {"[musket]\nslope = 2\nmax_range = 15\neffectives = 0\n", 4, "1 to 100"},
        {"[musket]\nslope = 2\nmax_range = 15\ncrew = 1.5\n", 4, "1 to 100"},
        {"[musket]\nslope = 2\nmax_range = 15\nrange = 3\n", 4, "unknown key"},
        {"[Musket]\nslope = 2\nmax_range = 15\n", 1, "not a weapon name"},
        {"[a]\nslope = 1\nmax_range = 1\n[b]\nslope = 1\nmax_range = 1\n"
         "[a]\nslope = 1\n", 7, "given twice (first on line 1)"},
        {"[gun]\ncanister = canister\n", 1, "no roundshot"},
        {"[gun]\ncanister = c\nroundshot = r\n", 2, "no weapon [c]"},
        {"[c]\nslope = 1\nmax_range = 30\n[gun]\ncanister = c\nroundshot = c\n",
         5, "not an artillery load"},
        {"[c]\nslope = 1\nmax_range = 30\ncrew = 6\n[r]\nslope = 1/5\n"
         "max_range = 60\ncrew = 4\n[gun]\ncanister = c\nroundshot = r\n", 9,
         "same crew"},
        {"[gun]\ncanister = c\nroundshot = r\nslope = 1\n", 1, "mixes"},
        {"[musket]\nthis is not ini\n", 2, "expected"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        mu_weapons *w = (mu_weapons *)&w; /* must stay untouched */
        mu_error err = {0};
        mu_status st = mu_weapons_parse(bad[i].text, strlen(bad[i].text),
                                        "house.ini", &w, &err);
        if (st != MU_EINPUT || err.line != bad[i].line ||
            !strstr(err.msg, bad[i].words) || strcmp(err.file, "house.ini") ||
            w != (mu_weapons *)&w)
            fail_msg("case %zu: status %d, line %d (want %d), '%s'", i, st,
                     err.line, bad[i].line, err.msg);
    }
}

static void house_rules_file_changes_a_curve(void **state)
{
    (void)state;
    /* the seed's suggestion: roundshot to 800 yards, canister to 400 */
    size_t len;
    const char *text = mu_weapons_default_text(&len);
    char *house = malloc(len + 1);
    assert_non_null(house);
    memcpy(house, text, len + 1);
    char *p = strstr(house, "max_range = 60");
    assert_non_null(p);
    p[12] = '8';
    p = strstr(strstr(house, "[canister]"), "max_range = 30");
    p[12] = '4';
    mu_weapons *w;
    mu_error err;
    assert_int_equal(mu_weapons_parse(house, len, "house", &w, &err), MU_OK);
    free(house);
    const mu_weapon *rs, *can;
    mu_rat pr, pc;
    assert_int_equal(mu_weapons_find(w, "roundshot", &rs, &err), MU_OK);
    assert_int_equal(mu_weapons_find(w, "canister", &can, &err), MU_OK);
    assert_int_equal(mu_weapon_p(rs, R(70, 1), false, &pr, &err), MU_OK);
    assert_rat_eq(pr, 2, 1);
    assert_int_equal(mu_weapon_p(can, R(35, 1), false, &pc, &err), MU_OK);
    assert_rat_eq(pc, 5, 1);
    /* 40 - r = (80 - r) / 5 at r = 30 */
    mu_crossover x;
    assert_int_equal(mu_crossover_compute(w, "canister", "roundshot", false, &x,
                                       &err), MU_OK);
    assert_rat_eq(x.range, 30, 1);
    assert_rat_eq(x.p, 10, 1);
    mu_weapons_free(w);
}

static void crossover_edge_cases(void **state)
{
    (void)state;
    mu_crossover x;
    mu_error err;
    /* musket and rifle start level at 30 % and part */
    assert_int_equal(mu_crossover_compute(W, "musket", "rifle", false, &x, &err),
                     MU_OK);
    assert_true(x.crosses);
    assert_rat_eq(x.range, 0, 1);
    assert_rat_eq(x.p, 30, 1);
    /* rifle and canister are the same line */
    assert_int_equal(mu_crossover_compute(W, "rifle", "canister", false, &x, &err),
                     MU_OK);
    assert_false(x.crosses);
    assert_int_equal(x.closer, -1);
    assert_int_equal(mu_crossover_compute(W, "gun", "rifle", false, &x, &err),
                     MU_EINPUT);
    assert_int_equal(mu_crossover_compute(W, "rifle", "rifle", false, &x, &err),
                     MU_EINPUT);
    /* lines that meet only below 0: no crossover where either fires */
    const char *t = "[a]\nslope = 1\nmax_range = 10\n"
                    "[b]\nslope = 1/2\nmax_range = 5\n";
    mu_weapons *w;
    assert_int_equal(mu_weapons_parse(t, strlen(t), "t", &w, &err), MU_OK);
    assert_int_equal(mu_crossover_compute(w, "a", "b", false, &x, &err), MU_OK);
    assert_false(x.crosses); /* 10 - r = (5 - r)/2 at r = 15, P = -5 */
    assert_int_equal(x.closer, 0);
    mu_weapons_free(w);
}

/* ---- rolling ------------------------------------------------------------ */

static void one_roll_only_when_the_chance_is_a_whole_percent(void **state)
{
    (void)state;
    mu_error err;
    mu_volley v = fire1("musket", 5, 1, 11, 0, false); /* 2 + 20 % */
    int rolls[] = {20, 21};
    for (int i = 0; i < 2; i++) {
        mu_dice *d;
        mu_fire_result r;
        assert_int_equal(mu_dice_new_scripted(&rolls[i], 1, &d, &err), MU_OK);
        assert_int_equal(mu_fire_resolve(&v, d, &r, &err), MU_OK);
        assert_true(r.rolled);
        assert_int_equal(r.roll, rolls[i]);
        assert_int_equal(r.hits, i == 0 ? 3 : 2);
        assert_int_equal(mu_dice_left(d), 0);
        mu_dice_free(d);
    }
    /* 200 %: two hits, no die */
    mu_volley w = fire1("musket", 5, 1, 10, 0, false);
    mu_dice *d;
    mu_fire_result r;
    assert_int_equal(mu_dice_new_scripted(rolls, 2, &d, &err), MU_OK);
    assert_int_equal(mu_fire_resolve(&w, d, &r, &err), MU_OK);
    assert_false(r.rolled);
    assert_int_equal(r.hits, 2);
    assert_int_equal(mu_dice_count(d), 0);
    /* a chance under 1 % has no face on the d100: no roll either */
    mu_rat rr = {149, 10}; /* musket at 14.9: P = 0.2, 4 figures: 0.8 % */
    mu_fire_opts o = {.weapon = "musket", .ranges = &rr, .nranges = 1,
                      .figures = 4};
    assert_int_equal(mu_fire_compute(W, &o, &w, &err), MU_OK);
    assert_rat_eq(w.chance, 4, 5);
    assert_int_equal(w.threshold, 0);
    assert_int_equal(mu_fire_resolve(&w, d, &r, &err), MU_OK);
    assert_false(r.rolled);
    assert_int_equal(r.hits, 0);
    assert_int_equal(mu_dice_count(d), 0);
    mu_dice_free(d);
    /* no dice left: MU_ENOROLL */
    assert_int_equal(mu_dice_new_scripted(NULL, 0, &d, &err), MU_OK);
    assert_int_equal(mu_fire_resolve(&v, d, &r, &err), MU_ENOROLL);
    assert_non_null(strstr(err.msg, "Musket fire"));
    mu_dice_free(d);
}

static mu_status label_cb(void *ud, const char *label, int *roll, mu_error *err)
{
    (void)err;
    snprintf(ud, 128, "%s", label);
    *roll = 50;
    return MU_OK;
}

static void the_roll_is_labelled(void **state)
{
    (void)state;
    char label[128] = "";
    mu_error err;
    mu_dice *d;
    mu_fire_result r;
    assert_int_equal(mu_dice_new_callback(label_cb, label, &d, &err), MU_OK);
    mu_volley v = fire1("musket", 5, 1, 11, 0, false);
    assert_int_equal(mu_fire_resolve(&v, d, &r, &err), MU_OK);
    assert_string_equal(label, "Musket fire: one more hit on 20 or less");
    mu_volley g = fire1("gun", 10, 1, 0, 0, false);
    assert_int_equal(mu_fire_resolve(&g, d, &r, &err), MU_OK);
    assert_string_equal(label, "Canister fire: one more hit on 60 or less");
    assert_int_equal(r.hits, 4);
    mu_dice_free(d);
}

static void seeded_rolls_hit_at_the_threshold_rate(void **state)
{
    (void)state;
    /* 100000 volleys of 2 sure hits + 20 %: the extra hit comes up 20000
     * times, give or take 4 standard deviations (sqrt(16000) = 126.5). */
    mu_error err;
    mu_dice *d;
    assert_int_equal(mu_dice_new_seeded(20260101, &d, &err), MU_OK);
    mu_volley v = fire1("musket", 5, 1, 11, 0, false);
    long extra = 0;
    for (int i = 0; i < 100000; i++) {
        mu_fire_result r;
        assert_int_equal(mu_fire_resolve(&v, d, &r, &err), MU_OK);
        assert_true(r.hits == 2 || r.hits == 3);
        extra += r.hits - 2;
    }
    assert_in_range(extra, 20000 - 506, 20000 + 506);
    mu_dice_free(d);
}

/* ---- rendering ---------------------------------------------------------- */

static void json_meets_the_contract(void **state)
{
    (void)state;
    mu_error err;
    mu_volley v = fire1("musket", 5, 1, 11, 0, false);
    mu_fire_result r = {true, 37, 2};
    mu_render_opts o = {.format = MU_FMT_JSONL};
    char *text;
    assert_int_equal(mu_fire_render(&v, &r, &o, &text, &err), MU_OK);
    const char *want = "{\"weapon\":\"musket\",\"load\":null,\"range\":5,"
                       "\"p\":20,\"effectives\":11,\"poh\":220,"
                       "\"sure_hits\":2,\"chance\":20,\"roll\":37,\"hits\":2,";
    assert_memory_equal(text, want, strlen(want));
    free(text);
    /* not rolled on purpose: roll and hits are null */
    assert_int_equal(mu_fire_render(&v, NULL, &o, &text, &err), MU_OK);
    cJSON *j = cJSON_Parse(text);
    assert_non_null(j);
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(j, "roll")));
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(j, "hits")));
    cJSON_Delete(j);
    free(text);
    /* a gun names its load; thirds print with 4 decimals, exact alongside */
    mu_volley g = fire1("gun", 22, 3, 0, 5, false); /* 15 x 68/3 = 340 */
    assert_int_equal(g.sure_hits, 3);
    assert_int_equal(g.threshold, 40);
    mu_fire_result res;
    mu_dice *d;
    assert_int_equal(mu_dice_new_scripted((int[]){41}, 1, &d, &err), MU_OK);
    assert_int_equal(mu_fire_resolve(&g, d, &res, &err), MU_OK);
    mu_dice_free(d);
    o.format = MU_FMT_JSON;
    assert_int_equal(mu_fire_render(&g, &res, &o, &text, &err), MU_OK);
    j = cJSON_Parse(text);
    assert_non_null(j);
    assert_string_equal(cJSON_GetObjectItem(j, "load")->valuestring, "canister");
    assert_non_null(strstr(text, "\"range\":\t7.3333,"));
    assert_non_null(strstr(text, "\"p\":\t22.6666,"));
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "exact"),
                                            "p")->valuestring, "68/3");
    assert_int_equal(cJSON_GetObjectItem(j, "roll")->valueint, 41);
    assert_int_equal(cJSON_GetObjectItem(j, "hits")->valueint, 3);
    assert_int_equal(cJSON_GetObjectItem(j, "crew")->valueint, 5);
    cJSON_Delete(j);
    free(text);
}

static void text_shows_the_working(void **state)
{
    (void)state;
    mu_error err;
    mu_volley v = fire1("gun", 10, 1, 0, 0, false);
    mu_fire_result r = {true, 61, 3};
    mu_render_opts o = {.format = MU_FMT_TEXT, .has_seed = true, .seed = 7};
    char *text;
    assert_int_equal(mu_fire_render(&v, &r, &o, &text, &err), MU_OK);
    const char *want =
        "Gun fire at 10 in, 6 crew castings\n"
        "  Load: canister, 20 % against roundshot's 10 %; canister is the "
        "better load closer than 22.5 in\n"
        "  P = 30 \xE2\x88\x92 10 = 20 % an effective\n"
        "  Effectives = 6 crew \xC3\x97 3 = 18\n"
        "  POH = 18 effectives \xC3\x97 20 % = 360 %\n"
        "  3 sure hits and a 60 % chance of a fourth\n"
        "  Roll 61 > 60: no fourth hit\n"
        "  Hits: 3\n"
        "seed 7\n";
    assert_string_equal(text, want);
    free(text);
}

static void curve_table_and_limits(void **state)
{
    (void)state;
    mu_error err;
    char *text;
    mu_curve_opts o = {.weapon = "musket", .cover = true, .step = {11, 2}};
    assert_int_equal(mu_curve_render(W, &o, RO(MU_FMT_CSV), &text, &err), MU_OK);
    assert_string_equal(text, "range,yards,p\n0,0,22\n5.5,55,11\n11,110,0\n");
    free(text);
    o.cover = false;
    o.step = R(1, 1000);
    assert_int_equal(mu_curve_render(W, &o, RO(MU_FMT_CSV), &text, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "larger step"));
    mu_curve_opts g = {.weapon = "gun", .step = {45, 2}};
    assert_int_equal(mu_curve_render(W, &g, RO(MU_FMT_CSV), &text, &err), MU_OK);
    assert_string_equal(text, "range,yards,canister,roundshot,load,p\n"
                              "0,0,30,12,canister,30\n"
                              "22.5,225,7.5,7.5,roundshot,7.5\n"
                              "45,450,0,3,roundshot,3\n");
    free(text);
    /* lengths given in cm: a cm column beside the inches, at the scale */
    o = (mu_curve_opts){.weapon = "musket", .step = {5, 1},
                        .cm_per_inch = {254, 100}};
    assert_int_equal(mu_curve_render(W, &o, RO(MU_FMT_CSV), &text, &err), MU_OK);
    assert_string_equal(text, "range,yards,cm,p\n0,0,0,30\n5,50,12.7,20\n"
                              "10,100,25.4,10\n15,150,38.1,0\n");
    free(text);
    o.cm_per_inch = R(-1, 1);
    assert_int_equal(mu_curve_render(W, &o, RO(MU_FMT_CSV), &text, &err), MU_EINPUT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(musket_5in_11_figures_is_220),
        cmocka_unit_test(musket_and_rifle_at_3in),
        cmocka_unit_test(canister_10in_full_crew_is_360),
        cmocka_unit_test(roundshot_50in_is_2_and_36),
        cmocka_unit_test(point_blank_roundshot_216_canister_540),
        cmocka_unit_test(canister_and_roundshot_cross_at_22_5),
        cmocka_unit_test(musket_behind_cover_is_2_times_11_minus_r),
        cmocka_unit_test(average_range_and_exact_thirds),
        cmocka_unit_test(yards_convert_by_the_scale),
        cmocka_unit_test(centimetres_convert_exactly),
        cmocka_unit_test(weapons_file_units),
        cmocka_unit_test(crew_losses_cost_three_effectives_each),
        cmocka_unit_test(beyond_max_range_is_zero),
        cmocka_unit_test(weapon_p_is_public),
        cmocka_unit_test(refuses_bad_volleys),
        cmocka_unit_test(too_fine_numbers_are_refused_not_wrong),
        cmocka_unit_test(weapons_file_errors_say_where),
        cmocka_unit_test(house_rules_file_changes_a_curve),
        cmocka_unit_test(crossover_edge_cases),
        cmocka_unit_test(one_roll_only_when_the_chance_is_a_whole_percent),
        cmocka_unit_test(the_roll_is_labelled),
        cmocka_unit_test(seeded_rolls_hit_at_the_threshold_rate),
        cmocka_unit_test(json_meets_the_contract),
        cmocka_unit_test(text_shows_the_working),
        cmocka_unit_test(curve_table_and_limits),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
