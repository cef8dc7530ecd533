/* SPDX-License-Identifier: MIT */
/* oob_json.c -- reads muster's own order-of-battle JSON back into the
 * library's structs, strictly: every key known, every value typed and in the
 * rules' ranges, the rolls in the generator's order and agreeing with what
 * they made, the totals adding up. What muster writes reads back; what it
 * could not have written is refused with the path of the first fault. */
#include "render.h"
#include "error.h"
#include "util.h"

#include <cjson/cJSON.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The longest document read, as for a file: a battle of 2 x 64 divisions
 * pretty-printed is about 1 MB. */
#define OJ_MAX_TEXT MU_FILE_MAX
#define OJ_MAX_DIVISIONS 100000

typedef struct jctx {
    const char *file;
    mu_error *err;
} jctx;

static mu_status jfail(jctx *j, const char *path, const char *fmt, ...)
    MU_PRINTF(3, 4);

static mu_status jfail(jctx *j, const char *path, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (path && *path)
        return err_at(j->err, MU_EINPUT, j->file, 0, "%s: %s", path, msg);
    return err_at(j->err, MU_EINPUT, j->file, 0, "%s", msg);
}

/* Every key of `o` must be one of `keys` and appear once; `need` of them
 * (the first ones) must be there. */
static mu_status check_keys(jctx *j, const cJSON *o, const char *path,
                            const char *what, const char *const *keys,
                            int nkeys, int need)
{
    if (!cJSON_IsObject(o))
        return jfail(j, path, "expected %s (a JSON object)", what);
    for (const cJSON *it = o->child; it; it = it->next) {
        int k = -1;
        for (int i = 0; i < nkeys && k < 0; i++)
            if (it->string && !strcmp(it->string, keys[i]))
                k = i;
        if (k < 0)
            return jfail(j, path, "unknown key \"%s\" in %s", it->string
                         ? it->string : "", what);
        for (const cJSON *b = o->child; b != it; b = b->next)
            if (!strcmp(b->string, it->string))
                return jfail(j, path, "key \"%s\" given twice", it->string);
    }
    for (int i = 0; i < need; i++)
        if (!cJSON_GetObjectItemCaseSensitive(o, keys[i]))
            return jfail(j, path, "%s has no \"%s\"", what, keys[i]);
    return MU_OK;
}

/* snprintf for paths, which are cut when too long (a message names the
 * start of the path, which is enough). */
static void pathf(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
}

static void subpath(char *buf, size_t n, const char *path, const char *key)
{
    pathf(buf, n, "%s%s%s", path, *path ? "." : "", key);
}

static mu_status get_int(jctx *j, const cJSON *o, const char *key,
                         const char *path, int lo, int hi, int *out)
{
    char p[160];
    subpath(p, sizeof p, path, key);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v)
        return jfail(j, p, "missing");
    double d = v->valuedouble;
    if (!cJSON_IsNumber(v) || d != floor(d) || d < lo || d > hi)
        return jfail(j, p, "expected a whole number %d..%d", lo, hi);
    *out = (int)d;
    return MU_OK;
}

static mu_status get_bool(jctx *j, const cJSON *o, const char *key,
                          const char *path, bool *out)
{
    char p[160];
    subpath(p, sizeof p, path, key);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsBool(v))
        return jfail(j, p, "expected true or false");
    *out = cJSON_IsTrue(v);
    return MU_OK;
}

/* A word of a closed list: armies, theaters and arms as mu_army_parse
 * reads them (any case, or the start of one name), ratings and morale
 * exactly as muster writes them. */
typedef struct word_kind {
    const char *const *names;
    int n;
    bool loose;
} word_kind;

static const word_kind W_ARMY = {vocab_army, 2, true};
static const word_kind W_THEATER = {vocab_theater, 2, true};
static const word_kind W_ARM = {vocab_arm, 2, true};
static const word_kind W_RATING = {vocab_rating, 3, false};
static const word_kind W_MORALE = {vocab_morale, 3, false};

static mu_status word_value(jctx *j, const cJSON *v, const char *p,
                            const word_kind *k, int *out)
{
    const char *s = cJSON_IsString(v) ? v->valuestring : NULL;
    *out = -1;
    for (int i = 0; s && i < k->n && *out < 0; i++)
        if (!strcmp(s, k->names[i]))
            *out = i;
    if (s && *out < 0 && k->loose)
        *out = vocab_word(s, k->names, k->n);
    if (*out >= 0)
        return MU_OK;
    char choices[64] = "";
    for (int i = 0; i < k->n; i++)
        pathf(choices + strlen(choices), sizeof choices - strlen(choices),
              "%s\"%s\"", i ? ", " : "", k->names[i]);
    return jfail(j, p, "expected one of %s", choices);
}

static mu_status get_word(jctx *j, const cJSON *o, const char *key,
                          const char *path, const word_kind *k, int *out)
{
    char p[160];
    subpath(p, sizeof p, path, key);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v)
        return jfail(j, p, "missing");
    return word_value(j, v, p, k, out);
}

/* A leader as played against the table's roll: the same, or a despicable
 * roll played as average by the book. */
static mu_status check_played(jctx *j, const char *path, int played,
                              int rolled, bool book)
{
    if (played == rolled && !(book && rolled == MU_DESPICABLE))
        return MU_OK;
    if (book && rolled == MU_DESPICABLE && played == MU_AVERAGE)
        return MU_OK;
    return jfail(j, path, "a leader rolled %s is played as %s only %s",
                 mu_rating_name((mu_rating)rolled),
                 mu_rating_name((mu_rating)played),
                 book ? "if the roll was despicable" : "by the book");
}

/* ---- rolls -------------------------------------------------------------- */

typedef struct rolls_rd {
    jctx *j;
    const cJSON *at; /* the next element */
    int index;
    char path[128];
} rolls_rd;

/* Reads the next roll, which must be of kind k (and brigade b for the
 * per-brigade tables); its "result" item through *res. */
static mu_status next_roll(rolls_rd *r, mu_roll_kind k, int b, mu_roll *out,
                           const cJSON **res)
{
    char p[192];
    pathf(p, sizeof p, "%s[%d]", r->path, r->index);
    if (!r->at)
        return jfail(r->j, r->path, "the %s roll%s is missing (rolls run in "
                     "the generator's order)", mu_roll_kind_name(k),
                     b ? " of a brigade" : "");
    const cJSON *o = r->at;
    static const char *const keys[] = {"table", "roll", "result", "brigade",
                                       "threshold"};
    mu_status st = check_keys(r->j, o, p, "a roll", keys, 5, 3);
    if (st != MU_OK)
        return st;
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "table");
    if (!cJSON_IsString(t) || strcmp(t->valuestring, mu_roll_kind_name(k)))
        return jfail(r->j, p, "expected the %s roll here (rolls run in the "
                     "generator's order)", mu_roll_kind_name(k));
    int roll, brigade = 0;
    if ((st = get_int(r->j, o, "roll", p, 1, 100, &roll)) != MU_OK)
        return st;
    bool has_b = cJSON_GetObjectItemCaseSensitive(o, "brigade") != NULL;
    if (b) {
        if ((st = get_int(r->j, o, "brigade", p, 1, MU_MAX_BRIGADES,
                          &brigade)) != MU_OK)
            return st;
        if (brigade != b)
            return jfail(r->j, p, "expected the roll of brigade %d, not %d",
                         b, brigade);
    } else if (has_b) {
        return jfail(r->j, p, "a %s roll belongs to no brigade",
                     mu_roll_kind_name(k));
    }
    bool thr = k == MU_ROLL_BATTERY || k == MU_ROLL_RESERVE;
    int threshold = 0;
    if (thr) {
        if ((st = get_int(r->j, o, "threshold", p, 0, 99, &threshold)) != MU_OK)
            return st;
    } else if (cJSON_GetObjectItemCaseSensitive(o, "threshold")) {
        return jfail(r->j, p, "a %s roll has no threshold",
                     mu_roll_kind_name(k));
    }
    *res = cJSON_GetObjectItemCaseSensitive(o, "result");
    *out = (mu_roll){(uint8_t)k, (uint8_t)brigade, (uint8_t)roll, 0,
                     (int16_t)threshold};
    r->at = r->at->next;
    r->index++;
    return MU_OK;
}

/* A rating/morale result that must equal `want`. */
static mu_status roll_word(rolls_rd *r, const cJSON *res, const word_kind *k,
                           int want, const char *what, mu_roll *ro)
{
    char p[192];
    pathf(p, sizeof p, "%s[%d].result", r->path, r->index - 1);
    int v;
    mu_status st = word_value(r->j, res, p, k, &v);
    if (st != MU_OK)
        return st;
    if (v != want)
        return jfail(r->j, p, "the roll says %s but %s", res->valuestring,
                     what);
    ro->result = (int16_t)v;
    return MU_OK;
}

static mu_status roll_num(rolls_rd *r, const cJSON *res, int want,
                          const char *what, mu_roll *ro)
{
    char p[192];
    pathf(p, sizeof p, "%s[%d].result", r->path, r->index - 1);
    if (!cJSON_IsNumber(res) || res->valuedouble != want)
        return jfail(r->j, p, "expected %d, as %s", want, what);
    ro->result = (int16_t)want;
    return MU_OK;
}

/* The next roll (kind k, brigade b), its result checked against want (a
 * rating or morale read by fn, a number when fn is NULL; `what` says why
 * it must be so), recorded in d. */
static mu_status take_roll(rolls_rd *r, mu_division *d, mu_roll_kind k,
                           int b, const word_kind *wk, int want,
                           const char *what)
{
    mu_roll ro;
    const cJSON *res = NULL;
    mu_status st = next_roll(r, k, b, &ro, &res);
    if (st == MU_OK && wk)
        st = roll_word(r, res, wk, want, what, &ro);
    else if (st == MU_OK)
        st = roll_num(r, res, want, what, &ro);
    if (st == MU_OK)
        d->rolls[d->nrolls++] = ro;
    return st;
}

/* The fraction roll (battery or reserve) for num/den: the threshold must be
 * floor(100 * (num mod den) / den) and "result" whether the roll made it.
 * *pass is 0 with no roll when the fraction is 0. */
static mu_status roll_fraction(rolls_rd *r, mu_roll_kind k, int num, int den,
                               mu_division *d, int *pass, int *roll,
                               int *threshold)
{
    *pass = 0;
    *roll = 0;
    *threshold = 0;
    if (num % den == 0)
        return MU_OK;
    mu_roll ro;
    const cJSON *res;
    mu_status st = next_roll(r, k, 0, &ro, &res);
    if (st != MU_OK)
        return st;
    char p[192];
    pathf(p, sizeof p, "%s[%d]", r->path, r->index - 1);
    int want = 100 * (num % den) / den;
    if (ro.result != want)
        return jfail(r->j, p, "threshold %d, but %d ÷ %d leaves %d", ro.result,
                     num, den, want);
    if (!cJSON_IsBool(res) || cJSON_IsTrue(res) != (ro.roll <= want))
        return jfail(r->j, p, "\"result\" must be %s: %d %s %d",
                     ro.roll <= want ? "true" : "false", ro.roll,
                     ro.roll <= want ? "≤" : ">", want);
    ro.pass = ro.roll <= want;
    *pass = ro.pass;
    *roll = ro.roll;
    *threshold = want;
    d->rolls[d->nrolls++] = ro;
    return MU_OK;
}

static mu_status theater_roll(rolls_rd *r, const cJSON *res, int year,
                              int theater, mu_roll *ro)
{
    char want[32], p[192];
    snprintf(want, sizeof want, "%s-%d", mu_theater_name((mu_theater)theater),
             year);
    pathf(p, sizeof p, "%s[%d].result", r->path, r->index - 1);
    if (!cJSON_IsString(res) || strcmp(res->valuestring, want))
        return jfail(r->j, p, "expected \"%s\", the theater and year", want);
    ro->result = (int16_t)((year - MU_YEAR_FIRST) * 2 + theater);
    return MU_OK;
}

static bool starts_with_table(const cJSON *arr, const char *table)
{
    const cJSON *first = arr ? arr->child : NULL;
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(first, "table");
    return cJSON_IsString(t) && !strcmp(t->valuestring, table);
}

/* ---- a division --------------------------------------------------------- */

/* A "given" list of words (values an order of battle gave: see
 * render_given_*), absent or a list of distinct words of `names`, as bits
 * 0..2 into *bits. */
static mu_status given_from(jctx *j, const cJSON *o, const char *path,
                            const char *const names[3], unsigned *bits)
{
    *bits = 0;
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(o, "given");
    if (!g)
        return MU_OK;
    char p[176];
    subpath(p, sizeof p, path, "given");
    if (!cJSON_IsArray(g) || !g->child)
        return jfail(j, p, "expected a list of what was given: \"%s\", "
                     "\"%s\", \"%s\"", names[0], names[1], names[2]);
    for (const cJSON *e = g->child; e; e = e->next) {
        int k = 0;
        while (k < 3 && !(cJSON_IsString(e) && !strcmp(e->valuestring,
                                                       names[k])))
            k++;
        if (k == 3 || (*bits & (1u << k)))
            return jfail(j, p, "expected distinct words of \"%s\", \"%s\", "
                         "\"%s\"", names[0], names[1], names[2]);
        *bits |= 1u << k;
    }
    return MU_OK;
}

static mu_status brigade_from(jctx *j, const cJSON *o, const char *path,
                              bool book, mu_brigade *b, unsigned *given)
{
    static const char *const keys[] = {"stands", "morale", "leader",
                                       "leader_rolled", "label", "given"};
    mu_status st = check_keys(j, o, path, "a brigade", keys, 6, 4);
    if (st == MU_OK)
        st = given_from(j, o, path, render_given_brigade, given);
    int stands, m, l, lr;
    if (st != MU_OK ||
        (st = get_int(j, o, "stands", path, 1, MU_MAX_STANDS, &stands)) ||
        (st = get_word(j, o, "morale", path, &W_MORALE, &m)) ||
        (st = get_word(j, o, "leader", path, &W_RATING, &l)) ||
        (st = get_word(j, o, "leader_rolled", path, &W_RATING, &lr)))
        return st;
    const cJSON *label = cJSON_GetObjectItemCaseSensitive(o, "label");
    if (label && (!cJSON_IsString(label) || strlen(label->valuestring) > 63)) {
        char p[160];
        subpath(p, sizeof p, path, "label");
        return jfail(j, p, "expected a string of at most 63 bytes");
    }
    if ((st = check_played(j, path, l, lr, book)) != MU_OK)
        return st;
    *b = (mu_brigade){stands, (mu_morale)m, (mu_rating)l, (mu_rating)lr};
    return MU_OK;
}

/* The rolls of division d, checked against what it holds. */
static mu_status division_rolls(jctx *j, const cJSON *arr, const char *path,
                                mu_division *d, int *json_batteries)
{
    rolls_rd r = {j, arr->child, 0, ""};
    pathf(r.path, sizeof r.path, "%s", path);
    mu_roll ro;
    const cJSON *res;
    mu_status st;
    d->nrolls = 0;
    d->theater_rolled = starts_with_table(arr, "theater");
    if (d->theater_rolled) {
        if ((st = next_roll(&r, MU_ROLL_THEATER, 0, &ro, &res)) ||
            (st = theater_roll(&r, res, d->year, (int)d->theater, &ro)))
            return st;
        d->rolls[d->nrolls++] = ro;
    }
    /* A value an order of battle gave has no roll (mu_division.given). */
    if ((!(d->given & MU_GIVEN_LEADER) &&
         (st = take_roll(&r, d, MU_ROLL_LEADER, 0, &W_RATING,
                         (int)d->leader_rolled,
                         "the division leader was rolled otherwise"))) ||
        (!(d->given & MU_GIVEN_BRIGADES) &&
         (st = take_roll(&r, d, MU_ROLL_BRIGADES, 0, NULL, d->nbrigades,
                         "the division has that many brigades"))))
        return st;
    for (int i = 0; i < d->nbrigades; i++) {
        const mu_brigade *b = &d->brigades[i];
        if ((!(d->given & MU_GIVEN_STANDS(i)) &&
             (st = take_roll(&r, d, MU_ROLL_STANDS, i + 1, NULL, b->stands,
                             "the brigade has that many stands"))) ||
            (!(d->given & MU_GIVEN_MORALE(i)) &&
             (st = take_roll(&r, d, MU_ROLL_MORALE, i + 1, &W_MORALE,
                             (int)b->morale, "the brigade's morale differs"))) ||
            (!(d->given & MU_GIVEN_BRIGADIER(i)) &&
             (st = take_roll(&r, d, MU_ROLL_BRIGADIER, i + 1, &W_RATING,
                             (int)b->rolled,
                             "the brigadier was rolled otherwise"))))
            return st;
    }
    mu_artillery *a = &d->artillery;
    if (d->given & MU_GIVEN_ARTILLERY) { /* the division's own, all kept */
        if (a->ratio != 0)
            return jfail(j, path, "given batteries have ratio 0, not %d",
                         a->ratio);
        a->batteries = a->division = *json_batteries;
        a->reserve = 0;
        return r.at ? jfail(j, path, "roll %d is one too many: the division "
                            "was complete", r.index) : MU_OK;
    }
    if ((st = take_roll(&r, d, MU_ROLL_RATIO, 0, NULL, a->ratio,
                        "artillery.ratio says")))
        return st;
    int pass;
    if ((st = roll_fraction(&r, MU_ROLL_BATTERY, d->stands, a->ratio, d, &pass,
                            &a->battery_roll, &a->battery_threshold)))
        return st;
    a->batteries = d->stands / a->ratio + pass;
    if (a->batteries != *json_batteries)
        return jfail(j, path, "%d stands at 1 battery per %d give %d "
                     "batteries, not %d", d->stands, a->ratio, a->batteries,
                     *json_batteries);
    if ((st = roll_fraction(&r, MU_ROLL_RESERVE, a->batteries, 3, d, &pass,
                            &a->reserve_roll, &a->reserve_threshold)))
        return st;
    a->reserve = a->batteries / 3 + pass;
    a->division = a->batteries - a->reserve;
    if (r.at)
        return jfail(j, path, "roll %d is one too many: the division was "
                     "complete", r.index);
    return MU_OK;
}

static mu_status artillery_from(jctx *j, const cJSON *o, const char *path,
                                mu_division *d, int *bat, int *div, int *res)
{
    static const char *const keys[] = {"ratio", "batteries", "division",
                                       "reserve"};
    mu_status st = check_keys(j, o, path, "the artillery", keys, 4, 4);
    if (st != MU_OK ||
        (st = get_int(j, o, "ratio", path, 0, MU_MAX_RATIO,
                      &d->artillery.ratio)) ||
        (st = get_int(j, o, "batteries", path, 0, 1000, bat)) ||
        (st = get_int(j, o, "division", path, 0, 1000, div)) ||
        (st = get_int(j, o, "reserve", path, 0, 1000, res)))
        return st;
    return MU_OK;
}

typedef struct seed_rd {
    bool seen, has;
    uint64_t seed;
} seed_rd;

/* "seed": a whole number or null. Seeds at or above 2^53 do not survive a
 * double, so they are read as unknown rather than wrong. */
static mu_status seed_from(jctx *j, const cJSON *o, const char *path,
                           seed_rd *s)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "seed");
    if (!v)
        return MU_OK;
    char p[160];
    subpath(p, sizeof p, path, "seed");
    bool has = false;
    uint64_t seed = 0;
    if (cJSON_IsNumber(v)) {
        double d = v->valuedouble;
        if (d != floor(d) || d < 0 || d >= 18446744073709551616.0)
            return jfail(j, p, "expected a whole number 0..2^64-1 or null");
        if (d < 9007199254740992.0) {
            has = true;
            seed = (uint64_t)d;
        }
    } else if (!cJSON_IsNull(v)) {
        return jfail(j, p, "expected a whole number or null");
    }
    if (s->seen && (s->has != has || s->seed != seed))
        return jfail(j, p, "the seed differs from the one before");
    s->seen = true;
    s->has = has;
    s->seed = seed;
    return MU_OK;
}

/* The division's own fields (not its lists): army, year, theater, arm,
 * leaders, by the book; its "stands" through *stands. */
static mu_status division_head(jctx *j, const cJSON *o, const char *path,
                               mu_division *d, int *stands)
{
    int army = 0, theater = 0, arm = 0, l = 0, lr = 0;
    mu_status st;
    if ((st = get_word(j, o, "army", path, &W_ARMY, &army)) ||
        (st = get_int(j, o, "year", path, MU_YEAR_FIRST, MU_YEAR_LAST,
                      &d->year)) ||
        (st = get_word(j, o, "theater", path, &W_THEATER, &theater)) ||
        (st = get_word(j, o, "arm", path, &W_ARM, &arm)) ||
        (st = get_word(j, o, "leader", path, &W_RATING, &l)) ||
        (st = get_word(j, o, "leader_rolled", path, &W_RATING, &lr)) ||
        (st = get_bool(j, o, "by_the_book", path, &d->by_the_book)) ||
        (st = get_int(j, o, "stands", path, 1, MU_MAX_BRIGADES * MU_MAX_STANDS,
                      stands)))
        return st;
    d->army = (mu_army)army;
    d->theater = (mu_theater)theater;
    d->arm = (mu_arm)arm;
    d->leader = (mu_rating)l;
    d->leader_rolled = (mu_rating)lr;
    char p[160];
    subpath(p, sizeof p, path, "leader");
    return check_played(j, p, l, lr, d->by_the_book);
}

/* A division object. `index` > 0: the element of a list, whose "index"
 * must be that; `top`: "seed" is allowed. */
static mu_status division_from(jctx *j, const cJSON *o, const char *path,
                               int index, bool top, seed_rd *seed,
                               mu_division *d)
{
    static const char *const keys[] = {
        "army", "year", "theater", "arm", "leader", "leader_rolled",
        "by_the_book", "brigades", "stands", "artillery", "rolls", "given",
        "seed", "index"};
    int nkeys = index > 0 ? 14 : top ? 13 : 12;
    mu_status st = check_keys(j, o, path, "a division", keys, nkeys, 11);
    if (st != MU_OK)
        return st;
    memset(d, 0, sizeof *d);
    unsigned dg;
    if ((st = given_from(j, o, path, render_given_division, &dg)) != MU_OK)
        return st;
    d->given = dg;
    int stands = 0, bat = 0, div = 0, res = 0;
    if ((st = division_head(j, o, path, d, &stands)) != MU_OK)
        return st;
    if (index > 0) {
        int got;
        if ((st = get_int(j, o, "index", path, 1, OJ_MAX_DIVISIONS, &got)))
            return st;
        if (got != index)
            return jfail(j, path, "\"index\" is %d, but this is division %d",
                         got, index);
    }
    if (top && (st = seed_from(j, o, path, seed)) != MU_OK)
        return st;
    char p[160];
    const cJSON *bs = cJSON_GetObjectItemCaseSensitive(o, "brigades");
    subpath(p, sizeof p, path, "brigades");
    int nb = cJSON_GetArraySize(bs);
    if (!cJSON_IsArray(bs) || nb < 1 || nb > MU_MAX_BRIGADES)
        return jfail(j, p, "expected a list of 1..%d brigades",
                     MU_MAX_BRIGADES);
    int i = 0;
    for (const cJSON *b = bs->child; b; b = b->next, i++) {
        char bp[176];
        pathf(bp, sizeof bp, "%s[%d]", p, i);
        unsigned bg;
        if ((st = brigade_from(j, b, bp, d->by_the_book, &d->brigades[i],
                               &bg)))
            return st;
        d->given |= bg << (3 + 3 * i);
        d->stands += d->brigades[i].stands;
    }
    d->nbrigades = nb;
    if (d->stands != stands)
        return jfail(j, path, "\"stands\" is %d, but the brigades have %d",
                     stands, d->stands);
    subpath(p, sizeof p, path, "artillery");
    if ((st = artillery_from(j, cJSON_GetObjectItemCaseSensitive(o,
                             "artillery"), p, d, &bat, &div, &res)))
        return st;
    const cJSON *rs = cJSON_GetObjectItemCaseSensitive(o, "rolls");
    subpath(p, sizeof p, path, "rolls");
    if (!cJSON_IsArray(rs))
        return jfail(j, p, "expected a list of rolls");
    if ((st = division_rolls(j, rs, p, d, &bat)))
        return st;
    subpath(p, sizeof p, path, "artillery");
    if (d->artillery.reserve != res || d->artillery.division != div)
        return jfail(j, p, "%d batteries and the reserve roll give %d with "
                     "the division and %d to the reserve, not %d and %d",
                     bat, d->artillery.division, d->artillery.reserve, div,
                     res);
    return MU_OK;
}

/* ---- corps and battles -------------------------------------------------- */

/* A corps' rolls: table 1 (a corps on its own), then its leader. */
static mu_status corps_rolls(jctx *j, const cJSON *o, const char *path,
                             bool top, mu_corps *c)
{
    char p[160];
    const cJSON *rs = cJSON_GetObjectItemCaseSensitive(o, "rolls");
    subpath(p, sizeof p, path, "rolls");
    if (!cJSON_IsArray(rs))
        return jfail(j, p, "expected a list of rolls");
    rolls_rd r = {j, rs->child, 0, ""};
    pathf(r.path, sizeof r.path, "%s", p);
    const cJSON *rv;
    mu_status st;
    if (top && starts_with_table(rs, "theater")) {
        if ((st = next_roll(&r, MU_ROLL_THEATER, 0, &c->theater_roll, &rv)) ||
            (st = theater_roll(&r, rv, c->year, (int)c->theater,
                               &c->theater_roll)))
            return st;
        c->theater_rolled = true;
    }
    if ((st = next_roll(&r, MU_ROLL_CORPS_LEADER, 0, &c->leader_roll, &rv)) ||
        (st = roll_word(&r, rv, &W_RATING, (int)c->leader_rolled,
                        "the corps leader was rolled otherwise",
                        &c->leader_roll)))
        return st;
    if (r.at)
        return jfail(j, p, "roll %d is one too many for a corps", r.index);
    return MU_OK;
}

static mu_status corps_from(jctx *j, const cJSON *o, const char *path,
                            bool top, int want_army, seed_rd *seed,
                            mu_corps *c)
{
    static const char *const keys[] = {
        "army", "year", "theater", "leader", "leader_rolled", "divisions",
        "stands", "batteries", "reserve", "rolls", "seed"};
    mu_status st = check_keys(j, o, path, "a corps", keys, top ? 11 : 10, 10);
    int army = 0, theater = 0, l = 0, lr = 0, stands = 0, bat = 0, res = 0;
    if (st != MU_OK ||
        (st = get_word(j, o, "army", path, &W_ARMY, &army)) ||
        (st = get_int(j, o, "year", path, MU_YEAR_FIRST, MU_YEAR_LAST,
                      &c->year)) ||
        (st = get_word(j, o, "theater", path, &W_THEATER, &theater)) ||
        (st = get_word(j, o, "leader", path, &W_RATING, &l)) ||
        (st = get_word(j, o, "leader_rolled", path, &W_RATING, &lr)) ||
        (st = get_int(j, o, "stands", path, 0, 64 * MU_MAX_BRIGADES *
                      MU_MAX_STANDS, &stands)) ||
        (st = get_int(j, o, "batteries", path, 0, 64000, &bat)) ||
        (st = get_int(j, o, "reserve", path, 0, 64000, &res)))
        return st;
    if (top && (st = seed_from(j, o, path, seed)) != MU_OK)
        return st;
    char p[160];
    subpath(p, sizeof p, path, "army");
    if (want_army >= 0 && army != want_army)
        return jfail(j, p, "expected \"%s\"", mu_army_name((mu_army)want_army));
    c->army = (mu_army)army;
    c->theater = (mu_theater)theater;
    c->leader = (mu_rating)l;
    c->leader_rolled = (mu_rating)lr;
    const cJSON *ds = cJSON_GetObjectItemCaseSensitive(o, "divisions");
    subpath(p, sizeof p, path, "divisions");
    int n = cJSON_GetArraySize(ds);
    if (!cJSON_IsArray(ds) || n < 1 || n > 64)
        return jfail(j, p, "expected a list of 1..64 divisions");
    c->divisions = calloc((size_t)n, sizeof *c->divisions);
    if (!c->divisions)
        return err_nomem(j->err);
    bool book = false;
    int i = 0;
    for (const cJSON *d = ds->child; d; d = d->next, i++) {
        char dp[176];
        pathf(dp, sizeof dp, "%s[%d]", p, i);
        mu_division *v = &c->divisions[i];
        if ((st = division_from(j, d, dp, 0, false, NULL, v)))
            return st;
        c->ndivisions = i + 1;
        if (v->army != c->army || v->year != c->year ||
            v->theater != c->theater)
            return jfail(j, dp, "the division is not of the corps' army, year "
                         "and theater");
        if (v->theater_rolled)
            return jfail(j, dp, "a corps rolls table 1 once, not per division");
        c->stands += v->stands;
        c->batteries += v->artillery.batteries;
        c->reserve += v->artillery.reserve;
        book = book || v->by_the_book;
    }
    subpath(p, sizeof p, path, "leader");
    if ((st = check_played(j, p, l, lr, book)))
        return st;
    if (c->stands != stands || c->batteries != bat || c->reserve != res)
        return jfail(j, path, "the totals (%d stands, %d batteries, %d to the "
                     "reserve) are not those of the divisions (%d, %d, %d)",
                     stands, bat, res, c->stands, c->batteries, c->reserve);
    return corps_rolls(j, o, path, top, c);
}

static mu_status battle_from(jctx *j, const cJSON *o, seed_rd *seed,
                             mu_battle *b)
{
    static const char *const keys[] = {"year", "theater", "rolls", "union",
                                       "confederate", "seed"};
    mu_status st = check_keys(j, o, "", "a battle", keys, 6, 5);
    int theater = 0;
    if (st != MU_OK ||
        (st = get_int(j, o, "year", "", MU_YEAR_FIRST, MU_YEAR_LAST,
                      &b->year)) ||
        (st = get_word(j, o, "theater", "", &W_THEATER, &theater)) ||
        (st = seed_from(j, o, "", seed)))
        return st;
    b->theater = (mu_theater)theater;
    const cJSON *rs = cJSON_GetObjectItemCaseSensitive(o, "rolls");
    if (!cJSON_IsArray(rs))
        return jfail(j, "rolls", "expected a list of rolls");
    rolls_rd r = {j, rs->child, 0, "rolls"};
    if (r.at) {
        const cJSON *rv;
        if ((st = next_roll(&r, MU_ROLL_THEATER, 0, &b->theater_roll, &rv)) ||
            (st = theater_roll(&r, rv, b->year, theater, &b->theater_roll)))
            return st;
        b->theater_rolled = true;
        if (r.at)
            return jfail(j, "rolls", "a battle rolls only table 1");
    }
    for (int a = 0; a < 2; a++) {
        const char *side = mu_army_name((mu_army)a);
        if ((st = corps_from(j, cJSON_GetObjectItemCaseSensitive(o, side),
                             side, false, a, NULL, &b->sides[a])))
            return st;
        if (b->sides[a].year != b->year || b->sides[a].theater != b->theater)
            return jfail(j, side, "the corps is not of the battle's year and "
                         "theater");
    }
    return MU_OK;
}

/* ---- documents ---------------------------------------------------------- */

/* Line of byte `at` in text, for parse errors. */
static int line_of(const char *text, const char *at)
{
    int line = 1;
    for (const char *p = text; p < at; p++)
        line += *p == '\n';
    return line;
}

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p;
}

/* Input that is no order of battle at all, tagged so that a front end can
 * say how to make one. */
static mu_status not_oob(jctx *j, const char *msg)
{
    jfail(j, NULL, "%s", msg);
    if (j->err)
        j->err->reason = MU_R_NOT_AN_OOB;
    return MU_EINPUT;
}

/* Parses the JSON values of text one after another (one, or JSON lines). */
static mu_status parse_values(jctx *j, const char *text, size_t len,
                              cJSON **vals, int max, int *n)
{
    const char *end = text + len, *p = skip_ws(text, end);
    *n = 0;
    if (p == end)
        return not_oob(j, "no JSON in the input: expected muster's JSON of "
                       "a division, corps or battle");
    while (p < end) {
        if (*n == max)
            return jfail(j, NULL, "more than %d JSON documents", max);
        const char *stop = NULL;
        cJSON *v = cJSON_ParseWithLengthOpts(p, (size_t)(end - p), &stop, 0);
        if (!v) {
            const char *at = stop && stop >= p && stop <= end ? stop : p;
            err_at(j->err, MU_EINPUT, j->file, line_of(text, at),
                   "not valid JSON here: expected muster's JSON of a "
                   "division, corps or battle");
            if (j->err)
                j->err->reason = MU_R_NOT_AN_OOB;
            return MU_EINPUT;
        }
        vals[(*n)++] = v;
        p = skip_ws(stop, end);
    }
    return MU_OK;
}

static bool has(const cJSON *o, const char *k)
{
    return cJSON_GetObjectItemCaseSensitive(o, k) != NULL;
}

/* The shapes are told apart by their lists: a division has a list of
 * brigades, a corps a list of divisions, a battle a union and a
 * confederate object. Anything else (odds, a campaign's show) is refused. */
static bool has_list(const cJSON *o, const char *k)
{
    return cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(o, k));
}

static mu_status unknown_shape(jctx *j)
{
    return not_oob(j, "not a division, corps or battle as muster writes them "
                   "in JSON, nor a revealed campaign division");
}

static mu_status divisions_doc(jctx *j, cJSON **vals, int nv, mu_oob_doc *out)
{
    /* One array (--count N --format json), or objects one a line (jsonl). */
    const cJSON *arr = nv == 1 && cJSON_IsArray(vals[0]) ? vals[0] : NULL;
    int n = arr ? cJSON_GetArraySize(arr) : nv;
    if (n < 1 || n > OJ_MAX_DIVISIONS)
        return jfail(j, NULL, "expected 1..%d divisions", OJ_MAX_DIVISIONS);
    out->divisions = calloc((size_t)n, sizeof *out->divisions);
    if (!out->divisions)
        return err_nomem(j->err);
    seed_rd seed = {0};
    const cJSON *it = arr ? arr->child : NULL;
    for (int i = 0; i < n; i++) {
        const cJSON *o = arr ? it : vals[i];
        char p[32];
        pathf(p, sizeof p, n > 1 || arr ? "[%d]" : "", i);
        if (!cJSON_IsObject(o) || !has_list(o, "brigades"))
            return n > 1 ? jfail(j, p, "expected a division") : unknown_shape(j);
        mu_status st = division_from(j, o, p, n > 1 ? i + 1 : 0, true, &seed,
                                     &out->divisions[i]);
        if (st != MU_OK)
            return st;
        out->ndivisions = (size_t)i + 1;
        if (arr)
            it = it->next;
    }
    out->has_seed = seed.has;
    out->seed = seed.seed;
    return MU_OK;
}

static mu_status doc_from(jctx *j, cJSON **vals, int nv, mu_oob_doc *out)
{
    const cJSON *o = vals[0];
    seed_rd seed = {0};
    mu_status st;
    if (cJSON_IsArray(o) || (cJSON_IsObject(o) && has_list(o, "brigades"))) {
        out->kind = MU_OOB_DIVISIONS;
        return divisions_doc(j, vals, nv, out);
    }
    if (!cJSON_IsObject(o))
        return unknown_shape(j);
    if (nv > 1 && (has_list(o, "divisions") || has(o, "union")))
        return jfail(j, NULL, "only divisions come one a line; a corps or "
                     "battle is one JSON document");
    if (nv > 1)
        return unknown_shape(j);
    if (cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(o, "union")) &&
        cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(o, "confederate"))) {
        out->kind = MU_OOB_BATTLE;
        st = battle_from(j, o, &seed, &out->battle);
    } else if (has_list(o, "divisions") && has(o, "leader")) {
        out->kind = MU_OOB_CORPS;
        st = corps_from(j, o, "", true, -1, &seed, &out->corps);
    } else if (has(o, "division") && has(o, "commitment")) {
        /* What `muster campaign reveal` prints: the division is inside. */
        static const char *const keys[] = {"division", "salt", "commitment"};
        if ((st = check_keys(j, o, "", "a revealed division", keys, 3, 3)))
            return st;
        out->kind = MU_OOB_DIVISIONS;
        out->divisions = calloc(1, sizeof *out->divisions);
        if (!out->divisions)
            return err_nomem(j->err);
        st = division_from(j, cJSON_GetObjectItemCaseSensitive(o, "division"),
                           "division", 0, false, NULL, out->divisions);
        if (st == MU_OK)
            out->ndivisions = 1;
        return st;
    } else {
        return unknown_shape(j);
    }
    out->has_seed = seed.has;
    out->seed = seed.seed;
    return st;
}

mu_status mu_oob_parse_json(const char *text, size_t len, const char *name,
                            mu_oob_doc *out, mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    memset(out, 0, sizeof *out);
    jctx j = {name ? name : "<json>", err};
    if (!text)
        return jfail(&j, NULL, "no text given");
    if (len > OJ_MAX_TEXT)
        return jfail(&j, NULL, "larger than %u MiB: not an order of battle",
                     OJ_MAX_TEXT >> 20);
    if (memchr(text, '\0', len))
        return jfail(&j, NULL, "holds a NUL byte: not JSON text");
    enum { MAXV = OJ_MAX_DIVISIONS };
    cJSON **vals = calloc(MAXV, sizeof *vals);
    if (!vals)
        return err_nomem(err);
    int nv = 0;
    mu_status st = parse_values(&j, text, len, vals, MAXV, &nv);
    if (st == MU_OK)
        st = doc_from(&j, vals, nv, out);
    for (int i = 0; i < nv; i++)
        cJSON_Delete(vals[i]);
    free(vals);
    if (st != MU_OK)
        mu_oob_doc_clear(out);
    return st;
}

void mu_oob_doc_clear(mu_oob_doc *d)
{
    if (!d)
        return;
    free(d->divisions);
    mu_corps_clear(&d->corps);
    mu_battle_clear(&d->battle);
    memset(d, 0, sizeof *d);
}
