/* SPDX-License-Identifier: MIT */
/* error.h -- private helpers for filling a caller's mu_error. */
#ifndef MU_ERROR_H
#define MU_ERROR_H

#include "muster.h"

#define MU_PRINTF(a, b) MU_FORMAT_PRINTF(a, b)

/* Sets err (if not NULL) and returns `code`, so a failure is one line:
 *     return err_set(err, MU_EINPUT, "no such army '%s'", s);            */
#define err_set(err, code, ...) mu_error_set(err, code, MU_R_NONE, __VA_ARGS__)
/* Same, with a reason a front end can turn into its own hint (muster.h):
 *     return err_why(err, MU_EINTERNAL, MU_R_TOO_MANY_THREADS, "...");   */
#define err_why mu_error_set
/* Same, naming the file and line the fault is in. */
mu_status err_at(mu_error *err, mu_status code, const char *file, int line,
                 const char *fmt, ...) MU_PRINTF(5, 6);
/* The format of a message about n things, English's two forms; xgettext
 * (-kERR_PL:1,2) gives the catalogue both, so a front end can say it in
 * the reader's language with that language's plural. */
#define ERR_PL(one, many, n) ((n) == 1 ? (one) : (many))
/* Out of memory, the one message every module shares. */
mu_status err_nomem(mu_error *err);

#endif
