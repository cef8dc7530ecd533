/* SPDX-License-Identifier: MIT */
/*
 * muster/roster.h -- orders of battle on paper: a roster to tick casualties
 * on and command-stand labels, drawn with cairo and pango as PDF, PNG or
 * SVG, from muster's JSON or from a campaign.
 *
 * Threads. A mu_roster is read-only once made: threads may render or draw
 * one at once, each call on a cairo surface of its own (a cairo_t handed
 * in is the caller's, one thread's). mu_roster_from_campaign uses its
 * mu_campaign as every campaign call does: one thread at a time.
 */
#ifndef MUSTER_ROSTER_H
#define MUSTER_ROSTER_H

#include "core.h"
#include "oob.h"
#include "campaign.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A roster is what goes on paper beside the miniatures: per division its
 * leader, per brigade a card with its brigadier, morale, one tick box per
 * stand, the worn and spent marks of a labels file and the rolls that made
 * it; corps and army totals with the reserve artillery; then a sheet of
 * command-stand labels with crop marks. Despicable leaders carry "DP" on
 * both, as the seed asks. */
typedef struct mu_roster mu_roster;

/* A roster of what a JSON document held (mu_oob_parse_json). `title` names
 * it in every page header; NULL makes one ("Battle in the Western theater,
 * 1863").
 * Owns: *out is the caller's; release it with mu_roster_free (NULL after a
 *       failure).
 * Errors: MU_EINPUT for an empty document. */
MU_API mu_status mu_roster_from_oob(const mu_oob_doc *doc, const char *title,
                                   mu_roster **out, mu_error *err);

/* A roster of a campaign as it stands now: current stands (lost and
 * prisoners off, returned ones back), leaders as replaced or downgraded,
 * the rolls that generated each division. `viewer` MU_SIDE_NONE prints every
 * engaged division of both sides; MU_SIDE_UNION or _CONFEDERATE only
 * that side's, so a hidden division of the other side is never printed.
 * A handle acting for a side (mu_campaign_act_as) prints only that side's
 * divisions whatever `viewer` asks. Divisions not yet engaged have no
 * brigades to print and are named in a note.
 * Owns: *out is the caller's; release it with mu_roster_free (NULL after a
 *       failure).
 * Errors: MU_EINPUT for an unknown viewer or a damaged stored division,
 *         MU_ESTATE for the other side's viewer on a handle acting for one,
 *         MU_EIO when the file cannot be read. */
MU_API mu_status mu_roster_from_campaign(mu_campaign *c, mu_side viewer,
                                        mu_roster **out, mu_error *err);
/* Releases a roster; NULL is a no-op. */
MU_API void mu_roster_free(mu_roster *r);

typedef enum mu_paper { MU_PAPER_A4 = 0, MU_PAPER_LETTER } mu_paper;
/* "a4" or "letter" (any case; "A4", "Letter", as paperconf says them).
 * Errors: MU_EINPUT naming the choices. */
MU_API mu_status mu_paper_parse(const char *s, mu_paper *out, mu_error *err);
/* The page in PostScript points (1/72 in): A4 595.28 x 841.89, letter
 * 612 x 792. */
MU_API void mu_paper_size(mu_paper p, double *width, double *height);

/* A command-stand base, "30x30" or "40x20": width x height in whole mm,
 * each 15..120.
 * Errors: MU_EINPUT for anything else. */
MU_API mu_status mu_base_parse(const char *s, int *width_mm, int *height_mm,
                               mu_error *err);

/* A sheet of self-adhesive labels as its maker publishes it: every
 * length in mm, from the page's top left corner; `pitch_x` is one label's
 * left edge to the next one's, `pitch_y` one top edge to the next. */
typedef struct mu_sheet {
    const char *name;        /* "avery-l7160": what a user types */
    const char *title;       /* "Avery L7160" */
    mu_paper paper;
    int cols, rows;
    double label_w, label_h;
    double left, top;        /* the page's edges to the first label's */
    double pitch_x, pitch_y;
} mu_sheet;

/* The sheets muster knows, in a fixed order; *n their count. Never NULL;
 * the table is static. */
MU_API const mu_sheet *mu_sheet_list(size_t *n);
/* The sheet called `name` (any case).
 * Errors: MU_EINPUT naming the sheets there are. */
MU_API mu_status mu_sheet_find(const char *name, const mu_sheet **out,
                               mu_error *err);

typedef enum mu_roster_style {
    MU_ROSTER_CARDS = 0, /* one full-width card a brigade, with its rolls */
    MU_ROSTER_COMPACT    /* several brigades a row, a division on a page
                            with its labels beside it when there is room */
} mu_roster_style;

typedef enum mu_roster_part {
    MU_PRINT_ALL = 0,    /* the roster, then the labels */
    MU_PRINT_ROSTER,     /* no labels */
    MU_PRINT_LABELS      /* the labels alone */
} mu_roster_part;

typedef struct mu_roster_opts {
    mu_paper paper;
    mu_file_format format;   /* MU_FILE_PDF, MU_FILE_PNG or MU_FILE_SVG */
    int page;                /* 1..pages, or 0: all (PDF), the first (PNG, SVG) */
    int dpi;                 /* PNG: 50..600; 0 means 150 */
    const mu_labels *labels; /* worn/spent marks; may be NULL */
    int base_w, base_h;      /* label size in mm; 0 means 30 x 30 */
    mu_roster_style style;
    mu_roster_part part;
    /* Labels on this sheet (NULL: on plain paper with crop marks): one a
     * label of the sheet, at its published place, pages without a
     * header. The whole document is then on the sheet's paper, and
     * base_w/base_h must be 0. */
    const mu_sheet *sheet;
    /* Fold-under labels: the label twice as tall (on a sheet: the sheet's
     * label halved), the part the opponent may see on top and the
     * brigade's strength and morale (a leader's rating) on the half that
     * folds under the base, printed upside down so that it reads upright
     * when the stand is lifted. */
    bool fold;
} mu_roster_opts;

/* What was drawn, counted as it was drawn (tests cross-check it with the
 * page itself). Counts cover the pages drawn. */
typedef struct mu_roster_stats {
    int pages;        /* in the whole document */
    int roster_pages; /* the first roster_pages pages are the roster... */
    int label_pages;  /* ...the rest the label sheets */
    int drawn;        /* pages drawn */
    int divisions, brigades; /* brigade cards drawn */
    int tick_boxes;   /* one per stand on the cards drawn */
    int labels;       /* command-stand labels drawn */
    int dp_roster;    /* "DP" marks on roster pages drawn */
    int dp_labels;    /* "DP" marks on label pages drawn */
    int battery_boxes; /* one per battery with a division, compact style */
    int status_boxes;  /* disordered and low ammunition, compact style */
} mu_roster_stats;

/* Draws the roster as PDF, PNG or SVG (cairo and pango) into `write` (a
 * mu_sink_fn, muster/core.h, given the file's bytes as they are made).
 * Pages: the roster, broken between brigade cards and never inside one, a
 * division's header kept with its first card; then the labels. In the
 * compact style a division is one block, its labels in a row after it on
 * its page (on label pages with a sheet), pages broken between divisions.
 * `part` leaves the labels or the roster out. Each page but a sheet's has
 * a header with the roster's title and "page N of M". `stats` (may be
 * NULL) says what was drawn.
 * A brigade's label is that of its strength (in a campaign, while a
 * battle is under way, the strength it began the battle with); a strength
 * the labels file lacks takes the nearest line (muster/oob.h).
 * Errors: MU_EINPUT for bad options (a page out of range names the count),
 *         the status `write` returned when it stopped, MU_EINTERNAL when
 *         cairo fails. */
MU_API mu_status mu_roster_render(const mu_roster *r, const mu_roster_opts *o,
                                  mu_sink_fn write, void *ud,
                                  mu_roster_stats *stats, mu_error *err);

/* A calibration page for a sheet, on its paper: every label's outline
 * at its published place, numbered, and rulers in mm along the top and
 * left edges. Printed on plain paper at 100 % and held against a sheet of
 * labels, it shows whether a printer shifts or scales the page. `format`
 * and `dpi` as in mu_roster_opts.
 * Errors: MU_EINPUT for bad options, the status `write` returned when it
 *         stopped, MU_EINTERNAL when cairo fails. */
MU_API mu_status mu_sheet_render_calibration(const mu_sheet *sheet,
                                             mu_file_format format, int dpi,
                                             mu_sink_fn write, void *ud,
                                             mu_error *err);

#ifdef __cplusplus
}
#endif
#endif /* MUSTER_ROSTER_H */
