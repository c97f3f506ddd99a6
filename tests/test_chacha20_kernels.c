/*
 * tests/test_chacha20_kernels.c - every implementation of the "chacha20"
 * primitive at the kernel level (xor_blocks).  The block function's known
 * answer of RFC 8439 section 2.3.2 through each kernel; each kernel against
 * the portable one on 0 to 80 blocks and on 255 to 258 (every tail of the
 * 8-, 16- and 32-block groups and of the one- to four-block paths), out of
 * place and misaligned, in place, with bytes around the output left alone
 * and the counter word up to its last value (state[12] + nblocks = 2^32).
 * The generic cipher and AEAD tests stop at about 1 KiB, short of the
 * widest groups.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/cipher/internal.h"
#include "vectors.h"

#define MAX_BLOCKS 258

static tv_rng rng;

/* RFC 8439 section 2.3.2: key 00 01 .. 1f, nonce 00 00 00 09 00 00 00 4a
 * 00 00 00 00, block count 1; the serialized block. */
static void kat(const char *impl)
{
    static const uint8_t want[64] = {
        0x10, 0xf1, 0xe7, 0xe4, 0xd1, 0x3b, 0x59, 0x15, 0x50, 0x0f, 0xdd, 0x1f, 0xa3,
        0x20, 0x71, 0xc4, 0xc7, 0xd1, 0xf4, 0xc7, 0x33, 0xc0, 0x68, 0x03, 0x04, 0x22,
        0xaa, 0x9a, 0xc3, 0xd4, 0x6c, 0x4e, 0xd2, 0x82, 0x64, 0x46, 0x07, 0x9f, 0xaa,
        0x09, 0x14, 0xc2, 0xd7, 0x05, 0xd9, 0x8b, 0x02, 0xa2, 0xb5, 0x12, 0x9c, 0xd1,
        0xde, 0x16, 0x4e, 0xb9, 0xcb, 0xd0, 0x83, 0xe8, 0xa2, 0x50, 0x3c, 0x4e};
    uint32_t st[16] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u, 0x03020100u,
                       0x07060504u, 0x0b0a0908u, 0x0f0e0d0cu, 0x13121110u, 0x17161514u,
                       0x1b1a1918u, 0x1f1e1d1cu, 1, 0x09000000u, 0x4a000000u, 0};
    uint8_t buf[64] = {0};
    brisk_chacha20_for(64)->xor_blocks(buf, buf, 1, st);
    tv_check_mem(buf, want, 64, "%s: RFC 8439 2.3.2 block", impl);
}

/* one checks nblocks from st through the active kernel against the
 * portable one: out of place at the offsets given, then in place. */
static void one(const char *impl, const uint32_t st[16], size_t nblocks, size_t in_off,
                size_t out_off)
{
    static uint8_t in[MAX_BLOCKS * 64 + 64], out[MAX_BLOCKS * 64 + 128];
    static uint8_t want[MAX_BLOCKS * 64];
    size_t len = 64 * nblocks;
    const brisk_chacha20_ops *ops = brisk_chacha20_for(len);

    tv_rng_fill(&rng, in + in_off, len);
    brisk_chacha20_ops_c.xor_blocks(want, in + in_off, nblocks, st);
    memset(out, 0xa5, sizeof(out));
    ops->xor_blocks(out + out_off, in + in_off, nblocks, st);
    tv_check_mem(out + out_off, want, len, "%s: %zu blocks, counter %#x, offsets %zu %zu", impl,
                 nblocks, (unsigned)st[12], in_off, out_off);
    size_t stray = 0;
    for (size_t i = 0; i < sizeof(out); i++)
        stray += (i < out_off || i >= out_off + len) && out[i] != 0xa5;
    tv_check(stray == 0, "%s: %zu blocks wrote %zu bytes outside the output", impl, nblocks,
             stray);
    memcpy(out + out_off, in + in_off, len);
    ops->xor_blocks(out + out_off, out + out_off, nblocks, st);
    tv_check_mem(out + out_off, want, len, "%s: %zu blocks in place", impl, nblocks);
}

static void against_portable(const char *impl)
{
    for (size_t n = 0; n <= MAX_BLOCKS; n++) {
        if (n > 80 && n < 255)
            continue;
        uint32_t st[16];
        tv_rng_fill(&rng, st, sizeof(st));
        one(impl, st, n, n % 7, (n * 3) % 64);
        /* The counter's last blocks: the wide groups' lanes must not carry
         * into word 13. */
        st[12] = (uint32_t)(0 - n);
        one(impl, st, n, 0, 0);
    }
}

int main(void)
{
    char list[128];
    size_t i;
    const char *impl;

    tv_begin("test_chacha20_kernels");
    tv_rng_init(&rng, tv_seed());
    for (i = 0; (impl = tv_impl_next("chacha20", &i)) != NULL;) {
        kat(impl);
        against_portable(impl);
    }
    tv_note("chacha20 tested: %s", tv_impl_list("chacha20", list, sizeof(list)));
    return tv_end();
}
