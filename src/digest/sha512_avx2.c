/*
 * src/digest/sha512_avx2.c - PLACEHOLDER: forwards to the portable kernel
 * until the AVX2 kernel lands.
 */
#include "internal.h"

#ifdef BRISK_X86_64
void brisk_sha512_compress_avx2(uint64_t h[8], const uint8_t *blocks, size_t n_blocks)
{
    brisk_sha512_compress_c(h, blocks, n_blocks);
}
#endif
