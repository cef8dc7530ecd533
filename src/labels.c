/* SPDX-License-Identifier: MIT */
/* labels.c -- brigade labels from a user's Brigade Effectiveness thresholds. */
#include "error.h"
#include "inifile.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mu_labels {
    /* worn/spent per morale and stand count; 0 = not given */
    uint8_t worn[3][MU_MAX_STANDS + 1];
    uint8_t spent[3][MU_MAX_STANDS + 1];
    char file[256];
    /* strengths asked for that have no line: the line used instead (its
     * stand count), MISS_NONE when the morale has no line at all; 0: not
     * missed. Written through const (a record of use, like a cache). */
    uint8_t missed[3][MU_MAX_STANDS + 1];
};

#define MISS_NONE 0xFF

typedef struct labels_ctx {
    mu_labels *l;
    const char *file;
} labels_ctx;

static mu_status labels_key(void *user, const char *section, const char *key,
                            const char *value, int line, mu_error *err)
{
    labels_ctx *c = user;
    int m = -1;
    for (int i = 0; i < 3; i++)
        if (!strcmp(section, mu_morale_name((mu_morale)i)))
            m = i;
    if (m < 0)
        return err_at(err, MU_EINPUT, c->file, line,
                      "unknown section [%s]: labels files have [green], "
                      "[veteran] and [crack]",
                      section);
    long stands, worn, spent;
    if (!util_parse_long(key, 2, MU_MAX_STANDS, &stands))
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s]: key '%s' is not a stand count 2..%d", section,
                      key, MU_MAX_STANDS);
    const char *slash = strchr(value, '/');
    char first[16];
    size_t n = slash ? (size_t)(slash - value) : 0;
    if (!slash || n >= sizeof first)
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s] %s: '%s' is not worn/spent such as 5/3", section,
                      key, value);
    memcpy(first, value, n);
    first[n] = '\0';
    if (!util_parse_long(first, 1, MU_MAX_STANDS, &worn) ||
        !util_parse_long(slash + 1, 1, MU_MAX_STANDS, &spent))
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s] %s: '%s' is not worn/spent such as 5/3", section,
                      key, value);
    if (!(spent < worn && worn < stands))
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s] %s = %s: need 0 < spent < worn < stands", section,
                      key, value);
    if (c->l->worn[m][stands])
        return err_at(err, MU_EINPUT, c->file, line,
                      "[%s]: %ld stands is given twice", section, stands);
    c->l->worn[m][stands] = (uint8_t)worn;
    c->l->spent[m][stands] = (uint8_t)spent;
    return MU_OK;
}

mu_status mu_labels_parse(const char *text, size_t len, const char *name,
                          mu_labels **out, mu_error *err)
{
    mu_labels *l = calloc(1, sizeof *l);
    if (!l)
        return err_nomem(err);
    labels_ctx c = {l, name ? name : "<labels>"};
    snprintf(l->file, sizeof l->file, "%s", c.file);
    mu_status st = inifile_parse_text(text, len, c.file, labels_key, &c, err);
    if (st != MU_OK) {
        free(l);
        return st;
    }
    *out = l;
    return MU_OK;
}

mu_status mu_labels_load(const char *path, mu_labels **out, mu_error *err)
{
    char *text;
    size_t len;
    mu_status st = mu_file_read(path, &text, &len, err);
    if (st != MU_OK)
        return st;
    st = mu_labels_parse(text, len, path, out, err);
    free(text);
    return st;
}

void mu_labels_free(mu_labels *l) { free(l); }

/* The line for `stands` of morale m: that strength's own, else the
 * nearest of the morale (of two as near, the smaller); 0 when the morale
 * has none. */
static int nearest_line(const mu_labels *l, int stands, mu_morale m)
{
    if (l->worn[m][stands])
        return stands;
    for (int d = 1; d <= MU_MAX_STANDS; d++) {
        if (stands - d >= 1 && l->worn[m][stands - d])
            return stands - d;
        if (stands + d <= MU_MAX_STANDS && l->worn[m][stands + d])
            return stands + d;
    }
    return 0;
}

bool mu_labels_get(const mu_labels *l, int stands, mu_morale m, int *worn,
                   int *spent)
{
    if (!l || stands <= 0 || stands > MU_MAX_STANDS || (unsigned)m >= 3)
        return false;
    int k = nearest_line(l, stands, m);
    if (k != stands)
        ((mu_labels *)l)->missed[m][stands] = k ? (uint8_t)k : MISS_NONE;
    if (!k)
        return false;
    *worn = l->worn[m][k];
    *spent = l->spent[m][k];
    return true;
}

void mu_labels_name(const mu_labels *l, int stands, mu_morale m, char *buf,
                    size_t n)
{
    int worn, spent;
    if (mu_labels_get(l, stands, m, &worn, &spent))
        snprintf(buf, n, "%d/%d/%d %s", stands, worn, spent,
                 mu_morale_name(m));
    else
        snprintf(buf, n, "%d stand%s, %s", stands, stands == 1 ? "" : "s",
                 mu_morale_name(m));
}

size_t mu_labels_missed(const mu_labels *l, mu_labels_miss *out, size_t n)
{
    size_t count = 0;
    for (int m = 0; l && m < 3; m++)
        for (int s = MU_MAX_STANDS; s >= 1; s--) {
            int used = l->missed[m][s];
            if (!used)
                continue;
            if (count < n)
                out[count] = (mu_labels_miss){
                    .kind = used == MISS_NONE ? MU_LABELS_NO_LINE
                                              : MU_LABELS_NEAREST,
                    .morale = (mu_morale)m,
                    .stands = s,
                    .nearest = used == MISS_NONE ? 0 : used};
            count++;
        }
    return count;
}

const char *mu_labels_file(const mu_labels *l) { return l ? l->file : ""; }

/* The largest stand count the rules' stands tables give (any army,
 * theater, year), and the smallest. */
static mu_status stands_range(const mu_rules *r, int *lo, int *hi,
                              mu_error *err)
{
    *lo = MU_MAX_STANDS + 1;
    *hi = 0;
    for (int a = 0; a < 2; a++)
        for (int th = 0; th < 2; th++)
            for (int y = MU_YEAR_FIRST; y <= MU_YEAR_LAST; y++)
                for (int s = 1; s <= MU_MAX_STANDS; s++) {
                    int faces;
                    mu_status st = mu_rules_chance(r, MU_TABLE_STANDS,
                                                   (mu_army)a, (mu_theater)th,
                                                   y, s, &faces, err);
                    if (st != MU_OK)
                        return st;
                    if (faces && s < *lo)
                        *lo = s;
                    if (faces && s > *hi)
                        *hi = s;
                }
    return MU_OK;
}

mu_status mu_labels_template(const mu_rules *r, char **out, mu_error *err)
{
    if (out)
        *out = NULL;
    if (!r || !out)
        return err_set(err, MU_EINPUT, "no rules given");
    int lo, hi;
    mu_status st = stands_range(r, &lo, &hi, err);
    if (st != MU_OK)
        return st;
    sbuf sb = {0};
    mu_buf_printf(&sb,
                  "; Brigade labels: worn and spent by morale and stands.\n"
                  "; Fill in every line from your rulebook's Brigade "
                  "Effectiveness Table\n"
                  "; (muster ships none of its values) and take away its ';'.\n"
                  ";   STANDS = WORN/SPENT    0 < spent < worn < stands\n"
                  "; The tables give brigades of %d to %d stands; casualties "
                  "leave fewer,\n"
                  "; down to 1. A strength with no line takes the worn and spent "
                  "of the\n"
                  "; nearest line of its morale (of two as near, the smaller), "
                  "with a\n"
                  "; warning; a brigade of 1 or 2 stands can have no line of its "
                  "own.\n", lo, hi);
    for (int m = 0; m < 3; m++) {
        mu_buf_printf(&sb, "\n[%s]\n", mu_morale_name((mu_morale)m));
        for (int s = hi; s >= 3; s--)
            mu_buf_printf(&sb, "; %d = WORN/SPENT\n", s);
    }
    return sb_finish(&sb, out, err);
}
