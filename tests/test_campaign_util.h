/* SPDX-License-Identifier: MIT */
/* test_campaign_util.h -- what the campaign tests share: the includes, a
 * private folder for the files they make (made by camp_setup, removed by
 * camp_teardown, cmocka's group fixtures), fresh file names in it and
 * scripted dice. */
#ifndef MU_TEST_CAMPAIGN_UTIL_H
#define MU_TEST_CAMPAIGN_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Render options of one format. */
#ifndef RO
#define RO(fmt) (&(mu_render_opts){.format = (fmt)})
#endif

/* The calls' records in short: stands of brigade b lost and captured;
 * an exchange of stands; the camps holding side a's men, or camp n. */
#define STANDS(b, l, k)                                                        \
    (&(mu_casualties){.brigade = (b), .lost = (l), .captured = (k)})
#define EXCHANGE(u, k)                                                         \
    (&(mu_exchange){.union_stands = (u), .confederate_stands = (k)})
#define FREE_SIDE(a) (&(mu_liberation){.side = (a)})
#define FREE_CAMP(n) (&(mu_liberation){.camp = (n)})

/* A listing's whole text, gathered by the collecting sink: *out malloc'd
 * on MU_OK ("" for nothing), else NULL. t_show, t_log, t_prisoners and
 * t_csv are mu_campaign_show_to, _log_to, _prisoners_to and
 * _export_csv_to so gathered. */
static inline mu_status collected(mu_status st, mu_buf *b, char **out)
{
    if (st == MU_OK && !b->p)
        mu_buf_write(b, "", 0, NULL);
    if (st != MU_OK || b->oom)
        mu_buf_free(b);
    *out = b->p;
    return st;
}

static inline mu_status t_show(mu_campaign *c, mu_side v,
                               const mu_render_opts *ro, char **out,
                               mu_error *err)
{
    mu_buf b = {0};
    return collected(mu_campaign_show_to(c, v, ro, mu_buf_write, &b, err), &b,
                     out);
}

static inline mu_status t_log(mu_campaign *c, mu_side v,
                              const mu_log_range *r, const mu_render_opts *ro,
                              char **out, mu_error *err)
{
    mu_buf b = {0};
    return collected(mu_campaign_log_to(c, v, r, ro, mu_buf_write, &b, err),
                     &b, out);
}

static inline mu_status t_prisoners(mu_campaign *c, const mu_render_opts *ro,
                                    char **out, mu_error *err)
{
    mu_buf b = {0};
    return collected(mu_campaign_prisoners_to(c, ro, mu_buf_write, &b, err),
                     &b, out);
}

static inline mu_status t_csv(mu_campaign *c, char **out, mu_error *err)
{
    mu_buf b = {0};
    return collected(mu_campaign_export_csv_to(c, mu_buf_write, &b, err), &b,
                     out);
}

static char dir[256];
static int serial;

/* A new campaign file name in the test's folder. */
static inline const char *fresh(void)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/c%d.db", dir, ++serial);
    return path;
}

/* The name fresh() gave last. */
static inline const char *fresh_last(void)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/c%d.db", dir, serial);
    return path;
}

static inline mu_dice *script(const int *r, size_t n)
{
    mu_dice *d;
    mu_error err;
    assert_int_equal(mu_dice_new_scripted(r, n, &d, &err), MU_OK);
    return d;
}

/* A copy of tests/data/NAME (the source tree is $MUSTER_SOURCE, as ctest
 * sets it) in a fresh file, its name written to `to`: tests change only
 * the copy. */
static inline const char *camp_fixture(const char *name, char *to, size_t n)
{
    const char *src = getenv("MUSTER_SOURCE");
    assert_non_null(src);
    char cmd[1200];
    snprintf(to, n, "%s", fresh());
    snprintf(cmd, sizeof cmd, "cp '%s/tests/data/%s' '%s'", src, name, to);
    assert_int_equal(system(cmd), 0);
    return to;
}

/* The schema a campaign file says it has (PRAGMA user_version), read
 * without muster, which would upgrade it. */
static inline int camp_file_schema(const char *path)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st,
                                        NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

/* `check` passes on c, or the test fails with its report. */
static inline void camp_check_ok(mu_campaign *c)
{
    char *report = NULL;
    mu_error err;
    if (mu_campaign_check_head(c, NULL, &report, &err) != MU_OK)
        fail_msg("check failed: %s", report ? report : err.msg);
    free(report);
}

static inline int camp_setup(void **state)
{
    (void)state;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/muster-campaign-XXXXXX", tmp ? tmp : "/tmp");
    return mkdtemp(dir) ? 0 : -1;
}

static inline int camp_teardown(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

#endif
