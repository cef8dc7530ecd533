/* SPDX-License-Identifier: MIT */
/* bench_proc.c -- child processes timed side by side, and the goals table
 * (see bench.h). */
#define _GNU_SOURCE /* pipe2, mkostemp: no descriptor leaks into the children */
#include "bench.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

double bench_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

double bench_cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

double bench_median(double *v, int n)
{
    if (n <= 0)
        return -1;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Starts argv with stdout on `outfd` (or `out`, or /dev/null). */
static bool spawn(char *const argv[], const char *out, int outfd,
                  char *const envp[], pid_t *pid)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (outfd >= 0)
        posix_spawn_file_actions_adddup2(&fa, outfd, 1);
    else
        posix_spawn_file_actions_addopen(&fa, 1, out ? out : "/dev/null",
                                         O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    int rc = posix_spawn(pid, argv[0], &fa, NULL, argv, envp ? envp : environ);
    posix_spawn_file_actions_destroy(&fa);
    return rc == 0;
}

static int reap_cpu(pid_t pid, long *maxrss_kb, double *cpu)
{
    int st;
    struct rusage ru;
    while (wait4(pid, &st, 0, &ru) < 0)
        if (errno != EINTR)
            return -1;
    if (maxrss_kb)
        *maxrss_kb = ru.ru_maxrss;
    if (cpu)
        *cpu = (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
               (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int reap(pid_t pid, long *maxrss_kb)
{
    return reap_cpu(pid, maxrss_kb, NULL);
}

bool proc_run1(char *const argv[], const char *out, proc_run *r)
{
    pid_t pid;
    double t0 = bench_now();
    if (!spawn(argv, out, -1, NULL, &pid))
        return false;
    r->status = reap_cpu(pid, &r->maxrss_kb, &r->cpu);
    r->wall = bench_now() - t0;
    return r->status == 0;
}

bool proc_interleave_cpu(char *const *const argv[], int k, int reps,
                         double *med, double *cpu)
{
    double *t = malloc((size_t)(2 * k * reps) * sizeof *t);
    if (!t)
        return false;
    double *c = t + k * reps;
    bool ok = true;
    for (int r = 0; r < reps && ok; r++)
        for (int i = 0; i < k && ok; i++) {
            proc_run pr = {0};
            ok = proc_run1(argv[i], NULL, &pr);
            t[i * reps + r] = pr.wall;
            c[i * reps + r] = pr.cpu;
        }
    for (int i = 0; i < k && ok; i++) {
        med[i] = bench_median(t + i * reps, reps);
        if (cpu)
            cpu[i] = bench_median(c + i * reps, reps);
    }
    free(t);
    return ok;
}

bool proc_interleave(char *const *const argv[], int k, int reps, double *med)
{
    return proc_interleave_cpu(argv, k, reps, med, NULL);
}

double proc_pair(char *const argv[])
{
    pid_t a, b;
    double t0 = bench_now();
    if (!spawn(argv, NULL, -1, NULL, &a))
        return -1;
    if (!spawn(argv, NULL, -1, NULL, &b)) {
        reap(a, NULL);
        return -1;
    }
    int sa = reap(a, NULL), sb = reap(b, NULL);
    double t = bench_now() - t0;
    return sa == 0 && sb == 0 ? t : -1;
}

bool proc_first_byte(char *const argv[], double *first, double *after,
                     int *status)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0)
        return false;
    pid_t pid;
    double t0 = bench_now();
    bool ok = spawn(argv, NULL, p[1], NULL, &pid);
    close(p[1]);
    if (!ok) {
        close(p[0]);
        return false;
    }
    char c;
    ssize_t n;
    while ((n = read(p[0], &c, 1)) < 0 && errno == EINTR)
        ;
    double t1 = bench_now();
    close(p[0]);
    *status = reap(pid, NULL);
    *first = t1 - t0;
    *after = bench_now() - t1;
    return n == 1;
}

bool proc_count_bytes(char *const argv[], uint64_t *bytes)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0)
        return false;
    pid_t pid;
    bool ok = spawn(argv, NULL, p[1], NULL, &pid);
    close(p[1]);
    static char buf[1 << 16];
    ssize_t n;
    *bytes = 0;
    while (ok && ((n = read(p[0], buf, sizeof buf)) > 0 ||
                  (n < 0 && errno == EINTR)))
        if (n > 0)
            *bytes += (uint64_t)n;
    close(p[0]);
    return ok && reap(pid, NULL) == 0;
}

/* Whether the ELF file at path names a program interpreter (the dynamic
 * loader): a static or static-pie program has none and maps no shared
 * library. -1 when it cannot be read. */
static int has_interp(const char *path)
{
    FILE *f = fopen(path, "rb");
    Elf64_Ehdr eh;
    int found = -1;
    if (f && fread(&eh, sizeof eh, 1, f) == 1 &&
        !memcmp(eh.e_ident, ELFMAG, SELFMAG) &&
        eh.e_ident[EI_CLASS] == ELFCLASS64) {
        found = 0;
        for (int i = 0; i < eh.e_phnum && !found; i++) {
            Elf64_Phdr ph;
            if (fseek(f, (long)(eh.e_phoff + (uint64_t)i * eh.e_phentsize),
                      SEEK_SET) != 0 || fread(&ph, sizeof ph, 1, f) != 1)
                break;
            found = ph.p_type == PT_INTERP;
        }
    }
    if (f)
        fclose(f);
    return found;
}

int proc_shared_libs(const char *path)
{
    if (has_interp(path) == 0)
        return 0;
    char *argv[] = {(char *)path, NULL};
    char *envp[] = {"LD_TRACE_LOADED_OBJECTS=1", NULL};
    char tmp[] = "/tmp/muster-bench-ldd-XXXXXX";
    int fd = mkostemp(tmp, O_CLOEXEC);
    if (fd < 0)
        return -1;
    pid_t pid;
    bool ok = spawn(argv, NULL, fd, envp, &pid);
    close(fd);
    int n = -1;
    if (ok && reap(pid, NULL) == 0) {
        FILE *f = fopen(tmp, "r");
        char line[512];
        n = 0;
        while (f && fgets(line, sizeof line, f))
            n += strstr(line, "=>") != NULL; /* not the vdso or ld.so */
        if (f)
            fclose(f);
    }
    unlink(tmp);
    return n;
}

/* ---- the goals table ------------------------------------------------- */

void goal_add(goals *g, const char *goal, const char *verdict,
              const char *measured_fmt, ...)
{
    if (g->n == (int)(sizeof g->row / sizeof *g->row))
        return;
    goal_row *r = &g->row[g->n++];
    memset(r, 0, sizeof *r);
    snprintf(r->goal, sizeof r->goal, "%s", goal);
    snprintf(r->verdict, sizeof r->verdict, "%s", verdict);
    va_list ap;
    va_start(ap, measured_fmt);
    vsnprintf(r->measured, sizeof r->measured, measured_fmt, ap);
    va_end(ap);
}

void goal_ref(goals *g, const char *fmt, ...)
{
    if (!g->n)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->row[g->n - 1].reference, sizeof g->row[0].reference, fmt, ap);
    va_end(ap);
}

void goals_print(const goals *g)
{
    printf("\nThe goals, each beside this run's figure and the reference "
           "measured with it\n");
    printf("| goal | measured | reference (same run) | |\n|---|---|---|---|\n");
    for (int i = 0; i < g->n; i++)
        printf("| %s | %s | %s | %s |\n", g->row[i].goal, g->row[i].measured,
               g->row[i].reference, g->row[i].verdict);
}
