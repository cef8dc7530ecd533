/* fuzz_cli.c -- argv from the fuzzer through the command table: the
 * engine's parser (getopt_long, the number grammar, vocabularies, groups,
 * operands) and then the command itself, on everything it accepts.
 *
 * The input is up to 8 command lines, one per line, words split on
 * spaces: "division --army union --count 3", "campaign new c.db ...". They
 * run in order in one fresh temporary folder (emptied before every input),
 * so a campaign made by the first line is there for the next ones. The
 * longest command name the first words spell is the command; any other
 * first word asks for help on it. Results go to memory (cx->out), never to
 * the terminal.
 *
 * What the target does not run (parsed only): commands that only make
 * sense at a terminal (serve), charts and rosters (cairo and pango are not
 * under test, and a page takes milliseconds), any line with a path that
 * could leave the folder ('/' or ".." in a word) or that reads standard
 * input ("-"), and counts that make a run long (more than 20 divisions,
 * 20000 trials, 2 threads, 16 divisions in a corps). Dice are the line's own
 * --rolls or --seed; without either, a seed derived from the input (never
 * the system's), so every run repeats.
 * Oracle: the exit status is 0, 1 or 2, and a failure has a message. */
#include "cli.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_LINES = 8, MAX_WORDS = 32, INPUT_MOST = 4096 };

/* The commands run in this folder; libFuzzer's own paths (the corpus,
 * crash files) stay relative to where it was started. */
static int folder = -1;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* In memory where there is a tmpfs: a campaign file is synced on every
     * change, which on a disk would be most of the time spent. */
    char dir[64];
    snprintf(dir, sizeof dir, "%s/fuzz_cli.XXXXXX",
             access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
    if (!mkdtemp(dir) || (folder = open(dir, O_RDONLY | O_DIRECTORY)) < 0)
        abort();
    return 0;
}

/* Empties the folder (it only ever holds files the commands made). */
static void empty_folder(void)
{
    DIR *d = opendir(".");
    if (!d)
        abort();
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            unlink(e->d_name);
    closedir(d);
}

/* The command the first words name, longest first; *used its word count. */
static const cli_command *find(char **w, int n, int *used)
{
    for (int k = n < 3 ? n : 3; k > 0; k--) {
        char name[256] = "";
        size_t at = 0;
        for (int i = 0; i < k && at < sizeof name; i++)
            at += (size_t)snprintf(name + at, sizeof name - at, "%s%s",
                                   i ? " " : "", w[i]);
        const cli_command *c = cli_find(name);
        if (c) {
            *used = k;
            return c;
        }
    }
    return NULL;
}

static bool safe_words(char **w, int n)
{
    for (int i = 0; i < n; i++) {
        size_t len = strlen(w[i]);
        if (strchr(w[i], '/') || strstr(w[i], "..") || !strcmp(w[i], "-") ||
            (len >= 2 && !strcmp(w[i] + len - 2, "=-")))
            return false;
    }
    return true;
}

static bool too_long(const cli_ctx *cx)
{
    static const struct { const char *name; uint64_t most; } caps[] = {
        {"count", 20}, {"trials", 20000}, {"threads", 2}, {"divisions", 16},
        {"cavalry", 16}};
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++)
        if (cli_takes(cx, caps[i].name) && cli_has(cx, caps[i].name) &&
            cli_num(cx, caps[i].name, 0) > caps[i].most)
            return true;
    const char *name = cx->cmd->name;
    return (cx->cmd->flags & CLI_ONLY) || !strncmp(name, "plot", 4) ||
           !strcmp(name, "roster");
}

static void run_line(char **w, int n, uint64_t seed)
{
    int used = 0;
    const cli_command *c = find(w, n, &used);
    if (!c) {
        cli_buf b = {0};
        (void)cli_help_text(w[0], &b);
        free(b.s);
        return;
    }
    cli_ctx cx;
    cli_ctx_init(&cx, c, false);
    /* argv[0] is the command's last word, as main() passes it. */
    cli_rc rc = cli_parse_argv(&cx, n - used + 1, w + used - 1);
    if (rc == CLI_OK && cx.help) {
        cli_buf b = {0};
        if (!cli_help_text(c->name, &b))
            abort();
        free(b.s);
    } else if (rc == CLI_OK && safe_words(w, n) && !too_long(&cx)) {
        char s[24];
        snprintf(s, sizeof s, "%llu", (unsigned long long)seed);
        if (cli_takes(&cx, "seed") && !cli_has(&cx, "seed") &&
            !(cli_takes(&cx, "rolls") && cli_has(&cx, "rolls")))
            rc = cli_set(&cx, "seed", s);
        if (rc == CLI_OK)
            rc = c->run(&cx);
    }
    if (rc != CLI_OK && rc != CLI_FAIL && rc != CLI_INPUT)
        abort();
    if (rc != CLI_OK && !cx.err.len && !cx.err.oom)
        abort(); /* a failure without a word of why */
    cli_ctx_free(&cx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > INPUT_MOST)
        return 0;
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    uint64_t seed = 14695981039346656037u; /* FNV-1a of the input */
    for (size_t i = 0; i < size; i++)
        seed = (seed ^ data[i]) * 1099511628211u;
    int here = open(".", O_RDONLY | O_DIRECTORY);
    if (here < 0 || fchdir(folder) != 0)
        abort();
    empty_folder();
    char *line = text;
    for (int l = 0; l < MAX_LINES && line; l++) {
        char *next = memchr(line, '\n', (size_t)(text + size - line));
        if (next)
            *next++ = '\0';
        char *w[MAX_WORDS + 1];
        int n = 0;
        for (char *p = line; *p && n < MAX_WORDS;) {
            w[n++] = p;
            p += strcspn(p, " ");
            if (*p)
                *p++ = '\0';
        }
        w[n] = NULL;
        if (n > 0 && *w[0])
            run_line(w, n, seed % 1000);
        line = next;
    }
    if (fchdir(here) != 0)
        abort();
    close(here);
    free(text);
    return 0;
}
