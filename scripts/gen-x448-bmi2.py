#!/usr/bin/env python3
"""scripts/gen-x448-bmi2.py - writes src/ec/x448_bmi2.c, the "bmi2"
implementation of X448: the ladder of src/ec/x448_ladder.h with f448.h's
multiplication and squaring as straight-line mulx assembly.  The asm is
generated because it is f448_mul's and f448_sqr's loops unrolled by hand:
48 and 30 products whose operands, destinations and signs follow from the
Karatsuba formula below, not something to edit line by line.  Run from the
top of the tree:
    python3 scripts/gen-x448-bmi2.py > src/ec/x448_bmi2.c

The arithmetic is f448.h's, limb for limb.  With a = a0 + a1 phi,
b = b0 + b1 phi (phi = 2^224, four 56-bit limbs a half) and
k = (a0 + a1)(b0 + b1), column i (0..3) of the result's lower half (lo) and
of its upper half (hi) are
    lo_i = z0_i + z1_i + y2_i - y0_i,    hi_i = z2_i - z0_i + y2_i + y1_i,
z0, z1, z2 the columns i of a0 b0, a1 b1 and k and y0, y1, y2 their columns
i + 4, each plus the carry out of column i - 1.  The accumulators are 128
bits (lo in r8:r9, hi in r10:r11) and are exact modulo 2^128, so a
difference may pass below zero on the way: the column itself is
non-negative (k's columns dominate a0 b0's).
"""

H = 4
LO = ["%%r8", "%%r9"]
HI = ["%%r10", "%%r11"]
T = ["%%r12", "%%r13"]
# The order of the six sums within a column: the two that go to both
# halves first (their sum in T merges early), measured best of five orders
# on Zen 2 by about 1%.
ORDER = ["y2", "z0", "z1", "y0", "z2", "y1"]


class Acc:
    """A 128-bit accumulator; zero until its first product lands in it."""

    def __init__(self, regs):
        self.r = regs
        self.zero = True


def mem(x):
    p, k = x
    return "%d(%%[%s])" % (8 * k, p)


def mulx_into(x, y, dst):
    return ["mov   %s, %%%%rdx" % mem(x), "mulx  %s, %s, %s" % (mem(y), dst[0], dst[1])]


def clear(acc):
    acc.zero = False
    return ["xor   %s, %s" % (acc.r[0], acc.r[0]), "xor   %s, %s" % (acc.r[1], acc.r[1])]


def add_prod(x, y, acc, sign):
    """acc += x y (sign 1) or acc -= x y (sign -1)."""
    if acc.zero and sign > 0:
        acc.zero = False
        return mulx_into(x, y, acc.r)
    out = clear(acc) if acc.zero else []
    out += mulx_into(x, y, ["%%rax", "%%rcx"])
    op = ("add", "adc") if sign > 0 else ("sub", "sbb")
    return out + ["%s   %%%%rax, %s" % (op[0], acc.r[0]), "%s   %%%%rcx, %s" % (op[1], acc.r[1])]


def add_acc(src, acc, sign):
    """acc += src or acc -= src, 128 bits."""
    if acc.zero and sign > 0:
        acc.zero = False
        return ["mov   %s, %s" % (src[0], acc.r[0]), "mov   %s, %s" % (src[1], acc.r[1])]
    out = clear(acc) if acc.zero else []
    op = ("add", "adc") if sign > 0 else ("sub", "sbb")
    return out + ["%s   %s, %s" % (op[0], src[0], acc.r[0]), "%s   %s, %s" % (op[1], src[1], acc.r[1])]


def group(prods, targets):
    """The products prods (pairs of memory operands) into targets, a list of
    (Acc, sign): straight into a single target, else summed in T first."""
    if not prods:
        return []
    out = []
    if len(targets) == 1:
        for x, y in prods:
            out += add_prod(x, y, targets[0][0], targets[0][1])
        return out
    t = Acc(T)
    for x, y in prods:
        out += add_prod(x, y, t, 1)
    for acc, sign in targets:
        out += add_acc(T, acc, sign)
    return out


def column(sums, lo, hi, i, coff):
    """One column: the six sums in ORDER, then limbs i and i + 4 of the
    unfolded result stored in t, and lo and hi shifted down by 56 bits."""
    z0, z1, z2, y0, y1, y2 = sums
    g = {"z0": (z0, [(lo, 1), (hi, -1)]), "z1": (z1, [(lo, 1)]), "z2": (z2, [(hi, 1)]),
         "y0": (y0, [(lo, -1)]), "y1": (y1, [(hi, 1)]), "y2": (y2, [(lo, 1), (hi, 1)])}
    out = []
    for name in ORDER:
        out += group(*g[name])
    for acc, k in ((lo, i), (hi, i + H)):
        r0, r1 = acc.r
        out += ["mov   %s, %%%%rax" % r0, "shl   $8, %%rax", "shr   $8, %%rax",
                "mov   %%%%rax, %d(%%[t])" % (8 * (coff + k)),
                "shr   $56, %s" % r0, "mov   %s, %%%%rax" % r1, "shl   $8, %%rax",
                "or    %%%%rax, %s" % r0, "shr   $56, %s" % r1]
    return out


def finish(coff):
    """f448_fold: lo carries into limb 4; hi is the coefficient of
    2^448 = 2^224 + 1, into limbs 4 and 0.  Then the result to r (only now:
    r may be a or b)."""
    c = lambda k: "%d(%%[t])" % (8 * (coff + k))
    out = []
    for limb, terms in ((4, ("%%r8", "%%r9", "%%r10", "%%r11")), (0, ("%%r10", "%%r11"))):
        out += ["mov   %s, %%%%rax" % c(limb), "xor   %%ecx, %%ecx"]
        for n in range(0, len(terms), 2):
            out += ["add   %s, %%%%rax" % terms[n], "adc   %s, %%%%rcx" % terms[n + 1]]
        out += ["mov   %%rax, %%rdx", "shl   $8, %%rdx", "shr   $8, %%rdx",
                "mov   %%%%rdx, %d(%%[r])" % (8 * limb),
                "shr   $56, %%rax", "shl   $8, %%rcx", "or    %%rcx, %%rax",
                "add   %s, %%%%rax" % c(limb + 1),
                "mov   %%%%rax, %d(%%[r])" % (8 * (limb + 1))]
    for k in (2, 3, 6, 7):
        out += ["mov   %s, %%%%rax" % c(k), "mov   %%%%rax, %d(%%[r])" % (8 * k)]
    return out


def mul_body():
    """t: a0 + a1 at 0..3, b0 + b1 at 4..7, the columns at 8..15."""
    out = []
    for i in range(H):
        for p, o in (("a", 0), ("b", 4)):
            out += ["mov   %d(%%[%s]), %%%%rax" % (8 * i, p),
                    "add   %d(%%[%s]), %%%%rax" % (8 * (i + H), p),
                    "mov   %%%%rax, %d(%%[t])" % (8 * (o + i))]
    lo, hi = Acc(LO), Acc(HI)
    for i in range(H):
        z0 = [(("a", j), ("b", i - j)) for j in range(i + 1)]
        z1 = [(("a", j + H), ("b", i - j + H)) for j in range(i + 1)]
        z2 = [(("t", j), ("t", 4 + i - j)) for j in range(i + 1)]
        y0 = [(("a", j), ("b", i + H - j)) for j in range(i + 1, H)]
        y1 = [(("a", j + H), ("b", i + 2 * H - j)) for j in range(i + 1, H)]
        y2 = [(("t", j), ("t", 4 + i + H - j)) for j in range(i + 1, H)]
        out += column((z0, z1, z2, y0, y1, y2), lo, hi, i, 8)
    return out + finish(8)


def sqr_terms(xp, xo, dp, do, c):
    """Column c of the square of the half x (at xp + xo), given its double d
    (at dp + do): each product of two different limbs once, on the doubled
    limb, then the square of the middle limb (f448_sqr_col)."""
    res = []
    j = 0 if c < H else c - H + 1
    while j < c - j:
        res.append(((dp, do + j), (xp, xo + c - j)))
        j += 1
    if c % 2 == 0:
        res.append(((xp, xo + c // 2), (xp, xo + c // 2)))
    return res


def sqr_body():
    """t: a0 + a1 at 0..3, 2 a0 at 4..7, 2 a1 at 8..11, 2 (a0 + a1) at
    12..15, the columns at 16..23."""
    out = []
    for i in range(H):
        out += ["mov   %d(%%[a]), %%%%rax" % (8 * i),
                "mov   %d(%%[a]), %%%%rcx" % (8 * (i + H)),
                "lea   (%%rax,%%rax), %%rdx",
                "mov   %%%%rdx, %d(%%[t])" % (8 * (4 + i)),
                "lea   (%%rcx,%%rcx), %%rdx",
                "mov   %%%%rdx, %d(%%[t])" % (8 * (8 + i)),
                "add   %%rcx, %%rax",
                "mov   %%%%rax, %d(%%[t])" % (8 * i),
                "add   %%rax, %%rax",
                "mov   %%%%rax, %d(%%[t])" % (8 * (12 + i))]
    lo, hi = Acc(LO), Acc(HI)
    for i in range(H):
        z0 = sqr_terms("a", 0, "t", 4, i)
        z1 = sqr_terms("a", H, "t", 8, i)
        z2 = sqr_terms("t", 0, "t", 12, i)
        y0 = y1 = y2 = []
        if i < H - 1:
            y0 = sqr_terms("a", 0, "t", 4, i + H)
            y1 = sqr_terms("a", H, "t", 8, i + H)
            y2 = sqr_terms("t", 0, "t", 12, i + H)
        out += column((z0, z1, z2, y0, y1, y2), lo, hi, i, 16)
    return out + finish(16)


def asm(body):
    return "\n".join('        "%s\\n\\t"' % line for line in body)


HEADER = """\
/*
 * src/ec/x448_bmi2.c - generated by scripts/gen-x448-bmi2.py; do not edit.
 * X448's Montgomery ladder (RFC 7748 section 5) with the multiplication
 * and squaring of src/ec/f448.h as straight-line mulx assembly: the
 * "bmi2" implementation of the "x448" primitive, chosen on x86-64 CPUs
 * with BMI2.
 *
 * The field is f448.h's (radix 2^56 in eight limbs, one level of
 * Karatsuba at phi = 2^224, _mulin inputs accepted, weakly reduced
 * outputs) and so is the arithmetic: the same column sums modulo 2^128,
 * the same limbs out as f448_mul and f448_sqr, so the ladder's adds,
 * swaps, f448_mul_small and inversion are f448.h's own.  What differs is
 * the instruction count.  gcc keeps six 128-bit sums a column and spills
 * them (f448_mul: 427 instructions, 129 of them stack accesses, about 75
 * TSC cycles); here a column's products that go to one half of the result
 * are added straight into it, and those that go to both (the lower
 * columns of a0 b0, the upper ones of k) are summed once on the side, the
 * first product of every sum landing in it without an addition (338
 * instructions; about 73 cycles alone, little better, but the ladder
 * around them runs 11%% faster).  adcx and adox do not help with 56-bit
 * limbs: every sum is a 128-bit add and adc pair, not a carry chain along
 * a row.  The functions stay out of line and clobber "memory": ten
 * inlined copies would bloat the loop, and a call lets gcc keep the
 * ladder's own values where it likes.
 *
 * Measured on an AMD EPYC Zen 2 (family 23 model 49, 2 vCPUs under KVM,
 * shared), 2026-12-05 15:50 UTC, load average 1.4: the ladder takes about
 * 328k TSC cycles against c64's 371k, and speed-ratio --rounds 3
 * ecdhx448 read 1.60x OpenSSL 3.0 (brisk 6,646 derives/s, openssl 4,094).
 * Tried and slower: every product added to both 128-bit sums it feeds (a
 * multiplication 98 cycles, the ladder 386k); the Karatsuba sums computed
 * in C before the asm (the compiler's 16-byte stores and loads against
 * the asm's 8-byte ones stall store forwarding: the ladder 418k); the
 * inversion's squarings in asm (it waits on each squaring's latency, 61
 * cycles against f448_sqr's 56: the ladder 335k), so the inversion is
 * f448.h's.
 *
 * Constant-time: yes.  No branch or address depends on the data; the
 * ladder swaps with masks and the carries are arithmetic.
 */
#include "x448_ladder.h"

#ifdef BRISK_X448_BMI2

/* The scratch of one multiplication: the Karatsuba sums, then the
 * product's limbs before the fold. */
typedef struct f448_mul_tmp {
    f448_limb s[8]; /* a0 + a1, b0 + b1 */
    f448_limb c[8];
} f448_mul_tmp;

typedef struct f448_sqr_tmp {
    f448_limb s[16]; /* a0 + a1, 2 a0, 2 a1, 2 (a0 + a1) */
    f448_limb c[8];
} f448_sqr_tmp;

/* f448_mul_bmi2 is f448_mul: r = a b, r may be a or b.  The asm needs no
 * target attribute (the assembler takes mulx anywhere); the dispatcher
 * runs it only where CPUID reports BMI2.  Thirteen registers: nine fixed
 * and the four pointers, which leaves gcc one even where the frame
 * pointer is kept (-O0, sanitizers). */
static __attribute__((noinline)) void f448_mul_bmi2(f448 *r, const f448 *a, const f448 *b)
{
    f448_mul_tmp t;
    __asm__ volatile(
%(mul)s
        :
        : [r] "r"(r->v), [a] "r"(a->v), [b] "r"(b->v), [t] "r"(t.s)
        : "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "cc", "memory");
}

/* f448_sqr_bmi2 is f448_sqr: r = a^2, r may be a. */
static __attribute__((noinline)) void f448_sqr_bmi2(f448 *r, const f448 *a)
{
    f448_sqr_tmp t;
    __asm__ volatile(
%(sqr)s
        :
        : [r] "r"(r->v), [a] "r"(a->v), [t] "r"(t.s)
        : "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "cc", "memory");
}

/* X448's ladder (src/ec/x448_ladder.h) on the functions above. */
void brisk_x448_ladder_bmi2(uint8_t out[56], const uint8_t k[56], const uint8_t u[56])
{
    x448_ladder_with(out, k, u, f448_mul_bmi2, f448_sqr_bmi2);
}

#endif
"""

if __name__ == "__main__":
    print(HEADER % {"mul": asm(mul_body()), "sqr": asm(sqr_body())}, end="")
