/*
 * src/digest/md_bmi2.h - what the scalar x86-64 BMI2 kernels of the
 * little-endian MD4 family (md4_bmi2.c, md5_bmi2.c, rmd160_bmi2.c) share:
 * reading a message word straight from the block at each use.
 * Constant-time: yes (no secret-dependent branch or memory address).
 */
#ifndef BRISK_MD_BMI2_H
#define BRISK_MD_BMI2_H

#include "internal.h"

/* msg returns message word i of the block at p. */
static inline uint32_t msg(const uint8_t *p, unsigned i)
{
    return load32_le(p + 4 * i);
}

#endif
