/* SPDX-License-Identifier: MIT */
/* replay.c -- a fuzz target without libFuzzer: every input of the folders
 * (or files) named on the command line, once each, in name order, through
 * the target's LLVMFuzzerTestOneInput. The ctest tests fuzz_replay_TARGET
 * build each fuzz/fuzz_TARGET.c with it, with the compiler of the build, so
 * that every committed corpus input (fuzz/corpus/TARGET, fuzz/data) runs in
 * the normal test suite. A target checks by abort(): the input that fails
 * is named before it runs. No input at all is a failure too (a corpus that
 * went missing would otherwise pass). */
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Optional in a target, as in libFuzzer. */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

/* Runs the file at path; false if it cannot be read. */
static bool run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return false;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf; n += got) {
        if (n == cap) {
            uint8_t *more = realloc(buf, cap *= 2);
            if (!more) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = more;
        }
        if (!(got = fread(buf + n, 1, cap - n, f)))
            break;
    }
    bool ok = buf && !ferror(f);
    fclose(f);
    if (ok) {
        /* What a target reads is exactly the file: a copy of its size, so
         * that the sanitizers see a read past its end. */
        uint8_t *exact = malloc(n ? n : 1);
        if (!exact) {
            ok = false;
        } else {
            memcpy(exact, buf, n);
            fprintf(stderr, "replay: %s\n", path);
            LLVMFuzzerTestOneInput(exact, n);
            free(exact);
        }
    }
    free(buf);
    if (!ok)
        fprintf(stderr, "replay: %s: cannot read it\n", path);
    return ok;
}

static int regular(const struct dirent *e)
{
    return e->d_name[0] != '.';
}

/* Runs every file of the folder at path (none below it); how many, or -1. */
static long run_folder(const char *path)
{
    struct dirent **names;
    int k = scandir(path, &names, regular, alphasort);
    if (k < 0) {
        perror(path);
        return -1;
    }
    long done = 0;
    for (int i = 0; i < k; i++) {
        char file[4096];
        struct stat st;
        snprintf(file, sizeof file, "%s/%s", path, names[i]->d_name);
        if (done >= 0 && stat(file, &st) == 0 && S_ISREG(st.st_mode))
            done = run_file(file) ? done + 1 : -1;
        free(names[i]);
    }
    free(names);
    return done;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FOLDER|FILE...\n", argv[0]);
        return 2;
    }
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    long total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        bool dir = stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode);
        long n = dir ? run_folder(argv[i]) : run_file(argv[i]) ? 1 : -1;
        if (n < 0)
            return 1;
        fprintf(stderr, "replay: %ld inputs of %s\n", n, argv[i]);
        total += n;
    }
    if (!total) {
        fprintf(stderr, "replay: no input to run\n");
        return 1;
    }
    printf("replayed %ld inputs\n", total);
    return 0;
}
