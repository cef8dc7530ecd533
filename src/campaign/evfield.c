/* SPDX-License-Identifier: MIT */
/* evfield.c -- the fields of event payloads, shared by the kinds'
 * encoders, decoders and log text (event.c, event_held.c):
 * strict readers (rd_*), which turn a field missing, mistyped or out of
 * range into an error naming the event and the field, writers (put_*) and
 * small text helpers (ev_*). evfield.h says what each does. */
#include "evfield.h"
#include "lang.h"
#include "error.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const post_names[] = {"division", "brigade", "corps"};


/* ---- strict readers ----------------------------------------------------- */

void rd_fail(ev_reader *r, const char *key, const char *what)
{
    if (r->st != MU_OK)
        return;
    r->st = err_at(r->err, MU_EIO, r->path, 0, "event %" PRId64 " (%s) is "
                   "damaged: field '%s' %s", r->id, r->kind, key, what);
}

const cJSON *rd_item(ev_reader *r, const cJSON *o, const char *key)
{
    if (r->st != MU_OK)
        return NULL;
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v)
        rd_fail(r, key, "is missing");
    return v;
}

/* A whole number lo..hi; a double that is not exactly whole is refused. */
int rd_int(ev_reader *r, const cJSON *o, const char *key, int lo, int hi)
{
    const cJSON *v = rd_item(r, o, key);
    if (!v)
        return lo;
    double d = v->valuedouble;
    if (!cJSON_IsNumber(v) || !(d >= lo && d <= hi) || d != (double)(int)d) {
        char what[80];
        snprintf(what, sizeof what, "is not a whole number %d..%d", lo, hi);
        rd_fail(r, key, what);
        return lo;
    }
    return (int)d;
}

/* null gives `none`, else as rd_int. */
int rd_int_or_null(ev_reader *r, const cJSON *o, const char *key,
                          int lo, int hi, int none)
{
    const cJSON *v = rd_item(r, o, key);
    if (v && cJSON_IsNull(v))
        return none;
    return rd_int(r, o, key, lo, hi);
}

bool rd_bool(ev_reader *r, const cJSON *o, const char *key)
{
    const cJSON *v = rd_item(r, o, key);
    if (v && !cJSON_IsBool(v))
        rd_fail(r, key, "is not true or false");
    return v && cJSON_IsTrue(v);
}

void rd_str(ev_reader *r, const cJSON *o, const char *key, char *buf,
                   size_t n)
{
    buf[0] = '\0';
    const cJSON *v = rd_item(r, o, key);
    if (!v)
        return;
    if (!cJSON_IsString(v) || strlen(v->valuestring) >= n) {
        rd_fail(r, key, "is not a string of the right length");
        return;
    }
    memcpy(buf, v->valuestring, strlen(v->valuestring) + 1);
}

/* A string that must be a lower-case hex digest of exactly n - 1 digits. */
void rd_hex(ev_reader *r, const cJSON *o, const char *key, char *buf,
                   size_t n)
{
    rd_str(r, o, key, buf, n);
    if (r->st == MU_OK && (strlen(buf) != n - 1 ||
                           strspn(buf, "0123456789abcdef") != n - 1))
        rd_fail(r, key, "is not a hex digest");
}

/* One of the words name(0..count-1). */
int rd_word(ev_reader *r, const cJSON *o, const char *key,
                   const char *(*name)(int), int count)
{
    const cJSON *v = rd_item(r, o, key);
    if (!v)
        return 0;
    for (int i = 0; cJSON_IsString(v) && i < count; i++)
        if (!strcmp(v->valuestring, name(i)))
            return i;
    rd_fail(r, key, "is not one of the words it may be");
    return 0;
}

const char *ev_army_word(int i) { return mu_army_name((mu_army)i); }

const char *ev_author_word(int i)
{
    return i == 0 ? "umpire" : ev_army_word(i - 1);
}

const char *ev_arm_word(int i) { return mu_arm_name((mu_arm)i); }
const char *ev_theater_word(int i) { return mu_theater_name((mu_theater)i); }
const char *ev_rating_word(int i) { return mu_rating_name((mu_rating)i); }
const char *ev_morale_word(int i) { return mu_morale_name((mu_morale)i); }
const char *ev_post_word(int i) { return post_names[i]; }
const char *ev_roll_word(int i) { return mu_roll_kind_name((mu_roll_kind)i); }


mu_rat rd_share(ev_reader *r, const cJSON *o, const char *key)
{
    char buf[64];
    mu_rat v = {0, 1};
    rd_str(r, o, key, buf, sizeof buf);
    mu_error e;
    if (r->st == MU_OK && mu_share_parse(buf, &v, &e) != MU_OK)
        rd_fail(r, key, "is not a share of the losses");
    return v;
}

/* A seed is written as a raw 64-bit number, beyond what a double holds
 * exactly, so it is read from the stored text: in cJSON's compact output a
 * top-level ,"seed": cannot occur inside a string (its quote would be
 * escaped) and no nested object has a seed. */
ev_seed rd_seed(ev_reader *r, const cJSON *o)
{
    ev_seed s = {false, 0};
    const cJSON *v = rd_item(r, o, "seed");
    if (!v || cJSON_IsNull(v))
        return s;
    const char *p = r->raw ? strstr(r->raw, ",\"seed\":") : NULL;
    char *end = NULL;
    if (cJSON_IsNumber(v) && p && v->valuedouble >= 0) {
        p += strlen(",\"seed\":");
        if (*p >= '0' && *p <= '9')
            s.value = strtoull(p, &end, 10);
    }
    if (!end || (*end != ',' && *end != '}'))
        rd_fail(r, "seed", "is not a seed (a whole number) or null");
    else
        s.has = true;
    return s;
}

const cJSON *rd_array(ev_reader *r, const cJSON *o, const char *key)
{
    const cJSON *v = rd_item(r, o, key);
    if (v && !cJSON_IsArray(v)) {
        rd_fail(r, key, "is not a list");
        return NULL;
    }
    return v;
}

bool rd_has(const cJSON *o, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(o, key) != NULL;
}

/* An optional whole number lo..hi, `none` when absent. */
int rd_int_opt(ev_reader *r, const cJSON *o, const char *key, int lo,
                      int hi, int none)
{
    return rd_has(o, key) ? rd_int(r, o, key, lo, hi) : none;
}

/* The camp a captor holds what it took in: "camp" when written, else the
 * captor's default camp (see ev_camp). */
void rd_camp(ev_reader *r, const cJSON *o, mu_army captor, ev_camp out)
{
    if (!rd_has(o, "camp")) {
        snprintf(out, sizeof(ev_camp), "%s", mu_camp_default(captor));
        return;
    }
    rd_str(r, o, "camp", out, sizeof(ev_camp));
    if (r->st == MU_OK && (!*out || !strcmp(out, mu_camp_default(captor))))
        rd_fail(r, "camp", "is empty or the default camp, which is never "
                "written");
}

/* ---- writers ------------------------------------------------------------ */

void put_camp(cJSON *o, mu_army captor, const char *camp)
{
    if (*camp && strcmp(camp, mu_camp_default(captor)))
        cJSON_AddStringToObject(o, "camp", camp);
}

mu_army ev_other_side(mu_army a)
{
    return a == MU_UNION ? MU_CONFEDERATE : MU_UNION;
}

void put_seed(cJSON *o, ev_seed s)
{
    if (s.has) {
        char buf[32];
        snprintf(buf, sizeof buf, "%" PRIu64, s.value);
        cJSON_AddRawToObject(o, "seed", buf);
    } else {
        cJSON_AddNullToObject(o, "seed");
    }
}

void put_share(cJSON *o, const char *key, mu_rat r)
{
    char buf[MU_RAT_BUF];
    cJSON_AddStringToObject(o, key, mu_share_text(r, buf, sizeof buf));
}

void put_int_or_null(cJSON *o, const char *key, int v, bool has)
{
    if (has)
        cJSON_AddNumberToObject(o, key, v);
    else
        cJSON_AddNullToObject(o, key);
}

/* ---- text helpers ------------------------------------------------------- */

void ev_seed_text(ev_seed s, sbuf *sb)
{
    if (s.has)
        sb_printf(sb, "; %s%" PRIu64, _("seed "), s.value);
}

const char *ev_side_text(mu_army a)
{
    return a == MU_UNION ? _("union") : _("confederate");
}

const char *ev_theater_text(mu_theater t)
{
    return t == MU_EAST ? _("east") : _("west");
}

const char *ev_rating_text(mu_rating r)
{
    return dgettext(LANG_DOMAIN, mu_rating_name(r));
}

bool rd_hidden_entry(ev_reader *r, const cJSON *t, int *division,
                     mu_army *side)
{
    if (!r->shown || !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(t,
                                                                  "hidden")))
        return false;
    *division = rd_int(r, t, "division", 1, INT32_MAX);
    *side = RD_ARMY(r, t, "side");
    return true;
}

cJSON *put_hidden_entry(cJSON *a, int division, mu_army side)
{
    cJSON *f = cJSON_CreateObject();
    cJSON_AddNumberToObject(f, "division", division);
    cJSON_AddStringToObject(f, "side", mu_army_name(side));
    cJSON_AddBoolToObject(f, "hidden", true);
    cJSON_AddItemToArray(a, f);
    return f;
}

/* A malloc'd array for the items of list, or NULL (r fails) when empty
 * allocation fails. */
void *rd_alloc(ev_reader *r, const cJSON *list, size_t size, int *n)
{
    *n = 0;
    int k = list ? cJSON_GetArraySize(list) : 0;
    if (k == 0 || r->st != MU_OK)
        return NULL;
    void *v = calloc((size_t)k, size);
    if (!v)
        r->st = err_nomem(r->err);
    return v;
}

/* An optional count: written when it is not 0. */
void put_count(cJSON *o, const char *key, int n)
{
    if (n)
        cJSON_AddNumberToObject(o, key, n);
}
