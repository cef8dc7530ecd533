/* SPDX-License-Identifier: MIT */
/* engine.c -- the one parsing engine: argv (through getopt_long) or
 * name/value pairs (cli_invoke) into a command's values, checked against
 * its table; the one error path and the result buffer. */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- buffers -------------------------------------------------------------- */

cli_rc cli_out(cli_ctx *cx, const char *text)
{
    mu_buf_puts(&cx->out, text);
    if (cx->out.oom)
        return cli_error(cx, _("out of memory")), CLI_FAIL;
    return CLI_OK;
}

cli_rc cli_take(cli_ctx *cx, char *text)
{
    if (!text)
        return cli_error(cx, _("out of memory")), CLI_FAIL;
    if (!cx->out.p && !cx->out.oom) { /* adopt it: large results, one copy */
        size_t n = strlen(text);
        cx->out = (mu_buf){text, n, n + 1, false};
        return CLI_OK;
    }
    cli_rc rc = cli_out(cx, text);
    free(text);
    return rc;
}

/* ---- the error path -------------------------------------------------------- */

cli_rc cli_error(cli_ctx *cx, const char *fmt, ...)
{
    if (cx->err.len == 0) { /* the first error is the one to tell */
        va_list ap;
        va_start(ap, fmt);
        mu_buf_vprintf(&cx->err, fmt, ap);
        va_end(ap);
    }
    return CLI_INPUT;
}

/* One strength labelled without a line of its own, in the reader's words. */
static void labels_miss_words(mu_buf *b, const char *file,
                              const mu_labels_miss *m)
{
    static const char *const morale[] = {N_("green"), N_("veteran"),
                                         N_("crack")};
    const char *section = mu_morale_name(m->morale);
    if (m->kind == MU_LABELS_NO_LINE)
        /* TRANSLATORS: the file, its section in the file's word, that
           morale in words (green: Rekruten), the brigade's stands. */
        mu_buf_printf(b, PL_("%s has no [%s] line: a %s brigade of %d stand "
                             "is labelled by its stands and morale",
                             "%s has no [%s] line: a %s brigade of %d stands "
                             "is labelled by its stands and morale",
                             m->stands),
                      file, section, _(morale[m->morale]), m->stands);
    else
        mu_buf_printf(b, PL_("%s has no [%s] line for %d stand: the nearest, "
                             "%d, gives its worn and spent",
                             "%s has no [%s] line for %d stands: the nearest, "
                             "%d, gives its worn and spent",
                             m->stands),
                      file, section, m->stands, m->nearest);
}

void cli_warn_labels(cli_ctx *cx, const mu_labels *l)
{
    mu_labels_miss miss[3 * MU_MAX_STANDS];
    size_t n = mu_labels_missed(l, miss, sizeof miss / sizeof *miss);
    if (!n || cx->err.len)
        return;
    mu_buf words = {0};
    for (size_t i = 0; i < n && i < sizeof miss / sizeof *miss; i++) {
        if (i)
            mu_buf_puts(&words, "; ");
        labels_miss_words(&words, mu_labels_file(l), &miss[i]);
    }
    if (words.oom || !words.p) {
        free(words.p);
        return;
    }
    mu_buf_printf(&cx->err, _("warning: %s (muster rules dump --kind labels "
                              "writes a file with every strength)"),
                  words.p);
    free(words.p);
}

cli_rc cli_fail(cli_ctx *cx, const mu_error *err)
{
    char buf[1024], near[96];
    const char *hint = err->reason == MU_R_NO_SUCH_WEAPON
                           ? cli_weapon_near(cx, near, sizeof near)
                       : cx->near[0] ? cx->near
                                     : cli_hint(err->reason);
    if (cx->err.len == 0)
        cx->reason = err->reason;
    mu_error words = *err;
    cli_lib_words(err->msg, words.msg, sizeof words.msg);
    cli_error(cx, "%s%s%s", mu_error_format(&words, buf, sizeof buf),
              hint ? ": " : "", hint ? hint : "");
    return cli_exit_code(err->code);
}

/* ---- contexts ----------------------------------------------------------------- */

void cli_ctx_init(cli_ctx *cx, const cli_command *cmd, bool terminal)
{
    memset(cx, 0, sizeof *cx);
    cx->cmd = cmd;
    cx->terminal = terminal;
}

void cli_ctx_free(cli_ctx *cx)
{
    free(cx->out.p);
    free(cx->err.p);
    cx->out = cx->err = (mu_buf){0};
}

/* The index of option `name` in the command's table, or -1. */
/* Every read of a value comes here (a server: dozens a request), so the
 * first letter is compared before the rest. */
static int opt_index(const cli_command *cmd, const char *name)
{
    for (int i = 0; cmd->opts[i].name; i++)
        if (cmd->opts[i].name[0] == name[0] && !strcmp(cmd->opts[i].name, name))
            return i;
    return -1;
}

const char *const cli_optnames[O_COUNT] = {
#define CLI_OPT_NAME(id, name) name,
    CLI_OPTION_NAMES(CLI_OPT_NAME)
#undef CLI_OPT_NAME
};

const cli_val *cli_get(const cli_ctx *cx, cli_optid id)
{
    const char *name = (unsigned)id < O_COUNT ? cli_optnames[id] : "?";
    int i = opt_index(cx->cmd, name);
    if (i < 0) {
        fprintf(stderr, _("muster: bug: %s has no option --%s\n"), cx->cmd->name,
                name);
        abort();
    }
    return &cx->val[i];
}

bool cli_takes(const cli_ctx *cx, cli_optid id)
{
    int i = (unsigned)id < O_COUNT ? opt_index(cx->cmd, cli_optnames[id]) : -1;
    return i >= 0 && !(cx->cmd->opts[i].flags & CLI_REFUSED);
}

bool cli_has(const cli_ctx *cx, cli_optid id)
{
    return cli_get(cx, id)->given;
}

const char *cli_str(const cli_ctx *cx, cli_optid id)
{
    const cli_val *v = cli_get(cx, id);
    return v->given ? v->text : NULL;
}

uint64_t cli_num(const cli_ctx *cx, cli_optid id, uint64_t dflt)
{
    const cli_val *v = cli_get(cx, id);
    return v->given ? v->num : dflt;
}

int cli_choice(const cli_ctx *cx, cli_optid id, int dflt)
{
    const cli_val *v = cli_get(cx, id);
    return v->given ? v->choice : dflt;
}

mu_rat cli_rat(const cli_ctx *cx, cli_optid id, mu_rat dflt)
{
    const cli_val *v = cli_get(cx, id);
    return v->given ? v->rat : dflt;
}

/* ---- values ---------------------------------------------------------------------- */

bool cli_number(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (*s < '0' || *s > '9')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || errno || v < lo || v > hi)
        return false;
    *out = (uint64_t)v;
    return true;
}

/* "a, b or c" from a vocabulary, for messages. */
static void vocab_list(const char *const *vocab, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; vocab[i] && len < n; i++) {
        const char *sep = i == 0 ? "" : vocab[i + 1] ? ", " : _(" or ");
        int w = snprintf(buf + len, n - len, "%s%s", sep, vocab[i]);
        if (w < 0)
            break;
        len += (size_t)w;
    }
}

/* A word of the vocabulary as a user types it: any case, or the start of
 * exactly one word (an exact match wins: "json" is not "jsonl"). */
static cli_rc set_choice(cli_ctx *cx, const cli_opt *o, cli_val *v,
                         const char *arg)
{
    const char *const *w = o->vocab;
    size_t n = strlen(arg);
    int found = -1, count = 0;
    for (int i = 0; w[i]; i++) {
        if (!strcasecmp(w[i], arg)) {
            v->choice = i;
            return CLI_OK;
        }
        if (n && !strncasecmp(w[i], arg, n)) {
            found = i;
            count++;
        }
    }
    if (count == 1) {
        v->choice = found;
        return CLI_OK;
    }
    char words[256], could[256];
    vocab_list(w, words, sizeof words);
    int nw = 0;
    while (w[nw])
        nw++;
    int near = count ? -1 : cli_suggest(arg, w, NULL, nw);
    if (near >= 0)
        return cli_error(cx, _("%s: --%s takes %s, not '%s': did you mean "
                         "'%s'?"), cx->cmd->name, o->name, words, arg,
                         w[near]);
    if (count == 0)
        return cli_error(cx, _("%s: --%s takes %s, not '%s'"), cx->cmd->name,
                         o->name, words, arg);
    const char *cand[CLI_MAX_OPTS + 1];
    int k = 0;
    for (int i = 0; w[i] && k < CLI_MAX_OPTS; i++)
        if (!strncasecmp(w[i], arg, n))
            cand[k++] = w[i];
    cand[k] = NULL;
    vocab_list(cand, could, sizeof could);
    return cli_error(cx, _("%s: --%s '%s' could be %s: give more of the word "
                     "(it takes %s)"), cx->cmd->name, o->name, arg, could,
                     words);
}

/* A distance's value: more than 0 (o->lo) or 0 and more. */
static cli_rc sign_ok(cli_ctx *cx, const cli_opt *o, const cli_val *v,
                      const char *arg)
{
    if (v->rat.num < 0 || (o->lo > 0 && v->rat.num == 0)) {
        const char *bad = o->bad ? _(o->bad) : o->lo
                          ? _("must be more than 0")
                          : _("must be a distance of 0 or more");
        return cli_error(cx, _("%s: --%s %s, not '%s'"), cx->cmd->name, o->name,
                         bad, arg);
    }
    return CLI_OK;
}

static cli_rc set_rat(cli_ctx *cx, const cli_opt *o, cli_val *v,
                      const char *arg)
{
    mu_error err;
    if (mu_rat_parse(arg, &v->rat, &err) != MU_OK)
        return cli_error(cx, "%s: --%s: %s", cx->cmd->name, o->name, err.msg);
    return sign_ok(cx, o, v, arg);
}

cli_rc cli_length_parse(cli_ctx *cx, const char *what, const char *s,
                        mu_rat *v, int *unit)
{
    size_t end = strlen(s), j = end, k;
    while (j > 0 && ((s[j - 1] >= 'a' && s[j - 1] <= 'z') ||
                     (s[j - 1] >= 'A' && s[j - 1] <= 'Z')))
        j--;
    for (k = j; k > 0 && s[k - 1] == ' '; k--)
        ;
    *unit = CLI_UNIT_NONE;
    if (j < end && !strcasecmp(s + j, "in"))
        *unit = CLI_UNIT_IN;
    else if (j < end && !strcasecmp(s + j, "cm"))
        *unit = CLI_UNIT_CM;
    else if (j < end && k > 0)
        return cli_error(cx, _("%s: %s '%s': a length is a number of inches "
                         "(5, 5in) or centimetres (12.5cm); no unit '%s'"),
                         cx->cmd->name, what, s, s + j);
    char num[64];
    if (*unit == CLI_UNIT_NONE)
        k = end; /* "five": not a number, said as for any number */
    if (k >= sizeof num)
        return cli_error(cx, _("%s: %s '%s' is too long"), cx->cmd->name,
                         what, s);
    memcpy(num, s, k);
    num[k] = '\0';
    mu_error err;
    if (mu_rat_parse(num, v, &err) != MU_OK)
        return cli_error(cx, "%s: %s: %s", cx->cmd->name, what, err.msg);
    return CLI_OK;
}

static cli_rc set_len(cli_ctx *cx, const cli_opt *o, cli_val *v,
                      const char *arg)
{
    char what[48];
    snprintf(what, sizeof what, "--%s", o->name);
    cli_rc rc = cli_length_parse(cx, what, arg, &v->rat, &v->unit);
    if (rc != CLI_OK)
        return rc;
    return sign_ok(cx, o, v, arg);
}

/* Checks and stores the value of option i. */
static cli_rc set_index(cli_ctx *cx, int i, const char *arg)
{
    const cli_opt *o = &cx->cmd->opts[i];
    cli_val *v = &cx->val[i];
    if (o->flags & CLI_REFUSED) { /* its message may name it: "--%s ..." */
        char why[512];
        snprintf(why, sizeof why, _(o->help), o->name);
        return cli_error(cx, "%s: %s", cx->cmd->name, why);
    }
    if ((o->flags & CLI_ONLY) && !cx->terminal)
        return cli_error(cx, _("%s: --%s is for the command line only"),
                         cx->cmd->name, o->name);
    if (v->given && !(o->flags & CLI_REPEAT))
        return cli_error(cx, _("%s: --%s given twice"), cx->cmd->name, o->name);
    v->given = true;
    v->text = arg;
    switch (o->type) {
    case ARG_NUM:
        if (!cli_number(arg, o->lo, o->hi, &v->num))
            return cli_error(cx, _("--%s must be a whole number from %llu to "
                             "%llu, not '%s'"), o->name,
                             (unsigned long long)o->lo,
                             (unsigned long long)o->hi, arg);
        return CLI_OK;
    case ARG_RAT:
        return set_rat(cx, o, v, arg);
    case ARG_LEN:
        return set_len(cx, o, v, arg);
    case ARG_CHOICE:
        return set_choice(cx, o, v, arg);
    default:
        return CLI_OK;
    }
}

/* The option a short letter stands for. */
static int short_index(const cli_command *cmd, int c)
{
    for (int i = 0; cmd->opts[i].name; i++)
        if (cmd->opts[i].shortname == c)
            return i;
    return -1;
}

/* The option of cmd that `name` is likely a misspelling of, or NULL (none
 * when `name` is an option of another command: not a slip). */
static const char *close_option(const cli_command *cmd, const char *name)
{
    for (int k = 0; k < O_COUNT; k++)
        if (!strcmp(cli_optnames[k], name))
            return NULL;
    const char *cand[CLI_MAX_OPTS];
    int n = 0;
    for (int i = 0; cmd->opts[i].name && n < CLI_MAX_OPTS; i++)
        if (cli_opt_shown(&cmd->opts[i]))
            cand[n++] = cmd->opts[i].name;
    int k = cli_suggest(name, cand, NULL, n);
    return k < 0 ? NULL : cand[k];
}

cli_rc cli_set(cli_ctx *cx, const char *name, const char *value)
{
    int i = opt_index(cx->cmd, name);
    if (i < 0 && name[0] && !name[1]) /* "n" for -n */
        i = short_index(cx->cmd, name[0]);
    const char *near = i < 0 ? close_option(cx->cmd, name) : NULL;
    if (near)
        return cli_error(cx, _("%s: unknown option '%s': did you mean '%s'? "
                         "(see 'muster help %s')"), cx->cmd->name, name, near,
                         cx->cmd->name);
    if (i < 0)
        return cli_error(cx, _("%s: unknown option '%s' (see 'muster help %s')"),
                         cx->cmd->name, name, cx->cmd->name);
    if (cx->cmd->opts[i].type == ARG_FLAG) {
        if (value && (!strcmp(value, "0") || !strcmp(value, "false")))
            return CLI_OK;
        if (value && *value && strcmp(value, "1") && strcmp(value, "true"))
            return cli_error(cx, _("%s: --%s takes no value, not '%s'"),
                             cx->cmd->name, name, value);
        return set_index(cx, i, NULL);
    }
    if (!value)
        return cli_error(cx, _("%s: --%s needs a value"), cx->cmd->name, name);
    return set_index(cx, i, value);
}

void cli_operands(const cli_command *cmd, int *min, int *max, char *buf,
                  size_t n)
{
    size_t k = 0;
    bool open = false; /* the optional ones share one pair of brackets */
    *min = *max = 0;
    buf[0] = '\0';
    for (const cli_arg *a = cmd->args; a && a->metavar; a++) {
        *min += !a->optional;
        *max = a->many ? CLI_MAX_OPERANDS : *max + 1;
        if (!a->hidden && k < n)
            k += (size_t)snprintf(buf + k, n - k, "%s%s%s%s", k ? " " : "",
                                  a->optional && !open ? "[" : "", a->metavar,
                                  a->many ? " ..." : "");
        open |= a->optional && !a->hidden;
    }
    if (open && k < n)
        snprintf(buf + k, n - k, "]");
}

static cli_rc operand(cli_ctx *cx, const char *word)
{
    int min, max;
    char text[80];
    cli_operands(cx->cmd, &min, &max, text, sizeof text);
    if (cx->noperands >= max)
        return cli_error(cx, _("%s: unexpected argument '%s' (see 'muster help "
                         "%s')"), cx->cmd->name, word, cx->cmd->name);
    cx->operand[cx->noperands++] = word;
    return CLI_OK;
}

/* ---- argv -------------------------------------------------------------------------- */

/* getopt_long's values: VAL_LONG + the option's index; short letters are
 * themselves (below 256, so that optopt tells them apart). */
enum { VAL_LONG = 256, VAL_HELP = VAL_LONG + CLI_MAX_OPTS };

/* The long options and short letters of a command, for getopt_long. */
static void getopt_tables(const cli_command *cmd, struct option *lo,
                          char *shorts, size_t nshorts)
{
    size_t k = 0, s = 0;
    shorts[s++] = 'h';
    for (int i = 0; cmd->opts[i].name; i++) {
        const cli_opt *o = &cmd->opts[i];
        int has = o->type == ARG_FLAG ? no_argument : required_argument;
        lo[k++] = (struct option){o->name, has, NULL, VAL_LONG + i};
        if (o->shortname && s + 3 < nshorts) {
            shorts[s++] = o->shortname;
            if (has)
                shorts[s++] = ':';
        }
    }
    lo[k++] = (struct option){"help", no_argument, NULL, VAL_HELP};
    lo[k] = (struct option){NULL, 0, NULL, 0};
    shorts[s] = '\0';
}

/* Whether another command of the same group ("campaign ...") takes --opt:
 * then this one "does not take" it, rather than not knowing it. */
static bool sibling_takes(const cli_command *cmd, const char *opt)
{
    size_t g = strcspn(cmd->name, " "), n = strcspn(opt, "=");
    if (!cmd->name[g])
        return false;
    for (int i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        if (c == cmd || strncmp(c->name, cmd->name, g + 1))
            continue;
        for (int j = 0; c->opts[j].name; j++)
            if (!(c->opts[j].flags & CLI_REFUSED) &&
                strlen(c->opts[j].name) == n &&
                !strncmp(c->opts[j].name, opt, n))
                return true;
    }
    return false;
}

static cli_rc bad_option(cli_ctx *cx, char **argv)
{
    const char *name = cx->cmd->name;
    if (optopt && optopt < 256)
        return cli_error(cx, _("%s: unknown option or missing value: -%c (see "
                         "'muster help %s')"), name, optopt, name);
    const char *opt = argv[optind - 1];
    char own[64];
    snprintf(own, sizeof own, "%.*s", (int)strcspn(opt ? opt + 2 : "", "="),
             opt ? opt + 2 : "");
    bool unknown = opt && !strncmp(opt, "--", 2) &&
                   opt_index(cx->cmd, own) < 0;
    if (unknown && sibling_takes(cx->cmd, opt + 2))
        return cli_error(cx, _("%s does not take --%.*s (see 'muster help %s')"),
                         name, (int)strcspn(opt + 2, "="), opt + 2, name);
    const char *near = unknown ? close_option(cx->cmd, own) : NULL;
    if (near)
        return cli_error(cx, _("%s: unknown option --%s: did you mean '--%s'? "
                         "(see 'muster help %s')"), name, own, near, name);
    return cli_error(cx, _("%s: unknown option or missing value: %s (see "
                     "'muster help %s')"), name, opt ? opt : "?", name);
}

static cli_rc check(cli_ctx *cx);

cli_rc cli_parse_argv(cli_ctx *cx, int argc, char **argv)
{
    struct option lo[CLI_MAX_OPTS + 2];
    char shorts[2 * CLI_MAX_OPTS + 2];
    getopt_tables(cx->cmd, lo, shorts, sizeof shorts);
    optind = 0; /* glibc's full reset: a parse cut short mid "-abc" leaves
                   a pointer into its argv behind, which 1 would reuse */
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, shorts, lo, NULL)) != -1) {
        cli_rc rc;
        if (c == VAL_HELP || c == 'h') {
            cx->help = true;
            continue;
        }
        if (c == '?' || c == ':')
            return bad_option(cx, argv);
        if (c >= VAL_LONG && c < VAL_LONG + CLI_MAX_OPTS) /* a long option */
            rc = set_index(cx, c - VAL_LONG, optarg);
        else
            rc = set_index(cx, short_index(cx->cmd, c), optarg);
        if (rc != CLI_OK)
            return rc;
    }
    if (cx->help)
        return CLI_OK;
    for (int i = optind; i < argc; i++)
        if (operand(cx, argv[i]) != CLI_OK)
            return CLI_INPUT;
    return check(cx);
}

/* ---- rules across options ------------------------------------------------------------- */

/* Two options of one group given: the group's message, or a plain one. */
static cli_rc check_group(cli_ctx *cx, int first)
{
    const cli_opt *opts = cx->cmd->opts;
    int g = opts[first].group, given = 0, a = -1, b = -1;
    for (int i = first; opts[i].name; i++)
        if (opts[i].group == g && cx->val[i].given) {
            given++;
            if (a < 0)
                a = i;
            else if (b < 0)
                b = i;
        }
    if (given < 2)
        return CLI_OK;
    if (opts[first].conflict)
        return cli_error(cx, _(opts[first].conflict), cx->cmd->name);
    return cli_error(cx, _("%s: give --%s or --%s, not both"), cx->cmd->name,
                     opts[a].name, opts[b].name);
}

/* Whether option i, or one of its group, is given. */
static bool group_given(const cli_ctx *cx, int i)
{
    const cli_opt *opts = cx->cmd->opts;
    if (!opts[i].group)
        return cx->val[i].given;
    for (int j = 0; opts[j].name; j++)
        if (opts[j].group == opts[i].group && cx->val[j].given)
            return true;
    return false;
}

/* After all options: operand count, required options, exclusive groups. */
static cli_rc check(cli_ctx *cx)
{
    const cli_command *cmd = cx->cmd;
    int min, max;
    char text[80];
    cli_operands(cmd, &min, &max, text, sizeof text);
    if (cx->noperands < min)
        return cli_error(cx, _("%s: give %s (see 'muster help %s')"), cmd->name,
                         text, cmd->name);
    for (int i = 0; cmd->opts[i].name; i++) {
        const cli_opt *o = &cmd->opts[i];
        if ((o->flags & CLI_REQUIRED) && !group_given(cx, i)) {
            if (o->missing)
                return cli_error(cx, _(o->missing), cmd->name);
            return cli_error(cx, _("%s: --%s is required (see 'muster help %s')"),
                             cmd->name, o->name, cmd->name);
        }
    }
    for (int i = 0; cmd->opts[i].name; i++) {
        bool first = cmd->opts[i].group > 0;
        for (int j = 0; first && j < i; j++)
            first = cmd->opts[j].group != cmd->opts[i].group;
        if (first && check_group(cx, i) != CLI_OK)
            return CLI_INPUT;
    }
    return CLI_OK;
}

/* ---- front ends ---------------------------------------------------------------------------- */

const cli_command *cli_find(const char *name)
{
    for (int i = 0; cli_commands[i]; i++)
        if (!strcmp(cli_commands[i]->name, name))
            return cli_commands[i];
    return NULL;
}

const cli_group *cli_find_group(const char *name)
{
    for (int i = 0; cli_groups[i]; i++)
        if (!strcmp(cli_groups[i]->name, name))
            return cli_groups[i];
    return NULL;
}

const cli_opt *cli_opt_find(const cli_command *cmd, const char *name)
{
    int i = opt_index(cmd, name);
    return i < 0 ? NULL : &cmd->opts[i];
}

bool cli_opt_shown(const cli_opt *o)
{
    return !(o->flags & (CLI_REFUSED | CLI_HIDDEN));
}

bool cli_local_option(const char *name)
{
    if (!strcmp(name, "help")) /* the engine's own: the terminal's help */
        return true;
    for (int i = 0; cli_commands[i]; i++) {
        const cli_opt *o = cli_opt_find(cli_commands[i], name);
        if (o && (o->flags & (CLI_LOCAL | CLI_ONLY)))
            return true;
    }
    return false;
}

/* The run functions faces installed: set once at start, read after. */
#define CLI_MAX_INSTALLED 8
static struct {
    const cli_command *cmd;
    cli_rc (*run)(cli_ctx *cx);
} installed[CLI_MAX_INSTALLED];

bool cli_install(const cli_command *cmd, cli_rc (*run)(cli_ctx *cx))
{
    if (cmd->run)
        return false;
    for (int i = 0; i < CLI_MAX_INSTALLED; i++)
        if (!installed[i].cmd || installed[i].cmd == cmd) {
            installed[i].cmd = cmd;
            installed[i].run = run;
            return true;
        }
    return false;
}

cli_rc cli_run(cli_ctx *cx)
{
    if (cx->cmd->run)
        return cx->cmd->run(cx);
    for (int i = 0; i < CLI_MAX_INSTALLED && installed[i].cmd; i++)
        if (installed[i].cmd == cx->cmd)
            return installed[i].run(cx);
    return cli_error(cx, _("%s is not in this build of muster"), cx->cmd->name),
           CLI_FAIL;
}

static char *buf_give(mu_buf *b)
{
    char *s = b->len ? b->p : NULL;
    if (!s)
        free(b->p);
    *b = (mu_buf){0};
    return s;
}

cli_rc cli_invoke(const cli_shared *sh, const char *command,
                  const char *const *names, const char *const *values,
                  size_t n, char **out, char **err, cli_why *why)
{
    *out = *err = NULL;
    if (why)
        *why = (cli_why){.reason = MU_R_NONE, .request_key = why->request_key,
                         .request_what = why->request_what};
    const cli_command *cmd = cli_find(command);
    /* On the stack (2.5 KB): a server calls this for every request, and a
     * block that size costs malloc a consolidation of its small bins. */
    cli_ctx ctx, *cx = &ctx;
    if (!cmd) {
        *err = strdup("unknown command");
        return CLI_INPUT;
    }
    cli_ctx_init(cx, cmd, false);
    cx->shared = sh;
    if (why) {
        cx->request_key = why->request_key;
        cx->request_what = why->request_what;
    }
    cli_rc rc = CLI_OK;
    if (cmd->flags & CLI_ONLY)
        rc = cli_error(cx, _("%s is for the command line only"), cmd->name);
    for (size_t i = 0; i < n && rc == CLI_OK; i++) {
        rc = names[i] && *names[i] ? cli_set(cx, names[i], values[i])
                                   : operand(cx, values[i] ? values[i] : "");
        if (rc != CLI_OK && why && names[i] && *names[i])
            why->option = names[i];
    }
    if (rc == CLI_OK)
        rc = check(cx);
    if (rc == CLI_OK)
        rc = cli_run(cx);
    if (why && rc != CLI_OK) {
        why->reason = cx->reason;
        why->hint = cli_hint(cx->reason);
    }
    if (why) {
        why->appended = cx->appended;
        memcpy(why->first, cx->app_first, sizeof why->first);
        memcpy(why->last, cx->app_last, sizeof why->last);
    }
    *out = buf_give(&cx->out);
    *err = buf_give(&cx->err);
    cli_ctx_free(cx);
    return rc;
}
