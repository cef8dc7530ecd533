/* SPDX-License-Identifier: MIT */
/* plain.c -- values of the events that need no library at all: their
 * times and the built-in camps' names. Apart from base.c because the
 * WebAssembly engine compiles the event decoders that use them
 * (wasm/CMakeLists.txt) and has no libsodium or utf8proc, which base.c
 * needs; in the events' layer, since it includes event.h. */
#include "event.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* ---- times: UTC to the second, by the proleptic Gregorian calendar ------ */

#define EV_TIME_MAX INT64_C(253402300799) /* 9999-12-31T23:59:59Z */

/* Days since 1970-01-01 of a date, and back (H. Hinnant's algorithms). */
static int64_t days_of(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void date_of(int64_t z, int64_t *y, int *m, int *d)
{
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = yoe + era * 400 + (*m <= 2);
}

bool camp_time_text(int64_t secs, char out[EV_TIME_LEN])
{
    out[0] = '\0';
    if (secs < 0 || secs > EV_TIME_MAX)
        return false;
    int64_t y;
    int m, d, t = (int)(secs % 86400);
    date_of(secs / 86400, &y, &m, &d);
    char buf[64]; /* room for what the compiler cannot bound */
    snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02dZ", (int)y, m, d,
             t / 3600, t / 60 % 60, t % 60);
    memcpy(out, buf, EV_TIME_LEN - 1);
    out[EV_TIME_LEN - 1] = '\0';
    return true;
}

/* n digits at s as a number, -1 if any is not a digit. */
static int digits(const char *s, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

bool camp_time_parse(const char *s, int64_t *secs)
{
    if (!s || strlen(s) != EV_TIME_LEN - 1 || s[4] != '-' || s[7] != '-' ||
        s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[19] != 'Z')
        return false;
    int y = digits(s, 4), m = digits(s + 5, 2), d = digits(s + 8, 2);
    int h = digits(s + 11, 2), mi = digits(s + 14, 2), sec = digits(s + 17, 2);
    if (y < 1970 || m < 1 || m > 12 || d < 1 || d > 31 || h < 0 || h > 23 ||
        mi < 0 || mi > 59 || sec < 0 || sec > 59)
        return false;
    int64_t v = days_of(y, m, d) * 86400 + h * 3600 + mi * 60 + sec;
    char back[EV_TIME_LEN];
    /* 2026-02-30 is another day's number: only a real date comes back */
    if (!camp_time_text(v, back) || strcmp(back, s) != 0)
        return false;
    *secs = v;
    return true;
}

const char *mu_camp_default(mu_army captor)
{
    return captor == MU_UNION ? CAMP_DEFAULT_UNION : CAMP_DEFAULT_CONFEDERATE;
}
