/* SPDX-License-Identifier: MIT */
/* backup.c -- a copy of the whole campaign while others may be writing it:
 * SQLite's online backup, in one read transaction (in WAL mode writers go
 * on meanwhile, and the copy is the campaign as of that transaction's
 * start), into memory, then written as file.c writes every new file: whole
 * under its name, or nothing. */
#include "campaign.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

typedef struct backup_ctx {
    sqlite3 *mem;
} backup_ctx;

/* In the read transaction camp_read opened: the first read takes its
 * snapshot (waiting out a writer's checkpoint as every read does), and the
 * backup copies every page of that snapshot in one step. */
static mu_status copy_pages(mu_campaign *c, void *p, mu_error *err)
{
    backup_ctx *x = p;
    int rc = sqlite3_exec(c->db, "SELECT count(*) FROM sqlite_schema", NULL,
                          NULL, NULL);
    if (rc == SQLITE_OK)
        rc = camp_memory_copy(c->db, &x->mem);
    return rc == SQLITE_OK ? MU_OK
                           : camp_sql_fail(c, rc, "copying the campaign", err);
}

/* What may not be written at `path`: the campaign itself, or a database
 * with changes in a WAL beside it (open, or left by a crash): SQLite would
 * read them into the copy. An empty WAL is what a reader leaves. */
static mu_status target_ok(const mu_campaign *c, const char *path,
                           mu_error *err)
{
    struct stat a, b;
    if (stat(path, &b) == 0 && stat(c->path, &a) == 0 &&
        a.st_dev == b.st_dev && a.st_ino == b.st_ino)
        return err_at(err, MU_EINPUT, path, 0, "is the campaign itself: "
                      "copy it to another file");
    char wal[4096];
    if ((size_t)snprintf(wal, sizeof wal, "%s-wal", path) >= sizeof wal)
        return err_at(err, MU_EINPUT, path, 0, "the file name is too long");
    if (stat(wal, &b) == 0 ? b.st_size > 0 : errno != ENOENT)
        return err_at(err, MU_ESTATE, path, 0, "is in use (%s is beside it, "
                      "not empty): close what has it open, or choose another "
                      "file", wal);
    return MU_OK;
}

/* Who may copy: the umpire; on a player's own file, its side, whose file it
 * is. Acting for a side on the umpire's file, no: the copy would be the
 * whole ledger, the other side's secrets with it. */
static mu_status may_copy(const mu_campaign *c, mu_error *err)
{
    if (c->viewer == MU_SIDE_NONE || c->view)
        return MU_OK;
    mu_army side = (mu_army)c->viewer;
    err_set(err, MU_ESTATE, "acting for the %s, the whole campaign cannot be "
            "copied: it holds the %s secrets", camp_side_noun(side),
            camp_side_poss(side == MU_UNION ? MU_CONFEDERATE : MU_UNION));
    return camp_reason(err, MU_R_UMPIRE_ONLY);
}

mu_status mu_campaign_backup(mu_campaign *c, const char *path, bool replace,
                             mu_error *err)
{
    if (!c || !path || !*path)
        return err_set(err, MU_EINPUT, "no campaign or file given");
    mu_status s = may_copy(c, err);
    if (s != MU_OK)
        return s;
    struct stat sb;
    if (!replace && (stat(path, &sb) == 0 || errno != ENOENT)) {
        err_at(err, MU_EINPUT, path, 0, "already exists: a copy never "
               "replaces a file unasked");
        return camp_reason(err, MU_R_FILE_EXISTS);
    }
    if ((s = target_ok(c, path, err)) != MU_OK)
        return s;
    /* The copy is as private as the campaign: its permissions, less the
     * umask, as cp gives them (an umpire's 0600 file stays 0600). */
    unsigned mode = stat(c->path, &sb) == 0 ? (unsigned)(sb.st_mode & 0666)
                                            : 0600;
    backup_ctx x = {0};
    s = camp_read(c, copy_pages, &x, err);
    if (s == MU_OK) {
        s = camp_file_put(x.mem, path, true, replace ? NULL : "a copy never "
                          "replaces a file unasked", mode, err);
        if (s != MU_OK && err && err->code == MU_EINPUT && !replace)
            camp_reason(err, MU_R_FILE_EXISTS);
    }
    sqlite3_close(x.mem);
    return s;
}
