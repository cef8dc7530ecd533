/* SPDX-License-Identifier: MIT */
/* jtree.c -- a small JSON tree printed by the JSON writer (jtree.h). */
#include "jtree.h"

#include "writer.h"

#include <stdlib.h>
#include <string.h>

struct jt {
    jt_kind kind;
    bool truth;
    bool oom;      /* a child could not be made */
    double num;
    char *key;     /* in an object */
    char *text;    /* JT_STR, JT_RAW */
    jt *child, *last, *next;
};

static jt *node(jt_kind k)
{
    jt *v = calloc(1, sizeof *v);
    if (v)
        v->kind = k;
    return v;
}

static char *dup(const char *s)
{
    size_t n = strlen(s ? s : "") + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s ? s : "", n);
    return p;
}

jt *jt_obj_new(void) { return node(JT_OBJ); }
jt *jt_arr_new(void) { return node(JT_ARR); }

jt *jt_raw_new(const char *text)
{
    jt *v = node(JT_RAW);
    if (v && !(v->text = dup(text))) {
        free(v);
        v = NULL;
    }
    return v;
}

void jt_free(jt *v)
{
    while (v) {
        jt *next = v->next;
        jt_free(v->child);
        free(v->key);
        free(v->text);
        free(v);
        v = next;
    }
}

void jt_put(jt *parent, const char *key, jt *item)
{
    if (!parent) {
        jt_free(item);
        return;
    }
    if (!item) {
        parent->oom = true;
        return;
    }
    if (parent->kind == JT_OBJ && !(item->key = dup(key))) {
        parent->oom = true;
        jt_free(item);
        return;
    }
    if (parent->last)
        parent->last->next = item;
    else
        parent->child = item;
    parent->last = item;
}

static jt *add(jt *parent, const char *key, jt_kind k)
{
    if (!parent)
        return NULL;
    jt *v = node(k);
    jt_put(parent, key, v);
    return parent->last == v ? v : NULL;
}

jt *jt_add_obj(jt *parent, const char *key) { return add(parent, key, JT_OBJ); }
jt *jt_add_arr(jt *parent, const char *key) { return add(parent, key, JT_ARR); }

void jt_str(jt *parent, const char *key, const char *v)
{
    jt *s = add(parent, key, JT_STR);
    if (s && !(s->text = dup(v)))
        parent->oom = true;
}

void jt_raw(jt *parent, const char *key, const char *text)
{
    jt *s = add(parent, key, JT_RAW);
    if (s && !(s->text = dup(text)))
        parent->oom = true;
}

void jt_num(jt *parent, const char *key, double v)
{
    jt *n = add(parent, key, JT_NUM);
    if (n)
        n->num = v;
}

void jt_bool(jt *parent, const char *key, bool v)
{
    jt *b = add(parent, key, JT_BOOL);
    if (b)
        b->truth = v;
}

void jt_null(jt *parent, const char *key) { add(parent, key, JT_NULL); }

const jt *jt_get(const jt *obj, const char *key)
{
    if (!obj || obj->kind != JT_OBJ)
        return NULL;
    for (const jt *c = obj->child; c; c = c->next)
        if (strcmp(c->key, key) == 0)
            return c;
    return NULL;
}

jt_kind jt_kind_of(const jt *v) { return v ? v->kind : JT_NULL; }
const char *jt_text(const jt *v) { return v ? v->text : NULL; }
bool jt_true(const jt *v) { return v && v->kind == JT_BOOL && v->truth; }

static bool print(jw *w, const char *key, const jt *v)
{
    bool ok = !v->oom;
    switch (v->kind) {
    case JT_NULL: jw_null(w, key); break;
    case JT_BOOL: jw_bool(w, key, v->truth); break;
    case JT_NUM: jw_double(w, key, v->num); break;
    case JT_STR: jw_str(w, key, v->text); break;
    case JT_RAW: jw_raw(w, key, v->text); break;
    case JT_ARR:
    case JT_OBJ:
        if (v->kind == JT_OBJ)
            jw_obj(w, key);
        else
            jw_arr(w, key);
        for (const jt *c = v->child; c; c = c->next)
            ok = print(w, v->kind == JT_OBJ ? c->key : NULL, c) && ok;
        jw_end(w);
        break;
    }
    return ok;
}

void jt_emit(jt *root, bool compact, sbuf *sb)
{
    if (!root) {
        sb->oom = true;
        return;
    }
    jw w;
    jw_init(&w, sb, !compact, 0);
    if (!print(&w, NULL, root))
        sb->oom = true;
    sb_puts(sb, "\n");
    jt_free(root);
}
