/* SPDX-License-Identifier: MIT */
/* hints.c -- what the tool adds to a library error, by its reason.
 *
 * The library says what is wrong in its own terms and tags the error with a
 * mu_reason (muster.h); only the tool knows its commands and options, so the
 * advice that names them lives here. A reason without an entry gets no hint. */
#include "cli.h"

static const char *const hints[MU_R_COUNT] = {
    [MU_R_TOO_MANY_THREADS] = N_("try fewer --threads"),
    [MU_R_BATTLE_NOT_STARTED] =
        N_("start one with 'muster campaign battle FILE start NAME'"),
    [MU_R_BATTLE_UNDER_WAY] =
        N_("end it first with 'muster campaign battle FILE end --winner SIDE'"),
    [MU_R_NO_CASUALTIES] = N_("give --lost or --captured"),
    [MU_R_NO_PENALTY] =
        N_("'muster campaign penalty FILE --side SIDE' records one"),
    [MU_R_NO_CAMPAIGN] = N_("create it with 'muster campaign new'"),
    [MU_R_NO_SUCH_DIVISION] = N_("'muster campaign show' lists them"),
    [MU_R_BUSY] = N_("try again"),
    [MU_R_NOT_AN_OOB] =
        N_("make one with 'muster division|corps|battle --format json'"),
    [MU_R_ONE_QUESTION] = N_("give --method additive or --method per-figure"),
    [MU_R_NO_WINNER] = N_("add --winner union, confederate or none"),
};

const char *cli_hint(mu_reason r)
{
    return r > MU_R_NONE && r < MU_R_COUNT && hints[r] ? _(hints[r]) : NULL;
}
