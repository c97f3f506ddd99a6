/*
 * brisk/cipher.h - symmetric ciphers through one generic API driven by
 * descriptors looked up by OpenSSL's names ("aes-128-cbc", "des-ede3-cbc",
 * "bf-cfb", "rc4", "aes-256-gcm"), in the shape of EVP_CipherInit/Update/
 * Final, so that code and scripts written for OpenSSL map onto it one to one.
 *
 * Contexts are plain caller-allocated structs with no interior pointers;
 * brisk_cipher_cleanup (and a failed final) wipes the keys and IVs in them.
 */
#ifndef BRISK_CIPHER_H
#define BRISK_CIPHER_H

#include <brisk/common.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BRISK_CIPHER_MAX_BLOCK 16
#define BRISK_CIPHER_MAX_KEY   256 /* RC4's longest key; aes-256-xts takes 64 */
#define BRISK_CIPHER_MAX_IV    16 /* GCM alone takes longer IVs */
#define BRISK_GCM_TAG_LEN      16

/* How a descriptor uses its block cipher. */
typedef enum brisk_cipher_mode {
    BRISK_MODE_STREAM = 0, /* a stream cipher: RC4 */
    BRISK_MODE_ECB,
    BRISK_MODE_CBC,
    BRISK_MODE_CFB,        /* full-block feedback: CFB128 for AES, CFB64 else */
    BRISK_MODE_OFB,
    BRISK_MODE_CTR,        /* 128-bit big-endian counter (NIST SP 800-38A) */
    BRISK_MODE_GCM,
    BRISK_MODE_XTS,
    BRISK_MODE_CHACHA20,   /* ChaCha20, OpenSSL's 16-byte IV: 32-bit
                              little-endian counter || 96-bit nonce */
    BRISK_MODE_CHACHA20_POLY1305 /* RFC 8439's AEAD, 12-byte IV */
} brisk_cipher_mode;

/* Descriptor flags. */
enum {
    BRISK_CIPHER_VARKEY = 1u << 0, /* any key length in [key_min, key_max] */
    BRISK_CIPHER_AEAD   = 1u << 1, /* takes AAD and produces a tag (GCM,
                                      ChaCha20-Poly1305) */
    BRISK_CIPHER_NOCT   = 1u << 2  /* not constant-time: indexes tables by
                                      secret data (DES, Blowfish, CAST5, RC2,
                                      RC4 by design) */
};

struct brisk_block_cipher;  /* private: a block cipher's kernels */
struct brisk_stream_cipher; /* private: a stream cipher's kernels */

/* brisk_cipher describes one cipher in one mode. */
typedef struct brisk_cipher {
    const char *name;             /* OpenSSL's name, lower case: "aes-128-cbc" */
    const char *const *aliases;   /* NULL-terminated ("aes128", "bf"), or NULL */
    brisk_cipher_mode mode;
    unsigned flags;
    size_t key_len;               /* the default key length in bytes */
    size_t key_min, key_max;      /* accepted key lengths (equal to key_len
                                     unless BRISK_CIPHER_VARKEY) */
    size_t iv_len;                /* 0 when the mode takes no IV; GCM: 12 */
    size_t block_len;             /* as EVP_CIPHER_block_size: the cipher's
                                     block for ECB and CBC, 1 for the others */
    const struct brisk_block_cipher *bc;  /* NULL for a stream cipher */
    const struct brisk_stream_cipher *sc; /* NULL for a block cipher */
} brisk_cipher;

/* brisk_cipher_ctx is one encryption or decryption in progress.  Its fields
 * are private; they are public only so that it can live on the stack.  The
 * type is aligned to 64 bytes, which malloc does not promise: on the heap,
 * take it from aligned_alloc(_Alignof(brisk_cipher_ctx), sizeof(...)) or
 * posix_memalign (or as a member of a struct allocated so). */
typedef struct brisk_cipher_ctx {
    const brisk_cipher *cipher;
    int encrypt;                  /* 1 encrypt, 0 decrypt */
    int padding;                  /* PKCS#7 for ECB and CBC, on by default */
    int state;                    /* mode-private progress */
    unsigned param;               /* RC2 effective key bits, RC5 rounds */
    size_t buf_len;               /* bytes held in buf / keystream used */
    uint64_t aad_len, msg_len;    /* GCM */
    size_t tag_len;               /* GCM: tag length set or produced */
    uint8_t iv[16];               /* chaining value, register or counter */
    uint8_t buf[16];              /* pending input or current keystream */
    uint8_t tag[16];              /* GCM */
    BRISK_ALIGNAS(64) uint8_t gcm[384];   /* GCM: hash key powers and state */
    BRISK_ALIGNAS(64) uint8_t ks[8704];   /* key schedule(s): XTS keeps two,
                                             each of up to 4352 bytes */
} brisk_cipher_ctx;

/* brisk_cipher_by_name looks a cipher up by OpenSSL's name or alias, case
 * insensitively ("AES-128-CBC", "aes128", "des3", "blowfish"); NULL if none. */
BRISK_API const brisk_cipher *brisk_cipher_by_name(const char *name);

/* brisk_cipher_at returns the i-th cipher of the registry, NULL past the last
 * (to enumerate them). */
BRISK_API const brisk_cipher *brisk_cipher_at(size_t i);

/* brisk_cipher_init starts encrypting (encrypt = 1) or decrypting (0) with
 * key (key_len bytes) and iv (iv_len bytes: the descriptor's iv_len, any
 * length from 1 for GCM, ignored when the mode takes none).  Returns 0, or
 * BRISK_EINVAL for a NULL pointer, a key or IV of the wrong length, or an
 * XTS key whose two halves are equal (in either direction; OpenSSL still
 * decrypts with one).  For GCM the tag length defaults to 16. */
BRISK_API int brisk_cipher_init(brisk_cipher_ctx *ctx, const brisk_cipher *c, int encrypt,
                                const uint8_t *key, size_t key_len,
                                const uint8_t *iv, size_t iv_len);

/* brisk_cipher_init_ex is brisk_cipher_init with the cipher's parameter:
 * RC2's effective key bits (1..1024; 0 means the descriptor's default key
 * length times 8, whatever the key's length, as OpenSSL: 128 for rc2-cbc, 40
 * for rc2-40-cbc) or RC5's rounds (0..255; 0 means 12).  Other ciphers
 * require 0.  With key NULL and key_len 0 on a context already initialised
 * for the same cipher, the key schedule is kept and only the IV and the
 * direction are new (what `openssl speed -aead` does per message). */
BRISK_API int brisk_cipher_init_ex(brisk_cipher_ctx *ctx, const brisk_cipher *c, int encrypt,
                                   const uint8_t *key, size_t key_len,
                                   const uint8_t *iv, size_t iv_len, unsigned param);

/* brisk_cipher_set_padding turns PKCS#7 padding of ECB and CBC on (1, the
 * default) or off (0), before the first update; without it the total length
 * must be a whole number of blocks. */
BRISK_API int brisk_cipher_set_padding(brisk_cipher_ctx *ctx, int padding);

/* brisk_cipher_aad feeds additional authenticated data to an AEAD; call it
 * before the first update, any number of times (aad may be NULL when
 * aad_len is 0). */
BRISK_API int brisk_cipher_aad(brisk_cipher_ctx *ctx, const uint8_t *aad, size_t aad_len);

/* brisk_cipher_update processes in_len bytes; out receives *out_len bytes,
 * at most in_len + block_len (padded modes hold back up to a block).  out may
 * equal in (in place) but must not otherwise overlap it.  in and out may be
 * NULL when in_len is 0, which changes nothing.  For XTS each call is one
 * whole data unit of at least 16 bytes.  Returns 0 or BRISK_EINVAL. */
BRISK_API int brisk_cipher_update(brisk_cipher_ctx *ctx, uint8_t *out, size_t *out_len,
                                  const uint8_t *in, size_t in_len);

/* brisk_cipher_final finishes: writes the padded last block (encrypting) or
 * the unpadded rest (decrypting) to out (room for block_len bytes) and sets
 * *out_len.  Decrypting returns BRISK_EVERIFY for bad padding or a GCM tag
 * that does not match (compared in constant time; no plaintext should be
 * used then) and BRISK_EINVAL for a length that is not a whole number of
 * blocks.  GCM encryption computes the tag for brisk_cipher_get_tag. */
BRISK_API int brisk_cipher_final(brisk_cipher_ctx *ctx, uint8_t *out, size_t *out_len);

/* brisk_cipher_set_tag gives an AEAD's decryption the expected tag (4 to 16
 * bytes) before final. */
BRISK_API int brisk_cipher_set_tag(brisk_cipher_ctx *ctx, const uint8_t *tag, size_t tag_len);

/* brisk_cipher_get_tag copies the first tag_len (4 to 16) bytes of the tag
 * after an AEAD encryption's final. */
BRISK_API int brisk_cipher_get_tag(const brisk_cipher_ctx *ctx, uint8_t *tag, size_t tag_len);

/* brisk_cipher_cleanup wipes the context. */
BRISK_API void brisk_cipher_cleanup(brisk_cipher_ctx *ctx);

#ifdef __cplusplus
}
#endif
#endif
