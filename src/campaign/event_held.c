/* SPDX-License-Identifier: MIT */
/* event_held.c -- the prisoners' event kinds (event.h):
 * casualties (stands and batteries taken, and the camp holding them),
 * exchange and liberate (who went home, from where), default-camp (where
 * a side holds what it takes when no camp is named). Their walks (codec)
 * and text functions are rows of camp_ev_types[] (event.c), declared in
 * evfield.h; the fields are written and read with evfield.c's cd_*. */
#include "evfield.h"
#include "lang.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- casualties --------------------------------------------------------- */

void ev_cas_cd(ev_cd *c, camp_ev *e)
{
    /* "battle" comes before "division" here: the payload's order since the
     * first schema, kept so that old and new logs read the same. */
    ev_casualties *x = &e->u.cas;
    x->battle = cd_int(c, "battle", x->battle, 1, INT32_MAX);
    e->division = cd_int(c, "division", e->division, 1, INT32_MAX);
    x->side = CD_ARMY(c, "side", x->side);
    x->brigade = cd_int(c, "brigade", x->brigade, 0, MU_MAX_BRIGADES);
    x->lost = cd_int(c, "lost", x->lost, 0, MU_MAX_STANDS);
    x->captured = cd_int(c, "captured", x->captured, 0, MU_MAX_STANDS);
    x->batteries = cd_count(c, "batteries", x->batteries, 1,
                            EV_MAX_BATTERIES);
    x->batteries_lost = cd_count(c, "batteries_lost", x->batteries_lost, 1,
                                 EV_MAX_BATTERIES);
    if (x->captured || x->batteries)
        cd_camp(c, ev_other_side(x->side), x->camp);
    else
        cd_check(c, cd_has(c, "camp", false), "camp",
                 "is given though nothing was captured");
    cd_check(c, (x->brigade == 0) != (x->lost + x->captured == 0), "brigade",
             "does not go with the stands lost and captured");
    cd_check(c, x->lost + x->captured + x->batteries + x->batteries_lost == 0,
             "lost", "is 0 and nothing else was lost either");
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

/* Stands going home; a hidden division's as one entry with its total. */
static void stands_cd(ev_cd *c, void *item)
{
    ev_freed *v = item;
    v->hidden = cd_hidden(c, v->hidden, &v->division, &v->side);
    if (!v->hidden) {
        v->division = cd_int(c, "division", v->division, 1, INT32_MAX);
        v->side = CD_ARMY(c, "side", v->side);
        v->brigade = cd_int(c, "brigade", v->brigade, 1, MU_MAX_BRIGADES);
    }
    v->stands = cd_int(c, "stands", v->stands, 1, INT32_MAX);
}

static void leader_cd(ev_cd *c, void *item)
{
    ev_freed_leader *v = item;
    v->hidden = cd_hidden(c, v->hidden, &v->division, &v->side);
    if (v->hidden)
        return;
    v->division = cd_int(c, "division", v->division, 1, INT32_MAX);
    v->side = CD_ARMY(c, "side", v->side);
    v->post = (mu_post)cd_word(c, "post", (int)v->post, ev_post_word, 2);
    if (v->post == MU_POST_BRIGADE)
        v->brigade = cd_int(c, "brigade", v->brigade, 1, MU_MAX_BRIGADES);
    v->rating = CD_RATING(c, "rating", v->rating);
}

static void battery_cd(ev_cd *c, void *item)
{
    ev_freed *v = item;
    v->division = cd_int(c, "division", v->division, 1, INT32_MAX);
    v->side = CD_ARMY(c, "side", v->side);
    v->stands = cd_int(c, "batteries", v->stands, 1, INT32_MAX);
}

/* Who went home: stands, then leaders and batteries when there are any. */
static void freed_cd(ev_cd *c, ev_release *x)
{
    x->stands = cd_entries(c, "stands", false, x->stands, sizeof *x->stands,
                           &x->n, stands_cd);
    x->leaders = cd_entries(c, "leaders", true, x->leaders,
                            sizeof *x->leaders, &x->nleaders, leader_cd);
    x->batteries = cd_entries(c, "batteries", true, x->batteries,
                              sizeof *x->batteries, &x->nbatteries,
                              battery_cd);
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

/* An exchange's counts: what it asks for. */
static void counts_cd(ev_cd *c, ev_release *x)
{
    x->union_stands = cd_int(c, "union", x->union_stands, 0, INT32_MAX);
    x->confederate_stands = cd_int(c, "confederate", x->confederate_stands,
                                   0, INT32_MAX);
    x->union_leaders = cd_count(c, "union_leaders", x->union_leaders, 1,
                                INT32_MAX);
    x->confederate_leaders = cd_count(c, "confederate_leaders",
                                      x->confederate_leaders, 1, INT32_MAX);
    x->union_batteries = cd_count(c, "union_batteries", x->union_batteries,
                                  1, INT32_MAX);
    x->confederate_batteries = cd_count(c, "confederate_batteries",
                                        x->confederate_batteries, 1,
                                        INT32_MAX);
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
    int64_t all = (int64_t)u + k + x->union_leaders + x->confederate_leaders +
                  x->union_batteries + x->confederate_batteries;
    mu_buf_puts(sb, _("exchange:"));
    mu_buf_puts(sb, " ");
    asked_text(x, sb);
    mu_buf_puts(sb, all == 1 ? _(" goes home") : _(" go home"));
    freed_text(x, sb);
}

/* A liberation's side and camp: what it asks for. */
static void whose_cd(ev_cd *c, ev_release *x)
{
    x->side = CD_ARMY(c, "side", x->side);
    x->has_camp = cd_has(c, "camp", x->has_camp);
    if (x->has_camp)
        cd_str(c, "camp", x->camp, sizeof x->camp);
    cd_check(c, x->has_camp && !*x->camp, "camp", "is empty");
}

/* An exchange or a liberation, or the one an accept made: what it asked
 * for, then who went home. */
static void release_cd(ev_cd *c, ev_release *x, bool liberate)
{
    if (!liberate) {
        counts_cd(c, x);
        freed_cd(c, x);
        return;
    }
    whose_cd(c, x);
    x->total = cd_int(c, "total", x->total, 0, INT32_MAX);
    freed_cd(c, x);
    cd_check(c, x->total + x->nleaders + x->nbatteries == 0, "total",
             "is 0 and no one else was freed either");
}

void ev_release_cd(ev_cd *c, camp_ev *e)
{
    release_cd(c, &e->u.release, e->kind == EV_LIBERATE);
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

static void release_text(const ev_release *x, bool liberate, sbuf *sb)
{
    if (liberate)
        liberate_text(x, sb);
    else
        exchange_text(x, sb);
}

void ev_release_text(const camp_ev *e, sbuf *sb)
{
    release_text(&e->u.release, e->kind == EV_LIBERATE, sb);
}

/* ---- offers and their answers ------------------------------------------ */

static const char *of_word(int i) { return i ? "liberate" : "exchange"; }

/* "offer" (an answer's), "of" and "by", the first fields of all four. */
static void head_cd(ev_cd *c, camp_ev *e)
{
    ev_offer *x = &e->u.offer;
    if (e->kind != EV_OFFER)
        x->offer = cd_id(c, "offer", x->offer);
    x->of = cd_word(c, "of", x->of == EV_LIBERATE, of_word, 2) ? EV_LIBERATE
                                                                : EV_EXCHANGE;
    x->by = cd_word(c, "by", x->by + 1, ev_author_word, 3) - 1;
}

void ev_offer_cd(ev_cd *c, camp_ev *e)
{
    ev_offer *x = &e->u.offer;
    const ev_release *r = &x->release;
    head_cd(c, e);
    cd_check(c, x->by < 0, "by", "is the umpire, who records an exchange or "
             "liberation without an offer");
    if (x->of == EV_LIBERATE) {
        whose_cd(c, &x->release);
        return;
    }
    counts_cd(c, &x->release);
    cd_check(c, (int64_t)r->union_stands + r->confederate_stands +
                        r->union_leaders + r->confederate_leaders +
                        r->union_batteries + r->confederate_batteries == 0,
             "union", "is 0 and nothing else is asked for either");
}

/* accept, decline and withdraw: an accept holds the release it made. */
void ev_answer_cd(ev_cd *c, camp_ev *e)
{
    head_cd(c, e);
    if (e->kind == EV_ACCEPT)
        release_cd(c, &e->u.offer.release, e->u.offer.of == EV_LIBERATE);
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
    if (e->kind == EV_ACCEPT)
        release_text(&x->release, x->of == EV_LIBERATE, sb);
}

/* ---- default camps ------------------------------------------------------ */

void ev_dcamp_cd(ev_cd *c, camp_ev *e)
{
    ev_default_camp *x = &e->u.dcamp;
    x->side = CD_ARMY(c, "side", x->side);
    cd_str(c, "camp", x->camp, sizeof x->camp);
    cd_str(c, "was", x->was, sizeof x->was);
    cd_check(c, !*x->camp || !*x->was, *x->camp ? "was" : "camp", "is empty");
    cd_check(c, !strcmp(x->camp, x->was), "camp",
             "is the camp it was already");
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
