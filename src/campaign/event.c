/* SPDX-License-Identifier: MIT */
/* event.c -- the one table of campaign event kinds: for each, its
 * name, the walk that writes its payload or reads it back strictly
 * (codec), and how it is told in the log (text). The shape follows Lua's
 * lopnames.h: one row per kind, in enum order, and nothing else anywhere
 * lists the kinds.
 *
 * To add a kind: an enum member and a payload struct in event.h,
 * then one row in camp_ev_types[] below with its two functions. A walk
 * goes through the fields in the order docs/design.md documents with the
 * cd_* calls (evfield.h), which turn a missing or mistyped field into an
 * error naming the event and the field. The prisoners' kinds (casualties,
 * exchange, liberate, default-camp) are walked and told in event_held.c.
 * Reading goes through evjson.h, never cJSON itself: the WebAssembly
 * engine compiles the walks and the text with MU_EV_READ_ONLY, which
 * leaves the writing out, to tell the page's log (wasm/app_log.c). */
#include "evfield.h"
#include "lang.h"
#include "error.h"
#include "render.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- new ---------------------------------------------------------------- */

static const char *tables_word(int i) { return i ? "custom" : "built-in"; }

static void new_cd(ev_cd *c, camp_ev *e)
{
    ev_new *x = &e->u.new_;
    cd_str(c, "name", x->name, sizeof x->name);
    x->year = cd_int(c, "year", x->year, MU_YEAR_FIRST, MU_YEAR_LAST);
    x->theater = (mu_theater)cd_word(c, "theater", (int)x->theater,
                                     ev_theater_word, 2);
    x->draw = cd_share(c, "return", x->draw);
    x->winner = cd_share(c, "return_winner", x->winner);
    x->loser = cd_share(c, "return_loser", x->loser);
    x->custom = cd_word(c, "tables", x->custom, tables_word, 2) == 1;
    /* Own tables are pinned by their hash from schema 5 on; an older log's
     * are pinned by the "tables" event its upgrade appended. */
    x->pinned = cd_has(c, "tables_sha256", x->pinned) && x->custom;
    if (x->pinned)
        cd_hex(c, "tables_sha256", x->tables_sha256,
               sizeof x->tables_sha256);
}

void camp_return_text(mu_rat draw, mu_rat winner, mu_rat loser, sbuf *sb)
{
    char d[MU_RAT_BUF + 8], w[MU_RAT_BUF + 8], l[MU_RAT_BUF + 8];
    lang_percent(mu_share_text(draw, d, MU_RAT_BUF), sizeof d);
    lang_percent(mu_share_text(winner, w, MU_RAT_BUF), sizeof w);
    lang_percent(mu_share_text(loser, l, MU_RAT_BUF), sizeof l);
    if (!strcmp(d, w) && !strcmp(d, l))
        mu_buf_printf(sb, _("%s of the battlefield losses return"), d);
    else
        mu_buf_printf(sb, _("battlefield losses return %s to the winner, %s to the "
                            "loser, %s when no one wins"), w, l, d);
}

static void new_text(const camp_ev *e, sbuf *sb)
{
    const ev_new *x = &e->u.new_;
    mu_buf_printf(sb, _("new campaign \"%s\": %d, %s; "), x->name, x->year,
                  ev_theater_text(x->theater));
    camp_return_text(x->draw, x->winner, x->loser, sb);
    mu_buf_puts(sb, x->custom ? _("; custom tables") : _("; built-in tables"));
}

/* ---- add ---------------------------------------------------------------- */

/* ---- what an order of battle knew ---------------------------------------- */

static void known_brigade(ev_cd *c, ev_known *k, int b)
{
    mu_given_brigade *g = &k->given.brigades[b];
    if (cd_has(c, "name", *k->brigade[b] != '\0'))
        cd_str(c, "name", k->brigade[b], sizeof k->brigade[b]);
    if (cd_has(c, "brigadier", *k->brigadier[b] != '\0'))
        cd_str(c, "brigadier", k->brigadier[b], sizeof k->brigadier[b]);
    if (cd_has(c, "rating", g->rating != MU_GIVEN_NONE))
        g->rating = cd_word(c, "rating", g->rating, ev_rating_word, 3);
    if (cd_has(c, "stands", g->stands != 0))
        g->stands = cd_int(c, "stands", g->stands, 1, MU_MAX_STANDS);
    if (cd_has(c, "morale", g->morale != MU_GIVEN_NONE))
        g->morale = cd_word(c, "morale", g->morale, ev_morale_word, 3);
}

/* The "known" member of an add or engage payload; absent: known.has
 * false. */
static void known_cd(ev_cd *c, ev_known *k)
{
    if (cd_reading(c)) {
        memset(k, 0, sizeof *k);
        k->given = mu_division_given_none();
    }
    ev_cd n, list, b;
    k->has = cd_object(c, "known", k->has, &n);
    if (!k->has)
        return;
    mu_division_given *g = &k->given;
    if (cd_has(&n, "leader", g->leader != MU_GIVEN_NONE))
        g->leader = cd_word(&n, "leader", g->leader, ev_rating_word, 3);
    if (cd_has(&n, "batteries", g->batteries != MU_GIVEN_NONE))
        g->batteries = cd_int(&n, "batteries", g->batteries, 0, MU_MAX_RATIO);
    if (!cd_has(&n, "brigades", g->nbrigades != 0))
        return;
    int count = cd_list(&n, "brigades", g->nbrigades, &list);
    for (int i = 0; i < count && cd_ok(c); i++) {
        cd_item(&list, i, &b);
        if (i == MU_MAX_BRIGADES || (b.r && !ej_is(b.in, EJ_OBJECT))) {
            cd_check(c, true, "known",
                     "holds a brigade list a division cannot have");
            return;
        }
        known_brigade(&b, k, i);
        g->nbrigades = i + 1;
    }
    cd_check(c, !g->nbrigades, "known", "has an empty list of brigades");
}

#ifndef MU_EV_READ_ONLY
mu_status camp_known_decode(const char *path, int64_t id, const char *text,
                            ev_known *k, mu_error *err)
{
    ev_reader r = {path, id, "add", text, MU_OK, err};
    cJSON *o = text ? cJSON_Parse(text) : NULL;
    ev_cd c = {&r, EJ_OF(o), NULL, false};
    if (cJSON_IsObject(o))
        known_cd(&c, k);
    else
        r.st = err_at(err, MU_EIO, path, 0, "event %" PRId64 " is damaged: "
                      "its data is not a JSON object", id);
    cJSON_Delete(o);
    return r.st;
}
#endif

/* ---- add ---------------------------------------------------------------- */

static void add_cd(ev_cd *c, camp_ev *e)
{
    ev_add *x = &e->u.add;
    cd_str(c, "name", x->name, sizeof x->name);
    x->side = CD_ARMY(c, "side", x->side);
    x->arm = (mu_arm)cd_word(c, "arm", (int)x->arm, ev_arm_word, 2);
    x->has_corps = cd_not_null(c, "corps", x->has_corps);
    if (x->has_corps)
        cd_str(c, "corps", x->corps, sizeof x->corps);
    known_cd(c, &x->known);
}

static void add_text(const camp_ev *e, sbuf *sb)
{
    const ev_add *x = &e->u.add;
    mu_buf_printf(sb, _("add: division %d \"%s\", %s %s"), e->division, x->name,
                  ev_side_text(x->side), dgettext(LANG_DOMAIN, mu_arm_name(x->arm)));
    if (x->has_corps)
        mu_buf_printf(sb, ", %s", x->corps);
}

/* ---- engage ------------------------------------------------------------- */

/* A theater roll's result, "east-1862". */
static void theater_cd(ev_cd *c, mu_roll *out)
{
    char buf[24];
    int year = 0;
    char t[8] = "";
    snprintf(buf, sizeof buf, "%s-%d",
             mu_theater_name((mu_theater)(out->result % 2)),
             MU_YEAR_FIRST + out->result / 2);
    cd_str(c, "result", buf, sizeof buf);
    if (!cd_reading(c) || !cd_ok(c))
        return;
    cd_check(c, sscanf(buf, "%7[a-z]-%d", t, &year) != 2 ||
                    year < MU_YEAR_FIRST || year > MU_YEAR_LAST ||
                    (strcmp(t, "east") && strcmp(t, "west")),
             "result", "is not a theater and year");
    out->result = (int16_t)((year - MU_YEAR_FIRST) * 2 + !strcmp(t, "west"));
}

/* One roll, as a division's generator records it. */
static void roll_cd(ev_cd *c, mu_roll *out)
{
    mu_roll_kind k = (mu_roll_kind)cd_word(c, "table", out->kind, ev_roll_word,
                                           MU_ROLL_CORPS_LEADER + 1);
    out->kind = (uint8_t)k;
    /* per-brigade tables name their brigade; the others have none */
    if (k == MU_ROLL_STANDS || k == MU_ROLL_MORALE || k == MU_ROLL_BRIGADIER)
        out->brigade = (uint8_t)cd_int(c, "brigade", out->brigade, 1,
                                       MU_MAX_BRIGADES);
    else
        cd_check(c, cd_has(c, "brigade", false), "brigade",
                 "is given for a roll that is not a brigade's");
    out->roll = (uint8_t)cd_int(c, "roll", out->roll, 1, 100);
    switch (k) {
    case MU_ROLL_THEATER:
        theater_cd(c, out);
        break;
    case MU_ROLL_LEADER:
    case MU_ROLL_BRIGADIER:
    case MU_ROLL_CORPS_LEADER:
        out->result = (int16_t)cd_word(c, "result", out->result,
                                       ev_rating_word, 3);
        break;
    case MU_ROLL_MORALE:
        out->result = (int16_t)cd_word(c, "result", out->result,
                                       ev_morale_word, 3);
        break;
    case MU_ROLL_BATTERY:
    case MU_ROLL_RESERVE:
        out->result = (int16_t)cd_int(c, "threshold", out->result, 0, 99);
        out->pass = cd_bool(c, "result", out->pass);
        cd_check(c, out->pass != (out->roll <= out->result), "result",
                 "disagrees with its roll and threshold");
        break;
    default:
        out->result = (int16_t)cd_int(c, "result", out->result, 0, 1000);
    }
}

static void corps_leader_cd(ev_cd *c, ev_engage *x)
{
    ev_corps_leader *k = &x->corps_leader;
    ev_cd o;
    x->has_corps_leader = cd_object(c, "corps_leader", x->has_corps_leader,
                                    &o);
    if (!x->has_corps_leader)
        return;
    cd_str(&o, "corps", k->corps, sizeof k->corps);
    k->roll = cd_int(&o, "roll", k->roll, 1, 100);
    k->rating = CD_RATING(&o, "rating", k->rating);
    k->rolled = CD_RATING(&o, "rolled", k->rolled);
    k->attached = cd_int_or_null(&o, "attached", k->attached,
                                 k->attached != 0, 1, INT32_MAX);
}

static void engage_cd(ev_cd *c, camp_ev *e)
{
    ev_engage *x = &e->u.engage;
    ev_cd list, item, f;
    cd_str(c, "name", x->name, sizeof x->name);
    x->side = CD_ARMY(c, "side", x->side);
    x->hidden = cd_bool(c, "hidden", x->hidden);
    if (x->hidden)
        cd_hex(c, "commitment", x->commitment, sizeof x->commitment);
    x->by_the_book = cd_bool(c, "by_the_book", x->by_the_book);
    x->leader = CD_RATING(c, "leader", x->leader);
    x->brigades = cd_int(c, "brigades", x->brigades, 1, MU_MAX_BRIGADES);
    x->stands = cd_int(c, "stands", x->stands, 1,
                       MU_MAX_BRIGADES * MU_MAX_STANDS);
    x->batteries = cd_int(c, "batteries", x->batteries, 0, 1000);
    x->reserve = cd_int(c, "reserve", x->reserve, 0, 1000);
    x->seed = cd_seed(c, x->seed);
    x->nrolls = cd_list(c, "rolls", x->nrolls, &list);
    cd_check(c, x->nrolls > MU_MAX_ROLLS + 1, "rolls",
             "holds more rolls than a division makes");
    for (int i = 0; i < x->nrolls && cd_ok(c); i++) {
        cd_item(&list, i, &item);
        roll_cd(&item, &x->rolls[i]);
    }
    corps_leader_cd(c, x);
    /* only for a fair roll */
    x->fair = cd_object(c, "fair", x->fair, &f);
    if (x->fair) {
        cd_hex(&f, "commitment", x->fair_commitment,
               sizeof x->fair_commitment);
        cd_hex(&f, "contribution", x->contribution, sizeof x->contribution);
    }
    known_cd(c, &x->known);
}

static void rolls_text(const ev_engage *x, sbuf *sb)
{
    static const char *const kinds[] = {
        N_("theater"), N_("leader"), N_("brigades"), N_("stands"), N_("morale"),
        N_("brigadier"), N_("ratio"), N_("battery"), N_("reserve"),
        N_("corps leader")};
    mu_buf_printf(sb, "\n     %s:", _("rolls"));
    for (int i = 0; i < x->nrolls; i++) {
        const mu_roll *r = &x->rolls[i];
        mu_buf_puts(sb, i ? ", " : " ");
        unsigned k = (unsigned)r->kind;
        mu_buf_puts(sb, k < sizeof kinds / sizeof *kinds ? _(kinds[k]) : "?");
        if (r->brigade)
            mu_buf_printf(sb, " %d", r->brigade);
        switch ((mu_roll_kind)r->kind) {
        case MU_ROLL_BATTERY:
        case MU_ROLL_RESERVE:
            mu_buf_printf(sb, " %d %s %d", r->roll, r->pass ? "≤" : ">", r->result);
            break;
        case MU_ROLL_LEADER:
        case MU_ROLL_BRIGADIER:
        case MU_ROLL_CORPS_LEADER:
            mu_buf_printf(sb, " %d %s", r->roll, ev_rating_text((mu_rating)r->result));
            break;
        case MU_ROLL_MORALE:
            mu_buf_printf(sb, " %d %s", r->roll,
                          dgettext(LANG_DOMAIN, mu_morale_name((mu_morale)r->result)));
            break;
        case MU_ROLL_THEATER:
            mu_buf_printf(sb, " %d %s-%d", r->roll,
                          ev_theater_text((mu_theater)(r->result % 2)),
                          MU_YEAR_FIRST + r->result / 2);
            break;
        default:
            mu_buf_printf(sb, " %d %d", r->roll, r->result);
        }
    }
}

static void engage_text(const camp_ev *e, sbuf *sb)
{
    const ev_engage *x = &e->u.engage;
    mu_buf_printf(sb, _("engage: division %d \"%s\""), e->division, x->name);
    if (e->hidden) {
        mu_buf_printf(sb, _(": hidden, commitment %s"), x->commitment);
        return;
    }
    mu_buf_printf(sb, dngettext(LANG_DOMAIN,
                      ": %d brigades, %d stands, %d battery with the division "
                      "and %d to the reserve, leader %s",
                      ": %d brigades, %d stands, %d batteries with the division "
                      "and %d to the reserve, leader %s", (unsigned long)x->batteries),
                  x->brigades, x->stands, x->batteries, x->reserve,
                  ev_rating_text(x->leader));
    if (x->by_the_book)
        mu_buf_puts(sb, _("; by the book"));
    if (x->has_corps_leader) {
        const ev_corps_leader *k = &x->corps_leader;
        mu_buf_printf(sb, _("; %s leader %s"), k->corps, ev_rating_text(k->rating));
        if (k->attached)
            mu_buf_printf(sb, _(" (DP), attached to division %d"), k->attached);
    }
    if (x->hidden)
        mu_buf_printf(sb, _("; hidden, commitment %s"), x->commitment);
    if (x->fair)
        mu_buf_printf(sb, _("; rolled fairly (commitment %s, contribution %s)"),
                      x->fair_commitment, x->contribution);
    else if (x->hidden)
        mu_buf_puts(sb, _("; not verifiable (its owner chose the dice)"));
    ev_seed_text(x->seed, sb);
    rolls_text(x, sb);
}

/* ---- reveal ------------------------------------------------------------- */

static void reveal_cd(ev_cd *c, camp_ev *e)
{
    ev_reveal *x = &e->u.reveal;
    cd_str(c, "name", x->name, sizeof x->name);
    cd_hex(c, "commitment", x->commitment, sizeof x->commitment);
    cd_hex(c, "salt", x->salt, sizeof x->salt);
}

static void reveal_text(const camp_ev *e, sbuf *sb)
{
    const ev_reveal *x = &e->u.reveal;
    mu_buf_printf(sb, _("reveal: division %d \"%s\", salt %s opens commitment %s"),
                  e->division, x->name, x->salt, x->commitment);
}

/* ---- battles ------------------------------------------------------------ */

static void start_cd(ev_cd *c, camp_ev *e)
{
    ev_battle_start *x = &e->u.start;
    x->battle = cd_int(c, "battle", x->battle, 1, INT32_MAX);
    cd_str(c, "name", x->name, sizeof x->name);
    if (!cd_has(c, "year", x->year != 0))
        return; /* a battle of schema 1: in the campaign's year and theater */
    x->year = cd_int(c, "year", x->year, MU_YEAR_FIRST, MU_YEAR_LAST);
    x->theater = (mu_theater)cd_word(c, "theater", (int)x->theater,
                                     ev_theater_word, 2);
}

static void start_text(const camp_ev *e, sbuf *sb)
{
    mu_buf_printf(sb, _("battle %d \"%s\" begins"), e->u.start.battle,
                  e->u.start.name);
    if (e->u.start.year)
        mu_buf_printf(sb, ": %s, %d", ev_theater_text(e->u.start.theater),
                      e->u.start.year);
}

/* One brigade's return; a hidden division's as its division and side. */
static void return_cd(ev_cd *c, void *item)
{
    ev_return *v = item;
    v->hidden = cd_hidden(c, v->hidden, &v->division, &v->side);
    if (v->hidden)
        return;
    v->division = cd_int(c, "division", v->division, 1, INT32_MAX);
    v->side = CD_ARMY(c, "side", v->side);
    v->brigade = cd_int(c, "brigade", v->brigade, 1, MU_MAX_BRIGADES);
    v->lost = cd_int(c, "lost", v->lost, 1, INT32_MAX);
    v->rate = cd_share(c, "rate", v->rate);
    v->whole = cd_int(c, "whole", v->whole, 0, INT32_MAX);
    v->threshold = cd_int(c, "threshold", v->threshold, 0, 99);
    if (v->threshold)
        v->roll = cd_int(c, "roll", v->roll, 1, 100);
    else
        v->roll = cd_int_or_null(c, "roll", v->roll, false, 1, 100);
    v->returned = cd_int(c, "returned", v->returned, 0, INT32_MAX);
}

static void end_cd(ev_cd *c, camp_ev *e)
{
    ev_battle_end *x = &e->u.end;
    x->battle = cd_int(c, "battle", x->battle, 1, INT32_MAX);
    cd_str(c, "name", x->name, sizeof x->name);
    x->winner = cd_not_null(c, "winner", x->winner >= 0)
                    ? (int)CD_ARMY(c, "winner", x->winner) : -1;
    x->seed = cd_seed(c, x->seed);
    x->streams = cd_has(c, "streams", x->streams);
    if (x->streams) { /* present only as "division", and seeded */
        char sw[16] = "division";
        cd_str(c, "streams", sw, sizeof sw);
        cd_check(c, strcmp(sw, "division") || !x->seed.has, "streams",
                 "\"division\" with a seed");
    }
    x->returns = cd_entries(c, "returns", false, x->returns,
                            sizeof *x->returns, &x->nreturns, return_cd);
}

/* A share of lost stands as "1.50" (the two decimals are the threshold). */
static void share_of_lost(int whole, int threshold, sbuf *sb)
{
    if (threshold)
        mu_buf_printf(sb, "%d%s%02d", whole, _("."), threshold);
    else
        mu_buf_printf(sb, "%d", whole);
}

static void end_text(const camp_ev *e, sbuf *sb)
{
    const ev_battle_end *x = &e->u.end;
    mu_buf_printf(sb, _("battle %d \"%s\" ends, "), x->battle, x->name);
    mu_buf_puts(sb, x->winner < 0 ? _("no winner")
                    : x->winner == MU_UNION ? _("won by the Union")
                                            : _("won by the Confederates"));
    ev_seed_text(x->seed, sb);
    if (x->nreturns == 0)
        mu_buf_printf(sb, "\n     %s", _("no battlefield losses to return"));
    for (int i = 0; i < x->nreturns; i++) {
        const ev_return *t = &x->returns[i];
        if (t->hidden) { /* one line: its brigades are its secret */
            mu_buf_printf(sb, _("\n     %s division %d: hidden"),
                          ev_side_text(t->side), t->division);
            continue;
        }
        mu_buf_printf(sb, _("\n     %s division %d brigade %d: "),
                      ev_side_text(t->side), t->division, t->brigade);
        char rate[MU_RAT_BUF + 8];
        lang_percent(mu_share_text(t->rate, rate, MU_RAT_BUF), sizeof rate);
        mu_buf_printf(sb, _("%s of %d lost = "), rate, t->lost);
        share_of_lost(t->whole, t->threshold, sb);
        if (t->threshold)
            mu_buf_printf(sb, _(", roll %d %s %d"), t->roll,
                          t->roll <= t->threshold ? "≤" : ">", t->threshold);
        mu_buf_printf(sb, _(": %d returned"), t->returned);
    }
}

/* ---- leaders ------------------------------------------------------------ */

/* The fields leader-lost and downgrade share, up to "was". */
static void post_cd(ev_cd *c, ev_leader *x)
{
    x->side = CD_ARMY(c, "side", x->side);
    x->post = (mu_post)cd_word(c, "post", (int)x->post, ev_post_word, 3);
    if (x->post == MU_POST_BRIGADE)
        x->brigade = cd_int(c, "brigade", x->brigade, 1, MU_MAX_BRIGADES);
    if (x->post == MU_POST_CORPS)
        cd_str(c, "corps", x->corps, sizeof x->corps);
    x->was = CD_RATING(c, "was", x->was);
}

static void lost_cd(ev_cd *c, camp_ev *e)
{
    ev_leader *x = &e->u.leader;
    post_cd(c, x);
    x->seed = cd_seed(c, x->seed);
    x->roll = cd_int(c, "roll", x->roll, 1, 100);
    x->rolled = CD_RATING(c, "rolled", x->rolled);
    x->rating = CD_RATING(c, "rating", x->rating);
    if (x->post == MU_POST_CORPS)
        x->attached = cd_int_or_null(c, "attached", x->attached,
                                     x->attached != 0, 1, INT32_MAX);
    bool has = cd_has(c, "captured", x->captured);
    x->captured = has && cd_bool(c, "captured", true);
    cd_check(c, has && !x->captured, "captured",
             "is false, which is never written");
    cd_check(c, x->captured && x->post == MU_POST_CORPS, "captured",
             "is given for a corps leader");
    if (x->captured)
        cd_camp(c, ev_other_side(x->side), x->camp);
    else
        cd_check(c, cd_has(c, "camp", false), "camp",
                 "is given though no one was captured");
}

static void downgrade_cd(ev_cd *c, camp_ev *e)
{
    ev_leader *x = &e->u.leader;
    post_cd(c, x);
    x->rating = CD_RATING(c, "rating", x->rating);
    cd_check(c, x->rating != MU_DESPICABLE, "rating", "is not despicable");
    x->owed = cd_int(c, "owed", x->owed, 0, INT32_MAX);
    if (x->post == MU_POST_CORPS)
        x->attached = cd_int(c, "attached", x->attached, 1, INT32_MAX);
}

static void leader_text(const camp_ev *e, sbuf *sb)
{
    const ev_leader *x = &e->u.leader;
    bool lost = e->kind == EV_LEADER_LOST;
    mu_buf_puts(sb, lost ? _("leader lost: ") : _("downgrade: "));
    if (x->post == MU_POST_CORPS)
        mu_buf_printf(sb, _("%s corps leader"), x->corps);
    else if (x->post == MU_POST_BRIGADE)
        mu_buf_printf(sb, _("division %d brigade %d brigadier"), e->division,
                      x->brigade);
    else
        mu_buf_printf(sb, _("division %d leader"), e->division);
    if (lost) {
        mu_buf_printf(sb, " (%s)", ev_rating_text(x->was));
        if (x->captured)
            mu_buf_printf(sb, _(" captured, held in %s,"), x->camp);
        mu_buf_printf(sb, _(" replaced: roll %d → %s"), x->roll,
                      ev_rating_text(x->rolled));
        if (x->rating != x->rolled)
            mu_buf_printf(sb, _(", played %s by the book"), ev_rating_text(x->rating));
    } else {
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, " %s → despicable; %d replacement left",
                                    " %s → despicable; %d replacements left",
                                    (unsigned long)x->owed),
                      ev_rating_text(x->was), x->owed);
    }
    if (x->rating == MU_DESPICABLE)
        mu_buf_puts(sb, " (" LANG_DP ")");
    if (x->attached)
        mu_buf_printf(sb, _(", attached to division %d"), x->attached);
    if (lost)
        ev_seed_text(x->seed, sb);
}

/* ---- penalty ------------------------------------------------------------ */

static void penalty_cd(ev_cd *c, camp_ev *e)
{
    e->u.penalty.side = CD_ARMY(c, "side", e->u.penalty.side);
    e->u.penalty.owed = cd_int(c, "owed", e->u.penalty.owed, 1, INT32_MAX);
}

static void penalty_text(const camp_ev *e, sbuf *sb)
{
    int n = e->u.penalty.owed;
    mu_buf_printf(sb, dngettext(LANG_DOMAIN,
                      "penalty: the %s side forgot to reveal a despicable leader; "
                      "its opponent holds %d despicable replacement for it",
                      "penalty: the %s side forgot to reveal a despicable leader; "
                      "its opponent holds %d despicable replacements for it",
                      (unsigned long)n),
                  ev_side_text(e->u.penalty.side), n);
}

/* ---- fair rolls --------------------------------------------------------- */

static void fair_ev_cd(ev_cd *c, camp_ev *e)
{
    ev_fair *x = &e->u.fair;
    cd_str(c, "name", x->name, sizeof x->name);
    x->side = CD_ARMY(c, "side", x->side);
    cd_hex(c, "commitment", x->commitment, sizeof x->commitment);
    if (e->kind != EV_CONTRIBUTE)
        return;
    cd_hex(c, "contribution", x->contribution, sizeof x->contribution);
    x->battle = cd_int_or_null(c, "battle", x->battle, x->battle != 0, 1,
                               INT32_MAX);
    if (!x->battle)
        return;
    x->year = cd_int(c, "year", x->year, MU_YEAR_FIRST, MU_YEAR_LAST);
    x->theater = (mu_theater)cd_word(c, "theater", (int)x->theater,
                                     ev_theater_word, 2);
}

static void fair_ev_text(const camp_ev *e, sbuf *sb)
{
    const ev_fair *x = &e->u.fair;
    const char *side = x->side == MU_UNION ? _("Union") : _("Confederate");
    if (e->kind == EV_FAIR_COMMIT)
        mu_buf_printf(sb, _("fair roll: division %d \"%s\" (%s) is committed to "
                            "%s"), e->division, x->name, side, x->commitment);
    else {
        mu_buf_printf(sb, _("contribution to division %d \"%s\" (%s): %s for "
                            "commitment %s"), e->division, x->name, side,
                      x->contribution, x->commitment);
        if (x->battle)
            mu_buf_printf(sb, _(", in battle %d (%s, %d)"), x->battle,
                          ev_theater_text(x->theater), x->year);
    }
}

/* ---- the campaign's date ------------------------------------------------ */

static void advance_cd(ev_cd *c, camp_ev *e)
{
    ev_advance *x = &e->u.advance;
    x->was = cd_int(c, "was", x->was, MU_YEAR_FIRST, MU_YEAR_LAST);
    x->year = cd_int(c, "year", x->year, MU_YEAR_FIRST, MU_YEAR_LAST);
}

static void advance_text(const camp_ev *e, sbuf *sb)
{
    mu_buf_printf(sb, _("advance: the campaign goes from %d to %d"),
                  e->u.advance.was, e->u.advance.year);
}

/* ---- undo --------------------------------------------------------------- */

static const char *ev_kind_word(int i) { return camp_ev_types[i].name; }

static void undo_cd(ev_cd *c, camp_ev *e)
{
    e->u.undo.event = cd_id(c, "event", e->u.undo.event);
    /* a log entry's own "kind" is "undo": the undone one's is beside it */
    e->u.undo.kind = (camp_ev_kind)cd_word(c, c->shown ? "undone_kind"
                                                      : "kind",
                                           (int)e->u.undo.kind, ev_kind_word,
                                           EV_NKINDS);
    e->division = cd_int_or_null(c, "division", e->division,
                                 e->division != 0, 1, INT32_MAX);
}

/* A kind's word in the reader's language, as the page's log says it
 * ("casualties", German "Verluste"): for a line that names only the kind. */
static const char *camp_ev_kind_word(camp_ev_kind k)
{
    char id[32];
    if ((unsigned)k >= EV_NKINDS)
        return "?"; /* no event has it: camp_ev_kind_of knows the kinds */
    snprintf(id, sizeof id, "log\004%s", camp_ev_types[k].name);
    return lang_pgettext(id, camp_ev_types[k].name);
}

static void undo_text(const camp_ev *e, sbuf *sb)
{
    char id[24];
    snprintf(id, sizeof id, "%" PRId64, e->u.undo.event);
    mu_buf_printf(sb, _("undo of #%s (%s): the ledger stands as if it had "
                        "never happened"), id, camp_ev_kind_word(e->u.undo.kind));
}

/* ---- tables ------------------------------------------------------------- */

static void tables_cd(ev_cd *c, camp_ev *e)
{
    cd_hex(c, "sha256", e->u.tables.sha256, sizeof e->u.tables.sha256);
}

static void tables_text(const camp_ev *e, sbuf *sb)
{
    mu_buf_printf(sb, _("tables: the campaign's own tables, SHA-256 %s, are in the "
                        "chain from here on"), e->u.tables.sha256);
}

/* ---- name --------------------------------------------------------------- */

static void name_cd(ev_cd *c, camp_ev *e)
{
    ev_name *x = &e->u.name;
    x->brigade = cd_int(c, "brigade", x->brigade, 0, MU_MAX_BRIGADES);
    cd_str(c, "name", x->name, sizeof x->name);
    bool was = cd_not_null(c, "was", *x->was != '\0');
    if (was)
        cd_str(c, "was", x->was, sizeof x->was);
    cd_check(c, !*x->name, "name", "is empty");
    cd_check(c, was && !*x->was, "was", "is empty (null for no name)");
    cd_check(c, x->brigade == 0 && !*x->was, "was",
             "is null, but a division always has a name");
}

static void name_text(const camp_ev *e, sbuf *sb)
{
    const ev_name *x = &e->u.name;
    if (x->brigade)
        mu_buf_printf(sb, _("name: division %d brigade %d is \"%s\""),
                      e->division, x->brigade, x->name);
    else
        mu_buf_printf(sb, _("name: division %d is \"%s\""), e->division,
                      x->name);
    if (*x->was)
        mu_buf_printf(sb, _(" (was \"%s\")"), x->was);
}

/* ---- the table ---------------------------------------------------------- */

/* A kind's name, which is also its msgid in context "log" (as N_, with a
 * context: po/KEYWORDS): a log line may say the kind in the reader's
 * words (camp_ev_kind_word). */
#define NP_(ctx, s) s

const camp_ev_type camp_ev_types[EV_NKINDS] = {
    [EV_NEW] = {NP_("log", "new"), EV_DIV_NONE, new_cd, new_text},
    [EV_ADD] = {NP_("log", "add"), EV_DIV_FIRST, add_cd, add_text},
    [EV_ENGAGE] = {NP_("log", "engage"), EV_DIV_FIRST, engage_cd, engage_text},
    [EV_REVEAL] = {NP_("log", "reveal"), EV_DIV_FIRST, reveal_cd, reveal_text},
    [EV_BATTLE_START] = {NP_("log", "battle-start"), EV_DIV_NONE, start_cd,
                         start_text},
    [EV_BATTLE_END] = {NP_("log", "battle-end"), EV_DIV_NONE, end_cd, end_text},
    [EV_CASUALTIES] = {NP_("log", "casualties"), EV_DIV_INSIDE, ev_cas_cd,
                       ev_cas_text},
    [EV_EXCHANGE] = {NP_("log", "exchange"), EV_DIV_NONE, ev_release_cd,
                     ev_release_text},
    [EV_LIBERATE] = {NP_("log", "liberate"), EV_DIV_NONE, ev_release_cd,
                     ev_release_text},
    [EV_LEADER_LOST] = {NP_("log", "leader-lost"), EV_DIV_FIRST, lost_cd,
                        leader_text},
    [EV_DOWNGRADE] = {NP_("log", "downgrade"), EV_DIV_FIRST, downgrade_cd,
                      leader_text},
    [EV_PENALTY] = {NP_("log", "penalty"), EV_DIV_NONE, penalty_cd,
                    penalty_text},
    [EV_FAIR_COMMIT] = {NP_("log", "fair-commit"), EV_DIV_FIRST, fair_ev_cd,
                        fair_ev_text},
    [EV_CONTRIBUTE] = {NP_("log", "contribute"), EV_DIV_FIRST, fair_ev_cd,
                       fair_ev_text},
    [EV_ADVANCE] = {NP_("log", "advance"), EV_DIV_NONE, advance_cd,
                    advance_text},
    [EV_UNDO] = {NP_("log", "undo"), EV_DIV_INSIDE, undo_cd, undo_text},
    [EV_TABLES] = {NP_("log", "tables"), EV_DIV_NONE, tables_cd, tables_text},
    [EV_DEFAULT_CAMP] = {NP_("log", "default-camp"), EV_DIV_NONE, ev_dcamp_cd,
                         ev_dcamp_text},
    [EV_NAME] = {NP_("log", "name"), EV_DIV_FIRST, name_cd, name_text},
    [EV_OFFER] = {NP_("log", "offer"), EV_DIV_NONE, ev_offer_cd, ev_offer_text},
    [EV_ACCEPT] = {NP_("log", "accept"), EV_DIV_NONE, ev_answer_cd,
                   ev_answer_text},
    [EV_DECLINE] = {NP_("log", "decline"), EV_DIV_NONE, ev_answer_cd,
                    ev_answer_text},
    [EV_WITHDRAW] = {NP_("log", "withdraw"), EV_DIV_NONE, ev_answer_cd,
                     ev_answer_text},
};

bool camp_ev_kind_of(const char *name, camp_ev_kind *out)
{
    for (int k = 0; name && k < EV_NKINDS; k++)
        if (!strcmp(name, camp_ev_types[k].name)) {
            *out = (camp_ev_kind)k;
            return true;
        }
    return false;
}

/* "author" and "time", each absent in an event recorded before them. */
static void stamp_cd(ev_cd *c, ev_stamp *st)
{
    int64_t secs;
    st->has_author = cd_has(c, "author", st->has_author);
    if (st->has_author)
        st->author = cd_word(c, "author", st->author + 1, ev_author_word,
                             3) - 1;
    st->has_time = cd_has(c, "time", st->has_time);
    if (st->has_time)
        cd_str(c, "time", st->time, sizeof st->time);
    cd_check(c, st->has_time && !camp_time_parse(st->time, &secs), "time",
             "is not a UTC time to the second (2026-12-01T19:30:00Z)");
}

/* The payload of a kind already set in e, either way. */
static void payload_cd(ev_cd *c, camp_ev *e)
{
    const camp_ev_type *t = &camp_ev_types[e->kind];
    if (t->division == EV_DIV_FIRST)
        e->division = cd_int(c, "division", e->division, 1, INT32_MAX);
    t->codec(c, e);
    stamp_cd(c, &e->stamp);
}

#ifndef MU_EV_READ_ONLY
cJSON *camp_ev_encode_stamped(const camp_ev *e, const ev_stamp *st)
{
    camp_ev w = *e; /* the walk stores back each value it writes */
    ev_cd c = {NULL, NULL, cJSON_CreateObject(), false};
    if (!c.out)
        return NULL;
    w.stamp = *st;
    payload_cd(&c, &w);
    return c.out;
}

cJSON *camp_ev_encode(const camp_ev *e)
{
    return camp_ev_encode_stamped(e, &e->stamp);
}
#endif

void camp_stamp_text(const ev_stamp *st, sbuf *sb)
{
    if (!st->has_author && !st->has_time)
        return;
    /* the author in the log's language, as its sides are written */
    const char *who = !st->has_author ? ""
                      : st->author < 0 ? _("umpire")
                                       : ev_side_text((mu_army)st->author);
    mu_buf_printf(sb, "[%s%s%s] ", st->has_time ? st->time : "",
                  st->has_author && st->has_time ? " " : "", who);
}

#ifndef MU_EV_READ_ONLY
mu_status camp_ev_decode(const char *path, int64_t id, const char *kind,
                         int division, const char *text, camp_ev *e,
                         mu_error *err)
{
    memset(e, 0, sizeof *e);
    e->id = id;
    ev_reader r = {path, id, kind ? kind : "?", text, MU_OK, err};
    if (!kind || !camp_ev_kind_of(kind, &e->kind))
        return err_at(err, MU_EIO, path, 0, "event %" PRId64 " is damaged: "
                      "unknown kind '%s'", id, kind ? kind : "");
    cJSON *o = text ? cJSON_Parse(text) : NULL;
    if (!cJSON_IsObject(o)) {
        cJSON_Delete(o);
        return err_at(err, MU_EIO, path, 0, "event %" PRId64 " (%s) is "
                      "damaged: its data is not a JSON object", id, kind);
    }
    payload_cd(&(ev_cd){&r, EJ_OF(o), NULL, false}, e);
    cJSON_Delete(o);
    if (r.st == MU_OK && e->division != division)
        rd_fail(&r, "division", "differs from the division the event is "
                "filed under");
    if (r.st != MU_OK)
        camp_ev_clear(e);
    return r.st;
}
#endif

/* A log entry's fields after "id" and "kind": the payload they came from
 * (an undo's "kind" as "undone_kind"), or a hidden event's division. */
static void shown_cd(ev_cd *c, camp_ev *e)
{
    /* hidden whole: no "side" (an engage's own "hidden" comes with one) */
    if (cd_reading(c))
        e->hidden = ej_is(ej_get(c->in, "hidden"), EJ_TRUE) &&
                    !ej_get(c->in, "side");
    if (!e->hidden) {
        payload_cd(c, e);
        return;
    }
    e->division = cd_int(c, "division", e->division, 1, INT32_MAX);
    cd_bool(c, "hidden", true);
    if (e->kind == EV_ENGAGE) {
        cd_str(c, "name", e->u.engage.name, sizeof e->u.engage.name);
        cd_hex(c, "commitment", e->u.engage.commitment,
               sizeof e->u.engage.commitment);
    }
}

#ifndef MU_EV_READ_ONLY
cJSON *camp_ev_shown(const camp_ev *e)
{
    camp_ev w = *e; /* the walk stores back each value it writes */
    ev_cd c = {NULL, NULL, cJSON_CreateObject(), true};
    if (!c.out)
        return NULL;
    cJSON_AddNumberToObject(c.out, "id", (double)e->id);
    cJSON_AddStringToObject(c.out, "kind", camp_ev_types[e->kind].name);
    shown_cd(&c, &w);
    return c.out;
}
#endif

mu_status camp_ev_decode_shown_val(const char *path, const ej_val *o,
                                   const char *raw, camp_ev *e,
                                   mu_error *err)
{
    memset(e, 0, sizeof *e);
    const ej_val *id = ej_get(o, "id");
    const char *k = ej_string(ej_get(o, "kind"));
    double n = ej_number(id);
    if (!ej_is(id, EJ_NUMBER) || n < 1 || n > 9e15 || n != (double)(int64_t)n ||
        !k || !camp_ev_kind_of(k, &e->kind))
        return err_at(err, MU_EIO, path, 0, "a log entry is damaged: it is "
                      "not an event with an id and a known kind");
    e->id = (int64_t)n;
    ev_reader r = {path, e->id, camp_ev_types[e->kind].name, raw, MU_OK,
                   err};
    shown_cd(&(ev_cd){&r, o, NULL, true}, e);
    if (r.st != MU_OK)
        camp_ev_clear(e);
    return r.st;
}

#ifndef MU_EV_READ_ONLY
mu_status camp_ev_decode_shown(const char *path, const char *text,
                               camp_ev *e, mu_error *err)
{
    cJSON *o = text ? cJSON_Parse(text) : NULL;
    mu_status st = camp_ev_decode_shown_val(path, EJ_OF(o), text, e, err);
    cJSON_Delete(o);
    return st;
}
#endif

void camp_ev_clear(camp_ev *e)
{
    if (!e)
        return;
    if (e->kind == EV_BATTLE_END)
        free(e->u.end.returns);
    else if (e->kind == EV_EXCHANGE || e->kind == EV_LIBERATE) {
        free(e->u.release.stands);
        free(e->u.release.leaders);
        free(e->u.release.batteries);
    } else if (e->kind == EV_ACCEPT) {
        free(e->u.offer.release.stands);
        free(e->u.offer.release.leaders);
        free(e->u.offer.release.batteries);
    }
    camp_ev_kind k = e->kind;
    memset(e, 0, sizeof *e);
    e->kind = k;
}

void camp_ev_text(const camp_ev *e, sbuf *sb)
{
    camp_ev_types[e->kind].text(e, sb);
}

void camp_ev_log_text(const camp_ev *e, sbuf *sb)
{
    if (e->hidden && e->kind != EV_ENGAGE)
        mu_buf_printf(sb, _("%s: division %d (hidden)\n"),
                      camp_ev_kind_word(e->kind), e->division);
    else {
        camp_ev_text(e, sb);
        mu_buf_puts(sb, "\n");
    }
}
