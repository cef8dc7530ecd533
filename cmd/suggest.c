/* SPDX-License-Identifier: MIT */
/* suggest.c -- "did you mean ...": the word of the table a misspelt
 * command, subcommand or option most likely stands for. */
#include "cli.h"

#include <ctype.h>
#include <string.h>

#define TYPO_MAX 32 /* longer words are not compared */

/* The edit distance of a (an) and b (bn), in any case: insertions,
 * deletions, substitutions and swaps of two neighbours (Damerau's
 * restricted form), each 1. */
static size_t distance(const char *a, size_t an, const char *b, size_t bn)
{
    size_t d[TYPO_MAX + 1][TYPO_MAX + 1];
    for (size_t i = 0; i <= an; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= bn; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= an; i++)
        for (size_t j = 1; j <= bn; j++) {
            int ca = tolower((unsigned char)a[i - 1]);
            int cb = tolower((unsigned char)b[j - 1]);
            size_t best = d[i - 1][j - 1] + (ca != cb);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == cb &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[an][bn];
}

int cli_suggest(const char *typed, const char *const *cand,
                const size_t *lens, int n)
{
    size_t tn = strlen(typed);
    if (tn == 0 || tn > TYPO_MAX)
        return -1;
    /* one slip in a word of up to six letters, two in a longer one; of
     * two as close, the one as long as the word typed (a letter slipped
     * rather than one added or dropped: --armu is --army, not --arm) */
    size_t limit = tn <= 6 ? 1 : 2, best = 2 * (limit + 1);
    int hit = -1;
    for (int i = 0; i < n; i++) {
        size_t cn = lens ? lens[i] : strlen(cand[i]);
        if (cn > TYPO_MAX || cn + limit < tn || tn + limit < cn)
            continue;
        size_t d = 2 * distance(typed, tn, cand[i], cn) + (cn != tn);
        if (d < best) {
            best = d;
            hit = i;
        } else if (d == best) {
            hit = -2; /* two as close: no guess */
        }
    }
    return best / 2 <= limit && hit >= 0 ? hit : -1;
}
