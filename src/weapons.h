/* SPDX-License-Identifier: MIT */
/* weapons.h -- private view of a weapons set. */
#ifndef MU_WEAPONS_H
#define MU_WEAPONS_H

#include "muster.h"

struct mu_weapons {
    mu_weapon *v;  /* n of cap, at most MU_MAX_WEAPONS */
    size_t n, cap;
    char name[256]; /* the file, for messages */
    mu_rat cm_per_inch; /* [units] cm_per_inch, or 0 when not given */
    int units_line;     /* its line, to catch a repeat; 0: none */
};

#endif
