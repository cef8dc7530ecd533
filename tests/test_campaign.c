/* SPDX-License-Identifier: MIT */
/* Tests of the campaign ledger (the seed's campaign paragraphs and the
 * leader note) and of canonical JSON and commitments, through the public
 * API. Dice are scripted so that every roll is known. */
#include "test_campaign_util.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <sodium.h>
#include <sqlite3.h>

static mu_campaign *new_campaign(mu_rat draw, mu_rat win, mu_rat lose)
{
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "Test";
    o.year = 1863;
    o.theater = MU_EAST;
    o.draw = draw;
    o.winner = win;
    o.loser = lose;
    mu_campaign *c = NULL;
    mu_error err;
    assert_int_equal(mu_campaign_create(fresh(), &o, &c, &err), MU_OK);
    return c;
}

static mu_campaign *half(void)
{
    return new_campaign((mu_rat){1, 2}, (mu_rat){1, 2}, (mu_rat){1, 2});
}

#define SCRIPT(...)                                                            \
    script((const int[]){__VA_ARGS__},                                         \
           sizeof((const int[]){__VA_ARGS__}) / sizeof(int))

/* Union or Confederate 1863 east: leader 50 average, brigades 10 -> 2, each
 * brigade stands 50 -> 7, morale 50 veteran, brigadier 50 average; ratio 50
 * -> 9; 14 mod 9: battery threshold 55, roll 50 -> 2 batteries; reserve
 * threshold 66, roll 99 -> none. */
static const int TWO_BY_SEVEN[] = {50, 10, 50, 50, 50, 50, 50, 50, 50, 50, 99};

static int add(mu_campaign *c, mu_army side, const char *corps)
{
    int id;
    mu_error err;
    static int n;
    char name[32]; /* names are unique in a campaign */
    snprintf(name, sizeof name, "Div %d", ++n);
    assert_int_equal(mu_campaign_add(c, side, name, MU_INFANTRY, corps, &id,
                                     &err), MU_OK);
    return id;
}

static int add_engaged(mu_campaign *c, mu_army side)
{
    int id = add(c, side, NULL);
    mu_dice *d = script(TWO_BY_SEVEN, 11);
    mu_engagement e;
    mu_error err;
    assert_int_equal(mu_campaign_engage(c, id, false, false, d, &e, &err), MU_OK);
    assert_int_equal(e.division.nbrigades, 2);
    assert_int_equal(e.division.stands, 14);
    mu_dice_free(d);
    return id;
}

static void battle_start(mu_campaign *c)
{
    mu_error err;
    assert_int_equal(mu_campaign_battle_start(c, "Field", MU_THEATER_UNKNOWN, NULL, &err), MU_OK);
}

static void casualties(mu_campaign *c, int div, int b, int lost, int captured)
{
    mu_error err;
    assert_int_equal(
        mu_campaign_casualties(c, div, STANDS(b, lost, captured), NULL, &err),
        MU_OK);
}

static mu_status battle_end(mu_campaign *c, mu_side winner, mu_dice *d)
{
    mu_error err;
    mu_status st = mu_campaign_battle_end(c, winner, d, NULL, &err);
    mu_dice_free(d);
    return st;
}

/* show --format json, parsed. */
static cJSON *show(mu_campaign *c, int viewer)
{
    char *t;
    mu_error err;
    assert_int_equal(t_show(c, viewer, RO(MU_FMT_JSON), &t, &err),
                     MU_OK);
    cJSON *j = cJSON_Parse(t);
    free(t);
    assert_non_null(j);
    return j;
}

static cJSON *division(cJSON *s, int id)
{
    cJSON *d;
    cJSON_ArrayForEach(d, cJSON_GetObjectItem(s, "divisions"))
        if (cJSON_GetObjectItem(d, "id")->valueint == id)
            return d;
    fail_msg("no division %d", id);
    return NULL;
}

/* A brigade's field from show JSON. */
static int brig(mu_campaign *c, int div, int b, const char *field)
{
    cJSON *s = show(c, MU_SIDE_NONE);
    cJSON *bs = cJSON_GetObjectItem(division(s, div), "brigades");
    int v = cJSON_GetObjectItem(cJSON_GetArrayItem(bs, b - 1), field)->valueint;
    cJSON_Delete(s);
    return v;
}

static int prisoners_held_by(mu_campaign *c, const char *key)
{
    cJSON *s = show(c, MU_SIDE_NONE);
    /* One shape with the prisoners list: {"stands":[...],"total":N,...}. */
    int v = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(
                s, "prisoners"), key), "total")->valueint;
    cJSON_Delete(s);
    return v;
}

/* The log as JSON, parsed. */
static cJSON *log_json(mu_campaign *c, int viewer)
{
    char *t;
    mu_error err;
    assert_int_equal(t_log(c, viewer, NULL, RO(MU_FMT_JSON), &t, &err), MU_OK);
    cJSON *j = cJSON_Parse(t);
    free(t);
    assert_non_null(j);
    return j;
}

static int nevents(mu_campaign *c)
{
    cJSON *j = log_json(c, MU_SIDE_NONE);
    int n = cJSON_GetArraySize(cJSON_GetObjectItem(j, "events"));
    cJSON_Delete(j);
    return n;
}

static cJSON *last_event(mu_campaign *c, cJSON **root)
{
    *root = log_json(c, MU_SIDE_NONE);
    cJSON *ev = cJSON_GetObjectItem(*root, "events");
    return cJSON_GetArrayItem(ev, cJSON_GetArraySize(ev) - 1);
}

/* ---- rates -------------------------------------------------------------- */

static void rates(void **state)
{
    (void)state;
    static const struct {
        const char *in;
        int num, den;
        const char *text;
    } ok[] = {{"50", 1, 2, "50%"},        {"50%", 1, 2, "50%"},
              {"66.67", 6667, 10000, "66.67%"}, {"2/3", 2, 3, "2/3"},
              {"100", 1, 1, "100%"},      {"0", 0, 1, "0%"},
              {"4/8", 1, 2, "50%"},       {"12.5", 1, 8, "12.5%"},
              {"1/3", 1, 3, "1/3"}};
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        mu_rat r;
        mu_error err;
        char buf[32];
        assert_int_equal(mu_share_parse(ok[i].in, &r, &err), MU_OK);
        assert_int_equal(r.num, ok[i].num);
        assert_int_equal(r.den, ok[i].den);
        mu_share_text(r, buf, sizeof buf);
        assert_string_equal(buf, ok[i].text);
    }
    static const char *const bad[] = {"101", "-5", "3/2", "abc", "1.23456",
                                      "", "50.%", "1/0", "+5", "50%%", "/3",
                                      "2/", "0x10"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        mu_rat r;
        mu_error err;
        assert_int_equal(mu_share_parse(bad[i], &r, &err), MU_EINPUT);
    }
}

/* ---- canonical JSON ----------------------------------------------------- */

static void expect_canon(const char *in, const char *want)
{
    char *out;
    mu_error err;
    mu_status st = mu_json_canonicalize(in, strlen(in), &out, &err);
    if (st != MU_OK)
        fail_msg("%s: %s", in, err.msg);
    assert_string_equal(out, want);
    free(out);
}

static double bits(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

/* The number serializations of RFC 8785 appendix B. */
static void canonical_numbers(void **state)
{
    (void)state;
    static const struct {
        uint64_t bits;
        const char *text;
    } cases[] = {
        {0x0000000000000000ull, "0"},
        {0x8000000000000000ull, "0"},
        {0x0000000000000001ull, "5e-324"},
        {0x8000000000000001ull, "-5e-324"},
        {0x7fefffffffffffffull, "1.7976931348623157e+308"},
        {0xffefffffffffffffull, "-1.7976931348623157e+308"},
        {0x4340000000000000ull, "9007199254740992"},
        {0xc340000000000000ull, "-9007199254740992"},
        {0x4430000000000000ull, "295147905179352830000"},
        {0x44b52d02c7e14af5ull, "9.999999999999997e+22"},
        {0x44b52d02c7e14af6ull, "1e+23"},
        {0x44b52d02c7e14af7ull, "1.0000000000000001e+23"},
        {0x444b1ae4d6e2ef4eull, "999999999999999700000"},
        {0x444b1ae4d6e2ef4full, "999999999999999900000"},
        {0x444b1ae4d6e2ef50ull, "1e+21"},
        {0x3eb0c6f7a0b5ed8cull, "9.999999999999997e-7"},
        {0x3eb0c6f7a0b5ed8dull, "0.000001"},
        {0x41b3de4355555553ull, "333333333.3333332"},
        {0x41b3de4355555554ull, "333333333.33333325"},
        {0x41b3de4355555555ull, "333333333.3333333"},
        {0x41b3de4355555556ull, "333333333.3333334"},
        {0x41b3de4355555557ull, "333333333.33333343"},
        {0xbecbf647612f3696ull, "-0.0000033333333333333333"},
        {0x43143ff3c1cb0959ull, "1424953923781206.2"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char in[64], want[64];
        snprintf(in, sizeof in, "[%.17g]", bits(cases[i].bits));
        snprintf(want, sizeof want, "[%s]", cases[i].text);
        expect_canon(in, want);
    }
    expect_canon("[7.0, 1E2, -0.0, 0.5e1]", "[7,100,0,5]");
    /* Powers of two, where the rounding interval is lopsided: the nearest
     * 16-digit decimal does not read back, its upper neighbour does (the
     * shortest form, as Python's repr and ECMAScript agree). */
    static const struct {
        int exp;
        const char *text;
    } pow2[] = {{-1017, "7.120236347223045e-307"},
                {-1007, "7.291122019556398e-304"},
                {-957, "8.209073602596753e-289"}};
    for (size_t i = 0; i < sizeof pow2 / sizeof *pow2; i++) {
        char in[64], want[64];
        snprintf(in, sizeof in, "[%.17g]", ldexp(1.0, pow2[i].exp));
        snprintf(want, sizeof want, "[%s]", pow2[i].text);
        expect_canon(in, want);
    }
}

static void canonical_keys_and_strings(void **state)
{
    (void)state;
    /* RFC 8785 section 3.2.3: sorted by UTF-16 code units, so the emoji
     * (a surrogate pair, D83D...) sorts before U+FB33 although its UTF-8
     * bytes are larger. */
    expect_canon("{\"\\u20ac\":\"Euro Sign\",\"\\r\":\"Carriage Return\","
                 "\"\\ufb33\":\"Hebrew\",\"1\":\"One\",\"\\ud83d\\ude00\":"
                 "\"Emoji\",\"\\u0080\":\"Control\",\"\\u00f6\":\"o\"}",
                 "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\xc2\x80\":"
                 "\"Control\",\"\xc3\xb6\":\"o\",\"\xe2\x82\xac\":\"Euro Sign\","
                 "\"\xf0\x9f\x98\x80\":\"Emoji\",\"\xef\xac\xb3\":\"Hebrew\"}");
    /* A key that is a prefix of another sorts first. */
    expect_canon("{\"leader_rolled\":1,\"leader\":2}",
                 "{\"leader\":2,\"leader_rolled\":1}");
    /* Blanks go, nesting is kept, escapes are minimal. */
    expect_canon(" {\n \"b\" : [ true , false , null ] ,\n \"a\" : { \"y\" : "
                 "\"\\/ \\u0041\\t\\u001f\\\"\\\\\" } }\n",
                 "{\"a\":{\"y\":\"/ A\\t\\u001f\\\"\\\\\"},\"b\":[true,false,"
                 "null]}");
    expect_canon("\"\\b\\f\\n\\r\\u007f\"", "\"\\b\\f\\n\\r\x7f\"");
    expect_canon("{}", "{}");
    expect_canon("[]", "[]");
}

static void canonical_rejects(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "{\"a\":1,\"a\":2}",         /* a key twice */
        "[\"a\\u0000b\"]",           /* cut short by cJSON: refused */
        "[\"\xc3\x28\"]",            /* not UTF-8 */
        "[\"\xed\xa0\x80\"]",        /* an encoded surrogate */
        "[\"\xc0\xaf\"]",            /* overlong */
        "[1] x",                     /* something after the value */
        "[1e400]",                   /* no double holds it */
        "{\"a\":",                   /* cut short */
        "",                          /* nothing */
        "[\"\\ud800\"]",             /* a lone surrogate escape */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char *out = NULL;
        mu_error err;
        assert_int_equal(mu_json_canonicalize(bad[i], strlen(bad[i]), &out, &err),
                         MU_EINPUT);
        assert_null(out);
    }
    char nul[] = "[1,\0002]";
    char *out;
    mu_error err;
    assert_int_equal(mu_json_canonicalize(nul, 6, &out, &err), MU_EINPUT);
}

/* ---- commitments -------------------------------------------------------- */

static void commitment_round_trip(void **state)
{
    (void)state;
    const char *salt = "000102030405060708090a0b0c0d0e0f";
    const char *json = "{\"b\": [1, 2], \"a\": \"x\"}";
    const char *canon = "{\"a\":\"x\",\"b\":[1,2]}";
    /* Computed here the long way, with libsodium directly. */
    unsigned char buf[16 + 64], hash[32];
    for (int i = 0; i < 16; i++)
        buf[i] = (unsigned char)i;
    memcpy(buf + 16, canon, strlen(canon));
    assert_int_equal(sodium_init() >= 0, 1);
    crypto_hash_sha256(hash, buf, 16 + strlen(canon));
    char want[65];
    sodium_bin2hex(want, sizeof want, hash, sizeof hash);

    char got[MU_COMMITMENT_HEX];
    mu_error err;
    assert_int_equal(mu_commitment_compute(json, strlen(json), salt, got, &err),
                     MU_OK);
    assert_string_equal(got, want);
    /* Reordered and re-spaced: the same value. */
    const char *pretty = "{\n  \"a\": \"x\",\n  \"b\": [\n    1,\n    2\n  ]\n}\n";
    assert_int_equal(mu_commitment_verify(want, salt, pretty, strlen(pretty),
                                          &err), MU_OK);
    /* Upper-case hex is the same number. */
    char upper[65];
    for (int i = 0; i < 65; i++)
        upper[i] = (char)(want[i] >= 'a' && want[i] <= 'f' ? want[i] - 32 : want[i]);
    assert_int_equal(mu_commitment_verify(upper, salt, json, strlen(json), &err),
                     MU_OK);
    /* A changed value, a changed salt: mismatches. */
    const char *changed = "{\"a\":\"x\",\"b\":[1,3]}";
    assert_int_equal(mu_commitment_verify(want, salt, changed, strlen(changed),
                                          &err), MU_EMISMATCH);
    assert_int_equal(mu_commitment_verify(want, "ff0102030405060708090a0b0c0d0e0f",
                                          json, strlen(json), &err),
                     MU_EMISMATCH);
    /* Unreadable input. */
    assert_int_equal(mu_commitment_verify("abc", salt, json, strlen(json), &err),
                     MU_EINPUT);
    assert_int_equal(mu_commitment_verify(want, "0001", json, strlen(json), &err),
                     MU_EINPUT);
    assert_int_equal(mu_commitment_verify(want, salt, "{", 1, &err), MU_EINPUT);
    assert_int_equal(mu_commitment_verify(want, NULL, json, strlen(json), &err),
                     MU_EINPUT);
    /* The reveal document carries its salt. */
    char doc[256];
    snprintf(doc, sizeof doc, "{\"division\":%s,\"salt\":\"%s\","
             "\"commitment\":\"%s\"}", json, salt, want);
    assert_int_equal(mu_commitment_verify(want, NULL, doc, strlen(doc), &err),
                     MU_OK);
}

/* Issue 13: a reveal with two "division" keys verified (muster checked the
 * first, Python and jq show the last). A key twice anywhere is refused, by
 * verify and by every reader of canonical JSON. */
static void duplicate_keys_refused(void **state)
{
    (void)state;
    const char *salt = "000102030405060708090a0b0c0d0e0f";
    const char *json = "{\"a\":\"x\",\"b\":[1,2]}";
    char want[MU_COMMITMENT_HEX], doc[512];
    mu_error err;
    assert_int_equal(mu_commitment_compute(json, strlen(json), salt, want, &err),
                     MU_OK);
    static const char *const shapes[] = {
        /* the division twice at the top: the second is another one */
        "{\"division\":%s,\"division\":{\"a\":\"y\"},\"salt\":\"%s\","
        "\"commitment\":\"%s\"}",
        /* the salt twice */
        "{\"division\":%s,\"salt\":\"%s\",\"salt\":\"00\","
        "\"commitment\":\"%s\"}",
        /* the commitment twice */
        "{\"division\":%s,\"salt\":\"%s\",\"commitment\":\"%s\","
        "\"commitment\":\"\"}",
        /* deep inside something that is not the division */
        "{\"division\":%s,\"salt\":\"%s\",\"commitment\":\"%s\","
        "\"extra\":[{\"k\":1,\"k\":2}]}",
    };
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        snprintf(doc, sizeof doc, shapes[i], json, salt, want);
        err.msg[0] = '\0';
        assert_int_equal(mu_commitment_verify(want, NULL, doc, strlen(doc),
                                              &err), MU_EINPUT);
        assert_non_null(strstr(err.msg, "given twice"));
        char *out = NULL;
        assert_int_equal(mu_json_canonicalize(doc, strlen(doc), &out, &err),
                         MU_EINPUT);
        assert_null(out);
    }
    /* Inside the division, given with its salt: refused too. */
    const char *inner = "{\"a\":\"x\",\"b\":[1,2],\"b\":[1,2]}";
    assert_int_equal(mu_commitment_verify(want, salt, inner, strlen(inner),
                                          &err), MU_EINPUT);
    /* The same keys in different objects are fine. */
    const char *ok = "{\"a\":{\"a\":1},\"b\":[{\"a\":1},{\"a\":2}]}";
    char *out = NULL;
    assert_int_equal(mu_json_canonicalize(ok, strlen(ok), &out, &err), MU_OK);
    free(out);
}

/* engage --hidden, then reveal: the document verifies; tampered, it fails;
 * the other side sees only the commitment. */
static void hidden_division(void **state)
{
    (void)state;
    mu_campaign *c = half();
    int id = add(c, MU_CONFEDERATE, NULL);
    mu_dice *d;
    mu_error err;
    mu_engagement e;
    assert_int_equal(mu_dice_new_seeded(11, &d, &err), MU_OK);
    assert_int_equal(mu_campaign_engage(c, id, true, false, d, &e, &err), MU_OK);
    mu_dice_free(d);
    assert_int_equal((int)strlen(e.commitment), 64);
    assert_int_equal((int)strlen(e.salt), 32);

    cJSON *s = show(c, MU_UNION);
    cJSON *v = division(s, id);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(v, "hidden")));
    assert_null(cJSON_GetObjectItem(v, "brigades"));
    assert_string_equal(cJSON_GetObjectItem(v, "commitment")->valuestring,
                        e.commitment);
    cJSON_Delete(s);
    s = show(c, MU_CONFEDERATE); /* the owner sees it all */
    assert_non_null(cJSON_GetObjectItem(division(s, id), "brigades"));
    cJSON_Delete(s);
    cJSON *lg = log_json(c, MU_UNION);
    cJSON *ev = cJSON_GetArrayItem(cJSON_GetObjectItem(lg, "events"), 2);
    assert_string_equal(cJSON_GetObjectItem(ev, "kind")->valuestring, "engage");
    assert_null(cJSON_GetObjectItem(ev, "rolls"));
    cJSON_Delete(lg);

    char *doc;
    assert_int_equal(mu_campaign_reveal(c, id, &doc, &err), MU_OK);
    assert_int_equal(mu_commitment_verify(e.commitment, NULL, doc, strlen(doc),
                                          &err), MU_OK);
    assert_int_equal(mu_commitment_verify(e.commitment, e.salt, doc, strlen(doc),
                                          &err), MU_OK);
    char *p = strstr(doc, "\"stands\":");
    assert_non_null(p);
    p[9] = p[9] == '9' ? '8' : '9'; /* a brigade's stands altered */
    assert_int_equal(mu_commitment_verify(e.commitment, NULL, doc, strlen(doc),
                                          &err), MU_EMISMATCH);
    free(doc);
    s = show(c, MU_UNION); /* revealed: no longer hidden */
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(division(s, id), "hidden")));
    assert_non_null(cJSON_GetObjectItem(division(s, id), "brigades"));
    cJSON_Delete(s);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* ---- engaging ----------------------------------------------------------- */

static void engage_is_the_generator(void **state)
{
    (void)state;
    mu_campaign *c = half();
    int id = add(c, MU_UNION, NULL);
    mu_dice *d;
    mu_error err;
    mu_engagement e;
    assert_int_equal(mu_dice_new_seeded(7, &d, &err), MU_OK);
    assert_int_equal(mu_campaign_engage(c, id, false, false, d, &e, &err), MU_OK);
    mu_dice_free(d);
    mu_rules *r;
    mu_division want;
    mu_oob_opts o = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false};
    assert_int_equal(mu_rules_default(&r, &err), MU_OK);
    assert_int_equal(mu_dice_new_seeded(7, &d, &err), MU_OK);
    assert_int_equal(mu_division_generate(r, d, &o, &want, &err), MU_OK);
    assert_memory_equal(&e.division, &want, sizeof want);
    assert_true(e.has_seed);
    assert_int_equal(e.seed, 7);
    mu_dice_free(d);
    mu_rules_free(r);
    assert_int_equal(brig(c, id, 1, "stands"), want.brigades[0].stands);
    assert_int_equal(brig(c, id, 1, "start"), want.brigades[0].stands);
    /* Engaging twice is refused and changes nothing. */
    int n = nevents(c);
    assert_int_equal(mu_dice_new_seeded(7, &d, &err), MU_OK);
    assert_int_equal(mu_campaign_engage(c, id, false, false, d, &e, &err),
                     MU_ESTATE);
    assert_int_equal(mu_campaign_engage(c, 99, false, false, d, &e, &err),
                     MU_EINPUT);
    mu_dice_free(d);
    assert_int_equal(nevents(c), n);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* The first division of a corps to fight brings its corps leader, rated
 * after the division's own rolls; a despicable one attaches to it. */
static void corps_leader_arrives(void **state)
{
    (void)state;
    mu_campaign *c = half();
    int a = add(c, MU_UNION, "I Corps"), b = add(c, MU_UNION, "I Corps");
    int rolls[12];
    memcpy(rolls, TWO_BY_SEVEN, sizeof TWO_BY_SEVEN);
    rolls[11] = 5; /* Union 1863: 01-10 despicable */
    mu_dice *d = script(rolls, 12);
    mu_engagement e;
    mu_error err;
    assert_int_equal(mu_campaign_engage(c, a, false, false, d, &e, &err), MU_OK);
    mu_dice_free(d);
    assert_true(e.corps_leader);
    assert_int_equal(e.corps_rating, MU_DESPICABLE);
    assert_int_equal(e.corps_roll, 5);
    d = script(TWO_BY_SEVEN, 11); /* the second: no corps roll */
    assert_int_equal(mu_campaign_engage(c, b, false, false, d, &e, &err), MU_OK);
    mu_dice_free(d);
    assert_false(e.corps_leader);
    cJSON *s = show(c, MU_SIDE_NONE);
    cJSON *k = cJSON_GetArrayItem(cJSON_GetObjectItem(s, "corps"), 0);
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(k, "leader"),
                                            "rating")->valuestring, "despicable");
    assert_int_equal(cJSON_GetObjectItem(k, "attached")->valueint, a);
    cJSON_Delete(s);
    /* Lost in combat: the replacement (roll 50, average) is free again. */
    d = SCRIPT(50);
    assert_int_equal(mu_campaign_leader_lost(c, b, MU_POST_CORPS, 0, d, NULL,
                                             &err), MU_OK);
    mu_dice_free(d);
    s = show(c, MU_SIDE_NONE);
    k = cJSON_GetArrayItem(cJSON_GetObjectItem(s, "corps"), 0);
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(k, "leader"),
                                            "rating")->valuestring, "average");
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(k, "attached")));
    cJSON_Delete(s);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* ---- the return of battlefield losses ----------------------------------- */

/* 50 % of 3 lost is 1.5: one stand surely, the half by a roll <= 50. */
static void half_of_odd_losses(void **state)
{
    (void)state;
    for (int roll = 50; roll <= 51; roll++) {
        mu_campaign *c = half();
        int id = add_engaged(c, MU_UNION);
        battle_start(c);
        casualties(c, id, 1, 3, 0);
        assert_int_equal(brig(c, id, 1, "stands"), 4);
        assert_int_equal(battle_end(c, MU_SIDE_NONE, SCRIPT(roll)), MU_OK);
        int back = roll <= 50 ? 2 : 1;
        assert_int_equal(brig(c, id, 1, "stands"), 4 + back);
        assert_int_equal(brig(c, id, 1, "out"), 3 - back);
        assert_int_equal(brig(c, id, 1, "returned"), back);
        cJSON *root, *ev = last_event(c, &root);
        cJSON *r = cJSON_GetArrayItem(cJSON_GetObjectItem(ev, "returns"), 0);
        assert_int_equal(cJSON_GetObjectItem(r, "whole")->valueint, 1);
        assert_int_equal(cJSON_GetObjectItem(r, "threshold")->valueint, 50);
        assert_int_equal(cJSON_GetObjectItem(r, "roll")->valueint, roll);
        assert_int_equal(cJSON_GetObjectItem(r, "returned")->valueint, back);
        cJSON_Delete(root);
        camp_check_ok(c);
        mu_campaign_close(c);
    }
}

/* An even loss needs no roll: a roll given is left over, and refused. */
static void even_losses_need_no_roll(void **state)
{
    (void)state;
    mu_campaign *c = half();
    int id = add_engaged(c, MU_UNION);
    battle_start(c);
    casualties(c, id, 2, 4, 0);
    int n = nevents(c);
    assert_int_equal(battle_end(c, MU_SIDE_NONE, SCRIPT(50)), MU_EINPUT);
    assert_int_equal(nevents(c), n); /* nothing changed: still under way */
    assert_int_equal(brig(c, id, 2, "stands"), 3);
    assert_int_equal(battle_end(c, MU_SIDE_NONE, script(NULL, 0)), MU_OK);
    assert_int_equal(brig(c, id, 2, "stands"), 5);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* No battle ends as a draw by default: a winner not said is refused with
 * its reason (which the CLI and the page word), the battle goes on, and
 * "none" said ends it with the draw rate. */
static void battle_end_needs_a_winner(void **state)
{
    (void)state;
    mu_campaign *c = half();
    int id = add_engaged(c, MU_UNION);
    battle_start(c);
    casualties(c, id, 2, 4, 0);
    int n = nevents(c);
    mu_error err;
    mu_dice *d = script(NULL, 0);
    assert_int_equal(mu_campaign_battle_end(c, MU_SIDE_UNSAID, d, NULL,
                                            &err), MU_EINPUT);
    mu_dice_free(d);
    assert_int_equal(err.reason, MU_R_NO_WINNER);
    assert_string_equal(mu_reason_name(err.reason), "no-winner");
    assert_non_null(strstr(err.msg, "say who won battle 1 \"Field\""));
    assert_int_equal(nevents(c), n);
    assert_int_equal(brig(c, id, 2, "stands"), 3);
    assert_int_equal(mu_campaign_battle_start(c, "Other", MU_THEATER_UNKNOWN, NULL, &err),
                     MU_ESTATE); /* still under way */
    assert_int_equal(battle_end(c, (mu_side)-3, script(NULL, 0)),
                     MU_EINPUT);
    assert_int_equal(battle_end(c, MU_SIDE_NONE, script(NULL, 0)), MU_OK);
    assert_int_equal(brig(c, id, 2, "stands"), 5);
    cJSON *root, *ev = last_event(c, &root);
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(ev, "winner")));
    cJSON_Delete(root);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* Rolls go in order of division id, then brigade; only fractions roll. */
static void return_roll_order(void **state)
{
    (void)state;
    mu_campaign *c = half();
    int a = add_engaged(c, MU_UNION), b = add_engaged(c, MU_CONFEDERATE);
    battle_start(c);
    casualties(c, b, 1, 1, 0);   /* 0.5: rolls third */
    casualties(c, a, 2, 3, 0);   /* 1.5: rolls second */
    casualties(c, a, 1, 1, 0);   /* 0.5: rolls first */
    casualties(c, b, 2, 2, 0);   /* 1: no roll */
    assert_int_equal(battle_end(c, MU_SIDE_NONE, SCRIPT(10, 90, 50)), MU_OK);
    assert_int_equal(brig(c, a, 1, "returned"), 1); /* 10 <= 50 */
    assert_int_equal(brig(c, a, 2, "returned"), 1); /* 90 > 50 */
    assert_int_equal(brig(c, b, 1, "returned"), 1); /* 50 <= 50 */
    assert_int_equal(brig(c, b, 2, "returned"), 1);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* House rule: 2/3 of the winner's losses, 1/2 of the loser's. */
static void winner_and_loser_rates(void **state)
{
    (void)state;
    mu_campaign *c = new_campaign((mu_rat){1, 2}, (mu_rat){2, 3},
                                  (mu_rat){1, 2});
    int u = add_engaged(c, MU_UNION), k = add_engaged(c, MU_CONFEDERATE);
    battle_start(c);
    casualties(c, u, 1, 1, 0); /* winner: 2/3 of 1, threshold 66 */
    casualties(c, k, 1, 1, 0); /* loser: 1/2 of 1, threshold 50 */
    assert_int_equal(battle_end(c, MU_SIDE_UNION, SCRIPT(66, 51)), MU_OK);
    assert_int_equal(brig(c, u, 1, "stands"), 7);
    assert_int_equal(brig(c, k, 1, "stands"), 6);
    cJSON *root, *ev = last_event(c, &root);
    cJSON *r = cJSON_GetArrayItem(cJSON_GetObjectItem(ev, "returns"), 0);
    assert_int_equal(cJSON_GetObjectItem(r, "threshold")->valueint, 66);
    assert_string_equal(cJSON_GetObjectItem(r, "rate")->valuestring, "2/3");
    assert_string_equal(cJSON_GetObjectItem(ev, "winner")->valuestring, "union");
    cJSON_Delete(root);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* ---- prisoners ---------------------------------------------------------- */

static void prisoners_do_not_return(void **state)
{
    (void)state;
    mu_campaign *c = half();
    int id = add_engaged(c, MU_UNION);
    battle_start(c);
    casualties(c, id, 1, 0, 3);
    casualties(c, id, 2, 2, 1);
    assert_int_equal(prisoners_held_by(c, "held_by_confederate"), 4);
    assert_int_equal(battle_end(c, MU_SIDE_NONE, script(NULL, 0)), MU_OK);
    assert_int_equal(brig(c, id, 1, "stands"), 4); /* no roll, none back */
    assert_int_equal(brig(c, id, 1, "prisoners"), 3);
    assert_int_equal(brig(c, id, 2, "stands"), 5); /* 1 of 2 lost back */
    assert_int_equal(brig(c, id, 2, "prisoners"), 1);
    assert_int_equal(prisoners_held_by(c, "held_by_confederate"), 4);
    assert_int_equal(prisoners_held_by(c, "held_by_union"), 0);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* Exchanges take the longest held first; more than are held is refused. */
static void exchange(void **state)
{
    (void)state;
    mu_campaign *c = half();
    int u = add_engaged(c, MU_UNION), k = add_engaged(c, MU_CONFEDERATE);
    battle_start(c);
    casualties(c, u, 2, 0, 2); /* captured first */
    casualties(c, u, 1, 0, 3);
    casualties(c, k, 1, 0, 1);
    assert_int_equal(battle_end(c, MU_SIDE_NONE, script(NULL, 0)), MU_OK);
    mu_error err;
    int n = nevents(c);
    assert_int_equal(mu_campaign_exchange(c, EXCHANGE(6, 1), NULL, &err),
                     MU_EINPUT);
    assert_int_equal(mu_campaign_exchange(c, EXCHANGE(1, 2), NULL, &err),
                     MU_EINPUT);
    assert_int_equal(mu_campaign_exchange(c, EXCHANGE(0, 0), NULL, &err),
                     MU_EINPUT);
    assert_int_equal(mu_campaign_exchange(c, EXCHANGE(-1, 1), NULL, &err),
                     MU_EINPUT);
    assert_int_equal(nevents(c), n);
    assert_int_equal(mu_campaign_exchange(c, EXCHANGE(3, 1), NULL, &err),
                     MU_OK);
    assert_int_equal(brig(c, u, 2, "stands"), 7); /* both of its 2 */
    assert_int_equal(brig(c, u, 1, "stands"), 5); /* 1 of its 3 */
    assert_int_equal(brig(c, u, 1, "prisoners"), 2);
    assert_int_equal(brig(c, u, 1, "freed"), 1);
    assert_int_equal(brig(c, k, 1, "stands"), 7);
    assert_int_equal(prisoners_held_by(c, "held_by_confederate"), 2);
    assert_int_equal(prisoners_held_by(c, "held_by_union"), 0);
    camp_check_ok(c);
    mu_campaign_close(c);
}

static void liberation(void **state)
{
    (void)state;
    mu_campaign *c = half();
    int u = add_engaged(c, MU_UNION), k = add_engaged(c, MU_CONFEDERATE);
    battle_start(c);
    casualties(c, u, 1, 0, 2);
    casualties(c, u, 2, 1, 3);
    casualties(c, k, 1, 0, 1);
    mu_error err;
    assert_int_equal(mu_campaign_liberate(c, FREE_SIDE(MU_UNION), NULL, &err),
                     MU_OK);
    assert_int_equal(brig(c, u, 1, "stands"), 7);
    assert_int_equal(brig(c, u, 2, "stands"), 6); /* the lost one is not back */
    assert_int_equal(prisoners_held_by(c, "held_by_confederate"), 0);
    assert_int_equal(prisoners_held_by(c, "held_by_union"), 1);
    assert_int_equal(mu_campaign_liberate(c, FREE_SIDE(MU_UNION), NULL, &err),
                     MU_ESTATE);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* ---- leaders ------------------------------------------------------------ */

static const char *rating_of(cJSON *leader)
{
    return cJSON_GetObjectItem(leader, "rating")->valuestring;
}

static void leader_replacement(void **state)
{
    (void)state;
    mu_campaign *c = half();
    int id = add_engaged(c, MU_UNION);
    mu_error err;
    mu_dice *d = SCRIPT(5); /* Union 1863: 01-10 despicable */
    assert_int_equal(mu_campaign_leader_lost(c, id, MU_POST_DIVISION, 0, d, NULL,
                                             &err), MU_OK);
    mu_dice_free(d);
    d = SCRIPT(95); /* 91-00 exceptional */
    assert_int_equal(mu_campaign_leader_lost(c, id, MU_POST_BRIGADE, 2, d, NULL,
                                             &err), MU_OK);
    mu_dice_free(d);
    cJSON *s = show(c, MU_SIDE_NONE);
    cJSON *v = division(s, id);
    assert_string_equal(rating_of(cJSON_GetObjectItem(v, "leader")), "despicable");
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(v, "leader"),
                                            "origin")->valuestring, "replacement");
    cJSON *b2 = cJSON_GetArrayItem(cJSON_GetObjectItem(v, "brigades"), 1);
    assert_string_equal(rating_of(cJSON_GetObjectItem(b2, "leader")),
                        "exceptional");
    cJSON_Delete(s);
    cJSON *root, *ev = last_event(c, &root);
    assert_int_equal(cJSON_GetObjectItem(ev, "roll")->valueint, 95);
    assert_string_equal(cJSON_GetObjectItem(ev, "was")->valuestring, "average");
    cJSON_Delete(root);
    /* Bad requests change nothing. */
    int n = nevents(c);
    d = SCRIPT(50);
    assert_int_equal(mu_campaign_leader_lost(c, id, MU_POST_BRIGADE, 3, d, NULL,
                                             &err), MU_EINPUT);
    assert_int_equal(mu_campaign_leader_lost(c, id, MU_POST_CORPS, 0, d, NULL,
                                             &err), MU_ESTATE);
    int fresh_div = add(c, MU_UNION, NULL);
    assert_int_equal(mu_campaign_leader_lost(c, fresh_div, MU_POST_DIVISION, 0, d,
                                             NULL, &err), MU_ESTATE);
    mu_dice_free(d);
    assert_int_equal(nevents(c), n + 1); /* only the add */
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* By the book a despicable roll is played as average. */
static void replacement_by_the_book(void **state)
{
    (void)state;
    mu_campaign *c = half();
    int id = add(c, MU_UNION, NULL);
    mu_dice *d = script(TWO_BY_SEVEN, 11);
    mu_engagement e;
    mu_error err;
    assert_int_equal(mu_campaign_engage(c, id, false, true, d, &e, &err), MU_OK);
    mu_dice_free(d);
    d = SCRIPT(3);
    assert_int_equal(mu_campaign_leader_lost(c, id, MU_POST_DIVISION, 0, d, NULL,
                                             &err), MU_OK);
    mu_dice_free(d);
    cJSON *s = show(c, MU_SIDE_NONE);
    cJSON *l = cJSON_GetObjectItem(division(s, id), "leader");
    assert_string_equal(rating_of(l), "average");
    assert_string_equal(cJSON_GetObjectItem(l, "rolled")->valuestring,
                        "despicable");
    cJSON_Delete(s);
    /* and a downgrade has nothing to do there */
    assert_int_equal(mu_campaign_penalty(c, MU_UNION, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_downgrade(c, id, MU_POST_DIVISION, 0, NULL, &err),
                     MU_ESTATE);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* A forgotten reveal: the opponent's despicable replacement downgrades an
 * average leader, never an exceptional one. */
static void penalty_and_downgrade(void **state)
{
    (void)state;
    mu_campaign *c = half();
    int id = add_engaged(c, MU_CONFEDERATE);
    mu_error err;
    assert_int_equal(mu_campaign_downgrade(c, id, MU_POST_BRIGADE, 1, NULL, &err),
                     MU_ESTATE); /* nothing owed yet */
    assert_int_equal(mu_campaign_penalty(c, MU_UNION, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_downgrade(c, id, MU_POST_BRIGADE, 1, NULL, &err),
                     MU_ESTATE); /* owed by the other side */
    assert_int_equal(mu_campaign_penalty(c, MU_CONFEDERATE, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_penalty(c, MU_CONFEDERATE, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_downgrade(c, id, MU_POST_BRIGADE, 1, NULL, &err),
                     MU_OK);
    assert_int_equal(mu_campaign_downgrade(c, id, MU_POST_BRIGADE, 1, NULL, &err),
                     MU_ESTATE); /* already despicable */
    mu_dice *d = SCRIPT(99); /* Confederate 1863: 73-00 exceptional */
    assert_int_equal(mu_campaign_leader_lost(c, id, MU_POST_DIVISION, 0, d, NULL,
                                             &err), MU_OK);
    mu_dice_free(d);
    assert_int_equal(mu_campaign_downgrade(c, id, MU_POST_DIVISION, 0, NULL, &err),
                     MU_ESTATE); /* exceptional */
    cJSON *s = show(c, MU_SIDE_NONE);
    cJSON *b1 = cJSON_GetArrayItem(cJSON_GetObjectItem(division(s, id),
                                                       "brigades"), 0);
    cJSON *l = cJSON_GetObjectItem(b1, "leader");
    assert_string_equal(rating_of(l), "despicable");
    assert_string_equal(cJSON_GetObjectItem(l, "origin")->valuestring,
                        "downgraded");
    cJSON *owed = cJSON_GetObjectItem(cJSON_GetObjectItem(s, "campaign"),
                                      "owed_replacements");
    assert_int_equal(cJSON_GetObjectItem(owed, "confederate")->valueint, 1);
    assert_int_equal(cJSON_GetObjectItem(owed, "union")->valueint, 1);
    cJSON_Delete(s);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* ---- bad input ---------------------------------------------------------- */

static void bad_requests_change_nothing(void **state)
{
    (void)state;
    mu_campaign *c = half();
    int id = add_engaged(c, MU_UNION);
    mu_error err;
    int n = nevents(c);
    assert_int_equal(mu_campaign_casualties(c, id, STANDS(1, 1, 0), NULL, &err),
                     MU_ESTATE); /* no battle */
    battle_start(c);
    n++;
    assert_int_equal(mu_campaign_casualties(c, id, STANDS(1, 6, 2), NULL, &err),
                     MU_EINPUT); /* 8 of 7 */
    assert_int_equal(mu_campaign_casualties(c, id, STANDS(3, 1, 0), NULL, &err),
                     MU_EINPUT); /* no brigade 3 */
    assert_int_equal(mu_campaign_casualties(c, 42, STANDS(1, 1, 0), NULL, &err),
                     MU_EINPUT); /* no division 42 */
    assert_int_equal(mu_campaign_casualties(c, id, STANDS(1, 0, 0), NULL, &err),
                     MU_EINPUT);
    assert_int_equal(mu_campaign_battle_start(c, "Again", MU_THEATER_UNKNOWN, NULL, &err),
                     MU_ESTATE);
    assert_int_equal(mu_campaign_battle_start(c, "", MU_THEATER_UNKNOWN, NULL, &err), MU_EINPUT);
    int other = add(c, MU_UNION, NULL);
    n++;
    mu_engagement e;
    mu_dice *d = script(TWO_BY_SEVEN, 11);
    assert_int_equal(mu_campaign_engage(c, other, false, false, d, &e, &err),
                     MU_OK);
    mu_dice_free(d);
    n++;
    d = SCRIPT(50, 10, 50, 50, 50, 50, 50, 50, 50, 50, 99, 7); /* one too many */
    assert_int_equal(mu_campaign_engage(c, add(c, MU_UNION, NULL), false, false,
                                        d, &e, &err), MU_EINPUT);
    n++;
    mu_dice_free(d);
    assert_int_equal(nevents(c), n);
    assert_int_equal(brig(c, id, 1, "stands"), 7);
    assert_int_equal(mu_campaign_add(c, MU_UNION, "", MU_INFANTRY, NULL, &id,
                                     &err), MU_EINPUT);
    assert_int_equal(mu_campaign_add(c, MU_UNION, "a\nb", MU_INFANTRY, NULL, &id,
                                     &err), MU_EINPUT);
    assert_int_equal(mu_campaign_add(c, MU_UNION, "\xff", MU_INFANTRY, NULL, &id,
                                     &err), MU_EINPUT);
    assert_int_equal(nevents(c), n);
    camp_check_ok(c);
    mu_campaign_close(c);
}

static void files_that_are_not_campaigns(void **state)
{
    (void)state;
    mu_campaign *c = NULL;
    mu_error err;
    char path[512];
    snprintf(path, sizeof path, "%s/text.db", dir);
    FILE *f = fopen(path, "w");
    fputs("not a database, just words\n", f);
    fclose(f);
    assert_int_equal(mu_campaign_open(path, &c, &err), MU_EINPUT);
    snprintf(path, sizeof path, "%s/other.db", dir);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "CREATE TABLE t(x)", NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    assert_int_equal(mu_campaign_open(path, &c, &err), MU_EINPUT);
    snprintf(path, sizeof path, "%s/missing.db", dir);
    assert_int_equal(mu_campaign_open(path, &c, &err), MU_EIO);
    assert_int_equal(access(path, F_OK), -1); /* not created */
    /* A newer schema is refused. */
    const char *p = fresh();
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "New";
    o.year = 1864;
    assert_int_equal(mu_campaign_create(p, &o, &c, &err), MU_OK);
    mu_campaign_close(c);
    assert_int_equal(mu_campaign_create(p, &o, &c, &err), MU_EINPUT); /* exists */
    assert_int_equal(sqlite3_open(p, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "PRAGMA user_version = 99", NULL, NULL,
                                  NULL), SQLITE_OK);
    sqlite3_close(db);
    assert_int_equal(mu_campaign_open(p, &c, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "newer"));
    /* Bad options leave no file behind. */
    o.year = 1870;
    p = fresh();
    assert_int_equal(mu_campaign_create(p, &o, &c, &err), MU_EINPUT);
    assert_int_equal(access(p, F_OK), -1);
}

/* check finds a division altered behind muster's back, and a ledger that no
 * longer matches its log. */
static void check_finds_tampering(void **state)
{
    (void)state;
    const char *p;
    for (int k = 0; k < 2; k++) {
        mu_campaign *c = half();
        int u = add(c, MU_UNION, NULL);
        mu_dice *d;
        mu_engagement e;
        mu_error err;
        assert_int_equal(mu_dice_new_seeded(5, &d, &err), MU_OK);
        assert_int_equal(mu_campaign_engage(c, u, true, false, d, &e, &err),
                         MU_OK);
        mu_dice_free(d);
        battle_start(c);
        casualties(c, u, 1, 2, 0);
        camp_check_ok(c);
        mu_campaign_close(c);
        char path[512];
        snprintf(path, sizeof path, "%s/c%d.db", dir, serial);
        p = path;
        sqlite3 *db;
        assert_int_equal(sqlite3_open(p, &db), SQLITE_OK);
        const char *sql = k == 0
            ? "UPDATE divisions SET division = replace(division, "
              "'\"year\":1863', '\"year\":1864')"
            : "UPDATE brigades SET current = current + 1, lost = lost - 1 "
              "WHERE number = 1";
        assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
        assert_int_equal(sqlite3_changes(db), 1);
        sqlite3_close(db);
        assert_int_equal(mu_campaign_open(p, &c, &err), MU_OK);
        char *report;
        assert_int_equal(mu_campaign_check_head(c, NULL, &report, &err),
                         MU_EMISMATCH);
        assert_non_null(strstr(report, k == 0 ? "commitment does not open"
                                              : "the log gives lost 2"));
        free(report);
        mu_campaign_close(c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rates),
        cmocka_unit_test(canonical_numbers),
        cmocka_unit_test(canonical_keys_and_strings),
        cmocka_unit_test(canonical_rejects),
        cmocka_unit_test(commitment_round_trip),
        cmocka_unit_test(duplicate_keys_refused),
        cmocka_unit_test(hidden_division),
        cmocka_unit_test(engage_is_the_generator),
        cmocka_unit_test(corps_leader_arrives),
        cmocka_unit_test(half_of_odd_losses),
        cmocka_unit_test(even_losses_need_no_roll),
        cmocka_unit_test(battle_end_needs_a_winner),
        cmocka_unit_test(return_roll_order),
        cmocka_unit_test(winner_and_loser_rates),
        cmocka_unit_test(prisoners_do_not_return),
        cmocka_unit_test(exchange),
        cmocka_unit_test(liberation),
        cmocka_unit_test(leader_replacement),
        cmocka_unit_test(replacement_by_the_book),
        cmocka_unit_test(penalty_and_downgrade),
        cmocka_unit_test(bad_requests_change_nothing),
        cmocka_unit_test(files_that_are_not_campaigns),
        cmocka_unit_test(check_finds_tampering),
    };
    return cmocka_run_group_tests(tests, camp_setup, camp_teardown);
}
