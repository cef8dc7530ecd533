/* SPDX-License-Identifier: MIT */
/* brigade.c -- --brigade NAME|K, as the campaign's commands take it: a
 * brigade's number, or its own name looked up in the division
 * (mu_campaign_brigade_find). */
#include "opts.h"

#include <string.h>

/* Digits are a number, 1..8 (an all-digit name is shadowed by them);
 * checked before the campaign is opened. */
cli_rc cli_brigade_ok(cli_ctx *cx)
{
    if (!cli_takes(cx, O_brigade))
        return CLI_OK;
    const char *arg = cli_has(cx, O_brigade) ? cli_str(cx, O_brigade) : "1";
    uint64_t v;
    if (!*arg || (strspn(arg, "0123456789") == strlen(arg) &&
                  !cli_number(arg, 1, MU_MAX_BRIGADES, &v)))
        return cli_error(cx, _("--brigade takes a brigade's number from 1 "
                               "to %d or its name, not '%s'"),
                         MU_MAX_BRIGADES, arg);
    return CLI_OK;
}

/* The brigade of division div that --brigade names (0 when not given). A
 * name is looked up as the handle acts, so a division hidden from it is
 * refused whatever the name: the name tells its side nothing. */
mu_status cli_brigade_of(mu_campaign *c, cli_ctx *cx, int div, int *k,
                         mu_error *err)
{
    *k = 0;
    const char *arg = cli_str(cx, O_brigade);
    uint64_t v;
    if (!arg)
        return MU_OK;
    if (cli_number(arg, 1, MU_MAX_BRIGADES, &v)) {
        *k = (int)v;
        return MU_OK;
    }
    return mu_campaign_brigade_find(c, div, arg, k, err);
}
