/* SPDX-License-Identifier: MIT */
/* Statistical test: 100 000 seeded divisions per army and period, each table's
 * outcomes checked against the table by chi-square. The seeds are fixed, so
 * the test is deterministic; it fails if the generator reads a wrong table,
 * a wrong range, or a biased die. */
#include "test_util.h"

/* Chi-square critical values at p = 0.001, by degrees of freedom. */
static const double CRIT[] = {0, 10.828, 13.816, 16.266, 18.467, 20.515,
                              22.458, 24.322, 26.124, 27.877, 29.588};

typedef struct tally {
    long n[64];
    long total;
} tally;

/* Compares observed counts with the table's faces; outcomes with no faces
 * must never occur. */
static void check(const char *what, const tally *t, const mu_rules *r,
                  mu_table tab, mu_army a, mu_theater th, int year)
{
    double chi = 0;
    int df = -1;
    mu_error err;
    for (int v = 0; v < 64; v++) {
        int faces;
        assert_int_equal(mu_rules_chance(r, tab, a, th, year, v, &faces, &err), MU_OK);
        if (faces == 0) {
            if (t->n[v])
                fail_msg("%s: outcome %d occurred %ld times but has no faces", what,
                         v, t->n[v]);
            continue;
        }
        double e = (double)t->total * faces / 100.0;
        chi += ((double)t->n[v] - e) * ((double)t->n[v] - e) / e;
        df++;
    }
    assert_in_range(df, 1, 10);
    if (chi >= CRIT[df])
        fail_msg("%s %s %d: chi-square %.2f >= %.2f (df %d)", what,
                 mu_army_name(a), year, chi, CRIT[df], df);
}

static void run(mu_army a, mu_theater th, int year, uint64_t seed)
{
    mu_rules *r = default_rules();
    mu_dice *d;
    mu_error err;
    assert_int_equal(mu_dice_new_seeded(seed, &d, &err), MU_OK);
    mu_oob_opts o = {a, year, (int)th, MU_INFANTRY, false};
    tally leader = {0}, brig = {0}, stands = {0}, morale = {0}, bdr = {0}, ratio = {0};
    for (int i = 0; i < 100000; i++) {
        mu_division v;
        assert_int_equal(mu_division_generate(r, d, &o, &v, &err), MU_OK);
        leader.n[v.leader_rolled]++;
        leader.total++;
        brig.n[v.nbrigades]++;
        brig.total++;
        ratio.n[v.artillery.ratio]++;
        ratio.total++;
        for (int b = 0; b < v.nbrigades; b++) {
            stands.n[v.brigades[b].stands]++;
            stands.total++;
            morale.n[v.brigades[b].morale]++;
            morale.total++;
            bdr.n[v.brigades[b].rolled]++;
            bdr.total++;
        }
    }
    check("division leader", &leader, r, MU_TABLE_LEADER, a, th, year);
    check("brigadier", &bdr, r, MU_TABLE_LEADER, a, th, year);
    check("brigades", &brig, r, MU_TABLE_BRIGADES, a, th, year);
    check("stands", &stands, r, MU_TABLE_STANDS, a, th, year);
    check("morale", &morale, r, MU_TABLE_MORALE, a, th, year);
    check("ratio", &ratio, r, MU_TABLE_ARTILLERY, a, th, year);
    mu_dice_free(d);
    mu_rules_free(r);
}

/* Every leader period (1861-63, 1864-65) and morale period (1861-62, 1863,
 * 1864-65) for each army, both theaters for the Confederacy. */
static void union_periods(void **state)
{
    (void)state;
    run(MU_UNION, MU_EAST, 1862, 101);
    run(MU_UNION, MU_EAST, 1863, 102);
    run(MU_UNION, MU_WEST, 1864, 103);
}

static void confederate_periods(void **state)
{
    (void)state;
    run(MU_CONFEDERATE, MU_EAST, 1862, 201);
    run(MU_CONFEDERATE, MU_EAST, 1863, 202);
    run(MU_CONFEDERATE, MU_EAST, 1865, 203);
    run(MU_CONFEDERATE, MU_WEST, 1861, 204);
    run(MU_CONFEDERATE, MU_WEST, 1863, 205);
    run(MU_CONFEDERATE, MU_WEST, 1864, 206);
}

/* Table 1 when neither year nor theater is known. */
static void theater_table(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    mu_dice *d;
    mu_error err;
    assert_int_equal(mu_dice_new_seeded(301, &d, &err), MU_OK);
    mu_oob_opts o = {MU_UNION, 0, -1, MU_INFANTRY, false};
    tally t = {0};
    for (int i = 0; i < 100000; i++) {
        mu_division v;
        assert_int_equal(mu_division_generate(r, d, &o, &v, &err), MU_OK);
        assert_true(v.theater_rolled);
        t.n[(v.year - MU_YEAR_FIRST) * 2 + (int)v.theater]++;
        t.total++;
    }
    check("theater", &t, r, MU_TABLE_THEATER, MU_UNION, MU_EAST, 1861);
    mu_dice_free(d);
    mu_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(union_periods),
        cmocka_unit_test(confederate_periods),
        cmocka_unit_test(theater_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
