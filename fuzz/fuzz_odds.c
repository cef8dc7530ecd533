/* SPDX-License-Identifier: MIT */
/* Fuzzes the exact odds and the simulator on tables made from the input. The input picks the army and, for it, the
 * outcomes of each table and where their ranges are cut (random bytes
 * alone almost never cover 01-00 everywhere), so every run has valid rules
 * whose every table's faces the target knows; then it makes one check:
 *
 *  - exact odds of a division against the tables and the generator: every
 *    distribution sums to 1; the leader, brigade count and ratio are one
 *    roll each, so P(k) is the faces of k over 100; the mean of stands is
 *    E[brigades] x E[stands of a brigade] and each morale or brigadier
 *    count's mean is E[brigades] x its faces / 100 (Wald's identity: the
 *    count of brigades is rolled before, and independently of, what each
 *    brigade rolls); and four divisions the generator rolls each have
 *    every statistic at a value the odds call possible. A year or theater
 *    left unknown mixes cells that all have the same tables here, so the
 *    same answers must come out of the mixing.
 *  - a simulation of 16 trials: frequencies sum to 1, and nothing the odds
 *    call impossible happens;
 *  - rarely, the odds of a corps of two: the leader as one division's, and
 *    every other statistic's mean twice a division's.
 *
 * Cheap by design (issue 14: from 285 executions a second): one check per
 * input, the tables parsed and a division's odds counted again only when
 * the tables or the options change, a year or theater
 * unknown about 1 input in 85 (mixing costs some 20 times one cell), and
 * the enumeration's and the simulator's loops built without comparison
 * tracing (fuzz/CMakeLists.txt). */
#include "muster.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct input {
    const uint8_t *p;
    size_t n;
} input;

static unsigned take(input *in)
{
    if (!in->n)
        return 0;
    in->n--;
    return *in->p++;
}

static void face(int f, char *buf)
{
    snprintf(buf, 4, "%02d", f % 100);
}

/* The faces of every outcome of one army's tables, as the input cut them:
 * by rating or morale (0..2) or by number (brigades 1..8, stands and
 * ratios 1..30). */
enum { T_LEADER, T_BRIGADES, T_STANDS, T_MORALE, T_ARTILLERY, T_COUNT };
typedef struct faces {
    int w[T_COUNT][32];
} faces;

/* One table: `k` keys from `names` (or numbers lo..hi when names is NULL),
 * the d100 cut into k ranges, empty ranges written "-"; width[key] gets
 * each key's faces. */
static void table(input *in, char *out, size_t cap, const char *section,
                  const char *const *names, int k, int lo, int hi, int *width)
{
    size_t len = strlen(out);
    len += (size_t)snprintf(out + len, cap - len, "[%s]\n", section);
    int cut[4], used[32] = {0}, prev = 0;
    for (int i = 0; i < k - 1; i++) {
        int c = prev + (int)(take(in) % (unsigned)(101 - prev));
        cut[i] = c;
        prev = c;
    }
    cut[k - 1] = 100;
    prev = 0;
    for (int i = 0; i < k; i++) {
        char key[16];
        int v = i;
        if (names) {
            snprintf(key, sizeof key, "%s", names[i]);
        } else { /* distinct numbers */
            v = lo + (int)(take(in) % (unsigned)(hi - lo + 1));
            while (used[v])
                v = v == hi ? lo : v + 1;
            used[v] = 1;
            snprintf(key, sizeof key, "%d", v);
        }
        width[v] = cut[i] - prev;
        if (cut[i] == prev) {
            len += (size_t)snprintf(out + len, cap - len, "%s = -\n", key);
        } else {
            char a[4], b[4];
            face(prev + 1, a);
            face(cut[i], b);
            len += (size_t)snprintf(out + len, cap - len, "%s = %s-%s\n", key,
                                    a, b);
        }
        prev = cut[i];
    }
}

static const char *const ratings[] = {"despicable", "average", "exceptional"};
static const char *const morales[] = {"green", "veteran", "crack"};

/* How many tables have been parsed: names the current ones (a new rules
 * object may get the freed one's address). */
static unsigned long tables_made;

/* The tables of `army` from the input; the other army's are fixed (one
 * outcome each): no check reads them, and a mutation of them would only
 * make the target parse and count again for the same answers. */
static const mu_rules *make_rules(input *in, mu_army army, faces *fc,
                                  uint32_t *hash)
{
    static char text[16384];
    size_t dlen;
    const char *def = mu_rules_default_text(&dlen);
    const char *end = strstr(def, "[leader.");
    snprintf(text, sizeof text, "%.*s", (int)(end - def), def); /* [theater] */
    const char *name[] = {"union", "confederate"};
    memset(fc, 0, sizeof *fc);
    int(*w)[32] = fc->w;
    char sec[64];
    snprintf(sec, sizeof sec, "leader.%s", name[army]);
    table(in, text, sizeof text, sec, ratings, 3, 0, 0, w[T_LEADER]);
    snprintf(sec, sizeof sec, "brigades.%s", name[army]);
    table(in, text, sizeof text, sec, NULL, 1 + (int)(take(in) % 3), 1, 8,
          w[T_BRIGADES]);
    snprintf(sec, sizeof sec, "stands.%s", name[army]);
    table(in, text, sizeof text, sec, NULL, 1 + (int)(take(in) % 4), 1, 30,
          w[T_STANDS]);
    snprintf(sec, sizeof sec, "morale.%s", name[army]);
    table(in, text, sizeof text, sec, morales, 3, 0, 0, w[T_MORALE]);
    snprintf(sec, sizeof sec, "artillery.%s", name[army]);
    table(in, text, sizeof text, sec, NULL, 1 + (int)(take(in) % 3), 1, 30,
          w[T_ARTILLERY]);
    size_t len = strlen(text);
    snprintf(text + len, sizeof text - len,
             "[leader.%s]\naverage = 01-00\n[brigades.%s]\n2 = 01-00\n"
             "[stands.%s]\n5 = 01-00\n[morale.%s]\nveteran = 01-00\n"
             "[artillery.%s]\n4 = 01-00\n", name[!army], name[!army],
             name[!army], name[!army], name[!army]);
    /* Most mutations change what is checked, not the tables: the tables of
     * the last input are kept and parsed again only when they differ. */
    static char last[sizeof text];
    *hash = 2166136261u; /* FNV-1a of the tables */
    for (const char *p = text; *p; p++)
        *hash = (*hash ^ (uint8_t)*p) * 16777619u;
    static mu_rules *r;
    if (r && !strcmp(text, last))
        return r;
    mu_rules_free(r);
    r = NULL;
    mu_error err;
    if (mu_rules_parse(text, strlen(text), "fuzz", &r, &err) != MU_OK) {
        fprintf(stderr, "generated rules do not parse: %s\n%s", err.msg, text);
        abort();
    }
    memcpy(last, text, sizeof last);
    tables_made++;
    return r;
}

static void fail(const char *what, int k, double got, double want)
{
    fprintf(stderr, "%s at %d: %.17g, the tables say %.17g\n", what, k, got,
            want);
    abort();
}

static void check_dist(const mu_dist *d, const char *what)
{
    if (!d->p)
        return;
    long double sum = 0;
    for (int k = d->lo; k <= d->hi; k++) {
        if (!(d->p[k - d->lo] >= 0))
            abort();
        sum += d->p[k - d->lo];
    }
    if (d->at_least[0] != 1.0 || sum < 1 - 1e-12L || sum > 1 + 1e-12L) {
        fprintf(stderr, "%s sums to %.17Lg\n", what, sum);
        abort();
    }
}

static void check_sums(const mu_oob_odds *odds)
{
    for (int s = 0; s < MU_STAT_COUNT; s++)
        check_dist(&odds->stat[s], mu_oob_stat_name((mu_oob_stat)s));
}

/* P(k) of a one-roll statistic is faces[k] / 100, k in 0..n-1. */
static void check_one_roll(const mu_dist *d, const int *w, int n,
                           const char *what)
{
    for (int k = 0; k < n; k++) {
        double want = w[k] / 100.0, got = mu_dist_p(d, k);
        if (fabs(got - want) > 1e-13)
            fail(what, k, got, want);
    }
}

static void check_mean(const mu_dist *d, double want, const char *what)
{
    if (fabs(d->mean - want) > 1e-12 * (1 + want))
        fail(what, -1, d->mean, want);
}

/* The tables' leader faces as played (despicable as average by the book). */
static void played(const faces *f, bool book, int L[3])
{
    memcpy(L, f->w[T_LEADER], 3 * sizeof *L);
    if (book) {
        L[MU_AVERAGE] += L[MU_DESPICABLE];
        L[MU_DESPICABLE] = 0;
    }
}

static double mean_of(const int *w, int n)
{
    double m = 0;
    for (int k = 0; k < n; k++)
        m += k * w[k] / 100.0;
    return m;
}

static void against_tables(const mu_oob_odds *odds, const faces *f, bool book)
{
    int L[3];
    played(f, book, L);
    const mu_dist *st = odds->stat;
    check_one_roll(&st[MU_STAT_LEADER], L, 3, "leader");
    check_one_roll(&st[MU_STAT_BRIGADES], f->w[T_BRIGADES], 9, "brigades");
    check_one_roll(&st[MU_STAT_RATIO], f->w[T_ARTILLERY], 31, "ratio");
    double eb = mean_of(f->w[T_BRIGADES], 9);
    check_mean(&st[MU_STAT_STANDS], eb * mean_of(f->w[T_STANDS], 31),
               "mean stands");
    for (int m = 0; m < 3; m++) {
        check_mean(&st[MU_STAT_GREEN + m], eb * f->w[T_MORALE][m] / 100.0,
                   mu_oob_stat_name((mu_oob_stat)(MU_STAT_GREEN + m)));
        check_mean(&st[MU_STAT_DESPICABLE + m], eb * L[m] / 100.0,
                   mu_oob_stat_name((mu_oob_stat)(MU_STAT_DESPICABLE + m)));
    }
}

/* A statistic of a generated division the odds call impossible. */
static void possible(const mu_oob_odds *odds, mu_oob_stat s, int v)
{
    if (!(mu_dist_p(&odds->stat[s], v) > 0)) {
        fprintf(stderr, "the generator rolled %s %d, which the odds call "
                "impossible\n", mu_oob_stat_name(s), v);
        abort();
    }
}

static void against_generator(const mu_oob_odds *odds, const mu_rules *r,
                              const mu_oob_opts *o, uint64_t seed)
{
    mu_error err;
    mu_dice *d;
    if (mu_dice_new_seeded(seed, &d, &err) != MU_OK)
        abort();
    for (int i = 0; i < 4; i++) {
        mu_division v;
        if (mu_division_generate(r, d, o, &v, &err) != MU_OK)
            abort();
        int morale[3] = {0}, rating[3] = {0};
        for (int b = 0; b < v.nbrigades; b++) {
            morale[v.brigades[b].morale]++;
            rating[v.brigades[b].leader]++;
        }
        possible(odds, MU_STAT_LEADER, (int)v.leader);
        possible(odds, MU_STAT_BRIGADES, v.nbrigades);
        possible(odds, MU_STAT_STANDS, v.stands);
        for (int m = 0; m < 3; m++) {
            possible(odds, (mu_oob_stat)(MU_STAT_GREEN + m), morale[m]);
            possible(odds, (mu_oob_stat)(MU_STAT_DESPICABLE + m), rating[m]);
        }
        possible(odds, MU_STAT_RATIO, v.artillery.ratio);
        possible(odds, MU_STAT_BATTERIES, v.artillery.batteries);
        possible(odds, MU_STAT_DIVISION_BATTERIES, v.artillery.division);
        possible(odds, MU_STAT_RESERVE, v.artillery.reserve);
    }
    mu_dice_free(d);
}

/* The odds of the last division asked for, kept while the tables and the
 * options stay (a mutation of the seed or of the check's byte reuses
 * them): each call of this target parses and counts at most once. */
static const mu_oob_odds *division_odds(const mu_rules *r,
                                        const mu_oob_opts *o, bool *fresh)
{
    static mu_oob_odds odds;
    static unsigned long of; /* tables_made when counted; 0 none */
    static mu_oob_opts as;
    *fresh = !(of == tables_made && !memcmp(&as, o, sizeof as));
    if (*fresh) {
        mu_error err;
        mu_oob_odds_clear(&odds);
        of = 0;
        if (mu_odds_division(r, o, &odds, &err) != MU_OK)
            abort();
        of = tables_made;
        as = *o;
    }
    return &odds;
}

static void exact_division(const mu_rules *r, const mu_oob_opts *o,
                           const faces *f, uint64_t seed)
{
    bool fresh;
    const mu_oob_odds *odds = division_odds(r, o, &fresh);
    if (fresh) {
        check_sums(odds);
        against_tables(odds, f, o->by_the_book);
    }
    against_generator(odds, r, o, seed);
}

static void simulated(const mu_rules *r, const mu_oob_opts *o, uint64_t seed)
{
    mu_error err;
    mu_oob_odds sim;
    mu_sim_opts so = {16, seed, 1, NULL, NULL, 0};
    if (mu_sim_division(r, o, &so, &sim, &err) != MU_OK)
        abort();
    bool fresh;
    const mu_oob_odds *odds = division_odds(r, o, &fresh);
    check_sums(&sim);
    for (int s = 0; s < MU_STAT_COUNT; s++)
        for (int k = sim.stat[s].lo; k <= sim.stat[s].hi; k++)
            if (sim.stat[s].p[k - sim.stat[s].lo] > 0)
                possible(odds, (mu_oob_stat)s, k);
    mu_oob_odds_clear(&sim);
}

static void corps_of_two(const mu_rules *r, const mu_oob_opts *o)
{
    mu_error err;
    mu_oob_odds two;
    bool fresh;
    const mu_oob_odds *one = division_odds(r, o, &fresh);
    if (mu_odds_corps(r, o, 1, 1, &two, &err) != MU_OK)
        abort();
    check_sums(&two);
    const mu_dist *a = &one->stat[MU_STAT_LEADER];
    const mu_dist *b = &two.stat[MU_STAT_LEADER];
    for (int k = 0; k < 3; k++)
        if (fabs(mu_dist_p(a, k) - mu_dist_p(b, k)) > 1e-13)
            fail("corps leader", k, mu_dist_p(b, k), mu_dist_p(a, k));
    for (int s = MU_STAT_BRIGADES; s < MU_STAT_COUNT; s++)
        if (s != MU_STAT_RATIO)
            check_mean(&two.stat[s], 2 * one->stat[s].mean,
                       mu_oob_stat_name((mu_oob_stat)s));
    mu_oob_odds_clear(&two);
}

/* The input: a byte picks the army, by the book and the check (six bits:
 * exact odds of a division 36 in 64, a simulation 27, a corps 1, and that only for 1 in 8 tables (by their hash), else a
 * division: the convolutions cost some 30 divisions' odds, and the inputs
 * that reach them breed more, which then mostly change the tables); one
 * byte the year and the theater, and a third one's
 * rare values leave the year, the theater or both unknown; two the seed;
 * then the army's tables. A short input (its missing bytes read as 0)
 * makes cheap checks. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {data, size};
    unsigned pick = take(&in), when = take(&in), rare = take(&in);
    uint64_t seed = take(&in) | (uint64_t)take(&in) << 8;
    faces fc;
    uint32_t tables;
    const mu_rules *r = make_rules(&in, (mu_army)(pick & 1), &fc, &tables);
    mu_oob_opts o = {(mu_army)(pick & 1), MU_YEAR_FIRST + (int)(when % 5),
                     (mu_theater)((when >> 4) & 1), MU_INFANTRY,
                     (pick >> 1) & 1};
    if (rare == 255 || rare == 253)
        o.year = MU_YEAR_UNKNOWN;
    if (rare == 254 || rare == 253)
        o.theater = MU_THEATER_UNKNOWN;
    unsigned which = pick >> 2; /* 0..63 */
    if (which < 36 || (which == 63 && tables % 8))
        exact_division(r, &o, &fc, seed);
    else if (which < 63)
        simulated(r, &o, seed);
    else
        corps_of_two(r, &o);
    return 0;
}
