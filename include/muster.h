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
/* The worn and spent thresholds of a brigade of `stands` stands and morale
 * `m`: true with them when `l` gives that stand count and morale, false
 * (leaving *worn and *spent alone) otherwise or when `l` is NULL. */
bool mu_labels_get(const mu_labels *l, int stands, mu_morale m, int *worn,
                   int *spent);

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

/* Reading orders of battle back. muster's own JSON of a division (one
 * object; a list of them from --count, as one JSON array or one object a
 * line), a corps, a battle, or a revealed campaign division (the document
 * mu_campaign_reveal writes) becomes the structs above again, strictly:
 * every key must be known, every value typed and within the rules' ranges,
 * the rolls present in the generator's order and agreeing with what they
 * made (a brigades roll of 3 with 3 brigades, a battery threshold of
 * floor(100 x (stands mod ratio) / ratio)...), and the totals must add up.
 * "label" strings are accepted and not used (labels come from a labels
 * file). A "seed" at or above 2^53, which a JSON double cannot hold, is
 * read as unknown. */
typedef enum mu_oob_kind {
    MU_OOB_DIVISIONS = 0, /* one division or a list of them */
    MU_OOB_CORPS,
    MU_OOB_BATTLE
} mu_oob_kind;

typedef struct mu_oob_doc {
    mu_oob_kind kind;
    size_t ndivisions;      /* MU_OOB_DIVISIONS: 1 or more */
    mu_division *divisions; /* malloc'd */
    mu_corps corps;         /* MU_OOB_CORPS */
    mu_battle battle;       /* MU_OOB_BATTLE */
    bool has_seed;          /* the JSON named the seed that made it */
    uint64_t seed;
} mu_oob_doc;

/* Parses `len` bytes of JSON; `name` stands for the file in messages, which
 * name the path of the fault ("data.json: union.divisions[1].brigades[0]
 * .stands: expected a whole number 1..30"). MU_EINPUT for text that is not
 * JSON (with the line), an unknown shape, a missing, unknown or mistyped
 * key, a value out of range, rolls that do not agree. Release *out with
 * mu_oob_doc_clear (also after a failure). */
mu_status mu_oob_parse_json(const char *text, size_t len, const char *name,
                            mu_oob_doc *out, mu_error *err);
void mu_oob_doc_clear(mu_oob_doc *d);

/* ---- linear fire (issue 3) ---------------------------------------------- */

/* Exact rationals. The fire model is exact (a range of 7 1/3 inches gives a
 * musket P of 46/3 %, not 15.333333333333334), so ranges, curves and
 * percentages are kept as num/den: reduced, den > 0, |num| and den at most
 * INT64_MAX. Arithmetic that would leave that range is MU_EINPUT ("too
 * finely divided"), never a wrong answer. */
typedef struct mu_rat {
    int64_t num, den;
} mu_rat;

/* Room for any mu_rat printed by mu_rat_format or mu_rat_fraction. */
#define MU_RAT_BUF 48

/* num/den reduced. MU_EINPUT when den is 0 or a part is INT64_MIN. */
mu_status mu_rat_make(int64_t num, int64_t den, mu_rat *out, mu_error *err);
/* a + b, a - b, a * b, a / b, exactly. MU_EINPUT on division by zero or when
 * the result does not fit (see above). Operands need not be reduced. */
mu_status mu_rat_add(mu_rat a, mu_rat b, mu_rat *out, mu_error *err);
mu_status mu_rat_sub(mu_rat a, mu_rat b, mu_rat *out, mu_error *err);
mu_status mu_rat_mul(mu_rat a, mu_rat b, mu_rat *out, mu_error *err);
mu_status mu_rat_div(mu_rat a, mu_rat b, mu_rat *out, mu_error *err);
/* -1, 0 or 1 as a <, = or > b; exact for every pair (no overflow). */
int mu_rat_cmp(mu_rat a, mu_rat b);
/* The largest whole number <= a (floor(-1/2) is -1). */
int64_t mu_rat_floor(mu_rat a);

/* Parses a number as people write a measurement: "7", "22.5", ".5", "22/3",
 * "7 1/3" (a whole number, blanks, a proper fraction), with an optional
 * sign and blanks around. Decimals are read exactly (never through a
 * double). At most 9 decimals, denominators up to 10^9, magnitudes below
 * 10^12; a value whose exact num/den would not fit is refused, never cut.
 * Every mu_rat_fraction output of a parsed value reads back equal.
 * MU_EINPUT saying what is wrong. */
mu_status mu_rat_parse(const char *s, mu_rat *out, mu_error *err);

/* Prints a for people: a whole number as an integer ("8"), otherwise at
 * most 4 decimals with trailing zeros dropped ("22.5", "15.3333"). Decimals
 * are cut toward zero, never rounded up, so a chance of 99.99996 % prints
 * as 99.9999: for a value >= 0 the whole part printed is the floor that
 * thresholds use.
 * Writes at most n bytes (n >= MU_RAT_BUF never truncates); returns buf. */
char *mu_rat_format(mu_rat a, char *buf, size_t n);
/* Prints a exactly: "46/3", "-1/5", or "8" when whole. Returns buf. */
char *mu_rat_fraction(mu_rat a, char *buf, size_t n);

/* Weapons: the straight-line fire curves, loaded from INI. The format
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
 * Section names are the weapon names: a lower-case letter, then letters,
 * digits, '-' or '_', at most 31 bytes. */
typedef enum mu_weapon_kind {
    MU_WEAPON_SMALL_ARMS = 0, /* fired by figures (musket, rifle)          */
    MU_WEAPON_LOAD,           /* fired by a gun's crew (canister, roundshot) */
    MU_WEAPON_GUN             /* a gun choosing between two loads          */
} mu_weapon_kind;

#define MU_WEAPON_NAME 32
#define MU_MAX_WEAPONS 64

/* One weapon, as read. For a gun, slope, max_range and cover are zero and
 * crew and effectives are those of its loads (which must agree). */
typedef struct mu_weapon {
    char name[MU_WEAPON_NAME];
    mu_weapon_kind kind;
    mu_rat slope;     /* percent per inch, > 0 */
    mu_rat max_range; /* inches, > 0 */
    mu_rat cover;     /* percent, <= 0 */
    int effectives;   /* effective figures per casting, 1..100 */
    int crew;         /* loads and guns: full crew, the default and the most;
                         0 for small arms */
    int canister;     /* a gun: index of its canister load, else -1 */
    int roundshot;    /* a gun: index of its roundshot load, else -1 */
    int line;         /* its [section] header's line in its file */
} mu_weapon;

typedef struct mu_weapons mu_weapons;

/* The weapons compiled into muster: musket, rifle, canister, roundshot and
 * gun, as in the seed article. */
mu_status mu_weapons_default(mu_weapons **out, mu_error *err);
/* Loads and validates a weapons file; errors carry the file and line. */
mu_status mu_weapons_load(const char *path, mu_weapons **out, mu_error *err);
/* Same, from text in memory; `name` stands for the file in messages. */
mu_status mu_weapons_parse(const char *text, size_t len, const char *name,
                           mu_weapons **out, mu_error *err);
void mu_weapons_free(mu_weapons *w);
/* The embedded default weapons file, as text (static storage). */
const char *mu_weapons_default_text(size_t *len);

/* The weapons in file order: mu_weapons_at(w, i) for i < mu_weapons_count(w)
 * (NULL past the end). Pointers live as long as w. */
size_t mu_weapons_count(const mu_weapons *w);
const mu_weapon *mu_weapons_at(const mu_weapons *w, size_t i);
/* The weapon called `name`; MU_EINPUT listing the weapons there are. */
mu_status mu_weapons_find(const mu_weapons *w, const char *name,
                          const mu_weapon **out, mu_error *err);

/* P, the percent chance to hit for each effective figure, of a weapon that
 * is one curve (not a gun) at `range` inches, in the open or behind hard
 * cover: slope x (max_range - range) [+ cover], or 0 where that is below
 * zero. MU_EINPUT for a gun or a negative range. */
mu_status mu_weapon_p(const mu_weapon *w, mu_rat range, bool cover, mu_rat *p,
                      mu_error *err);

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

/* Computes a volley without rolling. MU_EINPUT for an unknown weapon, a
 * negative range, figures or crew out of bounds or given to the wrong kind
 * of weapon, a bad max_range or scale, or numbers too finely divided. */
mu_status mu_fire_compute(const mu_weapons *w, const mu_fire_opts *o,
                          mu_volley *out, mu_error *err);

/* How a volley came out. */
typedef struct mu_fire_result {
    bool rolled; /* a roll was taken (threshold > 0) */
    int roll;    /* the d100, 1..100; 0 when none */
    int hits;    /* sure hits, plus one if roll <= threshold */
} mu_fire_result;

/* Settles a volley with one d100 from `d`, labelled "Musket fire: one more
 * hit on 20 or less", only when threshold > 0; otherwise takes no roll.
 * MU_ENOROLL when the dice have no roll to give. */
mu_status mu_fire_resolve(const mu_volley *v, mu_dice *d, mu_fire_result *out,
                          mu_error *err);

/* Renders a volley, showing the working line by line as the seed does
 * (text, markdown), or as data (json, jsonl: one object; csv: a header and
 * one row). `r` NULL means not rolled on purpose: "roll" and "hits" are
 * null. The seed is shown when o->has_seed and a roll was taken. Numbers
 * that are not whole print with at most 4 decimals (mu_rat_format); JSON
 * also gives them exactly as "num/den" strings under "exact". */
mu_status mu_fire_render(const mu_volley *v, const mu_fire_result *r,
                         const mu_render_opts *o, char **out, mu_error *err);

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
} mu_curve_opts;

/* Renders the curve in any format; at most 10001 rows (MU_EINPUT beyond,
 * asking for a larger step). */
mu_status mu_curve_render(const mu_weapons *w, const mu_curve_opts *o,
                          mu_format fmt, char **out, mu_error *err);

/* Where two curves cross: canister and roundshot at 22.5 inches, 7.5 %. */
typedef struct mu_crossover {
    mu_weapon a, b;
    bool cover;
    bool crosses; /* they cross at a range >= 0 where both fire (P > 0) */
    mu_rat range; /* where the straight lines meet, inches (when crosses) */
    mu_rat p;     /* P there */
    int closer;   /* 0 (a) or 1 (b): the better one closer than `range` when
                     they cross, or at every range where either fires when
                     they do not; -1 when the curves are the same */
} mu_crossover;

/* Computes the crossover of two single curves (not guns). */
mu_status mu_fire_crossover(const mu_weapons *w, const char *a, const char *b,
                            bool cover, mu_crossover *out, mu_error *err);
/* Renders it; yards shown at `yards_per_inch` (0 means 10). */
mu_status mu_crossover_render(const mu_crossover *x, mu_rat yards_per_inch,
                              mu_format fmt, char **out, mu_error *err);

/* ---- odds and simulation (issue 4) -------------------------------------- */

/* Exact odds answer "how likely?" from the rules data by enumeration and
 * convolution, without sampling; the simulator answers the same questions by
 * rolling, with the real generator, and measures the gap.
 *
 * Precision. A division's odds are exact: every outcome is an integer count
 * of d100 faces over 100^k, counted in 128-bit integers; only the final
 * division into a double rounds (relative error below 1e-15). A corps adds
 * up independent divisions by convolution in long double: all terms are
 * positive, so rounding errors cannot cancel into nonsense, and each
 * probability is within 1e-14 relative of the exact one for up to 64
 * divisions (2e-12 where long double is only double). Hit distributions
 * (below) carry their own guarantee. */

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
 * "despicable_brigadiers"...) and its words for text ("Green brigades").
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
 * hitting each with p percent, 0 <= p <= 100. */
mu_status mu_hits_per_figure(int64_t n, mu_rat p, mu_dist *out,
                             mu_error *err);
/* Releases a distribution made by the functions above; leaves it empty. */
void mu_dist_clear(mu_dist *d);

/* Renders odds: text (percent with 2 decimals, "-" for impossible, "<0.01%"
 * for possible but rarer), JSON ({"brigades":{"2":0.15,...},...,"mean":{...}},
 * probabilities as numbers), CSV (stat,value,p,at_least) or Markdown. With
 * `exact` (for simulated odds; NULL otherwise) text and Markdown add the
 * largest gap and a table of it per statistic, JSON a "gap" object, and CSV
 * the columns exact and difference. *out is malloc'd. */
mu_status mu_oob_odds_render(const mu_oob_odds *o, const mu_oob_odds *exact,
                             mu_format fmt, char **out, mu_error *err);

/* How the hits of a volley are settled (see above). */
typedef enum mu_hit_method {
    MU_METHOD_ADDITIVE = 1,
    MU_METHOD_PER_FIGURE = 2,
    MU_METHOD_BOTH = 3
} mu_hit_method;

/* "additive", "per-figure" or "both"; MU_EINPUT naming them. */
mu_status mu_hit_method_parse(const char *s, mu_hit_method *out,
                              mu_error *err);

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

/* Exact odds of volley v. Release *out with mu_fire_odds_clear (also after
 * a failure). MU_EINPUT for a bad method. */
mu_status mu_odds_fire(const mu_volley *v, mu_hit_method m, mu_fire_odds *out,
                       mu_error *err);
/* s->trials volleys with seeded dice, blocks and threads as for
 * mu_sim_division, each method on its own from the same seed. Additive: one
 * d100 a volley when the threshold is above 0, as mu_fire_resolve rolls it
 * (block 0 starts with what `muster fire --seed S` rolls). Per figure: a
 * d100 for each effective, a hit iff it is at most P; when P is not whole,
 * a roll of floor(P) + 1 is settled by further d100s read as the digits of
 * a number in [0, 1) against the fraction of P, so that each hit comes with
 * probability exactly P. */
mu_status mu_sim_fire(const mu_volley *v, mu_hit_method m,
                      const mu_sim_opts *s, mu_fire_odds *out, mu_error *err);
void mu_fire_odds_clear(mu_fire_odds *o);

/* Renders the odds of a volley: text and Markdown show the volley, then for
 * each hit count P(= k) and P(>= k) by each method asked, and for both the
 * difference of P(>= k), additive less per figure; rows where every P(= k)
 * is below 0.005 % are left out at the ends, and a line says so. JSON:
 * {"additive":{"p":{"2":0.8,
 * "3":0.2},"at_least":{...},"mean":2.2},"per_figure":{...},"difference":
 * {"at_least":{...},"mean":...}} with every value; CSV: method,hits,p,
 * at_least. With `exact` (for simulated odds) the largest gap is added
 * (CSV: the columns exact and difference). *out is malloc'd. */
mu_status mu_fire_odds_render(const mu_fire_odds *o, const mu_fire_odds *exact,
                              mu_format fmt, char **out, mu_error *err);

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

/* Computes the odds of a charge from the weapons `w`. Release *out with
 * mu_charge_odds_clear. MU_EINPUT for bad options (a small-arms weapon as
 * the gun, more than MU_CHARGE_MAX_VOLLEYS volleys, ...). */
mu_status mu_odds_charge(const mu_weapons *w, const mu_charge_opts *o,
                         mu_charge_odds *out, mu_error *err);
void mu_charge_odds_clear(mu_charge_odds *o);
/* Text and Markdown: the volleys (range, load, P, and the unit's P when it
 * fires back), then the figures left at contact and, with return fire, the
 * crew left, each with P(= n), P(>= n) and the mean. JSON: {"volleys":[...],
 * "left":{"p":{...},"at_least":{...},"mean":...},"crew_left":{...}}; CSV:
 * what,n,p,at_least. *out is malloc'd. */
mu_status mu_charge_odds_render(const mu_charge_odds *o, mu_format fmt,
                                char **out, mu_error *err);

/* ---- campaign ledger (issue 5) ------------------------------------------ */

/* Canonical JSON and commitments.
 *
 * A hidden division is kept secret yet provably unaltered by a commitment,
 * defined exactly so that anyone can check it with other tools:
 *
 *   C          = the canonical JSON of the division, as RFC 8785 (JCS) writes
 *                it: object keys sorted by their UTF-16 code units, no white
 *                space, numbers as ECMAScript prints them (integers as
 *                integers), strings escaped minimally (\" \\ \b \f \n \r \t,
 *                other control characters as \u00xx), everything else as
 *                UTF-8;
 *   salt       = 16 random bytes (libsodium randombytes_buf), shown as 32
 *                lower-case hex digits;
 *   commitment = SHA-256(salt bytes || bytes of C), as 64 lower-case hex
 *                digits.
 *
 * With a shell: (printf "$(echo SALT | sed 's/../\\x&/g')"; printf %s "C") |
 * sha256sum. Hex given to muster may be in either case. */
#define MU_SALT_BYTES 16
#define MU_SALT_HEX (2 * MU_SALT_BYTES + 1)   /* buffer size, with the NUL */
#define MU_COMMITMENT_HEX 65                  /* buffer size, with the NUL */

/* Rewrites any JSON text (UTF-8, at most `len` bytes, no NUL characters)
 * in the canonical form above. The same value however it is spaced or
 * ordered gives the same bytes; a changed value gives other bytes.
 * MU_EINPUT for text that is not JSON, a key given twice in one object, a
 * number too large for a double, a string that is not UTF-8 or holds \u0000.
 * *out is malloc'd. */
mu_status mu_json_canonical(const char *text, size_t len, char **out,
                            mu_error *err);

/* commitment = SHA-256(salt || canonical(json)) for a salt given as 32 hex
 * digits. MU_EINPUT for bad hex or JSON. */
mu_status mu_commitment_compute(const char *json, size_t len,
                                const char *salt_hex,
                                char commitment[MU_COMMITMENT_HEX],
                                mu_error *err);

/* Checks that `text` is the division a commitment was made to. `text` is
 * the division's JSON, or the whole document `mu_campaign_reveal` prints
 * ({"division":{...},"salt":HEX,"commitment":HEX}), whose "division" is then
 * checked; `salt_hex` may be NULL only in that case, to take the document's
 * salt. The commitment is always the caller's: the one given before the
 * reveal. MU_OK when it matches, MU_EMISMATCH when it does not, MU_EINPUT
 * for unreadable hex or JSON. */
mu_status mu_commitment_verify(const char *commitment_hex, const char *salt_hex,
                               const char *text, size_t len, mu_error *err);

/* The campaign ledger.
 *
 * The seed's campaign paragraphs: a division stays unknown until it first
 * fights, then it is generated once and kept; casualties come off its actual
 * strength; after a battle a share of the battlefield losses comes back
 * (the seed: 50 %), prisoners do not; prisoners stay with the captor until
 * exchanged by mutual consent or freed when their camp is liberated.
 *
 * A campaign is one SQLite file (WAL, foreign keys on, synchronous FULL, a
 * busy timeout of 15 s so that two writers wait for each other). Every
 * mutating call is one transaction: it changes everything it says or, on any
 * error, nothing; each writes one event to the log with the rolls it made. Calls that roll take a mu_dice;
 * a scripted source must be used up exactly, or the call fails with
 * MU_EINPUT and stores nothing. While a callback source waits for a roll the
 * call holds the write lock, so other writers wait (up to the timeout).
 *
 * Errors: MU_EINPUT for a bad argument (an unknown division or brigade, more
 * losses than stands, more prisoners than are held, a file that is not a
 * campaign or was written by a newer muster), MU_ESTATE when the request
 * conflicts with the ledger (engaging twice, casualties outside a battle),
 * MU_EIO when the file cannot be read or written or stays busy, MU_ENOROLL
 * when the dice ran out, MU_EINTERNAL for a failure inside SQLite.
 *
 * Ids: divisions and events are numbered from 1 in the order they are made;
 * brigades are numbered from 1 within their division. */
typedef struct mu_campaign mu_campaign;

/* Longest name of a campaign, division, corps or battle, in bytes. */
#define MU_CAMPAIGN_NAME_MAX 100

/* The schema this muster writes (PRAGMA user_version). Files with a newer
 * schema are refused; 1 is the first, so there is nothing older to upgrade. */
#define MU_CAMPAIGN_SCHEMA 1

/* A share of the losses, exactly: num/den with 0 <= num <= den. */
typedef struct mu_rate {
    int num, den;
} mu_rate;

/* Parses a share: a percentage "50", "66.67" or "50%" (at most 4 decimals),
 * or a fraction "2/3"; 0..100 % in all. Kept exact (66.67 % is 6667/10000,
 * not 2/3). MU_EINPUT otherwise. */
mu_status mu_rate_parse(const char *s, mu_rate *out, mu_error *err);
/* "50%", "66.67%" or "2/3" (the shortest exact form). */
void mu_rate_text(mu_rate r, char *buf, size_t n);

/* What a new campaign is. Start from mu_campaign_defaults(). */
typedef struct mu_campaign_opts {
    const char *name;   /* required, 1..100 bytes of UTF-8 */
    int year;           /* 1861..1865: every division is generated for it */
    mu_theater theater;
    mu_rate draw;       /* returned when a battle ends without a winner */
    mu_rate winner;     /* returned to the winner's brigades */
    mu_rate loser;      /* returned to the loser's */
    const char *rules;  /* generation tables as INI text (muster rules dump),
                           stored in the file; NULL for the built-in ones */
    size_t rules_len;
} mu_campaign_opts;

/* No name, year 0, the seed's 50 % for every outcome, built-in tables. */
mu_campaign_opts mu_campaign_defaults(void);

/* Creates a campaign file at `path`, which must not exist yet (MU_EINPUT if
 * it does). On failure nothing is left behind. *out is the open campaign;
 * close it with mu_campaign_close. */
mu_status mu_campaign_create(const char *path, const mu_campaign_opts *o,
                             mu_campaign **out, mu_error *err);

/* Opens an existing campaign. MU_EIO if the file cannot be opened, MU_EINPUT
 * if it is not a campaign or its schema is newer than MU_CAMPAIGN_SCHEMA.
 * Opening changes nothing in a file that is not a campaign. */
mu_status mu_campaign_open(const char *path, mu_campaign **out, mu_error *err);
void mu_campaign_close(mu_campaign *c);

/* Who is looking: MU_VIEW_ALL sees everything (an umpire, or the owner of
 * the file); MU_UNION or MU_CONFEDERATE sees the other side's hidden
 * divisions only as hidden: name, side and commitment. */
#define MU_VIEW_ALL (-1)

/* Adds an unengaged division to `side`; nothing is rolled. `corps` names its
 * corps (NULL: none); corps are made on first mention, per side. Names are
 * 1..100 bytes of UTF-8 without control characters. *id is the new
 * division's id. */
mu_status mu_campaign_add(mu_campaign *c, mu_army side, const char *name,
                          mu_arm arm, const char *corps, int *id,
                          mu_error *err);

/* The result of a first engagement. */
typedef struct mu_engagement {
    int id;               /* the division */
    char name[MU_CAMPAIGN_NAME_MAX + 1];
    int64_t event;        /* its log entry */
    mu_division division; /* as generated, with every roll */
    bool hidden;
    char salt[MU_SALT_HEX];             /* hidden: the salt (keep it secret) */
    char commitment[MU_COMMITMENT_HEX]; /* hidden: give this to the opponent */
    bool corps_leader;      /* the division's corps leader was rated now */
    char corps[MU_CAMPAIGN_NAME_MAX + 1]; /* that corps */
    mu_rating corps_rating; /* as played */
    mu_rating corps_rolled; /* as the table gave it */
    int corps_roll;
    bool has_seed;          /* the dice were seeded: the seed repeats it */
    uint64_t seed;
} mu_engagement;

/* First engagement of division `div`: generated with the campaign's year and
 * theater and tables by mu_division_generate, in its roll order, then, if it
 * is the first of its corps to fight, the corps leader (table 2). A
 * despicable corps leader attaches to this division's leader (the seed's
 * note). `hidden` stores a commitment (see above) and keeps the division
 * from other viewers until mu_campaign_reveal. `by_the_book` plays
 * despicable leaders as average. MU_ESTATE if it has engaged before. */
mu_status mu_campaign_engage(mu_campaign *c, int div, bool hidden,
                             bool by_the_book, mu_dice *d, mu_engagement *out,
                             mu_error *err);

/* An engagement as text, json or markdown. Open: the division as
 * mu_division_render writes it (with the seed when there is one), then the
 * corps leader if one was rated; JSON {"id":N,"division":{...},
 * "corps_leader":{...}|null}. Hidden: only the commitment, JSON
 * {"commitment":HEX}. *out is malloc'd. */
mu_status mu_engagement_render(const mu_engagement *e, const mu_render_opts *o,
                               char **out, mu_error *err);

/* The document that opens a hidden division's commitment, one line:
 * {"division":{...},"salt":HEX,"commitment":HEX}, the division in canonical
 * JSON. The first reveal is logged and ends the secrecy. MU_ESTATE for a
 * division that was not engaged hidden. *out is malloc'd. */
mu_status mu_campaign_reveal(mu_campaign *c, int div, char **out,
                             mu_error *err);

/* Starts a battle; only one can be under way (MU_ESTATE otherwise). */
mu_status mu_campaign_battle_start(mu_campaign *c, const char *name,
                                   int64_t *event, mu_error *err);

/* Ends the battle under way. `winner` is MU_UNION, MU_CONFEDERATE or -1 for
 * none. Each brigade gets back rate x its battlefield losses in this battle
 * (the winner's, loser's or draw rate of its side), prisoners excepted:
 * floor(rate x lost) stands, and for a fraction f of a stand one more iff a
 * d100 roll <= floor(100 f), as for batteries; no roll when that is 0. Rolls
 * go in order of division id, then brigade. */
mu_status mu_campaign_battle_end(mu_campaign *c, int winner, mu_dice *d,
                                 int64_t *event, mu_error *err);

/* Casualties to brigade `brigade` (from 1) of division `div` in the battle
 * under way: `lost` killed, wounded and stragglers (some return at the end),
 * `captured` stands handed to the other side as prisoners. Their sum must
 * be 1..the brigade's current stands. */
mu_status mu_campaign_casualties(mu_campaign *c, int div, int brigade,
                                 int lost, int captured, int64_t *event,
                                 mu_error *err);

/* An exchange by mutual consent: `union_stands` Union stands come home from
 * Confederate camps and `confederate_stands` Confederate ones from Union
 * camps, each rejoining the brigade it was taken from, longest held first.
 * MU_EINPUT for more than are held, or for none at all. */
mu_status mu_campaign_exchange(mu_campaign *c, int union_stands,
                               int confederate_stands, int64_t *event,
                               mu_error *err);

/* The camp holding `side`'s men is liberated: all of them rejoin their
 * brigades. MU_ESTATE when none are held. */
mu_status mu_campaign_liberate(mu_campaign *c, mu_army side, int64_t *event,
                               mu_error *err);

/* Which leader of a division. */
typedef enum mu_post {
    MU_POST_DIVISION = 0, /* the division leader */
    MU_POST_BRIGADE,      /* a brigadier (give the brigade) */
    MU_POST_CORPS         /* the leader of the division's corps */
} mu_post;

/* A leader removed from play by combat: the replacement is rated with one
 * roll on table 2 (the division's army, the campaign's year). A despicable
 * corps leader attaches to division `div`; any other one is free. */
mu_status mu_campaign_leader_lost(mu_campaign *c, int div, mu_post post,
                                  int brigade, mu_dice *d, int64_t *event,
                                  mu_error *err);

/* The seed's despicable-leader note: `side` forgot to reveal a despicable
 * leader, so its opponent receives a despicable replacement to use on one
 * of `side`'s leaders (mu_campaign_downgrade). Penalties add up. */
mu_status mu_campaign_penalty(mu_campaign *c, mu_army side, int64_t *event,
                              mu_error *err);

/* Spends one of the penalties against the division's side: an average
 * leader becomes despicable. MU_ESTATE when there is no penalty, the leader
 * is not average (an exceptional one cannot be downgraded), or the division
 * plays by the book. */
mu_status mu_campaign_downgrade(mu_campaign *c, int div, mu_post post,
                                int brigade, int64_t *event, mu_error *err);

/* Every division, engaged or not: brigades with current stands, losses and
 * prisoners, leaders, batteries; corps leaders; prisoners held by each side.
 * Formats: text, json, markdown. JSON:
 *   {"campaign":{...},"battle":{...}|null,
 *    "divisions":[{"id":1,"name":"...","side":"union","engaged":true,
 *      "hidden":false,"brigades":[{"number":1,"stands":6,"start":7,"lost":1,
 *      "captured":0,"returned":0,...}],...}],
 *    "corps":[...],"prisoners":{"held_by_union":N,"held_by_confederate":M}}
 * where for a brigade start = stands + lost + captured: "lost" are out now
 * (battlefield losses not returned), "captured" are held as prisoners now.
 * `labels` may be NULL. *out is malloc'd. */
mu_status mu_campaign_show(mu_campaign *c, int viewer, const mu_labels *labels,
                           mu_format fmt, char **out, mu_error *err);

/* Prisoners held by each side, by division and brigade of origin (text or
 * json). */
mu_status mu_campaign_prisoners(mu_campaign *c, mu_format fmt, char **out,
                                mu_error *err);

/* The log, every event in order with its rolls (text, json, markdown). JSON
 * is {"events":[{"id":1,"kind":"new",...},...]}. */
mu_status mu_campaign_log(mu_campaign *c, int viewer, mu_format fmt,
                          char **out, mu_error *err);

/* One event as the log shows it: a text line (or lines), or a JSON object. */
mu_status mu_campaign_event(mu_campaign *c, int64_t event, int viewer,
                            mu_format fmt, char **out, mu_error *err);

/* Checks a campaign: the schema version, SQLite's integrity and foreign-key
 * checks, the stands of every brigade against its losses and prisoners, the
 * log replayed against the ledger, every commitment against its division.
 * *report (malloc'd) says what was checked and what is wrong. MU_OK when
 * all is well, MU_EMISMATCH when something is not. */
mu_status mu_campaign_check(mu_campaign *c, char **report, mu_error *err);

/* ---- rosters and labels on paper (issue 11) ----------------------------- */

/* A roster is what goes on paper beside the miniatures: per division its
 * leader, per brigade a card with its brigadier, morale, one tick box per
 * stand, the worn and spent marks of a labels file and the rolls that made
 * it; corps and army totals with the reserve artillery; then a sheet of
 * command-stand labels with crop marks. Despicable leaders carry "DP" on
 * both, as the seed asks. */
typedef struct mu_roster mu_roster;

/* A roster of what a JSON document held (mu_oob_parse_json). `title` names
 * it in every page header; NULL makes one ("Battle in the Western theater,
 * 1863"). *out is released with mu_roster_free. */
mu_status mu_roster_from_oob(const mu_oob_doc *doc, const char *title,
                             mu_roster **out, mu_error *err);

/* A roster of a campaign as it stands now: current stands (lost and
 * prisoners off, returned ones back), leaders as replaced or downgraded,
 * the rolls that generated each division. `viewer` MU_VIEW_ALL prints every
 * engaged division of both sides; MU_UNION or MU_CONFEDERATE prints only
 * that side's, so a hidden division of the other side is never printed.
 * Divisions not yet engaged have no brigades to print and are named in a
 * note. */
mu_status mu_roster_from_campaign(mu_campaign *c, int viewer,
                                  mu_roster **out, mu_error *err);
void mu_roster_free(mu_roster *r);

typedef enum mu_paper { MU_PAPER_A4 = 0, MU_PAPER_LETTER } mu_paper;
/* "a4" or "letter" (any case; "A4", "Letter", as paperconf says them).
 * MU_EINPUT naming the choices. */
mu_status mu_paper_parse(const char *s, mu_paper *out, mu_error *err);
/* The page in PostScript points (1/72 in): A4 595.28 x 841.89, letter
 * 612 x 792. */
void mu_paper_size(mu_paper p, double *width, double *height);

/* A command-stand base, "30x30" or "40x20": width x height in whole mm,
 * each 15..120. MU_EINPUT otherwise. */
mu_status mu_base_parse(const char *s, int *width_mm, int *height_mm,
                        mu_error *err);

typedef enum mu_page_format {
    MU_PAGES_PDF = 0, /* every page, or one with `page` */
    MU_PAGES_PNG,     /* one page, at `dpi` */
    MU_PAGES_SVG      /* one page */
} mu_page_format;

typedef struct mu_roster_opts {
    mu_paper paper;
    mu_page_format format;
    int page;                /* 1..pages, or 0: all (PDF), the first (PNG, SVG) */
    int dpi;                 /* PNG: 50..600; 0 means 150 */
    const mu_labels *labels; /* worn/spent marks; may be NULL */
    int base_w, base_h;      /* label size in mm; 0 means 30 x 30 */
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
} mu_roster_stats;

/* Receives the output as it is made; return MU_OK, or any other status to
 * stop (it is passed back). */
typedef mu_status (*mu_write_fn)(void *ud, const unsigned char *data,
                                 size_t n);

/* Draws the roster as PDF, PNG or SVG (cairo and pango) into `write`.
 * Pages: the roster, broken between brigade cards and never inside one, a
 * division's header kept with its first card; then the labels. Each page
 * has a header with the roster's title and "page N of M". `stats` may be
 * NULL. MU_EINPUT for bad options (a page out of range names the count),
 * MU_EINTERNAL when cairo fails. */
mu_status mu_roster_render(const mu_roster *r, const mu_roster_opts *o,
                           mu_write_fn write, void *ud,
                           mu_roster_stats *stats, mu_error *err);

/* Draws page `page` (1-based) onto a cairo context the caller made, with
 * user units in points and the page at the origin (the size is
 * mu_paper_size's), e.g. for a web page's own surface. `cr` is a cairo_t;
 * muster.h does not include cairo.h. */
struct _cairo;
mu_status mu_roster_draw_page(const mu_roster *r, const mu_roster_opts *o,
                              int page, struct _cairo *cr,
                              mu_roster_stats *stats, mu_error *err);

#ifdef __cplusplus
}
#endif
#endif /* MUSTER_H */
