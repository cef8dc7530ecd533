/* SPDX-License-Identifier: MIT */
/* cmd_backup.c -- muster campaign backup FILE OUT: a copy of a campaign
 * that may be in use (mu_campaign_backup). */
#include "campaign_cmd.h"

/* backup FILE OUT [--force]: opened for reading only, so a campaign on a
 * read-only disk copies too; acting for a side (--as) on the umpire's
 * file is refused by the library, which keeps the secrets. */
static cli_rc run_backup(cli_ctx *cx)
{
    mu_error err = {0};
    mu_campaign *c = NULL;
    cli_rc rc = cli_campaign_open(cx, &c, true);
    if (rc != CLI_OK)
        return rc;
    if (mu_campaign_backup(c, cx->operand[1], cli_has(cx, O_force),
                                &err) != MU_OK)
        rc = cli_fail(cx, &err);
    else {
        mu_buf_printf(&cx->out, _("%s: a copy of %s as it stood when the "
                                  "copy began\n"),
                      cx->operand[1], cx->operand[0]);
        rc = cli_out(cx, "");
    }
    cli_close_campaign(cx, c);
    return rc;
}

static const cli_arg backup_args[] = {
    {.metavar = "FILE", .type = OPD_FILE},
    {.metavar = "OUT", .type = OPD_FILE},
    {0}};

static const cli_opt backup_opts[] = {
    {.name = "force", .type = ARG_FLAG,
     .help = N_("replace OUT if it exists (the old file stays until the copy "
                "is whole)")},
    {.name = "as", .type = ARG_CHOICE, .vocab = cli_armies, .metavar = "SIDE",
     .help = N_("act for one side: refused on the umpire's file, whose copy "
                "holds both sides' secrets ('export --side' makes a side's "
                "own file)")},
    {0}};

const cli_command cmd_campaign_backup = {
    .name = "campaign backup", .summary = N_("a whole copy, safe while in use"),
    .opts = backup_opts, .run = run_backup,
    .doc = N_("Copies the campaign FILE to OUT as it stood at one moment, even\n"
              "while 'serve' or another command is writing it (SQLite's online\n"
              "backup; the writers go on). OUT is written whole or not at all,\n"
              "and never over an existing file without --force. 'campaign\n"
              "check OUT' checks the copy. Only the umpire copies the umpire's\n"
              "file, which holds both sides' secrets; a player's own file\n"
              "copies as it is.\n"),
    .flags = CLI_CAMPAIGN, .args = backup_args};
