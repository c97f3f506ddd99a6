/*
 * apps/channel_packet.h - the SSH binary packet layer of `brisk channel`
 * (apps/channel_packet.c): RFC 4253 section 6 packets, OpenSSH's
 * encrypt-then-MAC forms and its aes*-gcm@openssh.com (RFC 5647 as OpenSSH
 * implements it) and chacha20-poly1305@openssh.com (OpenSSH's
 * PROTOCOL.chacha20poly1305), under OpenSSH's cipher and MAC names.
 *
 * It lives in apps/, not in the library: it is a protocol's framing built
 * only from the library's public cipher, HMAC and random functions, used by
 * one subcommand; the library keeps to primitives and modes.
 */
#ifndef BRISK_APPS_CHANNEL_PACKET_H
#define BRISK_APPS_CHANNEL_PACKET_H

#include <stddef.h>
#include <stdint.h>

#include <brisk/cipher.h>
#include <brisk/mac.h>

/* The packet header before the payload: uint32 packet_length and byte
 * padding_length. */
/* Big-endian fields, as ssh's wire format writes uint32 and uint64. */
static inline void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static inline uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void put64(uint8_t *p, uint64_t v)
{
    put32(p, (uint32_t)(v >> 32));
    put32(p + 4, (uint32_t)v);
}

static inline uint64_t get64(const uint8_t *p)
{
    return (uint64_t)get32(p) << 32 | get32(p + 4);
}

#define CHAN_HDR 5
/* Most bytes a packet adds around its payload: the header, up to 4 + 15
 * bytes of padding, a tag of up to 64 bytes (HMAC-SHA-512). */
#define CHAN_OVERHEAD (CHAN_HDR + 19 + 64)
/* OpenSSH's PACKET_MAX_SIZE (packet.c): the largest packet_length taken. */
#define CHAN_MAX_PACKET (256 * 1024)

/* How a cipher is applied. */
enum {
    CHAN_KIND_NONE = 0, /* OpenSSH's internal "none": nothing */
    CHAN_KIND_BLOCK,    /* CBC or CTR, continued across packets */
    CHAN_KIND_STREAM,   /* RC4, continued across packets */
    CHAN_KIND_GCM,      /* aes*-gcm@openssh.com: one GCM message a packet */
    CHAN_KIND_CHACHA    /* chacha20-poly1305@openssh.com */
};

/* One cipher under OpenSSH's name. */
typedef struct chan_cipher {
    const char *name;      /* OpenSSH's: "aes128-ctr" */
    const char *brisk;     /* the registry's: "aes-128-ctr"; NULL for none */
    int kind;
    size_t key_len, iv_len;
    size_t block_len;      /* what packets are padded to a multiple of */
    size_t discard;        /* RC4 keystream bytes dropped first (RFC 4345) */
} chan_cipher;

/* One MAC under OpenSSH's name. */
typedef struct chan_mac {
    const char *name;      /* "hmac-sha2-256-etm@openssh.com" */
    const char *digest;    /* the registry's digest: "sha256" */
    size_t key_len;        /* OpenSSH's: the digest's length */
    size_t tag_len;        /* the digest's length or 12 for the -96 forms */
    int etm;               /* encrypt-then-MAC, length in the clear */
} chan_mac;

/* The keys of one direction, as the key exchange would derive them. */
typedef struct chan_keys {
    uint8_t enc[64];           /* chacha20-poly1305 takes 64 bytes */
    uint8_t iv[16];
    uint8_t mac[64];
} chan_keys;

/* One direction's state.  Zeroed, then chan_init. */
typedef struct chan_state {
    const chan_cipher *c;
    const chan_mac *m;         /* NULL: no MAC (AEAD or none) */
    brisk_cipher_ctx ctx;
    brisk_hmac_ctx hmac;
    uint8_t nonce[12];         /* GCM: fixed 4 bytes || 64-bit counter */
    uint8_t chacha[64];        /* ChaCha20-Poly1305: K_2 then K_1 */
    uint32_t seq;              /* the implicit sequence number */
    uint64_t packets;          /* packets sealed or opened */
    int have_first;            /* opening: the first block is decrypted */
    uint32_t pkt_len;          /* opening: its packet_length */
    uint8_t pad_pool[4096];    /* random bytes for padding */
    size_t pad_used;
} chan_state;

/* chan_cipher_at and chan_mac_at enumerate the tables (NULL past the end);
 * chan_cipher_by_name and chan_mac_by_name look names up, exactly. */
const chan_cipher *chan_cipher_at(size_t i);
const chan_mac *chan_mac_at(size_t i);
const chan_cipher *chan_cipher_by_name(const char *name);
const chan_mac *chan_mac_by_name(const char *name);

/* chan_init starts a direction with cipher c, MAC m (NULL for none) and
 * keys k, for sealing (seal = 1) or opening.  0, or -1 if the library
 * refuses the cipher or digest. */
int chan_init(chan_state *s, const chan_cipher *c, const chan_mac *m, const chan_keys *k,
              int seal);

/* chan_cleanup wipes s. */
void chan_cleanup(chan_state *s);

/* chan_seal makes one packet in place: its payload_len bytes of payload
 * are at pkt + CHAN_HDR, with room for CHAN_OVERHEAD more bytes after
 * them.  It writes the header, random padding, encrypts and appends the MAC
 * or tag; returns the packet's length on the wire. */
size_t chan_seal(chan_state *s, uint8_t *pkt, size_t payload_len);

/* Results of chan_open. */
enum { CHAN_MORE = 0, CHAN_PACKET = 1, CHAN_ERROR = -1 };

/* chan_open takes one packet from the avail bytes at buf, in place.
 * CHAN_PACKET: *used bytes are consumed, and the authenticated payload is
 * at *payload, *payload_len bytes.  CHAN_MORE: a whole packet is not there
 * yet (call again with the same bytes and more after them; the bytes
 * already there may have been decrypted in place).  CHAN_ERROR: err holds
 * why, naming the packet; nothing of that packet may be used. */
int chan_open(chan_state *s, uint8_t *buf, size_t avail, size_t *used, uint8_t **payload,
              size_t *payload_len, char *err, size_t err_len);

#endif
