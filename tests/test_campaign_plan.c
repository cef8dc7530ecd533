/* SPDX-License-Identifier: MIT */
/* test_campaign_plan.c -- the listings that wait for no sort (issue 15):
 * `prisoners` and `show` read in the order of schema 7's indexes, so what
 * SQLite does before their first record does not grow with the campaign.
 * Counted in SQLite's virtual-machine instructions (a progress handler on
 * the handle's connection), not in time: the same campaign with 20 000
 * more captures in a camp listed last takes about as many instructions to
 * its first record, and the same file without the indexes takes more than
 * 20 000 (so the count would see a sort come back). Their queries' plans
 * hold no temporary B-tree, and of every statement show, log, prisoners
 * and export run (traced) only the corps' sorts. A file of schema 6 (tests/data/
 * campaign-schema6.db, made by the schema-6 release) reads the same as that
 * release printed it (read only: as it is, without copying it into
 * memory), is upgraded, checks clean and can be undone. A camp
 * whose name holds a NUL is walked past once. */
#include "test_campaign_util.h"

#include "campaign/campaign.h"

#define GROWN 20000

/* The fixture: 6 divisions (2, 3 and 6 hidden, 3 revealed since), stands,
 * leaders and batteries held in 5 camps whose names alternate between the
 * holders (Alton: the Union's; Andersonville and Belle Isle: the
 * Confederates'; Union POW camp; Zebulon: the Confederates'), the hidden
 * division 2's brigades in one camp, twice one of them. */
static const char *fixture(char *to, size_t n)
{
    return camp_fixture("campaign-schema6.db", to, n);
}

static void sql(const char *path, const char *q)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char *msg = NULL;
    int rc = sqlite3_exec(db, q, NULL, NULL, &msg);
    if (rc != SQLITE_OK)
        fprintf(stderr, "%s: %s\n", q, msg);
    sqlite3_free(msg);
    assert_int_equal(rc, SQLITE_OK);
    sqlite3_close(db);
}

static int int_of(const char *path, const char *q)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, q, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

static void upgrade(const char *path)
{
    mu_campaign *c;
    mu_error err;
    assert_int_equal(mu_campaign_open(path, &c, &err), MU_OK);
    mu_campaign_close(c);
    assert_int_equal(camp_file_schema(path), MU_CAMPAIGN_SCHEMA);
}

/* The fixture, upgraded on disk, with `more` captures of division 6 (the
 * last) in camp Zz (the last): stands, leaders and batteries. */
static void grown(char *to, size_t n, int more)
{
    fixture(to, n);
    upgrade(to);
    char q[1024];
    snprintf(q, sizeof q,
             "BEGIN; CREATE TEMP TABLE k AS WITH RECURSIVE k(n) AS (SELECT 1 "
             "UNION ALL SELECT n + 1 FROM k WHERE n < %d) SELECT n FROM k;"
             "INSERT INTO prisoners(event, division, brigade, stands, camp) "
             "SELECT 1, 6, 1, 1, 'Zz' FROM k;"
             "INSERT INTO leaders_held(event, division, post, brigade, "
             "rating, rolled, origin, camp) SELECT 1, 6, 0, 0, 1, 1, 0, 'Zz'"
             " FROM k;"
             "INSERT INTO batteries_held(event, division, batteries, camp) "
             "SELECT 1, 6, 1, 'Zz' FROM k; COMMIT;", more);
    sql(to, q);
}

/* ---- the instructions before the first record ---------------------------- */

typedef struct counted {
    long ops;      /* so far */
    long at_first; /* when the first record came; -1 before */
} counted;

static int count_op(void *p)
{
    ((counted *)p)->ops++;
    return 0;
}

/* The first chunk stops the listing: what comes after is not counted. */
static mu_status first_only(void *ctx, const char *text, size_t len,
                            mu_error *err)
{
    counted *k = ctx;
    assert_true(len > 0 && text[0] != '\0');
    k->at_first = k->ops;
    return mu_error_set(err, MU_EIO, MU_R_NONE, "enough");
}

enum { L_PRISONERS, L_PRISONERS_JSON, L_SHOW, L_SHOW_MD, L_SHOW_JSON, L_N };
static const char *const listing_names[L_N] = {
    "prisoners", "prisoners --format json", "show", "show --format markdown",
    "show --format json"};

/* SQLite's instructions before listing l's first record, as `viewer`. */
static long ops_to_first(const char *path, int l, mu_side viewer)
{
    static const mu_format fmt[L_N] = {MU_FMT_TEXT, MU_FMT_JSON, MU_FMT_TEXT,
                                       MU_FMT_MARKDOWN, MU_FMT_JSON};
    mu_campaign *c;
    mu_error err;
    assert_int_equal(mu_campaign_open_read(path, &c, &err), MU_OK);
    assert_int_equal(mu_campaign_act_as(c, viewer, &err), MU_OK);
    counted k = {0, -1};
    sqlite3_progress_handler(c->db, 1, count_op, &k);
    mu_status s = l <= L_PRISONERS_JSON
                      ? mu_campaign_prisoners_to(c, RO(fmt[l]), first_only, &k,
                                                 &err)
                      : mu_campaign_show_to(c, viewer, RO(fmt[l]), first_only,
                                            &k, &err);
    assert_int_equal(s, MU_EIO);
    assert_string_equal(err.msg, "enough");
    assert_true(k.at_first > 0);
    mu_campaign_close(c);
    return k.at_first;
}

static void first_record_waits_for_nothing(void **state)
{
    (void)state;
    char small[512], big[512], bare[512];
    grown(small, sizeof small, 1);
    grown(big, sizeof big, GROWN);
    grown(bare, sizeof bare, GROWN);
    sql(bare, "DROP INDEX prisoners_camp; DROP INDEX leaders_held_camp; "
              "DROP INDEX batteries_held_camp; DROP INDEX "
              "batteries_held_division;");
    static const mu_side viewers[] = {MU_SIDE_NONE, MU_SIDE_UNION,
                                        MU_SIDE_CONFEDERATE};
    for (int l = 0; l < L_N; l++)
        for (size_t v = 0; v < sizeof viewers / sizeof *viewers; v++) {
            long a = ops_to_first(small, l, viewers[v]);
            long b = ops_to_first(big, l, viewers[v]);
            long w = ops_to_first(bare, l, viewers[v]);
            printf("%s as %d: %ld instructions to the first record, %ld with "
                   "%d more captures, %ld without the indexes\n",
                   listing_names[l], (int)viewers[v], a, b, GROWN, w);
            /* A deeper B-tree costs a few more; a sort, one per row. */
            assert_true(b <= a + 200);
            if (l != L_SHOW_JSON) /* JSON's first record is its head */
                assert_true(w > a + GROWN);
        }
}

/* ---- the plans ------------------------------------------------------------ */

/* Every step of the query's plan, one per line. */
static void plan(sqlite3 *db, const char *q, char *out, size_t n)
{
    char eqp[4096];
    snprintf(eqp, sizeof eqp, "EXPLAIN QUERY PLAN %s", q);
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(db, eqp, -1, &st, NULL);
    if (rc != SQLITE_OK)
        fprintf(stderr, "%s: %s\n", q, sqlite3_errmsg(db));
    assert_int_equal(rc, SQLITE_OK);
    size_t used = 0;
    out[0] = '\0';
    while (sqlite3_step(st) == SQLITE_ROW && used < n)
        used += (size_t)snprintf(out + used, n - used, "%s\n",
                                 (const char *)sqlite3_column_text(st, 3));
    sqlite3_finalize(st);
}

static void plans_sort_nothing(void **state)
{
    (void)state;
    char path[512], p[4096];
    grown(path, sizeof path, 1);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    for (int i = 0; i < CAMP_HELD_QUERIES; i++) {
        plan(db, camp_held_sql[i], p, sizeof p);
        printf("%s\n%s", camp_held_sql[i], p);
        assert_null(strstr(p, "TEMP B-TREE"));
        assert_null(strstr(p, "SCAN")); /* each camp is sought, not read */
        assert_non_null(strstr(p, "_camp"));
    }
    plan(db, camp_show_taken_sql, p, sizeof p);
    printf("%s\n%s", camp_show_taken_sql, p);
    assert_null(strstr(p, "TEMP B-TREE"));
    assert_non_null(strstr(p, "COVERING INDEX batteries_held_division"));
    sqlite3_close(db);
}

/* Every statement the listings run, as SQLite traced them. */
typedef struct traced {
    char *sql[256];
    int n;
} traced;

static int trace_stmt(unsigned type, void *ctx, void *p, void *x)
{
    traced *t = ctx;
    (void)type;
    (void)x;
    const char *q = sqlite3_sql((sqlite3_stmt *)p);
    for (int i = 0; q && i < t->n; i++)
        if (!strcmp(t->sql[i], q))
            return 0;
    if (q && t->n < 256)
        t->sql[t->n++] = strdup(q);
    return 0;
}

static mu_status discard(void *ctx, const char *text, size_t len,
                         mu_error *err)
{
    (void)ctx;
    (void)text;
    (void)len;
    (void)err;
    return MU_OK;
}

/* Whatever a listing runs, none sorts: a query added later that does is
 * caught here too. The corps are the one exception: a few a side, loaded
 * whole before the divisions (sorted by side and id). */
static void no_listing_sorts(void **state)
{
    (void)state;
    char path[512], p[4096];
    grown(path, sizeof path, 1);
    traced t = {{NULL}, 0};
    static const mu_format fmts[] = {MU_FMT_TEXT, MU_FMT_JSON,
                                     MU_FMT_MARKDOWN};
    for (int v = MU_SIDE_NONE; v <= MU_SIDE_CONFEDERATE; v++)
        for (int f = 0; f < 3; f++) {
            mu_campaign *c;
            mu_error err;
            const mu_render_opts *ro = RO(fmts[f]);
            assert_int_equal(mu_campaign_open_read(path, &c, &err), MU_OK);
            assert_int_equal(mu_campaign_act_as(c, (mu_side)v, &err), MU_OK);
            sqlite3_trace_v2(c->db, SQLITE_TRACE_STMT, trace_stmt, &t);
            assert_int_equal(mu_campaign_show_to(c, (mu_side)v, ro, discard,
                                                 NULL, &err), MU_OK);
            if (fmts[f] != MU_FMT_MARKDOWN) { /* text and JSON only */
                assert_int_equal(mu_campaign_log_to(c, (mu_side)v, NULL, ro,
                                                    discard, NULL, &err),
                                 MU_OK);
                assert_int_equal(mu_campaign_prisoners_to(c, ro, discard, NULL,
                                                          &err), MU_OK);
            }
            assert_int_equal(mu_campaign_export_csv_to(c, discard, NULL, &err),
                             MU_OK);
            mu_campaign_close(c);
        }
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    int sorted = 0;
    for (int i = 0; i < t.n; i++) {
        if (!strncmp(t.sql[i], "PRAGMA", 6)) { /* settings, no rows read */
            free(t.sql[i]);
            continue;
        }
        plan(db, t.sql[i], p, sizeof p);
        if (strstr(p, "TEMP B-TREE")) {
            printf("sorts: %s\n%s", t.sql[i], p);
            assert_non_null(strstr(t.sql[i], "FROM corps ORDER BY side, id"));
            sorted++;
        }
        free(t.sql[i]);
    }
    printf("%d statements, %d sorting\n", t.n, sorted);
    assert_true(t.n > 10);
    assert_true(sorted <= 1);
    sqlite3_close(db);
}

/* ---- a file of schema 6 --------------------------------------------------- */

/* As the schema-6 release printed them (muster campaign prisoners FILE,
 * and --as union). */
static const char umpire_text[] =
    "Held by the Union in Alton:\n"
    "  confederate division 2 \"C1\" brigade 1: 1 stand\n"
    "  confederate division 2 \"C1\" brigade 2: 2 stands\n"
    "  confederate division 4 \"C2\" brigade 1: 1 stand\n"
    "  confederate division 6 \"C3\" brigade 1: 1 stand\n"
    "  confederate division 2 \"C1\": the brigadier of brigade 2 "
    "(exceptional)\n"
    "  confederate division 2 \"C1\": 2 batteries\n"
    "Held by the Union in Union POW camp:\n"
    "  confederate division 2 \"C1\" brigade 1: 1 stand\n"
    "  confederate division 6 \"C3\": the division leader (average)\n"
    "Held by the Confederates in Andersonville:\n"
    "  union division 3 \"U2\" brigade 1: 2 stands\n"
    "  union division 3 \"U2\" brigade 2: 1 stand\n"
    "Held by the Confederates in Belle Isle:\n"
    "  union division 1 \"U1\" brigade 1: 1 stand\n"
    "  union division 3 \"U2\": the division leader (exceptional)\n"
    "Held by the Confederates in Zebulon:\n"
    "  union division 3 \"U2\": 1 battery\n"
    "The Union holds 6 Confederate stands, 2 leaders, 2 batteries; the "
    "Confederates hold 4 Union stands, 1 leader, 1 battery.\n";
static const char union_text[] =
    "Held by the Union in Alton:\n"
    "  confederate division 2 \"C1\" (hidden): 3 stands\n"
    "  confederate division 4 \"C2\" brigade 1: 1 stand\n"
    "  confederate division 6 \"C3\" (hidden): 1 stand\n"
    "  confederate division 2 \"C1\" (hidden): a leader\n"
    "  confederate division 2 \"C1\": 2 batteries\n"
    "Held by the Union in Union POW camp:\n"
    "  confederate division 2 \"C1\" (hidden): 1 stand\n"
    "  confederate division 6 \"C3\" (hidden): a leader\n"
    "Held by the Confederates in Andersonville:\n"
    "  union division 3 \"U2\" brigade 1: 2 stands\n"
    "  union division 3 \"U2\" brigade 2: 1 stand\n"
    "Held by the Confederates in Belle Isle:\n"
    "  union division 1 \"U1\" brigade 1: 1 stand\n"
    "  union division 3 \"U2\": the division leader (exceptional)\n"
    "Held by the Confederates in Zebulon:\n"
    "  union division 3 \"U2\": 1 battery\n"
    "The Union holds 6 Confederate stands, 2 leaders, 2 batteries; the "
    "Confederates hold 4 Union stands, 1 leader, 1 battery.\n";

static void prisoners_are(mu_campaign *c)
{
    mu_error err;
    char *t = NULL;
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_NONE, &err), MU_OK);
    assert_int_equal(t_prisoners(c, RO(MU_FMT_TEXT), &t, &err),
                     MU_OK);
    assert_string_equal(t, umpire_text);
    free(t);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_UNION, &err), MU_OK);
    assert_int_equal(t_prisoners(c, RO(MU_FMT_TEXT), &t, &err),
                     MU_OK);
    assert_string_equal(t, union_text);
    free(t);
    assert_int_equal(mu_campaign_act_as(c, MU_SIDE_NONE, &err), MU_OK);
}

static char *show_text(mu_campaign *c)
{
    char *t = NULL;
    mu_error err;
    assert_int_equal(t_show(c, MU_SIDE_UNION, RO(MU_FMT_TEXT), &t,
                                      &err), MU_OK);
    return t;
}

static const char indexes_q[] =
    "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name IN "
    "('prisoners_camp', 'leaders_held_camp', 'batteries_held_camp', "
    "'batteries_held_division')";

static void schema6_file_is_upgraded(void **state)
{
    (void)state;
    char to[512];
    fixture(to, sizeof to);
    assert_int_equal(camp_file_schema(to), 6);
    assert_int_equal(int_of(to, indexes_q), 0);

    /* Read only: read as it is (it lacks only indexes), the file
     * untouched. */
    mu_campaign *c;
    mu_error err;
    char head[MU_CHAIN_HEX];
    int64_t n;
    assert_int_equal(mu_campaign_open_read(to, &c, &err), MU_OK);
    const char *read = sqlite3_db_filename(c->db, "main");
    assert_true(read && strstr(read, to + strlen(to) - 6)); /* not ":memory:" */
    assert_int_equal(mu_campaign_head(c, head, &n, &err), MU_OK);
    assert_string_equal(head, "69e4f4f3362111094104e3c47d1735990dead15aeab69d"
                        "3af3653d3a6b66c9e6");
    assert_int_equal(n, 31);
    prisoners_are(c);
    char *before = show_text(c);
    char *t = NULL;
    assert_int_equal(mu_campaign_check_head(c, NULL, &t, &err), MU_OK);
    assert_non_null(strstr(t, "campaign \"Scen\": schema 6\n"));
    free(t);
    mu_campaign_close(c);
    assert_int_equal(camp_file_schema(to), 6);

    /* Opened to write: upgraded on disk, the same head and listings. */
    assert_int_equal(mu_campaign_open(to, &c, &err), MU_OK);
    assert_int_equal(mu_campaign_check_head(c, NULL, &t, &err), MU_OK);
    assert_non_null(strstr(t, "campaign \"Scen\": schema 11\n"));
    free(t);
    assert_int_equal(mu_campaign_head(c, head, &n, &err), MU_OK);
    assert_int_equal(n, 31);
    prisoners_are(c);
    char *after = show_text(c);
    assert_string_equal(after, before);
    free(after);
    /* Undone (the battle's end), the tables are remade: the indexes stay. */
    int64_t undo = 0;
    assert_int_equal(mu_campaign_undo(c, 30, &undo, &err), MU_OK);
    assert_int_equal(undo, 32);
    camp_check_ok(c);
    mu_campaign_close(c);
    free(before);
    assert_int_equal(camp_file_schema(to), MU_CAMPAIGN_SCHEMA);
    assert_int_equal(int_of(to, indexes_q), 4);
    assert_int_equal(int_of(to, "SELECT count(*) FROM pragma_integrity_check "
                                "WHERE integrity_check <> 'ok'"), 0);
}

/* A sink that keeps up to 4 KB, and stops a listing that goes on. */
typedef struct kept {
    char s[4096];
    size_t len;
} kept;

static mu_status keep(void *ctx, const char *text, size_t len, mu_error *err)
{
    kept *k = ctx;
    if (len >= sizeof k->s - k->len)
        return mu_error_set(err, MU_EIO, MU_R_NONE, "too long");
    memcpy(k->s + k->len, text, len);
    k->len += len;
    k->s[k->len] = '\0';
    return MU_OK;
}

/* A file of schema 5 lacks columns: read only, it is still upgraded in a
 * copy in memory (the file untouched). */
static void schema5_file_is_copied(void **state)
{
    (void)state;
    char to[512];
    camp_fixture("campaign-schema5.db", to, sizeof to);
    mu_campaign *c;
    mu_error err;
    assert_int_equal(mu_campaign_open_read(to, &c, &err), MU_OK);
    const char *read = sqlite3_db_filename(c->db, "main");
    assert_true(!read || !read[0]);
    mu_campaign_close(c);
    assert_int_equal(camp_file_schema(to), 5);
}

/* The walk goes from camp to camp by name: a name with a NUL in it (a
 * damaged or hand-made file; SQLite keeps every byte) is walked past, not
 * found again and again, and its items come after those of the name it
 * starts with, under that name's head as the schema-6 release printed it. */
static void camp_name_with_a_nul(void **state)
{
    (void)state;
    char to[512];
    fixture(to, sizeof to);
    upgrade(to);
    sql(to, "INSERT INTO prisoners(event, division, brigade, stands, camp) "
            "VALUES (20, 4, 1, 5, CAST(x'416c746f6e0042' AS TEXT))");
    mu_campaign *c;
    mu_error err;
    kept k = {"", 0};
    assert_int_equal(mu_campaign_open_read(to, &c, &err), MU_OK);
    assert_int_equal(mu_campaign_prisoners_to(c, RO(MU_FMT_TEXT), keep, &k,
                                              &err), MU_OK);
    const char *at = strstr(umpire_text, "Held by the Union in Union POW");
    assert_non_null(at);
    char want[2048];
    snprintf(want, sizeof want, "%.*s  confederate division 4 \"C2\" brigade "
             "1: 5 stands\n%.*sThe Union holds 11%s",
             (int)(at - umpire_text), umpire_text,
             (int)(strstr(at, "The Union holds 6") - at), at,
             strstr(umpire_text, " Confederate stands, 2 leaders"));
    assert_string_equal(k.s, want);
    mu_campaign_close(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plans_sort_nothing),
        cmocka_unit_test(no_listing_sorts),
        cmocka_unit_test(first_record_waits_for_nothing),
        cmocka_unit_test(schema6_file_is_upgraded),
        cmocka_unit_test(schema5_file_is_copied),
        cmocka_unit_test(camp_name_with_a_nul),
    };
    return cmocka_run_group_tests(tests, camp_setup, camp_teardown);
}
