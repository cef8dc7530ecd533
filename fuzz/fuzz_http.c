/* SPDX-License-Identifier: MIT */
/* fuzz_http.c -- raw bytes as an HTTP request to muster serve: the gate's
 * check of the first request's head, then the request handler through
 * libmicrohttpd's own parser (a daemon without a listening socket; each
 * input is one connection over a socket pair). Whatever comes in, the
 * server must answer or close, never crash or leak, and the answer must be
 * HTTP; a JSON answer is valid UTF-8 whatever bytes the request had (its
 * query, path or body); a Host that is not one the server printed (nor this
 * computer's own) never gets an answer from /api/, /plot/ or /whoami.
 * The same bytes, and the request's body, go to the strict JSON body
 * reader, checked against cJSON both ways: what it accepts, cJSON reads as
 * one object with the same members (names distinct, strings equal, numbers
 * the same double, no NUL, UTF-8); and an object cJSON reads and writes
 * back, of strings, numbers and true/false, it accepts with the values of
 * what cJSON wrote. A refusal has a reason, in UTF-8.
 * ctest runs every file of fuzz/corpus/http through this (fuzz_replay_http,
 * fuzz/replay.c). */
#include "web.h"
#include "json_body.h"

#include <cjson/cJSON.h>

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static web_server *server;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    signal(SIGPIPE, SIG_IGN);
    web_config cfg = {0};
    mu_error err;
    if (web_server_new(&cfg, &server, &err) != MU_OK ||
        web_server_start_external(server, &err) != MU_OK)
        abort();
    /* As serve does: the address it printed, besides this computer's. */
    static const web_host printed = {"192.0.2.1", false};
    web_server_hosts(server, &printed, 1);
    return 0;
}

/* ---- the strict body reader against cJSON -------------------------------- */

/* cJSON 1.7.15 reads at most 63 characters of a number: a longer run, which
 * the strict reader may take, is where the two may differ by design. */
static bool long_number(const char *s, size_t n)
{
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        run = strchr("0123456789+-.eE", s[i]) && s[i] ? run + 1 : 0;
        if (run >= 63)
            return true;
    }
    return false;
}

/* Member i of the strict reader's answer is cJSON's `it`. */
static bool same_member(const cJSON *it, const web_arg *v)
{
    if (strcmp(it->string, v->name))
        return false;
    if (cJSON_IsString(it))
        return !strcmp(it->valuestring, v->value);
    if (cJSON_IsNumber(it))
        return strtod(v->value, NULL) == it->valuedouble;
    if (cJSON_IsTrue(it))
        return !strcmp(v->value, "true");
    if (cJSON_IsFalse(it))
        return !strcmp(v->value, "false");
    return false; /* null, an array or an object: the reader refuses them */
}

/* What the strict reader accepts, cJSON reads the same. */
static void accepted_is_json(const char *s, size_t n, const web_arg *v,
                             size_t k)
{
    const char *end = NULL;
    cJSON *o = cJSON_ParseWithLengthOpts(s, n, &end, false);
    if (!o && long_number(s, n))
        return;
    if (!cJSON_IsObject(o) || cJSON_GetArraySize(o) != (int)k)
        abort();
    for (; end < s + n; end++)
        if (!strchr(" \t\r\n", *end) || !*end)
            abort(); /* it accepted text after the object */
    size_t i = 0;
    for (const cJSON *it = o->child; it; it = it->next, i++) {
        if (!same_member(it, &v[i]) ||
            !web_utf8_ok(v[i].name, strlen(v[i].name)) ||
            !web_utf8_ok(v[i].value, strlen(v[i].value)))
            abort();
        for (size_t j = 0; j < i; j++)
            if (!strcmp(v[j].name, v[i].name))
                abort(); /* a name twice */
    }
    cJSON_Delete(o);
}

/* Could the strict reader take cJSON's `o` as cJSON writes it? Strings and
 * names in UTF-8 (cJSON lets any byte through), distinct names, numbers
 * whose digits written out fit (the reader refuses 1e300 by design). */
static bool writable(const cJSON *o)
{
    if (!cJSON_IsObject(o) || cJSON_GetArraySize(o) > WEB_MAX_ARGS)
        return false;
    for (const cJSON *it = o->child; it; it = it->next) {
        if (!web_utf8_ok(it->string, strlen(it->string)))
            return false;
        for (const cJSON *p = o->child; p != it; p = p->next)
            if (!strcmp(p->string, it->string))
                return false;
        if (cJSON_IsString(it) &&
            !web_utf8_ok(it->valuestring, strlen(it->valuestring)))
            return false;
        double x = cJSON_IsNumber(it) ? fabs(it->valuedouble) : 1;
        if (!(x == 0 || (x >= 1e-20 && x < 1e20)))
            return false;
        if (!cJSON_IsString(it) && !cJSON_IsNumber(it) && !cJSON_IsBool(it))
            return false;
    }
    return true;
}

/* An object cJSON reads and writes back, the strict reader takes, with the
 * values of what cJSON wrote: its writer rounds a number to 15 digits when
 * that reads back within an epsilon (0.9999999999999999 is written 1), so
 * the values compared are those of the text written, read again. */
static void json_is_accepted(const char *s, size_t n)
{
    cJSON *o = cJSON_ParseWithLength(s, n);
    if (!writable(o)) {
        cJSON_Delete(o);
        return;
    }
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    if (!text)
        abort();
    web_arg v[WEB_MAX_ARGS];
    size_t k = 0, i = 0;
    char *arena = NULL, why[200] = "";
    if (!web_json_object(text, strlen(text), v, WEB_MAX_ARGS, &k, &arena, why,
                         sizeof why)) {
        fprintf(stderr, "refused %s: %s\n", text, why);
        abort();
    }
    cJSON *back = cJSON_Parse(text);
    if (!back)
        abort();
    for (const cJSON *it = back->child; it; it = it->next, i++)
        if (i >= k || !same_member(it, &v[i])) {
            fprintf(stderr, "%s: member %zu read otherwise\n", text, i);
            abort();
        }
    if (i != k)
        abort();
    free(arena);
    free(text);
    cJSON_Delete(back);
}

static void strict_body(const char *s, size_t n)
{
    web_arg v[WEB_MAX_ARGS];
    size_t k = 0;
    char *arena = NULL, why[200] = "";
    bool ok = web_json_object(s, n, v, WEB_MAX_ARGS, &k, &arena, why,
                              sizeof why);
    if (!ok && !why[0])
        abort(); /* a refusal without a reason */
    if (!ok && !web_utf8_ok(why, strlen(why)))
        abort(); /* the reason echoed bytes that are not UTF-8 */
    if (ok)
        accepted_is_json(s, n, v, k);
    free(arena);
    json_is_accepted(s, n);
}

/* ---- the first request and its answer ------------------------------------ */

/* Where s[0..n) has its first empty line (the end of a head), or NULL. */
static const char *head_end(const char *s, size_t n)
{
    for (size_t i = 0; i + 4 <= n; i++)
        if (!memcmp(s + i, "\r\n\r\n", 4))
            return s + i;
    return NULL;
}

/* The value of the head's one Host line, when the head is plain enough to
 * read the way libmicrohttpd does: CRLF only, no folded line, one Host,
 * printable ASCII. NULL otherwise (nothing is then asserted). */
static const char *plain_host(const char *head, size_t n, char *buf,
                              size_t bn)
{
    const char *host = NULL;
    size_t hn = 0;
    for (size_t i = 0; i < n; i++)
        if ((head[i] == '\n' && (!i || head[i - 1] != '\r')) ||
            (head[i] == '\r' && (i + 1 >= n || head[i + 1] != '\n')) ||
            (unsigned char)head[i] >= 0x7f || !head[i])
            return NULL;
    for (const char *l = memchr(head, '\n', n); l && l + 1 < head + n;
         l = memchr(l + 1, '\n', (size_t)(head + n - l - 1))) {
        const char *p = l + 1;
        if (*p == ' ' || *p == '\t')
            return NULL; /* a folded line */
        if ((size_t)(head + n - p) > 4 && !strncasecmp(p, "host", 4)) {
            if (host || p[4] != ':')
                return NULL; /* two, or one libmicrohttpd may read so */
            host = p + 5;
            while (*host == ' ' || *host == '\t')
                host++;
            const char *e = memchr(host, '\r', (size_t)(head + n - host));
            while (e > host && (e[-1] == ' ' || e[-1] == '\t'))
                e--;
            hn = (size_t)(e - host);
        }
    }
    if (!host || !hn || hn >= bn)
        return NULL;
    for (size_t i = 0; i < hn; i++)
        if (host[i] <= ' ')
            return NULL;
    memcpy(buf, host, hn);
    buf[hn] = '\0';
    return buf;
}

/* The addresses the server answers at: its printed one and this
 * computer's, any port. */
static bool host_known(const char *h)
{
    static const char *const known[] = {"127.0.0.1", "[::1]", "localhost",
                                        "192.0.2.1"};
    size_t n = strlen(h);
    const char *colon = strrchr(h, ':');
    if (colon && !strchr(colon, ']'))
        n = (size_t)(colon - h);
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (strlen(known[i]) == n && !strncasecmp(h, known[i], n))
            return true;
    return false;
}

/* A route that looks at Host: /api/, /plot/ and /whoami, spelt plainly. */
static bool checked_route(const char *s, size_t n)
{
    const char *sp = memchr(s, ' ', n < 8 ? n : 8);
    if (!sp || (sp != s + 3 && sp != s + 4) || (size_t)(sp - s) + 9 > n)
        return false;
    const char *t = sp + 1;
    return !strncmp(t, "/api/", 5) || !strncmp(t, "/plot/", 6) ||
           !strncmp(t, "/whoami ", 8) || !strncmp(t, "/whoami?", 8);
}

static void check_host(const char *s, size_t n, const char *out, size_t len)
{
    const char *end = head_end(s, n);
    char host[256];
    if (!end || len < 12 || !checked_route(s, n) ||
        !plain_host(s, (size_t)(end - s) + 2, host, sizeof host))
        return;
    bool answered = out[9] == '2' || out[9] == '3';
    if (host_known(host) ? !strncmp(out + 9, "421", 3) : answered) {
        fprintf(stderr, "Host %s got %.3s\n", host, out + 9);
        abort();
    }
}

/* The first answer's body, when it says JSON and how long it is. */
static void check_utf8(const char *out, size_t len)
{
    const char *he = head_end(out, len);
    if (!he)
        return;
    size_t hn = (size_t)(he - out);
    bool json = false;
    long body = -1;
    for (const char *l = memchr(out, '\n', hn); l && l < he;
         l = memchr(l + 1, '\n', (size_t)(he - l))) {
        if (!strncasecmp(l + 1, "content-type: application/json", 30))
            json = true;
        if (!strncasecmp(l + 1, "content-length:", 15))
            body = strtol(l + 16, NULL, 10);
    }
    const char *b = he + 4;
    if (json && body >= 0 && (size_t)body <= len - (size_t)(b - out) &&
        !web_utf8_ok(b, (size_t)body)) {
        fprintf(stderr, "JSON not in UTF-8: %.*s\n", (int)body, b);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 100000)
        return 0;
    const char *s = (const char *)data;
    char *out = NULL;
    size_t len = 0;
    if (web_server_feed(server, data, size, &out, &len) != MU_OK)
        abort();
    if (len && getenv("MUSTER_FUZZ_ECHO")) /* to see what the corpus gets */
        fwrite(out, 1, len, stderr);
    if (len && strncmp(out, "HTTP/1.", 7) != 0)
        abort(); /* something that is not an HTTP answer */
    /* A refusal of the first request, whoever made it, has a JSON body
     * (none at all when it was HEAD). */
    if (len > 12 && (size < 5 || memcmp(data, "HEAD ", 5)) &&
        (!strncmp(out + 9, "400", 3) || !strncmp(out + 9, "414", 3) ||
         !strncmp(out + 9, "431", 3) || !strncmp(out + 9, "505", 3))) {
        const char *body = strstr(out, "\r\n\r\n");
        if (!body || strncmp(body + 4, "{\"error\":", 9) != 0)
            abort();
    }
    if (len) {
        check_utf8(out, len);
        check_host(s, size, out, len);
    }
    strict_body(s, size);
    const char *body = head_end(s, size);
    if (body)
        strict_body(body + 4, size - (size_t)(body + 4 - s));
    free(out);
    return 0;
}
