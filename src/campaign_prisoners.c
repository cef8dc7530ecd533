/* campaign_prisoners.c -- the seed's prisoners: "they can only be exchanged
 * by mutual consent or they may be freed if a POW camp is liberated". Each
 * public call is one transaction (camp_tx). */
#include "campaign.h"

#include <stdlib.h>

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
 * rejoins its brigade. Adds an entry per brigade to the event's list. */
static mu_status free_side(mu_campaign *c, mu_army side, int want,
                           ev_release *list, mu_error *err)
{
    pow_row *v = NULL;
    int n = 0;
    mu_status s = load_pows(c, side, &v, &n, err);
    ev_freed *grown = s == MU_OK && n
        ? realloc(list->stands, (size_t)(list->n + n) * sizeof *grown) : NULL;
    if (s == MU_OK && n && !grown)
        s = err_nomem(err);
    if (grown)
        list->stands = grown;
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
        list->stands[list->n++] = (ev_freed){v[i].div, side, v[i].brigade,
                                             take};
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
    camp_ev ev = {.kind = x->liberate ? EV_LIBERATE : EV_EXCHANGE};
    ev_release *r = &ev.u.release;
    if (x->liberate) {
        r->side = x->side;
        r->total = held[x->side];
    } else {
        r->union_stands = x->want[MU_UNION];
        r->confederate_stands = x->want[MU_CONFEDERATE];
    }
    s = MU_OK;
    for (int a = 0; a < 2 && s == MU_OK; a++)
        if (x->want[a])
            s = free_side(c, (mu_army)a, x->want[a], r, err);
    if (s == MU_OK)
        s = camp_event(c, &ev, &x->event, err);
    camp_ev_clear(&ev);
    return s;
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
