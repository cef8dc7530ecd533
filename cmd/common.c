/* SPDX-License-Identifier: MIT */
/* common.c -- what many commands share: dice, rules, weapons, formats. */
#include "cli.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const cli_armies[] = {"union", "confederate", NULL};
const char *const cli_theaters[] = {"east", "west", NULL};
const char *const cli_arms[] = {"infantry", "cavalry", NULL};
const char *const cli_formats[] = {"text", "json", "jsonl", "csv", "markdown",
                                   NULL};
const char *const cli_methods[] = {"additive", "per-figure", "both", NULL};

mu_status cli_dice(cli_ctx *cx, mu_dice **out, mu_error *err)
{
    const char *rolls = cli_takes(cx, O_rolls) ? cli_str(cx, O_rolls) : NULL;
    bool ask = cli_takes(cx, O_ask) && cli_has(cx, O_ask);
    if (cli_takes(cx, O_seed) && cli_has(cx, O_seed)) {
        cx->has_seed = true;
        cx->seed = cli_num(cx, O_seed, 0);
    }
    if (rolls) {
        int *r;
        size_t n;
        mu_status st = mu_rolls_parse(rolls, &r, &n, err);
        if (st != MU_OK)
            return st;
        st = mu_dice_new_scripted(r, n, out, err);
        free(r);
        return st;
    }
    if (ask)
        return cli_ask_dice(out, err);
    if (!cx->has_seed) {
        mu_status st = mu_seed_from_os(&cx->seed, err);
        if (st != MU_OK)
            return st;
        cx->has_seed = true;
    }
    return mu_dice_new_seeded(cx->seed, out, err);
}

cli_rc cli_dice_done(cli_ctx *cx, mu_dice *d)
{
    size_t left = mu_dice_left(d);
    if (cli_takes(cx, O_rolls) && cli_has(cx, O_rolls) && left)
        return cli_error(cx, PL_("%zu roll was left over from --rolls: give "
                                 "exactly the rolls needed (%llu used)",
                                 "%zu rolls were left over from --rolls: give "
                                 "exactly the rolls needed (%llu used)", left),
                         left, (unsigned long long)mu_dice_count(d));
    return CLI_OK;
}

mu_status cli_shared_load(cli_shared *sh, mu_error *err)
{
    mu_rules *r = NULL;
    mu_weapons *w = NULL;
    mu_status st = mu_rules_default(&r, err);
    if (st == MU_OK)
        st = mu_weapons_default(&w, err);
    if (st != MU_OK) {
        mu_rules_free(r);
        return st;
    }
    sh->rules = r;
    sh->weapons = w;
    return MU_OK;
}

void cli_shared_free(cli_shared *sh)
{
    mu_rules_free(sh->rules);
    mu_weapons_free(sh->weapons);
    sh->rules = NULL;
    sh->weapons = NULL;
}

static mu_status own_rules(const cli_ctx *cx, const mu_rules **rules,
                           mu_error *err)
{
    const char *path = cli_str(cx, O_rules);
    mu_rules *r = NULL;
    mu_status st;
    if (!path && cx->shared && cx->shared->rules) {
        *rules = cx->shared->rules;
        return MU_OK;
    }
    st = path ? mu_rules_load(path, &r, err) : mu_rules_default(&r, err);
    *rules = r;
    return st;
}

mu_status cli_rules(const cli_ctx *cx, const mu_rules **rules,
                    mu_labels **labels, mu_error *err)
{
    mu_status st = own_rules(cx, rules, err);
    if (st != MU_OK)
        return st;
    *labels = NULL;
    const char *lab = cli_takes(cx, O_labels) ? cli_str(cx, O_labels) : NULL;
    if (lab && (st = mu_labels_load(lab, labels, err)) != MU_OK) {
        cli_rules_free(cx, *rules);
        *rules = NULL;
    }
    return st;
}

void cli_rules_free(const cli_ctx *cx, const mu_rules *rules)
{
    if (!cx->shared || rules != cx->shared->rules)
        mu_rules_free((mu_rules *)rules); /* made by own_rules, not lent */
}

mu_status cli_weapons(const cli_ctx *cx, const mu_weapons **w, mu_error *err)
{
    /* (a command without --rules: the built-in weapons; cli_fail asks any
     * command's, for its "did you mean") */
    const char *path = cli_takes(cx, O_rules) ? cli_str(cx, O_rules) : NULL;
    mu_weapons *made = NULL;
    if (!path && cx->shared && cx->shared->weapons) {
        *w = cx->shared->weapons;
        return MU_OK;
    }
    mu_status st = path ? mu_weapons_load(path, &made, err)
                        : mu_weapons_default(&made, err);
    *w = made;
    return st;
}

void cli_weapons_free(const cli_ctx *cx, const mu_weapons *w)
{
    if (!cx->shared || w != cx->shared->weapons)
        mu_weapons_free((mu_weapons *)w); /* made by cli_weapons, not lent */
}

/* The suggestion for one word typed as a weapon: NULL when it is one. */
static const char *weapon_close(const mu_weapons *w, const char *typed)
{
    const mu_weapon *found;
    if (mu_weapons_find(w, typed, &found, NULL) == MU_OK)
        return NULL;
    const char *cand[MU_MAX_WEAPONS];
    int n = 0;
    for (size_t i = 0; i < mu_weapons_count(w) && n < MU_MAX_WEAPONS; i++)
        cand[n++] = mu_weapons_at(w, i)->name;
    int k = cli_suggest(typed, cand, NULL, n);
    return k < 0 ? NULL : cand[k];
}

/* The first of the words in `text` (split at commas and spaces) that is
 * close to a weapon and none itself, as the hint. */
static const char *weapon_in(const mu_weapons *w, const char *text, char *buf,
                             size_t n)
{
    while (text && *text) {
        size_t len = strcspn(text, ", ");
        char word[64];
        if (len && len < sizeof word) {
            memcpy(word, text, len);
            word[len] = '\0';
            const char *near = weapon_close(w, word);
            if (near) {
                snprintf(buf, n, _("did you mean '%s'?"), near);
                return buf;
            }
        }
        text += len + (text[len] != '\0');
    }
    return NULL;
}

const char *cli_weapon_near(const cli_ctx *cx, char *buf, size_t n)
{
    static const char *const named[] = {"weapon", "gun", "return-fire",
                                        "crossover", NULL};
    const mu_weapons *w;
    if (cli_weapons(cx, &w, NULL) != MU_OK)
        return NULL;
    const char *hint = NULL;
    for (int i = 0; !hint && cx->cmd->opts[i].name; i++)
        for (int k = 0; !hint && named[k]; k++)
            if (!strcmp(cx->cmd->opts[i].name, named[k]) && cx->val[i].given)
                hint = weapon_in(w, cx->val[i].text, buf, n);
    const cli_arg *a = cx->cmd->args;
    for (int j = 0, k = 0; !hint && a && j < cx->noperands; j++) {
        if (a[k].values == cli_weapon_words)
            hint = weapon_in(w, cx->operand[j], buf, n);
        if (a[k].metavar && !a[k].many && a[k + 1].metavar)
            k++;
    }
    cli_weapons_free(cx, w);
    return hint;
}

/* The engine matched what was typed against this command's own list (any
 * case, or a unique start such as "c"): the word it chose. */
const char *cli_format_word(const cli_ctx *cx)
{
    const cli_val *v = cli_takes(cx, O_format) ? cli_get(cx, O_format) : NULL;
    return v && v->given ? cx->cmd->opts[v - cx->val].vocab[v->choice] : NULL;
}

mu_format cli_format(const cli_ctx *cx)
{
    const char *word = cli_format_word(cx);
    for (int i = 0; word && cli_formats[i]; i++)
        if (!strcmp(cli_formats[i], word))
            return (mu_format)i;
    return MU_FMT_TEXT;
}

mu_render_opts cli_render_opts(const cli_ctx *cx, const mu_labels *l)
{
    bool dice_seed = cx->has_seed &&
                     !(cli_takes(cx, O_rolls) && cli_has(cx, O_rolls)) &&
                     !(cli_takes(cx, O_ask) && cli_has(cx, O_ask));
    mu_render_opts o = {cli_format(cx), l, dice_seed, cx->seed};
    return o;
}

mu_oob_opts cli_oob_opts(const cli_ctx *cx)
{
    mu_oob_opts o = {0};
    o.theater = MU_THEATER_UNKNOWN;
    if (cli_takes(cx, O_army))
        o.army = (mu_army)cli_choice(cx, O_army, 0);
    if (cli_takes(cx, O_year))
        o.year = (int)cli_num(cx, O_year, 0);
    if (cli_takes(cx, O_theater))
        o.theater = cli_choice(cx, O_theater, MU_THEATER_UNKNOWN);
    if (cli_takes(cx, O_arm))
        o.arm = (mu_arm)cli_choice(cx, O_arm, 0);
    if (cli_takes(cx, O_by_the_book))
        o.by_the_book = cli_has(cx, O_by_the_book);
    return o;
}

const char *cli_decimal_text(double v, int decimals, char *buf, size_t n)
{
    if (decimals < 0)
        snprintf(buf, n, "%g", v);
    else
        snprintf(buf, n, "%.*f", decimals, v);
    /* TRANSLATORS: the decimal point of "22 stands / 9 = 2.44" */
    const char *mark = _(".");
    if (mark[0] && !mark[1] && mark[0] != '.')
        for (char *p = strchr(buf, '.'); p; p = strchr(p + 1, '.'))
            *p = mark[0];
    return buf;
}

const cli_arg cli_args_campaign[] = {{.metavar = "FILE", .type = OPD_FILE},
                                     {0}};
const cli_arg cli_args_campaign_div[] = {
    {.metavar = "FILE", .type = OPD_FILE},
    CLI_ARG_DIV,
    {0}};

/* The built-in weapons' names are read from their rules (cli_weapon_names);
 * this empty list only marks where a weapon goes. */
const char *const cli_weapon_words[] = {NULL};

void cli_weapon_names(mu_buf *b, const char *sep)
{
    mu_weapons *all = NULL;
    if (mu_weapons_default(&all, NULL) == MU_OK)
        for (size_t i = 0; i < mu_weapons_count(all); i++)
            mu_buf_printf(b, "%s%s", i ? sep : "", mu_weapons_at(all, i)->name);
    mu_weapons_free(all);
}
const char *const cli_figure_words[] = {"1", "2", "3", "4", "5", NULL};

bool cli_exe_dir(char *buf, size_t n)
{
    ssize_t len = readlink("/proc/self/exe", buf, n - 1);
    if (len <= 0)
        return false;
    buf[len] = '\0';
    char *slash = strrchr(buf, '/');
    if (slash)
        *slash = '\0';
    return true;
}

const char *cli_beside_exe(char *buf, size_t n, const char *const *rel,
                           size_t k)
{
    char self[PATH_MAX];
    if (!cli_exe_dir(self, sizeof self))
        return NULL;
    for (size_t i = 0; i < k; i++) {
        int w = snprintf(buf, n, "%s%s", self, rel[i]);
        struct stat st;
        if (w > 0 && (size_t)w < n && stat(buf, &st) == 0 &&
            S_ISDIR(st.st_mode))
            return buf;
    }
    return NULL;
}
