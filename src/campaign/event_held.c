/* SPDX-License-Identifier: MIT */
/* event_held.c -- the prisoners' event kinds (event.h):
 * casualties (stands and batteries taken, and the camp holding them),
 * exchange and liberate (who went home, from where), default-camp (where
 * a side holds what it takes when no camp is named). Their encode, decode
 * and text functions are rows of camp_ev_types[] (event.c),
 * declared in evfield.h; the fields are read and written with
 * evfield.c's helpers. */
#include "evfield.h"
#include "lang.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- casualties --------------------------------------------------------- */

#ifndef MU_EV_READ_ONLY
void ev_cas_encode(const camp_ev *e, cJSON *o)
{
    /* "battle" comes before "division" here: the payload's order since the
     * first schema, kept so that old and new logs read the same. */
    const ev_casualties *x = &e->u.cas;
    cJSON_AddNumberToObject(o, "battle", x->battle);
    cJSON_AddNumberToObject(o, "division", e->division);
    cJSON_AddStringToObject(o, "side", mu_army_name(x->side));
    cJSON_AddNumberToObject(o, "brigade", x->brigade);
    cJSON_AddNumberToObject(o, "lost", x->lost);
    cJSON_AddNumberToObject(o, "captured", x->captured);
    if (x->batteries)
        cJSON_AddNumberToObject(o, "batteries", x->batteries);
    if (x->batteries_lost)
        cJSON_AddNumberToObject(o, "batteries_lost", x->batteries_lost);
    if (x->captured || x->batteries)
        put_camp(o, ev_other_side(x->side), x->camp);
}
#endif

void ev_cas_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    ev_casualties *x = &e->u.cas;
    x->battle = rd_int(r, o, "battle", 1, INT32_MAX);
    e->division = rd_int(r, o, "division", 1, INT32_MAX);
    x->side = RD_ARMY(r, o, "side");
    x->brigade = rd_int(r, o, "brigade", 0, MU_MAX_BRIGADES);
    x->lost = rd_int(r, o, "lost", 0, MU_MAX_STANDS);
    x->captured = rd_int(r, o, "captured", 0, MU_MAX_STANDS);
    x->batteries = rd_int_opt(r, o, "batteries", 1, EV_MAX_BATTERIES, 0);
    x->batteries_lost = rd_int_opt(r, o, "batteries_lost", 1,
                                   EV_MAX_BATTERIES, 0);
    if (x->captured || x->batteries)
        rd_camp(r, o, ev_other_side(x->side), x->camp);
    else if (rd_has(o, "camp"))
        rd_fail(r, "camp", "is given though nothing was captured");
    if (r->st == MU_OK && (x->brigade == 0) != (x->lost + x->captured == 0))
        rd_fail(r, "brigade", "does not go with the stands lost and captured");
    if (r->st == MU_OK &&
        x->lost + x->captured + x->batteries + x->batteries_lost == 0)
        rd_fail(r, "lost", "is 0 and nothing else was lost either");
}

void ev_cas_text(const camp_ev *e, sbuf *sb)
{
    const ev_casualties *x = &e->u.cas;
    mu_buf_printf(sb, _("casualties in battle %d: %s division %d"), x->battle,
                  ev_side_text(x->side), e->division);
    if (x->brigade)
        mu_buf_printf(sb, _(" brigade %d, %d lost, %d captured"), x->brigade, x->lost,
                      x->captured);
    if (x->batteries)
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, ", %d battery captured",
                                    ", %d batteries captured",
                                    (unsigned long)x->batteries), x->batteries);
    if (x->batteries_lost)
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, ", %d battery destroyed",
                                    ", %d batteries destroyed",
                                    (unsigned long)x->batteries_lost),
                      x->batteries_lost);
    if ((x->captured || x->batteries) &&
        strcmp(x->camp, mu_camp_default(ev_other_side(x->side))))
        mu_buf_printf(sb, _(", held in %s"), x->camp);
}

/* ---- prisoners going home ----------------------------------------------- */

#ifndef MU_EV_READ_ONLY
static void freed_encode(const ev_release *x, cJSON *o)
{
    cJSON *a = cJSON_AddArrayToObject(o, "stands");
    for (int i = 0; i < x->n; i++) {
        if (x->stands[i].hidden) {
            cJSON_AddNumberToObject(put_hidden_entry(a, x->stands[i].division,
                                                     x->stands[i].side),
                                    "stands", x->stands[i].stands);
            continue;
        }
        cJSON *f = cJSON_CreateObject();
        cJSON_AddNumberToObject(f, "division", x->stands[i].division);
        cJSON_AddStringToObject(f, "side", mu_army_name(x->stands[i].side));
        cJSON_AddNumberToObject(f, "brigade", x->stands[i].brigade);
        cJSON_AddNumberToObject(f, "stands", x->stands[i].stands);
        cJSON_AddItemToArray(a, f);
    }
    if (x->nleaders) {
        a = cJSON_AddArrayToObject(o, "leaders");
        for (int i = 0; i < x->nleaders; i++) {
            const ev_freed_leader *l = &x->leaders[i];
            if (l->hidden) {
                put_hidden_entry(a, l->division, l->side);
                continue;
            }
            cJSON *f = cJSON_CreateObject();
            cJSON_AddNumberToObject(f, "division", l->division);
            cJSON_AddStringToObject(f, "side", mu_army_name(l->side));
            cJSON_AddStringToObject(f, "post", ev_post_word((int)l->post));
            if (l->post == MU_POST_BRIGADE)
                cJSON_AddNumberToObject(f, "brigade", l->brigade);
            cJSON_AddStringToObject(f, "rating", mu_rating_name(l->rating));
            cJSON_AddItemToArray(a, f);
        }
    }
    if (x->nbatteries) {
        a = cJSON_AddArrayToObject(o, "batteries");
        for (int i = 0; i < x->nbatteries; i++) {
            cJSON *f = cJSON_CreateObject();
            cJSON_AddNumberToObject(f, "division", x->batteries[i].division);
            cJSON_AddStringToObject(f, "side",
                                    mu_army_name(x->batteries[i].side));
            cJSON_AddNumberToObject(f, "batteries", x->batteries[i].stands);
            cJSON_AddItemToArray(a, f);
        }
    }
}
#endif

static void freed_leaders_decode(ev_reader *r, const ej_val *o, ev_release *x)
{
    if (!rd_has(o, "leaders"))
        return;
    const ej_val *list = rd_array(r, o, "leaders");
    x->leaders = rd_alloc(r, list, sizeof *x->leaders, &x->nleaders);
    if (r->st == MU_OK && !x->leaders)
        rd_fail(r, "leaders", "is an empty list, which is never written");
    for (int i = 0; x->leaders && i < ej_count(list) && r->st == MU_OK;
         i++) {
        const ej_val *f = ej_at(list, i);
        ev_freed_leader *v = &x->leaders[x->nleaders++];
        if ((v->hidden = rd_hidden_entry(r, f, &v->division, &v->side)))
            continue;
        v->division = rd_int(r, f, "division", 1, INT32_MAX);
        v->side = RD_ARMY(r, f, "side");
        v->post = (mu_post)rd_word(r, f, "post", ev_post_word, 2);
        if (r->st == MU_OK && v->post == MU_POST_BRIGADE)
            v->brigade = rd_int(r, f, "brigade", 1, MU_MAX_BRIGADES);
        v->rating = RD_RATING(r, f, "rating");
    }
}

static void freed_decode(ev_reader *r, const ej_val *o, ev_release *x)
{
    const ej_val *list = rd_array(r, o, "stands");
    x->stands = rd_alloc(r, list, sizeof *x->stands, &x->n);
    for (int i = 0; x->stands && i < ej_count(list) && r->st == MU_OK;
         i++) {
        const ej_val *f = ej_at(list, i);
        ev_freed *v = &x->stands[x->n++];
        v->hidden = rd_hidden_entry(r, f, &v->division, &v->side);
        if (v->hidden) {
            v->stands = rd_int(r, f, "stands", 1, INT32_MAX);
            continue;
        }
        v->division = rd_int(r, f, "division", 1, INT32_MAX);
        v->side = RD_ARMY(r, f, "side");
        v->brigade = rd_int(r, f, "brigade", 1, MU_MAX_BRIGADES);
        v->stands = rd_int(r, f, "stands", 1, INT32_MAX);
    }
    freed_leaders_decode(r, o, x);
    if (r->st != MU_OK || !rd_has(o, "batteries"))
        return;
    list = rd_array(r, o, "batteries");
    x->batteries = rd_alloc(r, list, sizeof *x->batteries, &x->nbatteries);
    if (r->st == MU_OK && !x->batteries)
        rd_fail(r, "batteries", "is an empty list, which is never written");
    for (int i = 0; x->batteries && i < ej_count(list) && r->st == MU_OK;
         i++) {
        const ej_val *f = ej_at(list, i);
        ev_freed *v = &x->batteries[x->nbatteries++];
        v->division = rd_int(r, f, "division", 1, INT32_MAX);
        v->side = RD_ARMY(r, f, "side");
        v->stands = rd_int(r, f, "batteries", 1, INT32_MAX);
    }
}

/* Stands freed, by division and brigade; a division hidden from the viewer
 * as one entry with its total (the stands went home in plain sight, the
 * brigades they rejoin are its secret). Then leaders (a hidden division's
 * as "a leader") and batteries. */
static void freed_text(const ev_release *x, sbuf *sb)
{
    int k = 0;
    for (int i = 0; i < x->n; i++, k++) {
        const ev_freed *f = &x->stands[i];
        mu_buf_puts(sb, k ? ", " : " (");
        mu_buf_printf(sb, _("%s division %d"), ev_side_text(f->side), f->division);
        if (f->hidden)
            mu_buf_printf(sb, _(" (hidden): %d"), f->stands);
        else
            mu_buf_printf(sb, _(" brigade %d: %d"), f->brigade, f->stands);
    }
    for (int i = 0; i < x->nleaders; i++, k++) {
        const ev_freed_leader *l = &x->leaders[i];
        mu_buf_puts(sb, k ? ", " : " (");
        mu_buf_printf(sb, _("%s division %d"), ev_side_text(l->side), l->division);
        mu_buf_puts(sb, " ");
        if (l->hidden)
            mu_buf_puts(sb, _("(hidden): a leader"));
        else if (l->post == MU_POST_BRIGADE)
            mu_buf_printf(sb, _("brigade %d: its brigadier (%s)"), l->brigade,
                          ev_rating_text(l->rating));
        else
            mu_buf_printf(sb, _("leader (%s)"), ev_rating_text(l->rating));
    }
    for (int i = 0; i < x->nbatteries; i++, k++) {
        const ev_freed *f = &x->batteries[i];
        mu_buf_puts(sb, k ? ", " : " (");
        mu_buf_printf(sb, _("%s division %d"), ev_side_text(f->side), f->division);
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, ": %d battery", ": %d batteries",
                                    (unsigned long)f->stands), f->stands);
    }
    if (k)
        mu_buf_puts(sb, ")");
}


#ifndef MU_EV_READ_ONLY
/* An exchange's counts: what it asks for. */
static void counts_encode(const ev_release *x, cJSON *o)
{
    cJSON_AddNumberToObject(o, "union", x->union_stands);
    cJSON_AddNumberToObject(o, "confederate", x->confederate_stands);
    put_count(o, "union_leaders", x->union_leaders);
    put_count(o, "confederate_leaders", x->confederate_leaders);
    put_count(o, "union_batteries", x->union_batteries);
    put_count(o, "confederate_batteries", x->confederate_batteries);
}
#endif

static void counts_decode(ev_reader *r, const ej_val *o, ev_release *x)
{
    x->union_stands = rd_int(r, o, "union", 0, INT32_MAX);
    x->confederate_stands = rd_int(r, o, "confederate", 0, INT32_MAX);
    x->union_leaders = rd_int_opt(r, o, "union_leaders", 1, INT32_MAX, 0);
    x->confederate_leaders = rd_int_opt(r, o, "confederate_leaders", 1,
                                        INT32_MAX, 0);
    x->union_batteries = rd_int_opt(r, o, "union_batteries", 1, INT32_MAX, 0);
    x->confederate_batteries = rd_int_opt(r, o, "confederate_batteries", 1,
                                          INT32_MAX, 0);
}

#ifndef MU_EV_READ_ONLY
static void exchange_encode(const ev_release *x, cJSON *o)
{
    counts_encode(x, o);
    freed_encode(x, o);
}

void ev_exchange_encode(const camp_ev *e, cJSON *o)
{
    exchange_encode(&e->u.release, o);
}
#endif

static void exchange_decode(ev_reader *r, const ej_val *o, ev_release *x)
{
    counts_decode(r, o, x);
    freed_decode(r, o, x);
}

void ev_exchange_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    exchange_decode(r, o, &e->u.release);
}

/* ", 1 leader, 2 batteries" when there are any. */
static void more_text(int leaders, int batteries, sbuf *sb)
{
    if (leaders)
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, ", %d leader", ", %d leaders",
                                    (unsigned long)leaders), leaders);
    if (batteries)
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, ", %d battery", ", %d batteries",
                                    (unsigned long)batteries), batteries);
}

/* "1 Union stand", "2 Confederate batteries": part i of an exchange. */
static void what_text(int i, int n, sbuf *sb)
{
    unsigned long k = (unsigned long)n;
    const char *f =
        i == 0 ? dngettext(LANG_DOMAIN, "%d Union stand", "%d Union stands", k)
        : i == 1 ? dngettext(LANG_DOMAIN, "%d Union leader", "%d Union leaders", k)
        : i == 2 ? dngettext(LANG_DOMAIN, "%d Union battery", "%d Union batteries", k)
        : i == 3 ? dngettext(LANG_DOMAIN, "%d Confederate stand",
                             "%d Confederate stands", k)
        : i == 4 ? dngettext(LANG_DOMAIN, "%d Confederate leader",
                             "%d Confederate leaders", k)
                 : dngettext(LANG_DOMAIN, "%d Confederate battery",
                             "%d Confederate batteries", k);
    mu_buf_printf(sb, f, n);
}

static void exchange_text(const ev_release *x, sbuf *sb)
{
    int u = x->union_stands, k = x->confederate_stands;
    if (!x->union_leaders && !x->confederate_leaders && !x->union_batteries &&
        !x->confederate_batteries) { /* as every exchange read before camps */
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, "exchange: %d Union stand and ",
                                    "exchange: %d Union stands and ", (unsigned long)u), u);
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, "%d Confederate stand go home",
                                    "%d Confederate stands go home", (unsigned long)k), k);
        freed_text(x, sb);
        return;
    }
    /* Only what was asked for: "1 Union stand and 1 Confederate leader". */
    const int n[6] = {u, x->union_leaders, x->union_batteries, k,
                      x->confederate_leaders, x->confederate_batteries};
    int parts = 0, last = 0, sum = 0;
    for (int i = 0; i < 6; i++)
        if (n[i]) {
            parts++;
            last = i;
            sum += n[i] > 1 ? 2 : 1;
        }
    mu_buf_puts(sb, _("exchange:"));
    for (int i = 0, done = 0; i < 6; i++)
        if (n[i]) {
            mu_buf_puts(sb, done++ == 0 ? " " : i == last ? _(" and ") : ", ");
            what_text(i, n[i], sb);
        }
    mu_buf_puts(sb, parts == 1 && sum == 1 ? _(" goes home") : _(" go home"));
    freed_text(x, sb);
}

void ev_exchange_text(const camp_ev *e, sbuf *sb)
{
    exchange_text(&e->u.release, sb);
}

#ifndef MU_EV_READ_ONLY
/* A liberation's side and camp: what it asks for. */
static void whose_encode(const ev_release *x, cJSON *o)
{
    cJSON_AddStringToObject(o, "side", mu_army_name(x->side));
    if (x->has_camp)
        cJSON_AddStringToObject(o, "camp", x->camp);
}

static void liberate_encode(const ev_release *x, cJSON *o)
{
    whose_encode(x, o);
    cJSON_AddNumberToObject(o, "total", x->total);
    freed_encode(x, o);
}

void ev_liberate_encode(const camp_ev *e, cJSON *o)
{
    liberate_encode(&e->u.release, o);
}
#endif

static void whose_decode(ev_reader *r, const ej_val *o, ev_release *x)
{
    x->side = RD_ARMY(r, o, "side");
    x->has_camp = rd_has(o, "camp");
    if (x->has_camp)
        rd_str(r, o, "camp", x->camp, sizeof x->camp);
    if (r->st == MU_OK && x->has_camp && !*x->camp)
        rd_fail(r, "camp", "is empty");
}

static void liberate_decode(ev_reader *r, const ej_val *o, ev_release *x)
{
    whose_decode(r, o, x);
    x->total = rd_int(r, o, "total", 0, INT32_MAX);
    freed_decode(r, o, x);
    if (r->st == MU_OK && x->total + x->nleaders + x->nbatteries == 0)
        rd_fail(r, "total", "is 0 and no one else was freed either");
}

void ev_liberate_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    liberate_decode(r, o, &e->u.release);
}

static void liberate_text(const ev_release *x, sbuf *sb)
{
    int n = x->total, nb = 0;
    for (int i = 0; i < x->nbatteries; i++)
        nb += x->batteries[i].stands;
    if (x->has_camp)
        mu_buf_printf(sb, _("liberation: %s, holding %s men, is freed, "), x->camp,
                      ev_side_text(x->side));
    else
        mu_buf_printf(sb, _("liberation: the camp holding %s men is freed, "),
                      ev_side_text(x->side));
    mu_buf_printf(sb, dngettext(LANG_DOMAIN, "%d stand", "%d stands",
                                (unsigned long)n), n);
    more_text(x->nleaders, nb, sb);
    mu_buf_puts(sb, n + x->nleaders + nb == 1 ? _(" rejoins") : _(" rejoin"));
    freed_text(x, sb);
}

void ev_liberate_text(const camp_ev *e, sbuf *sb)
{
    liberate_text(&e->u.release, sb);
}

/* ---- offers and their answers ------------------------------------------ */

static const char *of_word(int i) { return i ? "liberate" : "exchange"; }

#ifndef MU_EV_READ_ONLY
/* "offer" (an answer's), "of" and "by", the first fields of all four. */
static void head_encode(const camp_ev *e, cJSON *o)
{
    const ev_offer *x = &e->u.offer;
    if (e->kind != EV_OFFER)
        cJSON_AddNumberToObject(o, "offer", (double)x->offer);
    cJSON_AddStringToObject(o, "of", of_word(x->of == EV_LIBERATE));
    cJSON_AddStringToObject(o, "by", ev_author_word(x->by + 1));
}
#endif

static void head_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    ev_offer *x = &e->u.offer;
    if (e->kind != EV_OFFER)
        x->offer = rd_int(r, o, "offer", 1, INT32_MAX);
    x->of = rd_word(r, o, "of", of_word, 2) ? EV_LIBERATE : EV_EXCHANGE;
    x->by = rd_word(r, o, "by", ev_author_word, 3) - 1;
}

#ifndef MU_EV_READ_ONLY
void ev_offer_encode(const camp_ev *e, cJSON *o)
{
    head_encode(e, o);
    if (e->u.offer.of == EV_LIBERATE)
        whose_encode(&e->u.offer.release, o);
    else
        counts_encode(&e->u.offer.release, o);
}
#endif

void ev_offer_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    ev_offer *x = &e->u.offer;
    head_decode(r, o, e);
    if (r->st == MU_OK && x->by < 0)
        rd_fail(r, "by", "is the umpire, who records an exchange or "
                "liberation without an offer");
    if (x->of == EV_LIBERATE) {
        whose_decode(r, o, &x->release);
        return;
    }
    counts_decode(r, o, &x->release);
    const ev_release *c = &x->release;
    if (r->st == MU_OK && (int64_t)c->union_stands + c->confederate_stands +
                                  c->union_leaders + c->confederate_leaders +
                                  c->union_batteries +
                                  c->confederate_batteries == 0)
        rd_fail(r, "union", "is 0 and nothing else is asked for either");
}

#ifndef MU_EV_READ_ONLY
/* accept, decline and withdraw: an accept holds the release it made. */
void ev_answer_encode(const camp_ev *e, cJSON *o)
{
    head_encode(e, o);
    if (e->kind != EV_ACCEPT)
        return;
    if (e->u.offer.of == EV_LIBERATE)
        liberate_encode(&e->u.offer.release, o);
    else
        exchange_encode(&e->u.offer.release, o);
}
#endif

void ev_answer_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    head_decode(r, o, e);
    if (e->kind != EV_ACCEPT)
        return;
    if (e->u.offer.of == EV_LIBERATE)
        liberate_decode(r, o, &e->u.offer.release);
    else
        exchange_decode(r, o, &e->u.offer.release);
}

/* What an exchange offer asks for: "1 Union stand and 1 Confederate
 * leader", only the counts that are not 0. */
static void asked_text(const ev_release *x, sbuf *sb)
{
    const int n[6] = {x->union_stands, x->union_leaders, x->union_batteries,
                      x->confederate_stands, x->confederate_leaders,
                      x->confederate_batteries};
    int last = 0;
    for (int i = 0; i < 6; i++)
        if (n[i])
            last = i;
    for (int i = 0, done = 0; i < 6; i++)
        if (n[i]) {
            mu_buf_puts(sb, done++ == 0 ? "" : i == last ? _(" and ") : ", ");
            what_text(i, n[i], sb);
        }
}

void ev_offer_text(const camp_ev *e, sbuf *sb)
{
    const ev_offer *x = &e->u.offer;
    const ev_release *r = &x->release;
    bool u = x->by == MU_UNION;
    if (x->of == EV_EXCHANGE) {
        mu_buf_puts(sb, u ? _("offer by the Union: an exchange of ")
                    : _("offer by the Confederates: an exchange of "));
        asked_text(r, sb);
    } else {
        mu_buf_puts(sb, u ? _("offer by the Union: a liberation of ")
                    : _("offer by the Confederates: a liberation of "));
        if (r->has_camp)
            mu_buf_printf(sb, _("%s, holding %s men"), r->camp,
                          ev_side_text(r->side));
        else
            mu_buf_printf(sb, _("every camp holding %s men"),
                          ev_side_text(r->side));
    }
    mu_buf_puts(sb, u ? _(", for the Confederates to accept or decline")
                : _(", for the Union to accept or decline"));
}

void ev_answer_text(const camp_ev *e, sbuf *sb)
{
    const ev_offer *x = &e->u.offer;
    char id[24];
    snprintf(id, sizeof id, "%" PRId64, x->offer);
    int who = x->by < 0 ? 0 : x->by == MU_UNION ? 1 : 2;
    static const char *const fmt[3][3] = {
        {N_("offer #%s accepted by the umpire: "),
         N_("offer #%s accepted by the Union: "),
         N_("offer #%s accepted by the Confederates: ")},
        {N_("offer #%s declined by the umpire: no one goes home"),
         N_("offer #%s declined by the Union: no one goes home"),
         N_("offer #%s declined by the Confederates: no one goes home")},
        {N_("offer #%s withdrawn by the umpire: no one goes home"),
         N_("offer #%s withdrawn by the Union: no one goes home"),
         N_("offer #%s withdrawn by the Confederates: no one goes home")}};
    int k = e->kind == EV_ACCEPT ? 0 : e->kind == EV_DECLINE ? 1 : 2;
    mu_buf_printf(sb, _(fmt[k][who]), id);
    if (e->kind == EV_ACCEPT && x->of == EV_LIBERATE)
        liberate_text(&x->release, sb);
    else if (e->kind == EV_ACCEPT)
        exchange_text(&x->release, sb);
}

/* ---- default camps ------------------------------------------------------ */

#ifndef MU_EV_READ_ONLY
void ev_dcamp_encode(const camp_ev *e, cJSON *o)
{
    const ev_default_camp *x = &e->u.dcamp;
    cJSON_AddStringToObject(o, "side", mu_army_name(x->side));
    cJSON_AddStringToObject(o, "camp", x->camp);
    cJSON_AddStringToObject(o, "was", x->was);
}
#endif

void ev_dcamp_decode(ev_reader *r, const ej_val *o, camp_ev *e)
{
    ev_default_camp *x = &e->u.dcamp;
    x->side = RD_ARMY(r, o, "side");
    rd_str(r, o, "camp", x->camp, sizeof x->camp);
    rd_str(r, o, "was", x->was, sizeof x->was);
    if (r->st == MU_OK && (!*x->camp || !*x->was))
        rd_fail(r, *x->camp ? "was" : "camp", "is empty");
    if (r->st == MU_OK && !strcmp(x->camp, x->was))
        rd_fail(r, "camp", "is the camp it was already");
}

void ev_dcamp_text(const camp_ev *e, sbuf *sb)
{
    const ev_default_camp *x = &e->u.dcamp;
    mu_buf_printf(sb, x->side == MU_UNION
                          ? _("default camp: the Union holds what it takes in %s "
                              "unless another camp is named (it was %s)")
                          : _("default camp: the Confederates hold what they take "
                              "in %s unless another camp is named (it was %s)"),
                  x->camp, x->was);
}
