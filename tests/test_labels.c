/* Brigade labels: a labels file that lacks a brigade's stand count is an
 * error naming the count, never a silent fallback. */
#include "test_util.h"

#include <stdlib.h>

static const char text[] = "; my table\n"
                           "[veteran]\n"
                           "7 = 5/3\n"
                           "8 = 6/3\n"
                           "\n"
                           "[green]\n"
                           "7 = 5/3\n";

static void check_names_the_missing_count(void **state)
{
    (void)state;
    mu_labels *l = NULL;
    mu_error err;
    char buf[128];
    assert_int_equal(mu_labels_parse(text, sizeof text - 1, "my.ini", &l, &err),
                     MU_OK);
    assert_int_equal(mu_labels_check(l, 7, MU_VETERAN, &err), MU_OK);
    assert_int_equal(mu_labels_check(l, 8, MU_VETERAN, &err), MU_OK);
    assert_int_equal(mu_labels_check(l, 9, MU_VETERAN, &err), MU_EINPUT);
    assert_string_equal(mu_error_format(&err, buf, sizeof buf),
                        "my.ini:2: [veteran] has no line for 9 stands, which "
                        "a brigade has: add '9 = WORN/SPENT'");
    assert_int_equal(mu_labels_check(l, 8, MU_GREEN, &err), MU_EINPUT);
    assert_string_equal(mu_error_format(&err, buf, sizeof buf),
                        "my.ini:6: [green] has no line for 8 stands, which a "
                        "brigade has: add '8 = WORN/SPENT'");
    assert_int_equal(mu_labels_check(l, 7, MU_CRACK, &err), MU_EINPUT);
    assert_string_equal(mu_error_format(&err, buf, sizeof buf),
                        "my.ini: no [crack] section, but a crack brigade has 7 "
                        "stands: add [crack] with a line '7 = WORN/SPENT'");
    assert_int_equal(mu_labels_check(NULL, 9, MU_CRACK, &err), MU_OK);
    /* Without a label: the count, singular for one stand. */
    mu_labels_name(l, 1, MU_VETERAN, buf, sizeof buf);
    assert_string_equal(buf, "1 stand, veteran");
    mu_labels_name(NULL, 2, MU_CRACK, buf, sizeof buf);
    assert_string_equal(buf, "2 stands, crack");
    mu_labels_name(l, 8, MU_VETERAN, buf, sizeof buf);
    assert_string_equal(buf, "8/6/3 veteran");
    mu_labels_free(l);
}

/* The renderers refuse a division with an unlabelled brigade. */
static void render_refuses_unlabelled(void **state)
{
    (void)state;
    mu_labels *l = NULL;
    mu_rules *r = default_rules();
    mu_error err;
    mu_division d;
    mu_dice *dice;
    char *out = NULL, buf[160];
    assert_int_equal(mu_labels_parse(text, sizeof text - 1, "my.ini", &l, &err),
                     MU_OK);
    const mu_oob_opts o = {MU_CONFEDERATE, 1863, MU_EAST, MU_INFANTRY, false};
    /* The seed's worked example: brigades of 8, 7 and 7 veteran stands. */
    SCRIPT(dice, 50, 50, 50, 50, 50, 50, 50, 50, 80, 50, 50, 50, 44);
    assert_int_equal(mu_division_generate(r, dice, &o, &d, &err), MU_OK);
    mu_render_opts ro = {.format = MU_FMT_TEXT, .labels = l};
    assert_int_equal(mu_division_render(&d, 1, &ro, &out, &err), MU_OK);
    assert_non_null(strstr(out, "8/6/3 veteran"));
    free(out);
    out = NULL;
    d.brigades[1].stands = 9; /* not in the file */
    assert_int_equal(mu_division_render(&d, 1, &ro, &out, &err), MU_EINPUT);
    assert_null(out);
    assert_string_equal(mu_error_format(&err, buf, sizeof buf),
                        "my.ini:2: [veteran] has no line for 9 stands, which "
                        "a brigade has: add '9 = WORN/SPENT'");
    ro.labels = NULL; /* without labels, nothing to check */
    assert_int_equal(mu_division_render(&d, 1, &ro, &out, &err), MU_OK);
    free(out);
    mu_dice_free(dice);
    mu_labels_free(l);
    mu_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(check_names_the_missing_count),
        cmocka_unit_test(render_refuses_unlabelled),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
