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

/* GCC turns the folds into SSE2 vectors, whose 64-bit products it must
 * build from shifts and adds (SSE2 has no 64-bit multiply): three times
 * slower than the scalar code.  Clang's cost model leaves them scalar. */
#if defined(__GNUC__) && !defined(__clang__)
#define SC_SCALAR __attribute__((optimize("no-tree-vectorize")))
#else
#define SC_SCALAR
#endif

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

/* carry_round_range carries limbs a .. b, the even ones first, then the
 * odd ones: two short dependency chains instead of one long (ref10's
 * order, within whose bounds the limbs stay). */
static inline void carry_round_range(int64_t t[24], int a, int b)
{
    for (int i = a; i <= b; i += 2)
        carry_round(t, i);
    for (int i = a + 1; i <= b; i += 2)
        carry_round(t, i);
}

/* reduce_store writes t mod L, t's limbs small as load_limbs or the carried
 * products leave them, and wipes t. */
SC_SCALAR static void reduce_store(uint8_t out[32], int64_t t[24])
{
    int i;

    for (i = 23; i >= 18; i--)
        fold(t, i);
    carry_round_range(t, 6, 16);
    for (i = 17; i >= 12; i--)
        fold(t, i);
    carry_round_range(t, 0, 11);
    fold(t, 12);
    for (i = 0; i <= 11; i++)
        carry_floor(t, i);
    fold(t, 12);
    for (i = 0; i <= 10; i++)
        carry_floor(t, i);

    /* Twelve 21-bit limbs, limb i at bit 21 i, into four 64-bit words. */
    uint64_t u[12], w[4], d[4], borrow = 0;
    for (i = 0; i < 12; i++)
        u[i] = (uint64_t)t[i];
    w[0] = u[0] | u[1] << 21 | u[2] << 42 | u[3] << 63;
    w[1] = u[3] >> 1 | u[4] << 20 | u[5] << 41 | u[6] << 62;
    w[2] = u[6] >> 2 | u[7] << 19 | u[8] << 40 | u[9] << 61;
    w[3] = u[9] >> 3 | u[10] << 18 | u[11] << 39;

    /* ref10's result is already below L; subtract L once more, with a
     * mask, should it not be. */
    for (i = 0; i < 4; i++) {
        uint64_t l = load64_le(order + 8 * i);
        uint64_t x = w[i] - l;
        uint64_t b1 = (uint64_t)(w[i] < l);
        d[i] = x - borrow;
        borrow = b1 | (uint64_t)(x < borrow);
    }
    uint64_t keep = ct_mask64(borrow); /* w < L: keep w */
    for (i = 0; i < 4; i++)
        store64_le(out + 8 * i, (w[i] & keep) | (d[i] & ~keep));
    brisk_wipe(t, 24 * sizeof(t[0]));
    brisk_wipe(u, sizeof(u));
    brisk_wipe(w, sizeof(w));
    brisk_wipe(d, sizeof(d));
}

void brisk_ed25519_sc_reduce(uint8_t out[32], const uint8_t in[64])
{
    int64_t t[24];

    load_limbs(t, in, 24);
    reduce_store(out, t);
}

SC_SCALAR void brisk_ed25519_sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
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
    carry_round_range(t, 0, 22);
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
