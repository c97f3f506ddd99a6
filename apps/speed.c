/*
 * apps/speed.c - `brisk speed`, a benchmark whose options and output follow
 * OpenSSL 3.0's `openssl speed` so that scripts written for it work as they
 * are: the same algorithm names and indices in "+F:" lines, the same row
 * labels and order, progress lines on stderr (in OpenSSL's timing order),
 * the 1000s-of-bytes table or the -mr grammar on stdout, and -multi through
 * forked -mr workers.
 *
 * What to time is data: a table of the algorithm names OpenSSL knows (name,
 * OpenSSL's index, row label, the registry name of the digest or cipher it
 * runs on, and the kind of timing) and a speed_kind per kind of algorithm
 * with a self-check, a per-cell setup and a timed loop.  Digests and ciphers
 * are looked up in the registries once, before timing; a name whose
 * algorithm is not in this build is reported like an unknown one.  The timed
 * loop is a bare call to the one-shot digest, or to brisk_cipher_update on a
 * context initialised once per cell (OpenSSL's EVP loop), until SIGALRM
 * clears a flag, counted as OpenSSL counts, and divided by user CPU time
 * (wall-clock time with -elapsed).  -aead times whole messages as OpenSSL
 * 3.0 does: IV, 13 bytes of AAD, the payload, final and tag.
 *
 * Public key (rsa512 ... rsa4096, dsa512 ... dsa2048; "rsa" and "dsa" for
 * every size; all of them when no algorithm is named): a row per key size,
 * timed after the digests and ciphers for 10 seconds (or -seconds) per
 * operation, signing then verifying, and printed as OpenSSL 3.0 prints
 * them: "rsa 2048 bits 0.000243s 0.000016s   4109.0  61807.1" under a
 * "sign    verify    sign/s verify/s" header, "+F2:" (RSA) and "+F3:"
 * (DSA) lines with -mr, "+DTP:" and "+R1:" ... "+R4:" progress lines.  The
 * keys, their self-checks and the loops are in apps/speed_pk.c.
 *
 * Keys: the named cipher rows use OpenSSL's fixed key (0x12 0x34 ... 0xf0,
 * 0x34 ...) and a zero IV, as its init_evp_cipher_ctx does; -evp rows a
 * random key and IV, as its EVP_CIPHER_CTX_rand_key does.
 *
 * Before an algorithm is timed, the path that is timed computes a known
 * answer (apps/selfcheck.c); an implementation that gets it wrong is
 * reported, never timed, and makes the command fail.  A cipher without a
 * stored answer must at least decrypt what it encrypts and agree with
 * itself fed 8 bytes at a time; every cipher passes that same check again
 * before each cell, at the cell's length, where wide kernels take over.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <brisk/cipher.h>
#include <brisk/cpu.h>
#include <brisk/digest.h>
#include <brisk/mac.h>

#include "apps.h"
#include "buildinfo.h"

#define MAX_SIZES 6
#define MAX_ROWS 64
#define MAX_SECONDS 86400
#define MAX_BYTES (64L * 1024 * 1024)
#define MAX_MISALIGN 63
#define MAX_MULTI 256
#define INDEX_HMAC 9   /* OpenSSL 3.0's D_HMAC */
#define INDEX_EVP 25   /* OpenSSL 3.0's D_EVP */
#define AEAD_AAD_LEN 13  /* a TLS record header's worth, as OpenSSL 3.0 */
#define SLACK 64         /* room past a block for the bytes a mode buffers */
#define CHECK_BUF_LEN 512 /* what the self-checks use of the buffer */

static const int default_sizes[MAX_SIZES] = {16, 64, 256, 1024, 8192, 16384};
/* OpenSSL 3.0's aead_lengths_list, the sizes -aead times by default. */
static const int aead_sizes[MAX_SIZES] = {2, 31, 136, 1024, 8192, 16384};

/* OpenSSL 3.0's key32 (its des keys are the first 8 and 24 bytes of it). */
static const uint8_t openssl_key[32] = {
    0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x34, 0x56, 0x78,
    0x9a, 0xbc, 0xde, 0xf0, 0x12, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0,
    0x12, 0x34, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x12, 0x34, 0x56,
};

typedef struct speed_row speed_row;

/* Results of a self-check, and of a setup. */
enum { CHECK_OK, CHECK_FAIL, CHECK_NONE };
enum { SETUP_LENGTH = 1, SETUP_CHECK };

/* How to time one kind of algorithm. */
typedef struct speed_kind {
    /* check runs the timed path over a known answer, using buf (at least
     * SELFCHECK_MSG_LEN + SLACK bytes) as it likes; returns CHECK_*. */
    int (*check)(speed_row *row, uint8_t *buf);
    /* setup prepares the row for timing blocks of len bytes from buf (keys,
     * contexts); returns 0, SETUP_LENGTH when the row cannot take that
     * length, or SETUP_CHECK when it fails a check at that length. */
    int (*setup)(speed_row *row, uint8_t *buf, size_t len);
    /* loop repeats the operation until the alarm; returns the count. */
    long long (*loop)(speed_row *row, uint8_t *buf, size_t len);
} speed_kind;

struct speed_row {
    brisk_cipher_ctx ctx;       /* first: needs the 64-byte alignment */
    int index;                  /* OpenSSL's algorithm index, for "+F:" */
    char label[48];             /* row name: "md5", "hmac(md5)", "rc4" */
    const speed_kind *kind;
    const brisk_digest *md;     /* a digest row's digest, or NULL */
    const brisk_cipher *cipher; /* a cipher row's cipher, or NULL */
    int decrypt;                /* -decrypt: time decryption */
    int aad;                    /* -aead: 13 bytes of AAD per message */
    brisk_hmac_ctx hmac;        /* keyed once, for the hmac kind */
    uint8_t key[BRISK_CIPHER_MAX_KEY];
    uint8_t iv[BRISK_CIPHER_MAX_IV];
    uint8_t tag[BRISK_GCM_TAG_LEN]; /* -aead -decrypt: the payload's tag */
    uint8_t *out;               /* -aead -decrypt: where plaintext goes */
    int failed;                 /* failed its self-check: never shown */
    double results[MAX_SIZES];  /* bytes per second */
};

/* One algorithm name as openssl speed accepts it; a name may select several
 * rows ("des", "aes"), one entry each. */
typedef struct speed_alg {
    const char *name;      /* as typed */
    int index;             /* OpenSSL 3.0's index */
    const char *label;     /* row name */
    const char *digest;    /* registry name of the digest it runs on, or */
    const char *cipher;    /* of the cipher */
    const speed_kind *kind;
} speed_alg;

/* A public-key row: one key size of RSA or DSA, timed signing and
 * verifying (apps/speed_pk.c holds the keys and loops). */
typedef struct pk_row {
    int type;               /* SPEED_PK_RSA or SPEED_PK_DSA */
    int index;              /* OpenSSL 3.0's: rsa512 is 0, dsa512 0, ... */
    unsigned bits;
    speed_pk *key;          /* made and checked before timing */
    int failed;             /* failed its self-check or a loop: never shown */
    int skipped;            /* a smaller size took the whole time: not run */
    double results[2];      /* signatures and verifications per second */
} pk_row;

/* The public-key names openssl speed 3.0 accepts that brisk has, with
 * OpenSSL's indices; "rsa" and "dsa" select every size. */
static const struct pk_alg {
    const char *name;
    int type, index;
    unsigned bits;
} pk_algs[] = {
    {"rsa512", SPEED_PK_RSA, 0, 512}, {"rsa1024", SPEED_PK_RSA, 1, 1024},
    {"rsa2048", SPEED_PK_RSA, 2, 2048}, {"rsa3072", SPEED_PK_RSA, 3, 3072},
    {"rsa4096", SPEED_PK_RSA, 4, 4096}, {"dsa512", SPEED_PK_DSA, 0, 512},
    {"dsa1024", SPEED_PK_DSA, 1, 1024}, {"dsa2048", SPEED_PK_DSA, 2, 2048},
};
#define N_PK_ALGS (sizeof(pk_algs) / sizeof(pk_algs[0]))

/* The benchmark's settings and rows. */
typedef struct speed_run {
    speed_row rows[MAX_ROWS];
    int n_rows;
    pk_row pk[N_PK_ALGS];   /* RSA rows, then DSA rows, each by size */
    int n_pk;
    int pk_seconds;         /* OpenSSL's PKEY_SECONDS: 10 unless -seconds */
    int seconds, mr, usertime, multi;
    size_t misalign;
    int sizes[MAX_SIZES];
    int n_sizes;
    int sizes_given;        /* -bytes was given */
    uint8_t *buf;           /* aligned buffer + misalign */
    void *buf_base;
    uint8_t *out;           /* a second buffer, for -aead -decrypt */
    void *out_base;
    int failed;             /* some row failed its self-check or setup */
} speed_run;

static volatile sig_atomic_t running;

static void on_alarm(int sig)
{
    (void)sig;
    running = 0;
}

/* ---- Digests ---- */

/* check_hex compares the len-byte result with the hex answer want. */
static int check_hex(const uint8_t *out, size_t len, const char *want)
{
    char hex[2 * BRISK_DIGEST_MAX_LEN + 1];

    if (want == NULL)
        return CHECK_NONE;
    hex_encode(hex, out, len);
    return strcmp(hex, want) == 0 ? CHECK_OK : CHECK_FAIL;
}

static int digest_check(speed_row *row, uint8_t *buf)
{
    uint8_t out[BRISK_DIGEST_MAX_LEN];

    selfcheck_message(buf);
    brisk_digest_oneshot(row->md, out, buf, SELFCHECK_MSG_LEN);
    return check_hex(out, row->md->digest_len, selfcheck_expected(row->md, 0));
}

static int digest_setup(speed_row *row, uint8_t *buf, size_t len)
{
    (void)row, (void)buf, (void)len;
    return 0;
}

/* The generic one-shot is one indirect call to the typed one-shot (brisk_md5,
 * brisk_sha512, ...), so every digest is timed through the registry. */
static long long digest_loop(speed_row *row, uint8_t *buf, size_t len)
{
    uint8_t out[BRISK_DIGEST_MAX_LEN];
    const brisk_digest *md = row->md;
    long long count = 0;

    while (running) {
        brisk_digest_oneshot(md, out, buf, len);
        count++;
    }
    return count;
}

static const speed_kind digest_kind = {digest_check, digest_setup, digest_loop};

/* ---- HMAC: keyed once, then one brisk_hmac_tag per message, as OpenSSL
 * 3.0 re-initialises one EVP_MAC_CTX without a new key and runs update and
 * final. ---- */

static int hmac_setup(speed_row *row, uint8_t *buf, size_t len)
{
    (void)buf, (void)len;
    brisk_hmac_init(&row->hmac, row->md, (const uint8_t *)selfcheck_hmac_key,
                    strlen(selfcheck_hmac_key));
    return 0;
}

static int hmac_check(speed_row *row, uint8_t *buf)
{
    uint8_t out[BRISK_DIGEST_MAX_LEN], streamed[BRISK_DIGEST_MAX_LEN];
    static const size_t short_lens[] = {0, 16, 55, 64};
    size_t dl = row->md->digest_len;

    hmac_setup(row, buf, 0);
    selfcheck_message(buf);
    brisk_hmac_tag(&row->hmac, out, buf, SELFCHECK_MSG_LEN);
    int r = check_hex(out, dl, selfcheck_expected(row->md, 1));
    /* Short messages may take their own path in brisk_hmac_tag (one call
     * for HMAC-MD5 and HMAC-SHA-256); it must agree with streaming, checked
     * above. */
    for (size_t i = 0; r == CHECK_OK && i < sizeof(short_lens) / sizeof(short_lens[0]); i++) {
        brisk_hmac_tag(&row->hmac, out, buf, short_lens[i]);
        brisk_hmac_update(&row->hmac, buf, short_lens[i]);
        brisk_hmac_final(&row->hmac, streamed);
        if (memcmp(out, streamed, dl) != 0)
            r = CHECK_FAIL;
    }
    return r;
}

static long long hmac_loop(speed_row *row, uint8_t *buf, size_t len)
{
    uint8_t out[BRISK_DIGEST_MAX_LEN];
    brisk_hmac_ctx *ctx = &row->hmac;
    long long count = 0;

    while (running) {
        brisk_hmac_tag(ctx, out, buf, len);
        count++;
    }
    return count;
}

static const speed_kind hmac_kind = {hmac_check, hmac_setup, hmac_loop};

/* ---- Ciphers: the self-check ---- */

/* crypt_all runs in_len bytes through ctx, already initialised, in pieces
 * of `piece` bytes (all at once if 0), then final; returns the output length
 * or -1 on an error. */
static long crypt_all(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t in_len,
                      size_t piece)
{
    size_t done = 0, total = 0, n;

    if (piece == 0)
        piece = in_len;
    do {
        size_t len = in_len - done < piece ? in_len - done : piece;
        if (brisk_cipher_update(ctx, out + total, &n, in + done, len) != 0)
            return -1;
        total += n;
        done += len;
    } while (done < in_len);
    if (brisk_cipher_final(ctx, out + total, &n) != 0)
        return -1;
    return (long)(total + n);
}

/* kat_run encrypts (or decrypts) kat's input with its key, IV and AAD
 * through the generic API, as the timed loops call it, and compares the
 * output (and the tag) with kat's answer. */
static int kat_run(speed_row *row, const selfcheck_kat *kat, int encrypt, uint8_t *out)
{
    brisk_cipher_ctx *ctx = &row->ctx;
    const uint8_t *in = encrypt ? kat->pt : kat->ct;
    const uint8_t *want = encrypt ? kat->ct : kat->pt;
    uint8_t tag[BRISK_GCM_TAG_LEN];
    int aead = (row->cipher->flags & BRISK_CIPHER_AEAD) != 0;
    long len;

    if (brisk_cipher_init(ctx, row->cipher, encrypt, kat->key, kat->key_len,
                          kat->iv, kat->iv_len) != 0 ||
        brisk_cipher_set_padding(ctx, 0) != 0 ||
        (aead && brisk_cipher_aad(ctx, kat->aad, kat->aad_len) != 0) ||
        (aead && !encrypt && brisk_cipher_set_tag(ctx, kat->tag, kat->tag_len) != 0))
        return CHECK_FAIL;
    len = crypt_all(ctx, out, in, kat->pt_len, 0);
    if (len != (long)kat->pt_len || memcmp(out, want, kat->pt_len) != 0)
        return CHECK_FAIL;
    if (aead && encrypt && (brisk_cipher_get_tag(ctx, tag, kat->tag_len) != 0 ||
                            memcmp(tag, kat->tag, kat->tag_len) != 0))
        return CHECK_FAIL;
    return CHECK_OK;
}

/* consistent checks c on a message it has no answer for: msg (len bytes,
 * cut to whole blocks for ECB and CBC) encrypted under key and iv at once
 * and 8 bytes at a time (XTS: a data unit is one call) must agree, differ
 * from msg, and decrypt back, with its tag for an AEAD.  scratch holds
 * 2 * (len + SLACK) bytes.  Returns CHECK_OK or CHECK_FAIL. */
static int consistent(speed_row *row, const uint8_t *key, const uint8_t *iv,
                      const uint8_t *msg, size_t len, uint8_t *scratch)
{
    static const uint8_t aad[AEAD_AAD_LEN] = {0xcc};
    const brisk_cipher *c = row->cipher;
    brisk_cipher_ctx *ctx = &row->ctx;
    int aead = (c->flags & BRISK_CIPHER_AEAD) != 0;
    uint8_t *ct = scratch, *back = scratch + len + SLACK;
    uint8_t tag[BRISK_GCM_TAG_LEN];

    len -= len % c->block_len;
    if (len == 0)
        return CHECK_OK;
    for (int pass = 0; pass < 3; pass++) {
        int encrypt = pass < 2;
        size_t piece = pass == 1 && c->mode != BRISK_MODE_XTS ? 8 : 0;
        uint8_t *out = pass == 0 ? ct : back;
        if (brisk_cipher_init(ctx, c, encrypt, key, c->key_len, iv, c->iv_len) != 0 ||
            brisk_cipher_set_padding(ctx, 0) != 0 ||
            (aead && brisk_cipher_aad(ctx, aad, sizeof(aad)) != 0) ||
            (aead && !encrypt && brisk_cipher_set_tag(ctx, tag, sizeof(tag)) != 0) ||
            crypt_all(ctx, out, encrypt ? msg : ct, len, piece) != (long)len ||
            (aead && pass == 0 && brisk_cipher_get_tag(ctx, tag, sizeof(tag)) != 0))
            return CHECK_FAIL;
        if ((pass == 0 && memcmp(ct, msg, len) == 0) ||
            (pass == 1 && memcmp(back, ct, len) != 0) ||
            (pass == 2 && memcmp(back, msg, len) != 0))
            return CHECK_FAIL;
    }
    return CHECK_OK;
}

/* self_consistent is the check for a cipher without a stored answer:
 * consistent() on the self-check message, with a key and IV taken from its
 * tail. */
static int self_consistent(speed_row *row, uint8_t *buf)
{
    enum { LEN = 64 };
    uint8_t key[BRISK_CIPHER_MAX_KEY], iv[BRISK_CIPHER_MAX_IV];

    selfcheck_message(buf);
    memcpy(key, buf + 200, row->cipher->key_len);
    memcpy(iv, buf + 264, row->cipher->iv_len);
    return consistent(row, key, iv, buf, LEN, buf + LEN + SLACK);
}

static int cipher_check(speed_row *row, uint8_t *buf)
{
    selfcheck_kat kat;
    int ret;

    if (selfcheck_cipher(row->cipher->name, &kat) != 0)
        ret = self_consistent(row, buf);
    else if ((ret = kat_run(row, &kat, 1, buf)) == CHECK_OK)
        ret = kat_run(row, &kat, 0, buf);
    brisk_cipher_cleanup(&row->ctx);
    return ret;
}

/* ---- Ciphers: timing ---- */

/* cipher_start initialises the row's context for timing, keeping the key
 * when it is already set (OpenSSL's EVP_CipherInit_ex with a NULL key). */
static int cipher_start(speed_row *row, int rekey)
{
    const brisk_cipher *c = row->cipher;

    if (brisk_cipher_init(&row->ctx, c, !row->decrypt, rekey ? row->key : NULL,
                          rekey ? c->key_len : 0, row->iv, c->iv_len) != 0)
        return -1;
    return brisk_cipher_set_padding(&row->ctx, 0);
}

/* cell_check tries one block of len bytes, so that a length the mode
 * refuses (XTS under 16 bytes) is reported rather than timed as a stream of
 * errors (SETUP_LENGTH), then checks the cipher for consistency at that
 * length with the row's key, since the wide paths that long blocks take may
 * be ones the known answer did not reach (SETUP_CHECK). */
static int cell_check(speed_row *row, uint8_t *buf, size_t len)
{
    size_t n;

    if (cipher_start(row, 1) != 0 || brisk_cipher_update(&row->ctx, buf, &n, buf, len) != 0)
        return SETUP_LENGTH;
    if (consistent(row, row->key, row->iv, buf, len, row->out) != CHECK_OK)
        return SETUP_CHECK;
    return 0;
}

/* cipher_setup checks the cell, then keys a fresh context. */
static int cipher_setup(speed_row *row, uint8_t *buf, size_t len)
{
    int err = cell_check(row, buf, len);

    if (err != 0)
        return err;
    return cipher_start(row, 1) != 0 ? SETUP_LENGTH : 0;
}

/* OpenSSL's EVP_Update_loop: one update per block on one context, in
 * place.  An error can only be GCM's message length limit, after which
 * OpenSSL restarts with the same key and IV; so does this. */
static long long cipher_loop(speed_row *row, uint8_t *buf, size_t len)
{
    brisk_cipher_ctx *ctx = &row->ctx;
    size_t n;
    long long count = 0;

    while (running) {
        if (brisk_cipher_update(ctx, buf, &n, buf, len) != 0)
            cipher_start(row, 0);
        count++;
    }
    return count;
}

static const speed_kind cipher_kind = {cipher_check, cipher_setup, cipher_loop};

/* ---- AEAD ciphers: whole messages, as OpenSSL 3.0 times them ----
 *
 * openssl speed 3.0 times an AEAD cipher (with -evp, with or without -aead)
 * in EVP_Update_loop_aead_enc/_dec: every message sets the IV length, keys
 * the context with the key and IV (EVP_CipherInit_ex with both), adds 13
 * bytes of AAD under -aead only, runs the payload and finalises (and, when
 * decrypting, sets the tag).  brisk does the same work per message: a full
 * init with the key, so that the key schedule and GCM's hash key are
 * rebuilt each time as OpenSSL's are. */

static const uint8_t aead_aad[AEAD_AAD_LEN] = {0xcc};

/* aead_message runs one message from in to out with the row's key and
 * IV; returns 0 or an error (a tag that does not verify). */
static inline int aead_message(speed_row *row, uint8_t *out, const uint8_t *in, size_t len)
{
    brisk_cipher_ctx *ctx = &row->ctx;
    size_t n, m;
    int err;

    err = brisk_cipher_init(ctx, row->cipher, !row->decrypt, row->key, row->cipher->key_len,
                            row->iv, row->cipher->iv_len);
    if (row->decrypt)
        err |= brisk_cipher_set_tag(ctx, row->tag, sizeof(row->tag));
    if (row->aad)
        err |= brisk_cipher_aad(ctx, aead_aad, sizeof(aead_aad));
    err |= brisk_cipher_update(ctx, out, &n, in, len);
    err |= brisk_cipher_final(ctx, out + n, &m);
    if (!row->decrypt)
        err |= brisk_cipher_get_tag(ctx, row->tag, sizeof(row->tag));
    return err;
}

/* aead_setup keys the context; to time decryption it first encrypts the
 * payload in place, keeping its tag, so that every timed message verifies
 * (a failed final wipes the key) while the plaintext goes to a separate
 * buffer and the ciphertext stays as it is. */
static int aead_setup(speed_row *row, uint8_t *buf, size_t len)
{
    const brisk_cipher *c = row->cipher;
    int decrypt = row->decrypt;
    int err = cell_check(row, buf, len);

    if (err != 0)
        return err;
    if (brisk_cipher_init(&row->ctx, c, 1, row->key, c->key_len, row->iv, c->iv_len) != 0)
        return SETUP_LENGTH;
    row->decrypt = 0;
    err = aead_message(row, buf, buf, len);
    row->decrypt = decrypt;
    if (err == 0 && decrypt)
        err = aead_message(row, row->out, buf, len);
    return err != 0 ? SETUP_CHECK : 0;
}

static long long aead_loop(speed_row *row, uint8_t *buf, size_t len)
{
    uint8_t *out = row->decrypt ? row->out : buf;
    long long count = 0;

    while (running) {
        aead_message(row, out, buf, len);
        count++;
    }
    return count;
}

static const speed_kind aead_kind = {cipher_check, aead_setup, aead_loop};

/* OpenSSL 3.0's names (its doit_choices and the group names "des", "aes"
 * and "sha"), indices and row labels.  The cipher rows run on the CBC
 * ciphers of the same names, and "des-ede3" on des-ede3-cbc, as OpenSSL's. */
static const speed_alg speed_algs[] = {
    {"md2", 0, "md2", "md2", NULL, &digest_kind},
    {"mdc2", 1, "mdc2", "mdc2", NULL, &digest_kind},
    {"md4", 2, "md4", "md4", NULL, &digest_kind},
    {"md5", 3, "md5", "md5", NULL, &digest_kind},
    {"sha1", 4, "sha1", "sha1", NULL, &digest_kind},
    {"rmd160", 5, "rmd160", "rmd160", NULL, &digest_kind},
    {"ripemd160", 5, "rmd160", "rmd160", NULL, &digest_kind},
    {"ripemd", 5, "rmd160", "rmd160", NULL, &digest_kind},
    {"sha256", 6, "sha256", "sha256", NULL, &digest_kind},
    {"sha512", 7, "sha512", "sha512", NULL, &digest_kind},
    {"sha", 4, "sha1", "sha1", NULL, &digest_kind},
    {"sha", 6, "sha256", "sha256", NULL, &digest_kind},
    {"sha", 7, "sha512", "sha512", NULL, &digest_kind},
    {"hmac", INDEX_HMAC, "hmac(md5)", "md5", NULL, &hmac_kind},
    {"des-cbc", 10, "des-cbc", NULL, "des-cbc", &cipher_kind},
    {"des-ede3", 11, "des-ede3", NULL, "des-ede3-cbc", &cipher_kind},
    {"des", 10, "des-cbc", NULL, "des-cbc", &cipher_kind},
    {"des", 11, "des-ede3", NULL, "des-ede3-cbc", &cipher_kind},
    {"rc4", 12, "rc4", NULL, "rc4", &cipher_kind},
    {"idea-cbc", 13, "idea-cbc", NULL, "idea-cbc", &cipher_kind},
    {"idea", 13, "idea-cbc", NULL, "idea-cbc", &cipher_kind},
    {"rc2-cbc", 15, "rc2-cbc", NULL, "rc2-cbc", &cipher_kind},
    {"rc2", 15, "rc2-cbc", NULL, "rc2-cbc", &cipher_kind},
    {"rc5-cbc", 16, "rc5-cbc", NULL, "rc5-cbc", &cipher_kind},
    {"rc5", 16, "rc5-cbc", NULL, "rc5-cbc", &cipher_kind},
    {"bf-cbc", 17, "blowfish", NULL, "bf-cbc", &cipher_kind},
    {"blowfish", 17, "blowfish", NULL, "bf-cbc", &cipher_kind},
    {"bf", 17, "blowfish", NULL, "bf-cbc", &cipher_kind},
    {"cast-cbc", 18, "cast-cbc", NULL, "cast5-cbc", &cipher_kind},
    {"cast", 18, "cast-cbc", NULL, "cast5-cbc", &cipher_kind},
    {"cast5", 18, "cast-cbc", NULL, "cast5-cbc", &cipher_kind},
    {"aes-128-cbc", 19, "aes-128-cbc", NULL, "aes-128-cbc", &cipher_kind},
    {"aes-192-cbc", 20, "aes-192-cbc", NULL, "aes-192-cbc", &cipher_kind},
    {"aes-256-cbc", 21, "aes-256-cbc", NULL, "aes-256-cbc", &cipher_kind},
    {"aes", 19, "aes-128-cbc", NULL, "aes-128-cbc", &cipher_kind},
    {"aes", 20, "aes-192-cbc", NULL, "aes-192-cbc", &cipher_kind},
    {"aes", 21, "aes-256-cbc", NULL, "aes-256-cbc", &cipher_kind},
};
#define N_ALGS (sizeof(speed_algs) / sizeof(speed_algs[0]))

/* OpenSSL 3.0 times the algorithms in the order of its code, which is not
 * the order of its indices: timing_rank gives an index's place in it. */
static int timing_rank(int index)
{
    static const int order[] = {0, 1, 2, 3, 4, 6, 7, 8, 5, 9, 10, 11, 19, 20, 21,
                                22, 23, 24, 12, 13, 14, 15, 16, 17, 18, 26, 27, 25};
    for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++)
        if (order[i] == index)
            return (int)i;
    return index;
}

/* ---- Choosing rows ---- */

/* add_row appends a row for a digest (md) or a cipher (c) unless one with
 * the same index and label exists; returns 0 or -1 when the table is full. */
static int add_row(speed_run *r, int index, const char *label, const brisk_digest *md,
                   const brisk_cipher *c, const speed_kind *kind)
{
    speed_row *row;

    for (int i = 0; i < r->n_rows; i++)
        if (r->rows[i].index == index && strcmp(r->rows[i].label, label) == 0)
            return 0;
    if (r->n_rows >= MAX_ROWS) {
        app_error("speed", "too many algorithms (at most %d)", MAX_ROWS);
        return -1;
    }
    row = &r->rows[r->n_rows++];
    memset(row, 0, sizeof(*row));
    row->index = index;
    snprintf(row->label, sizeof(row->label), "%s", label);
    row->md = md;
    row->cipher = c;
    row->kind = kind;
    if (c != NULL)   /* OpenSSL's fixed key and zero IV */
        memcpy(row->key, openssl_key, c->key_len < 32 ? c->key_len : 32);
    return 0;
}

/* alg_present says whether this build has what a speed_alg runs on. */
static int alg_present(const speed_alg *a)
{
    return a->digest != NULL ? brisk_digest_by_name(a->digest) != NULL
                             : brisk_cipher_by_name(a->cipher) != NULL;
}

static int add_alg(speed_run *r, const speed_alg *a)
{
    if (!alg_present(a)) {
        app_error("speed", "algorithm '%s' is not in this build", a->name);
        return -1;
    }
    return add_row(r, a->index, a->label,
                   a->digest != NULL ? brisk_digest_by_name(a->digest) : NULL,
                   a->cipher != NULL ? brisk_cipher_by_name(a->cipher) : NULL, a->kind);
}

/* add_pk adds the public-key row of pk_algs[i] unless it is there, keeping
 * the rows in OpenSSL's order: RSA by size, then DSA by size. */
static void add_pk(speed_run *r, size_t i)
{
    const struct pk_alg *a = &pk_algs[i];
    int j;

    for (j = 0; j < r->n_pk; j++)
        if (r->pk[j].type == a->type && r->pk[j].index == a->index)
            return;
    for (j = r->n_pk; j > 0 && (r->pk[j - 1].type > a->type ||
                                (r->pk[j - 1].type == a->type && r->pk[j - 1].index > a->index));
         j--)
        r->pk[j] = r->pk[j - 1];
    memset(&r->pk[j], 0, sizeof(r->pk[j]));
    r->pk[j].type = a->type;
    r->pk[j].index = a->index;
    r->pk[j].bits = a->bits;
    r->n_pk++;
}

/* add_pk_named adds the public-key rows name selects; returns 1 if none. */
static int add_pk_named(speed_run *r, const char *name)
{
    int found = 0;

    for (size_t i = 0; i < N_PK_ALGS; i++) {
        int all = (strcmp(name, "rsa") == 0 && pk_algs[i].type == SPEED_PK_RSA) ||
                  (strcmp(name, "dsa") == 0 && pk_algs[i].type == SPEED_PK_DSA);
        if (all || strcmp(name, pk_algs[i].name) == 0) {
            add_pk(r, i);
            found = 1;
        }
    }
    return found ? 0 : 1;
}

/* add_named adds the rows that name selects; returns 0, 1 if it selects
 * none, or -1 on an error. */
static int add_named(speed_run *r, const char *name)
{
    int found = 0;

    if (add_pk_named(r, name) == 0)
        return 0;

    for (size_t i = 0; i < N_ALGS; i++) {
        if (strcmp(speed_algs[i].name, name) != 0)
            continue;
        found = 1;
        if (add_alg(r, &speed_algs[i]) != 0)
            return -1;
    }
    return found ? 0 : 1;
}

/* add_default_rows selects everything: the named algorithms this build has,
 * then an -evp row for each digest that no named algorithm covers, and
 * every public-key size. */
static int add_default_rows(speed_run *r)
{
    const brisk_digest *md;

    for (size_t i = 0; i < N_ALGS; i++)
        if (alg_present(&speed_algs[i]) && add_alg(r, &speed_algs[i]) != 0)
            return -1;
    for (size_t i = 0; i < N_PK_ALGS; i++)
        add_pk(r, i);
    for (size_t i = 0; (md = brisk_digest_at(i)) != NULL; i++) {
        int named = 0;
        for (size_t k = 0; k < N_ALGS; k++)
            if (speed_algs[k].kind == &digest_kind &&
                brisk_digest_by_name(speed_algs[k].digest) == md)
                named = 1;
        if (!named && add_row(r, INDEX_EVP, md->name, md, NULL, &digest_kind) != 0)
            return -1;
    }
    return 0;
}

/* sort_rows puts rows in OpenSSL's order, by index, keeping the order of
 * rows that share one. */
static void sort_rows(speed_run *r)
{
    for (int i = 1; i < r->n_rows; i++) {
        speed_row tmp = r->rows[i];
        int j = i;
        for (; j > 0 && r->rows[j - 1].index > tmp.index; j--)
            r->rows[j] = r->rows[j - 1];
        r->rows[j] = tmp;
    }
}

/* ---- Options ---- */

enum { OPT_SECONDS = 2, OPT_BYTES, OPT_ELAPSED, OPT_MR, OPT_MULTI, OPT_MISALIGN,
       OPT_EVP, OPT_HMAC, OPT_DECRYPT, OPT_AEAD, OPT_PROVIDER };

const app_option speed_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"seconds", OPT_SECONDS, ARG_NUMBER, 1, MAX_SECONDS, "N",
     "Run each benchmark for N seconds (default 3; 10 for RSA and DSA)"},
    {"bytes", OPT_BYTES, ARG_NUMBER, 1, MAX_BYTES, "N", "Time only blocks of N bytes"},
    {"elapsed", OPT_ELAPSED, ARG_NONE, 0, 0, NULL,
     "Use wall-clock time instead of CPU user time as divisor"},
    {"mr", OPT_MR, ARG_NONE, 0, 0, NULL, "Produce machine readable output"},
    {"multi", OPT_MULTI, ARG_NUMBER, 1, MAX_MULTI, "N", "Run N benchmarks in parallel"},
    {"misalign", OPT_MISALIGN, ARG_NUMBER, 0, MAX_MISALIGN, "N",
     "Offset the buffers by N bytes"},
    {"evp", OPT_EVP, ARG_STRING, 0, 0, "NAME",
     "Time the cipher or digest NAME (any name or alias)"},
    {"hmac", OPT_HMAC, ARG_STRING, 0, 0, "NAME", "Time HMAC over the digest NAME"},
    {"decrypt", OPT_DECRYPT, ARG_NONE, 0, 0, NULL,
     "Time decryption instead of encryption (only -evp)"},
    {"aead", OPT_AEAD, ARG_NONE, 0, 0, NULL,
     "Time the -evp AEAD cipher in TLS-like messages (IV, AAD, data, tag)"},
    {"provider", OPT_PROVIDER, ARG_STRING, 0, 0, "NAME",
     "Accepted for OpenSSL's sake and ignored: everything is built in"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

static void usage(void)
{
    const brisk_digest *md;
    const brisk_cipher *c;
    const char *last = "";

    opts_usage(stdout, "speed", "[options] [algorithm...]", speed_options);
    printf("\nAlgorithms:");
    for (size_t i = 0; i < N_ALGS; i++)
        if (strcmp(speed_algs[i].name, last) != 0 && alg_present(&speed_algs[i]))
            printf(" %s", last = speed_algs[i].name);
    printf("\n            rsa");
    for (size_t i = 0; i < N_PK_ALGS; i++)
        printf(" %s%s", pk_algs[i].name, i + 1 < N_PK_ALGS && pk_algs[i + 1].type !=
                                              pk_algs[i].type ? " dsa" : "");
    printf("\nCiphers for -evp:");
    for (size_t i = 0; (c = brisk_cipher_at(i)) != NULL; i++)
        printf(" %s", c->name);
    printf("\nDigests for -evp and -hmac:");
    for (size_t i = 0; (md = brisk_digest_at(i)) != NULL; i++)
        printf(" %s", md->name);
    printf("\nWith no algorithm, times every one.\n");
}

/* The choices of -evp, -hmac, -decrypt and -aead. */
typedef struct speed_sel {
    const brisk_digest *evp_md, *hmac;
    const brisk_cipher *evp_cipher;
    int decrypt, aead;
} speed_sel;

/* evp_label writes OpenSSL 3's canonical name of c, as its
 * EVP_CIPHER_get0_name gives it: the upper-case name ("AES-128-CBC"), with
 * "-ECB" for an ECB cipher named without it ("des-ede3": "DES-EDE3-ECB"). */
static void evp_label(char label[48], const brisk_cipher *c)
{
    size_t i, len = strlen(c->name);

    for (i = 0; i < len && i < 47; i++)
        label[i] = (char)(c->name[i] >= 'a' && c->name[i] <= 'z' ? c->name[i] - 32 : c->name[i]);
    label[i] = '\0';
    if (c->mode == BRISK_MODE_ECB && (len < 4 || strcmp(c->name + len - 4, "-ecb") != 0))
        snprintf(label + i, 48 - i, "-ECB");
}

/* add_evp_cipher adds the -evp cipher's row; returns 0 or -1. */
static int add_evp_cipher(speed_run *r, const speed_sel *sel)
{
    const brisk_cipher *c = sel->evp_cipher;
    char label[48];
    speed_row *row;

    evp_label(label, c);
    int aead = (c->flags & BRISK_CIPHER_AEAD) != 0;
    if (add_row(r, INDEX_EVP, label, NULL, c, aead ? &aead_kind : &cipher_kind) != 0)
        return -1;
    row = &r->rows[r->n_rows - 1];
    row->decrypt = sel->decrypt;
    row->aad = sel->aead;
    if (getentropy(row->key, c->key_len) != 0 || getentropy(row->iv, c->iv_len) != 0) {
        app_error("speed", "cannot get a random key: %s", strerror(errno));
        return -1;
    }
    if (sel->aead && !r->sizes_given) {
        memcpy(r->sizes, aead_sizes, sizeof(aead_sizes));
        r->n_sizes = MAX_SIZES;
    }
    return 0;
}

/* select_rows adds the rows for the algorithm names, -evp and -hmac (which
 * replaces the "hmac" row, as in OpenSSL), or every row if none is given,
 * in OpenSSL's order; returns 0 or -1. */
static int select_rows(speed_run *r, int n_names, char **names, const speed_sel *sel)
{
    if (sel->aead && sel->evp_cipher == NULL) {
        app_error("speed", "-aead can be used only with an AEAD cipher");
        return -1;
    }
    if (sel->aead && (sel->evp_cipher->flags & BRISK_CIPHER_AEAD) == 0) {
        char label[48];
        evp_label(label, sel->evp_cipher);
        app_error("speed", "%s is not an AEAD cipher", label);
        return -1;
    }
    for (int i = 0; i < n_names; i++) {
        int err;
        if (names[i][0] == '-') {
            app_error("speed", "option '%s' after the algorithms: put options first", names[i]);
            return -1;
        }
        if (strcmp(names[i], "hmac") == 0 && sel->hmac != NULL)
            continue;
        err = add_named(r, names[i]);
        if (err > 0)
            app_error("speed", "unknown algorithm '%s'", names[i]);
        if (err != 0)
            return -1;
    }
    if (sel->hmac != NULL) {
        char label[48];
        snprintf(label, sizeof(label), "hmac(%s)", sel->hmac->name);
        if (add_row(r, INDEX_HMAC, label, sel->hmac, NULL, &hmac_kind) != 0)
            return -1;
    }
    if (sel->evp_md != NULL &&
        add_row(r, INDEX_EVP, sel->evp_md->name, sel->evp_md, NULL, &digest_kind) != 0)
        return -1;
    if (sel->evp_cipher != NULL && add_evp_cipher(r, sel) != 0)
        return -1;
    if (n_names == 0 && sel->evp_md == NULL && sel->evp_cipher == NULL && sel->hmac == NULL &&
        add_default_rows(r) != 0)
        return -1;
    sort_rows(r);
    return 0;
}

/* set_evp takes -evp NAME, a cipher first and then a digest, as OpenSSL
 * 3.0 tries them; returns 0 or -1. */
static int set_evp(speed_sel *sel, const app_opts *o)
{
    if (sel->evp_md != NULL || sel->evp_cipher != NULL) {
        app_error("speed", "option '%s' cannot be given more than once", o->name);
        return -1;
    }
    sel->evp_cipher = brisk_cipher_by_name(o->value);
    if (sel->evp_cipher == NULL)
        sel->evp_md = brisk_digest_by_name(o->value);
    if (sel->evp_cipher == NULL && sel->evp_md == NULL) {
        app_error("speed", "unknown cipher or digest '%s' for option '%s'", o->value, o->name);
        return -1;
    }
    return 0;
}

static int set_hmac(speed_sel *sel, const app_opts *o)
{
    if (sel->hmac != NULL) {
        app_error("speed", "option '%s' cannot be given more than once", o->name);
        return -1;
    }
    sel->hmac = brisk_digest_by_name(o->value);
    if (sel->hmac == NULL) {
        app_error("speed", "unknown digest '%s' for option '%s'", o->value, o->name);
        return -1;
    }
    return 0;
}

/* parse_args fills r from argv; returns 0, 1 after -help, or -1 on error. */
static int parse_args(speed_run *r, int argc, char **argv)
{
    speed_sel sel;
    app_opts o;
    int id;

    memset(&sel, 0, sizeof(sel));
    opts_init(&o, "speed", speed_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: usage(); return 1;
        case OPT_SECONDS: r->seconds = r->pk_seconds = (int)o.number; break;
        case OPT_BYTES:
            r->sizes[0] = (int)o.number;
            r->n_sizes = 1;
            r->sizes_given = 1;
            break;
        case OPT_ELAPSED: r->usertime = 0; break;
        case OPT_MR: r->mr = 1; break;
        case OPT_MULTI: r->multi = (int)o.number; break;
        case OPT_MISALIGN: r->misalign = (size_t)o.number; break;
        case OPT_EVP:
            if (set_evp(&sel, &o) != 0)
                return -1;
            break;
        case OPT_HMAC:
            if (set_hmac(&sel, &o) != 0)
                return -1;
            break;
        case OPT_DECRYPT: sel.decrypt = 1; break;
        case OPT_AEAD: sel.aead = 1; break;
        case OPT_PROVIDER: break;
        case OPT_UNKNOWN:
            app_error("speed", "unknown option '%s'", o.name);
            return -1;
        default:
            return -1;
        }
    }
    return select_rows(r, argc - o.ind, argv + o.ind, &sel);
}

/* ---- Timing ---- */

static double now(int usertime)
{
    if (usertime) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
    } else {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
    }
}

/* row_impls writes the implementations a row runs on, for messages:
 * "sha256=shani", or for a cipher every primitive its name starts with
 * ("aes=vaes"), plus GHASH's for GCM. */
static void row_impls(const speed_row *row, char *out, size_t n)
{
    const char *prim;
    size_t used = 0;

    out[0] = '\0';
    for (size_t i = 0; (prim = brisk_prim_name(i)) != NULL && used < n; i++) {
        size_t len = strlen(prim);
        int uses = row->md != NULL ? strcmp(row->md->prim, prim) == 0
                   : (strncmp(row->cipher->name, prim, len) == 0 &&
                      (row->cipher->name[len] == '-' || row->cipher->name[len] == '\0')) ||
                         (row->cipher->mode == BRISK_MODE_GCM && strcmp(prim, "ghash") == 0);
        if (uses)
            used += (size_t)snprintf(out + used, n - used, "%s%s=%s", used ? " " : "", prim,
                                     brisk_impl_active(prim));
    }
    if (out[0] == '\0')
        snprintf(out, n, "the only one");
}

/* time_cell runs one row at one block size, as OpenSSL's print_message,
 * loop and print_result do. */
static void time_cell(speed_run *r, speed_row *row, int s)
{
    int len = r->sizes[s];
    long long count;
    double t0, t;

    int err = row->kind->setup(row, r->buf, (size_t)len);

    if (err != 0) {
        char impls[128];
        row_impls(row, impls, sizeof(impls));
        if (err == SETUP_LENGTH)
            app_error("speed", "%s cannot process %d-byte blocks; not timed", row->label, len);
        else
            app_error("speed", "%s (impl %s) failed its self-check on %d-byte blocks; not timed",
                      row->label, impls, len);
        row->failed = 1;
        r->failed = 1;
        return;
    }
    fprintf(stderr, r->mr ? "+DT:%s:%d:%d\n" : "Doing %s for %ds on %d size blocks: ",
            row->label, r->seconds, len);
    fflush(stderr);
    running = 1;
    alarm((unsigned)r->seconds);
    t0 = now(r->usertime);
    count = row->kind->loop(row, r->buf, (size_t)len);
    t = now(r->usertime) - t0;
    alarm(0);
    if (t < 1e-3)
        t = 1e-3;
    fprintf(stderr, r->mr ? "+R:%lld:%s:%f\n" : "%lld %s's in %.2fs\n", count,
            row->label, t);
    row->results[s] = (double)count / t * len;
}

/* self_check runs each row's timed path over a known answer in the
 * benchmark buffer; a row that fails is reported and marked. */
static void self_check(speed_run *r)
{
    char impls[128];

    for (int i = 0; i < r->n_rows; i++) {
        speed_row *row = &r->rows[i];
        int ret = row->kind->check(row, r->buf);

        if (ret == CHECK_OK)
            continue;
        if (ret == CHECK_NONE) {
            app_error("speed", "%s has no self-check answer; not timed", row->label);
        } else {
            row_impls(row, impls, sizeof(impls));
            app_error("speed", "%s (impl %s) failed its self-check; not timed", row->label, impls);
        }
        row->failed = 1;
        r->failed = 1;
    }
    memset(r->buf, 0, CHECK_BUF_LEN);
    for (int i = 0; i < r->n_pk; i++) {
        pk_row *pk = &r->pk[i];
        const char *why;

        pk->key = speed_pk_new(pk->type, pk->bits, &why);
        if (pk->key == NULL) {
            app_error("speed", "%s%u failed its self-check (%s); not timed",
                      pk->type == SPEED_PK_RSA ? "rsa" : "dsa", pk->bits, why);
            pk->failed = 1;
            r->failed = 1;
        }
    }
}

/* ---- Public-key timing, as OpenSSL 3.0's pkey_print_message and the
 * result lines of its RSA and DSA loops ---- */

/* time_pk_op times signing (op 0) or verifying (op 1); returns the count,
 * or -1 after reporting a failed operation. */
static long long time_pk_op(speed_run *r, pk_row *pk, int op)
{
    static const char *const what[2][2] = {{"private", "public"}, {"sign", "verify"}};
    int dsa = pk->type == SPEED_PK_DSA;
    long long count;
    double t0, t;

    fprintf(stderr, r->mr ? "+DTP:%u:%s:%s:%d\n" : "Doing %u bits %s %s's for %ds: ",
            pk->bits, what[dsa][op], dsa ? "dsa" : "rsa", r->pk_seconds);
    fflush(stderr);
    running = 1;
    alarm((unsigned)r->pk_seconds);
    t0 = now(r->usertime);
    count = op == 0 ? speed_pk_sign(pk->key, &running) : speed_pk_verify(pk->key, &running);
    t = now(r->usertime) - t0;
    alarm(0);
    if (count < 0) {
        app_error("speed", "%s %u bits: %s failed while timed", dsa ? "DSA" : "RSA", pk->bits,
                  op == 0 ? "signing" : "verification");
        return -1;
    }
    if (t < 1e-3)
        t = 1e-3;
    if (r->mr)
        fprintf(stderr, "+R%d:%lld:%u:%.2f\n", 1 + 2 * dsa + op, count, pk->bits, t);
    else if (!dsa)
        fprintf(stderr, "%lld %u bits %s RSA's in %.2fs\n", count, pk->bits, what[0][op], t);
    else
        fprintf(stderr, "%lld %u bits DSA %s in %.2fs\n", count, pk->bits,
                op == 0 ? "signs" : "verify", t);
    pk->results[op] = (double)count / t;
    return count;
}

/* run_pk times each public-key row; as OpenSSL does, a size whose signing
 * ran at most once in the time stops the larger sizes of its kind. */
static void run_pk(speed_run *r)
{
    for (int i = 0; i < r->n_pk; i++) {
        pk_row *pk = &r->pk[i];
        long long signs;

        if (pk->failed || pk->skipped)
            continue;
        signs = time_pk_op(r, pk, 0);
        if (signs < 0 || time_pk_op(r, pk, 1) < 0) {
            pk->failed = 1;
            r->failed = 1;
            continue;
        }
        for (int j = i + 1; signs <= 1 && j < r->n_pk; j++)
            if (r->pk[j].type == pk->type)
                r->pk[j].skipped = 1;
    }
}

/* run_all times every row, in OpenSSL's timing order. */
static void run_all(speed_run *r)
{
    int order[MAX_ROWS];

    for (int i = 0; i < r->n_rows; i++) {
        int j = i;
        for (; j > 0 && timing_rank(r->rows[order[j - 1]].index) > timing_rank(r->rows[i].index); j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    for (int i = 0; i < r->n_rows; i++) {
        speed_row *row = &r->rows[order[i]];
        for (int s = 0; s < r->n_sizes && !row->failed; s++)
            time_cell(r, row, s);
    }
    run_pk(r);
}

/* ---- Output ---- */

static void print_banner(void)
{
    printf("version: %s (brisk; speed compatible with OpenSSL 3.0)\n", brisk_version());
    printf("built on: %s\n", BRISK_BUILT_ON);
    print_options_line(stdout);
    print_compiler_line(stdout);
    print_cpuinfo_line(stdout);
}

static void print_table(const speed_run *r);

/* print_pk prints the RSA or DSA rows: a header, then one line per size. */
static void print_pk(const speed_run *r, int type)
{
    int header = 0;

    for (int i = 0; i < r->n_pk; i++) {
        const pk_row *pk = &r->pk[i];
        const char *name = type == SPEED_PK_RSA ? "rsa" : "dsa";
        if (pk->type != type || pk->failed || pk->skipped)
            continue;
        if (!header && !r->mr)
            printf("%18ssign    verify    sign/s verify/s\n", " ");
        header = 1;
        if (r->mr)
            printf("+F%d:%d:%u:%f:%f\n", type == SPEED_PK_RSA ? 2 : 3, pk->index, pk->bits,
                   pk->results[0], pk->results[1]);
        else
            printf("%s %4u bits %8.6fs %8.6fs %8.1f %8.1f\n", name, pk->bits,
                   1.0 / pk->results[0], 1.0 / pk->results[1], pk->results[0],
                   pk->results[1]);
    }
}

static void print_results(const speed_run *r)
{
    if (!r->mr)
        print_banner();
    print_table(r);
    print_pk(r, SPEED_PK_RSA);
    print_pk(r, SPEED_PK_DSA);
}

/* print_table prints the digest and cipher rows, if any were chosen. */
static void print_table(const speed_run *r)
{
    if (r->n_rows == 0)
        return;
    printf(r->mr ? "+H" : "The 'numbers' are in 1000s of bytes per second processed.\ntype        ");
    for (int s = 0; s < r->n_sizes; s++)
        printf(r->mr ? ":%d" : "%7d bytes", r->sizes[s]);
    printf("\n");
    for (int i = 0; i < r->n_rows; i++) {
        const speed_row *row = &r->rows[i];
        if (row->failed)
            continue;
        if (r->mr)
            printf("+F:%d:%s", row->index, row->label);
        else
            printf("%-13s", row->label);
        for (int s = 0; s < r->n_sizes; s++) {
            if (r->mr)
                printf(":%.2f", row->results[s]);
            else if (row->results[s] > 10000)
                printf(" %11.2fk", row->results[s] / 1e3);
            else
                printf(" %11.2f ", row->results[s]);
        }
        printf("\n");
    }
}

/* ---- -multi ---- */

/* add_child_pk adds the figures of one "+F2:index:bits:sign:verify" (RSA)
 * or "+F3:..." (DSA) line. */
static int add_child_pk(speed_run *r, const char *line)
{
    int type = line[2] == '2' ? SPEED_PK_RSA : SPEED_PK_DSA;
    int index;
    unsigned bits;
    double sign, verify;

    if (sscanf(line + 4, "%d:%u:%lf:%lf", &index, &bits, &sign, &verify) != 4)
        return -1;
    for (int i = 0; i < r->n_pk; i++) {
        pk_row *pk = &r->pk[i];
        if (pk->type == type && pk->index == index && pk->bits == bits) {
            pk->results[0] += sign;
            pk->results[1] += verify;
            return 0;
        }
    }
    return -1;
}

/* add_child_line adds the figures of one "+F:index:label:v:v..." line. */
static int add_child_line(speed_run *r, char *line)
{
    char *p = line + 3, *end;
    long index = strtol(p, &end, 10);
    char *label, *colon;

    if (end == p || *end != ':')
        return -1;
    label = end + 1;
    colon = strchr(label, ':');   /* labels hold no ':' */
    if (colon == NULL)
        return -1;
    *colon = '\0';
    p = colon + 1;
    for (int i = 0; i < r->n_rows; i++) {
        speed_row *row = &r->rows[i];
        if (row->index != index || strcmp(row->label, label) != 0 || row->failed)
            continue;
        for (int s = 0; s < r->n_sizes; s++) {
            row->results[s] += strtod(p, &end);
            p = end + (*end != '\0');
        }
        return 0;
    }
    return -1;
}

/* read_child parses one worker's -mr output; returns 0 or -1. */
static int read_child(speed_run *r, int fd, int n)
{
    FILE *f = fdopen(fd, "r");
    FILE *log = r->mr ? stderr : stdout;  /* keep -mr stdout pure */
    char line[4096];
    int ret = 0;

    if (f == NULL) {
        close(fd);
        return -1;
    }
    while (fgets(line, sizeof(line), f) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] != '+') {
            fprintf(stderr, "Don't understand line '%s' from child %d\n", line, n);
            continue;
        }
        fprintf(log, "Got: %s from %d\n", line, n);
        char copy[sizeof(line)];
        memcpy(copy, line, sizeof(line));
        if ((strncmp(line, "+F2:", 4) == 0 || strncmp(line, "+F3:", 4) == 0) &&
            add_child_pk(r, line) != 0) {
            fprintf(stderr, "Unknown type '%s' from child %d\n", line, n);
            ret = -1;
        }
        if (strncmp(line, "+F:", 3) == 0 && add_child_line(r, copy) != 0) {
            fprintf(stderr, "Unknown type '%s' from child %d\n", line, n);
            ret = -1;
        }
    }
    fclose(f);
    return ret;
}

/* do_multi forks r->multi workers that each time everything in -mr form
 * into a pipe, as OpenSSL's do_multi does, and sums their figures.  Returns
 * 1 in the parent (results summed, *status set) and 0 in a worker. */
static int do_multi(speed_run *r, int *status)
{
    int fds[MAX_MULTI];
    int n_forked = 0, ret = 0;
    FILE *log = r->mr ? stderr : stdout;

    for (int n = 0; n < r->multi; n++) {
        int fd[2];
        pid_t pid;

        if (pipe(fd) != 0) {
            app_error("speed", "cannot create a pipe: %s", strerror(errno));
            ret = 1;
            break;
        }
        fflush(stdout);
        fflush(stderr);
        pid = fork();
        if (pid == 0) {
            for (int k = 0; k < n_forked; k++)
                close(fds[k]);
            close(fd[0]);
            if (dup2(fd[1], STDOUT_FILENO) < 0)
                _exit(1);
            close(fd[1]);
            r->mr = 1;
            r->usertime = 0;
            return 0;
        }
        close(fd[1]);
        if (pid < 0) {
            app_error("speed", "cannot fork: %s", strerror(errno));
            close(fd[0]);
            ret = 1;
            break;
        }
        fds[n_forked++] = fd[0];
        fprintf(log, "Forked child %d\n", n);
    }
    for (int n = 0; n < n_forked; n++)
        if (read_child(r, fds[n], n) != 0)
            ret = 1;
    for (int n = 0; n < n_forked; n++) {
        int st;
        while (wait(&st) < 0 && errno == EINTR)
            ;
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
            ret = 1;
    }
    *status = ret;
    return 1;
}

/* ---- main ---- */

/* setup_buffer allocates the benchmark buffer, and a second one of twice
 * its size that the per-cell checks use and -aead -decrypt writes to, each
 * with room for what a mode buffers. */
static int setup_buffer(speed_run *r)
{
    size_t max = CHECK_BUF_LEN;

    for (int s = 0; s < r->n_sizes; s++)
        if ((size_t)r->sizes[s] > max)
            max = (size_t)r->sizes[s];
    max += SLACK + MAX_MISALIGN + 1;
    if (posix_memalign(&r->buf_base, 64, max) != 0 ||
        posix_memalign(&r->out_base, 64, 2 * max) != 0) {
        app_error("speed", "cannot allocate %zu bytes", max);
        return -1;
    }
    memset(r->buf_base, 0, max);
    memset(r->out_base, 0, 2 * max);
    r->buf = (uint8_t *)r->buf_base + r->misalign;
    r->out = (uint8_t *)r->out_base + r->misalign;
    for (int i = 0; i < r->n_rows; i++)
        r->rows[i].out = r->out;
    return 0;
}

static int speed(speed_run *r)
{
    struct sigaction sa;
    int status = 0;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);

    if (!r->usertime && !r->mr)
        fprintf(stderr, "You have chosen to measure elapsed time instead of user CPU time.\n");
    if (setup_buffer(r) != 0)
        return 1;
    self_check(r);
    if (r->multi > 0) {
        if (do_multi(r, &status) == 0) {
            run_all(r);      /* a worker */
            print_results(r);
            return r->failed;
        }
    } else {
        run_all(r);
    }
    print_results(r);
    if (fflush(stdout) != 0 || ferror(stdout))
        status = 1;
    return status || r->failed;
}

int speed_main(int argc, char **argv)
{
    speed_run *r = NULL;
    int ret;

    /* aligned: the rows hold cipher contexts */
    if (posix_memalign((void **)&r, 64, sizeof(*r)) != 0) {
        app_error("speed", "out of memory");
        return 1;
    }
    memset(r, 0, sizeof(*r));
    r->seconds = 3;
    r->pk_seconds = 10;
    r->usertime = 1;
    memcpy(r->sizes, default_sizes, sizeof(default_sizes));
    r->n_sizes = MAX_SIZES;
    ret = parse_args(r, argc, argv);
    if (ret == 0)
        ret = speed(r);
    else
        ret = ret > 0 ? 0 : 1;
    for (int i = 0; i < r->n_rows; i++) {
        brisk_hmac_cleanup(&r->rows[i].hmac);
        brisk_cipher_cleanup(&r->rows[i].ctx);
    }
    for (int i = 0; i < r->n_pk; i++)
        speed_pk_free(r->pk[i].key);
    free(r->buf_base);
    free(r->out_base);
    free(r);
    return ret;
}
