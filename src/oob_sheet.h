/* SPDX-License-Identifier: MIT */
/* oob_sheet.h -- order of battle sheets (muster/oob.h, "Order of battle
 * sheets"): the columns, the checks both formats share, the JSON form. */
#ifndef MU_OOB_SHEET_H
#define MU_OOB_SHEET_H

#include "muster.h"
#include "util.h"

#include <stdbool.h>

/* The columns, in the order the CSV is written. */
enum {
    SC_SIDE, SC_CORPS, SC_DIVISION, SC_ARM, SC_LEADER, SC_BATTERIES,
    SC_BRIGADE, SC_BRIGADIER, SC_BRIGADIER_RATING, SC_STANDS, SC_MORALE,
    SHEET_NCOLS
};
#define SHEET_MAX_DIVISIONS 100000

extern const char *const sheet_columns[SHEET_NCOLS];

/* What is wrong with a name (NULL: nothing); "" is good when blank_ok. */
const char *sheet_name_fault(const char *s, bool blank_ok);
/* A word or number of column col into *out; NULL, or the fix to say. */
const char *sheet_word(int col, const char *s, int *out);
/* The word of value v in column col (side, arm, ratings, morale). */
const char *sheet_word_name(int col, int v);
mu_sheet_division *sheet_push(mu_oob_sheet *s, size_t *cap);
long sheet_find(const mu_oob_sheet *s, size_t before, const char *name);

void sheet_render_csv(const mu_oob_sheet *s, sbuf *sb);
mu_status sheet_parse_csv(const char *text, size_t len, const char *name,
                          mu_oob_sheet *out, mu_error *err);

#endif
