/* Fuzzes the canonical-JSON and verify input path: whatever the bytes,
 * canonicalizing never crashes, its output is canonical already (a second
 * pass changes nothing), and verify answers ok, mismatch or bad input. */
#include "muster.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    mu_error err;
    char *once = NULL, *twice = NULL;
    if (mu_json_canonical(text, size, &once, &err) == MU_OK) {
        if (mu_json_canonical(once, strlen(once), &twice, &err) != MU_OK ||
            strcmp(once, twice) != 0)
            abort(); /* canonical output must be a fixed point */
        char c[MU_COMMITMENT_HEX];
        if (mu_commitment_compute(text, size, "000102030405060708090a0b0c0d0e0f",
                                  c, &err) != MU_OK ||
            mu_commitment_verify(c, "000102030405060708090a0b0c0d0e0f", once,
                                 strlen(once), &err) != MU_OK)
            abort(); /* the same value must verify */
    }
    mu_status st = mu_commitment_verify(
        "0b350216d8124d1683b04eb01007c0c4ad537f7a8b797d585176340c9e1c83f6", NULL,
        text, size, &err);
    if (st != MU_OK && st != MU_EMISMATCH && st != MU_EINPUT)
        abort();
    free(once);
    free(twice);
    return 0;
}
