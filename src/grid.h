/* SPDX-License-Identifier: MIT */
/* grid.h -- a table of text cells laid out as aligned text or Markdown, so
 * every renderer draws tables the same way. */
#ifndef MU_GRID_H
#define MU_GRID_H

#include "util.h"

typedef struct grid {
    char **cells; /* rows * cols, row-major, malloc'd strings */
    int rows, cols, cap_rows;
    bool oom;
} grid;

/* Starts a grid of `cols` columns; the first row added is the header. */
void grid_init(grid *g, int cols);
/* Appends a row; `cells` has g->cols strings (NULL for empty). */
void grid_row(grid *g, const char *const *cells);
/* Sets cell (row, col) of the last row added with printf formatting. */
void grid_setf(grid *g, int col, const char *fmt, ...) MU_PRINTF(3, 4);
/* Adds an empty row to fill with grid_setf. */
void grid_add(grid *g);
/* Text: columns padded with two spaces, `indent` spaces before each row.
 * Markdown: a pipe table. Columns from `right_from` on are right-aligned. */
void grid_text(const grid *g, sbuf *sb, int indent, int right_from);
void grid_markdown(const grid *g, sbuf *sb, int right_from);
void grid_free(grid *g);
/* The odds tables' ending: Markdown after a blank line, or text indented by
 * two; then the grid is freed. */
void grid_emit(grid *g, sbuf *sb, bool md, int right_from);

#endif
