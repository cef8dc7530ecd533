/* SPDX-License-Identifier: MIT */
/* Tests of the event decoders' reader (src/campaign/evjson.h) over cJSON,
 * and of reading a log entry from a value already parsed, with no stored
 * text, as the WebAssembly engine reads the page's (wasm/app_log.c): every
 * entry of a first-release campaign's log (tests/data/campaign-v1.log.json)
 * is told the same either way, and a seed past 2^53, which the page keeps
 * as its digits, is told exactly. */
#include "test_util.h"

#include "campaign/campaign.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>

static void reader_over_cjson(void **state)
{
    (void)state;
    cJSON *o = cJSON_Parse("{\"n\":2.5,\"s\":\"Heth\",\"t\":true,\"f\":false,"
                           "\"z\":null,\"a\":[1,\"x\",{}],\"o\":{\"k\":7}}");
    const ej_val *v = EJ_OF(o);
    assert_int_equal(ej_type_of(v), EJ_OBJECT);
    assert_int_equal(ej_type_of(ej_get(v, "n")), EJ_NUMBER);
    assert_true(ej_number(ej_get(v, "n")) == 2.5);
    assert_string_equal(ej_string(ej_get(v, "s")), "Heth");
    assert_null(ej_string(ej_get(v, "n")));
    assert_true(ej_number(ej_get(v, "s")) == 0);
    assert_int_equal(ej_type_of(ej_get(v, "t")), EJ_TRUE);
    assert_int_equal(ej_type_of(ej_get(v, "f")), EJ_FALSE);
    assert_true(ej_is_bool(ej_get(v, "f")) && !ej_is_bool(ej_get(v, "z")));
    assert_int_equal(ej_type_of(ej_get(v, "z")), EJ_NULL);
    assert_null(ej_get(v, "missing"));
    assert_null(ej_get(v, "N")); /* keys are case-sensitive */
    assert_int_equal(ej_type_of(NULL), EJ_ABSENT);
    const ej_val *a = ej_get(v, "a");
    assert_int_equal(ej_type_of(a), EJ_ARRAY);
    assert_int_equal(ej_count(a), 3);
    assert_true(ej_number(ej_at(a, 0)) == 1);
    assert_string_equal(ej_string(ej_at(a, 1)), "x");
    assert_int_equal(ej_type_of(ej_at(a, 2)), EJ_OBJECT);
    assert_null(ej_at(a, 3));
    assert_null(ej_at(a, -1));
    assert_null(ej_get(a, "k")); /* an array has no members */
    assert_int_equal(ej_count(ej_get(v, "o")), 0);
    assert_null(ej_at(ej_get(v, "o"), 0));
    assert_true(ej_number(ej_get(ej_get(v, "o"), "k")) == 7);
    assert_null(ej_get(NULL, "k"));
    cJSON_Delete(o);
}

/* The entry's lines as the log tells them, or NULL when it is refused. */
static char *told(const cJSON *entry, const char *raw)
{
    camp_ev e;
    mu_error err;
    if (camp_ev_decode_shown_val("f", EJ_OF(entry), raw, &e, &err) != MU_OK)
        return NULL;
    sbuf sb = {0};
    camp_ev_log_text(&e, &sb);
    camp_ev_clear(&e);
    char *out;
    assert_int_equal(sb_finish(&sb, &out, &err), MU_OK);
    return out;
}

static cJSON *v1_log(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/campaign-v1.log.json",
             getenv("MUSTER_SOURCE") ? getenv("MUSTER_SOURCE") : ".");
    char *text = NULL;
    size_t n = 0;
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    text = calloc(1, 1 << 20);
    n = fread(text, 1, (1 << 20) - 1, f);
    fclose(f);
    assert_true(n > 100);
    cJSON *o = cJSON_Parse(text);
    free(text);
    assert_non_null(o);
    return o;
}

static void parsed_as_stored(void **state)
{
    (void)state;
    cJSON *log = v1_log();
    const cJSON *events = cJSON_GetObjectItemCaseSensitive(log, "events");
    assert_int_equal(cJSON_GetArraySize(events), 24);
    const cJSON *x;
    cJSON_ArrayForEach(x, events) {
        char *raw = cJSON_PrintUnformatted(x);
        camp_ev e;
        mu_error err;
        assert_int_equal(camp_ev_decode_shown("f", raw, &e, &err), MU_OK);
        sbuf sb = {0};
        camp_ev_log_text(&e, &sb);
        camp_ev_clear(&e);
        char *a, *b = told(x, NULL);
        assert_int_equal(sb_finish(&sb, &a, &err), MU_OK);
        assert_non_null(b);
        assert_string_equal(a, b);
        free(a);
        free(b);
        cJSON_free(raw);
    }
    cJSON_Delete(log);
}

static void long_seed(void **state)
{
    (void)state;
    cJSON *log = v1_log();
    cJSON *engage = cJSON_GetArrayItem(
        cJSON_GetObjectItemCaseSensitive(log, "events"), 6);
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(engage, "id")->valueint,
                     7);
    /* the stored text's digits, read exactly */
    cJSON_ReplaceItemInObjectCaseSensitive(engage, "seed",
        cJSON_CreateRaw("18446744073709551615"));
    char *raw = cJSON_PrintUnformatted(engage);
    camp_ev e;
    mu_error err;
    assert_int_equal(camp_ev_decode_shown("f", raw, &e, &err), MU_OK);
    assert_true(e.u.engage.seed.has);
    assert_true(e.u.engage.seed.value == UINT64_MAX);
    camp_ev_clear(&e);
    /* the page's entry keeps them as a string: the same seed, told */
    cJSON_ReplaceItemInObjectCaseSensitive(engage, "seed",
        cJSON_CreateString("18446744073709551615"));
    char *t = told(engage, NULL);
    assert_non_null(t);
    assert_non_null(strstr(t, "; seed 18446744073709551615\n"));
    free(t);
    /* but a stored text's seed is a number, never a string */
    char *str = cJSON_PrintUnformatted(engage);
    assert_int_equal(camp_ev_decode_shown("f", str, &e, &err), MU_EIO);
    assert_non_null(strstr(err.msg, "'seed'"));
    /* a number a double holds exactly is a seed; one it does not, not */
    cJSON_ReplaceItemInObjectCaseSensitive(engage, "seed",
                                           cJSON_CreateNumber(9007199254740992.0));
    t = told(engage, NULL);
    assert_non_null(strstr(t, "; seed 9007199254740992\n"));
    free(t);
    cJSON_ReplaceItemInObjectCaseSensitive(engage, "seed",
                                           cJSON_CreateNumber(1e19));
    assert_null(told(engage, NULL));
    cJSON_ReplaceItemInObjectCaseSensitive(engage, "seed",
                                           cJSON_CreateString("12x"));
    assert_null(told(engage, NULL));
    cJSON_free(str);
    cJSON_free(raw);
    cJSON_Delete(log);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reader_over_cjson),
        cmocka_unit_test(parsed_as_stored),
        cmocka_unit_test(long_seed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
