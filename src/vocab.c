/* SPDX-License-Identifier: MIT */
/* vocab.c -- the words muster reads and writes: armies, theaters, ratings. */
#include "error.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const vocab_army[2] = {"union", "confederate"};
const char *const vocab_theater[2] = {"east", "west"};
const char *const vocab_arm[2] = {"infantry", "cavalry"};
const char *const vocab_rating[3] = {"despicable", "average", "exceptional"};
const char *const vocab_morale[3] = {"green", "veteran", "crack"};

const char *mu_army_name(mu_army a) { return vocab_army[a & 1]; }
const char *mu_theater_name(mu_theater t) { return vocab_theater[t & 1]; }
const char *mu_arm_name(mu_arm a) { return vocab_arm[a & 1]; }
const char *mu_rating_name(mu_rating r)
{
    return (unsigned)r < 3 ? vocab_rating[r] : "?";
}
const char *mu_morale_name(mu_morale m)
{
    return (unsigned)m < 3 ? vocab_morale[m] : "?";
}

/* Does s equal name, or begin it (prefix), ignoring ASCII case? */
static bool same_word(const char *s, const char *name, bool prefix)
{
    size_t n = strlen(s);
    if (prefix ? n > strlen(name) : n != strlen(name))
        return false;
    return strncasecmp(s, name, n) == 0;
}

int vocab_match(const char *s, const char *(*name)(const void *, int),
                const void *ctx, int n)
{
    if (!s || !*s)
        return -1;
    for (int i = 0; i < n; i++)
        if (same_word(s, name(ctx, i), false))
            return i;
    int found = -1;
    for (int i = 0; i < n; i++)
        if (same_word(s, name(ctx, i), true)) {
            if (found >= 0)
                return -2;
            found = i;
        }
    return found;
}

void vocab_list(sbuf *sb, const char *s, const char *(*name)(const void *, int),
                const void *ctx, int n, const char *sep, const char *last)
{
    int k = 0, total = 0;
    for (int i = 0; i < n; i++)
        total += !s || same_word(s, name(ctx, i), true);
    for (int i = 0; i < n; i++) {
        if (s && !same_word(s, name(ctx, i), true))
            continue;
        if (k)
            mu_buf_puts(sb, k == total - 1 ? last : sep);
        mu_buf_puts(sb, name(ctx, i));
        k++;
    }
}

static const char *array_name(const void *ctx, int i)
{
    return ((const char *const *)ctx)[i];
}

int vocab_word(const char *s, const char *const *names, int n)
{
    return vocab_match(s, array_name, names, n);
}

static mu_status word_parse(const char *s, const char *what,
                            const char *const *names, int n, int *out,
                            mu_error *err)
{
    int i = vocab_word(s, names, n);
    if (i >= 0) {
        *out = i;
        return MU_OK;
    }
    sbuf sb = {0};
    if (i == -2) {
        mu_buf_printf(&sb, "ambiguous %s '%.40s' (", what, s);
        vocab_list(&sb, s, array_name, names, n, ", ", " or ");
        mu_buf_puts(&sb, "?): choose ");
    } else {
        mu_buf_printf(&sb, "unknown %s '%.40s': choose ", what, s ? s : "");
    }
    vocab_list(&sb, NULL, array_name, names, n, "|", "|");
    mu_status st = err_set(err, MU_EINPUT, "%s", sb.oom ? "bad name" : sb.p);
    mu_buf_free(&sb);
    return st;
}

mu_status mu_army_parse(const char *s, mu_army *out, mu_error *err)
{
    int i = 0;
    mu_status st = word_parse(s, "army", vocab_army, 2, &i, err);
    if (st == MU_OK)
        *out = (mu_army)i;
    return st;
}

mu_status mu_theater_parse(const char *s, mu_theater *out, mu_error *err)
{
    int i = 0;
    mu_status st = word_parse(s, "theater", vocab_theater, 2, &i, err);
    if (st == MU_OK)
        *out = (mu_theater)i;
    return st;
}

mu_status mu_arm_parse(const char *s, mu_arm *out, mu_error *err)
{
    int i = 0;
    mu_status st = word_parse(s, "arm", vocab_arm, 2, &i, err);
    if (st == MU_OK)
        *out = (mu_arm)i;
    return st;
}

