/* SPDX-License-Identifier: MIT */
/* render_oob.c -- orders of battle as text, JSON, JSONL, CSV and Markdown. */
#include "error.h"
#include "lang.h"
#include "grid.h"
#include "render.h"
#include "writer.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- JSON --------------------------------------------------------------- */

/* A corps' members as its JSON tree once printed them, written directly:
 * 64 divisions with their rolls take no tree of some thirty thousand
 * nodes. */
static void corps_members(jw *w, const mu_corps *c, const mu_labels *l,
                          bool theater_roll)
{
    jw_str(w, "army", mu_army_name(c->army));
    jw_int(w, "year", c->year);
    jw_str(w, "theater", mu_theater_name(c->theater));
    jw_str(w, "leader", mu_rating_name(c->leader));
    jw_str(w, "leader_rolled", mu_rating_name(c->leader_rolled));
    jw_arr(w, "divisions");
    for (int i = 0; i < c->ndivisions; i++)
        render_division_jw(w, NULL, &c->divisions[i], l, NULL);
    jw_end(w);
    jw_int(w, "stands", c->stands);
    jw_int(w, "batteries", c->batteries);
    jw_int(w, "reserve", c->reserve);
    jw_arr(w, "rolls");
    if (theater_roll && c->theater_rolled)
        render_roll_jw(w, &c->theater_roll);
    render_roll_jw(w, &c->leader_roll);
    jw_end(w);
}

/* ---- text --------------------------------------------------------------- */

static void corps_text(const mu_corps *c, const mu_render_opts *o,
                       const lang_text *t, sbuf *sb, sbuf *cells)
{
    unsigned long n = (unsigned long)c->ndivisions;
    mu_buf_printf(sb, dngettext(LANG_DOMAIN, "%s corps, %s %d: %d division\n",
                                "%s corps, %s %d: %d divisions\n", n),
                  c->army == MU_UNION ? _("Union") : _("Confederate"),
                  lang_theater(c->theater),
                  c->year, c->ndivisions);
    mu_buf_printf(sb, _("  Corps leader: %s (rolled %d%s)\n"),
                  t->w[LW_DESPICABLE + c->leader], c->leader_roll.roll,
                  c->leader != c->leader_rolled ? t->w[LW_BY_BOOK]
                  : c->leader == MU_DESPICABLE  ? t->w[LW_MARK_DP]
                                                : "");
    /* Seed 000: a despicable corps leader is permanently attached to one of
     * his division leaders. muster's reading: the first division's, as in
     * a campaign, where it is the division whose engagement rolled him. */
    if (c->leader == MU_DESPICABLE && c->ndivisions > 0)
        mu_buf_puts(sb, _("  He stays with the leader of division 1 for good "
                          "(a despicable corps leader is attached to one of his "
                          "division leaders)\n"));
    for (int i = 0; i < c->ndivisions; i++) {
        mu_buf_puts(sb, "\n");
        render_division_text(&c->divisions[i], o, t, (uint64_t)i + 1, sb,
                             cells, "  ");
    }
    mu_buf_puts(sb, _("\n  Corps total: "));
    mu_buf_printf(sb, dngettext(LANG_DOMAIN, "%d stand", "%d stands",
                                (unsigned long)c->stands), c->stands);
    mu_buf_puts(sb, ", ");
    mu_buf_printf(sb, dngettext(LANG_DOMAIN, "%d battery", "%d batteries",
                                (unsigned long)c->batteries), c->batteries);
    mu_buf_printf(sb, _(", %d to the %s\n"), c->reserve,
                  t->w[c->army == MU_UNION ? LW_ARMY_RESERVE : LW_CORPS_RESERVE]);
}

/* ---- Markdown ----------------------------------------------------------- */

static void corps_md(const mu_corps *c, const mu_render_opts *o, sbuf *sb)
{
    char buf[96];
    lang_text t;
    lang_init(&t);
    render_rating_md(&t, c->leader, c->leader_rolled, buf, sizeof buf);
    mu_buf_printf(sb, c->army == MU_UNION ? _("## Union corps\n\n")
                                          : _("## Confederate corps\n\n"));
    mu_buf_printf(sb, _("Corps leader: **%s** · %d stands · "), buf, c->stands);
    mu_buf_printf(sb, dngettext(LANG_DOMAIN, "%d battery, %d to the %s\n\n",
                                "%d batteries, %d to the %s\n\n",
                                (unsigned long)c->batteries),
                  c->batteries, c->reserve, render_reserve_name(&t, c->army, true));
    if (c->leader == MU_DESPICABLE && c->ndivisions > 0) /* as corps_text */
        mu_buf_puts(sb, _("The corps leader stays with the leader of division 1 "
                          "for good.\n\n"));
    for (int i = 0; i < c->ndivisions; i++)
        render_division_md(&c->divisions[i], o, i + 1, true, sb);
}

/* ---- entry points ------------------------------------------------------- */

/* A corps (battle NULL, one side) or a battle (its two sides), in any
 * format: the two entry points are one page with or without a battle's
 * head. */
static void oob_text(const mu_battle *b, const mu_corps *sides, int n,
                     const mu_render_opts *o, sbuf *sb, sbuf *cells)
{
    lang_text t;
    lang_init(&t);
    if (b)
        mu_buf_printf(sb, b->theater == MU_EAST ? _("Battle in the Eastern theater, %d%s\n")
                                                : _("Battle in the Western theater, %d%s\n"),
                      b->year, b->theater_rolled ? "" : _(" (given)"));
    const mu_roll *rolled = b ? (b->theater_rolled ? &b->theater_roll : NULL)
                              : (sides->theater_rolled ? &sides->theater_roll : NULL);
    if (rolled)
        mu_buf_printf(sb, "%s%d\n", t.w[LW_THEATER_ROLLED], rolled->roll);
    for (int a = 0; a < n; a++) {
        if (b)
            mu_buf_puts(sb, "\n");
        corps_text(&sides[a], o, &t, sb, cells);
    }
    if (b)
        mu_buf_puts(sb, "\n");
    render_seed_footer(o, &t, sb);
}

static void oob_json(const mu_battle *b, const mu_corps *sides, int n,
                     const mu_render_opts *o, sbuf *sb)
{
    jw w;
    jw_init(&w, sb, o->format == MU_FMT_JSON, 0);
    jw_obj(&w, NULL);
    if (!b) {
        corps_members(&w, sides, o->labels, true);
    } else {
        jw_int(&w, "year", b->year);
        jw_str(&w, "theater", mu_theater_name(b->theater));
        jw_arr(&w, "rolls");
        if (b->theater_rolled)
            render_roll_jw(&w, &b->theater_roll);
        jw_end(&w);
        for (int a = 0; a < n; a++) {
            jw_obj(&w, a ? "confederate" : "union");
            corps_members(&w, &sides[a], o->labels, false);
            jw_end(&w);
        }
    }
    render_jw_seed(&w, o);
    jw_end(&w);
    sb_ch(sb, '\n');
}

static mu_status render_oob(const mu_battle *b, const mu_corps *sides, int n,
                            const mu_render_opts *o, char **out, mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    if (!sides || !o)
        return err_set(err, MU_EINPUT, "nothing to render");
    char seed[24] = "";
    size_t seedlen = o->has_seed ? wr_u64(seed, o->seed) : 0;
    sbuf sb = {0}, cells = {0};
    switch (o->format) {
    case MU_FMT_TEXT:
        oob_text(b, sides, n, o, &sb, &cells);
        break;
    case MU_FMT_JSON:
    case MU_FMT_JSONL:
        oob_json(b, sides, n, o, &sb);
        break;
    case MU_FMT_CSV:
        mu_buf_puts(&sb, render_csv_header);
        for (int a = 0; a < n; a++)
            for (int i = 0; i < sides[a].ndivisions; i++)
                render_division_csv(&sides[a].divisions[i], o, (uint64_t)i + 1,
                                    mu_rating_name(sides[a].leader), seed,
                                    seedlen, &sb);
        break;
    case MU_FMT_MARKDOWN:
        if (b)
            mu_buf_printf(&sb, b->theater == MU_EAST ? _("# Battle in the Eastern theater, %d\n\n")
                                                     : _("# Battle in the Western theater, %d\n\n"),
                          b->year);
        for (int a = 0; a < n; a++)
            corps_md(&sides[a], o, &sb);
        render_seed_md(o, &sb);
        break;
    }
    mu_buf_free(&cells);
    return sb_finish(&sb, out, err);
}

mu_status mu_corps_render(const mu_corps *c, const mu_render_opts *o,
                          char **out, mu_error *err)
{
    return render_oob(NULL, c, 1, o, out, err);
}

mu_status mu_battle_render(const mu_battle *b, const mu_render_opts *o,
                           char **out, mu_error *err)
{
    return render_oob(b, b ? b->sides : NULL, 2, o, out, err);
}
