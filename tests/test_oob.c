/* SPDX-License-Identifier: MIT */
/* The division generator: the seed's rules, roll order and worked example. */
#include "test_util.h"

#include "oob.h"
#include "render.h"

#include <cjson/cJSON.h>
#include <stdlib.h>

/* A battle whose year and theater table 1 decides. */
static const mu_oob_opts UNKNOWN_BATTLE = {
    .year = MU_YEAR_UNKNOWN, .theater = MU_THEATER_UNKNOWN};

static const mu_oob_opts CSA_1863_EAST = {MU_CONFEDERATE, 1863, MU_EAST,
                                          MU_INFANTRY, false};

static mu_division gen(const mu_oob_opts *o, mu_dice *d, mu_status want)
{
    mu_rules *r = default_rules();
    mu_division v;
    memset(&v, 0, sizeof v);
    mu_error err;
    mu_status st = mu_division_generate(r, d, o, &v, &err);
    if (st != want)
        fail_msg("status %d (%s), wanted %d", st, err.msg, want);
    mu_rules_free(r);
    return v;
}

/* The seed's example: 3 brigades of 7, 7 and 8 stands, 1 battery per 9
 * stands: 2.44 -> 2 batteries and a 44 % chance of a third; rolled 44 -> 3
 * batteries, two with the division and one to the corps reserve. */
static void seed_worked_example(void **state)
{
    (void)state;
    mu_dice *d;
    SCRIPT(d, 50, 50, 50, 50, 50, 50, 50, 50, 80, 50, 50, 50, 44);
    mu_division v = gen(&CSA_1863_EAST, d, MU_OK);
    assert_int_equal(mu_dice_left(d), 0);
    assert_int_equal(v.nbrigades, 3);
    assert_int_equal(v.brigades[0].stands, 7);
    assert_int_equal(v.brigades[1].stands, 7);
    assert_int_equal(v.brigades[2].stands, 8);
    assert_int_equal(v.stands, 22);
    assert_int_equal(v.artillery.ratio, 9);
    assert_int_equal(v.artillery.battery_threshold, 44);
    assert_int_equal(v.artillery.battery_roll, 44);
    assert_int_equal(v.artillery.batteries, 3);
    assert_int_equal(v.artillery.division, 2);
    assert_int_equal(v.artillery.reserve, 1);
    assert_int_equal(v.artillery.reserve_roll, 0); /* 3 mod 3 == 0: no roll */
    assert_int_equal(v.nrolls, 13);
    assert_int_equal(v.rolls[12].kind, MU_ROLL_BATTERY);
    assert_int_equal(v.rolls[12].pass, 1);
    mu_dice_free(d);
}

/* 45 misses the third battery; 2 batteries then roll for the reserve's
 * fraction: floor(100 * 2 / 3) = 66. */
static void battery_missed_then_reserve_rolled(void **state)
{
    (void)state;
    mu_dice *d;
    SCRIPT(d, 50, 50, 50, 50, 50, 50, 50, 50, 80, 50, 50, 50, 45, 66);
    mu_division v = gen(&CSA_1863_EAST, d, MU_OK);
    assert_int_equal(v.artillery.batteries, 2);
    assert_int_equal(v.artillery.reserve_threshold, 66);
    assert_int_equal(v.artillery.reserve, 1);
    assert_int_equal(v.artillery.division, 1);
    mu_dice_free(d);
    SCRIPT(d, 50, 50, 50, 50, 50, 50, 50, 50, 80, 50, 50, 50, 45, 67);
    v = gen(&CSA_1863_EAST, d, MU_OK);
    assert_int_equal(v.artillery.reserve, 0);
    assert_int_equal(v.artillery.division, 2);
    mu_dice_free(d);
}

/* 27 stands at 1 per 9 is exactly 3 batteries: no fraction, no reserve roll. */
static void whole_batteries_take_no_roll(void **state)
{
    (void)state;
    mu_dice *d;
    SCRIPT(d, 50, 50, 93, 50, 50, 93, 50, 50, 93, 50, 50, 50);
    mu_division v = gen(&CSA_1863_EAST, d, MU_OK);
    assert_int_equal(v.stands, 27);
    assert_int_equal(v.artillery.batteries, 3);
    assert_int_equal(v.artillery.battery_roll, 0);
    assert_int_equal(v.artillery.reserve, 1);
    assert_int_equal(v.nrolls, 12);
    mu_dice_free(d);
}

/* Thresholds computed by hand: 14/8 = 1.75 -> 75; 23/8 = 2.875 -> 87;
 * 17/9 = 1.888 -> 88. */
static void battery_thresholds(void **state)
{
    (void)state;
    const mu_oob_opts u = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false};
    mu_dice *d;
    /* Union, 2 brigades of 7, ratio 8 (roll 71+) */
    SCRIPT(d, 50, 10, 50, 50, 50, 50, 50, 50, 71, 75, 40);
    mu_division v = gen(&u, d, MU_OK);
    assert_int_equal(v.stands, 14);
    assert_int_equal(v.artillery.ratio, 8);
    assert_int_equal(v.artillery.battery_threshold, 75);
    assert_int_equal(v.artillery.batteries, 2);
    mu_dice_free(d);
    /* Union, 3 brigades 7 + 8 + 8 = 23, ratio 8: 87 */
    SCRIPT(d, 50, 50, 50, 50, 50, 70, 50, 50, 70, 50, 50, 100, 88, 1);
    v = gen(&u, d, MU_OK);
    assert_int_equal(v.stands, 23);
    assert_int_equal(v.artillery.battery_threshold, 87);
    assert_int_equal(v.artillery.batteries, 2); /* 88 > 87 */
    assert_int_equal(v.artillery.reserve, 1);   /* 1 <= 66 */
    mu_dice_free(d);
    /* Confederate 2 brigades 9 + 8 = 17, ratio 9: 88 */
    SCRIPT(d, 50, 1, 93, 50, 50, 80, 50, 50, 1, 88, 50);
    v = gen(&CSA_1863_EAST, d, MU_OK);
    assert_int_equal(v.stands, 17);
    assert_int_equal(v.artillery.battery_threshold, 88);
    assert_int_equal(v.artillery.batteries, 2);
    mu_dice_free(d);
}

static void by_the_book(void **state)
{
    (void)state;
    mu_oob_opts o = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, true};
    mu_dice *d;
    SCRIPT(d, 3, 10, 50, 50, 10, 50, 50, 95, 50, 44, 50);
    mu_division v = gen(&o, d, MU_OK);
    assert_int_equal(v.leader_rolled, MU_DESPICABLE);
    assert_int_equal(v.leader, MU_AVERAGE);
    assert_int_equal(v.brigades[0].rolled, MU_DESPICABLE);
    assert_int_equal(v.brigades[0].leader, MU_AVERAGE);
    assert_int_equal(v.brigades[1].leader, MU_EXCEPTIONAL);
    assert_int_equal(v.rolls[0].roll, 3); /* the roll still happens */
    mu_dice_free(d);
    o.by_the_book = false;
    SCRIPT(d, 3, 10, 50, 50, 10, 50, 50, 95, 50, 44, 50);
    v = gen(&o, d, MU_OK);
    assert_int_equal(v.leader, MU_DESPICABLE);
    mu_dice_free(d);
}

/* Table 1 fills in only what is missing. */
static void theater_and_year(void **state)
{
    (void)state;
    mu_dice *d;
    mu_oob_opts o = {MU_UNION, 1861, -1, MU_INFANTRY, false};
    SCRIPT(d, 52, 50, 10, 50, 50, 50, 50, 50, 50, 50, 50, 50);
    mu_division v = gen(&o, d, MU_OK);
    assert_true(v.theater_rolled);
    assert_int_equal(v.year, 1861);
    assert_int_equal(v.theater, MU_WEST);
    assert_int_equal(v.rolls[0].kind, MU_ROLL_THEATER);
    mu_dice_free(d);
    o.year = 0;
    o.theater = MU_EAST;
    SCRIPT(d, 52, 50, 10, 50, 50, 50, 50, 50, 50, 50, 50, 50);
    v = gen(&o, d, MU_OK);
    assert_int_equal(v.year, 1863);
    assert_int_equal(v.theater, MU_EAST);
    mu_dice_free(d);
    o.theater = -1;
    SCRIPT(d, 100, 50, 10, 50, 50, 50, 50, 50, 50, 50, 50, 50);
    v = gen(&o, d, MU_OK);
    assert_int_equal(v.year, 1865);
    assert_int_equal(v.theater, MU_WEST);
    mu_dice_free(d);
}

static void union_never_has_five_stands(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    mu_dice *d;
    mu_error err;
    assert_int_equal(mu_dice_new_seeded(5, &d, &err), MU_OK);
    mu_oob_opts o = {MU_UNION, 1864, MU_WEST, MU_CAVALRY, false};
    for (int i = 0; i < 20000; i++) {
        mu_division v;
        assert_int_equal(mu_division_generate(r, d, &o, &v, &err), MU_OK);
        assert_in_range(v.nbrigades, 2, 4);
        assert_int_equal(v.arm, MU_CAVALRY);
        int sum = 0;
        for (int b = 0; b < v.nbrigades; b++) {
            assert_in_range(v.brigades[b].stands, 6, 11);
            sum += v.brigades[b].stands;
        }
        assert_int_equal(sum, v.stands);
        assert_int_equal(v.artillery.division + v.artillery.reserve,
                         v.artillery.batteries);
        int whole = v.stands / v.artillery.ratio;
        assert_in_range(v.artillery.batteries, whole, whole + 1);
        assert_in_range(v.artillery.reserve, v.artillery.batteries / 3,
                        (v.artillery.batteries + 2) / 3);
    }
    mu_dice_free(d);
    mu_rules_free(r);
}

static void too_few_rolls_name_the_table(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    mu_dice *d;
    mu_error err;
    SCRIPT(d, 50, 50, 50, 50, 50, 50);
    mu_division v;
    assert_int_equal(mu_division_generate(r, d, &CSA_1863_EAST, &v, &err), MU_ENOROLL);
    assert_non_null(strstr(err.msg, "Brigade 2 morale"));
    mu_oob_opts bad = CSA_1863_EAST;
    bad.year = 1866;
    assert_int_equal(mu_division_generate(r, d, &bad, &v, &err), MU_EINPUT);
    bad = CSA_1863_EAST;
    bad.army = (mu_army)3;
    assert_int_equal(mu_division_generate(r, d, &bad, &v, &err), MU_EINPUT);
    mu_dice_free(d);
    mu_rules_free(r);
}

/* --count N: the first K divisions equal --count K with the same seed. */
static void count_prefix_is_stable(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    mu_error err;
    mu_division five[5], three[3];
    mu_oob_opts o = {MU_CONFEDERATE, 0, -1, MU_INFANTRY, false};
    mu_dice *d;
    assert_int_equal(mu_dice_new_seeded(31337, &d, &err), MU_OK);
    for (int i = 0; i < 5; i++)
        assert_int_equal(mu_division_generate(r, d, &o, &five[i], &err), MU_OK);
    mu_dice_free(d);
    assert_int_equal(mu_dice_new_seeded(31337, &d, &err), MU_OK);
    for (int i = 0; i < 3; i++)
        assert_int_equal(mu_division_generate(r, d, &o, &three[i], &err), MU_OK);
    mu_dice_free(d);
    assert_memory_equal(five, three, sizeof three);
    mu_rules_free(r);
}

/* The normative order for a battle: table 1, the Union corps leader, its
 * divisions, then the Confederate corps leader and its divisions. */
static void battle_roll_order(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    mu_error err;
    mu_dice *d;
    int stream[400];
    assert_int_equal(mu_dice_new_seeded(77, &d, &err), MU_OK);
    for (int i = 0; i < 400; i++)
        mu_dice_d100(d, "t", &stream[i], &err);
    mu_dice_free(d);
    assert_int_equal(mu_dice_new_seeded(77, &d, &err), MU_OK);
    mu_battle b;
    assert_int_equal(mu_battle_generate(r, d, &UNKNOWN_BATTLE, 3, &b, &err), MU_OK);
    int k = 0;
    assert_true(b.theater_rolled);
    assert_int_equal(b.theater_roll.roll, stream[k++]);
    for (int a = 0; a < 2; a++) {
        const mu_corps *c = &b.sides[a];
        assert_int_equal(c->army, a);
        assert_int_equal(c->year, b.year);
        assert_int_equal(c->leader_roll.roll, stream[k++]);
        int reserve = 0;
        for (int i = 0; i < c->ndivisions; i++) {
            const mu_division *v = &c->divisions[i];
            assert_false(v->theater_rolled);
            for (int j = 0; j < v->nrolls; j++)
                assert_int_equal(v->rolls[j].roll, stream[k++]);
            reserve += v->artillery.reserve;
        }
        assert_int_equal(c->reserve, reserve);
    }
    assert_int_equal(mu_dice_count(d), (uint64_t)k);
    mu_battle_clear(&b);
    mu_dice_free(d);
    mu_rules_free(r);
}

static void corps_cavalry_last(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    mu_error err;
    mu_dice *d;
    assert_int_equal(mu_dice_new_seeded(9, &d, &err), MU_OK);
    mu_oob_opts o = {MU_CONFEDERATE, 1864, MU_WEST, MU_INFANTRY, false};
    mu_corps c;
    assert_int_equal(mu_corps_generate(r, d, &o, 2, 1, &c, &err), MU_OK);
    assert_int_equal(c.ndivisions, 3);
    assert_int_equal(c.divisions[0].arm, MU_INFANTRY);
    assert_int_equal(c.divisions[2].arm, MU_CAVALRY);
    assert_false(c.theater_rolled);
    mu_corps_clear(&c);
    assert_int_equal(mu_corps_generate(r, d, &o, 0, 0, &c, &err), MU_EINPUT);
    mu_corps_clear(&c);
    mu_dice_free(d);
    mu_rules_free(r);
}

/* The JSON contract of issue 2, read back with cJSON. */
static void json_contract(void **state)
{
    (void)state;
    mu_dice *d;
    SCRIPT(d, 50, 50, 50, 50, 50, 50, 50, 50, 80, 50, 50, 50, 44);
    mu_division v = gen(&CSA_1863_EAST, d, MU_OK);
    mu_dice_free(d);
    mu_render_opts o = {MU_FMT_JSON, NULL, true, UINT64_MAX};
    char *text;
    mu_error err;
    assert_int_equal(mu_division_render(&v, 1, &o, &text, &err), MU_OK);
    assert_non_null(strstr(text, "18446744073709551615")); /* exact seed */
    cJSON *j = cJSON_Parse(text);
    assert_non_null(j);
    assert_string_equal(cJSON_GetObjectItem(j, "army")->valuestring, "confederate");
    assert_int_equal(cJSON_GetObjectItem(j, "year")->valueint, 1863);
    assert_string_equal(cJSON_GetObjectItem(j, "theater")->valuestring, "east");
    assert_string_equal(cJSON_GetObjectItem(j, "arm")->valuestring, "infantry");
    assert_string_equal(cJSON_GetObjectItem(j, "leader")->valuestring, "average");
    cJSON *bs = cJSON_GetObjectItem(j, "brigades");
    assert_int_equal(cJSON_GetArraySize(bs), 3);
    cJSON *b3 = cJSON_GetArrayItem(bs, 2);
    assert_int_equal(cJSON_GetObjectItem(b3, "stands")->valueint, 8);
    assert_string_equal(cJSON_GetObjectItem(b3, "morale")->valuestring, "veteran");
    assert_string_equal(cJSON_GetObjectItem(b3, "leader")->valuestring, "average");
    assert_int_equal(cJSON_GetObjectItem(j, "stands")->valueint, 22);
    cJSON *a = cJSON_GetObjectItem(j, "artillery");
    assert_int_equal(cJSON_GetObjectItem(a, "ratio")->valueint, 9);
    assert_int_equal(cJSON_GetObjectItem(a, "batteries")->valueint, 3);
    assert_int_equal(cJSON_GetObjectItem(a, "division")->valueint, 2);
    assert_int_equal(cJSON_GetObjectItem(a, "reserve")->valueint, 1);
    cJSON *rolls = cJSON_GetObjectItem(j, "rolls");
    assert_int_equal(cJSON_GetArraySize(rolls), 13);
    cJSON *r0 = cJSON_GetArrayItem(rolls, 0);
    assert_string_equal(cJSON_GetObjectItem(r0, "table")->valuestring, "leader");
    assert_int_equal(cJSON_GetObjectItem(r0, "roll")->valueint, 50);
    assert_string_equal(cJSON_GetObjectItem(r0, "result")->valuestring, "average");
    cJSON_Delete(j);
    free(text);
    o.has_seed = false;
    assert_int_equal(mu_division_render(&v, 1, &o, &text, &err), MU_OK);
    j = cJSON_Parse(text);
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(j, "seed")));
    cJSON_Delete(j);
    free(text);
}

/* The seeded generator has its own path (gen_seeded in oob.c): it must
 * give, for every seed and every kind of division, the same record, byte
 * for byte, as the labelled path fed the same rolls as a script, and leave
 * the dice where as many single rolls would. */
static void seeded_path_matches_scripted(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    const mu_oob_opts opts[] = {
        {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false},
        {MU_CONFEDERATE, 1862, MU_WEST, MU_CAVALRY, true},
        {MU_UNION, 0, -1, MU_INFANTRY, true},
        {MU_CONFEDERATE, 1864, -1, MU_INFANTRY, false},
        {MU_UNION, 0, MU_WEST, MU_CAVALRY, false}};
    mu_error err;
    for (size_t k = 0; k < sizeof opts / sizeof *opts; k++)
        for (uint64_t seed = 1; seed <= 300; seed++) {
            mu_dice *d, *ref;
            assert_int_equal(mu_dice_new_seeded(seed, &d, &err), MU_OK);
            assert_int_equal(mu_dice_new_seeded(seed, &ref, &err), MU_OK);
            int skip = (int)(seed % 4), x; /* start mid-output too */
            for (int i = 0; i < skip; i++)
                mu_dice_d100(d, NULL, &x, &err), mu_dice_d100(ref, NULL, &x, &err);
            mu_division v, w;
            memset(&v, 0x5A, sizeof v); /* nothing may be read */
            assert_int_equal(mu_division_generate(r, d, &opts[k], &v, &err), MU_OK);
            int rolls[MU_MAX_ROLLS];
            for (int i = 0; i < v.nrolls; i++)
                rolls[i] = v.rolls[i].roll;
            mu_dice *s;
            assert_int_equal(mu_dice_new_scripted(rolls, (size_t)v.nrolls, &s, &err), MU_OK);
            memset(&w, 0, sizeof w);
            assert_int_equal(mu_division_generate(r, s, &opts[k], &w, &err), MU_OK);
            assert_int_equal(mu_dice_left(s), 0);
            assert_memory_equal(&v, &w, sizeof v);
            /* the rolls recorded are the source's, and it stands after them */
            assert_int_equal(mu_dice_count(d), (uint64_t)(skip + v.nrolls));
            for (int i = 0; i < v.nrolls; i++) {
                mu_dice_d100(ref, NULL, &x, &err);
                assert_int_equal(x, rolls[i]);
            }
            for (int i = 0; i < 9; i++) {
                int a, b;
                mu_dice_d100(d, NULL, &a, &err);
                mu_dice_d100(ref, NULL, &b, &err);
                assert_int_equal(a, b);
            }
            mu_dice_free(s);
            mu_dice_free(d);
            mu_dice_free(ref);
        }
    mu_rules_free(r);
}

/* The JSONL writer (division_jsonl in render_division.c) writes straight
 * into memory; each record must be, byte for byte, the cJSON tree of the
 * division printed unformatted with its index and seed, for generated
 * divisions and for values no generator makes (out-of-range words, negative
 * and large numbers, a record read from elsewhere). */
static char *jsonl_of(const mu_division *v, size_t n, bool seed)
{
    mu_render_opts o = {.format = MU_FMT_JSONL, .has_seed = seed, .seed = 42};
    char *text;
    mu_error err;
    if (mu_division_render(v, n, &o, &text, &err) != MU_OK)
        fail_msg("render: %s", err.msg);
    return text;
}

static void expect_cjson_line(const mu_division *v, uint64_t index, bool seed,
                              const char *line, size_t len)
{
    cJSON *o = render_division_json(v, NULL);
    if (index)
        cJSON_AddNumberToObject(o, "index", (double)index);
    if (seed)
        cJSON_AddRawToObject(o, "seed", "42");
    else
        cJSON_AddNullToObject(o, "seed");
    char *want = cJSON_PrintUnformatted(o);
    if (strlen(want) != len || memcmp(want, line, len) != 0)
        fail_msg("jsonl\n%.*s\ncJSON\n%s", (int)len, line, want);
    cJSON_free(want);
    cJSON_Delete(o);
}

static void jsonl_matches_cjson(void **state)
{
    (void)state;
    enum { N = 400 };
    static mu_division v[N];
    mu_rules *r = default_rules();
    mu_dice *d;
    mu_error err;
    assert_int_equal(mu_dice_new_seeded(5, &d, &err), MU_OK);
    for (int i = 0; i < N; i++) {
        mu_oob_opts o = {(mu_army)(i & 1), i % 3 ? MU_YEAR_UNKNOWN : 1862,
                         MU_THEATER_UNKNOWN, (mu_arm)(i % 5 == 0), i % 7 == 0};
        assert_int_equal(mu_division_generate(r, d, &o, &v[i], &err), MU_OK);
    }
    /* what no generator writes */
    v[1].leader = (mu_rating)7;
    v[1].leader_rolled = (mu_rating)-1;
    v[1].brigades[0].morale = (mu_morale)3;
    v[1].brigades[1].rolled = (mu_rating)9;
    v[1].stands = -123456789;
    v[1].year = 2147483647;
    v[1].artillery.ratio = 100;
    v[1].rolls[0].kind = 200;
    v[1].rolls[1].result = -32768;
    v[1].rolls[2] = (mu_roll){MU_ROLL_THEATER, 255, 100, 0, 9};
    v[1].rolls[3] = (mu_roll){MU_ROLL_MORALE, 3, 1, 0, 5};
    v[1].rolls[4] = (mu_roll){MU_ROLL_RESERVE, 0, 70, 1, 66};
    v[2].nbrigades = 0;
    v[2].nrolls = 0;
    v[3].nrolls = MU_MAX_ROLLS;
    for (int k = 0; k < 2; k++) {
        char *text = jsonl_of(v, N, k);
        const char *p = text;
        for (int i = 0; i < N; i++) {
            const char *nl = strchr(p, '\n');
            assert_non_null(nl);
            expect_cjson_line(&v[i], (uint64_t)i + 1, k, p, (size_t)(nl - p));
            p = nl + 1;
        }
        assert_string_equal(p, "");
        free(text);
        text = jsonl_of(v, 1, k); /* one division: no index */
        expect_cjson_line(&v[0], 0, k, text, strlen(text) - 1);
        free(text);
    }
    mu_dice_free(d);
    mu_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_worked_example),
        cmocka_unit_test(battery_missed_then_reserve_rolled),
        cmocka_unit_test(whole_batteries_take_no_roll),
        cmocka_unit_test(battery_thresholds),
        cmocka_unit_test(by_the_book),
        cmocka_unit_test(theater_and_year),
        cmocka_unit_test(union_never_has_five_stands),
        cmocka_unit_test(too_few_rolls_name_the_table),
        cmocka_unit_test(count_prefix_is_stable),
        cmocka_unit_test(battle_roll_order),
        cmocka_unit_test(corps_cavalry_last),
        cmocka_unit_test(json_contract),
        cmocka_unit_test(seeded_path_matches_scripted),
        cmocka_unit_test(jsonl_matches_cjson),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
