#!/usr/bin/env python3
"""scripts/gen-p521-adx.py - writes src/ec/p521_adx.h, P-521's field
multiplication and squaring for the "adx" implementation of the "nist"
primitive (included by nist.c after nist_adx.h).  The asm is generated
because it is 81 and 45 products over a sliding window of nine registers
whose names follow from the row and column, not something to edit line by
line.  Run from the top of the tree:
    python3 scripts/gen-p521-adx.py > src/ec/p521_adx.h
"""

O = ['%%[o%d]' % k for k in range(9)]
def L(s): return '            "%s\\n\\t"' % s

def fold(S):
    # t[0..8] in memory (t), S[k] = t[9+k]; result r0 in S[8], r1..r8 in S[0..7]
    out = []
    out.append(L('movq 64(%[t]), %%rax'))
    out.append(L('movq %s, %%%%rdx' % S[0]))
    out.append(L('shrq $9, %%rax'))
    out.append(L('shlq $55, %%rdx'))
    out.append(L('orq %%rdx, %%rax'))
    for k in range(8):
        out.append(L('movq %s, %%%%rdx' % S[k + 1]))
        out.append(L('shrq $9, %s' % S[k]))
        out.append(L('shlq $55, %%rdx'))
        out.append(L('orq %%%%rdx, %s' % S[k]))
    # h0 in rax, h1..h8 in S0..S7; S8 = t8 & 0x1ff
    out.append(L('movq 64(%%[t]), %s' % S[8]))
    out.append(L('andq $0x1ff, %s' % S[8]))
    out.append(L('stc'))   # s = lo + hi + 1
    out.append(L('adcq 0(%[t]), %%rax'))
    for k in range(7):
        out.append(L('adcq %d(%%[t]), %s' % (8 * (k + 1), S[k])))
    out.append(L('adcq %s, %s' % (S[8], S[7])))
    # c = s >> 521; result = (s mod 2^521) - (1 - c)
    out.append(L('movq %s, %%%%rdx' % S[7]))
    out.append(L('shrq $9, %%rdx'))
    out.append(L('xorq $1, %%rdx'))
    out.append(L('andq $0x1ff, %s' % S[7]))
    out.append(L('subq %%rdx, %%rax'))
    for k in range(8):
        out.append(L('sbbq $0, %s' % S[k]))
    out.append(L('movq %%%%rax, %s' % S[8]))
    return out

def mul():
    out = []
    # row 0: slot j holds t[j]
    out.append(L('movq 0(%[b]), %%rdx'))
    out.append(L('mulxq 0(%%[a]), %s, %s' % (O[0], O[1])))
    out.append(L('movq %s, 0(%%[t])' % O[0]))
    for j in range(1, 8):
        out.append(L('mulxq %d(%%[a]), %%%%rax, %s' % (8 * j, O[j + 1])))
        out.append(L('%s %%%%rax, %s' % ('addq' if j == 1 else 'adcq', O[j])))
    out.append(L('mulxq 64(%%[a]), %%%%rax, %s' % O[0]))
    out.append(L('adcq %%%%rax, %s' % O[8]))
    out.append(L('adcq $0, %s' % O[0]))
    for i in range(1, 9):
        R = [O[(i + j) % 9] for j in range(9)]  # R[j] holds t[i+j]
        out.append(L('movq %d(%%[b]), %%%%rdx' % (8 * i)))
        out.append(L('xorl %%eax, %%eax'))
        out.append(L('mulxq 0(%[a]), %%rax, %%rdx'))
        out.append(L('adcxq %%%%rax, %s' % R[0]))
        out.append(L('adoxq %%%%rdx, %s' % R[1]))
        out.append(L('movq %s, %d(%%[t])' % (R[0], 8 * i)))
        out.append(L('movq %d(%%[b]), %%%%rdx' % (8 * i)))
        for j in range(1, 8):
            out.append(L('mulxq %d(%%[a]), %%%%rax, %s' % (8 * j, R[0])))
            out.append(L('adcxq %%%%rax, %s' % R[j]))
            out.append(L('adoxq %s, %s' % (R[0], R[j + 1])))
        out.append(L('mulxq 64(%%[a]), %%%%rax, %s' % R[0]))
        out.append(L('adcxq %%%%rax, %s' % R[8]))
        out.append(L('movl $0, %%eax'))
        out.append(L('adcxq %%%%rax, %s' % R[0]))
        out.append(L('adoxq %%%%rax, %s' % R[0]))
    # after row 8: t[9+k] in O[(9+k)%9] = O[k]: P521X_FOLD
    return out

def sqr():
    out = []
    free = list(O)
    T = {}  # position -> register
    def take():
        return free.pop(0)
    # row 0
    out.append(L('movq 0(%[a]), %%rdx'))
    T[1] = take(); T[2] = take()
    out.append(L('mulxq 8(%%[a]), %s, %s' % (T[1], T[2])))
    for j in range(2, 9):
        T[j + 1] = take()
        out.append(L('mulxq %d(%%[a]), %%%%rax, %s' % (8 * j, T[j + 1])))
        out.append(L('%s %%%%rax, %s' % ('addq' if j == 2 else 'adcq', T[j])))
    out.append(L('adcq $0, %s' % T[9]))
    for p in (1, 2):
        out.append(L('movq %s, %d(%%[t])' % (T[p], 8 * p))); free.append(T.pop(p))
    for i in range(1, 8):
        out.append(L('movq %d(%%[a]), %%%%rdx' % (8 * i)))
        out.append(L('xorl %%eax, %%eax'))
        N = take()
        for j in range(i + 1, 9):
            lo, hi = i + j, i + j + 1
            if j < 8:
                out.append(L('mulxq %d(%%[a]), %%%%rax, %%%%rcx' % (8 * j)))
                out.append(L('adcxq %%%%rax, %s' % T[lo]))
                out.append(L('adoxq %%%%rcx, %s' % T[hi]))
            else:
                T[hi] = N
                out.append(L('mulxq 64(%%[a]), %%%%rax, %s' % N))
                out.append(L('adcxq %%%%rax, %s' % T[lo]))
                out.append(L('movl $0, %%eax'))
                out.append(L('adcxq %%%%rax, %s' % N))
                out.append(L('adoxq %%%%rax, %s' % N))
        for p in (2 * i + 1, 2 * i + 2):
            out.append(L('movq %s, %d(%%[t])' % (T[p], 8 * p))); free.append(T.pop(p))
    assert not T, T
    # cross sum X in t[1..16]; t = 2 X + sum a_k^2 2^(128 k)
    # limbs 0..8 -> memory t[0..8], limbs 9..17 -> S[0..8]
    S = list(O)
    out.append(L('xorl %%eax, %%eax'))
    tmp = S[8]  # free until limb 17
    def dest(l):
        return None if l < 9 else S[l - 9]
    for k in range(9):
        out.append(L('movq %d(%%[a]), %%%%rdx' % (8 * k)))
        out.append(L('mulxq %%rdx, %%rax, %%rcx'))
        for l, part in ((2 * k, '%%rax'), (2 * k + 1, '%%rcx')):
            d = dest(l)
            reg = d if d is not None else tmp
            if l == 0:
                out.append(L('movq %%rax, 0(%[t])'))
                continue
            if l == 17:
                out.append(L('movq $0, %s' % reg))
            else:
                out.append(L('movq %d(%%[t]), %s' % (8 * l, reg)))
            out.append(L('adcxq %s, %s' % (reg, reg)))
            out.append(L('adoxq %s, %s' % (part, reg)))
            if d is None:
                out.append(L('movq %s, %d(%%[t])' % (reg, 8 * l)))
    assert S == O  # limbs 9..17 where mul leaves them: P521X_FOLD
    return out


HEAD = """/*
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
"""

OUTS = ('''            : [o0] "=&r"(o0), [o1] "=&r"(o1), [o2] "=&r"(o2), [o3] "=&r"(o3), [o4] "=&r"(o4),
              [o5] "=&r"(o5), [o6] "=&r"(o6), [o7] "=&r"(o7), [o8] "=&r"(o8)''')
STORE = """    r[0] = o8;
    r[1] = o0;
    r[2] = o1;
    r[3] = o2;
    r[4] = o3;
    r[5] = o4;
    r[6] = o5;
    r[7] = o6;
    r[8] = o7;
}"""


def macro(name, lines):
    """#define name with lines as its body, backslashes at column 95."""
    rows = ["#define %s" % name] + ["    " + l.strip() for l in lines]
    return "\n".join(r.ljust(94) + "\\" for r in rows[:-1]) + "\n" + rows[-1]


FOLD = """/* P521X_FOLD: the reduction both kernels end with (see above), from the
 * product's limbs 0..8 in t and 9..17 in o0..o8; the result's limb 0 in
 * o8, limbs 1..8 in o0..o7 (p521x_store). */
""" + macro("P521X_FOLD", fold(O))

STORE_FN = """/* p521x_store stores the kernels' output registers to r, after their
 * asm (so r may alias an input). */
INLINE void p521x_store(uint64_t *r, uint64_t o0, uint64_t o1, uint64_t o2, uint64_t o3,
                        uint64_t o4, uint64_t o5, uint64_t o6, uint64_t o7, uint64_t o8)
{
""" + STORE + "\n"


def function(name, args, tlen, body, inputs, clobbers):
    return "\n".join([
        "ADX_WIDE void %s(%s)" % (name, args),
        "{",
        "    uint64_t o0, o1, o2, o3, o4, o5, o6, o7, o8;",
        "    uint64_t t[%d];" % tlen,
        "",
        "    __asm__(" + body[0].lstrip(),
    ] + body[1:] + [
        "            P521X_FOLD",
        OUTS,
        "            : " + inputs,
        "            : " + clobbers + ");",
        "    p521x_store(r, o0, o1, o2, o3, o4, o5, o6, o7, o8);",
        "}",
    ])


print(HEAD)
print(FOLD)
print()
print(STORE_FN)
print(function("p521_mul_adx", "uint64_t *r, const uint64_t *a, const uint64_t *b", 9, mul(),
               '[a] "r"(a), [b] "r"(b), [t] "r"(t)', '"rax", "rdx", "cc", "memory"'))
print()
print(function("p521_sqr_adx", "uint64_t *r, const uint64_t *a", 18, sqr(),
               '[a] "r"(a), [t] "r"(t)', '"rax", "rcx", "rdx", "cc", "memory"'))
