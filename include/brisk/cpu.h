/*
 * brisk/cpu.h - CPU features and the choice of implementation per primitive.
 *
 * A primitive (the "md5" compression function, the "sha256" one, ...) has a
 * portable C implementation and possibly faster ones that need CPU features.
 * The library picks the first implementation, in its preferred order, whose
 * features the CPU has; some primitives (the hashes, ChaCha20) take one
 * implementation for short inputs and another for long ones.  The choice is
 * made once, at the first call, and cached.  Read at that moment, in order
 * of strength:
 *   BRISK_CPU=-shani,-avx2     hide CPU features from the selection
 *   a tuning file              written by `brisk tune` on this CPU: the
 *                              file BRISK_TUNE names, else brisk/tune in the
 *                              user's configuration directory
 *                              ($XDG_CONFIG_HOME, else ~/.config)
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

/* brisk_impl_select_for returns the name of the implementation the
 * dispatcher would pick for one call on `len` bytes of `prim` on a CPU with
 * `features`, ignoring overrides and tuning files; brisk_impl_select is its
 * answer for short inputs. */
BRISK_API const char *brisk_impl_select_for(const char *prim, uint32_t features, size_t len);

/* brisk_impl_set forces `prim` to use implementation `impl` ("c", "shani",
 * ...); NULL restores the automatic choice.  Returns BRISK_ENOTFOUND for an
 * unknown name and BRISK_EUNSUPPORTED when this CPU cannot run it.  Not
 * thread-safe: call it before other threads use the primitive. */
BRISK_API int brisk_impl_set(const char *prim, const char *impl);

/* brisk_impl_for returns the name of the implementation that serves one
 * call on `len` bytes of `prim` (for most primitives the same at every
 * length), or NULL if there is no such primitive. */
BRISK_API const char *brisk_impl_for(const char *prim, size_t len);

/* brisk_impl_long returns the name of the implementation `prim` uses for
 * long inputs, with *from (if not NULL) set to the length in bytes from
 * which it does; NULL when one implementation serves every length. */
BRISK_API const char *brisk_impl_long(const char *prim, size_t *from);

/* brisk_prim_sized returns 1 if `prim` can use different implementations
 * for short and long inputs (brisk_impl_set_sized), else 0. */
BRISK_API int brisk_prim_sized(const char *prim);

/* brisk_impl_set_sized makes `prim` use `impl` for inputs shorter than
 * `from` bytes and `long_impl` from there on; the errors are brisk_impl_set's,
 * and BRISK_EINVAL when `prim` cannot switch by length or `from` is 0.  Not
 * thread-safe, like brisk_impl_set. */
BRISK_API int brisk_impl_set_sized(const char *prim, const char *impl, const char *long_impl,
                                   size_t from);

/* brisk_cpu_identity writes into buf what a tuning file's `cpu` line says
 * of this CPU: vendor, family, model and the features CPUID reports
 * ("AuthenticAMD 26 2 sse2,ssse3,..."), NUL-terminated.  Returns BRISK_EOK,
 * or BRISK_EINVAL if buf_len is too small. */
BRISK_API int brisk_cpu_identity(char *buf, size_t buf_len);

/* brisk_tune_default_path writes the tuning file's default path
 * ($XDG_CONFIG_HOME/brisk/tune, else $HOME/.config/brisk/tune) into buf.
 * Returns BRISK_EOK, BRISK_ENOTFOUND when neither variable gives an
 * absolute directory, or BRISK_EINVAL if buf_len is too small. */
BRISK_API int brisk_tune_default_path(char *buf, size_t buf_len);

/* brisk_tune_read reads the tuning file at `path` and, when it is whole and
 * was written on a CPU of this vendor, family, model and features, applies
 * its choices (a primitive forced by BRISK_IMPL keeps that).  Returns
 * BRISK_EOK, or an error with why[] (if not NULL) saying what was wrong
 * (BRISK_ENOTFOUND: missing or unreadable; BRISK_EDECODE: malformed;
 * BRISK_EUNSUPPORTED: another CPU), the choices then unchanged.  Not thread-safe, like
 * brisk_impl_set.  The library calls it at its first call. */
BRISK_API int brisk_tune_read(const char *path, char *why, size_t why_len);

/* brisk_tune_file returns the path of the tuning file in use, or NULL. */
BRISK_API const char *brisk_tune_file(void);

#ifdef __cplusplus
}
#endif
#endif
