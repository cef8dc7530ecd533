/* SPDX-License-Identifier: MIT */
/* fuzz_campaign.c -- the campaign file, two ways.
 *
 * An input that starts as an SQLite file does ("SQLite format 3") is a
 * whole campaign file: it is written to a temporary file and opened as
 * `show`, `log` and `check` open one (mu_campaign_open_read), then shown
 * (text and JSON, as the umpire and as each side), logged, its prisoners
 * and CSV listed, and checked (every event decoded and replayed).
 *
 * Any other input is an event log, one event a line: KIND TAB DIVISION
 * (empty for none) TAB DATA (the JSON payload). It replaces the log of a
 * real campaign (fuzz/data/campaign.sqlite, every kind of event, whose
 * log is the seed fuzz/corpus/campaign/events), with a correct hash chain
 * so that the payloads, not the hashes, are what `check` looks at; then the
 * same reads. Oracle: nothing crashes or leaks, every failure has a
 * message, and the untouched log checks clean.
 *
 * An input "SQL\n" and statements edits the real campaign with them
 * (sql_mode): any schema object it adds or changes, and view_side set in
 * the umpire's file, must make check fail, and a change to a file with a
 * trigger or view must be refused without a byte written. */
#include "campaign/campaign.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64], path[96];
static char *base; /* fuzz/data/campaign.sqlite */

/* At exit (a replay of the corpus ends; libFuzzer's run may too): the
 * file, what SQLite kept beside it, and the folder. */
static void remove_dir(void)
{
    static const char *const sides[] = {"", "-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof sides / sizeof *sides; i++) {
        char p[128];
        snprintf(p, sizeof p, "%s%s", path, sides[i]);
        unlink(p);
    }
    rmdir(dir);
}
static size_t base_len;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* In memory where there is a tmpfs: the file is written every run. */
    snprintf(dir, sizeof dir, "%s/fuzz_campaign.XXXXXX",
             access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
    if (!mkdtemp(dir))
        abort();
    snprintf(path, sizeof path, "%s/c.db", dir);
    atexit(remove_dir);
    mu_error err;
    if (mu_file_read(MUSTER_FUZZ_BASE, &base, &base_len, &err) != MU_OK) {
        fprintf(stderr, "fuzz_campaign: %s\n", err.msg);
        abort();
    }
    return 0;
}

static void write_file(const void *data, size_t size)
{
    char side[128];
    snprintf(side, sizeof side, "%s-wal", path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", path);
    unlink(side);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || write(fd, data, size) != (ssize_t)size || close(fd) != 0)
        abort();
}

static void must_say(mu_status st, const mu_error *err)
{
    if (st != MU_OK && !err->msg[0])
        abort(); /* a failure without a word of why */
}

/* Everything a reader of the file does, as each viewer. */
static void read_all(bool clean)
{
    mu_campaign *c = NULL;
    mu_error err;
    mu_status st = mu_campaign_open_read(path, &c, &err);
    must_say(st, &err);
    if (st != MU_OK)
        return;
    static const mu_render_opts fmts[] = {{.format = MU_FMT_TEXT},
                                          {.format = MU_FMT_JSON}};
    char *out = NULL;
    mu_buf b = {0};
    for (int f = 0; f < 2; f++) {
        st = mu_campaign_show_to(c, MU_SIDE_NONE, &fmts[f], mu_buf_write, &b,
                                 &err);
        must_say(st, &err);
        mu_buf_free(&b);
        st = mu_campaign_log_to(c, MU_SIDE_NONE, NULL, &fmts[f], mu_buf_write,
                                &b, &err);
        must_say(st, &err);
        mu_buf_free(&b);
        st = mu_campaign_prisoners_to(c, &fmts[f], mu_buf_write, &b, &err);
        must_say(st, &err);
        mu_buf_free(&b);
    }
    st = mu_campaign_export_csv_to(c, mu_buf_write, &b, &err);
    must_say(st, &err);
    mu_buf_free(&b);
    st = mu_campaign_check_head(c, NULL, &out, &err);
    if (clean && st != MU_OK) {
        fprintf(stderr, "the untouched campaign does not check:\n%s\n%s\n",
                out ? out : "", err.msg);
        abort();
    }
    free(out);
    for (int v = MU_SIDE_UNION; v <= MU_SIDE_CONFEDERATE; v++) {
        if (mu_campaign_act_as(c, (mu_side)v, &err) != MU_OK)
            break;
        st = mu_campaign_show_to(c, (mu_side)v, &fmts[1], mu_buf_write, &b,
                                 &err);
        must_say(st, &err);
        mu_buf_free(&b);
        st = mu_campaign_log_to(c, (mu_side)v, NULL, &fmts[0], mu_buf_write,
                                &b, &err);
        must_say(st, &err);
        mu_buf_free(&b);
    }
    mu_campaign_close(c);
}

/* One event line into the log, with its hash chained from prev. */
static bool insert_event(sqlite3 *db, sqlite3_stmt *ins, int64_t id, char *line,
                         unsigned char prev[CAMP_HASH_BYTES])
{
    char *div = strchr(line, '\t');
    char *data = div ? strchr(div + 1, '\t') : NULL;
    if (!data)
        return false;
    *div++ = '\0';
    *data++ = '\0';
    char *end;
    long d = strtol(div, &end, 10);
    int division = *div && !*end && d > 0 && d < 1000000 ? (int)d : 0;
    unsigned char next[CAMP_HASH_BYTES];
    char hex[CAMP_HASH_HEX];
    mu_error err;
    if (camp_chain_next(prev, id, line, division, data, next, &err) != MU_OK)
        abort();
    camp_hash_hex(next, hex);
    memcpy(prev, next, CAMP_HASH_BYTES);
    sqlite3_reset(ins);
    sqlite3_bind_int64(ins, 1, id);
    sqlite3_bind_text(ins, 2, line, -1, SQLITE_STATIC);
    if (*div)
        sqlite3_bind_text(ins, 3, div, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(ins, 3);
    sqlite3_bind_text(ins, 4, data, -1, SQLITE_STATIC);
    sqlite3_bind_text(ins, 5, hex, -1, SQLITE_STATIC);
    (void)db;
    return sqlite3_step(ins) == SQLITE_DONE;
}

/* The base campaign with its log replaced by the lines of text. */
static bool write_log(char *text)
{
    write_file(base, base_len);
    sqlite3 *db;
    if (sqlite3_open(path, &db) != SQLITE_OK)
        abort();
    sqlite3_stmt *ins = NULL;
    bool ok = sqlite3_exec(db, "BEGIN; DELETE FROM events", NULL, NULL,
                           NULL) == SQLITE_OK &&
              sqlite3_prepare_v2(db, "INSERT INTO events(id, kind, division, "
                                 "data, hash) VALUES (?, ?, ?, ?, ?)", -1,
                                 &ins, NULL) == SQLITE_OK;
    unsigned char prev[CAMP_HASH_BYTES] = {0};
    int64_t id = 1;
    for (char *line = text; ok && line && *line; id++) {
        char *next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        ok = insert_event(db, ins, id, line, prev);
        line = next;
    }
    sqlite3_finalize(ins);
    ok = ok && sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

/* "SQL\n" and statements: run on the base campaign (nothing that reaches
 * other files), then the class oracles of issue 27: any schema object
 * that is not muster's, and campaign.view_side set in a file with a log,
 * make check fail; and no change is made to a file holding a trigger or a
 * view (a refused command leaves its bytes as they were). */
static void sql_mode(char *sql)
{
    for (char *p = sql; *p; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p - 'A' + 'a');
    if (strstr(sql, "attach") || strstr(sql, "vacuum") ||
        strstr(sql, "pragma") || strstr(sql, "load_extension"))
        return; /* nothing outside the file, no settings */
    write_file(base, base_len);
    sqlite3 *db;
    if (sqlite3_open(path, &db) != SQLITE_OK)
        abort();
    /* muster's objects, kept where the statements do not look */
    if (sqlite3_exec(db, "CREATE TEMP TABLE fuzz_muster_schema AS SELECT "
                     "type, name, tbl_name, sql FROM sqlite_schema", NULL,
                     NULL, NULL) != SQLITE_OK)
        abort();
    sqlite3_exec(db, sql, NULL, NULL, NULL);
    sqlite3_stmt *st;
    int side_set = 0, foreign_code = 0, changed = 0;
    if (sqlite3_prepare_v2(db, "SELECT (SELECT view_side IS NOT NULL FROM "
                           "campaign WHERE id = 1), EXISTS (SELECT 1 FROM "
                           "sqlite_schema WHERE type IN ('trigger', 'view'))"
                           ", EXISTS (SELECT 1 FROM events), EXISTS (SELECT "
                           "type, name, tbl_name, sql FROM main.sqlite_schema"
                           " EXCEPT SELECT * FROM temp.fuzz_muster_schema)",
                           -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW) {
        side_set = sqlite3_column_int(st, 0) && sqlite3_column_int(st, 2);
        foreign_code = sqlite3_column_int(st, 1);
        changed = sqlite3_column_int(st, 3); /* added or altered, not gone */
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    mu_campaign *c = NULL;
    mu_error err;
    char *out = NULL;
    if (mu_campaign_open_read(path, &c, &err) == MU_OK) {
        mu_status cs = mu_campaign_check_head(c, NULL, &out, &err);
        if ((changed || side_set) && cs == MU_OK) {
            fprintf(stderr, "check passed a file with %s:\n%s\n", changed
                    ? "a schema object not muster's" : "view_side set", out);
            abort();
        }
        free(out);
        mu_campaign_close(c);
    }
    if (!foreign_code || mu_campaign_open(path, &c, &err) != MU_OK)
        return;
    char *bytes = NULL, *again = NULL; /* as opening left it */
    size_t n = 0, m = 0;
    if (mu_file_read(path, &bytes, &n, &err) != MU_OK)
        abort();
    if (mu_campaign_penalty(c, MU_UNION, NULL, &err) == MU_OK) {
        fprintf(stderr, "a change was made to a file with a trigger\n");
        abort();
    }
    mu_campaign_close(c);
    if (mu_file_read(path, &again, &m, &err) != MU_OK || m != n ||
        memcmp(bytes, again, n)) {
        fprintf(stderr, "a refused change wrote the file\n");
        abort();
    }
    free(bytes);
    free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 20)
        return 0;
    if (size >= 4 && !memcmp(data, "SQL\n", 4) && !memchr(data, '\0', size)) {
        char *sql = malloc(size - 3);
        memcpy(sql, data + 4, size - 4);
        sql[size - 4] = '\0';
        sql_mode(sql);
        free(sql);
        return 0;
    }
    if (size >= 16 && !memcmp(data, "SQLite format 3", 16)) {
        write_file(data, size);
        read_all(false);
        return 0;
    }
    if (memchr(data, '\0', size))
        return 0; /* a line of the log is text */
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    static char *seed_log; /* the base campaign's own log, as a seed has it */
    static size_t seed_len;
    if (!seed_log) {
        mu_error err;
        if (mu_file_read(MUSTER_FUZZ_LOG, &seed_log, &seed_len, &err) != MU_OK)
            abort();
    }
    bool clean = size == seed_len && !memcmp(data, seed_log, size);
    if (write_log(text))
        read_all(clean);
    free(text);
    return 0;
}
