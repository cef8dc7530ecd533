/* render_oob.c -- orders of battle as text, JSON, JSONL, CSV and Markdown. */
#include "error.h"
#include "grid.h"
#include "render.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void render_json_seed(cJSON *obj, const mu_render_opts *o)
{
    if (o && o->has_seed) {
        char buf[32];
        snprintf(buf, sizeof buf, "%" PRIu64, o->seed);
        cJSON_AddRawToObject(obj, "seed", buf);
    } else {
        cJSON_AddNullToObject(obj, "seed");
    }
}

void render_json_emit(cJSON *root, bool compact, sbuf *sb)
{
    char *s = root ? (compact ? cJSON_PrintUnformatted(root) : cJSON_Print(root))
                   : NULL;
    cJSON_Delete(root);
    if (!s) {
        sb->oom = true;
        return;
    }
    sb_puts(sb, s);
    sb_puts(sb, "\n");
    cJSON_free(s);
}

/* Where the reserve share goes: the Union's to its Army Artillery Reserve,
 * a Confederate division's to its corps' reserve, or, for a division
 * generated on its own (no corps), just "the reserve". */
static const char *reserve_name(mu_army a, bool in_corps)
{
    return a == MU_UNION ? "Army Artillery Reserve"
           : in_corps    ? "corps reserve"
                         : "reserve";
}

/* ---- JSON --------------------------------------------------------------- */

cJSON *render_roll_json(const mu_roll *r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "table", mu_roll_kind_name((mu_roll_kind)r->kind));
    if (r->brigade)
        cJSON_AddNumberToObject(o, "brigade", r->brigade);
    cJSON_AddNumberToObject(o, "roll", r->roll);
    switch ((mu_roll_kind)r->kind) {
    case MU_ROLL_THEATER: {
        char buf[16];
        snprintf(buf, sizeof buf, "%s-%d", mu_theater_name((mu_theater)(r->result % 2)),
                 MU_YEAR_FIRST + r->result / 2);
        cJSON_AddStringToObject(o, "result", buf);
        break;
    }
    case MU_ROLL_LEADER:
    case MU_ROLL_BRIGADIER:
    case MU_ROLL_CORPS_LEADER:
        cJSON_AddStringToObject(o, "result", mu_rating_name((mu_rating)r->result));
        break;
    case MU_ROLL_MORALE:
        cJSON_AddStringToObject(o, "result", mu_morale_name((mu_morale)r->result));
        break;
    case MU_ROLL_BATTERY:
    case MU_ROLL_RESERVE:
        cJSON_AddNumberToObject(o, "threshold", r->result);
        cJSON_AddBoolToObject(o, "result", r->pass);
        break;
    default:
        cJSON_AddNumberToObject(o, "result", r->result);
    }
    return o;
}

cJSON *render_division_json(const mu_division *d, const mu_labels *l)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    cJSON_AddStringToObject(o, "army", mu_army_name(d->army));
    cJSON_AddNumberToObject(o, "year", d->year);
    cJSON_AddStringToObject(o, "theater", mu_theater_name(d->theater));
    cJSON_AddStringToObject(o, "arm", mu_arm_name(d->arm));
    cJSON_AddStringToObject(o, "leader", mu_rating_name(d->leader));
    cJSON_AddStringToObject(o, "leader_rolled", mu_rating_name(d->leader_rolled));
    cJSON_AddBoolToObject(o, "by_the_book", d->by_the_book);
    cJSON *bs = cJSON_AddArrayToObject(o, "brigades");
    for (int i = 0; i < d->nbrigades; i++) {
        const mu_brigade *b = &d->brigades[i];
        cJSON *bo = cJSON_CreateObject();
        char label[64];
        mu_labels_name(l, b->stands, b->morale, label, sizeof label);
        cJSON_AddNumberToObject(bo, "stands", b->stands);
        cJSON_AddStringToObject(bo, "morale", mu_morale_name(b->morale));
        cJSON_AddStringToObject(bo, "leader", mu_rating_name(b->leader));
        cJSON_AddStringToObject(bo, "leader_rolled", mu_rating_name(b->rolled));
        cJSON_AddStringToObject(bo, "label", label);
        cJSON_AddItemToArray(bs, bo);
    }
    cJSON_AddNumberToObject(o, "stands", d->stands);
    cJSON *a = cJSON_AddObjectToObject(o, "artillery");
    cJSON_AddNumberToObject(a, "ratio", d->artillery.ratio);
    cJSON_AddNumberToObject(a, "batteries", d->artillery.batteries);
    cJSON_AddNumberToObject(a, "division", d->artillery.division);
    cJSON_AddNumberToObject(a, "reserve", d->artillery.reserve);
    cJSON *rs = cJSON_AddArrayToObject(o, "rolls");
    for (int i = 0; i < d->nrolls; i++)
        cJSON_AddItemToArray(rs, render_roll_json(&d->rolls[i]));
    return o;
}

static cJSON *corps_json(const mu_corps *c, const mu_labels *l, bool theater_roll)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "army", mu_army_name(c->army));
    cJSON_AddNumberToObject(o, "year", c->year);
    cJSON_AddStringToObject(o, "theater", mu_theater_name(c->theater));
    cJSON_AddStringToObject(o, "leader", mu_rating_name(c->leader));
    cJSON_AddStringToObject(o, "leader_rolled", mu_rating_name(c->leader_rolled));
    cJSON *ds = cJSON_AddArrayToObject(o, "divisions");
    for (int i = 0; i < c->ndivisions; i++)
        cJSON_AddItemToArray(ds, render_division_json(&c->divisions[i], l));
    cJSON_AddNumberToObject(o, "stands", c->stands);
    cJSON_AddNumberToObject(o, "batteries", c->batteries);
    cJSON_AddNumberToObject(o, "reserve", c->reserve);
    cJSON *rs = cJSON_AddArrayToObject(o, "rolls");
    if (theater_roll && c->theater_rolled)
        cJSON_AddItemToArray(rs, render_roll_json(&c->theater_roll));
    cJSON_AddItemToArray(rs, render_roll_json(&c->leader_roll));
    return o;
}

/* ---- text --------------------------------------------------------------- */

static void rating_text(mu_rating played, mu_rating rolled, char *buf, size_t n)
{
    if (played != rolled)
        snprintf(buf, n, "%s (despicable, by the book)", mu_rating_name(played));
    else if (played == MU_DESPICABLE)
        snprintf(buf, n, "despicable (DP)");
    else
        snprintf(buf, n, "%s", mu_rating_name(played));
}

/* The roll of a kind (and brigade) in d's record, or 0. */
static int find_roll(const mu_division *d, mu_roll_kind k, int brigade)
{
    for (int i = 0; i < d->nrolls; i++)
        if (d->rolls[i].kind == k && d->rolls[i].brigade == brigade)
            return d->rolls[i].roll;
    return 0;
}

/* "2.44": whole part and the two truncated decimals that are the roll's
 * threshold, so the text never disagrees with the rule. */
static void fraction_text(int num, int den, char *buf, size_t n)
{
    int whole = num / den, rem = num % den;
    if (rem == 0)
        snprintf(buf, n, "%d", whole);
    else
        snprintf(buf, n, "%d.%02d", whole, 100 * rem / den);
}

static void artillery_text(const mu_division *d, sbuf *sb, const char *ind,
                           bool in_corps)
{
    const mu_artillery *a = &d->artillery;
    char q[32];
    fraction_text(d->stands, a->ratio, q, sizeof q);
    sb_printf(sb, "%sArtillery: 1 battery per %d stands (rolled %d)\n", ind,
              a->ratio, find_roll(d, MU_ROLL_RATIO, 0));
    sb_printf(sb, "%s  %d stands ÷ %d = %s → ", ind, d->stands, a->ratio, q);
    if (a->battery_roll)
        sb_printf(sb, "rolled %d %s %d → ", a->battery_roll,
                  a->battery_roll <= a->battery_threshold ? "≤" : ">",
                  a->battery_threshold);
    sb_printf(sb, "%d batter%s", a->batteries, a->batteries == 1 ? "y" : "ies");
    if (a->reserve_roll) {
        fraction_text(a->batteries, 3, q, sizeof q);
        sb_printf(sb, "; a third is %d ÷ 3 = %s → rolled %d %s %d", a->batteries,
                  q, a->reserve_roll,
                  a->reserve_roll <= a->reserve_threshold ? "≤" : ">",
                  a->reserve_threshold);
    }
    sb_printf(sb, ": %d with the division, %d to the %s\n", a->division,
              a->reserve, reserve_name(d->army, in_corps));
}

/* ind: the indentation, "" for a division on its own, deeper in a corps. */
static void division_text(const mu_division *d, const mu_render_opts *o,
                          int number, sbuf *sb, const char *ind)
{
    char buf[96];
    if (number > 0)
        sb_printf(sb, "%sDivision %d: ", ind, number);
    else
        sb_puts(sb, ind);
    sb_printf(sb, "%s %s division, %s %d\n",
              d->army == MU_UNION ? "Union" : "Confederate",
              mu_arm_name(d->arm), d->theater == MU_EAST ? "Eastern theater" : "Western theater",
              d->year);
    int tr = find_roll(d, MU_ROLL_THEATER, 0);
    if (tr)
        sb_printf(sb, "%s  Theater and year rolled: %d\n", ind, tr);
    sb_printf(sb, "%s  Division leader: %s (rolled %d%s)\n", ind,
              mu_rating_name(d->leader), find_roll(d, MU_ROLL_LEADER, 0),
              d->leader != d->leader_rolled ? ": despicable, played by the book"
              : d->leader == MU_DESPICABLE ? ": mark the label DP" : "");
    sb_printf(sb, "%s  Brigades: %d (rolled %d)\n", ind, d->nbrigades,
              find_roll(d, MU_ROLL_BRIGADES, 0));
    grid g;
    grid_init(&g, 4);
    grid_row(&g, (const char *const[]){"brigade", "label", "brigadier",
                                       "rolls: stands morale brigadier"});
    for (int i = 0; i < d->nbrigades; i++) {
        const mu_brigade *b = &d->brigades[i];
        grid_add(&g);
        grid_setf(&g, 0, "%d", i + 1);
        mu_labels_name(o->labels, b->stands, b->morale, buf, sizeof buf);
        grid_setf(&g, 1, "%s", buf);
        rating_text(b->leader, b->rolled, buf, sizeof buf);
        grid_setf(&g, 2, "%s", buf);
        grid_setf(&g, 3, "%d %d %d", find_roll(d, MU_ROLL_STANDS, i + 1),
                  find_roll(d, MU_ROLL_MORALE, i + 1),
                  find_roll(d, MU_ROLL_BRIGADIER, i + 1));
    }
    size_t depth = strlen(ind) + 4;
    grid_text(&g, sb, (int)depth, 99);
    grid_free(&g);
    sb_printf(sb, "%s  Total: %d stands\n", ind, d->stands);
    char ind2[16];
    snprintf(ind2, sizeof ind2, "%s  ", ind);
    artillery_text(d, sb, ind2, *ind != '\0');
}

static void seed_footer(const mu_render_opts *o, sbuf *sb)
{
    if (o->has_seed)
        sb_printf(sb, "seed %" PRIu64 "\n", o->seed);
    else
        sb_puts(sb, "rolls given by hand (no seed)\n");
}

static void corps_text(const mu_corps *c, const mu_render_opts *o, sbuf *sb)
{
    sb_printf(sb, "%s corps, %s %d: %d division%s\n",
              c->army == MU_UNION ? "Union" : "Confederate",
              c->theater == MU_EAST ? "Eastern theater" : "Western theater",
              c->year, c->ndivisions, c->ndivisions == 1 ? "" : "s");
    sb_printf(sb, "  Corps leader: %s (rolled %d%s)\n", mu_rating_name(c->leader),
              c->leader_roll.roll,
              c->leader != c->leader_rolled ? ": despicable, played by the book"
              : c->leader == MU_DESPICABLE ? ": mark the label DP" : "");
    for (int i = 0; i < c->ndivisions; i++) {
        sb_puts(sb, "\n");
        division_text(&c->divisions[i], o, i + 1, sb, "  ");
    }
    sb_printf(sb, "\n  Corps total: %d stand%s, %d batter%s, %d to the %s\n",
              c->stands, c->stands == 1 ? "" : "s", c->batteries,
              c->batteries == 1 ? "y" : "ies", c->reserve,
              reserve_name(c->army, true));
}

/* ---- CSV ---------------------------------------------------------------- */

static const char csv_header[] =
    "division,army,year,theater,arm,corps_leader,leader,brigade,stands,morale,"
    "brigadier,label,ratio,batteries,division_batteries,reserve_batteries,"
    "seed\n";

static void division_csv(const mu_division *d, const mu_render_opts *o,
                         int number, const char *corps_leader, sbuf *sb)
{
    char seed[32] = "";
    if (o->has_seed)
        snprintf(seed, sizeof seed, "%" PRIu64, o->seed);
    for (int i = 0; i < d->nbrigades; i++) {
        const mu_brigade *b = &d->brigades[i];
        char label[64];
        mu_labels_name(o->labels, b->stands, b->morale, label, sizeof label);
        sb_printf(sb, "%d,%s,%d,%s,%s,%s,%s,%d,%d,%s,%s,\"%s\",%d,%d,%d,%d,%s\n",
                  number, mu_army_name(d->army), d->year,
                  mu_theater_name(d->theater), mu_arm_name(d->arm), corps_leader,
                  mu_rating_name(d->leader), i + 1, b->stands,
                  mu_morale_name(b->morale), mu_rating_name(b->leader), label,
                  d->artillery.ratio, d->artillery.batteries,
                  d->artillery.division, d->artillery.reserve, seed);
    }
}

/* ---- Markdown ----------------------------------------------------------- */

static void division_md(const mu_division *d, const mu_render_opts *o,
                        int number, bool in_corps, sbuf *sb)
{
    char buf[96];
    sb_puts(sb, "### ");
    if (number)
        sb_printf(sb, "Division %d: ", number);
    sb_printf(sb, "%s %s division, %s %d\n\n",
              d->army == MU_UNION ? "Union" : "Confederate", mu_arm_name(d->arm),
              d->theater == MU_EAST ? "Eastern theater" : "Western theater",
              d->year);
    rating_text(d->leader, d->leader_rolled, buf, sizeof buf);
    sb_printf(sb, "Division leader: **%s** · %d brigades · %d stands · "
                  "%d batter%s (%d with the division, %d to the %s)\n\n",
              buf, d->nbrigades, d->stands, d->artillery.batteries,
              d->artillery.batteries == 1 ? "y" : "ies",
              d->artillery.division, d->artillery.reserve,
              reserve_name(d->army, in_corps));
    grid g;
    grid_init(&g, 5);
    grid_row(&g, (const char *const[]){"Brigade", "Stands", "Morale",
                                       "Brigadier", "Label"});
    for (int i = 0; i < d->nbrigades; i++) {
        const mu_brigade *b = &d->brigades[i];
        grid_add(&g);
        grid_setf(&g, 0, "%d", i + 1);
        grid_setf(&g, 1, "%d", b->stands);
        grid_setf(&g, 2, "%s", mu_morale_name(b->morale));
        rating_text(b->leader, b->rolled, buf, sizeof buf);
        grid_setf(&g, 3, "%s", buf);
        mu_labels_name(o->labels, b->stands, b->morale, buf, sizeof buf);
        grid_setf(&g, 4, "%s", buf);
    }
    grid_markdown(&g, sb, 99);
    grid_free(&g);
    sb_puts(sb, "\n");
}

static void corps_md(const mu_corps *c, const mu_render_opts *o, sbuf *sb)
{
    char buf[96];
    rating_text(c->leader, c->leader_rolled, buf, sizeof buf);
    sb_printf(sb, "## %s corps\n\nCorps leader: **%s** · %d stands · %d "
                  "batter%s, %d to the %s\n\n",
              c->army == MU_UNION ? "Union" : "Confederate", buf, c->stands,
              c->batteries, c->batteries == 1 ? "y" : "ies", c->reserve,
              reserve_name(c->army, true));
    for (int i = 0; i < c->ndivisions; i++)
        division_md(&c->divisions[i], o, i + 1, true, sb);
}

static void seed_md(const mu_render_opts *o, sbuf *sb)
{
    if (o->has_seed)
        sb_printf(sb, "*seed %" PRIu64 "*\n", o->seed);
    else
        sb_puts(sb, "*rolls given by hand*\n");
}

/* ---- entry points ------------------------------------------------------- */

/* Every brigade of d[0..n) has a label in l (or l is NULL). */
static mu_status labels_cover(const mu_division *d, size_t n,
                              const mu_labels *l, mu_error *err)
{
    for (size_t i = 0; l && i < n; i++)
        for (int k = 0; k < d[i].nbrigades; k++) {
            mu_status st = mu_labels_check(l, d[i].brigades[k].stands,
                                           d[i].brigades[k].morale, err);
            if (st != MU_OK)
                return st;
        }
    return MU_OK;
}

mu_status mu_division_render(const mu_division *d, size_t n,
                             const mu_render_opts *o, char **out,
                             mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    if (!d || !o || n == 0)
        return err_set(err, MU_EINPUT, "nothing to render");
    if (labels_cover(d, n, o->labels, err) != MU_OK)
        return MU_EINPUT;
    sbuf sb = {0};
    switch (o->format) {
    case MU_FMT_TEXT:
        for (size_t i = 0; i < n; i++) {
            if (i)
                sb_puts(&sb, "\n");
            division_text(&d[i], o, n > 1 ? (int)i + 1 : 0, &sb, "");
        }
        seed_footer(o, &sb);
        break;
    case MU_FMT_JSON:
    case MU_FMT_JSONL: {
        if (o->format == MU_FMT_JSON && n > 1) {
            /* An array; the seed rides on each element so any one of them
             * can be repeated on its own with --count. */
            cJSON *arr = cJSON_CreateArray();
            for (size_t i = 0; i < n; i++) {
                cJSON *obj = render_division_json(&d[i], o->labels);
                cJSON_AddNumberToObject(obj, "index", (double)i + 1);
                render_json_seed(obj, o);
                cJSON_AddItemToArray(arr, obj);
            }
            render_json_emit(arr, false, &sb);
        } else {
            for (size_t i = 0; i < n; i++) {
                cJSON *obj = render_division_json(&d[i], o->labels);
                if (n > 1)
                    cJSON_AddNumberToObject(obj, "index", (double)i + 1);
                render_json_seed(obj, o);
                render_json_emit(obj, o->format == MU_FMT_JSONL, &sb);
            }
        }
        break;
    }
    case MU_FMT_CSV:
        sb_puts(&sb, csv_header);
        for (size_t i = 0; i < n; i++)
            division_csv(&d[i], o, (int)i + 1, "", &sb);
        break;
    case MU_FMT_MARKDOWN:
        for (size_t i = 0; i < n; i++)
            division_md(&d[i], o, n > 1 ? (int)i + 1 : 0, false, &sb);
        seed_md(o, &sb);
        break;
    }
    return sb_finish(&sb, out, err);
}

mu_status mu_corps_render(const mu_corps *c, const mu_render_opts *o,
                          char **out, mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    if (!c || !o)
        return err_set(err, MU_EINPUT, "nothing to render");
    if (labels_cover(c->divisions, (size_t)c->ndivisions, o->labels, err) !=
        MU_OK)
        return MU_EINPUT;
    sbuf sb = {0};
    switch (o->format) {
    case MU_FMT_TEXT:
        if (c->theater_rolled)
            sb_printf(&sb, "Theater and year rolled: %d\n", c->theater_roll.roll);
        corps_text(c, o, &sb);
        seed_footer(o, &sb);
        break;
    case MU_FMT_JSON:
    case MU_FMT_JSONL: {
        cJSON *obj = corps_json(c, o->labels, true);
        render_json_seed(obj, o);
        render_json_emit(obj, o->format == MU_FMT_JSONL, &sb);
        break;
    }
    case MU_FMT_CSV:
        sb_puts(&sb, csv_header);
        for (int i = 0; i < c->ndivisions; i++)
            division_csv(&c->divisions[i], o, i + 1, mu_rating_name(c->leader), &sb);
        break;
    case MU_FMT_MARKDOWN:
        corps_md(c, o, &sb);
        seed_md(o, &sb);
        break;
    }
    return sb_finish(&sb, out, err);
}

mu_status mu_battle_render(const mu_battle *b, const mu_render_opts *o,
                           char **out, mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    if (!b || !o)
        return err_set(err, MU_EINPUT, "nothing to render");
    for (int i = 0; i < 2; i++)
        if (labels_cover(b->sides[i].divisions, (size_t)b->sides[i].ndivisions,
                         o->labels, err) != MU_OK)
            return MU_EINPUT;
    sbuf sb = {0};
    switch (o->format) {
    case MU_FMT_TEXT:
        sb_printf(&sb, "Battle in the %s theater, %d%s\n",
                  b->theater == MU_EAST ? "Eastern" : "Western", b->year,
                  b->theater_rolled ? "" : " (given)");
        if (b->theater_rolled)
            sb_printf(&sb, "Theater and year rolled: %d\n", b->theater_roll.roll);
        for (int a = 0; a < 2; a++) {
            sb_puts(&sb, "\n");
            corps_text(&b->sides[a], o, &sb);
        }
        sb_puts(&sb, "\n");
        seed_footer(o, &sb);
        break;
    case MU_FMT_JSON:
    case MU_FMT_JSONL: {
        cJSON *obj = cJSON_CreateObject();
        cJSON_AddNumberToObject(obj, "year", b->year);
        cJSON_AddStringToObject(obj, "theater", mu_theater_name(b->theater));
        cJSON *rs = cJSON_AddArrayToObject(obj, "rolls");
        if (b->theater_rolled)
            cJSON_AddItemToArray(rs, render_roll_json(&b->theater_roll));
        cJSON_AddItemToObject(obj, "union", corps_json(&b->sides[0], o->labels, false));
        cJSON_AddItemToObject(obj, "confederate",
                              corps_json(&b->sides[1], o->labels, false));
        render_json_seed(obj, o);
        render_json_emit(obj, o->format == MU_FMT_JSONL, &sb);
        break;
    }
    case MU_FMT_CSV:
        sb_puts(&sb, csv_header);
        for (int a = 0; a < 2; a++)
            for (int i = 0; i < b->sides[a].ndivisions; i++)
                division_csv(&b->sides[a].divisions[i], o, i + 1,
                             mu_rating_name(b->sides[a].leader), &sb);
        break;
    case MU_FMT_MARKDOWN:
        sb_printf(&sb, "# Battle in the %s theater, %d\n\n",
                  b->theater == MU_EAST ? "Eastern" : "Western", b->year);
        for (int a = 0; a < 2; a++)
            corps_md(&b->sides[a], o, &sb);
        seed_md(o, &sb);
        break;
    }
    return sb_finish(&sb, out, err);
}
