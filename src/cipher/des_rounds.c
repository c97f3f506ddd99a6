/*
 * src/cipher/des_rounds.c - DES's 16 rounds (FIPS 46-3) in each inner-loop
 * variant of SSLeay's des_opts.c, and brisk's rorx form: the
 * implementations of the "des" primitive, which `brisk des-opts` ranks.
 *
 * The variants are des_locl.h's DES_PTR, DES_RISC1, DES_RISC2 and
 * DES_UNROLL: table addressing by index or by byte offset ("idx"/"ptr"),
 * the lookups as one expression ("cisc") or in the two RISC orders, and 4
 * rounds per loop iteration or all 16 unrolled.  Each is a plainly named
 * function, e.g. brisk_des_ptr_risc1_16, over the shared inline round
 * helpers; their implementation names ("ptr-risc1-16") are SSLeay's words
 * for DES_options(), "des(ptr,risc1,16,...)", with '-' for ','.  On x86-64
 * with BMI2 there are two more of brisk's own, "ptr-rorx-4" and
 * "ptr-rorx-16": the byte-offset plain form with its bytes extracted by
 * rorx.  The dispatcher's order is in des.c.
 *
 * Not constant-time: the tables are indexed by key-dependent data.
 */
#include "des_internal.h"

/* ---- Round functions: SSLeay's D_ENCRYPT, one per variant ----
 *
 * A round takes the tables sp (from sp_base), the half it replaces, l, and
 * x = r ^ k, the other half already mixed with its round key; it returns
 * l ^ f(r, k) and stores in *x_next that result xored with the next round
 * key k_next.  The S-box input of byte i of x is (x >> (8 i + 2)) & 63. */

/* sp_base returns brisk_des_sp as bytes, hiding where it points from the
 * optimiser: the eight tables are then addressed as one base register plus
 * constant displacements, where gcc would otherwise spend a register (and
 * reload it, short of registers) per table. */
static inline const uint8_t *sp_base(void)
{
    const uint8_t *sp = (const uint8_t *)brisk_des_sp;
    __asm__("" : "+r"(sp));
    return sp;
}

/* sp_idx looks S-box byte i up by index. */
static inline uint64_t sp_idx(const uint8_t *sp, unsigned i, uint64_t v)
{
    return *(const uint64_t *)(sp + sizeof(brisk_des_sp[0]) * i + 8 * (v & 63));
}

/* sp_ptr looks S-box byte i up by byte offset (DES_PTR): the byte of the
 * round input is already the index times 4, as in SSLeay, so it is used
 * as it stands, without shifting it down; twice it is the offset of an
 * 8-byte entry. */
static inline uint64_t sp_ptr(const uint8_t *sp, unsigned i, uint64_t v)
{
    return *(const uint64_t *)(sp + sizeof(brisk_des_sp[0]) * i + 2 * (v & 0xff));
}

/* opaque64 returns x, hiding how it was computed from the optimiser. */
static inline uint64_t opaque64(uint64_t x)
{
    __asm__("" : "+r"(x));
    return x;
}

/* plain_round xors the eight lookups t0..t7 (t_i from byte i of the round
 * input) into l.  The next round's input is l ^ k_next, ready early, xored
 * with the lookups pair by pair in the order their loads can finish: with
 * two load ports the eight loads complete over four cycles, and bytes 0, 1,
 * 3 and 7 need one instruction to extract (a byte move or one shift) where
 * the others need two.  The round's result follows from it, off the serial
 * path.  The opaque partial sums keep gcc from re-chaining them into one
 * accumulator in source order. */
static inline uint64_t plain_round(uint64_t l, uint64_t k_next, uint64_t *x_next,
                                   uint64_t t0, uint64_t t1, uint64_t t2, uint64_t t3,
                                   uint64_t t4, uint64_t t5, uint64_t t6, uint64_t t7)
{
    uint64_t a = opaque64(opaque64(l ^ k_next) ^ opaque64(t0 ^ t1));
    uint64_t b = opaque64(a ^ opaque64(t7 ^ t3));
    uint64_t c = opaque64(b ^ opaque64(t2 ^ t4));
    *x_next = c ^ opaque64(t5 ^ t6);
    return *x_next ^ k_next;
}

/* The plain form: the eight lookups in one expression. */
static inline uint64_t round_idx_cisc(const uint8_t *sp, uint64_t l, uint64_t x,
                                      uint64_t k_next, uint64_t *x_next)
{
    return plain_round(l, k_next, x_next, sp_idx(sp, 0, x >> 2), sp_idx(sp, 1, x >> 10),
                       sp_idx(sp, 2, x >> 18), sp_idx(sp, 3, x >> 26),
                       sp_idx(sp, 4, x >> 34), sp_idx(sp, 5, x >> 42),
                       sp_idx(sp, 6, x >> 50), sp_idx(sp, 7, x >> 58));
}

static inline uint64_t round_ptr_cisc(const uint8_t *sp, uint64_t l, uint64_t x,
                                      uint64_t k_next, uint64_t *x_next)
{
    return plain_round(l, k_next, x_next, sp_ptr(sp, 0, x), sp_ptr(sp, 1, x >> 8),
                       sp_ptr(sp, 2, x >> 16), sp_ptr(sp, 3, (uint32_t)x >> 24),
                       sp_ptr(sp, 4, x >> 32), sp_ptr(sp, 5, x >> 40),
                       sp_ptr(sp, 6, x >> 48), sp_ptr(sp, 7, x >> 56));
}

/* The rorx form, brisk's own (x86-64 with BMI2): the byte-offset plain
 * form with its indices taken from x and three copies of it rotated by 16,
 * 32 and 48 bits, each a low and a high byte.  rorx leaves its source
 * intact where a shift needs a copy first, which Ice Lake does not
 * eliminate, so the eight indices take about 11 instructions instead of
 * 19, all ready at once at the start of the round, which shortens its
 * latency. */
static inline uint64_t round_ptr_rorx(const uint8_t *sp, uint64_t l, uint64_t x,
                                      uint64_t k_next, uint64_t *x_next)
{
    uint64_t y = rotr64(x, 16), z = rotr64(x, 32), w = rotr64(x, 48);
    return plain_round(l, k_next, x_next, sp_ptr(sp, 0, x), sp_ptr(sp, 1, x >> 8),
                       sp_ptr(sp, 2, y), sp_ptr(sp, 3, y >> 8), sp_ptr(sp, 4, z),
                       sp_ptr(sp, 5, z >> 8), sp_ptr(sp, 6, w), sp_ptr(sp, 7, w >> 8));
}

/* DES_RISC1: one working word shifted down 16 bits at a time, two indices
 * taken from it per step, each lookup xored into l in turn. */
static inline uint64_t round_idx_risc1(const uint8_t *sp, uint64_t l, uint64_t x,
                                       uint64_t k_next, uint64_t *x_next)
{
    x >>= 2;
    for (unsigned i = 0; i < 8; i += 2, x >>= 16) {
        uint64_t a = x, b = x >> 8;
        l ^= sp_idx(sp, i, a);
        l ^= sp_idx(sp, i + 1, b);
    }
    *x_next = l ^ k_next;
    return l;
}

static inline uint64_t round_ptr_risc1(const uint8_t *sp, uint64_t l, uint64_t x,
                                       uint64_t k_next, uint64_t *x_next)
{
    for (unsigned i = 0; i < 8; i += 2, x >>= 16) {
        uint64_t a = x, b = x >> 8;
        l ^= sp_ptr(sp, i, a);
        l ^= sp_ptr(sp, i + 1, b);
    }
    *x_next = l ^ k_next;
    return l;
}

/* DES_RISC2: the word is left whole and each pair of indices is shifted
 * out of it into two temporaries, each lookup xored into l in turn. */
static inline uint64_t round_idx_risc2(const uint8_t *sp, uint64_t l, uint64_t x,
                                       uint64_t k_next, uint64_t *x_next)
{
    for (unsigned i = 0; i < 8; i += 2) {
        uint64_t s1 = x >> (8 * i + 2), s2 = x >> (8 * i + 10);
        l ^= sp_idx(sp, i, s1);
        l ^= sp_idx(sp, i + 1, s2);
    }
    *x_next = l ^ k_next;
    return l;
}

static inline uint64_t round_ptr_risc2(const uint8_t *sp, uint64_t l, uint64_t x,
                                       uint64_t k_next, uint64_t *x_next)
{
    for (unsigned i = 0; i < 8; i += 2) {
        uint64_t s1 = x >> (8 * i), s2 = x >> (8 * i + 8);
        l ^= sp_ptr(sp, i, s1);
        l ^= sp_ptr(sp, i + 1, s2);
    }
    *x_next = l ^ k_next;
    return l;
}

/* ---- Loop shapes: DES_UNROLL or not ----
 *
 * Always inlined so that each variant below gets its own copy with the round
 * function, a constant, inlined into it.  k has a 17th, zero, entry so that
 * the last round may read one key ahead like the others. */

typedef uint64_t des_round_fn(const uint8_t *sp, uint64_t l, uint64_t x, uint64_t k_next,
                              uint64_t *x_next);

static inline __attribute__((always_inline)) des_halves
rounds_16(des_halves s, const uint64_t k[17], des_round_fn *round)
{
    const uint8_t *sp = sp_base();
    uint64_t l = s.l, r = s.r, x = r ^ k[0];

    l = round(sp, l, x, k[1], &x);
    r = round(sp, r, x, k[2], &x);
    l = round(sp, l, x, k[3], &x);
    r = round(sp, r, x, k[4], &x);
    l = round(sp, l, x, k[5], &x);
    r = round(sp, r, x, k[6], &x);
    l = round(sp, l, x, k[7], &x);
    r = round(sp, r, x, k[8], &x);
    l = round(sp, l, x, k[9], &x);
    r = round(sp, r, x, k[10], &x);
    l = round(sp, l, x, k[11], &x);
    r = round(sp, r, x, k[12], &x);
    l = round(sp, l, x, k[13], &x);
    r = round(sp, r, x, k[14], &x);
    l = round(sp, l, x, k[15], &x);
    r = round(sp, r, x, k[16], &x);
    return (des_halves){r, l};
}

static inline __attribute__((always_inline)) des_halves
rounds_4(des_halves s, const uint64_t k[17], des_round_fn *round)
{
    const uint8_t *sp = sp_base();
    uint64_t l = s.l, r = s.r, x = r ^ k[0];

    for (int i = 0; i < 16; i += 4) {
        l = round(sp, l, x, k[i + 1], &x);
        r = round(sp, r, x, k[i + 2], &x);
        l = round(sp, l, x, k[i + 3], &x);
        r = round(sp, r, x, k[i + 4], &x);
    }
    return (des_halves){r, l};
}

/* ---- The variants ---- */

des_halves brisk_des_idx_cisc_4(des_halves s, const uint64_t k[17])
{
    return rounds_4(s, k, round_idx_cisc);
}

des_halves brisk_des_idx_cisc_16(des_halves s, const uint64_t k[17])
{
    return rounds_16(s, k, round_idx_cisc);
}

des_halves brisk_des_idx_risc1_4(des_halves s, const uint64_t k[17])
{
    return rounds_4(s, k, round_idx_risc1);
}

des_halves brisk_des_idx_risc1_16(des_halves s, const uint64_t k[17])
{
    return rounds_16(s, k, round_idx_risc1);
}

des_halves brisk_des_idx_risc2_4(des_halves s, const uint64_t k[17])
{
    return rounds_4(s, k, round_idx_risc2);
}

des_halves brisk_des_idx_risc2_16(des_halves s, const uint64_t k[17])
{
    return rounds_16(s, k, round_idx_risc2);
}

des_halves brisk_des_ptr_cisc_4(des_halves s, const uint64_t k[17])
{
    return rounds_4(s, k, round_ptr_cisc);
}

des_halves brisk_des_ptr_cisc_16(des_halves s, const uint64_t k[17])
{
    return rounds_16(s, k, round_ptr_cisc);
}

des_halves brisk_des_ptr_risc1_4(des_halves s, const uint64_t k[17])
{
    return rounds_4(s, k, round_ptr_risc1);
}

des_halves brisk_des_ptr_risc1_16(des_halves s, const uint64_t k[17])
{
    return rounds_16(s, k, round_ptr_risc1);
}

des_halves brisk_des_ptr_risc2_4(des_halves s, const uint64_t k[17])
{
    return rounds_4(s, k, round_ptr_risc2);
}

des_halves brisk_des_ptr_risc2_16(des_halves s, const uint64_t k[17])
{
    return rounds_16(s, k, round_ptr_risc2);
}

#ifdef BRISK_X86_64
/* The rorx forms: gcc emits rorx for the rotations only with BMI2 on. */
__attribute__((target("bmi2"))) des_halves brisk_des_ptr_rorx_4(des_halves s,
                                                                const uint64_t k[17])
{
    return rounds_4(s, k, round_ptr_rorx);
}

__attribute__((target("bmi2"))) des_halves brisk_des_ptr_rorx_16(des_halves s,
                                                                 const uint64_t k[17])
{
    return rounds_16(s, k, round_ptr_rorx);
}
#endif
