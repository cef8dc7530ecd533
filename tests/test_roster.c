/* SPDX-License-Identifier: MIT */
/* test_roster.c -- muster's JSON read back into the structs it came from,
 * strictly; the roster's layout (no card split across pages, a division's
 * header with its first card) and what the renderer reports it drew. */
#include "test_util.h"
#include "roster.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static bool same_division(const mu_division *a, const mu_division *b)
{
    if (a->army != b->army || a->year != b->year || a->theater != b->theater ||
        a->arm != b->arm || a->theater_rolled != b->theater_rolled ||
        a->by_the_book != b->by_the_book || a->leader != b->leader ||
        a->leader_rolled != b->leader_rolled || a->nbrigades != b->nbrigades ||
        a->stands != b->stands || a->nrolls != b->nrolls ||
        memcmp(&a->artillery, &b->artillery, sizeof a->artillery))
        return false;
    for (int i = 0; i < a->nbrigades; i++)
        if (a->brigades[i].stands != b->brigades[i].stands ||
            a->brigades[i].morale != b->brigades[i].morale ||
            a->brigades[i].leader != b->brigades[i].leader ||
            a->brigades[i].rolled != b->brigades[i].rolled)
            return false;
    for (int i = 0; i < a->nrolls; i++) {
        const mu_roll *x = &a->rolls[i], *y = &b->rolls[i];
        if (x->kind != y->kind || x->brigade != y->brigade ||
            x->roll != y->roll || x->pass != y->pass || x->result != y->result)
            return false;
    }
    return true;
}

static mu_status parse(const char *text, mu_oob_doc *doc, mu_error *err)
{
    return mu_oob_parse_json(text, strlen(text), "t.json", doc, err);
}

/* Every division the generator makes reads back as itself, pretty or
 * compact, for every army, year, theater (given or rolled) and by the book. */
static void divisions_round_trip(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    mu_error err;
    int n = 0;
    for (uint64_t seed = 1; seed <= 40; seed++)
        for (int army = 0; army < 2; army++)
            for (int year = 0; year <= 5; year++) {
                mu_dice *d;
                assert_int_equal(mu_dice_new_seeded(seed * 7 + (uint64_t)year,
                                                    &d, &err), MU_OK);
                mu_oob_opts o = {(mu_army)army, year ? 1860 + year : 0,
                                 year ? (int)(seed % 2) : -1,
                                 (mu_arm)(seed % 3 == 0), seed % 4 == 0};
                mu_division g;
                assert_int_equal(mu_division_generate(r, d, &o, &g, &err), MU_OK);
                mu_render_opts ro = {seed % 2 ? MU_FMT_JSON : MU_FMT_JSONL,
                                     NULL, true, seed};
                char *text;
                assert_int_equal(mu_division_render(&g, 1, &ro, &text, &err),
                                 MU_OK);
                mu_oob_doc doc;
                mu_status st = parse(text, &doc, &err);
                if (st != MU_OK)
                    fail_msg("%s\n%s", err.msg, text);
                assert_int_equal(doc.kind, MU_OOB_DIVISIONS);
                assert_int_equal(doc.ndivisions, 1);
                assert_true(doc.has_seed);
                assert_int_equal(doc.seed, seed);
                assert_true(same_division(&g, &doc.divisions[0]));
                assert_int_equal(mu_oob_check(&doc, r, "t.json", &err), MU_OK);
                mu_oob_doc_clear(&doc);
                free(text);
                mu_dice_free(d);
                n++;
            }
    assert_int_equal(n, 480);
    mu_rules_free(r);
}

static void lists_corps_and_battles_round_trip(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    mu_error err;
    mu_dice *d;
    assert_int_equal(mu_dice_new_seeded(11, &d, &err), MU_OK);
    mu_division v[5];
    mu_oob_opts o = {MU_UNION, 1864, MU_WEST, MU_INFANTRY, false};
    for (int i = 0; i < 5; i++)
        assert_int_equal(mu_division_generate(r, d, &o, &v[i], &err), MU_OK);
    for (int f = 0; f < 2; f++) {
        mu_render_opts ro = {f ? MU_FMT_JSONL : MU_FMT_JSON, NULL, false, 0};
        char *text;
        assert_int_equal(mu_division_render(v, 5, &ro, &text, &err), MU_OK);
        mu_oob_doc doc;
        assert_int_equal(parse(text, &doc, &err), MU_OK);
        assert_int_equal(doc.ndivisions, 5);
        assert_false(doc.has_seed);
        for (int i = 0; i < 5; i++)
            assert_true(same_division(&v[i], &doc.divisions[i]));
        mu_oob_doc_clear(&doc);
        free(text);
    }
    mu_corps c;
    o.year = 0;
    o.theater = -1;
    o.by_the_book = true;
    assert_int_equal(mu_corps_generate(r, d, &o, 3, 1, &c, &err), MU_OK);
    mu_render_opts ro = {MU_FMT_JSON, NULL, true, 99};
    char *text;
    assert_int_equal(mu_corps_render(&c, &ro, &text, &err), MU_OK);
    mu_oob_doc doc;
    assert_int_equal(parse(text, &doc, &err), MU_OK);
    assert_int_equal(doc.kind, MU_OOB_CORPS);
    assert_int_equal(mu_oob_check(&doc, r, "t.json", &err), MU_OK);
    assert_int_equal(doc.corps.ndivisions, 4);
    assert_true(doc.corps.theater_rolled);
    assert_int_equal(doc.corps.theater_roll.roll, c.theater_roll.roll);
    assert_int_equal(doc.corps.leader_roll.roll, c.leader_roll.roll);
    assert_int_equal(doc.corps.stands, c.stands);
    assert_int_equal(doc.corps.reserve, c.reserve);
    for (int i = 0; i < 4; i++)
        assert_true(same_division(&c.divisions[i], &doc.corps.divisions[i]));
    mu_oob_doc_clear(&doc);
    free(text);
    mu_corps_clear(&c);
    mu_battle b;
    mu_oob_opts bo = {MU_UNION, MU_YEAR_UNKNOWN, MU_THEATER_UNKNOWN, MU_INFANTRY,
                      false};
    assert_int_equal(mu_battle_generate(r, d, &bo, 4, &b, &err), MU_OK);
    assert_int_equal(mu_battle_render(&b, &ro, &text, &err), MU_OK);
    assert_int_equal(parse(text, &doc, &err), MU_OK);
    assert_int_equal(doc.kind, MU_OOB_BATTLE);
    assert_int_equal(mu_oob_check(&doc, r, "t.json", &err), MU_OK);
    assert_int_equal(doc.battle.year, b.year);
    for (int a = 0; a < 2; a++)
        for (int i = 0; i < 4; i++)
            assert_true(same_division(&b.sides[a].divisions[i],
                                      &doc.battle.sides[a].divisions[i]));
    mu_oob_doc_clear(&doc);
    free(text);
    mu_battle_clear(&b);
    mu_dice_free(d);
    mu_rules_free(r);
}

/* The seed's worked example as a compact JSON division to mutate. */
static char *example(void)
{
    mu_rules *r = default_rules();
    mu_dice *d;
    SCRIPT(d, 50, 50, 50, 50, 50, 50, 50, 50, 80, 50, 50, 50, 44);
    mu_oob_opts o = {MU_CONFEDERATE, 1863, MU_EAST, MU_INFANTRY, false};
    mu_division g;
    mu_error err;
    assert_int_equal(mu_division_generate(r, d, &o, &g, &err), MU_OK);
    char *text;
    mu_render_opts ro = {MU_FMT_JSONL, NULL, false, 0};
    assert_int_equal(mu_division_render(&g, 1, &ro, &text, &err), MU_OK);
    mu_dice_free(d);
    mu_rules_free(r);
    return text;
}

/* text with its first `from` replaced by `to`; the caller frees. */
__attribute__((noinline)) static char *replaced(const char *text,
                                                const char *from,
                                                const char *to)
{
    const char *at = strstr(text, from);
    if (!at)
        fail_msg("'%s' is not in the example", from);
    size_t off = (size_t)(at - text), lf = strlen(from), lt = strlen(to);
    size_t n = strlen(text) - lf + lt;
    char *s = malloc(n + 1);
    memcpy(s, text, off);
    memcpy(s + off, to, lt);
    memcpy(s + off + lt, text + off + lf, n - off - lt + 1);
    return s;
}

static void bad_divisions_are_refused(void **state)
{
    (void)state;
    char *good = example();
    mu_oob_doc doc;
    mu_error err;
    assert_int_equal(parse(good, &doc, &err), MU_OK);
    assert_int_equal(doc.divisions[0].stands, 22);
    assert_int_equal(doc.divisions[0].artillery.batteries, 3);
    assert_int_equal(doc.divisions[0].artillery.battery_threshold, 44);
    mu_oob_doc_clear(&doc);
    static const struct {
        const char *from, *to, *msg;
    } cases[] = {
        {"\"year\":1863", "\"year\":1866", "year: expected a whole number 1861..1865"},
        {"\"year\":1863", "\"year\":1863.5", "year: expected a whole number"},
        {"\"army\":\"confederate\"", "\"army\":\"rebel\"", "army: expected one of \"union\", \"confederate\""},
        {"\"army\":\"confederate\"", "\"army\":\"CONF\"", ""}, /* as mu_army_parse reads it */
        {"\"stands\":7", "\"stands\":0", "brigades[0].stands: expected a whole number 1..30"},
        {"\"stands\":7", "\"stands\":\"7\"", "brigades[0].stands: expected"},
        {"\"stands\":22", "\"stands\":23", "\"stands\" is 23, but the brigades have 22"},
        {"\"morale\":\"veteran\"", "\"morale\":\"elite\"",
         "brigades[0].morale: expected one of \"green\", \"veteran\", \"crack\""},
        {"\"morale\":\"veteran\"", "\"morale\":\"Veteran\"", "brigades[0].morale: expected"},
        {"\"by_the_book\":false", "\"by_the_book\":0", "by_the_book: expected true or false"},
        {"\"by_the_book\":false", "\"by_the_book\":false,\"colour\":1", "unknown key \"colour\""},
        {"\"by_the_book\":false", "\"by_the_book\":false,\"by_the_book\":false", "given twice"},
        {"\"leader\":\"average\",\"leader_rolled\":\"average\",\"by",
         "\"leader\":\"exceptional\",\"leader_rolled\":\"average\",\"by", "leader: a leader rolled average"},
        {"\"batteries\":3", "\"batteries\":2", "give 3 batteries, not 2"},
        {"\"division\":2", "\"division\":3", "with the division"},
        {"\"roll\":44", "\"roll\":45", "\"result\" must be false"},
        {"\"threshold\":44", "\"threshold\":43", "threshold 43, but 22"},
        {"\"roll\":50,\"result\":\"average\"", "\"roll\":101,\"result\":\"average\"", "rolls[0].roll: expected a whole number 1..100"},
        {"{\"table\":\"leader\"", "{\"table\":\"brigades\"", "expected the leader roll here"},
        {"\"brigade\":1,", "\"brigade\":2,", "expected the roll of brigade 1, not 2"},
        {"\"result\":3}", "\"result\":4}", "rolls[1].result: expected 3"},
        {"\"rolls\":[", "\"rolls\":[{\"table\":\"theater\",\"roll\":40,\"result\":\"east-1863\"},", ""},
        {"\"rolls\":[", "\"rolls\":[{\"table\":\"theater\",\"roll\":40,\"result\":\"west-1863\"},", "expected \"east-1863\""},
        {"}],\"seed\"", "},{\"table\":\"reserve\",\"roll\":3,\"threshold\":0,\"result\":true}],\"seed\"", "one too many"},
        {"\"artillery\":{", "\"artillery\":{\"guns\":1,", "unknown key \"guns\" in the artillery"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *bad = replaced(good, cases[i].from, cases[i].to);
        mu_status st = parse(bad, &doc, &err);
        if (!*cases[i].msg) { /* a valid change */
            if (st != MU_OK)
                fail_msg("case %zu refused: %s", i, err.msg);
        } else {
            if (st != MU_EINPUT || !strstr(err.msg, cases[i].msg))
                fail_msg("case %zu: status %d, message '%s', wanted '%s'", i,
                         st, err.msg, cases[i].msg);
            assert_string_equal(err.file, "t.json");
        }
        mu_oob_doc_clear(&doc);
        free(bad);
    }
    /* Not JSON, other shapes, and the line of a parse error. */
    static const char *const shapes[] = {
        "", "   ", "[", "{\"army\":\"union\"}", "[1]", "[]", "42", "null",
        "{\"brigades\":{\"2\":0.2}}", "{\"union\":{},\"confederate\":[]}",
        "{\"divisions\":[],\"leader\":\"average\"}"};
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        assert_int_equal(parse(shapes[i], &doc, &err), MU_EINPUT);
        mu_oob_doc_clear(&doc);
    }
    /* A roll the reader cannot fault, but the tables can: 3 is a
     * despicable leader for the Confederates of 1863, not an average one. */
    char *other = replaced(good, "\"roll\":50,\"result\":\"average\"",
                           "\"roll\":3,\"result\":\"average\"");
    mu_rules *r = default_rules();
    assert_int_equal(parse(other, &doc, &err), MU_OK);
    assert_int_equal(mu_oob_check(&doc, r, "t.json", &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "the leader roll (3) gives 0"));
    mu_oob_doc_clear(&doc);
    assert_int_equal(parse(good, &doc, &err), MU_OK);
    assert_int_equal(mu_oob_check(&doc, r, "t.json", &err), MU_OK);
    mu_oob_doc_clear(&doc);
    mu_rules_free(r);
    free(other);
    assert_int_equal(parse("{\n\"army\":\n x}", &doc, &err), MU_EINPUT);
    assert_int_equal(err.line, 3);
    free(good);
}

static mu_status sink(void *ud, const char *data, size_t n, mu_error *err)
{
    (void)err;
    size_t *total = ud;
    if (*total == 0)
        assert_memory_equal(data, "%PDF", 4);
    *total += n;
    return MU_OK;
}

static mu_status refuse(void *ud, const char *data, size_t n, mu_error *err)
{
    (void)ud, (void)data, (void)n;
    return mu_error_set(err, MU_EIO, MU_R_NONE, "refused");
}

/* A long battle: every card on one page, inside the margins, a division's
 * header on the page of its first card; the renderer draws one tick box
 * per stand and DP on exactly the despicable leaders. */
static void layout_and_counts(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    mu_error err;
    mu_dice *d;
    assert_int_equal(mu_dice_new_seeded(4, &d, &err), MU_OK);
    mu_battle b;
    mu_oob_opts bo = {MU_UNION, MU_YEAR_UNKNOWN, MU_THEATER_UNKNOWN, MU_INFANTRY,
                      false};
    assert_int_equal(mu_battle_generate(r, d, &bo, 8, &b, &err), MU_OK);
    mu_oob_doc doc = {0};
    doc.kind = MU_OOB_BATTLE;
    doc.battle = b;
    mu_roster *ro;
    assert_int_equal(mu_roster_from_oob(&doc, NULL, &ro, &err), MU_OK);
    int stands = 0, dp = 0, brigades = 0;
    for (int a = 0; a < 2; a++) {
        const mu_corps *c = &b.sides[a];
        dp += c->leader == MU_DESPICABLE;
        for (int i = 0; i < c->ndivisions; i++) {
            stands += c->divisions[i].stands;
            brigades += c->divisions[i].nbrigades;
            dp += c->divisions[i].leader == MU_DESPICABLE;
            for (int k = 0; k < c->divisions[i].nbrigades; k++)
                dp += c->divisions[i].brigades[k].leader == MU_DESPICABLE;
        }
    }
    assert_true(dp > 0);
    for (int paper = 0; paper < 2; paper++) {
        mu_roster_opts o = {.paper = (mu_paper)paper, .format = MU_FILE_PDF,
                            .base_w = 40, .base_h = 20};
        rs_layout l;
        assert_int_equal(roster_layout(ro, &o, &l, &err), MU_OK);
        assert_true(l.roster_pages >= 3);
        int cards = 0;
        for (int i = 0; i < l.nblocks; i++) {
            const rs_block *k = &l.blocks[i];
            assert_true(k->y >= l.g.top);
            assert_true(k->y + k->h <= l.g.h - l.g.bottom + 1e-9);
            cards += k->kind == RB_CARD;
            if (k->kind == RB_DIV)
                assert_int_equal(l.blocks[i + 1].page, k->page);
        }
        assert_int_equal(cards, brigades);
        /* corps leaders, division leaders and brigadiers */
        assert_int_equal(l.nlabels, 2 + 16 + brigades);
        roster_layout_free(&l);
        size_t total = 0;
        mu_roster_stats st;
        assert_int_equal(mu_roster_render(ro, &o, sink, &total, &st, &err), MU_OK);
        assert_true(total > 1000);
        assert_int_equal(st.drawn, st.pages);
        assert_int_equal(st.brigades, brigades);
        assert_int_equal(st.tick_boxes, stands);
        assert_int_equal(st.labels, 2 + 16 + brigades);
        assert_int_equal(st.dp_roster, dp);
        assert_int_equal(st.dp_labels, dp);
        o.page = st.pages + 1;
        assert_int_equal(mu_roster_render(ro, &o, sink, &total, &st, &err),
                         MU_EINPUT);
        o.page = 0;
        assert_int_equal(mu_roster_render(ro, &o, refuse, NULL, &st, &err),
                         MU_EIO);
        assert_string_equal(err.msg, "refused"); /* the sink's own words */
    }
    /* One page alone. */
    mu_roster_opts o = {.format = MU_FILE_PDF, .page = 1};
    mu_roster_stats st;
    size_t total = 0;
    assert_int_equal(mu_roster_render(ro, &o, sink, &total, &st, &err), MU_OK);
    assert_int_equal(st.drawn, 1);
    assert_true(st.tick_boxes > 0 && st.tick_boxes < stands);
    o.page = -1;
    assert_int_equal(mu_roster_render(ro, &o, sink, &total, &st, &err),
                     MU_EINPUT);
    mu_roster_free(ro);
    mu_battle_clear(&b);
    mu_dice_free(d);
    mu_rules_free(r);
}

/* The compact style: every division in one block with its labels in a
 * row after it, on one page, and no label pages; a part alone; labels on
 * a sheet at its places; fold-under labels twice as tall. */
static void compact_parts_and_sheets(void **state)
{
    (void)state;
    mu_rules *r = default_rules();
    mu_error err;
    mu_dice *d;
    assert_int_equal(mu_dice_new_seeded(4, &d, &err), MU_OK);
    mu_battle b;
    mu_oob_opts bo = {MU_UNION, MU_YEAR_UNKNOWN, MU_THEATER_UNKNOWN, MU_INFANTRY,
                      false};
    assert_int_equal(mu_battle_generate(r, d, &bo, 8, &b, &err), MU_OK);
    mu_oob_doc doc = {0};
    doc.kind = MU_OOB_BATTLE;
    doc.battle = b;
    mu_roster *ro;
    assert_int_equal(mu_roster_from_oob(&doc, NULL, &ro, &err), MU_OK);
    for (int paper = 0; paper < 2; paper++) {
        mu_roster_opts o = {.paper = (mu_paper)paper,
                            .style = MU_ROSTER_COMPACT};
        rs_layout l;
        assert_int_equal(roster_layout(ro, &o, &l, &err), MU_OK);
        assert_int_equal(l.label_pages, 0);
        int divs = 0, shown = 0;
        for (int i = 0; i < l.nblocks; i++) {
            const rs_block *k = &l.blocks[i];
            assert_true(k->y + k->h <= l.g.h - l.g.bottom + 1e-9);
            if (k->kind != RB_CDIV)
                continue;
            divs++;
            /* its labels next, on its page */
            assert_true(i + 1 < l.nblocks);
            assert_int_equal(l.blocks[i + 1].kind, RB_LABELS);
            assert_int_equal(l.blocks[i + 1].page, k->page);
            assert_int_equal(l.blocks[i + 1].first, shown);
            shown += l.blocks[i + 1].count;
        }
        assert_int_equal(divs, 16);
        assert_int_equal(shown, l.nlabels);
        roster_layout_free(&l);
        o.part = MU_PRINT_ROSTER;
        assert_int_equal(roster_layout(ro, &o, &l, &err), MU_OK);
        for (int i = 0; i < l.nblocks; i++)
            assert_int_not_equal(l.blocks[i].kind, RB_LABELS);
        assert_int_equal(l.label_pages, 0);
        roster_layout_free(&l);
        o.part = MU_PRINT_LABELS;
        assert_int_equal(roster_layout(ro, &o, &l, &err), MU_OK);
        assert_int_equal(l.nblocks, 0);
        assert_int_equal(l.roster_pages, 0);
        assert_int_equal(l.label_pages, (l.nlabels + l.g.cols * l.g.rows - 1) /
                                            (l.g.cols * l.g.rows));
        roster_layout_free(&l);
    }
    size_t n;
    const mu_sheet *sh = mu_sheet_list(&n), *found;
    assert_int_equal(n, 4);
    for (size_t i = 0; i < n; i++) {
        /* the labels and gaps fill the paper across, margins equal */
        double pw, ph;
        mu_paper_size(sh[i].paper, &pw, &ph);
        double across = 2 * sh[i].left + (sh[i].cols - 1) * sh[i].pitch_x +
                        sh[i].label_w;
        double down = 2 * sh[i].top + (sh[i].rows - 1) * sh[i].pitch_y +
                      sh[i].label_h;
        assert_true(fabs(across - pw * 25.4 / 72) < 0.01);
        assert_true(fabs(down - ph * 25.4 / 72) < 0.01);
        assert_int_equal(mu_sheet_find(sh[i].name, &found, &err), MU_OK);
        assert_ptr_equal(found, &sh[i]);
        mu_roster_opts o = {.paper = MU_PAPER_LETTER, .sheet = &sh[i],
                            .part = MU_PRINT_LABELS, .fold = i % 2};
        rs_layout l;
        assert_int_equal(roster_layout(ro, &o, &l, &err), MU_OK);
        assert_true(fabs(l.g.lx - sh[i].left * 72 / 25.4) < 1e-9);
        assert_true(fabs(l.g.ly - sh[i].top * 72 / 25.4) < 1e-9);
        assert_true(fabs(l.g.lh - sh[i].label_h * 72 / 25.4) < 1e-9);
        mu_paper_size(sh[i].paper, &pw, &ph);
        assert_true(l.g.w == pw && l.g.h == ph); /* the sheet's paper */
        roster_layout_free(&l);
        o.base_w = o.base_h = 30;
        assert_int_equal(roster_layout(ro, &o, &l, &err), MU_EINPUT);
    }
    assert_int_equal(mu_sheet_find("AVERY-L7160", &found, &err), MU_OK);
    assert_int_equal(mu_sheet_find("l7160", &found, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, "zweckform-3475"));
    mu_roster_opts o = {.fold = true};
    rs_layout l;
    assert_int_equal(roster_layout(ro, &o, &l, &err), MU_OK);
    assert_true(fabs(l.g.lh - 2 * l.g.base_h) < 1e-9);
    roster_layout_free(&l);
    mu_roster_free(ro);
    mu_battle_clear(&b);
    mu_dice_free(d);
    mu_rules_free(r);
}

static void paper_and_bases(void **state)
{
    (void)state;
    mu_paper p;
    mu_error err;
    int w, h;
    assert_int_equal(mu_paper_parse("Letter", &p, &err), MU_OK);
    assert_int_equal(p, MU_PAPER_LETTER);
    assert_int_equal(mu_paper_parse("A4", &p, &err), MU_OK);
    assert_int_equal(p, MU_PAPER_A4);
    assert_int_equal(mu_paper_parse("legal", &p, &err), MU_EINPUT);
    assert_int_equal(mu_base_parse("40x20", &w, &h, &err), MU_OK);
    assert_int_equal(w * 100 + h, 4020);
    static const char *const bad[] = {"40", "x20", "40x", "14x30", "30x121",
                                      "30x30x30", "3 0x30", "-30x30", ""};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_int_equal(mu_base_parse(bad[i], &w, &h, &err), MU_EINPUT);
    double pw, ph;
    mu_paper_size(MU_PAPER_LETTER, &pw, &ph);
    assert_true(pw == 612 && ph == 792);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(divisions_round_trip),
        cmocka_unit_test(lists_corps_and_battles_round_trip),
        cmocka_unit_test(bad_divisions_are_refused),
        cmocka_unit_test(layout_and_counts),
        cmocka_unit_test(compact_parts_and_sheets),
        cmocka_unit_test(paper_and_bases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
