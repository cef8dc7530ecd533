/* cmd_sim.c -- muster sim division | corps | fire: the real generator run
 * many times, compared with the exact odds. */
#include "odds_cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const char help_sim[] =
    "usage: muster sim division --army A [--year Y] [--theater T] [--arm A]\n"
    "                           [--by-the-book] [-n N] [--seed S] [--threads T]\n"
    "                           [--rules FILE] [--format F]\n"
    "       muster sim corps --army A [--divisions N] [--cavalry N] [...]\n"
    "       muster sim fire  (the options of 'fire') [--method M] [-n N] [...]\n\n"
    "Generates N divisions, corps or volleys with the real tables and dice and\n"
    "reports the same distributions as 'muster odds', as frequencies, with the\n"
    "largest gap to the exact odds.\n\n"
    "  -n, --trials N    how many (default 1000000; at most 10^12)\n"
    "  --seed S          the dice; printed so that a run can be repeated\n"
    "  --threads T       threads (default: one per processor). The result for\n"
    "                    a seed is the same for any number of threads: the\n"
    "                    trials are cut into blocks of 65536 and block b rolls\n"
    "                    the seed's dice advanced by b xoshiro256** jumps, so\n"
    "                    block 0 is what 'muster division --count' rolls.\n"
    "  (other options as for 'muster odds')\n\n"
    "A progress bar appears on standard error for runs longer than a second,\n"
    "when standard error is a terminal.\n";

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

static void cli_progress_start(progress *p)
{
    memset(p, 0, sizeof *p);
    p->tty = isatty(STDERR_FILENO);
    p->last = -1;
    clock_gettime(CLOCK_MONOTONIC, &p->start);
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
    fprintf(stderr, "\r[%s] %5.1f%%  %.0fs left ", bar, pm / 10.0, eta);
    fflush(stderr);
}

static void progress_end(progress *p)
{
    if (p->shown) {
        fputs("\r\033[K", stderr); /* clear the bar's line */
        fflush(stderr);
    }
}

/* ---- sim division | corps ------------------------------------------- */

static int default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        n = 1;
    if (n > MU_SIM_MAX_THREADS)
        n = MU_SIM_MAX_THREADS;
    return (int)n;
}

static int sim_oob(int argc, char **argv, bool corps)
{
    odds_oob_args a;
    int rc = odds_oob_parse(argc, argv, corps ? "sim corps" : "sim division",
                            true, &a);
    if (rc >= 0)
        return rc;
    mu_error err = {0};
    if (!a.cc.has_seed && mu_seed_from_os(&a.cc.seed, &err) != MU_OK)
        return cli_fail(&err);
    mu_rules *rules = NULL;
    mu_labels *labels = NULL;
    if (cli_rules(&a.cc, &rules, &labels, &err) != MU_OK)
        return cli_fail(&err);
    mu_oob_odds exact, sim;
    memset(&exact, 0, sizeof exact);
    memset(&sim, 0, sizeof sim);
    char *text = NULL;
    progress p;
    cli_progress_start(&p);
    mu_sim_opts so = {a.trials, a.cc.seed,
                      a.threads ? a.threads : default_threads(), progress_cb,
                      &p};
    mu_status st = corps ? mu_odds_corps(rules, &a.b.o, (int)a.b.divisions,
                                         (int)a.b.cavalry, &exact, &err)
                         : mu_odds_division(rules, &a.b.o, &exact, &err);
    if (st == MU_OK)
        st = corps ? mu_sim_corps(rules, &a.b.o, (int)a.b.divisions, (int)a.b.cavalry,
                                  &so, &sim, &err)
                   : mu_sim_division(rules, &a.b.o, &so, &sim, &err);
    progress_end(&p);
    if (st == MU_OK)
        st = mu_oob_odds_render(&sim, &exact, &(mu_render_opts){.format = a.cc.format}, &text, &err);
    rc = st == MU_OK ? cli_emit(text) : cli_fail(&err);
    free(text);
    mu_oob_odds_clear(&sim);
    mu_oob_odds_clear(&exact);
    mu_labels_free(labels);
    mu_rules_free(rules);
    return rc;
}

static int sim_fire(int argc, char **argv)
{
    odds_fire_args a;
    int rc = odds_fire_parse(argc, argv, "sim fire", true, &a);
    if (rc >= 0)
        return rc;
    mu_error err = {0};
    if (!a.f.cc.has_seed && mu_seed_from_os(&a.f.cc.seed, &err) != MU_OK)
        return cli_fail(&err);
    mu_fire_odds exact, sim;
    char *text = NULL;
    progress p;
    cli_progress_start(&p);
    mu_sim_opts so = {a.trials, a.f.cc.seed,
                      a.threads ? a.threads : default_threads(), progress_cb,
                      &p};
    mu_status st = mu_odds_fire(&a.volley, a.method, &exact, &err);
    if (st == MU_OK)
        st = mu_sim_fire(&a.volley, a.method, &so, &sim, &err);
    progress_end(&p);
    if (st == MU_OK)
        st = mu_fire_odds_render(&sim, &exact, &(mu_render_opts){.format = a.f.cc.format}, &text, &err);
    rc = st == MU_OK ? cli_emit(text) : cli_fail(&err);
    free(text);
    mu_fire_odds_clear(&sim);
    mu_fire_odds_clear(&exact);
    return rc;
}

int cmd_sim(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage("sim: say what: division, corps or fire (see 'muster "
                         "help sim')");
    const char *what = argv[1];
    if (!strcmp(what, "--help") || !strcmp(what, "-h"))
        return cli_help("sim");
    if (!strcmp(what, "division"))
        return sim_oob(argc - 1, argv + 1, false);
    if (!strcmp(what, "corps"))
        return sim_oob(argc - 1, argv + 1, true);
    if (!strcmp(what, "fire"))
        return sim_fire(argc - 1, argv + 1);
    return cli_usage("sim: unknown question '%s': division, corps or fire "
                     "(see 'muster help sim')", what);
}
