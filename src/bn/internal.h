/*
 * src/bn/internal.h - what the bignum files share: limb-array helpers and
 * the table of one Montgomery implementation (portable C, mulx/adx, AVX-512
 * IFMA), dispatched as the primitive "bn" like the digests' kernels.
 */
#ifndef BRISK_BN_INTERNAL_H
#define BRISK_BN_INTERNAL_H

#include <brisk/bn.h>

#include "../internal.h"

/* One Montgomery implementation.  Limb arrays are n = mont->n limbs, least
 * significant first; inputs are below the modulus and so is the result
 * (fully reduced, with a constant-time final subtraction).  The result may
 * alias an input.  All three are constant-time. */
typedef struct brisk_bn_impl {
    /* r = a b R^-1 mod m */
    void (*mont_mul)(uint64_t *r, const uint64_t *a, const uint64_t *b,
                     const brisk_bn_mont *mont);
    /* r = a^2 R^-1 mod m */
    void (*mont_sqr)(uint64_t *r, const uint64_t *a, const brisk_bn_mont *mont);
    /* Optional (NULL when absent): r = a^e mod m, a and r in normal form,
     * e of e_limbs limbs (secret value, public width), for the moduli this
     * implementation has a whole-exponentiation kernel for.  Returns 1 when
     * it did the work and 0 when it declined (another size), in which case
     * the generic fixed-window code runs over mont_mul and mont_sqr. */
    int (*mod_exp)(uint64_t *r, const uint64_t *a, const uint64_t *e, size_t e_limbs,
                   const brisk_bn_mont *mont);
} brisk_bn_impl;

/* The "bn" primitive; each brisk_impl's fn is a function returning its
 * const brisk_bn_impl *, cast to brisk_fn. */
typedef const brisk_bn_impl *brisk_bn_impl_fn(void);
extern brisk_prim brisk_bn_prim;

const brisk_bn_impl *brisk_bn_impl_c(void);
#ifdef BRISK_X86_64
const brisk_bn_impl *brisk_bn_impl_adx(void);   /* mulx, adcx, adox */
const brisk_bn_impl *brisk_bn_impl_ifma(void);  /* AVX-512 IFMA, 52-bit digits */
#endif

/* brisk_bn_active returns the implementation in use. */
static inline const brisk_bn_impl *brisk_bn_active(void)
{
    return ((brisk_bn_impl_fn *)brisk_prim_fn(&brisk_bn_prim))();
}

#endif
