/* SPDX-License-Identifier: MIT */
/* render_fire.c -- volleys, curves and crossovers as text, Markdown, JSON,
 * JSONL and CSV. Text shows the working the way the seed article does. */
#include "curve.h"
#include "error.h"
#include "fire.h"
#include "grid.h"
#include "lang.h"
#include "rat.h"
#include "render.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Text uses the typographic minus, times and divide; data stays ASCII. */
#define MINUS "\xE2\x88\x92"
#define TIMES "\xC3\x97"
#define DIVIDE "\xC3\xB7"
#define LE "\xE2\x89\xA4"

/* A signed number for text: "−2" with the typographic minus. */
static rat_num fmt_signed(mu_rat r)
{
    if (rat_sign(r) >= 0)
        return rat_fmt(r);
    rat_num n;
    mu_rat a = {-r.num, r.den};
    memcpy(n.s, MINUS, 3);
    mu_rat_format(a, n.s + 3, sizeof n.s - 3);
    return n;
}

static void json_num(jw *w, const char *key, mu_rat r)
{
    jw_raw(w, key, rat_fmt(r).s);
}

void render_exact_jw(jw *w, const char *const *keys, const mu_rat *r, int n)
{
    char buf[MU_RAT_BUF];
    jw_obj(w, "exact");
    for (int i = 0; i < n; i++)
        jw_str(w, keys[i], mu_rat_fraction(r[i], buf, sizeof buf));
    jw_end(w);
}

static bool is_artillery(const mu_weapon *w)
{
    return w->kind != MU_WEAPON_SMALL_ARMS;
}

/* "r", "r²", "r³", "r^4": a power of the range as text. */
static void power_text(const char *range, int k, char *buf, size_t n)
{
    static const char *const sup[] = {"", "", "\xC2\xB2", "\xC2\xB3"};
    bool paren = strchr(range, ' ') != NULL || strchr(range, '/') != NULL;
    const char *o = paren ? "(" : "", *c = paren ? ")" : "";
    if (k == 1)
        snprintf(buf, n, "%s", range);
    else if (k <= 3)
        snprintf(buf, n, "%s%s%s%s", o, range, c, sup[k]);
    else
        snprintf(buf, n, "%s%s%s^%d", o, range, c, k);
}

/* "30 − 0.05 × range²": the polynomial as people write it. */
static void poly_formula(const mu_weapon *w, const char *range, char *buf,
                         size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int k = 0; k < w->n && used < n; k++) {
        mu_rat a = w->y[k];
        if (a.num == 0)
            continue;
        bool neg = a.num < 0;
        mu_rat m = {neg ? -a.num : a.num, a.den};
        char pw[96] = "", coef[MU_RAT_BUF + 8] = "";
        if (k > 0)
            power_text(range, k, pw, sizeof pw);
        if (k == 0 || m.num != m.den)
            snprintf(coef, sizeof coef, "%s%s", rat_fmt(m).s,
                     k ? " " TIMES " " : "");
        const char *sign = used == 0 ? (neg ? MINUS : "")
                                     : (neg ? " " MINUS " " : " + ");
        used += (size_t)snprintf(buf + used, n - used, "%s%s%s", sign, coef, pw);
    }
    if (used == 0)
        snprintf(buf, n, "0");
}

void fire_formula(const mu_weapon *w, const char *range, bool cover,
                    char *buf, size_t n)
{
    char inner[160];
    const mu_rat s = w->slope;
    int used = 0;
    if (w->shape == MU_CURVE_POLYNOMIAL) {
        poly_formula(w, range, buf, n);
        used = (int)strlen(buf);
    } else if (w->shape == MU_CURVE_BANDS || w->shape == MU_CURVE_POINTS) {
        bool bands = w->shape == MU_CURVE_BANDS;
        used = snprintf(buf, n, "%s (", bands ? _("bands") : _("straight between"));
        for (int k = 0; k < w->n && used > 0 && (size_t)used < n; k++)
            used += snprintf(buf + used, n - (size_t)used,
                             bands ? _("%s%s from %s") : _("%s%s in: %s"),
                             k ? ", " : "", bands ? rat_fmt(w->y[k]).s
                                                  : rat_fmt(w->x[k]).s,
                             bands ? rat_fmt(w->x[k]).s : rat_fmt(w->y[k]).s);
        if (used > 0 && (size_t)used < n)
            used += snprintf(buf + used, n - (size_t)used,
                             bands ? _(" to %s in)") : ")", rat_fmt(w->max_range).s);
    } else {
        snprintf(inner, sizeof inner, "%s " MINUS " %s", rat_fmt(w->max_range).s,
                 range);
        if (s.num == 1 && s.den == 1)
            used = snprintf(buf, n, "%s", inner);
        else if (s.den == 1)
            used = snprintf(buf, n, "%s " TIMES " (%s)", rat_fmt(s).s, inner);
        else if (s.num == 1)
            used = snprintf(buf, n, "(%s) " DIVIDE " %" PRId64, inner, s.den);
        else
            used = snprintf(buf, n, "%" PRId64 "/%" PRId64 " " TIMES " (%s)",
                            s.num, s.den, inner);
    }
    if (cover && rat_sign(w->cover) != 0 && used > 0 && (size_t)used < n) {
        mu_rat c = {-w->cover.num, w->cover.den};
        snprintf(buf + used, n - (size_t)used, " " MINUS " %s", rat_fmt(c).s);
    }
}

/* ---- a volley as lines of working -------------------------------------- */

#define MAX_LINES 12
#define LINE_LEN 768

typedef struct lines {
    char head[LINE_LEN];
    char v[MAX_LINES][LINE_LEN];
    int n, hits; /* hits: 1 + the index of the "Hits: N" line, 0 for none */
} lines;

static char *next_line(lines *L)
{
    return L->v[L->n < MAX_LINES ? L->n++ : MAX_LINES - 1];
}

/* The unit the ranges were given in and how many of it make an inch (0
 * for inches). */
static mu_rat given_per_inch(const mu_volley *v, const char **unit)
{
    bool cm = rat_sign(v->cm_per_inch) > 0;
    *unit = cm ? "cm" : rat_sign(v->yards_per_inch) > 0 ? "yd" : "in";
    return cm ? v->cm_per_inch : v->yards_per_inch;
}

static void range_words(const mu_volley *v, char *buf, size_t n)
{
    const char *unit;
    mu_rat per = given_per_inch(v, &unit);
    if (rat_sign(per) > 0) {
        mu_rat given;
        bool cm = *unit == 'c';
        if (v->nranges == 1)
            given = v->ranges[0];
        else if (!rat_mul(v->range, per, &given))
            given = rat_int(0);
        if (cm)
            snprintf(buf, n, v->nranges > 1 ? _("%s cm (%s in) on average")
                                            : _("%s cm (%s in)"),
                     rat_fmt(given).s, rat_fmt(v->range).s);
        else
            snprintf(buf, n, v->nranges > 1 ? _("%s yd (%s in) on average")
                                            : _("%s yd (%s in)"),
                     rat_fmt(given).s, rat_fmt(v->range).s);
    } else {
        snprintf(buf, n, v->nranges > 1 ? _("%s in on average") : _("%s in"),
                 rat_fmt(v->range).s);
    }
}

static void head_line(const mu_volley *v, lines *L)
{
    char title[MU_WEAPON_NAME], where[192];
    fire_title(v->weapon.name, title, sizeof title);
    range_words(v, where, sizeof where);
    int c = v->castings;
    unsigned long k = (unsigned long)c;
    const char *cover = v->cover ? _(", target behind hard cover") : "";
    if (is_artillery(&v->weapon))
        snprintf(L->head, sizeof L->head,
                 dngettext(LANG_DOMAIN, "%s fire at %s, %d crew casting%s",
                           "%s fire at %s, %d crew castings%s", k),
                 title, where, c, cover);
    else
        snprintf(L->head, sizeof L->head,
                 dngettext(LANG_DOMAIN, "%s fire at %s, %d figure%s",
                           "%s fire at %s, %d figures%s", k),
                 title, where, c, cover);
}

/* "Range = (11 + 5) ÷ 2 = 8 in", "Range = 80 yd ÷ 10 yd/in = 8 in",
 * "Range = 20 cm ÷ 2.5 cm/in = 8 in". */
static void range_line(const mu_volley *v, lines *L)
{
    const char *unit;
    mu_rat per = given_per_inch(v, &unit);
    bool scaled = rat_sign(per) > 0, cm = *unit == 'c';
    if (v->nranges < 2 && !scaled)
        return;
    char *s = next_line(L);
    size_t used = (size_t)snprintf(s, LINE_LEN, "%s", _("Range = "));
    if (v->nranges > 1) {
        used += (size_t)snprintf(s + used, LINE_LEN - used, "(");
        for (size_t i = 0; i < v->nranges && used < LINE_LEN - 64; i++)
            used += (size_t)snprintf(s + used, LINE_LEN - used, "%s%s",
                                     i ? " + " : "", rat_fmt(v->ranges[i]).s);
        if (used >= LINE_LEN - 64)
            used += (size_t)snprintf(s + used, LINE_LEN - used, " + ...");
        mu_rat avg = v->range;
        if (scaled && !rat_mul(v->range, per, &avg))
            avg = rat_int(0);
        used += (size_t)snprintf(s + used, LINE_LEN - used,
                                 ") " DIVIDE " %zu = %s%s", v->nranges,
                                 rat_fmt(avg).s, cm ? _(" cm")
                                             : scaled ? _(" yd") : _(" in"));
    } else {
        used += (size_t)snprintf(s + used, LINE_LEN - used,
                                 cm ? _("%s cm") : _("%s yd"),
                                 rat_fmt(v->ranges[0]).s);
    }
    if (scaled && used < LINE_LEN)
        snprintf(s + used, LINE_LEN - used,
                 cm ? _(" ÷ %s cm/in = %s in") : _(" ÷ %s yd/in = %s in"),
                 rat_fmt(per).s, rat_fmt(v->range).s);
}

static void load_line(const mu_volley *v, lines *L)
{
    if (v->why == MU_LOAD_NONE)
        return;
    const char *f = v->fired.name;
    const char *o = v->why == MU_LOAD_CANISTER_BETTER ? "roundshot" : "canister";
    char *s = next_line(L);
    char cross[160] = "";
    if (v->has_crossover)
        snprintf(cross, sizeof cross, _("; canister is the better load closer "
                 "than %s in"), rat_fmt(v->crossover).s);
    switch (v->why) {
    case MU_LOAD_CANISTER_BETTER:
    case MU_LOAD_ROUNDSHOT_BETTER:
        snprintf(s, LINE_LEN, _("Load: %s, %s %% against %s's %s %%%s"), f,
                 rat_fmt(v->p).s, o, rat_fmt(v->other_p).s, cross);
        break;
    case MU_LOAD_EQUAL:
        if (rat_sign(v->p) == 0)
            snprintf(s, LINE_LEN, _("Load: %s; neither load reaches %s in"), f,
                     rat_fmt(v->range).s);
        else
            snprintf(s, LINE_LEN, _("Load: %s, level with canister at %s %% "
                     "(the crossover): canister is saved"), f, rat_fmt(v->p).s);
        break;
    default:
        snprintf(s, LINE_LEN, _("Load: %s, no canister left (canister would "
                 "give %s %%)"), f, rat_fmt(v->other_p).s);
    }
}

/* Where on a curve of bands or points the range falls, for the P line:
 * " (the 6–12 in band)", " (straight from 25 % at 10 in to 0 % at 20 in)". */
static void shape_note(const mu_weapon *w, mu_rat r, char *buf, size_t n)
{
    buf[0] = '\0';
    for (int k = 0; k + 1 <= w->n; k++) {
        if (w->shape == MU_CURVE_BANDS && mu_rat_cmp(r, w->x[k + 1]) < 0) {
            snprintf(buf, n, _(" (the %s–%s in band)"), rat_fmt(w->x[k]).s,
                     rat_fmt(w->x[k + 1]).s);
            return;
        }
        if (w->shape == MU_CURVE_POINTS && k + 1 < w->n &&
            mu_rat_cmp(r, w->x[k + 1]) <= 0) {
            snprintf(buf, n, _(" (straight from %s %% at %s in to %s %% at %s in)"),
                     rat_fmt(w->y[k]).s, rat_fmt(w->x[k]).s, rat_fmt(w->y[k + 1]).s,
                     rat_fmt(w->x[k + 1]).s);
            return;
        }
    }
}

static void p_line_shape(const mu_volley *v, lines *L, const char *per)
{
    const mu_weapon *w = &v->fired;
    char *s = next_line(L), expr[320], note[4 * MU_RAT_BUF + 64];
    int past = mu_rat_cmp(v->range, w->max_range);
    if (past > 0 || (past == 0 && w->shape == MU_CURVE_BANDS)) {
        snprintf(s, LINE_LEN, _("P = 0 %%: %s in is beyond the %s's reach of "
                 "%s in"), rat_fmt(v->range).s, w->name, rat_fmt(w->max_range).s);
        return;
    }
    if (w->shape == MU_CURVE_POLYNOMIAL) {
        fire_formula(w, rat_fmt(v->range).s, v->cover, expr, sizeof expr);
        note[0] = '\0';
    } else {
        mu_rat raw;
        if (!curve_raw(w, v->range, false, &raw))
            raw = rat_int(0);
        snprintf(expr, sizeof expr, "%s", rat_fmt(raw).s);
        if (v->cover && rat_sign(w->cover) != 0) {
            mu_rat c = {-w->cover.num, w->cover.den};
            size_t u = strlen(expr);
            snprintf(expr + u, sizeof expr - u, " " MINUS " %s", rat_fmt(c).s);
        }
        shape_note(w, v->range, note, sizeof note);
    }
    if (rat_sign(v->line_p) < 0)
        snprintf(s, LINE_LEN, _("P = %s = %s, so 0 %%%s"), expr,
                 fmt_signed(v->line_p).s, note);
    else if (!strcmp(expr, rat_fmt(v->p).s))
        snprintf(s, LINE_LEN, "P = %s %% %s%s", expr, per, note);
    else
        snprintf(s, LINE_LEN, "P = %s = %s %% %s%s", expr, rat_fmt(v->p).s, per,
                 note);
}

static void p_line(const mu_volley *v, lines *L)
{
    const char *per = is_artillery(&v->fired) ? _("an effective") : _("a figure");
    if (v->fired.shape != MU_CURVE_LINEAR) {
        p_line_shape(v, L, per);
        return;
    }
    char *s = next_line(L), f[320];
    fire_formula(&v->fired, rat_fmt(v->range).s, v->cover, f, sizeof f);
    char house[192] = "";
    if (v->house_max_range)
        snprintf(house, sizeof house, _(" (house rule: %s reaches %s in)"),
                 v->fired.name, rat_fmt(v->fired.max_range).s);
    if (rat_sign(v->line_p) >= 0)
        snprintf(s, LINE_LEN, "P = %s = %s %% %s%s", f, rat_fmt(v->p).s, per,
                 house);
    else if (v->beyond)
        snprintf(s, LINE_LEN, _("P = 0 %%: %s in is beyond the %s's %s in%s"),
                 rat_fmt(v->range).s, v->fired.name, rat_fmt(v->fired.max_range).s,
                 house);
    else
        snprintf(s, LINE_LEN, _("P = %s = %s, so 0 %%%s"), f,
                 fmt_signed(v->line_p).s, house);
}

static void poh_lines(const mu_volley *v, lines *L)
{
    const mu_weapon *w = &v->fired;
    bool art = is_artillery(w);
    unsigned long c = (unsigned long)v->castings, e = (unsigned long)v->effectives;
    if (w->effectives != 1 || art)
        snprintf(next_line(L), LINE_LEN, "%s = %d %s " TIMES " %d = %d",
                 _("Effectives"), v->castings,
                 art ? _("crew") : dngettext(LANG_DOMAIN, "figure", "figures", c),
                 w->effectives, v->effectives);
    const char *unit = (w->effectives == 1 && !art)
                           ? dngettext(LANG_DOMAIN, "figure", "figures", e)
                           : dngettext(LANG_DOMAIN, "effective", "effectives", e);
    snprintf(next_line(L), LINE_LEN, "POH = %d %s " TIMES " %s %% = %s %%",
             v->effectives, unit, rat_fmt(v->p).s, rat_fmt(v->poh).s);
}

/* "an 84 %", "an 11 %", "an 18 %" but "a 20 %": the article goes by how the
 * number is said. */
static bool article_an(const char *digits)
{
    return digits[0] == '8' ||
           ((!strncmp(digits, "11", 2) || !strncmp(digits, "18", 2)) &&
            (digits[2] == '\0' || digits[2] == '.'));
}

/* "second", "21st": the hit a roll is for, in the reader's language. */
static void nth_text(int n, char *buf, size_t len)
{
    static const char *const words[] = {
        "", N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"),
        N_("sixth"), N_("seventh"), N_("eighth"), N_("ninth"), N_("tenth"),
        N_("eleventh"), N_("twelfth"), N_("thirteenth"), N_("fourteenth"),
        N_("fifteenth"), N_("sixteenth"), N_("seventeenth"), N_("eighteenth"),
        N_("nineteenth"), N_("twentieth")};
    if (n >= 1 && n <= 20)
        snprintf(buf, len, "%s", _(words[n]));
    else if (n % 100 >= 11 && n % 100 <= 13)
        snprintf(buf, len, _("%dth"), n);
    else if (n % 10 == 1)
        snprintf(buf, len, _("%dst"), n);
    else if (n % 10 == 2)
        snprintf(buf, len, _("%dnd"), n);
    else if (n % 10 == 3)
        snprintf(buf, len, _("%drd"), n);
    else
        snprintf(buf, len, _("%dth"), n);
}

static void reading_line(const mu_volley *v, lines *L)
{
    char nth[32], sure[48];
    nth_text(v->sure_hits + 1, nth, sizeof nth);
    if (v->sure_hits)
        snprintf(sure, sizeof sure, dngettext(LANG_DOMAIN, "%d sure hit",
                 "%d sure hits", (unsigned long)v->sure_hits), v->sure_hits);
    else
        snprintf(sure, sizeof sure, "%s", _("No sure hit"));
    char *s = next_line(L);
    rat_num chance = rat_fmt(v->chance);
    const char *p = chance.s;
    bool an = article_an(p), more = v->sure_hits > 0;
    if (v->threshold > 0 && more)
        snprintf(s, LINE_LEN, an ? _("%s and an %s %% chance of a %s")
                                 : _("%s and a %s %% chance of a %s"), sure, p, nth);
    else if (v->threshold > 0)
        snprintf(s, LINE_LEN, an ? _("%s and an %s %% chance of one")
                                 : _("%s and a %s %% chance of one"), sure, p);
    else if (rat_sign(v->chance) > 0 && more)
        snprintf(s, LINE_LEN, _("%s; the %s %% chance of a %s is less than "
                 "one face of the d100: no roll"), sure, p, nth);
    else if (rat_sign(v->chance) > 0)
        snprintf(s, LINE_LEN, _("%s; the %s %% chance of one is less than "
                 "one face of the d100: no roll"), sure, p);
    else if (more)
        snprintf(s, LINE_LEN, _("%s: nothing to roll for"), sure);
    else
        snprintf(s, LINE_LEN, "%s", _("No hit: nothing to roll for"));
}

static void roll_lines(const mu_volley *v, const mu_fire_result *r, lines *L)
{
    char nth[32];
    nth_text(v->sure_hits + 1, nth, sizeof nth);
    bool more = v->sure_hits > 0;
    if (!r) {
        if (v->threshold > 0 && more)
            snprintf(next_line(L), LINE_LEN, _("Not rolled: a %s hit on a d100 "
                     "of %d or less"), nth, v->threshold);
        else if (v->threshold > 0)
            snprintf(next_line(L), LINE_LEN, _("Not rolled: a hit on a d100 "
                     "of %d or less"), v->threshold);
        else
            snprintf(next_line(L), LINE_LEN, _("Hits: %d"), v->sure_hits);
        L->hits = L->n;
        return;
    }
    if (r->rolled) {
        bool hit = r->roll <= v->threshold;
        const char *cmp = hit ? LE : ">";
        char *s = next_line(L);
        if (hit && more)
            snprintf(s, LINE_LEN, _("Roll %d %s %d: a %s hit"), r->roll, cmp,
                     v->threshold, nth);
        else if (hit)
            snprintf(s, LINE_LEN, _("Roll %d %s %d: a hit"), r->roll, cmp,
                     v->threshold);
        else if (more)
            snprintf(s, LINE_LEN, _("Roll %d %s %d: no %s hit"), r->roll, cmp,
                     v->threshold, nth);
        else
            snprintf(s, LINE_LEN, _("Roll %d %s %d: no hit"), r->roll, cmp,
                     v->threshold);
    }
    snprintf(next_line(L), LINE_LEN, _("Hits: %d"), r->hits);
    L->hits = L->n;
}

static void volley_lines(const mu_volley *v, const mu_fire_result *r, lines *L)
{
    memset(L, 0, sizeof *L);
    head_line(v, L);
    range_line(v, L);
    load_line(v, L);
    p_line(v, L);
    poh_lines(v, L);
    reading_line(v, L);
    roll_lines(v, r, L);
    lang_decimal(L->head, strlen(L->head));
    for (int i = 0; i < L->n; i++)
        lang_decimal(L->v[i], strlen(L->v[i]));
}

static bool show_seed(const mu_fire_result *r, const mu_render_opts *o)
{
    return r && r->rolled && o->has_seed;
}

static void volley_text(const mu_volley *v, const mu_fire_result *r,
                        const mu_render_opts *o, sbuf *sb, bool md)
{
    lines *L = malloc(sizeof *L);
    if (!L) {
        sb->oom = true;
        return;
    }
    volley_lines(v, r, L);
    mu_buf_printf(sb, md ? "### %s\n\n" : "%s\n", L->head);
    for (int i = 0; i < L->n; i++) {
        bool last = md && i == L->n - 1 && L->hits == L->n;
        mu_buf_printf(sb, md ? (last ? "- **%s**\n" : "- %s\n") : "  %s\n", L->v[i]);
    }
    if (show_seed(r, o))
        mu_buf_printf(sb, md ? "\n*%s%" PRIu64 "*\n" : "%s%" PRIu64 "\n",
                      _("seed "), o->seed);
    free(L);
}

/* ---- a volley as data --------------------------------------------------- */

static const char *why_name(mu_load_why w)
{
    switch (w) {
    case MU_LOAD_CANISTER_BETTER: return "canister_better";
    case MU_LOAD_ROUNDSHOT_BETTER: return "roundshot_better";
    case MU_LOAD_EQUAL: return "equal";
    case MU_LOAD_NO_CANISTER: return "no_canister";
    default: return NULL;
    }
}

static void volley_json_extra(const mu_volley *v, jw *o)
{
    jw_int(o, "threshold", v->threshold);
    jw_bool(o, "cover", v->cover);
    jw_int(o, is_artillery(&v->weapon) ? "crew" : "figures", v->castings);
    const char *unit;
    given_per_inch(v, &unit);
    jw_str(o, "unit", unit);
    jw_arr(o, "ranges");
    for (size_t i = 0; i < v->nranges; i++)
        jw_raw(o, NULL, rat_fmt(v->ranges[i]).s);
    jw_end(o);
    if (*unit == 'y')
        json_num(o, "yards_per_inch", v->yards_per_inch);
    if (*unit == 'c')
        json_num(o, "cm_per_inch", v->cm_per_inch);
    json_num(o, "max_range", v->fired.max_range);
    jw_bool(o, "house_max_range", v->house_max_range);
    jw_bool(o, "beyond", v->beyond);
    const char *why = why_name(v->why);
    if (why)
        jw_str(o, "load_reason", why);
    else
        jw_null(o, "load_reason");
    render_exact_jw(o, (const char *const[]){"range", "p", "poh", "chance"},
                    (const mu_rat[]){v->range, v->p, v->poh, v->chance}, 4);
}

static void volley_json(const mu_volley *v, const mu_fire_result *r,
                        const mu_render_opts *ro, sbuf *sb)
{
    jw w, *o = &w;
    jw_init(o, sb, ro->format != MU_FMT_JSONL, 0);
    jw_obj(o, NULL);
    jw_str(o, "weapon", v->weapon.name);
    if (is_artillery(&v->weapon))
        jw_str(o, "load", v->fired.name);
    else
        jw_null(o, "load");
    json_num(o, "range", v->range);
    json_num(o, "p", v->p);
    jw_int(o, "effectives", v->effectives);
    json_num(o, "poh", v->poh);
    jw_int(o, "sure_hits", v->sure_hits);
    json_num(o, "chance", v->chance);
    if (r && r->rolled)
        jw_int(o, "roll", r->roll);
    else
        jw_null(o, "roll");
    if (r)
        jw_int(o, "hits", r->hits);
    else
        jw_null(o, "hits");
    volley_json_extra(v, o);
    mu_render_opts none = {0};
    render_jw_seed(o, show_seed(r, ro) ? ro : &none);
    jw_end(o);
    sb_ch(sb, '\n');
}

static void volley_csv(const mu_volley *v, const mu_fire_result *r,
                       const mu_render_opts *o, sbuf *sb)
{
    mu_buf_puts(sb, "weapon,load,range,p,effectives,poh,sure_hits,chance,"
                    "threshold,roll,hits,cover,seed\n");
    mu_buf_printf(sb, "%s,%s,%s,%s,%d,%s,%d,%s,%d,", v->weapon.name,
                  is_artillery(&v->weapon) ? v->fired.name : "", rat_fmt(v->range).s,
                  rat_fmt(v->p).s, v->effectives, rat_fmt(v->poh).s, v->sure_hits,
                  rat_fmt(v->chance).s, v->threshold);
    if (r && r->rolled)
        mu_buf_printf(sb, "%d", r->roll);
    mu_buf_puts(sb, ",");
    if (r)
        mu_buf_printf(sb, "%d", r->hits);
    mu_buf_printf(sb, ",%s,", v->cover ? "true" : "false");
    if (show_seed(r, o))
        mu_buf_printf(sb, "%" PRIu64, o->seed);
    mu_buf_puts(sb, "\n");
}

mu_status mu_fire_render(const mu_volley *v, const mu_fire_result *r,
                         const mu_render_opts *o, char **out, mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    if (!v || !o || !out)
        return err_set(err, MU_EINPUT, "nothing to render");
    sbuf sb = {0};
    switch (o->format) {
    case MU_FMT_TEXT:
    case MU_FMT_MARKDOWN:
        volley_text(v, r, o, &sb, o->format == MU_FMT_MARKDOWN);
        break;
    case MU_FMT_JSON:
    case MU_FMT_JSONL:
        volley_json(v, r, o, &sb);
        break;
    case MU_FMT_CSV:
        volley_csv(v, r, o, &sb);
        break;
    default:
        return err_set(err, MU_EINPUT, "unknown output format");
    }
    return sb_finish(&sb, out, err);
}
