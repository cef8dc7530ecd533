/* SPDX-License-Identifier: MIT */
/* cmd_sim.c -- muster sim division | corps | fire: the real generator run
 * many times, compared with the exact odds. */
#include "opts.h"

#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* ---- the progress bar ------------------------------------------------- */

typedef struct progress {
    struct timespec start;
    bool tty, shown;
    int last; /* permille last drawn */
} progress;

static double elapsed(const progress *p)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - p->start.tv_sec) +
           1e-9 * (double)(now.tv_nsec - p->start.tv_nsec);
}

static void progress_cb(void *ud, uint64_t done, uint64_t total)
{
    progress *p = ud;
    if (!p->tty || total == 0)
        return;
    double t = elapsed(p);
    if (!p->shown && t < 1.0)
        return;
    int pm = (int)(1000.0 * (double)done / (double)total);
    if (pm == p->last)
        return;
    p->shown = true;
    p->last = pm;
    char bar[41];
    int fill = pm * 40 / 1000;
    for (int i = 0; i < 40; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[40] = '\0';
    double eta = done ? t * (double)(total - done) / (double)done : 0;
    fputs("\r", stderr);
    char done_pc[32];
    fprintf(stderr, _("[%s] %5s%%  %.0fs left "), bar,
            cli_decimal_text(pm / 10.0, 1, done_pc, sizeof done_pc), eta);
    fflush(stderr);
}

static void progress_end(progress *p)
{
    if (p->shown) {
        fputs("\r\033[K", stderr); /* clear the bar's line */
        fflush(stderr);
    }
}

/* ---- sim division | corps | fire ----------------------------------- */

mu_status cli_sim_opts(cli_ctx *cx, mu_sim_opts *so, mu_error *err)
{
    cx->has_seed = cli_has(cx, O_seed);
    cx->seed = cli_num(cx, O_seed, 0);
    if (!cx->has_seed && mu_seed_from_os(&cx->seed, err) != MU_OK)
        return err->code;
    long n = (long)cli_num(cx, O_threads, 0);
    if (n == 0)
        n = sysconf(_SC_NPROCESSORS_ONLN);
    *so = (mu_sim_opts){.trials = cli_num(cx, O_trials, 1000000),
                        .seed = cx->seed,
                        .threads = n < 1                    ? 1
                                   : n > MU_SIM_MAX_THREADS ? MU_SIM_MAX_THREADS
                                                            : (int)n};
    return MU_OK;
}

/* What a trial costs is measured in bench/README.md ("Simulation"), not
 * stated here: the help says only what a user plans a run by. */
#define OPT_TIME_LIMIT                                                         \
    {.name = "time-limit", .type = ARG_NUM, .lo = 1, .hi = 1000000000,         \
     .metavar = "SECONDS",                                                     \
     .help = N_("stop taking new trials after this many seconds and report "     \
             "the ones run (always whole blocks of 65536 from the first, so " \
             "the result is the one that many --trials give), with how far " \
             "each percentage may be off (10^12 trials are hours of work)")}
#define OPT_SIM OPT_TRIALS, OPT_SIM_SEED, OPT_THREADS, OPT_TIME_LIMIT

static const cli_opt division_opts[] = {ODDS_DIVISION_OPTS, OPT_SIM, {0}};
static const cli_opt corps_opts[] = {ODDS_CORPS_OPTS, OPT_SIM, {0}};

#define SIM_DICE                                                               \
    N_("the simulation rolls its own dice from --seed: drop --rolls, --ask "   \
       "and --no-roll")
static const cli_opt fire_opts[] = {
    OPT_VOLLEY,
    OPT_METHOD,
    OPT_SIM,
    OPT_RULES_WEAPONS,
    OPT_ODDS_FORMAT,
    OPT_NO_ROLLS(SIM_DICE),
    OPT_NO_LABELS,
    {0}};

/* The odds of one command, with simulated frequencies beside them. */
typedef cli_rc (*sim_odds)(cli_ctx *cx, const mu_sim_opts *so);

/* Runs the simulation of `what` (division, corps or fire) beside the
 * exact odds, with the progress bar. */
static cli_rc simulate(cli_ctx *cx, sim_odds odds)
{
    mu_error err = {0};
    progress p = {.tty = isatty(STDERR_FILENO), .last = -1};
    mu_sim_opts so;
    if (cli_sim_opts(cx, &so, &err) != MU_OK)
        return cli_fail(cx, &err);
    so.progress = progress_cb;
    so.ud = &p;
    so.seconds = (double)cli_num(cx, O_time_limit, 0);
    clock_gettime(CLOCK_MONOTONIC, &p.start);
    cli_rc rc = odds(cx, &so);
    progress_end(&p);
    return rc;
}

static cli_rc odds_division(cli_ctx *cx, const mu_sim_opts *so)
{
    return cli_odds_oob(cx, false, so);
}

static cli_rc odds_corps(cli_ctx *cx, const mu_sim_opts *so)
{
    return cli_odds_oob(cx, true, so);
}

static cli_rc run_division(cli_ctx *cx) { return simulate(cx, odds_division); }
static cli_rc run_corps(cli_ctx *cx) { return simulate(cx, odds_corps); }
static cli_rc run_fire(cli_ctx *cx) { return simulate(cx, cli_odds_fire); }

#define SIM_DOC                                                                \
    N_("Generates N divisions, corps or volleys with the real tables and dice and\n" \
    "reports the same distributions as 'muster odds', as frequencies, with the\n" \
    "largest gap to the exact odds. A progress bar appears on standard error\n"   \
    "for runs longer than a second, when standard error is a terminal.\n")

const cli_command cmd_sim_division = {.name = "sim division",
    .summary = N_("simulate divisions"), .doc = SIM_DOC, .opts = division_opts,
    .run = run_division,
    .flags = CLI_WEB | CLI_HEAVY};
const cli_command cmd_sim_corps = {.name = "sim corps",
    .summary = N_("simulate corps"), .doc = SIM_DOC, .opts = corps_opts,
    .run = run_corps,
    .flags = CLI_WEB | CLI_HEAVY};
const cli_command cmd_sim_fire = {.name = "sim fire",
    .summary = N_("simulate volleys"), .doc = SIM_DOC, .opts = fire_opts,
    .run = run_fire,
    .flags = CLI_WEB | CLI_HEAVY};

const cli_group grp_sim = {
    .name = "sim",
    .summary = N_("simulate with the real dice and compare with the odds"),
    .doc = SIM_DOC,
    .missing = N_("sim: say what: division, corps or fire (see 'muster help sim')"),
    .unknown = N_("sim: unknown question '%s': division, corps or fire (see "
               "'muster help sim')")};
