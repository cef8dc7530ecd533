/* SPDX-License-Identifier: MIT */
/* test_web_json.c -- the web's JSON body reader is strict (RFC 8259): one
 * object and nothing after it, no name twice, no NUL, UTF-8 only, numbers
 * exactly as written; what cJSON let through before is refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "json_body.h"

static size_t parse(const char *body, size_t n, web_arg *v, char *why)
{
    size_t k = 99;
    char *arena = NULL;
    bool ok = web_json_object(body, n, v, 8, &k, &arena, why, 200);
    /* the values are read before the arena goes: copied to a static pool */
    static char pool[8][128];
    for (size_t i = 0; ok && i < k; i++) {
        snprintf(pool[i], sizeof pool[i], "%s=%s", v[i].name, v[i].value);
        v[i].name = pool[i];
    }
    free(arena);
    return ok ? k : (size_t)-1;
}

static void refused(const char *body, size_t n, const char *says)
{
    web_arg v[8];
    char why[200] = "";
    if (parse(body, n, v, why) != (size_t)-1)
        fail_msg("accepted: %.*s", (int)n, body);
    if (!strstr(why, says))
        fail_msg("'%.*s': '%s', not '%s'", (int)n, body, why, says);
}

#define REFUSED(lit, says) refused(lit, sizeof lit - 1, says)

static void accepted(const char *body, const char *const *want, size_t n)
{
    web_arg v[8];
    char why[200] = "";
    size_t k = parse(body, strlen(body), v, why);
    if (k == (size_t)-1)
        fail_msg("refused '%s': %s", body, why);
    assert_int_equal(k, n);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(v[i].name, want[i]);
}

static void one_object_only(void **state)
{
    (void)state;
    REFUSED("{\"a\":1} x", "nothing after it");
    REFUSED("{\"a\":1}{\"b\":2}", "nothing after it");
    REFUSED("{\"a\":1},", "nothing after it");
    REFUSED("[1]", "one JSON object");
    REFUSED("\"a\"", "one JSON object");
    REFUSED("", "one JSON object");
    REFUSED("{\"a\":1", "not closed");
    REFUSED("{\"a\":1,}", "one JSON object");
    REFUSED("{,\"a\":1}", "one JSON object");
    REFUSED("{\"a\" 1}", "one JSON object");
    REFUSED("{'a':1}", "one JSON object");
    REFUSED("{\"a\":1}\f", "nothing after it"); /* not JSON white space */
    static const char *const none[] = {NULL};
    accepted(" \t\r\n{ }\n", none, 0);
}

static void no_name_twice(void **state)
{
    (void)state;
    REFUSED("{\"lost\":1,\"lost\":2}", "lost: given twice");
    REFUSED("{\"lost\":1,\"l\\u006fst\":2}", "lost: given twice");
}

/* A reason quotes at most 40 bytes of a name, cut where a character ends:
 * "a" and 20 e-acutes are 41 bytes; the 20th would be cut in two (the fuzz
 * target fuzz_http found the reason was not UTF-8). */
static void reason_cuts_a_name_whole(void **state)
{
    (void)state;
#define E19 "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9" \
            "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9" \
            "\xc3\xa9\xc3\xa9\xc3\xa9"
    static const char twice[] = "{\"a" E19 "\xc3\xa9\":1,\"a" E19 "\xc3\xa9\":2}";
    static const char null[] = "{\"a" E19 "\xc3\xa9\":null}";
    web_arg v[8];
    char why[200] = "";
    assert_int_equal(parse(twice, sizeof twice - 1, v, why), (size_t)-1);
    assert_string_equal(why, "a" E19 ": given twice");
    assert_true(web_utf8_ok(why, strlen(why)));
    assert_int_equal(parse(null, sizeof null - 1, v, why), (size_t)-1);
    assert_string_equal(why,
                        "a" E19 ": give a string, a number or true/false");
#undef E19
}

static void no_nul_and_utf8_only(void **state)
{
    (void)state;
    REFUSED("{\"name\":\"a\\u0000b\"}", "NUL");
    REFUSED("{\"name\":\"a\0b\"}", "control character");
    REFUSED("{\"name\":\"\xff\"}", "not valid UTF-8");
    REFUSED("{\"name\":\"\xc0\xaf\"}", "not valid UTF-8");       /* overlong */
    REFUSED("{\"name\":\"\xed\xa0\x80\"}", "not valid UTF-8");   /* surrogate */
    REFUSED("{\"name\":\"\xf4\x90\x80\x80\"}", "not valid UTF-8"); /* > 10FFFF */
    REFUSED("{\"name\":\"\xe2\x82\"}", "not valid UTF-8");       /* cut short */
    REFUSED("{\"name\":\"\\ud800\"}", "high surrogate");
    REFUSED("{\"name\":\"\\udc00\"}", "low surrogate");
    REFUSED("{\"name\":\"\\x41\"}", "unknown escape");
    REFUSED("{\"name\":\"tab\there\"}", "control character");
    static const char *const ok[] = {"name=Heth \xc3\xa9\xf0\x9f\x98\x80/\"\n"};
    accepted("{\"name\":\"Heth \\u00e9\\ud83d\\ude00\\/\\\"\\n\"}", ok, 1);
    assert_true(web_utf8_ok("Heth \xc3\xa9", 7));
    assert_false(web_utf8_ok("Heth \xe9", 6));
    assert_false(web_utf8_ok("a\0b", 3));
    char echo[] = "bad \xff\xfe value \xc3\xa9";
    web_utf8_clean(echo);
    assert_string_equal(echo, "bad ?? value \xc3\xa9");
}

static void numbers_exactly(void **state)
{
    (void)state;
    static const char *const n[] = {
        "a=0.99999999999999999", "b=1", "c=100", "d=1.5", "e=0",
        "f=-2", "g=0.0015", "h=123456789012345678901234567890"};
    accepted("{\"a\":0.99999999999999999,\"b\":1.0,\"c\":1e2,\"d\":1.50,"
             "\"e\":-0.0,\"f\":-2,\"g\":15E-4,"
             "\"h\":123456789012345678901234567890}", n, 8);
    REFUSED("{\"a\":01}", "as JSON writes it");
    REFUSED("{\"a\":1.}", "as JSON writes it");
    REFUSED("{\"a\":.5}", "a: give a string");
    REFUSED("{\"a\":+1}", "give a string");
    REFUSED("{\"a\":1e}", "as JSON writes it");
    REFUSED("{\"a\":1e999999}", "too many digits");
    REFUSED("{\"a\":NaN}", "give a string");
}

static void values_of_three_kinds(void **state)
{
    (void)state;
    static const char *const v[] = {"hidden=true", "by-the-book=false",
                                    "name=x"};
    accepted("{\"hidden\":true,\"by-the-book\":false,\"name\":\"x\"}", v, 3);
    REFUSED("{\"a\":null}", "a: give a string, a number or true/false");
    REFUSED("{\"a\":[1]}", "a: give a string");
    REFUSED("{\"a\":{}}", "a: give a string");
    REFUSED("{\"a\":tru}", "a: give a string");
    REFUSED("{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6,\"g\":7,"
            "\"h\":8,\"i\":9}", "too many options");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_object_only),
        cmocka_unit_test(no_name_twice),
        cmocka_unit_test(reason_cuts_a_name_whole),
        cmocka_unit_test(no_nul_and_utf8_only),
        cmocka_unit_test(numbers_exactly),
        cmocka_unit_test(values_of_three_kinds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
