/* SPDX-License-Identifier: MIT */
/* test_util.h -- shared bits of the cmocka tests. */
#ifndef MU_TEST_UTIL_H
#define MU_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "muster.h"

/* Render options of one format, for renderers that take mu_render_opts. */
#define RO(fmt) (&(mu_render_opts){.format = (fmt)})

/* A scripted dice source from a literal list. */
#define SCRIPT(d, ...)                                                         \
    do {                                                                       \
        static const int rolls_[] = {__VA_ARGS__};                            \
        mu_error e_;                                                           \
        assert_int_equal(mu_dice_new_scripted(rolls_, sizeof rolls_ /          \
                                              sizeof *rolls_, &(d), &e_),     \
                         MU_OK);                                               \
    } while (0)

static inline mu_rules *default_rules(void)
{
    mu_rules *r = NULL;
    mu_error err;
    assert_int_equal(mu_rules_default(&r, &err), MU_OK);
    return r;
}

/* Parses rules text; returns the status and fills err. */
static inline mu_status rules_from(const char *text, mu_error *err)
{
    mu_rules *r = NULL;
    mu_status st = mu_rules_parse(text, strlen(text), "t.ini", &r, err);
    mu_rules_free(r);
    return st;
}

#endif
