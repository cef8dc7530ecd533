/* SPDX-License-Identifier: MIT */
/* render_cjson.c -- a division and its rolls as cJSON trees, the payloads
 * the campaign's events store, hash and canonicalise (canon.c), and the
 * printing of any cJSON value by jw (writer.h): cJSON parses and holds,
 * jw writes. */
#include "render.h"

#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

cJSON *render_roll_json(const mu_roll *r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "table", mu_roll_kind_name((mu_roll_kind)r->kind));
    if (r->brigade)
        cJSON_AddNumberToObject(o, "brigade", r->brigade);
    cJSON_AddNumberToObject(o, "roll", r->roll);
    switch ((mu_roll_kind)r->kind) {
    case MU_ROLL_THEATER: {
        char buf[16];
        snprintf(buf, sizeof buf, "%s-%d", mu_theater_name((mu_theater)(r->result % 2)),
                 MU_YEAR_FIRST + r->result / 2);
        cJSON_AddStringToObject(o, "result", buf);
        break;
    }
    case MU_ROLL_LEADER:
    case MU_ROLL_BRIGADIER:
    case MU_ROLL_CORPS_LEADER:
        cJSON_AddStringToObject(o, "result", mu_rating_name((mu_rating)r->result));
        break;
    case MU_ROLL_MORALE:
        cJSON_AddStringToObject(o, "result", mu_morale_name((mu_morale)r->result));
        break;
    case MU_ROLL_BATTERY:
    case MU_ROLL_RESERVE:
        cJSON_AddNumberToObject(o, "threshold", r->result);
        cJSON_AddBoolToObject(o, "result", r->pass);
        break;
    default:
        cJSON_AddNumberToObject(o, "result", r->result);
    }
    return o;
}

cJSON *render_division_json(const mu_division *d, const mu_labels *l)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    cJSON_AddStringToObject(o, "army", mu_army_name(d->army));
    cJSON_AddNumberToObject(o, "year", d->year);
    cJSON_AddStringToObject(o, "theater", mu_theater_name(d->theater));
    cJSON_AddStringToObject(o, "arm", mu_arm_name(d->arm));
    cJSON_AddStringToObject(o, "leader", mu_rating_name(d->leader));
    cJSON_AddStringToObject(o, "leader_rolled", mu_rating_name(d->leader_rolled));
    cJSON_AddBoolToObject(o, "by_the_book", d->by_the_book);
    if (d->given) {
        cJSON *g = cJSON_AddArrayToObject(o, "given");
        for (int k = 0; k < 3; k++)
            if (d->given & (1u << k))
                cJSON_AddItemToArray(g, cJSON_CreateString(
                                            render_given_division[k]));
    }
    cJSON *bs = cJSON_AddArrayToObject(o, "brigades");
    for (int i = 0; i < d->nbrigades; i++) {
        const mu_brigade *b = &d->brigades[i];
        cJSON *bo = cJSON_CreateObject();
        char label[64];
        mu_labels_name(l, b->stands, b->morale, label, sizeof label);
        cJSON_AddNumberToObject(bo, "stands", b->stands);
        cJSON_AddStringToObject(bo, "morale", mu_morale_name(b->morale));
        cJSON_AddStringToObject(bo, "leader", mu_rating_name(b->leader));
        cJSON_AddStringToObject(bo, "leader_rolled", mu_rating_name(b->rolled));
        unsigned bg = (unsigned)(d->given >> (3 + 3 * i)) & 7u;
        if (bg) {
            cJSON *g = cJSON_AddArrayToObject(bo, "given");
            for (int k = 0; k < 3; k++)
                if (bg & (1u << k))
                    cJSON_AddItemToArray(g, cJSON_CreateString(
                                                render_given_brigade[k]));
        }
        cJSON_AddStringToObject(bo, "label", label);
        cJSON_AddItemToArray(bs, bo);
    }
    cJSON_AddNumberToObject(o, "stands", d->stands);
    cJSON *a = cJSON_AddObjectToObject(o, "artillery");
    cJSON_AddNumberToObject(a, "ratio", d->artillery.ratio);
    cJSON_AddNumberToObject(a, "batteries", d->artillery.batteries);
    cJSON_AddNumberToObject(a, "division", d->artillery.division);
    cJSON_AddNumberToObject(a, "reserve", d->artillery.reserve);
    cJSON *rs = cJSON_AddArrayToObject(o, "rolls");
    for (int i = 0; i < d->nrolls; i++)
        cJSON_AddItemToArray(rs, render_roll_json(&d->rolls[i]));
    return o;
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
