/* SPDX-License-Identifier: MIT */
/* cmd_oob.c -- muster division | corps | battle. */
#include "opts.h"

#include <stdint.h>
#include <stdlib.h>

/* What every generator takes: the rule of the book, then after its own
 * options the dice, the tables, the labels and the formats. */
#define GEN_BOOK                                                               \
    OPT_BOOK("play despicable leaders as average (the roll still happens)")
#define GEN_TAIL OPT_DICE, OPT_RULES_TABLES, OPT_LABELS, OPT_ALL_FORMATS

static const cli_opt division_opts[] = {
    OPT_ARMY,
    OPT_YEAR,
    OPT_THEATER,
    OPT_ARM("infantry (default) or cavalry: same tables, another label"),
    GEN_BOOK,
    {.name = "count", .type = ARG_NUM, .lo = 1, .hi = INT64_MAX, .metavar = "N",
     .help = N_("generate N divisions from one dice stream, each written as it "
             "is made")},
    GEN_TAIL,
    OPT_REFUSE("divisions", ARG_TEXT, CORPS_ONLY),
    OPT_REFUSE("cavalry", ARG_TEXT, CORPS_ONLY),
    {0}};

static const char corps_refused[] =
    N_("use --divisions N and --cavalry N, not --count or --arm");

static const cli_opt corps_opts[] = {
    OPT_ARMY,
    OPT_YEAR,
    OPT_THEATER,
    OPT_DIVISIONS("infantry divisions (default 3)"),
    OPT_CAVALRY("cavalry divisions (default 0)"),
    GEN_BOOK,
    GEN_TAIL,
    OPT_REFUSE("count", ARG_TEXT, corps_refused),
    OPT_REFUSE("arm", ARG_TEXT, corps_refused),
    {0}};

static const char battle_refused[] =
    N_("both armies take part; --army, --count, --arm and --cavalry belong "
       "to 'division' and 'corps'");

static const cli_opt battle_opts[] = {
    OPT_YEAR,
    OPT_THEATER,
    OPT_DIVISIONS("infantry divisions on each side (default 3)"),
    GEN_BOOK,
    GEN_TAIL,
    OPT_REFUSE("army", ARG_TEXT, battle_refused),
    OPT_REFUSE("count", ARG_TEXT, battle_refused),
    OPT_REFUSE("arm", ARG_TEXT, battle_refused),
    OPT_REFUSE("cavalry", ARG_TEXT, battle_refused),
    {0}};

/* What a generator makes from the options, rules and dice. */
typedef mu_status (*oob_gen)(cli_ctx *cx, const mu_rules *r, mu_dice *d,
                             const mu_render_opts *ro, char **out,
                             mu_error *err);

/* Loads rules and dice, runs gen(), checks leftover rolls, keeps the text. */
static cli_rc run_oob(cli_ctx *cx, oob_gen gen)
{
    mu_error err = {0};
    const mu_rules *rules = NULL;
    mu_labels *labels = NULL;
    mu_dice *dice = NULL;
    char *text = NULL;
    cli_rc rc;
    if (cli_rules(cx, &rules, &labels, &err) != MU_OK ||
        cli_dice(cx, &dice, &err) != MU_OK) {
        rc = cli_fail(cx, &err);
        goto done;
    }
    mu_render_opts ro = cli_render_opts(cx, labels);
    if (gen(cx, rules, dice, &ro, &text, &err) != MU_OK) {
        rc = cli_stream_fail(cx, &err);
        goto done;
    }
    rc = cli_dice_done(cx, dice);
    if (rc == CLI_OK && text) { /* NULL: streamed already */
        rc = cli_take(cx, text);
        text = NULL;
    }
done:
    free(text);
    mu_dice_free(dice);
    cli_warn_labels(cx, labels);
    mu_labels_free(labels);
    cli_rules_free(cx, rules);
    return rc;
}

/* Divisions are written as they are made (to stdout from the tool), so
 * --count takes the memory of one division whatever N is; typed or
 * scripted dice keep the text until every roll is known to fit. */
static mu_status gen_division(cli_ctx *cx, const mu_rules *r, mu_dice *d,
                              const mu_render_opts *ro, char **out,
                              mu_error *err)
{
    uint64_t count = cli_num(cx, O_count, 1);
    mu_oob_opts o = cli_oob_opts(cx);
    bool live = cx->stream && !cli_has(cx, O_rolls) && !cli_has(cx, O_ask);
    mu_buf text = {0};
    mu_division_stream *s;
    mu_status st = mu_division_stream_new(ro, count > 1,
                                          live ? cli_stream_write : mu_buf_write,
                                          live ? (void *)cx : &text, &s, err);
    mu_division v;
    for (uint64_t i = 0; i < count && st == MU_OK; i++) {
        st = mu_division_generate(r, d, &o, &v, err);
        if (st == MU_OK)
            st = mu_division_stream_put(s, &v, err);
    }
    if (st == MU_OK)
        st = mu_division_stream_end(s, err);
    mu_division_stream_free(s);
    if (st == MU_OK && !live)
        *out = text.p;
    else
        free(text.p);
    return st;
}

static cli_rc run_division(cli_ctx *cx)
{
    return run_oob(cx, gen_division);
}

static mu_status gen_corps(cli_ctx *cx, const mu_rules *r, mu_dice *d,
                           const mu_render_opts *ro, char **out, mu_error *err)
{
    mu_corps c;
    mu_oob_opts o = cli_oob_opts(cx);
    mu_status st = mu_corps_generate(r, d, &o, (int)cli_num(cx, O_divisions, 3),
                                     (int)cli_num(cx, O_cavalry, 0), &c, err);
    if (st == MU_OK)
        st = mu_corps_render(&c, ro, out, err);
    mu_corps_clear(&c);
    return st;
}

static cli_rc run_corps(cli_ctx *cx)
{
    if (cli_num(cx, O_divisions, 3) + cli_num(cx, O_cavalry, 0) < 1)
        return cli_error(cx, _("corps: a corps needs at least one division"));
    return run_oob(cx, gen_corps);
}

static mu_status gen_battle(cli_ctx *cx, const mu_rules *r, mu_dice *d,
                            const mu_render_opts *ro, char **out, mu_error *err)
{
    mu_battle b;
    mu_oob_opts o = cli_oob_opts(cx);
    mu_status st = mu_battle_generate(r, d, &o,
                                      (int)cli_num(cx, O_divisions, 3), &b,
                                      err);
    if (st == MU_OK)
        st = mu_battle_render(&b, ro, out, err);
    mu_battle_clear(&b);
    return st;
}

static cli_rc run_battle(cli_ctx *cx)
{
    if (cli_num(cx, O_divisions, 3) < 1)
        return cli_error(cx, _("battle: each side needs at least one division"));
    return run_oob(cx, gen_battle);
}

const cli_command cmd_division = {
    .name = "division",
    .summary = N_("generate Fire and Fury divisions"),
    .doc =
        N_("Generates a division by the Fire and Fury variable unit tables, showing\n"
        "every roll. Without both --year and --theater, table 1 is rolled first and\n"
        "fills in what is missing. Roll order: [theater/year] -> division leader ->\n"
        "brigades -> for each brigade: stands, morale, brigadier -> artillery ratio\n"
        "-> fractional battery (if stands mod ratio != 0) -> reserve share (if\n"
        "batteries mod 3 != 0).\n"),
    .opts = division_opts,
    .run = run_division,
    .flags = CLI_WEB};

const cli_command cmd_corps = {
    .name = "corps",
    .summary = N_("generate a corps: a leader and its divisions"),
    .doc =
        N_("Generates a corps: [theater/year], the corps leader, then N infantry\n"
        "divisions (default 3) and --cavalry N cavalry divisions, each in the\n"
        "division roll order. The reserve shares add up to the Confederate corps\n"
        "reserve or the Union Army Artillery Reserve.\n"),
    .opts = corps_opts,
    .run = run_corps,
    .flags = CLI_WEB};

const cli_command cmd_battle = {
    .name = "battle",
    .summary = N_("generate both sides of a battle"),
    .doc =
        N_("Generates both sides of a battle: [theater/year], then a Union corps, then a\n"
        "Confederate corps, each of N infantry divisions (default 3).\n"),
    .opts = battle_opts,
    .run = run_battle,
    .flags = CLI_WEB};
