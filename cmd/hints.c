/* SPDX-License-Identifier: MIT */
/* hints.c -- what the tool adds to a library error, by its reason.
 *
 * The library says what is wrong in its own terms and tags the error with a
 * mu_reason (muster.h); only the tool knows its commands and options, so the
 * advice that names them lives here. A reason without an entry gets no hint. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char *const hints[MU_R_COUNT] = {
    [MU_R_TOO_MANY_THREADS] = N_("try fewer --threads"),
    [MU_R_BATTLE_NOT_STARTED] =
        N_("start one with 'muster campaign battle FILE start NAME'"),
    [MU_R_BATTLE_UNDER_WAY] =
        N_("end it first with 'muster campaign battle FILE end --winner SIDE'"),
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
};

const char *cli_hint(mu_reason r)
{
    return r > MU_R_NONE && r < MU_R_COUNT && hints[r] ? _(hints[r]) : NULL;
}

/* ---- the library's sentences in the reader's language ---------------------
 * The library writes its messages in English (its terms, its values). The
 * sentences a user meets most are given here as the library formats them,
 * so that the catalogue can give their words: a message that matches one
 * is rewritten with the translation, each conversion's text carried over
 * (a %s in turn looked up, so "roll 2 of the list: roll '500' is out of
 * range..." is German in both its parts). A message that matches none, or
 * a language that has no translation, is left as the library wrote it:
 * English is byte for byte what it was. tests/sh/german.sh checks that each
 * format here is still one the library writes. */
static const char *const lib_sentences[] = {
    N_("no such campaign"),
    N_("cannot open: %s"),
    N_("not enough rolls: %s needed roll %zu but only %zu were given"),
    N_("roll %zu of the list: %s"),
    N_("roll '%s' is out of range: a d100 roll is 1..100 (00 = 100)"),
    N_("'%s' is not a d100 roll: type a number 1..100 (00 = 100)"),
    N_("no division %d in this campaign"),
    N_("no corps %d in this campaign"),
    N_("no battle is under way"),
    N_("say who won battle %d \"%s\": the Union, the Confederates or neither "
       "(a draw); nothing was changed"),
    N_("no casualties given: the stands lost and captured are both 0"),
    N_("not valid JSON here: expected muster's JSON of a division, corps or "
       "battle"),
    N_("[%s]: unknown outcome '%s': expected %s"),
    N_("[%s]: outcome '%s' is given twice"),
    N_("[%s]: no outcome for %s%s%s: every table must cover 01-00"),
    N_("[%s] %s: '%.*s' is not a d100 range such as 11-90 or 91-00"),
    N_("unknown table [%s]: tables are theater, leader, brigades, stands, "
       "morale and artillery"),
    N_("'%s' comes before any [table] section"),
    N_("expected [section], key = value, or a ; comment"),
    N_("a curve does not cross itself: name two weapons"),
};
/* Sentences the library composes from a word ("give the %s a name"). */
static const char *const lib_composed[] = {
    N_("give the division a name"), N_("give the brigade a name"),
    N_("give the battle a name"),   N_("give the corps a name"),
    N_("give the camp a name"),
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

static void lib_words_at(const char *msg, size_t len, cli_buf *b, int depth);

/* The translation tr of a matched format, its conversions replaced by the
 * texts captured. */
static void lib_fill(const char *tr, const lib_cap *cap, cli_buf *b, int depth)
{
    int k = 0;
    for (const char *p = tr; *p;) {
        size_t n = strcspn(p, "%");
        cli_buf_printf(b, "%.*s", (int)n, p);
        p += n;
        if (!*p)
            break;
        if (p[1] == '%') {
            cli_buf_puts(b, "%");
            p += 2;
            continue;
        }
        char c;
        p = conversion(p + 1, &c);
        if (k < LIB_CAPS && cap->at[k]) {
            if (cap->text[k])
                lib_words_at(cap->at[k], cap->len[k], b, depth + 1);
            else
                cli_buf_printf(b, "%.*s", (int)cap->len[k], cap->at[k]);
        }
        k++;
    }
}

static bool lib_try(const char *const *list, size_t count, const char *msg,
                    cli_buf *b, int depth)
{
    for (size_t i = 0; i < count; i++) {
        const char *tr = _(list[i]);
        lib_cap cap = {0};
        if (tr != list[i] && lib_match(list[i], msg, &cap, 0)) {
            lib_fill(tr, &cap, b, depth);
            return true;
        }
    }
    return false;
}

static void lib_words_at(const char *msg, size_t len, cli_buf *b, int depth)
{
    char one[512];
    snprintf(one, sizeof one, "%.*s", (int)len, msg);
    if (depth > 2 || !*one ||
        (!lib_try(lib_sentences, sizeof lib_sentences / sizeof *lib_sentences,
                  one, b, depth) &&
         !lib_try(lib_composed, sizeof lib_composed / sizeof *lib_composed,
                  one, b, depth)))
        cli_buf_puts(b, one);
}

void cli_lib_words(const char *msg, char *out, size_t n)
{
    cli_buf b = {0};
    lib_words_at(msg, strlen(msg), &b, 0);
    snprintf(out, n, "%s", b.s && !b.oom ? b.s : msg);
    free(b.s);
}
