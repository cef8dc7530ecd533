/* SPDX-License-Identifier: MIT */
/* Fuzzes the order-of-battle JSON reader, and the roster's model and page
 * layout of whatever it accepts (drawing is left out: cairo is not under
 * test, and a page takes milliseconds). */
#include "muster.h"
#include "roster.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mu_oob_doc doc;
    mu_error err;
    static mu_rules *rules; /* parsed once: the target, not the library */
    if (!rules && mu_rules_default(&rules, &err) != MU_OK)
        abort();
    if (mu_oob_parse_json((const char *)data, size, "fuzz", &doc, &err) ==
        MU_OK) {
        (void)mu_oob_check(&doc, rules, "fuzz", &err);
        mu_roster *r = NULL;
        if (mu_roster_from_oob(&doc, NULL, &r, &err) == MU_OK) {
            mu_roster_opts o = {0};
            rs_layout l;
            if (roster_layout(r, &o, &l, &err) == MU_OK) {
                if (l.roster_pages < 1 || l.nlabels < 1)
                    abort(); /* an accepted document has something to print */
                roster_layout_free(&l);
            }
        }
        mu_roster_free(r);
    }
    mu_oob_doc_clear(&doc);
    return 0;
}
