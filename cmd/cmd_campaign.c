/* SPDX-License-Identifier: MIT */
/* cmd_campaign.c -- muster campaign SUB FILE ...: a thin client of the
 * mu_campaign_* API, one table entry per subcommand. */
#include "campaign_cmd.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *const cli_text_json[] = {"text", "json", NULL};
static const char *const winner_words[] = {"union", "confederate", "none",
                                           NULL};
static const char *const text_json_md[] = {"text", "json", "markdown", NULL};

/* Closes a campaign opened for a command, noting the runs of events this
 * handle recorded (mu_campaign_appended) for the face's X-Muster-Events. */
void cli_close_campaign(cli_ctx *cx, mu_campaign *c)
{
    if (!c)
        return;
    int64_t first[MU_APPENDED_RUNS], last[MU_APPENDED_RUNS];
    size_t n = mu_campaign_appended(c, first, last);
    for (size_t i = 0; i < n; i++) { /* a run that follows the last joins it */
        size_t k = cx->appended;
        if (k && cx->app_last[k - 1] + 1 == first[i])
            cx->app_last[k - 1] = last[i];
        else if (k < MU_APPENDED_RUNS) {
            cx->app_first[k] = first[i];
            cx->app_last[k] = last[i];
            cx->appended++;
        } else
            cx->app_last[k - 1] = last[i];
    }
    mu_campaign_close(c);
}

/* ---- shared steps ----------------------------------------------------------- */

/* The time events are recorded at: $MUSTER_NOW (2026-12-01T19:30:00Z, for
 * tests and examples that must come out the same) or the system's clock.
 * The library never reads the clock itself. */
static cli_rc campaign_now(cli_ctx *cx, int64_t *secs)
{
    const char *now = getenv("MUSTER_NOW");
    mu_error err = {0};
    if (now && *now && mu_campaign_time_parse(now, secs, &err) != MU_OK)
        return cli_error(cx, _("MUSTER_NOW: %s (or unset it: the clock)"),
                         err.msg);
    if (!now || !*now)
        *secs = (int64_t)time(NULL);
    return CLI_OK;
}

cli_rc cli_campaign_open(cli_ctx *cx, mu_campaign **c, bool read)
{
    mu_error err = {0};
    int64_t now = 0;
    cli_rc rc = read ? CLI_OK : campaign_now(cx, &now);
    if (rc != CLI_OK)
        return rc;
    if ((read ? mu_campaign_open_read : mu_campaign_open)(cx->operand[0], c,
                                                          &err) != MU_OK)
        return cli_fail(cx, &err);
    if (!read && mu_campaign_clock_set(*c, now, &err) != MU_OK) {
        mu_campaign_close(*c);
        *c = NULL;
        return cli_fail(cx, &err);
    }
    if ((cli_takes(cx, O_as) && cli_has(cx, O_as) &&
         mu_campaign_act_as(*c, (mu_side)cli_choice(cx, O_as, 0), &err) !=
             MU_OK) ||
        (!read && cx->request_key &&
         mu_campaign_request_set(*c, cx->request_key, cx->request_what,
                                 &err) != MU_OK)) {
        cli_close_campaign(cx, *c);
        *c = NULL;
        return cli_fail(cx, &err);
    }
    return CLI_OK;
}

/* DIV, the second operand: the number 'add' printed, or the division's
 * name (looked up in FILE). */
static cli_rc div_of(cli_ctx *cx, int *div)
{
    uint64_t v;
    const char *arg = cx->operand[1];
    if (cli_number(arg, 1, 1000000000, &v)) {
        *div = (int)v;
        return CLI_OK;
    }
    if (!*arg || strspn(arg, "0123456789") == strlen(arg))
        return cli_error(cx, _("'%s' is not a division id: give the number "
                         "'add' printed or the division's name (see 'muster "
                         "campaign show')"), arg);
    mu_error err = {0};
    mu_campaign *c = NULL;
    if (mu_campaign_open_read(cx->operand[0], &c, &err) != MU_OK)
        return cli_fail(cx, &err);
    mu_status s = mu_campaign_division_find(c, arg, div, &err);
    cli_close_campaign(cx, c);
    if (s != MU_OK)
        return cli_error(cx, _("%s: give the division's id or name (see "
                         "'muster campaign show')"), err.msg);
    return CLI_OK;
}

/* Keeps one event as the log shows it. */
static cli_rc emit_event(cli_ctx *cx, mu_campaign *c, int64_t ev)
{
    mu_error err = {0};
    char *text = NULL;
    mu_render_opts ro = {.format = cli_format(cx)};
    if (mu_campaign_event(c, ev, MU_SIDE_NONE, &ro, &text, &err) != MU_OK)
        return cli_fail(cx, &err);
    return cli_take(cx, text);
}

/* How a command that prints the library's text ends: text kept when st is
 * MU_OK, else the error err holds; then c is closed. */
static cli_rc text_done(cli_ctx *cx, mu_campaign *c, mu_status st,
                        char *text, const mu_error *err)
{
    cli_rc rc = st == MU_OK ? cli_take(cx, text) : cli_fail(cx, err);
    cli_close_campaign(cx, c);
    return rc;
}

/* How a command that answers (not with an event) ends: the answer as the
 * library renders it when st is MU_OK, else the error err holds. */
static cli_rc answer_done(cli_ctx *cx, mu_campaign *c, mu_status st,
                          const mu_error *err, const mu_campaign_answer *a)
{
    mu_error e = *err;
    char *text = NULL;
    mu_render_opts ro = {.format = cli_format(cx)};
    if (st == MU_OK)
        st = mu_campaign_answer_render(a, &ro, &text, &e);
    return text_done(cx, c, st, text, &e);
}

/* ---- subcommands that write one event ----------------------------------- */

/* Whether the command has a DIV operand. */
static bool has_div(const cli_command *cmd)
{
    for (const cli_arg *a = cmd->args; a && a->metavar; a++)
        if (a->type == OPD_DIVISION)
            return true;
    return false;
}

/* Opens FILE (and reads DIV and checks --brigade, when the command has
 * them), makes the dice if the command takes them, runs fn and keeps its
 * event. */
cli_rc cli_campaign_event(cli_ctx *cx, cli_event_fn fn)
{
    mu_campaign *c = NULL;
    mu_dice *d = NULL;
    mu_error err = {0};
    int64_t ev = 0;
    int id = 0;
    cli_rc rc = cli_brigade_ok(cx);
    if (rc == CLI_OK && has_div(cx->cmd))
        rc = div_of(cx, &id);
    if (rc != CLI_OK)
        return rc;
    if (cli_takes(cx, O_seed) && cli_dice(cx, &d, &err) != MU_OK)
        return cli_fail(cx, &err);
    if ((rc = cli_campaign_open(cx, &c, false)) == CLI_OK)
        rc = fn(c, cx, id, d, &ev, &err) == MU_OK ? emit_event(cx, c, ev)
                                                  : cli_fail(cx, &err);
    cli_close_campaign(cx, c);
    mu_dice_free(d);
    return rc;
}

/* A command whose event the table names (.event). */
static cli_rc run_table_event(cli_ctx *cx)
{
    return cli_campaign_event(cx, cx->cmd->event);
}

static mu_status do_start(mu_campaign *c, cli_ctx *cx, int div, mu_dice *d,
                          int64_t *ev, mu_error *err)
{
    (void)div, (void)d;
    return mu_campaign_battle_start(
        c, cx->operand[1],
        (mu_theater)cli_choice(cx, O_theater, MU_THEATER_UNKNOWN), ev, err);
}

static mu_status do_end(mu_campaign *c, cli_ctx *cx, int div, mu_dice *d,
                        int64_t *ev, mu_error *err)
{
    (void)div;
    /* "none" (the third word) is a draw, said; no --winner is refused by
     * the library, whose reason the web page words too. */
    int k = cli_choice(cx, O_winner, -1);
    mu_side w = k < 0 ? MU_SIDE_UNSAID : k == 2 ? MU_SIDE_NONE : (mu_side)k;
    return mu_campaign_battle_end(c, w, d, ev, err);
}

static mu_status do_casualties(mu_campaign *c, cli_ctx *cx, int div,
                               mu_dice *d, int64_t *ev, mu_error *err)
{
    (void)d;
    int b;
    mu_status s = cli_brigade_of(c, cx, div, &b, err);
    if (s != MU_OK)
        return s;
    mu_casualties k = {b, (int)cli_num(cx, O_lost, 0),
                       (int)cli_num(cx, O_captured, 0),
                       (int)cli_num(cx, O_batteries_captured, 0),
                       cli_str(cx, O_camp),
                       (int)cli_num(cx, O_batteries_lost, 0)};
    return mu_campaign_casualties(c, div, &k, ev, err);
}

static cli_rc run_casualties(cli_ctx *cx)
{
    bool stands = cli_has(cx, O_lost) || cli_has(cx, O_captured);
    bool guns = cli_has(cx, O_batteries_captured) ||
                cli_has(cx, O_batteries_lost);
    if (!cli_has(cx, O_brigade) && (stands || !guns))
        return cli_error(cx, _("campaign casualties: give the brigade with "
                         "--brigade K and its --lost/--captured stands (or "
                         "--batteries-captured/--batteries-lost N alone for "
                         "the division's guns)"));
    if (cli_has(cx, O_camp) && !cli_num(cx, O_captured, 0) &&
        !cli_num(cx, O_batteries_captured, 0))
        return cli_error(cx, _("campaign casualties: --camp names where "
                         "prisoners go: give it with --captured or "
                         "--batteries-captured"));
    return cli_campaign_event(cx, do_casualties);
}

/* camp FILE --side S [--default NAME]: chooses S's default camp, or says
 * which it is. */
static mu_status do_camp(mu_campaign *c, cli_ctx *cx, int div, mu_dice *d,
                         int64_t *ev, mu_error *err)
{
    (void)div, (void)d;
    return mu_campaign_default_camp_set(c, (mu_army)cli_choice(cx, O_side, 0),
                                        cli_str(cx, O_default), ev, err);
}

/* A command that answers (not with an event): camp without --default,
 * contribute (step 2 of a fair roll), head (the hash chain's, to note
 * after a session), engage --hidden --fair (step 1, the owner's
 * commitment) and reveal (the document the opponent checks). FILE is
 * opened for reading where the command changes nothing; DIV is read
 * where it has one. */
static cli_rc run_answer(cli_ctx *cx)
{
    const cli_command *cmd = cx->cmd;
    int div = 0;
    mu_campaign *c = NULL;
    cli_rc rc = has_div(cmd) ? div_of(cx, &div) : CLI_OK;
    if (rc == CLI_OK)
        rc = cli_campaign_open(cx, &c, cmd == &cmd_campaign_camp ||
                                           !(cmd->flags & CLI_WRITES));
    if (rc != CLI_OK)
        return rc;
    mu_error err = {0};
    char buf[MU_CAMPAIGN_NAME_MAX + MU_FAIR_HEX];
    mu_campaign_answer a = {.division = div, .hex = buf};
    bool side = cli_takes(cx, O_side) && cli_has(cx, O_side);
    mu_army s = side ? (mu_army)cli_choice(cx, O_side, 0) : MU_UNION;
    mu_status st;
    if (cmd == &cmd_campaign_reveal) { /* the document itself, a line */
        char *doc = NULL;
        st = mu_campaign_reveal(c, div, &doc, &err);
        rc = text_done(cx, c, st, doc, &err);
        return rc == CLI_OK ? cli_out(cx, "\n") : rc;
    }
    if (cmd == &cmd_campaign_engage) {
        a.kind = MU_ANSWER_FAIR_COMMITMENT;
        st = mu_campaign_fair_commit(c, div, buf, NULL, &err);
    } else if (cli_takes(cx, O_commitment)) { /* contribute */
        a.kind = MU_ANSWER_CONTRIBUTION;
        st = mu_campaign_contribute(c, div, cli_str(cx, O_commitment), buf,
                                    NULL, &err);
    } else if (cmd == &cmd_campaign_head) {
        a.kind = MU_ANSWER_HEAD;
        st = side ? mu_campaign_view_head(c, s, buf, &a.events, &err)
                  : mu_campaign_head(c, buf, &a.events, &err);
    } else {
        a = (mu_campaign_answer){.kind = MU_ANSWER_DEFAULT_CAMP, .side = s,
                                 .camp = buf};
        st = mu_campaign_default_camp(c, s, buf, sizeof buf, &err);
    }
    return answer_done(cx, c, st, &err, &a);
}

static cli_rc run_camp(cli_ctx *cx)
{
    if (cli_has(cx, O_default))
        return cli_campaign_event(cx, do_camp);
    return run_answer(cx);
}

/* name FILE DIV NAME [--brigade K] */
static mu_status do_name(mu_campaign *c, cli_ctx *cx, int div, mu_dice *d,
                         int64_t *ev, mu_error *err)
{
    (void)d;
    int b;
    mu_status s = cli_brigade_of(c, cx, div, &b, err);
    return s != MU_OK ? s : mu_campaign_name_set(c, div, b, cx->operand[2],
                                                 ev, err);
}

static mu_status do_penalty(mu_campaign *c, cli_ctx *cx, int div, mu_dice *d,
                            int64_t *ev, mu_error *err)
{
    (void)div, (void)d;
    return mu_campaign_penalty(c, (mu_army)cli_choice(cx, O_side, 0), ev, err);
}

/* undo FILE [EVENT]: EVENT is a number from the log; none: the latest. */
static bool event_of(const cli_ctx *cx, uint64_t *n)
{
    *n = 0;
    return !cx->operand[1] || cli_number(cx->operand[1], 1, INT32_MAX, n);
}

static mu_status do_undo(mu_campaign *c, cli_ctx *cx, int div, mu_dice *d,
                         int64_t *ev, mu_error *err)
{
    (void)div, (void)d;
    uint64_t n;
    event_of(cx, &n); /* checked by run_undo */
    return mu_campaign_undo(c, (int64_t)n, ev, err);
}

static cli_rc run_undo(cli_ctx *cx)
{
    uint64_t n;
    if (!event_of(cx, &n))
        return cli_error(cx, _("'%s' is not an event number: give the number "
                         "the log shows after '#'"), cx->operand[1]);
    return cli_campaign_event(cx, do_undo);
}

static mu_post post_of(const cli_ctx *cx)
{
    return cli_has(cx, O_corps_leader) ? MU_POST_CORPS
           : cli_has(cx, O_brigade)    ? MU_POST_BRIGADE
                                       : MU_POST_DIVISION;
}

static mu_status do_lost(mu_campaign *c, cli_ctx *cx, int div, mu_dice *d,
                         int64_t *ev, mu_error *err)
{
    int b;
    mu_status s = cli_brigade_of(c, cx, div, &b, err);
    if (s != MU_OK)
        return s;
    if (cli_has(cx, O_captured))
        return mu_campaign_leader_captured(c, div, post_of(cx), b,
                                           cli_str(cx, O_camp), d, ev, err);
    return mu_campaign_leader_lost(c, div, post_of(cx), b, d, ev, err);
}

static mu_status do_downgrade(mu_campaign *c, cli_ctx *cx, int div,
                              mu_dice *d, int64_t *ev, mu_error *err)
{
    (void)d;
    int b;
    mu_status s = cli_brigade_of(c, cx, div, &b, err);
    return s != MU_OK ? s : mu_campaign_downgrade(c, div, post_of(cx), b, ev,
                                                  err);
}

static cli_rc run_leader_lost(cli_ctx *cx)
{
    if (cli_has(cx, O_camp) && !cli_has(cx, O_captured))
        return cli_error(cx, _("campaign leader-lost: --camp is where a captured "
                         "leader is held: give --captured too"));
    return cli_campaign_event(cx, do_lost);
}

/* ---- the other subcommands ---------------------------------------------- */

/* A share of the losses ("50", "66.67", "2/3"), or dflt when not given. */
static cli_rc share_of(cli_ctx *cx, cli_optid opt, mu_rat dflt, mu_rat *out)
{
    mu_error err = {0};
    *out = dflt;
    const char *s = cli_str(cx, opt);
    if (s && mu_share_parse(s, out, &err) != MU_OK)
        return cli_fail(cx, &err);
    return CLI_OK;
}

static cli_rc run_new(cli_ctx *cx)
{
    if (cli_has(cx, O_return_winner) != cli_has(cx, O_return_loser))
        return cli_error(cx, _("campaign new: give --return-winner and "
                         "--return-loser together"));
    mu_campaign_opts o = mu_campaign_defaults();
    cli_rc rc;
    if ((rc = share_of(cx, O_return_rate, (mu_rat){1, 2}, &o.draw)) ||
        (rc = share_of(cx, O_return_winner, o.draw, &o.winner)) ||
        (rc = share_of(cx, O_return_loser, o.draw, &o.loser)))
        return rc;
    o.name = cli_str(cx, O_name);
    o.year = (int)cli_num(cx, O_year, 0);
    o.theater = (mu_theater)cli_choice(cx, O_theater, 0);
    mu_error err = {0};
    char *rules = NULL;
    const char *path = cli_str(cx, O_rules);
    if (path && mu_file_read(path, &rules, &o.rules_len, &err) != MU_OK)
        return cli_fail(cx, &err);
    o.rules = rules;
    o.rules_name = path; /* errors in the tables name this file */
    o.has_time = true;
    if ((rc = campaign_now(cx, &o.time)) != CLI_OK) {
        free(rules);
        return rc;
    }
    mu_campaign *c = NULL;
    rc = mu_campaign_create(cx->operand[0], &o, &c, &err) == MU_OK
             ? emit_event(cx, c, 1) : cli_fail(cx, &err);
    free(rules);
    cli_close_campaign(cx, c);
    return rc;
}

static cli_rc run_add(cli_ctx *cx)
{
    mu_campaign *c = NULL;
    cli_rc rc = cli_campaign_open(cx, &c, false);
    if (rc != CLI_OK)
        return rc;
    mu_error err = {0};
    int id = 0;
    mu_status st = mu_campaign_add(c, (mu_army)cli_choice(cx, O_side, 0),
                                   cli_str(cx, O_name),
                                   (mu_arm)cli_choice(cx, O_arm, 0),
                                   cli_str(cx, O_corps), &id, &err);
    return answer_done(cx, c, st, &err, &(mu_campaign_answer){
                           .kind = MU_ANSWER_ADDED, .division = id});
}

static cli_rc run_engage(cli_ctx *cx)
{
    int div = 0;
    cli_rc rc = div_of(cx, &div);
    if (rc != CLI_OK)
        return rc;
    bool fair = cli_has(cx, O_fair), contrib = cli_has(cx, O_contribution);
    if ((fair || contrib) && (cli_has(cx, O_seed) || cli_has(cx, O_rolls) ||
                              cli_has(cx, O_ask)))
        return cli_error(cx, _("campaign engage: a fair roll takes no dice: its "
                         "seed is made by both players"));
    if (fair && !cli_has(cx, O_hidden))
        return cli_error(cx, _("campaign engage: --fair is for a hidden "
                         "division: give --hidden too"));
    if (fair)
        return run_answer(cx);
    mu_error err = {0};
    mu_labels *labels = NULL;
    mu_dice *d = NULL;
    mu_campaign *c = NULL;
    char *text = NULL;
    mu_engagement e;
    const char *lab = cli_str(cx, O_labels);
    if ((lab && mu_labels_load(lab, &labels, &err) != MU_OK) ||
        cli_dice(cx, &d, &err) != MU_OK) {
        rc = cli_fail(cx, &err);
    } else if ((rc = cli_campaign_open(cx, &c, false)) == CLI_OK) {
        mu_render_opts ro = cli_render_opts(cx, labels);
        mu_status st = contrib
            ? mu_campaign_engage_fair(c, div, cli_str(cx, O_contribution),
                                      cli_has(cx, O_by_the_book), &e, &err)
            : mu_campaign_engage(c, div, cli_has(cx, O_hidden),
                                 cli_has(cx, O_by_the_book), d, &e, &err);
        if (st == MU_OK)
            st = mu_engagement_render(&e, &ro, &text, &err);
        rc = text_done(cx, c, st, text, &err);
    }
    mu_dice_free(d);
    cli_warn_labels(cx, labels);
    mu_labels_free(labels);
    return rc;
}

/* verify --division REVEAL.json --commitment HEX: a revealed division
 * against its commitment, without the campaign; verify FILE DIV --division
 * REVEAL.json: the opponent's check of a fair roll against what their file
 * recorded at the contribution. */
static cli_rc run_verify(cli_ctx *cx)
{
    bool fair = cx->noperands > 0;
    int div = 0;
    mu_campaign *c = NULL;
    cli_rc rc = !fair ? CLI_OK
                : cx->noperands == 2 ? div_of(cx, &div)
                                     : cli_error(cx, _("campaign verify: give FILE "
                                                 "DIV for a fair roll, or no FILE "
                                                 "and --commitment HEX"));
    if (rc != CLI_OK)
        return rc;
    if (fair ? cli_has(cx, O_commitment) || cli_has(cx, O_salt)
             : !cli_has(cx, O_commitment))
        return cli_error(cx, _("campaign verify: give --commitment HEX "
                         "--division FILE.json, and no campaign FILE (or "
                         "FILE DIV alone to check a fair roll)"));
    if (fair && (rc = cli_campaign_open(cx, &c, false)) != CLI_OK)
        return rc;
    mu_error err = {0};
    size_t len;
    char *text = NULL, *report = NULL;
    const char *path = cli_str(cx, O_division);
    mu_status st = mu_file_read(path, &text, &len, &err);
    if (st == MU_OK && fair)
        st = mu_campaign_fair_verify(c, div, text, len, &report, &err);
    else if (st == MU_OK &&
             (st = mu_commitment_verify(cli_str(cx, O_commitment),
                                        cli_str(cx, O_salt), text, len,
                                        &err)) == MU_EINPUT &&
             err.line > 0) { /* a fault in the file: name it */
        snprintf(err.file, sizeof err.file, "%s",
                 strcmp(path, "-") ? path : "standard input");
        err.line = 0; /* the message has the line and column */
    }
    free(text);
    if (st != MU_OK)
        rc = cli_fail(cx, &err);
    else
        rc = fair ? cli_take(cx, report)
                  : cli_out(cx, "ok: the division is the one committed to\n");
    cli_close_campaign(cx, c);
    return rc;
}

/* The viewer --side names (show, log), or the umpire. */
static mu_side side_of(const cli_ctx *cx)
{
    return cli_takes(cx, O_side) && cli_has(cx, O_side)
               ? (mu_side)cli_choice(cx, O_side, 0)
               : MU_SIDE_NONE;
}

/* A listing read from FILE. */
typedef mu_status (*list_to_fn)(mu_campaign *c, const cli_ctx *cx,
                                const mu_render_opts *ro, mu_sink_fn sink,
                                void *ctx, mu_error *err);

/* show, prisoners, export --format csv: what the command lists. */
static mu_status list_to(mu_campaign *c, const cli_ctx *cx,
                         const mu_render_opts *ro, mu_sink_fn sink, void *ctx,
                         mu_error *err)
{
    if (cx->cmd == &cmd_campaign_show)
        return mu_campaign_show_to(c, side_of(cx), ro, sink, ctx, err);
    if (cx->cmd == &cmd_campaign_export)
        return mu_campaign_export_csv_to(c, sink, ctx, err);
    return mu_campaign_prisoners_to(c, ro, sink, ctx, err);
}

static mu_status log_to(mu_campaign *c, const cli_ctx *cx,
                        const mu_render_opts *ro, mu_sink_fn sink, void *ctx,
                        mu_error *err)
{
    mu_log_range r = {.since = (int64_t)cli_num(cx, O_since, 0),
                      .battle = (int)cli_num(cx, O_battle, 0),
                      .last = (int64_t)cli_num(cx, O_last, 0),
                      .before = (int64_t)cli_num(cx, O_before, 0),
                      .division = (int)cli_num(cx, O_division, 0),
                      .open_offers = cli_has(cx, O_open_offers)};
    return mu_campaign_log_to(c, side_of(cx), &r, ro, sink, ctx, err);
}

/* The listing `to` writes from c: to the tool's standard output as it is
 * read (streamed), or whole into cx->out for a front end. On failure what
 * it wrote to cx->out goes, so that the error stands alone. */
static cli_rc list_from(cli_ctx *cx, mu_campaign *c, list_to_fn to,
                        const mu_render_opts *ro)
{
    mu_error err = {0};
    size_t had = cx->out.len;
    mu_status st = cx->stream ? to(c, cx, ro, cli_stream_write, cx, &err)
                              : to(c, cx, ro, mu_buf_write, &cx->out, &err);
    if (st == MU_OK)
        return CLI_OK;
    if (cx->stream)
        return cli_stream_fail(cx, &err);
    if (cx->out.p) {
        cx->out.len = had;
        cx->out.p[had] = '\0';
    }
    return cli_fail(cx, &err);
}

/* FILE opened for reading (and --labels read where the command takes
 * them), and the listing `to` writes from it. */
static cli_rc run_listing(cli_ctx *cx, list_to_fn to)
{
    mu_error err = {0};
    mu_labels *labels = NULL;
    const char *lab = cli_takes(cx, O_labels) ? cli_str(cx, O_labels) : NULL;
    if (lab && mu_labels_load(lab, &labels, &err) != MU_OK)
        return cli_fail(cx, &err);
    mu_campaign *c = NULL;
    cli_rc rc = cli_campaign_open(cx, &c, true);
    if (rc == CLI_OK) {
        mu_render_opts ro = {.format = cli_format(cx), .labels = labels};
        rc = list_from(cx, c, to, &ro);
    }
    cli_close_campaign(cx, c);
    cli_warn_labels(cx, labels);
    mu_labels_free(labels);
    return rc;
}

static cli_rc run_list(cli_ctx *cx)
{
    return run_listing(cx, list_to);
}

static cli_rc run_log(cli_ctx *cx)
{
    return run_listing(cx, log_to);
}

/* check FILE [--head HEX [--side S]]: the report, and exit 1 on a problem. */
static cli_rc run_check(cli_ctx *cx)
{
    if (cli_has(cx, O_side) && !cli_has(cx, O_head))
        return cli_error(cx, _("campaign check: --side says whose view --head "
                         "is: give --head HEX too"));
    mu_campaign *c = NULL;
    cli_rc rc = cli_campaign_open(cx, &c, true);
    if (rc != CLI_OK)
        return rc;
    mu_error err = {0};
    char *text = NULL;
    mu_status st = cli_has(cx, O_side)
        ? mu_campaign_check_view(c, (mu_army)cli_choice(cx, O_side, 0),
                                 cli_str(cx, O_head), &text, &err)
        : mu_campaign_check_head(c, cli_str(cx, O_head), &text, &err);
    rc = text ? cli_take(cx, cli_lib_lines(text)) : CLI_OK;
    if (st != MU_OK)
        rc = cli_fail(cx, &err);
    cli_close_campaign(cx, c);
    return rc;
}

static mu_status do_advance(mu_campaign *c, cli_ctx *cx, int div, mu_dice *d,
                            int64_t *ev, mu_error *err)
{
    (void)div, (void)d;
    return mu_campaign_advance(c, (int)cli_num(cx, O_year, 0), ev, err);
}

/* A sheet in JSON is an object; a CSV sheet starts with its header, a
 * column's name (after the byte order mark a spreadsheet writes). */
static bool sheet_is_json(const char *text, size_t len)
{
    size_t i = len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3) ? 3 : 0;
    while (i < len && strchr(" \t\r\n", text[i]))
        i++;
    return i < len && text[i] == '{';
}

/* import FILE (--from SHEET | --sheet TEXT): CSV or JSON, as its first
 * character says. */
static cli_rc run_import(cli_ctx *cx)
{
    mu_error err = {0};
    char *text = NULL;
    size_t len = 0;
    const char *name = "sheet";
    if (cli_has(cx, O_sheet)) {
        len = strlen(cli_str(cx, O_sheet));
        if (!(text = malloc(len + 1)))
            return cli_error(cx, _("out of memory"));
        memcpy(text, cli_str(cx, O_sheet), len + 1);
    } else {
        const char *from = cli_str(cx, O_from);
        if (mu_file_read(from, &text, &len, &err) != MU_OK)
            return cli_fail(cx, &err);
        name = strcmp(from, "-") ? from : "standard input";
    }
    mu_oob_sheet sheet;
    mu_status s = mu_oob_sheet_parse(text, len, name,
                                     sheet_is_json(text, len) ? MU_SHEET_JSON
                                                              : MU_SHEET_CSV,
                                     &sheet, &err);
    free(text);
    if (s != MU_OK)
        return cli_fail(cx, &err);
    mu_campaign *c = NULL;
    cli_rc rc = cli_campaign_open(cx, &c, false);
    int first = 0;
    if (rc == CLI_OK) {
        s = mu_campaign_import(c, &sheet, name, &first, &err);
        rc = answer_done(cx, c, s, &err, &(mu_campaign_answer){
                             .kind = MU_ANSWER_IMPORTED, .division = first,
                             .count = (int)sheet.n, .file = cx->operand[0]});
    }
    mu_oob_sheet_clear(&sheet);
    return rc;
}

/* export FILE --format oob-csv|oob-json: the divisions as a sheet, as the
 * viewer (--as, or --side) may see them. */
static cli_rc export_sheet(cli_ctx *cx, bool json)
{
    if (cli_has(cx, O_out))
        return cli_error(cx, _("campaign export: --format oob-csv and oob-json "
                         "write to standard output: leave out --out"));
    mu_campaign *c = NULL;
    cli_rc rc = cli_campaign_open(cx, &c, true);
    if (rc != CLI_OK)
        return rc;
    mu_error err = {0};
    char *text = NULL;
    mu_status st = cli_has(cx, O_side)
        ? mu_campaign_act_as(c, (mu_side)cli_choice(cx, O_side, 0), &err)
        : MU_OK;
    if (st == MU_OK)
        st = mu_campaign_export_sheet(c, json ? MU_SHEET_JSON : MU_SHEET_CSV,
                                      &text, &err);
    return text_done(cx, c, st, text, &err);
}

/* export FILE --side S --out NEW.db | export FILE --format csv */
static cli_rc run_export(cli_ctx *cx)
{
    const char *word = cli_format_word(cx);
    if (word && !strncmp(word, "oob-", 4))
        return export_sheet(cx, !strcmp(word, "oob-json"));
    bool csv = cli_format(cx) == MU_FMT_CSV;
    if (csv && (cli_has(cx, O_side) || cli_has(cx, O_out)))
        return cli_error(cx, _("campaign export: either --format csv (to "
                         "standard output) or --side S --out FILE, not both"));
    if (!csv && (!cli_has(cx, O_side) || !cli_has(cx, O_out)))
        return cli_error(cx, _("campaign export: give --side union|confederate "
                         "--out NEW.db for a player's own file, or --format "
                         "csv"));
    mu_campaign *c = NULL;
    cli_rc rc = cli_campaign_open(cx, &c, false);
    if (rc != CLI_OK)
        return rc;
    mu_error err = {0};
    if (csv) {
        rc = list_from(cx, c, list_to, NULL);
    } else {
        mu_army side = (mu_army)cli_choice(cx, O_side, 0);
        if (mu_campaign_export_side(c, side, cli_str(cx, O_out), &err) ==
            MU_OK) {
            mu_buf_printf(&cx->out, side == MU_UNION
                          ? _("%s: the Union's own file: what the Union may "
                              "know, and nothing more\n")
                          : _("%s: the Confederates' own file: what the "
                              "Confederates may know, and nothing more\n"),
                          cli_str(cx, O_out));
            rc = cli_out(cx, "");
        } else {
            rc = cli_fail(cx, &err);
        }
    }
    cli_close_campaign(cx, c);
    return rc;
}

/* ---- the table ---------------------------------------------------------- */

/* The operands' kinds: what the web names them, what completion offers. */
static const cli_arg battle_start_args[] = {
    {.metavar = "FILE", .type = OPD_FILE},
    {.metavar = "NAME", .type = OPD_NAME, .key = "name",
     .missing = N_("name: give the battle a name")},
    {0}};
static const cli_arg name_args[] = {
    {.metavar = "FILE", .type = OPD_FILE},
    CLI_ARG_DIV,
    {.metavar = "NAME", .type = OPD_NAME, .key = "name",
     .missing = N_("name: give the division or brigade its name")},
    {0}};
static const cli_arg undo_args[] = {
    {.metavar = "FILE", .type = OPD_FILE},
    {.metavar = "EVENT", .type = OPD_EVENT, .key = "event", .optional = true},
    {0}};
static const cli_arg verify_args[] = {
    {.metavar = "FILE", .type = OPD_FILE, .optional = true},
    {.metavar = "DIV", .type = OPD_DIVISION, .key = "div", .optional = true},
    {0}};

static const cli_opt new_opts[] = {
    {.name = "name", .type = ARG_TEXT, .metavar = "NAME",
     .flags = CLI_REQUIRED, .help = N_("the campaign's name")},
    {.name = "year", .type = ARG_NUM, .lo = 1861, .hi = 1865, .metavar = "Y",
     .flags = CLI_REQUIRED, .help = N_("1861..1865: the tables of that year")},
    {.name = "theater", .type = ARG_CHOICE, .vocab = cli_theaters,
     .metavar = "T", .flags = CLI_REQUIRED, .help = N_("east or west")},
    {.name = "return-rate", .type = ARG_TEXT, .metavar = "P",
     .help = N_("share of battlefield losses back: 50, 66.67, 2/3 (default 50)")},
    {.name = "return-winner", .type = ARG_TEXT, .metavar = "P",
     .help = N_("share back to the winner (with --return-loser)")},
    {.name = "return-loser", .type = ARG_TEXT, .metavar = "P",
     .help = N_("share back to the loser (with --return-winner)")},
    {.name = "rules", .type = ARG_FILE, .metavar = "FILE", .flags = CLI_LOCAL,
     .help = N_("generation tables for this campaign (kept in FILE)")},
    CAMP_FORMAT,
    {0}};

static const cli_opt add_opts[] = {
    CAMP_SIDE(CLI_REQUIRED),
    {.name = "name", .type = ARG_TEXT, .metavar = "NAME",
     .flags = CLI_REQUIRED, .help = N_("the division's name (unique)")},
    {.name = "arm", .type = ARG_CHOICE, .vocab = cli_arms, .metavar = "A",
     .help = N_("infantry (default) or cavalry")},
    {.name = "corps", .type = ARG_TEXT, .metavar = "NAME",
     .help = N_("the corps it belongs to")},
    CAMP_AS,
    CAMP_FORMAT,
    {0}};

static const cli_opt engage_opts[] = {
    {.name = "hidden", .type = ARG_FLAG,
     .help = N_("keep the division secret behind a commitment")},
    {.name = "fair", .type = ARG_FLAG, .group = 5,
     .conflict = N_("%s: --fair commits to a secret; then --contribution HEX "
                 "rolls with the opponent's answer"),
     .help = N_("with --hidden: a fair roll, step 1: commit to a secret and "
             "print the commitment for the opponent")},
    {.name = "contribution", .type = ARG_TEXT, .metavar = "HEX", .group = 5,
     .help = N_("a fair roll, step 3: roll hidden on the seed of your secret and "
             "the opponent's contribution (64 hex digits)")},
    OPT_BOOK("play despicable leaders as average"),
    OPT_DICE,
    OPT_LABELS,
    CAMP_AS,
    OPT_FORMAT(text_json_md, "text (default), json or markdown"),
    {0}};

static const cli_opt reveal_opts[] = {CAMP_AS, {0}};

static const cli_opt verify_opts[] = {
    {.name = "commitment", .type = ARG_TEXT, .metavar = "HEX",
     .flags = CLI_LOCAL,
     .help = N_("the commitment 'engage --hidden' printed (without FILE DIV)")},
    {.name = "salt", .type = ARG_TEXT, .metavar = "HEX", .flags = CLI_LOCAL,
     .help = N_("the salt; not needed for the document 'reveal' prints")},
    {.name = "division", .type = ARG_FILE, .metavar = "FILE",
     .flags = CLI_REQUIRED,
     .help = N_("the division's JSON or the reveal document ('-': standard "
             "input)")},
    CAMP_AS,
    {0}};

static const cli_opt battle_start_opts[] = {
    {.name = "theater", .type = ARG_CHOICE, .vocab = cli_theaters,
     .metavar = "T",
     .help = N_("where it is fought, east or west (default: the campaign's); "
             "divisions engaging in it are generated for it")},
    CAMP_AS,
    CAMP_FORMAT,
    {0}};

static const cli_opt battle_end_opts[] = {
    {.name = "winner", .type = ARG_CHOICE, .vocab = winner_words,
     .metavar = "SIDE",
     .help = N_("who won: union, confederate or none (a draw, the draw rate "
             "for both); required, so that no battle ends as a draw by "
             "default")},
    OPT_DICE,
    CAMP_AS,
    CAMP_FORMAT,
    OPT_REFUSE("theater", ARG_TEXT, "--theater is where a battle starts: "
               "give it to 'campaign battle start'"),
    {0}};

#define CAMP_CAMP(what)                                                        \
    {.name = "camp", .type = ARG_TEXT, .metavar = "NAME", .help = (what)}
static const cli_opt casualties_opts[] = {
    {.name = "brigade", .type = ARG_TEXT, .metavar = "NAME|K",
     .help = N_("the brigade whose stands are lost or captured: its number "
             "(1..8) or its name")},
    {.name = "lost", .type = ARG_NUM, .lo = 0, .hi = MU_MAX_STANDS,
     .metavar = "N",
     .help = N_("killed, wounded and stragglers (stands; with --captured or "
             "alone, not both 0)")},
    {.name = "captured", .type = ARG_NUM, .lo = 0, .hi = MU_MAX_STANDS,
     .metavar = "N", .help = N_("stands taken prisoner by the other side")},
    {.name = "batteries-captured", .type = ARG_NUM, .lo = 0, .hi = 100,
     .metavar = "N",
     .help = N_("whole batteries of the division's own taken by the other side "
             "(alone, or with a brigade's stands)")},
    {.name = "batteries-lost", .type = ARG_NUM, .lo = 0, .hi = 100,
     .metavar = "N",
     .help = N_("whole batteries of the division's own destroyed (not held by "
             "the enemy: they never come back)")},
    CAMP_CAMP("the captor's camp that holds them (default: 'Union POW camp' "
              "or 'Confederate POW camp')"),
    CAMP_AS,
    CAMP_FORMAT,
    {0}};

static const cli_opt name_opts[] = {
    {.name = "brigade", .type = ARG_TEXT, .metavar = "NAME|K",
     .help = N_("name the division's brigade (its number 1..8, or its name "
             "so far), not the division")},
    CAMP_AS,
    CAMP_FORMAT,
    {0}};

static const cli_opt side_opts[] = {CAMP_SIDE(CLI_REQUIRED), CAMP_AS,
                                    CAMP_FORMAT, {0}};
static const cli_opt camp_opts[] = {
    {.name = "side", .type = ARG_CHOICE, .vocab = cli_armies, .metavar = "S",
     .flags = CLI_REQUIRED,
     .help = N_("the side whose camp it is: where S holds what it captures"),
     .missing = N_("%s: say whose default camp with --side union|confederate")},
    {.name = "default", .type = ARG_TEXT, .metavar = "NAME",
     .help = N_("S's default camp from now on (without it: print S's default "
             "camp)")},
    CAMP_AS,
    CAMP_FORMAT,
    {0}};
/* Which leader: a brigadier, the corps leader, or neither (the division's). */
#define ONE_LEADER                                                             \
    {.name = "brigade", .type = ARG_TEXT, .metavar = "NAME|K", .group = 4,     \
     .conflict = N_("%s: name one leader: --brigade K, --corps-leader, or "    \
                    "neither for the division leader"),                        \
     .help = N_("a brigadier: his brigade's number (1..8) or name")},          \
    {.name = "corps-leader", .type = ARG_FLAG, .group = 4,                     \
     .help = N_("the leader of the division's corps")}
static const cli_opt leader_opts[] = {
    ONE_LEADER,
    {.name = "captured", .type = ARG_FLAG,
     .help = N_("taken prisoner (a division leader or brigadier): held in the "
             "captor's camp until exchanged or liberated")},
    CAMP_CAMP("with --captured: the captor's camp that holds him (default: "
              "'Union POW camp' or 'Confederate POW camp')"),
    OPT_DICE,
    CAMP_AS,
    CAMP_FORMAT,
    {0}};

static const cli_opt downgrade_opts[] = {ONE_LEADER, CAMP_AS, CAMP_FORMAT, {0}};

static const cli_opt as_format_opts[] = {CAMP_AS, CAMP_FORMAT, {0}};

static const cli_opt show_opts[] = {
    CAMP_SIDE(0),
    OPT_LABELS,
    CAMP_AS,
    OPT_FORMAT(text_json_md, "text (default), json or markdown"),
    {0}};

static const cli_opt log_opts[] = {
    CAMP_SIDE(0), CAMP_AS,
    {.name = "last", .type = ARG_NUM, .lo = 1, .hi = INT64_MAX / 2,
     .metavar = "N", .help = N_("only the last N events (of those the other "
                                "options leave)")},
    {.name = "since", .type = ARG_NUM, .lo = 0, .hi = INT64_MAX / 2,
     .metavar = "ID", .help = N_("only the events after event ID (the last "
                                 "one a script has seen)")},
    {.name = "before", .type = ARG_NUM, .lo = 1, .hi = INT64_MAX / 2,
     .metavar = "ID", .help = N_("only the events before event ID (with "
                                 "--last N: the page before it)")},
    {.name = "battle", .type = ARG_NUM, .lo = 1, .hi = INT32_MAX,
     .metavar = "N", .help = N_("only battle N's events, from its start to "
                                "its end")},
    {.name = "division", .type = ARG_NUM, .lo = 1, .hi = INT32_MAX,
     .metavar = "N", .help = N_("only the events of division N (those the "
                                "log gives its number)")},
    {.name = "open-offers", .type = ARG_FLAG,
     .help = N_("only the offers of an exchange or a liberation still open "
                "(neither answered nor undone)")},
    OPT_FORMAT(text_json_md, "text (default), json or markdown (a list to "
               "paste into a forum post)"),
    {0}};
static const cli_opt check_opts[] = {
    {.name = "head", .type = ARG_TEXT, .metavar = "HEX",
     .help = N_("a chain head noted earlier ('campaign head'): nothing up to it "
             "may have changed")},
    {.name = "side", .type = ARG_CHOICE, .vocab = cli_armies, .metavar = "S",
     .help = N_("--head is the head of that side's view (its own file's, "
             "'head --side S')")},
    CAMP_AS,
    {0}};
static const cli_opt head_opts[] = {
    {.name = "side", .type = ARG_CHOICE, .vocab = cli_armies, .metavar = "S",
     .help = N_("the head of that side's view of the chain, which its own file "
             "('export --side') carries")},
    CAMP_AS, CAMP_FORMAT, {0}};

static const cli_opt contribute_opts[] = {
    {.name = "commitment", .type = ARG_TEXT, .metavar = "HEX",
     .flags = CLI_REQUIRED,
     .help = N_("the owner's fair commitment ('engage --hidden --fair')"),
     .missing = N_("%s: give the owner's fair commitment with --commitment HEX")},
    CAMP_AS,
    CAMP_FORMAT,
    {0}};

static const cli_opt advance_opts[] = {
    {.name = "year", .type = ARG_NUM, .lo = 1861, .hi = 1865, .metavar = "Y",
     .flags = CLI_REQUIRED, .help = N_("the new year, later than the campaign's"),
     .missing = N_("%s: give the year the campaign moves on to with --year Y")},
    CAMP_AS,
    CAMP_FORMAT,
    {0}};

static const char *const export_formats[] = {"text", "json", "csv", "oob-csv",
                                             "oob-json", NULL};
static const cli_opt import_opts[] = {
    {.name = "from", .type = ARG_FILE, .metavar = "SHEET", .group = 1,
     .flags = CLI_REQUIRED | CLI_LOCAL,
     .help = N_("the order of battle to read (- for standard input)"),
     .missing = N_("%s: give the order of battle to read with --from SHEET "
                "(docs/schema/oob-csv.md)"),
     .conflict = N_("%s: give the sheet once: --from SHEET or --sheet TEXT")},
    {.name = "sheet", .type = ARG_TEXT, .metavar = "TEXT", .group = 1,
     .flags = CLI_BODY,
     .help = N_("the order of battle itself (on the web: the request's body)")},
    CAMP_AS,
    CAMP_FORMAT,
    {0}};
static const cli_opt export_opts[] = {
    CAMP_SIDE(0),
    {.name = "out", .type = ARG_FILE, .metavar = "NEW.db", .flags = CLI_ONLY,
     .help = N_("with --side: the player's own file to write (must not exist)")},
    CAMP_AS,
    OPT_FORMAT(export_formats, "csv: divisions, brigades and losses as one "
               "table on standard output; oob-csv, oob-json: the order of "
               "battle as 'campaign import' reads it"),
    {0}};

const cli_command cmd_campaign_new = {
    .name = "campaign new", .summary = N_("start a campaign ledger"),
    .opts = new_opts, .run = run_new,
    .doc = N_("Creates FILE (SQLite) for a campaign of one year and theater.\n"),
    .flags = CLI_WRITES, .args = cli_args_campaign};
const cli_command cmd_campaign_add = {
    .name = "campaign add", .summary = N_("add a division (prints its id)"),
    .opts = add_opts, .run = run_add,
    .doc = N_("Adds a division, unknown until it first fights; prints its id.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = cli_args_campaign};
const cli_command cmd_campaign_engage = {
    .name = "campaign engage", .summary = N_("generate a division as it fights"),
    .opts = engage_opts, .run = run_engage,
    .doc = N_("Generates the division once, for the year and theater of the battle\n"
           "under way (or the campaign's outside one),\n"
           "in the roll order of 'muster division', then rates its corps\n"
           "leader if it is the first of its corps to fight. --hidden prints\n"
           "only a commitment: SHA-256(salt || canonical JSON of the division,\n"
           "RFC 8785), salt 16 random bytes, both in hex; dice its owner\n"
           "chose make it 'not verifiable'. A fair roll takes three steps,\n"
           "each player in their own file: 'engage --hidden --fair' (the\n"
           "owner commits to a secret), 'contribute' (the opponent answers),\n"
           "'engage --contribution HEX' (the owner rolls on both).\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = cli_args_campaign_div};
const cli_command cmd_campaign_reveal = {
    .name = "campaign reveal", .summary = N_("reveal a hidden division"),
    .opts = reveal_opts, .run = run_answer,
    .doc = N_("Prints {\"division\":{...},\"salt\":HEX,\"commitment\":HEX}.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = cli_args_campaign_div};
const cli_command cmd_campaign_verify = {
    .name = "campaign verify", .summary = N_("check a revealed division"),
    .opts = verify_opts, .run = run_verify,
    .doc = N_("Checks a revealed division against its commitment, without the\n"
           "campaign (exit 0 match, 1 mismatch, 2 unreadable). With FILE DIV,\n"
           "the opponent checks a fair roll against their own file: the\n"
           "secret opens the commitment they saw, the dice were their\n"
           "contribution and that secret, and the tables give exactly the\n"
           "division revealed; a division rolled otherwise is not\n"
           "verifiable (exit 1).\n"),
    .flags = CLI_CAMPAIGN, .args = verify_args};
const cli_command cmd_campaign_contribute = {
    .name = "campaign contribute", .summary = N_("the opponent's half of a fair roll"),
    .opts = contribute_opts, .run = run_answer,
    .doc = N_("A fair roll, step 2: records the owner's commitment for the other\n"
           "side's division DIV and prints a random contribution to give\n"
           "them. Asked again, the same; for another commitment, refused (the\n"
           "owner would be rolling again). Works on a player's own file.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = cli_args_campaign_div};
const cli_command cmd_campaign_advance = {
    .name = "campaign advance", .summary = N_("move the campaign to a later year"),
    .opts = advance_opts, .run = run_table_event, .event = do_advance,
    .doc = N_("Between battles: divisions engaging from then on are generated\n"
           "for the new year.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = cli_args_campaign};
const cli_command cmd_campaign_undo = {
    .name = "campaign undo", .summary = N_("take an event back (a new event)"),
    .opts = as_format_opts, .run = run_undo,
    .doc = N_("Appends an undo of EVENT (default: the latest event not undone);\n"
           "the log keeps both, and the ledger stands as if EVENT had never\n"
           "happened. Refused while a later event depends on it (replaying\n"
           "the log without it would change that event), and for new, add,\n"
           "reveal, the fair-roll steps, a hidden engage and an undo. Acting\n"
           "for a side, only events about its own divisions.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = undo_args};
const cli_command cmd_campaign_import = {
    .name = "campaign import", .summary = N_("add an order of battle's divisions"),
    .opts = import_opts, .run = run_import,
    .doc = N_("Adds every division of an order of battle sheet (CSV, one row a\n"
           "brigade, or JSON; docs/schema/oob-csv.md), all or none. What the\n"
           "sheet knows (a leader's rating, batteries, brigades with their\n"
           "names, brigadiers, stands, morale) is kept; a blank cell is\n"
           "rolled by the tables when the division first engages. Until then\n"
           "it is its owner's: the other side sees the division's name, side,\n"
           "arm and corps only. A sheet whose first character is '{' is JSON.\n"
           "On the web: POST /api/campaign/import, the body the sheet itself\n"
           "(text/csv or application/json), from the umpire's link only.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES | CLI_UMPIRE,
    .args = cli_args_campaign};
const cli_command cmd_campaign_export = {
    .name = "campaign export", .summary = N_("a player's own file, or CSV"),
    .opts = export_opts, .run = run_export,
    .doc = N_("--side S --out S.db writes a new campaign file holding only what\n"
           "S may know: its own divisions, the other side's open and revealed\n"
           "ones, the other side's hidden ones as name and commitment, the log\n"
           "as S sees it. It opens as S and takes no changes but fair-roll\n"
           "contributions. --format csv writes divisions, brigades and losses\n"
           "as one table (columns: record, division, name, side, arm, corps,\n"
           "hidden, brigade, battle, stands, start, lost, captured, returned,\n"
           "freed, morale, leader, batteries, reserve). --format oob-csv or\n"
           "oob-json writes the order of battle as 'campaign import' reads\n"
           "it, as --as (or --side) may see it.\n"),
    .flags = CLI_CAMPAIGN, .args = cli_args_campaign};
const cli_command cmd_campaign_battle_start = {
    .name = "campaign battle start", .summary = N_("start a battle"),
    .opts = battle_start_opts, .run = run_table_event, .event = do_start,
    .doc = N_("Starts battle NAME; casualties are recorded against it until\n"
           "'battle end'. Only one battle is under way at a time.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = battle_start_args};
const cli_command cmd_campaign_battle_end = {
    .name = "campaign battle end", .summary = N_("end the battle under way"),
    .opts = battle_end_opts, .run = run_table_event, .event = do_end,
    .doc = N_("--winner is required: union, confederate or none (a draw, the\n"
           "draw rate for both sides). "
           "Each brigade gets back the return rate times its battlefield\n"
           "losses of that battle; a fraction of a stand is rolled for: one\n"
           "more iff d100 <= floor(100 x fraction), one roll per brigade with\n"
           "a fraction, in order of division id, then brigade. Acting for a\n"
           "side (--as), it is refused while a division hidden from it has\n"
           "casualties in the battle: its owner or the umpire ends it.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = cli_args_campaign};
const cli_command cmd_campaign_casualties = {
    .name = "campaign casualties", .summary = N_("record a brigade's losses"),
    .opts = casualties_opts, .run = run_casualties,
    .doc = N_("Casualties come off the division's actual strength. Captured\n"
           "stands and batteries are held in the captor's camp (--camp);\n"
           "destroyed batteries (--batteries-lost) are gone for good.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = cli_args_campaign_div};
const cli_command cmd_campaign_name = {
    .name = "campaign name", .summary = N_("name a division or a brigade"),
    .opts = name_opts, .run = run_table_event, .event = do_name,
    .doc = N_("Gives division DIV (or, with --brigade, its brigade K) the name\n"
           "NAME (1..100 bytes of UTF-8, no control characters), which show,\n"
           "the log, rosters and labels use from then on; DIV may be the new\n"
           "name in later commands. One event, undone like any other. A\n"
           "division's name is public and its own; a hidden division keeps\n"
           "its name until it is revealed, and its brigades' names are kept\n"
           "from the other side with the rest of it.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = name_args};
const cli_command cmd_campaign_prisoners = {
    .name = "campaign prisoners", .summary = N_("the prisoners each side holds"),
    .opts = as_format_opts, .run = run_list,
    .flags = CLI_WEB | CLI_CAMPAIGN, .args = cli_args_campaign};
const cli_command cmd_campaign_camp = {
    .name = "campaign camp", .summary = N_("a side's default prisoner-of-war camp"),
    .opts = camp_opts, .run = run_camp,
    .doc = N_("--default NAME: what S captures without --camp is held in NAME\n"
           "from now on (an event, undone like any other; prisoners held\n"
           "already stay where they are). Without --default, prints S's\n"
           "default camp ('Union POW camp', 'Confederate POW camp' until one\n"
           "is chosen). Acting for a side, only its own.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = cli_args_campaign};
const cli_command cmd_campaign_leader_lost = {
    .name = "campaign leader-lost", .summary = N_("replace a leader lost in combat"),
    .opts = leader_opts, .run = run_leader_lost,
    .doc = N_("Rolls the replacement on the leader table; a despicable corps\n"
           "leader attaches to the division named. --captured: the leader\n"
           "was taken prisoner and is held in the captor's camp.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = cli_args_campaign_div};
const cli_command cmd_campaign_penalty = {
    .name = "campaign penalty", .summary = N_("a despicable leader not revealed"),
    .opts = side_opts, .run = run_table_event, .event = do_penalty,
    .doc = N_("SIDE forgot to reveal a despicable leader, so the opponent holds a\n"
           "despicable replacement to spend with 'downgrade'.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = cli_args_campaign};
const cli_command cmd_campaign_downgrade = {
    .name = "campaign downgrade", .summary = N_("spend a penalty on a leader"),
    .opts = downgrade_opts, .run = run_table_event, .event = do_downgrade,
    .flags = CLI_WEB | CLI_CAMPAIGN | CLI_WRITES, .args = cli_args_campaign_div};
const cli_command cmd_campaign_show = {
    .name = "campaign show", .summary = N_("the ledger: divisions and losses"),
    .opts = show_opts, .run = run_list,
    .doc = N_("--side hides the other side's unrevealed divisions.\n"),
    .flags = CLI_WEB | CLI_CAMPAIGN, .args = cli_args_campaign};
const cli_command cmd_campaign_log = {
    .name = "campaign log", .summary = N_("every event, in order"),
    .opts = log_opts, .run = run_log,
    .flags = CLI_WEB | CLI_CAMPAIGN, .args = cli_args_campaign};
const cli_command cmd_campaign_check = {
    .name = "campaign check", .summary = N_("check the ledger against its log"),
    .opts = check_opts, .run = run_check,
    .doc = N_("The log is the truth: every event is replayed from the first, with\n"
           "its rolls, through the same rules, and every table is compared\n"
           "field by field; each difference is a 'problem:' line naming the\n"
           "event or the table, row and column (exit 1).\n"),
    .flags = CLI_CAMPAIGN, .args = cli_args_campaign};
const cli_command cmd_campaign_head = {
    .name = "campaign head", .summary = N_("the log's hash chain head"),
    .opts = head_opts, .run = run_answer,
    .doc = N_("The log is a hash chain: each event holds SHA-256 of the one\n"
           "before and itself. Prints the head and the number of events;\n"
           "note it after a session, and 'check --head HEX' proves that\n"
           "nothing up to it was changed or deleted since.\n"),
    .flags = CLI_CAMPAIGN, .args = cli_args_campaign};

const cli_group grp_campaign_battle = {
    .name = "campaign battle",
    .summary = N_("start or end a battle"),
    .doc = N_("'campaign battle FILE start NAME' and 'campaign battle FILE end',\n"
           "the spelling before these subcommands, still work (deprecated).\n"),
    .missing = N_("campaign battle: give start FILE NAME or end FILE (see "
               "'muster help campaign battle')"),
    .unknown = N_("campaign battle: no subcommand '%s' (see 'muster help "
               "campaign battle')"),
    .operand_first = true};

const cli_group grp_campaign = {
    .name = "campaign",
    .summary = N_("keep a campaign ledger (SQLite)"),
    .doc =
        N_("The seed's campaign rules, kept in FILE (SQLite). A division stays\n"
        "unknown until it first fights. Prisoners never return at 'battle\n"
        "end': they come home by 'exchange' or 'liberate'. Every command on a\n"
        "FILE takes --as union|confederate: acting for one side, nothing about\n"
        "the other side's unrevealed divisions is told or changed. Every\n"
        "command is one transaction: it does all it says or nothing. Bad\n"
        "input exits 2 and changes nothing.\n"),
    .missing = N_("campaign: give a subcommand and the campaign FILE (see 'muster "
               "help campaign')"),
    .unknown = N_("campaign: no subcommand '%s' (see 'muster help campaign')")};
