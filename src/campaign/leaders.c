/* SPDX-License-Identifier: MIT */
/* leaders.c -- leaders lost in combat and replaced (the seed's
 * "replaced normally"), and its note on despicable leaders: a forgotten
 * reveal earns the opponent a despicable replacement, spent to downgrade an
 * average leader. Each public call is one transaction (camp_tx). */
#include "campaign.h"
#include "dice.h"
#include "lang.h"
#include "rules.h"

#include <stdio.h>
#include <string.h>

typedef struct leader_ctx {
    int div, brigade;
    mu_post post;
    mu_dice *d;  /* NULL: a downgrade */
    mu_army side;
    int64_t event;
    bool captured;    /* lost: taken prisoner, */
    const char *camp; /* to this camp (NULL: the captor's default) */
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
        if ((s = camp_find_brigade(dv, x->brigade, &b, err)) == MU_OK)
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

/* The roll's label (what --ask asks for, what "not enough rolls" names),
 * in the reader's words: no event or answer keeps it. */
static void leader_label(const void *ctx, char *buf, size_t n)
{
    const leader_ctx *x = ctx;
    if (x->post == MU_POST_BRIGADE)
        snprintf(buf, n, _("Replacement brigadier of division %d brigade %d"),
                 x->div, x->brigade);
    else if (x->post == MU_POST_CORPS)
        snprintf(buf, n, _("Replacement corps leader (division %d)"), x->div);
    else
        snprintf(buf, n, _("Replacement division leader (division %d)"),
                 x->div);
}

/* Writes the new rating of the post. */
static mu_status set_post(mu_campaign *c, const leader_ctx *x,
                          const camp_div *dv, int corps, mu_rating r,
                          mu_rating rolled, int origin, mu_error *err)
{
    switch (x->post) {
    case MU_POST_DIVISION:
        return camp_write(c, err, "UPDATE divisions SET leader = ?, "
                          "leader_rolled = ?, leader_origin = ? WHERE id = "
                          "?", "iiii", (int)r, (int)rolled, origin, dv->id);
    case MU_POST_BRIGADE:
        return camp_write(c, err, "UPDATE brigades SET leader = ?, "
                          "leader_rolled = ?, leader_origin = ? WHERE "
                          "division = ? AND number = ?", "iiiii", (int)r,
                          (int)rolled, origin, dv->id, x->brigade);
    case MU_POST_CORPS:
        /* A despicable corps leader seeks the company of this division's
         * leader; any other is free again. */
        return camp_write(c, err, "UPDATE corps SET leader = ?, "
                          "leader_rolled = ?, leader_origin = ?, attached "
                          "= nullif(?, 0) WHERE id = ?", "iiiii", (int)r,
                          (int)rolled, origin,
                          r == MU_DESPICABLE ? dv->id : 0, corps);
    }
    return MU_OK;
}

/* The fields leader-lost and downgrade share. */
static void leader_event(camp_ev *ev, camp_ev_kind kind, const leader_ctx *x,
                         const camp_div *dv, const camp_corps *k, int was)
{
    *ev = (camp_ev){.kind = kind, .division = dv->id};
    ev_leader *o = &ev->u.leader;
    o->side = dv->side;
    o->post = x->post;
    o->brigade = x->post == MU_POST_BRIGADE ? x->brigade : 0;
    if (x->post == MU_POST_CORPS)
        camp_copy_name(o->corps, k->name);
    o->was = (mu_rating)was;
}

/* A leader taken prisoner goes to the captor's camp as he was: his rating
 * as played and as rolled, and how he came to the post. */
static mu_status hold_leader(mu_campaign *c, const leader_ctx *x,
                             const camp_div *dv, const char *camp,
                             mu_error *err)
{
    const camp_brigade *b = x->post == MU_POST_BRIGADE
                                ? &dv->b[x->brigade - 1] : NULL;
    return camp_hold_leader(c, x->event, dv->id, x->post, x->brigade,
                            b ? b->leader : dv->leader,
                            b ? b->leader_rolled : dv->leader_rolled,
                            b ? b->leader_origin : dv->leader_origin, camp,
                            err);
}

static mu_status lost_tx(mu_campaign *c, void *p, mu_error *err)
{
    leader_ctx *x = p;
    camp_div dv;
    camp_corps k = {0};
    int was = 0;
    char camp[CAMP_NAME_MAX + 1] = "";
    mu_status s;
    if ((s = camp_load_engaged(c, x->div, &dv, err)) != MU_OK ||
        (s = find_post(c, x, &dv, &was, &k, err)) != MU_OK)
        return s;
    if (x->captured &&
        (s = camp_resolve(c, dv.side == MU_UNION ? MU_CONFEDERATE : MU_UNION,
                          x->camp, camp, err)) != MU_OK)
        return s;
    /* Held as he was, before his replacement takes the post. */
    camp_div before = dv;
    bool fresh = mu_dice_count(x->d) == 0;
    int roll, year;
    mu_theater th; /* the leader table of the battle under way, or now */
    if ((s = camp_context(c, &year, &th, err)) != MU_OK ||
        (s = dice_roll(x->d, leader_label, x, &roll, err)) != MU_OK)
        return s;
    mu_rating rolled = (mu_rating)rules_map(c->rules, MU_TABLE_LEADER, dv.side,
                                            th, year)[roll];
    mu_rating r = camp_played(rolled, dv.by_the_book);
    if ((s = set_post(c, x, &dv, k.id, r, rolled, CAMP_REPLACED, err)) != MU_OK)
        return s;
    camp_ev ev;
    leader_event(&ev, EV_LEADER_LOST, x, &dv, &k, was);
    ev_leader *o = &ev.u.leader;
    o->seed = camp_seed(x->d, fresh);
    o->roll = roll;
    o->rolled = rolled;
    o->rating = r;
    o->attached = x->post == MU_POST_CORPS && r == MU_DESPICABLE ? dv.id : 0;
    o->captured = x->captured;
    camp_copy_name(o->camp, camp);
    if ((s = camp_event(c, &ev, &x->event, err)) != MU_OK || !x->captured)
        return s;
    return hold_leader(c, x, &before, camp, err);
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
    leader_ctx x = {div, brigade, post, d, MU_UNION, 0, false, NULL};
    mu_status s = check_post(&x, err);
    if (s != MU_OK)
        return s;
    return camp_tx_event(c, lost_tx, &x, d, &x.event, event, err);
}

mu_status mu_campaign_leader_captured(mu_campaign *c, int div, mu_post post,
                                      int brigade, const char *camp,
                                      mu_dice *d, int64_t *event,
                                      mu_error *err)
{
    if (!c || !d)
        return err_set(err, MU_EINPUT, "no campaign or dice given");
    if (post == MU_POST_CORPS)
        return err_set(err, MU_EINPUT, "a corps leader is not held prisoner: "
                       "record him as lost; division leaders and brigadiers "
                       "are taken prisoner");
    char nm[CAMP_NAME_MAX + 1];
    leader_ctx x = {div, brigade, post, d, MU_UNION, 0, true, camp ? nm : NULL};
    mu_status s = check_post(&x, err);
    if (s == MU_OK && camp)
        s = camp_name_clean(camp, "camp", nm, err);
    if (s != MU_OK)
        return s;
    return camp_tx_event(c, lost_tx, &x, d, &x.event, event, err);
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
    camp_ev ev = {.kind = EV_PENALTY};
    ev.u.penalty = (ev_penalty){x->side, owed};
    return camp_event(c, &ev, &x->event, err);
}

mu_status mu_campaign_penalty(mu_campaign *c, mu_army side, int64_t *event,
                              mu_error *err)
{
    if (!c || (unsigned)side > 1)
        return err_set(err, MU_EINPUT, "choose the side that forgot: union or "
                       "confederate");
    leader_ctx x = {0, 0, MU_POST_DIVISION, NULL, side, 0, false, NULL};
    return camp_tx_event(c, penalty_tx, &x, NULL, &x.event, event, err);
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
        return err_why(err, MU_ESTATE, MU_R_NO_PENALTY, "no despicable "
                       "replacement is owed by the %s side",
                       camp_side_title(dv.side));
    if (was != MU_AVERAGE)
        return err_set(err, MU_ESTATE, "the %s leader is %s: a despicable "
                       "replacement may only downgrade an average leader",
                       camp_post_name(x->post), mu_rating_name((mu_rating)was));
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
    camp_ev ev;
    leader_event(&ev, EV_DOWNGRADE, x, &dv, &k, was);
    ev.u.leader.rating = MU_DESPICABLE;
    ev.u.leader.owed = owed - 1;
    ev.u.leader.attached = x->post == MU_POST_CORPS ? dv.id : 0;
    return camp_event(c, &ev, &x->event, err);
}

mu_status mu_campaign_downgrade(mu_campaign *c, int div, mu_post post,
                                int brigade, int64_t *event, mu_error *err)
{
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    leader_ctx x = {div, brigade, post, NULL, MU_UNION, 0, false, NULL};
    mu_status s = check_post(&x, err);
    if (s != MU_OK)
        return s;
    return camp_tx_event(c, downgrade_tx, &x, NULL, &x.event, event, err);
}
