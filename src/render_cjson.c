/* SPDX-License-Identifier: MIT */
/* render_cjson.c -- a division as a cJSON tree, the payload the campaign's
 * events store, hash and canonicalise (canon.c), parsed from what jw writes
 * of it, and the printing of any cJSON value by jw (writer.h): cJSON parses
 * and holds, jw writes. */
#include "render.h"

#include <cjson/cJSON.h>
#include <stdlib.h>

/* What jw wrote into sb, parsed: one serializer makes both the text and the
 * trees, so they cannot drift apart. */
static cJSON *parsed(sbuf *sb)
{
    cJSON *o = sb->oom || !sb->p ? NULL : cJSON_ParseWithLength(sb->p, sb->len);
    mu_buf_free(sb);
    return o;
}

cJSON *render_division_json(const mu_division *d, const mu_labels *l)
{
    sbuf sb = {0};
    jw w;
    jw_init(&w, &sb, false, 0);
    render_division_jw(&w, NULL, d, l, NULL);
    return parsed(&sb);
}

void jw_cjson(jw *w, const char *key, const cJSON *v)
{
    if (cJSON_IsObject(v) || cJSON_IsArray(v)) {
        bool obj = cJSON_IsObject(v);
        if (obj)
            jw_obj(w, key);
        else
            jw_arr(w, key);
        for (const cJSON *c = v->child; c; c = c->next)
            jw_cjson(w, obj ? c->string : NULL, c);
        jw_end(w);
    } else if (cJSON_IsString(v) || cJSON_IsRaw(v)) {
        const char *s = v->valuestring ? v->valuestring : "";
        if (cJSON_IsString(v))
            jw_str(w, key, s);
        else
            jw_raw(w, key, s);
    } else if (cJSON_IsNumber(v)) {
        jw_double(w, key, v->valuedouble);
    } else if (cJSON_IsBool(v)) {
        jw_bool(w, key, cJSON_IsTrue(v));
    } else {
        jw_null(w, key);
    }
}

char *wr_cjson_text(const cJSON *v)
{
    sbuf sb = {0};
    jw w;
    jw_init(&w, &sb, false, 0);
    jw_cjson(&w, NULL, v);
    if (!sb_grow(&sb, 0)) {
        mu_buf_free(&sb);
        return NULL;
    }
    return sb.p;
}
