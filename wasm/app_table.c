/* SPDX-License-Identifier: MIT */
/* app_table.c -- the offline app's command table: the calculators of
 * cmd/ (division, corps, battle, fire, curve, odds, sim), run by the same
 * engine and code as the CLI's, without the commands that need a file
 * system, a terminal, a campaign, cairo or a server. */
#include "cli.h"

const cli_command *const cli_commands[] = {
    &cmd_division, &cmd_corps, &cmd_battle, &cmd_fire, &cmd_curve,
    &cmd_odds_division, &cmd_odds_corps, &cmd_odds_battle, &cmd_odds_fire,
    &cmd_odds_charge,
    &cmd_sim_division, &cmd_sim_corps, &cmd_sim_fire,
    NULL};

const cli_group *const cli_groups[] = {&grp_odds, &grp_sim, NULL};
