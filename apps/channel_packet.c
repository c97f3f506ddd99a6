/*
 * apps/channel_packet.c - SSH's binary packet protocol for `brisk channel`:
 * RFC 4253 section 6 (uint32 packet_length, byte padding_length, payload,
 * at least 4 bytes of random padding to a multiple of max(8, block size),
 * and HMAC over uint32 sequence number || the unencrypted packet), as
 * OpenSSH's packet.c builds and checks it; its -etm@openssh.com MACs
 * (PROTOCOL 1.7: length in the clear, the MAC over seq || length ||
 * ciphertext, checked before decrypting); aes*-gcm@openssh.com (RFC 5647
 * as OpenSSH does it: length in the clear as the AAD, padding to 16, a
 * 12-byte nonce of 4 fixed bytes and a 64-bit counter incremented per
 * packet); chacha20-poly1305@openssh.com (OpenSSH's
 * PROTOCOL.chacha20poly1305: of the 64-byte key, K_2 the first half and
 * K_1 the second; the sequence number, 64-bit big-endian, is the nonce of
 * both; K_1 encrypts the 4-byte length, K_2 from block 1 the rest, the
 * Poly1305 key is the first 32 bytes of K_2's block 0, and the tag covers
 * the encrypted length and ciphertext); arcfour (RFC 4253) and
 * arcfour128/256 (RFC 4345, 1536 bytes of keystream dropped); and
 * OpenSSH's internal "none".
 *
 * The sequence number is implicit, so a dropped or reordered packet fails
 * its MAC.  packet_length is checked as OpenSSH checks it (at least 5, at
 * most 256 KiB, a whole number of blocks), then the MAC or tag, then
 * padding_length (at least 4, inside the packet).  The MAC comparison is
 * constant-time; the rest is protocol, not secret.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <brisk/chacha.h>
#include <brisk/rand.h>

#include "channel_packet.h"

static const chan_cipher ciphers[] = {
    {"aes128-ctr", "aes-128-ctr", CHAN_KIND_BLOCK, 16, 16, 16, 0},
    {"aes192-ctr", "aes-192-ctr", CHAN_KIND_BLOCK, 24, 16, 16, 0},
    {"aes256-ctr", "aes-256-ctr", CHAN_KIND_BLOCK, 32, 16, 16, 0},
    {"aes128-cbc", "aes-128-cbc", CHAN_KIND_BLOCK, 16, 16, 16, 0},
    {"aes192-cbc", "aes-192-cbc", CHAN_KIND_BLOCK, 24, 16, 16, 0},
    {"aes256-cbc", "aes-256-cbc", CHAN_KIND_BLOCK, 32, 16, 16, 0},
    {"3des-cbc", "des-ede3-cbc", CHAN_KIND_BLOCK, 24, 8, 8, 0},
    {"aes128-gcm@openssh.com", "aes-128-gcm", CHAN_KIND_GCM, 16, 12, 16, 0},
    {"aes256-gcm@openssh.com", "aes-256-gcm", CHAN_KIND_GCM, 32, 12, 16, 0},
    {"chacha20-poly1305@openssh.com", NULL, CHAN_KIND_CHACHA, 64, 0, 8, 0},
    {"blowfish-cbc", "bf-cbc", CHAN_KIND_BLOCK, 16, 8, 8, 0},
    {"cast128-cbc", "cast5-cbc", CHAN_KIND_BLOCK, 16, 8, 8, 0},
    {"arcfour", "rc4", CHAN_KIND_STREAM, 16, 0, 8, 0},
    {"arcfour128", "rc4", CHAN_KIND_STREAM, 16, 0, 8, 1536},
    {"arcfour256", "rc4", CHAN_KIND_STREAM, 32, 0, 8, 1536},
    {"none", NULL, CHAN_KIND_NONE, 0, 0, 8, 0},
};

static const chan_mac macs[] = {
    {"hmac-sha1", "sha1", 20, 20, 0},
    {"hmac-sha1-96", "sha1", 20, 12, 0},
    {"hmac-sha2-256", "sha256", 32, 32, 0},
    {"hmac-sha2-512", "sha512", 64, 64, 0},
    {"hmac-md5", "md5", 16, 16, 0},
    {"hmac-md5-96", "md5", 16, 12, 0},
    {"hmac-sha1-etm@openssh.com", "sha1", 20, 20, 1},
    {"hmac-sha1-96-etm@openssh.com", "sha1", 20, 12, 1},
    {"hmac-sha2-256-etm@openssh.com", "sha256", 32, 32, 1},
    {"hmac-sha2-512-etm@openssh.com", "sha512", 64, 64, 1},
    {"hmac-md5-etm@openssh.com", "md5", 16, 16, 1},
    {"hmac-md5-96-etm@openssh.com", "md5", 16, 12, 1},
};

#define N_CIPHERS (sizeof(ciphers) / sizeof(ciphers[0]))
#define N_MACS (sizeof(macs) / sizeof(macs[0]))

const chan_cipher *chan_cipher_at(size_t i)
{
    return i < N_CIPHERS ? &ciphers[i] : NULL;
}

const chan_mac *chan_mac_at(size_t i)
{
    return i < N_MACS ? &macs[i] : NULL;
}

const chan_cipher *chan_cipher_by_name(const char *name)
{
    for (size_t i = 0; i < N_CIPHERS; i++)
        if (strcmp(ciphers[i].name, name) == 0)
            return &ciphers[i];
    return NULL;
}

const chan_mac *chan_mac_by_name(const char *name)
{
    for (size_t i = 0; i < N_MACS; i++)
        if (strcmp(macs[i].name, name) == 0)
            return &macs[i];
    return NULL;
}

/* Whether the packet's length stands apart from the padded, encrypted
 * body (OpenSSH's aadlen): in the clear with ETM and GCM, encrypted with
 * its own key with ChaCha20-Poly1305. */
static int clear_len(const chan_state *s)
{
    return s->c->kind == CHAN_KIND_GCM || s->c->kind == CHAN_KIND_CHACHA ||
           (s->m != NULL && s->m->etm);
}

/* AEADs carry no MAC. */
static int is_aead(const chan_cipher *c)
{
    return c->kind == CHAN_KIND_GCM || c->kind == CHAN_KIND_CHACHA;
}

int chan_init(chan_state *s, const chan_cipher *c, const chan_mac *m, const chan_keys *k,
              int seal)
{
    memset(s, 0, sizeof(*s));
    s->c = c;
    s->m = is_aead(c) ? NULL : m;
    s->pad_used = sizeof(s->pad_pool);
    if (c->kind == CHAN_KIND_CHACHA) {
        memcpy(s->chacha, k->enc, 64);
    } else if (c->kind != CHAN_KIND_NONE) {
        const brisk_cipher *bc = brisk_cipher_by_name(c->brisk);

        if (bc == NULL || brisk_cipher_init(&s->ctx, bc, seal, k->enc, c->key_len,
                                            c->iv_len != 0 ? k->iv : NULL, c->iv_len) != 0)
            return -1;
        if (bc->mode == BRISK_MODE_CBC)
            brisk_cipher_set_padding(&s->ctx, 0);
        if (c->kind == CHAN_KIND_GCM)
            memcpy(s->nonce, k->iv, sizeof(s->nonce));
        for (size_t left = c->discard; left > 0;) {
            uint8_t junk[256] = {0};
            size_t n = left < sizeof(junk) ? left : sizeof(junk), out;
            brisk_cipher_update(&s->ctx, junk, &out, junk, n);
            left -= n;
        }
    }
    if (s->m != NULL) {
        const brisk_digest *md = brisk_digest_by_name(s->m->digest);
        if (md == NULL || brisk_hmac_init(&s->hmac, md, k->mac, s->m->key_len) != 0)
            return -1;
    }
    return 0;
}

void chan_cleanup(chan_state *s)
{
    if (s->c != NULL && s->c->kind != CHAN_KIND_NONE && s->c->kind != CHAN_KIND_CHACHA)
        brisk_cipher_cleanup(&s->ctx);
    if (s->m != NULL)
        brisk_hmac_cleanup(&s->hmac);
    memset(s, 0, sizeof(*s));
}

/* mac_of writes the (full) HMAC of seq || data to out. */
static void mac_of(chan_state *s, uint8_t out[64], const uint8_t *data, size_t len)
{
    uint8_t seq[4];

    put32(seq, s->seq);
    brisk_hmac_update(&s->hmac, seq, 4);
    brisk_hmac_update(&s->hmac, data, len);
    brisk_hmac_final(&s->hmac, out);
}

/* run_cipher runs the cipher over len bytes in place (CBC: whole blocks). */
static void run_cipher(chan_state *s, uint8_t *p, size_t len)
{
    size_t n;

    if (s->c->kind != CHAN_KIND_NONE && len > 0)
        brisk_cipher_update(&s->ctx, p, &n, p, len);
}

/* chacha_seq is ChaCha20's 64-bit nonce for a packet: its sequence number,
 * big-endian. */
static void chacha_seq(const chan_state *s, uint8_t nonce[8])
{
    memset(nonce, 0, 4);
    put32(nonce + 4, s->seq);
}

/* chacha_poly_key is the packet's Poly1305 key: K_2's block 0. */
static void chacha_poly_key(const chan_state *s, const uint8_t nonce[8], uint8_t key[32])
{
    memset(key, 0, 32);
    brisk_chacha20_djb(key, key, 32, s->chacha, nonce, 0);
}

/* next_nonce adds one to the 64-bit invocation counter of the GCM nonce. */
static void next_nonce(chan_state *s)
{
    for (int i = 11; i >= 4; i--)
        if (++s->nonce[i] != 0)
            break;
}

static void random_padding(chan_state *s, uint8_t *p, size_t len)
{
    if (s->pad_used + len > sizeof(s->pad_pool)) {
        if (brisk_random_bytes(s->pad_pool, sizeof(s->pad_pool)) != 0)
            memset(s->pad_pool, 0, sizeof(s->pad_pool)); /* padding need not be secret */
        s->pad_used = 0;
    }
    memcpy(p, s->pad_pool + s->pad_used, len);
    s->pad_used += len;
}

size_t chan_seal(chan_state *s, uint8_t *pkt, size_t payload_len)
{
    size_t bs = s->c->block_len, aad = clear_len(s) ? 4 : 0;
    size_t pad = bs - ((CHAN_HDR + payload_len - aad) % bs);
    size_t total;
    uint8_t tag[64];

    if (pad < 4)
        pad += bs;
    put32(pkt, (uint32_t)(1 + payload_len + pad));
    pkt[4] = (uint8_t)pad;
    random_padding(s, pkt + CHAN_HDR + payload_len, pad);
    total = CHAN_HDR + payload_len + pad;

    if (s->c->kind == CHAN_KIND_CHACHA) {
        uint8_t nonce[8], pkey[32];
        chacha_seq(s, nonce);
        chacha_poly_key(s, nonce, pkey);
        brisk_chacha20_djb(pkt, pkt, 4, s->chacha + 32, nonce, 0);
        brisk_chacha20_djb(pkt + 4, pkt + 4, total - 4, s->chacha, nonce, 1);
        brisk_poly1305(pkt + total, pkey, pkt, total);
        memset(pkey, 0, sizeof(pkey));
        total += 16;
    } else if (s->c->kind == CHAN_KIND_GCM) {
        size_t n;
        brisk_cipher_init_ex(&s->ctx, s->ctx.cipher, 1, NULL, 0, s->nonce, 12, 0);
        brisk_cipher_aad(&s->ctx, pkt, 4);
        brisk_cipher_update(&s->ctx, pkt + 4, &n, pkt + 4, total - 4);
        brisk_cipher_final(&s->ctx, pkt + total, &n);
        brisk_cipher_get_tag(&s->ctx, pkt + total, BRISK_GCM_TAG_LEN);
        next_nonce(s);
        total += BRISK_GCM_TAG_LEN;
    } else if (s->m != NULL && s->m->etm) {
        run_cipher(s, pkt + 4, total - 4);
        mac_of(s, tag, pkt, total);
        memcpy(pkt + total, tag, s->m->tag_len);
        total += s->m->tag_len;
    } else {
        if (s->m != NULL)
            mac_of(s, tag, pkt, total);
        run_cipher(s, pkt, total);
        if (s->m != NULL) {
            memcpy(pkt + total, tag, s->m->tag_len);
            total += s->m->tag_len;
        }
    }
    s->seq++;
    s->packets++;
    return total;
}

/* tags_differ compares len bytes in constant time: 0 when equal. */
static int tags_differ(const uint8_t *a, const uint8_t *b, size_t len)
{
    volatile uint8_t d = 0;

    for (size_t i = 0; i < len; i++)
        d |= a[i] ^ b[i];
    return d != 0;
}

/* fail writes "packet N (sequence number S): WHAT" to err. */
static int fail(chan_state *s, char *err, size_t err_len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int fail(chan_state *s, char *err, size_t err_len, const char *fmt, ...)
{
    va_list ap;
    size_t n;

    snprintf(err, err_len, "packet %llu (sequence number %lu): ",
             (unsigned long long)s->packets + 1, (unsigned long)s->seq);
    n = strlen(err);
    va_start(ap, fmt);
    vsnprintf(err + n, err_len - n, fmt, ap);
    va_end(ap);
    return CHAN_ERROR;
}

/* check_len applies OpenSSH's bounds on packet_length (packet.c): at least
 * 5, at most PACKET_MAX_SIZE, and a whole number of blocks (counting the
 * length field only when it is encrypted). */
static int check_len(chan_state *s, uint32_t len, char *err, size_t err_len)
{
    size_t bs = s->c->block_len, aad = clear_len(s) ? 0 : 4;

    if (len < 5 || len > CHAN_MAX_PACKET)
        return fail(s, err, err_len, "bad packet length %lu", (unsigned long)len);
    if ((len + aad) % bs != 0)
        return fail(s, err, err_len, "packet length %lu is not a multiple of the block size",
                    (unsigned long)len);
    return 0;
}

/* open_clear_len opens a packet whose length is in the clear (ETM, GCM). */
static int open_clear_len(chan_state *s, uint8_t *buf, size_t avail, size_t *total,
                          char *err, size_t err_len)
{
    size_t tag_len = is_aead(s->c) ? 16 : s->m->tag_len;
    uint32_t len;
    uint8_t tag[64], nonce[8], plain_len[4];

    if (avail < 4)
        return CHAN_MORE;
    if (s->c->kind == CHAN_KIND_CHACHA) {
        chacha_seq(s, nonce);
        brisk_chacha20_djb(plain_len, buf, 4, s->chacha + 32, nonce, 0);
        len = get32(plain_len);
    } else {
        len = get32(buf);
    }
    if (check_len(s, len, err, err_len) != 0)
        return CHAN_ERROR;
    if (avail < 4 + (size_t)len + tag_len)
        return CHAN_MORE;
    if (s->c->kind == CHAN_KIND_CHACHA) {
        uint8_t pkey[32];
        chacha_poly_key(s, nonce, pkey);
        brisk_poly1305(tag, pkey, buf, 4 + len);
        memset(pkey, 0, sizeof(pkey));
        if (brisk_poly1305_verify(tag, buf + 4 + len) != 0)
            return fail(s, err, err_len, "authentication tag mismatch");
        memcpy(buf, plain_len, 4);
        brisk_chacha20_djb(buf + 4, buf + 4, len, s->chacha, nonce, 1);
    } else if (s->c->kind == CHAN_KIND_GCM) {
        size_t n;
        brisk_cipher_init_ex(&s->ctx, s->ctx.cipher, 0, NULL, 0, s->nonce, 12, 0);
        brisk_cipher_aad(&s->ctx, buf, 4);
        brisk_cipher_set_tag(&s->ctx, buf + 4 + len, BRISK_GCM_TAG_LEN);
        brisk_cipher_update(&s->ctx, buf + 4, &n, buf + 4, len);
        if (brisk_cipher_final(&s->ctx, tag, &n) != 0)
            return fail(s, err, err_len, "authentication tag mismatch");
        next_nonce(s);
    } else {
        mac_of(s, tag, buf, 4 + len);
        if (tags_differ(tag, buf + 4 + len, tag_len))
            return fail(s, err, err_len, "MAC mismatch");
        run_cipher(s, buf + 4, len);
    }
    *total = 4 + len + tag_len;
    return CHAN_PACKET;
}

/* open_enc_len opens a packet whose length is encrypted with the rest:
 * the first block is decrypted to read it, then the remainder. */
static int open_enc_len(chan_state *s, uint8_t *buf, size_t avail, size_t *total,
                        char *err, size_t err_len)
{
    size_t bs = s->c->block_len, tag_len = s->m != NULL ? s->m->tag_len : 0;
    uint8_t tag[64];

    if (!s->have_first) {
        if (avail < bs)
            return CHAN_MORE;
        run_cipher(s, buf, bs);
        s->pkt_len = get32(buf);
        if (check_len(s, s->pkt_len, err, err_len) != 0)
            return CHAN_ERROR;
        s->have_first = 1;
    }
    if (avail < 4 + (size_t)s->pkt_len + tag_len)
        return CHAN_MORE;
    run_cipher(s, buf + bs, 4 + s->pkt_len - bs);
    s->have_first = 0;
    if (s->m != NULL) {
        mac_of(s, tag, buf, 4 + s->pkt_len);
        if (tags_differ(tag, buf + 4 + s->pkt_len, tag_len))
            return fail(s, err, err_len, "MAC mismatch");
    }
    *total = 4 + s->pkt_len + tag_len;
    return CHAN_PACKET;
}

int chan_open(chan_state *s, uint8_t *buf, size_t avail, size_t *used, uint8_t **payload,
              size_t *payload_len, char *err, size_t err_len)
{
    size_t total = 0;
    uint32_t len;
    int r = clear_len(s) ? open_clear_len(s, buf, avail, &total, err, err_len)
                         : open_enc_len(s, buf, avail, &total, err, err_len);

    if (r != CHAN_PACKET)
        return r;
    len = get32(buf);
    /* OpenSSH: at least 4 bytes of padding ("Corrupted padlen"), inside
     * the packet. */
    if (buf[4] < 4 || buf[4] > len - 1)
        return fail(s, err, err_len, "bad padding length %u", buf[4]);
    *payload = buf + CHAN_HDR;
    *payload_len = len - 1 - buf[4];
    *used = total;
    s->seq++;
    s->packets++;
    return CHAN_PACKET;
}
