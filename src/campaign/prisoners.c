/* SPDX-License-Identifier: MIT */
/* prisoners.c -- the seed's prisoners: "captured troops, leaders
 * and equipment ... can only be exchanged by mutual consent or they may be
 * freed if a POW camp is liberated". Stands, leaders and batteries are held
 * in named camps of their captor (prisoners, leaders_held, batteries_held);
 * each public call is one transaction (camp_tx). */
#include "campaign.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Everyone held, whatever they are: for camps and their captors. */
#define HELD_ALL                                                               \
    "(SELECT division, camp FROM prisoners UNION ALL SELECT division, camp "  \
    "FROM leaders_held UNION ALL SELECT division, camp FROM batteries_held)"

/* The captor's default camp: its player's choice (campaign.union_camp,
 * confederate_camp), else the built-in one. */
static mu_status camp_default_of(mu_campaign *c, mu_army captor,
                                 char out[CAMP_NAME_MAX + 1], mu_error *err)
{
    char *v = NULL;
    bool found;
    mu_status s = camp_text(c, &v, &found, err, captor == MU_UNION
                            ? "SELECT union_camp FROM campaign WHERE id = 1"
                            : "SELECT confederate_camp FROM campaign WHERE "
                              "id = 1", "");
    snprintf(out, CAMP_NAME_MAX + 1, "%s", v ? v : mu_camp_default(captor));
    free(v);
    if (s == MU_OK && !found)
        return camp_sql_fail(c, SQLITE_DONE, "reading the campaign", err);
    return s;
}

mu_status camp_resolve(mu_campaign *c, mu_army captor, const char *name,
                       char out[CAMP_NAME_MAX + 1], mu_error *err)
{
    if (!name)
        return camp_default_of(c, captor, out, err);
    char nm[CAMP_NAME_MAX + 1];
    mu_status s = camp_name_clean(name, "camp", nm, err);
    if (s != MU_OK)
        return s;
    name = nm;
    mu_army other = captor == MU_UNION ? MU_CONFEDERATE : MU_UNION;
    char theirs[CAMP_NAME_MAX + 1];
    if ((s = camp_default_of(c, other, theirs, err)) != MU_OK)
        return s;
    if (!strcmp(name, mu_camp_default(other)) || !strcmp(name, theirs))
        return err_set(err, MU_EINPUT, "'%s' is the %s default camp: the %s "
                       "cannot hold prisoners there; name another camp", name,
                       camp_side_poss(other), camp_side_noun(captor));
    /* A camp holding men of the captor's own side is the other side's. */
    int64_t one = 0;
    bool other_camp;
    if ((s = camp_int(c, &one, &other_camp, err, "SELECT 1 FROM " HELD_ALL " h "
                      "JOIN divisions d ON d.id = h.division WHERE h.camp = ? "
                      "AND d.side = ? LIMIT 1", "ti", name,
                      (int)captor)) != MU_OK)
        return s;
    if (other_camp)
        return err_set(err, MU_EINPUT, "camp '%s' is a %s camp (it holds %s "
                       "prisoners): name another camp", name,
                       mu_army_name(other), mu_army_name(captor));
    snprintf(out, CAMP_NAME_MAX + 1, "%s", name);
    return MU_OK;
}

mu_status camp_hold_leader(mu_campaign *c, int64_t event, int div,
                           mu_post post, int brigade, int rating, int rolled,
                           int origin, const char *camp, mu_error *err)
{
    return camp_write(c, err, "INSERT INTO leaders_held(event, division, "
                      "post, brigade, rating, rolled, origin, camp) VALUES (?,"
                      " ?, ?, ?, ?, ?, ?, ?)", "Iiiiiiit", event, div,
                      (int)post, post == MU_POST_BRIGADE ? brigade : 0, rating,
                      rolled, origin, camp);
}

/* ---- what is held ------------------------------------------------------- */

/* One row of any of the three tables: a brigade's stands (count, brigade),
 * a leader (post, brigade, rating...), a division's batteries (count). */
typedef struct held_row {
    int id, div, brigade, count;
    int post, rating, rolled, origin;
} held_row;

enum { HELD_STANDS, HELD_LEADERS, HELD_BATTERIES };

static const char *const held_sql[] = {
    "SELECT p.id, p.division, p.brigade, p.stands, 0, 0, 0, 0 FROM prisoners"
    " p JOIN divisions d ON d.id = p.division WHERE d.side = ?1 AND (?2 IS "
    "NULL OR p.camp = ?2) ORDER BY p.id",
    "SELECT l.id, l.division, l.brigade, 1, l.post, l.rating, l.rolled, "
    "l.origin FROM leaders_held l JOIN divisions d ON d.id = l.division "
    "WHERE d.side = ?1 AND (?2 IS NULL OR l.camp = ?2) ORDER BY l.id",
    "SELECT b.id, b.division, 0, b.batteries, 0, 0, 0, 0 FROM batteries_held"
    " b JOIN divisions d ON d.id = b.division WHERE d.side = ?1 AND (?2 IS "
    "NULL OR b.camp = ?2) ORDER BY b.id",
};

static bool held_item(sqlite3_stmt *st, void *item)
{
    bool ok = true;
    held_row *h = item;
    *h = (held_row){camp_col(st, 0, &ok), camp_col(st, 1, &ok),
                    camp_col(st, 2, &ok), camp_col(st, 3, &ok),
                    camp_col(st, 4, &ok), camp_col(st, 5, &ok),
                    camp_col(st, 6, &ok), camp_col(st, 7, &ok)};
    return ok;
}

/* The rows of one kind that `side` has held (in camp `camp`, or any). */
static mu_status load_held(mu_campaign *c, int kind, mu_army side,
                           const char *camp, held_row **out, int *n,
                           mu_error *err)
{
    *out = NULL;
    return camp_collect(c, sizeof(held_row), held_item, (void **)out, n, err,
                        held_sql[kind], "it", (int)side, camp);
}

/* What `side` has held prisoner by the other side: held[0] stands,
 * held[1] leaders, held[2] batteries. */
static mu_status camp_held_all(mu_campaign *c, mu_army side, int held[3],
                               mu_error *err)
{
    for (int k = 0; k < 3; k++) {
        held_row *v = NULL;
        int n = 0;
        mu_status s = load_held(c, k, side, NULL, &v, &n, err);
        held[k] = 0;
        for (int i = 0; i < n; i++)
            held[k] += v[i].count; /* camp_col bounds each: no overflow */
        free(v);
        if (s != MU_OK)
            return s;
    }
    return MU_OK;
}

/* ---- going home --------------------------------------------------------- */

/* What one release does: how many of each kind of each side (-1: all),
 * from which camp (NULL: any). */
typedef struct free_ctx {
    int want[2][3]; /* [side][HELD_*] */
    const char *camp;
    bool liberate;
    mu_army side; /* liberate: whose men */
    int64_t event;
    int by; /* mu_side: an offer's maker; MU_SIDE_NONE: the release itself */
} free_ctx;

static const char *const take_sql[] = {
    "UPDATE prisoners SET stands = stands - ? WHERE id = ?",
    NULL,
    "UPDATE batteries_held SET batteries = batteries - ? WHERE id = ?",
};
static const char *const gone_sql[] = {
    "DELETE FROM prisoners WHERE id = ?",
    "DELETE FROM leaders_held WHERE id = ?",
    "DELETE FROM batteries_held WHERE id = ?",
};

/* Back where they were taken from: stands to their brigade, a leader to
 * his post (the replacement steps down), batteries to their division. */
static mu_status rejoin(mu_campaign *c, int kind, const held_row *h, int take,
                        mu_error *err)
{
    if (kind == HELD_STANDS)
        return camp_write(c, err, "UPDATE brigades SET current = current "
                          "+ ?1, freed = freed + ?1 WHERE division = ?2 "
                          "AND number = ?3", "iii", take, h->div, h->brigade);
    if (kind == HELD_BATTERIES)
        return camp_write(c, err, "UPDATE divisions SET division_batteries"
                          " = division_batteries + ? WHERE id = ?", "ii",
                          take, h->div);
    if (h->post == MU_POST_BRIGADE)
        return camp_write(c, err, "UPDATE brigades SET leader = ?, "
                          "leader_rolled = ?, leader_origin = ? WHERE "
                          "division = ? AND number = ?", "iiiii", h->rating,
                          h->rolled, CAMP_RETURNED, h->div, h->brigade);
    return camp_write(c, err, "UPDATE divisions SET leader = ?, "
                      "leader_rolled = ?, leader_origin = ? WHERE id = ?",
                      "iiii", h->rating, h->rolled, CAMP_RETURNED, h->div);
}

/* Grows one of the event's lists by n entries. */
static mu_status grow(void **list, int have, int n, size_t size,
                      mu_error *err)
{
    if (!n)
        return MU_OK;
    void *g = realloc(*list, (size_t)(have + n) * size);
    if (!g)
        return err_nomem(err);
    *list = g;
    return MU_OK;
}

static void note_freed(ev_release *r, int kind, mu_army side,
                       const held_row *h, int take)
{
    if (kind == HELD_STANDS)
        r->stands[r->n++] = (ev_freed){h->div, side, h->brigade, take, false};
    else if (kind == HELD_BATTERIES)
        r->batteries[r->nbatteries++] = (ev_freed){h->div, side, 0, take, false};
    else
        r->leaders[r->nleaders++] = (ev_freed_leader){
            h->div, side, (mu_post)h->post, h->brigade, (mu_rating)h->rating,
            false};
}

/* Frees `want` of one kind held of `side` (all when -1), longest held
 * first, and lists them in the event. */
static mu_status free_kind(mu_campaign *c, const free_ctx *x, mu_army side,
                           int kind, ev_release *r, mu_error *err)
{
    int want = x->want[side][kind], n = 0;
    held_row *v = NULL;
    mu_status s = load_held(c, kind, side, x->camp, &v, &n, err);
    if (s == MU_OK)
        s = kind == HELD_STANDS
                ? grow((void **)&r->stands, r->n, n, sizeof *r->stands, err)
            : kind == HELD_LEADERS
                ? grow((void **)&r->leaders, r->nleaders, n,
                       sizeof *r->leaders, err)
                : grow((void **)&r->batteries, r->nbatteries, n,
                       sizeof *r->batteries, err);
    for (int i = 0; i < n && want != 0 && s == MU_OK; i++) {
        int take = want < 0 || v[i].count <= want ? v[i].count : want;
        if (want > 0)
            want -= take;
        s = take == v[i].count
                ? camp_write(c, err, gone_sql[kind], "i", v[i].id)
                : camp_write(c, err, take_sql[kind], "ii", take, v[i].id);
        if (s == MU_OK)
            s = rejoin(c, kind, &v[i], take, err);
        note_freed(r, kind, side, &v[i], take);
    }
    free(v);
    return s;
}

/* Each kind's sentence whole, so that a front end can give it in another
 * language with that language's plural. */
static mu_status too_many(int side, int kind, int held, int want,
                          mu_error *err)
{
    const char *title = camp_side_title((mu_army)side);
    const char *captor = camp_side_noun(side == MU_UNION ? MU_CONFEDERATE
                                                         : MU_UNION);
    if (kind == HELD_BATTERIES)
        return err_set(err, MU_EINPUT,
                       ERR_PL("%d %s battery is held prisoner by the %s: "
                              "%d cannot be exchanged; nothing was changed",
                              "%d %s batteries are held prisoner by the "
                              "%s: %d cannot be exchanged; nothing was changed",
                              held), held, title, captor, want);
    if (kind == HELD_LEADERS)
        return err_set(err, MU_EINPUT,
                       ERR_PL("%d %s leader is held prisoner by the %s: "
                              "%d cannot be exchanged; nothing was changed",
                              "%d %s leaders are held prisoner by the %s: "
                              "%d cannot be exchanged; nothing was changed",
                              held), held, title, captor, want);
    return err_set(err, MU_EINPUT,
                   ERR_PL("%d %s stand is held prisoner by the %s: %d "
                          "cannot be exchanged; nothing was changed",
                          "%d %s stands are held prisoner by the %s: %d "
                          "cannot be exchanged; nothing was changed", held),
                   held, title, captor, want);
}

/* What x asks for, as its event keeps it: a liberation's side and camp,
 * an exchange's counts. */
static void asked(const free_ctx *x, ev_release *r)
{
    if (x->liberate) {
        r->side = x->side;
        r->has_camp = x->camp != NULL;
        if (x->camp)
            camp_copy_name(r->camp, x->camp);
    } else {
        r->union_stands = x->want[MU_UNION][HELD_STANDS];
        r->confederate_stands = x->want[MU_CONFEDERATE][HELD_STANDS];
        r->union_leaders = x->want[MU_UNION][HELD_LEADERS];
        r->confederate_leaders = x->want[MU_CONFEDERATE][HELD_LEADERS];
        r->union_batteries = x->want[MU_UNION][HELD_BATTERIES];
        r->confederate_batteries = x->want[MU_CONFEDERATE][HELD_BATTERIES];
    }
}

/* Frees what x asks for, listing everyone freed in r (an exchange's or
 * liberation's event, or an accept's). */
static mu_status fill_release(mu_campaign *c, const free_ctx *x,
                              ev_release *r, mu_error *err)
{
    asked(x, r);
    mu_status s = MU_OK;
    for (int a = 0; a < 2 && s == MU_OK; a++)
        for (int k = 0; k < 3 && s == MU_OK; k++)
            if (x->want[a][k])
                s = free_kind(c, x, (mu_army)a, k, r, err);
    if (x->liberate) /* the stands freed */
        for (int i = 0; i < r->n; i++)
            r->total += r->stands[i].stands;
    return s;
}

/* The side whose men camp `name` holds; MU_ESTATE when it holds no one. */
static mu_status camp_side(mu_campaign *c, const char *name, mu_army *side,
                           mu_error *err)
{
    int64_t v = 0;
    bool found;
    mu_status s = camp_int(c, &v, &found, err, "SELECT d.side FROM " HELD_ALL
                           " h JOIN divisions d ON d.id = h.division WHERE "
                           "h.camp = ? LIMIT 1", "t", name);
    *side = v ? MU_CONFEDERATE : MU_UNION;
    if (s == MU_OK && !found)
        return err_why(err, MU_ESTATE, MU_R_NO_SUCH_CAMP, "no camp called "
                       "'%s' holds prisoners: "
                       "there is no one to liberate there (see the camps "
                       "the prisoners list names)", name);
    return s;
}

/* Whose men a liberation of a camp frees, and all of them. */
static mu_status free_target(mu_campaign *c, free_ctx *x, mu_error *err)
{
    mu_status s;
    if (x->liberate && x->camp &&
        (s = camp_side(c, x->camp, &x->side, err)) != MU_OK)
        return s;
    if (x->liberate && x->camp)
        for (int k = 0; k < 3; k++)
            x->want[x->side][k] = -1;
    return MU_OK;
}

/* Refuses a release of more than is held, or a liberation of no one. */
static mu_status free_held(mu_campaign *c, const free_ctx *x, mu_error *err)
{
    int held[2][3];
    mu_status s;
    for (int a = 0; a < 2; a++)
        if ((s = camp_held_all(c, (mu_army)a, held[a], err)) != MU_OK)
            return s;
    if (x->liberate && !x->camp &&
        held[x->side][0] + held[x->side][1] + held[x->side][2] == 0)
        return err_set(err, MU_ESTATE, "no %s stands are held prisoner, nor "
                       "leaders or batteries: there is no one to liberate",
                       mu_army_name(x->side));
    for (int a = 0; a < 2 && !x->liberate; a++)
        for (int k = 0; k < 3; k++)
            if (x->want[a][k] > held[a][k])
                return too_many(a, k, held[a][k], x->want[a][k], err);
    return MU_OK;
}

static mu_status offer_event(mu_campaign *c, free_ctx *x, mu_error *err);

static mu_status free_tx(mu_campaign *c, void *p, mu_error *err)
{
    free_ctx *x = p;
    /* Acting for a side, an exchange or liberation is an offer, which
     * frees no one: the other side's consent, not what the side may see,
     * decides whether men of a division hidden from it go home. */
    mu_status s = free_target(c, x, err);
    if (s == MU_OK)
        s = free_held(c, x, err);
    if (s != MU_OK)
        return s;
    if (x->by != MU_SIDE_NONE)
        return offer_event(c, x, err);
    camp_ev ev = {.kind = x->liberate ? EV_LIBERATE : EV_EXCHANGE};
    s = fill_release(c, x, &ev.u.release, err);
    if (s == MU_OK)
        s = camp_event(c, &ev, &x->event, err);
    camp_ev_clear(&ev);
    return s;
}

mu_status mu_campaign_exchange(mu_campaign *c, const mu_exchange *e,
                               int64_t *event, mu_error *err)
{
    if (!c || !e)
        return err_set(err, MU_EINPUT, "no campaign given");
    free_ctx x = {{{e->union_stands, e->union_leaders, e->union_batteries},
                   {e->confederate_stands, e->confederate_leaders,
                    e->confederate_batteries}}, NULL, false, MU_UNION, 0,
               c->viewer};
    int64_t sum = 0;
    for (int a = 0; a < 2; a++)
        for (int k = 0; k < 3; k++) {
            if (x.want[a][k] < 0)
                return err_set(err, MU_EINPUT, "exchange counts are 0 or "
                               "more");
            sum += x.want[a][k];
        }
    if (sum == 0)
        return err_set(err, MU_EINPUT, "an exchange of no one: give at least "
                       "one stand, leader or battery to exchange");
    return camp_tx_event(c, free_tx, &x, NULL, &x.event, event, err);
}

/* A camp's liberation frees all it holds (free_target); without a camp,
 * all that is held of l->side. */
mu_status mu_campaign_liberate(mu_campaign *c, const mu_liberation *l,
                               int64_t *event, mu_error *err)
{
    if (!c || !l)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (!l->camp && (unsigned)l->side > 1)
        return err_set(err, MU_EINPUT, "choose whose men are liberated: union "
                       "or confederate");
    char nm[CAMP_NAME_MAX + 1];
    mu_status s = l->camp ? camp_name_clean(l->camp, "camp", nm, err) : MU_OK;
    if (s != MU_OK)
        return s;
    free_ctx x = {{{0}}, l->camp ? nm : NULL, true,
                  l->camp ? MU_UNION : l->side, 0, c->viewer};
    for (int k = 0; !l->camp && k < 3; k++)
        x.want[l->side][k] = -1;
    return camp_tx_event(c, free_tx, &x, NULL, &x.event, event, err);
}

/* ---- offers ------------------------------------------------------------- */

/* Acting for a side, an exchange or liberation is an offer: an event both
 * sides see, which moves no one until the other side accepts it. Each
 * offer has a row of `offers` (its state: 0 open, 1 accepted, 2 declined,
 * 3 withdrawn, and the event that answered it), which undo and check make
 * again by the replay like every other table. */
enum { OFFER_OPEN, OFFER_ACCEPTED, OFFER_DECLINED, OFFER_WITHDRAWN };

static mu_status offer_event(mu_campaign *c, free_ctx *x, mu_error *err)
{
    camp_ev ev = {.kind = EV_OFFER};
    ev_offer *o = &ev.u.offer;
    o->of = x->liberate ? EV_LIBERATE : EV_EXCHANGE;
    o->by = x->by;
    ev_release *r = &o->release;
    asked(x, r);
    mu_status s = camp_event(c, &ev, &x->event, err);
    if (s == MU_OK)
        s = camp_write(c, err, "INSERT INTO offers(id, of, side, state) "
                       "VALUES (?, ?, ?, 0)", "iii", (int)x->event,
                       x->liberate, x->by);
    return s;
}

/* What an offer (or the release it asks for) wants freed. */
static void offer_want(const ev_offer *o, free_ctx *x)
{
    const ev_release *r = &o->release;
    *x = (free_ctx){{{r->union_stands, r->union_leaders, r->union_batteries},
                     {r->confederate_stands, r->confederate_leaders,
                      r->confederate_batteries}},
                    r->has_camp ? r->camp : NULL, o->of == EV_LIBERATE,
                    r->side, 0, MU_SIDE_NONE};
    if (x->liberate) {
        memset(x->want, 0, sizeof x->want);
        if (!x->camp)
            for (int k = 0; k < 3; k++)
                x->want[r->side][k] = -1;
    }
}

mu_status camp_offer_again(mu_campaign *c, const ev_offer *o, mu_error *err)
{
    if (o->by != MU_UNION && o->by != MU_CONFEDERATE)
        return err_set(err, MU_EINPUT, "an offer is made by a side");
    free_ctx x;
    offer_want(o, &x);
    x.by = o->by;
    return camp_tx(c, free_tx, &x, NULL, err);
}

typedef struct answer_ctx {
    int64_t offer;
    camp_ev_kind kind; /* EV_ACCEPT, EV_DECLINE or EV_WITHDRAW */
    int by;            /* mu_side: who answers */
    int of;            /* the command's kind of offer: 0, 1; -1 either */
    int64_t event;
    int maker, state, was_of;
    int64_t answer;
} answer_ctx;

/* Why event x->offer has no row of offers: no such event, another kind,
 * or an offer undone. */
static mu_status no_offer(mu_campaign *c, const answer_ctx *x, mu_error *err)
{
    char *v = NULL, kind[32];
    bool found;
    mu_status s = camp_text(c, &v, &found, err, "SELECT kind FROM events "
                            "WHERE id = ?", "I", x->offer);
    snprintf(kind, sizeof kind, "%s", v ? v : "");
    free(v);
    if (s != MU_OK)
        return s;
    if (!found)
        return err_set(err, MU_EINPUT, "no event %" PRId64 " in this "
                       "campaign's log (see the log for the numbers)",
                       x->offer);
    if (!strcmp(kind, "offer"))
        return err_set(err, MU_ESTATE, "offer %" PRId64 " was undone: there "
                       "is nothing to answer", x->offer);
    return err_set(err, MU_EINPUT, "event %" PRId64 " is no offer (it is "
                   "'%s'): give the number of an offer the log shows",
                   x->offer, kind);
}

static bool offer_item(sqlite3_stmt *st, void *item)
{
    answer_ctx *x = item;
    x->was_of = sqlite3_column_int(st, 0);
    x->maker = sqlite3_column_int(st, 1);
    x->state = sqlite3_column_int(st, 2);
    x->answer = sqlite3_column_int64(st, 3);
    return true;
}

static mu_status load_offer(mu_campaign *c, answer_ctx *x, mu_error *err)
{
    bool found;
    mu_status s = camp_row(c, offer_item, x, &found, err, "SELECT of, side, "
                           "state, coalesce(answer, 0) FROM offers WHERE id = "
                           "?", "I", x->offer);
    return s == MU_OK && !found ? no_offer(c, x, err) : s;
}

static const char *answer_verb(camp_ev_kind k)
{
    return k == EV_ACCEPT ? "accepted" : k == EV_DECLINE ? "declined"
                                                         : "withdrawn";
}

/* The refusals that read only the offer's row. */
static mu_status may_answer(const answer_ctx *x, mu_error *err)
{
    static const char *const was[] = {"open", "accepted", "declined",
                                      "withdrawn"};
    if (x->of >= 0 && x->of != x->was_of)
        return err_set(err, MU_EINPUT, "offer %" PRId64 " is of %s: answer it "
                       "as one", x->offer, x->was_of ? "a liberation"
                                                     : "an exchange");
    if (x->state != OFFER_OPEN)
        return err_set(err, MU_ESTATE, "offer %" PRId64 " was %s already (by "
                       "event %" PRId64 "): it cannot be %s now", x->offer,
                       was[x->state & 3], x->answer, answer_verb(x->kind));
    if (x->by == MU_SIDE_NONE)
        return MU_OK; /* the umpire answers any offer */
    const char *me = camp_side_noun((mu_army)x->by);
    const char *maker = camp_side_noun((mu_army)x->maker);
    if (x->kind == EV_WITHDRAW && x->by != x->maker)
        return err_set(err, MU_ESTATE, "acting for the %s, offer %" PRId64
                       " cannot be withdrawn: it was made by the %s, and "
                       "only its maker withdraws it (the other side accepts "
                       "or declines it)", me, x->offer, maker);
    if (x->kind != EV_WITHDRAW && x->by == x->maker)
        return err_set(err, MU_ESTATE, "acting for the %s, offer %" PRId64
                       " cannot be %s: it was made by the %s, and the other "
                       "side accepts or declines it (its maker may withdraw "
                       "it)", me, x->offer, answer_verb(x->kind), maker);
    return MU_OK;
}

/* The release an accepted offer makes: what it asked for, as held now. */
static mu_status accept_release(mu_campaign *c, const answer_ctx *x,
                                ev_offer *o, mu_error *err)
{
    char *data = NULL;
    camp_ev e;
    mu_status s = camp_text(c, &data, NULL, err, "SELECT data FROM events "
                            "WHERE id = ?", "I", x->offer);
    if (s == MU_OK)
        s = camp_ev_decode(c->path, x->offer, "offer", 0, data, &e, err);
    free(data);
    if (s != MU_OK)
        return s;
    free_ctx f;
    ev_camp camp; /* the offer's, kept past the event */
    offer_want(&e.u.offer, &f);
    if (f.camp)
        f.camp = memcpy(camp, e.u.offer.release.camp, sizeof camp);
    camp_ev_clear(&e);
    mu_army side = f.side;
    if ((s = free_target(c, &f, err)) == MU_OK && f.liberate && f.side != side)
        s = err_set(err, MU_ESTATE, "camp '%s' holds no %s men now: there is "
                    "no one to liberate there", f.camp, mu_army_name(side));
    if (s == MU_OK)
        s = free_held(c, &f, err);
    if (s != MU_OK) {
        char why[sizeof err->msg];
        snprintf(why, sizeof why, "%s", err->msg);
        return err_set(err, s, "offer %" PRId64 " cannot be accepted: %.400s",
                       x->offer, why);
    }
    return fill_release(c, &f, &o->release, err);
}

static mu_status answer_tx(mu_campaign *c, void *p, mu_error *err)
{
    answer_ctx *x = p;
    mu_status s = load_offer(c, x, err);
    if (s == MU_OK)
        s = may_answer(x, err);
    if (s != MU_OK)
        return s;
    camp_ev ev = {.kind = x->kind};
    ev.u.offer.offer = x->offer;
    ev.u.offer.of = x->was_of ? EV_LIBERATE : EV_EXCHANGE;
    ev.u.offer.by = x->by;
    if (x->kind == EV_ACCEPT)
        s = accept_release(c, x, &ev.u.offer, err);
    if (s == MU_OK)
        s = camp_event(c, &ev, &x->event, err);
    camp_ev_clear(&ev);
    int state = x->kind == EV_ACCEPT ? OFFER_ACCEPTED
                : x->kind == EV_DECLINE ? OFFER_DECLINED : OFFER_WITHDRAWN;
    if (s == MU_OK)
        s = camp_write(c, err, "UPDATE offers SET state = ?, answer = ? "
                       "WHERE id = ?", "iii", state, (int)x->event,
                       (int)x->offer);
    return s;
}

mu_status camp_offer_answer(mu_campaign *c, int64_t offer, camp_ev_kind kind,
                            int by, int of, int64_t *event, mu_error *err)
{
    if (offer < 1 || offer > INT32_MAX)
        return err_set(err, MU_EINPUT, "events are numbered from 1");
    answer_ctx x = {offer, kind, by, of, 0, 0, 0, 0, 0};
    return camp_tx_event(c, answer_tx, &x, NULL, &x.event, event, err);
}

mu_status mu_campaign_offer_answer(mu_campaign *c, const mu_offer_reply *r,
                                   int64_t *event, mu_error *err)
{
    if (!c || !r)
        return err_set(err, MU_EINPUT, "no campaign given");
    if ((unsigned)r->answer > MU_OFFER_WITHDRAW ||
        (unsigned)r->of > MU_OFFER_EITHER)
        return err_set(err, MU_EINPUT, "answer an offer: accept, decline or "
                       "withdraw");
    static const camp_ev_kind kinds[] = {EV_ACCEPT, EV_DECLINE, EV_WITHDRAW};
    return camp_offer_answer(c, r->offer, kinds[r->answer], c->viewer,
                             r->of == MU_OFFER_EITHER ? -1 : (int)r->of,
                             event, err);
}

/* ---- the default camps -------------------------------------------------- */

typedef struct dcamp_ctx {
    mu_army captor;
    const char *camp;
    int64_t event;
} dcamp_ctx;

static mu_status dcamp_tx(mu_campaign *c, void *p, mu_error *err)
{
    dcamp_ctx *x = p;
    if (c->viewer != MU_SIDE_NONE && c->viewer != (int)x->captor)
        return err_set(err, MU_ESTATE, "acting for the %s, the %s default "
                       "camp cannot be chosen: the %s (or the umpire) choose "
                       "it", camp_side_noun((mu_army)c->viewer),
                       camp_side_poss(x->captor), camp_side_noun(x->captor));
    camp_ev ev = {.kind = EV_DEFAULT_CAMP};
    ev_default_camp *d = &ev.u.dcamp;
    d->side = x->captor;
    mu_status s = camp_default_of(c, x->captor, d->was, err);
    if (s == MU_OK)
        s = camp_resolve(c, x->captor, x->camp, d->camp, err);
    if (s != MU_OK)
        return s;
    if (!strcmp(d->camp, d->was))
        return err_set(err, MU_EINPUT, "'%s' is the %s default camp already",
                       d->camp, camp_side_poss(x->captor));
    /* The built-in name is kept as NULL, as in a file that never chose. */
    bool builtin = !strcmp(d->camp, mu_camp_default(x->captor));
    if ((s = camp_write(c, err, x->captor == MU_UNION
                        ? "UPDATE campaign SET union_camp = ? WHERE id = 1"
                        : "UPDATE campaign SET confederate_camp = ? WHERE "
                          "id = 1", "t", builtin ? NULL : d->camp)) != MU_OK)
        return s;
    return camp_event(c, &ev, &x->event, err);
}

mu_status mu_campaign_default_camp_set(mu_campaign *c, mu_army captor,
                                       const char *camp, int64_t *event,
                                       mu_error *err)
{
    if (!c || (unsigned)captor > 1)
        return err_set(err, MU_EINPUT, "choose whose default camp: union or "
                       "confederate");
    char nm[CAMP_NAME_MAX + 1];
    mu_status s = camp_name_clean(camp, "camp", nm, err);
    if (s != MU_OK)
        return s;
    dcamp_ctx x = {captor, nm, 0};
    return camp_tx_event(c, dcamp_tx, &x, NULL, &x.event, event, err);
}

typedef struct dget_ctx {
    mu_army captor;
    char name[CAMP_NAME_MAX + 1];
} dget_ctx;

static mu_status dget_read(mu_campaign *c, void *p, mu_error *err)
{
    dget_ctx *x = p;
    return camp_default_of(c, x->captor, x->name, err);
}

mu_status mu_campaign_default_camp(mu_campaign *c, mu_army captor, char *out,
                                   size_t n, mu_error *err)
{
    if (!c || !out || n == 0 || (unsigned)captor > 1)
        return err_set(err, MU_EINPUT, "no campaign, side or buffer given");
    dget_ctx x = {captor, ""};
    mu_status s = camp_read(c, dget_read, &x, err);
    if (s == MU_OK && strlen(x.name) >= n)
        s = err_set(err, MU_EINPUT, "the camp's name does not fit in %zu "
                    "bytes", n);
    if (s == MU_OK)
        memcpy(out, x.name, strlen(x.name) + 1);
    return s;
}
