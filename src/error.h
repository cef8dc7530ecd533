/* error.h -- private helpers for filling a caller's mu_error. */
#ifndef MU_ERROR_H
#define MU_ERROR_H

#include "muster.h"

#if defined(__GNUC__)
#define MU_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define MU_PRINTF(a, b)
#endif

/* Sets err (if not NULL) and returns `code`, so a failure is one line:
 *     return err_set(err, MU_EINPUT, "no such army '%s'", s);            */
mu_status err_set(mu_error *err, mu_status code, const char *fmt, ...)
    MU_PRINTF(3, 4);
/* Same, naming the file and line the fault is in. */
mu_status err_at(mu_error *err, mu_status code, const char *file, int line,
                 const char *fmt, ...) MU_PRINTF(5, 6);
/* Out of memory, the one message every module shares. */
mu_status err_nomem(mu_error *err);

#endif
