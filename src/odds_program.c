/* SPDX-License-Identifier: MIT */
/* odds_program.c -- a volley's question as a program for a dice tool a
 * player already trusts (AnyDice, Troll, dicelab), so that the odds muster
 * prints can be checked with somebody else's arithmetic. Each program asks
 * what mu_odds_fire answers: the additive rule (the sure hits plus one d100
 * against the threshold) or per figure (every effective rolls a die and
 * hits at most P). A P that is not whole, p/q percent, is a die of 100 q
 * faces hitting on p or less: the same chance, exactly. */
#include "error.h"
#include "rat.h"
#include "util.h"

#include <inttypes.h>
#include <stdio.h>

/* Per figure: each effective hits on a die of *faces faces at most *on. */
static mu_status figure_die(const mu_volley *v, int64_t *on, int64_t *faces,
                            mu_error *err)
{
    if (v->p.den <= 0 || v->p.num < 0 || v->p.den > INT64_MAX / 100)
        return err_set(err, MU_EINPUT, "P of %" PRId64 "/%" PRId64
                       " %% has no die", v->p.num, v->p.den);
    *on = v->p.num;
    *faces = 100 * v->p.den;
    return MU_OK;
}

static void head_comment(sbuf *sb, const mu_volley *v, const char *open,
                         const char *close)
{
    mu_buf_printf(sb, "%s muster: %s fire at %s in, P = %s %% an effective, %d "
                  "effectives, POH = %s %%%s\n", open, v->weapon.name,
                  rat_fmt(v->range).s, rat_fmt(v->p).s, v->effectives,
                  rat_fmt(v->poh).s, close);
}

static void additive_comment(sbuf *sb, const mu_volley *v, const char *open,
                             const char *close)
{
    if (v->threshold > 0)
        mu_buf_printf(sb, "%s additive: %d sure hits and one more on a d100 of %d "
                      "or less%s\n", open, v->sure_hits, v->threshold, close);
    else
        mu_buf_printf(sb, "%s additive: %d sure hits, nothing to roll for%s\n",
                      open, v->sure_hits, close);
}

static void figure_comment(sbuf *sb, const mu_volley *v, int64_t on,
                           int64_t faces, const char *open, const char *close)
{
    mu_buf_printf(sb, "%s per figure: each of %d effectives hits on a d%" PRId64
                  " of %" PRId64 " or less%s\n", open, v->effectives, faces, on,
                  close);
}

/* The program in one of the three languages, alike but for the words.
 * AnyDice may ask both questions, an "output" each; Troll and dicelab ask
 * one. Troll: "count N >= e" counts the members of e that N is at least.
 * dicelab: a sum of one count a figure, which its --calc adds up by
 * convolution rather than by listing every roll of the figures. */
static void program(sbuf *sb, const mu_volley *v, mu_hit_method m,
                    int64_t on, int64_t faces, mu_dice_lang lang)
{
    bool any = lang == MU_LANG_ANYDICE, troll = lang == MU_LANG_TROLL;
    const char *open = any || troll ? "\\" : "//", *close = any ? " \\" : "";
    head_comment(sb, v, open, close);
    if (m & MU_METHOD_ADDITIVE) {
        additive_comment(sb, v, open, close);
        if (v->threshold > 0)
            mu_buf_printf(sb, any ? "output %d + [count {1..%d} in 1d100] "
                                    "named \"additive\"\n"
                              : troll ? "%d + (count %d >= d100)\n"
                                      : "%d+count(<=%d d100)\n",
                          v->sure_hits, v->threshold);
        else
            mu_buf_printf(sb, any ? "output %d named \"additive\"\n" : "%d\n",
                          v->sure_hits);
    }
    if (!(m & MU_METHOD_PER_FIGURE))
        return;
    figure_comment(sb, v, on, faces, open, close);
    if (on <= 0 || v->effectives <= 0)
        mu_buf_puts(sb, any ? "output 0 named \"per figure\"\n" : "0\n");
    else if (!any && !troll)
        mu_buf_printf(sb, "sum(%d#count(<=%" PRId64 " d%" PRId64 "))\n",
                      v->effectives, on, faces);
    else
        mu_buf_printf(sb, any ? "output [count {1..%" PRId64 "} in %dd%" PRId64
                                "] named \"per figure\"\n"
                              : "count %" PRId64 " >= %dd%" PRId64 "\n",
                      on, v->effectives, faces);
}

mu_status mu_odds_program(const mu_volley *v, mu_hit_method m,
                          mu_dice_lang lang, char **out, mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    if (m != MU_METHOD_ADDITIVE && m != MU_METHOD_PER_FIGURE &&
        m != MU_METHOD_BOTH)
        return err_set(err, MU_EINPUT, "no such way to settle a volley");
    if (lang != MU_LANG_ANYDICE && lang != MU_LANG_TROLL &&
        lang != MU_LANG_DICELAB)
        return err_set(err, MU_EINPUT, "programs are written for AnyDice, "
                       "Troll or dicelab");
    if (lang != MU_LANG_ANYDICE && m == MU_METHOD_BOTH)
        return err_why(err, MU_EINPUT, MU_R_ONE_QUESTION, "a %s program asks "
                       "one question: the additive rule or per figure",
                       lang == MU_LANG_TROLL ? "Troll" : "dicelab");
    int64_t on = 0, faces = 100;
    mu_status st = figure_die(v, &on, &faces, err);
    if (st != MU_OK)
        return st;
    sbuf sb = {0};
    program(&sb, v, m, on, faces, lang);
    return sb_finish(&sb, out, err);
}
