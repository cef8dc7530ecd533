/* SPDX-License-Identifier: MIT */
/* Fuzzes the exact-number parser (ranges, scales, weapons-file values) and
 * the arithmetic and printing of what it accepts: no fault, no overflow,
 * and printing round-trips through the parser for whole numbers. */
#include "muster.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = '\0';
    mu_error err;
    mu_rat a, b, c;
    char buf[MU_RAT_BUF];
    if (mu_rat_parse(s, &a, &err) == MU_OK) {
        if (a.den <= 0)
            abort();
        mu_rat_format(a, buf, sizeof buf);
        mu_rat_fraction(a, buf, sizeof buf);
        if (mu_rat_parse(buf, &b, &err) != MU_OK || mu_rat_cmp(a, b) != 0)
            abort(); /* the exact fraction reads back as the same number */
        (void)mu_rat_add(a, a, &c, &err);
        (void)mu_rat_mul(a, a, &c, &err);
        (void)mu_rat_div((mu_rat){1, 1}, a, &c, &err);
        (void)mu_rat_floor(a);
    }
    free(s);
    return 0;
}
