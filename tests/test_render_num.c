/* SPDX-License-Identifier: MIT */
/* Numbers in CSV and JSON: exact values in the fewest digits that read back,
 * computed differences in the fewest digits their inputs justify. */
#include "test_util.h"

#include "dtoa.h"
#include "odds.h"

#include <cjson/cJSON.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void differences(void **state)
{
    (void)state;
    char buf[40];
    /* In doubles, 0.091 - 0.082 is 0.008999999999999994. */
    assert_true(0.091 - 0.082 != 0.009);
    render_diff(0.091, 0.082, buf, sizeof buf);
    assert_string_equal(buf, "0.009");
    render_diff(0.00163, 0.0015, buf, sizeof buf);
    assert_string_equal(buf, "0.00013");
    render_diff(0.0015, 0.00163, buf, sizeof buf);
    assert_string_equal(buf, "-0.00013");
    render_diff(0.0164, 0.0150, buf, sizeof buf);
    assert_string_equal(buf, "0.0014");
    render_diff(0.25, 0.25, buf, sizeof buf);
    assert_string_equal(buf, "0");
    /* A real difference far below the inputs' size is kept. */
    render_diff(3e-20, 1e-20, buf, sizeof buf);
    assert_string_equal(buf, "2e-20");
    /* Digits the inputs do carry are kept: 1/3 - 1/4. */
    render_diff(1.0 / 3, 0.25, buf, sizeof buf);
    assert_string_equal(buf, "0.0833333333333333");
    /* Means of about 2.2 carry less. */
    render_diff(2.20332, 2.20548, buf, sizeof buf);
    assert_string_equal(buf, "-0.00216");
}

static void exact_values(void **state)
{
    (void)state;
    char buf[40];
    render_num(0.15, buf, sizeof buf);
    assert_string_equal(buf, "0.15");
    render_num(1.0 / 3, buf, sizeof buf);
    assert_string_equal(buf, "0.3333333333333333");
    render_near(0.0013999999999999985, 0.0164, buf, sizeof buf);
    assert_string_equal(buf, "0.0014");
}

static uint64_t rnd_state = 0x9E3779B97F4A7C15u;
static uint64_t rnd(void) /* xorshift64*: the test's own fixed stream */
{
    rnd_state ^= rnd_state >> 12;
    rnd_state ^= rnd_state << 25;
    rnd_state ^= rnd_state >> 27;
    return rnd_state * 2685821657736338717u;
}

/* The value the old renderer printed: %.15g, %.16g, %.17g, the first that
 * reads back. */
static void printf_loop(double x, char *buf, size_t n)
{
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            return;
    }
}

/* One double: the fast path agrees with the exact slow path whenever it
 * decides; dtoa_g reads back; it is the printf loop's text, or shorter. */
static int check_one(double v, int *undecided)
{
    char a[20], b[20], g[32], old[40];
    int xa, xb;
    if (dtoa_fast(v, a, &xa)) {
        xb = dtoa_slow(v, b);
        if (strcmp(a, b) || xa != xb) {
            fprintf(stderr, "%.17g: fast %se%d, slow %se%d\n", v, a, xa, b, xb);
            return 1;
        }
    } else {
        (*undecided)++;
    }
    dtoa_g(v, g);
    printf_loop(v, old, sizeof old);
    if (strtod(g, NULL) != v || (strcmp(g, old) && strlen(g) >= strlen(old))) {
        fprintf(stderr, "%.17g: dtoa_g %s, printf %s\n", v, g, old);
        return 1;
    }
    return 0;
}

static double rnd_double(int kind)
{
    uint64_t r = rnd();
    double v;
    switch (kind) {
    case 0: /* any finite positive double */
        r &= ~(1ull << 63);
        if ((r >> 52) == 0x7ff)
            r ^= 1ull << 62;
        memcpy(&v, &r, sizeof v);
        return v;
    case 1: /* probabilities as the odds print them */
        return (double)(r >> 11) / 9007199254740992.0 *
               pow(10, -(double)(rnd() % 300));
    case 2: /* short decimals: k / 10^j */
        return (double)(r % 100000) / pow(10, (double)(rnd() % 12));
    default: /* powers of two and their neighbours */
        v = ldexp(1, (int)(r % 2000) - 1000);
        return rnd() & 1 ? nextafter(v, 0) : v;
    }
}

static void shortest_round_trip(void **state)
{
    (void)state;
    int bad = 0, undecided = 0, n = 40000;
    const double fixed[] = {0.15, 1.0 / 3, 5e-324, 2.2250738585072014e-308,
                            1.7976931348623157e308, 1, 0.5, 100, 1e21, 1e-5,
                            9007199254740993.0, 0.1 + 0.2, 4.4, 123456789012345680.0};
    for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
        bad += check_one(fixed[i], &undecided);
    for (int i = 0; i < n && bad < 10; i++)
        bad += check_one(rnd_double(i % 4), &undecided);
    assert_int_equal(bad, 0);
    /* the slow path is for the rare close call, not the common case */
    fprintf(stderr, "undecided %d of %d\n", undecided, n);
    assert_true(undecided < n / 100);
    char g[32];
    dtoa_g(0.00001234, g);
    assert_string_equal(g, "1.234e-05");
    dtoa_g(-2, g);
    assert_string_equal(g, "-2");
    dtoa_g(1e21, g);
    assert_string_equal(g, "1e+21");
    dtoa_g(123456789012345.0, g);
    assert_string_equal(g, "123456789012345");
    dtoa_g(-0.0, g);
    assert_string_equal(g, "-0");
}

/* The old render_near: %.1g, %.2g, ... until it is within an ulp of the
 * scale. */
static void near_loop(double x, double scale, char *buf, size_t n)
{
    scale = fabs(scale);
    double eps = nextafter(scale, INFINITY) - scale;
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, x);
        if (fabs(strtod(buf, NULL) - x) <= eps)
            break;
    }
    if (!strcmp(buf, "-0"))
        snprintf(buf, n, "0");
}

/* render_near's fast path prints what the printf loop prints. */
static void near_matches_printf(void **state)
{
    (void)state;
    int bad = 0, undecided = 0, n = 40000;
    for (int i = 0; i < n && bad < 10; i++) {
        double a = rnd_double(1 + i % 3), b;
        switch (i % 4) {
        case 0: b = a * (1 + ((double)(rnd() % 2001) - 1000) * 1e-6); break;
        case 1: b = rnd_double(1); break;
        case 2: b = a + ((double)(rnd() % 100) - 50) * 1e-4; break;
        default: b = nextafter(a, 0);
        }
        char fast[32], old[40];
        size_t len;
        double scale = fmax(fabs(a), fabs(b));
        near_loop(a - b, scale, old, sizeof old);
        if (!dtoa_near(a - b, nextafter(scale, INFINITY) - scale, fast, &len)) {
            undecided++;
            continue;
        }
        if (strcmp(fast, old)) {
            fprintf(stderr, "%.17g - %.17g: fast %s, printf %s\n", a, b, fast,
                    old);
            bad++;
        }
    }
    fprintf(stderr, "near: undecided %d of %d\n", undecided, n);
    assert_int_equal(bad, 0);
    assert_true(undecided < n / 4); /* a set made of hard cases */
}

/* dtoa_cjson prints what cJSON prints. */
static void cjson_numbers(void **state)
{
    (void)state;
    int bad = 0;
    for (int i = 0; i < 40000 && bad < 10; i++) {
        double v = i < 10 ? (double[]){0, -0.0, 1, -7, 0.5, 1e300, 3e9,
                                       -2147483648.0, 0.99999999999999978,
                                       nextafter(1, 2)}[i]
                         : rnd_double(i % 4) * (i % 5 ? 1 : -1);
        cJSON *n = cJSON_CreateNumber(v);
        char *want = cJSON_PrintUnformatted(n);
        char got[32];
        dtoa_cjson(v, got);
        if (strcmp(got, want)) {
            fprintf(stderr, "%.17g: dtoa_cjson %s, cJSON %s\n", v, got, want);
            bad++;
        }
        cJSON_free(want);
        cJSON_Delete(n);
    }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(differences),
        cmocka_unit_test(exact_values),
        cmocka_unit_test(shortest_round_trip),
        cmocka_unit_test(near_matches_printf),
        cmocka_unit_test(cjson_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
