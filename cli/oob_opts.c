/* oob_opts.c -- the order-of-battle options (--army, --year, --theater,
 * --arm, --by-the-book, --divisions, --cavalry) for every command that
 * generates or weighs divisions. */
#include "cli.h"

void cli_oob_init(cli_oob *b)
{
    *b = (cli_oob){0};
    b->o.theater = MU_THEATER_UNKNOWN;
    b->divisions = 3;
}

int cli_oob_opt(cli_oob *b, int c, const char *arg)
{
    mu_error err;
    switch (c) {
    case OOB_ARMY:
        if (mu_army_parse(arg, &b->o.army, &err) != MU_OK)
            return cli_fail(&err), -1;
        b->has_army = true;
        return 1;
    case OOB_YEAR:
        if (mu_year_parse(arg, &b->o.year, &err) != MU_OK)
            return cli_fail(&err), -1;
        return 1;
    case OOB_THEATER: {
        mu_theater t;
        if (mu_theater_parse(arg, &t, &err) != MU_OK)
            return cli_fail(&err), -1;
        b->o.theater = (int)t;
        return 1;
    }
    case OOB_ARM:
        if (mu_arm_parse(arg, &b->o.arm, &err) != MU_OK)
            return cli_fail(&err), -1;
        b->has_arm = true;
        return 1;
    case OOB_BOOK:
        b->o.by_the_book = true;
        return 1;
    case OOB_DIVISIONS:
        if (!cli_int("divisions", arg, 0, 64, &b->divisions))
            return -1;
        b->has_divisions = true;
        return 1;
    case OOB_CAVALRY:
        if (!cli_int("cavalry", arg, 0, 64, &b->cavalry))
            return -1;
        b->has_cavalry = true;
        return 1;
    default:
        return 0;
    }
}
