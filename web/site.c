/* SPDX-License-Identifier: MIT */
/* site.c -- the page's files (muster-site/, built by wasm/) for
 * `muster serve`, which serves them at /: the folder beside the tool
 * (a build tree) or its installed place, share/muster/site. */
#include "web.h"
#include "cli.h" /* cli_beside_exe */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *web_site_find(char *buf, size_t n)
{
    /* beside the tool (build/), or from libexec/muster/ and bin/ */
    static const char *const rel[] = {"/muster-site", "/../../share/muster/site",
                                      "/../share/muster/site"};
    return cli_beside_exe(buf, n, rel, sizeof rel / sizeof *rel);
}

/* Only the folder's own plain names: no slash, no leading dot. */
static bool plain_name(const char *name)
{
    if (!*name || *name == '.' || strlen(name) > 64)
        return false;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (*p >= '0' && *p <= '9') || *p == '.' || *p == '-' || *p == '_'))
            return false;
    return true;
}

static const char *type_of(const char *name)
{
    static const struct { const char *ext, *type; } types[] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".wasm", "application/wasm"},
        {".webmanifest", "application/manifest+json"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
    };
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof *types; i++)
        if (!strcmp(dot, types[i].ext))
            return types[i].type;
    return "application/octet-stream";
}

bool web_site_file(const char *dir, const char *name, bool gzip,
                   char **body, size_t *len, const char **type, bool *gzipped)
{
    if (!*name)
        name = "index.html";
    if (!dir || !plain_name(name))
        return false;
    char path[PATH_MAX];
    mu_error err;
    *type = type_of(name);
    /* the build's FILE.gz, when the browser takes gzip (wasm/site.cmake) */
    int w = snprintf(path, sizeof path, "%s/%s.gz", dir, name);
    *gzipped = gzip && w > 0 && (size_t)w < sizeof path &&
               mu_file_read(path, body, len, &err) == MU_OK;
    if (*gzipped)
        return true;
    w = snprintf(path, sizeof path, "%s/%s", dir, name);
    return w > 0 && (size_t)w < sizeof path &&
           mu_file_read(path, body, len, &err) == MU_OK;
}
