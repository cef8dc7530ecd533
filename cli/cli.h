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

/* Handles a common option. Returns 1 if it was one, 0 if not, and -1 after
 * reporting a bad value (exit 2). */
int cli_common_opt(cli_common *cc, int c, const char *arg);

/* Prints "muster: message" on stderr and returns the exit code for the
 * status (2 for bad input, 1 otherwise). */
int cli_fail(const mu_error *err);
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

int cmd_division(int argc, char **argv);
int cmd_corps(int argc, char **argv);
int cmd_battle(int argc, char **argv);
int cmd_rules(int argc, char **argv);
extern const char help_division[], help_corps[], help_battle[], help_rules[];
int cmd_campaign(int argc, char **argv);
extern const char help_campaign[];

/* Prints the help of a subcommand by name; returns 0, or 2 if unknown. */
int cli_help(const char *name);

#endif
