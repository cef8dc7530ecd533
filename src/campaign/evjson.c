/* SPDX-License-Identifier: MIT */
/* evjson.c -- evjson.h over cJSON: an ej_val is a cJSON item. The
 * WebAssembly engine has its own (wasm/app_log.c). */
#include "evjson.h"

#include <cjson/cJSON.h>

static const cJSON *cj(const ej_val *v) { return (const cJSON *)v; }

ej_type ej_type_of(const ej_val *v)
{
    const cJSON *c = cj(v);
    return !c                 ? EJ_ABSENT
           : cJSON_IsNull(c)  ? EJ_NULL
           : cJSON_IsFalse(c) ? EJ_FALSE
           : cJSON_IsTrue(c)  ? EJ_TRUE
           : cJSON_IsNumber(c) ? EJ_NUMBER
           : cJSON_IsString(c) ? EJ_STRING
           : cJSON_IsArray(c)  ? EJ_ARRAY
           : cJSON_IsObject(c) ? EJ_OBJECT
                               : EJ_ABSENT;
}

const ej_val *ej_get(const ej_val *o, const char *key)
{
    if (!cJSON_IsObject(cj(o)))
        return NULL;
    return (const ej_val *)cJSON_GetObjectItemCaseSensitive(cj(o), key);
}

double ej_number(const ej_val *v)
{
    return cJSON_IsNumber(cj(v)) ? cj(v)->valuedouble : 0;
}

const char *ej_string(const ej_val *v)
{
    return cJSON_IsString(cj(v)) ? cj(v)->valuestring : NULL;
}

int ej_count(const ej_val *a)
{
    return cJSON_IsArray(cj(a)) ? cJSON_GetArraySize(cj(a)) : 0;
}

const ej_val *ej_at(const ej_val *a, int i)
{
    if (!cJSON_IsArray(cj(a)) || i < 0)
        return NULL;
    return (const ej_val *)cJSON_GetArrayItem(cj(a), i);
}
