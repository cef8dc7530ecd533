/* SPDX-License-Identifier: MIT */
/* handoff.c -- the everyday `muster` (built with MUSTER_LIGHT) runs every
 * command but those marked CLI_FULL: drawing (plot, roster: src/draw/,
 * cairo and pango) and serving (serve: web/, libmicrohttpd). It does not
 * link those libraries, which would take most of its start-up (bench/run
 * measures both tools), and hands such a command to `muster-full`, the
 * same tool linked with them, by exec: same process, same arguments. */
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef MUSTER_FULL_REL
#define MUSTER_FULL_REL "../libexec/muster"
#endif

/* Tries dir/rel/muster-full; returns only if it cannot be run. */
static void try_exec(const char *dir, const char *rel, char **argv)
{
    char path[PATH_MAX];
    int n = snprintf(path, sizeof path, "%s/%s%smuster-full", dir, rel,
                     *rel ? "/" : "");
    if (n > 0 && (size_t)n < sizeof path && access(path, X_OK) == 0)
        execv(path, argv);
}

/* Runs muster-full with argv in place of this process: installed, from
 * bindir/MUSTER_FULL_REL; in a build tree, from beside this tool. */
int cli_run_full(char **argv)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        fprintf(stderr, "muster: cannot find muster-full: /proc/self/exe: "
                        "%s\n", strerror(errno));
        return CLI_FAIL;
    }
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (slash)
        *slash = '\0';
    try_exec(self, MUSTER_FULL_REL, argv);
    try_exec(self, "", argv);
    fprintf(stderr, "muster: this command draws or serves, which "
                    "muster-full does; it is not installed next to %s/muster "
                    "(in %s/" MUSTER_FULL_REL "): reinstall muster\n",
            self, self);
    return CLI_FAIL;
}
