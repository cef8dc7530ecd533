/* api.c -- GET /api/<command>?<option>=<value>... answers exactly what
 * `muster <command> --<option> <value> ... --format json` prints, because it
 * runs the CLI's own command (same parser, same renderer) on those options.
 *
 * Every command is on the command table and goes through cli_invoke() as
 * {option: value} pairs, operands (the campaign FILE, DIV, NAME) as pairs
 * without a name (reentrant: requests run in parallel). The argv path below
 * (run_captured) serves no route any more.
 * Everything about HTTP lives in http.c; everything about which option a
 * web client may give, and which viewer acts, lives here. */
#include "web.h"

#include "cli.h"

#include <cjson/cJSON.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a route needs and allows. */
enum {
    R_CAMPAIGN = 1 << 0, /* runs on the served campaign file */
    R_WRITE = 1 << 1,    /* changes it: POST only */
    R_DIV = 1 << 2,      /* `div` is the DIV operand */
    R_NAME = 1 << 3      /* `name` is the NAME operand */
};

typedef struct route {
    const char *path;     /* after /api/ */
    const char *words[3]; /* argv after "muster" (campaign: before FILE) */
    const char *after;    /* a word after FILE ("start"), or NULL */
    int (*run)(int argc, char **argv); /* NULL: on the command table */
    unsigned flags;
} route;

static const route routes[] = {
    {"division", {"division"}, NULL, NULL, 0},
    {"corps", {"corps"}, NULL, NULL, 0},
    {"battle", {"battle"}, NULL, NULL, 0},
    {"fire", {"fire"}, NULL, NULL, 0},
    {"curve", {"curve"}, NULL, NULL, 0},
    {"odds/division", {"odds", "division"}, NULL, NULL, 0},
    {"odds/corps", {"odds", "corps"}, NULL, NULL, 0},
    {"odds/battle", {"odds", "battle"}, NULL, NULL, 0},
    {"odds/fire", {"odds", "fire"}, NULL, NULL, 0},
    {"odds/charge", {"odds", "charge"}, NULL, NULL, 0},
    {"sim/division", {"sim", "division"}, NULL, NULL, 0},
    {"sim/corps", {"sim", "corps"}, NULL, NULL, 0},
    {"sim/fire", {"sim", "fire"}, NULL, NULL, 0},
    {"campaign/show", {"campaign", "show"}, NULL, NULL,
     R_CAMPAIGN},
    {"campaign/log", {"campaign", "log"}, NULL, NULL,
     R_CAMPAIGN},
    {"campaign/prisoners", {"campaign", "prisoners"}, NULL, NULL,
     R_CAMPAIGN},
    {"campaign/add", {"campaign", "add"}, NULL, NULL,
     R_CAMPAIGN | R_WRITE},
    {"campaign/engage", {"campaign", "engage"}, NULL, NULL,
     R_CAMPAIGN | R_WRITE | R_DIV},
    {"campaign/reveal", {"campaign", "reveal"}, NULL, NULL,
     R_CAMPAIGN | R_WRITE | R_DIV},
    {"campaign/battle/start", {"campaign", "battle"}, "start", NULL,
     R_CAMPAIGN | R_WRITE | R_NAME},
    {"campaign/battle/end", {"campaign", "battle"}, "end", NULL,
     R_CAMPAIGN | R_WRITE},
    {"campaign/casualties", {"campaign", "casualties"}, NULL, NULL,
     R_CAMPAIGN | R_WRITE | R_DIV},
    {"campaign/exchange", {"campaign", "exchange"}, NULL, NULL,
     R_CAMPAIGN | R_WRITE},
    {"campaign/liberate", {"campaign", "liberate"}, NULL, NULL,
     R_CAMPAIGN | R_WRITE},
    {"campaign/leader-lost", {"campaign", "leader-lost"}, NULL, NULL,
     R_CAMPAIGN | R_WRITE | R_DIV},
    {"campaign/penalty", {"campaign", "penalty"}, NULL, NULL,
     R_CAMPAIGN | R_WRITE},
    {"campaign/downgrade", {"campaign", "downgrade"}, NULL, NULL,
     R_CAMPAIGN | R_WRITE | R_DIV},
};
#define NROUTES (sizeof routes / sizeof *routes)

/* Switches: given bare (`?cover`) or true/false. Every other option takes
 * a value and goes to the command as --name=value. */
static const char *const switches[] = {
    "cover", "yards", "no-canister", "no-roll", "by-the-book", "hidden",
    "corps-leader", "no-point-blank"};

/* Options a web client may not give: they name files on the server, read
 * the server's terminal, or choose what the server's processors do. */
static const char *const refused[] = {"ask", "rules", "labels", "help",
                                      "threads", "commitment", "salt"};

bool web_api_sides_can_write(void)
{
    return true; /* the campaign keeps the secrets: --as, mu_campaign_act_as */
}

const char *web_viewer_name(web_viewer v)
{
    switch (v) {
    case WEB_UMPIRE: return "umpire";
    case WEB_UNION: return "union";
    case WEB_CONFEDERATE: return "confederate";
    default: return "nobody";
    }
}

void web_error(web_reply *r, int status, const char *msg)
{
    cJSON *o = cJSON_CreateObject();
    char *s = NULL;
    if (o && cJSON_AddStringToObject(o, "error", msg))
        s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    free(r->body);
    r->status = s ? status : 500;
    r->type = "application/json; charset=utf-8";
    r->body = s;
    r->len = s ? strlen(s) : 0;
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

static bool in(const char *name, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(name, list[i]))
            return true;
    return false;
}

#define IN(name, list) in(name, list, sizeof list / sizeof *list)

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

/* The words of one call, owned: a, or "a=b" when b is given. */
typedef struct words {
    char *v[2 * WEB_MAX_ARGS + 16];
    int n;
} words;

static bool push(words *w, const char *a, const char *b)
{
    if (w->n >= (int)(sizeof w->v / sizeof *w->v) - 1)
        return false;
    size_t la = strlen(a), lb = b ? strlen(b) : 0;
    char *s = malloc(la + (b ? lb + 1 : 0) + 1);
    if (!s)
        return false;
    memcpy(s, a, la);
    if (b) {
        s[la] = '=';
        memcpy(s + la + 1, b, lb);
        la += lb + 1;
    }
    s[la] = '\0';
    w->v[w->n++] = s;
    w->v[w->n] = NULL;
    return true;
}

static void words_free(words *w)
{
    for (int i = 0; i < w->n; i++)
        free(w->v[i]);
    w->n = 0;
}

static bool truthy(const char *v, bool *on)
{
    if (!*v || !strcmp(v, "1") || !strcmp(v, "true") || !strcmp(v, "on") ||
        !strcmp(v, "yes"))
        return *on = true;
    if (!strcmp(v, "0") || !strcmp(v, "false") || !strcmp(v, "off") ||
        !strcmp(v, "no"))
        return !(*on = false);
    return false;
}

/* A whole number no more than max, for the API's caps. */
static bool capped(const char *v, unsigned long long max)
{
    char *end;
    unsigned long long n = strtoull(v, &end, 10);
    return *v >= '0' && *v <= '9' && !*end && n <= max;
}

/* The options of a call for cli_invoke: name/value pairs. */
typedef struct pairs {
    const char *names[WEB_MAX_ARGS + 8], *values[WEB_MAX_ARGS + 8];
    size_t n;
} pairs;

/* Turns the call's options into pairs (commands on the table) or words
 * (the others); false after filling r. */
static bool options(const web_call *c, const route *rt, words *w, pairs *p,
                    const char **div, const char **name, web_reply *r)
{
    for (size_t i = 0; i < c->nargs; i++) {
        const char *k = c->args[i].name, *v = c->args[i].value;
        if (!good_name(k)) {
            errorf(r, 400, "unknown option '%.40s': options are words like "
                   "weapon, range, army", k);
            return false;
        }
        if ((rt->flags & R_DIV) && !strcmp(k, "div")) {
            *div = v;
            continue;
        }
        if ((rt->flags & R_NAME) && !strcmp(k, "name")) {
            *name = v;
            continue;
        }
        if (IN(k, refused)) {
            errorf(r, 400, "%s: not an option of the web API (it names the "
                   "server's files or terminal)", k);
            return false;
        }
        if (!strcmp(k, "format")) {
            if (strcmp(v, "json")) {
                errorf(r, 400, "format: the API answers json only, not "
                       "'%.40s'", v);
                return false;
            }
            continue;
        }
        if (!strcmp(k, "as")) {
            errorf(r, 400, "as: the link's token says who is acting");
            return false;
        }
        if (!strcmp(k, "count") && !capped(v, WEB_MAX_COUNT)) {
            errorf(r, 400, "count: the web API generates at most %d "
                   "divisions at once, not '%.40s'", WEB_MAX_COUNT, v);
            return false;
        }
        if ((!strcmp(k, "trials") || !strcmp(k, "n")) &&
            !capped(v, WEB_MAX_TRIALS)) {
            errorf(r, 400, "trials: the web API simulates at most %d "
                   "trials at once, not '%.40s'", WEB_MAX_TRIALS, v);
            return false;
        }
        if (!rt->run) { /* the table knows switches from values */
            p->names[p->n] = k;
            p->values[p->n++] = v;
            continue;
        }
        /* Two words, as a person types them: getopt gives a value that
         * starts with '-' to the option before it all the same. */
        char opt[40] = "--";
        memcpy(opt + 2, k, strlen(k) + 1);
        bool ok;
        if (IN(k, switches)) {
            bool on;
            if (!truthy(v, &on)) {
                errorf(r, 400, "%s: a switch is true or false, not "
                       "'%.40s'", k, v);
                return false;
            }
            ok = !on || push(w, opt, NULL);
        } else {
            ok = push(w, opt, NULL) && push(w, v, NULL);
        }
        if (!ok) {
            errorf(r, 500, "out of memory");
            return false;
        }
    }
    return true;
}

/* A campaign command's operands (FILE [after] [DIV] [NAME]), the viewer
 * (--as) and json, as pairs for cli_invoke. */
static void campaign_pairs(const web_call *c, const route *rt, const char *div,
                           const char *name, pairs *p)
{
    const char *ops[] = {c->campaign, rt->after, div, name};
    for (size_t i = 0; i < 4; i++)
        if (ops[i]) {
            p->names[p->n] = NULL;
            p->values[p->n++] = ops[i];
        }
    if (c->viewer != WEB_UMPIRE) {
        p->names[p->n] = "as";
        p->values[p->n++] = web_viewer_name(c->viewer);
    }
    if (strcmp(rt->path, "campaign/check")) {
        p->names[p->n] = "format";
        p->values[p->n++] = "json";
    }
}

/* Builds argv: "muster" words [FILE [after] [DIV] [NAME]] options --format;
 * for a command on the table, the pairs and format json. */
static bool build(const web_call *c, const route *rt, words *w, pairs *p,
                  web_reply *r)
{
    const char *div = NULL, *name = NULL;
    words opts = {.n = 0};
    bool ok = push(w, "muster", NULL);
    for (int i = 0; ok && i < 3 && rt->words[i]; i++)
        ok = push(w, rt->words[i], NULL);
    if (!ok) {
        errorf(r, 500, "out of memory");
        return false;
    }
    if (!options(c, rt, &opts, p, &div, &name, r)) {
        words_free(&opts);
        return false;
    }
    if (!rt->run && !(rt->flags & R_CAMPAIGN)) {
        p->names[p->n] = "format";
        p->values[p->n++] = "json";
        return true;
    }
    if (rt->flags & R_CAMPAIGN) {
        ok = push(w, c->campaign, NULL);
        if (ok && rt->after)
            ok = push(w, rt->after, NULL);
        if ((rt->flags & R_DIV) && !div) {
            words_free(&opts);
            errorf(r, 400, "div: which division? give div=N (its number "
                   "in the ledger)");
            return false;
        }
        if ((rt->flags & R_NAME) && !name) {
            words_free(&opts);
            errorf(r, 400, "name: give the battle a name");
            return false;
        }
        /* An operand that looks like an option would be read as one. */
        if ((div && (*div == '-' || !*div)) || (name && (*name == '-' || !*name))) {
            words_free(&opts);
            errorf(r, 400, "%s: '%.40s' is not a %s", div ? "div" : "name",
                   div ? div : name, div ? "division number" : "battle name");
            return false;
        }
        if (!rt->run) {
            campaign_pairs(c, rt, div, name, p);
            words_free(&opts);
            return true;
        }
        if (ok && div)
            ok = push(w, div, NULL);
        if (ok && name)
            ok = push(w, name, NULL);
        /* The token's viewer acts, exactly as with the CLI's --as: the
         * campaign refuses, masks and answers for that side. */
        if (ok && c->viewer != WEB_UMPIRE)
            ok = push(w, "--as", NULL) &&
                 push(w, web_viewer_name(c->viewer), NULL);
    }
    for (int i = 0; ok && i < opts.n; i++) {
        ok = push(w, opts.v[i], NULL);
    }
    words_free(&opts);
    if (ok && strcmp(rt->path, "campaign/check"))
        ok = push(w, "--format", NULL) && push(w, "json", NULL);
    if (!ok)
        errorf(r, 500, "out of memory");
    return ok;
}

static const route *find(const char *path)
{
    for (size_t i = 0; i < NROUTES; i++)
        if (!strcmp(path, routes[i].path))
            return &routes[i];
    return NULL;
}

/* ---- running a command ---------------------------------------------------- */

/* A command on the table: its name is the route's words ("odds fire"). */
static int run_table(const route *rt, const pairs *p, char **out,
                     size_t *outlen, char **errs, size_t *errlen)
{
    char name[64] = "";
    for (int i = 0; i < 3 && rt->words[i]; i++)
        snprintf(name + strlen(name), sizeof name - strlen(name), "%s%s",
                 i ? " " : "", rt->words[i]);
    *out = *errs = NULL;
    int rc = (int)cli_invoke(name, p->names, p->values, p->n, out, errs);
    if (!*errs)
        *errs = calloc(1, 1);
    if (!*out)
        *out = calloc(1, 1);
    if (!*out || !*errs) {
        free(*out);
        free(*errs);
        return -1;
    }
    *outlen = strlen(*out);
    *errlen = strlen(*errs);
    return rc;
}

/* The commands not on the table print and parse with getopt: one at a
 * time. */
static pthread_mutex_t cli_lock = PTHREAD_MUTEX_INITIALIZER;

static int run_captured(const route *rt, words *w, char **out, size_t *outlen,
                        char **errs, size_t *errlen)
{
    *out = *errs = NULL;
    *outlen = *errlen = 0;
    FILE *mo = open_memstream(out, outlen);
    FILE *me = mo ? open_memstream(errs, errlen) : NULL;
    if (!me) {
        if (mo)
            fclose(mo);
        free(*out);
        *out = NULL;
        return -1;
    }
    pthread_mutex_lock(&cli_lock);
    FILE *so = stdout, *se = stderr;
    stdout = mo;
    stderr = me;
    /* argv words are ours: getopt may permute them */
    int rc = rt->run(w->n - 1, w->v + 1);
    stdout = so;
    stderr = se;
    pthread_mutex_unlock(&cli_lock);
    fclose(mo);
    fclose(me);
    return rc;
}

/* "muster: what went wrong\n" -> "what went wrong" (lines joined by "; "). */
static void cli_message(char *s)
{
    char *o = s;
    for (char *p = s; *p;) {
        if (!strncmp(p, "muster: ", 8))
            p += 8;
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (o != s && n) {
            memcpy(o, "; ", 2);
            o += 2;
        }
        memmove(o, p, n);
        o += n;
        p += n + (nl != NULL);
    }
    *o = '\0';
}

void web_api(const web_call *c, web_reply *r)
{
    memset(r, 0, sizeof *r);
    const route *rt = find(c->path);
    if (!rt) {
        errorf(r, 404, "no command '%.60s': see muster(1) for the commands "
               "(GET /api/division?army=union)", c->path);
        return;
    }
    if ((rt->flags & R_CAMPAIGN) && !c->campaign) {
        errorf(r, 404, "no campaign is served here: start 'muster serve "
               "--campaign FILE'");
        return;
    }
    if (!(rt->flags & R_WRITE) != !c->post) {
        errorf(r, 405, "%s %s: %s", c->post ? "POST" : "GET", c->path,
               c->post ? "this reads: use GET"
                       : "this changes the campaign: use POST with a JSON body");
        return;
    }
    if (c->viewer == WEB_NOBODY) {
        errorf(r, 403, "forbidden");
        return;
    }
    if (c->nargs > WEB_MAX_ARGS) {
        errorf(r, 400, "too many options: at most %d", WEB_MAX_ARGS);
        return;
    }
    words w = {.n = 0};
    pairs p = {.n = 0};
    if (!build(c, rt, &w, &p, r)) {
        words_free(&w);
        return;
    }
    char *out, *errs;
    size_t outlen, errlen;
    int rc = rt->run ? run_captured(rt, &w, &out, &outlen, &errs, &errlen)
                     : run_table(rt, &p, &out, &outlen, &errs, &errlen);
    words_free(&w);
    if (rc < 0) {
        errorf(r, 500, "out of memory");
        return;
    }
    if (rc == CLI_OK) {
        free(errs);
        r->status = 200;
        r->type = "application/json; charset=utf-8";
        r->body = out;
        r->len = outlen;
        return;
    }
    free(out);
    cli_message(errs);
    web_error(r, rc == CLI_INPUT ? 400 : 500,
              *errs ? errs : "the command failed");
    free(errs);
}
