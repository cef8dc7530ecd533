/* SPDX-License-Identifier: MIT */
/* dice.c -- dice sources: a seeded PRNG, a scripted list, a callback. */
#include "dice.h"
#include "error.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>


/* splitmix64 (Steele, Lea & Flood), the seeding the xoshiro authors advise. */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static mu_dice *dice_alloc(enum dice_kind kind, mu_error *err)
{
    mu_dice *d = calloc(1, sizeof *d);
    if (!d) {
        err_nomem(err);
        return NULL;
    }
    d->kind = kind;
    return d;
}

mu_status mu_dice_new_seeded(uint64_t seed, mu_dice **out, mu_error *err)
{
    mu_dice *d = dice_alloc(DICE_SEEDED, err);
    if (!d)
        return MU_ENOMEM;
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        d->s[i] = splitmix64(&x);
    d->seed = seed;
    *out = d;
    return MU_OK;
}

mu_status mu_dice_new_scripted(const int *rolls, size_t n, mu_dice **out,
                               mu_error *err)
{
    for (size_t i = 0; i < n; i++)
        if (rolls[i] < 1 || rolls[i] > 100)
            return err_set(err, MU_EINPUT,
                           "roll %zu is %d: a d100 roll is 1..100 (00 = 100)",
                           i + 1, rolls[i]);
    mu_dice *d = dice_alloc(DICE_SCRIPTED, err);
    if (!d)
        return MU_ENOMEM;
    if (n) {
        d->script = malloc(n * sizeof *d->script);
        if (!d->script) {
            free(d);
            return err_nomem(err);
        }
        memcpy(d->script, rolls, n * sizeof *d->script);
    }
    d->nscript = n;
    *out = d;
    return MU_OK;
}

mu_status mu_dice_new_callback(mu_roll_fn fn, void *ud, mu_dice **out,
                               mu_error *err)
{
    if (!fn)
        return err_set(err, MU_EINPUT, "a callback dice source needs a function");
    mu_dice *d = dice_alloc(DICE_CALLBACK, err);
    if (!d)
        return MU_ENOMEM;
    d->fn = fn;
    d->ud = ud;
    *out = d;
    return MU_OK;
}

void mu_dice_free(mu_dice *d)
{
    if (!d)
        return;
    free(d->script);
    free(d);
}

static void label_copy(const void *ctx, char *buf, size_t n)
{
    const char *s = ctx ? (const char *)ctx : "d100";
    size_t len = strlen(s);
    if (len >= n)
        len = n - 1;
    memcpy(buf, s, len);
    buf[len] = '\0';
}

mu_status dice_roll_slow(mu_dice *d, dice_label_fn mk, const void *ctx,
                         int *roll, mu_error *err)
{
    char label[256]; /* a name of up to 100 bytes and German words */
    if (d->kind == DICE_SEEDED) {
        *roll = dice_seeded_d100(d);
        return MU_OK;
    }
    mk(ctx, label, sizeof label);
    if (d->kind == DICE_SCRIPTED) {
        if (d->next >= d->nscript)
            return err_set(err, MU_ENOROLL,
                           "not enough rolls: %s needed roll %zu but only %zu "
                           "were given",
                           label, d->next + 1, d->nscript);
        *roll = d->script[d->next++];
        d->count++;
        return MU_OK;
    }
    int r = 0;
    mu_status st = d->fn(d->ud, label, &r, err);
    if (st != MU_OK)
        return st;
    if (r < 1 || r > 100)
        return err_set(err, MU_EINPUT, "%s: roll %d is not 1..100", label, r);
    *roll = r;
    d->count++;
    return MU_OK;
}

mu_status mu_dice_d100(mu_dice *d, const char *label, int *roll, mu_error *err)
{
    if (!d || !roll)
        return err_set(err, MU_EINPUT, "no dice source");
    return dice_roll(d, label_copy, label, roll, err);
}

bool mu_dice_seed(const mu_dice *d, uint64_t *seed)
{
    if (!d || d->kind != DICE_SEEDED)
        return false;
    if (seed)
        *seed = d->seed;
    return true;
}

size_t mu_dice_left(const mu_dice *d)
{
    return d && d->kind == DICE_SCRIPTED ? d->nscript - d->next : 0;
}

uint64_t mu_dice_count(const mu_dice *d) { return d ? d->count : 0; }

mu_status mu_dice_jump(mu_dice *d, mu_error *err)
{
    static const uint64_t JUMP[] = {0x180ec6d33cfd0abaull,
                                    0xd5a61266f0c9392cull,
                                    0xa9582618e03fc9aaull,
                                    0x39abdc4529b1661cull};
    if (!d || d->kind != DICE_SEEDED)
        return err_set(err, MU_EINPUT, "only a seeded dice source can jump");
    uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int i = 0; i < 4; i++)
        for (int b = 0; b < 64; b++) {
            if (JUMP[i] & (1ull << b)) {
                s0 ^= d->s[0];
                s1 ^= d->s[1];
                s2 ^= d->s[2];
                s3 ^= d->s[3];
            }
            dice_next64(d);
        }
    d->s[0] = s0;
    d->s[1] = s1;
    d->s[2] = s2;
    d->s[3] = s3;
    d->nlanes = 0; /* a jumped stream starts on a fresh output */
    return MU_OK;
}

mu_status mu_roll_parse(const char *text, int *roll, mu_error *err)
{
    if (!text)
        return err_set(err, MU_EINPUT, "no roll given");
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    if (!isdigit((unsigned char)*p))
        return err_set(err, MU_EINPUT,
                       "'%s' is not a d100 roll: type a number 1..100 (00 = 100)",
                       text);
    char *end;
    errno = 0;
    long v = strtol(p, &end, 10);
    const char *q = end;
    while (isspace((unsigned char)*q))
        q++;
    if (*q != '\0' || errno)
        return err_set(err, MU_EINPUT,
                       "'%s' is not a d100 roll: type a number 1..100 (00 = 100)",
                       text);
    if (v == 0 && end - p == 2) /* "00" on the percentile dice */
        v = 100;
    if (v < 1 || v > 100)
        return err_set(err, MU_EINPUT,
                       "roll '%s' is out of range: a d100 roll is 1..100 (00 = 100)",
                       text);
    *roll = (int)v;
    return MU_OK;
}

mu_status mu_rolls_parse(const char *list, int **rolls, size_t *n,
                         mu_error *err)
{
    if (!list)
        return err_set(err, MU_EINPUT, "no list of rolls given");
    size_t cap = 1;
    for (const char *p = list; *p; p++)
        cap += *p == ',';
    int *v = malloc(cap * sizeof *v);
    if (!v)
        return err_nomem(err);
    size_t k = 0;
    const char *p = list;
    bool blank = true;
    for (const char *q = list; *q; q++)
        blank = blank && isspace((unsigned char)*q);
    if (blank) {
        free(v);
        *rolls = NULL;
        *n = 0;
        return MU_OK;
    }
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char item[32];
        if (len >= sizeof item) {
            free(v);
            return err_set(err, MU_EINPUT, "roll %zu is too long: a d100 roll is 1..100",
                           k + 1);
        }
        memcpy(item, p, len);
        item[len] = '\0';
        mu_error e;
        if (mu_roll_parse(item, &v[k], &e) != MU_OK) {
            free(v);
            return err_set(err, MU_EINPUT, "roll %zu of the list: %s", k + 1,
                           e.msg);
        }
        k++;
        if (!comma)
            break;
        p = comma + 1;
    }
    *rolls = v;
    *n = k;
    return MU_OK;
}
