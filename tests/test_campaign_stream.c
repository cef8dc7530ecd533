/* SPDX-License-Identifier: MIT */
/* test_campaign_stream.c -- the campaign listings written through a sink
 * (mu_campaign_show_to, mu_campaign_log_to, mu_campaign_prisoners_to,
 * mu_campaign_export_csv_to):
 * the same bytes as the calls that return the whole text, in every format
 * and for every viewer (the log's JSON Lines its JSON's objects), handed over in more than one chunk when long; a
 * sink's error stops the listing and comes back; a missing sink is bad
 * input. */
#include "test_campaign_util.h"

/* A sink that keeps what it is given, counts the calls, and fails (with
 * MU_EIO) from call number `fail_at` on when that is not 0. */
typedef struct kept {
    char *s;
    size_t len;
    int calls, fail_at;
} kept;

static mu_status keep(void *ctx, const char *text, size_t len, mu_error *err)
{
    kept *k = ctx;
    k->calls++;
    if (k->fail_at && k->calls >= k->fail_at)
        return mu_error_set(err, MU_EIO, MU_R_NONE, "the reader went away");
    assert_true(len > 0);
    char *p = realloc(k->s, k->len + len + 1);
    assert_non_null(p);
    memcpy(p + k->len, text, len);
    k->len += len;
    p[k->len] = '\0';
    k->s = p;
    return MU_OK;
}

/* A campaign of n divisions a side, one corps each, every third hidden,
 * a battle with losses and prisoners. */
static mu_campaign *campaign(int n)
{
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "Streams";
    o.year = 1863;
    o.theater = MU_EAST;
    mu_campaign *c;
    mu_error err;
    assert_int_equal(mu_campaign_create(fresh(), &o, &c, &err), MU_OK);
    assert_int_equal(mu_campaign_battle_start(c, "Ridge", MU_THEATER_UNKNOWN, NULL, &err),
                     MU_OK);
    for (int i = 0; i < 2 * n; i++) {
        char name[32];
        int id;
        mu_army side = i % 2 ? MU_CONFEDERATE : MU_UNION;
        snprintf(name, sizeof name, "D%d", i + 1);
        assert_int_equal(mu_campaign_add(c, side, name, MU_INFANTRY,
                                         side ? "Reb" : "Yank", &id, &err),
                         MU_OK);
        mu_dice *d;
        mu_engagement e;
        assert_int_equal(mu_dice_new_seeded((uint64_t)i + 1, &d, &err), MU_OK);
        assert_int_equal(mu_campaign_engage(c, id, i % 3 == 2, false, d, &e,
                                            &err), MU_OK);
        mu_dice_free(d);
        if (i % 4 == 0)
            assert_int_equal(
                mu_campaign_casualties(c, id, STANDS(1, 1, 1), NULL, &err),
                MU_OK);
    }
    return c;
}

typedef mu_status (*whole_fn)(mu_campaign *c, int viewer,
                              const mu_render_opts *ro, char **out,
                              mu_error *err);
typedef mu_status (*to_fn)(mu_campaign *c, int viewer,
                           const mu_render_opts *ro, mu_sink_fn w, void *ctx,
                           mu_error *err);

static mu_status show_whole(mu_campaign *c, int v, const mu_render_opts *ro,
                            char **out, mu_error *err)
{
    return t_show(c, (mu_side)v, ro, out, err);
}
static mu_status show_to(mu_campaign *c, int v, const mu_render_opts *ro,
                         mu_sink_fn w, void *ctx, mu_error *err)
{
    return mu_campaign_show_to(c, (mu_side)v, ro, w, ctx, err);
}
static mu_status log_whole(mu_campaign *c, int v, const mu_render_opts *ro,
                           char **out, mu_error *err)
{
    return t_log(c, (mu_side)v, NULL, ro, out, err);
}
static mu_status log_to(mu_campaign *c, int v, const mu_render_opts *ro,
                        mu_sink_fn w, void *ctx, mu_error *err)
{
    return mu_campaign_log_to(c, (mu_side)v, NULL, ro, w, ctx, err);
}

/* The listing through the sink is the whole text, byte for byte. */
static void same(mu_campaign *c, whole_fn whole, to_fn to, mu_format f,
                 int viewer, int *chunks)
{
    char *t;
    mu_error err;
    kept k = {0};
    assert_int_equal(whole(c, viewer, RO(f), &t, &err), MU_OK);
    assert_int_equal(to(c, viewer, RO(f), keep, &k, &err), MU_OK);
    assert_non_null(k.s);
    assert_string_equal(k.s, t);
    if (k.calls > *chunks)
        *chunks = k.calls;
    free(t);
    free(k.s);
}

static void same_bytes(void **state)
{
    (void)state;
    mu_campaign *c = campaign(60);
    const int viewers[] = {MU_SIDE_NONE, MU_SIDE_UNION,
                           MU_SIDE_CONFEDERATE};
    int chunks = 0;
    for (int v = 0; v < 3; v++) {
        const mu_format shows[] = {MU_FMT_TEXT, MU_FMT_JSON, MU_FMT_MARKDOWN};
        for (int f = 0; f < 3; f++)
            same(c, show_whole, show_to, shows[f], viewers[v], &chunks);
        same(c, log_whole, log_to, MU_FMT_TEXT, viewers[v], &chunks);
        same(c, log_whole, log_to, MU_FMT_JSON, viewers[v], &chunks);
    }
    /* the first division at once, the rest in chunks: more than one call */
    assert_true(chunks >= 2);
    char *t;
    mu_error err;
    kept k = {0};
    assert_int_equal(t_csv(c, &t, &err), MU_OK);
    assert_int_equal(mu_campaign_export_csv_to(c, keep, &k, &err), MU_OK);
    assert_string_equal(k.s, t);
    free(t);
    free(k.s);
    for (int f = 0; f < 2; f++) {
        k = (kept){0};
        assert_int_equal(t_prisoners(c, RO(f ? MU_FMT_JSON
                                                      : MU_FMT_TEXT), &t,
                                               &err), MU_OK);
        assert_int_equal(mu_campaign_prisoners_to(c, RO(f ? MU_FMT_JSON
                                                         : MU_FMT_TEXT),
                                                  keep, &k, &err), MU_OK);
        assert_string_equal(k.s, t);
        free(t);
        free(k.s);
    }
    mu_campaign_close(c);
}

/* A sink's failure stops the listing and is what the call returns. */
static void sink_failure(void **state)
{
    (void)state;
    mu_campaign *c = campaign(60);
    mu_error err;
    kept k = {.fail_at = 2};
    assert_int_equal(mu_campaign_show_to(c, MU_SIDE_NONE, RO(MU_FMT_JSON),
                                         keep, &k, &err), MU_EIO);
    assert_string_equal(err.msg, "the reader went away");
    assert_int_equal(k.calls, 2); /* not called again after it failed */
    free(k.s);
    k = (kept){.fail_at = 1};
    assert_int_equal(mu_campaign_log_to(c, MU_SIDE_UNION, NULL, RO(MU_FMT_TEXT),
                                        keep, &k, &err), MU_EIO);
    assert_int_equal(k.calls, 1);
    k = (kept){.fail_at = 1};
    assert_int_equal(mu_campaign_export_csv_to(c, keep, &k, &err), MU_EIO);
    assert_int_equal(k.calls, 1);
    /* the handle still reads after a listing stopped part-way */
    char *t;
    assert_int_equal(t_show(c, MU_SIDE_NONE, RO(MU_FMT_TEXT),
                                      &t, &err), MU_OK);
    free(t);
    mu_campaign_close(c);
}

static void no_sink(void **state)
{
    (void)state;
    mu_campaign *c = campaign(1);
    mu_error err;
    kept k = {0};
    assert_int_equal(mu_campaign_show_to(c, MU_SIDE_NONE, NULL, NULL, &k,
                                         &err), MU_EINPUT);
    assert_int_equal(mu_campaign_log_to(c, MU_SIDE_NONE, NULL, NULL, NULL, &k,
                                        &err), MU_EINPUT);
    assert_int_equal(mu_campaign_export_csv_to(c, NULL, &k, &err), MU_EINPUT);
    assert_int_equal(mu_campaign_prisoners_to(c, NULL, NULL, &k, &err),
                     MU_EINPUT);
    assert_int_equal(mu_campaign_show_to(NULL, MU_SIDE_NONE, NULL, keep,
                                         &k, &err), MU_EINPUT);
    assert_int_equal(mu_campaign_log_to(NULL, MU_SIDE_NONE, NULL, NULL, keep,
                                        &k, &err), MU_EINPUT);
    assert_int_equal(mu_campaign_export_csv_to(NULL, keep, &k, &err),
                     MU_EINPUT);
    assert_int_equal(mu_campaign_show_to(c, MU_SIDE_NONE, RO(MU_FMT_CSV),
                                         keep, &k, &err), MU_EINPUT);
    assert_int_equal(k.calls, 0);
    mu_campaign_close(c);
}

/* The log as JSON Lines is the JSON list's objects, one a line, the same
 * bytes, for every viewer. */
static void log_lines(void **state)
{
    (void)state;
    mu_campaign *c = campaign(20);
    const int viewers[] = {MU_SIDE_NONE, MU_SIDE_UNION, MU_SIDE_CONFEDERATE};
    for (int i = 0; i < 3; i++) {
        char *json;
        mu_error err;
        kept k = {0};
        assert_int_equal(log_whole(c, viewers[i], RO(MU_FMT_JSON), &json,
                                   &err), MU_OK);
        assert_int_equal(log_to(c, viewers[i], RO(MU_FMT_JSONL), keep, &k,
                                &err), MU_OK);
        /* {"events":[A,B]}\n is [A,B] with each "}\n{" a "},{" */
        const char *head = "{\"events\":[";
        assert_int_equal(strncmp(json, head, strlen(head)), 0);
        assert_true(k.len > 2 && k.s[0] == '{' && k.s[k.len - 1] == '\n');
        char *list = strdup(json + strlen(head));
        list[strlen(list) - 3] = '\0'; /* "]}\n" */
        for (char *p = k.s; (p = strstr(p, "}\n{")); p++)
            p[1] = ',';
        k.s[k.len - 1] = '\0';
        assert_string_equal(k.s, list);
        free(list);
        free(json);
        free(k.s);
    }
    mu_campaign_close(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_bytes),
        cmocka_unit_test(sink_failure),
        cmocka_unit_test(no_sink),
        cmocka_unit_test(log_lines),
    };
    return cmocka_run_group_tests(tests, camp_setup, camp_teardown);
}
