/* campaign_export.c -- a player's own file (a copy of the campaign holding
 * only what one side may know) and the campaign as CSV for spreadsheets. */
#include "campaign.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- a player's own file ------------------------------------------------ */

/* Runs SQL on the copy, binding the side that keeps its secrets as ?1. */
static mu_status run_side(mu_campaign *x, const char *sql, int side,
                          mu_error *err)
{
    return camp_exec_ints(x, err, sql, 1, side);
}

/* Divisions whose every detail is the other side's secret. */
#define MASKED "(SELECT id FROM divisions WHERE side <> ?1 AND hidden = 1 " \
               "AND revealed = 0)"

/* What the side may not know goes: the other side's unrevealed hidden
 * divisions keep their name, corps and commitment only (no division, salt,
 * leaders, brigades, losses, brigades of origin of the prisoners taken
 * from them, or who their captured leaders are); the other side's secrets for fair rolls; corps leaders seen
 * only through such divisions. */
static mu_status scrub_tables(mu_campaign *x, int side, mu_error *err)
{
    static const char *const sql[] = {
        "DELETE FROM brigades WHERE division IN " MASKED,
        "DELETE FROM losses WHERE division IN " MASKED,
        "UPDATE prisoners SET brigade = 0 WHERE division IN " MASKED,
        "UPDATE leaders_held SET post = 0, brigade = 0, rating = NULL, "
        "rolled = NULL, origin = 0 WHERE division IN " MASKED,
        "UPDATE corps SET leader = NULL, leader_rolled = NULL, "
        "leader_origin = 0, attached = NULL WHERE side <> ?1 AND NOT EXISTS "
        "(SELECT 1 FROM divisions d WHERE d.corps = corps.id AND d.engaged = 1"
        " AND d.id NOT IN " MASKED ")",
        "UPDATE divisions SET division = 'null', salt = '', leader = NULL, "
        "leader_rolled = NULL, leader_origin = 0, ratio = NULL, batteries = "
        "NULL, division_batteries = NULL, reserve = NULL, by_the_book = 0 "
        "WHERE id IN " MASKED,
        "UPDATE divisions SET fair_secret = NULL WHERE side <> ?1",
        "UPDATE campaign SET view_side = ?1",
    };
    mu_status s = MU_OK;
    for (size_t i = 0; i < sizeof sql / sizeof *sql && s == MU_OK; i++)
        s = run_side(x, sql[i], side, err);
    return s;
}

/* A player's file keeps no events: the log as its side saw it at the
 * export, event by event, as text and as JSON (view_log), so that nothing
 * masked is left to decode and nothing hidden is left in the file. */
typedef struct view_ev {
    int64_t id;
    char *text, *json;
} view_ev;

static void view_evs_free(view_ev *v, int n)
{
    for (int i = 0; i < n; i++) {
        free(v[i].text);
        free(v[i].json);
    }
    free(v);
}

static bool id_item(sqlite3_stmt *st, void *item)
{
    memset(item, 0, sizeof(view_ev));
    ((view_ev *)item)->id = sqlite3_column_int64(st, 0);
    return true;
}

/* Each event as the side's log shows it (reads: before the writes). */
static mu_status gather_log(mu_campaign *x, int side, view_ev **out, int *n,
                            mu_error *err)
{
    sqlite3_stmt *st;
    void *v = NULL;
    *n = 0;
    mu_status s = camp_prepare(x, "SELECT id FROM events ORDER BY id", &st,
                               err);
    if (s == MU_OK)
        s = camp_collect(x, st, sizeof(view_ev), id_item, &v, n, err);
    view_ev *e = v;
    mu_render_opts tro = {MU_FMT_TEXT, NULL, false, 0};
    mu_render_opts jro = {MU_FMT_JSON, NULL, false, 0};
    for (int i = 0; s == MU_OK && i < *n; i++)
        if ((s = mu_campaign_event(x, e[i].id, (mu_viewer)side, &tro,
                                   &e[i].text, err)) == MU_OK)
            if ((s = mu_campaign_event(x, e[i].id, (mu_viewer)side, &jro,
                                       &e[i].json, err)) == MU_OK)
                e[i].json[strcspn(e[i].json, "\n")] = '\0'; /* one line */
    if (s != MU_OK) {
        view_evs_free(e, *n);
        *n = 0;
        return s;
    }
    *out = e;
    return MU_OK;
}

static mu_status write_view_log(mu_campaign *x, const view_ev *e, int n,
                                mu_error *err)
{
    mu_status s = camp_exec(x, "CREATE TABLE view_log (id INTEGER PRIMARY "
                            "KEY, text TEXT NOT NULL, json TEXT NOT NULL) "
                            "STRICT", err);
    sqlite3_stmt *ins = NULL;
    if (s == MU_OK)
        s = camp_prepare(x, "INSERT INTO view_log(id, text, json) VALUES "
                         "(?, ?, ?)", &ins, err);
    for (int i = 0; s == MU_OK && i < n; i++) {
        sqlite3_reset(ins);
        sqlite3_bind_int64(ins, 1, e[i].id);
        sqlite3_bind_text(ins, 2, e[i].text, -1, SQLITE_STATIC);
        sqlite3_bind_text(ins, 3, e[i].json, -1, SQLITE_STATIC);
        int rc = sqlite3_step(ins);
        if (rc != SQLITE_DONE)
            s = camp_sql_fail(x, rc, "writing the copy", err);
    }
    sqlite3_finalize(ins);
    return s == MU_OK ? camp_exec(x, "DELETE FROM events", err) : s;
}

mu_status camp_view_log(mu_campaign *c, int64_t only, mu_format fmt,
                        sbuf *sb, cJSON *arr, int *count, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT text, json FROM view_log WHERE ?1 "
                               "= 0 OR id = ?1 ORDER BY id", &st, err);
    if (s != MU_OK)
        return s;
    sqlite3_bind_int64(st, 1, only);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(st, fmt ==
                                                          MU_FMT_TEXT ? 0 : 1);
        cJSON *j = fmt == MU_FMT_TEXT ? NULL : cJSON_Parse(t ? t : "");
        if (fmt == MU_FMT_TEXT)
            sb_puts(sb, t ? t : "");
        else if (j)
            cJSON_AddItemToArray(arr, j);
        else
            s = err_at(err, MU_EIO, c->path, 0, "the player's log is damaged");
        (*count)++;
    }
    sqlite3_finalize(st);
    if (s == MU_OK && rc != SQLITE_DONE)
        s = camp_sql_fail(c, rc, "reading", err);
    return s;
}

static mu_status copy_to(mu_campaign *c, const char *path, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "VACUUM INTO ?", &st, err);
    if (s != MU_OK)
        return s;
    sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? MU_OK
                             : camp_sql_fail(c, rc, "copying the campaign", err);
}

/* Opens the copy for scrubbing: no journal left behind, freed pages zeroed,
 * and the foreign keys of brigades taken away not enforced. */
static mu_status open_copy(const char *path, mu_campaign **out, mu_error *err)
{
    mu_campaign *x = calloc(1, sizeof *x);
    if (!x)
        return err_nomem(err);
    x->viewer = MU_VIEWER_UMPIRE;
    x->path = strdup(path);
    int rc = x->path ? sqlite3_open_v2(path, &x->db, SQLITE_OPEN_READWRITE,
                                       NULL) : SQLITE_NOMEM;
    mu_status s = rc == SQLITE_OK ? MU_OK
                                  : camp_sql_fail(x, rc, "opening the copy", err);
    if (s == MU_OK)
        s = camp_exec(x, "PRAGMA journal_mode = DELETE; PRAGMA secure_delete ="
                      " ON; PRAGMA foreign_keys = OFF;", err);
    if (s != MU_OK) {
        sqlite3_close(x->db);
        free(x->path);
        free(x);
        return s;
    }
    *out = x;
    return MU_OK;
}

static void remove_copy(const char *path)
{
    static const char *const ext[] = {"", "-journal", "-wal", "-shm"};
    for (size_t i = 0; i < sizeof ext / sizeof *ext; i++) {
        char p[4096];
        if ((size_t)snprintf(p, sizeof p, "%s%s", path, ext[i]) < sizeof p)
            unlink(p);
    }
}

mu_status mu_campaign_export_side(mu_campaign *c, mu_army side,
                                  const char *path, mu_error *err)
{
    if (!c || !path || !*path)
        return err_set(err, MU_EINPUT, "no campaign or file given");
    if ((unsigned)side > 1)
        return err_set(err, MU_EINPUT, "export the union or the confederate "
                       "side");
    if (c->viewer != MU_VIEWER_UMPIRE && c->viewer != (int)side)
        return err_set(err, MU_ESTATE, "acting for the %s, the %s file "
                       "cannot be made: it holds their secrets",
                       camp_side_noun((mu_army)c->viewer),
                       camp_side_poss(side));
    struct stat sb;
    if (stat(path, &sb) == 0 || errno != ENOENT)
        return err_at(err, MU_EINPUT, path, 0, "already exists: a player's "
                      "file is written to a new file");
    mu_status s = copy_to(c, path, err);
    mu_campaign *x = NULL;
    if (s == MU_OK)
        s = open_copy(path, &x, err);
    if (s == MU_OK) {
        /* The copy's log is kept as its side saw it, then its tables are
         * scrubbed;
         * VACUUM rewrites it without the freed pages, so the secrets are
         * gone from its bytes, not only from its tables. */
        view_ev *evs = NULL;
        int nev = 0;
        if ((s = gather_log(x, (int)side, &evs, &nev, err)) == MU_OK &&
            (s = camp_exec(x, "BEGIN IMMEDIATE", err)) == MU_OK &&
            (s = camp_view_chain_write(x, (int)side, err)) == MU_OK &&
            (s = write_view_log(x, evs, nev, err)) == MU_OK &&
            (s = scrub_tables(x, (int)side, err)) == MU_OK &&
            (s = camp_exec(x, "COMMIT", err)) == MU_OK)
            s = camp_exec(x, "VACUUM", err);
        if (s != MU_OK)
            sqlite3_exec(x->db, "ROLLBACK", NULL, NULL, NULL);
        view_evs_free(evs, nev);
        sqlite3_close(x->db);
        free(x->path);
        free(x);
    }
    if (s != MU_OK)
        remove_copy(path);
    return s;
}

/* ---- CSV ---------------------------------------------------------------- */

/* A CSV field: quoted when it holds a comma, quote or line break (RFC
 * 4180), and a leading =, +, - or @ defused for spreadsheets. */
static void csv_field(sbuf *sb, const char *s)
{
    bool quote = strpbrk(s, ",\"\r\n") != NULL || strchr("=+-@", *s) != NULL;
    if (!*s)
        return;
    if (!quote) {
        sb_puts(sb, s);
        return;
    }
    sb_puts(sb, strchr("=+-@", *s) ? "\"'" : "\"");
    for (; *s; s++)
        sb_printf(sb, *s == '"' ? "\"\"" : "%c", *s);
    sb_puts(sb, "\"");
}

static void csv_int(sbuf *sb, int v) { sb_printf(sb, ",%d", v); }

typedef struct csv_ctx {
    sbuf *sb;
    int viewer;
} csv_ctx;

static const char csv_head[] =
    "record,division,name,side,arm,corps,hidden,brigade,battle,stands,start,"
    "lost,captured,returned,freed,morale,leader,batteries,reserve\n";

static void division_rows(sbuf *sb, const camp_div *d, int viewer)
{
    bool shown = d->engaged && camp_visible(d, viewer);
    int stands = 0, start = 0, lost = 0, cap = 0, ret = 0, freed = 0;
    for (int i = 0; i < d->nbrigades; i++) {
        stands += d->b[i].current;
        start += d->b[i].start;
        lost += d->b[i].lost - d->b[i].returned;
        cap += d->b[i].captured - d->b[i].freed;
        ret += d->b[i].returned;
        freed += d->b[i].freed;
    }
    sb_printf(sb, "division,%d,", d->id);
    csv_field(sb, d->name);
    sb_printf(sb, ",%s,%s,", mu_army_name(d->side), mu_arm_name(d->arm));
    csv_field(sb, d->corps_name);
    sb_printf(sb, ",%d,,", d->hidden && !d->revealed ? 1 : 0);
    if (!shown) {
        sb_puts(sb, ",,,,,,,,,,\n");
        return;
    }
    csv_int(sb, stands);
    csv_int(sb, start);
    csv_int(sb, lost);
    csv_int(sb, cap);
    csv_int(sb, ret);
    csv_int(sb, freed);
    sb_printf(sb, ",,%s", mu_rating_name((mu_rating)d->leader));
    csv_int(sb, d->division_batteries);
    csv_int(sb, d->reserve);
    sb_puts(sb, "\n");
    for (int i = 0; i < d->nbrigades; i++) {
        const camp_brigade *b = &d->b[i];
        sb_printf(sb, "brigade,%d,,%s,,,,%d,", d->id, mu_army_name(d->side),
                  b->number);
        csv_int(sb, b->current);
        csv_int(sb, b->start);
        csv_int(sb, b->lost - b->returned);
        csv_int(sb, b->captured - b->freed);
        csv_int(sb, b->returned);
        csv_int(sb, b->freed);
        sb_printf(sb, ",%s,%s,,\n", mu_morale_name((mu_morale)b->morale),
                  mu_rating_name((mu_rating)b->leader));
    }
}

/* One row per battle and brigade that lost stands in it. */
static mu_status loss_rows(mu_campaign *c, const camp_div *v, int n,
                           csv_ctx *x, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT l.battle, l.division, l.brigade, "
                               "l.lost, l.captured, l.returned FROM losses l "
                               "ORDER BY l.battle, l.division, l.brigade",
                               &st, err);
    if (s != MU_OK)
        return s;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int div = sqlite3_column_int(st, 1);
        const camp_div *d = NULL;
        for (int i = 0; i < n && !d; i++)
            if (v[i].id == div)
                d = &v[i];
        if (!d || !camp_visible(d, x->viewer))
            continue; /* a hidden division's losses are its secret */
        sb_printf(x->sb, "loss,%d,,%s,,,,%d,%d,,,%d,%d,", div,
                  mu_army_name(d->side), sqlite3_column_int(st, 2),
                  sqlite3_column_int(st, 0), sqlite3_column_int(st, 3),
                  sqlite3_column_int(st, 4));
        if (sqlite3_column_type(st, 5) != SQLITE_NULL)
            sb_printf(x->sb, "%d", sqlite3_column_int(st, 5));
        sb_puts(x->sb, ",,,,,\n");
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? MU_OK : camp_sql_fail(c, rc, "reading", err);
}

static mu_status csv_read(mu_campaign *c, void *p, mu_error *err)
{
    csv_ctx *x = p;
    camp_div *v = NULL;
    int n = 0;
    mu_status s = camp_load_all(c, &v, &n, err);
    if (s != MU_OK)
        return s;
    sb_puts(x->sb, csv_head);
    for (int i = 0; i < n; i++)
        division_rows(x->sb, &v[i], x->viewer);
    s = loss_rows(c, v, n, x, err);
    free(v);
    return s;
}

mu_status mu_campaign_export_csv(mu_campaign *c, char **out, mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    if (!c || !out)
        return err_set(err, MU_EINPUT, "no campaign given");
    sbuf sb = {0};
    csv_ctx x = {&sb, c->viewer};
    mu_status s = camp_read(c, csv_read, &x, err);
    if (s != MU_OK) {
        sb_free(&sb);
        return s;
    }
    return sb_finish(&sb, out, err);
}
