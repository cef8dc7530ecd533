/* SPDX-License-Identifier: MIT */
/*
 * muster/odds.h -- how likely: exact odds and deterministic simulation of
 * orders of battle, volleys and charges.
 *
 * Threads. Every function here is reentrant and only reads the rules and
 * weapons it is given, which threads may share. mu_sim_* start threads of
 * their own (mu_sim_opts.threads), with dice of their own, and join them
 * before they return; the progress function is called from the calling
 * thread only. A result (the odds, a distribution) is one thread's while
 * it is filled or cleared, then plain data.
 */
#ifndef MUSTER_ODDS_H
#define MUSTER_ODDS_H

#include "core.h"
#include "fire.h"
#include "oob.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exact odds answer "how likely?" from the rules data by enumeration and
 * convolution, without sampling; the simulator answers the same questions by
 * rolling, with the real generator, and measures the gap.
 *
 * Precision. A division's odds are exact: every outcome is an integer count
 * of d100 faces over 100^k, counted in 128-bit integers; only the final
 * division into a double rounds (relative error below 1e-15). A corps adds
 * up independent divisions by convolution in IEEE binary128: all terms are
 * positive, so rounding errors cannot cancel into nonsense, and each
 * probability is within 1e-14 relative of the exact one for up to 64
 * divisions. Hit distributions (below) carry their own guarantee. The
 * odds, hit distributions, charges and simulation tallies are summed in
 * binary128 on every platform (not long double, which is 80-bit on x86-64),
 * so the same question gives the same bytes everywhere, the WebAssembly
 * app included. */

/* A probability distribution over the whole numbers lo..hi:
 * P(X = k) = p[k - lo] and P(X >= k) = at_least[k - lo]. Both arrays live
 * in one malloc'd block owned by the structure that holds the mu_dist
 * (released by that structure's _clear function). lo > hi means empty. */
typedef struct mu_dist {
    int lo, hi;
    double *p;
    double *at_least;
    double mean;
} mu_dist;

/* P(X = k) and P(X >= k) for any k (0 or 1 outside lo..hi). */
MU_API double mu_dist_p(const mu_dist *d, int k);
MU_API double mu_dist_at_least(const mu_dist *d, int k);

/* What the odds of an order of battle are about. A corps adds up its
 * divisions (brigades, stands, morale and brigadier counts, batteries);
 * its "leader" is the corps leader and it has no single ratio. */
typedef enum mu_oob_stat {
    MU_STAT_LEADER = 0,       /* the leader's rating as played (0..2)    */
    MU_STAT_BRIGADES,         /* number of brigades                      */
    MU_STAT_STANDS,           /* total stands                            */
    MU_STAT_GREEN,            /* number of green brigades                */
    MU_STAT_VETERAN,          /* ... veteran                             */
    MU_STAT_CRACK,            /* ... crack                               */
    MU_STAT_DESPICABLE,       /* brigadiers rated despicable, as played  */
    MU_STAT_AVERAGE,          /* ... average                             */
    MU_STAT_EXCEPTIONAL,      /* ... exceptional                         */
    MU_STAT_RATIO,            /* stands per battery (division only)      */
    MU_STAT_BATTERIES,        /* all batteries                           */
    MU_STAT_DIVISION_BATTERIES, /* batteries kept by the division(s)     */
    MU_STAT_RESERVE,          /* batteries sent to the reserve           */
    MU_STAT_COUNT
} mu_oob_stat;

/* The JSON key of a statistic ("stands", "division_batteries", "green",
 * "despicable_brigadiers"...). Static storage. */
MU_API const char *mu_oob_stat_name(mu_oob_stat s);

/* The odds of an order of battle, exact or simulated. */
typedef struct mu_oob_odds {
    mu_army army;
    int year;            /* as asked: MU_YEAR_UNKNOWN when table 1 decides */
    mu_theater theater;  /* as asked: MU_THEATER_UNKNOWN likewise         */
    mu_arm arm;
    bool by_the_book;
    int divisions;       /* 1 for a division, the corps' divisions else  */
    bool simulated;      /* frequencies from `trials` generations        */
    uint64_t trials;
    uint64_t seed;       /* simulated: the seed of the run               */
    mu_dist stat[MU_STAT_COUNT]; /* an unused statistic is empty         */
} mu_oob_odds;

/* Exact odds of one division generated with options `o` (as for
 * mu_division_generate: a year or theater left unknown is mixed over table
 * 1 exactly as the generator would roll it).
 * Owns: the caller releases *out with mu_oob_odds_clear.
 * Errors: MU_EINPUT for bad options. */
MU_API mu_status mu_odds_division(const mu_rules *r, const mu_oob_opts *o,
                                  mu_oob_odds *out, mu_error *err);
/* Exact odds of a corps of `infantry` + `cavalry` divisions, 1..64 in all
 * (the arm changes no table).
 * Owns: as mu_odds_division. Errors: MU_EINPUT for bad options or counts. */
MU_API mu_status mu_odds_corps(const mu_rules *r, const mu_oob_opts *o,
                               int infantry, int cavalry, mu_oob_odds *out,
                               mu_error *err);
/* Releases what odds own and leaves every distribution empty; NULL is a
 * no-op. */
MU_API void mu_oob_odds_clear(mu_oob_odds *o);

/* A battle as mu_battle_generate makes it: one table 1 roll when needed,
 * then a Union and a Confederate corps of `divisions` infantry divisions. */
typedef struct mu_battle_odds {
    int year;            /* as asked, as in mu_oob_odds */
    mu_theater theater;
    int divisions;
    bool by_the_book;
    mu_oob_odds side[2];   /* indexed by mu_army */
    /* Who brings more stands (the sides share the table 1 roll, so this is
     * not a product of the two sides' odds). */
    double union_ahead, level, confederate_ahead;
} mu_battle_odds;

/* Exact odds of a battle of `divisions` (1..64) infantry divisions a
 * side; of `o` only year, theater (unknown: by table 1) and by_the_book
 * are read, as by mu_battle_generate.
 * Owns: the caller releases *out with mu_battle_odds_clear.
 * Errors: MU_EINPUT for bad options or counts. */
MU_API mu_status mu_odds_battle(const mu_rules *r, const mu_oob_opts *o,
                                int divisions, mu_battle_odds *out,
                                mu_error *err);
/* Releases what battle odds own; NULL is a no-op. */
MU_API void mu_battle_odds_clear(mu_battle_odds *b);
/* Renders both sides and who brings more stands in ro->format, any format
 * mu_oob_odds_render takes (ro NULL: text).
 * Owns: *out is malloc'd text; free() it. */
MU_API mu_status mu_battle_odds_render(const mu_battle_odds *b,
                                       const mu_render_opts *ro, char **out,
                                       mu_error *err);

/* The largest |P_a(X = k) - P_b(X = k)| over every statistic both have and
 * every k, with the statistic and k where it occurs (either may be NULL). */
MU_API double mu_oob_odds_gap(const mu_oob_odds *a, const mu_oob_odds *b,
                              mu_oob_stat *stat, int *value);

/* Progress of a long computation: `done` of `total` units. Always called
 * from the thread that called the library function. */
typedef void (*mu_progress_fn)(void *ud, uint64_t done, uint64_t total);

/* How to simulate. The stream is split into blocks of MU_SIM_BLOCK trials;
 * block b rolls the dice of `seed` advanced by b jumps (mu_dice_jump), so
 * block 0 rolls exactly what mu_division_generate rolls, division after
 * division, from mu_dice_new_seeded(seed),
 * and the result is the same for any number of threads. */
#define MU_SIM_BLOCK 65536
#define MU_SIM_MAX_THREADS 256
typedef struct mu_sim_opts {
    uint64_t trials;        /* 1 .. 10^12 */
    uint64_t seed;
    int threads;            /* 1 .. MU_SIM_MAX_THREADS */
    mu_progress_fn progress; /* may be NULL; called after each block */
    void *ud;
    double seconds;         /* > 0: take no new block after this many
                               seconds (wall clock); the result is of the
                               trials run, at least one block, and says
                               how many (its `trials`): the same as asking
                               for that many. 0: no limit */
} mu_sim_opts;

/* Generates s->trials divisions (or corps) with the generator's rolls and
 * tables and tallies the same statistics as mu_odds_division (or
 * mu_odds_corps), as frequencies.
 * Owns: the caller releases *out with mu_oob_odds_clear.
 * Errors: MU_EINPUT for bad options, MU_EINTERNAL with the reason
 * MU_R_TOO_MANY_THREADS when a thread cannot start. */
MU_API mu_status mu_sim_division(const mu_rules *r, const mu_oob_opts *o,
                                 const mu_sim_opts *s, mu_oob_odds *out,
                                 mu_error *err);
MU_API mu_status mu_sim_corps(const mu_rules *r, const mu_oob_opts *o,
                              int infantry, int cavalry, const mu_sim_opts *s,
                              mu_oob_odds *out, mu_error *err);

/* Hit distributions of one volley, exact. Two ways to settle a volley:
 *
 *  additive    the seed's rule: effectives x P percent is POH; floor(POH /
 *              100) sure hits and one more iff a d100 roll is at most the
 *              threshold floor(POH mod 100) (no roll when it is 0).
 *  per figure  every effective figure rolls on its own and hits with
 *              probability P: the binomial distribution.
 *
 * The per-figure distribution is computed from its mode outwards by the
 * exact ratio of neighbouring terms, (n - k) P / ((k + 1)(100 - P)), in
 * binary128, then normalised: no factorials, no overflow, and each
 * probability is within 1e-14 relative of the exact value for n up to
 * 100 000.
 * Terms below 1e-300 are left out (the distribution's lo..hi is where the
 * rest lies); nothing is ever negative or NaN. */
#define MU_HITS_MAX_EFFECTIVES 100000000

/* The additive rule's distribution: `sure` (>= 0) hits, and one more with
 * probability threshold / 100 (threshold 0..99).
 * Owns: the caller releases *out with mu_dist_clear.
 * Errors: MU_EINPUT for values out of range. */
MU_API mu_status mu_hits_additive(int64_t sure, int threshold, mu_dist *out,
                                  mu_error *err);
/* The per-figure distribution of n effectives (0..MU_HITS_MAX_EFFECTIVES)
 * hitting each with p percent, 0 <= p <= 100.
 * Owns: as mu_hits_additive. Errors: MU_EINPUT for values out of range. */
MU_API mu_status mu_hits_per_figure(int64_t n, mu_rat p, mu_dist *out,
                                    mu_error *err);
/* Releases a distribution made by the functions above; leaves it empty. */
MU_API void mu_dist_clear(mu_dist *d);

/* Renders odds: text (percent with 2 decimals, "-" for impossible, "<0.01%"
 * for possible but rarer), JSON ({"brigades":{"2":0.15,...},...,"mean":{...}},
 * probabilities as numbers), CSV (stat,value,p,at_least) or Markdown. With
 * `exact` (for simulated odds; NULL otherwise) text and Markdown add the
 * largest gap and a table of it per statistic, JSON a "gap" object, and CSV
 * the columns exact and difference. The format is ro->format (ro NULL:
 * text).
 * Owns: *out is malloc'd text; free() it. */
MU_API mu_status mu_oob_odds_render(const mu_oob_odds *o,
                                    const mu_oob_odds *exact,
                                    const mu_render_opts *ro, char **out,
                                    mu_error *err);

/* How the hits of a volley are settled (see above). */
typedef enum mu_hit_method {
    MU_METHOD_ADDITIVE = 1,
    MU_METHOD_PER_FIGURE = 2,
    MU_METHOD_BOTH = 3
} mu_hit_method;

/* The odds of one volley by either method or both, exact (mu_odds_fire) or
 * simulated (mu_sim_fire). */
typedef struct mu_fire_odds {
    mu_volley volley;      /* what fires, as mu_fire_compute made it */
    mu_hit_method method;
    mu_dist additive;      /* empty when the method leaves it out */
    mu_dist per_figure;
    bool simulated;
    uint64_t trials, seed;
} mu_fire_odds;

/* Exact odds of volley v by method m.
 * Owns: the caller releases *out with mu_fire_odds_clear.
 * Errors: MU_EINPUT for a bad method or volley. */
MU_API mu_status mu_odds_fire(const mu_volley *v, mu_hit_method m,
                              mu_fire_odds *out, mu_error *err);
/* s->trials volleys with seeded dice, blocks and threads as for
 * mu_sim_division, each method on its own from the same seed. Additive: one
 * d100 a volley when the threshold is above 0, as mu_fire_resolve rolls it
 * (block 0 starts with what mu_fire_resolve rolls from
 * mu_dice_new_seeded(seed)). Per figure: a
 * d100 for each effective, a hit iff it is at most P; when P is not whole,
 * a roll of floor(P) + 1 is settled by further d100s read as the digits of
 * a number in [0, 1) against the fraction of P, so that each hit comes with
 * probability exactly P.
 * Owns: as mu_odds_fire. Errors: as mu_odds_fire and mu_sim_division. */
MU_API mu_status mu_sim_fire(const mu_volley *v, mu_hit_method m,
                             const mu_sim_opts *s, mu_fire_odds *out,
                             mu_error *err);
/* The dice languages of mu_odds_program. */
typedef enum mu_dice_lang {
    MU_LANG_ANYDICE = 1, /* anydice.com                                   */
    MU_LANG_TROLL,       /* Torben Mogensen's Troll                        */
    MU_LANG_DICELAB      /* dicelab, as Debian ships it (dicelab -c)       */
} mu_dice_lang;

/* Volley v's question as a program of that language, which computes the
 * distribution mu_odds_fire gives: additive, the sure hits plus one d100 at
 * most the threshold; per figure, the count of the effectives whose die is
 * at most P (a P of p/q percent: a die of 100 q faces, at most p). Comment
 * lines first say what fires. AnyDice writes one output a method (both:
 * two); Troll and dicelab ask one question a program.
 * Owns: *out is malloc'd text; free() it.
 * Errors: MU_EINPUT for another method or language, and (reason
 * MU_R_ONE_QUESTION) both methods for Troll or dicelab. */
MU_API mu_status mu_odds_program(const mu_volley *v, mu_hit_method m,
                                 mu_dice_lang lang, char **out, mu_error *err);

/* Releases what volley odds own; NULL is a no-op. */
MU_API void mu_fire_odds_clear(mu_fire_odds *o);

/* Renders the odds of a volley: text and Markdown show the volley, then for
 * each hit count P(= k) and P(>= k) by each method asked, and for both the
 * difference of P(>= k), additive less per figure; rows where every P(= k)
 * is below 0.005 % are left out at the ends, and a line says so. JSON:
 * {"additive":{"p":{"2":0.8,
 * "3":0.2},"at_least":{...},"mean":2.2},"per_figure":{...},"difference":
 * {"at_least":{...},"mean":...}} with every value; CSV: method,hits,p,
 * at_least. With `exact` (for simulated odds) the largest gap is added
 * (CSV: the columns exact and difference). The format is ro->format (ro
 * NULL: text).
 * Owns: *out is malloc'd text; free() it. */
MU_API mu_status mu_fire_odds_render(const mu_fire_odds *o,
                                     const mu_fire_odds *exact,
                                     const mu_render_opts *ro, char **out,
                                     mu_error *err);

/* "Don't charge the guns!": a unit of `figures` starts `range` inches from a
 * gun and closes `move` inches a turn. The gun fires at the ranges range,
 * range - move, ... while above 0, its better load each time, and once more
 * at contact (range 0, the seed's "final blast") unless no_point_blank.
 * Each volley is settled by the additive rule against the unit as it is
 * then; with `return_fire` the unit fires back with that weapon at the
 * crew at the same moments (both sides fire at once, each with the
 * strength it had before), and every crew casting lost takes its
 * effectives off the gun. */
#define MU_CHARGE_MAX_VOLLEYS 200
typedef struct mu_charge_opts {
    const char *gun;         /* a gun or a load; NULL means "gun" */
    int figures;             /* 1..MU_FIRE_MAX_FIGURES */
    mu_rat range;            /* inches, > 0 */
    mu_rat move;             /* inches a turn, > 0 */
    int crew;                /* 1..full crew; 0 for a full crew */
    bool cover;              /* the unit comes on behind hard cover */
    bool no_canister;
    bool no_point_blank;
    const char *return_fire; /* NULL, or the unit's weapon, e.g. "musket" */
    mu_rat cm_per_inch;      /* 0: inches; > 0: the lengths were given in
                                centimetres at this many to the inch and the
                                text answers in them (range and move above
                                stay inches) */
} mu_charge_opts;

/* One exchange of fire in a charge, as it would be at full strength. */
typedef struct mu_charge_volley {
    mu_rat range;                 /* inches */
    char load[MU_WEAPON_NAME];    /* what the gun fires there */
    mu_rat p;                     /* its P, percent an effective */
    mu_rat back_p;                /* the unit's P firing back (0 without) */
} mu_charge_volley;

typedef struct mu_charge_odds {
    mu_charge_opts opts;     /* as asked; the name pointers are cleared */
    char gun[MU_WEAPON_NAME], return_fire[MU_WEAPON_NAME]; /* "" if none */
    int crew;                /* at the start */
    int effectives;          /* per crew casting */
    int volleys;
    mu_charge_volley volley[MU_CHARGE_MAX_VOLLEYS];
    mu_dist left;            /* figures left at contact; 0: destroyed */
    mu_dist crew_left;       /* crew left at contact */
} mu_charge_odds;

/* Computes the odds of a charge from the weapons `w`.
 * Owns: the caller releases *out with mu_charge_odds_clear.
 * Errors: MU_EINPUT for bad options (a small-arms weapon as the gun, more
 * than MU_CHARGE_MAX_VOLLEYS volleys, ...). */
MU_API mu_status mu_odds_charge(const mu_weapons *w, const mu_charge_opts *o,
                                mu_charge_odds *out, mu_error *err);
/* Releases what charge odds own; NULL is a no-op. */
MU_API void mu_charge_odds_clear(mu_charge_odds *o);
/* Text and Markdown: the volleys (range, load, P, and the unit's P when it
 * fires back), then the figures left at contact and, with return fire, the
 * crew left, each with P(= n), P(>= n) and the mean. JSON: {"volleys":[...],
 * "left":{"p":{...},"at_least":{...},"mean":...},"crew_left":{...}}; CSV:
 * what,n,p,at_least. The format is ro->format (ro NULL: text).
 * Owns: *out is malloc'd text; free() it. */
MU_API mu_status mu_charge_odds_render(const mu_charge_odds *o,
                                       const mu_render_opts *ro, char **out,
                                       mu_error *err);

#ifdef __cplusplus
}
#endif
#endif /* MUSTER_ODDS_H */
