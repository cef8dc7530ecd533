/* SPDX-License-Identifier: MIT */
/* Exchanges by consent (issue 35; seed 000: prisoners "can only be
 * exchanged by mutual consent"): acting for a side, an exchange or a
 * liberation is an offer that moves no one; the other side accepts or
 * declines it, its maker withdraws it, the umpire answers any. An offer is
 * answered once; an accept re-checks what is held; undo and check replay
 * the new kinds, an undone accept putting its men back in camp. Every
 * field of the four kinds is read strictly. */
#include "test_campaign_util.h"

#include "campaign/campaign.h"

#include <cjson/cJSON.h>

/* 1863 east: a Union and a Confederate division in the open, 2 stands of
 * each held by the other side. */
static mu_campaign *scene(void)
{
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "Consent";
    o.year = 1863;
    o.theater = MU_EAST;
    mu_campaign *c = NULL;
    mu_error err;
    assert_int_equal(mu_campaign_create(fresh(), &o, &c, &err), MU_OK);
    for (int a = 0; a < 2; a++) {
        int id;
        assert_int_equal(mu_campaign_add(c, (mu_army)a, a ? "Heth" : "Wadsworth",
                                         MU_INFANTRY, NULL, &id, &err), MU_OK);
        mu_dice *d = NULL;
        assert_int_equal(mu_dice_new_seeded((uint64_t)(7 + a), &d, &err),
                         MU_OK);
        mu_engagement e;
        assert_int_equal(mu_campaign_engage(c, id, false, false, d, &e, &err),
                         MU_OK);
        mu_dice_free(d);
    }
    assert_int_equal(mu_campaign_battle_start(c, "Ridge", MU_THEATER_UNKNOWN, NULL, &err), MU_OK);
    for (int div = 1; div <= 2; div++)
        assert_int_equal(mu_campaign_casualties(c, div, STANDS(1, 0, 2), NULL,
                                                &err), MU_OK);
    return c;
}

static void as(mu_campaign *c, mu_side s)
{
    mu_error err;
    assert_int_equal(mu_campaign_act_as(c, s, &err), MU_OK);
}

static int held(mu_campaign *c, mu_army side)
{
    int n = 0;
    mu_error err;
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_NONE, &err), MU_OK);
    char *t = NULL;
    assert_int_equal(t_prisoners(c, RO(MU_FMT_JSON), &t, &err),
                     MU_OK);
    cJSON *j = cJSON_Parse(t);
    free(t);
    n = cJSON_GetObjectItem(cJSON_GetObjectItem(j, side == MU_UNION
                                                ? "held_by_confederate"
                                                : "held_by_union"),
                            "total")->valueint;
    cJSON_Delete(j);
    return n;
}

static mu_status answer(mu_campaign *c, int64_t offer, mu_offer_answer a,
                        int64_t *ev, mu_error *err)
{
    mu_offer_reply r = {offer, a, MU_OFFER_EITHER};
    return mu_campaign_offer_answer(c, &r, ev, err);
}

static void check_clean(mu_campaign *c)
{
    char *t = NULL;
    mu_error err;
    as(c, MU_SIDE_NONE);
    assert_int_equal(mu_campaign_check_head(c, NULL, &t, &err), MU_OK);
    assert_non_null(strstr(t, "every table agrees"));
    free(t);
}

/* Who may answer what, and only once. */
static void answers_by_whom(void **state)
{
    (void)state;
    mu_campaign *c = scene();
    mu_error err;
    int64_t offer = 0, ev = 0;
    as(c, MU_SIDE_UNION);
    assert_int_equal(mu_campaign_exchange(c, EXCHANGE(1, 1), &offer, &err),
                     MU_OK);
    assert_int_equal(held(c, MU_UNION), 2); /* no one moved */
    assert_int_equal(held(c, MU_CONFEDERATE), 2);
    as(c, MU_SIDE_UNION);
    assert_int_equal(answer(c, offer, MU_OFFER_ACCEPT, NULL, &err), MU_ESTATE);
    assert_int_equal(answer(c, offer, MU_OFFER_DECLINE, NULL, &err), MU_ESTATE);
    as(c, MU_SIDE_CONFEDERATE);
    assert_int_equal(answer(c, offer, MU_OFFER_WITHDRAW, NULL, &err),
                     MU_ESTATE);
    assert_non_null(strstr(err.msg, "only its maker withdraws it"));
    mu_offer_reply lib = {offer, MU_OFFER_ACCEPT, MU_OFFER_LIBERATION};
    assert_int_equal(mu_campaign_offer_answer(c, &lib, NULL, &err), MU_EINPUT);
    assert_int_equal(answer(c, offer, MU_OFFER_ACCEPT, &ev, &err), MU_OK);
    assert_int_equal(ev, offer + 1);
    assert_int_equal(held(c, MU_UNION), 1);
    assert_int_equal(held(c, MU_CONFEDERATE), 1);
    as(c, MU_SIDE_CONFEDERATE);
    assert_int_equal(answer(c, offer, MU_OFFER_ACCEPT, NULL, &err), MU_ESTATE);
    assert_non_null(strstr(err.msg, "was accepted already"));
    as(c, MU_SIDE_NONE);
    assert_int_equal(answer(c, offer, MU_OFFER_DECLINE, NULL, &err), MU_ESTATE);
    /* events that are no offers */
    assert_int_equal(answer(c, 2, MU_OFFER_ACCEPT, NULL, &err), MU_EINPUT);
    assert_int_equal(answer(c, 999, MU_OFFER_ACCEPT, NULL, &err), MU_EINPUT);
    assert_int_equal(answer(c, 0, MU_OFFER_ACCEPT, NULL, &err), MU_EINPUT);
    /* the umpire answers any open offer; a withdrawn one stays closed */
    as(c, MU_SIDE_CONFEDERATE);
    assert_int_equal(mu_campaign_exchange(c, EXCHANGE(1, 0), &offer, &err),
                     MU_OK);
    as(c, MU_SIDE_NONE);
    assert_int_equal(answer(c, offer, MU_OFFER_DECLINE, NULL, &err), MU_OK);
    as(c, MU_SIDE_CONFEDERATE);
    assert_int_equal(mu_campaign_exchange(c, EXCHANGE(1, 0), &offer, &err),
                     MU_OK);
    assert_int_equal(answer(c, offer, MU_OFFER_WITHDRAW, NULL, &err), MU_OK);
    as(c, MU_SIDE_UNION);
    assert_int_equal(answer(c, offer, MU_OFFER_ACCEPT, NULL, &err), MU_ESTATE);
    assert_non_null(strstr(err.msg, "was withdrawn already"));
    check_clean(c);
    mu_campaign_close(c);
}

/* An accept frees what is held then: too few now is refused, whole. */
static void accept_rechecks(void **state)
{
    (void)state;
    mu_campaign *c = scene();
    mu_error err;
    int64_t offer = 0;
    as(c, MU_SIDE_CONFEDERATE);
    assert_int_equal(mu_campaign_exchange(c, EXCHANGE(2, 0), &offer, &err),
                     MU_OK);
    as(c, MU_SIDE_NONE); /* the umpire sends one of the two home meanwhile */
    assert_int_equal(mu_campaign_exchange(c, EXCHANGE(1, 0), NULL, &err),
                     MU_OK);
    as(c, MU_SIDE_UNION);
    assert_int_equal(answer(c, offer, MU_OFFER_ACCEPT, NULL, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "cannot be accepted: 1 Union stand is "
                                    "held"));
    assert_int_equal(held(c, MU_UNION), 1);
    /* a liberation offered, its camp emptied before the accept */
    as(c, MU_SIDE_UNION);
    assert_int_equal(mu_campaign_liberate(c, FREE_CAMP("Confederate POW camp"),
                                          &offer, &err), MU_OK);
    as(c, MU_SIDE_NONE);
    assert_int_equal(mu_campaign_liberate(c, FREE_SIDE(MU_UNION), NULL, &err),
                     MU_OK);
    as(c, MU_SIDE_CONFEDERATE);
    assert_int_equal(answer(c, offer, MU_OFFER_ACCEPT, NULL, &err), MU_ESTATE);
    assert_non_null(strstr(err.msg, "no camp called 'Confederate POW camp'"));
    /* (the accept's refusal is not a misspelt name; a liberation's is) */
    assert_int_equal(err.reason, MU_R_NONE);
    as(c, MU_SIDE_NONE);
    assert_int_equal(mu_campaign_liberate(c, FREE_CAMP("Confederate POW camp"),
                                          NULL, &err), MU_ESTATE);
    assert_int_equal(err.reason, MU_R_NO_SUCH_CAMP);
    check_clean(c);
    mu_campaign_close(c);
}

/* Undo of an accept puts its men back in camp and opens the offer again;
 * an offer with an answer is undone only after its answer. */
static void undo_and_replay(void **state)
{
    (void)state;
    mu_campaign *c = scene();
    mu_error err;
    int64_t offer = 0, ev = 0, u = 0;
    as(c, MU_SIDE_UNION);
    assert_int_equal(mu_campaign_liberate(c, FREE_SIDE(MU_UNION), &offer, &err),
                     MU_OK);
    as(c, MU_SIDE_CONFEDERATE);
    assert_int_equal(answer(c, offer, MU_OFFER_ACCEPT, &ev, &err), MU_OK);
    assert_int_equal(held(c, MU_UNION), 0);
    as(c, MU_SIDE_NONE);
    assert_int_equal(mu_campaign_undo(c, offer, NULL, &err), MU_ESTATE);
    assert_non_null(strstr(err.msg, "depends on it"));
    assert_int_equal(mu_campaign_undo(c, ev, &u, &err), MU_OK);
    assert_int_equal(held(c, MU_UNION), 2);
    check_clean(c);
    as(c, MU_SIDE_CONFEDERATE);
    assert_int_equal(answer(c, offer, MU_OFFER_DECLINE, NULL, &err), MU_OK);
    as(c, MU_SIDE_NONE);
    assert_int_equal(mu_campaign_undo(c, 0, NULL, &err), MU_OK); /* decline */
    assert_int_equal(mu_campaign_undo(c, offer, NULL, &err), MU_OK);
    as(c, MU_SIDE_CONFEDERATE);
    assert_int_equal(answer(c, offer, MU_OFFER_ACCEPT, NULL, &err), MU_ESTATE);
    assert_non_null(strstr(err.msg, "was undone"));
    check_clean(c);
    mu_campaign_close(c);
}

/* Each top-level field of the stored events of the four kinds, removed:
 * refused naming it (the optional ones aside). */
static void strict_fields(void **state)
{
    (void)state;
    mu_campaign *c = scene();
    mu_error err;
    int64_t offer = 0;
    as(c, MU_SIDE_UNION);
    assert_int_equal(mu_campaign_exchange(c, EXCHANGE(1, 1), &offer, &err),
                     MU_OK);
    as(c, MU_SIDE_CONFEDERATE);
    assert_int_equal(answer(c, offer, MU_OFFER_ACCEPT, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_liberate(c, FREE_SIDE(MU_CONFEDERATE), &offer,
                                          &err), MU_OK);
    assert_int_equal(answer(c, offer, MU_OFFER_WITHDRAW, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_liberate(c, FREE_CAMP("Union POW camp"),
                                          &offer, &err), MU_OK);
    as(c, MU_SIDE_UNION);
    assert_int_equal(answer(c, offer, MU_OFFER_DECLINE, NULL, &err), MU_OK);
    sqlite3_stmt *st;
    assert_int_equal(camp_prepare(c, "SELECT id, kind, data FROM events WHERE "
                                  "kind IN ('offer', 'accept', 'decline', "
                                  "'withdraw') ORDER BY id", &st, &err), MU_OK);
    int n = 0, refused = 0;
    static const char *const optional[] = {"camp", "author", "time",
                                           "union_leaders", "leaders", NULL};
    while (sqlite3_step(st) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(st, 0);
        const char *kind = (const char *)sqlite3_column_text(st, 1);
        cJSON *o = cJSON_Parse((const char *)sqlite3_column_text(st, 2));
        camp_ev e;
        char *t = cJSON_PrintUnformatted(o);
        assert_int_equal(camp_ev_decode("f", id, kind, 0, t, &e, &err), MU_OK);
        cJSON *back = camp_ev_encode(&e); /* encodes to the stored bytes */
        char *b = cJSON_PrintUnformatted(back);
        assert_string_equal(b, t);
        cJSON_free(b);
        cJSON_Delete(back);
        camp_ev_clear(&e);
        cJSON_free(t);
        n++;
        for (cJSON *f = o->child; f; f = f->next) {
            bool opt = false;
            for (int i = 0; optional[i]; i++)
                opt = opt || !strcmp(f->string, optional[i]);
            if (opt || !strcmp(f->string, "confederate_leaders"))
                continue;
            cJSON *copy = cJSON_Duplicate(o, 1);
            cJSON_DeleteItemFromObjectCaseSensitive(copy, f->string);
            t = cJSON_PrintUnformatted(copy);
            mu_status s = camp_ev_decode("f", id, kind, 0, t, &e, &err);
            if (s == MU_OK)
                fail_msg("event %lld (%s): accepted without '%s'",
                         (long long)id, kind, f->string);
            refused++;
            cJSON_free(t);
            cJSON_Delete(copy);
        }
        cJSON_Delete(o);
    }
    camp_finalize(c, st);
    assert_int_equal(n, 6);
    assert_true(refused >= 20);
    /* an offer by the umpire, or of nothing, is no offer */
    assert_int_equal(camp_ev_decode("f", 9, "offer", 0, "{\"of\":\"exchange\","
                                    "\"by\":\"umpire\",\"union\":1,"
                                    "\"confederate\":0}", &(camp_ev){0}, &err),
                     MU_EIO);
    assert_int_equal(camp_ev_decode("f", 9, "offer", 0, "{\"of\":\"exchange\","
                                    "\"by\":\"union\",\"union\":0,"
                                    "\"confederate\":0}", &(camp_ev){0}, &err),
                     MU_EIO);
    mu_campaign_close(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(answers_by_whom),
        cmocka_unit_test(accept_rechecks),
        cmocka_unit_test(undo_and_replay),
        cmocka_unit_test(strict_fields),
    };
    return cmocka_run_group_tests(tests, camp_setup, camp_teardown);
}
