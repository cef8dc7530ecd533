/* SPDX-License-Identifier: MIT */
/* cli.h -- the muster tool's command table and the engine that parses it.
 * The tool uses only the public header muster.h; this file is private to
 * cmd/ and to the faces built on the same table (cli/, web/).
 *
 * ONE TABLE DRIVES EVERYTHING
 * Each command ("division", "odds fire", "campaign battle start") is a
 * cli_command: its name, its help, its operands and their kinds, what it is
 * to a server (CLI_WEB, CLI_WRITES, CLI_CAMPAIGN) and a table of cli_opt,
 * one per option ({name, type, lo/hi or vocabulary, required/repeatable/
 * exclusive/local, help}). From that table the engine (cmd/engine.c, on
 * getopt_long) parses argv, and the same engine parses {option: value}
 * pairs from any other source (a query string, a JSON body: see
 * cli_invoke). `--help`, `muster help SUB`, the bash/zsh/fish completion
 * scripts, the man page's synopsis and option lists (cmd/help.c,
 * cmd/complete.c) and the web's routes, methods and refusals (web/api.c)
 * come from the same tables, so none of them can drift from what the
 * parser takes.
 *
 * A command never prints: its run() writes its result into cx->out (text
 * made by the library's renderers) and reports errors through cli_error()
 * or cli_fail(), which fill cx->err and return the exit status. The CLI
 * writes cx->out to stdout and "muster: " cx->err to stderr; a web front
 * end sends the same text back in its answer.
 *
 * TO ADD AN OPTION to a command: add a cli_opt line to the command's table
 * (in its cmd/cmd_*.c), its name in optnames.h if it is new, and read it in
 * run() with cli_has/cli_str/cli_num/cli_choice/cli_rat by its id (O_NAME).
 * CLI_LOCAL if a web client may not give it. Nothing else: help,
 * completions and the man page follow (run the `update-man` build target
 * and commit docs/muster.1).
 *
 * TO ADD A COMMAND: write `static cli_rc run_x(cli_ctx *cx)` and a
 * `const cli_command cmd_x = {...}` in a cmd/cmd_*.c and give it its line
 * in CLI_COMMAND_LIST below. A command with subcommands
 * ("odds fire") is a cli_command named "odds fire" plus a cli_group "odds"
 * (summary, help prose, messages for a missing or unknown subcommand); a
 * verb is a subcommand, never an operand. DEVELOPERS.md, "The command
 * table", says the rest.
 *
 * HOW A FRONT END RUNS A COMMAND: cli_invoke() below. It is reentrant (no
 * globals, no getopt), so a server may call it from many threads. */
#ifndef MUSTER_CLI_H
#define MUSTER_CLI_H

#include "muster.h"
#include "optnames.h"

#include <libintl.h>
#include <stdio.h>

/* Help's words in the reader's language (the "muster" catalogue; the tool
 * binds it, cli/lang.c): a message looked up now, and one only marked (the
 * summaries of the table, looked up where help writes them). */
#define _(s) dgettext("muster", s)
#define N_(s) s
/* One of a message's plural forms, by the count n. */
#define PL_(one, many, n) dngettext("muster", one, many, (unsigned long)(n))

/* The one status of the tool: the exit code (DEVELOPERS.md). */
typedef enum cli_rc { CLI_OK = 0, CLI_FAIL = 1, CLI_INPUT = 2 } cli_rc;

/* What an option's value is. Every number goes through one grammar: ASCII
 * digits only (no sign, no blanks), within [lo, hi]. */
typedef enum cli_type {
    ARG_FLAG,   /* no value */
    ARG_TEXT,   /* a word or name, kept as given */
    ARG_FILE,   /* a path (completion offers files) */
    ARG_LIST,   /* a comma-separated list, kept as given ("37,00,5") */
    ARG_NUM,    /* a whole number in [lo, hi] (uint64_t) */
    ARG_RAT,    /* an exact number (mu_rat_parse): lo 0 is >= 0, lo 1 is > 0 */
    ARG_LEN,    /* a length: an ARG_RAT, then "in" or "cm" or nothing (inches);
                   read with cli_len (cmd/fire_opts.c) */
    ARG_CHOICE  /* one word of vocab (any case); the value is its index */
} cli_type;

/* cli_opt.flags */
enum {
    CLI_REQUIRED = 1 << 0, /* must be given (message: .missing) */
    CLI_REPEAT = 1 << 1,   /* may be given twice; the last value counts */
    CLI_REFUSED = 1 << 2,  /* parsed only to refuse it with .help as message */
    CLI_ONLY = 1 << 3,     /* reads the terminal (--ask): argv only */
    CLI_HIDDEN = 1 << 4,   /* left out of help and completions */
    CLI_FULL = 1 << 5,     /* command: draws (cairo, pango) or serves
                              (libmicrohttpd): the muster tool hands it to
                              muster-full, which links them (see "THE TWO
                              TOOLS" below) */
    CLI_LOCAL = 1 << 6,    /* option: names the server's files or chooses
                              what its processors do: a web client may not
                              give it (web/api.c refuses it by this flag) */
    CLI_WEB = 1 << 7,      /* command: answers at /api/NAME (its words
                              joined by '/'): the web's route */
    CLI_WRITES = 1 << 8,   /* command: changes its FILE (on the web: POST
                              only; the rest GET only) */
    CLI_CAMPAIGN = 1 << 9, /* command: its first operand is the campaign
                              FILE (on the web: the served one; acting as
                              the token's viewer, --as) */
    CLI_BODY = 1 << 10,    /* option: on the web, the request's body as
                              sent (text/csv or application/json, not a
                              JSON object of options) is its value */
    CLI_UMPIRE = 1 << 11,  /* command: on the web, the umpire's link only */
    CLI_HEAVY = 1 << 12,   /* command: can run long (a simulation, a chart):
                              on the web, in a bounded queue of its own, so
                              that light calls never wait behind it */
    CLI_DRAWS = 1 << 13    /* option: given, it makes its command draw (a
                              report's --out): `muster` hands the call to
                              muster-full, as for CLI_FULL */
};

/* What an operand is: for completions, the web's names and messages. */
typedef enum cli_argtype {
    OPD_FILE,     /* a path (completion: files) */
    OPD_DIVISION, /* a division's id in the campaign FILE */
    OPD_EVENT,    /* an event's number in the campaign's log */
    OPD_NAME,     /* a name given to something (a battle) */
    OPD_WORD      /* one of .values (completion offers them), or any word */
} cli_argtype;

/* An operand of a command, in order. */
typedef struct cli_arg {
    const char *metavar;         /* "DIV" */
    cli_argtype type;
    const char *key;             /* its name on the web ("div"), or NULL:
                                  FILE of a CLI_CAMPAIGN command is the
                                  served campaign */
    const char *const *values;   /* OPD_WORD: words completion offers */
    bool optional;               /* it and those after it */
    bool many;                   /* the rest of the operands are this too */
    bool hidden;                 /* left out of the synopsis (an option's
                                    second word: --crossover A B) */
    const char *missing;         /* the web: message when not given */
} cli_arg;

/* An option of a command. Designated initialisers keep tables readable. */
typedef struct cli_opt {
    const char *name;          /* long name without "--": "army" */
    char shortname;            /* 'n' for -n, else 0 */
    cli_type type;
    uint64_t lo, hi;           /* ARG_NUM range; ARG_RAT: lo 1 = more than 0 */
    const char *const *vocab;  /* ARG_CHOICE: NULL-terminated words */
    unsigned flags;
    int group;                 /* options of one group (> 0) exclude each other */
    const char *metavar;       /* "N", "FILE" (ARG_CHOICE: the words) */
    const char *help;          /* one line or more; CLI_REFUSED: the message */
    const char *missing;       /* CLI_REQUIRED: message when absent (a printf
                                  format; %s is the command's name); in a
                                  group, one of the group is required */
    const char *conflict;      /* first of a group: message when two are
                                  given (a format like .missing) */
    const char *bad;           /* ARG_RAT: "must be more than 0 inches" */
    const char *const *values; /* ARG_TEXT: words completion offers (any
                                  other word is taken too: --weapon) */
} cli_opt;

#define CLI_MAX_OPTS 48
#define CLI_MAX_OPERANDS 8

/* The value of one option as parsed. */
typedef struct cli_val {
    bool given;
    const char *text; /* as given (borrowed from argv or the caller) */
    uint64_t num;     /* ARG_NUM */
    int choice;       /* ARG_CHOICE: index into vocab */
    mu_rat rat;       /* ARG_RAT; ARG_LEN: the number as given */
    int unit;         /* ARG_LEN: CLI_UNIT_* */
} cli_val;

/* The unit a length was given in: none (inches, as a bare number always
 * was), inches or centimetres. */
enum { CLI_UNIT_NONE = 0, CLI_UNIT_IN, CLI_UNIT_CM };

struct cli_ctx;
typedef struct cli_ctx cli_ctx;

typedef struct cli_command {
    const char *name;       /* "division", "odds fire" */
    const char *summary;    /* one line for 'muster --help' */
    const char *doc;        /* help prose between the synopsis and options (N_()) */
    const cli_opt *opts;    /* ends with {0} (name NULL) */
    cli_rc (*run)(cli_ctx *cx); /* NULL: the face installs it (cli_install) */
    /* a campaign command whose run only writes this event: the run reads
     * FILE, DIV and --brigade first (cmd_campaign.c) */
    mu_status (*event)(mu_campaign *c, cli_ctx *cx, int div, mu_dice *d,
                       int64_t *ev, mu_error *err);
    unsigned flags;         /* CLI_ONLY: argv only (a server, a prompt):
                               cli_invoke refuses it; CLI_FULL, CLI_WEB,
                               CLI_WRITES, CLI_CAMPAIGN */
    const cli_arg *args;    /* its operands, ends with {0}; NULL: none.
                               The synopsis, the counts the engine takes,
                               completions and the web's keys come from it */
} cli_command;

/* A word that only introduces subcommands ("odds", "sim", "campaign"). */
typedef struct cli_group {
    const char *name;
    const char *summary;
    const char *doc;        /* help prose after the subcommands' synopses (N_()) */
    const char *missing;    /* message when no subcommand is given */
    const char *unknown;    /* printf format with %s: an unknown subcommand */
    bool operand_first;     /* deprecated spelling still taken: the first
                               operand before the subcommand ("campaign
                               battle FILE start NAME") */
} cli_group;

/* What a server loads once and lends to every call: the built-in rules and
 * weapons. The library reads them through const pointers only, so calls on
 * several threads share them; a call with --rules still loads its own. */
typedef struct cli_shared {
    mu_rules *rules;
    mu_weapons *weapons;
} cli_shared;

/* Loads the built-in rules and weapons into *sh. */
mu_status cli_shared_load(cli_shared *sh, mu_error *err);
/* Frees what cli_shared_load made; the calls lent it must be over. */
void cli_shared_free(cli_shared *sh);

struct cli_ctx {
    const cli_command *cmd;
    const cli_shared *shared; /* lent by the front end, or NULL */
    cli_val val[CLI_MAX_OPTS];            /* parallel to cmd->opts */
    const char *operand[CLI_MAX_OPERANDS];
    int noperands;
    bool terminal;    /* argv from a person: CLI_ONLY options allowed */
    bool help;        /* -h/--help was given */
    bool has_seed;    /* the seed used, for render options */
    uint64_t seed;
    mu_buf out, err; /* the result text; the error message (no "muster: ") */
    mu_reason reason; /* the library's reason for the error told, if any */
    char near[96];    /* a command's "did you mean" for a name the library
                         did not find (a camp), told after its error */
    bool stream;      /* the tool: many records may go to stdout as made */
    int out_errno;    /* a streamed write failed with this errno (EPIPE:
                         the reader left, a quiet end) */
    const char *request_key, *request_what; /* cli_why's, for cli_campaign_open */
    size_t appended;  /* the events the call recorded (mu_campaign_appended,
                         noted by cli_close_campaign): runs first..last */
    int64_t app_first[MU_APPENDED_RUNS], app_last[MU_APPENDED_RUNS];
};

/* ---- running a command --------------------------------------------------- */

/* Why a call was refused, for a face that words it itself: the library's
 * reason (MU_R_NONE: none given), the option whose value was refused (NULL:
 * none; points into the names given) and the CLI's hint that *err ends
 * with (": hint"; NULL: none). */
typedef struct cli_why {
    mu_reason reason;
    const char *option;
    const char *hint;
    /* the events the call recorded in the campaign, by the ids it wrote
     * (mu_campaign_appended): runs first[i]..last[i], i < appended; another
     * writer's events between are never among them */
    size_t appended;
    int64_t first[MU_APPENDED_RUNS], last[MU_APPENDED_RUNS];
    /* given by the caller, kept: a keyed change (mu_campaign_request_set),
     * the key and the digest of what was asked; NULL: none */
    const char *request_key, *request_what;
} cli_why;
/* Runs `command` ("division", "odds fire") with options given as name/value
 * pairs: names[i] is an option's long name without "--" ("army"), values[i]
 * its value as text (a flag: NULL, "", "1" or "true"; "0" or "false" leave it
 * unset). A NULL or empty name gives an operand, in order. The pairs go
 * through the same checks as argv (types, ranges, vocabularies, "given
 * twice", required, exclusive); CLI_ONLY options (--ask) are refused. The
 * built-in rules and weapons come from sh (NULL: each call loads them).
 * Returns the exit status (0 ok, 1 failure, 2 bad input). *out gets the
 * result text and *err the message (each malloc'd, caller frees; NULL when
 * empty); why (may be NULL) says why, its request_key and request_what
 * read, then kept. Reentrant: safe from several threads at once. */
cli_rc cli_invoke(const cli_shared *sh, const char *command,
                  const char *const *names, const char *const *values,
                  size_t n, char **out, char **err, cli_why *why);

/* Closes a campaign a command opened, noting into cx the events it
 * recorded (cli_why's runs); NULL c is a no-op. */
void cli_close_campaign(cli_ctx *cx, mu_campaign *c);
/* --brigade NAME|K (cmd/brigade.c): cli_brigade_ok checks its digits before
 * the campaign is opened (CLI_OK for a command without it); cli_brigade_of
 * is the brigade of division div it names (0 when not given), a name
 * looked up as the handle acts. */
cli_rc cli_brigade_ok(cli_ctx *cx);
mu_status cli_brigade_of(mu_campaign *c, cli_ctx *cx, int div, int *k,
                         mu_error *err);

/* What cmd's operands come to: how many it takes at least and at most,
 * and their synopsis words ("FILE [EVENT]", "[W ...]", "" for none) into
 * buf. */
void cli_operands(const cli_command *cmd, int *min, int *max, char *buf,
                  size_t n);
/* The command, or the group, called `name`, or NULL. */
const cli_command *cli_find(const char *name);
const cli_group *cli_find_group(const char *name);
/* Option `name` of cmd's table, or NULL. */
const cli_opt *cli_opt_find(const cli_command *cmd, const char *name);
/* Whether an option shows in help, completions, the man page and guesses
 * (not CLI_REFUSED nor CLI_HIDDEN). */
bool cli_opt_shown(const cli_opt *o);
/* Whether some command's option `name` is CLI_LOCAL or CLI_ONLY (or it is
 * "help"): what a client of a server may not give. */
bool cli_local_option(const char *name);
/* Runs cx's command: its run(), or the one a face installed. */
cli_rc cli_run(cli_ctx *cx);
/* A face gives command cmd of the table (whose run is NULL) its run
 * function: the command's description lives in cmd/, its implementation in
 * the face (serve in web/). Call before any command runs; false if cmd
 * has a run function of its own. */
bool cli_install(const cli_command *cmd, cli_rc (*run)(cli_ctx *cx));
/* Operand kinds shared by many commands: FILE (a campaign), FILE DIV;
 * CLI_ARG_DIV is that DIV. */
extern const cli_arg cli_args_campaign[], cli_args_campaign_div[];
#define CLI_ARG_DIV {.metavar = "DIV", .type = OPD_DIVISION, .key = "div", \
    .missing = N_("div: which division? give div=N (its number in the ledger)")}
/* Completion words: the article's figures; cli_weapon_words is empty and
 * marks a weapon's name (help, the man page and completion name the
 * built-in weapons as their rules do: cli_weapon_names). */
extern const char *const cli_weapon_words[], *const cli_figure_words[];
/* The built-in weapons' names in their rules' order, joined by sep: the
 * one list every face shows. */
void cli_weapon_names(mu_buf *b, const char *sep);
/* The table: every command and every group, each ending with NULL. */
extern const cli_command *const cli_commands[];
extern const cli_group *const cli_groups[];

/* ---- the engine (cmd/engine.c) ------------------------------------------- */

/* Starts a context for cmd; terminal says whether CLI_ONLY options count. */
void cli_ctx_init(cli_ctx *cx, const cli_command *cmd, bool terminal);
void cli_ctx_free(cli_ctx *cx);
/* Parses argv (argv[0] is the command's last word) with getopt_long. */
cli_rc cli_parse_argv(cli_ctx *cx, int argc, char **argv);
/* Sets one option by name (value NULL for a flag), as from argv. */
cli_rc cli_set(cli_ctx *cx, const char *name, const char *value);

/* Reading values by the option's id (optnames.h: O_seed for --seed), so a
 * misspelt name fails the build. Naming an option the command's table
 * lacks is a bug: it aborts, so every test that reaches it finds it. */
const cli_val *cli_get(const cli_ctx *cx, cli_optid id);
bool cli_has(const cli_ctx *cx, cli_optid id);
const char *cli_str(const cli_ctx *cx, cli_optid id); /* NULL if absent */
uint64_t cli_num(const cli_ctx *cx, cli_optid id, uint64_t dflt);
int cli_choice(const cli_ctx *cx, cli_optid id, int dflt);
mu_rat cli_rat(const cli_ctx *cx, cli_optid id, mu_rat dflt);
/* Whether the command's table has the option at all (and does not refuse). */
bool cli_takes(const cli_ctx *cx, cli_optid id);

/* Did you mean: the index of the candidate (cand[i], its first lens[i]
 * bytes, or all of it when lens is NULL) that `typed` is most likely a
 * misspelling of (an edit in a word of up to 6 letters, two in a longer
 * one; any case; of two as close, the one as long as `typed`), or -1 when
 * none is, or two are as close (cmd/suggest.c). */
int cli_suggest(const char *typed, const char *const *cand,
                const size_t *lens, int n);

/* One length, "12.5cm", "5 in", "7 1/3": its number into *v and its unit
 * into *unit; `what` names it in the message ("--range"). CLI_INPUT with
 * the message given when it is not a length. */
cli_rc cli_length_parse(cli_ctx *cx, const char *what, const char *s,
                        mu_rat *v, int *unit);

/* One number grammar: ASCII digits only, in [lo, hi]. */
bool cli_number(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

/* The error path. cli_error formats a message into cx->err (the first one
 * wins) and returns CLI_INPUT; cli_fail does so from a library error and
 * returns the status's exit code. */
cli_rc cli_error(cli_ctx *cx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
cli_rc cli_fail(cli_ctx *cx, const mu_error *err);
/* When no error was given, a warning into cx->err ("warning: ...", the
 * exit status unchanged) naming the strengths `l` labelled without a line
 * of their own (mu_labels_missed); nothing when there were none. */
void cli_warn_labels(cli_ctx *cx, const mu_labels *l);
/* The tool's advice for a library error's reason (cmd/hints.c), naming its
 * own commands and options; NULL when it has none. The library never names
 * them: this table is where a reason becomes a CLI hint. cli_fail adds it
 * after the message ("...: hint"). */
const char *cli_hint(mu_reason r);
/* A library message (mu_error.msg) in the reader's language where the
 * catalogue has its sentence (cmd/hints.c), else as it is; into out (of
 * room n). */
void cli_lib_words(const char *msg, char *out, size_t n);
/* A report the library wrote a line at a time (check's), each line in the
 * reader's language as cli_lib_words gives it; adopts text and returns the
 * text to print (text itself when nothing changes or memory runs out). */
char *cli_lib_lines(char *text);
/* 2 for bad input (MU_EINPUT, MU_ENOROLL, MU_ESTATE), 1 for the rest. */
cli_rc cli_exit_code(mu_status st);

/* Appending to the result: text copied; cli_take adopts a malloc'd string
 * (NULL is out of memory). Both return CLI_OK or CLI_FAIL. */
cli_rc cli_out(cli_ctx *cx, const char *text);
cli_rc cli_take(cli_ctx *cx, char *text);

/* ---- shared pieces of commands (cmd/common.c) ---------------------------- */

/* The dice the options ask for: --rolls, --ask or a seed (--seed or drawn
 * from the OS; the seed used goes into cx->seed). */
mu_status cli_dice(cli_ctx *cx, mu_dice **out, mu_error *err);
/* --ask's dice: a prompt for each roll (cmd/ask.c). */
mu_status cli_ask_dice(mu_dice **out, mu_error *err);
/* After rolling: rolls left over from --rolls are an error. */
cli_rc cli_dice_done(cli_ctx *cx, mu_dice *d);
/* Loads --rules (or the built-in tables: the shared ones when the front end
 * lent them) and --labels if given. Give them back with cli_rules_free. */
mu_status cli_rules(const cli_ctx *cx, const mu_rules **rules,
                    mu_labels **labels, mu_error *err);
void cli_rules_free(const cli_ctx *cx, const mu_rules *rules);
/* --format as a mu_format (text when the command has none), and as the
 * word of the command's own list ("oob-csv"; NULL when not given). */
mu_format cli_format(const cli_ctx *cx);
const char *cli_format_word(const cli_ctx *cx);
/* Render options from --format, the labels and the seed. */
mu_render_opts cli_render_opts(const cli_ctx *cx, const mu_labels *l);
/* Weapons from --rules or the built-in file (shared, as cli_rules); give
 * them back with cli_weapons_free. */
mu_status cli_weapons(const cli_ctx *cx, const mu_weapons **w, mu_error *err);
/* "did you mean 'musket'?" for the first weapon the command was given (its
 * --weapon, --gun, --return-fire, --crossover, weapon operands) that the
 * weapons lack and one of theirs is close to, in buf; NULL when none is
 * (cmd/common.c). */
const char *cli_weapon_near(const cli_ctx *cx, char *buf, size_t n);
void cli_weapons_free(const cli_ctx *cx, const mu_weapons *w);
/* The order-of-battle options as mu_oob_opts (those the command has). */
mu_oob_opts cli_oob_opts(const cli_ctx *cx);
/* A number for people: v as "%g" (decimals < 0) or with that many
 * decimals, its decimal point the catalogue's ("63,5" in German, as the
 * library's text renderers write it). Returns buf. Never for JSON, CSV or a
 * file that must read the same in every language. */
const char *cli_decimal_text(double v, int decimals, char *buf, size_t n);

/* A mu_sink_fn writing to standard output (ctx is the cli_ctx): for
 * commands whose output may be larger than memory, when cx->stream is set.
 * A failed write keeps its errno in cx->out_errno and returns MU_EIO with
 * "writing the output: REASON". (cmd/output.c) */
mu_status cli_stream_write(void *ctx, const char *text, size_t len,
                           mu_error *err);
/* After a streamed command failed: a closed pipe is a quiet CLI_OK, any
 * other failure cli_fail(err). */
cli_rc cli_stream_fail(cli_ctx *cx, const mu_error *err);

/* Shared vocabularies (order = the enums they stand for). */
extern const char *const cli_armies[], *const cli_theaters[],
    *const cli_arms[], *const cli_formats[], *const cli_methods[];

/* ---- help, completions and the man page (cmd/help.c) --------------------- */

/* Writes the help of a command or group ("odds") to b; false if unknown. */
bool cli_help_text(const char *name, mu_buf *b);
/* The top-level usage. */
void cli_usage_text(mu_buf *b);
/* Completion scripts: shell is "bash", "zsh" or "fish"; false if unknown. */
bool cli_completion(const char *shell, mu_buf *b);
/* The man page's synopsis, a line a command (roff). */
void cli_man_synopsis(mu_buf *b);
/* The man page at `path` with its generated parts (between '.\" BEGIN
 * GENERATED SYNOPSIS|OPTIONS' and '.\" END GENERATED ...') made anew from
 * the table; false if it cannot be read. The build writes it to
 * build/muster.1; a test fails when docs/muster.1 differs from it. */
bool cli_man_page(const char *path, mu_buf *b);

/* ---- the commands --------------------------------------------------------- */

/* Every command, once, in the order 'muster --help', the man page and the
 * completions list them: X(id, app) for `const cli_command cmd_id`, defined
 * in its cmd/cmd_*.c (serve's and links' run installed by web/), app 1
 * for a calculator the offline app has too (no file system, terminal,
 * campaign, cairo or server). From this list come the declarations below
 * and the tables of cmd/table.c, the tool's and the app's. */
#define CLI_COMMAND_LIST(X) \
    X(division, 1) X(corps, 1) X(battle, 1) X(fire, 1) X(curve, 1) \
    X(rules_show, 0) X(rules_check, 0) X(rules_dump, 0) X(rules_export, 0) \
    X(odds_division, 1) X(odds_corps, 1) X(odds_battle, 1) X(odds_fire, 1) \
    X(odds_charge, 1) \
    X(plot_curves, 0) X(plot_figure, 0) X(plot_card, 0) \
    X(plot_odds_division, 0) X(plot_odds_corps, 0) X(plot_odds_fire, 0) \
    X(plot_odds_charge, 0) X(plot_sim_division, 0) X(plot_sim_corps, 0) \
    X(plot_sim_fire, 0) \
    X(sim_division, 1) X(sim_corps, 1) X(sim_fire, 1) \
    X(campaign_new, 0) X(campaign_add, 0) X(campaign_engage, 0) \
    X(campaign_reveal, 0) X(campaign_verify, 0) X(campaign_battle_start, 0) \
    X(campaign_battle_end, 0) X(campaign_casualties, 0) X(campaign_name, 0) \
    X(campaign_prisoners, 0) X(campaign_exchange, 0) \
    X(campaign_liberate, 0) X(campaign_camp, 0) X(campaign_leader_lost, 0) \
    X(campaign_penalty, 0) X(campaign_downgrade, 0) X(campaign_show, 0) \
    X(campaign_log, 0) X(campaign_report, 0) X(campaign_check, 0) \
    X(campaign_contribute, 0) X(campaign_advance, 0) X(campaign_export, 0) \
    X(campaign_backup, 0) X(campaign_import, 0) X(campaign_head, 0) \
    X(campaign_undo, 0) X(campaign_links, 0) X(roster, 0) X(serve, 0)
/* Every word that groups subcommands, X(id, app) as above. */
#define CLI_GROUP_LIST(X) \
    X(rules, 0) X(odds, 1) X(sim, 1) X(plot, 0) X(plot_odds, 0) \
    X(plot_sim, 0) X(campaign, 0) X(campaign_battle, 0)

#define CLI_DECLARE_CMD(id, app) extern const cli_command cmd_##id;
#define CLI_DECLARE_GRP(id, app) extern const cli_group grp_##id;
CLI_COMMAND_LIST(CLI_DECLARE_CMD)
CLI_GROUP_LIST(CLI_DECLARE_GRP)
#undef CLI_DECLARE_CMD
#undef CLI_DECLARE_GRP

/* THE TWO TOOLS. A command that draws (src/draw/, cairo and pango) or
 * serves (web/, libmicrohttpd) is marked CLI_FULL. The everyday `muster`
 * links neither library, whose loading would be most of a division's or
 * a volley's time, and hands such a command over (cli_run_full) to
 * muster-full, the tool linked with everything. A drawing command names
 * its run function as CLI_FULL_RUN(run_x) and its file (CMD_DRAW_NAMES in
 * CMakeLists.txt) is compiled twice: as it is, and with MUSTER_LIGHT,
 * where the entry keeps its name, help and options (for --help, the man
 * page and the completions) and the file leaves its run functions out
 * (#ifndef MUSTER_LIGHT). `serve` has no run function in cmd/ at all: web/
 * installs it (cli_install), and only muster-full links web/. */
#ifdef MUSTER_LIGHT
#define CLI_FULL_RUN(f) NULL
#else
#define CLI_FULL_RUN(f) f
#endif

/* The folder the running program is in (from /proc/self/exe), in buf;
 * false, errno set, when it cannot be read. The tools find their catalogues,
 * their page and muster-full from there, in a build tree and installed. */
bool cli_exe_dir(char *buf, size_t n);
/* The first of the folders cli_exe_dir + rel[i] (i < k) that exists, in
 * buf; NULL when none does. */
const char *cli_beside_exe(char *buf, size_t n, const char *const *rel,
                           size_t k);

/* In the everyday muster (cli/handoff.c, built with MUSTER_LIGHT): runs
 * muster-full with argv in place of this process, for a CLI_FULL command.
 * Returns only when it cannot (CLI_FAIL, after saying so on stderr). */
int cli_run_full(char **argv);

/* `campaign report --out FILE` or `--charts`: the report drawn or written
 * as a page, or the war's charts as SVG (cmd/report_out.c, with the
 * commands that draw: only muster-full runs it, a CLI_DRAWS option being
 * handed to it). */
cli_rc cli_report_out(cli_ctx *cx, mu_campaign *c);

#endif
