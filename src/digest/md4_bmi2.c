/*
 * src/digest/md4_bmi2.c - PLACEHOLDER: forwards to the portable kernel until the
 * bmi2 kernel lands.
 */
#include "internal.h"

#ifdef BRISK_X86_64
void brisk_md4_compress_bmi2(uint32_t h[4], const uint8_t *blocks, size_t n_blocks)
{
    brisk_md4_compress_c(h, blocks, n_blocks);
}
#endif
