/*
 * src/cipher/rc4.c - RC4 (ARCFOUR, as in draft-kaukonen-cipher-arcfour and
 * RFC 6229's test vectors): key setup and the keystream xor, streaming
 * across calls.
 *
 * Keys are 1 to 256 bytes.  RC4 indexes its state by secret data: not
 * constant-time by design (BRISK_CIPHER_NOCT).
 *
 * SSLeay's options line said rc4(idx,int): index addressing into a state
 * of ints.  Two state layouts are offered through the "rc4" primitive:
 *   int   uint32_t S[256]: word loads and stores, no partial-register
 *         merges;
 *   char  uint8_t S[256]: a quarter of the cache footprint (RC4_CHAR, once
 *         best on the Pentium 4).
 * The layout is fixed when the key is set, which records its kernel, so a
 * key stays usable if the choice changes afterwards.  Both kernels produce
 * 8 bytes of keystream per iteration and xor them as one 64-bit word.
 */
#include "internal.h"

struct rc4_key;
typedef void rc4_crypt_fn(struct rc4_key *k, uint8_t *out, const uint8_t *in, size_t len);

typedef struct rc4_key {
    union {
        uint32_t i[256]; /* "int" */
        uint8_t c[256];  /* "char" */
    } s;
    uint8_t x, y;
    rc4_crypt_fn *crypt; /* the kernel for this layout */
} rc4_key;
_Static_assert(sizeof(rc4_key) <= BRISK_KS_SIZE, "RC4 state fits ks");

/* A variant's operations: its key setup, which also records the variant's
 * kernel in the key. */
typedef struct rc4_ops {
    void (*setkey)(rc4_key *k, const uint8_t *key, size_t key_len);
} rc4_ops;

/* ---- One keystream byte, per layout ----
 *
 * The obvious loop runs at the speed of the memory-ordering machinery, not
 * of its arithmetic: S[i + 1] is loaded long before the previous swaps'
 * addresses j are known, and every time the guess that they differ fails
 * the core flushes its pipeline.  So S[i + 1] is loaded before this byte's
 * swap, in program order, and patched in the rare case (j == i + 1) that
 * the swap moved it; the next j is computed as soon as this one is known.
 * Written as a branch, which gcc keeps (a select would put it on the
 * critical path).  *tx is S[i], *jn the j of byte i; both are carried to
 * the next byte.
 */

static inline uint32_t rc4_byte_int(uint32_t *s, uint32_t i, uint32_t *tx, uint32_t *jn)
{
    uint32_t t = *tx, j = *jn, i1 = (i + 1) & 0xff;
    uint32_t next = s[i1];
    uint32_t ty = s[j];
    s[j] = t;
    s[i] = ty;
    if (__builtin_expect(j == i1, 0)) {
        *jn = (j + t) & 0xff;
        *tx = t;
    } else {
        *jn = (j + next) & 0xff;
        *tx = next;
    }
    return s[(t + ty) & 0xff];
}

static inline uint32_t rc4_byte_char(uint8_t *s, uint32_t i, uint32_t *tx, uint32_t *jn)
{
    uint32_t t = *tx, j = *jn, i1 = (i + 1) & 0xff;
    uint32_t next = s[i1];
    uint32_t ty = s[j];
    s[j] = (uint8_t)t;
    s[i] = (uint8_t)ty;
    if (__builtin_expect(j == i1, 0)) {
        *jn = (j + t) & 0xff;
        *tx = t;
    } else {
        *jn = (j + next) & 0xff;
        *tx = next;
    }
    return s[(t + ty) & 0xff];
}

/* ---- The kernels ----
 *
 * The key keeps x, the last i used, and y, the last j; inside a kernel the
 * look-ahead state is tx = S[x + 1] and jn = y + tx. */

static void rc4_crypt_int(rc4_key *k, uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t *s = k->s.i;
    uint32_t x = k->x, tx = s[(x + 1) & 0xff], jn = (k->y + tx) & 0xff;
    for (; len >= 8; len -= 8, in += 8, out += 8) {
        uint64_t ks = 0;
        for (int b = 0; b < 8; b++) {
            x = (x + 1) & 0xff;
            ks |= (uint64_t)rc4_byte_int(s, x, &tx, &jn) << (8 * b);
        }
        store64_le(out, load64_le(in) ^ ks);
    }
    for (size_t n = 0; n < len; n++) {
        x = (x + 1) & 0xff;
        out[n] = (uint8_t)(in[n] ^ rc4_byte_int(s, x, &tx, &jn));
    }
    k->x = (uint8_t)x;
    k->y = (uint8_t)(jn - tx);
}

static void rc4_crypt_char(rc4_key *k, uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t *s = k->s.c;
    uint32_t x = k->x, tx = s[(x + 1) & 0xff], jn = (k->y + tx) & 0xff;
    for (; len >= 8; len -= 8, in += 8, out += 8) {
        uint64_t ks = 0;
        for (int b = 0; b < 8; b++) {
            x = (x + 1) & 0xff;
            ks |= (uint64_t)rc4_byte_char(s, x, &tx, &jn) << (8 * b);
        }
        store64_le(out, load64_le(in) ^ ks);
    }
    for (size_t n = 0; n < len; n++) {
        x = (x + 1) & 0xff;
        out[n] = (uint8_t)(in[n] ^ rc4_byte_char(s, x, &tx, &jn));
    }
    k->x = (uint8_t)x;
    k->y = (uint8_t)(jn - tx);
}

/* ---- Key setup, per layout ---- */

static void rc4_setkey_int(rc4_key *k, const uint8_t *key, size_t key_len)
{
    uint32_t *s = k->s.i;
    for (int i = 0; i < 256; i++)
        s[i] = (uint32_t)i;
    uint8_t j = 0;
    for (size_t i = 0, n = 0; i < 256; i++) {
        uint32_t t = s[i];
        j = (uint8_t)(j + t + key[n]);
        s[i] = s[j];
        s[j] = t;
        n = n + 1 == key_len ? 0 : n + 1;
    }
    k->x = k->y = 0;
    k->crypt = rc4_crypt_int;
}

static void rc4_setkey_char(rc4_key *k, const uint8_t *key, size_t key_len)
{
    uint8_t *s = k->s.c;
    for (int i = 0; i < 256; i++)
        s[i] = (uint8_t)i;
    uint8_t j = 0;
    for (size_t i = 0, n = 0; i < 256; i++) {
        uint8_t t = s[i];
        j = (uint8_t)(j + t + key[n]);
        s[i] = s[j];
        s[j] = t;
        n = n + 1 == key_len ? 0 : n + 1;
    }
    k->x = k->y = 0;
    k->crypt = rc4_crypt_char;
}

/* Fastest first, as measured on Ice Lake-SP with gcc 12 -O3; "char" is
 * there to be timed and forced (BRISK_IMPL=rc4=char). */
static const brisk_impl rc4_impls[] = {
    {"int", 0, 0, BRISK_IMPL_AUTO, &(const rc4_ops){rc4_setkey_int}},
    {"char", 0, 0, BRISK_IMPL_FORCE_ONLY, &(const rc4_ops){rc4_setkey_char}},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_rc4_prim = {.name = "rc4", .impls = rc4_impls};

static inline const rc4_ops *rc4_active(void)
{
    return brisk_prim_ops(&brisk_rc4_prim);
}

static int rc4_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    if (key == NULL || key_len == 0 || key_len > 256 || param != 0)
        return BRISK_EINVAL;
    rc4_active()->setkey(ks, key, key_len);
    return 0;
}

static void rc4_crypt(void *ks, uint8_t *out, const uint8_t *in, size_t len)
{
    rc4_key *k = ks;
    k->crypt(k, out, in, len);
}

const brisk_stream_cipher brisk_rc4_cipher = {"rc4", rc4_setkey, rc4_crypt};
