/* SPDX-License-Identifier: MIT */
/* peakrss -- runs a command and prints its peak resident memory in kB
 * (getrusage's ru_maxrss of the child, from wait4) on stderr as
 * "peakrss KB", then exits with the command's status. Standard output and
 * standard input are the command's.
 * usage: peakrss COMMAND [ARG...] */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: peakrss COMMAND [ARG...]\n", stderr);
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("peakrss: fork");
        return 1;
    }
    if (pid == 0) {
        execvp(argv[1], argv + 1);
        perror("peakrss: exec");
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("peakrss: wait4");
        return 1;
    }
    fprintf(stderr, "peakrss %ld\n", ru.ru_maxrss);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
