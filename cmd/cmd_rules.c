/* SPDX-License-Identifier: MIT */
/* cmd_rules.c -- muster rules show | check | dump. */
#include "opts.h"

#include <stdlib.h>
#include <string.h>

static const char *const show_formats[] = {"text", "markdown", NULL};
static const char *const show_kinds[] = {"tables", "weapons", NULL};
static const char *const check_kinds[] = {"tables", "labels", "weapons", NULL};

static const cli_opt show_opts[] = {
    OPT_RULES_TABLES,
    {.name = "kind", .type = ARG_CHOICE, .vocab = show_kinds, .metavar = "K",
     .help = N_("tables (weapons are shown by 'muster curve')")},
    OPT_FORMAT(show_formats, "text (default) or markdown"),
    {0}};

static const cli_opt check_opts[] = {
    {.name = "kind", .type = ARG_CHOICE, .vocab = check_kinds, .metavar = "K",
     .help = N_("tables, labels or weapons; told from the file when not given "
             "(a slope, max_range or curve key means weapons)")},
    {0}};

static const char *const export_to[] = {"foundry", "csv", "markdown", "app",
                                        NULL};

static const cli_opt export_opts[] = {
    OPT_RULES_TABLES,
    {.name = "to", .type = ARG_CHOICE, .vocab = export_to, .metavar = "T",
     .flags = CLI_REQUIRED,
     .help = N_("foundry (Foundry VTT RollTable JSON), csv, markdown or app "
             "(the offline app's form of a tables, labels or weapons file)"),
     .missing = N_("rules export: say where the tables go: --to foundry, csv, "
                "markdown or app")},
    {.name = "table", .type = ARG_TEXT, .metavar = "NAME",
     .help = N_("only this table, named by its section in the rules file "
             "(leader.union.1861-1863); foundry then writes one RollTable, "
             "as the VTT imports it")},
    {.name = "kind", .type = ARG_CHOICE, .vocab = check_kinds, .metavar = "K",
     .help = N_("with --to app: tables, labels or weapons; told from FILE as "
             "check tells it (without FILE: the built-in tables, or weapons)")},
    {0}};

static const char *const dump_kinds[] = {"tables", "weapons", "labels",
                                         NULL};

static const cli_opt dump_opts[] = {
    {.name = "kind", .type = ARG_CHOICE, .vocab = dump_kinds, .metavar = "K",
     .help = N_("tables (default), weapons, or labels: a labels file to fill in "
             "from the rulebook, a line for every strength the tables can "
             "give (those of --rules FILE, if given)")},
    OPT_RULES_TABLES,
    {0}};

/* What kind of file a text is, by its lines: labels when its first
 * [section] is a morale, weapons when it has curve keys (which no tables
 * or labels file has), else tables. */
static const char *guess_kind(const char *text)
{
    bool first = true, weapons = false;
    for (const char *p = text; p; p = strchr(p, '\n')) {
        p += *p == '\n';
        p += strspn(p, " \t");
        if (*p == '[' && first) {
            first = false;
            size_t len = strcspn(p + 1, "].\n");
            if ((len == 5 && !strncmp(p + 1, "green", 5)) ||
                (len == 7 && !strncmp(p + 1, "veteran", 7)) ||
                (len == 5 && !strncmp(p + 1, "crack", 5)))
                return "labels";
        }
        size_t n = strcspn(p, " \t=\n");
        if ((n == 5 && !strncmp(p, "slope", 5)) ||
            (n == 9 && !strncmp(p, "max_range", 9)) ||
            (n == 5 && !strncmp(p, "curve", 5)))
            weapons = true;
    }
    return weapons ? "weapons" : "tables";
}

/* Loads text as a file of its kind, to check it. */
static mu_status parse_kind(const char *path, const char *text, size_t len,
                            const char *kind, mu_error *err)
{
    mu_status st;
    if (!strcmp(kind, "tables")) {
        mu_rules *r = NULL;
        st = mu_rules_parse(text, len, path, &r, err);
        mu_rules_free(r);
    } else if (!strcmp(kind, "labels")) {
        mu_labels *l = NULL;
        st = mu_labels_parse(text, len, path, &l, err);
        mu_labels_free(l);
    } else {
        mu_weapons *w = NULL;
        st = mu_weapons_parse(text, len, path, &w, err);
        mu_weapons_free(w);
    }
    return st;
}

/* The file is read once (a pipe cannot be read twice), through the one
 * size-limited reader, and its kind told from the text. */
static cli_rc run_check(cli_ctx *cx)
{
    const char *path = cx->operand[0];
    mu_error err = {0};
    char *text;
    size_t len;
    if (mu_file_read(path, &text, &len, &err) != MU_OK)
        return cli_fail(cx, &err);
    int k = cli_choice(cx, O_kind, -1);
    const char *kind = k >= 0 ? check_kinds[k] : guess_kind(text);
    mu_status st = parse_kind(path, text, len, kind, &err);
    free(text);
    if (st != MU_OK)
        return cli_fail(cx, &err);
    mu_buf_printf(&cx->out, _("%s: ok (%s)\n"), path, kind);
    return cx->out.oom ? cli_out(cx, "") : CLI_OK;
}

/* What rules export (but --to app), rules show and rules dump --kind
 * labels write from the tables in use (--rules FILE or the built-in): the
 * command is told by the options it takes. */
static cli_rc from_rules(cli_ctx *cx)
{
    const mu_render_opts fmt = {.format = cli_format(cx)};
    mu_error err = {0};
    const mu_rules *r = NULL;
    char *text = NULL;
    mu_labels *l = NULL; /* none: these commands take no --labels */
    mu_status st = cli_rules(cx, &r, &l, &err);
    if (st == MU_OK && cli_takes(cx, O_to) && cli_takes(cx, O_table)) {
        int to = cli_choice(cx, O_to, 0);
        st = mu_rules_export(r, (mu_rules_to)(MU_RULES_TO_FOUNDRY + to),
                             cli_str(cx, O_table), &text, &err);
    } else if (st == MU_OK && cli_takes(cx, O_format)) {
        st = mu_rules_render(r, &fmt, &text, &err);
    } else if (st == MU_OK) {
        st = mu_labels_template(r, &text, &err);
    }
    cli_rules_free(cx, r);
    if (st != MU_OK)
        return cli_fail(cx, &err);
    return cli_take(cx, text);
}

static cli_rc run_show(cli_ctx *cx)
{
    if (cli_choice(cx, O_kind, 0) == 1)
        return cli_error(cx, _("rules show: weapons are shown by 'muster curve "
                         "--weapon W' (or 'muster rules dump --kind "
                         "weapons')"));
    return from_rules(cx);
}

/* --to app: FILE (or --rules FILE, or a built-in file) checked, then
 * written in the form the offline app reads. */
static cli_rc export_app(cli_ctx *cx)
{
    int k = cli_choice(cx, O_kind, -1);
    const char *path = cx->noperands ? cx->operand[0] : cli_str(cx, O_rules);
    mu_error err = {0};
    char *text = NULL, *out = NULL;
    size_t len;
    if (!path && k == 1)
        return cli_error(cx, _("rules export: labels have no built-in file: "
                         "name one"));
    if (path && mu_file_read(path, &text, &len, &err) != MU_OK)
        return cli_fail(cx, &err);
    const char *t = path ? text
                    : k == 2 ? mu_weapons_default_text(&len)
                             : mu_rules_default_text(&len);
    const char *kind = k >= 0 ? check_kinds[k]
                       : path ? guess_kind(t) : "tables";
    const char *name = path ? path
                       : !strcmp(kind, "weapons") ? "<built-in linear-fire.ini>"
                                                   : "<built-in fire-and-fury.ini>";
    mu_status st = parse_kind(name, t, len, kind, &err);
    if (st == MU_OK)
        st = mu_ini_export_app(t, len, name, &out, &err);
    free(text);
    if (st != MU_OK)
        return cli_fail(cx, &err);
    return cli_take(cx, out);
}

static cli_rc run_export(cli_ctx *cx)
{
    if (cli_choice(cx, O_to, 0) == 3)
        return export_app(cx);
    if (cx->noperands || cli_has(cx, O_kind))
        return cli_error(cx, _("rules export: FILE and --kind are for --to app; "
                         "name a tables file with --rules"));
    return from_rules(cx);
}

static cli_rc run_dump(cli_ctx *cx)
{
    int kind = cli_choice(cx, O_kind, 0);
    if (kind != 2 && cli_has(cx, O_rules))
        return cli_error(cx, _("rules dump: --rules FILE goes with --kind labels "
                         "(the tables and weapons dumped are the built-in "
                         "ones)"));
    if (kind == 1)
        return cli_out(cx, mu_weapons_default_text(NULL));
    if (kind == 0)
        return cli_out(cx, mu_rules_default_text(NULL));
    return from_rules(cx);
}

const cli_command cmd_rules_show = {
    .name = "rules show",
    .summary = N_("print the generation tables"),
    .doc = N_("Prints the generation tables as in the seed article (the built-in\n"
           "ones, or FILE's).\n"),
    .opts = show_opts,
    .run = run_show};

static const cli_arg check_args[] = {{.metavar = "FILE", .type = OPD_FILE},
                                     {0}};
static const cli_arg export_args[] = {
    {.metavar = "FILE", .type = OPD_FILE, .optional = true}, {0}};

const cli_command cmd_rules_check = {
    .name = "rules check",
    .summary = N_("validate a tables, labels or weapons file"),
    .doc = N_("Validates a file: every table covers 01-00 exactly once, outcomes\n"
           "and sections are known, every army, theater and year has its\n"
           "tables; a labels file has worn/spent pairs that make sense; a\n"
           "weapons file (fire curves) has a slope and max range or another\n"
           "curve (bands, points, polynomial) for every curve, P within\n"
           "0..100 %, and guns whose loads exist. Errors say file:line.\n"),
    .opts = check_opts,
    .run = run_check,
    .args = check_args};

const cli_command cmd_rules_export = {
    .name = "rules export",
    .summary = N_("write the generation tables for a VTT, a spreadsheet or a forum"),
    .doc = N_("Writes every d100 table of the rules in use (the built-in ones, or\n"
           "FILE's) for other tools, one row a band of faces, 00 read as 100:\n"
           "--to foundry gives Foundry VTT RollTable JSON (formula 1d100; with\n"
           "--table one RollTable, as the VTT's Import Data takes it, else an\n"
           "array of them), csv a row a band, markdown a table a table.\n"
           "--to app checks FILE (a tables, labels or weapons file; without\n"
           "it --rules FILE, or the built-in tables, or --kind weapons) and\n"
           "writes its keys in the form the offline app reads: it parses no\n"
           "INI. Open the result in the app's house-rules box; muster takes\n"
           "it wherever it takes the INI file.\n"),
    .opts = export_opts,
    .run = run_export,
    .args = export_args};

const cli_command cmd_rules_dump = {
    .name = "rules dump",
    .summary = N_("print the built-in tables or weapons file"),
    .doc = N_("Prints the built-in tables file (--kind weapons: the weapons\n"
           "file), to copy and edit. --kind labels prints a labels file to\n"
           "fill in from the rulebook (muster ships none of its values): a\n"
           "commented line for every strength, from the largest the tables\n"
           "give down to 3. A strength a labels file has no line for takes\n"
           "the worn and spent of the nearest line of its morale, with a\n"
           "warning.\n"),
    .opts = dump_opts,
    .run = run_dump};

const cli_group grp_rules = {
    .name = "rules",
    .summary = N_("show or check rules, weapons and labels files"),
    .doc = N_("show    prints the generation tables as in the seed article.\n"
           "check   validates a tables, labels or weapons file (file:line).\n"
           "dump    prints a built-in file, to copy and edit.\n"
           "export  writes the tables for Foundry VTT, as CSV or Markdown, or a\n"
           "        file for the offline app.\n"),
    .missing = N_("rules: say 'show', 'check FILE', 'dump' or 'export' (see "
               "'muster help rules')"),
    .unknown = N_("rules: unknown or misused '%s': say 'show', 'check FILE', "
               "'dump' or 'export'")};
