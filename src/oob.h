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

#endif
