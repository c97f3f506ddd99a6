/*
 * src/bn/mont_adx.c - Montgomery multiplication and squaring (r = a b R^-1
 * mod m, R = 2^(64 n)) with mulx, adcx and adox, for any width of 1 to
 * BRISK_BN_MAX_LIMBS limbs: the "adx" implementation of the "bn"
 * primitive, whose kernels "ifma" also uses below 1536 bits.
 *
 * Three kernels, by width.
 *
 * A row at a time, for any width: separated operand scanning.  The
 * double-width product is built row by row, then reduced row by row
 * (Montgomery's REDC), and one constant-time subtraction finishes.  Every
 * row is the same kernel, t[0..len-1] += x * b[0..len-1], written as an
 * asm loop (GCC's intrinsics cannot keep two carry chains apart): mulx
 * leaves the flags alone, adcx adds each product's low half along the
 * carry flag and adox the previous product's high half along the overflow
 * flag, so the two additions of a limb do not wait for each other.  The
 * loop counts with lea and jrcxz, which leave both flags alone, four limbs
 * an iteration after a short loop over the len % 4 limbs.  Squaring
 * computes each cross product a_i a_j (i < j) once, doubles the sum and
 * adds the squares a_i^2: about three quarters of the work of a
 * multiplication.
 *
 * Rows four or eight at a time, for the widths from 12 limbs that are a
 * multiple of 4: the CRT halves of RSA-2048, RSA-3072 and RSA-4096 (16, 24
 * and 32 limbs) and the moduli that verification uses.  A row at a time
 * loads and stores the limb of t each product adds to.  Here rows
 * i..i+3 (or i..i+7, when n is a multiple of 8) keep the limbs they are
 * adding to in registers, a window that moves up one limb with each row's
 * pass over four (eight) limbs of b, so a store serves four (eight)
 * products, as in OpenSSL's mulx4x and sqrx8x kernels.  The next limbs of
 * t join the window on a carry chain of their own.  The reduction takes
 * its q's from the window's low limb as it goes (the "head"), and runs the
 * next rows' head early, where it overlaps the rest of these rows.
 * Squaring sweeps four rows at a time over the cross products, takes each
 * 4x4 corner's six by product scanning, and doubles the sum with adcx
 * while adox adds the squares; only the low half of t starts at zero, as
 * each block of rows writes the limbs above it before any are added to.
 * A head's window is loaded from t limb by limb, as t's limbs were just
 * stored (a wider copy would wait for the stores to retire), and the
 * final subtraction finds the borrow in one sbb pass and subtracts m,
 * masked, in a second, with no scratch copy to select from.
 *
 * Product scanning, for 4 and 8 limbs (the CRT halves of RSA-512 and
 * RSA-1024, and DSA's small moduli): a kernel unrolled whole for its
 * width, with Montgomery's reduction folded into the columns (Koc, Acar
 * and Kaliski's FIPS method).  Column k sums a_i b_{k-i} and q_i m_{k-i}
 * into three registers, and q_k is taken from the column's low limb, so
 * the double-width product never goes to memory and the per-row overhead,
 * which dominates at these widths, is gone.  Each column's products go
 * into accumulators of their own, which are added to the running sum
 * last, so they wait only for the q's they use, not for the running sum.
 * It stops at 8 limbs: at 16 the unrolled squaring and multiplication no
 * longer fit the instruction caches together, so the rows, though slower
 * alone, make the exponentiation faster.
 *
 * Constant-time: yes.  The instructions and addresses depend on n only; the
 * final subtraction is a masked select.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <x86intrin.h>

#define ADX_TARGET __attribute__((target("bmi2,adx")))

/* ---- A row at a time, for any width ---- */

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
 * line, weigh on a 4-limb squaring. */
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

/* double_add_squares sets t[0..2n-1] = 2 t + sum a_k^2 2^(128 k), where t
 * holds the cross products of a square: adcx doubles each limb, carrying
 * the bit shifted out along CF, and adox adds the squares along OF. */
ADX_TARGET
static void double_add_squares(uint64_t *t, const uint64_t *a, size_t n)
{
    __asm__ volatile("xor   %%r8d, %%r8d\n\t"
                     "mov   %[n], %%rcx\n"
                     "1:\n\t"
                     "jrcxz 2f\n\t"
                     "mov   (%[a]), %%rdx\n\t"
                     "mulx  %%rdx, %%r8, %%r9\n\t"
                     "mov   (%[t]), %%r10\n\t"
                     "mov   8(%[t]), %%r11\n\t"
                     "adcx  %%r10, %%r10\n\t"
                     "adcx  %%r11, %%r11\n\t"
                     "adox  %%r8, %%r10\n\t"
                     "adox  %%r9, %%r11\n\t"
                     "mov   %%r10, (%[t])\n\t"
                     "mov   %%r11, 8(%[t])\n\t"
                     "lea   8(%[a]), %[a]\n\t"
                     "lea   16(%[t]), %[t]\n\t"
                     "lea   -1(%%rcx), %%rcx\n\t"
                     "jmp   1b\n"
                     "2:"
                     : [t] "+r"(t), [a] "+r"(a)
                     : [n] "r"(n)
                     : "rcx", "rdx", "r8", "r9", "r10", "r11", "cc", "memory");
}

/* square_into sets t[0..2n-1] = a^2. */
ADX_TARGET
static void square_into(uint64_t *t, const uint64_t *a, size_t n)
{
    memset(t, 0, 2 * n * sizeof(uint64_t));
    for (size_t i = 0; i + 1 < n; i++)
        t[i + n] = addmul_row(t + 2 * i + 1, a + i + 1, n - 1 - i, a[i]);
    double_add_squares(t, a, n);
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

/* mac3 adds x *y to the three-limb accumulator c (c[0] the lowest).  y
 * is passed by address so that gcc may take it as a memory operand, as the
 * callers' y is always a limb in memory; clang reads "rm" as "m" and would
 * copy a value it holds in a register to the stack first. */
#ifdef __clang__
#define MAC_SRC "r"
#else
#define MAC_SRC "rm"
#endif
ADX_TARGET __attribute__((always_inline))
static inline void mac3(uint64_t c[3], uint64_t x, const uint64_t *y)
{
    uint64_t lo, hi;
    __asm__("mulx  %[yy], %[lo], %[hi]\n\t"
            "add   %[lo], %[a0]\n\t"
            "adc   %[hi], %[a1]\n\t"
            "adc   $0, %[a2]"
            : [a0] "+r"(c[0]), [a1] "+r"(c[1]), [a2] "+r"(c[2]), [lo] "=&r"(lo), [hi] "=&r"(hi)
            : "d"(x), [yy] MAC_SRC(*y)
            : "cc");
}

/* ---- Rows four at a time, for n a multiple of 4 ---- */

/* ROW is the asm text that adds q m[0..3] (q in rdx, m at %[m]) to the
 * window (w0, w1, w2, w3), a value below 2^256, and moves the sum down a
 * limb: the limb that leaves is in %[e] after the second mulx, where emit
 * may store it, and the window is then (x, w1, w2, w3), with w0 scratch.
 * The sum is below 2^320, so it fits the five limbs with no carry left
 * over.  adcx carries each low half along CF and adox each high half along
 * OF; the xor that starts a ROW clears both flags and z, the zero the top
 * limb takes the last two carries from, so a ROW's carry chains do not wait
 * for the previous ROW's (without it, four rows at a time were no faster
 * than one).
 *
 * Register map (asm operand names; the caller's asm binds them):
 *   rdx            q, the row's multiplier (mulx's implicit source)
 *   %[m]           pointer to the four limbs q multiplies
 *   %[w0]..%[w3]   the window, low limb first; the caller passes the
 *                  names rotated (w0 and x swap roles from ROW to ROW)
 *   %[x]           the window's new top limb (an output)
 *   %[e]           the limb that leaves the window, for emit
 *   %[z]           zero, cleared by the xor that starts the ROW */
#define ROW(w0, w1, w2, w3, x, emit)                                                       \
    "xor   %k[z], %k[z]\n\t"                                                                \
    "mulx  (%[m]), %[e], %[" #x "]\n\t"                                                     \
    "adcx  %[" #w0 "], %[e]\n\t"                                                            \
    "adox  %[" #w1 "], %[" #x "]\n\t"                                                       \
    "mulx  8(%[m]), %[" #w0 "], %[" #w1 "]\n\t" emit                                        \
    "adcx  %[" #w0 "], %[" #x "]\n\t"                                                       \
    "adox  %[" #w2 "], %[" #w1 "]\n\t"                                                      \
    "mulx  16(%[m]), %[" #w0 "], %[" #w2 "]\n\t"                                            \
    "adcx  %[" #w0 "], %[" #w1 "]\n\t"                                                      \
    "adox  %[" #w3 "], %[" #w2 "]\n\t"                                                      \
    "mulx  24(%[m]), %[" #w0 "], %[" #w3 "]\n\t"                                            \
    "adcx  %[" #w0 "], %[" #w2 "]\n\t"                                                      \
    "adox  %[z], %[" #w3 "]\n\t"                                                            \
    "adcx  %[z], %[" #w3 "]\n\t"

/* sweep runs four rows, q[0..3] times m[0..len-1], over t[0..len+3], len a
 * multiple of 4 above 0.  The window w holds the rows' sum at t[0..3] so
 * far, less t itself; *cy (0 or all ones) is a carry into t[0].  At each
 * four limbs it adds t's limbs and the carry to the window on a chain of
 * its own, then makes a ROW for each q[k], which stores t[k].  At the end
 * the window holds the sum at t[len..len+3] (less t) and *cy the carry
 * into t[len]. */
ADX_TARGET __attribute__((always_inline))
static inline void sweep(uint64_t *t, const uint64_t *m, const uint64_t *q, size_t len,
                         uint64_t *cy, uint64_t w[4])
{
    uint64_t w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3], x, e, z, c = *cy;
    const uint64_t *end = t + len;

    __asm__ volatile("1:\n\t"
                     "add   %[c], %[c]\n\t"
                     "adc   (%[t]), %[w0]\n\t"
                     "adc   8(%[t]), %[w1]\n\t"
                     "adc   16(%[t]), %[w2]\n\t"
                     "adc   24(%[t]), %[w3]\n\t"
                     "sbb   %[c], %[c]\n\t"
                     "mov   (%[q]), %%rdx\n\t" ROW(w0, w1, w2, w3, x, "mov   %[e], (%[t])\n\t")
                     "mov   8(%[q]), %%rdx\n\t" ROW(x, w1, w2, w3, w0, "mov   %[e], 8(%[t])\n\t")
                     "mov   16(%[q]), %%rdx\n\t" ROW(w0, w1, w2, w3, x, "mov   %[e], 16(%[t])\n\t")
                     "mov   24(%[q]), %%rdx\n\t" ROW(x, w1, w2, w3, w0, "mov   %[e], 24(%[t])\n\t")
                     "lea   32(%[t]), %[t]\n\t"
                     "lea   32(%[m]), %[m]\n\t"
                     "cmp   %[end], %[t]\n\t"
                     "jne   1b"
                     : [w0] "+&r"(w0), [w1] "+&r"(w1), [w2] "+&r"(w2), [w3] "+&r"(w3),
                       [x] "=&r"(x), [e] "=&r"(e), [z] "=&r"(z), [t] "+&r"(t), [m] "+&r"(m),
                       [c] "+&r"(c)
                     : [q] "r"(q), [end] "r"(end)
                     : "rdx", "cc", "memory");
    w[0] = w0, w[1] = w1, w[2] = w2, w[3] = w3;
    *cy = c;
}

/* put stores the window w[0..len-1] plus the carry cy (0 or all ones) in
 * t[0..len-1], a place nothing has been added to yet; the sum fits. */
ADX_TARGET __attribute__((always_inline))
static inline void put(uint64_t *t, uint64_t cy, const uint64_t *w, size_t len)
{
    unsigned char k = 0;
    unsigned long long s;

    k = _addcarry_u64(0, w[0], cy & 1, &s), t[0] = s;
    for (size_t j = 1; j < len; j++)
        k = _addcarry_u64(k, w[j], 0, &s), t[j] = s;
}

/* sub_if_fits4 is sub_if_fits for n a multiple of 4, without scratch: a
 * first pass only finds whether x - m borrows, and a second subtracts m
 * masked to zero or not, four limbs at a time.  The compiler makes a chain
 * of _subborrow_u64 into a byte per limb through memory, and a select
 * loop over a scratch copy reads it back by wider loads than the stores;
 * at 16 limbs that was a tenth of a Montgomery squaring. */
ADX_TARGET __attribute__((always_inline))
static inline void sub_if_fits4(uint64_t *r, const uint64_t *x, uint64_t top, const uint64_t *m,
                                size_t n)
{
    const uint64_t *xp = x, *mp = m;
    uint64_t lt, v, cnt = n / 4;

    __asm__("xor   %k[v], %k[v]\n"
            "1:\n\t"
            "mov   (%[x]), %[v]\n\t"
            "sbb   (%[m]), %[v]\n\t"
            "mov   8(%[x]), %[v]\n\t"
            "sbb   8(%[m]), %[v]\n\t"
            "mov   16(%[x]), %[v]\n\t"
            "sbb   16(%[m]), %[v]\n\t"
            "mov   24(%[x]), %[v]\n\t"
            "sbb   24(%[m]), %[v]\n\t"
            "lea   32(%[x]), %[x]\n\t"
            "lea   32(%[m]), %[m]\n\t"
            "dec   %[cnt]\n\t" /* leaves CF alone */
            "jnz   1b\n\t"
            "sbb   %[lt], %[lt]"
            : [lt] "=r"(lt), [v] "=&r"(v), [x] "+r"(xp), [m] "+r"(mp), [cnt] "+r"(cnt)
            :
            : "cc", "memory");
    /* subtract unless x < m with nothing above */
    uint64_t sub = ~(lt & (top - 1)), c = 0, m0, m1, m2, m3;
    cnt = n / 4;
    __asm__ volatile("1:\n\t"
                     "mov   (%[m]), %[m0]\n\t"
                     "mov   8(%[m]), %[m1]\n\t"
                     "mov   16(%[m]), %[m2]\n\t"
                     "mov   24(%[m]), %[m3]\n\t"
                     "and   %[sub], %[m0]\n\t"
                     "and   %[sub], %[m1]\n\t"
                     "and   %[sub], %[m2]\n\t"
                     "and   %[sub], %[m3]\n\t"
                     "add   %[c], %[c]\n\t"
                     "mov   (%[x]), %[v]\n\t"
                     "sbb   %[m0], %[v]\n\t"
                     "mov   %[v], (%[r])\n\t"
                     "mov   8(%[x]), %[v]\n\t"
                     "sbb   %[m1], %[v]\n\t"
                     "mov   %[v], 8(%[r])\n\t"
                     "mov   16(%[x]), %[v]\n\t"
                     "sbb   %[m2], %[v]\n\t"
                     "mov   %[v], 16(%[r])\n\t"
                     "mov   24(%[x]), %[v]\n\t"
                     "sbb   %[m3], %[v]\n\t"
                     "mov   %[v], 24(%[r])\n\t"
                     "sbb   %[c], %[c]\n\t"
                     "lea   32(%[x]), %[x]\n\t"
                     "lea   32(%[m]), %[m]\n\t"
                     "lea   32(%[r]), %[r]\n\t"
                     "dec   %[cnt]\n\t"
                     "jnz   1b"
                     : [v] "=&r"(v), [m0] "=&r"(m0), [m1] "=&r"(m1), [m2] "=&r"(m2),
                       [m3] "=&r"(m3), [c] "+&r"(c), [x] "+&r"(x), [m] "+&r"(m), [r] "+&r"(r),
                       [cnt] "+&r"(cnt)
                     : [sub] "r"(sub)
                     : "cc", "memory");
}

/* land ends a block of rows of a reduction: it adds the window w[0..len-1],
 * the carry cy (0 or all ones) into its low limb and top (0 or 1, the carry
 * out of the blocks before) to the product's limbs at t[0..len-1], whose
 * place the window has reached.  It returns the carry out, at most 1: the
 * sum is below 2 m R. */
ADX_TARGET __attribute__((always_inline))
static inline uint64_t land(uint64_t *t, const uint64_t *w, uint64_t cy, uint64_t top, size_t len)
{
    unsigned char k1 = (unsigned char)(cy & 1), k2 = 0;
    unsigned long long v;

    for (size_t j = 0; j < len; j++) {
        k1 = _addcarry_u64(k1, w[j], t[j], &v);
        k2 = _addcarry_u64(k2, v, j == 0 ? top : 0, &v);
        t[j] = v;
    }
    return (uint64_t)k1 + k2;
}

/* mul4 sets t[0..2n-1] = a b for n a multiple of 4. */
ADX_TARGET
static void mul4(uint64_t *t, const uint64_t *a, const uint64_t *b, size_t n)
{
    memset(t, 0, n * sizeof(uint64_t));
    for (size_t i = 0; i < n; i += 4) {
        uint64_t w[4] = {0, 0, 0, 0}, cy = 0;
        sweep(t + i, b, a + i, n, &cy, w);
        put(t + i + n, cy, w, 4);
    }
}

/* sqr4 sets t[0..2n-1] = a^2 for n a multiple of 4.  The cross products
 * a_j a_k (j < k) come four rows at a time: rows i..i+3 first take their
 * six products among a_i..a_{i+3} (a corner of seven limbs at t[2i+1]),
 * add the low three to t and start their window with the top four, then
 * sweep a_i..a_{i+3} over a[i+4..n-1] from t[2i+4].  The sum is then
 * doubled and the squares a_k^2 added.  Only t[0..n-1] starts at zero:
 * rows i..i+3 add to t[2i+1..n+i-1] and write t[n+i..n+i+3], so every
 * limb above n-1 is written before anything adds to it. */
ADX_TARGET
static void sqr4(uint64_t *t, const uint64_t *a, size_t n)
{
    memset(t, 0, n * sizeof(uint64_t));
    for (size_t i = 0; i < n; i += 4) {
        const uint64_t *ai = a + i;
        uint64_t *tc = t + 2 * i + 1, *ti = t + 2 * i + 4;
        uint64_t c[3] = {0, 0, 0}, w[4];
        unsigned char k = 0;
        unsigned long long s;

        mac3(c, ai[0], &ai[1]);
        k = _addcarry_u64(k, tc[0], c[0], &s), tc[0] = s;
        c[0] = c[1], c[1] = c[2], c[2] = 0;
        mac3(c, ai[0], &ai[2]);
        k = _addcarry_u64(k, tc[1], c[0], &s), tc[1] = s;
        c[0] = c[1], c[1] = c[2], c[2] = 0;
        mac3(c, ai[0], &ai[3]);
        mac3(c, ai[1], &ai[2]);
        k = _addcarry_u64(k, tc[2], c[0], &s), tc[2] = s;
        c[0] = c[1], c[1] = c[2], c[2] = 0;
        mac3(c, ai[1], &ai[3]);
        w[0] = c[0], c[0] = c[1], c[1] = c[2], c[2] = 0;
        mac3(c, ai[2], &ai[3]);
        w[1] = c[0], w[2] = c[1], w[3] = c[2];

        uint64_t cy = 0 - (uint64_t)k;
        if (i + 4 < n)
            sweep(ti, ai + 4, ai, n - i - 4, &cy, w);
        put(ti + (n - i - 4), cy, w, 4);
    }
    double_add_squares(t, a, n);
}

/* head starts rows i..i+3 of a reduction, with the window w holding
 * t[i..i+3]: it takes each q[k] from the window's lowest limb and makes its
 * ROW over m[0..3], which lets out a zero limb. */
ADX_TARGET __attribute__((always_inline))
static inline void head(uint64_t w[4], uint64_t q[4], const uint64_t *m, uint64_t m0inv)
{
    uint64_t w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3], x, e, z;

    __asm__("mov   %[w0], %%rdx\n\t"
            "imul  %[k], %%rdx\n\t"
            "mov   %%rdx, (%[q])\n\t" ROW(w0, w1, w2, w3, x, "")
            "mov   %[x], %%rdx\n\t"
            "imul  %[k], %%rdx\n\t"
            "mov   %%rdx, 8(%[q])\n\t" ROW(x, w1, w2, w3, w0, "")
            "mov   %[w0], %%rdx\n\t"
            "imul  %[k], %%rdx\n\t"
            "mov   %%rdx, 16(%[q])\n\t" ROW(w0, w1, w2, w3, x, "")
            "mov   %[x], %%rdx\n\t"
            "imul  %[k], %%rdx\n\t"
            "mov   %%rdx, 24(%[q])\n\t" ROW(x, w1, w2, w3, w0, "")
            : [w0] "+&r"(w0), [w1] "+&r"(w1), [w2] "+&r"(w2), [w3] "+&r"(w3), [x] "=&r"(x),
              [e] "=&r"(e), [z] "=&r"(z)
            : [q] "r"(q), [m] "r"(m), [k] "r"(m0inv)
            : "rdx", "cc", "memory");
    w[0] = w0, w[1] = w1, w[2] = w2, w[3] = w3;
}

/* redc4 is redc for n a multiple of 4 (8 or more): it reduces four rows at
 * a time, the head of rows i..i+3 and then their sweep over m[4..n-1].
 * Each head is a chain of dependent multiplications, so the next rows'
 * head runs as soon as their four limbs are final, after the first four
 * limbs of the sweep, and overlaps the rest of it. */
ADX_TARGET
static void redc4(uint64_t *r, uint64_t *t, const brisk_bn_mont *mont)
{
    size_t n = mont->n;
    const uint64_t *m = mont->m;
    uint64_t top = 0, w[4] = {t[0], t[1], t[2], t[3]}, q[4];

    head(w, q, m, mont->m0inv);
    for (size_t i = 0; i < n; i += 4) {
        uint64_t *ti = t + i, cy = 0, v[4] = {0, 0, 0, 0}, p[4] = {0, 0, 0, 0};

        sweep(ti + 4, m + 4, q, 4, &cy, w);
        if (i + 4 < n) {
            v[0] = ti[4], v[1] = ti[5], v[2] = ti[6], v[3] = ti[7];
            head(v, p, m, mont->m0inv);
        }
        if (n > 8)
            sweep(ti + 8, m + 8, q, n - 8, &cy, w);
        top = land(ti + n, w, cy, top, 4);
        memcpy(w, v, sizeof w);
        memcpy(q, p, sizeof q);
    }
    sub_if_fits4(r, t + n, top, m, n);
}

/* ---- Rows eight at a time, for n a multiple of 8 ---- */

/* rows8 is the state of eight rows at a time, which their asm reads
 * through one pointer: the window, the carry into its low limb (0 or all
 * ones), the end of the sweep, the rows' multipliers q and -m^-1 mod 2^64.
 * The window and its scratch take eleven named registers, so that builds
 * with a frame pointer (such as the sanitizers') still have the three
 * pointers' worth left. */
typedef struct rows8 {
    uint64_t w[8], c;
    const uint64_t *end;
    uint64_t q[8], m0inv;
} rows8;
_Static_assert(offsetof(rows8, c) == 64 && offsetof(rows8, end) == 72 &&
                   offsetof(rows8, q) == 80 && offsetof(rows8, m0inv) == 144,
               "the asm below reads rows8 at these offsets");

/* ROW8 is ROW with a window of eight limbs: w0 (r8 or rax), r9..r15, with
 * x the other of r8 and rax; rbx is the limb that leaves and then the zero
 * the top limb takes the last carries from.
 *
 * Register map (fixed registers, so that ROWS8 can rotate them by name):
 *   rdx            q, the row's multiplier (mulx's implicit source)
 *   %[m]           pointer to the eight limbs q multiplies
 *   w0             the window's low limb: r8 or rax, alternating
 *   r9..r15        the window's limbs 1..7
 *   x              the window's new top limb: the other of r8 and rax
 *   rbx            the limb that leaves (for emit), then zero
 * and around it, in sweep8 and head8 (W8_LOAD, W8_STORE, Q8_LOAD, T8_EMIT,
 * HEAD8_Q): %[s] points to the rows8 state (window, carry, end, q, m0inv
 * at the offsets asserted above) and %[t] to the limbs of t. */
#define ROW8(w0, x, emit)                                                                  \
    "xor   %%ebx, %%ebx\n\t"                                                                \
    "mulx  (%[m]), %%rbx, " x "\n\t"                                                        \
    "adcx  " w0 ", %%rbx\n\t"                                                               \
    "adox  %%r9, " x "\n\t"                                                                 \
    "mulx  8(%[m]), " w0 ", %%r9\n\t" emit "mov   $0, %%ebx\n\t"                            \
    "adcx  " w0 ", " x "\n\t"                                                               \
    "adox  %%r10, %%r9\n\t"                                                                 \
    "mulx  16(%[m]), " w0 ", %%r10\n\t"                                                     \
    "adcx  " w0 ", %%r9\n\t"                                                                \
    "adox  %%r11, %%r10\n\t"                                                                \
    "mulx  24(%[m]), " w0 ", %%r11\n\t"                                                     \
    "adcx  " w0 ", %%r10\n\t"                                                               \
    "adox  %%r12, %%r11\n\t"                                                                \
    "mulx  32(%[m]), " w0 ", %%r12\n\t"                                                     \
    "adcx  " w0 ", %%r11\n\t"                                                               \
    "adox  %%r13, %%r12\n\t"                                                                \
    "mulx  40(%[m]), " w0 ", %%r13\n\t"                                                     \
    "adcx  " w0 ", %%r12\n\t"                                                               \
    "adox  %%r14, %%r13\n\t"                                                                \
    "mulx  48(%[m]), " w0 ", %%r14\n\t"                                                     \
    "adcx  " w0 ", %%r13\n\t"                                                               \
    "adox  %%r15, %%r14\n\t"                                                                \
    "mulx  56(%[m]), " w0 ", %%r15\n\t"                                                     \
    "adcx  " w0 ", %%r14\n\t"                                                               \
    "adox  %%rbx, %%r15\n\t"                                                                \
    "adcx  %%rbx, %%r15\n\t"

/* ROWS8 is eight ROW8s, the k-th after pre(k, w0), w0 being its window's
 * low limb, letting out its limb by emit(k); the window ends where it
 * began, in r8..r15. */
#define ROWS8(pre, emit)                                                                   \
    pre(0, "%%r8") ROW8("%%r8", "%%rax", emit(0))                                           \
    pre(1, "%%rax") ROW8("%%rax", "%%r8", emit(1))                                          \
    pre(2, "%%r8") ROW8("%%r8", "%%rax", emit(2))                                           \
    pre(3, "%%rax") ROW8("%%rax", "%%r8", emit(3))                                          \
    pre(4, "%%r8") ROW8("%%r8", "%%rax", emit(4))                                           \
    pre(5, "%%rax") ROW8("%%rax", "%%r8", emit(5))                                          \
    pre(6, "%%r8") ROW8("%%r8", "%%rax", emit(6))                                           \
    pre(7, "%%rax") ROW8("%%rax", "%%r8", emit(7))

#define W8_LOAD_FROM(p)                                                                    \
    "mov   (%[" p "]), %%r8\n\tmov   8(%[" p "]), %%r9\n\tmov   16(%[" p "]), %%r10\n\t"     \
    "mov   24(%[" p "]), %%r11\n\tmov   32(%[" p "]), %%r12\n\tmov   40(%[" p "]), %%r13\n\t" \
    "mov   48(%[" p "]), %%r14\n\tmov   56(%[" p "]), %%r15\n\t"
#define W8_LOAD W8_LOAD_FROM("s")
#define W8_STORE                                                                           \
    "mov   %%r8, (%[s])\n\tmov   %%r9, 8(%[s])\n\tmov   %%r10, 16(%[s])\n\t"                 \
    "mov   %%r11, 24(%[s])\n\tmov   %%r12, 32(%[s])\n\tmov   %%r13, 40(%[s])\n\t"            \
    "mov   %%r14, 48(%[s])\n\tmov   %%r15, 56(%[s])"
#define W8_CLOBBERS                                                                        \
    "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc", "memory"

#define Q8_LOAD(k, w0) "mov   80+8*" #k "(%[s]), %%rdx\n\t"
#define T8_EMIT(k) "mov   %%rbx, 8*" #k "(%[t])\n\t"

/* sweep8 is sweep for eight rows, s->q[0..7], over t[0..len+7], len a
 * multiple of 8 above 0, with the window and carry in s. */
ADX_TARGET __attribute__((always_inline))
static inline void sweep8(uint64_t *t, const uint64_t *m, size_t len, rows8 *s)
{
    s->end = t + len;
    __asm__ volatile(W8_LOAD
                     "1:\n\t"
                     "btq   $0, 64(%[s])\n\t"
                     "adc   (%[t]), %%r8\n\t"
                     "adc   8(%[t]), %%r9\n\t"
                     "adc   16(%[t]), %%r10\n\t"
                     "adc   24(%[t]), %%r11\n\t"
                     "adc   32(%[t]), %%r12\n\t"
                     "adc   40(%[t]), %%r13\n\t"
                     "adc   48(%[t]), %%r14\n\t"
                     "adc   56(%[t]), %%r15\n\t"
                     "sbb   %%rbx, %%rbx\n\t"
                     "mov   %%rbx, 64(%[s])\n\t"
                     ROWS8(Q8_LOAD, T8_EMIT)
                     "lea   64(%[t]), %[t]\n\t"
                     "lea   64(%[m]), %[m]\n\t"
                     "cmp   72(%[s]), %[t]\n\t"
                     "jne   1b\n\t" W8_STORE
                     : [t] "+r"(t), [m] "+r"(m)
                     : [s] "r"(s)
                     : W8_CLOBBERS);
}

/* HEAD8_Q(k, w0) takes q[k] from the window's low limb w0; NO_EMIT keeps
 * the limb a head's row lets out, which is zero, out of t. */
#define HEAD8_Q(k, w0) "mov   " w0 ", %%rdx\n\timul  144(%[s]), %%rdx\n\tmov   %%rdx, 80+8*" #k "(%[s])\n\t"
#define NO_EMIT(k) ""

/* head8 is head for eight rows: s->q[0..7] from the window t[i..i+7] (at
 * ti) over m[0..7], leaving the window in s->w.  It loads the window from t
 * itself, limb by limb: t's limbs were just stored one at a time, and a
 * copy into s->w by wider loads would wait for those stores to retire
 * instead of taking their values from the store queue. */
ADX_TARGET __attribute__((always_inline))
static inline void head8(const uint64_t *m, rows8 *s, const uint64_t *ti)
{
    __asm__ volatile(W8_LOAD_FROM("ti") ROWS8(HEAD8_Q, NO_EMIT) W8_STORE
                     :
                     : [s] "r"(s), [m] "r"(m), [ti] "r"(ti)
                     : W8_CLOBBERS);
}

/* mul8 sets t[0..2n-1] = a b for n a multiple of 8. */
ADX_TARGET
static void mul8(uint64_t *t, const uint64_t *a, const uint64_t *b, size_t n)
{
    rows8 s;

    memset(t, 0, n * sizeof(uint64_t));
    for (size_t i = 0; i < n; i += 8) {
        memset(s.w, 0, sizeof s.w);
        s.c = 0;
        memcpy(s.q, a + i, sizeof s.q);
        sweep8(t + i, b, n, &s);
        put(t + i + n, s.c, s.w, 8);
    }
    wipe(&s, sizeof s);
}

/* redc8 is redc4 with eight rows at a time, for n a multiple of 8. */
ADX_TARGET
static void redc8(uint64_t *r, uint64_t *t, const brisk_bn_mont *mont)
{
    size_t n = mont->n;
    const uint64_t *m = mont->m;
    uint64_t top = 0;
    rows8 s[2], *cur = &s[0], *next = &s[1];

    cur->m0inv = next->m0inv = mont->m0inv;
    head8(m, cur, t);
    for (size_t i = 0; i < n; i += 8) {
        uint64_t *ti = t + i;

        cur->c = 0;
        if (n > 8)
            sweep8(ti + 8, m + 8, 8, cur);
        if (i + 8 < n)
            head8(m, next, ti + 8);
        if (n > 16)
            sweep8(ti + 16, m + 16, n - 16, cur);
        top = land(ti + n, cur->w, cur->c, top, 8);
        rows8 *done = cur;
        cur = next, next = done;
    }
    sub_if_fits4(r, t + n, top, m, n);
    wipe(s, sizeof s);
}

/* mont_mul_tiled and mont_sqr_tiled are the Montgomery kernels for n a
 * multiple of 4: rows eight at a time where n is a multiple of 8, else four
 * (squaring's cross products four at a time either way). */
ADX_TARGET
static void mont_mul_tiled(uint64_t *r, const uint64_t *a, const uint64_t *b,
                           const brisk_bn_mont *mont)
{
    uint64_t t[2 * BRISK_BN_MAX_LIMBS];

    if (mont->n % 8 == 0) {
        mul8(t, a, b, mont->n);
        redc8(r, t, mont);
    } else {
        mul4(t, a, b, mont->n);
        redc4(r, t, mont);
    }
    wipe(t, 2 * mont->n * sizeof(uint64_t));
}

ADX_TARGET
static void mont_sqr_tiled(uint64_t *r, const uint64_t *a, const brisk_bn_mont *mont)
{
    uint64_t t[2 * BRISK_BN_MAX_LIMBS];

    sqr4(t, a, mont->n);
    if (mont->n % 8 == 0)
        redc8(r, t, mont);
    else
        redc4(r, t, mont);
    wipe(t, 2 * mont->n * sizeof(uint64_t));
}

/* ---- Product scanning for 4 and 8 limbs ---- */

/* add3 adds the three-limb s to the three-limb c. */
ADX_TARGET __attribute__((always_inline))
static inline void add3(uint64_t c[3], const uint64_t s[3])
{
    __asm__("add   %[b0], %[a0]\n\t"
            "adc   %[b1], %[a1]\n\t"
            "adc   %[b2], %[a2]"
            : [a0] "+r"(c[0]), [a1] "+r"(c[1]), [a2] "+r"(c[2])
            : [b0] "r"(s[0]), [b1] "r"(s[1]), [b2] "r"(s[2])
            : "cc");
}

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
    uint64_t d[8];

    sub_if_fits(r, t, top, m, d, n);
    wipe(d, n * sizeof(uint64_t));
    wipe(t, n * sizeof(uint64_t));
    wipe(q, n * sizeof(uint64_t));
}

/* scan_column ends column k (k < 2n - 1) of an n-limb product scan, whose
 * products of a and b are summed in p: it sums the column's q_i m_{k-i},
 * adds both sums to the running sum c, takes q_k = c[0] m0inv from the
 * sum's low limb for k < n (which makes that limb zero), or else keeps it
 * as t[k - n], and moves the sum down a limb. */
ADX_TARGET __attribute__((always_inline))
static inline void scan_column(size_t k, size_t n, uint64_t c[3], const uint64_t p[3],
                               uint64_t *q, uint64_t *t, const uint64_t *m, uint64_t m0inv)
{
    uint64_t s[3] = {0, 0, 0};
    UNROLL_ALL
    for (size_t i = 0; i < n; i++)
        if (i < k && k - i < n)
            mac3(s, q[i], &m[k - i]);
    add3(c, p);
    add3(c, s);
    if (k < n) {
        q[k] = c[0] * m0inv;
        mac3(c, q[k], &m[0]);
    } else {
        t[k - n] = c[0];
    }
    c[0] = c[1], c[1] = c[2], c[2] = 0;
}

/* scan sets r = a b R^-1 mod m for n (4 or 8) limbs; with sqr set, b
 * is a and the columns take each cross product a_i a_j (i < j) once,
 * doubled, plus the square a_{k/2}^2 in even columns.  n and sqr are
 * constants in every caller. */
ADX_TARGET __attribute__((always_inline))
static inline void scan(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                        uint64_t m0inv, size_t n, int sqr)
{
    uint64_t q[8], t[8];
    uint64_t c[3] = {0, 0, 0};

    UNROLL_ALL
    for (size_t k = 0; k < 2 * n - 1; k++) {
        uint64_t p[3] = {0, 0, 0};
        UNROLL_ALL
        for (size_t i = 0; i < n; i++) {
            if (!sqr && i <= k && k - i < n)
                mac3(p, a[i], &b[k - i]);
            if (sqr && i < k - i && k - i < n)
                mac3(p, a[i], &a[k - i]);
        }
        if (sqr) {
            p[2] = p[2] << 1 | p[1] >> 63; /* below 2^63 before: fewer than n products */
            p[1] = p[1] << 1 | p[0] >> 63;
            p[0] <<= 1;
            if (k % 2 == 0)
                mac3(p, a[k / 2], &a[k / 2]);
        }
        scan_column(k, n, c, p, q, t, m, m0inv);
    }
    t[n - 1] = c[0];
    scan_finish(r, t, c[1], q, m, n);
}

ADX_TARGET
static void mont_mul_adx_any(uint64_t *r, const uint64_t *a, const uint64_t *b,
                             const brisk_bn_mont *mont)
{
    switch (mont->n) {
    case 4: scan(r, a, b, mont->m, mont->m0inv, 4, 0); break;
    case 8: scan(r, a, b, mont->m, mont->m0inv, 8, 0); break;
    default:
        if (mont->n % 4 == 0)
            mont_mul_tiled(r, a, b, mont);
        else
            mont_mul_adx(r, a, b, mont);
        break;
    }
}

ADX_TARGET
static void mont_sqr_adx_any(uint64_t *r, const uint64_t *a, const brisk_bn_mont *mont)
{
    switch (mont->n) {
    case 4: scan(r, a, a, mont->m, mont->m0inv, 4, 1); break;
    case 8: scan(r, a, a, mont->m, mont->m0inv, 8, 1); break;
    default:
        if (mont->n % 4 == 0)
            mont_sqr_tiled(r, a, mont);
        else
            mont_sqr_adx(r, a, mont);
        break;
    }
}

const brisk_bn_impl brisk_bn_impl_adx = {mont_mul_adx_any, mont_sqr_adx_any, NULL, NULL, NULL,
                                         NULL};

#endif
