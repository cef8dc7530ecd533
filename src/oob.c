/* oob.c -- the Fire and Fury division generator: tables 1-6 of the seed, in
 * the normative roll order documented in muster.h. */
#include "oob.h"
#include "dice.h"
#include "error.h"
#include "rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {
    "theater", "leader", "brigades", "stands", "morale",
    "brigadier", "ratio", "battery", "reserve", "corps_leader"};

const char *mu_roll_kind_name(mu_roll_kind k)
{
    return (unsigned)k < sizeof kind_names / sizeof *kind_names
               ? kind_names[k]
               : "?";
}

void oob_label_text(const void *ctx, char *buf, size_t n)
{
    const oob_label *l = ctx;
    char pre[64] = "";
    const char *army = l->army >= 0 ? mu_army_name((mu_army)l->army) : "";
    if (l->division > 0)
        snprintf(pre, sizeof pre, "%s%sdivision %d: ", army,
                 *army ? " " : "", l->division);
    else if (*army)
        snprintf(pre, sizeof pre, "%s ", army);
    switch (l->kind) {
    case MU_ROLL_THEATER: snprintf(buf, n, "%stheater and year", pre); break;
    case MU_ROLL_LEADER: snprintf(buf, n, "%sdivision leader", pre); break;
    case MU_ROLL_BRIGADES: snprintf(buf, n, "%snumber of brigades", pre); break;
    case MU_ROLL_STANDS:
        snprintf(buf, n, "%sbrigade %d stands", pre, l->brigade);
        break;
    case MU_ROLL_MORALE:
        snprintf(buf, n, "%sbrigade %d morale", pre, l->brigade);
        break;
    case MU_ROLL_BRIGADIER:
        snprintf(buf, n, "%sbrigade %d brigadier", pre, l->brigade);
        break;
    case MU_ROLL_RATIO: snprintf(buf, n, "%sartillery ratio", pre); break;
    case MU_ROLL_BATTERY:
        snprintf(buf, n, "%sfractional battery (hit on %d or less)", pre,
                 l->threshold);
        break;
    case MU_ROLL_RESERVE:
        snprintf(buf, n, "%sreserve share (hit on %d or less)", pre,
                 l->threshold);
        break;
    case MU_ROLL_CORPS_LEADER: snprintf(buf, n, "%scorps leader", pre); break;
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

/* `fast` is a compile-time constant in each copy of gen_body: the seeded
 * copy draws straight from the inlined PRNG, the other labels its rolls for
 * scripted lists and prompts. */
#define ROLL(kind_, brig_, thr_)                                               \
    do {                                                                       \
        if (fast) {                                                            \
            roll = dice_seeded_d100(d);                                        \
            break;                                                             \
        }                                                                      \
        lab.kind = (kind_);                                                    \
        lab.brigade = (brig_);                                                 \
        lab.threshold = (thr_);                                                \
        mu_status st_ = dice_roll_slow(d, oob_label_text, &lab, &roll, err);   \
        if (st_ != MU_OK)                                                      \
            return st_;                                                        \
    } while (0)

#if defined(__GNUC__)
#define OOB_INLINE static inline __attribute__((always_inline))
#else
#define OOB_INLINE static inline
#endif

/* The division proper, with year and theater known. `division` and `army`
 * only label the rolls. */
OOB_INLINE mu_status gen_body(const mu_rules *r, mu_dice *d,
                              const mu_oob_opts *o, int year, int theater,
                              int divno, int label_army, mu_division *v,
                              mu_error *err, const bool fast)
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

    ROLL(MU_ROLL_LEADER, 0, 0);
    v->leader_rolled = (mu_rating)leader[roll];
    v->leader = o->by_the_book && v->leader_rolled == MU_DESPICABLE
                    ? MU_AVERAGE : v->leader_rolled;
    push_roll(v, MU_ROLL_LEADER, 0, roll, (int)v->leader_rolled, 0);

    ROLL(MU_ROLL_BRIGADES, 0, 0);
    v->nbrigades = rules_map(r, MU_TABLE_BRIGADES, a, th, year)[roll];
    push_roll(v, MU_ROLL_BRIGADES, 0, roll, v->nbrigades, 0);

    v->stands = 0;
    for (int b = 0; b < v->nbrigades; b++) {
        mu_brigade *g = &v->brigades[b];
        ROLL(MU_ROLL_STANDS, b + 1, 0);
        g->stands = stands[roll];
        v->stands += g->stands;
        push_roll(v, MU_ROLL_STANDS, b + 1, roll, g->stands, 0);
        ROLL(MU_ROLL_MORALE, b + 1, 0);
        g->morale = (mu_morale)morale[roll];
        push_roll(v, MU_ROLL_MORALE, b + 1, roll, (int)g->morale, 0);
        ROLL(MU_ROLL_BRIGADIER, b + 1, 0);
        g->rolled = (mu_rating)leader[roll];
        g->leader = o->by_the_book && g->rolled == MU_DESPICABLE
                        ? MU_AVERAGE : g->rolled;
        push_roll(v, MU_ROLL_BRIGADIER, b + 1, roll, (int)g->rolled, 0);
    }

    mu_artillery *art = &v->artillery;
    memset(art, 0, sizeof *art);
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

static mu_status gen_slow(const mu_rules *r, mu_dice *d, const mu_oob_opts *o,
                          int year, int theater, int divno, int label_army,
                          mu_division *v, mu_error *err)
{
    return gen_body(r, d, o, year, theater, divno, label_army, v, err, false);
}

/* The seeded copy works on a private copy of the PRNG state: the byte
 * stores into the division's roll record could otherwise alias the dice and
 * force the state back to memory after every roll. */
static mu_status gen_fast(const mu_rules *r, mu_dice *d, const mu_oob_opts *o,
                          int year, int theater, mu_division *v)
{
    mu_dice w = *d;
    mu_status st = gen_body(r, &w, o, year, theater, 0, -1, v, NULL, true);
    *d = w;
    return st;
}

static mu_status gen_division(const mu_rules *r, mu_dice *d,
                              const mu_oob_opts *o, int year, int theater,
                              int divno, int label_army, mu_division *v,
                              mu_error *err)
{
    if (d->kind == DICE_SEEDED)
        return gen_fast(r, d, o, year, theater, v);
    return gen_slow(r, d, o, year, theater, divno, label_army, v, err);
}

static mu_status division_generate(const mu_rules *r, mu_dice *d,
                                   const mu_oob_opts *o, mu_division *out,
                                   mu_error *err)
{
    if (!r || !d)
        return err_set(err, MU_EINPUT, "no rules or dice given");
    mu_status st = oob_check_opts(o, err);
    if (st != MU_OK)
        return st;
    /* A seeded source cannot fail, so it writes straight into *out; the
     * others build a copy so that *out is untouched when the rolls run out. */
    mu_division tmp;
    mu_division *v = d->kind == DICE_SEEDED ? out : &tmp;
    memset(v, 0, sizeof *v); /* a plain value: unused slots are zero */
    int year = o->year, theater = o->theater;
    mu_roll rec;
    bool rolled;
    st = resolve_theater(r, d, -1, &year, &theater, &rec, &rolled, err);
    if (st != MU_OK)
        return st;
    if (rolled) {
        v->rolls[v->nrolls++] = rec;
        v->theater_rolled = true;
    }
    st = gen_division(r, d, o, year, theater, 0, -1, v, err);
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
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    mu_status st = division_generate(r, d, o, out, err);
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
    c->divisions = calloc((size_t)n, sizeof *c->divisions);
    if (!c->divisions)
        return err_nomem(err);
    oob_label lab = {MU_ROLL_CORPS_LEADER, 0, 0, label_army, 0};
    const bool fast = false; /* one roll: the labelled path is fine */
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
        mu_division *v = &c->divisions[i]; /* calloc'd: zero */
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

static mu_status corps_generate(const mu_rules *r, mu_dice *d,
                                const mu_oob_opts *o, int infantry,
                                int cavalry, mu_corps *out, mu_error *err)
{
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
    memset(out, 0, sizeof *out);
    mu_status st = corps_generate(r, d, o, infantry, cavalry, out, err);
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

static mu_status battle_generate(const mu_rules *r, mu_dice *d,
                                 const mu_oob_opts *bo, int divisions,
                                 mu_battle *out, mu_error *err)
{
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
    if (st != MU_OK)
        return st;
    out->year = year;
    out->theater = (mu_theater)theater;
    for (int a = 0; a < 2; a++) {
        o.army = (mu_army)a;
        st = gen_corps(r, d, &o, year, theater, divisions, 0, a,
                       &out->sides[a], err);
        if (st != MU_OK)
            return st;
    }
    return MU_OK;
}

mu_status mu_battle_generate(const mu_rules *r, mu_dice *d,
                             const mu_oob_opts *o, int divisions,
                             mu_battle *out, mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    memset(out, 0, sizeof *out);
    mu_status st = battle_generate(r, d, o, divisions, out, err);
    if (st != MU_OK) {
        mu_battle_clear(out);
        memset(out, 0, sizeof *out);
    }
    return st;
}
