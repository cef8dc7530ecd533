/* Fuzzes the odds and the simulator on tables made from the input: every
 * valid rules file must give distributions that sum to 1, and the
 * simulator's fast path must roll exactly what the generator rolls. The
 * input picks, per army, the outcomes of each table and where their ranges
 * are cut, so every run has valid rules (random bytes alone almost never
 * cover 01-00 everywhere). */
#include "muster.h"
#include "oob_fast.h"

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

/* One table: `k` keys from `names` (or numbers lo..hi when names is NULL),
 * the d100 cut into k ranges, empty ranges written "-". */
static void table(input *in, char *out, size_t cap, const char *section,
                  const char *const *names, int k, int lo, int hi)
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
        if (names) {
            snprintf(key, sizeof key, "%s", names[i]);
        } else { /* distinct numbers */
            int v = lo + (int)(take(in) % (unsigned)(hi - lo + 1));
            while (used[v])
                v = v == hi ? lo : v + 1;
            used[v] = 1;
            snprintf(key, sizeof key, "%d", v);
        }
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

static const mu_rules *make_rules(input *in)
{
    static char text[16384];
    size_t dlen;
    const char *def = mu_rules_default_text(&dlen);
    const char *end = strstr(def, "[leader.");
    snprintf(text, sizeof text, "%.*s", (int)(end - def), def); /* [theater] */
    const char *army[] = {"union", "confederate"};
    for (int a = 0; a < 2; a++) {
        char sec[64];
        snprintf(sec, sizeof sec, "leader.%s", army[a]);
        table(in, text, sizeof text, sec, ratings, 3, 0, 0);
        snprintf(sec, sizeof sec, "brigades.%s", army[a]);
        table(in, text, sizeof text, sec, NULL, 1 + (int)(take(in) % 3), 1, 8);
        snprintf(sec, sizeof sec, "stands.%s", army[a]);
        table(in, text, sizeof text, sec, NULL, 1 + (int)(take(in) % 4), 1, 30);
        snprintf(sec, sizeof sec, "morale.%s", army[a]);
        table(in, text, sizeof text, sec, morales, 3, 0, 0);
        snprintf(sec, sizeof sec, "artillery.%s", army[a]);
        table(in, text, sizeof text, sec, NULL, 1 + (int)(take(in) % 3), 1, 30);
    }
    /* Most mutations change what is checked, not the tables: the tables of
     * the last input are kept and parsed again only when they differ. */
    static char last[sizeof text];
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
    return r;
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

static void check_odds(const mu_oob_odds *odds)
{
    for (int s = 0; s < MU_STAT_COUNT; s++)
        check_dist(&odds->stat[s], mu_oob_stat_name((mu_oob_stat)s));
}

/* The fast path against the generator, division by division. */
static void fast_vs_generator(const mu_rules *r, const mu_oob_opts *o,
                              uint64_t seed)
{
    mu_error err;
    mu_dice *d, *g;
    mu_dice_new_seeded(seed, &d, &err);
    mu_dice_new_seeded(seed, &g, &err);
    static fast_rules f;
    static fast_stream fs;
    fast_rules_init(&f, r, o);
    fast_stream_init(&fs, d);
    const uint8_t *p = fs.buf + fs.pos;
    for (int i = 0; i < 16; i++) {
        mu_division v;
        fast_division fv;
        if (mu_division_generate(r, g, o, &v, &err) != MU_OK)
            abort();
        p = fast_at(&fs, p);
        int cell = fast_cell_at(&f, &p);
        p = fast_division_at(&f, cell, p, &fv);
        fast_done(&fs, p);
        if (fv.stands != v.stands || fv.brigades != v.nbrigades ||
            fv.batteries != v.artillery.batteries ||
            fv.reserve != v.artillery.reserve || fv.leader != (int)v.leader ||
            fast_stream_used(&fs) != mu_dice_count(g))
            abort();
    }
    mu_dice_free(d);
    mu_dice_free(g);
}

/* Each input makes one check, which it picks (six bits): the fast path
 * against the generator over 16 divisions (24 in 64), a simulation of 64
 * trials (11 in 64), the exact odds of a division (28 in 64), or of a corps
 * (1 in 64; of two divisions 1 in 8 of those, since convolving them costs
 * as much as some 40 divisions' odds). A short input (its missing bytes
 * read as 0) makes a cheap one. Doing all of them on
 * every input, with 64 divisions, a corps of two and 3000 trials, made one
 * run cost some 10 times as much; one at a time the fuzzer tries that many
 * more tables for the same code. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {data, size};
    const mu_rules *r = make_rules(&in);
    /* Year and theater are each unknown 1 time in 16 (never for a short
     * input): an unknown cell mixes
     * up to ten cells, each as costly as a known one, and one such input
     * covers the mixing. */
    unsigned pick = take(&in), when = take(&in);
    mu_oob_opts o = {(mu_army)(pick & 1),
                     when % 16 != 15 ? MU_YEAR_FIRST + (int)(when % 5) : 0,
                     (when >> 4) % 16 != 15 ? (int)((when >> 4) & 1) : -1,
                     MU_INFANTRY, (pick >> 1) & 1};
    unsigned which = pick >> 2; /* 0..63 */
    uint64_t seed = take(&in) | (uint64_t)take(&in) << 8;
    mu_error err;
    mu_oob_odds odds;
    if (which < 24) {
        fast_vs_generator(r, &o, seed);
    } else if (which < 35) {
        mu_sim_opts so = {64, seed, 1, NULL, NULL, 0};
        if (mu_sim_division(r, &o, &so, &odds, &err) != MU_OK)
            abort();
        check_odds(&odds);
        mu_oob_odds_clear(&odds);
    } else if (which < 63) {
        if (mu_odds_division(r, &o, &odds, &err) != MU_OK)
            abort();
        check_odds(&odds);
        mu_oob_odds_clear(&odds);
    } else {
        int two = (seed & 7) == 0; /* a convolution: 1 in 512 inputs */
        if (mu_odds_corps(r, &o, 1 + two, 0, &odds, &err) != MU_OK)
            abort();
        check_odds(&odds);
        mu_oob_odds_clear(&odds);
    }
    return 0;
}
