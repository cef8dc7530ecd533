/* SPDX-License-Identifier: MIT */
/* table.c -- the command table, from CLI_COMMAND_LIST and CLI_GROUP_LIST
 * (cli.h): the tool's, or with MUSTER_APP_TABLE the offline app's
 * (wasm/), the calculators only. */
#include "cli.h"

#ifdef MUSTER_APP_TABLE
#define CLI_IN_1(x) x,
#define CLI_IN_0(x)
#define CLI_CMD_REF(id, app) CLI_IN_##app(&cmd_##id)
#define CLI_GRP_REF(id, app) CLI_IN_##app(&grp_##id)
#else
#define CLI_CMD_REF(id, app) &cmd_##id,
#define CLI_GRP_REF(id, app) &grp_##id,
#endif

const cli_command *const cli_commands[] = {CLI_COMMAND_LIST(CLI_CMD_REF) NULL};
const cli_group *const cli_groups[] = {CLI_GROUP_LIST(CLI_GRP_REF) NULL};
