/* SPDX-License-Identifier: MIT */
/* error.c -- status names and the mu_error record. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *mu_status_name(mu_status s)
{
    switch (s) {
    case MU_OK: return "ok";
    case MU_EINPUT: return "bad input";
    case MU_ENOROLL: return "no roll available";
    case MU_EIO: return "input/output error";
    case MU_ENOMEM: return "out of memory";
    case MU_ESTATE: return "conflicts with stored state";
    case MU_EMISMATCH: return "check failed";
    case MU_EINTERNAL: return "internal error";
    }
    return "unknown status";
}

const char *mu_reason_name(mu_reason r)
{
    switch (r) {
    case MU_R_NONE: return "none";
    case MU_R_TOO_MANY_THREADS: return "too-many-threads";
    case MU_R_BATTLE_NOT_STARTED: return "battle-not-started";
    case MU_R_BATTLE_UNDER_WAY: return "battle-under-way";
    case MU_R_NO_CASUALTIES: return "no-casualties";
    case MU_R_LOSS_EXCEEDS_STANDS: return "loss-exceeds-stands";
    case MU_R_NO_PENALTY: return "no-penalty";
    case MU_R_NO_CAMPAIGN: return "no-campaign";
    case MU_R_NO_SUCH_DIVISION: return "no-such-division";
    case MU_R_BUSY: return "busy";
    case MU_R_HIDDEN_DIVISION: return "hidden-division";
    case MU_R_NOT_AN_OOB: return "not-an-order-of-battle";
    case MU_R_ONE_QUESTION: return "one-question";
    case MU_R_NO_WINNER: return "no-winner";
    case MU_R_NAME_CHARACTER: return "name-character";
    case MU_R_REQUEST_DONE: return "request-done";
    case MU_R_REQUEST_REUSED: return "request-reused";
    case MU_R_FILE_EXISTS: return "file-exists";
    case MU_R_UMPIRE_ONLY: return "umpire-only";
    case MU_R_NO_SUCH_WEAPON: return "no-such-weapon";
    case MU_R_NO_SUCH_CAMP: return "no-such-camp";
    case MU_R_COUNT: break;
    }
    return "unknown";
}

static void err_vfill(mu_error *err, mu_status code, mu_reason reason,
                      const char *file, int line, const char *fmt, va_list ap)
{
    err->code = code;
    err->reason = reason;
    err->line = line;
    err->file[0] = '\0';
    if (file)
        snprintf(err->file, sizeof err->file, "%s", file);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
}

mu_status mu_error_set(mu_error *err, mu_status code, mu_reason reason,
                       const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err_vfill(err, code, reason, NULL, 0, fmt, ap);
        va_end(ap);
    }
    return code;
}

mu_status err_at(mu_error *err, mu_status code, const char *file, int line,
                 const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err_vfill(err, code, MU_R_NONE, file, line, fmt, ap);
        va_end(ap);
    }
    return code;
}

mu_status err_nomem(mu_error *err)
{
    return err_set(err, MU_ENOMEM, "out of memory");
}

char *mu_error_format(const mu_error *err, char *buf, size_t n)
{
    if (!buf || n == 0)
        return buf;
    if (!err) {
        snprintf(buf, n, "unknown error");
    } else if (err->file[0] && err->line > 0) {
        snprintf(buf, n, "%s:%d: %s", err->file, err->line, err->msg);
    } else if (err->file[0]) {
        snprintf(buf, n, "%s: %s", err->file, err->msg);
    } else {
        snprintf(buf, n, "%s", err->msg[0] ? err->msg : mu_status_name(err->code));
    }
    return buf;
}
