/* SPDX-License-Identifier: MIT */
/* log.c -- the event log as text or JSON (each event with its
 * rolls), hidden divisions masked for the other side. Every event is read
 * through camp_ev_decode, so a damaged one is reported, not shown as 0. */
#include "campaign.h"
#include "lang.h"
#include "render.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the divisions hidden from a viewer --------------------------------- */

/* Whether a division is hidden from the viewer is looked up when asked (by
 * its id, the primary key), so that the log's memory does not grow with
 * the campaign. A failed lookup counts as hidden: nothing is shown that
 * might not be the viewer's to see. */
typedef struct masks {
    mu_campaign *c;   /* whose statement st is */
    int viewer;       /* the side reading (an add's "known" is its owner's) */
    sqlite3_stmt *st; /* NULL: the umpire, who sees all */
    bool (*fn)(const void *ctx, int div); /* or this says (camp_log_render) */
    const void *ctx;
} masks;

static mu_status load_masks(mu_campaign *c, int viewer, masks *m,
                            mu_error *err)
{
    m->c = c;
    m->st = NULL;
    m->fn = NULL;
    m->viewer = viewer;
    if (viewer == MU_SIDE_NONE)
        return MU_OK;
    mu_status s = camp_prepare(c, "SELECT 1 WHERE ?2 IN "
                               CAMP_HIDDEN_FROM("?1"), &m->st, err);
    if (s == MU_OK)
        sqlite3_bind_int(m->st, 1, viewer);
    return s;
}

static void masks_free(masks *m)
{
    camp_finalize(m->c, m->st);
    m->st = NULL;
}

/* Whether events about div are masked for the viewer (an ev_view's test). */
static bool view_masked(const void *ctx, int div)
{
    const masks *m = ctx;
    if (m->fn)
        return m->fn(m->ctx, div);
    if (!m->st)
        return false;
    sqlite3_reset(m->st);
    sqlite3_bind_int(m->st, 2, div);
    return sqlite3_step(m->st) != SQLITE_DONE;
}

/* ---- text --------------------------------------------------------------- */

/* The projected event as its log line(s): who and when only where it is
 * not hidden whole. */
static void event_text(const camp_ev *e, bool stamp, sbuf *sb)
{
    mu_buf_printf(sb, "#%" PRId64 " ", e->id);
    if (stamp && !e->hidden)
        camp_stamp_text(&e->stamp, sb);
    camp_ev_log_text(e, sb);
}

/* ---- Markdown ----------------------------------------------------------- */

/* The text entry (its lines) as one list item, "- **#N** [TIME AUTHOR]
 * ...", characters that would format escaped; each further line (a
 * battle's returns) an item under it. */
static void md_item(const char *text, sbuf *sb)
{
    char one[2] = {0};
    const char *sp = strchr(text, ' ');
    size_t n = sp ? (size_t)(sp - text) : 0;
    mu_buf_puts(sb, "- **");
    for (size_t i = 0; i < n; i++) {
        one[0] = text[i];
        mu_buf_puts(sb, i == 0 ? "\\#" : one);
    }
    mu_buf_puts(sb, "**");
    bool start = false;
    for (const char *p = text + n; *p; p++) {
        if (*p == '\n') {
            start = p[1] != '\0';
            mu_buf_puts(sb, start ? "\n  - " : "\n");
            continue;
        }
        if (start && *p == ' ')
            continue; /* the text's indent of a further line */
        start = false;
        one[0] = *p;
        mu_buf_puts(sb, strchr("\\`*_[]|<>#", *p) ? "\\" : "");
        mu_buf_puts(sb, one);
    }
}

/* ---- the log ------------------------------------------------------------ */

/* A log being written: each event's text, or its JSON object on one line,
 * goes to log_put, which writes the JSON list around them
 * ({"events":[...]}, or the one object when `only`). */
typedef struct log_out {
    wr_out *o;
    bool json;
    int64_t only; /* one event, or 0 for all */
    int64_t count;
    bool bare; /* text without who and when (mu_campaign_event) */
    bool md;   /* the text as a Markdown list */
    /* the events lo..hi (ids), of those the last `last` (0: all) */
    int64_t lo, hi, last;
    int division; /* only its events (0: any) */
    bool open_offers; /* only the offers still open */
    bool lines;       /* JSON Lines: each event's object on a line */
} log_out;

static mu_status log_put(log_out *x, const char *s, mu_error *err)
{
    sbuf *sb = &x->o->sb;
    if (x->json && !x->only && !x->lines)
        mu_buf_puts(sb, x->count ? "," : "{\"events\":[");
    mu_buf_puts(sb, s);
    if (x->lines)
        mu_buf_puts(sb, "\n");
    x->count++;
    return wr_out_record(x->o, err);
}

/* One event as a log entry, as projected for the viewer: its text lines,
 * or its JSON object on one line, appended to sb. */
static mu_status render_event(camp_ev *e, const masks *m, bool json,
                              bool stamp, bool md, sbuf *sb, mu_error *err)
{
    ev_view v = {view_masked, m};
    camp_ev_project(e, &v, m->viewer);
    if (md) {
        sbuf t = {0};
        event_text(e, stamp, &t);
        if (t.p)
            md_item(t.p, sb);
        bool oom = t.oom || !t.p;
        mu_buf_free(&t);
        return oom || sb->oom ? err_nomem(err) : MU_OK;
    }
    if (!json) {
        event_text(e, stamp, sb);
        return sb->oom ? err_nomem(err) : MU_OK;
    }
    cJSON *o = camp_ev_shown(e);
    if (o) {
        jw w;
        jw_init(&w, sb, false, 0);
        jw_cjson(&w, NULL, o);
        cJSON_Delete(o);
    }
    return o && !sb->oom ? MU_OK : err_nomem(err);
}

mu_status camp_log_render(camp_ev *e, bool (*hidden)(const void *ctx,
                                                     int div),
                          const void *ctx, bool json, sbuf *sb, mu_error *err)
{
    masks m = {NULL, MU_SIDE_NONE, NULL, hidden, ctx};
    return render_event(e, &m, json, true, false, sb, err);
}

/* The statement of x's events (view: of a player's own file's view_log,
 * where an entry's division is the number it gives, as the log's own),
 * prepared and bound. One event by its key ("?1 = 0 OR id = ?1" would
 * read them all); the last N read backwards by the key, then put in order
 * (N rows sorted); a division's among the ids of the range. */
static mu_status log_stmt(mu_campaign *c, const log_out *x, bool view,
                          sqlite3_stmt **st, mu_error *err)
{
    const char *cols = view ? "SELECT id, text, json FROM view_log WHERE "
                            : "SELECT id, kind, division, data FROM events "
                              "WHERE ";
    /* offers(state) 0: open (prisoners.c) */
    const char *which = x->open_offers ? " AND id IN (SELECT id FROM offers "
                                         "WHERE state = 0)"
                        : !x->division ? ""
                        : view ? " AND json_extract(json, '$.division') = ?4"
                               : " AND division = ?4";
    char sql[320];
    if (x->only)
        snprintf(sql, sizeof sql, "%sid = ?1", cols);
    else if (x->last)
        snprintf(sql, sizeof sql, "SELECT * FROM (%sid BETWEEN ?1 AND ?2%s "
                 "ORDER BY id DESC LIMIT ?3) ORDER BY id", cols, which);
    else
        snprintf(sql, sizeof sql, "%sid BETWEEN ?1 AND ?2%s ORDER BY id",
                 cols, which);
    mu_status s = camp_prepare(c, sql, st, err);
    if (s != MU_OK)
        return s;
    sqlite3_bind_int64(*st, 1, x->only ? x->only : x->lo);
    if (x->only)
        return MU_OK;
    sqlite3_bind_int64(*st, 2, x->hi);
    if (x->last)
        sqlite3_bind_int64(*st, 3, x->last);
    if (x->division)
        sqlite3_bind_int(*st, 4, x->division);
    return MU_OK;
}

/* Each event (or the one asked for) as it is read, into x. */
static mu_status log_events(mu_campaign *c, int viewer, log_out *x,
                            mu_error *err)
{
    masks m;
    mu_status s = load_masks(c, viewer, &m, err);
    if (s != MU_OK)
        return s;
    sqlite3_stmt *st;
    if ((s = log_stmt(c, x, false, &st, err)) != MU_OK) {
        masks_free(&m);
        return s;
    }
    int rc;
    while (s == MU_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        camp_ev e;
        s = camp_ev_decode(c->path, sqlite3_column_int64(st, 0),
                           (const char *)sqlite3_column_text(st, 1),
                           sqlite3_column_int(st, 2),
                           (const char *)sqlite3_column_text(st, 3), &e, err);
        if (s != MU_OK)
            break;
        /* the event, masked for the viewer, as text or JSON */
        sbuf sb = {0};
        s = render_event(&e, &m, x->json, !x->bare, x->md, &sb, err);
        if (s == MU_OK)
            s = log_put(x, sb.p ? sb.p : "", err);
        mu_buf_free(&sb);
        camp_ev_clear(&e);
    }
    camp_finalize(c, st);
    masks_free(&m);
    if (s == MU_OK && rc != SQLITE_DONE)
        s = camp_sql_fail(c, rc, "reading", err);
    return s;
}

mu_status camp_log_event(mu_campaign *c, int viewer, int64_t id, bool json,
                         sbuf *sb, mu_error *err)
{
    wr_out o;
    wr_out_init(&o, NULL, NULL);
    o.sb = *sb;
    log_out x = {&o, json, id, 0, false, false, 1, INT64_MAX, 0, 0, false, false};
    mu_status s = log_events(c, viewer, &x, err);
    *sb = o.sb;
    if (s == MU_OK && x.count == 0)
        s = err_set(err, MU_EINPUT, "no event %" PRId64, id);
    return s;
}

/* The log of a player's own file: x->only (0: all) from its view_log,
 * into x. */
static mu_status view_log(mu_campaign *c, log_out *x, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = log_stmt(c, x, true, &st, err);
    if (s != MU_OK)
        return s;
    int rc;
    while (s == MU_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(st, 1 + x->json);
        if (!x->json) {
            s = log_put(x, t ? t : "", err);
            continue;
        }
        /* read back strictly: a damaged row is an error, not garbage */
        cJSON *j = cJSON_Parse(t ? t : "");
        char *p = j ? wr_cjson_text(j) : NULL;
        cJSON_Delete(j);
        s = p ? log_put(x, p, err)
            : j ? err_nomem(err)
                : err_at(err, MU_EIO, c->path, 0, "the player's log is damaged");
        free(p);
    }
    camp_finalize(c, st);
    if (s == MU_OK && rc != SQLITE_DONE)
        s = camp_sql_fail(c, rc, "reading", err);
    return s;
}

typedef struct log_ctx {
    int viewer;
    int battle; /* only its events (0: any) */
    log_out x;
} log_ctx;

static bool span_item(sqlite3_stmt *st, void *item)
{
    log_out *x = item;
    int64_t lo = sqlite3_column_int64(st, 0);
    int64_t hi = sqlite3_column_type(st, 1) == SQLITE_NULL
                     ? INT64_MAX : sqlite3_column_int64(st, 1);
    x->lo = lo > x->lo ? lo : x->lo;
    x->hi = hi < x->hi ? hi : x->hi;
    return true;
}

/* The ids of battle n's events, its start to its end, into x. */
static mu_status battle_span(mu_campaign *c, int n, log_out *x,
                             mu_error *err)
{
    bool found;
    mu_status s = camp_row(c, span_item, x, &found, err, "SELECT start_event, "
                           "end_event FROM battles WHERE id = ?", "i", n);
    if (s == MU_OK && !found)
        return err_set(err, MU_EINPUT, "no battle %d: the campaign has fought "
                       "the battles 'campaign show' lists", n);
    return s;
}

static mu_status log_read(mu_campaign *c, void *p, mu_error *err)
{
    log_ctx *l = p;
    mu_status s = l->battle ? battle_span(c, l->battle, &l->x, err) : MU_OK;
    if (s != MU_OK)
        return s;
    if (l->x.open_offers) { /* a file from before offers has none */
        bool has = false;
        if ((s = camp_has_table(c, "offers", &has, err)) != MU_OK || !has)
            return s;
    }
    if (c->view) /* a player's own file: its log as its side saw it */
        return view_log(c, &l->x, err);
    return log_events(c, l->viewer, &l->x, err);
}

static mu_status render_events(mu_campaign *c, int viewer, int64_t only,
                               const mu_log_range *range, bool bare,
                               mu_format fmt, mu_sink_fn write, void *ctx,
                               char **out, mu_error *err)
{
    if (!c || (!out && !write))
        return err_set(err, MU_EINPUT, "no campaign given");
    mu_log_range all = {0, 0, 0, 0, 0, false};
    if (!range)
        range = &all;
    if (range->since < 0 || range->battle < 0 || range->last < 0 ||
        range->before < 0 || range->division < 0)
        return err_set(err, MU_EINPUT, "a range of the log counts from 1");
    if (range->open_offers && range->division)
        return err_set(err, MU_EINPUT, "an offer is of no one division: ask "
                       "for the open offers or for a division's events");
    if (range->open_offers && c && c->view)
        return err_set(err, MU_EINPUT, "a player's own file keeps the log, "
                       "not which offers are open: ask the campaign's file");
    if (fmt != MU_FMT_TEXT && fmt != MU_FMT_JSON && fmt != MU_FMT_JSONL &&
        fmt != MU_FMT_MARKDOWN)
        return err_set(err, MU_EINPUT, "the log is written as text, json, "
                       "jsonl or markdown");
    if (fmt == MU_FMT_MARKDOWN && c->view)
        return err_set(err, MU_EINPUT, "a player's own file keeps its log as "
                       "text and json: ask for one of those");
    mu_status s = camp_viewer(c, viewer, &viewer, err);
    if (s != MU_OK)
        return s;
    wr_out o;
    wr_out_init(&o, write, ctx);
    log_ctx l = {viewer, range->battle,
                 {&o, fmt == MU_FMT_JSON || fmt == MU_FMT_JSONL, only, 0,
                  bare, fmt == MU_FMT_MARKDOWN, range->since + 1,
                  range->before ? range->before - 1 : INT64_MAX,
                  range->last, range->division, range->open_offers,
                  fmt == MU_FMT_JSONL}};
    s = camp_read_listing(c, log_read, &l, err);
    if (s == MU_OK && only && l.x.count == 0)
        s = err_set(err, MU_EINPUT, "no event %" PRId64, only);
    if (s == MU_OK && l.x.json && !l.x.lines)
        mu_buf_puts(&o.sb, only ? "\n" : l.x.count ? "]}\n" : "{\"events\":[]}\n");
    return camp_listing_end(&o, s, out, err);
}

mu_status mu_campaign_log_to(mu_campaign *c, mu_side viewer,
                             const mu_log_range *range,
                             const mu_render_opts *ro, mu_sink_fn write,
                             void *ctx, mu_error *err)
{
    if (!write)
        return err_set(err, MU_EINPUT, "nothing to write to");
    mu_format fmt = ro ? ro->format : MU_FMT_TEXT;
    return render_events(c, viewer, 0, range, false, fmt, write, ctx, NULL,
                         err);
}

mu_status mu_campaign_event(mu_campaign *c, int64_t event, mu_side viewer,
                            const mu_render_opts *ro, char **out,
                            mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    mu_format fmt = ro ? ro->format : MU_FMT_TEXT;
    if (event < 1)
        return err_set(err, MU_EINPUT, "events are numbered from 1");
    if (!out)
        return err_set(err, MU_EINPUT, "no campaign given");
    /* the answer to a write: its text without who and when (the writer
     * knows), which its JSON and the log have */
    return render_events(c, viewer, event, NULL, true, fmt, NULL, NULL, out,
                         err);
}
