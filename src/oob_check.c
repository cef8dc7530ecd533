/* SPDX-License-Identifier: MIT */
/* oob_check.c -- an order of battle read back, checked against the tables
 * that should have made it: every roll must give, on those tables, the
 * outcome the document records (a Union brigade of 5 stands, which table 4
 * cannot give, is refused). The JSON reader checks the rest. */
#include "error.h"
#include "rules.h"

#include <stdio.h>

/* The table a roll is made on, or -1 for the fraction rolls (battery,
 * reserve), which no table decides. */
static int table_of(mu_roll_kind k)
{
    switch (k) {
    case MU_ROLL_THEATER: return MU_TABLE_THEATER;
    case MU_ROLL_LEADER: case MU_ROLL_BRIGADIER: case MU_ROLL_CORPS_LEADER:
        return MU_TABLE_LEADER;
    case MU_ROLL_BRIGADES: return MU_TABLE_BRIGADES;
    case MU_ROLL_STANDS: return MU_TABLE_STANDS;
    case MU_ROLL_MORALE: return MU_TABLE_MORALE;
    case MU_ROLL_RATIO: return MU_TABLE_ARTILLERY;
    default: return -1;
    }
}

static mu_status check_roll(const mu_rules *r, const mu_roll *ro, mu_army a,
                            mu_theater th, int year, const char *where,
                            const char *name, mu_error *err)
{
    int t = table_of((mu_roll_kind)ro->kind);
    if (t < 0)
        return MU_OK;
    int got = rules_map(r, (mu_table)t, a, th, year)[ro->roll];
    if (got == ro->result)
        return MU_OK;
    char b[24] = "";
    if (ro->brigade)
        snprintf(b, sizeof b, " of brigade %d", ro->brigade);
    return err_at(err, MU_EINPUT, name, 0, "%s%sthe %s roll%s (%d) gives %d "
                  "on the %s tables for %d, not the %d recorded: it was not "
                  "made with these tables", where, *where ? ": " : "",
                  mu_roll_kind_name((mu_roll_kind)ro->kind), b, ro->roll, got,
                  mu_army_name(a), year, ro->result);
}

static mu_status check_division(const mu_rules *r, const mu_division *d,
                                const char *where, const char *name,
                                mu_error *err)
{
    for (int i = 0; i < d->nrolls; i++) {
        mu_status s = check_roll(r, &d->rolls[i], d->army, d->theater,
                                 d->year, where, name, err);
        if (s != MU_OK)
            return s;
    }
    return MU_OK;
}

static mu_status check_corps(const mu_rules *r, const mu_corps *c,
                             const char *where, const char *name,
                             mu_error *err)
{
    mu_status s = MU_OK;
    if (c->theater_rolled)
        s = check_roll(r, &c->theater_roll, c->army, c->theater, c->year,
                       where, name, err);
    if (s == MU_OK)
        s = check_roll(r, &c->leader_roll, c->army, c->theater, c->year,
                       where, name, err);
    for (int i = 0; i < c->ndivisions && s == MU_OK; i++) {
        char w[96];
        snprintf(w, sizeof w, "%s%sdivisions[%d]", where, *where ? "." : "",
                 i);
        s = check_division(r, &c->divisions[i], w, name, err);
    }
    return s;
}

mu_status mu_oob_check(const mu_oob_doc *doc, const mu_rules *r,
                       const char *name, mu_error *err)
{
    if (!doc || !r)
        return err_set(err, MU_EINPUT, "nothing to check");
    name = name ? name : "<json>";
    switch (doc->kind) {
    case MU_OOB_DIVISIONS:
        for (size_t i = 0; i < doc->ndivisions; i++) {
            char w[32] = "";
            if (doc->ndivisions > 1)
                snprintf(w, sizeof w, "[%zu]", i);
            mu_status s = check_division(r, &doc->divisions[i], w, name, err);
            if (s != MU_OK)
                return s;
        }
        return MU_OK;
    case MU_OOB_CORPS:
        return check_corps(r, &doc->corps, "", name, err);
    case MU_OOB_BATTLE: {
        const mu_battle *b = &doc->battle;
        mu_status s = MU_OK;
        if (b->theater_rolled)
            s = check_roll(r, &b->theater_roll, MU_UNION, b->theater, b->year,
                           "rolls[0]", name, err);
        for (int a = 0; a < 2 && s == MU_OK; a++)
            s = check_corps(r, &b->sides[a], mu_army_name((mu_army)a), name,
                            err);
        return s;
    }
    }
    return err_set(err, MU_EINPUT, "unknown kind of order of battle");
}
