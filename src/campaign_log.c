/* campaign_log.c -- the event log as text or JSON (each event with its
 * rolls), hidden divisions masked for the other side. Every event is read
 * through camp_ev_decode, so a damaged one is reported, not shown as 0. */
#include "campaign.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the divisions hidden from a viewer --------------------------------- */

typedef struct masks {
    int *ids; /* sorted division ids hidden from the viewer */
    int n;
} masks;

static mu_status load_masks(mu_campaign *c, int viewer, masks *m,
                            mu_error *err)
{
    m->ids = NULL;
    m->n = 0;
    if (viewer == MU_VIEWER_UMPIRE)
        return MU_OK;
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT id FROM divisions WHERE hidden = 1 "
                               "AND revealed = 0 AND side <> ? ORDER BY id",
                               &st, err);
    if (s != MU_OK)
        return s;
    sqlite3_bind_int(st, 1, viewer);
    int rc, cap = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (m->n == cap) {
            cap = cap ? 2 * cap : 8;
            int *p = realloc(m->ids, (size_t)cap * sizeof *p);
            if (!p) {
                sqlite3_finalize(st);
                free(m->ids);
                return err_nomem(err);
            }
            m->ids = p;
        }
        m->ids[m->n++] = sqlite3_column_int(st, 0);
    }
    sqlite3_finalize(st);
    if (rc == SQLITE_DONE)
        return MU_OK;
    free(m->ids); /* the caller frees the list only on MU_OK */
    m->ids = NULL;
    m->n = 0;
    return camp_sql_fail(c, rc, "reading", err);
}

static bool masked(const masks *m, int div)
{
    for (int i = 0; i < m->n; i++)
        if (m->ids[i] == div)
            return true;
    return false;
}

/* ---- text --------------------------------------------------------------- */

static bool view_masked(const void *ctx, int div)
{
    return masked(ctx, div);
}

static void event_text(const camp_ev *e, bool hide, const masks *m, sbuf *sb)
{
    sb_printf(sb, "#%" PRId64 " ", e->id);
    if (hide && e->kind != EV_ENGAGE) {
        sb_printf(sb, "%s: division %d (hidden)\n",
                  camp_ev_types[e->kind].name, e->division);
        return;
    }
    ev_view v = {view_masked, m};
    camp_ev_text(e, hide, &v, sb);
    sb_puts(sb, "\n");
}

/* ---- JSON --------------------------------------------------------------- */

/* Entries of a list about divisions hidden from the viewer become one entry
 * per division, {division, side, hidden, and the sum of `keep` if given}.
 * The list is camp_ev_encode's own output, so every entry has its fields. */
static void mask_list(cJSON *list, const char *keep, const masks *m)
{
    cJSON *mask = NULL;
    int last = 0;
    for (cJSON *r = list ? list->child : NULL; r;) {
        cJSON *next = r->next;
        int div = cJSON_GetObjectItemCaseSensitive(r, "division")->valueint;
        if (!masked(m, div)) {
            r = next;
            continue;
        }
        int n = keep ? cJSON_GetObjectItemCaseSensitive(r, keep)->valueint : 0;
        if (div == last && mask) {
            cJSON *k = cJSON_GetObjectItemCaseSensitive(mask, keep);
            if (k)
                cJSON_SetNumberValue(k, k->valuedouble + n);
            cJSON_Delete(cJSON_DetachItemViaPointer(list, r));
        } else {
            mask = cJSON_CreateObject();
            cJSON_AddNumberToObject(mask, "division", div);
            cJSON_AddStringToObject(mask, "side", cJSON_GetObjectItemCaseSensitive(
                                                      r, "side")->valuestring);
            cJSON_AddBoolToObject(mask, "hidden", true);
            if (keep)
                cJSON_AddNumberToObject(mask, keep, n);
            cJSON_ReplaceItemViaPointer(list, r, mask);
            last = div;
        }
        r = next;
    }
}

/* The event as JSON: id and kind, then its data, masked for the viewer. */
static cJSON *event_json(const camp_ev *e, bool hide, const masks *m)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "id", (double)e->id);
    cJSON_AddStringToObject(o, "kind", camp_ev_types[e->kind].name);
    if (hide) {
        cJSON_AddNumberToObject(o, "division", e->division);
        cJSON_AddBoolToObject(o, "hidden", true);
        if (e->kind == EV_ENGAGE)
            cJSON_AddStringToObject(o, "commitment", e->u.engage.commitment);
        return o;
    }
    cJSON *data = camp_ev_encode(e);
    mask_list(cJSON_GetObjectItemCaseSensitive(data, "returns"), NULL, m);
    mask_list(cJSON_GetObjectItemCaseSensitive(data, "stands"), "stands", m);
    while (data && data->child) { /* move the data after id and kind */
        cJSON *kid = cJSON_DetachItemViaPointer(data, data->child);
        cJSON_AddItemToObject(o, kid->string, kid); /* copies, then frees */
    }
    cJSON_Delete(data);
    return o;
}

/* ---- the log ------------------------------------------------------------ */

typedef struct log_ctx {
    int viewer;
    mu_format fmt;
    int64_t only; /* one event, or 0 for all */
    sbuf *sb;
    cJSON *arr;
    int count;
} log_ctx;

static mu_status log_read(mu_campaign *c, void *p, mu_error *err)
{
    log_ctx *x = p;
    if (c->view) /* a player's own file: its log as its side saw it */
        return camp_view_log(c, x->only, x->fmt, x->sb, x->arr, &x->count,
                             err);
    masks m;
    mu_status s = load_masks(c, x->viewer, &m, err);
    if (s != MU_OK)
        return s;
    sqlite3_stmt *st;
    if ((s = camp_prepare(c, "SELECT id, kind, division, data FROM events "
                          "WHERE ?1 = 0 OR id = ?1 ORDER BY id", &st,
                          err)) != MU_OK) {
        free(m.ids);
        return s;
    }
    sqlite3_bind_int64(st, 1, x->only);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        camp_ev e;
        int div = sqlite3_column_int(st, 2);
        s = camp_ev_decode(c->path, sqlite3_column_int64(st, 0),
                           (const char *)sqlite3_column_text(st, 1), div,
                           (const char *)sqlite3_column_text(st, 3), &e, err);
        if (s != MU_OK)
            break;
        bool hide = div && masked(&m, div) && e.kind != EV_ADD;
        if (x->fmt == MU_FMT_TEXT)
            event_text(&e, hide, &m, x->sb);
        else
            cJSON_AddItemToArray(x->arr, event_json(&e, hide, &m));
        camp_ev_clear(&e);
        x->count++;
    }
    sqlite3_finalize(st);
    free(m.ids);
    if (s == MU_OK && rc != SQLITE_DONE)
        s = camp_sql_fail(c, rc, "reading", err);
    return s;
}

static mu_status render_events(mu_campaign *c, int viewer, int64_t only,
                               mu_format fmt, char **out, mu_error *err)
{
    if (!c || !out)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (fmt != MU_FMT_TEXT && fmt != MU_FMT_JSON)
        return err_set(err, MU_EINPUT, "the log is written as text or json");
    mu_status s = camp_viewer(c, viewer, &viewer, err);
    if (s != MU_OK)
        return s;
    sbuf sb = {0};
    log_ctx x = {viewer, fmt, only, &sb, NULL, 0};
    if (fmt == MU_FMT_JSON)
        x.arr = cJSON_CreateArray();
    s = camp_read(c, log_read, &x, err);
    if (s == MU_OK && only && x.count == 0)
        s = err_set(err, MU_EINPUT, "no event %" PRId64, only);
    if (s != MU_OK) {
        cJSON_Delete(x.arr);
        sb_free(&sb);
        return s;
    }
    if (fmt == MU_FMT_JSON) {
        cJSON *root;
        if (only) {
            root = cJSON_DetachItemFromArray(x.arr, 0);
            cJSON_Delete(x.arr);
        } else {
            root = cJSON_CreateObject();
            cJSON_AddItemToObject(root, "events", x.arr);
        }
        char *t = cJSON_PrintUnformatted(root);
        cJSON_Delete(root);
        if (!t)
            return err_nomem(err);
        sb_puts(&sb, t);
        sb_puts(&sb, "\n");
        cJSON_free(t);
    }
    return sb_finish(&sb, out, err);
}

mu_status mu_campaign_log(mu_campaign *c, mu_viewer viewer,
                          const mu_render_opts *ro, char **out, mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    mu_format fmt = ro ? ro->format : MU_FMT_TEXT;
    return render_events(c, viewer, 0, fmt, out, err);
}

mu_status mu_campaign_event(mu_campaign *c, int64_t event, mu_viewer viewer,
                            const mu_render_opts *ro, char **out,
                            mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    mu_format fmt = ro ? ro->format : MU_FMT_TEXT;
    if (event < 1)
        return err_set(err, MU_EINPUT, "events are numbered from 1");
    return render_events(c, viewer, event, fmt, out, err);
}
