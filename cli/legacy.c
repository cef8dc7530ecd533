/* legacy.c -- see legacy.h: the old helpers, on the new engine where they
 * overlap (numbers, exit codes, dice). */
#include "legacy.h"

#undef cli_fail
#undef cli_dice
#undef cli_render_opts
#undef cli_help

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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

int legacy_fail(const mu_error *err)
{
    char buf[1024];
    const char *hint = cli_hint(err->reason);
    fprintf(stderr, "muster: %s%s%s\n", mu_error_format(err, buf, sizeof buf),
            hint ? ": " : "", hint ? hint : "");
    return (int)cli_exit_code(err->code);
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
    uint64_t v;
    if (!cli_number(arg, (uint64_t)lo, (uint64_t)hi, &v)) {
        cli_usage("--%s must be a whole number from %ld to %ld, not '%s'",
                  name, lo, hi, arg);
        return false;
    }
    *out = (long)v;
    return true;
}

int cli_common_opt(cli_common *cc, int c, const char *arg)
{
    switch (c) {
    case OPT_SEED:
        if (!cli_number(arg, 0, UINT64_MAX, &cc->seed)) {
            cli_usage("--seed must be a whole number from 0 to "
                      "18446744073709551615, not '%s'", arg);
            return -1;
        }
        cc->has_seed = true;
        return 1;
    case OPT_ROLLS: cc->rolls = arg; return 1;
    case OPT_ASK: cc->ask = true; return 1;
    case OPT_RULES: cc->rules = arg; return 1;
    case OPT_LABELS: cc->labels = arg; return 1;
    case OPT_HELP: cc->help = true; return 1;
    case OPT_FORMAT: {
        mu_error err;
        if (mu_format_parse(arg, &cc->format, &err) != MU_OK) {
            legacy_fail(&err);
            return -1;
        }
        return 1;
    }
    default:
        return 0;
    }
}

/* The dice through the engine's cli_dice, on a context holding the three
 * dice options of the division command's table. */
mu_status legacy_dice(cli_common *cc, mu_dice **out, mu_error *err)
{
    if (cc->has_seed + (cc->rolls != NULL) + cc->ask > 1) {
        return mu_error_set(err, MU_EINPUT, MU_R_NONE,
                            "choose one dice source: --seed, --rolls or --ask");
    }
    cli_ctx cx;
    cli_ctx_init(&cx, &cmd_division, true);
    cx.has_seed = cc->has_seed;
    cx.seed = cc->seed;
    if (cc->rolls)
        cli_set(&cx, "rolls", cc->rolls);
    if (cc->ask)
        cli_set(&cx, "ask", NULL);
    mu_status st = cli_dice(&cx, out, err);
    cc->has_seed = cx.has_seed;
    cc->seed = cx.seed;
    cli_ctx_free(&cx);
    return st;
}

mu_render_opts legacy_render_opts(const cli_common *cc, const mu_labels *l)
{
    mu_render_opts o = {cc->format, l, cc->has_seed && !cc->rolls && !cc->ask,
                        cc->seed};
    return o;
}

int cli_emit(const char *text)
{
    if (fputs(text, stdout) == EOF || fflush(stdout) == EOF) {
        if (errno == EPIPE)
            return EXIT_OK;
        fprintf(stderr, "muster: writing the output: %s\n", strerror(errno));
        return EXIT_FAIL;
    }
    return EXIT_OK;
}

int legacy_help(const char *name)
{
    cli_buf b = {0};
    bool ok = cli_help_text(name, &b);
    if (ok)
        fputs(b.s ? b.s : "", stdout);
    free(b.s);
    return ok ? EXIT_OK : EXIT_INPUT;
}
