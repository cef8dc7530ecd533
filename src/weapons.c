/* weapons.c -- loading and validating the straight-line fire curves. */
#include "weapons.h"
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
    K_CREW = 1 << 4, K_CANISTER = 1 << 5, K_ROUNDSHOT = 1 << 6
};
static const char *const key_names[] = {"slope", "max_range", "cover",
                                        "effectives", "crew", "canister",
                                        "roundshot"};
#define NKEYS (sizeof key_names / sizeof *key_names)
#define CURVE_KEYS (K_SLOPE | K_MAX | K_COVER | K_EFF | K_CREW)
#define GUN_KEYS (K_CANISTER | K_ROUNDSHOT)

/* Longest range a file may give, in inches: far beyond any table. */
#define MAX_RANGE_LIMIT 100000

typedef struct wctx {
    mu_weapons *w;
    const char *file;
    const char *text; /* to find [section] headers for messages */
    size_t len;
    unsigned keys[MU_MAX_WEAPONS];     /* keys seen, per weapon */
    int key_line[MU_MAX_WEAPONS][NKEYS];
    char loads[MU_MAX_WEAPONS][2][MU_WEAPON_NAME]; /* a gun's load names */
    char current[MU_WEAPON_NAME + 1];
    bool have;
} wctx;

const char *mu_weapons_default_text(size_t *len)
{
    if (len)
        *len = mu_builtin_weapons_len;
    return mu_builtin_weapons;
}

void mu_weapons_free(mu_weapons *w) { free(w); }

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
        sb_free(&sb);
        return st;
    }
    char list[MU_MAX_WEAPONS * 8] = "";
    size_t used = 0;
    for (size_t k = 0; k < w->n && used + MU_WEAPON_NAME + 8 < sizeof list; k++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                 k ? ", " : "", w->v[k].name);
    if (used + MU_WEAPON_NAME + 8 >= sizeof list)
        snprintf(list + used, sizeof list - used, ", ...");
    return err_set(err, MU_EINPUT, "no weapon '%.40s': the weapons are %s",
                   name, list);
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

static mu_status new_weapon(wctx *c, const char *section, int key_line,
                            mu_error *err)
{
    int line = ini_header_line(c->text, c->len, key_line);
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
    mu_weapon *wp = &c->w->v[c->w->n++];
    memset(wp, 0, sizeof *wp);
    memcpy(wp->name, section, strlen(section) + 1);
    wp->line = line;
    wp->slope = wp->max_range = wp->cover = rat_int(0);
    wp->effectives = 1;
    wp->canister = wp->roundshot = -1;
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
    if (!parse_long(value, 1, 100, &v))
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
    memcpy(c->loads[i][k - 5], v, strlen(v) + 1);
    return MU_OK;
}

static mu_status weapon_key(void *user, const char *section, const char *key,
                            const char *value, int line, mu_error *err)
{
    wctx *c = user;
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
    int k = -1;
    for (size_t j = 0; j < NKEYS; j++)
        if (!strcmp(key, key_names[j]))
            k = (int)j;
    if (k < 0)
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s]: unknown key '%.40s': a weapon has slope, "
                      "max_range, cover, effectives and crew; a gun has "
                      "canister and roundshot", wp->name, key);
    if (c->keys[i] & (1u << k))
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s]: %s is given twice (first on line %d)", wp->name,
                      key, c->key_line[i][k]);
    c->keys[i] |= 1u << k;
    c->key_line[i][k] = line;
    if (k <= 2)
        return number_key(c, wp, k, value, line, err);
    if (k <= 4)
        return count_key(c, wp, k, value, line, err);
    return load_key(c, i, k, value, line, err);
}

/* ---- whole-file checks -------------------------------------------------- */

static mu_status check_curve(const wctx *c, mu_weapon *wp, unsigned keys,
                             mu_error *err)
{
    if (keys & GUN_KEYS)
        return err_at(err, MU_EINPUT, c->file, wp->line,
                      "[%s] mixes a curve (slope, max_range...) with a gun's "
                      "canister and roundshot: make them two sections",
                      wp->name);
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
        int line = c->key_line[wp - c->w->v][1]; /* the max_range key */
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s]: slope x max_range = %s %% at point blank: more "
                      "than 100 %% a figure", wp->name,
                      mu_rat_format(top, b, sizeof b));
    }
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
        const char *ln = c->loads[i][k];
        int line = c->key_line[i][5 + k];
        idx[k] = weapon_index(c->w, ln);
        if (idx[k] < 0)
            return err_at(err, MU_EINPUT, c->file, line,
                          "gun [%s]: no weapon [%s] for its %s", g->name, ln,
                          key_names[5 + k]);
        if (c->w->v[idx[k]].kind != MU_WEAPON_LOAD)
            return err_at(err, MU_EINPUT, c->file, line,
                          "gun [%s]: [%s] is not an artillery load (a load "
                          "has slope, max_range and crew)", g->name, ln);
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
                      "slope and max_range");
    for (size_t i = 0; i < c->w->n; i++)
        if (!(c->keys[i] & GUN_KEYS) || (c->keys[i] & CURVE_KEYS)) {
            mu_status st = check_curve(c, &c->w->v[i], c->keys[i], err);
            if (st != MU_OK)
                return st;
        }
    for (size_t i = 0; i < c->w->n; i++)
        if ((c->keys[i] & GUN_KEYS) && !(c->keys[i] & CURVE_KEYS)) {
            mu_status st = check_gun(c, i, c->keys[i], err);
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
    mu_status st = ini_parse_text(text ? text : "", text ? len : 0, w->name,
                                  weapon_key, c, err);
    if (st == MU_OK)
        st = check_all(c, err);
    free(c);
    if (st != MU_OK) {
        free(w);
        return st;
    }
    *out = w;
    return MU_OK;
}

mu_status mu_weapons_load(const char *path, mu_weapons **out, mu_error *err)
{
    char *text;
    size_t len;
    mu_status st = read_file(path, 1u << 20, &text, &len, err);
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
