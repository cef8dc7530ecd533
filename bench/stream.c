/* SPDX-License-Identifier: MIT */
/* stream.c -- the output side of muster's speed (issue 15), in one run:
 *
 *   muster_bench_stream --muster PATH [--quick]
 *
 * 1. the writer: divisions rendered by mu_division_stream to /dev/null, in
 *    MB/s of output on one core (thread CPU time) for text, csv, jsonl and
 *    json, interleaved with the reference of the old way (a cJSON tree a
 *    division, printed unformatted);
 * 2. the tool: `division --count N` as a process to /dev/null, wall and CPU
 *    time, MB/s and maximum resident memory (getrusage of the child), next
 *    to `muster --version`;
 * 3. streaming: the first byte of `division --count 10000000` through a
 *    pipe, and how soon the run ends (and with what status) once the pipe
 *    is closed;
 * (Printing odds is muster_bench's part "printing": bench/run --only
 * printing.)
 * Figures are noisy on a shared machine: the load average is printed, and
 * ratios are taken within one round. Not a test: goals are printed, never
 * asserted. */
#include "muster.h"
#include "render.h"

#include <cjson/cJSON.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double clock_s(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static double now(void) { return clock_s(CLOCK_MONOTONIC); }
static double cpu(void) { return clock_s(CLOCK_THREAD_CPUTIME_ID); }

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void die(const char *what, const mu_error *err)
{
    fprintf(stderr, "muster_bench_stream: %s: %s\n", what,
            err ? err->msg : "failed");
    exit(1);
}

static void load(const char *when)
{
    double l[3] = {0};
    if (getloadavg(l, 3) == 3)
        printf("load average %s: %.2f %.2f %.2f\n", when, l[0], l[1], l[2]);
}

/* ---- 1. the writer --------------------------------------------------------- */

typedef struct sink {
    int fd;
    uint64_t bytes;
} sink;

static mu_status sink_write(void *ctx, const char *text, size_t len,
                            mu_error *err)
{
    sink *s = ctx;
    s->bytes += len;
    if (write(s->fd, text, len) != (ssize_t)len)
        return mu_error_set(err, MU_EIO, MU_R_NONE, "write");
    return MU_OK;
}

#define POOL 4096

/* Renders n divisions (cycling through the pool) in format f: seconds of
 * thread CPU time, bytes into *bytes. */
static double writer_run(const mu_division *pool, uint64_t n, mu_format f,
                         int fd, uint64_t *bytes)
{
    mu_render_opts ro = {.format = f, .has_seed = true, .seed = 1};
    sink s = {fd, 0};
    mu_division_stream *st;
    mu_error err;
    double t0 = cpu();
    if (mu_division_stream_new(&ro, true, sink_write, &s, &st, &err) != MU_OK)
        die("stream", &err);
    for (uint64_t i = 0; i < n; i++)
        if (mu_division_stream_put(st, &pool[i % POOL], &err) != MU_OK)
            die("put", &err);
    if (mu_division_stream_end(st, &err) != MU_OK)
        die("end", &err);
    mu_division_stream_free(st);
    *bytes = s.bytes;
    return cpu() - t0;
}

/* The old JSONL path: a cJSON tree a division, printed and freed. */
static double cjson_run(const mu_division *pool, uint64_t n, int fd,
                        uint64_t *bytes)
{
    double t0 = cpu();
    *bytes = 0;
    for (uint64_t i = 0; i < n; i++) {
        cJSON *o = render_division_json(&pool[i % POOL], NULL);
        cJSON_AddNumberToObject(o, "index", (double)i + 1);
        cJSON_AddRawToObject(o, "seed", "1");
        char *s = cJSON_PrintUnformatted(o);
        size_t len = strlen(s);
        *bytes += len + 1;
        if (write(fd, s, len) < 0 || write(fd, "\n", 1) < 0)
            die("write", NULL);
        cJSON_free(s);
        cJSON_Delete(o);
    }
    return cpu() - t0;
}

static void writer(uint64_t n)
{
    static mu_division pool[POOL];
    mu_rules *r;
    mu_dice *d;
    mu_error err;
    mu_oob_opts o = {MU_UNION, MU_YEAR_UNKNOWN, MU_THEATER_UNKNOWN,
                     MU_INFANTRY, false};
    if (mu_rules_default(&r, &err) != MU_OK ||
        mu_dice_new_seeded(1, &d, &err) != MU_OK)
        die("setup", &err);
    for (int i = 0; i < POOL; i++)
        if (mu_division_generate(r, d, &o, &pool[i], &err) != MU_OK)
            die("generate", &err);
    int fd = open("/dev/null", O_WRONLY);
    static const char *const names[] = {"text", "csv", "jsonl", "json"};
    static const mu_format fmts[] = {MU_FMT_TEXT, MU_FMT_CSV, MU_FMT_JSONL,
                                     MU_FMT_JSON};
    enum { ROUNDS = 3 };
    double best[5] = {1e9, 1e9, 1e9, 1e9, 1e9};
    uint64_t bytes[5] = {0};
    for (int round = 0; round < ROUNDS; round++) /* interleaved */
        for (int k = 0; k < 5; k++) {
            double t = k < 4 ? writer_run(pool, n, fmts[k], fd, &bytes[k])
                             : cjson_run(pool, n, fd, &bytes[k]);
            if (t < best[k])
                best[k] = t;
        }
    printf("\n1. the writer: %llu divisions to /dev/null, one core (thread "
           "CPU time, best of %d interleaved rounds)\n",
           (unsigned long long)n, ROUNDS);
    for (int k = 0; k < 5; k++)
        printf("  %-22s %6.3f us a division, %7.0f MB/s (%5.0f bytes each)%s\n",
               k < 4 ? names[k] : "jsonl by cJSON (old)",
               1e6 * best[k] / (double)n, (double)bytes[k] / best[k] / 1e6,
               (double)bytes[k] / (double)n,
               k < 4 ? "  goal >= 300 MB/s" : "");
    printf("  jsonl: direct writer %.1fx the cJSON tree\n", best[4] / best[2]);
    close(fd);
    mu_dice_free(d);
    mu_rules_free(r);
}

/* ---- 2. the tool ------------------------------------------------------------ */

typedef struct run_stats {
    double wall, cpu; /* seconds */
    long maxrss;      /* kB */
    int status;
} run_stats;

/* Runs argv with stdout to /dev/null; wall time, the child's CPU time and
 * maximum resident memory (wait4's rusage). */
static run_stats run(char *const argv[])
{
    run_stats s = {0, 0, 0, -1};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    double t0 = now();
    if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) == 0) {
        struct rusage ru;
        int st;
        if (wait4(pid, &st, 0, &ru) == pid) {
            s.wall = now() - t0;
            s.cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
                    1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
            s.maxrss = ru.ru_maxrss;
            s.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        }
    }
    posix_spawn_file_actions_destroy(&fa);
    return s;
}

static void tool(const char *muster, uint64_t n, const uint64_t *bytes)
{
    char count[32];
    snprintf(count, sizeof count, "%llu", (unsigned long long)n);
    static const char *const names[] = {"text", "csv", "jsonl", "json"};
    printf("\n2. the tool: division --army union --count %s --seed 1 "
           "> /dev/null (best of 3)\n", count);
    char *ver[] = {(char *)muster, "--version", NULL};
    run_stats v = run(ver);
    for (int k = 0; k < 4; k++) {
        char *argv[] = {(char *)muster, "division", "--army", "union",
                        "--count", count, "--seed", "1", "--format",
                        (char *)names[k], NULL};
        run_stats best = {1e9, 1e9, 0, 0};
        for (int i = 0; i < 3; i++) {
            run_stats s = run(argv);
            if (s.status != 0) {
                printf("  %s: exit %d\n", names[k], s.status);
                return;
            }
            if (s.cpu < best.cpu)
                best = s;
        }
        printf("  %-6s %6.3f us a division of CPU, %7.0f MB/s of CPU (wall "
               "%.2f s), max RSS %ld kB\n", names[k],
               1e6 * best.cpu / (double)n,
               bytes[k] ? (double)bytes[k] / best.cpu / 1e6 : 0.0, best.wall,
               best.maxrss);
    }
    printf("  reference: muster --version, max RSS %ld kB (goal: RSS under "
           "8 MB whatever the count)\n", v.maxrss);
}

/* ---- 3. streaming ----------------------------------------------------------- */

/* `division --count 10000000`: seconds to the first byte through a pipe,
 * seconds from closing the pipe to the end, and the exit status. */
static void first_byte(const char *muster, double *first, double *end,
                       int *status)
{
    int p[2];
    if (pipe(p) < 0)
        die("pipe", NULL);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, p[1], 1);
    posix_spawn_file_actions_addclose(&fa, p[0]);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    char *argv[] = {(char *)muster, "division", "--army", "union", "--count",
                    "10000000", "--seed", "1", "--format", "jsonl", NULL};
    pid_t pid;
    double t0 = now();
    if (posix_spawn(&pid, muster, &fa, NULL, argv, environ) != 0)
        die("spawn", NULL);
    posix_spawn_file_actions_destroy(&fa);
    close(p[1]);
    char c;
    *first = read(p[0], &c, 1) == 1 ? now() - t0 : -1;
    double t1 = now();
    close(p[0]);
    int st;
    waitpid(pid, &st, 0);
    *end = now() - t1;
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static void streaming(const char *muster)
{
    enum { REPS = 7 };
    double f[REPS], e[REPS], v[REPS];
    int status = 0;
    for (int i = 0; i < REPS; i++) {
        int st;
        first_byte(muster, &f[i], &e[i], &st);
        if (st != 0)
            status = st;
        char *ver[] = {(char *)muster, "--version", NULL};
        v[i] = run(ver).wall;
    }
    qsort(f, REPS, sizeof *f, cmp_double);
    qsort(e, REPS, sizeof *e, cmp_double);
    qsort(v, REPS, sizeof *v, cmp_double);
    printf("\n3. streaming: division --count 10000000 --format jsonl | ... "
           "(median of %d)\n", REPS);
    printf("  first byte after %.2f ms  (goal <= 5 ms; muster --version runs "
           "in %.2f ms)\n", 1e3 * f[REPS / 2], 1e3 * v[REPS / 2]);
    printf("  the pipe closed: the run ends %.2f ms later, exit %d  (goal: "
           "at once, 0)\n", 1e3 * e[REPS / 2], status);
}

int main(int argc, char **argv)
{
    const char *muster = "build/muster";
    bool quick = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--muster") && i + 1 < argc)
            muster = argv[++i];
        else if (!strcmp(argv[i], "--quick"))
            quick = true;
        else {
            fprintf(stderr, "usage: muster_bench_stream [--muster PATH] "
                            "[--quick]\n");
            return 2;
        }
    }
    signal(SIGPIPE, SIG_IGN);
    load("at the start");
    uint64_t n = quick ? 20000 : 200000;
    writer(n);
    /* the tool's bytes: the same count and seed render the same text */
    uint64_t bytes[4] = {0};
    {
        mu_rules *r;
        mu_dice *d;
        mu_error err;
        mu_oob_opts o = {MU_UNION, MU_YEAR_UNKNOWN, MU_THEATER_UNKNOWN,
                         MU_INFANTRY, false};
        static const mu_format f[] = {MU_FMT_TEXT, MU_FMT_CSV, MU_FMT_JSONL,
                                      MU_FMT_JSON};
        int fd = open("/dev/null", O_WRONLY);
        for (int k = 0; k < 4; k++) {
            mu_render_opts ro = {.format = f[k], .has_seed = true, .seed = 1};
            sink s = {fd, 0};
            mu_division_stream *st;
            mu_division dv;
            if (mu_rules_default(&r, &err) != MU_OK ||
                mu_dice_new_seeded(1, &d, &err) != MU_OK ||
                mu_division_stream_new(&ro, true, sink_write, &s, &st, &err))
                die("setup", &err);
            for (uint64_t i = 0; i < n; i++)
                if (mu_division_generate(r, d, &o, &dv, &err) != MU_OK ||
                    mu_division_stream_put(st, &dv, &err) != MU_OK)
                    die("generate", &err);
            mu_division_stream_end(st, &err);
            mu_division_stream_free(st);
            bytes[k] = s.bytes;
            mu_dice_free(d);
            mu_rules_free(r);
        }
        close(fd);
    }
    tool(muster, n, bytes);
    streaming(muster);
    load("at the end");
    return 0;
}
