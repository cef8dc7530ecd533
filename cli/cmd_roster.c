/* cmd_roster.c -- muster roster: a division, corps, battle or campaign on
 * paper (PDF, or one page as PNG or SVG). A thin client of mu_roster_*. */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

const char help_roster[] =
    "usage: muster roster (--from FILE|- | --campaign FILE [--side S]) --out FILE\n"
    "                     [--paper a4|letter] [--labels FILE] [--base WxH]\n"
    "                     [--page N] [--dpi N] [--title TEXT]\n\n"
    "Prints a roster to tick casualties on and a sheet of command-stand labels:\n"
    "per division its leader, per brigade a card with its brigadier, morale, one\n"
    "tick box per stand, the worn and spent marks of your labels file and the\n"
    "rolls that made it; corps and army totals and the reserve artillery; then\n"
    "labels with crop marks. Despicable leaders carry DP.\n\n"
    "  --from FILE      muster's JSON of a division, corps or battle ('-': standard\n"
    "                   input), e.g. muster battle --format json | muster roster\n"
    "                   --from - --out battle.pdf\n"
    "  --campaign FILE  a campaign's divisions as they stand now\n"
    "  --side S         union or confederate: only that side's divisions (a\n"
    "                   hidden division of the other side is never printed)\n"
    "  --out FILE       FILE.pdf (every page), FILE.png or FILE.svg (one page)\n"
    "  --paper P        a4 or letter; default $PAPERSIZE, then /etc/papersize,\n"
    "                   else a4\n"
    "  --labels FILE    worn/spent thresholds (see 'muster help division')\n"
    "  --base WxH       label size in mm, 15..120 each: 30x30 (default), 40x20,\n"
    "                   40x40, 25x50, ...\n"
    "  --page N         only page N (PNG and SVG: default 1)\n"
    "  --dpi N          PNG resolution, 50..600 (default 150)\n"
    "  --title TEXT     the title in every page header\n\n"
    "The file is written whole or not at all: bad input or a path that cannot\n"
    "be written exits 2 and leaves nothing behind.\n";

enum {
    R_FROM = OPT_FIRST_LOCAL, R_CAMPAIGN, R_SIDE, R_OUT, R_PAPER, R_BASE,
    R_PAGE, R_DPI, R_TITLE
};

static const struct option roster_options[] = {
    {"from", required_argument, NULL, R_FROM},
    {"campaign", required_argument, NULL, R_CAMPAIGN},
    {"side", required_argument, NULL, R_SIDE},
    {"out", required_argument, NULL, R_OUT},
    {"paper", required_argument, NULL, R_PAPER},
    {"labels", required_argument, NULL, OPT_LABELS},
    {"base", required_argument, NULL, R_BASE},
    {"page", required_argument, NULL, R_PAGE},
    {"dpi", required_argument, NULL, R_DPI},
    {"title", required_argument, NULL, R_TITLE},
    {"help", no_argument, NULL, OPT_HELP},
    {NULL, 0, NULL, 0}};

typedef struct roster_args {
    const char *from, *campaign, *out, *labels, *title;
    int side; /* MU_VIEW_ALL or an army */
    bool has_paper;
    mu_roster_opts o;
} roster_args;

/* The paper paperconf would name: $PAPERSIZE, then the first word of
 * /etc/papersize, else A4. Sizes muster does not print on fall back to A4. */
static mu_paper default_paper(void)
{
    char buf[64] = "";
    const char *env = getenv("PAPERSIZE");
    if (env && *env) {
        snprintf(buf, sizeof buf, "%s", env);
    } else {
        FILE *f = fopen("/etc/papersize", "r");
        char line[128];
        while (f && fgets(line, sizeof line, f)) {
            char *p = line + strspn(line, " \t");
            if (*p == '#' || *p == '\n' || !*p)
                continue;
            p[strcspn(p, " \t\r\n")] = '\0';
            snprintf(buf, sizeof buf, "%s", p);
            break;
        }
        if (f)
            fclose(f);
    }
    mu_paper p = MU_PAPER_A4;
    mu_error err;
    if (*buf && mu_paper_parse(buf, &p, &err) != MU_OK)
        p = MU_PAPER_A4;
    return p;
}

static int parse_args(int argc, char **argv, roster_args *a)
{
    memset(a, 0, sizeof *a);
    a->side = MU_VIEW_ALL;
    optind = 1;
    opterr = 0;
    int c;
    long n;
    mu_error err;
    while ((c = getopt_long(argc, argv, "", roster_options, NULL)) != -1) {
        switch (c) {
        case R_FROM: a->from = optarg; break;
        case R_CAMPAIGN: a->campaign = optarg; break;
        case R_OUT: a->out = optarg; break;
        case OPT_LABELS: a->labels = optarg; break;
        case R_TITLE: a->title = optarg; break;
        case R_SIDE: {
            mu_army s;
            if (mu_army_parse(optarg, &s, &err) != MU_OK)
                return cli_fail(&err);
            a->side = (int)s;
            break;
        }
        case R_PAPER:
            if (mu_paper_parse(optarg, &a->o.paper, &err) != MU_OK)
                return cli_fail(&err);
            a->has_paper = true;
            break;
        case R_BASE:
            if (mu_base_parse(optarg, &a->o.base_w, &a->o.base_h, &err) != MU_OK)
                return cli_fail(&err);
            break;
        case R_PAGE:
            if (!cli_int("page", optarg, 1, 100000, &n))
                return EXIT_INPUT;
            a->o.page = (int)n;
            break;
        case R_DPI:
            if (!cli_int("dpi", optarg, 50, 600, &n))
                return EXIT_INPUT;
            a->o.dpi = (int)n;
            break;
        case OPT_HELP: return cli_help("roster");
        default: return cli_bad_option("roster", argv);
        }
    }
    if (optind < argc)
        return cli_usage("roster: unexpected argument '%s' (see 'muster help "
                         "roster')", argv[optind]);
    if (!a->from == !a->campaign)
        return cli_usage("roster: give what to print: --from FILE.json (or - "
                         "for standard input) or --campaign FILE");
    if (a->side != MU_VIEW_ALL && !a->campaign)
        return cli_usage("roster: --side belongs with --campaign");
    if (!a->out)
        return cli_usage("roster: name the file to write with --out FILE.pdf "
                         "(or .png, .svg for one page)");
    const char *dot = strrchr(a->out, '.');
    if (dot && !strcasecmp(dot, ".pdf"))
        a->o.format = MU_PAGES_PDF;
    else if (dot && !strcasecmp(dot, ".png"))
        a->o.format = MU_PAGES_PNG;
    else if (dot && !strcasecmp(dot, ".svg"))
        a->o.format = MU_PAGES_SVG;
    else
        return cli_usage("roster: --out '%s': name a .pdf, .png or .svg file",
                         a->out);
    if (a->o.dpi && a->o.format != MU_PAGES_PNG)
        return cli_usage("roster: --dpi is for a .png");
    if (!a->has_paper)
        a->o.paper = default_paper();
    return -1;
}

/* Reads all of standard input or a file (at most 16 MB). */
static mu_status slurp(const char *path, char **out, size_t *len,
                       mu_error *err)
{
    bool in = !strcmp(path, "-");
    FILE *f = in ? stdin : fopen(path, "rb");
    if (!f) {
        err->code = MU_EIO;
        err->file[0] = '\0';
        err->line = 0;
        snprintf(err->msg, sizeof err->msg, "cannot read %s: %s", path,
                 strerror(errno));
        return MU_EIO;
    }
    size_t cap = 1 << 16, n = 0, max = 16u << 20;
    char *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            char *p = cap < max ? realloc(buf, cap * 2) : NULL;
            if (!p) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = p;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    bool bad = ferror(f);
    if (!in)
        fclose(f);
    if (!buf || bad || n >= max) {
        free(buf);
        err->code = bad ? MU_EIO : MU_EINPUT;
        err->file[0] = '\0';
        err->line = 0;
        snprintf(err->msg, sizeof err->msg, "%s: %s", in ? "standard input"
                 : path, bad ? "read error" : "too large to be an order of "
                 "battle (16 MB at most)");
        return err->code;
    }
    *out = buf;
    *len = n;
    return MU_OK;
}

static mu_status load(const roster_args *a, mu_roster **r, mu_error *err)
{
    if (a->campaign) {
        mu_campaign *c;
        mu_status s = mu_campaign_open(a->campaign, &c, err);
        if (s != MU_OK)
            return s;
        s = mu_roster_from_campaign(c, (mu_viewer)a->side, r, err);
        mu_campaign_close(c);
        return s;
    }
    char *text = NULL;
    size_t len = 0;
    mu_status s = slurp(a->from, &text, &len, err);
    if (s != MU_OK)
        return s;
    mu_oob_doc doc;
    s = mu_oob_parse_json(text, len, strcmp(a->from, "-") ? a->from
                          : "standard input", &doc, err);
    free(text);
    if (s == MU_OK)
        s = mu_roster_from_oob(&doc, a->title, r, err);
    mu_oob_doc_clear(&doc);
    return s;
}

/* Output goes to a temporary file beside the target, renamed over it when
 * complete, so a failure leaves nothing half-written. */
typedef struct out_file {
    FILE *f;
    char tmp[4096];
} out_file;

static mu_status on_write(void *ud, const unsigned char *data, size_t n)
{
    out_file *o = ud;
    return fwrite(data, 1, n, o->f) == n ? MU_OK : MU_EIO;
}

static int write_error(const char *what, const char *path)
{
    return cli_usage("roster: cannot %s %s: %s", what, path, strerror(errno));
}

static int render_to(const roster_args *a, const mu_roster *r,
                     mu_roster_stats *st)
{
    out_file o;
    const char *slash = strrchr(a->out, '/');
    int dl = slash ? (int)(slash - a->out) + 1 : 0;
    if ((size_t)snprintf(o.tmp, sizeof o.tmp, "%.*s.%s.XXXXXX", dl, a->out,
                         a->out + dl) >= sizeof o.tmp)
        return cli_usage("roster: --out: the path is too long");
    int fd = mkstemp(o.tmp);
    if (fd < 0)
        return write_error("write", a->out);
    o.f = fdopen(fd, "wb");
    if (!o.f) {
        close(fd);
        unlink(o.tmp);
        return write_error("write", a->out);
    }
    mu_error err = {0};
    mu_status s = mu_roster_render(r, &a->o, on_write, &o, st, &err);
    int bad = fflush(o.f) != 0 || fsync(fileno(o.f)) != 0;
    bad |= fclose(o.f) != 0;
    if (s == MU_OK && bad) {
        unlink(o.tmp);
        return write_error("write", a->out);
    }
    if (s != MU_OK) {
        unlink(o.tmp);
        return cli_fail(&err);
    }
    /* mkstemp made it 0600: give it the mode a new file gets. */
    mode_t mask = umask(0);
    umask(mask);
    if (chmod(o.tmp, 0666 & ~mask) != 0 || rename(o.tmp, a->out) != 0) {
        int e = errno;
        unlink(o.tmp);
        errno = e;
        return write_error("write", a->out);
    }
    return EXIT_OK;
}

int cmd_roster(int argc, char **argv)
{
    roster_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc >= 0)
        return rc;
    mu_error err = {0};
    mu_labels *labels = NULL;
    mu_roster *r = NULL;
    if ((a.labels && mu_labels_load(a.labels, &labels, &err) != MU_OK) ||
        load(&a, &r, &err) != MU_OK) {
        rc = cli_fail(&err);
        goto done;
    }
    a.o.labels = labels;
    mu_roster_stats st;
    rc = render_to(&a, r, &st);
    if (rc == EXIT_OK) {
        double w, h;
        mu_paper_size(a.o.paper, &w, &h);
        if (a.o.format == MU_PAGES_PDF && !a.o.page)
            printf("%s: %d page%s, %s", a.out, st.pages, st.pages == 1 ? ""
                   : "s", a.o.paper == MU_PAPER_A4 ? "A4" : "letter");
        else
            printf("%s: page %d of %d, %s", a.out, a.o.page ? a.o.page : 1,
                   st.pages, a.o.paper == MU_PAPER_A4 ? "A4" : "letter");
        printf(" (roster pages 1-%d, labels %d-%d): %d brigade cards, %d tick "
               "boxes, %d labels of %dx%d mm; DP on %d leaders of the roster "
               "and %d labels\n", st.roster_pages, st.roster_pages + 1,
               st.pages, st.brigades, st.tick_boxes, st.labels,
               a.o.base_w ? a.o.base_w : 30, a.o.base_h ? a.o.base_h : 30,
               st.dp_roster, st.dp_labels);
        if (fflush(stdout) != 0)
            rc = EXIT_FAIL;
    }
done:
    mu_roster_free(r);
    mu_labels_free(labels);
    return rc;
}
