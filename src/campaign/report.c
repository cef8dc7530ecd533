/* SPDX-License-Identifier: MIT */
/* report.c -- the after-action report's model: a battle's divisions,
 * losses, leaders, returns and prisoners, and the war's totals after each
 * battle. Its one source is the log as mu_campaign_log_to writes it for the
 * viewer (JSON, masked by log.c; a player's own file's stored view log):
 * what the log masks (an event about a hidden division, a return or a
 * stand freed of one) the report reads as masked, so it tells a viewer
 * exactly what that viewer's log tells, and makes no decision of its own
 * about what is secret. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

/* p with room for one more element once it holds n (doubling). */
static void *grow(void *p, int n, size_t size, bool *oom)
{
    if (n && (n & (n - 1)))
        return p;
    void *q = realloc(p, (size_t)(n ? 2 * n : 1) * size);
    if (!q)
        *oom = true;
    return q ? q : p;
}

#define PUSH(arr, n, oom)                                                      \
    ((arr) = grow((arr), (n), sizeof *(arr), (oom)),                           \
     *(oom) ? NULL : memset(&(arr)[(n)++], 0, sizeof *(arr)))

static int jint(const cJSON *o, const char *k, int dflt)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsNumber(v) ? v->valueint : dflt;
}

static const char *jstr(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static bool jtrue(const cJSON *o, const char *k)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, k));
}

static int side_of(const char *s)
{
    return s && !strcmp(s, "confederate");
}

/* Division id's entry (r->spare, zeroed, for an id out of reach). */
static rdiv *div_at(report *r, int id, bool *oom)
{
    if (id < 1 || id > 1000000)
        return memset(&r->spare, 0, sizeof r->spare);
    if (id >= r->ndivs) {
        rdiv *d = realloc(r->divs, (size_t)(id + 1) * sizeof *d);
        if (!d) {
            *oom = true;
            return memset(&r->spare, 0, sizeof r->spare);
        }
        memset(d + r->ndivs, 0, (size_t)(id + 1 - r->ndivs) * sizeof *d);
        r->divs = d;
        r->ndivs = id + 1;
    }
    return &r->divs[id];
}

/* Division id takes part in the battle being fought: its strength now is
 * its strength at the start. */
static rpart *touch(report *r, int id, bool *oom)
{
    rbattle *b = r->cur;
    if (!b)
        return NULL;
    for (int i = 0; i < b->nparts; i++)
        if (b->parts[i].div == id)
            return &b->parts[i];
    rdiv *d = div_at(r, id, oom);
    rpart *p = PUSH(b->parts, b->nparts, oom);
    if (p)
        *p = (rpart){id, d->stands, d->batteries, d->stands, d->batteries,
                     d->engaged && !d->hidden};
    return p;
}

static void camp_take(report *r, int captor, const char *camp, int stands,
                      int batteries, int leaders, bool *oom)
{
    rbattle *b = r->cur;
    if (!b)
        return;
    const char *name = camp ? camp : r->camp0[captor];
    rcamp *k = NULL;
    for (int i = 0; i < b->ncamps && !k; i++)
        if (b->camps[i].captor == captor && !strcmp(b->camps[i].name, name))
            k = &b->camps[i];
    if (!k && (k = PUSH(b->camps, b->ncamps, oom)) != NULL) {
        k->captor = captor;
        k->name = name;
    }
    if (k) {
        k->stands += stands;
        k->batteries += batteries;
        k->leaders += leaders;
    }
}

static void rp_engage(report *r, const cJSON *e, int id, bool *oom)
{
    rdiv *d = div_at(r, id, oom);
    d->engaged = true;
    d->stands = jint(e, "stands", 0);
    d->batteries = jint(e, "batteries", 0);
    rpart *p = touch(r, id, oom);
    /* named in the battle before it engaged (a fair roll's steps): its
     * strength at the start is the one it engages with */
    if (p && !p->known0 && !d->hidden) {
        p->s0 = d->stands;
        p->b0 = d->batteries;
        p->known0 = true;
    }
}

static rloss *loss_at(rbattle *b, int div, int brigade, bool *oom)
{
    for (int i = 0; i < b->nlosses; i++)
        if (b->losses[i].div == div && b->losses[i].brigade == brigade)
            return &b->losses[i];
    rloss *l = PUSH(b->losses, b->nlosses, oom);
    if (l) {
        l->div = div;
        l->brigade = brigade;
    }
    return l;
}

static void rp_casualties(report *r, const cJSON *e, int id, bool *oom)
{
    touch(r, id, oom);
    rdiv *d = div_at(r, id, oom);
    int lost = jint(e, "lost", 0), cap = jint(e, "captured", 0);
    int bcap = jint(e, "batteries", 0), blost = jint(e, "batteries_lost", 0);
    d->stands -= lost + cap;
    d->batteries -= bcap + blost;
    rside *w = &r->war[d->side], *o = &r->war[!d->side];
    w->lost += lost;
    w->captured += cap;
    w->bat_lost += blost;
    w->bat_captured += bcap;
    o->held += cap;
    if (!r->cur)
        return;
    rside *in = &r->cur->in[d->side];
    in->lost += lost;
    in->captured += cap;
    in->bat_lost += blost;
    in->bat_captured += bcap;
    rloss *l = loss_at(r->cur, id, jint(e, "brigade", 0), oom);
    if (l) {
        l->lost += lost;
        l->captured += cap;
        l->bat_captured += bcap;
        l->bat_lost += blost;
    }
    if (cap || bcap)
        camp_take(r, !d->side, jstr(e, "camp"), cap, bcap, 0, oom);
}

static void rp_leader(report *r, const cJSON *e, int id, bool hidden,
                      bool *oom)
{
    touch(r, id, oom);
    rlead *l = r->cur ? PUSH(r->cur->leads, r->cur->nleads, oom) : NULL;
    if (!l)
        return;
    l->div = id;
    l->hidden = hidden;
    if (hidden)
        return;
    l->post = jstr(e, "post");
    l->brigade = jint(e, "brigade", 0);
    l->corps = jstr(e, "corps");
    l->was = jstr(e, "was");
    l->rating = jstr(e, "rating");
    l->roll = jint(e, "roll", 0);
    l->captured = jtrue(e, "captured");
    int side = div_at(r, id, oom)->side;
    r->cur->in[side].leaders++;
    if (l->captured) {
        l->camp = jstr(e, "camp") ? jstr(e, "camp") : r->camp0[!side];
        camp_take(r, !side, l->camp, 0, 0, 1, oom);
    }
}

static void rp_start(report *r, const cJSON *e, bool *oom)
{
    rbattle *b = PUSH(r->bats, r->nbats, oom);
    r->cur = b;
    if (!b)
        return;
    b->n = jint(e, "battle", r->nbats);
    b->name = jstr(e, "name");
    b->year = jint(e, "year", r->year);
    b->theater = jstr(e, "theater");
}

static void rp_returns(report *r, const cJSON *list, bool *oom)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, list) {
        int id = jint(x, "division", 0);
        touch(r, id, oom);
        rret *t = PUSH(r->cur->rets, r->cur->nrets, oom);
        if (!t)
            return;
        t->div = id;
        if ((t->hidden = jtrue(x, "hidden")))
            continue;
        t->brigade = jint(x, "brigade", 0);
        t->lost = jint(x, "lost", 0);
        t->rate = jstr(x, "rate");
        t->whole = jint(x, "whole", 0);
        t->threshold = jint(x, "threshold", 0);
        t->roll = jint(x, "roll", -1);
        t->returned = jint(x, "returned", 0);
        div_at(r, id, oom)->stands += t->returned;
    }
}

static void rp_end(report *r, const cJSON *e, bool *oom)
{
    rbattle *b = r->cur;
    if (!b)
        return;
    b->ended = true;
    b->winner = jstr(e, "winner");
    rp_returns(r, cJSON_GetObjectItemCaseSensitive(e, "returns"), oom);
    r->cur = NULL;
}

/* Stands and batteries going home (exchange, liberate): the entries the
 * log shows, a hidden division's stands as one masked entry. */
static void rp_freed(report *r, const cJSON *e, bool *oom)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(e, "stands")) {
        if (jtrue(x, "hidden"))
            continue;
        int n = jint(x, "stands", 0);
        rdiv *d = div_at(r, jint(x, "division", 0), oom);
        d->stands += n;
        r->war[!side_of(jstr(x, "side"))].held -= n;
    }
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(e, "batteries"))
        if (!jtrue(x, "hidden"))
            div_at(r, jint(x, "division", 0), oom)->batteries +=
                jint(x, "batteries", 0);
}

/* The war's totals and each division's strength when a battle ends. */
static void snapshot(report *r, rbattle *b)
{
    for (int i = 0; i < b->nparts; i++) {
        const rdiv *d = &r->divs[b->parts[i].div];
        b->parts[i].s1 = d->stands;
        b->parts[i].b1 = d->batteries;
    }
    for (int s = 0; s < 2; s++) {
        b->after[s] = r->war[s];
        b->after[s].stands = b->after[s].batteries = 0;
    }
    for (int i = 1; i < r->ndivs; i++) {
        const rdiv *d = &r->divs[i];
        if (d->engaged && !d->hidden) {
            b->after[d->side].stands += d->stands;
            b->after[d->side].batteries += d->batteries;
        }
    }
}

/* A masked event: its division takes part in the battle (the viewer's log
 * shows that much), and a masked leader loss is "a leader". */
static void rp_hidden(report *r, const cJSON *e, const char *kind, int id,
                      bool *oom)
{
    rdiv *d = div_at(r, id, oom);
    d->hidden = true;
    if (!strcmp(kind, "engage"))
        d->engaged = true;
    if (!r->cur)
        return;
    if (!strcmp(kind, "leader-lost")) {
        rp_leader(r, e, id, true, oom);
    } else if (!strcmp(kind, "casualties")) {
        touch(r, id, oom);
        loss_at(r->cur, id, -1, oom);
    } else {
        touch(r, id, oom);
    }
}

static void rp_one(report *r, const cJSON *e, bool *oom)
{
    const char *kind = jstr(e, "kind");
    int id = jint(e, "division", 0);
    if (!kind)
        return;
    /* masked: {id, kind, division, hidden} (an engage of a hidden
     * division the viewer may see has "hidden" too, and its side) */
    if (jtrue(e, "hidden") && !cJSON_GetObjectItemCaseSensitive(e, "side")) {
        rp_hidden(r, e, kind, id, oom);
    } else if (!strcmp(kind, "new")) {
        r->name = jstr(e, "name");
        r->year = jint(e, "year", 0);
    } else if (!strcmp(kind, "advance")) {
        r->year = jint(e, "year", r->year);
    } else if (!strcmp(kind, "add")) {
        rdiv *d = div_at(r, id, oom);
        d->name = jstr(e, "name");
        d->side = side_of(jstr(e, "side"));
    } else if (!strcmp(kind, "default-camp")) {
        r->camp0[side_of(jstr(e, "side"))] = jstr(e, "camp");
    } else if (!strcmp(kind, "engage")) {
        rp_engage(r, e, id, oom);
    } else if (!strcmp(kind, "casualties")) {
        rp_casualties(r, e, id, oom);
    } else if (!strcmp(kind, "leader-lost")) {
        rp_leader(r, e, id, false, oom);
    } else if (!strcmp(kind, "battle-start")) {
        rp_start(r, e, oom);
    } else if (!strcmp(kind, "battle-end")) {
        rbattle *b = r->cur;
        rp_end(r, e, oom);
        if (b)
            snapshot(r, b);
    } else if (!strcmp(kind, "exchange") || !strcmp(kind, "liberate")) {
        rp_freed(r, e, oom);
    } else if (id && r->cur) { /* reveal, downgrade, name: it is there */
        touch(r, id, oom);
    }
}

/* Losses by division, then brigade (a hidden division's one entry first). */
static int loss_order(const void *a, const void *b)
{
    const rloss *x = a, *y = b;
    if (x->div != y->div)
        return x->div < y->div ? -1 : 1;
    return (x->brigade > y->brigade) - (x->brigade < y->brigade);
}

/* Whether event id is one of those an undo took back (skip). An undo
 * about a hidden division is masked with the event it undid. */
static bool undone(const cJSON *skip, double id)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, skip)
        if (e->valuedouble == id)
            return true;
    return false;
}

mu_status report_read(mu_campaign *c, int viewer, report *r, mu_error *err)
{
    memset(r, 0, sizeof *r);
    r->camp0[0] = CAMP_DEFAULT_UNION;
    r->camp0[1] = CAMP_DEFAULT_CONFEDERATE;
    mu_render_opts ro = {.format = MU_FMT_JSON};
    mu_buf text = {0};
    mu_status s = mu_campaign_log_to(c, (mu_side)viewer, NULL, &ro,
                                     mu_buf_write, &text, err);
    r->log = s == MU_OK ? cJSON_Parse(text.p ? text.p : "") : NULL;
    mu_buf_free(&text);
    if (s != MU_OK)
        return s;
    if (!r->log)
        return err_nomem(err); /* the log's own JSON: only memory fails */
    const cJSON *events = cJSON_GetObjectItemCaseSensitive(r->log, "events");
    const cJSON *e;
    bool oom = false;
    /* an undo names an earlier event: the undone ones, once, first */
    cJSON *skip = cJSON_CreateArray();
    cJSON_ArrayForEach(e, events) {
        const char *k = jstr(e, "kind");
        if (k && !strcmp(k, "undo"))
            cJSON_AddItemToArray(skip, cJSON_CreateNumber(
                cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(e, "event"))));
    }
    cJSON_ArrayForEach(e, events) {
        const char *k = jstr(e, "kind");
        double id = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(e, "id"));
        if ((k && !strcmp(k, "undo")) || undone(skip, id))
            continue;
        rp_one(r, e, &oom);
    }
    cJSON_Delete(skip);
    for (int i = 0; i < r->nbats; i++)
        if (r->bats[i].nlosses > 1) /* (none: no array, and qsort wants one) */
            qsort(r->bats[i].losses, (size_t)r->bats[i].nlosses,
                  sizeof *r->bats[i].losses, loss_order);
    if (r->cur) /* a battle under way: its divisions as they stand now */
        snapshot(r, r->cur);
    return oom ? err_nomem(err) : MU_OK;
}

void report_free(report *r)
{
    for (int i = 0; i < r->nbats; i++) {
        rbattle *b = &r->bats[i];
        free(b->parts);
        free(b->losses);
        free(b->leads);
        free(b->rets);
        free(b->camps);
    }
    free(r->bats);
    free(r->divs);
    cJSON_Delete(r->log);
    memset(r, 0, sizeof *r);
}
