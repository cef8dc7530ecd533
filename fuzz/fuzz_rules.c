/* SPDX-License-Identifier: MIT */
/* Fuzzes the rules-tables parser: any bytes must give MU_OK or a clean error. */
#include "muster.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mu_rules *r = NULL;
    mu_error err;
    if (mu_rules_parse((const char *)data, size, "fuzz", &r, &err) == MU_OK) {
        char *text = NULL;
        if (mu_rules_render(r, &(mu_render_opts){.format = MU_FMT_TEXT}, &text, &err) == MU_OK)
            free(text);
    }
    mu_rules_free(r);
    return 0;
}
