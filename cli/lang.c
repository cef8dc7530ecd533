/* SPDX-License-Identifier: MIT */
/* lang.c -- the tool's language: the messages of LC_MESSAGES (LANG,
 * LC_ALL, LANGUAGE) from the "muster" catalogue, found beside the tool so
 * that a build tree and an installed tree in any prefix both find theirs.
 * Only the messages follow the locale: numbers in JSON and CSV, and every
 * other category, stay as in the C locale. */
#include <libintl.h>
#include <limits.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void cli_lang_init(void);

#ifndef MUSTER_LOCALEDIR /* CMake defines it; a build without, the default */
#define MUSTER_LOCALEDIR "/usr/local/share/locale"
#endif

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The catalogues: $MUSTER_LOCALEDIR, else build/locale beside the built
 * tool, else share/locale above bin/ or libexec/muster/, else the place
 * the build was configured to install them. */
static void locale_dir(char *buf, size_t n)
{
    const char *env = getenv("MUSTER_LOCALEDIR");
    if (env && *env) {
        snprintf(buf, n, "%s", env);
        return;
    }
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            static const char *const up[] = {"/locale", "/../share/locale",
                                             "/../../share/locale"};
            for (size_t i = 0; i < sizeof up / sizeof *up; i++) {
                snprintf(buf, n, "%s%s", exe, up[i]);
                if (is_dir(buf))
                    return;
            }
        }
    }
    snprintf(buf, n, "%s", MUSTER_LOCALEDIR);
}

void cli_lang_init(void)
{
    if (!setlocale(LC_MESSAGES, ""))
        return; /* an unknown locale: English */
    char dir[PATH_MAX + 32];
    locale_dir(dir, sizeof dir);
    bindtextdomain("muster", dir);
    bind_textdomain_codeset("muster", "UTF-8");
}
