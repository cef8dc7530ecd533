/* SPDX-License-Identifier: MIT */
/* rules.c -- loading, validating and showing the generation tables. */
#include "rules.h"
#include "error.h"
#include "inifile.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const char mu_builtin_rules[];
extern const size_t mu_builtin_rules_len;

static const char *const family_names[MU_TABLE_COUNT] = {
    "theater", "leader", "brigades", "stands", "morale", "artillery"};

/* Largest numeric outcome per family (counts of brigades, stands, ratio). */
static int family_max(mu_table f)
{
    switch (f) {
    case MU_TABLE_BRIGADES: return MU_MAX_BRIGADES;
    case MU_TABLE_STANDS: return MU_MAX_STANDS;
    case MU_TABLE_ARTILLERY: return MU_MAX_RATIO;
    default: return 2;
    }
}

const char *mu_rules_default_text(size_t *len)
{
    if (len)
        *len = mu_builtin_rules_len;
    return mu_builtin_rules;
}

void mu_rules_free(mu_rules *r)
{
    if (!r)
        return;
    free(r->tables);
    free(r);
}

/* ---- section names: FAMILY[.ARMY][.THEATER][.YEARS] -------------------- */

static bool parse_years(const char *s, int *y0, int *y1)
{
    long a, b;
    const char *dash = strchr(s, '-');
    if (!dash) {
        if (!util_parse_long(s, MU_YEAR_FIRST, MU_YEAR_LAST, &a))
            return false;
        *y0 = *y1 = (int)a;
        return true;
    }
    char first[16];
    size_t n = (size_t)(dash - s);
    if (n == 0 || n >= sizeof first)
        return false;
    memcpy(first, s, n);
    first[n] = '\0';
    if (!util_parse_long(first, MU_YEAR_FIRST, MU_YEAR_LAST, &a) ||
        !util_parse_long(dash + 1, MU_YEAR_FIRST, MU_YEAR_LAST, &b) || b < a)
        return false;
    *y0 = (int)a;
    *y1 = (int)b;
    return true;
}

static mu_status section_parse(const char *name, const char *file, int line,
                               rules_table *t, mu_error *err)
{
    char buf[64];
    if (strlen(name) >= sizeof buf)
        return err_at(err, MU_EINPUT, file, line, "section name [%.40s...] is too long",
                      name);
    memcpy(buf, name, strlen(name) + 1);
    memcpy(t->section, buf, sizeof buf);
    t->army = t->theater = -1;
    t->y0 = MU_YEAR_FIRST;
    t->y1 = MU_YEAR_LAST;
    char *save = buf, *part = buf;
    char *dot = strchr(save, '.');
    if (dot)
        *dot = '\0';
    int f = -1;
    for (int i = 0; i < MU_TABLE_COUNT; i++)
        if (strcmp(part, family_names[i]) == 0)
            f = i;
    if (f < 0)
        return err_at(err, MU_EINPUT, file, line,
                      "unknown table [%s]: tables are theater, leader, "
                      "brigades, stands, morale and artillery",
                      name);
    t->family = (mu_table)f;
    bool years_set = false;
    while (dot) {
        part = dot + 1;
        dot = strchr(part, '.');
        if (dot)
            *dot = '\0';
        if (f == MU_TABLE_THEATER)
            return err_at(err, MU_EINPUT, file, line,
                          "[theater] takes no army, theater or years");
        if (!strcmp(part, "union") || !strcmp(part, "confederate")) {
            if (t->army >= 0)
                return err_at(err, MU_EINPUT, file, line, "[%s] names two armies", name);
            t->army = !strcmp(part, "confederate");
        } else if (!strcmp(part, "east") || !strcmp(part, "west")) {
            if (t->theater >= 0)
                return err_at(err, MU_EINPUT, file, line, "[%s] names two theaters", name);
            t->theater = !strcmp(part, "west");
        } else if (!years_set && parse_years(part, &t->y0, &t->y1)) {
            years_set = true;
        } else {
            return err_at(err, MU_EINPUT, file, line,
                          "[%s]: '%s' is not union|confederate, east|west or "
                          "years such as 1863 or 1861-1862 (1861..1865)",
                          name, part);
        }
    }
    return MU_OK;
}

/* ---- keys: the outcomes ----------------------------------------------- */

static int key_outcome(mu_table f, const char *key)
{
    long v;
    switch (f) {
    case MU_TABLE_THEATER: {
        const char *dash = strchr(key, '-');
        if (!dash)
            return -1;
        int th;
        if (dash - key == 4 && !strncmp(key, "east", 4))
            th = 0;
        else if (dash - key == 4 && !strncmp(key, "west", 4))
            th = 1;
        else
            return -1;
        if (!util_parse_long(dash + 1, MU_YEAR_FIRST, MU_YEAR_LAST, &v))
            return -1;
        return (int)(v - MU_YEAR_FIRST) * 2 + th;
    }
    case MU_TABLE_LEADER:
        for (int i = 0; i < 3; i++)
            if (!strcmp(key, mu_rating_name((mu_rating)i)))
                return i;
        return -1;
    case MU_TABLE_MORALE:
        for (int i = 0; i < 3; i++)
            if (!strcmp(key, mu_morale_name((mu_morale)i)))
                return i;
        return -1;
    default:
        if (!util_parse_long(key, 1, family_max(f), &v))
            return -1;
        return (int)v;
    }
}

static const char *family_keys_help(mu_table f)
{
    switch (f) {
    case MU_TABLE_THEATER: return "east-1861 .. west-1865";
    case MU_TABLE_LEADER: return "despicable, average, exceptional";
    case MU_TABLE_MORALE: return "green, veteran, crack";
    case MU_TABLE_BRIGADES: return "a number of brigades 1..8";
    case MU_TABLE_STANDS: return "a number of stands 1..30";
    default: return "stands per battery 1..30";
    }
}

/* One face as written: "01".."99", "00", "100". */
static bool parse_face(const char *s, size_t n, int *face)
{
    char buf[8];
    while (n && (*s == ' ' || *s == '\t')) {
        s++;
        n--;
    }
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    if (n == 0 || n >= sizeof buf)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    long v;
    if (!util_parse_long(buf, 0, 100, &v))
        return false;
    if (v == 0 && n == 2)
        v = 100;
    if (v < 1)
        return false;
    *face = (int)v;
    return true;
}

/* Splits "lo-hi" (also with an en dash, as the seed prints) into faces. */
static bool parse_range(const char *s, size_t n, int *lo, int *hi)
{
    for (size_t i = 0; i < n; i++) {
        size_t w = 0;
        if (s[i] == '-')
            w = 1;
        else if (i + 2 < n + 1 && !memcmp(s + i, "\xE2\x80\x93", 3))
            w = 3;
        if (w && i > 0) {
            if (!parse_face(s, i, lo) || !parse_face(s + i + w, n - i - w, hi))
                return false;
            return *lo <= *hi;
        }
    }
    if (!parse_face(s, n, lo))
        return false;
    *hi = *lo;
    return true;
}

static bool is_none(const char *v)
{
    while (*v == ' ')
        v++;
    return !*v || !strcmp(v, "-") || !strcmp(v, "\xE2\x80\x93") ||
           !strcmp(v, "none");
}

static mu_status table_add_key(rules_table *t, const char *file, int line,
                               const char *key, const char *value,
                               mu_error *err)
{
    int out = key_outcome(t->family, key);
    if (out < 0)
        return err_at(err, MU_EINPUT, file, line,
                      "[%s]: unknown outcome '%s': expected %s", t->section,
                      key, family_keys_help(t->family));
    if (t->keys_seen & (1ull << out))
        return err_at(err, MU_EINPUT, file, line,
                      "[%s]: outcome '%s' is given twice", t->section, key);
    t->keys_seen |= 1ull << out;
    if (is_none(value))
        return MU_OK;
    const char *p = value;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        int lo, hi;
        if (!parse_range(p, n, &lo, &hi))
            return err_at(err, MU_EINPUT, file, line,
                          "[%s] %s: '%.*s' is not a d100 range such as "
                          "11-90 or 91-00",
                          t->section, key, (int)(n > 40 ? 40 : n), p);
        for (int f = lo; f <= hi; f++) {
            if (t->map[f] != 0xFF) {
                char a[6];
                util_faces_text(f, f, a);
                return err_at(err, MU_EINPUT, file, line,
                              "[%s] %s: roll %s is already given on line %d "
                              "(ranges overlap)",
                              t->section, key, a, t->face_line[f]);
            }
            t->map[f] = (uint8_t)out;
            t->face_line[f] = (uint16_t)(line > 65535 ? 65535 : line);
        }
        if (!comma)
            break;
        p = comma + 1;
    }
    return MU_OK;
}

/* ---- loading ------------------------------------------------------------ */

typedef struct load_ctx {
    mu_rules *r;
    const char *file;
    const char *text;
    size_t len;
    char current[64]; /* section of the last key */
    bool have;
} load_ctx;

static mu_status new_table(load_ctx *c, const char *section, int line,
                           mu_error *err)
{
    mu_rules *r = c->r;
    if (r->ntables == r->cap) {
        int cap = r->cap ? r->cap * 2 : 32;
        if (cap > 4096)
            return err_at(err, MU_EINPUT, c->file, line, "too many tables");
        rules_table *t = realloc(r->tables, (size_t)cap * sizeof *t);
        if (!t)
            return err_nomem(err);
        r->tables = t;
        r->cap = cap;
    }
    rules_table *t = &r->tables[r->ntables];
    memset(t, 0, sizeof *t);
    memset(t->map, 0xFF, sizeof t->map);
    t->line = inifile_header_line(c->text, c->len, line);
    mu_status st = section_parse(section, c->file, t->line, t, err);
    if (st != MU_OK)
        return st;
    r->ntables++;
    return MU_OK;
}

static mu_status load_key(void *user, const char *section, const char *key,
                          const char *value, int line, mu_error *err)
{
    load_ctx *c = user;
    if (!c->have || strcmp(section, c->current) != 0) {
        if (!*section)
            return err_at(err, MU_EINPUT, c->file, line,
                          "'%s' comes before any [table] section", key);
        mu_status st = new_table(c, section, line, err);
        if (st != MU_OK)
            return st;
        snprintf(c->current, sizeof c->current, "%s", section);
        c->have = true;
    }
    return table_add_key(&c->r->tables[c->r->ntables - 1], c->file, line, key,
                         value, err);
}

/* Every face of every table has an outcome; makes the record words. */
static mu_status check_faces(mu_rules *r, mu_error *err)
{
    for (int k = 0; k < r->ntables; k++) {
        rules_table *t = &r->tables[k];
        for (int f = 1; f <= 100; f++) {
            if (t->map[f] != 0xFF) {
                t->word[f] = (uint64_t)f << 16 | (uint64_t)t->map[f] << 32;
                continue;
            }
            int g = f;
            while (g < 100 && t->map[g + 1] == 0xFF)
                g++;
            char a[6];
            util_faces_text(f, g, a);
            return err_at(err, MU_EINPUT, r->name, t->line,
                          "[%s]: no outcome for %s: every table must "
                          "cover 01-00", t->section, a);
        }
    }
    return MU_OK;
}

static void cell_text(int f, int a, int th, int y, char *buf, size_t n)
{
    if (f == MU_TABLE_THEATER)
        snprintf(buf, n, "table 1");
    else
        snprintf(buf, n, "%s %s %d", mu_army_name((mu_army)a),
                 mu_theater_name((mu_theater)th), y);
}

/* Each army x theater x year finds exactly one table of each family. */
static mu_status build_index(mu_rules *r, mu_error *err)
{
    memset(r->index, 0xFF, sizeof r->index);
    for (int k = 0; k < r->ntables; k++) {
        const rules_table *t = &r->tables[k];
        for (int a = 0; a < 2; a++)
            for (int th = 0; th < 2; th++)
                for (int y = t->y0; y <= t->y1; y++) {
                    if ((t->army >= 0 && t->army != a) ||
                        (t->theater >= 0 && t->theater != th))
                        continue;
                    int16_t *cell = &r->index[t->family][a][th][y - MU_YEAR_FIRST];
                    if (*cell >= 0) {
                        char what[64];
                        cell_text((int)t->family, a, th, y, what, sizeof what);
                        return err_at(err, MU_EINPUT, r->name, t->line,
                                      "[%s] covers %s, which [%s] on line %d "
                                      "already covers",
                                      t->section, what,
                                      r->tables[*cell].section,
                                      r->tables[*cell].line);
                    }
                    *cell = (int16_t)k;
                }
    }
    for (int f = 0; f < MU_TABLE_COUNT; f++)
        for (int a = 0; a < 2; a++)
            for (int th = 0; th < 2; th++)
                for (int y = 0; y < NYEARS; y++)
                    if (r->index[f][a][th][y] < 0) {
                        char what[64];
                        cell_text(f, a, th, y + MU_YEAR_FIRST, what, sizeof what);
                        return err_at(err, MU_EINPUT, r->name, 0,
                                      "no %s table covers %s", family_names[f],
                                      what);
                    }
    return MU_OK;
}

mu_status mu_rules_parse(const char *text, size_t len, const char *name,
                         mu_rules **out, mu_error *err)
{
    mu_rules *r = calloc(1, sizeof *r);
    if (!r)
        return err_nomem(err);
    snprintf(r->name, sizeof r->name, "%s", name ? name : "<rules>");
    load_ctx c = {.r = r, .file = r->name, .text = text, .len = len};
    mu_status st = inifile_parse_text(text, len, r->name, load_key, &c, err);
    if (st == MU_OK)
        st = check_faces(r, err);
    if (st == MU_OK)
        st = build_index(r, err);
    if (st != MU_OK) {
        mu_rules_free(r);
        return st;
    }
    *out = r;
    return MU_OK;
}

mu_status mu_rules_load(const char *path, mu_rules **out, mu_error *err)
{
    char *text;
    size_t len;
    mu_status st = mu_file_read(path, &text, &len, err);
    if (st != MU_OK)
        return st;
    st = mu_rules_parse(text, len, path, out, err);
    free(text);
    return st;
}

mu_status mu_rules_default(mu_rules **out, mu_error *err)
{
    return mu_rules_parse(mu_builtin_rules, mu_builtin_rules_len,
                          "<built-in fire-and-fury.ini>", out, err);
}

mu_status mu_rules_chance(const mu_rules *r, mu_table t, mu_army a,
                          mu_theater th, int year, int outcome, int *faces,
                          mu_error *err)
{
    if (!r || (unsigned)t >= MU_TABLE_COUNT || (unsigned)a > 1 ||
        (unsigned)th > 1 || year < MU_YEAR_FIRST || year > MU_YEAR_LAST)
        return err_set(err, MU_EINPUT, "no such table, army, theater or year");
    const uint8_t *map = rules_map(r, t, a, th, year);
    int n = 0;
    for (int f = 1; f <= 100; f++)
        n += map[f] == outcome;
    *faces = n;
    return MU_OK;
}
