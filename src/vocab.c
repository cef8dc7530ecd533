/* vocab.c -- the words muster reads and writes: armies, theaters, ratings. */
#include "error.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *const army_names[] = {"union", "confederate"};
static const char *const theater_names[] = {"east", "west"};
static const char *const arm_names[] = {"infantry", "cavalry"};
static const char *const rating_names[] = {"despicable", "average",
                                           "exceptional"};
static const char *const morale_names[] = {"green", "veteran", "crack"};
static const char *const format_names[] = {"text", "json", "jsonl", "csv",
                                           "markdown"};

const char *mu_army_name(mu_army a) { return army_names[a & 1]; }
const char *mu_theater_name(mu_theater t) { return theater_names[t & 1]; }
const char *mu_arm_name(mu_arm a) { return arm_names[a & 1]; }
const char *mu_rating_name(mu_rating r)
{
    return (unsigned)r < 3 ? rating_names[r] : "?";
}
const char *mu_morale_name(mu_morale m)
{
    return (unsigned)m < 3 ? morale_names[m] : "?";
}

/* Index of s in names[0..n), or -1. */
static int word_index(const char *s, const char *const *names, int n)
{
    for (int i = 0; s && i < n; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

static mu_status word_parse(const char *s, const char *what,
                            const char *const *names, int n, int *out,
                            mu_error *err)
{
    int i = word_index(s, names, n);
    if (i < 0) {
        char choices[128] = "";
        size_t used = 0;
        for (int k = 0; k < n; k++) {
            size_t len = strlen(names[k]);
            if (used + len + 2 >= sizeof choices)
                break;
            if (k) {
                memcpy(choices + used, "|", 1);
                used++;
            }
            memcpy(choices + used, names[k], len + 1);
            used += len;
        }
        return err_set(err, MU_EINPUT, "unknown %s '%s': choose %s", what,
                       s ? s : "", choices);
    }
    *out = i;
    return MU_OK;
}

mu_status mu_army_parse(const char *s, mu_army *out, mu_error *err)
{
    int i = 0;
    mu_status st = word_parse(s, "army", army_names, 2, &i, err);
    if (st == MU_OK)
        *out = (mu_army)i;
    return st;
}

mu_status mu_theater_parse(const char *s, mu_theater *out, mu_error *err)
{
    int i = 0;
    mu_status st = word_parse(s, "theater", theater_names, 2, &i, err);
    if (st == MU_OK)
        *out = (mu_theater)i;
    return st;
}

mu_status mu_arm_parse(const char *s, mu_arm *out, mu_error *err)
{
    int i = 0;
    mu_status st = word_parse(s, "arm", arm_names, 2, &i, err);
    if (st == MU_OK)
        *out = (mu_arm)i;
    return st;
}

mu_status mu_format_parse(const char *s, mu_format *out, mu_error *err)
{
    int i = 0;
    mu_status st = word_parse(s, "format", format_names, 5, &i, err);
    if (st == MU_OK)
        *out = (mu_format)i;
    return st;
}

mu_status mu_year_parse(const char *s, int *out, mu_error *err)
{
    char *end;
    errno = 0;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || end == s || *end != '\0' || errno || v < MU_YEAR_FIRST ||
        v > MU_YEAR_LAST)
        return err_set(err, MU_EINPUT,
                       "year '%s' is not one of 1861..1865", s ? s : "");
    *out = (int)v;
    return MU_OK;
}
