/* SPDX-License-Identifier: MIT */
/* render_curve.c -- the table of P against range for a weapon, and where two
 * curves cross, in every output format. */
#include "curve.h"
#include "error.h"
#include "fire.h"
#include "grid.h"
#include "lang.h"
#include "rat.h"
#include "render.h"

#include <stdio.h>
#include <string.h>

#define MAX_ROWS 10001

typedef struct curve {
    mu_weapon one;              /* a single curve, house max range applied */
    const mu_weapon *gun;       /* or a gun... */
    const mu_weapon *can, *rs;  /* ...and its loads */
    bool cover;
    mu_rat step, to, scale;
    bool has_cross;
    mu_rat cross;
    int64_t rows;
    bool has_cm;                /* a cm column: lengths were given in cm */
    mu_rat cm;                  /* ...at this many to the inch */
} curve;

/* {0, 0} (a zeroed struct) and {0, 1} both mean "not given". */
static bool given(mu_rat r)
{
    return r.num != 0;
}

static mu_status curve_weapon(const mu_weapons *w, const mu_curve_opts *o,
                              curve *c, mu_error *err)
{
    const mu_weapon *wp;
    mu_status st = mu_weapons_find(w, o->weapon, &wp, err);
    if (st != MU_OK)
        return st;
    if (wp->kind == MU_WEAPON_GUN) {
        if (o->has_max_range)
            return err_set(err, MU_EINPUT, "a gun fires two curves: change "
                           "one load's max range (name the load) or give a "
                           "weapons file");
        c->gun = wp;
        c->can = mu_weapons_at(w, (size_t)wp->canister);
        c->rs = mu_weapons_at(w, (size_t)wp->roundshot);
        mu_crossover x;
        if (curve_cross(c->can, c->rs, o->cover, &x, NULL) == MU_OK && x.crosses) {
            c->has_cross = true;
            c->cross = x.range;
        }
        c->to = mu_rat_cmp(c->can->max_range, c->rs->max_range) > 0
                    ? c->can->max_range : c->rs->max_range;
        return MU_OK;
    }
    c->one = *wp;
    if (o->has_max_range && wp->shape != MU_CURVE_LINEAR)
        return err_set(err, MU_EINPUT, "%s is a curve of %s: a max range "
                       "keeps a straight line's slope, so change its curve "
                       "in a weapons file instead", wp->name,
                       mu_curve_shape_name(wp->shape));
    if (o->has_max_range) {
        mu_rat top, m;
        if (!rat_make(o->max_range.num, o->max_range.den, &m) ||
            !rat_mul(wp->slope, m, &top))
            return rat_too_fine(err);
        if (rat_sign(m) <= 0 || mu_rat_cmp(m, rat_int(100000)) > 0 ||
            mu_rat_cmp(top, rat_int(100)) > 0)
            return err_set(err, MU_EINPUT, "max range %s for %s: more than 0, "
                           "at most 100000 inches, and at most 100 %% a "
                           "figure at point blank", rat_fmt(m).s, wp->name);
        c->one.max_range = m;
    }
    c->to = c->one.max_range;
    return MU_OK;
}

static mu_status curve_prepare(const mu_weapons *w, const mu_curve_opts *o,
                               curve *c, mu_error *err)
{
    memset(c, 0, sizeof *c);
    c->cover = o->cover;
    mu_status st = curve_weapon(w, o, c, err);
    if (st != MU_OK)
        return st;
    c->step = rat_int(1);
    c->scale = rat_int(10);
    if ((given(o->step) && !rat_make(o->step.num, o->step.den, &c->step)) ||
        (o->has_to && !rat_make(o->to.num, o->to.den, &c->to)) ||
        (given(o->yards_per_inch) &&
         !rat_make(o->yards_per_inch.num, o->yards_per_inch.den, &c->scale)))
        return rat_too_fine(err);
    if (rat_sign(c->step) <= 0)
        return err_set(err, MU_EINPUT, "the step is more than 0 inches");
    if (rat_sign(c->to) < 0)
        return err_set(err, MU_EINPUT, "the last range is 0 inches or more");
    if (rat_sign(c->scale) <= 0)
        return err_set(err, MU_EINPUT, "the scale is more than 0 yards an inch");
    if (given(o->cm_per_inch) &&
        !rat_make(o->cm_per_inch.num, o->cm_per_inch.den, &c->cm))
        return rat_too_fine(err);
    if (rat_sign(c->cm) < 0 || mu_rat_cmp(c->cm, rat_int(100)) > 0)
        return err_set(err, MU_EINPUT, "centimetres to the inch: more than 0 "
                       "and at most 100");
    c->has_cm = rat_sign(c->cm) > 0;
    mu_rat n;
    if (!rat_div(c->to, c->step, &n))
        return rat_too_fine(err);
    int64_t rows = mu_rat_floor(n) + 1; /* 0, step, ... up to `to` */
    if (rows > MAX_ROWS)
        return err_set(err, MU_EINPUT, "%lld rows from 0 to %s inches: at "
                       "most %d, use a larger step", (long long)rows,
                       rat_fmt(c->to).s, MAX_ROWS);
    c->rows = rows;
    return MU_OK;
}

/* One row as the cells every format writes, in its order: range, yards,
 * [cm], [canister, roundshot, the load fired], P; key[] names them in JSON.
 * The load is the one cell that is a string. */
typedef struct row {
    int n, load; /* load: the string cell's index, or -1 */
    const char *key[7];
    rat_num cell[7];
} row;

static void row_put(row *x, const char *key, mu_rat v)
{
    x->key[x->n] = key;
    x->cell[x->n++] = rat_fmt(v);
}

static mu_status curve_row(const curve *c, int64_t i, row *x, mu_error *err)
{
    mu_rat r, yards, cm, p, pc, pr;
    if (!rat_mul(c->step, rat_int(i), &r) || !rat_mul(r, c->scale, &yards) ||
        (c->has_cm && !rat_mul(r, c->cm, &cm)))
        return rat_too_fine(err);
    x->n = 0;
    x->load = -1;
    row_put(x, "range", r);
    row_put(x, "yards", yards);
    if (c->has_cm)
        row_put(x, "cm", cm);
    mu_status st;
    if (c->gun) {
        if ((st = mu_weapon_p(c->can, r, c->cover, &pc, err)) != MU_OK ||
            (st = mu_weapon_p(c->rs, r, c->cover, &pr, err)) != MU_OK)
            return st;
        bool can = mu_rat_cmp(pc, pr) > 0;
        row_put(x, c->can->name, pc);
        row_put(x, c->rs->name, pr);
        x->load = x->n;
        x->key[x->n] = "load";
        snprintf(x->cell[x->n++].s, sizeof x->cell[0].s, "%s",
                 can ? c->can->name : c->rs->name);
        p = can ? pc : pr;
    } else if ((st = mu_weapon_p(&c->one, r, c->cover, &p, err)) != MU_OK) {
        return st;
    }
    row_put(x, "p", p);
    return MU_OK;
}

/* "Musket: P = 2 × (15 − range) % a figure; nothing from 15 in (150 yd)". */
static void curve_title(const curve *c, sbuf *sb, bool md)
{
    char title[MU_WEAPON_NAME], f[320], g[320];
    const char *b = md ? "**" : "";
    const char *cov = c->cover ? _(", target behind hard cover") : "";
    const char *range = _("range");
    if (c->gun) {
        fire_title(c->gun->name, title, sizeof title);
        fire_formula(c->can, range, c->cover, f, sizeof f);
        fire_formula(c->rs, range, c->cover, g, sizeof g);
        mu_buf_printf(sb, "%s%s%s%s: ", b, title, b, cov);
        mu_buf_printf(sb, _("P = %s for %s, %s for %s, in %% an effective"), f,
                      c->can->name, g, c->rs->name);
        if (c->has_cross) {
            mu_rat yd;
            if (!rat_mul(c->cross, c->scale, &yd))
                yd = rat_int(0);
            mu_buf_printf(sb, _("; %s closer than %s in (%s yd)"), c->can->name,
                          rat_fmt(c->cross).s, rat_fmt(yd).s);
        }
        mu_buf_puts(sb, "\n");
        return;
    }
    fire_title(c->one.name, title, sizeof title);
    fire_formula(&c->one, range, c->cover, f, sizeof f);
    mu_buf_printf(sb, "%s%s%s%s: ", b, title, b, cov);
    mu_buf_printf(sb, c->one.kind == MU_WEAPON_SMALL_ARMS ? _("P = %s, in %% a figure")
                                                           : _("P = %s, in %% an effective"), f);
    mu_rat z, yd;
    if (c->one.shape != MU_CURVE_LINEAR) {
        if (rat_mul(c->one.max_range, c->scale, &yd))
            mu_buf_printf(sb, _("; nothing beyond %s in (%s yd)"),
                          rat_fmt(c->one.max_range).s, rat_fmt(yd).s);
    } else if (fire_zero(&c->one, c->cover, &z) && rat_mul(z, c->scale, &yd)) {
        mu_buf_printf(sb, _("; nothing from %s in (%s yd)"), rat_fmt(z).s,
                      rat_fmt(yd).s);
    }
    mu_buf_puts(sb, "\n");
}

static mu_status curve_grid(const curve *c, grid *g, mu_error *err)
{
    int k = c->has_cm ? 1 : 0; /* the cm column, after the yards */
    grid_init(g, (c->gun ? 5 : 3) + k);
    char a[64], b[64];
    const char *head[6] = {_("range (in)"), _("yards"), "cm"};
    snprintf(a, sizeof a, "%s (%%)", c->gun ? c->can->name : "");
    snprintf(b, sizeof b, "%s (%%)", c->gun ? c->rs->name : "");
    head[2 + k] = c->gun ? a : "P (%)";
    head[3 + k] = b;
    head[4 + k] = _("load");
    grid_row(g, head);
    for (int64_t i = 0; i < c->rows; i++) {
        row x;
        mu_status st = curve_row(c, i, &x, err);
        if (st != MU_OK)
            return st;
        grid_add(g);
        /* A gun's P is the load column's: the table leaves it out. */
        for (int j = 0; j < x.n - (c->gun ? 1 : 0); j++)
            grid_setf(g, j, "%s", x.cell[j].s);
    }
    return MU_OK;
}

static void row_json(jw *o, const curve *c, const row *x, bool named)
{
    jw_obj(o, NULL);
    if (named) {
        jw_str(o, "weapon", c->gun ? c->gun->name : c->one.name);
        jw_bool(o, "cover", c->cover);
    }
    for (int j = 0; j < x->n; j++)
        if (j == x->load)
            jw_str(o, x->key[j], x->cell[j].s);
        else
            jw_raw(o, x->key[j], x->cell[j].s);
    jw_end(o);
}

/* {"shape":..., "bands"|"points"|"coefficients":[...], "max_range":...}:
 * a curve that is not a straight line. */
static void shape_json(jw *o, const mu_weapon *w)
{
    jw_obj(o, "curve");
    jw_str(o, "shape", mu_curve_shape_name(w->shape));
    jw_arr(o, w->shape == MU_CURVE_POLYNOMIAL ? "coefficients"
              : w->shape == MU_CURVE_BANDS    ? "bands" : "points");
    for (int k = 0; k < w->n; k++) {
        if (w->shape == MU_CURVE_POLYNOMIAL) {
            jw_raw(o, NULL, rat_fmt(w->y[k]).s);
            continue;
        }
        jw_obj(o, NULL);
        if (w->shape == MU_CURVE_BANDS) {
            jw_raw(o, "from", rat_fmt(w->x[k]).s);
            jw_raw(o, "to", rat_fmt(w->x[k + 1]).s);
        } else {
            jw_raw(o, "range", rat_fmt(w->x[k]).s);
        }
        jw_raw(o, "p", rat_fmt(w->y[k]).s);
        jw_end(o);
    }
    jw_end(o);
    jw_end(o);
    jw_raw(o, "max_range", rat_fmt(w->max_range).s);
    jw_raw(o, "cover_modifier", rat_fmt(w->cover).s);
}

/* The members before "points", into an open object. */
static void curve_head_json(jw *o, const curve *c)
{
    if (c->gun) {
        jw_str(o, "weapon", c->gun->name);
        jw_bool(o, "cover", c->cover);
        jw_obj(o, "loads");
        jw_str(o, "canister", c->can->name);
        jw_str(o, "roundshot", c->rs->name);
        jw_end(o);
        if (c->has_cross)
            jw_raw(o, "crossover", rat_fmt(c->cross).s);
        else
            jw_null(o, "crossover");
        return;
    }
    jw_str(o, "weapon", c->one.name);
    jw_bool(o, "cover", c->cover);
    if (c->one.shape != MU_CURVE_LINEAR) {
        shape_json(o, &c->one);
        return;
    }
    jw_raw(o, "slope", rat_fmt(c->one.slope).s);
    jw_raw(o, "max_range", rat_fmt(c->one.max_range).s);
    jw_raw(o, "cover_modifier", rat_fmt(c->one.cover).s);
    mu_rat z;
    if (fire_zero(&c->one, c->cover, &z))
        jw_raw(o, "zero", rat_fmt(z).s);
}

static mu_status curve_data(const curve *c, mu_format f, sbuf *sb,
                            mu_error *err)
{
    jw w;
    jw_init(&w, sb, f == MU_FMT_JSON, 0);
    if (f == MU_FMT_JSON) {
        jw_obj(&w, NULL);
        curve_head_json(&w, c);
        jw_arr(&w, "points");
    }
    if (f == MU_FMT_CSV)
        mu_buf_printf(sb, "range,yards,%s%s", c->has_cm ? "cm," : "",
                      c->gun ? "canister,roundshot,load,p\n" : "p\n");
    for (int64_t i = 0; i < c->rows; i++) {
        row x;
        mu_status st = curve_row(c, i, &x, err);
        if (st != MU_OK)
            return st;
        if (f == MU_FMT_CSV) {
            for (int j = 0; j < x.n; j++)
                mu_buf_printf(sb, "%s%c", x.cell[j].s, j + 1 < x.n ? ',' : '\n');
        } else {
            row_json(&w, c, &x, f == MU_FMT_JSONL);
            if (f == MU_FMT_JSONL)
                sb_ch(sb, '\n');
        }
    }
    if (f == MU_FMT_JSON) {
        jw_end(&w);
        jw_end(&w);
        sb_ch(sb, '\n');
    }
    return MU_OK;
}

mu_status mu_curve_render(const mu_weapons *w, const mu_curve_opts *o,
                          const mu_render_opts *ro, char **out, mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    mu_format fmt_ = ro ? ro->format : MU_FMT_TEXT;
    if (!w || !o || !out)
        return err_set(err, MU_EINPUT, "no curve to render");
    curve c;
    mu_status st = curve_prepare(w, o, &c, err);
    if (st != MU_OK)
        return st;
    sbuf sb = {0};
    if (fmt_ == MU_FMT_TEXT || fmt_ == MU_FMT_MARKDOWN) {
        grid g;
        bool md = fmt_ == MU_FMT_MARKDOWN;
        curve_title(&c, &sb, md);
        st = curve_grid(&c, &g, err);
        if (st == MU_OK)
            grid_emit(&g, &sb, md, 0);
        else
            grid_free(&g);
        if (sb.p)
            lang_decimal(sb.p, sb.len);
    } else {
        st = curve_data(&c, fmt_, &sb, err);
    }
    if (st != MU_OK) {
        mu_buf_free(&sb);
        return st;
    }
    return sb_finish(&sb, out, err);
}

/* ---- crossover ---------------------------------------------------------- */

/* Many crossings, or one where the curves do not meet at one P: a line
 * for each place where the better curve changes. */
static void cross_list(const mu_crossover *x, mu_rat scale, sbuf *sb, bool md)
{
    const char *name[2] = {x->a.name, x->b.name};
    const char *ind = md ? "- " : "  ";
    mu_buf_printf(sb, dngettext(LANG_DOMAIN, "%s and %s: the better one changes %d time%s%s\n",
                                "%s and %s: the better one changes %d times%s%s\n",
                                (unsigned long)x->n),
                  name[0], name[1], x->n, x->more ? _(" (the first shown)") : "",
                  x->cover ? _(" (target behind hard cover)") : "");
    const mu_crossing *c0 = &x->at[0];
    if (rat_sign(c0->range) > 0) {
        mu_buf_puts(sb, ind);
        mu_buf_printf(sb, c0->exact ? _("%s is better closer than %s in\n")
                                    : _("%s is better closer than about %s in\n"),
                      name[x->closer], rat_fmt(c0->range).s);
    }
    for (int i = 0; i < x->n; i++) {
        const mu_crossing *c = &x->at[i];
        mu_rat yd;
        if (!rat_mul(c->range, scale, &yd))
            yd = rat_int(0);
        char ps[2 * MU_WEAPON_NAME + 2 * MU_RAT_BUF + 16];
        if (mu_rat_cmp(c->pa, c->pb) == 0)
            snprintf(ps, sizeof ps, _("both %s %%"), rat_fmt(c->pa).s);
        else
            snprintf(ps, sizeof ps, "%s %s %%, %s %s %%", name[0],
                     rat_fmt(c->pa).s, name[1], rat_fmt(c->pb).s);
        mu_buf_puts(sb, ind);
        mu_buf_printf(sb, c->exact ? _("at %s in (%s yd), %s: %s is better from there on\n")
                                   : _("at about %s in (%s yd), %s: %s is better from there on\n"),
                      rat_fmt(c->range).s, rat_fmt(yd).s, ps, name[c->better]);
    }
}

static void cross_text(const mu_crossover *x, mu_rat scale, sbuf *sb, bool md)
{
    const char *a = x->a.name, *b = x->b.name;
    const char *better = x->closer == MU_WHICH_B ? b : a, *other = x->closer == MU_WHICH_B ? a : b;
    const char *cov = x->cover ? _(" (target behind hard cover)") : "";
    /* The second line is indented in text; in Markdown a blank line keeps
     * it a paragraph of its own instead of running on after the first. */
    const char *ind = md ? "\n" : "  ";
    mu_rat yd;
    if (x->crosses && (x->n > 1 || mu_rat_cmp(x->at[0].pa, x->at[0].pb) != 0)) {
        cross_list(x, scale, sb, md);
    } else if (x->closer == MU_WHICH_SAME) {
        mu_buf_printf(sb, _("%s and %s are the same curve%s\n"), a, b, cov);
    } else if (!x->crosses) {
        mu_buf_printf(sb, _("%s and %s do not cross where either fires%s\n"), a, b, cov);
        mu_buf_puts(sb, ind);
        mu_buf_printf(sb, _("%s is as good or better at every range\n"), better);
    } else if (rat_sign(x->range) == 0) {
        mu_buf_printf(sb, _("%s and %s start level at point blank, P = %s %%%s\n"), a,
                      b, rat_fmt(x->p).s, cov);
        mu_buf_puts(sb, ind);
        mu_buf_printf(sb, _("%s is better at every range beyond\n"), other);
    } else {
        if (!rat_mul(x->range, scale, &yd))
            yd = rat_int(0);
        char at[4 * MU_RAT_BUF];
        snprintf(at, sizeof at, _("%s in (%s yd)"), rat_fmt(x->range).s,
                 rat_fmt(yd).s);
        const char *bb = md ? "**" : "";
        mu_buf_printf(sb, x->at[0].exact ? _("%s and %s cross at %s%s%s, P = %s %%%s\n")
                                         : _("%s and %s cross at about %s%s%s, P = %s %%%s\n"),
                      a, b, bb, at, bb, rat_fmt(x->p).s, cov);
        mu_buf_puts(sb, ind);
        mu_buf_printf(sb, _("%s is better closer than %s in, %s from there on\n"),
                      better, rat_fmt(x->range).s, other);
    }
}

/* The crossing's range, yards and p, or NULL (none, or too fine). */
static bool cross_at(const mu_crossover *x, mu_rat scale, mu_rat *yd)
{
    return x->crosses && rat_mul(x->range, scale, yd);
}

static void cross_json(jw *o, const mu_crossover *x, mu_rat scale)
{
    jw_obj(o, NULL);
    jw_str(o, "a", x->a.name);
    jw_str(o, "b", x->b.name);
    jw_bool(o, "cover", x->cover);
    jw_bool(o, "crosses", x->crosses);
    mu_rat yd;
    if (cross_at(x, scale, &yd)) {
        jw_raw(o, "range", rat_fmt(x->range).s);
        jw_raw(o, "yards", rat_fmt(yd).s);
        jw_raw(o, "p", rat_fmt(x->p).s);
    } else {
        jw_null(o, "range");
        jw_null(o, "yards");
        jw_null(o, "p");
    }
    const char *better = x->closer == MU_WHICH_B ? x->b.name : x->a.name;
    const char *other = x->closer == MU_WHICH_B ? x->a.name : x->b.name;
    if (x->closer == MU_WHICH_SAME) {
        jw_null(o, "better_closer");
        jw_null(o, "better_beyond");
    } else {
        jw_str(o, "better_closer", better);
        jw_str(o, "better_beyond", x->crosses ? other : better);
    }
    jw_arr(o, "crossings");
    for (int i = 0; i < x->n; i++) {
        const mu_crossing *c = &x->at[i];
        jw_obj(o, NULL);
        jw_raw(o, "range", rat_fmt(c->range).s);
        if (rat_mul(c->range, scale, &yd))
            jw_raw(o, "yards", rat_fmt(yd).s);
        jw_bool(o, "exact", c->exact);
        char b[MU_RAT_BUF];
        if (c->exact) /* "45/2": the range as a fraction, to check by hand */
            jw_str(o, "fraction", mu_rat_fraction(c->range, b, sizeof b));
        jw_raw(o, "p_a", rat_fmt(c->pa).s);
        jw_raw(o, "p_b", rat_fmt(c->pb).s);
        jw_str(o, "better", c->better ? x->b.name : x->a.name);
        jw_end(o);
    }
    jw_end(o);
    jw_end(o);
}

/* The JSON's first nine members as one CSV line (nulls empty). */
static void cross_csv(const mu_crossover *x, mu_rat scale, sbuf *sb)
{
    mu_buf_puts(sb, "a,b,cover,crosses,range,yards,p,better_closer,better_beyond\n");
    mu_buf_printf(sb, "%s,%s,%s,%s,", x->a.name, x->b.name,
                  x->cover ? "true" : "false", x->crosses ? "true" : "false");
    mu_rat yd;
    if (cross_at(x, scale, &yd))
        mu_buf_printf(sb, "%s,%s,%s", rat_fmt(x->range).s, rat_fmt(yd).s,
                      rat_fmt(x->p).s);
    else
        mu_buf_puts(sb, ",,");
    const char *better = x->closer == MU_WHICH_B ? x->b.name : x->a.name;
    const char *other = x->closer == MU_WHICH_B ? x->a.name : x->b.name;
    if (x->closer == MU_WHICH_SAME)
        mu_buf_puts(sb, ",,\n");
    else
        mu_buf_printf(sb, ",%s,%s\n", better, x->crosses ? other : better);
}

mu_status mu_crossover_render(const mu_crossover *x, mu_rat yards_per_inch,
                              const mu_render_opts *ro, char **out,
                              mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    mu_format f = ro ? ro->format : MU_FMT_TEXT;
    if (!x || !out)
        return err_set(err, MU_EINPUT, "no crossover to render");
    mu_rat scale = rat_int(10);
    if (given(yards_per_inch) &&
        !rat_make(yards_per_inch.num, yards_per_inch.den, &scale))
        return rat_too_fine(err);
    if (rat_sign(scale) <= 0)
        return err_set(err, MU_EINPUT, "the scale is more than 0 yards an inch");
    sbuf sb = {0};
    if (f == MU_FMT_TEXT || f == MU_FMT_MARKDOWN) {
        cross_text(x, scale, &sb, f == MU_FMT_MARKDOWN);
        if (sb.p)
            lang_decimal(sb.p, sb.len);
    } else if (f == MU_FMT_CSV) {
        cross_csv(x, scale, &sb);
    } else {
        jw w;
        jw_init(&w, &sb, f == MU_FMT_JSON, 0);
        cross_json(&w, x, scale);
        sb_ch(&sb, '\n');
    }
    return sb_finish(&sb, out, err);
}
