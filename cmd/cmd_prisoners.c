/* SPDX-License-Identifier: MIT */
/* cmd_prisoners.c -- muster campaign exchange|liberate FILE: prisoners
 * going home. The umpire records an exchange or liberation at once; a side
 * (--as, a side's web link) offers one, which the other side accepts or
 * declines (--accept/--decline ID) and its maker may withdraw (--withdraw
 * ID). A thin client of mu_campaign_exchange, mu_campaign_liberate and
 * mu_campaign_offer_answer. */
#include "campaign_cmd.h"

#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* --accept, --decline or --withdraw ID, whichever was given (0: none). */
static int64_t answer_of(cli_ctx *cx, mu_offer_answer *a)
{
    static const cli_optid ids[] = {O_accept, O_decline, O_withdraw};
    for (int i = 0; i < 3; i++)
        if (cli_has(cx, ids[i])) {
            *a = (mu_offer_answer)i;
            return (int64_t)cli_num(cx, ids[i], 0);
        }
    return 0;
}

/* An answer to an offer of the command's own kind (exchange, liberate). */
static mu_status do_answer(mu_campaign *c, cli_ctx *cx, int div, mu_dice *d,
                           int64_t *ev, mu_error *err)
{
    (void)div, (void)d;
    mu_offer_reply r = {0, MU_OFFER_ACCEPT,
                        cx->cmd == &cmd_campaign_exchange ? MU_OFFER_EXCHANGE
                                                          : MU_OFFER_LIBERATION};
    r.offer = answer_of(cx, &r.answer);
    return mu_campaign_offer_answer(c, &r, ev, err);
}

static mu_status do_exchange(mu_campaign *c, cli_ctx *cx, int div,
                             mu_dice *d, int64_t *ev, mu_error *err)
{
    (void)div, (void)d;
    mu_exchange k = {(int)cli_num(cx, O_union, 0),
                     (int)cli_num(cx, O_confederate, 0),
                     (int)cli_num(cx, O_union_leaders, 0),
                     (int)cli_num(cx, O_confederate_leaders, 0),
                     (int)cli_num(cx, O_union_batteries, 0),
                     (int)cli_num(cx, O_confederate_batteries, 0)};
    return mu_campaign_exchange(c, &k, ev, err);
}

/* By mutual consent: each side says what it sends home (0 is allowed);
 * or an answer to an offer, which says it already. */
static cli_rc run_exchange(cli_ctx *cx)
{
    static const cli_optid opts[2][3] = {
        {O_union, O_union_leaders, O_union_batteries},
        {O_confederate, O_confederate_leaders, O_confederate_batteries}};
    mu_offer_answer a;
    bool counts = false;
    for (int i = 0; i < 6; i++)
        counts = counts || cli_has(cx, opts[i / 3][i % 3]);
    if (answer_of(cx, &a) && counts)
        return cli_error(cx, _("campaign exchange: an answer to an offer takes "
                         "no counts: the offer says what goes home"));
    if (answer_of(cx, &a))
        return cli_campaign_event(cx, do_answer);
    for (int s = 0; s < 2; s++)
        if (!cli_has(cx, opts[s][0]) && !cli_has(cx, opts[s][1]) &&
            !cli_has(cx, opts[s][2]))
            return cli_error(cx, _("campaign exchange: an exchange is by mutual "
                             "consent: give both --union N and --confederate M "
                             "(0 is allowed); a side's --union-leaders/"
                             "--union-batteries (--confederate-...) count as "
                             "its part too"));
    return cli_campaign_event(cx, do_exchange);
}

/* The camp the viewer can see whose name is closest to `typed`, into
 * cx->near as a "did you mean" (left empty when none is close): the names
 * come from the viewer's own prisoners list, so a guess tells a side only
 * what that list shows it. */
static void camp_near(mu_campaign *c, cli_ctx *cx, const char *typed)
{
    static const char *const holders[] = {"held_by_union",
                                          "held_by_confederate"};
    mu_render_opts ro = {.format = MU_FMT_JSON};
    mu_buf text = {0};
    cJSON *doc = NULL;
    if (mu_campaign_prisoners_to(c, &ro, mu_buf_write, &text, NULL) == MU_OK)
        doc = cJSON_Parse(text.p ? text.p : "");
    mu_buf_free(&text);
    if (!doc)
        return;
    const char *cand[64];
    int n = 0;
    for (int h = 0; h < 2; h++) {
        cJSON *camps = cJSON_GetObjectItem(cJSON_GetObjectItem(doc,
                                           holders[h]), "camps"), *k;
        cJSON_ArrayForEach(k, camps) {
            const char *name = cJSON_GetStringValue(
                cJSON_GetObjectItem(k, "name"));
            if (name && n < (int)(sizeof cand / sizeof *cand))
                cand[n++] = name;
        }
    }
    int hit = cli_suggest(typed, cand, NULL, n);
    if (hit >= 0)
        snprintf(cx->near, sizeof cx->near, _("did you mean '%s'?"),
                 cand[hit]);
    cJSON_Delete(doc);
}

static mu_status do_liberate(mu_campaign *c, cli_ctx *cx, int div,
                             mu_dice *d, int64_t *ev, mu_error *err)
{
    (void)div, (void)d;
    mu_liberation k = {(mu_army)cli_choice(cx, O_side, 0),
                       cli_str(cx, O_camp)};
    mu_status s = mu_campaign_liberate(c, &k, ev, err);
    if (s != MU_OK && err->reason == MU_R_NO_SUCH_CAMP)
        camp_near(c, cx, k.camp);
    return s;
}

static cli_rc run_liberate(cli_ctx *cx)
{
    mu_offer_answer a;
    bool camps = cli_has(cx, O_side) || cli_has(cx, O_camp);
    if (answer_of(cx, &a) && camps)
        return cli_error(cx, _("campaign liberate: an answer to an offer takes "
                         "no --side or --camp: the offer says which camp is "
                         "freed"));
    if (answer_of(cx, &a))
        return cli_campaign_event(cx, do_answer);
    if (!camps)
        return cli_error(cx, _("campaign liberate: say which camp is freed: "
                         "--camp NAME, or --side S for every camp holding S's "
                         "men"));
    return cli_campaign_event(cx, do_liberate);
}

/* ---- the tables ------------------------------------------------------------ */

#define ONE_ANSWER N_("%s: answer one offer: --accept, --decline or " \
                      "--withdraw ID")
#define OFFER_ANSWERS                                                          \
    {.name = "accept", .type = ARG_NUM, .lo = 1, .hi = INT32_MAX,              \
     .metavar = "ID", .group = 6, .conflict = ONE_ANSWER,                      \
     .help = N_("accept the other side's offer ID (its event number): "       \
             "everyone it asks for who is still held goes home now")},         \
    {.name = "decline", .type = ARG_NUM, .lo = 1, .hi = INT32_MAX,             \
     .metavar = "ID", .group = 6,                                              \
     .help = N_("decline the other side's offer ID: no one goes home")},       \
    {.name = "withdraw", .type = ARG_NUM, .lo = 1, .hi = INT32_MAX,            \
     .metavar = "ID", .group = 6,                                              \
     .help = N_("withdraw your own side's offer ID: no one goes home")}

static const cli_opt exchange_opts[] = {
    {.name = "union", .type = ARG_NUM, .lo = 0, .hi = 100000, .metavar = "N",
     .help = N_("Union stands the Confederates give back")},
    {.name = "confederate", .type = ARG_NUM, .lo = 0, .hi = 100000,
     .metavar = "M", .help = N_("Confederate stands the Union gives back")},
    {.name = "union-leaders", .type = ARG_NUM, .lo = 0, .hi = 100000,
     .metavar = "N", .help = N_("captured Union leaders given back")},
    {.name = "confederate-leaders", .type = ARG_NUM, .lo = 0, .hi = 100000,
     .metavar = "M", .help = N_("captured Confederate leaders given back")},
    {.name = "union-batteries", .type = ARG_NUM, .lo = 0, .hi = 100000,
     .metavar = "N", .help = N_("captured Union batteries given back")},
    {.name = "confederate-batteries", .type = ARG_NUM, .lo = 0, .hi = 100000,
     .metavar = "M", .help = N_("captured Confederate batteries given back")},
    OFFER_ANSWERS,
    CAMP_AS,
    CAMP_FORMAT,
    {0}};

#define ONE_CAMP N_("%s: free one camp with --camp NAME, or every camp "      \
                    "holding a side's men with --side S, not both")
static const cli_opt liberate_opts[] = {
    {.name = "side", .type = ARG_CHOICE, .vocab = cli_armies, .metavar = "S",
     .group = 5, .conflict = ONE_CAMP,
     .help = N_("every camp holding this side's men (union or confederate)")},
    {.name = "camp", .type = ARG_TEXT, .metavar = "NAME", .group = 5,
     .help = N_("one camp, by the name 'prisoners' shows")},
    OFFER_ANSWERS,
    CAMP_AS,
    CAMP_FORMAT,
    {0}};

const cli_command cmd_campaign_exchange = {
    .name = "campaign exchange", .summary = N_("exchange prisoners"),
    .opts = exchange_opts, .run = run_exchange,
    .doc = N_("Both sides' counts come home, longest held first, from any camp:\n"
           "stands rejoin their brigades, a leader takes back his post (his\n"
           "replacement steps down), batteries rejoin their division. The\n"
           "umpire records the exchange at once. Acting for a side (--as),\n"
           "it is an offer, which moves no one: the other side accepts it\n"
           "(--accept ID, the offer's event number), when those it asks for\n"
           "who are still held go home, or declines it (--decline ID); its\n"
           "maker may withdraw it (--withdraw ID) until then.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = cli_args_campaign};
const cli_command cmd_campaign_liberate = {
    .name = "campaign liberate", .summary = N_("free a prisoner-of-war camp"),
    .opts = liberate_opts, .run = run_liberate,
    .doc = N_("--camp NAME frees one camp; --side S every camp holding S's men.\n"
           "Everyone freed goes home as in an exchange. The umpire records\n"
           "the liberation at once; acting for a side (--as), it is an\n"
           "offer, answered as an exchange's is (--accept, --decline,\n"
           "--withdraw ID): accepted, it frees everyone the camps hold then.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = cli_args_campaign};
