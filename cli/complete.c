/* complete.c -- shell completion scripts and the man page's option lists,
 * generated from the command table. */
#include "cli.h"

#include <string.h>

bool cli_completion(const char *shell, cli_buf *b)
{
    (void)shell;
    (void)b;
    return false;
}

void cli_man_synopsis(cli_buf *b)
{
    (void)b;
}

void cli_man_options(cli_buf *b)
{
    (void)b;
}
