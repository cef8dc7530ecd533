/* SPDX-License-Identifier: MIT */
/* dtoa.h -- doubles as the shortest decimal that reads back as the same
 * double (round trip), without printf: a fast path on 128-bit scaled
 * integers (10^k from a table, tools/gen_pow10.py) that decides every
 * digit unless a value lies within its error bound of a decision, and then
 * an exact slow path (glibc's correctly rounded %.*e at increasing
 * precision, read back with strtod). */
#ifndef MU_DTOA_H
#define MU_DTOA_H

#include <stdbool.h>
#include <stddef.h>

/* The shortest digit string that reads back as v (finite, > 0), nearest to
 * v among equally short ones: digits to dig (no trailing zeros,
 * terminated); returns x such that v reads d.ddd x 10^x. */
int dtoa_shortest(double v, char dig[20]);

/* v as printf("%.*g", P, v) writes it, P the fewest of 15, 16, 17 digits
 * that read back (so "0.15", "0.3333333333333333", "1e-05", "-2", "0");
 * fewer digits than that only where a shorter decimal still reads back as
 * v. "nan", "inf", "-inf" as printf. Returns the length (at most 24) and
 * terminates buf. */
size_t dtoa_g(double v, char buf[32]);

/* The shortest printf("%.*g", p, v) (p from 1 up) within eps of v, eps a
 * power of two (an ulp): the fast path of render_near. False when it
 * cannot decide; then the caller asks printf. */
bool dtoa_near(double v, double eps, char buf[32], size_t *len);

/* v as cJSON prints a number: "%1.15g" when that reads back within
 * DBL_EPSILON (relative) of v, else "%1.17g";
 * NaN and infinities "null". Byte for byte cJSON's text, so JSON written
 * directly and JSON printed by cJSON agree. Returns the length. */
size_t dtoa_cjson(double v, char buf[32]);

/* The two paths alone, as dtoa_shortest (for tests and bench):
 * dtoa_fast is false when it cannot decide (0, subnormals, infinities,
 * NaN, negative values, and a comparison too close to call), dtoa_slow
 * always decides. */
bool dtoa_fast(double v, char dig[20], int *x);
int dtoa_slow(double v, char dig[20]);

#endif
