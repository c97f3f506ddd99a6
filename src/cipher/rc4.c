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

/* A variant's key setup, the dispatched function (it also records the
 * variant's kernel in the key). */
typedef void rc4_setkey_fn(rc4_key *k, const uint8_t *key, size_t key_len);

/* ---- One keystream byte, per layout ---- */

static inline uint32_t rc4_byte_int(uint32_t *s, uint8_t *x, uint8_t *y)
{
    uint8_t i = (uint8_t)(*x + 1);
    uint32_t tx = s[i];
    uint8_t j = (uint8_t)(*y + tx);
    uint32_t ty = s[j];
    s[j] = tx;
    s[i] = ty;
    *x = i;
    *y = j;
    return s[(uint8_t)(tx + ty)];
}

static inline uint32_t rc4_byte_char(uint8_t *s, uint8_t *x, uint8_t *y)
{
    uint8_t i = (uint8_t)(*x + 1);
    uint8_t tx = s[i];
    uint8_t j = (uint8_t)(*y + tx);
    uint8_t ty = s[j];
    s[j] = tx;
    s[i] = ty;
    *x = i;
    *y = j;
    return s[(uint8_t)(tx + ty)];
}

/* ---- The kernels ---- */

static void rc4_crypt_int(rc4_key *k, uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t *s = k->s.i;
    uint8_t x = k->x, y = k->y;
    for (; len >= 8; len -= 8, in += 8, out += 8) {
        uint64_t ks = rc4_byte_int(s, &x, &y);
        ks |= (uint64_t)rc4_byte_int(s, &x, &y) << 8;
        ks |= (uint64_t)rc4_byte_int(s, &x, &y) << 16;
        ks |= (uint64_t)rc4_byte_int(s, &x, &y) << 24;
        ks |= (uint64_t)rc4_byte_int(s, &x, &y) << 32;
        ks |= (uint64_t)rc4_byte_int(s, &x, &y) << 40;
        ks |= (uint64_t)rc4_byte_int(s, &x, &y) << 48;
        ks |= (uint64_t)rc4_byte_int(s, &x, &y) << 56;
        store64_le(out, load64_le(in) ^ ks);
    }
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)(in[i] ^ rc4_byte_int(s, &x, &y));
    k->x = x;
    k->y = y;
}

static void rc4_crypt_char(rc4_key *k, uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t *s = k->s.c;
    uint8_t x = k->x, y = k->y;
    for (; len >= 8; len -= 8, in += 8, out += 8) {
        uint64_t ks = rc4_byte_char(s, &x, &y);
        ks |= (uint64_t)rc4_byte_char(s, &x, &y) << 8;
        ks |= (uint64_t)rc4_byte_char(s, &x, &y) << 16;
        ks |= (uint64_t)rc4_byte_char(s, &x, &y) << 24;
        ks |= (uint64_t)rc4_byte_char(s, &x, &y) << 32;
        ks |= (uint64_t)rc4_byte_char(s, &x, &y) << 40;
        ks |= (uint64_t)rc4_byte_char(s, &x, &y) << 48;
        ks |= (uint64_t)rc4_byte_char(s, &x, &y) << 56;
        store64_le(out, load64_le(in) ^ ks);
    }
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)(in[i] ^ rc4_byte_char(s, &x, &y));
    k->x = x;
    k->y = y;
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

/* Fastest first, as measured on Ice Lake-SP with gcc 12 -O3. */
static const brisk_impl rc4_impls[] = {
    {"int", 0, (brisk_fn)rc4_setkey_int},
    {"char", 0, (brisk_fn)rc4_setkey_char},
    {NULL, 0, NULL},
};
brisk_prim brisk_rc4_prim = {"rc4", rc4_impls, NULL};

static int rc4_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    if (key == NULL || key_len == 0 || key_len > 256 || param != 0)
        return BRISK_EINVAL;
    ((rc4_setkey_fn *)brisk_prim_fn(&brisk_rc4_prim))(ks, key, key_len);
    return 0;
}

static void rc4_crypt(void *ks, uint8_t *out, const uint8_t *in, size_t len)
{
    rc4_key *k = ks;
    k->crypt(k, out, in, len);
}

const brisk_stream_cipher brisk_rc4_cipher = {"rc4", rc4_setkey, rc4_crypt};
