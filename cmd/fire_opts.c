/* SPDX-License-Identifier: MIT */
/* fire_opts.c -- the volley options, read the same way by every command
 * that fires one (fire, odds fire, sim fire). */
#include "opts.h"

#include <string.h>

/* "11,5" or "7, 7 1/3, 8" or "28cm,12.5cm": at most MU_FIRE_MAX_RANGES
 * distances, each with its unit. */
static cli_rc parse_ranges(cli_ctx *cx, const char *arg, mu_rat *ranges,
                           int *units, size_t *n)
{
    const char *cmd = cx->cmd->name, *p = arg;
    for (*n = 0;; (*n)++) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char item[64], what[48];
        if (*n == MU_FIRE_MAX_RANGES)
            return cli_error(cx, _("%s: --ranges takes at most %d ranges: "
                             "measure a few figures, the nearest and the "
                             "farthest"), cmd, MU_FIRE_MAX_RANGES);
        if (len >= sizeof item)
            return cli_error(cx, _("%s: --ranges: range %zu is too long"), cmd,
                             *n + 1);
        memcpy(item, p, len);
        item[len] = '\0';
        snprintf(what, sizeof what, _("--ranges (range %zu)"), *n + 1);
        cli_rc rc = cli_length_parse(cx, what, item, &ranges[*n], &units[*n]);
        if (rc != CLI_OK)
            return rc;
        if (ranges[*n].num < 0)
            return cli_error(cx, _("%s: --ranges (range %zu) must be a distance "
                             "of 0 or more, not '%s'"), cmd, *n + 1, item);
        if (!comma)
            break;
        p = comma + 1;
    }
    (*n)++;
    return CLI_OK;
}

mu_rat cli_cm_per_inch(const cli_ctx *cx, const mu_weapons *w)
{
    if (cli_takes(cx, O_cm_per_inch) && cli_has(cx, O_cm_per_inch))
        return cli_rat(cx, O_cm_per_inch, (mu_rat){5, 2});
    mu_rat f = mu_weapons_cm_per_inch(w);
    return f.num > 0 ? f : (mu_rat){5, 2};
}

/* A length v given in `unit` as centimetres (cm) or inches (!cm), exactly,
 * at cpi cm to the inch. */
static cli_rc cli_len_as(cli_ctx *cx, mu_rat v, int unit, mu_rat cpi, bool cm,
                         mu_rat *out)
{
    mu_error err = {0};
    mu_status st = MU_OK;
    *out = v;
    if (unit == CLI_UNIT_CM && !cm)
        st = mu_rat_div(v, cpi, out, &err);
    else if (unit != CLI_UNIT_CM && cm)
        st = mu_rat_mul(v, cpi, out, &err);
    return st == MU_OK ? CLI_OK : cli_fail(cx, &err);
}

cli_rc cli_len(cli_ctx *cx, cli_optid id, mu_rat dflt, mu_rat cpi, bool cm,
               mu_rat *out)
{
    const cli_val *v = cli_get(cx, id);
    if (!v->given) {
        *out = dflt;
        return CLI_OK;
    }
    return cli_len_as(cx, v->rat, v->unit, cpi, cm, out);
}

/* With --yards a length is a bare number of yards. */
static cli_rc yards_bare(cli_ctx *cx, const int *units, size_t n)
{
    bool unit = cli_has(cx, O_max_range) && cli_get(cx, O_max_range)->unit;
    for (size_t i = 0; i < n; i++)
        unit = unit || units[i] != CLI_UNIT_NONE;
    if (unit)
        return cli_error(cx, _("%s: with --yards, ranges are bare numbers of "
                         "yards: drop the unit (in, cm) or --yards"),
                         cx->cmd->name);
    if (cli_has(cx, O_cm_per_inch))
        return cli_error(cx, _("%s: --cm-per-inch goes with lengths in cm, not "
                         "with --yards"), cx->cmd->name);
    return CLI_OK;
}

/* The ranges and --max-range in the unit of the first range (inches unless
 * it was given in cm), and the scale when that is cm. */
static cli_rc volley_lengths(cli_ctx *cx, const mu_weapons *w, mu_rat *ranges,
                             const int *units, size_t n, mu_fire_opts *o)
{
    if (cli_has(cx, O_yards)) {
        o->max_range = cli_get(cx, O_max_range)->rat;
        return yards_bare(cx, units, n);
    }
    mu_rat cpi = cli_cm_per_inch(cx, w);
    bool cm = units[0] == CLI_UNIT_CM;
    cli_rc rc = CLI_OK;
    for (size_t i = 0; i < n && rc == CLI_OK; i++)
        rc = cli_len_as(cx, ranges[i], units[i], cpi, cm, &ranges[i]);
    if (rc == CLI_OK)
        rc = cli_len(cx, O_max_range, (mu_rat){0, 1}, cpi, cm, &o->max_range);
    if (cm)
        o->cm_per_inch = cpi;
    return rc;
}

/* What contradicts itself before the weapon is known. */
static cli_rc check_combination(cli_ctx *cx)
{
    const char *cmd = cx->cmd->name;
    bool dice = (cli_takes(cx, O_seed) && cli_has(cx, O_seed)) ||
                (cli_takes(cx, O_rolls) && cli_has(cx, O_rolls)) ||
                (cli_takes(cx, O_ask) && cli_has(cx, O_ask));
    if (cli_takes(cx, O_no_roll) && cli_has(cx, O_no_roll) && dice)
        return cli_error(cx, _("%s: --no-roll takes no dice: drop --seed, "
                         "--rolls or --ask"), cmd);
    if (cli_has(cx, O_scale) && !cli_has(cx, O_yards))
        return cli_error(cx, _("%s: --scale is yards per inch and goes with "
                         "--yards"), cmd);
    return CLI_OK;
}

/* Figures for small arms, crew for artillery: said with the options' names. */
static cli_rc check_weapon(cli_ctx *cx, const mu_weapon *w)
{
    const char *cmd = cx->cmd->name;
    bool figures = cli_has(cx, O_figures), crew = cli_has(cx, O_crew);
    bool no_canister = cli_has(cx, O_no_canister);
    if (w->kind == MU_WEAPON_SMALL_ARMS) {
        if (crew)
            return cli_error(cx, _("%s: a %s is fired by figures: give "
                             "--figures N, not --crew"), cmd, w->name);
        if (!figures)
            return cli_error(cx, _("%s: how many figures fire? give --figures N"),
                             cmd);
        if (no_canister)
            return cli_error(cx, _("%s: --no-canister is for a gun choosing its "
                             "load, not a %s"), cmd, w->name);
    } else {
        bool gun = w->kind == MU_WEAPON_GUN;
        if (figures)
            return gun ? cli_error(cx, _("%s: a gun is fired by its crew: give "
                                         "--crew N (1..%d, default %d), not "
                                         "--figures"), cmd, w->crew, w->crew)
                       : cli_error(cx, _("%s: %s is fired by a gun's crew: give "
                                         "--crew N (1..%d, default %d), not "
                                         "--figures"), cmd, w->name, w->crew,
                                   w->crew);
        if (crew && cli_num(cx, O_crew, 0) > (uint64_t)w->crew)
            return cli_error(cx, _("%s: --crew %llu is more than %s's full crew "
                             "of %d castings"), cmd,
                             (unsigned long long)cli_num(cx, O_crew, 0),
                             w->name, w->crew);
        if (no_canister && !gun)
            return cli_error(cx, _("%s: --no-canister is for a gun choosing its "
                             "load; %s is one load already"), cmd, w->name);
    }
    if (cli_has(cx, O_max_range) && w->kind == MU_WEAPON_GUN)
        return cli_error(cx, _("%s: --max-range changes one curve; for a gun, "
                         "name the load (--weapon canister) or give house "
                         "rules with --rules FILE"), cmd);
    return CLI_OK;
}

/* Checks the volley options against the weapon (--rules or built-in) and
 * fills *o; its ranges point into `ranges` (MU_FIRE_MAX_RANGES of them).
 * The caller gives *w back with cli_weapons_free. */
static cli_rc volley_opts(cli_ctx *cx, mu_rat *ranges, const mu_weapons **w,
                          mu_fire_opts *o)
{
    size_t n = 1;
    int units[MU_FIRE_MAX_RANGES] = {0};
    cli_rc rc = check_combination(cx);
    if (rc != CLI_OK)
        return rc;
    if (cli_has(cx, O_ranges)) {
        rc = parse_ranges(cx, cli_str(cx, O_ranges), ranges, units, &n);
    } else {
        ranges[0] = cli_rat(cx, O_range, (mu_rat){0, 1});
        units[0] = cli_get(cx, O_range)->unit;
    }
    if (rc != CLI_OK)
        return rc;
    mu_error err = {0};
    const mu_weapon *wp;
    mu_status st = cli_weapons(cx, w, &err);
    if (st == MU_OK)
        st = mu_weapons_find(*w, cli_str(cx, O_weapon), &wp, &err);
    if (st != MU_OK)
        return cli_fail(cx, &err);
    if ((rc = check_weapon(cx, wp)) != CLI_OK)
        return rc;
    memset(o, 0, sizeof *o);
    o->weapon = cli_str(cx, O_weapon);
    o->ranges = ranges;
    o->nranges = n;
    if (cli_has(cx, O_yards))
        o->yards_per_inch = cli_rat(cx, O_scale, (mu_rat){10, 1});
    o->figures = (int)cli_num(cx, O_figures, 0);
    o->crew = (int)cli_num(cx, O_crew, 0);
    o->cover = cli_has(cx, O_cover);
    o->no_canister = cli_has(cx, O_no_canister);
    o->has_max_range = cli_has(cx, O_max_range);
    return volley_lengths(cx, *w, ranges, units, n, o);
}

cli_rc cli_volley_compute(cli_ctx *cx, mu_volley *v)
{
    mu_rat ranges[MU_FIRE_MAX_RANGES];
    const mu_weapons *w = NULL;
    mu_fire_opts fo;
    mu_error err = {0};
    cli_rc rc = volley_opts(cx, ranges, &w, &fo);
    if (rc == CLI_OK && mu_fire_compute(w, &fo, v, &err) != MU_OK)
        rc = cli_fail(cx, &err);
    cli_weapons_free(cx, w);
    return rc;
}
