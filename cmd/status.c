/* SPDX-License-Identifier: MIT */
/* status.c -- the exit status of a library status: 2 for bad input, 1 for
 * a failure (a file that cannot be read or written, memory, a check that
 * failed, a bug). Kept alone so that tests/test_cli_status.c can check it. */
#include "cli.h"

cli_rc cli_exit_code(mu_status st)
{
    switch (st) {
    case MU_OK:
        return CLI_OK;
    case MU_EINPUT:  /* an argument, file content, roll or JSON */
    case MU_ENOROLL: /* the rolls given ran out */
    case MU_ESTATE:  /* asked for what the campaign's state does not allow */
        return CLI_INPUT;
    case MU_EIO: case MU_ENOMEM: case MU_EMISMATCH: case MU_EINTERNAL:
        return CLI_FAIL;
    }
    return CLI_FAIL;
}
