/* SPDX-License-Identifier: MIT */
/* Names as users type them: any case, or the unique start of a name. */
#include "test_util.h"

static void any_case(void **state)
{
    (void)state;
    mu_army a = MU_UNION;
    mu_theater t = MU_EAST;
    mu_arm arm = MU_INFANTRY;
    mu_error err;
    assert_int_equal(mu_army_parse("Union", &a, &err), MU_OK);
    assert_int_equal(a, MU_UNION);
    assert_int_equal(mu_army_parse("CONFEDERATE", &a, &err), MU_OK);
    assert_int_equal(a, MU_CONFEDERATE);
    assert_int_equal(mu_theater_parse("EAST", &t, &err), MU_OK);
    assert_int_equal(t, MU_EAST);
    assert_int_equal(mu_theater_parse("West", &t, &err), MU_OK);
    assert_int_equal(t, MU_WEST);
    assert_int_equal(mu_arm_parse("Cavalry", &arm, &err), MU_OK);
    assert_int_equal(arm, MU_CAVALRY);
}

static void unique_prefix(void **state)
{
    (void)state;
    mu_army a = MU_UNION;
    mu_theater t = MU_EAST;
    mu_arm arm = MU_CAVALRY;
    mu_error err;
    assert_int_equal(mu_army_parse("conf", &a, &err), MU_OK);
    assert_int_equal(a, MU_CONFEDERATE);
    assert_int_equal(mu_army_parse("U", &a, &err), MU_OK);
    assert_int_equal(a, MU_UNION);
    assert_int_equal(mu_theater_parse("w", &t, &err), MU_OK);
    assert_int_equal(t, MU_WEST);
    assert_int_equal(mu_arm_parse("inf", &arm, &err), MU_OK);
    assert_int_equal(arm, MU_INFANTRY);
}

static void ambiguous_and_unknown(void **state)
{
    (void)state;
    mu_army a = MU_UNION;
    mu_theater t = MU_EAST;
    mu_error err;
    assert_int_equal(mu_army_parse("yankee", &a, &err), MU_EINPUT);
    assert_string_equal(err.msg,
                        "unknown army 'yankee': choose union|confederate");
    /* Longer than any name, or empty: unknown, never a match. */
    assert_int_equal(mu_army_parse("unionist", &a, &err), MU_EINPUT);
    assert_int_equal(mu_army_parse("", &a, &err), MU_EINPUT);
    assert_int_equal(mu_theater_parse("north", &t, &err), MU_EINPUT);
    assert_string_equal(err.msg, "unknown theater 'north': choose east|west");
    assert_int_equal(a, MU_UNION);
}

static void weapons_by_prefix(void **state)
{
    (void)state;
    mu_weapons *w;
    const mu_weapon *got = NULL;
    mu_error err;
    assert_int_equal(mu_weapons_default(&w, &err), MU_OK);
    assert_int_equal(mu_weapons_find(w, "Musket", &got, &err), MU_OK);
    assert_string_equal(got->name, "musket");
    assert_int_equal(mu_weapons_find(w, "ri", &got, &err), MU_OK);
    assert_string_equal(got->name, "rifle");
    assert_int_equal(mu_weapons_find(w, "ROUND", &got, &err), MU_OK);
    assert_string_equal(got->name, "roundshot");
    assert_int_equal(mu_weapons_find(w, "r", &got, &err), MU_EINPUT);
    assert_string_equal(err.msg, "ambiguous weapon 'r': rifle or roundshot? "
                                 "Give more of the name");
    assert_int_equal(mu_weapons_find(w, "bow", &got, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "no weapon 'bow': the weapons are musket"));
    mu_weapons_free(w);
    /* An exact name wins over a longer one it begins. */
    static const char two[] = "[r]\nslope = 1\nmax_range = 25\n"
                              "[rifle]\nslope = 1\nmax_range = 30\n";
    assert_int_equal(mu_weapons_parse(two, sizeof two - 1, "two.ini", &w, &err),
                     MU_OK);
    assert_int_equal(mu_weapons_find(w, "R", &got, &err), MU_OK);
    assert_string_equal(got->name, "r");
    assert_int_equal(mu_weapons_find(w, "ri", &got, &err), MU_OK);
    assert_string_equal(got->name, "rifle");
    mu_weapons_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(any_case),
        cmocka_unit_test(unique_prefix),
        cmocka_unit_test(ambiguous_and_unknown),
        cmocka_unit_test(weapons_by_prefix),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
