/* SPDX-License-Identifier: MIT */
/* lang.h -- the words of muster's text output in the reader's language.
 * The library writes JSON, CSV and the rules' vocabulary in English, always
 * (they are data); its text for people goes through GNU gettext in the
 * "muster" domain. A renderer looks its words up once (lang_init) and then
 * appends them as it appended literals, so text costs no more to write in
 * any language. Without a catalogue, or in the C locale, every word is the
 * English msgid itself: the output is byte for byte the English one. */
#ifndef MU_LANG_H
#define MU_LANG_H

#include <libintl.h>
#include <stddef.h>

#define LANG_DOMAIN "muster"
/* A message looked up now, and one only marked for xgettext (looked up
 * later from a table). */
#define _(s) dgettext(LANG_DOMAIN, s)
#define N_(s) s
/* A message in a context (xgettext -kP_:1c,2), for an English word that
 * another language says two ways: P_("side", "Confederate") is the side's
 * name standing alone ("Konföderierte"), where "Confederate" alone is the
 * log's "of the Confederates". */
#define P_(ctx, s) lang_pgettext(ctx "\004" s, s)
const char *lang_pgettext(const char *id, const char *s);
/* The label's mark for a despicable leader: DP in every language, as the
 * rules have it. */
#define LANG_DP "DP"

/* The pieces of a division's text (render_division.c), each the English
 * literal it stands for: blanks around a piece are part of it, so that a
 * language may join what English separates ("Infanterie" "division"). */
typedef enum lang_word {
    LW_DIVISION_N,
    LW_UNION,
    LW_CONFEDERATE,
    LW_INFANTRY,
    LW_CAVALRY,
    LW_DIV_EAST,
    LW_DIV_WEST,
    LW_THEATER_ROLLED,
    LW_LEADER,
    LW_ROLLED_OPEN,
    LW_BY_BOOK,
    LW_MARK_DP,
    LW_BRIGADES,
    LW_HEAD_BRIGADE,
    LW_HEAD_LABEL,
    LW_HEAD_BRIGADIER,
    LW_HEAD_ROLLS,
    LW_DESPICABLE,
    LW_AVERAGE,
    LW_EXCEPTIONAL,
    LW_GREEN,
    LW_VETERAN,
    LW_CRACK,
    LW_RATING_BOOK,
    LW_RATING_DP,
    LW_STAND_ONE,
    LW_STANDS_MANY,
    LW_TOTAL,
    LW_STANDS_NL,
    LW_ART_PER,
    LW_STANDS_ROLLED,
    LW_STANDS_DIV,
    LW_BATTERY,
    LW_BATTERIES,
    LW_THIRD,
    LW_DIV3,
    LW_WITH_DIV,
    LW_TO_THE,
    LW_ARMY_RESERVE,
    LW_CORPS_RESERVE,
    LW_RESERVE,
    LW_ROLLED,
    LW_SEED,
    LW_BY_HAND,
    LW_POINT,
    LW_COUNT
} lang_word;

typedef struct lang_text {
    const char *w[LW_COUNT];
} lang_text;

/* Fills *t from the catalogue of the current LC_MESSAGES. */
void lang_init(lang_text *t);

/* "Eastern theater" or "Western theater" in the reader's language, for the
 * titles that name where a division or corps fought. */
const char *lang_theater(int theater);

/* Rewrites the decimal points of the numbers in s[0..n) (a '.' between two
 * digits) as the catalogue's decimal mark ("2.5" -> "2,5" in German), when
 * that mark is one byte other than '.'; in English it changes nothing. The
 * text renderers of fire, odds and curves call it on what they wrote: every
 * '.' between digits there is a number's, and the widths of aligned columns
 * stay as they were. */
void lang_decimal(char *s, size_t n);

/* Rewrites a percentage's sign at the end of the string s (of room n), "50%"
 * (mu_share_text), and its decimal point as the catalogue sets them: "50 %",
 * "12,5 %" in German; in English it changes nothing. */
void lang_percent(char *s, size_t n);

#endif
