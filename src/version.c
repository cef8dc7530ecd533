/* SPDX-License-Identifier: MIT */
/* version.c -- the library's version at run time (muster/version.h holds
 * the one CMake makes from project()). */
#include "muster.h"

const char *mu_version(void)
{
    return MU_VERSION;
}
