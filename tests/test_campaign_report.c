/* SPDX-License-Identifier: MIT */
/* The after-action report (mu_campaign_report): its numbers against a
 * campaign the test knows, and the differential: two campaigns that differ
 * only in what is hidden from the Union (a hidden division's rolls,
 * brigades, ratings, losses, brigade names and leader rolls) give the
 * Union byte-identical reports in every format, a battle's and the war's,
 * drawn (SVG, PNG) too. */
#include "test_campaign_util.h"

#include <cairo.h>
#include <cjson/cJSON.h>

/* Wadsworth, open: leader 60 average, 2 brigades of 7 (14 stands),
 * 2 batteries, none to the reserve. */
static const int ROLLS_U[] = {60, 10, 50, 50, 99, 50, 50, 50, 50, 50, 99};
/* Heth, hidden, two ways: 2 brigades of 7, or 3 brigades of 6, 8 and 9
 * (more rolls than either needs). */
static const int HETH_A[] = {50, 10, 50, 50, 99, 50, 50, 50, 50, 50, 99,
                             50, 50, 50, 50, 50};
static const int HETH_B[] = {95, 50, 15, 90, 10, 80, 20, 50, 92, 95, 40,
                             10, 30, 50, 50, 50, 50, 50, 50};

typedef struct secret {
    const int *rolls;
    size_t nrolls;
    int brigade, lost, captured; /* Heth's losses */
    const char *name;            /* his brigade 1's name */
    int leader_roll;             /* his brigadier 1's replacement */
} secret;

static int add_engage(mu_campaign *c, mu_army side, const char *name,
                      const int *rolls, size_t n, bool hidden)
{
    int id;
    mu_error err;
    assert_int_equal(mu_campaign_add(c, side, name, MU_INFANTRY, NULL, &id,
                                     &err), MU_OK);
    /* the first n rolls that are exactly the ones needed (an engage with
     * rolls left over or missing changes nothing) */
    mu_status st = MU_EINPUT;
    for (size_t k = 1; k <= n && st != MU_OK; k++) {
        mu_dice *d = script(rolls, k);
        mu_engagement e;
        st = mu_campaign_engage(c, id, hidden, false, d, &e, &err);
        mu_dice_free(d);
    }
    if (st != MU_OK)
        fail_msg("engage %s: %s", name, err.msg);
    return id;
}

static void leader(mu_campaign *c, int div, int brigade, int roll)
{
    mu_error err;
    mu_dice *d = script((const int[]){roll}, 1);
    assert_int_equal(mu_campaign_leader_lost(c, div, MU_POST_BRIGADE, brigade,
                                             d, NULL, &err), MU_OK);
    mu_dice_free(d);
}

/* One battle, recorded by the umpire: the Union's facts the same every
 * time, Heth's as s says. */
static mu_campaign *campaign(const secret *s)
{
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "Report";
    o.year = 1863;
    o.theater = MU_EAST;
    mu_campaign *c = NULL;
    mu_error err;
    assert_int_equal(mu_campaign_create(fresh(), &o, &c, &err), MU_OK);
    int u = add_engage(c, MU_UNION, "Wadsworth", ROLLS_U, 11, false);
    assert_int_equal(mu_campaign_battle_start(c, "Field", MU_THEATER_UNKNOWN, NULL, &err), MU_OK);
    int k = add_engage(c, MU_CONFEDERATE, "Heth", s->rolls, s->nrolls, true);
    assert_int_equal(mu_campaign_casualties(c, u, STANDS(1, 3, 1), NULL, &err),
                     MU_OK);
    assert_int_equal(mu_campaign_casualties(c, k, STANDS(s->brigade, s->lost,
                                            s->captured), NULL, &err), MU_OK);
    assert_int_equal(mu_campaign_name_set(c, k, 1, s->name, NULL, &err),
                     MU_OK);
    leader(c, k, 1, s->leader_roll);
    leader(c, u, 2, 7);
    /* Wadsworth's 3 lost at 50%: 1.50, roll 40 returns 2; Heth's after */
    static const int ends[] = {40, 10, 90, 30, 70, 20};
    mu_status st = MU_EINPUT;
    for (size_t n = 1; n <= 6 && st != MU_OK; n++) {
        mu_dice *d = script(ends, n);
        st = mu_campaign_battle_end(c, MU_SIDE_CONFEDERATE, d, NULL, &err);
        mu_dice_free(d);
    }
    if (st != MU_OK)
        fail_msg("battle end: %s", err.msg);
    return c;
}

static char *report(mu_campaign *c, mu_side as, int battle,
                    mu_report_format f)
{
    mu_error err;
    char *t = NULL;
    assert_int_equal(mu_campaign_act_as(c, as, &err), MU_OK);
    assert_int_equal(mu_campaign_report(c, MU_SIDE_NONE, battle, f, &t, &err),
                     MU_OK);
    assert_non_null(t);
    return t;
}

static const secret A = {HETH_A, 16, 1, 1, 0, "Iron", 50};
static const secret B = {HETH_B, 19, 2, 3, 2, "Stonewall", 5};

static void hidden_facts_change_nothing(void **state)
{
    (void)state;
    mu_campaign *a = campaign(&A), *b = campaign(&B);
    for (int battle = 0; battle <= 1; battle++)
        for (int f = MU_REPORT_TEXT; f <= MU_REPORT_HTML; f++) {
            char *x = report(a, MU_SIDE_UNION, battle, (mu_report_format)f);
            char *y = report(b, MU_SIDE_UNION, battle, (mu_report_format)f);
            assert_string_equal(x, y);
            assert_null(strstr(x, "Iron"));
            free(x);
            free(y);
            /* the umpire reads the difference: the test can see one */
            x = report(a, MU_SIDE_NONE, battle, (mu_report_format)f);
            y = report(b, MU_SIDE_NONE, battle, (mu_report_format)f);
            assert_string_not_equal(x, y);
            free(x);
            free(y);
        }
    mu_campaign_close(a);
    mu_campaign_close(b);
}

static const cJSON *at(const cJSON *o, const char *path)
{
    char key[64];
    while (o && *path) {
        size_t n = strcspn(path, ".");
        snprintf(key, sizeof key, "%.*s", (int)n, path);
        o = key[0] >= '0' && key[0] <= '9'
                ? cJSON_GetArrayItem(o, (int)strtol(key, NULL, 10))
                : cJSON_GetObjectItemCaseSensitive(o, key);
        path += n + (path[n] == '.');
    }
    assert_non_null(o);
    return o;
}

static int num(const cJSON *o, const char *path)
{
    return at(o, path)->valueint;
}

/* Wadsworth: 14 stands, 3 lost and 1 captured, 2 returned: 12 at the end. */
static void numbers_it_knows(void **state)
{
    (void)state;
    mu_campaign *c = campaign(&A);
    char *t = report(c, MU_SIDE_UNION, 1, MU_REPORT_JSON);
    cJSON *j = cJSON_Parse(t);
    assert_non_null(j);
    assert_string_equal(at(j, "winner")->valuestring, "confederate");
    assert_int_equal(num(j, "union.divisions.0.stands_start"), 14);
    assert_int_equal(num(j, "union.divisions.0.stands_end"), 12);
    assert_int_equal(num(j, "union.losses.0.lost"), 3);
    assert_int_equal(num(j, "union.losses.0.captured"), 1);
    assert_int_equal(num(j, "union.leaders.0.roll"), 7);
    assert_string_equal(at(j, "union.leaders.0.replacement")->valuestring,
                        "despicable");
    assert_int_equal(num(j, "union.returns.0.roll"), 40);
    assert_int_equal(num(j, "union.returns.0.returned"), 2);
    assert_true(cJSON_IsTrue(at(j, "confederate.divisions.0.hidden")));
    assert_null(cJSON_GetObjectItem(at(j, "confederate.divisions.0"),
                                    "stands_start"));
    assert_int_equal(num(j, "confederate.prisoners_taken.0.stands"), 1);
    cJSON_Delete(j);
    free(t);
    t = report(c, MU_SIDE_NONE, 0, MU_REPORT_JSON);
    j = cJSON_Parse(t);
    assert_int_equal(num(j, "battles.0.union.after.stands"), 12);
    assert_int_equal(num(j, "battles.0.confederate.lost"), 1);
    assert_int_equal(num(j, "battles.0.confederate.after.prisoners_held"), 1);
    cJSON_Delete(j);
    free(t);
    mu_error err;
    assert_int_equal(mu_campaign_report(c, MU_SIDE_NONE, 2, MU_REPORT_TEXT, &t,
                                        &err), MU_EINPUT);
    assert_null(t);
    mu_campaign_close(c);
}

/* A player's own file (its stored view log) gives its side's report. */
static void a_players_own_file(void **state)
{
    (void)state;
    mu_campaign *c = campaign(&B);
    mu_error err;
    char path[512];
    snprintf(path, sizeof path, "%s", fresh());
    assert_int_equal(mu_campaign_export_side(c, MU_UNION, path, &err), MU_OK);
    mu_campaign *u = NULL;
    assert_int_equal(mu_campaign_open_read(path, &u, &err), MU_OK);
    for (int battle = 0; battle <= 1; battle++)
        for (int f = MU_REPORT_TEXT; f <= MU_REPORT_HTML; f++) {
            char *x = report(c, MU_SIDE_UNION, battle, (mu_report_format)f);
            char *y = report(u, MU_SIDE_UNION, battle, (mu_report_format)f);
            assert_string_equal(x, y);
            free(x);
            free(y);
        }
    mu_campaign_close(u);
    mu_campaign_close(c);
}

/* Every name is escaped in the page and in Markdown. */
static void names_escaped(void **state)
{
    (void)state;
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "<b>&war";
    o.year = 1863;
    o.theater = MU_EAST;
    mu_campaign *c = NULL;
    mu_error err;
    assert_int_equal(mu_campaign_create(fresh(), &o, &c, &err), MU_OK);
    assert_int_equal(mu_campaign_battle_start(c, "<script>x</script>", MU_THEATER_UNKNOWN, NULL,
                                              &err), MU_OK);
    char *t = report(c, MU_SIDE_NONE, 1, MU_REPORT_HTML);
    assert_null(strstr(t, "<script>"));
    assert_non_null(strstr(t, "&lt;script&gt;x&lt;/script&gt;"));
    free(t);
    t = report(c, MU_SIDE_NONE, 0, MU_REPORT_HTML);
    assert_non_null(strstr(t, "&lt;b&gt;&amp;war"));
    free(t);
    t = report(c, MU_SIDE_NONE, 1, MU_REPORT_MARKDOWN);
    assert_non_null(strstr(t, "\\<script\\>"));
    free(t);
    mu_campaign_close(c);
}

/* ---- drawn (mu_campaign_report_write) ----------------------------------- */

/* The picture of the report as `as` may see it, read back from the file
 * written; *len its bytes. */
static unsigned char *drawn(mu_campaign *c, mu_side as, int battle,
                            mu_file_format f, size_t *len)
{
    static const char *const ext[] = {"png", "svg", "pdf"};
    mu_error err;
    char path[600], *out = NULL;
    snprintf(path, sizeof path, "%s.%s", fresh(), ext[f]);
    assert_int_equal(mu_campaign_act_as(c, as, &err), MU_OK);
    assert_int_equal(mu_campaign_report_write(c, MU_SIDE_NONE, battle, path,
                                              &err), MU_OK);
    assert_int_equal(mu_file_read(path, &out, len, &err), MU_OK);
    return (unsigned char *)out;
}

/* An SVG without the numbers of cairo's "surfaceN" ids, which count the
 * surfaces the process has made so far; its new length. */
static size_t unnumbered(unsigned char *s, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        s[o++] = s[i];
        if (o >= 7 && !memcmp(s + o - 7, "surface", 7))
            while (i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9')
                i++;
    }
    return o;
}

/* The differential, drawn: the Union's SVG and PNG of the battle and of
 * the war the same byte for byte (but for cairo's ids); the umpire's
 * differ. */
static void hidden_facts_draw_nothing(void **state)
{
    (void)state;
    mu_campaign *a = campaign(&A), *b = campaign(&B);
    for (int battle = 0; battle <= 1; battle++)
        for (int f = MU_FILE_PNG; f <= MU_FILE_SVG; f++) {
            size_t nx, ny;
            unsigned char *x = drawn(a, MU_SIDE_UNION, battle,
                                     (mu_file_format)f, &nx);
            unsigned char *y = drawn(b, MU_SIDE_UNION, battle,
                                     (mu_file_format)f, &ny);
            if (f == MU_FILE_SVG) {
                nx = unnumbered(x, nx);
                ny = unnumbered(y, ny);
            }
            assert_true(nx == ny && !memcmp(x, y, nx));
            free(x);
            free(y);
            x = drawn(a, MU_SIDE_NONE, battle, (mu_file_format)f, &nx);
            y = drawn(b, MU_SIDE_NONE, battle, (mu_file_format)f, &ny);
            if (f == MU_FILE_SVG) {
                nx = unnumbered(x, nx);
                ny = unnumbered(y, ny);
            }
            assert_false(nx == ny && !memcmp(x, y, nx));
            free(x);
            free(y);
        }
    mu_campaign_close(a);
    mu_campaign_close(b);
}

/* A player's own file draws its side's report as the umpire's file does
 * for that side. */
static void a_players_own_file_drawn(void **state)
{
    (void)state;
    mu_campaign *c = campaign(&B);
    mu_error err;
    char path[512];
    snprintf(path, sizeof path, "%s", fresh());
    assert_int_equal(mu_campaign_export_side(c, MU_UNION, path, &err), MU_OK);
    mu_campaign *u = NULL;
    assert_int_equal(mu_campaign_open_read(path, &u, &err), MU_OK);
    for (int battle = 0; battle <= 1; battle++) {
        size_t nx, ny;
        unsigned char *x = drawn(c, MU_SIDE_UNION, battle, MU_FILE_SVG, &nx);
        unsigned char *y = drawn(u, MU_SIDE_UNION, battle, MU_FILE_SVG, &ny);
        nx = unnumbered(x, nx);
        ny = unnumbered(y, ny);
        assert_true(nx == ny && !memcmp(x, y, nx));
        free(x);
        free(y);
    }
    mu_campaign_close(u);
    mu_campaign_close(c);
}

typedef struct png_in {
    const unsigned char *p;
    size_t len, at;
} png_in;

static cairo_status_t png_read(void *closure, unsigned char *data,
                               unsigned int n)
{
    png_in *in = closure;
    if (in->len - in->at < n)
        return CAIRO_STATUS_READ_ERROR;
    memcpy(data, in->p + in->at, n);
    in->at += n;
    return CAIRO_STATUS_SUCCESS;
}

/* The war's PNG: 1190 pixels wide, mostly white paper, with ink, and
 * both sides' series in their colours (the charts' blue and vermillion). */
static void the_png_has_ink(void **state)
{
    (void)state;
    mu_campaign *c = campaign(&A);
    size_t len;
    unsigned char *png = drawn(c, MU_SIDE_NONE, 0, MU_FILE_PNG, &len);
    png_in in = {png, len, 0};
    cairo_surface_t *s = cairo_image_surface_create_from_png_stream(png_read,
                                                                    &in);
    assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
    int w = cairo_image_surface_get_width(s);
    int h = cairo_image_surface_get_height(s);
    assert_int_equal(w, 1190);
    assert_true(h > 3 * 736); /* three charts of 368 points, and the text */
    const unsigned char *px = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    long white = 0, ink = 0, blue = 0, red = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t v = *(const uint32_t *)(const void *)(px + y * stride +
                                                           x * 4);
            int r = (int)(v >> 16 & 255), g = (int)(v >> 8 & 255),
                b = (int)(v & 255);
            white += r == 255 && g == 255 && b == 255;
            ink += r < 100 && g < 100 && b < 100;
            blue += r == 0 && g == 114 && b == 178;
            red += r == 213 && g == 94 && b == 0;
        }
    assert_true(white > (long)w * h * 8 / 10);
    assert_true(ink > 5000);
    assert_true(blue > 500 && red > 500);
    cairo_surface_destroy(s);
    free(png);
    mu_campaign_close(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hidden_facts_change_nothing),
        cmocka_unit_test(numbers_it_knows),
        cmocka_unit_test(a_players_own_file),
        cmocka_unit_test(names_escaped),
        cmocka_unit_test(hidden_facts_draw_nothing),
        cmocka_unit_test(a_players_own_file_drawn),
        cmocka_unit_test(the_png_has_ink),
    };
    return cmocka_run_group_tests(tests, camp_setup, camp_teardown);
}
