/* SPDX-License-Identifier: MIT */
/* engage.c -- divisions joining the campaign and their first
 * fight: the seed's "a previously unengaged division enters combat for the
 * first time", generated then and kept; hidden divisions and their reveal.
 * Also the small helpers the other mutating calls share (campaign.h). Each
 * public call is one transaction (camp_tx). */
#include "campaign.h"
#include "dice.h"
#include "lang.h"
#include "render.h"
#include "rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- shared by the mutating calls --------------------------------------- */

const char *camp_post_name(mu_post p)
{
    static const char *const names[] = {"division", "brigade", "corps"};
    return (unsigned)p < 3 ? names[p] : "?";
}

mu_rating camp_played(mu_rating rolled, bool by_the_book)
{
    return by_the_book && rolled == MU_DESPICABLE ? MU_AVERAGE : rolled;
}

/* A roll label given as ready text (ctx is the text). */
static void camp_label_text(const void *ctx, char *buf, size_t n)
{
    snprintf(buf, n, "%s", (const char *)ctx);
}

mu_status camp_find_brigade(const camp_div *dv, int brigade,
                            const camp_brigade **out, mu_error *err)
{
    for (int i = 0; i < dv->nbrigades; i++)
        if (dv->b[i].number == brigade) {
            *out = &dv->b[i];
            return MU_OK;
        }
    return err_set(err, MU_EINPUT, "division %d (%s) has no brigade %d: its "
                   "brigades are 1..%d", dv->id, dv->name, brigade,
                   dv->nbrigades);
}

/* ---- adding ------------------------------------------------------------- */

typedef struct add_ctx {
    mu_army side;
    mu_arm arm;
    const char *name, *corps;
    int id;
    const ev_known *known; /* NULL: nothing known (mu_campaign_add) */
} add_ctx;

/* The corps of a side by name, made on first mention. */
static mu_status corps_id(mu_campaign *c, mu_army side, const char *name,
                          int *id, mu_error *err)
{
    int64_t v = 0;
    mu_status s = camp_write(c, err, "INSERT INTO corps(side, name) VALUES "
                             "(?, ?) ON CONFLICT(side, name) DO NOTHING", "it",
                             (int)side, name);
    if (s == MU_OK)
        s = camp_int(c, &v, NULL, err, "SELECT id FROM corps WHERE side = ? "
                     "AND name = ?", "it", (int)side, name);
    *id = (int)v;
    return s;
}

static mu_status add_tx(mu_campaign *c, void *p, mu_error *err)
{
    add_ctx *x = p;
    int corps = 0;
    /* Names identify divisions to the players: one name, one division. */
    int64_t other = 0;
    bool taken;
    mu_status s = camp_int(c, &other, &taken, err, "SELECT id FROM divisions "
                           "WHERE name = ?", "t", x->name);
    if (s != MU_OK)
        return s;
    if (taken)
        return err_set(err, MU_EINPUT, "a division named '%s' is already in "
                       "this campaign (division %d): give each division its "
                       "own name", x->name, (int)other);
    if (x->corps && (s = corps_id(c, x->side, x->corps, &corps, err)) != MU_OK)
        return s;
    if ((s = camp_write(c, err, "INSERT INTO divisions(side, name, arm, "
                        "corps) VALUES (?, ?, ?, nullif(?, 0))", "itii",
                        (int)x->side, x->name, (int)x->arm, corps)) != MU_OK)
        return s;
    x->id = (int)sqlite3_last_insert_rowid(c->db);
    camp_ev ev = {.kind = EV_ADD, .division = x->id};
    ev_add *a = &ev.u.add;
    camp_copy_name(a->name, x->name);
    a->side = x->side;
    a->arm = x->arm;
    a->has_corps = x->corps != NULL;
    if (x->corps)
        camp_copy_name(a->corps, x->corps);
    if (x->known)
        a->known = *x->known;
    return camp_event(c, &ev, NULL, err);
}

/* What an add needs before it writes: a side, an arm, names that are
 * names, in x as the ledger stores them. */
typedef struct add_names {
    char name[CAMP_NAME_MAX + 1], corps[CAMP_NAME_MAX + 1];
} add_names;

static mu_status add_check(mu_army side, const char *name, mu_arm arm,
                           const char *corps, add_names *x, mu_error *err)
{
    if ((unsigned)side > 1 || (unsigned)arm > 1)
        return err_set(err, MU_EINPUT, "choose a side (union or confederate) "
                       "and an arm (infantry or cavalry)");
    mu_status s = camp_name_clean(name, "division", x->name, err);
    if (s == MU_OK && corps)
        s = camp_name_clean(corps, "corps", x->corps, err);
    return s;
}

mu_status camp_add_known(mu_campaign *c, mu_army side, const char *name,
                         mu_arm arm, const char *corps, const ev_known *known,
                         bool tx, int *id, mu_error *err)
{
    add_names nm;
    mu_status s = add_check(side, name, arm, corps, &nm, err);
    if (s != MU_OK)
        return s;
    add_ctx x = {side, arm, nm.name, corps ? nm.corps : NULL, 0,
                 known && known->has ? known : NULL};
    if ((s = tx ? camp_tx(c, add_tx, &x, NULL, err) : add_tx(c, &x, err)) ==
        MU_OK)
        *id = x.id;
    return s;
}

/* What the division's add event knew of it (known->has false: nothing).
 * A player's own file has no events: its log as its side saw it does
 * (the other side's add without "known", their engage masked while the
 * division is hidden), and its first entry of the division that has a
 * "known" (the add's, or the engage's) is read instead. */
mu_status camp_div_known(mu_campaign *c, int div, ev_known *known,
                         mu_error *err)
{
    memset(known, 0, sizeof *known);
    known->given = mu_division_given_none();
    sqlite3_stmt *st;
    mu_status s = camp_stmt(c, &st, err, c->view
                            ? "SELECT id, json FROM view_log WHERE "
                              "json_extract(json, '$.kind') IN ('add', "
                              "'engage') AND json_extract(json, "
                              "'$.division') = ? AND json_type(json, "
                              "'$.known') IS NOT NULL ORDER BY id LIMIT 1"
                            : "SELECT id, data FROM events WHERE kind = "
                              "'add' AND division = ? AND json_type(data, "
                              "'$.known') IS NOT NULL", "i", div);
    if (s != MU_OK)
        return s;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        s = camp_known_decode(c->path, sqlite3_column_int64(st, 0),
                              (const char *)sqlite3_column_text(st, 1), known,
                              err);
    else if (rc != SQLITE_DONE)
        s = camp_sql_fail(c, rc, "reading", err);
    camp_finalize(c, st);
    return s;
}

mu_status mu_campaign_add(mu_campaign *c, mu_army side, const char *name,
                          mu_arm arm, const char *corps, int *id,
                          mu_error *err)
{
    if (!c || !id)
        return err_set(err, MU_EINPUT, "no campaign given");
    return camp_add_known(c, side, name, arm, corps, NULL, true, id, err);
}

/* ---- engaging ----------------------------------------------------------- */

typedef struct engage_ctx {
    int div;
    bool hidden, book;
    mu_dice *d;
    const char *salt; /* hidden: the salt to use (a replay), NULL: new */
    mu_engagement *e;
    const camp_fair *fair; /* NULL: the dice are the owner's choice */
    int year;              /* of the battle under way, or the campaign's */
    mu_theater theater;
    ev_known known;        /* what its add knew */
} engage_ctx;

static mu_status store_division(mu_campaign *c, const engage_ctx *x,
                                const char *canon, mu_error *err)
{
    const mu_division *v = &x->e->division;
    mu_status s = camp_write(c, err, "UPDATE divisions SET engaged = 1, "
                             "hidden = ?, by_the_book = ?, salt = ?, "
                             "commitment = ?, division = ?, leader = ?, "
                             "leader_rolled = ?, ratio = ?, batteries = ?, "
                             "division_batteries = ?, reserve = ? WHERE id = ?",
                             "iitttiiiiiii", (int)x->hidden, (int)x->book,
                             x->hidden ? x->e->salt : NULL,
                             x->hidden ? x->e->commitment : NULL, canon,
                             (int)v->leader, (int)v->leader_rolled,
                             v->artillery.ratio, v->artillery.batteries,
                             v->artillery.division, v->artillery.reserve,
                             x->div);
    if (s != MU_OK)
        return s;
    for (int i = 0; i < v->nbrigades && s == MU_OK; i++) {
        const mu_brigade *b = &v->brigades[i];
        s = camp_write(c, err, "INSERT INTO brigades(division, number, "
                       "morale, start, current, leader, leader_rolled) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)", "iiiiiii", x->div, i + 1,
                       (int)b->morale, b->stands, b->stands,
                       (int)b->leader, (int)b->rolled);
        /* A brigade the order of battle named has that name from its
         * first fight, as if named then (a replay of the engage names it
         * the same). A sheet that lists brigades fixes their number, so
         * brigade i is the sheet's i. */
        const ev_known *k = &x->known;
        if (s == MU_OK && k->has && i < k->given.nbrigades && *k->brigade[i])
            s = camp_brigade_name_store(c, x->div, i + 1, k->brigade[i], err);
    }
    return s;
}

/* The corps leader arrives with the first division of the corps to fight:
 * one roll on table 2, after the division's own rolls. */
static mu_status rate_corps(mu_campaign *c, const engage_ctx *x,
                            const camp_div *dv, ev_engage *ev, mu_error *err)
{
    camp_corps k;
    mu_status s = camp_load_corps(c, dv->corps, &k, err);
    if (s != MU_OK || k.rated)
        return s;
    char label[256]; /* the roll's label, in the reader's words */
    snprintf(label, sizeof label, _("Corps leader of %s"), k.name);
    int roll;
    if ((s = dice_roll(x->d, camp_label_text, label, &roll, err)) != MU_OK)
        return s;
    mu_rating rolled = (mu_rating)rules_map(c->rules, MU_TABLE_LEADER, dv->side,
                                            x->theater, x->year)[roll];
    mu_rating r = camp_played(rolled, x->book);
    s = camp_write(c, err, "UPDATE corps SET leader = ?, leader_rolled = ?,"
                   " leader_origin = 0, attached = nullif(?, 0) WHERE id = ?",
                   "iiii", (int)r, (int)rolled, r == MU_DESPICABLE ? x->div : 0,
                   k.id);
    mu_engagement *e = x->e;
    e->corps_leader = true;
    snprintf(e->corps, sizeof e->corps, "%s", k.name);
    e->corps_rating = r;
    e->corps_rolled = rolled;
    e->corps_roll = roll;
    ev->rolls[ev->nrolls++] = (mu_roll){.kind = MU_ROLL_CORPS_LEADER,
                                        .roll = (uint8_t)roll,
                                        .result = (int16_t)rolled};
    ev->has_corps_leader = true;
    ev_corps_leader *o = &ev->corps_leader;
    camp_copy_name(o->corps, k.name);
    o->roll = roll;
    o->rating = r;
    o->rolled = rolled;
    o->attached = r == MU_DESPICABLE ? x->div : 0;
    return s;
}

static mu_status engage_event(mu_campaign *c, engage_ctx *x, const camp_div *dv,
                              bool fresh, mu_error *err)
{
    const mu_division *v = &x->e->division;
    camp_ev ev = {.kind = EV_ENGAGE, .division = x->div};
    ev_engage *g = &ev.u.engage;
    camp_copy_name(g->name, dv->name);
    g->side = dv->side;
    g->hidden = x->hidden;
    if (x->hidden)
        memcpy(g->commitment, x->e->commitment, sizeof g->commitment);
    g->by_the_book = x->book;
    g->leader = v->leader;
    g->brigades = v->nbrigades;
    g->stands = v->stands;
    g->batteries = v->artillery.division;
    g->reserve = v->artillery.reserve;
    g->seed = camp_seed(x->d, fresh);
    g->nrolls = v->nrolls;
    memcpy(g->rolls, v->rolls, (size_t)v->nrolls * sizeof *v->rolls);
    g->known = x->known;
    if (x->fair) {
        g->fair = true;
        memcpy(g->fair_commitment, x->fair->commitment, MU_FAIR_HEX);
        memcpy(g->contribution, x->fair->contribution, MU_FAIR_HEX);
    }
    mu_status s = MU_OK;
    if (dv->corps && (s = rate_corps(c, x, dv, g, err)) != MU_OK)
        return s;
    return camp_event(c, &ev, &x->e->event, err);
}

static mu_status engage_tx(mu_campaign *c, void *p, mu_error *err)
{
    engage_ctx *x = p;
    camp_div dv;
    mu_status s = camp_load_div(c, x->div, &dv, err);
    if (s != MU_OK)
        return s;
    if (c->viewer != MU_SIDE_NONE && c->viewer != (int)dv.side)
        return err_set(err, MU_ESTATE, "division %d is the %s: only its "
                       "owner (or the umpire) engages it", x->div,
                       camp_side_poss(dv.side));
    if (dv.engaged)
        return err_set(err, MU_ESTATE, "division %d (%s) has engaged before: "
                       "a division is generated once, at its first fight",
                       x->div, dv.name);
    if ((s = camp_context(c, &x->year, &x->theater, err)) != MU_OK)
        return s;
    bool fresh = mu_dice_count(x->d) == 0;
    mu_engagement *e = x->e;
    memset(e, 0, sizeof *e);
    e->id = x->div;
    snprintf(e->name, sizeof e->name, "%s", dv.name);
    e->hidden = x->hidden;
    e->has_seed = fresh && mu_dice_seed(x->d, &e->seed);
    e->fair = x->fair != NULL;
    mu_oob_opts o = {dv.side, x->year, x->theater, dv.arm, x->book};
    /* What an order of battle knew is kept; the rest is rolled now. */
    if ((s = camp_div_known(c, x->div, &x->known, err)) != MU_OK ||
        (s = mu_division_generate_given(c->rules, x->d, &o,
                                        x->known.has ? &x->known.given : NULL,
                                        &e->division, err)) != MU_OK)
        return s;
    cJSON *tree = render_division_json(&e->division, NULL);
    char *canon = NULL;
    s = canon_print(tree, &canon, err);
    if (s == MU_OK && x->hidden && x->salt)
        snprintf(e->salt, sizeof e->salt, "%s", x->salt);
    else if (s == MU_OK && x->hidden)
        s = canon_new_salt(e->salt, err);
    if (s == MU_OK && x->hidden)
        s = mu_commitment_compute(canon, strlen(canon), e->salt, e->commitment,
                                  err);
    if (s == MU_OK)
        s = store_division(c, x, canon, err);
    if (s == MU_OK)
        s = engage_event(c, x, &dv, fresh, err);
    free(canon);
    cJSON_Delete(tree);
    return s;
}

mu_status mu_campaign_engage(mu_campaign *c, int div, bool hidden,
                             bool by_the_book, mu_dice *d, mu_engagement *out,
                             mu_error *err)
{
    return camp_engage(c, div, hidden, by_the_book, d, NULL, NULL, true, out,
                       err);
}

mu_status camp_engage(mu_campaign *c, int div, bool hidden, bool by_the_book,
                      mu_dice *d, const char *salt, const camp_fair *fair,
                      bool tx, mu_engagement *out, mu_error *err)
{
    if (!c || !d || !out)
        return err_set(err, MU_EINPUT, "no campaign, dice or result given");
    mu_engagement e;
    engage_ctx x = {div, hidden, by_the_book, d, salt, &e, fair, 0, MU_EAST,
                    {.has = false}};
    mu_status s = tx ? camp_tx(c, engage_tx, &x, d, err) : engage_tx(c, &x, err);
    if (s == MU_OK)
        *out = e;
    return s;
}

/* ---- revealing ---------------------------------------------------------- */

typedef struct reveal_ctx {
    int div;
    char *doc;
} reveal_ctx;

static mu_status reveal_tx(mu_campaign *c, void *p, mu_error *err)
{
    reveal_ctx *x = p;
    camp_div dv;
    mu_status s = camp_load_engaged(c, x->div, &dv, err);
    if (s != MU_OK)
        return s;
    if (!dv.hidden)
        return err_set(err, MU_ESTATE, "division %d (%s) was not engaged "
                       "hidden: there is nothing to reveal", x->div, dv.name);
    sqlite3_stmt *st;
    if ((s = camp_stmt(c, &st, err, "SELECT division, salt, fair_secret, "
                       "fair_value, fair_commit FROM divisions WHERE id = ?",
                       "i", x->div)) != MU_OK)
        return s;
    int rc = sqlite3_step(st);
    sbuf sb = {0};
    char salt[MU_SALT_HEX] = "";
    if (rc == SQLITE_ROW) {
        const char *json = (const char *)sqlite3_column_text(st, 0);
        const char *sl = (const char *)sqlite3_column_text(st, 1);
        const char *fs = (const char *)sqlite3_column_text(st, 2);
        const char *fv = (const char *)sqlite3_column_text(st, 3);
        const char *fc = (const char *)sqlite3_column_text(st, 4);
        snprintf(salt, sizeof salt, "%s", sl ? sl : "");
        mu_buf_printf(&sb, "{\"division\":%s,\"salt\":\"%s\",\"commitment\":\"%s\"",
                      json ? json : "null", salt, dv.commitment);
        /* A fair roll carries what proves it (mu_campaign_fair_verify). */
        if (dv.fair && fs && fv && fc)
            mu_buf_printf(&sb, ",\"verifiable\":true,\"fair\":{\"secret\":\"%s\","
                          "\"contribution\":\"%s\",\"commitment\":\"%s\"}}", fs,
                          fv, fc);
        else
            mu_buf_puts(&sb, ",\"verifiable\":false}");
    }
    camp_finalize(c, st);
    if (rc != SQLITE_ROW) {
        mu_buf_free(&sb);
        return camp_sql_fail(c, rc, "reading", err);
    }
    if ((s = sb_finish(&sb, &x->doc, err)) != MU_OK || dv.revealed)
        return s;
    if ((s = camp_write(c, err, "UPDATE divisions SET revealed = 1 WHERE "
                        "id = ?", "i", x->div)) != MU_OK)
        return s;
    camp_ev ev = {.kind = EV_REVEAL, .division = x->div};
    camp_copy_name(ev.u.reveal.name, dv.name);
    memcpy(ev.u.reveal.commitment, dv.commitment, sizeof dv.commitment);
    memcpy(ev.u.reveal.salt, salt, sizeof salt);
    return camp_event(c, &ev, NULL, err);
}

mu_status mu_campaign_reveal(mu_campaign *c, int div, char **out,
                             mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    if (!c || !out)
        return err_set(err, MU_EINPUT, "no campaign given");
    reveal_ctx x = {div, NULL};
    mu_status s = camp_tx(c, reveal_tx, &x, NULL, err);
    if (s == MU_OK)
        *out = x.doc;
    else
        free(x.doc);
    return s;
}
