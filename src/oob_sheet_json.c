/* SPDX-License-Identifier: MIT */
/* oob_sheet_json.c -- an order of battle sheet as JSON
 * (docs/schema/oob-sheet.schema.json): the same values as its CSV, a key
 * left out where a cell is blank. Read strictly: every key known, every
 * value typed and in range; errors name the path of the fault. Also the
 * entry points of both formats (the CSV is oob_sheet.c's). */
#include "oob_sheet.h"
#include "error.h"
#include "writer.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- writing ------------------------------------------------------------ */

static void word_key(jw *w, const char *key, int col, int v)
{
    if (v != MU_GIVEN_NONE)
        jw_str(w, key, sheet_word_name(col, v));
}

static void division_json(jw *w, const mu_sheet_division *d)
{
    jw_obj(w, NULL);
    jw_str(w, "name", d->name);
    jw_str(w, "side", sheet_word_name(SC_SIDE, (int)d->side));
    if (*d->corps)
        jw_str(w, "corps", d->corps);
    jw_str(w, "arm", sheet_word_name(SC_ARM, (int)d->arm));
    word_key(w, "leader", SC_LEADER, d->given.leader);
    if (d->given.batteries != MU_GIVEN_NONE)
        jw_int(w, "batteries", d->given.batteries);
    if (d->given.nbrigades) {
        jw_arr(w, "brigades");
        for (int b = 0; b < d->given.nbrigades && b < MU_MAX_BRIGADES; b++) {
            const mu_given_brigade *g = &d->given.brigades[b];
            jw_obj(w, NULL);
            if (*d->brigade[b])
                jw_str(w, "name", d->brigade[b]);
            if (*d->brigadier[b])
                jw_str(w, "brigadier", d->brigadier[b]);
            word_key(w, "brigadier_rating", SC_BRIGADIER_RATING, g->rating);
            if (g->stands)
                jw_int(w, "stands", g->stands);
            word_key(w, "morale", SC_MORALE, g->morale);
            jw_end(w);
        }
        jw_end(w);
    }
    jw_end(w);
}

static void sheet_render_json(const mu_oob_sheet *s, sbuf *sb)
{
    jw w;
    jw_init(&w, sb, true, 0);
    jw_obj(&w, NULL);
    jw_str(&w, "format", "muster-oob");
    jw_int(&w, "version", 1);
    jw_arr(&w, "divisions");
    for (size_t i = 0; i < s->n; i++)
        division_json(&w, &s->divisions[i]);
    jw_end(&w);
    jw_end(&w);
    sb_ch(sb, '\n');
}

/* ---- reading ------------------------------------------------------------ */

typedef struct jrd {
    const char *file;
    mu_error *err;
} jrd;

static mu_status jfail(const jrd *j, const char *path, const char *what)
{
    return err_set(j->err, MU_EINPUT, "%s: %s: %s", j->file, path, what);
}

/* Every key of o one of keys[0..n-1]. */
static mu_status known_keys(const jrd *j, const cJSON *o, const char *path,
                            const char *const *keys, int n)
{
    if (!cJSON_IsObject(o))
        return jfail(j, path, "expected an object");
    for (const cJSON *k = o->child; k; k = k->next) {
        int i = 0;
        while (i < n && strcmp(k->string, keys[i]))
            i++;
        if (i == n) {
            char msg[200];
            snprintf(msg, sizeof msg, "unknown key \"%.60s\": see "
                     "docs/schema/oob-sheet.schema.json", k->string);
            return jfail(j, path, msg);
        }
        for (const cJSON *m = k->next; m; m = m->next)
            if (!strcmp(m->string, k->string))
                return jfail(j, path, "a key is given twice");
    }
    return MU_OK;
}

/* A string member into buf ("" when absent and blank_ok). */
static mu_status name_of(const jrd *j, const cJSON *o, const char *key,
                         const char *path, bool blank_ok, char *buf)
{
    char p[200];
    snprintf(p, sizeof p, "%s.%s", path, key);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    buf[0] = '\0';
    if (!v && blank_ok)
        return MU_OK;
    if (!v)
        return jfail(j, p, "missing: give it");
    if (!cJSON_IsString(v))
        return jfail(j, p, "expected a string");
    const char *why = sheet_name_fault(v->valuestring, false);
    if (why)
        return jfail(j, p, why);
    snprintf(buf, MU_SHEET_NAME_MAX + 1, "%s", v->valuestring);
    return MU_OK;
}

/* A word or number member of column col into *out (left alone when the key
 * is absent). */
static mu_status value_of(const jrd *j, const cJSON *o, const char *key,
                          int col, const char *path, int *out)
{
    char p[200];
    snprintf(p, sizeof p, "%s.%s", path, key);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v)
        return MU_OK;
    char text[32];
    bool number = col == SC_BATTERIES || col == SC_STANDS;
    if (number && cJSON_IsNumber(v) && v->valuedouble == floor(v->valuedouble)
        && fabs(v->valuedouble) < 1e6)
        snprintf(text, sizeof text, "%d", (int)v->valuedouble);
    else if (!number && cJSON_IsString(v) && strlen(v->valuestring) < 32)
        snprintf(text, sizeof text, "%s", v->valuestring);
    else
        return jfail(j, p, number ? "expected a whole number" : "expected "
                     "one of the words the schema lists");
    const char *why = sheet_word(col, text, out);
    if (why) {
        char msg[160];
        snprintf(msg, sizeof msg, "'%s' %s", text, why);
        return jfail(j, p, msg);
    }
    return MU_OK;
}

static mu_status brigade_of(const jrd *j, const cJSON *o, const char *path,
                            mu_sheet_division *d, int b)
{
    static const char *const keys[] = {"name", "brigadier",
                                       "brigadier_rating", "stands", "morale"};
    mu_given_brigade *g = &d->given.brigades[b];
    mu_status st;
    if ((st = known_keys(j, o, path, keys, 5)) ||
        (st = name_of(j, o, "name", path, true, d->brigade[b])) ||
        (st = name_of(j, o, "brigadier", path, true, d->brigadier[b])) ||
        (st = value_of(j, o, "brigadier_rating", SC_BRIGADIER_RATING, path,
                       &g->rating)) ||
        (st = value_of(j, o, "stands", SC_STANDS, path, &g->stands)) ||
        (st = value_of(j, o, "morale", SC_MORALE, path, &g->morale)))
        return st;
    if (!o->child)
        return jfail(j, path, "a brigade says something of itself: give at "
                     "least one of its keys");
    return MU_OK;
}

static mu_status division_of(const jrd *j, const cJSON *o, const char *path,
                             mu_sheet_division *d)
{
    static const char *const keys[] = {"name", "side", "corps", "arm",
                                       "leader", "batteries", "brigades"};
    int side = -1, arm = 0;
    mu_status st;
    if ((st = known_keys(j, o, path, keys, 7)) ||
        (st = name_of(j, o, "name", path, false, d->name)) ||
        (st = name_of(j, o, "corps", path, true, d->corps)) ||
        (st = value_of(j, o, "side", SC_SIDE, path, &side)) ||
        (st = value_of(j, o, "arm", SC_ARM, path, &arm)) ||
        (st = value_of(j, o, "leader", SC_LEADER, path, &d->given.leader)) ||
        (st = value_of(j, o, "batteries", SC_BATTERIES, path,
                       &d->given.batteries)))
        return st;
    char p[200];
    if (side < 0) {
        snprintf(p, sizeof p, "%s.side", path);
        return jfail(j, p, "missing: give union or confederate");
    }
    d->side = (mu_army)side;
    d->arm = (mu_arm)arm;
    const cJSON *bs = cJSON_GetObjectItemCaseSensitive(o, "brigades");
    if (!bs)
        return MU_OK;
    snprintf(p, sizeof p, "%s.brigades", path);
    int n = cJSON_GetArraySize(bs);
    if (!cJSON_IsArray(bs) || n < 1 || n > MU_MAX_BRIGADES)
        return jfail(j, p, "expected a list of 1..8 brigades (leave the key "
                     "out when they are not known)");
    d->given.nbrigades = n;
    int b = 0;
    for (const cJSON *e = bs->child; e; e = e->next, b++) {
        char bp[220];
        snprintf(bp, sizeof bp, "%s[%d]", p, b);
        if ((st = brigade_of(j, e, bp, d, b)) != MU_OK)
            return st;
    }
    return MU_OK;
}

static mu_status sheet_of(const jrd *j, const cJSON *root, mu_oob_sheet *out)
{
    static const char *const keys[] = {"format", "version", "divisions"};
    mu_status st = known_keys(j, root, "(top)", keys, 3);
    if (st != MU_OK)
        return st;
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(root, "format");
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "version");
    const cJSON *ds = cJSON_GetObjectItemCaseSensitive(root, "divisions");
    if (!cJSON_IsString(f) || strcmp(f->valuestring, "muster-oob"))
        return jfail(j, "format", "expected \"muster-oob\" (an order of "
                     "battle sheet)");
    if (!cJSON_IsNumber(v) || v->valuedouble != 1)
        return jfail(j, "version", "expected 1 (this muster reads version "
                     "1)");
    if (!cJSON_IsArray(ds) || !ds->child)
        return jfail(j, "divisions", "expected a list of divisions, at least "
                     "one");
    size_t cap = 0, i = 0;
    for (const cJSON *e = ds->child; e; e = e->next, i++) {
        char p[64];
        snprintf(p, sizeof p, "divisions[%zu]", i);
        if (i >= SHEET_MAX_DIVISIONS)
            return jfail(j, p, "more than 100000 divisions: split the sheet");
        mu_sheet_division *d = sheet_push(out, &cap);
        if (!d)
            return err_nomem(j->err);
        if ((st = division_of(j, e, p, d)) != MU_OK)
            return st;
        long at = sheet_find(out, out->n - 1, d->name);
        if (at >= 0) {
            char msg[200];
            snprintf(msg, sizeof msg, "the name '%.100s' is divisions[%ld]'s: "
                     "give each division its own name", d->name, at);
            return jfail(j, p, msg);
        }
    }
    return MU_OK;
}

static mu_status sheet_parse_json(const char *text, size_t len,
                                  const char *name, mu_oob_sheet *out,
                                  mu_error *err)
{
    jrd j = {name, err};
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, false);
    if (!root) {
        int line = 1;
        for (const char *p = text; end && p < end && p < text + len; p++)
            line += *p == '\n';
        return err_at(err, MU_EINPUT, name, line, "this is not JSON: an "
                      "order of battle sheet is {\"format\":\"muster-oob\","
                      "\"version\":1,\"divisions\":[...]}");
    }
    for (const char *p = end; p && p < text + len; p++)
        if (*p != ' ' && *p != '\n' && *p != '\r' && *p != '\t') {
            cJSON_Delete(root);
            return err_set(err, MU_EINPUT, "%s: text follows the JSON "
                           "document: one sheet a file", name);
        }
    mu_status st = sheet_of(&j, root, out);
    cJSON_Delete(root);
    return st;
}

/* ---- the entry points of both formats ----------------------------------- */

mu_status mu_oob_sheet_parse(const char *text, size_t len, const char *name,
                             mu_sheet_format f, mu_oob_sheet *out,
                             mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    memset(out, 0, sizeof *out);
    if (!text)
        return err_set(err, MU_EINPUT, "no text given");
    if (!name)
        name = "the sheet";
    mu_status st = f == MU_SHEET_CSV    ? sheet_parse_csv(text, len, name, out,
                                                         err)
                   : f == MU_SHEET_JSON ? sheet_parse_json(text, len, name,
                                                           out, err)
                                        : err_set(err, MU_EINPUT, "a sheet is "
                                                  "CSV or JSON");
    if (st != MU_OK)
        mu_oob_sheet_clear(out);
    return st;
}

mu_status mu_oob_sheet_render(const mu_oob_sheet *s, mu_sheet_format f,
                              char **out, mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    *out = NULL;
    if (!s)
        return err_set(err, MU_EINPUT, "no sheet given");
    sbuf sb = {0};
    if (f == MU_SHEET_CSV)
        sheet_render_csv(s, &sb);
    else if (f == MU_SHEET_JSON)
        sheet_render_json(s, &sb);
    else
        return err_set(err, MU_EINPUT, "a sheet is CSV or JSON");
    return sb_finish(&sb, out, err);
}
