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
 * The widths of the CRT halves of RSA-512, RSA-1024 and RSA-2048 and of
 * the small moduli (4, 8 and 16 limbs) have a second kernel, unrolled whole
 * for its width: product scanning (Comba) with Montgomery's reduction
 * folded into the columns (Koc, Acar and Kaliski's FIPS method).  Column k
 * sums a_i b_{k-i} and q_i m_{k-i} into three registers, and q_k is taken
 * from the column's low limb, so the double-width product never goes to
 * memory and the row loops' per-row overhead, which dominates at these
 * widths, is gone.  Each column's products go into accumulators of their
 * own, which are added to the running sum last, so they wait only for the
 * q's they use, not for the running sum.  On AMD Zen 3 (no IFMA) this made
 * Montgomery multiplication 1.03-1.17 times and squaring 1.14-1.46 times
 * faster at those widths (docs/performance.md); wider, the unrolled code
 * outgrows the instruction cache and measured no faster than the rows.
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
        "adcx  (%[t]), %%r9\n\t"
        "adox  %%r8, %%r9\n\t"
        "mov   %%r9, (%[t])\n\t"
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
        "adcx  (%[t]), %%r9\n\t"
        "adox  %%r8, %%r9\n\t"
        "mov   %%r9, (%[t])\n\t"
        "mulx  8(%[b]), %%r9, %%r8\n\t"
        "adcx  8(%[t]), %%r9\n\t"
        "adox  %%r10, %%r9\n\t"
        "mov   %%r9, 8(%[t])\n\t"
        "mulx  16(%[b]), %%r9, %%r10\n\t"
        "adcx  16(%[t]), %%r9\n\t"
        "adox  %%r8, %%r9\n\t"
        "mov   %%r9, 16(%[t])\n\t"
        "mulx  24(%[b]), %%r9, %%r8\n\t"
        "adcx  24(%[t]), %%r9\n\t"
        "adox  %%r10, %%r9\n\t"
        "mov   %%r9, 24(%[t])\n\t"
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
        : "rcx", "r8", "r9", "r10", "cc", "memory");
    return hi;
}

/* sub_if_fits sets r = x - m unless that borrows past top, else r = x,
 * for top 2^(64 n) + x < 2m, all limbs either way; d (n limbs) is scratch.
 * It is inline so that the product-scanning kernels, whose n is a
 * constant, get it unrolled: brisk_limbs_sub and brisk_limbs_select, out of
 * line, cost 12% of a 4-limb squaring. */
ADX_TARGET
static inline void sub_if_fits(uint64_t *r, const uint64_t *x, uint64_t top, const uint64_t *m,
                               uint64_t *d, size_t n)
{
    unsigned char borrow = 0;

    for (size_t i = 0; i < n; i++) {
        unsigned long long s;
        borrow = _subborrow_u64(borrow, x[i], m[i], &s);
        d[i] = s;
    }
    uint64_t keep = ct_mask64(borrow & (top ^ 1)); /* 1: x < m */
    for (size_t i = 0; i < n; i++)
        r[i] = d[i] ^ (keep & (x[i] ^ d[i]));
}

/* redc sets r = t R^-1 mod m for t < m R held in t[0..2n-1], which it
 * overwrites. */
ADX_TARGET
static void redc(uint64_t *r, uint64_t *t, const brisk_bn_mont *mont)
{
    size_t n = mont->n;
    const uint64_t *m = mont->m;
    unsigned char top = 0;

    for (size_t i = 0; i < n; i++) {
        uint64_t c = addmul_row(t + i, m, n, t[i] * mont->m0inv);
        unsigned long long s;
        unsigned char k = _addcarry_u64(0, t[i + n], c, &s);
        k += _addcarry_u64(0, s, top, &s);
        t[i + n] = s;
        top = k;
    }
    /* The value is top 2^(64 n) + t[n..2n-1] < 2m. */
    sub_if_fits(r, t + n, top, m, t, n);
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

/* ---- Product scanning for 4, 8 and 16 limbs ---- */

/* MAC3 adds x y to the three-limb accumulator (c0, c1, c2).  y may be a
 * memory operand for gcc; clang reads "rm" as "m" and would copy a value it
 * holds in a register to the stack first. */
#ifdef __clang__
#define MAC_SRC "r"
#else
#define MAC_SRC "rm"
#endif
#define MAC3(c0, c1, c2, x, y)                                                             \
    do {                                                                                   \
        uint64_t lo_, hi_;                                                                 \
        __asm__("mulx  %[yy], %[lo], %[hi]\n\t"                                             \
                "add   %[lo], %[a0]\n\t"                                                    \
                "adc   %[hi], %[a1]\n\t"                                                    \
                "adc   $0, %[a2]"                                                          \
                : [a0] "+r"(c0), [a1] "+r"(c1), [a2] "+r"(c2), [lo] "=&r"(lo_),            \
                  [hi] "=&r"(hi_)                                                          \
                : "d"(x), [yy] MAC_SRC(y)                                                  \
                : "cc");                                                                   \
    } while (0)

/* ADD3 adds (s0, s1, s2) to (c0, c1, c2). */
#define ADD3(c0, c1, c2, s0, s1, s2)                                                       \
    __asm__("add   %[b0], %[a0]\n\t"                                                        \
            "adc   %[b1], %[a1]\n\t"                                                        \
            "adc   %[b2], %[a2]"                                                           \
            : [a0] "+r"(c0), [a1] "+r"(c1), [a2] "+r"(c2)                                  \
            : [b0] "r"(s0), [b1] "r"(s1), [b2] "r"(s2)                                     \
            : "cc")

/* The loops below run a number of times known at compile time (n is a
 * constant in every caller) and are unrolled whole; each inner loop runs
 * over all n limbs and skips those outside its column, so that its count
 * is known before the outer loop is unrolled (clang unrolls inner loops
 * first, and warns, an error under BRISK_WERROR, when it cannot). */
#ifdef __clang__
#define UNROLL_ALL _Pragma("clang loop unroll(full)")
#else
#define UNROLL_ALL _Pragma("GCC unroll 64")
#endif

/* scan_finish sets r = t - m if that does not borrow past top, else t,
 * where top:t (n limbs and a bit) is below 2m; it then wipes t and q. */
ADX_TARGET __attribute__((always_inline))
static inline void scan_finish(uint64_t *r, uint64_t *t, uint64_t top, uint64_t *q,
                               const uint64_t *m, size_t n)
{
    uint64_t d[16];

    sub_if_fits(r, t, top, m, d, n);
    wipe(d, n * sizeof(uint64_t));
    wipe(t, n * sizeof(uint64_t));
    wipe(q, n * sizeof(uint64_t));
}

/* SCAN_COLUMN ends column k (k < 2n - 1), whose products of a and b the
 * caller has summed in (p0, p1, p2): it sums the column's q_i m_{k-i}, adds
 * both sums to the running sum c, takes q_k from the sum's low limb for
 * k < n (which makes that limb zero), or else keeps it as t[k - n], and
 * moves the sum down a limb. */
#define SCAN_COLUMN(k)                                                                     \
    do {                                                                                   \
        uint64_t s0 = 0, s1 = 0, s2 = 0;                                                   \
        UNROLL_ALL                                                                         \
        for (size_t i = 0; i < n; i++)                                                     \
            if (i < (k) && (k) - i < n)                                                    \
                MAC3(s0, s1, s2, q[i], m[(k) - i]);                                        \
        ADD3(c0, c1, c2, p0, p1, p2);                                                      \
        ADD3(c0, c1, c2, s0, s1, s2);                                                      \
        if ((k) < n) {                                                                     \
            q[k] = c0 * m0inv;                                                             \
            MAC3(c0, c1, c2, q[k], m[0]);                                                  \
        } else {                                                                           \
            t[(k) - n] = c0;                                                               \
        }                                                                                  \
        c0 = c1, c1 = c2, c2 = 0;                                                          \
    } while (0)

/* scan sets r = a b R^-1 mod m for n (4, 8 or 16) limbs; with sqr set, b
 * is a and the columns take each cross product a_i a_j (i < j) once,
 * doubled, plus the square a_{k/2}^2 in even columns.  n and sqr are
 * constants in every caller. */
ADX_TARGET __attribute__((always_inline))
static inline void scan(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                        uint64_t m0inv, size_t n, int sqr)
{
    uint64_t q[16], t[16];
    uint64_t c0 = 0, c1 = 0, c2 = 0;

    UNROLL_ALL
    for (size_t k = 0; k < 2 * n - 1; k++) {
        uint64_t p0 = 0, p1 = 0, p2 = 0;
        UNROLL_ALL
        for (size_t i = 0; i < n; i++) {
            if (!sqr && i <= k && k - i < n)
                MAC3(p0, p1, p2, a[i], b[k - i]);
            if (sqr && i < k - i && k - i < n)
                MAC3(p0, p1, p2, a[i], a[k - i]);
        }
        if (sqr) {
            p2 = p2 << 1 | p1 >> 63; /* below 2^63 before: fewer than n products */
            p1 = p1 << 1 | p0 >> 63;
            p0 <<= 1;
            if (k % 2 == 0)
                MAC3(p0, p1, p2, a[k / 2], a[k / 2]);
        }
        SCAN_COLUMN(k);
    }
    t[n - 1] = c0;
    scan_finish(r, t, c1, q, m, n);
}

ADX_TARGET
static void mont_mul_adx_any(uint64_t *r, const uint64_t *a, const uint64_t *b,
                             const brisk_bn_mont *mont)
{
    switch (mont->n) {
    case 4: scan(r, a, b, mont->m, mont->m0inv, 4, 0); break;
    case 8: scan(r, a, b, mont->m, mont->m0inv, 8, 0); break;
    case 16: scan(r, a, b, mont->m, mont->m0inv, 16, 0); break;
    default: mont_mul_adx(r, a, b, mont); break;
    }
}

ADX_TARGET
static void mont_sqr_adx_any(uint64_t *r, const uint64_t *a, const brisk_bn_mont *mont)
{
    switch (mont->n) {
    case 4: scan(r, a, a, mont->m, mont->m0inv, 4, 1); break;
    case 8: scan(r, a, a, mont->m, mont->m0inv, 8, 1); break;
    case 16: scan(r, a, a, mont->m, mont->m0inv, 16, 1); break;
    default: mont_sqr_adx(r, a, mont); break;
    }
}

static const brisk_bn_impl impl_adx = {mont_mul_adx_any, mont_sqr_adx_any, NULL, NULL, NULL,
                                       NULL};

const brisk_bn_impl *brisk_bn_impl_adx(void)
{
    return &impl_adx;
}

#endif
