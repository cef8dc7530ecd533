/* SPDX-License-Identifier: MIT */
/* real.h -- the floating type of the odds, hit distributions, charges and
 * simulation tallies: IEEE binary128 wherever the compiler has it.
 *
 * Why not long double: it is 80-bit on x86-64 but binary128 on aarch64 and
 * in WebAssembly, and sums rounded at 64 bits of mantissa differ from sums
 * rounded at 113 in a probability's 16th or 17th digit. One format with
 * correctly rounded +, -, *, / gives the same bytes on the laptop, the
 * phone's app and every platform. The values only ever meet the rest of
 * muster as doubles. */
#ifndef MU_REAL_H
#define MU_REAL_H

#include <float.h>

#if LDBL_MANT_DIG == 113
typedef long double real_t;
#elif defined(__SIZEOF_FLOAT128__)
typedef __float128 real_t;
#else
#error "muster needs IEEE binary128 (long double or __float128) for its odds"
#endif

#endif
