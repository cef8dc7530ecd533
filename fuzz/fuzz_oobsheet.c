/* SPDX-License-Identifier: MIT */
/* Fuzzes the order of battle sheet reader (campaign import), CSV and JSON:
 * the first byte chooses the format ('j': JSON, else CSV), the rest is the
 * sheet. Whatever it accepts must render, in either format, to a sheet it
 * reads back to the same bytes: the round trip the export promises. */
#include "muster.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* s rendered in f, read back, rendered again: the same bytes, or abort. */
static void round_trip(const mu_oob_sheet *s, mu_sheet_format f)
{
    mu_error err;
    char *a = NULL, *b = NULL;
    if (mu_oob_sheet_render(s, f, &a, &err) != MU_OK)
        abort();
    mu_oob_sheet t;
    if (mu_oob_sheet_parse(a, strlen(a), "fuzz", f, &t, &err) != MU_OK)
        abort(); /* muster refuses what it wrote itself */
    if (mu_oob_sheet_render(&t, f, &b, &err) != MU_OK || strcmp(a, b) ||
        t.n != s->n)
        abort();
    mu_oob_sheet_clear(&t);
    free(a);
    free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    mu_sheet_format f = data[0] == 'j' ? MU_SHEET_JSON : MU_SHEET_CSV;
    mu_oob_sheet s;
    mu_error err;
    if (mu_oob_sheet_parse((const char *)data + 1, size - 1, "fuzz", f, &s,
                           &err) == MU_OK) {
        if (!s.n)
            abort(); /* an accepted sheet lists a division */
        round_trip(&s, MU_SHEET_CSV);
        round_trip(&s, MU_SHEET_JSON);
    } else if (!err.msg[0]) {
        abort(); /* a refusal says why */
    }
    mu_oob_sheet_clear(&s);
    return 0;
}
