/*
 * tests/test_legacy.c - the other SSLeay ciphers: Blowfish, CAST5, IDEA,
 * RC2, RC5 and RC4.  Known answers from tests/vectors/rfc (blowfish,
 * cast5 with the 1,000,000-iteration maintenance test, idea, rc2 with
 * effective key bits, rc4 keystream at offsets, rc5 with rounds), ECB
 * through the kernels and the chaining modes through the generic API, for
 * every implementation of the "bf" and "rc4" primitives.  Properties:
 * decrypt(encrypt(x)) == x on random keys and data, in place, misaligned,
 * many blocks against one at a time, RC4 in random pieces against one
 * shot, and rejected key lengths and parameters.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/cipher/internal.h"
#include "vectors.h"

#define MAX_BLOCKS 64

/* The CBC encryption kernels (brisk_*_cbc_encrypt) are declared in
 * src/cipher/internal.h. */
typedef brisk_cbc_enc_fn cbc_enc_fn;

static tv_rng rng;

/* One aligned key schedule, as in brisk_cipher_ctx. */
typedef struct sched {
    _Alignas(64) uint8_t ks[BRISK_KS_SIZE];
} sched;

/* ---- Helpers ---- */

/* api_crypt runs the generic API over in (len bytes) in one update and
 * final, padding off; returns 0 with *out_len set, else the error. */
static int api_crypt(const char *name, int enc, const uint8_t *key, size_t key_len,
                     const uint8_t *iv, size_t iv_len, unsigned param, uint8_t *out,
                     size_t *out_len, const uint8_t *in, size_t len)
{
    const brisk_cipher *c = brisk_cipher_by_name(name);
    brisk_cipher_ctx ctx;
    size_t n = 0, m = 0;
    int rc;
    if (c == NULL)
        return BRISK_EINVAL;
    rc = brisk_cipher_init_ex(&ctx, c, enc, key, key_len, iv, iv_len, param);
    if (rc == 0)
        rc = brisk_cipher_set_padding(&ctx, 0);
    if (rc == 0)
        rc = brisk_cipher_update(&ctx, out, &n, in, len);
    if (rc == 0)
        rc = brisk_cipher_final(&ctx, out + n, &m);
    brisk_cipher_cleanup(&ctx);
    *out_len = n + m;
    return rc;
}

/* check_api checks name encrypting pt to ct and decrypting back. */
static void check_api(const char *name, const uint8_t *key, size_t key_len, const uint8_t *iv,
                      size_t iv_len, unsigned param, const uint8_t *pt, const uint8_t *ct,
                      size_t len, const char *where)
{
    uint8_t *out = malloc(len + 16);
    size_t n = 0;
    if (!tv_check(out != NULL, "malloc"))
        return;
    if (tv_check_int(api_crypt(name, 1, key, key_len, iv, iv_len, param, out, &n, pt, len), 0,
                     "%s %s encrypt", where, name) &&
        tv_check_int((long long)n, (long long)len, "%s %s encrypt length", where, name))
        tv_check_mem(out, ct, len, "%s %s encrypt", where, name);
    if (tv_check_int(api_crypt(name, 0, key, key_len, iv, iv_len, param, out, &n, ct, len), 0,
                     "%s %s decrypt", where, name) &&
        tv_check_int((long long)n, (long long)len, "%s %s decrypt length", where, name))
        tv_check_mem(out, pt, len, "%s %s decrypt", where, name);
    free(out);
}

/* check_ecb checks one block cipher on known blocks (a multiple of 8
 * bytes), both directions, out of place and in place. */
static void check_ecb(const brisk_block_cipher *bc, const uint8_t *key, size_t key_len,
                      unsigned param, const uint8_t *pt, const uint8_t *ct, size_t len,
                      const char *where)
{
    sched s;
    uint8_t buf[MAX_BLOCKS * 8];
    if (!tv_check(len % 8 == 0 && len <= sizeof(buf), "%s: block data", where))
        return;
    if (!tv_check_int(bc->setkey(s.ks, key, key_len, param), 0, "%s %s setkey", where, bc->name))
        return;
    bc->encrypt(s.ks, buf, pt, len / 8);
    tv_check_mem(buf, ct, len, "%s %s encrypt", where, bc->name);
    bc->decrypt(s.ks, buf, buf, len / 8);
    tv_check_mem(buf, pt, len, "%s %s decrypt in place", where, bc->name);
    memcpy(buf, pt, len);
    bc->encrypt(s.ks, buf, buf, len / 8);
    tv_check_mem(buf, ct, len, "%s %s encrypt in place", where, bc->name);
}

/* check_cbc_kernel checks a CBC encryption kernel on a known answer. */
static void check_cbc_kernel(const brisk_block_cipher *bc, cbc_enc_fn *cbc, const uint8_t *key,
                             size_t key_len, unsigned param, const uint8_t *iv,
                             const uint8_t *pt, const uint8_t *ct, size_t len, const char *where)
{
    sched s;
    uint8_t buf[MAX_BLOCKS * 8], chain[8];
    if (!tv_check(len % 8 == 0 && len <= sizeof(buf), "%s: block data", where) ||
        !tv_check_int(bc->setkey(s.ks, key, key_len, param), 0, "%s setkey", where))
        return;
    memcpy(chain, iv, 8);
    cbc(s.ks, chain, buf, pt, len / 8);
    tv_check_mem(buf, ct, len, "%s %s cbc kernel", where, bc->name);
}

/* get_hex fetches a required hex field, counting a failure if absent. */
static const uint8_t *get_hex(tv_file *f, const char *field, size_t *len)
{
    const uint8_t *p = tv_get_hex(f, field, len);
    if (p == NULL)
        tv_fail("%s: no %s", tv_where(f), field);
    return p;
}

/* ---- Blowfish ---- */

static void kat_blowfish(const char *impl)
{
    tv_file *f = tv_open("rfc/blowfish.txt");
    int n = 0;
    while (f != NULL && tv_next(f)) {
        size_t kl, pl, cl, ivl = 0;
        const uint8_t *key = get_hex(f, "KEY", &kl), *pt = get_hex(f, "PLAINTEXT", &pl);
        const uint8_t *ct = get_hex(f, "CIPHERTEXT", &cl);
        if (key == NULL || pt == NULL || ct == NULL ||
            !tv_check(pl == cl, "%s: lengths", tv_where(f)))
            continue;
        char where[160];
        snprintf(where, sizeof(where), "%s [%s]", tv_where(f), impl);
        const char *mode = tv_get(f, "MODE");
        if (strcmp(tv_section(f), "CHAINING") != 0) {
            check_ecb(&brisk_bf_cipher, key, kl, 0, pt, ct, pl, where);
            n++;
            continue;
        }
        const uint8_t *iv = get_hex(f, "IV", &ivl);
        const char *name = mode == NULL                ? NULL
                           : strcmp(mode, "CBC") == 0   ? "bf-cbc"
                           : strcmp(mode, "CFB64") == 0 ? "bf-cfb"
                           : strcmp(mode, "OFB64") == 0 ? "bf-ofb"
                                                        : NULL;
        if (!tv_check(name != NULL && iv != NULL, "%s: mode", where))
            continue;
        check_api(name, key, kl, iv, ivl, 0, pt, ct, pl, where);
        if (strcmp(name, "bf-cbc") == 0)
            check_cbc_kernel(&brisk_bf_cipher, brisk_bf_cbc_encrypt, key, kl, 0, iv, pt, ct, pl,
                             where);
        n++;
    }
    tv_check(n == 61, "blowfish.txt: %d records", n);
    tv_close(f);
}

/* ---- CAST5 ---- */

/* One maintenance-test iteration (RFC 2144 B.2), forwards or backwards. */
static void cast5_maint_step(uint8_t a[16], uint8_t b[16], int forwards)
{
    sched s;
    const brisk_block_cipher *bc = &brisk_cast5_cipher;
    if (forwards) {
        bc->setkey(s.ks, b, 16, 0);
        bc->encrypt(s.ks, a, a, 2);
        bc->setkey(s.ks, a, 16, 0);
        bc->encrypt(s.ks, b, b, 2);
    } else {
        bc->setkey(s.ks, a, 16, 0);
        bc->decrypt(s.ks, b, b, 2);
        bc->setkey(s.ks, b, 16, 0);
        bc->decrypt(s.ks, a, a, 2);
    }
}

static void kat_cast5(void)
{
    tv_file *f = tv_open("rfc/cast5.txt");
    int n = 0;
    while (f != NULL && tv_next(f)) {
        size_t l0, l1, l2, l3;
        if (tv_get(f, "A0") != NULL) {
            const uint8_t *a0 = get_hex(f, "A0", &l0), *b0 = get_hex(f, "B0", &l1);
            const uint8_t *af = get_hex(f, "A", &l2), *bf = get_hex(f, "B", &l3);
            unsigned long iters = 0;
            if (a0 == NULL || b0 == NULL || af == NULL || bf == NULL ||
                !tv_check(l0 == 16 && l1 == 16 && l2 == 16 && l3 == 16 &&
                              tv_get_ulong(f, "ITERATIONS", &iters) == 0,
                          "%s: maintenance record", tv_where(f)))
                continue;
            uint8_t a[16], b[16];
            memcpy(a, a0, 16);
            memcpy(b, b0, 16);
            unsigned long run = iters;
            if (tv_quick()) {
                run = iters < 10000 ? iters : 10000;
                tv_note("quick: CAST5 maintenance test over %lu of %lu iterations, "
                        "checked by running it back, not against the final values",
                        run, iters);
            }
            for (unsigned long i = 0; i < run; i++)
                cast5_maint_step(a, b, 1);
            if (run == iters) {
                tv_check_mem(a, af, 16, "%s: maintenance a", tv_where(f));
                tv_check_mem(b, bf, 16, "%s: maintenance b", tv_where(f));
            }
            for (unsigned long i = 0; i < run; i++)
                cast5_maint_step(a, b, 0);
            tv_check_mem(a, a0, 16, "%s: maintenance run back a", tv_where(f));
            tv_check_mem(b, b0, 16, "%s: maintenance run back b", tv_where(f));
            n++;
            continue;
        }
        const uint8_t *key = get_hex(f, "KEY", &l0), *pt = get_hex(f, "PLAINTEXT", &l1);
        const uint8_t *ct = get_hex(f, "CIPHERTEXT", &l2);
        if (key != NULL && pt != NULL && ct != NULL && tv_check(l1 == l2, "lengths")) {
            check_ecb(&brisk_cast5_cipher, key, l0, 0, pt, ct, l1, tv_where(f));
            n++;
        }
    }
    tv_check(n == 4, "cast5.txt: %d records", n);
    tv_close(f);
}

/* ---- IDEA, RC2, RC5: records with an optional IV ---- */

static void kat_idea(void)
{
    tv_file *f = tv_open("rfc/idea.txt");
    int n = 0;
    while (f != NULL && tv_next(f)) {
        size_t kl, pl, cl, ivl;
        const uint8_t *key = get_hex(f, "KEY", &kl), *pt = get_hex(f, "PLAINTEXT", &pl);
        const uint8_t *ct = get_hex(f, "CIPHERTEXT", &cl);
        if (key == NULL || pt == NULL || ct == NULL || !tv_check(pl == cl, "lengths"))
            continue;
        if (strstr(tv_section(f), "CFB64") != NULL) {
            const uint8_t *iv = get_hex(f, "IV", &ivl);
            if (iv != NULL)
                check_api("idea-cfb", key, kl, iv, ivl, 0, pt, ct, pl, tv_where(f));
        } else {
            check_ecb(&brisk_idea_cipher, key, kl, 0, pt, ct, pl, tv_where(f));
            check_api("idea-ecb", key, kl, NULL, 0, 0, pt, ct, pl, tv_where(f));
        }
        n++;
    }
    tv_check(n == 2, "idea.txt: %d records", n);
    tv_close(f);
}

static void kat_rc2(void)
{
    tv_file *f = tv_open("rfc/rc2.txt");
    int n = 0;
    while (f != NULL && tv_next(f)) {
        size_t kl, pl, cl, ivl;
        unsigned long ekb = 0;
        const uint8_t *key = get_hex(f, "KEY", &kl), *pt = get_hex(f, "PLAINTEXT", &pl);
        const uint8_t *ct = get_hex(f, "CIPHERTEXT", &cl);
        if (key == NULL || pt == NULL || ct == NULL ||
            !tv_check(pl == cl && tv_get_ulong(f, "EKB", &ekb) == 0, "%s: fields", tv_where(f)))
            continue;
        const uint8_t *iv = tv_get_hex(f, "IV", &ivl);
        if (iv != NULL) {
            check_api("rc2-cbc", key, kl, iv, ivl, (unsigned)ekb, pt, ct, pl, tv_where(f));
            check_cbc_kernel(&brisk_rc2_cipher, brisk_rc2_cbc_encrypt, key, kl, (unsigned)ekb, iv,
                             pt, ct, pl, tv_where(f));
        } else {
            check_ecb(&brisk_rc2_cipher, key, kl, (unsigned)ekb, pt, ct, pl, tv_where(f));
            /* Effective bits equal to the key's are also the default. */
            if (ekb == kl * 8)
                check_ecb(&brisk_rc2_cipher, key, kl, 0, pt, ct, pl, tv_where(f));
        }
        n++;
    }
    tv_check(n == 13, "rc2.txt: %d records", n);
    tv_close(f);
}

static void kat_rc5(void)
{
    tv_file *f = tv_open("rfc/rc5.txt");
    int n = 0, skipped = 0;
    while (f != NULL && tv_next(f)) {
        size_t kl, pl, cl, ivl;
        unsigned long rounds = 0;
        const uint8_t *key = get_hex(f, "KEY", &kl), *pt = get_hex(f, "PLAINTEXT", &pl);
        const uint8_t *ct = get_hex(f, "CIPHERTEXT", &cl);
        if (key == NULL || pt == NULL || ct == NULL ||
            !tv_check(pl == cl && tv_get_ulong(f, "ROUNDS", &rounds) == 0, "%s: fields",
                      tv_where(f)))
            continue;
        /* Zero rounds cannot be asked for: parameter 0 means 12. */
        if (rounds == 0) {
            skipped++;
            continue;
        }
        const uint8_t *iv = tv_get_hex(f, "IV", &ivl);
        if (iv != NULL) {
            check_api("rc5-cbc", key, kl, iv, ivl, (unsigned)rounds, pt, ct, pl, tv_where(f));
            check_cbc_kernel(&brisk_rc5_cipher, brisk_rc5_cbc_encrypt, key, kl, (unsigned)rounds,
                             iv, pt, ct, pl, tv_where(f));
        } else
            check_ecb(&brisk_rc5_cipher, key, kl, (unsigned)rounds, pt, ct, pl, tv_where(f));
        if (rounds == 12 && iv == NULL)
            check_ecb(&brisk_rc5_cipher, key, kl, 0, pt, ct, pl, tv_where(f));
        n++;
    }
    tv_note("rc5.txt: %d records with ROUNDS = 0 skipped (parameter 0 means 12 rounds)",
            skipped);
    tv_check(n + skipped == 32, "rc5.txt: %d records", n + skipped);
    tv_close(f);
}

/* ---- RC4 ---- */

static void kat_rc4(const char *impl)
{
    tv_file *f = tv_open("rfc/rc4.txt");
    int n = 0;
    while (f != NULL && tv_next(f)) {
        size_t kl, sl;
        unsigned long off = 0;
        const uint8_t *key = get_hex(f, "KEY", &kl), *want = get_hex(f, "KEYSTREAM", &sl);
        if (key == NULL || want == NULL ||
            !tv_check(sl == 16 && tv_get_ulong(f, "OFFSET", &off) == 0 && off <= 4096,
                      "%s: fields", tv_where(f)))
            continue;
        sched s;
        uint8_t buf[4096 + 16 + 1];
        /* One shot over offset + 16 zero bytes, misaligned by one. */
        uint8_t *p = buf + 1;
        memset(p, 0, off + 16);
        if (!tv_check_int(brisk_rc4_cipher.setkey(s.ks, key, kl, 0), 0, "%s setkey",
                          tv_where(f)))
            continue;
        brisk_rc4_cipher.crypt(s.ks, p, p, off + 16);
        tv_check_mem(p + off, want, 16, "%s [%s] one shot", tv_where(f), impl);
        /* Skip the offset in random pieces, then the 16 bytes one by one. */
        brisk_rc4_cipher.setkey(s.ks, key, kl, 0);
        memset(buf, 0, sizeof(buf));
        for (size_t done = 0; done < off;) {
            size_t m = tv_rng_below(&rng, off - done + 1);
            brisk_rc4_cipher.crypt(s.ks, buf, buf, m);
            done += m;
        }
        memset(buf, 0, 16);
        for (int i = 0; i < 16; i++)
            brisk_rc4_cipher.crypt(s.ks, buf + i, buf + i, 1);
        tv_check_mem(buf, want, 16, "%s [%s] in pieces", tv_where(f), impl);
        n++;
    }
    tv_check(n == 252, "rc4.txt: %d records", n);
    tv_close(f);
}

/* rc4_props: random splits of a long message against one shot; the
 * generic API against the kernel. */
static void props_rc4(const char *impl)
{
    static uint8_t in[3000], one[3000], split[3000 + 8];
    for (int t = 0; t < 50; t++) {
        sched s;
        uint8_t key[256];
        size_t kl = 1 + tv_rng_below(&rng, 256), len = tv_rng_below(&rng, sizeof(in) + 1);
        tv_rng_fill(&rng, key, kl);
        tv_rng_fill(&rng, in, len);
        brisk_rc4_cipher.setkey(s.ks, key, kl, 0);
        brisk_rc4_cipher.crypt(s.ks, one, in, len);
        brisk_rc4_cipher.setkey(s.ks, key, kl, 0);
        size_t mis = tv_rng_below(&rng, 8);
        memcpy(split + mis, in, len);
        for (size_t done = 0; done < len;) {
            size_t m = tv_rng_below(&rng, len - done < 40 ? len - done + 1 : 40);
            brisk_rc4_cipher.crypt(s.ks, split + mis + done, split + mis + done, m);
            done += m;
        }
        tv_check_mem(split + mis, one, len, "rc4 [%s] split/in place/misaligned, key %zu, len %zu",
                     impl, kl, len);
        /* Decrypting is encrypting again. */
        brisk_rc4_cipher.setkey(s.ks, key, kl, 0);
        brisk_rc4_cipher.crypt(s.ks, split, one, len);
        tv_check_mem(split, in, len, "rc4 [%s] round trip", impl);
        /* The generic API, in pieces. */
        const brisk_cipher *c = brisk_cipher_by_name("rc4");
        brisk_cipher_ctx ctx;
        size_t n = 0, total = 0;
        if (tv_check(c != NULL, "rc4 registered") &&
            tv_check_int(brisk_cipher_init(&ctx, c, 1, key, kl, NULL, 0), 0, "rc4 init")) {
            size_t cut = tv_rng_below(&rng, len + 1);
            brisk_cipher_update(&ctx, split, &n, in, cut);
            total += n;
            brisk_cipher_update(&ctx, split + total, &n, in + cut, len - cut);
            total += n;
            brisk_cipher_final(&ctx, split + total, &n);
            total += n;
            brisk_cipher_cleanup(&ctx);
            if (tv_check_int((long long)total, (long long)len, "rc4 api length"))
                tv_check_mem(split, one, len, "rc4 [%s] api", impl);
        }
    }
}

/* ---- Block cipher properties ---- */

/* props_block: random keys (length in [kmin, kmax]) and param (in [0,
 * pmax]); n blocks at once against one at a time, round trip, in place,
 * misaligned. */
static void props_block(const brisk_block_cipher *bc, size_t kmin, size_t kmax, unsigned pmax,
                        const char *impl, int trials)
{
    static uint8_t pt[MAX_BLOCKS * 8], ct[MAX_BLOCKS * 8], tmp[MAX_BLOCKS * 8 + 8];
    for (int t = 0; t < trials; t++) {
        sched s;
        uint8_t key[256];
        size_t kl = kmin + tv_rng_below(&rng, kmax - kmin + 1);
        unsigned param = (unsigned)tv_rng_below(&rng, (size_t)pmax + 1);
        size_t n = tv_rng_below(&rng, MAX_BLOCKS + 1), mis = 1 + tv_rng_below(&rng, 7);
        tv_rng_fill(&rng, key, kl);
        tv_rng_fill(&rng, pt, n * 8);
        if (!tv_check_int(bc->setkey(s.ks, key, kl, param), 0, "%s setkey key %zu param %u",
                          bc->name, kl, param))
            continue;
        bc->encrypt(s.ks, ct, pt, n);
        for (size_t i = 0; i < n; i++)
            bc->encrypt(s.ks, tmp + 8 * i, pt + 8 * i, 1);
        tv_check_mem(tmp, ct, n * 8, "%s [%s] blocks one at a time", bc->name, impl);
        bc->decrypt(s.ks, tmp, ct, n);
        tv_check_mem(tmp, pt, n * 8, "%s [%s] round trip key %zu param %u n %zu", bc->name,
                     impl, kl, param, n);
        memcpy(tmp + mis, pt, n * 8);
        bc->encrypt(s.ks, tmp + mis, tmp + mis, n);
        tv_check_mem(tmp + mis, ct, n * 8, "%s [%s] misaligned in place", bc->name, impl);
        bc->decrypt(s.ks, tmp + mis, tmp + mis, n);
        tv_check_mem(tmp + mis, pt, n * 8, "%s [%s] misaligned in place back", bc->name, impl);
        /* Zero blocks leave the output alone. */
        memset(tmp, 0xa5, 8);
        bc->encrypt(s.ks, tmp, pt, 0);
        tv_check(tmp[0] == 0xa5 && tmp[7] == 0xa5, "%s zero blocks", bc->name);
    }
}

/* api_vs_kernel: the generic API's "-ecb" descriptors, over every key
 * length they accept, against the kernel keyed with the parameter the
 * generic layer implies (RC2: 128 effective bits, as OpenSSL's rc2-ecb). */
static void api_vs_kernel(const char *name, const brisk_block_cipher *bc, unsigned param)
{
    const brisk_cipher *c = brisk_cipher_by_name(name);
    static uint8_t pt[MAX_BLOCKS * 8], want[MAX_BLOCKS * 8], got[MAX_BLOCKS * 8 + 8];
    if (!tv_check(c != NULL && c->bc == bc, "%s registered", name))
        return;
    for (size_t kl = c->key_min; kl <= c->key_max; kl++) {
        sched s;
        uint8_t key[256];
        size_t n = 1 + tv_rng_below(&rng, MAX_BLOCKS), got_len = 0;
        tv_rng_fill(&rng, key, kl);
        tv_rng_fill(&rng, pt, n * 8);
        if (!tv_check_int(bc->setkey(s.ks, key, kl, param), 0, "%s setkey %zu", name, kl))
            continue;
        bc->encrypt(s.ks, want, pt, n);
        if (tv_check_int(api_crypt(name, 1, key, kl, NULL, 0, 0, got, &got_len, pt, n * 8), 0,
                         "%s api key %zu", name, kl) &&
            tv_check_int((long long)got_len, (long long)(n * 8), "%s api length", name))
            tv_check_mem(got, want, n * 8, "%s api against the kernel, key %zu", name, kl);
    }
}

/* props_cbc: the CBC encryption kernel against CBC over the ECB kernel,
 * out of place and in place, misaligned, in two calls, and the IV left as
 * the last ciphertext block. */
static void props_cbc(const brisk_block_cipher *bc, cbc_enc_fn *cbc, size_t kmin, size_t kmax,
                      unsigned pmax, const char *impl, int trials)
{
    static uint8_t pt[MAX_BLOCKS * 8], want[MAX_BLOCKS * 8], got[MAX_BLOCKS * 8 + 8];
    for (int t = 0; t < trials; t++) {
        sched s;
        uint8_t key[256], iv0[8], iv[8], chain[8];
        size_t kl = kmin + tv_rng_below(&rng, kmax - kmin + 1);
        unsigned param = (unsigned)tv_rng_below(&rng, (size_t)pmax + 1);
        size_t n = tv_rng_below(&rng, MAX_BLOCKS + 1), cut = tv_rng_below(&rng, n + 1);
        size_t mis = tv_rng_below(&rng, 8);
        tv_rng_fill(&rng, key, kl);
        tv_rng_fill(&rng, iv0, 8);
        tv_rng_fill(&rng, pt, n * 8);
        if (!tv_check_int(bc->setkey(s.ks, key, kl, param), 0, "%s setkey", bc->name))
            continue;
        memcpy(chain, iv0, 8);
        for (size_t i = 0; i < n; i++) {
            for (int j = 0; j < 8; j++)
                want[8 * i + j] = (uint8_t)(pt[8 * i + j] ^ chain[j]);
            bc->encrypt(s.ks, want + 8 * i, want + 8 * i, 1);
            memcpy(chain, want + 8 * i, 8);
        }
        memcpy(iv, iv0, 8);
        cbc(s.ks, iv, got, pt, cut);
        cbc(s.ks, iv, got + 8 * cut, pt + 8 * cut, n - cut);
        tv_check_mem(got, want, n * 8, "%s [%s] cbc kernel, %zu blocks", bc->name, impl, n);
        tv_check_mem(iv, chain, 8, "%s [%s] cbc kernel leaves the last block in iv", bc->name,
                     impl);
        memcpy(iv, iv0, 8);
        memcpy(got + mis, pt, n * 8);
        cbc(s.ks, iv, got + mis, got + mis, n);
        tv_check_mem(got + mis, want, n * 8, "%s [%s] cbc kernel in place, misaligned",
                     bc->name, impl);
    }
}

/* ---- Rejected keys and parameters ---- */

static void check_reject(const char *name, int (*setkey)(void *, const uint8_t *, size_t, unsigned),
                         size_t key_len, unsigned param)
{
    sched s;
    uint8_t key[300] = {0};
    tv_check_int(setkey(s.ks, key, key_len, param), BRISK_EINVAL, "%s rejects key %zu param %u",
                 name, key_len, param);
}

static void check_accept(const char *name, int (*setkey)(void *, const uint8_t *, size_t, unsigned),
                         size_t key_len, unsigned param)
{
    sched s;
    uint8_t key[300] = {1, 2, 3};
    tv_check_int(setkey(s.ks, key, key_len, param), 0, "%s accepts key %zu param %u", name,
                 key_len, param);
}

static void bad_params(void)
{
    check_reject("bf", brisk_bf_cipher.setkey, 0, 0);
    check_reject("bf", brisk_bf_cipher.setkey, 16, 1);
    check_accept("bf", brisk_bf_cipher.setkey, 1, 0);
    check_accept("bf", brisk_bf_cipher.setkey, 72, 0);
    check_accept("bf", brisk_bf_cipher.setkey, 73, 0); /* truncated, as OpenSSL */
    check_reject("cast5", brisk_cast5_cipher.setkey, 4, 0);
    check_reject("cast5", brisk_cast5_cipher.setkey, 17, 0);
    check_reject("cast5", brisk_cast5_cipher.setkey, 16, 1);
    check_accept("cast5", brisk_cast5_cipher.setkey, 5, 0);
    check_reject("idea", brisk_idea_cipher.setkey, 15, 0);
    check_reject("idea", brisk_idea_cipher.setkey, 17, 0);
    check_reject("idea", brisk_idea_cipher.setkey, 16, 1);
    check_reject("rc2", brisk_rc2_cipher.setkey, 0, 0);
    check_reject("rc2", brisk_rc2_cipher.setkey, 129, 0);
    check_reject("rc2", brisk_rc2_cipher.setkey, 16, 1025);
    check_accept("rc2", brisk_rc2_cipher.setkey, 1, 1);
    check_accept("rc2", brisk_rc2_cipher.setkey, 128, 1024);
    check_reject("rc5", brisk_rc5_cipher.setkey, 256, 0);
    check_reject("rc5", brisk_rc5_cipher.setkey, 16, 256);
    check_accept("rc5", brisk_rc5_cipher.setkey, 0, 0);
    check_accept("rc5", brisk_rc5_cipher.setkey, 255, 255);
    check_reject("rc4", brisk_rc4_cipher.setkey, 0, 0);
    check_reject("rc4", brisk_rc4_cipher.setkey, 257, 0);
    check_reject("rc4", brisk_rc4_cipher.setkey, 16, 1);
    check_accept("rc4", brisk_rc4_cipher.setkey, 256, 0);

    /* A key longer than 72 bytes acts as its first 72, as in OpenSSL. */
    sched a, b;
    uint8_t key[80], x[8] = {0}, y[8] = {0};
    tv_rng_fill(&rng, key, sizeof(key));
    brisk_bf_cipher.setkey(a.ks, key, 80, 0);
    brisk_bf_cipher.setkey(b.ks, key, 72, 0);
    brisk_bf_cipher.encrypt(a.ks, x, x, 1);
    brisk_bf_cipher.encrypt(b.ks, y, y, 1);
    tv_check_mem(x, y, 8, "bf 80-byte key acts as its first 72 bytes");

    /* NULL keys. */
    tv_check_int(brisk_bf_cipher.setkey(a.ks, NULL, 16, 0), BRISK_EINVAL, "bf NULL key");
    tv_check_int(brisk_rc4_cipher.setkey(a.ks, NULL, 16, 0), BRISK_EINVAL, "rc4 NULL key");
    tv_check_int(brisk_rc5_cipher.setkey(a.ks, NULL, 0, 0), 0, "rc5 NULL empty key");
}

int main(void)
{
    char list[128];
    size_t i;
    const char *impl;

    tv_begin("test_legacy");
    tv_rng_init(&rng, tv_seed());

    for (i = 0; (impl = tv_impl_next("bf", &i)) != NULL;) {
        kat_blowfish(impl);
        props_block(&brisk_bf_cipher, 1, 72, 0, impl, 100);
        props_cbc(&brisk_bf_cipher, brisk_bf_cbc_encrypt, 1, 72, 0, impl, 50);
    }
    tv_note("bf tested: %s", tv_impl_list("bf", list, sizeof(list)));
    for (i = 0; (impl = tv_impl_next("rc4", &i)) != NULL;) {
        kat_rc4(impl);
        props_rc4(impl);
    }
    tv_note("rc4 tested: %s", tv_impl_list("rc4", list, sizeof(list)));

    kat_cast5();
    kat_idea();
    kat_rc2();
    kat_rc5();
    props_block(&brisk_cast5_cipher, 5, 16, 0, "c", 200);
    props_block(&brisk_idea_cipher, 16, 16, 0, "c", 200);
    props_block(&brisk_rc2_cipher, 1, 128, 1024, "c", 200);
    props_block(&brisk_rc5_cipher, 0, 255, 255, "c", 200);
    props_cbc(&brisk_cast5_cipher, brisk_cast5_cbc_encrypt, 5, 16, 0, "c", 100);
    props_cbc(&brisk_idea_cipher, brisk_idea_cbc_encrypt, 16, 16, 0, "c", 100);
    props_cbc(&brisk_rc2_cipher, brisk_rc2_cbc_encrypt, 1, 128, 1024, "c", 100);
    props_cbc(&brisk_rc5_cipher, brisk_rc5_cbc_encrypt, 0, 255, 255, "c", 100);
    api_vs_kernel("bf-ecb", &brisk_bf_cipher, 0);
    api_vs_kernel("cast5-ecb", &brisk_cast5_cipher, 0);
    api_vs_kernel("idea-ecb", &brisk_idea_cipher, 0);
    api_vs_kernel("rc2-ecb", &brisk_rc2_cipher, 128);
    api_vs_kernel("rc5-ecb", &brisk_rc5_cipher, 12);
    bad_params();
    return tv_end();
}
