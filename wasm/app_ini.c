/* SPDX-License-Identifier: MIT */
/* app_ini.c -- the offline app's INI reader, which reads no INI: the rules
 * reach the WebAssembly core in the form `muster rules export --to app`
 * writes (built in at build time, or a house-rules file the user opens), and
 * this stands where src/inifile.c (inih) stands in the native build. */
#include "inifile.h"

mu_status inifile_parse_text(const char *text, size_t len, const char *name,
                             inifile_key_fn fn, void *user, mu_error *err)
{
    if (!inifile_is_app(text, len))
        return err_at(err, MU_EINPUT, name, 1,
                      "the app reads rules files exported for it: run "
                      "'muster rules export FILE --to app' and open its "
                      "output");
    return inifile_parse_app(text, len, name, fn, user, err);
}
