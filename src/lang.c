/* SPDX-License-Identifier: MIT */
/* lang.c -- the words of a division's text, looked up once a render. The
 * msgids are the English output's own bytes; po/glossary.md says what each
 * game term is in German and why. */
#include "lang.h"
#include "muster.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static const char *const words[LW_COUNT] = {
    [LW_DIVISION_N] = N_("Division "),
    [LW_UNION] = N_("Union "),
    [LW_CONFEDERATE] = N_("Confederate "),
    [LW_INFANTRY] = N_("infantry"),
    [LW_CAVALRY] = N_("cavalry"),
    [LW_DIV_EAST] = N_(" division, Eastern theater "),
    [LW_DIV_WEST] = N_(" division, Western theater "),
    [LW_THEATER_ROLLED] = N_("Theater and year rolled: "),
    [LW_LEADER] = N_("Division leader: "),
    [LW_ROLLED_OPEN] = N_(" (rolled "),
    [LW_BY_BOOK] = N_(": despicable, played by the book"),
    [LW_MARK_DP] = N_(": mark the label DP"),
    [LW_BRIGADES] = N_("Brigades: "),
    [LW_HEAD_BRIGADE] = N_("brigade"),
    [LW_HEAD_LABEL] = N_("label"),
    [LW_HEAD_BRIGADIER] = N_("brigadier"),
    [LW_HEAD_ROLLS] = N_("rolls: stands morale brigadier"),
    [LW_DESPICABLE] = N_("despicable"),
    [LW_AVERAGE] = N_("average"),
    [LW_EXCEPTIONAL] = N_("exceptional"),
    [LW_GREEN] = N_("green"),
    [LW_VETERAN] = N_("veteran"),
    [LW_CRACK] = N_("crack"),
    [LW_RATING_BOOK] = N_(" (despicable, by the book)"),
    [LW_RATING_DP] = N_("despicable (DP)"),
    [LW_STAND_ONE] = N_(" stand, "),
    [LW_STANDS_MANY] = N_(" stands, "),
    [LW_TOTAL] = N_("Total: "),
    [LW_STANDS_NL] = N_(" stands\n"),
    [LW_ART_PER] = N_("Artillery: 1 battery per "),
    [LW_STANDS_ROLLED] = N_(" stands (rolled "),
    [LW_STANDS_DIV] = N_(" stands ÷ "),
    [LW_BATTERY] = N_(" battery"),
    [LW_BATTERIES] = N_(" batteries"),
    [LW_THIRD] = N_("; a third is "),
    [LW_DIV3] = N_(" ÷ 3 = "),
    [LW_WITH_DIV] = N_(" with the division, "),
    [LW_TO_THE] = N_(" to the "),
    [LW_ARMY_RESERVE] = N_("Army Artillery Reserve"),
    [LW_CORPS_RESERVE] = N_("corps reserve"),
    [LW_RESERVE] = N_("reserve"),
    [LW_ROLLED] = N_("rolled "),
    [LW_SEED] = N_("seed "),
    [LW_BY_HAND] = N_("rolls given by hand (no seed)\n"),
    /* TRANSLATORS: the decimal point of "22 stands / 9 = 2.44" */
    [LW_POINT] = N_("."),
};

const char *lang_pgettext(const char *id, const char *s)
{
    const char *t = dgettext(LANG_DOMAIN, id);
    return t == id ? s : t;
}

void lang_init(lang_text *t)
{
    for (int i = 0; i < LW_COUNT; i++)
        t->w[i] = dgettext(LANG_DOMAIN, words[i]);
}

const char *lang_theater(int theater)
{
    return theater == MU_EAST ? _("Eastern theater") : _("Western theater");
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

void lang_percent(char *s, size_t n)
{
    size_t len = strlen(s);
    lang_decimal(s, len);
    const char *sign = P_("percent", "%");
    if (len < 2 || s[len - 1] != '%' || !is_digit(s[len - 2]) ||
        !strcmp(sign, "%") || len - 1 + strlen(sign) >= n)
        return;
    snprintf(s + len - 1, n - (len - 1), "%s", sign);
}

void lang_decimal(char *s, size_t n)
{
    const char *mark = dgettext(LANG_DOMAIN, words[LW_POINT]);
    if (!mark[0] || mark[1] || mark[0] == '.')
        return;
    for (size_t i = 1; i + 1 < n; i++)
        if (s[i] == '.' && is_digit(s[i - 1]) && is_digit(s[i + 1]))
            s[i] = mark[0];
}
