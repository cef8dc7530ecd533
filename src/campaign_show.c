/* campaign_show.c -- the state of a campaign (show) and its prisoners, as
 * text, JSON or Markdown, the other side's hidden divisions masked. */
#include "campaign.h"

#include <inttypes.h>
#include "grid.h"
#include "render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    const char *dp = r == MU_DESPICABLE ? "DP" : "";
    const char *how = origin == CAMP_REPLACED     ? "replacement"
                      : origin == CAMP_DOWNGRADED ? "downgraded"
                      : origin == CAMP_RETURNED   ? "back from captivity" : "";
    const char *book = r != rolled && origin != CAMP_DOWNGRADED
                           ? "despicable, played by the book" : "";
    const char *parts[] = {dp, how, book};
    int k = snprintf(buf, n, "%s", mu_rating_name((mu_rating)r));
    int any = 0;
    for (int i = 0; i < 3 && k > 0 && (size_t)k < n; i++)
        if (*parts[i])
            k += snprintf(buf + k, n - (size_t)k, "%s%s", any++ ? ", " : " (",
                          parts[i]);
    if (any && k > 0 && (size_t)k < n)
        snprintf(buf + k, n - (size_t)k, ")");
}

static cJSON *leader_json(int r, int rolled, int origin)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "rating", mu_rating_name((mu_rating)r));
    cJSON_AddStringToObject(o, "rolled", mu_rating_name((mu_rating)rolled));
    cJSON_AddStringToObject(o, "origin", origin_name(origin));
    return o;
}

void camp_md_name(const char *s, char *buf, size_t n)
{
    size_t k = 0;
    for (; *s && k + 3 < n; s++) {
        if (strchr("\\`*_[]|<>#", *s))
            buf[k++] = '\\';
        buf[k++] = *s;
    }
    buf[k] = '\0';
}

/* ---- gathering ---------------------------------------------------------- */

typedef struct view {
    camp_div *divs;
    int ndivs;
    camp_corps *corps;
    int ncorps;
    int battle;
    char battle_name[CAMP_NAME_MAX + 1];
    camp_held_list *held; /* what each side holds prisoner */
    int viewer;
    int owed[2];    /* despicable replacements owed by each side */
} view;

static mu_status gather(mu_campaign *c, void *p, mu_error *err)
{
    view *v = p;
    mu_status s;
    if ((s = camp_load_all(c, &v->divs, &v->ndivs, err)) != MU_OK ||
        (s = camp_held_read(c, v->viewer, &v->held, err)) != MU_OK ||
        (s = camp_load_all_corps(c, &v->corps, &v->ncorps, err)) != MU_OK ||
        (s = camp_active_battle(c, &v->battle, v->battle_name,
                                sizeof v->battle_name, err)) != MU_OK)
        return s;
    for (int a = 0; a < 2; a++)
        if ((s = camp_penalties(c, (mu_army)a, &v->owed[a], err)) != MU_OK)
            return s;
    return MU_OK;
}

static void view_free(view *v)
{
    free(v->divs);
    free(v->corps);
    camp_held_free(v->held);
}

/* A corps leader is shown once one of its divisions that fought is. */
static bool corps_visible(const view *v, const camp_corps *k, int viewer)
{
    for (int i = 0; i < v->ndivs; i++)
        if (v->divs[i].corps == k->id && v->divs[i].engaged &&
            camp_visible(&v->divs[i], viewer))
            return true;
    return false;
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

/* ---- JSON --------------------------------------------------------------- */

static cJSON *brigade_json(const camp_brigade *b, const mu_labels *l)
{
    cJSON *o = cJSON_CreateObject();
    char label[64];
    mu_labels_name(l, b->current, (mu_morale)b->morale, label, sizeof label);
    cJSON_AddNumberToObject(o, "number", b->number);
    cJSON_AddNumberToObject(o, "stands", b->current);
    cJSON_AddNumberToObject(o, "start", b->start);
    cJSON_AddNumberToObject(o, "lost", b->lost - b->returned);
    cJSON_AddNumberToObject(o, "captured", b->captured - b->freed);
    cJSON_AddNumberToObject(o, "returned", b->returned);
    cJSON_AddNumberToObject(o, "freed", b->freed);
    cJSON_AddStringToObject(o, "morale", mu_morale_name((mu_morale)b->morale));
    cJSON_AddStringToObject(o, "label", label);
    cJSON_AddItemToObject(o, "leader", leader_json(b->leader, b->leader_rolled,
                                                   b->leader_origin));
    return o;
}

static cJSON *division_json(const camp_div *d, int viewer, const mu_labels *l)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "id", d->id);
    cJSON_AddStringToObject(o, "name", d->name);
    cJSON_AddStringToObject(o, "side", mu_army_name(d->side));
    cJSON_AddStringToObject(o, "arm", mu_arm_name(d->arm));
    if (d->corps)
        cJSON_AddStringToObject(o, "corps", d->corps_name);
    else
        cJSON_AddNullToObject(o, "corps");
    cJSON_AddBoolToObject(o, "engaged", d->engaged);
    cJSON_AddBoolToObject(o, "hidden", d->hidden && !d->revealed);
    if (d->hidden) {
        cJSON_AddStringToObject(o, "commitment", d->commitment);
        cJSON_AddBoolToObject(o, "verifiable", d->fair);
    }
    if (!d->engaged || !camp_visible(d, viewer))
        return o;
    if (d->hidden)
        cJSON_AddBoolToObject(o, "revealed", d->revealed);
    cJSON_AddBoolToObject(o, "by_the_book", d->by_the_book);
    cJSON_AddItemToObject(o, "leader", leader_json(d->leader, d->leader_rolled,
                                                   d->leader_origin));
    int start, stands = div_stands(d, &start);
    cJSON_AddNumberToObject(o, "stands", stands);
    cJSON_AddNumberToObject(o, "start", start);
    cJSON *bs = cJSON_AddArrayToObject(o, "brigades");
    for (int i = 0; i < d->nbrigades; i++)
        cJSON_AddItemToArray(bs, brigade_json(&d->b[i], l));
    cJSON *a = cJSON_AddObjectToObject(o, "artillery");
    cJSON_AddNumberToObject(a, "ratio", d->ratio);
    cJSON_AddNumberToObject(a, "batteries", d->batteries);
    cJSON_AddNumberToObject(a, "division", d->division_batteries);
    cJSON_AddNumberToObject(a, "reserve", d->reserve);
    return o;
}

static cJSON *corps_json(const view *v, const camp_corps *k, int viewer)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", k->name);
    cJSON_AddStringToObject(o, "side", mu_army_name(k->side));
    if (k->rated && corps_visible(v, k, viewer)) {
        cJSON_AddItemToObject(o, "leader", leader_json(k->leader,
                              k->leader_rolled, k->leader_origin));
        if (k->attached)
            cJSON_AddNumberToObject(o, "attached", k->attached);
        else
            cJSON_AddNullToObject(o, "attached");
    } else {
        cJSON_AddNullToObject(o, "leader");
    }
    return o;
}

/* ---- reserve artillery -------------------------------------------------- */

/* The seed: a third of the artillery goes "to Confederate Corps or Union
 * Army Artillery Reserve". A pool adds up the reserve shares of the
 * engaged divisions the viewer may see: the Union's one Army Artillery
 * Reserve, each Confederate corps' reserve (corps 0: divisions of no
 * corps, the army's). *hidden counts divisions left out, unseen. */
static int reserve_pool(const view *v, int viewer, mu_army side, int corps,
                        int *hidden)
{
    int n = 0;
    for (int i = 0; i < v->ndivs; i++) {
        const camp_div *d = &v->divs[i];
        if (d->side != side || !d->engaged ||
            (side == MU_CONFEDERATE && d->corps != corps))
            continue;
        if (camp_visible(d, viewer))
            n += d->reserve;
        else
            (*hidden)++;
    }
    return n;
}

static bool side_has_corpsless(const view *v, mu_army side)
{
    for (int i = 0; i < v->ndivs; i++)
        if (v->divs[i].side == side && v->divs[i].engaged && !v->divs[i].corps)
            return true;
    return false;
}

static void pool_text(const char *what, int n, int hidden, bool md, sbuf *sb)
{
    sb_printf(sb, md ? "%s: **%d** batter%s%s\n\n" : "  %s: %d batter%s%s\n",
              what, n, n == 1 ? "y" : "ies", hidden ? " (hidden divisions not "
              "counted)" : "");
}

static void reserve_text(const view *v, int viewer, mu_army side, bool md,
                         sbuf *sb)
{
    char what[CAMP_NAME_MAX + 32];
    int hidden = 0;
    if (side == MU_UNION) {
        int n = reserve_pool(v, viewer, side, 0, &hidden);
        pool_text("Army Artillery Reserve", n, hidden, md, sb);
        return;
    }
    for (int i = 0; i < v->ncorps; i++)
        if (v->corps[i].side == side) {
            hidden = 0;
            int n = reserve_pool(v, viewer, side, v->corps[i].id, &hidden);
            snprintf(what, sizeof what, "%s reserve artillery",
                     v->corps[i].name);
            pool_text(what, n, hidden, md, sb);
        }
    if (side_has_corpsless(v, side)) {
        hidden = 0;
        int n = reserve_pool(v, viewer, side, 0, &hidden);
        pool_text("Army reserve artillery (divisions of no corps)", n, hidden,
                  md, sb);
    }
}

static cJSON *reserve_json(const view *v, int viewer)
{
    cJSON *o = cJSON_CreateObject(), *list;
    int hidden = 0;
    cJSON *u = cJSON_AddObjectToObject(o, "union_army");
    cJSON_AddNumberToObject(u, "batteries",
                            reserve_pool(v, viewer, MU_UNION, 0, &hidden));
    cJSON_AddNumberToObject(u, "hidden_divisions", hidden);
    list = cJSON_AddArrayToObject(o, "confederate_corps");
    for (int i = 0; i < v->ncorps; i++)
        if (v->corps[i].side == MU_CONFEDERATE) {
            cJSON *k = cJSON_CreateObject();
            hidden = 0;
            cJSON_AddStringToObject(k, "corps", v->corps[i].name);
            cJSON_AddNumberToObject(k, "batteries", reserve_pool(
                v, viewer, MU_CONFEDERATE, v->corps[i].id, &hidden));
            cJSON_AddNumberToObject(k, "hidden_divisions", hidden);
            cJSON_AddItemToArray(list, k);
        }
    hidden = 0;
    cJSON *a = cJSON_AddObjectToObject(o, "confederate_army");
    cJSON_AddNumberToObject(a, "batteries",
                            reserve_pool(v, viewer, MU_CONFEDERATE, 0, &hidden));
    cJSON_AddNumberToObject(a, "hidden_divisions", hidden);
    return o;
}

static void show_json(mu_campaign *c, const view *v, int viewer,
                      const mu_labels *l, sbuf *sb)
{
    char buf[MU_RAT_BUF];
    cJSON *root = cJSON_CreateObject();
    cJSON *cp = cJSON_AddObjectToObject(root, "campaign");
    cJSON_AddStringToObject(cp, "name", c->name);
    cJSON_AddNumberToObject(cp, "year", c->year);
    cJSON_AddStringToObject(cp, "theater", mu_theater_name(c->theater));
    mu_share_text(c->draw, buf, sizeof buf);
    cJSON_AddStringToObject(cp, "return", buf);
    mu_share_text(c->winner, buf, sizeof buf);
    cJSON_AddStringToObject(cp, "return_winner", buf);
    mu_share_text(c->loser, buf, sizeof buf);
    cJSON_AddStringToObject(cp, "return_loser", buf);
    cJSON_AddStringToObject(cp, "tables", c->custom_rules ? "custom"
                                                          : "built-in");
    cJSON *owed = cJSON_AddObjectToObject(cp, "owed_replacements");
    cJSON_AddNumberToObject(owed, "union", v->owed[MU_UNION]);
    cJSON_AddNumberToObject(owed, "confederate", v->owed[MU_CONFEDERATE]);
    if (v->battle) {
        cJSON *b = cJSON_AddObjectToObject(root, "battle");
        cJSON_AddNumberToObject(b, "id", v->battle);
        cJSON_AddStringToObject(b, "name", v->battle_name);
    } else {
        cJSON_AddNullToObject(root, "battle");
    }
    cJSON *ds = cJSON_AddArrayToObject(root, "divisions");
    for (int i = 0; i < v->ndivs; i++)
        cJSON_AddItemToArray(ds, division_json(&v->divs[i], viewer, l));
    cJSON *ks = cJSON_AddArrayToObject(root, "corps");
    for (int i = 0; i < v->ncorps; i++)
        cJSON_AddItemToArray(ks, corps_json(v, &v->corps[i], viewer));
    cJSON_AddItemToObject(root, "reserve_artillery", reserve_json(v, viewer));
    camp_held_json(v->held, cJSON_AddObjectToObject(root, "prisoners"));
    char *t = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    if (!t) {
        sb->oom = true;
        return;
    }
    sb_puts(sb, t);
    sb_puts(sb, "\n");
    cJSON_free(t);
}

/* ---- text and Markdown -------------------------------------------------- */

static void brigade_grid(const camp_div *d, const mu_labels *l, grid *g)
{
    char buf[96];
    grid_init(g, 8);
    grid_row(g, (const char *const[]){"brigade", "label", "brigadier",
                                      "stands", "start", "lost", "prisoners",
                                      "returned"});
    for (int i = 0; i < d->nbrigades; i++) {
        const camp_brigade *b = &d->b[i];
        grid_add(g);
        grid_setf(g, 0, "%d", b->number);
        mu_labels_name(l, b->current, (mu_morale)b->morale, buf, sizeof buf);
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
        sb_printf(sb, "### Division %d: %s (%s%s%s)", d->id, name,
                  mu_arm_name(d->arm), d->corps ? ", " : "", corps);
    } else {
        sb_printf(sb, "  Division %d \"%s\", %s%s%s", d->id, d->name,
                  mu_arm_name(d->arm), d->corps ? ", " : "", d->corps_name);
    }
}

static void division_text(const camp_div *d, int viewer, const mu_labels *l,
                          bool md, int taken, sbuf *sb)
{
    division_head(d, md, sb);
    const char *sep = md ? " — " : ": ";
    if (!d->engaged) {
        sb_printf(sb, "%snot engaged yet\n%s", sep, md ? "\n" : "");
        return;
    }
    /* Whether the other side can prove a hidden division fair is theirs to
     * know: a fair roll, or dice its owner chose. */
    const char *how = d->fair ? "rolled fairly" : "not verifiable";
    if (!camp_visible(d, viewer)) {
        sb_printf(sb, "%shidden, commitment %s, %s\n%s", sep, d->commitment,
                  how, md ? "\n" : "");
        return;
    }
    char buf[96];
    int start, stands = div_stands(d, &start);
    rating_text(d->leader, d->leader_rolled, d->leader_origin, buf, sizeof buf);
    sb_printf(sb, "%s%s%d of %d stands in %d brigades%s", md ? "\n\n" : "",
              md ? "" : sep, stands, start, d->nbrigades, md ? " · " : ", ");
    sb_printf(sb, "%d batter%s", d->division_batteries,
              d->division_batteries == 1 ? "y" : "ies");
    if (taken) /* held by the other side: see the prisoners */
        sb_printf(sb, " (%d captured)", taken);
    sb_printf(sb, ", %d more to the reserve%s", d->reserve,
              d->by_the_book ? (md ? " · by the book" : ", by the book") : "");
    if (d->hidden)
        sb_printf(sb, "%s%s, commitment %s, %s", md ? " · " : ", ",
                  d->revealed ? "revealed" : "hidden", d->commitment, how);
    sb_printf(sb, md ? "\n\nDivision leader: **%s**\n\n" : "\n    Division "
              "leader: %s\n", buf);
    grid g;
    brigade_grid(d, l, &g);
    if (md)
        grid_markdown(&g, sb, 3);
    else
        grid_text(&g, sb, 4, 3);
    grid_free(&g);
    if (md)
        sb_puts(sb, "\n");
}

static void corps_text(const view *v, const camp_corps *k, int viewer, bool md,
                       sbuf *sb)
{
    char name[2 * CAMP_NAME_MAX + 1], buf[96];
    if (md)
        camp_md_name(k->name, name, sizeof name);
    sb_printf(sb, md ? "**%s**: " : "  %s: ", md ? name : k->name);
    if (!k->rated) {
        sb_puts(sb, "corps leader not yet met\n");
    } else if (!corps_visible(v, k, viewer)) {
        sb_puts(sb, "corps leader hidden\n");
    } else {
        rating_text(k->leader, k->leader_rolled, k->leader_origin, buf,
                    sizeof buf);
        sb_printf(sb, "corps leader %s", buf);
        if (k->attached)
            sb_printf(sb, ", attached to division %d", k->attached);
        sb_puts(sb, "\n");
    }
    if (md)
        sb_puts(sb, "\n");
}

static void show_text(mu_campaign *c, const view *v, int viewer,
                      const mu_labels *l, bool md, sbuf *sb)
{
    char d[MU_RAT_BUF], w[MU_RAT_BUF], lo[MU_RAT_BUF];
    char name[2 * CAMP_NAME_MAX + 1];
    mu_share_text(c->draw, d, sizeof d);
    mu_share_text(c->winner, w, sizeof w);
    mu_share_text(c->loser, lo, sizeof lo);
    if (md)
        camp_md_name(c->name, name, sizeof name);
    sb_printf(sb, md ? "# Campaign: %s\n\n%d, %s theater. " : "Campaign \"%s\":"
              " %d, %s theater\n", md ? name : c->name, c->year,
              c->theater == MU_EAST ? "Eastern" : "Western");
    (void)d, (void)w, (void)lo;
    sb_puts(sb, "After a battle: ");
    camp_return_text(c->draw, c->winner, c->loser, sb);
    sb_puts(sb, "; prisoners do not.\n");
    if (v->battle) {
        if (md)
            camp_md_name(v->battle_name, name, sizeof name);
        sb_printf(sb, md ? "\nBattle under way: **%s**\n" : "Battle under way: "
                  "%s\n", md ? name : v->battle_name);
    }
    for (int a = 0; a < 2; a++) {
        /* Markdown blocks end with a blank line already. */
        if (md)
            sb_printf(sb, "%s## %s\n\n", a ? "" : "\n",
                      camp_side_title((mu_army)a));
        else
            sb_printf(sb, "\n%s\n", camp_side_title((mu_army)a));
        int shown = 0;
        for (int i = 0; i < v->ndivs; i++)
            if ((int)v->divs[i].side == a) {
                division_text(&v->divs[i], viewer, l, md,
                              camp_held_batteries(v->held, v->divs[i].id), sb);
                shown++;
            }
        for (int i = 0; i < v->ncorps; i++)
            if ((int)v->corps[i].side == a)
                corps_text(v, &v->corps[i], viewer, md, sb);
        if (!shown)
            sb_puts(sb, md ? "No divisions yet.\n\n" : "  no divisions yet\n");
        else
            reserve_text(v, viewer, (mu_army)a, md, sb);
        if (v->owed[a])
            sb_printf(sb, md ? "%d despicable replacement%s owed (penalty)\n\n"
                      : "  %d despicable replacement%s owed (penalty)\n",
                      v->owed[a], v->owed[a] == 1 ? "" : "s");
    }
    if (!md)
        sb_puts(sb, "\n");
    camp_held_text(v->held, true, md, sb);
}

mu_status mu_campaign_show(mu_campaign *c, mu_viewer viewer,
                           const mu_render_opts *ro, char **out, mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    mu_format fmt = ro ? ro->format : MU_FMT_TEXT;
    const mu_labels *labels = ro ? ro->labels : NULL;
    if (!c || !out)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (fmt != MU_FMT_TEXT && fmt != MU_FMT_JSON && fmt != MU_FMT_MARKDOWN)
        return err_set(err, MU_EINPUT, "show writes text, json or markdown");
    mu_status s = camp_viewer(c, viewer, &viewer, err);
    if (s != MU_OK)
        return s;
    view v;
    memset(&v, 0, sizeof v);
    v.viewer = viewer;
    s = camp_read(c, gather, &v, err);
    if (s != MU_OK) {
        view_free(&v);
        return s;
    }
    sbuf sb = {0};
    if (fmt == MU_FMT_JSON)
        show_json(c, &v, viewer, labels, &sb);
    else
        show_text(c, &v, viewer, labels, fmt == MU_FMT_MARKDOWN, &sb);
    view_free(&v);
    return sb_finish(&sb, out, err);
}

/* ---- prisoners ---------------------------------------------------------- */

static mu_status pow_read(mu_campaign *c, void *p, mu_error *err)
{
    return camp_held_read(c, c->viewer, p, err);
}

mu_status mu_campaign_prisoners(mu_campaign *c, const mu_render_opts *ro,
                                char **out, mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    mu_format fmt = ro ? ro->format : MU_FMT_TEXT;
    if (!c || !out)
        return err_set(err, MU_EINPUT, "no campaign given");
    if (fmt != MU_FMT_TEXT && fmt != MU_FMT_JSON)
        return err_set(err, MU_EINPUT, "prisoners are listed as text or json");
    camp_held_list *h = NULL;
    mu_status s = camp_read(c, pow_read, &h, err);
    if (s != MU_OK)
        return s;
    sbuf sb = {0};
    if (fmt == MU_FMT_JSON) {
        cJSON *root = cJSON_CreateObject();
        camp_held_json(h, root);
        render_json_emit(root, true, &sb);
    } else {
        camp_held_text(h, false, false, &sb);
    }
    camp_held_free(h);
    return sb_finish(&sb, out, err);
}

/* ---- an engagement ------------------------------------------------------ */

static void corps_line(const mu_engagement *e, bool md, sbuf *sb)
{
    char buf[96];
    rating_text((int)e->corps_rating, (int)e->corps_rolled, CAMP_ROLLED, buf,
                sizeof buf);
    sb_printf(sb, md ? "\nCorps leader of %s, first of the corps to fight: "
              "**%s** (rolled %d)%s\n" : "Corps leader of %s, first of the "
              "corps to fight: %s (rolled %d)%s\n", e->corps, buf, e->corps_roll,
              e->corps_rating == MU_DESPICABLE
                  ? ", attached to this division's leader" : "");
}

static void engagement_json(const mu_engagement *e, const mu_render_opts *o,
                            sbuf *sb)
{
    cJSON *root = cJSON_CreateObject();
    if (e->hidden) {
        cJSON_AddStringToObject(root, "commitment", e->commitment);
        cJSON_AddBoolToObject(root, "verifiable", e->fair);
        render_json_emit(root, true, sb);
        return;
    }
    cJSON_AddNumberToObject(root, "id", e->id);
    cJSON *d = render_division_json(&e->division, o->labels);
    render_json_seed(d, o);
    cJSON_AddItemToObject(root, "division", d);
    if (e->corps_leader) {
        cJSON *k = cJSON_AddObjectToObject(root, "corps_leader");
        cJSON_AddStringToObject(k, "corps", e->corps);
        cJSON_AddNumberToObject(k, "roll", e->corps_roll);
        cJSON_AddStringToObject(k, "rating", mu_rating_name(e->corps_rating));
        cJSON_AddStringToObject(k, "rolled", mu_rating_name(e->corps_rolled));
        cJSON_AddBoolToObject(k, "attached", e->corps_rating == MU_DESPICABLE);
    } else {
        cJSON_AddNullToObject(root, "corps_leader");
    }
    render_json_emit(root, true, sb); /* one line, as all campaign JSON */
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
            sb_printf(&sb, "Division %d \"%s\" engaged hidden%s.\n%s%s%s\n",
                      e->id, md ? nm : e->name, e->fair ? ", rolled fairly"
                      : " (not verifiable: its owner chose the dice)",
                      md ? "\nCommitment: `" : "commitment ", e->commitment,
                      md ? "`" : "");
            break;
        }
        char name[2 * CAMP_NAME_MAX + 1];
        camp_md_name(e->name, name, sizeof name);
        if (md)
            sb_printf(&sb, "## Division %d engaged: %s\n\n", e->id, name);
        else
            sb_printf(&sb, "Division %d \"%s\" engaged:\n", e->id, e->name);
        /* The engagement is committed by now, so a labels file that lacks
         * a brigade's count must not fail the output: say so instead. */
        mu_render_opts plain = *o;
        mu_error why = {0};
        for (int i = 0; i < e->division.nbrigades && plain.labels; i++)
            if (mu_labels_check(o->labels, e->division.brigades[i].stands,
                                e->division.brigades[i].morale, &why) != MU_OK)
                plain.labels = NULL;
        char *div = NULL;
        mu_status s = mu_division_render(&e->division, 1, &plain, &div, err);
        if (s != MU_OK) {
            sb_free(&sb);
            return s;
        }
        sb_puts(&sb, div);
        free(div);
        if (o->labels && !plain.labels) {
            char msg[sizeof why.msg + sizeof why.file + 16];
            sb_printf(&sb, "Labels left out: %s\n",
                      mu_error_format(&why, msg, sizeof msg));
        }
        if (e->corps_leader)
            corps_line(e, md, &sb);
        break;
    case MU_FMT_CSV:
        sb_free(&sb);
        return err_set(err, MU_EINPUT, "an engagement is written as text, json "
                       "or markdown");
    }
    return sb_finish(&sb, out, err);
}
