/* SPDX-License-Identifier: MIT */
/* names.c -- divisions and brigades named ("Iron Brigade"): a "name"
 * event, so that a name is replayed, undone and checked like any other
 * change. A division's name is public (the other side knows it by it, and
 * commands take it for the id); a brigade's belongs to its division's
 * composition, which a hidden division keeps from the other side. */
#include "campaign.h"

#include <string.h>

/* Whether another division has the name already (as add refuses it). */
static mu_status name_taken(mu_campaign *c, int div, const char *name,
                            int *other, mu_error *err)
{
    int64_t v = 0;
    mu_status s = camp_int(c, &v, NULL, err, "SELECT id FROM divisions WHERE "
                           "name = ? AND id <> ? ORDER BY id LIMIT 1", "ti",
                           name, div);
    *other = (int)v;
    return s;
}

/* The division's name changed: refused while the other side knows the
 * division only by the name it has (hidden, not revealed), or when
 * another division has the new one. */
static mu_status division_named(mu_campaign *c, const camp_div *d,
                                const char *name, mu_error *err)
{
    if (d->hidden && !d->revealed)
        return err_set(err, MU_ESTATE, "division %d (%s) is hidden: it keeps "
                       "the name the other side knows it by until it is "
                       "revealed", d->id, d->name);
    int other = 0;
    mu_status s = name_taken(c, d->id, name, &other, err);
    if (s == MU_OK && other)
        s = err_set(err, MU_EINPUT, "division %d is named \"%s\" already: "
                    "give each division a name of its own", other, name);
    if (s != MU_OK)
        return s;
    return camp_write(c, err, "UPDATE divisions SET name = ? WHERE id = ?",
                      "ti", name, d->id);
}

mu_status camp_brigade_name_store(mu_campaign *c, int div, int brigade,
                                  const char *name, mu_error *err)
{
    return camp_write(c, err, "UPDATE brigades SET name = ? WHERE division = "
                      "? AND number = ?", "tii", name, div, brigade);
}

/* Who may name a division: its own side, or the umpire. */
static mu_status may_name(const mu_campaign *c, const camp_div *d,
                          mu_error *err)
{
    if (c->viewer == MU_SIDE_NONE || c->viewer == (int)d->side)
        return MU_OK;
    return err_set(err, MU_ESTATE, "acting for the %s, division %d (%s) "
                   "cannot be named: it is the %s to name (or the umpire's)",
                   camp_side_noun((mu_army)c->viewer), d->id, d->name,
                   camp_side_poss(d->side));
}

static mu_status name_put(mu_campaign *c, int div, int brigade,
                          const char *name, int64_t *event, mu_error *err)
{
    char nm[CAMP_NAME_MAX + 1];
    mu_status s = camp_name_clean(name, brigade ? "brigade" : "division", nm,
                                  err);
    if (s != MU_OK)
        return s;
    name = nm;
    camp_div d;
    if ((s = camp_load_div(c, div, &d, err)) != MU_OK ||
        (s = may_name(c, &d, err)) != MU_OK)
        return s;
    camp_ev ev = {.kind = EV_NAME, .division = div};
    ev_name *x = &ev.u.name;
    x->brigade = brigade;
    camp_copy_name(x->name, name);
    if (brigade) {
        if (!d.engaged)
            return err_set(err, MU_ESTATE, "division %d (%s) has no brigades "
                           "yet: engage it first", div, d.name);
        if (brigade < 1 || brigade > d.nbrigades)
            return err_set(err, MU_EINPUT, "division %d (%s) has brigades 1 "
                           "to %d, not %d", div, d.name, d.nbrigades, brigade);
        camp_copy_name(x->was, d.b[brigade - 1].name);
    } else {
        camp_copy_name(x->was, d.name);
    }
    if (!strcmp(x->name, x->was))
        return err_set(err, MU_EINPUT, "%s is named \"%s\" already",
                       brigade ? "the brigade" : "the division", name);
    s = brigade ? camp_brigade_name_store(c, div, brigade, name, err)
                : division_named(c, &d, name, err);
    return s == MU_OK ? camp_event(c, &ev, event, err) : s;
}

typedef struct name_ctx {
    int div, brigade;
    const char *name;
    int64_t event;
} name_ctx;

static mu_status name_tx(mu_campaign *c, void *p, mu_error *err)
{
    name_ctx *x = p;
    return name_put(c, x->div, x->brigade, x->name, &x->event, err);
}

mu_status mu_campaign_name_set(mu_campaign *c, int div, int brigade,
                               const char *name, int64_t *event,
                               mu_error *err)
{
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (brigade < 0)
        return err_set(err, MU_EINPUT, "brigades are numbered from 1, not "
                       "%d", brigade);
    name_ctx x = {div, brigade, name, 0};
    return camp_tx_event(c, name_tx, &x, NULL, &x.event, event, err);
}
