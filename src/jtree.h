/* SPDX-License-Identifier: MIT */
/* jtree.h -- a small JSON tree for the renderers whose records are not
 * written in order (a key filled in after its siblings), printed by the JSON
 * writer of writer.h: the bytes cJSON_Print (or cJSON_PrintUnformatted)
 * gives for the same tree. It only builds and prints; reading JSON is
 * oob_json's and canon's business. Every call takes a NULL tree and does
 * nothing with it; a node that cannot be allocated marks its parent, and
 * printing such a tree marks the sbuf out of memory. */
#ifndef MU_JTREE_H
#define MU_JTREE_H

#include "util.h"

#include <stdbool.h>

typedef struct jt jt;

typedef enum jt_kind {
    JT_NULL, JT_BOOL, JT_NUM, JT_STR, JT_RAW, JT_ARR, JT_OBJ
} jt_kind;

jt *jt_obj_new(void);
jt *jt_arr_new(void);
/* A number already formatted: printed as it is. */
jt *jt_raw_new(const char *text);

/* Adds item under key (copied; ignored in an array) and owns it. */
void jt_put(jt *parent, const char *key, jt *item);
/* A new empty object or array under key; NULL when out of memory. */
jt *jt_add_obj(jt *parent, const char *key);
jt *jt_add_arr(jt *parent, const char *key);
/* Values under key: strings and raw text are copied. */
void jt_str(jt *parent, const char *key, const char *v);
void jt_num(jt *parent, const char *key, double v);
void jt_bool(jt *parent, const char *key, bool v);
void jt_null(jt *parent, const char *key);
void jt_raw(jt *parent, const char *key, const char *text);

/* The first member of an object named key, or NULL; its kind, its text
 * (strings and raw numbers; NULL for others) and its truth. */
const jt *jt_get(const jt *obj, const char *key);
jt_kind jt_kind_of(const jt *v);
const char *jt_text(const jt *v);
bool jt_true(const jt *v);

/* Prints the tree (cJSON_Print's layout, or one line when compact) and a
 * newline into sb, then frees it. */
void jt_emit(jt *root, bool compact, sbuf *sb);
void jt_free(jt *v);

#endif
