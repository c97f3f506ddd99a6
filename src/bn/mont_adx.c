/*
 * src/bn/mont_adx.c - Montgomery multiplication and squaring (r = a b R^-1
 * mod m, R = 2^(64 n)) with mulx, adcx and adox, for any width of 1 to
 * BRISK_BN_MAX_LIMBS limbs.
 *
 * Technique: separated operand scanning.  The double-width product is
 * built row by row, then reduced row by row (Montgomery's REDC), and one
 * constant-time subtraction finishes.  Every row is the same kernel,
 * t[0..len-1] += x * b[0..len-1], written as an asm loop (GCC's intrinsics
 * cannot keep two carry chains apart): mulx leaves the flags alone, adcx
 * adds each product's low half along the carry flag and adox the previous
 * product's high half along the overflow flag, so the two additions of a
 * limb do not wait for each other.  The loop counts with lea and jrcxz,
 * which leave both flags alone, four limbs an iteration after a short loop
 * over the len % 4 limbs.  Squaring computes each cross product a_i a_j
 * (i < j) once, doubles the sum and adds the squares a_i^2: about three
 * quarters of the work of a multiplication.
 *
 * Constant-time: yes.  The instructions and addresses depend on n only; the
 * final subtraction is a masked select.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <x86intrin.h>

#define ADX_TARGET __attribute__((target("bmi2,adx")))

/* addmul_row adds x * b[0..len-1] to t[0..len-1] (len >= 1) and returns the
 * carry limb, which belongs at t[len]. */
ADX_TARGET
static inline uint64_t addmul_row(uint64_t *t, const uint64_t *b, size_t len, uint64_t x)
{
    uint64_t hi;
    size_t quads = len >> 2, rest = len & 3;

    __asm__ volatile(
        "xor   %%r8d, %%r8d\n\t"          /* previous high half; clears CF and OF */
        "mov   %[rest], %%rcx\n"
        "1:\n\t"
        "jrcxz 2f\n\t"
        "mulx  (%[b]), %%r9, %%r10\n\t"
        "mov   (%[t]), %%r11\n\t"
        "adcx  %%r9, %%r11\n\t"
        "adox  %%r8, %%r11\n\t"
        "mov   %%r11, (%[t])\n\t"
        "mov   %%r10, %%r8\n\t"
        "lea   8(%[b]), %[b]\n\t"
        "lea   8(%[t]), %[t]\n\t"
        "lea   -1(%%rcx), %%rcx\n\t"
        "jmp   1b\n"
        "2:\n\t"
        "mov   %[quads], %%rcx\n"
        "3:\n\t"
        "jrcxz 4f\n\t"
        "mulx  (%[b]), %%r9, %%r10\n\t"
        "mov   (%[t]), %%r11\n\t"
        "adcx  %%r9, %%r11\n\t"
        "adox  %%r8, %%r11\n\t"
        "mov   %%r11, (%[t])\n\t"
        "mulx  8(%[b]), %%r9, %%r8\n\t"
        "mov   8(%[t]), %%r11\n\t"
        "adcx  %%r9, %%r11\n\t"
        "adox  %%r10, %%r11\n\t"
        "mov   %%r11, 8(%[t])\n\t"
        "mulx  16(%[b]), %%r9, %%r10\n\t"
        "mov   16(%[t]), %%r11\n\t"
        "adcx  %%r9, %%r11\n\t"
        "adox  %%r8, %%r11\n\t"
        "mov   %%r11, 16(%[t])\n\t"
        "mulx  24(%[b]), %%r9, %%r8\n\t"
        "mov   24(%[t]), %%r11\n\t"
        "adcx  %%r9, %%r11\n\t"
        "adox  %%r10, %%r11\n\t"
        "mov   %%r11, 24(%[t])\n\t"
        "lea   32(%[b]), %[b]\n\t"
        "lea   32(%[t]), %[t]\n\t"
        "lea   -1(%%rcx), %%rcx\n\t"
        "jmp   3b\n"
        "4:\n\t"
        "mov   $0, %%r9\n\t"
        "adcx  %%r9, %%r8\n\t"
        "adox  %%r9, %%r8\n\t"
        "mov   %%r8, %[hi]\n\t"
        : [hi] "=r"(hi), [t] "+r"(t), [b] "+r"(b)
        : [rest] "r"(rest), [quads] "r"(quads), "d"(x)
        : "rcx", "r8", "r9", "r10", "r11", "cc", "memory");
    return hi;
}

/* redc sets r = t R^-1 mod m for t < m R held in t[0..2n-1], which it
 * overwrites. */
ADX_TARGET
static void redc(uint64_t *r, uint64_t *t, const brisk_bn_mont *mont)
{
    size_t n = mont->n;
    const uint64_t *m = mont->m;
    unsigned char top = 0, borrow = 0;

    for (size_t i = 0; i < n; i++) {
        uint64_t c = addmul_row(t + i, m, n, t[i] * mont->m0inv);
        unsigned long long s;
        unsigned char k = _addcarry_u64(0, t[i + n], c, &s);
        k += _addcarry_u64(0, s, top, &s);
        t[i + n] = s;
        top = k;
    }
    /* The value is top 2^(64 n) + t[n..2n-1] < 2m: subtract m unless that
     * borrows, all limbs either way. */
    uint64_t *hi = t + n;
    for (size_t i = 0; i < n; i++) {
        unsigned long long d;
        borrow = _subborrow_u64(borrow, hi[i], m[i], &d);
        t[i] = d;
    }
    uint64_t keep = ct_mask64(borrow & (top ^ 1)); /* 1: value < m */
    for (size_t i = 0; i < n; i++)
        r[i] = t[i] ^ (keep & (t[i] ^ hi[i]));
}

ADX_TARGET
static void mont_mul_adx(uint64_t *r, const uint64_t *a, const uint64_t *b,
                         const brisk_bn_mont *mont)
{
    size_t n = mont->n;
    uint64_t t[2 * BRISK_BN_MAX_LIMBS];

    memset(t, 0, n * sizeof(uint64_t));
    for (size_t i = 0; i < n; i++)
        t[i + n] = addmul_row(t + i, b, n, a[i]);
    redc(r, t, mont);
    wipe(t, 2 * n * sizeof(uint64_t));
}

/* square_into sets t[0..2n-1] = a^2. */
ADX_TARGET
static void square_into(uint64_t *t, const uint64_t *a, size_t n)
{
    memset(t, 0, 2 * n * sizeof(uint64_t));
    for (size_t i = 0; i + 1 < n; i++)
        t[i + n] = addmul_row(t + 2 * i + 1, a + i + 1, n - 1 - i, a[i]);
    /* t = 2 t + sum a_i^2 2^(128 i), one limb pair at a time. */
    uint64_t prev = 0;
    unsigned char c = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned long long hi, lo = _mulx_u64(a[i], a[i], &hi);
        uint64_t t0 = t[2 * i], t1 = t[2 * i + 1];
        uint64_t d0 = t0 << 1 | prev >> 63, d1 = t1 << 1 | t0 >> 63;
        prev = t1;
        unsigned long long s0, s1;
        c = _addcarry_u64(c, d0, lo, &s0);
        c = _addcarry_u64(c, d1, hi, &s1);
        t[2 * i] = s0;
        t[2 * i + 1] = s1;
    }
}

ADX_TARGET
static void mont_sqr_adx(uint64_t *r, const uint64_t *a, const brisk_bn_mont *mont)
{
    size_t n = mont->n;
    uint64_t t[2 * BRISK_BN_MAX_LIMBS];

    square_into(t, a, n);
    redc(r, t, mont);
    wipe(t, 2 * n * sizeof(uint64_t));
}

static const brisk_bn_impl impl_adx = {mont_mul_adx, mont_sqr_adx, NULL, NULL, NULL, NULL};

const brisk_bn_impl *brisk_bn_impl_adx(void)
{
    return &impl_adx;
}

#endif
