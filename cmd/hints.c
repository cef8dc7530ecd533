/* SPDX-License-Identifier: MIT */
/* hints.c -- what the tool adds to a library error, by its reason.
 *
 * The library says what is wrong in its own terms and tags the error with a
 * mu_reason (muster.h); only the tool knows its commands and options, so the
 * advice that names them lives here. A reason without an entry gets no hint. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const hints[MU_R_COUNT] = {
    [MU_R_TOO_MANY_THREADS] = N_("try fewer --threads"),
    [MU_R_BATTLE_NOT_STARTED] =
        N_("start one with 'muster campaign battle start FILE NAME'"),
    [MU_R_BATTLE_UNDER_WAY] =
        N_("end it first with 'muster campaign battle end FILE --winner SIDE'"),
    [MU_R_NO_CASUALTIES] = N_("give --lost or --captured"),
    [MU_R_NO_PENALTY] =
        N_("'muster campaign penalty FILE --side SIDE' records one"),
    [MU_R_NO_CAMPAIGN] = N_("create it with 'muster campaign new'"),
    [MU_R_NO_SUCH_DIVISION] = N_("'muster campaign show' lists them"),
    [MU_R_BUSY] = N_("try again"),
    [MU_R_NOT_AN_OOB] =
        N_("make one with 'muster division|corps|battle --format json'"),
    [MU_R_ONE_QUESTION] = N_("give --method additive or --method per-figure"),
    [MU_R_NO_WINNER] = N_("add --winner union, confederate or none"),
    [MU_R_FILE_EXISTS] = N_("give --force to replace it, or another name"),
    [MU_R_UMPIRE_ONLY] = N_("'muster campaign export FILE --side SIDE --out "
                            "NEW.db' makes a side's own file"),
};

const char *cli_hint(mu_reason r)
{
    return r > MU_R_NONE && r < MU_R_COUNT && hints[r] ? _(hints[r]) : NULL;
}

/* ---- the library's sentences in the reader's language ---------------------
 * The library writes its messages in English (its terms, its values). Every
 * format it writes them with is a msgid of the catalogue, and the build
 * lists them in lib_formats.h (cmake/libformats.awk): a message that
 * matches one is rewritten with the translation, each conversion's text
 * carried over (a %s in turn looked up, so "roll 2 of the list: roll '500'
 * is out of range..." is German in both its parts). Where several formats
 * match, the one with the most literal text wins ("give the division a
 * name" over "give the %s a name"). A message that matches none, or a
 * language that has no translation, is left as the library wrote it:
 * English is byte for byte what it was. */
typedef struct lib_format {
    const char *one, *many; /* many: the plural's format, or NULL */
} lib_format;
#include "lib_formats.h"

/* Sentences the library composes from a word ("give the %s a name"), whole,
 * so that a language can say each its own way; and the words and phrases
 * it puts in a sentence's %s (sides, kinds, states). A plural's form is
 * known from the English one that matched (a language with more forms than
 * two would need the count itself). */
static const lib_format lib_composed[] = {
    {N_("give the division a name"), NULL},
    {N_("give the brigade a name"), NULL},
    {N_("give the battle a name"), NULL},
    {N_("give the corps a name"), NULL},
    {N_("give the camp a name"), NULL},
    {N_("Union"), NULL},
    {N_("Confederate"), NULL},
    {N_("Confederates"), NULL},
    {N_("Union's"), NULL},
    {N_("Confederates'"), NULL},
    {N_("the Union"), NULL},
    {N_("the Confederates"), NULL},
    {N_("division"), NULL},
    {N_("brigade"), NULL},
    {N_("battle"), NULL},
    {N_("corps"), NULL},
    {N_("camp"), NULL},
    {N_("the division"), NULL},
    {N_("the brigade"), NULL},
    {N_("the sheet"), NULL},
    {N_("captured"), NULL},
    {N_("destroyed"), NULL},
    {N_("captured and destroyed"), NULL},
    {N_("missing"), NULL},
    {N_("the chain"), NULL},
    {N_("the log shown"), NULL},
    {N_("ambiguous"), NULL},
    {N_("unknown"), NULL},
    {N_("by the book"), NULL},
    {N_("if the roll was despicable"), NULL},
    {N_("overlaps"), NULL},
    {N_("leaves a gap after"), NULL},
    {N_("such statistic"), NULL},
    {N_("it is a folder, not a campaign file"), NULL},
    {N_("not a regular file, so not a campaign file"), NULL},
    {N_("no replay is known for its kind"), NULL},
    {N_("the log does not begin with a new campaign"), NULL},
    /* an offer's answers and kinds (prisoners.c) */
    {N_("accepted"), NULL},
    {N_("declined"), NULL},
    {N_("withdrawn"), NULL},
    {N_("an exchange"), NULL},
    {N_("a liberation"), NULL},
    /* check's report */
    {N_("FAILED"), NULL},
    {N_("every hash follows"), NULL},
    {N_("every object is muster's"), NULL},
    {N_("every table agrees"), NULL},
    {N_("stands add up, log and ledger agree"), NULL},
    {N_("(none)"), NULL},
    {N_("SQLite integrity"), NULL},
    {N_("foreign keys"), NULL},
    {N_("(no detail)"), NULL},
};

#define LIB_CAPS 8
typedef struct lib_cap {
    const char *at[LIB_CAPS];
    size_t len[LIB_CAPS];
    bool text[LIB_CAPS]; /* a %s, looked up in turn */
} lib_cap;

/* The end of the conversion at f (after '%'): flags, width, precision and
 * length, then its letter (returned in *c). */
static const char *conversion(const char *f, char *c)
{
    f += strspn(f, "-+ #0123456789.*");
    f += strspn(f, "hlqjzt");
    *c = *f;
    return *f ? f + 1 : f;
}

/* Whether message m matches format f from here, capture k on: numbers are
 * digits, a %s the shortest text that lets the rest match. */
static bool lib_match(const char *f, const char *m, lib_cap *cap, int k)
{
    while (*f && *f != '%') {
        if (*f++ != *m++)
            return false;
    }
    if (!*f)
        return !*m;
    if (f[1] == '%')
        return *m == '%' && lib_match(f + 2, m + 1, cap, k);
    char c;
    const char *rest = conversion(f + 1, &c);
    if (k == LIB_CAPS || !c)
        return false;
    cap->at[k] = m;
    cap->text[k] = c == 's';
    if (c == 's') {
        for (size_t n = 0;; n++) {
            cap->len[k] = n;
            if (lib_match(rest, m + n, cap, k + 1))
                return true;
            if (!m[n])
                return false;
        }
    }
    size_t n = (*m == '-' && (c == 'd' || c == 'i'));
    size_t digits = strspn(m + n, "0123456789");
    if (!digits)
        return false;
    cap->len[k] = n + digits;
    return lib_match(rest, m + n + digits, cap, k + 1);
}

static void lib_words_at(const char *msg, size_t len, mu_buf *b, int depth);

/* The translation tr of a matched format, its conversions replaced by the
 * texts captured. */
static void lib_fill(const char *tr, const lib_cap *cap, mu_buf *b, int depth)
{
    int k = 0;
    for (const char *p = tr; *p;) {
        size_t n = strcspn(p, "%");
        mu_buf_printf(b, "%.*s", (int)n, p);
        p += n;
        if (!*p)
            break;
        if (p[1] == '%') {
            mu_buf_puts(b, "%");
            p += 2;
            continue;
        }
        char c;
        p = conversion(p + 1, &c);
        if (k < LIB_CAPS && cap->at[k]) {
            if (cap->text[k])
                lib_words_at(cap->at[k], cap->len[k], b, depth + 1);
            else
                mu_buf_printf(b, "%.*s", (int)cap->len[k], cap->at[k]);
        }
        k++;
    }
}

/* The literal text of format f, in bytes: how much of a message it pins. */
static size_t lib_literal(const char *f)
{
    size_t n = 0;
    for (char c; *f;) {
        if (*f == '%' && f[1] != '%') {
            f = conversion(f + 1, &c);
            continue;
        }
        f += *f == '%' ? 2 : 1;
        n++;
    }
    return n;
}

/* The best of list[0..count) for msg, better than *score, into *best. */
static void lib_best(const lib_format *list, size_t count, const char *msg,
                     const lib_format **best, const char **form,
                     lib_cap *cap, size_t *score)
{
    for (size_t i = 0; i < count; i++) {
        for (int k = 0; k < 2; k++) {
            const char *f = k ? list[i].many : list[i].one;
            lib_cap c = {0};
            size_t n = f ? lib_literal(f) : 0;
            if (f && n > *score && lib_match(f, msg, &c, 0))
                *best = &list[i], *form = f, *cap = c, *score = n;
        }
    }
}

static void lib_words_at(const char *msg, size_t len, mu_buf *b, int depth)
{
    char one[512];
    snprintf(one, sizeof one, "%.*s", (int)len, msg);
    const lib_format *best = NULL;
    const char *form = NULL;
    lib_cap cap = {0};
    size_t score = 0;
    if (depth <= 2 && *one) {
        lib_best(lib_composed, sizeof lib_composed / sizeof *lib_composed, one,
                 &best, &form, &cap, &score);
        lib_best(lib_formats, sizeof lib_formats / sizeof *lib_formats, one,
                 &best, &form, &cap, &score);
    }
    const char *tr = !best       ? one
                     : best->many ? PL_(best->one, best->many, form == best->one ? 1 : 2)
                                  : _(best->one);
    if (!best || tr == best->one || tr == best->many)
        mu_buf_puts(b, one);
    else
        lib_fill(tr, &cap, b, depth);
}

char *cli_lib_lines(char *text)
{
    if (!text)
        return text;
    mu_buf b = {0};
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        n += p[n] == '\n';
        if (n < 500) /* a line lib_words_at can hold */
            lib_words_at(p, n, &b, 0);
        else
            mu_buf_printf(&b, "%.*s", (int)n, p);
        p += n;
    }
    if (!b.p || b.oom) {
        free(b.p);
        return text;
    }
    free(text);
    return b.p;
}

void cli_lib_words(const char *msg, char *out, size_t n)
{
    mu_buf b = {0};
    lib_words_at(msg, strlen(msg), &b, 0);
    snprintf(out, n, "%s", b.p && !b.oom ? b.p : msg);
    free(b.p);
}
