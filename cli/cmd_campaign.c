/* cmd_campaign.c -- muster campaign SUB FILE ...: a thin client of the
 * mu_campaign_* API. One option table for every subcommand; each says which
 * options it takes and how many words follow it. */
#include "legacy.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char help_campaign[] =
    "usage: muster campaign SUB FILE [options]   (FILE: the campaign, SQLite)\n\n"
    "  new FILE --name NAME --year Y --theater east|west\n"
    "           [--return-rate P | --return-winner P --return-loser P]\n"
    "           [--rules TABLES.ini]\n"
    "  add FILE --side union|confederate --name NAME [--arm cavalry]\n"
    "           [--corps NAME]                       prints the division's id\n"
    "  engage FILE DIV [--hidden] [--by-the-book] [dice] [--labels FILE]\n"
    "  engage FILE DIV --hidden --fair          fair roll 1: the owner commits\n"
    "  contribute FILE DIV --commitment HEX     fair roll 2: the opponent\n"
    "  engage FILE DIV --contribution HEX [--by-the-book]   3: the roll\n"
    "  reveal FILE DIV\n"
    "  verify --commitment HEX [--salt HEX] --division FILE.json|-\n"
    "  verify FILE DIV --division REVEAL.json   the opponent checks a fair roll\n"
    "  advance FILE --year Y\n"
    "  battle FILE start NAME [--theater east|west]\n"
    "  battle FILE end [--winner union|confederate] [dice]\n"
    "  casualties FILE DIV --brigade K --lost N [--captured N]\n"
    "  prisoners FILE\n"
    "  exchange FILE --union N --confederate M\n"
    "  liberate FILE --side union|confederate\n"
    "  leader-lost FILE DIV [--brigade K | --corps-leader] [dice]\n"
    "  penalty FILE --side union|confederate\n"
    "  downgrade FILE DIV [--brigade K | --corps-leader]\n"
    "  show FILE [--side S] [--labels FILE] [--format text|json|markdown]\n"
    "  log FILE [--side S] [--format text|json]\n"
    "  check FILE\n"
    "  export FILE --side union|confederate --out NEW.db\n"
    "  export FILE --format csv\n"
    "Every command on a FILE takes --as union|confederate: acting for one\n"
    "side, nothing about the other side's unrevealed divisions is told or\n"
    "changed (the default is the umpire, who sees all).\n\n"
    "The seed's campaign rules. A division stays unknown until it first fights:\n"
    "'engage' generates it once, for the campaign's year and theater, in the\n"
    "roll order of 'muster division', then rates its corps leader if it is the\n"
    "first of its corps to fight. Casualties come off its actual strength.\n"
    "At 'battle end' each brigade gets back the return rate times its\n"
    "battlefield losses of that battle (default 50 %; with --return-winner and\n"
    "--return-loser, by the --winner); a fraction of a stand is rolled for:\n"
    "one more iff d100 <= floor(100 x fraction), one roll per brigade with a\n"
    "fraction, in order of division id, then brigade. Prisoners never return\n"
    "that way: they come home by 'exchange' (both sides' counts, longest held\n"
    "first) or 'liberate' (all of a side's men).\n\n"
    "--hidden prints only a commitment: SHA-256(salt || canonical JSON of the\n"
    "division, RFC 8785), salt 16 random bytes, both in hex. 'reveal' prints\n"
    "{\"division\":{...},\"salt\":HEX,\"commitment\":HEX}; 'verify' checks it\n"
    "anywhere, without the campaign (exit 0 match, 1 mismatch, 2 unreadable).\n"
    "--side on show and log hides the other side's unrevealed divisions.\n"
    "'export --side S --out S.db' writes a player's own file: only what S may\n"
    "know (the other side's hidden divisions as name and commitment, the log\n"
    "masked); it opens as S and takes no changes. 'export --format csv':\n"
    "divisions, brigades and losses, one table, for spreadsheets.\n\n"
    "Leaders (the seed's note): 'leader-lost' rolls the replacement on the\n"
    "leader table; a despicable corps leader attaches to the division named.\n"
    "'penalty --side S': S forgot to reveal a despicable leader, so the\n"
    "opponent holds a despicable replacement; 'downgrade' spends it on an\n"
    "average leader of S.\n\n"
    "  --return-rate P    share of battlefield losses back: 50, 66.67, 2/3\n"
    "  --rules FILE       generation tables for this campaign (kept in FILE)\n"
    "  --hidden           keep the division secret behind a commitment\n"
    "  --by-the-book      play despicable leaders as average\n"
    "  --lost N           killed, wounded and stragglers (stands)\n"
    "  --captured N       stands taken prisoner by the other side\n"
    "  --union N          Union stands the Confederates give back (exchange)\n"
    "  --confederate M    Confederate stands the Union gives back (exchange)\n"
    "  dice               --seed N | --rolls LIST | --ask, as for 'division';\n"
    "                     rolls left over change nothing (exit 2)\n"
    "  --format F         text (default) or json; show and engage: markdown\n\n"
    "Every command is one transaction: it does all it says or nothing.\n"
    "Bad input exits 2 and changes nothing.\n";

enum {
    OPT_NAME = OPT_FIRST_LOCAL, OPT_YEAR, OPT_THEATER, OPT_RATE, OPT_RWIN,
    OPT_RLOSE, OPT_SIDE, OPT_ARM, OPT_CORPS, OPT_HIDDEN, OPT_BOOK, OPT_WINNER,
    OPT_BRIGADE, OPT_LOST, OPT_CAPTURED, OPT_UNION, OPT_CONFED, OPT_CORPSLEAD,
    OPT_COMMIT, OPT_SALT, OPT_DIVISION, OPT_AS, OPT_OUT, OPT_FAIR,
    OPT_CONTRIB, OPT_LAST
};

static const struct option camp_options[] = {
    CLI_COMMON_OPTIONS,
    {"name", required_argument, NULL, OPT_NAME},
    {"year", required_argument, NULL, OPT_YEAR},
    {"theater", required_argument, NULL, OPT_THEATER},
    {"return-rate", required_argument, NULL, OPT_RATE},
    {"return-winner", required_argument, NULL, OPT_RWIN},
    {"return-loser", required_argument, NULL, OPT_RLOSE},
    {"side", required_argument, NULL, OPT_SIDE},
    {"arm", required_argument, NULL, OPT_ARM},
    {"corps", required_argument, NULL, OPT_CORPS},
    {"hidden", no_argument, NULL, OPT_HIDDEN},
    {"by-the-book", no_argument, NULL, OPT_BOOK},
    {"winner", required_argument, NULL, OPT_WINNER},
    {"brigade", required_argument, NULL, OPT_BRIGADE},
    {"lost", required_argument, NULL, OPT_LOST},
    {"captured", required_argument, NULL, OPT_CAPTURED},
    {"union", required_argument, NULL, OPT_UNION},
    {"confederate", required_argument, NULL, OPT_CONFED},
    {"corps-leader", no_argument, NULL, OPT_CORPSLEAD},
    {"commitment", required_argument, NULL, OPT_COMMIT},
    {"salt", required_argument, NULL, OPT_SALT},
    {"division", required_argument, NULL, OPT_DIVISION},
    {"as", required_argument, NULL, OPT_AS},
    {"out", required_argument, NULL, OPT_OUT},
    {"fair", no_argument, NULL, OPT_FAIR},
    {"contribution", required_argument, NULL, OPT_CONTRIB},
    {NULL, 0, NULL, 0}};

/* Bit of an option in a subcommand's allowed set. */
#define B(o) (1ull << ((o) - OPT_SEED))
#define DICE (B(OPT_SEED) | B(OPT_ROLLS) | B(OPT_ASK))

typedef struct camp_args {
    cli_common cc;
    const char *sub;
    unsigned long long given;
    const char *name, *corps, *commitment, *salt, *division, *out, *contrib;
    int year;
    mu_theater theater;
    mu_rat rate, rwin, rlose;
    mu_army side, winner, as;
    mu_arm arm;
    long brigade, lost, captured, nunion, nconfed;
    int div;    /* DIV, for the subcommands that take one */
    char **pos; /* words after SUB: FILE and the rest */
    int npos;
} camp_args;

static bool has(const camp_args *a, int opt)
{
    return (a->given & B(opt)) != 0;
}

/* The name of an option, for messages. */
static const char *opt_name(int opt)
{
    for (const struct option *o = camp_options; o->name; o++)
        if (o->val == opt)
            return o->name;
    return "?";
}

static int parse_value(camp_args *a, int c, const char *arg)
{
    mu_error err;
    mu_status st = MU_OK;
    switch (c) {
    case OPT_NAME: a->name = arg; break;
    case OPT_CORPS: a->corps = arg; break;
    case OPT_COMMIT: a->commitment = arg; break;
    case OPT_SALT: a->salt = arg; break;
    case OPT_DIVISION: a->division = arg; break;
    case OPT_OUT: a->out = arg; break;
    case OPT_CONTRIB: a->contrib = arg; break;
    case OPT_YEAR: st = mu_year_parse(arg, &a->year, &err); break;
    case OPT_THEATER: st = mu_theater_parse(arg, &a->theater, &err); break;
    case OPT_RATE: st = mu_share_parse(arg, &a->rate, &err); break;
    case OPT_RWIN: st = mu_share_parse(arg, &a->rwin, &err); break;
    case OPT_RLOSE: st = mu_share_parse(arg, &a->rlose, &err); break;
    case OPT_SIDE: st = mu_army_parse(arg, &a->side, &err); break;
    case OPT_WINNER: st = mu_army_parse(arg, &a->winner, &err); break;
    case OPT_AS: st = mu_army_parse(arg, &a->as, &err); break;
    case OPT_ARM: st = mu_arm_parse(arg, &a->arm, &err); break;
    case OPT_BRIGADE:
        return cli_int("brigade", arg, 1, MU_MAX_BRIGADES, &a->brigade) ? 0 : -1;
    case OPT_LOST:
        return cli_int("lost", arg, 0, MU_MAX_STANDS, &a->lost) ? 0 : -1;
    case OPT_CAPTURED:
        return cli_int("captured", arg, 0, MU_MAX_STANDS, &a->captured) ? 0 : -1;
    case OPT_UNION:
        return cli_int("union", arg, 0, 100000, &a->nunion) ? 0 : -1;
    case OPT_CONFED:
        return cli_int("confederate", arg, 0, 100000, &a->nconfed) ? 0 : -1;
    default: break; /* flags */
    }
    if (st != MU_OK) {
        cli_fail(&err);
        return -1;
    }
    return 0;
}

/* Parses argv (argv[0] is SUB). Returns -1 to go on, or an exit code. */
static int parse_args(int argc, char **argv, camp_args *a)
{
    memset(a, 0, sizeof *a);
    a->sub = argv[0];
    a->cc.cmd = "campaign";
    a->rate = a->rwin = a->rlose = (mu_rat){1, 2};
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", camp_options, NULL)) != -1) {
        if (c == '?' || c == ':')
            return cli_bad_option("campaign", argv);
        int r = cli_common_opt(&a->cc, c, optarg);
        if (r < 0 || (r == 0 && parse_value(a, c, optarg) < 0))
            return EXIT_INPUT;
        if (has(a, c) && c != OPT_HELP)
            return cli_usage("campaign %s: --%s is given twice", a->sub,
                             opt_name(c));
        a->given |= B(c);
    }
    if (a->cc.help)
        return cli_help("campaign");
    a->pos = argv + optind;
    a->npos = argc - optind;
    return -1;
}

static bool div_id(const char *s, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < 1 || v > 1000000000) {
        cli_usage("'%s' is not a division id: give the number 'add' printed "
                  "(see 'muster campaign show')", s);
        return false;
    }
    *out = (int)v;
    return true;
}

/* Refuses options the subcommand does not take and checks the number of
 * words after it. */
static int check_args(const camp_args *a, unsigned long long allowed,
                      int npos, const char *words)
{
    if (strcmp(a->sub, "new") && strcmp(a->sub, "verify"))
        allowed |= B(OPT_AS); /* every command on a campaign file */
    unsigned long long extra = a->given & ~(allowed | B(OPT_HELP));
    for (int o = OPT_SEED; extra && o < OPT_LAST; o++)
        if (extra & B(o))
            return cli_usage("campaign %s does not take --%s (see 'muster help "
                             "campaign')", a->sub, opt_name(o));
    if (a->npos != npos)
        return cli_usage("campaign %s: give %s (see 'muster help campaign')",
                         a->sub, words);
    return -1;
}

/* check_args for FILE DIV, and DIV parsed into a->div. */
static int check_div(camp_args *a, unsigned long long allowed)
{
    int rc = check_args(a, allowed, 2, "FILE DIV");
    if (rc >= 0)
        return rc;
    return div_id(a->pos[1], &a->div) ? -1 : EXIT_INPUT;
}

static int need(const camp_args *a, int opt)
{
    if (has(a, opt))
        return -1;
    return cli_usage("campaign %s: --%s is required (see 'muster help "
                     "campaign')", a->sub, opt_name(opt));
}

static int open_campaign(const camp_args *a, mu_campaign **c)
{
    mu_error err = {0};
    if (mu_campaign_open(a->pos[0], c, &err) != MU_OK)
        return cli_fail(&err);
    if (has(a, OPT_AS) &&
        mu_campaign_act_as(*c, (mu_viewer)a->as, &err) != MU_OK) {
        mu_campaign_close(*c);
        *c = NULL;
        return cli_fail(&err);
    }
    return -1;
}

/* Prints one event as the log shows it. */
static int emit_event(mu_campaign *c, int64_t ev, mu_format fmt)
{
    mu_error err = {0};
    char *text = NULL;
    mu_render_opts ro = {.format = fmt == MU_FMT_JSON ? MU_FMT_JSON
                                                      : MU_FMT_TEXT};
    int rc = mu_campaign_event(c, ev, MU_VIEWER_UMPIRE, &ro, &text,
                               &err) == MU_OK
                 ? cli_emit(text) : cli_fail(&err);
    free(text);
    return rc;
}

static int format_only(const camp_args *a, bool json, bool md)
{
    mu_format f = a->cc.format;
    if (f == MU_FMT_TEXT || (json && f == MU_FMT_JSON) ||
        (md && f == MU_FMT_MARKDOWN))
        return -1;
    return cli_usage("campaign %s writes text%s%s", a->sub,
                     json ? (md ? ", json" : " or json") : "",
                     md ? " or markdown" : "");
}


/* Reads a whole file, or standard input for "-", into a malloc'd buffer. */
static char *slurp(const char *path, size_t *len, mu_error *err)
{
    const size_t max = 16u << 20;
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    const char *why = !f ? strerror(errno) : NULL;
    while (!why) {
        if (!buf) {
            why = "out of memory";
        } else if (n > max) {
            why = "larger than 16 MiB";
        } else if (n == cap) {
            char *p = realloc(buf, 2 * cap + 1);
            if (p) {
                buf = p;
                cap *= 2;
            } else {
                why = "out of memory";
            }
        } else {
            n += fread(buf + n, 1, cap - n, f);
            if (ferror(f))
                why = "cannot read";
            else if (feof(f))
                break;
        }
    }
    if (!why && n > max) /* the last read may have gone past it */
        why = "larger than 16 MiB";
    if (f && f != stdin)
        fclose(f);
    if (why) {
        free(buf);
        mu_error_set(err, f && !strcmp(why, "larger than 16 MiB") ? MU_EINPUT
                                                                  : MU_EIO,
                     MU_R_NONE, "%s%s", f ? "" : "cannot open: ", why);
        snprintf(err->file, sizeof err->file, "%s",
                 strcmp(path, "-") ? path : "standard input");
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* ---- subcommands that write one event ----------------------------------- */

typedef mu_status (*event_fn)(mu_campaign *c, const camp_args *a, mu_dice *d,
                              int64_t *ev, mu_error *err);

/* Opens FILE, makes the dice if `dice`, runs fn, prints its event. */
static int run_event(camp_args *a, event_fn fn, bool dice)
{
    mu_campaign *c = NULL;
    mu_dice *d = NULL;
    mu_error err = {0};
    int64_t ev = 0;
    int rc = format_only(a, true, false);
    if (rc >= 0)
        return rc;
    if (dice && cli_dice(&a->cc, &d, &err) != MU_OK)
        return cli_fail(&err);
    if ((rc = open_campaign(a, &c)) < 0)
        rc = fn(c, a, d, &ev, &err) == MU_OK ? emit_event(c, ev, a->cc.format)
                                             : cli_fail(&err);
    mu_campaign_close(c);
    mu_dice_free(d);
    return rc;
}

static mu_status do_start(mu_campaign *c, const camp_args *a, mu_dice *d,
                          int64_t *ev, mu_error *err)
{
    (void)d;
    return mu_campaign_battle_start_in(c, a->pos[2], has(a, OPT_THEATER)
                                       ? a->theater : MU_THEATER_UNKNOWN,
                                       ev, err);
}

static mu_status do_end(mu_campaign *c, const camp_args *a, mu_dice *d,
                        int64_t *ev, mu_error *err)
{
    return mu_campaign_battle_end(c, has(a, OPT_WINNER) ? (mu_winner)a->winner
                                                   : MU_WINNER_NONE,
                                  d, ev, err);
}

static int sub_battle(camp_args *a)
{
    bool start = a->npos >= 2 && !strcmp(a->pos[1], "start");
    bool end = a->npos >= 2 && !strcmp(a->pos[1], "end");
    if (!start && !end)
        return cli_usage("campaign battle: give FILE start NAME or FILE end");
    int rc = start ? check_args(a, B(OPT_THEATER) | B(OPT_FORMAT), 3,
                                "FILE start NAME")
                   : check_args(a, B(OPT_WINNER) | DICE | B(OPT_FORMAT), 2,
                                "FILE end");
    return rc >= 0 ? rc : run_event(a, start ? do_start : do_end, end);
}

static mu_status do_casualties(mu_campaign *c, const camp_args *a, mu_dice *d,
                               int64_t *ev, mu_error *err)
{
    (void)d;
    return mu_campaign_casualties(c, a->div, (int)a->brigade, (int)a->lost,
                                  (int)a->captured, ev, err);
}

static int sub_casualties(camp_args *a)
{
    int rc = check_div(a, B(OPT_BRIGADE) | B(OPT_LOST) | B(OPT_CAPTURED) |
                              B(OPT_FORMAT));
    if (rc < 0 && (rc = need(a, OPT_BRIGADE)) < 0)
        rc = need(a, OPT_LOST);
    return rc >= 0 ? rc : run_event(a, do_casualties, false);
}

static mu_status do_exchange(mu_campaign *c, const camp_args *a, mu_dice *d,
                             int64_t *ev, mu_error *err)
{
    (void)d;
    return mu_campaign_exchange(c, (int)a->nunion, (int)a->nconfed, ev, err);
}

static int sub_exchange(camp_args *a)
{
    int rc = check_args(a, B(OPT_UNION) | B(OPT_CONFED) | B(OPT_FORMAT), 1,
                        "FILE");
    if (rc < 0 && (!has(a, OPT_UNION) || !has(a, OPT_CONFED)))
        rc = cli_usage("campaign exchange: an exchange is by mutual consent: "
                       "give both --union N and --confederate M (0 is allowed)");
    return rc >= 0 ? rc : run_event(a, do_exchange, false);
}

static mu_status do_liberate(mu_campaign *c, const camp_args *a, mu_dice *d,
                             int64_t *ev, mu_error *err)
{
    (void)d;
    return mu_campaign_liberate(c, a->side, ev, err);
}

static mu_status do_penalty(mu_campaign *c, const camp_args *a, mu_dice *d,
                            int64_t *ev, mu_error *err)
{
    (void)d;
    return mu_campaign_penalty(c, a->side, ev, err);
}

static int sub_side_event(camp_args *a, event_fn fn)
{
    int rc = check_args(a, B(OPT_SIDE) | B(OPT_FORMAT), 1, "FILE");
    if (rc < 0)
        rc = need(a, OPT_SIDE);
    return rc >= 0 ? rc : run_event(a, fn, false);
}

static int sub_liberate(camp_args *a) { return sub_side_event(a, do_liberate); }
static int sub_penalty(camp_args *a) { return sub_side_event(a, do_penalty); }

static mu_post post_of(const camp_args *a)
{
    return has(a, OPT_CORPSLEAD) ? MU_POST_CORPS
           : has(a, OPT_BRIGADE) ? MU_POST_BRIGADE : MU_POST_DIVISION;
}

static mu_status do_lost(mu_campaign *c, const camp_args *a, mu_dice *d,
                         int64_t *ev, mu_error *err)
{
    return mu_campaign_leader_lost(c, a->div, post_of(a), (int)a->brigade, d,
                                   ev, err);
}

static mu_status do_downgrade(mu_campaign *c, const camp_args *a, mu_dice *d,
                              int64_t *ev, mu_error *err)
{
    (void)d;
    return mu_campaign_downgrade(c, a->div, post_of(a), (int)a->brigade, ev,
                                 err);
}

static int sub_leader(camp_args *a, bool dice)
{
    int rc = check_div(a, B(OPT_BRIGADE) | B(OPT_CORPSLEAD) | B(OPT_FORMAT) |
                              (dice ? DICE : 0));
    if (rc < 0 && has(a, OPT_BRIGADE) && has(a, OPT_CORPSLEAD))
        rc = cli_usage("campaign %s: name one leader: --brigade K, "
                       "--corps-leader, or neither for the division leader",
                       a->sub);
    return rc >= 0 ? rc : run_event(a, dice ? do_lost : do_downgrade, dice);
}

static int sub_leader_lost(camp_args *a) { return sub_leader(a, true); }
static int sub_downgrade(camp_args *a) { return sub_leader(a, false); }

/* ---- the other subcommands ---------------------------------------------- */

static int sub_new(camp_args *a)
{
    int rc = check_args(a, B(OPT_NAME) | B(OPT_YEAR) | B(OPT_THEATER) |
                               B(OPT_RATE) | B(OPT_RWIN) | B(OPT_RLOSE) |
                               B(OPT_RULES) | B(OPT_FORMAT), 1, "FILE");
    if (rc < 0 && (rc = need(a, OPT_NAME)) < 0 && (rc = need(a, OPT_YEAR)) < 0)
        rc = need(a, OPT_THEATER);
    if (rc < 0 && has(a, OPT_RWIN) != has(a, OPT_RLOSE))
        rc = cli_usage("campaign new: give --return-winner and --return-loser "
                       "together");
    if (rc < 0)
        rc = format_only(a, true, false);
    if (rc >= 0)
        return rc;
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = a->name;
    o.year = a->year;
    o.theater = a->theater;
    o.draw = a->rate;
    o.winner = has(a, OPT_RWIN) ? a->rwin : a->rate;
    o.loser = has(a, OPT_RLOSE) ? a->rlose : a->rate;
    mu_error err = {0};
    char *rules = NULL;
    if (a->cc.rules && !(rules = slurp(a->cc.rules, &o.rules_len, &err)))
        return cli_fail(&err);
    o.rules = rules;
    mu_campaign *c = NULL;
    rc = mu_campaign_create(a->pos[0], &o, &c, &err) == MU_OK
             ? emit_event(c, 1, a->cc.format) : cli_fail(&err);
    free(rules);
    mu_campaign_close(c);
    return rc;
}

static int sub_add(camp_args *a)
{
    int rc = check_args(a, B(OPT_SIDE) | B(OPT_NAME) | B(OPT_ARM) |
                               B(OPT_CORPS) | B(OPT_FORMAT), 1, "FILE");
    if (rc < 0 && (rc = need(a, OPT_SIDE)) < 0 && (rc = need(a, OPT_NAME)) < 0)
        rc = format_only(a, true, false);
    mu_campaign *c = NULL;
    if (rc >= 0 || (rc = open_campaign(a, &c)) >= 0)
        return rc;
    mu_error err = {0};
    int id;
    if (mu_campaign_add(c, a->side, a->name, a->arm, a->corps, &id, &err) ==
        MU_OK) {
        char buf[48];
        snprintf(buf, sizeof buf, a->cc.format == MU_FMT_JSON ? "{\"id\":%d}\n"
                 : "%d\n", id);
        rc = cli_emit(buf);
    } else {
        rc = cli_fail(&err);
    }
    mu_campaign_close(c);
    return rc;
}

/* engage --hidden --fair: step 1 of a fair roll, the owner's commitment. */
static int engage_commit(camp_args *a)
{
    mu_campaign *c = NULL;
    int rc = open_campaign(a, &c);
    if (rc >= 0)
        return rc;
    mu_error err = {0};
    char h[MU_FAIR_HEX], buf[256];
    if (mu_campaign_fair_commit(c, a->div, h, NULL, &err) == MU_OK) {
        snprintf(buf, sizeof buf, a->cc.format == MU_FMT_JSON
                 ? "{\"division\":%d,\"fair_commitment\":\"%s\"}\n"
                 : "Division %d: a fair roll; give the opponent the "
                   "commitment to your secret:\nfair commitment %s\n", a->div,
                 h);
        rc = cli_emit(buf);
    } else {
        rc = cli_fail(&err);
    }
    mu_campaign_close(c);
    return rc;
}

static int sub_engage(camp_args *a)
{
    int rc = check_div(a, B(OPT_HIDDEN) | B(OPT_BOOK) | DICE | B(OPT_LABELS) |
                              B(OPT_FORMAT) | B(OPT_FAIR) | B(OPT_CONTRIB));
    bool fair = has(a, OPT_FAIR) || has(a, OPT_CONTRIB);
    if (rc < 0 && fair && (a->given & DICE))
        rc = cli_usage("campaign engage: a fair roll takes no dice: its seed "
                       "is made by both players");
    if (rc < 0 && has(a, OPT_FAIR) && has(a, OPT_CONTRIB))
        rc = cli_usage("campaign engage: --fair commits to a secret; then "
                       "--contribution HEX rolls with the opponent's answer");
    if (rc < 0 && has(a, OPT_FAIR) && !has(a, OPT_HIDDEN))
        rc = cli_usage("campaign engage: --fair is for a hidden division: "
                       "give --hidden too");
    if (rc < 0)
        rc = format_only(a, true, true);
    if (rc < 0 && has(a, OPT_FAIR))
        return engage_commit(a);
    if (rc >= 0)
        return rc;
    mu_error err = {0};
    mu_labels *labels = NULL;
    mu_dice *d = NULL;
    mu_campaign *c = NULL;
    char *text = NULL;
    mu_engagement e;
    if ((a->cc.labels && mu_labels_load(a->cc.labels, &labels, &err) != MU_OK) ||
        cli_dice(&a->cc, &d, &err) != MU_OK) {
        rc = cli_fail(&err);
    } else if ((rc = open_campaign(a, &c)) < 0) {
        mu_render_opts ro = cli_render_opts(&a->cc, labels);
        mu_status st = has(a, OPT_CONTRIB)
            ? mu_campaign_engage_fair(c, a->div, a->contrib, has(a, OPT_BOOK),
                                      &e, &err)
            : mu_campaign_engage(c, a->div, has(a, OPT_HIDDEN),
                                 has(a, OPT_BOOK), d, &e, &err);
        if (st != MU_OK ||
            mu_engagement_render(&e, &ro, &text, &err) != MU_OK)
            rc = cli_fail(&err);
        else
            rc = cli_emit(text);
    }
    free(text);
    mu_campaign_close(c);
    mu_dice_free(d);
    mu_labels_free(labels);
    return rc;
}

static int sub_reveal(camp_args *a)
{
    int rc = check_div(a, 0);
    mu_campaign *c = NULL;
    if (rc >= 0 || (rc = open_campaign(a, &c)) >= 0)
        return rc;
    mu_error err = {0};
    char *doc = NULL;
    if (mu_campaign_reveal(c, a->div, &doc, &err) == MU_OK) {
        rc = cli_emit(doc);
        if (rc == EXIT_OK)
            rc = cli_emit("\n");
    } else {
        rc = cli_fail(&err);
    }
    free(doc);
    mu_campaign_close(c);
    return rc;
}

/* verify FILE DIV --division REVEAL.json: the opponent's check of a fair
 * roll against what their file recorded. */
static int verify_fair(camp_args *a)
{
    int rc = check_div(a, B(OPT_DIVISION));
    if (rc < 0)
        rc = need(a, OPT_DIVISION);
    mu_campaign *c = NULL;
    if (rc >= 0 || (rc = open_campaign(a, &c)) >= 0)
        return rc;
    mu_error err = {0};
    size_t len;
    char *text = slurp(a->division, &len, &err), *report = NULL;
    if (!text)
        rc = cli_fail(&err);
    else if (mu_campaign_fair_verify(c, a->div, text, len, &report, &err) ==
             MU_OK)
        rc = cli_emit(report);
    else
        rc = cli_fail(&err);
    free(text);
    free(report);
    mu_campaign_close(c);
    return rc;
}

static int sub_verify(camp_args *a)
{
    if (a->npos > 0 && !has(a, OPT_COMMIT) && !has(a, OPT_SALT))
        return verify_fair(a);
    int rc = check_args(a, B(OPT_COMMIT) | B(OPT_SALT) | B(OPT_DIVISION), 0,
                        "--commitment HEX --division FILE.json, and no "
                        "campaign FILE");
    if (rc < 0 && (rc = need(a, OPT_COMMIT)) < 0)
        rc = need(a, OPT_DIVISION);
    if (rc >= 0)
        return rc;
    mu_error err = {0};
    size_t len;
    char *text = slurp(a->division, &len, &err);
    if (!text)
        return cli_fail(&err);
    mu_status st = mu_commitment_verify(a->commitment, a->salt, text, len,
                                        &err);
    free(text);
    if (st == MU_EINPUT && err.line > 0) { /* a fault in the file: name it */
        snprintf(err.file, sizeof err.file, "%s", strcmp(a->division, "-")
                 ? a->division : "standard input");
        err.line = 0; /* the message has the line and column */
    }
    if (st != MU_OK)
        return cli_fail(&err);
    return cli_emit("ok: the division is the one committed to\n");
}

/* contribute FILE DIV --commitment HEX: step 2 of a fair roll. */
static int sub_contribute(camp_args *a)
{
    int rc = check_div(a, B(OPT_COMMIT) | B(OPT_FORMAT));
    if (rc < 0 && (rc = need(a, OPT_COMMIT)) < 0)
        rc = format_only(a, true, false);
    mu_campaign *c = NULL;
    if (rc >= 0 || (rc = open_campaign(a, &c)) >= 0)
        return rc;
    mu_error err = {0};
    char r[MU_FAIR_HEX], buf[256];
    if (mu_campaign_contribute(c, a->div, a->commitment, r, NULL, &err) ==
        MU_OK) {
        snprintf(buf, sizeof buf, a->cc.format == MU_FMT_JSON
                 ? "{\"division\":%d,\"contribution\":\"%s\"}\n"
                 : "Division %d: your contribution to its fair roll; give it "
                   "to its owner:\ncontribution %s\n", a->div, r);
        rc = cli_emit(buf);
    } else {
        rc = cli_fail(&err);
    }
    mu_campaign_close(c);
    return rc;
}

static mu_status do_advance(mu_campaign *c, const camp_args *a, mu_dice *d,
                            int64_t *ev, mu_error *err)
{
    (void)d;
    return mu_campaign_advance(c, a->year, ev, err);
}

/* advance FILE --year Y */
static int sub_advance(camp_args *a)
{
    int rc = check_args(a, B(OPT_YEAR) | B(OPT_FORMAT), 1, "FILE");
    if (rc < 0)
        rc = need(a, OPT_YEAR);
    return rc >= 0 ? rc : run_event(a, do_advance, false);
}

/* export FILE --side S --out NEW.db | export FILE --format csv */
static int sub_export(camp_args *a)
{
    int rc = check_args(a, B(OPT_SIDE) | B(OPT_OUT) | B(OPT_FORMAT), 1,
                        "FILE");
    bool csv = a->cc.format == MU_FMT_CSV;
    if (rc < 0 && csv && (has(a, OPT_SIDE) || has(a, OPT_OUT)))
        rc = cli_usage("campaign export: either --format csv (to standard "
                       "output) or --side S --out FILE, not both");
    if (rc < 0 && !csv && (!has(a, OPT_SIDE) || !has(a, OPT_OUT)))
        rc = cli_usage("campaign export: give --side union|confederate --out "
                       "NEW.db for a player's own file, or --format csv");
    mu_campaign *c = NULL;
    if (rc >= 0 || (rc = open_campaign(a, &c)) >= 0)
        return rc;
    mu_error err = {0};
    char *text = NULL;
    if (csv)
        rc = mu_campaign_export_csv(c, &text, &err) == MU_OK ? cli_emit(text)
                                                             : cli_fail(&err);
    else if (mu_campaign_export_side(c, a->side, a->out, &err) != MU_OK)
        rc = cli_fail(&err);
    else {
        char msg[600];
        snprintf(msg, sizeof msg, "%s: the %s's own file: what the %s may "
                 "know, and nothing more\n", a->out,
                 a->side == MU_UNION ? "Union" : "Confederates",
                 a->side == MU_UNION ? "Union" : "Confederates");
        rc = cli_emit(msg);
    }
    free(text);
    mu_campaign_close(c);
    return rc;
}

static int sub_show(camp_args *a)
{
    int rc = check_args(a, B(OPT_SIDE) | B(OPT_LABELS) | B(OPT_FORMAT), 1,
                        "FILE");
    if (rc < 0)
        rc = format_only(a, true, true);
    mu_error err = {0};
    mu_labels *labels = NULL;
    if (rc < 0 && a->cc.labels &&
        mu_labels_load(a->cc.labels, &labels, &err) != MU_OK)
        rc = cli_fail(&err);
    mu_campaign *c = NULL;
    if (rc >= 0 || (rc = open_campaign(a, &c)) >= 0) {
        mu_labels_free(labels);
        return rc;
    }
    char *text = NULL;
    mu_viewer viewer = has(a, OPT_SIDE) ? (mu_viewer)a->side
                                        : MU_VIEWER_UMPIRE;
    mu_render_opts ro = {.format = a->cc.format, .labels = labels};
    rc = mu_campaign_show(c, viewer, &ro, &text, &err) == MU_OK
             ? cli_emit(text) : cli_fail(&err);
    free(text);
    mu_labels_free(labels);
    mu_campaign_close(c);
    return rc;
}

/* log, prisoners and check: read-only, one FILE. */
static int sub_read(camp_args *a, unsigned long long allowed)
{
    int rc = check_args(a, allowed, 1, "FILE");
    if (rc < 0)
        rc = format_only(a, (allowed & B(OPT_FORMAT)) != 0, false);
    mu_campaign *c = NULL;
    if (rc >= 0 || (rc = open_campaign(a, &c)) >= 0)
        return rc;
    mu_error err = {0};
    char *text = NULL;
    mu_status st;
    mu_render_opts ro = {.format = a->cc.format};
    if (!strcmp(a->sub, "log"))
        st = mu_campaign_log(c, has(a, OPT_SIDE) ? (mu_viewer)a->side
                                                 : MU_VIEWER_UMPIRE,
                             &ro, &text, &err);
    else if (!strcmp(a->sub, "prisoners"))
        st = mu_campaign_prisoners(c, &ro, &text, &err);
    else
        st = mu_campaign_check(c, &text, &err);
    rc = text ? cli_emit(text) : EXIT_OK;
    if (st != MU_OK)
        rc = cli_fail(&err);
    free(text);
    mu_campaign_close(c);
    return rc;
}

static int sub_log(camp_args *a)
{
    return sub_read(a, B(OPT_SIDE) | B(OPT_FORMAT));
}
static int sub_prisoners(camp_args *a) { return sub_read(a, B(OPT_FORMAT)); }
static int sub_check(camp_args *a) { return sub_read(a, 0); }

static const struct {
    const char *name;
    int (*run)(camp_args *a);
} subs[] = {
    {"new", sub_new},           {"add", sub_add},
    {"engage", sub_engage},     {"reveal", sub_reveal},
    {"verify", sub_verify},     {"battle", sub_battle},
    {"casualties", sub_casualties}, {"prisoners", sub_prisoners},
    {"exchange", sub_exchange}, {"liberate", sub_liberate},
    {"leader-lost", sub_leader_lost}, {"penalty", sub_penalty},
    {"downgrade", sub_downgrade}, {"show", sub_show},
    {"log", sub_log},           {"check", sub_check},
    {"export", sub_export},     {"contribute", sub_contribute},
    {"advance", sub_advance},
};

int cmd_campaign(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage("campaign: give a subcommand and the campaign FILE "
                         "(see 'muster help campaign')");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
        return cli_help("campaign");
    for (size_t i = 0; i < sizeof subs / sizeof *subs; i++)
        if (!strcmp(argv[1], subs[i].name)) {
            camp_args a;
            int rc = parse_args(argc - 1, argv + 1, &a);
            return rc >= 0 ? rc : subs[i].run(&a);
        }
    return cli_usage("campaign: no subcommand '%s' (see 'muster help "
                     "campaign')", argv[1]);
}
