/*
 * src/cipher/aes.c - AES-128/192/256 (FIPS 197): the "aes" primitive's table
 * of implementations (aes_ct.c, aes_aesni.c, aes_vaes.c), brisk_aes_setkey,
 * and the block-cipher descriptor brisk_aes_cipher, whose kernels are those
 * of the implementation that expanded the key.
 */
#include "internal.h"

/* ---- Implementations of the "aes" primitive ---- */

/* VAES also needs AVX512BW, for the 512-bit byte shuffle that turns its
 * counters into big-endian blocks. */
static const brisk_impl aes_impls[] = {
#ifdef BRISK_X86_64
    {"vaes",
     BRISK_CPU_VAES | BRISK_CPU_VPCLMULQDQ | BRISK_CPU_AVX512F | BRISK_CPU_AVX512VL |
         BRISK_CPU_AVX512BW | BRISK_CPU_AESNI | BRISK_CPU_SSE41 | BRISK_CPU_SSSE3,
     0, BRISK_IMPL_AUTO, &brisk_aes_impl_vaes},
    {"aesni", BRISK_CPU_AESNI | BRISK_CPU_SSE41 | BRISK_CPU_SSSE3, 0, BRISK_IMPL_AUTO,
     &brisk_aes_impl_aesni},
#endif
    {"ct", 0, 0, BRISK_IMPL_AUTO, &brisk_aes_impl_ct},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_aes_prim = {.name = "aes", .impls = aes_impls};

/* ---- Generic entry points ---- */

int brisk_aes_setkey(brisk_aes_key *k, const uint8_t *key, size_t key_len)
{
    if (k == NULL || key == NULL || (key_len != 16 && key_len != 24 && key_len != 32))
        return BRISK_EINVAL;
    brisk_aes_active()->setkey(k, key, key_len);
    return 0;
}

static int aes_cipher_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    if (param != 0)
        return BRISK_EINVAL;
    return brisk_aes_setkey(ks, key, key_len);
}

static void aes_cipher_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    const brisk_aes_key *k = ks;
    k->impl->ecb_enc(k, out, in, n_blocks);
}

static void aes_cipher_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    const brisk_aes_key *k = ks;
    k->impl->ecb_dec(k, out, in, n_blocks);
}

/* The mode kernels of the implementation that expanded the key. */
static void aes_cipher_cbc_enc(const void *ks, uint8_t *iv, uint8_t *out, const uint8_t *in,
                               size_t n_blocks)
{
    const brisk_aes_key *k = ks;
    k->impl->cbc_enc(k, iv, out, in, n_blocks);
}

static void aes_cipher_cbc_dec(const void *ks, uint8_t *iv, uint8_t *out, const uint8_t *in,
                               size_t n_blocks)
{
    const brisk_aes_key *k = ks;
    k->impl->cbc_dec(k, iv, out, in, n_blocks);
}

static void aes_cipher_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                           size_t n_blocks)
{
    const brisk_aes_key *k = ks;
    k->impl->ctr128(k, ctr, out, in, n_blocks);
}

const brisk_block_cipher brisk_aes_cipher = {
    "aes", 16, aes_cipher_setkey, aes_cipher_encrypt, aes_cipher_decrypt,
    aes_cipher_cbc_enc, aes_cipher_cbc_dec, aes_cipher_ctr,
};
