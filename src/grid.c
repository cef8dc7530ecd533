/* SPDX-License-Identifier: MIT */
/* grid.c -- aligned text and Markdown tables (see grid.h). */
#include "grid.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void grid_init(grid *g, int cols)
{
    memset(g, 0, sizeof *g);
    g->cols = cols;
}

void grid_add(grid *g)
{
    if (g->oom)
        return;
    if (g->rows == g->cap_rows) {
        int cap = g->cap_rows ? g->cap_rows * 2 : 16;
        char **c = realloc(g->cells, (size_t)cap * (size_t)g->cols * sizeof *c);
        if (!c) {
            g->oom = true;
            return;
        }
        g->cells = c;
        g->cap_rows = cap;
    }
    for (int i = 0; i < g->cols; i++)
        g->cells[(size_t)g->rows * (size_t)g->cols + (size_t)i] = NULL;
    g->rows++;
}

static void grid_put(grid *g, int col, char *s)
{
    char **cell = &g->cells[(size_t)(g->rows - 1) * (size_t)g->cols + (size_t)col];
    free(*cell);
    *cell = s;
}

void grid_setf(grid *g, int col, const char *fmt, ...)
{
    if (g->oom || g->rows == 0 || col < 0 || col >= g->cols)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!s) {
        g->oom = true;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    grid_put(g, col, s);
}

void grid_row(grid *g, const char *const *cells)
{
    grid_add(g);
    for (int i = 0; i < g->cols && !g->oom; i++)
        if (cells[i])
            grid_setf(g, i, "%s", cells[i]);
}

static const char *cell(const grid *g, int r, int c)
{
    const char *s = g->cells[(size_t)r * (size_t)g->cols + (size_t)c];
    return s ? s : "";
}

/* Display width: UTF-8 continuation bytes take no column. */
static int width(const char *s)
{
    int w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xC0) != 0x80;
    return w;
}

static void pad(sbuf *sb, int n)
{
    for (int i = 0; i < n; i++)
        mu_buf_puts(sb, " ");
}

void grid_text(const grid *g, sbuf *sb, int indent, int right_from)
{
    if (g->oom) {
        sb->oom = true;
        return;
    }
    int *w = calloc((size_t)g->cols, sizeof *w);
    if (!w) {
        sb->oom = true;
        return;
    }
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++)
            if (width(cell(g, r, c)) > w[c])
                w[c] = width(cell(g, r, c));
    for (int r = 0; r < g->rows; r++) {
        sbuf line = {0};
        pad(&line, indent);
        for (int c = 0; c < g->cols; c++) {
            const char *s = cell(g, r, c);
            int gap = w[c] - width(s);
            if (c)
                pad(&line, 2);
            if (c >= right_from)
                pad(&line, gap);
            mu_buf_puts(&line, s);
            if (c < right_from && c + 1 < g->cols)
                pad(&line, gap);
        }
        if (line.p) {
            size_t n = line.len; /* no trailing blanks */
            while (n && line.p[n - 1] == ' ')
                n--;
            line.p[n] = '\0';
            mu_buf_puts(sb, line.p);
        }
        sb->oom |= line.oom;
        mu_buf_free(&line);
        mu_buf_puts(sb, "\n");
    }
    free(w);
}

void grid_markdown(const grid *g, sbuf *sb, int right_from)
{
    if (g->oom) {
        sb->oom = true;
        return;
    }
    for (int r = 0; r < g->rows; r++) {
        mu_buf_puts(sb, "|");
        for (int c = 0; c < g->cols; c++) {
            mu_buf_puts(sb, " ");
            for (const char *s = cell(g, r, c); *s; s++)
                mu_buf_puts(sb, *s == '|' ? "\\|" : (char[2]){*s, 0});
            mu_buf_puts(sb, " |");
        }
        mu_buf_puts(sb, "\n");
        if (r == 0) {
            mu_buf_puts(sb, "|");
            for (int c = 0; c < g->cols; c++)
                mu_buf_puts(sb, c >= right_from ? "---:|" : "---|");
            mu_buf_puts(sb, "\n");
        }
    }
}

void grid_free(grid *g)
{
    if (g->cells)
        for (size_t i = 0; i < (size_t)g->rows * (size_t)g->cols; i++)
            free(g->cells[i]);
    free(g->cells);
    memset(g, 0, sizeof *g);
}

void grid_emit(grid *g, sbuf *sb, bool md, int right_from)
{
    if (md) {
        mu_buf_puts(sb, "\n");
        grid_markdown(g, sb, right_from);
    } else {
        grid_text(g, sb, 2, right_from);
    }
    grid_free(g);
}
