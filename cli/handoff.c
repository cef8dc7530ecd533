/* SPDX-License-Identifier: MIT */
/* handoff.c -- the everyday `muster` (built with MUSTER_LIGHT) runs every
 * command but those whose libraries it does not link, which would take
 * most of its start-up (bench/run measures it): drawing and serving
 * (CLI_FULL: src/draw/, cairo and pango; web/, libmicrohttpd) go to
 * `muster-full`, by exec: same process, same arguments. */
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

/* Runs muster-full with argv in place of this process: installed, from
 * bindir/MUSTER_FULL_REL; in a build tree or from libexec/muster/ itself,
 * from beside this program. */
int cli_run_full(char **argv)
{
    static const char tool[] = "muster-full";
    char self[PATH_MAX];
    if (!cli_exe_dir(self, sizeof self)) {
        fprintf(stderr, _("muster: cannot find %s: /proc/self/exe: %s\n"),
                tool, strerror(errno));
        return CLI_FAIL;
    }
    try_exec(self, MUSTER_FULL_REL, tool, argv);
    try_exec(self, "", tool, argv);
    fprintf(stderr, _("muster: this command draws or serves, which "
                      "muster-full does; it is not installed next to "
                      "%s/muster (in %s/%s): reinstall muster\n"),
            self, self, MUSTER_FULL_REL);
    return CLI_FAIL;
}
