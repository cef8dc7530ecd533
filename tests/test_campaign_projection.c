/* SPDX-License-Identifier: MIT */
/* One truth per viewer (src/campaign/project.c): what a viewer is shown of
 * an event is one projection, which every face renders and the viewer's
 * chain covers. Over a campaign with every kind of event and a hidden,
 * fairly rolled division (tests/sh/lib/hidden_war.sh):
 *  (a) the faces agree: for every event and every viewer, the text entry
 *      is what the JSON entry renders to, and every value the JSON entry
 *      holds is in the text;
 *  (b) two campaigns that differ only in what the Union may not know give
 *      the Union byte-identical views in every face, commitments aside;
 *  (c) a consistent rewrite of any field the Union was shown (the full
 *      chain recomputed, as whoever holds the file can) fails
 *      check --side union --head H for the Union's noted view head.
 * A kind of event the campaign lacks fails the test. */
#include "test_util.h"

#include "campaign/campaign.h"
#include "test_campaign_util.h"

#include <ctype.h>
#include <sodium.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char war_a[600], war_b[600];

/* A campaign made by hidden_war.sh in variant v, into path. */
static void make_war(char *path, size_t n, const char *v)
{
    char cmd[2000];
    snprintf(path, n, "%s/war-%s.db", dir, v);
    snprintf(cmd, sizeof cmd, "sh '%s/tests/sh/lib/hidden_war.sh' '%s' '%s' %s",
             getenv("MUSTER_SOURCE"), getenv("MUSTER_BIN"), path, v);
    assert_int_equal(system(cmd), 0);
}

static int setup(void **state)
{
    camp_setup(state);
    if (!getenv("MUSTER_SOURCE") || !getenv("MUSTER_BIN"))
        return -1;
    make_war(war_a, sizeof war_a, "a");
    make_war(war_b, sizeof war_b, "b");
    return sodium_init() < 0 ? -1 : 0;
}

/* What the tool prints for args, every run of 32 or more hex digits (a
 * commitment, a contribution, a salt, a hash) as "H": the random part of
 * a hidden roll. */
static char *tool(const char *args)
{
    char cmd[2400];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>&1", getenv("MUSTER_BIN"), args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    sbuf sb = {0};
    char buf[4096];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, p)) > 0)
        mu_buf_printf(&sb, "%.*s", (int)k, buf);
    pclose(p);
    mu_buf_puts(&sb, "");
    char *s = sb.p, *w = s;
    for (char *r = s; *r;) {
        size_t h = 0;
        while (isxdigit((unsigned char)r[h]) && !isupper((unsigned char)r[h]))
            h++;
        if (h >= 32) {
            *w++ = 'H';
            r += h;
        } else {
            for (size_t i = 0; i < (h ? h : 1); i++)
                *w++ = *r++;
        }
    }
    *w = '\0';
    return s;
}

/* The kinds in the umpire's log: every kind but "tables" (written only
 * when a file made before schema 5 is upgraded: test_campaign_event). */
static void every_kind_is_there(void **state)
{
    (void)state;
    char args[800];
    snprintf(args, sizeof args, "campaign log '%s' --format json", war_a);
    char *log = tool(args);
    for (int k = 0; k < EV_NKINDS; k++) {
        char want[64];
        snprintf(want, sizeof want, "\"kind\":\"%s\"", camp_ev_types[k].name);
        if (k != EV_TABLES && !strstr(log, want))
            fail_msg("the campaign has no '%s' event: add one to "
                     "hidden_war.sh", camp_ev_types[k].name);
    }
    free(log);
}

/* ---- (b) the Union's faces of two campaigns alike ----------------------- */

/* The command `face` with its one "%s" replaced by path (a format of
 * the caller's own would not be a literal). */
static void with_file(char *out, size_t n, const char *face, const char *path)
{
    const char *at = strstr(face, "%s");
    assert_non_null(at);
    snprintf(out, n, "%.*s%s%s", (int)(at - face), face, path, at + 2);
}

static void same_for_the_union(const char *fmt)
{
    char a[1600], b[1600];
    with_file(a, sizeof a, fmt, war_a);
    with_file(b, sizeof b, fmt, war_b);
    char *x = tool(a), *y = tool(b);
    if (strcmp(x, y))
        fail_msg("'%s' differs with the hidden facts:\n%s\n----\n%s", a, x, y);
    assert_true(strlen(x) > 20);
    free(x);
    free(y);
}

static void two_wars_look_alike(void **state)
{
    (void)state;
    static const char *const faces[] = {
        "campaign log '%s' --as union",
        "campaign log '%s' --as union --format json",
        "campaign log '%s' --as union --format markdown",
        "campaign log '%s' --side union",
        "campaign log '%s' --as union --division 2 --format json",
        "campaign log '%s' --as union --before 20 --last 6",
        "campaign show '%s' --as union",
        "campaign show '%s' --as union --format json",
        "campaign show '%s' --as union --format markdown",
        "campaign prisoners '%s' --as union",
        "campaign prisoners '%s' --as union --format json",
        "campaign report '%s' --as union",
        "campaign report '%s' --as union --battle 1 --format json",
        "campaign report '%s' --as union --format markdown",
        "campaign export '%s' --as union --format csv",
        "campaign export '%s' --as union --format oob-csv",
        "campaign export '%s' --as union --format oob-json",
    };
    for (size_t i = 0; i < sizeof faces / sizeof *faces; i++)
        same_for_the_union(faces[i]);
    /* The Union's own files: their chains line by line, logs and checks. */
    char cmd[1600];
    for (int v = 0; v < 2; v++) {
        snprintf(cmd, sizeof cmd, "'%s' campaign export '%s' --side union "
                 "--out '%s/union-%c.db' >/dev/null", getenv("MUSTER_BIN"),
                 v ? war_b : war_a, dir, v ? 'b' : 'a');
        assert_int_equal(system(cmd), 0);
    }
    char own[2][700];
    snprintf(own[0], sizeof own[0], "%s/union-a.db", dir);
    snprintf(own[1], sizeof own[1], "%s/union-b.db", dir);
    static const char *const files[] = {
        "campaign log '%s'", "campaign log '%s' --format json",
        "campaign show '%s' --format json", "campaign prisoners '%s'",
        "campaign check '%s'",
    };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char a[1600], b[1600];
        with_file(a, sizeof a, files[i], own[0]);
        with_file(b, sizeof b, files[i], own[1]);
        char *x = tool(a), *y = tool(b);
        char *xs = strstr(x, "the Union's own"), *ys = strstr(y, "the Union's own");
        if (strcmp(xs ? xs : x, ys ? ys : y)) /* (check names the file) */
            fail_msg("'%s' differs with the hidden facts:\n%s\n----\n%s", a,
                     x, y);
        free(x);
        free(y);
    }
}

/* ---- (a) text and JSON of one projection -------------------------------- */

/* Keys whose values the text says in its own words, or not at all
 * because they say how the JSON is read. */
static bool worded(const char *key)
{
    static const char *const k[] = {
        "id", "kind", "hidden", "by_the_book", "streams", "tables", "table",
        "result", "side", "arm", "theater", "post", "was", "rating", "time",
        "rolled", "leader", "morale", "winner", "of", "by", "undone_kind",
        "author", "return", "return_winner", "return_loser", "attached",
        "fair", "rate", "whole", "threshold", "camp",
    };
    for (size_t i = 0; i < sizeof k / sizeof *k; i++)
        if (!strcmp(key, k[i]))
            return true;
    return false;
}

static void values_in_text(const cJSON *o, const char *key, const char *text,
                           int64_t id)
{
    if (cJSON_IsObject(o) || cJSON_IsArray(o)) {
        for (const cJSON *k = o->child; k; k = k->next)
            values_in_text(k, cJSON_IsObject(o) ? k->string : key, text, id);
        return;
    }
    if (!key || worded(key) || cJSON_IsBool(o) || cJSON_IsNull(o))
        return;
    char v[128];
    if (cJSON_IsString(o))
        snprintf(v, sizeof v, "%s", o->valuestring);
    else
        snprintf(v, sizeof v, "%.0f", o->valuedouble);
    if (cJSON_IsNumber(o) && o->valuedouble > 1e15)
        v[12] = '\0'; /* a 64-bit seed, read as a double: its first digits */
    if (!strstr(text, v))
        fail_msg("event %lld: \"%s\": %s is in its JSON, not in its text:\n%s",
                 (long long)id, key, v, text);
}

static void faces_agree_for(mu_campaign *c, mu_side viewer)
{
    mu_error err;
    assert_int_equal(mu_campaign_act_as(c, viewer, &err), MU_OK);
    for (int64_t id = 1;; id++) {
        char *text = NULL, *json = NULL;
        /* the log's entry, with who and when */
        mu_log_range one = {.since = id - 1, .before = id + 1};
        if (mu_campaign_event(c, id, viewer, RO(MU_FMT_JSON), &json, &err) !=
            MU_OK)
            break;
        assert_int_equal(t_log(c, viewer, &one, RO(MU_FMT_TEXT),
                                         &text, &err), MU_OK);
        camp_ev e;
        assert_int_equal(camp_ev_decode_shown("t", json, &e, &err), MU_OK);
        sbuf want = {0};
        mu_buf_printf(&want, "#%lld ", (long long)id);
        if (!e.hidden)
            camp_stamp_text(&e.stamp, &want);
        if (e.hidden && e.kind != EV_ENGAGE)
            mu_buf_printf(&want, "%s: division %d (hidden)",
                          camp_ev_types[e.kind].name, e.division);
        else
            camp_ev_text(&e, &want);
        mu_buf_puts(&want, "\n");
        if (strcmp(want.p, text))
            fail_msg("event %lld as %d: the text is not its JSON's:\n%s%s",
                     (long long)id, (int)viewer, text, want.p);
        cJSON *o = cJSON_Parse(json);
        values_in_text(o, NULL, text, id);
        cJSON_Delete(o);
        camp_ev_clear(&e);
        mu_buf_free(&want);
        free(text);
        free(json);
    }
}

static void text_and_json_agree(void **state)
{
    (void)state;
    mu_campaign *c;
    mu_error err;
    assert_int_equal(mu_campaign_open(war_a, &c, &err), MU_OK);
    faces_agree_for(c, MU_SIDE_NONE);
    faces_agree_for(c, MU_SIDE_UNION);
    faces_agree_for(c, MU_SIDE_CONFEDERATE);
    mu_campaign_close(c);
}

/* ---- (c) a consistent rewrite of what the Union saw --------------------- */

/* The full chain made good again after an edit: as the campaign's holder
 * can (chain.c's line and hash). */
static void rechain(sqlite3 *db)
{
    sqlite3_stmt *st, *up;
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT id, kind, division, data "
                                        "FROM events ORDER BY id", -1, &st,
                                        NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "UPDATE events SET hash = ? WHERE "
                                        "id = ?", -1, &up, NULL), SQLITE_OK);
    unsigned char h[32] = {0};
    while (sqlite3_step(st) == SQLITE_ROW) {
        char div[24] = "null", hex[65];
        if (sqlite3_column_type(st, 2) != SQLITE_NULL)
            snprintf(div, sizeof div, "%d", sqlite3_column_int(st, 2));
        sbuf line = {0};
        mu_buf_printf(&line, "{\"data\":%s,\"division\":%s,\"id\":%lld,\"kind\":"
                      "\"%s\"}", sqlite3_column_text(st, 3), div,
                      (long long)sqlite3_column_int64(st, 0),
                      sqlite3_column_text(st, 1));
        crypto_hash_sha256_state s;
        crypto_hash_sha256_init(&s);
        crypto_hash_sha256_update(&s, h, 32);
        crypto_hash_sha256_update(&s, (const unsigned char *)line.p, line.len);
        crypto_hash_sha256_final(&s, h);
        sodium_bin2hex(hex, sizeof hex, h, 32);
        sqlite3_reset(up);
        sqlite3_bind_text(up, 1, hex, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(up, 2, sqlite3_column_int64(st, 0));
        assert_int_equal(sqlite3_step(up), SQLITE_DONE);
        mu_buf_free(&line);
    }
    sqlite3_finalize(st);
    sqlite3_finalize(up);
}

typedef struct rewrite {
    const char *noted; /* the Union's view head */
    int64_t id;
    int tried, mixed;  /* rewrites; of events the Union saw masked */
    bool masked;       /* this event is one */
} rewrite;

/* Another value for a leaf, of the same type and as plausible. */
static void other_value(const cJSON *v, sqlite3_stmt *st)
{
    if (cJSON_IsNumber(v)) {
        sqlite3_bind_int64(st, 2, v->valuedouble > 1 ? (int64_t)v->valuedouble - 1
                                                     : (int64_t)v->valuedouble + 1);
        return;
    }
    static const char *const swap[][2] = {
        {"union", "confederate"}, {"confederate", "union"}, {"east", "west"},
        {"west", "east"}, {"average", "exceptional"}, {"exceptional", "average"},
        {"despicable", "average"}, {"veteran", "crack"}, {"crack", "veteran"},
        {"green", "veteran"}, {"umpire", "union"}, {"brigade", "division"},
        {"division", "brigade"}, {"infantry", "cavalry"}};
    const char *s = v->valuestring, *to = NULL;
    for (size_t i = 0; i < sizeof swap / sizeof *swap && !to; i++)
        if (!strcmp(s, swap[i][0]))
            to = swap[i][1];
    char buf[300];
    if (!to) { /* a time a day earlier, a digit or a name changed */
        snprintf(buf, sizeof buf, "%s", s);
        char *d = strpbrk(buf, "0123456789abcdef");
        if (strlen(buf) == 20 && buf[10] == 'T')
            buf[9] = buf[9] == '0' ? '1' : (char)(buf[9] - 1);
        else if (d && strlen(buf) == 64)
            *d = *d == '0' ? '1' : '0';
        else
            snprintf(buf, sizeof buf, "%sx", s);
        to = buf;
    }
    sqlite3_bind_text(st, 2, to, -1, SQLITE_TRANSIENT);
}

/* Rewrites the leaf at path (as the Union's JSON entry shows it, and the
 * stored event has it) in a copy of war_a, rechains, and checks. */
static void rewrite_leaf(rewrite *x, const char *path, const cJSON *v)
{
    char to[700], cmd[1500];
    snprintf(to, sizeof to, "%s/rewrite.db", dir);
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", war_a, to);
    assert_int_equal(system(cmd), 0);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(to, &db), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, "UPDATE events SET data = "
                                        "json_set(data, ?1, ?2) WHERE id = ?3 "
                                        "AND json_extract(data, ?1) IS NOT ?2",
                                        -1, &st, NULL), SQLITE_OK);
    sqlite3_bind_text(st, 1, path, -1, SQLITE_TRANSIENT);
    other_value(v, st);
    sqlite3_bind_int64(st, 3, x->id);
    assert_int_equal(sqlite3_step(st), SQLITE_DONE);
    int changed = sqlite3_changes(db);
    sqlite3_finalize(st);
    rechain(db);
    sqlite3_close(db);
    if (!changed)
        return;
    mu_campaign *c;
    mu_error err;
    char *report = NULL;
    assert_int_equal(mu_campaign_open(to, &c, &err), MU_OK);
    mu_status s = mu_campaign_check_view(c, MU_UNION, x->noted, &report, &err);
    if (s == MU_OK)
        fail_msg("event %lld: %s rewritten, and the Union's view head still "
                 "checks:\n%s", (long long)x->id, path, report);
    free(report);
    mu_campaign_close(c);
    x->tried++;
    x->mixed += x->masked;
}

/* Every leaf of the Union's entry that the stored event holds at the same
 * place with the same value (a hidden division's merged entries aside). */
static void walk_leaves(rewrite *x, const cJSON *shown, const cJSON *stored,
                        const char *path)
{
    if (!shown || !stored)
        return;
    if (cJSON_IsObject(shown) || cJSON_IsArray(shown)) {
        int i = 0;
        for (const cJSON *k = shown->child; k; k = k->next, i++) {
            char p[300];
            const cJSON *s;
            if (cJSON_IsObject(shown)) {
                const char *key = !strcmp(k->string, "undone_kind") ? "kind"
                                                                    : k->string;
                if (!*path && (!strcmp(k->string, "id") ||
                               !strcmp(k->string, "kind")))
                    continue;
                snprintf(p, sizeof p, "%s.%s", *path ? path : "$", key);
                s = cJSON_GetObjectItemCaseSensitive(stored, key);
            } else {
                snprintf(p, sizeof p, "%s[%d]", path, i);
                s = cJSON_GetArrayItem(stored, i);
            }
            walk_leaves(x, k, s, p);
        }
        return;
    }
    if (cJSON_IsNull(shown) || cJSON_IsBool(shown))
        return;
    char *a = cJSON_PrintUnformatted(shown), *b = cJSON_PrintUnformatted(stored);
    if (!strcmp(a, b))
        rewrite_leaf(x, path, shown);
    cJSON_free(a);
    cJSON_free(b);
}

static void a_rewrite_of_what_the_union_saw_fails(void **state)
{
    (void)state;
    mu_campaign *c;
    mu_error err;
    char head[MU_CHAIN_HEX];
    int64_t n;
    assert_int_equal(mu_campaign_open(war_a, &c, &err), MU_OK);
    assert_int_equal(mu_campaign_view_head(c, MU_UNION, head, &n, &err), MU_OK);
    rewrite x = {head, 0, 0, 0, false};
    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(war_a, &db, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    for (x.id = 1; x.id <= n; x.id++) {
        char *json = NULL;
        assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
        assert_int_equal(mu_campaign_event(c, x.id, MU_SIDE_UNION,
                                           RO(MU_FMT_JSON), &json, &err), MU_OK);
        sqlite3_stmt *st;
        assert_int_equal(sqlite3_prepare_v2(db, "SELECT data FROM events "
                                            "WHERE id = ?", -1, &st, NULL),
                         SQLITE_OK);
        sqlite3_bind_int64(st, 1, x.id);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        cJSON *shown = cJSON_Parse(json);
        cJSON *stored = cJSON_Parse((const char *)sqlite3_column_text(st, 0));
        x.masked = strstr(json, "\"hidden\":true") != NULL;
        walk_leaves(&x, shown, stored, "");
        cJSON_Delete(shown);
        cJSON_Delete(stored);
        sqlite3_finalize(st);
        free(json);
    }
    sqlite3_close(db);
    mu_campaign_close(c);
    /* Hundreds of fields, dozens of them in events naming the hidden Heth
     * (the battle's end, the exchange, his engage). */
    print_message("%d fields rewritten, %d of them in events the Union saw "
                  "masked: each caught\n", x.tried, x.mixed);
    if (x.tried < 300 || x.mixed < 30)
        fail_msg("only %d rewrites, %d of them in masked events", x.tried,
                 x.mixed);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_kind_is_there),
        cmocka_unit_test(text_and_json_agree),
        cmocka_unit_test(two_wars_look_alike),
        cmocka_unit_test(a_rewrite_of_what_the_union_saw_fails),
    };
    return cmocka_run_group_tests(tests, setup, camp_teardown);
}
