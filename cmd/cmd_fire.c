/* SPDX-License-Identifier: MIT */
/* cmd_fire.c -- muster fire | curve: linear firepower. */
#include "opts.h"

#include <stdlib.h>
#include <string.h>

static const cli_opt fire_opts[] = {
    OPT_VOLLEY,
    OPT_RULES_WEAPONS,
    OPT_DICE,
    {.name = "no-roll", .type = ARG_FLAG,
     .help = N_("show the working and roll nothing (roll and hits null)")},
    OPT_ALL_FORMATS,
    OPT_NO_LABELS,
    {0}};

/* Computes, rolls (unless --no-roll), checks leftover rolls, renders. */
static cli_rc run_fire(cli_ctx *cx)
{
    mu_error err = {0};
    mu_volley v;
    mu_dice *dice = NULL;
    mu_fire_result res;
    char *text = NULL;
    bool roll = !cli_has(cx, O_no_roll);
    cli_rc rc = cli_volley_compute(cx, &v);
    if (rc != CLI_OK)
        return rc;
    if (roll && (cli_dice(cx, &dice, &err) != MU_OK ||
                 mu_fire_resolve(&v, dice, &res, &err) != MU_OK))
        rc = cli_fail(cx, &err);
    else if (!dice || (rc = cli_dice_done(cx, dice)) == CLI_OK) {
        mu_render_opts ro = cli_render_opts(cx, NULL);
        rc = mu_fire_render(&v, roll ? &res : NULL, &ro, &text, &err) == MU_OK
                 ? cli_take(cx, text) : cli_fail(cx, &err);
    }
    mu_dice_free(dice);
    return rc;
}

const cli_command cmd_fire = {
    .name = "fire",
    .summary = N_("linear firepower: hits from range and figures"),
    .doc =
        N_("Linear firepower (the Courier article on straight-line fire curves). P, the\n"
        "chance to hit for each effective figure, falls off in a straight line with\n"
        "range: musket 2 x (15 - r), rifle and canister 30 - r, roundshot\n"
        "(60 - r) / 5, in percent, minus 8 behind hard cover, never below 0.\n"
        "POH = effectives x P reads as POH / 100 sure hits and a chance of one more,\n"
        "settled by one d100 (a hit on the whole part of the chance or less; no roll\n"
        "when that is 0). Text shows the working line by line.\n"),
    .opts = fire_opts,
    .run = run_fire,
    .flags = CLI_WEB};

/* ---- curve -------------------------------------------------------------- */

/* What curve refuses of fire's options, each named by the message. */
#define FIRE_ONLY                                                              \
    N_("--%s belongs to 'fire', not 'curve' (see 'muster help curve')")
static const cli_opt curve_opts[] = {
    {.name = "weapon", .type = ARG_TEXT, .metavar = "W",
     .values = cli_weapon_words, .help = N_("a weapon (%s)")},
    {.name = "crossover", .type = ARG_TEXT, .metavar = "A B",
     .help = N_("where curves A and B cross (also --crossover A,B)")},
    {.name = "cover", .type = ARG_FLAG,
     .help = N_("the target is behind hard cover")},
    {.name = "step", .type = ARG_LEN, .lo = 1, .metavar = "S",
     .bad = N_("must be more than 0 inches"), .help = N_("inches between rows "
     "(default 1)")},
    {.name = "to", .type = ARG_LEN, .lo = 0, .metavar = "R",
     .bad = N_("must be 0 or more inches"),
     .help = N_("last range in inches (default the max range)")},
    {.name = "max-range", .type = ARG_LEN, .lo = 1, .metavar = "R",
     .help = N_("house rule: the line reaches R inches instead")},
    {.name = "scale", .type = ARG_RAT, .lo = 1, .metavar = "N",
     .help = N_("yards per inch for the yards column (default 10)")},
    OPT_CM_PER_INCH,
    OPT_RULES_WEAPONS,
    OPT_ALL_FORMATS,
    OPT_REFUSE("range", ARG_TEXT, FIRE_ONLY),
    OPT_REFUSE("ranges", ARG_TEXT, FIRE_ONLY),
    OPT_REFUSE("figures", ARG_TEXT, FIRE_ONLY),
    OPT_REFUSE("crew", ARG_TEXT, FIRE_ONLY),
    OPT_REFUSE("yards", ARG_FLAG, FIRE_ONLY),
    OPT_REFUSE("no-canister", ARG_FLAG, FIRE_ONLY),
    OPT_REFUSE("no-roll", ARG_FLAG, FIRE_ONLY),
    OPT_REFUSE("seed", ARG_TEXT, FIRE_ONLY),
    OPT_REFUSE("rolls", ARG_TEXT, FIRE_ONLY),
    OPT_REFUSE("ask", ARG_FLAG, FIRE_ONLY),
    OPT_REFUSE("labels", ARG_TEXT, FIRE_ONLY),
    {0}};

/* "--crossover A B" leaves B as an operand; "--crossover A,B" is one word. */
static cli_rc curve_pair(cli_ctx *cx, char *first, size_t n, const char **a,
                         const char **b)
{
    const char *arg = cli_str(cx, O_crossover);
    const char *comma = strchr(arg, ',');
    *a = arg;
    *b = NULL;
    if (comma) {
        snprintf(first, n, "%.*s", (int)(comma - arg), arg);
        *a = first;
        *b = comma + 1;
    } else if (cx->noperands > 0) {
        *b = cx->operand[0];
    }
    if (cx->noperands > (comma ? 0 : 1))
        return cli_error(cx, _("curve: unexpected argument '%s' (see 'muster "
                         "help curve')"), cx->operand[cx->noperands - 1]);
    if (!*b || !**b || !**a)
        return cli_error(cx, _("curve: --crossover needs two weapons: "
                         "--crossover canister roundshot"));
    return CLI_OK;
}

static cli_rc curve_check(cli_ctx *cx)
{
    bool cross = cli_has(cx, O_crossover);
    if (!cross && cx->noperands > 0)
        return cli_error(cx, _("curve: unexpected argument '%s' (see 'muster "
                         "help curve')"), cx->operand[0]);
    if (cross == cli_has(cx, O_weapon))
        return cli_error(cx, _("curve: give --weapon W for a table, or "
                         "--crossover A B for where two curves cross"));
    if (cross && (cli_has(cx, O_to) || cli_has(cx, O_step) ||
                  cli_has(cx, O_max_range)))
        return cli_error(cx, _("curve: --step, --to and --max-range go with "
                         "--weapon, not --crossover"));
    return CLI_OK;
}

static cli_rc run_curve(cli_ctx *cx)
{
    const mu_render_opts fmt = {.format = cli_format(cx)};
    char first[MU_WEAPON_NAME + 1];
    const char *a = NULL, *b = NULL;
    cli_rc rc = curve_check(cx);
    if (rc == CLI_OK && cli_has(cx, O_crossover))
        rc = curve_pair(cx, first, sizeof first, &a, &b);
    if (rc != CLI_OK)
        return rc;
    mu_error err = {0};
    const mu_weapons *w = NULL;
    char *text = NULL;
    mu_status st = cli_weapons(cx, &w, &err);
    mu_rat scale = cli_rat(cx, O_scale, (mu_rat){10, 1});
    bool cover = cli_has(cx, O_cover);
    if (st == MU_OK && a) {
        mu_crossover x;
        st = mu_crossover_compute(w, a, b, cover, &x, &err);
        if (st == MU_OK)
            st = mu_crossover_render(&x, scale, &fmt, &text, &err);
    } else if (st == MU_OK) {
        mu_curve_opts o = {0};
        o.weapon = cli_str(cx, O_weapon);
        o.cover = cover;
        o.has_to = cli_has(cx, O_to);
        o.has_max_range = cli_has(cx, O_max_range);
        o.yards_per_inch = scale;
        mu_rat cpi = cli_cm_per_inch(cx, w), zero = {0, 1};
        if ((rc = cli_len(cx, O_step, zero, cpi, false, &o.step)) != CLI_OK ||
            (rc = cli_len(cx, O_to, zero, cpi, false, &o.to)) != CLI_OK ||
            (rc = cli_len(cx, O_max_range, zero, cpi, false, &o.max_range)) !=
                CLI_OK) {
            cli_weapons_free(cx, w);
            return rc;
        }
        if (cli_get(cx, O_step)->unit == CLI_UNIT_CM ||
            cli_get(cx, O_to)->unit == CLI_UNIT_CM ||
            cli_get(cx, O_max_range)->unit == CLI_UNIT_CM)
            o.cm_per_inch = cpi; /* the rows said in cm too */
        st = mu_curve_render(w, &o, &fmt, &text, &err);
    }
    rc = st == MU_OK ? cli_take(cx, text) : cli_fail(cx, &err);
    cli_weapons_free(cx, w);
    return rc;
}

/* B of "--crossover A B", an operand the synopsis shows as the option's. */
static const cli_arg curve_args[] = {
    {.metavar = "B", .type = OPD_WORD, .values = cli_weapon_words,
     .optional = true, .hidden = true},
    {0}};

const cli_command cmd_curve = {
    .name = "curve",
    .summary = N_("a weapon's P against range; where two curves cross"),
    .doc =
        N_("Prints P, the percent chance to hit for each effective figure, against range\n"
        "in inches (and yards, 10 to the inch or --scale N), from 0 to the weapon's\n"
        "max range every inch; for a gun, both loads and the one it fires.\n"
        "--crossover gives where two curves cross: canister and roundshot at\n"
        "22.5 inches, 7.5 %.\n"),
    .opts = curve_opts,
    .run = run_curve,
    .flags = CLI_WEB,
    .args = curve_args};
