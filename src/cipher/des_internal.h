/*
 * src/cipher/des_internal.h - what des.c (key schedule, IP and FP, modes,
 * the "des" primitive's table), des_rounds.c (the round variants) and the
 * generated des_tables.c share: the doubled form of a half block, the
 * tables, and the type of the variants.
 *
 * The tables, written by scripts/gen-des-tables.c from FIPS 46-3's S-boxes,
 * P, PC-1 and PC-2:
 *   brisk_des_sp[i][v]: byte i of the round input holds the input of S-box
 *     G[i], G = {7, 5, 3, 1, 0, 6, 4, 2} (bytes 0..3 from rotl(R, 3), 4..7
 *     from rotl(R, 7)); the entry is doubled(p) for p = P(S_G[i](v) in its
 *     nibble).
 *   brisk_des_pc1_nib[n][v]: the 56-bit C << 28 | D of PC-1 contributed by
 *     the value v of nibble n (from the top) of the key read big-endian; C
 *     and D are the xor of the 16 nibbles' entries.
 *   brisk_des_pc2_byte[j][v]: the round key, in that byte layout (S-box
 *     G[i]'s six key bits in bits 2..7 of byte i), contributed by the value
 *     v of byte j (from the top) of the 56-bit C << 28 | D; a round key is
 *     the xor of the 7 bytes' entries.
 * The key schedule is table-driven because MDC-2 sets up two keys for
 * every 8 bytes it hashes.
 */
#ifndef BRISK_CIPHER_DES_INTERNAL_H
#define BRISK_CIPHER_DES_INTERNAL_H

#include "internal.h"

/* Hidden, so that position-independent code addresses the tables directly
 * rather than through the GOT, as when they were static in des.c. */
#define DES_HIDDEN __attribute__((visibility("hidden")))

extern DES_HIDDEN const _Alignas(64) uint64_t brisk_des_sp[8][64];
extern DES_HIDDEN const _Alignas(64) uint64_t brisk_des_pc1_nib[16][16];
extern DES_HIDDEN const _Alignas(64) uint64_t brisk_des_pc2_byte[7][256];

/* DES_SP_MASK keeps bits 2..7 of every byte: the doubled form holds each
 * bit of a half where an S-box reads it and zeros elsewhere, so that the
 * bytes of R ^ K are the S-box inputs times 4. */
#define DES_SP_MASK UINT64_C(0xfcfcfcfcfcfcfcfc)

static inline uint64_t doubled(uint32_t x)
{
    return ((uint64_t)rotl32(x, 7) << 32 | rotl32(x, 3)) & DES_SP_MASK;
}

/* The two halves of a block between IP and FP, each in the doubled form. */
typedef struct des_halves {
    uint64_t l, r;
} des_halves;

/* des_rounds_fn runs the 16 rounds on s with round keys k and returns the
 * pre-output, halves swapped (R16, L16): what the next pass of triple DES
 * takes as its (L0, R0), since FP then IP cancel.  The "des" primitive's
 * implementations are of this type. */
typedef des_halves des_rounds_fn(des_halves s, const uint64_t k[17]);

/* The variants (des_rounds.c): brisk_des_ADDRESSING_FORM_ROUNDS is the
 * implementation "ADDRESSING-FORM-ROUNDS". */
DES_HIDDEN des_rounds_fn brisk_des_idx_cisc_4, brisk_des_idx_cisc_16, brisk_des_idx_risc1_4,
    brisk_des_idx_risc1_16, brisk_des_idx_risc2_4, brisk_des_idx_risc2_16, brisk_des_ptr_cisc_4,
    brisk_des_ptr_cisc_16, brisk_des_ptr_risc1_4, brisk_des_ptr_risc1_16, brisk_des_ptr_risc2_4,
    brisk_des_ptr_risc2_16;
#ifdef BRISK_X86_64
DES_HIDDEN des_rounds_fn brisk_des_ptr_rorx_4, brisk_des_ptr_rorx_16;
#endif

#endif
