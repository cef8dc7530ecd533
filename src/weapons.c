/* SPDX-License-Identifier: MIT */
/* weapons.c -- loading and validating the straight-line fire curves. */
#include "weapons.h"
#include "curve.h"
#include "error.h"
#include "inifile.h"
#include "rat.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const char mu_builtin_weapons[];
extern const size_t mu_builtin_weapons_len;

/* The keys a section may hold; a bit each, to catch repeats and to tell a
 * gun from a curve once the section is complete. */
enum {
    K_SLOPE = 1 << 0, K_MAX = 1 << 1, K_COVER = 1 << 2, K_EFF = 1 << 3,
    K_CREW = 1 << 4, K_CANISTER = 1 << 5, K_ROUNDSHOT = 1 << 6,
    K_CURVE = 1 << 7, K_POINTS = 1 << 8, K_COEFF = 1 << 9,
    K_BANDS = 1 << 10 /* one or more "LO-HI = P" keys */
};
static const char *const key_names[] = {"slope", "max_range", "cover",
                                        "effectives", "crew", "canister",
                                        "roundshot", "curve", "points",
                                        "coefficients"};
#define NKEYS (sizeof key_names / sizeof *key_names)
#define CURVE_KEYS (K_SLOPE | K_MAX | K_COVER | K_EFF | K_CREW | K_CURVE |    \
                    K_POINTS | K_COEFF | K_BANDS)
#define GUN_KEYS (K_CANISTER | K_ROUNDSHOT)

/* Bands as read, before the curve's shape is known. */
typedef struct bands {
    int n;
    mu_rat lo[MU_CURVE_MAX], hi[MU_CURVE_MAX], p[MU_CURVE_MAX];
    int line[MU_CURVE_MAX];
} bands;

/* Longest range a file may give, in inches: far beyond any table. */
#define MAX_RANGE_LIMIT 100000

/* What the reader notes per weapon. Grown with the weapons read, like
 * mu_weapons.v: a file of three weapons touches three, not the 64 the
 * format allows (a fixed array of 64 cost `muster odds fire` 140 KB of
 * zeroed memory, a sixth of its run). */
typedef struct wslot {
    unsigned keys;         /* keys seen */
    int key_line[NKEYS];
    bands band;
    char loads[2][MU_WEAPON_NAME]; /* a gun's load names */
} wslot;

typedef struct wctx {
    mu_weapons *w;
    const char *file;
    const char *text; /* to find [section] headers for messages */
    size_t len;
    wslot *slot;      /* per weapon, as many as w->v holds (w->cap) */
    char current[MU_WEAPON_NAME + 1];
    bool have;
} wctx;

const char *mu_weapons_default_text(size_t *len)
{
    if (len)
        *len = mu_builtin_weapons_len;
    return mu_builtin_weapons;
}

void mu_weapons_free(mu_weapons *w)
{
    if (w)
        free(w->v);
    free(w);
}

size_t mu_weapons_count(const mu_weapons *w) { return w ? w->n : 0; }

const mu_weapon *mu_weapons_at(const mu_weapons *w, size_t i)
{
    return w && i < w->n ? &w->v[i] : NULL;
}

/* Index of the weapon called name, or -1. */
static int weapon_index(const mu_weapons *w, const char *name)
{
    for (size_t i = 0; i < w->n; i++)
        if (!strcmp(w->v[i].name, name))
            return (int)i;
    return -1;
}

static const char *weapon_name(const void *ctx, int i)
{
    return ((const mu_weapons *)ctx)->v[i].name;
}

mu_status mu_weapons_find(const mu_weapons *w, const char *name,
                          const mu_weapon **out, mu_error *err)
{
    if (!w || !name)
        return err_set(err, MU_EINPUT, "no weapon named");
    int i = weapon_index(w, name);
    if (i < 0)
        i = vocab_match(name, weapon_name, w, (int)w->n);
    if (i >= 0) {
        *out = &w->v[i];
        return MU_OK;
    }
    if (i == -2) {
        sbuf sb = {0};
        vocab_list(&sb, name, weapon_name, w, (int)w->n, ", ", " or ");
        mu_status st = err_set(err, MU_EINPUT,
                               "ambiguous weapon '%.40s': %s? Give more of "
                               "the name", name, sb.oom ? "which" : sb.p);
        mu_buf_free(&sb);
        return st;
    }
    char list[MU_MAX_WEAPONS * 8] = "";
    size_t used = 0;
    for (size_t k = 0; k < w->n && used + MU_WEAPON_NAME + 8 < sizeof list; k++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                 k ? ", " : "", w->v[k].name);
    if (used + MU_WEAPON_NAME + 8 >= sizeof list)
        snprintf(list + used, sizeof list - used, ", ...");
    return err_why(err, MU_EINPUT, MU_R_NO_SUCH_WEAPON, "no weapon '%.40s': "
                   "the weapons are %s", name, list);
}

/* ---- sections and keys -------------------------------------------------- */

static bool valid_name(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n >= MU_WEAPON_NAME || s[0] < 'a' || s[0] > 'z')
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
              c == '_'))
            return false;
    }
    return true;
}

/* Room for twice as many weapons (8 at first), in the list and the
 * reader's notes alike. */
static mu_status grow(wctx *c)
{
    size_t cap = c->w->cap ? 2 * c->w->cap : 8;
    mu_weapon *v = realloc(c->w->v, cap * sizeof *v);
    if (!v)
        return MU_ENOMEM;
    c->w->v = v;
    wslot *sl = realloc(c->slot, cap * sizeof *sl);
    if (!sl)
        return MU_ENOMEM;
    c->slot = sl;
    c->w->cap = cap;
    return MU_OK;
}

static mu_status new_weapon(wctx *c, const char *section, int key_line,
                            mu_error *err)
{
    int line = inifile_header_line(c->text, c->len, key_line);
    if (!valid_name(section))
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%.40s] is not a weapon name: start with a lower-case "
                      "letter, then letters, digits, - or _ (at most %d)",
                      section, MU_WEAPON_NAME - 1);
    int old = weapon_index(c->w, section);
    if (old >= 0)
        return err_at(err, MU_EINPUT, c->file, line,
                      "weapon [%s] is given twice (first on line %d)", section,
                      c->w->v[old].line);
    if (c->w->n == MU_MAX_WEAPONS)
        return err_at(err, MU_EINPUT, c->file, line,
                      "too many weapons: at most %d", MU_MAX_WEAPONS);
    if (c->w->n == c->w->cap && grow(c) != MU_OK)
        return err_nomem(err);
    memset(&c->slot[c->w->n], 0, sizeof *c->slot);
    mu_weapon *wp = &c->w->v[c->w->n++];
    memset(wp, 0, sizeof *wp);
    memcpy(wp->name, section, strlen(section) + 1);
    wp->line = line;
    wp->slope = wp->max_range = wp->cover = rat_int(0);
    wp->effectives = 1;
    wp->canister = wp->roundshot = MU_NO_LOAD;
    return MU_OK;
}

static mu_status number_key(wctx *c, mu_weapon *wp, int k, const char *value,
                            int line, mu_error *err)
{
    mu_rat r;
    mu_error e;
    if (mu_rat_parse(value, &r, &e) != MU_OK)
        return err_at(err, MU_EINPUT, c->file, line, "[%s] %s: %s", wp->name,
                      key_names[k], e.msg);
    int sign = rat_sign(r);
    if (k == 0 || k == 1) { /* slope, max_range */
        if (sign <= 0)
            return err_at(err, MU_EINPUT, c->file, line,
                          "[%s] %s must be more than 0, not %s", wp->name,
                          key_names[k], value);
        if (k == 1 && mu_rat_cmp(r, rat_int(MAX_RANGE_LIMIT)) > 0)
            return err_at(err, MU_EINPUT, c->file, line,
                          "[%s] max_range %s is more than %d inches", wp->name,
                          value, MAX_RANGE_LIMIT);
        if (k == 0 && mu_rat_cmp(r, rat_int(100)) > 0)
            return err_at(err, MU_EINPUT, c->file, line,
                          "[%s] slope %s is more than 100 %% an inch", wp->name,
                          value);
        *(k == 0 ? &wp->slope : &wp->max_range) = r;
        return MU_OK;
    }
    if (sign > 0 || mu_rat_cmp(r, rat_int(-100)) < 0)
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s] cover is a penalty from 0 to -100, not %s",
                      wp->name, value);
    wp->cover = r;
    return MU_OK;
}

static mu_status count_key(wctx *c, mu_weapon *wp, int k, const char *value,
                           int line, mu_error *err)
{
    long v;
    if (!util_parse_long(value, 1, 100, &v))
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s] %s must be a whole number from 1 to 100, not '%.40s'",
                      wp->name, key_names[k], value);
    *(k == 3 ? &wp->effectives : &wp->crew) = (int)v;
    return MU_OK;
}

static mu_status load_key(wctx *c, size_t i, int k, const char *value,
                          int line, mu_error *err)
{
    mu_weapon *wp = &c->w->v[i];
    const char *v = value;
    while (*v == ' ' || *v == '\t')
        v++;
    if (!valid_name(v))
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s] %s = '%.40s' is not a weapon name", wp->name,
                      key_names[k], value);
    memcpy(c->slot[i].loads[k - 5], v, strlen(v) + 1);
    return MU_OK;
}

/* ---- other shapes ------------------------------------------------------ */

static const char *trim(const char *s, char *buf, size_t n)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t len = strlen(s);
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    if (len >= n)
        len = n - 1;
    memcpy(buf, s, len);
    buf[len] = '\0';
    return buf;
}

/* A percent chance from a file: a number from 0 to 100. */
static mu_status p_value(wctx *c, const mu_weapon *wp, const char *what,
                         const char *text, int line, mu_rat *out, mu_error *err)
{
    mu_error e;
    if (mu_rat_parse(text, out, &e) != MU_OK)
        return err_at(err, MU_EINPUT, c->file, line, "[%s] %s: P %s", wp->name,
                      what, e.msg);
    if (rat_sign(*out) < 0 || mu_rat_cmp(*out, rat_int(100)) > 0)
        return err_at(err, MU_EINPUT, c->file, line, "[%s] %s: P is a percent "
                      "chance from 0 to 100, not %s", wp->name, what, text);
    return MU_OK;
}

/* A range from a file: 0 or more inches, at most MAX_RANGE_LIMIT. */
static mu_status range_value(wctx *c, const mu_weapon *wp, const char *what,
                             const char *text, int line, mu_rat *out,
                             mu_error *err)
{
    mu_error e;
    if (mu_rat_parse(text, out, &e) != MU_OK)
        return err_at(err, MU_EINPUT, c->file, line, "[%s] %s: range %s",
                      wp->name, what, e.msg);
    if (rat_sign(*out) < 0 || mu_rat_cmp(*out, rat_int(MAX_RANGE_LIMIT)) > 0)
        return err_at(err, MU_EINPUT, c->file, line, "[%s] %s: a range is 0 to "
                      "%d inches, not %s", wp->name, what, MAX_RANGE_LIMIT,
                      text);
    return MU_OK;
}

/* "6-12 = 17": P from 6 inches up to (not including) 12. */
static mu_status band_key(wctx *c, size_t i, const char *key,
                          const char *value, int line, mu_error *err)
{
    mu_weapon *wp = &c->w->v[i];
    bands *b = &c->slot[i].band;
    const char *dash = strchr(key + 1, '-');
    char lo[64], hi[64], v[128];
    if (!dash || (size_t)(dash - key) >= sizeof lo)
        return err_at(err, MU_EINPUT, c->file, line, "[%s]: '%.40s' is not a "
                      "band: a band is FROM-TO = P, like 0-6 = 33", wp->name,
                      key);
    memcpy(lo, key, (size_t)(dash - key));
    lo[dash - key] = '\0';
    trim(dash + 1, hi, sizeof hi);
    if (b->n == MU_CURVE_MAX)
        return err_at(err, MU_EINPUT, c->file, line, "[%s]: more than %d "
                      "bands", wp->name, MU_CURVE_MAX);
    int k = b->n;
    mu_status st;
    if ((st = range_value(c, wp, key, lo, line, &b->lo[k], err)) != MU_OK ||
        (st = range_value(c, wp, key, hi, line, &b->hi[k], err)) != MU_OK ||
        (st = p_value(c, wp, key, trim(value, v, sizeof v), line, &b->p[k],
                      err)) != MU_OK)
        return st;
    if (mu_rat_cmp(b->lo[k], b->hi[k]) >= 0)
        return err_at(err, MU_EINPUT, c->file, line, "[%s] band %s is empty: "
                      "it must end beyond where it starts", wp->name, key);
    if (k == 0 && rat_sign(b->lo[0]) != 0)
        return err_at(err, MU_EINPUT, c->file, line, "[%s] band %s: the first "
                      "band starts at 0 (point blank)", wp->name, key);
    if (k > 0 && mu_rat_cmp(b->lo[k], b->hi[k - 1]) != 0) {
        char e[MU_RAT_BUF];
        mu_rat_format(b->hi[k - 1], e, sizeof e);
        return err_at(err, MU_EINPUT, c->file, line, "[%s] band %s %s the band "
                      "before it (line %d), which ends at %s: each band starts "
                      "where the one before ends, in order", wp->name, key,
                      mu_rat_cmp(b->lo[k], b->hi[k - 1]) < 0 ? "overlaps"
                                                             : "leaves a gap after",
                      b->line[k - 1], e);
    }
    b->line[k] = line;
    b->n++;
    c->slot[i].keys |= K_BANDS;
    return MU_OK;
}

/* Copies the comma-separated item at s into item (n bytes, cut if longer)
 * and returns where the next one starts. */
static const char *next_item(const char *s, char *item, size_t n)
{
    size_t len = strcspn(s, ",");
    size_t keep = len < n ? len : n - 1;
    memcpy(item, s, keep);
    item[keep] = '\0';
    s += len;
    return *s == ',' ? s + 1 : s;
}

/* "points = 0:30, 10:25, 20:0". */
static mu_status points_key(wctx *c, mu_weapon *wp, const char *value,
                            int line, mu_error *err)
{
    const char *s = value;
    int n = 0;
    while (*s) {
        char item[128], r[64];
        s = next_item(s, item, sizeof item);
        char *colon = strchr(item, ':');
        if (!colon)
            return err_at(err, MU_EINPUT, c->file, line, "[%s] points: "
                          "'%.40s' is not RANGE:P, like 10:25", wp->name,
                          trim(item, r, sizeof r));
        if (n == MU_CURVE_MAX)
            return err_at(err, MU_EINPUT, c->file, line, "[%s] points: more "
                          "than %d points", wp->name, MU_CURVE_MAX);
        *colon = '\0';
        mu_status st;
        if ((st = range_value(c, wp, "points", item, line, &wp->x[n], err)) !=
                MU_OK ||
            (st = p_value(c, wp, "points", colon + 1, line, &wp->y[n], err)) !=
                MU_OK)
            return st;
        if (n == 0 && rat_sign(wp->x[0]) != 0)
            return err_at(err, MU_EINPUT, c->file, line, "[%s] points: the "
                          "first point is at range 0 (point blank), not %s",
                          wp->name, trim(item, r, sizeof r));
        if (n > 0 && mu_rat_cmp(wp->x[n], wp->x[n - 1]) <= 0) {
            char a[MU_RAT_BUF], b[MU_RAT_BUF];
            return err_at(err, MU_EINPUT, c->file, line, "[%s] points out of "
                          "order: %s comes after %s; give them by increasing "
                          "range, each range once", wp->name,
                          mu_rat_format(wp->x[n], a, sizeof a),
                          mu_rat_format(wp->x[n - 1], b, sizeof b));
        }
        n++;
    }
    if (n < 2)
        return err_at(err, MU_EINPUT, c->file, line, "[%s] points: give at "
                      "least two RANGE:P points, like 0:30, 15:0", wp->name);
    wp->n = n;
    return MU_OK;
}

/* "coefficients = 30, 0, -1/20": a0, a1, a2... */
static mu_status coeff_key(wctx *c, mu_weapon *wp, const char *value,
                           int line, mu_error *err)
{
    const char *s = value;
    int n = 0;
    while (*s) {
        char item[128];
        s = next_item(s, item, sizeof item);
        if (n == MU_CURVE_MAX)
            return err_at(err, MU_EINPUT, c->file, line, "[%s] coefficients: "
                          "at most %d (a0 to a%d)", wp->name, MU_CURVE_MAX,
                          MU_CURVE_MAX - 1);
        mu_error e;
        if (mu_rat_parse(item, &wp->y[n], &e) != MU_OK)
            return err_at(err, MU_EINPUT, c->file, line, "[%s] coefficient "
                          "a%d: %s", wp->name, n, e.msg);
        n++;
    }
    if (n == 0)
        return err_at(err, MU_EINPUT, c->file, line, "[%s] coefficients: give "
                      "a0, a1, ... of P = a0 + a1 r + a2 r^2 + ...", wp->name);
    wp->n = n;
    return MU_OK;
}

static mu_status shape_key(wctx *c, mu_weapon *wp, const char *value,
                           int line, mu_error *err)
{
    char v[64];
    trim(value, v, sizeof v);
    for (int s = MU_CURVE_LINEAR; s <= MU_CURVE_POLYNOMIAL; s++)
        if (!strcmp(v, mu_curve_shape_name((mu_curve_shape)s))) {
            wp->shape = (mu_curve_shape)s;
            return MU_OK;
        }
    return err_at(err, MU_EINPUT, c->file, line, "[%s] curve = '%.40s': "
                  "choose linear, bands, points or polynomial", wp->name, v);
}

/* [units]: not a weapon but how the file's users measure; the curves
 * themselves stay in inches. */
static mu_status units_key(wctx *c, const char *key, const char *value,
                           int line, mu_error *err)
{
    mu_rat r;
    mu_error e;
    if (strcmp(key, "cm_per_inch") != 0)
        return err_at(err, MU_EINPUT, c->file, line, "[units]: unknown key "
                      "'%.40s': [units] has cm_per_inch", key);
    if (c->w->units_line)
        return err_at(err, MU_EINPUT, c->file, line, "[units]: cm_per_inch "
                      "is given twice (first on line %d)", c->w->units_line);
    if (mu_rat_parse(value, &r, &e) != MU_OK)
        return err_at(err, MU_EINPUT, c->file, line, "[units] cm_per_inch: %s",
                      e.msg);
    if (rat_sign(r) <= 0 || mu_rat_cmp(r, rat_int(100)) > 0)
        return err_at(err, MU_EINPUT, c->file, line, "[units] cm_per_inch is "
                      "more than 0 and at most 100, not %s", value);
    c->w->cm_per_inch = r;
    c->w->units_line = line;
    return MU_OK;
}

mu_rat mu_weapons_cm_per_inch(const mu_weapons *w)
{
    return w && w->units_line ? w->cm_per_inch : rat_int(0);
}

static mu_status weapon_key(void *user, const char *section, const char *key,
                            const char *value, int line, mu_error *err)
{
    wctx *c = user;
    if (!strcmp(section, "units"))
        return units_key(c, key, value, line, err);
    if (!c->have || strcmp(section, c->current) != 0) {
        if (!*section)
            return err_at(err, MU_EINPUT, c->file, line,
                          "'%.40s' comes before any [weapon] section", key);
        mu_status st = new_weapon(c, section, line, err);
        if (st != MU_OK)
            return st;
        snprintf(c->current, sizeof c->current, "%s", section);
        c->have = true;
    }
    size_t i = c->w->n - 1;
    mu_weapon *wp = &c->w->v[i];
    if ((key[0] >= '0' && key[0] <= '9') || key[0] == '.')
        return band_key(c, i, key, value, line, err);
    int k = -1;
    for (size_t j = 0; j < NKEYS; j++)
        if (!strcmp(key, key_names[j]))
            k = (int)j;
    if (k < 0)
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s]: unknown key '%.40s': a weapon has slope, "
                      "max_range, cover, effectives and crew (or curve = "
                      "bands, points or polynomial); a gun has canister and "
                      "roundshot", wp->name, key);
    if (c->slot[i].keys & (1u << k))
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s]: %s is given twice (first on line %d)", wp->name,
                      key, c->slot[i].key_line[k]);
    c->slot[i].keys |= 1u << k;
    c->slot[i].key_line[k] = line;
    if (k <= 2)
        return number_key(c, wp, k, value, line, err);
    if (k <= 4)
        return count_key(c, wp, k, value, line, err);
    if (k <= 6)
        return load_key(c, i, k, value, line, err);
    if (k == 7)
        return shape_key(c, wp, value, line, err);
    if (k == 8)
        return points_key(c, wp, value, line, err);
    return coeff_key(c, wp, value, line, err);
}

/* ---- whole-file checks -------------------------------------------------- */

/* The line of a key that does not belong to the curve's shape, or 0. */
static int stray_key(const wctx *c, size_t i, unsigned allowed,
                     const char **name)
{
    unsigned stray = c->slot[i].keys & ~allowed &
                     (K_SLOPE | K_MAX | K_POINTS | K_COEFF | K_BANDS);
    if (!stray)
        return 0;
    if (stray & K_BANDS) {
        *name = "bands (FROM-TO = P)";
        return c->slot[i].band.line[0];
    }
    for (size_t k = 0; k < NKEYS; k++)
        if (stray & (1u << k)) {
            *name = key_names[k];
            return c->slot[i].key_line[k];
        }
    return 0;
}

static mu_status check_linear(const wctx *c, mu_weapon *wp, unsigned keys,
                              mu_error *err)
{
    if (!(keys & K_SLOPE) || !(keys & K_MAX))
        return err_at(err, MU_EINPUT, c->file, wp->line,
                      "[%s] has no %s: a weapon needs slope and max_range",
                      wp->name, keys & K_SLOPE ? "max_range" : "slope");
    mu_rat top;
    if (!rat_mul(wp->slope, wp->max_range, &top))
        return err_at(err, MU_EINPUT, c->file, wp->line, "[%s]: %s", wp->name,
                      RAT_TOO_FINE);
    if (mu_rat_cmp(top, rat_int(100)) > 0) {
        char b[MU_RAT_BUF];
        int line = c->slot[wp - c->w->v].key_line[1]; /* the max_range key */
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s]: slope x max_range = %s %% at point blank: more "
                      "than 100 %% a figure", wp->name,
                      mu_rat_format(top, b, sizeof b));
    }
    return MU_OK;
}

/* Some P above 0, or the weapon never hits. */
static bool hits_somewhere(const mu_weapon *wp)
{
    for (int k = 0; k < wp->n; k++)
        if (rat_sign(wp->y[k]) > 0)
            return true;
    return false;
}

static mu_status check_shape(const wctx *c, size_t i, mu_error *err)
{
    mu_weapon *wp = &c->w->v[i];
    const bands *b = &c->slot[i].band;
    unsigned keys = c->slot[i].keys;
    if (wp->shape == MU_CURVE_BANDS) {
        if (!(keys & K_BANDS))
            return err_at(err, MU_EINPUT, c->file, wp->line, "[%s] curve = "
                          "bands has no bands: give FROM-TO = P lines, like "
                          "0-6 = 33", wp->name);
        wp->n = b->n;
        for (int k = 0; k < b->n; k++) {
            wp->x[k] = b->lo[k];
            wp->y[k] = b->p[k];
        }
        wp->x[b->n] = b->hi[b->n - 1];
        wp->max_range = wp->x[b->n];
    } else if (wp->shape == MU_CURVE_POINTS) {
        if (!(keys & K_POINTS))
            return err_at(err, MU_EINPUT, c->file, wp->line, "[%s] curve = "
                          "points has no points: give points = 0:30, 10:25, "
                          "20:0 (RANGE:P)", wp->name);
        wp->max_range = wp->x[wp->n - 1];
    } else {
        if (!(keys & K_COEFF))
            return err_at(err, MU_EINPUT, c->file, wp->line, "[%s] curve = "
                          "polynomial has no coefficients: give coefficients "
                          "= a0, a1, a2 for P = a0 + a1 r + a2 r^2", wp->name);
        wp->reach_given = (keys & K_MAX) != 0;
        char why[256];
        if (!curve_poly_check(wp, why, sizeof why))
            return err_at(err, MU_EINPUT, c->file, c->slot[i].key_line[9], "[%s]: %s",
                          wp->name, why);
        return MU_OK;
    }
    if (!hits_somewhere(wp))
        return err_at(err, MU_EINPUT, c->file, wp->line, "[%s]: P is 0 "
                      "everywhere: the weapon would never hit", wp->name);
    return MU_OK;
}

static mu_status check_curve(const wctx *c, mu_weapon *wp, unsigned keys,
                             mu_error *err)
{
    if (keys & GUN_KEYS)
        return err_at(err, MU_EINPUT, c->file, wp->line,
                      "[%s] mixes a curve (slope, max_range...) with a gun's "
                      "canister and roundshot: make them two sections",
                      wp->name);
    size_t i = (size_t)(wp - c->w->v);
    static const unsigned allowed[] = {K_SLOPE | K_MAX, K_BANDS, K_POINTS,
                                       K_COEFF | K_MAX};
    const char *name = "";
    int line = stray_key(c, i, allowed[wp->shape], &name);
    if (line)
        return err_at(err, MU_EINPUT, c->file, line, "[%s] is a curve = %s, "
                      "which has no %s: %s", wp->name,
                      mu_curve_shape_name(wp->shape), name,
                      wp->shape == MU_CURVE_LINEAR
                          ? "say curve = bands, points or polynomial, or use "
                            "slope and max_range"
                          : "remove it, or say which shape the curve is");
    mu_status st = wp->shape == MU_CURVE_LINEAR ? check_linear(c, wp, keys, err)
                                                : check_shape(c, i, err);
    if (st != MU_OK)
        return st;
    wp->kind = (keys & K_CREW) ? MU_WEAPON_LOAD : MU_WEAPON_SMALL_ARMS;
    return MU_OK;
}

static mu_status check_gun(const wctx *c, size_t i, unsigned keys,
                           mu_error *err)
{
    mu_weapon *g = &c->w->v[i];
    if ((keys & GUN_KEYS) != GUN_KEYS)
        return err_at(err, MU_EINPUT, c->file, g->line,
                      "gun [%s] has no %s load: a gun names canister = LOAD "
                      "and roundshot = LOAD", g->name,
                      keys & K_CANISTER ? "roundshot" : "canister");
    int idx[2];
    for (int k = 0; k < 2; k++) {
        const char *ln = c->slot[i].loads[k];
        int line = c->slot[i].key_line[5 + k];
        idx[k] = weapon_index(c->w, ln);
        if (idx[k] < 0)
            return err_at(err, MU_EINPUT, c->file, line,
                          "gun [%s]: no weapon [%s] for its %s", g->name, ln,
                          key_names[5 + k]);
        if (c->w->v[idx[k]].kind != MU_WEAPON_LOAD)
            return err_at(err, MU_EINPUT, c->file, line,
                          "gun [%s]: [%s] is not an artillery load (a load "
                          "is a curve with crew)", g->name, ln);
    }
    const mu_weapon *a = &c->w->v[idx[0]], *b = &c->w->v[idx[1]];
    if (idx[0] == idx[1])
        return err_at(err, MU_EINPUT, c->file, g->line,
                      "gun [%s] names [%s] for both loads", g->name, a->name);
    if (a->crew != b->crew || a->effectives != b->effectives)
        return err_at(err, MU_EINPUT, c->file, g->line,
                      "gun [%s]: its loads [%s] and [%s] must have the same "
                      "crew and effectives (one gun, one crew)", g->name,
                      a->name, b->name);
    g->kind = MU_WEAPON_GUN;
    g->canister = idx[0];
    g->roundshot = idx[1];
    g->crew = a->crew;
    g->effectives = a->effectives;
    return MU_OK;
}

/* Curves first, so that a gun may name loads defined after it. */
static mu_status check_all(wctx *c, mu_error *err)
{
    if (c->w->n == 0)
        return err_at(err, MU_EINPUT, c->file, 0,
                      "no weapons: give at least one [weapon] section with "
                      "slope and max_range (or another curve)");
    for (size_t i = 0; i < c->w->n; i++)
        if (!(c->slot[i].keys & GUN_KEYS) || (c->slot[i].keys & CURVE_KEYS)) {
            mu_status st = check_curve(c, &c->w->v[i], c->slot[i].keys, err);
            if (st != MU_OK)
                return st;
        }
    for (size_t i = 0; i < c->w->n; i++)
        if ((c->slot[i].keys & GUN_KEYS) && !(c->slot[i].keys & CURVE_KEYS)) {
            mu_status st = check_gun(c, i, c->slot[i].keys, err);
            if (st != MU_OK)
                return st;
        }
    return MU_OK;
}

mu_status mu_weapons_parse(const char *text, size_t len, const char *name,
                           mu_weapons **out, mu_error *err)
{
    mu_weapons *w = calloc(1, sizeof *w);
    wctx *c = calloc(1, sizeof *c);
    if (!w || !c) {
        free(w);
        free(c);
        return err_nomem(err);
    }
    snprintf(w->name, sizeof w->name, "%s", name ? name : "<weapons>");
    c->w = w;
    c->file = w->name;
    c->text = text ? text : "";
    c->len = text ? len : 0;
    mu_status st = inifile_parse_text(text ? text : "", text ? len : 0, w->name,
                                  weapon_key, c, err);
    if (st == MU_OK)
        st = check_all(c, err);
    free(c->slot);
    free(c);
    if (st != MU_OK) {
        mu_weapons_free(w);
        return st;
    }
    *out = w;
    return MU_OK;
}

mu_status mu_weapons_load(const char *path, mu_weapons **out, mu_error *err)
{
    char *text;
    size_t len;
    mu_status st = mu_file_read(path, &text, &len, err);
    if (st != MU_OK)
        return st;
    st = mu_weapons_parse(text, len, path, out, err);
    free(text);
    return st;
}

mu_status mu_weapons_default(mu_weapons **out, mu_error *err)
{
    return mu_weapons_parse(mu_builtin_weapons, mu_builtin_weapons_len,
                            "<built-in linear-fire.ini>", out, err);
}
