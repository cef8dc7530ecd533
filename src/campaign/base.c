/* SPDX-License-Identifier: MIT */
/* base.c -- the ledger's lowest layer: names, sides, the problems check
 * reports, the hashes of the chain and the events' times. No SQLite:
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

mu_status camp_check_name(const char *s, const char *what, mu_error *err)
{
    char out[CAMP_NAME_MAX + 1];
    return camp_name_clean(s, what, out, err);
}

/* ---- times: UTC to the second, by the proleptic Gregorian calendar ------ */

#define EV_TIME_MAX INT64_C(253402300799) /* 9999-12-31T23:59:59Z */

/* Days since 1970-01-01 of a date, and back (H. Hinnant's algorithms). */
static int64_t days_of(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void date_of(int64_t z, int64_t *y, int *m, int *d)
{
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = yoe + era * 400 + (*m <= 2);
}

bool camp_time_text(int64_t secs, char out[EV_TIME_LEN])
{
    out[0] = '\0';
    if (secs < 0 || secs > EV_TIME_MAX)
        return false;
    int64_t y;
    int m, d, t = (int)(secs % 86400);
    date_of(secs / 86400, &y, &m, &d);
    char buf[64]; /* room for what the compiler cannot bound */
    snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02dZ", (int)y, m, d,
             t / 3600, t / 60 % 60, t % 60);
    memcpy(out, buf, EV_TIME_LEN - 1);
    out[EV_TIME_LEN - 1] = '\0';
    return true;
}

/* n digits at s as a number, -1 if any is not a digit. */
static int digits(const char *s, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

bool camp_time_parse(const char *s, int64_t *secs)
{
    if (!s || strlen(s) != EV_TIME_LEN - 1 || s[4] != '-' || s[7] != '-' ||
        s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[19] != 'Z')
        return false;
    int y = digits(s, 4), m = digits(s + 5, 2), d = digits(s + 8, 2);
    int h = digits(s + 11, 2), mi = digits(s + 14, 2), sec = digits(s + 17, 2);
    if (y < 1970 || m < 1 || m > 12 || d < 1 || d > 31 || h < 0 || h > 23 ||
        mi < 0 || mi > 59 || sec < 0 || sec > 59)
        return false;
    int64_t v = days_of(y, m, d) * 86400 + h * 3600 + mi * 60 + sec;
    char back[EV_TIME_LEN];
    /* 2026-02-30 is another day's number: only a real date comes back */
    if (!camp_time_text(v, back) || strcmp(back, s) != 0)
        return false;
    *secs = v;
    return true;
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
        camp_line(r->sb, "problem: %s\n", buf);
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
