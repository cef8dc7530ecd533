/* SPDX-License-Identifier: MIT */
/* app_ask.c -- --ask in the offline app, where cmd/ask.c (libedit) is not:
 * the option is the command line's only (CLI_ONLY), so this is never
 * reached; the page's typed dice go in as --rolls. */
#include "cli.h"

mu_status cli_ask_dice(mu_dice **out, mu_error *err)
{
    *out = NULL;
    return mu_error_set(err, MU_EINPUT, MU_R_NONE,
                        "the app asks for no rolls: type them as rolls");
}
