/* SPDX-License-Identifier: MIT */
/* curve.c -- fire curves of every shape. Values at rational ranges are
 * exact (mu_rat); crossings are exact where the curves are straight pieces
 * and found by bisection (to far better than 1e-9 inch) where a polynomial
 * of degree 2 or more takes part. */
#include "curve.h"
#include "error.h"
#include "rat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *mu_curve_shape_name(mu_curve_shape s)
{
    switch (s) {
    case MU_CURVE_BANDS: return "bands";
    case MU_CURVE_POINTS: return "points";
    case MU_CURVE_POLYNOMIAL: return "polynomial";
    default: return "linear";
    }
}

/* ---- values ------------------------------------------------------------- */

static bool poly_rat(const mu_rat *c, int n, mu_rat r, mu_rat *out)
{
    mu_rat v = rat_int(0);
    for (int i = n - 1; i >= 0; i--)
        if (!rat_mul(v, r, &v) || !rat_add(v, c[i], &v))
            return false;
    *out = v;
    return true;
}

/* The shape's value at r, without cover; false on overflow. */
static bool shape_at(const mu_weapon *w, mu_rat r, mu_rat *out)
{
    int n = w->n;
    switch (w->shape) {
    case MU_CURVE_BANDS:
        for (int i = 0; i < n; i++)
            if (mu_rat_cmp(r, w->x[i + 1]) < 0) {
                *out = w->y[i];
                return true;
            }
        *out = rat_int(0);
        return true;
    case MU_CURVE_POINTS:
        if (mu_rat_cmp(r, w->x[n - 1]) > 0) {
            *out = rat_int(0);
            return true;
        }
        for (int i = 0; i + 1 < n; i++)
            if (mu_rat_cmp(r, w->x[i + 1]) <= 0) {
                /* y0 + (y1 - y0) (r - x0) / (x1 - x0) */
                mu_rat dy, dx, t, v;
                if (!rat_sub(w->y[i + 1], w->y[i], &dy) ||
                    !rat_sub(w->x[i + 1], w->x[i], &dx) ||
                    !rat_sub(r, w->x[i], &t) || !rat_mul(dy, t, &v) ||
                    !rat_div(v, dx, &v) || !rat_add(v, w->y[i], &v))
                    return false;
                *out = v;
                return true;
            }
        *out = w->y[n - 1];
        return true;
    case MU_CURVE_POLYNOMIAL:
        if (mu_rat_cmp(r, w->max_range) > 0) {
            *out = rat_int(0);
            return true;
        }
        return poly_rat(w->y, n, r, out);
    default: {
        mu_rat left;
        return rat_sub(w->max_range, r, &left) && rat_mul(w->slope, left, out);
    }
    }
}

bool curve_raw(const mu_weapon *w, mu_rat r, bool cover, mu_rat *out)
{
    mu_rat v;
    if (!shape_at(w, r, &v))
        return false;
    if (cover && !rat_add(v, w->cover, &v))
        return false;
    *out = v;
    return true;
}

static long double ld(mu_rat r)
{
    return (long double)r.num / (long double)r.den;
}

/* c[0] + c[1] x + ... + c[n-1] x^(n-1) at x (Horner). */
static long double curve_poly_eval(const long double *c, int n, long double x)
{
    long double v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v * x + c[i];
    return v;
}

static long double shape_approx(const mu_weapon *w, long double r)
{
    int n = w->n;
    switch (w->shape) {
    case MU_CURVE_BANDS:
        for (int i = 0; i < n; i++)
            if (r < ld(w->x[i + 1]))
                return ld(w->y[i]);
        return 0;
    case MU_CURVE_POINTS:
        if (r > ld(w->x[n - 1]))
            return 0;
        for (int i = 0; i + 1 < n; i++) {
            long double x0 = ld(w->x[i]), x1 = ld(w->x[i + 1]);
            if (r <= x1)
                return ld(w->y[i]) +
                       (ld(w->y[i + 1]) - ld(w->y[i])) * (r - x0) / (x1 - x0);
        }
        return ld(w->y[n - 1]);
    case MU_CURVE_POLYNOMIAL: {
        if (r > ld(w->max_range))
            return 0;
        long double c[MU_CURVE_MAX];
        for (int i = 0; i < n; i++)
            c[i] = ld(w->y[i]);
        return curve_poly_eval(c, n, r);
    }
    default:
        return ld(w->slope) * (ld(w->max_range) - r);
    }
}

double curve_p_approx(const mu_weapon *w, double r, bool cover)
{
    long double v = shape_approx(w, r);
    if (cover)
        v += ld(w->cover);
    return v > 0 ? (double)v : 0.0;
}

/* x as a rational with denominator 10^12 (|x| < 9e6), to within 5e-13. */
static mu_rat curve_rat_approx(long double x)
{
    mu_rat r;
    if (!rat_make((int64_t)llroundl(x * 1e12L), 1000000000000LL, &r))
        r = rat_int(0);
    return r;
}

/* ---- roots -------------------------------------------------------------- */

static long double bisect(const long double *c, int n, long double a,
                          long double b)
{
    long double fa = curve_poly_eval(c, n, a);
    for (int i = 0; i < 200 && b - a > 0; i++) {
        long double m = a + (b - a) / 2;
        if (m <= a || m >= b)
            break;
        long double fm = curve_poly_eval(c, n, m);
        if (fm == 0)
            return m;
        if ((fm < 0) == (fa < 0)) {
            a = m;
            fa = fm;
        } else {
            b = m;
        }
    }
    return a + (b - a) / 2;
}

/* The real roots of the polynomial c (as curve_poly_eval reads it) in the
 * open interval (lo, hi), in ascending order, at most `max` (n <=
 * MU_CURVE_MAX). Found between the roots of the derivative by bisection to
 * the precision of long double. */
static int curve_poly_roots(const long double *c, int n, long double lo,
                            long double hi, long double *out, int max)
{
    while (n > 0 && c[n - 1] == 0)
        n--;
    if (n <= 1 || max <= 0 || !(lo < hi))
        return 0;
    if (n == 2) {
        long double r = -c[0] / c[1];
        if (r > lo && r < hi) {
            out[0] = r;
            return 1;
        }
        return 0;
    }
    /* Between consecutive roots of the derivative the polynomial is
     * monotonic: one root at most, found by bisection. */
    long double d[MU_CURVE_MAX], pts[MU_CURVE_MAX + 2];
    for (int i = 1; i < n; i++)
        d[i - 1] = c[i] * (long double)i;
    int nc = curve_poly_roots(d, n - 1, lo, hi, pts + 1, MU_CURVE_MAX);
    pts[0] = lo;
    pts[nc + 1] = hi;
    int k = 0;
    for (int i = 0; i <= nc && k < max; i++) {
        long double a = pts[i], b = pts[i + 1];
        long double fa = curve_poly_eval(c, n, a), fb = curve_poly_eval(c, n, b);
        if (i > 0 && fa == 0)
            out[k++] = a; /* a root where the curve turns */
        else if (k < max && ((fa < 0 && fb > 0) || (fa > 0 && fb < 0)))
            out[k++] = bisect(c, n, a, b);
    }
    return k;
}

bool curve_poly_check(mu_weapon *w, char *why, size_t nwhy)
{
    long double c[MU_CURVE_MAX], d[MU_CURVE_MAX] = {0}, r[MU_CURVE_MAX];
    int n = w->n;
    for (int i = 0; i < n; i++)
        c[i] = ld(w->y[i]);
    const long double limit = 100000;
    if (!w->reach_given) {
        /* As far as the polynomial stays above 0: its first fall to 0. */
        int k = curve_poly_roots(c, n, 0, limit, r, MU_CURVE_MAX);
        bool found = false;
        for (int i = 0; i < k && !found; i++) {
            long double after = curve_poly_eval(c, n, r[i] + 1e-7L);
            if (after < 0 || (i + 1 == k && curve_poly_eval(c, n, limit) < 0)) {
                long double up = ceill(r[i] * 1e9L);
                found = rat_make((int64_t)up, 1000000000, &w->max_range);
            }
        }
        if (!found && curve_poly_eval(c, n, 0) > 0 &&
            curve_poly_eval(c, n, limit) >= 0) {
            snprintf(why, nwhy, "the polynomial does not come down to 0 "
                     "before %.0Lf inches: give max_range", limit);
            return false;
        }
        if (!found) {
            snprintf(why, nwhy, "the polynomial is never above 0 at a range "
                     "of 0 or more: the weapon would never hit");
            return false;
        }
    }
    long double reach = ld(w->max_range), top = curve_poly_eval(c, n, 0);
    long double at = 0, v = curve_poly_eval(c, n, reach);
    if (v > top) {
        top = v;
        at = reach;
    }
    for (int i = 1; i < n; i++)
        d[i - 1] = c[i] * (long double)i;
    int k = curve_poly_roots(d, n - 1, 0, reach, r, MU_CURVE_MAX);
    for (int i = 0; i < k; i++)
        if ((v = curve_poly_eval(c, n, r[i])) > top) {
            top = v;
            at = r[i];
        }
    if (top > 100 + 1e-12L) {
        snprintf(why, nwhy, "P reaches %.4Lf %% at %.4Lf in: more than 100 %% "
                 "a figure", top, at);
        return false;
    }
    if (top <= 0) {
        snprintf(why, nwhy, "P is never above 0 from 0 to %.4Lf in: the "
                 "weapon would never hit", reach);
        return false;
    }
    return true;
}

/* ---- crossings ---------------------------------------------------------- */

/* A piece of a curve: P = max(0, q(r)) on [lo, next piece's lo). */
typedef struct piece {
    mu_rat lo;
    int n; /* coefficients of q; 0 means P = 0 */
    mu_rat q[MU_CURVE_MAX];
} piece;

#define MAX_PIECES (MU_CURVE_MAX + 2)

static bool piece_const(piece *p, mu_rat lo, mu_rat v)
{
    p->lo = lo;
    p->n = 1;
    p->q[0] = v;
    return true;
}

/* The curve (with cover) as pieces from 0, the last one 0 for ever. */
static bool pieces_of(const mu_weapon *w, bool cover, piece *out, int *np)
{
    mu_rat cv = cover ? w->cover : rat_int(0);
    int k = 0, n = w->n;
    memset(out, 0, sizeof *out * MAX_PIECES);
    switch (w->shape) {
    case MU_CURVE_BANDS:
        for (int i = 0; i < n; i++) {
            mu_rat v;
            if (!rat_add(w->y[i], cv, &v))
                return false;
            piece_const(&out[k++], w->x[i], v);
        }
        break;
    case MU_CURVE_POINTS:
        for (int i = 0; i + 1 < n; i++) {
            mu_rat s, dx, c0;
            piece *p = &out[k++];
            if (!rat_sub(w->y[i + 1], w->y[i], &s) ||
                !rat_sub(w->x[i + 1], w->x[i], &dx) || !rat_div(s, dx, &s) ||
                !rat_mul(s, w->x[i], &c0) || !rat_sub(w->y[i], c0, &c0) ||
                !rat_add(c0, cv, &c0))
                return false;
            p->lo = w->x[i];
            p->n = 2;
            p->q[0] = c0;
            p->q[1] = s;
        }
        break;
    case MU_CURVE_POLYNOMIAL:
        out[k].lo = rat_int(0);
        out[k].n = n;
        memcpy(out[k].q, w->y, sizeof *w->y * (size_t)n);
        if (!rat_add(out[k].q[0], cv, &out[k].q[0]))
            return false;
        k++;
        break;
    default: {
        piece *p = &out[k++];
        p->lo = rat_int(0);
        p->n = 2;
        if (!rat_mul(w->slope, w->max_range, &p->q[0]) ||
            !rat_add(p->q[0], cv, &p->q[0]))
            return false;
        p->q[1] = (mu_rat){-w->slope.num, w->slope.den};
    }
    }
    out[k].lo = w->max_range; /* nothing from the reach on */
    out[k].n = 0;
    *np = k + 1;
    return true;
}

/* A place where the sign of the difference may change. */
typedef struct cand {
    long double v;
    mu_rat r;
    bool exact;
} cand;

#define MAX_CANDS (3 * MU_CURVE_MAX + 4)

static void add_cand(cand *c, int *nc, mu_rat r, bool exact, long double v)
{
    if (*nc < MAX_CANDS)
        c[(*nc)++] = (cand){v, r, exact};
}

/* A root near x that is a fraction with a small denominator (20 = 30 r -
 * r^2 / 20... at r = 20) is found exactly: q is checked to be 0 there. */
static bool small_root(const mu_rat *q, int n, long double x, mu_rat *out)
{
    for (int64_t d = 1; d <= 360; d++) {
        long double t = x * (long double)d;
        if (fabsl(t) > 1e15L)
            return false;
        mu_rat r, v;
        if (fabsl(t - roundl(t)) > 1e-6L * (long double)d ||
            !rat_make((int64_t)llroundl(t), d, &r))
            continue;
        if (poly_rat(q, n, r, &v) && v.num == 0) {
            *out = r;
            return true;
        }
    }
    return false;
}

/* Roots of q (n coefficients) in (lo, hi): exact when q is straight. */
static void roots_of(const mu_rat *q, int n, const cand *lo, long double hi,
                     cand *c, int *nc)
{
    while (n > 0 && q[n - 1].num == 0)
        n--;
    if (n == 2) {
        mu_rat r;
        if (rat_div((mu_rat){-q[0].num, q[0].den}, q[1], &r)) {
            long double v = ld(r);
            if (v > lo->v && v < hi && (!lo->exact || mu_rat_cmp(r, lo->r) > 0))
                add_cand(c, nc, r, true, v);
            return;
        }
    }
    if (n < 2)
        return;
    long double lc[MU_CURVE_MAX], roots[MU_CURVE_MAX];
    for (int i = 0; i < n; i++)
        lc[i] = ld(q[i]);
    int k = curve_poly_roots(lc, n, lo->v, hi, roots, MU_CURVE_MAX);
    for (int i = 0; i < k; i++) {
        mu_rat r;
        bool exact = small_root(q, n, roots[i], &r);
        add_cand(c, nc, exact ? r : curve_rat_approx(roots[i]), exact,
                 exact ? ld(r) : roots[i]);
    }
}

static int cand_cmp(const void *pa, const void *pb)
{
    const cand *a = pa, *b = pb;
    if (a->exact && b->exact)
        return mu_rat_cmp(a->r, b->r);
    return (a->v > b->v) - (a->v < b->v);
}

/* max(0, q(r)) exactly, or in long double when that overflows. */
typedef struct val {
    bool exact;
    mu_rat r;
    long double v;
} val;

static val piece_at(const piece *p, const cand *at)
{
    val out = {false, rat_int(0), 0};
    if (p->n == 0) {
        out.exact = true;
        return out;
    }
    if (at->exact && poly_rat(p->q, p->n, at->r, &out.r)) {
        out.exact = true;
        if (rat_sign(out.r) < 0)
            out.r = rat_int(0);
        out.v = ld(out.r);
        return out;
    }
    long double lc[MU_CURVE_MAX];
    for (int i = 0; i < p->n; i++)
        lc[i] = ld(p->q[i]);
    out.v = curve_poly_eval(lc, p->n, at->v);
    if (out.v < 0)
        out.v = 0;
    return out;
}

static int val_cmp(val a, val b)
{
    if (a.exact && b.exact)
        return mu_rat_cmp(a.r, b.r);
    long double d = a.v - b.v, scale = fabsl(a.v) + fabsl(b.v) + 1;
    if (fabsl(d) <= 1e-15L * scale)
        return 0;
    return (d > 0) - (d < 0);
}

/* The midpoint of two candidates, exact when both are. */
static cand midpoint(const cand *a, const cand *b, long double hi_v,
                     const mu_rat *hi_r, bool hi_exact)
{
    cand m;
    long double bv = b ? b->v : hi_v;
    m.v = a->v + (bv - a->v) / 2;
    m.exact = false;
    m.r = rat_int(0);
    mu_rat br = b ? b->r : *hi_r;
    bool bex = b ? b->exact : hi_exact;
    if (a->exact && bex && rat_add(a->r, br, &m.r) &&
        rat_div(m.r, rat_int(2), &m.r))
        m.exact = true;
    return m;
}

typedef struct walk {
    mu_crossover *x;
    const mu_weapon *a, *b;
    bool cover;
    int sign;        /* of a - b where last nonzero, 0 before any */
    bool level_fire; /* a zero stretch so far where both fire */
} walk;

static void record(walk *w, const cand *at, mu_which better)
{
    mu_crossover *x = w->x;
    if (x->n == MU_MAX_CROSSINGS) {
        x->more = true;
        return;
    }
    mu_crossing *c = &x->at[x->n++];
    c->range = at->r;
    c->exact = at->exact;
    c->better = better;
    if (at->exact && mu_weapon_p(w->a, at->r, w->cover, &c->pa, NULL) == MU_OK &&
        mu_weapon_p(w->b, at->r, w->cover, &c->pb, NULL) == MU_OK)
        return;
    c->pa = curve_rat_approx(curve_p_approx(w->a, (double)at->v, w->cover));
    c->pb = curve_rat_approx(curve_p_approx(w->b, (double)at->v, w->cover));
}

/* One stretch [start, end) where the sign of a - b is `s`. */
static void stretch(walk *w, const cand *start, int s, bool both_fire)
{
    if (s == 0) {
        if (w->sign == 0 && both_fire)
            w->level_fire = true;
        return;
    }
    mu_which now = s > 0 ? MU_WHICH_A : MU_WHICH_B;
    /* level (both firing), then one is better; or the other became better */
    if ((w->sign == 0 && w->level_fire) || (w->sign != 0 && s != w->sign))
        record(w, start, now);
    if (w->sign == 0)
        w->x->closer = (s > 0) == w->level_fire ? MU_WHICH_B : MU_WHICH_A;
    w->sign = s;
}

/* The stretches of one interval [lo, hi) where both curves are one piece. */
static void interval(walk *w, const piece *pa, const piece *pb, mu_rat lo,
                     const mu_rat *hi, bool last)
{
    cand c[MAX_CANDS];
    int nc = 0;
    add_cand(c, &nc, lo, true, ld(lo));
    long double hv = last ? ld(lo) * 2 + 1e6L : ld(*hi);
    cand base = c[0];
    roots_of(pa->q, pa->n, &base, hv, c, &nc);
    roots_of(pb->q, pb->n, &base, hv, c, &nc);
    mu_rat d[MU_CURVE_MAX];
    int nd = pa->n > pb->n ? pa->n : pb->n;
    bool dok = true;
    for (int i = 0; i < nd && dok; i++)
        dok = rat_sub(i < pa->n ? pa->q[i] : rat_int(0),
                      i < pb->n ? pb->q[i] : rat_int(0), &d[i]);
    if (dok)
        roots_of(d, nd, &base, hv, c, &nc);
    qsort(c + 1, (size_t)(nc - 1), sizeof *c, cand_cmp);
    for (int i = 0; i < nc; i++) {
        if (i > 0 && cand_cmp(&c[i], &c[i - 1]) == 0)
            continue;
        const cand *next = NULL;
        for (int j = i + 1; j < nc && !next; j++)
            if (cand_cmp(&c[j], &c[i]) != 0)
                next = &c[j];
        cand m = midpoint(&c[i], next, hv, hi, !last);
        val va = piece_at(pa, &m), vb = piece_at(pb, &m);
        bool fire = va.v > 0 && vb.v > 0;
        stretch(w, &c[i], val_cmp(va, vb), fire);
    }
}

mu_status curve_cross(const mu_weapon *a, const mu_weapon *b, bool cover,
                      mu_crossover *out, mu_error *err)
{
    static mu_crossover zero;
    mu_crossover *x = out;
    *x = zero;
    x->a = *a;
    x->b = *b;
    x->cover = cover;
    x->closer = MU_WHICH_SAME;
    piece pa[MAX_PIECES], pb[MAX_PIECES];
    int na, nb;
    if (!pieces_of(a, cover, pa, &na) || !pieces_of(b, cover, pb, &nb))
        return rat_too_fine(err);
    walk w = {x, a, b, cover, 0, false};
    mu_rat p0a, p0b; /* level at point blank, where both fire? */
    if (mu_weapon_p(a, rat_int(0), cover, &p0a, NULL) == MU_OK &&
        mu_weapon_p(b, rat_int(0), cover, &p0b, NULL) == MU_OK &&
        rat_sign(p0a) > 0 && mu_rat_cmp(p0a, p0b) == 0)
        w.level_fire = true;
    /* Merge the two lists of piece starts. */
    int i = 0, j = 0;
    mu_rat lo = rat_int(0);
    while (i < na && j < nb) {
        mu_rat na_lo = i + 1 < na ? pa[i + 1].lo : rat_int(0);
        mu_rat nb_lo = j + 1 < nb ? pb[j + 1].lo : rat_int(0);
        bool a_end = i + 1 >= na, b_end = j + 1 >= nb;
        if (a_end && b_end)
            break; /* both 0 from here on */
        mu_rat hi;
        if (a_end)
            hi = nb_lo;
        else if (b_end)
            hi = na_lo;
        else
            hi = mu_rat_cmp(na_lo, nb_lo) < 0 ? na_lo : nb_lo;
        if (mu_rat_cmp(hi, lo) > 0)
            interval(&w, &pa[i], &pb[j], lo, &hi, false);
        lo = hi;
        if (!a_end && mu_rat_cmp(na_lo, hi) <= 0)
            i++;
        if (!b_end && mu_rat_cmp(nb_lo, hi) <= 0)
            j++;
    }
    x->crosses = x->n > 0;
    if (x->crosses) {
        x->range = x->at[0].range;
        x->p = x->at[0].pa;
        if (!w.level_fire)
            x->closer = x->at[0].better == MU_WHICH_A ? MU_WHICH_B : MU_WHICH_A;
    }
    return MU_OK;
}

/* ---- a weapon's chance at a range ------------------------------------ */

mu_status mu_weapon_p(const mu_weapon *w, mu_rat range, bool cover, mu_rat *p,
                      mu_error *err)
{
    if (!w || !p)
        return err_set(err, MU_EINPUT, "no weapon given");
    if (w->kind == MU_WEAPON_GUN)
        return err_set(err, MU_EINPUT,
                       "'%s' is a gun with two loads, not one curve: ask for "
                       "its canister or roundshot load", w->name);
    if (range.den <= 0 || rat_sign(range) < 0)
        return err_set(err, MU_EINPUT,
                       "a range is a distance: 0 or more inches");
    mu_rat line;
    if (!curve_raw(w, range, cover, &line))
        return rat_too_fine(err);
    *p = rat_sign(line) > 0 ? line : rat_int(0);
    return MU_OK;
}
