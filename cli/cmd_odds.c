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
    "       muster odds fire --weapon W --range R (--figures N | --crew N)\n"
    "                        [the other options of 'fire'] [--method M]\n"
    "       muster odds charge --figures N --range R --move M [--gun G]\n"
    "                          [--crew N] [--return-fire W] [...]\n\n"
    "Exact odds, computed by enumeration and convolution: no dice are\n"
    "rolled. Text gives percent with 2 decimals (\"-\" impossible, \"<0.01%\"\n"
    "possible but rarer); JSON gives probabilities as numbers.\n\n"
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
    "  --divisions N     corps, battle: infantry divisions (default 3)\n"
    "  --cavalry N       corps: cavalry divisions (default 0)\n"
    "  --rules FILE      edited tables instead of the built-in ones\n"
    "  --format F        text (default), json, csv or markdown\n\n"
    "fire      the hits of one volley (the options of 'muster fire', without\n"
    "          dice): P(hits = k), P(hits >= k) and the mean\n"
    "  --method M        additive: the seed's rule, sure hits and one d100 for\n"
    "                    the rest; per-figure: every effective rolls on its own\n"
    "                    at P (binomial, exact for 1 to 100 000 effectives);\n"
    "                    both (default): the two and the difference\n\n"
    "charge    \"Don't charge the guns!\": a unit closes on a gun, which fires\n"
    "          its better load at each range down to contact; the exact\n"
    "          distribution of the figures left at contact (a Markov chain,\n"
    "          each volley by the additive rule against what is left)\n"
    "  --figures N       the charging unit (required)\n"
    "  --range R         where it starts, inches (required)\n"
    "  --move M          inches it closes a turn (required)\n"
    "  --gun G           the gun or a load (default gun)\n"
    "  --crew N          crew castings (default: full)\n"
    "  --cover           the unit comes on behind hard cover\n"
    "  --no-canister     the gun has only roundshot\n"
    "  --no-point-blank  no last volley at contact (range 0)\n"
    "  --return-fire W   the unit fires back at the crew with W (musket,\n"
    "                    rifle) at each range: a duel; both sides fire at once\n"
    "  --rules FILE      a weapons file instead of the built-in weapons\n";

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

/* -n/--trials (when `trials`) or --threads, for every 'sim' command. */
static bool sim_opt(bool trials, const char *arg, uint64_t *n, int *threads)
{
    if (trials)
        return cli_u64("trials", arg, 1, 1000000000000ull, n);
    long t;
    if (!cli_int("threads", arg, 1, MU_SIM_MAX_THREADS, &t))
        return false;
    *threads = (int)t;
    return true;
}

static const struct option odds_options[] = {
    CLI_OOB_OPTIONS,
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
    cli_oob_init(&a->b);
    a->trials = 1000000;
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, sim ? "n:" : "", odds_options,
                            NULL)) != -1) {
        if (!sim && (c == 'n' || c == OPT_SEED || c == OO_THREADS))
            return cli_usage("%s: exact odds roll no dice: --trials, --seed "
                             "and --threads belong to 'muster sim'", cmd);
        int r = cli_common_opt(&a->cc, c, optarg);
        if (r == 0)
            r = cli_oob_opt(&a->b, c, optarg);
        if (r < 0)
            return EXIT_INPUT;
        if (r > 0)
            continue;
        switch (c) {
        case 'n':
        case OO_THREADS:
            if (!sim_opt(c == 'n', optarg, &a->trials, &a->threads))
                return EXIT_INPUT;
            break;
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
        if (a->b.has_army || a->b.has_arm || a->b.has_cavalry)
            return cli_usage("%s: both armies take part; --army, --arm and "
                             "--cavalry belong to 'division' and 'corps'", cmd);
        if (a->b.divisions < 1)
            return cli_usage("%s: each side needs at least one division", cmd);
        return -1;
    }
    if (!a->b.has_army)
        return cli_usage("%s: choose a side with --army union or --army "
                         "confederate", cmd);
    bool corps = strstr(cmd, "corps") != NULL;
    if (!corps && (a->b.has_divisions || a->b.has_cavalry))
        return cli_usage("%s: --divisions and --cavalry belong to 'corps'", cmd);
    if (corps && a->b.has_arm)
        return cli_usage("%s: use --divisions N and --cavalry N, not --arm", cmd);
    if (corps && a->b.divisions + a->b.cavalry < 1)
        return cli_usage("%s: a corps needs at least one division", cmd);
    if (corps && a->b.divisions + a->b.cavalry > 64)
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
    mu_status st = corps ? mu_odds_corps(rules, &a.b.o, (int)a.b.divisions,
                                         (int)a.b.cavalry, &odds, &err)
                         : mu_odds_division(rules, &a.b.o, &odds, &err);
    if (st == MU_OK)
        st = mu_oob_odds_render(&odds, NULL, &(mu_render_opts){.format = a.cc.format}, &text, &err);
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
    mu_status st = mu_odds_battle(rules, &a.b.o, (int)a.b.divisions, &b,
                                  &err);
    if (st == MU_OK)
        st = mu_battle_odds_render(&b, &(mu_render_opts){.format = a.cc.format}, &text, &err);
    rc = st == MU_OK ? cli_emit(text) : cli_fail(&err);
    free(text);
    mu_battle_odds_clear(&b);
    mu_labels_free(labels);
    mu_rules_free(rules);
    return rc;
}

/* ---- odds fire ---------------------------------------------------------- */

enum { OF_METHOD = OPT_FIRE_NEXT, OF_TRIALS, OF_THREADS };

static const struct option fire_options[] = {
    CLI_FIRE_OPTIONS,
    {"method", required_argument, NULL, OF_METHOD},
    {"trials", required_argument, NULL, OF_TRIALS},
    {"threads", required_argument, NULL, OF_THREADS},
    {NULL, 0, NULL, 0}};

int odds_fire_parse(int argc, char **argv, const char *cmd, bool sim,
                    odds_fire_args *a)
{
    memset(a, 0, sizeof *a);
    cli_fire_init(&a->f, cmd);
    a->method = MU_METHOD_BOTH;
    a->trials = 1000000;
    const char *help = sim ? "sim" : "odds";
    mu_error err;
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, sim ? "n:" : "", fire_options,
                            NULL)) != -1) {
        if (!sim && (c == OF_TRIALS || c == OF_THREADS))
            return cli_usage("%s: exact odds roll no dice: --trials and "
                             "--threads belong to 'muster sim fire'", cmd);
        int r = cli_fire_opt(&a->f, c, optarg);
        if (r < 0)
            return EXIT_INPUT;
        if (r > 0)
            continue;
        switch (c) {
        case OF_METHOD:
            if (mu_hit_method_parse(optarg, &a->method, &err) != MU_OK)
                return cli_fail(&err);
            break;
        case 'n':
        case OF_TRIALS:
        case OF_THREADS:
            if (!sim_opt(c != OF_THREADS, optarg, &a->trials, &a->threads))
                return EXIT_INPUT;
            break;
        default:
            return bad_option(cmd, help, argv);
        }
    }
    if (a->f.cc.help)
        return cli_help(help);
    if (optind < argc)
        return cli_usage("%s: unexpected argument '%s' (see 'muster help %s')",
                         cmd, argv[optind], help);
    if (a->f.cc.format == MU_FMT_JSONL)
        return cli_usage("%s: odds come as text, json, csv or markdown, not "
                         "jsonl", cmd);
    if (a->f.cc.rolls || a->f.cc.ask || a->f.no_roll || (!sim && a->f.cc.has_seed))
        return cli_usage(sim ? "%s: the simulation rolls its own dice from "
                               "--seed: drop --rolls, --ask and --no-roll"
                             : "%s: exact odds roll no dice: drop --seed, "
                               "--rolls, --ask and --no-roll", cmd);
    mu_weapons *w = NULL;
    mu_fire_opts fo;
    int rc = cli_fire_setup(&a->f, &w, &fo);
    if (rc >= 0)
        return rc;
    mu_status st = mu_fire_compute(w, &fo, &a->volley, &err);
    mu_weapons_free(w);
    if (st != MU_OK)
        return cli_fail(&err);
    return -1;
}

static int odds_fire(int argc, char **argv)
{
    odds_fire_args a;
    int rc = odds_fire_parse(argc, argv, "odds fire", false, &a);
    if (rc >= 0)
        return rc;
    mu_error err = {0};
    mu_fire_odds o;
    char *text = NULL;
    mu_status st = mu_odds_fire(&a.volley, a.method, &o, &err);
    if (st == MU_OK)
        st = mu_fire_odds_render(&o, NULL, &(mu_render_opts){.format = a.f.cc.format}, &text, &err);
    rc = st == MU_OK ? cli_emit(text) : cli_fail(&err);
    free(text);
    mu_fire_odds_clear(&o);
    return rc;
}

/* ---- odds charge -------------------------------------------------------- */

enum { OC_FIGURES = OPT_FIRST_LOCAL, OC_RANGE, OC_MOVE, OC_GUN, OC_CREW,
       OC_COVER, OC_NO_CANISTER, OC_NO_POINT_BLANK, OC_RETURN_FIRE };

static const struct option charge_options[] = {
    {"figures", required_argument, NULL, OC_FIGURES},
    {"range", required_argument, NULL, OC_RANGE},
    {"move", required_argument, NULL, OC_MOVE},
    {"gun", required_argument, NULL, OC_GUN},
    {"crew", required_argument, NULL, OC_CREW},
    {"cover", no_argument, NULL, OC_COVER},
    {"no-canister", no_argument, NULL, OC_NO_CANISTER},
    {"no-point-blank", no_argument, NULL, OC_NO_POINT_BLANK},
    {"return-fire", required_argument, NULL, OC_RETURN_FIRE},
    {"rules", required_argument, NULL, OPT_RULES},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"help", no_argument, NULL, OPT_HELP},
    {NULL, 0, NULL, 0}};

static bool charge_dist(const char *opt, const char *arg, mu_rat *out)
{
    mu_error err;
    if (mu_rat_parse(arg, out, &err) != MU_OK) {
        cli_usage("odds charge: --%s: %s", opt, err.msg);
        return false;
    }
    if (out->num <= 0) {
        cli_usage("odds charge: --%s must be more than 0 inches, not '%s'",
                  opt, arg);
        return false;
    }
    return true;
}

static int odds_charge(int argc, char **argv)
{
    const char *cmd = "odds charge";
    cli_common cc;
    memset(&cc, 0, sizeof cc);
    cc.cmd = cmd;
    mu_charge_opts o;
    memset(&o, 0, sizeof o);
    bool has_range = false, has_move = false;
    long v;
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", charge_options, NULL)) != -1) {
        int r = cli_common_opt(&cc, c, optarg);
        if (r < 0)
            return EXIT_INPUT;
        if (r > 0)
            continue;
        switch (c) {
        case OC_FIGURES:
            if (!cli_int("figures", optarg, 1, MU_FIRE_MAX_FIGURES, &v))
                return EXIT_INPUT;
            o.figures = (int)v;
            break;
        case OC_RANGE:
            if (!charge_dist("range", optarg, &o.range))
                return EXIT_INPUT;
            has_range = true;
            break;
        case OC_MOVE:
            if (!charge_dist("move", optarg, &o.move))
                return EXIT_INPUT;
            has_move = true;
            break;
        case OC_GUN: o.gun = optarg; break;
        case OC_CREW:
            if (!cli_int("crew", optarg, 1, 100, &v))
                return EXIT_INPUT;
            o.crew = (int)v;
            break;
        case OC_COVER: o.cover = true; break;
        case OC_NO_CANISTER: o.no_canister = true; break;
        case OC_NO_POINT_BLANK: o.no_point_blank = true; break;
        case OC_RETURN_FIRE: o.return_fire = optarg; break;
        default:
            return bad_option(cmd, "odds", argv);
        }
    }
    if (cc.help)
        return cli_help("odds");
    if (optind < argc)
        return cli_usage("%s: unexpected argument '%s' (see 'muster help "
                         "odds')", cmd, argv[optind]);
    if (!o.figures || !has_range || !has_move)
        return cli_usage("%s: say who charges and how: --figures N --range R "
                         "--move M (inches a turn)", cmd);
    if (cc.format == MU_FMT_JSONL)
        return cli_usage("%s: odds come as text, json, csv or markdown, not "
                         "jsonl", cmd);
    mu_error err = {0};
    mu_weapons *w = NULL;
    mu_charge_odds *co = malloc(sizeof *co);
    char *text = NULL;
    mu_status st = co ? MU_OK : MU_ENOMEM;
    if (!co)
        snprintf(err.msg, sizeof err.msg, "out of memory");
    if (st == MU_OK)
        st = cc.rules ? mu_weapons_load(cc.rules, &w, &err)
                      : mu_weapons_default(&w, &err);
    if (st == MU_OK)
        st = mu_odds_charge(w, &o, co, &err);
    if (st == MU_OK)
        st = mu_charge_odds_render(co, &(mu_render_opts){.format = cc.format}, &text, &err);
    int rc = st == MU_OK ? cli_emit(text) : cli_fail(&err);
    free(text);
    mu_charge_odds_clear(co);
    free(co);
    mu_weapons_free(w);
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
    if (!strcmp(what, "fire"))
        return odds_fire(argc - 1, argv + 1);
    if (!strcmp(what, "charge"))
        return odds_charge(argc - 1, argv + 1);
    return cli_usage("odds: unknown question '%s': division, corps, battle, "
                     "fire or charge (see 'muster help odds')", what);
}
