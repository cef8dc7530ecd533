/* complete.c -- bash, zsh and fish completion scripts, generated from the
 * command table at build time (`muster --completion SHELL`): commands and
 * subcommands, each command's options, and the values an option takes (its
 * vocabulary, or files). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static bool listed(const cli_opt *o)
{
    return !(o->flags & (CLI_REFUSED | CLI_HIDDEN));
}

/* The words that may follow `prefix` ("" for the top, "odds" for its
 * subcommands), space-separated. */
static void next_words(cli_buf *b, const char *prefix)
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
        cli_buf_printf(b, "%s%.*s", last ? " " : "", (int)wn, w);
        last = w;
        lastn = wn;
    }
}

/* Every command path and group as a case pattern: division|"odds fire"|... */
static void path_patterns(cli_buf *b)
{
    for (int i = 0; cli_groups[i]; i++)
        cli_buf_printf(b, "%s\"%s\"", i ? "|" : "", cli_groups[i]->name);
    for (int i = 0; cli_commands[i]; i++)
        cli_buf_printf(b, "|\"%s\"", cli_commands[i]->name);
}

/* Space-separated words of an option's vocabulary. */
static void vocab_words(cli_buf *b, const cli_opt *o)
{
    for (int i = 0; o->vocab[i]; i++)
        cli_buf_printf(b, "%s%s", i ? " " : "", o->vocab[i]);
}

static void option_words(cli_buf *b, const cli_command *c)
{
    bool first = true;
    for (int i = 0; c->opts[i].name; i++)
        if (listed(&c->opts[i])) {
            cli_buf_printf(b, "%s--%s", first ? "" : " ", c->opts[i].name);
            first = false;
        }
    cli_buf_printf(b, "%s--help", first ? "" : " ");
}

/* ---- bash and zsh: one shape, two dialects ------------------------------- */

typedef struct dialect {
    const char *words, *files, *none, *esac_open;
} dialect;

static const dialect bash_d = {
    "COMPREPLY=($(compgen -W \"%s\" -- \"$cur\"))",
    "COMPREPLY=($(compgen -f -- \"$cur\"))", "COMPREPLY=()", ""};
static const dialect zsh_d = {"compadd -- %s", "_files", ":", "("};

static void say_words(cli_buf *b, const dialect *d, const char *words)
{
    cli_buf_printf(b, d->words, words);
}

/* The values after `--opt` for command c, as case arms on $prev. */
static void value_arms(cli_buf *b, const dialect *d, const cli_command *c)
{
    for (int i = 0; c->opts[i].name; i++) {
        const cli_opt *o = &c->opts[i];
        if (!listed(o) || o->type == ARG_FLAG)
            continue;
        cli_buf_printf(b, "            %s--%s) ", d->esac_open, o->name);
        if (o->type == ARG_CHOICE) {
            cli_buf w = {0};
            vocab_words(&w, o);
            say_words(b, d, w.s ? w.s : "");
            free(w.s);
        } else {
            cli_buf_puts(b, o->type == ARG_FILE ? d->files : d->none);
        }
        cli_buf_puts(b, "; return ;;\n");
    }
}

static void command_arms(cli_buf *b, const dialect *d)
{
    for (int i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        cli_buf w = {0};
        option_words(&w, c);
        cli_buf_printf(b, "    %s\"%s\")\n        case $prev in\n",
                       d->esac_open, c->name);
        value_arms(b, d, c);
        cli_buf_printf(b, "        esac\n        if [[ $cur == -* || %d == 0 ]]; "
                       "then ", c->max_operands);
        say_words(b, d, w.s ? w.s : "");
        cli_buf_puts(b, "; else ");
        cli_buf_puts(b, d->files);
        cli_buf_puts(b, "; fi ;;\n");
        free(w.s);
    }
}

static void group_arms(cli_buf *b, const dialect *d)
{
    cli_buf_printf(b, "    %s\"\"|help) ", d->esac_open);
    cli_buf w = {0};
    next_words(&w, "");
    cli_buf_puts(&w, " help --help --version");
    say_words(b, d, w.s);
    free(w.s);
    cli_buf_puts(b, "; return ;;\n");
    for (int i = 0; cli_groups[i]; i++) {
        cli_buf g = {0};
        next_words(&g, cli_groups[i]->name);
        cli_buf_printf(b, "    %s\"%s\") ", d->esac_open, cli_groups[i]->name);
        say_words(b, d, g.s ? g.s : "");
        cli_buf_puts(b, "; return ;;\n");
        free(g.s);
    }
}

/* The command path typed so far: the leading words that name one. */
static void path_loop(cli_buf *b, const dialect *d, const char *from,
                      const char *to)
{
    cli_buf_printf(b, "    local cmd=\"\" w i\n"
                      "    for ((i = %s; i < %s; i++)); do\n"
                      "        w=${%s[i]}\n"
                      "        case \"${cmd:+$cmd }$w\" in\n"
                      "        %s", from, to, d == &bash_d ? "COMP_WORDS"
                                                           : "words",
                   d->esac_open);
    path_patterns(b);
    cli_buf_puts(b, "|help) cmd=\"${cmd:+$cmd }$w\" ;;\n"
                    "        *) break ;;\n"
                    "        esac\n"
                    "    done\n");
}

static void bash_script(cli_buf *b)
{
    cli_buf_puts(b, "# bash completion for muster(1), generated from its "
                    "command table by\n# 'muster --completion bash': do not "
                    "edit.\n_muster()\n{\n"
                    "    local cur=${COMP_WORDS[COMP_CWORD]} "
                    "prev=${COMP_WORDS[COMP_CWORD-1]}\n");
    path_loop(b, &bash_d, "1", "COMP_CWORD");
    cli_buf_puts(b, "    case $cmd in\n");
    group_arms(b, &bash_d);
    command_arms(b, &bash_d);
    cli_buf_puts(b, "    *) COMPREPLY=() ;;\n    esac\n}\n"
                    "complete -F _muster muster\n");
}

static void zsh_script(cli_buf *b)
{
    cli_buf_puts(b, "#compdef muster\n# zsh completion for muster(1), "
                    "generated from its command table by\n# 'muster "
                    "--completion zsh': do not edit.\n_muster()\n{\n"
                    "    local cur=${words[CURRENT]} "
                    "prev=${words[CURRENT-1]}\n");
    path_loop(b, &zsh_d, "2", "CURRENT");
    cli_buf_puts(b, "    case $cmd in\n");
    group_arms(b, &zsh_d);
    command_arms(b, &zsh_d);
    cli_buf_puts(b, "    esac\n}\n_muster \"$@\"\n");
}

/* ---- fish ------------------------------------------------------------------- */

/* Text in fish single quotes. */
static void fish_quoted(cli_buf *b, const char *s, size_t max)
{
    cli_buf_puts(b, "'");
    for (size_t i = 0; s[i] && i < max; i++) {
        if (s[i] == '\'' || s[i] == '\\')
            cli_buf_puts(b, "\\");
        cli_buf_printf(b, "%c", s[i] == '\n' ? ' ' : s[i]);
    }
    cli_buf_puts(b, "'");
}

static void fish_option(cli_buf *b, const cli_command *c, const cli_opt *o)
{
    cli_buf_printf(b, "complete -c muster -n '__muster_is \"%s\"' -l %s",
                   c->name, o->name);
    if (o->shortname)
        cli_buf_printf(b, " -s %c", o->shortname);
    if (o->type == ARG_CHOICE) {
        cli_buf_puts(b, " -x -a '");
        vocab_words(b, o);
        cli_buf_puts(b, "'");
    } else if (o->type == ARG_FILE) {
        cli_buf_puts(b, " -r -F");
    } else if (o->type != ARG_FLAG) {
        cli_buf_puts(b, " -x");
    }
    if (o->help) {
        size_t n = strcspn(o->help, ";:(");
        while (n > 0 && o->help[n - 1] == ' ')
            n--;
        cli_buf_puts(b, " -d ");
        fish_quoted(b, o->help, n);
    }
    cli_buf_puts(b, "\n");
}

static void fish_script(cli_buf *b)
{
    cli_buf_puts(b, "# fish completion for muster(1), generated from its "
                    "command table by\n# 'muster --completion fish': do not "
                    "edit.\nfunction __muster_cmd\n"
                    "    set -l cmd ''\n"
                    "    for w in (commandline -opc)[2..-1]\n"
                    "        set -l next (string trim -- \"$cmd $w\")\n"
                    "        switch $next\n            case ");
    for (int i = 0; cli_groups[i]; i++)
        cli_buf_printf(b, "'%s' ", cli_groups[i]->name);
    for (int i = 0; cli_commands[i]; i++)
        cli_buf_printf(b, "'%s' ", cli_commands[i]->name);
    cli_buf_puts(b, "help\n                set cmd $next\n"
                    "            case '*'\n                break\n"
                    "        end\n    end\n    echo $cmd\nend\n"
                    "function __muster_is\n"
                    "    test (__muster_cmd | string collect) = \"$argv[1]\"\n"
                    "end\ncomplete -c muster -f\n"
                    "complete -c muster -n '__muster_is \"\"; or __muster_is "
                    "help' -a '");
    next_words(b, "");
    cli_buf_puts(b, " help'\n");
    for (int i = 0; cli_groups[i]; i++) {
        cli_buf_printf(b, "complete -c muster -n '__muster_is \"%s\"' -a '",
                       cli_groups[i]->name);
        next_words(b, cli_groups[i]->name);
        cli_buf_puts(b, "'\n");
    }
    for (int i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        for (int j = 0; c->opts[j].name; j++)
            if (listed(&c->opts[j]))
                fish_option(b, c, &c->opts[j]);
        if (c->max_operands > 0)
            cli_buf_printf(b, "complete -c muster -n '__muster_is \"%s\"' "
                           "-F\n", c->name);
    }
}

bool cli_completion(const char *shell, cli_buf *b)
{
    if (!strcmp(shell, "bash"))
        bash_script(b);
    else if (!strcmp(shell, "zsh"))
        zsh_script(b);
    else if (!strcmp(shell, "fish"))
        fish_script(b);
    else
        return false;
    return true;
}
