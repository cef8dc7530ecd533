/* cmd_odds.c -- muster odds division | corps | battle | fire | charge. */
#include "odds_cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char help_odds[] =
    "usage: muster odds division --army A [--year Y] [--theater T] [--arm A]\n"
    "                            [--by-the-book] [--rules FILE] [--format F]\n"
    "       muster odds corps --army A [--divisions N] [--cavalry N] [...]\n"
    "       muster odds battle [--year Y] [--theater T] [--divisions N] [...]\n"
    "       muster odds fire  (the options of 'fire') [--method M]\n"
    "       muster odds charge [options]   (see below)\n\n"
    "Exact odds, computed from the tables by enumeration and convolution: no\n"
    "dice are rolled. Text gives percent with 2 decimals (\"-\" impossible,\n"
    "\"<0.01%\" possible but rarer); JSON gives probabilities as numbers.\n\n"
    "division  the distributions of the division leader's rating, brigades,\n"
    "          brigades by morale, brigadiers by rating, stands, the artillery\n"
    "          ratio, batteries, batteries kept and sent to the reserve, with\n"
    "          P(at least n) and means. Without --year or --theater, table 1\n"
    "          is mixed in as the generator would roll it.\n"
    "corps     the same for a corps leader and N infantry (default 3) plus\n"
    "          --cavalry N divisions, added up.\n"
    "battle    both corps of a battle (N infantry divisions each, default 3),\n"
    "          sharing the table 1 roll, and who brings more stands.\n\n"
    "  --army A          union or confederate (required)\n"
    "  --year Y          1861..1865\n"
    "  --theater T       east or west\n"
    "  --arm A           infantry (default) or cavalry: same tables\n"
    "  --by-the-book     despicable leaders count as average\n"
    "  --divisions N     corps: infantry divisions (default 3)\n"
    "  --cavalry N       corps: cavalry divisions (default 0)\n"
    "  --rules FILE      edited tables instead of the built-in ones\n"
    "  --format F        text (default), json, csv or markdown\n";

bool cli_u64(const char *name, const char *arg, uint64_t lo, uint64_t hi,
             uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = 0;
    bool ok = *arg >= '0' && *arg <= '9';
    if (ok) {
        v = strtoull(arg, &end, 10);
        ok = !*end && !errno && v >= lo && v <= hi;
    }
    if (!ok) {
        cli_usage("--%s must be a whole number from %llu to %llu, not '%s'",
                  name, (unsigned long long)lo, (unsigned long long)hi, arg);
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

static const struct option odds_options[] = {
    {"army", required_argument, NULL, OO_ARMY},
    {"year", required_argument, NULL, OO_YEAR},
    {"theater", required_argument, NULL, OO_THEATER},
    {"arm", required_argument, NULL, OO_ARM},
    {"by-the-book", no_argument, NULL, OO_BOOK},
    {"divisions", required_argument, NULL, OO_DIVISIONS},
    {"cavalry", required_argument, NULL, OO_CAVALRY},
    {"trials", required_argument, NULL, 'n'},
    {"seed", required_argument, NULL, OPT_SEED},
    {"threads", required_argument, NULL, OO_THREADS},
    {"rules", required_argument, NULL, OPT_RULES},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"help", no_argument, NULL, OPT_HELP},
    {NULL, 0, NULL, 0}};

/* Like cli_bad_option, pointing at the help of the whole command. */
static int bad_option(const char *cmd, const char *help, char **argv)
{
    const char *opt = argv[optind - 1];
    if (optopt && optopt < 256)
        return cli_usage("%s: unknown option or missing value: -%c (see "
                         "'muster help %s')", cmd, optopt, help);
    return cli_usage("%s: unknown option or missing value: %s (see 'muster "
                     "help %s')", cmd, opt ? opt : "?", help);
}

int odds_oob_parse(int argc, char **argv, const char *cmd, bool sim,
                   odds_oob_args *a)
{
    memset(a, 0, sizeof *a);
    a->cc.cmd = cmd;
    a->o.theater = -1;
    a->divisions = 3;
    a->trials = 1000000;
    mu_error err;
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, sim ? "n:" : "", odds_options,
                            NULL)) != -1) {
        if (!sim && (c == 'n' || c == OPT_SEED || c == OO_THREADS))
            return cli_usage("%s: exact odds roll no dice: --trials, --seed "
                             "and --threads belong to 'muster sim'", cmd);
        int r = cli_common_opt(&a->cc, c, optarg);
        if (r < 0)
            return EXIT_INPUT;
        if (r > 0)
            continue;
        switch (c) {
        case OO_ARMY:
            if (mu_army_parse(optarg, &a->o.army, &err) != MU_OK)
                return cli_fail(&err);
            a->has_army = true;
            break;
        case OO_YEAR:
            if (mu_year_parse(optarg, &a->o.year, &err) != MU_OK)
                return cli_fail(&err);
            break;
        case OO_THEATER: {
            mu_theater t;
            if (mu_theater_parse(optarg, &t, &err) != MU_OK)
                return cli_fail(&err);
            a->o.theater = (int)t;
            break;
        }
        case OO_ARM:
            if (mu_arm_parse(optarg, &a->o.arm, &err) != MU_OK)
                return cli_fail(&err);
            a->has_arm = true;
            break;
        case OO_BOOK: a->o.by_the_book = true; break;
        case OO_DIVISIONS:
            if (!cli_int("divisions", optarg, 0, 64, &a->divisions))
                return EXIT_INPUT;
            a->has_divisions = true;
            break;
        case OO_CAVALRY:
            if (!cli_int("cavalry", optarg, 0, 64, &a->cavalry))
                return EXIT_INPUT;
            a->has_cavalry = true;
            break;
        case 'n':
            if (!cli_u64("trials", optarg, 1, 1000000000000ull, &a->trials))
                return EXIT_INPUT;
            break;
        case OO_THREADS: {
            long t;
            if (!cli_int("threads", optarg, 1, MU_SIM_MAX_THREADS, &t))
                return EXIT_INPUT;
            a->threads = (int)t;
            break;
        }
        default:
            return bad_option(cmd, sim ? "sim" : "odds", argv);
        }
    }
    if (a->cc.help)
        return cli_help(sim ? "sim" : "odds");
    if (optind < argc)
        return cli_usage("%s: unexpected argument '%s' (see 'muster help %s')",
                         cmd, argv[optind], sim ? "sim" : "odds");
    if (a->cc.format == MU_FMT_JSONL)
        return cli_usage("%s: odds come as text, json, csv or markdown, not "
                         "jsonl", cmd);
    if (strstr(cmd, "battle")) {
        if (a->has_army || a->has_arm || a->has_cavalry)
            return cli_usage("%s: both armies take part; --army, --arm and "
                             "--cavalry belong to 'division' and 'corps'", cmd);
        if (a->divisions < 1)
            return cli_usage("%s: each side needs at least one division", cmd);
        return -1;
    }
    if (!a->has_army)
        return cli_usage("%s: choose a side with --army union or --army "
                         "confederate", cmd);
    bool corps = strstr(cmd, "corps") != NULL;
    if (!corps && (a->has_divisions || a->has_cavalry))
        return cli_usage("%s: --divisions and --cavalry belong to 'corps'", cmd);
    if (corps && a->has_arm)
        return cli_usage("%s: use --divisions N and --cavalry N, not --arm", cmd);
    if (corps && a->divisions + a->cavalry < 1)
        return cli_usage("%s: a corps needs at least one division", cmd);
    if (corps && a->divisions + a->cavalry > 64)
        return cli_usage("%s: a corps has at most 64 divisions", cmd);
    return -1;
}

static int odds_oob(int argc, char **argv, bool corps)
{
    odds_oob_args a;
    int rc = odds_oob_parse(argc, argv, corps ? "odds corps" : "odds division",
                            false, &a);
    if (rc >= 0)
        return rc;
    mu_error err = {0};
    mu_rules *rules = NULL;
    mu_labels *labels = NULL;
    mu_oob_odds odds;
    char *text = NULL;
    memset(&odds, 0, sizeof odds);
    if (cli_rules(&a.cc, &rules, &labels, &err) != MU_OK)
        return cli_fail(&err);
    mu_status st = corps ? mu_odds_corps(rules, &a.o, (int)a.divisions,
                                         (int)a.cavalry, &odds, &err)
                         : mu_odds_division(rules, &a.o, &odds, &err);
    if (st == MU_OK)
        st = mu_oob_odds_render(&odds, NULL, a.cc.format, &text, &err);
    rc = st == MU_OK ? cli_emit(text) : cli_fail(&err);
    free(text);
    mu_oob_odds_clear(&odds);
    mu_labels_free(labels);
    mu_rules_free(rules);
    return rc;
}

static int odds_battle(int argc, char **argv)
{
    odds_oob_args a;
    int rc = odds_oob_parse(argc, argv, "odds battle", false, &a);
    if (rc >= 0)
        return rc;
    mu_error err = {0};
    mu_rules *rules = NULL;
    mu_labels *labels = NULL;
    mu_battle_odds b;
    char *text = NULL;
    memset(&b, 0, sizeof b);
    if (cli_rules(&a.cc, &rules, &labels, &err) != MU_OK)
        return cli_fail(&err);
    mu_status st = mu_odds_battle(rules, a.o.year, a.o.theater,
                                  (int)a.divisions, a.o.by_the_book, &b, &err);
    if (st == MU_OK)
        st = mu_battle_odds_render(&b, a.cc.format, &text, &err);
    rc = st == MU_OK ? cli_emit(text) : cli_fail(&err);
    free(text);
    mu_battle_odds_clear(&b);
    mu_labels_free(labels);
    mu_rules_free(rules);
    return rc;
}

int cmd_odds(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage("odds: say what: division, corps, battle, fire or "
                         "charge (see 'muster help odds')");
    const char *what = argv[1];
    if (!strcmp(what, "--help") || !strcmp(what, "-h"))
        return cli_help("odds");
    if (!strcmp(what, "division"))
        return odds_oob(argc - 1, argv + 1, false);
    if (!strcmp(what, "corps"))
        return odds_oob(argc - 1, argv + 1, true);
    if (!strcmp(what, "battle"))
        return odds_battle(argc - 1, argv + 1);
    return cli_usage("odds: unknown question '%s': division, corps, battle, "
                     "fire or charge (see 'muster help odds')", what);
}
