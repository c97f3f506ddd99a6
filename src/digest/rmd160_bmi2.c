/*
 * src/digest/rmd160_bmi2.c - PLACEHOLDER: forwards to the portable kernel until the
 * bmi2 kernel lands.
 */
#include "internal.h"

#ifdef BRISK_X86_64
void brisk_rmd160_compress_bmi2(uint32_t h[5], const uint8_t *blocks, size_t n_blocks)
{
    brisk_rmd160_compress_c(h, blocks, n_blocks);
}
#endif
