/* SPDX-License-Identifier: MIT */
/* qr.c -- a link as a QR code in the terminal, for a phone to scan. */
#include "web.h"

#include <qrencode.h>

mu_status web_qr_print(FILE *f, const char *text, mu_error *err)
{
    QRcode *q = QRcode_encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1);
    if (!q) {
        err->code = MU_EINPUT;
        err->line = 0;
        err->file[0] = '\0';
        snprintf(err->msg, sizeof err->msg, "cannot make a QR code of '%.200s'",
                 text);
        return MU_EINPUT;
    }
    /* Two rows of modules a line: the upper one is the glyph's top half.
     * Light modules are printed as the block (terminals are dark), so the
     * code reads dark-on-light with a quiet zone of 2 modules. */
    const int quiet = 2, w = q->width, size = w + 2 * quiet;
    for (int y = 0; y < size; y += 2) {
        for (int x = 0; x < size; x++) {
            int mx = x - quiet, my = y - quiet;
            bool top = mx >= 0 && mx < w && my >= 0 && my < w &&
                       (q->data[my * w + mx] & 1);
            bool bot = mx >= 0 && mx < w && my + 1 >= 0 && my + 1 < w &&
                       (q->data[(my + 1) * w + mx] & 1);
            if (y + 1 >= size)
                bot = true; /* below the code: dark, like the terminal */
            fputs(!top && !bot ? "\u2588" : !top ? "\u2580" : !bot ? "\u2584" : " ",
                  f);
        }
        fputc('\n', f);
    }
    QRcode_free(q);
    return MU_OK;
}
