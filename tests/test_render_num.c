/* SPDX-License-Identifier: MIT */
/* Numbers in CSV and JSON: exact values in the fewest digits that read back,
 * computed differences in the fewest digits their inputs justify. */
#include "test_util.h"

#include "odds.h"
#include "render.h"
#include "writer.h"

#include <cjson/cJSON.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* x in the fewest digits that read back exactly, as the CSV writes it. */
static void render_num(double x, char *buf, size_t n)
{
    char b[32];
    size_t len = wr_num_g(x, b);
    len = len < n ? len : n - 1;
    memcpy(buf, b, len);
    buf[len] = '\0';
}

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

static uint64_t rnd_state = 0x9E3779B97F4A7C15u;
static uint64_t rnd(void) /* xorshift64*: the test's own fixed stream */
{
    rnd_state ^= rnd_state >> 12;
    rnd_state ^= rnd_state << 25;
    rnd_state ^= rnd_state >> 27;
    return rnd_state * 2685821657736338717u;
}

static double rnd_double(int kind)
{
    uint64_t r = rnd();
    double v;
    switch (kind) {
    case 0: /* any finite positive double */
        r &= ~(1ull << 63);
        if ((r >> 52) == 0x7ff)
            r ^= 1ull << 62;
        memcpy(&v, &r, sizeof v);
        return v;
    case 1: /* probabilities as the odds print them */
        return (double)(r >> 11) / 9007199254740992.0 *
               pow(10, -(double)(rnd() % 300));
    case 2: /* short decimals: k / 10^j */
        return (double)(r % 100000) / pow(10, (double)(rnd() % 12));
    default: /* powers of two and their neighbours */
        v = ldexp(1, (int)(r % 2000) - 1000);
        return rnd() & 1 ? nextafter(v, 0) : v;
    }
}

/* The fewest of 15, 16, 17 digits that read back, as printf writes them. */
static void printf_forms(void **state)
{
    (void)state;
    static const struct {
        double v;
        const char *text;
    } cases[] = {{0.00001234, "1.234e-05"}, {-2, "-2"}, {1e21, "1e+21"},
                 {123456789012345.0, "123456789012345"}, {-0.0, "-0"},
                 {0.1 + 0.2, "0.30000000000000004"}, {4.4, "4.4"},
                 {9007199254740993.0, "9007199254740992"}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char buf[40];
        render_num(cases[i].v, buf, sizeof buf);
        assert_string_equal(buf, cases[i].text);
    }
    for (int i = 0; i < 4000; i++) {
        double v = rnd_double(i % 4);
        char buf[40];
        render_num(v, buf, sizeof buf);
        assert_true(strtod(buf, NULL) == v);
    }
}

/* jw_double prints what cJSON prints. */
static void cjson_numbers(void **state)
{
    (void)state;
    int bad = 0;
    for (int i = 0; i < 40000 && bad < 10; i++) {
        double v = i < 10 ? (double[]){0, -0.0, 1, -7, 0.5, 1e300, 3e9,
                                       -2147483648.0, 0.99999999999999978,
                                       nextafter(1, 2)}[i]
                         : rnd_double(i % 4) * (i % 5 ? 1 : -1);
        cJSON *n = cJSON_CreateNumber(v);
        char *want = cJSON_PrintUnformatted(n);
        sbuf sb = {0};
        jw w;
        jw_init(&w, &sb, false, 0);
        jw_double(&w, NULL, v);
        const char *got = sb.p ? sb.p : "";
        if (strcmp(got, want)) {
            fprintf(stderr, "%.17g: jw_double %s, cJSON %s\n", v, got, want);
            bad++;
        }
        mu_buf_free(&sb);
        cJSON_free(want);
        cJSON_Delete(n);
    }
    assert_int_equal(bad, 0);
}

/* jw_cjson prints a parsed tree as cJSON prints it, pretty and compact:
 * escapes in keys and strings, empty containers, nesting, every kind. */
static void cjson_trees(void **state)
{
    (void)state;
    static const char *const docs[] = {
        "{\"a\":1,\"b\":[1,2.5,-0,1e300,null,true,false],\"c\":{}}",
        "[[],{},[{}],\"x\\u0001\\n\\\"y\\\\\",0.1]",
        "{\"k\\ty\":{\"\\u00e9t\u00e9\":{\"d\":[{\"e\":[3,{\"f\":\"\"}]}]}}}",
        "\"just a string\"", "12345678901234567890", "[]", "{}",
    };
    for (size_t i = 0; i < sizeof docs / sizeof *docs; i++) {
        cJSON *v = cJSON_Parse(docs[i]);
        assert_non_null(v);
        for (int pretty = 0; pretty < 2; pretty++) {
            char *want = pretty ? cJSON_Print(v) : cJSON_PrintUnformatted(v);
            sbuf sb = {0};
            jw w;
            jw_init(&w, &sb, pretty, 0);
            jw_cjson(&w, NULL, v);
            assert_non_null(sb.p);
            assert_string_equal(sb.p, want);
            mu_buf_free(&sb);
            cJSON_free(want);
        }
        char *line = wr_cjson_text(v), *want = cJSON_PrintUnformatted(v);
        assert_string_equal(line, want);
        free(line);
        cJSON_free(want);
        cJSON_Delete(v);
    }
}

/* The public writer (mu_json, what web/ answers with) writes what the
 * same values built as a cJSON tree print as, compact. */
static void public_writer(void **state)
{
    (void)state;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "error", "no \"x\"\n\x01 \xc3\xa9");
    cJSON_AddNullToObject(o, "campaign");
    cJSON_AddBoolToObject(o, "plot", true);
    cJSON *st = cJSON_AddObjectToObject(o, "streams");
    cJSON_AddNumberToObject(st, "open", 3);
    cJSON_AddNumberToObject(st, "dropped", 0);
    char *want = cJSON_PrintUnformatted(o);
    mu_buf b = {0};
    mu_json w;
    mu_json_init(&w, &b);
    mu_json_obj(&w, NULL);
    mu_json_str(&w, "error", "no \"x\"\n\x01 \xc3\xa9");
    mu_json_null(&w, "campaign");
    mu_json_bool(&w, "plot", true);
    mu_json_obj(&w, "streams");
    mu_json_int(&w, "open", 3);
    mu_json_int(&w, "dropped", 0);
    mu_json_end(&w);
    mu_json_end(&w);
    assert_false(b.oom);
    assert_string_equal(b.p, want);
    mu_buf_free(&b);
    cJSON_free(want);
    cJSON_Delete(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(differences),
        cmocka_unit_test(exact_values),
        cmocka_unit_test(printf_forms),
        cmocka_unit_test(cjson_numbers),
        cmocka_unit_test(cjson_trees),
        cmocka_unit_test(public_writer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
