/* SPDX-License-Identifier: MIT */
/* sim.c -- simulated odds: many divisions or corps from the generator's
 * rolls and tables, on several threads, with a result that does not depend
 * on the number of threads.
 *
 * The trials are cut into blocks of MU_SIM_BLOCK. Block b rolls the dice of
 * the seed advanced by b jumps of xoshiro256** (2^128 outputs each, so no
 * two blocks can overlap). Threads take blocks in turn from a shared
 * counter; each keeps integer tallies, summed at the end, so the order in
 * which blocks finish changes nothing. */
#include "real.h"
#include "error.h"
#include "odds.h"
#include "oob.h"
#include "dice.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A volley to simulate, by one method. */
typedef struct fire_sim {
    bool per_figure;
    int sure, threshold;       /* additive */
    int64_t n;                 /* per figure: effectives */
    int whole;                 /* per figure: floor(P) */
    odds_u128 frac_num, frac_den; /* P - floor(P), 0 when P is whole */
} fire_sim;

typedef struct sim_job {
    const mu_rules *r;
    const mu_oob_opts *o;
    const fire_sim *fire; /* a volley instead of orders of battle */
    int divisions;       /* 0: single divisions; else corps of this many */
    int nstats;          /* statistics tallied (MU_STAT_COUNT, or 1) */
    uint64_t seed, trials, nblocks;
    int nvals;           /* values per statistic in a tally */
    atomic_uint_fast64_t next_block;
    atomic_uint_fast64_t done;
    struct timespec deadline; /* mu_sim_opts.seconds from the start */
    bool timed;
    atomic_bool stop;         /* the deadline has passed */
} sim_job;

/* Past the deadline: no thread takes another block. The blocks taken
 * before are finished, and blocks are taken in order, so the trials run
 * are always the first ones: the same as asking for that many. */
static bool time_up(sim_job *job)
{
    if (!job->timed || atomic_load(&job->next_block) == 0)
        return false;
    if (atomic_load(&job->stop))
        return true;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec < job->deadline.tv_sec ||
        (now.tv_sec == job->deadline.tv_sec &&
         now.tv_nsec < job->deadline.tv_nsec))
        return false;
    atomic_store(&job->stop, true);
    return true;
}

static void set_deadline(sim_job *job, double seconds)
{
    job->timed = seconds > 0;
    atomic_init(&job->stop, false);
    if (!job->timed)
        return;
    clock_gettime(CLOCK_MONOTONIC, &job->deadline);
    double whole = (double)(int64_t)seconds;
    job->deadline.tv_sec += (time_t)whole;
    job->deadline.tv_nsec += (long)((seconds - whole) * 1e9);
    if (job->deadline.tv_nsec >= 1000000000L) {
        job->deadline.tv_sec++;
        job->deadline.tv_nsec -= 1000000000L;
    }
}

/* A division's tally is kept as three joint histograms, three increments
 * a division instead of thirteen, and spread out into the thirteen
 * statistics at the end:
 *   art  (total stands, ratio, extra battery, extra reserve)
 *   mor  (leader, brigades, green, veteran): crack is the rest
 *   brg  (brigades, despicable, average): exceptional is the rest */
#define NB9 (MU_MAX_BRIGADES + 1)
#define NR (MU_MAX_RATIO + 1)
#define ART_N ((ODDS_MAXV + 1) * NR * 4)
#define MOR_N (3 * NB9 * NB9 * NB9)
#define BRG_N (NB9 * NB9 * NB9)

typedef struct div_tally {
    uint64_t art[ART_N];
    uint64_t mor[MOR_N];
    uint64_t brg[BRG_N];
} div_tally;

/* Each worker's own cache lines: nothing another thread writes shares
 * one with what this one reads or writes while it simulates. */
typedef struct sim_worker {
    _Alignas(64) sim_job *job;
    uint64_t *tally;     /* corps: MU_STAT_COUNT * nvals counts */
    div_tally *dt;       /* divisions */
    mu_division *corps;  /* corps: its divisions */
    const mu_sim_opts *report; /* the caller's thread only: progress */
    mu_status st;
} sim_worker;

/* What one division or corps came to: the counts the statistics are of. */
typedef struct sim_outcome {
    int morale[3];    /* brigades per morale */
    int brigadier[3]; /* brigadiers per rating, as played */
} sim_outcome;

static inline void count_brigades(const mu_division *v, sim_outcome *c)
{
    for (int b = 0; b < v->nbrigades; b++) {
        c->morale[v->brigades[b].morale]++;
        c->brigadier[v->brigades[b].leader]++;
    }
}

static inline void tally_division(div_tally *t, const mu_division *v)
{
    sim_outcome c = {{0}, {0}};
    count_brigades(v, &c);
    const mu_artillery *a = &v->artillery;
    unsigned T = (unsigned)v->stands, ratio = (unsigned)a->ratio;
    unsigned B = (unsigned)a->batteries, nb = (unsigned)v->nbrigades;
    unsigned xb = B - T / ratio, xr = (unsigned)a->reserve - B / 3;
    t->art[(T * NR + ratio) * 4 + xb * 2 + xr]++;
    t->mor[(((unsigned)v->leader * NB9 + nb) * NB9 + (unsigned)c.morale[0]) *
               NB9 + (unsigned)c.morale[1]]++;
    t->brg[(nb * NB9 + (unsigned)c.brigadier[0]) * NB9 +
           (unsigned)c.brigadier[1]]++;
}

/* The thirteen statistics from the joint histograms. */
static void spread_joint(const div_tally *t, uint64_t *out, int nv)
{
    for (unsigned T = 0; T <= ODDS_MAXV; T++)
        for (unsigned ratio = 1; ratio < NR; ratio++)
            for (unsigned x = 0; x < 4; x++) {
                uint64_t c = t->art[(T * NR + ratio) * 4 + x];
                if (!c)
                    continue;
                unsigned B = T / ratio + (x >> 1), R = B / 3 + (x & 1);
                out[MU_STAT_STANDS * nv + (int)T] += c;
                out[MU_STAT_RATIO * nv + (int)ratio] += c;
                out[MU_STAT_BATTERIES * nv + (int)B] += c;
                out[MU_STAT_RESERVE * nv + (int)R] += c;
                out[MU_STAT_DIVISION_BATTERIES * nv + (int)(B - R)] += c;
            }
    for (int k = 0; k < MOR_N; k++) {
        if (!t->mor[k])
            continue;
        int v = k % NB9, g = k / NB9 % NB9, nb = k / (NB9 * NB9) % NB9;
        int lead = k / (NB9 * NB9 * NB9);
        out[MU_STAT_LEADER * nv + lead] += t->mor[k];
        out[MU_STAT_BRIGADES * nv + nb] += t->mor[k];
        out[MU_STAT_GREEN * nv + g] += t->mor[k];
        out[MU_STAT_VETERAN * nv + v] += t->mor[k];
        out[MU_STAT_CRACK * nv + nb - g - v] += t->mor[k];
    }
    for (int k = 0; k < BRG_N; k++) {
        if (!t->brg[k])
            continue;
        int a = k % NB9, d = k / NB9 % NB9, nb = k / (NB9 * NB9);
        out[MU_STAT_DESPICABLE * nv + d] += t->brg[k];
        out[MU_STAT_AVERAGE * nv + a] += t->brg[k];
        out[MU_STAT_EXCEPTIONAL * nv + nb - d - a] += t->brg[k];
    }
}

static void tally_corps(uint64_t *t, int nv, const mu_corps *c)
{
    sim_outcome o = {{0}, {0}};
    int brigades = 0;
    for (int i = 0; i < c->ndivisions; i++) {
        count_brigades(&c->divisions[i], &o);
        brigades += c->divisions[i].nbrigades;
    }
    t[MU_STAT_LEADER * nv + (int)c->leader]++;
    t[MU_STAT_BRIGADES * nv + brigades]++;
    t[MU_STAT_STANDS * nv + c->stands]++;
    t[MU_STAT_GREEN * nv + o.morale[0]]++;
    t[MU_STAT_VETERAN * nv + o.morale[1]]++;
    t[MU_STAT_CRACK * nv + o.morale[2]]++;
    t[MU_STAT_DESPICABLE * nv + o.brigadier[0]]++;
    t[MU_STAT_AVERAGE * nv + o.brigadier[1]]++;
    t[MU_STAT_EXCEPTIONAL * nv + o.brigadier[2]]++;
    t[MU_STAT_BATTERIES * nv + c->batteries]++;
    t[MU_STAT_DIVISION_BATTERIES * nv + c->batteries - c->reserve]++;
    t[MU_STAT_RESERVE * nv + c->reserve]++;
}

static uint64_t block_len(const sim_job *job, uint64_t b)
{
    uint64_t first = b * MU_SIM_BLOCK;
    return job->trials - first < MU_SIM_BLOCK ? job->trials - first
                                              : MU_SIM_BLOCK;
}

/* Per figure, a roll of floor(P) + 1 when P is not whole: further d100s
 * are the base-100 digits of a uniform number in [0, 1), compared with the
 * fraction's digits until they differ. Hits with probability exactly the
 * fraction. */
static unsigned fraction_hit(const fire_sim *x, mu_dice *d)
{
    odds_u128 rem = x->frac_num;
    for (;;) {
        if (rem == 0)
            return 0; /* the digits so far were equal: U >= fraction */
        unsigned digit = (unsigned)(rem * 100 / x->frac_den);
        rem = rem * 100 % x->frac_den;
        unsigned u = (unsigned)dice_seeded_d100(d) - 1;
        if (u != digit)
            return u < digit;
    }
}

static uint64_t one_volley(const fire_sim *x, mu_dice *d)
{
    if (!x->per_figure)
        return (uint64_t)x->sure +
               (x->threshold > 0 &&
                dice_seeded_d100(d) <= x->threshold);
    uint64_t hits = 0;
    for (int64_t k = 0; k < x->n; k++) {
        int roll = dice_seeded_d100(d);
        if (roll <= x->whole)
            hits++;
        else if (roll == x->whole + 1 && x->frac_num)
            hits += fraction_hit(x, d);
    }
    return hits;
}

/* n trials from the seeded source d (a block's copy: it is used up). The
 * generator is the one every command uses, mu_division_generate. */
static mu_status run_block(const sim_job *job, sim_worker *w, mu_dice *d,
                           uint64_t n)
{
    mu_error err;
    mu_division v;
    mu_corps c = {0};
    for (uint64_t i = 0; i < n; i++) {
        if (job->fire) {
            w->tally[one_volley(job->fire, d)]++;
        } else if (!job->divisions) {
            if (mu_division_generate(job->r, d, job->o, &v, &err) != MU_OK)
                return err.code;
            tally_division(w->dt, &v);
        } else {
            c.divisions = w->corps;
            if (oob_corps_into(job->r, d, job->o, job->divisions, 0, &c,
                               &err) != MU_OK)
                return err.code;
            tally_corps(w->tally, job->nvals, &c);
        }
    }
    return MU_OK;
}

/* The tallies are made here, by the thread that fills them. */
static mu_status worker_alloc(const sim_job *job, sim_worker *w)
{
    size_t per = (size_t)job->nstats * (size_t)job->nvals;
    w->tally = calloc(per, sizeof *w->tally);
    if (!job->divisions && !job->fire)
        w->dt = calloc(1, sizeof *w->dt);
    if (job->divisions)
        w->corps = malloc((size_t)job->divisions * sizeof *w->corps);
    bool ok = w->tally && (job->fire || (job->divisions ? !!w->corps : !!w->dt));
    return ok ? MU_OK : MU_ENOMEM;
}

static void *worker_main(void *arg)
{
    sim_worker *w = arg;
    sim_job *job = w->job;
    mu_dice *d = NULL;
    mu_error err;
    if ((w->st = worker_alloc(job, w)) != MU_OK ||
        (w->st = mu_dice_new_seeded(job->seed, &d, &err)) != MU_OK)
        return NULL;
    uint64_t at = 0; /* the block d stands at */
    while (!time_up(job) && w->st == MU_OK) {
        uint64_t b = atomic_fetch_add(&job->next_block, 1);
        if (b >= job->nblocks)
            break;
        for (; at < b; at++)
            mu_dice_jump(d, &err);
        mu_dice roll = *d; /* block b's rolls; d stays at its start */
        uint64_t n = block_len(job, b);
        w->st = run_block(job, w, &roll, n);
        uint64_t done = atomic_fetch_add(&job->done, n) + n;
        if (w->report && w->report->progress)
            w->report->progress(w->report->ud, done, job->trials);
    }
    mu_dice_free(d);
    return NULL;
}

/* Runs the job on s->threads threads (the caller's among them) and adds
 * up their tallies into total (nstats * nvals counts). */
static mu_status run_job(sim_job *job, const mu_sim_opts *s, uint64_t *total,
                         mu_error *err)
{
    int nt = (uint64_t)s->threads > job->nblocks ? (int)job->nblocks
                                                  : s->threads;
    size_t per = (size_t)job->nstats * (size_t)job->nvals;
    sim_worker *w = aligned_alloc(64, (size_t)nt * sizeof *w);
    pthread_t *th = calloc((size_t)nt, sizeof *th);
    mu_status st = w && th ? MU_OK : err_nomem(err);
    if (w)
        memset(w, 0, (size_t)nt * sizeof *w);
    for (int i = 0; i < nt && st == MU_OK; i++)
        w[i].job = job;
    int started = 1;
    for (int i = 1; i < nt && st == MU_OK; i++, started++)
        if (pthread_create(&th[i], NULL, worker_main, &w[i]) != 0) {
            st = err_why(err, MU_EINTERNAL, MU_R_TOO_MANY_THREADS,
                         "cannot start simulation thread %d of %d", i + 1, nt);
            /* Let the started ones stop at once. */
            atomic_store(&job->next_block, job->nblocks);
        }
    if (st == MU_OK) {
        /* The caller's thread works too and reports progress between its
         * blocks, so the callback never runs on another thread. */
        w[0].report = s;
        worker_main(&w[0]);
    }
    for (int i = 1; i < started; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < nt && st == MU_OK; i++)
        if (w[i].st != MU_OK)
            st = err_nomem(err);
    if (st == MU_OK) {
        memset(total, 0, per * sizeof *total);
        for (int i = 0; i < nt; i++) {
            if (w[i].dt)
                spread_joint(w[i].dt, w[i].tally, job->nvals);
            for (size_t k = 0; k < per; k++)
                total[k] += w[i].tally[k];
        }
    }
    for (int i = 0; w && i < nt; i++) {
        free(w[i].dt);
        free(w[i].tally);
        free(w[i].corps);
    }
    free(w);
    free(th);
    return st;
}

static mu_status check_sim_opts(const mu_sim_opts *s, mu_error *err)
{
    if (s->trials < 1 || s->trials > 1000000000000ull)
        return err_set(err, MU_EINPUT, "simulate 1 to 10^12 trials, not %llu",
                       (unsigned long long)s->trials);
    if (!(s->seconds >= 0 && s->seconds <= 1e9))
        return err_set(err, MU_EINPUT, "a time limit is 0 (none) to 10^9 "
                       "seconds");
    if (s->threads < 1 || s->threads > MU_SIM_MAX_THREADS)
        return err_set(err, MU_EINPUT, "use 1 to %d threads, not %d",
                       MU_SIM_MAX_THREADS, s->threads);
    return MU_OK;
}

/* Runs the job for s's trials and sets out[k], for each of its
 * statistics that `skip` does not mark (bit k), to the frequencies of its
 * tallies; *ran gets the trials run (fewer than asked when the time ran
 * out). */
static mu_status run_dists(sim_job *job, const mu_sim_opts *s, unsigned skip,
                           mu_dist *out, uint64_t *ran, mu_error *err)
{
    job->seed = s->seed;
    job->trials = s->trials;
    job->nblocks = (s->trials + MU_SIM_BLOCK - 1) / MU_SIM_BLOCK;
    atomic_init(&job->next_block, 0);
    atomic_init(&job->done, 0);
    set_deadline(job, s->seconds);
    size_t nv = (size_t)job->nvals;
    uint64_t *total = malloc((size_t)job->nstats * nv * sizeof *total);
    real_t *v = malloc(nv * sizeof *v);
    mu_status st = total && v ? MU_OK : err_nomem(err);
    if (st == MU_OK)
        st = run_job(job, s, total, err);
    if (st == MU_OK)
        *ran = atomic_load(&job->done);
    for (int k = 0; k < job->nstats && st == MU_OK; k++) {
        if (skip & (1u << k))
            continue;
        for (size_t i = 0; i < nv; i++)
            v[i] = (real_t)total[(size_t)k * nv + i] / (real_t)*ran;
        st = odds_dist_set(&out[k], v, job->nvals, err);
    }
    free(v);
    free(total);
    return st;
}

/* Divisions (divisions 0) or corps of that many (1..64; -1 for counts
 * that make no corps). */
static mu_status sim_oob(const mu_rules *r, const mu_oob_opts *o,
                         int divisions, const mu_sim_opts *s,
                         mu_oob_odds *out, mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    odds_head(o, divisions > 0 ? divisions : 1, out);
    if (divisions < 0 || divisions > 64)
        return err_set(err, MU_EINPUT,
                       "a corps has 1..64 divisions (infantry and cavalry)");
    if (!r || !s)
        return err_set(err, MU_EINPUT, "no rules or simulation options given");
    mu_status st = oob_check_opts(o, err);
    if (st != MU_OK)
        return st;
    if ((st = check_sim_opts(s, err)) != MU_OK)
        return st;
    int D = divisions ? divisions : 1;
    sim_job job = {.r = r, .o = o, .divisions = divisions,
                   .nvals = D * ODDS_MAXV + 1, .nstats = MU_STAT_COUNT};
    out->simulated = true;
    out->seed = s->seed;
    st = run_dists(&job, s, divisions ? 1u << MU_STAT_RATIO : 0, out->stat,
                   &out->trials, err);
    if (st != MU_OK) /* the contract: empty on failure */
        mu_oob_odds_clear(out);
    return st;
}

mu_status mu_sim_division(const mu_rules *r, const mu_oob_opts *o,
                          const mu_sim_opts *s, mu_oob_odds *out, mu_error *err)
{
    return sim_oob(r, o, 0, s, out, err);
}

mu_status mu_sim_corps(const mu_rules *r, const mu_oob_opts *o, int infantry,
                       int cavalry, const mu_sim_opts *s, mu_oob_odds *out,
                       mu_error *err)
{
    int D = infantry + cavalry;
    bool corps = infantry >= 0 && cavalry >= 0 && D >= 1;
    return sim_oob(r, o, corps ? D : -1, s, out, err);
}

/* ---- a volley -------------------------------------------------------- */

/* Both methods in one run: progress counts the two as one bar. */
typedef struct two_bars {
    const mu_sim_opts *s;
    uint64_t offset, total;
} two_bars;

static void two_bars_cb(void *ud, uint64_t done, uint64_t total)
{
    (void)total;
    two_bars *b = ud;
    b->s->progress(b->s->ud, b->offset + done, b->total);
}

mu_status mu_sim_fire(const mu_volley *v, mu_hit_method m, const mu_sim_opts *s,
                      mu_fire_odds *out, mu_error *err)
{
    if (!out)
        return err_set(err, MU_EINPUT, "no result given");
    memset(out, 0, sizeof *out);
    out->additive.lo = out->per_figure.lo = 1;
    if (!v || !s)
        return err_set(err, MU_EINPUT, "no volley or simulation options given");
    if (m < MU_METHOD_ADDITIVE || m > MU_METHOD_BOTH)
        return err_set(err, MU_EINPUT, "unknown method: choose additive, "
                       "per-figure or both");
    mu_status st = check_sim_opts(s, err);
    if (st != MU_OK)
        return st;
    if (v->sure_hits < 0 || v->effectives < 0 || v->threshold < 0 ||
        v->threshold > 99 || v->p.den <= 0 || v->p.num < 0 ||
        v->p.num > v->p.den * 100 || v->effectives > MU_HITS_MAX_EFFECTIVES)
        return err_set(err, MU_EINPUT, "not a volley mu_fire_compute made");
    out->volley = *v;
    out->method = m;
    out->simulated = true;
    out->trials = s->trials;
    out->seed = s->seed;
    two_bars bars = {s, 0, s->trials * (m == MU_METHOD_BOTH ? 2 : 1)};
    mu_sim_opts so = *s;
    if (s->progress) {
        so.progress = two_bars_cb;
        so.ud = &bars;
    }
    /* Per figure first when the time is limited: it rolls a die per
     * effective, the additive rule at most one, so the second method runs
     * the same trials in no more time than the first took. */
    bool pf_first = s->seconds > 0 && m == MU_METHOD_BOTH;
    for (int k = 0; k < 2 && st == MU_OK; k++) {
        bool additive = (k == 0) != pf_first;
        if (!(m & (additive ? MU_METHOD_ADDITIVE : MU_METHOD_PER_FIGURE)))
            continue;
        fire_sim x = {.sure = v->sure_hits, .threshold = v->threshold};
        if (!additive) { /* P = whole + frac_num / frac_den, 0 <= frac < 1 */
            x = (fire_sim){.per_figure = true, .n = v->effectives,
                           .whole = (int)(v->p.num / v->p.den),
                           .frac_num = (odds_u128)(v->p.num % v->p.den),
                           .frac_den = (odds_u128)v->p.den};
        }
        sim_job job = {.fire = &x, .nstats = 1,
                       .nvals = additive ? v->sure_hits + 2
                                         : (int)v->effectives + 1};
        st = run_dists(&job, &so, 0,
                       additive ? &out->additive : &out->per_figure,
                       &out->trials, err);
        bars.offset = s->trials;
        /* Both methods: the second runs as many trials as the first did. */
        so.trials = out->trials;
        so.seconds = 0;
    }
    if (st != MU_OK) /* the contract: empty on failure */
        mu_fire_odds_clear(out);
    return st;
}
