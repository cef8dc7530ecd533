/* SPDX-License-Identifier: MIT */
/* roster.c -- the paper roster's model, built from an order of battle, and
 * its layout on pages: blocks (headers, brigade cards, totals) that never
 * split, a division's header kept with its first card, then label sheets. */
#include "lang.h"
#include "roster.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MM (72.0 / 25.4)

/* ---- the model ---------------------------------------------------------- */

rs_division *roster_add_div(mu_roster *r)
{
    rs_division *p = realloc(r->divs, ((size_t)r->ndivs + 1) * sizeof *p);
    if (!p)
        return NULL;
    r->divs = p;
    memset(&p[r->ndivs], 0, sizeof *p);
    p[r->ndivs].corps = -1;
    return &p[r->ndivs++];
}

rs_corps *roster_add_corps(mu_roster *r)
{
    rs_corps *p = realloc(r->corps, ((size_t)r->ncorps + 1) * sizeof *p);
    if (!p)
        return NULL;
    r->corps = p;
    memset(&p[r->ncorps], 0, sizeof *p);
    return &p[r->ncorps++];
}

void roster_div_from_gen(rs_division *d, const mu_division *g)
{
    d->gen = *g;
    d->leader = g->leader;
    d->leader_rolled = g->leader_rolled;
    d->origin = RS_ROLLED;
    d->nbrigades = g->nbrigades;
    d->stands = d->start = g->stands;
    d->batteries = g->artillery.division;
    d->guns_captured = d->guns_destroyed = 0;
    for (int i = 0; i < g->nbrigades; i++) {
        const mu_brigade *b = &g->brigades[i];
        d->b[i] = (rs_brigade){.number = i + 1, .stands = b->stands,
                               .label_stands = b->stands, .start = b->stands,
                               .morale = b->morale, .leader = b->leader,
                               .rolled = b->rolled, .origin = RS_ROLLED};
    }
}

void mu_roster_free(mu_roster *r)
{
    if (!r)
        return;
    free(r->divs);
    free(r->corps);
    free(r);
}

/* "Union infantry division, Eastern theater 1863": the roster's words in
 * the reader's language (src/lang.h); each title one message, as other
 * languages order and inflect its parts. */
static void division_words(const mu_division *g, char *buf, size_t n)
{
    static const char *const w[2][2] = {
        {N_("Union infantry division, %s %d"),
         N_("Union cavalry division, %s %d")},
        {N_("Confederate infantry division, %s %d"),
         N_("Confederate cavalry division, %s %d")}};
    snprintf(buf, n, _(w[g->army == MU_UNION ? 0 : 1][g->arm == MU_CAVALRY]),
             lang_theater(g->theater), g->year);
}

/* A generated corps into the roster, its divisions numbered from 1. */
static mu_status add_corps(mu_roster *r, const mu_corps *c, mu_error *err)
{
    rs_corps *k = roster_add_corps(r);
    if (!k)
        return err_nomem(err);
    k->side = c->army;
    k->rated = true;
    k->leader = c->leader;
    k->rolled = c->leader_rolled;
    k->roll = c->leader_roll.roll;
    int idx = r->ncorps - 1;
    for (int i = 0; i < c->ndivisions; i++) {
        rs_division *d = roster_add_div(r);
        if (!d)
            return err_nomem(err);
        roster_div_from_gen(d, &c->divisions[i]);
        d->number = i + 1;
        d->corps = idx;
    }
    return MU_OK;
}

mu_status mu_roster_from_oob(const mu_oob_doc *doc, const char *title,
                             mu_roster **out, mu_error *err)
{
    if (out)
        *out = NULL;
    if (!doc || !out)
        return err_set(err, MU_EINPUT, "nothing to print");
    mu_roster *r = calloc(1, sizeof *r);
    if (!r)
        return err_nomem(err);
    mu_status st = MU_OK;
    switch (doc->kind) {
    case MU_OOB_DIVISIONS: {
        if (doc->ndivisions == 0 || !doc->divisions) {
            st = err_set(err, MU_EINPUT, "no divisions to print");
            break;
        }
        const mu_division *g = &doc->divisions[0];
        if (doc->ndivisions == 1)
            division_words(g, r->title, sizeof r->title);
        else
            snprintf(r->title, sizeof r->title, _("%zu divisions, %s %d"),
                     doc->ndivisions, lang_theater(g->theater), g->year);
        for (size_t i = 0; i < doc->ndivisions && st == MU_OK; i++) {
            rs_division *d = roster_add_div(r);
            if (!d) {
                st = err_nomem(err);
                break;
            }
            roster_div_from_gen(d, &doc->divisions[i]);
            d->number = doc->ndivisions > 1 ? (int)i + 1 : 0;
        }
        break;
    }
    case MU_OOB_CORPS:
        snprintf(r->title, sizeof r->title, doc->corps.army == MU_UNION
                 ? _("Union corps, %s %d") : _("Confederate corps, %s %d"),
                 lang_theater(doc->corps.theater), doc->corps.year);
        st = add_corps(r, &doc->corps, err);
        break;
    case MU_OOB_BATTLE:
        snprintf(r->title, sizeof r->title, doc->battle.theater == MU_EAST
                 ? _("Battle in the Eastern theater, %d")
                 : _("Battle in the Western theater, %d"), doc->battle.year);
        for (int a = 0; a < 2 && st == MU_OK; a++)
            st = add_corps(r, &doc->battle.sides[a], err);
        break;
    default:
        st = err_set(err, MU_EINPUT, "unknown kind of order of battle");
    }
    if (st != MU_OK) {
        mu_roster_free(r);
        return st;
    }
    if (title && *title)
        snprintf(r->title, sizeof r->title, "%s", title);
    if (doc->has_seed)
        snprintf(r->dice, sizeof r->dice, "%s%" PRIu64, _("seed "), doc->seed);
    else
        snprintf(r->dice, sizeof r->dice, "%s", _("rolls given by hand"));
    *out = r;
    return MU_OK;
}

/* Whether a leader as played is despicable: the seed's rule expansion is
 * in play (by the book a despicable roll plays as average), and the pages
 * say what DP means at the table: a legend above the foot of each page
 * with a DP mark (RS_LEGEND_H more room at the foot), and on a sheet one
 * label more after the leaders', holding the legend (its rs_label's
 * corps is RS_LEGEND). */
static bool roster_dp(const mu_roster *r)
{
    for (int i = 0; i < r->ncorps; i++)
        if (r->corps[i].rated && r->corps[i].leader == MU_DESPICABLE)
            return true;
    for (int i = 0; i < r->ndivs; i++) {
        const rs_division *d = &r->divs[i];
        if (d->leader == MU_DESPICABLE)
            return true;
        for (int k = 0; k < d->nbrigades; k++)
            if (d->b[k].leader == MU_DESPICABLE)
                return true;
    }
    return false;
}

void roster_brigade_name(const rs_brigade *b, char *buf, size_t n)
{
    if (b->name[0])
        snprintf(buf, n, "%s", b->name);
    else
        snprintf(buf, n, _("Brigade %d"), b->number);
}

void roster_corps_name(const mu_roster *r, int corps, char *buf, size_t n)
{
    const rs_corps *k = &r->corps[corps];
    if (k->name[0])
        snprintf(buf, n, "%s", k->name);
    else
        snprintf(buf, n, "%s", k->side == MU_UNION ? _("Union corps")
                 : _("Confederate corps"));
}

/* ---- paper -------------------------------------------------------------- */

mu_status mu_paper_parse(const char *s, mu_paper *out, mu_error *err)
{
    if (s && !strcasecmp(s, "a4"))
        *out = MU_PAPER_A4;
    else if (s && !strcasecmp(s, "letter"))
        *out = MU_PAPER_LETTER;
    else
        return err_set(err, MU_EINPUT, "unknown paper '%s': choose a4 or "
                       "letter", s ? s : "");
    return MU_OK;
}

void mu_paper_size(mu_paper p, double *width, double *height)
{
    if (p == MU_PAPER_LETTER) {
        *width = 612;
        *height = 792;
    } else {
        *width = 210 * MM;
        *height = 297 * MM;
    }
}

mu_status mu_base_parse(const char *s, int *width_mm, int *height_mm,
                        mu_error *err)
{
    const char *x = s ? strpbrk(s, "xX") : NULL;
    char w[16];
    long a, b;
    size_t n = x ? (size_t)(x - s) : 0;
    if (!x || n == 0 || n >= sizeof w)
        goto bad;
    memcpy(w, s, n);
    w[n] = '\0';
    if (!util_parse_long(w, 15, 120, &a) || !util_parse_long(x + 1, 15, 120, &b))
        goto bad;
    *width_mm = (int)a;
    *height_mm = (int)b;
    return MU_OK;
bad:
    return err_set(err, MU_EINPUT, "bad base '%s': give width x height in "
                   "mm, each 15..120, such as 30x30 or 40x20", s ? s : "");
}

/* ---- label sheets ------------------------------------------------------- */

#define IN 25.4

/* As their makers publish them (mm). */
static const mu_sheet sheets[] = {
    {"avery-l7160", "Avery L7160", MU_PAPER_A4, 3, 7, 63.5, 38.1, 7.25,
     15.15, 66.0, 38.1},
    {"avery-l7163", "Avery L7163", MU_PAPER_A4, 2, 7, 99.1, 38.1, 4.65,
     15.15, 101.6, 38.1},
    {"avery-5160", "Avery 5160", MU_PAPER_LETTER, 3, 10, 2.625 * IN, 1 * IN,
     0.1875 * IN, 0.5 * IN, 2.75 * IN, 1 * IN},
    {"zweckform-3475", "Avery Zweckform 3475", MU_PAPER_A4, 3, 8, 70, 36, 0,
     4.5, 70, 36},
};
#define NSHEETS (sizeof sheets / sizeof sheets[0])

const mu_sheet *mu_sheet_list(size_t *n)
{
    if (n)
        *n = NSHEETS;
    return sheets;
}

mu_status mu_sheet_find(const char *name, const mu_sheet **out, mu_error *err)
{
    for (size_t i = 0; name && i < NSHEETS; i++)
        if (!strcasecmp(name, sheets[i].name)) {
            *out = &sheets[i];
            return MU_OK;
        }
    char list[256] = "";
    size_t k = 0;
    for (size_t i = 0; i < NSHEETS; i++) {
        int m = snprintf(list + k, sizeof list - k, "%s%s", i ? ", " : "",
                         sheets[i].name);
        if (m > 0 && (size_t)m < sizeof list - k)
            k += (size_t)m;
    }
    return err_set(err, MU_EINPUT, "unknown label sheet '%s': choose %s",
                   name ? name : "", list);
}

/* ---- layout ------------------------------------------------------------- */

/* Block heights in points, room below included. */
static const double block_h[] = {
    [RB_SIDE] = 30, [RB_CORPS] = 34, [RB_DIV] = 58, [RB_CARD] = 70,
    [RB_CORPS_TOTAL] = 36, [RB_SIDE_TOTAL] = 56, [RB_NOTE] = 20,
    [RB_CDIV] = 0, [RB_LABELS] = 0};

typedef struct lay {
    rs_layout *l;
    bool oom;
    int shown; /* labels already in a row beside a division */
} lay;

static void push(lay *y, rs_kind k, int side, int corps, int div, int brig,
                 bool keep)
{
    rs_layout *l = y->l;
    rs_block *p = realloc(l->blocks, ((size_t)l->nblocks + 1) * sizeof *p);
    if (!p) {
        y->oom = true;
        return;
    }
    l->blocks = p;
    p[l->nblocks++] = (rs_block){k, side, corps, div, brig, block_h[k], keep,
                                 0, 0, 0, 0};
}

static void push_label(lay *y, int corps, int div, int brig)
{
    rs_layout *l = y->l;
    rs_label *p = realloc(l->labels, ((size_t)l->nlabels + 1) * sizeof *p);
    if (!p) {
        y->oom = true;
        return;
    }
    l->labels = p;
    p[l->nlabels++] = (rs_label){corps, div, brig};
}

/* The compact style: the division in one block; its labels (and those
 * pushed before it since the last row: a corps leader's) in a row after
 * it, kept on its page, unless they go to label pages. */
static void push_compact(lay *y, const mu_roster *r, int side, int i,
                         bool inline_labels)
{
    rs_layout *l = y->l;
    const rs_division *d = &r->divs[i];
    int rows = (d->nbrigades + RS_CELLS - 1) / RS_CELLS;
    bool guns = d->batteries || d->guns_captured || d->guns_destroyed;
    push(y, RB_CDIV, side, d->corps, i, -1, inline_labels);
    if (y->oom)
        return;
    l->blocks[l->nblocks - 1].h = RS_CDIV_HEAD + rows * RS_CELL_H +
                                  (guns ? RS_BATT_H : 0) + RS_CDIV_GAP;
    if (!inline_labels)
        return;
    int first = y->shown;
    y->shown = l->nlabels;
    int n = l->nlabels - first, per = l->g.row_cols;
    push(y, RB_LABELS, side, d->corps, i, -1, false);
    if (y->oom)
        return;
    rs_block *b = &l->blocks[l->nblocks - 1];
    b->first = first;
    b->count = n;
    b->h = RS_ROW_CAPTION + (n + per - 1) / per *
           (l->g.lh + RS_ROW_GAP_MM * MM) + RS_CDIV_GAP;
}

static void push_div(lay *y, const mu_roster *r, const mu_roster_opts *o,
                     int side, int i)
{
    const rs_division *d = &r->divs[i];
    bool compact = o->style == MU_ROSTER_COMPACT;
    bool roster = o->part != MU_PRINT_LABELS;
    if (roster && !compact)
        push(y, RB_DIV, side, d->corps, i, -1, true);
    push_label(y, -1, i, -1);
    for (int b = 0; b < d->nbrigades; b++) {
        if (roster && !compact)
            push(y, RB_CARD, side, d->corps, i, b, false);
        push_label(y, -1, i, b);
    }
    if (roster && compact)
        push_compact(y, r, side, i, o->part == MU_PRINT_ALL && !o->sheet);
}

static int divs_of_corps(const mu_roster *r, int k)
{
    int n = 0;
    for (int i = 0; i < r->ndivs; i++)
        n += r->divs[i].corps == k;
    return n;
}

/* Blocks and labels in print order: per side, its corps with their
 * divisions, then divisions of no corps, then the side's totals. */
static void blocks(lay *y, const mu_roster *r, const mu_roster_opts *o)
{
    /* Headings and totals only help when there is more than a division;
     * labels alone have none. */
    bool big = (r->ncorps > 0 || r->ndivs > 1 || r->campaign) &&
               o->part != MU_PRINT_LABELS;
    bool roster = o->part != MU_PRINT_LABELS;
    for (int a = 0; a < 2; a++) {
        int n = 0;
        for (int i = 0; i < r->ndivs; i++)
            n += (int)r->divs[i].gen.army == a;
        if (n == 0 && !r->waiting[a][0])
            continue;
        if (big)
            push(y, RB_SIDE, a, -1, -1, -1, true);
        for (int k = 0; k < r->ncorps; k++) {
            if ((int)r->corps[k].side != a || divs_of_corps(r, k) == 0)
                continue;
            if (roster)
                push(y, RB_CORPS, a, k, -1, -1, true);
            if (r->corps[k].rated)
                push_label(y, k, -1, -1);
            for (int i = 0; i < r->ndivs; i++)
                if (r->divs[i].corps == k)
                    push_div(y, r, o, a, i);
            if (roster)
                push(y, RB_CORPS_TOTAL, a, k, -1, -1, false);
        }
        for (int i = 0; i < r->ndivs; i++)
            if ((int)r->divs[i].gen.army == a && r->divs[i].corps < 0)
                push_div(y, r, o, a, i);
        if (r->waiting[a][0] && roster)
            push(y, RB_NOTE, a, -1, -1, -1, false);
        if (big && n > 0)
            push(y, RB_SIDE_TOTAL, a, -1, -1, -1, false);
    }
}

static void paginate(rs_layout *l)
{
    double bottom = l->g.h - l->g.bottom;
    int page = 1;
    double y = l->g.top;
    for (int i = 0; i < l->nblocks; i++) {
        double chain = 0;
        for (int j = i; j < l->nblocks; j++) {
            chain += l->blocks[j].h;
            if (!l->blocks[j].keep)
                break;
        }
        if (y + chain > bottom && y > l->g.top) {
            page++;
            y = l->g.top;
        }
        l->blocks[i].page = page;
        l->blocks[i].y = y;
        y += l->blocks[i].h;
    }
    l->roster_pages = l->nblocks ? page : 0;
}

/* Label pages on a sheet: its labels at its places, halved for folding. */
static void sheet_geom(rs_geom *g, const mu_sheet *s)
{
    g->lw = s->label_w * MM;
    g->lh = s->label_h * MM;
    g->lx = s->left * MM;
    g->ly = s->top * MM;
    g->px = s->pitch_x * MM;
    g->py = s->pitch_y * MM;
    g->cols = s->cols;
    g->rows = s->rows;
}

/* Label pages on plain paper: centred, 8 mm apart, 12 pt below the
 * header's rule. */
static mu_status plain_geom(rs_geom *g, int bw, int bh, bool fold,
                            mu_error *err)
{
    double gap = RS_LABEL_GAP_MM * MM;
    g->lw = g->base_w;
    g->lh = fold ? 2 * g->base_h : g->base_h;
    g->px = g->lw + gap;
    g->py = g->lh + gap;
    g->cols = (int)((g->w - 2 * g->margin + gap) / g->px);
    g->rows = (int)((g->h - g->top - 12 - g->bottom + gap) / g->py);
    if (g->cols < 1 || g->rows < 1)
        return err_set(err, MU_EINPUT, "a %dx%d mm label%s does not fit "
                       "the paper", bw, bh, fold ? " to fold" : "");
    g->lx = (g->w - (g->cols * g->px - gap)) / 2;
    g->ly = g->top + 12;
    gap = RS_ROW_GAP_MM * MM;
    g->row_cols = (int)((g->w - 2 * g->margin + gap) / (g->lw + gap));
    return MU_OK;
}

mu_status roster_layout(const mu_roster *r, const mu_roster_opts *o,
                        rs_layout *out, mu_error *err)
{
    memset(out, 0, sizeof *out);
    rs_geom *g = &out->g;
    if (o->sheet && (o->base_w || o->base_h))
        return err_set(err, MU_EINPUT, "a sheet's labels are its own size: "
                       "give no base with a sheet");
    mu_paper_size(o->sheet ? o->sheet->paper : o->paper, &g->w, &g->h);
    g->margin = 36;
    g->top = 58;
    g->bottom = 40;
    bool dp = roster_dp(r);
    if (dp && !o->sheet)
        g->bottom += RS_LEGEND_H;
    int bw = o->base_w ? o->base_w : 30, bh = o->base_h ? o->base_h : 30;
    if (bw < 15 || bw > 120 || bh < 15 || bh > 120)
        return err_set(err, MU_EINPUT, "a base is 15..120 mm each way");
    g->base_w = bw * MM;
    g->base_h = bh * MM;
    if (o->sheet) {
        sheet_geom(g, o->sheet);
    } else {
        mu_status s = plain_geom(g, bw, bh, o->fold, err);
        if (s != MU_OK)
            return s;
    }
    lay y = {out, false, 0};
    blocks(&y, r, o);
    if (y.oom) {
        roster_layout_free(out);
        return err_nomem(err);
    }
    paginate(out);
    int per = g->cols * g->rows;
    bool pages = o->part == MU_PRINT_LABELS ||
                 (o->part == MU_PRINT_ALL &&
                  (o->style != MU_ROSTER_COMPACT || o->sheet));
    if (pages && dp && o->sheet && out->nlabels > 0) {
        push_label(&y, RS_LEGEND, -1, -1);
        if (y.oom) {
            roster_layout_free(out);
            return err_nomem(err);
        }
    }
    out->label_pages = pages ? (out->nlabels + per - 1) / per : 0;
    return MU_OK;
}

void roster_layout_free(rs_layout *l)
{
    if (!l)
        return;
    free(l->blocks);
    free(l->labels);
    memset(l, 0, sizeof *l);
}
