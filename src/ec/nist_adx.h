/*
 * src/ec/nist_adx.h - the NIST curves' products with BMI2's mulx and ADX's
 * two carry chains (adcx on CF, adox on OF), the "adx" implementation of
 * the "nist" primitive: P-256's and P-384's field multiplication and
 * squaring, and Montgomery multiplication mod the group orders n (4 and 6
 * limbs) for the scalars.  Included by nist.c after its baseline x86-64
 * P-256 code, whose constants (p256_p1, p256_p3) and final subtraction
 * (P256_STORE_REDUCED) the P-256 kernels share; nist.c compiles its point
 * formulas and scalar exponentiation once more over these (curve ids 4
 * and 5), and the dispatcher picks those copies where the CPU has BMI2,
 * ADX and AVX2 (for the table scans, at the end).  Inline asm needs no
 * compiler flag for the instructions; the dispatcher is what keeps them
 * off CPUs without them.  Every kernel
 * takes inputs below its modulus and returns a fully reduced result; r
 * may alias a or b.
 *
 * P-256: the multiplication is p256_mul_x86's schedule, operand scanning
 * with one Montgomery step (q = the low limb: -p^-1 = 1 mod 2^64) after
 * each row, but a row's four products go into two independent carry
 * chains instead of one chain through rdx.  The squaring computes the six
 * cross products once, doubles them, adds the four squares, and then
 * reduces the low four limbs in four steps whose carries are kept in the
 * freed limbs until the high half is added: a^2 + q p < p R + R p, so the
 * sum is below 2 p and one conditional subtraction finishes.
 *
 * P-384: the same shapes over a sliding window of registers, q = t0 (1 +
 * 2^32) (-p^-1 mod 2^64), q p by mulx with p's three low limbs and one
 * with 2^64 - 1 whose halves are added three times for the all-ones
 * limbs; the squaring keeps the product's limb 1 and high half in a
 * 96-byte scratch array.  The scalar products are the multiplication's
 * shape for a modulus and m0inv read from memory.
 *
 * A dependent chain of each took, in TSC ticks a call on the Zen 2 they
 * were written on (the C or mulq form they replace in brackets): P-256
 * multiplication 34.0 and squaring 30.7 (48.7), P-384 79.9 and 70.5
 * (215, gcc), mod n 45.0 for 4 limbs (116) and 80.9 for 6 (215).
 *
 * Constant-time: no branch, no data-dependent address; cmov for the final
 * subtractions.
 */

/* ADX_WIDE marks the kernels whose asm takes 13 or 14 of the 14
 * registers a frame pointer leaves: compiled on their own, not inlined.
 * Inlined into the point formulas, clang (14, -O1 and up with
 * -fno-omit-frame-pointer) refused them ("inline assembly requires more
 * registers than available") where the caller's frame took another; the
 * call costs a few cycles of a 70 to 90. */
#define ADX_WIDE static __attribute__((noinline))

/* adx_store6 stores a 6-limb kernel's output registers to r, after its
 * asm (so r may alias an input). */
INLINE void adx_store6(uint64_t *r, uint64_t o0, uint64_t o1, uint64_t o2, uint64_t o3,
                       uint64_t o4, uint64_t o5)
{
    r[0] = o0;
    r[1] = o1;
    r[2] = o2;
    r[3] = o3;
    r[4] = o4;
    r[5] = o5;
}

/* ---- Rows of a product, shared ----
 * ADX_MAC(j, LO, HI): LO += low(a[j] rdx) on CF, HI += high on OF.
 * ADX_ROUND4 and ADX_ROUND6(i, W0..): W0.. += a b[i] over 4 or 6 limbs of
 * a; the xor zeroes the top word and clears both flags, and the two
 * chains' last carries end in the two top words. */
#define ADX_MAC(j, LO, HI)                                                                    \
    "mulxq " #j "*8(%[a]), %%rax, %%rcx\n\t"                                                  \
    "adcxq %%rax, " LO "\n\t"                                                                 \
    "adoxq %%rcx, " HI "\n\t"
#define ADX_ROUND_END(W, TOP)                                                                 \
    "adcxq " TOP ", " W "\n\t"                                                                \
    "adoxq " TOP ", " TOP "\n\t"                                                              \
    "adcq $0, " TOP "\n\t"
#define ADX_ROUND4(i, W0, W1, W2, W3, W4, W5)                                                 \
    "movq " #i "*8(%[b]), %%rdx\n\t"                                                          \
    "xorq " W5 ", " W5 "\n\t"                                                                 \
    ADX_MAC(0, W0, W1) ADX_MAC(1, W1, W2) ADX_MAC(2, W2, W3) ADX_MAC(3, W3, W4)               \
    ADX_ROUND_END(W4, W5)
#define ADX_ROUND6(i, W0, W1, W2, W3, W4, W5, W6, W7)                                         \
    "movq " #i "*8(%[b]), %%rdx\n\t"                                                          \
    "xorq " W7 ", " W7 "\n\t"                                                                 \
    ADX_MAC(0, W0, W1) ADX_MAC(1, W1, W2) ADX_MAC(2, W2, W3)                                  \
    ADX_MAC(3, W3, W4) ADX_MAC(4, W4, W5) ADX_MAC(5, W5, W6)                                  \
    ADX_ROUND_END(W6, W7)

/* ---- P-256 ---- */

/* P256X_REDUCE(A0..A5): with q = A0, (A0..A5) += q p, which clears A0 (as
 * P256_REDUCE, with mulx). */
#define P256X_REDUCE(A0, A1, A2, A3, A4, A5)                                                  \
    "movq " A0 ", %%rdx\n\t"                                                                  \
    "mulxq %[p3], %%rax, %%rcx\n\t"                                                           \
    "movq " A0 ", %%r14\n\t"                                                                  \
    "shlq $32, %%r14\n\t"                                                                     \
    "shrq $32, " A0 "\n\t"                                                                    \
    "addq %%r14, " A1 "\n\t"                                                                  \
    "adcq " A0 ", " A2 "\n\t"                                                                 \
    "adcq %%rax, " A3 "\n\t"                                                                  \
    "adcq %%rcx, " A4 "\n\t"                                                                  \
    "adcq $0, " A5 "\n\t"

INLINE void p256_mul_adx(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    __asm__("movq 0(%[b]), %%rdx\n\t"
            "mulxq 0(%[a]), %%r8, %%r9\n\t"
            "mulxq 8(%[a]), %%rax, %%r10\n\t"
            "addq %%rax, %%r9\n\t"
            "mulxq 16(%[a]), %%rax, %%r11\n\t"
            "adcq %%rax, %%r10\n\t"
            "mulxq 24(%[a]), %%rax, %%r12\n\t"
            "adcq %%rax, %%r11\n\t"
            "adcq $0, %%r12\n\t"
            "xorl %%r13d, %%r13d\n\t"
            P256X_REDUCE("%%r8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13")
            ADX_ROUND4(1, "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r8")
            P256X_REDUCE("%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r8")
            ADX_ROUND4(2, "%%r10", "%%r11", "%%r12", "%%r13", "%%r8", "%%r9")
            P256X_REDUCE("%%r10", "%%r11", "%%r12", "%%r13", "%%r8", "%%r9")
            ADX_ROUND4(3, "%%r11", "%%r12", "%%r13", "%%r8", "%%r9", "%%r10")
            P256X_REDUCE("%%r11", "%%r12", "%%r13", "%%r8", "%%r9", "%%r10")
            P256_STORE_REDUCED("r12", "r13", "r8", "r9", "r10", "rax", "rdx", "rcx", "r11")
            :
            : [r] "r"(r), [a] "r"(a), [b] "r"(b), [p1] "m"(p256_p1), [p3] "m"(p256_p3)
            : "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "cc",
              "memory");
}

/* P256X_SQR_STEP(A0..A3): one Montgomery step on the square's low limb
 * A0: q p added into A1..A3, and the carry out with q p's high word left
 * in A0 (which q clears), the limb above A3. */
#define P256X_SQR_STEP(A0, A1, A2, A3)                                                        \
    "movq %%" A0 ", %%rdx\n\t"                                                                \
    "mulxq %[p3], %%rax, %%rbx\n\t"                                                           \
    "movq %%" A0 ", %%rcx\n\t"                                                                \
    "shlq $32, %%rcx\n\t"                                                                     \
    "shrq $32, %%" A0 "\n\t"                                                                  \
    "addq %%rcx, %%" A1 "\n\t"                                                                \
    "adcq %%" A0 ", %%" A2 "\n\t"                                                             \
    "adcq %%rax, %%" A3 "\n\t"                                                                \
    "adcq $0, %%rbx\n\t"                                                                      \
    "movq %%rbx, %%" A0 "\n\t"

INLINE void p256_sqr_adx(uint64_t *r, const uint64_t *a)
{
    __asm__(/* the cross products a_i a_j, i < j, into r9..r14 */
            "movq 0(%[a]), %%rdx\n\t"
            "mulxq 8(%[a]), %%r9, %%r10\n\t"
            "mulxq 16(%[a]), %%rax, %%r11\n\t"
            "addq %%rax, %%r10\n\t"
            "mulxq 24(%[a]), %%rax, %%r12\n\t"
            "adcq %%rax, %%r11\n\t"
            "adcq $0, %%r12\n\t"
            "movq 8(%[a]), %%rdx\n\t"
            "xorl %%r13d, %%r13d\n\t"
            "mulxq 16(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %%r11\n\t"
            "adoxq %%rcx, %%r12\n\t"
            "mulxq 24(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %%r12\n\t"
            "adoxq %%rcx, %%r13\n\t"
            "movq 16(%[a]), %%rdx\n\t"
            "mulxq 24(%[a]), %%rax, %%r14\n\t"
            "movl $0, %%r15d\n\t"
            "adcxq %%rax, %%r13\n\t"
            "adoxq %%r15, %%r14\n\t"
            "adcxq %%r15, %%r14\n\t"
            /* doubled, into r9..r15 */
            "addq %%r9, %%r9\n\t"
            "adcq %%r10, %%r10\n\t"
            "adcq %%r11, %%r11\n\t"
            "adcq %%r12, %%r12\n\t"
            "adcq %%r13, %%r13\n\t"
            "adcq %%r14, %%r14\n\t"
            "adcq $0, %%r15\n\t"
            /* plus the squares a_i^2: the 512-bit square in r8..r15 */
            "movq 0(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%r8, %%rax\n\t"
            "movq 8(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rbx, %%rcx\n\t"
            "addq %%rax, %%r9\n\t"
            "adcq %%rbx, %%r10\n\t"
            "adcq %%rcx, %%r11\n\t"
            "movq 16(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rbx, %%rcx\n\t"
            "adcq %%rbx, %%r12\n\t"
            "adcq %%rcx, %%r13\n\t"
            "movq 24(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rbx, %%rcx\n\t"
            "adcq %%rbx, %%r14\n\t"
            "adcq %%rcx, %%r15\n\t"
            /* four Montgomery steps on the low half ... */
            P256X_SQR_STEP("r8", "r9", "r10", "r11")
            P256X_SQR_STEP("r9", "r10", "r11", "r8")
            P256X_SQR_STEP("r10", "r11", "r8", "r9")
            P256X_SQR_STEP("r11", "r8", "r9", "r10")
            /* ... plus the high half: below 2 p */
            "xorl %%eax, %%eax\n\t"
            "addq %%r12, %%r8\n\t"
            "adcq %%r13, %%r9\n\t"
            "adcq %%r14, %%r10\n\t"
            "adcq %%r15, %%r11\n\t"
            "adcq $0, %%rax\n\t"
            P256_STORE_REDUCED("r8", "r9", "r10", "r11", "rax", "r12", "r13", "r14", "r15")
            :
            : [r] "r"(r), [a] "r"(a), [p1] "m"(p256_p1), [p3] "m"(p256_p3)
            : "rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
              "cc", "memory");
}

/* ---- P-384: p = 2^384 - 2^128 - 2^96 + 2^32 - 1 ---- */

static const uint64_t p384_p0 = 0x00000000ffffffffu, p384_p1 = 0xffffffff00000000u,
                      p384_p2 = 0xfffffffffffffffeu, p384_ones = 0xffffffffffffffffu;

/* P384X_RED adds q p to the window W0..W6, carry into W7, q = W0 (1 + 2^32):
 * W0 becomes 0 (and serves as the zero register at the end). */
#define P384X_RED(W0, W1, W2, W3, W4, W5, W6, W7)                                             \
    "movq " W0 ", %%rdx\n\t"                                                                  \
    "shlq $32, %%rdx\n\t"                                                                     \
    "addq " W0 ", %%rdx\n\t"                                                                  \
    "xorl %%eax, %%eax\n\t"                                                                   \
    "mulxq %[p0], %%rax, %%rcx\n\t"                                                           \
    "adcxq %%rax, " W0 "\n\t"                                                                 \
    "adoxq %%rcx, " W1 "\n\t"                                                                 \
    "mulxq %[p1], %%rax, %%rcx\n\t"                                                           \
    "adcxq %%rax, " W1 "\n\t"                                                                 \
    "adoxq %%rcx, " W2 "\n\t"                                                                 \
    "mulxq %[p2], %%rax, %%rcx\n\t"                                                           \
    "adcxq %%rax, " W2 "\n\t"                                                                 \
    "adoxq %%rcx, " W3 "\n\t"                                                                 \
    "mulxq %[p3], %%rax, %%rcx\n\t"                                                           \
    "adcxq %%rax, " W3 "\n\t"                                                                 \
    "adoxq %%rcx, " W4 "\n\t"                                                                 \
    "adcxq %%rax, " W4 "\n\t"                                                                 \
    "adoxq %%rcx, " W5 "\n\t"                                                                 \
    "adcxq %%rax, " W5 "\n\t"                                                                 \
    "adoxq %%rcx, " W6 "\n\t"                                                                 \
    "adcxq " W0 ", " W6 "\n\t"                                                                \
    "adoxq " W0 ", " W7 "\n\t"                                                                \
    "adcxq " W0 ", " W7 "\n\t"

/* P384X_FINAL: V0..V5 with carry C hold t < 2p; V = t - p unless that
 * borrows.  Six temporaries. */
#define P384X_FINAL(V0, V1, V2, V3, V4, V5, C, X0, X1, X2, X3, X4, X5)                        \
    "movq " V0 ", " X0 "\n\t"                                                                 \
    "subq %[p0], " X0 "\n\t"                                                                  \
    "movq " V1 ", " X1 "\n\t"                                                                 \
    "sbbq %[p1], " X1 "\n\t"                                                                  \
    "movq " V2 ", " X2 "\n\t"                                                                 \
    "sbbq $-2, " X2 "\n\t"                                                                    \
    "movq " V3 ", " X3 "\n\t"                                                                 \
    "sbbq $-1, " X3 "\n\t"                                                                    \
    "movq " V4 ", " X4 "\n\t"                                                                 \
    "sbbq $-1, " X4 "\n\t"                                                                    \
    "movq " V5 ", " X5 "\n\t"                                                                 \
    "sbbq $-1, " X5 "\n\t"                                                                    \
    "sbbq $0, " C "\n\t"                                                                      \
    "cmovncq " X0 ", " V0 "\n\t"                                                              \
    "cmovncq " X1 ", " V1 "\n\t"                                                              \
    "cmovncq " X2 ", " V2 "\n\t"                                                              \
    "cmovncq " X3 ", " V3 "\n\t"                                                              \
    "cmovncq " X4 ", " V4 "\n\t"                                                              \
    "cmovncq " X5 ", " V5 "\n\t"

/* ADX_MUL6(RED, FINAL) is the asm of a 6-limb Montgomery product, operand
 * scanning: the first row, then RED and the next row by turns over a
 * window of eight slots SL0..SL7 (its user's outputs o0..o5, r10 and r11),
 * then FINAL's conditional subtraction of the value left in SL6 SL7 SL0
 * SL1 SL2 SL3, the outputs, with its carry in SL4.  RED(W0..W7) adds q m
 * to W0..W6 (clearing W0), carry into W7. */
#define SL0 "%[o2]"
#define SL1 "%[o3]"
#define SL2 "%[o4]"
#define SL3 "%[o5]"
#define SL4 "%%r10"
#define SL5 "%%r11"
#define SL6 "%[o0]"
#define SL7 "%[o1]"
#define ADX_MUL6(RED, FINAL)                                                                  \
    "movq 0(%[b]), %%rdx\n\t"                                                                 \
    "mulxq 0(%[a]), " SL0 ", " SL1 "\n\t"                                                     \
    "mulxq 8(%[a]), %%rax, " SL2 "\n\t"                                                       \
    "addq %%rax, " SL1 "\n\t"                                                                 \
    "mulxq 16(%[a]), %%rax, " SL3 "\n\t"                                                      \
    "adcq %%rax, " SL2 "\n\t"                                                                 \
    "mulxq 24(%[a]), %%rax, " SL4 "\n\t"                                                      \
    "adcq %%rax, " SL3 "\n\t"                                                                 \
    "mulxq 32(%[a]), %%rax, " SL5 "\n\t"                                                      \
    "adcq %%rax, " SL4 "\n\t"                                                                 \
    "mulxq 40(%[a]), %%rax, " SL6 "\n\t"                                                      \
    "adcq %%rax, " SL5 "\n\t"                                                                 \
    "adcq $0, " SL6 "\n\t"                                                                    \
    "xorq " SL7 ", " SL7 "\n\t"                                                               \
    RED(SL0, SL1, SL2, SL3, SL4, SL5, SL6, SL7)                                               \
    ADX_ROUND6(1, SL1, SL2, SL3, SL4, SL5, SL6, SL7, SL0)                                     \
    RED(SL1, SL2, SL3, SL4, SL5, SL6, SL7, SL0)                                               \
    ADX_ROUND6(2, SL2, SL3, SL4, SL5, SL6, SL7, SL0, SL1)                                     \
    RED(SL2, SL3, SL4, SL5, SL6, SL7, SL0, SL1)                                               \
    ADX_ROUND6(3, SL3, SL4, SL5, SL6, SL7, SL0, SL1, SL2)                                     \
    RED(SL3, SL4, SL5, SL6, SL7, SL0, SL1, SL2)                                               \
    ADX_ROUND6(4, SL4, SL5, SL6, SL7, SL0, SL1, SL2, SL3)                                     \
    RED(SL4, SL5, SL6, SL7, SL0, SL1, SL2, SL3)                                               \
    ADX_ROUND6(5, SL5, SL6, SL7, SL0, SL1, SL2, SL3, SL4)                                     \
    RED(SL5, SL6, SL7, SL0, SL1, SL2, SL3, SL4)                                               \
    FINAL(SL6, SL7, SL0, SL1, SL2, SL3, SL4, "%%rax", "%%rcx", "%%rdx", SL5, "%[a]", "%[b]")

ADX_WIDE void p384_mul_adx(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t o0, o1, o2, o3, o4, o5;
    const uint64_t *ap = a, *bp = b;

    __asm__(ADX_MUL6(P384X_RED, P384X_FINAL)
            : [o0] "=&r"(o0), [o1] "=&r"(o1), [o2] "=&r"(o2), [o3] "=&r"(o3), [o4] "=&r"(o4),
              [o5] "=&r"(o5), [a] "+r"(ap), [b] "+r"(bp)
            : [p0] "m"(p384_p0), [p1] "m"(p384_p1), [p2] "m"(p384_p2), [p3] "m"(p384_ones)
            : "rax", "rcx", "rdx", "r10", "r11", "cc", "memory");
    adx_store6(r, o0, o1, o2, o3, o4, o5);
}

/* P384X_SRED reduces the low half in its own window: L0..L5 becomes
 * (L + q p) / 2^64, rotated (the new top limb in L0's register). */
#define P384X_SRED(L0, L1, L2, L3, L4, L5)                                                    \
    "movq " L0 ", %%rdx\n\t"                                                                  \
    "shlq $32, %%rdx\n\t"                                                                     \
    "addq " L0 ", %%rdx\n\t"                                                                  \
    "xorl %%eax, %%eax\n\t"                                                                   \
    "mulxq %[p0], %%rax, %%rcx\n\t"                                                           \
    "adcxq %%rax, " L0 "\n\t"                                                                 \
    "adoxq %%rcx, " L1 "\n\t"                                                                 \
    "mulxq %[p1], %%rax, %%rcx\n\t"                                                           \
    "adcxq %%rax, " L1 "\n\t"                                                                 \
    "adoxq %%rcx, " L2 "\n\t"                                                                 \
    "mulxq %[p2], %%rax, %%rcx\n\t"                                                           \
    "adcxq %%rax, " L2 "\n\t"                                                                 \
    "adoxq %%rcx, " L3 "\n\t"                                                                 \
    "mulxq %[p3], %%rax, %%rcx\n\t"                                                           \
    "adcxq %%rax, " L3 "\n\t"                                                                 \
    "adoxq %%rcx, " L4 "\n\t"                                                                 \
    "adcxq %%rax, " L4 "\n\t"                                                                 \
    "adoxq %%rcx, " L5 "\n\t"                                                                 \
    "adcxq %%rax, " L5 "\n\t"                                                                 \
    "adoxq " L0 ", %%rcx\n\t"                                                                 \
    "adcxq %%rcx, " L0 "\n\t"

/* Squaring: the 15 cross products a_i a_j (i < j) once, doubled, plus the
 * six squares (the doubling on the adcx chain, the squares on the adox
 * chain), then the low half reduced in its own window and the high half
 * added.  Limb k of the product is Tk: T1 (spilled) and T10 share SQ_A,
 * T2..T5 are o2..o5, T6 T7 are o0 o1, T8 T9 are SQ_H SQ_I. */
#define SQ_A "%%r9"
#define SQ_H "%%r10"
#define SQ_I "%%r11"

ADX_WIDE void p384_sqr_adx(uint64_t *r, const uint64_t *a)
{
    uint64_t o0, o1, o2, o3, o4, o5, t[12];
    const uint64_t *ap = a;
    uint64_t *tp = t;

    __asm__(/* row 0: a0 a1..a5 -> T1..T6 */
            "movq 0(%[a]), %%rdx\n\t"
            "mulxq 8(%[a]), " SQ_A ", %[o2]\n\t"
            "mulxq 16(%[a]), %%rax, %[o3]\n\t"
            "addq %%rax, %[o2]\n\t"
            "mulxq 24(%[a]), %%rax, %[o4]\n\t"
            "adcq %%rax, %[o3]\n\t"
            "mulxq 32(%[a]), %%rax, %[o5]\n\t"
            "adcq %%rax, %[o4]\n\t"
            "mulxq 40(%[a]), %%rax, %[o0]\n\t"
            "adcq %%rax, %[o5]\n\t"
            "adcq $0, %[o0]\n\t"
            "movq " SQ_A ", 8(%[t])\n\t"
            /* row 1: a1 a2..a5 -> T3..T7 */
            "movq 8(%[a]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 16(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "adoxq %%rcx, %[o4]\n\t"
            "mulxq 24(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "adoxq %%rcx, %[o5]\n\t"
            "mulxq 32(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "adoxq %%rcx, %[o0]\n\t"
            "mulxq 40(%[a]), %%rax, %[o1]\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "movl $0, %%ecx\n\t"
            "adoxq %%rcx, %[o1]\n\t"
            "adcxq %%rcx, %[o1]\n\t"
            /* row 2: a2 a3..a5 -> T5..T8 */
            "movq 16(%[a]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 24(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "adoxq %%rcx, %[o0]\n\t"
            "mulxq 32(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "adoxq %%rcx, %[o1]\n\t"
            "mulxq 40(%[a]), %%rax, " SQ_H "\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "movl $0, %%ecx\n\t"
            "adoxq %%rcx, " SQ_H "\n\t"
            "adcxq %%rcx, " SQ_H "\n\t"
            /* row 3: a3 a4..a5 -> T7..T9 */
            "movq 24(%[a]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 32(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "adoxq %%rcx, " SQ_H "\n\t"
            "mulxq 40(%[a]), %%rax, " SQ_I "\n\t"
            "adcxq %%rax, " SQ_H "\n\t"
            "movl $0, %%ecx\n\t"
            "adoxq %%rcx, " SQ_I "\n\t"
            "adcxq %%rcx, " SQ_I "\n\t"
            /* row 4: a4 a5 -> T9..T10 */
            "movq 32(%[a]), %%rdx\n\t"
            "mulxq 40(%[a]), %%rax, " SQ_A "\n\t"
            "addq %%rax, " SQ_I "\n\t"
            "adcq $0, " SQ_A "\n\t"
            /* double (adcx) and add the squares (adox) */
            "xorl %%eax, %%eax\n\t"
            "movq 0(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "movq %%rax, 0(%[t])\n\t"
            "movq 8(%[t]), %%rax\n\t"
            "adcxq %%rax, %%rax\n\t"
            "adoxq %%rcx, %%rax\n\t"
            "movq %%rax, 8(%[t])\n\t"
            "movq 8(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "adcxq %[o2], %[o2]\n\t"
            "adoxq %%rax, %[o2]\n\t"
            "adcxq %[o3], %[o3]\n\t"
            "adoxq %%rcx, %[o3]\n\t"
            "movq 16(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "adcxq %[o4], %[o4]\n\t"
            "adoxq %%rax, %[o4]\n\t"
            "adcxq %[o5], %[o5]\n\t"
            "adoxq %%rcx, %[o5]\n\t"
            "movq 24(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "adcxq %[o0], %[o0]\n\t"
            "adoxq %%rax, %[o0]\n\t"
            "adcxq %[o1], %[o1]\n\t"
            "adoxq %%rcx, %[o1]\n\t"
            "movq 32(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "adcxq " SQ_H ", " SQ_H "\n\t"
            "adoxq %%rax, " SQ_H "\n\t"
            "adcxq " SQ_I ", " SQ_I "\n\t"
            "adoxq %%rcx, " SQ_I "\n\t"
            "movq 40(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "adcxq " SQ_A ", " SQ_A "\n\t"
            "adoxq %%rax, " SQ_A "\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %%rcx\n\t"
            "adoxq %%rax, %%rcx\n\t"
            /* high half T6..T11 to t[6..11]; low half T0..T5 to o0..o5 */
            "movq %[o0], 48(%[t])\n\t"
            "movq %[o1], 56(%[t])\n\t"
            "movq " SQ_H ", 64(%[t])\n\t"
            "movq " SQ_I ", 72(%[t])\n\t"
            "movq " SQ_A ", 80(%[t])\n\t"
            "movq %%rcx, 88(%[t])\n\t"
            "movq 0(%[t]), %[o0]\n\t"
            "movq 8(%[t]), %[o1]\n\t"
            P384X_SRED("%[o0]", "%[o1]", "%[o2]", "%[o3]", "%[o4]", "%[o5]")
            P384X_SRED("%[o1]", "%[o2]", "%[o3]", "%[o4]", "%[o5]", "%[o0]")
            P384X_SRED("%[o2]", "%[o3]", "%[o4]", "%[o5]", "%[o0]", "%[o1]")
            P384X_SRED("%[o3]", "%[o4]", "%[o5]", "%[o0]", "%[o1]", "%[o2]")
            P384X_SRED("%[o4]", "%[o5]", "%[o0]", "%[o1]", "%[o2]", "%[o3]")
            P384X_SRED("%[o5]", "%[o0]", "%[o1]", "%[o2]", "%[o3]", "%[o4]")
            /* + high half: < 2p */
            "xorq " SQ_A ", " SQ_A "\n\t"
            "addq 48(%[t]), %[o0]\n\t"
            "adcq 56(%[t]), %[o1]\n\t"
            "adcq 64(%[t]), %[o2]\n\t"
            "adcq 72(%[t]), %[o3]\n\t"
            "adcq 80(%[t]), %[o4]\n\t"
            "adcq 88(%[t]), %[o5]\n\t"
            "adcq $0, " SQ_A "\n\t"
            P384X_FINAL("%[o0]", "%[o1]", "%[o2]", "%[o3]", "%[o4]", "%[o5]", SQ_A,
                        "%%rax", "%%rcx", "%%rdx", SQ_H, SQ_I, "%[a]")
            : [o0] "=&r"(o0), [o1] "=&r"(o1), [o2] "=&r"(o2), [o3] "=&r"(o3), [o4] "=&r"(o4),
              [o5] "=&r"(o5), [a] "+r"(ap), [t] "+r"(tp)
            : [p0] "m"(p384_p0), [p1] "m"(p384_p1), [p2] "m"(p384_p2), [p3] "m"(p384_ones)
            : "rax", "rcx", "rdx", "r9", "r10", "r11", "cc", "memory");
    adx_store6(r, o0, o1, o2, o3, o4, o5);
}
#undef SQ_A
#undef SQ_H
#undef SQ_I

/* ---- Scalars: Montgomery products mod any odd m (the group orders n) ----
 * m is the ec_mod itself: its limbs at offset 0, m0inv read at its offset
 * (an "m" operand for m0inv needs one register too many at -O0 under
 * ASan, which moves the variable to its fake stack). */
_Static_assert(offsetof(ec_mod, m) == 0, "the kernels read m->m at the ec_mod's address");

#define MX_MACM(j, LO, HI)                                                                    \
    "mulxq " #j "*8(%[m]), %%rax, %%rcx\n\t"                                                  \
    "adcxq %%rax, " LO "\n\t"                                                                 \
    "adoxq %%rcx, " HI "\n\t"

/* MX_Q sets rdx = q = W0 m0inv mod 2^64 and clears CF and OF. */
#define MX_Q(W0)                                                                              \
    "movq " W0 ", %%rdx\n\t"                                                                  \
    "imulq %c[m0inv](%[m]), %%rdx\n\t"                                                        \
    "xorl %%eax, %%eax\n\t"

/* ---- 6 limbs ---- */

/* M6_RED adds q m to W0..W6, carry into W7; W0 becomes 0. */
#define M6_RED(W0, W1, W2, W3, W4, W5, W6, W7)                                                \
    MX_Q(W0)                                                                                  \
    MX_MACM(0, W0, W1) MX_MACM(1, W1, W2) MX_MACM(2, W2, W3)                                  \
    MX_MACM(3, W3, W4) MX_MACM(4, W4, W5) MX_MACM(5, W5, W6)                                  \
    "adcxq " W0 ", " W6 "\n\t"                                                                \
    "adoxq " W0 ", " W7 "\n\t"                                                                \
    "adcxq " W0 ", " W7 "\n\t"

#define MX_SUBSTEP(j, V, X, op)                                                               \
    "movq " V ", " X "\n\t"                                                                   \
    op " " #j "*8(%[m]), " X "\n\t"

#define MX_FINAL6(V0, V1, V2, V3, V4, V5, C, X0, X1, X2, X3, X4, X5)                          \
    MX_SUBSTEP(0, V0, X0, "subq") MX_SUBSTEP(1, V1, X1, "sbbq")                               \
    MX_SUBSTEP(2, V2, X2, "sbbq") MX_SUBSTEP(3, V3, X3, "sbbq")                               \
    MX_SUBSTEP(4, V4, X4, "sbbq") MX_SUBSTEP(5, V5, X5, "sbbq")                               \
    "sbbq $0, " C "\n\t"                                                                      \
    "cmovncq " X0 ", " V0 "\n\t"                                                              \
    "cmovncq " X1 ", " V1 "\n\t"                                                              \
    "cmovncq " X2 ", " V2 "\n\t"                                                              \
    "cmovncq " X3 ", " V3 "\n\t"                                                              \
    "cmovncq " X4 ", " V4 "\n\t"                                                              \
    "cmovncq " X5 ", " V5 "\n\t"

ADX_WIDE void mont6_mul_adx(uint64_t *r, const uint64_t *a, const uint64_t *b, const ec_mod *m)
{
    uint64_t o0, o1, o2, o3, o4, o5;
    const uint64_t *ap = a, *bp = b;

    __asm__(ADX_MUL6(M6_RED, MX_FINAL6)
            : [o0] "=&r"(o0), [o1] "=&r"(o1), [o2] "=&r"(o2), [o3] "=&r"(o3), [o4] "=&r"(o4),
              [o5] "=&r"(o5), [a] "+r"(ap), [b] "+r"(bp)
            : [m] "r"(m), [m0inv] "i"(offsetof(ec_mod, m0inv))
            : "rax", "rcx", "rdx", "r10", "r11", "cc", "memory");
    adx_store6(r, o0, o1, o2, o3, o4, o5);
}

/* ---- 4 limbs ---- */

#define M4_RED(W0, W1, W2, W3, W4, W5)                                                        \
    MX_Q(W0)                                                                                  \
    MX_MACM(0, W0, W1) MX_MACM(1, W1, W2) MX_MACM(2, W2, W3) MX_MACM(3, W3, W4)               \
    "adcxq " W0 ", " W4 "\n\t"                                                                \
    "adoxq " W0 ", " W5 "\n\t"                                                                \
    "adcxq " W0 ", " W5 "\n\t"

#define MX_FINAL4(V0, V1, V2, V3, C, X0, X1, X2, X3)                                          \
    MX_SUBSTEP(0, V0, X0, "subq") MX_SUBSTEP(1, V1, X1, "sbbq")                               \
    MX_SUBSTEP(2, V2, X2, "sbbq") MX_SUBSTEP(3, V3, X3, "sbbq")                               \
    "sbbq $0, " C "\n\t"                                                                      \
    "cmovncq " X0 ", " V0 "\n\t"                                                              \
    "cmovncq " X1 ", " V1 "\n\t"                                                              \
    "cmovncq " X2 ", " V2 "\n\t"                                                              \
    "cmovncq " X3 ", " V3 "\n\t"

/* window slots: after the fourth reduction the value is in S4 S5 S0 S1 */
#define S0 "%[o2]"
#define S1 "%[o3]"
#define S2 "%%r10"
#define S3 "%%r11"
#define S4 "%[o0]"
#define S5 "%[o1]"

INLINE void mont4_mul_adx(uint64_t *r, const uint64_t *a, const uint64_t *b, const ec_mod *m)
{
    uint64_t o0, o1, o2, o3;
    const uint64_t *ap = a, *bp = b;

    __asm__("movq 0(%[b]), %%rdx\n\t"
            "mulxq 0(%[a]), " S0 ", " S1 "\n\t"
            "mulxq 8(%[a]), %%rax, " S2 "\n\t"
            "addq %%rax, " S1 "\n\t"
            "mulxq 16(%[a]), %%rax, " S3 "\n\t"
            "adcq %%rax, " S2 "\n\t"
            "mulxq 24(%[a]), %%rax, " S4 "\n\t"
            "adcq %%rax, " S3 "\n\t"
            "adcq $0, " S4 "\n\t"
            "xorq " S5 ", " S5 "\n\t"
            M4_RED(S0, S1, S2, S3, S4, S5)
            ADX_ROUND4(1, S1, S2, S3, S4, S5, S0)
            M4_RED(S1, S2, S3, S4, S5, S0)
            ADX_ROUND4(2, S2, S3, S4, S5, S0, S1)
            M4_RED(S2, S3, S4, S5, S0, S1)
            ADX_ROUND4(3, S3, S4, S5, S0, S1, S2)
            M4_RED(S3, S4, S5, S0, S1, S2)
            MX_FINAL4(S4, S5, S0, S1, S2, "%%rax", "%%rcx", "%%rdx", S3)
            : [o0] "=&r"(o0), [o1] "=&r"(o1), [o2] "=&r"(o2), [o3] "=&r"(o3), [a] "+r"(ap),
              [b] "+r"(bp)
            : [m] "r"(m), [m0inv] "i"(offsetof(ec_mod, m0inv))
            : "rax", "rcx", "rdx", "r10", "r11", "cc", "memory");
    r[0] = o0;
    r[1] = o1;
    r[2] = o2;
    r[3] = o3;
}

#undef S0
#undef S1
#undef S2
#undef S3
#undef S4
#undef S5

/* scan_avx2 is nist.c's scan_base in 256-bit vectors for the fixed-base
 * windows of the "adx" implementation, which requires AVX2 for it (the
 * CPUs with ADX have it, but for some low-end models and VMs that hide
 * AVX, which then run base): an entry of l = 2 n limbs is l / 4 loads and,
 * for P-521's 18, a 128-bit one.  Reads every entry; constant-time in a.
 * The wrappers fix l and h (64 entries of 8 limbs for P-256, 16 of 12 for
 * P-384, 32 of 18 for P-521), so that the loops unroll. */
typedef uint64_t u64x4 __attribute__((vector_size(32)));

/* SCAN_LANE(k, ACC): ACC |= the entry's k-th vector, masked, when the
 * entry has one (4 (k + 1) <= l, decided when the wrapper is compiled);
 * named accumulators, not an array, stay in registers. */
#define SCAN_LANE(k, ACC)                                                                     \
    if (4 * (k) + 4 <= l) {                                                                   \
        memcpy(&v, e + 4 * (k), sizeof(v));                                                  \
        ACC |= v & mask;                                                                      \
    }

__attribute__((target("avx2"), always_inline)) static inline void
scan_avx2(uint64_t *r, const uint64_t *tab, uint64_t a, size_t l, size_t h)
{
    u64x4 a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0}, v;
    u64x2 a4 = {0}, v2;

    for (size_t j = 0; j < h; j++) {
        const uint64_t *e = tab + j * l;
        uint64_t m = ct_mask64(((((uint64_t)j + 1) ^ a) - 1) >> 63);
        u64x4 mask = {m, m, m, m};
        SCAN_LANE(0, a0)
        SCAN_LANE(1, a1)
        SCAN_LANE(2, a2)
        SCAN_LANE(3, a3)
        if (l % 4 != 0) {
            memcpy(&v2, e + l - 2, sizeof(v2));
            a4 |= v2 & (u64x2){m, m};
        }
    }
    memcpy(r, &a0, sizeof(a0));
    memcpy(r + 4, &a1, sizeof(a1));
    if (l >= 12)
        memcpy(r + 8, &a2, sizeof(a2));
    if (l >= 16)
        memcpy(r + 12, &a3, sizeof(a3));
    if (l % 4 != 0)
        memcpy(r + l - 2, &a4, sizeof(a4));
}
#undef SCAN_LANE

__attribute__((target("avx2"))) static void p256_scan_avx2(uint64_t *r, const uint64_t *tab,
                                                           uint64_t a)
{
    scan_avx2(r, tab, a, 8, 64);
}

__attribute__((target("avx2"))) static void p384_scan_avx2(uint64_t *r, const uint64_t *tab,
                                                           uint64_t a)
{
    scan_avx2(r, tab, a, 12, 16);
}

__attribute__((target("avx2"))) static void p521_scan_avx2(uint64_t *r, const uint64_t *tab,
                                                           uint64_t a)
{
    scan_avx2(r, tab, a, 18, 32);
}
