/* SPDX-License-Identifier: MIT */
/* answer.c -- the short answers of the ledger's calls that return no
 * event: a new division's id, the two fair-roll steps' hex, the chain's
 * head, a side's default camp, an import's divisions; as text or one
 * line of JSON. */
#include "muster.h"

#include "error.h"
#include "lang.h"
#include "util.h"
#include "writer.h"

static void answer_json(sbuf *sb, const mu_campaign_answer *a)
{
    jw w;
    jw_init(&w, sb, false, 0);
    jw_obj(&w, NULL);
    switch (a->kind) {
    case MU_ANSWER_ADDED:
        jw_int(&w, "id", a->division);
        break;
    case MU_ANSWER_FAIR_COMMITMENT:
        jw_int(&w, "division", a->division);
        jw_str(&w, "fair_commitment", a->hex);
        break;
    case MU_ANSWER_CONTRIBUTION:
        jw_int(&w, "division", a->division);
        jw_str(&w, "contribution", a->hex);
        break;
    case MU_ANSWER_HEAD:
        jw_str(&w, "head", a->hex);
        jw_int(&w, "events", a->events);
        break;
    case MU_ANSWER_DEFAULT_CAMP:
        jw_str(&w, "side", mu_army_name(a->side));
        jw_str(&w, "default_camp", a->camp);
        break;
    case MU_ANSWER_IMPORTED:
        jw_int(&w, "added", a->count);
        jw_int(&w, "first", a->division);
        jw_int(&w, "last", a->division + a->count - 1);
        break;
    }
    jw_end(&w);
    mu_buf_puts(sb, "\n");
}

/* The lines a player copies to the other side or to `check --head`: their
 * keys are read back, so they stay as they are in every language. */
static void answer_data(sbuf *sb, const mu_campaign_answer *a)
{
    if (a->kind == MU_ANSWER_FAIR_COMMITMENT)
        mu_buf_printf(sb, "fair commitment %s\n", a->hex);
    else if (a->kind == MU_ANSWER_CONTRIBUTION)
        mu_buf_printf(sb, "contribution %s\n", a->hex);
    else if (a->kind == MU_ANSWER_HEAD)
        mu_buf_printf(sb, "head %s\nevents %lld\n", a->hex, (long long)a->events);
}

static void answer_text(sbuf *sb, const mu_campaign_answer *a)
{
    switch (a->kind) {
    case MU_ANSWER_ADDED:
        mu_buf_printf(sb, "%d\n", a->division);
        break;
    case MU_ANSWER_FAIR_COMMITMENT:
        mu_buf_printf(sb, _("Division %d: a fair roll; give the opponent the "
                            "commitment to your secret:\n"), a->division);
        break;
    case MU_ANSWER_CONTRIBUTION:
        mu_buf_printf(sb, _("Division %d: your contribution to its fair roll; "
                            "give it to its owner:\n"), a->division);
        break;
    case MU_ANSWER_HEAD:
        break;
    case MU_ANSWER_DEFAULT_CAMP:
        mu_buf_printf(sb, "%s\n", a->camp);
        break;
    case MU_ANSWER_IMPORTED:
        mu_buf_printf(sb, dngettext(LANG_DOMAIN,
                                    "%s: %d division added, ids %d..%d: what the "
                                    "sheet knows is kept, the rest is rolled when "
                                    "each first engages\n",
                                    "%s: %d divisions added, ids %d..%d: what the "
                                    "sheet knows is kept, the rest is rolled when "
                                    "each first engages\n", (unsigned long)a->count),
                      a->file, a->count, a->division, a->division + a->count - 1);
        break;
    }
    answer_data(sb, a);
}

mu_status mu_campaign_answer_render(const mu_campaign_answer *a,
                                    const mu_render_opts *ro, char **out,
                                    mu_error *err)
{
    *out = NULL;
    bool hex = a->kind == MU_ANSWER_FAIR_COMMITMENT ||
               a->kind == MU_ANSWER_CONTRIBUTION || a->kind == MU_ANSWER_HEAD;
    if ((hex && !a->hex) || (a->kind == MU_ANSWER_DEFAULT_CAMP && !a->camp) ||
        (a->kind == MU_ANSWER_IMPORTED && (!a->file || a->count < 1)) ||
        a->kind > MU_ANSWER_IMPORTED)
        return err_set(err, MU_EINPUT, "an answer without its value");
    sbuf sb = {0};
    if (ro && ro->format == MU_FMT_JSON)
        answer_json(&sb, a);
    else
        answer_text(&sb, a);
    return sb_finish(&sb, out, err);
}
