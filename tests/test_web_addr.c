/* SPDX-License-Identifier: MIT */
/* test_web_addr.c -- which addresses `muster serve` prints and puts in its
 * QR codes, from made-up interface lists: nothing is bound or sent. */
#define _GNU_SOURCE /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include <cmocka.h>

#include "web.h"

/* A fake interface list: name, flags, address (v4 or v6 text). */
typedef struct fake {
    struct ifaddrs ifa[8];
    struct sockaddr_storage addr[8];
    size_t n;
} fake;

static void fake_add(fake *f, const char *name, unsigned flags,
                     const char *addr)
{
    struct ifaddrs *i = &f->ifa[f->n];
    struct sockaddr_storage *s = &f->addr[f->n];
    memset(i, 0, sizeof *i);
    memset(s, 0, sizeof *s);
    if (strchr(addr, ':')) {
        struct sockaddr_in6 *a = (struct sockaddr_in6 *)s;
        a->sin6_family = AF_INET6;
        assert_int_equal(inet_pton(AF_INET6, addr, &a->sin6_addr), 1);
    } else {
        struct sockaddr_in *a = (struct sockaddr_in *)s;
        a->sin_family = AF_INET;
        assert_int_equal(inet_pton(AF_INET, addr, &a->sin_addr), 1);
    }
    i->ifa_name = (char *)name;
    i->ifa_flags = flags;
    i->ifa_addr = (struct sockaddr *)s;
    if (f->n)
        f->ifa[f->n - 1].ifa_next = i;
    f->n++;
}

static struct sockaddr_storage bound(const char *addr, unsigned port)
{
    struct sockaddr_storage s = {0};
    if (strchr(addr, ':')) {
        struct sockaddr_in6 *a = (struct sockaddr_in6 *)&s;
        a->sin6_family = AF_INET6;
        a->sin6_port = htons((uint16_t)port);
        assert_int_equal(inet_pton(AF_INET6, addr, &a->sin6_addr), 1);
    } else {
        struct sockaddr_in *a = (struct sockaddr_in *)&s;
        a->sin_family = AF_INET;
        a->sin_port = htons((uint16_t)port);
        assert_int_equal(inet_pton(AF_INET, addr, &a->sin_addr), 1);
    }
    return s;
}

#define UP (IFF_UP | IFF_RUNNING)

/* A laptop: loopback, Wi-Fi with IPv4 and IPv6 (global and link-local), a
 * docker bridge that is down, Ethernet. */
static void laptop(fake *f)
{
    f->n = 0;
    fake_add(f, "lo", UP | IFF_LOOPBACK, "127.0.0.1");
    fake_add(f, "lo", UP | IFF_LOOPBACK, "::1");
    fake_add(f, "wlan0", UP, "fe80::1c2:3ff:fe44:5566");
    fake_add(f, "wlan0", UP, "192.168.1.23");
    fake_add(f, "wlan0", UP, "2001:db8::23");
    fake_add(f, "docker0", 0, "172.17.0.1");
    fake_add(f, "eth0", UP, "10.0.0.5");
}

static void wildcard_v4_lists_the_lan_not_loopback(void **state)
{
    (void)state;
    fake f;
    laptop(&f);
    struct sockaddr_storage b = bound("0.0.0.0", 8080);
    web_host h[8];
    size_t n = web_hosts((struct sockaddr *)&b, f.ifa, h, 8);
    assert_int_equal(n, 2);
    assert_string_equal(h[0].text, "192.168.1.23");
    assert_false(h[0].v6);
    assert_string_equal(h[1].text, "10.0.0.5");
    assert_true(web_addr_is_wildcard((struct sockaddr *)&b));
    assert_false(web_addr_is_loopback((struct sockaddr *)&b));
}

static void wildcard_v6_adds_global_v6_after_v4(void **state)
{
    (void)state;
    fake f;
    laptop(&f);
    struct sockaddr_storage b = bound("::", 8080);
    web_host h[8];
    size_t n = web_hosts((struct sockaddr *)&b, f.ifa, h, 8);
    assert_int_equal(n, 3);
    assert_string_equal(h[0].text, "192.168.1.23");
    assert_string_equal(h[1].text, "10.0.0.5");
    assert_string_equal(h[2].text, "2001:db8::23");
    assert_true(h[2].v6);
    char url[128];
    web_url(url, sizeof url, &h[2], 8080, NULL, false);
    assert_string_equal(url, "http://[2001:db8::23]:8080/");
    web_url(url, sizeof url, &h[0], 8443, "00ff", true);
    assert_string_equal(url, "https://192.168.1.23:8443/#t=00ff");
    assert_int_equal(web_hosts((struct sockaddr *)&b, f.ifa, h, 1), 1);
}

static void one_address_is_that_address(void **state)
{
    (void)state;
    fake f;
    laptop(&f);
    struct sockaddr_storage b = bound("127.0.0.1", 8080);
    web_host h[8];
    assert_int_equal(web_hosts((struct sockaddr *)&b, f.ifa, h, 8), 1);
    assert_string_equal(h[0].text, "127.0.0.1");
    assert_true(web_addr_is_loopback((struct sockaddr *)&b));
    b = bound("192.168.1.23", 8080);
    assert_int_equal(web_hosts((struct sockaddr *)&b, NULL, h, 8), 1);
    assert_string_equal(h[0].text, "192.168.1.23");
    assert_false(web_addr_is_loopback((struct sockaddr *)&b));
}

static void only_loopback_means_no_host(void **state)
{
    (void)state;
    fake f = {.n = 0};
    fake_add(&f, "lo", UP | IFF_LOOPBACK, "127.0.0.1");
    fake_add(&f, "wlan0", 0, "192.168.1.23"); /* down */
    struct sockaddr_storage b = bound("0.0.0.0", 8080);
    web_host h[8];
    assert_int_equal(web_hosts((struct sockaddr *)&b, f.ifa, h, 8), 0);
    assert_int_equal(web_hosts((struct sockaddr *)&b, NULL, h, 8), 0);
}

__attribute__((noinline)) static char *printed(const web_links *l)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    web_links_print(f, l);
    fclose(f);
    return buf;
}

static void printed_urls_use_the_interface_address(void **state)
{
    (void)state;
    fake f;
    laptop(&f);
    struct sockaddr_storage b = bound("0.0.0.0", 0);
    web_host h[8];
    size_t n = web_hosts((struct sockaddr *)&b, f.ifa, h, 8);
    web_links l = {h, n, false, 40513, NULL, NULL, 0, false, false};
    char *out = printed(&l);
    assert_string_equal(out, "muster serve: open the page at\n"
                             "  http://192.168.1.23:40513/\n"
                             "  http://10.0.0.5:40513/\n"
                             "Ctrl-C stops the server.\n");
    free(out);
    /* the QR code follows the first address, the one a phone scans */
    l.qr = true;
    char *qr = printed(&l);
    const char *first = strstr(qr, "  http://192.168.1.23:40513/\n");
    const char *second = strstr(qr, "  http://10.0.0.5:40513/\n");
    const char *block = strstr(qr, "\u2588");
    assert_non_null(first);
    assert_non_null(second);
    assert_non_null(block);
    assert_true(first < block && block < second);
    assert_null(strstr(second, "\u2588"));
    free(qr);
}

static void campaign_links_carry_the_token(void **state)
{
    (void)state;
    web_host h[1] = {{"192.168.1.23", false}};
    web_link links[1] = {{"umpire", "00112233445566778899aabbccddeeff"}};
    web_links l = {h, 1, false, 8080, "c.db", links, 1, false, false};
    char *out = printed(&l);
    assert_non_null(strstr(out, "  umpire       http://192.168.1.23:8080/"
                                "#t=00112233445566778899aabbccddeeff\n"));
    free(out);
}

static void no_network_address_is_said_plainly(void **state)
{
    (void)state;
    web_links l = {NULL, 0, false, 8080, NULL, NULL, 0, false, false};
    char *out = printed(&l);
    assert_string_equal(out, "muster serve: this computer has no network "
                        "address, so no phone can reach it: connect it to "
                        "the table's network (Wi-Fi) and start again. On "
                        "this computer the page is at\n"
                        "  http://127.0.0.1:8080/\n"
                        "Ctrl-C stops the server.\n");
    free(out);
}

static void loopback_is_this_computer_only(void **state)
{
    (void)state;
    web_host h[1] = {{"127.0.0.1", false}};
    web_links l = {h, 1, true, 8080, NULL, NULL, 0, false, false};
    char *out = printed(&l);
    assert_string_equal(out, "muster serve: open the page at\n"
                             "  http://127.0.0.1:8080/\n"
                             "Only this computer can open it (127.0.0.1 is "
                             "its loopback address); to let phones on the "
                             "network in, leave out --listen.\n"
                             "Ctrl-C stops the server.\n");
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wildcard_v4_lists_the_lan_not_loopback),
        cmocka_unit_test(wildcard_v6_adds_global_v6_after_v4),
        cmocka_unit_test(one_address_is_that_address),
        cmocka_unit_test(only_loopback_means_no_host),
        cmocka_unit_test(printed_urls_use_the_interface_address),
        cmocka_unit_test(campaign_links_carry_the_token),
        cmocka_unit_test(no_network_address_is_said_plainly),
        cmocka_unit_test(loopback_is_this_computer_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
