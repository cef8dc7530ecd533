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

#ifdef __cplusplus
}
#endif
#endif /* MUSTER_H */
