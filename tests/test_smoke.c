/* Placeholder-free smoke test: the built-in rules load and a seeded division
 * is reproducible. Fuller tests live in test_dice.c, test_rules.c, test_oob.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster.h"

static void same_seed_same_division(void **state)
{
    (void)state;
    mu_rules *r;
    mu_error err;
    assert_int_equal(mu_rules_default(&r, &err), MU_OK);
    mu_division a, b;
    mu_oob_opts o = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false};
    for (int k = 0; k < 2; k++) {
        mu_dice *d;
        assert_int_equal(mu_dice_new_seeded(99, &d, &err), MU_OK);
        assert_int_equal(mu_division_generate(r, d, &o, k ? &b : &a, &err), MU_OK);
        mu_dice_free(d);
    }
    assert_memory_equal(&a, &b, sizeof a);
    mu_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(same_seed_same_division)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
