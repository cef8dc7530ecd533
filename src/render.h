/* render.h -- private pieces shared by the renderers. */
#ifndef MU_RENDER_H
#define MU_RENDER_H

#include "muster.h"
#include "util.h"

#include <cjson/cJSON.h>

/* Adds "seed": the exact 64-bit number, or null (cJSON numbers are doubles,
 * which would round seeds above 2^53). */
void render_json_seed(cJSON *obj, const mu_render_opts *o);
/* Prints a cJSON tree (compact when `compact`) into sb with a newline, and
 * frees the tree. */
void render_json_emit(cJSON *root, bool compact, sbuf *sb);

/* A division as a cJSON object (no seed); NULL when out of memory. */
cJSON *render_division_json(const mu_division *d, const mu_labels *l);
/* One roll as {"table","brigade"?,"roll","result"(,"threshold")}: the shape
 * of a division's "rolls" and of the campaign's engage events. */
cJSON *render_roll_json(const mu_roll *r);

#endif
