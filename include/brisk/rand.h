/*
 * brisk/rand.h - random bytes from the operating system, for keys, nonces,
 * salts and blinding.
 */
#ifndef BRISK_RAND_H
#define BRISK_RAND_H

#include <brisk/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/* brisk_random_bytes fills out[0..out_len-1] from the kernel's CSPRNG
 * (getrandom, or /dev/urandom where it is missing); 0, or BRISK_ERANDOM
 * when no random bytes could be had. */
BRISK_API int brisk_random_bytes(uint8_t *out, size_t out_len);

#ifdef __cplusplus
}
#endif

#endif
