/* SPDX-License-Identifier: MIT */
/* campaign_cmd.h -- what the files of `campaign`'s commands share
 * (cmd_campaign.c, cmd_prisoners.c): option entries every subcommand has,
 * and the run of a subcommand that writes one event. */
#ifndef MUSTER_CMD_CAMPAIGN_CMD_H
#define MUSTER_CMD_CAMPAIGN_CMD_H

#include "opts.h"

#define CAMP_AS                                                                \
    {.name = "as", .type = ARG_CHOICE, .vocab = cli_armies, .metavar = "SIDE", \
     .help = N_("act for one side: nothing about the other side's unrevealed "    \
             "divisions is told or changed (default: the umpire, who sees "    \
             "all)")}
/* The formats of a campaign command's answer (cmd_campaign.c). */
extern const char *const cli_text_json[];
#define CAMP_FORMAT OPT_FORMAT(cli_text_json, "text (default) or json")
#define CAMP_SIDE(req)                                                         \
    {.name = "side", .type = ARG_CHOICE, .vocab = cli_armies, .metavar = "S",  \
     .flags = (req), .help = N_("union or confederate")}

/* Opens FILE (the first operand) acting as --as says, its events recorded
 * at campaign_now ($MUSTER_NOW or the clock); `read`: for reading only
 * (works on a read-only or full file system, writes nothing). */
cli_rc cli_campaign_open(cli_ctx *cx, mu_campaign **c, bool read);
/* A subcommand's call that writes one event: FILE open, DIV read (when the
 * command has one), the dice made if it takes them; *ev the event. */
typedef mu_status (*cli_event_fn)(mu_campaign *c, cli_ctx *cx, int div,
                                  mu_dice *d, int64_t *ev, mu_error *err);
/* Runs fn on FILE (reading DIV and checking --brigade when the command has
 * them) and keeps its event as the log shows it (cmd_campaign.c). */
cli_rc cli_campaign_event(cli_ctx *cx, cli_event_fn fn);

#endif
