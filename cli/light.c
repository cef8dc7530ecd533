/* light.c -- what makes the muster tool start fast (built into `muster`
 * only, with MUSTER_LIGHT; `muster-full` is the same tool without it).
 *
 * Loading a shared library costs a process about 5 % of an empty start,
 * and cairo + pango (with glib, harfbuzz, fontconfig, freetype, X11...) and
 * libmicrohttpd (with gnutls and its crypto) are about 45 of them, which
 * only drawing and serving use. So `muster` links none of them: it runs
 * every command but those marked CLI_FULL, which it hands to muster-full
 * by exec (same process, same arguments), and its copies of the five
 * drawing and eight serving entry points below only say that they are
 * not here; the linker then leaves plot_draw.c, roster_draw.c, http.c and
 * qr.c, and their libraries, out. cJSON is loaded when first used
 * (light_json.c). bench/run measures the difference: 55 shared libraries
 * for muster-full, none for muster, which is linked whole as a static-pie
 * where the archives allow (CMakeLists.txt; else 2, libc and libm). */
#include "cli.h"
#include "muster.h"
#include "web.h"

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

/* Never reached: their commands are CLI_FULL and run in muster-full. */
static mu_status not_here(mu_error *err)
{
    return mu_error_set(err, MU_EINTERNAL, MU_R_NONE, "drawing and serving "
                        "are in muster-full, not in this tool");
}

mu_status mu_chart_draw(const mu_chart *c, void *cr, double width,
                        double height, mu_error *err)
{
    (void)c, (void)cr, (void)width, (void)height;
    return not_here(err);
}

mu_status mu_chart_render(const mu_chart *c, mu_plot_format f,
                          unsigned char **out, size_t *len, mu_error *err)
{
    (void)c, (void)f, (void)out, (void)len;
    return not_here(err);
}

mu_status mu_chart_write(const mu_chart *c, const char *path, mu_error *err)
{
    (void)c, (void)path;
    return not_here(err);
}

mu_status mu_roster_render(const mu_roster *r, const mu_roster_opts *o,
                           mu_write_fn write, void *ud,
                           mu_roster_stats *stats, mu_error *err)
{
    (void)r, (void)o, (void)write, (void)ud, (void)stats;
    return not_here(err);
}

mu_status mu_roster_draw_page(const mu_roster *r, const mu_roster_opts *o,
                              int page, void *cr,
                              mu_roster_stats *stats, mu_error *err)
{
    (void)r, (void)o, (void)page, (void)cr, (void)stats;
    return not_here(err);
}

mu_status web_server_new(const web_config *cfg, web_server **out,
                         mu_error *err)
{
    (void)cfg;
    *out = NULL;
    return not_here(err);
}

void web_server_free(web_server *s)
{
    (void)s;
}

const char *web_server_token(const web_server *s, web_viewer v)
{
    (void)s, (void)v;
    return NULL;
}

mu_status web_server_listen(web_server *s, const struct sockaddr *addr,
                            unsigned *port, mu_error *err)
{
    (void)s, (void)addr, (void)port;
    return not_here(err);
}

void web_server_stop(web_server *s, unsigned grace_ms)
{
    (void)s, (void)grace_ms;
}

mu_status web_server_start_external(web_server *s, mu_error *err)
{
    (void)s;
    return not_here(err);
}

mu_status web_server_feed(web_server *s, const uint8_t *data, size_t len,
                          char **out, size_t *outlen)
{
    (void)s, (void)data, (void)len, (void)out, (void)outlen;
    return MU_EINTERNAL;
}

mu_status web_qr_print(FILE *f, const char *text, mu_error *err)
{
    (void)f, (void)text;
    return not_here(err);
}
