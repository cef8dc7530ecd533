/* SPDX-License-Identifier: MIT */
/* seed_os.c -- a seed drawn from the system's random source (getrandom, as
 * libsodium's randombytes does it underneath); the WebAssembly core draws
 * its own from the browser (wasm/app_seed.c). */
#include "error.h"

#include <errno.h>
#include <sys/random.h>

mu_status mu_seed_from_os(uint64_t *seed, mu_error *err)
{
    uint64_t x;
    ssize_t n;
    do /* 8 bytes come whole once the pool is ready; it may block at boot */
        n = getrandom(&x, sizeof x, 0);
    while (n < 0 && errno == EINTR);
    if (n != (ssize_t)sizeof x)
        return err_set(err, MU_EINTERNAL, "the system gave no random seed");
    *seed = x >> 11;
    return MU_OK;
}
