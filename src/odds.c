/* SPDX-License-Identifier: MIT */
/* odds.c -- exact odds of divisions and corps from the generation tables.
 *
 * A division given its year and theater is a small tree of independent d100
 * rolls: the number of brigades, then per brigade stands, morale and
 * brigadier, then the ratio and the two fraction rolls. Every statistic is a
 * polynomial in the tables' face counts: stands are the nb-fold convolution
 * of the stands table, morale and brigadier counts are binomial, and the
 * artillery is enumerated over (total stands, ratio). Counts are kept over a
 * common denominator 100^e in 128-bit integers, so nothing is rounded until
 * the final division. A corps convolves its divisions in real_t; an
 * unknown year or theater mixes the cells table 1 can give, weighted by
 * their faces, exactly as the generator rolls it. */
#include "real.h"
#include "odds.h"
#include "oob.h"
#include "error.h"
#include "rules.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef odds_u128 u128;

/* Through unsigned first: gcc 12 warns about (u128) of a signed int. */
static inline u128 U(int x)
{
    return (u128)(unsigned)x;
}

static const char *const stat_names[MU_STAT_COUNT] = {
    "leader", "brigades", "stands", "green", "veteran", "crack",
    "despicable_brigadiers", "average_brigadiers", "exceptional_brigadiers",
    "ratio", "batteries", "division_batteries", "reserve"};

const char *mu_oob_stat_name(mu_oob_stat s)
{
    return (unsigned)s < MU_STAT_COUNT ? stat_names[s] : "?";
}

/* ---- distributions -------------------------------------------------- */

double mu_dist_p(const mu_dist *d, int k)
{
    if (!d || !d->p || k < d->lo || k > d->hi)
        return 0.0;
    return d->p[k - d->lo];
}

double mu_dist_at_least(const mu_dist *d, int k)
{
    if (!d || !d->p || k > d->hi)
        return 0.0;
    if (k <= d->lo)
        return 1.0;
    return d->at_least[k - d->lo];
}

void mu_dist_clear(mu_dist *d)
{
    if (!d)
        return;
    free(d->p); /* at_least shares the block */
    memset(d, 0, sizeof *d);
    d->lo = 1;
    d->hi = 0;
}

mu_status odds_dist_alloc(mu_dist *d, int lo, int hi, mu_error *err)
{
    size_t m = (size_t)(hi - lo + 1);
    double *block = calloc(2 * m, sizeof *block);
    if (!block)
        return err_nomem(err);
    d->lo = lo;
    d->hi = hi;
    d->p = block;
    d->at_least = block + m;
    return MU_OK;
}

mu_status odds_dist_set(mu_dist *d, const real_t *v, int n,
                        mu_error *err)
{
    mu_dist_clear(d);
    int lo = 0, hi = n - 1;
    while (lo <= hi && v[lo] <= 0)
        lo++;
    while (hi >= lo && v[hi] <= 0)
        hi--;
    if (lo > hi)
        return MU_OK;
    mu_status st = odds_dist_alloc(d, lo, hi, err);
    if (st != MU_OK)
        return st;
    /* Upper tails from the top, small terms first; the total is 1 up to
     * rounding, and at_least[lo] is exactly 1 by definition. */
    real_t tail = 0, mean = 0;
    for (int k = hi; k >= lo; k--) {
        tail += v[k];
        mean += (real_t)k * v[k];
        d->p[k - lo] = (double)v[k];
        d->at_least[k - lo] = (double)(tail > 1 ? 1 : tail);
    }
    d->at_least[0] = 1.0;
    d->mean = (double)mean;
    return MU_OK;
}

void mu_oob_odds_clear(mu_oob_odds *o)
{
    if (!o)
        return;
    for (int s = 0; s < MU_STAT_COUNT; s++)
        mu_dist_clear(&o->stat[s]);
}

double odds_dist_gap(const mu_dist *a, const mu_dist *b, int *at)
{
    double gap = 0;
    *at = 0;
    if (!a->p || !b->p)
        return 0;
    int lo = a->lo < b->lo ? a->lo : b->lo, hi = a->hi > b->hi ? a->hi : b->hi;
    for (int k = lo; k <= hi; k++) {
        double g = fabs(mu_dist_p(a, k) - mu_dist_p(b, k));
        if (g > gap) {
            gap = g;
            *at = k;
        }
    }
    return gap;
}

double mu_oob_odds_gap(const mu_oob_odds *a, const mu_oob_odds *b,
                       mu_oob_stat *stat, int *value)
{
    double gap = 0;
    int ws = 0, wv = 0;
    for (int s = 0; s < MU_STAT_COUNT; s++) {
        int k;
        double g = odds_dist_gap(&a->stat[s], &b->stat[s], &k);
        if (g > gap) {
            gap = g;
            ws = s;
            wv = k;
        }
    }
    if (stat)
        *stat = (mu_oob_stat)ws;
    if (value)
        *value = wv;
    return gap;
}

/* ---- options ---------------------------------------------------------- */


/* The cells (theater, year) a division can fall in and how many faces of
 * table 1 lead to each: one cell of weight 1 when both are known. Returns
 * whether table 1 is rolled. */
static bool cell_weights(const mu_rules *r, const mu_oob_opts *o,
                         int w[2][NYEARS])
{
    memset(w, 0, sizeof(int[2][NYEARS]));
    if (o->year && o->theater >= 0) {
        w[o->theater][o->year - MU_YEAR_FIRST] = 1;
        return false;
    }
    const uint8_t *t1 = rules_map(r, MU_TABLE_THEATER, MU_UNION, MU_EAST,
                                  MU_YEAR_FIRST);
    for (int f = 1; f <= 100; f++) {
        int out = t1[f];
        int y = o->year ? o->year : MU_YEAR_FIRST + out / 2;
        int th = o->theater >= 0 ? o->theater : out % 2;
        w[th][y - MU_YEAR_FIRST]++;
    }
    return true;
}

/* ---- one division, year and theater known ----------------------------- */

static u128 pow_u(u128 b, int e)
{
    u128 x = 1;
    while (e-- > 0)
        x *= b;
    return x;
}

static void faces(const uint8_t *map, int *cnt)
{
    for (int f = 1; f <= 100; f++)
        cnt[map[f]]++;
}

/* Adds, for nb brigades of weight w, the binomial counts of how many of
 * them get an outcome that `hit` of the 100 faces give. */
static void add_binomial(odds_counts *c, u128 w, int nb, int hit)
{
    u128 choose = 1; /* C(nb, k), built up as k grows */
    for (int k = 0; k <= nb; k++) {
        if (k > 0)
            choose = choose * U(nb - k + 1) / U(k);
        c->c[k] += w * choose * pow_u(U(hit), k) *
                   pow_u(U(100 - hit), nb - k);
    }
}

/* One fraction roll: `whole` for sure and one more on a d100 roll of at
 * most floor(100 * rem / den). Writes up to two (value, faces) pairs with
 * the faces over 100; no roll at all counts as all 100 faces. */
static int fraction(int whole, int rem, int den, int val[2], int cnt[2])
{
    if (rem == 0) {
        val[0] = whole;
        cnt[0] = 100;
        return 1;
    }
    int thr = 100 * rem / den;
    val[0] = whole + 1;
    cnt[0] = thr;
    val[1] = whole;
    cnt[1] = 100 - thr;
    return 2;
}

/* Batteries, division and reserve for a total of T stands of weight w. */
static void add_artillery(odds_counts *st, u128 w, int T, const int *cA)
{
    for (int ratio = 1; ratio <= MU_MAX_RATIO; ratio++) {
        if (!cA[ratio])
            continue;
        int bv[2], bc[2];
        int nb = fraction(T / ratio, T % ratio, ratio, bv, bc);
        for (int i = 0; i < nb; i++) {
            int B = bv[i];
            int rv[2], rc[2];
            int nr = fraction(B / 3, B % 3, 3, rv, rc);
            for (int j = 0; j < nr; j++) {
                u128 x = w * U(cA[ratio]) * U(bc[i]) * U(rc[j]);
                st[MU_STAT_BATTERIES].c[B] += x;
                st[MU_STAT_RESERVE].c[rv[j]] += x;
                st[MU_STAT_DIVISION_BATTERIES].c[B - rv[j]] += x;
            }
        }
    }
}

/* The most brigades a cell's brigade table can give. */
static int max_brigades(const mu_rules *r, mu_army a, mu_theater th, int year)
{
    int cB[MU_MAX_BRIGADES + 1] = {0}, NB = 0;
    faces(rules_map(r, MU_TABLE_BRIGADES, a, th, year), cB);
    for (int nb = 1; nb <= MU_MAX_BRIGADES; nb++)
        if (cB[nb])
            NB = nb;
    return NB;
}

/* The power of 100 a statistic's counts are over in a cell whose divisions
 * have at most NB brigades: the rolls that decide it. */
static int cell_exponent(int s, int NB)
{
    if (s >= MU_STAT_STANDS && s <= MU_STAT_EXCEPTIONAL)
        return 1 + NB;
    if (s >= MU_STAT_BATTERIES && s <= MU_STAT_RESERVE)
        return 1 + NB + 2 + 1; /* brigades, stands, ratio, two fractions */
    return 1; /* leader, brigades, ratio: one roll */
}

/* Exact counts of every statistic for one cell; st is zeroed here. */
static void cell_counts(const mu_rules *r, mu_army a, mu_theater th, int year,
                        bool book, odds_counts *st)
{
    int cL[3] = {0}, cM[3] = {0}, cB[MU_MAX_BRIGADES + 1] = {0};
    int cS[MU_MAX_STANDS + 1] = {0}, cA[MU_MAX_RATIO + 1] = {0};
    faces(rules_map(r, MU_TABLE_LEADER, a, th, year), cL);
    faces(rules_map(r, MU_TABLE_MORALE, a, th, year), cM);
    faces(rules_map(r, MU_TABLE_BRIGADES, a, th, year), cB);
    faces(rules_map(r, MU_TABLE_STANDS, a, th, year), cS);
    faces(rules_map(r, MU_TABLE_ARTILLERY, a, th, year), cA);
    if (book) { /* despicable is played as average */
        cL[MU_AVERAGE] += cL[MU_DESPICABLE];
        cL[MU_DESPICABLE] = 0;
    }
    memset(st, 0, MU_STAT_COUNT * sizeof *st);
    int NB = 0;
    for (int nb = 1; nb <= MU_MAX_BRIGADES; nb++)
        if (cB[nb])
            NB = nb;
    for (int i = 0; i < 3; i++)
        st[MU_STAT_LEADER].c[i] = U(cL[i]);
    for (int i = 0; i <= MU_MAX_BRIGADES; i++)
        st[MU_STAT_BRIGADES].c[i] = U(cB[i]);
    for (int i = 0; i <= MU_MAX_RATIO; i++)
        st[MU_STAT_RATIO].c[i] = U(cA[i]);
    for (int s = 0; s < MU_STAT_COUNT; s++)
        st[s].e = cell_exponent(s, NB);

    /* conv = the stands table convolved nb times (over 100^nb). */
    static const int MAXT = ODDS_MAXV;
    u128 conv[ODDS_MAXV + 1] = {1}, next[ODDS_MAXV + 1];
    for (int nb = 1; nb <= NB; nb++) {
        memset(next, 0, sizeof next);
        for (int t = 0; t <= (nb - 1) * MU_MAX_STANDS && t <= MAXT; t++)
            if (conv[t])
                for (int s = 1; s <= MU_MAX_STANDS; s++)
                    if (cS[s])
                        next[t + s] += conv[t] * U(cS[s]);
        memcpy(conv, next, sizeof conv);
        if (!cB[nb])
            continue;
        /* Lift to the common denominator: the rolls a smaller division does
         * not make count as all 100 faces. */
        u128 w = U(cB[nb]) * pow_u(100, NB - nb);
        for (int t = 0; t <= nb * MU_MAX_STANDS; t++)
            if (conv[t]) {
                st[MU_STAT_STANDS].c[t] += w * conv[t];
                add_artillery(st, w * conv[t], t, cA);
            }
        for (int m = 0; m < 3; m++) {
            add_binomial(&st[MU_STAT_GREEN + m], w, nb, cM[m]);
            add_binomial(&st[MU_STAT_DESPICABLE + m], w, nb, cL[m]);
        }
    }
}

/* ---- a division --------------------------------------------------------- */

mu_status odds_division_counts(const mu_rules *r, const mu_oob_opts *o,
                               odds_counts *out, mu_error *err)
{
    if (!r || !out)
        return err_set(err, MU_EINPUT, "no rules or result given");
    mu_status st = oob_check_opts(o, err);
    if (st != MU_OK)
        return st;
    int w[2][NYEARS];
    bool rolled = cell_weights(r, o, w);
    odds_counts *cell = malloc(MU_STAT_COUNT * sizeof *cell);
    if (!cell)
        return err_nomem(err);
    memset(out, 0, MU_STAT_COUNT * sizeof *out);
    /* The common exponent of each statistic over the cells, from their
     * brigade tables alone (counting each cell twice cost twice the time). */
    int E[MU_STAT_COUNT] = {0};
    for (int th = 0; th < 2; th++)
        for (int y = 0; y < NYEARS; y++) {
            if (!w[th][y])
                continue;
            int NB = max_brigades(r, o->army, (mu_theater)th,
                                  y + MU_YEAR_FIRST);
            for (int s = 0; s < MU_STAT_COUNT; s++)
                if (cell_exponent(s, NB) > E[s])
                    E[s] = cell_exponent(s, NB);
        }
    for (int th = 0; th < 2; th++)
        for (int y = 0; y < NYEARS; y++) {
            if (!w[th][y])
                continue;
            cell_counts(r, o->army, (mu_theater)th, y + MU_YEAR_FIRST,
                        o->by_the_book, cell);
            for (int s = 0; s < MU_STAT_COUNT; s++) {
                u128 lift = U(w[th][y]) * pow_u(100, E[s] - cell[s].e);
                for (int k = 0; k <= ODDS_MAXV; k++)
                    out[s].c[k] += lift * cell[s].c[k];
            }
        }
    for (int s = 0; s < MU_STAT_COUNT; s++)
        out[s].e = E[s] + (rolled ? 1 : 0);
    free(cell);
    return MU_OK;
}

void odds_head(const mu_oob_opts *o, int divisions, mu_oob_odds *out)
{
    memset(out, 0, sizeof *out);
    for (int s = 0; s < MU_STAT_COUNT; s++) {
        out->stat[s].lo = 1;
        out->stat[s].hi = 0;
    }
    if (!o)
        return;
    out->army = o->army;
    out->year = o->year;
    out->theater = o->theater;
    out->arm = o->arm;
    out->by_the_book = o->by_the_book;
    out->divisions = divisions;
}

mu_status mu_odds_division(const mu_rules *r, const mu_oob_opts *o,
                           mu_oob_odds *out, mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    odds_head(o, 1, out);
    odds_counts *c = malloc(MU_STAT_COUNT * sizeof *c);
    if (!c)
        return err_nomem(err);
    mu_status st = odds_division_counts(r, o, c, err);
    real_t v[ODDS_MAXV + 1];
    for (int s = 0; s < MU_STAT_COUNT && st == MU_OK; s++) {
        real_t den = (real_t)pow_u(100, c[s].e);
        for (int k = 0; k <= ODDS_MAXV; k++)
            v[k] = (real_t)c[s].c[k] / den;
        st = odds_dist_set(&out->stat[s], v, ODDS_MAXV + 1, err);
    }
    free(c);
    if (st != MU_OK) /* the contract: empty on failure */
        mu_oob_odds_clear(out);
    return st;
}

/* ---- a corps ------------------------------------------------------------ */

/* a (length na) convolved with b (length nb) into out (na + nb - 1). */
static void convolve(const real_t *a, int na, const real_t *b,
                     int nb, real_t *out)
{
    for (int k = 0; k < na + nb - 1; k++)
        out[k] = 0;
    for (int i = 0; i < na; i++)
        if (a[i] > 0)
            for (int j = 0; j < nb; j++)
                out[i + j] += a[i] * b[j];
}

mu_status mu_odds_corps(const mu_rules *r, const mu_oob_opts *o, int infantry,
                        int cavalry, mu_oob_odds *out, mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    int D = infantry + cavalry;
    odds_head(o, D, out);
    if (!r)
        return err_set(err, MU_EINPUT, "no rules given");
    mu_status st = oob_check_opts(o, err);
    if (st != MU_OK)
        return st;
    if (infantry < 0 || cavalry < 0 || D < 1 || D > 64)
        return err_set(err, MU_EINPUT,
                       "a corps has 1..64 divisions (infantry and cavalry)");
    int w[2][NYEARS];
    cell_weights(r, o, w);
    int wsum = 0;
    for (int th = 0; th < 2; th++)
        for (int y = 0; y < NYEARS; y++)
            wsum += w[th][y];
    const int N = D * ODDS_MAXV + 1; /* values 0 .. D * 240 */
    real_t *mix = calloc((size_t)MU_STAT_COUNT * (size_t)N, sizeof *mix);
    real_t *acc = malloc(3 * (size_t)N * sizeof *acc);
    odds_counts *cell = malloc(MU_STAT_COUNT * sizeof *cell);
    if (!mix || !acc || !cell) {
        st = err_nomem(err);
        goto done;
    }
    real_t *one = acc, *cur = acc + N, *tmp = acc + 2 * N;
    for (int th = 0; th < 2; th++)
        for (int y = 0; y < NYEARS; y++) {
            if (!w[th][y])
                continue;
            mu_oob_opts oc = *o;
            oc.year = y + MU_YEAR_FIRST;
            oc.theater = th;
            st = odds_division_counts(r, &oc, cell, err);
            if (st != MU_OK)
                goto done;
            real_t cw = (real_t)w[th][y] / (real_t)wsum;
            for (int s = 0; s < MU_STAT_COUNT; s++) {
                if (s == MU_STAT_RATIO)
                    continue;
                real_t den = (real_t)pow_u(100, cell[s].e);
                int n1 = 0; /* support of one division: 0 .. n1-1 */
                for (int k = 0; k <= ODDS_MAXV; k++) {
                    one[k] = (real_t)cell[s].c[k] / den;
                    if (one[k] > 0)
                        n1 = k + 1;
                }
                int nc = n1;
                if (s == MU_STAT_LEADER) { /* the corps leader, rolled once */
                    memcpy(cur, one, (size_t)n1 * sizeof *cur);
                } else {
                    memcpy(cur, one, (size_t)n1 * sizeof *cur);
                    for (int i = 1; i < D; i++) {
                        convolve(cur, nc, one, n1, tmp);
                        nc += n1 - 1;
                        memcpy(cur, tmp, (size_t)nc * sizeof *cur);
                    }
                }
                for (int k = 0; k < nc; k++)
                    mix[(size_t)s * (size_t)N + (size_t)k] += cw * cur[k];
            }
        }
    for (int s = 0; s < MU_STAT_COUNT && st == MU_OK; s++)
        if (s != MU_STAT_RATIO)
            st = odds_dist_set(&out->stat[s], mix + (size_t)s * (size_t)N, N,
                               err);
done:
    free(cell);
    free(acc);
    free(mix);
    if (st != MU_OK) /* the contract: empty on failure */
        mu_oob_odds_clear(out);
    return st;
}

/* ---- a battle ----------------------------------------------------------- */

void mu_battle_odds_clear(mu_battle_odds *b)
{
    if (!b)
        return;
    mu_oob_odds_clear(&b->side[0]);
    mu_oob_odds_clear(&b->side[1]);
}

/* P(Union stands > Confederate), P(=), for one cell: both sides known. */
static void stands_race(const mu_dist *u, const mu_dist *c, real_t out[3])
{
    out[0] = out[1] = out[2] = 0;
    for (int k = u->lo; k <= u->hi; k++) {
        real_t pu = u->p[k - u->lo];
        real_t below = 1 - (real_t)mu_dist_at_least(c, k);
        real_t same = mu_dist_p(c, k);
        out[0] += pu * below;
        out[1] += pu * same;
    }
    out[2] = 1 - out[0] - out[1];
}

mu_status mu_odds_battle(const mu_rules *r, const mu_oob_opts *bo,
                         int divisions, mu_battle_odds *out, mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    memset(out, 0, sizeof *out);
    if (!bo)
        return err_set(err, MU_EINPUT, "no options given");
    /* Both armies fight, with infantry: army and arm are not the caller's. */
    mu_oob_opts o = *bo;
    o.army = MU_UNION;
    o.arm = MU_INFANTRY;
    bool by_the_book = o.by_the_book;
    out->year = o.year;
    out->theater = o.theater;
    out->divisions = divisions;
    out->by_the_book = by_the_book;
    mu_status st = MU_OK;
    for (int a = 0; a < 2 && st == MU_OK; a++) {
        o.army = (mu_army)a;
        st = mu_odds_corps(r, &o, divisions, 0, &out->side[a], err);
    }
    if (st != MU_OK)
        goto done;
    /* Who is ahead: cell by cell, where the sides are independent. */
    int w[2][NYEARS];
    cell_weights(r, &o, w);
    int wsum = 0;
    for (int th = 0; th < 2; th++)
        for (int y = 0; y < NYEARS; y++)
            wsum += w[th][y];
    real_t race[3] = {0, 0, 0};
    for (int th = 0; th < 2 && st == MU_OK; th++)
        for (int y = 0; y < NYEARS && st == MU_OK; y++) {
            if (!w[th][y])
                continue;
            mu_oob_odds side[2];
            memset(side, 0, sizeof side);
            mu_oob_opts oc = {MU_UNION, y + MU_YEAR_FIRST, (mu_theater)th,
                              MU_INFANTRY, by_the_book};
            st = mu_odds_corps(r, &oc, divisions, 0, &side[0], err);
            oc.army = MU_CONFEDERATE;
            if (st == MU_OK)
                st = mu_odds_corps(r, &oc, divisions, 0, &side[1], err);
            if (st == MU_OK) {
                real_t cell[3];
                stands_race(&side[0].stat[MU_STAT_STANDS],
                            &side[1].stat[MU_STAT_STANDS], cell);
                for (int i = 0; i < 3; i++)
                    race[i] += cell[i] * (real_t)w[th][y] / (real_t)wsum;
            }
            mu_oob_odds_clear(&side[0]);
            mu_oob_odds_clear(&side[1]);
        }
    out->union_ahead = (double)race[0];
    out->level = (double)race[1];
    out->confederate_ahead = (double)race[2];
done:
    if (st != MU_OK) { /* the contract: empty on failure */
        mu_battle_odds_clear(out);
        memset(out, 0, sizeof *out);
    }
    return st;
}
