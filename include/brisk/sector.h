/*
 * brisk/sector.h - disk-sector encryption as Linux dm-crypt's plain mode does
 * it: a cipher spec in cryptsetup's syntax "cipher-mode-ivgen[:ivopts]"
 * ("aes-xts-plain64", "aes-cbc-essiv:sha256", "serpent-cbc-plain",
 * "twofish-xts-plain64be", "aes-ecb"), a volume key, and a sector size; each
 * sector is encrypted on its own with an IV made from its number.
 *
 * Ciphers: any 16-byte block cipher of the registry ("aes", and "serpent",
 * "twofish" where built).  Modes: cbc, xts (the key is two cipher keys: data
 * key first, tweak key second, as the kernel's xts splits it), ecb (no IV, or
 * IV generator null).  IV generators: plain (the IV sector number's low 32
 * bits, little-endian, zero padded), plain64 (64 bits little-endian),
 * plain64be (64 bits big-endian in the IV's last 8 bytes), essiv:HASH (the
 * plain64 IV encrypted with the same cipher keyed by HASH(volume key); the
 * digest's length must be a key length the cipher takes), null (all zero).
 * The IV sector number counts 512-byte units (dm-crypt's default), or
 * sectors of sector_size with BRISK_SECTOR_LARGE_IV (iv_large_sectors); it
 * wraps modulo 2^64 as dm-crypt's u64 does.
 *
 * The context is a plain caller-allocated struct with no interior pointers;
 * brisk_sector_cleanup wipes the keys in it.
 */
#ifndef BRISK_SECTOR_H
#define BRISK_SECTOR_H

#include <brisk/common.h>
#include <brisk/cipher.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Flags of brisk_sector_init. */
#define BRISK_SECTOR_LARGE_IV 1u /* dm-crypt's iv_large_sectors: the IV
                                    counts sectors of sector_size, not
                                    512-byte units */

#define BRISK_SECTOR_KS_SIZE 4352 /* bytes of one key schedule */

/* brisk_sector_ctx holds the key schedules of one volume.  Its fields are
 * private; they are public only so that it can live anywhere the caller
 * likes.  The type is aligned to 64 bytes, which malloc does not promise:
 * on the heap, take it from aligned_alloc(_Alignof(brisk_sector_ctx),
 * sizeof(...)) or posix_memalign. */
typedef struct brisk_sector_ctx {
    const struct brisk_block_cipher *bc; /* the block cipher's kernels */
    unsigned mode;                       /* private: ECB, CBC or XTS */
    unsigned ivgen;                      /* private: the IV generator */
    unsigned flags;                      /* as given to brisk_sector_init */
    unsigned iv_shift;                   /* log2(sector_size / 512), or 0 */
    size_t sector_size;
    size_t key_len;
    BRISK_ALIGNAS(64) uint8_t ks[3][BRISK_SECTOR_KS_SIZE]; /* data key, XTS
                                                               tweak key, ESSIV key */
} brisk_sector_ctx;

/* brisk_sector_check tells whether spec (cryptsetup's syntax,
 * "aes-xts-plain64", "aes-cbc-essiv:sha256", "serpent-cbc-plain",
 * "twofish-xts-plain64be", "aes-ecb-null"), a key of key_len bytes
 * (cryptsetup's --key-size / 8) and sector_size would be accepted by
 * brisk_sector_init, without a key: 0, or the same error code, with one line
 * in why (why_len bytes, may be NULL) saying what is wrong: "unknown cipher
 * 'foo'", "unknown IV generator 'bar'", "aes-xts takes 256, 384 or 512-bit
 * keys", "sector size 1000 is not a power of two from 512 to 4096".  A spec
 * without a mode ("aes") means cbc-plain, as in cryptsetup. */
BRISK_API int brisk_sector_check(const char *spec, size_t key_len, size_t sector_size,
                                 unsigned flags, char *why, size_t why_len);

/* brisk_sector_init: 0, BRISK_ENOTFOUND (unknown cipher, mode, IV generator
 * or ESSIV hash), BRISK_EINVAL (key length, sector size, flags, NULL, an XTS
 * key whose two halves are equal, a malformed spec). */
BRISK_API int brisk_sector_init(brisk_sector_ctx *ctx, const char *spec,
                                const uint8_t *key, size_t key_len,
                                size_t sector_size, unsigned flags);

/* brisk_sector_encrypt encrypts n_sectors whole sectors (n_sectors *
 * sector_size bytes) from in to out (out == in allowed, no other overlap),
 * the first being sector number `sector` (counted in units of sector_size:
 * byte offset sector * sector_size of the volume).  Reads ctx only: several
 * threads may use one ctx at once on different sectors.  0 or BRISK_EINVAL
 * (NULL pointers with n_sectors > 0, a length past SIZE_MAX, or a ctx whose
 * init failed or that was cleaned up). */
BRISK_API int brisk_sector_encrypt(const brisk_sector_ctx *ctx, uint8_t *out,
                                   const uint8_t *in, uint64_t sector, size_t n_sectors);

/* brisk_sector_decrypt is brisk_sector_encrypt's inverse. */
BRISK_API int brisk_sector_decrypt(const brisk_sector_ctx *ctx, uint8_t *out,
                                   const uint8_t *in, uint64_t sector, size_t n_sectors);

/* brisk_sector_cleanup wipes the context. */
BRISK_API void brisk_sector_cleanup(brisk_sector_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
