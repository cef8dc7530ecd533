/* SPDX-License-Identifier: MIT */
/* rules_export.c -- the generation tables for other tools: Foundry VTT roll
 * tables (JSON), CSV and Markdown, one band of faces a row. A band is a run
 * of consecutive faces with one outcome; an outcome given two runs ("01-05,
 * 50-55") is two bands, so every row is one range a VTT can hold. */
#include "error.h"
#include "lang.h"
#include "rules.h"
#include "util.h"
#include "writer.h"

#include <stdio.h>
#include <string.h>

static const char *const short_titles[MU_TABLE_COUNT] = {
    N_("1. Year and theater"), N_("2. Leader rating"),
    N_("3. Brigades in the division"), N_("4. Stands in the brigade"),
    N_("5. Brigade morale"), N_("6. Artillery ratio")};

/* A word of a table for people (Markdown, a VTT's table) in the reader's
 * language, or as it is for data (CSV; a count there is always "many"):
 * xgettext reads both (po/KEYWORDS). */
#define WORD(words, s) ((words) ? _(s) : (s))
#define PLW(words, one, many, n)                                               \
    ((words) ? dngettext(LANG_DOMAIN, one, many, n) : (many))

/* The words of an outcome as a player reads them on the table. */
static void outcome_text(mu_table f, int v, bool words, char *buf, size_t n)
{
    unsigned long k = (unsigned long)v;
    switch (f) {
    case MU_TABLE_THEATER:
        snprintf(buf, n, v % 2 ? WORD(words, "Western theater %d")
                               : WORD(words, "Eastern theater %d"),
                 MU_YEAR_FIRST + v / 2);
        break;
    case MU_TABLE_LEADER:
        snprintf(buf, n, "%s", WORD(words, mu_rating_name((mu_rating)v)));
        break;
    case MU_TABLE_MORALE:
        snprintf(buf, n, "%s", WORD(words, mu_morale_name((mu_morale)v)));
        break;
    case MU_TABLE_BRIGADES:
        snprintf(buf, n, PLW(words, "%d brigade", "%d brigades", k), v);
        break;
    case MU_TABLE_STANDS:
        snprintf(buf, n, PLW(words, "%d stand", "%d stands", k), v);
        break;
    default:
        snprintf(buf, n, WORD(words, "1 battery per %d stands"), v);
        break;
    }
}

/* "2. Leader rating: union 1861-1863": the family, then the army, theater
 * and years the table covers. */
static void table_title(const rules_table *t, bool words, char *buf, size_t n)
{
    int used = snprintf(buf, n, "%s", WORD(words, short_titles[t->family]));
    if (t->family == MU_TABLE_THEATER || used < 0 || (size_t)used >= n)
        return;
    const char *army = t->army < 0 ? WORD(words, "all")
                       : !words ? mu_army_name((mu_army)t->army)
                       : t->army == MU_UNION ? P_("table", "union")
                                             : P_("table", "confederate");
    const char *th = t->theater < 0 ? ""
                     : !words ? mu_theater_name((mu_theater)t->theater)
                     : t->theater == MU_EAST ? P_("table", "east")
                                             : P_("table", "west");
    char years[16];
    if (t->y0 == MU_YEAR_FIRST && t->y1 == MU_YEAR_LAST)
        years[0] = '\0';
    else if (t->y0 == t->y1)
        snprintf(years, sizeof years, "%d", t->y0);
    else
        snprintf(years, sizeof years, "%d-%d", t->y0, t->y1);
    snprintf(buf + used, n - (size_t)used, ": %s%s%s%s%s", army, *th ? " " : "",
             th, *years ? " " : "", years);
}

/* The end of the band that starts at face `lo`. */
static int band_end(const rules_table *t, int lo)
{
    int hi = lo;
    while (hi < 100 && t->map[hi + 1] == t->map[lo])
        hi++;
    return hi;
}

static void foundry_table(jw *w, const rules_table *t)
{
    char title[96], text[48];
    table_title(t, true, title, sizeof title);
    jw_obj(w, NULL);
    jw_str(w, "name", title);
    jw_str(w, "description", _("Variable Unit Generation Tables for Fire and "
                               "Fury, exported by muster"));
    jw_str(w, "formula", "1d100");
    jw_bool(w, "replacement", true);
    jw_bool(w, "displayRoll", true);
    jw_arr(w, "results");
    for (int lo = 1; lo <= 100;) {
        int hi = band_end(t, lo);
        outcome_text(t->family, t->map[lo], true, text, sizeof text);
        jw_obj(w, NULL);
        jw_str(w, "type", "text");
        jw_str(w, "text", text);
        jw_int(w, "weight", hi - lo + 1);
        jw_arr(w, "range");
        jw_int(w, NULL, lo);
        jw_int(w, NULL, hi);
        jw_end(w);
        jw_bool(w, "drawn", false);
        jw_end(w);
        lo = hi + 1;
    }
    jw_end(w);
    jw_obj(w, "flags");
    jw_obj(w, "muster");
    jw_str(w, "table", t->section);
    jw_end(w);
    jw_end(w);
    jw_end(w);
}

static void csv_table(sbuf *sb, const rules_table *t)
{
    char title[96], text[48];
    table_title(t, false, title, sizeof title);
    for (int lo = 1; lo <= 100;) {
        int hi = band_end(t, lo);
        outcome_text(t->family, t->map[lo], false, text, sizeof text);
        mu_buf_printf(sb, "%s,\"%s\",%d,%d,\"%s\"\n", t->section, title, lo, hi,
                      text);
        lo = hi + 1;
    }
}

static void markdown_table(sbuf *sb, const rules_table *t, bool first)
{
    char title[96], text[48], a[6];
    table_title(t, true, title, sizeof title);
    mu_buf_printf(sb, _("%s### %s\n\n| d100 | result |\n|---|---|\n"),
                  first ? "" : "\n", title);
    for (int lo = 1; lo <= 100;) {
        int hi = band_end(t, lo);
        outcome_text(t->family, t->map[lo], true, text, sizeof text);
        util_faces_text(lo, hi, a);
        mu_buf_printf(sb, "| %s | %s |\n", a, text);
        lo = hi + 1;
    }
}

/* The table named `name` (its section), or -1. */
static int table_find(const mu_rules *r, const char *name)
{
    for (int k = 0; k < r->ntables; k++)
        if (!strcmp(r->tables[k].section, name))
            return k;
    return -1;
}

static mu_status unknown_table(const mu_rules *r, const char *name,
                               mu_error *err)
{
    return err_set(err, MU_EINPUT, "no table '%s' in %s: name a section of "
                   "its rules file, such as %s", name, r->name,
                   r->tables[r->ntables - 1].section);
}

mu_status mu_rules_export(const mu_rules *r, mu_rules_to to, const char *table,
                          char **out, mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    if (to != MU_RULES_TO_FOUNDRY && to != MU_RULES_TO_CSV &&
        to != MU_RULES_TO_MARKDOWN)
        return err_set(err, MU_EINPUT, "tables are exported for foundry, as "
                       "csv or as markdown");
    int only = -1;
    if (table && (only = table_find(r, table)) < 0)
        return unknown_table(r, table, err);
    sbuf sb = {0};
    jw w;
    jw_init(&w, &sb, true, 0);
    if (to == MU_RULES_TO_FOUNDRY && only < 0)
        jw_arr(&w, NULL);
    if (to == MU_RULES_TO_CSV)
        SB_LIT(&sb, "table,name,low,high,result\n");
    for (int k = 0; k < r->ntables; k++) {
        if (only >= 0 && k != only)
            continue;
        if (to == MU_RULES_TO_FOUNDRY)
            foundry_table(&w, &r->tables[k]);
        else if (to == MU_RULES_TO_CSV)
            csv_table(&sb, &r->tables[k]);
        else
            markdown_table(&sb, &r->tables[k], only >= 0 || k == 0);
    }
    if (to == MU_RULES_TO_FOUNDRY) {
        if (only < 0)
            jw_end(&w);
        sb_ch(&sb, '\n');
    }
    return sb_finish(&sb, out, err);
}
