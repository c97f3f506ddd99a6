/*
 * src/ec/x25519_adx.c - X25519's Montgomery ladder (RFC 7748 section 5)
 * over GF(2^255 - 19) in four 64-bit limbs with mulx, adcx and adox: the
 * "adx" implementation of the "x25519" primitive, chosen on x86-64 CPUs
 * with BMI2 and ADX.
 *
 * Elements are kept below 2^256, reduced only partially (2^256 = 38 mod p),
 * and fully only on output.  A multiplication is one asm block: the 8-limb
 * product row by row, each row's low halves along the carry flag (adcx) and
 * high halves along the overflow flag (adox), so the two chains do not wait
 * for each other (OpenSSL's x25519-x86_64 "fe64" code and the mulx/adx
 * kernels of src/bn/mont_adx.c use the same device); then the upper four
 * limbs times 38 folded into the lower four the same way, and the last
 * carry times 38 once more.  Squaring computes each cross product once
 * (ten mulx instead of sixteen).  Additions and subtractions fold their
 * carry or borrow times 38 the same way, in short asm blocks.  The blocks
 * name their operands as exact memory operands (no "memory" clobber in
 * optimised builds), so the compiler keeps the ladder's other values in
 * registers across them.
 * The final inversion runs src/ec/safegcd.c's division steps
 * (fe25519_invert.h).
 *
 * What decides the speed is less the kernels than how they overlap: a
 * ladder step is some 950 instructions, four times Zen 2's reorder
 * buffer, so the step is ordered for it (see the loop), and its
 * conditional swap acts on the four sums instead of the two points, so
 * the sums need not wait for it.
 *
 * Measured on an AMD EPYC Zen 2 (family 23 model 49, 2 vCPUs under KVM,
 * shared), 2026-12-05 13:08 UTC, load average 1.3 to 1.5: the ladder
 * takes about 65.7k TSC cycles (c64: 98.5k), of which the inversion
 * about 7.1k; speed-ratio --rounds 3 ecdhx25519 read 1.17x and 1.16x
 * OpenSSL 3.0's mulx/adx assembly (brisk 33,401 and 33,524 derives/s,
 * openssl 28,648 and 28,916).  On this CPU mulx issues once a cycle
 * but competes with the adds for the integer pipes, and the kernels
 * alone run at about 35 cycles a multiplication and 27 a squaring when
 * two are independent.  Tried and slower here: one block for a sum and
 * its difference (register pressure), the subtraction fused into the
 * 121665 e + aa block, the compiler's vector swap, and dropping the
 * fold's flag-clearing xor.  Folding at 2^255 (times 19) was slower on
 * Zen 5 too.  On an AMD EPYC Zen 4 (family 25 model 17) the fastest
 * ladder, 2026-12-07, was 71k TSC cycles (2.6 GHz TSC) with Fermat's
 * inversion and 69k with division steps; two other orders of the step
 * (the products of the longest chain first; each squaring followed by an
 * independent multiplication) took 69k-75k and 74k-75k against 69k for
 * the one below.  Left: the step as a few large asm blocks (a .S file,
 * for the registers) that interleave independent multiplications by hand.
 *
 * Constant-time: yes.  No branch or address depends on the data; the
 * ladder swaps with masks and the carries are arithmetic.
 */
#include "internal.h"

#ifdef BRISK_X86_64

typedef unsigned __int128 u128;
typedef uint64_t fe[4];
/* fe_mem names an element's four limbs as one memory operand of the asm. */
typedef struct fe_mem {
    uint64_t v[4];
} fe_mem;

/* FE_OUT and FE_MEM name the output and input limbs of fe_mul and fe_sqr as
 * memory operands, so the compiler keeps the ladder's other temporaries in
 * registers across them (a "memory" clobber made it spill and reload them
 * all), and FE_STORE_ASM writes the result straight to the four output
 * operands.  Those need address registers that unoptimised and
 * AddressSanitizer builds (frame pointer, fake stack) may not have left:
 * there the blocks clobber "memory", and FE_LOAD_RP_ASM and FE_STORE_ASM
 * carry the output pointer through xmm0 (FE_RP). */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FE_NO_EXACT_MEM 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || !defined(__OPTIMIZE__)
#define FE_NO_EXACT_MEM 1
#endif
#ifdef FE_NO_EXACT_MEM
#define FE_OUT(r)
#define FE_MEM(a)
#define FE_CLOBBER_MEM , "memory"
#define FE_RP(r) , [rp] "m"(r)
#define FE_LOAD_RP_ASM "movq  %[rp], %%xmm0\n\t"
#define FE_STORE_ASM \
    "movq  %%xmm0, %%rax\n\t" \
    "mov   %%r8, 0(%%rax)\n\t" \
    "mov   %%r9, 8(%%rax)\n\t" \
    "mov   %%r10, 16(%%rax)\n\t" \
    "mov   %%r11, 24(%%rax)\n\t"
#else
#define FE_OUT(r) [r0] "=m"((r)[0]), [r1] "=m"((r)[1]), [r2] "=m"((r)[2]), [r3] "=m"((r)[3])
#define FE_MEM(a) , "m"(*(const fe_mem *)(a))
#define FE_CLOBBER_MEM
#define FE_RP(r)
#define FE_LOAD_RP_ASM
#define FE_STORE_ASM \
    "mov   %%r8, %[r0]\n\t" \
    "mov   %%r9, %[r1]\n\t" \
    "mov   %%r10, %[r2]\n\t" \
    "mov   %%r11, %[r3]\n\t"
#endif

/* The asm needs no target attribute (the assembler takes mulx and adx
 * anywhere), so fe_mul inlines into every caller; the dispatcher runs this
 * code only where CPUID reports BMI2 and ADX. */

/* FE_FOLD_ASM reduces the 8-limb product in r8..r15 to r8..r11, below
 * 2^256: r8..r11 += 38 r12..r15 along the two carry chains, the top carry
 * (below 39) times 38 added, and 38 once more if that carried out. */
#define FE_FOLD_ASM \
    "xor   %%ecx, %%ecx\n\t" \
    "mov   $38, %%edx\n\t" \
    "mulx  %%r12, %%rax, %%r12\n\t" \
    "adcx  %%rax, %%r8\n\t" \
    "adox  %%r12, %%r9\n\t" \
    "mulx  %%r13, %%rax, %%r13\n\t" \
    "adcx  %%rax, %%r9\n\t" \
    "adox  %%r13, %%r10\n\t" \
    "mulx  %%r14, %%rax, %%r14\n\t" \
    "adcx  %%rax, %%r10\n\t" \
    "adox  %%r14, %%r11\n\t" \
    "mulx  %%r15, %%rax, %%r12\n\t" \
    "adcx  %%rax, %%r11\n\t" \
    "adox  %%rcx, %%r12\n\t" \
    "adcx  %%rcx, %%r12\n\t" \
    "imul  $38, %%r12, %%r12\n\t" \
    "add   %%r12, %%r8\n\t" \
    "adc   %%rcx, %%r9\n\t" \
    "adc   %%rcx, %%r10\n\t" \
    "adc   %%rcx, %%r11\n\t" \
    "sbb   %%rax, %%rax\n\t" \
    "and   $38, %%eax\n\t" \
    "add   %%rax, %%r8\n\t"

/* fe_mul sets r = a b mod p, below 2^256, for any a, b below 2^256; r may
 * alias a or b.  In -O0 and sanitizer builds the output pointer is a
 * memory operand, read into xmm0 first thing: with eleven registers taken,
 * those builds (which keep a frame pointer) have only a and b's two to
 * spare. */
static inline void fe_mul(fe r, const fe a, const fe b)
{
    __asm__(
        /* In -O0 and sanitizer builds, the output pointer first, into
         * xmm0: the compiler may address the memory operand through a
         * register this block clobbers (ASan's fake stack frames do,
         * through rcx). */
        FE_LOAD_RP_ASM
        /* Row 0: a0 b -> r8..r12.  Only this row clears CF and OF (and
         * rcx, the zero): each row's top limb cannot overflow, so every
         * row ends with both flags clear for the next. */
        "xor   %%ecx, %%ecx\n\t"
        "mov   0(%[a]), %%rdx\n\t"
        "mulx  0(%[b]), %%r8, %%r9\n\t"
        "mulx  8(%[b]), %%rax, %%r10\n\t"
        "adcx  %%rax, %%r9\n\t"
        "mulx  16(%[b]), %%rax, %%r11\n\t"
        "adcx  %%rax, %%r10\n\t"
        "mulx  24(%[b]), %%rax, %%r12\n\t"
        "adcx  %%rax, %%r11\n\t"
        "adcx  %%rcx, %%r12\n\t"
        /* Row 1: a1 b into r9..r13; r14 as the high halves' scratch */
        "mov   8(%[a]), %%rdx\n\t"
        "mulx  0(%[b]), %%rax, %%r14\n\t"
        "adcx  %%rax, %%r9\n\t"
        "adox  %%r14, %%r10\n\t"
        "mulx  8(%[b]), %%rax, %%r14\n\t"
        "adcx  %%rax, %%r10\n\t"
        "adox  %%r14, %%r11\n\t"
        "mulx  16(%[b]), %%rax, %%r14\n\t"
        "adcx  %%rax, %%r11\n\t"
        "adox  %%r14, %%r12\n\t"
        "mulx  24(%[b]), %%rax, %%r13\n\t"
        "adcx  %%rax, %%r12\n\t"
        "adox  %%rcx, %%r13\n\t"
        "adcx  %%rcx, %%r13\n\t"
        /* Row 2: a2 b into r10..r14; r15 as scratch */
        "mov   16(%[a]), %%rdx\n\t"
        "mulx  0(%[b]), %%rax, %%r15\n\t"
        "adcx  %%rax, %%r10\n\t"
        "adox  %%r15, %%r11\n\t"
        "mulx  8(%[b]), %%rax, %%r15\n\t"
        "adcx  %%rax, %%r11\n\t"
        "adox  %%r15, %%r12\n\t"
        "mulx  16(%[b]), %%rax, %%r15\n\t"
        "adcx  %%rax, %%r12\n\t"
        "adox  %%r15, %%r13\n\t"
        "mulx  24(%[b]), %%rax, %%r14\n\t"
        "adcx  %%rax, %%r13\n\t"
        "adox  %%rcx, %%r14\n\t"
        "adcx  %%rcx, %%r14\n\t"
        /* Row 3: a3 b into r11..r15 */
        "mov   24(%[a]), %%rdx\n\t"
        "mulx  0(%[b]), %%rax, %%r15\n\t"
        "adcx  %%rax, %%r11\n\t"
        "adox  %%r15, %%r12\n\t"
        "mulx  8(%[b]), %%rax, %%r15\n\t"
        "adcx  %%rax, %%r12\n\t"
        "adox  %%r15, %%r13\n\t"
        "mulx  16(%[b]), %%rax, %%r15\n\t"
        "adcx  %%rax, %%r13\n\t"
        "adox  %%r15, %%r14\n\t"
        "mulx  24(%[b]), %%rax, %%r15\n\t"
        "adcx  %%rax, %%r14\n\t"
        "adox  %%rcx, %%r15\n\t"
        "adcx  %%rcx, %%r15\n\t"
        FE_FOLD_ASM
        FE_STORE_ASM
        : FE_OUT(r)
        : [a] "r"(a), [b] "r"(b) FE_RP(r) FE_MEM(a) FE_MEM(b)
        : "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "xmm0",
          "cc" FE_CLOBBER_MEM);
}

/* FE_SQR_ASM squares the element at %[a] into r8..r15, the 8-limb
 * square: the six cross products once, doubled with adcx while adox adds
 * the four squares. */
#define FE_SQR_ASM \
    /* a0 (a1, a2, a3) at limbs 1..4 */ \
    "xor   %%ecx, %%ecx\n\t" \
    "mov   0(%[a]), %%rdx\n\t" \
    "mulx  8(%[a]), %%r9, %%r10\n\t" \
    "mulx  16(%[a]), %%rax, %%r11\n\t" \
    "adcx  %%rax, %%r10\n\t" \
    "mulx  24(%[a]), %%rax, %%r12\n\t" \
    "adcx  %%rax, %%r11\n\t" \
    "adcx  %%rcx, %%r12\n\t" \
    /* a1 (a2, a3) at limbs 3..5 */ \
    "xor   %%ecx, %%ecx\n\t" \
    "mov   8(%[a]), %%rdx\n\t" \
    "mulx  16(%[a]), %%rax, %%r13\n\t" \
    "adcx  %%rax, %%r11\n\t" \
    "adox  %%r13, %%r12\n\t" \
    "mulx  24(%[a]), %%rax, %%r13\n\t" \
    "adcx  %%rax, %%r12\n\t" \
    "adox  %%rcx, %%r13\n\t" \
    "adcx  %%rcx, %%r13\n\t" \
    /* a2 a3 at limbs 5, 6 */ \
    "mov   16(%[a]), %%rdx\n\t" \
    "mulx  24(%[a]), %%rax, %%r14\n\t" \
    "add   %%rax, %%r13\n\t" \
    "adc   %%rcx, %%r14\n\t" \
    /* twice that, plus the squares */ \
    "xor   %%ecx, %%ecx\n\t" \
    "mov   0(%[a]), %%rdx\n\t" \
    "mulx  %%rdx, %%r8, %%rax\n\t" \
    "adcx  %%r9, %%r9\n\t" \
    "adox  %%rax, %%r9\n\t" \
    "mov   8(%[a]), %%rdx\n\t" \
    "mulx  %%rdx, %%rax, %%r15\n\t" \
    "adcx  %%r10, %%r10\n\t" \
    "adox  %%rax, %%r10\n\t" \
    "adcx  %%r11, %%r11\n\t" \
    "adox  %%r15, %%r11\n\t" \
    "mov   16(%[a]), %%rdx\n\t" \
    "mulx  %%rdx, %%rax, %%r15\n\t" \
    "adcx  %%r12, %%r12\n\t" \
    "adox  %%rax, %%r12\n\t" \
    "adcx  %%r13, %%r13\n\t" \
    "adox  %%r15, %%r13\n\t" \
    "mov   24(%[a]), %%rdx\n\t" \
    "mulx  %%rdx, %%rax, %%r15\n\t" \
    "adcx  %%r14, %%r14\n\t" \
    "adox  %%rax, %%r14\n\t" \
    "adcx  %%rcx, %%r15\n\t" \
    "adox  %%rcx, %%r15\n\t" \

/* fe_sqr sets r = a^2 mod p, below 2^256, for any a below 2^256. */
static inline void fe_sqr(fe r, const fe a)
{
    __asm__(
        /* In -O0 and sanitizer builds, the output pointer into xmm0. */
        FE_LOAD_RP_ASM
        FE_SQR_ASM
        FE_FOLD_ASM
        FE_STORE_ASM
        : FE_OUT(r)
        : [a] "r"(a) FE_RP(r) FE_MEM(a)
        : "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "xmm0",
          "cc" FE_CLOBBER_MEM);
}

/* fe_add sets r = a + b mod p, below 2^256: a carry out is 2^256 = 38,
 * added back; if that carries again the low limb is tiny and the second
 * 38 cannot. */
static inline void fe_add(fe r, const fe a, const fe b)
{
    uint64_t t0, t1, t2, t3, m;
    __asm__(
        "mov   0(%[a]), %[t0]\n\t"
        "mov   8(%[a]), %[t1]\n\t"
        "mov   16(%[a]), %[t2]\n\t"
        "mov   24(%[a]), %[t3]\n\t"
        "add   0(%[b]), %[t0]\n\t"
        "adc   8(%[b]), %[t1]\n\t"
        "adc   16(%[b]), %[t2]\n\t"
        "adc   24(%[b]), %[t3]\n\t"
        "sbb   %[m], %[m]\n\t"
        "and   $38, %[m]\n\t"
        "add   %[m], %[t0]\n\t"
        "adc   $0, %[t1]\n\t"
        "adc   $0, %[t2]\n\t"
        "adc   $0, %[t3]\n\t"
        "sbb   %[m], %[m]\n\t"
        "and   $38, %[m]\n\t"
        "add   %[m], %[t0]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [m] "=&r"(m)
        : [a] "r"(a), [b] "r"(b), "m"(*(const fe_mem *)a), "m"(*(const fe_mem *)b)
        : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* fe_sub sets r = a - b mod p, below 2^256: a borrow is 2^256 = 38 too
 * many, taken off; if that borrows again the value is near 2^256 and the
 * second 38 cannot. */
static inline void fe_sub(fe r, const fe a, const fe b)
{
    uint64_t t0, t1, t2, t3, m;
    __asm__(
        "mov   0(%[a]), %[t0]\n\t"
        "mov   8(%[a]), %[t1]\n\t"
        "mov   16(%[a]), %[t2]\n\t"
        "mov   24(%[a]), %[t3]\n\t"
        "sub   0(%[b]), %[t0]\n\t"
        "sbb   8(%[b]), %[t1]\n\t"
        "sbb   16(%[b]), %[t2]\n\t"
        "sbb   24(%[b]), %[t3]\n\t"
        "sbb   %[m], %[m]\n\t"
        "and   $38, %[m]\n\t"
        "sub   %[m], %[t0]\n\t"
        "sbb   $0, %[t1]\n\t"
        "sbb   $0, %[t2]\n\t"
        "sbb   $0, %[t3]\n\t"
        "sbb   %[m], %[m]\n\t"
        "and   $38, %[m]\n\t"
        "sub   %[m], %[t0]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [m] "=&r"(m)
        : [a] "r"(a), [b] "r"(b), "m"(*(const fe_mem *)a), "m"(*(const fe_mem *)b)
        : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* fe_mul121665_add sets r = 121665 a + b mod p, below 2^256: the five-limb
 * product and sum (top limb below 2^18) folded times 38; if that carries
 * out the low limbs are tiny and a second 38 cannot. */
static inline void fe_mul121665_add(fe r, const fe a, const fe b)
{
    uint64_t t0, t1, t2, t3, t4, lo;
    __asm__(
        "mov   $121665, %%edx\n\t"
        "mulx  0(%[a]), %[t0], %[t1]\n\t"
        "mulx  8(%[a]), %[lo], %[t2]\n\t"
        "add   %[lo], %[t1]\n\t"
        "mulx  16(%[a]), %[lo], %[t3]\n\t"
        "adc   %[lo], %[t2]\n\t"
        "mulx  24(%[a]), %[lo], %[t4]\n\t"
        "adc   %[lo], %[t3]\n\t"
        "adc   $0, %[t4]\n\t"
        "add   0(%[b]), %[t0]\n\t"
        "adc   8(%[b]), %[t1]\n\t"
        "adc   16(%[b]), %[t2]\n\t"
        "adc   24(%[b]), %[t3]\n\t"
        "adc   $0, %[t4]\n\t"
        "imul  $38, %[t4], %[t4]\n\t"
        "add   %[t4], %[t0]\n\t"
        "adc   $0, %[t1]\n\t"
        "adc   $0, %[t2]\n\t"
        "adc   $0, %[t3]\n\t"
        "sbb   %[lo], %[lo]\n\t"
        "and   $38, %[lo]\n\t"
        "add   %[lo], %[t0]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
          [lo] "=&r"(lo)
        : [a] "r"(a), [b] "r"(b), "m"(*(const fe_mem *)a), "m"(*(const fe_mem *)b)
        : "rdx", "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

/* fe_cswap swaps a and b when bit is 1, with a mask; in scalar registers,
 * since the compiler's vector version stores 16 bytes that the next limb
 * loads then read 8 at a time. */
static inline void fe_cswap(fe a, fe b, uint64_t bit)
{
    uint64_t m = ct_mask64(bit);
    for (int i = 0; i < 4; i++) {
        uint64_t x = m & (a[i] ^ b[i]);
        __asm__("" : "+r"(x));
        a[i] ^= x;
        b[i] ^= x;
    }
}

static inline void fe_frombytes(fe r, const uint8_t s[32])
{
    for (int i = 0; i < 4; i++)
        r[i] = load64_le(s + 8 * i);
    r[3] &= 0x7fffffffffffffffULL; /* RFC 7748 drops bit 255 */
}

/* fe_reduce sets t = a mod p, fully reduced (below p). */
static inline void fe_reduce(fe t, const fe a)
{
    u128 c;

    /* Fold bit 255 (2^255 = 19): t < 2^255 + 19 * 2 < 2 p. */
    c = 19 * (a[3] >> 63);
    t[3] = a[3] & 0x7fffffffffffffffULL;
    for (int i = 0; i < 3; i++) {
        c += a[i];
        t[i] = (uint64_t)c;
        c >>= 64;
    }
    t[3] += (uint64_t)c;
    /* q = 1 exactly when t >= p, that is when t + 19 reaches 2^255. */
    c = 19;
    for (int i = 0; i < 3; i++)
        c = (c + t[i]) >> 64;
    uint64_t q = (uint64_t)((c + t[3]) >> 63) & 1;
    c = 19 * q;
    for (int i = 0; i < 4; i++) {
        c += t[i];
        t[i] = (uint64_t)c;
        c >>= 64;
    }
    t[3] &= 0x7fffffffffffffffULL;
}

static inline void fe_tobytes(uint8_t s[32], const fe a)
{
    fe t;
    fe_reduce(t, a);
    for (int i = 0; i < 4; i++)
        store64_le(s + 8 * i, t[i]);
}

#include "fe25519_invert.h"

void brisk_x25519_ladder_adx(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    fe x1, x2 = {1}, z2 = {0}, x3, z3 = {1}, a, aa, b, bb, e, c, d, da, cb;
    uint64_t swap = 0;

    fe_frombytes(x1, u);
    memcpy(x3, x1, sizeof(fe));
    for (int t = 254; t >= 0; t--) {
        uint64_t bit = (uint64_t)(k[t >> 3] >> (t & 7)) & 1;
        swap ^= bit;
        /* RFC 7748's step, with its conditional swap of (x2, z2) and
         * (x3, z3) moved onto the sums: swapping the points swaps (a, b)
         * with (c, d), which exchanges da and cb and so leaves x3 and z3
         * alone, and only picks which point aa and bb double.  The sums
         * then need not wait for the swap.  The step is four times the
         * reorder buffer, so the order decides what overlaps:
         * multiplications alternate with the additions that are ready,
         * and each chain's next link comes as soon as its input does
         * (the fastest order of those tried on Zen 2). */
        fe_add(a, x2, z2);
        fe_sub(b, x2, z2);
        fe_add(c, x3, z3);
        fe_sub(d, x3, z3);
        fe_cswap(a, c, swap);
        fe_cswap(b, d, swap);
        swap = bit;
        fe_sqr(aa, a);
        fe_sqr(bb, b);
        fe_mul(da, d, a);
        fe_sub(e, aa, bb);
        fe_mul(cb, c, b);
        fe_mul121665_add(z2, e, aa);
        fe_sub(z3, da, cb);
        fe_add(x3, da, cb);
        fe_mul(z2, z2, e);
        fe_sqr(z3, z3);
        fe_mul(x2, aa, bb);
        fe_sqr(x3, x3);
        fe_mul(z3, z3, x1);
    }
    fe_cswap(x2, x3, swap);
    fe_cswap(z2, z3, swap);
    fe_invert(z2, z2);
    fe_mul(x2, x2, z2);
    fe_tobytes(out, x2);
    brisk_wipe(x2, sizeof(x2));
    brisk_wipe(z2, sizeof(z2));
    brisk_wipe(x3, sizeof(x3));
    brisk_wipe(z3, sizeof(z3));
}

#endif
