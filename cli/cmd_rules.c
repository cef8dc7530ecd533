/* cmd_rules.c -- muster rules show | check. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

const char help_rules[] =
    "usage: muster rules show [--rules FILE] [--format text|markdown]\n"
    "       muster rules check FILE [--kind tables|labels|weapons]\n"
    "       muster rules dump [--kind tables|weapons]\n\n"
    "show   prints the generation tables as in the seed article (the built-in\n"
    "       ones, or FILE's).\n"
    "check  validates a file: every table covers 01-00 exactly once, outcomes\n"
    "       and sections are known, every army, theater and year has its\n"
    "       tables; a labels file has worn/spent pairs that make sense; a\n"
    "       weapons file (fire curves) has a slope and max range or another\n"
    "       curve (bands, points, polynomial) for every curve, P within 0..100\n"
    "       %, and guns whose loads exist.\n"
    "       Errors say file:line. The kind is told from the file (a slope,\n"
    "       max_range or curve key means weapons) unless --kind says it.\n"
    "dump   prints the built-in tables file (--kind weapons: the weapons\n"
    "       file), to copy and edit.\n";

enum { OPT_KIND = OPT_FIRST_LOCAL };

static const struct option rules_options[] = {
    CLI_COMMON_OPTIONS,
    {"kind", required_argument, NULL, OPT_KIND},
    {NULL, 0, NULL, 0}};

/* The first [section] of a file, to tell what kind of file it is. */
static void first_section(const char *path, char *buf, size_t n)
{
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p != '[')
            continue;
        size_t len = strcspn(p + 1, "].");
        if (len >= n)
            len = n - 1;
        memcpy(buf, p + 1, len);
        buf[len] = '\0';
        break;
    }
    fclose(f);
}

/* A weapons file has curve keys, which no tables or labels file has. */
static bool has_weapon_keys(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char line[512];
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        size_t n = strcspn(p, " \t=");
        found = (n == 5 && !strncmp(p, "slope", 5)) ||
                (n == 9 && !strncmp(p, "max_range", 9)) ||
                (n == 5 && !strncmp(p, "curve", 5));
    }
    fclose(f);
    return found;
}

static int rules_check(const char *path, const char *kind)
{
    char sec[64];
    mu_error err = {0};
    if (!kind) {
        first_section(path, sec, sizeof sec);
        if (!strcmp(sec, "green") || !strcmp(sec, "veteran") || !strcmp(sec, "crack"))
            kind = "labels";
        else if (has_weapon_keys(path))
            kind = "weapons";
        else
            kind = "tables";
    }
    mu_status st;
    if (!strcmp(kind, "tables")) {
        mu_rules *r = NULL;
        st = mu_rules_load(path, &r, &err);
        mu_rules_free(r);
    } else if (!strcmp(kind, "labels")) {
        mu_labels *l = NULL;
        st = mu_labels_load(path, &l, &err);
        mu_labels_free(l);
    } else if (!strcmp(kind, "weapons")) {
        mu_weapons *w = NULL;
        st = mu_weapons_load(path, &w, &err);
        mu_weapons_free(w);
    } else {
        return cli_usage("rules check: --kind is tables, labels or weapons, "
                         "not '%s'", kind);
    }
    if (st != MU_OK)
        return cli_fail(&err);
    printf("%s: ok (%s)\n", path, kind);
    return EXIT_OK;
}

static int rules_show(const cli_common *cc)
{
    mu_error err = {0};
    mu_rules *r = NULL;
    mu_status st = cc->rules ? mu_rules_load(cc->rules, &r, &err)
                             : mu_rules_default(&r, &err);
    char *text = NULL;
    if (st == MU_OK)
        st = mu_rules_render(r, &(mu_render_opts){.format = cc->format}, &text, &err);
    mu_rules_free(r);
    if (st != MU_OK)
        return cli_fail(&err);
    int rc = cli_emit(text);
    free(text);
    return rc;
}

int cmd_rules(int argc, char **argv)
{
    cli_common cc = {.cmd = "rules"};
    const char *kind = NULL;
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", rules_options, NULL)) != -1) {
        int r = cli_common_opt(&cc, c, optarg);
        if (r < 0)
            return EXIT_INPUT;
        if (r > 0)
            continue;
        if (c == OPT_KIND)
            kind = optarg;
        else
            return cli_bad_option("rules", argv);
    }
    if (cc.help)
        return cli_help("rules");
    if (optind >= argc)
        return cli_usage("rules: say 'show', 'check FILE' or 'dump' (see "
                         "'muster help rules')");
    const char *sub = argv[optind];
    int extra = argc - optind - 1;
    if (!strcmp(sub, "show") && extra == 0) {
        if (kind && !strcmp(kind, "weapons"))
            return cli_usage("rules show: weapons are shown by 'muster curve "
                             "--weapon W' (or 'muster rules dump --kind "
                             "weapons')");
        if (kind && strcmp(kind, "tables"))
            return cli_usage("rules show: --kind is tables, not '%s'", kind);
        return rules_show(&cc);
    }
    if (!strcmp(sub, "check") && extra == 1)
        return rules_check(argv[optind + 1], kind);
    if (!strcmp(sub, "dump") && extra == 0) {
        if (kind && !strcmp(kind, "weapons"))
            return cli_emit(mu_weapons_default_text(NULL));
        if (kind && strcmp(kind, "tables"))
            return cli_usage("rules dump: --kind is tables or weapons, not "
                             "'%s'", kind);
        return cli_emit(mu_rules_default_text(NULL));
    }
    if (!strcmp(sub, "check"))
        return cli_usage("rules check: give exactly one FILE");
    return cli_usage("rules: unknown or misused '%s': say 'show', 'check FILE' "
                     "or 'dump'", sub);
}
