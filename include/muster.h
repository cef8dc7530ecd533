/*
 * muster.h -- the public API of libmuster, a toolkit for tabletop wargamers.
 *
 * This header is the reference documentation. Conventions, once for all:
 *
 *  - Fallible functions return mu_status (MU_OK == 0) and write their results
 *    through OUT parameters, which are left untouched on failure. When `err` is
 *    not NULL it receives the reason: a message and, where the fault lies in a
 *    file the user wrote, that file's name and line.
 *  - Opaque handles come from *_new and go back through *_free; *_free(NULL) is
 *    a no-op. Strings returned as `char **out` are malloc'd and belong to the
 *    caller, who releases them with free().
 *  - Every random result comes from a mu_dice passed in. The library keeps no
 *    global state, never prints, never exits and never reads the terminal.
 *  - Percentile dice are d100: a roll is 1..100, the "00" on the dice is 100.
 *  - Distances are inches of table; percentages are percent (0..100), kept as
 *    exact integers or rationals wherever the rules are exact.
 */
#ifndef MUSTER_H
#define MUSTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MU_VERSION "0.1.0"

/* ------------------------------------------------------------------------ */
/* Status and errors                                                        */
/* ------------------------------------------------------------------------ */

typedef enum mu_status {
    MU_OK = 0,
    MU_EINPUT,    /* bad input from the user: an argument, file, roll or JSON */
    MU_ENOROLL,   /* a dice source had no roll to give (list used up, EOF)   */
    MU_EIO,       /* a file could not be opened, read or written             */
    MU_ENOMEM,    /* out of memory                                           */
    MU_ESTATE,    /* the request conflicts with stored state (campaign)      */
    MU_EMISMATCH, /* a check ran and failed (a commitment that does not match)*/
    MU_EINTERNAL  /* a bug or a failure of a library muster depends on        */
} mu_status;

/* Caller-owned error record. `file` is empty and `line` 0 when the fault is
 * not in a file. The message is one sentence without a trailing newline,
 * written for a person ("brigade table for union covers 01-99: 00 is
 * missing"). */
typedef struct mu_error {
    mu_status code;
    int line;
    char file[256];
    char msg[512];
} mu_error;

/* A short English name of a status ("bad input"). Static storage. */
const char *mu_status_str(mu_status s);

/* Formats `err` as "file:line: message" (or just the message) into buf of n
 * bytes, truncating safely. Returns buf. */
char *mu_error_format(const mu_error *err, char *buf, size_t n);

/* ------------------------------------------------------------------------ */
/* Dice sources                                                             */
/* ------------------------------------------------------------------------ */

/* A dice source hands out d100 rolls. Three kinds:
 *
 *  seeded    xoshiro256** (Blackman & Vigna, 2018) whose 256-bit state is
 *            filled by splitmix64 from the 64-bit seed. Each 64-bit output is
 *            cut into four 16-bit lanes, low lane first; a lane x gives the
 *            roll 1 + ((x * 100) >> 16) unless (x * 100) mod 65536 < 36, in
 *            which case the lane is discarded (Lemire's method: exactly
 *            uniform, no modulo bias). The same seed gives the same rolls on
 *            every machine.
 *  scripted  a list of rolls given in advance (real dice rolled at the table);
 *            running out is MU_ENOROLL naming the table that wanted the roll.
 *  callback  asks a function for each roll (a prompt at the terminal, a web
 *            form); the function gets a label naming the table. */
typedef struct mu_dice mu_dice;

/* Asked for one roll. `label` names what is rolled for ("Brigade 2 morale").
 * Return MU_OK with *roll in 1..100, or any other status to abort (the
 * callback may fill err). */
typedef mu_status (*mu_roll_fn)(void *ud, const char *label, int *roll,
                                mu_error *err);

mu_status mu_dice_new_seeded(uint64_t seed, mu_dice **out, mu_error *err);
/* Copies `rolls` (each 1..100; anything else is MU_EINPUT). */
mu_status mu_dice_new_scripted(const int *rolls, size_t n, mu_dice **out,
                               mu_error *err);
mu_status mu_dice_new_callback(mu_roll_fn fn, void *ud, mu_dice **out,
                               mu_error *err);
void mu_dice_free(mu_dice *d);

/* One d100 roll, 1..100. `label` names the table for prompts and errors. */
mu_status mu_dice_d100(mu_dice *d, const char *label, int *roll,
                       mu_error *err);

/* True for a seeded source; its seed through *seed. */
bool mu_dice_seed(const mu_dice *d, uint64_t *seed);
/* Rolls not yet used from a scripted source (0 for the other kinds). */
size_t mu_dice_left(const mu_dice *d);
/* Rolls handed out so far. */
uint64_t mu_dice_count(const mu_dice *d);

/* Advances a seeded source as if 2^128 outputs had been drawn (the
 * xoshiro256** jump), so that streams split off one seed never overlap.
 * MU_EINPUT for other kinds. */
mu_status mu_dice_jump(mu_dice *d, mu_error *err);

/* Parses one typed roll: "1".."100", "00" (= 100), surrounding blanks
 * allowed. MU_EINPUT with a message saying what was wrong. */
mu_status mu_parse_roll(const char *text, int *roll, mu_error *err);

/* Parses a comma-separated list of rolls ("37,00,5"). *rolls is malloc'd and
 * the caller's; an empty list is valid (*n = 0, *rolls may be NULL). */
mu_status mu_parse_rolls(const char *list, int **rolls, size_t *n,
                         mu_error *err);

/* A fresh seed from the operating system's entropy, below 2^53 so that it
 * survives JSON readers that hold numbers as doubles. */
mu_status mu_seed_from_os(uint64_t *seed, mu_error *err);

/* ------------------------------------------------------------------------ */
/* Common vocabulary                                                        */
/* ------------------------------------------------------------------------ */

typedef enum mu_army { MU_UNION = 0, MU_CONFEDERATE = 1 } mu_army;
typedef enum mu_theater { MU_EAST = 0, MU_WEST = 1 } mu_theater;
typedef enum mu_arm { MU_INFANTRY = 0, MU_CAVALRY = 1 } mu_arm;
typedef enum mu_rating {
    MU_DESPICABLE = 0, MU_AVERAGE = 1, MU_EXCEPTIONAL = 2
} mu_rating;
typedef enum mu_morale { MU_GREEN = 0, MU_VETERAN = 1, MU_CRACK = 2 } mu_morale;

#define MU_YEAR_FIRST 1861
#define MU_YEAR_LAST 1865

/* Lower-case names used in every output format and accepted on input:
 * "union", "east", "infantry", "average", "veteran". */
const char *mu_army_name(mu_army a);
const char *mu_theater_name(mu_theater t);
const char *mu_arm_name(mu_arm a);
const char *mu_rating_name(mu_rating r);
const char *mu_morale_name(mu_morale m);
/* Parse those names (exact, lower case). MU_EINPUT listing the choices. */
mu_status mu_army_parse(const char *s, mu_army *out, mu_error *err);
mu_status mu_theater_parse(const char *s, mu_theater *out, mu_error *err);
mu_status mu_arm_parse(const char *s, mu_arm *out, mu_error *err);
/* A year 1861..1865 as text; MU_EINPUT otherwise. */
mu_status mu_year_parse(const char *s, int *out, mu_error *err);

/* Output formats shared by every renderer. Not every renderer takes every
 * format; one that does not returns MU_EINPUT saying which it takes. */
typedef enum mu_format {
    MU_FMT_TEXT = 0, MU_FMT_JSON, MU_FMT_JSONL, MU_FMT_CSV, MU_FMT_MARKDOWN
} mu_format;
mu_status mu_format_parse(const char *s, mu_format *out, mu_error *err);

/* ------------------------------------------------------------------------ */
/* Rules: the Fire and Fury generation tables as data                       */
/* ------------------------------------------------------------------------ */

/* The six percentile tables of the seed article, loaded from INI. The file
 * format (rules/fire-and-fury.ini is the reference):
 *
 *   [theater]                      table 1: keys "east-1861" .. "west-1865"
 *   [leader.ARMY.YEARS]            table 2: despicable / average / exceptional
 *   [brigades.ARMY]                table 3: keys are brigade counts
 *   [stands.ARMY]                  table 4: keys are stand counts
 *   [morale.ARMY[.THEATER].YEARS]  table 5: green / veteran / crack
 *   [artillery.ARMY]               table 6: keys are stands per battery
 *
 * ARMY is union|confederate, THEATER east|west, YEARS 1863 or 1861-1862. A
 * value is one or more ranges of d100 results, "11-90", "91-00", "05", joined
 * by commas. Every table must give each of 01..00 exactly one outcome, and
 * every army x theater x year must find exactly one table of each kind. */
typedef struct mu_rules mu_rules;

/* The rules compiled into muster (the seed article's tables). */
mu_status mu_rules_default(mu_rules **out, mu_error *err);
/* Loads and validates a rules file; errors carry the file and line. */
mu_status mu_rules_load(const char *path, mu_rules **out, mu_error *err);
/* Same, from text in memory; `name` stands for the file in messages. */
mu_status mu_rules_parse(const char *text, size_t len, const char *name,
                         mu_rules **out, mu_error *err);
void mu_rules_free(mu_rules *r);
/* The embedded default rules file, as text (static storage). */
const char *mu_rules_default_text(size_t *len);

/* The tables laid out as in the seed, one table after another, in text or
 * Markdown. *out is malloc'd. */
mu_status mu_rules_render(const mu_rules *r, mu_format fmt, char **out,
                          mu_error *err);

/* Which table of a rules set, for mu_rules_chance(). */
typedef enum mu_table {
    MU_TABLE_THEATER = 0, MU_TABLE_LEADER, MU_TABLE_BRIGADES, MU_TABLE_STANDS,
    MU_TABLE_MORALE, MU_TABLE_ARTILLERY, MU_TABLE_COUNT
} mu_table;

/* How many of the 100 faces of the d100 give `outcome` on table `t` for the
 * army, theater and year (the chance in percent). Outcomes are the values
 * the generator stores: a rating or morale as its enum, a brigade or stand
 * count, a ratio, and for the theater table (year - 1861) * 2 + theater.
 * MU_EINPUT for an unknown year. */
mu_status mu_rules_chance(const mu_rules *r, mu_table t, mu_army a,
                          mu_theater th, int year, int outcome, int *faces,
                          mu_error *err);

/* ------------------------------------------------------------------------ */
/* Brigade labels                                                           */
/* ------------------------------------------------------------------------ */

/* Fire and Fury labels a brigade "stands/worn/spent morale" from its rules'
 * Brigade Effectiveness Table. Those numbers belong to the published rules,
 * so muster ships none: a labels file gives them,
 *
 *   [veteran]
 *   7 = 5/3        ; 7 stands: worn at 5, spent at 3 -> "7/5/3 veteran"
 *
 * with a section per morale (green, veteran, crack), a key per stand count
 * and "worn/spent" values, 0 < spent < worn < stands. */
typedef struct mu_labels mu_labels;

mu_status mu_labels_load(const char *path, mu_labels **out, mu_error *err);
mu_status mu_labels_parse(const char *text, size_t len, const char *name,
                          mu_labels **out, mu_error *err);
void mu_labels_free(mu_labels *l);
/* The label of a brigade: "7/5/3 veteran" when `l` has that stand count and
 * morale, otherwise "7 stands, veteran". `l` may be NULL. Writes at most n
 * bytes (always terminated). */
void mu_labels_name(const mu_labels *l, int stands, mu_morale m, char *buf,
                    size_t n);

/* ------------------------------------------------------------------------ */
/* Order of battle: the division generator                                  */
/* ------------------------------------------------------------------------ */

#define MU_MAX_BRIGADES 8
#define MU_MAX_ROLLS 32
#define MU_MAX_STANDS 30
#define MU_MAX_RATIO 30

/* The rolls a division records, in the order they are made. */
typedef enum mu_roll_kind {
    MU_ROLL_THEATER = 0, /* table 1, theater and year                     */
    MU_ROLL_LEADER,      /* table 2, the division leader                  */
    MU_ROLL_BRIGADES,    /* table 3                                       */
    MU_ROLL_STANDS,      /* table 4, one per brigade                      */
    MU_ROLL_MORALE,      /* table 5, one per brigade                      */
    MU_ROLL_BRIGADIER,   /* table 2, one per brigade                      */
    MU_ROLL_RATIO,       /* table 6                                       */
    MU_ROLL_BATTERY,     /* the fraction of a battery                     */
    MU_ROLL_RESERVE,     /* the fraction of the one-third reserve share   */
    MU_ROLL_CORPS_LEADER /* table 2, for a corps                          */
} mu_roll_kind;

/* Table names used in JSON ("leader", "brigadier", "battery"...). */
const char *mu_roll_kind_name(mu_roll_kind k);

typedef struct mu_roll {
    uint8_t kind;    /* mu_roll_kind */
    uint8_t brigade; /* 1-based for per-brigade rolls, else 0 */
    uint8_t roll;    /* 1..100 */
    uint8_t pass;    /* battery/reserve: 1 iff roll <= threshold */
    int16_t result;  /* the table's outcome (see mu_rules_chance), or the
                        threshold for battery/reserve rolls */
} mu_roll;

typedef struct mu_brigade {
    int stands;
    mu_morale morale;
    mu_rating leader; /* as played: average for a despicable by the book */
    mu_rating rolled; /* as the table gave it */
} mu_brigade;

typedef struct mu_artillery {
    int ratio;     /* stands per battery (table 6) */
    int batteries; /* whole part plus the rolled fraction */
    int division;  /* batteries kept by the division */
    int reserve;   /* one third, the fraction rolled: to the reserve */
    int battery_threshold; /* floor(100 * (stands mod ratio) / ratio), or 0 */
    int reserve_threshold; /* floor(100 * (batteries mod 3) / 3), or 0      */
    int battery_roll;      /* the roll, or 0 when none was needed */
    int reserve_roll;      /* the roll, or 0 when none was needed */
} mu_artillery;

/* A generated division: a plain value, no pointers, safe to copy. */
typedef struct mu_division {
    mu_army army;
    int year;
    mu_theater theater;
    mu_arm arm;
    bool theater_rolled; /* table 1 was used */
    bool by_the_book;    /* despicable results are played as average */
    mu_rating leader;    /* as played */
    mu_rating leader_rolled;
    int nbrigades;
    mu_brigade brigades[MU_MAX_BRIGADES];
    int stands; /* all brigades together */
    mu_artillery artillery;
    int nrolls;
    mu_roll rolls[MU_MAX_ROLLS];
} mu_division;

/* What to generate. year 0 or theater < 0 mean "unknown". When either is
 * unknown, table 1 is rolled first and decides only what is missing: a given
 * year keeps its year and takes the rolled theater (50:50), a given theater
 * keeps its theater and takes the rolled year. */
typedef struct mu_oob_opts {
    mu_army army;
    int year;      /* 1861..1865, or 0 */
    int theater;   /* MU_EAST, MU_WEST, or -1 */
    mu_arm arm;
    bool by_the_book;
} mu_oob_opts;

/* Generates one division by the seed's tables, rolling in the normative
 * order: [theater/year] -> division leader -> brigades -> for each brigade
 * (stands, morale, brigadier) -> artillery ratio -> fractional battery (only
 * if stands mod ratio != 0) -> reserve share (only if batteries mod 3 != 0).
 * Errors: MU_EINPUT for bad options, MU_ENOROLL when the dice ran out. */
mu_status mu_division_generate(const mu_rules *r, mu_dice *d,
                               const mu_oob_opts *o, mu_division *out,
                               mu_error *err);

/* A corps: a leader and its divisions; `reserve` adds up their shares (the
 * Confederate corps reserve or the Union Army Artillery Reserve). */
typedef struct mu_corps {
    mu_army army;
    int year;
    mu_theater theater;
    bool theater_rolled;
    mu_rating leader;
    mu_rating leader_rolled;
    mu_roll theater_roll; /* valid when theater_rolled */
    mu_roll leader_roll;
    int ndivisions;
    mu_division *divisions; /* malloc'd; release with mu_corps_clear */
    int reserve;
    int batteries;
    int stands;
} mu_corps;

/* Rolls the corps leader, then `infantry` infantry divisions and `cavalry`
 * cavalry divisions, in that order. Theater and year as for a division (one
 * roll for the whole corps). Fills *out, which the caller releases with
 * mu_corps_clear even on failure. At most 64 divisions. */
mu_status mu_corps_generate(const mu_rules *r, mu_dice *d,
                            const mu_oob_opts *o, int infantry, int cavalry,
                            mu_corps *out, mu_error *err);
void mu_corps_clear(mu_corps *c);

/* A battle: table 1 if needed, then a Union corps, then a Confederate one,
 * each of `divisions` infantry divisions. Release with mu_battle_clear. */
typedef struct mu_battle {
    int year;
    mu_theater theater;
    bool theater_rolled;
    mu_roll theater_roll;
    mu_corps sides[2]; /* indexed by mu_army */
} mu_battle;

mu_status mu_battle_generate(const mu_rules *r, mu_dice *d, int year,
                             int theater, int divisions, bool by_the_book,
                             mu_battle *out, mu_error *err);
void mu_battle_clear(mu_battle *b);

/* ------------------------------------------------------------------------ */
/* Rendering orders of battle                                               */
/* ------------------------------------------------------------------------ */

/* What every renderer may be told besides the format. */
typedef struct mu_render_opts {
    mu_format format;
    const mu_labels *labels; /* may be NULL: "7 stands, veteran" */
    bool has_seed;           /* print the seed (text footer, JSON "seed") */
    uint64_t seed;
} mu_render_opts;

/* Renders divisions (an array of n, e.g. from --count) in any format. JSON
 * gives one object when n == 1 and an array otherwise; JSONL one object a
 * line. *out is malloc'd, ends with a newline. */
mu_status mu_division_render(const mu_division *d, size_t n,
                             const mu_render_opts *o, char **out,
                             mu_error *err);
mu_status mu_corps_render(const mu_corps *c, const mu_render_opts *o,
                          char **out, mu_error *err);
mu_status mu_battle_render(const mu_battle *b, const mu_render_opts *o,
                           char **out, mu_error *err);

/* One division as compact JSON with no seed, for storage (the campaign
 * ledger). *out is malloc'd. */
mu_status mu_division_to_json(const mu_division *d, const mu_labels *l,
                              char **out, mu_error *err);

/* ---- linear fire (issue 3) ---------------------------------------------- */

/* ---- odds and simulation (issue 4) -------------------------------------- */

/* Exact odds answer "how likely?" from the rules data by enumeration and
 * convolution, without sampling; the simulator answers the same questions by
 * rolling, with the real generator, and measures the gap.
 *
 * Precision. A division's odds are exact: every outcome is an integer count
 * of d100 faces over 100^k, counted in 128-bit integers; only the final
 * division into a double rounds (relative error below 1e-15). A corps adds
 * up independent divisions by convolution in double precision: all terms
 * are positive, so each probability is within 2e-12 relative of the exact
 * one even for 64 divisions (1e-15 for a few). Hit distributions (below)
 * carry their own guarantee. */

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
double mu_dist_p(const mu_dist *d, int k);
double mu_dist_at_least(const mu_dist *d, int k);

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
 * "despicable_brigadiers"...) and its words for text ("Total stands").
 * Static storage. */
const char *mu_oob_stat_name(mu_oob_stat s);
const char *mu_oob_stat_title(mu_oob_stat s);

/* The odds of an order of battle, exact or simulated. */
typedef struct mu_oob_odds {
    mu_army army;
    int year;            /* as asked: 0 when table 1 decides */
    int theater;         /* as asked: -1 when table 1 decides */
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
 * 1 exactly as the generator would roll it). Fills *out, which the caller
 * releases with mu_oob_odds_clear (also after a failure). MU_EINPUT for bad
 * options. */
mu_status mu_odds_division(const mu_rules *r, const mu_oob_opts *o,
                           mu_oob_odds *out, mu_error *err);
/* Exact odds of a corps of `infantry` + `cavalry` divisions (1..64 in all;
 * the arm changes no table). */
mu_status mu_odds_corps(const mu_rules *r, const mu_oob_opts *o, int infantry,
                        int cavalry, mu_oob_odds *out, mu_error *err);
void mu_oob_odds_clear(mu_oob_odds *o);

/* A battle as mu_battle_generate makes it: one table 1 roll when needed,
 * then a Union and a Confederate corps of `divisions` infantry divisions. */
typedef struct mu_battle_odds {
    int year, theater, divisions;
    bool by_the_book;
    mu_oob_odds side[2];   /* indexed by mu_army */
    /* Who brings more stands (the sides share the table 1 roll, so this is
     * not a product of the two sides' odds). */
    double union_ahead, level, confederate_ahead;
} mu_battle_odds;

/* Exact odds of a battle (year 0 / theater -1: by table 1). Release with
 * mu_battle_odds_clear (also after a failure). */
mu_status mu_odds_battle(const mu_rules *r, int year, int theater,
                         int divisions, bool by_the_book, mu_battle_odds *out,
                         mu_error *err);
void mu_battle_odds_clear(mu_battle_odds *b);
/* Renders both sides and who brings more stands, in any format odds take. */
mu_status mu_battle_odds_render(const mu_battle_odds *b, mu_format fmt,
                                char **out, mu_error *err);

/* The largest |P_a(X = k) - P_b(X = k)| over every statistic both have and
 * every k, with the statistic and k where it occurs (either may be NULL). */
double mu_oob_odds_gap(const mu_oob_odds *a, const mu_oob_odds *b,
                       mu_oob_stat *stat, int *value);

/* Progress of a long computation: `done` of `total` units. Always called
 * from the thread that called the library function. */
typedef void (*mu_progress_fn)(void *ud, uint64_t done, uint64_t total);

/* How to simulate. The stream is split into blocks of MU_SIM_BLOCK trials;
 * block b rolls the dice of `seed` advanced by b jumps (mu_dice_jump), so
 * block 0 is exactly what `muster division --count` rolls with that seed,
 * and the result is the same for any number of threads. */
#define MU_SIM_BLOCK 65536
#define MU_SIM_MAX_THREADS 256
typedef struct mu_sim_opts {
    uint64_t trials;        /* 1 .. 10^12 */
    uint64_t seed;
    int threads;            /* 1 .. MU_SIM_MAX_THREADS */
    mu_progress_fn progress; /* may be NULL; called after each block */
    void *ud;
} mu_sim_opts;

/* Generates s->trials divisions (or corps) with the generator's rolls and
 * tables and tallies the same statistics as mu_odds_division (or
 * mu_odds_corps), as frequencies. Fills *out (release with
 * mu_oob_odds_clear). MU_EINPUT for bad options, MU_EINTERNAL when a thread
 * cannot start. */
mu_status mu_sim_division(const mu_rules *r, const mu_oob_opts *o,
                          const mu_sim_opts *s, mu_oob_odds *out,
                          mu_error *err);
mu_status mu_sim_corps(const mu_rules *r, const mu_oob_opts *o, int infantry,
                       int cavalry, const mu_sim_opts *s, mu_oob_odds *out,
                       mu_error *err);

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
 * long double, then normalised: no factorials, no overflow, and each
 * probability is within 1e-14 relative of the exact value for n up to
 * 100 000 (where long double is only double, 1e-12 for n up to 1 000).
 * Terms below 1e-300 are left out (the distribution's lo..hi is where the
 * rest lies); nothing is ever negative or NaN. */
#define MU_HITS_MAX_EFFECTIVES 100000000

/* The additive rule's distribution: `sure` (>= 0) hits, and one more with
 * probability threshold / 100 (threshold 0..99). *out is the caller's:
 * release with mu_dist_clear. MU_EINPUT for values out of range. */
mu_status mu_hits_additive(int64_t sure, int threshold, mu_dist *out,
                           mu_error *err);
/* The per-figure distribution of n effectives (0..MU_HITS_MAX_EFFECTIVES)
 * hitting each with P = p_num / p_den percent, 0 <= P <= 100, p_den > 0. */
mu_status mu_hits_per_figure(int64_t n, int64_t p_num, int64_t p_den,
                             mu_dist *out, mu_error *err);
/* Releases a distribution made by the functions above; leaves it empty. */
void mu_dist_clear(mu_dist *d);

/* Renders odds: text (percent with 2 decimals, "-" for impossible, "<0.01%"
 * for possible but rarer), JSON ({"brigades":{"2":0.15,...},...,"mean":{...}},
 * probabilities as numbers), CSV (stat,value,p,at_least) or Markdown. With
 * `exact` (simulated odds only) text and Markdown add the exact column and
 * the difference, and every format reports the largest gap. *out is
 * malloc'd. */
mu_status mu_oob_odds_render(const mu_oob_odds *o, const mu_oob_odds *exact,
                             mu_format fmt, char **out, mu_error *err);

/* ---- campaign ledger (issue 5) ------------------------------------------ */

#ifdef __cplusplus
}
#endif
#endif /* MUSTER_H */
