/* What the hash chain covers beyond the events themselves: the campaign's
 * own tables (a new file's "new" event holds their SHA-256; a file of
 * schema 4 gets a "tables" event when it is upgraded), so that an edit of
 * the tables every later roll is read from is caught by check. */
#include "test_campaign_util.h"

#include <sodium.h>
#include <sqlite3.h>

static char *house_rules(size_t *n)
{
    const char *src = getenv("MUSTER_SOURCE");
    assert_non_null(src);
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/house-tables.ini", src);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[65536];
    *n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[*n] = '\0';
    return buf;
}

/* SHA-256 of the tables stored in the file, as hex. */
static char *tables_sha(const char *path)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT rules FROM campaign", -1,
                                        &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    unsigned char h[32];
    crypto_hash_sha256(h, sqlite3_column_text(st, 0),
                       (unsigned long long)sqlite3_column_bytes(st, 0));
    sqlite3_finalize(st);
    sqlite3_close(db);
    char *hex = malloc(65);
    assert_non_null(hex);
    sodium_bin2hex(hex, 65, h, sizeof h);
    return hex;
}

static void sql(const char *path, const char *q)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, q, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
}

static char *text(const char *path, const char *q)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, q, -1, &st, NULL), SQLITE_OK);
    char *out = NULL;
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
        out = strdup((const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    sqlite3_close(db);
    assert_non_null(out);
    return out;
}

/* The leader table's despicable band widened: still valid tables, which
 * only the chain can tell from the ones played. */
#define WIDEN "UPDATE campaign SET rules = replace(replace(rules, " \
              "'despicable = 01-20', 'despicable = 01-25'), "       \
              "'average = 21-80', 'average = 26-80')"

static void check_finds(const char *path, const char *says)
{
    mu_campaign *c;
    mu_error err;
    char *report = NULL;
    assert_int_equal(mu_campaign_open(path, &c, &err), MU_OK);
    assert_int_equal(mu_campaign_check(c, &report, &err), MU_EMISMATCH);
    if (!strstr(report, says))
        fail_msg("check did not say '%s':\n%s", says, report);
    free(report);
    mu_campaign_close(c);
}

static void check_clean(mu_campaign *c)
{
    char *report = NULL;
    mu_error err;
    if (mu_campaign_check(c, &report, &err) != MU_OK)
        fail_msg("%s", report ? report : err.msg);
    free(report);
}

/* A new campaign on its own tables: their hash is in event 1. */
static void new_file_pins_its_tables(void **state)
{
    (void)state;
    size_t n;
    const char *rules = house_rules(&n);
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "House";
    o.year = 1863;
    o.theater = MU_EAST;
    o.rules = rules;
    o.rules_len = n;
    mu_campaign *c;
    mu_error err;
    assert_int_equal(mu_campaign_create(fresh(), &o, &c, &err), MU_OK);
    check_clean(c);
    mu_campaign_close(c);
    char *stored = text(fresh_last(), "SELECT json_extract(data, "
                        "'$.tables_sha256') FROM events WHERE id = 1");
    char *want = tables_sha(fresh_last());
    assert_string_equal(stored, want);
    free(stored);
    free(want);
    sql(fresh_last(), WIDEN);
    check_finds(fresh_last(), "event 1 (new): field 'tables_sha256'");
    /* Built-in tables: nothing in the file to pin. */
    o.rules = NULL;
    o.rules_len = 0;
    assert_int_equal(mu_campaign_create(fresh(), &o, &c, &err), MU_OK);
    mu_campaign_close(c);
    char *kind = text(fresh_last(), "SELECT data FROM events WHERE id = 1");
    assert_null(strstr(kind, "tables_sha256"));
    free(kind);
}

/* tests/data/campaign-schema4-tables.db, made by the release before this
 * one (schema 4) on tests/data/house-tables.ini, 9 events, a brigadier's
 * replacement rolled 15 (despicable on those tables, average on the
 * built-in ones). Opened for writing, it is upgraded: a "tables" event is
 * appended, the head noted before still checks, and an edit of the tables
 * is caught from then on. */
static void schema4_file_pins_its_tables(void **state)
{
    (void)state;
    const char *src = getenv("MUSTER_SOURCE");
    char from[512], cmd[1200];
    snprintf(from, sizeof from, "%s/tests/data/campaign-schema4-tables.db",
             src);
    const char *to = fresh();
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", from, to);
    assert_int_equal(system(cmd), 0);
    char *v = text(to, "SELECT user_version FROM pragma_user_version");
    assert_string_equal(v, "4");
    free(v);
    char *old_head = text(to, "SELECT hash FROM events WHERE id = 9");

    mu_campaign *c;
    mu_error err;
    assert_int_equal(mu_campaign_open(to, &c, &err), MU_OK);
    char head[MU_CHAIN_HEX], *report = NULL;
    int64_t count;
    assert_int_equal(mu_campaign_head(c, head, &count, &err), MU_OK);
    assert_int_equal(count, 10);
    assert_int_equal(mu_campaign_check_head(c, old_head, &report, &err),
                     MU_OK);
    assert_non_null(strstr(report, "noted head: event 9 of 10"));
    free(report);
    char *line;
    assert_int_equal(mu_campaign_event(c, 10, MU_VIEWER_UMPIRE,
                                       RO(MU_FMT_TEXT), &line, &err), MU_OK);
    char *sha = tables_sha(to);
    assert_non_null(strstr(line, sha));
    assert_non_null(strstr(line, "#10 tables: the campaign's own tables"));
    free(line);
    free(sha);
    /* Pinned: it cannot be undone. */
    assert_int_equal(mu_campaign_undo(c, 10, NULL, &err), MU_ESTATE);
    mu_campaign_close(c);
    v = text(to, "SELECT user_version FROM pragma_user_version");
    assert_int_equal(atoi(v), MU_CAMPAIGN_SCHEMA);
    free(v);
    free(old_head);
    sql(to, WIDEN);
    check_finds(to, "event 10 (tables): field 'sha256'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(new_file_pins_its_tables),
        cmocka_unit_test(schema4_file_pins_its_tables),
    };
    return cmocka_run_group_tests(tests, camp_setup, camp_teardown);
}
