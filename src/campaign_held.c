/* campaign_held.c -- what each side holds prisoner, camp by camp: stands by
 * brigade of origin, leaders, batteries. One builder for `prisoners` and
 * `show` (text, Markdown and one JSON shape), masked for the viewer: of the
 * other side's unrevealed hidden division only the stands and batteries
 * held show (they are in plain sight), never its brigades or who its
 * captured leaders are. */
#include "campaign.h"
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
#define MASK "(?1 >= 0 AND d.side <> ?1 AND d.hidden AND NOT d.revealed)"

/* Every item in the order they are listed: holder first (the Union),
 * then camp, kind, and within a kind by division and brigade (stands,
 * batteries) or as taken (leaders); of one holder (?2) and one kind (?3)
 * when those are not -1. Sorted by SQLite, so a list of any length is
 * written row by row. */
static const char held_sql[] =
    "SELECT side, camp, div, name, hidden, b, count, post, rating, kind "
    "FROM (SELECT 1 - d.side AS captor, 0 AS kind, d.side AS side, p.camp "
    "AS camp, p.division AS div, d.name AS name, " MASK " AS hidden, CASE "
    "WHEN " MASK " THEN 0 ELSE p.brigade END AS b, sum(p.stands) AS count, 0 "
    "AS post, 0 AS rating, p.division AS k FROM prisoners p JOIN divisions d "
    "ON d.id = p.division GROUP BY p.camp, p.division, b "
    "UNION ALL SELECT 1 - d.side, 1, d.side, l.camp, l.division, d.name, "
    MASK ", l.brigade, 1, l.post, coalesce(l.rating, 1), l.id FROM "
    "leaders_held l JOIN divisions d ON d.id = l.division "
    "UNION ALL SELECT 1 - d.side, 2, d.side, b.camp, b.division, d.name, "
    MASK ", 0, sum(b.batteries), 0, 0, b.division FROM batteries_held b "
    "JOIN divisions d ON d.id = b.division GROUP BY b.camp, b.division) "
    "WHERE (?2 < 0 OR captor = ?2) AND (?3 < 0 OR kind = ?3) "
    "ORDER BY captor, camp, kind, k, b";

static bool held_row(sqlite3_stmt *st, held_item *h)
{
    bool ok = true;
    memset(h, 0, sizeof *h);
    h->side = camp_col(st, 0, &ok) != 0;
    h->captor = 1 - h->side;
    camp_copy_name(h->camp, (const char *)sqlite3_column_text(st, 1));
    h->div = camp_col(st, 2, &ok);
    camp_copy_name(h->name, (const char *)sqlite3_column_text(st, 3));
    h->hidden = camp_col(st, 4, &ok) != 0;
    h->brigade = camp_col(st, 5, &ok);
    h->count = camp_col(st, 6, &ok);
    h->post = camp_col(st, 7, &ok);
    h->rating = camp_col(st, 8, &ok);
    h->kind = camp_col(st, 9, &ok);
    if (h->hidden)
        h->brigade = h->post = h->rating = 0;
    return ok && (unsigned)h->rating < 3 && (unsigned)h->post < 2 &&
           (unsigned)h->kind < 3;
}

typedef mu_status (*held_fn)(void *ctx, const held_item *it, mu_error *err);

/* Each item of `captor` and `kind` (-1: all) as `viewer` may see it, in
 * order, to fn(); the output goes to the sink after each. */
static mu_status held_each(mu_campaign *c, int viewer, int captor, int kind,
                           held_fn fn, void *ctx, wr_out *o, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, held_sql, &st, err);
    if (s != MU_OK)
        return s;
    sqlite3_bind_int(st, 1, viewer);
    sqlite3_bind_int(st, 2, captor);
    sqlite3_bind_int(st, 3, kind);
    int rc;
    held_item it;
    while (s == MU_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (!held_row(st, &it))
            s = camp_damaged(c, err);
        else if ((s = fn(ctx, &it, err)) == MU_OK && o)
            s = wr_out_record(o, err);
    }
    sqlite3_finalize(st);
    if (s == MU_OK && rc != SQLITE_DONE)
        s = camp_sql_fail(c, rc, "reading", err);
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

static mu_status held_totals(mu_campaign *c, int viewer, held_sums *t,
                             mu_error *err)
{
    memset(t, 0, sizeof *t);
    return held_each(c, viewer, -1, -1, add_item, t, NULL, err);
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
    sb_printf(sb, "%s%s division %d \"%s\"", md ? "- " : pre,
              mu_army_name((mu_army)it->side), it->div, it->name);
    if (it->kind == H_STANDS) {
        if (it->hidden)
            sb_puts(sb, " (hidden)");
        else
            sb_printf(sb, " brigade %d", it->brigade);
        sb_printf(sb, ": %d stand%s\n", it->count, it->count == 1 ? "" : "s");
    } else if (it->kind == H_LEADERS) {
        if (it->hidden)
            sb_puts(sb, " (hidden): a leader\n");
        else if (it->post == MU_POST_BRIGADE)
            sb_printf(sb, ": the brigadier of brigade %d (%s)\n", it->brigade,
                      mu_rating_name((mu_rating)it->rating));
        else
            sb_printf(sb, ": the division leader (%s)\n",
                      mu_rating_name((mu_rating)it->rating));
    } else {
        sb_printf(sb, ": %d batter%s\n", it->count,
                  it->count == 1 ? "y" : "ies");
    }
}

/* "Held by the Union in Camp Douglas:" before a camp's prisoners. */
static void camp_head(const held_item *it, const char *pre, bool md, sbuf *sb)
{
    char camp[2 * CAMP_NAME_MAX + 1];
    const char *who = it->captor == MU_UNION ? "Union" : "Confederates";
    if (md) {
        camp_md_name(it->camp, camp, sizeof camp);
        sb_printf(sb, "%s**Held by the %s in %s:**\n\n", pre, who, camp);
    } else {
        sb_printf(sb, "%sHeld by the %s in %s:\n", pre, who, it->camp);
    }
}

/* "3 Confederate stands", with ", 1 leader, 2 batteries" when any are
 * held by anyone (`more`). */
static void count_text(const int64_t t[3], const char *side, bool more,
                       sbuf *sb)
{
    sb_printf(sb, "%" PRId64 " %s stand%s", t[0], side, t[0] == 1 ? "" : "s");
    if (more)
        sb_printf(sb, ", %" PRId64 " leader%s, %" PRId64 " batter%s", t[1],
                  t[1] == 1 ? "" : "s", t[2], t[2] == 1 ? "y" : "ies");
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
    mu_status s = show ? held_totals(c, viewer, &t, err) : MU_OK;
    if (s != MU_OK)
        return s;
    const int64_t *u = t.tot[MU_UNION], *k = t.tot[MU_CONFEDERATE];
    bool more = show && u[1] + u[2] + k[1] + k[2] > 0;
    sbuf *sb = &o->sb;
    if (show) {
        sb_puts(sb, "Prisoners: the Union holds ");
        count_text(u, "Confederate", more, sb);
        sb_puts(sb, "; the Confederates hold ");
        count_text(k, "Union", more, sb);
        sb_puts(sb, md && t.n ? ".\n\n" : ".\n"); /* a paragraph of its own */
    }
    held_lines x = {.sb = sb, .show = show, .md = md, .captor = -1};
    if ((s = held_each(c, viewer, -1, -1, item_line, &x, o, err)) != MU_OK)
        return s;
    if (md && x.any)
        sb_puts(sb, "\n");
    if (!show) {
        t = x.sums;
        u = t.tot[MU_UNION];
        k = t.tot[MU_CONFEDERATE];
        more = u[1] + u[2] + k[1] + k[2] > 0;
        sb_puts(sb, "The Union holds ");
        count_text(u, "Confederate", more, sb);
        sb_puts(sb, "; the Confederates hold ");
        count_text(k, "Union", more, sb);
        sb_puts(sb, ".\n");
    }
    return MU_OK;
}
