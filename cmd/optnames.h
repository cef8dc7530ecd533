/* SPDX-License-Identifier: MIT */
/* optnames.h -- every option name on the command table as a compile-time
 * id: a run function reads an option by its id (cli_has(cx, O_seed)), so
 * a misspelt name (O_sead) fails the build instead of aborting when that
 * line first runs. An option new to the table gets its line here (in
 * order); test_cli_engine fails while a table names an option this list
 * lacks, or this list one no table has. "by-the-book" is O_by_the_book. */
#ifndef MUSTER_CLI_OPTNAMES_H
#define MUSTER_CLI_OPTNAMES_H

#define CLI_OPTION_NAMES(X) \
    X(accept, "accept") X(arm, "arm") X(army, "army") X(as, "as") X(ask, "ask") X(base, "base") \
    X(batteries_captured, "batteries-captured") \
    X(batteries_lost, "batteries-lost") X(battle, "battle") \
    X(before, "before") \
    X(brigade, "brigade") \
    X(by_the_book, "by-the-book") X(calibrate, "calibrate") \
    X(camp, "camp") X(campaign, "campaign") \
    X(captured, "captured") X(card, "card") X(cavalry, "cavalry") \
    X(charts, "charts") \
    X(cm_per_inch, "cm-per-inch") \
    X(commitment, "commitment") X(compact, "compact") \
    X(confederate, "confederate") \
    X(confederate_batteries, "confederate-batteries") \
    X(confederate_leaders, "confederate-leaders") \
    X(contribution, "contribution") X(corps, "corps") \
    X(corps_leader, "corps-leader") X(count, "count") X(cover, "cover") \
    X(crew, "crew") X(crew_left, "crew-left") X(crossings, "crossings") \
    X(crossover, "crossover") X(decline, "decline") X(default, "default") X(division, "division") \
    X(divisions, "divisions") X(dpi, "dpi") X(fair, "fair") \
    X(figures, "figures") X(fold, "fold") X(force, "force") \
    X(format, "format") \
    X(from, "from") X(gun, "gun") \
    X(head, "head") X(hidden, "hidden") X(https, "https") X(kind, "kind") X(labels, "labels") \
    X(last, "last") \
    X(listen, "listen") X(lost, "lost") X(max_range, "max-range") \
    X(method, "method") X(move, "move") X(name, "name") \
    X(no_canister, "no-canister") X(no_point_blank, "no-point-blank") \
    X(no_qr, "no-qr") X(no_roll, "no-roll") X(only, "only") X(open_offers, "open-offers") X(out, "out") \
    X(page, "page") \
    X(paper, "paper") X(port, "port") X(range, "range") X(ranges, "ranges") \
    X(return_fire, "return-fire") X(return_loser, "return-loser") \
    X(return_rate, "return-rate") X(return_winner, "return-winner") \
    X(rolls, "rolls") X(rotate, "rotate") X(rules, "rules") X(salt, "salt") \
    X(scale, "scale") \
    X(seed, "seed") X(sheet, "sheet") X(side, "side") X(since, "since") \
    X(stat, "stat") \
    X(step, "step") \
    X(table, "table") \
    X(theater, "theater") X(threads, "threads") X(time_limit, "time-limit") \
    X(timeout, "timeout") X(title, "title") X(tls_cert, "tls-cert") \
    X(tls_key, "tls-key") X(to, "to") X(trials, "trials") \
    X(union, "union") X(union_batteries, "union-batteries") \
    X(union_leaders, "union-leaders") X(weapon, "weapon") \
    X(winner, "winner") X(withdraw, "withdraw") X(yards, "yards") X(year, "year")

typedef enum cli_optid {
#define CLI_OPT_ENUM(id, name) O_##id,
    CLI_OPTION_NAMES(CLI_OPT_ENUM)
#undef CLI_OPT_ENUM
    O_COUNT
} cli_optid;

/* cli_optnames[O_seed] is "seed". */
extern const char *const cli_optnames[O_COUNT];

#endif
