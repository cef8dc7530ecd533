/* SPDX-License-Identifier: MIT */
/* heavy.c -- the calls that can run long (a simulation, a chart: the
 * command table's CLI_HEAVY) run on threads of their own, so that a volley,
 * a division or a campaign write never waits behind them on one of
 * libmicrohttpd's workers. The queue is bounded, and each client (an
 * address) has a share of it: a call beyond either is refused at once, for
 * the client to try again, rather than held. */
#define _GNU_SOURCE /* gettid */
#include "web.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

typedef struct job {
    struct job *next;
    web_call call;
    web_arg args[WEB_MAX_ARGS + 1];
    web_reply *out;
    void (*done)(void *);
    void *ctx;
    char client[48];
} job;

struct web_heavy {
    pthread_mutex_t mu;
    pthread_cond_t more;
    job *head, *tail;
    unsigned held; /* queued or running */
    bool stop;
    unsigned nthreads;
    pthread_t *threads;
    /* the calls each client has queued or running */
    struct { char client[48]; unsigned n; } clients[WEB_HEAVY_MAX];
};

/* The count of client's calls held: its entry, else a free one (n 0) taken
 * for it; NULL when every entry holds a call (the queue is full). */
static unsigned *count_of(web_heavy *h, const char *client)
{
    for (unsigned i = 0; i < WEB_HEAVY_MAX; i++)
        if (!strcmp(h->clients[i].client, client))
            return &h->clients[i].n;
    for (unsigned i = 0; i < WEB_HEAVY_MAX; i++)
        if (h->clients[i].n == 0) { /* a free entry */
            snprintf(h->clients[i].client, sizeof h->clients[i].client, "%s",
                     client);
            return &h->clients[i].n;
        }
    return NULL;
}

static void *work(void *arg)
{
    web_heavy *h = arg;
    /* a light call that finds both processors busy gets one first (Linux
     * keeps a nice value per thread) */
    (void)!setpriority(PRIO_PROCESS, (id_t)gettid(), 10);
    pthread_mutex_lock(&h->mu);
    for (;;) {
        while (!h->head && !h->stop)
            pthread_cond_wait(&h->more, &h->mu);
        job *j = h->head;
        if (!j)
            break; /* stopping, and nothing left */
        h->head = j->next;
        if (!h->head)
            h->tail = NULL;
        pthread_mutex_unlock(&h->mu);
        web_api(&j->call, j->out);
        j->done(j->ctx);
        pthread_mutex_lock(&h->mu);
        unsigned *n = count_of(h, j->client);
        if (n)
            (*n)--;
        h->held--;
        free(j);
    }
    pthread_mutex_unlock(&h->mu);
    return NULL;
}

web_heavy *web_heavy_new(unsigned threads)
{
    web_heavy *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->threads = calloc(threads, sizeof *h->threads);
    pthread_mutex_init(&h->mu, NULL);
    pthread_cond_init(&h->more, NULL);
    for (unsigned i = 0; h->threads && i < threads; i++)
        if (pthread_create(&h->threads[i], NULL, work, h) == 0)
            h->nthreads++;
    if (!h->nthreads) {
        web_heavy_free(h);
        return NULL;
    }
    return h;
}

web_heavy_answer web_heavy_submit(web_heavy *h, const char *client,
                                  const web_call *call, web_reply *out,
                                  void (*done)(void *), void *ctx)
{
    if (call->nargs > WEB_MAX_ARGS)
        return WEB_HEAVY_FULL;
    job *j = calloc(1, sizeof *j);
    if (!j)
        return WEB_HEAVY_FULL;
    j->call = *call;
    memcpy(j->args, call->args, call->nargs * sizeof *j->args);
    j->call.args = j->args;
    j->out = out;
    j->done = done;
    j->ctx = ctx;
    snprintf(j->client, sizeof j->client, "%s", client);
    pthread_mutex_lock(&h->mu);
    unsigned *n = count_of(h, client);
    web_heavy_answer a = h->stop || !n                   ? WEB_HEAVY_FULL
                         : *n >= WEB_HEAVY_PER_CLIENT      ? WEB_HEAVY_SHARE
                         : h->held >= WEB_HEAVY_MAX        ? WEB_HEAVY_FULL
                                                           : WEB_HEAVY_QUEUED;
    if (a == WEB_HEAVY_QUEUED) {
        (*n)++;
        h->held++;
        if (h->tail)
            h->tail->next = j;
        else
            h->head = j;
        h->tail = j;
        pthread_cond_signal(&h->more);
    }
    pthread_mutex_unlock(&h->mu);
    if (a != WEB_HEAVY_QUEUED)
        free(j);
    return a;
}

void web_heavy_free(web_heavy *h)
{
    if (!h)
        return;
    pthread_mutex_lock(&h->mu);
    h->stop = true; /* the queued calls still run: each has a client waiting */
    pthread_cond_broadcast(&h->more);
    pthread_mutex_unlock(&h->mu);
    for (unsigned i = 0; i < h->nthreads; i++)
        pthread_join(h->threads[i], NULL);
    pthread_cond_destroy(&h->more);
    pthread_mutex_destroy(&h->mu);
    free(h->threads);
    free(h);
}
