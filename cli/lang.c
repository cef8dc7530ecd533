/* SPDX-License-Identifier: MIT */
/* lang.c -- the tool's language: the messages of LC_MESSAGES (LANG,
 * LC_ALL, LANGUAGE) from the "muster" catalogue, found beside the tool so
 * that a build tree and an installed tree in any prefix both find theirs.
 * Only the messages follow the locale: numbers in JSON and CSV, and every
 * other category, stay as in the C locale. */
#include "cli.h"

#include <limits.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

void cli_lang_init(void);

#ifndef MUSTER_LOCALEDIR /* CMake defines it; a build without, the default */
#define MUSTER_LOCALEDIR "/usr/local/share/locale"
#endif

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
    static const char *const up[] = {"/locale", "/../share/locale",
                                     "/../../share/locale"};
    if (cli_beside_exe(buf, n, up, sizeof up / sizeof *up))
        return;
    snprintf(buf, n, "%s", MUSTER_LOCALEDIR);
}

/* Whether a locale's messages are English with no catalogue to look in:
 * C, POSIX or C.UTF-8, with no LANGUAGE list (which gettext follows even
 * under C.UTF-8). */
static bool plain_english(const char *loc)
{
    const char *list = getenv("LANGUAGE");
    if (list && *list)
        return false;
    return !strcmp(loc, "C") || !strcmp(loc, "POSIX") ||
           !strcmp(loc, "C.UTF-8") || !strcmp(loc, "C.utf8");
}

void cli_lang_init(void)
{
    const char *loc = setlocale(LC_MESSAGES, "");
    if (!loc)
        return; /* an unknown locale: English */
    if (plain_english(loc)) {
        /* gettext gives the msgids at once under "C"; under C.UTF-8 it
         * would look for a catalogue at every word first */
        setlocale(LC_MESSAGES, "C");
        return;
    }
    char dir[PATH_MAX + 32];
    locale_dir(dir, sizeof dir);
    bindtextdomain("muster", dir);
    bind_textdomain_codeset("muster", "UTF-8");
}
