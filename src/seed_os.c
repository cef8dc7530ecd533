/* SPDX-License-Identifier: MIT */
/* seed_os.c -- a seed drawn from the system (libsodium's randombytes); the
 * WebAssembly core draws its own from the browser (wasm/app_seed.c). */
#include "error.h"

#include <sodium.h>

mu_status mu_seed_from_os(uint64_t *seed, mu_error *err)
{
    if (sodium_init() < 0)
        return err_set(err, MU_EINTERNAL, "libsodium could not start");
    uint64_t x;
    randombytes_buf(&x, sizeof x);
    *seed = x >> 11;
    return MU_OK;
}
