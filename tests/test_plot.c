/* SPDX-License-Identifier: MIT */
/* Charts (issue 10 part 2), checked by content: the SVG's words, the PNG
 * decoded (size and share of drawn pixels), the PDF rendered back with
 * pdftoppm and read with pdftotext (poppler-utils). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster.h"

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static mu_weapons *W;
static char dir[64];

static int setup(void **state)
{
    (void)state;
    mu_error err;
    snprintf(dir, sizeof dir, "/tmp/muster-plot-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    return mu_weapons_default(&W, &err) == MU_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        return -1;
    mu_weapons_free(W);
    return 0;
}

static mu_chart *figure(int n)
{
    mu_chart *c = NULL;
    mu_error err;
    if (mu_chart_figure(W, n, &c, &err) != MU_OK)
        fail_msg("figure %d: %s", n, err.msg);
    return c;
}

/* Share of pixels that are not white, and the size, of a PNG. */
typedef struct png_info {
    int w, h;
    double ink;
} png_info;

typedef struct reader {
    const unsigned char *p;
    size_t len, at;
} reader;

static cairo_status_t read_mem(void *closure, unsigned char *data,
                               unsigned int n)
{
    reader *r = closure;
    if (r->at + n > r->len)
        return CAIRO_STATUS_READ_ERROR;
    memcpy(data, r->p + r->at, n);
    r->at += n;
    return CAIRO_STATUS_SUCCESS;
}

static png_info inspect(cairo_surface_t *s)
{
    png_info in = {0, 0, 0};
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
        fail_msg("not a PNG cairo can read");
    cairo_surface_flush(s);
    in.w = cairo_image_surface_get_width(s);
    in.h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    const unsigned char *px = cairo_image_surface_get_data(s);
    long ink = 0;
    for (int y = 0; y < in.h; y++)
        for (int x = 0; x < in.w; x++) {
            uint32_t v = *(const uint32_t *)(px + y * stride + x * 4);
            if ((v & 0xFFFFFF) != 0xFFFFFF)
                ink++;
        }
    in.ink = (double)ink / ((double)in.w * in.h);
    cairo_surface_destroy(s);
    return in;
}

static png_info png_of(const unsigned char *p, size_t len)
{
    reader r = {p, len, 0};
    return inspect(cairo_image_surface_create_from_png_stream(read_mem, &r));
}

/* The chart written as a file of format ext, read back: *len bytes,
 * malloc'd. */
static unsigned char *written(const mu_chart *c, const char *ext, size_t *len)
{
    char path[96];
    mu_error err;
    snprintf(path, sizeof path, "%s/chart.%s", dir, ext);
    if (mu_chart_write(c, path, &err) != MU_OK)
        fail_msg("%s: %s", path, err.msg);
    FILE *f = fopen(path, "rb");
    unsigned char *p = malloc(1 << 21);
    assert_true(f && p);
    *len = fread(p, 1, 1 << 21, f);
    fclose(f);
    return p;
}

static void svg_holds_the_words(void **state)
{
    (void)state;
    mu_chart *c = figure(5);
    size_t len;
    unsigned char *svg = written(c, "svg", &len);
    char *s = malloc(len + 1);
    memcpy(s, svg, len);
    s[len] = '\0';
    assert_non_null(strstr(s, "<svg"));
    assert_non_null(strstr(s, "<title>Figure 5: canister and roundshot</title>"));
    assert_non_null(strstr(s, "Range (inches of table)"));
    assert_non_null(strstr(s, "Range (yards, 10 to the inch)"));
    assert_non_null(strstr(s, "P: chance to hit per effective (%)"));
    assert_non_null(strstr(s, "crossover: 22.5 in (225 yd), P = 7.5 %"));
    assert_non_null(strstr(s, "canister\nroundshot"));
    assert_non_null(strstr(s, "</svg>"));
    /* the drawing itself: glyphs and the two curves' paths */
    assert_non_null(strstr(s, "<path"));
    assert_true(len > 20000);
    free(s);
    free(svg);
    mu_chart_free(c);
}

static void png_decodes_at_its_size_with_ink(void **state)
{
    (void)state;
    for (int n = 1; n <= 5; n++) {
        mu_chart *c = figure(n);
        size_t len;
        unsigned char *png = written(c, "png", &len);
        png_info in = png_of(png, len);
        assert_int_equal(in.w, 2 * MU_CHART_WIDTH);
        assert_int_equal(in.h, 2 * MU_CHART_HEIGHT);
        /* white paper with lines, text and grid: some ink, not a blot */
        if (in.ink < 0.03 || in.ink > 0.30)
            fail_msg("figure %d: %.3f of the pixels drawn", n, in.ink);
        free(png);
        mu_chart_free(c);
    }
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void pdf_renders_back_with_poppler(void **state)
{
    (void)state;
    mu_chart *c = figure(5);
    char pdf[128], cmd[512], png[160], txt[160];
    snprintf(pdf, sizeof pdf, "%s/figure5.pdf", dir);
    mu_error err;
    assert_int_equal(mu_chart_write(c, pdf, &err), MU_OK);
    mu_chart_free(c);
    char *head = slurp(pdf);
    assert_non_null(head);
    assert_memory_equal(head, "%PDF-", 5);
    /* 72 dpi: one pixel a point */
    snprintf(cmd, sizeof cmd, "pdftoppm -r 72 -png -singlefile '%s' '%s/page'"
             " && pdftotext '%s' '%s/page.txt'", pdf, dir, pdf, dir);
    if (system(cmd) != 0)
        fail_msg("pdftoppm or pdftotext failed (poppler-utils installed?)");
    snprintf(png, sizeof png, "%s/page.png", dir);
    png_info in = inspect(cairo_image_surface_create_from_png(png));
    assert_int_equal(in.w, MU_CHART_WIDTH);
    assert_int_equal(in.h, MU_CHART_HEIGHT);
    assert_true(in.ink > 0.03 && in.ink < 0.35);
    snprintf(txt, sizeof txt, "%s/page.txt", dir);
    char *t = slurp(txt);
    assert_non_null(t);
    assert_non_null(strstr(t, "Figure 5: canister and roundshot"));
    assert_non_null(strstr(t, "Range (inches of table)"));
    assert_non_null(strstr(t, "crossover: 22.5 in (225 yd), P = 7.5 %"));
    /* fonts embedded: pdffonts says "yes" in its emb column for each */
    snprintf(cmd, sizeof cmd, "pdffonts '%s' | awk 'NR > 2 && $(NF-4) != "
             "\"yes\" { bad = 1 } END { exit bad }'", pdf);
    assert_int_equal(system(cmd), 0);
}

static void bad_writes_leave_nothing(void **state)
{
    (void)state;
    mu_chart *c = figure(2);
    mu_error err;
    char path[160];
    snprintf(path, sizeof path, "%s/figure.gif", dir);
    assert_int_equal(mu_chart_write(c, path, &err), MU_EINPUT);
    assert_non_null(strstr(err.msg, ".png, .svg or .pdf"));
    assert_int_equal(access(path, F_OK), -1);
    snprintf(path, sizeof path, "%s/no/such/folder/figure.png", dir);
    assert_int_equal(mu_chart_write(c, path, &err), MU_EIO);
    /* a good write replaces the file whole and leaves no temporary file */
    snprintf(path, sizeof path, "%s/w.PNG", dir);
    assert_int_equal(mu_chart_write(c, path, &err), MU_OK);
    assert_int_equal(mu_chart_write(c, path, &err), MU_OK);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "test \"$(ls -A '%s' | grep -c '^\\.w')\" = 0",
             dir);
    assert_int_equal(system(cmd), 0);
    mu_file_format f;
    assert_int_equal(mu_file_format_detect("a.b/c.SvG", &f, &err), MU_OK);
    assert_int_equal(f, MU_FILE_SVG);
    assert_int_equal(mu_file_format_detect("a.pdf/c", &f, &err), MU_EINPUT);
    mu_chart_free(c);
    assert_int_equal(mu_chart_figure(W, 6, &c, &err), MU_EINPUT);
    const char *none[] = {"sword"};
    mu_curves_opts o = {.weapons = none, .nweapons = 1};
    assert_int_equal(mu_chart_curves(W, &o, &c, &err), MU_EINPUT);
}

static void curves_of_any_shape_and_crossings(void **state)
{
    (void)state;
    const char *names[] = {"staircase", "musket"};
    mu_curves_opts o = {.weapons = names, .nweapons = 2, .crossings = true};
    mu_chart *c;
    mu_error err;
    assert_int_equal(mu_chart_curves(W, &o, &c, &err), MU_OK);
    const char *t = mu_chart_text(c);
    assert_memory_equal(t, "Fire curves: staircase and musket\n", 34);
    assert_non_null(strstr(t, "6 in (60 yd)\n"));
    assert_non_null(strstr(t, "6.667 in (66.67 yd)\n"));
    assert_non_null(strstr(t, "12 in (120 yd)\n"));
    mu_chart_free(c);
    /* a gun draws both loads; cover doubles the curves */
    const char *gun[] = {"gun"};
    mu_curves_opts g = {.weapons = gun, .nweapons = 1, .cover = true};
    assert_int_equal(mu_chart_curves(W, &g, &c, &err), MU_OK);
    t = mu_chart_text(c);
    assert_non_null(strstr(t, "canister, in the open\n"));
    assert_non_null(strstr(t, "roundshot, behind hard cover\n"));
    /* drawn onto a caller's surface */
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 280, 200);
    cairo_t *cr = cairo_create(s);
    assert_int_equal(mu_chart_draw(c, cr, 280, 200, &err), MU_OK);
    cairo_destroy(cr);
    png_info in = inspect(s);
    assert_true(in.ink > 0.03);
    mu_chart_free(c);
}

static void odds_charts_say_what_they_show(void **state)
{
    (void)state;
    mu_rat r = {5, 1};
    mu_fire_opts fo = {.weapon = "musket", .ranges = &r, .nranges = 1,
                       .figures = 11};
    mu_volley v;
    mu_fire_odds o, s;
    mu_error err;
    assert_int_equal(mu_fire_compute(W, &fo, &v, &err), MU_OK);
    assert_int_equal(mu_odds_fire(&v, MU_METHOD_BOTH, &o, &err), MU_OK);
    mu_sim_opts so = {.trials = 20000, .seed = 3, .threads = 1};
    assert_int_equal(mu_sim_fire(&v, MU_METHOD_BOTH, &so, &s, &err), MU_OK);
    mu_chart *c;
    assert_int_equal(mu_chart_fire_odds(&o, &s, &c, &err), MU_OK);
    const char *t = mu_chart_text(c);
    assert_memory_equal(t, "Musket fire at 5 in, 11 figures: hits\n", 38);
    assert_non_null(strstr(t, "Hits in the volley\n"));
    assert_non_null(strstr(t, "Probability (%)\n"));
    assert_non_null(strstr(t, "mean 2.20 (both)\n"));
    assert_non_null(strstr(t, "simulated, 20000 trials\n"));
    size_t len;
    unsigned char *png = written(c, "png", &len);
    png_info in = png_of(png, len);
    assert_true(in.ink > 0.05 && in.ink < 0.4);
    free(png);
    mu_chart_free(c);
    mu_fire_odds_clear(&s);
    mu_fire_odds_clear(&o);
    /* a charge: the figures left, or the crew only with return fire */
    mu_charge_opts co = {.figures = 20, .range = {30, 1}, .move = {6, 1}};
    static mu_charge_odds ch;
    assert_int_equal(mu_odds_charge(W, &co, &ch, &err), MU_OK);
    assert_int_equal(mu_chart_charge_odds(&ch, true, &c, &err), MU_EINPUT);
    assert_int_equal(mu_chart_charge_odds(&ch, false, &c, &err), MU_OK);
    assert_non_null(strstr(mu_chart_text(c), "mean 2.51\n"));
    assert_non_null(strstr(mu_chart_text(c), "Figures left at contact"));
    mu_chart_free(c);
    mu_charge_odds_clear(&ch);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(svg_holds_the_words),
        cmocka_unit_test(png_decodes_at_its_size_with_ink),
        cmocka_unit_test(pdf_renders_back_with_poppler),
        cmocka_unit_test(bad_writes_leave_nothing),
        cmocka_unit_test(curves_of_any_shape_and_crossings),
        cmocka_unit_test(odds_charts_say_what_they_show),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
