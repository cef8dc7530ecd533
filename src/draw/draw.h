/* SPDX-License-Identifier: MIT */
/* draw.h -- what the drawing files (src/draw/) share: pango text, a
 * surface of a format writing into memory, and a file written whole.
 * Private to src/draw/. */
#ifndef MU_DRAW_H
#define MU_DRAW_H

#include "error.h"
#include "muster.h"
#include "util.h"

#include <cairo.h>
#include <pango/pangocairo.h>

/* A straight line from (x0, y0) to (x1, y1), `width` thick, stroked in
 * the source and dash set. */
void draw_line(cairo_t *cr, double width, double x0, double y0, double x1,
               double y1);
/* s laid out in font at pt points (bold or not), at 72 dpi: the caller's
 * to unref. */
PangoLayout *draw_layout(cairo_t *cr, const char *s, const char *font,
                         double pt, bool bold);
/* Where cairo's bytes go as it writes them: fn(ud, ...) (mu_buf_write
 * with an sbuf collects them in memory). st is fn's first failure, and
 * err, the caller's, holds fn's message. */
typedef struct draw_sink {
    mu_sink_fn fn;
    void *ud;
    mu_status st;
    mu_error *err;
} draw_sink;
/* A surface of w x h points in format f, writing into k (a PNG at twice
 * the size: its drawing is to be scaled by 2); a PDF titled. */
cairo_surface_t *draw_surface_open(mu_file_format f, double w, double h,
                                   const char *title, draw_sink *k);
/* After drawing ended with st: a PNG encoded, the surface finished and
 * freed; the first failure's status. */
mu_status draw_surface_close(cairo_surface_t *s, mu_file_format f,
                             mu_status st, draw_sink *k, mu_error *err);
/* One picture of w x h points: drawn by draw(cr, ud, err), in points
 * (a PNG's cr is scaled by 2 first); an SVG's words (desc, ndesc of them;
 * none: no <title> either) put after its <svg ...> tag. */
typedef struct draw_pic {
    double w, h;
    const char *title;
    const char *const *desc;
    int ndesc;
    mu_status (*draw)(cairo_t *cr, const void *ud, mu_error *err);
    const void *ud;
} draw_pic;
/* p drawn in format f into m (which holds the bytes, also on failure). */
mu_status draw_picture(const draw_pic *p, mu_file_format f, sbuf *m,
                       mu_error *err);
/* After drawing ended with st: m's bytes written to `path` through a
 * temporary file next to it (renamed over it: atomic), m freed either way;
 * the first failure's status. */
mu_status draw_write_atomic(mu_status st, const char *path, sbuf *m,
                            mu_error *err);

#endif
