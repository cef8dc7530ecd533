/* cmd_oob.c -- muster division | corps | battle. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

const char help_division[] =
    "usage: muster division --army union|confederate [--year Y] [--theater T]\n"
    "                       [--arm infantry|cavalry] [--by-the-book] [--count N]\n"
    "                       [--seed N | --rolls LIST | --ask] [--rules FILE]\n"
    "                       [--labels FILE] [--format text|json|jsonl|csv|markdown]\n\n"
    "Generates a division by the Fire and Fury variable unit tables, showing\n"
    "every roll. Without both --year and --theater, table 1 is rolled first and\n"
    "fills in what is missing. Roll order: [theater/year] -> division leader ->\n"
    "brigades -> for each brigade: stands, morale, brigadier -> artillery ratio\n"
    "-> fractional battery (if stands mod ratio != 0) -> reserve share (if\n"
    "batteries mod 3 != 0).\n\n"
    "  --army A          union or confederate (required)\n"
    "  --year Y          1861..1865\n"
    "  --theater T       east or west\n"
    "  --arm A           infantry (default) or cavalry: same tables, another label\n"
    "  --by-the-book     play despicable leaders as average (the roll still happens)\n"
    "  --count N         generate N divisions from one dice stream (1..100000)\n"
    "  --seed N          seed the dice (xoshiro256**); printed so it can be repeated\n"
    "  --rolls LIST      real dice, comma-separated, 1..100, 00 = 100, in roll order\n"
    "  --ask             prompt for each roll on the terminal\n"
    "  --rules FILE      edited tables instead of the built-in ones\n"
    "  --labels FILE     worn/spent thresholds to label brigades \"7/5/3 veteran\"\n"
    "  --format F        text (default), json, jsonl, csv or markdown\n";

const char help_corps[] =
    "usage: muster corps --army A [--year Y] [--theater T] [--divisions N]\n"
    "                    [--cavalry N] [--by-the-book] [dice, rules, format options]\n\n"
    "Generates a corps: [theater/year], the corps leader, then N infantry\n"
    "divisions (default 3) and --cavalry N cavalry divisions, each in the\n"
    "division roll order. The reserve shares add up to the Confederate corps\n"
    "reserve or the Union Army Artillery Reserve. Options as for 'division'.\n";

const char help_battle[] =
    "usage: muster battle [--year Y] [--theater T] [--divisions N] [--by-the-book]\n"
    "                     [dice, rules, format options]\n\n"
    "Generates both sides of a battle: [theater/year], then a Union corps, then a\n"
    "Confederate corps, each of N infantry divisions (default 3). Options as for\n"
    "'division'.\n";

enum { OPT_COUNT = OOB_NEXT };

static const struct option oob_options[] = {
    CLI_COMMON_OPTIONS,
    CLI_OOB_OPTIONS,
    {"count", required_argument, NULL, OPT_COUNT},
    {NULL, 0, NULL, 0}};

typedef struct oob_args {
    cli_common cc;
    cli_oob b;
    long count;
    bool has_count;
} oob_args;

/* Parses the options of division/corps/battle; those a command does not take
 * are refused afterwards by the caller. Returns -1 to go on, or an exit code. */
static int parse_oob(int argc, char **argv, const char *cmd, oob_args *a)
{
    memset(a, 0, sizeof *a);
    a->cc.cmd = cmd;
    cli_oob_init(&a->b);
    a->count = 1;
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", oob_options, NULL)) != -1) {
        int r = cli_common_opt(&a->cc, c, optarg);
        if (r == 0)
            r = cli_oob_opt(&a->b, c, optarg);
        if (r < 0)
            return EXIT_INPUT;
        if (r > 0)
            continue;
        switch (c) {
        case OPT_COUNT:
            if (!cli_int("count", optarg, 1, 100000, &a->count))
                return EXIT_INPUT;
            a->has_count = true;
            break;
        default:
            return cli_bad_option(cmd, argv);
        }
    }
    if (a->cc.help)
        return cli_help(cmd);
    if (optind < argc)
        return cli_usage("%s: unexpected argument '%s' (see 'muster help %s')",
                         cmd, argv[optind], cmd);
    return -1;
}

/* Loads rules and dice, runs gen(), renders, checks leftover rolls. */
typedef mu_status (*oob_gen)(const oob_args *a, const mu_rules *r, mu_dice *d,
                             const mu_render_opts *ro, char **out,
                             mu_error *err);

static int run_oob(oob_args *a, oob_gen gen)
{
    mu_error err = {0};
    mu_rules *rules = NULL;
    mu_labels *labels = NULL;
    mu_dice *dice = NULL;
    char *text = NULL;
    int rc;
    if (cli_rules(&a->cc, &rules, &labels, &err) != MU_OK ||
        cli_dice(&a->cc, &dice, &err) != MU_OK) {
        rc = cli_fail(&err);
        goto done;
    }
    mu_render_opts ro = cli_render_opts(&a->cc, labels);
    if (gen(a, rules, dice, &ro, &text, &err) != MU_OK) {
        rc = cli_fail(&err);
        goto done;
    }
    rc = cli_dice_done(&a->cc, dice);
    if (rc == EXIT_OK)
        rc = cli_emit(text);
done:
    free(text);
    mu_dice_free(dice);
    mu_labels_free(labels);
    mu_rules_free(rules);
    return rc;
}

static mu_status gen_division(const oob_args *a, const mu_rules *r,
                              mu_dice *d, const mu_render_opts *ro,
                              char **out, mu_error *err)
{
    mu_division *v = malloc((size_t)a->count * sizeof *v);
    if (!v) {
        return mu_error_set(err, MU_ENOMEM, MU_R_NONE, "out of memory");
    }
    mu_status st = MU_OK;
    for (long i = 0; i < a->count && st == MU_OK; i++)
        st = mu_division_generate(r, d, &a->b.o, &v[i], err);
    if (st == MU_OK)
        st = mu_division_render(v, (size_t)a->count, ro, out, err);
    free(v);
    return st;
}

int cmd_division(int argc, char **argv)
{
    oob_args a;
    int rc = parse_oob(argc, argv, "division", &a);
    if (rc >= 0)
        return rc;
    if (!a.b.has_army)
        return cli_usage("division: choose a side with --army union or --army "
                         "confederate");
    if (a.b.has_divisions || a.b.has_cavalry)
        return cli_usage("division: --divisions and --cavalry belong to 'corps'");
    return run_oob(&a, gen_division);
}

static mu_status gen_corps(const oob_args *a, const mu_rules *r, mu_dice *d,
                           const mu_render_opts *ro, char **out, mu_error *err)
{
    mu_corps c;
    mu_status st = mu_corps_generate(r, d, &a->b.o, (int)a->b.divisions,
                                     (int)a->b.cavalry, &c, err);
    if (st == MU_OK)
        st = mu_corps_render(&c, ro, out, err);
    mu_corps_clear(&c);
    return st;
}

int cmd_corps(int argc, char **argv)
{
    oob_args a;
    int rc = parse_oob(argc, argv, "corps", &a);
    if (rc >= 0)
        return rc;
    if (!a.b.has_army)
        return cli_usage("corps: choose a side with --army union or --army "
                         "confederate");
    if (a.has_count || a.b.has_arm)
        return cli_usage("corps: use --divisions N and --cavalry N, not "
                         "--count or --arm");
    if (a.b.divisions + a.b.cavalry < 1)
        return cli_usage("corps: a corps needs at least one division");
    return run_oob(&a, gen_corps);
}

static mu_status gen_battle(const oob_args *a, const mu_rules *r, mu_dice *d,
                            const mu_render_opts *ro, char **out, mu_error *err)
{
    mu_battle b;
    mu_status st = mu_battle_generate(r, d, &a->b.o, (int)a->b.divisions, &b,
                                      err);
    if (st == MU_OK)
        st = mu_battle_render(&b, ro, out, err);
    mu_battle_clear(&b);
    return st;
}

int cmd_battle(int argc, char **argv)
{
    oob_args a;
    int rc = parse_oob(argc, argv, "battle", &a);
    if (rc >= 0)
        return rc;
    if (a.b.has_army || a.has_count || a.b.has_arm || a.b.has_cavalry)
        return cli_usage("battle: both armies take part; --army, --count, --arm "
                         "and --cavalry belong to 'division' and 'corps'");
    if (a.b.divisions < 1)
        return cli_usage("battle: each side needs at least one division");
    return run_oob(&a, gen_battle);
}
