/* SPDX-License-Identifier: MIT */
/* sse_client.c -- the phones of bench/serve_streams.mjs: many event
 * streams (GET /api/campaign/events) held open on one epoll loop, so that
 * the client costs a few microseconds an event and the benchmark measures
 * the server rather than itself.
 *
 *   muster_bench_sse PORT STREAMS TOKEN [TOKEN ...]
 *
 * Stream i uses TOKEN i mod the number of tokens. Prints "open K" once
 * every stream has its first bytes (the "retry:" line) or has closed, then
 * "ID NS" as each event's message ends on a stream (NS: CLOCK_MONOTONIC in
 * nanoseconds, the clock of node's process.hrtime), and at the end (its
 * standard input closed) "closed K", the streams the server ended. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    int fd;
    char head[16]; /* the start of the line being read */
    size_t hlen, llen;
    long long id; /* the message's id, -1 before its id line */
    bool opened, closed;
} peer;

static char out[1 << 16];
static size_t outlen;

static void flush(void)
{
    for (size_t off = 0; off < outlen;) {
        ssize_t n = write(1, out + off, outlen - off);
        if (n <= 0)
            exit(1);
        off += (size_t)n;
    }
    outlen = 0;
}

__attribute__((format(printf, 1, 2))) static void say(const char *fmt, ...)
{
    if (outlen > sizeof out - 64)
        flush();
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out + outlen, sizeof out - outlen, fmt, ap);
    va_end(ap);
    outlen += (size_t)n;
}

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* One line ended: an id line names the message, an empty one ends it.
 * Chunk sizes and the header's lines end in "\r" and are neither. */
static void line(peer *p, long long t, size_t *opened)
{
    if (p->llen == 0) {
        if (p->id >= 0)
            say("%lld %lld\n", p->id, t);
        p->id = -1;
    } else if (p->hlen > 4 && memcmp(p->head, "id: ", 4) == 0) {
        p->id = strtoll(p->head + 4, NULL, 10);
    } else if (!p->opened && p->hlen >= 6 && memcmp(p->head, "retry:", 6) == 0) {
        p->opened = true;
        ++*opened;
    }
    p->hlen = p->llen = 0;
}

static void bytes(peer *p, const char *b, size_t n, long long t, size_t *opened)
{
    for (size_t i = 0; i < n; i++) {
        if (b[i] == '\n') {
            line(p, t, opened);
        } else {
            if (p->hlen < sizeof p->head - 1)
                p->head[p->hlen++] = b[i];
            p->head[p->hlen] = '\0';
            p->llen++;
        }
    }
}

static int dial(unsigned short port, const char *token)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) != 0)
        return -1;
    char req[256];
    int n = snprintf(req, sizeof req,
                     "GET /api/campaign/events HTTP/1.1\r\nHost: 127.0.0.1:%u"
                     "\r\nX-Muster-Token: %s\r\n\r\n", port, token);
    if (n <= 0 || (size_t)n >= sizeof req || write(fd, req, (size_t)n) != n)
        return -1;
    fcntl(fd, F_SETFL, O_NONBLOCK);
    return fd;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: muster_bench_sse PORT STREAMS TOKEN [TOKEN ...]\n");
        return 2;
    }
    unsigned short port = (unsigned short)strtoul(argv[1], NULL, 10);
    size_t count = strtoul(argv[2], NULL, 10), opened = 0, closed = 0;
    peer *ps = calloc(count ? count : 1, sizeof *ps);
    int ep = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event ev = {.events = EPOLLIN, .data.u64 = UINT64_MAX};
    if (!ps || ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, 0, &ev) != 0)
        return 1;
    for (size_t i = 0; i < count; i++) {
        ps[i] = (peer){.fd = dial(port, argv[3 + i % (size_t)(argc - 3)]), .id = -1};
        ev = (struct epoll_event){.events = EPOLLIN, .data.u64 = i};
        if (ps[i].fd < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, ps[i].fd, &ev) != 0) {
            fprintf(stderr, "muster_bench_sse: stream %zu: %s\n", i, strerror(errno));
            return 1;
        }
    }
    bool told = false;
    static char buf[1 << 16];
    for (;;) {
        struct epoll_event evs[256];
        int k = epoll_wait(ep, evs, 256, -1);
        if (k < 0 && errno == EINTR)
            continue;
        for (int e = 0; e < k; e++) {
            if (evs[e].data.u64 == UINT64_MAX) {
                say("closed %zu\n", closed);
                flush();
                return 0;
            }
            peer *p = &ps[evs[e].data.u64];
            ssize_t n = read(p->fd, buf, sizeof buf);
            if (n > 0) {
                bytes(p, buf, (size_t)n, now_ns(), &opened);
            } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
                epoll_ctl(ep, EPOLL_CTL_DEL, p->fd, NULL);
                close(p->fd);
                p->closed = true;
                closed++;
                if (!p->opened)
                    opened++;
            }
        }
        if (!told && opened == count) {
            say("open %zu\n", count);
            told = true;
        }
        flush();
    }
}
