/*
 * src/digest/lane32_avx512.h - what the AVX-512F/VL kernels that run a
 * 32-bit hash chain in the lanes of XMM registers share (md4_avx512.c,
 * md5_avx512.c, rmd160_avx512.c): the gathering of each step's message word
 * plus constant, and two compiler barriers, which emit no instruction but
 * stop the compiler from moving work onto the critical path.
 * These kernels are only faster where vector integer operations take one
 * cycle; on AMD Zen 5 they take two and the kernels run at half the speed
 * of the BMI2 ones, so the dispatcher picks them only with BRISK_CPU_VECLAT1.
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

/* lane32_words writes, for each of n groups of eight steps, the message words
 * that index[i] picks from the block lo (words 0-7) and hi (8-15) plus the
 * constants k[i], to w[8 i..8 i + 7]: one VPERMT2D and one VPADDD per eight
 * steps.  Each step then loads its word from w (see lane32_in_memory). */
static inline LANE32_TARGET void lane32_words(uint32_t *w, __m256i lo, __m256i hi,
                                              const uint32_t (*index)[8],
                                              const uint32_t (*k)[8], int n)
{
    for (int i = 0; i < n; i++) {
        __m256i v = _mm256_permutex2var_epi32(
            lo, _mm256_load_si256((const __m256i *)(const void *)index[i]), hi);
        v = _mm256_add_epi32(v, _mm256_load_si256((const __m256i *)(const void *)k[i]));
        _mm256_store_si256((__m256i *)(void *)(w + 8 * i), v);
    }
    lane32_in_memory(w);
}

/* lane32_early hides v from the compiler's reassociation, which would
 * otherwise add a + w after the round function, onto the critical path. */
static inline LANE32_TARGET __m128i lane32_early(__m128i v)
{
    __asm__("" : "+v"(v));
    return v;
}

#endif
