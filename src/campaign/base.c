/* SPDX-License-Identifier: MIT */
/* base.c -- the ledger's lowest layer: names, sides, the problems check
 * reports, the hashes of the chain (the events' times: plain.c). No SQLite:
 * everything here works on values, and every other file of src/campaign/
 * may call it (docs/design.md, "Layers"). */
#include "campaign.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

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

/* Code points a name may not hold: controls (C0, DEL, C1), format
 * characters (bidi overrides and isolates, zero-width characters, the
 * soft hyphen) and the line and paragraph separators. A right-to-left
 * override would turn the rest of a name around on the other side's page
 * and paper; a zero-width one makes two names that look the same differ. */
static bool name_char_refused(utf8proc_int32_t cp)
{
    utf8proc_category_t k = utf8proc_category(cp);
    return k == UTF8PROC_CATEGORY_CC || k == UTF8PROC_CATEGORY_CF ||
           k == UTF8PROC_CATEGORY_ZL || k == UTF8PROC_CATEGORY_ZP;
}

/* The first refused code point of valid UTF-8 s, or -1. */
static utf8proc_int32_t name_refused(const char *s)
{
    const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
    utf8proc_int32_t cp;
    utf8proc_ssize_t n;
    while (*p && (n = utf8proc_iterate(p, -1, &cp)) > 0) {
        if (name_char_refused(cp))
            return cp;
        p += n;
    }
    return -1;
}

mu_status camp_name_clean(const char *s, const char *what,
                          char out[CAMP_NAME_MAX + 1], mu_error *err)
{
    out[0] = '\0';
    if (!s || !*s)
        return err_set(err, MU_EINPUT, "give the %s a name", what);
    if (!canon_utf8_valid(s))
        return err_set(err, MU_EINPUT, "the %s name is not valid UTF-8", what);
    utf8proc_int32_t cp = name_refused(s);
    if (cp >= 0 && (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)))
        return err_why(err, MU_EINPUT, MU_R_NAME_CHARACTER, "the %s name "
                       "holds a control character", what);
    char code[16]; /* a %s: messages are translated by their words */
    if (cp >= 0 && snprintf(code, sizeof code, "U+%04X", (unsigned)cp) > 0)
        return err_why(err, MU_EINPUT, MU_R_NAME_CHARACTER, "the %s name "
                       "holds %s, a character that is not shown or that "
                       "changes how the text around it is shown", what, code);
    /* NFC, so that a name typed on two keyboards is one name. */
    char *nfc = (char *)utf8proc_NFC((const utf8proc_uint8_t *)s);
    if (!nfc)
        return err_set(err, MU_ENOMEM, "out of memory");
    size_t n = strlen(nfc);
    if (n <= CAMP_NAME_MAX)
        memcpy(out, nfc, n + 1);
    free(nfc);
    if (n > CAMP_NAME_MAX)
        return err_set(err, MU_EINPUT, "the %s name is %zu bytes long: at most "
                       "%d", what, n, CAMP_NAME_MAX);
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

void camp_problem(camp_report *r, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (r->problems++ < 50)
        camp_line(r->sb, "problem: %s\n", buf);
}

mu_status camp_chain_next(const unsigned char prev[CAMP_HASH_BYTES],
                          int64_t id, const char *kind, int division,
                          const char *data, unsigned char out[CAMP_HASH_BYTES],
                          mu_error *err)
{
    if (sodium_init() < 0)
        return err_set(err, MU_EINTERNAL, "libsodium could not start");
    char mid[64];
    if (division > 0)
        snprintf(mid, sizeof mid, ",\"division\":%d,\"id\":%" PRId64
                 ",\"kind\":\"", division, id);
    else
        snprintf(mid, sizeof mid, ",\"division\":null,\"id\":%" PRId64
                 ",\"kind\":\"", id);
    crypto_hash_sha256_state h;
    crypto_hash_sha256_init(&h);
    crypto_hash_sha256_update(&h, prev, CAMP_HASH_BYTES);
    crypto_hash_sha256_update(&h, (const unsigned char *)"{\"data\":", 8);
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
