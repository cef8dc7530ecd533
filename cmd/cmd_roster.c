/* SPDX-License-Identifier: MIT */
/* cmd_roster.c -- muster roster: a division, corps, battle or campaign on
 * paper (PDF, or one page as PNG or SVG). A thin client of mu_roster_*. */
#include "opts.h"

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ROSTER_INPUT_GROUP 3

static const char *const papers[] = {"a4", "letter", NULL};
static const char *const parts[] = {"roster", "labels", NULL};
/* mu_sheet_list's names (tests/sh/roster_sheets.sh calibrates each). */
static const char *const sheet_names[] = {"avery-l7160", "avery-l7163",
                                          "avery-5160", "zweckform-3475",
                                          NULL};

static const cli_opt roster_opts[] = {
    {.name = "from", .type = ARG_FILE, .metavar = "FILE",
     .flags = CLI_REQUIRED, .group = ROSTER_INPUT_GROUP,
     .help = N_("muster's JSON of a division, corps or battle ('-': standard "
             "input), e.g. muster battle --format json | muster roster "
             "--from - --out battle.pdf"),
     .missing = N_("%s: give what to print: --from FILE.json (or - for "
                "standard input) or --campaign FILE"),
     .conflict = N_("%s: print either --from or --campaign, not both")},
    {.name = "campaign", .type = ARG_FILE, .metavar = "FILE",
     .group = ROSTER_INPUT_GROUP,
     .help = N_("a campaign's divisions as they stand now")},
    {.name = "calibrate", .type = ARG_FLAG, .group = ROSTER_INPUT_GROUP,
     /* xgettext:no-c-format */
     .help = N_("with --sheet: a calibration page instead of a roster, every "
             "label's outline where the sheet has it and rulers in mm; "
             "print it at 100 % and hold it to a sheet")},
    {.name = "side", .type = ARG_CHOICE, .vocab = cli_armies, .metavar = "S",
     .help = N_("with --campaign: only that side's divisions (a hidden "
             "division of the other side is never printed)")},
    {.name = "out", .type = ARG_FILE, .metavar = "FILE",
     .flags = CLI_REQUIRED | CLI_ONLY,
     .help = N_("FILE.pdf (every page), FILE.png or FILE.svg (one page); "
             "written whole or not at all"),
     .missing = N_("%s: name the file to write with --out FILE.pdf (or .png, "
                ".svg for one page)")},
    {.name = "paper", .type = ARG_CHOICE, .vocab = papers, .metavar = "P",
     .help = N_("a4 or letter; default as paperconf: $PAPERSIZE, the file "
             "$PAPERCONF (or /etc/papersize), the locale's LC_PAPER, else a4")},
    {.name = "rules", .type = ARG_FILE, .metavar = "FILE", .flags = CLI_LOCAL,
     .help = N_("with --from: the tables the JSON was made with, if not the "
             "built-in ones; every roll must give what it records on them")},
    OPT_LABELS,
    {.name = "base", .type = ARG_TEXT, .metavar = "WxH",
     .help = N_("label size in mm, 15..120 each: 30x30 (default), 40x20, "
             "40x40, 25x50, ...")},
    {.name = "compact", .type = ARG_FLAG,
     .help = N_("three brigades a row, a division on one page with its labels "
             "(status boxes, a notes line, a box a battery; no rolls)")},
    {.name = "only", .type = ARG_CHOICE, .vocab = parts, .metavar = "WHAT",
     .help = N_("roster or labels: print only that part")},
    {.name = "sheet", .type = ARG_CHOICE, .vocab = sheet_names,
     .metavar = "NAME",
     .help = N_("labels on a sheet of self-adhesive labels, one a label at its "
             "published place (see the table above); the whole file is on "
             "the sheet's paper")},
    {.name = "fold", .type = ARG_FLAG,
     .help = N_("fold-under labels: the name on top, the strength and morale "
             "on the half that folds under the base, hidden from the "
             "opponent")},
    {.name = "page", .type = ARG_NUM, .lo = 1, .hi = 100000, .metavar = "N",
     .help = N_("only page N (PNG and SVG: default 1)")},
    {.name = "dpi", .type = ARG_NUM, .lo = 50, .hi = 600, .metavar = "N",
     .help = N_("PNG resolution (default 150)")},
    {.name = "title", .type = ARG_TEXT, .metavar = "TEXT",
     .help = N_("the title in every page header")},
    {0}};

#ifndef MUSTER_LIGHT /* the run function: muster-full only (cli.h) */
/* The first word of a papersize file ("a4"), or "" when it has none. */
static void papersize_file(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "r");
    char line[128];
    while (f && fgets(line, sizeof line, f)) {
        char *p = line + strspn(line, " \t");
        if (*p == '#' || *p == '\n' || !*p)
            continue;
        p[strcspn(p, " \t\r\n")] = '\0';
        snprintf(buf, n, "%s", p);
        break;
    }
    if (f)
        fclose(f);
}

/* The paper of the user's LC_PAPER (LC_ALL, LC_PAPER or LANG), read into a
 * locale object of its own: the process's locale stays as it is. Letter
 * for a locale of 216 x 279 mm (en_US), else A4 (de_DE, and C, whose paper
 * glibc gives as A4; and without glibc's LC_PAPER). */
static mu_paper locale_paper(void)
{
    mu_paper p = MU_PAPER_A4;
#if defined(__GLIBC__) && defined(LC_PAPER_MASK)
    locale_t loc = newlocale(LC_PAPER_MASK, "", (locale_t)0);
    if (loc == (locale_t)0)
        return p;
    /* glibc returns these two numbers (mm) in the pointer itself. */
    union { const char *s; unsigned int mm; } w, h;
    w.s = nl_langinfo_l(_NL_PAPER_WIDTH, loc);
    h.s = nl_langinfo_l(_NL_PAPER_HEIGHT, loc);
    if (w.mm == 216 && h.mm == 279)
        p = MU_PAPER_LETTER;
    freelocale(loc);
#endif
    return p;
}

/* The paper paperconf would name, in its order: $PAPERSIZE, then the first
 * word of the file $PAPERCONF names (else /etc/papersize), then the user's
 * LC_PAPER, else A4. A size muster does not print on falls back to A4. */
static mu_paper default_paper(void)
{
    char buf[64] = "";
    const char *env = getenv("PAPERSIZE");
    const char *conf = getenv("PAPERCONF");
    if (env && *env)
        snprintf(buf, sizeof buf, "%s", env);
    else
        papersize_file(conf && *conf ? conf : "/etc/papersize", buf,
                       sizeof buf);
    if (!*buf)
        return locale_paper();
    mu_paper p = MU_PAPER_A4;
    mu_error err;
    if (mu_paper_parse(buf, &p, &err) != MU_OK)
        p = MU_PAPER_A4;
    return p;
}

/* --sheet and what goes with it: no --base, the sheet's paper, labels. */
static cli_rc setup_sheet(cli_ctx *cx, mu_roster_opts *o)
{
    mu_error err = {0};
    bool labels = o->part != MU_PRINT_ROSTER;
    if (!labels && (cli_has(cx, O_sheet) || o->fold || cli_has(cx, O_base)))
        return cli_error(cx, _("roster: --%s is for labels, and --only roster "
                         "prints none"), cli_has(cx, O_sheet) ? "sheet"
                         : o->fold ? "fold" : "base");
    if (cli_has(cx, O_calibrate) && !cli_has(cx, O_sheet))
        return cli_error(cx, _("roster: --calibrate draws a sheet's labels: "
                         "name it with --sheet NAME (muster help roster "
                         "lists them)"));
    if (!cli_has(cx, O_sheet))
        return CLI_OK;
    if (mu_sheet_find(cli_str(cx, O_sheet), &o->sheet, &err) != MU_OK)
        return cli_fail(cx, &err);
    if (cli_has(cx, O_base))
        return cli_error(cx, _("roster: --base is for labels on plain paper: "
                         "a sheet's labels are its own size"));
    if (cli_has(cx, O_paper) && o->paper != o->sheet->paper)
        return cli_error(cx, _("roster: --sheet %s is %s paper, not %s"),
                         o->sheet->name, o->sheet->paper == MU_PAPER_A4
                         ? "A4" : "letter", o->paper == MU_PAPER_A4 ? "A4"
                         : "letter");
    o->paper = o->sheet->paper;
    return CLI_OK;
}

/* The roster's options from the command line. */
static cli_rc setup(cli_ctx *cx, mu_roster_opts *o)
{
    memset(o, 0, sizeof *o);
    mu_error err = {0};
    if (cli_has(cx, O_side) && !cli_has(cx, O_campaign))
        return cli_error(cx, _("roster: --side belongs with --campaign"));
    if (cli_has(cx, O_rules) && cli_has(cx, O_campaign))
        return cli_error(cx, _("roster: --rules belongs with --from; a campaign "
                         "keeps its own tables"));
    const char *out = cli_str(cx, O_out);
    if (mu_file_format_detect(out, &o->format, &err) != MU_OK)
        return cli_error(cx, _("roster: --out '%s': name a .pdf, .png or .svg "
                         "file"), out);
    if (cli_has(cx, O_dpi) && o->format != MU_FILE_PNG)
        return cli_error(cx, _("roster: --dpi is for a .png"));
    o->dpi = (int)cli_num(cx, O_dpi, 0);
    o->page = (int)cli_num(cx, O_page, 0);
    o->paper = cli_has(cx, O_paper) ? (mu_paper)cli_choice(cx, O_paper, 0)
                                    : default_paper();
    if (cli_has(cx, O_base) && mu_base_parse(cli_str(cx, O_base), &o->base_w,
                                             &o->base_h, &err) != MU_OK)
        return cli_fail(cx, &err);
    o->style = cli_has(cx, O_compact) ? MU_ROSTER_COMPACT : MU_ROSTER_CARDS;
    o->part = !cli_has(cx, O_only) ? MU_PRINT_ALL
              : cli_choice(cx, O_only, 0) == 0 ? MU_PRINT_ROSTER
                                               : MU_PRINT_LABELS;
    o->fold = cli_has(cx, O_fold);
    return setup_sheet(cx, o);
}

static mu_status load(cli_ctx *cx, mu_roster **r, mu_error *err)
{
    const char *camp = cli_str(cx, O_campaign);
    if (camp) {
        mu_campaign *c;
        mu_status s = mu_campaign_open(camp, &c, err);
        if (s != MU_OK)
            return s;
        mu_side v = cli_has(cx, O_side)
                          ? (mu_side)cli_choice(cx, O_side, 0)
                          : MU_SIDE_NONE;
        s = mu_roster_from_campaign(c, v, r, err);
        mu_campaign_close(c);
        return s;
    }
    const char *from = cli_str(cx, O_from);
    char *text = NULL;
    size_t len = 0;
    mu_status s = mu_file_read(from, &text, &len, err);
    if (s != MU_OK)
        return s;
    const char *name = strcmp(from, "-") ? from : "standard input";
    mu_oob_doc doc;
    s = mu_oob_parse_json(text, len, name, &doc, err);
    free(text);
    mu_rules *rules = NULL;
    const char *rf = cli_str(cx, O_rules);
    if (s == MU_OK)
        s = rf ? mu_rules_load(rf, &rules, err) : mu_rules_default(&rules, err);
    if (s == MU_OK)
        s = mu_oob_check(&doc, rules, name, err);
    if (s == MU_OK)
        s = mu_roster_from_oob(&doc, cli_str(cx, O_title), r, err);
    mu_rules_free(rules);
    mu_oob_doc_clear(&doc);
    return s;
}

/* Output goes to a temporary file beside the target, renamed over it when
 * complete, so a failure leaves nothing half-written. */
typedef struct out_file {
    FILE *f;
    char tmp[4096];
} out_file;

static mu_status on_write(void *ud, const char *data, size_t n,
                          mu_error *err)
{
    out_file *o = ud;
    if (fwrite(data, 1, n, o->f) == n)
        return MU_OK;
    return mu_error_set(err, MU_EIO, MU_R_NONE,
                        "the roster could not be written");
}

/* A path that names no folder is bad input (2); a file that cannot be
 * written there (a full disk, no permission, an I/O error) a failure (1),
 * as for plot. */
static cli_rc write_error(cli_ctx *cx, const char *path)
{
    int e = errno;
    cli_rc rc = cli_error(cx, _("roster: cannot write %s: %s"), path,
                          strerror(e));
    return e == ENOENT || e == ENOTDIR || e == EISDIR || e == ENAMETOOLONG
               ? rc : CLI_FAIL;
}

static cli_rc render_to(cli_ctx *cx, const char *out, const mu_roster *r,
                        const mu_roster_opts *ro, mu_roster_stats *st)
{
    if (!r && !ro->sheet)
        return cli_error(cx, _("roster: nothing to print"));
    out_file o;
    const char *slash = strrchr(out, '/');
    int dl = slash ? (int)(slash - out) + 1 : 0;
    if ((size_t)snprintf(o.tmp, sizeof o.tmp, "%.*s.%s.XXXXXX", dl, out,
                         out + dl) >= sizeof o.tmp)
        return cli_error(cx, _("roster: --out: the path is too long"));
    int fd = mkstemp(o.tmp);
    if (fd < 0)
        return write_error(cx, out);
    o.f = fdopen(fd, "wb");
    if (!o.f) {
        close(fd);
        unlink(o.tmp);
        return write_error(cx, out);
    }
    mu_error err = {0};
    mu_status s = r ? mu_roster_render(r, ro, on_write, &o, st, &err)
                    : mu_sheet_render_calibration(ro->sheet, ro->format,
                                                  ro->dpi, on_write, &o,
                                                  &err);
    int bad = fflush(o.f) != 0 || fsync(fileno(o.f)) != 0;
    bad |= fclose(o.f) != 0;
    if (s == MU_OK && bad) {
        unlink(o.tmp);
        return write_error(cx, out);
    }
    if (s != MU_OK) {
        unlink(o.tmp);
        return cli_fail(cx, &err);
    }
    /* mkstemp made it 0600: give it the mode a new file gets. */
    mode_t mask = umask(0);
    umask(mask);
    if (chmod(o.tmp, 0666 & ~mask) != 0 || rename(o.tmp, out) != 0) {
        int e = errno;
        unlink(o.tmp);
        errno = e;
        return write_error(cx, out);
    }
    return CLI_OK;
}

/* "page 4" or "pages 1-3". */
static void pages_text(int first, int last, char *buf, size_t n)
{
    if (first == last)
        snprintf(buf, n, _("page %d"), first);
    else
        snprintf(buf, n, _("pages %d-%d"), first, last);
}

/* "the roster on pages 1-3, the labels on page 4" and the like. */
static void parts_text(const mu_roster_opts *o, const mu_roster_stats *st,
                       char *buf, size_t n)
{
    char rp[32], lp[32];
    pages_text(1, st->roster_pages, rp, sizeof rp);
    pages_text(st->roster_pages + 1, st->pages, lp, sizeof lp);
    if (!st->label_pages)
        snprintf(buf, n, o->part == MU_PRINT_ALL
                 ? _("the roster with its labels on %s")
                 : _("the roster on %s"), rp);
    else if (!st->roster_pages)
        snprintf(buf, n, _("the labels on %s"), lp);
    else
        snprintf(buf, n, _("the roster on %s, the labels on %s"), rp, lp);
}

/* "30x30 mm", "30x30 mm to fold", "63.5x38.1 mm on Avery L7160". */
static void label_size_text(const mu_roster_opts *o, char *buf, size_t n)
{
    int k;
    char w[32], h[32];
    if (o->sheet)
        k = snprintf(buf, n, _("%sx%s mm on %s"),
                     cli_decimal_text(o->sheet->label_w, -1, w, sizeof w),
                     cli_decimal_text(o->sheet->label_h, -1, h, sizeof h),
                     o->sheet->title);
    else
        k = snprintf(buf, n, _("%dx%d mm"), o->base_w ? o->base_w : 30,
                     o->base_h ? o->base_h : 30);
    if (o->fold && k > 0 && (size_t)k < n)
        snprintf(buf + k, n - (size_t)k, "%s", _(" to fold"));
}

static void report(cli_ctx *cx, const char *out, const mu_roster_opts *o,
                   const mu_roster_stats *st)
{
    const char *paper = o->paper == MU_PAPER_A4 ? "A4" : _("letter");
    char which[160], size[96], extra[96] = "";
    if (o->format == MU_FILE_PDF && !o->page)
        mu_buf_printf(&cx->out, PL_("%s: %d page, %s", "%s: %d pages, %s",
                                    st->pages), out, st->pages, paper);
    else
        mu_buf_printf(&cx->out, _("%s: page %d of %d, %s"), out,
                      o->page ? o->page : 1, st->pages, paper);
    parts_text(o, st, which, sizeof which);
    label_size_text(o, size, sizeof size);
    if (o->style == MU_ROSTER_COMPACT)
        snprintf(extra, sizeof extra, PL_(", %d battery box, %d status boxes",
                                          ", %d battery boxes, %d status boxes",
                                          st->battery_boxes),
                 st->battery_boxes, st->status_boxes);
    mu_buf_printf(&cx->out, PL_(": %s; drawn: %d brigade card",
                                ": %s; drawn: %d brigade cards", st->brigades),
                  which, st->brigades);
    mu_buf_printf(&cx->out, PL_(", %d tick box%s", ", %d tick boxes%s",
                                st->tick_boxes), st->tick_boxes, extra);
    mu_buf_printf(&cx->out, PL_(", %d label of %s", ", %d labels of %s",
                                st->labels), st->labels, size);
    mu_buf_printf(&cx->out, _(", DP marks %d on the roster and %d on the "
                              "labels\n"), st->dp_roster, st->dp_labels);
}

/* --calibrate: one page, and what the sheet is. */
static cli_rc run_calibrate(cli_ctx *cx, const mu_roster_opts *o)
{
    const char *out = cli_str(cx, O_out);
    mu_roster_stats st;
    cli_rc rc = render_to(cx, out, NULL, o, &st);
    if (rc != CLI_OK)
        return rc;
    const mu_sheet *s = o->sheet;
    char v[6][32];
    const double mm[6] = {s->label_w, s->label_h, s->left, s->top,
                          s->pitch_x, s->pitch_y};
    for (int i = 0; i < 6; i++)
        cli_decimal_text(mm[i], -1, v[i], sizeof v[i]);
    mu_buf_printf(&cx->out, _("%s: a calibration page for %s, %s: %d x %d "
                  "labels of %s x %s mm, the first %s mm from the left and "
                  "%s mm from the top, %s mm apart across and %s mm down\n"),
                  out, s->title, s->paper == MU_PAPER_A4 ? "A4" : _("letter"),
                  s->cols, s->rows, v[0], v[1], v[2], v[3], v[4], v[5]);
    return cx->out.oom ? CLI_FAIL : CLI_OK;
}

static cli_rc run_roster(cli_ctx *cx)
{
    mu_roster_opts o;
    cli_rc rc = setup(cx, &o);
    if (rc != CLI_OK)
        return rc;
    if (cli_has(cx, O_calibrate))
        return run_calibrate(cx, &o);
    mu_error err = {0};
    mu_labels *labels = NULL;
    mu_roster *r = NULL;
    const char *lf = cli_str(cx, O_labels);
    if ((lf && mu_labels_load(lf, &labels, &err) != MU_OK) ||
        load(cx, &r, &err) != MU_OK) {
        rc = cli_fail(cx, &err);
        goto done;
    }
    o.labels = labels;
    mu_roster_stats st;
    const char *out = cli_str(cx, O_out);
    rc = render_to(cx, out, r, &o, &st);
    if (rc == CLI_OK) {
        report(cx, out, &o, &st);
        if (cx->out.oom)
            rc = CLI_FAIL;
    }
done:
    mu_roster_free(r);
    cli_warn_labels(cx, labels);
    mu_labels_free(labels);
    return rc;
}
#endif

const cli_command cmd_roster = {
    .name = "roster",
    .summary = N_("rosters and command-stand labels on paper (PDF)"),
    .doc =
        N_("Prints a roster to tick casualties on and a sheet of command-stand labels:\n"
        "per division its leader, per brigade a card with its brigadier, morale, one\n"
        "tick box per stand, the worn and spent marks of your labels file and the\n"
        "rolls that made it; corps and army totals and the reserve artillery; then\n"
        "labels with crop marks. Despicable leaders carry DP. The file is written\n"
        "whole or not at all: bad input or a path that cannot be written exits 2\n"
        "and leaves nothing behind.\n"
        "\n"
        "--compact puts three brigades a row, each with status boxes (disordered,\n"
        "low ammunition) and a notes line, a box for each battery, and a division's\n"
        "labels beside it on its page. --sheet prints the labels on a sheet of\n"
        "self-adhesive labels, one a label (sizes in mm, from the page's edges):\n"
        "  avery-l7160     A4      3 x 7 of 63.5 x 38.1, left 7.25, top 15.15\n"
        "  avery-l7163     A4      2 x 7 of 99.1 x 38.1, left 4.65, top 15.15\n"
        "  avery-5160      letter  3 x 10 of 2.625 x 1 in, left 3/16, top 1/2 in\n"
        "  zweckform-3475  A4      3 x 8 of 70 x 36, left 0, top 4.5\n"
        "--calibrate with --sheet draws where its labels are, to check a printer.\n"),
    .opts = roster_opts,
    .run = CLI_FULL_RUN(run_roster),
    .flags = CLI_FULL};
