/* SPDX-License-Identifier: MIT */
/* held.c -- what each side holds prisoner, camp by camp: stands by
 * brigade of origin, leaders, batteries. One builder for `prisoners` and
 * `show` (text, Markdown and one JSON shape), masked for the viewer: of the
 * other side's unrevealed hidden division only the stands and batteries
 * held show (they are in plain sight), never its brigades or who its
 * captured leaders are. */
#include "campaign.h"
#include "lang.h"
#include "writer.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { H_STANDS, H_LEADERS, H_BATTERIES };

typedef struct held_item {
    int kind;          /* H_* */
    int side, captor;  /* whose men, who holds them */
    char camp[CAMP_NAME_MAX + 1];
    char name[CAMP_NAME_MAX + 1]; /* the division's */
    int div;
    bool hidden;       /* masked for the viewer */
    int brigade;       /* stands, a brigadier */
    int count;         /* stands, batteries; 1 for a leader */
    int post, rating;  /* a leader */
} held_item;

/* Masked: a division the viewer (?1, -1 the umpire) may not see in full. */
#define MASK "(?1 >= 0 AND " CAMP_HIDDEN("d", "?1") ")"

/* The items are listed holder first (the Union), then camp, kind, and
 * within a kind by division and brigade (stands, batteries) or as taken
 * (leaders). A camp holds the men of one side only (camp_resolve refuses
 * any other), so its holder is the other side of any one of its men's:
 * the camps are walked in name order, each through the indexes of schema 7
 * (prisoners_camp, leaders_held_camp, batteries_held_camp), twice (once a
 * holder), and each camp's items are read in index order. Nothing is
 * sorted, so the first item is written at once and a list of any length
 * row by row. */
#define NEXT_CAMP(op)                                                          \
    "SELECT min(m) FROM (SELECT min(camp) AS m FROM prisoners WHERE camp "    \
    op " ?1 UNION ALL SELECT min(camp) FROM leaders_held WHERE camp " op      \
    " ?1 UNION ALL SELECT min(camp) FROM batteries_held WHERE camp " op       \
    " ?1)"

enum { Q_FIRST, Q_NEXT, Q_SIDE, Q_STANDS, Q_LEADERS, Q_BATTERIES, Q_N };
_Static_assert(Q_N == CAMP_HELD_QUERIES, "camp_held_sql's length");

/* Each kind's query reads side, division, name, hidden, brigade, count,
 * post, rating of the items in camp ?2. A hidden division's stands count
 * as one item of brigade 0 (held_each adds its brigades' rows up). */
const char *const camp_held_sql[Q_N] = {
    NEXT_CAMP(">="),
    NEXT_CAMP(">"),
    "SELECT d.side FROM prisoners p JOIN divisions d ON d.id = p.division "
    "WHERE p.camp = ?1 UNION ALL SELECT d.side FROM leaders_held l JOIN "
    "divisions d ON d.id = l.division WHERE l.camp = ?1 UNION ALL SELECT "
    "d.side FROM batteries_held b JOIN divisions d ON d.id = b.division "
    "WHERE b.camp = ?1 LIMIT 1",
    "SELECT d.side, p.division, d.name, " MASK ", CASE WHEN " MASK " THEN 0 "
    "ELSE p.brigade END, p.stands, 0, 0 FROM prisoners p JOIN divisions d ON "
    "d.id = p.division WHERE p.camp = ?2 ORDER BY p.division, p.brigade",
    "SELECT d.side, l.division, d.name, " MASK ", l.brigade, 1, l.post, "
    "coalesce(l.rating, 1) FROM leaders_held l JOIN divisions d ON d.id = "
    "l.division WHERE l.camp = ?2 ORDER BY l.id",
    "SELECT d.side, b.division, d.name, " MASK ", 0, sum(b.batteries), 0, 0 "
    "FROM batteries_held b JOIN divisions d ON d.id = b.division WHERE "
    "b.camp = ?2 GROUP BY b.division ORDER BY b.division",
};

/* One row of a kind's query; the count is added up by the caller. */
static bool held_row(sqlite3_stmt *st, int kind, const char *camp,
                     held_item *h, int64_t *count)
{
    bool ok = true;
    memset(h, 0, sizeof *h);
    h->kind = kind;
    h->side = camp_col(st, 0, &ok) != 0;
    h->captor = 1 - h->side;
    camp_copy_name(h->camp, camp);
    h->div = camp_col(st, 1, &ok);
    camp_copy_name(h->name, (const char *)sqlite3_column_text(st, 2));
    h->hidden = camp_col(st, 3, &ok) != 0;
    h->brigade = camp_col(st, 4, &ok);
    *count = camp_col(st, 5, &ok);
    h->post = camp_col(st, 6, &ok);
    h->rating = camp_col(st, 7, &ok);
    if (h->hidden)
        h->brigade = h->post = h->rating = 0;
    return ok && (unsigned)h->rating < 3 && (unsigned)h->post < 2;
}

typedef mu_status (*held_fn)(void *ctx, const held_item *it, mu_error *err);

/* The walk: its statements, the viewer, and where the items go. */
typedef struct held_walk {
    mu_campaign *c;
    sqlite3_stmt *q[Q_N];
    held_fn fn;
    void *ctx;
    wr_out *o;
} held_walk;

/* Hands an item to fn(), then the output to the sink. */
static mu_status held_put(held_walk *w, held_item *it, int64_t count,
                          mu_error *err)
{
    if (count > CAMP_VALUE_MAX)
        return camp_damaged(w->c, err);
    it->count = (int)count;
    mu_status s = w->fn(w->ctx, it, err);
    return s == MU_OK && w->o ? wr_out_record(w->o, err) : s;
}

/* A camp's name as stored: every byte, a NUL among them too (the walk
 * goes on from it: a name cut at a NUL would be found again), and a NUL
 * after them. */
typedef struct camp_key {
    char *s;
    int n;
} camp_key;

/* The items of one kind in one camp, in order; the rows of one division
 * and brigade (every brigade of a masked division) are one item. */
static mu_status held_kind(held_walk *w, int kind, const camp_key *camp,
                           mu_error *err)
{
    sqlite3_stmt *st = w->q[Q_STANDS + kind];
    sqlite3_reset(st);
    sqlite3_bind_text(st, 2, camp->s, camp->n, SQLITE_STATIC);
    held_item it, row;
    int64_t count = 0, n;
    bool have = false;
    mu_status s = MU_OK;
    int rc;
    while (s == MU_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (!held_row(st, kind, camp->s, &row, &n) || n < 0) {
            s = camp_damaged(w->c, err);
        } else if (have && kind == H_STANDS && row.div == it.div &&
                   row.brigade == it.brigade) {
            count += n;
        } else {
            if (have)
                s = held_put(w, &it, count, err);
            it = row;
            count = n;
            have = true;
        }
    }
    if (s == MU_OK && rc != SQLITE_DONE)
        s = camp_sql_fail(w->c, rc, "reading", err);
    if (s == MU_OK && have)
        s = held_put(w, &it, count, err);
    sqlite3_reset(st);
    return s;
}

/* The first camp after `after` (NULL: the first of all) that holds anyone,
 * and whose men it holds: name->s is the caller's to free, NULL after the
 * last. */
static mu_status next_camp(held_walk *w, const camp_key *after,
                           camp_key *name, int *side, mu_error *err)
{
    sqlite3_stmt *st = w->q[after ? Q_NEXT : Q_FIRST];
    sqlite3_bind_text(st, 1, after ? after->s : "", after ? after->n : 0,
                      SQLITE_TRANSIENT);
    int rc = sqlite3_step(st);
    const char *v = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0)
                                     : NULL;
    *name = (camp_key){NULL, v ? sqlite3_column_bytes(st, 0) : 0};
    if (v && (name->s = malloc((size_t)name->n + 1)) != NULL) {
        memcpy(name->s, v, (size_t)name->n);
        name->s[name->n] = '\0';
    }
    sqlite3_reset(st);
    if (rc != SQLITE_ROW)
        return camp_sql_fail(w->c, rc, "reading", err);
    if (!v)
        return MU_OK;
    if (!name->s)
        return err_nomem(err);
    st = w->q[Q_SIDE];
    sqlite3_bind_text(st, 1, name->s, name->n, SQLITE_STATIC);
    rc = sqlite3_step(st);
    *side = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
    sqlite3_reset(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE
               ? MU_OK : camp_sql_fail(w->c, rc, "reading", err);
}

/* Each item of `captor` and `kind` (-1: all) as `viewer` may see it, in
 * order, to fn(); the output goes to the sink after each. */
static mu_status held_each(mu_campaign *c, int viewer, int captor, int kind,
                           held_fn fn, void *ctx, wr_out *o, mu_error *err)
{
    held_walk w = {.c = c, .fn = fn, .ctx = ctx, .o = o};
    mu_status s = MU_OK;
    for (int i = 0; i < Q_N && s == MU_OK; i++)
        if ((s = camp_prepare(c, camp_held_sql[i], &w.q[i], err)) == MU_OK &&
            i >= Q_STANDS)
            sqlite3_bind_int(w.q[i], 1, viewer);
    for (int h = 0; h < 2 && s == MU_OK; h++) {
        if (captor >= 0 && h != captor)
            continue;
        camp_key name = {NULL, 0}, next;
        int side = -1;
        s = next_camp(&w, NULL, &name, &side, err);
        while (s == MU_OK && name.s) {
            for (int k = 0; k < 3 && s == MU_OK && side == 1 - h; k++)
                if (kind < 0 || k == kind)
                    s = held_kind(&w, k, &name, err);
            next = (camp_key){NULL, 0};
            if (s == MU_OK)
                s = next_camp(&w, &name, &next, &side, err);
            free(name.s);
            name = next;
        }
        free(name.s);
    }
    for (int i = 0; i < Q_N; i++)
        camp_finalize(c, w.q[i]);
    return s;
}

/* Stands, leaders and batteries held by each captor, and how many items. */
typedef struct held_sums {
    int64_t tot[2][3];
    int64_t n;
} held_sums;

static mu_status add_item(void *ctx, const held_item *it, mu_error *err)
{
    held_sums *t = ctx;
    (void)err;
    t->tot[it->captor][it->kind] += it->count;
    t->n++;
    return MU_OK;
}

/* ---- JSON --------------------------------------------------------------- */

static const char *const post_words[] = {"division", "brigade"};

/* A JSON list's items, and what they add up to. */
typedef struct item_list {
    jw *w;
    int64_t total;
} item_list;

static mu_status item_jw(void *ctx, const held_item *it, mu_error *err)
{
    item_list *x = ctx;
    jw *w = x->w;
    (void)err;
    x->total += it->count;
    jw_obj(w, NULL);
    jw_int(w, "division", it->div);
    jw_str(w, "name", it->name);
    if (it->hidden)
        jw_bool(w, "hidden", true);
    if (it->kind == H_STANDS && !it->hidden)
        jw_int(w, "brigade", it->brigade);
    if (it->kind == H_LEADERS && !it->hidden) {
        jw_str(w, "post", post_words[it->post]);
        if (it->post == MU_POST_BRIGADE)
            jw_int(w, "brigade", it->brigade);
        jw_str(w, "rating", mu_rating_name((mu_rating)it->rating));
    }
    if (it->kind != H_LEADERS)
        jw_int(w, it->kind == H_STANDS ? "stands" : "batteries", it->count);
    jw_str(w, "camp", it->camp);
    jw_end(w);
    return MU_OK;
}

static const char *const lists[] = {"stands", "leaders", "batteries"};

/* The camps of one captor, each with its sums: the items come in camp
 * order, so a camp is written when the next begins. */
typedef struct camp_sum {
    jw *w;
    bool open;
    char name[CAMP_NAME_MAX + 1];
    int64_t n[3];
} camp_sum;

static void camp_sum_end(camp_sum *k)
{
    if (!k->open)
        return;
    jw_obj(k->w, NULL);
    jw_str(k->w, "name", k->name);
    for (int i = 0; i < 3; i++)
        jw_int(k->w, lists[i], k->n[i]);
    jw_end(k->w);
    k->open = false;
}

static mu_status camp_add(void *ctx, const held_item *it, mu_error *err)
{
    camp_sum *k = ctx;
    (void)err;
    if (k->open && strcmp(k->name, it->camp))
        camp_sum_end(k);
    if (!k->open) {
        memset(k->n, 0, sizeof k->n);
        snprintf(k->name, sizeof k->name, "%s", it->camp);
        k->open = true;
    }
    k->n[it->kind] += it->count;
    return MU_OK;
}

/* One captor's object: {"stands":[...],"total":STANDS,"leaders":[...],
 * "batteries":[...],"camps":[{"name","stands","leaders","batteries"}]}. */
static mu_status captor_jw(mu_campaign *c, int viewer, int captor, jw *w,
                           wr_out *o, mu_error *err)
{
    mu_status s = MU_OK;
    jw_obj(w, captor == MU_UNION ? "held_by_union" : "held_by_confederate");
    for (int k = 0; k < 3 && s == MU_OK; k++) {
        item_list x = {w, 0};
        jw_arr(w, lists[k]);
        s = held_each(c, viewer, captor, k, item_jw, &x, o, err);
        jw_end(w);
        if (k == H_STANDS) /* the stands held, as before camps */
            jw_int(w, "total", x.total);
    }
    camp_sum sum = {.w = w};
    jw_arr(w, "camps");
    if (s == MU_OK)
        s = held_each(c, viewer, captor, -1, camp_add, &sum, o, err);
    camp_sum_end(&sum);
    jw_end(w);
    jw_end(w);
    return s;
}

mu_status camp_held_json(mu_campaign *c, int viewer, jw *w, wr_out *o,
                         mu_error *err)
{
    mu_status s = captor_jw(c, viewer, MU_UNION, w, o, err);
    if (s == MU_OK)
        s = captor_jw(c, viewer, MU_CONFEDERATE, w, o, err);
    return s;
}

/* ---- text --------------------------------------------------------------- */

static void item_text(const held_item *it, bool md, const char *pre,
                      sbuf *sb)
{
    mu_buf_puts(sb, md ? "- " : pre);
    mu_buf_printf(sb, _("%s division %d \"%s\""),
                  it->side == MU_UNION ? _("union") : _("confederate"), it->div,
                  it->name);
    if (it->kind == H_STANDS) {
        if (it->hidden)
            mu_buf_puts(sb, _(" (hidden)"));
        else
            mu_buf_printf(sb, _(" brigade %d"), it->brigade);
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, ": %d stand\n", ": %d stands\n",
                                    (unsigned long)it->count), it->count);
    } else if (it->kind == H_LEADERS) {
        const char *r = dgettext(LANG_DOMAIN, mu_rating_name((mu_rating)it->rating));
        if (it->hidden)
            mu_buf_puts(sb, _(" (hidden): a leader\n"));
        else if (it->post == MU_POST_BRIGADE)
            mu_buf_printf(sb, _(": the brigadier of brigade %d (%s)\n"), it->brigade, r);
        else
            mu_buf_printf(sb, _(": the division leader (%s)\n"), r);
    } else {
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, ": %d battery\n", ": %d batteries\n",
                                    (unsigned long)it->count), it->count);
    }
}

/* "Held by the Union in Camp Douglas:" before a camp's prisoners. */
static void camp_head(const held_item *it, const char *pre, bool md, sbuf *sb)
{
    char camp[2 * CAMP_NAME_MAX + 1];
    bool u = it->captor == MU_UNION;
    if (md) {
        camp_md_name(it->camp, camp, sizeof camp);
        mu_buf_puts(sb, pre);
        mu_buf_printf(sb, u ? _("**Held by the Union in %s:**\n\n")
                      : _("**Held by the Confederates in %s:**\n\n"), camp);
    } else {
        mu_buf_puts(sb, pre);
        mu_buf_printf(sb, u ? _("Held by the Union in %s:\n")
                      : _("Held by the Confederates in %s:\n"), it->camp);
    }
}

/* "3 Confederate stands", with ", 1 leader, 2 batteries" when any are
 * held by anyone (`more`). */
static void count_text(const int64_t t[3], bool union_, bool more, sbuf *sb)
{
    char n[24];
    snprintf(n, sizeof n, "%" PRId64, t[0]);
    unsigned long k = t[0] == 1 ? 1 : 2;
    mu_buf_printf(sb, union_ ? dngettext(LANG_DOMAIN, "%s Union stand", "%s Union stands", k)
                             : dngettext(LANG_DOMAIN, "%s Confederate stand",
                                         "%s Confederate stands", k), n);
    if (more) {
        snprintf(n, sizeof n, "%" PRId64, t[1]);
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, ", %s leader", ", %s leaders",
                                    t[1] == 1 ? 1 : 2), n);
        snprintf(n, sizeof n, "%" PRId64, t[2]);
        mu_buf_printf(sb, dngettext(LANG_DOMAIN, ", %s battery", ", %s batteries",
                                    t[2] == 1 ? 1 : 2), n);
    }
}

/* The listing: a camp's head when the holder or the camp changes. */
typedef struct held_lines {
    sbuf *sb;
    bool show, md;
    int captor;
    bool any;
    char last[CAMP_NAME_MAX + 1];
    held_sums sums; /* what the listing adds up to */
} held_lines;

static mu_status item_line(void *ctx, const held_item *it, mu_error *err)
{
    held_lines *x = ctx;
    add_item(&x->sums, it, err);
    if (it->captor != x->captor || !x->any || strcmp(x->last, it->camp))
        camp_head(it, x->md ? (x->any ? "\n" : "") : x->show ? "  " : "",
                  x->md, x->sb);
    x->captor = it->captor;
    x->any = true;
    snprintf(x->last, sizeof x->last, "%s", it->camp);
    item_text(it, x->md, x->show ? "    " : "  ", x->sb);
    return MU_OK;
}

/* show's summary comes first, so its totals are added up first; the
 * prisoners listing's comes last, added up as the items are written. */
mu_status camp_held_text(mu_campaign *c, int viewer, bool show, bool md,
                         wr_out *o, mu_error *err)
{
    held_sums t = {0};
    mu_status s = show ? held_each(c, viewer, -1, -1, add_item, &t, NULL, err)
                       : MU_OK;
    if (s != MU_OK)
        return s;
    const int64_t *u = t.tot[MU_UNION], *k = t.tot[MU_CONFEDERATE];
    bool more = show && u[1] + u[2] + k[1] + k[2] > 0;
    sbuf *sb = &o->sb;
    if (show) {
        mu_buf_puts(sb, _("Prisoners: the Union holds "));
        count_text(u, false, more, sb);
        mu_buf_puts(sb, _("; the Confederates hold "));
        count_text(k, true, more, sb);
        mu_buf_puts(sb, md && t.n ? ".\n\n" : ".\n"); /* a paragraph of its own */
    }
    held_lines x = {.sb = sb, .show = show, .md = md, .captor = -1};
    if ((s = held_each(c, viewer, -1, -1, item_line, &x, o, err)) != MU_OK)
        return s;
    if (md && x.any)
        mu_buf_puts(sb, "\n");
    if (!show) {
        t = x.sums;
        u = t.tot[MU_UNION];
        k = t.tot[MU_CONFEDERATE];
        more = u[1] + u[2] + k[1] + k[2] > 0;
        mu_buf_puts(sb, _("The Union holds "));
        count_text(u, false, more, sb);
        mu_buf_puts(sb, _("; the Confederates hold "));
        count_text(k, true, more, sb);
        mu_buf_puts(sb, ".\n");
    }
    return MU_OK;
}
