/* SPDX-License-Identifier: MIT */
/* test_cli_engine.c -- the command table's engine through cli_invoke, the
 * entry point of every front end but argv: {option: value} pairs checked by
 * the same rules as the command line, the result and the error in buffers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../cmd/cli.h"
#include "../web/web.h"

typedef struct call {
    cli_rc rc;
    char *out, *err;
} call;

/* Runs cmd with "name=value" words ("name" alone: a flag; "=value": an
 * operand). */
static call run(const char *cmd, ...)
{
    const char *names[16], *values[16];
    char buf[16][128];
    size_t n = 0;
    va_list ap;
    va_start(ap, cmd);
    for (const char *w; n < 16 && (w = va_arg(ap, const char *)); n++) {
        snprintf(buf[n], sizeof buf[n], "%s", w);
        char *eq = strchr(buf[n], '=');
        if (eq)
            *eq = '\0';
        names[n] = buf[n];
        values[n] = eq ? eq + 1 : NULL;
    }
    va_end(ap);
    call c;
    c.rc = cli_invoke(NULL, cmd, names, values, n, &c.out, &c.err, NULL);
    return c;
}

static void done(call *c)
{
    free(c->out);
    free(c->err);
}

static void expect_error(call c, cli_rc rc, const char *msg)
{
    assert_int_equal(c.rc, rc);
    assert_null(c.out);
    assert_non_null(c.err);
    if (!strstr(c.err, msg))
        fail_msg("'%s' does not say '%s'", c.err, msg);
    done(&c);
}

static void result_in_buffer(void **state)
{
    (void)state;
    call c = run("division", "army=confederate", "year=1863", "theater=east",
                 "rolls=50,50,50,50,50,50,50,50,80,50,50,50,44", NULL);
    assert_int_equal(c.rc, CLI_OK);
    assert_null(c.err);
    assert_non_null(strstr(c.out, "Confederate infantry division"));
    done(&c);
    c = run("fire", "weapon=musket", "range=5", "figures=11", "no-roll",
            "format=json", NULL);
    assert_int_equal(c.rc, CLI_OK);
    assert_non_null(strstr(c.out, "\"hits\":\tnull"));
    done(&c);
}

static void same_rules_as_argv(void **state)
{
    (void)state;
    expect_error(run("fire", "weapon=musket", "range=5", "figures=11",
                     "figures=12", NULL),
                 CLI_INPUT, "fire: --figures given twice");
    expect_error(run("division", "army=union", "year=+1863", NULL), CLI_INPUT,
                 "--year must be a whole number from 1861 to 1865");
    expect_error(run("division", "army=union", "seed= 1", NULL), CLI_INPUT,
                 "--seed must be a whole number");
    expect_error(run("division", "army=yankee", NULL), CLI_INPUT,
                 "--army takes union or confederate, not 'yankee'");
    expect_error(run("odds division", "army=union", "format=jsonl", NULL),
                 CLI_INPUT, "--format takes text, json, csv or markdown");
    expect_error(run("division", "year=1863", NULL), CLI_INPUT,
                 "choose a side with --army");
    expect_error(run("division", "army=union", "colour=blue", NULL),
                 CLI_INPUT, "unknown option 'colour'");
    expect_error(run("division", "army=union", "seed=1", "rolls=5", NULL),
                 CLI_INPUT, "choose one dice source");
    expect_error(run("division", "army=union", "divisions=2", NULL),
                 CLI_INPUT, "--divisions and --cavalry belong to 'corps'");
    expect_error(run("fire", "weapon=musket", "range=5", "ranges=5,6",
                     "figures=1", NULL),
                 CLI_INPUT, "give --range or --ranges, not both");
    expect_error(run("nothing", NULL), CLI_INPUT, "unknown command");
    expect_error(run("serve", "port=0", NULL), CLI_INPUT,
                 "serve is for the command line only");
}

static void names_flags_operands(void **state)
{
    (void)state;
    /* any case, a unique start; flags take true/false */
    call c = run("division", "army=Conf", "theater=W", "year=1864",
                 "by-the-book=true", "seed=7", "format=JSON", NULL);
    assert_int_equal(c.rc, CLI_OK);
    assert_non_null(strstr(c.out, "\"army\":\t\"confederate\""));
    done(&c);
    c = run("division", "army=union", "seed=7", "by-the-book=false", NULL);
    assert_int_equal(c.rc, CLI_OK);
    done(&c);
    expect_error(run("division", "army=union", "by-the-book=maybe", NULL),
                 CLI_INPUT, "takes no value");
    expect_error(run("division", "army=union", "count", NULL), CLI_INPUT,
                 "--count needs a value");
    /* the terminal is argv's alone */
    expect_error(run("division", "army=union", "ask", NULL), CLI_INPUT,
                 "--ask is for the command line only");
    /* -n by its letter; operands by position */
    c = run("sim fire", "weapon=musket", "range=5", "figures=11", "n=1000",
            "seed=1", "threads=1", NULL);
    assert_int_equal(c.rc, CLI_OK);
    done(&c);
    expect_error(run("rules check", NULL), CLI_INPUT, "give FILE");
    expect_error(run("rules check", "=a.ini", "=b.ini", NULL), CLI_INPUT,
                 "unexpected argument 'b.ini'");
    expect_error(run("rules check", "=/nonexistent/x.ini", NULL), CLI_FAIL,
                 "cannot open");
}

static void every_command_has_a_sane_table(void **state)
{
    (void)state;
    for (int i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        assert_non_null(c->summary);
        /* a face's command (serve) gets its run function at start */
        assert_true(c->run || (c->flags & CLI_ONLY));
        int n = 0;
        for (const cli_opt *o = c->opts; o->name; o++, n++) {
            assert_true(n < CLI_MAX_OPTS);
            assert_true(o->type != ARG_CHOICE || o->vocab);
            assert_true(o->type != ARG_NUM || o->lo <= o->hi);
            assert_true((o->flags & CLI_REFUSED) || o->help);
            for (const cli_opt *p = c->opts; p < o; p++)
                if (!strcmp(p->name, o->name))
                    fail_msg("%s: --%s twice in its table", c->name, o->name);
        }
        mu_buf b = {0};
        assert_true(cli_help_text(c->name, &b));
        assert_false(b.oom);
        free(b.p);
    }
}

/* ---- the web's routes are the table's ---------------------------------- */

/* The routes the web answered before they came from the table: the table
 * must keep giving exactly these (a new one is a change of this list). */
static const char *const api_routes[] = {
    "division", "corps", "battle", "fire", "curve", "odds/division",
    "odds/corps", "odds/battle", "odds/fire", "odds/charge", "sim/division",
    "sim/corps", "sim/fire", "campaign/show", "campaign/log", "campaign/report",
    "campaign/prisoners", "campaign/add", "campaign/engage", "campaign/reveal",
    "campaign/battle/start", "campaign/battle/end", "campaign/casualties",
    "campaign/exchange", "campaign/liberate", "campaign/leader-lost",
    "campaign/penalty", "campaign/downgrade", "campaign/camp",
    "campaign/advance", "campaign/undo", "campaign/contribute",
    "campaign/name", "campaign/import", NULL};
/* The options a web client may not give, likewise. */
static const char *const web_refused[] = {"ask", "rules", "labels", "help",
                                          "threads", "commitment", "salt",
                                          "out", "from", NULL};

static bool listed(const char *const *list, const char *s)
{
    for (int i = 0; list[i]; i++)
        if (!strcmp(list[i], s))
            return true;
    return false;
}

static void path_of(const cli_command *c, char *path, size_t n)
{
    snprintf(path, n, "%s", c->name);
    for (char *p = path; *p; p++)
        if (*p == ' ')
            *p = '/';
}

static int api_status(const char *path, bool post, const web_arg *args,
                      size_t nargs, char **body)
{
    web_call wc = {.path = path, .args = args, .nargs = nargs,
                     .post = post, .viewer = MU_SIDE_NONE,
                     .campaign = "/nonexistent/muster-test.db"};
    web_reply r;
    web_api(&wc, &r);
    if (body)
        *body = r.body;
    else
        free(r.body);
    return r.status;
}

/* Every command that may run from the web has its route and its method (a
 * writing command POST only, the rest GET only); the others have none. */
static void web_routes_are_the_table(void **state)
{
    (void)state;
    int web = 0;
    for (int i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        char path[64];
        path_of(c, path, sizeof path);
        bool on = (c->flags & CLI_WEB) != 0;
        assert_int_equal(on, listed(api_routes, path));
        web += on;
        bool writes = (c->flags & CLI_WRITES) != 0;
        char *body = NULL;
        int wrong = api_status(path, !writes, NULL, 0, &body);
        if (!on) {
            assert_int_equal(wrong, 404);
            assert_int_equal(api_status(path, writes, NULL, 0, NULL), 404);
        } else {
            assert_int_equal(wrong, 405);
            assert_non_null(strstr(body, writes ? "use POST" : "use GET"));
            /* a writing command is one on the campaign file */
            assert_true(!writes || (c->flags & CLI_CAMPAIGN));
        }
        free(body);
    }
    int n = 0;
    while (api_routes[n])
        n++;
    assert_int_equal(web, n);
    assert_int_equal(api_status("odds fire", false, NULL, 0, NULL), 404);
    assert_int_equal(api_status("", false, NULL, 0, NULL), 404);
}

/* An import's body is the sheet itself (CLI_BODY), no other route's; it
 * is the umpire's (CLI_UMPIRE): a side's link is refused before the
 * campaign is opened. */
static void web_import_route(void **state)
{
    (void)state;
    assert_string_equal(web_api_body_option("campaign/import"), "sheet");
    for (int i = 0; api_routes[i]; i++)
        if (strcmp(api_routes[i], "campaign/import"))
            assert_null(web_api_body_option(api_routes[i]));
    assert_null(web_api_body_option("campaign/nothing"));
    web_arg a = {"sheet", "side,division\nunion,Buford\n"};
    web_call wc = {.path = "campaign/import", .args = &a, .nargs = 1,
                   .post = true, .viewer = MU_SIDE_UNION,
                   .campaign = "/nonexistent/muster-test.db"};
    web_reply r;
    web_api(&wc, &r);
    assert_int_equal(r.status, 403);
    assert_non_null(strstr(r.body, "campaign/import: the umpire's link only"));
    free(r.body);
    for (int i = 0; cli_commands[i]; i++)
        assert_true(!(cli_commands[i]->flags & CLI_UMPIRE) ||
                    (cli_commands[i]->flags & CLI_WEB));
}

/* The options marked local are the ones refused, on every web command. */
static void web_refuses_local_options(void **state)
{
    (void)state;
    for (int i = 0; web_refused[i]; i++)
        assert_true(cli_local_option(web_refused[i]));
    for (int i = 0; cli_commands[i]; i++) {
        const cli_command *c = cli_commands[i];
        for (const cli_opt *o = c->opts; o->name; o++) {
            bool local = (o->flags & (CLI_LOCAL | CLI_ONLY)) != 0;
            if (local && !listed(web_refused, o->name))
                fail_msg("%s: --%s is local but not refused", c->name,
                         o->name);
            assert_int_equal(cli_local_option(o->name),
                             listed(web_refused, o->name));
            if (!(c->flags & CLI_WEB) || !local)
                continue;
            char path[64], *body = NULL;
            path_of(c, path, sizeof path);
            web_arg a = {o->name, "x"};
            int st = api_status(path, (c->flags & CLI_WRITES) != 0, &a, 1,
                                &body);
            if (c->flags & CLI_CAMPAIGN) { /* no campaign file here: 404 or
                                              the refusal first */
                assert_true(st == 400 || st == 500);
            } else {
                assert_int_equal(st, 400);
            }
            if (st == 400)
                assert_non_null(strstr(body, "not an option of the web API"));
            free(body);
        }
    }
    assert_false(cli_local_option("seed"));
    assert_false(cli_local_option("army"));
}

/* optnames.h holds exactly the options the tables have: each table name
 * has its id, and each id names an option of some table. */
static void option_ids_are_the_tables(void **state)
{
    (void)state;
    bool used[O_COUNT] = {false};
    for (int i = 0; cli_commands[i]; i++)
        for (const cli_opt *o = cli_commands[i]->opts; o->name; o++) {
            int k = 0;
            while (k < O_COUNT && strcmp(cli_optnames[k], o->name))
                k++;
            if (k == O_COUNT)
                fail_msg("%s: --%s has no id in cmd/optnames.h",
                         cli_commands[i]->name, o->name);
            used[k] = true;
        }
    for (int k = 0; k < O_COUNT; k++) {
        if (!used[k])
            fail_msg("cmd/optnames.h: no table has --%s", cli_optnames[k]);
        if (k > 0)
            assert_true(strcmp(cli_optnames[k - 1], cli_optnames[k]) < 0);
    }
    assert_string_equal(cli_optnames[O_by_the_book], "by-the-book");
}

/* Did you mean: one slip in a word of up to six letters, two in a longer
 * one, none when two words are as close or the word is another command's
 * option. */
static void suggestions(void **state)
{
    (void)state;
    const char *const words[] = {"division", "corps", "battle", "seed",
                                 "rolls", "sim"};
    assert_int_equal(cli_suggest("divison", words, NULL, 6), 0);
    assert_int_equal(cli_suggest("DIVISON", words, NULL, 6), 0);
    assert_int_equal(cli_suggest("sead", words, NULL, 6), 3);
    assert_int_equal(cli_suggest("crops", words, NULL, 6), 1); /* a swap */
    assert_int_equal(cli_suggest("batle", words, NULL, 6), 2);
    assert_int_equal(cli_suggest("xyz", words, NULL, 6), -1);
    assert_int_equal(cli_suggest("", words, NULL, 6), -1);
    assert_int_equal(cli_suggest("sm", words, NULL, 6), 5);
    assert_int_equal(cli_suggest("muster", (const char *const[]){"roster"},
                                 NULL, 1), -1); /* two slips in six letters */
    assert_int_equal(cli_suggest("divisoin", words, NULL, 6), 0);
    const char *const two[] = {"seed", "seen"};
    assert_int_equal(cli_suggest("seex", two, NULL, 2), -1);
    const size_t lens[] = {4, 4};
    const char *const cut[] = {"odds fire", "fire odds"};
    assert_int_equal(cli_suggest("odd", cut, lens, 2), 0);
    expect_error(run("division", "sead=7", NULL), CLI_INPUT,
                 "division: unknown option 'sead': did you mean 'seed'?");
    expect_error(run("division", "zzzz=7", NULL), CLI_INPUT,
                 "division: unknown option 'zzzz' (see");
    expect_error(run("sim division", "army=union", "rolls=1", NULL), CLI_INPUT,
                 "sim division: unknown option 'rolls' (see");
}

/* The synopsis and the counts come from the operands alone. */
static void expect_operands(const char *name, const char *text, int min,
                            int max)
{
    const cli_command *c = cli_find(name);
    assert_non_null(c);
    int lo, hi;
    char buf[80];
    cli_operands(c, &lo, &hi, buf, sizeof buf);
    assert_string_equal(buf, text);
    assert_int_equal(lo, min);
    assert_int_equal(hi, max);
}

static void operands_from_their_kinds(void **state)
{
    (void)state;
    expect_operands("campaign verify", "[FILE DIV]", 0, 2);
    expect_operands("campaign undo", "FILE [EVENT]", 1, 2);
    expect_operands("campaign name", "FILE DIV NAME", 3, 3);
    expect_operands("plot curves", "[W ...]", 0, CLI_MAX_OPERANDS);
    expect_operands("curve", "", 0, 1); /* B of --crossover A B */
    expect_operands("division", "", 0, 0);
    expect_error(run("campaign engage", "=x.db", NULL), CLI_INPUT,
                 "campaign engage: give FILE DIV (see 'muster help");
    expect_error(run("campaign undo", "=x.db", "=1", "=2", NULL), CLI_INPUT,
                 "campaign undo: unexpected argument '2'");
}

/* Every command of the table has its synopsis in the man page and its arm
 * in each shell's completions: neither keeps a list of its own. */
static void every_command_in_man_and_completions(void **state)
{
    (void)state;
    mu_buf man = {0}, sh[3] = {{0}};
    const char *shells[] = {"bash", "zsh", "fish"};
    cli_man_synopsis(&man);
    for (int k = 0; k < 3; k++)
        assert_true(cli_completion(shells[k], &sh[k]));
    for (int i = 0; cli_commands[i]; i++) {
        char want[96];
        /* the man page's words escape '-' */
        snprintf(want, sizeof want, "muster %s", cli_commands[i]->name);
        if (!strchr(want, '-') && !strstr(man.p, want))
            fail_msg("%s: not in the man page's synopsis", want);
        snprintf(want, sizeof want, "\"%s\")", cli_commands[i]->name);
        assert_non_null(strstr(sh[0].p, want));
        assert_non_null(strstr(sh[1].p, want));
        snprintf(want, sizeof want, "__muster_is \"%s\"",
                 cli_commands[i]->name);
        assert_non_null(strstr(sh[2].p, want));
    }
    free(man.p);
    for (int k = 0; k < 3; k++)
        free(sh[k].p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(result_in_buffer),
        cmocka_unit_test(same_rules_as_argv),
        cmocka_unit_test(names_flags_operands),
        cmocka_unit_test(every_command_has_a_sane_table),
        cmocka_unit_test(web_routes_are_the_table),
        cmocka_unit_test(web_refuses_local_options),
        cmocka_unit_test(web_import_route),
        cmocka_unit_test(option_ids_are_the_tables),
        cmocka_unit_test(suggestions),
        cmocka_unit_test(operands_from_their_kinds),
        cmocka_unit_test(every_command_in_man_and_completions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
