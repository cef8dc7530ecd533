/* SPDX-License-Identifier: MIT */
/* util.h -- small shared helpers: a growing string, strict number parsing,
 * reading a whole file. */
#ifndef MU_UTIL_H
#define MU_UTIL_H

#include "error.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* A growing, always-terminated string: the public mu_buf (muster/core.h),
 * by its short name, with its public appends (mu_buf_puts, mu_buf_printf).
 * Allocation failure is sticky: check sb.oom once at the end (sb_finish
 * does). */
typedef mu_buf sbuf;

/* Makes room for `more` bytes and a terminator (doubling); false when out
 * of memory. Every growing buffer grows here; src/writer.h has the fast
 * appends built on it. */
bool sb_grow(sbuf *sb, size_t more);

static inline void sb_put(sbuf *sb, const char *s, size_t n)
{
    if (sb->len + n + 1 > sb->cap && !sb_grow(sb, n))
        return;
    memcpy(sb->p + sb->len, s, n);
    sb->len += n;
    sb->p[sb->len] = '\0';
}

/* Hands the text to *out (caller frees) or reports out of memory. */
mu_status sb_finish(sbuf *sb, char **out, mu_error *err);

/* Whole decimal number in [lo, hi], nothing else around it (blanks at the
 * ends allowed). False on anything else. */
bool util_parse_long(const char *s, long lo, long hi, long *out);


/* Names a user types (armies, theaters, formats, weapons, methods): which
 * of the n names name(ctx, 0..n-1) s means. Case does not matter; an exact
 * match wins, otherwise s may be the start of exactly one name ("conf").
 * Returns the index, -1 when no name fits (or s is empty), -2 when s begins
 * several names. (src/vocab.c) */
int vocab_match(const char *s, const char *(*name)(const void *, int),
                const void *ctx, int n);
/* vocab_match over a list of names. */
int vocab_word(const char *s, const char *const *names, int n);
/* Appends the names that begin with s (every name when s is NULL), joined
 * by sep, the last two by last: "json and jsonl". */
void vocab_list(sbuf *sb, const char *s, const char *(*name)(const void *, int),
                const void *ctx, int n, const char *sep, const char *last);

/* The words mu_army_name, mu_theater_name, mu_arm_name, mu_rating_name and
 * mu_morale_name give, as lists for the readers that look a word up
 * (vocab.c). */
extern const char *const vocab_army[2], *const vocab_theater[2];
extern const char *const vocab_arm[2];
extern const char *const vocab_rating[3], *const vocab_morale[3];

/* The faces lo..hi as percentile dice show them: "01".."99", "00" for
 * 100; a band "01-10", one face "07". */
void util_faces_text(int lo, int hi, char buf[6]);

#endif
