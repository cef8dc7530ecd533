/* SPDX-License-Identifier: MIT */
/* plot_model.c -- the chart model: making, labelling and freeing a chart,
 * and the picture format a file name asks for. No cairo here: drawing is
 * plot_draw.c. */
#include "lang.h"
#include "plot.h"
#include "util.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the chart model ---------------------------------------------------- */

mu_chart *plot_new(void)
{
    return calloc(1, sizeof(mu_chart));
}

void mu_chart_free(mu_chart *c)
{
    if (!c)
        return;
    for (int i = 0; i < c->nlines; i++) {
        free(c->line[i].x);
        free(c->line[i].y);
    }
    for (int i = 0; i < c->nbars; i++) {
        free(c->bars[i].p);
        free(c->bars[i].sim);
    }
    free(c->text);
    free(c);
}

void plot_mark_add(mu_chart *c, double x, double y, int style, bool vline,
                   const char *fmt, ...)
{
    if (c->nmarks == PLOT_MAX_MARKS)
        return;
    plot_mark *m = &c->mark[c->nmarks++];
    m->x = x;
    m->y = y;
    m->style = style;
    m->vline = vline;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->label, sizeof m->label, fmt, ap);
    va_end(ap);
}

mu_status plot_done(mu_status st, mu_chart *c, mu_chart **out)
{
    if (st != MU_OK) {
        mu_chart_free(c);
        return st;
    }
    *out = c;
    return MU_OK;
}

mu_status plot_finish(mu_chart *c, mu_error *err)
{
    /* every number in the chart's words with the reader's decimal mark */
    char *words[] = {c->title, c->subtitle, c->xlabel, c->x2label, c->ylabel,
                     c->sim_label};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        lang_decimal(words[i], strlen(words[i]) + 1);
    for (int i = 0; i < c->nlines; i++)
        lang_decimal(c->line[i].label, strlen(c->line[i].label) + 1);
    for (int i = 0; i < c->nbars; i++)
        lang_decimal(c->bars[i].label, strlen(c->bars[i].label) + 1);
    for (int i = 0; i < c->nmarks; i++)
        lang_decimal(c->mark[i].label, strlen(c->mark[i].label) + 1);
    sbuf sb = {0};
    mu_buf_printf(&sb, "%s\n", c->title);
    const char *more[] = {c->subtitle, c->xlabel, c->x2label, c->ylabel,
                          c->sim_label};
    for (size_t i = 0; i < sizeof more / sizeof *more; i++)
        if (more[i][0])
            mu_buf_printf(&sb, "%s\n", more[i]);
    for (int i = 0; i < c->nlines; i++)
        mu_buf_printf(&sb, "%s\n", c->line[i].label);
    for (int i = 0; i < c->nbars; i++)
        mu_buf_printf(&sb, "%s\n", c->bars[i].label);
    for (int i = 0; i < c->nmarks; i++)
        mu_buf_printf(&sb, "%s\n", c->mark[i].label);
    free(c->text);
    c->text = NULL;
    return sb_finish(&sb, &c->text, err);
}

const char *mu_chart_text(const mu_chart *c)
{
    return c && c->text ? c->text : "";
}

double plot_nice_max(double v, int ticks, double *step)
{
    if (!(v > 0))
        v = 1;
    double raw = v / ticks, mag = pow(10, floor(log10(raw)));
    static const double nice[] = {1, 2, 2.5, 5, 10};
    double s = 10 * mag;
    for (size_t i = 0; i < sizeof nice / sizeof *nice; i++)
        if (nice[i] * mag >= raw) {
            s = nice[i] * mag;
            break;
        }
    *step = s;
    return ceil(v / s - 1e-9) * s;
}

mu_status mu_file_format_detect(const char *path, mu_file_format *out,
                                mu_error *err)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    const char *slash = path ? strrchr(path, '/') : NULL;
    if (dot && (!slash || dot > slash)) {
        static const char *const ext[] = {".png", ".svg", ".pdf"};
        for (int i = 0; i < 3; i++)
            if (!strcasecmp(dot, ext[i])) {
                *out = (mu_file_format)i;
                return MU_OK;
            }
    }
    return err_set(err, MU_EINPUT, "'%s': name the picture file .png, .svg "
                   "or .pdf, which says its format", path ? path : "");
}
