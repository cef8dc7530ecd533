/* SPDX-License-Identifier: MIT */
/*
 * muster/plot.h -- charts of fire curves and of odds, drawn with cairo and
 * pango as PNG, SVG or PDF: to a file, to memory (the web page serves the
 * SVG) or onto any cairo surface.
 *
 * Threads. A mu_chart is read-only once made: threads may write or draw
 * one at once, each call on a cairo surface and pango layout of its own
 * (a cairo_t handed to mu_chart_draw is the caller's, one thread's).
 * Making a chart reads the weapons, rules and odds it is given, which
 * threads may share.
 */
#ifndef MUSTER_PLOT_H
#define MUSTER_PLOT_H

#include "campaign.h"
#include "core.h"
#include "fire.h"
#include "odds.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A chart: what is drawn (series, marks, titles, axes), independent of the
 * output. Made by one of the mu_chart_* builders, drawn by mu_chart_write
 * or mu_chart_draw, released with mu_chart_free. Charts are
 * made for print and screen: a 560 x 400 point canvas (A5 landscape fits it
 * with margins; PNG is drawn at twice that in pixels), DejaVu Sans, and for
 * each series a colour from the Okabe-Ito palette together with its own
 * line style or fill pattern, so that greyscale prints and colour-blind
 * readers can tell series apart. */
typedef struct mu_chart mu_chart;

/* The canvas, in points (1/72 inch). */
#define MU_CHART_WIDTH 560
#define MU_CHART_HEIGHT 400

/* The format a file name asks for by its extension (.png, .svg, .pdf, in
 * any case). MU_EINPUT naming the three for anything else. */
MU_API mu_status mu_file_format_detect(const char *path,
                                       mu_file_format *out, mu_error *err);

/* Releases a chart; NULL is a no-op. */
MU_API void mu_chart_free(mu_chart *c);

/* ---- curves ------------------------------------------------------------ */

/* P against range for weapons of any shape, in inches along the bottom and
 * yards along the top. A gun draws both its loads. */
typedef struct mu_curves_opts {
    const char *const *weapons; /* names, 1..8 curves in all */
    size_t nweapons;
    bool cover;            /* also draw each curve behind hard cover */
    mu_rat yards_per_inch; /* the top axis; 0 means 10 */
    bool crossings;        /* mark where each pair of curves crosses */
    const char *title;     /* NULL: "Fire curves: musket, rifle" */
} mu_curves_opts;

/* MU_EINPUT for an unknown weapon, no weapon or more than 8 curves. */
MU_API mu_status mu_chart_curves(const mu_weapons *w, const mu_curves_opts *o,
                                 mu_chart **out, mu_error *err);

/* The Courier article's figure n (1..5) from the weapons `w` (the built-in
 * ones: 1 the staircase against the musket line, 2 the musket, 3 musket
 * and rifle, 4 the musket in the open and behind cover, 5 canister and
 * roundshot with their crossover marked and labelled). MU_EINPUT for
 * another n, or weapons that lack what the figure shows. */
MU_API mu_status mu_chart_figure(const mu_weapons *w, int n, mu_chart **out,
                                 mu_error *err);

/* ---- odds -------------------------------------------------------------- */

/* Distributions as bars, with each mean marked. `sim` (may be NULL) are
 * simulated frequencies of the same questions, drawn as markers on the
 * exact bars. */
MU_API mu_status mu_chart_fire_odds(const mu_fire_odds *exact,
                                    const mu_fire_odds *sim, mu_chart **out,
                                    mu_error *err);
/* One statistic of an order of battle's odds (MU_STAT_STANDS...).
 * MU_EINPUT for a statistic the odds do not have. */
MU_API mu_status mu_chart_oob_odds(const mu_oob_odds *exact,
                                   const mu_oob_odds *sim, mu_oob_stat stat,
                                   mu_chart **out, mu_error *err);
/* A charge: the figures left at contact, or with `crew` the gun's crew
 * left (only when the unit fires back). */
MU_API mu_status mu_chart_charge_odds(const mu_charge_odds *o, bool crew,
                                      mu_chart **out, mu_error *err);

/* ---- drawing ----------------------------------------------------------- */

/* The title and the words of the chart (axis labels, legend, marks), one
 * per line, the title first, for tests and screen readers. Static as long
 * as c. */
MU_API const char *mu_chart_text(const mu_chart *c);

/* Draws the chart on a cairo context at the origin, scaled to width x
 * height points. `cr` is the caller's cairo_t * (muster.h names no cairo
 * type and does not include cairo.h). MU_EINTERNAL when cairo fails. */
MU_API mu_status mu_chart_draw(const mu_chart *c, void *cr, double width,
                               double height, mu_error *err);

/* Writes the chart to `path`, in the format its extension names: first to a
 * temporary file in the same folder, then renamed over `path`, so that a
 * failure leaves no file and no half-written one. MU_EINPUT for a bad
 * extension, MU_EIO when the folder cannot be written. */
MU_API mu_status mu_chart_write(const mu_chart *c, const char *path,
                                mu_error *err);

/* ---- the quick-reference card ------------------------------------------ */

/* A one-page (A4) quick-reference card of the weapons `w`: P by range,
 * every inch from 0 to the farthest reach, for every weapon in the open
 * and behind hard cover (a dash beyond its reach), what each gun fires
 * there (the better load, roundshot when equal: "30 c", "6 r"), and where
 * each gun's loads cross. Values are mu_weapon_p's, printed as
 * mu_rat_format prints them (as the curve listing does). `source` names the
 * weapons in its subtitle (NULL: "the built-in ones", and then the
 * built-in "staircase", the range bands of the article's figure 1, is left
 * out: it is no player's weapon). In the reader's language (LC_MESSAGES),
 * the weapons' names as `w` has them. PNG at twice the page's points, SVG
 * and PDF at its size (595 x 842 points). Written to `path` in the format
 * its extension names, as mu_chart_write writes (a temporary file renamed
 * over it).
 * Errors: MU_EINPUT for a bad extension, more weapons than 24 columns hold
 * or a reach beyond 100 inches; MU_EIO when the folder cannot be written;
 * MU_EINTERNAL when cairo fails. */
MU_API mu_status mu_card_write(const mu_weapons *w, const char *source,
                               const char *path, mu_error *err);

/* ---- the after-action report ------------------------------------------ */

/* The war's three charts alone, as mu_campaign_report_write draws them
 * after the war's tables: one picture (SVG, PNG) or page (PDF).
 * Owns: *out (malloc'd, the caller's) holds *len bytes (an SVG's text is
 * followed by a NUL).
 * Errors: MU_EINPUT when no battle has been fought (no charts). */
MU_API mu_status mu_campaign_report_charts(mu_campaign *c, mu_side viewer,
                                           mu_file_format f,
                                           unsigned char **out, size_t *len,
                                           mu_error *err);
/* The after-action report (mu_campaign_report, as `viewer` may read it)
 * drawn: its headings, paragraphs and tables (shrunk to the page's width
 * when wide) on A4 pages (PDF) or as one picture 595 points wide (SVG;
 * PNG at twice that in pixels); battle 0, the war, has three charts after
 * its tables, a line a side over the battles: strength in stands, stands
 * lost and captured in all, and prisoners held, after each battle. The
 * numbers are the report's, so a side's picture shows what its report says
 * and no more. An SVG's words are also in its <title> and <desc>.
 * Written to `path` as mu_chart_write writes (a temporary file renamed
 * over it), in the format its extension names: .pdf, .png, .svg, or .html,
 * mu_campaign_report's page with the war's charts in it as SVG.
 * Errors: as mu_campaign_report; MU_EINPUT for another extension;
 * MU_EINTERNAL when cairo fails. */
MU_API mu_status mu_campaign_report_write(mu_campaign *c, mu_side viewer,
                                          int battle, const char *path,
                                          mu_error *err);

/* ---- a link's card ------------------------------------------------------ */

/* A link of `muster serve` on a card to hand to one player: a title ("The
 * Union player's link"), a line under it (the campaign's name; NULL:
 * none), the QR code and the link in full, and a note at the foot (NULL:
 * none). The QR code is the caller's (the library makes none): `width`
 * modules a side (21..177), modules[row * width + column] & 1 dark (as
 * libqrencode gives them); the card draws it with its quiet zone. One A6
 * page (298 x 420 points) with a dashed line to cut along; PNG at twice
 * that, SVG and PDF at its size. Written to `path` in the format its
 * extension names, as mu_chart_write writes (a temporary file renamed over
 * it).
 * Errors: MU_EINPUT for a missing title, link or code or a bad extension;
 * MU_EIO when the folder cannot be written; MU_EINTERNAL when cairo fails. */
typedef struct mu_link_card {
    const char *title;
    const char *subtitle;
    const char *url;
    const unsigned char *modules;
    int width;
    const char *note;
} mu_link_card;
MU_API mu_status mu_link_card_write(const mu_link_card *k, const char *path,
                                    mu_error *err);

#ifdef __cplusplus
}
#endif
#endif /* MUSTER_PLOT_H */
