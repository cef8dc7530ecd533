/* SPDX-License-Identifier: MIT */
/* cmd_odds.c -- muster odds division | corps | battle | fire | charge. */
#include "opts.h"

#include <stdlib.h>
#include <math.h>
#include <string.h>

const char *const cli_odds_formats[] = {"text", "json", "csv", "markdown",
                                        NULL};

#define ODDS_NO_SIM                                                            \
    OPT_NO_SIM(N_("exact odds roll no dice: --trials, --seed and --threads "   \
                  "belong to 'muster sim'"))

static const cli_opt division_opts[] = {ODDS_DIVISION_OPTS, ODDS_NO_SIM, {0}};
static const cli_opt corps_opts[] = {ODDS_CORPS_OPTS, ODDS_NO_SIM, {0}};

#define BOTH_ARMIES                                                            \
    N_("both armies take part; --army, --arm and --cavalry belong to "         \
       "'division' and 'corps'")
static const cli_opt battle_opts[] = {
    OPT_YEAR,
    OPT_THEATER,
    OPT_DIVISIONS("infantry divisions on each side (default 3)"),
    OPT_BOOK("despicable leaders count as average"),
    OPT_RULES_TABLES,
    OPT_ODDS_FORMAT,
    OPT_REFUSE("army", ARG_TEXT, BOTH_ARMIES),
    OPT_REFUSE("arm", ARG_TEXT, BOTH_ARMIES),
    OPT_REFUSE("cavalry", ARG_TEXT, BOTH_ARMIES),
    ODDS_NO_SIM,
    {0}};

/* Checks --divisions and --cavalry of a corps. */
static cli_rc corps_size(cli_ctx *cx, int *divisions, int *cavalry)
{
    *divisions = (int)cli_num(cx, O_divisions, 3);
    *cavalry = (int)cli_num(cx, O_cavalry, 0);
    if (*divisions + *cavalry < 1)
        return cli_error(cx, _("%s: a corps needs at least one division"),
                         cx->cmd->name);
    if (*divisions + *cavalry > 64)
        return cli_error(cx, _("%s: a corps has at most 64 divisions"),
                         cx->cmd->name);
    return CLI_OK;
}

/* A simulation cut short by --time-limit says so under its result, with
 * what the trials run are worth: at 95 % confidence a frequency of n
 * trials is within 1.96 sqrt(p(1-p)/n) <= 0.98 / sqrt(n) of its chance. */
static cli_rc time_note(cli_ctx *cx, cli_rc rc, const mu_sim_opts *so,
                        uint64_t ran)
{
    mu_format f = cli_format(cx);
    if (rc != CLI_OK || !so || so->seconds <= 0 || ran >= so->trials ||
        (f != MU_FMT_TEXT && f != MU_FMT_MARKDOWN))
        return rc;
    char within[32];
    mu_buf_printf(&cx->out, _("\nStopped by --time-limit after %llu of %llu "
                              "trials: each percentage above is within %s "
                              "points of its exact chance at 95%% "
                              "confidence.\n"),
                  (unsigned long long)ran, (unsigned long long)so->trials,
                  cli_decimal_text(98.0 / sqrt((double)ran), 2, within,
                             sizeof within));
    return rc;
}

cli_rc cli_oob_odds(cli_ctx *cx, bool corps, const mu_sim_opts *so,
                    mu_oob_odds *exact, mu_oob_odds *sim)
{
    memset(exact, 0, sizeof *exact);
    memset(sim, 0, sizeof *sim);
    int nd = 0, nc = 0;
    cli_rc rc = corps ? corps_size(cx, &nd, &nc) : CLI_OK;
    if (rc != CLI_OK)
        return rc;
    mu_error err = {0};
    const mu_rules *rules = NULL;
    mu_labels *labels = NULL; /* none: these commands take no --labels */
    if (cli_rules(cx, &rules, &labels, &err) != MU_OK)
        return cli_fail(cx, &err);
    mu_oob_opts o = cli_oob_opts(cx);
    mu_status st = corps ? mu_odds_corps(rules, &o, nd, nc, exact, &err)
                         : mu_odds_division(rules, &o, exact, &err);
    if (st == MU_OK && so)
        st = corps ? mu_sim_corps(rules, &o, nd, nc, so, sim, &err)
                   : mu_sim_division(rules, &o, so, sim, &err);
    cli_rules_free(cx, rules);
    return st == MU_OK ? CLI_OK : cli_fail(cx, &err);
}

cli_rc cli_odds_oob(cli_ctx *cx, bool corps, const mu_sim_opts *so)
{
    const mu_render_opts fmt = {.format = cli_format(cx)};
    mu_oob_odds exact, sim;
    mu_error err = {0};
    char *text = NULL;
    cli_rc rc = cli_oob_odds(cx, corps, so, &exact, &sim);
    if (rc == CLI_OK)
        rc = mu_oob_odds_render(so ? &sim : &exact, so ? &exact : NULL, &fmt,
                                &text, &err) == MU_OK ? cli_take(cx, text)
                                                      : cli_fail(cx, &err);
    rc = time_note(cx, rc, so, sim.trials);
    mu_oob_odds_clear(&sim);
    mu_oob_odds_clear(&exact);
    return rc;
}

static cli_rc run_division(cli_ctx *cx) { return cli_odds_oob(cx, false, NULL); }
static cli_rc run_corps(cli_ctx *cx) { return cli_odds_oob(cx, true, NULL); }

static cli_rc run_battle(cli_ctx *cx)
{
    const mu_render_opts fmt = {.format = cli_format(cx)};
    int divisions = (int)cli_num(cx, O_divisions, 3);
    if (divisions < 1)
        return cli_error(cx, _("odds battle: each side needs at least one "
                         "division"));
    mu_error err = {0};
    const mu_rules *rules = NULL;
    mu_labels *labels = NULL;
    mu_battle_odds b;
    char *text = NULL;
    memset(&b, 0, sizeof b);
    if (cli_rules(cx, &rules, &labels, &err) != MU_OK)
        return cli_fail(cx, &err);
    mu_oob_opts o = cli_oob_opts(cx);
    mu_status st = mu_odds_battle(rules, &o, divisions, &b, &err);
    if (st == MU_OK)
        st = mu_battle_odds_render(&b, &fmt, &text, &err);
    cli_rc rc = st == MU_OK ? cli_take(cx, text) : cli_fail(cx, &err);
    mu_battle_odds_clear(&b);
    cli_rules_free(cx, rules);
    return rc;
}

/* ---- odds fire ---------------------------------------------------------- */

#define FIRE_NO_DICE                                                           \
    N_("exact odds roll no dice: drop --seed, --rolls, --ask and --no-roll")
#define FIRE_NO_SIM                                                            \
    N_("exact odds roll no dice: --trials and --threads belong to 'muster "    \
       "sim fire'")

static const char *const program_langs[] = {"anydice", "troll", "dicelab",
                                            NULL};

static const cli_opt fire_opts[] = {
    OPT_VOLLEY,
    OPT_METHOD,
    {.name = "to", .type = ARG_CHOICE, .vocab = program_langs, .metavar = "L",
     .help = N_("instead of the odds, the program that asks the same question "
             "in anydice, troll or dicelab (Troll and dicelab: one --method)")},
    OPT_RULES_WEAPONS,
    OPT_ODDS_FORMAT,
    OPT_REFUSE("seed", ARG_TEXT, FIRE_NO_DICE),
    OPT_NO_ROLLS(FIRE_NO_DICE),
    OPT_REFUSE("trials", ARG_TEXT, FIRE_NO_SIM),
    OPT_REFUSE("threads", ARG_TEXT, FIRE_NO_SIM),
    OPT_NO_LABELS,
    {0}};

cli_rc cli_fire_odds(cli_ctx *cx, const mu_volley *v, const mu_sim_opts *so,
                    mu_fire_odds *exact, mu_fire_odds *sim)
{
    mu_error err = {0};
    memset(exact, 0, sizeof *exact);
    memset(sim, 0, sizeof *sim);
    mu_hit_method m = (mu_hit_method)(cli_choice(cx, O_method, 2) + 1);
    mu_status st = mu_odds_fire(v, m, exact, &err);
    if (st == MU_OK && so)
        st = mu_sim_fire(v, m, so, sim, &err);
    return st == MU_OK ? CLI_OK : cli_fail(cx, &err);
}

cli_rc cli_odds_fire(cli_ctx *cx, const mu_sim_opts *so)
{
    const mu_render_opts fmt = {.format = cli_format(cx)};
    mu_volley v;
    cli_rc rc = cli_volley_compute(cx, &v);
    if (rc != CLI_OK)
        return rc;
    mu_error err = {0};
    mu_fire_odds exact, sim;
    char *text = NULL;
    if (cli_takes(cx, O_to) && cli_has(cx, O_to)) { /* odds fire alone */
        if (cli_has(cx, O_format))
            return cli_error(cx, _("odds fire: --to writes a program, not a "
                             "format: give --to or --format"));
        mu_hit_method m = (mu_hit_method)(cli_choice(cx, O_method, 2) + 1);
        mu_dice_lang lang = (mu_dice_lang)(MU_LANG_ANYDICE + cli_choice(cx, O_to, 0));
        mu_status ps = mu_odds_program(&v, m, lang, &text, &err);
        return ps == MU_OK ? cli_take(cx, text) : cli_fail(cx, &err);
    }
    if ((rc = cli_fire_odds(cx, &v, so, &exact, &sim)) == CLI_OK)
        rc = mu_fire_odds_render(so ? &sim : &exact, so ? &exact : NULL, &fmt,
                                 &text, &err) == MU_OK ? cli_take(cx, text)
                                                       : cli_fail(cx, &err);
    rc = time_note(cx, rc, so, sim.trials);
    mu_fire_odds_clear(&sim);
    mu_fire_odds_clear(&exact);
    return rc;
}

static cli_rc run_fire(cli_ctx *cx) { return cli_odds_fire(cx, NULL); }

/* ---- odds charge -------------------------------------------------------- */

static const cli_opt charge_opts[] = {
    OPT_CHARGE,
    OPT_RULES_WEAPONS,
    OPT_ODDS_FORMAT,
    {0}};

cli_rc cli_charge_opts(cli_ctx *cx, mu_charge_opts *o)
{
    memset(o, 0, sizeof *o);
    o->figures = (int)cli_num(cx, O_figures, 0);
    o->gun = cli_str(cx, O_gun);
    o->crew = (int)cli_num(cx, O_crew, 0);
    o->cover = cli_has(cx, O_cover);
    o->no_canister = cli_has(cx, O_no_canister);
    o->no_point_blank = cli_has(cx, O_no_point_blank);
    o->return_fire = cli_str(cx, O_return_fire);
    /* the file's [units] only when --cm-per-inch is not given: the file is
     * read again by the run, which reports its errors */
    const mu_weapons *w = NULL;
    mu_error err = {0};
    if (!cli_has(cx, O_cm_per_inch) && cli_has(cx, O_rules) &&
        cli_weapons(cx, &w, &err) != MU_OK)
        w = NULL;
    mu_rat cpi = cli_cm_per_inch(cx, w);
    cli_weapons_free(cx, w);
    cli_rc rc = cli_len(cx, O_range, (mu_rat){0, 1}, cpi, false, &o->range);
    if (rc == CLI_OK)
        rc = cli_len(cx, O_move, (mu_rat){0, 1}, cpi, false, &o->move);
    if (cli_get(cx, O_range)->unit == CLI_UNIT_CM) /* the answer's unit */
        o->cm_per_inch = cpi;
    return rc;
}

cli_rc cli_charge_odds(cli_ctx *cx, const mu_charge_opts *o,
                      mu_charge_odds **co)
{
    mu_error err = {0};
    const mu_weapons *w = NULL;
    *co = calloc(1, sizeof **co); /* large for the stack */
    if (!*co)
        return cli_error(cx, _("out of memory")), CLI_FAIL;
    mu_status st = cli_weapons(cx, &w, &err);
    if (st == MU_OK)
        st = mu_odds_charge(w, o, *co, &err);
    cli_weapons_free(cx, w);
    return st == MU_OK ? CLI_OK : cli_fail(cx, &err);
}

static cli_rc run_charge(cli_ctx *cx)
{
    const mu_render_opts fmt = {.format = cli_format(cx)};
    mu_charge_opts o;
    mu_charge_odds *co = NULL;
    mu_error err = {0};
    char *text = NULL;
    cli_rc rc = cli_charge_opts(cx, &o);
    if (rc == CLI_OK && (rc = cli_charge_odds(cx, &o, &co)) == CLI_OK)
        rc = mu_charge_odds_render(co, &fmt, &text, &err) == MU_OK
                 ? cli_take(cx, text) : cli_fail(cx, &err);
    mu_charge_odds_clear(co);
    free(co);
    return rc;
}

/* ---- the table ---------------------------------------------------------- */

const cli_command cmd_odds_division = {
    .name = "odds division",
    .summary = N_("the exact odds of a division"),
    .doc =
        N_("The distributions of the division leader's rating, brigades, brigades by\n"
        "morale, brigadiers by rating, stands, the artillery ratio, batteries,\n"
        "batteries kept and sent to the reserve, with P(at least n) and means.\n"
        "Without --year or --theater, table 1 is mixed in as the generator would\n"
        "roll it.\n"),
    .opts = division_opts,
    .run = run_division,
    .flags = CLI_WEB};

const cli_command cmd_odds_corps = {
    .name = "odds corps",
    .summary = N_("the exact odds of a corps"),
    .doc = N_("The same for a corps leader and N infantry (default 3) plus\n"
           "--cavalry N divisions, added up.\n"),
    .opts = corps_opts,
    .run = run_corps,
    .flags = CLI_WEB};

const cli_command cmd_odds_battle = {
    .name = "odds battle",
    .summary = N_("the exact odds of both corps of a battle"),
    .doc = N_("Both corps of a battle (N infantry divisions each, default 3),\n"
           "sharing the table 1 roll, and who brings more stands.\n"),
    .opts = battle_opts,
    .run = run_battle,
    .flags = CLI_WEB};

const cli_command cmd_odds_fire = {
    .name = "odds fire",
    .summary = N_("the exact odds of the hits of a volley"),
    .doc = N_("The hits of one volley (the options of 'muster fire', without\n"
           "dice): P(hits = k), P(hits >= k) and the mean.\n"),
    .opts = fire_opts,
    .run = run_fire,
    .flags = CLI_WEB};

const cli_command cmd_odds_charge = {
    .name = "odds charge",
    .summary = N_("the exact odds of charging the guns"),
    .doc =
        N_("\"Don't charge the guns!\": a unit closes on a gun, which fires its\n"
        "better load at each range down to contact; the exact distribution of\n"
        "the figures left at contact (a Markov chain, each volley by the\n"
        "additive rule against what is left).\n"),
    .opts = charge_opts,
    .run = run_charge,
    .flags = CLI_WEB};

const cli_group grp_odds = {
    .name = "odds",
    .summary = N_("exact odds: divisions, corps, fire, charging the guns"),
    .doc = N_("Exact odds, computed by enumeration and convolution: no dice are\n"
           "rolled. Text gives percent with 2 decimals (\"-\" impossible,\n"
           "\"<0.01%\" possible but rarer); JSON gives probabilities as "
           "numbers.\n"),
    .missing = N_("odds: say what: division, corps, battle, fire or charge (see "
               "'muster help odds')"),
    .unknown = N_("odds: unknown question '%s': division, corps, battle, fire or "
               "charge (see 'muster help odds')")};
