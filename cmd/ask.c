/* SPDX-License-Identifier: MIT */
/* ask.c -- --ask: dice typed at the table, one prompt a roll (libedit on a
 * terminal). The offline app has no terminal: its dice are typed in the
 * page and given as --rolls. Compiled twice (CMD_FULL_NAMES): the everyday
 * `muster` does not link libedit and the three libraries it brings, and
 * hands --ask on a terminal to muster-full (cli/main.c); what it reads
 * itself is a pipe or a file, line by line. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef MUSTER_LIGHT
#include <editline/readline.h>
#endif

/* The longest answer read for a roll: a prompt never holds more than a
 * line, so standard input without a newline (/dev/zero) ends at once. */
enum { ASK_LINE_MAX = 1024 };

/* One line of standard input into buf (ASK_LINE_MAX + 1 bytes), the
 * newline dropped: its length, -1 at the end of input, -2 when the line is
 * longer than ASK_LINE_MAX (nothing more of it is read). */
static int read_answer(char *buf)
{
    int n = 0, ch;
    while ((ch = getchar()) != EOF && ch != '\n') {
        if (n == ASK_LINE_MAX)
            return -2;
        buf[n++] = (char)ch;
    }
    if (ch == EOF && n == 0)
        return -1;
    buf[n] = '\0';
    return n;
}

#ifdef MUSTER_LIGHT
static mu_status ask_tty(const char *prompt, int *roll)
{
    (void)prompt;
    (void)roll;
    return MU_ENOROLL; /* not reached: a terminal's --ask is muster-full's */
}
#else
/* On a terminal, a person typing: a bad entry is said and asked again. */
static mu_status ask_tty(const char *prompt, int *roll)
{
    for (;;) {
        char *line = readline(prompt);
        if (!line)
            return MU_ENOROLL;
        mu_error e;
        mu_status st = strlen(line) > ASK_LINE_MAX
                           ? mu_error_set(&e, MU_EINPUT, MU_R_NONE, "that "
                                          "line is longer than %d "
                                          "characters", ASK_LINE_MAX)
                           : mu_roll_parse(line, roll, &e);
        if (st == MU_OK && *line)
            add_history(line);
        free(line);
        if (st == MU_OK)
            return MU_OK;
        fprintf(stderr, _("muster: %s; try again\n"), e.msg);
    }
}
#endif

/* --ask: one prompt per roll, on the terminal through libedit when there is
 * one, else from standard input line by line (pipes, tests). On a terminal
 * bad entries are asked again; from anything else (a program, a file) a bad
 * line is an error, as asking again would never end. End of input is an
 * error. Only argv reaches it (CLI_ONLY). */
static mu_status ask_roll(void *ud, const char *label, int *roll, mu_error *err)
{
    (void)ud;
    char prompt[320];
    snprintf(prompt, sizeof prompt, _("%s (d100): "), label);
    bool tty = isatty(STDIN_FILENO);
    char line[ASK_LINE_MAX + 1];
    int n = -1;
    mu_error e;
    if (tty) {
        if (ask_tty(prompt, roll) == MU_OK)
            return MU_OK;
    } else {
        fputs(prompt, stderr);
        fflush(stderr);
        n = read_answer(line);
        if (n >= 0 && mu_roll_parse(line, roll, &e) == MU_OK)
            return MU_OK;
        fputc('\n', stderr); /* the error starts a line of its own */
    }
    if (n == -2)
        return mu_error_set(err, MU_EINPUT, MU_R_NONE, _("the answer for %s "
                            "is longer than %d characters: give each roll "
                            "1..100 on a line of its own"), label, ASK_LINE_MAX);
    if (n >= 0)
        return mu_error_set(err, MU_EINPUT, MU_R_NONE, _("the answer for %s: %s"),
                            label, e.msg);
    return mu_error_set(err, MU_ENOROLL, MU_R_NONE, _("input ended before the "
                        "roll for %s: type each roll 1..100 (00 = 100)"), label);
}

mu_status cli_ask_dice(mu_dice **out, mu_error *err)
{
#ifndef MUSTER_LIGHT
    rl_outstream = stderr; /* prompts never mix with results on stdout */
#endif
    return mu_dice_new_callback(ask_roll, NULL, out, err);
}
