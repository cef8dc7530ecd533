/* SPDX-License-Identifier: MIT */
/* roster_draw.c -- draws the roster's pages with cairo and pango: headers,
 * division headers, brigade cards with tick boxes, totals, label sheets
 * with crop marks; and writes them as PDF, PNG or SVG. */
#include "roster.h"

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>

#include <stdio.h>
#include <string.h>

#define MM (72.0 / 25.4)

/* Tick boxes are stroked in this colour and nothing else is, so a test can
 * count them in the SVG. */
#define TICK_R 0.12
#define TICK_G 0.23
#define TICK_B 0.37

typedef struct dctx {
    cairo_t *cr;
    const mu_roster *r;
    const mu_roster_opts *o;
    const rs_layout *l;
    mu_roster_stats *st;
    int page, pages;
    double x0, w; /* content: left edge and width */
} dctx;

/* ---- text --------------------------------------------------------------- */

enum { F_REG = 0, F_BOLD = 1, F_ITAL = 2 };

static PangoLayout *mk(dctx *c, const char *s, double size, int style,
                       double width)
{
    PangoLayout *pl = pango_cairo_create_layout(c->cr);
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(pango_layout_get_context(pl), fo);
    cairo_font_options_destroy(fo);
    PangoFontDescription *fd = pango_font_description_from_string("DejaVu Sans");
    pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
    if (style & F_BOLD)
        pango_font_description_set_weight(fd, PANGO_WEIGHT_BOLD);
    if (style & F_ITAL)
        pango_font_description_set_style(fd, PANGO_STYLE_ITALIC);
    pango_layout_set_font_description(pl, fd);
    pango_font_description_free(fd);
    pango_layout_set_text(pl, s, -1);
    if (width > 0) {
        pango_layout_set_width(pl, (int)(width * PANGO_SCALE));
        pango_layout_set_ellipsize(pl, PANGO_ELLIPSIZE_END);
    }
    return pl;
}

static double text_w(dctx *c, const char *s, double size, int style)
{
    PangoLayout *pl = mk(c, s, size, style, 0);
    int w, h;
    pango_layout_get_size(pl, &w, &h);
    g_object_unref(pl);
    return (double)w / PANGO_SCALE;
}

/* Draws s with its top at y; align 0 left of x, 1 centred in [x, x+w],
 * 2 right-aligned to x + w. Cut with an ellipsis to fit w (w > 0). */
static void text(dctx *c, double x, double y, double w, const char *s,
                 double size, int style, int align)
{
    PangoLayout *pl = mk(c, s, size, style, w);
    if (w > 0)
        pango_layout_set_alignment(pl, align == 1 ? PANGO_ALIGN_CENTER
                                   : align == 2 ? PANGO_ALIGN_RIGHT
                                   : PANGO_ALIGN_LEFT);
    cairo_move_to(c->cr, x, y);
    pango_cairo_show_layout(c->cr, pl);
    g_object_unref(pl);
}

/* Like text(), but first shrinks the size (down to `min`) until s fits w;
 * returns the size used. */
static double text_fit(dctx *c, double x, double y, double w, const char *s,
                       double size, double min, int style, int align)
{
    while (size > min && text_w(c, s, size, style) > w)
        size = size * 0.93 < min ? min : size * 0.93;
    text(c, x, y, w, s, size, style, align);
    return size;
}

static void ink(dctx *c, double g) { cairo_set_source_rgb(c->cr, g, g, g); }

static bool label_page(const dctx *c)
{
    return c->page > c->l->roster_pages;
}

/* A "DP" badge, white on black, its left edge at x; returns its width. */
static double dp_badge(dctx *c, double x, double y, double size)
{
    double w = text_w(c, "DP", size, F_BOLD) + size * 0.6, h = size * 1.35;
    ink(c, 0);
    cairo_rectangle(c->cr, x, y, w, h);
    cairo_fill(c->cr);
    ink(c, 1);
    text(c, x, y + size * 0.12, w, "DP", size, F_BOLD, 1);
    ink(c, 0.1);
    if (label_page(c))
        c->st->dp_labels++;
    else
        c->st->dp_roster++;
    return w;
}

/* "average", "despicable", "average (despicable, by the book)", with
 * " (replacement)", " (downgraded)" or " (back from captivity)". */
static void rating_words(mu_rating played, mu_rating rolled, int origin,
                         char *buf, size_t n)
{
    const char *how = origin == RS_REPLACED     ? ", replacement"
                      : origin == RS_DOWNGRADED ? ", downgraded"
                      : origin == RS_RETURNED   ? ", back from captivity" : "";
    if (played != rolled && origin != RS_DOWNGRADED)
        snprintf(buf, n, "%s (despicable, by the book%s)",
                 mu_rating_name(played), how);
    else if (*how)
        snprintf(buf, n, "%s (%s)", mu_rating_name(played), how + 2);
    else
        snprintf(buf, n, "%s", mu_rating_name(played));
}

/* "Brigadier: average" right-aligned to x_right, with a DP badge after it
 * when despicable. */
static void leader_right(dctx *c, double x_right, double y, const char *what,
                         mu_rating played, mu_rating rolled, int origin,
                         double size)
{
    char r[96], s[160];
    rating_words(played, rolled, origin, r, sizeof r);
    snprintf(s, sizeof s, "%s: %s", what, r);
    double badge = played == MU_DESPICABLE
                       ? text_w(c, "DP", size, F_BOLD) + size * 0.6 + 4 : 0;
    double w = text_w(c, s, size, F_REG);
    ink(c, 0.1);
    text(c, x_right - badge - w, y, 0, s, size, F_REG, 0);
    if (played == MU_DESPICABLE)
        dp_badge(c, x_right - badge + 4, y - size * 0.1, size);
}

/* ---- pieces of a roster ------------------------------------------------- */

static int find_roll(const mu_division *d, mu_roll_kind k, int brigade)
{
    for (int i = 0; i < d->nrolls; i++)
        if (d->rolls[i].kind == k && d->rolls[i].brigade == brigade)
            return d->rolls[i].roll;
    return 0;
}

static void fraction(int num, int den, char *buf, size_t n)
{
    if (num % den == 0)
        snprintf(buf, n, "%d", num / den);
    else
        snprintf(buf, n, "%d.%02d", num / den, 100 * (num % den) / den);
}

static const char *reserve_name(mu_army a)
{
    return a == MU_UNION ? "Army Artillery Reserve" : "corps reserve";
}

static void draw_side(dctx *c, const rs_block *b)
{
    ink(c, 0.1);
    text(c, c->x0, b->y + 4, c->w, b->side == MU_UNION ? "Union"
         : "Confederate", 16, F_BOLD, 0);
    cairo_set_line_width(c->cr, 1.2);
    cairo_move_to(c->cr, c->x0, b->y + 25);
    cairo_line_to(c->cr, c->x0 + c->w, b->y + 25);
    cairo_stroke(c->cr);
}

static void draw_corps(dctx *c, const rs_block *b)
{
    const rs_corps *k = &c->r->corps[b->corps];
    char name[RS_NAME + 16];
    roster_corps_name(c->r, b->corps, name, sizeof name);
    ink(c, 0.1);
    text(c, c->x0, b->y + 6, c->w * 0.45, name, 13, F_BOLD, 0);
    if (!k->rated) {
        text(c, c->x0, b->y + 8, c->w, "Corps leader: not yet met", 10,
             F_REG, 2);
        return;
    }
    leader_right(c, c->x0 + c->w, b->y + 8, "Corps leader", k->leader,
                 k->rolled, k->origin, 10);
    char s[160] = "";
    if (k->roll)
        snprintf(s, sizeof s, "rolled %d", k->roll);
    if (k->attached)
        snprintf(s + strlen(s), sizeof s - strlen(s), "%sattached to division "
                 "%d (despicable)", *s ? " · " : "", k->attached);
    ink(c, 0.35);
    text(c, c->x0, b->y + 21, c->w, s, 7, F_REG, 2);
}

static void division_title(const rs_division *d, char *buf, size_t n)
{
    int k = 0;
    if (d->number > 0)
        k = snprintf(buf, n, "Division %d", d->number);
    if (d->name[0] && k >= 0 && (size_t)k < n)
        k += snprintf(buf + k, n - (size_t)k, "%s\u201c%s\u201d",
                      k ? " " : "", d->name);
    if (k >= 0 && (size_t)k < n)
        snprintf(buf + k, n - (size_t)k, "%s%s %s", k ? " \u2014 " : "",
                 d->gen.army == MU_UNION ? "Union" : "Confederate",
                 mu_arm_name(d->gen.arm));
}

static void division_rolls(const rs_division *d, char *s, size_t n)
{
    const mu_division *g = &d->gen;
    const mu_artillery *a = &g->artillery;
    char q[32];
    size_t k = 0;
#define ADD(...) do { int m_ = snprintf(s + k, n - k, __VA_ARGS__); \
        if (m_ > 0 && (size_t)m_ < n - k) k += (size_t)m_; } while (0)
    ADD("rolls: ");
    int t = find_roll(g, MU_ROLL_THEATER, 0);
    if (t)
        ADD("theater %d \u2192 %s %d \u00b7 ", t, mu_theater_name(g->theater),
            g->year);
    ADD("leader %d \u2192 %s \u00b7 brigades %d \u2192 %d \u00b7 ratio %d "
        "\u2192 1 per %d", find_roll(g, MU_ROLL_LEADER, 0),
        mu_rating_name(g->leader_rolled), find_roll(g, MU_ROLL_BRIGADES, 0),
        g->nbrigades, find_roll(g, MU_ROLL_RATIO, 0), a->ratio);
    fraction(g->stands, a->ratio, q, sizeof q);
    ADD(" \u00b7 %d \u00f7 %d = %s", g->stands, a->ratio, q);
    if (a->battery_roll)
        ADD(", battery %d %s %d", a->battery_roll,
            a->battery_roll <= a->battery_threshold ? "\u2264" : ">",
            a->battery_threshold);
    ADD(" \u2192 %d batter%s", a->batteries, a->batteries == 1 ? "y" : "ies");
    if (a->reserve_roll) {
        fraction(a->batteries, 3, q, sizeof q);
        ADD(" \u00b7 a third = %s, reserve %d %s %d", q, a->reserve_roll,
            a->reserve_roll <= a->reserve_threshold ? "\u2264" : ">",
            a->reserve_threshold);
    }
#undef ADD
}

static void draw_division(dctx *c, const rs_block *b)
{
    const rs_division *d = &c->r->divs[b->div];
    const mu_division *g = &d->gen;
    char s[400];
    ink(c, 0.9);
    cairo_rectangle(c->cr, c->x0, b->y, c->w, 20);
    cairo_fill(c->cr);
    ink(c, 0.1);
    division_title(d, s, sizeof s);
    text(c, c->x0 + 6, b->y + 3.5, c->w * 0.55, s, 11.5, F_BOLD, 0);
    leader_right(c, c->x0 + c->w - 6, b->y + 5, "Division leader", d->leader,
                 d->leader_rolled, d->origin, 9.5);
    ink(c, 0.1);
    int k = 0;
    if (d->campaign && d->stands != d->start)
        k = snprintf(s, sizeof s, "%d of %d stands", d->stands, d->start);
    else
        k = snprintf(s, sizeof s, "%d stands", d->stands);
    k += snprintf(s + k, sizeof s - (size_t)k, " in %d brigades \u00b7 "
                  "artillery: %d batter%s with the division", d->nbrigades,
                  d->batteries, d->batteries == 1 ? "y" : "ies");
    if (d->guns_captured && k > 0 && (size_t)k < sizeof s)
        k += snprintf(s + k, sizeof s - (size_t)k, " (%d captured%s",
                      d->guns_captured, d->guns_destroyed ? "" : ")");
    if (d->guns_destroyed && k > 0 && (size_t)k < sizeof s)
        k += snprintf(s + k, sizeof s - (size_t)k, "%s%d destroyed)",
                      d->guns_captured ? ", " : " (", d->guns_destroyed);
    if (k > 0 && (size_t)k < sizeof s)
        snprintf(s + k, sizeof s - (size_t)k, ", %d to the %s",
                 g->artillery.reserve, reserve_name(g->army));
    double pt = text_w(c, s, 9, F_REG) > c->w - 12 ? 8 : 9; /* guns lost */
    text(c, c->x0 + 6, b->y + 25, c->w - 12, s, pt, F_REG, 0);
    division_rolls(d, s, sizeof s);
    ink(c, 0.35);
    text(c, c->x0 + 6, b->y + 39, c->w - 12, s, 6.5, F_REG, 0);
    c->st->divisions++;
}

/* The tick boxes of a brigade of `n` stands: one per stand, shaded from
 * the box that makes it worn, darker from the one that makes it spent. */
static void tick_boxes(dctx *c, double x, double y, double room, int n,
                       int worn, int spent)
{
    double pitch = 19, side = 14.5;
    if (n * pitch > room) {
        pitch = room / n;
        side = pitch * 0.78;
    }
    for (int k = 1; k <= n; k++) {
        double bx = x + (k - 1) * pitch;
        int left = n - k; /* stands left once this box is ticked */
        double shade = spent && left <= spent ? 0.72
                       : worn && left <= worn ? 0.87 : 1.0;
        if (shade < 1) {
            ink(c, shade);
            cairo_rectangle(c->cr, bx, y, side, side);
            cairo_fill(c->cr);
        }
        cairo_set_source_rgb(c->cr, TICK_R, TICK_G, TICK_B);
        cairo_set_line_width(c->cr, 0.9);
        cairo_rectangle(c->cr, bx, y, side, side);
        cairo_stroke(c->cr);
        c->st->tick_boxes++;
        char num[16];
        snprintf(num, sizeof num, "%d", left);
        ink(c, 0.4);
        text(c, bx - 2, y + side + 1.5, side + 4, num, 6, F_REG, 1);
        const char *mark = worn && left == worn ? "worn"
                           : spent && left == spent ? "spent" : NULL;
        if (mark) {
            ink(c, 0.1);
            text(c, bx - 10, y - 9, side + 20, mark, 6.5, F_BOLD, 1);
        }
    }
}

static void card_status(const rs_division *d, const rs_brigade *bg,
                        int worn, int spent, char *s, size_t n)
{
    int k = 0;
    if (worn)
        k = snprintf(s, n, "worn at %d \u00b7 spent at %d", worn, spent);
    else
        k = snprintf(s, n, "%d stand%s", bg->stands,
                     bg->stands == 1 ? "" : "s");
    if (d->campaign && k >= 0 && (size_t)k < n &&
        (bg->start != bg->stands || bg->returned))
        k += snprintf(s + k, n - (size_t)k, "\n%d at the start: %d out, "
                      "%d prisoner%s", bg->start, bg->lost, bg->captured,
                      bg->captured == 1 ? "" : "s");
    if (d->campaign && bg->returned && k >= 0 && (size_t)k < n)
        snprintf(s + k, n - (size_t)k, ", %d returned", bg->returned);
}

static void draw_card(dctx *c, const rs_block *b)
{
    const rs_division *d = &c->r->divs[b->div];
    const rs_brigade *bg = &d->b[b->brig];
    double x = c->x0, y = b->y, w = c->w, h = b->h - 6;
    cairo_set_line_width(c->cr, 0.8);
    ink(c, 0.55);
    cairo_rectangle(c->cr, x, y, w, h);
    cairo_stroke(c->cr);
    char s[256], label[64];
    mu_labels_name(c->o->labels, bg->label_stands, bg->morale, label,
                   sizeof label);
    snprintf(s, sizeof s, "Brigade %d", bg->number);
    ink(c, 0.1);
    text(c, x + 8, y + 5, 0, s, 11, F_BOLD, 0);
    double lw = text_w(c, s, 11, F_BOLD);
    text(c, x + 8 + lw + 10, y + 6, w * 0.5 - lw, label, 10, F_REG, 0);
    leader_right(c, x + w - 8, y + 6, "Brigadier", bg->leader, bg->rolled,
                 bg->origin, 9.5);
    int worn = 0, spent = 0;
    mu_labels_get(c->o->labels, bg->label_stands, bg->morale, &worn, &spent);
    tick_boxes(c, x + 12, y + 28, w - 270, bg->stands, worn, spent);
    card_status(d, bg, worn, spent, s, sizeof s);
    ink(c, 0.25);
    text(c, x + w - 250, y + 27, 242, s, 8, F_REG, 2);
    const mu_division *g = &d->gen;
    int i = b->brig + 1;
    snprintf(s, sizeof s, "rolls: stands %d \u2192 %d \u00b7 morale %d "
             "\u2192 %s \u00b7 brigadier %d \u2192 %s",
             find_roll(g, MU_ROLL_STANDS, i), g->brigades[b->brig].stands,
             find_roll(g, MU_ROLL_MORALE, i), mu_morale_name(bg->morale),
             find_roll(g, MU_ROLL_BRIGADIER, i),
             mu_rating_name(g->brigades[b->brig].rolled));
    ink(c, 0.35);
    text(c, x + 8, y + h - 11, w - 16, s, 6.5, F_REG, 0);
    c->st->brigades++;
}

typedef struct tally {
    int divs, brigades, stands, start, batteries, division, reserve;
} tally;

static tally count(const mu_roster *r, int side, int corps)
{
    tally t = {0};
    for (int i = 0; i < r->ndivs; i++) {
        const rs_division *d = &r->divs[i];
        if ((int)d->gen.army != side || (corps >= 0 && d->corps != corps))
            continue;
        t.divs++;
        t.brigades += d->nbrigades;
        t.stands += d->stands;
        t.start += d->start;
        t.batteries += d->batteries + d->gen.artillery.reserve;
        t.division += d->batteries;
        t.reserve += d->gen.artillery.reserve;
    }
    return t;
}

static void tally_text(const tally *t, char *s, size_t n)
{
    int k = snprintf(s, n, "%d division%s, %d brigades, ", t->divs,
                     t->divs == 1 ? "" : "s", t->brigades);
    if (t->start != t->stands && k > 0 && (size_t)k < n)
        k += snprintf(s + k, n - (size_t)k, "%d of %d stands", t->stands,
                      t->start);
    else if (k > 0 && (size_t)k < n)
        k += snprintf(s + k, n - (size_t)k, "%d stands", t->stands);
    if (k > 0 && (size_t)k < n)
        snprintf(s + k, n - (size_t)k, " \u00b7 %d batteries: %d with the "
                 "divisions, %d to the reserve", t->batteries, t->division,
                 t->reserve);
}

static void draw_corps_total(dctx *c, const rs_block *b)
{
    char name[RS_NAME + 16], s[300], line[440];
    roster_corps_name(c->r, b->corps, name, sizeof name);
    tally t = count(c->r, b->side, b->corps);
    tally_text(&t, s, sizeof s);
    snprintf(line, sizeof line, "%s total", name);
    ink(c, 0.1);
    cairo_set_line_width(c->cr, 0.6);
    cairo_move_to(c->cr, c->x0, b->y + 2);
    cairo_line_to(c->cr, c->x0 + c->w, b->y + 2);
    cairo_stroke(c->cr);
    text(c, c->x0, b->y + 5, c->w, line, 9.5, F_BOLD, 0);
    text(c, c->x0, b->y + 18, c->w, s, 9, F_REG, 0);
}

static void draw_side_total(dctx *c, const rs_block *b)
{
    char s[300], line[400];
    tally t = count(c->r, b->side, -1);
    tally_text(&t, s, sizeof s);
    snprintf(line, sizeof line, "%s army total",
             b->side == MU_UNION ? "Union" : "Confederate");
    ink(c, 0.93);
    cairo_rectangle(c->cr, c->x0, b->y + 2, c->w, 46);
    cairo_fill(c->cr);
    ink(c, 0.1);
    text(c, c->x0 + 6, b->y + 5, c->w - 12, line, 10, F_BOLD, 0);
    text(c, c->x0 + 6, b->y + 19, c->w - 12, s, 9, F_REG, 0);
    /* The reserve pool: the Union's is one Army Artillery Reserve, the
     * Confederates' a reserve per corps. */
    int k = snprintf(s, sizeof s, "Reserve artillery pool: %d batter%s",
                     t.reserve, t.reserve == 1 ? "y" : "ies");
    if (b->side == MU_UNION) {
        snprintf(s + k, sizeof s - (size_t)k, " in the Army Artillery "
                 "Reserve");
    } else {
        char list[240] = "";
        size_t m = 0;
        for (int q = 0; q < c->r->ncorps; q++) {
            tally u = count(c->r, b->side, q);
            if ((int)c->r->corps[q].side != b->side || !u.divs)
                continue;
            char name[RS_NAME + 16];
            roster_corps_name(c->r, q, name, sizeof name);
            int z = snprintf(list + m, sizeof list - m, "%s%s %d",
                             m ? ", " : "", name, u.reserve);
            if (z > 0 && (size_t)z < sizeof list - m)
                m += (size_t)z;
        }
        if (m && k > 0 && (size_t)k < sizeof s)
            snprintf(s + k, sizeof s - (size_t)k, " in the corps reserves "
                     "(%s)", list);
    }
    text(c, c->x0 + 6, b->y + 33, c->w - 12, s, 9, F_REG, 0);
}

static void draw_note(dctx *c, const rs_block *b)
{
    ink(c, 0.3);
    text(c, c->x0, b->y + 4, c->w, c->r->waiting[b->side], 8.5, F_ITAL, 0);
}

/* ---- labels ------------------------------------------------------------- */

static void crop_marks(dctx *c, double x, double y, double w, double h)
{
    double off = 1 * MM, len = 2 * MM;
    ink(c, 0);
    cairo_set_line_width(c->cr, 0.4);
    double xs[2] = {x, x + w}, ys[2] = {y, y + h};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            double sx = i ? 1 : -1, sy = j ? 1 : -1;
            cairo_move_to(c->cr, xs[i] + sx * off, ys[j]);
            cairo_line_to(c->cr, xs[i] + sx * (off + len), ys[j]);
            cairo_move_to(c->cr, xs[i], ys[j] + sy * off);
            cairo_line_to(c->cr, xs[i], ys[j] + sy * (off + len));
        }
    cairo_stroke(c->cr);
}

/* A label's four lines: where it belongs, who, the big line (the brigade's
 * "7/5/3" or a leader's rating) and what it is. */
static void label_lines(dctx *c, const rs_label *lb, char top[160],
                        char name[160], char big[160], char low[160],
                        mu_rating *rating)
{
    const mu_roster *r = c->r;
    char rw[96];
    if (lb->corps >= 0) {
        const rs_corps *k = &r->corps[lb->corps];
        snprintf(top, 160, "%s", k->side == MU_UNION ? "Union" : "Confederate");
        roster_corps_name(r, lb->corps, name, 160);
        rating_words(k->leader, k->rolled, k->origin, rw, sizeof rw);
        snprintf(big, 160, "%s", mu_rating_name(k->leader));
        snprintf(low, 160, "corps leader%s", strchr(rw, '(') ? strchr(rw, '(') - 1
                 : "");
        *rating = k->leader;
        return;
    }
    const rs_division *d = &r->divs[lb->div];
    char dn[RS_NAME + 16];
    if (d->name[0])
        snprintf(dn, sizeof dn, "%s", d->name);
    else if (d->number)
        snprintf(dn, sizeof dn, "Division %d", d->number);
    else
        snprintf(dn, sizeof dn, "Division");
    const char *side = d->gen.army == MU_UNION ? "Union" : "Confederate";
    if (lb->brig < 0) {
        char cn[RS_NAME + 16] = "";
        if (d->corps >= 0)
            roster_corps_name(r, d->corps, cn, sizeof cn);
        snprintf(top, 160, "%s%s%s", side, *cn ? " \u00b7 " : "", cn);
        snprintf(name, 160, "%s", dn);
        rating_words(d->leader, d->leader_rolled, d->origin, rw, sizeof rw);
        snprintf(big, 160, "%s", mu_rating_name(d->leader));
        snprintf(low, 160, "division leader%s", strchr(rw, '(')
                 ? strchr(rw, '(') - 1 : "");
        *rating = d->leader;
        return;
    }
    const rs_brigade *b = &d->b[lb->brig];
    int worn, spent;
    snprintf(top, 160, "%s \u00b7 %s", side, dn);
    snprintf(name, 160, "Brigade %d", b->number);
    if (mu_labels_get(c->o->labels, b->label_stands, b->morale, &worn,
                      &spent))
        snprintf(big, 160, "%d/%d/%d", b->label_stands, worn, spent);
    else
        snprintf(big, 160, "%d stands", b->label_stands);
    /* The rating word only: a label has no room for how it came about. */
    snprintf(low, 160, "%s \u00b7 %s", mu_morale_name(b->morale),
             mu_rating_name(b->leader));
    *rating = b->leader;
}

static void draw_label(dctx *c, const rs_label *lb, double x, double y)
{
    double w = c->l->g.base_w, h = c->l->g.base_h;
    ink(c, 0.82);
    cairo_set_line_width(c->cr, 0.3);
    cairo_rectangle(c->cr, x, y, w, h);
    cairo_stroke(c->cr);
    crop_marks(c, x, y, w, h);
    char top[160], name[160], big[160], low[160];
    mu_rating rating;
    label_lines(c, lb, top, name, big, low, &rating);
    /* Sizes follow the label: u is a line unit that fits four lines high
     * and about nine characters wide. */
    double u = h / 6.4 < w / 9 ? h / 6.4 : w / 9, pad = u * 0.4;
    double iw = w - 2 * pad;
    const double sz[4] = {0.75 * u, 1.1 * u, 1.5 * u, 0.8 * u};
    double used = (sz[0] + sz[1] + sz[2] + sz[3]) * 1.2;
    double gap = (h - 2 * pad - used) / 3, ty = y + pad;
    bool dp = rating == MU_DESPICABLE;
    double bs = 0.9 * u;
    double badge = dp ? text_w(c, "DP", bs, F_BOLD) + bs * 0.6 : 0;
    ink(c, 0.3);
    text_fit(c, x + pad, ty, iw - (dp ? badge + 2 : 0), top, sz[0],
             sz[0] * 0.75, F_REG, 0);
    if (dp)
        dp_badge(c, x + w - pad - badge, y + pad * 0.7, bs);
    ty += sz[0] * 1.2 + gap;
    ink(c, 0.05);
    text_fit(c, x + pad, ty, iw, name, sz[1], sz[1] * 0.6, F_BOLD, 1);
    ty += sz[1] * 1.2 + gap;
    text_fit(c, x + pad, ty, iw, big, sz[2], sz[2] * 0.55, F_BOLD, 1);
    ty += sz[2] * 1.2 + gap;
    ink(c, 0.2);
    text_fit(c, x + pad, ty, iw, low, sz[3], sz[3] * 0.65, F_REG, 1);
    c->st->labels++;
}

static void draw_labels(dctx *c)
{
    const rs_geom *g = &c->l->g;
    int per = g->cols * g->rows;
    int first = (c->page - c->l->roster_pages - 1) * per;
    double gap = 8 * MM;
    double used = g->cols * g->base_w + (g->cols - 1) * gap;
    double x0 = (g->w - used) / 2;
    for (int i = 0; i < per && first + i < c->l->nlabels; i++) {
        int col = i % g->cols, row = i / g->cols;
        draw_label(c, &c->l->labels[first + i],
                   x0 + col * (g->base_w + gap),
                   g->top + 12 + row * (g->base_h + gap));
    }
}

/* ---- pages -------------------------------------------------------------- */

/* "Roster · seed 3", and on a page that starts inside a side, whose
 * division it continues. */
static void roster_subtitle(dctx *c, char *s, size_t n)
{
    int k = snprintf(s, n, "Roster%s%s", c->r->dice[0] ? " \u00b7 " : "",
                     c->r->dice);
    const rs_block *b = NULL;
    for (int i = 0; i < c->l->nblocks && !b; i++)
        if (c->l->blocks[i].page == c->page)
            b = &c->l->blocks[i];
    if (!b || b->kind == RB_SIDE || k < 0 || (size_t)k >= n)
        return;
    char name[RS_NAME + 32];
    if (b->kind == RB_CARD)
        division_title(&c->r->divs[b->div], name, sizeof name);
    else
        snprintf(name, sizeof name, "%s", b->side == MU_UNION ? "Union"
                 : "Confederate");
    snprintf(s + k, n - (size_t)k, " \u00b7 %s%s", b->kind == RB_CARD
             ? "continued: " : "", name);
}

static void header(dctx *c)
{
    const rs_geom *g = &c->l->g;
    char s[200];
    ink(c, 0.1);
    text(c, c->x0, 22, c->w * 0.75, c->r->title, 12, F_BOLD, 0);
    snprintf(s, sizeof s, "page %d of %d", c->page, c->pages);
    text(c, c->x0, 24, c->w, s, 9, F_REG, 2);
    if (label_page(c))
        snprintf(s, sizeof s, "Command-stand labels, %.0f \u00d7 %.0f mm: cut "
                 "along the crop marks", g->base_w / MM, g->base_h / MM);
    else
        roster_subtitle(c, s, sizeof s);
    ink(c, 0.35);
    text(c, c->x0, 37, c->w, s, 8, F_REG, 0);
    cairo_set_line_width(c->cr, 0.8);
    ink(c, 0.1);
    cairo_move_to(c->cr, c->x0, 49);
    cairo_line_to(c->cr, c->x0 + c->w, 49);
    cairo_stroke(c->cr);
    if (!label_page(c)) {
        ink(c, 0.4);
        text(c, c->x0, g->h - 28, c->w, c->o->labels
             ? "Tick a box for each stand lost; the number under it is the "
               "stands left. Shaded: worn; darker: spent (your labels file)."
             : "Tick a box for each stand lost; the number under it is the "
               "stands left. Worn and spent are marked when a labels file "
               "is given.", 7, F_ITAL, 0);
    }
}

static void draw_page(dctx *c)
{
    cairo_save(c->cr);
    header(c);
    if (label_page(c)) {
        draw_labels(c);
    } else {
        for (int i = 0; i < c->l->nblocks; i++) {
            const rs_block *b = &c->l->blocks[i];
            if (b->page != c->page)
                continue;
            switch (b->kind) {
            case RB_SIDE: draw_side(c, b); break;
            case RB_CORPS: draw_corps(c, b); break;
            case RB_DIV: draw_division(c, b); break;
            case RB_CARD: draw_card(c, b); break;
            case RB_CORPS_TOTAL: draw_corps_total(c, b); break;
            case RB_SIDE_TOTAL: draw_side_total(c, b); break;
            case RB_NOTE: draw_note(c, b); break;
            }
        }
    }
    cairo_restore(c->cr);
    c->st->drawn++;
}

static mu_status check_opts(const mu_roster_opts *o, mu_error *err)
{
    if ((unsigned)o->paper > MU_PAPER_LETTER)
        return err_set(err, MU_EINPUT, "unknown paper size");
    if ((unsigned)o->format > MU_PAGES_SVG)
        return err_set(err, MU_EINPUT, "a roster is written as pdf, png or "
                       "svg");
    if (o->dpi && (o->dpi < 50 || o->dpi > 600))
        return err_set(err, MU_EINPUT, "a PNG is drawn at 50..600 dpi");
    if (o->page < 0)
        return err_set(err, MU_EINPUT, "pages are numbered from 1");
    return MU_OK;
}

/* Checks the options, lays the roster out and starts the stats (a
 * strength the labels lack takes the nearest line: oob.h); the caller
 * frees *l when this succeeds. */
static mu_status prepare(const mu_roster *r, const mu_roster_opts *o,
                         int page, rs_layout *l, mu_roster_stats *st,
                         mu_error *err)
{
    mu_status s = check_opts(o, err);
    if (s == MU_OK)
        s = roster_layout(r, o, l, err);
    if (s != MU_OK)
        return s;
    memset(st, 0, sizeof *st);
    st->roster_pages = l->roster_pages;
    st->label_pages = l->label_pages;
    st->pages = l->roster_pages + l->label_pages;
    if (st->pages == 0 || page > st->pages) {
        roster_layout_free(l);
        return st->pages == 0
                   ? err_set(err, MU_EINPUT, "nothing to print: no division "
                             "has brigades to show")
                   : err_set(err, MU_EINPUT, "no page %d: the roster has %d "
                             "page%s", page, st->pages,
                             st->pages == 1 ? "" : "s");
    }
    return MU_OK;
}

mu_status mu_roster_draw_page(const mu_roster *r, const mu_roster_opts *o,
                              int page, void *cr,
                              mu_roster_stats *stats, mu_error *err)
{
    if (!r || !o || !cr || page < 1)
        return err_set(err, MU_EINPUT, page < 1 ? "pages are numbered from 1"
                       : "nothing to draw");
    rs_layout l;
    mu_roster_stats local;
    mu_roster_stats *st = stats ? stats : &local;
    mu_status s = prepare(r, o, page, &l, st, err);
    if (s != MU_OK)
        return s;
    dctx c = {cr, r, o, &l, st, page, st->pages, l.g.margin,
              l.g.w - 2 * l.g.margin};
    draw_page(&c);
    roster_layout_free(&l);
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
        return err_set(err, MU_EINTERNAL, "cairo: %s",
                       cairo_status_to_string(cairo_status(cr)));
    return MU_OK;
}

typedef struct wctx {
    mu_write_fn fn;
    void *ud;
    mu_status st;
} wctx;

static cairo_status_t on_write(void *closure, const unsigned char *data,
                               unsigned int n)
{
    wctx *w = closure;
    if (w->st == MU_OK)
        w->st = w->fn(w->ud, data, n);
    return w->st == MU_OK ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

static mu_status cairo_fail(cairo_status_t cs, const wctx *w, mu_error *err)
{
    if (w->st != MU_OK)
        return err_set(err, w->st, "the roster could not be written");
    return err_set(err, MU_EINTERNAL, "cairo: %s", cairo_status_to_string(cs));
}

mu_status mu_roster_render(const mu_roster *r, const mu_roster_opts *o,
                           mu_write_fn write, void *ud,
                           mu_roster_stats *stats, mu_error *err)
{
    if (!r || !o || !write)
        return err_set(err, MU_EINPUT, "nothing to draw");
    rs_layout l;
    mu_roster_stats local;
    mu_roster_stats *st = stats ? stats : &local;
    mu_status s = prepare(r, o, o->page, &l, st, err);
    if (s != MU_OK)
        return s;
    int first = 1, last = st->pages;
    if (o->page > 0)
        first = last = o->page;
    else if (o->format != MU_PAGES_PDF)
        last = 1;
    wctx w = {write, ud, MU_OK};
    double scale = o->format == MU_PAGES_PNG ? (o->dpi ? o->dpi : 150) / 72.0
                                             : 1.0;
    cairo_surface_t *sf;
    if (o->format == MU_PAGES_PDF) {
        sf = cairo_pdf_surface_create_for_stream(on_write, &w, l.g.w, l.g.h);
        cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_TITLE, r->title);
        cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_CREATOR,
                                       "muster " MU_VERSION);
    } else if (o->format == MU_PAGES_SVG) {
        sf = cairo_svg_surface_create_for_stream(on_write, &w, l.g.w, l.g.h);
        cairo_svg_surface_set_document_unit(sf, CAIRO_SVG_UNIT_PT);
    } else {
        sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
                                        (int)(l.g.w * scale + 0.5),
                                        (int)(l.g.h * scale + 0.5));
    }
    cairo_t *cr = cairo_create(sf);
    for (int p = first; p <= last; p++) {
        if (o->format == MU_PAGES_PNG) {
            cairo_set_source_rgb(cr, 1, 1, 1);
            cairo_paint(cr);
            cairo_scale(cr, scale, scale);
        }
        dctx c = {cr, r, o, &l, st, p, st->pages, l.g.margin,
                  l.g.w - 2 * l.g.margin};
        draw_page(&c);
        if (o->format != MU_PAGES_PNG)
            cairo_show_page(cr);
    }
    cairo_status_t cs = cairo_status(cr);
    cairo_destroy(cr);
    if (cs == CAIRO_STATUS_SUCCESS && o->format == MU_PAGES_PNG)
        cs = cairo_surface_write_to_png_stream(sf, on_write, &w);
    cairo_surface_finish(sf);
    if (cs == CAIRO_STATUS_SUCCESS)
        cs = cairo_surface_status(sf);
    cairo_surface_destroy(sf);
    roster_layout_free(&l);
    if (cs != CAIRO_STATUS_SUCCESS || w.st != MU_OK)
        return cairo_fail(cs, &w, err);
    return MU_OK;
}
