/* SPDX-License-Identifier: MIT */
/* report_render.c -- the after-action report (report.c's model) as text,
 * Markdown to paste into a forum post, a self-contained HTML page, or
 * JSON. Every word through gettext; every name escaped for its format. */
#include "report.h"
#include "grid.h"
#include "lang.h"
#include "render.h"

#include <stdarg.h>
#include <string.h>

/* ---- the document: headings, paragraphs and tables in one format -------- */

typedef struct rdoc {
    mu_report_format f;
    sbuf *sb;
} rdoc;

static void esc_to(mu_report_format f, const char *s, bool cell, sbuf *sb)
{
    char one[2] = {0};
    for (; *s; s++) {
        one[0] = *s;
        if (f == MU_REPORT_HTML)
            mu_buf_puts(sb, *s == '&' ? "&amp;" : *s == '<' ? "&lt;"
                        : *s == '>' ? "&gt;" : *s == '"' ? "&quot;"
                        : *s == '\'' ? "&#39;" : one);
        else if (f == MU_REPORT_MARKDOWN && strchr(cell ? "\\`*_[]<>#"
                                                     : "\\`*_[]<>#|", *s))
            mu_buf_printf(sb, "\\%s", one); /* (grid escapes a cell's '|') */
        else
            mu_buf_puts(sb, one);
    }
}

static void doc_head(rdoc *d, int level, const char *s)
{
    static const char *const md[] = {"", "# ", "## ", "### "};
    if (d->f == MU_REPORT_HTML) {
        mu_buf_printf(d->sb, "<h%d>", level);
        esc_to(d->f, s, false, d->sb);
        mu_buf_printf(d->sb, "</h%d>\n", level);
        return;
    }
    if (level > 1)
        mu_buf_puts(d->sb, "\n");
    mu_buf_printf(d->sb, "%s%s", d->f == MU_REPORT_MARKDOWN ? md[level]
                                 : level == 3 ? "  " : "", "");
    esc_to(d->f, s, false, d->sb);
    mu_buf_puts(d->sb, "\n");
}

static void doc_para(rdoc *d, const char *s)
{
    if (d->f == MU_REPORT_HTML)
        mu_buf_puts(d->sb, "<p>");
    else if (d->f == MU_REPORT_MARKDOWN)
        mu_buf_puts(d->sb, "\n");
    esc_to(d->f, s, false, d->sb);
    mu_buf_puts(d->sb, d->f == MU_REPORT_HTML ? "</p>\n" : "\n");
}

/* A cell: printf's text, escaped now for Markdown (HTML escapes when
 * written). */
static void cell(const rdoc *d, grid *g, int col, const char *fmt, ...)
    MU_PRINTF(4, 5);
static void cell(const rdoc *d, grid *g, int col, const char *fmt, ...)
{
    sbuf s = {0}, t = {0};
    va_list ap;
    va_start(ap, fmt);
    mu_buf_vprintf(&s, fmt, ap);
    va_end(ap);
    esc_to(d->f == MU_REPORT_MARKDOWN ? d->f : MU_REPORT_TEXT,
           s.p ? s.p : "", true, &t);
    grid_setf(g, col, "%s", t.p ? t.p : "");
    g->oom |= s.oom || t.oom;
    mu_buf_free(&s);
    mu_buf_free(&t);
}

static void html_table(const grid *g, sbuf *sb, int right_from)
{
    mu_buf_puts(sb, "<table>\n");
    for (int r = 0; r < g->rows; r++) {
        mu_buf_puts(sb, "<tr>");
        for (int c = 0; c < g->cols; c++) {
            const char *s = g->cells[r * g->cols + c];
            mu_buf_puts(sb, r == 0 ? "<th>" : c >= right_from ? "<td class=\"n\">"
                                                               : "<td>");
            esc_to(MU_REPORT_HTML, s ? s : "", true, sb);
            mu_buf_puts(sb, r == 0 ? "</th>" : "</td>");
        }
        mu_buf_puts(sb, "</tr>\n");
    }
    mu_buf_puts(sb, "</table>\n");
}

/* The table under its title (level 3), or "none" when it has no rows;
 * then the grid is freed. */
static void doc_table(rdoc *d, const char *title, grid *g, int right_from)
{
    doc_head(d, 3, title);
    if (g->oom)
        d->sb->oom = true;
    else if (g->rows < 2)
        (void)(d->f == MU_REPORT_TEXT ? mu_buf_puts(d->sb, "    ") : (void)0,
               doc_para(d, _("none")));
    else if (d->f == MU_REPORT_HTML)
        html_table(g, d->sb, right_from);
    else if (d->f == MU_REPORT_MARKDOWN)
        (void)(mu_buf_puts(d->sb, "\n"), grid_markdown(g, d->sb, right_from));
    else
        grid_text(g, d->sb, 4, right_from);
    grid_free(g);
}

static void header(grid *g, const char *const *words, int n)
{
    grid_init(g, n);
    const char *h[8];
    for (int i = 0; i < n && i < 8; i++)
        h[i] = _(words[i]);
    grid_row(g, h);
}

static const char *report_side(int side)
{
    return side ? "confederate" : "union";
}

static const char *side_word(int side)
{
    return side ? P_("side", "Confederate") : P_("side", "Union");
}

static const char *div_name(const report *r, int id)
{
    return id < r->ndivs && r->divs[id].name ? r->divs[id].name : "?";
}

static bool div_hidden(const report *r, int id)
{
    return id < r->ndivs && r->divs[id].hidden;
}

/* ---- a battle's sections: one writer for the page's tables and JSON ----- */

/* A section's rows being written: cells of the page's table, or the
 * members of an object of the JSON's array. */
typedef struct rrow {
    const report *r;
    const rbattle *b;
    int side;     /* the side whose rows are written */
    rdoc *d;      /* the page's (NULL: JSON, to w) */
    jw *w;
    grid g;
    int col;      /* the page's next cell */
    bool open;    /* a JSON object to close */
} rrow;

/* A string member, none when the text is NULL (as cJSON left it out). */
static void jtext(jw *w, const char *key, const char *v)
{
    if (v)
        jw_str(w, key, v);
}

/* Begins a row (closing the one before it). */
static void row_open(rrow *o)
{
    if (o->d) {
        grid_add(&o->g);
    } else {
        if (o->open)
            jw_end(o->w);
        jw_obj(o->w, NULL);
        o->open = true;
    }
    o->col = 0;
}

/* Begins a row about division id: its name (JSON: its number, name and
 * whether it is hidden); false, and no row, for the other side's. A row
 * the viewer may not see is that much, and on the page the words
 * `masked` (NULL: seen); false too, nothing more to write. */
static bool row_div(rrow *o, int id, const char *masked)
{
    if (o->r->divs[id].side != o->side)
        return false;
    row_open(o);
    o->col = 1;
    if (o->d) {
        cell(o->d, &o->g, 0, "%s", div_name(o->r, id));
        if (masked)
            cell(o->d, &o->g, 1, "%s", masked);
        return !masked;
    }
    jw_int(o->w, "division", id);
    jtext(o->w, "name", div_name(o->r, id));
    if (div_hidden(o->r, id))
        jw_bool(o->w, "hidden", true);
    return !masked;
}

static const char *masked_if(bool hidden)
{
    return hidden ? _("a hidden division") : NULL;
}

static void r_int(rrow *o, const char *key, int v)
{
    if (o->d)
        grid_setf(&o->g, o->col++, "%d", v);
    else
        jw_int(o->w, key, v);
}

/* A text member, none when NULL. */
static void r_str(rrow *o, const char *key, const char *v)
{
    if (o->d)
        cell(o->d, &o->g, o->col++, "%s", v ? v : "");
    else
        jtext(o->w, key, v);
}

/* A number the viewer was not shown: null, "unknown" on the page. */
static void r_unknown(rrow *o, const char *key)
{
    if (o->d)
        cell(o->d, &o->g, o->col++, "%s", _("unknown"));
    else
        jw_null(o->w, key);
}

static void rows_parts(rrow *o)
{
    for (int i = 0; i < o->b->nparts; i++) {
        const rpart *p = &o->b->parts[i];
        if (!row_div(o, p->div, masked_if(div_hidden(o->r, p->div))))
            continue;
        if (p->known0) {
            r_int(o, "stands_start", p->s0);
            r_int(o, "batteries_start", p->b0);
        } else { /* hidden when it came, revealed since */
            r_unknown(o, "stands_start");
            r_unknown(o, "batteries_start");
        }
        r_int(o, "stands_end", p->s1);
        r_int(o, "batteries_end", p->b1);
    }
}

static void rows_losses(rrow *o)
{
    for (int i = 0; i < o->b->nlosses; i++) {
        const rloss *l = &o->b->losses[i];
        if (!row_div(o, l->div, masked_if(l->brigade < 0)))
            continue;
        if (l->brigade || !o->d) /* brigade 0: the batteries alone */
            r_int(o, "brigade", l->brigade);
        o->col = 2;
        r_int(o, "lost", l->lost);
        r_int(o, "captured", l->captured);
        r_int(o, "batteries_lost", l->bat_lost);
        r_int(o, "batteries_captured", l->bat_captured);
    }
}

/* A rating in the reader's words (the JSON keeps the rules' word). */
static const char *rating_word(const char *r)
{
    if (!r)
        return "?";
    if (!strcmp(r, "despicable"))
        return _("despicable");
    if (!strcmp(r, "average"))
        return _("average");
    return strcmp(r, "exceptional") ? r : _("exceptional");
}

static void leader_cells(rrow *o, const rlead *l)
{
    const rdoc *d = o->d;
    grid *g = &o->g;
    if (l->post && !strcmp(l->post, "brigade"))
        grid_setf(g, 1, _("brigadier, brigade %d"), l->brigade);
    else if (l->post && !strcmp(l->post, "corps"))
        cell(d, g, 1, _("corps leader, %s"), l->corps ? l->corps : "?");
    else
        cell(d, g, 1, "%s", _("division leader"));
    cell(d, g, 2, "%s", rating_word(l->was));
    if (l->captured)
        cell(d, g, 3, _("captured, held in %s"), l->camp);
    else
        cell(d, g, 3, "%s", _("killed or wounded"));
    if (l->roll)
        grid_setf(g, 4, _("%s (roll %d)"), rating_word(l->rating), l->roll);
    else
        cell(d, g, 4, "%s", rating_word(l->rating));
}

static void j_leader(jw *w, const rlead *l)
{
    jw_str(w, "post", l->post ? l->post : "?");
    if (l->brigade)
        jw_int(w, "brigade", l->brigade);
    jtext(w, "corps", l->corps);
    jw_str(w, "was", l->was ? l->was : "?");
    jw_bool(w, "captured", l->captured);
    if (l->captured)
        jtext(w, "camp", l->camp);
    jw_str(w, "replacement", l->rating ? l->rating : "?");
    if (l->roll)
        jw_int(w, "roll", l->roll);
}

static void rows_leaders(rrow *o)
{
    for (int i = 0; i < o->b->nleads; i++) {
        const rlead *l = &o->b->leads[i];
        if (!row_div(o, l->div, l->hidden ? _("a leader") : NULL))
            continue;
        if (o->d)
            leader_cells(o, l);
        else
            j_leader(o->w, l);
    }
}

static void rows_returns(rrow *o)
{
    for (int i = 0; i < o->b->nrets; i++) {
        const rret *t = &o->b->rets[i];
        if (!row_div(o, t->div, masked_if(t->hidden)))
            continue;
        r_int(o, "brigade", t->brigade);
        r_int(o, "lost", t->lost);
        if (!o->d) {
            jw_int(o->w, "whole", t->whole);
            jw_int(o->w, "threshold", t->threshold);
        }
        r_str(o, "rate", t->rate ? t->rate : "?");
        if (o->d && t->roll >= 0) /* as the log writes it: returned on <= */
            grid_setf(&o->g, 4, t->roll <= t->threshold ? "%d ≤ %d"
                      : "%d > %d", t->roll, t->threshold);
        else if (!o->d && t->roll >= 0)
            jw_int(o->w, "roll", t->roll);
        else if (!o->d)
            jw_null(o->w, "roll");
        o->col = 5;
        r_int(o, "returned", t->returned);
    }
}

static void rows_camps(rrow *o)
{
    for (int i = 0; i < o->b->ncamps; i++) {
        const rcamp *k = &o->b->camps[i];
        if (k->captor != o->side)
            continue;
        row_open(o);
        r_str(o, "camp", k->name);
        r_int(o, "stands", k->stands);
        r_int(o, "batteries", k->batteries);
        r_int(o, "leaders", k->leaders);
    }
}

/* A battle's sections, a side's each: a table on the page under its title
 * (its columns from right_from on numbers), an array in the JSON. */
static const struct rsec {
    const char *title, *key;
    const char *head[6];
    int ncols, right_from;
    void (*rows)(rrow *o);
} sections[] = {
    {N_("Divisions"), "divisions", {N_("Division"), N_("Stands at start"),
        N_("Batteries at start"), N_("Stands at end"),
        N_("Batteries at end")}, 5, 1, rows_parts},
    {N_("Losses"), "losses", {N_("Division"), N_("Brigade"), N_("Lost"),
        N_("Captured"), N_("Batteries lost"), N_("Batteries captured")}, 6, 2,
        rows_losses},
    {N_("Leaders"), "leaders", {N_("Division"), N_("Post"), N_("Rating"),
        N_("Fate"), N_("Replacement")}, 5, 5, rows_leaders},
    {N_("Returns"), "returns", {N_("Division"), N_("Brigade"), N_("Lost"),
        N_("Share"), N_("Roll"), N_("Returned")}, 6, 2, rows_returns},
    {N_("Prisoners taken"), "prisoners_taken", {N_("Camp"), N_("Stands"),
        N_("Batteries"), N_("Leaders")}, 4, 1, rows_camps},
};

/* Each side's sections of the battle o->b: under the side's heading on the
 * page, in the side's object in the JSON. */
static void battle_sides(rrow *o)
{
    for (int s = 0; s < 2; s++) {
        o->side = s;
        if (o->d)
            doc_head(o->d, 2, side_word(s));
        else
            jw_obj(o->w, report_side(s));
        for (size_t i = 0; i < sizeof sections / sizeof *sections; i++) {
            const struct rsec *x = &sections[i];
            if (o->d) {
                header(&o->g, x->head, x->ncols);
                x->rows(o);
                doc_table(o->d, _(x->title), &o->g, x->right_from);
            } else {
                jw_arr(o->w, x->key);
                o->open = false;
                x->rows(o);
                if (o->open)
                    jw_end(o->w);
                jw_end(o->w);
            }
        }
        if (!o->d)
            jw_end(o->w);
    }
}

static const char *outcome(const rbattle *b)
{
    if (!b->ended)
        return _("under way");
    if (!b->winner)
        return _("no winner");
    return strcmp(b->winner, "union") ? _("won by the Confederates")
                                      : _("won by the Union");
}

/* The battle's page after its title. */
static void battle_doc(rdoc *d, const report *r, const rbattle *b)
{
    sbuf t = {0};
    if (b->theater)
        mu_buf_printf(&t, strcmp(b->theater, "west") ? _("%d, eastern theater; %s")
                      : _("%d, western theater; %s"), b->year, outcome(b));
    else
        mu_buf_printf(&t, _("%d; %s"), b->year, outcome(b));
    doc_para(d, t.p ? t.p : "");
    d->sb->oom |= t.oom;
    mu_buf_free(&t);
    rrow o = {.r = r, .b = b, .d = d};
    battle_sides(&o);
}

/* ---- the war ------------------------------------------------------------ */

static const char *winner_word(const rbattle *b)
{
    if (!b->ended)
        return _("under way");
    if (!b->winner)
        return _("none");
    return side_word(strcmp(b->winner, "union") != 0);
}

static void war_battles(rdoc *d, const report *r)
{
    static const char *const h[] = {N_("Battle"), N_("Year"), N_("Winner"),
        N_("Union lost"), N_("Union captured"), N_("Confederate lost"),
        N_("Confederate captured")};
    grid g;
    header(&g, h, 7);
    for (int i = 0; i < r->nbats; i++) {
        const rbattle *b = &r->bats[i];
        grid_add(&g);
        cell(d, &g, 0, "%d. %s", b->n, b->name ? b->name : "?");
        grid_setf(&g, 1, "%d", b->year);
        cell(d, &g, 2, "%s", winner_word(b));
        for (int s = 0; s < 2; s++) {
            grid_setf(&g, 3 + 2 * s, "%d", b->in[s].lost);
            grid_setf(&g, 4 + 2 * s, "%d", b->in[s].captured);
        }
    }
    doc_table(d, _("Battles"), &g, 3);
}

static void war_side(rdoc *d, const report *r, int side)
{
    static const char *const h[] = {N_("After battle"), N_("Stands"),
        N_("Batteries"), N_("Lost"), N_("Captured"), N_("Prisoners held")};
    grid g;
    header(&g, h, 6);
    for (int i = 0; i < r->nbats; i++) {
        const rbattle *b = &r->bats[i];
        const rside *a = &b->after[side];
        grid_add(&g);
        cell(d, &g, 0, "%d. %s", b->n, b->name ? b->name : "?");
        grid_setf(&g, 1, "%d", a->stands);
        grid_setf(&g, 2, "%d", a->batteries);
        grid_setf(&g, 3, "%d", a->lost);
        grid_setf(&g, 4, "%d", a->captured);
        grid_setf(&g, 5, "%d", a->held);
    }
    doc_table(d, side ? _("Confederate strength, losses and prisoners")
                      : _("Union strength, losses and prisoners"), &g, 1);
}

/* The war's page after its title. */
static void war_doc(rdoc *d, const report *r)
{
    bool hidden = false;
    for (int i = 1; i < r->ndivs; i++)
        hidden |= r->divs[i].hidden;
    if (hidden)
        doc_para(d, _("Hidden divisions are not counted."));
    war_battles(d, r);
    war_side(d, r, 0);
    war_side(d, r, 1);
}

static const char html_head[] =
    "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<title>";
static const char html_style[] =
    "</title>\n<style>\nbody { font-family: sans-serif; max-width: 60em; "
    "margin: 1em auto; padding: 0 1em; }\ntable { border-collapse: collapse; "
    "margin: 0.5em 0; }\nth, td { border: 1px solid #999; padding: 0.2em "
    "0.5em; text-align: left; }\ntd.n { text-align: right; }\n</style>\n"
    "</head>\n<body>\n";

static mu_status report_render(const report *r, const rbattle *b, mu_report_format fmt,
                        sbuf *sb, mu_error *err)
{
    rdoc d = {fmt, sb};
    sbuf t = {0}; /* the title, the page's too */
    if (b)
        mu_buf_printf(&t, _("Battle %d: %s"), b->n, b->name ? b->name : "?");
    else
        mu_buf_printf(&t, _("The war: %s"), r->name ? r->name : "?");
    if (fmt == MU_REPORT_HTML) {
        mu_buf_puts(sb, html_head);
        esc_to(MU_REPORT_HTML, t.p ? t.p : "", false, sb);
        mu_buf_puts(sb, html_style);
    }
    doc_head(&d, 1, t.p ? t.p : "");
    sb->oom |= t.oom;
    mu_buf_free(&t);
    if (b)
        battle_doc(&d, r, b);
    else
        war_doc(&d, r);
    if (fmt == MU_REPORT_HTML)
        mu_buf_puts(sb, "</body>\n</html>\n");
    return sb->oom ? err_nomem(err) : MU_OK;
}

/* ---- JSON --------------------------------------------------------------- */

static void jnums(jw *w, const char *const *keys, const int *v, int n)
{
    for (int i = 0; i < n; i++)
        jw_int(w, keys[i], v[i]);
}

/* Opens a battle's object with its head. */
static void j_head(jw *w, const rbattle *b)
{
    jw_obj(w, NULL);
    jw_int(w, "battle", b->n);
    jw_str(w, "name", b->name ? b->name : "?");
    jw_int(w, "year", b->year);
    jtext(w, "theater", b->theater);
    jw_bool(w, "ended", b->ended);
    if (b->winner)
        jw_str(w, "winner", b->winner);
    else
        jw_null(w, "winner");
}

static void j_battle(jw *w, const report *r, const rbattle *b)
{
    rrow o = {.r = r, .b = b, .w = w};
    j_head(w, b);
    battle_sides(&o);
    jw_end(w);
}

static void j_war(jw *w, const report *r)
{
    static const char *const lk[] = {"lost", "captured", "batteries_lost",
                                      "batteries_captured", "leaders"};
    static const char *const ak[] = {"stands", "batteries", "lost",
                                      "captured", "prisoners_held"};
    jw_obj(w, NULL);
    jw_str(w, "campaign", r->name ? r->name : "?");
    jw_arr(w, "battles");
    for (int i = 0; i < r->nbats; i++) {
        const rbattle *b = &r->bats[i];
        j_head(w, b);
        for (int s = 0; s < 2; s++) {
            const rside *in = &b->in[s], *af = &b->after[s];
            jw_obj(w, report_side(s));
            jnums(w, lk, (const int[]){in->lost, in->captured, in->bat_lost,
                                       in->bat_captured, in->leaders}, 5);
            jw_obj(w, "after");
            jnums(w, ak, (const int[]){af->stands, af->batteries, af->lost,
                                       af->captured, af->held}, 5);
            jw_end(w);
            jw_end(w);
        }
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);
}

static mu_status report_json(const report *r, const rbattle *b, sbuf *sb,
                      mu_error *err)
{
    jw w;
    jw_init(&w, sb, false, 0);
    if (b)
        j_battle(&w, r, b);
    else
        j_war(&w, r);
    sb_ch(sb, '\n');
    return sb->oom ? err_nomem(err) : MU_OK;
}

/* ---- the report --------------------------------------------------------- */

mu_status mu_campaign_report(mu_campaign *c, mu_side viewer, int battle,
                             mu_report_format fmt, char **out,
                             mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    if (!c || !out)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (fmt < MU_REPORT_TEXT || fmt > MU_REPORT_HTML)
        return err_set(err, MU_EINPUT, "the report is written as text, json, "
                       "markdown or html");
    if (battle < 0)
        return err_set(err, MU_EINPUT, "battles are numbered from 1");
    report r;
    mu_status s = report_read(c, viewer, &r, err);
    const rbattle *b = NULL;
    for (int i = 0; s == MU_OK && battle && i < r.nbats && !b; i++)
        if (r.bats[i].n == battle)
            b = &r.bats[i];
    if (s == MU_OK && battle && !b)
        s = err_set(err, MU_EINPUT, "no battle %d: the campaign has fought "
                    "the battles 'campaign show' lists", battle);
    sbuf sb = {0};
    if (s == MU_OK)
        s = fmt == MU_REPORT_JSON ? report_json(&r, b, &sb, err)
                               : report_render(&r, b, fmt, &sb, err);
    report_free(&r);
    if (s == MU_OK && (sb.oom || !sb.p))
        s = err_nomem(err);
    if (s != MU_OK) {
        mu_buf_free(&sb);
        return s;
    }
    *out = sb.p;
    return MU_OK;
}
