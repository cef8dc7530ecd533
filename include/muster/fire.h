/* SPDX-License-Identifier: MIT */
/*
 * muster/fire.h -- fire curves: weapons as straight lines, range bands,
 * points or polynomials; volleys, curves and crossovers, computed exactly.
 *
 * Threads. A mu_weapons is read-only once loaded and a mu_weapon is a
 * value: any number of threads may use one at once, each rolling its own
 * mu_dice. Every function here is reentrant.
 */
#ifndef MUSTER_FIRE_H
#define MUSTER_FIRE_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Weapons: the fire curves, loaded from INI. The format
 * (rules/linear-fire.ini is the reference and documents every key):
 *
 *   [musket]                 a weapon fired by figures
 *   slope = 2                P(r) = slope x (max_range - r) [+ cover], >= 0
 *   max_range = 15
 *   cover = -8               behind hard cover
 *   effectives = 1           effective figures per casting
 *
 *   [canister]               an artillery load: it also has
 *   crew = 6                 crew castings at full strength (and at most)
 *
 *   [gun]                    a gun: canister = LOAD, roundshot = LOAD
 *
 * A curve may have another shape (`curve = linear` is the default):
 *
 *   curve = bands            range bands with a fixed P each, the staircase
 *   0-6 = 33                 of range-band rules: from 0 up to 6 (6 itself
 *   6-12 = 17                belongs to the next band), contiguous from 0
 *   curve = points           straight lines through (range:P) points, the
 *   points = 0:30, 10:25, 20:0   first at range 0, ranges increasing
 *   curve = polynomial       P = a0 + a1 r + a2 r^2 + ..., clipped at 0;
 *   coefficients = 30, 0, -1/20  up to max_range if given, else as far as
 *                            the polynomial stays above 0
 *
 * Every shape is 0 beyond its reach (max_range) and takes cover, effectives
 * and crew: behind cover P(r) = max(0, curve(r) + cover). P is kept
 * exact: at a rational range every shape gives a rational P.
 * Section names are the weapon names: a lower-case letter, then letters,
 * digits, '-' or '_', at most 31 bytes; [units] is not a weapon but the
 * file's scale for lengths given in centimetres (cm_per_inch = 5/2). */
typedef enum mu_weapon_kind {
    MU_WEAPON_SMALL_ARMS = 0, /* fired by figures (musket, rifle)          */
    MU_WEAPON_LOAD,           /* fired by a gun's crew (canister, roundshot) */
    MU_WEAPON_GUN             /* a gun choosing between two loads          */
} mu_weapon_kind;

/* The shape of a curve. */
typedef enum mu_curve_shape {
    MU_CURVE_LINEAR = 0, /* slope x (max_range - r)                        */
    MU_CURVE_BANDS,      /* y[i] on [x[i], x[i + 1]), i < n               */
    MU_CURVE_POINTS,     /* straight from (x[i], y[i]) to (x[i+1], y[i+1]) */
    MU_CURVE_POLYNOMIAL  /* y[0] + y[1] r + ... + y[n - 1] r^(n - 1)       */
} mu_curve_shape;

#define MU_WEAPON_NAME 32
#define MU_MAX_WEAPONS 64
/* Most bands, points or coefficients in one curve. */
#define MU_CURVE_MAX 24
/* mu_weapon.canister and .roundshot of anything but a gun. */
enum { MU_NO_LOAD = -1 };

/* One weapon, as read. For a gun, slope, max_range and cover are zero and
 * crew and effectives are those of its loads (which must agree). */
typedef struct mu_weapon {
    char name[MU_WEAPON_NAME];
    mu_weapon_kind kind;
    mu_rat slope;     /* linear: percent per inch, > 0; else 0 */
    mu_rat max_range; /* inches, > 0: where P is 0 from then on (the end of
                         the last band, the last point; a polynomial's
                         max_range, or its last root rounded up to 1e-9) */
    mu_rat cover;     /* percent, <= 0 */
    int effectives;   /* effective figures per casting, 1..100 */
    int crew;         /* loads and guns: full crew, the default and the most;
                         0 for small arms */
    int canister;     /* a gun: index of its canister load, else MU_NO_LOAD */
    int roundshot;    /* a gun: index of its roundshot load, else MU_NO_LOAD */
    int line;         /* its [section] header's line in its file */
    mu_curve_shape shape;
    int n;            /* bands, points or coefficients (0 when linear) */
    mu_rat x[MU_CURVE_MAX + 1]; /* bands: edges x[0] = 0 .. x[n];
                                   points: ranges */
    mu_rat y[MU_CURVE_MAX];     /* bands, points: P in percent;
                                   polynomial: coefficients a0.. */
    bool reach_given; /* polynomial: max_range came from the file */
} mu_weapon;

/* "linear", "bands", "points" or "polynomial". */
MU_API const char *mu_curve_shape_name(mu_curve_shape s);

typedef struct mu_weapons mu_weapons;

/* A set of weapons: the ones compiled into muster (musket, rifle,
 * canister, roundshot and gun, as in the seed article), a weapons file
 * loaded and validated, or the same from text in memory (`name` stands for
 * the file in messages).
 * Owns: *out is the caller's; release it with mu_weapons_free.
 * Errors: MU_EIO for a file that cannot be read, MU_EINPUT for a bad file,
 * with its name and line. */
MU_API mu_status mu_weapons_default(mu_weapons **out, mu_error *err);
MU_API mu_status mu_weapons_load(const char *path, mu_weapons **out,
                                 mu_error *err);
MU_API mu_status mu_weapons_parse(const char *text, size_t len,
                                  const char *name, mu_weapons **out,
                                  mu_error *err);
/* Releases a set of weapons; NULL is a no-op. */
MU_API void mu_weapons_free(mu_weapons *w);
/* The embedded default weapons file, as text (static storage). */
MU_API const char *mu_weapons_default_text(size_t *len);

/* Centimetres to the inch that the file's [units] section gives
 * (cm_per_inch = 5/2), or 0 when it has none: the caller's default holds.
 * The section is no weapon; the curves stay in inches. */
MU_API mu_rat mu_weapons_cm_per_inch(const mu_weapons *w);

/* The weapons in file order: mu_weapons_at(w, i) for i < mu_weapons_count(w)
 * (NULL past the end). Pointers live as long as w. */
MU_API size_t mu_weapons_count(const mu_weapons *w);
MU_API const mu_weapon *mu_weapons_at(const mu_weapons *w, size_t i);
/* The weapon called `name` (read as mu_army_parse reads names); the
 * pointer lives as long as w.
 * Errors: MU_EINPUT listing the weapons there are (reason
 * MU_R_NO_SUCH_WEAPON when none has the name; none when it starts two). */
MU_API mu_status mu_weapons_find(const mu_weapons *w, const char *name,
                                 const mu_weapon **out, mu_error *err);

/* P, the percent chance to hit for each effective figure, of a weapon that
 * is one curve (not a gun) at `range` inches, in the open or behind hard
 * cover: the curve there [+ cover], or 0 where that is below zero or the
 * range is beyond the curve's reach, in percent. Exact for every shape.
 * Errors: MU_EINPUT for a gun, a negative range, or numbers too finely
 * divided. */
MU_API mu_status mu_weapon_p(const mu_weapon *w, mu_rat range, bool cover,
                             mu_rat *p, mu_error *err);

/* A volley: what a unit's fire comes to before any die is rolled. The seed's
 * procedure: P from the curve at the unit's (average) range, POH =
 * effectives x P, read as floor(POH / 100) sure hits plus a chance c =
 * POH mod 100 of one more, settled by one d100: a hit iff roll <= floor(c),
 * and no roll at all when floor(c) is 0. */
#define MU_FIRE_MAX_RANGES 100
#define MU_FIRE_MAX_FIGURES 10000

/* What fires, and at what. */
typedef struct mu_fire_opts {
    const char *weapon;    /* a weapon's name, e.g. "musket" or "gun" */
    const mu_rat *ranges;  /* one range, or one per figure measured: the unit
                              fires at their average. Each >= 0. */
    size_t nranges;        /* 1..MU_FIRE_MAX_RANGES */
    mu_rat yards_per_inch; /* 0: ranges and max_range are inches; > 0: they
                              are yards at this scale (the seed's is 10) */
    int figures;           /* small arms: figures firing, 1..10000;
                              0 for artillery */
    int crew;              /* artillery: crew castings, 1..full crew, or 0
                              for a full crew; 0 for small arms */
    bool cover;            /* the target is behind hard cover */
    bool no_canister;      /* a gun with no canister left fires roundshot */
    bool has_max_range;    /* a house rule: the weapon's curve keeps its
                              slope and reaches max_range instead (the
                              seed's "roundshot out to 800 yards"). Not for
                              a gun: name the load or give a weapons file. */
    mu_rat max_range;      /* in the unit of the ranges */
    mu_rat cm_per_inch;    /* 0: as yards_per_inch says; > 0: ranges and
                              max_range are centimetres at this many to the
                              inch (2.5 is the common one). Not with
                              yards_per_inch. */
} mu_fire_opts;

/* Why a gun fired the load it did. */
typedef enum mu_load_why {
    MU_LOAD_NONE = 0,         /* not a gun                                  */
    MU_LOAD_CANISTER_BETTER,  /* P(canister) > P(roundshot): canister       */
    MU_LOAD_ROUNDSHOT_BETTER, /* P(roundshot) > P(canister): roundshot      */
    MU_LOAD_EQUAL,            /* equal (at the crossover, or both 0):
                                 roundshot, saving canister               */
    MU_LOAD_NO_CANISTER       /* told there is no canister: roundshot       */
} mu_load_why;

/* A computed volley: a plain value of exact numbers, safe to copy. Percent
 * values are percent (POH 220 is 220 %). */
typedef struct mu_volley {
    mu_weapon weapon;       /* as asked: "gun" for a gun */
    mu_weapon fired;        /* the curve that fires: the weapon itself or the
                               gun's load, with a house max_range applied */
    mu_load_why why;        /* a gun: why this load */
    mu_rat other_p;         /* a gun: P of the load not fired */
    bool has_crossover;     /* a gun: its loads cross where both fire... */
    mu_rat crossover;       /* ...at this range, inches */
    size_t nranges;
    mu_rat ranges[MU_FIRE_MAX_RANGES]; /* as given, in the unit given */
    mu_rat yards_per_inch;  /* 0 when the ranges were given in inches */
    mu_rat cm_per_inch;     /* 0 unless the ranges were given in cm */
    mu_rat range;           /* the range fired at, inches (the average) */
    bool cover;
    bool house_max_range;   /* max_range was changed for this volley */
    bool beyond;            /* range > fired.max_range */
    mu_rat line_p;          /* slope x (max_range - range) [+ cover]: the
                               straight line, which may be below 0 */
    mu_rat p;               /* percent per effective figure: line_p, or 0 */
    int castings;           /* figures, or crew castings */
    int effectives;         /* castings x effectives per casting */
    mu_rat poh;             /* effectives x p */
    int sure_hits;          /* floor(poh / 100) */
    mu_rat chance;          /* poh - 100 x sure_hits, in [0, 100) */
    int threshold;          /* floor(chance): one more hit iff d100 <= it;
                               0 means nothing to roll for */
} mu_volley;

/* Computes a volley without rolling.
 * Owns: *out is a plain value.
 * Errors: MU_EINPUT for an unknown weapon, a negative range, figures or
 * crew out of bounds or given to the wrong kind of weapon, a bad max_range
 * or scale, or numbers too finely divided. */
MU_API mu_status mu_fire_compute(const mu_weapons *w, const mu_fire_opts *o,
                                 mu_volley *out, mu_error *err);

/* How a volley came out. */
typedef struct mu_fire_result {
    bool rolled; /* a roll was taken (threshold > 0) */
    int roll;    /* the d100, 1..100; 0 when none */
    int hits;    /* sure hits, plus one if roll <= threshold */
} mu_fire_result;

/* Settles a volley with one d100 from `d`, labelled "Musket fire: one more
 * hit on 20 or less", only when threshold > 0; otherwise takes no roll.
 * Errors: MU_ENOROLL when the dice have no roll to give. */
MU_API mu_status mu_fire_resolve(const mu_volley *v, mu_dice *d,
                                 mu_fire_result *out, mu_error *err);

/* Renders a volley, showing the working line by line as the seed does
 * (text, markdown), or as data (json, jsonl: one object; csv: a header and
 * one row). `r` NULL means not rolled on purpose: "roll" and "hits" are
 * null. The seed is shown when o->has_seed and a roll was taken. Numbers
 * that are not whole print with at most 4 decimals (mu_rat_format); JSON
 * also gives them exactly as "num/den" strings under "exact". The format is
 * o->format (o NULL: text).
 * Owns: *out is malloc'd text; free() it. */
MU_API mu_status mu_fire_render(const mu_volley *v, const mu_fire_result *r,
                                const mu_render_opts *o, char **out,
                                mu_error *err);

/* The table of P against range for one weapon (for a gun: both loads and
 * the one it fires), rows from 0 to `to` every `step` inches. */
typedef struct mu_curve_opts {
    const char *weapon;
    bool cover;
    mu_rat step;           /* inches, > 0; 0 means 1 */
    bool has_to;
    mu_rat to;             /* last range, inches; default the max range */
    bool has_max_range;    /* as in mu_fire_opts (inches) */
    mu_rat max_range;
    mu_rat yards_per_inch; /* for the yards column; 0 means 10 */
    mu_rat cm_per_inch;    /* > 0: a cm column at this many to the inch
                              (the lengths were given in cm); 0: none */
} mu_curve_opts;

/* Renders the curve of c->weapon in ro->format, any format (ro NULL:
 * text); at most 10001 rows.
 * Owns: *out is malloc'd text; free() it.
 * Errors: MU_EINPUT for an unknown weapon, a bad step or range, or more
 * rows than that (the message asks for a larger step). */
MU_API mu_status mu_curve_render(const mu_weapons *w, const mu_curve_opts *c,
                                 const mu_render_opts *ro, char **out,
                                 mu_error *err);

/* Which of two compared curves, a or b. */
typedef enum mu_which {
    MU_WHICH_SAME = -1, /* neither: the curves are the same */
    MU_WHICH_A = 0,
    MU_WHICH_B = 1
} mu_which;

/* One place where the better of two curves changes. */
typedef struct mu_crossing {
    mu_rat range; /* inches */
    bool exact;   /* range is exact; false where a polynomial takes part
                     and the range is a root found to within 1e-9 inch */
    mu_rat pa, pb; /* P of a and of b at `range` (equal where the curves
                     meet; apart where one steps at a band edge or ends) */
    mu_which better; /* the better one from here on (never MU_WHICH_SAME) */
} mu_crossing;

#define MU_MAX_CROSSINGS 32

/* Where two curves cross: canister and roundshot at 22.5 inches, 7.5 %.
 * Curves compare as fired, clipped at 0 (a crossing where neither fires
 * does not count). Straight lines cross at most once; bands, points and
 * polynomials may cross many times, all listed in `at`. */
typedef struct mu_crossover {
    mu_weapon a, b;
    bool cover;
    bool crosses; /* the better curve changes at some range >= 0 */
    mu_rat range; /* the first such range, inches (when crosses) */
    mu_rat p;     /* P of a there */
    mu_which closer; /* the better one closer than `range` when they
                     cross, or at every range where either fires when they
                     do not; MU_WHICH_SAME when the curves are the same */
    int n;        /* crossings, in order of range (0 when !crosses) */
    mu_crossing at[MU_MAX_CROSSINGS];
    bool more;    /* there were more than MU_MAX_CROSSINGS */
} mu_crossover;

/* Computes where the curves of weapons `a` and `b` (single curves, not
 * guns) cross, in the open or behind cover. Exact where both are linear,
 * bands or points; where a polynomial takes part each range is found to
 * within 1e-9 inch (and marked inexact).
 * Owns: *out is a plain value.
 * Errors: MU_EINPUT for an unknown weapon or a gun. */
MU_API mu_status mu_crossover_compute(const mu_weapons *w, const char *a,
                                      const char *b, bool cover,
                                      mu_crossover *out, mu_error *err);
/* Renders a crossover in ro->format, any format (ro NULL: text), with yards
 * at `yards_per_inch` (0 means 10).
 * Owns: *out is malloc'd text; free() it. */
MU_API mu_status mu_crossover_render(const mu_crossover *x,
                                     mu_rat yards_per_inch,
                                     const mu_render_opts *ro, char **out,
                                     mu_error *err);

#ifdef __cplusplus
}
#endif
#endif /* MUSTER_FIRE_H */
