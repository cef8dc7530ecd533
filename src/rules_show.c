/* SPDX-License-Identifier: MIT */
/* rules_show.c -- the generation tables laid out as in the seed article.
 * The titles and column heads are in the reader's language; the names of
 * armies, theaters and outcomes are the rules file's keys (union, east,
 * despicable, green...), the same in every language. */
#include "error.h"
#include "grid.h"
#include "lang.h"
#include "rules.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

static const char *const titles[MU_TABLE_COUNT] = {
    N_("1.) Year and theater of operations"),
    N_("2.) Brigade, division and corps leader rating"),
    N_("3.) Divisional strength: number of brigades"),
    N_("4.) Brigade strength: number of stands"),
    N_("5.) Brigade morale rating"),
    N_("6.) Divisional artillery ratio: one battery per N stands")};

/* The faces of `outcome` as "01-10", "01-05, 50-55", or "-" for none. */
static void faces_text(const uint8_t *map, int outcome, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int f = 1; f <= 100; f++) {
        if (map[f] != outcome)
            continue;
        int g = f;
        while (g < 100 && map[g + 1] == outcome)
            g++;
        char a[6];
        util_faces_text(f, g, a);
        int w = snprintf(buf + used, n - used, "%s%s", used ? ", " : "", a);
        if (w < 0 || (size_t)w >= n - used)
            break;
        used += (size_t)w;
        f = g;
    }
    if (!used)
        snprintf(buf, n, "-");
}

static void render_theater(const rules_table *t, grid *g)
{
    grid_init(g, NYEARS + 1);
    grid_add(g);
    grid_setf(g, 0, "%s", _("theater"));
    for (int y = 0; y < NYEARS; y++)
        grid_setf(g, y + 1, "%d", y + MU_YEAR_FIRST);
    for (int th = 0; th < 2; th++) {
        grid_add(g);
        grid_setf(g, 0, "%s", mu_theater_name((mu_theater)th));
        for (int y = 0; y < NYEARS; y++) {
            char buf[160];
            faces_text(t->map, y * 2 + th, buf, sizeof buf);
            grid_setf(g, y + 1, "%s", buf);
        }
    }
}

static void outcome_name(mu_table f, int v, char *buf, size_t n)
{
    if (f == MU_TABLE_LEADER)
        snprintf(buf, n, "%s", mu_rating_name((mu_rating)v));
    else if (f == MU_TABLE_MORALE)
        snprintf(buf, n, "%s", mu_morale_name((mu_morale)v));
    else
        snprintf(buf, n, "%d", v);
}

static void render_family(const mu_rules *r, mu_table f, grid *g)
{
    /* Columns: every outcome any table of the family has a key for. */
    uint64_t seen = 0;
    for (int k = 0; k < r->ntables; k++)
        if (r->tables[k].family == f)
            seen |= r->tables[k].keys_seen;
    int cols[64], ncols = 0;
    for (int v = 0; v < 64; v++)
        if (seen & (1ull << v))
            cols[ncols++] = v;
    /* In the order of the dice, as the seed prints them: by the lowest face
     * any table gives the outcome (artillery: 9 = 01-70 before 8 = 71-00),
     * then by value. Insertion sort: a handful of columns. */
    int low[64] = {0};
    for (int c = 0; c < ncols; c++) {
        low[c] = 101;
        for (int k = 0; k < r->ntables; k++)
            for (int face = 1; r->tables[k].family == f && face <= 100; face++)
                if (r->tables[k].map[face] == cols[c] && face < low[c])
                    low[c] = face;
    }
    for (int c = 1; c < ncols; c++)
        for (int j = c; j > 0 && (low[j - 1] > low[j] ||
                                  (low[j - 1] == low[j] && cols[j - 1] > cols[j]));
             j--) {
            int tv = cols[j], tl = low[j];
            cols[j] = cols[j - 1], low[j] = low[j - 1];
            cols[j - 1] = tv, low[j - 1] = tl;
        }
    grid_init(g, ncols + 2);
    grid_add(g);
    grid_setf(g, 0, "%s", _("army"));
    grid_setf(g, 1, "%s", f == MU_TABLE_MORALE ? _("theater, years") : _("years"));
    for (int c = 0; c < ncols; c++) {
        char name[32];
        outcome_name(f, cols[c], name, sizeof name);
        grid_setf(g, c + 2, "%s", name);
    }
    for (int k = 0; k < r->ntables; k++) {
        const rules_table *t = &r->tables[k];
        if (t->family != f)
            continue;
        grid_add(g);
        grid_setf(g, 0, "%s", t->army < 0 ? _("all")
                                          : mu_army_name((mu_army)t->army));
        char years[32];
        if (t->y0 == MU_YEAR_FIRST && t->y1 == MU_YEAR_LAST)
            snprintf(years, sizeof years, "%s", _("all"));
        else if (t->y0 == t->y1)
            snprintf(years, sizeof years, "%d", t->y0);
        else
            snprintf(years, sizeof years, "%d-%d", t->y0, t->y1);
        if (t->theater >= 0)
            grid_setf(g, 1, "%s %s", mu_theater_name((mu_theater)t->theater), years);
        else
            grid_setf(g, 1, "%s", years);
        for (int c = 0; c < ncols; c++) {
            char buf[160];
            faces_text(t->map, cols[c], buf, sizeof buf);
            grid_setf(g, c + 2, "%s", buf);
        }
    }
}

mu_status mu_rules_render(const mu_rules *r, const mu_render_opts *ro,
                          char **out, mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    mu_format fmt = ro ? ro->format : MU_FMT_TEXT;
    if (fmt != MU_FMT_TEXT && fmt != MU_FMT_MARKDOWN)
        return err_set(err, MU_EINPUT,
                       "rules are shown as text or markdown, not %s",
                       fmt == MU_FMT_CSV ? "csv" : "json");
    sbuf sb = {0};
    for (int f = 0; f < MU_TABLE_COUNT; f++) {
        grid g;
        if (f == MU_TABLE_THEATER)
            render_theater(&r->tables[r->index[f][0][0][0]], &g);
        else
            render_family(r, (mu_table)f, &g);
        mu_buf_printf(&sb, fmt == MU_FMT_MARKDOWN ? "%s### %s\n" : "%s%s\n",
                      f ? "\n" : "", _(titles[f]));
        grid_emit(&g, &sb, fmt == MU_FMT_MARKDOWN, 99);
    }
    return sb_finish(&sb, out, err);
}
