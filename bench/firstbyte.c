/* SPDX-License-Identifier: MIT */
/* firstbyte -- how long a command takes to write its first byte: the
 * command is started with its standard output on a pipe (standard error on
 * /dev/null), the clock (CLOCK_MONOTONIC) runs from just before the start
 * to the first byte read, then the pipe is closed (the command ends on its
 * next write) and it is waited for. ROUNDS runs, one after the other;
 * prints "firstbyte MEDIAN MIN" in milliseconds. No shell or reader
 * process is started in between, so nothing but the command is timed.
 * usage: firstbyte ROUNDS COMMAND [ARG...] */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return 1e3 * (double)t.tv_sec + 1e-6 * (double)t.tv_nsec;
}

/* One run: milliseconds to the first byte, or -1. */
static double once(char *const argv[])
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0)
        return -1;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, p[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    double t0 = now_ms();
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(p[1]);
    if (rc != 0) {
        close(p[0]);
        return -1;
    }
    char c;
    ssize_t n;
    while ((n = read(p[0], &c, 1)) < 0 && errno == EINTR)
        ;
    double t = now_ms() - t0;
    close(p[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    return n == 1 ? t : -1;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    char *end;
    long rounds = argc > 2 ? strtol(argv[1], &end, 10) : 0;
    if (argc < 3 || *end || rounds < 1 || rounds > 1000) {
        fputs("usage: firstbyte ROUNDS COMMAND [ARG...]\n", stderr);
        return 2;
    }
    double v[1000];
    for (long i = 0; i < rounds; i++)
        if ((v[i] = once(argv + 2)) < 0) {
            fprintf(stderr, "firstbyte: %s wrote nothing\n", argv[2]);
            return 1;
        }
    qsort(v, (size_t)rounds, sizeof *v, by_value);
    printf("firstbyte %.2f %.2f\n", v[rounds / 2], v[0]);
    return 0;
}
