/* fire_opts.c -- the options of `fire`, kept apart so that every command
 * that fires a volley (fire, odds fire, sim fire) reads them the same way. */
#include "cli.h"

#include <string.h>

void cli_fire_init(cli_fire *f, const char *cmd)
{
    memset(f, 0, sizeof *f);
    f->cc.cmd = cmd;
}

/* A distance or a scale: an exact number, 0 or more (more than 0 when
 * `positive`). */
static bool parse_dist(const char *cmd, const char *opt, const char *arg,
                       bool positive, mu_rat *out)
{
    mu_error err;
    if (mu_rat_parse(arg, out, &err) != MU_OK) {
        cli_usage("%s: --%s: %s", cmd, opt, err.msg);
        return false;
    }
    int sign = (out->num > 0) - (out->num < 0);
    if (sign < 0 || (positive && sign == 0)) {
        cli_usage("%s: --%s must be %s, not '%s'", cmd, opt,
                  positive ? "more than 0" : "a distance of 0 or more", arg);
        return false;
    }
    return true;
}

/* "11,5" or "7, 7 1/3, 8": at most MU_FIRE_MAX_RANGES distances. */
static bool parse_ranges(cli_fire *f, const char *arg)
{
    size_t n = 0;
    const char *p = arg;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char item[64];
        if (n == MU_FIRE_MAX_RANGES) {
            cli_usage("%s: --ranges takes at most %d ranges: measure a few "
                      "figures, the nearest and the farthest", f->cc.cmd,
                      MU_FIRE_MAX_RANGES);
            return false;
        }
        if (len >= sizeof item) {
            cli_usage("%s: --ranges: range %zu is too long", f->cc.cmd, n + 1);
            return false;
        }
        memcpy(item, p, len);
        item[len] = '\0';
        char opt[32];
        snprintf(opt, sizeof opt, "ranges (range %zu)", n + 1);
        if (!parse_dist(f->cc.cmd, opt, item, false, &f->ranges[n]))
            return false;
        n++;
        if (!comma)
            break;
        p = comma + 1;
    }
    f->nranges = n;
    return true;
}

/* Options that take a value and may be given once. */
static int once(cli_fire *f, bool *seen, const char *name)
{
    if (*seen) {
        cli_usage("%s: --%s is given twice", f->cc.cmd, name);
        return -1;
    }
    *seen = true;
    return 1;
}

int cli_fire_opt(cli_fire *f, int c, const char *arg)
{
    int r = cli_common_opt(&f->cc, c, arg);
    if (r)
        return r;
    const char *cmd = f->cc.cmd;
    switch (c) {
    case OPT_WEAPON: f->weapon = arg; return 1;
    case OPT_RANGE:
        if (once(f, &f->has_range, "range") < 0 ||
            !parse_dist(cmd, "range", arg, false, &f->ranges[0]))
            return -1;
        f->nranges = 1;
        return 1;
    case OPT_RANGES:
        if (once(f, &f->has_ranges, "ranges") < 0 || !parse_ranges(f, arg))
            return -1;
        return 1;
    case OPT_FIGURES:
        if (!cli_int("figures", arg, 1, MU_FIRE_MAX_FIGURES, &f->figures))
            return -1;
        f->has_figures = true;
        return 1;
    case OPT_CREW:
        if (!cli_int("crew", arg, 1, 100, &f->crew))
            return -1;
        f->has_crew = true;
        return 1;
    case OPT_COVER: f->cover = true; return 1;
    case OPT_YARDS: f->yards = true; return 1;
    case OPT_NO_CANISTER: f->no_canister = true; return 1;
    case OPT_NO_ROLL: f->no_roll = true; return 1;
    case OPT_SCALE:
        if (!parse_dist(cmd, "scale", arg, true, &f->scale))
            return -1;
        f->has_scale = true;
        return 1;
    case OPT_MAX_RANGE:
        if (!parse_dist(cmd, "max-range", arg, true, &f->max_range))
            return -1;
        f->has_max_range = true;
        return 1;
    default:
        return 0;
    }
}

/* Options that belong to other commands, or contradict each other. */
static int check_combination(const cli_fire *f)
{
    const char *cmd = f->cc.cmd;
    if (f->cc.labels)
        return cli_usage("%s: --labels belongs to the division generator", cmd);
    if (!f->weapon)
        return cli_usage("%s: say what fires with --weapon (see 'muster curve "
                         "--help' or 'muster rules dump --kind weapons')", cmd);
    if (!f->has_range && !f->has_ranges)
        return cli_usage("%s: how far? give --range R in inches, or --ranges "
                         "R1,R2,... for one range per figure measured", cmd);
    if (f->has_range && f->has_ranges)
        return cli_usage("%s: give --range or --ranges, not both", cmd);
    if (f->no_roll && (f->cc.has_seed || f->cc.rolls || f->cc.ask))
        return cli_usage("%s: --no-roll takes no dice: drop --seed, --rolls "
                         "or --ask", cmd);
    if (f->has_scale && !f->yards)
        return cli_usage("%s: --scale is yards per inch and goes with --yards",
                         cmd);
    return -1;
}

/* Figures for small arms, crew for artillery: said with the options' names. */
static int check_weapon(const cli_fire *f, const mu_weapon *w)
{
    const char *cmd = f->cc.cmd;
    if (w->kind == MU_WEAPON_SMALL_ARMS) {
        if (f->has_crew)
            return cli_usage("%s: a %s is fired by figures: give --figures N, "
                             "not --crew", cmd, w->name);
        if (!f->has_figures)
            return cli_usage("%s: how many figures fire? give --figures N",
                             cmd);
        if (f->no_canister)
            return cli_usage("%s: --no-canister is for a gun choosing its "
                             "load, not a %s", cmd, w->name);
    } else {
        if (f->has_figures)
            return cli_usage("%s: %s is fired by %s crew: give --crew N "
                             "(1..%d, default %d), not --figures", cmd,
                             w->kind == MU_WEAPON_GUN ? "a gun" : w->name,
                             w->kind == MU_WEAPON_GUN ? "its" : "a gun's",
                             w->crew, w->crew);
        if (f->has_crew && f->crew > w->crew)
            return cli_usage("%s: --crew %ld is more than %s's full crew of %d "
                             "castings", cmd, f->crew, w->name, w->crew);
        if (f->no_canister && w->kind != MU_WEAPON_GUN)
            return cli_usage("%s: --no-canister is for a gun choosing its "
                             "load; %s is one load already", cmd, w->name);
    }
    if (f->has_max_range && w->kind == MU_WEAPON_GUN)
        return cli_usage("%s: --max-range changes one curve; for a gun, name "
                         "the load (--weapon canister) or give house rules "
                         "with --rules FILE", cmd);
    return -1;
}

int cli_fire_setup(cli_fire *f, mu_weapons **w, mu_fire_opts *o)
{
    int rc = check_combination(f);
    if (rc >= 0)
        return rc;
    mu_error err = {0};
    mu_weapons *ws = NULL;
    const mu_weapon *wp;
    mu_status st = f->cc.rules ? mu_weapons_load(f->cc.rules, &ws, &err)
                               : mu_weapons_default(&ws, &err);
    if (st == MU_OK)
        st = mu_weapons_find(ws, f->weapon, &wp, &err);
    if (st != MU_OK) {
        mu_weapons_free(ws);
        return cli_fail(&err);
    }
    if ((rc = check_weapon(f, wp)) >= 0) {
        mu_weapons_free(ws);
        return rc;
    }
    memset(o, 0, sizeof *o);
    o->weapon = f->weapon;
    o->ranges = f->ranges;
    o->nranges = f->nranges;
    if (f->yards)
        o->yards_per_inch = f->has_scale ? f->scale : (mu_rat){10, 1};
    o->figures = (int)f->figures;
    o->crew = (int)f->crew;
    o->cover = f->cover;
    o->no_canister = f->no_canister;
    o->has_max_range = f->has_max_range;
    o->max_range = f->max_range;
    *w = ws;
    return -1;
}
