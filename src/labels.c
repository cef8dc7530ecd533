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
    /* where each morale's [section] header is (0: none), for messages */
    int section_line[3];
    char file[256];
};

typedef struct labels_ctx {
    mu_labels *l;
    const char *file;
    const char *text;
    size_t len;
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
    if (!c->l->section_line[m])
        c->l->section_line[m] = inifile_header_line(c->text, c->len, line);
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
    labels_ctx c = {l, name ? name : "<labels>", text, len};
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

void mu_labels_name(const mu_labels *l, int stands, mu_morale m, char *buf,
                    size_t n)
{
    if (l && stands > 0 && stands <= MU_MAX_STANDS && (unsigned)m < 3 &&
        l->worn[m][stands])
        snprintf(buf, n, "%d/%d/%d %s", stands, l->worn[m][stands],
                 l->spent[m][stands], mu_morale_name(m));
    else
        snprintf(buf, n, "%d stand%s, %s", stands, stands == 1 ? "" : "s",
                 mu_morale_name(m));
}

mu_status mu_labels_check(const mu_labels *l, int stands, mu_morale m,
                          mu_error *err)
{
    if (!l || stands <= 0 || stands > MU_MAX_STANDS || (unsigned)m >= 3 ||
        l->worn[m][stands])
        return MU_OK;
    const char *name = mu_morale_name(m);
    if (!l->section_line[m])
        return err_at(err, MU_EINPUT, l->file, 0,
                      "no [%s] section, but a %s brigade has %d stand%s: add "
                      "[%s] with a line '%d = WORN/SPENT'",
                      name, name, stands, stands == 1 ? "" : "s", name, stands);
    return err_at(err, MU_EINPUT, l->file, l->section_line[m],
                  "[%s] has no line for %d stand%s, which a brigade has: add "
                  "'%d = WORN/SPENT'",
                  name, stands, stands == 1 ? "" : "s", stands);
}

bool mu_labels_get(const mu_labels *l, int stands, mu_morale m, int *worn,
                   int *spent)
{
    if (!l || stands <= 0 || stands > MU_MAX_STANDS || (unsigned)m >= 3 ||
        !l->worn[m][stands])
        return false;
    *worn = l->worn[m][stands];
    *spent = l->spent[m][stands];
    return true;
}
