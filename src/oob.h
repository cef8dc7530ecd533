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

void oob_label_text(const void *ctx, char *buf, size_t n);

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

/* floor(n / d) for 1 <= d <= MU_MAX_RATIO and n < 4096, by a multiply:
 * m = ceil(2^20 / d) = (2^20 + e) / d with e < d, so n*m / 2^20 is n/d plus
 * less than 1/d when n*e < 2^20, which holds here (4096 * 29 < 2^20). The
 * seeded generator needs floor(stands / ratio) and floor(100 * rem /
 * ratio) for every division; two hardware divisions cost more than its
 * d100 rolls. tests/test_sim.c checks every n and d. */
#define OOB_RECIP(d) (uint32_t)((1048576u + (d)-1u) / (d))
static inline unsigned oob_div_small(unsigned n, unsigned d)
{
    static const uint32_t recip[MU_MAX_RATIO + 1] = {
        0,            OOB_RECIP(1),  OOB_RECIP(2),  OOB_RECIP(3),
        OOB_RECIP(4), OOB_RECIP(5),  OOB_RECIP(6),  OOB_RECIP(7),
        OOB_RECIP(8), OOB_RECIP(9),  OOB_RECIP(10), OOB_RECIP(11),
        OOB_RECIP(12), OOB_RECIP(13), OOB_RECIP(14), OOB_RECIP(15),
        OOB_RECIP(16), OOB_RECIP(17), OOB_RECIP(18), OOB_RECIP(19),
        OOB_RECIP(20), OOB_RECIP(21), OOB_RECIP(22), OOB_RECIP(23),
        OOB_RECIP(24), OOB_RECIP(25), OOB_RECIP(26), OOB_RECIP(27),
        OOB_RECIP(28), OOB_RECIP(29), OOB_RECIP(30)};
    _Static_assert(MU_MAX_RATIO == 30, "recip[] lists 1..MU_MAX_RATIO");
    return (unsigned)(((uint64_t)n * recip[d]) >> 20);
}

#endif
