/* SPDX-License-Identifier: MIT */
/* fair.c -- fair hidden rolls (muster/campaign.h): the owner's
 * secret and commitment, the opponent's contribution, the two-party seed,
 * and the opponent's check at the reveal. Each player may keep their own
 * copy of the campaign: the owner's holds the secret, the opponent's the
 * commitment and contribution, and the reveal document joins them. */
#include "campaign.h"
#include "render.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

/* Hashed with their terminating zero byte (sizeof, not strlen). */
static const char commit_tag[] = "muster fair commit v1";
static const char seed_tag[] = "muster fair seed v1";

enum { FAIR_BYTES = 32 };

static mu_status hex32(const char *hex, unsigned char out[FAIR_BYTES],
                       const char *what, mu_error *err)
{
    size_t got = 0;
    const char *end = NULL;
    if (!hex || strlen(hex) != 2 * FAIR_BYTES ||
        sodium_hex2bin(out, FAIR_BYTES, hex, 2 * FAIR_BYTES, NULL, &got,
                       &end) != 0 ||
        got != FAIR_BYTES || end != hex + 2 * FAIR_BYTES)
        return err_set(err, MU_EINPUT, "the %s must be 64 hex digits, not "
                       "'%.80s'", what, hex ? hex : "");
    return MU_OK;
}

static mu_status sodium_ready(mu_error *err)
{
    return sodium_init() < 0
               ? err_set(err, MU_EINTERNAL, "libsodium could not start")
               : MU_OK;
}

mu_status mu_fair_commitment(const char *secret_hex,
                             char commitment[MU_FAIR_HEX], mu_error *err)
{
    unsigned char s[FAIR_BYTES], h[crypto_hash_sha256_BYTES];
    mu_status st = hex32(secret_hex, s, "secret", err);
    if (st != MU_OK || (st = sodium_ready(err)) != MU_OK)
        return st;
    crypto_hash_sha256_state sh;
    crypto_hash_sha256_init(&sh);
    crypto_hash_sha256_update(&sh, (const unsigned char *)commit_tag,
                              sizeof commit_tag);
    crypto_hash_sha256_update(&sh, s, sizeof s);
    crypto_hash_sha256_final(&sh, h);
    sodium_bin2hex(commitment, MU_FAIR_HEX, h, sizeof h);
    return MU_OK;
}

mu_status mu_fair_seed(const char *secret_hex, const char *contribution_hex,
                       uint64_t *seed, mu_error *err)
{
    unsigned char s[FAIR_BYTES], r[FAIR_BYTES], h[crypto_hash_sha256_BYTES];
    mu_status st = hex32(secret_hex, s, "secret", err);
    if (st != MU_OK ||
        (st = hex32(contribution_hex, r, "contribution", err)) != MU_OK ||
        (st = sodium_ready(err)) != MU_OK)
        return st;
    crypto_hash_sha256_state sh;
    crypto_hash_sha256_init(&sh);
    crypto_hash_sha256_update(&sh, (const unsigned char *)seed_tag,
                              sizeof seed_tag);
    crypto_hash_sha256_update(&sh, s, sizeof s);
    crypto_hash_sha256_update(&sh, r, sizeof r);
    crypto_hash_sha256_final(&sh, h);
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | h[i];
    *seed = v;
    return MU_OK;
}

static mu_status random_hex(char out[MU_FAIR_HEX], mu_error *err)
{
    mu_status st = sodium_ready(err);
    if (st != MU_OK)
        return st;
    unsigned char b[FAIR_BYTES];
    randombytes_buf(b, sizeof b);
    sodium_bin2hex(out, MU_FAIR_HEX, b, sizeof b);
    return MU_OK;
}

/* Hex in either case, kept in lower case. */
static void lower_hex(const char *in, char out[MU_FAIR_HEX])
{
    size_t i = 0;
    for (; in[i] && i + 1 < MU_FAIR_HEX; i++)
        out[i] = (char)(in[i] >= 'A' && in[i] <= 'F' ? in[i] + 32 : in[i]);
    out[i] = '\0';
}

/* ---- the division's fair-roll record ------------------------------------ */

typedef struct fair_row {
    char commit[MU_FAIR_HEX], value[MU_FAIR_HEX], secret[MU_FAIR_HEX];
} fair_row;

static bool fair_item(sqlite3_stmt *st, void *item)
{
    fair_row *f = item;
    camp_text_col(st, 0, f->commit, sizeof f->commit);
    camp_text_col(st, 1, f->value, sizeof f->value);
    camp_text_col(st, 2, f->secret, sizeof f->secret);
    return true;
}

/* Read after the division (camp_load_div): its row is there. */
static mu_status load_fair(mu_campaign *c, int div, fair_row *f, mu_error *err)
{
    memset(f, 0, sizeof *f);
    return camp_row(c, fair_item, f, NULL, err, "SELECT fair_commit, "
                    "fair_value, fair_secret FROM divisions WHERE id = ?", "i",
                    div);
}

static mu_status store_fair(mu_campaign *c, int div, const char *col,
                            const char *hex, mu_error *err)
{
    char sql[80];
    snprintf(sql, sizeof sql, "UPDATE divisions SET %s = ? WHERE id = ?", col);
    return camp_write(c, err, sql, "ti", hex, div);
}

/* Only the division's side (or the umpire) rolls it; only the other side
 * (or the umpire) contributes. */
static mu_status need_owner(const mu_campaign *c, const camp_div *d,
                            bool owner, mu_error *err)
{
    if (c->viewer == MU_SIDE_NONE || (c->viewer == (int)d->side) == owner)
        return MU_OK;
    return owner ? err_set(err, MU_ESTATE, "division %d is the %s: only its "
                           "owner (or the umpire) rolls it", d->id,
                           camp_side_poss(d->side))
                 : err_set(err, MU_ESTATE, "division %d is the %s own: the "
                           "contribution to a fair roll comes from the "
                           "opponent", d->id, camp_side_poss(d->side));
}

static mu_status unengaged(const camp_div *d, mu_error *err)
{
    return d->engaged ? err_set(err, MU_ESTATE, "division %d (%s) has engaged "
                                "before: a fair roll is agreed before the "
                                "division's first fight", d->id, d->name)
                      : MU_OK;
}

/* What every step starts with: the division, seen by the right party
 * (its owner, or with owner false its opponent), not engaged yet, and its
 * fair-roll record. */
static mu_status fair_begin(mu_campaign *c, int div, bool owner, camp_div *d,
                            fair_row *f, mu_error *err)
{
    mu_status s;
    if ((s = camp_load_div(c, div, d, err)) != MU_OK ||
        (s = need_owner(c, d, owner, err)) != MU_OK ||
        (s = unengaged(d, err)) != MU_OK)
        return s;
    return load_fair(c, div, f, err);
}

/* ---- step 1: the owner's commitment ------------------------------------- */

typedef struct fair_ctx {
    int div;
    const char *hex; /* the other party's value, or NULL */
    bool book;
    char out[MU_FAIR_HEX];
    mu_engagement *e;
    int64_t event;
    const char *given; /* a replay: the stored secret or contribution */
} fair_ctx;

/* A new random value, or in a replay the one stored. */
static mu_status given_or_random(const char *given, char out[MU_FAIR_HEX],
                                 mu_error *err)
{
    if (!given)
        return random_hex(out, err);
    if (strlen(given) != MU_FAIR_HEX - 1)
        return err_set(err, MU_EINPUT, "the stored fair value is damaged");
    memcpy(out, given, MU_FAIR_HEX);
    return MU_OK;
}

static mu_status commit_tx(mu_campaign *c, void *p, mu_error *err)
{
    fair_ctx *x = p;
    camp_div d;
    fair_row f;
    mu_status s = fair_begin(c, x->div, true, &d, &f, err);
    if (s != MU_OK)
        return s;
    if (*f.secret) { /* asked again: the same commitment, nothing new */
        memcpy(x->out, f.commit, MU_FAIR_HEX);
        return MU_OK;
    }
    if (*f.commit)
        return err_set(err, MU_ESTATE, "this file holds the opponent's "
                       "record of division %d's commitment, not its secret: "
                       "the owner rolls it in their own file", x->div);
    char secret[MU_FAIR_HEX];
    if ((s = given_or_random(x->given, secret, err)) != MU_OK ||
        (s = mu_fair_commitment(secret, x->out, err)) != MU_OK ||
        (s = store_fair(c, x->div, "fair_secret", secret, err)) != MU_OK ||
        (s = store_fair(c, x->div, "fair_commit", x->out, err)) != MU_OK)
        return s;
    sodium_memzero(secret, sizeof secret);
    camp_ev ev = {.kind = EV_FAIR_COMMIT, .division = x->div};
    camp_copy_name(ev.u.fair.name, d.name);
    ev.u.fair.side = d.side;
    memcpy(ev.u.fair.commitment, x->out, MU_FAIR_HEX);
    return camp_event(c, &ev, &x->event, err);
}

/* A step's value and event number to the caller, when it went through. */
static mu_status fair_done(mu_status s, const fair_ctx *x,
                           char out[MU_FAIR_HEX], int64_t *event)
{
    if (s == MU_OK) {
        memcpy(out, x->out, MU_FAIR_HEX);
        if (event)
            *event = x->event;
    }
    return s;
}

mu_status mu_campaign_fair_commit(mu_campaign *c, int div,
                                  char commitment[MU_FAIR_HEX], int64_t *event,
                                  mu_error *err)
{
    if (!c || !commitment)
        return err_set(err, MU_EINPUT, "no campaign given");
    fair_ctx x = {div, NULL, false, "", NULL, 0, NULL};
    return fair_done(camp_tx(c, commit_tx, &x, NULL, err), &x, commitment,
                     event);
}

/* ---- step 2: the opponent's contribution -------------------------------- */

static mu_status contribute_tx(mu_campaign *c, void *p, mu_error *err)
{
    fair_ctx *x = p;
    camp_div d;
    fair_row f;
    char h[MU_FAIR_HEX];
    lower_hex(x->hex, h);
    mu_status s = fair_begin(c, x->div, false, &d, &f, err);
    if (s != MU_OK)
        return s;
    if (*f.commit && strcmp(f.commit, h))
        return err_set(err, MU_ESTATE, "division %d was committed to %.64s "
                       "before: a second commitment for it would let its "
                       "owner roll again", x->div, f.commit);
    if (*f.value) { /* asked again: the same contribution */
        memcpy(x->out, f.value, MU_FAIR_HEX);
        return MU_OK;
    }
    int year, battle;
    mu_theater th;
    if ((s = camp_context(c, &year, &th, err)) != MU_OK ||
        (s = camp_active_battle(c, &battle, NULL, 0, err)) != MU_OK ||
        (s = given_or_random(x->given, x->out, err)) != MU_OK ||
        (s = store_fair(c, x->div, "fair_commit", h, err)) != MU_OK ||
        (s = store_fair(c, x->div, "fair_value", x->out, err)) != MU_OK)
        return s;
    camp_ev ev = {.kind = EV_CONTRIBUTE, .division = x->div};
    ev_fair *f2 = &ev.u.fair;
    camp_copy_name(f2->name, d.name);
    f2->side = d.side;
    memcpy(f2->commitment, h, MU_FAIR_HEX);
    memcpy(f2->contribution, x->out, MU_FAIR_HEX);
    f2->battle = battle;
    f2->year = battle ? year : 0;
    f2->theater = th;
    return camp_event(c, &ev, &x->event, err);
}

mu_status mu_campaign_contribute(mu_campaign *c, int div,
                                 const char *commitment_hex,
                                 char contribution[MU_FAIR_HEX],
                                 int64_t *event, mu_error *err)
{
    if (!c || !contribution)
        return err_set(err, MU_EINPUT, "no campaign given");
    unsigned char tmp[FAIR_BYTES];
    mu_status s = hex32(commitment_hex, tmp, "commitment", err);
    if (s != MU_OK)
        return s;
    fair_ctx x = {div, commitment_hex, false, "", NULL, 0, NULL};
    c->view_writable = true; /* a player's own file takes this one change */
    s = camp_tx(c, contribute_tx, &x, NULL, err);
    c->view_writable = false;
    return fair_done(s, &x, contribution, event);
}

/* ---- step 3: the owner's roll ------------------------------------------- */

static mu_status fair_engage_tx(mu_campaign *c, void *p, mu_error *err)
{
    fair_ctx *x = p;
    camp_div d;
    fair_row f;
    mu_status s = fair_begin(c, x->div, true, &d, &f, err);
    if (s == MU_OK && !*f.secret)
        return err_set(err, MU_ESTATE, "division %d has no secret to roll "
                       "with: commit to one first, and give the commitment "
                       "to the opponent", x->div);
    if (s != MU_OK)
        return s;
    char r[MU_FAIR_HEX];
    if (x->hex)
        lower_hex(x->hex, r);
    else
        memcpy(r, f.value, MU_FAIR_HEX);
    if (!*r)
        return err_set(err, MU_ESTATE, "division %d has no contribution yet: "
                       "the opponent gives one for commitment %s", x->div,
                       f.commit);
    if (*f.value && strcmp(f.value, r))
        return err_set(err, MU_ESTATE, "the contribution recorded for "
                       "division %d is %s, not %s", x->div, f.value, r);
    uint64_t seed;
    mu_dice *dice = NULL;
    if ((s = mu_fair_seed(f.secret, r, &seed, err)) != MU_OK ||
        (s = store_fair(c, x->div, "fair_value", r, err)) != MU_OK ||
        (s = mu_dice_new_seeded(seed, &dice, err)) != MU_OK)
        return s;
    camp_fair fair;
    memcpy(fair.commitment, f.commit, MU_FAIR_HEX);
    memcpy(fair.contribution, r, MU_FAIR_HEX);
    s = camp_engage(c, x->div, true, x->book, dice, NULL, &fair, false, x->e,
                    err);
    mu_dice_free(dice);
    return s;
}

mu_status mu_campaign_engage_fair(mu_campaign *c, int div,
                                  const char *contribution_hex,
                                  bool by_the_book, mu_engagement *out,
                                  mu_error *err)
{
    if (!c || !out)
        return err_set(err, MU_EINPUT, "no campaign or result given");
    unsigned char tmp[FAIR_BYTES];
    mu_status s = contribution_hex
                      ? hex32(contribution_hex, tmp, "contribution", err)
                      : MU_OK;
    if (s != MU_OK)
        return s;
    mu_engagement e;
    fair_ctx x = {div, contribution_hex, by_the_book, "", &e, 0, NULL};
    if ((s = camp_tx(c, fair_engage_tx, &x, NULL, err)) == MU_OK)
        *out = e;
    return s;
}

/* ---- the opponent's check ------------------------------------------------ */

typedef struct verify_ctx {
    int div;
    const cJSON *doc;
    char *report;
} verify_ctx;

/* The year and theater of the battle under way in this file when it
 * contributed to `div`; *year 0 when none was (the division's own are then
 * reported for the player to judge). */
static mu_status contribution_context(mu_campaign *c, int div, int *year,
                                      mu_theater *th, mu_error *err)
{
    sqlite3_stmt *st;
    mu_status s = camp_stmt(c, &st, err, "SELECT coalesce(json_extract(data, "
                            "'$.year'), 0), json_extract(data, '$.theater') "
                            "FROM events WHERE kind = 'contribute' AND "
                            "division = ? ORDER BY id LIMIT 1", "i", div);
    if (s != MU_OK)
        return s;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *year = sqlite3_column_int(st, 0);
        const char *t = (const char *)sqlite3_column_text(st, 1);
        if (*year)
            s = mu_theater_parse(t ? t : "", th, err);
    }
    camp_finalize(c, st);
    if (rc == SQLITE_DONE)
        return err_set(err, MU_ESTATE, "no contribution to division %d is "
                       "recorded in this file: check the reveal in the file "
                       "you contributed from", div);
    return rc == SQLITE_ROW ? s : camp_sql_fail(c, rc, "reading", err);
}

static const char *doc_str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* The reveal document's fair roll against this file's record: its secret
 * opens the commitment recorded here, and its contribution is the one drawn
 * here. *div and *fair are the document's parts. */
static mu_status verify_secrets(const verify_ctx *x, const fair_row *f,
                                const cJSON **div, const cJSON **fair,
                                mu_error *err)
{
    *div = cJSON_GetObjectItemCaseSensitive(x->doc, "division");
    *fair = cJSON_GetObjectItemCaseSensitive(x->doc, "fair");
    if (!cJSON_IsObject(x->doc) || !cJSON_IsObject(*div))
        return err_set(err, MU_EINPUT, "not a reveal document: it has no "
                       "\"division\"");
    if (!cJSON_IsObject(*fair))
        return err_set(err, MU_EMISMATCH, "not verifiable: the division was "
                       "not rolled fairly (its owner chose the dice)");
    const char *sec = doc_str(*fair, "secret");
    const char *con = doc_str(*fair, "contribution");
    char h[MU_FAIR_HEX], r[MU_FAIR_HEX];
    mu_status s = mu_fair_commitment(sec, h, err);
    if (s != MU_OK)
        return s;
    if (strcmp(h, f->commit))
        return err_set(err, MU_EMISMATCH, "the secret does not open the "
                       "commitment given for division %d (%.64s): the owner "
                       "changed the secret or rolled again", x->div, f->commit);
    lower_hex(con ? con : "", r);
    if (strcmp(r, f->value))
        return err_set(err, MU_EMISMATCH, "the division was not rolled with "
                       "the contribution drawn here (%.64s)", f->value);
    return MU_OK;
}

/* The year and theater the division says it was rolled for, which must be
 * those of the battle this file had under way at the contribution, when it
 * had one (*year != 0 on entry). On return *year and *th are the
 * division's. */
static mu_status verify_context(const cJSON *div, int *year, mu_theater *th,
                                mu_error *err)
{
    const cJSON *dy = cJSON_GetObjectItemCaseSensitive(div, "year");
    const char *dt = doc_str(div, "theater");
    int year_said = cJSON_IsNumber(dy) ? dy->valueint : 0;
    mu_theater th_said = MU_EAST;
    mu_error tmp;
    if (!dt || mu_theater_parse(dt, &th_said, &tmp) != MU_OK ||
        year_said < MU_YEAR_FIRST || year_said > MU_YEAR_LAST)
        return err_set(err, MU_EMISMATCH, "the division revealed does not say "
                       "its year and theater: it was altered");
    if (*year && (*year != year_said || *th != th_said))
        return err_set(err, MU_EMISMATCH, "the division was rolled for %s %d, "
                       "not for the battle under way at the contribution (%s "
                       "%d)", mu_theater_name(th_said), year_said,
                       mu_theater_name(*th), *year);
    *year = year_said;
    *th = th_said;
    return MU_OK;
}

/* What the division revealed says an order of battle gave it ("given"),
 * as the generator takes it. */
static mu_status given_of_doc(const cJSON *div, mu_division_given *g,
                              mu_error *err)
{
    *g = mu_division_given_none();
    char *text = wr_cjson_text(div);
    if (!text)
        return err_nomem(err);
    mu_oob_doc doc;
    mu_status s = mu_oob_parse_json(text, strlen(text), "the division revealed",
                                    &doc, err);
    free(text);
    if (s == MU_OK && (doc.kind != MU_OOB_DIVISIONS || doc.ndivisions != 1))
        s = err_set(err, MU_EMISMATCH, "the division revealed is not one "
                    "division: it was altered");
    const mu_division *v = s == MU_OK ? &doc.divisions[0] : NULL;
    if (v && v->given & MU_GIVEN_LEADER)
        g->leader = (int)v->leader_rolled;
    if (v && v->given & MU_GIVEN_ARTILLERY)
        g->batteries = v->artillery.division;
    if (v && v->given & MU_GIVEN_BRIGADES)
        g->nbrigades = v->nbrigades;
    for (int b = 0; v && b < g->nbrigades; b++) {
        const mu_brigade *x = &v->brigades[b];
        mu_given_brigade *y = &g->brigades[b];
        if (v->given & MU_GIVEN_STANDS(b))
            y->stands = x->stands;
        if (v->given & MU_GIVEN_MORALE(b))
            y->morale = (int)x->morale;
        if (v->given & MU_GIVEN_BRIGADIER(b))
            y->rating = (int)x->rolled;
    }
    mu_oob_doc_clear(&doc);
    return s;
}

/* The values the division's order of battle gave, which its roll kept (a
 * division added by an import): the ledger's, from its add. A player's own
 * file does not hold the other side's sheet (it is the owner's); there the
 * division revealed says what was given (*asserted), and only the rolls are
 * the dice's to check. NULL in *out: nothing given. */
static mu_status verify_given(mu_campaign *c, const camp_div *d,
                              const cJSON *div, ev_known *k,
                              const mu_division_given **out, bool *asserted,
                              mu_error *err)
{
    *out = NULL;
    *asserted = false;
    mu_status s = camp_div_known(c, d->id, k, err);
    if (s == MU_OK && k->has)
        *out = &k->given;
    if (s != MU_OK || k->has || !c->view ||
        !cJSON_GetObjectItemCaseSensitive(div, "given"))
        return s;
    if ((s = given_of_doc(div, &k->given, err)) == MU_OK) {
        *out = &k->given;
        *asserted = true;
    }
    return s;
}

/* The tables on the agreed dice, keeping what an order of battle gave, give
 * exactly the division revealed (canonical JSON, byte for byte). */
static mu_status verify_division(mu_campaign *c, const camp_div *d,
                                 const cJSON *div, const cJSON *fair,
                                 int year, mu_theater th, bool *asserted,
                                 mu_error *err)
{
    char r[MU_FAIR_HEX];
    const char *con = doc_str(fair, "contribution");
    lower_hex(con ? con : "", r);
    uint64_t seed;
    mu_dice *dice = NULL;
    mu_division gen;
    const cJSON *book = cJSON_GetObjectItemCaseSensitive(div, "by_the_book");
    mu_oob_opts o = {d->side, year, th, d->arm, cJSON_IsTrue(book)};
    ev_known k;
    const mu_division_given *given;
    mu_status s;
    if ((s = verify_given(c, d, div, &k, &given, asserted, err)) != MU_OK ||
        (s = mu_fair_seed(doc_str(fair, "secret"), r, &seed, err)) != MU_OK ||
        (s = mu_dice_new_seeded(seed, &dice, err)) != MU_OK)
        return s;
    s = mu_division_generate_given(c->rules, dice, &o, given, &gen, err);
    mu_dice_free(dice);
    char *want = NULL, *got = NULL;
    cJSON *tree = s == MU_OK ? render_division_json(&gen, NULL) : NULL;
    if (s == MU_OK && (s = canon_print(tree, &want, err)) == MU_OK &&
        (s = canon_print(div, &got, err)) == MU_OK && strcmp(want, got))
        s = err_set(err, MU_EMISMATCH, "the division revealed is not the one "
                    "the tables give on the agreed dice: it was altered");
    cJSON_Delete(tree);
    free(want);
    free(got);
    return s;
}

static mu_status verify_read(mu_campaign *c, void *p, mu_error *err)
{
    verify_ctx *x = p;
    camp_div d;
    fair_row f;
    int year = 0;
    mu_theater th = MU_EAST;
    const cJSON *div, *fair;
    mu_status s;
    if ((s = camp_load_div(c, x->div, &d, err)) != MU_OK ||
        (s = load_fair(c, x->div, &f, err)) != MU_OK ||
        (s = contribution_context(c, x->div, &year, &th, err)) != MU_OK ||
        (s = verify_secrets(x, &f, &div, &fair, err)) != MU_OK)
        return s;
    bool known = year != 0; /* the battle's, recorded here */
    bool asserted = false;
    if ((s = verify_context(div, &year, &th, err)) != MU_OK ||
        (s = verify_division(c, &d, div, fair, year, th, &asserted, err)) !=
            MU_OK)
        return s;
    sbuf sb = {0};
    mu_buf_printf(&sb, "ok: division %d \"%s\" was rolled fairly: the secret opens "
                  "commitment %s, the dice were your contribution and that "
                  "secret, and the tables give exactly this division (%s %s, %s "
                  "theater %d%s)\n", x->div, d.name, f.commit,
                  camp_side_title(d.side), mu_arm_name(d.arm),
                  th == MU_EAST ? "Eastern" : "Western", year, known
                  ? ", the battle's" : ": no battle was under way in this file "
                  "at the contribution, so check that these were the battle's");
    if (asserted) /* the report's last line is its own */
        mu_buf_puts(&sb, "Its order of battle gave some of its values, which the "
                    "dice did not roll: this file does not hold the other side's "
                    "sheet, so those are as the division says\n");
    return sb_finish(&sb, &x->report, err);
}

mu_status mu_campaign_fair_verify(mu_campaign *c, int div, const char *doc,
                                  size_t len, char **report, mu_error *err)
{
    if (report)
        *report = NULL; /* never read; NULL unless MU_OK */
    if (!c || !report)
        return err_set(err, MU_EINPUT, "no campaign given");
    cJSON *root;
    mu_status s = canon_parse(doc, len, &root, err);
    if (s != MU_OK)
        return s;
    verify_ctx x = {div, root, NULL};
    s = camp_read(c, verify_read, &x, err);
    cJSON_Delete(root);
    if (s == MU_OK)
        *report = x.report;
    else
        free(x.report);
    return s;
}

mu_status camp_fair_commit_given(mu_campaign *c, int div, const char *secret,
                                 mu_error *err)
{
    fair_ctx x = {div, NULL, false, "", NULL, 0, secret};
    return camp_tx(c, commit_tx, &x, NULL, err);
}

mu_status camp_contribute_given(mu_campaign *c, int div,
                                const char *commitment,
                                const char *contribution, mu_error *err)
{
    fair_ctx x = {div, commitment, false, "", NULL, 0, contribution};
    return camp_tx(c, contribute_tx, &x, NULL, err);
}
