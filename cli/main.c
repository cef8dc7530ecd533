/* main.c -- the muster tool: finds the command in the table, parses argv
 * through the engine, runs it, writes its result and its error. */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

static const char help_help[] =
    "usage: muster help [COMMAND [SUB]]\n\n"
    "Prints the help of a command ('muster help odds fire'), the same as\n"
    "'muster COMMAND --help'; without a command, the list of commands.\n";

/* Writes the result; a closed pipe ends the run quietly (exit 0). */
static int write_out(const char *s, size_t n, int rc)
{
    if ((n && fwrite(s, 1, n, stdout) != n) || fflush(stdout) == EOF) {
        if (errno == EPIPE)
            return rc;
        fprintf(stderr, "muster: writing the output: %s\n", strerror(errno));
        return CLI_FAIL;
    }
    return rc;
}

static int print_buf(cli_buf *b, FILE *f, int rc)
{
    int r = rc;
    if (b->oom) {
        fputs("muster: out of memory\n", stderr);
        r = CLI_FAIL;
    } else if (f == stdout) {
        r = write_out(b->s, b->len, rc);
    } else {
        fputs(b->s ? b->s : "", f);
    }
    free(b->s);
    return r;
}

static int message(int rc, const char *fmt, const char *word)
{
    fputs("muster: ", stderr);
    fprintf(stderr, fmt, word);
    fputc('\n', stderr);
    return rc;
}

/* `muster help [COMMAND [SUB]]`, `muster COMMAND --help`. */
static int help(const char *name)
{
    cli_buf b = {0};
    if (!strcmp(name, "help"))
        cli_buf_puts(&b, help_help);
    else if (!cli_help_text(name, &b)) {
        free(b.s);
        return message(CLI_INPUT, "no command '%s': run 'muster --help' for "
                       "the list", name);
    }
    return print_buf(&b, stdout, CLI_OK);
}

static const cli_group *group_of(const char *word)
{
    for (int i = 0; cli_groups[i]; i++)
        if (!strcmp(cli_groups[i]->name, word))
            return cli_groups[i];
    return NULL;
}

/* argv: the command's words on; whole: main's, for muster-full. */
static int run(const cli_command *c, int argc, char **argv, char **whole)
{
#ifdef MUSTER_LIGHT
    if (c->flags & CLI_FULL)
        return cli_run_full(whole);
#else
    (void)whole;
#endif
    cli_ctx cx;
    cli_ctx_init(&cx, c, true);
    cx.stream = true; /* the tool writes large results as they are made */
    cli_rc st = cli_parse_argv(&cx, argc, argv);
    if (st == CLI_OK && cx.help) {
        cli_ctx_free(&cx);
        return help(c->name);
    }
    if (st == CLI_OK)
        st = c->run(&cx);
    int rc = print_buf(&cx.out, stdout, (int)st);
    if (cx.err.len)
        fprintf(stderr, "muster: %s\n", cx.err.s);
    free(cx.err.s);
    return rc;
}

/* argv[1] is a group ("odds"): its subcommand is argv[2]. */
static int run_group(const cli_group *g, int argc, char **argv, char **whole)
{
    if (argc < 3)
        return message(CLI_INPUT, "%s", g->missing);
    if (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"))
        return help(g->name);
    char name[128];
    snprintf(name, sizeof name, "%s %s", g->name, argv[2]);
    const cli_group *sub = group_of(name); /* "plot odds": one level more */
    if (sub)
        return run_group(sub, argc - 1, argv + 1, whole);
    const cli_command *c = cli_find(name);
    if (!c)
        return message(CLI_INPUT, g->unknown, argv[2]);
    return run(c, argc - 2, argv + 2, whole);
}

/* Hidden: what the build generates from the table. */
static int generate(int argc, char **argv)
{
    cli_buf b = {0};
    bool ok = true;
    if (!strcmp(argv[1], "--completion") && argc == 3)
        ok = cli_completion(argv[2], &b);
    else if (!strcmp(argv[1], "--man-page") && argc == 3)
        ok = cli_man_page(argv[2], &b);
    else
        ok = false;
    if (!ok) {
        free(b.s);
        return message(CLI_INPUT, "unknown command '%s': run 'muster --help' "
                       "for the list", argv[1]);
    }
    return print_buf(&b, stdout, CLI_OK);
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN); /* a closed pipe is EPIPE: a quiet stop */
    cli_buf b = {0};
    if (argc < 2) {
        cli_usage_text(&b);
        return print_buf(&b, stderr, CLI_INPUT);
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        cli_usage_text(&b);
        return print_buf(&b, stdout, CLI_OK);
    }
    if (!strcmp(cmd, "--version")) {
        printf("muster %s\n", MU_VERSION);
        return write_out(NULL, 0, CLI_OK);
    }
    if (!strncmp(cmd, "--completion", 12) || !strncmp(cmd, "--man-", 6))
        return generate(argc, argv);
    if (!strcmp(cmd, "help")) {
        if (argc < 3) {
            cli_usage_text(&b);
            return print_buf(&b, stdout, CLI_OK);
        }
        char name[128];
        snprintf(name, sizeof name, "%s%s%s%s%s", argv[2], argc > 3 ? " " : "",
                 argc > 3 ? argv[3] : "", argc > 4 ? " " : "",
                 argc > 4 ? argv[4] : "");
        return help(name);
    }
    const cli_group *g = group_of(cmd);
    if (g)
        return run_group(g, argc, argv, argv);
    const cli_command *c = cli_find(cmd);
    if (c)
        return run(c, argc - 1, argv + 1, argv);
    return message(CLI_INPUT, "unknown command '%s': run 'muster --help' for "
                   "the list", cmd);
}
