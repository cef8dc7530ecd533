/* SPDX-License-Identifier: MIT */
/* evfield.c -- the fields of event payloads, shared by the kinds' walks
 * and log text (event.c, event_held.c): the walks' fields (cd_*), which
 * write a field, or read it strictly (a field missing, mistyped or out of
 * range is an error naming the event and the field, rd_fail); small text
 * helpers (ev_*). evfield.h says what each does. */
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

/* Reading: the field, or NULL (and a failure) when it is missing. */
static const ej_val *rd_item(ev_cd *c, const char *key)
{
    if (c->r->st != MU_OK)
        return NULL;
    const ej_val *v = ej_get(c->in, key);
    if (!v)
        rd_fail(c->r, key, "is missing");
    return v;
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

/* ---- text helpers ------------------------------------------------------- */

mu_army ev_other_side(mu_army a)
{
    return a == MU_UNION ? MU_CONFEDERATE : MU_UNION;
}

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

/* ---- one walk, both ways ------------------------------------------------ */

bool cd_ok(const ev_cd *c)
{
    return !c->r || c->r->st == MU_OK;
}

void cd_check(ev_cd *c, bool bad, const char *key, const char *what)
{
    if (c->r && bad)
        rd_fail(c->r, key, what);
}

#ifdef MU_EV_READ_ONLY
/* Nothing is written here: every walk reads. */
#define CD_WRITE(call) ((void)0)
#else
#define CD_WRITE(call) ((void)(call))
#endif

int cd_int(ev_cd *c, const char *key, int v, int lo, int hi)
{
    if (!c->r) {
        CD_WRITE(cJSON_AddNumberToObject(c->out, key, v));
        return v;
    }
    const ej_val *x = rd_item(c, key);
    double d = ej_number(x);
    if (x && (!ej_is(x, EJ_NUMBER) || !(d >= lo && d <= hi) ||
              d != (double)(int)d)) {
        char what[80];
        snprintf(what, sizeof what, "is not a whole number %d..%d", lo, hi);
        rd_fail(c->r, key, what);
    }
    return c->r->st == MU_OK ? (int)d : lo;
}

int cd_int_or_null(ev_cd *c, const char *key, int v, bool has, int lo,
                   int hi)
{
    return cd_not_null(c, key, has) ? cd_int(c, key, v, lo, hi) : 0;
}

int cd_count(ev_cd *c, const char *key, int v, int lo, int hi)
{
    return cd_has(c, key, v != 0) ? cd_int(c, key, v, lo, hi) : 0;
}

int64_t cd_id(ev_cd *c, const char *key, int64_t v)
{
    if (c->r)
        return cd_int(c, key, 0, 1, INT32_MAX);
    CD_WRITE(cJSON_AddNumberToObject(c->out, key, (double)v));
    return v;
}

bool cd_bool(ev_cd *c, const char *key, bool v)
{
    if (!c->r) {
        CD_WRITE(cJSON_AddBoolToObject(c->out, key, v));
        return v;
    }
    const ej_val *x = rd_item(c, key);
    if (x && !ej_is_bool(x))
        rd_fail(c->r, key, "is not true or false");
    return x && ej_is(x, EJ_TRUE);
}

void cd_str(ev_cd *c, const char *key, char *buf, size_t n)
{
    if (!c->r) {
        CD_WRITE(cJSON_AddStringToObject(c->out, key, buf));
        return;
    }
    buf[0] = '\0';
    const ej_val *x = rd_item(c, key);
    const char *t = ej_string(x);
    if (x && (!t || strlen(t) >= n))
        rd_fail(c->r, key, "is not a string of the right length");
    else if (t)
        memcpy(buf, t, strlen(t) + 1);
}

void cd_hex(ev_cd *c, const char *key, char *buf, size_t n)
{
    cd_str(c, key, buf, n);
    cd_check(c, cd_ok(c) && (strlen(buf) != n - 1 ||
                             strspn(buf, "0123456789abcdef") != n - 1),
             key, "is not a hex digest");
}

int cd_word(ev_cd *c, const char *key, int v, const char *(*name)(int),
            int count)
{
    if (!c->r) {
        CD_WRITE(cJSON_AddStringToObject(c->out, key, name(v)));
        return v;
    }
    const ej_val *x = rd_item(c, key);
    for (int i = 0; ej_is(x, EJ_STRING) && i < count; i++)
        if (!strcmp(ej_string(x), name(i)))
            return i;
    if (x)
        rd_fail(c->r, key, "is not one of the words it may be");
    return 0;
}

mu_rat cd_share(ev_cd *c, const char *key, mu_rat v)
{
    char buf[64];
    mu_error e;
    if (!c->r) {
        mu_share_text(v, buf, sizeof buf);
        CD_WRITE(cJSON_AddStringToObject(c->out, key, buf));
        return v;
    }
    v = (mu_rat){0, 1};
    cd_str(c, key, buf, sizeof buf);
    cd_check(c, cd_ok(c) && mu_share_parse(buf, &v, &e) != MU_OK, key,
             "is not a share of the losses");
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

ev_seed cd_seed(ev_cd *c, ev_seed v)
{
    char buf[32];
    if (!c->r) {
        if (cd_not_null(c, "seed", v.has)) {
            snprintf(buf, sizeof buf, "%" PRIu64, v.value);
            CD_WRITE(cJSON_AddRawToObject(c->out, "seed", buf));
        }
        return v;
    }
    ev_seed s = {false, 0};
    const char *raw = c->r->raw;
    const ej_val *x = rd_item(c, "seed");
    if (!x || ej_is(x, EJ_NULL))
        return s;
    const char *p = raw ? strstr(raw, ",\"seed\":") : NULL;
    double d = ej_number(x);
    if (raw)
        s.has = ej_is(x, EJ_NUMBER) && p && d >= 0 &&
                seed_digits(p + strlen(",\"seed\":"), false, &s.value);
    else if (ej_is(x, EJ_STRING))
        s.has = seed_digits(ej_string(x), true, &s.value);
    else if (ej_is(x, EJ_NUMBER) && d >= 0 && d <= 9007199254740992.0 &&
             d == (double)(uint64_t)d) {
        s.value = (uint64_t)d;
        s.has = true;
    }
    if (!s.has)
        rd_fail(c->r, "seed", "is not a seed (a whole number) or null");
    return s;
}

bool cd_has(ev_cd *c, const char *key, bool has)
{
    return c->r ? ej_get(c->in, key) != NULL : has;
}

bool cd_not_null(ev_cd *c, const char *key, bool has)
{
    if (c->r) {
        const ej_val *v = rd_item(c, key);
        return v && !ej_is(v, EJ_NULL);
    }
    if (!has)
        CD_WRITE(cJSON_AddNullToObject(c->out, key));
    return has;
}

void cd_camp(ev_cd *c, mu_army captor, ev_camp camp)
{
    const char *dflt = mu_camp_default(captor);
    if (!cd_has(c, "camp", *camp && strcmp(camp, dflt))) {
        if (cd_reading(c))
            snprintf(camp, sizeof(ev_camp), "%s", dflt);
        return;
    }
    cd_str(c, "camp", camp, sizeof(ev_camp));
    cd_check(c, cd_ok(c) && (!*camp || !strcmp(camp, dflt)), "camp",
             "is empty or the default camp, which is never written");
}

bool cd_object(ev_cd *c, const char *key, bool has, ev_cd *sub)
{
    *sub = (ev_cd){c->r, NULL, NULL, c->shown};
    if (!c->r) {
        if (has)
            CD_WRITE(sub->out = cJSON_AddObjectToObject(c->out, key));
        return has;
    }
    sub->in = ej_get(c->in, key);
    if (sub->in && !ej_is(sub->in, EJ_OBJECT))
        rd_fail(c->r, key, "is not an object");
    return sub->in && c->r->st == MU_OK;
}

int cd_list(ev_cd *c, const char *key, int n, ev_cd *list)
{
    *list = (ev_cd){c->r, NULL, NULL, c->shown};
    if (!c->r) {
        CD_WRITE(list->out = cJSON_AddArrayToObject(c->out, key));
        return n;
    }
    list->in = rd_item(c, key);
    if (list->in && !ej_is(list->in, EJ_ARRAY))
        rd_fail(c->r, key, "is not a list");
    return c->r->st == MU_OK ? ej_count(list->in) : 0;
}

void cd_item(ev_cd *list, int i, ev_cd *item)
{
    *item = (ev_cd){list->r, NULL, NULL, list->shown};
    if (list->r)
        item->in = ej_at(list->in, i);
    else
        CD_WRITE(cJSON_AddItemToArray(list->out,
                                      item->out = cJSON_CreateObject()));
}

/* The items for a list: writing, `items` as they are; reading, n of `size`
 * bytes malloc'd and zeroed (NULL for none, or failing r). */
static void *cd_alloc(ev_cd *c, void *items, size_t size, int n)
{
    if (!c->r)
        return items;
    if (n == 0 || c->r->st != MU_OK)
        return NULL;
    void *v = calloc((size_t)n, size);
    if (!v)
        c->r->st = err_nomem(c->r->err);
    return v;
}

void *cd_entries(ev_cd *c, const char *key, bool optional, void *items,
                 size_t size, int *n, void (*item)(ev_cd *c, void *one))
{
    ev_cd list, one;
    if (optional && !cd_has(c, key, *n != 0))
        return items;
    int k = cd_list(c, key, *n, &list);
    items = cd_alloc(c, items, size, k);
    *n = items ? k : 0;
    cd_check(c, optional && !items, key,
             "is an empty list, which is never written");
    for (int i = 0; i < *n && cd_ok(c); i++) {
        cd_item(&list, i, &one);
        item(&one, (char *)items + (size_t)i * size);
    }
    return items;
}

bool cd_hidden(ev_cd *c, bool hidden, int *division, mu_army *side)
{
    if (c->r && (!c->shown || !ej_is(ej_get(c->in, "hidden"), EJ_TRUE)))
        return false;
    if (!hidden && !c->r)
        return false;
    *division = cd_int(c, "division", *division, 1, INT32_MAX);
    *side = CD_ARMY(c, "side", *side);
    cd_bool(c, "hidden", true);
    return true;
}
