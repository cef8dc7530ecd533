/* SPDX-License-Identifier: MIT */
/* Exact rationals: parsing decimals without doubles, arithmetic that refuses
 * to overflow, and printing that never shows 59.999. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster.h"

#include <string.h>

static mu_rat parse_ok(const char *s)
{
    mu_rat r = {0, 1};
    mu_error err;
    assert_int_equal(mu_rat_parse(s, &r, &err), MU_OK);
    return r;
}

static void assert_rat(mu_rat r, int64_t num, int64_t den)
{
    assert_int_equal(r.num, num);
    assert_int_equal(r.den, den);
}

static void parses_what_people_write(void **state)
{
    (void)state;
    assert_rat(parse_ok("7"), 7, 1);
    assert_rat(parse_ok("22.5"), 45, 2);
    assert_rat(parse_ok(" 7.50 "), 15, 2);
    assert_rat(parse_ok(".5"), 1, 2);
    assert_rat(parse_ok("22/3"), 22, 3);
    assert_rat(parse_ok("7 1/3"), 22, 3);
    assert_rat(parse_ok("-8"), -8, 1);
    assert_rat(parse_ok("1/5"), 1, 5);
    assert_rat(parse_ok("0"), 0, 1);
    assert_rat(parse_ok("-0"), 0, 1);
    assert_rat(parse_ok("+3"), 3, 1);
    /* 0.1 is exactly 1/10: no binary floating point on the way */
    assert_rat(parse_ok("0.1"), 1, 10);
    assert_rat(parse_ok("0.333333333"), 333333333, 1000000000);
    assert_rat(parse_ok("999999999999"), 999999999999LL, 1);
    /* a long numerator is fine while the number stays below 10^12: every
     * exact fraction muster prints reads back (found by fuzz_numbers) */
    assert_rat(parse_ok("999499999999.99998"), 49974999999999999LL, 50000);
    assert_rat(parse_ok("49974999999999999/50000"), 49974999999999999LL, 50000);
    assert_rat(parse_ok("4166666665499239481/125000000"), 4166666665499239481LL,
               125000000);
}

static void refuses_what_is_not_a_number(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "", " ", "abc", "7x", "1e3", "0x10", "inf", "nan", ".", "-", "7..5",
        "7.5.1", "22/0", "/3", "22/", "7 4/3", "7 1/3 1", "1,5", "7 /3",
        "1000000000000", "0.1234567891", "1000000000000/1",
        "5000000000000/5", "0001000000000000",
        /* 12 whole digits and 9 decimals do not fit an exact int64
         * numerator: refused, never cut (found by fuzz_numbers) */
        "433333433330.333333433", "9223372036854775808/1000000000", "1/10000000000", "--1", "5 ¾"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        mu_rat r = {42, 1};
        mu_error err = {0};
        if (mu_rat_parse(bad[i], &r, &err) != MU_EINPUT)
            fail_msg("accepted '%s'", bad[i]);
        assert_rat(r, 42, 1); /* OUT untouched on failure */
        assert_true(err.msg[0] != '\0');
    }
}

static const char *fmt(mu_rat r)
{
    static char buf[MU_RAT_BUF];
    return mu_rat_format(r, buf, sizeof buf);
}

static void prints_at_most_four_decimals(void **state)
{
    (void)state;
    assert_string_equal(fmt((mu_rat){8, 1}), "8");
    assert_string_equal(fmt((mu_rat){45, 2}), "22.5");
    assert_string_equal(fmt((mu_rat){46, 3}), "15.3333");
    assert_string_equal(fmt((mu_rat){2, 3}), "0.6666"); /* cut, not rounded */
    assert_string_equal(fmt((mu_rat){-1, 5}), "-0.2");
    assert_string_equal(fmt((mu_rat){-16, 1}), "-16");
    assert_string_equal(fmt((mu_rat){1, 100000}), "0");
    /* a chance just under 100 never prints as 100 */
    assert_string_equal(fmt((mu_rat){9999999, 100000}), "99.9999");
    /* unreduced input is reduced first */
    assert_string_equal(fmt((mu_rat){6, 4}), "1.5");
    assert_string_equal(fmt((mu_rat){INT64_MAX, 1}), "9223372036854775807");
    char buf[MU_RAT_BUF];
    assert_string_equal(mu_rat_fraction((mu_rat){44, 6}, buf, sizeof buf), "22/3");
    assert_string_equal(mu_rat_fraction((mu_rat){7, 1}, buf, sizeof buf), "7");
    assert_string_equal(mu_rat_fraction((mu_rat){-1, 5}, buf, sizeof buf), "-1/5");
}

static void arithmetic_is_exact(void **state)
{
    (void)state;
    mu_error err;
    mu_rat r;
    /* --ranges 7,7,8: (7 + 7 + 8) / 3 = 22/3 */
    assert_int_equal(mu_rat_add((mu_rat){7, 1}, (mu_rat){7, 1}, &r, &err), MU_OK);
    assert_int_equal(mu_rat_add(r, (mu_rat){8, 1}, &r, &err), MU_OK);
    assert_int_equal(mu_rat_div(r, (mu_rat){3, 1}, &r, &err), MU_OK);
    assert_rat(r, 22, 3);
    /* musket P = 2(15 - 22/3) = 46/3 */
    assert_int_equal(mu_rat_sub((mu_rat){15, 1}, r, &r, &err), MU_OK);
    assert_int_equal(mu_rat_mul((mu_rat){2, 1}, r, &r, &err), MU_OK);
    assert_rat(r, 46, 3);
    /* 0.1 + 0.2 is 0.3, exactly */
    mu_rat a = parse_ok("0.1"), b = parse_ok("0.2");
    assert_int_equal(mu_rat_add(a, b, &r, &err), MU_OK);
    assert_int_equal(mu_rat_cmp(r, parse_ok("0.3")), 0);
    assert_int_equal(mu_rat_div((mu_rat){10, 1}, (mu_rat){-4, 1}, &r, &err),
                     MU_OK);
    assert_rat(r, -5, 2);
    assert_int_equal(mu_rat_div((mu_rat){1, 1}, (mu_rat){0, 1}, &r, &err), MU_EINPUT);
}

static void overflow_is_refused(void **state)
{
    (void)state;
    mu_error err = {0};
    mu_rat r = {5, 1};
    mu_rat big = {INT64_MAX, 1};
    assert_int_equal(mu_rat_add(big, (mu_rat){1, 1}, &r, &err), MU_EINPUT);
    assert_rat(r, 5, 1);
    assert_non_null(strstr(err.msg, "too finely divided"));
    assert_int_equal(mu_rat_mul(big, (mu_rat){2, 1}, &r, &err), MU_EINPUT);
    /* large but cancelling: fine */
    assert_int_equal(mu_rat_mul(big, (mu_rat){1, INT64_MAX}, &r, &err), MU_OK);
    assert_rat(r, 1, 1);
    /* two huge coprime denominators */
    mu_rat p = {1, 999999937}, q = {1, 999999929};
    assert_int_equal(mu_rat_mul(p, q, &r, &err), MU_OK);
    assert_int_equal(mu_rat_mul(r, r, &r, &err), MU_EINPUT);
    assert_int_equal(mu_rat_div((mu_rat){INT64_MIN, 1}, (mu_rat){1, 1}, &r,
                                &err), MU_EINPUT);
}

static void compares_and_floors(void **state)
{
    (void)state;
    assert_int_equal(mu_rat_cmp((mu_rat){1, 3}, (mu_rat){333333333, 1000000000}), 1);
    assert_int_equal(mu_rat_cmp((mu_rat){-1, 2}, (mu_rat){1, -2}), 0);
    assert_int_equal(mu_rat_cmp((mu_rat){INT64_MAX, 1}, (mu_rat){INT64_MAX - 1, 1}), 1);
    assert_int_equal(mu_rat_cmp((mu_rat){1, INT64_MAX}, (mu_rat){1, INT64_MAX - 1}), -1);
    assert_int_equal(mu_rat_floor((mu_rat){46, 3}), 15);
    assert_int_equal(mu_rat_floor((mu_rat){-1, 2}), -1);
    assert_int_equal(mu_rat_floor((mu_rat){-4, 2}), -2);
    assert_int_equal(mu_rat_floor((mu_rat){45, 2}), 22);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parses_what_people_write),
        cmocka_unit_test(refuses_what_is_not_a_number),
        cmocka_unit_test(prints_at_most_four_decimals),
        cmocka_unit_test(arithmetic_is_exact),
        cmocka_unit_test(overflow_is_refused),
        cmocka_unit_test(compares_and_floors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
