/* SPDX-License-Identifier: MIT */
/* dice.h -- private view of dice sources, with the inlined fast path that the
 * generators and the simulator use. */
#ifndef MU_DICE_H
#define MU_DICE_H

#include "muster.h"


enum dice_kind { DICE_SEEDED, DICE_SCRIPTED, DICE_CALLBACK };

struct mu_dice {
    enum dice_kind kind;
    uint64_t s[4];    /* xoshiro256** state */
    uint64_t lanes;   /* unused 16-bit lanes of the last output */
    unsigned nlanes;  /* how many lanes are left in `lanes` */
    uint64_t seed;
    uint64_t count;   /* rolls handed out */
    int *script;      /* scripted rolls */
    size_t nscript, next;
    mu_roll_fn fn;
    void *ud;
};

static inline uint64_t dice_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* xoshiro256** 1.0: one 64-bit output. */
static inline uint64_t dice_xoshiro(uint64_t s[4])
{
    const uint64_t result = dice_rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = dice_rotl(s[3], 45);
    return result;
}

static inline uint64_t dice_next64(mu_dice *d)
{
    return dice_xoshiro(d->s);
}

/* A seeded d100, 1..100, unbiased (see mu_dice_new_seeded in muster.h). */
static inline int dice_seeded_d100(mu_dice *d)
{
    for (;;) {
        if (d->nlanes == 0) {
            d->lanes = dice_next64(d);
            d->nlanes = 4;
        }
        uint32_t x = (uint32_t)(d->lanes & 0xFFFFu);
        d->lanes >>= 16;
        d->nlanes--;
        uint32_t m = x * 100u;
        if ((m & 0xFFFFu) >= 36u) { /* 65536 mod 100 == 36 */
            d->count++;
            return (int)(m >> 16) + 1;
        }
    }
}

/* Slow path for scripted and callback sources: `label` is made only here,
 * by mk(ctx, buf, n), so the seeded path never formats text. */
typedef void (*dice_label_fn)(const void *ctx, char *buf, size_t n);
mu_status dice_roll_slow(mu_dice *d, dice_label_fn mk, const void *ctx,
                         int *roll, mu_error *err);

/* One d100: inlined for a seeded source, labelled lazily otherwise. */
static inline mu_status dice_roll(mu_dice *d, dice_label_fn mk,
                                  const void *ctx, int *roll, mu_error *err)
{
    if (d->kind == DICE_SEEDED) {
        *roll = dice_seeded_d100(d);
        return MU_OK;
    }
    return dice_roll_slow(d, mk, ctx, roll, err);
}

#endif
