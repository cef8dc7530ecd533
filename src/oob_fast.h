/* SPDX-License-Identifier: MIT */
/* oob_fast.h -- the division generator's hot path for simulation: the same
 * rolls in the same order and the same tables as gen_division in oob.c, but
 * it keeps only the outcomes the odds are about (no roll record, no labels,
 * no zero-filled mu_division). tests/test_sim.c checks that both give the
 * same outcomes and use the same number of rolls for every seed tried. */
#ifndef MU_OOB_FAST_H
#define MU_OOB_FAST_H

#include "dice.h"
#include "oob_split.h"
#include "odds.h"
#include "rules.h"

/* Seeded d100 rolls made in batches: exactly the rolls dice_seeded_d100
 * would give, in the same order (four 16-bit lanes per output, low lane
 * first, Lemire rejection), written ahead into a buffer. */
#define FAST_BUF 1024
#define FAST_AHEAD 40 /* a division needs at most 30 rolls, plus margin */

typedef struct fast_stream {
    uint64_t s[4];
    uint32_t pos, len;
    uint64_t base; /* rolls consumed before buf[0]: used = base + pos */
    uint8_t buf[FAST_BUF + 8];
} fast_stream;

/* Starts a stream where the seeded source d stands (its pending lanes
 * included). d itself is not advanced. */
void fast_stream_init(fast_stream *fs, const mu_dice *d);
/* Rolls consumed so far (what mu_dice_count would say). */
static inline uint64_t fast_stream_used(const fast_stream *fs)
{
    return fs->base + fs->pos;
}

/* Moves the unread rolls to the front and buffers more. */
void fast_stream_fill(fast_stream *fs);

/* The tables of one army in one theater and year, as flat lookups. */
typedef struct fast_cell {
    uint8_t leader[101];   /* as played */
    uint8_t brigades[101];
    uint8_t stands[101];
    uint8_t morale[101];
    uint8_t ratio[101];
    int maxb;              /* largest brigade count the table can give */
} fast_cell;

typedef struct fast_rules {
    fast_cell cell[2 * NYEARS]; /* theater * NYEARS + year - 1861 */
    int8_t cell_of[101];        /* table 1 face -> cell, when rolled */
    int fixed;                  /* the cell when no table 1 roll, else -1 */
} fast_rules;

/* What one division came to. */
typedef struct fast_division {
    int leader;        /* as played */
    int brigades, stands;
    int morale[3];     /* brigades per morale */
    int brigadier[3];  /* brigadiers per rating, as played */
    int ratio, batteries, reserve;
    int extra_battery; /* the fraction roll gave one more battery */
    int extra_reserve; /* the reserve roll sent one more battery */
} fast_division;

/* Prepares the tables for options o (checked by the caller). */
void fast_rules_init(fast_rules *f, const mu_rules *r, const mu_oob_opts *o);

/* The cell of the next division or corps, from the roll at *r when table
 * 1 is rolled (then *r moves on). */
static inline int fast_cell_at(const fast_rules *f, const uint8_t **r)
{
    if (f->fixed >= 0)
        return f->fixed;
    return f->cell_of[*(*r)++];
}

/* One division in the normative order, from the leader roll at r on;
 * returns where the next unused roll is. At least FAST_AHEAD rolls must be
 * buffered from r. Branch-free apart from the brigade loop, whose trip
 * count is the table's maximum: rolls past the last brigade are looked at
 * but not consumed. The next division's start depends on this one's rolls,
 * a chain of dependent loads: callers interleave independent streams. */
static inline const uint8_t *fast_division_at(const fast_rules *f, int cell,
                                              const uint8_t *r,
                                              fast_division *v)
{
    const fast_cell *c = &f->cell[cell];
    unsigned nb = c->brigades[r[1]];
    v->leader = c->leader[r[0]];
    v->brigades = (int)nb;
    unsigned T = 0, mor = 0, brg = 0;
    for (unsigned b = 0; b < (unsigned)c->maxb; b++) {
        unsigned on = 0u - (unsigned)(b < nb);
        const uint8_t *q = r + 2 + 3 * b;
        T += c->stands[q[0]] & on;
        mor += (1u << (8 * c->morale[q[1]])) & on;
        brg += (1u << (8 * c->leader[q[2]])) & on;
    }
    r += 2 + 3 * nb;
    unsigned ratio = c->ratio[*r++];
    unsigned e = oob_battery_split[ratio][T];
    unsigned has = e >> 15, thr = e >> 8 & 0x7Fu;
    unsigned p1 = has & (*r <= thr);
    r += has;
    unsigned B = (e & 0xFFu) + p1;
    e = oob_reserve_split[B];
    unsigned has3 = e >> 15, thr3 = e >> 8 & 0x7Fu; /* 0, 33 or 66 */
    unsigned p2 = has3 & (*r <= thr3);
    r += has3;
    v->stands = (int)T;
    v->morale[0] = (int)(mor & 255);
    v->morale[1] = (int)((mor >> 8) & 255);
    v->morale[2] = (int)(mor >> 16);
    v->brigadier[0] = (int)(brg & 255);
    v->brigadier[1] = (int)((brg >> 8) & 255);
    v->brigadier[2] = (int)(brg >> 16);
    v->ratio = (int)ratio;
    v->batteries = (int)B;
    v->reserve = (int)((e & 0xFFu) + p2);
    v->extra_battery = (int)p1;
    v->extra_reserve = (int)p2;
    return r;
}

/* The position in fs to read from, refilled when fewer than FAST_AHEAD
 * rolls are left. */
static inline const uint8_t *fast_at(fast_stream *fs, const uint8_t *r)
{
    if (fs->buf + fs->len - r >= FAST_AHEAD)
        return r;
    fs->pos = (uint32_t)(r - fs->buf);
    fast_stream_fill(fs);
    return fs->buf + fs->pos;
}

/* Records where a run stopped reading. */
static inline void fast_done(fast_stream *fs, const uint8_t *r)
{
    fs->pos = (uint32_t)(r - fs->buf);
}

#endif
