/* SPDX-License-Identifier: MIT */
/* oob_sheet.c -- order of battle sheets: what players know of their
 * divisions, as CSV (one row a brigade; docs/schema/oob-csv.md), read
 * strictly with file:line errors and written back byte for byte; the
 * checks every format shares. The JSON form and the entry points of both
 * are oob_sheet_json.c, which calls this file (never the other way). */
#include "oob_sheet.h"
#include "canon.h"
#include "error.h"
#include "util.h"
#include "writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the checks every format shares ------------------------------------- */

const char *const sheet_columns[SHEET_NCOLS] = {
    "side", "corps", "division", "arm", "leader", "batteries",
    "brigade", "brigadier", "brigadier_rating", "stands", "morale"};

/* A name as a campaign keeps it: "" allowed only when `blank_ok`. NULL
 * when good, else what is wrong with it. */
const char *sheet_name_fault(const char *s, bool blank_ok)
{
    if (!*s)
        return blank_ok ? NULL : "is empty: give it a name";
    if (strlen(s) > MU_SHEET_NAME_MAX)
        return "is longer than 100 bytes: shorten it";
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7F)
            return "holds a control character: take it out";
    return canon_utf8_valid(s) ? NULL : "is not valid UTF-8: save the file "
                                        "as UTF-8";
}

/* ASCII letters without case, as the campaign's NOCASE compares names. */
static int sheet_casecmp(const char *a, const char *b)
{
    for (;; a++, b++) {
        int x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z')
            x += 'a' - 'A';
        if (y >= 'A' && y <= 'Z')
            y += 'a' - 'A';
        if (x != y || !x)
            return x - y;
    }
}

static int word_in(const char *s, const char *const *words, int n)
{
    for (int i = 0; i < n; i++)
        if (!sheet_casecmp(s, words[i]))
            return i;
    return -1;
}

/* A cell's value into *out; NULL when good, else the fix to say. Blank
 * cells are the caller's. */
const char *sheet_word(int col, const char *s, int *out)
{
    switch (col) {
    case SC_SIDE:
        *out = word_in(s, vocab_army, 2);
        return *out < 0 ? "takes union or confederate" : NULL;
    case SC_ARM:
        *out = word_in(s, vocab_arm, 2);
        return *out < 0 ? "takes infantry or cavalry (blank: infantry)" : NULL;
    case SC_LEADER:
    case SC_BRIGADIER_RATING:
        *out = word_in(s, vocab_rating, 3);
        return *out < 0 ? "takes despicable, average or exceptional (blank: "
                          "rolled)" : NULL;
    case SC_MORALE:
        *out = word_in(s, vocab_morale, 3);
        return *out < 0 ? "takes green, veteran or crack (blank: rolled)"
                        : NULL;
    case SC_BATTERIES: {
        long v;
        if (!util_parse_long(s, 0, MU_MAX_RATIO, &v))
            return "takes a whole number 0..30 (blank: rolled)";
        *out = (int)v;
        return NULL;
    }
    case SC_STANDS: {
        long v;
        if (!util_parse_long(s, 1, MU_MAX_STANDS, &v))
            return "takes a whole number 1..30 (blank: rolled)";
        *out = (int)v;
        return NULL;
    }
    default:
        return NULL;
    }
}

const char *sheet_word_name(int col, int v)
{
    switch (col) {
    case SC_SIDE: return vocab_army[v & 1];
    case SC_ARM: return vocab_arm[v & 1];
    case SC_LEADER:
    case SC_BRIGADIER_RATING: return (unsigned)v < 3 ? vocab_rating[v] : "";
    case SC_MORALE: return (unsigned)v < 3 ? vocab_morale[v] : "";
    default: return "";
    }
}

void mu_oob_sheet_clear(mu_oob_sheet *s)
{
    if (!s)
        return;
    free(s->divisions);
    s->divisions = NULL;
    s->n = 0;
}

/* A new division at the end of s (zeroed, nothing given), or NULL. */
mu_sheet_division *sheet_push(mu_oob_sheet *s, size_t *cap)
{
    if (s->n == *cap) {
        size_t nc = *cap ? 2 * *cap : 8;
        mu_sheet_division *p = realloc(s->divisions, nc * sizeof *p);
        if (!p)
            return NULL;
        s->divisions = p;
        *cap = nc;
    }
    mu_sheet_division *d = &s->divisions[s->n++];
    memset(d, 0, sizeof *d);
    d->given = mu_division_given_none();
    return d;
}

/* The index of an earlier division named `name` (any case, as the
 * campaign compares names), or -1. */
long sheet_find(const mu_oob_sheet *s, size_t before, const char *name)
{
    for (size_t i = 0; i < before; i++)
        if (!sheet_casecmp(s->divisions[i].name, name))
            return (long)i;
    return -1;
}

/* ---- reading CSV -------------------------------------------------------- */

typedef struct csv_rd {
    const char *p, *end;
    int line;       /* of the next character */
    const char *file;
    mu_error *err;
    char first[6][MU_SHEET_NAME_MAX + 2]; /* the division's first row's own
                                             cells (columns before brigade) */
    bool alone; /* that row was the division alone, without a brigade */
} csv_rd;

typedef struct csv_row {
    int line, n;
    char cell[SHEET_NCOLS + 1][MU_SHEET_NAME_MAX + 2]; /* one more: too long */
    bool over;      /* more cells than columns */
    bool any;       /* not an empty line */
} csv_row;

/* One cell into buf (cut at MU_SHEET_NAME_MAX + 1 bytes, which is then too
 * long); unquoted cells lose their blanks at both ends. Returns the
 * character that ended it: ',', '\n' or 0 at the end of the text, -1 for
 * a quote not closed or text after a closing quote. */
static int csv_cell(csv_rd *r, char *buf, size_t cap)
{
    size_t n = 0;
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t'))
        r->p++;
    if (r->p < r->end && *r->p == '"') {
        r->p++;
        for (;;) {
            if (r->p >= r->end)
                return -1;
            char c = *r->p++;
            if (c == '"') {
                if (r->p < r->end && *r->p == '"')
                    r->p++;
                else
                    break;
            }
            if (c == '\n')
                r->line++;
            if (n + 1 < cap)
                buf[n++] = c;
        }
        while (r->p < r->end && (*r->p == ' ' || *r->p == '\t'))
            r->p++;
    } else {
        while (r->p < r->end && *r->p != ',' && *r->p != '\n' &&
               !(*r->p == '\r' && r->p + 1 < r->end && r->p[1] == '\n')) {
            if (*r->p == '"')
                return -1;
            if (n + 1 < cap)
                buf[n++] = *r->p;
            r->p++;
        }
        while (n && (buf[n - 1] == ' ' || buf[n - 1] == '\t'))
            n--;
    }
    buf[n] = '\0';
    if (r->p >= r->end)
        return 0;
    if (*r->p == '\r' && r->p + 1 < r->end && r->p[1] == '\n')
        r->p++;
    char c = *r->p++;
    if (c == ',' || c == '\n') {
        if (c == '\n')
            r->line++;
        return c;
    }
    return -1;
}

/* The next row; false at the end of the text or on a fault (r->err set:
 * *st). */
static bool csv_next(csv_rd *r, csv_row *row, mu_status *st)
{
    *st = MU_OK;
    if (r->p >= r->end)
        return false;
    row->line = r->line;
    row->n = 0;
    row->over = false;
    row->any = false;
    char spare[MU_SHEET_NAME_MAX + 2];
    for (;;) {
        char *buf = row->n <= SHEET_NCOLS ? row->cell[row->n] : spare;
        const char *start = r->p;
        int c = csv_cell(r, buf, sizeof spare);
        if (c < 0) {
            *st = err_at(r->err, MU_EINPUT, r->file, row->line, "a quoted "
                         "cell is not closed, or text follows its closing "
                         "quote: write a quote inside a cell as \"\"");
            return false;
        }
        if (r->p - start > 1 || *buf || c == ',')
            row->any = true;
        if (row->n < SHEET_NCOLS + 1)
            row->n++;
        else
            row->over = true;
        if (c != ',')
            return true;
    }
}

typedef struct csv_map {
    int col[SHEET_NCOLS + 1]; /* a cell's column, by position */
    int n;
} csv_map;

static mu_status csv_header(csv_rd *r, const csv_row *h, csv_map *m)
{
    bool seen[SHEET_NCOLS] = {false};
    if (h->over || h->n > SHEET_NCOLS)
        return err_at(r->err, MU_EINPUT, r->file, h->line, "the header has "
                      "more than the %d columns: side, corps, division, arm, "
                      "leader, batteries, brigade, brigadier, "
                      "brigadier_rating, stands, morale", SHEET_NCOLS);
    for (int i = 0; i < h->n; i++) {
        int c = word_in(h->cell[i], sheet_columns, SHEET_NCOLS);
        if (c < 0)
            return err_at(r->err, MU_EINPUT, r->file, h->line, "the header's "
                          "column %d, '%s', is not one of side, corps, "
                          "division, arm, leader, batteries, brigade, "
                          "brigadier, brigadier_rating, stands, morale", i + 1,
                          h->cell[i]);
        if (seen[c])
            return err_at(r->err, MU_EINPUT, r->file, h->line, "the header "
                          "names '%s' twice: keep one", sheet_columns[c]);
        seen[c] = true;
        m->col[i] = c;
    }
    m->n = h->n;
    if (!seen[SC_SIDE] || !seen[SC_DIVISION])
        return err_at(r->err, MU_EINPUT, r->file, h->line, "the header needs "
                      "the columns side and division (the first row names "
                      "the columns: side,corps,division,...)");
    return MU_OK;
}

/* The row's cells by column ("" for a column the header has not). */
typedef struct row_cells {
    const char *v[SHEET_NCOLS];
} row_cells;

/* A division's own cell on a later row: blank, or the same as its first
 * row's. */
static mu_status same_cell(csv_rd *r, int line, int col, const char *first,
                           const char *now, const mu_sheet_division *d)
{
    if (!*now || !strcmp(first, now))
        return MU_OK;
    return err_at(r->err, MU_EINPUT, r->file, line, "division '%s': %s is "
                  "'%s' here but '%s' on its first row (line %d): a "
                  "division's own cells are the same on each of its rows, "
                  "or blank after the first", d->name, sheet_columns[col], now,
                  first, d->line);
}

static mu_status fault(csv_rd *r, int line, int col, const char *v,
                       const char *why)
{
    return err_at(r->err, MU_EINPUT, r->file, line, "%s '%s' %s",
                  sheet_columns[col], v, why);
}

/* The division's own cells, from its first row. */
static mu_status division_cells(csv_rd *r, int line, const row_cells *c,
                                mu_sheet_division *d)
{
    const char *why;
    int v;
    if ((why = sheet_name_fault(c->v[SC_DIVISION], false)))
        return fault(r, line, SC_DIVISION, c->v[SC_DIVISION], why);
    if ((why = sheet_name_fault(c->v[SC_CORPS], true)))
        return fault(r, line, SC_CORPS, c->v[SC_CORPS], why);
    snprintf(d->name, sizeof d->name, "%s", c->v[SC_DIVISION]);
    snprintf(d->corps, sizeof d->corps, "%s", c->v[SC_CORPS]);
    d->line = line;
    if (!*c->v[SC_SIDE])
        return err_at(r->err, MU_EINPUT, r->file, line, "division '%s' has "
                      "no side: give union or confederate on its first row",
                      d->name);
    static const int cols[] = {SC_SIDE, SC_ARM, SC_LEADER, SC_BATTERIES};
    for (size_t i = 0; i < sizeof cols / sizeof *cols; i++) {
        const char *s = c->v[cols[i]];
        if (!*s)
            continue;
        if ((why = sheet_word(cols[i], s, &v)))
            return fault(r, line, cols[i], s, why);
        if (cols[i] == SC_SIDE)
            d->side = (mu_army)v;
        else if (cols[i] == SC_ARM)
            d->arm = (mu_arm)v;
        else if (cols[i] == SC_LEADER)
            d->given.leader = v;
        else
            d->given.batteries = v;
    }
    return MU_OK;
}

static bool brigade_row(const row_cells *c)
{
    for (int k = SC_BRIGADE; k <= SC_MORALE; k++)
        if (*c->v[k])
            return true;
    return false;
}

static mu_status brigade_cells(csv_rd *r, int line, const row_cells *c,
                               mu_sheet_division *d)
{
    if (d->given.nbrigades == MU_MAX_BRIGADES)
        return err_at(r->err, MU_EINPUT, r->file, line, "division '%s' has "
                      "more than %d brigades: a division has at most %d",
                      d->name, MU_MAX_BRIGADES, MU_MAX_BRIGADES);
    int b = d->given.nbrigades++;
    const char *why;
    if ((why = sheet_name_fault(c->v[SC_BRIGADE], true)))
        return fault(r, line, SC_BRIGADE, c->v[SC_BRIGADE], why);
    if ((why = sheet_name_fault(c->v[SC_BRIGADIER], true)))
        return fault(r, line, SC_BRIGADIER, c->v[SC_BRIGADIER], why);
    snprintf(d->brigade[b], sizeof d->brigade[b], "%s", c->v[SC_BRIGADE]);
    snprintf(d->brigadier[b], sizeof d->brigadier[b], "%s",
             c->v[SC_BRIGADIER]);
    mu_given_brigade *g = &d->given.brigades[b];
    static const int cols[] = {SC_BRIGADIER_RATING, SC_STANDS, SC_MORALE};
    for (size_t i = 0; i < 3; i++) {
        const char *s = c->v[cols[i]];
        int v;
        if (!*s)
            continue;
        if ((why = sheet_word(cols[i], s, &v)))
            return fault(r, line, cols[i], s, why);
        if (cols[i] == SC_BRIGADIER_RATING)
            g->rating = v;
        else if (cols[i] == SC_STANDS)
            g->stands = v;
        else
            g->morale = v;
    }
    return MU_OK;
}

/* One data row: a new division, or the next row of the one before. */
static mu_status csv_data(csv_rd *r, const csv_row *row, const csv_map *m,
                          mu_oob_sheet *s, size_t *cap)
{
    static const char none[] = "";
    row_cells c;
    for (int k = 0; k < SHEET_NCOLS; k++)
        c.v[k] = none;
    if (row->over || row->n > m->n)
        return err_at(r->err, MU_EINPUT, r->file, row->line, "this row has "
                      "more cells than the header has columns (%d): quote a "
                      "cell that holds a comma", m->n);
    for (int i = 0; i < row->n; i++) {
        if (strlen(row->cell[i]) > MU_SHEET_NAME_MAX)
            return err_at(r->err, MU_EINPUT, r->file, row->line, "%s is "
                          "longer than 100 bytes: shorten it",
                          sheet_columns[m->col[i]]);
        c.v[m->col[i]] = row->cell[i];
    }
    if (!*c.v[SC_DIVISION])
        return err_at(r->err, MU_EINPUT, r->file, row->line, "this row names "
                      "no division: every row gives its division's name");
    mu_sheet_division *d = s->n ? &s->divisions[s->n - 1] : NULL;
    mu_status st;
    if (!d || sheet_casecmp(d->name, c.v[SC_DIVISION])) {
        long at = sheet_find(s, s->n, c.v[SC_DIVISION]);
        if (at >= 0)
            return err_at(r->err, MU_EINPUT, r->file, row->line, "division "
                          "'%s' was listed before, at line %d: keep a "
                          "division's rows together, and give each division "
                          "its own name", c.v[SC_DIVISION],
                          s->divisions[at].line);
        if (s->n >= SHEET_MAX_DIVISIONS)
            return err_at(r->err, MU_EINPUT, r->file, row->line, "more than "
                          "%d divisions: split the sheet", SHEET_MAX_DIVISIONS);
        if (!(d = sheet_push(s, cap)))
            return err_nomem(r->err);
        if ((st = division_cells(r, row->line, &c, d)) != MU_OK)
            return st;
        d->brigade[0][0] = '\0';
        /* The first row's own cells, kept to compare the later rows. */
        for (int k = 0; k < SHEET_NCOLS; k++)
            if (k < SC_BRIGADE)
                snprintf(r->first[k], sizeof r->first[k], "%s", c.v[k]);
        r->alone = !brigade_row(&c);
        return r->alone ? MU_OK : brigade_cells(r, row->line, &c, d);
    }
    if (r->alone || !brigade_row(&c))
        return err_at(r->err, MU_EINPUT, r->file, row->line, "division '%s' "
                      "has a row without a brigade (line %d): a division of "
                      "unknown brigades has that one row, and every row of a "
                      "division with brigades names or describes one",
                      d->name, r->alone ? d->line : row->line);
    for (int k = SC_SIDE; k < SC_BRIGADE; k++)
        if (k != SC_DIVISION &&
            (st = same_cell(r, row->line, k, r->first[k], c.v[k], d)) != MU_OK)
            return st;
    return brigade_cells(r, row->line, &c, d);
}

mu_status sheet_parse_csv(const char *text, size_t len, const char *name,
                          mu_oob_sheet *out, mu_error *err)
{
    csv_rd r = {text, text + len, 1, name, err, {{0}}, false};
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) /* a spreadsheet's BOM */
        r.p += 3;
    if (memchr(text, '\0', len))
        return err_at(err, MU_EINPUT, name, 0, "the file holds a NUL byte: "
                      "it is not a CSV text file");
    csv_row *row = malloc(sizeof *row);
    if (!row)
        return err_nomem(err);
    csv_map m = {{0}, 0};
    size_t cap = 0;
    mu_status st = MU_OK;
    bool header = false;
    while (st == MU_OK && csv_next(&r, row, &st)) {
        if (!row->any)
            continue;
        if (!header) {
            st = csv_header(&r, row, &m);
            header = true;
        } else {
            st = csv_data(&r, row, &m, out, &cap);
        }
    }
    free(row);
    if (st == MU_OK && !header)
        st = err_at(err, MU_EINPUT, name, 0, "the file is empty: its first "
                    "row names the columns (side,corps,division,...)");
    if (st == MU_OK && !out->n)
        st = err_at(err, MU_EINPUT, name, r.line, "the sheet lists no "
                    "division: add a row for each");
    return st;
}

/* ---- writing CSV -------------------------------------------------------- */

/* A cell, quoted when it holds a comma, a quote or blanks at its ends. */
static void csv_put(sbuf *sb, const char *s)
{
    size_t n = strlen(s);
    bool q = strpbrk(s, ",\"\r\n") || (n && (s[0] == ' ' || s[n - 1] == ' ' ||
                                            s[0] == '\t' || s[n - 1] == '\t'));
    if (!q) {
        sb_put(sb, s, n);
        return;
    }
    sb_ch(sb, '"');
    for (; *s; s++) {
        if (*s == '"')
            sb_ch(sb, '"');
        sb_ch(sb, *s);
    }
    sb_ch(sb, '"');
}

static void csv_word(sbuf *sb, int col, int v)
{
    if (v != MU_GIVEN_NONE)
        mu_buf_puts(sb, sheet_word_name(col, v));
}

static void csv_division(sbuf *sb, const mu_sheet_division *d, int b)
{
    csv_put(sb, sheet_word_name(SC_SIDE, (int)d->side));
    sb_ch(sb, ',');
    csv_put(sb, d->corps);
    sb_ch(sb, ',');
    csv_put(sb, d->name);
    sb_ch(sb, ',');
    mu_buf_puts(sb, sheet_word_name(SC_ARM, (int)d->arm));
    sb_ch(sb, ',');
    csv_word(sb, SC_LEADER, d->given.leader);
    sb_ch(sb, ',');
    if (d->given.batteries != MU_GIVEN_NONE)
        sb_i64(sb, d->given.batteries);
    sb_ch(sb, ',');
    if (b >= 0) {
        const mu_given_brigade *g = &d->given.brigades[b];
        csv_put(sb, d->brigade[b]);
        sb_ch(sb, ',');
        csv_put(sb, d->brigadier[b]);
        sb_ch(sb, ',');
        csv_word(sb, SC_BRIGADIER_RATING, g->rating);
        sb_ch(sb, ',');
        if (g->stands)
            sb_i64(sb, g->stands);
        sb_ch(sb, ',');
        csv_word(sb, SC_MORALE, g->morale);
    } else {
        SB_LIT(sb, ",,,,");
    }
    sb_ch(sb, '\n');
}

void sheet_render_csv(const mu_oob_sheet *s, sbuf *sb)
{
    for (int k = 0; k < SHEET_NCOLS; k++) {
        if (k)
            sb_ch(sb, ',');
        mu_buf_puts(sb, sheet_columns[k]);
    }
    sb_ch(sb, '\n');
    for (size_t i = 0; i < s->n; i++) {
        const mu_sheet_division *d = &s->divisions[i];
        if (!d->given.nbrigades)
            csv_division(sb, d, -1);
        for (int b = 0; b < d->given.nbrigades && b < MU_MAX_BRIGADES; b++)
            csv_division(sb, d, b);
    }
}
