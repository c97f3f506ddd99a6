/*
 * src/cipher/sector.c - disk-sector encryption as dm-crypt's plain mode
 * (brisk/sector.h): cryptsetup's cipher specs, the IV generators plain,
 * plain64, plain64be, essiv:HASH and null, CBC, XTS and ECB over whole
 * sectors of 512 to 4096 bytes.
 *
 * Technique: a multi-sector call works on batches of up to SEC_BATCH
 * sectors.  The IVs of a batch are made first, all at once (ESSIV: one
 * multi-block ECB call over all of them; XTS: the tweaks likewise), then the
 * data goes through the widest kernel that applies.  AES on VAES has
 * multi-unit kernels for CBC decryption and XTS, which take the batch's
 * IVs or tweaks and keep their 32-block loop going across sectors.  Else
 * CBC decryption uses the cipher's multi-block cbc_dec kernel per sector
 * (one fused pass: at VAES speed a separate xor pass after an ECB run
 * across sectors doubled the time); a cipher without one gets ECB runs of
 * RUN blocks that cross sector boundaries, each block then xored with the
 * previous ciphertext block or its sector's IV, walking backwards so that
 * in place each ciphertext block is read before it is overwritten.  CBC
 * encryption is serial, one cbc_enc call per sector.  XTS uses the AES
 * implementation's XTS kernel per sector where it has one, else xors the
 * tweaks of a run of blocks (across sectors), runs the ECB kernel and xors
 * again.  Serpent,
 * Twofish or any 16-byte block cipher of the registry works through its
 * descriptor's kernels, found as "<cipher>-<bits>-ecb".
 *
 * Constant-time: yes, given a constant-time block cipher: the IVs come from
 * public sector numbers, and no branch or index depends on the key or the
 * data.  (Twofish's key-dependent tables are not; see its flag.)
 */
#include <stdio.h>

#include <brisk/digest.h>
#include <brisk/sector.h>

#include "internal.h"

/* Sectors per batch (the IV buffer) and blocks per ECB run. */
enum { SEC_BATCH = 64, RUN = 64 };

enum { SEC_ECB = 1, SEC_CBC, SEC_XTS };
enum { IV_NONE = 0, IV_NULL, IV_PLAIN, IV_PLAIN64, IV_PLAIN64BE, IV_ESSIV };

_Static_assert(sizeof(brisk_aes_key) <= BRISK_SECTOR_KS_SIZE, "an AES key fits a schedule");
_Static_assert(BRISK_SECTOR_KS_SIZE % 64 == 0, "the schedules stay aligned");

/* A parsed spec: the pieces point into buf. */
typedef struct spec_parts {
    char buf[128];
    const char *cipher, *mode, *ivgen, *ivopts;
} spec_parts;

/* why_set writes a message into why (may be NULL) and returns ret. */
static int why_set(char *why, size_t why_len, int ret, const char *fmt, const char *a,
                   const char *b)
{
    if (why != NULL && why_len > 0)
        snprintf(why, why_len, fmt, a, b);
    return ret;
}

/* block_by_bits finds the registry's ECB descriptor of cipher with a key of
 * bits bits ("aes-256-ecb"); NULL if none, or if its block is not 16 bytes. */
static const brisk_cipher *block_by_bits(const char *cipher, size_t bits)
{
    char name[96];
    if (strlen(cipher) > 64 || bits == 0)
        return NULL;
    snprintf(name, sizeof(name), "%s-%zu-ecb", cipher, bits);
    const brisk_cipher *c = brisk_cipher_by_name(name);
    if (c == NULL || c->mode != BRISK_MODE_ECB || c->bc == NULL || c->bc->block_len != 16)
        return NULL;
    return c;
}

/* key_sizes lists the key sizes in bits cipher takes, times mult, as
 * "128, 192 or 256". */
static void key_sizes(char *out, size_t out_len, const char *cipher, size_t mult)
{
    size_t bits[16], n = 0, pos = 0;
    for (size_t b = 64; b <= 512 && n < 16; b += 32)
        if (block_by_bits(cipher, b) != NULL)
            bits[n++] = b;
    out[0] = '\0';
    for (size_t i = 0; i < n && pos < out_len; i++) {
        const char *sep = i == 0 ? "" : i + 1 == n ? " or " : ", ";
        int w = snprintf(out + pos, out_len - pos, "%s%zu", sep, bits[i] * mult);
        if (w < 0)
            break;
        pos += (size_t)w;
    }
}

/* parse splits spec into cipher, mode, IV generator and options, as
 * cryptsetup's crypt_parse_name_and_mode and dm-crypt's constructor. */
static int parse(spec_parts *p, const char *spec, char *why, size_t why_len)
{
    size_t len = strlen(spec);
    if (len == 0 || len >= sizeof(p->buf))
        return why_set(why, why_len, BRISK_EINVAL, "malformed cipher spec '%s'%s", spec, "");
    memcpy(p->buf, spec, len + 1);
    p->cipher = p->buf;
    p->mode = p->ivgen = p->ivopts = NULL;
    char *dash = strchr(p->buf, '-');
    if (dash == NULL) { /* cryptsetup: a bare cipher means cbc-plain */
        p->mode = "cbc";
        p->ivgen = "plain";
        return 0;
    }
    *dash = '\0';
    p->mode = dash + 1;
    dash = strchr(dash + 1, '-');
    if (dash != NULL) {
        *dash = '\0';
        p->ivgen = dash + 1;
        char *colon = strchr(dash + 1, ':');
        if (colon != NULL) {
            *colon = '\0';
            p->ivopts = colon + 1;
        }
    }
    if (p->cipher[0] == '\0' || p->mode[0] == '\0' || (p->ivgen != NULL && p->ivgen[0] == '\0'))
        return why_set(why, why_len, BRISK_EINVAL, "malformed cipher spec '%s'%s", spec, "");
    return 0;
}

/* The outcome of checking a spec. */
typedef struct sector_plan {
    const brisk_block_cipher *bc;
    unsigned mode, ivgen, iv_shift;
    size_t cipher_key_len; /* one cipher key: key_len, or half of it for XTS */
    const brisk_digest *essiv_md;
} sector_plan;

static int plan(sector_plan *pl, const char *spec, size_t key_len, size_t sector_size,
                unsigned flags, char *why, size_t why_len)
{
    spec_parts p;
    char sizes[96];
    if (why != NULL && why_len > 0)
        why[0] = '\0';
    if (spec == NULL)
        return why_set(why, why_len, BRISK_EINVAL, "no cipher spec%s%s", "", "");
    int ret = parse(&p, spec, why, why_len);
    if (ret != 0)
        return ret;
    memset(pl, 0, sizeof(*pl));

    int known = 0;
    for (size_t b = 64; b <= 512 && !known; b += 32)
        known = block_by_bits(p.cipher, b) != NULL;
    if (!known)
        return why_set(why, why_len, BRISK_ENOTFOUND, "unknown cipher '%s'%s", p.cipher, "");

    if (strcmp(p.mode, "cbc") == 0)
        pl->mode = SEC_CBC;
    else if (strcmp(p.mode, "xts") == 0)
        pl->mode = SEC_XTS;
    else if (strcmp(p.mode, "ecb") == 0)
        pl->mode = SEC_ECB;
    else
        return why_set(why, why_len, BRISK_ENOTFOUND, "unknown cipher mode '%s'%s", p.mode, "");

    if (p.ivgen == NULL)
        pl->ivgen = IV_NONE;
    else if (strcmp(p.ivgen, "null") == 0)
        pl->ivgen = IV_NULL;
    else if (strcmp(p.ivgen, "plain") == 0)
        pl->ivgen = IV_PLAIN;
    else if (strcmp(p.ivgen, "plain64") == 0)
        pl->ivgen = IV_PLAIN64;
    else if (strcmp(p.ivgen, "plain64be") == 0)
        pl->ivgen = IV_PLAIN64BE;
    else if (strcmp(p.ivgen, "essiv") == 0)
        pl->ivgen = IV_ESSIV;
    else
        return why_set(why, why_len, BRISK_ENOTFOUND, "unknown IV generator '%s'%s", p.ivgen, "");

    if (pl->mode == SEC_ECB && pl->ivgen != IV_NONE && pl->ivgen != IV_NULL)
        return why_set(why, why_len, BRISK_EINVAL,
                       "%s-ecb takes no IV generator but null, not '%s'", p.cipher, p.ivgen);
    if (pl->mode != SEC_ECB && pl->ivgen == IV_NONE)
        return why_set(why, why_len, BRISK_EINVAL, "%s-%s needs an IV generator", p.cipher,
                       p.mode);
    if (pl->ivgen == IV_ESSIV) {
        if (p.ivopts == NULL || p.ivopts[0] == '\0')
            return why_set(why, why_len, BRISK_EINVAL, "essiv needs a hash: essiv:sha256%s%s",
                           "", "");
        pl->essiv_md = brisk_digest_by_name(p.ivopts);
        if (pl->essiv_md == NULL)
            return why_set(why, why_len, BRISK_ENOTFOUND, "unknown ESSIV hash '%s'%s",
                           p.ivopts, "");
    } else if (p.ivopts != NULL) {
        return why_set(why, why_len, BRISK_EINVAL, "IV generator '%s' takes no options%s",
                       p.ivgen, "");
    }

    /* The key: one cipher key, two for XTS. */
    size_t mult = pl->mode == SEC_XTS ? 2 : 1;
    const brisk_cipher *c = NULL;
    if (key_len % mult == 0 && key_len / mult <= 64)
        c = block_by_bits(p.cipher, 8 * (key_len / mult));
    if (c == NULL) {
        key_sizes(sizes, sizeof(sizes), p.cipher, mult);
        char what[96];
        snprintf(what, sizeof(what), "%s-%s", p.cipher, p.mode);
        return why_set(why, why_len, BRISK_EINVAL, "%s takes %s-bit keys", what, sizes);
    }
    pl->bc = c->bc;
    pl->cipher_key_len = key_len / mult;
    if (pl->essiv_md != NULL &&
        (pl->essiv_md->digest_len > 64 || block_by_bits(p.cipher, 8 * pl->essiv_md->digest_len) == NULL)) {
        char what[160];
        key_sizes(sizes, sizeof(sizes), p.cipher, 1);
        snprintf(what, sizeof(what), "ESSIV hash '%s' gives %zu-bit keys; %s takes", p.ivopts,
                 8 * pl->essiv_md->digest_len, p.cipher);
        return why_set(why, why_len, BRISK_EINVAL, "%s %s-bit keys", what, sizes);
    }

    if (sector_size < 512 || sector_size > 4096 || (sector_size & (sector_size - 1)) != 0) {
        char num[32];
        snprintf(num, sizeof(num), "%zu", sector_size);
        return why_set(why, why_len, BRISK_EINVAL,
                       "sector size %s is not a power of two from 512 to 4096%s", num, "");
    }
    if ((flags & ~BRISK_SECTOR_LARGE_IV) != 0)
        return why_set(why, why_len, BRISK_EINVAL, "unknown flags%s%s", "", "");
    unsigned shift = 0;
    while ((512u << shift) < sector_size)
        shift++;
    pl->iv_shift = (flags & BRISK_SECTOR_LARGE_IV) ? 0 : shift;
    return 0;
}

int brisk_sector_check(const char *spec, size_t key_len, size_t sector_size, unsigned flags,
                       char *why, size_t why_len)
{
    sector_plan pl;
    return plan(&pl, spec, key_len, sector_size, flags, why, why_len);
}

int brisk_sector_init(brisk_sector_ctx *ctx, const char *spec, const uint8_t *key,
                      size_t key_len, size_t sector_size, unsigned flags)
{
    sector_plan pl;
    if (ctx == NULL)
        return BRISK_EINVAL;
    memset(ctx, 0, offsetof(brisk_sector_ctx, ks));
    if (key == NULL)
        return BRISK_EINVAL;
    int ret = plan(&pl, spec, key_len, sector_size, flags, NULL, 0);
    if (ret != 0)
        return ret;
    size_t half = pl.cipher_key_len;
    /* As brisk's XTS (and SP 800-38E): no key with equal halves. */
    if (pl.mode == SEC_XTS && ct_eq_bytes(key, key + half, half))
        return BRISK_EINVAL;
    ret = pl.bc->setkey(ctx->ks[0], key, half, 0);
    if (ret == 0 && pl.mode == SEC_XTS)
        ret = pl.bc->setkey(ctx->ks[1], key + half, half, 0);
    if (ret == 0 && pl.ivgen == IV_ESSIV) {
        /* dm-crypt (crypto/essiv.c): salt = HASH(the whole volume key). */
        uint8_t salt[BRISK_DIGEST_MAX_LEN];
        brisk_digest_oneshot(pl.essiv_md, salt, key, key_len);
        ret = pl.bc->setkey(ctx->ks[2], salt, pl.essiv_md->digest_len, 0);
        wipe(salt, sizeof(salt));
    }
    if (ret != 0) {
        brisk_sector_cleanup(ctx);
        return BRISK_EINVAL;
    }
    ctx->bc = pl.bc;
    ctx->mode = pl.mode;
    ctx->ivgen = pl.ivgen;
    ctx->flags = flags;
    ctx->iv_shift = pl.iv_shift;
    ctx->sector_size = sector_size;
    ctx->key_len = key_len;
    return 0;
}

void brisk_sector_cleanup(brisk_sector_ctx *ctx)
{
    if (ctx != NULL)
        wipe(ctx, sizeof(*ctx));
}

/* ---- The data path ---- */

/* make_ivs writes the IVs of n sectors from sector (16 bytes each) and
 * encrypts them as the IV generator and the mode say. */
static void make_ivs(const brisk_sector_ctx *ctx, uint8_t *ivs, uint64_t sector, size_t n)
{
    unsigned shift = ctx->iv_shift;

    /* Each IV is put together in a 16-byte local and copied out whole:
     * byte stores into ivs, as gcc vectorized the plain loops, stalled the
     * wide loads of the ECB kernel that follows (a tenth of XTS's time at
     * 512-byte sectors). */
    for (size_t i = 0; i < n; i++) {
        uint8_t iv[16] = {0};
        uint64_t v = (sector + i) << shift;
        switch (ctx->ivgen) {
        case IV_PLAIN: store32_le(iv, (uint32_t)v); break;
        case IV_PLAIN64:
        case IV_ESSIV: store64_le(iv, v); break;
        case IV_PLAIN64BE: store64_be(iv + 8, v); break;
        default: break;
        }
        memcpy(ivs + 16 * i, iv, 16);
    }
    if (ctx->ivgen == IV_ESSIV)
        ctx->bc->encrypt(ctx->ks[2], ivs, ivs, n);
    if (ctx->mode == SEC_XTS)
        ctx->bc->encrypt(ctx->ks[1], ivs, ivs, n);
}

static inline void xor16(uint8_t *out, const uint8_t *a, const uint8_t *b)
{
    uint64_t x[2], y[2];
    memcpy(x, a, 16);
    memcpy(y, b, 16);
    x[0] ^= y[0];
    x[1] ^= y[1];
    memcpy(out, x, 16);
}

/* cbc_decrypt decrypts n_blocks (bps per sector) with the sectors' IVs:
 * ECB runs across sectors, from the end so that in place each ciphertext
 * block is still there when the block after it needs it. */
static void cbc_decrypt(const brisk_sector_ctx *ctx, const uint8_t *ivs, uint8_t *out,
                        const uint8_t *in, size_t n_blocks, size_t bps)
{
    uint8_t tmp[16 * RUN];
    size_t end = n_blocks;
    while (end > 0) {
        size_t n = end < RUN ? end : RUN, start = end - n;
        ctx->bc->decrypt(ctx->ks[0], tmp, in + 16 * start, n);
        for (size_t j = end; j-- > start;) {
            const uint8_t *prev = (j & (bps - 1)) == 0 ? ivs + 16 * (j / bps) : in + 16 * (j - 1);
            xor16(out + 16 * j, tmp + 16 * (j - start), prev);
        }
        end = start;
    }
    wipe(tmp, sizeof(tmp));
}

/* next_tweak multiplies the XTS tweak (two little-endian words) by alpha. */
static inline void next_tweak(uint64_t t[2])
{
    uint64_t carry = ct_mask64(t[1] >> 63);
    t[1] = (t[1] << 1) | (t[0] >> 63);
    t[0] = (t[0] << 1) ^ (carry & 0x87);
}

/* xts_generic runs XTS over n_blocks (bps per sector) from the encrypted
 * tweaks ivs with the ECB kernel, in runs of RUN blocks across sectors. */
static void xts_generic(const brisk_sector_ctx *ctx, int encrypt, const uint8_t *ivs,
                        uint8_t *out, const uint8_t *in, size_t n_blocks, size_t bps)
{
    uint8_t tw[16 * RUN];
    uint64_t t[2] = {0, 0};
    for (size_t start = 0; start < n_blocks; start += RUN) {
        size_t n = n_blocks - start < RUN ? n_blocks - start : RUN;
        for (size_t i = 0; i < n; i++) {
            size_t j = start + i;
            if ((j & (bps - 1)) == 0) {
                t[0] = load64_le(ivs + 16 * (j / bps));
                t[1] = load64_le(ivs + 16 * (j / bps) + 8);
            }
            store64_le(tw + 16 * i, t[0]);
            store64_le(tw + 16 * i + 8, t[1]);
            next_tweak(t);
            xor16(out + 16 * j, in + 16 * j, tw + 16 * i);
        }
        (encrypt ? ctx->bc->encrypt : ctx->bc->decrypt)(ctx->ks[0], out + 16 * start,
                                                        out + 16 * start, n);
        for (size_t i = 0; i < n; i++)
            xor16(out + 16 * (start + i), out + 16 * (start + i), tw + 16 * i);
    }
    wipe(tw, sizeof(tw));
    wipe(t, sizeof(t));
}

/* An AES implementation's XTS kernel. */
typedef void xts_kernel(const brisk_aes_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in,
                        size_t n_blocks);

/* crypt_batch processes n (at most SEC_BATCH) sectors. */
static void crypt_batch(const brisk_sector_ctx *ctx, int encrypt, uint8_t *out,
                        const uint8_t *in, uint64_t sector, size_t n)
{
    uint8_t ivs[16 * SEC_BATCH];
    size_t bps = ctx->sector_size / 16, n_blocks = n * bps;

    if (ctx->mode == SEC_ECB) {
        (encrypt ? ctx->bc->encrypt : ctx->bc->decrypt)(ctx->ks[0], out, in, n_blocks);
        return;
    }
    make_ivs(ctx, ivs, sector, n);
    if (ctx->mode == SEC_CBC) {
        const brisk_aes_key *k = (const brisk_aes_key *)(const void *)ctx->ks[0];
        if (!encrypt && ctx->bc == &brisk_aes_cipher && k->impl->cbc_dec_units != NULL &&
            bps % 32 == 0) {
            k->impl->cbc_dec_units(k, ivs, out, in, n, bps);
        } else if (!encrypt && ctx->bc->cbc_dec != NULL) {
            for (size_t i = 0; i < n; i++)
                ctx->bc->cbc_dec(ctx->ks[0], ivs + 16 * i, out + i * ctx->sector_size,
                                 in + i * ctx->sector_size, bps);
        } else if (!encrypt) {
            cbc_decrypt(ctx, ivs, out, in, n_blocks, bps);
        } else if (ctx->bc->cbc_enc != NULL) {
            for (size_t i = 0; i < n; i++)
                ctx->bc->cbc_enc(ctx->ks[0], ivs + 16 * i, out + i * ctx->sector_size,
                                 in + i * ctx->sector_size, bps);
        } else {
            for (size_t i = 0; i < n; i++) {
                const uint8_t *prev = ivs + 16 * i;
                for (size_t j = i * bps; j < (i + 1) * bps; j++) {
                    xor16(out + 16 * j, in + 16 * j, prev);
                    ctx->bc->encrypt(ctx->ks[0], out + 16 * j, out + 16 * j, 1);
                    prev = out + 16 * j;
                }
            }
        }
    } else {
        xts_kernel *kernel = NULL;
        const brisk_aes_key *k = (const brisk_aes_key *)(const void *)ctx->ks[0];
        if (ctx->bc == &brisk_aes_cipher)
            kernel = encrypt ? k->impl->xts_enc : k->impl->xts_dec;
        if (kernel != NULL && k->impl->xts_units != NULL && bps % 32 == 0) {
            k->impl->xts_units(k, !encrypt, ivs, out, in, n, bps);
        } else if (kernel != NULL) {
            for (size_t i = 0; i < n; i++)
                kernel(k, ivs + 16 * i, out + i * ctx->sector_size, in + i * ctx->sector_size,
                       bps);
        } else {
            xts_generic(ctx, encrypt, ivs, out, in, n_blocks, bps);
        }
    }
    wipe(ivs, 16 * n);
}

static int sector_crypt(const brisk_sector_ctx *ctx, int encrypt, uint8_t *out,
                        const uint8_t *in, uint64_t sector, size_t n_sectors)
{
    if (ctx == NULL || ctx->bc == NULL)
        return BRISK_EINVAL;
    if (n_sectors == 0)
        return 0;
    if (out == NULL || in == NULL || n_sectors > SIZE_MAX / ctx->sector_size)
        return BRISK_EINVAL;
    while (n_sectors > 0) {
        size_t n = n_sectors < SEC_BATCH ? n_sectors : SEC_BATCH;
        crypt_batch(ctx, encrypt, out, in, sector, n);
        out += n * ctx->sector_size;
        in += n * ctx->sector_size;
        sector += n;
        n_sectors -= n;
    }
    return 0;
}

int brisk_sector_encrypt(const brisk_sector_ctx *ctx, uint8_t *out, const uint8_t *in,
                         uint64_t sector, size_t n_sectors)
{
    return sector_crypt(ctx, 1, out, in, sector, n_sectors);
}

int brisk_sector_decrypt(const brisk_sector_ctx *ctx, uint8_t *out, const uint8_t *in,
                         uint64_t sector, size_t n_sectors)
{
    return sector_crypt(ctx, 0, out, in, sector, n_sectors);
}
