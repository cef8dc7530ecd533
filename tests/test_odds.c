/* SPDX-License-Identifier: MIT */
/* test_odds.c -- exact odds of divisions and corps against values worked
 * out by hand from the seed's tables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "muster.h"

/* A battle whose year and theater table 1 decides. */
static const mu_oob_opts UNKNOWN_BATTLE = {
    .year = MU_YEAR_UNKNOWN, .theater = MU_THEATER_UNKNOWN};

/* Render options of one format. */
#define RO(fmt) (&(mu_render_opts){.format = (fmt)})
#include "odds.h"

static mu_rules *rules;

/* cmocka 1.1 compares floats only: doubles, with the values on failure. */
#define assert_double_equal(a, b, tol) check_close((a), (b), (tol), __LINE__)
static void check_close(double a, double b, double tol, int line)
{
    if (!(fabs(a - b) <= tol))
        fail_msg("line %d: %.17g differs from %.17g by more than %g", line, a,
                 b, tol);
}

static int setup(void **state)
{
    (void)state;
    mu_error err;
    return mu_rules_default(&rules, &err) == MU_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    mu_rules_free(rules);
    return 0;
}

static odds_u128 pow100(int e)
{
    odds_u128 x = 1;
    while (e-- > 0)
        x *= 100;
    return x;
}

/* counts[k] == num/den exactly, for den a power of 10 dividing 100^e. */
static void assert_count(const odds_counts *c, int k, uint64_t num,
                         uint64_t den)
{
    odds_u128 scale = pow100(c->e) / den;
    assert_true(pow100(c->e) % den == 0);
    assert_true(c->c[k] == (odds_u128)num * scale);
}

static void assert_sums_to_one(const odds_counts *c)
{
    odds_u128 sum = 0;
    for (int k = 0; k <= ODDS_MAXV; k++)
        sum += c->c[k];
    assert_true(sum == pow100(c->e));
}

static odds_counts *counts_for(const mu_rules *r, mu_army a, int year,
                               int theater, bool book)
{
    odds_counts *c = malloc(MU_STAT_COUNT * sizeof *c);
    assert_non_null(c);
    mu_oob_opts o = {a, year, theater, MU_INFANTRY, book};
    mu_error err;
    assert_int_equal(odds_division_counts(r, &o, c, &err), MU_OK);
    return c;
}

/* Table 3: Union 01-15 / 16-80 / 81-00; Confederate 01-20 / 21-85 / 86-00. */
static void brigades_exact(void **state)
{
    (void)state;
    odds_counts *c = counts_for(rules, MU_UNION, 1863, MU_EAST, false);
    assert_int_equal(c[MU_STAT_BRIGADES].e, 1);
    assert_count(&c[MU_STAT_BRIGADES], 2, 15, 100);
    assert_count(&c[MU_STAT_BRIGADES], 3, 65, 100);
    assert_count(&c[MU_STAT_BRIGADES], 4, 20, 100);
    for (int s = 0; s < MU_STAT_COUNT; s++)
        if (s != MU_STAT_RATIO || c[s].e)
            assert_sums_to_one(&c[s]);
    free(c);
    c = counts_for(rules, MU_CONFEDERATE, 1862, MU_WEST, false);
    assert_count(&c[MU_STAT_BRIGADES], 2, 20, 100);
    assert_count(&c[MU_STAT_BRIGADES], 3, 65, 100);
    assert_count(&c[MU_STAT_BRIGADES], 4, 15, 100);
    free(c);
}

/* Table 2 and the by-the-book rule: despicable is played as average. */
static void leaders_exact(void **state)
{
    (void)state;
    odds_counts *c = counts_for(rules, MU_UNION, 1863, MU_EAST, false);
    assert_count(&c[MU_STAT_LEADER], 0, 10, 100);
    assert_count(&c[MU_STAT_LEADER], 1, 80, 100);
    assert_count(&c[MU_STAT_LEADER], 2, 10, 100);
    /* No despicable brigadier: .15*.9^2 + .65*.9^3 + .2*.9^4 = .72657 */
    assert_count(&c[MU_STAT_DESPICABLE], 0, 72657, 100000);
    free(c);
    c = counts_for(rules, MU_UNION, 1864, MU_EAST, true);
    assert_count(&c[MU_STAT_LEADER], 0, 0, 1);
    assert_count(&c[MU_STAT_LEADER], 1, 83, 100); /* 01-83 */
    assert_count(&c[MU_STAT_LEADER], 2, 17, 100);
    assert_count(&c[MU_STAT_DESPICABLE], 0, 1, 1);
    free(c);
}

/* Table 4: the smallest Union division is 2 brigades of 6 stands,
 * .15 * .10 * .10; the largest 4 brigades of 11, .20 * .03^4. */
static void stands_exact(void **state)
{
    (void)state;
    odds_counts *c = counts_for(rules, MU_UNION, 1863, MU_EAST, false);
    assert_int_equal(c[MU_STAT_STANDS].e, 5);
    assert_count(&c[MU_STAT_STANDS], 12, 15, 10000);
    assert_count(&c[MU_STAT_STANDS], 44, 162, 1000000000ull);
    assert_count(&c[MU_STAT_STANDS], 11, 0, 1);
    assert_count(&c[MU_STAT_STANDS], 45, 0, 1);
    free(c);
    /* Mean: 3.05 brigades of 7.43 stands = 22.6615. */
    mu_oob_odds o;
    mu_oob_opts op = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false};
    mu_error err;
    assert_int_equal(mu_odds_division(rules, &op, &o, &err), MU_OK);
    assert_double_equal(o.stat[MU_STAT_STANDS].mean, 22.6615, 1e-12);
    assert_double_equal(o.stat[MU_STAT_BRIGADES].mean, 3.05, 1e-14);
    assert_double_equal(mu_dist_p(&o.stat[MU_STAT_BRIGADES], 2), 0.15, 1e-16);
    assert_double_equal(mu_dist_at_least(&o.stat[MU_STAT_BRIGADES], 3), 0.85,
                        1e-15);
    assert_double_equal(mu_dist_at_least(&o.stat[MU_STAT_STANDS], 12), 1.0, 0);
    assert_double_equal(mu_dist_at_least(&o.stat[MU_STAT_STANDS], 45), 0.0, 0);
    mu_oob_odds_clear(&o);
}

/* Rules where a division is always 2 brigades of 7 stands: 14 stands.
 * 1 per 9 (70%): 1.55 -> 2 batteries on 01-55; 1 per 8 (30%): 1.75 -> 2 on
 * 01-75. P(2) = .7 * .55 + .3 * .75 = .61. A third of 2 is .66: one to the
 * reserve on 01-66; of 1, .33 on 01-33. P(reserve 1) = .61 * .66 + .39 *
 * .33 = .5313. */
static mu_rules *fixed_rules(void)
{
    size_t len;
    const char *text = mu_rules_default_text(&len);
    char *t = malloc(len + 1);
    assert_non_null(t);
    memcpy(t, text, len);
    t[len] = '\0';
    char *b = strstr(t, "[brigades.union]\n");
    assert_non_null(b);
    const char *nb = "[brigades.union]\n2 = 01-00\n;";
    memcpy(b, nb, strlen(nb));
    for (char *p = b + strlen(nb); *p && *p != '['; p++)
        if (*p == '\n' && p[1] != '[' && p[1] != '\n')
            p[1] = ';';
    char *s = strstr(t, "[stands.union]\n");
    assert_non_null(s);
    const char *ns = "[stands.union]\n7 = 01-00\n;";
    memcpy(s, ns, strlen(ns));
    for (char *p = s + strlen(ns); *p && *p != '['; p++)
        if (*p == '\n' && p[1] != '[' && p[1] != '\n')
            p[1] = ';';
    mu_rules *r;
    mu_error err;
    mu_status st = mu_rules_parse(t, strlen(t), "fixed", &r, &err);
    if (st != MU_OK)
        fail_msg("%s", err.msg);
    free(t);
    return r;
}

static void artillery_by_hand(void **state)
{
    (void)state;
    mu_rules *r = fixed_rules();
    odds_counts *c = counts_for(r, MU_UNION, 1862, MU_WEST, false);
    assert_count(&c[MU_STAT_STANDS], 14, 1, 1);
    assert_count(&c[MU_STAT_BATTERIES], 2, 61, 100);
    assert_count(&c[MU_STAT_BATTERIES], 1, 39, 100);
    assert_count(&c[MU_STAT_RESERVE], 1, 5313, 10000);
    assert_count(&c[MU_STAT_RESERVE], 0, 4687, 10000);
    /* Kept: 2 - 1 (.61*.66), 2 - 0 (.61*.34), 1 - 1 (.39*.33), 1 - 0. */
    assert_count(&c[MU_STAT_DIVISION_BATTERIES], 2, 2074, 10000);
    assert_count(&c[MU_STAT_DIVISION_BATTERIES], 1, 4026 + 2613, 10000);
    assert_count(&c[MU_STAT_DIVISION_BATTERIES], 0, 1287, 10000);
    assert_count(&c[MU_STAT_RATIO], 9, 70, 100);
    assert_count(&c[MU_STAT_RATIO], 8, 30, 100);
    free(c);
    mu_rules_free(r);
}

/* Table 1 mixed in: exceptional Union leaders are 10% in 1861-63 and 17%
 * in 1864-65, which table 1 gives on 36 faces: .64 * .10 + .36 * .17. */
static void theater_mixed(void **state)
{
    (void)state;
    odds_counts *c = counts_for(rules, MU_UNION, 0, -1, false);
    assert_int_equal(c[MU_STAT_LEADER].e, 2);
    assert_count(&c[MU_STAT_LEADER], 2, 1252, 10000);
    assert_count(&c[MU_STAT_BRIGADES], 3, 65, 100);
    assert_sums_to_one(&c[MU_STAT_BATTERIES]);
    free(c);
    /* A known year with the theater rolled: Confederate green brigades in
     * a 1863 division are 10% in the East and 15% in the West, 50:50. */
    c = counts_for(rules, MU_CONFEDERATE, 1863, -1, false);
    odds_counts *e = counts_for(rules, MU_CONFEDERATE, 1863, MU_EAST, false);
    odds_counts *w = counts_for(rules, MU_CONFEDERATE, 1863, MU_WEST, false);
    for (int k = 0; k <= 4; k++)
        assert_true(c[MU_STAT_GREEN].c[k] ==
                    50 * (e[MU_STAT_GREEN].c[k] + w[MU_STAT_GREEN].c[k]));
    free(c);
    free(e);
    free(w);
}

static void corps_convolves(void **state)
{
    (void)state;
    mu_oob_opts o = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false};
    mu_oob_odds d, c1, c2;
    mu_error err;
    assert_int_equal(mu_odds_division(rules, &o, &d, &err), MU_OK);
    assert_int_equal(mu_odds_corps(rules, &o, 1, 0, &c1, &err), MU_OK);
    assert_int_equal(mu_odds_corps(rules, &o, 1, 1, &c2, &err), MU_OK);
    mu_oob_stat s;
    int v;
    double *ratio = d.stat[MU_STAT_RATIO].p;
    d.stat[MU_STAT_RATIO].p = NULL; /* a corps has none: compare the rest */
    assert_true(mu_oob_odds_gap(&d, &c1, &s, &v) < 1e-15);
    d.stat[MU_STAT_RATIO].p = ratio;
    assert_double_equal(c2.stat[MU_STAT_STANDS].mean,
                        2 * d.stat[MU_STAT_STANDS].mean, 1e-12);
    assert_double_equal(c2.stat[MU_STAT_BATTERIES].mean,
                        2 * d.stat[MU_STAT_BATTERIES].mean, 1e-12);
    /* Both divisions at their smallest: .0015^2. */
    assert_int_equal(c2.stat[MU_STAT_STANDS].lo, 24);
    assert_double_equal(mu_dist_p(&c2.stat[MU_STAT_STANDS], 24), 2.25e-6,
                        1e-20);
    assert_double_equal(mu_dist_p(&c2.stat[MU_STAT_LEADER], 2), 0.10, 1e-16);
    assert_null(c2.stat[MU_STAT_RATIO].p);
    mu_oob_odds_clear(&c1);
    mu_oob_odds_clear(&c2);
    mu_oob_odds_clear(&d);
}

/* A battle: each side is its corps' odds, and who brings more stands agrees
 * with 40 000 generated battles (seed fixed; sd <= .0025, bound 5 sd). */
static void battle_race(void **state)
{
    (void)state;
    mu_battle_odds b;
    mu_error err;
    assert_int_equal(mu_odds_battle(rules, &UNKNOWN_BATTLE, 2, &b, &err), MU_OK);
    assert_double_equal(b.union_ahead + b.level + b.confederate_ahead, 1.0,
                        1e-15);
    mu_oob_opts o = {MU_CONFEDERATE, 0, -1, MU_INFANTRY, false};
    mu_oob_odds c;
    assert_int_equal(mu_odds_corps(rules, &o, 2, 0, &c, &err), MU_OK);
    assert_true(mu_oob_odds_gap(&c, &b.side[MU_CONFEDERATE], NULL, NULL) == 0);
    mu_oob_odds_clear(&c);
    mu_dice *d;
    assert_int_equal(mu_dice_new_seeded(1863, &d, &err), MU_OK);
    long n = 40000, ahead = 0, level = 0;
    for (long i = 0; i < n; i++) {
        mu_battle g;
        assert_int_equal(mu_battle_generate(rules, d, &UNKNOWN_BATTLE, 2, &g, &err),
                         MU_OK);
        ahead += g.sides[0].stands > g.sides[1].stands;
        level += g.sides[0].stands == g.sides[1].stands;
        mu_battle_clear(&g);
    }
    mu_dice_free(d);
    print_message("union ahead: generated %.4f, exact %.4f; level %.4f, %.4f\n",
                  (double)ahead / (double)n, b.union_ahead,
                  (double)level / (double)n, b.level);
    assert_double_equal((double)ahead / (double)n, b.union_ahead, 5 * 0.0025);
    assert_double_equal((double)level / (double)n, b.level, 5 * 0.0025);
    char *text;
    assert_int_equal(mu_battle_odds_render(&b, RO(MU_FMT_CSV), &text, &err), MU_OK);
    assert_non_null(strstr(text, "confederate,reserve,"));
    free(text);
    mu_battle_odds_clear(&b);
    assert_int_equal(mu_odds_battle(rules, &UNKNOWN_BATTLE, 0, &b, &err), MU_EINPUT);
    mu_battle_odds_clear(&b);
}

static void bad_input(void **state)
{
    (void)state;
    mu_oob_odds o;
    mu_error err;
    mu_oob_opts bad_year = {MU_UNION, 1850, MU_EAST, MU_INFANTRY, false};
    assert_int_equal(mu_odds_division(rules, &bad_year, &o, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "1850"));
    mu_oob_odds_clear(&o);
    mu_oob_opts ok = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false};
    assert_int_equal(mu_odds_corps(rules, &ok, 0, 0, &o, &err), MU_EINPUT);
    mu_oob_odds_clear(&o);
    assert_int_equal(mu_odds_corps(rules, &ok, 60, 5, &o, &err), MU_EINPUT);
    mu_oob_odds_clear(&o);
    assert_int_equal(mu_odds_division(NULL, &ok, &o, &err), MU_EINPUT);
    mu_oob_odds_clear(&o);
    mu_oob_odds_clear(NULL);
}

/* The JSON contract: {"brigades":{"2":0.15,...},"mean":{"stands":...}}. */
static void json_contract(void **state)
{
    (void)state;
    mu_oob_opts o = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false};
    mu_oob_odds d;
    mu_error err;
    char *text;
    assert_int_equal(mu_odds_division(rules, &o, &d, &err), MU_OK);
    assert_int_equal(mu_oob_odds_render(&d, NULL, RO(MU_FMT_JSON), &text, &err),
                     MU_OK);
    cJSON *j = cJSON_Parse(text);
    assert_non_null(j);
    cJSON *b = cJSON_GetObjectItem(j, "brigades");
    assert_double_equal(cJSON_GetObjectItem(b, "2")->valuedouble, 0.15, 0);
    assert_double_equal(cJSON_GetObjectItem(b, "3")->valuedouble, 0.65, 0);
    assert_double_equal(cJSON_GetObjectItem(b, "4")->valuedouble, 0.20, 0);
    const char *keys[] = {"stands", "batteries", "division_batteries",
                          "reserve", "green", "veteran", "crack", "leader",
                          "mean", "at_least"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        assert_non_null(cJSON_GetObjectItem(j, keys[i]));
    cJSON *m = cJSON_GetObjectItem(j, "mean");
    assert_double_equal(cJSON_GetObjectItem(m, "stands")->valuedouble,
                        22.6615, 1e-12);
    assert_non_null(cJSON_GetObjectItem(m, "batteries"));
    cJSON_Delete(j);
    free(text);
    assert_int_equal(mu_oob_odds_render(&d, NULL, RO(MU_FMT_JSONL), &text, &err),
                     MU_EINPUT);
    mu_oob_odds_clear(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(brigades_exact),
        cmocka_unit_test(leaders_exact),
        cmocka_unit_test(stands_exact),
        cmocka_unit_test(artillery_by_hand),
        cmocka_unit_test(theater_mixed),
        cmocka_unit_test(corps_convolves),
        cmocka_unit_test(battle_race),
        cmocka_unit_test(bad_input),
        cmocka_unit_test(json_contract),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
