/* SPDX-License-Identifier: MIT */
/* report.h -- the after-action report's model (report.c), read from the
 * viewer's log, for its renderers (report_render.c, which has
 * mu_campaign_report; src/draw/report_draw.c, its charts). Private to the
 * library. */
#ifndef MU_REPORT_H
#define MU_REPORT_H

#include "campaign.h"

/* A division as the viewer's log has shown it so far. */
typedef struct rdiv {
    const char *name; /* its add's (names are public) */
    int side;         /* 0 union, 1 confederate */
    bool hidden;      /* an event about it is masked for the viewer */
    bool engaged;
    int stands, batteries;
} rdiv;

/* A division in a battle: its strength when it first appears there and
 * at the battle's end (or now, while it is fought). */
typedef struct rpart {
    int div;
    int s0, b0, s1, b1;
    bool known0; /* s0, b0 known: not hidden from the viewer when it came */
} rpart;

/* A brigade's losses in a battle (brigade 0: batteries alone). */
typedef struct rloss {
    int div, brigade, lost, captured, bat_captured, bat_lost;
} rloss;

typedef struct rlead {
    int div, brigade, roll; /* roll 0: none shown */
    bool captured, hidden;
    const char *post, *corps, *was, *rating, *camp;
} rlead;

typedef struct rret {
    int div, brigade, lost, whole, threshold, roll, returned; /* roll -1: none */
    bool hidden;
    const char *rate;
} rret;

/* What one captor took into one camp in a battle. */
typedef struct rcamp {
    int captor;
    const char *name;
    int stands, batteries, leaders;
} rcamp;

/* A side's totals: in a battle, or the war's after it. */
typedef struct rside {
    int lost, captured, bat_lost, bat_captured, leaders;
    int stands, batteries, held; /* after the battle (the war's table) */
} rside;

typedef struct rbattle {
    int n, year;
    const char *name, *theater, *winner; /* winner NULL: none or not ended */
    bool ended;
    rpart *parts;
    rloss *losses;
    rlead *leads;
    rret *rets;
    rcamp *camps;
    int nparts, nlosses, nleads, nrets, ncamps;
    rside in[2];    /* this battle's losses, by the side that suffered them */
    rside after[2]; /* the war's totals after it */
} rbattle;

typedef struct report {
    cJSON *log; /* the viewer's log, whose strings the model borrows */
    const char *name;
    int year;
    rdiv *divs;
    int ndivs;
    rdiv spare; /* what an id the log cannot have reads and writes */
    rbattle *bats;
    int nbats;
    rbattle *cur; /* the battle being fought (NULL: none) */
    const char *camp0[2];
    rside war[2]; /* running totals */
} report;

/* Reads the viewer's log into r (report.c). */
mu_status report_read(mu_campaign *c, int viewer, report *r, mu_error *err);
void report_free(report *r);


#endif
