/* SPDX-License-Identifier: MIT */
/* table.c -- the command table: every command and every word that groups
 * subcommands. Each command's options are in its cli/cmd_*.c (or web/);
 * this list says which commands there are and in what order 'muster --help',
 * the man page and the completions list them. */
#include "cli.h"

/* Every command, in the order 'muster --help' lists them. */
const cli_command *const cli_commands[] = {
    &cmd_division, &cmd_corps, &cmd_battle, &cmd_fire, &cmd_curve,
    &cmd_rules_show, &cmd_rules_check, &cmd_rules_dump, &cmd_rules_export,
    &cmd_odds_division, &cmd_odds_corps, &cmd_odds_battle, &cmd_odds_fire,
    &cmd_odds_charge,
    &cmd_plot_curves, &cmd_plot_figure, &cmd_plot_card, &cmd_plot_odds_division,
    &cmd_plot_odds_corps, &cmd_plot_odds_fire, &cmd_plot_odds_charge,
    &cmd_plot_sim_division, &cmd_plot_sim_corps, &cmd_plot_sim_fire,
    &cmd_sim_division, &cmd_sim_corps, &cmd_sim_fire,
    &cmd_campaign_new, &cmd_campaign_add, &cmd_campaign_engage,
    &cmd_campaign_reveal, &cmd_campaign_verify, &cmd_campaign_battle_start,
    &cmd_campaign_battle_end,
    &cmd_campaign_casualties, &cmd_campaign_name, &cmd_campaign_prisoners, &cmd_campaign_exchange,
    &cmd_campaign_liberate, &cmd_campaign_camp, &cmd_campaign_leader_lost,
    &cmd_campaign_penalty,
    &cmd_campaign_downgrade, &cmd_campaign_show, &cmd_campaign_log,
    &cmd_campaign_report,
    &cmd_campaign_check, &cmd_campaign_contribute, &cmd_campaign_advance,
    &cmd_campaign_export, &cmd_campaign_backup, &cmd_campaign_import,
    &cmd_campaign_head,
    &cmd_campaign_undo,
    &cmd_campaign_links,
    &cmd_roster, &cmd_serve,
    NULL};

const cli_group *const cli_groups[] = {&grp_rules, &grp_odds, &grp_sim,
                                       &grp_plot, &grp_plot_odds,
                                       &grp_plot_sim, &grp_campaign,
                                       &grp_campaign_battle, NULL};
