/* SPDX-License-Identifier: MIT */
/* oob_split.h -- the artillery's arithmetic for the seeded generator as
 * constant tables, made by the compiler: for T stands at `ratio` stands a
 * battery, how many whole batteries, whether a fraction is rolled for and
 * its threshold; for B batteries, the reserve's whole third and the same
 * for its fraction. A load in place of two divisions shortens the path to
 * the branches the dice decide (bench/README.md has what it gained in
 * bench/run's generation part). Shared by the recording generator (oob.c)
 * and the simulator, which uses the same generator. */
#ifndef MU_OOB_SPLIT_H
#define MU_OOB_SPLIT_H

#include "muster/oob.h"

#include <stdint.h>

/* Most stands a division can have, and so most batteries (ratio 1). */
#define OOB_MAX_T (MU_MAX_BRIGADES * MU_MAX_STANDS)
_Static_assert(OOB_MAX_T == 240, "the rows below list T = 0..240");
_Static_assert(MU_MAX_RATIO == 30, "the rows below list ratio 1..30");

/* Bits 0-7 the whole part, 8-14 the threshold of the fraction's roll (100
 * * remainder / divisor, rounded down: the seed's percent), bit 15 set when
 * there is a fraction to roll for. */
#define OOB_SPLIT(n, d)                                                        \
    (uint16_t)((n) / (d) | (100 * ((n) % (d)) / (d)) << 8 |                   \
               ((n) % (d) != 0) << 15)
#define OOB_S10(n, d)                                                          \
    OOB_SPLIT(n, d), OOB_SPLIT(n + 1, d), OOB_SPLIT(n + 2, d),                 \
        OOB_SPLIT(n + 3, d), OOB_SPLIT(n + 4, d), OOB_SPLIT(n + 5, d),         \
        OOB_SPLIT(n + 6, d), OOB_SPLIT(n + 7, d), OOB_SPLIT(n + 8, d),         \
        OOB_SPLIT(n + 9, d)
#define OOB_S40(n, d)                                                          \
    OOB_S10(n, d), OOB_S10(n + 10, d), OOB_S10(n + 20, d), OOB_S10(n + 30, d)
#define OOB_ROW(d)                                                             \
    {OOB_S40(0, d),   OOB_S40(40, d),  OOB_S40(80, d), OOB_S40(120, d),         \
     OOB_S40(160, d), OOB_S40(200, d), OOB_SPLIT(240, d)}

/* [ratio][T]: batteries from stands. Row 0 is never read (ratio >= 1). */
static const uint16_t oob_battery_split[MU_MAX_RATIO + 1][OOB_MAX_T + 1] = {
    {0},          OOB_ROW(1),  OOB_ROW(2),  OOB_ROW(3),  OOB_ROW(4),
    OOB_ROW(5),   OOB_ROW(6),  OOB_ROW(7),  OOB_ROW(8),  OOB_ROW(9),
    OOB_ROW(10),  OOB_ROW(11), OOB_ROW(12), OOB_ROW(13), OOB_ROW(14),
    OOB_ROW(15),  OOB_ROW(16), OOB_ROW(17), OOB_ROW(18), OOB_ROW(19),
    OOB_ROW(20),  OOB_ROW(21), OOB_ROW(22), OOB_ROW(23), OOB_ROW(24),
    OOB_ROW(25),  OOB_ROW(26), OOB_ROW(27), OOB_ROW(28), OOB_ROW(29),
    OOB_ROW(30)};

/* [B]: the reserve's third of B batteries (B <= 241, one rolled more). */
static const uint16_t oob_reserve_split[OOB_MAX_T + 2] = {
    OOB_S40(0, 3),   OOB_S40(40, 3),  OOB_S40(80, 3),    OOB_S40(120, 3),
    OOB_S40(160, 3), OOB_S40(200, 3), OOB_SPLIT(240, 3), OOB_SPLIT(241, 3)};

#undef OOB_S10
#undef OOB_S40
#undef OOB_ROW

#endif
