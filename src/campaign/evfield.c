/* SPDX-License-Identifier: MIT */
/* evfield.c -- the fields of event payloads, shared by the kinds'
 * encoders, decoders and log text (event.c, event_held.c):
 * strict readers (rd_*), which turn a field missing, mistyped or out of
 * range into an error naming the event and the field, writers (put_*) and
 * small text helpers (ev_*). evfield.h says what each does. */
#include "evfield.h"
#include "lang.h"
#include "error.h"

#include <errno.h>
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

const ej_val *rd_item(ev_reader *r, const ej_val *o, const char *key)
{
    if (r->st != MU_OK)
        return NULL;
    const ej_val *v = ej_get(o, key);
    if (!v)
        rd_fail(r, key, "is missing");
    return v;
}

/* A whole number lo..hi; a double that is not exactly whole is refused. */
int rd_int(ev_reader *r, const ej_val *o, const char *key, int lo, int hi)
{
    const ej_val *v = rd_item(r, o, key);
    if (!v)
        return lo;
    double d = ej_number(v);
    if (!ej_is(v, EJ_NUMBER) || !(d >= lo && d <= hi) || d != (double)(int)d) {
        char what[80];
        snprintf(what, sizeof what, "is not a whole number %d..%d", lo, hi);
        rd_fail(r, key, what);
        return lo;
    }
    return (int)d;
}

/* null gives `none`, else as rd_int. */
int rd_int_or_null(ev_reader *r, const ej_val *o, const char *key,
                          int lo, int hi, int none)
{
    const ej_val *v = rd_item(r, o, key);
    if (v && ej_is(v, EJ_NULL))
        return none;
    return rd_int(r, o, key, lo, hi);
}

bool rd_bool(ev_reader *r, const ej_val *o, const char *key)
{
    const ej_val *v = rd_item(r, o, key);
    if (v && !ej_is_bool(v))
        rd_fail(r, key, "is not true or false");
    return v && ej_is(v, EJ_TRUE);
}

void rd_str(ev_reader *r, const ej_val *o, const char *key, char *buf,
                   size_t n)
{
    buf[0] = '\0';
    const ej_val *v = rd_item(r, o, key);
    if (!v)
        return;
    const char *t = ej_string(v);
    if (!t || strlen(t) >= n) {
        rd_fail(r, key, "is not a string of the right length");
        return;
    }
    memcpy(buf, t, strlen(t) + 1);
}

/* A string that must be a lower-case hex digest of exactly n - 1 digits. */
void rd_hex(ev_reader *r, const ej_val *o, const char *key, char *buf,
                   size_t n)
{
    rd_str(r, o, key, buf, n);
    if (r->st == MU_OK && (strlen(buf) != n - 1 ||
                           strspn(buf, "0123456789abcdef") != n - 1))
        rd_fail(r, key, "is not a hex digest");
}

/* One of the words name(0..count-1). */
int rd_word(ev_reader *r, const ej_val *o, const char *key,
                   const char *(*name)(int), int count)
{
    const ej_val *v = rd_item(r, o, key);
    if (!v)
        return 0;
    for (int i = 0; ej_is(v, EJ_STRING) && i < count; i++)
        if (!strcmp(ej_string(v), name(i)))
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


mu_rat rd_share(ev_reader *r, const ej_val *o, const char *key)
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
 * escaped) and no nested object has a seed. Without the stored text (an
 * entry the page parsed, which keeps a long number as its digits) a seed
 * is its digits, or a number a double holds exactly. */
static bool seed_digits(const char *p, bool whole, uint64_t *out)
{
    char *end = NULL;
    if (!p || *p < '0' || *p > '9')
        return false;
    errno = 0;
    *out = strtoull(p, &end, 10);
    return errno == 0 && end && (whole ? !*end : *end == ',' || *end == '}');
}

ev_seed rd_seed(ev_reader *r, const ej_val *o)
{
    ev_seed s = {false, 0};
    const ej_val *v = rd_item(r, o, "seed");
    if (!v || ej_is(v, EJ_NULL))
        return s;
    const char *p = r->raw ? strstr(r->raw, ",\"seed\":") : NULL;
    double d = ej_number(v);
    if (r->raw)
        s.has = ej_is(v, EJ_NUMBER) && p && d >= 0 &&
                seed_digits(p + strlen(",\"seed\":"), false, &s.value);
    else if (ej_is(v, EJ_STRING))
        s.has = seed_digits(ej_string(v), true, &s.value);
    else if (ej_is(v, EJ_NUMBER) && d >= 0 && d <= 9007199254740992.0 &&
             d == (double)(uint64_t)d) {
        s.value = (uint64_t)d;
        s.has = true;
    }
    if (!s.has)
        rd_fail(r, "seed", "is not a seed (a whole number) or null");
    return s;
}

const ej_val *rd_array(ev_reader *r, const ej_val *o, const char *key)
{
    const ej_val *v = rd_item(r, o, key);
    if (v && !ej_is(v, EJ_ARRAY)) {
        rd_fail(r, key, "is not a list");
        return NULL;
    }
    return v;
}

bool rd_has(const ej_val *o, const char *key)
{
    return ej_get(o, key) != NULL;
}

/* An optional whole number lo..hi, `none` when absent. */
int rd_int_opt(ev_reader *r, const ej_val *o, const char *key, int lo,
                      int hi, int none)
{
    return rd_has(o, key) ? rd_int(r, o, key, lo, hi) : none;
}

/* The camp a captor holds what it took in: "camp" when written, else the
 * captor's default camp (see ev_camp). */
void rd_camp(ev_reader *r, const ej_val *o, mu_army captor, ev_camp out)
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

#ifndef MU_EV_READ_ONLY
void put_camp(cJSON *o, mu_army captor, const char *camp)
{
    if (*camp && strcmp(camp, mu_camp_default(captor)))
        cJSON_AddStringToObject(o, "camp", camp);
}
#endif

mu_army ev_other_side(mu_army a)
{
    return a == MU_UNION ? MU_CONFEDERATE : MU_UNION;
}

#ifndef MU_EV_READ_ONLY
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
#endif

/* ---- text helpers ------------------------------------------------------- */

void ev_seed_text(ev_seed s, sbuf *sb)
{
    if (s.has)
        mu_buf_printf(sb, "; %s%" PRIu64, _("seed "), s.value);
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

bool rd_hidden_entry(ev_reader *r, const ej_val *t, int *division,
                     mu_army *side)
{
    if (!r->shown || !ej_is(ej_get(t, "hidden"), EJ_TRUE))
        return false;
    *division = rd_int(r, t, "division", 1, INT32_MAX);
    *side = RD_ARMY(r, t, "side");
    return true;
}

#ifndef MU_EV_READ_ONLY
cJSON *put_hidden_entry(cJSON *a, int division, mu_army side)
{
    cJSON *f = cJSON_CreateObject();
    cJSON_AddNumberToObject(f, "division", division);
    cJSON_AddStringToObject(f, "side", mu_army_name(side));
    cJSON_AddBoolToObject(f, "hidden", true);
    cJSON_AddItemToArray(a, f);
    return f;
}
#endif

/* A malloc'd array for the items of list, or NULL (r fails) when empty
 * allocation fails. */
void *rd_alloc(ev_reader *r, const ej_val *list, size_t size, int *n)
{
    *n = 0;
    int k = ej_count(list);
    if (k == 0 || r->st != MU_OK)
        return NULL;
    void *v = calloc((size_t)k, size);
    if (!v)
        r->st = err_nomem(r->err);
    return v;
}

#ifndef MU_EV_READ_ONLY
/* An optional count: written when it is not 0. */
void put_count(cJSON *o, const char *key, int n)
{
    if (n)
        cJSON_AddNumberToObject(o, key, n);
}
#endif
