/* SPDX-License-Identifier: MIT */
/* project.c -- what a viewer is shown of an event: the one place that
 * decides it (event.h, "what a viewer is shown"). The log's text and JSON,
 * a player's own file, the live stream and the side's view chain all
 * render the projection made here, so what one face shows another cannot
 * withhold, and a side's view head covers what the side was shown. */
#include "campaign.h"

#include <string.h>

static bool masked(const ev_view *v, int div)
{
    return v && v->masked && v->masked(v->ctx, div);
}

/* The event about a hidden division: its kind, id and division; an
 * engage keeps its name and commitment (the division was seen to join,
 * and the commitment is what its reveal will be checked against). */
static void hide_whole(camp_ev *e)
{
    ev_engage keep = {0};
    if (e->kind == EV_ENGAGE) {
        memcpy(keep.name, e->u.engage.name, sizeof keep.name);
        memcpy(keep.commitment, e->u.engage.commitment,
               sizeof keep.commitment);
    }
    int64_t id = e->id;
    int div = e->division;
    camp_ev_clear(e);
    e->id = id;
    e->division = div;
    e->hidden = true;
    if (e->kind == EV_ENGAGE) {
        memcpy(e->u.engage.name, keep.name, sizeof keep.name);
        memcpy(e->u.engage.commitment, keep.commitment,
               sizeof keep.commitment);
    }
}

/* Returns of hidden divisions: one entry per division, no brigade. */
static bool project_returns(ev_battle_end *x, const ev_view *v)
{
    int n = 0;
    bool any = false;
    for (int i = 0; i < x->nreturns; i++) {
        ev_return t = x->returns[i];
        if (masked(v, t.division)) {
            any = true;
            bool seen = false;
            for (int j = 0; j < n && !seen; j++)
                seen = x->returns[j].hidden &&
                       x->returns[j].division == t.division;
            if (seen)
                continue;
            t = (ev_return){.division = t.division, .side = t.side,
                            .hidden = true};
        }
        x->returns[n++] = t;
    }
    x->nreturns = n;
    return any;
}

/* Stands freed from hidden divisions: one entry per division with their
 * total (they went home in plain sight; the brigades they rejoin are the
 * secret). */
static bool project_stands(ev_freed *f, int *count, const ev_view *v)
{
    int n = 0;
    bool any = false;
    for (int i = 0; i < *count; i++) {
        ev_freed t = f[i];
        if (masked(v, t.division)) {
            any = true;
            int j = 0;
            while (j < n && !(f[j].hidden && f[j].division == t.division))
                j++;
            if (j < n) {
                f[j].stands += t.stands;
                continue;
            }
            t = (ev_freed){.division = t.division, .side = t.side,
                           .stands = t.stands, .hidden = true};
        }
        f[n++] = t;
    }
    *count = n;
    return any;
}

static bool project_release(ev_release *x, const ev_view *v)
{
    bool any = project_stands(x->stands, &x->n, v);
    for (int i = 0; i < x->nleaders; i++) {
        ev_freed_leader *l = &x->leaders[i];
        if (masked(v, l->division)) { /* "a leader": no post or rating */
            *l = (ev_freed_leader){.division = l->division, .side = l->side,
                                   .hidden = true};
            any = true;
        }
    }
    return any;
}

bool camp_ev_project(camp_ev *e, const ev_view *v, int viewer)
{
    if (e->division && e->kind != EV_ADD && masked(v, e->division)) {
        hide_whole(e);
        return true;
    }
    switch (e->kind) {
    case EV_ADD: /* an order of battle's values are the owner's */
        if (!e->u.add.known.has || viewer == MU_SIDE_NONE ||
            viewer == (int)e->u.add.side)
            return false;
        memset(&e->u.add.known, 0, sizeof e->u.add.known);
        return true;
    case EV_BATTLE_END:
        return project_returns(&e->u.end, v);
    case EV_EXCHANGE:
    case EV_LIBERATE:
        return project_release(&e->u.release, v);
    case EV_OFFER:
    case EV_ACCEPT:
        return project_release(&e->u.offer.release, v);
    default:
        return false;
    }
}

