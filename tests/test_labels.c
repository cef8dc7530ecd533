/* SPDX-License-Identifier: MIT */
/* Brigade labels: a label of a strength without a line takes the nearest
 * line of its morale (of two as near, the smaller), recorded for
 * mu_labels_missed, never refused. */
#include "test_util.h"

#include <stdlib.h>

static const char text[] = "; my table\n"
                           "[veteran]\n"
                           "7 = 5/3\n"
                           "8 = 6/3\n"
                           "\n"
                           "[green]\n"
                           "7 = 5/3\n";

static void names_without_a_line(void **state)
{
    (void)state;
    mu_labels *l = NULL;
    mu_error err;
    char buf[128];
    assert_int_equal(mu_labels_parse(text, sizeof text - 1, "my.ini", &l, &err),
                     MU_OK);
    /* Without a label: the count, singular for one stand. */
    mu_labels_name(l, 1, MU_CRACK, buf, sizeof buf);
    assert_string_equal(buf, "1 stand, crack");
    mu_labels_name(NULL, 2, MU_CRACK, buf, sizeof buf);
    assert_string_equal(buf, "2 stands, crack");
    mu_labels_name(l, 8, MU_VETERAN, buf, sizeof buf);
    assert_string_equal(buf, "8/6/3 veteran");
    mu_labels_miss m[4];
    assert_int_equal(mu_labels_missed(l, m, 4), 1); /* crack */
    assert_int_equal(m[0].kind, MU_LABELS_NO_LINE);
    assert_int_equal(m[0].morale, MU_CRACK);
    assert_int_equal(m[0].stands, 1);
    assert_int_equal(m[0].nearest, 0);
    assert_string_equal(mu_labels_file(l), "my.ini");
    mu_labels_free(l);
}

/* The nearest line: below, above, a tie going to the smaller; each use
 * reported once, in morale order and then from the largest strength. */
static void nearest_line_and_report(void **state)
{
    (void)state;
    mu_labels *l = NULL;
    mu_error err;
    char buf[600];
    assert_int_equal(mu_labels_parse(text, sizeof text - 1, "my.ini", &l, &err),
                     MU_OK);
    mu_labels_miss m[5];
    assert_int_equal(mu_labels_missed(l, m, 5), 0);
    assert_int_equal(mu_labels_missed(NULL, NULL, 0), 0);
    mu_labels_name(l, 3, MU_VETERAN, buf, sizeof buf);
    assert_string_equal(buf, "3/5/3 veteran"); /* the line for 7 */
    mu_labels_name(l, 11, MU_VETERAN, buf, sizeof buf);
    assert_string_equal(buf, "11/6/3 veteran"); /* the line for 8 */
    mu_labels_name(l, 3, MU_VETERAN, buf, sizeof buf); /* again: once */
    int worn = 0, spent = 0;
    assert_true(mu_labels_get(l, 9, MU_GREEN, &worn, &spent));
    assert_int_equal(worn, 5);
    assert_int_equal(spent, 3);
    assert_false(mu_labels_get(l, 9, MU_CRACK, &worn, &spent));
    /* Green first, then veteran from the largest strength, then crack;
     * the facts only (the front ends say them: cmd/engine.c). */
    assert_int_equal(mu_labels_missed(l, m, 5), 4);
    const mu_labels_miss want[] = {
        {MU_LABELS_NEAREST, MU_GREEN, 9, 7},
        {MU_LABELS_NEAREST, MU_VETERAN, 11, 8},
        {MU_LABELS_NEAREST, MU_VETERAN, 3, 7},
        {MU_LABELS_NO_LINE, MU_CRACK, 9, 0},
    };
    for (int i = 0; i < 4; i++) {
        assert_int_equal(m[i].kind, want[i].kind);
        assert_int_equal(m[i].morale, want[i].morale);
        assert_int_equal(m[i].stands, want[i].stands);
        assert_int_equal(m[i].nearest, want[i].nearest);
    }
    /* Room for two: the count is still all of them. */
    memset(m, 0, sizeof m);
    assert_int_equal(mu_labels_missed(l, m, 2), 4);
    assert_int_equal(m[1].stands, 11);
    assert_int_equal(m[2].stands, 0);
    mu_labels_free(l);
    /* A tie: 6 is as near to 5 as to 7, and 5 is the smaller. */
    static const char two[] = "[green]\n5 = 4/2\n7 = 5/3\n";
    assert_int_equal(mu_labels_parse(two, sizeof two - 1, "two.ini", &l, &err),
                     MU_OK);
    mu_labels_name(l, 6, MU_GREEN, buf, sizeof buf);
    assert_string_equal(buf, "6/4/2 green");
    mu_labels_free(l);
}

/* The template: every strength the built-in tables give (5..11) and what
 * casualties leave, down to 3, commented, no value; it loads as no lines. */
static void template_lines(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    mu_error err;
    char *t = NULL;
    assert_int_equal(mu_labels_template(r, &t, &err), MU_OK);
    assert_non_null(strstr(t, "brigades of 5 to 11 stands"));
    assert_non_null(strstr(t, "[green]\n; 11 = WORN/SPENT\n; 10 = WORN/SPENT"));
    assert_non_null(strstr(t, "[crack]\n; 11 = WORN/SPENT"));
    assert_non_null(strstr(t, "; 3 = WORN/SPENT\n"));
    assert_null(strstr(t, "; 2 = WORN/SPENT"));
    mu_labels *l = NULL;
    assert_int_equal(mu_labels_parse(t, strlen(t), "t.ini", &l, &err), MU_OK);
    int worn, spent;
    assert_false(mu_labels_get(l, 7, MU_GREEN, &worn, &spent));
    mu_labels_free(l);
    free(t);
    mu_rules_free(r);
}

/* The renderers label a strength without a line by the nearest one. */
static void render_takes_the_nearest(void **state)
{
    (void)state;
    mu_labels *l = NULL;
    mu_rules *r = default_rules();
    mu_error err;
    mu_division d;
    mu_dice *dice;
    char *out = NULL;
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
    d.brigades[1].stands = 9; /* not in the file: the line for 8 */
    assert_int_equal(mu_division_render(&d, 1, &ro, &out, &err), MU_OK);
    assert_non_null(strstr(out, "9/6/3 veteran"));
    free(out);
    mu_labels_miss m;
    assert_int_equal(mu_labels_missed(l, &m, 1), 1);
    assert_int_equal(m.kind, MU_LABELS_NEAREST);
    assert_int_equal(m.stands, 9);
    assert_int_equal(m.nearest, 8);
    ro.labels = NULL;
    assert_int_equal(mu_division_render(&d, 1, &ro, &out, &err), MU_OK);
    assert_non_null(strstr(out, "9 stands, veteran"));
    free(out);
    mu_dice_free(dice);
    mu_labels_free(l);
    mu_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_without_a_line),
        cmocka_unit_test(nearest_line_and_report),
        cmocka_unit_test(template_lines),
        cmocka_unit_test(render_takes_the_nearest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
