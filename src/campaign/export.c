/* SPDX-License-Identifier: MIT */
/* export.c -- a player's own file (a copy of the campaign holding
 * only what one side may know) and the campaign as CSV for spreadsheets. */
#include "campaign.h"
#include "writer.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- a player's own file ------------------------------------------------ */

/* Divisions whose every detail is the other side's secret. */
#define MASKED CAMP_HIDDEN_FROM("?1")

/* What the side may not know goes: the other side's unrevealed hidden
 * divisions keep their name, corps and commitment only (no division, salt,
 * leaders, brigades, losses, brigades of origin of the prisoners taken
 * from them, or who their captured leaders are); the other side's secrets for fair rolls; corps leaders seen
 * only through such divisions. Each statement binds the side as ?1. */
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
        "DELETE FROM links WHERE ?1 = ?1", /* the web links: the umpire's */
        "DELETE FROM requests WHERE ?1 = ?1", /* every viewer's answers */
        "UPDATE campaign SET view_side = ?1",
    };
    mu_status s = MU_OK;
    for (size_t i = 0; i < sizeof sql / sizeof *sql && s == MU_OK; i++)
        s = camp_write(x, err, sql[i], "i", side);
    return s;
}

/* A player's file keeps no events: the log as its side saw it at the
 * export, event by event, as text and as JSON (view_log), so that nothing
 * masked is left to decode and nothing hidden is left in the file. Each
 * event is written as it is read (before the scrub, in the same
 * transaction), so the export of any log takes the memory of one event. */
static mu_status write_view_log(mu_campaign *x, int side, mu_error *err)
{
    mu_status s = camp_exec(x, "CREATE TABLE view_log (id INTEGER PRIMARY "
                            "KEY, text TEXT NOT NULL, json TEXT NOT NULL) "
                            "STRICT", err);
    sqlite3_stmt *ids = NULL, *ins = NULL;
    if (s == MU_OK)
        s = camp_prepare(x, "SELECT id FROM events ORDER BY id", &ids, err);
    if (s == MU_OK)
        s = camp_prepare(x, "INSERT INTO view_log(id, text, json) VALUES "
                         "(?, ?, ?)", &ins, err);
    sbuf text = {0}, json = {0};
    int rc = SQLITE_DONE;
    while (s == MU_OK && (rc = sqlite3_step(ids)) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(ids, 0);
        text.len = json.len = 0;
        if ((s = camp_log_event(x, side, id, false, &text, err)) != MU_OK ||
            (s = camp_log_event(x, side, id, true, &json, err)) != MU_OK)
            break;
        if (text.oom || json.oom) {
            s = err_nomem(err);
            break;
        }
        sqlite3_reset(ins);
        sqlite3_bind_int64(ins, 1, id);
        sqlite3_bind_text(ins, 2, text.p, (int)text.len, SQLITE_STATIC);
        sqlite3_bind_text(ins, 3, json.p, (int)json.len, SQLITE_STATIC);
        int r = sqlite3_step(ins);
        if (r != SQLITE_DONE)
            s = camp_sql_fail(x, r, "writing the copy", err);
    }
    if (s == MU_OK && rc != SQLITE_DONE)
        s = camp_sql_fail(x, rc, "reading", err);
    mu_buf_free(&text);
    mu_buf_free(&json);
    camp_finalize(x, ids);
    camp_finalize(x, ins);
    return s == MU_OK ? camp_exec(x, "DELETE FROM events", err) : s;
}

/* The copy to scrub, in memory: the whole campaign is never in a file
 * under the player's name or a temporary one. Freed pages are zeroed,
 * and the foreign keys of brigades taken away not enforced. */
static mu_status copy_in_memory(mu_campaign *c, const char *path,
                                mu_campaign **out, mu_error *err)
{
    mu_campaign *x = calloc(1, sizeof *x);
    if (!x)
        return err_nomem(err);
    x->viewer = MU_SIDE_NONE;
    x->path = strdup(path);
    int rc = x->path ? camp_memory_copy(c->db, &x->db) : SQLITE_NOMEM;
    mu_status s = rc == SQLITE_OK
                      ? camp_exec(x, "PRAGMA secure_delete = ON; PRAGMA "
                                  "foreign_keys = OFF;", err)
                      : camp_sql_fail(c, rc, "copying the campaign", err);
    if (s != MU_OK) {
        sqlite3_close(x->db);
        free(x->path);
        free(x);
        return s;
    }
    *out = x;
    return MU_OK;
}

mu_status mu_campaign_export_side(mu_campaign *c, mu_army side,
                                  const char *path, mu_error *err)
{
    if (!c || !path || !*path)
        return err_set(err, MU_EINPUT, "no campaign or file given");
    if ((unsigned)side > 1)
        return err_set(err, MU_EINPUT, "export the union or the confederate "
                       "side");
    if (c->viewer != MU_SIDE_NONE && c->viewer != (int)side)
        return err_set(err, MU_ESTATE, "acting for the %s, the %s file "
                       "cannot be made: it holds their secrets",
                       camp_side_noun((mu_army)c->viewer),
                       camp_side_poss(side));
    struct stat sb;
    if (stat(path, &sb) == 0 || errno != ENOENT)
        return err_at(err, MU_EINPUT, path, 0, "already exists: a player's "
                      "file is written to a new file");
    /* The copy's log is kept as its side saw it, then its tables are
     * scrubbed; VACUUM rewrites it without the freed pages, so the secrets
     * are gone from its bytes, not only from its tables. All of it in
     * memory: the file is written once whole, and from its first byte it
     * holds only what the side may know (file.c). */
    mu_campaign *x = NULL;
    mu_status s = copy_in_memory(c, path, &x, err);
    if (s != MU_OK)
        return s;
    if ((s = camp_exec(x, "BEGIN IMMEDIATE", err)) == MU_OK &&
        (s = camp_view_chain_write(x, (int)side, err)) == MU_OK &&
        (s = write_view_log(x, (int)side, err)) == MU_OK &&
        (s = scrub_tables(x, (int)side, err)) == MU_OK &&
        (s = camp_exec(x, "COMMIT", err)) == MU_OK)
        s = camp_exec(x, "VACUUM", err);
    if (s != MU_OK)
        sqlite3_exec(x->db, "ROLLBACK", NULL, NULL, NULL);
    else
        s = camp_file_put(x->db, path, false, "a player's file is written "
                          "to a new file", 0644, err);
    sqlite3_close(x->db);
    free(x->path);
    free(x);
    return s;
}

/* ---- CSV ---------------------------------------------------------------- */

/* Whether a spreadsheet could take the cell for a formula: it starts with
 * =, +, - or @ after any spaces (which spreadsheets skip), or with a tab
 * or carriage return. */
static bool csv_formula(const char *s)
{
    if (*s == '\t' || *s == '\r')
        return true;
    while (*s == ' ')
        s++;
    return *s && strchr("=+-@", *s) != NULL;
}

/* A CSV field: quoted when it holds a comma, quote or line break (RFC
 * 4180), and one a spreadsheet could read as a formula defused by a
 * leading '. */
static void csv_field(sbuf *sb, const char *s)
{
    bool formula = csv_formula(s);
    bool quote = strpbrk(s, ",\"\r\n") != NULL || formula;
    if (!*s)
        return;
    if (!quote) {
        mu_buf_puts(sb, s);
        return;
    }
    mu_buf_puts(sb, formula ? "\"'" : "\"");
    for (; *s; s++)
        mu_buf_printf(sb, *s == '"' ? "\"\"" : "%c", *s);
    mu_buf_puts(sb, "\"");
}

static void csv_int(sbuf *sb, int v) { mu_buf_printf(sb, ",%d", v); }

typedef struct csv_ctx {
    wr_out *o;
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
    mu_buf_printf(sb, "division,%d,", d->id);
    csv_field(sb, d->name);
    mu_buf_printf(sb, ",%s,%s,", mu_army_name(d->side), mu_arm_name(d->arm));
    csv_field(sb, d->corps_name);
    mu_buf_printf(sb, ",%d,,", d->hidden && !d->revealed ? 1 : 0);
    if (!shown) {
        mu_buf_puts(sb, ",,,,,,,,,,\n");
        return;
    }
    csv_int(sb, stands);
    csv_int(sb, start);
    csv_int(sb, lost);
    csv_int(sb, cap);
    csv_int(sb, ret);
    csv_int(sb, freed);
    mu_buf_printf(sb, ",,%s", mu_rating_name((mu_rating)d->leader));
    csv_int(sb, d->division_batteries);
    csv_int(sb, d->reserve);
    mu_buf_puts(sb, "\n");
    for (int i = 0; i < d->nbrigades; i++) {
        const camp_brigade *b = &d->b[i];
        mu_buf_printf(sb, "brigade,%d,", d->id);
        csv_field(sb, b->name);
        mu_buf_printf(sb, ",%s,,,,%d,", mu_army_name(d->side), b->number);
        csv_int(sb, b->current);
        csv_int(sb, b->start);
        csv_int(sb, b->lost - b->returned);
        csv_int(sb, b->captured - b->freed);
        csv_int(sb, b->returned);
        csv_int(sb, b->freed);
        mu_buf_printf(sb, ",%s,%s,,\n", mu_morale_name((mu_morale)b->morale),
                      mu_rating_name((mu_rating)b->leader));
    }
}

/* One row per battle and brigade that lost stands in it (the table's own
 * order, its primary key: nothing is sorted or kept). */
static mu_status loss_row(sqlite3_stmt *st, void *p, mu_error *err)
{
    csv_ctx *x = p;
    camp_div d = {.side = sqlite3_column_int(st, 6) ? MU_CONFEDERATE
                                                     : MU_UNION,
                  .hidden = sqlite3_column_int(st, 7) != 0,
                  .revealed = sqlite3_column_int(st, 8) != 0};
    if (!camp_visible(&d, x->viewer))
        return MU_OK; /* a hidden division's losses are its secret */
    sbuf *sb = &x->o->sb;
    mu_buf_printf(sb, "loss,%d,,%s,,,,%d,%d,,,%d,%d,",
                  sqlite3_column_int(st, 1), mu_army_name(d.side),
                  sqlite3_column_int(st, 2), sqlite3_column_int(st, 0),
                  sqlite3_column_int(st, 3), sqlite3_column_int(st, 4));
    if (sqlite3_column_type(st, 5) != SQLITE_NULL)
        mu_buf_printf(sb, "%d", sqlite3_column_int(st, 5));
    mu_buf_puts(sb, ",,,,,\n");
    return wr_out_record(x->o, err);
}

static mu_status loss_rows(mu_campaign *c, csv_ctx *x, mu_error *err)
{
    return camp_each(c, loss_row, x, err, "SELECT l.battle, l.division, "
                     "l.brigade, l.lost, l.captured, l.returned, d.side, "
                     "d.hidden, d.revealed FROM losses l JOIN divisions d ON "
                     "d.id = l.division ORDER BY l.battle, l.division, "
                     "l.brigade", "");
}

static mu_status csv_read(mu_campaign *c, void *p, mu_error *err)
{
    csv_ctx *x = p;
    camp_divs it;
    mu_status s = camp_divs_open(c, -1, true, &it, err);
    if (s != MU_OK)
        return s;
    mu_buf_puts(&x->o->sb, csv_head);
    camp_div d;
    bool more = true;
    while (s == MU_OK && more)
        if ((s = camp_divs_next(&it, &d, &more, err)) == MU_OK && more) {
            division_rows(&x->o->sb, &d, x->viewer);
            s = wr_out_record(x->o, err);
        }
    camp_divs_close(&it);
    return s == MU_OK ? loss_rows(c, x, err) : s;
}

mu_status mu_campaign_export_csv_to(mu_campaign *c, mu_sink_fn write,
                                    void *ctx, mu_error *err)
{
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (!write)
        return err_set(err, MU_EINPUT, "nothing to write to");
    wr_out o;
    wr_out_init(&o, write, ctx);
    csv_ctx x = {&o, c->viewer};
    return camp_listing_end(&o, camp_read_listing(c, csv_read, &x, err), NULL,
                            err);
}
