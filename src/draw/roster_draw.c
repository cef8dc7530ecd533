/* SPDX-License-Identifier: MIT */
/* roster_draw.c -- draws the roster's pages with cairo and pango: headers,
 * division headers, brigade cards with tick boxes, totals, label sheets
 * with crop marks; and writes them as PDF, PNG or SVG. */
#include "draw.h"
#include "lang.h"
#include "roster.h"

#include <cairo.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MM (72.0 / 25.4)

/* Tick boxes are stroked in this colour and nothing else is, so a test can
 * count them in the SVG. */
#define TICK_R 0.12
#define TICK_G 0.23
#define TICK_B 0.37
/* Battery boxes and status boxes likewise, each in a colour of its own. */
#define BATT_R 0.45
#define BATT_G 0.12
#define BATT_B 0.10
#define STAT_R 0.30
#define STAT_G 0.30
#define STAT_B 0.30

typedef struct dctx {
    cairo_t *cr;
    const mu_roster *r;
    const mu_roster_opts *o;
    const rs_layout *l;
    mu_roster_stats *st;
    int page, pages;
    double x0, w; /* content: left edge and width */
    bool on_label; /* drawing a label (a DP mark counts as a label's) */
} dctx;

/* ---- text --------------------------------------------------------------- */

enum { F_REG = 0, F_BOLD = 1, F_ITAL = 2 };

/* A count's words in the reader's language: "1 battery", "2 batteries". */
#define PL_(one, many, n) \
    dngettext(LANG_DOMAIN, one, many, (unsigned long)(n))

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

/* The sides' colours: Union blue, Confederate grey; a band of it marks a
 * division's header, its brigades and its labels. */
static void side_ink(dctx *c, mu_army side)
{
    if (side == MU_UNION)
        cairo_set_source_rgb(c->cr, 0.13, 0.25, 0.52);
    else
        cairo_set_source_rgb(c->cr, 0.52, 0.52, 0.50);
}


/* What DP means at the table, as the seed's rule expansion has it (a
 * page's legend and a sheet's legend label say it in these words):
 * wrapped at word ends to w, its size from `size` down to `min` until it
 * is at most h high; its top at y, or (up) its bottom. */
static void dp_legend(dctx *c, double x, double y, double w, double h,
                      double size, double min, bool up)
{
    const char *s = _("DP, despicable (the rule expansion): 0 manoeuvre "
                      "modifiers; \u22121 in melee unless an average or "
                      "exceptional leader of the same brigade outranks him. "
                      "A corps leader stays with one division leader; a "
                      "division leader stays within command radius of a "
                      "brigade of his division; a brigadier cannot be "
                      "replaced voluntarily.");
    PangoLayout *pl;
    int lw, lh;
    for (;;) {
        pl = mk(c, s, size, F_REG, 0);
        pango_layout_set_width(pl, (int)(w * PANGO_SCALE));
        pango_layout_set_wrap(pl, PANGO_WRAP_WORD);
        pango_layout_get_size(pl, &lw, &lh);
        if (size <= min || (double)lh / PANGO_SCALE <= h)
            break;
        g_object_unref(pl);
        size = size - 0.25 < min ? min : size - 0.25;
    }
    cairo_move_to(c->cr, x, up ? y - (double)lh / PANGO_SCALE : y);
    pango_cairo_show_layout(c->cr, pl);
    g_object_unref(pl);
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
    if (c->on_label || label_page(c))
        c->st->dp_labels++;
    else
        c->st->dp_roster++;
    return w;
}

/* The words of the reader's language (src/lang.h): the vocabulary's names
 * (average, veteran, infantry) are msgids of src/lang.c. */
static const char *rating_w(mu_rating r)
{
    return _(mu_rating_name(r));
}

static const char *side_w(mu_army a)
{
    return a == MU_UNION ? P_("side", "Union") : P_("side", "Confederate");
}

/* "Union infantry", "Confederate cavalry": one message each, as German
 * joins them ("Unions-Infanterie"). */
static const char *side_arm_w(mu_army a, mu_arm arm)
{
    static const char *const w[2][2] = {
        {N_("Union infantry"), N_("Union cavalry")},
        {N_("Confederate infantry"), N_("Confederate cavalry")}};
    return _(w[a == MU_UNION ? 0 : 1][arm == MU_CAVALRY]);
}

/* "average", "despicable", "average (despicable, by the book)", with
 * " (replacement)", " (downgraded)" or " (back from captivity)". */
static void rating_words(mu_rating played, mu_rating rolled, int origin,
                         char *buf, size_t n)
{
    const char *how = origin == RS_REPLACED     ? _(", replacement")
                      : origin == RS_DOWNGRADED ? _(", downgraded")
                      : origin == RS_RETURNED   ? _(", back from captivity")
                                                : "";
    if (played != rolled && origin != RS_DOWNGRADED)
        snprintf(buf, n, _("%s (despicable, by the book%s)"),
                 rating_w(played), how);
    else if (strlen(how) > 2)
        snprintf(buf, n, "%s (%s)", rating_w(played), how + 2);
    else
        snprintf(buf, n, "%s", rating_w(played));
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

/* A roll's face as text, or "given" for a value an order of battle gave
 * (`bit` of mu_division.given), which no die decided. */
typedef struct roll_txt {
    char s[32];
} roll_txt;

static roll_txt roll_or_given(const mu_division *d, mu_roll_kind k,
                              int brigade, uint32_t bit)
{
    roll_txt t;
    if (d->given & bit)
        snprintf(t.s, sizeof t.s, "%s", _("given"));
    else
        snprintf(t.s, sizeof t.s, "%d", find_roll(d, k, brigade));
    return t;
}

/* fmt's text appended to the string in s (n bytes), cut to fit. */
static void catf(char *s, size_t n, const char *fmt, ...) MU_PRINTF(3, 4);
static void catf(char *s, size_t n, const char *fmt, ...)
{
    size_t k = strnlen(s, n);
    if (k + 1 >= n)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s + k, n - k, fmt, ap);
    va_end(ap);
}

static void fraction(int num, int den, char *buf, size_t n)
{
    if (num % den == 0)
        snprintf(buf, n, "%d", num / den);
    else
        snprintf(buf, n, "%d.%02d", num / den, 100 * (num % den) / den);
}


static void draw_side(dctx *c, const rs_block *b)
{
    ink(c, 0.1);
    text(c, c->x0, b->y + 4, c->w, side_w((mu_army)b->side), 16, F_BOLD, 0);
    draw_line(c->cr, 1.2, c->x0, b->y + 25, c->x0 + c->w, b->y + 25);
}

static void draw_corps(dctx *c, const rs_block *b)
{
    const rs_corps *k = &c->r->corps[b->corps];
    char name[RS_NAME + 16];
    roster_corps_name(c->r, b->corps, name, sizeof name);
    ink(c, 0.1);
    text(c, c->x0, b->y + 6, c->w * 0.45, name, 13, F_BOLD, 0);
    if (!k->rated) {
        text(c, c->x0, b->y + 8, c->w, _("Corps leader: not yet met"), 10,
             F_REG, 2);
        return;
    }
    leader_right(c, c->x0 + c->w, b->y + 8, _("Corps leader"), k->leader,
                 k->rolled, k->origin, 10);
    char s[160] = "";
    if (k->roll)
        snprintf(s, sizeof s, _("rolled %d"), k->roll);
    if (k->attached)
        snprintf(s + strlen(s), sizeof s - strlen(s),
                 _("%sattached to division %d (despicable)"),
                 *s ? " · " : "", k->attached);
    ink(c, 0.35);
    text(c, c->x0, b->y + 21, c->w, s, 7, F_REG, 2);
}

static void division_title(const rs_division *d, char *buf, size_t n)
{
    buf[0] = '\0';
    if (d->number > 0)
        catf(buf, n, _("Division %d"), d->number);
    if (d->name[0])
        catf(buf, n, "%s\u201c%s\u201d", *buf ? " " : "", d->name);
    catf(buf, n, "%s%s", *buf ? " \u2014 " : "",
         side_arm_w(d->gen.army, d->gen.arm));
}

static void division_rolls(const rs_division *d, char *s, size_t n)
{
    const mu_division *g = &d->gen;
    const mu_artillery *a = &g->artillery;
    char q[32];
    s[0] = '\0';
    catf(s, n, "%s", _("rolls: "));
    int t = find_roll(g, MU_ROLL_THEATER, 0);
    if (t)
        catf(s, n, _("theater %d \u2192 %s %d \u00b7 "), t,
             _(mu_theater_name(g->theater)), g->year);
    catf(s, n, _("leader %s \u2192 %s \u00b7 brigades %s \u2192 %d"),
         roll_or_given(g, MU_ROLL_LEADER, 0, MU_GIVEN_LEADER).s,
         rating_w(g->leader_rolled),
         roll_or_given(g, MU_ROLL_BRIGADES, 0, MU_GIVEN_BRIGADES).s,
         g->nbrigades);
    if (g->given & MU_GIVEN_ARTILLERY || a->ratio <= 0) {
        /* an order of battle's batteries: no ratio, none to the reserve */
        catf(s, n, _(" \u00b7 batteries given \u2192 %d"), a->batteries);
        return;
    }
    catf(s, n, _(" \u00b7 ratio %d \u2192 1 per %d"),
         find_roll(g, MU_ROLL_RATIO, 0), a->ratio);
    fraction(g->stands, a->ratio, q, sizeof q);
    catf(s, n, " \u00b7 %d \u00f7 %d = %s", g->stands, a->ratio, q);
    if (a->battery_roll)
        catf(s, n, _(", battery %d %s %d"), a->battery_roll,
             a->battery_roll <= a->battery_threshold ? "\u2264" : ">",
             a->battery_threshold);
    catf(s, n, PL_(" \u2192 %d battery", " \u2192 %d batteries",
                   a->batteries), a->batteries);
    if (a->reserve_roll) {
        fraction(a->batteries, 3, q, sizeof q);
        catf(s, n, _(" \u00b7 a third = %s, reserve %d %s %d"), q,
             a->reserve_roll,
             a->reserve_roll <= a->reserve_threshold ? "\u2264" : ">",
             a->reserve_threshold);
    }
    lang_decimal(s, strlen(s));
}

/* "25 of 27 stands in 3 brigades · artillery: 2 batteries with the
 * division (1 captured), 1 to the Army Artillery Reserve". */
static void division_summary(const rs_division *d, char *s, size_t n)
{
    const mu_division *g = &d->gen;
    if (d->campaign && d->stands != d->start)
        snprintf(s, n, PL_("%d of %d stand", "%d of %d stands", d->start),
                 d->stands, d->start);
    else
        snprintf(s, n, PL_("%d stand", "%d stands", d->stands), d->stands);
    catf(s, n, PL_(" in %d brigade \u00b7 ", " in %d brigades \u00b7 ",
                   d->nbrigades), d->nbrigades);
    catf(s, n, PL_("artillery: %d battery with the division",
                   "artillery: %d batteries with the division",
                   d->batteries), d->batteries);
    if (d->guns_captured)
        catf(s, n, _(" (%d captured%s"), d->guns_captured,
             d->guns_destroyed ? "" : ")");
    if (d->guns_destroyed)
        catf(s, n, _("%s%d destroyed)"), d->guns_captured ? ", " : " (",
             d->guns_destroyed);
    catf(s, n, g->army == MU_UNION ? _(", %d to the Army Artillery Reserve")
                                   : _(", %d to the corps reserve"),
         g->artillery.reserve);
}

static void draw_division(dctx *c, const rs_block *b)
{
    const rs_division *d = &c->r->divs[b->div];
    char s[400];
    ink(c, 0.9);
    cairo_rectangle(c->cr, c->x0, b->y, c->w, 20);
    cairo_fill(c->cr);
    side_ink(c, d->gen.army);
    cairo_rectangle(c->cr, c->x0, b->y, 4, 20);
    cairo_fill(c->cr);
    ink(c, 0.1);
    division_title(d, s, sizeof s);
    text(c, c->x0 + 8, b->y + 3.5, c->w * 0.55, s, 11.5, F_BOLD, 0);
    leader_right(c, c->x0 + c->w - 6, b->y + 5, _("Division leader"), d->leader,
                 d->leader_rolled, d->origin, 9.5);
    ink(c, 0.1);
    division_summary(d, s, sizeof s);
    double pt = text_w(c, s, 9, F_REG) > c->w - 12 ? 8 : 9; /* guns lost */
    text(c, c->x0 + 6, b->y + 25, c->w - 12, s, pt, F_REG, 0);
    division_rolls(d, s, sizeof s);
    ink(c, 0.35);
    text(c, c->x0 + 6, b->y + 39, c->w - 12, s, 6.5, F_REG, 0);
    c->st->divisions++;
}

/* A small box stroked in r, g, b, `width` thick. */
static void box(dctx *c, double x, double y, double side, double width,
                double r, double g, double b)
{
    cairo_set_source_rgb(c->cr, r, g, b);
    cairo_set_line_width(c->cr, width);
    cairo_rectangle(c->cr, x, y, side, side);
    cairo_stroke(c->cr);
}

/* The tick boxes of a brigade of `n` stands: one per stand, shaded from
 * the box that makes it worn, darker from the one that makes it spent, the
 * stands left under each; a card's (not `small`) say "worn" and "spent"
 * above. */
static void tick_boxes(dctx *c, double x, double y, double room, int n,
                       int worn, int spent, bool small)
{
    double pitch = small ? 14 : 19, side = small ? 11 : 14.5;
    if (n * pitch > room) {
        pitch = room / n;
        side = pitch * (small ? 0.8 : 0.78);
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
        box(c, bx, y, side, small ? 0.8 : 0.9, TICK_R, TICK_G, TICK_B);
        c->st->tick_boxes++;
        char num[16];
        snprintf(num, sizeof num, "%d", left);
        ink(c, 0.4);
        text(c, bx - 2, y + side + (small ? 0.8 : 1.5), side + 4, num,
             small ? 5 : 6, F_REG, 1);
        const char *mark = worn && left == worn ? _("worn")
                           : spent && left == spent ? _("spent") : NULL;
        if (mark && !small) {
            ink(c, 0.1);
            text_fit(c, bx - 10, y - 9, side + 20, mark, 6.5, 4.5, F_BOLD, 1);
        }
    }
}

/* "27 at the start: 2 out, 1 prisoner, 1 returned". */
static void losses_text(const rs_brigade *bg, char *s, size_t n)
{
    snprintf(s, n, PL_("%d at the start: %d out, %d prisoner",
                       "%d at the start: %d out, %d prisoners", bg->captured),
             bg->start, bg->lost, bg->captured);
    if (bg->returned)
        catf(s, n, _(", %d returned"), bg->returned);
}

/* "7/5/3 veteran" (the label of mu_labels_name, of the brigade's label
 * strength) or, without a line for it, "5 stands, green": then the stands
 * it has now, one a tick box on the card, never the label's strength (in
 * a battle under way, the strength it began with). In the reader's
 * language. */
static void label_words(const mu_labels *l, const rs_brigade *bg,
                        char *buf, size_t n)
{
    int worn, spent;
    mu_morale m = bg->morale;
    if (mu_labels_get(l, bg->label_stands, m, &worn, &spent))
        snprintf(buf, n, "%d/%d/%d %s", bg->label_stands, worn, spent,
                 _(mu_morale_name(m)));
    else
        snprintf(buf, n, dngettext(LANG_DOMAIN, "%d stand, %s",
                                   "%d stands, %s",
                                   (unsigned long)bg->stands),
                 bg->stands, _(mu_morale_name(m)));
}

static void card_status(const rs_division *d, const rs_brigade *bg,
                        int worn, int spent, char *s, size_t n)
{
    if (worn)
        snprintf(s, n, _("worn at %d \u00b7 spent at %d"), worn, spent);
    else
        snprintf(s, n, PL_("%d stand", "%d stands", bg->stands), bg->stands);
    size_t k = strlen(s);
    if (d->campaign && k + 1 < n && (bg->start != bg->stands || bg->returned)) {
        s[k++] = '\n';
        losses_text(bg, s + k, n - k);
    }
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
    label_words(c->o->labels, bg, label, sizeof label);
    roster_brigade_name(bg, s, sizeof s);
    ink(c, 0.1);
    text(c, x + 8, y + 5, 0, s, 11, F_BOLD, 0);
    double lw = text_w(c, s, 11, F_BOLD);
    text(c, x + 8 + lw + 10, y + 6, w * 0.5 - lw, label, 10, F_REG, 0);
    leader_right(c, x + w - 8, y + 6, _("Brigadier"), bg->leader, bg->rolled,
                 bg->origin, 9.5);
    int worn = 0, spent = 0;
    mu_labels_get(c->o->labels, bg->label_stands, bg->morale, &worn, &spent);
    tick_boxes(c, x + 12, y + 28, w - 270, bg->stands, worn, spent, false);
    card_status(d, bg, worn, spent, s, sizeof s);
    ink(c, 0.25);
    text(c, x + w - 250, y + 27, 242, s, 8, F_REG, 2);
    const mu_division *g = &d->gen;
    int i = b->brig + 1;
    int k = b->brig;
    snprintf(s, sizeof s, _("rolls: stands %s \u2192 %d \u00b7 morale %s "
                            "\u2192 %s \u00b7 brigadier %s \u2192 %s"),
             roll_or_given(g, MU_ROLL_STANDS, i, MU_GIVEN_STANDS(k)).s,
             g->brigades[k].stands,
             roll_or_given(g, MU_ROLL_MORALE, i, MU_GIVEN_MORALE(k)).s,
             _(mu_morale_name(bg->morale)),
             roll_or_given(g, MU_ROLL_BRIGADIER, i, MU_GIVEN_BRIGADIER(k)).s,
             rating_w(g->brigades[k].rolled));
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
    snprintf(s, n, PL_("%d division, ", "%d divisions, ", t->divs), t->divs);
    catf(s, n, PL_("%d brigade, ", "%d brigades, ", t->brigades), t->brigades);
    if (t->start != t->stands)
        catf(s, n, PL_("%d of %d stand", "%d of %d stands", t->start),
             t->stands, t->start);
    else
        catf(s, n, PL_("%d stand", "%d stands", t->stands), t->stands);
    catf(s, n, PL_(" \u00b7 %d battery: %d with the divisions, %d to the "
                   "reserve", " \u00b7 %d batteries: %d with the divisions, "
                   "%d to the reserve", t->batteries),
         t->batteries, t->division, t->reserve);
}

static void draw_corps_total(dctx *c, const rs_block *b)
{
    char name[RS_NAME + 16], s[300], line[440];
    roster_corps_name(c->r, b->corps, name, sizeof name);
    tally t = count(c->r, b->side, b->corps);
    tally_text(&t, s, sizeof s);
    snprintf(line, sizeof line, _("%s total"), name);
    ink(c, 0.1);
    draw_line(c->cr, 0.6, c->x0, b->y + 2, c->x0 + c->w, b->y + 2);
    text(c, c->x0, b->y + 5, c->w, line, 9.5, F_BOLD, 0);
    text(c, c->x0, b->y + 18, c->w, s, 9, F_REG, 0);
}

static void draw_side_total(dctx *c, const rs_block *b)
{
    char s[300], line[400];
    tally t = count(c->r, b->side, -1);
    tally_text(&t, s, sizeof s);
    snprintf(line, sizeof line, "%s", b->side == MU_UNION
             ? _("Union army total") : _("Confederate army total"));
    ink(c, 0.93);
    cairo_rectangle(c->cr, c->x0, b->y + 2, c->w, 46);
    cairo_fill(c->cr);
    ink(c, 0.1);
    text(c, c->x0 + 6, b->y + 5, c->w - 12, line, 10, F_BOLD, 0);
    text(c, c->x0 + 6, b->y + 19, c->w - 12, s, 9, F_REG, 0);
    /* The reserve pool: the Union's is one Army Artillery Reserve, the
     * Confederates' a reserve per corps. */
    snprintf(s, sizeof s, PL_("Reserve artillery pool: %d battery",
                              "Reserve artillery pool: %d batteries",
                              t.reserve), t.reserve);
    if (b->side == MU_UNION) {
        catf(s, sizeof s, "%s", _(" in the Army Artillery Reserve"));
    } else {
        char list[240] = "";
        for (int q = 0; q < c->r->ncorps; q++) {
            tally u = count(c->r, b->side, q);
            if ((int)c->r->corps[q].side != b->side || !u.divs)
                continue;
            char name[RS_NAME + 16];
            roster_corps_name(c->r, q, name, sizeof name);
            catf(list, sizeof list, "%s%s %d", *list ? ", " : "", name,
                 u.reserve);
        }
        if (*list)
            catf(s, sizeof s, _(" in the corps reserves (%s)"), list);
    }
    text(c, c->x0 + 6, b->y + 33, c->w - 12, s, 9, F_REG, 0);
}

static void draw_note(dctx *c, const rs_block *b)
{
    ink(c, 0.3);
    text(c, c->x0, b->y + 4, c->w, c->r->waiting[b->side], 8.5, F_ITAL, 0);
}

/* ---- the compact style -------------------------------------------------- */

/* "□ disordered  □ low ammunition": boxes to tick in pencil. */
static void status_boxes(dctx *c, double x, double y)
{
    const char *const what[] = {_("disordered"), _("low ammunition")};
    for (int i = 0; i < 2; i++) {
        box(c, x, y, 7, 0.8, STAT_R, STAT_G, STAT_B);
        c->st->status_boxes++;
        ink(c, 0.25);
        text(c, x + 9.5, y - 0.5, 0, what[i], 6.8, F_REG, 0);
        x += 9.5 + text_w(c, what[i], 6.8, F_REG) + 10;
    }
}

/* One brigade in a cell: a band of its side's colour, its name (DP for a
 * despicable brigadier), label and brigadier, a box a stand, the losses
 * of a campaign, the status boxes and a line for notes. */
static void draw_cell(dctx *c, const rs_division *d, const rs_brigade *bg,
                      double x, double y, double w, double h)
{
    char s[256], label[64], rw[96];
    side_ink(c, d->gen.army);
    cairo_rectangle(c->cr, x, y, 3.5, h);
    cairo_fill(c->cr);
    ink(c, 0.55);
    cairo_set_line_width(c->cr, 0.6);
    cairo_rectangle(c->cr, x, y, w, h);
    cairo_stroke(c->cr);
    double in = x + 8, iw = w - 14;
    double badge = bg->leader == MU_DESPICABLE
                       ? text_w(c, "DP", 7.5, F_BOLD) + 4.5 + 3 : 0;
    roster_brigade_name(bg, s, sizeof s);
    ink(c, 0.05);
    text_fit(c, in, y + 4, iw - badge, s, 9.5, 7, F_BOLD, 0);
    if (badge > 0)
        dp_badge(c, x + w - 6 - badge + 3, y + 5, 7.5);
    label_words(c->o->labels, bg, label, sizeof label);
    rating_words(bg->leader, bg->rolled, bg->origin, rw, sizeof rw);
    snprintf(s, sizeof s, _("%s \u00b7 brigadier %s"), label, rw);
    ink(c, 0.15);
    text_fit(c, in, y + 18, iw, s, 7.2, 6, F_REG, 0);
    int worn = 0, spent = 0;
    mu_labels_get(c->o->labels, bg->label_stands, bg->morale, &worn, &spent);
    tick_boxes(c, in, y + 31, iw, bg->stands, worn, spent, true);
    if (d->campaign && (bg->start != bg->stands || bg->returned)) {
        losses_text(bg, s, sizeof s);
        ink(c, 0.3);
        text(c, in, y + 49, iw, s, 6.5, F_REG, 0);
    }
    status_boxes(c, in, y + 60);
    ink(c, 0.4);
    text(c, in, y + 72, 0, _("notes"), 6.5, F_ITAL, 0);
    ink(c, 0.6);
    draw_line(c->cr, 0.4, in + 22, y + 80, x + w - 6, y + 80);
    c->st->brigades++;
}

/* The division's batteries, a box each to tick when one is lost; what was
 * captured or destroyed before. */
static void battery_row(dctx *c, const rs_division *d, double y)
{
    double x = c->x0 + 8;
    ink(c, 0.1);
    text(c, x, y + 5, 0, _("Batteries"), 8, F_BOLD, 0);
    x += text_w(c, _("Batteries"), 8, F_BOLD) + 10;
    for (int i = 1; i <= d->batteries; i++) {
        char s[32];
        box(c, x, y + 4, 10, 0.8, BATT_R, BATT_G, BATT_B);
        c->st->battery_boxes++;
        snprintf(s, sizeof s, _("Battery %d"), i);
        ink(c, 0.2);
        text(c, x + 13, y + 5, 0, s, 7.5, F_REG, 0);
        x += 13 + text_w(c, s, 7.5, F_REG) + 12;
    }
    char s[96] = "";
    if (d->guns_captured || d->guns_destroyed)
        snprintf(s, sizeof s, _("%s%d captured, %d destroyed"),
                 d->batteries ? "" : _("none left: "), d->guns_captured,
                 d->guns_destroyed);
    ink(c, 0.35);
    text(c, x, y + 5.5, 0, s, 7, F_ITAL, 0);
}

static void draw_cdiv(dctx *c, const rs_block *b)
{
    const rs_division *d = &c->r->divs[b->div];
    char s[400], rw[96];
    side_ink(c, d->gen.army);
    cairo_rectangle(c->cr, c->x0, b->y, c->w, 18);
    cairo_fill(c->cr);
    division_title(d, s, sizeof s);
    ink(c, 1);
    text(c, c->x0 + 6, b->y + 3, c->w * 0.6, s, 10.5, F_BOLD, 0);
    rating_words(d->leader, d->leader_rolled, d->origin, rw, sizeof rw);
    snprintf(s, sizeof s, _("Division leader: %s"), rw);
    double badge = d->leader == MU_DESPICABLE
                       ? text_w(c, "DP", 8, F_BOLD) + 4.8 + 4 : 0;
    double lw = text_w(c, s, 8.5, F_REG);
    ink(c, 1);
    text(c, c->x0 + c->w - 6 - badge - lw, b->y + 4.5, 0, s, 8.5, F_REG, 0);
    if (badge > 0) {
        ink(c, 1);
        cairo_rectangle(c->cr, c->x0 + c->w - 6 - badge + 3, b->y + 3,
                        badge - 2, 12);
        cairo_fill(c->cr);
        dp_badge(c, c->x0 + c->w - 6 - badge + 4, b->y + 4, 8);
    }
    division_summary(d, s, sizeof s);
    ink(c, 0.15);
    text(c, c->x0 + 2, b->y + 21, c->w - 4, s, 8, F_REG, 0);
    double gap = 6, cw = (c->w - (RS_CELLS - 1) * gap) / RS_CELLS;
    for (int i = 0; i < d->nbrigades; i++)
        draw_cell(c, d, &d->b[i], c->x0 + (i % RS_CELLS) * (cw + gap),
                  b->y + RS_CDIV_HEAD + (i / RS_CELLS) * RS_CELL_H, cw,
                  RS_CELL_H - 6);
    int rows = (d->nbrigades + RS_CELLS - 1) / RS_CELLS;
    if (d->batteries || d->guns_captured || d->guns_destroyed)
        battery_row(c, d, b->y + RS_CDIV_HEAD + rows * RS_CELL_H - 2);
    c->st->divisions++;
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
        snprintf(top, 160, "%s", side_w(k->side));
        roster_corps_name(r, lb->corps, name, 160);
        rating_words(k->leader, k->rolled, k->origin, rw, sizeof rw);
        snprintf(big, 160, "%s", rating_w(k->leader));
        snprintf(low, 160, _("corps leader%s"), strchr(rw, '(') ? strchr(rw, '(') - 1
                 : "");
        *rating = k->leader;
        return;
    }
    const rs_division *d = &r->divs[lb->div];
    char dn[RS_NAME + 16];
    if (d->name[0])
        snprintf(dn, sizeof dn, "%s", d->name);
    else if (d->number)
        snprintf(dn, sizeof dn, _("Division %d"), d->number);
    else
        snprintf(dn, sizeof dn, "%s", _("Division"));
    const char *side = side_w(d->gen.army);
    if (lb->brig < 0) {
        char cn[RS_NAME + 16] = "";
        if (d->corps >= 0)
            roster_corps_name(r, d->corps, cn, sizeof cn);
        snprintf(top, 160, "%s%s%s", side, *cn ? " \u00b7 " : "", cn);
        snprintf(name, 160, "%s", dn);
        rating_words(d->leader, d->leader_rolled, d->origin, rw, sizeof rw);
        snprintf(big, 160, "%s", rating_w(d->leader));
        snprintf(low, 160, _("division leader%s"), strchr(rw, '(')
                 ? strchr(rw, '(') - 1 : "");
        *rating = d->leader;
        return;
    }
    const rs_brigade *b = &d->b[lb->brig];
    int worn, spent;
    snprintf(top, 160, "%s \u00b7 %s", side, dn);
    roster_brigade_name(b, name, 160);
    if (mu_labels_get(c->o->labels, b->label_stands, b->morale, &worn,
                      &spent))
        snprintf(big, 160, "%d/%d/%d", b->label_stands, worn, spent);
    else
        snprintf(big, 160, PL_("%d stand", "%d stands", b->label_stands),
                 b->label_stands);
    /* The rating word only: a label has no room for how it came about. */
    snprintf(low, 160, "%s \u00b7 %s", _(mu_morale_name(b->morale)),
             rating_w(b->leader));
    *rating = b->leader;
}

static mu_army label_side(const mu_roster *r, const rs_label *lb)
{
    return lb->corps >= 0 ? r->corps[lb->corps].side
                          : r->divs[lb->div].gen.army;
}

/* A line of a label: its text, size, style and grey. */
typedef struct lline {
    const char *s;
    double size;
    int style;
    double grey;
} lline;

/* Lines spread down the box (x, y, w, h), centred; with `left` the first
 * is left-aligned beside room for a badge of width `badge` (0: none). */
static void label_stack(dctx *c, double x, double y, double w, double h,
                        double pad, const lline *ln, int n, bool left,
                        double badge)
{
    double used = 0;
    for (int i = 0; i < n; i++)
        used += ln[i].size * 1.2;
    double gap = n > 1 ? (h - 2 * pad - used) / (n - 1) : 0, ty = y + pad;
    if (gap < 0)
        gap = 0;
    for (int i = 0; i < n; i++) {
        ink(c, ln[i].grey);
        bool first = i == 0 && left;
        double room = w - 2 * pad - (first && badge > 0 ? badge + 2 : 0);
        text_fit(c, x + pad, ty, room, ln[i].s, ln[i].size,
                 ln[i].size * (first ? 0.75 : 0.6), ln[i].style,
                 first ? 0 : 1);
        ty += ln[i].size * 1.2 + gap;
    }
}

/* The label's face in (x, y, w, h): a band of its side's colour, then
 * where it belongs, who, the big line and what it is; folded, the last
 * two (and a DP) go on the lower half, turned upside down. */
static void label_face(dctx *c, const rs_label *lb, double x, double y,
                       double w, double h)
{
    char top[160], name[160], big[160], low[160];
    mu_rating rating;
    label_lines(c, lb, top, name, big, low, &rating);
    bool dp = rating == MU_DESPICABLE, fold = c->o->fold;
    double fh = fold ? h / 2 : h, band = fh * 0.07;
    side_ink(c, label_side(c->r, lb));
    cairo_rectangle(c->cr, x, y, w, band);
    cairo_fill(c->cr);
    /* u: a line unit that fits the lines high and about nine characters
     * wide. Folded, the hidden half holds the DP's corner (1.08 u), two
     * pads (0.8 u) and the big and low lines (2.76 u) in 85 % of what is
     * left: 4.48 u in 0.85 fh, and a little to spare, so that nothing of
     * it reaches over the fold on a short label. */
    double u = fold ? fh / 5.6 : fh / 6.4;
    if (u > w / 9)
        u = w / 9;
    double pad = u * 0.4, bs = 0.9 * u;
    double badge = dp ? text_w(c, "DP", bs, F_BOLD) + bs * 0.6 : 0;
    lline all[4] = {{top, 0.75 * u, F_REG, 0.3}, {name, 1.1 * u, F_BOLD, 0.05},
                    {big, 1.5 * u, F_BOLD, 0.05}, {low, 0.8 * u, F_REG, 0.2}};
    if (!fold) {
        label_stack(c, x, y + band, w, h - band, pad, all, 4, true, badge);
        if (dp)
            dp_badge(c, x + w - pad - badge, y + band + pad * 0.7, bs);
        return;
    }
    all[0].size = 0.8 * u;
    all[1].size = 1.3 * u;
    /* The name a little above the fold; the hidden lines upside down,
     * the big one furthest from the fold, the DP in a corner. */
    label_stack(c, x, y + band, w, (fh - band) * 0.85, pad, all, 2, true, 0);
    cairo_save(c->cr);
    cairo_translate(c->cr, x + w, y + h);
    cairo_rotate(c->cr, M_PI);
    label_stack(c, 0, bs * 1.2, w, (fh - bs * 1.2) * 0.85, pad, all + 2, 2,
                false, 0);
    if (dp)
        dp_badge(c, w - pad - badge, pad * 0.5, bs);
    cairo_restore(c->cr);
    ink(c, 0.5);
    const double dash[] = {2, 2};
    cairo_set_dash(c->cr, dash, 2, 0);
    draw_line(c->cr, 0.4, x, y + fh, x + w, y + fh);
    cairo_set_dash(c->cr, NULL, 0, 0);
}

/* A label on plain paper: a faint outline and crop marks around it. */
/* A sheet's label after the leaders': the DP legend, as large as fits. */
static void legend_label(dctx *c, double x, double y, double w, double h)
{
    double pad = 2 * MM;
    ink(c, 0.1);
    dp_legend(c, x + pad, y + pad, w - 2 * pad, h - 2 * pad, 8, 3.5, false);
}

static void draw_label(dctx *c, const rs_label *lb, double x, double y)
{
    double w = c->l->g.lw, h = c->l->g.lh;
    if (lb->corps == RS_LEGEND) {
        legend_label(c, x, y, w, h);
        return;
    }
    c->on_label = true;
    if (!c->o->sheet) {
        ink(c, 0.82);
        cairo_set_line_width(c->cr, 0.3);
        cairo_rectangle(c->cr, x, y, w, h);
        cairo_stroke(c->cr);
        crop_marks(c, x, y, w, h);
    }
    label_face(c, lb, x, y, w, h);
    c->on_label = false;
    c->st->labels++;
}

static void draw_labels(dctx *c)
{
    const rs_geom *g = &c->l->g;
    int per = g->cols * g->rows;
    int first = (c->page - c->l->roster_pages - 1) * per;
    for (int i = 0; i < per && first + i < c->l->nlabels; i++)
        draw_label(c, &c->l->labels[first + i], g->lx + (i % g->cols) * g->px,
                   g->ly + (i / g->cols) * g->py);
}

/* The compact style's row of labels under a division. */
/* "Command-stand labels, 30 × 30 mm: cut along the crop marks". */
static void labels_caption(dctx *c, char *s, size_t n)
{
    const rs_geom *g = &c->l->g;
    snprintf(s, n, _("Command-stand labels, %.0f \u00d7 %.0f mm%s: cut "
                     "along the crop marks"), g->base_w / MM, g->base_h / MM,
             c->o->fold ? _(", to fold under the base along the dashes") : "");
}

static void draw_label_row(dctx *c, const rs_block *b)
{
    const rs_geom *g = &c->l->g;
    char s[160];
    labels_caption(c, s, sizeof s);
    ink(c, 0.35);
    text(c, c->x0, b->y, c->w, s, 7, F_ITAL, 0);
    int per = g->row_cols > 0 ? g->row_cols : 1;
    double gap = RS_ROW_GAP_MM * MM;
    for (int i = 0; i < b->count; i++)
        draw_label(c, &c->l->labels[b->first + i],
                   c->x0 + (i % per) * (g->lw + gap),
                   b->y + RS_ROW_CAPTION + (i / per) * (g->lh + gap));
}

/* ---- pages -------------------------------------------------------------- */

/* "Roster · seed 3", and on a page that starts inside a side, whose
 * division it continues. */
static void roster_subtitle(dctx *c, char *s, size_t n)
{
    snprintf(s, n, "%s%s%s", _("Roster"), c->r->dice[0] ? " \u00b7 " : "",
             c->r->dice);
    const rs_block *b = NULL;
    for (int i = 0; i < c->l->nblocks && !b; i++)
        if (c->l->blocks[i].page == c->page)
            b = &c->l->blocks[i];
    if (!b || b->kind == RB_SIDE)
        return;
    char name[RS_NAME + 32];
    if (b->kind == RB_CARD)
        division_title(&c->r->divs[b->div], name, sizeof name);
    else
        snprintf(name, sizeof name, "%s", side_w((mu_army)b->side));
    catf(s, n, " \u00b7 %s%s", b->kind == RB_CARD ? _("continued: ") : "",
         name);
}

/* The title beside "page N of M", in `room`: smaller until it fits, and
 * a title too long even then loses its middle, never its end, where a
 * generated title has its year. A fixed share of the width cut German
 * titles short ("Kriegsschauplatz 1\u2026") where a raster's rounded
 * glyphs came out wider than the PDF's. */
static void header_title(dctx *c, double room)
{
    double size = 12;
    while (size > 8 && text_w(c, c->r->title, size, F_BOLD) > room)
        size = size * 0.95 < 8 ? 8 : size * 0.95;
    PangoLayout *pl = mk(c, c->r->title, size, F_BOLD, room);
    pango_layout_set_ellipsize(pl, PANGO_ELLIPSIZE_MIDDLE);
    cairo_move_to(c->cr, c->x0, 22 + (12 - size) * 0.8);
    pango_cairo_show_layout(c->cr, pl);
    g_object_unref(pl);
}

static void header(dctx *c)
{
    const rs_geom *g = &c->l->g;
    char s[200];
    ink(c, 0.1);
    snprintf(s, sizeof s, _("page %d of %d"), c->page, c->pages);
    text(c, c->x0, 24, c->w, s, 9, F_REG, 2);
    header_title(c, c->w - text_w(c, s, 9, F_REG) - 12);
    if (label_page(c))
        labels_caption(c, s, sizeof s);
    else
        roster_subtitle(c, s, sizeof s);
    ink(c, 0.35);
    text(c, c->x0, 37, c->w, s, 8, F_REG, 0);
    ink(c, 0.1);
    draw_line(c->cr, 0.8, c->x0, 49, c->x0 + c->w, 49);
    if (!label_page(c)) {
        ink(c, 0.4);
        text(c, c->x0, g->h - 28, c->w, c->o->labels
             ? _("Tick a box for each stand lost; the number under it is the "
                 "stands left. Shaded: worn; darker: spent (your labels "
                 "file).")
             : _("Tick a box for each stand lost; the number under it is the "
                 "stands left. Worn and spent are marked when a labels file "
                 "is given."), 7, F_ITAL, 0);
    }
}

/* The DP legend above the foot of a page that has a DP mark, its last
 * line just above the footer's, in the room the layout left for it
 * (RS_LEGEND_H more than the foot's 40 points). */
static void page_legend(dctx *c)
{
    ink(c, 0.2);
    dp_legend(c, c->x0, c->l->g.h - 29, c->w, RS_LEGEND_H + 8, 6.5, 5, true);
}

static void draw_page(dctx *c)
{
    int dp = c->st->dp_roster + c->st->dp_labels;
    cairo_save(c->cr);
    /* A sheet's labels run to its edges: no header there. */
    if (!(label_page(c) && c->o->sheet))
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
            case RB_CDIV: draw_cdiv(c, b); break;
            case RB_LABELS: draw_label_row(c, b); break;
            }
        }
    }
    if (!c->o->sheet && c->st->dp_roster + c->st->dp_labels > dp)
        page_legend(c);
    cairo_restore(c->cr);
    c->st->drawn++;
}

static mu_status check_opts(const mu_roster_opts *o, mu_error *err)
{
    if ((unsigned)o->paper > MU_PAPER_LETTER)
        return err_set(err, MU_EINPUT, "unknown paper size");
    if ((unsigned)o->format > MU_FILE_PDF)
        return err_set(err, MU_EINPUT, "a roster is written as pdf, png or "
                       "svg");
    if (o->dpi && (o->dpi < 50 || o->dpi > 600))
        return err_set(err, MU_EINPUT, "a PNG is drawn at 50..600 dpi");
    if (o->page < 0)
        return err_set(err, MU_EINPUT, "pages are numbered from 1");
    if ((unsigned)o->style > MU_ROSTER_COMPACT ||
        (unsigned)o->part > MU_PRINT_LABELS)
        return err_set(err, MU_EINPUT, "unknown roster style or part");
    return MU_OK;
}

/* Checks the options, lays the roster out and starts the stats (a
 * strength the labels lack takes the nearest line: oob.h); the caller
 * frees *l when this succeeds. */
static mu_status prepare(const mu_roster *r, const mu_roster_opts *o,
                         rs_layout *l, mu_roster_stats *st, mu_error *err)
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
    if (st->pages == 0 || o->page > st->pages) {
        roster_layout_free(l);
        return st->pages == 0
                   ? err_set(err, MU_EINPUT, "nothing to print: no division "
                             "has brigades to show")
                   : err_set(err, MU_EINPUT,
                             ERR_PL("no page %d: the roster has %d page",
                                    "no page %d: the roster has %d pages",
                                    st->pages), o->page, st->pages);
    }
    return MU_OK;
}

/* Pages first..last of pw x ph points in c's format (a PNG at its dpi,
 * an SVG in points), each drawn by page() on a copy of *c, written
 * through write(ud, ...). */
static mu_status render(const dctx *c, double pw, double ph,
                        const char *title, int first, int last,
                        void (*page)(dctx *c), mu_sink_fn write, void *ud,
                        mu_error *err)
{
    mu_file_format f = c->o->format;
    draw_sink k = {write, ud, MU_OK, err};
    double scale = f == MU_FILE_PNG ? (c->o->dpi ? c->o->dpi : 150) / 72.0
                                    : 1.0;
    cairo_surface_t *sf;
    if (f == MU_FILE_PNG) {
        sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
                                        (int)(pw * scale + 0.5),
                                        (int)(ph * scale + 0.5));
    } else {
        sf = draw_surface_open(f, pw, ph, title, &k);
        if (f == MU_FILE_SVG)
            cairo_svg_surface_set_document_unit(sf, CAIRO_SVG_UNIT_PT);
    }
    cairo_t *cr = cairo_create(sf);
    for (int p = first; p <= last; p++) {
        if (f == MU_FILE_PNG) { /* painted white, scaled to points */
            cairo_set_source_rgb(cr, 1, 1, 1);
            cairo_paint(cr);
            cairo_scale(cr, scale, scale);
        }
        dctx pc = *c;
        pc.cr = cr;
        pc.page = p;
        page(&pc);
        if (f != MU_FILE_PNG)
            cairo_show_page(cr);
    }
    cairo_status_t cs = cairo_status(cr);
    cairo_destroy(cr);
    mu_status st = MU_OK;
    if (cs != CAIRO_STATUS_SUCCESS && k.st == MU_OK) /* else the sink's */
        st = err_set(err, MU_EINTERNAL, "cairo: %s",
                     cairo_status_to_string(cs));
    return draw_surface_close(sf, f, st, &k, err);
}

mu_status mu_roster_render(const mu_roster *r, const mu_roster_opts *o,
                           mu_sink_fn write, void *ud,
                           mu_roster_stats *stats, mu_error *err)
{
    if (!r || !o || !write)
        return err_set(err, MU_EINPUT, "nothing to draw");
    rs_layout l;
    mu_roster_stats local;
    mu_roster_stats *st = stats ? stats : &local;
    mu_status s = prepare(r, o, &l, st, err);
    if (s != MU_OK)
        return s;
    int first = 1, last = st->pages;
    if (o->page > 0)
        first = last = o->page;
    else if (o->format != MU_FILE_PDF)
        last = 1;
    dctx c = {NULL, r, o, &l, st, first, st->pages, l.g.margin,
              l.g.w - 2 * l.g.margin, false};
    s = render(&c, l.g.w, l.g.h, r->title, first, last, draw_page, write, ud,
               err);
    roster_layout_free(&l);
    return s;
}

/* ---- a sheet's calibration page ------------------------------------------ */

/* Rulers in mm along the page's top and left edges: a tick each mm, longer
 * each 5 and 10, numbered each 10. */
static void rulers(dctx *c, double pw, double ph)
{
    char num[16];
    cairo_set_line_width(c->cr, 0.25);
    ink(c, 0.2);
    for (int down = 0; down < 2; down++) /* the top edge, then the left */
        for (int mm = 1; mm * MM < (down ? ph : pw); mm++) {
            double at = mm * MM,
                   len = (mm % 10 == 0 ? 3 : mm % 5 == 0 ? 2 : 1) * MM;
            cairo_move_to(c->cr, down ? 0 : at, down ? at : 0);
            cairo_line_to(c->cr, down ? len : at, down ? at : len);
        }
    cairo_stroke(c->cr);
    /* The numbers sit past the ticks (3 mm), clear of the labels' edges. */
    for (int mm = 10; mm * MM < pw - 5 * MM; mm += 10) {
        snprintf(num, sizeof num, "%d", mm);
        text(c, mm * MM - 10, 3.1 * MM, 20, num, 4.5, F_REG, 1);
    }
    for (int mm = 10; mm * MM < ph - 5 * MM; mm += 10) {
        snprintf(num, sizeof num, "%d", mm);
        text(c, 3.2 * MM, mm * MM - 2.5, 0, num, 4.5, F_REG, 0);
    }
}

/* Each label's outline at its place, its number in its top left corner,
 * and what the sheet is in the first label's upper half. */
static void calibration_page(dctx *c)
{
    const mu_sheet *sh = c->o->sheet;
    double pw, ph;
    mu_paper_size(sh->paper, &pw, &ph);
    double w = sh->label_w * MM, h = sh->label_h * MM;
    cairo_set_line_width(c->cr, 0.4);
    ink(c, 0);
    for (int row = 0; row < sh->rows; row++)
        for (int col = 0; col < sh->cols; col++)
            cairo_rectangle(c->cr, (sh->left + col * sh->pitch_x) * MM,
                            (sh->top + row * sh->pitch_y) * MM, w, h);
    cairo_stroke(c->cr);
    char s[200];
    for (int i = 0; i < sh->rows * sh->cols; i++) {
        double x = (sh->left + (i % sh->cols) * sh->pitch_x) * MM,
               y = (sh->top + (i / sh->cols) * sh->pitch_y) * MM;
        snprintf(s, sizeof s, "%d", i + 1);
        ink(c, 0.45);
        text(c, x + 5 * MM, y + 4 * MM, 0, s, 6, F_REG, 0);
    }
    double x = (sh->left + 5) * MM + 12, y = (sh->top + 4) * MM;
    ink(c, 0.1);
    text(c, x, y, w * 0.55, sh->title, 6.5, F_BOLD, 0);
    int k = snprintf(s, sizeof s, _("%d × %d labels of %g × %g mm"), sh->cols,
                     sh->rows, sh->label_w, sh->label_h);
    lang_decimal(s, k > 0 && (size_t)k < sizeof s ? (size_t)k : strlen(s));
    text(c, x, y + 8, w * 0.55, s, 5, F_REG, 0);
    /* xgettext:no-c-format */
    snprintf(s, sizeof s, "%s", _("print at 100 %, then hold it to a sheet"));
    text(c, x, y + 14, w * 0.55, s, 5, F_REG, 0);
    rulers(c, pw, ph);
}

mu_status mu_sheet_render_calibration(const mu_sheet *sheet,
                                      mu_file_format format, int dpi,
                                      mu_sink_fn write, void *ud,
                                      mu_error *err)
{
    if (!sheet || !write)
        return err_set(err, MU_EINPUT, "nothing to draw");
    mu_roster_opts o = {.paper = sheet->paper, .format = format, .dpi = dpi,
                        .sheet = sheet};
    mu_status s = check_opts(&o, err);
    if (s != MU_OK)
        return s;
    double pw, ph;
    mu_paper_size(sheet->paper, &pw, &ph);
    char title[96];
    snprintf(title, sizeof title, _("%s calibration"), sheet->title);
    mu_roster_stats st;
    dctx c = {NULL, NULL, &o, NULL, &st, 1, 1, 0, pw, false};
    return render(&c, pw, ph, title, 1, 1, calibration_page, write, ud, err);
}
