/* cmd_fire.c -- muster fire | curve: linear firepower. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

const char help_fire[] =
    "usage: muster fire --weapon W (--range R | --ranges R1,R2,...)\n"
    "                   (--figures N | --crew N) [--cover] [--yards [--scale N]]\n"
    "                   [--no-canister] [--max-range R] [--rules FILE]\n"
    "                   [--seed N | --rolls LIST | --ask | --no-roll]\n"
    "                   [--format text|json|jsonl|csv|markdown]\n\n"
    "Linear firepower (the Courier article on straight-line fire curves). P, the\n"
    "chance to hit for each effective figure, falls off in a straight line with\n"
    "range: musket 2 x (15 - r), rifle and canister 30 - r, roundshot\n"
    "(60 - r) / 5, in percent, minus 8 behind hard cover, never below 0.\n"
    "POH = effectives x P reads as POH / 100 sure hits and a chance of one more,\n"
    "settled by one d100 (a hit on the whole part of the chance or less; no roll\n"
    "when that is 0). Text shows the working line by line.\n\n"
    "  --weapon W        musket, rifle, canister, roundshot or gun (or one from\n"
    "                    --rules); a gun fires canister while it beats roundshot\n"
    "                    (closer than 22.5 in), roundshot otherwise\n"
    "  --range R         inches to the target: 5, 7.5, 22/3 or \"7 1/3\"\n"
    "  --ranges LIST     one range per figure measured; the unit fires at the\n"
    "                    average (--ranges 11,5 fires at 8)\n"
    "  --figures N       small arms: figures firing (1..10000)\n"
    "  --crew N          artillery: crew castings (1..6, default 6), 3 effectives\n"
    "                    each\n"
    "  --cover           the target is behind hard cover (walls, houses)\n"
    "  --yards           ranges (and --max-range) are yards, 10 to the inch\n"
    "  --scale N         yards per inch with --yards\n"
    "  --no-canister     a gun has no canister left: roundshot\n"
    "  --max-range R     house rule: the weapon's line keeps its slope and reaches\n"
    "                    R (roundshot to 80 in). Not for a gun: name the load, or\n"
    "                    use --rules\n"
    "  --rules FILE      a weapons file instead of the built-in one\n"
    "  --seed N          seed the dice; --rolls LIST takes your roll; --ask prompts\n"
    "  --no-roll         show the working and roll nothing (roll and hits null)\n"
    "  --format F        text (default), json, jsonl, csv or markdown\n";

const char help_curve[] =
    "usage: muster curve --weapon W [--cover] [--step S] [--to R] [--max-range R]\n"
    "                    [--scale N] [--rules FILE] [--format F]\n"
    "       muster curve --crossover A B [--cover] [--rules FILE] [--format F]\n\n"
    "Prints P, the percent chance to hit for each effective figure, against range\n"
    "in inches (and yards, 10 to the inch or --scale N), from 0 to the weapon's\n"
    "max range every inch; for a gun, both loads and the one it fires.\n"
    "--crossover gives where two curves cross: canister and roundshot at\n"
    "22.5 inches, 7.5 %.\n\n"
    "  --weapon W        a weapon (musket, rifle, canister, roundshot, gun)\n"
    "  --cover           the target is behind hard cover\n"
    "  --step S          inches between rows (default 1)\n"
    "  --to R            last range in inches (default the max range)\n"
    "  --max-range R     house rule: the line reaches R inches instead\n"
    "  --scale N         yards per inch for the yards column (default 10)\n"
    "  --crossover A B   where curves A and B cross (also --crossover A,B)\n"
    "  --rules FILE      a weapons file instead of the built-in one\n"
    "  --format F        text (default), json, jsonl, csv or markdown\n";

static const struct option fire_options[] = {
    CLI_FIRE_OPTIONS,
    {NULL, 0, NULL, 0}};

/* Computes, rolls (unless --no-roll), checks leftover rolls, renders. */
static int run_fire(cli_fire *f, const mu_weapons *w, const mu_fire_opts *o)
{
    mu_error err = {0};
    mu_volley v;
    mu_dice *dice = NULL;
    mu_fire_result res;
    char *text = NULL;
    int rc;
    if (mu_fire_compute(w, o, &v, &err) != MU_OK)
        return cli_fail(&err);
    if (!f->no_roll && (cli_dice(&f->cc, &dice, &err) != MU_OK ||
                        mu_fire_resolve(&v, dice, &res, &err) != MU_OK)) {
        rc = cli_fail(&err);
        goto done;
    }
    if (dice && (rc = cli_dice_done(&f->cc, dice)) != EXIT_OK)
        goto done;
    mu_render_opts ro = cli_render_opts(&f->cc, NULL);
    if (mu_fire_render(&v, f->no_roll ? NULL : &res, &ro, &text, &err) != MU_OK)
        rc = cli_fail(&err);
    else
        rc = cli_emit(text);
done:
    free(text);
    mu_dice_free(dice);
    return rc;
}

int cmd_fire(int argc, char **argv)
{
    cli_fire f;
    cli_fire_init(&f, "fire");
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", fire_options, NULL)) != -1) {
        int r = cli_fire_opt(&f, c, optarg);
        if (r < 0)
            return EXIT_INPUT;
        if (r == 0)
            return cli_bad_option("fire", argv);
    }
    if (f.cc.help)
        return cli_help("fire");
    if (optind < argc)
        return cli_usage("fire: unexpected argument '%s' (see 'muster help "
                         "fire')", argv[optind]);
    mu_weapons *w = NULL;
    mu_fire_opts o;
    int rc = cli_fire_setup(&f, &w, &o);
    if (rc < 0)
        rc = run_fire(&f, w, &o);
    mu_weapons_free(w);
    return rc;
}

/* ---- curve -------------------------------------------------------------- */

enum { OPT_STEP = OPT_FIRE_NEXT, OPT_TO, OPT_CROSSOVER };

static const struct option curve_options[] = {
    CLI_FIRE_OPTIONS,
    {"step", required_argument, NULL, OPT_STEP},
    {"to", required_argument, NULL, OPT_TO},
    {"crossover", required_argument, NULL, OPT_CROSSOVER},
    {NULL, 0, NULL, 0}};

typedef struct curve_args {
    cli_fire f; /* --weapon, --cover, --max-range, --scale, --rules, --format */
    mu_curve_opts o;
    const char *cross[2];
    char first[MU_WEAPON_NAME + 1]; /* A of "--crossover A,B" */
} curve_args;

static bool curve_dist(const char *opt, const char *arg, bool positive,
                       mu_rat *out)
{
    mu_error err;
    if (mu_rat_parse(arg, out, &err) != MU_OK) {
        cli_usage("curve: --%s: %s", opt, err.msg);
        return false;
    }
    if (out->num < 0 || (positive && out->num == 0)) {
        cli_usage("curve: --%s must be %s inches, not '%s'", opt,
                  positive ? "more than 0" : "0 or more", arg);
        return false;
    }
    return true;
}

/* "--crossover A B" leaves B as an operand; "--crossover A,B" is one word. */
static int curve_crossover(curve_args *a, const char *arg)
{
    const char *comma = strchr(arg, ',');
    a->cross[0] = arg;
    if (comma) {
        size_t n = (size_t)(comma - arg);
        if (n > MU_WEAPON_NAME)
            n = MU_WEAPON_NAME;
        memcpy(a->first, arg, n);
        a->first[n] = '\0';
        a->cross[0] = a->first;
        a->cross[1] = comma + 1;
    }
    return 1;
}

static int curve_opt(curve_args *a, int c, const char *arg)
{
    switch (c) {
    case OPT_STEP:
        return curve_dist("step", arg, true, &a->o.step) ? 1 : -1;
    case OPT_TO:
        a->o.has_to = true;
        return curve_dist("to", arg, false, &a->o.to) ? 1 : -1;
    case OPT_CROSSOVER:
        return curve_crossover(a, arg);
    default: {
        int r = cli_fire_opt(&a->f, c, arg);
        bool mine = c == OPT_WEAPON || c == OPT_COVER || c == OPT_MAX_RANGE ||
                    c == OPT_SCALE || c == OPT_RULES || c == OPT_FORMAT ||
                    c == OPT_HELP;
        if (r > 0 && !mine) {
            const char *name = "?";
            for (const struct option *op = curve_options; op->name; op++)
                if (op->val == c)
                    name = op->name;
            cli_usage("curve: --%s belongs to 'fire', not 'curve' (see "
                      "'muster help curve')", name);
            return -1;
        }
        return r;
    }
    }
}

static int curve_parse(int argc, char **argv, curve_args *a)
{
    memset(a, 0, sizeof *a);
    cli_fire_init(&a->f, "curve");
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", curve_options, NULL)) != -1) {
        int r = curve_opt(a, c, optarg);
        if (r < 0)
            return EXIT_INPUT;
        if (r == 0)
            return cli_bad_option("curve", argv);
    }
    if (a->f.cc.help)
        return cli_help("curve");
    if (a->cross[0] && !a->cross[1] && optind < argc)
        a->cross[1] = argv[optind++];
    if (optind < argc)
        return cli_usage("curve: unexpected argument '%s' (see 'muster help "
                         "curve')", argv[optind]);
    if (a->cross[0] && (!a->cross[1] || !*a->cross[1] || !*a->cross[0]))
        return cli_usage("curve: --crossover needs two weapons: --crossover "
                         "canister roundshot");
    if (!a->cross[0] == !a->f.weapon)
        return cli_usage("curve: give --weapon W for a table, or --crossover "
                         "A B for where two curves cross");
    if (a->cross[0] && (a->o.has_to || a->o.step.num || a->f.has_max_range))
        return cli_usage("curve: --step, --to and --max-range go with "
                         "--weapon, not --crossover");
    return -1;
}

int cmd_curve(int argc, char **argv)
{
    curve_args a;
    int rc = curve_parse(argc, argv, &a);
    if (rc >= 0)
        return rc;
    mu_error err = {0};
    mu_weapons *w = NULL;
    char *text = NULL;
    mu_status st = a.f.cc.rules ? mu_weapons_load(a.f.cc.rules, &w, &err)
                                : mu_weapons_default(&w, &err);
    mu_rat scale = a.f.has_scale ? a.f.scale : (mu_rat){10, 1};
    if (st == MU_OK && a.cross[0]) {
        mu_crossover x;
        mu_render_opts ro = {.format = a.f.cc.format};
        st = mu_crossover_compute(w, a.cross[0], a.cross[1], a.f.cover, &x,
                                  &err);
        if (st == MU_OK)
            st = mu_crossover_render(&x, scale, &ro, &text, &err);
    } else if (st == MU_OK) {
        a.o.weapon = a.f.weapon;
        a.o.cover = a.f.cover;
        a.o.has_max_range = a.f.has_max_range;
        a.o.max_range = a.f.max_range;
        a.o.yards_per_inch = scale;
        mu_render_opts ro = {.format = a.f.cc.format};
        st = mu_curve_render(w, &a.o, &ro, &text, &err);
    }
    rc = st == MU_OK ? cli_emit(text) : cli_fail(&err);
    free(text);
    mu_weapons_free(w);
    return rc;
}
