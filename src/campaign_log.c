/* campaign_log.c -- the event log as text or JSON (each event with its
 * rolls), hidden divisions masked for the other side; and `check`, which
 * replays the log against the ledger. */
#include "campaign.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reading event data ------------------------------------------------- */

static int jint(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valueint : 0;
}

static const char *jstr(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static bool jtrue(const cJSON *o, const char *key)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, key));
}

/* "; seed N" when the event was rolled with a seed. */
static void seed_text(const cJSON *data, sbuf *sb)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(data, "seed");
    if (cJSON_IsNumber(s)) {
        char *t = cJSON_PrintUnformatted(s);
        if (t)
            sb_printf(sb, "; seed %s", t);
        cJSON_free(t);
    }
}

/* A share of lost stands as "1.50" (the two decimals are the threshold). */
static void share_text(int whole, int threshold, char *buf, size_t n)
{
    if (threshold)
        snprintf(buf, n, "%d.%02d", whole, threshold);
    else
        snprintf(buf, n, "%d", whole);
}

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
    if (viewer == MU_VIEW_ALL)
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
    return rc == SQLITE_DONE ? MU_OK : camp_sql_fail(c, rc, "reading", err);
}

static bool masked(const masks *m, int div)
{
    for (int i = 0; i < m->n; i++)
        if (m->ids[i] == div)
            return true;
    return false;
}

/* ---- text --------------------------------------------------------------- */

static void rolls_text(const cJSON *rolls, sbuf *sb)
{
    sb_puts(sb, "\n     rolls:");
    int i = 0;
    for (const cJSON *r = rolls ? rolls->child : NULL; r; r = r->next, i++) {
        const char *table = jstr(r, "table");
        int b = jint(r, "brigade");
        sb_puts(sb, i ? ", " : " ");
        for (const char *t = table; *t; t++) /* "corps_leader": two words */
            sb_printf(sb, "%c", *t == '_' ? ' ' : *t);
        if (b)
            sb_printf(sb, " %d", b);
        const cJSON *res = cJSON_GetObjectItemCaseSensitive(r, "result");
        if (cJSON_IsBool(res))
            sb_printf(sb, " %d %s %d", jint(r, "roll"),
                      cJSON_IsTrue(res) ? "<=" : ">", jint(r, "threshold"));
        else if (cJSON_IsString(res))
            sb_printf(sb, " %d %s", jint(r, "roll"), res->valuestring);
        else
            sb_printf(sb, " %d %d", jint(r, "roll"), jint(r, "result"));
    }
}

/* Stands freed, by division and brigade; a division hidden from the viewer
 * as one entry with its total (the stands went home in plain sight, the
 * brigades they rejoin are its secret). */
static void stands_list(const cJSON *list, const masks *m, sbuf *sb)
{
    int i = 0;
    for (const cJSON *o = list ? list->child : NULL; o; o = o->next, i++) {
        int div = jint(o, "division");
        sb_printf(sb, "%s%s division %d", i ? ", " : " (", jstr(o, "side"),
                  div);
        if (!masked(m, div)) {
            sb_printf(sb, " brigade %d: %d", jint(o, "brigade"),
                      jint(o, "stands"));
            continue;
        }
        int n = jint(o, "stands");
        while (o->next && jint(o->next, "division") == div) {
            o = o->next;
            n += jint(o, "stands");
        }
        sb_printf(sb, " (hidden): %d", n);
    }
    if (i)
        sb_puts(sb, ")");
}

static void engage_text(const cJSON *d, bool hide, sbuf *sb)
{
    sb_printf(sb, "engage: division %d \"%s\"", jint(d, "division"),
              jstr(d, "name"));
    if (hide) {
        sb_printf(sb, ": hidden, commitment %s", jstr(d, "commitment"));
        return;
    }
    int bat = jint(d, "batteries");
    sb_printf(sb, ": %d brigades, %d stands, %d batter%s with the division "
              "and %d to the reserve, leader %s", jint(d, "brigades"),
              jint(d, "stands"), bat, bat == 1 ? "y" : "ies", jint(d, "reserve"),
              jstr(d, "leader"));
    if (jtrue(d, "by_the_book"))
        sb_puts(sb, "; by the book");
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(d, "corps_leader");
    if (k) {
        sb_printf(sb, "; %s leader %s", jstr(k, "corps"), jstr(k, "rating"));
        if (jint(k, "attached"))
            sb_printf(sb, " (DP), attached to division %d", jint(k, "attached"));
    }
    if (jtrue(d, "hidden"))
        sb_printf(sb, "; hidden, commitment %s", jstr(d, "commitment"));
    seed_text(d, sb);
    rolls_text(cJSON_GetObjectItemCaseSensitive(d, "rolls"), sb);
}

static void end_text(const cJSON *d, const masks *m, sbuf *sb)
{
    const char *w = jstr(d, "winner");
    sb_printf(sb, "battle %d \"%s\" ends, ", jint(d, "battle"), jstr(d, "name"));
    if (*w)
        sb_printf(sb, "won by the %s", !strcmp(w, "union") ? "Union"
                                                           : "Confederates");
    else
        sb_puts(sb, "no winner");
    seed_text(d, sb);
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(d, "returns");
    if (!list || !list->child)
        sb_puts(sb, "\n     no battlefield losses to return");
    int last_masked = 0;
    for (const cJSON *r = list ? list->child : NULL; r; r = r->next) {
        int div = jint(r, "division");
        if (masked(m, div)) { /* one line: its brigades are its secret */
            if (div != last_masked)
                sb_printf(sb, "\n     %s division %d: hidden", jstr(r, "side"),
                          div);
            last_masked = div;
            continue;
        }
        sb_printf(sb, "\n     %s division %d brigade %d: ", jstr(r, "side"), div,
                  jint(r, "brigade"));
        char share[32];
        int whole = jint(r, "whole"), thr = jint(r, "threshold");
        share_text(whole, thr, share, sizeof share);
        sb_printf(sb, "%s of %d lost = %s", jstr(r, "rate"), jint(r, "lost"),
                  share);
        if (thr)
            sb_printf(sb, ", roll %d %s %d", jint(r, "roll"),
                      jint(r, "roll") <= thr ? "<=" : ">", thr);
        sb_printf(sb, ": %d back", jint(r, "returned"));
    }
}

static void leader_text(const char *kind, const cJSON *d, sbuf *sb)
{
    const char *post = jstr(d, "post");
    sb_printf(sb, "%s: ", kind);
    if (!strcmp(post, "corps"))
        sb_printf(sb, "%s corps leader", jstr(d, "corps"));
    else if (!strcmp(post, "brigade"))
        sb_printf(sb, "division %d brigade %d brigadier", jint(d, "division"),
                  jint(d, "brigade"));
    else
        sb_printf(sb, "division %d leader", jint(d, "division"));
    const char *r = jstr(d, "rating");
    if (!strcmp(kind, "leader lost")) {
        sb_printf(sb, " (%s) replaced: roll %d → %s", jstr(d, "was"),
                  jint(d, "roll"), jstr(d, "rolled"));
        if (strcmp(r, jstr(d, "rolled")))
            sb_printf(sb, ", played %s by the book", r);
    } else {
        sb_printf(sb, " %s → despicable; %d replacement%s left", jstr(d, "was"),
                  jint(d, "owed"), jint(d, "owed") == 1 ? "" : "s");
    }
    if (!strcmp(r, "despicable"))
        sb_puts(sb, " (DP)");
    if (jint(d, "attached"))
        sb_printf(sb, ", attached to division %d", jint(d, "attached"));
    seed_text(d, sb);
}

static void event_text(int64_t id, const char *kind, const cJSON *d,
                       bool hide, const masks *m, sbuf *sb)
{
    sb_printf(sb, "#%" PRId64 " ", id);
    if (hide && strcmp(kind, "engage")) {
        sb_printf(sb, "%s: division %d (hidden)\n", kind, jint(d, "division"));
        return;
    }
    if (!strcmp(kind, "new")) {
        sb_printf(sb, "new campaign \"%s\": %d, %s; %s of battlefield losses "
                  "return (winner %s, loser %s); %s tables", jstr(d, "name"),
                  jint(d, "year"), jstr(d, "theater"), jstr(d, "return"),
                  jstr(d, "return_winner"), jstr(d, "return_loser"),
                  jstr(d, "tables"));
    } else if (!strcmp(kind, "add")) {
        sb_printf(sb, "add: division %d \"%s\", %s %s", jint(d, "division"),
                  jstr(d, "name"), jstr(d, "side"), jstr(d, "arm"));
        if (*jstr(d, "corps"))
            sb_printf(sb, ", %s", jstr(d, "corps"));
    } else if (!strcmp(kind, "engage")) {
        engage_text(d, hide, sb);
    } else if (!strcmp(kind, "reveal")) {
        sb_printf(sb, "reveal: division %d \"%s\", salt %s opens commitment %s",
                  jint(d, "division"), jstr(d, "name"), jstr(d, "salt"),
                  jstr(d, "commitment"));
    } else if (!strcmp(kind, "battle-start")) {
        sb_printf(sb, "battle %d \"%s\" begins", jint(d, "battle"),
                  jstr(d, "name"));
    } else if (!strcmp(kind, "battle-end")) {
        end_text(d, m, sb);
    } else if (!strcmp(kind, "casualties")) {
        sb_printf(sb, "casualties in battle %d: %s division %d brigade %d, %d "
                  "lost, %d captured", jint(d, "battle"), jstr(d, "side"),
                  jint(d, "division"), jint(d, "brigade"), jint(d, "lost"),
                  jint(d, "captured"));
    } else if (!strcmp(kind, "exchange")) {
        int u = jint(d, "union"), k = jint(d, "confederate");
        sb_printf(sb, "exchange: %d Union stand%s and %d Confederate stand%s "
                  "go home", u, u == 1 ? "" : "s", k, k == 1 ? "" : "s");
        stands_list(cJSON_GetObjectItemCaseSensitive(d, "stands"), m, sb);
    } else if (!strcmp(kind, "liberate")) {
        sb_printf(sb, "liberation: the camp holding %s men is freed, %d "
                  "stand%s rejoin", jstr(d, "side"), jint(d, "total"),
                  jint(d, "total") == 1 ? "" : "s");
        stands_list(cJSON_GetObjectItemCaseSensitive(d, "stands"), m, sb);
    } else if (!strcmp(kind, "leader-lost")) {
        leader_text("leader lost", d, sb);
    } else if (!strcmp(kind, "downgrade")) {
        leader_text("downgrade", d, sb);
    } else if (!strcmp(kind, "penalty")) {
        sb_printf(sb, "penalty: the %s side forgot to reveal a despicable "
                  "leader; its opponent holds %d despicable replacement%s for "
                  "it", jstr(d, "side"), jint(d, "owed"),
                  jint(d, "owed") == 1 ? "" : "s");
    } else {
        sb_printf(sb, "%s", kind);
    }
    sb_puts(sb, "\n");
}

/* ---- JSON --------------------------------------------------------------- */

/* Entries of a list about divisions hidden from the viewer become one entry
 * per division, {division, side, hidden, and the sum of `keep` if given}. */
static void mask_list(cJSON *list, const char *keep, const masks *m)
{
    cJSON *mask = NULL;
    int last = 0;
    for (cJSON *r = list ? list->child : NULL; r;) {
        cJSON *next = r->next;
        int div = jint(r, "division");
        if (!masked(m, div)) {
            r = next;
            continue;
        }
        int n = keep ? jint(r, keep) : 0;
        if (div == last && mask) {
            cJSON *k = cJSON_GetObjectItemCaseSensitive(mask, keep);
            if (k)
                cJSON_SetNumberValue(k, k->valuedouble + n);
            cJSON_Delete(cJSON_DetachItemViaPointer(list, r));
        } else {
            mask = cJSON_CreateObject();
            cJSON_AddNumberToObject(mask, "division", div);
            cJSON_AddStringToObject(mask, "side", jstr(r, "side"));
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
static cJSON *event_json(int64_t id, const char *kind, cJSON *data, bool hide,
                         const masks *m)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "id", (double)id);
    cJSON_AddStringToObject(o, "kind", kind);
    if (hide) {
        cJSON_AddNumberToObject(o, "division", jint(data, "division"));
        cJSON_AddBoolToObject(o, "hidden", true);
        if (!strcmp(kind, "engage"))
            cJSON_AddStringToObject(o, "commitment", jstr(data, "commitment"));
        return o;
    }
    mask_list(cJSON_GetObjectItemCaseSensitive(data, "returns"), NULL, m);
    mask_list(cJSON_GetObjectItemCaseSensitive(data, "stands"), "stands", m);
    while (data->child) { /* move the data after id and kind */
        cJSON *kid = cJSON_DetachItemViaPointer(data, data->child);
        cJSON_AddItemToObject(o, kid->string, kid); /* copies, then frees */
    }
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
        int64_t id = sqlite3_column_int64(st, 0);
        const char *kind = (const char *)sqlite3_column_text(st, 1);
        int div = sqlite3_column_int(st, 2);
        cJSON *data = cJSON_Parse((const char *)sqlite3_column_text(st, 3));
        if (!data) {
            s = err_at(err, MU_EIO, c->path, 0, "event %" PRId64 " is damaged",
                       id);
            break;
        }
        bool hide = div && masked(&m, div) && strcmp(kind, "add") != 0;
        if (x->fmt == MU_FMT_TEXT)
            event_text(id, kind, data, hide, &m, x->sb);
        else
            cJSON_AddItemToArray(x->arr, event_json(id, kind, data, hide, &m));
        cJSON_Delete(data);
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

mu_status mu_campaign_log(mu_campaign *c, int viewer, mu_format fmt,
                          char **out, mu_error *err)
{
    return render_events(c, viewer, 0, fmt, out, err);
}

mu_status mu_campaign_event(mu_campaign *c, int64_t event, int viewer,
                            mu_format fmt, char **out, mu_error *err)
{
    if (event < 1)
        return err_set(err, MU_EINPUT, "events are numbered from 1");
    return render_events(c, viewer, event, fmt, out, err);
}
