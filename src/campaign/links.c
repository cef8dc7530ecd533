/* SPDX-License-Identifier: MIT */
/* links.c -- the secrets of the web links: one random 128-bit token per
 * viewer, kept in the campaign file (table `links`, schema 8) so that a
 * bookmarked link works after a restart. They are not the ledger's: no
 * event records them, undo and check leave them alone, and a player's own
 * file does not keep them (export empties the table before its VACUUM). */
#include "campaign.h"

#include <sodium.h>
#include <string.h>

typedef struct link_ctx {
    int viewer;
    mu_link_mode mode;
    char token[MU_LINK_TOKEN_HEX];
} link_ctx;

static mu_status link_get(mu_campaign *c, link_ctx *x, bool *found,
                          mu_error *err)
{
    *found = false;
    bool yes = false;
    mu_status s = camp_has_table(c, "links", &yes, err);
    if (s != MU_OK || !yes) /* a file read as it is, before schema 8 */
        return s;
    sqlite3_stmt *st;
    if ((s = camp_stmt(c, &st, err, "SELECT token FROM links WHERE viewer = ?",
                       "i", x->viewer)) != MU_OK)
        return s;
    int rc = sqlite3_step(st);
    const unsigned char *t = rc == SQLITE_ROW ? sqlite3_column_text(st, 0)
                                              : NULL;
    if (t && strlen((const char *)t) == MU_LINK_TOKEN_HEX - 1) {
        memcpy(x->token, t, MU_LINK_TOKEN_HEX);
        *found = true;
    }
    camp_finalize(c, st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return camp_sql_fail(c, rc, "reading the links", err);
    return MU_OK;
}

static mu_status link_read(mu_campaign *c, void *p, mu_error *err)
{
    link_ctx *x = p;
    bool found;
    mu_status s = link_get(c, x, &found, err);
    if (s == MU_OK && !found)
        x->token[0] = '\0';
    return s;
}

static mu_status link_write(mu_campaign *c, void *p, mu_error *err)
{
    link_ctx *x = p;
    bool found = false;
    mu_status s = link_get(c, x, &found, err);
    if (s != MU_OK || (found && x->mode == MU_LINK_MAKE))
        return s;
    unsigned char raw[16];
    randombytes_buf(raw, sizeof raw);
    sodium_bin2hex(x->token, sizeof x->token, raw, sizeof raw);
    sodium_memzero(raw, sizeof raw);
    return camp_write(c, err, "INSERT OR REPLACE INTO links(viewer, token) "
                      "VALUES (?, ?)", "it", x->viewer, x->token);
}

mu_status mu_campaign_link(mu_campaign *c, mu_side v, mu_link_mode mode,
                           char out[MU_LINK_TOKEN_HEX], mu_error *err)
{
    if (out)
        out[0] = '\0';
    if (!c || !out)
        return err_set(err, MU_EINPUT, "no campaign or buffer given");
    if (v != MU_SIDE_NONE && v != MU_SIDE_UNION &&
        v != MU_SIDE_CONFEDERATE)
        return err_set(err, MU_EINPUT, "a link is the umpire's, the Union's "
                       "or the Confederates'");
    if (mode != MU_LINK_READ && mode != MU_LINK_MAKE && mode != MU_LINK_ROTATE)
        return err_set(err, MU_EINPUT, "unknown link mode");
    if (c->view)
        return err_set(err, MU_ESTATE, "a player's own file has no links: "
                       "they are kept in the umpire's campaign file");
    if (c->viewer != MU_SIDE_NONE)
        return err_set(err, MU_ESTATE, "acting for the %s, no link can be "
                       "read or made: the umpire hands them out",
                       camp_side_noun((mu_army)c->viewer));
    link_ctx x = {(int)v, mode, ""};
    mu_status s = mode == MU_LINK_READ ? camp_read(c, link_read, &x, err)
                                       : camp_tx(c, link_write, &x, NULL, err);
    if (s == MU_OK)
        memcpy(out, x.token, sizeof x.token);
    sodium_memzero(x.token, sizeof x.token);
    return s;
}
