/* campaign_held.c -- what each side holds prisoner, camp by camp: stands by
 * brigade of origin, leaders, batteries. One builder for `prisoners` and
 * `show` (text, Markdown and one JSON shape), masked for the viewer: of the
 * other side's unrevealed hidden division only the stands and batteries
 * held show (they are in plain sight), never its brigades or who its
 * captured leaders are. */
#include "campaign.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { H_STANDS, H_LEADERS, H_BATTERIES };

typedef struct held_item {
    int kind, seq;     /* H_*, and the order it was read in */
    int side, captor;  /* whose men, who holds them */
    char camp[CAMP_NAME_MAX + 1];
    char name[CAMP_NAME_MAX + 1]; /* the division's */
    int div;
    bool hidden;       /* masked for the viewer */
    int brigade;       /* stands, a brigadier */
    int count;         /* stands, batteries; 1 for a leader */
    int post, rating;  /* a leader */
} held_item;

struct camp_held_list {
    held_item *v;
    int n;
};

/* Masked: a division the viewer (?1, -1 the umpire) may not see in full. */
#define MASK "(?1 >= 0 AND d.side <> ?1 AND d.hidden AND NOT d.revealed)"

static const char *const list_sql[] = {
    "SELECT d.side, p.camp, p.division, d.name, " MASK ", CASE WHEN " MASK
    " THEN 0 ELSE p.brigade END AS b, sum(p.stands), 0, 0 FROM prisoners p "
    "JOIN divisions d ON d.id = p.division GROUP BY p.camp, p.division, b "
    "ORDER BY p.division, b",
    "SELECT d.side, l.camp, l.division, d.name, " MASK ", l.brigade, 1, "
    "l.post, coalesce(l.rating, 1) FROM leaders_held l JOIN divisions d ON "
    "d.id = l.division ORDER BY l.id",
    "SELECT d.side, b.camp, b.division, d.name, " MASK ", 0, "
    "sum(b.batteries), 0, 0 FROM batteries_held b JOIN divisions d ON d.id = "
    "b.division GROUP BY b.camp, b.division ORDER BY b.division",
};

static bool held_row(sqlite3_stmt *st, void *item)
{
    held_item *h = item;
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
    if (h->hidden)
        h->brigade = h->post = h->rating = 0;
    return ok && (unsigned)h->rating < 3 && (unsigned)h->post < 2;
}

/* Holder first (the Union), then camp, kind, and the order read. */
static int held_cmp(const void *a, const void *b)
{
    const held_item *x = a, *y = b;
    int c = x->captor - y->captor;
    if (!c)
        c = strcmp(x->camp, y->camp);
    if (!c)
        c = x->kind - y->kind;
    return c ? c : x->seq - y->seq;
}

mu_status camp_held_read(mu_campaign *c, int viewer, camp_held_list **out,
                         mu_error *err)
{
    camp_held_list *h = calloc(1, sizeof *h);
    if (!h)
        return err_nomem(err);
    mu_status s = MU_OK;
    for (int k = 0; k < 3 && s == MU_OK; k++) {
        sqlite3_stmt *st;
        void *v = NULL;
        int n = 0;
        if ((s = camp_prepare(c, list_sql[k], &st, err)) != MU_OK)
            break;
        sqlite3_bind_int(st, 1, viewer);
        if ((s = camp_collect(c, st, sizeof(held_item), held_row, &v, &n,
                              err)) != MU_OK)
            break;
        held_item *g = n ? realloc(h->v, (size_t)(h->n + n) * sizeof *g)
                         : h->v;
        if (n && !g) {
            free(v);
            s = err_nomem(err);
            break;
        }
        h->v = g;
        for (int i = 0; i < n; i++) {
            h->v[h->n] = ((held_item *)v)[i];
            h->v[h->n].kind = k;
            h->v[h->n].seq = h->n;
            h->n++;
        }
        free(v);
    }
    if (s != MU_OK) {
        camp_held_free(h);
        return s;
    }
    if (h->n)
        qsort(h->v, (size_t)h->n, sizeof *h->v, held_cmp);
    *out = h;
    return MU_OK;
}

void camp_held_free(camp_held_list *h)
{
    if (h) {
        free(h->v);
        free(h);
    }
}

void camp_held_totals(const camp_held_list *h, int captor, int64_t tot[3])
{
    tot[0] = tot[1] = tot[2] = 0;
    for (int i = 0; h && i < h->n; i++)
        if (h->v[i].captor == captor)
            tot[h->v[i].kind] += h->v[i].count;
}

int camp_held_batteries(const camp_held_list *h, int div)
{
    int n = 0;
    for (int i = 0; h && i < h->n; i++)
        if (h->v[i].kind == H_BATTERIES && h->v[i].div == div)
            n += h->v[i].count;
    return n;
}

/* ---- JSON --------------------------------------------------------------- */

static const char *const post_words[] = {"division", "brigade"};

static cJSON *item_json(const held_item *it)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "division", it->div);
    cJSON_AddStringToObject(o, "name", it->name);
    if (it->hidden)
        cJSON_AddBoolToObject(o, "hidden", true);
    if (it->kind == H_STANDS && !it->hidden)
        cJSON_AddNumberToObject(o, "brigade", it->brigade);
    if (it->kind == H_LEADERS && !it->hidden) {
        cJSON_AddStringToObject(o, "post", post_words[it->post]);
        if (it->post == MU_POST_BRIGADE)
            cJSON_AddNumberToObject(o, "brigade", it->brigade);
        cJSON_AddStringToObject(o, "rating",
                                mu_rating_name((mu_rating)it->rating));
    }
    if (it->kind != H_LEADERS)
        cJSON_AddNumberToObject(o, it->kind == H_STANDS ? "stands"
                                                        : "batteries",
                                it->count);
    cJSON_AddStringToObject(o, "camp", it->camp);
    return o;
}

/* One captor's object: {"stands":[...],"total":STANDS,"leaders":[...],
 * "batteries":[...],"camps":[{"name","stands","leaders","batteries"}]}. */
static cJSON *captor_json(const camp_held_list *h, int captor)
{
    static const char *const lists[] = {"stands", "leaders", "batteries"};
    cJSON *o = cJSON_CreateObject(), *a[3];
    int64_t tot[3];
    camp_held_totals(h, captor, tot);
    for (int k = 0; k < 3; k++) {
        a[k] = cJSON_AddArrayToObject(o, lists[k]);
        if (k == H_STANDS) /* the stands held, as before camps */
            cJSON_AddNumberToObject(o, "total", (double)tot[H_STANDS]);
    }
    cJSON *camps = cJSON_AddArrayToObject(o, "camps"), *cur = NULL;
    const char *last = NULL;
    int64_t n[3] = {0, 0, 0};
    for (int i = 0; i <= h->n; i++) {
        const held_item *it = i < h->n ? &h->v[i] : NULL;
        if (it && it->captor != captor)
            continue;
        if (last && (!it || strcmp(last, it->camp))) {
            for (int k = 0; k < 3; k++)
                cJSON_AddNumberToObject(cur, lists[k], (double)n[k]);
            n[0] = n[1] = n[2] = 0;
        }
        if (!it)
            break;
        if (!last || strcmp(last, it->camp)) {
            cur = cJSON_CreateObject();
            cJSON_AddStringToObject(cur, "name", it->camp);
            cJSON_AddItemToArray(camps, cur);
        }
        last = it->camp;
        n[it->kind] += it->count;
        cJSON_AddItemToArray(a[it->kind], item_json(it));
    }
    return o;
}

void camp_held_json(const camp_held_list *h, cJSON *into)
{
    cJSON_AddItemToObject(into, "held_by_union", captor_json(h, MU_UNION));
    cJSON_AddItemToObject(into, "held_by_confederate",
                          captor_json(h, MU_CONFEDERATE));
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

void camp_held_text(const camp_held_list *h, bool show, bool md, sbuf *sb)
{
    int64_t u[3], k[3];
    camp_held_totals(h, MU_UNION, u);
    camp_held_totals(h, MU_CONFEDERATE, k);
    bool more = u[1] + u[2] + k[1] + k[2] > 0;
    if (show) {
        sb_puts(sb, "Prisoners: the Union holds ");
        count_text(u, "Confederate", more, sb);
        sb_puts(sb, "; the Confederates hold ");
        count_text(k, "Union", more, sb);
        sb_puts(sb, md && h->n ? ".\n\n" : ".\n"); /* a paragraph of its own */
    }
    const char *last = NULL;
    int captor = -1;
    for (int i = 0; i < h->n; i++) {
        const held_item *it = &h->v[i];
        if (it->captor != captor || !last || strcmp(last, it->camp))
            camp_head(it, md ? (last ? "\n" : "") : show ? "  " : "", md, sb);
        captor = it->captor;
        last = it->camp;
        item_text(it, md, show ? "    " : "  ", sb);
    }
    if (md && last)
        sb_puts(sb, "\n");
    if (!show) {
        sb_puts(sb, "The Union holds ");
        count_text(u, "Confederate", more, sb);
        sb_puts(sb, "; the Confederates hold ");
        count_text(k, "Union", more, sb);
        sb_puts(sb, ".\n");
    }
}
