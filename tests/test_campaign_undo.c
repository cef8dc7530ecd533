/* SPDX-License-Identifier: MIT */
/* campaign undo: an undo leaves the ledger exactly as if the event had
 * never happened (compared with a campaign where it never did, through
 * show and prisoners as JSON), for every kind that can be undone; check
 * replays it; what cannot be undone, or is depended on, is refused with a
 * message that names the later event; acting for a side, nothing about the
 * other side's events is told; the chain covers the undo and tampering
 * with it is caught. */
#include "test_campaign_util.h"

#include <sqlite3.h>

/* One step of a campaign: makes one event (event number = step + 2). */
typedef mu_status (*step_fn)(mu_campaign *c, mu_error *err);

static mu_status add_div(mu_campaign *c, mu_army side, const char *name,
                         const char *corps, mu_error *err)
{
    int id;
    return mu_campaign_add(c, side, name, MU_INFANTRY, corps, &id, err);
}

static mu_status seeded_engage(mu_campaign *c, int div, bool hidden,
                               uint64_t seed, mu_error *err)
{
    mu_dice *d = NULL;
    mu_engagement e;
    mu_status s = mu_dice_new_seeded(seed, &d, err);
    if (s == MU_OK)
        s = mu_campaign_engage(c, div, hidden, false, d, &e, err);
    mu_dice_free(d);
    return s;
}

static mu_status s_add_u1(mu_campaign *c, mu_error *e)
{
    return add_div(c, MU_UNION, "U1", "I", e);
}
static mu_status s_add_u2(mu_campaign *c, mu_error *e)
{
    return add_div(c, MU_UNION, "U2", "I", e);
}
static mu_status s_add_c1(mu_campaign *c, mu_error *e)
{
    return add_div(c, MU_CONFEDERATE, "C1", NULL, e);
}
static mu_status s_engage_u1(mu_campaign *c, mu_error *e)
{
    return seeded_engage(c, 1, false, 11, e);
}
static mu_status s_engage_c1(mu_campaign *c, mu_error *e)
{
    return seeded_engage(c, 3, false, 12, e);
}
static mu_status s_start(mu_campaign *c, mu_error *e)
{
    return mu_campaign_battle_start(c, "First", MU_THEATER_UNKNOWN, NULL, e);
}
static mu_status s_cas_u1(mu_campaign *c, mu_error *e)
{
    return mu_campaign_casualties(c, 1, STANDS(1, 3, 1), NULL, e);
}
static mu_status s_cas_c1(mu_campaign *c, mu_error *e)
{
    return mu_campaign_casualties(c, 3, STANDS(1, 1, 2), NULL, e);
}
static mu_status s_end(mu_campaign *c, mu_error *e)
{
    mu_dice *d = NULL;
    mu_status s = mu_dice_new_seeded(13, &d, e);
    if (s == MU_OK)
        s = mu_campaign_battle_end(c, MU_SIDE_UNION, d, NULL, e);
    mu_dice_free(d);
    return s;
}
static mu_status s_exchange(mu_campaign *c, mu_error *e)
{
    return mu_campaign_exchange(c, EXCHANGE(1, 1), NULL, e);
}
static mu_status s_liberate(mu_campaign *c, mu_error *e)
{
    return mu_campaign_liberate(c, FREE_SIDE(MU_CONFEDERATE), NULL, e);
}
static mu_status s_leader_lost(mu_campaign *c, mu_error *e)
{
    mu_dice *d = NULL;
    mu_status s = mu_dice_new_seeded(14, &d, e);
    if (s == MU_OK)
        s = mu_campaign_leader_lost(c, 3, MU_POST_DIVISION, 0, d, NULL, e);
    mu_dice_free(d);
    return s;
}
static mu_status s_penalty(mu_campaign *c, mu_error *e)
{
    return mu_campaign_penalty(c, MU_UNION, NULL, e);
}
/* The first average leader of U1 (division, then brigades) is downgraded:
 * a refused try changes nothing. */
static mu_status s_downgrade(mu_campaign *c, mu_error *e)
{
    mu_status s = mu_campaign_downgrade(c, 1, MU_POST_DIVISION, 0, NULL, e);
    for (int b = 1; s != MU_OK && b <= MU_MAX_BRIGADES; b++)
        s = mu_campaign_downgrade(c, 1, MU_POST_BRIGADE, b, NULL, e);
    return s;
}
static mu_status s_advance(mu_campaign *c, mu_error *e)
{
    return mu_campaign_advance(c, 1864, NULL, e);
}
static mu_status s_engage_u2(mu_campaign *c, mu_error *e)
{
    return seeded_engage(c, 2, false, 15, e);
}

static const struct {
    step_fn fn;
    const char *kind;
} steps[] = {
    {s_add_u1, "add"},           {s_add_u2, "add"},
    {s_add_c1, "add"},           {s_engage_u1, "engage"},
    {s_engage_c1, "engage"},     {s_start, "battle-start"},
    {s_cas_u1, "casualties"},    {s_cas_c1, "casualties"},
    {s_end, "battle-end"},       {s_exchange, "exchange"},
    {s_liberate, "liberate"},    {s_leader_lost, "leader-lost"},
    {s_penalty, "penalty"},      {s_downgrade, "downgrade"},
    {s_advance, "advance"},      {s_engage_u2, "engage"},
};
#define NSTEPS ((int)(sizeof steps / sizeof *steps))
#define EVENT_OF(step) ((int64_t)(step) + 2)

/* A campaign made by steps[0..n), each step once. */
static mu_campaign *made(int n)
{
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "Undo";
    o.year = 1863;
    o.theater = MU_EAST;
    mu_campaign *c = NULL;
    mu_error err;
    assert_int_equal(mu_campaign_create(fresh(), &o, &c, &err), MU_OK);
    for (int i = 0; i < n; i++)
        if (steps[i].fn(c, &err) != MU_OK)
            fail_msg("step %d (%s): %s", i, steps[i].kind, err.msg);
    return c;
}

/* Show and prisoners as JSON: the whole ledger as a reader sees it. */
static char *ledger(mu_campaign *c)
{
    char *a, *b, *out;
    mu_error err;
    assert_int_equal(t_show(c, MU_SIDE_NONE, RO(MU_FMT_JSON), &a,
                                      &err), MU_OK);
    assert_int_equal(t_prisoners(c, RO(MU_FMT_JSON), &b, &err),
                     MU_OK);
    size_t n = strlen(a) + strlen(b) + 1;
    out = malloc(n);
    assert_non_null(out);
    snprintf(out, n, "%s%s", a, b);
    free(a);
    free(b);
    return out;
}

static void checks_clean(mu_campaign *c)
{
    char *report = NULL;
    mu_error err;
    mu_status s = mu_campaign_check_head(c, NULL, &report, &err);
    if (s != MU_OK)
        fail_msg("check: %s", report ? report : err.msg);
    free(report);
}

static char *log_line(mu_campaign *c, int64_t id)
{
    char *t;
    mu_error err;
    assert_int_equal(mu_campaign_event(c, id, MU_SIDE_NONE,
                                       RO(MU_FMT_TEXT), &t, &err), MU_OK);
    return t;
}

/* Every kind that can be undone, as the latest event: the ledger is the
 * one of the campaign that never had it, and check agrees. */
static void each_kind_undone(void **state)
{
    (void)state;
    int kinds = 0;
    for (int k = 0; k < NSTEPS; k++) {
        if (!strcmp(steps[k].kind, "add"))
            continue;
        mu_campaign *a = made(k + 1), *b = made(k);
        mu_error err;
        int64_t u = 0;
        if (mu_campaign_undo(a, 0, &u, &err) != MU_OK)
            fail_msg("undo of step %d (%s): %s", k, steps[k].kind, err.msg);
        assert_int_equal(u, EVENT_OF(k) + 1);
        char *la = ledger(a), *lb = ledger(b);
        if (strcmp(la, lb))
            fail_msg("undo of %s: the ledger differs:\n%s\n%s", steps[k].kind,
                     la, lb);
        char *line = log_line(a, u), want[120];
        snprintf(want, sizeof want, "#%lld undo of #%lld (%s)", (long long)u,
                 (long long)EVENT_OF(k), steps[k].kind);
        assert_non_null(strstr(line, want));
        free(line);
        checks_clean(a);
        /* The step can be made again after its undo. */
        assert_int_equal(steps[k].fn(a, &err), MU_OK);
        checks_clean(a);
        free(la);
        free(lb);
        mu_campaign_close(a);
        mu_campaign_close(b);
        kinds++;
    }
    assert_int_equal(kinds, 13);
}

/* An event in the middle that nothing depends on: casualties of another
 * brigade later in the same battle do not. */
static void undo_in_the_middle(void **state)
{
    (void)state;
    mu_campaign *a = made(7), *b = made(6);
    mu_error err;
    assert_int_equal(mu_campaign_casualties(a, 1, STANDS(2, 1, 0), NULL, &err),
                     MU_OK);
    assert_int_equal(mu_campaign_casualties(b, 1, STANDS(2, 1, 0), NULL, &err),
                     MU_OK);
    int64_t u;
    assert_int_equal(mu_campaign_undo(a, EVENT_OF(6), &u, &err), MU_OK);
    /* Then the battle ends the same way in both. */
    assert_int_equal(s_end(a, &err), MU_OK);
    assert_int_equal(s_end(b, &err), MU_OK);
    char *la = ledger(a), *lb = ledger(b);
    assert_string_equal(la, lb);
    free(la);
    free(lb);
    checks_clean(a);
    /* Undone, then the latest: the undo walks back past it. */
    assert_int_equal(mu_campaign_undo(a, 0, &u, &err), MU_OK);
    char *line = log_line(a, u);
    assert_non_null(strstr(line, "(battle-end)"));
    free(line);
    assert_int_equal(mu_campaign_undo(a, 0, &u, &err), MU_OK);
    line = log_line(a, u);
    assert_non_null(strstr(line, "undo of #9 (casualties)"));
    free(line);
    checks_clean(a);
    mu_campaign_close(a);
    mu_campaign_close(b);
}

static void refused(mu_campaign *c, int64_t id, mu_status want,
                    const char *says)
{
    mu_error err;
    char *before = ledger(c);
    mu_status s = mu_campaign_undo(c, id, NULL, &err);
    if (s != want || !strstr(err.msg, says))
        fail_msg("undo of %lld: status %d, '%s'; wanted '%s'", (long long)id,
                 s, s == MU_OK ? "" : err.msg, says);
    char *after = ledger(c);
    assert_string_equal(before, after); /* nothing changed */
    free(before);
    free(after);
}

/* Schema 4's prisoners: stands in a named camp, a captured leader; a
 * liberation of one camp. Each undone leaves the ledger of the campaign
 * that never had it. */
static mu_status to_camp(mu_campaign *c, mu_error *err)
{
    mu_casualties k = {.brigade = 2, .captured = 1, .camp = "Elmira"};
    return mu_campaign_casualties(c, 1, &k, NULL, err);
}

static mu_status leader_taken(mu_campaign *c, mu_error *err)
{
    mu_dice *d = NULL;
    mu_status s = mu_dice_new_seeded(30, &d, err);
    if (s == MU_OK)
        s = mu_campaign_leader_captured(c, 3, MU_POST_BRIGADE, 1,
                                        "Camp Douglas", d, NULL, err);
    mu_dice_free(d);
    return s;
}

static mu_status free_elmira(mu_campaign *c, mu_error *err)
{
    return mu_campaign_liberate(c, FREE_CAMP("Elmira"), NULL, err);
}

static void camps_undone(void **state)
{
    (void)state;
    static const step_fn more[] = {to_camp, leader_taken, free_elmira};
    for (int k = 0; k < 3; k++) {
        mu_campaign *a = made(8), *b = made(8);
        mu_error err;
        for (int i = 0; i <= k; i++) {
            if (more[i](a, &err) != MU_OK)
                fail_msg("step %d: %s", i, err.msg);
            if (i < k)
                assert_int_equal(more[i](b, &err), MU_OK);
        }
        int64_t u;
        if (mu_campaign_undo(a, 0, &u, &err) != MU_OK)
            fail_msg("undo of step %d: %s", k, err.msg);
        char *la = ledger(a), *lb = ledger(b);
        assert_string_equal(la, lb);
        free(la);
        free(lb);
        checks_clean(a);
        mu_campaign_close(a);
        mu_campaign_close(b);
    }
    /* The stands taken to Elmira are held by their liberation. */
    mu_campaign *c = made(8);
    mu_error err;
    assert_int_equal(to_camp(c, &err), MU_OK);
    assert_int_equal(free_elmira(c, &err), MU_OK);
    refused(c, 10, MU_ESTATE, "event 10 cannot be undone: event 11 "
                              "(liberate) depends on it");
    mu_campaign_close(c);
}

static void refusals(void **state)
{
    (void)state;
    mu_campaign *c = made(9); /* up to the battle's end */
    mu_error err;
    refused(c, 1, MU_ESTATE, "event 1 (new) cannot be undone: it made the "
                             "campaign");
    refused(c, 2, MU_ESTATE, "event 2 (add) cannot be undone");
    refused(c, 99, MU_EINPUT, "no event 99");
    /* What depends on what: named by number and kind, with the reason. */
    refused(c, EVENT_OF(3), MU_ESTATE, "event 5 cannot be undone: event 8 "
                                       "(casualties) depends on it");
    refused(c, EVENT_OF(5), MU_ESTATE, "event 7 cannot be undone: event 8 "
                                       "(casualties) depends on it");
    refused(c, EVENT_OF(6), MU_ESTATE, "event 8 cannot be undone: event 10 "
                                       "(battle-end) depends on it");
    int64_t u;
    assert_int_equal(mu_campaign_undo(c, 0, &u, &err), MU_OK); /* the end */
    refused(c, EVENT_OF(8), MU_ESTATE, "event 10 (battle-end) was undone by "
                                       "event 11 already");
    refused(c, u, MU_ESTATE, "event 11 (undo) cannot be undone: an undo is "
                             "not undone");
    /* The next battle holds the end of the one before. */
    assert_int_equal(s_end(c, &err), MU_OK);
    assert_int_equal(mu_campaign_battle_start(c, "Second", MU_THEATER_UNKNOWN, NULL, &err), MU_OK);
    refused(c, 12, MU_ESTATE, "event 12 cannot be undone: event 13 "
                              "(battle-start) depends on it");
    checks_clean(c);
    mu_campaign_close(c);

    /* A corps leader rated by the first engage holds it; an advance is held
     * by a later engage. */
    c = made(4);
    assert_int_equal(s_engage_u2(c, &err), MU_OK);
    refused(c, EVENT_OF(3), MU_ESTATE, "event 6 (engage) depends on it");
    mu_campaign_close(c);
    c = made(NSTEPS);
    refused(c, EVENT_OF(14), MU_ESTATE, "event 16 cannot be undone: event 17 "
                                        "(engage) depends on it");
    /* A leader's loss is held by a later change of the post. */
    mu_campaign_close(c);
    c = made(12);
    mu_dice *d = NULL;
    assert_int_equal(mu_dice_new_seeded(20, &d, &err), MU_OK);
    assert_int_equal(mu_campaign_leader_lost(c, 3, MU_POST_DIVISION, 0, d,
                                             NULL, &err), MU_OK);
    mu_dice_free(d);
    refused(c, EVENT_OF(11), MU_ESTATE, "event 14 (leader-lost) depends on "
                                        "it");
    mu_campaign_close(c);
}

/* Hidden divisions: their engage is never undone (the rolls would show,
 * and the owner could roll again); acting for the other side, an event
 * about a hidden division gets the one refusal any event of that side
 * gets, and nothing the replay read is told. */
static void secrecy(void **state)
{
    (void)state;
    mu_campaign *c = made(3);
    mu_error err;
    assert_int_equal(seeded_engage(c, 3, true, 12, &err), MU_OK);   /* #5 */
    assert_int_equal(seeded_engage(c, 1, false, 11, &err), MU_OK);  /* #6 */
    assert_int_equal(mu_campaign_battle_start(c, "B", MU_THEATER_UNKNOWN, NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_casualties(c, 3, STANDS(1, 1, 0), NULL, &err),
                     MU_OK);
    assert_int_equal(mu_campaign_casualties(c, 1, STANDS(1, 1, 0), NULL, &err),
                     MU_OK);
    refused(c, 5, MU_ESTATE, "event 5 (engage) cannot be undone: a hidden "
                             "division's rolls would show");
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    mu_error hidden, open;
    assert_int_equal(mu_campaign_undo(c, 8, NULL, &hidden), MU_ESTATE);
    assert_int_equal(mu_campaign_undo(c, 7, NULL, &open), MU_ESTATE);
    assert_string_equal(hidden.msg, "acting for the Union, event 8 cannot be "
                                    "undone: a side undoes only events about "
                                    "its own divisions (the umpire undoes the "
                                    "others)");
    assert_non_null(strstr(open.msg, "acting for the Union, event 7 cannot"));
    /* Its own engage is held by its casualties: named, nothing more. */
    assert_int_equal(mu_campaign_undo(c, 6, NULL, &err), MU_ESTATE);
    assert_string_equal(err.msg, "event 6 cannot be undone: event 9 "
                                 "(casualties) depends on it (undo that one "
                                 "first)");
    int64_t u;
    assert_int_equal(mu_campaign_undo(c, 9, &u, &err), MU_OK);
    /* The Confederates undo their hidden casualties; the Union's log shows
     * the undo masked like the event. */
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_CONFEDERATE, &err), MU_OK);
    assert_int_equal(mu_campaign_undo(c, 8, &u, &err), MU_OK);
    char *t;
    assert_int_equal(mu_campaign_event(c, u, MU_SIDE_UNION, RO(MU_FMT_TEXT),
                                       &t, &err), MU_ESTATE); /* not theirs */
    mu_campaign_close(c);
    assert_int_equal(mu_campaign_open(fresh_last(), &c, &err), MU_OK);
    assert_int_equal(mu_campaign_event(c, u, MU_SIDE_UNION, RO(MU_FMT_TEXT),
                                       &t, &err), MU_OK);
    assert_string_equal(t, "#11 undo: division 3 (hidden)\n");
    free(t);
    checks_clean(c);
    mu_campaign_close(c);
}

static int64_t one_int(const char *path, const char *sql)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    int64_t v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0)
                                                : -1;
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

static void edit(const char *path, const char *sql)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    assert_true(sqlite3_changes(db) > 0);
    sqlite3_close(db);
}

/* The undo is in the chain (a head noted before it is still in it), and
 * direct edits of it, or of what it put back, are caught. */
static void chain_and_tamper(void **state)
{
    (void)state;
    static const char *const edits[] = {
        /* the undo names another event */
        "UPDATE events SET data = json_set(data, '$.event', 7), hash = NULL "
        "WHERE kind = 'undo'",
        /* the undo deleted: the tables no longer follow from the log */
        "DELETE FROM events WHERE kind = 'undo'",
        /* what it put back, changed */
        "UPDATE brigades SET current = current - 1, lost = lost + 1 WHERE "
        "division = 1 AND number = 1",
        /* the prisoners it took back, there again */
        "INSERT INTO prisoners(event, division, brigade, stands) VALUES "
        "(8, 1, 1, 1)",
    };
    for (size_t k = 0; k < sizeof edits / sizeof *edits; k++) {
        mu_campaign *c = made(7);
        mu_error err;
        char before[MU_CHAIN_HEX], after[MU_CHAIN_HEX];
        int64_t n;
        assert_int_equal(mu_campaign_head(c, before, &n, &err), MU_OK);
        assert_int_equal(mu_campaign_undo(c, EVENT_OF(6), NULL, &err), MU_OK);
        assert_int_equal(mu_campaign_head(c, after, &n, &err), MU_OK);
        assert_int_equal(n, 9);
        assert_string_not_equal(before, after);
        char *report = NULL;
        assert_int_equal(mu_campaign_check_head(c, before, &report, &err),
                         MU_OK);
        free(report);
        mu_campaign_close(c);
        const char *path = fresh_last();
        assert_int_equal(one_int(path, "SELECT count(*) FROM prisoners"), 0);
        edit(path, edits[k]);
        assert_int_equal(mu_campaign_open(path, &c, &err), MU_OK);
        report = NULL;
        if (mu_campaign_check_head(c, after, &report, &err) != MU_EMISMATCH)
            fail_msg("edit %zu was not caught: %s", k, report ? report : "");
        free(report);
        mu_campaign_close(c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_kind_undone),
        cmocka_unit_test(undo_in_the_middle),
        cmocka_unit_test(camps_undone),
        cmocka_unit_test(refusals),
        cmocka_unit_test(secrecy),
        cmocka_unit_test(chain_and_tamper),
    };
    return cmocka_run_group_tests(tests, camp_setup, camp_teardown);
}
