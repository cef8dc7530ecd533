/* SPDX-License-Identifier: MIT */
/* writer.h -- fast appends to an sbuf for the renderers of many records:
 * bytes, literals, integers without printf, JSON strings escaped as cJSON
 * escapes them, and a small JSON writer whose pretty form is byte for byte
 * cJSON_Print's (tabs, "key":<TAB>value, arrays inline) so records written
 * directly and trees printed by cJSON look the same. */
#ifndef MU_WRITER_H
#define MU_WRITER_H

#include "util.h"

#include <stdint.h>
#include <string.h>

static inline void sb_ch(sbuf *sb, char c)
{
    if (sb->len + 2 > sb->cap && !sb_grow(sb, 1))
        return;
    sb->p[sb->len++] = c;
    sb->p[sb->len] = '\0';
}

/* A string literal, its length known at compile time. */
#define SB_LIT(sb, lit) sb_put((sb), "" lit, sizeof(lit) - 1)

/* n blanks. */
void sb_pad(sbuf *sb, int n);
/* A whole number in decimal, as printf's "%" PRIu64 / "%lld" write it. */
void sb_u64(sbuf *sb, uint64_t v);
void sb_i64(sbuf *sb, int64_t v);
/* The digits of v into buf (at least 20 bytes), not terminated; returns
 * how many. */
size_t wr_u64(char *buf, uint64_t v);

/* ---- numbers -------------------------------------------------------------- */

/* v in the fewest of 15, 16, 17 digits ("%.*g") that read back exactly:
 * "0.15", "0.3333333333333333", "1e-05", "-2"; "nan", "inf" as printf.
 * Returns the length; buf is terminated. */
size_t wr_num_g(double v, char buf[32]);

/* ---- a JSON writer ------------------------------------------------------ */

#define JW_DEPTH MU_JSON_DEPTH

/* The writer is the public mu_json (muster/core.h), which forwards to
 * these. */
typedef mu_json jw;

/* Starts writing at `depth` containers already open (an element of an
 * array the caller writes itself: 1), pretty or compact. */
void jw_init(jw *w, sbuf *sb, bool pretty, int depth);
/* Each value takes a key inside an object and NULL inside an array or at
 * the top. Keys and string values are escaped as cJSON escapes them. */
void jw_obj(jw *w, const char *key);
void jw_arr(jw *w, const char *key);
void jw_end(jw *w);
void jw_str(jw *w, const char *key, const char *v);
void jw_int(jw *w, const char *key, int64_t v);
void jw_u64(jw *w, const char *key, uint64_t v);
void jw_bool(jw *w, const char *key, bool v);
void jw_null(jw *w, const char *key);
/* A double as cJSON prints it (wr_num_cjson); text as it is (a number the
 * caller formatted). */
void jw_double(jw *w, const char *key, double v);
void jw_raw(jw *w, const char *key, const char *text);

/* What goes before a value (the separator, the key): the caller then
 * writes the value itself. */
void jw_key(jw *w, const char *key);

/* ---- output in chunks --------------------------------------------------- */

/* The text of a long listing (a campaign's divisions, its log) gathers in
 * sb and goes to `write` once about WR_CHUNK bytes have gathered, the first
 * record at once, so that any number of records takes the memory of one
 * chunk. Without `write` everything stays in sb (the char ** calls). */
#define WR_CHUNK (64 * 1024)

typedef struct wr_out {
    sbuf sb;
    mu_sink_fn write; /* NULL: keep the whole text */
    void *ctx;
    bool sent;        /* the first record went out */
} wr_out;

void wr_out_init(wr_out *o, mu_sink_fn write, void *ctx);
/* After a record: hands what gathered to `write` when it is time.
 * MU_ENOMEM once sb ran out of memory; else what `write` returns. */
mu_status wr_out_record(wr_out *o, mu_error *err);
/* The rest goes to `write`; without one, *out (malloc'd) takes the whole
 * text. Frees the buffer either way. */
mu_status wr_out_end(wr_out *o, char **out, mu_error *err);
void wr_out_free(wr_out *o);

#endif
