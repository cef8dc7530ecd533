/* SPDX-License-Identifier: MIT */
/* report_out.c -- `campaign report --out FILE`: the after-action report
 * drawn (PDF, PNG, SVG) or written as a page with its charts (HTML) by
 * src/draw/; `--charts`, the war's charts alone as SVG (for the page). Compiled with the commands that draw (CMD_DRAW_NAMES): the
 * light tools hand a call with --out (CLI_DRAWS) to muster-full, the one
 * that links src/draw/. */
#include "opts.h"

#include <string.h>
#include <strings.h>

#ifndef MUSTER_LIGHT
/* --charts: the war's charts as one SVG, the command's output. */
static cli_rc charts(cli_ctx *cx, mu_campaign *c)
{
    unsigned char *svg = NULL;
    size_t len;
    mu_error err = {0};
    if (mu_campaign_report_charts(c, MU_SIDE_NONE, MU_FILE_SVG, &svg, &len,
                                  &err) != MU_OK)
        return cli_fail(cx, &err);
    return cli_take(cx, (char *)svg); /* text, its NUL after len bytes */
}

cli_rc cli_report_out(cli_ctx *cx, mu_campaign *c)
{
    if (cli_has(cx, O_charts))
        return charts(cx, c);
    const char *out = cli_str(cx, O_out);
    size_t n = strlen(out);
    mu_file_format f;
    mu_error err = {0};
    if (!(n > 5 && !strcasecmp(out + n - 5, ".html")) &&
        mu_file_format_detect(out, &f, &err) != MU_OK)
        return cli_error(cx, _("campaign report: --out %s: name a FILE.pdf, "
                               "FILE.png, FILE.svg or FILE.html"), out);
    int battle = (int)cli_num(cx, O_battle, 0);
    if (mu_campaign_report_write(c, MU_SIDE_NONE, battle, out, &err) != MU_OK)
        return cli_fail(cx, &err);
    if (battle)
        mu_buf_printf(&cx->out, _("%s: the report of battle %d\n"), out,
                      battle);
    else
        mu_buf_printf(&cx->out, _("%s: the report of the war\n"), out);
    return CLI_OK;
}
#else
cli_rc cli_report_out(cli_ctx *cx, mu_campaign *c)
{
    (void)c; /* not reached: main.c hands --out to muster-full */
    return cli_error(cx, _("campaign report --out draws, which muster-full "
                           "does"));
}
#endif
