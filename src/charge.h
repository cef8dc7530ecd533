/* SPDX-License-Identifier: MIT */
/* charge.h -- the Markov chain behind `muster odds charge`: a unit closes
 * on a gun through a fixed list of exchanges of fire, each volley settled by
 * the additive rule against the current strength. */
#ifndef MU_CHARGE_H
#define MU_CHARGE_H

#include "real.h"
#include "muster.h"

/* A volley as the additive rule settles it: `sure` hits, and one more iff a
 * d100 is at most `threshold` (0: no roll). */
typedef struct charge_volley {
    int sure;
    int threshold;
} charge_volley;

/* Runs `steps` exchanges of fire over the joint distribution of the target's
 * figures s (0..F) and the gun's crew c (0..C), kept in joint[s * (C + 1) +
 * c], which holds the starting distribution on entry and the one after the
 * last exchange on return. In each exchange both sides fire at once with
 * the strength they had before it: the gun's volley with c crew at step k is
 * gun[k * (C + 1) + c] (c = 0 fires nothing), the target's with s figures
 * back[k * (F + 1) + s] (back NULL: it never fires). Hits beyond what is
 * left are lost; a target at 0 figures is destroyed and the chain stops for
 * it. MU_ENOMEM. */
mu_status charge_chain(int F, int C, int steps, const charge_volley *gun,
                       const charge_volley *back, real_t *joint,
                       mu_error *err);

#endif
