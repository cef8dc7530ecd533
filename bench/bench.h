/* SPDX-License-Identifier: MIT */
/* bench.h -- what the parts of muster_bench share: clocks, medians, child
 * processes timed and measured (bench_proc.c), and the table of goals
 * printed at the end. A benchmark, not a test: it prints figures and
 * ratios and never fails on them. */
#ifndef MUSTER_BENCH_H
#define MUSTER_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

double bench_now(void);
double bench_cpu_now(void); /* this thread's CPU time: robust to load */
double bench_median(double *v, int n); /* sorts v */

/* One child process: wall and CPU time (s, user + system), peak resident
 * memory (kB), both from wait4's rusage; exit status (-1 when it did not
 * exit normally). */
typedef struct proc_run {
    double wall, cpu;
    long maxrss_kb;
    int status;
} proc_run;

/* Runs argv with stdout to `out` (a path; NULL: /dev/null), stderr to
 * /dev/null. False when it cannot start or exits non-zero. */
bool proc_run1(char *const argv[], const char *out, proc_run *r);

/* k commands run in turn, reps rounds (interleaved, so that a busy moment
 * hits all alike); med[i] is command i's median wall time, cpu[i] (when
 * cpu is not NULL) its median CPU time, which a loaded machine inflates
 * far less than the wall time. False when one fails. */
bool proc_interleave_cpu(char *const *const argv[], int k, int reps,
                         double *med, double *cpu);
bool proc_interleave(char *const *const argv[], int k, int reps, double *med);

/* Two copies of argv at once: wall time until both have exited (-1 on a
 * failure). */
double proc_pair(char *const argv[]);

/* argv with stdout into a pipe read here: seconds to its first byte, then
 * the pipe is closed and `after` is the time until it exits, `status` its
 * exit status (0 expected: a closed pipe is a quiet stop). */
bool proc_first_byte(char *const argv[], double *first, double *after,
                     int *status);

/* argv with stdout read and counted here: bytes written. */
bool proc_count_bytes(char *const argv[], uint64_t *bytes);

/* The shared libraries the dynamic loader maps to start `path` (what ldd
 * lists: LD_TRACE_LOADED_OBJECTS; 0 for a static program), or -1. */
int proc_shared_libs(const char *path);

/* The goals of issue 15, each beside what this run measured. */
typedef struct goal_row {
    char goal[96], measured[96], reference[96], verdict[24];
} goal_row;

typedef struct goals {
    goal_row row[24];
    int n;
} goals;

void goal_add(goals *g, const char *goal, const char *verdict,
              const char *measured_fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Sets the reference column of the last row added. */
void goal_ref(goals *g, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void goals_print(const goals *g);

#endif
