/* SPDX-License-Identifier: MIT */
/* curve.h -- fire curves of every shape (linear, bands, points, polynomial):
 * exact values, floating-point values for drawing, real roots, and where two
 * curves cross. Private to the library. */
#ifndef MU_CURVE_H
#define MU_CURVE_H

#include "muster.h"

/* The curve's value at r >= 0 before clipping at 0: the shape there plus
 * cover (behind cover). Linear: the straight line, also beyond its reach
 * (where it is below 0); other shapes: 0 + cover beyond their reach. False
 * when the numbers are too finely divided. */
bool curve_raw(const mu_weapon *w, mu_rat r, bool cover, mu_rat *out);

/* P at r, in floating point, for drawing: max(0, curve_raw). */
double curve_p_approx(const mu_weapon *w, double r, bool cover);

/* Where the better of a and b (two single curves) changes: see
 * mu_crossover in muster.h. MU_EINPUT when the numbers are too finely
 * divided. */
mu_status curve_cross(const mu_weapon *a, const mu_weapon *b, bool cover,
                      mu_crossover *out, mu_error *err);

/* Checks a polynomial curve as read (coefficients in y[0..n), max_range if
 * reach_given) and sets its reach: P must not pass 100 on [0, reach], must
 * be above 0 somewhere there, and without max_range must come down to 0
 * before 100000 inches. On failure writes a reason to why (n bytes) and
 * returns false. */
bool curve_poly_check(mu_weapon *w, char *why, size_t n);

#endif
