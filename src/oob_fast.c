/* SPDX-License-Identifier: MIT */
/* oob_fast.c -- batched seeded rolls and flat tables for the simulator's
 * division generator (see oob_fast.h). */
#include "oob_fast.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static uint32_t lanes_slow(uint64_t x, unsigned nlanes, uint8_t *out);

void fast_stream_init(fast_stream *fs, const mu_dice *d)
{
    memcpy(fs->s, d->s, sizeof fs->s);
    fs->pos = fs->len = 0;
    fs->base = 0;
    /* Lanes the source still holds come first, as dice_seeded_d100 would
     * use them. */
    fs->len = lanes_slow(d->lanes, d->nlanes, fs->buf);
    fast_stream_fill(fs);
}

/* One output's four lanes, the slow way: used when a lane is rejected
 * (36 in 65536) and for the lanes a source had left over. */
static uint32_t lanes_slow(uint64_t x, unsigned nlanes, uint8_t *out)
{
    uint32_t k = 0;
    for (unsigned i = 0; i < nlanes; i++, x >>= 16) {
        uint32_t m = (uint32_t)(x & 0xFFFFu) * 100u;
        out[k] = (uint8_t)((m >> 16) + 1);
        k += (m & 0xFFFFu) >= 36u; /* 65536 mod 100 == 36 */
    }
    return k;
}

/* xoshiro256** on a state in locals (see dice_next64). */
#define XOSHIRO_NEXT(x, s0, s1, s2, s3)                                        \
    do {                                                                       \
        x = dice_rotl(s1 * 5, 7) * 9;                                          \
        uint64_t t_ = s1 << 17;                                                \
        s2 ^= s0;                                                              \
        s3 ^= s1;                                                              \
        s1 ^= s2;                                                              \
        s0 ^= s3;                                                              \
        s2 ^= t_;                                                              \
        s3 = dice_rotl(s3, 45);                                                \
    } while (0)

#if defined(__SSE2__)
/* Two outputs, eight lanes, at once: the high half of lane * 100 is the
 * roll less one, the low half says whether to keep the lane (>= 36). */
static uint32_t fill_lanes(uint64_t st[4], uint8_t *buf, uint32_t len)
{
    uint64_t s0 = st[0], s1 = st[1], s2 = st[2], s3 = st[3];
    const __m128i c100 = _mm_set1_epi16(100), c36 = _mm_set1_epi16(36);
    const __m128i one = _mm_set1_epi16(1), zero = _mm_setzero_si128();
    while (len <= FAST_BUF - 8) {
        uint64_t x0, x1;
        XOSHIRO_NEXT(x0, s0, s1, s2, s3);
        XOSHIRO_NEXT(x1, s0, s1, s2, s3);
        __m128i v = _mm_set_epi64x((long long)x1, (long long)x0);
        __m128i lo = _mm_mullo_epi16(v, c100);
        __m128i rej = _mm_subs_epu16(c36, lo); /* > 0 iff lo < 36 */
        if (_mm_movemask_epi8(_mm_cmpeq_epi16(rej, zero)) == 0xFFFF) {
            __m128i roll = _mm_add_epi16(_mm_mulhi_epu16(v, c100), one);
            _mm_storel_epi64((__m128i *)(void *)(buf + len),
                             _mm_packus_epi16(roll, zero));
            len += 8;
        } else {
            len += lanes_slow(x0, 4, buf + len);
            len += lanes_slow(x1, 4, buf + len);
        }
    }
    st[0] = s0;
    st[1] = s1;
    st[2] = s2;
    st[3] = s3;
    return len;
}
#else
/* Four lanes of one output at once in two 64-bit words: lanes 0 and 2,
 * then 1 and 3, each in a 32-bit field, times 100 (no carry between
 * fields). A lane is kept iff its low 16 bits are >= 36, i.e. iff adding
 * 65500 sets bit 16. */
static uint32_t fill_lanes(uint64_t st[4], uint8_t *buf, uint32_t len)
{
    uint64_t s0 = st[0], s1 = st[1], s2 = st[2], s3 = st[3];
    const uint64_t M = 0x0000FFFF0000FFFFull, K = 0x0000FFDC0000FFDCull;
    const uint64_t B16 = 0x0001000000010000ull;
    while (len <= FAST_BUF - 4) {
        uint64_t x;
        XOSHIRO_NEXT(x, s0, s1, s2, s3);
        uint64_t e = (x & M) * 100u, o = ((x >> 16) & M) * 100u;
        if ((((e & M) + K) & ((o & M) + K) & B16) == B16) {
            uint64_t re = (e >> 16) & 0x000000FF000000FFull;
            uint64_t ro = (o >> 16) & 0x000000FF000000FFull;
            buf[len] = (uint8_t)(re + 1);
            buf[len + 1] = (uint8_t)(ro + 1);
            buf[len + 2] = (uint8_t)((re >> 32) + 1);
            buf[len + 3] = (uint8_t)((ro >> 32) + 1);
            len += 4;
        } else {
            len += lanes_slow(x, 4, buf + len);
        }
    }
    st[0] = s0;
    st[1] = s1;
    st[2] = s2;
    st[3] = s3;
    return len;
}
#endif

void fast_stream_fill(fast_stream *fs)
{
    uint32_t left = fs->len - fs->pos;
    memmove(fs->buf, fs->buf + fs->pos, left);
    fs->base += fs->pos;
    fs->pos = 0;
    fs->len = fill_lanes(fs->s, fs->buf, left);
}

static void cell_init(fast_cell *c, const mu_rules *r, mu_army a,
                      mu_theater th, int year, bool book)
{
    memcpy(c->leader, rules_map(r, MU_TABLE_LEADER, a, th, year), 101);
    memcpy(c->brigades, rules_map(r, MU_TABLE_BRIGADES, a, th, year), 101);
    memcpy(c->stands, rules_map(r, MU_TABLE_STANDS, a, th, year), 101);
    memcpy(c->morale, rules_map(r, MU_TABLE_MORALE, a, th, year), 101);
    memcpy(c->ratio, rules_map(r, MU_TABLE_ARTILLERY, a, th, year), 101);
    c->maxb = 0;
    for (int f = 1; f <= 100; f++) {
        if (book && c->leader[f] == MU_DESPICABLE)
            c->leader[f] = MU_AVERAGE;
        if (c->brigades[f] > c->maxb)
            c->maxb = c->brigades[f];
    }
    /* Face 0 is never rolled; keep it harmless. */
    c->leader[0] = c->leader[1];
    c->brigades[0] = c->brigades[1];
    c->stands[0] = c->stands[1];
    c->morale[0] = c->morale[1];
    c->ratio[0] = c->ratio[1];
}

void fast_rules_init(fast_rules *f, const mu_rules *r, const mu_oob_opts *o)
{
    memset(f, 0, sizeof *f);
    for (int th = 0; th < 2; th++)
        for (int y = 0; y < NYEARS; y++)
            cell_init(&f->cell[th * NYEARS + y], r, o->army, (mu_theater)th,
                      y + MU_YEAR_FIRST, o->by_the_book);
    if (o->year && o->theater >= 0) {
        f->fixed = o->theater * NYEARS + (o->year - MU_YEAR_FIRST);
    } else {
        f->fixed = -1;
        const uint8_t *t1 = rules_map(r, MU_TABLE_THEATER, MU_UNION, MU_EAST,
                                      MU_YEAR_FIRST);
        for (int face = 1; face <= 100; face++) {
            int out = t1[face];
            int y = o->year ? o->year - MU_YEAR_FIRST : out / 2;
            int th = o->theater >= 0 ? o->theater : out % 2;
            f->cell_of[face] = (int8_t)(th * NYEARS + y);
        }
        f->cell_of[0] = f->cell_of[1];
    }
}
