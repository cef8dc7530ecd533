/* SPDX-License-Identifier: MIT */
/* rules.h -- private view of the generation tables: O(1) lookup maps. */
#ifndef MU_RULES_H
#define MU_RULES_H

#include "muster.h"

#define NYEARS (MU_YEAR_LAST - MU_YEAR_FIRST + 1)

/* One percentile table: map[face] is the outcome of face 1..100. */
typedef struct rules_table {
    uint8_t map[101];
    /* face << 16 | map[face] << 32: the roll and result fields of a
     * mu_roll record as the seeded generator stores it (oob.c, put_word) */
    uint64_t word[101];
    uint16_t face_line[101]; /* where each face was given, for messages */
    uint64_t keys_seen;      /* outcomes already given a key */
    mu_table family;
    int army, theater;       /* -1: all */
    int y0, y1;              /* years covered, inclusive */
    int line;                /* first line of the section */
    char section[64];
} rules_table;

struct mu_rules {
    rules_table *tables;
    int ntables, cap;
    /* index[family][army][theater][year] -> table number, -1 none */
    int16_t index[MU_TABLE_COUNT][2][2][NYEARS];
    char name[256];
};

/* The map of a family's table for an army, theater and year (1861..1865).
 * Loaded rules cover every cell, so this never fails for valid arguments. */
static inline const uint8_t *rules_map(const mu_rules *r, mu_table t,
                                       mu_army a, mu_theater th, int year)
{
    int k = r->index[t][a][th][year - MU_YEAR_FIRST];
    return r->tables[k].map;
}

/* The record words of the table rules_map finds (see rules_table.word). */
static inline const uint64_t *rules_words(const mu_rules *r, mu_table t,
                                          mu_army a, mu_theater th, int year)
{
    return r->tables[r->index[t][a][th][year - MU_YEAR_FIRST]].word;
}

#endif
