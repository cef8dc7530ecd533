/* Tests of the typed campaign events (src/campaign_event.c): every event of
 * a campaign made by the first release (tests/data/campaign-v1.db, all
 * twelve kinds) decodes and encodes back to the very bytes stored; and every
 * field of every event, removed or given the wrong type, is an error that
 * names the field, never a silent 0. */
#include "test_util.h"

#include "campaign_event.h"

#include <cjson/cJSON.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct stored {
    int64_t id;
    char kind[32];
    int division;
    char *data;
} stored;

static int load(stored **out)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/campaign-v1.db",
             getenv("MUSTER_SOURCE") ? getenv("MUSTER_SOURCE") : ".");
    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT id, kind, "
                                        "coalesce(division, 0), data FROM "
                                        "events ORDER BY id", -1, &st, NULL),
                     SQLITE_OK);
    stored *v = calloc(64, sizeof *v);
    int n = 0;
    while (sqlite3_step(st) == SQLITE_ROW && n < 64) {
        v[n].id = sqlite3_column_int64(st, 0);
        snprintf(v[n].kind, sizeof v[n].kind, "%s", sqlite3_column_text(st, 1));
        v[n].division = sqlite3_column_int(st, 2);
        v[n].data = strdup((const char *)sqlite3_column_text(st, 3));
        n++;
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    *out = v;
    return n;
}

static void unload(stored *v, int n)
{
    for (int i = 0; i < n; i++)
        free(v[i].data);
    free(v);
}

static void round_trip(void **state)
{
    (void)state;
    stored *v;
    int n = load(&v);
    assert_int_equal(n, 24);
    bool seen[EV_NKINDS] = {false};
    for (int i = 0; i < n; i++) {
        camp_ev e;
        mu_error err;
        assert_int_equal(camp_ev_decode("f", v[i].id, v[i].kind, v[i].division,
                                        v[i].data, &e, &err), MU_OK);
        seen[e.kind] = true;
        assert_int_equal(e.id, v[i].id);
        cJSON *o = camp_ev_encode(&e);
        char *t = cJSON_PrintUnformatted(o);
        assert_string_equal(t, v[i].data);
        sbuf sb = {0};
        camp_ev_text(&e, false, NULL, &sb);
        char *line;
        assert_int_equal(sb_finish(&sb, &line, &err), MU_OK);
        assert_true(strlen(line) > 10);
        free(line);
        cJSON_free(t);
        cJSON_Delete(o);
        camp_ev_clear(&e);
    }
    for (int k = 0; k <= EV_PENALTY; k++) /* the kinds of schema 1; the
                                             later ones: test_campaign_secrecy */
        assert_true(seen[k]);
    unload(v, n);
}

/* Decodes a changed copy; it must fail naming `key`. */
static int expect_refused(const stored *s, cJSON *root, const char *key)
{
    char *t = cJSON_PrintUnformatted(root);
    camp_ev e;
    mu_error err;
    mu_status st = camp_ev_decode("f", s->id, s->kind, s->division, t, &e,
                                  &err);
    if (st == MU_OK) {
        print_error("event %lld: accepted without a good '%s': %s\n",
                    (long long)s->id, key, t);
        camp_ev_clear(&e);
    } else {
        char quoted[64];
        snprintf(quoted, sizeof quoted, "'%s'", key);
        if (!strstr(err.msg, quoted) && strcmp(key, "division") != 0) {
            print_error("event %lld: '%s' refused as: %s\n",
                        (long long)s->id, key, err.msg);
            st = MU_OK;
        }
    }
    cJSON_free(t);
    return st != MU_OK;
}

/* A field, by the child indices that lead to it from the root. */
typedef struct path {
    int depth;
    int at[8];
} path;

/* Collects the paths of every field of every object inside node. */
static void collect(cJSON *node, path here, path *out, int *n, int cap)
{
    int i = 0;
    for (cJSON *k = node->child; k; k = k->next, i++) {
        path p = here;
        p.at[p.depth++] = i;
        if (cJSON_IsObject(node) && *n < cap)
            out[(*n)++] = p;
        if ((cJSON_IsObject(k) || cJSON_IsArray(k)) && p.depth < 8)
            collect(k, p, out, n, cap);
    }
}

/* A fresh copy of the event with the field at p removed (wrong = false) or
 * given a value of the wrong type; must be refused naming the field. */
static bool refused(const stored *s, const path *p, bool wrong)
{
    cJSON *root = cJSON_Parse(s->data), *parent = root, *item = NULL;
    for (int d = 0; d < p->depth; d++) {
        item = cJSON_GetArrayItem(parent, p->at[d]);
        if (d < p->depth - 1)
            parent = item;
    }
    char key[64];
    snprintf(key, sizeof key, "%s", item->string);
    bool ok = true;
    if (!wrong) {
        if (!strcmp(key, "corps_leader")) { /* may be absent */
            cJSON_Delete(root);
            return true;
        }
        cJSON_Delete(cJSON_DetachItemViaPointer(parent, item));
    } else {
        /* an object where anything else is due, a string where an object
         * or a list is */
        cJSON *bad = cJSON_IsObject(item) || cJSON_IsArray(item)
                         ? cJSON_CreateString("x") : cJSON_CreateObject();
        cJSON_ReplaceItemViaPointer(parent, item, bad);
        bad->string = strdup(key);
    }
    ok = expect_refused(s, root, key);
    cJSON_Delete(root);
    return ok;
}

static void strict_fields(void **state)
{
    (void)state;
    stored *v;
    int n = load(&v), tried = 0, bad = 0;
    static path paths[512];
    for (int i = 0; i < n; i++) {
        cJSON *root = cJSON_Parse(v[i].data);
        int np = 0;
        collect(root, (path){0, {0}}, paths, &np, 512);
        cJSON_Delete(root);
        for (int k = 0; k < np; k++)
            for (int wrong = 0; wrong < 2; wrong++, tried++)
                bad += !refused(&v[i], &paths[k], wrong);
    }
    assert_int_equal(bad, 0);
    assert_true(tried > 500);
    unload(v, n);
}

static void unknown_kind_and_bad_text(void **state)
{
    (void)state;
    camp_ev e;
    mu_error err;
    assert_int_equal(camp_ev_decode("f", 3, "parade", 0, "{}", &e, &err),
                     MU_EIO);
    assert_non_null(strstr(err.msg, "unknown kind 'parade'"));
    assert_int_equal(camp_ev_decode("f", 3, "penalty", 0, "[1]", &e, &err),
                     MU_EIO);
    assert_int_equal(camp_ev_decode("f", 3, "penalty", 0,
                                    "{\"side\":\"union\",\"owed\":1.5}", &e,
                                    &err), MU_EIO);
    assert_non_null(strstr(err.msg, "'owed'"));
    assert_int_equal(camp_ev_decode("f", 3, "penalty", 0,
                                    "{\"side\":\"Union\",\"owed\":1}", &e,
                                    &err), MU_EIO);
    assert_int_equal(camp_ev_decode("f", 3, "penalty", 0,
                                    "{\"side\":\"union\",\"owed\":1}", &e,
                                    &err), MU_OK);
    /* a division filed under another division */
    char text[256];
    snprintf(text, sizeof text, "{\"division\":3,\"name\":\"H\","
             "\"commitment\":\"%064d\",\"salt\":\"%032d\"}", 0, 0);
    assert_int_equal(camp_ev_decode("f", 4, "reveal", 3, text, &e, &err),
                     MU_OK);
    assert_int_equal(camp_ev_decode("f", 4, "reveal", 2, text, &e, &err),
                     MU_EIO);
    assert_non_null(strstr(err.msg, "'division'"));
}

/* Every kind has a name, and names are unique. */
static void table_complete(void **state)
{
    (void)state;
    for (int k = 0; k < EV_NKINDS; k++) {
        camp_ev_kind back;
        assert_non_null(camp_ev_types[k].name);
        assert_true(camp_ev_kind_of(camp_ev_types[k].name, &back));
        assert_int_equal(back, k);
        assert_non_null(camp_ev_types[k].encode);
        assert_non_null(camp_ev_types[k].decode);
        assert_non_null(camp_ev_types[k].text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(strict_fields),
        cmocka_unit_test(unknown_kind_and_bad_text),
        cmocka_unit_test(table_complete),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
