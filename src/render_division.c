/* SPDX-License-Identifier: MIT */
/* render_division.c -- divisions as text, JSON, JSONL, CSV and Markdown,
 * one record at a time: mu_division_stream writes each division as it is
 * given and hands the text to the caller's function in large chunks, so
 * any number of divisions takes the memory of one chunk. The hot formats
 * (text, CSV, JSON) are written with writer.h, without printf or cJSON
 * trees; mu_division_render is the same stream kept in memory. */
#include "error.h"
#include "grid.h"
#include "lang.h"
#include "render.h"
#include "writer.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

struct mu_division_stream {
    mu_render_opts o;
    bool numbered;    /* "Division N:", "index": N, a JSON array */
    uint64_t count;   /* divisions written so far */
    wr_out out;       /* without a sink: everything kept (mu_division_render) */
    sbuf cells;       /* the text's brigade cells, measured before laid out */
    lang_text words;  /* the text's words, looked up once */
    char seed[24];    /* the seed as text, or "" */
    size_t seedlen;
};

/* ---- pieces ------------------------------------------------------------- */

static void sb_rating(sbuf *sb, const lang_text *t, mu_rating played,
                      mu_rating rolled)
{
    if (played != rolled) {
        mu_buf_puts(sb, t->w[LW_DESPICABLE + played]);
        mu_buf_puts(sb, t->w[LW_RATING_BOOK]);
    } else if (played == MU_DESPICABLE) {
        mu_buf_puts(sb, t->w[LW_RATING_DP]);
    } else {
        mu_buf_puts(sb, t->w[LW_DESPICABLE + played]);
    }
}

/* A brigade's label as mu_labels_name writes it: in the words of t for
 * people (text), in English for data (t NULL: JSON, CSV). */
static void sb_label(sbuf *sb, const lang_text *t, const mu_labels *l,
                     int stands, mu_morale m)
{
    int worn, spent;
    sb_i64(sb, stands);
    if (mu_labels_get(l, stands, m, &worn, &spent)) {
        sb_ch(sb, '/');
        sb_i64(sb, worn);
        sb_ch(sb, '/');
        sb_i64(sb, spent);
        sb_ch(sb, ' ');
    } else if (stands == 1) {
        mu_buf_puts(sb, t ? t->w[LW_STAND_ONE] : " stand, ");
    } else {
        mu_buf_puts(sb, t ? t->w[LW_STANDS_MANY] : " stands, ");
    }
    mu_buf_puts(sb, t ? t->w[LW_GREEN + m] : mu_morale_name(m));
}

/* "2.44": the whole part and the two truncated decimals that are the
 * roll's threshold, so the text never disagrees with the rule. */
static void sb_fraction(sbuf *sb, const char *point, int num, int den)
{
    int whole = num / den, rem = num % den;
    sb_i64(sb, whole);
    if (rem) {
        int c = 100 * rem / den;
        mu_buf_puts(sb, point);
        sb_ch(sb, (char)('0' + c / 10));
        sb_ch(sb, (char)('0' + c % 10));
    }
}

/* The rolls of a division by kind and brigade (the first of each). */
typedef struct roll_map {
    int r[MU_ROLL_CORPS_LEADER + 1][MU_MAX_BRIGADES + 1];
} roll_map;

static void map_rolls(const mu_division *d, roll_map *m)
{
    memset(m, 0, sizeof *m);
    for (int i = 0; i < d->nrolls && i < MU_MAX_ROLLS; i++) {
        const mu_roll *r = &d->rolls[i];
        if (r->kind <= MU_ROLL_CORPS_LEADER && r->brigade <= MU_MAX_BRIGADES &&
            !m->r[r->kind][r->brigade])
            m->r[r->kind][r->brigade] = r->roll;
    }
}

static void sb_indent(sbuf *sb, const char *ind, int more)
{
    mu_buf_puts(sb, ind);
    sb_pad(sb, more);
}

/* Display width: UTF-8 continuation bytes take no column. */
static int width(const char *s, size_t n)
{
    int w = 0;
    for (size_t i = 0; i < n; i++)
        w += ((unsigned char)s[i] & 0xC0) != 0x80;
    return w;
}

/* ---- text --------------------------------------------------------------- */

/* The brigade table, laid out as grid_text lays it out (columns two blanks
 * apart, left-aligned, `indent` blanks first). Cells are written into
 * `cells` first (kept by the caller between divisions) to measure them. */
static void brigade_table(const mu_division *d, const mu_render_opts *o,
                          const lang_text *t, const roll_map *m, sbuf *sb,
                          sbuf *cells, int indent)
{
    const char *const *head = &t->w[LW_HEAD_BRIGADE];
    size_t at[MU_MAX_BRIGADES][4][2];
    int w[4];
    cells->len = 0;
    for (int c = 0; c < 4; c++)
        w[c] = width(head[c], strlen(head[c]));
    for (int i = 0; i < d->nbrigades && i < MU_MAX_BRIGADES; i++) {
        const mu_brigade *b = &d->brigades[i];
        for (int c = 0; c < 4; c++) {
            size_t start = cells->len;
            if (c == 0)
                sb_i64(cells, i + 1);
            else if (c == 1)
                sb_label(cells, t, o->labels, b->stands, b->morale);
            else if (c == 2)
                sb_rating(cells, t, b->leader, b->rolled);
            else
                for (int k = 0; k < 3; k++) {
                    if (k)
                        sb_ch(cells, ' ');
                    if (d->given & (MU_GIVEN_STANDS(i) << k))
                        sb_ch(cells, '-'); /* given, not rolled */
                    else
                        sb_i64(cells, m->r[MU_ROLL_STANDS + k][i + 1]);
                }
            at[i][c][0] = start;
            at[i][c][1] = cells->len - start;
            int cw = cells->oom ? 0 : width(cells->p + start, cells->len - start);
            if (cw > w[c])
                w[c] = cw;
        }
    }
    if (cells->oom) {
        sb->oom = true;
        return;
    }
    for (int i = -1; i < d->nbrigades && i < MU_MAX_BRIGADES; i++) {
        sb_pad(sb, indent);
        for (int c = 0; c < 4; c++) {
            const char *s = i < 0 ? head[c] : cells->p + at[i][c][0];
            size_t n = i < 0 ? strlen(s) : at[i][c][1];
            if (c)
                sb_pad(sb, 2);
            sb_put(sb, s, n);
            if (c < 3)
                sb_pad(sb, w[c] - width(s, n));
        }
        sb_ch(sb, '\n');
    }
}

static void sb_compare(sbuf *sb, const lang_text *t, int roll, int threshold)
{
    mu_buf_puts(sb, t->w[LW_ROLLED]);
    sb_i64(sb, roll);
    if (roll <= threshold)
        SB_LIT(sb, " ≤ ");
    else
        SB_LIT(sb, " > ");
    sb_i64(sb, threshold);
}

static void artillery_text(const mu_division *d, const lang_text *t,
                           const roll_map *m, sbuf *sb, const char *ind,
                           bool in_corps)
{
    const mu_artillery *a = &d->artillery;
    sb_indent(sb, ind, 2);
    if (d->given & MU_GIVEN_ARTILLERY) { /* an order of battle's batteries */
        mu_buf_puts(sb, _("Artillery: "));
        sb_i64(sb, a->division);
        mu_buf_puts(sb, t->w[a->division == 1 ? LW_BATTERY : LW_BATTERIES]);
        mu_buf_puts(sb, _(" (given)"));
        sb_ch(sb, '\n');
        return;
    }
    mu_buf_puts(sb, t->w[LW_ART_PER]);
    sb_i64(sb, a->ratio);
    mu_buf_puts(sb, t->w[LW_STANDS_ROLLED]);
    sb_i64(sb, m->r[MU_ROLL_RATIO][0]);
    SB_LIT(sb, ")\n");
    sb_indent(sb, ind, 4);
    sb_i64(sb, d->stands);
    mu_buf_puts(sb, t->w[LW_STANDS_DIV]);
    sb_i64(sb, a->ratio);
    SB_LIT(sb, " = ");
    sb_fraction(sb, t->w[LW_POINT], d->stands, a->ratio);
    SB_LIT(sb, " → ");
    if (a->battery_roll) {
        sb_compare(sb, t, a->battery_roll, a->battery_threshold);
        SB_LIT(sb, " → ");
    }
    sb_i64(sb, a->batteries);
    mu_buf_puts(sb, t->w[a->batteries == 1 ? LW_BATTERY : LW_BATTERIES]);
    if (a->reserve_roll) {
        mu_buf_puts(sb, t->w[LW_THIRD]);
        sb_i64(sb, a->batteries);
        mu_buf_puts(sb, t->w[LW_DIV3]);
        sb_fraction(sb, t->w[LW_POINT], a->batteries, 3);
        SB_LIT(sb, " → ");
        sb_compare(sb, t, a->reserve_roll, a->reserve_threshold);
    }
    SB_LIT(sb, ": ");
    sb_i64(sb, a->division);
    mu_buf_puts(sb, t->w[LW_WITH_DIV]);
    sb_i64(sb, a->reserve);
    mu_buf_puts(sb, t->w[LW_TO_THE]);
    mu_buf_puts(sb, render_reserve_name(t, d->army, in_corps));
    sb_ch(sb, '\n');
}

/* " (rolled 42" or, for a value an order of battle gave, " (given". */
static void given_or_rolled(sbuf *sb, const lang_text *t, uint32_t given,
                            int roll)
{
    if (given) {
        mu_buf_puts(sb, _(" (given)"));
        if (!sb->oom && sb->len && sb->p[sb->len - 1] == ')')
            sb->p[--sb->len] = '\0'; /* the caller closes it */
        return;
    }
    mu_buf_puts(sb, t->w[LW_ROLLED_OPEN]);
    sb_i64(sb, roll);
}

static void leader_line(const mu_division *d, const lang_text *t,
                        const roll_map *m, sbuf *sb, const char *ind)
{
    sb_indent(sb, ind, 2);
    mu_buf_puts(sb, t->w[LW_LEADER]);
    mu_buf_puts(sb, t->w[LW_DESPICABLE + d->leader]);
    given_or_rolled(sb, t, d->given & MU_GIVEN_LEADER,
                    m->r[MU_ROLL_LEADER][0]);
    if (d->leader != d->leader_rolled)
        mu_buf_puts(sb, t->w[LW_BY_BOOK]);
    else if (d->leader == MU_DESPICABLE)
        mu_buf_puts(sb, t->w[LW_MARK_DP]);
    SB_LIT(sb, ")\n");
}

void render_division_text(const mu_division *d, const mu_render_opts *o,
                          const lang_text *t, uint64_t number, sbuf *sb,
                          sbuf *cells, const char *ind)
{
    roll_map m;
    map_rolls(d, &m);
    mu_buf_puts(sb, ind);
    if (number > 0) {
        mu_buf_puts(sb, t->w[LW_DIVISION_N]);
        sb_u64(sb, number);
        SB_LIT(sb, ": ");
    }
    mu_buf_puts(sb, t->w[d->army == MU_UNION ? LW_UNION : LW_CONFEDERATE]);
    mu_buf_puts(sb, t->w[LW_INFANTRY + d->arm]);
    mu_buf_puts(sb, t->w[d->theater == MU_EAST ? LW_DIV_EAST : LW_DIV_WEST]);
    sb_i64(sb, d->year);
    sb_ch(sb, '\n');
    if (m.r[MU_ROLL_THEATER][0]) {
        sb_indent(sb, ind, 2);
        mu_buf_puts(sb, t->w[LW_THEATER_ROLLED]);
        sb_i64(sb, m.r[MU_ROLL_THEATER][0]);
        sb_ch(sb, '\n');
    }
    leader_line(d, t, &m, sb, ind);
    sb_indent(sb, ind, 2);
    mu_buf_puts(sb, t->w[LW_BRIGADES]);
    sb_i64(sb, d->nbrigades);
    given_or_rolled(sb, t, d->given & MU_GIVEN_BRIGADES,
                    m.r[MU_ROLL_BRIGADES][0]);
    SB_LIT(sb, ")\n");
    brigade_table(d, o, t, &m, sb, cells, (int)strlen(ind) + 4);
    sb_indent(sb, ind, 2);
    mu_buf_puts(sb, t->w[LW_TOTAL]);
    sb_i64(sb, d->stands);
    mu_buf_puts(sb, t->w[LW_STANDS_NL]);
    artillery_text(d, t, &m, sb, ind, *ind != '\0');
}

void render_seed_footer(const mu_render_opts *o, const lang_text *t, sbuf *sb)
{
    if (o->has_seed) {
        mu_buf_puts(sb, t->w[LW_SEED]);
        sb_u64(sb, o->seed);
        sb_ch(sb, '\n');
    } else {
        mu_buf_puts(sb, t->w[LW_BY_HAND]);
    }
}

/* ---- CSV ---------------------------------------------------------------- */

const char render_csv_header[] =
    "division,army,year,theater,arm,corps_leader,leader,brigade,stands,morale,"
    "brigadier,label,ratio,batteries,division_batteries,reserve_batteries,"
    "seed\n";

/* One line a brigade. The label is quoted, a quote in it doubled. */
void render_division_csv(const mu_division *d, const mu_render_opts *o,
                         uint64_t number, const char *corps_leader,
                         const char *seed, size_t seedlen, sbuf *sb)
{
    for (int i = 0; i < d->nbrigades && i < MU_MAX_BRIGADES; i++) {
        const mu_brigade *b = &d->brigades[i];
        sb_u64(sb, number);
        sb_ch(sb, ',');
        mu_buf_puts(sb, mu_army_name(d->army));
        sb_ch(sb, ',');
        sb_i64(sb, d->year);
        sb_ch(sb, ',');
        mu_buf_puts(sb, mu_theater_name(d->theater));
        sb_ch(sb, ',');
        mu_buf_puts(sb, mu_arm_name(d->arm));
        sb_ch(sb, ',');
        mu_buf_puts(sb, corps_leader);
        sb_ch(sb, ',');
        mu_buf_puts(sb, mu_rating_name(d->leader));
        sb_ch(sb, ',');
        sb_i64(sb, i + 1);
        sb_ch(sb, ',');
        sb_i64(sb, b->stands);
        sb_ch(sb, ',');
        mu_buf_puts(sb, mu_morale_name(b->morale));
        sb_ch(sb, ',');
        mu_buf_puts(sb, mu_rating_name(b->leader));
        SB_LIT(sb, ",\"");
        sb_label(sb, NULL, o->labels, b->stands, b->morale);
        SB_LIT(sb, "\",");
        const int art[4] = {d->artillery.ratio, d->artillery.batteries,
                            d->artillery.division, d->artillery.reserve};
        for (int k = 0; k < 4; k++) {
            sb_i64(sb, art[k]);
            sb_ch(sb, ',');
        }
        sb_put(sb, seed, seedlen);
        sb_ch(sb, '\n');
    }
}

/* ---- JSON --------------------------------------------------------------- */

/* One roll (render.h). */
void render_roll_jw(jw *w, const mu_roll *r)
{
    jw_obj(w, NULL);
    jw_str(w, "table", mu_roll_kind_name((mu_roll_kind)r->kind));
    if (r->brigade)
        jw_int(w, "brigade", r->brigade);
    jw_int(w, "roll", r->roll);
    switch ((mu_roll_kind)r->kind) {
    case MU_ROLL_THEATER: {
        char buf[24];
        size_t n = strlen(mu_theater_name((mu_theater)(r->result % 2)));
        memcpy(buf, mu_theater_name((mu_theater)(r->result % 2)), n);
        buf[n++] = '-';
        n += wr_u64(buf + n, (uint64_t)(MU_YEAR_FIRST + r->result / 2));
        buf[n] = '\0';
        jw_str(w, "result", buf);
        break;
    }
    case MU_ROLL_LEADER:
    case MU_ROLL_BRIGADIER:
    case MU_ROLL_CORPS_LEADER:
        jw_str(w, "result", mu_rating_name((mu_rating)r->result));
        break;
    case MU_ROLL_MORALE:
        jw_str(w, "result", mu_morale_name((mu_morale)r->result));
        break;
    case MU_ROLL_BATTERY:
    case MU_ROLL_RESERVE:
        jw_int(w, "threshold", r->result);
        jw_bool(w, "result", r->pass);
        break;
    default:
        jw_int(w, "result", r->result);
    }
    jw_end(w);
}

const char *const render_given_division[3] = {"leader", "brigades",
                                              "artillery"};
const char *const render_given_brigade[3] = {"stands", "morale", "leader"};

/* "given": the names of the bits 0..2 set in `given`, written whenever
 * `given` is not 0 (a division's holds its brigades' bits too). */
static void given_jw(jw *w, unsigned given, const char *const names[3])
{
    if (!given)
        return;
    jw_arr(w, "given");
    for (int k = 0; k < 3; k++)
        if (given & (1u << k))
            jw_str(w, NULL, names[k]);
    jw_end(w);
}

static void brigade_jw(jw *w, const mu_brigade *b, unsigned given,
                       const mu_labels *l)
{
    jw_obj(w, NULL);
    jw_int(w, "stands", b->stands);
    jw_str(w, "morale", mu_morale_name(b->morale));
    jw_str(w, "leader", mu_rating_name(b->leader));
    jw_str(w, "leader_rolled", mu_rating_name(b->rolled));
    given_jw(w, given, render_given_brigade);
    /* digits, '/', blanks and words: nothing a JSON string escapes */
    jw_key(w, "label");
    sb_ch(w->sb, '"');
    sb_label(w->sb, NULL, l, b->stands, b->morale);
    sb_ch(w->sb, '"');
    jw_end(w);
}

/* The members of a division, into an open object. */
static void division_members(jw *w, const mu_division *d, const mu_labels *l)
{
    jw_str(w, "army", mu_army_name(d->army));
    jw_int(w, "year", d->year);
    jw_str(w, "theater", mu_theater_name(d->theater));
    jw_str(w, "arm", mu_arm_name(d->arm));
    jw_str(w, "leader", mu_rating_name(d->leader));
    jw_str(w, "leader_rolled", mu_rating_name(d->leader_rolled));
    jw_bool(w, "by_the_book", d->by_the_book);
    given_jw(w, d->given, render_given_division);
    jw_arr(w, "brigades");
    for (int i = 0; i < d->nbrigades && i < MU_MAX_BRIGADES; i++)
        brigade_jw(w, &d->brigades[i], (unsigned)(d->given >> (3 + 3 * i)) & 7u,
                   l);
    jw_end(w);
    jw_int(w, "stands", d->stands);
    jw_obj(w, "artillery");
    jw_int(w, "ratio", d->artillery.ratio);
    jw_int(w, "batteries", d->artillery.batteries);
    jw_int(w, "division", d->artillery.division);
    jw_int(w, "reserve", d->artillery.reserve);
    jw_end(w);
    jw_arr(w, "rolls");
    for (int i = 0; i < d->nrolls && i < MU_MAX_ROLLS; i++)
        render_roll_jw(w, &d->rolls[i]);
    jw_end(w);
}

void render_jw_seed(jw *w, const mu_render_opts *o)
{
    if (o && o->has_seed)
        jw_u64(w, "seed", o->seed);
    else
        jw_null(w, "seed");
}

void render_division_jw(jw *w, const char *key, const mu_division *d,
                        const mu_labels *l, const mu_render_opts *seed)
{
    jw_obj(w, key);
    division_members(w, d, l);
    if (seed)
        render_jw_seed(w, seed);
    jw_end(w);
}

/* ---- the stream ----------------------------------------------------------- */

mu_status mu_division_stream_new(const mu_render_opts *o, bool numbered,
                                 mu_sink_fn write, void *ctx,
                                 mu_division_stream **out, mu_error *err)
{
    *out = NULL;
    if (!o)
        return err_set(err, MU_EINPUT, "nothing to render");
    mu_division_stream *s = calloc(1, sizeof *s);
    if (s)
        wr_out_init(&s->out, write, ctx);
    if (!s || !sb_grow(&s->out.sb, write ? WR_CHUNK + 4096 : 4096)) {
        free(s);
        return err_nomem(err);
    }
    s->o = *o;
    lang_init(&s->words);
    s->numbered = numbered;
    if (o->has_seed)
        s->seedlen = wr_u64(s->seed, o->seed);
    s->seed[s->seedlen] = '\0';
    if (o->format == MU_FMT_CSV)
        mu_buf_puts(&s->out.sb, render_csv_header);
    *out = s;
    return MU_OK;
}

static void division_json(mu_division_stream *s, const mu_division *d)
{
    jw w;
    bool array = s->o.format == MU_FMT_JSON && s->numbered;
    if (array && s->count)
        SB_LIT(&s->out.sb, ", "); /* cJSON_Print's array layout */
    else if (array)
        sb_ch(&s->out.sb, '[');
    jw_init(&w, &s->out.sb, s->o.format == MU_FMT_JSON, array ? 1 : 0);
    jw_obj(&w, NULL);
    division_members(&w, d, s->o.labels);
    if (s->numbered)
        jw_u64(&w, "index", s->count + 1);
    jw_key(&w, "seed");
    if (s->o.has_seed)
        sb_put(&s->out.sb, s->seed, s->seedlen);
    else
        SB_LIT(&s->out.sb, "null");
    jw_end(&w);
    if (!array)
        sb_ch(&s->out.sb, '\n');
}

mu_status mu_division_stream_put(mu_division_stream *s, const mu_division *d,
                                 mu_error *err)
{
    if (!s || !d)
        return err_set(err, MU_EINPUT, "nothing to render");
    uint64_t number = s->numbered ? s->count + 1 : 0;
    switch (s->o.format) {
    case MU_FMT_TEXT:
        if (s->count)
            sb_ch(&s->out.sb, '\n');
        render_division_text(d, &s->o, &s->words, number, &s->out.sb, &s->cells, "");
        break;
    case MU_FMT_JSON:
    case MU_FMT_JSONL:
        division_json(s, d);
        break;
    case MU_FMT_CSV:
        render_division_csv(d, &s->o, s->count + 1, "", s->seed, s->seedlen,
                            &s->out.sb);
        break;
    case MU_FMT_MARKDOWN:
        render_division_md(d, &s->o, (int)number, false, &s->out.sb);
        break;
    }
    s->count++;
    return wr_out_record(&s->out, err);
}

mu_status mu_division_stream_end(mu_division_stream *s, mu_error *err)
{
    if (!s)
        return err_set(err, MU_EINPUT, "nothing to render");
    switch (s->o.format) {
    case MU_FMT_TEXT:
        render_seed_footer(&s->o, &s->words, &s->out.sb);
        break;
    case MU_FMT_JSON:
        if (s->numbered && !s->count)
            SB_LIT(&s->out.sb, "[]\n");
        else if (s->numbered)
            SB_LIT(&s->out.sb, "]\n");
        break;
    case MU_FMT_MARKDOWN:
        render_seed_md(&s->o, &s->out.sb);
        break;
    default:
        break;
    }
    if (s->out.sb.oom)
        return err_nomem(err);
    return s->out.write ? wr_out_end(&s->out, NULL, err) : MU_OK;
}

void mu_division_stream_free(mu_division_stream *s)
{
    if (!s)
        return;
    wr_out_free(&s->out);
    mu_buf_free(&s->cells);
    free(s);
}

mu_status mu_division_render(const mu_division *d, size_t n,
                             const mu_render_opts *o, char **out,
                             mu_error *err)
{
    if (out)
        *out = NULL; /* never read; NULL unless MU_OK */
    if (!d || !o || !out || n == 0)
        return err_set(err, MU_EINPUT, "nothing to render");
    mu_division_stream *s;
    mu_status st = mu_division_stream_new(o, n > 1, NULL, NULL, &s, err);
    for (size_t i = 0; i < n && st == MU_OK; i++)
        st = mu_division_stream_put(s, &d[i], err);
    if (st == MU_OK)
        st = mu_division_stream_end(s, err);
    if (st == MU_OK)
        st = wr_out_end(&s->out, out, err);
    mu_division_stream_free(s);
    return st;
}

/* ---- shared with render_oob.c -------------------------------------------- */

/* Where the reserve share goes: the Union's to its Army Artillery Reserve,
 * a Confederate division's to its corps' reserve, or, for a division
 * generated on its own (no corps), just "the reserve". */
const char *render_reserve_name(const struct lang_text *t, mu_army a, bool in_corps)
{
    return t->w[a == MU_UNION ? LW_ARMY_RESERVE
                : in_corps    ? LW_CORPS_RESERVE
                              : LW_RESERVE];
}

void render_rating_md(const struct lang_text *t, mu_rating played, mu_rating rolled,
                      char *buf, size_t n)
{
    sbuf sb = {0};
    sb_rating(&sb, t, played, rolled);
    snprintf(buf, n, "%.*s", (int)sb.len, sb.len ? sb.p : "");
    mu_buf_free(&sb);
}

/* Markdown is for people (a club's page, a forum post): its words are the
 * text's, looked up for each division, which no hot path writes. */
void render_division_md(const mu_division *d, const mu_render_opts *o,
                        int number, bool in_corps, sbuf *sb)
{
    lang_text t;
    lang_init(&t);
    char buf[96];
    mu_buf_puts(sb, "### ");
    if (number)
        mu_buf_printf(sb, "%s%d: ", t.w[LW_DIVISION_N], number);
    mu_buf_printf(sb, "%s%s%s%d\n\n", t.w[d->army == MU_UNION ? LW_UNION : LW_CONFEDERATE],
                  t.w[d->arm == MU_CAVALRY ? LW_CAVALRY : LW_INFANTRY],
                  t.w[d->theater == MU_EAST ? LW_DIV_EAST : LW_DIV_WEST], d->year);
    render_rating_md(&t, d->leader, d->leader_rolled, buf, sizeof buf);
    mu_buf_printf(sb, "%s**%s**", t.w[LW_LEADER], buf);
    mu_buf_printf(sb, _(" · %d brigades · %d stands · "), d->nbrigades, d->stands);
    mu_buf_printf(sb, dngettext(LANG_DOMAIN,
                                "%d battery (%d with the division, %d to the %s)\n\n",
                                "%d batteries (%d with the division, %d to the %s)\n\n",
                                (unsigned long)d->artillery.batteries),
                  d->artillery.batteries, d->artillery.division,
                  d->artillery.reserve, render_reserve_name(&t, d->army, in_corps));
    grid g;
    grid_init(&g, 5);
    grid_row(&g, (const char *const[]){_("Brigade"), _("Stands"), _("Morale"),
                                       _("Brigadier"), _("Label")});
    sbuf label = {0};
    for (int i = 0; i < d->nbrigades; i++) {
        const mu_brigade *b = &d->brigades[i];
        grid_add(&g);
        grid_setf(&g, 0, "%d", i + 1);
        grid_setf(&g, 1, "%d", b->stands);
        grid_setf(&g, 2, "%s", t.w[LW_GREEN + b->morale]);
        render_rating_md(&t, b->leader, b->rolled, buf, sizeof buf);
        grid_setf(&g, 3, "%s", buf);
        label.len = 0;
        sb_label(&label, &t, o->labels, b->stands, b->morale);
        grid_setf(&g, 4, "%.*s", (int)label.len, label.len ? label.p : "");
    }
    mu_buf_free(&label);
    grid_markdown(&g, sb, 99);
    grid_free(&g);
    mu_buf_puts(sb, "\n");
}

void render_seed_md(const mu_render_opts *o, sbuf *sb)
{
    if (o->has_seed)
        mu_buf_printf(sb, _("*seed %" PRIu64 "*\n"), o->seed);
    else
        mu_buf_puts(sb, _("*rolls given by hand*\n"));
}
