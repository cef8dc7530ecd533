/* SPDX-License-Identifier: MIT */
/* schema.c -- the campaign file's schema: schema 1 as made by
 * the first muster, the steps that bring a file up to MU_CAMPAIGN_SCHEMA
 * (run for a new file too, so that a new file and an upgraded one are the
 * same), and the version checks of an opened file. */
#include "campaign.h"

#include <stdio.h>
#include <string.h>

/* Schema 1. Brigades hold their own bookkeeping: start = current + (lost -
 * returned) + (captured - freed). `losses` keeps each battle's battlefield
 * losses per brigade, for the return at its end; `prisoners` one row per
 * capture still (partly) held. */
static const char schema_sql[] =
    "CREATE TABLE campaign ("
    " id INTEGER PRIMARY KEY CHECK (id = 1),"
    " format TEXT NOT NULL CHECK (format = '" CAMP_FORMAT "'),"
    " name TEXT NOT NULL,"
    " year INTEGER NOT NULL CHECK (year BETWEEN 1861 AND 1865),"
    " theater INTEGER NOT NULL CHECK (theater IN (0, 1)),"
    " draw_num INTEGER NOT NULL, draw_den INTEGER NOT NULL,"
    " win_num INTEGER NOT NULL, win_den INTEGER NOT NULL,"
    " lose_num INTEGER NOT NULL, lose_den INTEGER NOT NULL,"
    " rules TEXT,"
    " penalty_union INTEGER NOT NULL DEFAULT 0 CHECK (penalty_union >= 0),"
    " penalty_confederate INTEGER NOT NULL DEFAULT 0"
    "  CHECK (penalty_confederate >= 0),"
    " CHECK (draw_den > 0 AND draw_num BETWEEN 0 AND draw_den),"
    " CHECK (win_den > 0 AND win_num BETWEEN 0 AND win_den),"
    " CHECK (lose_den > 0 AND lose_num BETWEEN 0 AND lose_den)"
    ") STRICT;"
    "CREATE TABLE events ("
    " id INTEGER PRIMARY KEY,"
    " kind TEXT NOT NULL,"
    " division INTEGER REFERENCES divisions(id),"
    " data TEXT NOT NULL CHECK (json_valid(data))"
    ") STRICT;"
    "CREATE TABLE corps ("
    " id INTEGER PRIMARY KEY,"
    " side INTEGER NOT NULL CHECK (side IN (0, 1)),"
    " name TEXT NOT NULL,"
    " leader INTEGER CHECK (leader IN (0, 1, 2)),"
    " leader_rolled INTEGER CHECK (leader_rolled IN (0, 1, 2)),"
    " leader_origin INTEGER NOT NULL DEFAULT 0,"
    " attached INTEGER REFERENCES divisions(id),"
    " UNIQUE (side, name),"
    " CHECK (attached IS NULL OR leader = 0)"
    ") STRICT;"
    "CREATE TABLE divisions ("
    " id INTEGER PRIMARY KEY,"
    " side INTEGER NOT NULL CHECK (side IN (0, 1)),"
    " name TEXT NOT NULL,"
    " arm INTEGER NOT NULL CHECK (arm IN (0, 1)),"
    " corps INTEGER REFERENCES corps(id),"
    " engaged INTEGER NOT NULL DEFAULT 0 CHECK (engaged IN (0, 1)),"
    " hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),"
    " revealed INTEGER NOT NULL DEFAULT 0 CHECK (revealed IN (0, 1)),"
    " by_the_book INTEGER NOT NULL DEFAULT 0 CHECK (by_the_book IN (0, 1)),"
    " salt TEXT, commitment TEXT,"
    " division TEXT CHECK (division IS NULL OR json_valid(division)),"
    " leader INTEGER, leader_rolled INTEGER,"
    " leader_origin INTEGER NOT NULL DEFAULT 0,"
    " ratio INTEGER, batteries INTEGER, division_batteries INTEGER,"
    " reserve INTEGER,"
    " CHECK (engaged = 1 OR (division IS NULL AND hidden = 0)),"
    " CHECK (engaged = 0 OR (division IS NOT NULL AND leader IN (0, 1, 2))),"
    " CHECK (hidden = 0 OR (salt IS NOT NULL AND commitment IS NOT NULL)),"
    " CHECK (revealed = 0 OR hidden = 1)"
    ") STRICT;"
    "CREATE TABLE brigades ("
    " division INTEGER NOT NULL REFERENCES divisions(id),"
    " number INTEGER NOT NULL CHECK (number >= 1),"
    " morale INTEGER NOT NULL CHECK (morale IN (0, 1, 2)),"
    " start INTEGER NOT NULL CHECK (start > 0),"
    " current INTEGER NOT NULL CHECK (current >= 0),"
    " lost INTEGER NOT NULL DEFAULT 0 CHECK (lost >= 0),"
    " returned INTEGER NOT NULL DEFAULT 0 CHECK (returned BETWEEN 0 AND lost),"
    " captured INTEGER NOT NULL DEFAULT 0 CHECK (captured >= 0),"
    " freed INTEGER NOT NULL DEFAULT 0 CHECK (freed BETWEEN 0 AND captured),"
    " leader INTEGER NOT NULL CHECK (leader IN (0, 1, 2)),"
    " leader_rolled INTEGER NOT NULL CHECK (leader_rolled IN (0, 1, 2)),"
    " leader_origin INTEGER NOT NULL DEFAULT 0,"
    " PRIMARY KEY (division, number),"
    " CHECK (current + lost - returned + captured - freed = start)"
    ") STRICT;"
    "CREATE TABLE battles ("
    " id INTEGER PRIMARY KEY,"
    " name TEXT NOT NULL,"
    " active INTEGER NOT NULL CHECK (active IN (0, 1)),"
    " winner INTEGER CHECK (winner IN (0, 1)),"
    " start_event INTEGER NOT NULL REFERENCES events(id),"
    " end_event INTEGER REFERENCES events(id),"
    " CHECK (active = 1 OR end_event IS NOT NULL)"
    ") STRICT;"
    "CREATE UNIQUE INDEX one_battle_under_way ON battles(active)"
    " WHERE active = 1;"
    "CREATE TABLE losses ("
    " battle INTEGER NOT NULL REFERENCES battles(id),"
    " division INTEGER NOT NULL,"
    " brigade INTEGER NOT NULL,"
    " lost INTEGER NOT NULL DEFAULT 0 CHECK (lost >= 0),"
    " captured INTEGER NOT NULL DEFAULT 0 CHECK (captured >= 0),"
    " returned INTEGER CHECK (returned BETWEEN 0 AND lost),"
    " PRIMARY KEY (battle, division, brigade),"
    " FOREIGN KEY (division, brigade) REFERENCES brigades(division, number)"
    ") STRICT;"
    "CREATE TABLE prisoners ("
    " id INTEGER PRIMARY KEY,"
    " event INTEGER NOT NULL REFERENCES events(id),"
    " division INTEGER NOT NULL,"
    " brigade INTEGER NOT NULL,"
    " stands INTEGER NOT NULL CHECK (stands > 0),"
    " FOREIGN KEY (division, brigade) REFERENCES brigades(division, number)"
    ") STRICT;";

/* Later schemas are steps on top of schema 1, run in order by migrate()
 * both when a campaign is made and when an older file is opened, so that a
 * new file and an upgraded one are the same. steps[v] goes from v to v + 1;
 * a step only adds (columns, tables, rows), never takes away.
 *
 * 1 -> 2 (issue 13): each battle's year and theater (battles of older files
 * were fought in the campaign's, which could not change); the two-party
 * seed of a fairly rolled hidden division (fair_commit is the owner's
 * commitment to a secret, fair_value the opponent's contribution, both
 * hex; fair_secret the owner's secret, kept by the owner only); view_side,
 * set in a player's own file (export) to the side whose view it holds.
 *
 * 2 -> 3 (issue 13): the log becomes a hash chain (chain.c): each
 * event's hash, computed for the events already there.
 *
 * 3 -> 4 (issue 13): prisoners are held in named camps (prisoners.camp;
 * the stands already held go to their captor's default camp, the only one
 * there was), and captured leaders (leaders_held: the post, the brigade
 * for a brigadier, the rating as played, as rolled and how he came to the
 * post) and batteries (batteries_held) are prisoners too.
 *
 * 4 -> 5 (issue 13): the campaign's own tables are in the chain. A new
 * file's "new" event holds their SHA-256 (tables_sha256); a file made
 * before, with its own tables and a log, gets a "tables" event holding it
 * (camp_tables_upgrade), appended: nothing noted before is rewritten. No
 * table changes.
 *
 * 5 -> 6: a default camp per side, chosen by its player (a "default-camp"
 * event): campaign.union_camp and confederate_camp, NULL for the built-in
 * "Union POW camp" and "Confederate POW camp" (every older file's).
 *
 * 6 -> 7 (issue 15): indexes, so that the listings read in the order they
 * write and sort nothing: the captured batteries by division (show's text
 * and Markdown, beside each division) and the prisoners, captured leaders
 * and batteries by camp (held.c: prisoners, and show's end). No
 * table changes: the indexes are SQLite's, not the ledger's (check, undo
 * and a player's file compare and copy tables only).
 *
 * 7 -> 8: `links`, the secret of each viewer's web link (links.c): not the
 * ledger's (undo and check leave it alone, export empties it), and nothing
 * that reads the ledger needs it, so a file without it reads as it is.
 *
 * 8 -> 9 (issue 24): brigades.name, a brigade's own name ("Iron Brigade"),
 * set by a "name" event; NULL for one that has none (every older file's),
 * which rosters and show call "Brigade N". A file without the column
 * reads the same (no brigade has a name): marked like an index step, so
 * that an older file opened for reading only is read as it is.
 *
 * 9 -> 10: `requests`, the keys of keyed changes (mu_campaign_request_set)
 * with the events each recorded and the answer its front end gave: like
 * links, not the ledger's (undo keeps it as it is, export empties it, check
 * does not compare it) and nothing that reads the ledger needs it.
 *
 * 10 -> 11 (issue 35): `offers`, one row per exchange or liberation a side
 * offered (an "offer" event): of (0 exchange, 1 liberation), the side that
 * made it, its state (0 open, 1 accepted, 2 declined, 3 withdrawn) and the
 * event that answered it. Only a write reads it (an answer), and a file
 * older than it has no offer: marked like an index step too; check
 * compares it where the file has it. */
typedef struct step {
    const char *sql; /* or NULL */
    mu_status (*fill)(mu_campaign *c, mu_error *err); /* after sql, or NULL */
    bool indexes_only; /* adds indexes only, or a table no reading needs:
                          a file without them reads the same (or slower) */
} step;

static const step steps[] = {
    {NULL, NULL, false}, /* 0 -> 1 is schema_sql */
    {    "ALTER TABLE battles ADD COLUMN year INTEGER"
    " CHECK (year BETWEEN 1861 AND 1865);"
    "ALTER TABLE battles ADD COLUMN theater INTEGER CHECK (theater IN (0, 1));"
    "UPDATE battles SET year = (SELECT year FROM campaign),"
    " theater = (SELECT theater FROM campaign);"
    "ALTER TABLE divisions ADD COLUMN fair_commit TEXT"
    " CHECK (fair_commit IS NULL OR length(fair_commit) = 64);"
    "ALTER TABLE divisions ADD COLUMN fair_value TEXT"
    " CHECK (fair_value IS NULL OR length(fair_value) = 64);"
    "ALTER TABLE divisions ADD COLUMN fair_secret TEXT"
    " CHECK (fair_secret IS NULL OR length(fair_secret) = 64);"
    "ALTER TABLE campaign ADD COLUMN view_side INTEGER"
    " CHECK (view_side IN (0, 1));", NULL, false},
    {"ALTER TABLE events ADD COLUMN hash TEXT"
     " CHECK (hash IS NULL OR length(hash) = 64);", camp_chain_fill, false},
    {"ALTER TABLE prisoners ADD COLUMN camp TEXT NOT NULL DEFAULT '';"
     "UPDATE prisoners SET camp = CASE (SELECT side FROM divisions d WHERE"
     " d.id = prisoners.division) WHEN 0 THEN '" CAMP_DEFAULT_CONFEDERATE "'"
     " ELSE '" CAMP_DEFAULT_UNION "' END;"
     "CREATE TABLE leaders_held ("
     " id INTEGER PRIMARY KEY,"
     " event INTEGER NOT NULL REFERENCES events(id),"
     " division INTEGER NOT NULL REFERENCES divisions(id),"
     " post INTEGER NOT NULL CHECK (post IN (0, 1)),"
     " brigade INTEGER NOT NULL CHECK (brigade >= 0),"
     " rating INTEGER CHECK (rating IN (0, 1, 2)),"
     " rolled INTEGER CHECK (rolled IN (0, 1, 2)),"
     " origin INTEGER NOT NULL DEFAULT 0,"
     " camp TEXT NOT NULL CHECK (length(camp) > 0),"
     " CHECK ((post = 1) = (brigade >= 1))"
     ") STRICT;"
     "CREATE TABLE batteries_held ("
     " id INTEGER PRIMARY KEY,"
     " event INTEGER NOT NULL REFERENCES events(id),"
     " division INTEGER NOT NULL REFERENCES divisions(id),"
     " batteries INTEGER NOT NULL CHECK (batteries > 0),"
     " camp TEXT NOT NULL CHECK (length(camp) > 0)"
     ") STRICT;", NULL, false},
    {NULL, camp_tables_upgrade, false},
    {"ALTER TABLE campaign ADD COLUMN union_camp TEXT"
     " CHECK (union_camp IS NULL OR length(union_camp) > 0);"
     "ALTER TABLE campaign ADD COLUMN confederate_camp TEXT"
     " CHECK (confederate_camp IS NULL OR length(confederate_camp) > 0);",
     NULL, false},
    {"CREATE INDEX batteries_held_division ON batteries_held(division,"
     " batteries);"
     "CREATE INDEX prisoners_camp ON prisoners(camp, division, brigade,"
     " stands);"
     "CREATE INDEX leaders_held_camp ON leaders_held(camp);"
     "CREATE INDEX batteries_held_camp ON batteries_held(camp, division,"
     " batteries);", NULL, true},
    {"CREATE TABLE links ("
     " viewer INTEGER PRIMARY KEY CHECK (viewer IN (-1, 0, 1)),"
     " token TEXT NOT NULL CHECK (length(token) = 32)"
     ") STRICT;", NULL, true},
    /* No CHECK: SQLite would test every CHECK of the table on the rows
     * there, and a damaged file would no longer open for check to report
     * its damage (check compares each name with the replayed one). */
    {"ALTER TABLE brigades ADD COLUMN name TEXT;", NULL, true},
    {"CREATE TABLE requests ("
     " viewer INTEGER NOT NULL CHECK (viewer IN (-1, 0, 1)),"
     " key TEXT NOT NULL CHECK (length(key) BETWEEN 8 AND 100),"
     " what TEXT NOT NULL CHECK (length(what) = 64),"
     " first INTEGER NOT NULL, last INTEGER NOT NULL,"
     " status INTEGER, events TEXT, answer TEXT,"
     " PRIMARY KEY (viewer, key)"
     ") STRICT;", NULL, true},
    {"CREATE TABLE offers ("
     " id INTEGER PRIMARY KEY REFERENCES events(id),"
     " of INTEGER NOT NULL CHECK (of IN (0, 1)),"
     " side INTEGER NOT NULL CHECK (side IN (0, 1)),"
     " state INTEGER NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2, 3)),"
     " answer INTEGER REFERENCES events(id),"
     " CHECK ((state = 0) = (answer IS NULL))"
     ") STRICT;", NULL, true},
};
_Static_assert(CAMP_SCHEMA_BRIGADE_NAMES == 9, "the step that adds it");
_Static_assert(sizeof steps / sizeof *steps == MU_CAMPAIGN_SCHEMA,
               "one step to each schema");

/* ---- the version ---------------------------------------------------- */

int camp_schema_read_floor(void)
{
    int v = MU_CAMPAIGN_SCHEMA;
    while (v > 1 && steps[v - 1].indexes_only)
        v--;
    return v;
}

/* Whether a table exists: a plain SQLite file without one is no campaign. */
mu_status camp_has_table(mu_campaign *c, const char *name, bool *yes,
                           mu_error *err)
{
    int64_t one;
    return camp_int(c, &one, yes, err, "SELECT 1 FROM sqlite_schema WHERE "
                    "type = 'table' AND name = ?", "t", name);
}

mu_status camp_user_version(mu_campaign *c, int *v, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "PRAGMA user_version", &st, err);
    if (s != MU_OK)
        return s;
    int rc = sqlite3_step(st);
    *v = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
    camp_finalize(c, st);
    return rc == SQLITE_ROW ? MU_OK
                            : camp_sql_fail(c, rc, "reading the campaign", err);
}

/* Runs the steps from the file's schema up to MU_CAMPAIGN_SCHEMA, inside
 * the caller's transaction. */
mu_status camp_migrate(mu_campaign *c, void *p, mu_error *err)
{
    (void)p;
    int v = 0;
    mu_status s = camp_user_version(c, &v, err);
    for (; s == MU_OK && v >= 1 && v < MU_CAMPAIGN_SCHEMA; v++) {
        if ((!steps[v].sql || (s = camp_exec(c, steps[v].sql, err)) ==
                                  MU_OK) && steps[v].fill)
            s = steps[v].fill(c, err);
        if (s != MU_OK && err) { /* say where it failed: a damaged file */
            char why[sizeof err->msg];
            memcpy(why, err->msg, sizeof why);
            err_at(err, s, c->path, 0, "the campaign file is damaged: its "
                   "upgrade from schema %d failed (%.300s)", v, why);
        }
    }
    if (s == MU_OK) {
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA user_version = %d",
                 MU_CAMPAIGN_SCHEMA);
        s = camp_exec(c, sql, err);
    }
    return s;
}

mu_status camp_check_version(mu_campaign *c, int v, bool upgrade,
                             mu_error *err)
{
    mu_status s;
    if (v > MU_CAMPAIGN_SCHEMA)
        return err_at(err, MU_EINPUT, c->path, 0, "written by a newer muster "
                      "(campaign schema %d; this muster reads up to %d): "
                      "upgrade muster", v, MU_CAMPAIGN_SCHEMA);
    bool yes = false;
    if (v >= 1 && (s = camp_has_table(c, "campaign", &yes, err)) != MU_OK)
        return s;
    if (!yes)
        return err_at(err, MU_EINPUT, c->path, 0, "not a campaign file (an "
                      "SQLite database without a muster campaign)");
    if (upgrade && v < MU_CAMPAIGN_SCHEMA) /* an older muster's file */
        return camp_tx(c, camp_migrate, NULL, NULL, err);
    return MU_OK;
}


mu_status camp_schema_base(mu_campaign *c, mu_error *err)
{
    return camp_exec(c, schema_sql, err);
}
