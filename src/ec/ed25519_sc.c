/*
 * src/ec/ed25519_sc.c - arithmetic modulo Ed25519's group order
 * L = 2^252 + 27742317777372353535851937790883648493 (RFC 8032 section
 * 5.1): reducing SHA-512's 64 bytes, a b + c for signing, and the S < L
 * check of verification.  Portable C on any word size.
 *
 * Technique: ref10's signed 21-bit limbs in int64_t: 2^252 = -(L - 2^252)
 * mod L, whose signed radix-2^21 digits fold a limb at 12 and above into
 * the six below it; rounding carries keep the limbs small between the
 * folds.  Written with loops over ref10's order of folds and carries.
 *
 * Constant-time: reduce and muladd are (arithmetic only, including the
 * final conditional subtraction of L); brisk_ed25519_sc_is_canonical is
 * variable-time, for the public S.
 */
#include "internal.h"

/* -(L - 2^252) in signed radix-2^21 digits, least significant first. */
static const int64_t minus_delta[6] = {666643, 470296, 654183, -997805, 136657, -683901};

/* L, little-endian. */
static const uint8_t order[32] = {
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

/* load_limbs reads n 21-bit limbs of s, the last one taking every bit
 * left (25 of a 32-byte s, 29 of a 64-byte one). */
static void load_limbs(int64_t *t, const uint8_t *s, int n)
{
    for (int i = 0; i < n; i++) {
        uint32_t w = load32_le(s + 21 * i / 8) >> (21 * i % 8);
        t[i] = (i == n - 1) ? (int64_t)w : (int64_t)(w & 0x1fffff);
    }
}

/* fold moves limb i (>= 12) onto limbs i - 12 .. i - 7. */
static inline void fold(int64_t t[24], int i)
{
    for (int j = 0; j < 6; j++)
        t[i - 12 + j] += t[i] * minus_delta[j];
    t[i] = 0;
}

/* carry_round leaves limb i in [-2^20, 2^20), carry_floor in [0, 2^21);
 * both move the rest up (arithmetic right shifts of signed values). */
static inline void carry_round(int64_t t[24], int i)
{
    int64_t c = (t[i] + ((int64_t)1 << 20)) >> 21;
    t[i + 1] += c;
    t[i] -= c * ((int64_t)1 << 21);
}

static inline void carry_floor(int64_t t[24], int i)
{
    int64_t c = t[i] >> 21;
    t[i + 1] += c;
    t[i] -= c * ((int64_t)1 << 21);
}

/* reduce_store writes t mod L, t's limbs small as load_limbs or the carried
 * products leave them, and wipes t. */
static void reduce_store(uint8_t out[32], int64_t t[24])
{
    int i;

    for (i = 23; i >= 18; i--)
        fold(t, i);
    for (i = 6; i <= 16; i++)
        carry_round(t, i);
    for (i = 17; i >= 12; i--)
        fold(t, i);
    for (i = 0; i <= 11; i++)
        carry_round(t, i);
    fold(t, 12);
    for (i = 0; i <= 11; i++)
        carry_floor(t, i);
    fold(t, 12);
    for (i = 0; i <= 10; i++)
        carry_floor(t, i);

    uint64_t acc = 0;
    unsigned nbits = 0, o = 0;
    for (i = 0; i < 12; i++) {
        acc |= (uint64_t)t[i] << nbits;
        nbits += 21;
        while (nbits >= 8) {
            out[o++] = (uint8_t)acc;
            acc >>= 8;
            nbits -= 8;
        }
    }
    out[o] = (uint8_t)acc; /* 12 x 21 = 252 bits: the last half byte */
    brisk_wipe(t, 24 * sizeof(t[0]));

    /* ref10's result is already below L; subtract L once more, with a
     * mask, should it not be. */
    uint8_t d[32];
    uint32_t borrow = 0;
    for (i = 0; i < 32; i++) {
        uint32_t v = (uint32_t)out[i] - order[i] - borrow;
        d[i] = (uint8_t)v;
        borrow = (v >> 8) & 1;
    }
    uint32_t keep = ct_mask32(borrow); /* out < L: keep out */
    for (i = 0; i < 32; i++)
        out[i] = (uint8_t)((out[i] & keep) | (d[i] & ~keep));
    brisk_wipe(d, sizeof(d));
}

void brisk_ed25519_sc_reduce(uint8_t out[32], const uint8_t in[64])
{
    int64_t t[24];

    load_limbs(t, in, 24);
    reduce_store(out, t);
}

void brisk_ed25519_sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                             const uint8_t c[32])
{
    int64_t la[12], lb[12], lc[12], t[24] = {0};

    load_limbs(la, a, 12);
    load_limbs(lb, b, 12);
    load_limbs(lc, c, 12);
    for (int i = 0; i < 12; i++) {
        t[i] += lc[i];
        for (int j = 0; j < 12; j++)
            t[i + j] += la[i] * lb[j];
    }
    for (int i = 0; i < 23; i++)
        carry_round(t, i);
    reduce_store(out, t);
    brisk_wipe(la, sizeof(la));
    brisk_wipe(lb, sizeof(lb));
    brisk_wipe(lc, sizeof(lc));
}

int brisk_ed25519_sc_is_canonical(const uint8_t s[32])
{
    for (int i = 31; i >= 0; i--) {
        if (s[i] != order[i])
            return s[i] < order[i];
    }
    return 0; /* s = L */
}
