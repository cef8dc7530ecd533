/* SPDX-License-Identifier: MIT */
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
 * Every execution is cheap by construction (it used to run at ~10 a second,
 * because a sim without -n simulated a million trials and 'campaign new'
 * built its schema on every input):
 * - counts are capped: a line asking for more than 20 divisions (--count),
 *   2 000 trials, 2 threads, 1 000 figures, or more than 16 divisions or
 *   cavalry divisions (3 and 2 for exact odds and simulations, which
 *   convolve them) is parsed only; a sim without -n runs 64 trials on one
 *   thread (its default is a million on every core), and odds or a sim of
 *   a corps or battle without --divisions has 2 (not 3);
 * - the built-in rules and weapons are loaded once and lent to every line,
 *   as muster serve does;
 * - the campaign file a first line "campaign new ..." makes is kept in
 *   memory by the text of that line, and written back when the next input
 *   starts with the same line, instead of creating the schema again (the
 *   line is still parsed);
 * - the folder is on /dev/shm where there is one (a campaign file is
 *   synced on every change).
 * What the target does not run (parsed only): commands that only make
 * sense at a terminal (serve), charts and rosters (cairo and pango are not
 * under test, and a page takes milliseconds), any line with a path that
 * could leave the folder ('/' or ".." in a word) or that reads standard
 * input ("-"), and the counts above. Dice are the line's own --rolls or
 * --seed; without either, a seed derived from the line's text (never the
 * system's, nor the other lines'), so every run repeats.
 * Oracle: the exit status is 0, 1 or 2, and a failure has a message. */
#include "cli.h"

#include <dirent.h>
#include <fcntl.h>
#include <sqlite3.h>
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
/* The built-in rules and weapons, loaded once and lent to every command as
 * muster serve does (a line with --rules still loads its own). */
static cli_shared shared;

static char folder_path[64];

/* At exit: the folder and what the last input left in it. */
static void remove_folder(void)
{
    if (folder < 0 || fchdir(folder) != 0)
        return;
    DIR *d = opendir(".");
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            unlink(e->d_name);
    if (d)
        closedir(d);
    if (chdir("/") == 0)
        rmdir(folder_path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* In memory where there is a tmpfs: a campaign file is synced on every
     * change, which on a disk would be most of the time spent. */
    snprintf(folder_path, sizeof folder_path, "%s/fuzz_cli.XXXXXX",
             access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
    if (!mkdtemp(folder_path) ||
        (folder = open(folder_path, O_RDONLY | O_DIRECTORY)) < 0)
        abort();
    atexit(remove_folder);
    /* SQLite's own allocator for each connection's small objects: bigger,
     * so that parsing the schema at every open costs fewer trips through
     * the sanitizer's malloc. */
    sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 1024, 1024);
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    mu_error err;
    if (cli_shared_load(&shared, &err) != MU_OK)
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

/* Whether a line asks for more work than an execution may cost (above). */
static bool too_long(const cli_ctx *cx)
{
    const char *name = cx->cmd->name;
    bool odds = !strncmp(name, "odds ", 5) || !strncmp(name, "sim ", 4);
    const struct { cli_optid name; uint64_t most; } caps[] = {
        {O_count, 20}, {O_trials, 2000}, {O_threads, 2}, {O_figures, 1000},
        {O_divisions, odds ? 3 : 16}, {O_cavalry, odds ? 2 : 16}};
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++)
        if (cli_takes(cx, caps[i].name) && cli_has(cx, caps[i].name) &&
            cli_num(cx, caps[i].name, 0) > caps[i].most)
            return true;
    return (cx->cmd->flags & CLI_ONLY) || !strncmp(name, "plot", 4) ||
           !strcmp(name, "roster");
}

/* Defaults that would make a line long, set small when the line leaves
 * them out; and the seed, when it gives no dice. */
static cli_rc set_small(cli_ctx *cx, uint64_t seed)
{
    char s[24];
    snprintf(s, sizeof s, "%llu", (unsigned long long)seed);
    const char *name = cx->cmd->name;
    bool odds = !strncmp(name, "odds ", 5) || !strncmp(name, "sim ", 4);
    const struct { cli_optid name; const char *value; } small[] = {
        {O_trials, "64"}, {O_threads, "1"}, {O_divisions, odds ? "2" : NULL}};
    cli_rc rc = CLI_OK;
    for (size_t i = 0; i < sizeof small / sizeof small[0] && rc == CLI_OK; i++)
        if (small[i].value && cli_takes(cx, small[i].name) &&
            !cli_has(cx, small[i].name))
            rc = cli_set(cx, cli_optnames[small[i].name], small[i].value);
    if (rc == CLI_OK && cli_takes(cx, O_seed) && !cli_has(cx, O_seed) &&
        !(cli_takes(cx, O_rolls) && cli_has(cx, O_rolls)))
        rc = cli_set(cx, "seed", s);
    return rc;
}

static void run_line(char **w, int n, uint64_t seed)
{
    int used = 0;
    const cli_command *c = find(w, n, &used);
    if (!c) {
        mu_buf b = {0};
        (void)cli_help_text(w[0], &b);
        free(b.p);
        return;
    }
    cli_ctx cx;
    cli_ctx_init(&cx, c, false);
    cx.shared = &shared;
    /* argv[0] is the command's last word, as main() passes it. */
    cli_rc rc = cli_parse_argv(&cx, n - used + 1, w + used - 1);
    if (rc == CLI_OK && cx.help) {
        mu_buf b = {0};
        if (!cli_help_text(c->name, &b))
            abort();
        free(b.p);
    } else if (rc == CLI_OK && safe_words(w, n) && !too_long(&cx)) {
        if ((rc = set_small(&cx, seed)) == CLI_OK)
            rc = cli_run(&cx);
    }
    if (rc != CLI_OK && rc != CLI_FAIL && rc != CLI_INPUT)
        abort();
    if (rc != CLI_OK && !cx.err.len && !cx.err.oom)
        abort(); /* a failure without a word of why */
    cli_ctx_free(&cx);
}

/* ---- the files a first "campaign new" line made, by its text ------------ */

enum { KEPT_MOST = 64, KEPT_FILES = 4 };
typedef struct kept {
    char *line;
    int nfiles;
    char *name[KEPT_FILES];
    char *data[KEPT_FILES];
    size_t len[KEPT_FILES];
} kept;
static kept kept_new[KEPT_MOST];
static unsigned kept_next;

static kept *kept_find(const char *line)
{
    for (int i = 0; i < KEPT_MOST; i++)
        if (kept_new[i].line && !strcmp(kept_new[i].line, line))
            return &kept_new[i];
    return NULL;
}

static void kept_clear(kept *k)
{
    free(k->line);
    for (int i = 0; i < k->nfiles; i++) {
        free(k->name[i]);
        free(k->data[i]);
    }
    memset(k, 0, sizeof *k);
}

static char *read_all(const char *name, size_t *len)
{
    FILE *f = fopen(name, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t cap = 0, n = 0, got;
    do {
        if (n == cap) {
            cap = cap ? 2 * cap : 65536;
            char *b = realloc(buf, cap);
            if (!b)
                abort();
            buf = b;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    fclose(f);
    *len = n;
    return buf;
}

/* Keeps every file of the folder (only what `line` made is there). */
static void kept_store(const char *line)
{
    kept *k = &kept_new[kept_next++ % KEPT_MOST];
    kept_clear(k);
    DIR *d = opendir(".");
    if (!d)
        abort();
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (k->nfiles == KEPT_FILES) { /* not expected: keep nothing */
            closedir(d);
            kept_clear(k);
            return;
        }
        size_t len = 0;
        char *data = read_all(e->d_name, &len);
        if (!data) {
            closedir(d);
            kept_clear(k);
            return;
        }
        k->name[k->nfiles] = strdup(e->d_name);
        k->data[k->nfiles] = data;
        k->len[k->nfiles++] = len;
    }
    closedir(d);
    k->line = strdup(line);
}

static void kept_restore(const kept *k)
{
    for (int i = 0; i < k->nfiles; i++) {
        FILE *f = fopen(k->name[i], "wb");
        if (!f || fwrite(k->data[i], 1, k->len[i], f) != k->len[i] ||
            fclose(f) != 0)
            abort();
    }
}

/* The first line, when it is "campaign new ...": parsed as any line, then
 * its files written back if this line made them before. Returns whether it
 * was taken care of. */
static bool first_new(char **w, int n, const char *line)
{
    if (n < 2 || strcmp(w[0], "campaign") || strcmp(w[1], "new"))
        return false;
    kept *k = kept_find(line);
    if (!k)
        return false;
    const cli_command *c = cli_find("campaign new");
    cli_ctx cx;
    cli_ctx_init(&cx, c, false);
    (void)cli_parse_argv(&cx, n - 1, w + 1);
    cli_ctx_free(&cx);
    kept_restore(k);
    return true;
}

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 14695981039346656037u;
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211u;
    return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > INPUT_MOST)
        return 0;
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    int here = open(".", O_RDONLY | O_DIRECTORY);
    if (here < 0 || fchdir(folder) != 0)
        abort();
    empty_folder();
    char *line = text;
    for (int l = 0; l < MAX_LINES && line; l++) {
        char *next = memchr(line, '\n', (size_t)(text + size - line));
        if (next)
            *next++ = '\0';
        char whole[INPUT_MOST + 1];
        snprintf(whole, sizeof whole, "%s", line);
        uint64_t seed = fnv1a(line) % 1000;
        char *w[MAX_WORDS + 1];
        int n = 0;
        for (char *p = line; *p && n < MAX_WORDS;) {
            w[n++] = p;
            p += strcspn(p, " ");
            if (*p)
                *p++ = '\0';
        }
        w[n] = NULL;
        if (n > 0 && *w[0] && !(l == 0 && first_new(w, n, whole))) {
            run_line(w, n, seed);
            if (l == 0 && n >= 2 && !strcmp(w[0], "campaign") &&
                !strcmp(w[1], "new"))
                kept_store(whole);
        }
        line = next;
    }
    if (fchdir(here) != 0)
        abort();
    close(here);
    free(text);
    return 0;
}
