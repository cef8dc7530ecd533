/* SPDX-License-Identifier: MIT */
/*
 * muster/oob.h -- orders of battle: the Fire and Fury generation tables as
 * data, brigade labels, and the division, corps and battle generators and
 * their renderers.
 *
 * Threads. A mu_rules is read-only once loaded: any number of threads may
 * generate, render and compute odds from one at once, each with its own
 * mu_dice. A mu_labels is not: labelling records the strengths it had no
 * line for (mu_labels_missed), so a labels handle, and render options
 * that name one, serve one thread at a time. A mu_division_stream is one
 * thread's. Results (mu_division, mu_corps, mu_battle, mu_oob_doc, a
 * sheet) are plain data, read by any number of threads at once.
 */
#ifndef MUSTER_OOB_H
#define MUSTER_OOB_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* A set of tables: the ones compiled into muster (the seed article's), a
 * rules file loaded and validated, or the same from text in memory (`name`
 * stands for the file in messages).
 * Owns: *out is the caller's; release it with mu_rules_free.
 * Errors: MU_EIO for a file that cannot be read, MU_EINPUT for a bad file,
 * with its name and line. */
MU_API mu_status mu_rules_default(mu_rules **out, mu_error *err);
MU_API mu_status mu_rules_load(const char *path, mu_rules **out, mu_error *err);
MU_API mu_status mu_rules_parse(const char *text, size_t len, const char *name,
                                mu_rules **out, mu_error *err);
/* Releases a set of tables; NULL is a no-op. */
MU_API void mu_rules_free(mu_rules *r);
/* The embedded default rules file, as text (static storage). */
MU_API const char *mu_rules_default_text(size_t *len);
/* The keys of an INI file (tables, weapons or labels) in the form the
 * WebAssembly core reads, which parses no INI: a line of records each
 * naming its INI line, so that its messages still say file:line. Any
 * loader (mu_rules_parse, mu_weapons_parse, mu_labels_parse) takes the text
 * in that form too. Checks the INI syntax only: load the file to check it.
 * Owns: *out (malloc'd, NUL-terminated) is the caller's.
 * Errors: MU_EINPUT for text that is not INI, with its name and line. */
MU_API mu_status mu_ini_export_app(const char *text, size_t len,
                                   const char *name, char **out,
                                   mu_error *err);

/* The tables laid out as in the seed, one table after another, in
 * o->format: text or Markdown (o NULL: text).
 * Owns: *out is malloc'd text; free() it.
 * Errors: MU_EINPUT for another format. */
MU_API mu_status mu_rules_render(const mu_rules *r, const mu_render_opts *o,
                                 char **out, mu_error *err);

/* Where exported tables go (mu_rules_export). */
typedef enum mu_rules_to {
    MU_RULES_TO_FOUNDRY = 1, /* Foundry VTT RollTable JSON                */
    MU_RULES_TO_CSV,         /* table,name,low,high,result               */
    MU_RULES_TO_MARKDOWN     /* a "| d100 | result |" table a table      */
} mu_rules_to;

/* Every table of the rules set, or only the one whose section is `table`
 * ("leader.union.1861-1863"; NULL: all), one row a band of faces (a run of
 * consecutive faces with one outcome), faces 1..100 with "00" as 100.
 * Foundry: a RollTable document ({name, description, formula "1d100",
 * replacement, displayRoll, results: [{type "text", text, weight, range
 * [low, high], drawn}], flags.muster.table}) for one table, an array of
 * them for all. CSV: a header, then table,name,low,high,result. Markdown:
 * a "### name" heading and a two-column table a table, faces as the seed
 * writes them ("91-00").
 * Owns: *out is malloc'd text; free() it.
 * Errors: MU_EINPUT for another `to` or a table the rules do not have (the
 * message lists the tables). */
MU_API mu_status mu_rules_export(const mu_rules *r, mu_rules_to to,
                                 const char *table, char **out,
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
 * Errors: MU_EINPUT for an unknown year. */
MU_API mu_status mu_rules_chance(const mu_rules *r, mu_table t, mu_army a,
                                 mu_theater th, int year, int outcome,
                                 int *faces, mu_error *err);

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
 * and "worn/spent" values, 0 < spent < worn < stands.
 *
 * A strength the file has no line for (a brigade worn down below the
 * table's smallest row, a table of a few rows) is never refused: it takes
 * the worn and spent of the nearest line of its morale (of two as near,
 * the smaller), and a morale with no line at all labels its brigades by
 * stands and morale alone. Every such use is recorded in the labels
 * handle, for mu_labels_missed to report (so a handle is not to be shared
 * between threads that label at once). */
typedef struct mu_labels mu_labels;

/* A labels file loaded and validated, or the same from text in memory
 * (`name` stands for the file in messages).
 * Owns: *out is the caller's; release it with mu_labels_free.
 * Errors: MU_EIO for a file that cannot be read, MU_EINPUT for a bad file,
 * with its name and line. */
MU_API mu_status mu_labels_load(const char *path, mu_labels **out,
                                mu_error *err);
MU_API mu_status mu_labels_parse(const char *text, size_t len, const char *name,
                                 mu_labels **out, mu_error *err);
/* Releases labels; NULL is a no-op. */
MU_API void mu_labels_free(mu_labels *l);
/* The label of a brigade: "7/5/3 veteran" from the line for that stand
 * count and morale or the nearest one (see above), "7 stands, veteran"
 * when the morale has none or `l` is NULL. Writes at most n bytes (always
 * terminated). */
MU_API void mu_labels_name(const mu_labels *l, int stands, mu_morale m,
                           char *buf, size_t n);
/* The worn and spent thresholds of a brigade of `stands` stands and morale
 * `m`: true with those of its line or the nearest one (see above), false
 * (leaving *worn and *spent alone) when the morale has no line or `l` is
 * NULL. */
MU_API bool mu_labels_get(const mu_labels *l, int stands, mu_morale m,
                          int *worn, int *spent);
/* A strength labelled without a line of its own (see above): what
 * mu_labels_missed reports, for a front end to say in its own words. */
typedef enum mu_labels_miss_kind {
    MU_LABELS_NEAREST, /* the nearest line of its morale gave worn and spent */
    MU_LABELS_NO_LINE  /* its morale has no line: labelled by stands and morale */
} mu_labels_miss_kind;
typedef struct mu_labels_miss {
    mu_labels_miss_kind kind;
    mu_morale morale;
    int stands;  /* the brigade's strength */
    int nearest; /* the stand count of the line used; 0 for MU_LABELS_NO_LINE */
} mu_labels_miss;
/* How many strengths were labelled without a line of their own since `l`
 * was loaded (0 for NULL), and the first n of them in out (out may be NULL
 * when n is 0): in morale order, green first, then from the largest
 * strength. Each strength is reported once, however often it was used. */
MU_API size_t mu_labels_missed(const mu_labels *l, mu_labels_miss *out,
                               size_t n);
/* The name that stands for the labels file in messages: the path it was
 * loaded from, or the name given to mu_labels_parse ("<labels>" for NULL).
 * Owns: the string is l's, valid until mu_labels_free. `l` may be NULL
 * (then ""). */
MU_API const char *mu_labels_file(const mu_labels *l);
/* A labels file to fill in from the rulebook: a commented line
 * "; N = WORN/SPENT" for every stand count from the largest the rules'
 * stands tables can give (any army, theater, year) down to 1, under each
 * morale's section, with no value of the published rules. As it is (every
 * line commented), it loads as a file of no lines.
 * Owns: *out is malloc'd text; free() it. */
MU_API mu_status mu_labels_template(const mu_rules *r, char **out,
                                    mu_error *err);

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
MU_API const char *mu_roll_kind_name(mu_roll_kind k);

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
    uint32_t given;      /* MU_GIVEN_* bits: values an order of battle
                            gave, not rolled (mu_division_generate_given) */
    mu_rating leader;    /* as played */
    mu_rating leader_rolled;
    int nbrigades;
    mu_brigade brigades[MU_MAX_BRIGADES];
    int stands; /* all brigades together */
    mu_artillery artillery;
    int nrolls;
    mu_roll rolls[MU_MAX_ROLLS];
} mu_division;

/* What to generate. A year or theater left unknown (MU_YEAR_UNKNOWN,
 * MU_THEATER_UNKNOWN) is decided by table 1, rolled first, which decides
 * only what is missing: a given year keeps its year and takes the rolled
 * theater (50:50), a given theater keeps its theater and takes the rolled
 * year. */
typedef struct mu_oob_opts {
    mu_army army;       /* a battle takes both: there it is not read */
    int year;           /* 1861..1865, or MU_YEAR_UNKNOWN */
    mu_theater theater; /* MU_EAST, MU_WEST, or MU_THEATER_UNKNOWN */
    mu_arm arm;         /* a corps and a battle choose their own */
    bool by_the_book;   /* play despicable leaders as average */
} mu_oob_opts;

/* Generates one division by the seed's tables, rolling in the normative
 * order: [theater/year] -> division leader -> brigades -> for each brigade
 * (stands, morale, brigadier) -> artillery ratio -> fractional battery (only
 * if stands mod ratio != 0) -> reserve share (only if batteries mod 3 != 0).
 * Owns: *out is a plain value (nothing to release).
 * Errors: MU_EINPUT for bad options, MU_ENOROLL when the dice ran out. */
MU_API mu_status mu_division_generate(const mu_rules *r, mu_dice *d,
                                      const mu_oob_opts *o, mu_division *out,
                                      mu_error *err);

/* Values an order of battle already knows of a division (a historical
 * one: its brigades, their strengths and morale, its batteries). Each one
 * given is kept and its roll is not made; the rest are rolled as
 * mu_division_generate rolls them, in its order. */
#define MU_GIVEN_NONE (-1)
typedef struct mu_given_brigade {
    int stands; /* 1..MU_MAX_STANDS, or 0: rolled */
    int morale; /* a mu_morale, or MU_GIVEN_NONE: rolled */
    int rating; /* the brigadier's mu_rating (as the table would give it,
                   before by_the_book), or MU_GIVEN_NONE: rolled */
} mu_given_brigade;

typedef struct mu_division_given {
    int leader;    /* the division leader's mu_rating, or MU_GIVEN_NONE */
    int nbrigades; /* 1..MU_MAX_BRIGADES, or 0: rolled (brigades unread) */
    mu_given_brigade brigades[MU_MAX_BRIGADES];
    int batteries; /* the division's own batteries 0..MU_MAX_RATIO, or
                      MU_GIVEN_NONE: table 6 and its fractions rolled. Given,
                      the division keeps them all, sends none to the
                      reserve and has ratio 0 */
} mu_division_given;

/* mu_division.given: which values were given. Brigade b counts from 0. */
#define MU_GIVEN_LEADER (1u << 0)
#define MU_GIVEN_BRIGADES (1u << 1)
#define MU_GIVEN_ARTILLERY (1u << 2)
#define MU_GIVEN_STANDS(b) (1u << (3 + 3 * (b)))
#define MU_GIVEN_MORALE(b) (1u << (4 + 3 * (b)))
#define MU_GIVEN_BRIGADIER(b) (1u << (5 + 3 * (b)))

/* No value given: every field MU_GIVEN_NONE or 0. */
MU_API mu_division_given mu_division_given_none(void);

/* mu_division_generate with the values `g` gives (NULL: none, the same
 * division as mu_division_generate). The division records which were given
 * (mu_division.given) and the rolls it made, in the normative order with
 * the given ones left out.
 * Errors: as mu_division_generate; MU_EINPUT for a given value out of its
 * range. */
MU_API mu_status mu_division_generate_given(const mu_rules *r, mu_dice *d,
                                            const mu_oob_opts *o,
                                            const mu_division_given *g,
                                            mu_division *out, mu_error *err);

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

/* Generates a corps: its leader (table 2), then `infantry` infantry and
 * `cavalry` cavalry divisions, in that order, 1..64 in all. Theater and
 * year as for a division, with one table 1 roll for the whole corps.
 * Owns: the caller releases *out with mu_corps_clear.
 * Errors: MU_EINPUT for bad options or counts, MU_ENOROLL. */
MU_API mu_status mu_corps_generate(const mu_rules *r, mu_dice *d,
                                   const mu_oob_opts *o, int infantry,
                                   int cavalry, mu_corps *out, mu_error *err);
/* Releases what a corps owns and leaves it empty; NULL is a no-op. */
MU_API void mu_corps_clear(mu_corps *c);

/* A battle: table 1 if needed, then a Union corps, then a Confederate one,
 * each of `divisions` infantry divisions. Release with mu_battle_clear. */
typedef struct mu_battle {
    int year;
    mu_theater theater;
    bool theater_rolled;
    mu_roll theater_roll;
    mu_corps sides[2]; /* indexed by mu_army */
} mu_battle;

/* Generates a battle: one table 1 roll when the year or theater is
 * unknown, then a Union and a Confederate corps of `divisions` (1..64)
 * infantry divisions. Of `o`, only year, theater and by_the_book are read.
 * Owns: the caller releases *out with mu_battle_clear.
 * Errors: MU_EINPUT for bad options or counts, MU_ENOROLL. */
MU_API mu_status mu_battle_generate(const mu_rules *r, mu_dice *d,
                                    const mu_oob_opts *o, int divisions,
                                    mu_battle *out, mu_error *err);
/* Releases what a battle owns and leaves it empty; NULL is a no-op. */
MU_API void mu_battle_clear(mu_battle *b);

/* ------------------------------------------------------------------------ */
/* Rendering orders of battle                                               */
/* ------------------------------------------------------------------------ */

/* Renders n divisions (an array) in o->format, any format: JSON gives one
 * object when n == 1 and an array otherwise, JSONL one object a line.
 * o->labels names brigades; o->has_seed adds the seed.
 * Owns: *out is malloc'd text ending with a newline; free() it. */
MU_API mu_status mu_division_render(const mu_division *d, size_t n,
                                    const mu_render_opts *o, char **out,
                                    mu_error *err);
/* Renders divisions one at a time, as they are made, in constant memory:
 * the text of mu_division_render, given to `write` in chunks of about 64 KB
 * (and the rest at the end), so any number of divisions can be written
 * while they are generated. `numbered` is mu_division_render's n > 1
 * ("Division N:", "index", a JSON array). A brigade whose strength has no
 * line in o->labels takes the nearest (see Brigade labels).
 * mu_division_stream_end writes the ending (seed line, "]") and what is
 * left; a stream freed without it drops what was not yet written.
 * Owns: the stream; mu_division_stream_free releases it (NULL is a no-op).
 * Errors: whatever `write` returns (its status and message) stops the
 * stream. */
typedef struct mu_division_stream mu_division_stream;
MU_API mu_status mu_division_stream_new(const mu_render_opts *o, bool numbered,
                                        mu_sink_fn write, void *ctx,
                                        mu_division_stream **out,
                                        mu_error *err);
MU_API mu_status mu_division_stream_put(mu_division_stream *s,
                                        const mu_division *d, mu_error *err);
MU_API mu_status mu_division_stream_end(mu_division_stream *s, mu_error *err);
MU_API void mu_division_stream_free(mu_division_stream *s);
/* The same for a corps and for a battle. */
MU_API mu_status mu_corps_render(const mu_corps *c, const mu_render_opts *o,
                                 char **out, mu_error *err);
MU_API mu_status mu_battle_render(const mu_battle *b, const mu_render_opts *o,
                                  char **out, mu_error *err);

/* Reading orders of battle back. muster's own JSON of a division (one
 * object; a list of them, as one JSON array or one object a
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
 * .stands: expected a whole number 1..30").
 * Owns: *out holds malloc'd lists; release it with mu_oob_doc_clear (also
 *       after a failure, when it is empty).
 * Errors: MU_EINPUT for text that is not JSON (with the line), an unknown
 *         shape (reason MU_R_NOT_AN_OOB), a missing, unknown or mistyped key,
 *         a value out of range, rolls that do not agree. */
MU_API mu_status mu_oob_parse_json(const char *text, size_t len, const char *name,
                            mu_oob_doc *out, mu_error *err);
/* Checks a parsed document against the tables that should have made it:
 * every table roll (theater, leaders, brigades, stands, morale, ratio) must
 * give on `r`, for the division's army, theater and year, the outcome the
 * document records. `name` stands for the file in messages.
 * Errors: MU_EINPUT naming the first roll that does not (the document was
 *         made with other tables, or edited). */
MU_API mu_status mu_oob_check(const mu_oob_doc *doc, const mu_rules *r,
                              const char *name, mu_error *err);
/* Releases what a document holds and leaves it empty; NULL is a no-op. */
MU_API void mu_oob_doc_clear(mu_oob_doc *d);


/* ------------------------------------------------------------------------ */
/* Order of battle sheets: what players already know, in and out           */
/* ------------------------------------------------------------------------ */

/* An order of battle as players keep it in a spreadsheet or copy it from a
 * history: sides, corps, divisions, and of each division whatever is known
 * (its leader's rating, its batteries, its brigades with their names,
 * brigadiers, strengths and morale). A value left blank is not known: the
 * tables roll it when the division first engages. The formats are
 * documented in docs/schema/oob-csv.md (CSV, one row a brigade) and
 * docs/schema/oob-sheet.schema.json (JSON). */
#define MU_SHEET_NAME_MAX 100 /* bytes of a name, as a campaign's */

typedef enum mu_sheet_format {
    MU_SHEET_CSV = 0, /* RFC 4180, a header row, one row a brigade */
    MU_SHEET_JSON     /* {"format":"muster-oob","version":1,...} */
} mu_sheet_format;

typedef struct mu_sheet_division {
    mu_army side;
    mu_arm arm;
    char name[MU_SHEET_NAME_MAX + 1];  /* 1..100 bytes of UTF-8 */
    char corps[MU_SHEET_NAME_MAX + 1]; /* "": in no corps */
    /* The known values: given.nbrigades is the number of brigades listed
     * (0: none, the tables roll them). */
    mu_division_given given;
    char brigade[MU_MAX_BRIGADES][MU_SHEET_NAME_MAX + 1];   /* "": unnamed */
    char brigadier[MU_MAX_BRIGADES][MU_SHEET_NAME_MAX + 1]; /* "": unknown */
    int line;                          /* its first row (CSV), 0: none */
} mu_sheet_division;

typedef struct mu_oob_sheet {
    size_t n;
    mu_sheet_division *divisions; /* malloc'd; mu_oob_sheet_clear */
} mu_oob_sheet;

/* Reads a sheet of `len` bytes; `name` stands for the file in messages.
 * Every row is checked (names 1..100 bytes of UTF-8 without control
 * characters, words and numbers in range, a division's rows together, its
 * own cells the same on each of them, at most MU_MAX_BRIGADES brigades).
 * Owns: *out is the caller's; release it with mu_oob_sheet_clear (also
 *       after a failure, when it is empty).
 * Errors: MU_EINPUT for the first fault, as "FILE:LINE: what is wrong" for
 *         CSV, "FILE: divisions[2].brigades[0].stands: ..." for JSON. */
MU_API mu_status mu_oob_sheet_parse(const char *text, size_t len,
                                    const char *name, mu_sheet_format f,
                                    mu_oob_sheet *out, mu_error *err);
/* The sheet in format f, which mu_oob_sheet_parse reads back to the same
 * sheet (and renders to the same bytes).
 * Owns: *out is malloc'd text; free() it. */
MU_API mu_status mu_oob_sheet_render(const mu_oob_sheet *s, mu_sheet_format f,
                                     char **out, mu_error *err);
/* Releases what a sheet holds and leaves it empty; NULL is a no-op. */
MU_API void mu_oob_sheet_clear(mu_oob_sheet *s);

#ifdef __cplusplus
}
#endif
#endif /* MUSTER_OOB_H */
