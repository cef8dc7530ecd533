/* SPDX-License-Identifier: MIT */
/* handoff.c -- the everyday `muster` (built with MUSTER_LIGHT) runs every
 * command but those whose libraries it does not link, which would take
 * most of its start-up (bench/run measures it): drawing and serving
 * (CLI_FULL: src/draw/, cairo and pango; web/, libmicrohttpd) go to
 * `muster-full`, the campaign's commands (src/campaign/: SQLite,
 * libsodium) to `muster-ledger`, by exec: same process, same arguments.
 * muster-ledger, built the same way, hands drawing on to muster-full. */
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef MUSTER_FULL_REL
#define MUSTER_FULL_REL "../libexec/muster"
#endif

/* Tries dir/rel/tool; returns only if it cannot be run. */
static void try_exec(const char *dir, const char *rel, const char *tool,
                     char **argv)
{
    char path[PATH_MAX];
    int n = snprintf(path, sizeof path, "%s/%s%s%s", dir, rel, *rel ? "/" : "",
                     tool);
    if (n > 0 && (size_t)n < sizeof path && access(path, X_OK) == 0)
        execv(path, argv);
}

/* Runs tool with argv in place of this process: installed, from
 * bindir/MUSTER_FULL_REL; in a build tree or from libexec/muster/ itself,
 * from beside this program. */
static int run_tool(const char *tool, const char *what, char **argv)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        fprintf(stderr, "muster: cannot find %s: /proc/self/exe: %s\n", tool,
                strerror(errno));
        return CLI_FAIL;
    }
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (slash)
        *slash = '\0';
    try_exec(self, MUSTER_FULL_REL, tool, argv);
    try_exec(self, "", tool, argv);
    fprintf(stderr, "muster: this command %s, which %s does; it is not "
                    "installed next to %s/muster (in %s/" MUSTER_FULL_REL
                    "): reinstall muster\n", what, tool, self, self);
    return CLI_FAIL;
}

int cli_run_full(char **argv)
{
    return run_tool("muster-full", "draws or serves", argv);
}

int cli_run_ledger(char **argv)
{
    return run_tool("muster-ledger", "keeps a campaign's ledger", argv);
}
