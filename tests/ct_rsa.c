/*
 * tests/ct_rsa.c - constant-time check of the RSA private operation under
 * valgrind's memcheck (see ctgrind.h): every private number of the key (d,
 * p, q, dp, dq, qinv, the Montgomery forms of p and q) and the blinding
 * pair are marked undefined, so memcheck reports any branch or memory
 * address that depends on them in brisk_rsa_private_op,
 * brisk_rsa_sign_pkcs1 and brisk_rsa_sign_pss, and in the decryptions
 * brisk_rsa_decrypt_oaep and brisk_rsa_decrypt_pkcs1, of valid and of
 * corrupted ciphertexts.  The message is public, and so is the private
 * operation's fault check (its result says only whether a fault
 * happened): the return value is marked defined before use.  A
 * decryption's verdict and the message's offset are public once decided:
 * the library hands them to brisk_ct_declassify, which this program
 * defines to mark them defined; everything before must not branch on the
 * decrypted block.
 *
 * Run for every bignum implementation valgrind's CPU can execute (it has
 * no AVX-512).  --canary leaks on purpose and passes only if memcheck
 * notices.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "ctgrind.h"
#include "vectors.h"

/* brisk_ct_declassify is the library's weak hook (src/internal.h). */
void brisk_ct_declassify(const void *p, size_t len);

void brisk_ct_declassify(const void *p, size_t len)
{
    public(p, len);
}

static void mark_key(brisk_rsa_key *k, int is_secret)
{
    void (*mark)(const void *, size_t) = is_secret ? secret : public;
    const brisk_bn *nums[] = {&k->d, &k->p, &k->q, &k->dp, &k->dq, &k->qinv,
                              &k->blind, &k->unblind};
    const brisk_bn_mont *monts[] = {&k->mont_p, &k->mont_q};

    for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
        mark(nums[i]->d, sizeof(nums[i]->d));
    for (size_t i = 0; i < 2; i++) {
        mark(monts[i]->m, sizeof(monts[i]->m));
        mark(monts[i]->rr, sizeof(monts[i]->rr));
        mark(&monts[i]->m0inv, sizeof(monts[i]->m0inv));
    }
}

static void test_key(brisk_rsa_key *k, const char *impl, tv_rng *rng)
{
    static uint8_t in[BRISK_RSA_MAX_BYTES], out[BRISK_RSA_MAX_BYTES], back[BRISK_RSA_MAX_BYTES];
    const brisk_digest *md = brisk_digest_by_name("sha256");
    size_t sz = brisk_rsa_size(k);
    uint8_t h[32];
    unsigned long before = errors();
    int err;

    tv_rng_fill(rng, h, sizeof(h));
    for (int round = 0; round < 2; round++) {
        tv_rng_fill(rng, in, sz);
        in[0] = 0;
        mark_key(k, 1);
        err = brisk_rsa_private_op(k, out, in, sz);
        public(&err, sizeof(err));
        public(out, sz);
        mark_key(k, 0);
        tv_check(err == 0 && brisk_rsa_public_op(k, back, out, sz) == 0 &&
                     memcmp(back, in, sz) == 0,
                 "%zu bits [bn=%s]: private op round %d", k->bits, impl, round);
    }
    mark_key(k, 1);
    err = brisk_rsa_sign_pkcs1(k, out, sz, md, h, sizeof(h));
    public(&err, sizeof(err));
    public(out, sz);
    mark_key(k, 0);
    tv_check(err == 0 && brisk_rsa_verify_pkcs1(k, out, sz, md, h, sizeof(h)) == 0,
             "%zu bits [bn=%s]: PKCS#1 v1.5 signature", k->bits, impl);
    mark_key(k, 1);
    err = brisk_rsa_sign_pss(k, out, sz, md, NULL, BRISK_RSA_PSS_SALT_DIGEST, h, sizeof(h));
    public(&err, sizeof(err));
    public(out, sz);
    mark_key(k, 0);
    tv_check(err == 0 && brisk_rsa_verify_pss(k, out, sz, md, NULL, BRISK_RSA_PSS_SALT_DIGEST, h,
                                              sizeof(h)) == 0,
             "%zu bits [bn=%s]: PSS signature", k->bits, impl);
    for (int oaep = 0; oaep < 2; oaep++) {
        for (int corrupt = 0; corrupt < 2; corrupt++) {
            size_t m_len = sizeof(back), msg_len = 20;
            tv_rng_fill(rng, h, sizeof(h));
            err = oaep ? brisk_rsa_encrypt_oaep(k, out, sz, md, NULL, NULL, 0, h, msg_len)
                       : brisk_rsa_encrypt_pkcs1(k, out, sz, h, msg_len);
            out[sz / 2] ^= (uint8_t)corrupt;
            if (brisk_bn_bits(&k->n) > 0 && err == 0) {
                mark_key(k, 1);
                err = oaep ? brisk_rsa_decrypt_oaep(k, back, &m_len, md, NULL, NULL, 0, out, sz)
                           : brisk_rsa_decrypt_pkcs1(k, back, &m_len, out, sz);
                public(&err, sizeof(err));
                public(&m_len, sizeof(m_len));
                public(back, sizeof(back));
                mark_key(k, 0);
            }
            if (corrupt)
                tv_check(err == BRISK_EDECRYPT || err == BRISK_EINVAL,
                         "%zu bits [bn=%s]: %s decryption of a corrupted ciphertext", k->bits,
                         impl, oaep ? "OAEP" : "PKCS#1 v1.5");
            else
                tv_check(err == 0 && m_len == msg_len && memcmp(back, h, msg_len) == 0,
                         "%zu bits [bn=%s]: %s decryption", k->bits, impl,
                         oaep ? "OAEP" : "PKCS#1 v1.5");
        }
    }
    unsigned long n = errors() - before;
    tv_check(n == 0, "%zu bits [bn=%s]: memcheck saw %lu uses of secret data in branches or addresses",
             k->bits, impl, n);
}

static void run(tv_rng *rng)
{
    static brisk_rsa_key k;
    const size_t sizes[] = {1024, 2048};

    for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
        const char *impl;
        char list[200];
        if (sizes[s] > 1024 && tv_quick())
            continue;
        if (!tv_check_int(brisk_rsa_generate(&k, sizes[s], 0), 0, "keygen %zu", sizes[s]))
            continue;
        for (size_t it = 0; (impl = tv_impl_next("bn", &it)) != NULL;)
            test_key(&k, impl, rng);
        tv_note("%zu bits tested: %s", sizes[s], tv_impl_list("bn", list, sizeof(list)));
        brisk_rsa_key_cleanup(&k);
    }
}

int main(int argc, char **argv)
{
    return ct_main("ct_rsa", argc, argv, run);
}
