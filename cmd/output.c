/* SPDX-License-Identifier: MIT */
/* output.c -- streamed output: records written to stdout as they are made
 * (cli.h: cli_stream_write), so a command's output need not fit in memory. */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

mu_status cli_stream_write(void *ctx, const char *text, size_t len,
                           mu_error *err)
{
    cli_ctx *cx = ctx;
    while (len) {
        ssize_t n = write(STDOUT_FILENO, text, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            cx->out_errno = n < 0 ? errno : EIO;
            return mu_error_set(err, MU_EIO, MU_R_NONE,
                                "writing the output: %s",
                                strerror(cx->out_errno));
        }
        text += n;
        len -= (size_t)n;
    }
    return MU_OK;
}

cli_rc cli_stream_fail(cli_ctx *cx, const mu_error *err)
{
    if (cx->out_errno == EPIPE)
        return CLI_OK;
    return cli_fail(cx, err);
}
