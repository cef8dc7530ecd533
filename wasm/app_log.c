/* SPDX-License-Identifier: MIT */
/* app_log.c -- the log's sentences for the page: each entry of a page of
 * the log, as the viewer is shown it (the API's JSON, already parsed by
 * the page), told by the library's own camp_ev_log_text, which `muster
 * campaign log` prints, in the engine's language (mu_app_lang).
 *
 * The decoders read the entries through src/campaign/evjson.h. Here a
 * value is a handle into a table of JavaScript values (Module.ejVals, the
 * page's list at 1, 0 none): each member or item read is pushed onto it;
 * strings are copied into the heap once and freed, with the table, when
 * the call ends. */
#include "event.h"

#include <emscripten.h>
#include <stdint.h>
#include <stdlib.h>

static int handle(const ej_val *v) { return (int)(uintptr_t)v; }
static const ej_val *value(int h) { return (const ej_val *)(uintptr_t)h; }

EM_JS(int, ej_js_type, (int h), {
    const v = Module.ejVals[h];
    if (v === null) return 1;
    if (v === false) return 2;
    if (v === true) return 3;
    if (typeof v === 'number') return 4;
    if (typeof v === 'string') return 5;
    if (Array.isArray(v)) return 6;
    if (typeof v === 'object') return 7;
    return 0;
});

EM_JS(int, ej_js_push, (int h, const char *key, int i), {
    const o = Module.ejVals[h];
    let v;
    if (key) {
        const k = UTF8ToString(key);
        if (o === null || typeof o !== 'object' || Array.isArray(o) ||
            !Object.prototype.hasOwnProperty.call(o, k)) return 0;
        v = o[k];
    } else {
        if (!Array.isArray(o) || i < 0 || i >= o.length) return 0;
        v = o[i];
    }
    if (v === undefined) return 0;
    Module.ejVals.push(v);
    return Module.ejVals.length - 1;
});

EM_JS(double, ej_js_number, (int h), {
    const v = Module.ejVals[h];
    return typeof v === 'number' ? v : 0;
});

EM_JS(int, ej_js_count, (int h), {
    const v = Module.ejVals[h];
    return Array.isArray(v) ? v.length : 0;
});

EM_JS(char *, ej_js_string, (int h), {
    const v = Module.ejVals[h];
    if (typeof v !== 'string') return 0;
    Module.ejStrs = Module.ejStrs || new Map();
    if (!Module.ejStrs.has(h)) {
        const n = lengthBytesUTF8(v) + 1, p = _malloc(n);
        if (!p) return 0;
        stringToUTF8(v, p, n);
        Module.ejStrs.set(h, p);
    }
    return Module.ejStrs.get(h);
});

EM_JS(void, ej_js_release, (void), {
    for (const p of (Module.ejStrs || new Map()).values()) _free(p);
    Module.ejStrs = null;
    Module.ejVals = null;
});

ej_type ej_type_of(const ej_val *v)
{
    return v ? (ej_type)ej_js_type(handle(v)) : EJ_ABSENT;
}

const ej_val *ej_get(const ej_val *o, const char *key)
{
    return o ? value(ej_js_push(handle(o), key, 0)) : NULL;
}

double ej_number(const ej_val *v)
{
    return v ? ej_js_number(handle(v)) : 0;
}

const char *ej_string(const ej_val *v)
{
    return v ? ej_js_string(handle(v)) : NULL;
}

int ej_count(const ej_val *a)
{
    return a ? ej_js_count(handle(a)) : 0;
}

const ej_val *ej_at(const ej_val *a, int i)
{
    return a ? value(ej_js_push(handle(a), NULL, i)) : NULL;
}

static sbuf lines;

/* The page's list (handle 1): each entry's lines, entries separated by
 * RS (0x1e); an entry that cannot be read has none. The text stays until
 * the next call. */
EMSCRIPTEN_KEEPALIVE const char *mu_app_log(void)
{
    free(lines.p);
    lines = (sbuf){0};
    mu_buf_puts(&lines, "");
    const ej_val *list = value(1);
    for (int i = 0; i < ej_count(list); i++) {
        camp_ev e;
        mu_error err;
        if (i)
            mu_buf_puts(&lines, "\x1e");
        if (camp_ev_decode_shown_val("log", ej_at(list, i), NULL, &e,
                                     &err) == MU_OK)
            camp_ev_log_text(&e, &lines);
        camp_ev_clear(&e);
    }
    ej_js_release();
    return lines.oom || !lines.p ? "" : lines.p;
}
