/* SPDX-License-Identifier: MIT */
/* Roll tables for other tools: the Foundry export read back band by band
 * against the rules' own faces, for the built-in tables and a house file
 * whose outcome lies in two runs; CSV and Markdown rows as the seed's. */
#include "test_util.h"
#include "rules.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>

/* The words the export must give outcome v of family f. */
static void expected_text(mu_table f, int v, char *buf, size_t n)
{
    static const char *const rating[] = {"despicable", "average", "exceptional"};
    static const char *const morale[] = {"green", "veteran", "crack"};
    if (f == MU_TABLE_THEATER)
        snprintf(buf, n, "%s theater %d", v % 2 ? "Western" : "Eastern",
                 1861 + v / 2);
    else if (f == MU_TABLE_LEADER)
        snprintf(buf, n, "%s", rating[v]);
    else if (f == MU_TABLE_MORALE)
        snprintf(buf, n, "%s", morale[v]);
    else if (f == MU_TABLE_BRIGADES)
        snprintf(buf, n, "%d brigades", v);
    else if (f == MU_TABLE_STANDS)
        snprintf(buf, n, "%d stands", v);
    else
        snprintf(buf, n, "1 battery per %d stands", v);
}

/* One RollTable against table t: formula, bands that cover 1..100 in order
 * with nothing twice, each band's weight its width and its text the
 * outcome of every face in it. Returns the number of bands. */
static int check_table(const cJSON *doc, const rules_table *t)
{
    assert_string_equal(cJSON_GetObjectItem(doc, "formula")->valuestring, "1d100");
    const cJSON *flags = cJSON_GetObjectItem(doc, "flags");
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(flags, "muster"),
                                            "table")->valuestring, t->section);
    int next = 1, bands = 0;
    const cJSON *res;
    cJSON_ArrayForEach(res, cJSON_GetObjectItem(doc, "results")) {
        const cJSON *range = cJSON_GetObjectItem(res, "range");
        assert_int_equal(cJSON_GetArraySize(range), 2);
        int lo = cJSON_GetArrayItem(range, 0)->valueint;
        int hi = cJSON_GetArrayItem(range, 1)->valueint;
        assert_int_equal(lo, next);
        assert_true(hi >= lo && hi <= 100);
        assert_int_equal(cJSON_GetObjectItem(res, "weight")->valueint, hi - lo + 1);
        assert_string_equal(cJSON_GetObjectItem(res, "type")->valuestring, "text");
        assert_true(cJSON_IsFalse(cJSON_GetObjectItem(res, "drawn")));
        char want[48];
        for (int f = lo; f <= hi; f++) {
            expected_text(t->family, t->map[f], want, sizeof want);
            assert_string_equal(cJSON_GetObjectItem(res, "text")->valuestring, want);
        }
        /* a band is maximal: the next face has another outcome */
        if (hi < 100)
            assert_int_not_equal(t->map[hi + 1], t->map[lo]);
        next = hi + 1;
        bands++;
    }
    assert_int_equal(next, 101);
    return bands;
}

static cJSON *export_foundry(const mu_rules *r, const char *table)
{
    char *text = NULL;
    mu_error err = {0};
    assert_int_equal(mu_rules_export(r, MU_RULES_TO_FOUNDRY, table, &text, &err),
                     MU_OK);
    const char *end = NULL;
    cJSON *doc = cJSON_ParseWithOpts(text, &end, true);
    assert_non_null(doc);
    free(text);
    return doc;
}

static void foundry_builtin(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    cJSON *all = export_foundry(r, NULL);
    assert_true(cJSON_IsArray(all));
    assert_int_equal(cJSON_GetArraySize(all), r->ntables);
    int bands = 0;
    for (int k = 0; k < r->ntables; k++)
        bands += check_table(cJSON_GetArrayItem(all, k), &r->tables[k]);
    /* the seed's six tables: 10 + 4 x 3 + 2 x 3 + 6 + 7 + 9 x 3 + 2 x 2 */
    assert_int_equal(bands, 72);
    cJSON_Delete(all);

    /* one table alone is one document; the seed's Union leaders 1861-63 */
    cJSON *one = export_foundry(r, "leader.union.1861-1863");
    assert_true(cJSON_IsObject(one));
    assert_string_equal(cJSON_GetObjectItem(one, "name")->valuestring,
                        "2. Leader rating: union 1861-1863");
    const cJSON *last = cJSON_GetArrayItem(cJSON_GetObjectItem(one, "results"), 2);
    assert_string_equal(cJSON_GetObjectItem(last, "text")->valuestring, "exceptional");
    assert_int_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(last, "range"), 0)->valueint, 91);
    assert_int_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(last, "range"), 1)->valueint, 100);
    cJSON_Delete(one);
    mu_rules_free(r);
}

/* A house rule whose crack brigades come on 01-05 and 96-00: two bands of
 * one outcome, each its own result. */
static void foundry_split_band(void **state)
{
    (void)state;
    size_t len;
    const char *text = mu_rules_default_text(&len);
    const char *from = "[morale.union.1863]\ngreen = 01-25\nveteran = 26-87\ncrack = 88-00";
    const char *to = "[morale.union.1863]\ngreen = 06-25\nveteran = 26-95\ncrack = 01-05, 96-00";
    const char *at = strstr(text, from);
    assert_non_null(at);
    char *house = malloc(len + 16);
    assert_non_null(house);
    snprintf(house, len + 16, "%.*s%s%s", (int)(at - text), text, to,
             at + strlen(from));
    mu_rules *r = NULL;
    mu_error err = {0};
    assert_int_equal(mu_rules_parse(house, strlen(house), "house.ini", &r, &err), MU_OK);
    free(house);
    cJSON *one = export_foundry(r, "morale.union.1863");
    int k = 0;
    while (strcmp(r->tables[k].section, "morale.union.1863"))
        k++;
    assert_int_equal(check_table(one, &r->tables[k]), 4);
    cJSON_Delete(one);
    mu_rules_free(r);
}

static char *export_as(mu_rules_to to, const char *table)
{
    mu_rules *r = default_rules();
    char *text = NULL;
    mu_error err = {0};
    assert_int_equal(mu_rules_export(r, to, table, &text, &err), MU_OK);
    mu_rules_free(r);
    return text;
}

static void csv_and_markdown(void **state)
{
    (void)state;
    char *csv = export_as(MU_RULES_TO_CSV, "artillery.confederate");
    assert_string_equal(csv,
        "table,name,low,high,result\n"
        "artillery.confederate,\"6. Artillery ratio: confederate\",1,80,"
        "\"1 battery per 9 stands\"\n"
        "artillery.confederate,\"6. Artillery ratio: confederate\",81,100,"
        "\"1 battery per 8 stands\"\n");
    free(csv);
    char *md = export_as(MU_RULES_TO_MARKDOWN, "brigades.confederate");
    assert_string_equal(md,
        "### 3. Brigades in the division: confederate\n\n"
        "| d100 | result |\n|---|---|\n"
        "| 01-20 | 2 brigades |\n| 21-85 | 3 brigades |\n| 86-00 | 4 brigades |\n");
    free(md);
}

static void refusals(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    char *text = (char *)1;
    mu_error err = {0};
    assert_int_equal(mu_rules_export(r, MU_RULES_TO_CSV, "leader.union", &text, &err),
                     MU_EINPUT);
    assert_null(text);
    assert_non_null(strstr(err.msg, "no table 'leader.union'"));
    assert_int_equal(mu_rules_export(r, (mu_rules_to)0, NULL, &text, &err), MU_EINPUT);
    mu_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(foundry_builtin),
        cmocka_unit_test(foundry_split_band),
        cmocka_unit_test(csv_and_markdown),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
