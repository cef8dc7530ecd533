/* SPDX-License-Identifier: MIT */
/* commit.c -- the salted SHA-256 commitments of hidden divisions (see
 * muster.h): SHA-256 over the salt's bytes and the division's canonical
 * JSON (canon.c). The only libsodium code outside the ledger, kept apart
 * so that a tool that never commits does not load libsodium. */
#include "canon.h"
#include "error.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

static mu_status hex_decode(const char *hex, unsigned char *bin, size_t n,
                            const char *what, mu_error *err)
{
    size_t got = 0;
    const char *end = NULL;
    if (!hex || strlen(hex) != 2 * n ||
        sodium_hex2bin(bin, n, hex, 2 * n, NULL, &got, &end) != 0 ||
        got != n || end != hex + 2 * n)
        return err_set(err, MU_EINPUT, "the %s must be %zu hex digits, not "
                       "'%.80s'", what, 2 * n, hex ? hex : "");
    return MU_OK;
}

mu_status canon_new_salt(char hex[MU_SALT_HEX], mu_error *err)
{
    if (sodium_init() < 0)
        return err_set(err, MU_EINTERNAL, "libsodium could not start");
    unsigned char salt[MU_SALT_BYTES];
    randombytes_buf(salt, sizeof salt);
    sodium_bin2hex(hex, MU_SALT_HEX, salt, sizeof salt);
    return MU_OK;
}

static mu_status commit_bin(const char *canon, size_t len, const char *salt_hex,
                            unsigned char hash[crypto_hash_sha256_BYTES],
                            mu_error *err)
{
    unsigned char salt[MU_SALT_BYTES];
    mu_status st = hex_decode(salt_hex, salt, sizeof salt, "salt", err);
    if (st != MU_OK)
        return st;
    if (sodium_init() < 0)
        return err_set(err, MU_EINTERNAL, "libsodium could not start");
    crypto_hash_sha256_state h;
    crypto_hash_sha256_init(&h);
    crypto_hash_sha256_update(&h, salt, sizeof salt);
    crypto_hash_sha256_update(&h, (const unsigned char *)canon, len);
    crypto_hash_sha256_final(&h, hash);
    return MU_OK;
}

mu_status mu_commitment_compute(const char *json, size_t len,
                                const char *salt_hex,
                                char commitment[MU_COMMITMENT_HEX],
                                mu_error *err)
{
    char *canon;
    mu_status st = mu_json_canonicalize(json, len, &canon, err);
    if (st != MU_OK)
        return st;
    unsigned char hash[crypto_hash_sha256_BYTES];
    st = commit_bin(canon, strlen(canon), salt_hex, hash, err);
    free(canon);
    if (st == MU_OK)
        sodium_bin2hex(commitment, MU_COMMITMENT_HEX, hash, sizeof hash);
    return st;
}

/* A reveal document: an object whose "division" is an object and whose
 * "salt" is a string. A division itself has neither key. */
static const cJSON *reveal_parts(const cJSON *root, const char **salt)
{
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(root, "division");
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(root, "salt");
    if (!cJSON_IsObject(root) || !cJSON_IsObject(d) || !cJSON_IsString(s))
        return NULL;
    *salt = s->valuestring;
    return d;
}

mu_status mu_commitment_verify(const char *commitment_hex, const char *salt_hex,
                               const char *text, size_t len, mu_error *err)
{
    unsigned char want[crypto_hash_sha256_BYTES], got[sizeof want];
    mu_status st = hex_decode(commitment_hex, want, sizeof want, "commitment",
                              err);
    if (st != MU_OK)
        return st;
    if (salt_hex) { /* check the salt before reading the file */
        unsigned char tmp[MU_SALT_BYTES];
        if ((st = hex_decode(salt_hex, tmp, sizeof tmp, "salt", err)) != MU_OK)
            return st;
    }
    cJSON *root;
    if ((st = canon_parse(text, len, &root, err)) != MU_OK)
        return st;
    const char *doc_salt = NULL;
    const cJSON *div = reveal_parts(root, &doc_salt);
    if (!div) {
        div = root;
        if (!salt_hex) {
            cJSON_Delete(root);
            return err_set(err, MU_EINPUT, "give the salt: the file is a "
                           "division, not the document 'reveal' prints");
        }
    }
    char *canon = NULL;
    st = canon_print(div, &canon, err);
    if (st == MU_OK)
        st = commit_bin(canon, strlen(canon), salt_hex ? salt_hex : doc_salt,
                        got, err);
    free(canon);
    cJSON_Delete(root);
    if (st != MU_OK)
        return st;
    if (sodium_memcmp(want, got, sizeof want) != 0)
        return err_set(err, MU_EMISMATCH, "the division does not match the "
                       "commitment: it is not the division committed to, or "
                       "the salt is wrong");
    return MU_OK;
}
