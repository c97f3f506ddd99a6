/*
 * src/bn/mont_ifma.c - the "bn" primitive with AVX-512 IFMA (vpmadd52luq,
 * vpmadd52huq) for 256- to 8192-bit moduli (RSA-512 to RSA-8192 CRT
 * halves, RSA public operations, DSA, FFDH to ffdhe8192; 6144 and 8192
 * bits single exponentiations only): whole exponentiations (secret
 * exponent, fixed window; one public exponent; two public exponents, for DSA
 * verification; two secret ones at once, for the CRT halves) and, from 1536
 * bits, Montgomery multiplication and squaring; the rest is mont_adx.c's.
 *
 * Technique: Gueron and Krasnov's "almost Montgomery multiplication" (AMM)
 * in radix 2^52, as in OpenSSL's rsaz-2k-avx512: numbers are L digits of 52
 * bits held in 64-bit lanes, eight to a zmm register, with R' = 2^(52 L)
 * and 4m < R', so that AMM keeps values below 2m without a final
 * subtraction.  Each of the L steps multiplies both operands' digit vectors
 * by one digit of b and by the reduction digit y and shifts the accumulator
 * one lane down, the low 52 bits of each product landing a lane below the
 * high ones (shift_step: the multiplicands come pre-shifted for the low
 * halves); digit 0 is kept exactly in a scalar, from which y comes.  The
 * lanes are left unnormalised during the steps (they stay below 2^62) and
 * carried once at the end, in vector form with a carry-lookahead on mask
 * bits.  From 1536 bits the exponentiations square with a dedicated AMM
 * squaring (amm_sqr: each cross product once, the products by a digit
 * shrinking to a triangle; amm_sqr_x2 for the two 1536-bit CRT halves of
 * RSA-3072 at once).  They run over tables in the AMM domain (a fixed
 * window of 5 bits for long exponents and 4 for short ones; 2-bit Shamir
 * windows for two bases; binary for one public exponent; two secret
 * exponentiations, the CRT halves, step for step with their AMMs
 * paired, for 256- to 2048-bit moduli, the 1024-bit ones with their
 * digits interleaved in one number, amm_x2i); the operands
 * enter it through an AMM by 2^(104 L) mod m (two AMMs from R^2 mod m)
 * and leave it through an AMM by 1 and a final subtraction.  The radix-2^52
 * constants come from brisk_bn_mont as it is (-m^-1 mod 2^52 is m0inv's
 * low bits), per call.
 *
 * Constant-time: yes, in the base, the secret exponent (whose width is
 * public) and the modulus; window values pick table entries only through
 * masked selects that read every entry, and no branch depends on a secret.
 * The squaring's masks and selector rows depend on the step index only
 * (it needs no mask made from the operand's bits: see amm_sqr).
 * The two-base exponentiation is variable-time in its public exponents.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

/* Under AddressSanitizer (with UBSan in brisk's builds) the helpers are
 * neither forced inline nor their loops unrolled (IFMA_ROLLED).  Inlined
 * and unrolled for each of the sizes, this file took 88 s to compile there
 * (gcc; 128 s for clang's fuzzing build) against 8 s without, the longest
 * step of those CI stages; rolled, 5 s (2 s).  The same source runs and is
 * checked, only its code is laid out differently; the other builds, the
 * valgrind constant-time tests among them, compile it as it ships.  Not
 * under ThreadSanitizer, which compiles the inlined form in 10 s, and over
 * the rolled one took 47 s for test_threads against 4 s. */
#if defined(__SANITIZE_ADDRESS__)
#define IFMA_ROLLED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define IFMA_ROLLED 1
#endif
#endif

#define IFMA_FUNC __attribute__((target("avx512f,avx512vl,avx512ifma,bmi2,adx")))
#ifdef IFMA_ROLLED
#define IFMA_TARGET IFMA_FUNC
#else
#define IFMA_TARGET IFMA_FUNC __attribute__((always_inline))
#endif

/* Loops over the vectors of a number must be unrolled whole so that the
 * vectors live in registers.  clang takes gcc's pragma as an unroll
 * factor and left these loops rolled, every vector on the stack (RSA-4096
 * signing 3.4 times slower than gcc's build), so it gets its own, which
 * also warns (an error with BRISK_WERROR) where it cannot unroll a loop
 * whole.  UNROLL_BY_MAX is for the loops whose count is known only at run
 * time (select_entry); NO_UNROLL for amm_sqr's steps above 10 vectors
 * (see sqr_block). */
#if defined(IFMA_ROLLED)
#define UNROLL
#define UNROLL_BY_MAX
#define NO_UNROLL
#elif defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#define UNROLL_BY_MAX _Pragma("clang loop unroll_count(20)")
#define NO_UNROLL _Pragma("clang loop unroll(disable)")
#else
#define UNROLL _Pragma("GCC unroll 20")   /* MAX_VECS */
#define UNROLL_BY_MAX _Pragma("GCC unroll 20")
#define NO_UNROLL _Pragma("GCC unroll 1")
#endif

#define DIGIT_MASK (((uint64_t)1 << 52) - 1)
#define MAX_VECS 20                /* 160 digits: up to 8192-bit moduli */
#define MAX_DIGITS (8 * MAX_VECS)
#define TABLE_SIZE 32

/* One number in radix 2^52, padded with zero digits to whole vectors. */
typedef struct {
    _Alignas(64) uint64_t d[MAX_DIGITS];
} digits;

/* A table entry of the paired exponentiations (exp_pair_state,
 * exp_x2i_state), whose numbers are at most 40 digits (2048 bits) or two
 * interleaved 20-digit ones: their tables of `digits` would double the
 * stack they take for nothing (92 KB for exp_pair_state). */
#define PAIR_DIGITS 40
typedef struct {
    _Alignas(64) uint64_t d[PAIR_DIGITS];
} pair_digits;

/* ---- Almost Montgomery multiplication ---- */

/* normalize carries the unnormalised lanes of r[0..vecs-1] into 52-bit
 * digits: one vector pass moves each lane's bits above 52 into the next
 * digit, which leaves every lane below 2^53; the single carries that
 * remain ripple through digits equal to 2^52 - 1, which a carry-lookahead
 * on mask bits finds ((g << 1) + p) ^ p: g marks the lanes that carry out,
 * p those that pass a carry on.  The masks are 64-bit words, one per 8
 * vectors (up to three, at 20 vectors), the lookahead's add carried from
 * word to word: 128-bit arithmetic on two cost about 10 of a paired
 * 20-digit AMM's 250 TSC ticks (scratch loop).  stride 2 is for two
 * interleaved numbers (amm_x2i, at most 8 vectors), whose next digit is
 * two lanes up: each number's lookahead runs on the whole word with the
 * other's lanes made to pass every carry on. */
IFMA_TARGET
static inline void normalize(__m512i *r, size_t vecs, unsigned stride)
{
    const __m512i mask = _mm512_set1_epi64((long long)DIGIT_MASK);
    const __m512i one = _mm512_set1_epi64(1);
    __m512i c[MAX_VECS];
    uint64_t g[3] = {0, 0, 0}, p[3] = {0, 0, 0};   /* a bit per lane: up to 160 */

    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        c[v] = _mm512_srli_epi64(r[v], 52);
        r[v] = _mm512_and_si512(r[v], mask);
    }
    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        __m512i below = v ? c[v - 1] : _mm512_setzero_si512();
        __m512i up = stride == 1 ? _mm512_alignr_epi64(c[v], below, 7)
                                 : _mm512_alignr_epi64(c[v], below, 6);
        r[v] = _mm512_add_epi64(r[v], up);
        g[v / 8] |= (uint64_t)_mm512_cmpgt_epu64_mask(r[v], mask) << (8 * (v % 8));
        p[v / 8] |= (uint64_t)_mm512_cmpeq_epu64_mask(r[v], mask) << (8 * (v % 8));
    }
    uint64_t carry_in[3];
    if (stride == 1) {
        uint64_t gin = 0, cin = 0;   /* g's bit and the sum's carry into word w */
        UNROLL
        for (size_t w = 0; w < (vecs + 7) / 8; w++) {
            uint64_t gs = (g[w] << 1) | gin, sum = gs + p[w], c1 = sum < gs;
            sum += cin;
            cin = c1 | (sum < cin);
            gin = g[w] >> 63;
            carry_in[w] = sum ^ p[w];
        }
    } else {
        const uint64_t even = 0x5555555555555555u, odd = ~even;
        uint64_t pe = p[0] | odd, po = p[0] | even;
        carry_in[0] = ((((g[0] & even) << 1) + pe) ^ pe) & even;
        carry_in[0] |= ((((g[0] & odd) << 1) + po) ^ po) & odd;
        carry_in[1] = 0;
    }
    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        __mmask8 k = (__mmask8)(carry_in[v / 8] >> (8 * (v % 8)));
        r[v] = _mm512_and_si512(_mm512_mask_add_epi64(r[v], k, r[v], one), mask);
    }
}

/* digit_vec returns digit j of a in every lane, or for stride 2 (two
 * interleaved numbers) digit j of each number in the lanes of its own. */
IFMA_TARGET
static inline __m512i digit_vec(const uint64_t *a, size_t j, unsigned stride)
{
    if (stride == 1)
        return _mm512_set1_epi64((long long)a[j]);
    return _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *)(a + 2 * j)));
}

/* b_products sets, for the digits b_i of b (vecs vectors), pa[i] =
 * lo52(a0 b_i), qa[i] = hi52(a0 b_i) + lo52(a1 b_i) and, unless ra is
 * NULL, ra[i] = hi52(a1 b_i) + lo52(a2 b_i): the parts of the products by
 * b_i that land in digits 0, 1 and 2 of an AMM step, which the steps'
 * scalar code needs and which do not depend on the accumulator.  With
 * stride 2, a, b and the products are two interleaved numbers. */
IFMA_TARGET
static inline void b_products(uint64_t *pa, uint64_t *qa, uint64_t *ra, const uint64_t *a,
                              const uint64_t *b, size_t vecs, unsigned stride)
{
    const __m512i zero = _mm512_setzero_si512();
    const __m512i a0 = digit_vec(a, 0, stride), a1 = digit_vec(a, 1, stride);
    const __m512i a2 = digit_vec(a, 2, stride);

    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        __m512i bv = _mm512_load_si512(b + 8 * v);
        _mm512_store_si512(pa + 8 * v, _mm512_madd52lo_epu64(zero, a0, bv));
        _mm512_store_si512(qa + 8 * v,
                           _mm512_madd52lo_epu64(_mm512_madd52hi_epu64(zero, a0, bv), a1, bv));
        if (ra != NULL)
            _mm512_store_si512(
                ra + 8 * v, _mm512_madd52lo_epu64(_mm512_madd52hi_epu64(zero, a1, bv), a2, bv));
    }
}

/* wipe_products zeroes n arrays of b_products' (b may be secret) with
 * vector stores the compiler keeps. */
IFMA_TARGET
static inline void wipe_products(uint64_t *const p[], size_t n, size_t vecs)
{
    for (size_t j = 0; j < n; j++) {
        UNROLL
        for (size_t v = 0; v < vecs; v++)
            _mm512_store_si512(p[j] + 8 * v, _mm512_setzero_si512());
        __asm__ __volatile__("" : : "r"(p[j]) : "memory");
    }
}

/* One chain's scalar state in amm and amm_x2. */
typedef struct {
    uint64_t acc;     /* digit 0, exact (lane 0 of the vectors is scratch) */
    uint64_t next1;   /* digit 1 as the next step finds it */
} amm_chain;

/* shift_down sets xs to the digits of x moved one digit down: digit j + 1
 * where digit j was, zero at the top (stride: lanes a digit). */
IFMA_TARGET
static inline void shift_down(__m512i *xs, const __m512i *x, size_t vecs, unsigned stride)
{
    const __m512i zero = _mm512_setzero_si512();
    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        __m512i up = v + 1 < vecs ? x[v + 1] : zero;
        xs[v] = stride == 1 ? _mm512_alignr_epi64(up, x[v], 1) : _mm512_alignr_epi64(up, x[v], 2);
    }
}

/* step_consts sets step_scalar's mk for the modulus m and k0 = -m^-1 mod
 * 2^52: m0, m1, m2 and k0 << 12. */
static inline void step_consts(uint64_t mk[4], const uint64_t *m, uint64_t k0)
{
    mk[0] = m[0];
    mk[1] = m[1];
    mk[2] = m[2];
    mk[3] = k0 << 12;
}

/* An AMM step (shift_step, pair_step) is one chain's scalar code and the
 * lanes' vector code.
 *
 * Vector (step_lanes): the lanes after the step are the shifted lanes plus
 * one sum t of hi52(x b_i) + lo52(xs b_i) + hi52(m y) + lo52(ms y), the
 * low halves landing shifted because their multiplicands are (xs and ms
 * are shift_down's copies of x and m); so the lanes' own chain is one
 * shift and one add, with the four madds a vector beside it, and a step
 * costs four madds, one shift and one add a vector.  For amm_x2i, vector
 * 0 sums its two products by y apart (one more add), since its digit 2
 * goes to the scalar code at the next step and the path y, madds, lanes,
 * digit 2, next1, digit 0, y spans three steps with nothing else to do
 * (at 10 digits, amm_x2, it does not pay, so only stride 2 does it).
 *
 * Scalar (step_scalar: digit 0 and the next digit 1, exactly): with p0,
 * p1 and p2 b_products' parts of b_i x in digits 0, 1 and 2, r2 digit 2
 * of the lanes before the step and mk holding m0, m1, m2 and k0 << 12, it
 * returns y 2^12 for the reduction digit y.  u k0s is y 2^12, whose
 * product by m0 has hi52(m0 y) in its high word and by m1 lo52(m1 y) in
 * its low word shifted right by 12; the carry out of digit 0 needs no
 * product, since u + lo52(m0 y) is a multiple of 2^52: it is (u + 2^52 -
 * 1) >> 52.  Digit 1 of the next step is read a step early, as digit 2
 * now, plus what this step adds to it (p2, hi52(m1 y), lo52(m2 y)), so
 * the vector-to-scalar round trip spans two steps instead of one. */
IFMA_TARGET
static inline uint64_t step_scalar(amm_chain *c, uint64_t p0, uint64_t p1, uint64_t p2,
                                   uint64_t r2, const uint64_t mk[4])
{
    uint64_t u = c->acc + p0;
    uint64_t ys = u * mk[3];   /* y 2^12 */
    uint64_t hm0 = (uint64_t)(((unsigned __int128)mk[0] * ys) >> 64);
    unsigned __int128 pm1 = (unsigned __int128)mk[1] * ys;
    uint64_t lm1 = (uint64_t)pm1 >> 12, hm1 = (uint64_t)(pm1 >> 64);
    uint64_t lm2 = (mk[2] * ys) >> 12;
    c->acc = hm0 + ((((u + DIGIT_MASK) >> 52) + c->next1 + p1) + lm1);
    c->next1 = (r2 + p2) + (hm1 + lm2);
    return ys;
}

IFMA_TARGET
static inline void step_lanes(__m512i *r, const __m512i *x, const __m512i *xs,
                              const __m512i *mv, const __m512i *ms, __m512i bv, __m512i yv,
                              size_t vecs, unsigned stride)
{
    const __m512i zero = _mm512_setzero_si512();
    const int apart = stride == 2;   /* vector 0's products by y summed apart */
    __m512i t[MAX_VECS], t0 = zero;
    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        t[v] = _mm512_madd52hi_epu64(zero, x[v], bv);
        t[v] = _mm512_madd52lo_epu64(t[v], xs[v], bv);
        t[v] = _mm512_madd52hi_epu64(t[v], mv[v], yv);
        if (v == 0 && apart)
            t0 = _mm512_madd52lo_epu64(zero, ms[v], yv);
        else
            t[v] = _mm512_madd52lo_epu64(t[v], ms[v], yv);
    }
    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        __m512i up = v + 1 < vecs ? r[v + 1] : zero;
        __m512i sh = stride == 1 ? _mm512_alignr_epi64(up, r[v], 1)
                                 : _mm512_alignr_epi64(up, r[v], 2);
        r[v] = _mm512_add_epi64(sh, t[v]);
        if (v == 0 && apart)
            r[v] = _mm512_add_epi64(r[v], t0);
    }
}

/* digit2_lanes returns the lanes of x that hold digit 2, where the steps'
 * scalar code reads it: lane 2 (stride 1) or lanes 4 and 5 (stride 2, one
 * number's in each) in the low lanes.  It extracts a 128-bit or 256-bit
 * half (vextracti128, vextracti64x4) rather than the 128-bit lane
 * (vextracti32x4), which is faster: the path through digit 2 binds the
 * steps (see step_lanes). */
IFMA_TARGET
static inline __m128i digit2_lanes(__m512i x, unsigned stride)
{
    if (stride == 1)
        return _mm256_extracti128_si256(_mm512_castsi512_si256(x), 1);
    return _mm256_castsi256_si128(_mm512_extracti64x4_epi64(x, 1));
}

/* shift_step is one AMM step for one chain (amm, amm_x2): it takes the
 * reduction digit y from digit 0, adds b_i x + y m to the lanes and shifts
 * them one digit down. */
IFMA_TARGET
static inline void shift_step(__m512i *r, const __m512i *x, const __m512i *xs,
                              const __m512i *mv, const __m512i *ms, amm_chain *c, uint64_t p0,
                              uint64_t p1, uint64_t p2, uint64_t bi, const uint64_t mk[4],
                              size_t vecs)
{
    uint64_t r2 = (uint64_t)_mm_cvtsi128_si64(digit2_lanes(r[0], 1));
    uint64_t ys = step_scalar(c, p0, p1, p2, r2, mk);
    step_lanes(r, x, xs, mv, ms, _mm512_set1_epi64((long long)bi),
               _mm512_set1_epi64((long long)(ys >> 12)), vecs, 1);
}

/* pair_step is shift_step for amm_x2i's two interleaved chains: step i's
 * digits of both (b_i, p0, p1, p2) are pairs, and so are the lanes' digit
 * 2 and the reduction digits. */
IFMA_TARGET
static inline void pair_step(__m512i *r, const __m512i *x, const __m512i *xs,
                             const __m512i *mv, const __m512i *ms, amm_chain c[2],
                             const uint64_t *p0, const uint64_t *p1, const uint64_t *p2,
                             const uint64_t *bi, const uint64_t mk[2][4], size_t vecs)
{
    __m128i r2 = digit2_lanes(r[0], 2);
    uint64_t r2_0 = (uint64_t)_mm_cvtsi128_si64(r2), r2_1 = (uint64_t)_mm_extract_epi64(r2, 1);
    uint64_t y0 = step_scalar(&c[0], p0[0], p1[0], p2[0], r2_0, mk[0]);
    uint64_t y1 = step_scalar(&c[1], p0[1], p1[1], p2[1], r2_1, mk[1]);
    __m512i yv = _mm512_mask_set1_epi64(_mm512_set1_epi64((long long)(y0 >> 12)), 0xaa,
                                        (long long)(y1 >> 12));
    step_lanes(r, x, xs, mv, ms, digit_vec(bi, 0, 2), yv, vecs, 2);
}

/* amm_operands zeroes the lanes r and loads a and m (vecs vectors) with
 * their shift_down copies, for amm, amm_x2 and amm_x2i (stride as
 * shift_down's). */
IFMA_TARGET
static inline void amm_operands(__m512i *r, __m512i *av, __m512i *as, __m512i *mv, __m512i *ms,
                                const uint64_t *a, const uint64_t *m, size_t vecs,
                                unsigned stride)
{
    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        r[v] = _mm512_setzero_si512();
        av[v] = _mm512_load_si512(a + 8 * v);
        mv[v] = _mm512_load_si512(m + 8 * v);
    }
    shift_down(as, av, vecs, stride);
    shift_down(ms, mv, vecs, stride);
}

/* amm_result normalizes the lanes r and stores them to res. */
IFMA_TARGET
static inline void amm_result(uint64_t *res, __m512i *r, size_t vecs, unsigned stride)
{
    normalize(r, vecs, stride);
    UNROLL
    for (size_t v = 0; v < vecs; v++)
        _mm512_store_si512(res + 8 * v, r[v]);
}

/* amm sets res = a b 2^(-52 len) mod m, below 2m, for a, b < 2m of at
 * most 8 vecs digits, taking b's first `len` digits (all of them but for
 * mont_radix52), with k0 = -m^-1 mod 2^52, in shift_step's steps.  A lone
 * AMM (or a chain of them: an exponentiation by a public exponent) is
 * bound by latency, which shift_step keeps short.  Against the amm of
 * e281277 (old scalar code, lanes' chain add, madd, shift and add;
 * chained squarings in a scratch loop, min TSC ticks): 10 digits 121-126
 * to 105-113, 20 digits 227-234 to 180-194. */
IFMA_TARGET
static inline void amm(uint64_t *res, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                       uint64_t k0, size_t len, size_t vecs)
{
    __m512i r[MAX_VECS], av[MAX_VECS], as[MAX_VECS], mv[MAX_VECS], ms[MAX_VECS];
    _Alignas(64) uint64_t pa[MAX_DIGITS], qa[MAX_DIGITS], ra[MAX_DIGITS];
    uint64_t mk[4];
    amm_chain c = {0, 0};

    step_consts(mk, m, k0);
    b_products(pa, qa, ra, a, b, vecs, 1);
    amm_operands(r, av, as, mv, ms, a, m, vecs, 1);
    for (size_t i = 0; i < len; i++)
        shift_step(r, av, as, mv, ms, &c, pa[i], qa[i], ra[i], b[i], mk, vecs);
    r[0] = _mm512_mask_set1_epi64(r[0], 1, (long long)c.acc);
    amm_result(res, r, vecs, 1);
    wipe_products((uint64_t *const[]){pa, qa, ra}, 3, vecs);
}

/* amm_deferred is amm with fewer vector operations for the larger sizes,
 * whose steps are bound by the madd throughput rather than by latency: the
 * high halves of step i's products, which belong after step i's shift, are
 * added before step i + 1's shift instead (the same lanes), so that every
 * product accumulates straight into the lanes and a step costs its four
 * madds per vector and one shift.  Digit 1, read for the scalar digit 0 of
 * the next step, then lacks step i - 1's high halves, which the scalar code
 * adds itself. */
IFMA_TARGET
static inline void amm_deferred(uint64_t *res, const uint64_t *a, const uint64_t *b,
                                const uint64_t *m, uint64_t k0, size_t len, size_t vecs)
{
    __m512i r[MAX_VECS], av[MAX_VECS], mv[MAX_VECS];
    const uint64_t a0 = a[0], a1 = a[1], m0 = m[0], m1 = m[1];
    const __m512i zero = _mm512_setzero_si512();
    __m512i bprev = zero, yprev = zero;
    uint64_t acc = 0, late1 = 0;   /* late1: step i - 1's high halves for digit 1 */

    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        r[v] = zero;
        av[v] = _mm512_load_si512(a + 8 * v);
        mv[v] = _mm512_load_si512(m + 8 * v);
    }
    for (size_t i = 0; i < len; i++) {
        uint64_t bi = b[i];
        uint64_t r1 = (uint64_t)_mm_extract_epi64(_mm512_castsi512_si128(r[0]), 1) + late1;
        unsigned __int128 pa = (unsigned __int128)a0 * bi;
        uint64_t u = acc + ((uint64_t)pa & DIGIT_MASK);
        uint64_t y = (u * k0) & DIGIT_MASK;
        unsigned __int128 pm = (unsigned __int128)m0 * y;
        uint64_t carry = ((u + ((uint64_t)pm & DIGIT_MASK)) >> 52) + (uint64_t)(pm >> 52);
        acc = carry + (r1 + (uint64_t)(pa >> 52) + ((a1 * bi) & DIGIT_MASK)) +
              ((m1 * y) & DIGIT_MASK);
        late1 = (uint64_t)(((unsigned __int128)a1 * bi) >> 52) +
                (uint64_t)(((unsigned __int128)m1 * y) >> 52);

        __m512i bv = _mm512_set1_epi64((long long)bi), yv = _mm512_set1_epi64((long long)y);
        UNROLL
        for (size_t v = 0; v < vecs; v++) {
            r[v] = _mm512_madd52lo_epu64(r[v], av[v], bv);
            r[v] = _mm512_madd52hi_epu64(r[v], av[v], bprev);
            r[v] = _mm512_madd52hi_epu64(r[v], mv[v], yprev);
            r[v] = _mm512_madd52lo_epu64(r[v], mv[v], yv);
        }
        UNROLL
        for (size_t v = 0; v + 1 < vecs; v++)
            r[v] = _mm512_alignr_epi64(r[v + 1], r[v], 1);
        r[vecs - 1] = _mm512_alignr_epi64(zero, r[vecs - 1], 1);
        bprev = bv;
        yprev = yv;
    }
    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        r[v] = _mm512_madd52hi_epu64(r[v], av[v], bprev);
        r[v] = _mm512_madd52hi_epu64(r[v], mv[v], yprev);
    }
    r[0] = _mm512_mask_set1_epi64(r[0], 1, (long long)acc);
    amm_result(res, r, vecs, 1);
}

/* ---- Almost Montgomery squaring ----
 *
 * amm_sqr is amm_deferred with b = a, forming each cross product a_i a_j
 * once instead of twice.  Step i adds a_i times X_i = 2 H_i, H_i = sum_{j >
 * i} a_j 2^(52 j), and the squares a_i^2 of the digits are added apart;
 * over the len steps the products still add up to a^2 (each cross product
 * twice, each square once), so the result is an AMM result as before:
 * (a^2 + Y m) / 2^(52 len) < (2m)^2 / 4m + m = 2m, with Y the same as
 * amm_deferred's (the unique one below 2^(52 len)), hence the same digits.
 * X_i is zero up to digit i, so the vectors wholly below digit i + 1 take
 * no product by a_i: the products by a_i shrink to a triangle, and a step
 * of block s (steps 8s to 8s + 7) costs 2 vecs + 2 (vecs - s) madds, one
 * logic operation and the shift instead of 4 vecs madds and the shift.
 *
 * 2 a_j has 53 bits and vpmadd52 reads only 52 of each multiplicand, so X_i
 * is kept in carried digits: d'_j = (2 a_j mod 2^52) + bit 51 of a_(j-1),
 * at most 2^52 - 1 as the first term is even.  These are the digits of 2a,
 * formed once per call; X_i is d' above digit i + 1 and d'_(i+1) less the
 * carry from a_i (which 2 H_i lacks), i.e. with bit 0 cleared, at i + 1:
 * one AND of d' with a selector row chosen by i mod 8 (two at i mod 8 = 7,
 * when digit i + 1 is in the next vector).  The carry out of the top digit
 * is zero as a < 2m < 2^(52 len - 1).  This needs no correction for the
 * lost bit 52 of 2 a_j, which as a masked add of a_i per vector and step
 * would have cost about as much as the triangle saves.  The squares of a
 * block's eight digits are added once, at its start, to the lanes of digits
 * 2i and 2i + 1 (two madds over a permuted a, into even and odd lanes).
 *
 * The lanes take at most four terms below 2^52 a step, and one square
 * half once, so they stay below (4 len + 1) 2^52 < 2^62 until normalize
 * (len at most 158).
 * The scalar digit-0 lookahead sees step 0's products a_0^2 (whose high
 * half is already in lane 1 then) and a_0 d_1; from step 1 on, digits 0
 * and 1 of X_i are zero.
 *
 * Constant-time: which vectors take a product, the selector rows and the
 * masks depend on i only; the carried digits come from shifts and masks,
 * with no branch or address that depends on a. */
static const _Alignas(64) uint64_t sqr_keep[24] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, ~(uint64_t)1, ~(uint64_t)0, ~(uint64_t)0,
    ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0,
    ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0};

/* twice_digits sets dv to the carried digits of 2a (amm_sqr's d'). */
IFMA_TARGET
static inline void twice_digits(__m512i *dv, const uint64_t *a, size_t vecs)
{
    const __m512i mask = _mm512_set1_epi64((long long)DIGIT_MASK);
    __m512i tprev = _mm512_setzero_si512();

    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        __m512i av = _mm512_load_si512(a + 8 * v), t = _mm512_srli_epi64(av, 51);
        dv[v] = _mm512_or_si512(_mm512_and_si512(_mm512_slli_epi64(av, 1), mask),
                                _mm512_alignr_epi64(t, tprev, 7));
        tprev = t;
    }
}

/* block_squares adds, at the start of block s, the squares of digits 8s + l
 * at digits 16s + 2l and 2l + 1: lanes 2l and 2l + 1 of vectors s and
 * s + 1 now; those above the last vector go to *top, for top_squares. */
IFMA_TARGET
static inline void block_squares(__m512i *r, __m512i *top, const uint64_t *a, size_t s,
                                 size_t vecs)
{
    const __m512i lo_half = _mm512_set_epi64(3, 3, 2, 2, 1, 1, 0, 0);
    const __m512i hi_half = _mm512_set_epi64(7, 7, 6, 6, 5, 5, 4, 4);
    __m512i av = _mm512_load_si512(a + 8 * s);
    __m512i p = _mm512_permutexvar_epi64(lo_half, av);

    r[s] = _mm512_mask_madd52lo_epu64(r[s], 0x55, p, p);
    r[s] = _mm512_mask_madd52hi_epu64(r[s], 0xaa, p, p);
    p = _mm512_permutexvar_epi64(hi_half, av);
    if (s + 1 < vecs) {
        r[s + 1] = _mm512_mask_madd52lo_epu64(r[s + 1], 0x55, p, p);
        r[s + 1] = _mm512_mask_madd52hi_epu64(r[s + 1], 0xaa, p, p);
    } else {
        *top = _mm512_mask_madd52lo_epu64(_mm512_setzero_si512(), 0x55, p, p);
        *top = _mm512_mask_madd52hi_epu64(*top, 0xaa, p, p);
    }
}

/* top_squares adds block_squares' *top after the last step: the squares of
 * digits 8 vecs - 4 to len - 1, at digits 2j and 2j + 1 >= len, are then
 * at lanes 2j - len, from 8 (vecs - 1) + k on for k = 8 vecs - len; those
 * of the zero digits from len on fall off. */
IFMA_TARGET
static inline void top_squares(__m512i *r, __m512i top, size_t len, size_t vecs)
{
    unsigned k = (unsigned)(8 * vecs - len);
    top = _mm512_maskz_permutexvar_epi64(
        (__mmask8)(0xff << k),
        _mm512_sub_epi64(_mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0), _mm512_set1_epi64(k)), top);
    r[vecs - 1] = _mm512_add_epi64(r[vecs - 1], top);
}

/* The running state of amm_sqr between steps. */
typedef struct {
    uint64_t acc, late1;       /* as in amm_deferred */
    uint64_t s0, s1;           /* step 0: a_0 and d_1, then zero */
    __m512i bprev, yprev;      /* step i - 1's a_i and y, broadcast */
    __m512i xprev, xprev1;     /* step i - 1's X of vectors s and s + 1 */
} sqr_state;

/* sqr_step is step i = 8s + l of amm_sqr (s, vecs constant; last: l = 7,
 * when digit i + 1 is in vector s + 1). */
IFMA_TARGET
static inline void sqr_step(sqr_state *st, __m512i *r, const __m512i *dv, const __m512i *mv,
                            const uint64_t *a, uint64_t m0, uint64_t m1, uint64_t k0, size_t s,
                            size_t l, int last, size_t vecs)
{
    /* latency: up to 8 vectors a step is bound by the chain through each
     * lane (four madds and the shift), so the products that do not depend
     * on the lanes are summed apart and added in one go; at 10 vectors
     * the madd throughput binds instead and the extra adds cost more */
    const int split = vecs <= 8;
    const __m512i zero = _mm512_setzero_si512();
    uint64_t bi = a[8 * s + l];
    uint64_t r1 = (uint64_t)_mm_extract_epi64(_mm512_castsi512_si128(r[0]), 1) + st->late1;
    uint64_t y, carry;
    if (s == 0) {
        unsigned __int128 p1 = (unsigned __int128)st->s1 * bi;
        uint64_t u = st->acc + ((st->s0 * bi) & DIGIT_MASK);
        y = (u * k0) & DIGIT_MASK;
        unsigned __int128 pm = (unsigned __int128)m0 * y;
        carry = ((u + ((uint64_t)pm & DIGIT_MASK)) >> 52) + (uint64_t)(pm >> 52);
        st->acc = carry + (r1 + ((uint64_t)p1 & DIGIT_MASK)) + ((m1 * y) & DIGIT_MASK);
        st->late1 = (uint64_t)(p1 >> 52) + (uint64_t)(((unsigned __int128)m1 * y) >> 52);
        st->s0 = st->s1 = 0;
    } else {
        uint64_t u = st->acc;
        y = (u * k0) & DIGIT_MASK;
        unsigned __int128 pm = (unsigned __int128)m0 * y;
        carry = ((u + ((uint64_t)pm & DIGIT_MASK)) >> 52) + (uint64_t)(pm >> 52);
        st->acc = carry + r1 + ((m1 * y) & DIGIT_MASK);
        st->late1 = (uint64_t)(((unsigned __int128)m1 * y) >> 52);
    }

    __m512i bv = _mm512_set1_epi64((long long)bi), yv = _mm512_set1_epi64((long long)y);
    __m512i x = _mm512_and_si512(dv[s], _mm512_loadu_si512(sqr_keep + 8 - l));
    __m512i x1 = s + 1 < vecs ? dv[s + 1] : zero;
    if (last && s + 1 < vecs)
        x1 = _mm512_and_si512(x1, _mm512_loadu_si512(sqr_keep + 9));
    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        __m512i q = split ? zero : r[v];
        if (v == s) {
            q = _mm512_madd52lo_epu64(q, x, bv);
            q = _mm512_madd52hi_epu64(q, st->xprev, st->bprev);
        } else if (v == s + 1) {
            q = _mm512_madd52lo_epu64(q, x1, bv);
            q = _mm512_madd52hi_epu64(q, st->xprev1, st->bprev);
        } else if (v > s + 1) {
            q = _mm512_madd52lo_epu64(q, dv[v], bv);
            q = _mm512_madd52hi_epu64(q, dv[v], st->bprev);
        } else {
            q = r[v];
        }
        q = _mm512_madd52hi_epu64(q, mv[v], st->yprev);
        if (split && v >= s)
            q = _mm512_add_epi64(r[v], q);
        r[v] = _mm512_madd52lo_epu64(q, mv[v], yv);
    }
    UNROLL
    for (size_t v = 0; v + 1 < vecs; v++)
        r[v] = _mm512_alignr_epi64(r[v + 1], r[v], 1);
    r[vecs - 1] = _mm512_alignr_epi64(zero, r[vecs - 1], 1);
    st->bprev = bv;
    st->yprev = yv;
    st->xprev = x;
    st->xprev1 = x1;
}

/* sqr_block is block s of amm_sqr (steps 8s to 8s + 7, fewer in the last
 * block), nothing when s >= vecs.  Above 10 vectors (6144 and 8192 bits)
 * the three vector arrays no longer fit in the registers either way and
 * the block's first seven steps stay a loop: as fast as written out (an
 * 8192-bit exponentiation by a 256-bit exponent 2.89M against 2.87M
 * ticks, bench/bench_bn.c), and this file's object code is 213 KB
 * instead of 390 KB, its gcc -O2 compile 10 s instead of 28. */
IFMA_TARGET
static inline void sqr_block(sqr_state *st, __m512i *r, __m512i *top, const __m512i *dv,
                             const __m512i *mv, const uint64_t *a, const uint64_t *m,
                             uint64_t k0, size_t len, size_t s, size_t vecs)
{
    if (s >= vecs)
        return;
    size_t steps = len - 8 * s < 8 ? len - 8 * s : 8;
    if (s > 0) {
        /* vector s - 1's last product by a_i, deferred like the rest */
        r[s - 1] = _mm512_madd52hi_epu64(r[s - 1], st->xprev, st->bprev);
        st->xprev = st->xprev1;
        st->xprev1 = s + 1 < vecs ? dv[s + 1] : _mm512_setzero_si512();
    }
    block_squares(r, top, a, s, vecs);
    if (vecs > 10) {
        NO_UNROLL
        for (size_t l = 0; l < (steps < 8 ? steps : 7); l++)
            sqr_step(st, r, dv, mv, a, m[0], m[1], k0, s, l, 0, vecs);
    } else {
        UNROLL
        for (size_t l = 0; l < (steps < 8 ? steps : 7); l++)
            sqr_step(st, r, dv, mv, a, m[0], m[1], k0, s, l, 0, vecs);
    }
    if (steps == 8)
        sqr_step(st, r, dv, mv, a, m[0], m[1], k0, s, 7, 1, vecs);
}

IFMA_TARGET
static inline void amm_sqr(uint64_t *res, const uint64_t *a, const uint64_t *m, uint64_t k0,
                           size_t len, size_t vecs)
{
    __m512i r[MAX_VECS], dv[MAX_VECS], mv[MAX_VECS];
    const __m512i zero = _mm512_setzero_si512();
    __m512i top = zero;
    sqr_state st = {0, 0, a[0], (2 * a[1]) & DIGIT_MASK, zero, zero, zero, zero};

    twice_digits(dv, a, vecs);
    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        r[v] = zero;
        mv[v] = _mm512_load_si512(m + 8 * v);
    }
    /* The blocks are written out, not looped over: clang split the steps'
     * loops on s before it came to unroll a loop over s, and then could
     * not, which left the vectors on the stack.  gcc gains too from each
     * block's steps unrolled whole (it had kept them a loop). */
    _Static_assert(MAX_VECS == 20, "amm_sqr writes out MAX_VECS blocks");
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 0, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 1, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 2, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 3, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 4, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 5, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 6, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 7, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 8, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 9, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 10, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 11, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 12, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 13, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 14, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 15, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 16, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 17, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 18, vecs);
    sqr_block(&st, r, &top, dv, mv, a, m, k0, len, 19, vecs);
    r[vecs - 1] = _mm512_madd52hi_epu64(r[vecs - 1], st.xprev, st.bprev);
    UNROLL
    for (size_t v = 0; v < vecs; v++)
        r[v] = _mm512_madd52hi_epu64(r[v], mv[v], st.yprev);
    top_squares(r, top, len, vecs);
    r[0] = _mm512_mask_set1_epi64(r[0], 1, (long long)st.acc);
    amm_result(res, r, vecs, 1);
}

/* An AMM squaring of one size: res = AMM(a, a), all len steps. */
typedef void amm_sqr_fn(uint64_t *r, const uint64_t *a, const uint64_t *m, uint64_t k0);

IFMA_FUNC static void sqr10(uint64_t *r, const uint64_t *a, const uint64_t *m, uint64_t k0)
{
    amm(r, a, a, m, k0, 10, 2);
}

/* At 20 digits amm_sqr is no faster than amm (376 against 362 ticks, 351
 * against 344 in another run): three vectors' steps are bound by the
 * latency of the scalar digit-0 path, not by the madds. */
IFMA_FUNC static void sqr20(uint64_t *r, const uint64_t *a, const uint64_t *m, uint64_t k0)
{
    amm(r, a, a, m, k0, 20, 3);
}

IFMA_FUNC static void sqr30(uint64_t *r, const uint64_t *a, const uint64_t *m, uint64_t k0)
{
    amm_sqr(r, a, m, k0, 30, 4);
}

IFMA_FUNC static void sqr40(uint64_t *r, const uint64_t *a, const uint64_t *m, uint64_t k0)
{
    amm_sqr(r, a, m, k0, 40, 5);
}

IFMA_FUNC static void sqr60(uint64_t *r, const uint64_t *a, const uint64_t *m, uint64_t k0)
{
    amm_sqr(r, a, m, k0, 60, 8);
}

IFMA_FUNC static void sqr79(uint64_t *r, const uint64_t *a, const uint64_t *m, uint64_t k0)
{
    amm_sqr(r, a, m, k0, 79, 10);
}

IFMA_FUNC static void sqr119(uint64_t *r, const uint64_t *a, const uint64_t *m, uint64_t k0)
{
    amm_sqr(r, a, m, k0, 119, 15);
}

IFMA_FUNC static void sqr158(uint64_t *r, const uint64_t *a, const uint64_t *m, uint64_t k0)
{
    amm_sqr(r, a, m, k0, 158, 20);
}

/* One AMM per supported size, each with its loops unrolled. */
IFMA_FUNC static void amm20(uint64_t *r, const uint64_t *a, const uint64_t *b,
                            const uint64_t *m, uint64_t k0, size_t steps)
{
    amm(r, a, b, m, k0, steps, 3);
}

IFMA_FUNC static void amm30(uint64_t *r, const uint64_t *a, const uint64_t *b,
                            const uint64_t *m, uint64_t k0, size_t steps)
{
    amm(r, a, b, m, k0, steps, 4);
}

IFMA_FUNC static void amm40(uint64_t *r, const uint64_t *a, const uint64_t *b,
                            const uint64_t *m, uint64_t k0, size_t steps)
{
    amm_deferred(r, a, b, m, k0, steps, 5);
}

IFMA_FUNC static void amm60(uint64_t *r, const uint64_t *a, const uint64_t *b,
                            const uint64_t *m, uint64_t k0, size_t steps)
{
    amm_deferred(r, a, b, m, k0, steps, 8);
}

IFMA_FUNC static void amm79(uint64_t *r, const uint64_t *a, const uint64_t *b,
                            const uint64_t *m, uint64_t k0, size_t steps)
{
    amm_deferred(r, a, b, m, k0, steps, 10);
}

IFMA_FUNC static void amm119(uint64_t *r, const uint64_t *a, const uint64_t *b,
                             const uint64_t *m, uint64_t k0, size_t steps)
{
    amm_deferred(r, a, b, m, k0, steps, 15);
}

IFMA_FUNC static void amm158(uint64_t *r, const uint64_t *a, const uint64_t *b,
                             const uint64_t *m, uint64_t k0, size_t steps)
{
    amm_deferred(r, a, b, m, k0, steps, 20);
}

/* lean_step is one step of amm_x2_lean and amm_sqr_x2 for one chain: with p0
 * and p1 the parts of this step's products by b_i in digits 0 and 1
 * (b_products'), it takes the reduction digit y from digit 0 (*acc) and
 * sets *acc to digit 0 after the step, adds b_i x[v] (the multiplier's
 * vectors from `first` on; those below take no product) and y m to the
 * lanes, and shifts them one digit down. */
IFMA_TARGET
static inline void lean_step(__m512i *r, const __m512i *x, size_t first, const __m512i *mv,
                             uint64_t *acc, uint64_t p0, uint64_t p1, uint64_t bi, uint64_t m0s,
                             uint64_t m1s, uint64_t k0, size_t vecs)
{
    const __m512i zero = _mm512_setzero_si512();
    uint64_t r1 = (uint64_t)_mm_extract_epi64(_mm512_castsi512_si128(r[0]), 1);
    uint64_t u = *acc + p0;
    uint64_t y = (u * k0) & DIGIT_MASK;
    uint64_t hm0 = (uint64_t)(((unsigned __int128)m0s * y) >> 64);
    uint64_t lm1 = (m1s * y) >> 12;
    *acc = (u >> 52) + ((u & DIGIT_MASK) != 0) + hm0 + r1 + p1 + lm1;

    __m512i bv = _mm512_set1_epi64((long long)bi), yv = _mm512_set1_epi64((long long)y);
    __m512i lo[MAX_VECS], hi[MAX_VECS];
    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        if (v < first) {
            lo[v] = r[v];
            hi[v] = zero;
        } else {
            lo[v] = _mm512_madd52lo_epu64(r[v], x[v], bv);
            hi[v] = _mm512_madd52hi_epu64(zero, x[v], bv);
        }
    }
    UNROLL
    for (size_t v = 0; v < vecs; v++) {
        lo[v] = _mm512_madd52lo_epu64(lo[v], mv[v], yv);
        hi[v] = _mm512_madd52hi_epu64(hi[v], mv[v], yv);
    }
    UNROLL
    for (size_t v = 0; v + 1 < vecs; v++)
        r[v] = _mm512_add_epi64(_mm512_alignr_epi64(lo[v + 1], lo[v], 1), hi[v]);
    r[vecs - 1] = _mm512_add_epi64(_mm512_alignr_epi64(zero, lo[vecs - 1], 1), hi[vecs - 1]);
}

/* amm_x2 is amm on two independent operand sets at once (index j: a[j] b[j]
 * mod m[j] into res[j], each with its own k0[j]), all len steps: the two
 * dependency chains interleave (OpenSSL's rsaz-2k-avx512 does the same for
 * the two CRT halves), in shift_step's steps.  It takes 5 and 10 digits
 * (RSA-512 and RSA-1024 halves); 20 digits are amm_x2i's.
 *
 * The madds and shifts run on the same two vector pipes, at two a cycle,
 * so a step's 24 madds and 6 shifts bound it (but see amm_x2i: the scalar
 * code takes as long); lean_step's lanes' chain is longer (two madds, a
 * shift and an add, and its y read back from the lanes just written).
 * The work before and after the steps (b_products, the loads, two
 * normalizations, the stores and wiping) is a large part of the time.  At
 * 30 and 40 digits the four vectors x, xs, m and ms of two chains no
 * longer fit in the registers and shift_step does not pay, so those sizes
 * keep lean_step (amm_x2_lean). */
IFMA_TARGET
static inline void amm_x2(uint64_t *const res[2], const uint64_t *const a[2],
                          const uint64_t *const b[2], const uint64_t *const m[2],
                          const uint64_t k0[2], size_t len, size_t vecs)
{
    __m512i r[2][MAX_VECS], av[2][MAX_VECS], as[2][MAX_VECS], mv[2][MAX_VECS], ms[2][MAX_VECS];
    _Alignas(64) uint64_t pa[2][MAX_DIGITS], qa[2][MAX_DIGITS], ra[2][MAX_DIGITS];
    uint64_t mk[2][4];
    amm_chain c[2] = {{0, 0}, {0, 0}};

    for (int j = 0; j < 2; j++) {
        step_consts(mk[j], m[j], k0[j]);
        b_products(pa[j], qa[j], ra[j], a[j], b[j], vecs, 1);
        amm_operands(r[j], av[j], as[j], mv[j], ms[j], a[j], m[j], vecs, 1);
    }
    for (size_t i = 0; i < len; i++) {
        _Pragma("GCC unroll 2")
        for (int j = 0; j < 2; j++)
            shift_step(r[j], av[j], as[j], mv[j], ms[j], &c[j], pa[j][i], qa[j][i], ra[j][i],
                       b[j][i], mk[j], vecs);
    }
    for (int j = 0; j < 2; j++) {
        r[j][0] = _mm512_mask_set1_epi64(r[j][0], 1, (long long)c[j].acc);
        amm_result(res[j], r[j], vecs, 1);
    }
    wipe_products((uint64_t *const[]){pa[0], qa[0], ra[0], pa[1], qa[1], ra[1]}, 6, vecs);
}

/* amm_x2i is amm_x2 on two interleaved chains (digit j of chain c in lane
 * 2j + c of res, a, b and m; mk[c] as step_scalar's mk), in pair_step's
 * steps.  Two 20-digit numbers fill five vectors where amm_x2 pads each
 * to three, so a step takes 20 madds and 5 shifts instead of 24 and 6,
 * and the work around the steps shrinks with it.
 *
 * The steps do not reach the madds' bound: the scalar code alone, with
 * the lanes' work left out, takes as long, a step being about 100
 * instructions with two chains' digit-0 arithmetic among them.  Issue
 * width counts, but so does the order gcc finds: rewrites with fewer
 * instructions in another order (the scalar code as inline asm, both
 * chains' digit 0 in one xmm, the shifted copies as memory operands) were
 * all slower.  At 10 digits (three vectors against two times two) the
 * interleaving does not pay, so RSA-1024 keeps amm_x2. */
IFMA_TARGET
static inline void amm_x2i(uint64_t *res, const uint64_t *a, const uint64_t *b,
                           const uint64_t *m, const uint64_t mk[2][4], size_t len, size_t vecs)
{
    __m512i r[MAX_VECS], av[MAX_VECS], as[MAX_VECS], mv[MAX_VECS], ms[MAX_VECS];
    _Alignas(64) uint64_t pa[MAX_DIGITS], qa[MAX_DIGITS], ra[MAX_DIGITS];
    amm_chain c[2] = {{0, 0}, {0, 0}};

    b_products(pa, qa, ra, a, b, vecs, 2);
    amm_operands(r, av, as, mv, ms, a, m, vecs, 2);
    for (size_t i = 0; i < len; i++)
        pair_step(r, av, as, mv, ms, c, pa + 2 * i, qa + 2 * i, ra + 2 * i, b + 2 * i, mk, vecs);
    r[0] = _mm512_mask_set1_epi64(r[0], 1, (long long)c[0].acc);
    r[0] = _mm512_mask_set1_epi64(r[0], 2, (long long)c[1].acc);
    amm_result(res, r, vecs, 2);
    wipe_products((uint64_t *const[]){pa, qa, ra}, 3, vecs);
}

/* Two AMMs of one size on interleaved chains (amm_x2i). */
typedef void amm2i_fn(uint64_t *res, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                      const uint64_t mk[2][4]);

IFMA_FUNC static void amm2i_20(uint64_t *res, const uint64_t *a, const uint64_t *b,
                               const uint64_t *m, const uint64_t mk[2][4])
{
    amm_x2i(res, a, b, m, mk, 20, 5);
}

/* amm_x2_lean is amm_x2 in lean_step's steps, for 30 and 40 digits (see
 * amm_x2).  lean_step's scalar code is shift_step's without the
 * lookahead and with m0 and m1 shifted instead of k0; its low halves of
 * a b_i accumulate straight into the lanes and its high halves into a
 * vector of their own, added after the shift. */
IFMA_TARGET
static inline void amm_x2_lean(uint64_t *const res[2], const uint64_t *const a[2],
                               const uint64_t *const b[2], const uint64_t *const m[2],
                               const uint64_t k0[2], size_t len, size_t vecs)
{
    __m512i r[2][MAX_VECS], av[2][MAX_VECS], mv[2][MAX_VECS];
    _Alignas(64) uint64_t pa[2][MAX_DIGITS], qa[2][MAX_DIGITS];
    uint64_t acc[2] = {0, 0}, m0s[2], m1s[2];
    const __m512i zero = _mm512_setzero_si512();

    for (int j = 0; j < 2; j++) {
        m0s[j] = m[j][0] << 12;
        m1s[j] = m[j][1] << 12;
        b_products(pa[j], qa[j], NULL, a[j], b[j], vecs, 1);
        UNROLL
        for (size_t v = 0; v < vecs; v++) {
            r[j][v] = zero;
            av[j][v] = _mm512_load_si512(a[j] + 8 * v);
            mv[j][v] = _mm512_load_si512(m[j] + 8 * v);
        }
    }
    for (size_t i = 0; i < len; i++) {
        _Pragma("GCC unroll 2")
        for (int j = 0; j < 2; j++)
            lean_step(r[j], av[j], 0, mv[j], &acc[j], pa[j][i], qa[j][i], b[j][i], m0s[j],
                      m1s[j], k0[j], vecs);
    }
    for (int j = 0; j < 2; j++) {
        r[j][0] = _mm512_mask_set1_epi64(r[j][0], 1, (long long)acc[j]);
        amm_result(res[j], r[j], vecs, 1);
    }
    wipe_products((uint64_t *const[]){pa[0], qa[0], pa[1], qa[1]}, 4, vecs);
}

/* amm_sqr_x2 is amm_sqr's triangle in amm_x2_lean's step, on two operands at
 * once: x[j] = AMM(a[j], a[j]) for j = 0, 1.  Step i adds a_i times the
 * carried digits of 2a above digit i (amm_sqr's X_i, from the same
 * selector rows), the squares of a block's digits are added at its start,
 * and the scalar digit-0 code sees step 0's lo52(a_0^2) (lane 0 is scratch;
 * the high half is in lane 1) and lo52(a_0 d_1), then nothing, as X_i is
 * zero in digits 0 and 1 from step 1 on.  Bounds, result and constant-time
 * argument are amm_sqr's.  Alone it beats the paired AMM at 30 and 40
 * digits, not at 10 or 20; inside the exponentiation, where squarings and
 * multiplications alternate, the unrolled squaring's code size tells, and
 * it wins only at 30 digits (RSA-3072's halves), the one size that squares
 * with it. */

/* One chain's scalar state in amm_sqr_x2. */
typedef struct {
    uint64_t acc;        /* digit 0, exact */
    uint64_t sq0, sq1;   /* step 0: lo52(a_0^2) and lo52(a_0 d_1); then zero */
} psq_chain;

/* psq_step is step i = 8s + l of amm_sqr_x2 for one chain (last: l = 7). */
IFMA_TARGET
static inline void psq_step(__m512i *r, const __m512i *dv, const __m512i *mv, psq_chain *c,
                            uint64_t bi, uint64_t m0s, uint64_t m1s, uint64_t k0, size_t s,
                            size_t l, int last, size_t vecs)
{
    __m512i x[MAX_VECS];
    UNROLL
    for (size_t v = s; v < vecs; v++)
        x[v] = dv[v];
    x[s] = _mm512_and_si512(dv[s], _mm512_loadu_si512(sqr_keep + 8 - l));
    if (last && s + 1 < vecs)
        x[s + 1] = _mm512_and_si512(dv[s + 1], _mm512_loadu_si512(sqr_keep + 9));
    lean_step(r, x, s, mv, &c->acc, c->sq0, c->sq1, bi, m0s, m1s, k0, vecs);
    c->sq0 = c->sq1 = 0;
}

IFMA_TARGET
static inline void amm_sqr_x2(uint64_t *const res[2], const uint64_t *const a[2],
                              const uint64_t *const m[2], const uint64_t k0[2], size_t len,
                              size_t vecs)
{
    __m512i r[2][MAX_VECS], dv[2][MAX_VECS], mv[2][MAX_VECS], top[2];
    psq_chain c[2];
    uint64_t m0s[2], m1s[2];
    const __m512i zero = _mm512_setzero_si512();

    for (int j = 0; j < 2; j++) {
        uint64_t s1 = (2 * a[j][1]) & DIGIT_MASK;
        c[j].acc = 0;
        c[j].sq0 = (a[j][0] * a[j][0]) & DIGIT_MASK;
        c[j].sq1 = (s1 * a[j][0]) & DIGIT_MASK;
        m0s[j] = m[j][0] << 12;
        m1s[j] = m[j][1] << 12;
        top[j] = zero;
        twice_digits(dv[j], a[j], vecs);
        UNROLL
        for (size_t v = 0; v < vecs; v++) {
            r[j][v] = zero;
            mv[j][v] = _mm512_load_si512(m[j] + 8 * v);
        }
    }
    UNROLL
    for (size_t s = 0; s < vecs; s++) {
        size_t steps = len - 8 * s < 8 ? len - 8 * s : 8;
        for (int j = 0; j < 2; j++)
            block_squares(r[j], &top[j], a[j], s, vecs);
        for (size_t l = 0; l < (steps < 8 ? steps : 7); l++) {
            psq_step(r[0], dv[0], mv[0], &c[0], a[0][8 * s + l], m0s[0], m1s[0], k0[0], s, l, 0, vecs);
            psq_step(r[1], dv[1], mv[1], &c[1], a[1][8 * s + l], m0s[1], m1s[1], k0[1], s, l, 0, vecs);
        }
        if (steps == 8) {
            psq_step(r[0], dv[0], mv[0], &c[0], a[0][8 * s + 7], m0s[0], m1s[0], k0[0], s, 7, 1, vecs);
            psq_step(r[1], dv[1], mv[1], &c[1], a[1][8 * s + 7], m0s[1], m1s[1], k0[1], s, 7, 1, vecs);
        }
    }
    for (int j = 0; j < 2; j++) {
        top_squares(r[j], top[j], len, vecs);
        r[j][0] = _mm512_mask_set1_epi64(r[j][0], 1, (long long)c[j].acc);
        amm_result(res[j], r[j], vecs, 1);
    }
}
IFMA_FUNC static void amm5(uint64_t *r, const uint64_t *a, const uint64_t *b,
                           const uint64_t *m, uint64_t k0, size_t steps)
{
    amm(r, a, b, m, k0, steps, 1);
}

IFMA_FUNC static void amm10(uint64_t *r, const uint64_t *a, const uint64_t *b,
                            const uint64_t *m, uint64_t k0, size_t steps)
{
    amm(r, a, b, m, k0, steps, 2);
}

/* Two AMMs of one size at once (amm_x2). */
typedef void amm2_fn(uint64_t *const res[2], const uint64_t *const a[2],
                     const uint64_t *const b[2], const uint64_t *const m[2],
                     const uint64_t k0[2]);

IFMA_FUNC static void amm2_5(uint64_t *const res[2], const uint64_t *const a[2],
                             const uint64_t *const b[2], const uint64_t *const m[2],
                             const uint64_t k0[2])
{
    amm_x2(res, a, b, m, k0, 5, 1);
}

IFMA_FUNC static void amm2_10(uint64_t *const res[2], const uint64_t *const a[2],
                              const uint64_t *const b[2], const uint64_t *const m[2],
                              const uint64_t k0[2])
{
    amm_x2(res, a, b, m, k0, 10, 2);
}

IFMA_FUNC static void amm2_30(uint64_t *const res[2], const uint64_t *const a[2],
                              const uint64_t *const b[2], const uint64_t *const m[2],
                              const uint64_t k0[2])
{
    amm_x2_lean(res, a, b, m, k0, 30, 4);
}

IFMA_FUNC static void amm2_40(uint64_t *const res[2], const uint64_t *const a[2],
                              const uint64_t *const b[2], const uint64_t *const m[2],
                              const uint64_t k0[2])
{
    amm_x2_lean(res, a, b, m, k0, 40, 5);
}

/* Two AMM squarings of one size at once (amm_sqr_x2). */
typedef void amm2_sqr_fn(uint64_t *const res[2], const uint64_t *const a[2],
                         const uint64_t *const m[2], const uint64_t k0[2]);

IFMA_FUNC static void sqr2_30(uint64_t *const res[2], const uint64_t *const a[2],
                              const uint64_t *const m[2], const uint64_t k0[2])
{
    amm_sqr_x2(res, a, m, k0, 30, 4);
}

/* An AMM of one size; `steps` is the number of b's digits to take, all of
 * them (len) but for mont_radix52. */
typedef void amm_fn(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                    uint64_t k0, size_t steps);

/* amm_size returns the AMM of an n-limb modulus, its squaring in *sqr and
 * its digit and vector counts, or NULL for a size without one.  512-bit
 * moduli too (for the whole exponentiations only, see radix52_size):
 * against mont_adx.c's, a public exponentiation by 65537 takes about 4.8k
 * against 5.4k ticks, one by two 160-bit exponents (DSA-512 verification)
 * 49k against 72k and one by a full 512-bit secret exponent 130k against
 * 200k-280k (scratch loop, min over 0.4 s, two runs).  6144 and 8192 bits
 * (FFDH's largest groups), by a 256-bit secret exponent: 1.68M against
 * 5.79M and 2.87M against 10.2M ticks (bench/bench_bn.c); by 65537: 88k
 * against 324k and 154k against 570k. */
static amm_fn *amm_size(size_t n, size_t *len, size_t *vecs, amm_sqr_fn **sqr)
{
    *len = radix52_len(n); /* the digit counts live there, for mont_init too */
    *vecs = (*len + 7) / 8;
    switch (n) {
    case 8: *sqr = sqr10; return amm10;
    case 16: *sqr = sqr20; return amm20;
    case 24: *sqr = sqr30; return amm30;
    case 32: *sqr = sqr40; return amm40;
    case 48: *sqr = sqr60; return amm60;
    case 64: *sqr = sqr79; return amm79;
    case 96: *sqr = sqr119; return amm119;
    case 128: *sqr = sqr158; return amm158;
    default: return NULL;
    }
}

/* ---- Conversions, constant-time ---- */

/* to_digits writes the n-limb x as len 52-bit digits, zero-padding d. */
static void to_digits(digits *d, const uint64_t *x, size_t n, size_t len)
{
    memset(d, 0, sizeof(*d));
    for (size_t j = 0; j < len; j++) {
        size_t bit = 52 * j, limb = bit / 64, off = bit % 64;
        uint64_t v = limb < n ? x[limb] >> off : 0;
        if (off > 12 && limb + 1 < n)
            v |= x[limb + 1] << (64 - off);
        d->d[j] = v & DIGIT_MASK;
    }
}

/* from_digits writes the len-digit d, which fits in n limbs, to x. */
static void from_digits(uint64_t *x, size_t n, const digits *d, size_t len)
{
    memset(x, 0, n * sizeof(uint64_t));
    for (size_t j = 0; j < len; j++) {
        size_t bit = 52 * j, limb = bit / 64, off = bit % 64;
        if (limb < n)
            x[limb] |= d->d[j] << off;
        if (off > 12 && limb + 1 < n)
            x[limb + 1] |= d->d[j] >> (64 - off);
    }
}

/* sub_if_not_below sets x = x - m when x >= m, n limbs (up to
 * BRISK_BN_MAX_LIMBS + 1, for finish_plain). */
static void sub_if_not_below(uint64_t *x, const uint64_t *m, size_t n)
{
    uint64_t t[BRISK_BN_MAX_LIMBS + 1];
    uint64_t borrow = brisk_limbs_sub(t, x, m, n);
    brisk_limbs_select(x, borrow, x, t, n);
    wipe(t, n * sizeof(uint64_t));
}

/* ---- The exponentiation ---- */

/* select_entry sets out = table[idx] reading all `count` entries, which
 * are `stride` digits apart (MAX_DIGITS, or PAIR_DIGITS); for tables of
 * interleaved pairs (amm_x2i), idx picks the even lanes' entry and
 * idx_odd the odd lanes' (for one number, idx_odd = idx). */
IFMA_FUNC __attribute__((noinline)) static void select_entry(digits *out, const uint64_t *table,
                                                             size_t stride, size_t count,
                                                             uint64_t idx, uint64_t idx_odd,
                                                             size_t vecs)
{
    __m512i r[MAX_VECS];
    __m512i want = _mm512_mask_set1_epi64(_mm512_set1_epi64((long long)idx), 0xaa,
                                          (long long)idx_odd);

    UNROLL_BY_MAX
    for (size_t v = 0; v < vecs; v++)
        r[v] = _mm512_setzero_si512();
    for (size_t k = 0; k < count; k++) {
        __mmask8 hit = _mm512_cmpeq_epi64_mask(_mm512_set1_epi64((long long)k), want);
        UNROLL_BY_MAX
        for (size_t v = 0; v < vecs; v++)
            r[v] = _mm512_mask_mov_epi64(r[v], hit,
                                         _mm512_load_si512(table + k * stride + 8 * v));
    }
    UNROLL_BY_MAX
    for (size_t v = 0; v < vecs; v++)
        _mm512_store_si512(out->d + 8 * v, r[v]);
}

/* window_width is the fixed window for a secret exponent of `bits` bits
 * (its width, public): 5 bits for long exponents, 4 for short ones. */
static unsigned window_width(size_t bits)
{
    return bits >= 768 ? 5 : 4;
}

/* window_bits returns bits [pos, pos + w) of e (pos + w <= 64 e_limbs). */
static uint64_t window_bits(const uint64_t *e, size_t pos, unsigned w)
{
    size_t limb = pos / 64, off = pos % 64;
    uint64_t v = e[limb] >> off;
    if (off + w > 64)
        v |= e[limb + 1] << (64 - off);
    return v & (((uint64_t)1 << w) - 1);
}

/* The working state of one exponentiation, wiped at the end. */
typedef struct {
    digits table[TABLE_SIZE];
    digits m, acc, tmp, c;
} exp_state;

/* domain_const sets c = 2^(104 len) mod m (below 2m), with which one AMM
 * takes a value x to its AMM form x 2^(52 len).  brisk_bn_mont_init keeps
 * it as rr52.  A brisk_bn_mont filled in by other means lacks it; then two
 * AMMs make it: AMM(R^2, R^2) is 2^(256 n - 52 len), and one more AMM by
 * 2^j with j = 208 len - 256 n (16 to 256 for the sizes here, so 2^j < m)
 * makes it 2^(104 len). */
static void domain_const(digits *c, const digits *m, const brisk_bn_mont *mont, amm_fn *mul,
                         size_t len)
{
    const uint64_t k0 = mont->m0inv & DIGIT_MASK;
    size_t j = 208 * len - 256 * mont->n;
    digits t;

    if (mont_rr52_len(mont) == len) {
        to_digits(c, mont_rr52(mont), mont->n, len);
        return;
    }
    to_digits(c, mont->rr, mont->n, len);
    mul(c->d, c->d, c->d, m->d, k0, len);
    memset(&t, 0, sizeof(t));
    t.d[j / 52] = (uint64_t)1 << (j % 52);
    mul(c->d, c->d, t.d, m->d, k0, len);
}

/* to_amm sets d to the AMM form of a (a = NULL: of 1), a 2^(52 len) mod m
 * below 2m, from domain_const's c. */
static void to_amm(digits *d, const uint64_t *a, const digits *c, const digits *m,
                   const brisk_bn_mont *mont, amm_fn *mul, size_t len)
{
    if (a == NULL) {
        memset(d, 0, sizeof(*d));
        d->d[0] = 1;
    } else {
        to_digits(d, a, mont->n, len);
    }
    mul(d->d, d->d, c->d, m->d, mont->m0inv & DIGIT_MASK, len);
}

/* enter_domain sets table[1] and table[0] to the AMM forms of a and 1. */
static void enter_domain(exp_state *s, const uint64_t *a, const brisk_bn_mont *mont,
                         amm_fn *mul, size_t len)
{
    domain_const(&s->c, &s->m, mont, mul, len);
    to_amm(&s->table[1], a, &s->c, &s->m, mont, mul, len);
    to_amm(&s->table[0], NULL, &s->c, &s->m, mont, mul, len);
}

/* leave_domain sets r (n limbs) = acc 2^(-52 len) mod m, overwriting acc. */
static void leave_domain(uint64_t *r, digits *acc, const digits *m, const brisk_bn_mont *mont,
                         amm_fn *mul, size_t len)
{
    digits one;
    memset(&one, 0, sizeof(one));
    one.d[0] = 1;
    mul(acc->d, acc->d, one.d, m->d, mont->m0inv & DIGIT_MASK, len);   /* now at most m */
    from_digits(r, mont->n, acc, len);
    sub_if_not_below(r, mont->m, mont->n);
}

/* exp_amm is the exponentiation over one AMM size. */
IFMA_FUNC static void exp_amm(exp_state *s, uint64_t *r, const uint64_t *a, const uint64_t *e,
                              size_t e_limbs, const brisk_bn_mont *mont, amm_fn *mul,
                              amm_sqr_fn *sqr, size_t len, size_t vecs)
{
    const uint64_t k0 = mont->m0inv & DIGIT_MASK, *m = s->m.d;
    size_t n = mont->n, bits = 64 * e_limbs;
    unsigned w = window_width(bits);
    size_t count = (size_t)1 << w;

    to_digits(&s->m, mont->m, n, len);
    enter_domain(s, a, mont, mul, len);
    for (size_t k = 2; k < count; k++)
        mul(s->table[k].d, s->table[k - 1].d, s->table[1].d, m, k0, len);

    size_t pos = bits - (bits % w ? bits % w : w);
    uint64_t top = window_bits(e, pos, (unsigned)(bits - pos));
    select_entry(&s->acc, s->table[0].d, MAX_DIGITS, count, top, top, vecs);
    while (pos > 0) {
        pos -= w;
        for (unsigned j = 0; j < w; j++)
            sqr(s->acc.d, s->acc.d, m, k0);
        uint64_t idx = window_bits(e, pos, w);
        select_entry(&s->tmp, s->table[0].d, MAX_DIGITS, count, idx, idx, vecs);
        mul(s->acc.d, s->acc.d, s->tmp.d, m, k0, len);
    }

    leave_domain(r, &s->acc, &s->m, mont, mul, len);
}

static int mod_exp_ifma(uint64_t *r, const uint64_t *a, const uint64_t *e, size_t e_limbs,
                        const brisk_bn_mont *mont)
{
    size_t len, vecs;
    amm_sqr_fn *sqr;
    amm_fn *mul = amm_size(mont->n, &len, &vecs, &sqr);

    if (mul == NULL || e_limbs == 0)
        return 0;

    exp_state s;
    exp_amm(&s, r, a, e, e_limbs, mont, mul, sqr, len, vecs);
    wipe(&s, sizeof(s));
    return 1;
}

/* ---- Two exponentiations at once (the CRT halves) ---- */

/* The working state of a pair of exponentiations, wiped at the end. */
typedef struct {
    pair_digits table[2][TABLE_SIZE];
    digits m[2], acc[2], tmp[2], c[2];
} exp_pair_state;

/* pair_size returns the paired AMM of an n-limb modulus, the paired
 * squaring in *sqr2 (NULL where amm_x2 squares as fast or faster), the
 * single AMM in *one and the digit and vector counts, or NULL.  Two CRT exponentiations
 * at once against two single ones (scratch loop, min of 400, ticks): 512
 * bits 202k against 510k (against mont_adx.c; a 512-bit signature 91k
 * against 147k ticks with 256-bit halves), 1024 bits 817k against
 * 974k, 1536 bits 2.21M against 2.26M, 2048 bits 4.38M against 4.84M. */
static amm2_fn *pair_size(size_t n, amm2_sqr_fn **sqr2, amm_fn **one, size_t *len,
                          size_t *vecs)
{
    *sqr2 = NULL;
    *len = radix52_len(n);
    *vecs = (*len + 7) / 8;
    switch (n) {
    case 4: *one = amm5; return amm2_5;
    case 8: *one = amm10; return amm2_10;
    case 24: *sqr2 = sqr2_30, *one = amm30; return amm2_30;
    case 32: *one = amm40; return amm2_40;
    default: return NULL;
    }
}

/* pair_mul sets x[j] = AMM(y[j], z[j]) for j = 0, 1. */
static inline void pair_mul(amm2_fn *mul2, digits *x, const digits *y, const digits *z,
                            const exp_pair_state *s, const uint64_t k0[2])
{
    uint64_t *const res[2] = {x[0].d, x[1].d};
    const uint64_t *const a[2] = {y[0].d, y[1].d}, *const b[2] = {z[0].d, z[1].d};
    const uint64_t *const m[2] = {s->m[0].d, s->m[1].d};
    mul2(res, a, b, m, k0);
}

/* pair_sqr sets x[j] = AMM(x[j], x[j]) for j = 0, 1: with sqr2, or with
 * mul2 when that is NULL. */
static inline void pair_sqr(amm2_fn *mul2, amm2_sqr_fn *sqr2, digits *x, const exp_pair_state *s,
                            const uint64_t k0[2])
{
    if (sqr2 == NULL) {
        pair_mul(mul2, x, x, x, s, k0);
        return;
    }
    uint64_t *const res[2] = {x[0].d, x[1].d};
    const uint64_t *const a[2] = {x[0].d, x[1].d};
    const uint64_t *const m[2] = {s->m[0].d, s->m[1].d};
    sqr2(res, a, m, k0);
}

/* exp_amm_pair is exp_amm on two moduli of one size and two exponents of
 * one width, step for step, each AMM of one paired with the other's. */
IFMA_FUNC static void exp_amm_pair(exp_pair_state *s, uint64_t *const r[2],
                                   const uint64_t *const a[2], const uint64_t *const e[2],
                                   size_t e_limbs, const brisk_bn_mont *const mont[2],
                                   amm2_fn *mul2, amm2_sqr_fn *sqr2, amm_fn *one, size_t len,
                                   size_t vecs)
{
    const uint64_t k0[2] = {mont[0]->m0inv & DIGIT_MASK, mont[1]->m0inv & DIGIT_MASK};
    const uint64_t *const m[2] = {s->m[0].d, s->m[1].d};
    size_t bits = 64 * e_limbs;
    unsigned w = window_width(bits);
    size_t count = (size_t)1 << w;

    for (int j = 0; j < 2; j++) {
        to_digits(&s->m[j], mont[j]->m, mont[j]->n, len);
        domain_const(&s->c[j], &s->m[j], mont[j], one, len);
        to_amm(&s->acc[j], a[j], &s->c[j], &s->m[j], mont[j], one, len);
        memcpy(s->table[j][1].d, s->acc[j].d, sizeof(pair_digits));
        to_amm(&s->acc[j], NULL, &s->c[j], &s->m[j], mont[j], one, len);
        memcpy(s->table[j][0].d, s->acc[j].d, sizeof(pair_digits));
    }
    /* table[j][k] = AMM(table[j][k - 1], table[j][1]), in place */
    for (size_t k = 2; k < count; k++) {
        uint64_t *const res[2] = {s->table[0][k].d, s->table[1][k].d};
        const uint64_t *const prev[2] = {s->table[0][k - 1].d, s->table[1][k - 1].d};
        const uint64_t *const base[2] = {s->table[0][1].d, s->table[1][1].d};
        mul2(res, prev, base, m, k0);
    }

    size_t pos = bits - (bits % w ? bits % w : w);
    for (int j = 0; j < 2; j++) {
        uint64_t top = window_bits(e[j], pos, (unsigned)(bits - pos));
        select_entry(&s->acc[j], s->table[j][0].d, PAIR_DIGITS, count, top, top, vecs);
    }
    while (pos > 0) {
        pos -= w;
        for (unsigned i = 0; i < w; i++)
            pair_sqr(mul2, sqr2, s->acc, s, k0);
        for (int j = 0; j < 2; j++) {
            uint64_t idx = window_bits(e[j], pos, w);
            select_entry(&s->tmp[j], s->table[j][0].d, PAIR_DIGITS, count, idx, idx, vecs);
        }
        pair_mul(mul2, s->acc, s->acc, s->tmp, s, k0);
    }
    for (int j = 0; j < 2; j++)
        leave_domain(r[j], &s->acc[j], &s->m[j], mont[j], one, len);
}

/* ---- Two exponentiations at once on interleaved chains ---- */

/* The working state of exp_amm_x2i, wiped at the end: the table, the
 * modulus and the accumulator hold both chains interleaved (amm_x2i). */
typedef struct {
    pair_digits table[TABLE_SIZE];
    digits m2, acc, tmp;
    digits m[2], c[2], x[2];   /* each chain's own, entering and leaving */
} exp_x2i_state;

/* x2i_size returns amm_x2i's AMM of an n-limb modulus where it beats
 * amm_x2 (1024-bit halves only, see amm_x2i), the single AMM in *one, the
 * digit count and the vector count of an interleaved pair, or NULL. */
static amm2i_fn *x2i_size(size_t n, amm_fn **one, size_t *len, size_t *vecs)
{
    *len = radix52_len(n);
    *vecs = (2 * *len + 7) / 8;
    switch (n) {
    case 16: *one = amm20; return amm2i_20;
    default: return NULL;
    }
}

/* interleave sets z to x0's and x1's len digits, x0's in the even lanes. */
static void interleave(digits *z, const digits *x0, const digits *x1, size_t len)
{
    memset(z, 0, sizeof(*z));
    for (size_t j = 0; j < len; j++) {
        z->d[2 * j] = x0->d[j];
        z->d[2 * j + 1] = x1->d[j];
    }
}

/* deinterleave is interleave undone. */
static void deinterleave(digits *x0, digits *x1, const digits *z, size_t len)
{
    memset(x0, 0, sizeof(*x0));
    memset(x1, 0, sizeof(*x1));
    for (size_t j = 0; j < len; j++) {
        x0->d[j] = z->d[2 * j];
        x1->d[j] = z->d[2 * j + 1];
    }
}

/* exp_amm_x2i is exp_amm_pair with both chains in one interleaved number:
 * they enter and leave the AMM domain each on its own, with the single
 * AMM, and square, multiply and select (each its own window) together. */
IFMA_FUNC static void exp_amm_x2i(exp_x2i_state *s, uint64_t *const r[2],
                                  const uint64_t *const a[2], const uint64_t *const e[2],
                                  size_t e_limbs, const brisk_bn_mont *const mont[2],
                                  amm2i_fn *mul2, amm_fn *one, size_t len, size_t vecs)
{
    size_t bits = 64 * e_limbs;
    unsigned w = window_width(bits);
    size_t count = (size_t)1 << w;
    uint64_t mk[2][4];

    for (int j = 0; j < 2; j++) {
        to_digits(&s->m[j], mont[j]->m, mont[j]->n, len);
        domain_const(&s->c[j], &s->m[j], mont[j], one, len);
        step_consts(mk[j], s->m[j].d, mont[j]->m0inv & DIGIT_MASK);
    }
    interleave(&s->m2, &s->m[0], &s->m[1], len);
    for (int j = 0; j < 2; j++)
        to_amm(&s->x[j], a[j], &s->c[j], &s->m[j], mont[j], one, len);
    interleave(&s->acc, &s->x[0], &s->x[1], len);
    memcpy(s->table[1].d, s->acc.d, sizeof(pair_digits));
    for (int j = 0; j < 2; j++)
        to_amm(&s->x[j], NULL, &s->c[j], &s->m[j], mont[j], one, len);
    interleave(&s->acc, &s->x[0], &s->x[1], len);
    memcpy(s->table[0].d, s->acc.d, sizeof(pair_digits));
    for (size_t k = 2; k < count; k++)
        mul2(s->table[k].d, s->table[k - 1].d, s->table[1].d, s->m2.d, mk);

    size_t pos = bits - (bits % w ? bits % w : w);
    select_entry(&s->acc, s->table[0].d, PAIR_DIGITS, count,
                 window_bits(e[0], pos, (unsigned)(bits - pos)),
                 window_bits(e[1], pos, (unsigned)(bits - pos)), vecs);
    while (pos > 0) {
        pos -= w;
        for (unsigned i = 0; i < w; i++)
            mul2(s->acc.d, s->acc.d, s->acc.d, s->m2.d, mk);
        select_entry(&s->tmp, s->table[0].d, PAIR_DIGITS, count, window_bits(e[0], pos, w),
                     window_bits(e[1], pos, w), vecs);
        mul2(s->acc.d, s->acc.d, s->tmp.d, s->m2.d, mk);
    }
    deinterleave(&s->x[0], &s->x[1], &s->acc, len);
    for (int j = 0; j < 2; j++)
        leave_domain(r[j], &s->x[j], &s->m[j], mont[j], one, len);
    wipe(mk, sizeof(mk));
}

static int mod_exp_pair_ifma(uint64_t *r1, const uint64_t *a1, const uint64_t *e1,
                             const brisk_bn_mont *m1, uint64_t *r2, const uint64_t *a2,
                             const uint64_t *e2, const brisk_bn_mont *m2, size_t e_limbs)
{
    size_t len, vecs;
    amm_fn *one;
    amm2_sqr_fn *sqr2 = NULL;
    amm2i_fn *mul2i = x2i_size(m1->n, &one, &len, &vecs);
    amm2_fn *mul2 = mul2i != NULL ? NULL : pair_size(m1->n, &sqr2, &one, &len, &vecs);

    if ((mul2i == NULL && mul2 == NULL) || m2->n != m1->n || e_limbs == 0 ||
        8 * vecs > PAIR_DIGITS)
        return 0;
    uint64_t *const r[2] = {r1, r2};
    const uint64_t *const a[2] = {a1, a2}, *const e[2] = {e1, e2};
    const brisk_bn_mont *const mont[2] = {m1, m2};
    if (mul2i != NULL) {
        exp_x2i_state s;
        exp_amm_x2i(&s, r, a, e, e_limbs, mont, mul2i, one, len, vecs);
        wipe(&s, sizeof(s));
    } else {
        exp_pair_state s;
        exp_amm_pair(&s, r, a, e, e_limbs, mont, mul2, sqr2, one, len, vecs);
        wipe(&s, sizeof(s));
    }
    return 1;
}

/* ---- Two-base exponentiation, public exponents ---- */

/* The working state of brisk_bn_mod_exp2_public's kernel. */
typedef struct {
    digits table[16], m, acc, c;
} exp2_state;

/* exp_bits returns the significant bits of e (public).  Variable-time. */
static size_t exp_bits(const uint64_t *e, size_t limbs)
{
    size_t bits = 64 * limbs;
    while (bits > 0 && ((e[(bits - 1) / 64] >> ((bits - 1) % 64)) & 1) == 0)
        bits--;
    return bits;
}

/* two_bits returns bits [pos, pos + 2) of e (limbs limbs; pos even). */
static uint64_t two_bits(const uint64_t *e, size_t limbs, size_t pos)
{
    return pos / 64 < limbs ? (e[pos / 64] >> (pos % 64)) & 3 : 0;
}

/* exp2_amm is Shamir's simultaneous exponentiation with 2-bit windows over
 * table[4 i + j] = a1^i a2^j, the way src/bn/exp.c does it, in AMM form.
 * Variable-time in the exponents. */
IFMA_FUNC static void exp2_amm(exp2_state *s, uint64_t *r, const uint64_t *a1,
                               const uint64_t *e1, size_t e1_limbs, const uint64_t *a2,
                               const uint64_t *e2, size_t e2_limbs, const brisk_bn_mont *mont,
                               amm_fn *mul, amm_sqr_fn *sqr, size_t len)
{
    const uint64_t k0 = mont->m0inv & DIGIT_MASK, *m = s->m.d;
    size_t b1 = exp_bits(e1, e1_limbs), b2 = exp_bits(e2, e2_limbs);
    size_t pos = b1 > b2 ? b1 : b2;

    to_digits(&s->m, mont->m, mont->n, len);
    domain_const(&s->c, &s->m, mont, mul, len);
    to_amm(&s->table[0], NULL, &s->c, &s->m, mont, mul, len);
    to_amm(&s->table[1], a2, &s->c, &s->m, mont, mul, len);
    to_amm(&s->table[4], a1, &s->c, &s->m, mont, mul, len);
    sqr(s->table[2].d, s->table[1].d, m, k0);
    mul(s->table[3].d, s->table[2].d, s->table[1].d, m, k0, len);
    sqr(s->table[8].d, s->table[4].d, m, k0);
    mul(s->table[12].d, s->table[8].d, s->table[4].d, m, k0, len);
    for (size_t i = 4; i < 16; i += 4)
        for (size_t j = 1; j < 4; j++)
            mul(s->table[i + j].d, s->table[i].d, s->table[j].d, m, k0, len);

    s->acc = s->table[0];
    pos += pos & 1;
    while (pos > 0) {
        pos -= 2;
        sqr(s->acc.d, s->acc.d, m, k0);
        sqr(s->acc.d, s->acc.d, m, k0);
        uint64_t k = 4 * two_bits(e1, e1_limbs, pos) + two_bits(e2, e2_limbs, pos);
        if (k != 0)
            mul(s->acc.d, s->acc.d, s->table[k].d, m, k0, len);
    }
    leave_domain(r, &s->acc, &s->m, mont, mul, len);
}

static int mod_exp2_ifma(uint64_t *r, const uint64_t *a1, const uint64_t *e1, size_t e1_limbs,
                         const uint64_t *a2, const uint64_t *e2, size_t e2_limbs,
                         const brisk_bn_mont *mont)
{
    size_t len, vecs;
    amm_sqr_fn *sqr;
    amm_fn *mul = amm_size(mont->n, &len, &vecs, &sqr);
    if (mul == NULL)
        return 0;

    exp2_state s;
    exp2_amm(&s, r, a1, e1, e1_limbs, a2, e2, e2_limbs, mont, mul, sqr, len);
    wipe(&s, sizeof(s));
    return 1;
}

/* ---- One base, public exponent ---- */

/* The working state of brisk_bn_mod_exp_public's kernel. */
typedef struct {
    digits base, m, acc, c;
} exp_public_state;

/* finish_plain sets r (n limbs) = acc mod m for acc < 2m: acc may need a
 * bit more than n limbs. */
static void finish_plain(uint64_t *r, const digits *acc, const brisk_bn_mont *mont, size_t len)
{
    uint64_t x[BRISK_BN_MAX_LIMBS + 1], m[BRISK_BN_MAX_LIMBS + 1];
    size_t n = mont->n;

    from_digits(x, n + 1, acc, len);
    memcpy(m, mont->m, n * sizeof(uint64_t));
    m[n] = 0;
    sub_if_not_below(x, m, n + 1);
    memcpy(r, x, n * sizeof(uint64_t));
}

/* exp_public_amm is left-to-right binary exponentiation in AMM form: RSA's
 * public exponents are short (65537: 16 squarings and one multiplication),
 * and staying in radix 2^52 for all of them saves mont_radix52's
 * conversions at every step.  An odd exponent's last multiplication takes
 * a itself rather than its AMM form, which leaves the domain on the way
 * (x 2^(52 len) a / 2^(52 len) = x a; below 2m as AMM(x, b) < x b / 2^(52
 * len) + m), so no AMM by 1 is needed after it.  Variable-time in the
 * exponent. */
IFMA_FUNC static void exp_public_amm(exp_public_state *s, uint64_t *r, const uint64_t *a,
                                     const uint64_t *e, size_t e_limbs,
                                     const brisk_bn_mont *mont, amm_fn *mul, amm_sqr_fn *sqr,
                                     size_t len)
{
    const uint64_t k0 = mont->m0inv & DIGIT_MASK, *m = s->m.d;
    size_t bits = exp_bits(e, e_limbs);

    to_digits(&s->m, mont->m, mont->n, len);
    domain_const(&s->c, &s->m, mont, mul, len);
    to_amm(&s->base, a, &s->c, &s->m, mont, mul, len);
    s->acc = s->base;
    for (size_t i = bits - 1; i-- > 0;) {
        sqr(s->acc.d, s->acc.d, m, k0);
        if (((e[i / 64] >> (i % 64)) & 1) && i > 0)
            mul(s->acc.d, s->acc.d, s->base.d, m, k0, len);
    }
    if (bits > 1 && (e[0] & 1)) {
        to_digits(&s->c, a, mont->n, len); /* c is no longer needed */
        mul(s->acc.d, s->acc.d, s->c.d, m, k0, len);
        finish_plain(r, &s->acc, mont, len);
    } else {
        leave_domain(r, &s->acc, &s->m, mont, mul, len);
    }
}

static int mod_exp_public_ifma(uint64_t *r, const uint64_t *a, const uint64_t *e,
                               size_t e_limbs, const brisk_bn_mont *mont)
{
    size_t len, vecs;
    amm_sqr_fn *sqr;
    amm_fn *mul = amm_size(mont->n, &len, &vecs, &sqr);
    if (mul == NULL || exp_bits(e, e_limbs) == 0)
        return 0;

    exp_public_state s;
    exp_public_amm(&s, r, a, e, e_limbs, mont, mul, sqr, len);
    return 1;
}

/* ---- Montgomery multiplication with R = 2^(64 n) ----
 * For the sizes above, mont_mul and mont_sqr run in radix 2^52 too (the
 * public-exponent and two-base exponentiations and the prime tests go
 * through them): len - 1 AMM steps divide by 2^(52 (len - 1)), and one
 * scalar step over 64-bit limbs adds a times b's top digit (k bits, k =
 * 64 n - 52 (len - 1)) and reduces by 2^k, which makes R = 2^(64 n) and the
 * results those of the other implementations.  With a, b < m the steps
 * leave x < 2m and the last (x + a b_top + y m) / 2^k < 2m, so one
 * subtraction finishes. */

/* last_step sets r = (x + a b_top + y m) / 2^k mod m for the n + 1 limbs x
 * (which it overwrites), y making the sum divisible by 2^k (0 < k < 64). */
static void last_step(uint64_t *r, uint64_t *x, const uint64_t *a, uint64_t b_top, unsigned k,
                      const brisk_bn_mont *mont)
{
    size_t n = mont->n;
    uint64_t c = 0, hi, top;

    x[n + 1] = 0;
    for (size_t i = 0; i < n; i++)
        x[i] = mac64(a[i], b_top, x[i], c, &c);
    x[n] += c;
    x[n + 1] += x[n] < c;
    uint64_t y = (x[0] * mont->m0inv) & (((uint64_t)1 << k) - 1);
    c = 0;
    for (size_t i = 0; i < n; i++)
        x[i] = mac64(mont->m[i], y, x[i], c, &c);
    x[n] += c;
    x[n + 1] += x[n] < c;
    for (size_t i = 0; i < n; i++)
        x[i] = x[i] >> k | x[i + 1] << (64 - k);
    top = x[n] >> k | x[n + 1] << (64 - k);   /* 0 or 1: x < 2m */
    hi = brisk_limbs_sub(r, x, mont->m, n);
    brisk_limbs_select(r, hi & (top ^ 1), x, r, n);
}

/* mont_radix52 sets r = a b R^-1 mod m (b = a for a squaring). */
static void mont_radix52(uint64_t *r, const uint64_t *a, const uint64_t *b,
                         const brisk_bn_mont *mont, amm_fn *mul, size_t len)
{
    size_t n = mont->n;
    digits da, db, dm, dx;
    uint64_t x[BRISK_BN_MAX_LIMBS + 2];

    to_digits(&da, a, n, len);
    to_digits(&dm, mont->m, n, len);
    if (b != a)
        to_digits(&db, b, n, len);
    const digits *pb = b != a ? &db : &da;
    mul(dx.d, da.d, pb->d, dm.d, mont->m0inv & DIGIT_MASK, len - 1);
    from_digits(x, n + 1, &dx, len);
    last_step(r, x, a, pb->d[len - 1], (unsigned)(64 * n - 52 * (len - 1)), mont);
    wipe(&da, sizeof(da));
    wipe(&db, sizeof(db));
    wipe(&dx, sizeof(dx));
    wipe(x, sizeof(x));
}

/* radix52_size is amm_size for the moduli on which mont_radix52 beats
 * mont_adx.c: its conversions and last step cost about as much as 19 AMM
 * steps save at 1024 bits (bench/bench_bn.c: 956 against 830 ticks), and
 * less at 1536 bits and up (1400 against 1800 at 1536, 2000 against 3060
 * at 2048, 3200 against 10400 at 3072; about 7600 against 12800 at 4096
 * in a scratch loop; 8100 against 20700 at 6144, 12700 against 36500 at
 * 8192).  512-bit moduli, with fewer steps to save, stay on mont_adx.c
 * too. */
static amm_fn *radix52_size(size_t n, size_t *len, size_t *vecs)
{
    amm_sqr_fn *sqr;
    return n <= 16 ? NULL : amm_size(n, len, vecs, &sqr);
}

static void mont_mul_ifma(uint64_t *r, const uint64_t *a, const uint64_t *b,
                          const brisk_bn_mont *mont)
{
    size_t len, vecs;
    amm_fn *mul = radix52_size(mont->n, &len, &vecs);
    if (mul != NULL)
        mont_radix52(r, a, b, mont, mul, len);
    else
        brisk_bn_impl_adx.mont_mul(r, a, b, mont);
}

static void mont_sqr_ifma(uint64_t *r, const uint64_t *a, const brisk_bn_mont *mont)
{
    size_t len, vecs;
    amm_fn *mul = radix52_size(mont->n, &len, &vecs);
    if (mul != NULL)
        mont_radix52(r, a, a, mont, mul, len);
    else
        brisk_bn_impl_adx.mont_sqr(r, a, mont);
}

const brisk_bn_impl brisk_bn_impl_ifma = {mont_mul_ifma, mont_sqr_ifma, mod_exp_ifma,
                                          mod_exp2_ifma, mod_exp_public_ifma,
                                          mod_exp_pair_ifma};

#endif
