/* SPDX-License-Identifier: MIT */
/* api.c -- GET /api/<command>?<option>=<value>... answers exactly what
 * `muster <command> --<option> <value> ... --format json` prints, because it
 * runs the CLI's own command (same table, same parser, same renderer).
 *
 * Every command is on the command table and goes through cli_invoke() as
 * {option: value} pairs, operands (the campaign FILE, DIV, NAME) as pairs
 * without a name; cli_invoke is reentrant, so requests run in parallel.
 * Everything about HTTP lives in http.c; which options a web client may
 * give, and who acts in a campaign (the token's viewer, as --as), here. */
#include "web.h"
#include "json_body.h"

#include "cli.h"

#include <errno.h>
#include <locale.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The routes are the command table's: a command marked CLI_WEB answers at
 * /api/ its name with '/' between the words ("odds fire" at
 * /api/odds/fire); CLI_WRITES says POST (else GET), CLI_CAMPAIGN that its
 * FILE is the served campaign, its operands' keys (cli_arg.key) which
 * members of the call are operands, CLI_LOCAL the options a client may
 * not give, CLI_BODY the option that is the request's body as sent (an
 * order of battle: the route takes no JSON object of options) and
 * CLI_UMPIRE a command only the umpire's link calls. This file keeps no
 * list of its own. */
#define API_NAME_MAX 64

const char *web_side_name(mu_side v)
{
    if (v == MU_SIDE_UNION || v == MU_SIDE_CONFEDERATE)
        return mu_army_name((mu_army)v);
    return v == MU_SIDE_NONE ? "umpire" : "nobody";
}

/* An option name as the CLI spells them: lower case, digits, '-'. */
static bool good_name(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 32 || s[0] == '-')
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
              s[i] == '-'))
            return false;
    return true;
}

/* {"error": msg} and, from a command's refusal, "reason" (mu_reason_name)
 * and "option" (the option whose value was refused): a page words those
 * itself. The CLI's hint, which names the tool's commands and options, is
 * left out of the message. */
static void refusal(web_reply *r, int status, const char *msg,
                    const cli_why *why)
{
    char *clean = strdup(msg); /* UTF-8, whatever it echoes */
    if (clean && why && why->hint) {
        size_t n = strlen(clean), h = strlen(why->hint);
        if (n > h + 2 && !strcmp(clean + n - h, why->hint) &&
            !strncmp(clean + n - h - 2, ": ", 2))
            clean[n - h - 2] = '\0';
    }
    mu_buf b = {0};
    if (clean) {
        web_utf8_clean(clean);
        mu_json w;
        mu_json_init(&w, &b);
        mu_json_obj(&w, NULL);
        mu_json_str(&w, "error", clean);
        if (why && why->reason != MU_R_NONE)
            mu_json_str(&w, "reason", mu_reason_name(why->reason));
        if (why && why->option && good_name(why->option))
            mu_json_str(&w, "option", why->option);
        mu_json_end(&w);
    }
    if (!clean || b.oom)
        mu_buf_free(&b);
    free(clean);
    free(r->body);
    r->status = b.p ? status : 500;
    r->type = "application/json; charset=utf-8";
    r->body = b.p;
    r->len = b.len;
}

void web_error(web_reply *r, int status, const char *msg)
{
    refusal(r, status, msg, NULL);
}

static void errorf(web_reply *r, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void errorf(web_reply *r, int status, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    web_error(r, status, msg);
}

/* The options of a call for cli_invoke: name/value pairs; a NULL name is
 * an operand. */
typedef struct pairs {
    const char *names[WEB_MAX_ARGS + 8], *values[WEB_MAX_ARGS + 8];
    size_t n;
} pairs;

static void add(pairs *p, const char *name, const char *value)
{
    p->names[p->n] = name;
    p->values[p->n++] = value;
}

/* Whether a client may not give option k: CLI_LOCAL or CLI_ONLY in cmd's
 * table, or, where cmd has no such option, in any (the refusal words it
 * better than "does not take"). */
static bool local_for(const cli_command *cmd, const char *k)
{
    const cli_opt *o = cmd ? cli_opt_find(cmd, k) : NULL;
    if (o && strcmp(k, "help"))
        return (o->flags & (CLI_LOCAL | CLI_ONLY)) != 0;
    return cli_local_option(k);
}

/* Checks one option a client gave; false after filling r. */
static bool allowed(const cli_command *cmd, const char *k, const char *v,
                    web_reply *r)
{
    uint64_t n; /* a cap's number, in the one number grammar (cli_number) */
    if (!good_name(k)) {
        errorf(r, 400, _("unknown option '%.40s': options are words like "
               "weapon, range, army"), k);
        return false;
    }
    if (local_for(cmd, k)) {
        errorf(r, 400, _("%s: not an option of the web API (it names the "
               "server's files or terminal)"), k);
        return false;
    }
    if (!strcmp(k, "format") && strcmp(v, "json")) {
        errorf(r, 400, _("format: the API answers json only, not '%.40s'"), v);
        return false;
    }
    if (!strcmp(k, "as")) {
        errorf(r, 400, _("as: the link's token says who is acting"));
        return false;
    }
    if (!strcmp(k, "count") && !cli_number(v, 0, WEB_MAX_COUNT, &n)) {
        errorf(r, 400, _("count: the web API generates at most %d divisions "
               "at once, not '%.40s'"), WEB_MAX_COUNT, v);
        return false;
    }
    if ((!strcmp(k, "trials") || !strcmp(k, "n")) &&
        !cli_number(v, 0, WEB_MAX_TRIALS, &n)) {
        errorf(r, 400, _("trials: the web API simulates at most %d trials at "
               "once, not '%.40s'"), WEB_MAX_TRIALS, v);
        return false;
    }
    /* A simulation runs on one of the server's threads for at most
     * WEB_SIM_SECONDS (its time budget, added when not given): a few
     * requests cannot hold every worker. */
    if (!strcmp(k, "time-limit") && !cli_number(v, 0, WEB_SIM_SECONDS, &n)) {
        errorf(r, 400, _("time-limit: the web API simulates for at most %d "
               "seconds at once, not '%.40s'"), WEB_SIM_SECONDS, v);
        return false;
    }
    if (!strcmp(k, "threads") && !cli_number(v, 0, 1, &n)) {
        errorf(r, 400, _("threads: the web API simulates on one thread, not "
               "'%.40s'"), v);
        return false;
    }
    return true;
}

/* The value of the call's member `name` (an option or an operand's key),
 * or NULL. */
static const char *member(const web_call *c, const char *name)
{
    for (size_t i = 0; i < c->nargs; i++)
        if (!strcmp(c->args[i].name, name))
            return c->args[i].value;
    return NULL;
}

/* The budget of a simulation the client did not give: one thread,
 * WEB_SIM_SECONDS. */
static void sim_budget(const web_call *c, const cli_command *cmd, pairs *p)
{
#define SECONDS_(n) #n
#define SECONDS(n) SECONDS_(n) /* a constant: the server's threads share it */
    if (strncmp(cmd->name, "sim ", 4))
        return;
    if (!member(c, "time-limit") && cli_opt_find(cmd, "time-limit"))
        add(p, "time-limit", SECONDS(WEB_SIM_SECONDS));
    if (!member(c, "threads") && cli_opt_find(cmd, "threads"))
        add(p, "threads", "1");
}

/* Whether `k` is the key of one of cmd's operands. */
static bool operand_key(const cli_command *cmd, const char *k)
{
    for (const cli_arg *a = cmd->args; a && a->metavar; a++)
        if (a->key && !strcmp(a->key, k))
            return true;
    return false;
}

/* The pairs of a call: [FILE] OPERANDS... options [as] format. */
static bool build(const web_call *c, const cli_command *cmd, pairs *p,
                  web_reply *r)
{
    bool camp = (cmd->flags & CLI_CAMPAIGN) != 0;
    if (c->nargs > WEB_MAX_ARGS) {
        errorf(r, 400, _("too many options: at most %d"), WEB_MAX_ARGS);
        return false;
    }
    pairs opts = {.n = 0};
    for (size_t i = 0; i < c->nargs; i++) {
        const char *k = c->args[i].name, *v = c->args[i].value;
        if (operand_key(cmd, k))
            continue;
        if (!allowed(cmd, k, v, r))
            return false;
        if (strcmp(k, "format"))
            add(&opts, k, v); /* the table knows switches from values */
    }
    /* (a command of no campaign names its operands by key: plot figure) */
    for (const cli_arg *a = cmd->args; a && a->metavar; a++) {
        const char *v = a->key ? member(c, a->key) : camp ? c->campaign : NULL;
        if (!v && !a->optional && camp) {
            errorf(r, 400, "%s", a->missing ? a->missing : _("give it"));
            return false;
        }
        if (v)
            add(p, NULL, v);
    }
    if (camp) {
        /* The token's viewer acts, exactly as with the CLI's --as: the
         * campaign refuses, masks and answers for that side. */
        if (c->viewer != MU_SIDE_NONE)
            add(p, "as", web_side_name(c->viewer));
        /* the ledger with each brigade's status, where the server has the
         * players' labels (a client may not name a file: CLI_LOCAL) */
        if (c->labels && cmd == &cmd_campaign_show)
            add(p, "labels", c->labels);
    }
    for (size_t i = 0; i < opts.n; i++)
        add(p, opts.names[i], opts.values[i]);
    sim_budget(c, cmd, p);
    /* what prints JSON anyway has none; a chart refuses it */
    const cli_opt *f = cli_opt_find(cmd, "format");
    if (f && !(f->flags & CLI_REFUSED))
        add(p, "format", "json");
    return true;
}

/* The command at /api/PATH (plot: /plot/PATH, a command of "plot"): its
 * words joined by '/'; NULL when there is none, or it is not served. */
static const cli_command *find(const char *path, bool plot)
{
    char name[API_NAME_MAX];
    int n = snprintf(name, sizeof name, "%s%s", plot ? "plot " : "", path);
    if (!*path || n < 0 || (size_t)n >= sizeof name || strchr(path, ' '))
        return NULL;
    for (char *q = name; *q; q++)
        *q = *q == '/' ? ' ' : *q;
    const cli_command *cmd = cli_find(name);
    return cmd && (plot || (cmd->flags & CLI_WEB)) ? cmd : NULL;
}

bool web_api_heavy(const char *path, bool plot)
{
    const cli_command *cmd = find(path, plot);
    return cmd && (cmd->flags & CLI_HEAVY);
}

const char *web_api_body_option(const char *path)
{
    const cli_command *cmd = find(path, false);
    for (const cli_opt *o = cmd ? cmd->opts : NULL; o && o->name; o++)
        if (o->flags & CLI_BODY)
            return o->name;
    return NULL;
}

/* Runs the command; *out and *errs malloc'd; -1 when out of memory. */
static int run(const cli_shared *shared, const cli_command *cmd,
               const pairs *p, char **out, size_t *outlen, char **errs,
               cli_why *why)
{
    *out = *errs = NULL;
    int rc = (int)cli_invoke(shared, cmd->name, p->names, p->values, p->n,
                             out, errs, why);
    if (!*errs)
        *errs = calloc(1, 1);
    if (!*out)
        *out = calloc(1, 1);
    if (!*out || !*errs) {
        free(*out);
        free(*errs);
        *out = *errs = NULL;
        return -1;
    }
    *outlen = strlen(*out);
    return rc;
}

/* "7", "7-9" or "7,9-10": the events the call recorded, by the ids its
 * own writes gave them (so another writer's, between, are never named). */
static void events_of(const cli_why *why, char out[WEB_EVENTS_MAX])
{
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < why->appended; i++) {
        int k = why->first[i] == why->last[i]
                    ? snprintf(out + n, WEB_EVENTS_MAX - n, "%s%lld",
                               i ? "," : "", (long long)why->first[i])
                    : snprintf(out + n, WEB_EVENTS_MAX - n, "%s%lld-%lld",
                               i ? "," : "", (long long)why->first[i],
                               (long long)why->last[i]);
        if (k < 0 || (size_t)k >= WEB_EVENTS_MAX - n)
            break; /* cannot happen: 8 runs of two 19-digit ids fit */
        n += (size_t)k;
    }
}

/* Why the call is not run, in r; false when it may be. */
static bool refused(const web_call *c, const cli_command *rt, web_reply *r)
{
    if (c->plot && c->post) /* charts need no token: nothing of a campaign */
        errorf(r, 405, _("GET a chart"));
    else if ((rt->flags & CLI_CAMPAIGN) && !c->campaign)
        errorf(r, 404, _("no campaign is served here: start 'muster serve "
               "--campaign FILE'"));
    else if (!(rt->flags & CLI_WRITES) != !c->post)
        errorf(r, 405, "%s %s: %s", c->post ? "POST" : "GET", c->path,
               c->post ? _("this reads: use GET")
                       : _("this changes the campaign: use POST with a JSON body"));
    else if (c->viewer == MU_SIDE_UNSAID && (rt->flags & CLI_CAMPAIGN))
        errorf(r, 403, _("forbidden"));
    else if ((rt->flags & CLI_UMPIRE) && c->viewer != MU_SIDE_NONE)
        errorf(r, 403, _("%s: the umpire's link only"), c->path);
    else
        return false;
    return true;
}

/* A chart's command writes the picture to a file, by rename: a fresh name
 * in the temporary folder (path), given as --out, read back and removed. */
static bool plot_file(pairs *p, char path[512], web_reply *r)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(path, 512, "%s/muster-plot-XXXXXX.svg",
             tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemps(path, 4);
    if (fd < 0) {
        errorf(r, 500, _("cannot make a temporary file: %s"), strerror(errno));
        return false;
    }
    close(fd);
    add(p, "out", path);
    return true;
}

/* A command's call, or a chart's (c->plot: the SVG it wrote is the
 * answer, and a refusal has no reason or option). */
static void api_call(const web_call *c, const cli_command *rt, web_reply *r)
{
    pairs p = {.n = 0};
    char path[512];
    if (refused(c, rt, r) || !build(c, rt, &p, r) ||
        (c->plot && !plot_file(&p, path, r)))
        return;
    char *out, *errs;
    size_t outlen;
    cli_why why = {.request_key = c->request_key,
                   .request_what = c->request_what};
    int rc = run(c->shared, rt, &p, &out, &outlen, &errs, &why);
    mu_error err = {0};
    if (c->plot) {
        free(out);
        out = NULL;
        if (rc == CLI_OK && mu_file_read(path, &out, &outlen, &err) != MU_OK)
            rc = CLI_FAIL;
        unlink(path);
    }
    if (rc < 0) {
        errorf(r, 500, _("out of memory"));
        return;
    }
    events_of(&why, r->events);
    if (rc == CLI_OK) {
        free(errs);
        r->status = 200;
        /* a picture (campaign report --charts) is served as one */
        r->type = c->plot || (outlen > 5 && !strncmp(out, "<?xml", 5))
                      ? "image/svg+xml" : "application/json; charset=utf-8";
        r->body = out;
        r->len = outlen;
        return;
    }
    refusal(r, rc == CLI_INPUT ? 400 : 500,
            *errs ? errs : !c->plot ? _("the command failed")
                         : out ? _("the chart failed") : err.msg,
            c->plot ? NULL : &why);
    r->reason = why.reason;
    free(out);
    free(errs);
}

/* The API answers in the C locale's words (the messages' English msgids)
 * whatever the server's own language: a page chooses its words itself
 * (from "reason" and "option"), and an English page on a server started
 * in German must not get German refusals. The locale is the calling
 * thread's only (uselocale); gettext ignores LANGUAGE under "C". */
static locale_t c_words;
static void c_words_make(void)
{
    c_words = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

/* A command's call or a chart's, with this thread in the C locale. */
void web_api(const web_call *c, web_reply *r)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, c_words_make);
    locale_t was = c_words ? uselocale(c_words) : (locale_t)0;
    const cli_command *cmd = find(c->path, c->plot);
    memset(r, 0, sizeof *r);
    if (!cmd && c->plot)
        errorf(r, 404, _("no chart '%.60s': /plot/curves, /plot/figure, "
               "/plot/odds/fire... as 'muster plot' draws them"), c->path);
    else if (!cmd)
        errorf(r, 404, _("no command '%.60s': see muster(1) for the commands "
               "(GET /api/division?army=union)"), c->path);
    else
        api_call(c, cmd, r);
    if (was)
        uselocale(was);
}
