/* SPDX-License-Identifier: MIT */
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
    if (mu_json_canonicalize(text, size, &once, &err) == MU_OK) {
        if (mu_json_canonicalize(once, strlen(once), &twice, &err) != MU_OK ||
            strcmp(once, twice) != 0)
            abort(); /* canonical output must be a fixed point */
        /* The same value, however written, verifies. Wrapped in an array:
         * verify reads a reveal document's "division", compute the whole. */
        size_t n = strlen(once), m = size;
        const char *body = text;
        if (m >= 3 && !memcmp(body, "\xEF\xBB\xBF", 3)) { /* a BOM, allowed */
            body += 3;
            m -= 3;
        }
        char *raw = malloc(m + 3), *canon = malloc(n + 3);
        if (!raw || !canon)
            abort();
        raw[0] = canon[0] = '[';
        memcpy(raw + 1, body, m);
        memcpy(canon + 1, once, n);
        memcpy(raw + 1 + m, "]", 2);
        memcpy(canon + 1 + n, "]", 2);
        char c[MU_COMMITMENT_HEX];
        const char *salt = "000102030405060708090a0b0c0d0e0f";
        if (mu_commitment_compute(raw, m + 2, salt, c, &err) != MU_OK ||
            mu_commitment_verify(c, salt, canon, n + 2, &err) != MU_OK)
            abort();
        free(raw);
        free(canon);
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
