/* SPDX-License-Identifier: MIT */
/* file.c -- a database finished in memory, written to a new file: the
 * bytes go to an unnamed file (O_TMPFILE) in the target's folder, which is
 * linked to its name when complete, so that a command killed at any moment
 * leaves either nothing or the whole file, and never a hidden temporary
 * file behind. Where the file system has no unnamed files (or no
 * /proc/self/fd to link one from), a hidden ".NAME.new-XXXXXX" holds the
 * same bytes until it is linked. Either way the temporary file holds from
 * its first byte only what the finished file holds. */
#define _GNU_SOURCE
#include "campaign.h"

#include <sodium.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static mu_status write_all(int fd, const unsigned char *p, sqlite3_int64 n,
                           const char *path, mu_error *err)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n > (1 << 20) ? (size_t)1 << 20 : (size_t)n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return err_at(err, MU_EIO, path, 0, "cannot write: %s",
                          strerror(w < 0 ? errno : ENOSPC));
        p += w;
        n -= w;
    }
    if (fsync(fd) != 0)
        return err_at(err, MU_EIO, path, 0, "cannot write: %s",
                      strerror(errno));
    return MU_OK;
}

/* The folder of `path` ("." for a bare name), and a sync of it so that a
 * new name survives a crash. */
static void folder_of(const char *path, char *dir, size_t n)
{
    const char *slash = strrchr(path, '/');
    snprintf(dir, n, "%.*s", slash ? (int)(slash - path + 1) : 1,
             slash ? path : ".");
}

static void sync_folder(const char *path)
{
    char dir[4096];
    folder_of(path, dir, sizeof dir);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

static mu_status link_failed(const char *path, const char *exists, int e,
                             mu_error *err)
{
    if (e == EEXIST)
        return err_at(err, MU_EINPUT, path, 0, "already exists: %s", exists);
    return err_at(err, MU_EIO, path, 0, "cannot create: %s", strerror(e));
}

/* The unnamed way; *fallback when the file system or /proc cannot do it
 * (nothing was made then). */
static mu_status put_unnamed(const unsigned char *b, sqlite3_int64 n,
                             const char *path, const char *exists,
                             unsigned mode, bool *fallback, mu_error *err)
{
    char dir[4096];
    folder_of(path, dir, sizeof dir);
    int fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, (mode_t)mode);
    if (fd < 0) {
        if (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL) {
            *fallback = true;
            return MU_OK;
        }
        return err_at(err, MU_EIO, path, 0, "cannot create: %s",
                      strerror(errno));
    }
    mu_status s = write_all(fd, b, n, path, err);
    if (s == MU_OK) {
        char proc[64];
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
        if (linkat(AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW) != 0) {
            if (errno == ENOENT && access("/proc/self/fd", X_OK) != 0)
                *fallback = true;
            else
                s = link_failed(path, exists, errno, err);
        }
    }
    close(fd);
    return s;
}

/* The named way: ".NAME.new-XXXXXX" beside the target, linked to its name
 * (or renamed where there are no hard links, after a last look), removed;
 * `exists` NULL: renamed over whatever file has the name. */
static mu_status put_named(const unsigned char *b, sqlite3_int64 n,
                           const char *path, const char *exists,
                           unsigned mode, mu_error *err)
{
    const char *slash = strrchr(path, '/');
    int dl = slash ? (int)(slash - path + 1) : 0;
    char tmp[4096];
    int fd = -1;
    /* open() with the mode, not mkstemp() and fchmod(): the kernel applies
     * the umask, which reading it (umask(0), umask(mask)) would change for
     * every thread of the process for a moment. */
    for (int tries = 0; fd < 0 && tries < 100; tries++) {
        unsigned char r[6];
        char hex[2 * sizeof r + 1];
        randombytes_buf(r, sizeof r);
        sodium_bin2hex(hex, sizeof hex, r, sizeof r);
        if ((size_t)snprintf(tmp, sizeof tmp, "%.*s.%s.new-%s", dl, path,
                             path + dl, hex) >= sizeof tmp)
            return err_at(err, MU_EINPUT, path, 0, "the file name is too "
                          "long");
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                  (mode_t)mode);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0)
        return err_at(err, MU_EIO, path, 0, "cannot create: %s",
                      strerror(errno));
    mu_status s = write_all(fd, b, n, path, err);
    close(fd);
    if (s == MU_OK && !exists) {
        if (rename(tmp, path) == 0)
            return MU_OK;
        s = link_failed(path, "", errno, err);
    } else if (s == MU_OK && link(tmp, path) != 0) {
        struct stat sb;
        if (errno == EEXIST || lstat(path, &sb) == 0)
            s = link_failed(path, exists, EEXIST, err);
        else if (rename(tmp, path) != 0)
            s = link_failed(path, exists, errno, err);
    }
    unlink(tmp);
    return s;
}

mu_status camp_file_put(sqlite3 *db, const char *path, bool wal,
                        const char *exists, unsigned mode, mu_error *err)
{
    /* The memory database's own bytes where it has them in one piece (the
     * memdb VFS), else a copy. Bytes 18 and 19 of the header are the
     * journal mode the file keeps (1 rollback, 2 WAL), which a database in
     * memory does not have: they are set here, so that the file is in its
     * mode from its first byte and nothing is written after it is linked. */
    sqlite3_int64 n = 0;
    unsigned char *b = sqlite3_serialize(db, "main", &n,
                                         SQLITE_SERIALIZE_NOCOPY);
    unsigned char journal = wal ? 2 : 1;
    bool own = !b || (n >= 20 && (b[18] != journal || b[19] != journal));
    if (own && !(b = sqlite3_serialize(db, "main", &n, 0)))
        return err_nomem(err);
    if (n >= 20)
        b[18] = b[19] = journal;
    bool fallback = !exists; /* a file replaced: renamed over it */
    mu_status s = fallback ? MU_OK
                           : put_unnamed(b, n, path, exists, mode, &fallback,
                                         err);
    if (s == MU_OK && fallback)
        s = put_named(b, n, path, exists, mode, err);
    if (own)
        sqlite3_free(b);
    if (s == MU_OK)
        sync_folder(path);
    return s;
}
