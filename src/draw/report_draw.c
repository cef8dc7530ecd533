/* SPDX-License-Identifier: MIT */
/* report_draw.c -- the after-action report drawn: its Markdown as
 * mu_campaign_report writes it for the viewer (so its words, language and
 * masking are the report's), laid out as headings, paragraphs and tables
 * on A4 pages (PDF) or one picture (PNG, SVG), and for the war three
 * charts of the plot's own drawing (mu_chart_draw): each side's strength,
 * stands lost and captured in all, and prisoners held, after each battle.
 * The charts' numbers are report.c's model of the same viewer's log, so a
 * side's picture shows what its report says and no more. Also the HTML
 * page with the charts as SVG in it, and the charts alone (the page's). */
#include "campaign/report.h"
#include "draw.h"
#include "lang.h"
#include "plot.h"
#include "writer.h"

#include <cairo-svg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PAGE_W 595.0
#define PAGE_H 842.0
#define MARGIN 40.0
#define BODY_W (PAGE_W - 2 * MARGIN)
#define CHART_H (BODY_W * MU_CHART_HEIGHT / MU_CHART_WIDTH)
#define CHART_GAP 14.0
#define NCHARTS 3

/* ---- the charts --------------------------------------------------------- */

/* Chart `what` (0 strength, 1 losses in all, 2 prisoners held): a line a
 * side over the battles, x = battle k at k + 0.5 (the axis' categories). */
static mu_status war_chart(const report *r, int what, mu_chart **out,
                           mu_error *err)
{
    static const char *const titles[] = {
        N_("Strength after each battle (stands)"),
        N_("Stands lost and captured, in all"),
        N_("Prisoners held after each battle (stands)")};
    mu_chart *c = plot_new();
    if (!c)
        return err_nomem(err);
    snprintf(c->title, sizeof c->title, "%s", _(titles[what]));
    snprintf(c->xlabel, sizeof c->xlabel, "%s", _("Battle"));
    snprintf(c->ylabel, sizeof c->ylabel, "%s", _("Stands"));
    c->integer_x = true;
    c->xmin = 1;
    c->xmax = r->nbats + 1;
    double top = 0;
    /* one battle: a short level line, which a single point would not show */
    size_t n = r->nbats > 1 ? (size_t)r->nbats : 2;
    for (int s = 0; s < 2; s++) {
        plot_line *L = &c->line[c->nlines++];
        snprintf(L->label, sizeof L->label, "%s",
                 s ? P_("side", "Confederate") : P_("side", "Union"));
        L->style = s;
        L->x = malloc(n * sizeof *L->x);
        L->y = malloc(n * sizeof *L->y);
        if (!L->x || !L->y) {
            mu_chart_free(c);
            return err_nomem(err);
        }
        L->n = n;
        for (size_t k = 0; k < n; k++) {
            const rside *a = &r->bats[r->nbats > 1 ? k : 0].after[s];
            double v = what == 0 ? a->stands
                     : what == 1 ? a->lost + a->captured : a->held;
            L->x[k] = r->nbats > 1 ? (double)k + 1.5 : 1.2 + 0.6 * (double)k;
            L->y[k] = v;
            top = v > top ? v : top;
        }
    }
    /* stands are whole: 5 at the least, a step of 1; room for the legend */
    double step;
    c->ymin = 0;
    c->ymax = plot_nice_max(top < 4 ? 5 : top * 1.25, 6, &step);
    mu_status st = plot_finish(c, err);
    return plot_done(st, c, out);
}

typedef struct page {
    char *text;        /* mu_campaign_report's Markdown */
    char title[256];   /* its first line's words */
    mu_chart *chart[NCHARTS];
    int ncharts;
} page;

static void page_free(page *p)
{
    free(p->text);
    for (int i = 0; i < p->ncharts; i++)
        mu_chart_free(p->chart[i]);
}

static mu_status page_read(mu_campaign *c, mu_side viewer, int battle,
                           const report *r, page *p, mu_error *err)
{
    memset(p, 0, sizeof *p);
    mu_status st = mu_campaign_report(c, viewer, battle, MU_REPORT_MARKDOWN,
                                      &p->text, err);
    for (int i = 0; st == MU_OK && !battle && r->nbats && i < NCHARTS; i++)
        if ((st = war_chart(r, i, &p->chart[i], err)) == MU_OK)
            p->ncharts++;
    if (st == MU_OK) {
        const char *t = p->text;
        t += strspn(t, "# ");
        snprintf(p->title, sizeof p->title, "%.*s", (int)strcspn(t, "\n"), t);
    }
    return st;
}

/* ---- the text: the report's Markdown laid out ---------------------------- */

/* Markdown as mu_campaign_report writes it: "# " the title, "## " a
 * side, "### " a table's name, a paragraph, or a table ("| a | b |", its
 * second row the columns' alignment), characters escaped by a backslash. */

typedef struct pen {
    cairo_t *cr;
    bool paged; /* a PDF: a new page where the next thing would not fit */
    double y;
} pen;

/* Room for h more points; false when a new page was begun for them. */
static bool pen_need(pen *w, double h)
{
    if (w->paged && w->y + h > PAGE_H - MARGIN && w->y > MARGIN) {
        cairo_show_page(w->cr);
        w->y = MARGIN;
        return false;
    }
    return true;
}

/* s[0..n) without its escaping backslashes, into t (emptied first). */
static void unescape(const char *s, size_t n, sbuf *t)
{
    t->len = 0;
    mu_buf_puts(t, "");
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n)
            i++;
        sb_put(t, s + i, 1);
    }
}

#define SANS "DejaVu Sans"

/* Text at (x, y), within width (0: unbounded; it wraps at word ends);
 * right: its right end at x + width. Returns its height; with draw
 * false only measures (*wide: its width). */
static double put_text(pen *w, const char *s, double pt, bool bold, double x,
                       double width, bool right, bool draw, double *wide)
{
    PangoLayout *lay = draw_layout(w->cr, s, SANS, pt, bold);
    if (width > 0 && !right) {
        pango_layout_set_width(lay, (int)(width * PANGO_SCALE));
        pango_layout_set_wrap(lay, PANGO_WRAP_WORD);
    }
    int lw, lh;
    pango_layout_get_size(lay, &lw, &lh);
    if (wide)
        *wide = (double)lw / PANGO_SCALE;
    if (draw) {
        cairo_set_source_rgb(w->cr, 0, 0, 0);
        cairo_move_to(w->cr, right ? x + width - (double)lw / PANGO_SCALE : x,
                      w->y);
        pango_cairo_show_layout(w->cr, lay);
    }
    g_object_unref(lay);
    return (double)lh / PANGO_SCALE;
}

#define TMAX_COLS 12

/* A table's rows, each cell unescaped: cells[r * cols + c]. */
typedef struct table {
    char **cells;
    int rows, cols;
    bool right[TMAX_COLS];
    double wide[TMAX_COLS], pt;
} table;

static void table_free(table *t)
{
    for (int i = 0; i < t->rows * t->cols; i++)
        free(t->cells[i]);
    free(t->cells);
}

/* The cells of one row "| a | b \| c |" (the escaped bar is a cell's). */
static int row_split(const char *l, size_t n, const char *at[], size_t len[])
{
    int k = 0;
    size_t i = l[0] == '|';
    while (i < n && k < TMAX_COLS) {
        size_t j = i;
        while (j < n && l[j] != '|')
            j += l[j] == '\\' && j + 1 < n ? 2 : 1;
        size_t a = i, b = j < n ? j : n;
        while (a < b && l[a] == ' ')
            a++;
        while (b > a && l[b - 1] == ' ')
            b--;
        if (j >= n && a == b)
            break;
        at[k] = l + a;
        len[k++] = b - a;
        i = j + 1;
    }
    return k;
}

/* The table at l (its lines begin with '|'); *next: the line after it. */
static bool table_read(const char *l, table *t, const char **next)
{
    memset(t, 0, sizeof *t);
    sbuf u = {0};
    bool ok = true;
    for (int line = 0; *l == '|'; line++) {
        size_t n = strcspn(l, "\n");
        const char *at[TMAX_COLS];
        size_t len[TMAX_COLS];
        int k = row_split(l, n, at, len);
        if (line == 0)
            t->cols = k;
        if (line == 1) {
            for (int c = 0; c < k && c < t->cols; c++)
                t->right[c] = len[c] && at[c][len[c] - 1] == ':';
        } else {
            char **cells = realloc(t->cells, (size_t)(t->rows + 1) *
                                   (size_t)t->cols * sizeof *cells);
            ok = ok && cells;
            if (cells) {
                t->cells = cells;
                for (int c = 0; c < t->cols; c++) {
                    unescape(c < k ? at[c] : "", c < k ? len[c] : 0, &u);
                    cells[t->rows * t->cols + c] = strdup(u.p ? u.p : "");
                    ok = ok && cells[t->rows * t->cols + c];
                }
                t->rows++;
            }
        }
        l += n + (l[n] == '\n');
    }
    ok = ok && !u.oom;
    mu_buf_free(&u);
    *next = l;
    return ok;
}

#define CELL_PAD 4.0

/* Its columns' widths at 9 points, smaller (down to 6) to fit the page. */
static void table_fit(pen *w, table *t)
{
    double total = 0;
    for (int c = 0; c < t->cols; c++) {
        t->wide[c] = 0;
        for (int r = 0; r < t->rows; r++) {
            double x;
            put_text(w, t->cells[r * t->cols + c], 9, r == 0, 0, 0, false,
                     false, &x);
            t->wide[c] = x > t->wide[c] ? x : t->wide[c];
        }
        total += t->wide[c] + 2 * CELL_PAD;
    }
    double k = total * 1.04 > BODY_W ? BODY_W / (total * 1.04) : 1;
    t->pt = 9 * (k < 6.0 / 9 ? 6.0 / 9 : k);
    for (int c = 0; c < t->cols; c++)
        t->wide[c] = t->wide[c] * t->pt / 9 * 1.04 + 2 * CELL_PAD;
}

static void table_row(pen *w, const table *t, int r, double h)
{
    double x = MARGIN;
    if (r == 0) { /* the head on grey */
        cairo_set_source_rgb(w->cr, 0.9, 0.9, 0.9);
        double all = 0;
        for (int c = 0; c < t->cols; c++)
            all += t->wide[c];
        cairo_rectangle(w->cr, MARGIN, w->y - 1, all, h);
        cairo_fill(w->cr);
    }
    for (int c = 0; c < t->cols; c++) {
        /* a cell never wraps: its column is as wide as its widest */
        put_text(w, t->cells[r * t->cols + c], t->pt, r == 0, x + CELL_PAD,
                 t->right[c] ? t->wide[c] - 2 * CELL_PAD : 0, t->right[c],
                 true, NULL);
        x += t->wide[c];
    }
    cairo_set_source_rgb(w->cr, 0.7, 0.7, 0.7);
    draw_line(w->cr, 0.5, MARGIN, w->y + h - 1, x, w->y + h - 1);
}

/* A table: its head again atop a new page. */
static void draw_table(pen *w, const table *t)
{
    double h = t->pt * 1.45 + 2;
    for (int r = 0; r < t->rows; r++) {
        if (!pen_need(w, h) && r > 0) {
            table_row(w, t, 0, h);
            w->y += h;
        }
        table_row(w, t, r, h);
        w->y += h;
    }
    w->y += 6;
}

static bool draw_text(pen *w, const page *p)
{
    sbuf u = {0};
    bool ok = true;
    for (const char *l = p->text; *l;) {
        size_t n = strcspn(l, "\n");
        if (*l == '|') {
            table t;
            ok = table_read(l, &t, &l) && ok;
            if (ok) {
                table_fit(w, &t);
                draw_table(w, &t);
            }
            table_free(&t);
            continue;
        }
        size_t hashes = strspn(l, "#");
        size_t skip = hashes && l[hashes] == ' ' ? hashes + 1 : 0;
        unescape(l + skip, n - skip, &u);
        static const double size[] = {9.5, 16, 13, 10.5};
        double pt = size[skip ? hashes : 0];
        if (n == 0) {
            w->y += 4;
        } else {
            /* a heading keeps a few lines after it on its page */
            pen_need(w, skip ? pt * 1.6 + 60 : pt * 1.4);
            w->y += skip ? pt * 0.4 : 0;
            w->y += put_text(w, u.p ? u.p : "", pt, skip > 0, MARGIN, BODY_W,
                             false, true, NULL) + 2;
        }
        l += n + (l[n] == '\n');
    }
    ok = ok && !u.oom;
    mu_buf_free(&u);
    return ok;
}

static mu_status draw_charts(pen *w, const page *p, mu_error *err)
{
    mu_status st = MU_OK;
    for (int i = 0; st == MU_OK && i < p->ncharts; i++) {
        w->y += CHART_GAP;
        pen_need(w, CHART_H);
        cairo_save(w->cr);
        cairo_translate(w->cr, MARGIN, w->y);
        /* mu_chart_draw paints its background: within its own box */
        cairo_rectangle(w->cr, 0, 0, BODY_W, CHART_H);
        cairo_clip(w->cr);
        st = mu_chart_draw(p->chart[i], w->cr, BODY_W, CHART_H, err);
        cairo_restore(w->cr);
        w->y += CHART_H;
    }
    return st;
}

/* The height of the whole report as one picture: laid out once unseen. */
static double page_height(const page *p)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
    pen w = {cairo_create(s), false, MARGIN};
    draw_text(&w, p);
    cairo_destroy(w.cr);
    cairo_surface_destroy(s);
    return w.y + p->ncharts * (CHART_GAP + CHART_H) + MARGIN;
}

/* What report_pic draws: the report (with_text) or its charts alone. */
typedef struct page_ud {
    const page *p;
    bool with_text, paged;
} page_ud;

static mu_status report_pic(cairo_t *cr, const void *ud, mu_error *err)
{
    const page_ud *u = ud;
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    pen w = {cr, u->paged, MARGIN};
    if (!u->with_text)
        w.y = MARGIN / 2 - CHART_GAP;
    else if (!draw_text(&w, u->p))
        return err_nomem(err);
    return draw_charts(&w, u->p, err);
}

/* The report (with_text) or its charts alone in format f, into m. The
 * words of the picture for search and screen readers (cairo draws SVG
 * text as glyph outlines): the report's text and the charts' words. */
static mu_status draw_page(const page *p, mu_file_format f, bool with_text,
                           sbuf *m, mu_error *err)
{
    double h = with_text ? page_height(p)
                         : MARGIN + p->ncharts * (CHART_GAP + CHART_H);
    bool paged = f == MU_FILE_PDF;
    const char *desc[1 + sizeof p->chart / sizeof *p->chart];
    int n = 0;
    if (with_text)
        desc[n++] = p->text;
    for (int i = 0; i < p->ncharts; i++)
        desc[n++] = mu_chart_text(p->chart[i]);
    page_ud u = {p, with_text, paged};
    draw_pic pic = {PAGE_W, paged ? PAGE_H : h, p->title, desc, n, report_pic,
                    &u};
    return draw_picture(&pic, f, m, err);
}

/* ---- the API ------------------------------------------------------------ */

static mu_status render_page(mu_campaign *c, mu_side viewer, int battle,
                             mu_file_format f, bool with_text, sbuf *m,
                             mu_error *err)
{
    report r;
    mu_status st = report_read(c, (int)viewer, &r, err);
    page p = {0};
    if (st == MU_OK)
        st = page_read(c, viewer, battle, &r, &p, err);
    if (st == MU_OK && (with_text || p.ncharts))
        st = draw_page(&p, f, with_text, m, err);
    page_free(&p);
    report_free(&r);
    return st;
}

mu_status mu_campaign_report_charts(mu_campaign *c, mu_side viewer,
                                    mu_file_format f, unsigned char **out,
                                    size_t *len, mu_error *err)
{
    if (!c || !out || !len)
        return err_set(err, MU_EINPUT, "no campaign or no battle to draw");
    if (f < MU_FILE_PNG || f > MU_FILE_PDF)
        return err_set(err, MU_EINPUT, "unknown picture format");
    sbuf m = {0};
    mu_status st = render_page(c, viewer, 0, f, false, &m, err);
    if (st == MU_OK && !m.len)
        st = err_set(err, MU_EINPUT, "no battle has been fought: no charts "
                     "yet");
    if (st != MU_OK) {
        mu_buf_free(&m);
        return st;
    }
    *out = (unsigned char *)m.p; /* the caller's */
    *len = m.len;
    return MU_OK;
}

/* The HTML page, the war's charts as one SVG before its end (one: cairo's
 * ids, the same in every SVG it writes, must not meet in one document). */
static mu_status report_html(mu_campaign *c, mu_side viewer, int battle,
                             sbuf *out, mu_error *err)
{
    char *html = NULL;
    mu_status st = mu_campaign_report(c, viewer, battle, MU_REPORT_HTML,
                                      &html, err);
    sbuf svg = {0};
    if (st == MU_OK && !battle)
        st = render_page(c, viewer, 0, MU_FILE_SVG, false, &svg, err);
    const char *end = html ? strstr(html, "</body>") : NULL;
    const char *tag = svg.p ? strstr(svg.p, "<svg") : NULL;
    if (st == MU_OK) {
        size_t at = end ? (size_t)(end - html) : strlen(html);
        sb_put(out, html, at);
        if (tag) /* as wide as the screen, on a phone too */
            mu_buf_printf(out, "<figure>\n<svg style=\"max-width: 100%%; "
                          "height: auto\"%.*s</figure>\n",
                          (int)(svg.len - (size_t)(tag + 4 - svg.p)), tag + 4);
        mu_buf_puts(out, html + at);
        if (out->oom)
            st = err_nomem(err);
    }
    free(html);
    mu_buf_free(&svg);
    return st;
}

mu_status mu_campaign_report_write(mu_campaign *c, mu_side viewer, int battle,
                                   const char *path, mu_error *err)
{
    size_t n = path ? strlen(path) : 0;
    sbuf m = {0};
    if (n > 5 && !strcasecmp(path + n - 5, ".html"))
        return draw_write_atomic(report_html(c, viewer, battle, &m, err), path,
                                 &m, err);
    mu_file_format f;
    mu_status st = mu_file_format_detect(path, &f, err);
    if (st == MU_OK)
        st = c && battle >= 0 ? render_page(c, viewer, battle, f, true, &m, err)
             : err_set(err, MU_EINPUT, "no campaign or no battle to draw");
    return draw_write_atomic(st, path, &m, err);
}
