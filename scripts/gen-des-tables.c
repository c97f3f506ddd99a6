/*
 * scripts/gen-des-tables.c - writes src/cipher/des_tables.c, the tables of
 * des.c's round and key schedule, from FIPS 46-3's S-boxes, P, PC-1 and
 * PC-2 and the doubled layout that des_internal.h describes.
 *
 *   cc -O scripts/gen-des-tables.c -o gen-des-tables
 *   ./gen-des-tables >src/cipher/des_tables.c
 *   ./gen-des-tables --check src/cipher/des_tables.c
 *
 * With --check it compares what it would write with the file and exits
 * non-zero if they differ: the test test_des_tables (tests/CMakeLists.txt)
 * runs it so, so that the committed tables cannot drift from their
 * derivation.  Bits are numbered as in
 * FIPS 46-3 (1 the most significant) in the standard's tables and from the
 * least significant bit (0) everywhere else.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* FIPS 46-3, the S-boxes S1..S8, each 4 rows of 16. */
static const uint8_t sbox[8][64] = {
    {14, 4,  13, 1, 2,  15, 11, 8,  3,  10, 6,  12, 5,  9,  0, 7,
     0,  15, 7,  4, 14, 2,  13, 1,  10, 6,  12, 11, 9,  5,  3, 8,
     4,  1,  14, 8, 13, 6,  2,  11, 15, 12, 9,  7,  3,  10, 5, 0,
     15, 12, 8,  2, 4,  9,  1,  7,  5,  11, 3,  14, 10, 0,  6, 13},
    {15, 1,  8,  14, 6,  11, 3,  4,  9,  7, 2,  13, 12, 0, 5,  10,
     3,  13, 4,  7,  15, 2,  8,  14, 12, 0, 1,  10, 6,  9, 11, 5,
     0,  14, 7,  11, 10, 4,  13, 1,  5,  8, 12, 6,  9,  3, 2,  15,
     13, 8,  10, 1,  3,  15, 4,  2,  11, 6, 7,  12, 0,  5, 14, 9},
    {10, 0,  9,  14, 6, 3,  15, 5,  1,  13, 12, 7,  11, 4,  2,  8,
     13, 7,  0,  9,  3, 4,  6,  10, 2,  8,  5,  14, 12, 11, 15, 1,
     13, 6,  4,  9,  8, 15, 3,  0,  11, 1,  2,  12, 5,  10, 14, 7,
     1,  10, 13, 0,  6, 9,  8,  7,  4,  15, 14, 3,  11, 5,  2,  12},
    {7,  13, 14, 3, 0,  6,  9,  10, 1,  2, 8, 5,  11, 12, 4,  15,
     13, 8,  11, 5, 6,  15, 0,  3,  4,  7, 2, 12, 1,  10, 14, 9,
     10, 6,  9,  0, 12, 11, 7,  13, 15, 1, 3, 14, 5,  2,  8,  4,
     3,  15, 0,  6, 10, 1,  13, 8,  9,  4, 5, 11, 12, 7,  2,  14},
    {2,  12, 4,  1,  7,  10, 11, 6,  8,  5,  3,  15, 13, 0, 14, 9,
     14, 11, 2,  12, 4,  7,  13, 1,  5,  0,  15, 10, 3,  9, 8,  6,
     4,  2,  1,  11, 10, 13, 7,  8,  15, 9,  12, 5,  6,  3, 0,  14,
     11, 8,  12, 7,  1,  14, 2,  13, 6,  15, 0,  9,  10, 4, 5,  3},
    {12, 1,  10, 15, 9, 2,  6,  8,  0,  13, 3,  4,  14, 7,  5,  11,
     10, 15, 4,  2,  7, 12, 9,  5,  6,  1,  13, 14, 0,  11, 3,  8,
     9,  14, 15, 5,  2, 8,  12, 3,  7,  0,  4,  10, 1,  13, 11, 6,
     4,  3,  2,  12, 9, 5,  15, 10, 11, 14, 1,  7,  6,  0,  8,  13},
    {4,  11, 2,  14, 15, 0, 8,  13, 3,  12, 9, 7,  5,  10, 6, 1,
     13, 0,  11, 7,  4,  9, 1,  10, 14, 3,  5, 12, 2,  15, 8, 6,
     1,  4,  11, 13, 12, 3, 7,  14, 10, 15, 6, 8,  0,  5,  9, 2,
     6,  11, 13, 8,  1,  4, 10, 7,  9,  5,  0, 15, 14, 2,  3, 12},
    {13, 2,  8,  4, 6,  15, 11, 1,  10, 9,  3,  14, 5,  0,  12, 7,
     1,  15, 13, 8, 10, 3,  7,  4,  12, 5,  6,  11, 0,  14, 9,  2,
     7,  11, 4,  1, 9,  12, 14, 2,  0,  6,  10, 13, 15, 3,  5,  8,
     2,  1,  14, 7, 4,  10, 8,  13, 15, 12, 9,  0,  3,  5,  6,  11},
};

/* FIPS 46-3, the permutation P (output bit i is input bit p[i - 1]). */
static const uint8_t perm_p[32] = {
    16, 7, 20, 21, 29, 12, 28, 17, 1,  15, 23, 26, 5,  18, 31, 10,
    2,  8, 24, 14, 32, 27, 3,  9,  19, 13, 30, 6,  22, 11, 4,  25,
};

/* FIPS 46-3, Permuted Choice 1: C is bits 1..28 of its output, D 29..56. */
static const uint8_t pc1[56] = {
    57, 49, 41, 33, 25, 17, 9,  1,  58, 50, 42, 34, 26, 18,
    10, 2,  59, 51, 43, 35, 27, 19, 11, 3,  60, 52, 44, 36,
    63, 55, 47, 39, 31, 23, 15, 7,  62, 54, 46, 38, 30, 22,
    14, 6,  61, 53, 45, 37, 29, 21, 13, 5,  28, 20, 12, 4,
};

/* FIPS 46-3, Permuted Choice 2: bits 6 s + 1 .. 6 s + 6 of its output are
 * the key bits of S-box s + 1. */
static const uint8_t pc2[48] = {
    14, 17, 11, 24, 1,  5,  3,  28, 15, 6,  21, 10, 23, 19, 12, 4,
    26, 8,  16, 7,  27, 20, 13, 2,  41, 52, 31, 37, 47, 55, 30, 40,
    51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
};

/* Byte i of the round input holds the input of S-box sbox_of_byte[i]
 * (0-based): bytes 0..3 come from rotl(R, 3), 4..7 from rotl(R, 7). */
static const int sbox_of_byte[8] = {7, 5, 3, 1, 0, 6, 4, 2};

static uint32_t rotl32(uint32_t x, unsigned n)
{
    return (x << n) | (x >> (32 - n));
}

/* doubled is des_internal.h's: the two rotated copies of a half, with bits
 * 0 and 1 of each byte cleared. */
static uint64_t doubled(uint32_t x)
{
    return ((uint64_t)rotl32(x, 7) << 32 | rotl32(x, 3)) & UINT64_C(0xfcfcfcfcfcfcfcfc);
}

/* sbox_out returns S-box s's output for the 6-bit input v (b1 the most
 * significant bit): row b1 b6, column b2..b5. */
static unsigned sbox_out(int s, unsigned v)
{
    unsigned row = ((v >> 4) & 2) | (v & 1), col = (v >> 1) & 15;
    return sbox[s][16 * row + col];
}

/* permute32 applies P to x (bit 1 the most significant). */
static uint32_t permute32(uint32_t x)
{
    uint32_t y = 0;
    for (int i = 0; i < 32; i++)
        if ((x >> (32 - perm_p[i])) & 1)
            y |= (uint32_t)1 << (31 - i);
    return y;
}

static void gen_sp(uint64_t sp[8][64])
{
    for (int i = 0; i < 8; i++) {
        int s = sbox_of_byte[i];
        for (unsigned v = 0; v < 64; v++) {
            uint32_t nibble = (uint32_t)sbox_out(s, v) << (28 - 4 * s);
            sp[i][v] = doubled(permute32(nibble));
        }
    }
}

/* gen_pc1: the 56-bit C << 28 | D that the value v of nibble n (from the
 * top) of the key contributes. */
static void gen_pc1(uint64_t t[16][16])
{
    for (int n = 0; n < 16; n++)
        for (unsigned v = 0; v < 16; v++) {
            uint64_t cd = 0;
            for (int i = 0; i < 56; i++) {
                int bit = pc1[i] - 1 - 4 * n; /* 0..3 within the nibble, from the top */
                if (bit >= 0 && bit < 4 && ((v >> (3 - bit)) & 1))
                    cd |= (uint64_t)1 << (55 - i);
            }
            t[n][v] = cd;
        }
}

/* gen_pc2: the round key, S-box sbox_of_byte[i]'s six key bits in bits
 * 2..7 of byte i, that the value v of byte j (from the top) of the 56-bit
 * C << 28 | D contributes. */
static void gen_pc2(uint64_t t[7][256])
{
    for (int j = 0; j < 7; j++)
        for (unsigned v = 0; v < 256; v++) {
            uint64_t k = 0;
            for (int byte = 0; byte < 8; byte++) {
                int s = sbox_of_byte[byte];
                for (int b = 0; b < 6; b++) {
                    int bit = pc2[6 * s + b] - 1 - 8 * j; /* 0..7 within the byte */
                    if (bit >= 0 && bit < 8 && ((v >> (7 - bit)) & 1))
                        k |= (uint64_t)1 << (8 * byte + 7 - b);
                }
            }
            t[j][v] = k;
        }
}

static void print_table(FILE *f, const char *decl, const uint64_t *t, int rows, int cols)
{
    fprintf(f, "\n%s = {\n", decl);
    for (int r = 0; r < rows; r++) {
        fprintf(f, "    {\n");
        for (int c = 0; c < cols; c++)
            fprintf(f, "%s0x%016" PRIx64 ",%s", c % 3 == 0 ? "        " : " ",
                    t[r * cols + c], c % 3 == 2 || c == cols - 1 ? "\n" : "");
        fprintf(f, "    },\n");
    }
    fprintf(f, "};\n");
}

/* write_tables writes des_tables.c to f. */
static void write_tables(FILE *f)
{
    static uint64_t sp[8][64], pc1_nib[16][16], pc2_byte[7][256];

    gen_sp(sp);
    gen_pc1(pc1_nib);
    gen_pc2(pc2_byte);
    fprintf(f, "/*\n"
               " * src/cipher/des_tables.c - the tables of DES's round and key schedule,\n"
               " * derived from FIPS 46-3 in the layout des_internal.h describes.\n"
               " *\n"
               " * Generated by scripts/gen-des-tables.c; do not edit.  The test\n"
               " * test_des_tables checks that this file is what the generator writes.\n"
               " */\n"
               "#include \"des_internal.h\"\n");
    print_table(f, "const _Alignas(64) uint64_t brisk_des_sp[8][64]", &sp[0][0], 8, 64);
    print_table(f, "const _Alignas(64) uint64_t brisk_des_pc1_nib[16][16]", &pc1_nib[0][0], 16,
                16);
    print_table(f, "const _Alignas(64) uint64_t brisk_des_pc2_byte[7][256]", &pc2_byte[0][0],
                7, 256);
}

/* same_contents returns 1 when the streams a and b hold the same bytes. */
static int same_contents(FILE *a, FILE *b)
{
    int ca, cb;
    do {
        ca = getc(a);
        cb = getc(b);
    } while (ca == cb && ca != EOF);
    return ca == cb && !ferror(a) && !ferror(b);
}

int main(int argc, char **argv)
{
    if (argc == 1) {
        write_tables(stdout);
        return fflush(stdout) != 0 || ferror(stdout) != 0;
    }
    if (argc != 3 || strcmp(argv[1], "--check") != 0) {
        fprintf(stderr, "usage: gen-des-tables [--check des_tables.c]\n");
        return 2;
    }
    FILE *want = tmpfile(), *have = fopen(argv[2], "rb");
    if (want == NULL || have == NULL) {
        perror(have == NULL ? argv[2] : "tmpfile");
        return 1;
    }
    write_tables(want);
    rewind(want);
    int ok = same_contents(want, have);
    if (!ok)
        fprintf(stderr, "%s differs from what scripts/gen-des-tables.c writes; "
                        "regenerate it with gen-des-tables >%s\n", argv[2], argv[2]);
    printf("test_des_tables: %d passed, %d failed\n", ok, !ok);
    return !ok;
}
