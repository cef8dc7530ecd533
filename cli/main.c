/* SPDX-License-Identifier: MIT */
/* main.c -- the muster tool: finds the command in the table, parses argv
 * through the engine, runs it, writes its result and its error. */
#include "cli.h"
#ifndef MUSTER_LIGHT
#include "web.h" /* muster-full serves: serve's run function */
#endif

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static const char help_help[] =
    N_("usage: muster help [COMMAND [SUB]]\n\n"
       "Prints the help of a command ('muster help odds fire'), the same as\n"
       "'muster COMMAND --help'; without a command, the list of commands.\n");

/* Writes the result; a closed pipe ends the run quietly (exit 0). */
static int write_out(const char *s, size_t n, int rc)
{
    if ((n && fwrite(s, 1, n, stdout) != n) || fflush(stdout) == EOF) {
        if (errno == EPIPE)
            return rc;
        fprintf(stderr, _("muster: writing the output: %s\n"), strerror(errno));
        return CLI_FAIL;
    }
    return rc;
}

static int print_buf(mu_buf *b, FILE *f, int rc)
{
    int r = rc;
    if (b->oom) {
        fputs(_("muster: out of memory\n"), stderr);
        r = CLI_FAIL;
    } else if (f == stdout) {
        r = write_out(b->p, b->len, rc);
    } else {
        fputs(b->p ? b->p : "", f);
    }
    free(b->p);
    return r;
}

static int message(int rc, const char *fmt, const char *word)
{
    fputs("muster: ", stderr);
    fprintf(stderr, fmt, word);
    fputc('\n', stderr);
    return rc;
}

static int ambiguous(const char *word, const char *candidates)
{
    fprintf(stderr, _("muster: '%s' could be %s: type more of the word\n"), word,
            candidates);
    return CLI_INPUT;
}

/* `muster help [COMMAND [SUB]]`, `muster COMMAND --help`. */
static int help(const char *name)
{
    mu_buf b = {0};
    if (!strcmp(name, "help"))
        mu_buf_puts(&b, _(help_help));
    else if (!cli_help_text(name, &b)) {
        free(b.p);
        return message(CLI_INPUT, _("no command '%s': run 'muster --help' for "
                                    "the list"), name);
    }
    return print_buf(&b, stdout, CLI_OK);
}

/* The words the table has after `prefix` ("" at the top, else "odds "). */
typedef struct words {
    const char *w[64];
    size_t len[64];
    int n;
} words;

static void add_word(words *ws, const char *name, const char *prefix)
{
    size_t pl = strlen(prefix);
    if (strncmp(name, prefix, pl))
        return;
    const char *w = name + pl;
    size_t len = strcspn(w, " ");
    for (int i = 0; i < ws->n; i++)
        if (ws->len[i] == len && !strncmp(ws->w[i], w, len))
            return;
    if (ws->n < 64) {
        ws->w[ws->n] = w;
        ws->len[ws->n++] = len;
    }
}

/* A command word as a player types it: in any case, or a beginning that only
 * one word at this level has ("div", "camp"). Writes "prefixWORD" to `out`;
 * false with `out` naming the candidates when `word` begins several. */
static void level_words(words *ws, const char *prefix)
{
    ws->n = 0;
    for (int i = 0; cli_groups[i]; i++)
        add_word(ws, cli_groups[i]->name, prefix);
    for (int i = 0; cli_commands[i]; i++)
        add_word(ws, cli_commands[i]->name, prefix);
}

static bool full_name(const char *prefix, const char *word, char *out,
                      size_t size)
{
    words ws;
    level_words(&ws, prefix);
    size_t wl = strlen(word);
    int hit = -1, hits = 0;
    for (int i = 0; i < ws.n && wl; i++) {
        if (ws.len[i] == wl && !strncasecmp(ws.w[i], word, wl)) {
            hit = i, hits = 1;
            break;
        }
        if (ws.len[i] > wl && !strncasecmp(ws.w[i], word, wl))
            hit = i, hits++;
    }
    if (hits == 1) {
        snprintf(out, size, "%s%.*s", prefix, (int)ws.len[hit], ws.w[hit]);
        return true;
    }
    snprintf(out, size, "%s%s", prefix, word); /* unknown: as typed */
    if (hits > 1) {
        size_t at = 0;
        for (int i = 0, k = 0; i < ws.n && at < size; i++)
            if (ws.len[i] > wl && !strncasecmp(ws.w[i], word, wl))
                at += (size_t)snprintf(out + at, size - at, "%s%.*s",
                                       !k++ ? "" : k == hits ? _(" or ") : ", ",
                                       (int)ws.len[i], ws.w[i]);
        return false;
    }
    return true;
}

/* Did you mean: the word at this level of the table ("" or "odds ") that
 * `word` is likely a misspelling of, into out; false if none. */
static bool near_word(const char *prefix, const char *word, char *out,
                      size_t size)
{
    words ws;
    level_words(&ws, prefix);
    int k = cli_suggest(word, ws.w, ws.len, ws.n);
    if (k >= 0)
        snprintf(out, size, "%.*s", (int)ws.len[k], ws.w[k]);
    return k >= 0;
}

/* An unknown command or subcommand: with a guess when one is close. */
static int unknown(const cli_group *g, const char *word)
{
    char prefix[128], near[64];
    snprintf(prefix, sizeof prefix, "%s%s", g ? g->name : "", g ? " " : "");
    if (!near_word(prefix, word, near, sizeof near))
        return g ? message(CLI_INPUT, _(g->unknown), word)
                 : message(CLI_INPUT, _("unknown command '%s': run 'muster "
                                        "--help' for the list"), word);
    if (g)
        fprintf(stderr, _("muster: %s: no subcommand '%s': did you mean '%s'? "
                          "(see 'muster help %s')\n"), g->name, word, near,
                g->name);
    else
        fprintf(stderr, _("muster: unknown command '%s': did you mean '%s'? "
                          "(run 'muster --help' for the list)\n"), word, near);
    return CLI_INPUT;
}

/* `muster help WORD...`: the help of the command the words name; a word
 * the table lacks at its level gets a guess when one is close. */
static int help_words(int argc, char **argv)
{
    char name[256] = "", prefix[256] = "", near[64];
    for (int i = 2; i < argc && i < 5; i++) {
        if (!full_name(prefix, argv[i], name, sizeof name))
            return ambiguous(argv[i], name);
        if (!cli_find_group(name) && !cli_find(name) && strcmp(name, "help") &&
            near_word(prefix, argv[i], near, sizeof near)) {
            fprintf(stderr, _("muster: no command '%s': did you mean '%s%s'? "
                              "(run 'muster --help' for the list)\n"), name,
                    prefix, near);
            return CLI_INPUT;
        }
        snprintf(prefix, sizeof prefix, "%s ", name);
    }
    return help(name);
}

#ifdef MUSTER_LIGHT
/* Whether an option given makes the command draw (CLI_DRAWS). */
static bool draws(const cli_ctx *cx)
{
    for (int i = 0; cx->cmd->opts && cx->cmd->opts[i].name; i++)
        if ((cx->cmd->opts[i].flags & CLI_DRAWS) && cx->val[i].given)
            return true;
    return false;
}
#endif

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
#ifdef MUSTER_LIGHT
    /* an option that draws, or --ask typed at a terminal (libedit's) */
    if (st == CLI_OK &&
        (draws(&cx) || (cli_takes(&cx, O_ask) && cli_has(&cx, O_ask) &&
                        isatty(STDIN_FILENO)))) {
        cli_ctx_free(&cx);
        return cli_run_full(whole);
    }
#endif
    if (st == CLI_OK)
        st = cli_run(&cx);
    int rc = print_buf(&cx.out, stdout, (int)st);
    if (cx.err.len)
        fprintf(stderr, "muster: %s\n", cx.err.p);
    free(cx.err.p);
    return rc;
}

/* The spelling before subcommands, "campaign battle FILE start NAME": when
 * argv[3] is a subcommand of g, it changes places with argv[2] (a note on
 * stderr says the new spelling). */
static bool deprecated(const cli_group *g, char **argv)
{
    char prefix[128], name[256];
    snprintf(prefix, sizeof prefix, "%s ", g->name);
    if (!full_name(prefix, argv[3], name, sizeof name) || !cli_find(name))
        return false;
    fprintf(stderr, _("muster: '%s FILE %s' is deprecated: say '%s FILE'\n"),
            g->name, argv[3], name);
    char *w = argv[2];
    argv[2] = argv[3];
    argv[3] = w;
    return true;
}

/* argv[1] is a group ("odds"): its subcommand is argv[2]. */
static int run_group(const cli_group *g, int argc, char **argv, char **whole)
{
    if (argc < 3)
        return message(CLI_INPUT, "%s", _(g->missing));
    if (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"))
        return help(g->name);
    char prefix[128], name[256];
    snprintf(prefix, sizeof prefix, "%s ", g->name);
    if (!full_name(prefix, argv[2], name, sizeof name))
        return ambiguous(argv[2], name);
    const cli_group *sub = cli_find_group(name);
    if (sub) /* "plot odds": one level more */
        return run_group(sub, argc - 1, argv + 1, whole);
    const cli_command *c = cli_find(name);
    if (!c && g->operand_first && argc > 3 && deprecated(g, argv))
        return run_group(g, argc, argv, whole);
    if (!c)
        return unknown(g, argv[2]);
    return run(c, argc - 2, argv + 2, whole);
}

/* Hidden: what the build generates from the table. */
static int generate(int argc, char **argv)
{
    mu_buf b = {0};
    bool ok = true;
    if (!strcmp(argv[1], "--completion") && argc == 3)
        ok = cli_completion(argv[2], &b);
    else if (!strcmp(argv[1], "--man-page") && argc == 3)
        ok = cli_man_page(argv[2], &b);
    else
        ok = false;
    if (!ok) {
        free(b.p);
        return message(CLI_INPUT, _("unknown command '%s': run 'muster --help' "
                                    "for the list"), argv[1]);
    }
    return print_buf(&b, stdout, CLI_OK);
}

#ifdef main /* renamed by fuzz_http, which links the command table */
int main(int argc, char **argv);
#endif

void cli_lang_init(void); /* cli/lang.c */

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN); /* a closed pipe is EPIPE: a quiet stop */
    cli_lang_init();
#ifndef MUSTER_LIGHT
    web_install();
#endif
    mu_buf b = {0};
    if (argc < 2) {
        cli_usage_text(&b);
        return print_buf(&b, stderr, CLI_INPUT);
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") ||
        (!strcmp(cmd, "help") && argc < 3)) {
        cli_usage_text(&b);
        return print_buf(&b, stdout, CLI_OK);
    }
    if (!strcmp(cmd, "--version")) {
        printf("muster %s\n", mu_version());
        return write_out(NULL, 0, CLI_OK);
    }
    if (!strncmp(cmd, "--completion", 12) || !strncmp(cmd, "--man-", 6))
        return generate(argc, argv);
    if (!strcmp(cmd, "help"))
        return help_words(argc, argv);
    char name[256];
    if (!full_name("", cmd, name, sizeof name))
        return ambiguous(cmd, name);
    const cli_group *g = cli_find_group(name);
    if (g)
        return run_group(g, argc, argv, argv);
    const cli_command *c = cli_find(name);
    if (c)
        return run(c, argc - 1, argv + 1, argv);
    return unknown(NULL, cmd);
}
