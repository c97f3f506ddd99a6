/*
 * src/digest/keccak.c - SHAKE256 (FIPS 202): Keccak-f[1600] (section 3)
 * on 25 64-bit lanes, plainly (the reference's theta, rho, pi, chi, iota
 * over a lane array), the sponge with rate 136 bytes and the SHAKE
 * padding 1111 + pad10*1 (sections 4, 5.1 and 6.2).  Lanes are loaded and
 * stored little-endian byte by byte, so it is endian-neutral.  Internal:
 * Ed448's hash; not a registered digest nor timed by `speed`.
 *
 * Constant-time: yes (no branch or index depends on the data).
 */
#include <string.h>

#include "../internal.h"
#include "keccak.h"

#define SHAKE256_RATE 136

static const uint64_t keccak_rc[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
    0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
    0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
    0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
    0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
    0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
    0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

/* rho's rotations and pi's lane order, walked as one cycle from lane 1. */
static const unsigned keccak_rot[24] = {1,  3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                                        27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
static const unsigned keccak_pi[24] = {10, 7,  11, 17, 18, 3, 5,  16, 8,  21, 24, 4,
                                       15, 23, 19, 13, 12, 2, 20, 14, 22, 9,  6,  1};

static inline uint64_t rotl64(uint64_t x, unsigned n)
{
    return (x << n) | (x >> ((64 - n) & 63));
}

static void keccak_f1600(uint64_t a[25])
{
    uint64_t b[5], t;

    for (int round = 0; round < 24; round++) {
        for (int x = 0; x < 5; x++)
            b[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (int x = 0; x < 5; x++) {
            t = b[(x + 4) % 5] ^ rotl64(b[(x + 1) % 5], 1);
            for (int y = 0; y < 25; y += 5)
                a[y + x] ^= t;
        }
        t = a[1];
        for (int i = 0; i < 24; i++) {
            unsigned j = keccak_pi[i];
            uint64_t u = a[j];
            a[j] = rotl64(t, keccak_rot[i]);
            t = u;
        }
        for (int y = 0; y < 25; y += 5) {
            for (int x = 0; x < 5; x++)
                b[x] = a[y + x];
            for (int x = 0; x < 5; x++)
                a[y + x] = b[x] ^ (~b[(x + 1) % 5] & b[(x + 2) % 5]);
        }
        a[0] ^= keccak_rc[round];
    }
}

/* xor_byte adds byte v at position pos of the state (lane pos / 8, byte
 * pos % 8 counted from the lane's low end, as FIPS 202 orders them). */
static inline void xor_byte(uint64_t a[25], size_t pos, uint8_t v)
{
    a[pos >> 3] ^= (uint64_t)v << (8 * (pos & 7));
}

void brisk_shake256_init(brisk_shake256_ctx *c)
{
    memset(c, 0, sizeof(*c));
}

void brisk_shake256_absorb(brisk_shake256_ctx *c, const uint8_t *in, size_t len)
{
    while (len > 0) {
        if (c->pos == 0 && len >= SHAKE256_RATE) {
            for (int i = 0; i < SHAKE256_RATE / 8; i++)
                c->a[i] ^= load64_le(in + 8 * i);
            keccak_f1600(c->a);
            in += SHAKE256_RATE;
            len -= SHAKE256_RATE;
            continue;
        }
        xor_byte(c->a, c->pos++, *in++);
        len--;
        if (c->pos == SHAKE256_RATE) {
            keccak_f1600(c->a);
            c->pos = 0;
        }
    }
}

void brisk_shake256_squeeze(brisk_shake256_ctx *c, uint8_t *out, size_t len)
{
    if (!c->squeezing) {
        xor_byte(c->a, c->pos, 0x1f);
        xor_byte(c->a, SHAKE256_RATE - 1, 0x80);
        keccak_f1600(c->a);
        c->pos = 0;
        c->squeezing = 1;
    }
    while (len > 0) {
        if (c->pos == SHAKE256_RATE) {
            keccak_f1600(c->a);
            c->pos = 0;
        }
        *out++ = (uint8_t)(c->a[c->pos >> 3] >> (8 * (c->pos & 7)));
        c->pos++;
        len--;
    }
}

void brisk_shake256(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len)
{
    brisk_shake256_ctx c;
    brisk_shake256_init(&c);
    brisk_shake256_absorb(&c, in, in_len);
    brisk_shake256_squeeze(&c, out, out_len);
    brisk_wipe(&c, sizeof(c));
}
