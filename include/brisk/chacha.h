/*
 * brisk/chacha.h - the ChaCha20 stream cipher in its three layouts (RFC
 * 8439's 96-bit nonce and 32-bit counter, Bernstein's original 64-bit nonce
 * and 64-bit counter, XChaCha20's 192-bit nonce), HChaCha20, and the
 * ChaCha20-Poly1305 and XChaCha20-Poly1305 AEADs as one-shot functions.
 *
 * The generic cipher API (brisk/cipher.h) offers the same under OpenSSL's
 * names "chacha20" and "chacha20-poly1305", streaming.
 */
#ifndef BRISK_CHACHA_H
#define BRISK_CHACHA_H

#include <brisk/common.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BRISK_CHACHA20_KEY_LEN        32
#define BRISK_CHACHA20_POLY1305_TAG_LEN 16

/* brisk_chacha20_ietf xors len bytes of RFC 8439 ChaCha20 keystream (key,
 * 96-bit nonce, first block counter) into in, writing out (out == in
 * allowed).  Returns 0, or BRISK_EINVAL for a NULL pointer or when the
 * 32-bit block counter would wrap before the last block. */
BRISK_API int brisk_chacha20_ietf(uint8_t *out, const uint8_t *in, size_t len,
                                  const uint8_t key[32], const uint8_t nonce[12],
                                  uint32_t counter);

/* brisk_chacha20_djb xors len bytes of ChaCha20 keystream in Bernstein's
 * original layout (64-bit nonce, 64-bit block counter, which wraps modulo
 * 2^64) into in, writing out (out == in allowed): OpenSSH's
 * chacha20-poly1305@openssh.com, libsodium's crypto_stream_chacha20.
 * Returns 0, or BRISK_EINVAL for a NULL pointer. */
BRISK_API int brisk_chacha20_djb(uint8_t *out, const uint8_t *in, size_t len,
                                 const uint8_t key[32], const uint8_t nonce[8],
                                 uint64_t counter);

/* brisk_xchacha20 xors len bytes of XChaCha20 keystream (draft-irtf-cfrg-
 * xchacha: HChaCha20 of the key and the nonce's first 16 bytes is the
 * subkey of ChaCha20 with the nonce's last 8 bytes, 64-bit counter, as
 * libsodium's crypto_stream_xchacha20_xor_ic) into in, writing out (out ==
 * in allowed).  Returns 0, or BRISK_EINVAL for a NULL pointer. */
BRISK_API int brisk_xchacha20(uint8_t *out, const uint8_t *in, size_t len,
                              const uint8_t key[32], const uint8_t nonce[24],
                              uint64_t counter);

/* brisk_hchacha20 derives XChaCha20's 32-byte subkey from key and a 16-byte
 * nonce (draft-irtf-cfrg-xchacha section 2.2). */
BRISK_API void brisk_hchacha20(uint8_t out[32], const uint8_t key[32],
                               const uint8_t nonce[16]);

/* brisk_chacha20_poly1305_encrypt encrypts in_len bytes at in into out
 * (out == in allowed) and authenticates them with aad_len bytes of aad
 * (NULL when aad_len is 0) under key and a 96-bit nonce, which must never
 * repeat under one key: ChaCha20-Poly1305 of RFC 8439 section 2.8.  The
 * 16-byte tag goes to tag.  Returns 0, or BRISK_EINVAL for a NULL pointer
 * or a message longer than RFC 8439's 2^38 - 64 bytes. */
BRISK_API int brisk_chacha20_poly1305_encrypt(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                              size_t in_len, const uint8_t *aad, size_t aad_len,
                                              const uint8_t key[32], const uint8_t nonce[12]);

/* brisk_chacha20_poly1305_decrypt checks tag over in_len bytes of
 * ciphertext at in and aad (compared in constant time), and only then
 * decrypts them into out (out == in allowed).  Returns 0; BRISK_EVERIFY
 * when the tag does not match, with out's in_len bytes set to zero; or
 * BRISK_EINVAL as brisk_chacha20_poly1305_encrypt. */
BRISK_API int brisk_chacha20_poly1305_decrypt(uint8_t *out, const uint8_t *in, size_t in_len,
                                              const uint8_t tag[16], const uint8_t *aad,
                                              size_t aad_len, const uint8_t key[32],
                                              const uint8_t nonce[12]);

/* brisk_xchacha20_poly1305_encrypt is brisk_chacha20_poly1305_encrypt with
 * a 192-bit nonce, which may be chosen at random (draft-irtf-cfrg-xchacha
 * section 2.3: the AEAD under the HChaCha20 subkey of key and nonce[0..15]
 * with the nonce 0^32 || nonce[16..23]). */
BRISK_API int brisk_xchacha20_poly1305_encrypt(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                               size_t in_len, const uint8_t *aad,
                                               size_t aad_len, const uint8_t key[32],
                                               const uint8_t nonce[24]);

/* brisk_xchacha20_poly1305_decrypt is brisk_chacha20_poly1305_decrypt
 * with a 192-bit nonce. */
BRISK_API int brisk_xchacha20_poly1305_decrypt(uint8_t *out, const uint8_t *in, size_t in_len,
                                               const uint8_t tag[16], const uint8_t *aad,
                                               size_t aad_len, const uint8_t key[32],
                                               const uint8_t nonce[24]);

#ifdef __cplusplus
}
#endif
#endif
