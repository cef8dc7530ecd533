/* SPDX-License-Identifier: MIT */
/* plot_draw.c -- drawing a chart with cairo and pango, and writing it as
 * PNG, SVG or PDF to memory or to a file (temporary file, then rename);
 * the fire quick-reference card and a link's card (its QR code drawn).
 * The chart model is plot_model.c: only this file and roster_draw.c need
 * cairo and pango: they are the muster_draw library, which the everyday
 * muster tool does not link (cli/handoff.c). */
#include "draw.h"
#include "lang.h"
#include "plot.h"
#include "util.h"
#include "writer.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <errno.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- styles ------------------------------------------------------------- */

/* Okabe-Ito colours, each with its own dash pattern: two series differ in
 * line style even where their colours print as the same grey. */
typedef struct style {
    double r, g, b;
    double dash[4];
    int ndash;
    double width;
    int hatch; /* bars: 0 solid, 1 diagonal lines, 2 cross-hatch, 3 dots */
} style;

static const style styles[] = {
    {0.000, 0.447, 0.698, {0}, 0, 2.6, 0},              /* blue, solid      */
    {0.835, 0.369, 0.000, {8, 4}, 2, 2.6, 1},           /* vermillion, dash */
    {0.000, 0.620, 0.451, {0.5, 4.5}, 2, 3.2, 2},       /* green, dots      */
    {0.800, 0.475, 0.655, {10, 3, 2, 3}, 4, 2.4, 3},    /* purple, dash-dot */
    {0.902, 0.624, 0.000, {14, 5}, 2, 2.4, 1},          /* orange, long     */
    {0.337, 0.706, 0.914, {5, 2, 1, 2}, 4, 2.4, 2},     /* sky blue         */
    {0.000, 0.000, 0.000, {2, 2}, 2, 2.0, 3},           /* black, short     */
    {0.941, 0.894, 0.259, {0}, 0, 3.0, 0},              /* yellow, solid    */
};
#define NSTYLES (int)(sizeof styles / sizeof *styles)

static const style *style_of(int i)
{
    return &styles[(i < 0 ? 6 : i) % NSTYLES];
}

static void set_line(cairo_t *cr, const style *s)
{
    cairo_set_source_rgb(cr, s->r, s->g, s->b);
    cairo_set_line_width(cr, s->width);
    cairo_set_dash(cr, s->dash, s->ndash, 0);
    cairo_set_line_cap(cr, s->ndash && s->dash[0] < 1 ? CAIRO_LINE_CAP_ROUND
                                                      : CAIRO_LINE_CAP_BUTT);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
}

/* ---- text --------------------------------------------------------------- */

#define FONT "DejaVu Sans"

typedef struct text {
    double w, h;
} text;

void draw_line(cairo_t *cr, double width, double x0, double y0, double x1,
               double y1)
{
    cairo_set_line_width(cr, width);
    cairo_move_to(cr, x0, y0);
    cairo_line_to(cr, x1, y1);
    cairo_stroke(cr);
}

PangoLayout *draw_layout(cairo_t *cr, const char *s, const char *font,
                         double pt, bool bold)
{
    PangoLayout *lay = pango_cairo_create_layout(cr);
    pango_cairo_context_set_resolution(pango_layout_get_context(lay), 72);
    pango_layout_context_changed(lay);
    PangoFontDescription *fd = pango_font_description_from_string(font);
    pango_font_description_set_size(fd, (gint)(pt * PANGO_SCALE));
    pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD
                                               : PANGO_WEIGHT_NORMAL);
    pango_layout_set_font_description(lay, fd); /* a copy */
    pango_font_description_free(fd);
    pango_layout_set_text(lay, s, -1);
    return lay;
}

/* Lays out s at size pt (bold or not); with draw, draws it with its
 * anchor point (x, y): ax 0 left, 0.5 centre, 1 right; ay likewise from the
 * top. rot: 0, or -90 for a vertical label. */
static text put_w(cairo_t *cr, const char *s, double pt, bool bold, double x,
                  double y, double ax, double ay, double rot, bool draw,
                  double maxw)
{
    PangoLayout *lay = draw_layout(cr, s, FONT, pt, bold);
    if (maxw > 0) { /* long titles wrap at word ends */
        pango_layout_set_width(lay, (int)(maxw * PANGO_SCALE));
        pango_layout_set_wrap(lay, PANGO_WRAP_WORD);
    }
    int w, h;
    pango_layout_get_size(lay, &w, &h);
    text t = {(double)w / PANGO_SCALE, (double)h / PANGO_SCALE};
    if (draw) {
        cairo_save(cr);
        cairo_translate(cr, x, y);
        if (rot != 0)
            cairo_rotate(cr, rot * M_PI / 180);
        cairo_move_to(cr, -ax * t.w, -ay * t.h);
        pango_cairo_show_layout(cr, lay);
        cairo_restore(cr);
    }
    g_object_unref(lay);
    return t;
}

static text put(cairo_t *cr, const char *s, double pt, bool bold, double x,
                double y, double ax, double ay, double rot, bool draw)
{
    return put_w(cr, s, pt, bold, x, y, ax, ay, rot, draw, 0);
}

/* Numbers on axes: "22.5", "30", "0.25" ("22,5" in German). */
static void tick_text(double v, double step, char *buf, size_t n)
{
    int dec = 0;
    while (dec < 3 && fabs(step * pow(10, dec) - round(step * pow(10, dec))) >
                          1e-9)
        dec++;
    snprintf(buf, n, "%.*f", dec, fabs(v) < 1e-12 ? 0.0 : v);
    lang_decimal(buf, strlen(buf) + 1);
}

/* ---- layout ------------------------------------------------------------- */

typedef struct frame {
    double W, H;             /* canvas */
    double l, r, t, b;       /* plot area */
    double xstep, ystep, x2step;
} frame;

static double fx(const frame *f, const mu_chart *c, double x)
{
    return f->l + (x - c->xmin) / (c->xmax - c->xmin) * (f->r - f->l);
}

static double fy(const frame *f, const mu_chart *c, double y)
{
    return f->b - (y - c->ymin) / (c->ymax - c->ymin) * (f->b - f->t);
}

static void draw_titles(cairo_t *cr, const mu_chart *c, frame *f)
{
    cairo_set_source_rgb(cr, 0, 0, 0);
    double y = 12;
    double maxw = f->W - 36;
    text t = put_w(cr, c->title, 17, true, 18, y, 0, 0, 0, true, maxw);
    y += t.h + 2;
    if (c->subtitle[0]) {
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
        t = put_w(cr, c->subtitle, 12.5, false, 18, y, 0, 0, 0, true, maxw);
        y += t.h;
    }
    f->t = y + (c->x2scale > 0 ? 48 : 16);
}

static void draw_axes(cairo_t *cr, const mu_chart *c, frame *f)
{
    char b[32];
    /* grid and y ticks */
    cairo_set_dash(cr, NULL, 0, 0);
    for (double v = c->ymin; v <= c->ymax + f->ystep * 1e-6; v += f->ystep) {
        double y = fy(f, c, v);
        cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
        draw_line(cr, 0.8, f->l, y, f->r, y);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        tick_text(v, f->ystep, b, sizeof b);
        put(cr, b, 13, false, f->l - 6, y, 1, 0.5, 0, true);
    }
    /* x ticks: categories for bars (centred on k + 0.5), numbers otherwise */
    double xs = f->xstep;
    if (c->integer_x) {
        for (double k = c->xmin; k < c->xmax - 0.5; k += xs) {
            cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
            tick_text(k, 1, b, sizeof b);
            put(cr, b, 13, false, fx(f, c, k + 0.5), f->b + 5, 0.5, 0, 0, true);
        }
    }
    for (double v = c->xmin; !c->integer_x && v <= c->xmax + xs * 1e-6;
         v += xs) {
        double x = fx(f, c, v);
        cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
        draw_line(cr, 0.8, x, f->t, x, f->b);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        tick_text(v, xs, b, sizeof b);
        put(cr, b, 13, false, x, f->b + 5, 0.5, 0, 0, true);
    }
    if (c->x2scale > 0) {
        for (double v = 0; v <= c->xmax * c->x2scale + 1e-6; v += f->x2step) {
            double x = fx(f, c, v / c->x2scale);
            cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
            draw_line(cr, 1, x, f->t, x, f->t - 4);
            tick_text(v, f->x2step, b, sizeof b);
            put(cr, b, 12, false, x, f->t - 5, 0.5, 1, 0, true);
        }
        put(cr, c->x2label, 13, false, (f->l + f->r) / 2, f->t - 22, 0.5, 1,
            0, true);
    }
    /* frame, axis labels */
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_set_line_width(cr, 1.2);
    cairo_move_to(cr, f->l, f->t);
    cairo_line_to(cr, f->l, f->b);
    cairo_line_to(cr, f->r, f->b);
    if (c->x2scale > 0) {
        cairo_move_to(cr, f->l, f->t);
        cairo_line_to(cr, f->r, f->t);
    }
    cairo_stroke(cr);
    put(cr, c->xlabel, 14, false, (f->l + f->r) / 2, f->H - 8, 0.5, 1, 0,
        true);
    put(cr, c->ylabel, 14, false, 12, (f->t + f->b) / 2, 0.5, 0, -90, true);
}

/* ---- series ------------------------------------------------------------- */

static void draw_lines(cairo_t *cr, const mu_chart *c, const frame *f)
{
    cairo_save(cr);
    cairo_rectangle(cr, f->l - 2, f->t - 2, f->r - f->l + 4, f->b - f->t + 4);
    cairo_clip(cr);
    for (int i = 0; i < c->nlines; i++) {
        const plot_line *L = &c->line[i];
        set_line(cr, style_of(L->style));
        for (size_t k = 0; k < L->n; k++) {
            double x = fx(f, c, L->x[k]), y = fy(f, c, L->y[k]);
            if (k == 0)
                cairo_move_to(cr, x, y);
            else
                cairo_line_to(cr, x, y);
        }
        cairo_stroke(cr);
    }
    cairo_restore(cr);
}

/* A bar's box (x0, y0)-(x1, y1) filled in s's colour, solid or hatched. */
static void fill_bar(cairo_t *cr, const style *s, double x0, double y0,
                     double x1, double y1)
{
    if (s->hatch == 0) {
        cairo_set_source_rgb(cr, s->r, s->g, s->b);
        cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
        cairo_fill(cr);
        return;
    }
    cairo_save(cr);
    cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
    cairo_clip(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, s->r, s->g, s->b);
    cairo_set_dash(cr, NULL, 0, 0);
    cairo_set_line_width(cr, 1.6);
    double h = y1 - y0, w = x1 - x0;
    if (s->hatch == 3) {
        for (double y = y1 - 2.5; y > y0; y -= 4.5)
            for (double x = x0 + 2.5; x < x1; x += 4.5) {
                cairo_arc(cr, x, y, 1.3, 0, 2 * M_PI);
                cairo_fill(cr);
            }
    } else {
        for (double d = -h; d < w + h; d += 5) {
            cairo_move_to(cr, x0 + d, y1);
            cairo_line_to(cr, x0 + d + h, y0);
            if (s->hatch == 2) {
                cairo_move_to(cr, x0 + d, y0);
                cairo_line_to(cr, x0 + d + h, y1);
            }
        }
        cairo_stroke(cr);
    }
    cairo_restore(cr);
}

static void draw_bars(cairo_t *cr, const mu_chart *c, const frame *f)
{
    int nb = c->nbars;
    double unit = fx(f, c, 1) - fx(f, c, 0), gw = unit * 0.8, bw = gw / nb;
    for (int s = 0; s < nb; s++) {
        const plot_bars *B = &c->bars[s];
        const style *st = style_of(B->style);
        for (int k = B->lo; k <= B->hi; k++) {
            double p = B->p[k - B->lo];
            if (!(p > 0))
                continue;
            double x0 = fx(f, c, k + 0.5) - gw / 2 + s * bw;
            double y0 = fy(f, c, p), y1 = f->b;
            fill_bar(cr, st, x0, y0, x0 + bw, y1);
            if (bw > 3) {
                cairo_set_source_rgb(cr, st->r * 0.6, st->g * 0.6, st->b * 0.6);
                cairo_set_dash(cr, NULL, 0, 0);
                cairo_set_line_width(cr, 0.8);
                cairo_rectangle(cr, x0 + 0.4, y0 + 0.4, bw - 0.8, y1 - y0 - 0.4);
                cairo_stroke(cr);
            }
        }
    }
    /* simulated frequencies: black diamonds on white, on the bars' centres */
    for (int s = 0; s < nb; s++) {
        const plot_bars *B = &c->bars[s];
        if (!B->sim)
            continue;
        double r = bw / 2 < 4.5 ? (bw / 2 > 2.5 ? bw / 2 : 2.5) : 4.5;
        for (int k = B->lo; k <= B->hi; k++) {
            double q = B->sim[k - B->lo];
            if (!(q > 0))
                continue;
            double x = fx(f, c, k + 0.5) - gw / 2 + s * bw + bw / 2;
            double y = fy(f, c, q);
            cairo_move_to(cr, x, y - r);
            cairo_line_to(cr, x + r, y);
            cairo_line_to(cr, x, y + r);
            cairo_line_to(cr, x - r, y);
            cairo_close_path(cr);
            cairo_set_source_rgb(cr, 0, 0, 0);
            cairo_fill_preserve(cr);
            cairo_set_source_rgb(cr, 1, 1, 1);
            cairo_set_line_width(cr, 1);
            cairo_set_dash(cr, NULL, 0, 0);
            cairo_stroke(cr);
        }
    }
}

/* A label in a white box so that it reads over lines and bars. */
static void boxed(cairo_t *cr, const char *s, double pt, double x, double y,
                  double ax, double ay)
{
    text t = put(cr, s, pt, false, 0, 0, 0, 0, 0, false);
    double x0 = x - ax * t.w, y0 = y - ay * t.h;
    cairo_set_source_rgba(cr, 1, 1, 1, 0.92);
    cairo_rectangle(cr, x0 - 3, y0 - 1, t.w + 6, t.h + 2);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    put(cr, s, pt, false, x, y, ax, ay, 0, true);
}

static void draw_marks(cairo_t *cr, const mu_chart *c, const frame *f)
{
    int vlines = 0;
    for (int i = 0; i < c->nmarks; i++) {
        const plot_mark *m = &c->mark[i];
        double x = fx(f, c, m->x);
        const style *st = style_of(m->style);
        if (m->vline) { /* a mean: a line across the plot, labelled at top */
            cairo_set_source_rgb(cr, st->r * 0.8, st->g * 0.8, st->b * 0.8);
            double d[] = {5, 3};
            cairo_set_dash(cr, d, 2, 0);
            draw_line(cr, 1.6, x, f->t, x, f->b);
            cairo_set_dash(cr, NULL, 0, 0);
            double ax = x > (f->l + f->r) / 2 ? 1 : 0;
            boxed(cr, m->label, 12.5, x + (ax > 0 ? -4 : 4), f->t + 4 + 19 * vlines,
                  ax, 0);
            vlines++;
            continue;
        }
        double y = fy(f, c, m->y);
        cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
        double d[] = {2, 2};
        cairo_set_dash(cr, d, 2, 0);
        draw_line(cr, 1, x, y, x, f->b);
        cairo_set_dash(cr, NULL, 0, 0);
        cairo_arc(cr, x, y, 4.5, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_set_line_width(cr, 1.5);
        cairo_stroke(cr);
        if (m->quiet)
            continue;
        /* the label up and to the right, or left near the right edge */
        bool left = x > f->l + (f->r - f->l) * 0.6;
        double lx = x + (left ? -14 : 14), ly = y - 22 - 16 * (i % 3);
        if (ly < f->t + 2)
            ly = y + 12;
        cairo_set_source_rgb(cr, 0, 0, 0);
        draw_line(cr, 1, x + (left ? -3 : 3), y - 3, lx, ly + 8);
        boxed(cr, m->label, 13, lx, ly, left ? 1 : 0, 0.5);
    }
}

static void legend_sample(cairo_t *cr, const mu_chart *c, int i, double x,
                          double y)
{
    if (i < c->nlines) {
        set_line(cr, style_of(c->line[i].style));
        cairo_move_to(cr, x, y);
        cairo_line_to(cr, x + 30, y);
        cairo_stroke(cr);
        return;
    }
    i -= c->nlines;
    if (i < c->nbars) {
        fill_bar(cr, style_of(c->bars[i].style), x + 6, y - 7, x + 24, y + 7);
        return;
    }
    cairo_move_to(cr, x + 15, y - 5);
    cairo_line_to(cr, x + 20, y);
    cairo_line_to(cr, x + 15, y + 5);
    cairo_line_to(cr, x + 10, y);
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_fill(cr);
}

static void draw_legend(cairo_t *cr, const mu_chart *c, const frame *f)
{
    const char *labels[PLOT_MAX_LINES + PLOT_MAX_BARS + 1];
    int n = 0;
    for (int i = 0; i < c->nlines; i++)
        labels[n++] = c->line[i].label;
    for (int i = 0; i < c->nbars; i++)
        labels[n++] = c->bars[i].label;
    if (c->sim_label[0])
        labels[n++] = c->sim_label;
    if (n == 0 || (n == 1 && c->nbars == 1 && !c->sim_label[0]))
        return;
    double w = 0, h = 0, lh = 20;
    for (int i = 0; i < n; i++) {
        text t = put(cr, labels[i], 13, false, 0, 0, 0, 0, 0, false);
        if (t.w > w)
            w = t.w;
    }
    w += 48;
    h = n * lh + 8;
    double x0 = f->r - w - 8, y0 = f->t + 8;
    if (c->nbars && c->nmarks) /* mean labels sit at the top: go lower */
        y0 = f->t + 8 + 20 * c->nbars;
    cairo_set_source_rgba(cr, 1, 1, 1, 0.93);
    cairo_rectangle(cr, x0, y0, w, h);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
    cairo_set_line_width(cr, 0.8);
    cairo_set_dash(cr, NULL, 0, 0);
    cairo_stroke(cr);
    for (int i = 0; i < n; i++) {
        double y = y0 + 4 + lh * i + lh / 2;
        legend_sample(cr, c, i, x0 + 8, y);
        cairo_set_source_rgb(cr, 0, 0, 0);
        put(cr, labels[i], 13, false, x0 + 44, y, 0, 0.5, 0, true);
    }
}

mu_status mu_chart_draw(const mu_chart *c, void *cr, double width,
                        double height, mu_error *err)
{
    if (!c || !cr)
        return err_set(err, MU_EINPUT, "no chart or no surface to draw on");
    cairo_save(cr);
    cairo_scale(cr, width / MU_CHART_WIDTH, height / MU_CHART_HEIGHT);
    frame f = {MU_CHART_WIDTH, MU_CHART_HEIGHT, 66, MU_CHART_WIDTH - 22, 0,
               MU_CHART_HEIGHT - 52, 0, 0, 0};
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    draw_titles(cr, c, &f);
    double span = c->xmax - c->xmin;
    if (c->integer_x) {
        f.xstep = span <= 16 ? 1 : span <= 32 ? 2 : span <= 80 ? 5 : 10;
    } else {
        plot_nice_max(span, 8, &f.xstep);
        if (c->x2scale > 0)
            plot_nice_max(span * c->x2scale, 7, &f.x2step);
    }
    plot_nice_max(c->ymax - c->ymin, 6, &f.ystep);
    draw_axes(cr, c, &f);
    if (c->nbars)
        draw_bars(cr, c, &f);
    draw_lines(cr, c, &f);
    draw_marks(cr, c, &f);
    draw_legend(cr, c, &f);
    cairo_restore(cr);
    cairo_status_t st = cairo_status(cr);
    if (st != CAIRO_STATUS_SUCCESS)
        return err_set(err, MU_EINTERNAL, "cairo: %s",
                       cairo_status_to_string(st));
    return MU_OK;
}

/* ---- output ------------------------------------------------------------- */

static cairo_status_t draw_write(void *closure, const unsigned char *data,
                                 unsigned int n)
{
    draw_sink *k = closure;
    if (k->st == MU_OK)
        k->st = k->fn(k->ud, (const char *)data, n, k->err);
    return k->st == MU_OK ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/* XML text: & < > " escaped. */
static void xml_escaped(sbuf *sb, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': mu_buf_puts(sb, "&amp;"); break;
        case '<': mu_buf_puts(sb, "&lt;"); break;
        case '>': mu_buf_puts(sb, "&gt;"); break;
        case '"': mu_buf_puts(sb, "&quot;"); break;
        default: {
            char b[2] = {*s, 0};
            mu_buf_puts(sb, b);
        }
        }
    }
}

/* cairo draws SVG text as glyph outlines: the words go into <title> and
 * <desc> (the n texts of desc, in order) right after the <svg ...> tag of
 * the SVG in m, for search and screen readers. */
static mu_status draw_svg_meta(sbuf *m, const char *title,
                               const char *const *desc, int n, mu_error *err)
{
    const char *svg = NULL;
    for (size_t i = 0; !svg && i + 4 <= m->len; i++)
        if (!memcmp(m->p + i, "<svg", 4))
            svg = m->p + i;
    const char *end = svg ? memchr(svg, '>', m->len - (size_t)(svg - m->p))
                          : NULL;
    if (!end)
        return err_set(err, MU_EINTERNAL, "cairo wrote an SVG without <svg>");
    size_t at = (size_t)(end + 1 - m->p);
    sbuf sb = {0};
    sb_put(&sb, m->p, at);
    mu_buf_puts(&sb, "\n<title>");
    xml_escaped(&sb, title);
    mu_buf_puts(&sb, "</title>\n<desc>");
    for (int k = 0; k < n; k++)
        xml_escaped(&sb, desc[k]);
    mu_buf_puts(&sb, "</desc>");
    sb_put(&sb, m->p + at, m->len - at);
    if (sb.oom) {
        mu_buf_free(&sb);
        return err_nomem(err);
    }
    mu_buf_free(m);
    *m = sb;
    return MU_OK;
}

cairo_surface_t *draw_surface_open(mu_file_format f, double w, double h,
                                   const char *title, draw_sink *k)
{
    cairo_surface_t *s =
        f == MU_FILE_PNG
            ? cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)(w * 2),
                                         (int)(h * 2))
        : f == MU_FILE_SVG
            ? cairo_svg_surface_create_for_stream(draw_write, k, w, h)
            : cairo_pdf_surface_create_for_stream(draw_write, k, w, h);
    if (f == MU_FILE_PDF) {
        cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, title);
        cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR,
                                       "muster " MU_VERSION);
    }
    return s;
}

mu_status draw_surface_close(cairo_surface_t *s, mu_file_format f,
                             mu_status st, draw_sink *k, mu_error *err)
{
    cairo_status_t cs = CAIRO_STATUS_SUCCESS;
    if (st == MU_OK && f == MU_FILE_PNG)
        cs = cairo_surface_write_to_png_stream(s, draw_write, k);
    cairo_surface_finish(s);
    if (cs == CAIRO_STATUS_SUCCESS)
        cs = cairo_surface_status(s);
    cairo_surface_destroy(s);
    if (st != MU_OK || k->st != MU_OK)
        return st != MU_OK ? st : k->st; /* err as the sink filled it */
    if (cs != CAIRO_STATUS_SUCCESS)
        return err_set(err, MU_EINTERNAL, "cairo: %s",
                       cairo_status_to_string(cs));
    return MU_OK;
}

mu_status draw_picture(const draw_pic *p, mu_file_format f, sbuf *m,
                       mu_error *err)
{
    draw_sink k = {mu_buf_write, m, MU_OK, err};
    cairo_surface_t *s = draw_surface_open(f, p->w, p->h, p->title, &k);
    cairo_t *cr = cairo_create(s);
    if (f == MU_FILE_PNG)
        cairo_scale(cr, 2, 2);
    mu_status st = p->draw(cr, p->ud, err);
    if (st == MU_OK && cairo_status(cr) != CAIRO_STATUS_SUCCESS)
        st = err_set(err, MU_EINTERNAL, "cairo: %s",
                     cairo_status_to_string(cairo_status(cr)));
    cairo_destroy(cr);
    st = draw_surface_close(s, f, st, &k, err);
    if (st == MU_OK && f == MU_FILE_SVG && p->ndesc)
        st = draw_svg_meta(m, p->title, p->desc, p->ndesc, err);
    return st;
}

/* p written to path in the format its extension names. */
static mu_status draw_file(const draw_pic *p, const char *path, mu_error *err)
{
    mu_file_format f;
    sbuf m = {0};
    mu_status st = mu_file_format_detect(path, &f, err);
    if (st == MU_OK)
        st = draw_picture(p, f, &m, err);
    return draw_write_atomic(st, path, &m, err);
}

/* ---- the quick-reference card ------------------------------------------- */

/* One A4 page: P by range, every inch, for every weapon of the set, in the
 * open and behind hard cover, and what each gun fires; its loads'
 * crossovers underneath. Values are mu_weapon_p's, printed as 'muster
 * curve' prints them (mu_rat_format). */

#define CARD_W 595.0
#define CARD_H 842.0
#define CARD_COLS 24

typedef struct card {
    const mu_weapons *w;
    const char *source;
    bool named;                     /* a weapons file's: not the built-in */
    int cols;                       /* value columns */
    const mu_weapon *col[CARD_COLS];
    bool cover[CARD_COLS];          /* behind hard cover */
    int reach;                      /* the last row, inches */
} card;

/* The built-in file's staircase is the article's figure 1, the range
 * bands it argues against (plot figure 1 draws it): no player's weapon,
 * and no column of a card of the built-in weapons. A weapons file of the
 * players' own (`source` given) is on the card whole. */
static bool card_leaves_out(const card *k, const mu_weapon *x)
{
    return !k->named && x->shape == MU_CURVE_BANDS &&
           !strcmp(x->name, "staircase");
}

static mu_status card_model(const mu_weapons *w, card *k, mu_error *err)
{
    int64_t reach = 0;
    for (size_t i = 0; i < mu_weapons_count(w); i++) {
        const mu_weapon *x = mu_weapons_at(w, i);
        if (card_leaves_out(k, x))
            continue;
        int need = x->kind == MU_WEAPON_GUN ? 1 : 2;
        if (k->cols + need > CARD_COLS)
            return err_set(err, MU_EINPUT, "too many weapons for one card "
                           "(at most %d columns)", CARD_COLS);
        for (int c = 0; c < need; c++) {
            k->col[k->cols] = x;
            k->cover[k->cols++] = c == 1;
        }
        if (x->kind != MU_WEAPON_GUN) {
            int64_t r = mu_rat_floor(x->max_range);
            if (mu_rat_cmp(x->max_range, (mu_rat){r, 1}) > 0)
                r++;
            if (r > reach)
                reach = r;
        }
    }
    if (reach > 100)
        return err_set(err, MU_EINPUT, "a weapon reaches %lld inches: one "
                       "card holds 100", (long long)reach);
    k->reach = (int)reach;
    return MU_OK;
}

/* The text of column c at `inches`: P, "–" beyond the curve's reach; a
 * gun: the P of the load it fires, a tab and its initial (c, r). */
static mu_status card_cell(const card *k, int c, int inches, char *buf,
                           size_t n, mu_error *err)
{
    const mu_weapon *x = k->col[c];
    mu_rat r = {inches, 1}, p;
    char num[MU_RAT_BUF];
    if (x->kind != MU_WEAPON_GUN) {
        if (mu_rat_cmp(r, x->max_range) > 0) {
            snprintf(buf, n, "\u2013");
            return MU_OK;
        }
        mu_status s = mu_weapon_p(x, r, k->cover[c], &p, err);
        if (s == MU_OK) {
            snprintf(buf, n, "%s", mu_rat_format(p, num, sizeof num));
            lang_decimal(buf, n);
        }
        return s;
    }
    const mu_weapon *can = mu_weapons_at(k->w, (size_t)x->canister);
    const mu_weapon *rs = mu_weapons_at(k->w, (size_t)x->roundshot);
    mu_rat pc, pr;
    mu_status s = mu_weapon_p(can, r, false, &pc, err);
    if (s == MU_OK)
        s = mu_weapon_p(rs, r, false, &pr, err);
    if (s != MU_OK)
        return s;
    bool canister = mu_rat_cmp(pc, pr) > 0; /* roundshot when equal */
    /* TRANSLATORS: the initials of canister and roundshot in the card's
       gun column, "30 c" */
    const char *cr = canister ? P_("card", "c") : P_("card", "r");
    snprintf(buf, n, "%s\t%s", mu_rat_format(canister ? pc : pr, num,
                                             sizeof num), cr);
    lang_decimal(buf, n);
    return MU_OK;
}

#define CARD_M 36.0      /* margins */
#define CARD_TOP 96.0    /* first row */
#define CARD_FOOT 92.0   /* room below the table */
#define CARD_RANGE_W 30.0

static void card_head(cairo_t *cr, const card *k, double x0, double cw)
{
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    put(cr, _("Fire quick reference"), 16, true, CARD_M, 26, 0, 0, 0, true);
    char s[400];
    snprintf(s, sizeof s, _("P, the percent chance to hit for each effective "
             "figure, by range in inches (10 yards to the inch); behind hard "
             "cover the curve plus its cover, never below 0. Weapons: %s."),
             k->source);
    put_w(cr, s, 7.5, false, CARD_M, 48, 0, 0, 0, true, CARD_W - 2 * CARD_M);
    put(cr, _("in"), 7.5, true, CARD_M + CARD_RANGE_W / 2, CARD_TOP - 12, 0.5,
        0, 0, true);
    put(cr, _("yd"), 7.5, true, CARD_M + CARD_RANGE_W * 1.5, CARD_TOP - 12,
        0.5, 0, 0, true);
    for (int c = 0; c < k->cols; c++) {
        const mu_weapon *x = k->col[c];
        double cx = x0 + (c + 0.5) * cw;
        /* TRANSLATORS: the card's column heads under a weapon's name */
        const char *sub = x->kind == MU_WEAPON_GUN ? _("fires")
                          : k->cover[c] ? _("cover") : _("open");
        put(cr, sub, 6.5, false, cx, CARD_TOP - 12, 0.5, 0, 0, true);
        if (x->kind == MU_WEAPON_GUN)
            put(cr, x->name, 8, true, cx, CARD_TOP - 24, 0.5, 0, 0, true);
        else if (!k->cover[c])
            put(cr, x->name, 8, true, cx + cw / 2, CARD_TOP - 24, 0.5, 0, 0,
                true);
    }
}

/* Rows of five inches shaded in turn; a rule between weapons. */
static void card_grid(cairo_t *cr, const card *k, double x0, double cw,
                      double rh)
{
    double right = x0 + k->cols * cw;
    for (int r = 5; r <= k->reach; r += 10) {
        int n = r + 5 > k->reach + 1 ? k->reach + 1 - r : 5;
        cairo_set_source_rgb(cr, 0.92, 0.92, 0.92);
        cairo_rectangle(cr, CARD_M, CARD_TOP + r * rh, right - CARD_M,
                        n * rh);
        cairo_fill(cr);
    }
    cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
    cairo_set_line_width(cr, 0.6);
    for (int c = 0; c <= k->cols; c++)
        if (c == 0 || c == k->cols || !k->cover[c]) {
            cairo_move_to(cr, x0 + c * cw, CARD_TOP - 26);
            cairo_line_to(cr, x0 + c * cw, CARD_TOP + (k->reach + 1) * rh);
        }
    cairo_move_to(cr, CARD_M, CARD_TOP - 1);
    cairo_line_to(cr, right, CARD_TOP - 1);
    cairo_stroke(cr);
}

/* Each gun's loads: where they cross, and the key. */
static mu_status card_foot(cairo_t *cr, const card *k, double y,
                           mu_error *err)
{
    char s[300], a[MU_RAT_BUF], b[MU_RAT_BUF], yd[MU_RAT_BUF];
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    for (size_t i = 0; i < mu_weapons_count(k->w); i++) {
        const mu_weapon *g = mu_weapons_at(k->w, i);
        if (g->kind != MU_WEAPON_GUN)
            continue;
        const mu_weapon *can = mu_weapons_at(k->w, (size_t)g->canister);
        const mu_weapon *rs = mu_weapons_at(k->w, (size_t)g->roundshot);
        mu_crossover x;
        mu_rat ten;
        mu_status st = mu_crossover_compute(k->w, can->name, rs->name, false,
                                            &x, err);
        if (st == MU_OK && x.crosses)
            st = mu_rat_mul(x.range, (mu_rat){10, 1}, &ten, err);
        if (st != MU_OK)
            return st;
        if (x.crosses)
            snprintf(s, sizeof s, _("%s: %s and %s cross at %s in (%s yd), "
                     "P %s %%; %s closer, %s beyond (c, r in the table)"),
                     g->name, can->name, rs->name,
                     mu_rat_format(x.range, a, sizeof a),
                     mu_rat_format(ten, yd, sizeof yd),
                     mu_rat_format(x.p, b, sizeof b),
                     x.closer == MU_WHICH_A ? can->name : rs->name,
                     x.closer == MU_WHICH_A ? rs->name : can->name);
        else
            snprintf(s, sizeof s, _("%s: %s and %s do not cross"), g->name,
                     can->name, rs->name);
        lang_decimal(s, sizeof s);
        /* wrapped: German runs longer than the page is wide */
        y += put_w(cr, s, 8, true, CARD_M, y, 0, 0, 0, true,
                   CARD_W - 2 * CARD_M).h + 3.5;
    }
    put_w(cr, _("\u2013 beyond the weapon's reach. A gun fires the better "
                "load at the range, roundshot when they are equal (saving "
                "canister)."), 7, false, CARD_M, y, 0, 0, 0, true,
          CARD_W - 2 * CARD_M);
    return MU_OK;
}

static mu_status card_draw(cairo_t *cr, const card *k, mu_error *err)
{
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    double x0 = CARD_M + 2 * CARD_RANGE_W;
    double cw = (CARD_W - CARD_M - x0) / k->cols;
    double rh = (CARD_H - CARD_TOP - CARD_FOOT) / (k->reach + 1);
    double pt = rh * 0.66 < 7.5 ? rh * 0.66 : 7.5;
    card_grid(cr, k, x0, cw, rh);
    card_head(cr, k, x0, cw);
    char s[MU_RAT_BUF + 4];
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    for (int r = 0; r <= k->reach; r++) {
        double y = CARD_TOP + r * rh + (rh - pt * 1.25) / 2;
        snprintf(s, sizeof s, "%d", r);
        put(cr, s, pt, true, CARD_M + CARD_RANGE_W - 6, y, 1, 0, 0, true);
        snprintf(s, sizeof s, "%d", r * 10);
        put(cr, s, pt, false, CARD_M + 2 * CARD_RANGE_W - 6, y, 1, 0, 0, true);
        for (int c = 0; c < k->cols; c++) {
            mu_status st = card_cell(k, c, r, s, sizeof s, err);
            if (st != MU_OK)
                return st;
            char *tab = strchr(s, '\t');
            double right = x0 + (c + 1) * cw - 5;
            if (tab) { /* a gun: the load's initial in a column of its own */
                *tab = '\0';
                put(cr, tab + 1, pt, true, right, y, 1, 0, 0, true);
                right -= pt * 1.4;
            }
            put(cr, s, pt, false, right, y, 1, 0, 0, true);
        }
    }
    return card_foot(cr, k, CARD_H - CARD_FOOT + 12, err);
}

/* ud: the card's weapons and their source, modelled here, then drawn. */
static mu_status card_pic(cairo_t *cr, const void *ud, mu_error *err)
{
    card k = *(const card *)ud;
    if (!k.w)
        return err_set(err, MU_EINPUT, "no weapons for the card");
    mu_status st = card_model(k.w, &k, err);
    return st == MU_OK ? card_draw(cr, &k, err) : st;
}

mu_status draw_write_atomic(mu_status st, const char *path, sbuf *m,
                            mu_error *err)
{
    const unsigned char *data = (const unsigned char *)m->p;
    size_t len = m->len;
    /* the temporary file sits next to the target, so rename is atomic */
    size_t n = strlen(path);
    char *tmp = st == MU_OK ? malloc(n + 16) : NULL;
    if (!tmp) {
        mu_buf_free(m);
        return st == MU_OK ? err_nomem(err) : st;
    }
    const char *slash = strrchr(path, '/');
    size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
    snprintf(tmp, n + 16, "%.*s.%s.XXXXXX", (int)dir, path, path + dir);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        st = err_set(err, MU_EIO, "cannot write a file next to %s: %s", path,
                     strerror(errno));
    } else {
        size_t done = 0;
        while (done < len) {
            ssize_t w = write(fd, data + done, len - done);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                break;
            done += (size_t)w;
        }
        bool ok = done == len && fchmod(fd, 0644) == 0;
        ok = close(fd) == 0 && ok;
        if (!ok || rename(tmp, path) != 0) {
            st = err_set(err, MU_EIO, "cannot write %s: %s", path,
                         strerror(errno));
            unlink(tmp);
        }
    }
    free(tmp);
    mu_buf_free(m);
    return st;
}

static mu_status chart_pic(cairo_t *cr, const void *ud, mu_error *err)
{
    if (!ud)
        return err_set(err, MU_EINPUT, "no chart to render");
    return mu_chart_draw(ud, cr, MU_CHART_WIDTH, MU_CHART_HEIGHT, err);
}

mu_status mu_chart_write(const mu_chart *c, const char *path, mu_error *err)
{
    const char *desc = c ? mu_chart_text(c) : NULL;
    draw_pic p = {MU_CHART_WIDTH, MU_CHART_HEIGHT, c ? c->title : "", &desc,
                  c ? 1 : 0, chart_pic, c};
    return draw_file(&p, path, err);
}

mu_status mu_card_write(const mu_weapons *w, const char *source,
                        const char *path, mu_error *err)
{
    card k = {.w = w, .source = source ? source : _("the built-in ones"),
              .named = source != NULL};
    draw_pic p = {CARD_W, CARD_H, _("Fire quick reference"), NULL, 0,
                  card_pic, &k};
    return draw_file(&p, path, err);
}

/* ---- a link's card ------------------------------------------------------ */

/* A6 portrait, in points: a card to hand across the table. */
#define LCARD_W 298.0
#define LCARD_H 420.0
#define LCARD_M 22.0

/* Text in a box of width w from (x, y), centred; mono: the link, broken
 * anywhere (a URL has no word ends). Returns its height. */
static double lcard_text(cairo_t *cr, const char *s, const char *font,
                         double pt, bool bold, double x, double y, double w,
                         bool anywhere)
{
    PangoLayout *lay = draw_layout(cr, s, font, pt, bold);
    pango_layout_set_width(lay, (int)(w * PANGO_SCALE));
    pango_layout_set_wrap(lay, anywhere ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD);
    pango_layout_set_alignment(lay, PANGO_ALIGN_CENTER);
    int lw, lh;
    pango_layout_get_size(lay, &lw, &lh);
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, lay);
    g_object_unref(lay);
    return (double)lh / PANGO_SCALE;
}

/* The code's dark modules as squares, with a quiet zone of 4 modules
 * (ISO/IEC 18004) inside a side of `side` points from (x, y). */
static void lcard_code(cairo_t *cr, const mu_link_card *k, double x, double y,
                       double side)
{
    int n = k->width + 8;
    double m = side / n;
    cairo_set_source_rgb(cr, 0, 0, 0);
    for (int r = 0; r < k->width; r++)
        for (int c = 0; c < k->width; c++)
            if (k->modules[r * k->width + c] & 1)
                cairo_rectangle(cr, x + (c + 4) * m, y + (r + 4) * m, m, m);
    cairo_fill(cr);
}

static mu_status lcard_draw(cairo_t *cr, const void *ud, mu_error *err)
{
    (void)err;
    const mu_link_card *k = ud;
    const double w = LCARD_W - 2 * LCARD_M;
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 0.55, 0.55, 0.55); /* where to cut */
    cairo_set_line_width(cr, 0.5);
    double dash[] = {3, 3};
    cairo_set_dash(cr, dash, 2, 0);
    cairo_rectangle(cr, 6, 6, LCARD_W - 12, LCARD_H - 12);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    cairo_set_source_rgb(cr, 0, 0, 0);
    double y = LCARD_M;
    y += lcard_text(cr, k->title, FONT, 14, true, LCARD_M, y, w, false) + 2;
    if (k->subtitle && *k->subtitle)
        y += lcard_text(cr, k->subtitle, FONT, 10.5, false, LCARD_M, y, w,
                        false);
    double side = 210;
    y += 8;
    lcard_code(cr, k, (LCARD_W - side) / 2, y, side);
    y += side + 6;
    cairo_set_source_rgb(cr, 0, 0, 0);
    /* the address and the token on lines of their own, for typing */
    const char *hash = strchr(k->url, '#');
    size_t cut = hash ? (size_t)(hash - k->url) : strlen(k->url);
    char *two = malloc(strlen(k->url) + 2);
    if (two) {
        snprintf(two, strlen(k->url) + 2, "%.*s%s%s", (int)cut, k->url,
                 hash ? "\n" : "", k->url + cut);
        y += lcard_text(cr, two, "DejaVu Sans Mono", 9, false, LCARD_M, y, w,
                        true) + 10;
        free(two);
    }
    if (k->note && *k->note) {
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
        lcard_text(cr, k->note, FONT, 9, false, LCARD_M, y, w, false);
    }
    return MU_OK;
}

mu_status mu_link_card_write(const mu_link_card *k, const char *path,
                             mu_error *err)
{
    if (!k || !k->title || !k->url || !k->modules || k->width < 21 ||
        k->width > 177)
        return err_set(err, MU_EINPUT, "a link's card needs a title, the "
                       "link and its QR code (21 to 177 modules a side)");
    draw_pic p = {LCARD_W, LCARD_H, k->title, NULL, 0, lcard_draw, k};
    return draw_file(&p, path, err);
}
