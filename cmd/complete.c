/* SPDX-License-Identifier: MIT */
/* complete.c -- bash, zsh and fish completion scripts, generated from the
 * command table at build time (`muster --completion SHELL`): commands and
 * subcommands, each command's options, and the values an option takes (its
 * vocabulary, or files). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* The words that may follow `prefix` ("" for the top, "odds" for its
 * subcommands), space-separated. */
static void next_words(mu_buf *b, const char *prefix)
{
    size_t n = strlen(prefix);
    const char *last = NULL;
    size_t lastn = 0;
    for (int i = 0; cli_commands[i]; i++) {
        const char *name = cli_commands[i]->name;
        if (n && (strncmp(name, prefix, n) || name[n] != ' '))
            continue;
        const char *w = n ? name + n + 1 : name;
        size_t wn = strcspn(w, " ");
        if (last && wn == lastn && !strncmp(w, last, wn))
            continue;
        mu_buf_printf(b, "%s%.*s", last ? " " : "", (int)wn, w);
        last = w;
        lastn = wn;
    }
}

/* Every command path and group as a case pattern: division|"odds fire"|... */
static void path_patterns(mu_buf *b)
{
    for (int i = 0; cli_groups[i]; i++)
        mu_buf_printf(b, "%s\"%s\"", i ? "|" : "", cli_groups[i]->name);
    for (int i = 0; cli_commands[i]; i++)
        mu_buf_printf(b, "|\"%s\"", cli_commands[i]->name);
}

/* Space-separated words; cli_weapon_words stands for the built-in
 * weapons' names, read from their rules, so that completion offers what
 * the rules have (a weapon added there is offered with no list to edit). */
static void words(mu_buf *b, const char *const *w)
{
    if (w == cli_weapon_words) {
        cli_weapon_names(b, " ");
        return;
    }
    for (int i = 0; w && w[i]; i++)
        mu_buf_printf(b, "%s%s", i ? " " : "", w[i]);
}

static void option_words(mu_buf *b, const cli_command *c)
{
    bool first = true;
    for (int i = 0; c->opts[i].name; i++)
        if (cli_opt_shown(&c->opts[i])) {
            mu_buf_printf(b, "%s--%s", first ? "" : " ", c->opts[i].name);
            first = false;
        }
    mu_buf_printf(b, "%s--help", first ? "" : " ");
}

/* ---- bash and zsh: one shape, two dialects ------------------------------- */

typedef struct dialect {
    const char *words, *files, *none, *esac_open;
    const char *array, *current, *self; /* the words typed, the one being
                                           completed, the program's */
    const char *name, *head, *first, *tail; /* the script's first line,
                                               the first word after the
                                               program's, its last lines */
} dialect;

static const dialect bash_d = {
    "COMPREPLY=($(compgen -W \"%s\" -- \"$cur\"))",
    "COMPREPLY=($(compgen -f -- \"$cur\"))", "COMPREPLY=()", "",
    "COMP_WORDS", "COMP_CWORD", "${COMP_WORDS[0]}",
    "bash", "", "1", "    *) COMPREPLY=() ;;\n    esac\n}\n"
                     "complete -F _muster muster\n"};
static const dialect zsh_d = {"compadd -- %s", "_files", ":", "(",
                              "words", "CURRENT", "${words[1]}",
                              "zsh", "#compdef muster\n", "2",
                              "    esac\n}\n_muster \"$@\"\n"};

/* The words of a list (words()), offered in dialect d. */
static void say_words(mu_buf *b, const dialect *d, const char *const *list)
{
    mu_buf w = {0};
    words(&w, list);
    mu_buf_printf(b, d->words, w.p ? w.p : "");
    free(w.p);
}

/* The shell functions the arms call: _muster_pos counts the operands
 * typed before the word completed (n; the first, FILE, in f), skipping
 * options and the values of those that take one ($1); _muster_ids lists
 * the ids of a campaign's divisions or events, read from the file. */
static void helpers(mu_buf *b, const dialect *d)
{
    mu_buf_printf(b, "_muster_pos()\n{\n"
                     "    local vals=\" $1 \" j w\n"
                     "    n=0 f=\"\"\n"
                     "    for ((j = $2; j < $3; j++)); do\n"
                     "        w=${%s[j]}\n"
                     "        if [[ $vals == *\" $w \"* ]]; then ((j++))\n"
                     "        elif [[ $w != -* ]]; then\n"
                     "            [[ $n == 0 ]] && f=$w\n"
                     "            ((n++))\n"
                     "        fi\n"
                     "    done\n}\n", d->array);
    /* Only an array's objects ("divisions":[{"id":1,"name":...}, the
     * events'): the battle under way ("battle":{"id":1,"name":...}) is no
     * division; each id once, in order. */
    mu_buf_puts(b, "_muster_ids()\n{\n"
                   "    \"$1\" campaign \"$3\" \"$2\" --format json 2>/dev/null |\n"
                   "        grep -o \"[[,]{\\\"id\\\":[0-9]*,\\\"$4\\\"\" | tr -dc '0-9\\n' |\n"
                   "        sort -n -u\n"
                   "}\n");
}

/* What completes an operand of kind a. */
static void operand_words(mu_buf *b, const dialect *d, const cli_arg *a)
{
    char w[160];
    switch (a->type) {
    case OPD_FILE:
        mu_buf_puts(b, d->files);
        return;
    case OPD_DIVISION:
    case OPD_EVENT:
        snprintf(w, sizeof w, "$(_muster_ids \"%s\" \"$f\" %s)", d->self,
                 a->type == OPD_DIVISION ? "show name" : "log kind");
        mu_buf_printf(b, d->words, w);
        return;
    case OPD_WORD:
        if (a->values) {
            say_words(b, d, a->values);
            return;
        }
        break;
    default:
        break;
    }
    mu_buf_puts(b, d->none);
}

/* The options of c that take a value, for _muster_pos. */
static void valued_options(mu_buf *b, const cli_command *c)
{
    for (int i = 0; c->opts[i].name; i++)
        if (c->opts[i].type != ARG_FLAG)
            mu_buf_printf(b, "%s--%s", b->len ? " " : "", c->opts[i].name);
}

/* An option or its operands: by the operands typed so far. */
static void operand_arms(mu_buf *b, const dialect *d, const cli_command *c,
                         const char *opts)
{
    mu_buf v = {0};
    valued_options(&v, c);
    mu_buf_puts(b, "        if [[ $cur == -* ]]; then ");
    mu_buf_printf(b, d->words, opts);
    mu_buf_printf(b, "; return; fi\n        local n f\n"
                     "        _muster_pos \"%s\" $i $%s\n        case $n in\n",
                  v.p ? v.p : "", d->current);
    free(v.p);
    int k = 0;
    const cli_arg *last = NULL;
    for (const cli_arg *a = c->args; a->metavar; a++, k++) {
        mu_buf_printf(b, "        %s%d) ", d->esac_open, k);
        operand_words(b, d, a);
        mu_buf_puts(b, " ;;\n");
        last = a;
    }
    mu_buf_printf(b, "        %s*) ", d->esac_open);
    if (last && last->many)
        operand_words(b, d, last);
    else
        mu_buf_printf(b, d->words, opts);
    mu_buf_puts(b, " ;;\n        esac ;;\n");
}

/* The values after `--opt` for command c, as case arms on $prev. */
static void value_arms(mu_buf *b, const dialect *d, const cli_command *c)
{
    for (int i = 0; c->opts[i].name; i++) {
        const cli_opt *o = &c->opts[i];
        if (!cli_opt_shown(o) || o->type == ARG_FLAG)
            continue;
        mu_buf_printf(b, "            %s--%s) ", d->esac_open, o->name);
        if (o->type == ARG_CHOICE || o->values)
            say_words(b, d, o->vocab ? o->vocab : o->values);
        else
            mu_buf_puts(b, o->type == ARG_FILE ? d->files : d->none);
        mu_buf_puts(b, "; return ;;\n");
    }
}

static void command_arms(mu_buf *b, const dialect *d)
{
    for (int i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        mu_buf w = {0};
        option_words(&w, c);
        mu_buf_printf(b, "    %s\"%s\")\n        case $prev in\n",
                      d->esac_open, c->name);
        value_arms(b, d, c);
        mu_buf_puts(b, "        esac\n");
        if (c->args) {
            operand_arms(b, d, c, w.p ? w.p : "");
            free(w.p);
            continue;
        }
        mu_buf_puts(b, "        "); /* no operands: its options */
        mu_buf_printf(b, d->words, w.p ? w.p : "");
        mu_buf_puts(b, " ;;\n");
        free(w.p);
    }
}

static void group_arms(mu_buf *b, const dialect *d)
{
    mu_buf_printf(b, "    %s\"\"|help) ", d->esac_open);
    mu_buf w = {0};
    next_words(&w, "");
    mu_buf_puts(&w, " help --help --version");
    mu_buf_printf(b, d->words, w.p);
    free(w.p);
    mu_buf_puts(b, "; return ;;\n");
    for (int i = 0; cli_groups[i]; i++) {
        mu_buf g = {0};
        next_words(&g, cli_groups[i]->name);
        mu_buf_printf(b, "    %s\"%s\") ", d->esac_open, cli_groups[i]->name);
        mu_buf_printf(b, d->words, g.p ? g.p : "");
        mu_buf_puts(b, "; return ;;\n");
        free(g.p);
    }
}

/* The command path typed so far: the leading words that name one. */
static void path_loop(mu_buf *b, const dialect *d)
{
    mu_buf_printf(b, "    local cmd=\"\" w i\n"
                     "    for ((i = %s; i < %s; i++)); do\n"
                     "        w=${%s[i]}\n"
                     "        case \"${cmd:+$cmd }$w\" in\n"
                     "        %s", d->first, d->current, d->array,
                  d->esac_open);
    path_patterns(b);
    mu_buf_puts(b, "|help) cmd=\"${cmd:+$cmd }$w\" ;;\n"
                   "        *) break ;;\n"
                   "        esac\n"
                   "    done\n");
}

/* The whole script, in dialect d. */
static void script(mu_buf *b, const dialect *d)
{
    mu_buf_printf(b, "%s# %s completion for muster(1), generated from its "
                     "command table by\n# 'muster --completion %s': do not "
                     "edit.\n", d->head, d->name, d->name);
    helpers(b, d);
    mu_buf_printf(b, "_muster()\n{\n"
                     "    local cur=${%s[%s]} prev=${%s[%s-1]}\n",
                  d->array, d->current, d->array, d->current);
    path_loop(b, d);
    mu_buf_puts(b, "    case $cmd in\n");
    group_arms(b, d);
    command_arms(b, d);
    mu_buf_puts(b, d->tail);
}

/* ---- fish ------------------------------------------------------------------- */

/* Text in fish single quotes. */
static void fish_quoted(mu_buf *b, const char *s, size_t max)
{
    mu_buf_puts(b, "'");
    for (size_t i = 0; s[i] && i < max; i++) {
        if (s[i] == '\'' || s[i] == '\\')
            mu_buf_puts(b, "\\");
        mu_buf_printf(b, "%c", s[i] == '\n' ? ' ' : s[i]);
    }
    mu_buf_puts(b, "'");
}

static void fish_option(mu_buf *b, const cli_command *c, const cli_opt *o)
{
    mu_buf_printf(b, "complete -c muster -n '__muster_is \"%s\"' -l %s",
                  c->name, o->name);
    if (o->shortname)
        mu_buf_printf(b, " -s %c", o->shortname);
    if (o->type == ARG_CHOICE || o->values) {
        mu_buf_puts(b, " -x -a '");
        words(b, o->vocab ? o->vocab : o->values);
        mu_buf_puts(b, "'");
    } else if (o->type == ARG_FILE) {
        mu_buf_puts(b, " -r -F");
    } else if (o->type != ARG_FLAG) {
        mu_buf_puts(b, " -x");
    }
    if (o->help) {
        size_t n = strcspn(o->help, ";:(");
        while (n > 0 && o->help[n - 1] == ' ')
            n--;
        mu_buf_puts(b, " -d ");
        fish_quoted(b, o->help, n);
    }
    mu_buf_puts(b, "\n");
}

/* The condition of the operands of c from place k on: __muster_at counts
 * those typed before the word completed. */
static void fish_place(mu_buf *b, const cli_command *c, int k, bool many)
{
    mu_buf_printf(b, "complete -c muster -n '__muster_is \"%s\"", c->name);
    mu_buf_printf(b, "; and __muster_at %s %d", many ? "-ge" : "-eq", k);
    valued_options(b, c);
    mu_buf_puts(b, "'");
}

/* Operands by their kind, place by place: files, a campaign's division
 * ids or event numbers (read from the FILE typed first), the words of
 * those that have them, nothing for a name. */
static void fish_operands(mu_buf *b, const cli_command *c)
{
    if (!c->args)
        return;
    int k = 0;
    for (const cli_arg *a = c->args; a->metavar; a++, k++) {
        bool many = a->many && !a[1].metavar;
        if (a->type == OPD_FILE) {
            fish_place(b, c, k, many);
            mu_buf_puts(b, " -F\n");
        } else if (a->type == OPD_DIVISION || a->type == OPD_EVENT) {
            fish_place(b, c, k, many);
            mu_buf_printf(b, " -a '(__muster_ids %s",
                          a->type == OPD_DIVISION ? "show name" : "log kind");
            valued_options(b, c);
            mu_buf_puts(b, ")'\n");
        } else if (a->type == OPD_WORD && a->values) {
            fish_place(b, c, k, many);
            mu_buf_puts(b, " -a '");
            words(b, a->values);
            mu_buf_puts(b, "'\n");
        }
    }
}

/* The fish functions the operands' conditions call: __muster_pos prints
 * how many operands come before the word completed, then the first
 * (FILE), skipping options and the values of those in $argv; __muster_at
 * compares that count (-eq or -ge a place); __muster_ids lists the ids of
 * a campaign's divisions or events, read from the file. */
static void fish_helpers(mu_buf *b)
{
    mu_buf_puts(b, "function __muster_pos\n"
                   "    set -l words (commandline -opc)\n"
                   "    set -l n 0\n    set -l f ''\n"
                   "    set -l j (math 2 + (count (string split ' ' -- "
                   "(__muster_cmd))))\n"
                   "    while test $j -le (count $words)\n"
                   "        if contains -- $words[$j] $argv\n"
                   "            set j (math $j + 1)\n"
                   "        else if not string match -q -- '-*' $words[$j]\n"
                   "            test $n = 0; and set f $words[$j]\n"
                   "            set n (math $n + 1)\n"
                   "        end\n"
                   "        set j (math $j + 1)\n"
                   "    end\n    echo $n\n    echo $f\nend\n"
                   "function __muster_at\n"
                   "    set -l p (__muster_pos $argv[3..-1])\n"
                   "    test $p[1] $argv[1] $argv[2]\nend\n"
                   "function __muster_ids\n"
                   "    set -l p (__muster_pos $argv[3..-1])\n"
                   "    test -n \"$p[2]\"; or return\n"
                   "    set -l self (commandline -opc)[1]\n"
                   "    $self campaign $argv[1] $p[2] --format json "
                   "2>/dev/null |\n"
                   "        string match -ar '[\\[,]\\{\"id\":[0-9]+,\"'$argv[2]'\"' |\n"
                   "        string replace -ar '[^0-9]' '' | sort -n -u\nend\n");
}

static void fish_script(mu_buf *b)
{
    mu_buf_puts(b, "# fish completion for muster(1), generated from its "
                   "command table by\n# 'muster --completion fish': do not "
                   "edit.\nfunction __muster_cmd\n"
                   "    set -l cmd ''\n"
                   "    for w in (commandline -opc)[2..-1]\n"
                   "        set -l next (string trim -- \"$cmd $w\")\n"
                   "        switch $next\n            case ");
    for (int i = 0; cli_groups[i]; i++)
        mu_buf_printf(b, "'%s' ", cli_groups[i]->name);
    for (int i = 0; cli_commands[i]; i++)
        mu_buf_printf(b, "'%s' ", cli_commands[i]->name);
    mu_buf_puts(b, "help\n                set cmd $next\n"
                   "            case '*'\n                break\n"
                   "        end\n    end\n    echo $cmd\nend\n"
                   "function __muster_is\n"
                   "    test (__muster_cmd | string collect) = \"$argv[1]\"\n"
                   "end\n");
    fish_helpers(b);
    mu_buf_puts(b, "complete -c muster -f\n"
                   "complete -c muster -n '__muster_is \"\"; or __muster_is "
                   "help' -a '");
    next_words(b, "");
    mu_buf_puts(b, " help'\n");
    for (int i = 0; cli_groups[i]; i++) {
        mu_buf_printf(b, "complete -c muster -n '__muster_is \"%s\"' -a '",
                      cli_groups[i]->name);
        next_words(b, cli_groups[i]->name);
        mu_buf_puts(b, "'\n");
    }
    for (int i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        for (int j = 0; c->opts[j].name; j++)
            if (cli_opt_shown(&c->opts[j]))
                fish_option(b, c, &c->opts[j]);
        fish_operands(b, c);
    }
}

bool cli_completion(const char *shell, mu_buf *b)
{
    if (!strcmp(shell, "bash"))
        script(b, &bash_d);
    else if (!strcmp(shell, "zsh"))
        script(b, &zsh_d);
    else if (!strcmp(shell, "fish"))
        fish_script(b);
    else
        return false;
    return true;
}
