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
    c.rc = cli_invoke(cmd, names, values, n, &c.out, &c.err);
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
        assert_non_null(c->run);
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
        cli_buf b = {0};
        assert_true(cli_help_text(c->name, &b));
        assert_false(b.oom);
        free(b.s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(result_in_buffer),
        cmocka_unit_test(same_rules_as_argv),
        cmocka_unit_test(names_flags_operands),
        cmocka_unit_test(every_command_has_a_sane_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
