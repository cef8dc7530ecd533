/* SPDX-License-Identifier: MIT */
/* roster.h -- private pieces of the paper roster: the model both inputs
 * (JSON, campaign) are turned into (roster.c, campaign/roster.c), its page
 * layout (roster.c) and its drawing (roster_draw.c). */
#ifndef MU_ROSTER_H
#define MU_ROSTER_H

#include "error.h"
#include "util.h"

#define RS_NAME (MU_CAMPAIGN_NAME_MAX + 1)

/* How a leader came to hold the post (as the campaign keeps it). */
enum { RS_ROLLED = 0, RS_REPLACED = 1, RS_DOWNGRADED = 2,
       RS_RETURNED = 3 /* back from a prisoner-of-war camp */ };

typedef struct rs_brigade {
    int number;
    char name[RS_NAME]; /* the campaign's name for it, or "" */
    int stands;   /* now: one tick box each */
    int label_stands; /* the label's strength (campaign: at the battle's
                         start while one is under way) */
    int start;    /* as generated */
    int lost, captured, returned; /* campaign: out now, held, come back */
    mu_morale morale;
    mu_rating leader, rolled;
    int origin;
} rs_brigade;

typedef struct rs_division {
    mu_division gen;       /* as generated, with its rolls */
    char name[RS_NAME];    /* the campaign's name for it, or "" */
    int number;            /* "Division N" */
    int corps;             /* index into mu_roster.corps, or -1 */
    bool campaign;         /* stands may differ from the generated ones */
    mu_rating leader;      /* now */
    mu_rating leader_rolled;
    int origin;
    int nbrigades;
    rs_brigade b[MU_MAX_BRIGADES];
    int stands, start;
    int batteries;         /* with the division now (campaign: as played) */
    int guns_captured, guns_destroyed; /* campaign: held by the enemy, gone */
} rs_division;

typedef struct rs_corps {
    char name[RS_NAME];    /* "I Corps", or "" for a generated corps */
    mu_army side;
    bool rated;            /* its leader is known */
    mu_rating leader, rolled;
    int origin;
    int roll;              /* the roll that rated it, or 0 */
    int attached;          /* a despicable leader's division number, or 0 */
} rs_corps;

struct mu_roster {
    char title[256];
    char dice[96];         /* "seed 3", "rolls given by hand", "" */
    bool campaign;
    rs_division *divs;
    int ndivs;
    rs_corps *corps;
    int ncorps;
    char waiting[2][400];  /* campaign: divisions of each side not engaged */
};

/* Appends room for one more division / corps; NULL when out of memory. */
rs_division *roster_add_div(mu_roster *r);
rs_corps *roster_add_corps(mu_roster *r);
/* Fills d's brigades and totals from the generated division (no losses). */
void roster_div_from_gen(rs_division *d, const mu_division *g);

/* ---- layout (roster.c) -------------------------------------------------- */

typedef enum rs_kind {
    RB_SIDE, RB_CORPS, RB_DIV, RB_CARD, RB_CORPS_TOTAL, RB_SIDE_TOTAL, RB_NOTE,
    RB_CDIV,  /* compact: a division's header, brigades and batteries */
    RB_LABELS /* compact: labels[first..first+count) in rows */
} rs_kind;

/* The compact style's measures, points: a division's header, a row of
 * brigade cells, the batteries' row, room below; brigade cells a row. */
#define RS_CDIV_HEAD 36.0
#define RS_CELL_H 96.0
#define RS_BATT_H 24.0
#define RS_CDIV_GAP 10.0
#define RS_CELLS 3
/* Labels on plain paper: the gap between them, mm (label pages, and the
 * rows beside a compact division), and the caption above such a row. */
#define RS_LABEL_GAP_MM 8.0
#define RS_ROW_GAP_MM 4.0
#define RS_ROW_CAPTION 22.0

typedef struct rs_block {
    rs_kind kind;
    int side, corps, div, brig; /* what it shows (-1: none) */
    double h;                   /* points */
    bool keep;                  /* keep on the page of the next block */
    int page;                   /* 1-based, after pagination */
    double y;                   /* top on its page */
    int first, count;           /* RB_LABELS: which labels */
} rs_block;

/* Page geometry, points. */
typedef struct rs_geom {
    double w, h, margin, top, bottom; /* content runs top..h-bottom */
    double base_w, base_h;            /* a command stand's base */
    double lw, lh;                    /* a label as drawn (fold: 2 halves) */
    double lx, ly, px, py;            /* label pages: the first label's top
                                         left corner and the pitches */
    int cols, rows;                   /* labels a page */
    int row_cols;                     /* labels a row beside a division */
} rs_geom;

/* One command-stand label: which leader. */
typedef struct rs_label {
    int corps;    /* a corps leader: its index, else -1 */
    int div;      /* a division's leader (brig < 0) or brigadier */
    int brig;     /* brigade index, or -1 */
} rs_label;

/* "Brigade 3", or the brigade's name when it has one. */
void roster_brigade_name(const rs_brigade *b, char *buf, size_t n);

#define RS_LEGEND (-2)
#define RS_LEGEND_H 22.0

typedef struct rs_layout {
    rs_geom g;
    rs_block *blocks;
    int nblocks;
    rs_label *labels;     /* in print order */
    int nlabels;
    int roster_pages, label_pages;
} rs_layout;

/* Lays the roster out on pages. MU_EINPUT when a label does not fit the
 * paper. Release with roster_layout_free. */
mu_status roster_layout(const mu_roster *r, const mu_roster_opts *o,
                        rs_layout *out, mu_error *err);
void roster_layout_free(rs_layout *l);

/* "Union corps" / the corps' name. */
void roster_corps_name(const mu_roster *r, int corps, char *buf, size_t n);

#endif
