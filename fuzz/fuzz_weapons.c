/* SPDX-License-Identifier: MIT */
/* Fuzzes the weapons parser; whatever it accepts must then fire, draw its
 * curve and cross other curves without a fault. */
#include "muster.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void exercise(const mu_weapons *w)
{
    static const mu_rat ranges[] = {{0, 1}, {45, 2}, {1000, 3}, {100001, 1}};
    mu_error err;
    for (size_t i = 0; i < mu_weapons_count(w); i++) {
        const mu_weapon *wp = mu_weapons_at(w, i);
        for (size_t k = 0; k < sizeof ranges / sizeof *ranges; k++) {
            mu_fire_opts o = {.weapon = wp->name, .ranges = &ranges[k],
                              .nranges = 1, .cover = k & 1,
                              .figures = wp->kind == MU_WEAPON_SMALL_ARMS ? 7 : 0};
            mu_volley v;
            if (mu_fire_compute(w, &o, &v, &err) != MU_OK)
                continue;
            mu_fire_result r = {v.threshold > 0, 50, v.sure_hits};
            mu_render_opts ro = {.format = (mu_format)(k % 5)};
            char *text = NULL;
            if (mu_fire_render(&v, &r, &ro, &text, &err) == MU_OK)
                free(text);
        }
        mu_curve_opts co = {.weapon = wp->name, .step = {7, 2}};
        char *text = NULL;
        if (mu_curve_render(w, &co, &(mu_render_opts){.format = MU_FMT_TEXT}, &text, &err) == MU_OK)
            free(text);
        const mu_weapon *other = mu_weapons_at(w, (i + 1) % mu_weapons_count(w));
        mu_crossover x;
        if (mu_crossover_compute(w, wp->name, other->name, i & 1, &x, &err) == MU_OK &&
            mu_crossover_render(&x, (mu_rat){0, 1}, &(mu_render_opts){.format = MU_FMT_JSON}, &text, &err) == MU_OK)
            free(text);
        /* the chart of the two curves (built, not drawn: drawing is slow) */
        const char *names[] = {wp->name, other->name};
        mu_curves_opts po = {.weapons = names, .nweapons = 2,
                             .cover = i & 1, .crossings = true};
        mu_chart *c = NULL;
        if (mu_chart_curves(w, &po, &c, &err) == MU_OK)
            mu_chart_free(c);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mu_weapons *w = NULL;
    mu_error err;
    if (mu_weapons_parse((const char *)data, size, "fuzz", &w, &err) == MU_OK)
        exercise(w);
    mu_weapons_free(w);
    return 0;
}
