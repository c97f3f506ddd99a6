/*
 * src/ec/nist_adx.h - P-256's field multiplication and squaring with BMI2's
 * mulx and ADX's two carry chains (adcx on CF, adox on OF), the "adx"
 * implementation of the "nist" primitive.  Included by nist.c after its
 * baseline x86-64 P-256 code, whose constants (p256_p1, p256_p3) and final
 * subtraction (P256_STORE_REDUCED) these share; nist.c's point formulas
 * are compiled once more over these (curve id 4), and the dispatcher picks
 * that copy where the CPU has BMI2 and ADX.  Inline asm needs no compiler
 * flag for the instructions; the dispatcher is what keeps them off CPUs
 * without them.
 *
 * The multiplication is p256_mul_x86's schedule, operand scanning with one
 * Montgomery step (q = the low limb: -p^-1 = 1 mod 2^64) after each row,
 * but a row's four products go into two independent carry chains instead
 * of one chain through rdx.  The squaring computes the six cross products
 * once, doubles them, adds the four squares, and then reduces the low four
 * limbs in four steps whose carries are kept in the freed limbs until the
 * high half is added: a^2 + q p < p R + R p, so the sum is below 2 p and
 * one conditional subtraction finishes.  On the Zen 2 they were written
 * on, a dependent chain of each took 36.6 and 33.4 TSC ticks a call
 * against p256_mul_x86's 52.
 *
 * Constant-time: no branch, no data-dependent address; cmov for the final
 * subtraction.
 */

/* P256X_REDUCE(A0..A5): with q = A0, (A0..A5) += q p, which clears A0 (as
 * P256_REDUCE, with mulx). */
#define P256X_REDUCE(A0, A1, A2, A3, A4, A5)                                                  \
    "movq %%" A0 ", %%rdx\n\t"                                                                \
    "mulxq %[p3], %%rax, %%rcx\n\t"                                                           \
    "movq %%" A0 ", %%r14\n\t"                                                                \
    "shlq $32, %%r14\n\t"                                                                     \
    "shrq $32, %%" A0 "\n\t"                                                                  \
    "addq %%r14, %%" A1 "\n\t"                                                                \
    "adcq %%" A0 ", %%" A2 "\n\t"                                                             \
    "adcq %%rax, %%" A3 "\n\t"                                                                \
    "adcq %%rcx, %%" A4 "\n\t"                                                                \
    "adcq $0, %%" A5 "\n\t"
/* P256X_MAC(j, Alo, Ahi): Alo += low(a[j] rdx) on CF, Ahi += high on OF. */
#define P256X_MAC(j, Alo, Ahi)                                                                \
    "mulxq " #j "*8(%[a]), %%rax, %%rcx\n\t"                                                  \
    "adcxq %%rax, %%" Alo "\n\t"                                                              \
    "adoxq %%rcx, %%" Ahi "\n\t"
/* P256X_ROUND(bi, A0..A5): (A0..A5) += a b[bi]; the xor zeroes A5 and
 * clears both flags; the two chains' last carries end in A4 and A5. */
#define P256X_ROUND(bi, A0, A1, A2, A3, A4, A5)                                               \
    "movq " #bi "*8(%[b]), %%rdx\n\t"                                                         \
    "xorl %%" A5 "d, %%" A5 "d\n\t"                                                           \
    P256X_MAC(0, A0, A1) P256X_MAC(1, A1, A2) P256X_MAC(2, A2, A3) P256X_MAC(3, A3, A4)       \
    "adcxq %%" A5 ", %%" A4 "\n\t"                                                            \
    "adoxq %%" A5 ", %%" A5 "\n\t"                                                            \
    "adcq $0, %%" A5 "\n\t"

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
            P256X_REDUCE("r8", "r9", "r10", "r11", "r12", "r13")
            P256X_ROUND(1, "r9", "r10", "r11", "r12", "r13", "r8")
            P256X_REDUCE("r9", "r10", "r11", "r12", "r13", "r8")
            P256X_ROUND(2, "r10", "r11", "r12", "r13", "r8", "r9")
            P256X_REDUCE("r10", "r11", "r12", "r13", "r8", "r9")
            P256X_ROUND(3, "r11", "r12", "r13", "r8", "r9", "r10")
            P256X_REDUCE("r11", "r12", "r13", "r8", "r9", "r10")
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
