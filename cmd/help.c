/* SPDX-License-Identifier: MIT */
/* help.c -- `--help` and `muster help SUB`, generated from the command
 * table: the synopsis from the options' kinds and groups, the option list
 * from their help lines. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define WIDTH 79
#define HELP_COL 20

/* An option's help line in the reader's language ("" for none: the empty
 * msgid is the catalogue's header), in buf; a weapon's has %s where the
 * rules' weapons are named, so that help never lists them by hand. */
static const char *opt_help(const cli_opt *o, char *buf, size_t n)
{
    const char *h = o->help && *o->help ? _(o->help) : "";
    if (o->values != cli_weapon_words || !strstr(h, "%s"))
        return h;
    mu_buf names = {0};
    cli_weapon_names(&names, ", ");
    snprintf(buf, n, h, names.p ? names.p : "");
    free(names.p);
    return buf;
}

/* "union|confederate" for short vocabularies, else the metavar. */
static void value_word(const cli_opt *o, bool synopsis, char *buf, size_t n)
{
    buf[0] = '\0';
    if (o->type == ARG_FLAG)
        return;
    if (synopsis && o->type == ARG_CHOICE) {
        size_t len = 0;
        for (int i = 0; o->vocab[i]; i++)
            len += strlen(o->vocab[i]) + 1;
        if (len <= 36) {
            size_t k = 0;
            for (int i = 0; o->vocab[i] && k < n; i++) {
                int w = snprintf(buf + k, n - k, "%s%s", i ? "|" : "",
                                 o->vocab[i]);
                k += w > 0 ? (size_t)w : 0;
            }
            return;
        }
    }
    snprintf(buf, n, "%s", o->metavar ? o->metavar : "X");
}

/* "-n, --trials N" or "--army A". */
static void opt_words(const cli_opt *o, bool synopsis, char *buf, size_t n)
{
    char val[128];
    value_word(o, synopsis, val, sizeof val);
    if (o->shortname && synopsis)
        snprintf(buf, n, "-%c%s%s", o->shortname, *val ? " " : "", val);
    else if (o->shortname)
        snprintf(buf, n, "-%c, --%s%s%s", o->shortname, o->name,
                 *val ? " " : "", val);
    else
        snprintf(buf, n, "--%s%s%s", o->name, *val ? " " : "", val);
}

/* Appends the n bytes of `item` to a line that wraps under column
 * `indent`. */
static void wrap_item(mu_buf *b, size_t *col, size_t indent, const char *item,
                      size_t n)
{
    if (*col > indent && *col + 1 + n > WIDTH) {
        mu_buf_printf(b, "\n%*s", (int)indent, "");
        *col = indent;
    } else if (*col > indent) {
        mu_buf_puts(b, " ");
        (*col)++;
    }
    mu_buf_printf(b, "%.*s", (int)n, item);
    *col += n;
}

/* One synopsis item: an option, or a group of exclusive ones. Returns the
 * index after what it used. */
static int synopsis_item(const cli_opt *opts, int i, char *buf, size_t n)
{
    const cli_opt *o = &opts[i];
    char w[160];
    opt_words(o, true, w, sizeof w);
    bool req = (o->flags & CLI_REQUIRED) != 0;
    if (!o->group) {
        snprintf(buf, n, req ? "%s" : "[%s]", w);
        return i + 1;
    }
    size_t k = (size_t)snprintf(buf, n, "%c%s", req ? '(' : '[', w);
    int j = i + 1;
    for (; opts[j].name && opts[j].group == o->group; j++) {
        if (!cli_opt_shown(&opts[j]))
            continue;
        opt_words(&opts[j], true, w, sizeof w);
        if (k < n)
            k += (size_t)snprintf(buf + k, n - k, " | %s", w);
    }
    if (k < n)
        snprintf(buf + k, n - k, "%c", req ? ')' : ']');
    return j;
}

/* "muster division --army union|confederate [--year Y] ..." wrapped, each
 * line after the first indented under the first option. */
static void synopsis(mu_buf *b, const char *lead, const cli_command *c)
{
    mu_buf_printf(b, "%smuster %s", lead, c->name);
    size_t indent = strlen(lead) + strlen("muster ") + strlen(c->name) + 1;
    size_t col = indent;
    mu_buf_puts(b, " ");
    int min, max;
    char operands[80];
    cli_operands(c, &min, &max, operands, sizeof operands);
    if (*operands)
        wrap_item(b, &col, indent, operands, strlen(operands));
    for (int i = 0; c->opts[i].name;) {
        if (!cli_opt_shown(&c->opts[i])) {
            i++;
            continue;
        }
        char item[512];
        i = synopsis_item(c->opts, i, item, sizeof item);
        wrap_item(b, &col, indent, item, strlen(item));
    }
    mu_buf_puts(b, "\n");
}

/* Help words wrapped from column HELP_COL. */
static void help_words(mu_buf *b, const char *text, size_t col)
{
    for (const char *p = text; *p; p += strspn(p, " \n")) {
        size_t n = strcspn(p, " \n");
        wrap_item(b, &col, HELP_COL, p, n);
        p += n;
    }
    mu_buf_puts(b, "\n");
}

static void option_list(mu_buf *b, const cli_command *c)
{
    for (int i = 0; c->opts[i].name; i++) {
        const cli_opt *o = &c->opts[i];
        if (!cli_opt_shown(o))
            continue;
        char w[160];
        opt_words(o, false, w, sizeof w);
        mu_buf_printf(b, "  %s", w);
        size_t col = 2 + strlen(w);
        if (col + 2 > HELP_COL) {
            mu_buf_printf(b, "\n%*s", HELP_COL, "");
        } else {
            mu_buf_printf(b, "%*s", (int)(HELP_COL - col), "");
        }
        char h[512];
        help_words(b, opt_help(o, h, sizeof h), HELP_COL);
    }
}

/* Whether command c is a subcommand of group g ("odds fire" of "odds"). */
static bool in_group(const cli_command *c, const cli_group *g)
{
    size_t n = strlen(g->name);
    return !strncmp(c->name, g->name, n) && c->name[n] == ' ';
}

static void command_help(mu_buf *b, const cli_command *c)
{
    synopsis(b, _("usage: "), c);
    if (c->doc)
        mu_buf_printf(b, "\n%s", _(c->doc));
    mu_buf_puts(b, "\n");
    option_list(b, c);
}

static void group_help(mu_buf *b, const cli_group *g)
{
    const char *lead = _("usage: ");
    for (int i = 0; cli_commands[i]; i++)
        if (in_group(cli_commands[i], g)) {
            synopsis(b, lead, cli_commands[i]);
            lead = _("       ");
        }
    if (g->doc)
        mu_buf_printf(b, "\n%s", _(g->doc));
    mu_buf_printf(b, _("\n'muster help %s SUB' gives the options of each.\n"),
                  g->name);
}

bool cli_help_text(const char *name, mu_buf *b)
{
    const cli_command *c = cli_find(name);
    if (c) {
        command_help(b, c);
        return true;
    }
    const cli_group *g = cli_find_group(name);
    if (g)
        group_help(b, g);
    return g != NULL;
}

void cli_usage_text(mu_buf *b)
{
    mu_buf_puts(b, _("usage: muster COMMAND [OPTIONS]\n"
                     "       muster help COMMAND | --help | --version\n\n"
                     "Commands:\n"));
    for (int i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        size_t n = strcspn(c->name, " ");
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = !strncmp(cli_commands[j]->name, c->name, n) &&
                   strcspn(cli_commands[j]->name, " ") == n;
        if (seen)
            continue;
        const char *summary = c->summary;
        if (c->name[n]) {
            char word[64];
            snprintf(word, sizeof word, "%.*s", (int)n, c->name);
            const cli_group *g = cli_find_group(word);
            summary = g ? g->summary : "";
        }
        mu_buf_printf(b, "  %-10.*s %s\n", (int)n, c->name,
                      *summary ? _(summary) : "");
    }
    mu_buf_puts(b, _("\nDice: --seed N repeats a result, --rolls 37,00,5 uses "
                     "real dice, --ask prompts for each roll.\n"
                     "Words may be shortened: 'muster o f' is 'muster odds "
                     "fire'.\n"
                     "Exit status: 0 ok, 1 failure, 2 bad input. See "
                     "muster(1).\n"));
}

/* ---- the man page's generated parts ---------------------------------------- */

/* Text for roff: backslashes doubled, '-' as \-, a leading '.' or '\'' kept
 * from being read as a request. */
static void roff_n(mu_buf *b, const char *s, size_t n)
{
    bool bol = true;
    for (const char *end = s + n; s < end; s++) {
        if (bol && (*s == '.' || *s == '\''))
            mu_buf_puts(b, "\\&");
        bol = *s == '\n';
        if (*s == '\\')
            mu_buf_puts(b, "\\e");
        else if (*s == '-')
            mu_buf_puts(b, "\\-");
        else
            mu_buf_printf(b, "%c", *s);
    }
}

static void roff(mu_buf *b, const char *s) { roff_n(b, s, strlen(s)); }

void cli_man_synopsis(mu_buf *b)
{
    mu_buf_puts(b, ".nf\n");
    for (int i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        mu_buf t = {0};
        synopsis(&t, "", c);
        roff(b, t.p ? t.p : "");
        free(t.p);
    }
    roff(b, "muster help [COMMAND [SUB]]\nmuster --help | --version\n");
    mu_buf_puts(b, ".fi\n");
}

/* The man page's options, by command. */
static void man_options(mu_buf *b)
{
    for (int i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        mu_buf_puts(b, ".SS ");
        roff(b, c->name);
        mu_buf_puts(b, "\n");
        for (int j = 0; c->opts[j].name; j++) {
            const cli_opt *o = &c->opts[j];
            if (!cli_opt_shown(o))
                continue;
            char w[160];
            opt_words(o, false, w, sizeof w);
            mu_buf_puts(b, ".TP\n.B ");
            roff(b, w);
            mu_buf_puts(b, "\n");
            char h[512];
            roff(b, opt_help(o, h, sizeof h));
            mu_buf_puts(b, "\n");
        }
    }
}

/* Whether a line of help prose is laid out by hand: indented, columns
 * (two spaces inside it) or an example ("muster ..."). */
static bool laid_out(const char *line, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (line[i] == ' ' && line[i + 1] == ' ')
            return true;
    return (n && line[0] == ' ') || !strncmp(line, "muster ", 7);
}

/* A command's or group's help prose, in the reader's language, as
 * indented paragraphs under its entry: a blank line starts a paragraph, and
 * lines laid out by hand keep their lines. */
static void man_doc(mu_buf *b, const char *doc)
{
    if (!doc || !*doc)
        return;
    bool nf = false;
    mu_buf_puts(b, ".IP\n");
    for (const char *line = _(doc); *line;) {
        size_t n = strcspn(line, "\n");
        bool as_is = laid_out(line, n);
        if (nf && (n == 0 || !as_is)) {
            mu_buf_puts(b, ".fi\n");
            nf = false;
        }
        if (n == 0) {
            mu_buf_puts(b, ".IP\n");
        } else {
            if (as_is && !nf) {
                mu_buf_puts(b, ".nf\n");
                nf = true;
            }
            roff_n(b, line, n);
            mu_buf_puts(b, "\n");
        }
        line += n + (line[n] == '\n');
    }
    if (nf)
        mu_buf_puts(b, ".fi\n");
}

static void man_entry(mu_buf *b, const char *name, const char *summary,
                      const char *doc)
{
    mu_buf_puts(b, ".TP\n.B muster ");
    roff(b, name);
    mu_buf_puts(b, "\n");
    roff(b, summary && *summary ? _(summary) : "");
    mu_buf_puts(b, "\n");
    man_doc(b, doc);
}

/* Each group and command with its summary and help prose, in the reader's
 * language; a group before its first subcommand. */
static void man_commands(mu_buf *b)
{
    for (int i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        for (int j = 0; cli_groups[j]; j++) {
            const cli_group *g = cli_groups[j];
            bool first = in_group(c, g);
            for (int k = 0; first && k < i; k++)
                first = !in_group(cli_commands[k], g);
            if (first)
                man_entry(b, g->name, g->summary, g->doc);
        }
        man_entry(b, c->name, c->summary, c->doc);
    }
}

/* Prints the man page `path` with its generated parts made anew: the lines
 * between '.\" BEGIN GENERATED X' and '.\" END GENERATED X' (X SYNOPSIS,
 * COMMANDS, OPTIONS or WEAPONS: the built-in weapons' names). */
bool cli_man_page(const char *path, mu_buf *b)
{
    char *text;
    size_t len;
    mu_error err;
    if (mu_file_read(path, &text, &len, &err) != MU_OK)
        return false;
    bool skipping = false;
    for (const char *line = text; *line;) {
        size_t n = strcspn(line, "\n");
        n += line[n] == '\n';
        if (!strncmp(line, ".\\\" END GENERATED", 17))
            skipping = false;
        if (!skipping)
            mu_buf_printf(b, "%.*s", (int)n, line);
        if (!strncmp(line, ".\\\" BEGIN GENERATED SYNOPSIS", 28)) {
            cli_man_synopsis(b);
            skipping = true;
        } else if (!strncmp(line, ".\\\" BEGIN GENERATED OPTIONS", 27)) {
            man_options(b);
            skipping = true;
        } else if (!strncmp(line, ".\\\" BEGIN GENERATED COMMANDS", 28)) {
            man_commands(b);
            skipping = true;
        } else if (!strncmp(line, ".\\\" BEGIN GENERATED WEAPONS", 27)) {
            cli_weapon_names(b, ",\n");
            mu_buf_puts(b, "\n");
            skipping = true;
        }
        line += n;
    }
    free(text);
    return true;
}
