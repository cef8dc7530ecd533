/* SPDX-License-Identifier: MIT */
/* base.c -- the ledger's lowest layer: names, sides, the problems check
 * reports, and the hashes of the chain. No SQLite: everything here works on
 * values, and every other file of src/campaign/ may call it
 * (docs/design.md, "Layers"). */
#include "campaign.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

mu_status camp_reason(mu_error *err, mu_reason why)
{
    if (err)
        err->reason = why;
    return err ? err->code : MU_EINTERNAL;
}

const char *camp_side_title(mu_army a)
{
    return a == MU_UNION ? "Union" : "Confederate";
}

const char *camp_side_noun(mu_army a)
{
    return a == MU_UNION ? "Union" : "Confederates";
}

const char *camp_side_poss(mu_army a)
{
    return a == MU_UNION ? "Union's" : "Confederates'";
}

ev_seed camp_seed(const mu_dice *d, bool fresh)
{
    ev_seed s = {false, 0};
    s.has = fresh && mu_dice_seed(d, &s.value);
    return s;
}

mu_status camp_check_name(const char *s, const char *what, mu_error *err)
{
    if (!s || !*s)
        return err_set(err, MU_EINPUT, "give the %s a name", what);
    size_t n = strlen(s);
    if (n > CAMP_NAME_MAX)
        return err_set(err, MU_EINPUT, "the %s name is %zu bytes long: at most "
                       "%d", what, n, CAMP_NAME_MAX);
    /* C0, DEL and C1 (U+0080..U+009F, 0xC2 0x80..0x9F in UTF-8). */
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7F || (*p == 0xC2 && p[1] >= 0x80 &&
                                         p[1] <= 0x9F))
            return err_set(err, MU_EINPUT, "the %s name holds a control "
                           "character", what);
    if (!canon_utf8_valid(s))
        return err_set(err, MU_EINPUT, "the %s name is not valid UTF-8", what);
    return MU_OK;
}

void camp_copy_name(char *dst, const char *src)
{
    snprintf(dst, CAMP_NAME_MAX + 1, "%s", src ? src : "");
}

void camp_md_name(const char *s, char *buf, size_t n)
{
    size_t k = 0;
    for (; *s && k + 3 < n; s++) {
        if (strchr("\\`*_[]|<>#", *s))
            buf[k++] = '\\';
        buf[k++] = *s;
    }
    buf[k] = '\0';
}

const char *mu_camp_default(mu_army captor)
{
    return captor == MU_UNION ? CAMP_DEFAULT_UNION : CAMP_DEFAULT_CONFEDERATE;
}

void camp_problem(camp_report *r, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (r->problems++ < 50)
        sb_printf(r->sb, "problem: %s\n", buf);
}

mu_status camp_chain_next(const unsigned char prev[CAMP_HASH_BYTES],
                          int64_t id, const char *kind, int division,
                          const char *data, unsigned char out[CAMP_HASH_BYTES],
                          mu_error *err)
{
    if (sodium_init() < 0)
        return err_set(err, MU_EINTERNAL, "libsodium could not start");
    char head[96], mid[64];
    if (division > 0)
        snprintf(mid, sizeof mid, ",\"division\":%d,\"id\":%" PRId64
                 ",\"kind\":\"", division, id);
    else
        snprintf(mid, sizeof mid, ",\"division\":null,\"id\":%" PRId64
                 ",\"kind\":\"", id);
    snprintf(head, sizeof head, "{\"data\":");
    crypto_hash_sha256_state h;
    crypto_hash_sha256_init(&h);
    crypto_hash_sha256_update(&h, prev, CAMP_HASH_BYTES);
    crypto_hash_sha256_update(&h, (const unsigned char *)head, strlen(head));
    crypto_hash_sha256_update(&h, (const unsigned char *)data, strlen(data));
    crypto_hash_sha256_update(&h, (const unsigned char *)mid, strlen(mid));
    crypto_hash_sha256_update(&h, (const unsigned char *)kind, strlen(kind));
    crypto_hash_sha256_update(&h, (const unsigned char *)"\"}", 2);
    crypto_hash_sha256_final(&h, out);
    return MU_OK;
}

void camp_sha256_hex(const void *p, size_t n, char hex[CAMP_HASH_HEX])
{
    unsigned char h[CAMP_HASH_BYTES];
    if (sodium_init() < 0) { /* cannot happen after the first: say nothing */
        hex[0] = '\0';
        return;
    }
    crypto_hash_sha256(h, p, n);
    camp_hash_hex(h, hex);
}

void camp_hash_hex(const unsigned char hash[CAMP_HASH_BYTES],
                   char hex[CAMP_HASH_HEX])
{
    sodium_bin2hex(hex, CAMP_HASH_HEX, hash, CAMP_HASH_BYTES);
}

bool camp_hash_parse(const char *hex, unsigned char out[CAMP_HASH_BYTES])
{
    size_t got = 0;
    const char *end = NULL;
    return hex && strlen(hex) == 2 * CAMP_HASH_BYTES &&
           sodium_hex2bin(out, CAMP_HASH_BYTES, hex, strlen(hex), NULL, &got,
                          &end) == 0 &&
           got == CAMP_HASH_BYTES && *end == '\0';
}
