/* SPDX-License-Identifier: MIT */
/* oob.c -- the Fire and Fury division generator: tables 1-6 of the seed, in
 * the normative roll order documented in muster.h. */
#include "oob.h"
#include "dice.h"
#include "error.h"
#include "lang.h"
#include "rules.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static const char *const kind_names[] = {
    "theater", "leader", "brigades", "stands", "morale",
    "brigadier", "ratio", "battery", "reserve", "corps_leader"};

const char *mu_roll_kind_name(mu_roll_kind k)
{
    return (unsigned)k < sizeof kind_names / sizeof *kind_names
               ? kind_names[k]
               : "?";
}

static void oob_label_text(const void *ctx, char *buf, size_t n)
{
    const oob_label *l = ctx;
    char pre[64] = "";
    /* the words of a prompt, in the reader's language (lang.h) */
    const char *army = l->army < 0 ? ""
                       : l->army == MU_UNION ? _("union") : _("confederate");
    if (l->division > 0)
        snprintf(pre, sizeof pre, _("%s%sdivision %d: "), army,
                 *army ? " " : "", l->division);
    else if (*army)
        snprintf(pre, sizeof pre, "%s ", army);
    switch (l->kind) {
    case MU_ROLL_THEATER: snprintf(buf, n, _("%stheater and year"), pre); break;
    case MU_ROLL_LEADER: snprintf(buf, n, _("%sdivision leader"), pre); break;
    case MU_ROLL_BRIGADES: snprintf(buf, n, _("%snumber of brigades"), pre); break;
    case MU_ROLL_STANDS:
        snprintf(buf, n, _("%sbrigade %d stands"), pre, l->brigade);
        break;
    case MU_ROLL_MORALE:
        snprintf(buf, n, _("%sbrigade %d morale"), pre, l->brigade);
        break;
    case MU_ROLL_BRIGADIER:
        snprintf(buf, n, _("%sbrigade %d brigadier"), pre, l->brigade);
        break;
    case MU_ROLL_RATIO: snprintf(buf, n, _("%sartillery ratio"), pre); break;
    case MU_ROLL_BATTERY:
        snprintf(buf, n, _("%sfractional battery (hit on %d or less)"), pre,
                 l->threshold);
        break;
    case MU_ROLL_RESERVE:
        snprintf(buf, n, _("%sreserve share (hit on %d or less)"), pre,
                 l->threshold);
        break;
    case MU_ROLL_CORPS_LEADER: snprintf(buf, n, _("%scorps leader"), pre); break;
    }
    /* Prompts read better capitalised: "Brigade 2 morale". */
    if (buf[0] >= 'a' && buf[0] <= 'z')
        buf[0] = (char)(buf[0] - 'a' + 'A');
}

static inline void push_roll(mu_division *v, mu_roll_kind k, int brigade,
                             int roll, int result, int pass)
{
    mu_roll *r = &v->rolls[v->nrolls++];
    r->kind = (uint8_t)k;
    r->brigade = (uint8_t)brigade;
    r->roll = (uint8_t)roll;
    r->pass = (uint8_t)pass;
    r->result = (int16_t)result;
}

mu_status oob_check_opts(const mu_oob_opts *o, mu_error *err)
{
    if (!o || (unsigned)o->army > 1)
        return err_set(err, MU_EINPUT, "choose an army: union or confederate");
    if (o->year != 0 && (o->year < MU_YEAR_FIRST || o->year > MU_YEAR_LAST))
        return err_set(err, MU_EINPUT, "year %d is not one of 1861..1865",
                       o->year);
    if (o->theater < -1 || o->theater > 1)
        return err_set(err, MU_EINPUT, "theater must be east or west");
    if ((unsigned)o->arm > 1)
        return err_set(err, MU_EINPUT, "arm must be infantry or cavalry");
    return MU_OK;
}

/* Table 1, when the year or the theater is unknown: the roll fills in only
 * what is missing. */
static mu_status resolve_theater(const mu_rules *r, mu_dice *d, int army,
                                 int *year, int *theater, mu_roll *rec,
                                 bool *rolled, mu_error *err)
{
    *rolled = false;
    if (*year && *theater >= 0)
        return MU_OK;
    oob_label l = {MU_ROLL_THEATER, 0, 0, army, 0};
    int roll;
    mu_status st = dice_roll(d, oob_label_text, &l, &roll, err);
    if (st != MU_OK)
        return st;
    int out = rules_map(r, MU_TABLE_THEATER, MU_UNION, MU_EAST, MU_YEAR_FIRST)[roll];
    if (!*year)
        *year = MU_YEAR_FIRST + out / 2;
    if (*theater < 0)
        *theater = out % 2;
    memset(rec, 0, sizeof *rec);
    rec->kind = MU_ROLL_THEATER;
    rec->roll = (uint8_t)roll;
    rec->result = (int16_t)out;
    *rolled = true;
    return MU_OK;
}

/* One labelled roll from a scripted or callback source (the seeded path is
 * gen_seeded below). */
#define ROLL(kind_, brig_, thr_)                                               \
    do {                                                                       \
        lab.kind = (kind_);                                                    \
        lab.brigade = (brig_);                                                 \
        lab.threshold = (thr_);                                                \
        mu_status st_ = dice_roll_slow(d, oob_label_text, &lab, &roll, err);   \
        if (st_ != MU_OK)                                                      \
            return st_;                                                        \
    } while (0)

/* The division proper, with year and theater known, rolled from a scripted
 * or callback source into a zeroed *v. `division` and `army` only label the
 * rolls. */
static mu_status gen_slow(const mu_rules *r, mu_dice *d, const mu_oob_opts *o,
                          const mu_division_given *g, int year, int theater,
                          int divno, int label_army, mu_division *v,
                          mu_error *err)
{
    const mu_army a = o->army;
    const mu_theater th = (mu_theater)theater;
    const uint8_t *leader = rules_map(r, MU_TABLE_LEADER, a, th, year);
    const uint8_t *morale = rules_map(r, MU_TABLE_MORALE, a, th, year);
    const uint8_t *stands = rules_map(r, MU_TABLE_STANDS, a, th, year);
    oob_label lab = {MU_ROLL_LEADER, 0, divno, label_army, 0};
    int roll;

    v->army = a;
    v->year = year;
    v->theater = th;
    v->arm = o->arm;
    v->by_the_book = o->by_the_book;

    if (g->leader != MU_GIVEN_NONE) {
        v->leader_rolled = (mu_rating)g->leader;
        v->given |= MU_GIVEN_LEADER;
    } else {
        ROLL(MU_ROLL_LEADER, 0, 0);
        v->leader_rolled = (mu_rating)leader[roll];
        push_roll(v, MU_ROLL_LEADER, 0, roll, (int)v->leader_rolled, 0);
    }
    v->leader = o->by_the_book && v->leader_rolled == MU_DESPICABLE
                    ? MU_AVERAGE : v->leader_rolled;

    if (g->nbrigades) {
        v->nbrigades = g->nbrigades;
        v->given |= MU_GIVEN_BRIGADES;
    } else {
        ROLL(MU_ROLL_BRIGADES, 0, 0);
        v->nbrigades = rules_map(r, MU_TABLE_BRIGADES, a, th, year)[roll];
        push_roll(v, MU_ROLL_BRIGADES, 0, roll, v->nbrigades, 0);
    }

    v->stands = 0;
    for (int b = 0; b < v->nbrigades; b++) {
        mu_brigade *gb = &v->brigades[b];
        /* Given brigades come with the given count only. */
        const mu_given_brigade *k = g->nbrigades ? &g->brigades[b] : NULL;
        if (k && k->stands) {
            gb->stands = k->stands;
            v->given |= MU_GIVEN_STANDS(b);
        } else {
            ROLL(MU_ROLL_STANDS, b + 1, 0);
            gb->stands = stands[roll];
            push_roll(v, MU_ROLL_STANDS, b + 1, roll, gb->stands, 0);
        }
        v->stands += gb->stands;
        if (k && k->morale != MU_GIVEN_NONE) {
            gb->morale = (mu_morale)k->morale;
            v->given |= MU_GIVEN_MORALE(b);
        } else {
            ROLL(MU_ROLL_MORALE, b + 1, 0);
            gb->morale = (mu_morale)morale[roll];
            push_roll(v, MU_ROLL_MORALE, b + 1, roll, (int)gb->morale, 0);
        }
        if (k && k->rating != MU_GIVEN_NONE) {
            gb->rolled = (mu_rating)k->rating;
            v->given |= MU_GIVEN_BRIGADIER(b);
        } else {
            ROLL(MU_ROLL_BRIGADIER, b + 1, 0);
            gb->rolled = (mu_rating)leader[roll];
            push_roll(v, MU_ROLL_BRIGADIER, b + 1, roll, (int)gb->rolled, 0);
        }
        gb->leader = o->by_the_book && gb->rolled == MU_DESPICABLE
                         ? MU_AVERAGE : gb->rolled;
    }

    mu_artillery *art = &v->artillery;
    memset(art, 0, sizeof *art);
    if (g->batteries != MU_GIVEN_NONE) {
        /* The order of battle's batteries are the division's own. */
        art->batteries = art->division = g->batteries;
        v->given |= MU_GIVEN_ARTILLERY;
        return MU_OK;
    }
    ROLL(MU_ROLL_RATIO, 0, 0);
    art->ratio = rules_map(r, MU_TABLE_ARTILLERY, a, th, year)[roll];
    push_roll(v, MU_ROLL_RATIO, 0, roll, art->ratio, 0);
    /* Never round a fraction of a battery: roll for it (the seed's note). */
    int rem = v->stands % art->ratio;
    art->batteries = v->stands / art->ratio;
    if (rem) {
        art->battery_threshold = 100 * rem / art->ratio;
        ROLL(MU_ROLL_BATTERY, 0, art->battery_threshold);
        int pass = roll <= art->battery_threshold;
        art->battery_roll = roll;
        art->batteries += pass;
        push_roll(v, MU_ROLL_BATTERY, 0, roll, art->battery_threshold, pass);
    }
    /* One third to the reserve, by the same rule. */
    int rem3 = art->batteries % 3;
    art->reserve = art->batteries / 3;
    if (rem3) {
        art->reserve_threshold = 100 * rem3 / 3;
        ROLL(MU_ROLL_RESERVE, 0, art->reserve_threshold);
        int pass = roll <= art->reserve_threshold;
        art->reserve_roll = roll;
        art->reserve += pass;
        push_roll(v, MU_ROLL_RESERVE, 0, roll, art->reserve_threshold, pass);
    }
    art->division = art->batteries - art->reserve;
    return MU_OK;
}

/* One roll record, made in a register and stored at once: 8 bytes into a
 * 6-byte slot. The 2 bytes beyond belong to the next slot, which the next
 * record or the zeroed tail overwrites (a division makes at most 30 of the
 * MU_MAX_ROLLS records, so the next slot always exists). */
static inline void put_word(mu_roll *at, uint64_t x)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(at, &x, sizeof x);
#else
    *at = (mu_roll){(uint8_t)x, (uint8_t)(x >> 8), (uint8_t)(x >> 16),
                    (uint8_t)(x >> 24), (int16_t)(uint16_t)(x >> 32)};
#endif
}

/* Zeroes what a division may leave unused, before it is written: the
 * fixed-size parts at once (a memset of 4-byte aligned memory becomes a
 * loop of 8-byte stores; these are 16-byte stores, unrolled). rolls[0] is
 * left: the theater roll or the leader's. */
static inline void zero_slots(mu_division *v)
{
#if defined(__SSE2__)
    _Static_assert(sizeof v->brigades == 128, "8 stores");
    _Static_assert(sizeof v->rolls == 192, "12 stores from rolls[0]");
    const __m128i z = _mm_setzero_si128();
    unsigned char *b = (unsigned char *)v->brigades;
    unsigned char *q = (unsigned char *)&v->rolls[1];
#define Z16(p, i) _mm_storeu_si128((__m128i *)(void *)((p) + 16 * (i)), z)
    Z16(b, 0), Z16(b, 1), Z16(b, 2), Z16(b, 3);
    Z16(b, 4), Z16(b, 5), Z16(b, 6), Z16(b, 7);
    /* rolls[1..31]: 186 bytes, as 11 stores and one ending at the end */
    Z16(q, 0), Z16(q, 1), Z16(q, 2), Z16(q, 3), Z16(q, 4), Z16(q, 5);
    Z16(q, 6), Z16(q, 7), Z16(q, 8), Z16(q, 9), Z16(q, 10);
    _mm_storeu_si128((__m128i *)(void *)(q + 186 - 16), z);
#undef Z16
#else
    memset(v->brigades, 0, sizeof v->brigades);
    memset(&v->rolls[1], 0, sizeof v->rolls - sizeof v->rolls[0]);
#endif
}

/* The artillery of gen_seeded, from T stands and the ratio: the fraction
 * of a battery and of the reserve share rolled for, never rounded (the
 * seed's note), as in gen_slow. */
static inline void seeded_artillery(mu_dice *w, unsigned T, unsigned ratio,
                                    mu_artillery *art, mu_roll **rec)
{
    unsigned rem = T % ratio, B = T / ratio, thr = 100 * rem / ratio;
    art->ratio = (int)ratio;
    art->battery_roll = 0;
    if (rem) {
        unsigned x = (unsigned)dice_seeded_d100(w), pass = x <= thr;
        art->battery_roll = (int)x;
        B += pass;
        put_word((*rec)++, MU_ROLL_BATTERY | (uint64_t)x << 16 |
                               (uint64_t)pass << 24 | (uint64_t)thr << 32);
    }
    art->battery_threshold = (int)thr;
    unsigned R = B / 3, thr3 = 100 * (B % 3) / 3;
    art->reserve_roll = 0;
    if (B % 3) {
        unsigned x = (unsigned)dice_seeded_d100(w), pass = x <= thr3;
        art->reserve_roll = (int)x;
        R += pass;
        put_word((*rec)++, MU_ROLL_RESERVE | (uint64_t)x << 16 |
                               (uint64_t)pass << 24 | (uint64_t)thr3 << 32);
    }
    art->reserve_threshold = (int)thr3;
    art->batteries = (int)B;
    art->reserve = (int)R;
    art->division = (int)(B - R);
}

/* The seeded path of gen_slow: the same rolls in the same order, with the
 * same results, written into *v whose fields before brigades are zero. The
 * costs it avoids, each measured with bench/run: zeroing the whole record
 * (only the unused slots, with 16-byte stores), records built field by
 * field (each is one 8-byte store of the table's precomputed word for the
 * face, rules_table.word, with the kind and brigade or'ed in), the PRNG
 * state in memory (a local copy, which the record's stores cannot alias),
 * a call (always inlined; the entry point calls it directly for a seeded
 * source). */
static inline __attribute__((always_inline)) void
gen_seeded(const mu_rules *r, mu_dice *d, const mu_oob_opts *o,
                       int year, int theater, mu_division *v)
{
    _Static_assert(MU_MAX_ROLLS >= 31, "put_word writes 2 bytes ahead");
    const mu_army a = o->army;
    const mu_theater th = (mu_theater)theater;
    const uint64_t *leader = rules_words(r, MU_TABLE_LEADER, a, th, year);
    const uint64_t *morale = rules_words(r, MU_TABLE_MORALE, a, th, year);
    const uint64_t *stands = rules_words(r, MU_TABLE_STANDS, a, th, year);
    /* A despicable leader is played as average by the book. */
    const uint8_t played[3] = {o->by_the_book ? MU_AVERAGE : MU_DESPICABLE,
                               MU_AVERAGE, MU_EXCEPTIONAL};
    mu_dice w = *d;
    zero_slots(v);
    v->army = a;
    v->year = year;
    v->theater = th;
    v->arm = o->arm;
    v->by_the_book = o->by_the_book;
    mu_roll *rec = v->rolls + v->nrolls;
    uint64_t x = leader[dice_seeded_d100(&w)];
    unsigned lr = (unsigned)(x >> 32);
    v->leader_rolled = (mu_rating)lr;
    v->leader = (mu_rating)played[lr];
    put_word(rec++, MU_ROLL_LEADER | x);
    x = rules_words(r, MU_TABLE_BRIGADES, a, th, year)[dice_seeded_d100(&w)];
    unsigned nb = (unsigned)(x >> 32);
    v->nbrigades = (int)nb;
    put_word(rec++, MU_ROLL_BRIGADES | x);
    unsigned T = 0;
    for (unsigned b = 0; b < nb; b++) {
        mu_brigade *g = &v->brigades[b];
        const uint64_t base = (uint64_t)(b + 1) << 8;
        x = stands[dice_seeded_d100(&w)];
        unsigned st = (unsigned)(x >> 32);
        g->stands = (int)st;
        T += st;
        put_word(rec++, MU_ROLL_STANDS | base | x);
        x = morale[dice_seeded_d100(&w)];
        g->morale = (mu_morale)(x >> 32);
        put_word(rec++, MU_ROLL_MORALE | base | x);
        x = leader[dice_seeded_d100(&w)];
        unsigned br = (unsigned)(x >> 32);
        g->rolled = (mu_rating)br;
        g->leader = (mu_rating)played[br];
        put_word(rec++, MU_ROLL_BRIGADIER | base | x);
    }
    v->stands = (int)T;
    x = rules_words(r, MU_TABLE_ARTILLERY, a, th, year)[dice_seeded_d100(&w)];
    unsigned ratio = (unsigned)(x >> 32);
    put_word(rec++, MU_ROLL_RATIO | x);
    seeded_artillery(&w, T, ratio, &v->artillery, &rec);
    v->nrolls = (int)(rec - v->rolls);
    *d = w;
}

static const mu_division_given no_given = {
    MU_GIVEN_NONE, 0,
    {{0, MU_GIVEN_NONE, MU_GIVEN_NONE}, {0, MU_GIVEN_NONE, MU_GIVEN_NONE},
     {0, MU_GIVEN_NONE, MU_GIVEN_NONE}, {0, MU_GIVEN_NONE, MU_GIVEN_NONE},
     {0, MU_GIVEN_NONE, MU_GIVEN_NONE}, {0, MU_GIVEN_NONE, MU_GIVEN_NONE},
     {0, MU_GIVEN_NONE, MU_GIVEN_NONE}, {0, MU_GIVEN_NONE, MU_GIVEN_NONE}},
    MU_GIVEN_NONE};

mu_division_given mu_division_given_none(void)
{
    return no_given;
}

static mu_status gen_division(const mu_rules *r, mu_dice *d,
                              const mu_oob_opts *o, int year, int theater,
                              int divno, int label_army, mu_division *v,
                              mu_error *err)
{
    if (d->kind == DICE_SEEDED) {
        gen_seeded(r, d, o, year, theater, v);
        return MU_OK;
    }
    return gen_slow(r, d, o, &no_given, year, theater, divno, label_army, v,
                    err);
}

static bool in_or_none(int v, int hi)
{
    return v == MU_GIVEN_NONE || (v >= 0 && v <= hi);
}

static mu_status check_given(const mu_division_given *g, mu_error *err)
{
    if (!in_or_none(g->leader, MU_EXCEPTIONAL) || g->nbrigades < 0 ||
        g->nbrigades > MU_MAX_BRIGADES ||
        !in_or_none(g->batteries, MU_MAX_RATIO))
        return err_set(err, MU_EINPUT, "a given leader, brigade count or "
                       "batteries is out of range");
    for (int b = 0; b < g->nbrigades; b++) {
        const mu_given_brigade *k = &g->brigades[b];
        if (k->stands < 0 || k->stands > MU_MAX_STANDS ||
            !in_or_none(k->morale, MU_CRACK) ||
            !in_or_none(k->rating, MU_EXCEPTIONAL))
            return err_set(err, MU_EINPUT, "brigade %d: a given strength, "
                           "morale or brigadier is out of range", b + 1);
    }
    return MU_OK;
}

static mu_status division_generate(const mu_rules *r, mu_dice *d,
                                   const mu_oob_opts *o,
                                   const mu_division_given *g,
                                   mu_division *out, mu_error *err)
{
    if (!r || !d)
        return err_set(err, MU_EINPUT, "no rules or dice given");
    mu_status st = oob_opts_ok(o) ? MU_OK : oob_check_opts(o, err);
    if (st == MU_OK && g)
        st = check_given(g, err);
    if (st != MU_OK)
        return st;
    /* A seeded source cannot fail, so it writes straight into *out (and
     * zeroes only what is left unused); the others build a zeroed copy so
     * that *out is untouched when the rolls run out. */
    mu_division tmp;
    mu_division *v = d->kind == DICE_SEEDED && !g ? out : &tmp;
    if (v == out)
        memset(v, 0, offsetof(mu_division, brigades));
    else
        memset(v, 0, sizeof *v);
    v->nrolls = 0;
    int year = o->year, theater = o->theater;
    mu_roll rec;
    bool rolled = false;
    if (!year || theater < 0)
        st = resolve_theater(r, d, -1, &year, &theater, &rec, &rolled, err);
    if (st != MU_OK)
        return st;
    if (rolled) {
        v->rolls[v->nrolls++] = rec;
        v->theater_rolled = true;
    }
    /* Given values take the general path: the seeded one rolls them all. */
    st = g ? gen_slow(r, d, o, g, year, theater, 0, -1, v, err)
           : gen_division(r, d, o, year, theater, 0, -1, v, err);
    if (st != MU_OK)
        return st;
    if (v != out)
        *out = *v;
    return MU_OK;
}

mu_status mu_division_generate(const mu_rules *r, mu_dice *d,
                               const mu_oob_opts *o, mu_division *out,
                               mu_error *err)
{
    /* The common case, a seeded source with the year and theater given,
     * goes straight to gen_seeded, inlined here: the general path's checks,
     * copy-or-not choice and call are a measurable share of a division's
     * time (bench/README.md, bench/run's generation part). */
    if (out && r && d && d->kind == DICE_SEEDED && oob_opts_ok(o) &&
        o->year && o->theater >= 0) {
        memset(out, 0, offsetof(mu_division, brigades));
        out->nrolls = 0;
        gen_seeded(r, d, o, o->year, o->theater, out);
        return MU_OK;
    }
    return mu_division_generate_given(r, d, o, NULL, out, err);
}

mu_status mu_division_generate_given(const mu_rules *r, mu_dice *d,
                                     const mu_oob_opts *o,
                                     const mu_division_given *g,
                                     mu_division *out, mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    mu_status st = division_generate(r, d, o, g, out, err);
    if (st != MU_OK)
        memset(out, 0, sizeof *out); /* the contract: empty on failure */
    return st;
}

void mu_corps_clear(mu_corps *c)
{
    if (!c)
        return;
    free(c->divisions);
    c->divisions = NULL;
    c->ndivisions = 0;
}

/* A corps with year and theater known. */
static mu_status gen_corps(const mu_rules *r, mu_dice *d, const mu_oob_opts *o,
                           int year, int theater, int infantry, int cavalry,
                           int label_army, mu_corps *c, mu_error *err)
{
    int n = infantry + cavalry;
    c->army = o->army;
    c->year = year;
    c->theater = (mu_theater)theater;
    if (!c->divisions && !(c->divisions = calloc((size_t)n, sizeof *c->divisions)))
        return err_nomem(err);
    oob_label lab = {MU_ROLL_CORPS_LEADER, 0, 0, label_army, 0};
    int roll;
    ROLL(MU_ROLL_CORPS_LEADER, 0, 0);
    c->leader_rolled = (mu_rating)rules_map(r, MU_TABLE_LEADER, o->army,
                                            (mu_theater)theater, year)[roll];
    c->leader = o->by_the_book && c->leader_rolled == MU_DESPICABLE
                    ? MU_AVERAGE : c->leader_rolled;
    c->leader_roll = (mu_roll){MU_ROLL_CORPS_LEADER, 0, (uint8_t)roll, 0,
                               (int16_t)c->leader_rolled};
    for (int i = 0; i < n; i++) {
        mu_oob_opts od = *o;
        od.arm = i < infantry ? MU_INFANTRY : MU_CAVALRY;
        mu_division *v = &c->divisions[i];
        memset(v, 0, offsetof(mu_division, brigades)); /* as generate does */
        v->nrolls = 0;
        mu_status st = gen_division(r, d, &od, year, theater, i + 1,
                                    label_army, v, err);
        if (st != MU_OK)
            return st;
        c->ndivisions = i + 1;
        c->reserve += v->artillery.reserve;
        c->batteries += v->artillery.batteries;
        c->stands += v->stands;
    }
    return MU_OK;
}

mu_status oob_corps_into(const mu_rules *r, mu_dice *d, const mu_oob_opts *o,
                         int infantry, int cavalry, mu_corps *out,
                         mu_error *err)
{
    mu_division *buf = out->divisions;
    memset(out, 0, sizeof *out);
    out->divisions = buf;
    if (!r || !d)
        return err_set(err, MU_EINPUT, "no rules or dice given");
    mu_status st = oob_check_opts(o, err);
    if (st != MU_OK)
        return st;
    if (infantry < 0 || cavalry < 0 || infantry + cavalry < 1 ||
        infantry + cavalry > 64)
        return err_set(err, MU_EINPUT,
                       "a corps has 1..64 divisions (infantry and cavalry)");
    int year = o->year, theater = o->theater;
    st = resolve_theater(r, d, -1, &year, &theater, &out->theater_roll,
                         &out->theater_rolled, err);
    if (st != MU_OK)
        return st;
    return gen_corps(r, d, o, year, theater, infantry, cavalry, -1, out, err);
}

mu_status mu_corps_generate(const mu_rules *r, mu_dice *d,
                            const mu_oob_opts *o, int infantry, int cavalry,
                            mu_corps *out, mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    out->divisions = NULL; /* none of the caller's to fill */
    mu_status st = oob_corps_into(r, d, o, infantry, cavalry, out, err);
    if (st != MU_OK) {
        mu_corps_clear(out);
        memset(out, 0, sizeof *out);
    }
    return st;
}

void mu_battle_clear(mu_battle *b)
{
    if (!b)
        return;
    mu_corps_clear(&b->sides[0]);
    mu_corps_clear(&b->sides[1]);
}

mu_status mu_battle_generate(const mu_rules *r, mu_dice *d,
                             const mu_oob_opts *bo, int divisions,
                             mu_battle *out, mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    memset(out, 0, sizeof *out);
    if (!r || !d || !bo)
        return err_set(err, MU_EINPUT, "no rules, dice or options given");
    if (divisions < 1 || divisions > 64)
        return err_set(err, MU_EINPUT, "a side has 1..64 divisions");
    /* Both armies fight, with infantry: army and arm are not the caller's. */
    mu_oob_opts o = *bo;
    o.army = MU_UNION;
    o.arm = MU_INFANTRY;
    int year = o.year, theater = o.theater;
    mu_status st = oob_check_opts(&o, err);
    if (st != MU_OK)
        return st;
    st = resolve_theater(r, d, -1, &year, &theater, &out->theater_roll,
                         &out->theater_rolled, err);
    out->year = year;
    out->theater = (mu_theater)theater;
    for (int a = 0; a < 2 && st == MU_OK; a++) {
        o.army = (mu_army)a;
        st = gen_corps(r, d, &o, year, theater, divisions, 0, a,
                       &out->sides[a], err);
    }
    if (st != MU_OK) { /* the contract: empty on failure */
        mu_battle_clear(out);
        memset(out, 0, sizeof *out);
    }
    return st;
}
