/*
 * src/digest/sha256_shani.c - PLACEHOLDER: forwards to the portable kernel until the
 * shani kernel lands.
 */
#include "internal.h"

#ifdef BRISK_X86_64
void brisk_sha256_compress_shani(uint32_t h[8], const uint8_t *blocks, size_t n_blocks)
{
    brisk_sha256_compress_c(h, blocks, n_blocks);
}
#endif
