/* SPDX-License-Identifier: MIT */
/* battle.c -- battles and their casualties: the seed's "casualties
 * need to be deducted from the actual division strength", and at the end of
 * a battle the return of a share (the seed: 50 %) of the battlefield losses,
 * prisoners excepted. Each public call is one transaction (camp_tx). */
#include "campaign.h"
#include "dice.h"
#include "lang.h"

#include <sodium.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- battles ------------------------------------------------------------ */

typedef struct battle_ctx {
    const char *name;
    int winner;
    mu_dice *d;
    int64_t event;
    mu_theater theater; /* start: MU_THEATER_UNKNOWN for the campaign's */
    int year;           /* advance */
    bool one_stream;    /* end: a seed's returns in one stream (old logs) */
    bool streams;       /* end: they came from each division's own */
} battle_ctx;

/* MU_ESTATE while a battle is under way; `why` ends the message. */
static mu_status none_under_way(mu_campaign *c, const char *why,
                                mu_error *err)
{
    int id;
    char name[CAMP_NAME_MAX + 1];
    mu_status s = camp_active_battle(c, &id, name, sizeof name, err);
    if (s == MU_OK && id)
        s = err_why(err, MU_ESTATE, MU_R_BATTLE_UNDER_WAY, "battle %d (%s) "
                    "is under way%s", id, name, why);
    return s;
}

/* The battle under way, which the call needs: MU_ESTATE when there is
 * none. */
static mu_status battle_on(mu_campaign *c, int *id, char *name, size_t n,
                           mu_error *err)
{
    mu_status s = camp_active_battle(c, id, name, n, err);
    if (s == MU_OK && !*id)
        s = err_why(err, MU_ESTATE, MU_R_BATTLE_NOT_STARTED, "no battle is "
                    "under way");
    return s;
}

static mu_status start_tx(mu_campaign *c, void *p, mu_error *err)
{
    battle_ctx *x = p;
    mu_status s = none_under_way(c, "", err);
    if (s != MU_OK)
        return s;
    int64_t id = 1;
    if ((s = camp_int(c, &id, NULL, err, "SELECT coalesce(max(id), 0) + 1 "
                      "FROM battles", "")) != MU_OK)
        return s;
    int year; /* no battle is under way: the campaign's, as stored now */
    mu_theater th;
    if ((s = camp_context(c, &year, &th, err)) != MU_OK)
        return s;
    if (x->theater != MU_THEATER_UNKNOWN)
        th = x->theater;
    camp_ev ev = {.kind = EV_BATTLE_START};
    ev.u.start.battle = (int)id;
    camp_copy_name(ev.u.start.name, x->name);
    ev.u.start.year = year;
    ev.u.start.theater = th;
    if ((s = camp_event(c, &ev, &x->event, err)) != MU_OK)
        return s;
    /* Fought in the campaign's year and theater (schema 2 keeps them per
     * battle; migrated battles got the same). */
    return camp_write(c, err, "INSERT INTO battles(id, name, active, "
                      "start_event, year, theater) VALUES (?, ?, 1, ?, ?, ?)",
                      "ItIii", id, x->name, x->event, year, (int)th);
}

mu_status mu_campaign_battle_start(mu_campaign *c, const char *name,
                                      mu_theater theater, int64_t *event,
                                      mu_error *err)
{
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (theater != MU_EAST && theater != MU_WEST &&
        theater != MU_THEATER_UNKNOWN)
        return err_set(err, MU_EINPUT, "a battle is fought in the east or the "
                       "west");
    char nm[CAMP_NAME_MAX + 1];
    mu_status s = camp_name_clean(name, "battle", nm, err);
    if (s != MU_OK)
        return s;
    battle_ctx x = {nm, -1, NULL, 0, MU_THEATER_UNKNOWN, 0, false, false};
    x.theater = theater;
    return camp_tx_event(c, start_tx, &x, NULL, &x.event, event, err);
}

/* ---- the campaign's date ------------------------------------------------ */

static mu_status advance_tx(mu_campaign *c, void *p, mu_error *err)
{
    battle_ctx *x = p;
    mu_status s = none_under_way(c, ": the campaign's date moves on between "
                                 "battles", err);
    if (s != MU_OK)
        return s;
    int now;
    mu_theater th;
    if ((s = camp_context(c, &now, &th, err)) != MU_OK)
        return s;
    c->year = now;
    if (x->year <= now)
        return err_set(err, MU_EINPUT, "the campaign is in %d: its date only "
                       "moves on, to %d..%d", now, now + 1, MU_YEAR_LAST);
    if ((s = camp_write(c, err, "UPDATE campaign SET year = ?", "i",
                        x->year)) != MU_OK)
        return s;
    camp_ev ev = {.kind = EV_ADVANCE};
    ev.u.advance.was = c->year;
    ev.u.advance.year = x->year;
    return camp_event(c, &ev, &x->event, err);
}

mu_status mu_campaign_advance(mu_campaign *c, int year, int64_t *event,
                              mu_error *err)
{
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (year < MU_YEAR_FIRST || year > MU_YEAR_LAST)
        return err_set(err, MU_EINPUT, "the war's years are %d..%d, not %d",
                       MU_YEAR_FIRST, MU_YEAR_LAST, year);
    battle_ctx x = {NULL, -1, NULL, 0, MU_THEATER_UNKNOWN, 0, false, false};
    x.year = year;
    mu_status s = camp_tx(c, advance_tx, &x, NULL, err);
    if (s == MU_OK) {
        c->year = year;
        if (event)
            *event = x.event;
    }
    return s;
}

/* One brigade's return at the end of a battle: the event's record and the
 * division's name for the roll's label. */
typedef struct ret_row {
    ev_return r;
    char name[CAMP_NAME_MAX + 1];
    bool hidden; /* hidden and not revealed: seen by its side alone */
} ret_row;

/* The roll's label (what --ask asks for, what "not enough rolls" names),
 * in the reader's words and with the catalogue's percentage ("50 %"): no
 * event or answer keeps it. */
static void return_label(const void *ctx, char *buf, size_t n)
{
    const ret_row *x = ctx;
    const ev_return *r = &x->r;
    char rate[MU_RAT_BUF + 8];
    mu_share_text(r->rate, rate, sizeof rate);
    lang_percent(rate, sizeof rate);
    /* TRANSLATORS: the division's number and name, the brigade, the
       return rate, the stands lost, the roll that returns one more. */
    snprintf(buf, n, r->side == MU_UNION
             ? _("Return to union division %d (%s) brigade %d: %s of %d lost, "
                 "one more stand on %d or less")
             : _("Return to confederate division %d (%s) brigade %d: %s of %d "
                 "lost, one more stand on %d or less"),
             r->division, x->name, r->brigade, rate, r->lost, r->threshold);
}

static bool loss_item(sqlite3_stmt *st, void *item)
{
    ret_row *x = item;
    bool ok = true;
    memset(x, 0, sizeof *x);
    x->r.division = camp_col(st, 0, &ok);
    x->r.brigade = camp_col(st, 1, &ok);
    x->r.lost = camp_col(st, 2, &ok);
    x->r.side = camp_col(st, 3, &ok) ? MU_CONFEDERATE : MU_UNION;
    camp_copy_name(x->name, (const char *)sqlite3_column_text(st, 4));
    x->hidden = camp_col(st, 5, &ok) != 0;
    return ok;
}

/* The battle's losses per brigade, in division then brigade order. */
static mu_status load_losses(mu_campaign *c, int battle, ret_row **out, int *n,
                             mu_error *err)
{
    return camp_collect(c, sizeof(ret_row), loss_item, (void **)out, n, err,
                        "SELECT l.division, l.brigade, l.lost, d.side, d.name,"
                        " d.hidden AND NOT d.revealed FROM losses l JOIN "
                        "divisions d ON d.id = l.division WHERE l.battle = ? "
                        "ORDER BY l.division, l.brigade", "i", battle);
}

/* The seed of division `div`'s returns at a battle's end on `seed`: the
 * first 8 bytes, little-endian, of SHA-256("muster returns v1" 0x00 ||
 * LE64(seed) || LE32(div)). Each division has its own stream, so a side's
 * rolls do not depend on how many rolls a division hidden from it took. */
static uint64_t returns_seed(uint64_t seed, int div)
{
    static const char tag[] = "muster returns v1"; /* with its zero byte */
    unsigned char in[sizeof tag + 12], h[crypto_hash_sha256_BYTES];
    memcpy(in, tag, sizeof tag);
    for (unsigned i = 0; i < 8; i++)
        in[sizeof tag + i] = (unsigned char)(seed >> (8 * i));
    for (unsigned i = 0; i < 4; i++)
        in[sizeof tag + 8 + i] = (unsigned char)((uint32_t)div >> (8 * i));
    crypto_hash_sha256(h, in, sizeof in);
    uint64_t s = 0;
    for (int i = 7; i >= 0; i--)
        s = s << 8 | h[i];
    return s;
}

/* The stream of a division's returns: with a seed (fresh dice), each
 * division rolls from its own, made when its first roll comes. */
typedef struct own_dice {
    mu_dice *d;
    int div;
    uint64_t seed;
} own_dice;

static mu_status row_dice(const battle_ctx *x, int div, own_dice *o,
                          mu_dice **use, mu_error *err)
{
    *use = x->d;
    if (!x->streams)
        return MU_OK;
    if (!o->d || o->div != div) {
        mu_dice_free(o->d);
        o->d = NULL;
        o->div = div;
        mu_status s = mu_dice_new_seeded(returns_seed(o->seed, div), &o->d,
                                         err);
        if (s != MU_OK)
            return s;
    }
    *use = o->d;
    return MU_OK;
}

/* rate x lost stands: the whole part surely, the fraction by a roll of
 * d100 <= floor(100 x fraction), in exact rationals. */
static mu_status one_return(mu_campaign *c, const battle_ctx *x, ret_row *row,
                            own_dice *o, mu_error *err)
{
    ev_return *r = &row->r;
    r->rate = x->winner < 0 ? c->draw
              : (int)r->side == x->winner ? c->winner : c->loser;
    mu_rat t, frac;
    mu_status s = mu_rat_mul(r->rate, (mu_rat){r->lost, 1}, &t, err);
    if (s != MU_OK)
        return s;
    int64_t whole = mu_rat_floor(t);
    if ((s = mu_rat_sub(t, (mu_rat){whole, 1}, &frac, err)) != MU_OK)
        return s;
    r->whole = (int)whole; /* at most lost: the share is <= 1 */
    r->threshold = (int)mu_rat_floor((mu_rat){frac.num * 100, frac.den});
    r->returned = r->whole;
    r->roll = 0;
    if (r->threshold > 0) {
        mu_dice *d;
        if ((s = row_dice(x, r->division, o, &d, err)) != MU_OK ||
            (s = dice_roll(d, return_label, row, &r->roll, err)) != MU_OK)
            return s;
        r->returned += r->roll <= r->threshold;
    }
    return MU_OK;
}

static mu_status roll_returns(mu_campaign *c, battle_ctx *x, ret_row *v,
                              int n, bool fresh, mu_error *err)
{
    own_dice o = {NULL, 0, 0};
    x->streams = fresh && !x->one_stream && mu_dice_seed(x->d, &o.seed);
    mu_status s = MU_OK;
    for (int i = 0; i < n && s == MU_OK; i++)
        s = one_return(c, x, &v[i], &o, err);
    mu_dice_free(o.d);
    return s;
}

static mu_status apply_returns(mu_campaign *c, int battle, const ret_row *v,
                               int n, mu_error *err)
{
    mu_status s = MU_OK;
    for (int i = 0; i < n && s == MU_OK; i++) {
        const ev_return *r = &v[i].r;
        s = camp_write(c, err, "UPDATE brigades SET current = current + ?1,"
                       " returned = returned + ?1 WHERE division = ?2 AND "
                       "number = ?3", "iii", r->returned, r->division,
                       r->brigade);
        if (s == MU_OK)
            s = camp_write(c, err, "UPDATE losses SET returned = ? WHERE "
                           "battle = ? AND division = ? AND brigade = ?",
                           "iiii", r->returned, battle, r->division,
                           r->brigade);
    }
    return s;
}

/* The battle-end event: every brigade that lost stands on the field (a
 * brigade with prisoners only gets nothing back this way). */
static mu_status end_event(mu_campaign *c, battle_ctx *x, int battle,
                           const char *name, bool fresh, const ret_row *v,
                           int n, mu_error *err)
{
    camp_ev ev = {.kind = EV_BATTLE_END};
    ev_battle_end *e = &ev.u.end;
    e->battle = battle;
    camp_copy_name(e->name, name);
    e->winner = x->winner;
    e->seed = camp_seed(x->d, fresh);
    e->streams = x->streams && e->seed.has;
    if (n && !(e->returns = calloc((size_t)n, sizeof *e->returns)))
        return err_nomem(err);
    for (int i = 0; i < n; i++)
        if (v[i].r.lost)
            e->returns[e->nreturns++] = v[i].r;
    mu_status s = camp_event(c, &ev, &x->event, err);
    camp_ev_clear(&ev);
    return s;
}

/* Acting for a side, the battle's end would roll and apply the returns of
 * the other side's hidden divisions: rolls the side would choose (typed
 * dice) for losses it may not see, and changes to divisions it may not
 * touch. So it is refused when such a division has losses in the battle,
 * which the side's own log shows already (a masked casualties entry); the
 * refusal names no division. */
static mu_status may_end(const mu_campaign *c, const ret_row *v, int n,
                         mu_error *err)
{
    if (c->viewer == MU_SIDE_NONE)
        return MU_OK;
    for (int i = 0; i < n; i++)
        if (v[i].hidden && (int)v[i].r.side != c->viewer) {
            const char *me = camp_side_noun((mu_army)c->viewer);
            return err_why(err, MU_ESTATE, MU_R_HIDDEN_DIVISION, "acting for "
                           "the %s, this battle cannot be ended: a division "
                           "hidden from the %s has casualties in it (the log "
                           "shows them masked), and its returns are not the "
                           "%s's to roll; %s or the umpire end it; nothing "
                           "was changed", me, me, me,
                           c->viewer == MU_UNION ? "the Confederates"
                                                 : "the Union");
        }
    return MU_OK;
}

static mu_status end_tx(mu_campaign *c, void *p, mu_error *err)
{
    battle_ctx *x = p;
    int battle;
    char name[CAMP_NAME_MAX + 1];
    mu_status s = battle_on(c, &battle, name, sizeof name, err);
    if (s != MU_OK)
        return s;
    if (x->winner == MU_SIDE_UNSAID) /* never a draw by default */
        return err_why(err, MU_EINPUT, MU_R_NO_WINNER, "say who won battle "
                       "%d \"%s\": the Union, the Confederates or neither (a "
                       "draw); nothing was changed", battle, name);
    bool fresh = mu_dice_count(x->d) == 0;
    ret_row *v = NULL;
    int n = 0;
    if ((s = load_losses(c, battle, &v, &n, err)) == MU_OK &&
        (s = may_end(c, v, n, err)) == MU_OK)
        s = roll_returns(c, x, v, n, fresh, err);
    if (s == MU_OK)
        s = end_event(c, x, battle, name, fresh, v, n, err);
    if (s == MU_OK)
        s = apply_returns(c, battle, v, n, err);
    free(v);
    if (s != MU_OK)
        return s;
    return camp_write(c, err, "UPDATE battles SET active = 0, winner = "
                      "nullif(?, -1), end_event = ? WHERE id = ?", "iIi",
                      x->winner < 0 ? -1 : x->winner, x->event, battle);
}

mu_status mu_campaign_battle_end(mu_campaign *c, mu_side winner, mu_dice *d,
                                 int64_t *event, mu_error *err)
{
    return camp_battle_end(c, winner, d, false, event, err);
}

mu_status camp_battle_end(mu_campaign *c, mu_side winner, mu_dice *d,
                          bool one_stream, int64_t *event, mu_error *err)
{
    if (!c || !d)
        return err_set(err, MU_EINPUT, "no campaign or dice given");
    if (winner < MU_SIDE_UNSAID || winner > 1)
        return err_set(err, MU_EINPUT, "the winner is union, confederate or "
                       "nobody");
    battle_ctx x = {NULL, winner, d, 0, MU_THEATER_UNKNOWN, 0, one_stream,
                    false};
    return camp_tx_event(c, end_tx, &x, d, &x.event, event, err);
}

/* ---- casualties --------------------------------------------------------- */

typedef struct cas_ctx {
    int div;
    mu_casualties x;
    int64_t event;
} cas_ctx;

/* The stands' part: the brigade's books, the battle's losses, the camp. */
static mu_status cas_stands(mu_campaign *c, const cas_ctx *x, int battle,
                            const char *camp, mu_error *err)
{
    const mu_casualties *k = &x->x;
    mu_status s = camp_write(c, err, "UPDATE brigades SET current = "
                             "current - ?1 - ?2, lost = lost + ?1, "
                             "captured = captured + ?2 WHERE division = ?3"
                             " AND number = ?4", "iiii", k->lost, k->captured,
                             x->div, k->brigade);
    if (s == MU_OK)
        s = camp_write(c, err, "INSERT INTO losses(battle, division, "
                       "brigade, lost, captured) VALUES (?1, ?2, ?3, ?4, ?5)"
                       " ON CONFLICT DO UPDATE SET lost = lost + ?4, "
                       "captured = captured + ?5", "iiiii", battle, x->div,
                       k->brigade, k->lost, k->captured);
    if (s != MU_OK || !k->captured)
        return s;
    return camp_write(c, err, "INSERT INTO prisoners(event, division, "
                      "brigade, stands, camp) VALUES (?, ?, ?, ?, ?)", "Iiiit",
                      x->event, x->div, k->brigade, k->captured, camp);
}

static mu_status cas_check(const cas_ctx *x, const camp_div *dv,
                           mu_error *err)
{
    const mu_casualties *k = &x->x;
    const camp_brigade *b = NULL;
    mu_status s;
    if (k->brigade && (s = camp_find_brigade(dv, k->brigade, &b, err)) != MU_OK)
        return s;
    if (b && k->lost + k->captured > b->current)
        return err_why(err, MU_EINPUT, MU_R_LOSS_EXCEEDS_STANDS,
                       ERR_PL("brigade %d of division %d (%s) has %d stand: "
                              "it cannot lose %d",
                              "brigade %d of division %d (%s) has %d stands: "
                              "it cannot lose %d", b->current),
                       k->brigade, x->div, dv->name, b->current,
                       k->lost + k->captured);
    if (k->batteries + k->batteries_lost > dv->division_batteries)
        return err_set(err, MU_EINPUT,
                       ERR_PL("division %d (%s) has %d battery of its own: "
                              "%d cannot be %s",
                              "division %d (%s) has %d batteries of its own: "
                              "%d cannot be %s", dv->division_batteries),
                       x->div, dv->name, dv->division_batteries,
                       k->batteries + k->batteries_lost,
                       !k->batteries_lost ? "captured"
                       : !k->batteries ? "destroyed"
                       : "captured and destroyed");
    return MU_OK;
}

static mu_status cas_tx(mu_campaign *c, void *p, mu_error *err)
{
    cas_ctx *x = p;
    const mu_casualties *k = &x->x;
    int battle;
    mu_status s = battle_on(c, &battle, NULL, 0, err);
    if (s != MU_OK)
        return s;
    camp_div dv;
    char camp[CAMP_NAME_MAX + 1] = "";
    bool taken = k->captured || k->batteries;
    if ((s = camp_load_engaged(c, x->div, &dv, err)) != MU_OK ||
        (s = cas_check(x, &dv, err)) != MU_OK)
        return s;
    mu_army captor = dv.side == MU_UNION ? MU_CONFEDERATE : MU_UNION;
    if (taken && (s = camp_resolve(c, captor, k->camp, camp, err)) != MU_OK)
        return s;
    camp_ev ev = {.kind = EV_CASUALTIES, .division = x->div};
    ev.u.cas = (ev_casualties){battle, dv.side, k->brigade, k->lost,
                               k->captured, k->batteries, k->batteries_lost,
                               ""};
    camp_copy_name(ev.u.cas.camp, camp);
    if ((s = camp_event(c, &ev, &x->event, err)) != MU_OK)
        return s;
    if (k->brigade && (s = cas_stands(c, x, battle, camp, err)) != MU_OK)
        return s;
    /* The batteries captured and destroyed: off the division's own, and
     * those captured into the camp. */
    if ((k->batteries_lost || k->batteries) &&
        (s = camp_write(c, err, "UPDATE divisions SET division_batteries "
                        "= division_batteries - ? WHERE id = ?", "ii",
                        k->batteries_lost + k->batteries, x->div)) != MU_OK)
        return s;
    return k->batteries ? camp_write(c, err, "INSERT INTO batteries_held("
                                     "event, division, batteries, camp) VALUES"
                                     " (?, ?, ?, ?)", "Iiit", x->event, x->div,
                                     k->batteries, camp)
                        : MU_OK;
}

mu_status mu_campaign_casualties(mu_campaign *c, int div,
                                 const mu_casualties *k, int64_t *event,
                                 mu_error *err)
{
    if (!c || !k)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (k->lost < 0 || k->captured < 0 || k->lost > MU_MAX_STANDS ||
        k->captured > MU_MAX_STANDS)
        return err_set(err, MU_EINPUT, "losses and prisoners are counted in "
                       "stands, 0..%d", MU_MAX_STANDS);
    if (k->batteries < 0 || k->batteries > EV_MAX_BATTERIES ||
        k->batteries_lost < 0 || k->batteries_lost > EV_MAX_BATTERIES)
        return err_set(err, MU_EINPUT, "captured and destroyed batteries are "
                       "counted whole, 0..%d", EV_MAX_BATTERIES);
    if (k->lost + k->captured + k->batteries + k->batteries_lost == 0)
        return err_why(err, MU_EINPUT, MU_R_NO_CASUALTIES, "no casualties "
                       "given: the stands lost and captured are both 0");
    if (k->lost + k->captured > 0 && k->brigade < 1)
        return err_set(err, MU_EINPUT, "stands are lost from a brigade: name "
                       "the brigade (from 1)");
    cas_ctx x = {div, *k, 0};
    if (k->lost + k->captured == 0) /* batteries alone: no brigade's */
        x.x.brigade = 0;
    return camp_tx_event(c, cas_tx, &x, NULL, &x.event, event, err);
}
