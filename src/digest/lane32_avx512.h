/*
 * src/digest/lane32_avx512.h - compiler barriers shared by the AVX-512F/VL
 * kernels that run a 32-bit hash chain in the lanes of XMM registers
 * (md4_avx512.c, md5_avx512.c, rmd160_avx512.c).  They emit no instruction:
 * they only stop the compiler from moving work onto the critical path.
 * The includer includes <immintrin.h> and defines LANE32_TARGET (its
 * instruction sets, at least AVX-512F and AVX-512VL, and always_inline)
 * first.
 * Constant-time: yes (no code of its own; no branch or memory address).
 */
#ifndef BRISK_LANE32_AVX512_H
#define BRISK_LANE32_AVX512_H

/* lane32_in_memory makes the compiler assume w was read and changed, so each
 * step loads its word from w: otherwise it extracts the words from the YMM
 * registers with shuffles, which all queue on one port. */
static inline void lane32_in_memory(uint32_t *w)
{
    __asm__("" : : "r"(w) : "memory");
}

/* lane32_early hides v from the compiler's reassociation, which would
 * otherwise add a + w after the round function, onto the critical path. */
static inline LANE32_TARGET __m128i lane32_early(__m128i v)
{
    __asm__("" : "+v"(v));
    return v;
}

#endif
