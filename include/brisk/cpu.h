/*
 * brisk/cpu.h - CPU features and the choice of implementation per primitive.
 *
 * A primitive (the "md5" compression function, the "sha256" one, ...) has a
 * portable C implementation and possibly faster ones that need CPU features.
 * The library picks the first implementation, in its preferred order, whose
 * features the CPU has; the choice is made once and cached.  Two environment
 * variables, read at that moment, override it:
 *   BRISK_CPU=-shani,-avx2     hide CPU features from the selection
 *   BRISK_IMPL=sha256=c,md5=c  force an implementation by name
 */
#ifndef BRISK_CPU_H
#define BRISK_CPU_H

#include <brisk/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CPU feature bits, as returned by brisk_cpu_features.  The library may set
 * further bits for traits it infers from the CPU's vendor and family rather
 * than reads from CPUID ("veclat1", "alu6"; see brisk_cpu_feature_name and
 * BRISK_CPU); their values are private and may change. */
enum {
    BRISK_CPU_SSE2       = 1u << 0,
    BRISK_CPU_SSSE3      = 1u << 1,
    BRISK_CPU_SSE41      = 1u << 2,
    BRISK_CPU_AVX        = 1u << 3,
    BRISK_CPU_AVX2       = 1u << 4,
    BRISK_CPU_BMI1       = 1u << 5,
    BRISK_CPU_BMI2       = 1u << 6,
    BRISK_CPU_ADX        = 1u << 7,
    BRISK_CPU_SHANI      = 1u << 8,
    BRISK_CPU_AESNI      = 1u << 9,
    BRISK_CPU_PCLMUL     = 1u << 10,
    BRISK_CPU_AVX512F    = 1u << 11,
    BRISK_CPU_AVX512BW   = 1u << 12,
    BRISK_CPU_AVX512VL   = 1u << 13,
    BRISK_CPU_AVX512IFMA = 1u << 14,
    BRISK_CPU_VAES       = 1u << 15,
    BRISK_CPU_VPCLMULQDQ = 1u << 16
};

/* brisk_cpu_features returns the BRISK_CPU_* bits of this CPU (with OS support
 * for the AVX/AVX-512 register state checked), less any hidden by BRISK_CPU. */
BRISK_API uint32_t brisk_cpu_features(void);

/* brisk_cpu_features_detected returns the bits CPUID reports, before BRISK_CPU
 * masking. */
BRISK_API uint32_t brisk_cpu_features_detected(void);

/* brisk_cpu_feature_name returns the lower-case name ("avx2", "shani") of the
 * single feature bit `bit`, or NULL if there is none. */
BRISK_API const char *brisk_cpu_feature_name(uint32_t bit);

/* brisk_cpu_feature_by_name returns the bit named `name`, or 0. */
BRISK_API uint32_t brisk_cpu_feature_by_name(const char *name);

/* brisk_prim_name returns the name of the i-th dispatched primitive, or NULL
 * past the last one; use it to enumerate primitives. */
BRISK_API const char *brisk_prim_name(size_t i);

/* brisk_impl_name returns the name of the i-th implementation of primitive
 * `prim` in preference order (NULL past the last); *cpu_needed, if not NULL,
 * receives the BRISK_CPU_* bits it needs. */
BRISK_API const char *brisk_impl_name(const char *prim, size_t i, uint32_t *cpu_needed);

/* brisk_impl_prefers returns the trait bits, beyond the features it needs
 * to run, that the i-th implementation of `prim` needs to be chosen
 * automatically (0 for most; "veclat1" for the vector-lane hash kernels,
 * "alu6" for SHA-512's avx512-alu6, as brisk_cpu_feature_name names them).
 * brisk_impl_set can still force it where the bits are missing. */
BRISK_API uint32_t brisk_impl_prefers(const char *prim, size_t i);

/* brisk_impl_active returns the name of the implementation currently in use
 * for `prim`, or NULL if there is no such primitive. */
BRISK_API const char *brisk_impl_active(const char *prim);

/* brisk_impl_select returns the name of the implementation the dispatcher
 * would pick for `prim` on a CPU with features `features`, ignoring overrides.
 */
BRISK_API const char *brisk_impl_select(const char *prim, uint32_t features);

/* brisk_impl_set forces `prim` to use implementation `impl` ("c", "shani",
 * ...); NULL restores the automatic choice.  Returns BRISK_ENOTFOUND for an
 * unknown name and BRISK_EUNSUPPORTED when this CPU cannot run it.  Not
 * thread-safe: call it before other threads use the primitive. */
BRISK_API int brisk_impl_set(const char *prim, const char *impl);

#ifdef __cplusplus
}
#endif
#endif
