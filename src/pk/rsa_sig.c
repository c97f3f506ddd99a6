/*
 * src/pk/rsa_sig.c - RSA signatures over a precomputed digest (RFC 8017):
 * RSASSA-PKCS1-v1_5 (§8.2, EMSA-PKCS1-v1_5 of §9.2 with the DigestInfo
 * prefixes of its note 1) and RSASSA-PSS (§8.1, EMSA-PSS of §9.1 with MGF1
 * of appendix B.2.1 over any digest).
 *
 * PKCS#1 v1.5 verification re-encodes the expected block and compares the
 * whole of it in constant time: no parsing, so no leniency (garbage after
 * the DigestInfo, short padding or BER lengths all fail).  PSS verification
 * follows §9.1.2 step by step.  Signing is as constant-time as the private
 * operation (the encodings depend only on the public digest and the salt);
 * verification works on public data.
 */
#include <string.h>

#include <brisk/rand.h>
#include <brisk/rsa.h>

#include "../internal.h"
#include "internal.h"

/* ---- EMSA-PKCS1-v1_5 ---- */

/* DigestInfo prefixes: the DER of AlgorithmIdentifier and the OCTET STRING
 * header, before the digest itself (RFC 8017 §9.2 note 1; RIPEMD-160's OID
 * 1.3.36.3.2.1 from ISO/IEC 10118-3, as OpenSSL encodes it). */
typedef struct digest_info {
    const char *md_name;  /* brisk_digest.name */
    size_t digest_len;
    uint8_t len;
    uint8_t prefix[19];
} digest_info;

static const digest_info digest_infos[] = {
    {"md5", 16, 18, {0x30, 0x20, 0x30, 0x0c, 0x06, 0x08, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d,
                     0x02, 0x05, 0x05, 0x00, 0x04, 0x10}},
    {"sha1", 20, 15, {0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05,
                      0x00, 0x04, 0x14}},
    {"rmd160", 20, 15, {0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x24, 0x03, 0x02, 0x01,
                        0x05, 0x00, 0x04, 0x14}},
    {"sha224", 28, 19, {0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
                        0x03, 0x04, 0x02, 0x04, 0x05, 0x00, 0x04, 0x1c}},
    {"sha256", 32, 19, {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
                        0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20}},
    {"sha384", 48, 19, {0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
                        0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30}},
    {"sha512", 64, 19, {0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
                        0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40}},
    {"sha512-224", 28, 19, {0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
                            0x03, 0x04, 0x02, 0x05, 0x05, 0x00, 0x04, 0x1c}},
    {"sha512-256", 32, 19, {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
                            0x03, 0x04, 0x02, 0x06, 0x05, 0x00, 0x04, 0x20}},
};

static const digest_info *find_digest_info(const brisk_digest *md)
{
    for (size_t i = 0; i < sizeof(digest_infos) / sizeof(digest_infos[0]); i++)
        if (strcmp(digest_infos[i].md_name, md->name) == 0 &&
            digest_infos[i].digest_len == md->digest_len)
            return &digest_infos[i];
    return NULL;
}

size_t brisk_rsa_pkcs1_min_size(const brisk_digest *md)
{
    const digest_info *di = md != NULL ? find_digest_info(md) : NULL;

    return di == NULL ? 0 : di->len + di->digest_len + 11;
}

/* emsa_pkcs1_encode writes 00 01 FF..FF 00 DigestInfo to em[0..k-1]. */
static int emsa_pkcs1_encode(uint8_t *em, size_t k, const brisk_digest *md,
                             const uint8_t *dgst, size_t dgst_len)
{
    const digest_info *di = md != NULL ? find_digest_info(md) : NULL;
    size_t t_len;

    if (di == NULL || dgst == NULL || dgst_len != di->digest_len)
        return BRISK_EINVAL;
    t_len = di->len + dgst_len;
    if (k < t_len + 11)   /* at least 8 bytes of FF */
        return BRISK_EINVAL;
    em[0] = 0x00;
    em[1] = 0x01;
    memset(em + 2, 0xff, k - t_len - 3);
    em[k - t_len - 1] = 0x00;
    memcpy(em + k - t_len, di->prefix, di->len);
    memcpy(em + k - dgst_len, dgst, dgst_len);
    return BRISK_EOK;
}

/* sign_block runs the private operation on em into sig, checking room. */
static int sign_block(brisk_rsa_key *key, uint8_t *sig, size_t sig_len, const uint8_t *em)
{
    size_t k = brisk_rsa_size(key);
    if (sig == NULL || sig_len < k)
        return BRISK_ENOSPACE;
    return brisk_rsa_private_op(key, sig, em, k);
}

int brisk_rsa_sign_pkcs1(brisk_rsa_key *key, uint8_t *sig, size_t sig_len,
                         const brisk_digest *md, const uint8_t *dgst, size_t dgst_len)
{
    uint8_t em[BRISK_RSA_MAX_BYTES];
    int err;

    if (key == NULL || !key->has_private)
        return BRISK_EINVAL;
    err = emsa_pkcs1_encode(em, brisk_rsa_size(key), md, dgst, dgst_len);
    if (err == 0)
        err = sign_block(key, sig, sig_len, em);
    wipe(em, sizeof(em));
    return err;
}

int brisk_rsa_verify_pkcs1(const brisk_rsa_key *key, const uint8_t *sig, size_t sig_len,
                           const brisk_digest *md, const uint8_t *dgst, size_t dgst_len)
{
    uint8_t em[BRISK_RSA_MAX_BYTES], want[BRISK_RSA_MAX_BYTES];
    size_t k;

    if (key == NULL || sig == NULL)
        return BRISK_EVERIFY;
    k = brisk_rsa_size(key);
    if (sig_len != k || emsa_pkcs1_encode(want, k, md, dgst, dgst_len) != 0 ||
        brisk_rsa_public_op(key, em, sig, k) != 0)
        return BRISK_EVERIFY;
    return ct_eq_bytes(em, want, k) ? BRISK_EOK : BRISK_EVERIFY;
}

int brisk_rsa_recover_pkcs1(const brisk_rsa_key *key, uint8_t *out, size_t *out_len,
                            const brisk_digest *md, const uint8_t *sig, size_t sig_len)
{
    uint8_t em[BRISK_RSA_MAX_BYTES];
    const digest_info *di = NULL;
    size_t k, i, from, len;
    int err = BRISK_EVERIFY;

    if (key == NULL || out_len == NULL || (out == NULL && *out_len > 0) || sig == NULL)
        return BRISK_EINVAL;
    if (md != NULL && (di = find_digest_info(md)) == NULL)
        return BRISK_EINVAL;
    k = brisk_rsa_size(key);
    if (sig_len != k || brisk_rsa_public_op(key, em, sig, k) != 0)
        return BRISK_EVERIFY;
    /* 00 01, at least eight FF, 00, the payload (public data: plain code) */
    for (i = 2; i < k && em[i] == 0xff; i++)
        ;
    if (k < 11 || em[0] != 0 || em[1] != 1 || i < 10 || i == k || em[i] != 0)
        goto done;
    from = i + 1;
    if (di != NULL) {
        if (k - from != di->len + di->digest_len || memcmp(em + from, di->prefix, di->len) != 0)
            goto done;
        from += di->len;
    }
    len = k - from;
    if (*out_len < len) {
        *out_len = len;
        err = BRISK_ENOSPACE;
        goto done;
    }
    memcpy(out, em + from, len);
    *out_len = len;
    err = BRISK_EOK;
done:
    wipe(em, sizeof(em));
    return err;
}

/* ---- EMSA-PSS ---- */

void brisk_rsa_mgf1_xor(uint8_t *out, size_t out_len, const brisk_digest *md,
                        const uint8_t *seed, size_t seed_len)
{
    uint8_t block[BRISK_DIGEST_MAX_LEN], ctr[4];
    brisk_digest_ctx ctx;

    for (uint32_t c = 0; out_len > 0; c++) {
        size_t n = out_len < md->digest_len ? out_len : md->digest_len;
        store32_be(ctr, c);
        brisk_digest_init(&ctx, md);
        brisk_digest_update(&ctx, seed, seed_len);
        brisk_digest_update(&ctx, ctr, 4);
        brisk_digest_final(&ctx, block);
        for (size_t i = 0; i < n; i++)
            out[i] ^= block[i];
        out += n;
        out_len -= n;
    }
    wipe(block, sizeof(block));
}

/* pss_hash sets h = Hash(00 x 8 || mHash || salt) (§9.1.1 steps 5 and 6). */
static void pss_hash(uint8_t *h, const brisk_digest *md, const uint8_t *mhash,
                     const uint8_t *salt, size_t salt_len)
{
    static const uint8_t zeros[8];
    brisk_digest_ctx ctx;

    brisk_digest_init(&ctx, md);
    brisk_digest_update(&ctx, zeros, 8);
    brisk_digest_update(&ctx, mhash, md->digest_len);
    brisk_digest_update(&ctx, salt, salt_len);
    brisk_digest_final(&ctx, h);
}

/* pss_salt_len resolves salt_len for signing with em_len bytes of EM. */
static int pss_salt_len(size_t *s_len, int salt_len, size_t h_len, size_t em_len)
{
    if (em_len < h_len + 2)
        return BRISK_EINVAL;
    if (salt_len == BRISK_RSA_PSS_SALT_DIGEST)
        *s_len = h_len;
    else if (salt_len == BRISK_RSA_PSS_SALT_MAX)
        *s_len = em_len - h_len - 2;
    else if (salt_len >= 0)
        *s_len = (size_t)salt_len;
    else
        return BRISK_EINVAL;
    return em_len < h_len + *s_len + 2 ? BRISK_EINVAL : BRISK_EOK;
}

/* emsa_pss_encode writes EM for emBits = em_bits into em[0..emLen-1]
 * (§9.1.1). */
static int emsa_pss_encode(uint8_t *em, size_t em_bits, const brisk_digest *md,
                           const brisk_digest *mgf1_md, int salt_len, const uint8_t *mhash)
{
    size_t em_len = (em_bits + 7) / 8, h_len = md->digest_len, s_len, db_len;
    uint8_t salt[BRISK_RSA_MAX_BYTES];
    int err = pss_salt_len(&s_len, salt_len, h_len, em_len);

    if (err != 0)
        return err;
    err = brisk_random_bytes(salt, s_len);
    if (err != 0)
        return err;
    db_len = em_len - h_len - 1;
    pss_hash(em + db_len, md, mhash, salt, s_len);
    /* DB = PS || 0x01 || salt, then masked with MGF1(H). */
    memset(em, 0, db_len - s_len - 1);
    em[db_len - s_len - 1] = 0x01;
    memcpy(em + db_len - s_len, salt, s_len);
    brisk_rsa_mgf1_xor(em, db_len, mgf1_md, em + db_len, h_len);
    em[0] &= (uint8_t)(0xff >> (8 * em_len - em_bits));
    em[em_len - 1] = 0xbc;
    wipe(salt, sizeof(salt));
    return BRISK_EOK;
}

int brisk_rsa_sign_pss(brisk_rsa_key *key, uint8_t *sig, size_t sig_len,
                       const brisk_digest *md, const brisk_digest *mgf1_md, int salt_len,
                       const uint8_t *dgst, size_t dgst_len)
{
    uint8_t em[BRISK_RSA_MAX_BYTES];
    size_t k, em_bits;
    int err;

    if (key == NULL || !key->has_private || md == NULL || dgst == NULL ||
        dgst_len != md->digest_len)
        return BRISK_EINVAL;
    if (mgf1_md == NULL)
        mgf1_md = md;
    k = brisk_rsa_size(key);
    em_bits = key->bits - 1;
    /* EM is ceil(emBits / 8) bytes: one fewer than k when modBits = 1 mod 8,
     * the integer's top byte then being 0. */
    em[0] = 0;
    err = emsa_pss_encode(em + k - (em_bits + 7) / 8, em_bits, md, mgf1_md, salt_len, dgst);
    if (err == 0)
        err = sign_block(key, sig, sig_len, em);
    wipe(em, sizeof(em));
    return err;
}

/* pss_db_check unmasks DB in place and returns the salt length after PS ||
 * 0x01, or -1 when DB is malformed or the salt length is not s_want (a
 * count, or BRISK_RSA_PSS_SALT_AUTO for any) (§9.1.2 steps 9 to 11). */
static long pss_db_check(uint8_t *db, size_t db_len, size_t em_len, size_t em_bits,
                         const brisk_digest *mgf1_md, const uint8_t *h, size_t h_len,
                         long s_want)
{
    size_t i = 0;

    brisk_rsa_mgf1_xor(db, db_len, mgf1_md, h, h_len);
    db[0] &= (uint8_t)(0xff >> (8 * em_len - em_bits));
    while (i < db_len && db[i] == 0)
        i++;
    if (i == db_len || db[i] != 0x01)
        return -1;
    if (s_want >= 0 && (size_t)s_want != db_len - i - 1)
        return -1;
    return (long)(db_len - i - 1);
}

/* emsa_pss_verify checks EM (em_len bytes, emBits = em_bits) against mhash
 * (§9.1.2 steps 3 to 14). */
static int emsa_pss_verify(uint8_t *em, size_t em_bits, const brisk_digest *md,
                           const brisk_digest *mgf1_md, long s_want, const uint8_t *mhash)
{
    size_t em_len = (em_bits + 7) / 8, h_len = md->digest_len, db_len;
    uint8_t h2[BRISK_DIGEST_MAX_LEN];
    long s_len;

    if (em_len < h_len + (s_want > 0 ? (size_t)s_want : 0) + 2 || em[em_len - 1] != 0xbc)
        return BRISK_EVERIFY;
    db_len = em_len - h_len - 1;
    if ((em[0] & ~(0xff >> (8 * em_len - em_bits))) != 0)
        return BRISK_EVERIFY;
    s_len = pss_db_check(em, db_len, em_len, em_bits, mgf1_md, em + db_len, h_len, s_want);
    if (s_len < 0)
        return BRISK_EVERIFY;
    pss_hash(h2, md, mhash, em + db_len - (size_t)s_len, (size_t)s_len);
    return ct_eq_bytes(h2, em + db_len, h_len) ? BRISK_EOK : BRISK_EVERIFY;
}

int brisk_rsa_verify_pss(const brisk_rsa_key *key, const uint8_t *sig, size_t sig_len,
                         const brisk_digest *md, const brisk_digest *mgf1_md, int salt_len,
                         const uint8_t *dgst, size_t dgst_len)
{
    uint8_t em[BRISK_RSA_MAX_BYTES];
    size_t k, em_bits, em_len;
    long s_want;

    if (key == NULL || sig == NULL || md == NULL || dgst == NULL ||
        dgst_len != md->digest_len)
        return BRISK_EVERIFY;
    if (mgf1_md == NULL)
        mgf1_md = md;
    if (salt_len == BRISK_RSA_PSS_SALT_DIGEST)
        s_want = (long)md->digest_len;
    else if (salt_len == BRISK_RSA_PSS_SALT_AUTO)
        s_want = -1;
    else if (salt_len >= 0)
        s_want = salt_len;
    else
        return BRISK_EVERIFY;
    k = brisk_rsa_size(key);
    if (sig_len != k || brisk_rsa_public_op(key, em, sig, k) != 0)
        return BRISK_EVERIFY;
    /* EM = I2OSP(m, emLen): when emLen = k - 1 the top byte must be 0. */
    em_bits = key->bits - 1;
    em_len = (em_bits + 7) / 8;
    if (em_len < k && em[0] != 0)
        return BRISK_EVERIFY;
    return emsa_pss_verify(em + k - em_len, em_bits, md, mgf1_md, s_want, dgst);
}
