/* SPDX-License-Identifier: MIT */
/* test_cli_status.c -- the tool's exit status for every library status. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "../cmd/cli.h"

static void each_status(void **state)
{
    (void)state;
    assert_int_equal(cli_exit_code(MU_OK), 0);
    assert_int_equal(cli_exit_code(MU_EINPUT), 2);
    assert_int_equal(cli_exit_code(MU_ENOROLL), 2);
    assert_int_equal(cli_exit_code(MU_ESTATE), 2);
    assert_int_equal(cli_exit_code(MU_EIO), 1);
    assert_int_equal(cli_exit_code(MU_ENOMEM), 1);
    assert_int_equal(cli_exit_code(MU_EMISMATCH), 1);
    assert_int_equal(cli_exit_code(MU_EINTERNAL), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(each_status)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
