/* SPDX-License-Identifier: MIT */
/* fuzz_reveal.c -- the reveal document and the two verifiers that read it:
 * mu_commitment_verify (a hidden division against its commitment, with the
 * document's salt or a given one) and mu_campaign_fair_verify (the
 * opponent's check of a fair roll against their own file).
 *
 * At start-up two campaign files are made in a temporary folder, as two
 * players would: the owner's commits to a secret, the opponent's records a
 * contribution, the owner rolls the division fairly and reveals it. The
 * secrets are random each run, so a seed document writes them as
 * placeholders that the target fills in before verifying: @S the secret,
 * @R the contribution, @H the fair commitment, @C the commitment, @T the
 * salt. With MUSTER_FUZZ_SEED=FILE set, the target writes the document it
 * made, with placeholders, to FILE (how fuzz/corpus/reveal was seeded).
 * Oracle: the document exactly as revealed verifies both ways. */
#include "muster.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static mu_campaign *opponent;
static mu_engagement eng;
static char secret[MU_FAIR_HEX], contribution[MU_FAIR_HEX], fair[MU_FAIR_HEX];
static char *doc;
static size_t doc_len;

static void must(mu_status st, const mu_error *err, const char *what)
{
    if (st != MU_OK) {
        fprintf(stderr, "fuzz_reveal: %s: %s\n", what, err->msg);
        abort();
    }
}

static mu_campaign *player(const char *dir, const char *file)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "Fuzz";
    o.year = 1863;
    o.theater = MU_EAST;
    mu_campaign *c = NULL;
    mu_error err;
    int id;
    must(mu_campaign_create(path, &o, &c, &err), &err, "create");
    must(mu_campaign_add(c, MU_UNION, "Wadsworth", MU_INFANTRY, "I Corps", &id,
                         &err), &err, "add");
    return c;
}

/* The value of "key":"HEX" in the document (64 or 32 hex digits). */
static void hex_of(const char *key, char *out, size_t n)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":\"", key);
    const char *p = strstr(doc, pat);
    if (!p)
        abort();
    snprintf(out, n, "%.*s", (int)(n - 1), p + strlen(pat));
}

/* Writes the document with placeholders for its secrets to `path`. */
static void write_seed(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        abort();
    const char *vals[] = {secret, contribution, fair, eng.commitment, eng.salt};
    const char *marks[] = {"@S", "@R", "@H", "@C", "@T"};
    for (const char *p = doc; *p;) {
        int k = -1;
        for (int i = 0; i < 5 && k < 0; i++)
            if (!strncmp(p, vals[i], strlen(vals[i])))
                k = i;
        if (k >= 0) {
            fputs(marks[k], f);
            p += strlen(vals[k]);
        } else {
            fputc(*p++, f);
        }
    }
    fclose(f);
}

static char folder[] = "/tmp/fuzz_reveal.XXXXXX";

/* At exit (a replay of the corpus ends): the opponent's file, still open
 * until then, what SQLite keeps beside it, and the folder. */
static void remove_dir(void)
{
    static const char *const names[] = {"opponent.db", "opponent.db-wal",
                                        "opponent.db-shm", "owner.db"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char p[512];
        snprintf(p, sizeof p, "%s/%s", folder, names[i]);
        unlink(p);
    }
    rmdir(folder);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (!mkdtemp(folder))
        abort();
    atexit(remove_dir);
    mu_campaign *owner = player(folder, "owner.db");
    opponent = player(folder, "opponent.db");
    mu_error err;
    int64_t ev;
    must(mu_campaign_act_as(owner, MU_SIDE_UNION, &err), &err, "act as");
    must(mu_campaign_fair_commit(owner, 1, fair, &ev, &err), &err, "commit");
    must(mu_campaign_act_as(opponent, MU_SIDE_CONFEDERATE, &err), &err,
         "act as");
    must(mu_campaign_contribute(opponent, 1, fair, contribution, &ev, &err),
         &err, "contribute");
    must(mu_campaign_engage_fair(owner, 1, contribution, false, &eng, &err),
         &err, "engage");
    must(mu_campaign_reveal(owner, 1, &doc, &err), &err, "reveal");
    mu_campaign_close(owner);
    doc_len = strlen(doc);
    hex_of("secret", secret, sizeof secret);
    char *report = NULL;
    must(mu_campaign_fair_verify(opponent, 1, doc, doc_len, &report, &err),
         &err, "the revealed document does not verify");
    free(report);
    if (getenv("MUSTER_FUZZ_SEED"))
        write_seed(getenv("MUSTER_FUZZ_SEED"));
    /* The owner's file is no longer needed (the opponent's stays open
     * until exit, when remove_dir takes it and the folder). */
    char path[512];
    snprintf(path, sizeof path, "%s/owner.db", folder);
    unlink(path);
    return 0;
}

/* The input with its placeholders filled in; NULL when too long. */
static char *expand(const uint8_t *data, size_t size, size_t *len)
{
    if (size > 65536)
        return NULL;
    char *out = malloc(size * 32 + 1);
    size_t n = 0;
    for (size_t i = 0; i < size; i++) {
        const char *v = NULL;
        if (data[i] == '@' && i + 1 < size) {
            switch (data[i + 1]) {
            case 'S': v = secret; break;
            case 'R': v = contribution; break;
            case 'H': v = fair; break;
            case 'C': v = eng.commitment; break;
            case 'T': v = eng.salt; break;
            default: break;
            }
        }
        if (v) {
            memcpy(out + n, v, strlen(v));
            n += strlen(v);
            i++;
        } else {
            out[n++] = (char)data[i];
        }
    }
    out[n] = '\0';
    *len = n;
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t len;
    char *text = expand(data, size, &len);
    if (!text)
        return 0;
    bool same = len == doc_len && !memcmp(text, doc, len);
    mu_error err;
    char *report = NULL;
    mu_status a = mu_campaign_fair_verify(opponent, 1, text, len, &report,
                                          &err);
    free(report);
    mu_status b = mu_commitment_verify(eng.commitment, NULL, text, len, &err);
    mu_status c = mu_commitment_verify(eng.commitment, eng.salt, text, len,
                                       &err);
    if (same && (a != MU_OK || b != MU_OK || c != MU_OK))
        abort();
    free(text);
    return 0;
}
