/* odds_cli.h -- options shared by 'muster odds' and 'muster sim' (private to
 * cli/cmd_odds.c and cli/cmd_sim.c). */
#ifndef MUSTER_ODDS_CLI_H
#define MUSTER_ODDS_CLI_H

#include "cli.h"

enum { OO_THREADS = OOB_NEXT, OO_METHOD };

/* What 'odds division|corps' and 'sim division|corps' are asked. */
typedef struct odds_oob_args {
    cli_common cc;
    cli_oob b;       /* army, year, theater, arm, divisions, cavalry */
    uint64_t trials; /* sim: -n (default 1000000) */
    int threads;     /* sim: 0 = one per processor */
} odds_oob_args;

/* Parses the options of `cmd` ("odds corps", "sim division"...). With
 * `sim`, -n/--trials, --seed and --threads are taken, else refused. Returns
 * -1 to go on, or an exit code. */
int odds_oob_parse(int argc, char **argv, const char *cmd, bool sim,
                   odds_oob_args *a);

/* What 'odds fire' and 'sim fire' are asked: the options of 'fire', the
 * method, and for sim the trials and threads. */
typedef struct odds_fire_args {
    cli_fire f;
    mu_hit_method method;
    uint64_t trials;
    int threads;
    mu_volley volley; /* computed by odds_fire_parse */
} odds_fire_args;

/* Parses the options, loads the weapons and computes the volley. Returns -1
 * to go on, or an exit code after reporting. */
int odds_fire_parse(int argc, char **argv, const char *cmd, bool sim,
                    odds_fire_args *a);

/* Parses the options of 'odds charge' (for `cmd`, e.g. "plot odds charge")
 * into *cc and *o, whose names point into argv. Returns -1 to go on, or an
 * exit code after reporting. */
int odds_charge_parse(int argc, char **argv, const char *cmd, cli_common *cc,
                      mu_charge_opts *o);

/* A whole number in [lo, hi] for option `name`; reports when it is not. */
bool cli_u64(const char *name, const char *arg, uint64_t lo, uint64_t hi,
             uint64_t *out);

#endif
