/*
 * src/ec/p521_adx.h - written by scripts/gen-p521-adx.py; do not edit.
 *
 * P-521's field multiplication and squaring with mulx/adcx/adox, for the
 * "adx" implementation of the "nist" primitive: r = a b mod 2^521 - 1 in
 * the plain representation (P-521 has no Montgomery form here), inputs
 * below p, output fully reduced, r may alias a or b (the outputs are
 * registers stored after the asm).
 *
 * p521_mul_adx: operand scanning; row i adds a b[i] (nine mulx, an adcx
 * chain for the low halves, an adox chain for the high halves) into a
 * sliding window of nine registers, the outputs o0..o8; each row's first
 * limb is final and goes to the stack array t (the product's low 576
 * bits), and after row 8 the window holds limbs 9..17.  The row's first
 * high half goes to rdx (b[i] is loaded again), so only rax and rdx are
 * clobbered: 9 outputs + a, b, t + 2 = 14 registers.
 *
 * p521_sqr_adx: the 36 cross products a_i a_j (i < j) once, by rows into
 * a shrinking window (limbs 2i + 1 and 2i + 2 are final after row i and go
 * to t), then one pass doubles them (adcx x, x) and adds the nine squares
 * (adox); 9 outputs + a, t + rax, rcx, rdx = 14 registers.
 *
 * Reduction (both): with the product t = H 2^521 + L, s = L + H + 1 (stc,
 * one adc chain; H = t >> 521 by shr, shl and or, which took 5 to 9 TSC
 * ticks a call less than shrd on Zen 2, and 2-4% less of a P-521 ECDH
 * and verification on Zen 5, family 26 model 2).  As a, b < p,
 * H <= p - 1 and L + H <= 2 p - 1, so with c = s >> 521 the result
 * (L + H) mod p is (s mod 2^521) - (1 - c): one sbb chain, no selection.
 *
 * Both take 14 registers, ADX_WIDE (nist_adx.h): not inlined.
 *
 * Constant-time: no branch, no data-dependent address.  A dependent chain
 * on Zen 2 (AMD EPYC, family 23 model 49), gcc -O2, TSC ticks a call:
 * multiplication 91.7 against p521_mul_x86's 197 (with p521_fold),
 * squaring 65.6 against 166.
 */

/* P521X_FOLD: the reduction both kernels end with (see above), from the
 * product's limbs 0..8 in t and 9..17 in o0..o8; the result's limb 0 in
 * o8, limbs 1..8 in o0..o7 (p521x_store). */
#define P521X_FOLD                                                                            \
    "movq 64(%[t]), %%rax\n\t"                                                                \
    "movq %[o0], %%rdx\n\t"                                                                   \
    "shrq $9, %%rax\n\t"                                                                      \
    "shlq $55, %%rdx\n\t"                                                                     \
    "orq %%rdx, %%rax\n\t"                                                                    \
    "movq %[o1], %%rdx\n\t"                                                                   \
    "shrq $9, %[o0]\n\t"                                                                      \
    "shlq $55, %%rdx\n\t"                                                                     \
    "orq %%rdx, %[o0]\n\t"                                                                    \
    "movq %[o2], %%rdx\n\t"                                                                   \
    "shrq $9, %[o1]\n\t"                                                                      \
    "shlq $55, %%rdx\n\t"                                                                     \
    "orq %%rdx, %[o1]\n\t"                                                                    \
    "movq %[o3], %%rdx\n\t"                                                                   \
    "shrq $9, %[o2]\n\t"                                                                      \
    "shlq $55, %%rdx\n\t"                                                                     \
    "orq %%rdx, %[o2]\n\t"                                                                    \
    "movq %[o4], %%rdx\n\t"                                                                   \
    "shrq $9, %[o3]\n\t"                                                                      \
    "shlq $55, %%rdx\n\t"                                                                     \
    "orq %%rdx, %[o3]\n\t"                                                                    \
    "movq %[o5], %%rdx\n\t"                                                                   \
    "shrq $9, %[o4]\n\t"                                                                      \
    "shlq $55, %%rdx\n\t"                                                                     \
    "orq %%rdx, %[o4]\n\t"                                                                    \
    "movq %[o6], %%rdx\n\t"                                                                   \
    "shrq $9, %[o5]\n\t"                                                                      \
    "shlq $55, %%rdx\n\t"                                                                     \
    "orq %%rdx, %[o5]\n\t"                                                                    \
    "movq %[o7], %%rdx\n\t"                                                                   \
    "shrq $9, %[o6]\n\t"                                                                      \
    "shlq $55, %%rdx\n\t"                                                                     \
    "orq %%rdx, %[o6]\n\t"                                                                    \
    "movq %[o8], %%rdx\n\t"                                                                   \
    "shrq $9, %[o7]\n\t"                                                                      \
    "shlq $55, %%rdx\n\t"                                                                     \
    "orq %%rdx, %[o7]\n\t"                                                                    \
    "movq 64(%[t]), %[o8]\n\t"                                                                \
    "andq $0x1ff, %[o8]\n\t"                                                                  \
    "stc\n\t"                                                                                 \
    "adcq 0(%[t]), %%rax\n\t"                                                                 \
    "adcq 8(%[t]), %[o0]\n\t"                                                                 \
    "adcq 16(%[t]), %[o1]\n\t"                                                                \
    "adcq 24(%[t]), %[o2]\n\t"                                                                \
    "adcq 32(%[t]), %[o3]\n\t"                                                                \
    "adcq 40(%[t]), %[o4]\n\t"                                                                \
    "adcq 48(%[t]), %[o5]\n\t"                                                                \
    "adcq 56(%[t]), %[o6]\n\t"                                                                \
    "adcq %[o8], %[o7]\n\t"                                                                   \
    "movq %[o7], %%rdx\n\t"                                                                   \
    "shrq $9, %%rdx\n\t"                                                                      \
    "xorq $1, %%rdx\n\t"                                                                      \
    "andq $0x1ff, %[o7]\n\t"                                                                  \
    "subq %%rdx, %%rax\n\t"                                                                   \
    "sbbq $0, %[o0]\n\t"                                                                      \
    "sbbq $0, %[o1]\n\t"                                                                      \
    "sbbq $0, %[o2]\n\t"                                                                      \
    "sbbq $0, %[o3]\n\t"                                                                      \
    "sbbq $0, %[o4]\n\t"                                                                      \
    "sbbq $0, %[o5]\n\t"                                                                      \
    "sbbq $0, %[o6]\n\t"                                                                      \
    "sbbq $0, %[o7]\n\t"                                                                      \
    "movq %%rax, %[o8]\n\t"

/* p521x_store stores the kernels' output registers to r, after their
 * asm (so r may alias an input). */
INLINE void p521x_store(uint64_t *r, uint64_t o0, uint64_t o1, uint64_t o2, uint64_t o3,
                        uint64_t o4, uint64_t o5, uint64_t o6, uint64_t o7, uint64_t o8)
{
    r[0] = o8;
    r[1] = o0;
    r[2] = o1;
    r[3] = o2;
    r[4] = o3;
    r[5] = o4;
    r[6] = o5;
    r[7] = o6;
    r[8] = o7;
}

ADX_WIDE void p521_mul_adx(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t o0, o1, o2, o3, o4, o5, o6, o7, o8;
    uint64_t t[9];

    __asm__("movq 0(%[b]), %%rdx\n\t"
            "mulxq 0(%[a]), %[o0], %[o1]\n\t"
            "movq %[o0], 0(%[t])\n\t"
            "mulxq 8(%[a]), %%rax, %[o2]\n\t"
            "addq %%rax, %[o1]\n\t"
            "mulxq 16(%[a]), %%rax, %[o3]\n\t"
            "adcq %%rax, %[o2]\n\t"
            "mulxq 24(%[a]), %%rax, %[o4]\n\t"
            "adcq %%rax, %[o3]\n\t"
            "mulxq 32(%[a]), %%rax, %[o5]\n\t"
            "adcq %%rax, %[o4]\n\t"
            "mulxq 40(%[a]), %%rax, %[o6]\n\t"
            "adcq %%rax, %[o5]\n\t"
            "mulxq 48(%[a]), %%rax, %[o7]\n\t"
            "adcq %%rax, %[o6]\n\t"
            "mulxq 56(%[a]), %%rax, %[o8]\n\t"
            "adcq %%rax, %[o7]\n\t"
            "mulxq 64(%[a]), %%rax, %[o0]\n\t"
            "adcq %%rax, %[o8]\n\t"
            "adcq $0, %[o0]\n\t"
            "movq 8(%[b]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 0(%[a]), %%rax, %%rdx\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "adoxq %%rdx, %[o2]\n\t"
            "movq %[o1], 8(%[t])\n\t"
            "movq 8(%[b]), %%rdx\n\t"
            "mulxq 8(%[a]), %%rax, %[o1]\n\t"
            "adcxq %%rax, %[o2]\n\t"
            "adoxq %[o1], %[o3]\n\t"
            "mulxq 16(%[a]), %%rax, %[o1]\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "adoxq %[o1], %[o4]\n\t"
            "mulxq 24(%[a]), %%rax, %[o1]\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "adoxq %[o1], %[o5]\n\t"
            "mulxq 32(%[a]), %%rax, %[o1]\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "adoxq %[o1], %[o6]\n\t"
            "mulxq 40(%[a]), %%rax, %[o1]\n\t"
            "adcxq %%rax, %[o6]\n\t"
            "adoxq %[o1], %[o7]\n\t"
            "mulxq 48(%[a]), %%rax, %[o1]\n\t"
            "adcxq %%rax, %[o7]\n\t"
            "adoxq %[o1], %[o8]\n\t"
            "mulxq 56(%[a]), %%rax, %[o1]\n\t"
            "adcxq %%rax, %[o8]\n\t"
            "adoxq %[o1], %[o0]\n\t"
            "mulxq 64(%[a]), %%rax, %[o1]\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "adoxq %%rax, %[o1]\n\t"
            "movq 16(%[b]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 0(%[a]), %%rax, %%rdx\n\t"
            "adcxq %%rax, %[o2]\n\t"
            "adoxq %%rdx, %[o3]\n\t"
            "movq %[o2], 16(%[t])\n\t"
            "movq 16(%[b]), %%rdx\n\t"
            "mulxq 8(%[a]), %%rax, %[o2]\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "adoxq %[o2], %[o4]\n\t"
            "mulxq 16(%[a]), %%rax, %[o2]\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "adoxq %[o2], %[o5]\n\t"
            "mulxq 24(%[a]), %%rax, %[o2]\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "adoxq %[o2], %[o6]\n\t"
            "mulxq 32(%[a]), %%rax, %[o2]\n\t"
            "adcxq %%rax, %[o6]\n\t"
            "adoxq %[o2], %[o7]\n\t"
            "mulxq 40(%[a]), %%rax, %[o2]\n\t"
            "adcxq %%rax, %[o7]\n\t"
            "adoxq %[o2], %[o8]\n\t"
            "mulxq 48(%[a]), %%rax, %[o2]\n\t"
            "adcxq %%rax, %[o8]\n\t"
            "adoxq %[o2], %[o0]\n\t"
            "mulxq 56(%[a]), %%rax, %[o2]\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "adoxq %[o2], %[o1]\n\t"
            "mulxq 64(%[a]), %%rax, %[o2]\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o2]\n\t"
            "adoxq %%rax, %[o2]\n\t"
            "movq 24(%[b]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 0(%[a]), %%rax, %%rdx\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "adoxq %%rdx, %[o4]\n\t"
            "movq %[o3], 24(%[t])\n\t"
            "movq 24(%[b]), %%rdx\n\t"
            "mulxq 8(%[a]), %%rax, %[o3]\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "adoxq %[o3], %[o5]\n\t"
            "mulxq 16(%[a]), %%rax, %[o3]\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "adoxq %[o3], %[o6]\n\t"
            "mulxq 24(%[a]), %%rax, %[o3]\n\t"
            "adcxq %%rax, %[o6]\n\t"
            "adoxq %[o3], %[o7]\n\t"
            "mulxq 32(%[a]), %%rax, %[o3]\n\t"
            "adcxq %%rax, %[o7]\n\t"
            "adoxq %[o3], %[o8]\n\t"
            "mulxq 40(%[a]), %%rax, %[o3]\n\t"
            "adcxq %%rax, %[o8]\n\t"
            "adoxq %[o3], %[o0]\n\t"
            "mulxq 48(%[a]), %%rax, %[o3]\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "adoxq %[o3], %[o1]\n\t"
            "mulxq 56(%[a]), %%rax, %[o3]\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "adoxq %[o3], %[o2]\n\t"
            "mulxq 64(%[a]), %%rax, %[o3]\n\t"
            "adcxq %%rax, %[o2]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "adoxq %%rax, %[o3]\n\t"
            "movq 32(%[b]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 0(%[a]), %%rax, %%rdx\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "adoxq %%rdx, %[o5]\n\t"
            "movq %[o4], 32(%[t])\n\t"
            "movq 32(%[b]), %%rdx\n\t"
            "mulxq 8(%[a]), %%rax, %[o4]\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "adoxq %[o4], %[o6]\n\t"
            "mulxq 16(%[a]), %%rax, %[o4]\n\t"
            "adcxq %%rax, %[o6]\n\t"
            "adoxq %[o4], %[o7]\n\t"
            "mulxq 24(%[a]), %%rax, %[o4]\n\t"
            "adcxq %%rax, %[o7]\n\t"
            "adoxq %[o4], %[o8]\n\t"
            "mulxq 32(%[a]), %%rax, %[o4]\n\t"
            "adcxq %%rax, %[o8]\n\t"
            "adoxq %[o4], %[o0]\n\t"
            "mulxq 40(%[a]), %%rax, %[o4]\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "adoxq %[o4], %[o1]\n\t"
            "mulxq 48(%[a]), %%rax, %[o4]\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "adoxq %[o4], %[o2]\n\t"
            "mulxq 56(%[a]), %%rax, %[o4]\n\t"
            "adcxq %%rax, %[o2]\n\t"
            "adoxq %[o4], %[o3]\n\t"
            "mulxq 64(%[a]), %%rax, %[o4]\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "adoxq %%rax, %[o4]\n\t"
            "movq 40(%[b]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 0(%[a]), %%rax, %%rdx\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "adoxq %%rdx, %[o6]\n\t"
            "movq %[o5], 40(%[t])\n\t"
            "movq 40(%[b]), %%rdx\n\t"
            "mulxq 8(%[a]), %%rax, %[o5]\n\t"
            "adcxq %%rax, %[o6]\n\t"
            "adoxq %[o5], %[o7]\n\t"
            "mulxq 16(%[a]), %%rax, %[o5]\n\t"
            "adcxq %%rax, %[o7]\n\t"
            "adoxq %[o5], %[o8]\n\t"
            "mulxq 24(%[a]), %%rax, %[o5]\n\t"
            "adcxq %%rax, %[o8]\n\t"
            "adoxq %[o5], %[o0]\n\t"
            "mulxq 32(%[a]), %%rax, %[o5]\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "adoxq %[o5], %[o1]\n\t"
            "mulxq 40(%[a]), %%rax, %[o5]\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "adoxq %[o5], %[o2]\n\t"
            "mulxq 48(%[a]), %%rax, %[o5]\n\t"
            "adcxq %%rax, %[o2]\n\t"
            "adoxq %[o5], %[o3]\n\t"
            "mulxq 56(%[a]), %%rax, %[o5]\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "adoxq %[o5], %[o4]\n\t"
            "mulxq 64(%[a]), %%rax, %[o5]\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "adoxq %%rax, %[o5]\n\t"
            "movq 48(%[b]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 0(%[a]), %%rax, %%rdx\n\t"
            "adcxq %%rax, %[o6]\n\t"
            "adoxq %%rdx, %[o7]\n\t"
            "movq %[o6], 48(%[t])\n\t"
            "movq 48(%[b]), %%rdx\n\t"
            "mulxq 8(%[a]), %%rax, %[o6]\n\t"
            "adcxq %%rax, %[o7]\n\t"
            "adoxq %[o6], %[o8]\n\t"
            "mulxq 16(%[a]), %%rax, %[o6]\n\t"
            "adcxq %%rax, %[o8]\n\t"
            "adoxq %[o6], %[o0]\n\t"
            "mulxq 24(%[a]), %%rax, %[o6]\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "adoxq %[o6], %[o1]\n\t"
            "mulxq 32(%[a]), %%rax, %[o6]\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "adoxq %[o6], %[o2]\n\t"
            "mulxq 40(%[a]), %%rax, %[o6]\n\t"
            "adcxq %%rax, %[o2]\n\t"
            "adoxq %[o6], %[o3]\n\t"
            "mulxq 48(%[a]), %%rax, %[o6]\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "adoxq %[o6], %[o4]\n\t"
            "mulxq 56(%[a]), %%rax, %[o6]\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "adoxq %[o6], %[o5]\n\t"
            "mulxq 64(%[a]), %%rax, %[o6]\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o6]\n\t"
            "adoxq %%rax, %[o6]\n\t"
            "movq 56(%[b]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 0(%[a]), %%rax, %%rdx\n\t"
            "adcxq %%rax, %[o7]\n\t"
            "adoxq %%rdx, %[o8]\n\t"
            "movq %[o7], 56(%[t])\n\t"
            "movq 56(%[b]), %%rdx\n\t"
            "mulxq 8(%[a]), %%rax, %[o7]\n\t"
            "adcxq %%rax, %[o8]\n\t"
            "adoxq %[o7], %[o0]\n\t"
            "mulxq 16(%[a]), %%rax, %[o7]\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "adoxq %[o7], %[o1]\n\t"
            "mulxq 24(%[a]), %%rax, %[o7]\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "adoxq %[o7], %[o2]\n\t"
            "mulxq 32(%[a]), %%rax, %[o7]\n\t"
            "adcxq %%rax, %[o2]\n\t"
            "adoxq %[o7], %[o3]\n\t"
            "mulxq 40(%[a]), %%rax, %[o7]\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "adoxq %[o7], %[o4]\n\t"
            "mulxq 48(%[a]), %%rax, %[o7]\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "adoxq %[o7], %[o5]\n\t"
            "mulxq 56(%[a]), %%rax, %[o7]\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "adoxq %[o7], %[o6]\n\t"
            "mulxq 64(%[a]), %%rax, %[o7]\n\t"
            "adcxq %%rax, %[o6]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o7]\n\t"
            "adoxq %%rax, %[o7]\n\t"
            "movq 64(%[b]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 0(%[a]), %%rax, %%rdx\n\t"
            "adcxq %%rax, %[o8]\n\t"
            "adoxq %%rdx, %[o0]\n\t"
            "movq %[o8], 64(%[t])\n\t"
            "movq 64(%[b]), %%rdx\n\t"
            "mulxq 8(%[a]), %%rax, %[o8]\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "adoxq %[o8], %[o1]\n\t"
            "mulxq 16(%[a]), %%rax, %[o8]\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "adoxq %[o8], %[o2]\n\t"
            "mulxq 24(%[a]), %%rax, %[o8]\n\t"
            "adcxq %%rax, %[o2]\n\t"
            "adoxq %[o8], %[o3]\n\t"
            "mulxq 32(%[a]), %%rax, %[o8]\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "adoxq %[o8], %[o4]\n\t"
            "mulxq 40(%[a]), %%rax, %[o8]\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "adoxq %[o8], %[o5]\n\t"
            "mulxq 48(%[a]), %%rax, %[o8]\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "adoxq %[o8], %[o6]\n\t"
            "mulxq 56(%[a]), %%rax, %[o8]\n\t"
            "adcxq %%rax, %[o6]\n\t"
            "adoxq %[o8], %[o7]\n\t"
            "mulxq 64(%[a]), %%rax, %[o8]\n\t"
            "adcxq %%rax, %[o7]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o8]\n\t"
            "adoxq %%rax, %[o8]\n\t"
            P521X_FOLD
            : [o0] "=&r"(o0), [o1] "=&r"(o1), [o2] "=&r"(o2), [o3] "=&r"(o3), [o4] "=&r"(o4),
              [o5] "=&r"(o5), [o6] "=&r"(o6), [o7] "=&r"(o7), [o8] "=&r"(o8)
            : [a] "r"(a), [b] "r"(b), [t] "r"(t)
            : "rax", "rdx", "cc", "memory");
    p521x_store(r, o0, o1, o2, o3, o4, o5, o6, o7, o8);
}

ADX_WIDE void p521_sqr_adx(uint64_t *r, const uint64_t *a)
{
    uint64_t o0, o1, o2, o3, o4, o5, o6, o7, o8;
    uint64_t t[18];

    __asm__("movq 0(%[a]), %%rdx\n\t"
            "mulxq 8(%[a]), %[o0], %[o1]\n\t"
            "mulxq 16(%[a]), %%rax, %[o2]\n\t"
            "addq %%rax, %[o1]\n\t"
            "mulxq 24(%[a]), %%rax, %[o3]\n\t"
            "adcq %%rax, %[o2]\n\t"
            "mulxq 32(%[a]), %%rax, %[o4]\n\t"
            "adcq %%rax, %[o3]\n\t"
            "mulxq 40(%[a]), %%rax, %[o5]\n\t"
            "adcq %%rax, %[o4]\n\t"
            "mulxq 48(%[a]), %%rax, %[o6]\n\t"
            "adcq %%rax, %[o5]\n\t"
            "mulxq 56(%[a]), %%rax, %[o7]\n\t"
            "adcq %%rax, %[o6]\n\t"
            "mulxq 64(%[a]), %%rax, %[o8]\n\t"
            "adcq %%rax, %[o7]\n\t"
            "adcq $0, %[o8]\n\t"
            "movq %[o0], 8(%[t])\n\t"
            "movq %[o1], 16(%[t])\n\t"
            "movq 8(%[a]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 16(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o2]\n\t"
            "adoxq %%rcx, %[o3]\n\t"
            "mulxq 24(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "adoxq %%rcx, %[o4]\n\t"
            "mulxq 32(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "adoxq %%rcx, %[o5]\n\t"
            "mulxq 40(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "adoxq %%rcx, %[o6]\n\t"
            "mulxq 48(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o6]\n\t"
            "adoxq %%rcx, %[o7]\n\t"
            "mulxq 56(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o7]\n\t"
            "adoxq %%rcx, %[o8]\n\t"
            "mulxq 64(%[a]), %%rax, %[o0]\n\t"
            "adcxq %%rax, %[o8]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "adoxq %%rax, %[o0]\n\t"
            "movq %[o2], 24(%[t])\n\t"
            "movq %[o3], 32(%[t])\n\t"
            "movq 16(%[a]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 24(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "adoxq %%rcx, %[o5]\n\t"
            "mulxq 32(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "adoxq %%rcx, %[o6]\n\t"
            "mulxq 40(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o6]\n\t"
            "adoxq %%rcx, %[o7]\n\t"
            "mulxq 48(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o7]\n\t"
            "adoxq %%rcx, %[o8]\n\t"
            "mulxq 56(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o8]\n\t"
            "adoxq %%rcx, %[o0]\n\t"
            "mulxq 64(%[a]), %%rax, %[o1]\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "adoxq %%rax, %[o1]\n\t"
            "movq %[o4], 40(%[t])\n\t"
            "movq %[o5], 48(%[t])\n\t"
            "movq 24(%[a]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 32(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o6]\n\t"
            "adoxq %%rcx, %[o7]\n\t"
            "mulxq 40(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o7]\n\t"
            "adoxq %%rcx, %[o8]\n\t"
            "mulxq 48(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o8]\n\t"
            "adoxq %%rcx, %[o0]\n\t"
            "mulxq 56(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "adoxq %%rcx, %[o1]\n\t"
            "mulxq 64(%[a]), %%rax, %[o2]\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o2]\n\t"
            "adoxq %%rax, %[o2]\n\t"
            "movq %[o6], 56(%[t])\n\t"
            "movq %[o7], 64(%[t])\n\t"
            "movq 32(%[a]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 40(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o8]\n\t"
            "adoxq %%rcx, %[o0]\n\t"
            "mulxq 48(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o0]\n\t"
            "adoxq %%rcx, %[o1]\n\t"
            "mulxq 56(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "adoxq %%rcx, %[o2]\n\t"
            "mulxq 64(%[a]), %%rax, %[o3]\n\t"
            "adcxq %%rax, %[o2]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "adoxq %%rax, %[o3]\n\t"
            "movq %[o8], 72(%[t])\n\t"
            "movq %[o0], 80(%[t])\n\t"
            "movq 40(%[a]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 48(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o1]\n\t"
            "adoxq %%rcx, %[o2]\n\t"
            "mulxq 56(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o2]\n\t"
            "adoxq %%rcx, %[o3]\n\t"
            "mulxq 64(%[a]), %%rax, %[o4]\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "adoxq %%rax, %[o4]\n\t"
            "movq %[o1], 88(%[t])\n\t"
            "movq %[o2], 96(%[t])\n\t"
            "movq 48(%[a]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 56(%[a]), %%rax, %%rcx\n\t"
            "adcxq %%rax, %[o3]\n\t"
            "adoxq %%rcx, %[o4]\n\t"
            "mulxq 64(%[a]), %%rax, %[o5]\n\t"
            "adcxq %%rax, %[o4]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "adoxq %%rax, %[o5]\n\t"
            "movq %[o3], 104(%[t])\n\t"
            "movq %[o4], 112(%[t])\n\t"
            "movq 56(%[a]), %%rdx\n\t"
            "xorl %%eax, %%eax\n\t"
            "mulxq 64(%[a]), %%rax, %[o6]\n\t"
            "adcxq %%rax, %[o5]\n\t"
            "movl $0, %%eax\n\t"
            "adcxq %%rax, %[o6]\n\t"
            "adoxq %%rax, %[o6]\n\t"
            "movq %[o5], 120(%[t])\n\t"
            "movq %[o6], 128(%[t])\n\t"
            "xorl %%eax, %%eax\n\t"
            "movq 0(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "movq %%rax, 0(%[t])\n\t"
            "movq 8(%[t]), %[o8]\n\t"
            "adcxq %[o8], %[o8]\n\t"
            "adoxq %%rcx, %[o8]\n\t"
            "movq %[o8], 8(%[t])\n\t"
            "movq 8(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "movq 16(%[t]), %[o8]\n\t"
            "adcxq %[o8], %[o8]\n\t"
            "adoxq %%rax, %[o8]\n\t"
            "movq %[o8], 16(%[t])\n\t"
            "movq 24(%[t]), %[o8]\n\t"
            "adcxq %[o8], %[o8]\n\t"
            "adoxq %%rcx, %[o8]\n\t"
            "movq %[o8], 24(%[t])\n\t"
            "movq 16(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "movq 32(%[t]), %[o8]\n\t"
            "adcxq %[o8], %[o8]\n\t"
            "adoxq %%rax, %[o8]\n\t"
            "movq %[o8], 32(%[t])\n\t"
            "movq 40(%[t]), %[o8]\n\t"
            "adcxq %[o8], %[o8]\n\t"
            "adoxq %%rcx, %[o8]\n\t"
            "movq %[o8], 40(%[t])\n\t"
            "movq 24(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "movq 48(%[t]), %[o8]\n\t"
            "adcxq %[o8], %[o8]\n\t"
            "adoxq %%rax, %[o8]\n\t"
            "movq %[o8], 48(%[t])\n\t"
            "movq 56(%[t]), %[o8]\n\t"
            "adcxq %[o8], %[o8]\n\t"
            "adoxq %%rcx, %[o8]\n\t"
            "movq %[o8], 56(%[t])\n\t"
            "movq 32(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "movq 64(%[t]), %[o8]\n\t"
            "adcxq %[o8], %[o8]\n\t"
            "adoxq %%rax, %[o8]\n\t"
            "movq %[o8], 64(%[t])\n\t"
            "movq 72(%[t]), %[o0]\n\t"
            "adcxq %[o0], %[o0]\n\t"
            "adoxq %%rcx, %[o0]\n\t"
            "movq 40(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "movq 80(%[t]), %[o1]\n\t"
            "adcxq %[o1], %[o1]\n\t"
            "adoxq %%rax, %[o1]\n\t"
            "movq 88(%[t]), %[o2]\n\t"
            "adcxq %[o2], %[o2]\n\t"
            "adoxq %%rcx, %[o2]\n\t"
            "movq 48(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "movq 96(%[t]), %[o3]\n\t"
            "adcxq %[o3], %[o3]\n\t"
            "adoxq %%rax, %[o3]\n\t"
            "movq 104(%[t]), %[o4]\n\t"
            "adcxq %[o4], %[o4]\n\t"
            "adoxq %%rcx, %[o4]\n\t"
            "movq 56(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "movq 112(%[t]), %[o5]\n\t"
            "adcxq %[o5], %[o5]\n\t"
            "adoxq %%rax, %[o5]\n\t"
            "movq 120(%[t]), %[o6]\n\t"
            "adcxq %[o6], %[o6]\n\t"
            "adoxq %%rcx, %[o6]\n\t"
            "movq 64(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rcx\n\t"
            "movq 128(%[t]), %[o7]\n\t"
            "adcxq %[o7], %[o7]\n\t"
            "adoxq %%rax, %[o7]\n\t"
            "movq $0, %[o8]\n\t"
            "adcxq %[o8], %[o8]\n\t"
            "adoxq %%rcx, %[o8]\n\t"
            P521X_FOLD
            : [o0] "=&r"(o0), [o1] "=&r"(o1), [o2] "=&r"(o2), [o3] "=&r"(o3), [o4] "=&r"(o4),
              [o5] "=&r"(o5), [o6] "=&r"(o6), [o7] "=&r"(o7), [o8] "=&r"(o8)
            : [a] "r"(a), [t] "r"(t)
            : "rax", "rcx", "rdx", "cc", "memory");
    p521x_store(r, o0, o1, o2, o3, o4, o5, o6, o7, o8);
}
