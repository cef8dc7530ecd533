/* SPDX-License-Identifier: MIT */
/* view.c -- a side's view of the hash chain, which a player's own
 * file carries and can check without the umpire's file.
 *
 * The side's chain hashes, event by event, what the side is shown of the
 * log: the event's canonical line exactly as the full chain hashes it
 *     {"data":DATA,"division":N|null,"id":N,"kind":"KIND"}
 * when nothing of it is withheld from the side, else
 *     {"division":N|null,"id":N,"kind":"KIND","shown":P}
 * where P is the side's JSON log entry of it, the projection
 * (camp_ev_project) for the divisions hidden from the side as of the
 * event: so that a later reveal changes no link and a view head noted
 * earlier stays in the chain. View hash n = SHA-256(view hash n-1 ||
 * line n), from 32 zero bytes. Where nothing is withheld the view chain is
 * the full chain, link for link.
 *
 * Why not the full chain's hashes of those events: the hash of a
 * casualties event of a hidden division, with the hash before it, could be
 * matched by trying every brigade and count of stands (a few thousand
 * guesses). A shown line holds nothing the side's log does not show. */
#include "campaign.h"
#include "render.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the walk ----------------------------------------------------------- */

/* Divisions hidden now: id and side, while engaged hidden and unrevealed. */
typedef struct hidden_set {
    int (*v)[2];
    int n, cap;
} hidden_set;

static bool hs_add(hidden_set *h, int div, int side)
{
    if (h->n == h->cap) {
        int cap = h->cap ? 2 * h->cap : 8;
        int(*p)[2] = realloc(h->v, (size_t)cap * sizeof *p);
        if (!p)
            return false;
        h->v = p;
        h->cap = cap;
    }
    h->v[h->n][0] = div;
    h->v[h->n++][1] = side;
    return true;
}

/* A division revealed leaves the set. `legacy`: as muster did before
 * this was mended, leaving an entry of division 0, which then masked every
 * event about no division (a battle's start, an advance) for the other
 * side; kept only to find a head noted from a file exported then. */
static void hs_remove(hidden_set *h, int div, bool legacy)
{
    for (int i = 0; i < h->n; i++)
        if (h->v[i][0] == div) {
            if (legacy) {
                h->v[i][0] = 0;
            } else {
                h->v[i][0] = h->v[h->n - 1][0];
                h->v[i][1] = h->v[h->n - 1][1];
                h->n--;
                i--;
            }
        }
}

/* Whether one of the divisions listed ("1,3") is hidden from `side`. */
static bool hs_hides(const hidden_set *h, const char *list, int side)
{
    for (const char *p = list; p && *p;) {
        char *end;
        long d = strtol(p, &end, 10);
        for (int i = 0; i < h->n && end != p; i++)
            if (h->v[i][0] == d && h->v[i][1] != side)
                return true;
        p = *end ? end + 1 : end;
    }
    return false;
}

/* The oracle of a projection as of the event: hidden from ctx's side. */
typedef struct hs_view {
    const hidden_set *h;
    int side;
} hs_view;

static bool hs_masked(const void *ctx, int div)
{
    const hs_view *x = ctx;
    for (int i = 0; i < x->h->n; i++)
        if (x->h->v[i][0] == div && x->h->v[i][1] != x->side)
            return true;
    return false;
}

/* The forms of a view chain's lines. VIEW_SHOWN: an event of which
 * anything is withheld from the side hashes as what the side is shown
 * (its projection, canonical), so the head covers every field the side
 * saw. The older forms hash such an event as a bare masked line, and are
 * kept to find a head noted from a file they made: VIEW_MASKED, and
 * VIEW_LEGACY (as muster did before a reveal was mended, see hs_remove). */
typedef enum view_form { VIEW_SHOWN, VIEW_MASKED, VIEW_LEGACY } view_form;

/* The line of a row: {"data":DATA,"division":N|null,"id":N,"kind":"KIND"}
 * in full, {"division":..,"id":..,"kind":..,"masked":true} masked, or
 * {"division":..,"id":..,"kind":..,"shown":PROJECTION}. */
static void view_line(sqlite3_stmt *st, bool masked, const char *shown,
                      sbuf *sb)
{
    const char *kind = (const char *)sqlite3_column_text(st, 1);
    const char *data = (const char *)sqlite3_column_text(st, 3);
    char div[24] = "null";
    if (sqlite3_column_type(st, 2) != SQLITE_NULL)
        snprintf(div, sizeof div, "%lld",
                 (long long)sqlite3_column_int64(st, 2));
    long long id = (long long)sqlite3_column_int64(st, 0);
    if (!masked) {
        mu_buf_puts(sb, "{\"data\":");
        mu_buf_puts(sb, data ? data : "");
        mu_buf_puts(sb, ",");
    } else {
        mu_buf_puts(sb, "{");
    }
    mu_buf_printf(sb, "\"division\":%s,\"id\":%lld,\"kind\":\"", div, id);
    mu_buf_puts(sb, kind ? kind : "");
    if (!masked)
        mu_buf_puts(sb, "\"}");
    else if (!shown)
        mu_buf_puts(sb, "\",\"masked\":true}");
    else {
        mu_buf_puts(sb, "\",\"shown\":");
        mu_buf_puts(sb, shown);
        mu_buf_puts(sb, "}");
    }
}

/* What the side is shown of the row's event as of it, as its JSON log
 * entry, into
 * *shown (NULL when nothing is withheld). */
static mu_status row_shown(mu_campaign *c, sqlite3_stmt *st,
                           const hidden_set *h, int side, char **shown,
                           mu_error *err)
{
    camp_ev e;
    *shown = NULL;
    mu_status s = camp_ev_decode(c->path, sqlite3_column_int64(st, 0),
                                 (const char *)sqlite3_column_text(st, 1),
                                 sqlite3_column_int(st, 2),
                                 (const char *)sqlite3_column_text(st, 3),
                                 &e, err);
    if (s != MU_OK)
        return s;
    hs_view hv = {h, side};
    ev_view v = {hs_masked, &hv};
    if (camp_ev_project(&e, &v, side)) {
        /* the very bytes of the side's JSON log entry (a seed is a raw
         * 64-bit number there, which RFC 8785 would round) */
        cJSON *o = camp_ev_shown(&e);
        *shown = o ? wr_cjson_text(o) : NULL;
        cJSON_Delete(o);
        if (!*shown)
            s = err_nomem(err);
    }
    camp_ev_clear(&e);
    return s;
}

static void next_hash(unsigned char h[CAMP_HASH_BYTES], const char *line)
{
    crypto_hash_sha256_state s;
    crypto_hash_sha256_init(&s);
    crypto_hash_sha256_update(&s, h, CAMP_HASH_BYTES);
    crypto_hash_sha256_update(&s, (const unsigned char *)line, strlen(line));
    crypto_hash_sha256_final(&s, h);
}

typedef mu_status (*view_fn)(void *ctx, int64_t id, const char *line,
                             const char *hex, mu_error *err);

static mu_status walk_view(mu_campaign *c, int side, view_form form,
                           view_fn fn, void *ctx, mu_error *err)
{
    if (sodium_init() < 0)
        return err_set(err, MU_EINTERNAL, "libsodium could not start");
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT e.id, e.kind, e.division, e.data, "
                               "e.kind = 'engage' AND json_extract(e.data, "
                               "'$.hidden'), json_extract(e.data, '$.side'), "
                               "(SELECT group_concat(value) FROM json_tree("
                               "e.data) WHERE key = 'division' AND type = "
                               "'integer'), e.kind = 'add' AND json_type("
                               "e.data, '$.known') IS NOT NULL FROM events e "
                               "ORDER BY e.id", &st,
                               err);
    if (s != MU_OK)
        return s;
    hidden_set h = {NULL, 0, 0};
    unsigned char hash[CAMP_HASH_BYTES] = {0};
    int rc;
    while (s == MU_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        int div = sqlite3_column_int(st, 2);
        const char *kind = (const char *)sqlite3_column_text(st, 1);
        const char *owner = (const char *)sqlite3_column_text(st, 5);
        if (sqlite3_column_int(st, 4) &&
            !hs_add(&h, div, owner && !strcmp(owner, "confederate")))
            s = err_nomem(err);
        if (kind && !strcmp(kind, "reveal")) /* the secret is out */
            hs_remove(&h, div, form == VIEW_LEGACY);
        char list[40], *shown = NULL;
        snprintf(list, sizeof list, "%d", div);
        /* An order of battle's values are the owner's: its add is
         * masked for the other side (judged as of the event, as always). */
        bool known = sqlite3_column_int(st, 7) &&
                     (owner && !strcmp(owner, "confederate")) != side;
        bool masked = known || hs_hides(&h, list, side) ||
                      hs_hides(&h, (const char *)sqlite3_column_text(st, 6),
                               side);
        if (masked && form == VIEW_SHOWN && s == MU_OK)
            s = row_shown(c, st, &h, side, &shown, err);
        sbuf line = {0};
        /* (a division hidden and named only where nothing shows it, as
         * a battery's: the projection withholds nothing) */
        view_line(st, masked && (form != VIEW_SHOWN || shown), shown, &line);
        free(shown);
        if (line.oom && s == MU_OK)
            s = err_nomem(err);
        char hex[CAMP_HASH_HEX];
        next_hash(hash, line.p ? line.p : "");
        camp_hash_hex(hash, hex);
        if (s == MU_OK)
            s = fn(ctx, sqlite3_column_int64(st, 0), line.p ? line.p : "",
                   hex, err);
        mu_buf_free(&line);
    }
    camp_finalize(c, st);
    free(h.v);
    if (s == MU_OK && rc != SQLITE_DONE)
        s = camp_sql_fail(c, rc, "reading", err);
    return s;
}

/* ---- a side's view head ------------------------------------------------- */

typedef struct head_ctx {
    char *hex;
    int64_t n;
} head_ctx;

static mu_status keep_last(void *ctx, int64_t id, const char *line,
                           const char *hex, mu_error *err)
{
    (void)id, (void)line, (void)err;
    head_ctx *x = ctx;
    memcpy(x->hex, hex, CAMP_HASH_HEX);
    x->n++;
    return MU_OK;
}

typedef struct view_head_ctx {
    int side;
    head_ctx h;
} view_head_ctx;

/* A player's own file holds its view chain (view_chain); a campaign file
 * makes it from the log. */
static mu_status view_head_read(mu_campaign *c, void *p, mu_error *err)
{
    view_head_ctx *x = p;
    memset(x->h.hex, '0', CAMP_HASH_HEX - 1);
    x->h.hex[CAMP_HASH_HEX - 1] = '\0';
    x->h.n = 0;
    if (!c->view)
        return walk_view(c, x->side, VIEW_SHOWN, keep_last, &x->h, err);
    sqlite3_stmt *st;
    mu_status s = camp_prepare(c, "SELECT hash, (SELECT count(*) FROM "
                               "view_chain) FROM view_chain ORDER BY id DESC "
                               "LIMIT 1", &st, err);
    if (s != MU_OK)
        return err_at(err, MU_EINPUT, c->path, 0, "this player's file was "
                      "exported by an older muster: it holds no view chain");
    if (sqlite3_step(st) == SQLITE_ROW) {
        camp_text_col(st, 0, x->h.hex, CAMP_HASH_HEX);
        x->h.n = sqlite3_column_int64(st, 1);
    }
    camp_finalize(c, st);
    return MU_OK;
}

mu_status mu_campaign_view_head(mu_campaign *c, mu_army side,
                                char hex[MU_CHAIN_HEX], int64_t *count,
                                mu_error *err)
{
    if (!c || !hex || !count)
        return err_set(err, MU_EINPUT, "no campaign given");
    if ((unsigned)side > 1)
        return err_set(err, MU_EINPUT, "a view is the union's or the "
                       "confederates'");
    if (c->view && (int)side != c->viewer)
        return err_set(err, MU_ESTATE, "this is the %s own file: it holds "
                       "that side's view of the log only",
                       camp_side_poss((mu_army)c->viewer));
    /* The other side's view holds its own hidden divisions' events in
     * full (the owner's view is not masked for them): acting for a side,
     * only that side's view head is given. */
    if (c->viewer != MU_SIDE_NONE && (int)side != c->viewer)
        return err_set(err, MU_ESTATE, "acting for the %s, only the %s view "
                       "head can be read", camp_side_noun((mu_army)c->viewer),
                       camp_side_poss((mu_army)c->viewer));
    view_head_ctx x = {(int)side, {hex, 0}};
    mu_status s = camp_read(c, view_head_read, &x, err);
    if (s == MU_OK)
        *count = x.h.n;
    return s;
}

/* ---- a view head noted earlier, in the umpire's file -------------------- */

typedef struct find_ctx {
    unsigned char want[CAMP_HASH_BYTES];
    int64_t at, n;
    char head[CAMP_HASH_HEX];
} find_ctx;

static mu_status find_link(void *ctx, int64_t id, const char *line,
                           const char *hex, mu_error *err)
{
    (void)line, (void)err;
    find_ctx *x = ctx;
    unsigned char h[CAMP_HASH_BYTES];
    x->n++;
    memcpy(x->head, hex, CAMP_HASH_HEX);
    if (!x->at && camp_hash_parse(hex, h) &&
        sodium_memcmp(h, x->want, CAMP_HASH_BYTES) == 0)
        x->at = id;
    return MU_OK;
}

mu_status camp_view_find(mu_campaign *c, int side, const char *noted,
                         camp_report *r, mu_error *err)
{
    /* by form: not found as shown, maybe noted from a file of an older
     * muster (view_form), whose links prove as much as they covered */
    find_ctx x[3] = {{.at = 0, .n = 0, .head = ""}};
    camp_hash_parse(noted, x[0].want); /* checked by the caller */
    const char *who = camp_side_poss((mu_army)side);
    for (int f = VIEW_SHOWN; f <= VIEW_LEGACY; f++) {
        memcpy(x[f].want, x[0].want, sizeof x[f].want);
        if (f > VIEW_SHOWN && (x[0].at || x[f - 1].at))
            break;
        mu_status s = walk_view(c, side, (view_form)f, find_link, &x[f], err);
        if (s != MU_OK)
            return s;
        if (f == VIEW_SHOWN)
            camp_line(r->sb, ERR_PL("the %s view: %" PRId64 " event, head %s\n",
                                    "the %s view: %" PRId64 " events, head %s\n",
                                    x[0].n), who, x[0].n,
                      x[0].n ? x[0].head : "(none)");
    }
    if (x[0].at)
        camp_line(r->sb, "noted head of the %s view: event %" PRId64 " of %"
                  PRId64 ": nothing before it was rewritten\n", who, x[0].at,
                  x[0].n);
    else if (x[1].at)
        camp_line(r->sb, "noted head of the %s view: event %" PRId64 " of %"
                  PRId64 ", from a file exported by a muster that hashed "
                  "every event naming a hidden division as masked whole: "
                  "nothing before it was rewritten, as far as those lines "
                  "cover\n", who, x[1].at, x[1].n);
    else if (x[2].at)
        camp_line(r->sb, "noted head of the %s view: event %" PRId64 " of %"
                  PRId64 ", from a file exported by a muster that masked "
                  "events about no division after a reveal: nothing before "
                  "it was rewritten\n", who, x[2].at, x[2].n);
    else
        camp_problem(r, "the noted head %s is not in the %s view of the "
                     "chain: events up to it were changed or deleted, or it "
                     "is another side's", noted, who);
    return MU_OK;
}

/* ---- a player's own file ------------------------------------------------ */

typedef struct write_ctx {
    mu_campaign *c;
    sqlite3_stmt *ins;
} write_ctx;

static mu_status write_link(void *ctx, int64_t id, const char *line,
                            const char *hex, mu_error *err)
{
    write_ctx *x = ctx;
    sqlite3_reset(x->ins);
    sqlite3_bind_int64(x->ins, 1, id);
    sqlite3_bind_text(x->ins, 2, line, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(x->ins, 3, hex, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(x->ins);
    return rc == SQLITE_DONE ? MU_OK
                             : camp_sql_fail(x->c, rc, "writing the copy", err);
}

mu_status camp_view_chain_write(mu_campaign *x, int side, mu_error *err)
{
    mu_status s = camp_exec(x, "CREATE TABLE view_chain (id INTEGER PRIMARY "
                            "KEY, line TEXT NOT NULL, hash TEXT NOT NULL "
                            "CHECK (length(hash) = 64)) STRICT", err);
    write_ctx w = {x, NULL};
    if (s == MU_OK)
        s = camp_prepare(x, "INSERT INTO view_chain(id, line, hash) VALUES "
                         "(?, ?, ?)", &w.ins, err);
    if (s == MU_OK)
        s = walk_view(x, side, VIEW_SHOWN, write_link, &w, err);
    camp_finalize(x, w.ins);
    return s;
}

/* The view chain of a player's own file, link by link: each stored line
 * hashes to its stored hash from the one before, its id is its row's, and
 * the noted head (or NULL) is one of the hashes. */
static void check_link(camp_report *r, int64_t id, int64_t want,
                       const char *line, const char *stored,
                       unsigned char h[CAMP_HASH_BYTES])
{
    char hex[CAMP_HASH_HEX], tag[40];
    if (id != want)
        camp_problem(r, "view chain: link %" PRId64 " comes after %" PRId64,
                     id, want - 1);
    snprintf(tag, sizeof tag, "\"id\":%" PRId64 ",", id);
    if (!strstr(line, tag))
        camp_problem(r, "view chain: link %" PRId64 " holds another event",
                     id);
    next_hash(h, line);
    camp_hash_hex(h, hex);
    if (strcmp(hex, stored))
        camp_problem(r, "view chain: link %" PRId64 ": its stored hash is "
                     "%.64s, the chain gives %s: the event or one before it "
                     "was changed", id, stored, hex);
}

/* ---- the log a player's file shows, against its chain ------------------ */

/* Divisions hidden from the file's side when it was exported, from its
 * chain alone (the divisions table is not in it): engaged hidden by the
 * other side (an engage line is masked only then) and not revealed since
 * (a reveal line is never masked). A hidden_set whose sides are not
 * known (-1): each of its divisions is hidden. */
static bool eh_has(const void *ctx, int div)
{
    const hidden_set *h = ctx;
    for (int i = 0; i < h->n; i++)
        if (h->v[i][0] == div)
            return true;
    return false;
}

static bool eh_all(const void *ctx, int div)
{
    (void)ctx, (void)div;
    return true;
}

/* A chain line's id, kind, division (0: null) and whether it is masked;
 * false when it is not a line muster writes. */
typedef struct line_info {
    int64_t id;
    char kind[32];
    int division;
    bool masked;       /* masked whole (a masked line, or shown hidden) */
    const char *shown; /* a shown line's projection (in the line), or NULL */
} line_info;

static bool line_read(const char *line, line_info *li)
{
    cJSON *o = cJSON_Parse(line ? line : "");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(o, "id");
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(o, "kind");
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(o, "division");
    bool ok = cJSON_IsNumber(id) && cJSON_IsString(k) &&
              strlen(k->valuestring) < sizeof li->kind &&
              (cJSON_IsNull(d) || cJSON_IsNumber(d));
    if (ok) {
        li->id = (int64_t)id->valuedouble;
        snprintf(li->kind, sizeof li->kind, "%s", k->valuestring);
        li->division = cJSON_IsNumber(d) ? d->valueint : 0;
        li->masked = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o,
                                                                   "masked"));
        const cJSON *sh = cJSON_GetObjectItemCaseSensitive(o, "shown");
        /* {"division":..,"id":..,"kind":..,"shown":P}: P's bytes are the
         * line's from its key to the last brace */
        const char *at = strstr(line, ",\"shown\":{");
        li->shown = cJSON_IsObject(sh) && at ? at + 9 : NULL;
        if (li->shown)
            li->masked = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(
                sh, "hidden")) && !cJSON_GetObjectItemCaseSensitive(sh, "side");
    }
    cJSON_Delete(o);
    return ok;
}

/* A line of the view chain into h, the divisions hidden at its end. */
static mu_status hidden_at_end(sqlite3_stmt *st, void *p, mu_error *err)
{
    hidden_set *h = p;
    line_info li;
    if (!line_read((const char *)sqlite3_column_text(st, 0), &li))
        return MU_OK; /* reported by the walk */
    if (li.masked && !strcmp(li.kind, "engage") &&
        !hs_add(h, li.division, -1))
        return err_nomem(err);
    if (!li.masked && !strcmp(li.kind, "reveal"))
        hs_remove(h, li.division, true);
    return MU_OK;
}

/* What the log shows for a chain line, as the export wrote it: for a full
 * line, its event rendered for the side (masked as at the export); for a
 * masked line of a division still hidden, the one line that says so.
 * *known is false for the other masked lines (a hidden division's engage,
 * whose name and commitment the line does not hold; an add with what an
 * order of battle knew, shown without it; an event naming
 * several divisions, or a division revealed since): their text is what
 * the chain withholds. */
static mu_status expected_entry(mu_campaign *c, const char *line,
                                const line_info *li, const hidden_set *h,
                                bool json, sbuf *sb, bool *known,
                                mu_error *err)
{
    camp_ev e;
    *known = false;
    if (li->masked) {
        if (!li->division || !strcmp(li->kind, "engage") ||
            !strcmp(li->kind, "add") || !eh_has(h, li->division))
            return MU_OK;
        memset(&e, 0, sizeof e);
        if (!camp_ev_kind_of(li->kind, &e.kind))
            return MU_OK;
        e.id = li->id;
        e.division = li->division;
        *known = true;
        return camp_log_render(&e, eh_all, NULL, json, sb, err);
    }
    /* {"data":DATA,"division":...,"id":N,"kind":"KIND"}: DATA ends at the
     * last ,"division": (the suffix has no other). */
    const char *end = NULL;
    for (const char *p = strstr(line, ",\"division\":"); p;
         p = strstr(p + 1, ",\"division\":"))
        end = p;
    if (strncmp(line, "{\"data\":", 8) || !end || end < line + 8)
        return err_at(err, MU_EIO, c->path, 0, "view chain: link %" PRId64
                      " is not an event line", li->id);
    char *data = strndup(line + 8, (size_t)(end - (line + 8)));
    if (!data)
        return err_nomem(err);
    mu_status s = camp_ev_decode(c->path, li->id, li->kind, li->division,
                                 data, &e, err);
    free(data);
    if (s != MU_OK)
        return s;
    *known = true;
    s = camp_log_render(&e, eh_has, h, json, sb, err);
    camp_ev_clear(&e);
    return s;
}

/* The divisions a projection shows hidden (at most n). */
static int shown_hidden(const camp_ev *e, int *v, int n)
{
    int k = 0;
    if (e->hidden && k < n)
        v[k++] = e->division;
    const ev_release *x = e->kind == EV_EXCHANGE || e->kind == EV_LIBERATE
                              ? &e->u.release
                          : e->kind == EV_OFFER || e->kind == EV_ACCEPT
                              ? &e->u.offer.release : NULL;
    for (int i = 0; x && i < x->n && k < n; i++)
        if (x->stands[i].hidden)
            v[k++] = x->stands[i].division;
    for (int i = 0; x && i < x->nleaders && k < n; i++)
        if (x->leaders[i].hidden)
            v[k++] = x->leaders[i].division;
    for (int i = 0; e->kind == EV_BATTLE_END && i < e->u.end.nreturns &&
                    k < n; i++)
        if (e->u.end.returns[i].hidden)
            v[k++] = e->u.end.returns[i].division;
    return k;
}

typedef struct div_list {
    int v[64];
    int n;
} div_list;

static bool in_list(const void *ctx, int div)
{
    const div_list *l = ctx;
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == div)
            return true;
    return false;
}

/* A shown line's entry of the log: its text and JSON both rendered from
 * the one entry, and that entry, projected as the line says the side was
 * shown the event (more may have been revealed since), is the line's. */
static mu_status check_shown(mu_campaign *c, camp_report *r,
                             const line_info *li, const char *stored[2],
                             mu_error *err)
{
    camp_ev e, was;
    mu_error why;
    mu_status t = camp_ev_decode_shown(c->path, stored[1], &e, &why);
    if (t == MU_OK && (t = camp_ev_decode_shown(c->path, li->shown, &was,
                                                &why)) != MU_OK)
        camp_ev_clear(&e);
    if (t != MU_OK) {
        if (t == MU_ENOMEM)
            return err_nomem(err);
        camp_problem(r, "view log: event %" PRId64 " (%s): %.200s", li->id,
                     li->kind, why.msg);
        return MU_OK;
    }
    div_list hid = {{0}, 0};
    hid.n = shown_hidden(&was, hid.v, 64);
    camp_ev_clear(&was);
    mu_status s = MU_OK;
    for (int j = 0; j < 2 && s == MU_OK; j++) {
        sbuf want = {0};
        s = camp_log_render(&e, in_list, &(div_list){{0}, 0}, j == 1, &want,
                            err);
        if (s == MU_OK && strcmp(want.p ? want.p : "", stored[j]))
            camp_problem(r, "view log: event %" PRId64 " (%s): the %s shown "
                         "is not what its chain line gives", li->id,
                         li->kind, j ? "JSON" : "text");
        mu_buf_free(&want);
    }
    ev_view v = {in_list, &hid};
    camp_ev_project(&e, &v, c->viewer);
    cJSON *o = s == MU_OK ? camp_ev_shown(&e) : NULL;
    char *p = o ? wr_cjson_text(o) : NULL;
    size_t n = strlen(li->shown);
    if (s == MU_OK && !p)
        s = err_nomem(err);
    else if (s == MU_OK && (e.id != li->id || strlen(p) + 1 != n ||
                            strncmp(p, li->shown, n - 1)))
        camp_problem(r, "view log: event %" PRId64 " (%s): what the log "
                     "shows is not what its chain line says the %s were "
                     "shown", li->id, li->kind,
                     camp_side_noun((mu_army)c->viewer));
    free(p);
    cJSON_Delete(o);
    camp_ev_clear(&e);
    return s;
}

/* A file exported before the log's JSON named an undo's undone kind
 * "undone_kind" shows it as a second "kind" key; that entry is still
 * what its chain line gives. */
static bool legacy_undo_json(const char *want, const char *stored)
{
    static const char key[] = "\"undone_kind\":";
    const char *k = want ? strstr(want, key) : NULL;
    if (!k || strncmp(want, "{\"id\":", 6) || !strstr(want, "\"kind\":\"undo\""))
        return false;
    size_t pre = (size_t)(k - want), klen = sizeof key - 1;
    return !strncmp(stored, want, pre) && !strncmp(stored + pre, "\"kind\":", 7) &&
           !strcmp(stored + pre + 7, k + klen);
}

/* The log shown (view_log): the same events as the chain, and each entry,
 * text and JSON, what its chain line gives where the line holds it. */
static mu_status view_log_check(mu_campaign *c, camp_report *r,
                                mu_error *err)
{
    hidden_set h = {NULL, 0, 0};
    mu_status s = camp_each(c, hidden_at_end, &h, err, "SELECT line FROM "
                            "view_chain ORDER BY id", "");
    sqlite3_stmt *st = NULL;
    if (s == MU_OK)
        s = camp_prepare(c, "SELECT c.line, v.text, v.json, coalesce(c.id, "
                         "v.id) FROM view_chain c FULL JOIN view_log v USING "
                         "(id) ORDER BY 4", &st, err);
    int rc = SQLITE_DONE;
    int64_t shown = 0, kind_only = 0;
    while (s == MU_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *line = (const char *)sqlite3_column_text(st, 0);
        const char *stored[2] = {(const char *)sqlite3_column_text(st, 1),
                                 (const char *)sqlite3_column_text(st, 2)};
        int64_t id = sqlite3_column_int64(st, 3);
        line_info li;
        if (!line || !stored[0] || !stored[1]) {
            camp_problem(r, "view log: event %" PRId64 " is in %s but not in "
                         "%s", id, line ? "the chain" : "the log shown",
                         line ? "the log shown" : "the chain");
            continue;
        }
        if (!line_read(line, &li))
            continue; /* the link check reports it */
        if (li.shown) {
            s = check_shown(c, r, &li, stored, err);
            shown++;
            continue;
        }
        bool known = false;
        for (int j = 0; j < 2 && s == MU_OK; j++) {
            sbuf want = {0};
            mu_error why;
            mu_status t = expected_entry(c, line, &li, &h, j == 1, &want,
                                         &known, &why);
            if (t == MU_ENOMEM)
                s = err_nomem(err);
            else if (t != MU_OK)
                camp_problem(r, "view log: event %" PRId64 ": its chain line "
                             "does not read (%.200s)", id, why.msg);
            else if (known && strcmp(want.p ? want.p : "", stored[j]) &&
                     !(j == 1 && legacy_undo_json(want.p, stored[j])))
                camp_problem(r, "view log: event %" PRId64 " (%s): the %s "
                             "shown is not what its chain line gives", id,
                             li.kind, j ? "JSON" : "text");
            mu_buf_free(&want);
        }
        if (known) {
            shown++;
            continue;
        }
        kind_only++;
        cJSON *o = cJSON_Parse(stored[1]);
        const cJSON *k = cJSON_GetObjectItemCaseSensitive(o, "kind");
        if (!cJSON_IsString(k) || strcmp(k->valuestring, li.kind))
            camp_problem(r, "view log: event %" PRId64 " (%s) is shown as "
                         "another kind", id, li.kind);
        cJSON_Delete(o);
    }
    if (s == MU_OK && rc != SQLITE_DONE)
        s = camp_sql_fail(c, rc, "reading", err);
    camp_finalize(c, st);
    free(h.v);
    if (s == MU_OK) {
        if (!kind_only)
            camp_line(r->sb, ERR_PL("view log: %" PRId64 " event as the chain "
                                    "gives them\n", "view log: %" PRId64
                                    " events as the chain gives them\n", shown),
                      shown);
        else
            camp_line(r->sb, ERR_PL("view log: %" PRId64 " events as the chain "
                                    "gives them, %" PRId64 " masked one by "
                                    "kind only (the chain does not hold their "
                                    "text)\n",
                                    "view log: %" PRId64 " events as the chain "
                                    "gives them, %" PRId64 " masked ones by "
                                    "kind only (the chain does not hold their "
                                    "text)\n", kind_only), shown, kind_only);
    }
    return s;
}

mu_status camp_view_check(mu_campaign *c, const char *noted, camp_report *r,
                          mu_error *err)
{
    if (sodium_init() < 0)
        return err_set(err, MU_EINTERNAL, "libsodium could not start");
    sqlite3_stmt *st;
    if (camp_prepare(c, "SELECT id, line, hash FROM view_chain ORDER BY id",
                     &st, err) != MU_OK) {
        camp_problem(r, "no view chain: this player's file was exported by "
                     "an older muster");
        return MU_OK;
    }
    unsigned char h[CAMP_HASH_BYTES] = {0}, want[CAMP_HASH_BYTES];
    if (noted && !camp_hash_parse(noted, want))
        noted = NULL; /* checked by the caller */
    int64_t n = 0, at = 0;
    int before = r->problems, rc;
    char head[CAMP_HASH_HEX] = "(none)";
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *line = (const char *)sqlite3_column_text(st, 1);
        const char *hash = (const char *)sqlite3_column_text(st, 2);
        check_link(r, sqlite3_column_int64(st, 0), ++n, line ? line : "",
                   hash ? hash : "", h);
        camp_hash_hex(h, head);
        if (noted && !at && sodium_memcmp(h, want, CAMP_HASH_BYTES) == 0)
            at = n;
    }
    camp_finalize(c, st);
    if (rc != SQLITE_DONE)
        return camp_sql_fail(c, rc, "reading", err);
    camp_line(r->sb, ERR_PL("view chain (the %s): %" PRId64 " event, head %s: "
                            "%s\n", "view chain (the %s): %" PRId64 " events, "
                            "head %s: %s\n", n),
              camp_side_poss((mu_army)c->viewer), n, head,
              r->problems == before ? "every hash follows" : "FAILED");
    if (noted && at)
        camp_line(r->sb, "noted head: event %" PRId64 " of %" PRId64 ": "
                  "nothing before it was rewritten\n", at, n);
    else if (noted)
        camp_problem(r, "the noted head %s is not in the view chain: events "
                     "up to it were changed or deleted", noted);
    return view_log_check(c, r, err);
}

typedef struct full_head_ctx {
    char *hex;
    int64_t *count;
} full_head_ctx;

static mu_status full_head_read(mu_campaign *c, void *p, mu_error *err)
{
    full_head_ctx *x = p;
    unsigned char last[CAMP_HASH_BYTES];
    mu_status s = camp_chain_last(c, last, x->count, err);
    if (s == MU_OK)
        camp_hash_hex(last, x->hex);
    return s;
}

mu_status mu_campaign_head(mu_campaign *c, char hex[MU_CHAIN_HEX],
                           int64_t *count, mu_error *err)
{
    if (!c || !hex || !count)
        return err_set(err, MU_EINPUT, "no campaign given");
    /* The full head commits to every event, hidden ones too, and with two
     * consecutive heads a low-entropy masked event (a hidden division's
     * casualties) falls to a few thousand guesses: a handle acting for a
     * side (its own file, or the campaign file with an acting side) gets
     * that side's view head only. */
    if (c->view || c->viewer != MU_SIDE_NONE)
        return mu_campaign_view_head(c, (mu_army)c->viewer, hex, count, err);
    full_head_ctx x = {hex, count};
    return camp_read(c, full_head_read, &x, err);
}
