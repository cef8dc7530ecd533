/* SPDX-License-Identifier: MIT */
/* evjson.h -- the event decoders' view of a parsed JSON value.
 *
 * The decoders (rd_* in evfield.c, the kinds' decode functions) read a
 * payload through these calls only, never through a parser's own types,
 * so that the same decoders and log text run where there is no cJSON: in
 * the WebAssembly engine the value is the object the page parsed with
 * JSON.parse (wasm/app_log.c); natively it is a cJSON (evjson.c).
 * A value is opaque; NULL is "absent", and every call takes it. */
#ifndef MU_CAMPAIGN_EVJSON_H
#define MU_CAMPAIGN_EVJSON_H

#include <stdbool.h>

typedef struct ej_val ej_val;

typedef enum ej_type {
    EJ_ABSENT, /* NULL, or what no other type is */
    EJ_NULL,
    EJ_FALSE,
    EJ_TRUE,
    EJ_NUMBER,
    EJ_STRING,
    EJ_ARRAY,
    EJ_OBJECT
} ej_type;

ej_type ej_type_of(const ej_val *v);
/* Member `key` of object o; NULL when o is no object or has none. */
const ej_val *ej_get(const ej_val *o, const char *key);
/* A number's value; 0 for anything else. */
double ej_number(const ej_val *v);
/* A string's bytes (UTF-8, NUL-terminated, valid while the value is);
 * NULL for anything else. */
const char *ej_string(const ej_val *v);
/* An array's length and its item i (NULL out of range); 0 and NULL for
 * anything else. */
int ej_count(const ej_val *a);
const ej_val *ej_at(const ej_val *a, int i);

static inline bool ej_is(const ej_val *v, ej_type t)
{
    return ej_type_of(v) == t;
}
static inline bool ej_is_bool(const ej_val *v)
{
    return ej_is(v, EJ_TRUE) || ej_is(v, EJ_FALSE);
}

#ifndef MU_EV_READ_ONLY
/* Natively an ej_val is a cJSON item (evjson.c). */
#define EJ_OF(c) ((const ej_val *)(c))
#endif

#endif
