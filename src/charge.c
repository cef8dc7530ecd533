/* SPDX-License-Identifier: MIT */
/* charge.c -- "Don't charge the guns!": the exact distribution of what is
 * left of a unit that charges a gun, as a Markov chain (see charge.h). */
#include "real.h"
#include "charge.h"
#include "error.h"

#include <stdlib.h>
#include <string.h>

/* The two outcomes of a volley: (hits, probability). */
static int outcomes(const charge_volley *v, int hits[2], real_t p[2])
{
    hits[0] = v->sure;
    if (v->threshold <= 0) {
        p[0] = 1;
        return 1;
    }
    hits[1] = v->sure + 1;
    p[1] = (real_t)v->threshold / 100;
    p[0] = 1 - p[1];
    return 2;
}

mu_status charge_chain(int F, int C, int steps, const charge_volley *gun,
                       const charge_volley *back, real_t *joint,
                       mu_error *err)
{
    size_t W = (size_t)C + 1, n = ((size_t)F + 1) * W;
    real_t *next = malloc(n * sizeof *next);
    if (!next)
        return err_nomem(err);
    for (int k = 0; k < steps; k++) {
        memset(next, 0, n * sizeof *next);
        for (int s = 0; s <= F; s++)
            for (int c = 0; c <= C; c++) {
                real_t m = joint[(size_t)s * W + (size_t)c];
                if (m <= 0)
                    continue;
                if (s == 0) { /* destroyed: nothing more happens to it */
                    next[(size_t)c] += m;
                    continue;
                }
                static const charge_volley none = {0, 0};
                int gh[2], bh[2];
                real_t gp[2], bp[2];
                int ng = outcomes(c ? &gun[(size_t)k * W + (size_t)c] : &none,
                                  gh, gp);
                int nb = outcomes(back ? &back[(size_t)k * ((size_t)F + 1) +
                                               (size_t)s]
                                       : &none,
                                  bh, bp);
                for (int i = 0; i < ng; i++)
                    for (int j = 0; j < nb; j++) {
                        int s2 = s - gh[i] > 0 ? s - gh[i] : 0;
                        int c2 = c - bh[j] > 0 ? c - bh[j] : 0;
                        next[(size_t)s2 * W + (size_t)c2] += m * gp[i] * bp[j];
                    }
            }
        memcpy(joint, next, n * sizeof *next);
    }
    free(next);
    return MU_OK;
}
