/* SPDX-License-Identifier: MIT */
/* Rules tables: the seed's numbers, and every way a rules file can be wrong. */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>

/* The built-in text with the first `from` replaced by `to`. */
static char *edited(const char *from, const char *to)
{
    size_t len;
    const char *text = mu_rules_default_text(&len);
    const char *at = strstr(text, from);
    assert_non_null(at);
    size_t n = len - strlen(from) + strlen(to) + 1;
    char *out = malloc(n);
    assert_non_null(out);
    size_t head = (size_t)(at - text);
    memcpy(out, text, head);
    memcpy(out + head, to, strlen(to));
    memcpy(out + head + strlen(to), at + strlen(from), len - head - strlen(from) + 1);
    return out;
}

/* Parses an edit of the built-in rules; expects failure on `line` with a
 * message containing `words`. */
static void expect_error(const char *from, const char *to, int line,
                         const char *words)
{
    char *text = edited(from, to);
    mu_error err = {0};
    mu_status st = rules_from(text, &err);
    if (st == MU_OK || err.line != line || !strstr(err.msg, words))
        fail_msg("edit '%s' -> '%s': status %d, line %d, message '%s'", from, to,
                 st, err.line, err.msg);
    assert_string_equal(err.file, "t.ini");
    free(text);
}

static int chance(const mu_rules *r, mu_table t, mu_army a, mu_theater th,
                  int year, int outcome)
{
    int faces = -1;
    mu_error err;
    assert_int_equal(mu_rules_chance(r, t, a, th, year, outcome, &faces, &err), MU_OK);
    return faces;
}

static void seed_tables(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    /* Table 1 */
    assert_int_equal(chance(r, MU_TABLE_THEATER, 0, 0, 1861, 0), 6);  /* east 1861 */
    assert_int_equal(chance(r, MU_TABLE_THEATER, 0, 0, 1861, 9), 5);  /* west 1865 */
    assert_int_equal(chance(r, MU_TABLE_THEATER, 0, 0, 1861, 4), 13); /* east 1863 */
    /* Table 2 */
    assert_int_equal(chance(r, MU_TABLE_LEADER, MU_UNION, MU_EAST, 1863, MU_DESPICABLE), 10);
    assert_int_equal(chance(r, MU_TABLE_LEADER, MU_UNION, MU_WEST, 1864, MU_EXCEPTIONAL), 17);
    assert_int_equal(chance(r, MU_TABLE_LEADER, MU_CONFEDERATE, MU_EAST, 1862, MU_EXCEPTIONAL), 28);
    /* Table 3: Union 15/65/20, Confederate 20/65/15 */
    assert_int_equal(chance(r, MU_TABLE_BRIGADES, MU_UNION, MU_EAST, 1863, 2), 15);
    assert_int_equal(chance(r, MU_TABLE_BRIGADES, MU_UNION, MU_EAST, 1863, 3), 65);
    assert_int_equal(chance(r, MU_TABLE_BRIGADES, MU_UNION, MU_EAST, 1863, 4), 20);
    assert_int_equal(chance(r, MU_TABLE_BRIGADES, MU_CONFEDERATE, MU_WEST, 1861, 4), 15);
    /* Table 4: no 5-stand Union brigades */
    assert_int_equal(chance(r, MU_TABLE_STANDS, MU_UNION, MU_EAST, 1863, 5), 0);
    assert_int_equal(chance(r, MU_TABLE_STANDS, MU_CONFEDERATE, MU_EAST, 1863, 5), 5);
    assert_int_equal(chance(r, MU_TABLE_STANDS, MU_CONFEDERATE, MU_EAST, 1863, 11), 2);
    assert_int_equal(chance(r, MU_TABLE_STANDS, MU_UNION, MU_EAST, 1863, 7), 55);
    /* Table 5: by theater for the Confederacy only */
    assert_int_equal(chance(r, MU_TABLE_MORALE, MU_UNION, MU_WEST, 1862, MU_GREEN), 40);
    assert_int_equal(chance(r, MU_TABLE_MORALE, MU_CONFEDERATE, MU_EAST, 1864, MU_GREEN), 10);
    assert_int_equal(chance(r, MU_TABLE_MORALE, MU_CONFEDERATE, MU_WEST, 1864, MU_GREEN), 20);
    assert_int_equal(chance(r, MU_TABLE_MORALE, MU_CONFEDERATE, MU_WEST, 1863, MU_CRACK), 20);
    /* Table 6 */
    assert_int_equal(chance(r, MU_TABLE_ARTILLERY, MU_UNION, MU_EAST, 1863, 9), 70);
    assert_int_equal(chance(r, MU_TABLE_ARTILLERY, MU_CONFEDERATE, MU_EAST, 1863, 8), 20);
    mu_error err;
    int faces;
    assert_int_equal(mu_rules_chance(r, MU_TABLE_LEADER, MU_UNION, MU_EAST, 1866, 0, &faces, &err),
                     MU_EINPUT);
    mu_rules_free(r);
    mu_rules_free(NULL);
}

static void shows_like_the_seed(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    char *text;
    mu_error err;
    assert_int_equal(mu_rules_render(r, RO(MU_FMT_TEXT), &text, &err), MU_OK);
    assert_non_null(strstr(text, "  east     01-06  13-25  39-51  65-77  91-95\n"));
    assert_non_null(strstr(text, "  union        all    -      01-10  11-65"));
    free(text);
    assert_int_equal(mu_rules_render(r, RO(MU_FMT_MARKDOWN), &text, &err), MU_OK);
    assert_non_null(strstr(text, "| union | 1861-1863 | 01-10 | 11-90 | 91-00 |"));
    free(text);
    assert_int_equal(mu_rules_render(r, RO(MU_FMT_JSON), &text, &err), MU_EINPUT);
    mu_rules_free(r);
}

static void accepts_house_variants(void **state)
{
    (void)state;
    mu_error err;
    /* the seed's en dash, split ranges and "100" are all fine */
    char *t = edited("average = 11-90\nexceptional = 91-00",
                     "average = 11\xE2\x80\x93" "50, 51-90\nexceptional = 91-100");
    assert_int_equal(rules_from(t, &err), MU_OK);
    free(t);
    /* a single table for all years replaces the two Union ones */
    t = edited("[leader.union.1864-1865]\ndespicable = 01-05\naverage = 06-83\nexceptional = 84-00\n", "");
    char *t2 = NULL;
    {
        const char *from = "[leader.union.1861-1863]";
        char *at = strstr(t, from);
        assert_non_null(at);
        size_t n = strlen(t) + 8;
        t2 = malloc(n);
        snprintf(t2, n, "%.*s[leader.union]%s", (int)(at - t), t, at + strlen(from));
    }
    assert_int_equal(rules_from(t2, &err), MU_OK);
    free(t);
    free(t2);
}

static void rejects_broken_tables(void **state)
{
    (void)state;
    expect_error("average = 11-90", "average = 11-89", 25, "no outcome for 90");
    expect_error("average = 11-90", "average = 11-91", 28, "already given on line 27");
    expect_error("average = 11-90", "mediocre = 11-90", 27, "unknown outcome 'mediocre'");
    expect_error("3 = 16-80", "3 = 16-8O", 48, "not a d100 range");
    expect_error("3 = 16-80", "3 = 80-16", 48, "not a d100 range");
    expect_error("3 = 16-80", "3 = 16-101", 48, "not a d100 range");
    expect_error("3 = 16-80", "9 = 16-80", 48, "unknown outcome '9'");
    expect_error("6 = 01-10", "6 = 01-10\n6 = 01-10", 59, "given twice");
    expect_error("[stands.union]", "[stands.unoin]", 57, "unoin");
    expect_error("[stands.union]", "[stand.union]", 57, "unknown table [stand.union]");
    expect_error("[stands.union]", "[stands.union.1870]", 57, "1870");
    expect_error("[stands.union]", "[stands.union", 57, "expected [section]");
    expect_error("west-1861 = 07-12", "west-1861 07-12", 14, "expected [section]");
    expect_error("west-1861 = 07-12", "west-1866 = 07-12", 14, "unknown outcome");
    /* a Confederate West morale table dropped: 1861-62 no longer covered */
    expect_error("[morale.confederate.west.1861-1862]\ngreen = 01-30\nveteran = 31-90\ncrack = 91-00\n",
                 "", 0, "no morale table covers confederate west 1861");
    /* two tables for the same year */
    expect_error("[morale.union.1863]", "[morale.union.1862-1863]", 81,
                 "covers union east 1862, which [morale.union.1861-1862] on line 76");
    expect_error("[leader.union.1861-1863]", "[leader.union.1861-1863.east.west]", 25,
                 "two theaters");
}

static void rejects_non_text(void **state)
{
    (void)state;
    mu_error err;
    mu_rules *r = NULL;
    const char nul[] = "[theater]\neast-1861 = 01\0-06\n";
    assert_int_equal(mu_rules_parse(nul, sizeof nul - 1, "t.ini", &r, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "NUL"));
    char longline[1000];
    memset(longline, 'x', sizeof longline);
    memcpy(longline, "[theater]\na = ", 14);
    longline[sizeof longline - 1] = '\0';
    assert_int_equal(rules_from(longline, &err), MU_EINPUT);
    assert_int_equal(err.line, 2);
    assert_non_null(strstr(err.msg, "longer than"));
    /* The limit stated is the one in force: inih's 200-byte buffer holds
     * 198 bytes of text, the newline and the NUL. */
    char edge[260];
    memset(edge, ';', sizeof edge);
    memcpy(edge, "[theater]\n", 10);
    memcpy(edge + 10 + 198, "\n", 2);
    assert_int_equal(rules_from(edge, &err), MU_EINPUT);
    assert_null(strstr(err.msg, "longer than"));
    memcpy(edge + 10 + 198, ";\n", 3);
    assert_int_equal(rules_from(edge, &err), MU_EINPUT);
    assert_int_equal(err.line, 2);
    assert_non_null(strstr(err.msg, "line is longer than 198 bytes"));
    assert_int_equal(rules_from("x = 1\n", &err), MU_EINPUT);
    assert_int_equal(err.line, 1);
    assert_int_equal(rules_from("", &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "no theater table"));
    assert_int_equal(mu_rules_load("/nonexistent/rules.ini", &r, &err), MU_EIO);
    assert_string_equal(err.file, "/nonexistent/rules.ini");
    assert_null(r);
}

static void labels(void **state)
{
    (void)state;
    mu_error err;
    mu_labels *l = NULL;
    const char good[] = "[veteran]\n7 = 5/3\n8 = 5/3\n[green]\n6 = 4/2\n";
    assert_int_equal(mu_labels_parse(good, sizeof good - 1, "l.ini", &l, &err), MU_OK);
    char buf[64];
    mu_labels_name(l, 7, MU_VETERAN, buf, sizeof buf);
    assert_string_equal(buf, "7/5/3 veteran");
    mu_labels_name(l, 7, MU_GREEN, buf, sizeof buf); /* the nearest: 6 */
    assert_string_equal(buf, "7/4/2 green");
    mu_labels_name(l, 7, MU_CRACK, buf, sizeof buf); /* no [crack] */
    assert_string_equal(buf, "7 stands, crack");
    mu_labels_name(NULL, 9, MU_CRACK, buf, sizeof buf);
    assert_string_equal(buf, "9 stands, crack");
    mu_labels_free(l);
    const char *bad[][2] = {
        {"[elite]\n7 = 5/3\n", "unknown section [elite]"},
        {"[veteran]\n7 = 7/3\n", "spent < worn < stands"},
        {"[veteran]\n7 = 3/5\n", "spent < worn < stands"},
        {"[veteran]\n7 = 5\n", "not worn/spent"},
        {"[veteran]\nseven = 5/3\n", "not a stand count"},
        {"[veteran]\n7 = 5/3\n7 = 4/2\n", "given twice"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        l = NULL;
        assert_int_equal(mu_labels_parse(bad[i][0], strlen(bad[i][0]), "l.ini", &l, &err),
                         MU_EINPUT);
        assert_null(l);
        if (!strstr(err.msg, bad[i][1]))
            fail_msg("labels case %zu: '%s'", i, err.msg);
        assert_true(err.line >= 2);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_tables),
        cmocka_unit_test(shows_like_the_seed),
        cmocka_unit_test(accepts_house_variants),
        cmocka_unit_test(rejects_broken_tables),
        cmocka_unit_test(rejects_non_text),
        cmocka_unit_test(labels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
