/* legacy.h -- the option helpers of the tool before the command table, kept
 * only for cli/cmd_campaign.c until it is ported to the table (then this
 * file and legacy.c go). Do not use in new code: see cli.h. */
#ifndef MUSTER_CLI_LEGACY_H
#define MUSTER_CLI_LEGACY_H

#include "cli.h"

#include <getopt.h>

#define cli_fail legacy_fail
#define cli_dice legacy_dice
#define cli_render_opts legacy_render_opts
#define cli_help legacy_help

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_INPUT = 2 };

enum {
    OPT_SEED = 256, OPT_ROLLS, OPT_ASK, OPT_RULES, OPT_LABELS, OPT_FORMAT,
    OPT_HELP, OPT_FIRST_LOCAL
};

#define CLI_COMMON_OPTIONS                                                     \
    {"seed", required_argument, NULL, OPT_SEED},                               \
    {"rolls", required_argument, NULL, OPT_ROLLS},                             \
    {"ask", no_argument, NULL, OPT_ASK},                                       \
    {"rules", required_argument, NULL, OPT_RULES},                             \
    {"labels", required_argument, NULL, OPT_LABELS},                           \
    {"format", required_argument, NULL, OPT_FORMAT},                           \
    {"help", no_argument, NULL, OPT_HELP}

typedef struct cli_common {
    const char *cmd;
    bool has_seed;
    uint64_t seed;
    const char *rolls;
    bool ask;
    const char *rules;
    const char *labels;
    mu_format format;
    bool help;
} cli_common;

int cli_common_opt(cli_common *cc, int c, const char *arg);
int legacy_fail(const mu_error *err);
int cli_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int cli_bad_option(const char *cmd, char **argv);
mu_status legacy_dice(cli_common *cc, mu_dice **out, mu_error *err);
mu_render_opts legacy_render_opts(const cli_common *cc, const mu_labels *l);
int cli_emit(const char *text);
bool cli_int(const char *name, const char *arg, long lo, long hi, long *out);
int legacy_help(const char *name);

#endif
