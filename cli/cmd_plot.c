/* cmd_plot.c -- muster plot curves | figure | odds | sim: charts as PNG, SVG
 * or PDF, by the --out file's extension. The library draws (muster/plot.h);
 * this file only reads options. 'plot odds' and 'plot sim' take exactly the
 * options of 'odds' and 'sim' (their parsers are shared) plus --out. */
#include "odds_cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char help_plot[] =
    "usage: muster plot curves [--weapon W ...] [--cover] [--scale N]\n"
    "                          [--crossings] [--title T] [--rules FILE] --out FILE\n"
    "       muster plot figure N [--rules FILE] --out FILE\n"
    "       muster plot odds division|corps [the options of 'odds'] [--stat S]\n"
    "                        --out FILE\n"
    "       muster plot odds fire|charge [the options of 'odds'] [--crew-left]\n"
    "                        --out FILE\n"
    "       muster plot sim division|corps|fire [the options of 'sim'] [--stat S]\n"
    "                       --out FILE\n\n"
    "Draws a chart for print and screen. The --out file's extension picks the\n"
    "format: .png (1120 x 800 pixels), .svg or .pdf (fonts embedded). The file\n"
    "is written whole or not at all; on bad input nothing is written.\n\n"
    "curves    P against range for the weapons named (default: every weapon\n"
    "          that is one curve), inches below, yards above\n"
    "  --weapon W        a weapon to draw; repeat it or give W1,W2 (a gun\n"
    "                    draws both its loads); 8 curves at most\n"
    "  --cover           also draw each curve behind hard cover\n"
    "  --scale N         yards per inch for the top axis (default 10)\n"
    "  --crossings       mark where the curves cross\n"
    "  --title T         the chart's title\n"
    "figure N  the Courier article's figure N: 1 the staircase of range bands\n"
    "          against the musket's line, 2 the musket, 3 musket and rifle, 4\n"
    "          the musket in the open and behind cover, 5 canister and\n"
    "          roundshot with their crossover at 22.5 inches\n"
    "odds      the exact distribution as bars with the mean marked\n"
    "sim       simulated frequencies (diamonds) over the exact bars\n"
    "  --stat S          division and corps: what to draw (default stands):\n"
    "                    leader, brigades, stands, green, veteran, crack,\n"
    "                    despicable, average, exceptional, ratio, batteries,\n"
    "                    division_batteries, reserve\n"
    "  --crew-left       charge: the gun's crew left (with --return-fire)\n"
    "                    instead of the unit's figures\n"
    "  --out FILE        the picture to write: FILE.png, FILE.svg or FILE.pdf\n"
    "  --rules FILE      a weapons (or tables) file instead of the built-in one\n";

/* Options that belong to 'plot' itself, taken out of argv before the shared
 * parsers see the rest. */
typedef struct plot_args {
    const char *out;
    const char *stat;
    bool crew_left;
    int argc;
    char **argv;
} plot_args;

/* Takes --out, --stat and --crew-left (also as --out=FILE) out of argv.
 * Returns -1 to go on, or an exit code. */
static int take_plot_options(int argc, char **argv, const char *cmd,
                             plot_args *p)
{
    memset(p, 0, sizeof *p);
    p->argv = calloc((size_t)argc + 1, sizeof *p->argv);
    if (!p->argv)
        return cli_usage("out of memory");
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = !strcmp(a, "--out") || !strncmp(a, "--out=", 6)
                                ? &p->out
                            : !strcmp(a, "--stat") || !strncmp(a, "--stat=", 7)
                                ? &p->stat
                                : NULL;
        if (i > 0 && slot) {
            const char *eq = strchr(a, '=');
            if (!eq && i + 1 == argc)
                return cli_usage("%s: %s needs a value", cmd, a);
            *slot = eq ? eq + 1 : argv[++i];
            continue;
        }
        if (i > 0 && !strcmp(a, "--crew-left")) {
            p->crew_left = true;
            continue;
        }
        if (i > 0 && (!strcmp(a, "--format") || !strncmp(a, "--format=", 9)))
            return cli_usage("%s: a picture's format comes from the --out "
                             "file's extension (.png, .svg or .pdf), not "
                             "--format", cmd);
        p->argv[p->argc++] = argv[i];
    }
    if (!p->out)
        return cli_usage("%s: say where to draw: --out FILE.png, FILE.svg or "
                         "FILE.pdf", cmd);
    mu_error err = {0};
    mu_plot_format f;
    if (mu_plot_format_from_path(p->out, &f, &err) != MU_OK)
        return cli_fail(&err);
    return -1;
}

/* Writes the chart (or reports why not) and frees it. */
static int write_chart(mu_chart *c, mu_status st, const char *out,
                       mu_error *err)
{
    if (st == MU_OK)
        st = mu_chart_write(c, out, err);
    mu_chart_free(c);
    return st == MU_OK ? EXIT_OK : cli_fail(err);
}

static mu_status load_weapons(const char *rules, mu_weapons **w, mu_error *err)
{
    return rules ? mu_weapons_load(rules, w, err) : mu_weapons_default(w, err);
}

/* ---- curves and figures --------------------------------------------- */

enum { PC_WEAPON = OPT_FIRST_LOCAL, PC_COVER, PC_SCALE, PC_CROSSINGS,
       PC_TITLE };

static const struct option curves_options[] = {
    {"weapon", required_argument, NULL, PC_WEAPON},
    {"cover", no_argument, NULL, PC_COVER},
    {"scale", required_argument, NULL, PC_SCALE},
    {"crossings", no_argument, NULL, PC_CROSSINGS},
    {"title", required_argument, NULL, PC_TITLE},
    {"rules", required_argument, NULL, OPT_RULES},
    {"help", no_argument, NULL, OPT_HELP},
    {NULL, 0, NULL, 0}};

#define MAX_NAMES 16

/* "--weapon a,b" and "--weapon a --weapon b" both add names. */
static int add_names(char *list, const char **names, size_t *n)
{
    for (char *s = list; s && *s;) {
        char *comma = strchr(s, ',');
        if (comma)
            *comma = '\0';
        if (*s) {
            if (*n == MAX_NAMES)
                return cli_usage("plot curves: at most %d weapons", MAX_NAMES);
            names[(*n)++] = s;
        }
        s = comma ? comma + 1 : NULL;
    }
    return -1;
}

static int plot_curves(plot_args *p)
{
    const char *names[MAX_NAMES];
    mu_curves_opts o;
    memset(&o, 0, sizeof o);
    o.weapons = names;
    const char *rules = NULL;
    bool help = false;
    optind = 1;
    opterr = 0;
    int c, rc;
    while ((c = getopt_long(p->argc, p->argv, "", curves_options, NULL)) != -1) {
        switch (c) {
        case PC_WEAPON:
            if ((rc = add_names(optarg, names, &o.nweapons)) >= 0)
                return rc;
            break;
        case PC_COVER: o.cover = true; break;
        case PC_CROSSINGS: o.crossings = true; break;
        case PC_TITLE: o.title = optarg; break;
        case OPT_RULES: rules = optarg; break;
        case OPT_HELP: help = true; break;
        case PC_SCALE: {
            mu_error err;
            if (mu_rat_parse(optarg, &o.yards_per_inch, &err) != MU_OK ||
                o.yards_per_inch.num <= 0)
                return cli_usage("plot curves: --scale is yards per inch, more "
                                 "than 0, not '%s'", optarg);
            break;
        }
        default:
            return cli_bad_option("plot curves", p->argv);
        }
    }
    if (help)
        return cli_help("plot");
    if (optind < p->argc)
        return cli_usage("plot curves: unexpected argument '%s' (see 'muster "
                         "help plot')", p->argv[optind]);
    mu_error err = {0};
    mu_weapons *w = NULL;
    if (load_weapons(rules, &w, &err) != MU_OK)
        return cli_fail(&err);
    for (size_t i = 0; o.nweapons == 0 && i < mu_weapons_count(w); i++)
        if (mu_weapons_at(w, i)->kind != MU_WEAPON_GUN && o.nweapons < 8)
            names[o.nweapons++] = mu_weapons_at(w, i)->name;
    mu_chart *ch = NULL;
    mu_status st = mu_chart_curves(w, &o, &ch, &err);
    rc = write_chart(ch, st, p->out, &err);
    mu_weapons_free(w);
    return rc;
}

static int plot_figure(plot_args *p)
{
    const char *rules = NULL;
    bool help = false;
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(p->argc, p->argv, "", curves_options, NULL)) != -1) {
        if (c == OPT_RULES)
            rules = optarg;
        else if (c == OPT_HELP)
            help = true;
        else
            return cli_usage("plot figure: the figures take only --rules and "
                             "--out (see 'muster help plot')");
    }
    if (help)
        return cli_help("plot");
    long n;
    if (optind + 1 != p->argc)
        return cli_usage("plot figure: say which figure, 1 to 5: muster plot "
                         "figure 5 --out figure5.png");
    const char *a = p->argv[optind];
    if (strlen(a) != 1 || a[0] < '1' || a[0] > '5')
        return cli_usage("plot figure: the article has figures 1 to 5, not "
                         "'%s'", a);
    n = a[0] - '0';
    mu_error err = {0};
    mu_weapons *w = NULL;
    if (load_weapons(rules, &w, &err) != MU_OK)
        return cli_fail(&err);
    mu_chart *ch = NULL;
    mu_status st = mu_chart_figure(w, (int)n, &ch, &err);
    int rc = write_chart(ch, st, p->out, &err);
    mu_weapons_free(w);
    return rc;
}

/* ---- odds and sim ---------------------------------------------------- */

static int stat_of(const plot_args *p, const char *cmd, mu_oob_stat *out)
{
    *out = MU_STAT_STANDS;
    if (!p->stat)
        return -1;
    for (int s = 0; s < MU_STAT_COUNT; s++)
        if (!strcmp(p->stat, mu_oob_stat_name((mu_oob_stat)s)) ||
            (!strncmp(mu_oob_stat_name((mu_oob_stat)s), p->stat,
                      strlen(p->stat)) &&
             !strcmp(mu_oob_stat_name((mu_oob_stat)s) + strlen(p->stat),
                     "_brigadiers"))) {
            *out = (mu_oob_stat)s;
            return -1;
        }
    return cli_usage("%s: no statistic '%s': leader, brigades, stands, green, "
                     "veteran, crack, despicable, average, exceptional, ratio, "
                     "batteries, division_batteries or reserve", cmd, p->stat);
}

static int threads_default(int t)
{
    long n = t ? t : sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MU_SIM_MAX_THREADS ? MU_SIM_MAX_THREADS : (int)n;
}

static int plot_oob(plot_args *p, bool corps, bool sim)
{
    char cmd[32];
    snprintf(cmd, sizeof cmd, "plot %s %s", sim ? "sim" : "odds",
             corps ? "corps" : "division");
    mu_oob_stat stat;
    int rc = stat_of(p, cmd, &stat);
    if (rc >= 0)
        return rc;
    odds_oob_args a;
    if ((rc = odds_oob_parse(p->argc, p->argv, cmd, sim, &a)) >= 0)
        return rc;
    if (p->crew_left)
        return cli_usage("%s: --crew-left belongs to 'plot odds charge'", cmd);
    mu_error err = {0};
    if (sim && !a.cc.has_seed && mu_seed_from_os(&a.cc.seed, &err) != MU_OK)
        return cli_fail(&err);
    mu_rules *rules = NULL;
    mu_labels *labels = NULL;
    if (cli_rules(&a.cc, &rules, &labels, &err) != MU_OK)
        return cli_fail(&err);
    mu_oob_odds exact, simd;
    memset(&exact, 0, sizeof exact);
    memset(&simd, 0, sizeof simd);
    mu_sim_opts so = {a.trials, a.cc.seed, threads_default(a.threads), NULL,
                      NULL};
    int dv = (int)a.b.divisions, cv = (int)a.b.cavalry;
    mu_status st = corps ? mu_odds_corps(rules, &a.b.o, dv, cv, &exact, &err)
                         : mu_odds_division(rules, &a.b.o, &exact, &err);
    if (st == MU_OK && sim)
        st = corps ? mu_sim_corps(rules, &a.b.o, dv, cv, &so, &simd, &err)
                   : mu_sim_division(rules, &a.b.o, &so, &simd, &err);
    mu_chart *ch = NULL;
    if (st == MU_OK)
        st = mu_chart_oob_odds(&exact, sim ? &simd : NULL, stat, &ch, &err);
    rc = write_chart(ch, st, p->out, &err);
    mu_oob_odds_clear(&simd);
    mu_oob_odds_clear(&exact);
    mu_labels_free(labels);
    mu_rules_free(rules);
    return rc;
}

static int plot_fire(plot_args *p, bool sim)
{
    const char *cmd = sim ? "plot sim fire" : "plot odds fire";
    if (p->stat || p->crew_left)
        return cli_usage("%s: --stat and --crew-left are not for fire", cmd);
    odds_fire_args a;
    int rc = odds_fire_parse(p->argc, p->argv, cmd, sim, &a);
    if (rc >= 0)
        return rc;
    mu_error err = {0};
    if (sim && !a.f.cc.has_seed && mu_seed_from_os(&a.f.cc.seed, &err) != MU_OK)
        return cli_fail(&err);
    mu_fire_odds exact, simd;
    memset(&simd, 0, sizeof simd);
    mu_sim_opts so = {a.trials, a.f.cc.seed, threads_default(a.threads), NULL,
                      NULL};
    mu_status st = mu_odds_fire(&a.volley, a.method, &exact, &err);
    if (st == MU_OK && sim)
        st = mu_sim_fire(&a.volley, a.method, &so, &simd, &err);
    mu_chart *ch = NULL;
    if (st == MU_OK)
        st = mu_chart_fire_odds(&exact, sim ? &simd : NULL, &ch, &err);
    rc = write_chart(ch, st, p->out, &err);
    mu_fire_odds_clear(&simd);
    mu_fire_odds_clear(&exact);
    return rc;
}

static int plot_charge(plot_args *p)
{
    const char *cmd = "plot odds charge";
    if (p->stat)
        return cli_usage("%s: --stat is for division and corps; --crew-left "
                         "draws the crew", cmd);
    cli_common cc;
    mu_charge_opts o;
    int rc = odds_charge_parse(p->argc, p->argv, cmd, &cc, &o);
    if (rc >= 0)
        return rc;
    if (p->crew_left && !o.return_fire)
        return cli_usage("%s: the crew is lost only to return fire: add "
                         "--return-fire musket", cmd);
    mu_error err = {0};
    mu_weapons *w = NULL;
    mu_charge_odds *co = calloc(1, sizeof *co);
    if (!co)
        return cli_usage("out of memory");
    mu_status st = load_weapons(cc.rules, &w, &err);
    if (st == MU_OK)
        st = mu_odds_charge(w, &o, co, &err);
    mu_chart *ch = NULL;
    if (st == MU_OK)
        st = mu_chart_charge_odds(co, p->crew_left, &ch, &err);
    rc = write_chart(ch, st, p->out, &err);
    mu_charge_odds_clear(co);
    free(co);
    mu_weapons_free(w);
    return rc;
}

static int plot_question(plot_args *p, bool sim)
{
    const char *what = p->argc > 0 ? p->argv[0] : "";
    if (!strcmp(what, "division") || !strcmp(what, "corps"))
        return plot_oob(p, !strcmp(what, "corps"), sim);
    if (!strcmp(what, "fire"))
        return plot_fire(p, sim);
    if (!sim && !strcmp(what, "charge"))
        return plot_charge(p);
    return cli_usage("plot %s: draw %s (see 'muster help plot')",
                     sim ? "sim" : "odds",
                     sim ? "division, corps or fire"
                         : "division, corps, fire or charge");
}

int cmd_plot(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage("plot: say what: curves, figure, odds or sim (see "
                         "'muster help plot')");
    const char *what = argv[1];
    if (!strcmp(what, "--help") || !strcmp(what, "-h"))
        return cli_help("plot");
    static const char *const kinds[] = {"curves", "figure", "odds", "sim"};
    int kind = -1;
    for (int i = 0; i < 4; i++)
        if (!strcmp(what, kinds[i]))
            kind = i;
    if (kind < 0)
        return cli_usage("plot: unknown chart '%s': curves, figure, odds or "
                         "sim (see 'muster help plot')", what);
    char cmd[32];
    snprintf(cmd, sizeof cmd, "plot %s", what);
    bool help = false;
    for (int i = 2; i < argc; i++)
        help = help || !strcmp(argv[i], "--help") || !strcmp(argv[i], "-h");
    if (help)
        return cli_help("plot");
    plot_args p;
    int rc = take_plot_options(argc - 1, argv + 1, cmd, &p);
    if (rc < 0) {
        if (kind >= 2) { /* the question follows: "plot odds fire ..." */
            plot_args q = p;
            q.argc = p.argc - 1;
            q.argv = p.argv + 1;
            rc = plot_question(&q, kind == 3);
        } else {
            rc = kind == 0 ? plot_curves(&p) : plot_figure(&p);
        }
    }
    free(p.argv);
    return rc;
}
