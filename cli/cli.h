/* cli.h -- shared pieces of the muster tool. The tool uses only the public
 * header muster.h; this file is private to cli/. */
#ifndef MUSTER_CLI_H
#define MUSTER_CLI_H

#include "muster.h"

#include <getopt.h>
#include <stdio.h>

/* Exit codes (DEVELOPERS.md): 0 ok, 1 failure, 2 bad input. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_INPUT = 2 };

/* Long-only options shared by subcommands. */
enum {
    OPT_SEED = 256, OPT_ROLLS, OPT_ASK, OPT_RULES, OPT_LABELS, OPT_FORMAT,
    OPT_HELP, OPT_FIRST_LOCAL /* subcommands number their own from here */
};

/* The options every generating subcommand takes. */
#define CLI_COMMON_OPTIONS                                                     \
    {"seed", required_argument, NULL, OPT_SEED},                               \
    {"rolls", required_argument, NULL, OPT_ROLLS},                             \
    {"ask", no_argument, NULL, OPT_ASK},                                       \
    {"rules", required_argument, NULL, OPT_RULES},                             \
    {"labels", required_argument, NULL, OPT_LABELS},                           \
    {"format", required_argument, NULL, OPT_FORMAT},                           \
    {"help", no_argument, NULL, OPT_HELP}

typedef struct cli_common {
    const char *cmd;     /* "division", for messages */
    bool has_seed;
    uint64_t seed;
    const char *rolls;
    bool ask;
    const char *rules;
    const char *labels;
    mu_format format;
    bool help;
} cli_common;

/* Order-of-battle options, shared by division/corps/battle and odds/sim. */
enum {
    OOB_ARMY = OPT_FIRST_LOCAL, OOB_YEAR, OOB_THEATER, OOB_ARM, OOB_BOOK,
    OOB_DIVISIONS, OOB_CAVALRY, OOB_NEXT /* a command's own options follow */
};

#define CLI_OOB_OPTIONS                                                        \
    {"army", required_argument, NULL, OOB_ARMY},                               \
    {"year", required_argument, NULL, OOB_YEAR},                               \
    {"theater", required_argument, NULL, OOB_THEATER},                         \
    {"arm", required_argument, NULL, OOB_ARM},                                 \
    {"by-the-book", no_argument, NULL, OOB_BOOK},                              \
    {"divisions", required_argument, NULL, OOB_DIVISIONS},                     \
    {"cavalry", required_argument, NULL, OOB_CAVALRY}

typedef struct cli_oob {
    mu_oob_opts o;             /* army, year, theater (-1 unknown), arm, book */
    bool has_army, has_arm, has_divisions, has_cavalry;
    long divisions, cavalry;   /* corps/battle: default 3 and 0 */
} cli_oob;

/* Defaults: no year or theater, infantry, 3 divisions, no cavalry. */
void cli_oob_init(cli_oob *b);
/* Handles an order-of-battle option: 1 if it was one, 0 if not, -1 after
 * reporting a bad value (exit 2). */
int cli_oob_opt(cli_oob *b, int c, const char *arg);

/* Handles a common option. Returns 1 if it was one, 0 if not, and -1 after
 * reporting a bad value (exit 2). */
int cli_common_opt(cli_common *cc, int c, const char *arg);

/* Prints "muster: message" on stderr, followed by ": hint" when the error's
 * reason has one, and returns the exit code for the status (2 for bad
 * input, 1 otherwise). */
int cli_fail(const mu_error *err);
/* The tool's advice for a library error's reason (cli/hints.c), naming its
 * own commands and options; NULL when it has none. The library never names
 * them: this table is where a reason becomes a CLI hint. */
const char *cli_hint(mu_reason r);
/* Prints "muster: <formatted>" on stderr; returns 2. */
int cli_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Reports an unknown option or missing argument from getopt; returns 2. */
int cli_bad_option(const char *cmd, char **argv);

/* Makes the dice source the options ask for: --rolls, --ask or a seed (from
 * --seed or the OS; the seed used is stored back into cc). */
mu_status cli_dice(cli_common *cc, mu_dice **out, mu_error *err);
/* After generation: rolls left over from --rolls are an error (exit 2). */
int cli_dice_done(const cli_common *cc, mu_dice *d);
/* Loads --rules or the built-in tables, and --labels if given. */
mu_status cli_rules(const cli_common *cc, mu_rules **rules, mu_labels **labels,
                    mu_error *err);
/* Render options from the common ones. */
mu_render_opts cli_render_opts(const cli_common *cc, const mu_labels *l);
/* Writes text to stdout; returns 0 or 1 (write error). */
int cli_emit(const char *text);

/* Parses a whole number in [lo, hi] for option `name`; reports and returns
 * false when it is not one. */
bool cli_int(const char *name, const char *arg, long lo, long hi, long *out);

/* A subcommand. */
typedef struct cli_cmd {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
    const char *help;
} cli_cmd;

/* ---- fire options (issue 3), shared by every command that fires -------- */

/* `fire` takes these; `odds fire` and `sim fire` take the same. A command
 * that adds options of its own numbers them from OPT_FIRE_NEXT. */
enum {
    OPT_WEAPON = OPT_FIRST_LOCAL, OPT_RANGE, OPT_RANGES, OPT_FIGURES, OPT_CREW,
    OPT_COVER, OPT_YARDS, OPT_SCALE, OPT_NO_CANISTER, OPT_MAX_RANGE,
    OPT_NO_ROLL, OPT_FIRE_NEXT
};

#define CLI_FIRE_OPTIONS                                                       \
    CLI_COMMON_OPTIONS,                                                        \
    {"weapon", required_argument, NULL, OPT_WEAPON},                           \
    {"range", required_argument, NULL, OPT_RANGE},                             \
    {"ranges", required_argument, NULL, OPT_RANGES},                           \
    {"figures", required_argument, NULL, OPT_FIGURES},                         \
    {"crew", required_argument, NULL, OPT_CREW},                               \
    {"cover", no_argument, NULL, OPT_COVER},                                   \
    {"yards", no_argument, NULL, OPT_YARDS},                                   \
    {"scale", required_argument, NULL, OPT_SCALE},                             \
    {"no-canister", no_argument, NULL, OPT_NO_CANISTER},                       \
    {"max-range", required_argument, NULL, OPT_MAX_RANGE},                     \
    {"no-roll", no_argument, NULL, OPT_NO_ROLL}

/* Fire options as parsed. Ranges are in the unit given (yards with --yards). */
typedef struct cli_fire {
    cli_common cc;
    const char *weapon;
    mu_rat ranges[MU_FIRE_MAX_RANGES];
    size_t nranges;
    bool has_range, has_ranges;
    long figures, crew;
    bool has_figures, has_crew;
    bool cover, yards, no_canister, no_roll;
    bool has_scale, has_max_range;
    mu_rat scale, max_range;
} cli_fire;

/* Zeroes f for command `cmd` ("fire", "odds fire": used in messages). */
void cli_fire_init(cli_fire *f, const char *cmd);
/* Handles a fire option or a common one. Returns 1 if it was one, 0 if not,
 * and -1 after reporting a bad value (exit 2). */
int cli_fire_opt(cli_fire *f, int c, const char *arg);
/* After getopt: checks that the options make one volley (a weapon, one of
 * --range/--ranges, figures or crew to suit the weapon...), loads --rules or
 * the built-in weapons into *w and fills *o, whose ranges point into f.
 * Returns -1 to go on (the caller frees *w), or an exit code after
 * reporting. Dice options are checked by cli_dice as usual; --no-roll with a
 * dice option is refused here. */
int cli_fire_setup(cli_fire *f, mu_weapons **w, mu_fire_opts *o);

int cmd_fire(int argc, char **argv);
int cmd_curve(int argc, char **argv);
extern const char help_fire[], help_curve[];

int cmd_division(int argc, char **argv);
int cmd_corps(int argc, char **argv);
int cmd_battle(int argc, char **argv);
int cmd_rules(int argc, char **argv);
extern const char help_division[], help_corps[], help_battle[], help_rules[];
int cmd_odds(int argc, char **argv);
int cmd_sim(int argc, char **argv);
extern const char help_odds[], help_sim[];
int cmd_plot(int argc, char **argv);
extern const char help_plot[];
int cmd_campaign(int argc, char **argv);
extern const char help_campaign[];

/* Prints the help of a subcommand by name; returns 0, or 2 if unknown. */
int cli_help(const char *name);

#endif
