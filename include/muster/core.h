/* SPDX-License-Identifier: MIT */
/*
 * muster/core.h -- what every part of libmuster shares.
 *
 * These headers are the reference documentation of libmuster. What holds
 * for every entry is said here, once:
 *
 *  - Status. Fallible functions return mu_status (MU_OK == 0). When `err` is
 *    not NULL it receives the message, the file and line where the fault
 *    lies in a file the user wrote, and a mu_reason front ends turn into
 *    their own hints. Any function that allocates may also return
 *    MU_ENOMEM; entries list only their other errors.
 *  - Results. A function that fills a result through an OUT parameter
 *    (`T *out`) never reads *out on entry: it need not be initialised. On
 *    success *out holds the result. On failure *out is left empty: zeroed,
 *    owning nothing, so that the type's _clear function (for results that
 *    own memory: mu_corps, mu_battle, mu_dist, the odds) is safe to call
 *    and does nothing. A `char **out` is malloc'd text the caller frees
 *    with free(); NULL on failure (mu_campaign_check_head's report, which
 *    says what failed, is the one exception, and says so).
 *  - Handles. Opaque handles come from *_new (or _load, _open, _default)
 *    and go back through *_free (or _close); *_free(NULL) is a no-op.
 *  - Dice. Every random result comes from a mu_dice passed in. The library
 *    keeps no global state, never prints, never exits, never reads the
 *    terminal, and never names a front end's commands or options.
 *  - Units. Percentile dice are d100: a roll is 1..100, the "00" on the
 *    dice is 100. Distances are inches of table unless an entry says yards;
 *    percentages are percent (0..100), kept as exact integers or rationals
 *    wherever the rules are exact.
 *  - Names. mu_<noun>_<verb>: mu_division_generate, mu_army_parse,
 *    mu_division_render; constructors mu_<noun>_new, releases _free/_clear.
 *    The odds and simulation families are mu_odds_<what> and mu_sim_<what>.
 *
 * Threads. The library keeps no global state, so any function may run in
 * several threads at once on different objects. What a function takes as
 * const it only reads, so that threads may share it, unless its header
 * says otherwise (a mu_labels records its misses); what it takes as
 * non-const it changes: one thread at a time. A mu_dice changes with
 * every roll, so each thread rolls its own (mu_sim_* makes its threads'
 * own). The names of statuses, reasons and the vocabulary are static
 * text, and the mu_rat arithmetic works on values: all reentrant.
 *
 * Each entry's comment follows one template:
 *
 *   What it does or returns, with units where there are any.
 *   Owns: what the caller gets back and how it is released (left out for
 *         plain values and static storage the first part names).
 *   Errors: the statuses besides MU_OK and MU_ENOMEM (left out when none).
 *
 * An entry that covers a group of declarations covers each of them.

 */
#ifndef MUSTER_CORE_H
#define MUSTER_CORE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "muster/version.h" /* MU_VERSION, made from CMakeLists.txt */

/* Marks the public functions: the library is built with hidden visibility,
 * so only what carries MU_API is exported. */
#if defined(_WIN32) && defined(MUSTER_SHARED_BUILD)
#define MU_API __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#define MU_API __attribute__((visibility("default")))
#else
#define MU_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

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

/* A finer reason than the status, for the failures a front end can say more
 * about (as SQLite's extended result codes refine its primary ones). The
 * library's message says what is wrong in the API's own terms; it never
 * names a command-line option or command. Each front end maps the reasons
 * it knows to its own hint (the CLI names its option for the thread count,
 * a web page the form field) and shows the message alone for any other
 * reason, so a new reason never breaks a front end. Most errors have
 * MU_R_NONE. */
typedef enum mu_reason {
    MU_R_NONE = 0,          /* nothing more specific than the status       */
    MU_R_TOO_MANY_THREADS,  /* a worker thread could not start: fewer may  */
    MU_R_BATTLE_NOT_STARTED,/* the call needs a battle under way           */
    MU_R_BATTLE_UNDER_WAY,  /* another battle is under way: end it first   */
    MU_R_NO_CASUALTIES,     /* casualties of 0 lost and 0 captured         */
    MU_R_LOSS_EXCEEDS_STANDS, /* more stands lost than the brigade has     */
    MU_R_NO_PENALTY,        /* no despicable replacement is owed           */
    MU_R_NO_CAMPAIGN,       /* the campaign file does not exist            */
    MU_R_NO_SUCH_DIVISION,  /* no division with that id in the campaign    */
    MU_R_BUSY,              /* another writer held the file too long       */
    MU_R_HIDDEN_DIVISION,   /* the division is hidden from the acting side */
    MU_R_NOT_AN_OOB,        /* JSON that is no order of battle muster wrote */
    MU_R_ONE_QUESTION,      /* the dice language asks one question a program */
    MU_R_NO_WINNER,         /* a battle ended without saying who won       */
    MU_R_NAME_CHARACTER,    /* a name holds a control or format character  */
    MU_R_REQUEST_DONE,      /* a keyed change was recorded already         */
    MU_R_REQUEST_REUSED,    /* a change's key was another change's         */
    MU_R_FILE_EXISTS,       /* a new file's name is taken                  */
    MU_R_UMPIRE_ONLY,       /* only the umpire may: it shows both sides    */
    MU_R_NO_SUCH_WEAPON,    /* a weapon's name the weapons do not have     */
    MU_R_NO_SUCH_CAMP,      /* no camp of that name holds prisoners        */
    MU_R_COUNT
} mu_reason;

/* Caller-owned error record. `file` is empty and `line` 0 when the fault is
 * not in a file. The message is one sentence without a trailing newline,
 * written for a person ("brigade table for union covers 01-99: 00 is
 * missing"). */
typedef struct mu_error {
    mu_status code;
    mu_reason reason;
    int line;
    char file[256];
    char msg[512];
} mu_error;

/* The version of the libmuster in use ("0.1.0"), which may differ from
 * the MU_VERSION a program was compiled with when a newer shared library
 * is installed. Static storage. */
MU_API const char *mu_version(void);

/* A short English name of a status ("bad input"). Static storage. */
MU_API const char *mu_status_name(mu_status s);

/* A stable lower-case name of a reason ("too-many-threads"), for front ends
 * that pass reasons on as data (JSON); "none" for MU_R_NONE, "unknown" out
 * of range. Static storage. */
MU_API const char *mu_reason_name(mu_reason r);

#if defined(__GNUC__)
#define MU_FORMAT_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define MU_FORMAT_PRINTF(a, b)
#endif

/* Fills `err` (when not NULL) as the library does: the status, the reason,
 * no file, and the message formatted printf-style; returns `code`. For
 * front ends and callbacks (a mu_roll_fn) that report their own failures. */
MU_API mu_status mu_error_set(mu_error *err, mu_status code, mu_reason reason,
                              const char *fmt, ...) MU_FORMAT_PRINTF(4, 5);

/* Formats `err` as "file:line: message" (or just the message) into buf of n
 * bytes, truncating safely; returns buf. */
MU_API char *mu_error_format(const mu_error *err, char *buf, size_t n);

/* The largest file muster reads: 16 MiB. Far beyond any rules, labels,
 * weapons, order-of-battle or reveal file, and small enough that an endless
 * source (/dev/zero, a pipe that never closes) is refused at once. */
#define MU_FILE_MAX (16u << 20)

/* Reads the whole file `path` ("-": standard input, named so in errors);
 * *len is its length. The one reader of every file muster is given, for
 * front ends too: it reads at most MU_FILE_MAX + 1 bytes, so a larger or
 * endless file is refused without reading it all.
 * Owns: *out is malloc'd and NUL-terminated; free() it.
 * Errors: MU_EIO naming the file when it cannot be opened or read,
 * MU_EINPUT when it is larger than MU_FILE_MAX bytes. */
MU_API mu_status mu_file_read(const char *path, char **out, size_t *len,
                              mu_error *err);

/* The UTF-8 character at s (at most n bytes, n >= 1), strictly: no
 * overlong form, no surrogate, nothing past U+10FFFF. Returns its length
 * (1 to 4) with its code point in *cp, or 0 when s holds no such
 * character. For front ends that check the text they are sent. */
MU_API size_t mu_utf8_decode(const char *s, size_t n, uint32_t *cp);

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

/* Makes a dice source: seeded from `seed`; scripted from a copy of the n
 * `rolls` (each 1..100); or asking `fn` (with `ud`) for every roll.
 * Owns: *out is the caller's; release it with mu_dice_free.
 * Errors: MU_EINPUT for a roll out of 1..100 or no function. */
MU_API mu_status mu_dice_new_seeded(uint64_t seed, mu_dice **out,
                                    mu_error *err);
MU_API mu_status mu_dice_new_scripted(const int *rolls, size_t n, mu_dice **out,
                                      mu_error *err);
MU_API mu_status mu_dice_new_callback(mu_roll_fn fn, void *ud, mu_dice **out,
                                      mu_error *err);
/* Releases a dice source; NULL is a no-op. */
MU_API void mu_dice_free(mu_dice *d);

/* One d100 roll, 1..100, into *roll. `label` names the table for prompts
 * and errors.
 * Errors: MU_ENOROLL when a scripted source is used up; whatever a
 * callback returns when it aborts. */
MU_API mu_status mu_dice_d100(mu_dice *d, const char *label, int *roll,
                              mu_error *err);

/* True for a seeded source; its seed through *seed. */
MU_API bool mu_dice_seed(const mu_dice *d, uint64_t *seed);
/* Rolls not yet used from a scripted source (0 for the other kinds). */
MU_API size_t mu_dice_left(const mu_dice *d);
/* Rolls handed out so far. */
MU_API uint64_t mu_dice_count(const mu_dice *d);

/* Advances a seeded source as if 2^128 outputs had been drawn (the
 * xoshiro256** jump), so that streams split off one seed never overlap.
 * Errors: MU_EINPUT for other kinds. */
MU_API mu_status mu_dice_jump(mu_dice *d, mu_error *err);

/* Parses one typed roll: "1".."100", "00" (= 100), surrounding blanks
 * allowed.
 * Errors: MU_EINPUT with a message saying what was wrong. */
MU_API mu_status mu_roll_parse(const char *text, int *roll, mu_error *err);

/* Parses a comma-separated list of rolls ("37,00,5"); an empty list is
 * valid (*n = 0).
 * Owns: *rolls is malloc'd (NULL for an empty list); free() it.
 * Errors: MU_EINPUT naming the bad entry. */
MU_API mu_status mu_rolls_parse(const char *list, int **rolls, size_t *n,
                                mu_error *err);

/* A fresh seed from the operating system's entropy, below 2^53 so that it
 * survives JSON readers that hold numbers as doubles.
 * Errors: MU_EINTERNAL when libsodium cannot start. */
MU_API mu_status mu_seed_from_os(uint64_t *seed, mu_error *err);

/* ------------------------------------------------------------------------ */
/* Common vocabulary                                                        */
/* ------------------------------------------------------------------------ */

typedef enum mu_army { MU_UNION = 0, MU_CONFEDERATE = 1 } mu_army;
/* A side, or nobody: who looks at or acts on a campaign (nobody: the
 * umpire), who won a battle (nobody: a draw). The sides have mu_army's
 * values. */
typedef enum mu_side {
    MU_SIDE_UNSAID = -2, /* not said: a battle's end refuses it
                            (MU_R_NO_WINNER); no viewer */
    MU_SIDE_NONE = -1,
    MU_SIDE_UNION = MU_UNION,
    MU_SIDE_CONFEDERATE = MU_CONFEDERATE
} mu_side;
/* A theater, or not known yet (table 1 will decide). */
typedef enum mu_theater {
    MU_THEATER_UNKNOWN = -1, MU_EAST = 0, MU_WEST = 1
} mu_theater;
typedef enum mu_arm { MU_INFANTRY = 0, MU_CAVALRY = 1 } mu_arm;
typedef enum mu_rating {
    MU_DESPICABLE = 0, MU_AVERAGE = 1, MU_EXCEPTIONAL = 2
} mu_rating;
typedef enum mu_morale { MU_GREEN = 0, MU_VETERAN = 1, MU_CRACK = 2 } mu_morale;

#define MU_YEAR_FIRST 1861
#define MU_YEAR_LAST 1865
#define MU_YEAR_UNKNOWN 0 /* a year not known yet (table 1 will decide) */

/* Lower-case names used in every output format and accepted on input:
 * "union", "east", "infantry", "average", "veteran". */
MU_API const char *mu_army_name(mu_army a);
MU_API const char *mu_theater_name(mu_theater t);
MU_API const char *mu_arm_name(mu_arm a);
MU_API const char *mu_rating_name(mu_rating r);
MU_API const char *mu_morale_name(mu_morale m);
/* Parse those names as a user types them: any case ("Union", "EAST"), or
 * the start of exactly one name ("conf", "w"). mu_weapons_find reads
 * names the same way (an exact match wins over a longer name it begins).
 * Errors: MU_EINPUT listing the choices for an unknown name, or the names
 * it could be for an ambiguous one. */
MU_API mu_status mu_army_parse(const char *s, mu_army *out, mu_error *err);
MU_API mu_status mu_theater_parse(const char *s, mu_theater *out,
                                  mu_error *err);
MU_API mu_status mu_arm_parse(const char *s, mu_arm *out, mu_error *err);

/* Output formats shared by every renderer. Not every renderer takes every
 * format; one that does not returns MU_EINPUT saying which it takes. */
typedef enum mu_format {
    MU_FMT_TEXT = 0, MU_FMT_JSON, MU_FMT_JSONL, MU_FMT_CSV, MU_FMT_MARKDOWN
} mu_format;

/* The drawn formats (muster-full: charts, rosters, cards, reports): one
 * list for all. A drawing that is one page (a chart, a card) is the same
 * picture in each; a roster or report of several pages is every page in a
 * PDF and one page in PNG or SVG. */
typedef enum mu_file_format {
    MU_FILE_PNG = 0, /* pixels on white; a chart 1120 x 800 */
    MU_FILE_SVG,     /* text as glyph outlines, the words also in the SVG's
                        <title> and <desc> for searches and readers */
    MU_FILE_PDF      /* fonts embedded */
} mu_file_format;

/* ------------------------------------------------------------------------ */
/* Rendering                                                                */
/* ------------------------------------------------------------------------ */

/* Brigade labels (muster/oob.h); a renderer may be given some. */
typedef struct mu_labels mu_labels;

/* What every renderer takes: the format, and what some formats show. A
 * renderer given NULL renders text with no labels and no seed. */
typedef struct mu_render_opts {
    mu_format format;
    const mu_labels *labels; /* may be NULL: "7 stands, veteran" */
    bool has_seed;           /* print the seed (text footer, JSON "seed") */
    uint64_t seed;
} mu_render_opts;

/* Where a streaming renderer's output goes: called with each chunk in
 * order (len > 0; the text, or the bytes of a drawing, is not terminated
 * and is the renderer's until the call returns). Returning anything but
 * MU_OK (with err filled) stops the stream; the renderer's call returns
 * that status. */
typedef mu_status (*mu_sink_fn)(void *ctx, const char *text, size_t len,
                                 mu_error *err);

/* A growing text that stays terminated, filled by mu_buf_write. */
typedef struct mu_buf {
    char *p;    /* the text, terminated; NULL until something is written */
    size_t len; /* its bytes, the terminator not counted */
    size_t cap; /* bytes allocated */
    bool oom;   /* memory ran out: the text is incomplete */
} mu_buf;

/* A collecting sink, for a caller who wants a streaming renderer's whole
 * output in memory: a mu_sink_fn whose ctx is a mu_buf, appending each
 * chunk to it.
 *     mu_buf b = {0};
 *     st = mu_campaign_show_to(c, viewer, ro, mu_buf_write, &b, &err);
 *     ... b.p, b.len ...
 *     mu_buf_free(&b);
 * Owns: b.p is malloc'd (NULL until something is written) and belongs to
 * the caller, who frees it with mu_buf_free or takes it over and free()s
 * it.
 * Errors: MU_ENOMEM when memory runs out; oom stays set, every later write
 * fails too, and what was written before is kept.
 * Threads: a buffer is one thread's at a time; buffers are independent. */
MU_API mu_status mu_buf_write(void *buf, const char *text, size_t len,
                              mu_error *err);
/* Append a C string, or text formatted printf-style, to b: the same
 * collecting buffer, for a caller's own text around a renderer's.
 * Errors: when memory runs out b->oom is set (sticky, as for mu_buf_write)
 * and nothing more is appended; check it once at the end.
 * Owns: nothing of s or the arguments; b.p stays the caller's.
 * Threads: as mu_buf_write. */
MU_API void mu_buf_puts(mu_buf *b, const char *s);
MU_API void mu_buf_printf(mu_buf *b, const char *fmt, ...) MU_FORMAT_PRINTF(2, 3);
/* As mu_buf_printf, with the arguments of a caller's own variadic
 * function; ap is used up as vprintf uses it. */
MU_API void mu_buf_vprintf(mu_buf *b, const char *fmt, va_list ap);
/* Frees the text and empties the buffer (it can be used again). */
MU_API void mu_buf_free(mu_buf *b);

/* The library's one JSON writer, for a front end's own small answers (a
 * server's refusals): values appended to a mu_buf, compact, byte for byte
 * as cJSON_PrintUnformatted writes them. Each value takes a key inside an
 * object and NULL inside an array or at the top level; a failed
 * allocation sets the buffer's oom (the text is then incomplete).
 * Threads: a writer is one thread's at a time; writers are independent. */
#define MU_JSON_DEPTH 32
typedef struct mu_json {
    mu_buf *sb;
    bool pretty;                /* cJSON_Print's layout (the library's) */
    int depth;                  /* open containers */
    unsigned n[MU_JSON_DEPTH];  /* values written in each */
    bool obj[MU_JSON_DEPTH];    /* an object (keys) or an array */
} mu_json;
/* Starts a compact writer appending to b. */
MU_API void mu_json_init(mu_json *w, mu_buf *b);
/* Opens an object; mu_json_end closes the one last opened. */
MU_API void mu_json_obj(mu_json *w, const char *key);
MU_API void mu_json_end(mu_json *w);
/* A string (escaped as cJSON escapes it), a whole number, true or false,
 * null. */
MU_API void mu_json_str(mu_json *w, const char *key, const char *v);
MU_API void mu_json_int(mu_json *w, const char *key, int64_t v);
MU_API void mu_json_bool(mu_json *w, const char *key, bool v);
MU_API void mu_json_null(mu_json *w, const char *key);

/* ------------------------------------------------------------------------ */
/* Exact rationals                                                          */
/* ------------------------------------------------------------------------ */

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

/* a + b, a - b, a * b, a / b, exactly. Operands need not be reduced.
 * Errors: MU_EINPUT on division by zero or when the result does not fit
 * (see above). */
MU_API mu_status mu_rat_add(mu_rat a, mu_rat b, mu_rat *out, mu_error *err);
MU_API mu_status mu_rat_sub(mu_rat a, mu_rat b, mu_rat *out, mu_error *err);
MU_API mu_status mu_rat_mul(mu_rat a, mu_rat b, mu_rat *out, mu_error *err);
MU_API mu_status mu_rat_div(mu_rat a, mu_rat b, mu_rat *out, mu_error *err);
/* -1, 0 or 1 as a <, = or > b; exact for every pair (no overflow). */
MU_API int mu_rat_cmp(mu_rat a, mu_rat b);
/* The largest whole number <= a (floor(-1/2) is -1). */
MU_API int64_t mu_rat_floor(mu_rat a);

/* Parses a number as people write a measurement: "7", "22.5", ".5", "22/3",
 * "7 1/3" (a whole number, blanks, a proper fraction), with an optional
 * sign and blanks around. Decimals are read exactly (never through a
 * double). At most 9 decimals, denominators up to 10^9, magnitudes below
 * 10^12; a value whose exact num/den would not fit is refused, never cut.
 * Every mu_rat_fraction output of a parsed value reads back equal.
 * Errors: MU_EINPUT saying what is wrong. */
MU_API mu_status mu_rat_parse(const char *s, mu_rat *out, mu_error *err);

/* Prints a for people: a whole number as an integer ("8"), otherwise at
 * most 4 decimals with trailing zeros dropped ("22.5", "15.3333"). Decimals
 * are cut toward zero, never rounded up, so a chance of 99.99996 % prints
 * as 99.9999: for a value >= 0 the whole part printed is the floor that
 * thresholds use.
 * Writes at most n bytes (n >= MU_RAT_BUF never truncates); returns buf. */
MU_API char *mu_rat_format(mu_rat a, char *buf, size_t n);
/* Prints a exactly: "46/3", "-1/5", or "8" when whole. Returns buf. */
MU_API char *mu_rat_fraction(mu_rat a, char *buf, size_t n);

#ifdef __cplusplus
}
#endif
#endif /* MUSTER_CORE_H */
