/*
 * tests/ct_cipher.c - constant-time checks of the cipher kernels under
 * valgrind's memcheck, after Monocypher's tests/ctgrind.c and ct_digest.c:
 * keys, plaintexts and IVs are marked undefined, so memcheck reports any
 * branch or memory address that depends on them.  Errors are counted per
 * check with VALGRIND_COUNT_ERRORS, so a report names the culprit.
 *
 * The checks are a table: each entry runs one primitive's kernels on secret
 * inputs, under the AES and GHASH implementations it names, and compares
 * the results with a run on public ones.  Each runs under the portable
 * "ct" implementations and again under AES-NI and PCLMULQDQ, which
 * valgrind's emulated CPU has: the instructions' timing is the hardware's,
 * and what memcheck checks there is the code around them (key expansion,
 * counters, tweak doubling, GHASH reduction).  It has no VAES or
 * VPCLMULQDQ, so those kernels cannot be checked here.  An implementation
 * the CPU lacks is skipped with a note.  GCM runs with key, IV, AAD,
 * message and (for the wrong-tag case) the expected tag secret, through the
 * public API, so the tag comparison is checked too.  A CTR counter block is
 * public (see aes_run).  Every other cipher the
 * registry does not flag BRISK_CIPHER_NOCT (IDEA, RC5, and AES in ECB, CBC,
 * CFB, OFB and CTR) is run through the generic API with key, IV and data
 * secret.  Serpent runs ECB, CBC and XTS on lengths that reach its wide
 * kernels, under each of its implementations.  ChaCha20-Poly1305 and
 * XChaCha20-Poly1305 (one-shot and generic) run with key, nonce, AAD,
 * message and a wrong tag secret, and ChaCha20 alone, under each pair of
 * chacha20 and poly1305 implementations; their verdicts pass through
 * brisk_ct_declassify, the library's hook for values it returns.
 *
 * --canary leaks on purpose and succeeds only if memcheck notices, proving
 * that the marking works in this build and valgrind run.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/chacha.h>

#include "../src/cipher/internal.h"
#include "ctgrind.h"
#include "vectors.h"

/* use_impls forces aes (and ghash, unless NULL) to the named
 * implementations; it returns 0 when the CPU lacks one, after a note. */
static int use_impls(const char *aes, const char *ghash)
{
    if (brisk_impl_set("aes", aes) != 0 || (ghash != NULL && brisk_impl_set("ghash", ghash) != 0)) {
        brisk_impl_set("aes", NULL);
        tv_note("aes=%s%s%s not available on this CPU: skipped", aes,
                ghash != NULL ? ", ghash=" : "", ghash != NULL ? ghash : "");
        return 0;
    }
    return 1;
}

static void reset_impls(void)
{
    brisk_impl_set("aes", NULL);
    brisk_impl_set("ghash", NULL);
}

/* ---- AES ---- */

enum { AES_BLOCKS = 9 }; /* two 4-block batches and a lone block */

/* aes_run does every kernel of the key's implementation once: ECB both
 * ways, CBC both ways, ctr128 and ctr32, writing 6 * AES_BLOCKS blocks. */
static void aes_run(const brisk_aes_key *k, const uint8_t iv[16], const uint8_t *msg,
                    uint8_t *out)
{
    const size_t len = 16 * AES_BLOCKS;
    uint8_t v[16];

    k->impl->ecb_enc(k, out, msg, AES_BLOCKS);
    k->impl->ecb_dec(k, out + len, msg, AES_BLOCKS);
    memcpy(v, iv, 16);
    k->impl->cbc_enc(k, v, out + 2 * len, msg, AES_BLOCKS);
    memcpy(v, iv, 16);
    k->impl->cbc_dec(k, v, out + 3 * len, msg, AES_BLOCKS);
    /* A CTR counter block is a nonce sent in the clear, so it is public
     * here: aesni's ctr128 splits a run where the counter's low 64 bits
     * wrap (OpenSSL's ctr32 kernels branch on the same), and only the key
     * and the data must not leak. */
    memcpy(v, iv, 16);
    public(v, sizeof(v));
    k->impl->ctr128(k, v, out + 4 * len, msg, AES_BLOCKS);
    memcpy(v, iv, 16);
    public(v, sizeof(v));
    k->impl->ctr32(k, v, out + 5 * len, msg, AES_BLOCKS);
}

static void check_aes(tv_rng *rng, const char *impl, const char *ghash)
{
    static const size_t key_lens[] = {16, 24, 32};
    uint8_t key[32], iv[16], msg[16 * AES_BLOCKS];
    uint8_t want[6 * 16 * AES_BLOCKS], got[6 * 16 * AES_BLOCKS];
    brisk_aes_key k;

    (void)ghash;
    if (!use_impls(impl, NULL))
        return;
    for (size_t i = 0; i < 3; i++) {
        size_t kl = key_lens[i];
        tv_rng_fill(rng, key, sizeof(key));
        tv_rng_fill(rng, iv, sizeof(iv));
        tv_rng_fill(rng, msg, sizeof(msg));
        if (!tv_check(brisk_aes_setkey(&k, key, kl) == 0, "aes-%s setkey %zu", impl, kl))
            continue;
        aes_run(&k, iv, msg, want);

        secret(key, kl);
        secret(iv, sizeof(iv));
        secret(msg, sizeof(msg));
        brisk_aes_setkey(&k, key, kl);
        aes_run(&k, iv, msg, got);
        public(got, sizeof(got));
        public(&k, sizeof(k));
        public(key, kl);
        public(iv, sizeof(iv));
        public(msg, sizeof(msg));
        tv_check_mem(got, want, sizeof(got), "aes-%s %zu-bit key: same results", impl, 8 * kl);
    }
    reset_impls();
}

/* ---- GCM and XTS, through the generic API ---- */

/* gcm_run encrypts msg (50 bytes) under key, iv (iv_len) and aad (20 bytes)
 * into out and tag, then decrypts out with tag_in and returns final's
 * verdict (made public) with the plaintext in back. */
static int gcm_run(const brisk_cipher *c, const uint8_t *key, const uint8_t *iv, size_t iv_len,
                   const uint8_t *aad, const uint8_t *msg, uint8_t *out, uint8_t tag[16],
                   const uint8_t *tag_in, uint8_t *back)
{
    brisk_cipher_ctx ctx;
    size_t n, m;
    int ret;

    brisk_cipher_init(&ctx, c, 1, key, c->key_len, iv, iv_len);
    brisk_cipher_aad(&ctx, aad, 20);
    brisk_cipher_update(&ctx, out, &n, msg, 50);
    brisk_cipher_final(&ctx, out + n, &m);
    brisk_cipher_get_tag(&ctx, tag, 16);
    brisk_cipher_init(&ctx, c, 0, key, c->key_len, iv, iv_len);
    brisk_cipher_aad(&ctx, aad, 20);
    brisk_cipher_set_tag(&ctx, tag_in != NULL ? tag_in : tag, 16);
    brisk_cipher_update(&ctx, back, &n, out, 50);
    ret = brisk_cipher_final(&ctx, back + n, &m);
    public(&ret, sizeof(ret));
    brisk_cipher_cleanup(&ctx);
    return ret;
}

static void check_gcm(tv_rng *rng, const char *impl, const char *ghash)
{
    static const char *const names[] = {"aes-128-gcm", "aes-256-gcm"};
    uint8_t key[32], iv[20], aad[20], msg[50], bad_tag[16];
    uint8_t out1[50], tag1[16], back1[50], out2[50], tag2[16], back2[50];

    if (!use_impls(impl, ghash))
        return;
    for (size_t i = 0; i < 4; i++) {
        const brisk_cipher *c = brisk_cipher_by_name(names[i % 2]);
        size_t iv_len = i < 2 ? 12 : 20; /* 96 bits, and one hashed into J0 */
        tv_rng_fill(rng, key, sizeof(key));
        tv_rng_fill(rng, iv, sizeof(iv));
        tv_rng_fill(rng, aad, sizeof(aad));
        tv_rng_fill(rng, msg, sizeof(msg));
        int ok1 = gcm_run(c, key, iv, iv_len, aad, msg, out1, tag1, NULL, back1);

        secret(key, sizeof(key));
        secret(iv, sizeof(iv));
        secret(aad, sizeof(aad));
        secret(msg, sizeof(msg));
        int ok2 = gcm_run(c, key, iv, iv_len, aad, msg, out2, tag2, NULL, back2);
        /* A wrong tag, itself secret, fails without a secret branch. */
        memcpy(bad_tag, tag1, 16);
        bad_tag[i] ^= 1;
        secret(bad_tag, sizeof(bad_tag));
        int bad = gcm_run(c, key, iv, iv_len, aad, msg, out2, tag2, bad_tag, back2);
        public(key, sizeof(key));
        public(iv, sizeof(iv));
        public(aad, sizeof(aad));
        public(msg, sizeof(msg));
        public(out2, sizeof(out2));
        public(tag2, sizeof(tag2));
        public(back2, sizeof(back2));
        tv_check(ok1 == 0 && ok2 == 0, "%s iv %zu: tags verify", c->name, iv_len);
        tv_check_int(bad, BRISK_EVERIFY, "%s iv %zu: a wrong tag is refused", c->name, iv_len);
        tv_check_mem(out2, out1, sizeof(out1), "%s iv %zu: same ciphertext", c->name, iv_len);
        tv_check_mem(tag2, tag1, 16, "%s iv %zu: same tag", c->name, iv_len);
        tv_check_mem(back2, msg, sizeof(msg), "%s iv %zu: round trip", c->name, iv_len);
    }
    reset_impls();
}

/* check_xts_ct runs XTS with the expanded keys, the tweak and the data
 * secret.  The keys are made secret after init: AES's key expansion is
 * checked above, and refusing equal halves is a deliberate one-bit test
 * of the key (equal halves are never used). */
static void check_xts(tv_rng *rng, const char *impl, const char *ghash)
{
    static const char *const names[] = {"aes-128-xts", "aes-256-xts"};
    static const size_t lens[] = {16, 37, 160, 175};
    uint8_t key[64], iv[16], msg[175], want[175], got[175];
    brisk_cipher_ctx ctx;
    size_t n;

    (void)ghash;
    if (!use_impls(impl, NULL))
        return;
    for (size_t i = 0; i < 2; i++) {
        const brisk_cipher *c = brisk_cipher_by_name(names[i]);
        for (size_t j = 0; j < sizeof(lens) / sizeof(lens[0]); j++) {
            for (int enc = 0; enc < 2; enc++) {
                tv_rng_fill(rng, key, sizeof(key));
                tv_rng_fill(rng, iv, sizeof(iv));
                tv_rng_fill(rng, msg, sizeof(msg));
                brisk_cipher_init(&ctx, c, enc, key, c->key_len, iv, 16);
                brisk_cipher_update(&ctx, want, &n, msg, lens[j]);
                brisk_cipher_init(&ctx, c, enc, key, c->key_len, iv, 16);
                /* The round keys of the data and tweak keys (xts.c keeps
                 * them side by side), not the implementation pointer and
                 * round count beside them, which are public. */
                brisk_aes_key *keys = (brisk_aes_key *)(void *)ctx.ks;
                secret(keys[0].w, sizeof(keys[0].w));
                secret(keys[1].w, sizeof(keys[1].w));
                secret(ctx.iv, sizeof(ctx.iv));
                secret(msg, sizeof(msg));
                brisk_cipher_update(&ctx, got, &n, msg, lens[j]);
                public(got, sizeof(got));
                public(msg, sizeof(msg));
                public(&ctx, sizeof(ctx));
                tv_check_mem(got, want, lens[j], "%s %s %zu bytes: same result", c->name,
                             enc ? "encrypt" : "decrypt", lens[j]);
            }
        }
    }
    brisk_cipher_cleanup(&ctx);
    reset_impls();
}

/* ---- Every other constant-time cipher and mode, through the generic API ---- */

/* modes_run encrypts and decrypts 40 bytes (not a whole number of 16-byte
 * blocks, so the feedback modes end inside one; ECB and CBC without
 * padding take the first 32) under c, writing 80 bytes to out. */
static void modes_run(const brisk_cipher *c, const uint8_t *key, const uint8_t *iv,
                      const uint8_t *msg, uint8_t *out)
{
    size_t len = c->mode == BRISK_MODE_ECB || c->mode == BRISK_MODE_CBC ? 32 : 40;
    brisk_cipher_ctx ctx;
    size_t n, m;

    for (int enc = 1; enc >= 0; enc--) {
        uint8_t *o = out + (enc ? 0 : 40);
        brisk_cipher_init(&ctx, c, enc, key, c->key_len, iv, c->iv_len);
        brisk_cipher_set_padding(&ctx, 0);
        brisk_cipher_update(&ctx, o, &n, msg, len);
        brisk_cipher_final(&ctx, o + n, &m);
    }
    brisk_cipher_cleanup(&ctx);
}

/* check_modes runs every cipher that is neither NOCT, an AEAD nor XTS (those
 * have their own checks); AES ones under impl, the rest only with "ct". */
static void check_modes(tv_rng *rng, const char *impl, const char *ghash)
{
    uint8_t key[BRISK_CIPHER_MAX_KEY], iv[16], msg[40], want[80], got[80];
    const brisk_cipher *c;

    (void)ghash;
    if (!use_impls(impl, NULL))
        return;
    for (size_t i = 0; (c = brisk_cipher_at(i)) != NULL; i++) {
        int is_aes = strncmp(c->name, "aes-", 4) == 0;
        if ((c->flags & (BRISK_CIPHER_NOCT | BRISK_CIPHER_AEAD)) != 0 ||
            c->mode == BRISK_MODE_XTS || (!is_aes && strcmp(impl, "ct") != 0))
            continue;
        tv_rng_fill(rng, key, sizeof(key));
        tv_rng_fill(rng, iv, sizeof(iv));
        tv_rng_fill(rng, msg, sizeof(msg));
        memset(want, 0, sizeof(want));
        memset(got, 0, sizeof(got));
        modes_run(c, key, iv, msg, want);

        secret(key, sizeof(key));
        if (c->mode == BRISK_MODE_CHACHA20) /* the counter public, the nonce secret */
            secret(iv + 8, sizeof(iv) - 8);
        else if (c->mode != BRISK_MODE_CTR) /* public, as in aes_run */
            secret(iv, sizeof(iv));
        secret(msg, sizeof(msg));
        modes_run(c, key, iv, msg, got);
        public(got, sizeof(got));
        public(key, sizeof(key));
        public(iv, sizeof(iv));
        public(msg, sizeof(msg));
        tv_check_mem(got, want, sizeof(got), "%s (aes=%s): same results", c->name, impl);
    }
    reset_impls();
}

/* ---- Serpent, every implementation ---- */

/* serpent_run encrypts and decrypts msg under c (19 blocks for ECB and CBC,
 * so the wide kernels run a full group and a padded tail; 16 * 35 + 5 bytes
 * for XTS, runs of 32 and 2 blocks and ciphertext stealing), writing
 * 2 * len bytes to out.  With mark set, XTS's key schedules and tweak are
 * made secret after brisk_cipher_init: its refusal of equal key halves
 * is a deliberate comparison of the raw key (see check_xts). */
static size_t serpent_run(const brisk_cipher *c, const uint8_t *key, const uint8_t *iv,
                          const uint8_t *msg, uint8_t *out, int mark)
{
    size_t len = c->mode == BRISK_MODE_XTS ? 16 * 35 + 5 : 16 * 19;
    brisk_cipher_ctx ctx;
    size_t n, m;

    for (int enc = 1; enc >= 0; enc--) {
        uint8_t *o = out + (enc ? 0 : len);
        brisk_cipher_init(&ctx, c, enc, key, c->key_len, iv, c->iv_len);
        if (mark && c->mode == BRISK_MODE_XTS) {
            secret(ctx.ks, sizeof(ctx.ks));
            secret(ctx.iv, sizeof(ctx.iv));
        }
        brisk_cipher_set_padding(&ctx, 0);
        brisk_cipher_update(&ctx, o, &n, msg, len);
        brisk_cipher_final(&ctx, o + n, &m);
        public(&ctx, sizeof(ctx));
    }
    brisk_cipher_cleanup(&ctx);
    return 2 * len;
}

/* check_serpent runs Serpent's ECB, CBC and XTS under the implementation
 * impl (the portable circuits, and the AVX2 kernels, which valgrind's CPU
 * has; it lacks AVX-512, so that one is skipped there) with key, IV and
 * data secret. */
static void check_serpent(tv_rng *rng, const char *impl, const char *unused)
{
    static const char *const names[] = {"serpent-128-ecb", "serpent-256-cbc", "serpent-192-cbc",
                                        "serpent-256-xts", "serpent-128-xts"};
    static uint8_t key[64], iv[16], msg[16 * 36], want[2 * 16 * 36], got[2 * 16 * 36];

    (void)unused;
    if (brisk_impl_set("serpent", impl) != 0) {
        tv_note("serpent=%s not available on this CPU: skipped", impl);
        return;
    }
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        const brisk_cipher *c = brisk_cipher_by_name(names[i]);
        if (!tv_check(c != NULL, "%s registered", names[i]))
            continue;
        tv_rng_fill(rng, key, sizeof(key));
        tv_rng_fill(rng, iv, sizeof(iv));
        tv_rng_fill(rng, msg, sizeof(msg));
        size_t len = serpent_run(c, key, iv, msg, want, 0);

        if (c->mode != BRISK_MODE_XTS) {
            secret(key, sizeof(key));
            secret(iv, sizeof(iv));
        }
        secret(msg, sizeof(msg));
        serpent_run(c, key, iv, msg, got, 1);
        public(got, sizeof(got));
        public(key, sizeof(key));
        public(iv, sizeof(iv));
        public(msg, sizeof(msg));
        tv_check_mem(got, want, len, "%s (serpent=%s): same results", c->name, impl);
    }
    brisk_impl_set("serpent", NULL);
}

/* ---- ChaCha20 and its AEADs ---- */

/* brisk_ct_declassify is the library's weak hook (src/internal.h,
 * src/cipher/chacha20_poly1305.c): a value derived from secrets that the
 * library is about to return, such as an AEAD's verdict, is public. */
void brisk_ct_declassify(const void *p, size_t len);

void brisk_ct_declassify(const void *p, size_t len)
{
    public(p, len);
}

enum { CHAPOLY_MSG = 300 }; /* the short path (up to 192 bytes) and the long */

/* chapoly_run seals msg (len bytes) with both AEADs and the generic API,
 * then opens each with tag_in (NULL: the right tag); it writes the
 * ciphertexts, tags and plaintexts to out and returns the verdicts
 * (public) as a bit mask of failures. */
static int chapoly_run(const uint8_t *key, const uint8_t *nonce, const uint8_t *aad,
                       const uint8_t *msg, size_t len, const uint8_t *tag_in, uint8_t *out)
{
    uint8_t *ct = out, *back = out + 3 * CHAPOLY_MSG, *tags = out + 6 * CHAPOLY_MSG;
    brisk_cipher_ctx ctx;
    const brisk_cipher *c = brisk_cipher_by_name("chacha20-poly1305");
    size_t n, m;
    int r[3];

    brisk_chacha20_poly1305_encrypt(ct, tags, msg, len, aad, 20, key, nonce);
    brisk_xchacha20_poly1305_encrypt(ct + CHAPOLY_MSG, tags + 16, msg, len, aad, 20, key, nonce);
    brisk_cipher_init(&ctx, c, 1, key, 32, nonce, 12);
    brisk_cipher_aad(&ctx, aad, 20);
    brisk_cipher_update(&ctx, ct + 2 * CHAPOLY_MSG, &n, msg, len);
    brisk_cipher_final(&ctx, ct + 2 * CHAPOLY_MSG + n, &m);
    brisk_cipher_get_tag(&ctx, tags + 32, 16);

    r[0] = brisk_chacha20_poly1305_decrypt(back, ct, len, tag_in ? tag_in : tags, aad, 20, key,
                                           nonce);
    r[1] = brisk_xchacha20_poly1305_decrypt(back + CHAPOLY_MSG, ct + CHAPOLY_MSG, len,
                                            tag_in ? tag_in : tags + 16, aad, 20, key, nonce);
    brisk_cipher_init(&ctx, c, 0, key, 32, nonce, 12);
    brisk_cipher_aad(&ctx, aad, 20);
    brisk_cipher_set_tag(&ctx, tag_in ? tag_in : tags + 32, 16);
    brisk_cipher_update(&ctx, back + 2 * CHAPOLY_MSG, &n, ct + 2 * CHAPOLY_MSG, len);
    r[2] = brisk_cipher_final(&ctx, back + 2 * CHAPOLY_MSG + n, &m);
    brisk_cipher_cleanup(&ctx);
    public(r, sizeof(r));
    return (r[0] != 0) | (r[1] != 0) << 1 | (r[2] != 0) << 2;
}

/* check_chacha runs ChaCha20-Poly1305 (one-shot and generic) and
 * XChaCha20-Poly1305 with key, nonce, AAD and message secret, under the
 * chacha20 implementation impl and the poly1305 implementation poly, and
 * a wrong tag, itself secret; then chacha20 alone through the generic API
 * and the 64/64 layout. */
static void check_chacha(tv_rng *rng, const char *impl, const char *poly)
{
    static const size_t lens[] = {16, 100, 193, CHAPOLY_MSG};
    static uint8_t key[32], nonce[24], aad[20], msg[CHAPOLY_MSG], bad[16];
    static uint8_t want[6 * CHAPOLY_MSG + 48], got[6 * CHAPOLY_MSG + 48];

    if (brisk_impl_set("chacha20", impl) != 0 || brisk_impl_set("poly1305", poly) != 0) {
        tv_note("chacha20=%s, poly1305=%s not available on this CPU: skipped", impl, poly);
        brisk_impl_set("chacha20", NULL);
        return;
    }
    for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
        size_t len = lens[i];
        tv_rng_fill(rng, key, sizeof(key));
        tv_rng_fill(rng, nonce, sizeof(nonce));
        tv_rng_fill(rng, aad, sizeof(aad));
        tv_rng_fill(rng, msg, sizeof(msg));
        memset(want, 0, sizeof(want));
        memset(got, 0, sizeof(got));
        int v1 = chapoly_run(key, nonce, aad, msg, len, NULL, want);

        secret(key, sizeof(key));
        secret(nonce, sizeof(nonce));
        secret(aad, sizeof(aad));
        secret(msg, sizeof(msg));
        int v2 = chapoly_run(key, nonce, aad, msg, len, NULL, got);
        memcpy(bad, want + 6 * CHAPOLY_MSG, 16);
        bad[i] ^= 4;
        secret(bad, sizeof(bad));
        static uint8_t scratch[6 * CHAPOLY_MSG + 48];
        int v3 = chapoly_run(key, nonce, aad, msg, len, bad, scratch);
        public(got, sizeof(got));
        public(scratch, sizeof(scratch));

        /* ChaCha20 alone: the generic API (OpenSSL's IV) and the 64/64
         * layout from a counter that carries. */
        uint8_t s1[CHAPOLY_MSG], s2[CHAPOLY_MSG], iv[16];
        brisk_cipher_ctx ctx;
        size_t n;
        /* The block counter (words 12 and 13) is public, as a CTR counter
         * is in aes_run: the drivers split kernel calls where it wraps. */
        memcpy(iv, nonce, 16);
        public(iv, 8);
        brisk_cipher_init(&ctx, brisk_cipher_by_name("chacha20"), 1, key, 32, iv, 16);
        brisk_cipher_update(&ctx, s1, &n, msg, len);
        brisk_cipher_cleanup(&ctx);
        brisk_chacha20_djb(s2, msg, len, key, nonce, 0xfffffffeu);
        public(s1, sizeof(s1));
        public(s2, sizeof(s2));
        public(key, sizeof(key));
        public(nonce, sizeof(nonce));
        public(aad, sizeof(aad));
        public(msg, sizeof(msg));
        tv_check(v1 == 0 && v2 == 0, "chacha20-poly1305 %zu bytes: tags verify", len);
        tv_check_int(v3, 7, "chacha20-poly1305 %zu bytes: a wrong tag is refused", len);
        tv_check_mem(got, want, sizeof(got), "chacha20-poly1305 %zu bytes: same results", len);
    }
    brisk_impl_set("chacha20", NULL);
    brisk_impl_set("poly1305", NULL);
}

/* ---- The table of checks ---- */

typedef struct ct_check {
    const char *name;
    void (*run)(tv_rng *rng, const char *aes, const char *ghash);
    const char *aes, *ghash;
} ct_check;

static const ct_check checks[] = {
    {"aes (ct)", check_aes, "ct", NULL},
    {"aes (aesni)", check_aes, "aesni", NULL},
    {"gcm (aes ct, ghash ct)", check_gcm, "ct", "ct"},
    {"gcm (aes aesni, ghash pclmul)", check_gcm, "aesni", "pclmul"},
    {"xts (aes ct)", check_xts, "ct", NULL},
    {"xts (aes aesni)", check_xts, "aesni", NULL},
    {"other ciphers and aes modes (aes ct)", check_modes, "ct", NULL},
    {"aes modes (aes aesni)", check_modes, "aesni", NULL},
    {"serpent (c)", check_serpent, "c", NULL},
    {"serpent (avx2)", check_serpent, "avx2", NULL},
    {"serpent (avx512)", check_serpent, "avx512", NULL},
    {"chacha20-poly1305 (chacha20 c, poly1305 c)", check_chacha, "c", "c"},
    {"chacha20-poly1305 (chacha20 avx2, poly1305 avx2)", check_chacha, "avx2", "avx2"},
    {"chacha20-poly1305 (chacha20 avx512, poly1305 avx512)", check_chacha, "avx512", "avx512"},
};

static void run(tv_rng *rng)
{
    for (size_t i = 0; i < sizeof(checks) / sizeof(checks[0]); i++) {
        unsigned long before = errors();
        checks[i].run(rng, checks[i].aes, checks[i].ghash);
        unsigned long n = errors() - before;
        tv_check(n == 0, "%s: memcheck saw %lu uses of secret data in branches or addresses",
                 checks[i].name, n);
    }
}

int main(int argc, char **argv)
{
    return ct_main("ct_cipher", argc, argv, run);
}
