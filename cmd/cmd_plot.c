/* SPDX-License-Identifier: MIT */
/* cmd_plot.c -- muster plot curves | figure | odds ... | sim ...: charts as
 * PNG, SVG or PDF by the --out file's extension. The library draws
 * (muster/plot.h); these are table entries. 'plot odds X' and 'plot sim X'
 * take the options of 'odds X' and 'sim X' (the same macros of opts.h),
 * with --out instead of --format. */
#include "opts.h"

#include <stdlib.h>
#include <string.h>

/* The statistics of an order of battle, in mu_oob_stat order. */
static const char *const plot_stats[] = {
    "leader", "brigades", "stands", "green", "veteran", "crack",
    "despicable", "average", "exceptional", "ratio", "batteries",
    "division_batteries", "reserve", NULL};

#define OPT_OUT                                                                \
    {.name = "out", .type = ARG_FILE, .metavar = "FILE",                       \
     .flags = CLI_REQUIRED | CLI_LOCAL,                                        \
     .help = N_("the picture to write: FILE.png (1120 x 800), FILE.svg or "       \
             "FILE.pdf (fonts embedded); written whole or not at all"),         \
     .missing = N_("%s: say where to draw: --out FILE.png, FILE.svg or FILE.pdf")}
#define NO_FORMAT                                                              \
    OPT_REFUSE("format", ARG_TEXT,                                             \
               "a picture's format comes from the --out file's extension "     \
               "(.png, .svg or .pdf), not --format")
#define OPT_STAT                                                               \
    {.name = "stat", .type = ARG_CHOICE, .vocab = plot_stats, .metavar = "S",  \
     .help = N_("what to draw (default stands): leader, brigades, stands, "       \
             "green, veteran, crack, despicable, average, exceptional "         \
             "(brigadiers), ratio, batteries, division_batteries, reserve")}
#define PLOT_NO_SIM                                                            \
    OPT_NO_SIM(N_("exact odds roll no dice: --trials, --seed and --threads "   \
                  "belong to 'muster plot sim'"))
#define PLOT_WRITES OPT_STAT, OPT_OUT, NO_FORMAT
#define PLOT_DIVISION OOB_DIVISION_OPTS(PLOT_WRITES)
#define PLOT_CORPS OOB_CORPS_OPTS(PLOT_WRITES)
#define PLOT_SIM_OPTS OPT_TRIALS, OPT_SIM_SEED, OPT_THREADS
#define FIRE_DICE                                                              \
    N_("a chart of odds rolls no dice of yours: drop --rolls, --ask and "      \
       "--no-roll")
#define PLOT_FIRE                                                              \
    OPT_VOLLEY, OPT_METHOD, OPT_RULES_WEAPONS, OPT_OUT, NO_FORMAT,             \
        OPT_NO_ROLLS(FIRE_DICE)

#ifndef MUSTER_LIGHT /* the run functions: muster-full only (cli.h) */
/* ---- writing ------------------------------------------------------------ */

/* Refuses a bad --out before any work. */
static cli_rc check_out(cli_ctx *cx)
{
    mu_file_format f;
    mu_error err = {0};
    if (mu_file_format_detect(cli_str(cx, O_out), &f, &err) != MU_OK)
        return cli_fail(cx, &err);
    return CLI_OK;
}

/* Writes the chart made with status st (or reports why not); frees it. */
static cli_rc write_chart(cli_ctx *cx, mu_chart *c, mu_status st,
                          mu_error *err)
{
    if (st == MU_OK)
        st = mu_chart_write(c, cli_str(cx, O_out), err);
    mu_chart_free(c);
    return st == MU_OK ? CLI_OK : cli_fail(cx, err);
}

/* The quick-reference card: P by range of every weapon, one page. */
static cli_rc run_card(cli_ctx *cx)
{
    cli_rc rc = check_out(cx);
    if (rc != CLI_OK)
        return rc;
    mu_error err = {0};
    const mu_weapons *w = NULL;
    if (cli_weapons(cx, &w, &err) != MU_OK)
        return cli_fail(cx, &err);
    const char *src = cli_str(cx, O_rules);
    const char *out = cli_str(cx, O_out);
    mu_status st = mu_card_write(w, src, out, &err);
    cli_weapons_free(cx, w);
    if (st != MU_OK)
        return cli_fail(cx, &err);
    mu_buf_printf(&cx->out, _("%s: the fire quick-reference card, one page\n"),
                  out);
    return CLI_OK;
}

#endif

/* ---- curves and figures ------------------------------------------------- */

static const cli_opt curves_opts[] = {
    {.name = "weapon", .type = ARG_LIST, .metavar = "W",
     .help = N_("the weapons to draw, W1,W2 or one and more as operands "
             "(default: every weapon that is one curve); a gun draws both "
             "its loads; 8 curves at most")},
    {.name = "cover", .type = ARG_FLAG,
     .help = N_("also draw each curve behind hard cover")},
    {.name = "scale", .type = ARG_RAT, .lo = 1, .metavar = "N",
     .help = N_("yards per inch for the top axis (default 10)")},
    {.name = "crossings", .type = ARG_FLAG,
     .help = N_("mark where the curves cross")},
    {.name = "title", .type = ARG_TEXT, .metavar = "T",
     .help = N_("the chart's title")},
    OPT_RULES_WEAPONS, OPT_OUT, NO_FORMAT,
    {0}};

#ifndef MUSTER_LIGHT
#define MAX_NAMES 16

static cli_rc run_curves(cli_ctx *cx)
{
    cli_rc rc = check_out(cx);
    if (rc != CLI_OK)
        return rc;
    const char *names[MAX_NAMES];
    char list[512] = "";
    size_t n = 0;
    if (cli_has(cx, O_weapon))
        snprintf(list, sizeof list, "%s", cli_str(cx, O_weapon));
    for (char *s = list; *list && s;) {
        char *comma = strchr(s, ',');
        if (comma)
            *comma = '\0';
        if (*s && n < MAX_NAMES)
            names[n++] = s;
        s = comma ? comma + 1 : NULL;
    }
    for (int i = 0; i < cx->noperands && n < MAX_NAMES; i++)
        names[n++] = cx->operand[i];
    mu_error err = {0};
    const mu_weapons *w = NULL;
    if (cli_weapons(cx, &w, &err) != MU_OK)
        return cli_fail(cx, &err);
    if (n == 0) /* every weapon that is one curve */
        for (size_t j = 0; j < mu_weapons_count(w) && n < 8; j++)
            if (mu_weapons_at(w, j)->kind != MU_WEAPON_GUN)
                names[n++] = mu_weapons_at(w, j)->name;
    mu_curves_opts o = {.weapons = names,
                        .nweapons = n,
                        .cover = cli_has(cx, O_cover),
                        .yards_per_inch = cli_rat(cx, O_scale, (mu_rat){10, 1}),
                        .crossings = cli_has(cx, O_crossings),
                        .title = cli_str(cx, O_title)};
    mu_chart *c = NULL;
    mu_status st = mu_chart_curves(w, &o, &c, &err);
    rc = write_chart(cx, c, st, &err);
    cli_weapons_free(cx, w);
    return rc;
}

#endif

static const cli_opt figure_opts[] = {OPT_RULES_WEAPONS, OPT_OUT, NO_FORMAT,
                                      {0}};

#ifndef MUSTER_LIGHT
static cli_rc run_figure(cli_ctx *cx)
{
    cli_rc rc = check_out(cx);
    if (rc != CLI_OK)
        return rc;
    const char *a = cx->operand[0];
    if (strlen(a) != 1 || a[0] < '1' || a[0] > '5')
        return cli_error(cx, _("plot figure: the article has figures 1 to 5, "
                         "not '%s'"), a);
    mu_error err = {0};
    const mu_weapons *w = NULL;
    if (cli_weapons(cx, &w, &err) != MU_OK)
        return cli_fail(cx, &err);
    mu_chart *c = NULL;
    mu_status st = mu_chart_figure(w, a[0] - '0', &c, &err);
    rc = write_chart(cx, c, st, &err);
    cli_weapons_free(cx, w);
    return rc;
}

/* ---- odds and sim ------------------------------------------------------- */

static cli_rc plot_oob(cli_ctx *cx, bool corps, bool sim)
{
    cli_rc rc = check_out(cx);
    if (rc != CLI_OK)
        return rc;
    mu_error err = {0};
    mu_sim_opts so;
    if (sim && cli_sim_opts(cx, &so, &err) != MU_OK)
        return cli_fail(cx, &err);
    mu_oob_odds exact, simd;
    if ((rc = cli_oob_odds(cx, corps, sim ? &so : NULL, &exact, &simd)) ==
        CLI_OK) {
        mu_chart *c = NULL;
        mu_oob_stat stat = (mu_oob_stat)cli_choice(cx, O_stat, MU_STAT_STANDS);
        mu_status st = mu_chart_oob_odds(&exact, sim ? &simd : NULL, stat, &c,
                                         &err);
        rc = write_chart(cx, c, st, &err);
    }
    mu_oob_odds_clear(&simd);
    mu_oob_odds_clear(&exact);
    return rc;
}

static cli_rc plot_fire(cli_ctx *cx, bool sim)
{
    cli_rc rc = check_out(cx);
    mu_volley v;
    if (rc == CLI_OK)
        rc = cli_volley_compute(cx, &v);
    if (rc != CLI_OK)
        return rc;
    mu_error err = {0};
    mu_sim_opts so;
    if (sim && cli_sim_opts(cx, &so, &err) != MU_OK)
        return cli_fail(cx, &err);
    mu_fire_odds exact, simd;
    if ((rc = cli_fire_odds(cx, &v, sim ? &so : NULL, &exact, &simd)) ==
        CLI_OK) {
        mu_chart *c = NULL;
        mu_status st = mu_chart_fire_odds(&exact, sim ? &simd : NULL, &c,
                                          &err);
        rc = write_chart(cx, c, st, &err);
    }
    mu_fire_odds_clear(&simd);
    mu_fire_odds_clear(&exact);
    return rc;
}

static cli_rc run_charge(cli_ctx *cx)
{
    cli_rc rc = check_out(cx);
    if (rc != CLI_OK)
        return rc;
    mu_charge_opts o;
    if ((rc = cli_charge_opts(cx, &o)) != CLI_OK)
        return rc;
    bool crew = cli_has(cx, O_crew_left);
    if (crew && !o.return_fire)
        return cli_error(cx, _("plot odds charge: the crew is lost only to "
                         "return fire: add --return-fire musket"));
    mu_error err = {0};
    mu_charge_odds *co = NULL;
    if ((rc = cli_charge_odds(cx, &o, &co)) == CLI_OK) {
        mu_chart *c = NULL;
        mu_status st = mu_chart_charge_odds(co, crew, &c, &err);
        rc = write_chart(cx, c, st, &err);
    }
    mu_charge_odds_clear(co);
    free(co);
    return rc;
}

static cli_rc run_odds_division(cli_ctx *cx) { return plot_oob(cx, false, false); }
static cli_rc run_odds_corps(cli_ctx *cx) { return plot_oob(cx, true, false); }
static cli_rc run_odds_fire(cli_ctx *cx) { return plot_fire(cx, false); }
static cli_rc run_sim_division(cli_ctx *cx) { return plot_oob(cx, false, true); }
static cli_rc run_sim_corps(cli_ctx *cx) { return plot_oob(cx, true, true); }
static cli_rc run_sim_fire(cli_ctx *cx) { return plot_fire(cx, true); }
#endif

static const cli_opt odds_division_opts[] = {PLOT_DIVISION, PLOT_NO_SIM, {0}};
static const cli_opt odds_corps_opts[] = {PLOT_CORPS, PLOT_NO_SIM, {0}};
static const cli_opt odds_fire_opts[] = {PLOT_FIRE, PLOT_NO_SIM, {0}};
static const cli_opt odds_charge_opts[] = {
    OPT_CHARGE,
    {.name = "crew-left", .type = ARG_FLAG,
     .help = N_("draw the gun's crew left at contact (with --return-fire) "
             "instead of the unit's figures")},
    OPT_RULES_WEAPONS, OPT_OUT, NO_FORMAT,
    {0}};
static const cli_opt card_opts[] = {
    OPT_RULES_WEAPONS,
    {.name = "out", .type = ARG_FILE, .metavar = "FILE",
     .flags = CLI_REQUIRED | CLI_LOCAL,
     .help = N_("the card to write: FILE.pdf (one A4 page, fonts embedded), "
             "FILE.png (1190 x 1684) or FILE.svg; written whole or not at all"),
     .missing = N_("%s: say where to draw: --out FILE.pdf, FILE.png or FILE.svg")},
    NO_FORMAT,
    {0}};
static const cli_opt sim_division_opts[] = {PLOT_DIVISION, PLOT_SIM_OPTS, {0}};
static const cli_opt sim_corps_opts[] = {PLOT_CORPS, PLOT_SIM_OPTS, {0}};
static const cli_opt sim_fire_opts[] = {PLOT_FIRE, PLOT_SIM_OPTS, {0}};

/* ---- the table ---------------------------------------------------------- */

static const cli_arg curves_args[] = {
    {.metavar = "W", .type = OPD_WORD, .values = cli_weapon_words,
     .optional = true, .many = true},
    {0}};
static const cli_arg figure_args[] = {
    {.metavar = "N", .type = OPD_WORD, .key = "number",
     .values = cli_figure_words},
    {0}};

const cli_command cmd_plot_curves = {
    .name = "plot curves",
    .summary = N_("P against range for any weapons"),
    .doc = N_("P against range for the weapons named, inches below and yards "
           "above.\nmuster plot curves --weapon musket rifle --out mr.png\n"),
    .opts = curves_opts, .run = CLI_FULL_RUN(run_curves),
    .flags = CLI_FULL | CLI_HEAVY, .args = curves_args};

const cli_command cmd_plot_figure = {
    .name = "plot figure",
    .summary = N_("the Courier article's figure N"),
    .doc = N_("The article's figure N: 1 the staircase of range bands against "
           "the\nmusket's line (the bands are illustrative: the article gives "
           "no numbers),\n2 the musket, 3 musket and rifle, 4 the musket in "
           "the open and behind\ncover, 5 canister and roundshot with their "
           "crossover at 22.5 inches.\n"),
    .opts = figure_opts, .run = CLI_FULL_RUN(run_figure),
    .flags = CLI_FULL | CLI_HEAVY, .args = figure_args};

const cli_command cmd_plot_card = {
    .name = "plot card",
    .summary = N_("a one-page quick-reference card of every weapon's P"),
    .doc = N_("One A4 page for the table: P by range, every inch, of every weapon "
           "of the\nweapons file (the built-in ones but figure 1's staircase, "
           "or --rules FILE),\nin the open and behind hard cover; what each "
           "gun fires there; where its\nloads cross (canister and roundshot "
           "at 22.5 inches). The values are those\n'muster curve' prints.\n"),
    .opts = card_opts, .run = CLI_FULL_RUN(run_card), .flags = CLI_FULL | CLI_HEAVY};

#define ODDS_DOC N_("The exact distribution as bars, with the mean marked.\n")
#define SIM_DOC                                                                \
    N_("Simulated frequencies (black diamonds) over the exact bars, with the\n"   \
    "mean marked.\n")

const cli_command cmd_plot_odds_division = {
    .name = "plot odds division", .summary = N_("a division's odds as bars"),
    .doc = ODDS_DOC, .opts = odds_division_opts,
    .run = CLI_FULL_RUN(run_odds_division),
    .flags = CLI_FULL | CLI_HEAVY};
const cli_command cmd_plot_odds_corps = {
    .name = "plot odds corps", .summary = N_("a corps' odds as bars"),
    .doc = ODDS_DOC, .opts = odds_corps_opts,
    .run = CLI_FULL_RUN(run_odds_corps),
    .flags = CLI_FULL | CLI_HEAVY};
const cli_command cmd_plot_odds_fire = {
    .name = "plot odds fire", .summary = N_("the hits of a volley as bars"),
    .doc = ODDS_DOC, .opts = odds_fire_opts, .run = CLI_FULL_RUN(run_odds_fire),
    .flags = CLI_FULL | CLI_HEAVY};
const cli_command cmd_plot_odds_charge = {
    .name = "plot odds charge", .summary = N_("what is left after a charge"),
    .doc = ODDS_DOC, .opts = odds_charge_opts, .run = CLI_FULL_RUN(run_charge),
    .flags = CLI_FULL | CLI_HEAVY};
const cli_command cmd_plot_sim_division = {
    .name = "plot sim division", .summary = N_("simulated divisions on the odds"),
    .doc = SIM_DOC, .opts = sim_division_opts,
    .run = CLI_FULL_RUN(run_sim_division),
    .flags = CLI_FULL | CLI_HEAVY};
const cli_command cmd_plot_sim_corps = {
    .name = "plot sim corps", .summary = N_("simulated corps on the odds"),
    .doc = SIM_DOC, .opts = sim_corps_opts, .run = CLI_FULL_RUN(run_sim_corps),
    .flags = CLI_FULL | CLI_HEAVY};
const cli_command cmd_plot_sim_fire = {
    .name = "plot sim fire", .summary = N_("simulated volleys on the odds"),
    .doc = SIM_DOC, .opts = sim_fire_opts, .run = CLI_FULL_RUN(run_sim_fire),
    .flags = CLI_FULL | CLI_HEAVY};

const cli_group grp_plot = {
    .name = "plot",
    .summary = N_("charts of fire curves and odds: PNG, SVG or PDF"),
    .doc = N_("Charts for print and screen. The --out file's extension picks the "
           "format:\n.png (1120 x 800 pixels), .svg or .pdf (fonts embedded). "
           "The file is\nwritten whole or not at all; on bad input nothing is "
           "written. 'plot odds'\nand 'plot sim' take the options of 'odds' "
           "and 'sim'.\n"),
    .missing = N_("plot: say what: curves, figure, card, odds or sim (see "
                  "'muster help plot')"),
    .unknown = N_("plot: unknown chart '%s': curves, figure, card, odds or sim "
                  "(see 'muster help plot')")};
const cli_group grp_plot_odds = {
    .name = "plot odds",
    .summary = N_("exact odds as bars"),
    .doc = ODDS_DOC,
    .missing = N_("plot odds: say what: division, corps, fire or charge (see "
               "'muster help plot odds')"),
    .unknown = N_("plot odds: unknown question '%s': division, corps, fire or "
               "charge (see 'muster help plot odds')")};
const cli_group grp_plot_sim = {
    .name = "plot sim",
    .summary = N_("simulated frequencies over the exact bars"),
    .doc = SIM_DOC,
    .missing = N_("plot sim: say what: division, corps or fire (see 'muster "
               "help plot sim')"),
    .unknown = N_("plot sim: unknown question '%s': division, corps or fire "
               "(see 'muster help plot sim')")};
