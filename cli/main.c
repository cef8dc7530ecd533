/* main.c -- the muster tool: dispatch to subcommands. */
#include "cli.h"
#include "web.h"

#include <string.h>

static const cli_cmd commands[] = {
    {"division", cmd_division, "generate Fire and Fury divisions", help_division},
    {"corps", cmd_corps, "generate a corps: a leader and its divisions", help_corps},
    {"battle", cmd_battle, "generate both sides of a battle", help_battle},
    {"fire", cmd_fire, "linear firepower: hits from range and figures", help_fire},
    {"curve", cmd_curve, "a weapon's P against range; where two curves cross", help_curve},
    {"rules", cmd_rules, "show or check rules, weapons and labels files", help_rules},
    {"odds", cmd_odds, "exact odds: divisions, corps, fire, charging the guns", help_odds},
    {"sim", cmd_sim, "simulate with the real dice and compare with the odds", help_sim},
    {"campaign", cmd_campaign, "keep a campaign ledger (SQLite)", help_campaign},
    {"serve", cmd_serve, "a page for phones and a JSON API on the network", help_serve},
};
#define NCOMMANDS (sizeof commands / sizeof *commands)

static void usage(FILE *f)
{
    fputs("usage: muster COMMAND [OPTIONS]\n"
          "       muster help COMMAND | --help | --version\n\n"
          "Commands:\n", f);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("\nDice: --seed N repeats a result, --rolls 37,00,5 uses real dice, "
          "--ask prompts for each roll.\n"
          "Exit status: 0 ok, 1 failure, 2 bad input. See muster(1).\n", f);
}

int cli_help(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(name, commands[i].name)) {
            fputs(commands[i].help, stdout);
            return EXIT_OK;
        }
    return cli_usage("no command '%s': run 'muster --help' for the list", name);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_INPUT;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        usage(stdout);
        return EXIT_OK;
    }
    if (!strcmp(cmd, "--version")) {
        printf("muster %s\n", MU_VERSION);
        return EXIT_OK;
    }
    if (!strcmp(cmd, "help")) {
        if (argc < 3) {
            usage(stdout);
            return EXIT_OK;
        }
        return cli_help(argv[2]);
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(cmd, commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    return cli_usage("unknown command '%s': run 'muster --help' for the list",
                     cmd);
}
