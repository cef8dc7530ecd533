/* SPDX-License-Identifier: MIT */
/* Dice sources: the documented PRNG, typed rolls, scripted lists. */
#include "test_util.h"

#include <stdlib.h>

/* Rolls from seed 42, computed by an independent implementation of the
 * algorithm documented in muster.h (splitmix64 -> xoshiro256** -> 16-bit
 * lanes, Lemire rejection). Any change here breaks every saved seed. */
static void seeded_matches_reference(void **state)
{
    (void)state;
    static const int want42[] = {78, 5, 5, 9, 23, 43, 85, 38, 61, 23, 33, 69,
                                 38, 2, 68, 93, 37, 89, 87, 100, 33, 1, 65, 77};
    static const int want0[] = {95, 80, 38, 61, 28, 29, 13, 75};
    mu_dice *d;
    mu_error err;
    int roll;
    assert_int_equal(mu_dice_new_seeded(42, &d, &err), MU_OK);
    for (size_t i = 0; i < sizeof want42 / sizeof *want42; i++) {
        assert_int_equal(mu_dice_d100(d, "t", &roll, &err), MU_OK);
        assert_int_equal(roll, want42[i]);
    }
    uint64_t seed = 0;
    assert_true(mu_dice_seed(d, &seed));
    assert_int_equal(seed, 42);
    assert_int_equal(mu_dice_count(d), 24);
    mu_dice_free(d);
    assert_int_equal(mu_dice_new_seeded(0, &d, &err), MU_OK);
    for (size_t i = 0; i < sizeof want0 / sizeof *want0; i++) {
        assert_int_equal(mu_dice_d100(d, "t", &roll, &err), MU_OK);
        assert_int_equal(roll, want0[i]);
    }
    mu_dice_free(d);
}

/* One million rolls: every face within a chi-square bound (df 99, p=0.001
 * critical value 148.23). The seed is fixed, so this is deterministic. */
static void seeded_is_uniform(void **state)
{
    (void)state;
    mu_dice *d;
    mu_error err;
    long count[101] = {0};
    const long n = 1000000;
    assert_int_equal(mu_dice_new_seeded(2026, &d, &err), MU_OK);
    for (long i = 0; i < n; i++) {
        int roll;
        assert_int_equal(mu_dice_d100(d, "t", &roll, &err), MU_OK);
        assert_in_range(roll, 1, 100);
        count[roll]++;
    }
    double chi = 0, e = (double)n / 100;
    for (int f = 1; f <= 100; f++)
        chi += ((double)count[f] - e) * ((double)count[f] - e) / e;
    assert_true(chi < 148.23);
    mu_dice_free(d);
}

static void jump_gives_another_stream(void **state)
{
    (void)state;
    mu_dice *a, *b;
    mu_error err;
    assert_int_equal(mu_dice_new_seeded(7, &a, &err), MU_OK);
    assert_int_equal(mu_dice_new_seeded(7, &b, &err), MU_OK);
    assert_int_equal(mu_dice_jump(b, &err), MU_OK);
    int same = 0;
    for (int i = 0; i < 100; i++) {
        int x, y;
        mu_dice_d100(a, "t", &x, &err);
        mu_dice_d100(b, "t", &y, &err);
        same += x == y;
    }
    assert_true(same < 10);
    mu_dice *c;
    SCRIPT(c, 5);
    assert_int_equal(mu_dice_jump(c, &err), MU_EINPUT);
    mu_dice_free(a);
    mu_dice_free(b);
    mu_dice_free(c);
}

static void typed_rolls(void **state)
{
    (void)state;
    mu_error err;
    int r;
    assert_int_equal(mu_roll_parse("00", &r, &err), MU_OK);
    assert_int_equal(r, 100);
    assert_int_equal(mu_roll_parse("100", &r, &err), MU_OK);
    assert_int_equal(r, 100);
    assert_int_equal(mu_roll_parse(" 7 ", &r, &err), MU_OK);
    assert_int_equal(r, 7);
    assert_int_equal(mu_roll_parse("01", &r, &err), MU_OK);
    assert_int_equal(r, 1);
    const char *bad[] = {"", "0", "000", "101", "-5", "abc", "3x", "1e2",
                         "99999999999999999999", " ", "5 5"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        r = -1;
        assert_int_equal(mu_roll_parse(bad[i], &r, &err), MU_EINPUT);
        assert_int_equal(r, -1);
        assert_true(strlen(err.msg) > 0);
    }
}

static void roll_lists(void **state)
{
    (void)state;
    mu_error err;
    int *v;
    size_t n;
    assert_int_equal(mu_rolls_parse("37,00,5,100", &v, &n, &err), MU_OK);
    assert_int_equal(n, 4);
    assert_int_equal(v[0], 37);
    assert_int_equal(v[1], 100);
    assert_int_equal(v[2], 5);
    assert_int_equal(v[3], 100);
    free(v);
    assert_int_equal(mu_rolls_parse("", &v, &n, &err), MU_OK);
    assert_int_equal(n, 0);
    assert_int_equal(mu_rolls_parse("37,,5", &v, &n, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "roll 2"));
    assert_int_equal(mu_rolls_parse("37,", &v, &n, &err), MU_EINPUT);
    assert_int_equal(mu_rolls_parse("1,2,0", &v, &n, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "roll 3"));
}

static void scripted_runs_out_naming_the_table(void **state)
{
    (void)state;
    mu_dice *d;
    mu_error err;
    int r;
    SCRIPT(d, 12, 100);
    assert_int_equal(mu_dice_left(d), 2);
    assert_int_equal(mu_dice_d100(d, "Division leader", &r, &err), MU_OK);
    assert_int_equal(r, 12);
    assert_int_equal(mu_dice_d100(d, "Brigades", &r, &err), MU_OK);
    assert_int_equal(r, 100);
    assert_int_equal(mu_dice_left(d), 0);
    assert_int_equal(mu_dice_d100(d, "Brigade 1 stands", &r, &err), MU_ENOROLL);
    assert_non_null(strstr(err.msg, "Brigade 1 stands"));
    assert_false(mu_dice_seed(d, NULL));
    mu_dice_free(d);
    static const int bad[] = {5, 101};
    assert_int_equal(mu_dice_new_scripted(bad, 2, &d, &err), MU_EINPUT);
}

static int calls;
static mu_status answer(void *ud, const char *label, int *roll, mu_error *err)
{
    (void)err;
    assert_string_equal(label, "Fire");
    calls++;
    *roll = *(int *)ud;
    return MU_OK;
}

static void callback_source(void **state)
{
    (void)state;
    mu_dice *d;
    mu_error err;
    int value = 64, r;
    assert_int_equal(mu_dice_new_callback(answer, &value, &d, &err), MU_OK);
    assert_int_equal(mu_dice_d100(d, "Fire", &r, &err), MU_OK);
    assert_int_equal(r, 64);
    value = 0; /* a buggy callback is caught, not passed on */
    assert_int_equal(mu_dice_d100(d, "Fire", &r, &err), MU_EINPUT);
    assert_int_equal(calls, 2);
    mu_dice_free(d);
    mu_dice_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seeded_matches_reference),
        cmocka_unit_test(seeded_is_uniform),
        cmocka_unit_test(jump_gives_another_stream),
        cmocka_unit_test(typed_rolls),
        cmocka_unit_test(roll_lists),
        cmocka_unit_test(scripted_runs_out_naming_the_table),
        cmocka_unit_test(callback_source),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
