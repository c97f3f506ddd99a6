/*
 * src/pk/rsa_enc.c - RSA encryption (RFC 8017): RSAES-OAEP (section 7.1,
 * EME-OAEP with MGF1 of appendix B.2.1 over any digest and a label) and
 * RSAES-PKCS1-v1_5 (section 7.2), as OpenSSL 3.0 does them.
 *
 * Decryption is constant-time in the private key and the decrypted block:
 * the private operation is blinded (rsa.c), and the padding is checked by
 * reading every byte of the block whatever its content, folding each test
 * into one mask, with the message's offset chosen by masks, not branches
 * (the technique of BoringSSL's RSA_padding_check_PKCS1_OAEP_mgf1 against
 * Manger's attack, and of its PKCS#1 v1.5 check against Bleichenbacher's).
 * Only then is the verdict looked at: every failure is one code,
 * BRISK_EDECRYPT, with no other difference in what is returned.  The
 * verdict itself is revealed, as it must be; PKCS#1 v1.5 encryption stays
 * open to Bleichenbacher's attack wherever a peer can learn it (OpenSSL
 * 3.2's implicit rejection is not done, as OpenSSL 3.0 does not): prefer
 * OAEP.
 */
#include <string.h>

#include <brisk/rand.h>
#include <brisk/rsa.h>

#include "../internal.h"
#include "internal.h"

/* ct_is_zero8 is 1 when the byte is 0, else 0, without a branch. */
static inline uint32_t ct_is_zero8(uint8_t b)
{
    return ((uint32_t)b - 1) >> 31;
}

/* ---- encryption: public data, plain code ---- */

/* encrypt_block runs the public operation on em into out, checking room. */
static int encrypt_block(const brisk_rsa_key *key, uint8_t *out, size_t out_len,
                         const uint8_t *em)
{
    size_t k = brisk_rsa_size(key);

    if (out == NULL || out_len < k)
        return BRISK_ENOSPACE;
    return brisk_rsa_public_op(key, out, em, k);
}

int brisk_rsa_encrypt_oaep(const brisk_rsa_key *key, uint8_t *out, size_t out_len,
                           const brisk_digest *md, const brisk_digest *mgf1_md,
                           const uint8_t *label, size_t label_len, const uint8_t *msg,
                           size_t msg_len)
{
    uint8_t em[BRISK_RSA_MAX_BYTES];
    size_t k, h_len, db_len;
    uint8_t *seed = em + 1, *db;
    int err;

    if (key == NULL || (msg == NULL && msg_len > 0) || (label == NULL && label_len > 0))
        return BRISK_EINVAL;
    md = md != NULL ? md : brisk_digest_by_name("sha1");
    mgf1_md = mgf1_md != NULL ? mgf1_md : md;
    k = brisk_rsa_size(key);
    h_len = md->digest_len;
    if (k < 2 * h_len + 2 || msg_len > k - 2 * h_len - 2)
        return BRISK_EINVAL;   /* RFC 8017 7.1.1 step 1.b: message too long */
    db = em + 1 + h_len;
    db_len = k - h_len - 1;
    /* DB = lHash || PS || 0x01 || M */
    em[0] = 0;
    brisk_digest_oneshot(md, db, label_len > 0 ? label : (const uint8_t *)"", label_len);
    memset(db + h_len, 0, db_len - h_len - msg_len - 1);
    db[db_len - msg_len - 1] = 0x01;
    if (msg_len > 0)
        memcpy(db + db_len - msg_len, msg, msg_len);
    err = brisk_random_bytes(seed, h_len);
    if (err == BRISK_EOK) {
        brisk_rsa_mgf1_xor(db, db_len, mgf1_md, seed, h_len);
        brisk_rsa_mgf1_xor(seed, h_len, mgf1_md, db, db_len);
        err = encrypt_block(key, out, out_len, em);
    }
    wipe(em, sizeof(em));
    return err;
}

int brisk_rsa_encrypt_pkcs1(const brisk_rsa_key *key, uint8_t *out, size_t out_len,
                            const uint8_t *msg, size_t msg_len)
{
    uint8_t em[BRISK_RSA_MAX_BYTES];
    size_t k, ps_len;
    int err = BRISK_EOK;

    if (key == NULL || (msg == NULL && msg_len > 0))
        return BRISK_EINVAL;
    k = brisk_rsa_size(key);
    if (k < 11 || msg_len > k - 11)
        return BRISK_EINVAL;   /* RFC 8017 7.2.1 step 1 */
    /* EM = 0x00 || 0x02 || PS (non-zero random bytes) || 0x00 || M */
    ps_len = k - msg_len - 3;
    em[0] = 0x00;
    em[1] = 0x02;
    err = brisk_random_bytes(em + 2, ps_len);
    for (size_t i = 0; err == BRISK_EOK && i < ps_len; i++)
        while (err == BRISK_EOK && em[2 + i] == 0)
            err = brisk_random_bytes(em + 2 + i, 1);
    em[2 + ps_len] = 0x00;
    if (msg_len > 0)
        memcpy(em + 3 + ps_len, msg, msg_len);
    if (err == BRISK_EOK)
        err = encrypt_block(key, out, out_len, em);
    wipe(em, sizeof(em));
    return err;
}

/* ---- decryption: constant-time until the verdict ---- */

/* release writes the message em[from..k-1] to out (of *out_len bytes) when
 * good (declassified: the verdict is public), else nothing; from is
 * secret until then. */
static int release(uint8_t *out, size_t *out_len, const uint8_t *em, size_t k, uint32_t good,
                   size_t from)
{
    declassify(&good, sizeof(good));
    if (!good)
        return BRISK_EDECRYPT;
    declassify(&from, sizeof(from));   /* the message's length is the caller's now */
    if (*out_len < k - from) {
        *out_len = k - from;
        return BRISK_ENOSPACE;
    }
    if (k > from)
        memcpy(out, em + from, k - from);
    *out_len = k - from;
    return BRISK_EOK;
}

/* private_block checks the arguments and sets em = in^d mod n.  The
 * private operation's fault check is public (it says only whether a fault
 * happened), as rsa.c's comment on release_checked has it. */
static int private_block(brisk_rsa_key *key, uint8_t *em, const uint8_t *out, size_t *out_len,
                         const uint8_t *in, size_t in_len)
{
    int err;

    if (key == NULL || !key->has_private || out_len == NULL || (out == NULL && *out_len > 0) ||
        in == NULL || in_len != brisk_rsa_size(key))
        return BRISK_EINVAL;
    err = brisk_rsa_private_op(key, em, in, in_len);
    declassify(&err, sizeof(err));
    return err;
}

int brisk_rsa_decrypt_oaep(brisk_rsa_key *key, uint8_t *out, size_t *out_len,
                           const brisk_digest *md, const brisk_digest *mgf1_md,
                           const uint8_t *label, size_t label_len, const uint8_t *in,
                           size_t in_len)
{
    uint8_t em[BRISK_RSA_MAX_BYTES], lhash[BRISK_DIGEST_MAX_LEN];
    size_t k, h_len, db_len, from = 0;
    uint32_t good, found = 0;
    uint8_t *seed = em + 1, *db;
    int err;

    if (label == NULL && label_len > 0)
        return BRISK_EINVAL;
    md = md != NULL ? md : brisk_digest_by_name("sha1");
    mgf1_md = mgf1_md != NULL ? mgf1_md : md;
    h_len = md->digest_len;
    err = private_block(key, em, out, out_len, in, in_len);
    if (err != BRISK_EOK)
        return err;
    k = in_len;
    if (k < 2 * h_len + 2) {   /* RFC 8017 7.1.2 step 1.c: public */
        wipe(em, sizeof(em));
        return BRISK_EDECRYPT;
    }
    db = em + 1 + h_len;
    db_len = k - h_len - 1;
    brisk_digest_oneshot(md, lhash, label_len > 0 ? label : (const uint8_t *)"", label_len);
    brisk_rsa_mgf1_xor(seed, h_len, mgf1_md, db, db_len);
    brisk_rsa_mgf1_xor(db, db_len, mgf1_md, seed, h_len);
    /* Y = 0, lHash' = lHash, then PS (zeros) up to the first 0x01: every
     * byte read, the verdict and the offset kept in masks */
    good = ct_is_zero8(em[0]) & ct_eq_bytes(db, lhash, h_len);
    for (size_t i = h_len; i < db_len; i++) {
        uint32_t is_one = ct_is_zero8(db[i] ^ 0x01), is_zero = ct_is_zero8(db[i]);
        uint32_t first = is_one & (found ^ 1);
        from = (size_t)ct_select32(first, (uint32_t)(1 + h_len + i + 1), (uint32_t)from);
        good &= found | is_one | is_zero;   /* before the 0x01: zeros only */
        found |= is_one;
    }
    good &= found;
    err = release(out, out_len, em, k, good, from);
    wipe(em, sizeof(em));
    return err;
}

int brisk_rsa_decrypt_pkcs1(brisk_rsa_key *key, uint8_t *out, size_t *out_len,
                            const uint8_t *in, size_t in_len)
{
    uint8_t em[BRISK_RSA_MAX_BYTES];
    size_t k, from = 0;
    uint32_t good, found = 0;
    int err;

    err = private_block(key, em, out, out_len, in, in_len);
    if (err != BRISK_EOK)
        return err;
    k = in_len;
    if (k < 11) {
        wipe(em, sizeof(em));
        return BRISK_EDECRYPT;
    }
    /* 0x00 0x02, then at least eight non-zero bytes up to the first 0x00 */
    good = ct_is_zero8(em[0]) & ct_is_zero8(em[1] ^ 0x02);
    for (size_t i = 2; i < k; i++) {
        uint32_t is_zero = ct_is_zero8(em[i]), first = is_zero & (found ^ 1);
        good &= ct_select32(first, (uint32_t)((i - 10) >> (8 * sizeof(size_t) - 1)) ^ 1, 1);
        from = (size_t)ct_select32(first, (uint32_t)(i + 1), (uint32_t)from);
        found |= is_zero;
    }
    good &= found;
    err = release(out, out_len, em, k, good, from);
    wipe(em, sizeof(em));
    return err;
}
