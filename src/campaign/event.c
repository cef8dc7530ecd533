/* SPDX-License-Identifier: MIT */
/* event.c -- the one table of campaign event kinds: for each, its
 * name, how its payload is written (encode), read back strictly (decode)
 * and told in the log (text). The shape follows Lua's lopnames.h: one row
 * per kind, in enum order, and nothing else anywhere lists the kinds.
 *
 * To add a kind: an enum member and a payload struct in event.h,
 * then one row in camp_ev_types[] below with its three functions. Encoders
 * write fields in the order docs/design.md documents; decoders read every
 * field with the rd_* helpers (evfield.c), which turn a missing or
 * mistyped field into an error naming the event and the field. The
 * prisoners' kinds (casualties, exchange, liberate, default-camp) are
 * written, read and told in event_held.c. Decoders read a parsed value
 * through evjson.h, never cJSON itself: the WebAssembly engine compiles
 * them and the text with MU_EV_READ_ONLY, which leaves the encoders out,
 * to tell the page's log (wasm/app_log.c). */
#include "evfield.h"
#include "lang.h"
#include "error.h"
#include "render.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- new ---------------------------------------------------------------- */

#ifndef MU_EV_READ_ONLY
static void new_encode(const camp_ev *e, cJSON *o)
{
    const ev_new *x = &e->u.new_;
    cJSON_AddStringToObject(o, "name", x->name);
    cJSON_AddNumberToObject(o, "year", x->year);
    cJSON_AddStringToObject(o, "theater", mu_theater_name(x->theater));
    put_share(o, "return", x->draw);
    put_share(o, "return_winner", x->winner);
    put_share(o, "return_loser", x->loser);
    cJSON_AddStringToObject(o, "tables", x->custom ? "custom" : "built-in");
    if (x->pinned)
        cJSON_AddStringToObject(o, "tables_sha256", x->tables_sha256);
}
#endif

static const char *tables_word(int i) { return i ? "custom" : "built-in"; }

static void new_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    ev_new *x = &e->u.new_;
    rd_str(r, o, "name", x->name, sizeof x->name);
    x->year = rd_int(r, o, "year", MU_YEAR_FIRST, MU_YEAR_LAST);
    x->theater = (mu_theater)rd_word(r, o, "theater", ev_theater_word, 2);
    x->draw = rd_share(r, o, "return");
    x->winner = rd_share(r, o, "return_winner");
    x->loser = rd_share(r, o, "return_loser");
    x->custom = rd_word(r, o, "tables", tables_word, 2) == 1;
    /* Own tables are pinned by their hash from schema 5 on; an older log's
     * are pinned by the "tables" event its upgrade appended. */
    x->pinned = x->custom && ej_get(o,
                                                              "tables_sha256");
    if (x->pinned)
        rd_hex(r, o, "tables_sha256", x->tables_sha256,
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

#ifndef MU_EV_READ_ONLY
void ev_known_encode(const ev_known *k, cJSON *o)
{
    if (!k->has)
        return;
    const mu_division_given *g = &k->given;
    cJSON *n = cJSON_AddObjectToObject(o, "known");
    if (g->leader != MU_GIVEN_NONE)
        cJSON_AddStringToObject(n, "leader", mu_rating_name((mu_rating)g->leader));
    if (g->batteries != MU_GIVEN_NONE)
        cJSON_AddNumberToObject(n, "batteries", g->batteries);
    if (!g->nbrigades)
        return;
    cJSON *bs = cJSON_AddArrayToObject(n, "brigades");
    for (int b = 0; b < g->nbrigades && b < MU_MAX_BRIGADES; b++) {
        const mu_given_brigade *gb = &g->brigades[b];
        cJSON *x = cJSON_CreateObject();
        if (*k->brigade[b])
            cJSON_AddStringToObject(x, "name", k->brigade[b]);
        if (*k->brigadier[b])
            cJSON_AddStringToObject(x, "brigadier", k->brigadier[b]);
        if (gb->rating != MU_GIVEN_NONE)
            cJSON_AddStringToObject(x, "rating", mu_rating_name((mu_rating)gb->rating));
        if (gb->stands)
            cJSON_AddNumberToObject(x, "stands", gb->stands);
        if (gb->morale != MU_GIVEN_NONE)
            cJSON_AddStringToObject(x, "morale", mu_morale_name((mu_morale)gb->morale));
        cJSON_AddItemToArray(bs, x);
    }
}
#endif

static void known_brigade(ev_reader *r, const ej_val *o, ev_known *k, int b)
{
    mu_given_brigade *g = &k->given.brigades[b];
    if (rd_has(o, "name"))
        rd_str(r, o, "name", k->brigade[b], sizeof k->brigade[b]);
    if (rd_has(o, "brigadier"))
        rd_str(r, o, "brigadier", k->brigadier[b], sizeof k->brigadier[b]);
    if (rd_has(o, "rating"))
        g->rating = rd_word(r, o, "rating", ev_rating_word, 3);
    if (rd_has(o, "stands"))
        g->stands = rd_int(r, o, "stands", 1, MU_MAX_STANDS);
    if (rd_has(o, "morale"))
        g->morale = rd_word(r, o, "morale", ev_morale_word, 3);
}

void ev_known_decode(ev_reader *r, const ej_val *o, ev_known *k)
{
    memset(k, 0, sizeof *k);
    k->given = mu_division_given_none();
    const ej_val *n = ej_get(o, "known");
    if (!n)
        return;
    if (!ej_is(n, EJ_OBJECT)) {
        rd_fail(r, "known", "is not an object");
        return;
    }
    k->has = true;
    mu_division_given *g = &k->given;
    if (rd_has(n, "leader"))
        g->leader = rd_word(r, n, "leader", ev_rating_word, 3);
    if (rd_has(n, "batteries"))
        g->batteries = rd_int(r, n, "batteries", 0, MU_MAX_RATIO);
    if (!rd_has(n, "brigades"))
        return;
    const ej_val *bs = rd_array(r, n, "brigades");
    for (int i = 0; i < ej_count(bs) && r->st == MU_OK; i++) {
        const ej_val *b = ej_at(bs, i);
        if (g->nbrigades == MU_MAX_BRIGADES || !ej_is(b, EJ_OBJECT)) {
            rd_fail(r, "known", "holds a brigade list a division cannot have");
            return;
        }
        known_brigade(r, b, k, g->nbrigades++);
    }
    if (r->st == MU_OK && !g->nbrigades)
        rd_fail(r, "known", "has an empty list of brigades");
}

#ifndef MU_EV_READ_ONLY
mu_status camp_known_decode(const char *path, int64_t id, const char *text,
                            ev_known *k, mu_error *err)
{
    ev_reader r = {path, id, "add", text, MU_OK, err, false};
    cJSON *o = text ? cJSON_Parse(text) : NULL;
    if (cJSON_IsObject(o))
        ev_known_decode(&r, EJ_OF(o), k);
    else
        r.st = err_at(err, MU_EIO, path, 0, "event %" PRId64 " is damaged: "
                      "its data is not a JSON object", id);
    cJSON_Delete(o);
    return r.st;
}
#endif

/* ---- add ---------------------------------------------------------------- */

#ifndef MU_EV_READ_ONLY
static void add_encode(const camp_ev *e, cJSON *o)
{
    const ev_add *x = &e->u.add;
    cJSON_AddStringToObject(o, "name", x->name);
    cJSON_AddStringToObject(o, "side", mu_army_name(x->side));
    cJSON_AddStringToObject(o, "arm", mu_arm_name(x->arm));
    if (x->has_corps)
        cJSON_AddStringToObject(o, "corps", x->corps);
    else
        cJSON_AddNullToObject(o, "corps");
    ev_known_encode(&x->known, o);
}
#endif

static void add_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    ev_add *x = &e->u.add;
    rd_str(r, o, "name", x->name, sizeof x->name);
    x->side = RD_ARMY(r, o, "side");
    x->arm = (mu_arm)rd_word(r, o, "arm", ev_arm_word, 2);
    const ej_val *k = rd_item(r, o, "corps");
    x->has_corps = k && !ej_is(k, EJ_NULL);
    if (x->has_corps)
        rd_str(r, o, "corps", x->corps, sizeof x->corps);
    ev_known_decode(r, o, &x->known);
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

#ifndef MU_EV_READ_ONLY
/* Written after the rest, only for a fair roll. */
static void fair_encode(const ev_engage *x, cJSON *o)
{
    if (!x->fair)
        return;
    cJSON *f = cJSON_AddObjectToObject(o, "fair");
    cJSON_AddStringToObject(f, "commitment", x->fair_commitment);
    cJSON_AddStringToObject(f, "contribution", x->contribution);
}

static void engage_encode(const camp_ev *e, cJSON *o)
{
    const ev_engage *x = &e->u.engage;
    cJSON_AddStringToObject(o, "name", x->name);
    cJSON_AddStringToObject(o, "side", mu_army_name(x->side));
    cJSON_AddBoolToObject(o, "hidden", x->hidden);
    if (x->hidden)
        cJSON_AddStringToObject(o, "commitment", x->commitment);
    cJSON_AddBoolToObject(o, "by_the_book", x->by_the_book);
    cJSON_AddStringToObject(o, "leader", mu_rating_name(x->leader));
    cJSON_AddNumberToObject(o, "brigades", x->brigades);
    cJSON_AddNumberToObject(o, "stands", x->stands);
    cJSON_AddNumberToObject(o, "batteries", x->batteries);
    cJSON_AddNumberToObject(o, "reserve", x->reserve);
    put_seed(o, x->seed);
    cJSON *rolls = cJSON_AddArrayToObject(o, "rolls");
    for (int i = 0; i < x->nrolls; i++)
        cJSON_AddItemToArray(rolls, render_roll_json(&x->rolls[i]));
    if (!x->has_corps_leader) {
        fair_encode(x, o);
        ev_known_encode(&x->known, o);
        return;
    }
    const ev_corps_leader *k = &x->corps_leader;
    cJSON *c = cJSON_AddObjectToObject(o, "corps_leader");
    cJSON_AddStringToObject(c, "corps", k->corps);
    cJSON_AddNumberToObject(c, "roll", k->roll);
    cJSON_AddStringToObject(c, "rating", mu_rating_name(k->rating));
    cJSON_AddStringToObject(c, "rolled", mu_rating_name(k->rolled));
    put_int_or_null(c, "attached", k->attached, k->attached != 0);
    fair_encode(x, o);
    ev_known_encode(&x->known, o);
}
#endif


/* One roll as render_roll_json writes it. */
static void roll_decode(ev_reader *r, const ej_val *o, mu_roll *out)
{
    memset(out, 0, sizeof *out);
    mu_roll_kind k = (mu_roll_kind)rd_word(r, o, "table", ev_roll_word,
                                           MU_ROLL_CORPS_LEADER + 1);
    out->kind = (uint8_t)k;
    /* per-brigade tables name their brigade; the others have none */
    if (k == MU_ROLL_STANDS || k == MU_ROLL_MORALE || k == MU_ROLL_BRIGADIER)
        out->brigade = (uint8_t)rd_int(r, o, "brigade", 1, MU_MAX_BRIGADES);
    else if (ej_get(o, "brigade"))
        rd_fail(r, "brigade", "is given for a roll that is not a brigade's");
    out->roll = (uint8_t)rd_int(r, o, "roll", 1, 100);
    switch (k) {
    case MU_ROLL_THEATER: {
        char buf[16];
        int year = 0;
        char t[8] = "";
        rd_str(r, o, "result", buf, sizeof buf);
        if (r->st == MU_OK && (sscanf(buf, "%7[a-z]-%d", t, &year) != 2 ||
                               year < MU_YEAR_FIRST || year > MU_YEAR_LAST ||
                               (strcmp(t, "east") && strcmp(t, "west"))))
            rd_fail(r, "result", "is not a theater and year");
        out->result = (int16_t)((year - MU_YEAR_FIRST) * 2 + !strcmp(t, "west"));
        break;
    }
    case MU_ROLL_LEADER:
    case MU_ROLL_BRIGADIER:
    case MU_ROLL_CORPS_LEADER:
        out->result = (int16_t)rd_word(r, o, "result", ev_rating_word, 3);
        break;
    case MU_ROLL_MORALE:
        out->result = (int16_t)rd_word(r, o, "result", ev_morale_word, 3);
        break;
    case MU_ROLL_BATTERY:
    case MU_ROLL_RESERVE:
        out->result = (int16_t)rd_int(r, o, "threshold", 0, 99);
        out->pass = rd_bool(r, o, "result");
        if (r->st == MU_OK && out->pass != (out->roll <= out->result))
            rd_fail(r, "result", "disagrees with its roll and threshold");
        break;
    default:
        out->result = (int16_t)rd_int(r, o, "result", 0, 1000);
    }
}

static void engage_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    ev_engage *x = &e->u.engage;
    rd_str(r, o, "name", x->name, sizeof x->name);
    x->side = RD_ARMY(r, o, "side");
    x->hidden = rd_bool(r, o, "hidden");
    if (x->hidden)
        rd_hex(r, o, "commitment", x->commitment, sizeof x->commitment);
    x->by_the_book = rd_bool(r, o, "by_the_book");
    x->leader = RD_RATING(r, o, "leader");
    x->brigades = rd_int(r, o, "brigades", 1, MU_MAX_BRIGADES);
    x->stands = rd_int(r, o, "stands", 1, MU_MAX_BRIGADES * MU_MAX_STANDS);
    x->batteries = rd_int(r, o, "batteries", 0, 1000);
    x->reserve = rd_int(r, o, "reserve", 0, 1000);
    x->seed = rd_seed(r, o);
    ev_known_decode(r, o, &x->known);
    const ej_val *rolls = rd_array(r, o, "rolls");
    for (int i = 0; i < ej_count(rolls) && r->st == MU_OK; i++) {
        const ej_val *k = ej_at(rolls, i);
        if (x->nrolls == MU_MAX_ROLLS + 1) {
            rd_fail(r, "rolls", "holds more rolls than a division makes");
            break;
        }
        roll_decode(r, k, &x->rolls[x->nrolls++]);
    }
    const ej_val *f = ej_get(o, "fair");
    if (f && ej_is(f, EJ_OBJECT)) {
        x->fair = true;
        rd_hex(r, f, "commitment", x->fair_commitment,
               sizeof x->fair_commitment);
        rd_hex(r, f, "contribution", x->contribution, sizeof x->contribution);
    } else if (f) {
        rd_fail(r, "fair", "is not an object");
    }
    const ej_val *c = ej_get(o, "corps_leader");
    x->has_corps_leader = c != NULL;
    if (!c || r->st != MU_OK)
        return;
    if (!ej_is(c, EJ_OBJECT)) {
        rd_fail(r, "corps_leader", "is not an object");
        return;
    }
    ev_corps_leader *k = &x->corps_leader;
    rd_str(r, c, "corps", k->corps, sizeof k->corps);
    k->roll = rd_int(r, c, "roll", 1, 100);
    k->rating = RD_RATING(r, c, "rating");
    k->rolled = RD_RATING(r, c, "rolled");
    k->attached = rd_int_or_null(r, c, "attached", 1, INT32_MAX, 0);
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

#ifndef MU_EV_READ_ONLY
static void reveal_encode(const camp_ev *e, cJSON *o)
{
    const ev_reveal *x = &e->u.reveal;
    cJSON_AddStringToObject(o, "name", x->name);
    cJSON_AddStringToObject(o, "commitment", x->commitment);
    cJSON_AddStringToObject(o, "salt", x->salt);
}
#endif

static void reveal_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    ev_reveal *x = &e->u.reveal;
    rd_str(r, o, "name", x->name, sizeof x->name);
    rd_hex(r, o, "commitment", x->commitment, sizeof x->commitment);
    rd_hex(r, o, "salt", x->salt, sizeof x->salt);
}

static void reveal_text(const camp_ev *e, sbuf *sb)
{
    const ev_reveal *x = &e->u.reveal;
    mu_buf_printf(sb, _("reveal: division %d \"%s\", salt %s opens commitment %s"),
                  e->division, x->name, x->salt, x->commitment);
}

/* ---- battles ------------------------------------------------------------ */

#ifndef MU_EV_READ_ONLY
static void start_encode(const camp_ev *e, cJSON *o)
{
    cJSON_AddNumberToObject(o, "battle", e->u.start.battle);
    cJSON_AddStringToObject(o, "name", e->u.start.name);
    if (e->u.start.year) { /* schema 2 on */
        cJSON_AddNumberToObject(o, "year", e->u.start.year);
        cJSON_AddStringToObject(o, "theater",
                                mu_theater_name(e->u.start.theater));
    }
}
#endif

static void start_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    e->u.start.battle = rd_int(r, o, "battle", 1, INT32_MAX);
    rd_str(r, o, "name", e->u.start.name, sizeof e->u.start.name);
    if (!ej_get(o, "year"))
        return; /* a battle of schema 1: in the campaign's year and theater */
    e->u.start.year = rd_int(r, o, "year", MU_YEAR_FIRST, MU_YEAR_LAST);
    e->u.start.theater = (mu_theater)rd_word(r, o, "theater", ev_theater_word, 2);
}

static void start_text(const camp_ev *e, sbuf *sb)
{
    mu_buf_printf(sb, _("battle %d \"%s\" begins"), e->u.start.battle,
                  e->u.start.name);
    if (e->u.start.year)
        mu_buf_printf(sb, ": %s, %d", ev_theater_text(e->u.start.theater),
                      e->u.start.year);
}

#ifndef MU_EV_READ_ONLY
static void end_encode(const camp_ev *e, cJSON *o)
{
    const ev_battle_end *x = &e->u.end;
    cJSON_AddNumberToObject(o, "battle", x->battle);
    cJSON_AddStringToObject(o, "name", x->name);
    if (x->winner >= 0)
        cJSON_AddStringToObject(o, "winner", mu_army_name((mu_army)x->winner));
    else
        cJSON_AddNullToObject(o, "winner");
    put_seed(o, x->seed);
    if (x->streams)
        cJSON_AddStringToObject(o, "streams", "division");
    cJSON *a = cJSON_AddArrayToObject(o, "returns");
    for (int i = 0; i < x->nreturns; i++) {
        const ev_return *t = &x->returns[i];
        if (t->hidden) {
            put_hidden_entry(a, t->division, t->side);
            continue;
        }
        cJSON *r = cJSON_CreateObject();
        cJSON_AddNumberToObject(r, "division", t->division);
        cJSON_AddStringToObject(r, "side", mu_army_name(t->side));
        cJSON_AddNumberToObject(r, "brigade", t->brigade);
        cJSON_AddNumberToObject(r, "lost", t->lost);
        put_share(r, "rate", t->rate);
        cJSON_AddNumberToObject(r, "whole", t->whole);
        cJSON_AddNumberToObject(r, "threshold", t->threshold);
        put_int_or_null(r, "roll", t->roll, t->threshold > 0);
        cJSON_AddNumberToObject(r, "returned", t->returned);
        cJSON_AddItemToArray(a, r);
    }
}
#endif

static void end_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    ev_battle_end *x = &e->u.end;
    x->battle = rd_int(r, o, "battle", 1, INT32_MAX);
    rd_str(r, o, "name", x->name, sizeof x->name);
    const ej_val *w = rd_item(r, o, "winner");
    x->winner = w && !ej_is(w, EJ_NULL) ? (int)RD_ARMY(r, o, "winner") : -1;
    x->seed = rd_seed(r, o);
    if (rd_has(o, "streams")) { /* present only as "division", and seeded */
        char sw[16];
        rd_str(r, o, "streams", sw, sizeof sw);
        if (r->st == MU_OK && (strcmp(sw, "division") || !x->seed.has))
            rd_fail(r, "streams", "\"division\" with a seed");
        x->streams = true;
    }
    const ej_val *list = rd_array(r, o, "returns");
    x->returns = rd_alloc(r, list, sizeof *x->returns, &x->nreturns);
    for (int i = 0; x->returns && i < ej_count(list) && r->st == MU_OK;
         i++) {
        const ej_val *t = ej_at(list, i);
        ev_return *v = &x->returns[x->nreturns++];
        if ((v->hidden = rd_hidden_entry(r, t, &v->division, &v->side)))
            continue;
        v->division = rd_int(r, t, "division", 1, INT32_MAX);
        v->side = RD_ARMY(r, t, "side");
        v->brigade = rd_int(r, t, "brigade", 1, MU_MAX_BRIGADES);
        v->lost = rd_int(r, t, "lost", 1, INT32_MAX);
        v->rate = rd_share(r, t, "rate");
        v->whole = rd_int(r, t, "whole", 0, INT32_MAX);
        v->threshold = rd_int(r, t, "threshold", 0, 99);
        v->roll = v->threshold ? rd_int(r, t, "roll", 1, 100)
                               : rd_int_or_null(r, t, "roll", 1, 100, 0);
        v->returned = rd_int(r, t, "returned", 0, INT32_MAX);
    }
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

#ifndef MU_EV_READ_ONLY
/* The fields leader-lost and downgrade share, up to "was". */
static void post_encode(const camp_ev *e, cJSON *o)
{
    const ev_leader *x = &e->u.leader;
    cJSON_AddStringToObject(o, "side", mu_army_name(x->side));
    cJSON_AddStringToObject(o, "post", ev_post_word((int)x->post));
    if (x->post == MU_POST_BRIGADE)
        cJSON_AddNumberToObject(o, "brigade", x->brigade);
    if (x->post == MU_POST_CORPS)
        cJSON_AddStringToObject(o, "corps", x->corps);
    cJSON_AddStringToObject(o, "was", mu_rating_name(x->was));
}
#endif

static void post_decode(ev_reader *r, const ej_val *o, ev_leader *x)
{
    x->side = RD_ARMY(r, o, "side");
    x->post = (mu_post)rd_word(r, o, "post", ev_post_word, 3);
    if (r->st == MU_OK && x->post == MU_POST_BRIGADE)
        x->brigade = rd_int(r, o, "brigade", 1, MU_MAX_BRIGADES);
    if (r->st == MU_OK && x->post == MU_POST_CORPS)
        rd_str(r, o, "corps", x->corps, sizeof x->corps);
    x->was = RD_RATING(r, o, "was");
}

#ifndef MU_EV_READ_ONLY
static void lost_encode(const camp_ev *e, cJSON *o)
{
    const ev_leader *x = &e->u.leader;
    post_encode(e, o);
    put_seed(o, x->seed);
    cJSON_AddNumberToObject(o, "roll", x->roll);
    cJSON_AddStringToObject(o, "rolled", mu_rating_name(x->rolled));
    cJSON_AddStringToObject(o, "rating", mu_rating_name(x->rating));
    if (x->post == MU_POST_CORPS)
        put_int_or_null(o, "attached", x->attached, x->attached != 0);
    if (x->captured) {
        cJSON_AddBoolToObject(o, "captured", true);
        put_camp(o, ev_other_side(x->side), x->camp);
    }
}
#endif

static void lost_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    ev_leader *x = &e->u.leader;
    post_decode(r, o, x);
    x->seed = rd_seed(r, o);
    x->roll = rd_int(r, o, "roll", 1, 100);
    x->rolled = RD_RATING(r, o, "rolled");
    x->rating = RD_RATING(r, o, "rating");
    if (x->post == MU_POST_CORPS)
        x->attached = rd_int_or_null(r, o, "attached", 1, INT32_MAX, 0);
    x->captured = rd_has(o, "captured") && rd_bool(r, o, "captured");
    if (r->st == MU_OK && rd_has(o, "captured") && !x->captured)
        rd_fail(r, "captured", "is false, which is never written");
    if (r->st == MU_OK && x->captured && x->post == MU_POST_CORPS)
        rd_fail(r, "captured", "is given for a corps leader");
    if (x->captured)
        rd_camp(r, o, ev_other_side(x->side), x->camp);
    else if (rd_has(o, "camp"))
        rd_fail(r, "camp", "is given though no one was captured");
}

#ifndef MU_EV_READ_ONLY
static void downgrade_encode(const camp_ev *e, cJSON *o)
{
    const ev_leader *x = &e->u.leader;
    post_encode(e, o);
    cJSON_AddStringToObject(o, "rating", mu_rating_name(x->rating));
    cJSON_AddNumberToObject(o, "owed", x->owed);
    if (x->post == MU_POST_CORPS)
        cJSON_AddNumberToObject(o, "attached", x->attached);
}
#endif

static void downgrade_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    ev_leader *x = &e->u.leader;
    post_decode(r, o, x);
    x->rating = RD_RATING(r, o, "rating");
    if (r->st == MU_OK && x->rating != MU_DESPICABLE)
        rd_fail(r, "rating", "is not despicable");
    x->owed = rd_int(r, o, "owed", 0, INT32_MAX);
    if (x->post == MU_POST_CORPS)
        x->attached = rd_int(r, o, "attached", 1, INT32_MAX);
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

#ifndef MU_EV_READ_ONLY
static void penalty_encode(const camp_ev *e, cJSON *o)
{
    cJSON_AddStringToObject(o, "side", mu_army_name(e->u.penalty.side));
    cJSON_AddNumberToObject(o, "owed", e->u.penalty.owed);
}
#endif

static void penalty_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    e->u.penalty.side = RD_ARMY(r, o, "side");
    e->u.penalty.owed = rd_int(r, o, "owed", 1, INT32_MAX);
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

#ifndef MU_EV_READ_ONLY
static void fair_ev_encode(const camp_ev *e, cJSON *o)
{
    const ev_fair *x = &e->u.fair;
    cJSON_AddStringToObject(o, "name", x->name);
    cJSON_AddStringToObject(o, "side", mu_army_name(x->side));
    cJSON_AddStringToObject(o, "commitment", x->commitment);
    if (e->kind != EV_CONTRIBUTE)
        return;
    cJSON_AddStringToObject(o, "contribution", x->contribution);
    put_int_or_null(o, "battle", x->battle, x->battle != 0);
    if (!x->battle)
        return;
    cJSON_AddNumberToObject(o, "year", x->year);
    cJSON_AddStringToObject(o, "theater", mu_theater_name(x->theater));
}
#endif

static void fair_ev_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    ev_fair *x = &e->u.fair;
    rd_str(r, o, "name", x->name, sizeof x->name);
    x->side = RD_ARMY(r, o, "side");
    rd_hex(r, o, "commitment", x->commitment, sizeof x->commitment);
    if (e->kind != EV_CONTRIBUTE)
        return;
    rd_hex(r, o, "contribution", x->contribution, sizeof x->contribution);
    x->battle = rd_int_or_null(r, o, "battle", 1, INT32_MAX, 0);
    if (!x->battle)
        return;
    x->year = rd_int(r, o, "year", MU_YEAR_FIRST, MU_YEAR_LAST);
    x->theater = (mu_theater)rd_word(r, o, "theater", ev_theater_word, 2);
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

#ifndef MU_EV_READ_ONLY
static void advance_encode(const camp_ev *e, cJSON *o)
{
    cJSON_AddNumberToObject(o, "was", e->u.advance.was);
    cJSON_AddNumberToObject(o, "year", e->u.advance.year);
}
#endif

static void advance_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    e->u.advance.was = rd_int(r, o, "was", MU_YEAR_FIRST, MU_YEAR_LAST);
    e->u.advance.year = rd_int(r, o, "year", MU_YEAR_FIRST, MU_YEAR_LAST);
}

static void advance_text(const camp_ev *e, sbuf *sb)
{
    mu_buf_printf(sb, _("advance: the campaign goes from %d to %d"),
                  e->u.advance.was, e->u.advance.year);
}

/* ---- undo --------------------------------------------------------------- */

static const char *ev_kind_word(int i) { return camp_ev_types[i].name; }

#ifndef MU_EV_READ_ONLY
static void undo_encode(const camp_ev *e, cJSON *o)
{
    cJSON_AddNumberToObject(o, "event", (double)e->u.undo.event);
    cJSON_AddStringToObject(o, "kind", camp_ev_types[e->u.undo.kind].name);
    put_int_or_null(o, "division", e->division, e->division != 0);
}
#endif

static void undo_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    e->u.undo.event = rd_int(r, o, "event", 1, INT32_MAX);
    /* a log entry's own "kind" is "undo": the undone one's is beside it */
    e->u.undo.kind = (camp_ev_kind)rd_word(r, o, r->shown ? "undone_kind"
                                                          : "kind",
                                           ev_kind_word, EV_NKINDS);
    e->division = rd_int_or_null(r, o, "division", 1, INT32_MAX, 0);
}

const char *camp_ev_kind_word(camp_ev_kind k)
{
    switch (k) {
    case EV_NEW: return P_("log", "new");
    case EV_ADD: return P_("log", "add");
    case EV_ENGAGE: return P_("log", "engage");
    case EV_REVEAL: return P_("log", "reveal");
    case EV_BATTLE_START: return P_("log", "battle-start");
    case EV_BATTLE_END: return P_("log", "battle-end");
    case EV_CASUALTIES: return P_("log", "casualties");
    case EV_EXCHANGE: return P_("log", "exchange");
    case EV_LIBERATE: return P_("log", "liberate");
    case EV_LEADER_LOST: return P_("log", "leader-lost");
    case EV_DOWNGRADE: return P_("log", "downgrade");
    case EV_PENALTY: return P_("log", "penalty");
    case EV_FAIR_COMMIT: return P_("log", "fair-commit");
    case EV_CONTRIBUTE: return P_("log", "contribute");
    case EV_ADVANCE: return P_("log", "advance");
    case EV_UNDO: return P_("log", "undo");
    case EV_TABLES: return P_("log", "tables");
    case EV_DEFAULT_CAMP: return P_("log", "default-camp");
    case EV_NAME: return P_("log", "name");
    case EV_OFFER: return P_("log", "offer");
    case EV_ACCEPT: return P_("log", "accept");
    case EV_DECLINE: return P_("log", "decline");
    case EV_WITHDRAW: return P_("log", "withdraw");
    case EV_NKINDS: break;
    }
    return "?"; /* no event has it: camp_ev_kind_of knows the kinds */
}

static void undo_text(const camp_ev *e, sbuf *sb)
{
    char id[24];
    snprintf(id, sizeof id, "%" PRId64, e->u.undo.event);
    mu_buf_printf(sb, _("undo of #%s (%s): the ledger stands as if it had "
                        "never happened"), id, camp_ev_kind_word(e->u.undo.kind));
}

/* ---- tables ------------------------------------------------------------- */

#ifndef MU_EV_READ_ONLY
static void tables_encode(const camp_ev *e, cJSON *o)
{
    cJSON_AddStringToObject(o, "sha256", e->u.tables.sha256);
}
#endif

static void tables_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    rd_hex(r, o, "sha256", e->u.tables.sha256, sizeof e->u.tables.sha256);
}

static void tables_text(const camp_ev *e, sbuf *sb)
{
    mu_buf_printf(sb, _("tables: the campaign's own tables, SHA-256 %s, are in the "
                        "chain from here on"), e->u.tables.sha256);
}

/* ---- name --------------------------------------------------------------- */

#ifndef MU_EV_READ_ONLY
static void name_encode(const camp_ev *e, cJSON *o)
{
    const ev_name *x = &e->u.name;
    cJSON_AddNumberToObject(o, "brigade", x->brigade);
    cJSON_AddStringToObject(o, "name", x->name);
    if (*x->was)
        cJSON_AddStringToObject(o, "was", x->was);
    else
        cJSON_AddNullToObject(o, "was");
}
#endif

static void name_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    ev_name *x = &e->u.name;
    x->brigade = rd_int(r, o, "brigade", 0, MU_MAX_BRIGADES);
    rd_str(r, o, "name", x->name, sizeof x->name);
    const ej_val *w = rd_item(r, o, "was");
    if (w && !ej_is(w, EJ_NULL))
        rd_str(r, o, "was", x->was, sizeof x->was);
    if (r->st == MU_OK && !*x->name)
        rd_fail(r, "name", "is empty");
    if (r->st == MU_OK && w && !ej_is(w, EJ_NULL) && !*x->was)
        rd_fail(r, "was", "is empty (null for no name)");
    if (r->st == MU_OK && x->brigade == 0 && !*x->was)
        rd_fail(r, "was", "is null, but a division always has a name");
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

const camp_ev_type camp_ev_types[EV_NKINDS] = {
    [EV_NEW] = {"new", EV_DIV_NONE, EV_ENC(new_encode), new_decode, new_text},
    [EV_ADD] = {"add", EV_DIV_FIRST, EV_ENC(add_encode), add_decode, add_text},
    [EV_ENGAGE] = {"engage", EV_DIV_FIRST, EV_ENC(engage_encode), engage_decode,
                   engage_text},
    [EV_REVEAL] = {"reveal", EV_DIV_FIRST, EV_ENC(reveal_encode), reveal_decode,
                   reveal_text},
    [EV_BATTLE_START] = {"battle-start", EV_DIV_NONE, EV_ENC(start_encode),
                         start_decode, start_text},
    [EV_BATTLE_END] = {"battle-end", EV_DIV_NONE, EV_ENC(end_encode), end_decode,
                       end_text},
    [EV_CASUALTIES] = {"casualties", EV_DIV_INSIDE, EV_ENC(ev_cas_encode), ev_cas_decode,
                       ev_cas_text},
    [EV_EXCHANGE] = {"exchange", EV_DIV_NONE, EV_ENC(ev_exchange_encode),
                     ev_exchange_decode, ev_exchange_text},
    [EV_LIBERATE] = {"liberate", EV_DIV_NONE, EV_ENC(ev_liberate_encode),
                     ev_liberate_decode, ev_liberate_text},
    [EV_LEADER_LOST] = {"leader-lost", EV_DIV_FIRST, EV_ENC(lost_encode),
                        lost_decode, leader_text},
    [EV_DOWNGRADE] = {"downgrade", EV_DIV_FIRST, EV_ENC(downgrade_encode),
                      downgrade_decode, leader_text},
    [EV_PENALTY] = {"penalty", EV_DIV_NONE, EV_ENC(penalty_encode), penalty_decode,
                    penalty_text},
    [EV_FAIR_COMMIT] = {"fair-commit", EV_DIV_FIRST, EV_ENC(fair_ev_encode),
                        fair_ev_decode, fair_ev_text},
    [EV_CONTRIBUTE] = {"contribute", EV_DIV_FIRST, EV_ENC(fair_ev_encode),
                       fair_ev_decode, fair_ev_text},
    [EV_ADVANCE] = {"advance", EV_DIV_NONE, EV_ENC(advance_encode), advance_decode,
                    advance_text},
    [EV_UNDO] = {"undo", EV_DIV_INSIDE, EV_ENC(undo_encode), undo_decode, undo_text},
    [EV_TABLES] = {"tables", EV_DIV_NONE, EV_ENC(tables_encode), tables_decode,
                   tables_text},
    [EV_DEFAULT_CAMP] = {"default-camp", EV_DIV_NONE, EV_ENC(ev_dcamp_encode),
                         ev_dcamp_decode, ev_dcamp_text},
    [EV_NAME] = {"name", EV_DIV_FIRST, EV_ENC(name_encode), name_decode, name_text},
    [EV_OFFER] = {"offer", EV_DIV_NONE, EV_ENC(ev_offer_encode), ev_offer_decode,
                  ev_offer_text},
    [EV_ACCEPT] = {"accept", EV_DIV_NONE, EV_ENC(ev_answer_encode), ev_answer_decode,
                   ev_answer_text},
    [EV_DECLINE] = {"decline", EV_DIV_NONE, EV_ENC(ev_answer_encode),
                    ev_answer_decode, ev_answer_text},
    [EV_WITHDRAW] = {"withdraw", EV_DIV_NONE, EV_ENC(ev_answer_encode),
                     ev_answer_decode, ev_answer_text},
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

#ifndef MU_EV_READ_ONLY
cJSON *camp_ev_encode_stamped(const camp_ev *e, const ev_stamp *st)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    const camp_ev_type *t = &camp_ev_types[e->kind];
    if (t->division == EV_DIV_FIRST)
        cJSON_AddNumberToObject(o, "division", e->division);
    t->encode(e, o);
    if (st->has_author)
        cJSON_AddStringToObject(o, "author", ev_author_word(st->author + 1));
    if (st->has_time)
        cJSON_AddStringToObject(o, "time", st->time);
    return o;
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

/* "author" and "time", each absent in an event recorded before them. */
static void stamp_decode(ev_reader *r, const ej_val *o, ev_stamp *st)
{
    if ((st->has_author = rd_has(o, "author")))
        st->author = rd_word(r, o, "author", ev_author_word, 3) - 1;
    if ((st->has_time = rd_has(o, "time"))) {
        int64_t secs;
        rd_str(r, o, "time", st->time, sizeof st->time);
        if (r->st == MU_OK && !camp_time_parse(st->time, &secs))
            rd_fail(r, "time", "is not a UTC time to the second "
                    "(2026-12-01T19:30:00Z)");
    }
}

/* The payload o of a kind already set in e, by r. */
static void decode_payload(ev_reader *r, const ej_val *o, camp_ev *e)
{
    const camp_ev_type *t = &camp_ev_types[e->kind];
    if (t->division == EV_DIV_FIRST)
        e->division = rd_int(r, o, "division", 1, INT32_MAX);
    t->decode(r, o, e);
    stamp_decode(r, o, &e->stamp);
}

#ifndef MU_EV_READ_ONLY
mu_status camp_ev_decode(const char *path, int64_t id, const char *kind,
                         int division, const char *text, camp_ev *e,
                         mu_error *err)
{
    memset(e, 0, sizeof *e);
    e->id = id;
    ev_reader r = {path, id, kind ? kind : "?", text, MU_OK, err, false};
    if (!kind || !camp_ev_kind_of(kind, &e->kind))
        return err_at(err, MU_EIO, path, 0, "event %" PRId64 " is damaged: "
                      "unknown kind '%s'", id, kind ? kind : "");
    cJSON *o = text ? cJSON_Parse(text) : NULL;
    if (!cJSON_IsObject(o)) {
        cJSON_Delete(o);
        return err_at(err, MU_EIO, path, 0, "event %" PRId64 " (%s) is "
                      "damaged: its data is not a JSON object", id, kind);
    }
    decode_payload(&r, EJ_OF(o), e);
    cJSON_Delete(o);
    if (r.st == MU_OK && e->division != division)
        rd_fail(&r, "division", "differs from the division the event is "
                "filed under");
    if (r.st != MU_OK)
        camp_ev_clear(e);
    return r.st;
}
#endif

/* A shown entry's fields after "id" and "kind", as the payload they came
 * from (an undo's "undone_kind" read as its "kind"). */
static void shown_payload(ev_reader *r, const ej_val *o, camp_ev *e)
{
    /* hidden whole: no "side" (an engage's own "hidden" comes with one) */
    if (ej_is(ej_get(o, "hidden"), EJ_TRUE) && !rd_has(o, "side")) {
        e->hidden = true;
        e->division = rd_int(r, o, "division", 1, INT32_MAX);
        if (e->kind == EV_ENGAGE) {
            rd_str(r, o, "name", e->u.engage.name, sizeof e->u.engage.name);
            rd_hex(r, o, "commitment", e->u.engage.commitment,
                   sizeof e->u.engage.commitment);
        }
        return;
    }
    decode_payload(r, o, e);
}

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
    ev_reader r = {path, e->id, camp_ev_types[e->kind].name, raw, MU_OK, err,
                   true};
    shown_payload(&r, o, e);
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
