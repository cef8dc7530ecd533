/* SPDX-License-Identifier: MIT */
/* opts.h -- table entries shared by several commands (private to cli/).
 * Each macro is one cli_opt; a command's table lists them with its own. */
#ifndef MUSTER_CLI_OPTS_H
#define MUSTER_CLI_OPTS_H

#include "cli.h"

#define CLI_DICE_GROUP 1

#define OPT_SEED                                                               \
    {.name = "seed", .type = ARG_NUM, .lo = 0, .hi = UINT64_MAX,               \
     .group = CLI_DICE_GROUP, .metavar = "N",                                  \
     .help = N_("seed the dice (xoshiro256**); printed so it can be repeated"), \
     .conflict = N_("choose one dice source: --seed, --rolls or --ask")}
#define OPT_ROLLS                                                              \
    {.name = "rolls", .type = ARG_LIST, .group = CLI_DICE_GROUP,               \
     .metavar = "LIST",                                                        \
     .help = N_("real dice, comma-separated, 1..100, 00 = 100, in roll order")}
#define OPT_ASK                                                                \
    {.name = "ask", .type = ARG_FLAG, .group = CLI_DICE_GROUP,                 \
     .flags = CLI_ONLY, .help = N_("prompt for each roll on the terminal")}
#define OPT_DICE OPT_SEED, OPT_ROLLS, OPT_ASK

#define OPT_RULES_TABLES                                                       \
    {.name = "rules", .type = ARG_FILE, .metavar = "FILE",                     \
     .flags = CLI_LOCAL, .help = N_("edited tables instead of the built-in ones")}
#define OPT_RULES_WEAPONS                                                      \
    {.name = "rules", .type = ARG_FILE, .metavar = "FILE",                     \
     .flags = CLI_LOCAL, .help = N_("a weapons file instead of the built-in one")}
#define OPT_LABELS                                                             \
    {.name = "labels", .type = ARG_FILE, .metavar = "FILE",                    \
     .flags = CLI_LOCAL, .help = N_("worn/spent thresholds to label brigades \"7/5/3 veteran\"")}
/* --format with the formats a command writes (a NULL-terminated list). */
#define OPT_FORMAT(words, text)                                                \
    {.name = "format", .type = ARG_CHOICE, .vocab = (words), .metavar = "F",   \
     .help = (text)}
/* --format of the commands that write every format muster has. */
#define OPT_ALL_FORMATS                                                        \
    OPT_FORMAT(cli_formats, "text (default), json, jsonl, csv or markdown")

#define OPT_ARMY                                                               \
    {.name = "army", .type = ARG_CHOICE, .vocab = cli_armies, .metavar = "A",  \
     .flags = CLI_REQUIRED, .help = N_("union or confederate (required)"),     \
     .missing = N_("%s: choose a side with --army union or --army confederate")}
#define OPT_YEAR                                                               \
    {.name = "year", .type = ARG_NUM, .lo = 1861, .hi = 1865, .metavar = "Y",  \
     .help = N_("1861..1865")}
#define OPT_THEATER                                                            \
    {.name = "theater", .type = ARG_CHOICE, .vocab = cli_theaters,             \
     .metavar = "T", .help = N_("east or west")}
#define OPT_ARM(text)                                                          \
    {.name = "arm", .type = ARG_CHOICE, .vocab = cli_arms, .metavar = "A",     \
     .help = (text)}
#define OPT_BOOK(text)                                                         \
    {.name = "by-the-book", .type = ARG_FLAG, .help = (text)}
#define OPT_DIVISIONS(text)                                                    \
    {.name = "divisions", .type = ARG_NUM, .lo = 0, .hi = 64, .metavar = "N",  \
     .help = (text)}
#define OPT_CAVALRY(text)                                                      \
    {.name = "cavalry", .type = ARG_NUM, .lo = 0, .hi = 64, .metavar = "N",    \
     .help = (text)}
/* An option this command refuses with a message naming where it belongs
 * (a %s in it: the option's name). */
#define OPT_REFUSE(opt, argtype, msg)                                          \
    {.name = (opt), .type = (argtype), .flags = CLI_REFUSED, .help = (msg)}
/* What a command refuses that simulates not (OPT_NO_SIM) or rolls no
 * dice of the user's (OPT_NO_ROLLS), each with why. */
#define OPT_NO_SIM(why)                                                        \
    OPT_REFUSE("trials", ARG_TEXT, why), OPT_REFUSE("seed", ARG_TEXT, why),    \
        OPT_REFUSE("threads", ARG_TEXT, why)
#define OPT_NO_ROLLS(why)                                                      \
    OPT_REFUSE("rolls", ARG_TEXT, why), OPT_REFUSE("ask", ARG_FLAG, why),      \
        OPT_REFUSE("no-roll", ARG_FLAG, why)


/* ---- the volley options of fire, odds fire and sim fire (fire_opts.c) --- */

#define CLI_RANGE_GROUP 2

#define OPT_WEAPON                                                             \
    {.name = "weapon", .type = ARG_TEXT, .metavar = "W",                       \
     .flags = CLI_REQUIRED, .values = cli_weapon_words,                        \
     .help = N_("%s (or one from --rules); a gun fires canister while it "    \
             "beats roundshot (closer than 22.5 in), roundshot otherwise"),     \
     .missing = N_("%s: say what fires with --weapon (see 'muster curve --help' " \
                "or 'muster rules dump --kind weapons')")}
#define OPT_RANGE                                                              \
    {.name = "range", .type = ARG_LEN, .lo = 0, .metavar = "R",                \
     .flags = CLI_REQUIRED, .group = CLI_RANGE_GROUP,                          \
     .help = N_("how far to the target: inches (5, 7.5, 22/3, \"7 1/3\", "     \
             "5in) or centimetres (12.5cm); the answer says it in the unit "   \
             "given"),                                                         \
     .missing = N_("%s: how far? give --range R in inches, or --ranges "       \
                "R1,R2,... for one range per figure measured")}
#define OPT_RANGES                                                             \
    {.name = "ranges", .type = ARG_LIST, .metavar = "LIST",                    \
     .group = CLI_RANGE_GROUP,                                                 \
     .help = N_("one range per figure measured; the unit fires at the average " \
             "(--ranges 11,5 fires at 8; 28cm,12cm in cm)")}
#define OPT_FIGURES                                                            \
    {.name = "figures", .type = ARG_NUM, .lo = 1, .hi = MU_FIRE_MAX_FIGURES,   \
     .metavar = "N", .help = N_("small arms: figures firing (1..10000)")}
#define OPT_CREW                                                               \
    {.name = "crew", .type = ARG_NUM, .lo = 1, .hi = 100, .metavar = "N",      \
     .help = N_("artillery: crew castings (1..6, default 6), 3 effectives each")}
#define OPT_COVER                                                              \
    {.name = "cover", .type = ARG_FLAG,                                        \
     .help = N_("the target is behind hard cover (walls, houses)")}
#define OPT_YARDS                                                              \
    {.name = "yards", .type = ARG_FLAG,                                        \
     .help = N_("ranges (and --max-range) are yards, 10 to the inch")}
#define OPT_SCALE                                                              \
    {.name = "scale", .type = ARG_RAT, .lo = 1, .metavar = "N",                \
     .help = N_("yards per inch with --yards")}
#define OPT_NO_CANISTER                                                        \
    {.name = "no-canister", .type = ARG_FLAG,                                  \
     .help = N_("a gun has no canister left: roundshot")}
#define OPT_MAX_RANGE                                                          \
    {.name = "max-range", .type = ARG_LEN, .lo = 1, .metavar = "R",            \
     .help = N_("house rule: the weapon's line keeps its slope and reaches R " \
             "(roundshot to 80 in). Not for a gun: name the load, or use "     \
             "--rules")}
#define OPT_CM_PER_INCH                                                        \
    {.name = "cm-per-inch", .type = ARG_RAT, .lo = 1, .metavar = "X",          \
     .help = N_("centimetres to the inch for lengths given in cm (default "    \
             "2.5, or the weapons file's [units] cm_per_inch)")}
#define OPT_VOLLEY                                                             \
    OPT_WEAPON, OPT_RANGE, OPT_RANGES, OPT_FIGURES, OPT_CREW, OPT_COVER,       \
        OPT_YARDS, OPT_SCALE, OPT_NO_CANISTER, OPT_MAX_RANGE, OPT_CM_PER_INCH
#define OPT_METHOD                                                             \
    {.name = "method", .type = ARG_CHOICE, .vocab = cli_methods,               \
     .metavar = "M",                                                           \
     .help = N_("additive: the seed's rule, sure hits and one d100 for the "   \
             "rest; per-figure: every effective rolls on its own at P "        \
             "(binomial, exact for 1 to 100 000 effectives); both "            \
             "(default): the two and the difference")}

/* --cm-per-inch, else the weapons file's [units] cm_per_inch (w may be
 * NULL), else 2.5. */
mu_rat cli_cm_per_inch(const cli_ctx *cx, const mu_weapons *w);
/* The ARG_LEN option id so (dflt when not given, taken as it is). */
cli_rc cli_len(cli_ctx *cx, cli_optid id, mu_rat dflt, mu_rat cpi, bool cm,
               mu_rat *out);

/* The volley the options describe, checked against the weapon (--rules or
 * built-in) and computed (cmd/fire_opts.c). */
cli_rc cli_volley_compute(cli_ctx *cx, mu_volley *v);

/* ---- odds and sim ------------------------------------------------------- */

extern const char *const cli_odds_formats[]; /* text, json, csv, markdown */
#define OPT_ODDS_FORMAT                                                        \
    OPT_FORMAT(cli_odds_formats, "text (default), json, csv or markdown")
#define OPT_TRIALS                                                             \
    {.name = "trials", .shortname = 'n', .type = ARG_NUM, .lo = 1,             \
     .hi = 1000000000000ull, .metavar = "N",                                   \
     .help = N_("how many (default 1000000; at most 10^12)")}
#define OPT_SIM_SEED                                                           \
    {.name = "seed", .type = ARG_NUM, .lo = 0, .hi = UINT64_MAX,               \
     .metavar = "S",                                                           \
     .help = N_("the dice; printed so that a run can be repeated")}
#define OPT_THREADS                                                            \
    {.name = "threads", .type = ARG_NUM, .lo = 1, .hi = MU_SIM_MAX_THREADS,    \
     .metavar = "T", .flags = CLI_LOCAL,                                       \
     .help = N_("threads (default: one per processor). The result for a seed " \
             "is the same for any number of threads: the trials are cut "      \
             "into blocks of 65536 and block b rolls the seed's dice "         \
             "advanced by b xoshiro256** jumps, so block 0 is what 'muster "   \
             "division --count' rolls.")}

/* A simulation's options: --trials, --threads (default: one per processor)
 * and --seed, drawn from the OS when not given (kept in cx to print);
 * no progress callback, no time limit (cmd_sim.c). */
mu_status cli_sim_opts(cli_ctx *cx, mu_sim_opts *so, mu_error *err);

/* fire, odds fire and sim fire: --labels names a division's parts. */
#define OPT_NO_LABELS                                                          \
    OPT_REFUSE("labels", ARG_TEXT,                                             \
               N_("--labels belongs to the division generator"))

/* The order-of-battle options of odds, sim and plot: a division or a
 * corps, then `out`, the options of how the answer is written. */
#define CORPS_ONLY N_("--divisions and --cavalry belong to 'corps'")
#define OOB_DIVISION_OPTS(out)                                                 \
    OPT_ARMY, OPT_YEAR, OPT_THEATER,                                           \
        OPT_ARM("infantry (default) or cavalry: same tables"),                 \
        OPT_BOOK("despicable leaders count as average"), OPT_RULES_TABLES,     \
        out, OPT_REFUSE("divisions", ARG_TEXT, CORPS_ONLY),                    \
        OPT_REFUSE("cavalry", ARG_TEXT, CORPS_ONLY)
#define OOB_CORPS_OPTS(out)                                                    \
    OPT_ARMY, OPT_YEAR, OPT_THEATER,                                           \
        OPT_DIVISIONS("infantry divisions (default 3)"),                       \
        OPT_CAVALRY("cavalry divisions (default 0)"),                          \
        OPT_BOOK("despicable leaders count as average"), OPT_RULES_TABLES,     \
        out, OPT_REFUSE("arm", ARG_TEXT,                                       \
                        "use --divisions N and --cavalry N, not --arm")
#define ODDS_DIVISION_OPTS OOB_DIVISION_OPTS(OPT_ODDS_FORMAT)
#define ODDS_CORPS_OPTS OOB_CORPS_OPTS(OPT_ODDS_FORMAT)

/* The exact odds of a division or a corps as the options describe it
 * and, with `so`, the simulated frequencies; the caller clears both, also
 * on failure. */
cli_rc cli_oob_odds(cli_ctx *cx, bool corps, const mu_sim_opts *so,
                    mu_oob_odds *exact, mu_oob_odds *sim);
/* odds division|corps, and with `so` sim division|corps: the exact odds
 * (and the simulation beside them), rendered into cx->out. */
cli_rc cli_odds_oob(cli_ctx *cx, bool corps, const mu_sim_opts *so);
/* odds fire, and with `so` sim fire. */
cli_rc cli_odds_fire(cli_ctx *cx, const mu_sim_opts *so);
/* The exact odds of the volley v by --method and, with `so`, the simulated
 * frequencies; the caller clears both, also on failure. */
cli_rc cli_fire_odds(cli_ctx *cx, const mu_volley *v, const mu_sim_opts *so,
                    mu_fire_odds *exact, mu_fire_odds *sim);
/* The options of a charge (odds charge, plot odds charge). */
#define CHARGE_MISSING                                                         \
    N_("%s: say who charges and how: --figures N --range R --move M (inches "  \
       "a turn)")
#define OPT_CHARGE \
    {.name = "figures", .type = ARG_NUM, .lo = 1, .hi = MU_FIRE_MAX_FIGURES, \
     .metavar = "N", .flags = CLI_REQUIRED, .missing = CHARGE_MISSING, \
     .help = N_("the charging unit (required)")},                              \
    {.name = "range", .type = ARG_LEN, .lo = 1, .metavar = "R", \
     .flags = CLI_REQUIRED, .missing = CHARGE_MISSING, \
     .bad = N_("must be more than 0 inches"), \
     .help = N_("where it starts, inches (required; 30cm in cm)")},            \
    {.name = "move", .type = ARG_LEN, .lo = 1, .metavar = "M", \
     .flags = CLI_REQUIRED, .missing = CHARGE_MISSING, \
     .bad = N_("must be more than 0 inches"), \
     .help = N_("inches it closes a turn (required; 15cm in cm)")},            \
    {.name = "gun", .type = ARG_TEXT, .metavar = "G", \
     .values = cli_weapon_words, \
     .help = N_("the gun or a load (default gun)")},                           \
    {.name = "crew", .type = ARG_NUM, .lo = 1, .hi = 100, .metavar = "N", \
     .help = N_("crew castings (default: full)")},                             \
    {.name = "cover", .type = ARG_FLAG, \
     .help = N_("the unit comes on behind hard cover")},                       \
    {.name = "no-canister", .type = ARG_FLAG, \
     .help = N_("the gun has only roundshot")},                                \
    {.name = "no-point-blank", .type = ARG_FLAG, \
     .help = N_("no last volley at contact (range 0)")},                       \
    {.name = "return-fire", .type = ARG_TEXT, .metavar = "W", \
     .values = cli_weapon_words, \
     .help = N_("the unit fires back at the crew with weapon W at each " \
             "range: a duel; both sides fire at once")}, \
    OPT_CM_PER_INCH
/* The charge those options describe, its lengths in inches. */
cli_rc cli_charge_opts(cli_ctx *cx, mu_charge_opts *o);
/* The exact odds of the charge o into a calloc'd *co, which the caller
 * clears and frees, also on failure. */
cli_rc cli_charge_odds(cli_ctx *cx, const mu_charge_opts *o,
                      mu_charge_odds **co);

#endif
