/* Numbers in CSV and JSON: exact values in the fewest digits that read back,
 * computed differences in the fewest digits their inputs justify. */
#include "test_util.h"

#include "odds.h"

static void differences(void **state)
{
    (void)state;
    char buf[40];
    /* In doubles, 0.091 - 0.082 is 0.008999999999999994. */
    assert_true(0.091 - 0.082 != 0.009);
    render_diff(0.091, 0.082, buf, sizeof buf);
    assert_string_equal(buf, "0.009");
    render_diff(0.00163, 0.0015, buf, sizeof buf);
    assert_string_equal(buf, "0.00013");
    render_diff(0.0015, 0.00163, buf, sizeof buf);
    assert_string_equal(buf, "-0.00013");
    render_diff(0.0164, 0.0150, buf, sizeof buf);
    assert_string_equal(buf, "0.0014");
    render_diff(0.25, 0.25, buf, sizeof buf);
    assert_string_equal(buf, "0");
    /* A real difference far below the inputs' size is kept. */
    render_diff(3e-20, 1e-20, buf, sizeof buf);
    assert_string_equal(buf, "2e-20");
    /* Digits the inputs do carry are kept: 1/3 - 1/4. */
    render_diff(1.0 / 3, 0.25, buf, sizeof buf);
    assert_string_equal(buf, "0.0833333333333333");
    /* Means of about 2.2 carry less. */
    render_diff(2.20332, 2.20548, buf, sizeof buf);
    assert_string_equal(buf, "-0.00216");
}

static void exact_values(void **state)
{
    (void)state;
    char buf[40];
    render_num(0.15, buf, sizeof buf);
    assert_string_equal(buf, "0.15");
    render_num(1.0 / 3, buf, sizeof buf);
    assert_string_equal(buf, "0.3333333333333333");
    render_near(0.0013999999999999985, 0.0164, buf, sizeof buf);
    assert_string_equal(buf, "0.0014");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(differences),
        cmocka_unit_test(exact_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
