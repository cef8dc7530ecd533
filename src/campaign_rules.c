/* campaign_rules.c -- the seed's campaign paragraphs as ledger changes:
 * adding and engaging divisions, battles, casualties and the return of half
 * the battlefield losses, prisoners, and leaders (the seed's note on
 * despicable leaders). Each public call is one transaction (camp_tx). */
#include "campaign.h"
#include "dice.h"
#include "render.h"
#include "rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const post_names[] = {"division", "brigade", "corps"};

/* A roll label given as ready text. */
static void label_text(const void *ctx, char *buf, size_t n)
{
    snprintf(buf, n, "%s", (const char *)ctx);
}

cJSON *camp_roll_json(const char *table, int roll, const char *result)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "table", table);
    cJSON_AddNumberToObject(o, "roll", roll);
    cJSON_AddStringToObject(o, "result", result);
    return o;
}

static mu_rating played(mu_rating rolled, bool by_the_book)
{
    return by_the_book && rolled == MU_DESPICABLE ? MU_AVERAGE : rolled;
}

/* ---- adding ------------------------------------------------------------- */

typedef struct add_ctx {
    mu_army side;
    mu_arm arm;
    const char *name, *corps;
    int id;
} add_ctx;

/* The corps of a side by name, made on first mention. */
static mu_status corps_id(mu_campaign *c, mu_army side, const char *name,
                          int *id, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "INSERT INTO corps(side, name) VALUES (?, ?)"
                               " ON CONFLICT(side, name) DO NOTHING", &st, err);
    if (s != MU_OK)
        return s;
    sqlite3_bind_int(st, 1, (int)side);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
    if ((s = camp_run(c, st, err)) != MU_OK)
        return s;
    if ((s = camp_prepare(c, "SELECT id FROM corps WHERE side = ? AND name = ?",
                          &st, err)) != MU_OK)
        return s;
    sqlite3_bind_int(st, 1, (int)side);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    *id = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? MU_OK : camp_sql_fail(c, rc, "adding", err);
}

static mu_status add_tx(mu_campaign *c, void *p, mu_error *err)
{
    add_ctx *x = p;
    int corps = 0;
    mu_status s = MU_OK;
    if (x->corps && (s = corps_id(c, x->side, x->corps, &corps, err)) != MU_OK)
        return s;
    sqlite3_stmt *st;
    if ((s = camp_prepare(c, "INSERT INTO divisions(side, name, arm, corps) "
                          "VALUES (?, ?, ?, ?)", &st, err)) != MU_OK)
        return s;
    sqlite3_bind_int(st, 1, (int)x->side);
    sqlite3_bind_text(st, 2, x->name, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 3, (int)x->arm);
    if (corps)
        sqlite3_bind_int(st, 4, corps);
    else
        sqlite3_bind_null(st, 4);
    if ((s = camp_run(c, st, err)) != MU_OK)
        return s;
    x->id = (int)sqlite3_last_insert_rowid(c->db);
    cJSON *d = cJSON_CreateObject();
    cJSON_AddNumberToObject(d, "division", x->id);
    cJSON_AddStringToObject(d, "name", x->name);
    cJSON_AddStringToObject(d, "side", mu_army_name(x->side));
    cJSON_AddStringToObject(d, "arm", mu_arm_name(x->arm));
    if (x->corps)
        cJSON_AddStringToObject(d, "corps", x->corps);
    else
        cJSON_AddNullToObject(d, "corps");
    return camp_event(c, "add", x->id, d, NULL, err);
}

mu_status mu_campaign_add(mu_campaign *c, mu_army side, const char *name,
                          mu_arm arm, const char *corps, int *id,
                          mu_error *err)
{
    if (!c || !id)
        return err_set(err, MU_EINPUT, "no campaign given");
    if ((unsigned)side > 1 || (unsigned)arm > 1)
        return err_set(err, MU_EINPUT, "choose a side (union or confederate) "
                       "and an arm (infantry or cavalry)");
    mu_status s = camp_check_name(name, "division", err);
    if (s == MU_OK && corps)
        s = camp_check_name(corps, "corps", err);
    if (s != MU_OK)
        return s;
    add_ctx x = {side, arm, name, corps, 0};
    if ((s = camp_tx(c, add_tx, &x, NULL, err)) == MU_OK)
        *id = x.id;
    return s;
}

/* ---- engaging ----------------------------------------------------------- */

typedef struct engage_ctx {
    int div;
    bool hidden, book;
    mu_dice *d;
    mu_engagement *e;
} engage_ctx;

static mu_status store_division(mu_campaign *c, const engage_ctx *x,
                                const char *canon, mu_error *err)
{
    const mu_division *v = &x->e->division;
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "UPDATE divisions SET engaged = 1, hidden = ?,"
                               " by_the_book = ?, salt = ?, commitment = ?, "
                               "division = ?, leader = ?, leader_rolled = ?, "
                               "ratio = ?, batteries = ?, division_batteries = "
                               "?, reserve = ? WHERE id = ?", &st, err);
    if (s != MU_OK)
        return s;
    sqlite3_bind_int(st, 1, x->hidden);
    sqlite3_bind_int(st, 2, x->book);
    if (x->hidden) {
        sqlite3_bind_text(st, 3, x->e->salt, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 4, x->e->commitment, -1, SQLITE_STATIC);
    }
    sqlite3_bind_text(st, 5, canon, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 6, (int)v->leader);
    sqlite3_bind_int(st, 7, (int)v->leader_rolled);
    sqlite3_bind_int(st, 8, v->artillery.ratio);
    sqlite3_bind_int(st, 9, v->artillery.batteries);
    sqlite3_bind_int(st, 10, v->artillery.division);
    sqlite3_bind_int(st, 11, v->artillery.reserve);
    sqlite3_bind_int(st, 12, x->div);
    if ((s = camp_run(c, st, err)) != MU_OK)
        return s;
    for (int i = 0; i < v->nbrigades && s == MU_OK; i++) {
        const mu_brigade *b = &v->brigades[i];
        s = camp_exec_ints(c, err, "INSERT INTO brigades(division, number, "
                           "morale, start, current, leader, leader_rolled) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?)", 7, x->div, i + 1,
                           (int)b->morale, b->stands, b->stands,
                           (int)b->leader, (int)b->rolled);
    }
    return s;
}

/* The corps leader arrives with the first division of the corps to fight:
 * one roll on table 2, after the division's own rolls. */
static mu_status rate_corps(mu_campaign *c, const engage_ctx *x,
                            const camp_div *dv, cJSON *rolls, cJSON *data,
                            mu_error *err)
{
    camp_corps k;
    mu_status s = camp_load_corps(c, dv->corps, &k, err);
    if (s != MU_OK || k.rated)
        return s;
    char label[160];
    snprintf(label, sizeof label, "Corps leader of %s", k.name);
    int roll;
    if ((s = dice_roll(x->d, label_text, label, &roll, err)) != MU_OK)
        return s;
    mu_rating rolled = (mu_rating)rules_map(c->rules, MU_TABLE_LEADER, dv->side,
                                            c->theater, c->year)[roll];
    mu_rating r = played(rolled, x->book);
    s = camp_exec_ints(c, err, "UPDATE corps SET leader = ?, leader_rolled = ?,"
                       " leader_origin = 0, attached = nullif(?, 0) WHERE id = ?",
                       4, (int)r, (int)rolled, r == MU_DESPICABLE ? x->div : 0,
                       k.id);
    mu_engagement *e = x->e;
    e->corps_leader = true;
    snprintf(e->corps, sizeof e->corps, "%s", k.name);
    e->corps_rating = r;
    e->corps_rolled = rolled;
    e->corps_roll = roll;
    cJSON_AddItemToArray(rolls, camp_roll_json("corps_leader", roll,
                                               mu_rating_name(rolled)));
    cJSON *o = cJSON_AddObjectToObject(data, "corps_leader");
    cJSON_AddStringToObject(o, "corps", k.name);
    cJSON_AddNumberToObject(o, "roll", roll);
    cJSON_AddStringToObject(o, "rating", mu_rating_name(r));
    cJSON_AddStringToObject(o, "rolled", mu_rating_name(rolled));
    if (r == MU_DESPICABLE)
        cJSON_AddNumberToObject(o, "attached", x->div);
    else
        cJSON_AddNullToObject(o, "attached");
    return s;
}

static mu_status engage_event(mu_campaign *c, engage_ctx *x, const camp_div *dv,
                              cJSON *tree, bool fresh, mu_error *err)
{
    const mu_division *v = &x->e->division;
    cJSON *data = cJSON_CreateObject();
    cJSON_AddNumberToObject(data, "division", x->div);
    cJSON_AddStringToObject(data, "name", dv->name);
    cJSON_AddStringToObject(data, "side", mu_army_name(dv->side));
    cJSON_AddBoolToObject(data, "hidden", x->hidden);
    if (x->hidden)
        cJSON_AddStringToObject(data, "commitment", x->e->commitment);
    cJSON_AddBoolToObject(data, "by_the_book", x->book);
    cJSON_AddStringToObject(data, "leader", mu_rating_name(v->leader));
    cJSON_AddNumberToObject(data, "brigades", v->nbrigades);
    cJSON_AddNumberToObject(data, "stands", v->stands);
    cJSON_AddNumberToObject(data, "batteries", v->artillery.division);
    cJSON_AddNumberToObject(data, "reserve", v->artillery.reserve);
    camp_json_seed(data, x->d, fresh);
    cJSON *rolls = cJSON_DetachItemFromObjectCaseSensitive(tree, "rolls");
    cJSON_AddItemToObject(data, "rolls", rolls ? rolls : cJSON_CreateArray());
    mu_status s = MU_OK;
    if (dv->corps)
        s = rate_corps(c, x, dv, cJSON_GetObjectItem(data, "rolls"), data, err);
    if (s != MU_OK) {
        cJSON_Delete(data);
        return s;
    }
    return camp_event(c, "engage", x->div, data, &x->e->event, err);
}

static mu_status engage_tx(mu_campaign *c, void *p, mu_error *err)
{
    engage_ctx *x = p;
    camp_div dv;
    mu_status s = camp_load_div(c, x->div, &dv, err);
    if (s != MU_OK)
        return s;
    if (dv.engaged)
        return err_set(err, MU_ESTATE, "division %d (%s) has engaged before: "
                       "a division is generated once, at its first fight",
                       x->div, dv.name);
    bool fresh = mu_dice_count(x->d) == 0;
    mu_engagement *e = x->e;
    memset(e, 0, sizeof *e);
    e->id = x->div;
    snprintf(e->name, sizeof e->name, "%s", dv.name);
    e->hidden = x->hidden;
    e->has_seed = fresh && mu_dice_seed(x->d, &e->seed);
    mu_oob_opts o = {dv.side, c->year, (int)c->theater, dv.arm, x->book};
    if ((s = mu_division_generate(c->rules, x->d, &o, &e->division, err)) != MU_OK)
        return s;
    cJSON *tree = render_division_json(&e->division, NULL);
    char *canon = NULL;
    s = canon_print(tree, &canon, err);
    if (s == MU_OK && x->hidden && (s = canon_new_salt(e->salt, err)) == MU_OK)
        s = mu_commitment_compute(canon, strlen(canon), e->salt, e->commitment,
                                  err);
    if (s == MU_OK)
        s = store_division(c, x, canon, err);
    if (s == MU_OK)
        s = engage_event(c, x, &dv, tree, fresh, err);
    free(canon);
    cJSON_Delete(tree);
    return s;
}

mu_status mu_campaign_engage(mu_campaign *c, int div, bool hidden,
                             bool by_the_book, mu_dice *d, mu_engagement *out,
                             mu_error *err)
{
    if (!c || !d || !out)
        return err_set(err, MU_EINPUT, "no campaign, dice or result given");
    mu_engagement e;
    engage_ctx x = {div, hidden, by_the_book, d, &e};
    mu_status s = camp_tx(c, engage_tx, &x, d, err);
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
    if ((s = camp_prepare(c, "SELECT division, salt FROM divisions WHERE id = ?",
                          &st, err)) != MU_OK)
        return s;
    sqlite3_bind_int(st, 1, x->div);
    int rc = sqlite3_step(st);
    sbuf sb = {0};
    char salt[MU_SALT_HEX] = "";
    if (rc == SQLITE_ROW) {
        const char *json = (const char *)sqlite3_column_text(st, 0);
        const char *sl = (const char *)sqlite3_column_text(st, 1);
        snprintf(salt, sizeof salt, "%s", sl ? sl : "");
        sb_printf(&sb, "{\"division\":%s,\"salt\":\"%s\",\"commitment\":\"%s\"}",
                  json ? json : "null", salt, dv.commitment);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW) {
        sb_free(&sb);
        return camp_sql_fail(c, rc, "reading", err);
    }
    if ((s = sb_finish(&sb, &x->doc, err)) != MU_OK || dv.revealed)
        return s;
    if ((s = camp_exec_ints(c, err, "UPDATE divisions SET revealed = 1 WHERE "
                            "id = ?", 1, x->div)) != MU_OK)
        return s;
    cJSON *data = cJSON_CreateObject();
    cJSON_AddNumberToObject(data, "division", x->div);
    cJSON_AddStringToObject(data, "name", dv.name);
    cJSON_AddStringToObject(data, "commitment", dv.commitment);
    cJSON_AddStringToObject(data, "salt", salt);
    return camp_event(c, "reveal", x->div, data, NULL, err);
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

/* ---- battles ------------------------------------------------------------ */

typedef struct battle_ctx {
    const char *name;
    int winner;
    mu_dice *d;
    int64_t event;
} battle_ctx;

static mu_status no_battle(mu_error *err)
{
    return err_set(err, MU_ESTATE, "no battle is under way: start one with "
                   "'muster campaign battle FILE start NAME'");
}

static mu_status start_tx(mu_campaign *c, void *p, mu_error *err)
{
    battle_ctx *x = p;
    int id;
    char name[CAMP_NAME_MAX + 1];
    mu_status s = camp_active_battle(c, &id, name, sizeof name, err);
    if (s != MU_OK)
        return s;
    if (id)
        return err_set(err, MU_ESTATE, "battle %d (%s) is under way: end it "
                       "first with 'muster campaign battle FILE end'", id, name);
    sqlite3_stmt *st;
    if ((s = camp_prepare(c, "SELECT coalesce(max(id), 0) + 1 FROM battles",
                          &st, err)) != MU_OK)
        return s;
    sqlite3_step(st);
    id = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    cJSON *data = cJSON_CreateObject();
    cJSON_AddNumberToObject(data, "battle", id);
    cJSON_AddStringToObject(data, "name", x->name);
    if ((s = camp_event(c, "battle-start", 0, data, &x->event, err)) != MU_OK)
        return s;
    if ((s = camp_prepare(c, "INSERT INTO battles(id, name, active, "
                          "start_event) VALUES (?, ?, 1, ?)", &st, err)) != MU_OK)
        return s;
    sqlite3_bind_int(st, 1, id);
    sqlite3_bind_text(st, 2, x->name, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, x->event);
    return camp_run(c, st, err);
}

mu_status mu_campaign_battle_start(mu_campaign *c, const char *name,
                                   int64_t *event, mu_error *err)
{
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    mu_status s = camp_check_name(name, "battle", err);
    if (s != MU_OK)
        return s;
    battle_ctx x = {name, -1, NULL, 0};
    if ((s = camp_tx(c, start_tx, &x, NULL, err)) == MU_OK && event)
        *event = x.event;
    return s;
}

/* One brigade's return at the end of a battle. */
typedef struct ret_row {
    int div, brigade, lost, returned, threshold, roll, whole;
    mu_army side;
    mu_rate rate;
    char name[CAMP_NAME_MAX + 1];
} ret_row;

static void return_label(const void *ctx, char *buf, size_t n)
{
    const ret_row *r = ctx;
    char rate[24];
    mu_rate_text(r->rate, rate, sizeof rate);
    snprintf(buf, n, "Return to %s division %d (%s) brigade %d: %s of %d lost, "
             "one more stand on %d or less", mu_army_name(r->side), r->div,
             r->name, r->brigade, rate, r->lost, r->threshold);
}

static void loss_item(sqlite3_stmt *st, void *item)
{
    ret_row *r = item;
    memset(r, 0, sizeof *r);
    r->div = sqlite3_column_int(st, 0);
    r->brigade = sqlite3_column_int(st, 1);
    r->lost = sqlite3_column_int(st, 2);
    r->side = sqlite3_column_int(st, 3) ? MU_CONFEDERATE : MU_UNION;
    const char *nm = (const char *)sqlite3_column_text(st, 4);
    snprintf(r->name, sizeof r->name, "%s", nm ? nm : "");
}

/* The battle's losses per brigade, in division then brigade order. */
static mu_status load_losses(mu_campaign *c, int battle, ret_row **out, int *n,
                             mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT l.division, l.brigade, l.lost, "
                               "d.side, d.name FROM losses l JOIN divisions d "
                               "ON d.id = l.division WHERE l.battle = ? ORDER "
                               "BY l.division, l.brigade", &st, err);
    if (s != MU_OK)
        return s;
    sqlite3_bind_int(st, 1, battle);
    void *v = NULL;
    if ((s = camp_collect(c, st, sizeof(ret_row), loss_item, &v, n, err)) == MU_OK)
        *out = v;
    return s;
}

/* rate x lost stands: the whole part surely, the fraction by a roll. */
static mu_status roll_returns(mu_campaign *c, const battle_ctx *x, ret_row *v,
                              int n, mu_error *err)
{
    for (int i = 0; i < n; i++) {
        ret_row *r = &v[i];
        r->rate = x->winner < 0 ? c->draw
                  : (int)r->side == x->winner ? c->winner : c->loser;
        long long t = (long long)r->rate.num * r->lost;
        r->whole = (int)(t / r->rate.den);
        r->threshold = (int)(100 * (t % r->rate.den) / r->rate.den);
        r->returned = r->whole;
        if (r->threshold > 0) {
            mu_status s = dice_roll(x->d, return_label, r, &r->roll, err);
            if (s != MU_OK)
                return s;
            r->returned += r->roll <= r->threshold;
        }
    }
    return MU_OK;
}

static cJSON *returns_json(const ret_row *v, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        const ret_row *r = &v[i];
        if (!r->lost)
            continue; /* captured only: prisoners never return this way */
        char rate[24];
        mu_rate_text(r->rate, rate, sizeof rate);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "division", r->div);
        cJSON_AddStringToObject(o, "side", mu_army_name(r->side));
        cJSON_AddNumberToObject(o, "brigade", r->brigade);
        cJSON_AddNumberToObject(o, "lost", r->lost);
        cJSON_AddStringToObject(o, "rate", rate);
        cJSON_AddNumberToObject(o, "whole", r->whole);
        cJSON_AddNumberToObject(o, "threshold", r->threshold);
        if (r->threshold > 0)
            cJSON_AddNumberToObject(o, "roll", r->roll);
        else
            cJSON_AddNullToObject(o, "roll");
        cJSON_AddNumberToObject(o, "returned", r->returned);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

static mu_status apply_returns(mu_campaign *c, int battle, const ret_row *v,
                               int n, mu_error *err)
{
    mu_status s = MU_OK;
    for (int i = 0; i < n && s == MU_OK; i++) {
        s = camp_exec_ints(c, err, "UPDATE brigades SET current = current + ?1,"
                           " returned = returned + ?1 WHERE division = ?2 AND "
                           "number = ?3", 3, v[i].returned, v[i].div,
                           v[i].brigade);
        if (s == MU_OK)
            s = camp_exec_ints(c, err, "UPDATE losses SET returned = ? WHERE "
                               "battle = ? AND division = ? AND brigade = ?", 4,
                               v[i].returned, battle, v[i].div, v[i].brigade);
    }
    return s;
}

static mu_status end_tx(mu_campaign *c, void *p, mu_error *err)
{
    battle_ctx *x = p;
    int battle;
    char name[CAMP_NAME_MAX + 1];
    mu_status s = camp_active_battle(c, &battle, name, sizeof name, err);
    if (s != MU_OK)
        return s;
    if (!battle)
        return no_battle(err);
    bool fresh = mu_dice_count(x->d) == 0;
    ret_row *v = NULL;
    int n = 0;
    if ((s = load_losses(c, battle, &v, &n, err)) == MU_OK)
        s = roll_returns(c, x, v, n, err);
    if (s == MU_OK) {
        cJSON *data = cJSON_CreateObject();
        cJSON_AddNumberToObject(data, "battle", battle);
        cJSON_AddStringToObject(data, "name", name);
        if (x->winner >= 0)
            cJSON_AddStringToObject(data, "winner",
                                    mu_army_name((mu_army)x->winner));
        else
            cJSON_AddNullToObject(data, "winner");
        camp_json_seed(data, x->d, fresh);
        cJSON_AddItemToObject(data, "returns", returns_json(v, n));
        s = camp_event(c, "battle-end", 0, data, &x->event, err);
    }
    if (s == MU_OK)
        s = apply_returns(c, battle, v, n, err);
    free(v);
    if (s != MU_OK)
        return s;
    sqlite3_stmt *st;
    if ((s = camp_prepare(c, "UPDATE battles SET active = 0, winner = ?, "
                          "end_event = ? WHERE id = ?", &st, err)) != MU_OK)
        return s;
    if (x->winner >= 0)
        sqlite3_bind_int(st, 1, x->winner);
    sqlite3_bind_int64(st, 2, x->event);
    sqlite3_bind_int(st, 3, battle);
    return camp_run(c, st, err);
}

mu_status mu_campaign_battle_end(mu_campaign *c, mu_winner winner, mu_dice *d,
                                 int64_t *event, mu_error *err)
{
    if (!c || !d)
        return err_set(err, MU_EINPUT, "no campaign or dice given");
    if (winner < -1 || winner > 1)
        return err_set(err, MU_EINPUT, "the winner is union, confederate or "
                       "nobody");
    battle_ctx x = {NULL, winner, d, 0};
    mu_status s = camp_tx(c, end_tx, &x, d, err);
    if (s == MU_OK && event)
        *event = x.event;
    return s;
}

/* ---- casualties --------------------------------------------------------- */

typedef struct cas_ctx {
    int div, brigade, lost, captured;
    int64_t event;
} cas_ctx;

static mu_status find_brigade(const camp_div *dv, int brigade,
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

static mu_status cas_tx(mu_campaign *c, void *p, mu_error *err)
{
    cas_ctx *x = p;
    int battle;
    mu_status s = camp_active_battle(c, &battle, NULL, 0, err);
    if (s != MU_OK)
        return s;
    if (!battle)
        return no_battle(err);
    camp_div dv;
    const camp_brigade *b = NULL;
    if ((s = camp_load_engaged(c, x->div, &dv, err)) != MU_OK ||
        (s = find_brigade(&dv, x->brigade, &b, err)) != MU_OK)
        return s;
    if (x->lost + x->captured > b->current)
        return err_set(err, MU_EINPUT, "brigade %d of division %d (%s) has %d "
                       "stand%s: it cannot lose %d", x->brigade, x->div, dv.name,
                       b->current, b->current == 1 ? "" : "s",
                       x->lost + x->captured);
    cJSON *data = cJSON_CreateObject();
    cJSON_AddNumberToObject(data, "battle", battle);
    cJSON_AddNumberToObject(data, "division", x->div);
    cJSON_AddStringToObject(data, "side", mu_army_name(dv.side));
    cJSON_AddNumberToObject(data, "brigade", x->brigade);
    cJSON_AddNumberToObject(data, "lost", x->lost);
    cJSON_AddNumberToObject(data, "captured", x->captured);
    if ((s = camp_event(c, "casualties", x->div, data, &x->event, err)) != MU_OK)
        return s;
    s = camp_exec_ints(c, err, "UPDATE brigades SET current = current - ?1 - "
                       "?2, lost = lost + ?1, captured = captured + ?2 WHERE "
                       "division = ?3 AND number = ?4", 4, x->lost, x->captured,
                       x->div, x->brigade);
    if (s == MU_OK)
        s = camp_exec_ints(c, err, "INSERT INTO losses(battle, division, "
                           "brigade, lost, captured) VALUES (?1, ?2, ?3, ?4, ?5)"
                           " ON CONFLICT DO UPDATE SET lost = lost + ?4, "
                           "captured = captured + ?5", 5, battle, x->div,
                           x->brigade, x->lost, x->captured);
    if (s == MU_OK && x->captured) {
        sqlite3_stmt *st;
        if ((s = camp_prepare(c, "INSERT INTO prisoners(event, division, "
                              "brigade, stands) VALUES (?, ?, ?, ?)", &st,
                              err)) != MU_OK)
            return s;
        sqlite3_bind_int64(st, 1, x->event);
        sqlite3_bind_int(st, 2, x->div);
        sqlite3_bind_int(st, 3, x->brigade);
        sqlite3_bind_int(st, 4, x->captured);
        s = camp_run(c, st, err);
    }
    return s;
}

mu_status mu_campaign_casualties(mu_campaign *c, int div, int brigade,
                                 int lost, int captured, int64_t *event,
                                 mu_error *err)
{
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (lost < 0 || captured < 0 || lost > MU_MAX_STANDS ||
        captured > MU_MAX_STANDS)
        return err_set(err, MU_EINPUT, "losses and prisoners are counted in "
                       "stands, 0..%d", MU_MAX_STANDS);
    if (lost + captured == 0)
        return err_set(err, MU_EINPUT, "no casualties given: --lost and "
                       "--captured are both 0");
    cas_ctx x = {div, brigade, lost, captured, 0};
    mu_status s = camp_tx(c, cas_tx, &x, NULL, err);
    if (s == MU_OK && event)
        *event = x.event;
    return s;
}

/* ---- prisoners ---------------------------------------------------------- */

typedef struct pow_row {
    int id, div, brigade, stands;
} pow_row;

typedef struct free_ctx {
    int want[2];  /* stands of each side to free; -1: all */
    bool liberate;
    mu_army side; /* liberate: whose men */
    int64_t event;
} free_ctx;

static void pow_item(sqlite3_stmt *st, void *item)
{
    *(pow_row *)item = (pow_row){sqlite3_column_int(st, 0),
                                 sqlite3_column_int(st, 1),
                                 sqlite3_column_int(st, 2),
                                 sqlite3_column_int(st, 3)};
}

static mu_status load_pows(mu_campaign *c, mu_army side, pow_row **out, int *n,
                           mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT p.id, p.division, p.brigade, p.stands"
                               " FROM prisoners p JOIN divisions d ON d.id = "
                               "p.division WHERE d.side = ? ORDER BY p.id",
                               &st, err);
    if (s != MU_OK)
        return s;
    sqlite3_bind_int(st, 1, (int)side);
    void *v = NULL;
    if ((s = camp_collect(c, st, sizeof(pow_row), pow_item, &v, n, err)) == MU_OK)
        *out = v;
    return s;
}

/* Frees `want` stands of `side` (all when -1), longest held first; each
 * rejoins its brigade. Adds {division, brigade, stands} entries to list. */
static mu_status free_side(mu_campaign *c, mu_army side, int want, cJSON *list,
                           mu_error *err)
{
    pow_row *v = NULL;
    int n = 0;
    mu_status s = load_pows(c, side, &v, &n, err);
    for (int i = 0; i < n && want != 0 && s == MU_OK; i++) {
        int take = want < 0 || v[i].stands <= want ? v[i].stands : want;
        if (want > 0)
            want -= take;
        s = take == v[i].stands
                ? camp_exec_ints(c, err, "DELETE FROM prisoners WHERE id = ?",
                                 1, v[i].id)
                : camp_exec_ints(c, err, "UPDATE prisoners SET stands = stands"
                                 " - ? WHERE id = ?", 2, take, v[i].id);
        if (s == MU_OK)
            s = camp_exec_ints(c, err, "UPDATE brigades SET current = current "
                               "+ ?1, freed = freed + ?1 WHERE division = ?2 "
                               "AND number = ?3", 3, take, v[i].div,
                               v[i].brigade);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "division", v[i].div);
        cJSON_AddStringToObject(o, "side", mu_army_name(side));
        cJSON_AddNumberToObject(o, "brigade", v[i].brigade);
        cJSON_AddNumberToObject(o, "stands", take);
        cJSON_AddItemToArray(list, o);
    }
    free(v);
    return s;
}

static mu_status free_tx(mu_campaign *c, void *p, mu_error *err)
{
    free_ctx *x = p;
    int held[2];
    mu_status s;
    for (int a = 0; a < 2; a++)
        if ((s = camp_held(c, (mu_army)a, &held[a], err)) != MU_OK)
            return s;
    if (x->liberate && held[x->side] == 0)
        return err_set(err, MU_ESTATE, "no %s stands are held prisoner: there "
                       "is no one to liberate", mu_army_name(x->side));
    for (int a = 0; a < 2 && !x->liberate; a++)
        if (x->want[a] > held[a])
            return err_set(err, MU_EINPUT, "the %s hold%s %d %s stand%s "
                           "prisoner: %d cannot be exchanged; nothing was "
                           "changed", a == MU_UNION ? "Confederates" : "Union",
                           a == MU_UNION ? "" : "s", held[a],
                           camp_side_title((mu_army)a), held[a] == 1 ? "" : "s",
                           x->want[a]);
    cJSON *data = cJSON_CreateObject();
    cJSON *list = cJSON_CreateArray();
    if (x->liberate) {
        cJSON_AddStringToObject(data, "side", mu_army_name(x->side));
        cJSON_AddNumberToObject(data, "total", held[x->side]);
    } else {
        cJSON_AddNumberToObject(data, "union", x->want[MU_UNION]);
        cJSON_AddNumberToObject(data, "confederate", x->want[MU_CONFEDERATE]);
    }
    cJSON_AddItemToObject(data, "stands", list);
    s = MU_OK;
    for (int a = 0; a < 2 && s == MU_OK; a++)
        if (x->want[a])
            s = free_side(c, (mu_army)a, x->want[a], list, err);
    if (s != MU_OK) {
        cJSON_Delete(data);
        return s;
    }
    return camp_event(c, x->liberate ? "liberate" : "exchange", 0, data,
                      &x->event, err);
}

mu_status mu_campaign_exchange(mu_campaign *c, int union_stands,
                               int confederate_stands, int64_t *event,
                               mu_error *err)
{
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (union_stands < 0 || confederate_stands < 0)
        return err_set(err, MU_EINPUT, "exchange counts are stands, 0 or more");
    if (union_stands + confederate_stands == 0)
        return err_set(err, MU_EINPUT, "an exchange of no stands: give at least "
                       "one stand to exchange");
    free_ctx x = {{union_stands, confederate_stands}, false, MU_UNION, 0};
    mu_status s = camp_tx(c, free_tx, &x, NULL, err);
    if (s == MU_OK && event)
        *event = x.event;
    return s;
}

mu_status mu_campaign_liberate(mu_campaign *c, mu_army side, int64_t *event,
                               mu_error *err)
{
    if (!c || (unsigned)side > 1)
        return err_set(err, MU_EINPUT, "choose whose men are liberated: union "
                       "or confederate");
    free_ctx x = {{0, 0}, true, side, 0};
    x.want[side] = -1;
    mu_status s = camp_tx(c, free_tx, &x, NULL, err);
    if (s == MU_OK && event)
        *event = x.event;
    return s;
}

/* ---- leaders ------------------------------------------------------------ */

typedef struct leader_ctx {
    int div, brigade;
    mu_post post;
    mu_dice *d;  /* NULL: a downgrade */
    mu_army side;
    int64_t event;
} leader_ctx;

/* The post's current rating (as played), and for a corps its record. */
static mu_status find_post(mu_campaign *c, const leader_ctx *x,
                           const camp_div *dv, int *rating, camp_corps *k,
                           mu_error *err)
{
    const camp_brigade *b = NULL;
    mu_status s;
    switch (x->post) {
    case MU_POST_DIVISION:
        *rating = dv->leader;
        return MU_OK;
    case MU_POST_BRIGADE:
        if ((s = find_brigade(dv, x->brigade, &b, err)) == MU_OK)
            *rating = b->leader;
        return s;
    case MU_POST_CORPS:
        if (!dv->corps)
            return err_set(err, MU_ESTATE, "division %d (%s) belongs to no "
                           "corps", dv->id, dv->name);
        if ((s = camp_load_corps(c, dv->corps, k, err)) == MU_OK)
            *rating = k->leader;
        return s;
    }
    return err_set(err, MU_EINPUT, "unknown leader post");
}

static void leader_label(const void *ctx, char *buf, size_t n)
{
    const leader_ctx *x = ctx;
    if (x->post == MU_POST_BRIGADE)
        snprintf(buf, n, "Replacement brigadier of division %d brigade %d",
                 x->div, x->brigade);
    else
        snprintf(buf, n, "Replacement %s leader (division %d)",
                 post_names[x->post], x->div);
}

/* Writes the new rating of the post. */
static mu_status set_post(mu_campaign *c, const leader_ctx *x,
                          const camp_div *dv, int corps, mu_rating r,
                          mu_rating rolled, int origin, mu_error *err)
{
    switch (x->post) {
    case MU_POST_DIVISION:
        return camp_exec_ints(c, err, "UPDATE divisions SET leader = ?, "
                              "leader_rolled = ?, leader_origin = ? WHERE id = "
                              "?", 4, (int)r, (int)rolled, origin, dv->id);
    case MU_POST_BRIGADE:
        return camp_exec_ints(c, err, "UPDATE brigades SET leader = ?, "
                              "leader_rolled = ?, leader_origin = ? WHERE "
                              "division = ? AND number = ?", 5, (int)r,
                              (int)rolled, origin, dv->id, x->brigade);
    case MU_POST_CORPS:
        /* A despicable corps leader seeks the company of this division's
         * leader; any other is free again. */
        return camp_exec_ints(c, err, "UPDATE corps SET leader = ?, "
                              "leader_rolled = ?, leader_origin = ?, attached "
                              "= nullif(?, 0) WHERE id = ?", 5, (int)r,
                              (int)rolled, origin,
                              r == MU_DESPICABLE ? dv->id : 0, corps);
    }
    return MU_OK;
}

static cJSON *leader_data(const leader_ctx *x, const camp_div *dv,
                          const camp_corps *k, int was)
{
    cJSON *data = cJSON_CreateObject();
    cJSON_AddNumberToObject(data, "division", dv->id);
    cJSON_AddStringToObject(data, "side", mu_army_name(dv->side));
    cJSON_AddStringToObject(data, "post", post_names[x->post]);
    if (x->post == MU_POST_BRIGADE)
        cJSON_AddNumberToObject(data, "brigade", x->brigade);
    if (x->post == MU_POST_CORPS)
        cJSON_AddStringToObject(data, "corps", k->name);
    cJSON_AddStringToObject(data, "was", mu_rating_name((mu_rating)was));
    return data;
}

static mu_status lost_tx(mu_campaign *c, void *p, mu_error *err)
{
    leader_ctx *x = p;
    camp_div dv;
    camp_corps k = {0};
    int was = 0;
    mu_status s;
    if ((s = camp_load_engaged(c, x->div, &dv, err)) != MU_OK ||
        (s = find_post(c, x, &dv, &was, &k, err)) != MU_OK)
        return s;
    bool fresh = mu_dice_count(x->d) == 0;
    int roll;
    if ((s = dice_roll(x->d, leader_label, x, &roll, err)) != MU_OK)
        return s;
    mu_rating rolled = (mu_rating)rules_map(c->rules, MU_TABLE_LEADER, dv.side,
                                            c->theater, c->year)[roll];
    mu_rating r = played(rolled, dv.by_the_book);
    if ((s = set_post(c, x, &dv, k.id, r, rolled, CAMP_REPLACED, err)) != MU_OK)
        return s;
    cJSON *data = leader_data(x, &dv, &k, was);
    camp_json_seed(data, x->d, fresh);
    cJSON_AddNumberToObject(data, "roll", roll);
    cJSON_AddStringToObject(data, "rolled", mu_rating_name(rolled));
    cJSON_AddStringToObject(data, "rating", mu_rating_name(r));
    if (x->post == MU_POST_CORPS) {
        if (r == MU_DESPICABLE)
            cJSON_AddNumberToObject(data, "attached", dv.id);
        else
            cJSON_AddNullToObject(data, "attached");
    }
    return camp_event(c, "leader-lost", dv.id, data, &x->event, err);
}

static mu_status check_post(const leader_ctx *x, mu_error *err)
{
    if ((unsigned)x->post > MU_POST_CORPS)
        return err_set(err, MU_EINPUT, "unknown leader post");
    if (x->post == MU_POST_BRIGADE && x->brigade < 1)
        return err_set(err, MU_EINPUT, "brigades count from 1");
    return MU_OK;
}

mu_status mu_campaign_leader_lost(mu_campaign *c, int div, mu_post post,
                                  int brigade, mu_dice *d, int64_t *event,
                                  mu_error *err)
{
    if (!c || !d)
        return err_set(err, MU_EINPUT, "no campaign or dice given");
    leader_ctx x = {div, brigade, post, d, MU_UNION, 0};
    mu_status s = check_post(&x, err);
    if (s == MU_OK)
        s = camp_tx(c, lost_tx, &x, d, err);
    if (s == MU_OK && event)
        *event = x.event;
    return s;
}

static mu_status penalty_tx(mu_campaign *c, void *p, mu_error *err)
{
    leader_ctx *x = p;
    mu_status s = camp_exec(c, x->side == MU_UNION
                            ? "UPDATE campaign SET penalty_union = penalty_union + 1"
                            : "UPDATE campaign SET penalty_confederate = "
                              "penalty_confederate + 1", err);
    int owed;
    if (s == MU_OK)
        s = camp_penalties(c, x->side, &owed, err);
    if (s != MU_OK)
        return s;
    cJSON *data = cJSON_CreateObject();
    cJSON_AddStringToObject(data, "side", mu_army_name(x->side));
    cJSON_AddNumberToObject(data, "owed", owed);
    return camp_event(c, "penalty", 0, data, &x->event, err);
}

mu_status mu_campaign_penalty(mu_campaign *c, mu_army side, int64_t *event,
                              mu_error *err)
{
    if (!c || (unsigned)side > 1)
        return err_set(err, MU_EINPUT, "choose the side that forgot: union or "
                       "confederate");
    leader_ctx x = {0, 0, MU_POST_DIVISION, NULL, side, 0};
    mu_status s = camp_tx(c, penalty_tx, &x, NULL, err);
    if (s == MU_OK && event)
        *event = x.event;
    return s;
}

static mu_status downgrade_tx(mu_campaign *c, void *p, mu_error *err)
{
    leader_ctx *x = p;
    camp_div dv;
    camp_corps k = {0};
    int was = 0, owed = 0;
    mu_status s;
    if ((s = camp_load_engaged(c, x->div, &dv, err)) != MU_OK ||
        (s = find_post(c, x, &dv, &was, &k, err)) != MU_OK ||
        (s = camp_penalties(c, dv.side, &owed, err)) != MU_OK)
        return s;
    if (dv.by_the_book)
        return err_set(err, MU_ESTATE, "division %d (%s) plays by the book, "
                       "where despicable leaders count as average: a "
                       "downgrade changes nothing there", dv.id, dv.name);
    if (owed == 0)
        return err_set(err, MU_ESTATE, "no despicable replacement is owed by "
                       "the %s side: 'muster campaign penalty FILE --side %s' "
                       "records one", mu_army_name(dv.side),
                       mu_army_name(dv.side));
    if (was != MU_AVERAGE)
        return err_set(err, MU_ESTATE, "the %s leader is %s: a despicable "
                       "replacement may only downgrade an average leader",
                       post_names[x->post], mu_rating_name((mu_rating)was));
    int rolled = x->post == MU_POST_DIVISION ? dv.leader_rolled
                 : x->post == MU_POST_CORPS ? k.leader_rolled
                 : dv.b[x->brigade - 1].leader_rolled;
    s = set_post(c, x, &dv, k.id, MU_DESPICABLE, (mu_rating)rolled,
                 CAMP_DOWNGRADED, err);
    if (s == MU_OK)
        s = camp_exec(c, dv.side == MU_UNION
                      ? "UPDATE campaign SET penalty_union = penalty_union - 1"
                      : "UPDATE campaign SET penalty_confederate = "
                        "penalty_confederate - 1", err);
    if (s != MU_OK)
        return s;
    cJSON *data = leader_data(x, &dv, &k, was);
    cJSON_AddStringToObject(data, "rating", "despicable");
    cJSON_AddNumberToObject(data, "owed", owed - 1);
    if (x->post == MU_POST_CORPS)
        cJSON_AddNumberToObject(data, "attached", dv.id);
    return camp_event(c, "downgrade", dv.id, data, &x->event, err);
}

mu_status mu_campaign_downgrade(mu_campaign *c, int div, mu_post post,
                                int brigade, int64_t *event, mu_error *err)
{
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    leader_ctx x = {div, brigade, post, NULL, MU_UNION, 0};
    mu_status s = check_post(&x, err);
    if (s == MU_OK)
        s = camp_tx(c, downgrade_tx, &x, NULL, err);
    if (s == MU_OK && event)
        *event = x.event;
    return s;
}
