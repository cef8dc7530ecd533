/* SPDX-License-Identifier: MIT */
/* replay.c -- the log is the truth. check replays every event of a
 * campaign file from the first, through the same calls that made it (each
 * kind's replay function in camp_ev_types[]), on a new campaign in memory:
 * with the event's seed when it had one, else with its stored rolls, and
 * for a hidden division with its stored salt. Each replayed event must be
 * the stored one, field by field; at the end every table of the file must
 * be the replayed one, row by row and column by column (as 64-bit values:
 * nothing is cut or overflows). Anything edited in the file, and anything
 * deleted from the end of the log that left a trace in the tables, shows
 * up as a difference naming the event or the table, row and column. */
#include "campaign.h"
#include "rules.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- dice for a replay -------------------------------------------------- */

typedef mu_status (*dice_call)(mu_campaign *mem, const camp_ev *e,
                               const void *ctx, mu_dice *d, mu_error *err);

/* call with the event's seed when it had one (the rolls it made must come
 * again), else with its rolls as a script. */
static mu_status with_dice(dice_call call, mu_campaign *mem, const camp_ev *e,
                           const void *ctx, ev_seed seed, const int *rolls,
                           size_t n, mu_error *err)
{
    mu_dice *d = NULL;
    mu_status s = seed.has ? mu_dice_new_seeded(seed.value, &d, err)
                           : mu_dice_new_scripted(rolls, n, &d, err);
    if (s == MU_OK)
        s = call(mem, e, ctx, d, err);
    mu_dice_free(d);
    return s;
}

/* ---- one replay per kind ------------------------------------------------ */

static mu_status camp_replay_add(mu_campaign *mem, mu_campaign *file,
                                 const camp_ev *e, mu_error *err)
{
    (void)file;
    const ev_add *a = &e->u.add;
    int id;
    return camp_add_known(mem, a->side, a->name, a->arm,
                          a->has_corps ? a->corps : NULL, &a->known, true, &id,
                          err);
}

/* A division's stored hex digits (sql selects them by its id), exactly
 * n - 1 of them, into out; "" when there are none such. The salt a hidden
 * division's commitment must open, the owner's fair-roll secret. */
static mu_status stored_hex(mu_campaign *file, const char *sql, int div,
                            char *out, size_t n, mu_error *err)
{
    char *v = NULL;
    mu_status s = camp_text(file, &v, NULL, err, sql, "i", div);
    out[0] = '\0';
    if (v && strlen(v) == n - 1)
        memcpy(out, v, n);
    free(v);
    return s;
}

/* ctx: the stored salt ("" when there is none: a new one is made, which
 * cannot open the stored commitment). */
static mu_status engage_call(mu_campaign *mem, const camp_ev *e,
                             const void *ctx, mu_dice *d, mu_error *err)
{
    const ev_engage *x = &e->u.engage;
    const char *salt = *(const char *)ctx ? ctx : NULL;
    mu_engagement out;
    camp_fair fair;
    if (x->fair) { /* rolled on the two-party seed its event records */
        memcpy(fair.commitment, x->fair_commitment, MU_FAIR_HEX);
        memcpy(fair.contribution, x->contribution, MU_FAIR_HEX);
    }
    mu_status s = camp_engage(mem, e->division, x->hidden, x->by_the_book, d,
                              salt, x->fair ? &fair : NULL, true, &out, err);
    /* The owner's engage records the contribution it rolled on, as
     * mu_campaign_engage_fair does: without it check would differ from
     * every honest file, and an undo (which writes the replayed tables)
     * would drop the division's proof. */
    if (s == MU_OK && x->fair)
        s = camp_write(mem, err, "UPDATE divisions SET fair_value = ? WHERE "
                       "id = ?", "ti", x->contribution, e->division);
    return s;
}

static mu_status camp_replay_engage(mu_campaign *mem, mu_campaign *file,
                                    const camp_ev *e, mu_error *err)
{
    const ev_engage *x = &e->u.engage;
    char salt[MU_SALT_HEX] = "";
    mu_status s = MU_OK;
    if (x->hidden && (s = stored_hex(file, "SELECT salt FROM divisions WHERE "
                                     "id = ?", e->division, salt, sizeof salt,
                                     err)) != MU_OK)
        return s;
    int rolls[MU_MAX_ROLLS + 1];
    for (int i = 0; i < x->nrolls; i++)
        rolls[i] = x->rolls[i].roll;
    return with_dice(engage_call, mem, e, salt, x->seed, rolls,
                     (size_t)x->nrolls, err);
}

static mu_status camp_replay_reveal(mu_campaign *mem, mu_campaign *file,
                                    const camp_ev *e, mu_error *err)
{
    (void)file;
    char *doc = NULL;
    mu_status s = mu_campaign_reveal(mem, e->division, &doc, err);
    free(doc);
    return s;
}

static mu_status camp_replay_start(mu_campaign *mem, mu_campaign *file,
                                   const camp_ev *e, mu_error *err)
{
    (void)file;
    /* Year 0: a log from before battles had their own theater. */
    return mu_campaign_battle_start(mem, e->u.start.name,
                                    e->u.start.year ? e->u.start.theater
                                                    : MU_THEATER_UNKNOWN,
                                    NULL, err);
}

static mu_status camp_replay_advance(mu_campaign *mem, mu_campaign *file,
                                     const camp_ev *e, mu_error *err)
{
    (void)file;
    return mu_campaign_advance(mem, e->u.advance.year, NULL, err);
}

/* The owner's secret, kept in the owner's (or the umpire's) file only. */
static mu_status camp_replay_fair_commit(mu_campaign *mem, mu_campaign *file,
                                         const camp_ev *e, mu_error *err)
{
    char secret[MU_FAIR_HEX];
    mu_status s = stored_hex(file, "SELECT fair_secret FROM divisions WHERE "
                             "id = ?", e->division, secret, sizeof secret, err);
    if (s != MU_OK)
        return s;
    return camp_fair_commit_given(mem, e->division, *secret ? secret : NULL,
                                  err);
}

static mu_status camp_replay_contribute(mu_campaign *mem, mu_campaign *file,
                                        const camp_ev *e, mu_error *err)
{
    (void)file;
    return camp_contribute_given(mem, e->division, e->u.fair.commitment,
                                 e->u.fair.contribution, err);
}

static mu_status end_call(mu_campaign *mem, const camp_ev *e,
                          const void *ctx, mu_dice *d, mu_error *err)
{
    (void)ctx;
    return camp_battle_end(mem, (mu_side)e->u.end.winner, d,
                           !e->u.end.streams, NULL, err);
}

static mu_status camp_replay_end(mu_campaign *mem, mu_campaign *file,
                                 const camp_ev *e, mu_error *err)
{
    (void)file;
    const ev_battle_end *x = &e->u.end;
    int *rolls = calloc((size_t)x->nreturns + 1, sizeof *rolls);
    if (!rolls)
        return err_nomem(err);
    size_t n = 0;
    for (int i = 0; i < x->nreturns; i++)
        if (x->returns[i].threshold > 0)
            rolls[n++] = x->returns[i].roll;
    mu_status s = with_dice(end_call, mem, e, NULL, x->seed, rolls, n, err);
    free(rolls);
    return s;
}

static mu_status camp_replay_casualties(mu_campaign *mem, mu_campaign *file,
                                        const camp_ev *e, mu_error *err)
{
    (void)file;
    const ev_casualties *x = &e->u.cas;
    mu_casualties k = {x->brigade, x->lost, x->captured, x->batteries,
                       *x->camp ? x->camp : NULL, x->batteries_lost};
    return mu_campaign_casualties(mem, e->division, &k, NULL, err);
}

static mu_status camp_replay_exchange(mu_campaign *mem, mu_campaign *file,
                                      const camp_ev *e, mu_error *err)
{
    (void)file;
    const ev_release *x = &e->u.release;
    mu_exchange k = {x->union_stands, x->confederate_stands,
                     x->union_leaders, x->confederate_leaders,
                     x->union_batteries, x->confederate_batteries};
    return mu_campaign_exchange(mem, &k, NULL, err);
}

static mu_status camp_replay_liberate(mu_campaign *mem, mu_campaign *file,
                                      const camp_ev *e, mu_error *err)
{
    (void)file;
    mu_liberation k = {e->u.release.side,
                       e->u.release.has_camp ? e->u.release.camp : NULL};
    return mu_campaign_liberate(mem, &k, NULL, err);
}

static mu_status camp_replay_offer(mu_campaign *mem, mu_campaign *file,
                                   const camp_ev *e, mu_error *err)
{
    (void)file;
    return camp_offer_again(mem, &e->u.offer, err);
}

/* accept, decline, withdraw: by whoever gave it, checked again. */
static mu_status camp_replay_answer(mu_campaign *mem, mu_campaign *file,
                                    const camp_ev *e, mu_error *err)
{
    (void)file;
    return camp_offer_answer(mem, e->u.offer.offer, e->kind, e->u.offer.by,
                             -1, NULL, err);
}

static mu_status lost_call(mu_campaign *mem, const camp_ev *e,
                           const void *ctx, mu_dice *d, mu_error *err)
{
    (void)ctx;
    const ev_leader *x = &e->u.leader;
    if (x->captured)
        return mu_campaign_leader_captured(mem, e->division, x->post,
                                           x->brigade, x->camp, d, NULL, err);
    return mu_campaign_leader_lost(mem, e->division, x->post, x->brigade, d,
                                   NULL, err);
}

static mu_status camp_replay_leader_lost(mu_campaign *mem, mu_campaign *file,
                                         const camp_ev *e, mu_error *err)
{
    (void)file;
    int roll = e->u.leader.roll;
    return with_dice(lost_call, mem, e, NULL, e->u.leader.seed, &roll, 1,
                     err);
}

static mu_status camp_replay_downgrade(mu_campaign *mem, mu_campaign *file,
                                       const camp_ev *e, mu_error *err)
{
    (void)file;
    const ev_leader *x = &e->u.leader;
    return mu_campaign_downgrade(mem, e->division, x->post, x->brigade, NULL,
                                 err);
}

static mu_status camp_replay_penalty(mu_campaign *mem, mu_campaign *file,
                                     const camp_ev *e, mu_error *err)
{
    (void)file;
    return mu_campaign_penalty(mem, e->u.penalty.side, NULL, err);
}

static mu_status camp_replay_default_camp(mu_campaign *mem, mu_campaign *file,
                                          const camp_ev *e, mu_error *err)
{
    (void)file;
    return mu_campaign_default_camp_set(mem, e->u.dcamp.side,
                                        e->u.dcamp.camp, NULL, err);
}

static mu_status camp_replay_name(mu_campaign *mem, mu_campaign *file,
                                  const camp_ev *e, mu_error *err)
{
    (void)file;
    return mu_campaign_name_set(mem, e->division, e->u.name.brigade,
                                e->u.name.name, NULL, err);
}

static mu_status pin_tx(mu_campaign *c, void *p, mu_error *err)
{
    (void)p;
    return camp_tables_pin(c, err);
}

static mu_status camp_replay_tables(mu_campaign *mem, mu_campaign *file,
                                    const camp_ev *e, mu_error *err)
{
    (void)file, (void)e; /* mem has the file's tables: their hash now */
    return camp_tx(mem, pin_tx, NULL, NULL, err);
}

/* ---- the replay --------------------------------------------------------- */

/* The options of the campaign the "new" event made, with the file's tables. */
static mu_status new_opts(mu_campaign *file, const camp_ev *e,
                          mu_campaign_opts *o, char **rules, mu_error *err)
{
    const ev_new *x = &e->u.new_;
    *o = mu_campaign_defaults();
    o->name = x->name;
    o->year = x->year;
    o->theater = x->theater;
    o->draw = x->draw;
    o->winner = x->winner;
    o->loser = x->loser;
    *rules = NULL;
    if (!x->custom)
        return MU_OK;
    mu_status s = camp_text(file, rules, NULL, err, "SELECT rules FROM "
                            "campaign", "");
    o->rules = *rules;
    o->rules_len = *rules ? strlen(*rules) : 0;
    return s;
}

mu_status camp_replay_first(mu_campaign *file, const camp_ev *e,
                            mu_campaign **mem, mu_error *err)
{
    mu_campaign_opts o;
    char *rules = NULL;
    mu_status s = new_opts(file, e, &o, &rules, err);
    if (s == MU_OK)
        s = camp_create_memory(&o, &e->stamp, mem, err);
    free(rules);
    return s;
}

/* ---- the table ---------------------------------------------------------- */

/* Every kind's replay. None for "new", which makes the campaign itself
 * (camp_replay_first), nor for "undo": undo.c replays an undo
 * (camp_replay_undo), and copies the undo events in the log it rebuilds. */
static const camp_replay_fn replays[EV_NKINDS] = {
    [EV_ADD] = camp_replay_add,
    [EV_ENGAGE] = camp_replay_engage,
    [EV_REVEAL] = camp_replay_reveal,
    [EV_BATTLE_START] = camp_replay_start,
    [EV_BATTLE_END] = camp_replay_end,
    [EV_CASUALTIES] = camp_replay_casualties,
    [EV_EXCHANGE] = camp_replay_exchange,
    [EV_LIBERATE] = camp_replay_liberate,
    [EV_LEADER_LOST] = camp_replay_leader_lost,
    [EV_DOWNGRADE] = camp_replay_downgrade,
    [EV_PENALTY] = camp_replay_penalty,
    [EV_FAIR_COMMIT] = camp_replay_fair_commit,
    [EV_CONTRIBUTE] = camp_replay_contribute,
    [EV_ADVANCE] = camp_replay_advance,
    [EV_TABLES] = camp_replay_tables,
    [EV_DEFAULT_CAMP] = camp_replay_default_camp,
    [EV_NAME] = camp_replay_name,
    [EV_OFFER] = camp_replay_offer,
    [EV_ACCEPT] = camp_replay_answer,
    [EV_DECLINE] = camp_replay_answer,
    [EV_WITHDRAW] = camp_replay_answer,
};

camp_replay_fn camp_replay_of(camp_ev_kind kind)
{
    return (unsigned)kind < EV_NKINDS ? replays[kind] : NULL;
}
