/* SPDX-License-Identifier: MIT */
/* The crash test in-process: a child writes to a campaign in a tight loop
 * through the library, so that nearly all its time is spent inside SQLite
 * transactions, and is killed with SIGKILL at random moments (a fixed
 * seed) after it has committed its first events. After every kill the
 * campaign passes mu_campaign_check_head; at the end every event the child
 * saw committed is in the log.
 * (tests/sh/campaign_crash.sh does the same with the muster tool.) */
#include "test_campaign_util.h"

#include <cjson/cJSON.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#define ROUNDS 60

static char path[300];

/* The child: battles with casualties and prisoners, returns, an exchange
 * offered and accepted, liberation;
 * each committed event's id goes down the pipe. Never returns. */
static void writer(int fd, int seed)
{
    mu_campaign *c;
    mu_error err;
    if (mu_campaign_open(path, &c, &err) != MU_OK)
        _exit(3);
    for (int i = seed;; i++) {
        int64_t ev[8];
        int n = 0;
        mu_dice *d = NULL;
        if (mu_campaign_battle_start(c, "Loop", MU_THEATER_UNKNOWN, &ev[n], &err) == MU_OK)
            n++;
        if (mu_campaign_casualties(c, 1, STANDS(1, 1, 1), &ev[n], &err) ==
            MU_OK)
            n++;
        if (mu_campaign_casualties(c, 2, STANDS(2, 3, 0), &ev[n], &err) ==
            MU_OK)
            n++;
        if (mu_dice_new_seeded((uint64_t)i, &d, &err) == MU_OK &&
            mu_campaign_battle_end(c, (mu_side)(i % 3 - 1), d, &ev[n], &err) == MU_OK)
            n++;
        mu_dice_free(d);
        /* an exchange by consent: offered by one side, accepted by the
         * other (the kill may land in either) */
        mu_offer_reply r = {0, MU_OFFER_ACCEPT, MU_OFFER_EXCHANGE};
        if (mu_campaign_act_as(c, MU_SIDE_CONFEDERATE, &err) == MU_OK &&
            mu_campaign_exchange(c, EXCHANGE(1, 0), &r.offer, &err) == MU_OK) {
            ev[n++] = r.offer;
            if (mu_campaign_act_as(c, MU_SIDE_UNION, &err) == MU_OK &&
                mu_campaign_offer_answer(c, &r, &ev[n], &err) == MU_OK)
                n++;
        }
        if (mu_campaign_act_as(c, MU_SIDE_NONE, &err) != MU_OK)
            _exit(5);
        if (mu_campaign_liberate(c, FREE_SIDE(MU_UNION), &ev[n], &err) == MU_OK)
            n++;
        if (n && write(fd, ev, (size_t)n * sizeof *ev) < 0)
            _exit(4);
    }
}

static void push(int64_t **seen, size_t *n, size_t *cap, int64_t ev)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 1024;
        *seen = realloc(*seen, *cap * sizeof **seen);
        assert_non_null(*seen);
    }
    (*seen)[(*n)++] = ev;
}

static void check_ok(void)
{
    mu_campaign *c;
    mu_error err;
    char *report = NULL;
    assert_int_equal(mu_campaign_open(path, &c, &err), MU_OK);
    if (mu_campaign_check_head(c, NULL, &report, &err) != MU_OK)
        fail_msg("check after a kill: %s", report ? report : err.msg);
    free(report);
    mu_campaign_close(c);
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static void killed_at_random(void **state)
{
    (void)state;
    mu_campaign_opts o = mu_campaign_defaults();
    o.name = "Crash";
    o.year = 1864;
    o.draw = o.winner = (mu_rat){1, 1}; /* all back: the loop never runs dry */
    o.loser = (mu_rat){2, 3};
    mu_campaign *c;
    mu_error err;
    assert_int_equal(mu_campaign_create(path, &o, &c, &err), MU_OK);
    for (int a = 0; a < 2; a++) {
        int id;
        mu_dice *d;
        mu_engagement e;
        assert_int_equal(mu_campaign_add(c, (mu_army)a, a ? "Div B" : "Div A",
                                         MU_INFANTRY,
                                         NULL, &id, &err), MU_OK);
        assert_int_equal(mu_dice_new_seeded(40u + (unsigned)a, &d, &err), MU_OK);
        assert_int_equal(mu_campaign_engage(c, id, false, false, d, &e, &err),
                         MU_OK);
        mu_dice_free(d);
    }
    mu_campaign_close(c); /* no connection may cross the fork */

    int64_t *seen = NULL;
    size_t nseen = 0, cap = 0;
    unsigned rng = 1234u;
    for (int r = 0; r < ROUNDS; r++) {
        int fds[2];
        assert_int_equal(pipe(fds), 0);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            close(fds[0]);
            writer(fds[1], r * 1000);
        }
        close(fds[1]);
        /* Wait for the child's first committed events before the timer
         * starts, so that every round writes something however loaded the
         * machine is (ctest -j); the kill then lands at a random moment of
         * the loop that follows. */
        int64_t first[6];
        ssize_t got = read(fds[0], first, sizeof first);
        assert_true(got >= (ssize_t)sizeof *first);
        assert_int_equal(got % (ssize_t)sizeof *first, 0);
        for (ssize_t i = 0; i < got / (ssize_t)sizeof *first; i++)
            push(&seen, &nseen, &cap, first[i]);
        rng = rng * 1103515245u + 12345u;
        struct timespec t = {0, (long)(2 + (rng >> 16) % 40) * 1000000L};
        nanosleep(&t, NULL);
        kill(pid, SIGKILL);
        int status;
        waitpid(pid, &status, 0);
        assert_true(WIFSIGNALED(status)); /* killed, not failed */
        int64_t ev;
        while (read(fds[0], &ev, sizeof ev) == (ssize_t)sizeof ev)
            push(&seen, &nseen, &cap, ev);
        close(fds[0]);
        check_ok();
    }
    assert_true(nseen >= ROUNDS); /* every round committed something */

    /* Every event the child saw committed is in the log. */
    char *log;
    assert_int_equal(mu_campaign_open(path, &c, &err), MU_OK);
    assert_int_equal(t_log(c, MU_SIDE_NONE, NULL, RO(MU_FMT_JSON), &log, &err),
                     MU_OK);
    mu_campaign_close(c);
    cJSON *root = cJSON_Parse(log);
    free(log);
    cJSON *events = cJSON_GetObjectItem(root, "events");
    size_t nlog = (size_t)cJSON_GetArraySize(events);
    int64_t *logged = malloc(nlog * sizeof *logged);
    size_t k = 0;
    cJSON *e;
    cJSON_ArrayForEach(e, events)
        logged[k++] = (int64_t)cJSON_GetObjectItem(e, "id")->valuedouble;
    cJSON_Delete(root);
    for (size_t i = 0; i < nseen; i++)
        if (!bsearch(&seen[i], logged, nlog, sizeof *logged, cmp64))
            fail_msg("event %lld was committed but is not in the log",
                     (long long)seen[i]);
    for (size_t i = 0; i < nlog; i++)
        assert_int_equal(logged[i], (int64_t)i + 1); /* no gaps */
    print_message("%d kills, %zu events committed and seen, %zu logged\n",
                  ROUNDS, nseen, nlog);
    free(logged);
    free(seen);
}

static int setup(void **state)
{
    if (camp_setup(state) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/crash.db", dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(killed_at_random)};
    return cmocka_run_group_tests(tests, setup, camp_teardown);
}
