/*
 * tests/fuzz_poly1305.c - libFuzzer target: brisk's Poly1305 against
 * OpenSSL's (EVP_MAC "POLY1305") on keys, messages and update splits the
 * fuzzer shapes, with the implementation switched between updates among
 * every one this CPU can run (c, c64, avx2, avx512: one context's form is
 * common to all of them, and each vector kernel hands short tails to
 * another).  The streamed tag, the one-shot tag under each implementation
 * and OpenSSL's must be equal, and brisk_poly1305_verify must accept the
 * tag and refuse it with any one bit flipped.  Built by clang with
 * -DBRISK_FUZZ=ON; run through scripts/fuzz.
 *
 * Input: the 32-byte key, a byte choosing the bit to flip, then updates,
 * each a byte (low 2 bits: which implementation; the rest: the length, or
 * with bit 7 set (byte & 127) / 4 * 67 bytes) and its data.
 */
#include <brisk/brisk.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_MSG = 1 << 16, MAX_IMPLS = 8 };

static void fuzz_fail(const char *what, const char *impl)
{
    fprintf(stderr, "fuzz_poly1305: %s (%s)\n", what, impl);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *impls[MAX_IMPLS];
    static size_t n_impls;
    static EVP_MAC_CTX *mac;
    static uint8_t msg[MAX_MSG];
    brisk_poly1305_ctx ctx;
    uint8_t key[32], tag[16], one[16], want[16], bad[16];
    size_t len = 0, n;
    const char *name;

    if (mac == NULL) {
        EVP_MAC *m = EVP_MAC_fetch(NULL, "POLY1305", NULL);
        mac = m != NULL ? EVP_MAC_CTX_new(m) : NULL;
        EVP_MAC_free(m);
        if (mac == NULL)
            fuzz_fail("libcrypto has no EVP_MAC POLY1305", "-");
        for (size_t i = 0; (name = brisk_impl_name("poly1305", i, NULL)) != NULL; i++)
            if (n_impls < MAX_IMPLS && brisk_impl_set("poly1305", name) == 0)
                impls[n_impls++] = name;
        brisk_impl_set("poly1305", NULL);
    }
    if (size < 33)
        return 0;
    memcpy(key, data, 32);
    unsigned flip = data[32];
    data += 33;
    size -= 33;

    brisk_impl_set("poly1305", impls[0]);
    if (brisk_poly1305_init(&ctx, key) != 0)
        fuzz_fail("init", impls[0]);
    while (size > 0) {
        const char *impl = impls[(data[0] & 3) % n_impls];
        size_t want_len = data[0] & 0x80 ? (size_t)(data[0] & 0x7f) / 4 * 67 : data[0] >> 2;

        data++, size--;
        n = want_len < size ? want_len : size;
        if (n > MAX_MSG - len)
            n = MAX_MSG - len;
        brisk_impl_set("poly1305", impl);
        if (brisk_poly1305_update(&ctx, data, n) != 0)
            fuzz_fail("update", impl);
        memcpy(msg + len, data, n);
        len += n;
        data += n;
        size -= n;
        if (len == MAX_MSG)
            break;
    }
    if (brisk_poly1305_final(&ctx, tag) != 0)
        fuzz_fail("final", "-");

    n = 0;
    if (EVP_MAC_init(mac, key, 32, NULL) != 1 || EVP_MAC_update(mac, msg, len) != 1 ||
        EVP_MAC_final(mac, want, &n, sizeof(want)) != 1 || n != 16)
        fuzz_fail("libcrypto's Poly1305", "-");
    if (memcmp(tag, want, 16) != 0)
        fuzz_fail("streamed tag differs from OpenSSL's", "switched");
    for (size_t i = 0; i < n_impls; i++) {
        brisk_impl_set("poly1305", impls[i]);
        if (brisk_poly1305(one, key, msg, len) != 0 || memcmp(one, want, 16) != 0)
            fuzz_fail("one-shot tag differs from OpenSSL's", impls[i]);
    }
    brisk_impl_set("poly1305", NULL);

    memcpy(bad, tag, 16);
    bad[(flip >> 3) & 15] ^= (uint8_t)(1u << (flip & 7));
    if (brisk_poly1305_verify(tag, want) != 0)
        fuzz_fail("verify refused the right tag", "-");
    if (brisk_poly1305_verify(bad, want) == 0)
        fuzz_fail("verify accepted a flipped bit", "-");
    return 0;
}
