/* SPDX-License-Identifier: MIT */
/* Fuzzes typed rolls and --rolls lists, then plays them into the generator. */
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
    int one;
    (void)mu_roll_parse(s, &one, &err);
    int *rolls = NULL;
    size_t n = 0;
    if (mu_rolls_parse(s, &rolls, &n, &err) == MU_OK) {
        mu_dice *d = NULL;
        mu_rules *r = NULL;
        if (mu_dice_new_scripted(rolls, n, &d, &err) == MU_OK &&
            mu_rules_default(&r, &err) == MU_OK) {
            mu_oob_opts o = {MU_CONFEDERATE, 0, -1, MU_INFANTRY, false};
            mu_division v;
            (void)mu_division_generate(r, d, &o, &v, &err);
        }
        mu_rules_free(r);
        mu_dice_free(d);
        free(rolls);
    }
    free(s);
    return 0;
}
