/* SPDX-License-Identifier: MIT */
/* fire.h -- private helpers shared by the fire model and its renderers. */
#ifndef MU_FIRE_H
#define MU_FIRE_H

#include "muster.h"

/* Where P reaches 0: max_range, or max_range + cover / slope behind cover.
 * False on overflow. */
bool fire_zero(const mu_weapon *w, bool cover, mu_rat *out);

/* "Musket" from "musket": the name with its first letter in capitals. */
void fire_title(const char *name, char *buf, size_t n);

/* The curve as the seed writes it, with `range` standing for the range:
 * "2 × (15 − range)", "(60 − range) ÷ 5", "30 − range", and " − 8" behind
 * cover. */
void fire_formula(const mu_weapon *w, const char *range, bool cover,
                  char *buf, size_t n);

#endif
