/* SPDX-License-Identifier: MIT */
/* test_sim.c -- the simulator: it tallies exactly what the generator
 * rolls, block by block, its result does not depend on the thread count, and it
 * agrees with the exact odds within a bound (fixed seeds: deterministic). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "muster.h"
#include "odds.h"
#include "rules.h"

static mu_rules *rules;

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

/* Tallies of the public generator over `n` divisions from `d`. */
static void tally_generator(mu_dice *d, const mu_oob_opts *o, long n,
                            uint64_t t[MU_STAT_COUNT][ODDS_MAXV + 1])
{
    mu_error err;
    for (long i = 0; i < n; i++) {
        mu_division v;
        assert_int_equal(mu_division_generate(rules, d, o, &v, &err), MU_OK);
        int mor[3] = {0}, brg[3] = {0};
        for (int b = 0; b < v.nbrigades; b++) {
            mor[v.brigades[b].morale]++;
            brg[v.brigades[b].leader]++;
        }
        t[MU_STAT_LEADER][v.leader]++;
        t[MU_STAT_BRIGADES][v.nbrigades]++;
        t[MU_STAT_STANDS][v.stands]++;
        for (int k = 0; k < 3; k++) {
            t[MU_STAT_GREEN + k][mor[k]]++;
            t[MU_STAT_DESPICABLE + k][brg[k]]++;
        }
        t[MU_STAT_RATIO][v.artillery.ratio]++;
        t[MU_STAT_BATTERIES][v.artillery.batteries]++;
        t[MU_STAT_DIVISION_BATTERIES][v.artillery.division]++;
        t[MU_STAT_RESERVE][v.artillery.reserve]++;
    }
}

/* Block 0 is the seed's own stream, block 1 the stream after one jump:
 * the simulator's counts equal the public generator's. */
static void blocks_are_jumps(void **state)
{
    (void)state;
    const long n = MU_SIM_BLOCK + 5000;
    static uint64_t t[MU_STAT_COUNT][ODDS_MAXV + 1];
    memset(t, 0, sizeof t);
    mu_oob_opts o = {MU_CONFEDERATE, 0, MU_WEST, MU_INFANTRY, false};
    mu_error err;
    mu_dice *d;
    assert_int_equal(mu_dice_new_seeded(77, &d, &err), MU_OK);
    tally_generator(d, &o, MU_SIM_BLOCK, t);
    mu_dice_free(d);
    assert_int_equal(mu_dice_new_seeded(77, &d, &err), MU_OK);
    assert_int_equal(mu_dice_jump(d, &err), MU_OK);
    tally_generator(d, &o, n - MU_SIM_BLOCK, t);
    mu_dice_free(d);
    mu_oob_odds s;
    mu_sim_opts so = {(uint64_t)n, 77, 2, NULL, NULL, 0};
    assert_int_equal(mu_sim_division(rules, &o, &so, &s, &err), MU_OK);
    for (int st = 0; st < MU_STAT_COUNT; st++)
        for (int k = 0; k <= ODDS_MAXV; k++) {
            uint64_t got = (uint64_t)(mu_dist_p(&s.stat[st], k) * (double)n + 0.5);
            if (got != t[st][k])
                fail_msg("%s = %d: simulated %llu, generator %llu",
                         mu_oob_stat_name((mu_oob_stat)st), k,
                         (unsigned long long)got, (unsigned long long)t[st][k]);
        }
    mu_oob_odds_clear(&s);
}

static void same_for_any_thread_count(void **state)
{
    (void)state;
    mu_oob_opts o = {MU_UNION, 1864, -1, MU_INFANTRY, true};
    mu_error err;
    mu_oob_odds ref;
    mu_sim_opts so = {5 * MU_SIM_BLOCK + 123, 2024, 1, NULL, NULL, 0};
    assert_int_equal(mu_sim_division(rules, &o, &so, &ref, &err), MU_OK);
    for (int threads = 2; threads <= 8; threads += 3) {
        mu_oob_odds s;
        so.threads = threads;
        assert_int_equal(mu_sim_division(rules, &o, &so, &s, &err), MU_OK);
        for (int st = 0; st < MU_STAT_COUNT; st++) {
            assert_int_equal(s.stat[st].lo, ref.stat[st].lo);
            assert_int_equal(s.stat[st].hi, ref.stat[st].hi);
            size_t m = (size_t)(s.stat[st].hi - s.stat[st].lo + 1);
            assert_memory_equal(s.stat[st].p, ref.stat[st].p, m * sizeof(double));
        }
        mu_oob_odds_clear(&s);
    }
    /* Corps too. */
    mu_oob_odds c1, c3;
    so.threads = 1;
    assert_int_equal(mu_sim_corps(rules, &o, 2, 1, &so, &c1, &err), MU_OK);
    so.threads = 3;
    assert_int_equal(mu_sim_corps(rules, &o, 2, 1, &so, &c3, &err), MU_OK);
    assert_true(mu_oob_odds_gap(&c1, &c3, NULL, NULL) == 0.0);
    mu_oob_odds_clear(&c1);
    mu_oob_odds_clear(&c3);
    mu_oob_odds_clear(&ref);
}

/* Two million divisions against the exact odds. A frequency's standard
 * deviation is at most 0.5 / sqrt(2e6) = 3.5e-4; the bound is 5 of them.
 * The seed is fixed, so the gap is a fixed number (0.000424 when this was
 * written) and the test cannot flicker. */
static void sim_agrees_with_odds(void **state)
{
    (void)state;
    mu_oob_opts o = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false};
    mu_error err;
    mu_oob_odds exact, s;
    mu_sim_opts so = {2000000, 1, 2, NULL, NULL, 0};
    assert_int_equal(mu_odds_division(rules, &o, &exact, &err), MU_OK);
    assert_int_equal(mu_sim_division(rules, &o, &so, &s, &err), MU_OK);
    mu_oob_stat st;
    int v;
    double gap = mu_oob_odds_gap(&s, &exact, &st, &v);
    print_message("division gap %.6f at %s = %d\n", gap, mu_oob_stat_name(st), v);
    assert_true(gap < 5 * 3.5e-4);
    assert_true(gap > 0);
    mu_oob_odds_clear(&s);
    mu_oob_odds_clear(&exact);
    /* A corps, table 1 rolled, 200000 of them: bound 5 * 0.5/sqrt(2e5). */
    o.year = 0;
    o.theater = -1;
    so.trials = 200000;
    assert_int_equal(mu_odds_corps(rules, &o, 3, 1, &exact, &err), MU_OK);
    assert_int_equal(mu_sim_corps(rules, &o, 3, 1, &so, &s, &err), MU_OK);
    gap = mu_oob_odds_gap(&s, &exact, &st, &v);
    print_message("corps gap %.6f at %s = %d\n", gap, mu_oob_stat_name(st), v);
    assert_true(gap < 5 * 1.12e-3);
    mu_oob_odds_clear(&s);
    mu_oob_odds_clear(&exact);
}

typedef struct seen {
    int calls;
    uint64_t last, total;
} seen;

static void on_progress(void *ud, uint64_t done, uint64_t total)
{
    seen *s = ud;
    assert_true(done > s->last);
    s->calls++;
    s->last = done;
    s->total = total;
}

static void progress_and_bad_input(void **state)
{
    (void)state;
    mu_oob_opts o = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false};
    mu_error err;
    mu_oob_odds s;
    seen p = {0, 0, 0};
    mu_sim_opts so = {4 * MU_SIM_BLOCK, 5, 1, on_progress, &p, 0};
    assert_int_equal(mu_sim_division(rules, &o, &so, &s, &err), MU_OK);
    assert_int_equal(p.calls, 4); /* one a block */
    assert_int_equal(p.last, 4 * MU_SIM_BLOCK);
    assert_int_equal(p.total, 4 * MU_SIM_BLOCK);
    mu_oob_odds_clear(&s);
    so.progress = NULL;
    so.threads = 0;
    assert_int_equal(mu_sim_division(rules, &o, &so, &s, &err), MU_EINPUT);
    mu_oob_odds_clear(&s);
    so.threads = 1;
    so.trials = 0;
    assert_int_equal(mu_sim_division(rules, &o, &so, &s, &err), MU_EINPUT);
    mu_oob_odds_clear(&s);
    so.trials = 10;
    assert_int_equal(mu_sim_corps(rules, &o, 0, 0, &so, &s, &err), MU_EINPUT);
    mu_oob_odds_clear(&s);
    o.army = (mu_army)7;
    assert_int_equal(mu_sim_division(rules, &o, &so, &s, &err), MU_EINPUT);
    mu_oob_odds_clear(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(blocks_are_jumps),
        cmocka_unit_test(same_for_any_thread_count),
        cmocka_unit_test(sim_agrees_with_odds),
        cmocka_unit_test(progress_and_bad_input),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
