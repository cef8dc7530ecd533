/* SPDX-License-Identifier: MIT */
/* app_lang.c -- the core's words in the page's language. The library asks
 * gettext for its words (src/lang.h: dgettext, dngettext; lang_pgettext
 * and the decimal mark go through dgettext too). Emscripten's libc has
 * musl's gettext, but it cannot map a catalogue (its __map_file always
 * fails), so every word would stay English. These two functions stand in
 * for it: they look words up in a GNU .mo image the page hands over
 * (mu_app_lang; web/site/engine.js): the messages of the core's files,
 * compiled from the CLI's po/LANG.po (wasm/CMakeLists.txt), so that a German division here is byte for byte
 * what `LANGUAGE=de muster division` prints. With no image (English) each
 * returns its msgid itself, as gettext does in the C locale: the English
 * output is the one it always was.
 *
 * A .mo's original strings are sorted (msgfmt sorts them by strcmp), so a
 * word is found by binary search; the image is checked once when it is
 * handed over (offsets inside it, strings NUL-terminated, sorted, two
 * plural forms), and one that fails is refused: the core speaks English. */
#include <emscripten.h>
#include <libintl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MO_MAGIC 0x950412deu

typedef struct mo_cat {
    unsigned char *data; /* the image, owned; NULL: English */
    uint32_t n, orig, trans; /* count, offsets of the two tables */
    bool swap;               /* written on a machine of the other order */
} mo_cat;
static mo_cat mo;

static uint32_t word_at(const unsigned char *p, bool swap)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return swap ? __builtin_bswap32(v) : v;
}

/* The string of entry i of the table at `table`: its bytes and length
 * (plural forms NUL-separated inside it). */
static const char *entry(uint32_t table, uint32_t i, uint32_t *len)
{
    const unsigned char *e = mo.data + table + 8u * i;
    *len = word_at(e, mo.swap);
    return (const char *)mo.data + word_at(e + 4, mo.swap);
}

/* Whether entry i of both tables lies inside the image and ends in NUL. */
static bool entry_ok(unsigned char *d, size_t size, uint32_t table,
                     uint32_t i, bool swap)
{
    uint32_t len = word_at(d + table + 8u * i, swap);
    uint32_t off = word_at(d + table + 8u * i + 4, swap);
    return off < size && len < size - off && d[off + len] == '\0';
}

/* Checks the image d[0..size) and takes it as the catalogue. */
static bool mo_take(unsigned char *d, size_t size)
{
    if (size < 28)
        return false;
    bool swap = word_at(d, false) != MO_MAGIC;
    if (swap && word_at(d, true) != MO_MAGIC)
        return false;
    uint32_t n = word_at(d + 8, swap), orig = word_at(d + 12, swap),
             trans = word_at(d + 16, swap);
    if (n == 0 || n > (size - 28) / 16 || orig > size - 8u * n ||
        trans > size - 8u * n)
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (!entry_ok(d, size, orig, i, swap) ||
            !entry_ok(d, size, trans, i, swap))
            return false;
    mo = (mo_cat){d, n, orig, trans, swap};
    uint32_t len;
    const char *prev = entry(orig, 0, &len);
    for (uint32_t i = 1; i < n; i++) {
        const char *s = entry(orig, i, &len);
        if (strcmp(prev, s) >= 0)
            goto refuse;
        prev = s;
    }
    /* the header is the translation of "" (sorted first); German and
     * English have two forms, the second for every n but 1 */
    if (*entry(orig, 0, &len) || !strstr(entry(trans, 0, &len), "nplurals=2"))
        goto refuse;
    return true;
refuse:
    mo.data = NULL;
    return false;
}

/* The translation of msgid (its forms NUL-separated, *len bytes), or NULL
 * where the catalogue has none. */
static const char *lookup(const char *domain, const char *msgid,
                          uint32_t *len)
{
    if (!mo.data || !msgid || (domain && strcmp(domain, "muster")))
        return NULL;
    uint32_t lo = 0, hi = mo.n, l;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int c = strcmp(msgid, entry(mo.orig, mid, &l));
        if (c == 0) {
            const char *t = entry(mo.trans, mid, len);
            return *len ? t : NULL;
        }
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* Takes the catalogue: n bytes at mo_bytes, a GNU .mo, which the core
 * keeps (the caller malloc'd them and does not free them); n == 0 (or a
 * NULL pointer): English. Returns 1 when the catalogue was taken, 0 for
 * English (asked for, or the image refused). The words of a render are
 * looked up as it starts (lang_init), so the next call speaks the new
 * language; nothing else keeps a word. */
EMSCRIPTEN_KEEPALIVE int mu_app_lang(unsigned char *mo_bytes, int n)
{
    free(mo.data);
    mo.data = NULL;
    if (!mo_bytes || n <= 0 || !mo_take(mo_bytes, (size_t)n)) {
        free(mo_bytes);
        return 0;
    }
    return 1;
}

char *dgettext(const char *domain, const char *msgid)
{
    uint32_t len;
    const char *t = lookup(domain, msgid, &len);
    return (char *)(t ? t : msgid);
}

char *dngettext(const char *domain, const char *one, const char *many,
                unsigned long n)
{
    uint32_t len;
    const char *t = lookup(domain, one, &len);
    if (t && n != 1) {
        size_t first = strlen(t);
        t = first < len ? t + first + 1 : NULL;
    }
    return (char *)(t ? t : n == 1 ? one : many);
}
