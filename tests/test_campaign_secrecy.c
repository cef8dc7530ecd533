/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* memmem */
/* Secrecy of hidden divisions (issue 13 §3): acting for one side, nothing
 * about the other side's unrevealed divisions is told or changed; every
 * leak the issue names is tried here and must get the same one refusal. */
#include "test_campaign_util.h"

#include <cjson/cJSON.h>
#include <sodium.h>
#include <sqlite3.h>

static mu_campaign *campaign(void)
{
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "Secrets";
    o.year = 1863;
    o.theater = MU_EAST;
    mu_campaign *c = NULL;
    mu_error err;
    assert_int_equal(mu_campaign_create(fresh(), &o, &c, &err), MU_OK);
    return c;
}


/* 1863 east, either side: leader 50 average, 2 brigades of 7 veterans;
 * brigade 1's brigadier rolls 99 (exceptional), brigade 2's 50 (average);
 * 1 battery per 9 stands, 2 batteries, none to the reserve. */
static const int ROLLS[] = {50, 10, 50, 50, 99, 50, 50, 50, 50, 50, 99};
/* The same division for the Union, rolled otherwise (leader 60: average),
 * so that the two engage events differ. */
static const int ROLLS_U[] = {60, 10, 50, 50, 99, 50, 50, 50, 50, 50, 99};

static int engage(mu_campaign *c, mu_army side, bool hidden)
{
    int id;
    mu_error err;
    assert_int_equal(mu_campaign_add(c, side, side == MU_UNION ? "Wadsworth"
                                     : "Heth", MU_INFANTRY, NULL, &id, &err),
                     MU_OK);
    mu_dice *d = side == MU_UNION ? script(ROLLS_U, 11) : script(ROLLS, 11);
    mu_engagement e;
    assert_int_equal(mu_campaign_engage(c, id, hidden, false, d, &e, &err),
                     MU_OK);
    mu_dice_free(d);
    return id;
}

/* A Union division in the open, a Confederate one hidden, a battle under
 * way and a penalty against the Confederates (so a downgrade is possible). */
static mu_campaign *scene(int *u, int *k)
{
    mu_campaign *c = campaign();
    mu_error err;
    *u = engage(c, MU_UNION, false);
    *k = engage(c, MU_CONFEDERATE, true);
    assert_int_equal(mu_campaign_battle_start(c, "Field", MU_THEATER_UNKNOWN, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_penalty(c, MU_CONFEDERATE, NULL, &err), MU_OK);
    return c;
}

static int events(mu_campaign *c)
{
    char *t;
    mu_error err;
    assert_int_equal(t_log(c, MU_SIDE_NONE, NULL, RO(MU_FMT_JSON), &t, &err),
                     MU_OK);
    cJSON *j = cJSON_Parse(t);
    free(t);
    int n = cJSON_GetArraySize(cJSON_GetObjectItem(j, "events"));
    cJSON_Delete(j);
    return n;
}

/* Each of the leaks, first as the umpire (who may be told), then
 * acting for the Union: the same message every time, naming nothing but the
 * division's id, and nothing written. */
static void the_named_leaks(void **state)
{
    (void)state;
    int u, k;
    mu_campaign *c = scene(&u, &k);
    mu_error err;
    char *doc = NULL;
    /* The umpire is told (this is what leaked to the other side). */
    assert_int_equal(mu_campaign_casualties(c, k, STANDS(1, 12, 0), NULL, &err),
                     MU_EINPUT);
    assert_non_null(strstr(err.msg, "has 7 stands"));
    assert_int_equal(mu_campaign_casualties(c, k, STANDS(4, 1, 0), NULL, &err),
                     MU_EINPUT);
    assert_non_null(strstr(err.msg, "brigades are 1..2"));
    assert_int_equal(mu_campaign_downgrade(c, k, MU_POST_BRIGADE, 1, NULL, &err),
                     MU_ESTATE);
    assert_non_null(strstr(err.msg, "exceptional"));

    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    assert_int_equal(mu_campaign_viewer(c), MU_SIDE_UNION);
    int before = events(c);
    char first[sizeof err.msg] = "";
    mu_status st[6];
    const char *msgs[6];
    char keep[6][sizeof err.msg];
    st[0] = mu_campaign_casualties(c, k, STANDS(1, 12, 0), NULL, &err);
    snprintf(keep[0], sizeof keep[0], "%s", err.msg);
    assert_int_equal(err.reason, MU_R_HIDDEN_DIVISION);
    st[1] = mu_campaign_casualties(c, k, STANDS(4, 1, 0), NULL, &err);
    snprintf(keep[1], sizeof keep[1], "%s", err.msg);
    st[2] = mu_campaign_downgrade(c, k, MU_POST_BRIGADE, 1, NULL, &err);
    snprintf(keep[2], sizeof keep[2], "%s", err.msg);
    st[3] = mu_campaign_reveal(c, k, &doc, &err);
    snprintf(keep[3], sizeof keep[3], "%s", err.msg);
    mu_dice *d = script((const int[]){50}, 1);
    st[4] = mu_campaign_leader_lost(c, k, MU_POST_DIVISION, 0, d, NULL, &err);
    snprintf(keep[4], sizeof keep[4], "%s", err.msg);
    mu_dice_free(d);
    st[5] = mu_campaign_casualties(c, k, STANDS(2, 1, 0), NULL,
                                   &err); /* a real one */
    snprintf(keep[5], sizeof keep[5], "%s", err.msg);
    snprintf(first, sizeof first, "%s", keep[0]);
    for (int i = 0; i < 6; i++) {
        msgs[i] = keep[i];
        assert_int_equal(st[i], MU_ESTATE);
        assert_string_equal(msgs[i], first);
    }
    assert_null(doc);
    assert_non_null(strstr(first, "division 2 is hidden from the Union"));
    /* Nothing in it but the id it was given: no other number. */
    for (const char *p = first; *p; p++)
        if (*p >= '0' && *p <= '9')
            assert_true(*p == '2' && (p[1] < '0' || p[1] > '9'));
    assert_int_equal(events(c), before);
    /* The Union's own division and the campaign's public state work. */
    assert_int_equal(mu_campaign_casualties(c, u, STANDS(1, 1, 0), NULL, &err),
                     MU_OK);
    /* Acting for the Confederates, their own division is theirs to handle,
     * and only they (or the umpire) may reveal it. */
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_CONFEDERATE, &err), MU_OK);
    assert_int_equal(mu_campaign_casualties(c, k, STANDS(1, 1, 0), NULL, &err),
                     MU_OK);
    assert_int_equal(mu_campaign_reveal(c, k, &doc, &err), MU_OK);
    free(doc);
    /* Revealed, it is no secret any more. */
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    assert_int_equal(mu_campaign_casualties(c, k, STANDS(1, 12, 0), NULL, &err),
                     MU_EINPUT);
    assert_non_null(strstr(err.msg, "has 6 stands"));
    assert_int_equal(mu_campaign_act_as(c, (mu_side)7, &err), MU_EINPUT);
    mu_campaign_close(c);
}

/* show, log, prisoners and check acting for a side. */
static void reads_acting_for_a_side(void **state)
{
    (void)state;
    int u, k;
    mu_campaign *c = scene(&u, &k);
    mu_error err;
    assert_int_equal(mu_campaign_casualties(c, k, STANDS(2, 1, 2), NULL, &err),
                     MU_OK);
    assert_int_equal(mu_campaign_casualties(c, u, STANDS(1, 1, 1), NULL, &err),
                     MU_OK);
    mu_dice *d = script((const int[]){1, 1}, 2);
    assert_int_equal(mu_campaign_battle_end(c, MU_SIDE_UNION, d, NULL, &err), MU_OK);
    mu_dice_free(d);
    assert_int_equal(mu_campaign_exchange(c, EXCHANGE(0, 1), NULL, &err),
                     MU_OK);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    char *t = NULL;
    /* The Confederate view is not the Union's to ask for. */
    assert_int_equal(t_show(c, MU_SIDE_CONFEDERATE, RO(MU_FMT_TEXT), &t,
                                      &err), MU_ESTATE);
    assert_null(t);
    /* Asked for everything, the Union gets its own view. */
    char *all = NULL, *mine = NULL;
    assert_int_equal(t_show(c, MU_SIDE_NONE, RO(MU_FMT_JSON), &all,
                                      &err), MU_OK);
    assert_int_equal(t_show(c, MU_SIDE_UNION, RO(MU_FMT_JSON), &mine,
                                      &err), MU_OK);
    assert_string_equal(all, mine);
    assert_null(strstr(all, "\"brigades\":[{\"number\":1,\"stands\":7"));
    free(all);
    free(mine);
    /* The log: the brigade of the hidden division that lost, returned and
     * went home is not named, in text or JSON. */
    const mu_format fmts[] = {MU_FMT_TEXT, MU_FMT_JSON};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(t_log(c, MU_SIDE_NONE, NULL, RO(fmts[i]), &t, &err),
                         MU_OK);
        assert_null(strstr(t, "division 2 brigade"));
        assert_null(strstr(t, "\"division\":2,\"side\":\"confederate\","
                              "\"brigade\""));
        assert_non_null(strstr(t, i ? "\"hidden\":true" : "division 2: hidden"));
        free(t);
        assert_int_equal(t_prisoners(c, RO(fmts[i]), &t, &err), MU_OK);
        assert_null(strstr(t, i ? "\"brigade\":2" : "brigade 2"));
        free(t);
    }
    /* check reads every secret. */
    assert_int_equal(mu_campaign_check_head(c, NULL, &t, &err), MU_ESTATE);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_NONE, &err), MU_OK);
    assert_int_equal(mu_campaign_check_head(c, NULL, &t, &err), MU_OK);
    free(t);
    mu_campaign_close(c);
}

/* The umpire's list of prisoners and the number of events: what a refused
 * release must leave as it was. */
static char *held_state(mu_campaign *c)
{
    mu_error err;
    mu_side was = mu_campaign_viewer(c);
    char *t = NULL, buf[32];
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_NONE, &err), MU_OK);
    assert_int_equal(t_prisoners(c, RO(MU_FMT_JSON), &t, &err),
                     MU_OK);
    snprintf(buf, sizeof buf, "|%d", events(c));
    char *all = malloc(strlen(t) + sizeof buf);
    assert_non_null(all);
    memcpy(all, t, strlen(t) + 1);
    strcat(all, buf);
    free(t);
    assert_int_equal(mu_campaign_act_as(c, was, &err), MU_OK);
    return all;
}

/* One event as `viewer`'s log shows it (the handle acts for viewer after). */
static char *event_as(mu_campaign *c, mu_side viewer, int64_t ev,
                      mu_format fmt)
{
    mu_error err;
    char *t = NULL;
    assert_int_equal(mu_campaign_act_as(c, viewer, &err), MU_OK);
    assert_int_equal(mu_campaign_event(c, ev, viewer, RO(fmt), &t, &err),
                     MU_OK);
    return t;
}

/* The prisoners part of held_state: what a release changes. */
static void same_prisoners(const char *a, const char *b)
{
    size_t n = (size_t)(strrchr(a, '|') - a);
    assert_int_equal(n, (size_t)(strrchr(b, '|') - b));
    assert_memory_equal(a, b, n);
}

/* exchange and liberate acting for a side are offers (seed 000: prisoners
 * "can only be exchanged by mutual consent"): an offer moves no one and
 * names no division; the other side's accept frees the men, the hidden
 * division's among them, and the side's log of that accept (text and
 * JSON) tells neither the brigade nor the rating of the hidden division's
 * captured leader. Neither side alone empties the other's camp. */
static void releases_acting_for_a_side(void **state)
{
    (void)state;
    int u, k;
    mu_campaign *c = scene(&u, &k);
    mu_error err;
    /* The Union holds 2 of the hidden Heth's stands and his brigadier of
     * brigade 1 (exceptional) in Camp Douglas; a battery of its own is held
     * by the Confederates in Libby Prison, with a Union stand in their
     * default camp. */
    mu_casualties hk = {.brigade = 1, .captured = 2, .camp = "Camp Douglas"};
    assert_int_equal(mu_campaign_casualties(c, k, &hk, NULL, &err), MU_OK);
    mu_dice *d = script((const int[]){50}, 1);
    assert_int_equal(mu_campaign_leader_captured(c, k, MU_POST_BRIGADE, 1,
                                                 "Camp Douglas", d, NULL,
                                                 &err), MU_OK);
    mu_dice_free(d);
    mu_casualties hu = {.brigade = 1, .captured = 1, .batteries = 1,
                        .camp = "Libby Prison"};
    assert_int_equal(mu_campaign_casualties(c, u, &hu, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_casualties(c, u, STANDS(2, 0, 1), NULL, &err),
                     MU_OK);

    /* The Confederates offer their brigadier and a stand for a Union
     * stand: the offer moves no one, and its maker cannot accept it. */
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_CONFEDERATE, &err), MU_OK);
    char *before = held_state(c);
    mu_exchange give = {.union_stands = 1, .confederate_stands = 1,
                        .confederate_leaders = 1};
    int64_t offer = 0, ev = 0;
    assert_int_equal(mu_campaign_exchange(c, &give, &offer, &err), MU_OK);
    char *after = held_state(c);
    same_prisoners(before, after);
    free(after);
    free(before);
    mu_offer_reply acc = {offer, MU_OFFER_ACCEPT, MU_OFFER_EXCHANGE};
    assert_int_equal(mu_campaign_offer_answer(c, &acc, NULL, &err), MU_ESTATE);
    assert_non_null(strstr(err.msg, "made by the Confederates"));
    char *t = event_as(c, MU_SIDE_UNION, offer, MU_FMT_TEXT);
    assert_non_null(strstr(t, " offer by the Confederates: an exchange of 1 "
                              "Union stand, 1 Confederate stand and 1 "
                              "Confederate leader, for the Union to accept or "
                              "decline\n"));
    free(t);

    /* The Union accepts: the men go home, and its log of it masks Heth. */
    assert_int_equal(mu_campaign_offer_answer(c, &acc, &ev, &err), MU_OK);
    t = event_as(c, MU_SIDE_UNION, ev, MU_FMT_TEXT);
    assert_non_null(strstr(t, "confederate division 2 (hidden): 1, "
                              "confederate division 2 (hidden): a leader"));
    free(t);
    t = event_as(c, MU_SIDE_UNION, ev, MU_FMT_JSON);
    assert_non_null(strstr(t, "\"leaders\":[{\"division\":2,\"side\":"
                              "\"confederate\",\"hidden\":true}]"));
    assert_null(strstr(t, "exceptional"));
    assert_null(strstr(t, "\"post\""));
    free(t);
    assert_int_equal(mu_campaign_offer_answer(c, &acc, NULL, &err), MU_ESTATE);

    /* A liberation offered by the Union, declined: no one moves. */
    assert_int_equal(mu_campaign_liberate(c, FREE_CAMP("Libby Prison"), &offer,
                                          &err), MU_OK);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_CONFEDERATE, &err), MU_OK);
    mu_offer_reply no = {offer, MU_OFFER_DECLINE, MU_OFFER_LIBERATION};
    assert_int_equal(mu_campaign_offer_answer(c, &no, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_NONE, &err), MU_OK);
    t = NULL;
    assert_int_equal(t_prisoners(c, RO(MU_FMT_TEXT), &t, &err),
                     MU_OK);
    assert_string_equal(t, "Held by the Union in Camp Douglas:\n"
                        "  confederate division 2 \"Heth\" brigade 1: 1 stand\n"
                        "Held by the Confederates in Confederate POW camp:\n"
                        "  union division 1 \"Wadsworth\" brigade 2: 1 stand\n"
                        "Held by the Confederates in Libby Prison:\n"
                        "  union division 1 \"Wadsworth\": 1 battery\n"
                        "The Union holds 1 Confederate stand, 0 leaders, 0 "
                        "batteries; the Confederates hold 1 Union stand, 0 "
                        "leaders, 1 battery.\n");
    free(t);
    assert_int_equal(mu_campaign_check_head(c, NULL, &t, &err), MU_OK);
    assert_non_null(strstr(t, "every table agrees"));
    free(t);
    mu_campaign_close(c);
}

/* A file made by the schema-1 release (tests/data/campaign-schema1.db: a
 * battle at Shiloh, west 1862, one open and one hidden division) opens,
 * is upgraded in place, keeps every fact and checks clean. */
/* battle end acting for a side: the returns of the other side's hidden
 * division would be rolled on the side's dice (typed, they would ask the
 * side about losses it may not see) and applied to a division it may not
 * touch. Refused, naming nothing, with nothing rolled or changed; its
 * owner ends it; a battle whose hidden divisions took no casualties ends
 * for either side. */
static void battle_end_acting_for_a_side(void **state)
{
    (void)state;
    int u, k;
    mu_campaign *c = scene(&u, &k);
    mu_error err;
    assert_int_equal(mu_campaign_casualties(c, k, STANDS(1, 3, 0), NULL, &err),
                     MU_OK);
    assert_int_equal(mu_campaign_casualties(c, u, STANDS(1, 3, 0), NULL, &err),
                     MU_OK);
    const int rolls[] = {10, 20};
    mu_dice *d;
    assert_int_equal(mu_dice_new_scripted(rolls, 2, &d, &err), MU_OK);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    int n = events(c);
    assert_int_equal(mu_campaign_battle_end(c, MU_SIDE_NONE, d, NULL, &err),
                     MU_ESTATE);
    assert_int_equal(err.reason, MU_R_HIDDEN_DIVISION);
    assert_non_null(strstr(err.msg, "acting for the Union, this battle cannot "
                                    "be ended"));
    assert_null(strstr(err.msg, "Heth"));
    assert_null(strpbrk(err.msg, "0123456789"));
    assert_int_equal(mu_dice_left(d), 2);
    assert_int_equal(events(c), n);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_CONFEDERATE, &err), MU_OK);
    assert_int_equal(mu_campaign_battle_end(c, MU_SIDE_NONE, d, NULL, &err),
                     MU_OK);
    assert_int_equal(mu_dice_left(d), 0);
    mu_dice_free(d);
    /* A second battle: the hidden division takes no casualties. */
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    assert_int_equal(mu_campaign_battle_start(c, "Second", MU_THEATER_UNKNOWN, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_casualties(c, u, STANDS(1, 1, 0), NULL, &err),
                     MU_OK);
    assert_int_equal(mu_dice_new_scripted(rolls, 1, &d, &err), MU_OK);
    assert_int_equal(mu_campaign_battle_end(c, MU_SIDE_NONE, d, NULL, &err),
                     MU_OK);
    assert_int_equal(mu_dice_left(d), 0); /* half a stand: rolled, 10 */
    mu_dice_free(d);
    mu_campaign_close(c);
}

static void schema1_file_is_upgraded(void **state)
{
    (void)state;
    char to[512];
    camp_fixture("campaign-schema1.db", to, sizeof to);
    assert_int_equal(camp_file_schema(to), 1);
    sqlite3 *db;
    sqlite3_stmt *st;

    mu_campaign *c;
    mu_error err;
    assert_int_equal(mu_campaign_open(to, &c, &err), MU_OK);
    char *t;
    assert_int_equal(mu_campaign_check_head(c, NULL, &t, &err), MU_OK);
    char schema[32];
    snprintf(schema, sizeof schema, "schema %d", MU_CAMPAIGN_SCHEMA);
    assert_non_null(strstr(t, schema));
    free(t);
    assert_int_equal(t_show(c, MU_SIDE_NONE, RO(MU_FMT_TEXT), &t,
                                      &err), MU_OK);
    assert_non_null(strstr(t, "Campaign \"Old War\": 1862, Western theater"));
    assert_non_null(strstr(t, "18 of 20 stands"));
    assert_non_null(strstr(t, "20 of 22 stands"));
    free(t);
    /* The hidden division still opens its commitment. */
    assert_int_equal(mu_campaign_reveal(c, 2, &t, &err), MU_OK);
    free(t);
    /* And the campaign goes on: the unengaged division 3 engages. */
    mu_dice *d = script(ROLLS, sizeof ROLLS / sizeof *ROLLS);
    mu_engagement e;
    assert_int_equal(mu_campaign_engage(c, 3, false, false, d, &e, &err),
                     MU_OK);
    mu_dice_free(d);
    mu_campaign_close(c);
    /* Upgraded once: the old battle was fought in the campaign's year and
     * theater, which are now its own. */
    assert_int_equal(sqlite3_open(to, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT (SELECT user_version FROM "
                                        "pragma_user_version), year, theater "
                                        "FROM battles", -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), MU_CAMPAIGN_SCHEMA);
    assert_int_equal(sqlite3_column_int(st, 1), 1862);
    assert_int_equal(sqlite3_column_int(st, 2), MU_WEST);
    sqlite3_finalize(st);
    sqlite3_close(db);
    assert_int_equal(mu_campaign_open(to, &c, &err), MU_OK);
    mu_campaign_close(c);
}

/* The whole file as bytes, NUL-terminated (it holds NULs: use memmem). */
static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = malloc(1 << 22);
    assert_non_null(buf);
    *n = fread(buf, 1, (1 << 22) - 1, f);
    fclose(f);
    return buf;
}

static bool bytes_hold(const char *path, const char *needle)
{
    size_t n;
    char *b = slurp(path, &n);
    bool yes = memmem(b, n, needle, strlen(needle)) != NULL;
    free(b);
    return yes;
}

static char *one_text(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    char *out = NULL;
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
        out = strdup((const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    return out;
}

static int one_int(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* A brigade by its name: the hidden division's is refused to the other
 * side in the one message, whether the name is a brigade's there or not;
 * its owner finds it, any case. */
static void a_brigade_by_its_name(void **state)
{
    (void)state;
    int u, k;
    mu_campaign *c = scene(&u, &k);
    mu_error err, err2;
    int b = -1;
    assert_int_equal(mu_campaign_name_set(c, k, 2, "Archer's", NULL, &err),
                     MU_OK);
    assert_int_equal(mu_campaign_brigade_find(c, k, "ARCHER'S", &b, &err),
                     MU_OK);
    assert_int_equal(b, 2);
    assert_int_equal(mu_campaign_brigade_find(c, u, "Archer's", &b, &err),
                     MU_EINPUT);
    assert_int_equal(b, 0);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    assert_int_equal(mu_campaign_brigade_find(c, k, "Archer's", &b, &err),
                     MU_ESTATE);
    assert_int_equal(mu_campaign_brigade_find(c, k, "Nobody", &b, &err2),
                     MU_ESTATE);
    assert_string_equal(err.msg, err2.msg);
    assert_int_equal(err.reason, MU_R_HIDDEN_DIVISION);
    mu_campaign_close(c);
}

/* backup: the whole file, while the handle that made it stays open; never
 * over a file unasked nor over the campaign itself; acting for a side on
 * the umpire's file, refused (the copy would hold the other side's
 * secrets); a player's own file copies as its side's. */
static void a_backup_is_the_umpires(void **state)
{
    (void)state;
    int u, k;
    mu_campaign *c = scene(&u, &k);
    const char *src = fresh_last();
    char src_path[512], copy[512], upath[512], ucopy[512];
    snprintf(src_path, sizeof src_path, "%s", src);
    snprintf(copy, sizeof copy, "%s", fresh());
    mu_error err;
    assert_int_equal(mu_campaign_backup(c, copy, false, &err), MU_OK);
    assert_int_equal(mu_campaign_backup(c, copy, false, &err), MU_EINPUT);
    assert_int_equal(err.reason, MU_R_FILE_EXISTS);
    assert_string_equal(mu_reason_name(err.reason), "file-exists");
    assert_int_equal(mu_campaign_backup(c, copy, true, &err), MU_OK);
    assert_int_equal(mu_campaign_backup(c, src_path, true, &err), MU_EINPUT);
    snprintf(upath, sizeof upath, "%s", fresh());
    assert_int_equal(mu_campaign_export_side(c, MU_UNION, upath, &err), MU_OK);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    assert_int_equal(mu_campaign_backup(c, fresh(), false, &err), MU_ESTATE);
    assert_int_equal(err.reason, MU_R_UMPIRE_ONLY);
    assert_int_equal(access(fresh_last(), F_OK), -1);
    mu_campaign_close(c);

    assert_int_equal(mu_campaign_open_read(copy, &c, &err), MU_OK);
    char *report = NULL;
    assert_int_equal(mu_campaign_check_head(c, NULL, &report, &err), MU_OK);
    free(report);
    mu_campaign_close(c);

    assert_int_equal(mu_campaign_open(upath, &c, &err), MU_OK);
    snprintf(ucopy, sizeof ucopy, "%s", fresh());
    assert_int_equal(mu_campaign_backup(c, ucopy, false, &err), MU_OK);
    mu_campaign_close(c);
    assert_int_equal(mu_campaign_open_read(ucopy, &c, &err), MU_OK);
    assert_int_equal(mu_campaign_viewer(c), MU_SIDE_UNION);
    mu_campaign_close(c);
}

/* export --side: the Union's file holds nothing of the hidden Confederate
 * division but its name and commitment, in its tables and in its bytes;
 * the Confederates' file holds all of it. */
static void a_players_own_file(void **state)
{
    (void)state;
    int u, k;
    mu_campaign *c = scene(&u, &k);
    mu_error err;
    assert_int_equal(mu_campaign_casualties(c, k, STANDS(2, 1, 2), NULL, &err),
                     MU_OK);
    assert_int_equal(mu_campaign_casualties(c, u, STANDS(1, 1, 1), NULL, &err),
                     MU_OK);
    mu_dice *d = script((const int[]){1, 1}, 2);
    assert_int_equal(mu_campaign_battle_end(c, MU_SIDE_UNION, d, NULL, &err), MU_OK);
    mu_dice_free(d);
    char src[512], upath[512], cpath[512];
    snprintf(src, sizeof src, "%s/c%d.db", dir, serial);
    snprintf(upath, sizeof upath, "%s", fresh());
    snprintf(cpath, sizeof cpath, "%s", fresh());
    /* The secrets, as the campaign file holds them. */
    sqlite3 *db;
    assert_int_equal(sqlite3_open(src, &db), SQLITE_OK);
    char *salt = one_text(db, "SELECT salt FROM divisions WHERE id = 2");
    char *json = one_text(db, "SELECT division FROM divisions WHERE id = 2");
    char *rolls = one_text(db, "SELECT json_extract(data, '$.rolls') FROM "
                           "events WHERE kind = 'engage' AND division = 2");
    sqlite3_close(db);
    assert_non_null(salt);
    assert_non_null(json);
    assert_non_null(rolls);

    assert_int_equal(mu_campaign_export_side(c, MU_UNION, upath, &err), MU_OK);
    assert_int_equal(mu_campaign_export_side(c, MU_CONFEDERATE, cpath, &err),
                     MU_OK);
    /* Not over a file, not for the other side when acting for one. */
    assert_int_equal(mu_campaign_export_side(c, MU_UNION, upath, &err),
                     MU_EINPUT);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    assert_int_equal(mu_campaign_export_side(c, MU_CONFEDERATE, fresh(), &err),
                     MU_ESTATE);
    mu_campaign_close(c);

    /* The Union's file, read with sqlite3. */
    assert_int_equal(sqlite3_open(upath, &db), SQLITE_OK);
    assert_int_equal(one_int(db, "SELECT view_side FROM campaign"), MU_UNION);
    assert_int_equal(one_int(db, "SELECT count(*) FROM brigades WHERE "
                             "division = 2"), 0);
    assert_int_equal(one_int(db, "SELECT count(*) FROM brigades WHERE "
                             "division = 1"), 2);
    assert_int_equal(one_int(db, "SELECT count(*) FROM losses WHERE "
                             "division = 2"), 0);
    assert_int_equal(one_int(db, "SELECT count(*) FROM divisions WHERE id = 2"
                             " AND salt = '' AND division = 'null' AND leader"
                             " IS NULL AND batteries IS NULL AND hidden = 1"),
                     1);
    assert_int_equal(one_int(db, "SELECT count(*) FROM prisoners WHERE "
                             "division = 2 AND brigade <> 0"), 0);
    assert_int_equal(one_int(db, "SELECT sum(stands) FROM prisoners WHERE "
                             "division = 2"), 2);
    /* No events: the log as the Union saw it, masked. */
    assert_int_equal(one_int(db, "SELECT count(*) FROM events"), 0);
    assert_true(one_int(db, "SELECT count(*) FROM view_log") >= 8);
    assert_int_equal(one_int(db, "SELECT count(*) FROM view_log WHERE json "
                             "LIKE '%\"kind\":\"engage\",\"division\":2,"
                             "\"hidden\":true,\"name\":\"Heth\",\"commitment\":%'"), 1);
    assert_int_equal(one_int(db, "SELECT count(*) FROM view_log WHERE json "
                             "LIKE '%\"kind\":\"casualties\",\"division\":2,"
                             "\"hidden\":true}'"), 1);
    assert_int_equal(one_int(db, "SELECT count(*) FROM view_log WHERE json "
                             "LIKE '%\"division\":2,\"name\"%' AND json "
                             "NOT LIKE '%\"kind\":\"add\"%'"), 0);
    assert_int_equal(one_int(db, "SELECT count(*) FROM view_log WHERE json "
                             "LIKE '%\"division\":2,\"side\":\"confederate\","
                             "\"brigade\"%'"), 0);
    assert_int_equal(one_int(db, "SELECT count(*) FROM view_log WHERE text "
                             "LIKE '%casualties: division 2 (hidden)%'"), 1);
    sqlite3_close(db);
    /* ... and its raw bytes: no salt, no division, no rolls. */
    assert_false(bytes_hold(upath, salt));
    assert_false(bytes_hold(upath, json));
    assert_false(bytes_hold(upath, rolls));
    assert_true(bytes_hold(cpath, salt));
    assert_true(bytes_hold(cpath, json));

    /* Opened, it is the Union's view and takes no changes. */
    assert_int_equal(mu_campaign_open(upath, &c, &err), MU_OK);
    assert_int_equal(mu_campaign_viewer(c), MU_SIDE_UNION);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_NONE, &err), MU_ESTATE);
    assert_int_equal(mu_campaign_battle_start(c, "Again", MU_THEATER_UNKNOWN, NULL, &err),
                     MU_ESTATE);
    char *t;
    assert_int_equal(t_show(c, MU_SIDE_NONE, RO(MU_FMT_TEXT), &t,
                                      &err), MU_OK);
    assert_non_null(strstr(t, "hidden, commitment"));
    assert_non_null(strstr(t, "the Union holds 2 Confederate stands"));
    free(t);
    assert_int_equal(mu_campaign_casualties(c, 2, STANDS(1, 1, 0), NULL, &err),
                     MU_ESTATE);
    assert_int_equal(t_log(c, MU_SIDE_NONE, NULL, RO(MU_FMT_TEXT), &t,
                                     &err), MU_OK);
    assert_non_null(strstr(t, "engage: division 2 \"Heth\": hidden, "
                              "commitment"));
    assert_null(strstr(t, "rolls: leader 50"));
    assert_non_null(strstr(t, "rolls: leader 60")); /* its own */
    free(t);
    mu_campaign_close(c);
    free(salt);
    free(json);
    free(rolls);
}

/* export --format csv: every brigade of what the viewer may see. */
static void csv_export(void **state)
{
    (void)state;
    int u, k;
    mu_campaign *c = scene(&u, &k);
    mu_error err;
    assert_int_equal(mu_campaign_casualties(c, u, STANDS(1, 2, 1), NULL, &err),
                     MU_OK);
    char *t;
    assert_int_equal(t_csv(c, &t, &err), MU_OK);
    assert_string_equal(t,
        "record,division,name,side,arm,corps,hidden,brigade,battle,stands,"
        "start,lost,captured,returned,freed,morale,leader,batteries,reserve\n"
        "division,1,Wadsworth,union,infantry,,0,,,11,14,2,1,0,0,,average,2,0\n"
        "brigade,1,,union,,,,1,,4,7,2,1,0,0,veteran,exceptional,,\n"
        "brigade,1,,union,,,,2,,7,7,0,0,0,0,veteran,average,,\n"
        "division,2,Heth,confederate,infantry,,1,,,14,14,0,0,0,0,,average,2,0\n"
        "brigade,2,,confederate,,,,1,,7,7,0,0,0,0,veteran,exceptional,,\n"
        "brigade,2,,confederate,,,,2,,7,7,0,0,0,0,veteran,average,,\n"
        "loss,1,,union,,,,1,1,,,2,1,,,,,,\n");
    free(t);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    assert_int_equal(t_csv(c, &t, &err), MU_OK);
    assert_non_null(strstr(t, "division,2,Heth,confederate,infantry,,1,,,,,,,"
                              ",,,,,\n"));
    assert_null(strstr(t, "brigade,2,"));
    free(t);
    mu_campaign_close(c);
}

/* A campaign whose hidden Confederate division 1 lost stands in `nb`
 * brigades, and whose open Union division 2 lost 1 in brigade 1, its
 * battle ended on seed 77: the Union's log of that end. */
static char *end_seen_by_union(int nb, char **json)
{
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "Streams";
    o.year = 1863;
    o.theater = MU_EAST;
    mu_campaign *c;
    mu_error err;
    int id;
    mu_dice *d;
    mu_engagement e;
    assert_int_equal(mu_campaign_create(fresh(), &o, &c, &err), MU_OK);
    assert_int_equal(mu_campaign_add(c, MU_CONFEDERATE, "Heth", MU_INFANTRY,
                                     NULL, &id, &err), MU_OK);
    assert_int_equal(mu_campaign_add(c, MU_UNION, "Wadsworth", MU_INFANTRY,
                                     NULL, &id, &err), MU_OK);
    assert_int_equal(mu_campaign_battle_start(c, "Ridge", MU_THEATER_UNKNOWN, NULL, &err), MU_OK);
    for (int div = 1; div <= 2; div++) {
        assert_int_equal(mu_dice_new_seeded((uint64_t)div + 40, &d, &err),
                         MU_OK);
        assert_int_equal(mu_campaign_engage(c, div, div == 1, false, d, &e,
                                            &err), MU_OK);
        mu_dice_free(d);
    }
    for (int b = 1; b <= nb; b++)
        assert_int_equal(mu_campaign_casualties(c, 1, STANDS(b, 1, 0), NULL,
                                                &err), MU_OK);
    assert_int_equal(mu_campaign_casualties(c, 2, STANDS(1, 1, 0), NULL, &err),
                     MU_OK);
    assert_int_equal(mu_dice_new_seeded(77, &d, &err), MU_OK);
    int64_t ev;
    assert_int_equal(mu_campaign_battle_end(c, MU_SIDE_NONE, d, &ev, &err),
                     MU_OK);
    mu_dice_free(d);
    char *t;
    assert_int_equal(mu_campaign_event(c, ev, MU_SIDE_UNION, RO(MU_FMT_TEXT),
                                       &t, &err), MU_OK);
    assert_int_equal(mu_campaign_event(c, ev, MU_SIDE_NONE,
                                       RO(MU_FMT_JSON), json, &err), MU_OK);
    camp_check_ok(c);
    mu_campaign_close(c);
    return t;
}

/* A seeded battle end rolls each division's returns from its own stream:
 * the Union's roll is the same whether the hidden division before it
 * rolled once or three times, and it is the first roll of the seed
 * muster/campaign.h specifies, computed here with libsodium. */
static void returns_on_their_own_streams(void **state)
{
    (void)state;
    char *j1, *j3;
    char *one = end_seen_by_union(1, &j1), *three = end_seen_by_union(3, &j3);
    assert_string_equal(strchr(one, '\n'), strchr(three, '\n'));
    assert_non_null(strstr(j1, "\"streams\":\"division\""));
    unsigned char in[30], h[32];
    memcpy(in, "muster returns v1", 18); /* with its zero byte */
    for (int i = 0; i < 8; i++)
        in[18 + i] = (unsigned char)(77ULL >> (8 * i));
    in[26] = 2, in[27] = in[28] = in[29] = 0; /* division 2 */
    crypto_hash_sha256(h, in, sizeof in);
    uint64_t seed = 0;
    for (int i = 7; i >= 0; i--)
        seed = seed << 8 | h[i];
    mu_dice *d;
    mu_error err;
    int roll;
    assert_int_equal(mu_dice_new_seeded(seed, &d, &err), MU_OK);
    assert_int_equal(mu_dice_d100(d, "return", &roll, &err), MU_OK);
    mu_dice_free(d);
    char want[80];
    snprintf(want, sizeof want, "union division 2 brigade 1: 50%% of 1 lost "
             "= 0.50, roll %d ", roll);
    if (!strstr(one, want))
        fail_msg("'%s' not in:\n%s", want, one);
    free(one);
    free(three);
    free(j1);
    free(j3);
}

/* A cell a spreadsheet could read as a formula is defused with a leading
 * ', spaces before the =, +, - or @ included (spreadsheets skip them). */
static void csv_formulas_defused(void **state)
{
    (void)state;
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "Cells";
    o.year = 1863;
    o.theater = MU_EAST;
    mu_campaign *c;
    mu_error err;
    int id;
    assert_int_equal(mu_campaign_create(fresh(), &o, &c, &err), MU_OK);
    static const char *const names[] = {"  =1+1", " +A1", "-2", "   @SUM",
                                        "a =b", "x"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        assert_int_equal(mu_campaign_add(c, MU_UNION, names[i], MU_INFANTRY,
                                         i == 5 ? " -corps" : NULL, &id, &err),
                         MU_OK);
    char *t;
    assert_int_equal(t_csv(c, &t, &err), MU_OK);
    const char *rows = strchr(t, '\n') + 1;
    assert_string_equal(rows,
        "division,1,\"'  =1+1\",union,infantry,,0,,,,,,,,,,,,\n"
        "division,2,\"' +A1\",union,infantry,,0,,,,,,,,,,,,\n"
        "division,3,\"'-2\",union,infantry,,0,,,,,,,,,,,,\n"
        "division,4,\"'   @SUM\",union,infantry,,0,,,,,,,,,,,,\n"
        "division,5,a =b,union,infantry,,0,,,,,,,,,,,,\n"
        "division,6,x,union,infantry,\"' -corps\",0,,,,,,,,,,,,\n");
    free(t);
    mu_campaign_close(c);
}

/* The two-party seed is what muster/campaign.h specifies, computed here
 * the long way with libsodium. */
static void fair_seed_is_specified(void **state)
{
    (void)state;
    unsigned char sec[32], con[32];
    char sh[65], ch[65];
    for (int i = 0; i < 32; i++) {
        sec[i] = (unsigned char)i;
        con[i] = (unsigned char)(0x20 + i);
    }
    sodium_bin2hex(sh, sizeof sh, sec, 32);
    sodium_bin2hex(ch, sizeof ch, con, 32);
    unsigned char buf[128], h[32];
    const char ctag[] = "muster fair commit v1", stag[] = "muster fair seed v1";
    memcpy(buf, ctag, sizeof ctag); /* with its zero byte */
    memcpy(buf + sizeof ctag, sec, 32);
    crypto_hash_sha256(h, buf, sizeof ctag + 32);
    char want[65], got[MU_FAIR_HEX];
    sodium_bin2hex(want, sizeof want, h, 32);
    mu_error err;
    assert_int_equal(mu_fair_commitment(sh, got, &err), MU_OK);
    assert_string_equal(got, want);
    memcpy(buf, stag, sizeof stag);
    memcpy(buf + sizeof stag, sec, 32);
    memcpy(buf + sizeof stag + 32, con, 32);
    crypto_hash_sha256(h, buf, sizeof stag + 64);
    uint64_t seed = 0, expect = 0;
    for (int i = 0; i < 8; i++)
        expect |= (uint64_t)h[i] << (8 * i);
    assert_int_equal(mu_fair_seed(sh, ch, &seed, &err), MU_OK);
    assert_true(seed == expect);
    /* Either half changed: another seed. */
    uint64_t other;
    assert_int_equal(mu_fair_seed(ch, sh, &other, &err), MU_OK);
    assert_true(other != seed);
    assert_int_equal(mu_fair_seed("00", ch, &seed, &err), MU_EINPUT);
    assert_int_equal(mu_fair_commitment("zz", got, &err), MU_EINPUT);
}

/* The protocol through the API in one shared file (an umpire's table):
 * commit, contribute, roll; the division is the generator's on the seed. */
static void fair_roll_in_one_file(void **state)
{
    (void)state;
    mu_campaign *c = campaign();
    mu_error err;
    int k;
    assert_int_equal(mu_campaign_add(c, MU_CONFEDERATE, "Hood", MU_INFANTRY,
                                     NULL, &k, &err), MU_OK);
    assert_int_equal(mu_campaign_battle_start(c, "Chickamauga", MU_WEST,
                                                 NULL, &err), MU_OK);
    char h[MU_FAIR_HEX], r[MU_FAIR_HEX], r2[MU_FAIR_HEX];
    mu_engagement e;
    /* No roll before both halves exist. */
    assert_int_equal(mu_campaign_engage_fair(c, k, NULL, false, &e, &err),
                     MU_ESTATE);
    assert_int_equal(mu_campaign_fair_commit(c, k, h, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_engage_fair(c, k, NULL, false, &e, &err),
                     MU_ESTATE);
    /* Acting for the owner, no contribution; for the opponent, one. */
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_CONFEDERATE, &err), MU_OK);
    assert_int_equal(mu_campaign_contribute(c, k, h, r, NULL, &err), MU_ESTATE);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    assert_int_equal(mu_campaign_contribute(c, k, h, r, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_contribute(c, k, h, r2, NULL, &err), MU_OK);
    assert_string_equal(r, r2); /* asked again: the same */
    assert_int_equal(mu_campaign_engage_fair(c, k, NULL, false, &e, &err),
                     MU_ESTATE); /* not the Union's to roll */
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_NONE, &err), MU_OK);
    assert_int_equal(mu_campaign_engage_fair(c, k, NULL, false, &e, &err),
                     MU_OK);
    assert_true(e.fair && e.hidden);
    /* The division is mu_division_generate's on the seed of both, for the
     * battle's theater (west) and the campaign's year. */
    sqlite3 *db;
    char path[512];
    snprintf(path, sizeof path, "%s/c%d.db", dir, serial);
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char *secret = one_text(db, "SELECT fair_secret FROM divisions WHERE id = 1");
    sqlite3_close(db);
    uint64_t seed;
    assert_int_equal(mu_fair_seed(secret, r, &seed, &err), MU_OK);
    free(secret);
    mu_dice *d;
    assert_int_equal(mu_dice_new_seeded(seed, &d, &err), MU_OK);
    mu_oob_opts o = {MU_CONFEDERATE, 1863, MU_WEST, MU_INFANTRY, false};
    mu_division want;
    mu_rules *rules;
    assert_int_equal(mu_rules_default(&rules, &err), MU_OK);
    assert_int_equal(mu_division_generate(rules, d, &o, &want, &err), MU_OK);
    mu_rules_free(rules);
    mu_dice_free(d);
    assert_int_equal(want.stands, e.division.stands);
    assert_int_equal(want.nrolls, e.division.nrolls);
    assert_memory_equal(want.rolls, e.division.rolls,
                        (size_t)want.nrolls * sizeof *want.rolls);
    assert_int_equal(e.division.theater, MU_WEST);
    /* Its reveal verifies in the same file. */
    char *doc, *report;
    assert_int_equal(mu_campaign_reveal(c, k, &doc, &err), MU_OK);
    assert_non_null(strstr(doc, "\"verifiable\":true"));
    assert_int_equal(mu_campaign_fair_verify(c, k, doc, strlen(doc), &report,
                                             &err), MU_OK);
    assert_non_null(strstr(report, "Western theater 1863"));
    free(report);
    free(doc);
    mu_campaign_close(c);
}

/* The war's calendar: advance, battles in either theater, engagements for
 * the battle's year and theater. */
static void years_and_theaters(void **state)
{
    (void)state;
    mu_campaign *c = campaign();
    mu_error err;
    int a, b;
    assert_int_equal(mu_campaign_add(c, MU_UNION, "A", MU_INFANTRY, NULL, &a,
                                     &err), MU_OK);
    assert_int_equal(mu_campaign_add(c, MU_UNION, "B", MU_INFANTRY, NULL, &b,
                                     &err), MU_OK);
    assert_int_equal(mu_campaign_advance(c, 1863, NULL, &err), MU_EINPUT);
    assert_int_equal(mu_campaign_advance(c, 1866, NULL, &err), MU_EINPUT);
    assert_int_equal(mu_campaign_advance(c, 1864, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_battle_start(c, "Atlanta", MU_WEST, NULL,
                                                 &err), MU_OK);
    assert_int_equal(mu_campaign_advance(c, 1865, NULL, &err), MU_ESTATE);
    mu_dice *d;
    mu_engagement e;
    assert_int_equal(mu_dice_new_seeded(3, &d, &err), MU_OK);
    assert_int_equal(mu_campaign_engage(c, a, false, false, d, &e, &err),
                     MU_OK);
    mu_dice_free(d);
    assert_int_equal(e.division.year, 1864);
    assert_int_equal(e.division.theater, MU_WEST);
    assert_int_equal(mu_campaign_battle_end(c, MU_SIDE_NONE, NULL, NULL,
                                            &err), MU_EINPUT);
    assert_int_equal(mu_dice_new_seeded(3, &d, &err), MU_OK);
    assert_int_equal(mu_campaign_battle_end(c, MU_SIDE_NONE, d, NULL, &err),
                     MU_OK);
    mu_dice_free(d);
    /* Outside a battle: the campaign's year and theater. */
    assert_int_equal(mu_dice_new_seeded(3, &d, &err), MU_OK);
    assert_int_equal(mu_campaign_engage(c, b, false, false, d, &e, &err),
                     MU_OK);
    mu_dice_free(d);
    assert_int_equal(e.division.year, 1864);
    assert_int_equal(e.division.theater, MU_EAST);
    char *t;
    assert_int_equal(t_show(c, MU_SIDE_NONE, RO(MU_FMT_TEXT), &t,
                                      &err), MU_OK);
    assert_non_null(strstr(t, ": 1864, Eastern theater"));
    free(t);
    assert_int_equal(mu_campaign_check_head(c, NULL, &t, &err), MU_OK);
    free(t);
    mu_campaign_close(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_named_leaks),
        cmocka_unit_test(reads_acting_for_a_side),
        cmocka_unit_test(releases_acting_for_a_side),
        cmocka_unit_test(battle_end_acting_for_a_side),
        cmocka_unit_test(schema1_file_is_upgraded),
        cmocka_unit_test(a_players_own_file),
        cmocka_unit_test(csv_export),
        cmocka_unit_test(csv_formulas_defused),
        cmocka_unit_test(returns_on_their_own_streams),
        cmocka_unit_test(fair_seed_is_specified),
        cmocka_unit_test(fair_roll_in_one_file),
        cmocka_unit_test(years_and_theaters),
        cmocka_unit_test(a_backup_is_the_umpires),
        cmocka_unit_test(a_brigade_by_its_name),
    };
    return cmocka_run_group_tests(tests, camp_setup, camp_teardown);
}
