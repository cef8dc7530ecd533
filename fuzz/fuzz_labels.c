/* SPDX-License-Identifier: MIT */
/* Fuzzes the brigade-labels parser. */
#include "muster.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mu_labels *l = NULL;
    mu_error err;
    if (mu_labels_parse((const char *)data, size, "fuzz", &l, &err) == MU_OK) {
        char buf[64];
        for (int s = 1; s <= MU_MAX_STANDS; s++)
            mu_labels_name(l, s, MU_VETERAN, buf, sizeof buf);
    }
    mu_labels_free(l);
    return 0;
}
