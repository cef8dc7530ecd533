/* SPDX-License-Identifier: MIT */
/* oob.h -- private helpers of the order-of-battle generator. */
#ifndef MU_OOB_H
#define MU_OOB_H

#include "muster.h"

/* Names a roll for prompts and messages: "Union division 2: brigade 3
 * morale". `division` 0 and `army` -1 leave those parts out; `threshold` is
 * shown for the battery and reserve rolls. */
typedef struct oob_label {
    mu_roll_kind kind;
    int brigade, division, army, threshold;
} oob_label;

/* mu_corps_generate into c, whose divisions (infantry + cavalry of them)
 * c->divisions points to when the caller owns them (the simulator's), or
 * NULL (allocated here); the rest of c is set here. */
mu_status oob_corps_into(const mu_rules *r, mu_dice *d, const mu_oob_opts *o,
                         int infantry, int cavalry, mu_corps *c,
                         mu_error *err);

/* Checks generation options (army, year 0 or 1861..1865, theater -1/0/1,
 * arm): MU_EINPUT with a message, shared by the generator, odds and sim. */
mu_status oob_check_opts(const mu_oob_opts *o, mu_error *err);
/* True when oob_check_opts would pass o: the generator's per-division
 * check, inlined. */
static inline bool oob_opts_ok(const mu_oob_opts *o)
{
    return o && (unsigned)o->army <= 1 && (unsigned)o->arm <= 1 &&
           o->theater >= -1 && o->theater <= 1 &&
           (o->year == 0 ||
            (o->year >= MU_YEAR_FIRST && o->year <= MU_YEAR_LAST));
}

#endif
