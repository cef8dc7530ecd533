/* common.c -- options, dice, errors and output shared by subcommands. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <editline/readline.h>

int cli_usage(const char *fmt, ...)
{
    va_list ap;
    fputs("muster: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return EXIT_INPUT;
}

int cli_fail(const mu_error *err)
{
    char buf[1024];
    const char *hint = cli_hint(err->reason);
    fprintf(stderr, "muster: %s%s%s\n", mu_error_format(err, buf, sizeof buf),
            hint ? ": " : "", hint ? hint : "");
    switch (err->code) {
    case MU_EINPUT: case MU_ENOROLL: case MU_EIO: case MU_ESTATE:
        return EXIT_INPUT;
    default:
        return EXIT_FAIL;
    }
}

int cli_bad_option(const char *cmd, char **argv)
{
    const char *opt = argv[optind - 1];
    if (optopt && optopt < 256)
        return cli_usage("%s: unknown option or missing value: -%c (see "
                         "'muster help %s')", cmd, optopt, cmd);
    return cli_usage("%s: unknown option or missing value: %s (see 'muster "
                     "help %s')", cmd, opt ? opt : "?", cmd);
}

bool cli_int(const char *name, const char *arg, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    if (end == arg || *end || errno || v < lo || v > hi) {
        cli_usage("--%s must be a whole number from %ld to %ld, not '%s'",
                  name, lo, hi, arg);
        return false;
    }
    *out = v;
    return true;
}

int cli_common_opt(cli_common *cc, int c, const char *arg)
{
    mu_error err;
    switch (c) {
    case OPT_SEED: {
        char *end;
        errno = 0;
        if (!*arg || *arg == '-' || *arg == '+') {
            cli_usage("--seed must be a whole number from 0 to 18446744073709551615, not '%s'", arg);
            return -1;
        }
        unsigned long long v = strtoull(arg, &end, 10);
        if (end == arg || *end || errno) {
            cli_usage("--seed must be a whole number from 0 to 18446744073709551615, not '%s'", arg);
            return -1;
        }
        cc->has_seed = true;
        cc->seed = (uint64_t)v;
        return 1;
    }
    case OPT_ROLLS: cc->rolls = arg; return 1;
    case OPT_ASK: cc->ask = true; return 1;
    case OPT_RULES: cc->rules = arg; return 1;
    case OPT_LABELS: cc->labels = arg; return 1;
    case OPT_HELP: cc->help = true; return 1;
    case OPT_FORMAT:
        if (mu_format_parse(arg, &cc->format, &err) != MU_OK) {
            cli_fail(&err);
            return -1;
        }
        return 1;
    default:
        return 0;
    }
}

/* --ask: one prompt per roll, on the terminal through libedit when there is
 * one, else from standard input line by line (pipes, tests). Bad entries are
 * asked again; end of input is an error. */
static mu_status ask_roll(void *ud, const char *label, int *roll, mu_error *err)
{
    (void)ud;
    char prompt[256];
    snprintf(prompt, sizeof prompt, "%s (d100): ", label);
    bool tty = isatty(STDIN_FILENO);
    for (;;) {
        char *line = NULL;
        if (tty) {
            line = readline(prompt);
        } else {
            size_t cap = 0;
            fputs(prompt, stderr);
            fflush(stderr);
            if (getline(&line, &cap, stdin) < 0) {
                free(line);
                line = NULL;
            }
        }
        if (!line) {
            if (!tty)
                fputc('\n', stderr);
            return mu_error_set(err, MU_ENOROLL, MU_R_NONE,
                                "input ended before the roll for %s: type "
                                "each roll 1..100 (00 = 100)", label);
        }
        line[strcspn(line, "\r\n")] = '\0';
        mu_error e;
        mu_status st = mu_roll_parse(line, roll, &e);
        if (st == MU_OK && tty && *line)
            add_history(line);
        free(line);
        if (st == MU_OK)
            return MU_OK;
        fprintf(stderr, "muster: %s; try again\n", e.msg);
    }
}

mu_status cli_dice(cli_common *cc, mu_dice **out, mu_error *err)
{
    int given = cc->has_seed + (cc->rolls != NULL) + cc->ask;
    if (given > 1) {
        return mu_error_set(err, MU_EINPUT, MU_R_NONE,
                            "choose one dice source: --seed, --rolls or --ask");
    }
    if (cc->rolls) {
        int *rolls;
        size_t n;
        mu_status st = mu_rolls_parse(cc->rolls, &rolls, &n, err);
        if (st != MU_OK)
            return st;
        st = mu_dice_new_scripted(rolls, n, out, err);
        free(rolls);
        return st;
    }
    if (cc->ask) {
        rl_outstream = stderr; /* prompts never mix with results on stdout */
        return mu_dice_new_callback(ask_roll, NULL, out, err);
    }
    if (!cc->has_seed) {
        mu_status st = mu_seed_from_os(&cc->seed, err);
        if (st != MU_OK)
            return st;
        cc->has_seed = true;
    }
    return mu_dice_new_seeded(cc->seed, out, err);
}

int cli_dice_done(const cli_common *cc, mu_dice *d)
{
    size_t left = mu_dice_left(d);
    if (cc->rolls && left)
        return cli_usage("%zu roll%s left over from --rolls: give exactly the "
                         "rolls needed (%llu used)",
                         left, left == 1 ? " was" : "s were",
                         (unsigned long long)mu_dice_count(d));
    return EXIT_OK;
}

mu_status cli_rules(const cli_common *cc, mu_rules **rules, mu_labels **labels,
                    mu_error *err)
{
    mu_status st = cc->rules ? mu_rules_load(cc->rules, rules, err)
                             : mu_rules_default(rules, err);
    if (st != MU_OK)
        return st;
    *labels = NULL;
    if (cc->labels) {
        st = mu_labels_load(cc->labels, labels, err);
        if (st != MU_OK) {
            mu_rules_free(*rules);
            *rules = NULL;
        }
    }
    return st;
}

mu_render_opts cli_render_opts(const cli_common *cc, const mu_labels *l)
{
    mu_render_opts o = {cc->format, l, cc->has_seed && !cc->rolls && !cc->ask,
                        cc->seed};
    return o;
}

int cli_emit(const char *text)
{
    if (fputs(text, stdout) == EOF || fflush(stdout) == EOF) {
        fprintf(stderr, "muster: cannot write the output: %s\n", strerror(errno));
        return EXIT_FAIL;
    }
    return EXIT_OK;
}
