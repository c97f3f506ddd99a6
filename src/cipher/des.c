/*
 * src/cipher/des.c - DES (FIPS 46-3) and triple DES (NIST SP 800-67 EDE,
 * with two keys, K3 = K1, or three): ECB over whole blocks and CBC
 * encryption, with SSLeay's inner-loop variants as run-time implementations
 * of the "des" primitive.
 *
 * Technique: Eric Young's SSLeay tables.  Each S-box is merged with the P
 * permutation into a table of 64 words (des_sp), so a round is eight
 * lookups xored together; the initial and final permutations are the
 * classic swap-move sequences; triple DES does them once around its three
 * passes.  Unlike SSLeay, whose 32-bit round rotates one copy of R by four
 * bits, each half of the block is kept here as a 64-bit word holding two
 * rotated copies of itself, rotl(R, 7) << 32 | rotl(R, 3), with bits 0 and
 * 1 of each byte cleared: then R xor the round key has the eight 6-bit
 * S-box inputs in bits 2..7 of its eight bytes and zeros below them, and
 * the tables hold their outputs in the same form, so the round has neither
 * rotation nor mask, and its byte-offset form (DES_PTR) only extracts
 * bytes.
 *
 * The variants are those SSLeay's des_opts.c times (des_locl.h's DES_PTR,
 * DES_RISC1, DES_RISC2 and DES_UNROLL): table addressing by index or by
 * byte offset ("idx"/"ptr"), the lookups as one expression ("cisc") or in
 * the two RISC orders, and 4 rounds per loop iteration or all 16 unrolled.
 * Each is a plainly named function, e.g. des_ptr_risc1_16, over the shared
 * inline round helpers; their implementation names ("ptr-risc1-16") are
 * SSLeay's words for DES_options(), "des(ptr,risc1,16,...)", with ',' for
 * '-'.  On x86-64 with BMI2 there are two more of brisk's own,
 * "ptr-rorx-4" and "ptr-rorx-16" (des(ptr,rorx,...)): the plain byte-offset
 * form with its bytes extracted by rorx, the default there.  All use the
 * same key schedule, so a key stays usable whichever is active.
 *
 * Not constant-time: the tables are indexed by key-dependent data (the
 * descriptors carry BRISK_CIPHER_NOCT).
 */
#include "internal.h"

/* The tables below were generated from FIPS 46-3's S-boxes, P, PC-2 and the
 * layout described above:
 *   des_sp[i][v]: byte i of the round input holds the input of S-box
 *     G[i], G = {7, 5, 3, 1, 0, 6, 4, 2} (bytes 0..3 from rotl(R, 3), 4..7
 *     from rotl(R, 7)); the entry is p = P(S_G[i](v) in its nibble) in the
 *     doubled form (rotl(p, 7) << 32 | rotl(p, 3)) & DES_SP_MASK.
 *   des_pc2[n][v]: the round key, in that byte layout (S-box G[i]'s six key
 *     bits in bits 2..7 of byte i), contributed by the value v of nibble n
 *     (from the top) of the 56-bit C << 28 | D; a round key is the xor of
 *     the 14 nibbles' entries.
 * tests/test_des.c checks every implementation against a bit-by-bit FIPS
 * 46-3 reference on random keys and blocks as well as the CAVP vectors. */
static const _Alignas(64) uint64_t des_sp[8][64] = {
    {
        0x0004100440004000, 0x0004000000004000, 0x0000000000100000,
        0x0004100440104000, 0x0000000440000000, 0x0004100440004000,
        0x0000100000000000, 0x0000000440000000, 0x0000100000100000,
        0x0000000440100000, 0x0004100440104000, 0x0004000000104000,
        0x0004000440104000, 0x0004100000104000, 0x0004000000004000,
        0x0000100000000000, 0x0000000440100000, 0x0000100440000000,
        0x0004000440004000, 0x0004100000004000, 0x0004000000104000,
        0x0000100000100000, 0x0000100440100000, 0x0004000440104000,
        0x0004100000004000, 0x0000000000000000, 0x0000000000000000,
        0x0000100440100000, 0x0000100440000000, 0x0004000440004000,
        0x0004100000104000, 0x0000000000100000, 0x0004100000104000,
        0x0000000000100000, 0x0004000440104000, 0x0004000000004000,
        0x0000100000000000, 0x0000100440100000, 0x0004000000004000,
        0x0004100000104000, 0x0004000440004000, 0x0000100000000000,
        0x0000100440000000, 0x0000000440100000, 0x0000100440100000,
        0x0000000440000000, 0x0000000000100000, 0x0004100440004000,
        0x0000000000000000, 0x0004100440104000, 0x0000100000100000,
        0x0000100440000000, 0x0000000440100000, 0x0004000440004000,
        0x0004100440004000, 0x0000000000000000, 0x0004100440104000,
        0x0004000000104000, 0x0004000000104000, 0x0004100000004000,
        0x0004100000004000, 0x0000100000100000, 0x0000000440000000,
        0x0004000440104000,
    },
    {
        0x0000040880000040, 0x1000000880000000, 0x0010000000000000,
        0x1010040880000040, 0x1000000880000000, 0x0000040000000040,
        0x1010040880000040, 0x1000000000000000, 0x0010000880000000,
        0x1010040000000040, 0x1000000000000000, 0x0000040880000040,
        0x1000040000000040, 0x0010000880000000, 0x0000000880000000,
        0x0010040000000040, 0x0000000000000000, 0x1000040000000040,
        0x0010040880000040, 0x0010000000000000, 0x1010000000000000,
        0x0010040880000040, 0x0000040000000040, 0x1000040880000040,
        0x1000040880000040, 0x0000000000000000, 0x1010040000000040,
        0x1010000880000000, 0x0010040000000040, 0x1010000000000000,
        0x1010000880000000, 0x0000000880000000, 0x0010000880000000,
        0x0000040000000040, 0x1000040880000040, 0x1010000000000000,
        0x1010040880000040, 0x1000000000000000, 0x0010040000000040,
        0x0000040880000040, 0x1000000000000000, 0x0010000880000000,
        0x0000000880000000, 0x0010040000000040, 0x0000040880000040,
        0x1010040880000040, 0x1010000000000000, 0x1000000880000000,
        0x1010040000000040, 0x1010000880000000, 0x0000000000000000,
        0x1000040880000040, 0x0000040000000040, 0x0010000000000000,
        0x1000000880000000, 0x1010040000000040, 0x0010000000000000,
        0x1000040000000040, 0x0010040880000040, 0x0000000000000000,
        0x1010000880000000, 0x0000000880000000, 0x1000040000000040,
        0x0010040880000040,
    },
    {
        0x2008004000008004, 0x0008204000008004, 0x0008204000008004,
        0x0000200000000000, 0x2008200000008000, 0x2000204000000004,
        0x2000004000000004, 0x0008004000008004, 0x0000000000000000,
        0x2008000000008000, 0x2008000000008000, 0x2008204000008004,
        0x0000204000000004, 0x0000000000000000, 0x2000200000000000,
        0x2000004000000004, 0x0000004000000004, 0x0008000000008000,
        0x2000000000000000, 0x2008004000008004, 0x0000200000000000,
        0x2000000000000000, 0x0008004000008004, 0x0008200000008000,
        0x2000204000000004, 0x0000004000000004, 0x0008200000008000,
        0x2000200000000000, 0x0008000000008000, 0x2008200000008000,
        0x2008204000008004, 0x0000204000000004, 0x2000200000000000,
        0x2000004000000004, 0x2008000000008000, 0x2008204000008004,
        0x0000204000000004, 0x0000000000000000, 0x0000000000000000,
        0x2008000000008000, 0x0008200000008000, 0x2000200000000000,
        0x2000204000000004, 0x0000004000000004, 0x2008004000008004,
        0x0008204000008004, 0x0008204000008004, 0x0000200000000000,
        0x2008204000008004, 0x0000204000000004, 0x0000004000000004,
        0x0008000000008000, 0x2000004000000004, 0x0008004000008004,
        0x2008200000008000, 0x2000204000000004, 0x0008004000008004,
        0x0008200000008000, 0x2000000000000000, 0x2008004000008004,
        0x0000200000000000, 0x2000000000000000, 0x0008000000008000,
        0x2008200000008000,
    },
    {
        0x0420082000400080, 0x0020002000000000, 0x0020000000000000,
        0x0420080000400080, 0x0400000000400000, 0x0000080000000080,
        0x0400082000400080, 0x0020082000000080, 0x0000082000000080,
        0x0420082000400080, 0x0420002000400000, 0x0000002000000000,
        0x0020002000000000, 0x0400000000400000, 0x0000080000000080,
        0x0400082000400080, 0x0420000000400000, 0x0400080000400080,
        0x0020082000000080, 0x0000000000000000, 0x0000002000000000,
        0x0020000000000000, 0x0420080000400080, 0x0400002000400000,
        0x0400080000400080, 0x0000082000000080, 0x0000000000000000,
        0x0420000000400000, 0x0020080000000080, 0x0420002000400000,
        0x0400002000400000, 0x0020080000000080, 0x0000000000000000,
        0x0420080000400080, 0x0400082000400080, 0x0400000000400000,
        0x0020082000000080, 0x0400002000400000, 0x0420002000400000,
        0x0020000000000000, 0x0400002000400000, 0x0020002000000000,
        0x0000080000000080, 0x0420082000400080, 0x0420080000400080,
        0x0000080000000080, 0x0020000000000000, 0x0000002000000000,
        0x0020080000000080, 0x0420002000400000, 0x0400000000400000,
        0x0000082000000080, 0x0400080000400080, 0x0020082000000080,
        0x0000082000000080, 0x0400080000400080, 0x0420000000400000,
        0x0000000000000000, 0x0020002000000000, 0x0020080000000080,
        0x0000002000000000, 0x0400082000400080, 0x0420082000400080,
        0x0420000000400000,
    },
    {
        0x4040000004041000, 0x0000000000000000, 0x0040000000040000,
        0x4040000004041010, 0x4040000004040010, 0x0040000000041010,
        0x0000000000000010, 0x0040000000040000, 0x0000000000001000,
        0x4040000004041000, 0x4040000004041010, 0x0000000000001000,
        0x4000000004001010, 0x4040000004040010, 0x4000000004000000,
        0x0000000000000010, 0x0000000000001010, 0x4000000004001000,
        0x4000000004001000, 0x0040000000041000, 0x0040000000041000,
        0x4040000004040000, 0x4040000004040000, 0x4000000004001010,
        0x0040000000040010, 0x4000000004000010, 0x4000000004000010,
        0x0040000000040010, 0x0000000000000000, 0x0000000000001010,
        0x0040000000041010, 0x4000000004000000, 0x0040000000040000,
        0x4040000004041010, 0x0000000000000010, 0x4040000004040000,
        0x4040000004041000, 0x4000000004000000, 0x4000000004000000,
        0x0000000000001000, 0x4040000004040010, 0x0040000000040000,
        0x0040000000041000, 0x4000000004000010, 0x0000000000001000,
        0x0000000000000010, 0x4000000004001010, 0x0040000000041010,
        0x4040000004041010, 0x0040000000040010, 0x4040000004040000,
        0x4000000004001010, 0x4000000004000010, 0x0000000000001010,
        0x0040000000041010, 0x4040000004041000, 0x0000000000001010,
        0x4000000004001000, 0x4000000004001000, 0x0000000000000000,
        0x0040000000040010, 0x0040000000041000, 0x0000000000000000,
        0x4040000004040010,
    },
    {
        0x0800000000800000, 0x0800008010800008, 0x0000008010002008,
        0x0000000000000000, 0x0000000000002000, 0x0000008010002008,
        0x0800008000802008, 0x0800000010802000, 0x0800008010802008,
        0x0800000000800000, 0x0000000000000000, 0x0000008010000008,
        0x0000008000000008, 0x0000000010000000, 0x0800008010800008,
        0x0000008000002008, 0x0000000010002000, 0x0800008000802008,
        0x0800008000800008, 0x0000000010002000, 0x0000008010000008,
        0x0800000010800000, 0x0800000010802000, 0x0800008000800008,
        0x0800000010800000, 0x0000000000002000, 0x0000008000002008,
        0x0800008010802008, 0x0800000000802000, 0x0000008000000008,
        0x0000000010000000, 0x0800000000802000, 0x0000000010000000,
        0x0800000000802000, 0x0800000000800000, 0x0000008010002008,
        0x0000008010002008, 0x0800008010800008, 0x0800008010800008,
        0x0000008000000008, 0x0800008000800008, 0x0000000010000000,
        0x0000000010002000, 0x0800000000800000, 0x0800000010802000,
        0x0000008000002008, 0x0800008000802008, 0x0800000010802000,
        0x0000008000002008, 0x0000008010000008, 0x0800008010802008,
        0x0800000010800000, 0x0800000000802000, 0x0000000000000000,
        0x0000008000000008, 0x0800008010802008, 0x0000000000000000,
        0x0800008000802008, 0x0800000010800000, 0x0000000000002000,
        0x0000008010000008, 0x0000000010002000, 0x0000000000002000,
        0x0800008000800008,
    },
    {
        0x0000400000000400, 0x8000400008200400, 0x8000000008200000,
        0x8000401008000400, 0x0000000000200000, 0x0000400000000400,
        0x0000001000000000, 0x8000000008200000, 0x0000401000200400,
        0x0000000000200000, 0x8000400008000400, 0x0000401000200400,
        0x8000401008000400, 0x8000001008200000, 0x0000400000200400,
        0x0000001000000000, 0x8000000008000000, 0x0000001000200000,
        0x0000001000200000, 0x0000000000000000, 0x0000401000000400,
        0x8000401008200400, 0x8000401008200400, 0x8000400008000400,
        0x8000001008200000, 0x0000401000000400, 0x0000000000000000,
        0x8000001008000000, 0x8000400008200400, 0x8000000008000000,
        0x8000001008000000, 0x0000400000200400, 0x0000000000200000,
        0x8000401008000400, 0x0000400000000400, 0x8000000008000000,
        0x0000001000000000, 0x8000000008200000, 0x8000401008000400,
        0x0000401000200400, 0x8000400008000400, 0x0000001000000000,
        0x8000001008200000, 0x8000400008200400, 0x0000401000200400,
        0x0000400000000400, 0x8000000008000000, 0x8000001008200000,
        0x8000401008200400, 0x0000400000200400, 0x8000001008000000,
        0x8000401008200400, 0x8000000008200000, 0x0000000000000000,
        0x0000001000200000, 0x8000001008000000, 0x0000400000200400,
        0x8000400008000400, 0x0000401000000400, 0x0000000000200000,
        0x0000000000000000, 0x0000001000200000, 0x8000400008200400,
        0x0000401000000400,
    },
    {
        0x0000800000000820, 0x0080800020080800, 0x0000000000000000,
        0x0080000020080020, 0x0000800020000800, 0x0000000000000000,
        0x0080800000080820, 0x0000800020000800, 0x0080000000080020,
        0x0000000020000020, 0x0000000020000020, 0x0080000000080000,
        0x0080800020080820, 0x0080000000080020, 0x0080000020080000,
        0x0000800000000820, 0x0000000020000000, 0x0000000000000020,
        0x0080800020080800, 0x0000800000000800, 0x0080800000080800,
        0x0080000020080000, 0x0080000020080020, 0x0080800000080820,
        0x0000800020000820, 0x0080800000080800, 0x0080000000080000,
        0x0000800020000820, 0x0000000000000020, 0x0080800020080820,
        0x0000800000000800, 0x0000000020000000, 0x0080800020080800,
        0x0000000020000000, 0x0080000000080020, 0x0000800000000820,
        0x0080000000080000, 0x0080800020080800, 0x0000800020000800,
        0x0000000000000000, 0x0000800000000800, 0x0080000000080020,
        0x0080800020080820, 0x0000800020000800, 0x0000000020000020,
        0x0000800000000800, 0x0000000000000000, 0x0080000020080020,
        0x0000800020000820, 0x0080000000080000, 0x0000000020000000,
        0x0080800020080820, 0x0000000000000020, 0x0080800000080820,
        0x0080800000080800, 0x0000000020000020, 0x0080000020080000,
        0x0000800020000820, 0x0000800000000820, 0x0080000020080000,
        0x0080800000080820, 0x0000000000000020, 0x0080000020080020,
        0x0080800000080800,
    },
};

static const _Alignas(64) uint64_t des_pc2[14][16] = {
    {
        0x0000000000000000, 0x1000000000000000, 0x0000000080000000,
        0x1000000080000000, 0x0000000000040000, 0x1000000000040000,
        0x0000000080040000, 0x1000000080040000, 0x0000000800000000,
        0x1000000800000000, 0x0000000880000000, 0x1000000880000000,
        0x0000000800040000, 0x1000000800040000, 0x0000000880040000,
        0x1000000880040000,
    },
    {
        0x0000000000000000, 0x0400000000000000, 0x0000000000400000,
        0x0400000000400000, 0x0000000010000000, 0x0400000010000000,
        0x0000000010400000, 0x0400000010400000, 0x0000000400000000,
        0x0400000400000000, 0x0000000400400000, 0x0400000400400000,
        0x0000000410000000, 0x0400000410000000, 0x0000000410400000,
        0x0400000410400000,
    },
    {
        0x0000000000000000, 0x2000000000000000, 0x0000002000000000,
        0x2000002000000000, 0x0000000004000000, 0x2000000004000000,
        0x0000002004000000, 0x2000002004000000, 0x0000000000000000,
        0x2000000000000000, 0x0000002000000000, 0x2000002000000000,
        0x0000000004000000, 0x2000000004000000, 0x0000002004000000,
        0x2000002004000000,
    },
    {
        0x0000000000000000, 0x0000000000800000, 0x0000000020000000,
        0x0000000020800000, 0x0000008000000000, 0x0000008000800000,
        0x0000008020000000, 0x0000008020800000, 0x0000000000080000,
        0x0000000000880000, 0x0000000020080000, 0x0000000020880000,
        0x0000008000080000, 0x0000008000880000, 0x0000008020080000,
        0x0000008020880000,
    },
    {
        0x0000000000000000, 0x0000000000100000, 0x4000000000000000,
        0x4000000000100000, 0x0000000000000000, 0x0000000000100000,
        0x4000000000000000, 0x4000000000100000, 0x0000004000000000,
        0x0000004000100000, 0x4000004000000000, 0x4000004000100000,
        0x0000004000000000, 0x0000004000100000, 0x4000004000000000,
        0x4000004000100000,
    },
    {
        0x0000000000000000, 0x0000001000000000, 0x8000000000000000,
        0x8000001000000000, 0x0000000000000000, 0x0000001000000000,
        0x8000000000000000, 0x8000001000000000, 0x0000000008000000,
        0x0000001008000000, 0x8000000008000000, 0x8000001008000000,
        0x0000000008000000, 0x0000001008000000, 0x8000000008000000,
        0x8000001008000000,
    },
    {
        0x0000000000000000, 0x0000000040000000, 0x0000000000200000,
        0x0000000040200000, 0x0800000000000000, 0x0800000040000000,
        0x0800000000200000, 0x0800000040200000, 0x0000000000000000,
        0x0000000040000000, 0x0000000000200000, 0x0000000040200000,
        0x0800000000000000, 0x0800000040000000, 0x0800000000200000,
        0x0800000040200000,
    },
    {
        0x0000000000000000, 0x0000000000000004, 0x0020000000000000,
        0x0020000000000004, 0x0000000000008000, 0x0000000000008004,
        0x0020000000008000, 0x0020000000008004, 0x0000000000000008,
        0x000000000000000c, 0x0020000000000008, 0x002000000000000c,
        0x0000000000008008, 0x000000000000800c, 0x0020000000008008,
        0x002000000000800c,
    },
    {
        0x0000000000000000, 0x0000000000000010, 0x0000000000000000,
        0x0000000000000010, 0x0000080000000000, 0x0000080000000010,
        0x0000080000000000, 0x0000080000000010, 0x0000000000000800,
        0x0000000000000810, 0x0000000000000800, 0x0000000000000810,
        0x0000080000000800, 0x0000080000000810, 0x0000080000000800,
        0x0000080000000810,
    },
    {
        0x0000000000000000, 0x0000000000004000, 0x0000200000000000,
        0x0000200000004000, 0x0000000000000000, 0x0000000000004000,
        0x0000200000000000, 0x0000200000004000, 0x0010000000000000,
        0x0010000000004000, 0x0010200000000000, 0x0010200000004000,
        0x0010000000000000, 0x0010000000004000, 0x0010200000000000,
        0x0010200000004000,
    },
    {
        0x0000000000000000, 0x0000800000000000, 0x0000000000000000,
        0x0000800000000000, 0x0000000000000040, 0x0000800000000040,
        0x0000000000000040, 0x0000800000000040, 0x0080000000000000,
        0x0080800000000000, 0x0080000000000000, 0x0080800000000000,
        0x0080000000000040, 0x0080800000000040, 0x0080000000000040,
        0x0080800000000040,
    },
    {
        0x0000000000000000, 0x0000000000000400, 0x0008000000000000,
        0x0008000000000400, 0x0000000000000080, 0x0000000000000480,
        0x0008000000000080, 0x0008000000000480, 0x0000000000001000,
        0x0000000000001400, 0x0008000000001000, 0x0008000000001400,
        0x0000000000001080, 0x0000000000001480, 0x0008000000001080,
        0x0008000000001480,
    },
    {
        0x0000000000000000, 0x0040000000000000, 0x0000000000002000,
        0x0040000000002000, 0x0000000000000020, 0x0040000000000020,
        0x0000000000002020, 0x0040000000002020, 0x0000400000000000,
        0x0040400000000000, 0x0000400000002000, 0x0040400000002000,
        0x0000400000000020, 0x0040400000000020, 0x0000400000002020,
        0x0040400000002020,
    },
    {
        0x0000000000000000, 0x0000100000000000, 0x0004000000000000,
        0x0004100000000000, 0x0000000000000000, 0x0000100000000000,
        0x0004000000000000, 0x0004100000000000, 0x0000040000000000,
        0x0000140000000000, 0x0004040000000000, 0x0004140000000000,
        0x0000040000000000, 0x0000140000000000, 0x0004040000000000,
        0x0004140000000000,
    },
};

/* PC-1 (FIPS 46-3): key bit numbers, 1 = the top bit of the first byte,
 * for the 28 bits of C and then the 28 of D.  Parity bits are never read. */
static const uint8_t des_pc1[56] = {
    57, 49, 41, 33, 25, 17, 9,  1,  58, 50, 42, 34, 26, 18,
    10, 2,  59, 51, 43, 35, 27, 19, 11, 3,  60, 52, 44, 36,
    63, 55, 47, 39, 31, 23, 15, 7,  62, 54, 46, 38, 30, 22,
    14, 6,  61, 53, 45, 37, 29, 21, 13, 5,  28, 20, 12, 4,
};

/* The left rotations of C and D before each round. */
static const uint8_t des_shifts[16] = {1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1};

/* One DES key: the 16 round keys in des_sp's layout, in encryption order
 * and reversed for decryption, so that the rounds only ever walk forward. */
typedef struct des_key {
    uint64_t enc[17]; /* the 17th is zero: see rounds_16 */
    uint64_t dec[17];
} des_key;

/* The schedule in brisk_cipher_ctx.ks: single DES uses k[0]; triple DES
 * encrypts with k[0], decrypts with k[1], encrypts with k[2]. */
typedef struct des_ks {
    des_key k[3];
} des_ks;

_Static_assert(sizeof(des_ks) <= BRISK_KS_SIZE, "DES key schedule too large");

/* The two halves of a block between IP and FP, each in the doubled form. */
typedef struct des_halves {
    uint64_t l, r;
} des_halves;

/* des_rounds_fn runs the 16 rounds on s with round keys k and returns the
 * pre-output, halves swapped (R16, L16): what the next pass of triple DES
 * takes as its (L0, R0), since FP then IP cancel.  The "des" primitive's
 * implementations are of this type. */
typedef des_halves des_rounds_fn(des_halves s, const uint64_t k[17]);

/* ---- Key schedule ---- */

static void des_expand(des_key *dk, const uint8_t key[8])
{
    uint64_t kbits = load64_be(key);
    uint32_t c = 0, d = 0;

    for (int i = 0; i < 28; i++) {
        c = c << 1 | ((uint32_t)(kbits >> (64 - des_pc1[i])) & 1);
        d = d << 1 | ((uint32_t)(kbits >> (64 - des_pc1[i + 28])) & 1);
    }
    for (int round = 0; round < 16; round++) {
        unsigned s = des_shifts[round];
        c = (c << s | c >> (28 - s)) & 0x0fffffff;
        d = (d << s | d >> (28 - s)) & 0x0fffffff;
        uint64_t cd = (uint64_t)c << 28 | d, k = 0;
        for (int n = 0; n < 14; n++)
            k ^= des_pc2[n][(cd >> (52 - 4 * n)) & 15];
        dk->enc[round] = k;
        dk->dec[15 - round] = k;
    }
    dk->enc[16] = 0;
    dk->dec[16] = 0;
}

static int des_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    if (key_len != 8 || param != 0)
        return BRISK_EINVAL;
    des_expand(&((des_ks *)ks)->k[0], key);
    return 0;
}

static int des_ede_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    des_ks *k = ks;

    if (key_len != 16 || param != 0)
        return BRISK_EINVAL;
    des_expand(&k->k[0], key);
    des_expand(&k->k[1], key + 8);
    k->k[2] = k->k[0];
    return 0;
}

static int des_ede3_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    des_ks *k = ks;

    if (key_len != 24 || param != 0)
        return BRISK_EINVAL;
    des_expand(&k->k[0], key);
    des_expand(&k->k[1], key + 8);
    des_expand(&k->k[2], key + 16);
    return 0;
}

/* ---- Initial and final permutations ---- */

/* swap_move exchanges the bits of a selected by mask << n with the bits of
 * b selected by mask: the step of which IP and FP are made. */
static inline void swap_move(uint32_t *a, uint32_t *b, unsigned n, uint32_t mask)
{
    uint32_t t = ((*a >> n) ^ *b) & mask;
    *b ^= t;
    *a ^= t << n;
}

/* DES_SP_MASK keeps bits 2..7 of every byte: the doubled form holds each
 * bit of a half where an S-box reads it and zeros elsewhere, so that the
 * bytes of R ^ K are the S-box inputs times 4. */
#define DES_SP_MASK UINT64_C(0xfcfcfcfcfcfcfcfc)

static inline uint64_t doubled(uint32_t x)
{
    return ((uint64_t)rotl32(x, 7) << 32 | rotl32(x, 3)) & DES_SP_MASK;
}

/* undoubled merges the two copies: every bit of the half survives in at
 * least one of them, since E reads every bit. */
static inline uint32_t undoubled(uint64_t x)
{
    return rotr32((uint32_t)x, 3) | rotr32((uint32_t)(x >> 32), 7);
}

/* load_block reads a block and applies IP. */
static inline des_halves load_block(const uint8_t in[8])
{
    uint32_t l = load32_be(in), r = load32_be(in + 4);

    swap_move(&l, &r, 4, 0x0f0f0f0f);
    swap_move(&l, &r, 16, 0x0000ffff);
    swap_move(&r, &l, 2, 0x33333333);
    swap_move(&r, &l, 8, 0x00ff00ff);
    swap_move(&l, &r, 1, 0x55555555);
    return (des_halves){doubled(l), doubled(r)};
}

/* store_block applies FP (IP's steps undone in reverse order) and writes
 * the block. */
static inline void store_block(uint8_t out[8], des_halves s)
{
    uint32_t l = undoubled(s.l), r = undoubled(s.r);

    swap_move(&l, &r, 1, 0x55555555);
    swap_move(&r, &l, 8, 0x00ff00ff);
    swap_move(&r, &l, 2, 0x33333333);
    swap_move(&l, &r, 16, 0x0000ffff);
    swap_move(&l, &r, 4, 0x0f0f0f0f);
    store32_be(out, l);
    store32_be(out + 4, r);
}

/* ---- Round functions: SSLeay's D_ENCRYPT, one per variant ----
 *
 * A round takes the tables sp (from sp_base), the half it replaces, l, and
 * x = r ^ k, the other half already mixed with its round key; it returns
 * l ^ f(r, k) and stores in *x_next that result xored with the next round
 * key k_next.  The S-box input of byte i of x is (x >> (8 i + 2)) & 63. */

/* sp_base returns des_sp as bytes, hiding where it points from the
 * optimiser: the eight tables are then addressed as one base register plus
 * constant displacements, where gcc would otherwise spend a register (and
 * reload it, short of registers) per table. */
static inline const uint8_t *sp_base(void)
{
    const uint8_t *sp = (const uint8_t *)des_sp;
    __asm__("" : "+r"(sp));
    return sp;
}

/* sp_idx looks S-box byte i up by index. */
static inline uint64_t sp_idx(const uint8_t *sp, unsigned i, uint64_t v)
{
    return *(const uint64_t *)(sp + sizeof(des_sp[0]) * i + 8 * (v & 63));
}

/* sp_ptr looks S-box byte i up by byte offset (DES_PTR): the byte of the
 * round input is already the index times 4, as in SSLeay, so it is used
 * as it stands, without shifting it down; twice it is the offset of an
 * 8-byte entry. */
static inline uint64_t sp_ptr(const uint8_t *sp, unsigned i, uint64_t v)
{
    return *(const uint64_t *)(sp + sizeof(des_sp[0]) * i + 2 * (v & 0xff));
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
 * 19, all ready at once at the start of the round; the round's latency
 * falls by some 4%. */
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

static des_halves des_idx_cisc_4(des_halves s, const uint64_t k[17])
{
    return rounds_4(s, k, round_idx_cisc);
}

static des_halves des_idx_cisc_16(des_halves s, const uint64_t k[17])
{
    return rounds_16(s, k, round_idx_cisc);
}

static des_halves des_idx_risc1_4(des_halves s, const uint64_t k[17])
{
    return rounds_4(s, k, round_idx_risc1);
}

static des_halves des_idx_risc1_16(des_halves s, const uint64_t k[17])
{
    return rounds_16(s, k, round_idx_risc1);
}

static des_halves des_idx_risc2_4(des_halves s, const uint64_t k[17])
{
    return rounds_4(s, k, round_idx_risc2);
}

static des_halves des_idx_risc2_16(des_halves s, const uint64_t k[17])
{
    return rounds_16(s, k, round_idx_risc2);
}

static des_halves des_ptr_cisc_4(des_halves s, const uint64_t k[17])
{
    return rounds_4(s, k, round_ptr_cisc);
}

static des_halves des_ptr_cisc_16(des_halves s, const uint64_t k[17])
{
    return rounds_16(s, k, round_ptr_cisc);
}

static des_halves des_ptr_risc1_4(des_halves s, const uint64_t k[17])
{
    return rounds_4(s, k, round_ptr_risc1);
}

static des_halves des_ptr_risc1_16(des_halves s, const uint64_t k[17])
{
    return rounds_16(s, k, round_ptr_risc1);
}

static des_halves des_ptr_risc2_4(des_halves s, const uint64_t k[17])
{
    return rounds_4(s, k, round_ptr_risc2);
}

static des_halves des_ptr_risc2_16(des_halves s, const uint64_t k[17])
{
    return rounds_16(s, k, round_ptr_risc2);
}

#ifdef BRISK_X86_64
/* The rorx forms: gcc emits rorx for the rotations only with BMI2 on. */
__attribute__((target("bmi2"))) static des_halves des_ptr_rorx_4(des_halves s,
                                                                 const uint64_t k[17])
{
    return rounds_4(s, k, round_ptr_rorx);
}

__attribute__((target("bmi2"))) static des_halves des_ptr_rorx_16(des_halves s,
                                                                  const uint64_t k[17])
{
    return rounds_16(s, k, round_ptr_rorx);
}
#endif

/* The order is `brisk des-opts`'s ranking on the Ice Lake-SP Xeon this was
 * written on, best first (two runs of 2 s per variant, on a loaded 2-core
 * machine; the byte-offset plain form led both, the first six within 5% of
 * each other).  The rorx forms, which need BMI2, came later and lead it;
 * of SSLeay's twelve, which need no CPU feature, the first is the default
 * everywhere else.  Run `brisk des-opts` to rank them elsewhere and
 * BRISK_IMPL=des=NAME to force one. */
static const brisk_impl des_impls[] = {
#ifdef BRISK_X86_64
    {"ptr-rorx-4", BRISK_CPU_BMI2, (brisk_fn)des_ptr_rorx_4},
    {"ptr-rorx-16", BRISK_CPU_BMI2, (brisk_fn)des_ptr_rorx_16},
#endif
    {"ptr-cisc-4", 0, (brisk_fn)des_ptr_cisc_4},
    {"ptr-cisc-16", 0, (brisk_fn)des_ptr_cisc_16},
    {"ptr-risc1-16", 0, (brisk_fn)des_ptr_risc1_16},
    {"ptr-risc1-4", 0, (brisk_fn)des_ptr_risc1_4},
    {"idx-risc2-16", 0, (brisk_fn)des_idx_risc2_16},
    {"idx-risc2-4", 0, (brisk_fn)des_idx_risc2_4},
    {"idx-risc1-4", 0, (brisk_fn)des_idx_risc1_4},
    {"idx-cisc-16", 0, (brisk_fn)des_idx_cisc_16},
    {"idx-risc1-16", 0, (brisk_fn)des_idx_risc1_16},
    {"ptr-risc2-4", 0, (brisk_fn)des_ptr_risc2_4},
    {"idx-cisc-4", 0, (brisk_fn)des_idx_cisc_4},
    {"ptr-risc2-16", 0, (brisk_fn)des_ptr_risc2_16},
    {NULL, 0, NULL},
};
brisk_prim brisk_des_prim = {"des", des_impls, NULL};

static inline des_rounds_fn *active_rounds(void)
{
    return (des_rounds_fn *)brisk_prim_fn(&brisk_des_prim);
}

/* ---- ECB kernels ---- */

static void des_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    const des_key *k = &((const des_ks *)ks)->k[0];
    des_rounds_fn *rounds = active_rounds();

    for (; n_blocks > 0; n_blocks--, in += 8, out += 8)
        store_block(out, rounds(load_block(in), k->enc));
}

static void des_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    const des_key *k = &((const des_ks *)ks)->k[0];
    des_rounds_fn *rounds = active_rounds();

    for (; n_blocks > 0; n_blocks--, in += 8, out += 8)
        store_block(out, rounds(load_block(in), k->dec));
}

static void des_ede3_encrypt(const void *ks, uint8_t *out, const uint8_t *in,
                             size_t n_blocks)
{
    const des_key *k = ((const des_ks *)ks)->k;
    des_rounds_fn *rounds = active_rounds();

    for (; n_blocks > 0; n_blocks--, in += 8, out += 8) {
        des_halves s = load_block(in);
        s = rounds(s, k[0].enc);
        s = rounds(s, k[1].dec);
        s = rounds(s, k[2].enc);
        store_block(out, s);
    }
}

static void des_ede3_decrypt(const void *ks, uint8_t *out, const uint8_t *in,
                             size_t n_blocks)
{
    const des_key *k = ((const des_ks *)ks)->k;
    des_rounds_fn *rounds = active_rounds();

    for (; n_blocks > 0; n_blocks--, in += 8, out += 8) {
        des_halves s = load_block(in);
        s = rounds(s, k[2].dec);
        s = rounds(s, k[1].enc);
        s = rounds(s, k[0].dec);
        store_block(out, s);
    }
}

/* ---- CBC encryption kernels ----
 *
 * CBC encryption is serial, so what counts is the path from one block's
 * ciphertext to the next block's input.  IP and FP are linear, so the
 * chaining value is kept as the rounds leave it (IP of the ciphertext):
 * each plaintext block goes through IP and each ciphertext through FP off
 * that path, and the path is the rounds and one xor.  Off the path is not
 * enough: the out-of-order core favours the oldest ready work, and FP of a
 * block, ready just as the next block's first round is, took the ports
 * from it (about 20 cycles a block).  So the loop is software-pipelined:
 * IP of the next plaintext block comes before the rounds in program order,
 * and FP of each ciphertext block after the next block's rounds.  iv is
 * read and left holding the last ciphertext block, as SP 800-38A chains.
 * The generic layer reaches them through the descriptors' cbc_enc. */

static inline des_halves xor_halves(des_halves a, des_halves b)
{
    return (des_halves){a.l ^ b.l, a.r ^ b.r};
}

/* cbc_pipelined runs CBC encryption with the rounds of passes keys (1 for
 * DES; 3 for triple DES, with keys[1] decrypting). */
static inline __attribute__((always_inline)) void
cbc_pipelined(const des_key *keys, int passes, uint8_t *iv, uint8_t *out, const uint8_t *in,
              size_t n_blocks)
{
    des_rounds_fn *rounds = active_rounds();
    des_halves c = load_block(iv), prev = c, p;

    if (n_blocks == 0)
        return;
    p = load_block(in);
    for (size_t i = 0; i < n_blocks; i++) {
        des_halves x = xor_halves(p, c);
        if (i + 1 < n_blocks)
            p = load_block(in + 8 * (i + 1));
        c = rounds(x, keys[0].enc);
        if (passes == 3) {
            c = rounds(c, keys[1].dec);
            c = rounds(c, keys[2].enc);
        }
        if (i > 0)
            store_block(out + 8 * (i - 1), prev);
        prev = c;
    }
    store_block(out + 8 * (n_blocks - 1), c);
    store_block(iv, c);
}

static void des_cbc_encrypt(const void *ks, uint8_t *iv, uint8_t *out, const uint8_t *in,
                            size_t n_blocks)
{
    cbc_pipelined(((const des_ks *)ks)->k, 1, iv, out, in, n_blocks);
}

static void des_ede3_cbc_encrypt(const void *ks, uint8_t *iv, uint8_t *out,
                                 const uint8_t *in, size_t n_blocks)
{
    cbc_pipelined(((const des_ks *)ks)->k, 3, iv, out, in, n_blocks);
}

const brisk_block_cipher brisk_des_cipher = {
    "des", 8, des_setkey, des_encrypt, des_decrypt, des_cbc_encrypt, NULL, NULL,
};

/* Two-key triple DES is three-key with K3 = K1, copied at setkey. */
const brisk_block_cipher brisk_des_ede_cipher = {
    "des-ede", 8, des_ede_setkey, des_ede3_encrypt, des_ede3_decrypt, des_ede3_cbc_encrypt, NULL, NULL,
};

const brisk_block_cipher brisk_des_ede3_cipher = {
    "des-ede3", 8, des_ede3_setkey, des_ede3_encrypt, des_ede3_decrypt,
    des_ede3_cbc_encrypt, NULL, NULL,
};
