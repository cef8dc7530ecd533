/* SPDX-License-Identifier: MIT */
/* show.c -- the state of a campaign (show) and its prisoners, as
 * text, JSON or Markdown, the other side's hidden divisions masked. */
#include "campaign.h"

#include <inttypes.h>
#include "grid.h"
#include "lang.h"
#include "render.h"
#include "writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const origin_names[] = {"generated", "replacement",
                                           "downgraded", "returned"};

static const char *origin_name(int o)
{
    return (unsigned)o < 4 ? origin_names[o] : "?";
}

/* "average", "despicable (DP)", "average (replacement)", "average
 * (despicable, played by the book)", "despicable (DP, downgraded)". */
static void rating_text(int r, int rolled, int origin, char *buf, size_t n)
{
    const char *dp = r == MU_DESPICABLE ? LANG_DP : "";
    const char *how = origin == CAMP_REPLACED     ? _("replacement")
                      : origin == CAMP_DOWNGRADED ? _("downgraded")
                      : origin == CAMP_RETURNED   ? _("back from captivity") : "";
    const char *book = r != rolled && origin != CAMP_DOWNGRADED
                           ? _("despicable, played by the book") : "";
    const char *parts[] = {dp, how, book};
    int k = snprintf(buf, n, "%s", dgettext(LANG_DOMAIN, mu_rating_name((mu_rating)r)));
    int any = 0;
    for (int i = 0; i < 3 && k > 0 && (size_t)k < n; i++)
        if (*parts[i])
            k += snprintf(buf + k, n - (size_t)k, "%s%s", any++ ? ", " : " (",
                          parts[i]);
    if (any && k > 0 && (size_t)k < n)
        snprintf(buf + k, n - (size_t)k, ")");
}

/* ---- gathering ---------------------------------------------------------- */

/* What the listing needs after the divisions (corps leaders, reserve
 * artillery) is added up as they are written, each as it is read: the
 * memory of one division whatever their number, and the first at once.
 * (The text lists a side's corps after that side's divisions: a division
 * belongs to a corps of its own side, which is how add makes it.) */
typedef struct pool {
    int64_t reserve; /* batteries of the engaged divisions the viewer sees */
    int hidden;      /* engaged divisions left out, unseen */
    bool seen;       /* a corps: one of its divisions that fought is seen */
} pool;

typedef struct view {
    camp_corps *corps;
    int ncorps;
    pool *kp;       /* each corps' pool (Confederate reserves), by index */
    int (*byid)[2]; /* {id, index} of each corps, in id order */
    pool army[2];   /* the Union's Army Reserve; Confederates of no corps */
    bool corpsless; /* a Confederate division of no corps fought */
    bool any[2];    /* each side has divisions */
    int battle;
    char battle_name[CAMP_NAME_MAX + 1];
    sqlite3_stmt *taken;  /* batteries held prisoner, by division */
    int taken_div, taken_n; /* its row: 0 before the first, -1 at the end */
    int viewer;
    int owed[2];    /* despicable replacements owed by each side */
    const mu_labels *labels;
    bool md;
    wr_out *out;
    bool json;
    jw *w;          /* the JSON listing's writer */
    mu_campaign *c;
} view;

static int by_corps_id(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The index of corps `id`, or -1. */
static int corps_index(const view *v, int id)
{
    int key[2] = {id, 0};
    const int(*k)[2] = bsearch(key, v->byid, (size_t)v->ncorps,
                               sizeof *v->byid, by_corps_id);
    return k ? (*k)[1] : -1;
}

/* The seed: a third of the artillery goes "to Confederate Corps or Union
 * Army Artillery Reserve". A pool adds up the reserve shares of the
 * engaged divisions the viewer may see: the Union's one Army Artillery
 * Reserve, each Confederate corps' reserve (divisions of no corps: the
 * army's). A corps leader is shown once one of its divisions that fought
 * is. */
static void count_div(view *v, const camp_div *d)
{
    v->any[d->side] = true;
    if (!d->engaged)
        return;
    bool seen = camp_visible(d, v->viewer);
    int k = d->corps ? corps_index(v, d->corps) : -1;
    if (k >= 0 && seen)
        v->kp[k].seen = true;
    pool *p = d->side == MU_UNION ? &v->army[MU_UNION]
              : !d->corps         ? &v->army[MU_CONFEDERATE]
              : k >= 0            ? &v->kp[k] : NULL;
    if (d->side == MU_CONFEDERATE && !d->corps)
        v->corpsless = true;
    if (p && seen)
        p->reserve += d->reserve;
    else if (p)
        p->hidden++;
}

/* The batteries held prisoner, by division, read beside the divisions:
 * in the order of the index batteries_held_division (schema 7), so the
 * first division is written without waiting for a sort of them all. */
const char camp_show_taken_sql[] =
    "SELECT division, sum(batteries) FROM batteries_held GROUP BY division "
    "ORDER BY division";

static mu_status gather(mu_campaign *c, view *v, mu_error *err)
{
    mu_status s;
    if ((s = camp_prepare(c, camp_show_taken_sql, &v->taken, err)) != MU_OK ||
        (s = camp_load_all_corps(c, &v->corps, &v->ncorps, err)) != MU_OK ||
        (s = camp_active_battle(c, &v->battle, v->battle_name,
                                sizeof v->battle_name, err)) != MU_OK)
        return s;
    for (int a = 0; a < 2; a++)
        if ((s = camp_penalties(c, (mu_army)a, &v->owed[a], err)) != MU_OK)
            return s;
    size_t n = v->ncorps ? (size_t)v->ncorps : 1;
    v->kp = calloc(n, sizeof *v->kp);
    v->byid = calloc(n, sizeof *v->byid);
    if (!v->kp || !v->byid)
        return err_nomem(err);
    for (int i = 0; i < v->ncorps; i++) {
        v->byid[i][0] = v->corps[i].id;
        v->byid[i][1] = i;
    }
    qsort(v->byid, (size_t)v->ncorps, sizeof *v->byid, by_corps_id);
    return MU_OK;
}

static void view_free(view *v)
{
    free(v->corps);
    free(v->kp);
    free(v->byid);
    camp_finalize(v->c, v->taken);
}

static bool corps_visible(const view *v, const camp_corps *k)
{
    return v->kp[k - v->corps].seen;
}

/* Loaded values are within +-CAMP_VALUE_MAX (camp_col), so the sum over at
 * most MU_MAX_BRIGADES brigades stays far inside an int. */
static int div_stands(const camp_div *d, int *start)
{
    int n = 0;
    *start = 0;
    for (int i = 0; i < d->nbrigades; i++) {
        n += d->b[i].current;
        *start += d->b[i].start;
    }
    return n;
}

static mu_status put_div(view *v, const camp_div *d, mu_error *err);

/* Each division of `side` (-1: both) in id order, with its brigades, to
 * put_div; the output goes to the sink after each. */
static mu_status each_div(mu_campaign *c, view *v, int side, mu_error *err)
{
    camp_divs it;
    mu_status s = camp_divs_open(c, side, true, &it, err);
    camp_div d;
    bool more = s == MU_OK;
    while (s == MU_OK && more)
        if ((s = camp_divs_next(&it, &d, &more, err)) == MU_OK && more &&
            (s = put_div(v, &d, err)) == MU_OK) {
            count_div(v, &d);
            s = wr_out_record(v->out, err);
        }
    camp_divs_close(&it);
    return s;
}

/* ---- JSON --------------------------------------------------------------- */

/* The JSON is written directly, byte for byte what cJSON_PrintUnformatted
 * printed of the tree it was once built as (golden tests hold it). */

static void leader_jw(jw *w, const char *key, int r, int rolled, int origin)
{
    jw_obj(w, key);
    jw_str(w, "rating", mu_rating_name((mu_rating)r));
    jw_str(w, "rolled", mu_rating_name((mu_rating)rolled));
    jw_str(w, "origin", origin_name(origin));
    jw_end(w);
}

/* Fresh, worn or spent: the brigade's stands now against its label's
 * marks (a brigade is worn at its worn mark, spent at its spent mark);
 * NULL where the labels have no line for it. */
static const char *brigade_status(const mu_labels *l, const camp_brigade *b)
{
    int worn, spent;
    if (!mu_labels_get(l, b->label_stands, (mu_morale)b->morale, &worn,
                       &spent))
        return NULL;
    return b->current <= spent ? N_("spent")
           : b->current <= worn ? N_("worn") : N_("fresh");
}

static void brigade_jw(jw *w, const camp_brigade *b, const mu_labels *l)
{
    char label[64];
    mu_labels_name(l, b->label_stands, (mu_morale)b->morale, label,
                   sizeof label);
    jw_obj(w, NULL);
    jw_int(w, "number", b->number);
    jw_int(w, "stands", b->current);
    jw_int(w, "start", b->start);
    jw_int(w, "out", b->lost - b->returned);
    jw_int(w, "prisoners", b->captured - b->freed);
    jw_int(w, "returned", b->returned);
    jw_int(w, "freed", b->freed);
    jw_str(w, "morale", mu_morale_name((mu_morale)b->morale));
    jw_str(w, "label", label);
    const char *status = brigade_status(l, b);
    if (status)
        jw_str(w, "status", status);
    else
        jw_null(w, "status");
    leader_jw(w, "leader", b->leader, b->leader_rolled, b->leader_origin);
    if (*b->name) /* last, so that older readers' field order holds */
        jw_str(w, "name", b->name);
    else
        jw_null(w, "name");
    jw_end(w);
}

/* Batteries destroyed: the division kept batteries - reserve at its
 * engagement; what it has not now and is not held prisoner (taken) was
 * destroyed (a campaign's batteries come back only from captivity). */
static int destroyed_batteries(const camp_div *d, int taken)
{
    int n = d->batteries - d->reserve - d->division_batteries - taken;
    return n > 0 ? n : 0;
}

static void division_jw(jw *w, const camp_div *d, int viewer,
                        const mu_labels *l, int taken)
{
    jw_obj(w, NULL);
    jw_int(w, "id", d->id);
    jw_str(w, "name", d->name);
    jw_str(w, "side", mu_army_name(d->side));
    jw_str(w, "arm", mu_arm_name(d->arm));
    if (d->corps)
        jw_str(w, "corps", d->corps_name);
    else
        jw_null(w, "corps");
    jw_bool(w, "engaged", d->engaged);
    jw_bool(w, "hidden", d->hidden && !d->revealed);
    if (d->hidden) {
        jw_str(w, "commitment", d->commitment);
        jw_bool(w, "verifiable", d->fair);
    }
    if (!d->engaged || !camp_visible(d, viewer)) {
        jw_end(w);
        return;
    }
    if (d->hidden)
        jw_bool(w, "revealed", d->revealed);
    jw_bool(w, "by_the_book", d->by_the_book);
    leader_jw(w, "leader", d->leader, d->leader_rolled, d->leader_origin);
    int start, stands = div_stands(d, &start);
    jw_int(w, "stands", stands);
    jw_int(w, "start", start);
    jw_arr(w, "brigades");
    for (int i = 0; i < d->nbrigades; i++)
        brigade_jw(w, &d->b[i], l);
    jw_end(w);
    jw_obj(w, "artillery");
    jw_int(w, "ratio", d->ratio);
    jw_int(w, "batteries", d->batteries);
    jw_int(w, "division", d->division_batteries);
    jw_int(w, "reserve", d->reserve);
    jw_int(w, "captured", taken);
    jw_int(w, "destroyed", destroyed_batteries(d, taken));
    jw_end(w);
    jw_end(w);
}

static void corps_jw(jw *w, const view *v, const camp_corps *k)
{
    jw_obj(w, NULL);
    jw_str(w, "name", k->name);
    jw_str(w, "side", mu_army_name(k->side));
    if (k->rated && corps_visible(v, k)) {
        leader_jw(w, "leader", k->leader, k->leader_rolled, k->leader_origin);
        if (k->attached)
            jw_int(w, "attached", k->attached);
        else
            jw_null(w, "attached");
    } else {
        jw_null(w, "leader");
    }
    jw_end(w);
}

static void pool_jw(jw *w, const char *key, const char *name, const pool *p)
{
    jw_obj(w, key);
    if (name)
        jw_str(w, "corps", name);
    jw_int(w, "batteries", p->reserve);
    jw_int(w, "hidden_divisions", p->hidden);
    jw_end(w);
}

static void reserve_jw(jw *w, const view *v)
{
    jw_obj(w, "reserve_artillery");
    pool_jw(w, "union_army", NULL, &v->army[MU_UNION]);
    jw_arr(w, "confederate_corps");
    for (int i = 0; i < v->ncorps; i++)
        if (v->corps[i].side == MU_CONFEDERATE)
            pool_jw(w, NULL, v->corps[i].name, &v->kp[i]);
    jw_end(w);
    pool_jw(w, "confederate_army", NULL, &v->army[MU_CONFEDERATE]);
    jw_end(w);
}

static void campaign_jw(jw *w, const mu_campaign *c, const view *v)
{
    char buf[MU_RAT_BUF];
    jw_obj(w, "campaign");
    jw_str(w, "name", c->name);
    jw_int(w, "year", c->year);
    jw_str(w, "theater", mu_theater_name(c->theater));
    mu_share_text(c->draw, buf, sizeof buf);
    jw_str(w, "return", buf);
    mu_share_text(c->winner, buf, sizeof buf);
    jw_str(w, "return_winner", buf);
    mu_share_text(c->loser, buf, sizeof buf);
    jw_str(w, "return_loser", buf);
    jw_str(w, "tables", c->custom_rules ? "custom" : "built-in");
    jw_obj(w, "owed_replacements");
    jw_int(w, "union", v->owed[MU_UNION]);
    jw_int(w, "confederate", v->owed[MU_CONFEDERATE]);
    jw_end(w);
    jw_end(w);
    if (v->battle) {
        jw_obj(w, "battle");
        jw_int(w, "id", v->battle);
        jw_str(w, "name", v->battle_name);
        jw_end(w);
    } else {
        jw_null(w, "battle");
    }
}

static mu_status show_json(mu_campaign *c, view *v, mu_error *err)
{
    jw w;
    jw_init(&w, &v->out->sb, false, 0);
    jw_obj(&w, NULL);
    campaign_jw(&w, c, v);
    jw_arr(&w, "divisions");
    v->w = &w;
    mu_status s = each_div(c, v, -1, err);
    v->w = NULL;
    if (s != MU_OK)
        return s;
    jw_end(&w);
    jw_arr(&w, "corps");
    for (int i = 0; i < v->ncorps; i++)
        corps_jw(&w, v, &v->corps[i]);
    jw_end(&w);
    reserve_jw(&w, v);
    jw_obj(&w, "prisoners");
    if ((s = camp_held_json(c, v->viewer, &w, v->out, err)) != MU_OK)
        return s;
    jw_end(&w);
    jw_end(&w);
    sb_ch(w.sb, '\n');
    return MU_OK;
}

/* ---- text and Markdown -------------------------------------------------- */

/* A brigade's label as mu_labels_name writes it, in the reader's words. */
static void label_text(const mu_labels *l, int stands, mu_morale m, char *buf,
                       size_t n)
{
    int worn, spent;
    const char *morale = _(mu_morale_name(m));
    if (mu_labels_get(l, stands, m, &worn, &spent))
        snprintf(buf, n, "%d/%d/%d %s", stands, worn, spent, morale);
    else
        snprintf(buf, n, "%d%s%s", stands, _(stands == 1 ? " stand, " : " stands, "),
                 morale);
}

static void brigade_grid(const camp_div *d, const mu_labels *l, bool md,
                         grid *g)
{
    char buf[96], name[2 * CAMP_NAME_MAX + 1];
    grid_init(g, 8);
    grid_row(g, (const char *const[]){_("brigade"), _("label"), _("brigadier"),
                                      _("stands"), _("start"), _("out"),
                                      _("prisoners"), _("returned")});
    for (int i = 0; i < d->nbrigades; i++) {
        const camp_brigade *b = &d->b[i];
        grid_add(g);
        if (md)
            camp_md_name(b->name, name, sizeof name);
        grid_setf(g, 0, "%d%s%s", b->number, *b->name ? " " : "",
                  md ? name : b->name);
        label_text(l, b->label_stands, (mu_morale)b->morale, buf, sizeof buf);
        const char *status = brigade_status(l, b);
        /* fresh is the rule; worn and spent are what a player looks for */
        if (status && strcmp(status, "fresh"))
            grid_setf(g, 1, "%s, %s", buf, _(status));
        else
            grid_setf(g, 1, "%s", buf);
        rating_text(b->leader, b->leader_rolled, b->leader_origin, buf,
                    sizeof buf);
        grid_setf(g, 2, "%s", buf);
        grid_setf(g, 3, "%d", b->current);
        grid_setf(g, 4, "%d", b->start);
        grid_setf(g, 5, "%d", b->lost - b->returned);
        grid_setf(g, 6, "%d", b->captured - b->freed);
        grid_setf(g, 7, "%d", b->returned);
    }
}

static void division_head(const camp_div *d, bool md, sbuf *sb)
{
    char name[2 * CAMP_NAME_MAX + 1], corps[2 * CAMP_NAME_MAX + 1];
    if (md) {
        camp_md_name(d->name, name, sizeof name);
        camp_md_name(d->corps_name, corps, sizeof corps);
        mu_buf_printf(sb, _("### Division %d: %s (%s%s%s)"), d->id, name,
                      dgettext(LANG_DOMAIN, mu_arm_name(d->arm)), d->corps ? ", " : "",
                      corps);
    } else {
        mu_buf_printf(sb, _("  Division %d \"%s\", %s%s%s"), d->id, d->name,
                      dgettext(LANG_DOMAIN, mu_arm_name(d->arm)), d->corps ? ", " : "",
                      d->corps_name);
    }
}

static void division_text(const camp_div *d, int viewer, const mu_labels *l,
                          bool md, int taken, sbuf *sb)
{
    division_head(d, md, sb);
    const char *sep = md ? " — " : ": ";
    if (!d->engaged) {
        mu_buf_printf(sb, "%s%s\n%s", sep, _("not engaged yet"), md ? "\n" : "");
        return;
    }
    /* Whether the other side can prove a hidden division fair is theirs to
     * know: a fair roll, or dice its owner chose. */
    const char *how = d->fair ? _("rolled fairly") : _("not verifiable");
    if (!camp_visible(d, viewer)) {
        mu_buf_puts(sb, sep);
        mu_buf_printf(sb, _("hidden, commitment %s, %s"), d->commitment, how);
        mu_buf_puts(sb, md ? "\n\n" : "\n");
        return;
    }
    char buf[96];
    int start, stands = div_stands(d, &start);
    rating_text(d->leader, d->leader_rolled, d->leader_origin, buf, sizeof buf);
    mu_buf_puts(sb, md ? "\n\n" : sep);
    mu_buf_printf(sb, dngettext(LANG_DOMAIN, "%d of %d stands in %d brigade",
                                "%d of %d stands in %d brigades",
                                (unsigned long)d->nbrigades),
                  stands, start, d->nbrigades);
    mu_buf_puts(sb, md ? " · " : ", ");
    mu_buf_printf(sb, dngettext(LANG_DOMAIN, "%d battery", "%d batteries",
                                (unsigned long)d->division_batteries),
                  d->division_batteries);
    int gone = destroyed_batteries(d, taken);
    if (taken && gone) /* taken: held by the other side, see the prisoners */
        mu_buf_printf(sb, _(" (%d captured, %d destroyed)"), taken, gone);
    else if (taken)
        mu_buf_printf(sb, _(" (%d captured)"), taken);
    else if (gone)
        mu_buf_printf(sb, _(" (%d destroyed)"), gone);
    mu_buf_printf(sb, _(", %d more to the reserve"), d->reserve);
    if (d->by_the_book)
        mu_buf_printf(sb, "%s%s", md ? " · " : ", ", _("by the book"));
    if (d->hidden) {
        mu_buf_puts(sb, md ? " · " : ", ");
        mu_buf_printf(sb, d->revealed ? _("revealed, commitment %s, %s")
                                      : _("hidden, commitment %s, %s"),
                      d->commitment, how);
    }
    mu_buf_printf(sb, md ? "\n\n%s: **%s**\n\n" : "\n    %s: %s\n",
                  _("Division leader"), buf);
    grid g;
    brigade_grid(d, l, md, &g);
    if (md)
        grid_markdown(&g, sb, 3);
    else
        grid_text(&g, sb, 4, 3);
    grid_free(&g);
    if (md)
        mu_buf_puts(sb, "\n");
}

/* The batteries of division d held by the other side: the divisions come
 * in id order, and so do the sums, read alongside (no index to look one
 * up by). */
static mu_status taken_batteries(view *v, int div, int *n, mu_error *err)
{
    *n = 0;
    while (v->taken_div >= 0 && v->taken_div < div) {
        int rc = sqlite3_step(v->taken);
        bool ok = true;
        if (rc == SQLITE_DONE) {
            v->taken_div = -1;
            break;
        }
        if (rc != SQLITE_ROW)
            return camp_sql_fail(v->c, rc, "reading", err);
        v->taken_div = camp_col(v->taken, 0, &ok);
        v->taken_n = camp_col(v->taken, 1, &ok);
        if (!ok)
            return camp_damaged(v->c, err);
    }
    if (v->taken_div == div)
        *n = v->taken_n;
    return MU_OK;
}

/* A division with the batteries held of it, as JSON or text. */
static mu_status put_div(view *v, const camp_div *d, mu_error *err)
{
    int taken = 0;
    mu_status s = taken_batteries(v, d->id, &taken, err);
    if (s == MU_OK && v->json)
        division_jw(v->w, d, v->viewer, v->labels, taken);
    else if (s == MU_OK)
        division_text(d, v->viewer, v->labels, v->md, taken, &v->out->sb);
    return s;
}

static void corps_text(const view *v, const camp_corps *k, bool md, sbuf *sb)
{
    char name[2 * CAMP_NAME_MAX + 1], buf[96];
    if (md)
        camp_md_name(k->name, name, sizeof name);
    mu_buf_printf(sb, md ? "**%s**: " : "  %s: ", md ? name : k->name);
    if (!k->rated) {
        mu_buf_printf(sb, "%s\n", _("corps leader not yet met"));
    } else if (!corps_visible(v, k)) {
        mu_buf_printf(sb, "%s\n", _("corps leader hidden"));
    } else {
        rating_text(k->leader, k->leader_rolled, k->leader_origin, buf,
                    sizeof buf);
        mu_buf_printf(sb, _("corps leader %s"), buf);
        if (k->attached)
            mu_buf_printf(sb, _(", attached to division %d"), k->attached);
        mu_buf_puts(sb, "\n");
    }
    if (md)
        mu_buf_puts(sb, "\n");
}

static void pool_text(const char *what, const pool *p, bool md, sbuf *sb)
{
    char n[24];
    snprintf(n, sizeof n, md ? "**%" PRId64 "**" : "%" PRId64, p->reserve);
    mu_buf_printf(sb, md ? "%s: " : "  %s: ", what);
    mu_buf_printf(sb, dngettext(LANG_DOMAIN, "%s battery", "%s batteries",
                                p->reserve == 1 ? 1 : 2), n);
    mu_buf_printf(sb, "%s\n%s", p->hidden ? _(" (hidden divisions not counted)") : "",
                  md ? "\n" : "");
}

static void reserve_text(const view *v, mu_army side, bool md, sbuf *sb)
{
    char what[CAMP_NAME_MAX + 32];
    if (side == MU_UNION) {
        pool_text(_("Army Artillery Reserve"), &v->army[MU_UNION], md, sb);
        return;
    }
    for (int i = 0; i < v->ncorps; i++)
        if (v->corps[i].side == side) {
            snprintf(what, sizeof what, _("%s reserve artillery"),
                     v->corps[i].name);
            pool_text(what, &v->kp[i], md, sb);
        }
    if (v->corpsless)
        pool_text(_("Army reserve artillery (divisions of no corps)"),
                  &v->army[MU_CONFEDERATE], md, sb);
}

static void show_head(const mu_campaign *c, const view *v, bool md, sbuf *sb)
{
    char name[2 * CAMP_NAME_MAX + 1];
    if (md)
        camp_md_name(c->name, name, sizeof name);
    const char *th = lang_theater(c->theater);
    if (md)
        mu_buf_printf(sb, _("# Campaign: %s\n\n%d, %s. "), name, c->year, th);
    else
        mu_buf_printf(sb, _("Campaign \"%s\": %d, %s\n"), c->name, c->year, th);
    mu_buf_puts(sb, _("After a battle: "));
    camp_return_text(c->draw, c->winner, c->loser, sb);
    mu_buf_puts(sb, _("; prisoners do not.\n"));
    if (v->battle) {
        if (md)
            camp_md_name(v->battle_name, name, sizeof name);
        mu_buf_printf(sb, md ? "\n%s: **%s**\n" : "%s: %s\n", _("Battle under way"),
                      md ? name : v->battle_name);
    }
}

static mu_status show_text(mu_campaign *c, view *v, mu_error *err)
{
    bool md = v->md;
    sbuf *sb = &v->out->sb;
    show_head(c, v, md, sb);
    for (int a = 0; a < 2; a++) {
        /* Markdown blocks end with a blank line already. */
        if (md)
            mu_buf_printf(sb, "%s%s", a ? "" : "\n",
                          a ? _("## Confederate\n\n") : _("## Union\n\n"));
        else
            mu_buf_puts(sb, a ? _("\nConfederate\n") : _("\nUnion\n"));
        sqlite3_reset(v->taken); /* each side's divisions from the first */
        v->taken_div = 0;
        mu_status s = each_div(c, v, a, err);
        if (s != MU_OK)
            return s;
        for (int i = 0; i < v->ncorps; i++)
            if ((int)v->corps[i].side == a)
                corps_text(v, &v->corps[i], md, sb);
        if (!v->any[a])
            mu_buf_puts(sb, md ? _("No divisions yet.\n\n") : _("  no divisions yet\n"));
        else
            reserve_text(v, (mu_army)a, md, sb);
        if (v->owed[a])
        {
            mu_buf_puts(sb, md ? "" : "  ");
            mu_buf_printf(sb, dngettext(LANG_DOMAIN,
                                        "%d despicable replacement owed (penalty)\n",
                                        "%d despicable replacements owed (penalty)\n",
                                        (unsigned long)v->owed[a]), v->owed[a]);
            mu_buf_puts(sb, md ? "\n" : "");
        }
    }
    if (!md)
        mu_buf_puts(sb, "\n");
    return camp_held_text(c, v->viewer, true, md, v->out, err);
}

static mu_status show_read(mu_campaign *c, void *p, mu_error *err)
{
    view *v = p;
    mu_status s = gather(c, v, err);
    if (s != MU_OK)
        return s;
    return v->json ? show_json(c, v, err) : show_text(c, v, err);
}

mu_status mu_campaign_show_to(mu_campaign *c, mu_side viewer,
                              const mu_render_opts *ro, mu_sink_fn write,
                              void *ctx, mu_error *err)
{
    mu_format fmt = ro ? ro->format : MU_FMT_TEXT;
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (!write)
        return err_set(err, MU_EINPUT, "nothing to write to");
    if (fmt != MU_FMT_TEXT && fmt != MU_FMT_JSON && fmt != MU_FMT_MARKDOWN)
        return err_set(err, MU_EINPUT, "show writes text, json or markdown");
    int eff;
    mu_status s = camp_viewer(c, viewer, &eff, err);
    if (s != MU_OK)
        return s;
    wr_out o;
    wr_out_init(&o, write, ctx);
    view v;
    memset(&v, 0, sizeof v);
    v.viewer = eff;
    v.c = c;
    v.labels = ro ? ro->labels : NULL;
    v.md = fmt == MU_FMT_MARKDOWN;
    v.out = &o;
    v.json = fmt == MU_FMT_JSON;
    s = camp_read_listing(c, show_read, &v, err);
    view_free(&v);
    return camp_listing_end(&o, s, NULL, err);
}

mu_status camp_listing_end(wr_out *o, mu_status s, char **out, mu_error *err)
{
    if (s == MU_OK)
        return wr_out_end(o, out, err);
    wr_out_free(o);
    return s;
}

/* ---- prisoners ---------------------------------------------------------- */

typedef struct pow_ctx {
    bool json;
    wr_out *out;
} pow_ctx;

static mu_status pow_read(mu_campaign *c, void *p, mu_error *err)
{
    pow_ctx *x = p;
    if (!x->json)
        return camp_held_text(c, c->viewer, false, false, x->out, err);
    jw w;
    jw_init(&w, &x->out->sb, false, 0);
    jw_obj(&w, NULL);
    mu_status s = camp_held_json(c, c->viewer, &w, x->out, err);
    jw_end(&w);
    sb_ch(w.sb, '\n');
    return s;
}

mu_status mu_campaign_prisoners_to(mu_campaign *c, const mu_render_opts *ro,
                                   mu_sink_fn write, void *ctx, mu_error *err)
{
    mu_format fmt = ro ? ro->format : MU_FMT_TEXT;
    if (!c)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (!write)
        return err_set(err, MU_EINPUT, "nothing to write to");
    if (fmt != MU_FMT_TEXT && fmt != MU_FMT_JSON)
        return err_set(err, MU_EINPUT, "prisoners are listed as text or json");
    wr_out o;
    wr_out_init(&o, write, ctx);
    pow_ctx x = {fmt == MU_FMT_JSON, &o};
    return camp_listing_end(&o, camp_read_listing(c, pow_read, &x, err), NULL,
                            err);
}

/* ---- an engagement ------------------------------------------------------ */

static void corps_line(const mu_engagement *e, bool md, sbuf *sb)
{
    char buf[96];
    rating_text((int)e->corps_rating, (int)e->corps_rolled, CAMP_ROLLED, buf,
                sizeof buf);
    char who[CAMP_NAME_MAX + 96];
    snprintf(who, sizeof who, _("Corps leader of %s, first of the corps to fight"),
             e->corps);
    mu_buf_printf(sb, md ? "\n%s: **%s** " : "%s: %s ", who, buf);
    mu_buf_printf(sb, _("(rolled %d)"), e->corps_roll);
    mu_buf_printf(sb, "%s\n", e->corps_rating == MU_DESPICABLE
                                  ? _(", attached to this division's leader") : "");
}

static void engagement_json(const mu_engagement *e, const mu_render_opts *o,
                            sbuf *sb)
{
    jw w;
    jw_init(&w, sb, false, 0); /* one line, as all campaign JSON */
    jw_obj(&w, NULL);
    if (e->hidden) {
        jw_str(&w, "commitment", e->commitment);
        jw_bool(&w, "verifiable", e->fair);
    } else {
        jw_int(&w, "id", e->id);
        render_division_jw(&w, "division", &e->division, o->labels, o);
        if (e->corps_leader) {
            jw_obj(&w, "corps_leader");
            jw_str(&w, "corps", e->corps);
            jw_int(&w, "roll", e->corps_roll);
            jw_str(&w, "rating", mu_rating_name(e->corps_rating));
            jw_str(&w, "rolled", mu_rating_name(e->corps_rolled));
            jw_bool(&w, "attached", e->corps_rating == MU_DESPICABLE);
            jw_end(&w);
        } else {
            jw_null(&w, "corps_leader");
        }
    }
    jw_end(&w);
    sb_ch(sb, '\n');
}

mu_status mu_engagement_render(const mu_engagement *e, const mu_render_opts *o,
                               char **out, mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    if (!e || !o || !out)
        return err_set(err, MU_EINPUT, "nothing to render");
    sbuf sb = {0};
    bool md = o->format == MU_FMT_MARKDOWN;
    switch (o->format) {
    case MU_FMT_JSON:
    case MU_FMT_JSONL:
        engagement_json(e, o, &sb);
        break;
    case MU_FMT_TEXT:
    case MU_FMT_MARKDOWN:
        if (e->hidden) {
            char nm[2 * CAMP_NAME_MAX + 1];
            camp_md_name(e->name, nm, sizeof nm);
            mu_buf_printf(&sb, e->fair ? _("Division %d \"%s\" engaged hidden, rolled fairly.\n")
                                       : _("Division %d \"%s\" engaged hidden (not "
                                           "verifiable: its owner chose the dice).\n"),
                          e->id, md ? nm : e->name);
            mu_buf_printf(&sb, md ? "\n%s: `%s`\n" : "%s %s\n",
                          md ? _("Commitment") : _("commitment"), e->commitment);
            break;
        }
        char name[2 * CAMP_NAME_MAX + 1];
        camp_md_name(e->name, name, sizeof name);
        if (md)
            mu_buf_printf(&sb, _("## Division %d engaged: %s\n\n"), e->id, name);
        else
            mu_buf_printf(&sb, _("Division %d \"%s\" engaged:\n"), e->id, e->name);
        /* A strength the labels lack takes the nearest line (oob.h). */
        char *div = NULL;
        mu_status s = mu_division_render(&e->division, 1, o, &div, err);
        if (s != MU_OK) {
            mu_buf_free(&sb);
            return s;
        }
        mu_buf_puts(&sb, div);
        free(div);
        if (e->corps_leader)
            corps_line(e, md, &sb);
        break;
    case MU_FMT_CSV:
        mu_buf_free(&sb);
        return err_set(err, MU_EINPUT, "an engagement is written as text, json "
                       "or markdown");
    }
    return sb_finish(&sb, out, err);
}

/* ---- a division by its name --------------------------------------------- */

typedef struct find_ctx {
    const char *name;
    int id, n;
    size_t k; /* the length of ids */
    char ids[64];
} find_ctx;

static mu_status find_row(sqlite3_stmt *st, void *p, mu_error *err)
{
    (void)err;
    find_ctx *x = p;
    int id = sqlite3_column_int(st, 0);
    if (!x->n++)
        x->id = id;
    if (x->k < sizeof x->ids) {
        int w = snprintf(x->ids + x->k, sizeof x->ids - x->k, "%s%d",
                         x->k ? ", " : "", id);
        x->k = w < 0 ? sizeof x->ids : x->k + (size_t)w;
    }
    return MU_OK;
}

static mu_status find_tx(mu_campaign *c, void *p, mu_error *err)
{
    return camp_each(c, find_row, p, err, "SELECT id FROM divisions WHERE "
                     "name = ?1 COLLATE NOCASE ORDER BY id", "t",
                     ((find_ctx *)p)->name);
}

mu_status mu_campaign_division_find(mu_campaign *c, const char *name,
                                    int *id, mu_error *err)
{
    if (id)
        *id = 0;
    if (!c || !name || !id)
        return err_set(err, MU_EINPUT, "no campaign or name given");
    char nfc[CAMP_NAME_MAX + 1]; /* names are stored in NFC: so is the key */
    mu_error ignored = {0};
    find_ctx x = {camp_name_clean(name, "division", nfc, &ignored) == MU_OK
                      ? nfc : name, 0, 0, 0, ""};
    mu_status s = camp_read(c, find_tx, &x, err);
    if (s != MU_OK)
        return s;
    if (x.n == 0)
        return err_set(err, MU_EINPUT, "no division is named \"%s\"", name);
    if (x.n > 1)
        return err_set(err, MU_EINPUT, "%d divisions are named \"%s\" (%s)",
                       x.n, name, x.ids);
    *id = x.id;
    return MU_OK;
}

/* ---- a brigade by its name ---------------------------------------------- */

typedef struct brigade_find_ctx {
    int div;
    const char *name;
    int brigade;
} brigade_find_ctx;

/* The division is loaded as the viewer may see it first: one hidden from
 * the viewer is refused as any call about it is, whatever name was asked,
 * so that a name tells nothing; so is one that has not fought, whose
 * brigades are its owner's until then. */
static mu_status brigade_find_tx(mu_campaign *c, void *p, mu_error *err)
{
    brigade_find_ctx *x = p;
    camp_div d;
    mu_status s = camp_load_engaged(c, x->div, &d, err);
    if (s != MU_OK)
        return s;
    int n = 0, first = 0; /* ASCII case folded, as COLLATE NOCASE does */
    for (int i = 0; i < d.nbrigades; i++)
        if (!strcasecmp(d.b[i].name, x->name) && !n++)
            first = i;
    if (n == 0)
        return err_set(err, MU_EINPUT, "division %d has no brigade named "
                       "\"%s\"", x->div, x->name);
    if (n > 1) {
        int second = first + 1;
        while (strcasecmp(d.b[second].name, x->name))
            second++;
        if (n > 2)
            return err_set(err, MU_EINPUT, "\"%s\" fits %d brigades of "
                           "division %d, %d \"%s\" and %d \"%s\" among them: "
                           "give its number", x->name, n, x->div,
                           d.b[first].number, d.b[first].name,
                           d.b[second].number, d.b[second].name);
        return err_set(err, MU_EINPUT, "\"%s\" fits two brigades of division "
                       "%d: %d \"%s\" and %d \"%s\"; give its number",
                       x->name, x->div, d.b[first].number, d.b[first].name,
                       d.b[second].number, d.b[second].name);
    }
    x->brigade = d.b[first].number;
    return MU_OK;
}

mu_status mu_campaign_brigade_find(mu_campaign *c, int div, const char *name,
                                   int *brigade, mu_error *err)
{
    if (brigade)
        *brigade = 0;
    if (!c || !name || !*name || !brigade)
        return err_set(err, MU_EINPUT, "no campaign or name given");
    char nfc[CAMP_NAME_MAX + 1]; /* names are stored in NFC: so is the key */
    mu_error ignored = {0};
    brigade_find_ctx x = {div, camp_name_clean(name, "brigade", nfc,
                                               &ignored) == MU_OK ? nfc : name,
                          0};
    mu_status s = camp_read(c, brigade_find_tx, &x, err);
    if (s == MU_OK)
        *brigade = x.brigade;
    return s;
}
