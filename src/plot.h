/* SPDX-License-Identifier: MIT */
/* plot.h -- the chart model behind muster/plot.h: series, bars and marks in
 * data coordinates, filled by plot_curves.c and plot_bars.c and drawn by
 * plot_draw.c. */
#ifndef MU_PLOT_H
#define MU_PLOT_H

#include "error.h"
#include "muster.h"

#define PLOT_MAX_LINES 16
#define PLOT_MAX_BARS 4
#define PLOT_MAX_MARKS 32
#define PLOT_LABEL 128

/* A curve as a polyline. */
typedef struct plot_line {
    char label[PLOT_LABEL];
    int style; /* index into the styles of plot_draw.c */
    double *x, *y;
    size_t n;
} plot_line;

/* One distribution as bars over lo..hi, in percent. */
typedef struct plot_bars {
    char label[PLOT_LABEL];
    int style;
    int lo, hi;
    double *p;   /* hi - lo + 1 values, percent */
    double mean;
    double *sim; /* NULL, or simulated frequencies over lo..hi, percent */
} plot_bars;

/* A point to point out (a crossover, a worked example), or with `vline` a
 * value along the x axis (a mean). */
typedef struct plot_mark {
    double x, y;
    char label[PLOT_LABEL];
    int style; /* -1: black */
    bool vline;
    bool quiet; /* drawn as a dot only: too many to label (still in text) */
} plot_mark;

struct mu_chart {
    char title[192], subtitle[256];
    char xlabel[PLOT_LABEL], x2label[PLOT_LABEL], ylabel[PLOT_LABEL];
    char sim_label[PLOT_LABEL]; /* legend entry of the simulated markers */
    double x2scale;            /* top axis = x * x2scale; 0: none */
    double xmin, xmax, ymin, ymax;
    bool integer_x;            /* bars: categories lo..hi */
    plot_line line[PLOT_MAX_LINES];
    int nlines;
    plot_bars bars[PLOT_MAX_BARS];
    int nbars;
    plot_mark mark[PLOT_MAX_MARKS];
    int nmarks;
    char *text; /* mu_chart_text */
};

/* A new, empty chart; NULL when out of memory. */
mu_chart *plot_new(void);
/* Adds a mark (silently ignored past PLOT_MAX_MARKS). */
void plot_mark_add(mu_chart *c, double x, double y, int style, bool vline,
                   const char *fmt, ...) MU_PRINTF(6, 7);
/* Collects the chart's words into c->text once it is complete. */
mu_status plot_finish(mu_chart *c, mu_error *err);
/* A builder's end: on MU_OK *out takes c, else c is freed; returns st. */
mu_status plot_done(mu_status st, mu_chart *c, mu_chart **out);
/* A "nice" axis end: the smallest 1, 2, 2.5 or 5 x 10^k multiple of a step
 * giving about `ticks` ticks that reaches v. */
double plot_nice_max(double v, int ticks, double *step);

#endif
