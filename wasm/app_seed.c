/* SPDX-License-Identifier: MIT */
/* app_seed.c -- a seed drawn from the system in the WebAssembly core: the
 * browser's (or node's) crypto.getRandomValues through getentropy, where the
 * native build asks libsodium (src/seed_os.c). */
#include "error.h"

#include <unistd.h>

mu_status mu_seed_from_os(uint64_t *seed, mu_error *err)
{
    uint64_t x;
    if (getentropy(&x, sizeof x) != 0)
        return err_set(err, MU_EINTERNAL, "no random numbers from the system");
    *seed = x >> 11;
    return MU_OK;
}
