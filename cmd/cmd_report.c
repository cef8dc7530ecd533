/* SPDX-License-Identifier: MIT */
/* cmd_report.c -- muster campaign report FILE [--battle N]: the
 * after-action report (mu_campaign_report), a battle's or the war's, as
 * the viewer acting may know it; drawn with --out (cmd/report_out.c). */
#include "campaign_cmd.h"

static const char *const report_formats[] = {"text", "json", "markdown",
                                             "html", NULL};

static cli_rc run_report(cli_ctx *cx)
{
    mu_campaign *c = NULL;
    mu_error err = {0};
    /* the options' refusals first, with nothing open */
    if (cli_has(cx, O_out) && cli_has(cx, O_format))
        return cli_error(cx, _("campaign report: --out FILE or --format, not "
                               "both (the file's extension is its format)"));
    /* (the web asks every command for JSON: --format json is let be) */
    if (cli_has(cx, O_charts) &&
        (cli_has(cx, O_out) || cli_has(cx, O_battle) ||
         (cli_has(cx, O_format) && cli_choice(cx, O_format, 1) != 1)))
        return cli_error(cx, _("campaign report: --charts are the war's, one "
                               "SVG: without --battle, --out or --format"));
    cli_rc rc = cli_campaign_open(cx, &c, true);
    if (rc != CLI_OK)
        return rc;
    char *text = NULL;
    /* the words of report_formats, in mu_report_format's order */
    mu_report_format fmt = (mu_report_format)cli_choice(cx, O_format, 0);
    if (cli_has(cx, O_out) || cli_has(cx, O_charts))
        rc = cli_report_out(cx, c);
    else if (mu_campaign_report(c, MU_SIDE_NONE, (int)cli_num(cx, O_battle, 0),
                                fmt, &text, &err) == MU_OK)
        rc = cli_take(cx, text);
    else
        rc = cli_fail(cx, &err);
    cli_close_campaign(cx, c);
    return rc;
}

static const cli_opt report_opts[] = {
    {.name = "battle", .type = ARG_NUM, .lo = 1, .hi = INT32_MAX,
     .metavar = "N", .help = N_("battle N's report (default: the whole war, a "
                                "line a battle)")},
    {.name = "as", .type = ARG_CHOICE, .vocab = cli_armies, .metavar = "SIDE",
     .help = N_("the report one side may read: a division hidden from it is "
                "\"a hidden division\" (default: the umpire's, all of it)")},
    {.name = "out", .type = ARG_FILE, .metavar = "FILE",
     .flags = CLI_LOCAL | CLI_DRAWS,
     .help = N_("draw the report into FILE.pdf (A4 pages), FILE.png or "
                "FILE.svg (one picture), or write it as the page FILE.html; "
                "the war's with its charts")},
    {.name = "charts", .type = ARG_FLAG, .flags = CLI_DRAWS,
     .help = N_("the war's charts alone, one SVG on standard output (the "
                "page shows them after a battle)")},
    OPT_FORMAT(report_formats, "text (default), json, markdown (to paste into "
               "a forum post) or html (a page for a club's website)"),
    {0}};

const cli_command cmd_campaign_report = {
    .name = "campaign report", .summary = N_("the after-action report of a "
                                             "battle or of the war"),
    .opts = report_opts, .run = run_report,
    .doc = N_("A battle's report: where and when, who won, each side's\n"
              "divisions with their stands and batteries at the start and at\n"
              "the end, the losses by division and brigade, the leaders lost\n"
              "and their replacements, the returns with their rolls and the\n"
              "prisoners taken, by camp. Without --battle, the war: a line a\n"
              "battle and each side's strength, losses and prisoners held\n"
              "after each. It tells what the log tells the reader.\n"
              "With --out the report is drawn, the war's with charts of each\n"
              "side's strength, losses and prisoners held: FILE.pdf on A4\n"
              "pages, FILE.png or FILE.svg as one picture, FILE.html the page\n"
              "of --format html with the charts in it as SVG.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN, .args = cli_args_campaign};
