/* SPDX-License-Identifier: MIT */
/* Captured leaders and batteries, named prisoner-of-war camps (issue 13
 * §1) and the one JSON shape of what each side holds (issue 8 §3 item 6):
 * what is taken is held and comes home by exchange or liberation, one camp
 * at a time or all; a side never learns who was taken from the other's
 * hidden division; bad input changes nothing; check replays all of it; a
 * file of the previous schema is upgraded. */
#include "test_campaign_util.h"

#include <cjson/cJSON.h>
#include <sqlite3.h>

/* 1863 east: leader 50 average, 2 brigades of 7 veterans; brigade 1's
 * brigadier 99 (exceptional), brigade 2's 50 (average); 1 battery per 9
 * stands: 14/9 = 1.55, roll 50 gives the second; both stay (roll 99). */
static const int ROLLS[] = {50, 10, 50, 50, 99, 50, 50, 50, 50, 50, 99};

static int engage(mu_campaign *c, mu_army side, const char *name, bool hidden)
{
    int id;
    mu_error err;
    assert_int_equal(mu_campaign_add(c, side, name, MU_INFANTRY, NULL, &id,
                                     &err), MU_OK);
    mu_dice *d = script(ROLLS, 11);
    mu_engagement e;
    assert_int_equal(mu_campaign_engage(c, id, hidden, false, d, &e, &err),
                     MU_OK);
    mu_dice_free(d);
    return id;
}

/* The Union's division 1 in the open, the Confederates' division 2 hidden,
 * a battle under way. */
static mu_campaign *scene(const char *path)
{
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "Camps";
    o.year = 1863;
    o.theater = MU_EAST;
    mu_campaign *c = NULL;
    mu_error err;
    assert_int_equal(mu_campaign_create(path, &o, &c, &err), MU_OK);
    assert_int_equal(engage(c, MU_UNION, "Wadsworth", false), 1);
    assert_int_equal(engage(c, MU_CONFEDERATE, "Heth", true), 2);
    assert_int_equal(mu_campaign_battle_start(c, "Field", MU_THEATER_UNKNOWN, NULL, &err), MU_OK);
    return c;
}

static int64_t events(mu_campaign *c)
{
    char hex[MU_CHAIN_HEX];
    int64_t n = 0;
    mu_error err;
    assert_int_equal(mu_campaign_head(c, hex, &n, &err), MU_OK);
    return n;
}

static void captured(mu_campaign *c, int div, mu_post post, int brigade,
                     const char *camp, int roll)
{
    mu_dice *d = script(&roll, 1);
    mu_error err;
    assert_int_equal(mu_campaign_leader_captured(c, div, post, brigade, camp,
                                                 d, NULL, &err), MU_OK);
    mu_dice_free(d);
}

static char *prisoners(mu_campaign *c, mu_format f)
{
    char *t = NULL;
    mu_error err;
    assert_int_equal(t_prisoners(c, RO(f), &t, &err), MU_OK);
    return t;
}

static cJSON *show(mu_campaign *c, int viewer)
{
    char *t = NULL;
    mu_error err;
    assert_int_equal(t_show(c, (mu_side)viewer, RO(MU_FMT_JSON),
                                      &t, &err), MU_OK);
    cJSON *j = cJSON_Parse(t);
    free(t);
    assert_non_null(j);
    return j;
}

/* A captured brigadier is replaced (one roll), held in the captor's camp
 * with the rating he had, and takes his post back when exchanged. */
static void leader_held_and_exchanged(void **state)
{
    (void)state;
    mu_campaign *c = scene(fresh());
    captured(c, 2, MU_POST_BRIGADE, 1, "Camp Douglas", 5); /* 5: despicable */
    cJSON *j = show(c, MU_SIDE_NONE);
    cJSON *d2 = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "divisions"), 1);
    cJSON *b1 = cJSON_GetArrayItem(cJSON_GetObjectItem(d2, "brigades"), 0);
    cJSON *l = cJSON_GetObjectItem(b1, "leader");
    assert_string_equal(cJSON_GetObjectItem(l, "rating")->valuestring,
                        "despicable");
    assert_string_equal(cJSON_GetObjectItem(l, "origin")->valuestring,
                        "replacement");
    cJSON *held = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "prisoners"),
                                      "held_by_union");
    cJSON *h = cJSON_GetArrayItem(cJSON_GetObjectItem(held, "leaders"), 0);
    assert_string_equal(cJSON_GetObjectItem(h, "post")->valuestring,
                        "brigade");
    assert_int_equal(cJSON_GetObjectItem(h, "brigade")->valueint, 1);
    assert_string_equal(cJSON_GetObjectItem(h, "rating")->valuestring,
                        "exceptional");
    assert_string_equal(cJSON_GetObjectItem(h, "camp")->valuestring,
                        "Camp Douglas");
    cJSON_Delete(j);
    camp_check_ok(c);

    mu_error err;
    mu_exchange x = {.confederate_leaders = 1};
    assert_int_equal(mu_campaign_exchange(c, &x, NULL, &err), MU_OK);
    j = show(c, MU_SIDE_NONE);
    d2 = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "divisions"), 1);
    b1 = cJSON_GetArrayItem(cJSON_GetObjectItem(d2, "brigades"), 0);
    l = cJSON_GetObjectItem(b1, "leader");
    assert_string_equal(cJSON_GetObjectItem(l, "rating")->valuestring,
                        "exceptional");
    assert_string_equal(cJSON_GetObjectItem(l, "origin")->valuestring,
                        "returned");
    held = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "prisoners"),
                               "held_by_union");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(held, "leaders")),
                     0);
    cJSON_Delete(j);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* Batteries come off the division's own and come back when their camp is
 * liberated; liberating one camp leaves the others. */
static void batteries_and_one_camp(void **state)
{
    (void)state;
    mu_campaign *c = scene(fresh());
    mu_error err;
    mu_casualties k1 = {.brigade = 1, .captured = 2, .batteries = 1,
                        .camp = "Libby Prison"};
    assert_int_equal(mu_campaign_casualties(c, 1, &k1, NULL, &err), MU_OK);
    mu_casualties k2 = {.brigade = 2, .captured = 1}; /* the default camp */
    assert_int_equal(mu_campaign_casualties(c, 1, &k2, NULL, &err), MU_OK);
    captured(c, 1, MU_POST_DIVISION, 0, NULL, 50);
    cJSON *j = show(c, MU_SIDE_NONE);
    cJSON *a = cJSON_GetObjectItem(cJSON_GetArrayItem(
        cJSON_GetObjectItem(j, "divisions"), 0), "artillery");
    assert_int_equal(cJSON_GetObjectItem(a, "division")->valueint, 1);
    cJSON *held = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "prisoners"),
                                      "held_by_confederate");
    assert_int_equal(cJSON_GetObjectItem(held, "total")->valueint, 3);
    cJSON *camps = cJSON_GetObjectItem(held, "camps");
    assert_int_equal(cJSON_GetArraySize(camps), 2);
    cJSON *c0 = cJSON_GetArrayItem(camps, 0), *c1 = cJSON_GetArrayItem(camps, 1);
    assert_string_equal(cJSON_GetObjectItem(c0, "name")->valuestring,
                        "Confederate POW camp");
    assert_int_equal(cJSON_GetObjectItem(c0, "stands")->valueint, 1);
    assert_int_equal(cJSON_GetObjectItem(c0, "leaders")->valueint, 1);
    assert_string_equal(cJSON_GetObjectItem(c1, "name")->valuestring,
                        "Libby Prison");
    assert_int_equal(cJSON_GetObjectItem(c1, "stands")->valueint, 2);
    assert_int_equal(cJSON_GetObjectItem(c1, "batteries")->valueint, 1);
    cJSON_Delete(j);

    assert_int_equal(
        mu_campaign_liberate(c, FREE_CAMP("Libby Prison"), NULL, &err), MU_OK);
    j = show(c, MU_SIDE_NONE);
    a = cJSON_GetObjectItem(cJSON_GetArrayItem(
        cJSON_GetObjectItem(j, "divisions"), 0), "artillery");
    assert_int_equal(cJSON_GetObjectItem(a, "division")->valueint, 2);
    held = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "prisoners"),
                               "held_by_confederate");
    assert_int_equal(cJSON_GetObjectItem(held, "total")->valueint, 1);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(held, "camps")),
                     1);
    cJSON_Delete(j);
    /* The rest: every camp holding Union men. */
    assert_int_equal(mu_campaign_liberate(c, FREE_SIDE(MU_UNION), NULL, &err),
                     MU_OK);
    char *t = prisoners(c, MU_FMT_TEXT);
    assert_string_equal(t, "The Union holds 0 Confederate stands; the "
                           "Confederates hold 0 Union stands.\n");
    free(t);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* Each bad request is refused with a clear error and writes nothing. */
static void bad_input_changes_nothing(void **state)
{
    (void)state;
    mu_campaign *c = scene(fresh());
    mu_error err;
    mu_casualties k = {.brigade = 1, .captured = 1, .camp = "Camp Douglas"};
    assert_int_equal(mu_campaign_casualties(c, 2, &k, NULL, &err), MU_OK);
    int64_t n = events(c);
    int roll = 50;
    mu_dice *d = script(&roll, 1);
    /* Camp Douglas holds Confederates: it is a Union camp. */
    mu_casualties bad = {.brigade = 1, .captured = 1, .camp = "Camp Douglas"};
    assert_int_equal(mu_campaign_casualties(c, 1, &bad, NULL, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "'Camp Douglas' is a union camp"));
    bad.camp = "Union POW camp";
    assert_int_equal(mu_campaign_casualties(c, 1, &bad, NULL, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "default camp"));
    bad.camp = "bad\tname";
    assert_int_equal(mu_campaign_casualties(c, 1, &bad, NULL, &err), MU_EINPUT);
    mu_casualties guns = {.batteries = 3};
    assert_int_equal(mu_campaign_casualties(c, 1, &guns, NULL, &err),
                     MU_EINPUT);
    assert_non_null(strstr(err.msg, "has 2 batteries of its own"));
    mu_casualties nobrigade = {.lost = 1};
    assert_int_equal(mu_campaign_casualties(c, 1, &nobrigade, NULL, &err),
                     MU_EINPUT);
    assert_int_equal(mu_campaign_leader_captured(c, 1, MU_POST_CORPS, 0, NULL,
                                                 d, NULL, &err), MU_EINPUT);
    assert_int_equal(mu_campaign_leader_captured(c, 1, MU_POST_BRIGADE, 3,
                                                 NULL, d, NULL, &err),
                     MU_EINPUT);
    assert_int_equal(mu_campaign_leader_captured(c, 1, MU_POST_DIVISION, 0,
                                                 "Camp Douglas", d, NULL,
                                                 &err), MU_EINPUT);
    mu_exchange x = {.union_leaders = 1};
    assert_int_equal(mu_campaign_exchange(c, &x, NULL, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "0 Union leaders"));
    mu_exchange none = {0};
    assert_int_equal(mu_campaign_exchange(c, &none, NULL, &err), MU_EINPUT);
    assert_int_equal(
        mu_campaign_liberate(c, FREE_CAMP("Andersonville"), NULL, &err),
        MU_ESTATE);
    assert_int_equal(mu_campaign_liberate(c, FREE_SIDE(MU_UNION), NULL, &err),
                     MU_ESTATE);
    mu_dice_free(d);
    assert_int_equal(events(c), n);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* Acting for the Union, nothing tells who was taken from the hidden
 * Confederate division: not prisoners, not show, not the log, not a
 * player's own file. The stands and batteries held are in plain sight. */
static void hidden_captives_stay_hidden(void **state)
{
    (void)state;
    mu_campaign *c = scene(fresh());
    mu_error err;
    captured(c, 2, MU_POST_BRIGADE, 1, "Camp Douglas", 50);
    mu_casualties k = {.batteries = 1, .camp = "Camp Douglas"};
    assert_int_equal(mu_campaign_casualties(c, 2, &k, NULL, &err), MU_OK);
    char *t = prisoners(c, MU_FMT_TEXT);
    assert_non_null(strstr(t, "the brigadier of brigade 1 (exceptional)"));
    free(t);

    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    t = prisoners(c, MU_FMT_TEXT);
    assert_null(strstr(t, "exceptional"));
    assert_null(strstr(t, "brigade 1"));
    assert_non_null(strstr(t, "\"Heth\" (hidden): a leader"));
    assert_non_null(strstr(t, "\"Heth\": 1 battery"));
    free(t);
    t = prisoners(c, MU_FMT_JSON);
    assert_null(strstr(t, "exceptional"));
    assert_null(strstr(t, "\"post\""));
    /* One shape: show's prisoners are the prisoners list. */
    cJSON *j = show(c, MU_SIDE_UNION), *p = cJSON_Parse(t);
    assert_true(cJSON_Compare(cJSON_GetObjectItem(j, "prisoners"), p, true));
    cJSON_Delete(p);
    cJSON_Delete(j);
    free(t);
    assert_int_equal(t_log(c, MU_SIDE_UNION, NULL, RO(MU_FMT_TEXT), &t,
                                     &err), MU_OK);
    assert_non_null(strstr(t, "leader-lost: division 2 (hidden)\n"));
    assert_null(strstr(t, "division 2 brigade 1"));
    free(t);

    /* The player's own file keeps the captive, not who he is. */
    char own[512];
    snprintf(own, sizeof own, "%s", fresh());
    assert_int_equal(mu_campaign_export_side(c, MU_UNION, own, &err), MU_OK);
    mu_campaign_close(c);
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(own, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT post, brigade, rating, "
                                        "rolled FROM leaders_held", -1, &st,
                                        NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 0);
    assert_int_equal(sqlite3_column_int(st, 1), 0);
    assert_int_equal(sqlite3_column_type(st, 2), SQLITE_NULL);
    assert_int_equal(sqlite3_column_type(st, 3), SQLITE_NULL);
    sqlite3_finalize(st);
    sqlite3_close(db);
    assert_int_equal(mu_campaign_open(own, &c, &err), MU_OK);
    t = prisoners(c, MU_FMT_TEXT);
    assert_non_null(strstr(t, "(hidden): a leader"));
    free(t);
    mu_campaign_close(c);
}

/* A file of schema 3 (tests/data/campaign-schema3.db, made by the release
 * before camps: 2 Union stands and 3 stands of the hidden Heth held, a
 * brigadier lost) opens, its prisoners are in their captor's default
 * camp, it checks clean, and the campaign goes on with captured leaders,
 * batteries and named camps. */
static void schema3_file_is_upgraded(void **state)
{
    (void)state;
    char to[512];
    camp_fixture("campaign-schema3.db", to, sizeof to);
    assert_int_equal(camp_file_schema(to), 3);
    sqlite3 *db;
    sqlite3_stmt *st;

    mu_campaign *c;
    mu_error err;
    assert_int_equal(mu_campaign_open(to, &c, &err), MU_OK);
    camp_check_ok(c);
    char *t = prisoners(c, MU_FMT_TEXT);
    assert_string_equal(t,
        "Held by the Union in Union POW camp:\n"
        "  confederate division 2 \"Heth\" brigade 2: 3 stands\n"
        "Held by the Confederates in Confederate POW camp:\n"
        "  union division 1 \"Wadsworth\" brigade 1: 2 stands\n"
        "The Union holds 3 Confederate stands; the Confederates hold 2 Union "
        "stands.\n");
    free(t);
    assert_int_equal(mu_campaign_battle_start(c, "Later", MU_THEATER_UNKNOWN, NULL, &err), MU_OK);
    captured(c, 1, MU_POST_DIVISION, 0, "Libby Prison", 50);
    mu_casualties k = {.brigade = 1, .lost = 1, .captured = 1,
                       .camp = "Camp Douglas"};
    assert_int_equal(mu_campaign_casualties(c, 2, &k, NULL, &err), MU_OK);
    mu_exchange x = {.union_stands = 2, .confederate_stands = 1};
    assert_int_equal(mu_campaign_exchange(c, &x, NULL, &err), MU_OK);
    assert_int_equal(
        mu_campaign_liberate(c, FREE_CAMP("Libby Prison"), NULL, &err), MU_OK);
    camp_check_ok(c);
    mu_campaign_close(c);
    assert_int_equal(sqlite3_open(to, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT (SELECT user_version "
                                        "FROM pragma_user_version), (SELECT "
                                        "group_concat(camp, '|') FROM (SELECT"
                                        " camp FROM prisoners ORDER BY id))", -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), MU_CAMPAIGN_SCHEMA);
    /* Exchanged longest held first: 1 of the 3 in the old default camp,
     * none of Camp Douglas; the 2 Union stands all went home. */
    assert_string_equal((const char *)sqlite3_column_text(st, 1),
                        "Union POW camp|Camp Douglas");
    sqlite3_finalize(st);
    sqlite3_close(db);
}

static void default_is(mu_campaign *c, mu_army captor, const char *want)
{
    char name[MU_CAMPAIGN_NAME_MAX + 1];
    mu_error err;
    assert_int_equal(mu_campaign_default_camp(c, captor, name, sizeof name,
                                              &err), MU_OK);
    assert_string_equal(name, want);
}

/* A side's own default camp: captures naming no camp go there from then on
 * (stands, batteries, leaders), what was held before stays; the choice is
 * an event, replayed by check, undone like any other, and in the player's
 * own file; every refusal changes nothing. */
static void default_camp_chosen(void **state)
{
    (void)state;
    mu_campaign *c = scene(fresh());
    mu_error err;
    char path[512];
    snprintf(path, sizeof path, "%s", fresh());
    assert_int_equal(mu_campaign_casualties(c, 2, STANDS(1, 0, 1), NULL, &err),
                     MU_OK);
    default_is(c, MU_UNION, "Union POW camp");
    int64_t ev = 0, n = events(c);
    assert_int_equal(mu_campaign_default_camp_set(c, MU_UNION, "Camp Douglas",
                                                  &ev, &err), MU_OK);
    assert_int_equal(ev, n + 1);
    default_is(c, MU_UNION, "Camp Douglas");
    default_is(c, MU_CONFEDERATE, "Confederate POW camp");
    char *t = NULL;
    assert_int_equal(mu_campaign_event(c, ev, MU_SIDE_NONE,
                                       RO(MU_FMT_TEXT), &t, &err), MU_OK);
    assert_string_equal(t, "#8 default camp: the Union holds what it takes "
                        "in Camp Douglas unless another camp is named (it "
                        "was Union POW camp)\n");
    free(t);
    mu_casualties k = {.brigade = 2, .captured = 1, .batteries = 1};
    assert_int_equal(mu_campaign_casualties(c, 2, &k, NULL, &err), MU_OK);
    captured(c, 2, MU_POST_DIVISION, 0, NULL, 50);
    t = prisoners(c, MU_FMT_TEXT);
    assert_string_equal(t,
        "Held by the Union in Camp Douglas:\n"
        "  confederate division 2 \"Heth\" brigade 2: 1 stand\n"
        "  confederate division 2 \"Heth\": the division leader (average)\n"
        "  confederate division 2 \"Heth\": 1 battery\n"
        "Held by the Union in Union POW camp:\n"
        "  confederate division 2 \"Heth\" brigade 1: 1 stand\n"
        "The Union holds 2 Confederate stands, 1 leader, 1 battery; the "
        "Confederates hold 0 Union stands, 0 leaders, 0 batteries.\n");
    free(t);
    camp_check_ok(c);

    /* Refused, and nothing written: the same camp again, the other side's
     * default camp (built-in or chosen), a camp holding the captor's own
     * men, not a name, and the other side's choice acting for the Union. */
    n = events(c);
    assert_int_equal(mu_campaign_default_camp_set(c, MU_UNION, "Camp Douglas",
                                                  NULL, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "is the Union's default camp already"));
    assert_int_equal(mu_campaign_default_camp_set(c, MU_UNION,
                     "Confederate POW camp", NULL, &err), MU_EINPUT);
    assert_int_equal(mu_campaign_default_camp_set(c, MU_CONFEDERATE,
                     "Camp Douglas", NULL, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "is the Union's default camp: the "
                                    "Confederates cannot"));
    assert_int_equal(mu_campaign_default_camp_set(c, MU_UNION, "", NULL,
                                                  &err), MU_EINPUT);
    mu_casualties u = {.brigade = 1, .captured = 1, .camp = "Libby Prison"};
    assert_int_equal(mu_campaign_casualties(c, 1, &u, NULL, &err), MU_OK);
    n = events(c);
    assert_int_equal(mu_campaign_default_camp_set(c, MU_UNION, "Libby Prison",
                                                  NULL, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "is a confederate camp"));
    /* The Confederates may not name the Union's default as a camp now. */
    mu_casualties into = {.brigade = 1, .captured = 1, .camp = "Camp Douglas"};
    assert_int_equal(mu_campaign_casualties(c, 1, &into, NULL, &err),
                     MU_EINPUT);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    assert_int_equal(mu_campaign_default_camp_set(c, MU_CONFEDERATE,
                     "Andersonville", NULL, &err), MU_ESTATE);
    assert_non_null(strstr(err.msg, "acting for the Union, the Confederates' "
                                    "default camp cannot be chosen"));
    assert_int_equal(events(c), n);
    default_is(c, MU_CONFEDERATE, "Confederate POW camp");
    /* Its own, acting for the Confederates. */
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_CONFEDERATE, &err),
                     MU_OK);
    assert_int_equal(mu_campaign_default_camp_set(c, MU_CONFEDERATE,
                     "Andersonville", NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_NONE, &err), MU_OK);
    camp_check_ok(c);

    /* The player's own file knows the camps and the events that chose
     * them. */
    assert_int_equal(mu_campaign_export_side(c, MU_UNION, path, &err), MU_OK);
    mu_campaign *p = NULL;
    assert_int_equal(mu_campaign_open_read(path, &p, &err), MU_OK);
    default_is(p, MU_UNION, "Camp Douglas");
    default_is(p, MU_CONFEDERATE, "Andersonville");
    assert_int_equal(t_log(p, MU_SIDE_UNION, NULL, RO(MU_FMT_TEXT), &t,
                                     &err), MU_OK);
    assert_non_null(strstr(t, "default camp: the Confederates hold what they "
                              "take in Andersonville"));
    free(t);
    mu_campaign_close(p);

    /* Undone (the latest first), the Confederates' camp is the built-in
     * one again; the Union's choice, undone too, leaves what it holds in
     * Camp Douglas, where the events put it. */
    assert_int_equal(mu_campaign_undo(c, 0, NULL, &err), MU_OK);
    default_is(c, MU_CONFEDERATE, "Confederate POW camp");
    assert_int_equal(mu_campaign_undo(c, ev, NULL, &err), MU_OK);
    default_is(c, MU_UNION, "Union POW camp");
    t = prisoners(c, MU_FMT_TEXT);
    assert_non_null(strstr(t, "Held by the Union in Camp Douglas:\n"));
    free(t);
    camp_check_ok(c);
    mu_campaign_close(c);
}

/* A file of schema 5 (tests/data/campaign-schema5.db, made by the release
 * before default camps: Heth hidden, 2 of his stands held in the Union's
 * default camp, Union stands in the Confederates' and in Libby Prison)
 * opens as schema 6 with the built-in default camps, checks clean, and a
 * default camp chosen then takes the next capture. */
static void schema5_file_is_upgraded(void **state)
{
    (void)state;
    char to[512];
    camp_fixture("campaign-schema5.db", to, sizeof to);
    assert_int_equal(camp_file_schema(to), 5);
    sqlite3 *db;
    sqlite3_stmt *st;

    mu_campaign *c;
    mu_error err;
    char head[MU_CHAIN_HEX];
    int64_t n;
    /* Read only, it is upgraded in memory: the same head and events. */
    assert_int_equal(mu_campaign_open_read(to, &c, &err), MU_OK);
    assert_int_equal(mu_campaign_head(c, head, &n, &err), MU_OK);
    assert_string_equal(head, "867caed4fb7408ea9870cdc0ad3fca42f0e233bc40d65b"
                        "23584472db16d2f531");
    assert_int_equal(n, 9);
    default_is(c, MU_UNION, "Union POW camp");
    mu_campaign_close(c);

    assert_int_equal(mu_campaign_open(to, &c, &err), MU_OK);
    camp_check_ok(c);
    default_is(c, MU_UNION, "Union POW camp");
    default_is(c, MU_CONFEDERATE, "Confederate POW camp");
    assert_int_equal(mu_campaign_default_camp_set(c, MU_CONFEDERATE,
                     "Belle Isle", NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_casualties(c, 1, STANDS(1, 0, 1), NULL, &err),
                     MU_OK);
    char *t = prisoners(c, MU_FMT_TEXT);
    assert_string_equal(t,
        "Held by the Union in Union POW camp:\n"
        "  confederate division 2 \"Heth\" brigade 1: 2 stands\n"
        "Held by the Confederates in Belle Isle:\n"
        "  union division 1 \"Wadsworth\" brigade 1: 1 stand\n"
        "Held by the Confederates in Confederate POW camp:\n"
        "  union division 1 \"Wadsworth\" brigade 1: 1 stand\n"
        "Held by the Confederates in Libby Prison:\n"
        "  union division 1 \"Wadsworth\" brigade 2: 1 stand\n"
        "The Union holds 2 Confederate stands; the Confederates hold 3 Union "
        "stands.\n");
    free(t);
    camp_check_ok(c);
    mu_campaign_close(c);
    assert_int_equal(sqlite3_open(to, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT (SELECT user_version "
                                        "FROM pragma_user_version), "
                                        "union_camp IS NULL, confederate_camp"
                                        " FROM campaign", -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), MU_CAMPAIGN_SCHEMA);
    assert_int_equal(sqlite3_column_int(st, 1), 1);
    assert_string_equal((const char *)sqlite3_column_text(st, 2),
                        "Belle Isle");
    sqlite3_finalize(st);
    sqlite3_close(db);
}

/* What a handle appended (mu_campaign_appended) is what its own calls
 * wrote, in runs: another handle's event between two of its changes splits
 * the run and is never named; a refused change adds nothing. */
static void appended_by_this_handle(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s", fresh());
    mu_campaign *c = scene(path), *o = NULL;
    mu_error err;
    int64_t first[MU_APPENDED_RUNS], last[MU_APPENDED_RUNS], ev = 0;
    /* add, engage, add, engage, start (the file was made with event 1) */
    assert_int_equal(mu_campaign_appended(c, first, last), 1);
    assert_int_equal(first[0], 2);
    assert_int_equal(last[0], 6);
    assert_int_equal(mu_campaign_open(path, &o, &err), MU_OK);
    assert_int_equal(mu_campaign_appended(o, first, last), 0);
    assert_int_equal(mu_campaign_default_camp_set(o, MU_UNION, "Elmira", &ev,
                                                  &err), MU_OK);
    assert_int_equal(ev, 7);
    assert_int_equal(mu_campaign_default_camp_set(c, MU_CONFEDERATE,
                                                  "Andersonville", &ev, &err),
                     MU_OK);
    assert_int_equal(ev, 8);
    assert_int_not_equal(mu_campaign_casualties(c, 1, STANDS(1, 0, 99), NULL,
                                                &err), MU_OK);
    assert_int_equal(mu_campaign_default_camp_set(c, MU_UNION, "Libby", &ev,
                                                  &err), MU_OK);
    assert_int_equal(mu_campaign_appended(c, first, last), 2);
    assert_int_equal(first[1], 8);
    assert_int_equal(last[1], 9);
    assert_int_equal(mu_campaign_appended(o, first, last), 1);
    assert_int_equal(first[0], 7);
    assert_int_equal(last[0], 7);
    assert_int_equal(mu_campaign_appended(NULL, first, last), 0);
    mu_campaign_close(o);
    mu_campaign_close(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(leader_held_and_exchanged),
        cmocka_unit_test(batteries_and_one_camp),
        cmocka_unit_test(bad_input_changes_nothing),
        cmocka_unit_test(hidden_captives_stay_hidden),
        cmocka_unit_test(schema3_file_is_upgraded),
        cmocka_unit_test(default_camp_chosen),
        cmocka_unit_test(appended_by_this_handle),
        cmocka_unit_test(schema5_file_is_upgraded),
    };
    return cmocka_run_group_tests(tests, camp_setup, camp_teardown);
}
