/* SPDX-License-Identifier: MIT */
/* test_api.c -- the conventions muster/core.h states once: result structs
 * are never read on entry and are left empty on failure; text results are
 * NULL unless MU_OK; errors carry a reason with a stable name. */
#include "test_util.h"

#include <stdlib.h>

/* What a caller's uninitialised stack holds: garbage, here a pattern that
 * would crash a function that freed or followed its pointers. */
#define GARBAGE(x) memset(&(x), 0xA5, sizeof(x))

static bool dist_empty(const mu_dist *d)
{
    return d->p == NULL && d->at_least == NULL && d->lo > d->hi;
}

static void never_read_on_entry(void **state)
{
    (void)state;
    mu_error err;
    mu_dist d;
    GARBAGE(d);
    assert_int_equal(mu_hits_additive(2, 20, &d, &err), MU_OK);
    assert_int_equal(d.lo, 2);
    assert_int_equal(d.hi, 3);
    mu_dist_clear(&d);
    GARBAGE(d);
    assert_int_equal(mu_hits_per_figure(10, (mu_rat){50, 1}, &d, &err),
                     MU_OK);
    assert_true(d.mean > 4.99 && d.mean < 5.01);
    mu_dist_clear(&d);

    mu_rules *r = default_rules();
    mu_oob_opts o = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false};
    mu_oob_odds odds;
    GARBAGE(odds);
    assert_int_equal(mu_odds_division(r, &o, &odds, &err), MU_OK);
    assert_true(mu_dist_p(&odds.stat[MU_STAT_LEADER], MU_AVERAGE) > 0);
    mu_oob_odds_clear(&odds);
    mu_corps c;
    mu_dice *dice = NULL;
    assert_int_equal(mu_dice_new_seeded(7, &dice, &err), MU_OK);
    GARBAGE(c);
    assert_int_equal(mu_corps_generate(r, dice, &o, 2, 0, &c, &err), MU_OK);
    assert_int_equal(c.ndivisions, 2);
    mu_corps_clear(&c);
    mu_dice_free(dice);
    mu_rules_free(r);
}

static void empty_on_failure(void **state)
{
    (void)state;
    mu_error err;
    mu_rules *r = default_rules();
    mu_oob_opts o = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false};
    mu_dice *d = NULL;
    SCRIPT(d, 50, 50, 50); /* far too few rolls for a division */
    mu_division v;
    GARBAGE(v);
    assert_int_equal(mu_division_generate(r, d, &o, &v, &err), MU_ENOROLL);
    assert_int_equal(v.nbrigades, 0);
    assert_int_equal(v.nrolls, 0);
    mu_dice_free(d);

    SCRIPT(d, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50);
    mu_corps c;
    GARBAGE(c);
    assert_int_equal(mu_corps_generate(r, d, &o, 3, 0, &c, &err),
                     MU_ENOROLL);
    assert_null(c.divisions);
    assert_int_equal(c.ndivisions, 0);
    mu_corps_clear(&c); /* safe, and a no-op */
    mu_dice_free(d);

    SCRIPT(d, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50);
    mu_battle b;
    GARBAGE(b);
    assert_int_equal(mu_battle_generate(r, d, &o, 2, &b, &err), MU_ENOROLL);
    assert_null(b.sides[0].divisions);
    assert_null(b.sides[1].divisions);
    mu_battle_clear(&b);
    mu_dice_free(d);

    mu_oob_odds odds;
    GARBAGE(odds);
    assert_int_equal(mu_odds_corps(r, &o, 0, 0, &odds, &err), MU_EINPUT);
    for (int s = 0; s < MU_STAT_COUNT; s++)
        assert_true(dist_empty(&odds.stat[s]));
    mu_oob_odds_clear(&odds);

    mu_dist h;
    GARBAGE(h);
    assert_int_equal(mu_hits_additive(1, 100, &h, &err), MU_EINPUT);
    assert_true(dist_empty(&h));

    char *text = (char *)"not yet";
    assert_int_equal(mu_rules_render(r, RO(MU_FMT_CSV), &text, &err),
                     MU_EINPUT);
    assert_null(text);
    mu_rules_free(r);

    /* Found by fuzz_campaign: these kept a stale pointer on failure. */
    mu_buf none = {0};
    assert_int_equal(mu_campaign_export_csv_to(NULL, mu_buf_write, &none, &err),
                     MU_EINPUT);
    assert_null(none.p);
    text = (char *)"not yet";
    assert_int_equal(mu_campaign_fair_verify(NULL, 1, "{}", 2, &text, &err),
                     MU_EINPUT);
    assert_null(text);
}

static void battles_take_oob_opts(void **state)
{
    (void)state;
    mu_error err;
    mu_rules *r = default_rules();
    /* Army and arm are the battle's own: whatever the caller left there. */
    mu_oob_opts o = {MU_CONFEDERATE, 1862, MU_WEST, MU_CAVALRY, true};
    mu_dice *d = NULL;
    assert_int_equal(mu_dice_new_seeded(11, &d, &err), MU_OK);
    mu_battle b;
    assert_int_equal(mu_battle_generate(r, d, &o, 2, &b, &err), MU_OK);
    assert_int_equal(b.year, 1862);
    assert_int_equal(b.theater, MU_WEST);
    assert_false(b.theater_rolled);
    assert_int_equal(b.sides[MU_UNION].army, MU_UNION);
    assert_int_equal(b.sides[MU_CONFEDERATE].army, MU_CONFEDERATE);
    assert_int_equal(b.sides[MU_UNION].divisions[1].arm, MU_INFANTRY);
    mu_battle_clear(&b);
    mu_dice_free(d);
    mu_battle_odds bo;
    o.theater = MU_THEATER_UNKNOWN;
    assert_int_equal(mu_odds_battle(r, &o, 1, &bo, &err), MU_OK);
    assert_int_equal(bo.theater, MU_THEATER_UNKNOWN);
    double total = bo.union_ahead + bo.level + bo.confederate_ahead;
    assert_true(total > 1 - 1e-9 && total < 1 + 1e-9);
    mu_battle_odds_clear(&bo);
    mu_rules_free(r);
}

static void reasons(void **state)
{
    (void)state;
    mu_error err;
    memset(&err, 0, sizeof err);
    assert_int_equal(mu_error_set(&err, MU_EINTERNAL, MU_R_TOO_MANY_THREADS,
                                  "cannot start thread %d", 3),
                     MU_EINTERNAL);
    assert_int_equal(err.reason, MU_R_TOO_MANY_THREADS);
    assert_string_equal(err.msg, "cannot start thread 3");
    assert_string_equal(mu_reason_name(MU_R_TOO_MANY_THREADS),
                        "too-many-threads");
    assert_string_equal(mu_reason_name(MU_R_NONE), "none");
    assert_string_equal(mu_reason_name(MU_R_COUNT), "unknown");
    for (int r = 1; r < MU_R_COUNT; r++)
        assert_string_not_equal(mu_reason_name((mu_reason)r), "unknown");
    /* Errors without a reason say so, even after a reasoned one. */
    err.reason = MU_R_BUSY;
    mu_army a;
    assert_int_equal(mu_army_parse("prussia", &a, &err), MU_EINPUT);
    assert_int_equal(err.reason, MU_R_NONE);
    assert_string_equal(mu_status_name(MU_EINPUT), "bad input");
    assert_int_equal(mu_error_set(NULL, MU_EIO, MU_R_NONE, "x"), MU_EIO);
}

/* mu_buf_write collects a stream's chunks into one terminated text: the
 * bytes mu_division_render gives at once. */
static void collecting_sink(void **state)
{
    (void)state;
    mu_error err;
    mu_buf b = {0};
    assert_int_equal(mu_buf_write(&b, "ab", 2, &err), MU_OK);
    assert_int_equal(mu_buf_write(&b, "c", 1, &err), MU_OK);
    assert_string_equal(b.p, "abc");
    assert_int_equal(b.len, 3);
    mu_buf_free(&b);
    assert_null(b.p);
    assert_int_equal(b.len, 0);

    mu_rules *r = default_rules();
    mu_dice *d;
    assert_int_equal(mu_dice_new_seeded(7, &d, &err), MU_OK);
    mu_division v[3];
    mu_oob_opts o = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false};
    for (int i = 0; i < 3; i++)
        assert_int_equal(mu_division_generate(r, d, &o, &v[i], &err), MU_OK);
    mu_render_opts ro = {.format = MU_FMT_JSON, .has_seed = true, .seed = 7};
    char *whole;
    assert_int_equal(mu_division_render(v, 3, &ro, &whole, &err), MU_OK);
    mu_division_stream *s;
    assert_int_equal(mu_division_stream_new(&ro, true, mu_buf_write, &b, &s,
                                            &err), MU_OK);
    for (int i = 0; i < 3; i++)
        assert_int_equal(mu_division_stream_put(s, &v[i], &err), MU_OK);
    assert_int_equal(mu_division_stream_end(s, &err), MU_OK);
    mu_division_stream_free(s);
    assert_string_equal(b.p, whole);
    assert_int_equal(b.len, strlen(whole));
    free(whole);
    mu_buf_free(&b);
    mu_dice_free(d);
    mu_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(never_read_on_entry),
        cmocka_unit_test(empty_on_failure),
        cmocka_unit_test(battles_take_oob_opts),
        cmocka_unit_test(reasons),
        cmocka_unit_test(collecting_sink),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
