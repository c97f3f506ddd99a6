/*
 * apps/speed_time.c - what `brisk speed` times and how: a speed_kind per
 * kind of algorithm (a self-check over a known answer, a per-cell setup
 * and the timed loop), the timing of one cell as OpenSSL 3.0's
 * print_message, loop and print_result do, and the public-key timing as
 * its pkey_print_message and RSA and DSA loops do.  A loop runs until
 * SIGALRM clears a flag, counted as OpenSSL counts, and is divided by user
 * CPU time (rand: user and system; wall-clock time with -elapsed).
 *
 * A run takes -repeat passes over all its cells, one sample of each cell
 * per pass (time_cell: setup, loop, sample), and a cell's figure is the
 * median of its samples; then -slope's fits (time_slope), then the
 * public-key rows, in passes too.  Each loop reads the cycle counter of
 * -cycles around it (take_loop).
 */
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <brisk/cpu.h>
#include <brisk/rand.h>

#include "speed.h"

#define AEAD_AAD_LEN 13  /* a TLS record header's worth, as OpenSSL 3.0 */

static volatile sig_atomic_t running;
static volatile sig_atomic_t interrupted;
long long speed_count_limit = LLONG_MAX;
/* Seconds of the loop still to count down on the progress line, one
 * alarm(1) each, before the alarm that ends the loop. */
static volatile sig_atomic_t ticks;
static pid_t children[MAX_MULTI];
static volatile sig_atomic_t n_children;

static void on_alarm(int sig)
{
    (void)sig;
    if (ticks > 0) {
        ticks--;
        alarm(1);
        speed_progress_tick();
        return;
    }
    running = 0;
}

static void on_int(int sig)
{
    (void)sig;
    interrupted = 1;
    running = 0;
    for (int i = 0; i < n_children; i++)
        kill(children[i], SIGINT);
}

void speed_catch_signals(void)
{
    struct sigaction sa, old;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    /* -multi's parent reads its workers' pipes through stdio: a read that
     * SIGINT interrupts goes on. */
    sa.sa_handler = on_int;
    sa.sa_flags = SA_RESTART;
    sigaddset(&sa.sa_mask, SIGALRM);
    if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler != SIG_IGN)
        sigaction(SIGINT, &sa, NULL);
}

int speed_interrupted(void)
{
    return interrupted;
}

void speed_watch_child(pid_t pid)
{
    if (n_children < MAX_MULTI) {
        children[n_children] = pid;
        n_children++;
    }
}

void speed_forget_children(void)
{
    n_children = 0;
}

void speed_die_of_sigint(void)
{
    struct sigaction sa;
    sigset_t set;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(SIGINT);
}

/* start_alarm starts a timed loop of `seconds`: one alarm, or with the
 * progress line one a second. */
static void start_alarm(int seconds)
{
    running = 1;
    if (interrupted)
        running = 0;
    ticks = speed_progress_on() ? seconds - 1 : 0;
    alarm(speed_progress_on() ? 1 : (unsigned)seconds);
}

static void stop_alarm(void)
{
    ticks = 0;
    alarm(0);
    speed_progress_hide();
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

    while (SPEED_GO(running, count)) {
        brisk_digest_oneshot(md, out, buf, len);
        count++;
    }
    return count;
}

const speed_kind speed_digest_kind = {digest_check, digest_setup, digest_loop};

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

    while (SPEED_GO(running, count)) {
        brisk_hmac_tag(ctx, out, buf, len);
        count++;
    }
    return count;
}

const speed_kind speed_hmac_kind = {hmac_check, hmac_setup, hmac_loop};

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

    while (SPEED_GO(running, count)) {
        if (brisk_cipher_update(ctx, buf, &n, buf, len) != 0)
            cipher_start(row, 0);
        count++;
    }
    return count;
}

const speed_kind speed_cipher_kind = {cipher_check, cipher_setup, cipher_loop};

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

    while (SPEED_GO(running, count)) {
        aead_message(row, out, buf, len);
        count++;
    }
    return count;
}

const speed_kind speed_aead_kind = {cipher_check, aead_setup, aead_loop};

/* ---- GHASH alone, as OpenSSL 3.0 times its "ghash" row ----
 *
 * openssl speed 3.0 keys one GMAC context (AES-128-GCM, the first 16 bytes
 * of its key32, IV "0123456789ab") and then only calls EVP_MAC_update with
 * each block: GCM's AAD, hashed by GHASH under H = E_K(0), never finished.
 * brisk does the same with brisk_cipher_aad on one aes-128-gcm context,
 * which goes straight to the dispatched GHASH kernel. */

static const char ghash_iv[] = "0123456789ab";

/* ghash_start keys the row's context as openssl speed keys its GMAC. */
static int ghash_start(speed_row *row)
{
    return brisk_cipher_init(&row->ctx, row->cipher, 1, row->key, row->cipher->key_len,
                             (const uint8_t *)ghash_iv, sizeof(ghash_iv) - 1);
}

/* gmac_tag writes the GMAC tag of msg (len bytes, hashed `piece` bytes
 * per call, all at once if 0) under the row's key and IV; 0 or -1. */
static int gmac_tag(speed_row *row, uint8_t tag[BRISK_GCM_TAG_LEN], const uint8_t *msg,
                    size_t len, size_t piece)
{
    uint8_t none[16];   /* GCM's final writes nothing */
    size_t done = 0, n;

    if (ghash_start(row) != 0)
        return -1;
    if (piece == 0)
        piece = len;
    while (done < len) {
        size_t step = len - done < piece ? len - done : piece;
        if (brisk_cipher_aad(&row->ctx, msg + done, step) != 0)
            return -1;
        done += step;
    }
    if (brisk_cipher_final(&row->ctx, none, &n) != 0 ||
        brisk_cipher_get_tag(&row->ctx, tag, BRISK_GCM_TAG_LEN) != 0)
        return -1;
    return 0;
}

/* The known answer: GMAC of the self-check message under openssl speed's
 * key and IV (apps/selfcheck.c). */
static int ghash_check(speed_row *row, uint8_t *buf)
{
    uint8_t tag[BRISK_GCM_TAG_LEN];
    char hex[2 * BRISK_GCM_TAG_LEN + 1];
    int ret;

    selfcheck_message(buf);
    ret = gmac_tag(row, tag, buf, SELFCHECK_MSG_LEN, 0) != 0 ? CHECK_FAIL : CHECK_OK;
    if (ret == CHECK_OK) {
        hex_encode(hex, tag, sizeof(tag));
        ret = strcmp(hex, selfcheck_gmac) == 0 ? CHECK_OK : CHECK_FAIL;
    }
    brisk_cipher_cleanup(&row->ctx);
    return ret;
}

/* ghash_setup checks GHASH at the cell's length, where the wide kernels
 * may take paths the known answer did not reach: two calls of len bytes,
 * as the loop makes them, must hash as the same 2 len bytes do a block at
 * a time.  Then it keys the context for the loop. */
static int ghash_setup(speed_row *row, uint8_t *buf, size_t len)
{
    uint8_t whole[BRISK_GCM_TAG_LEN], blocks[BRISK_GCM_TAG_LEN];
    uint8_t *msg = row->out;   /* room for 2 len bytes (apps/speed.c) */

    (void)buf;
    for (size_t i = 0; i < 2 * len; i++)
        msg[i] = (uint8_t)(31 * i + 7);
    if (gmac_tag(row, whole, msg, 2 * len, len) != 0 ||
        gmac_tag(row, blocks, msg, 2 * len, 16) != 0 ||
        memcmp(whole, blocks, sizeof(whole)) != 0)
        return SETUP_CHECK;
    return ghash_start(row) != 0 ? SETUP_CHECK : 0;
}

/* An error can only be GCM's AAD limit, 2^61 bytes: not reached. */
static long long ghash_loop(speed_row *row, uint8_t *buf, size_t len)
{
    brisk_cipher_ctx *ctx = &row->ctx;
    long long count = 0;

    while (SPEED_GO(running, count)) {
        brisk_cipher_aad(ctx, buf, len);
        count++;
    }
    return count;
}

const speed_kind speed_ghash_kind = {ghash_check, ghash_setup, ghash_loop};

/* ---- The random generator, as OpenSSL 3.0 times RAND_bytes ----
 *
 * brisk_random_bytes reads the kernel's generator (getrandom); the row
 * times one call per block.  There is no known answer to a random
 * generator: the check is that it works and its output is not constant. */

/* not_constant says whether the len bytes at p are not all the same. */
static int not_constant(const uint8_t *p, size_t len)
{
    for (size_t i = 1; i < len; i++)
        if (p[i] != p[0])
            return 1;
    return 0;
}

static int rand_check(speed_row *row, uint8_t *buf)
{
    enum { LEN = 32 };

    (void)row;
    if (brisk_random_bytes(buf, LEN) != 0 || brisk_random_bytes(buf + LEN, LEN) != 0 ||
        !not_constant(buf, LEN) || !not_constant(buf + LEN, LEN) ||
        memcmp(buf, buf + LEN, LEN) == 0)
        return CHECK_FAIL;
    return CHECK_OK;
}

/* rand_setup makes sure the generator fills a block of the cell's length,
 * so that a failing one is not timed as a stream of errors. */
static int rand_setup(speed_row *row, uint8_t *buf, size_t len)
{
    (void)row;
    if (brisk_random_bytes(buf, len) != 0 || (len >= 16 && !not_constant(buf, len)))
        return SETUP_CHECK;
    return 0;
}

static long long rand_loop(speed_row *row, uint8_t *buf, size_t len)
{
    long long count = 0;

    (void)row;
    while (SPEED_GO(running, count)) {
        brisk_random_bytes(buf, len);
        count++;
    }
    return count;
}

const speed_kind speed_rand_kind = {rand_check, rand_setup, rand_loop};

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
/* ---- Timing ---- */

/* What a loop's count is divided by: wall-clock time (-elapsed), user CPU
 * time (OpenSSL's default), or user and system CPU time, for the rand row:
 * OpenSSL's RAND_bytes works in user space, brisk_random_bytes in the
 * kernel (getrandom), whose time the user time leaves out, so that the row
 * would read several times too fast.  -slope's short rounds take this
 * thread's CPU time, exact to the nanosecond (time_slope). */
enum { TIME_WALL, TIME_USER, TIME_CPU, TIME_THREAD };

static double now(int clock)
{
    if (clock == TIME_THREAD) {   /* -slope's short rounds */
        struct timespec ts;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
    }
    if (clock != TIME_WALL) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        double t = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
        if (clock == TIME_CPU)
            t += (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
        return t;
    } else {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
    }
}

/* row_impls writes the implementations a row runs on, for messages:
 * "sha256=shani", or for a cipher every primitive its name starts with
 * ("aes=vaes"), plus GHASH's for GCM and Poly1305's for ChaCha20-Poly1305;
 * for the ghash row GHASH's alone, and
 * none for rand. */
static void row_impls(const speed_row *row, char *out, size_t n)
{
    const char *prim;
    size_t used = 0;

    out[0] = '\0';
    for (size_t i = 0; (prim = brisk_prim_name(i)) != NULL && used < n; i++) {
        size_t len = strlen(prim);
        int uses = row->kind == &speed_ghash_kind ? strcmp(prim, "ghash") == 0
                   : row->md != NULL ? strcmp(row->md->prim, prim) == 0
                   : row->cipher == NULL ? 0
                   : (strncmp(row->cipher->name, prim, len) == 0 &&
                      (row->cipher->name[len] == '-' || row->cipher->name[len] == '\0')) ||
                         (row->cipher->mode == BRISK_MODE_GCM && strcmp(prim, "ghash") == 0) ||
                         (row->cipher->mode == BRISK_MODE_CHACHA20_POLY1305 &&
                          strcmp(prim, "poly1305") == 0);
        if (uses)
            used += (size_t)snprintf(out + used, n - used, "%s%s=%s", used ? " " : "", prim,
                                     brisk_impl_active(prim));
    }
    if (out[0] == '\0')
        snprintf(out, n, "the only one");
}

long long speed_time_loop(int seconds, int clock, speed_loop_fn *loop, void *arg, double *secs)
{
    long long count;
    double t0, t;

    start_alarm(seconds);
    t0 = now(clock);
    count = loop(arg, &running);
    t = now(clock) - t0;
    stop_alarm();
    *secs = t < 1e-3 ? 1e-3 : t;
    return count;
}

/* on_prof ends a loop speed_cpu_loop runs. */
static void on_prof(int sig)
{
    (void)sig;
    running = 0;
}

long long speed_cpu_loop(double seconds, speed_loop_fn *loop, void *arg, double *secs)
{
    struct sigaction sa;
    struct itimerval it;
    long long count;
    double t0, t;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_prof;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPROF, &sa, NULL);
    memset(&it, 0, sizeof(it));
    it.it_value.tv_sec = (time_t)seconds;
    it.it_value.tv_usec = (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
    if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0)
        it.it_value.tv_usec = 1;
    running = 1;
    t0 = speed_process_cpu();
    setitimer(ITIMER_PROF, &it, NULL);
    count = loop(arg, &running);
    t = speed_process_cpu() - t0;
    memset(&it, 0, sizeof(it));
    setitimer(ITIMER_PROF, &it, NULL);
    *secs = t < 1e-6 ? 1e-6 : t;
    return count;
}

/* kind_loop runs a row's loop for speed_row_rate. */
typedef struct kind_arg {
    speed_row *row;
    uint8_t *buf;
    size_t len;
} kind_arg;

static long long kind_loop(void *arg, const volatile sig_atomic_t *run)
{
    kind_arg *k = arg;

    (void)run;   /* the kinds' loops read `running` itself */
    return k->row->kind->loop(k->row, k->buf, k->len);
}

double speed_row_rate(speed_row *row, uint8_t *buf, size_t len, double seconds)
{
    kind_arg k = {row, buf, len};
    double secs;
    long long count = speed_cpu_loop(seconds, kind_loop, &k, &secs);

    return count < 0 ? -1 : (double)count * (double)len / secs;
}

/* One timed loop: its count, the seconds by the run's clock and by the
 * wall clock, and the cycles it used (0 without -cycles). */
typedef struct speed_take {
    long long count;
    double t, t_wall, cycles;
} speed_take;

/* start_timer starts a timed loop of a fraction of a second (the -slope
 * points), with no progress ticks. */
static void start_timer(double seconds)
{
    struct itimerval it;

    memset(&it, 0, sizeof(it));
    it.it_value.tv_sec = (time_t)seconds;
    it.it_value.tv_usec = (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
    running = !interrupted;
    ticks = 0;
    setitimer(ITIMER_REAL, &it, NULL);
}

/* take_loop runs the row's loop on len-byte blocks until the alarm that
 * start_alarm or start_timer set (the caller's), and measures it. */
static void take_loop(speed_run *r, speed_row *row, size_t len, int clock, speed_take *tk)
{
    double t0 = now(clock), w0 = now(TIME_WALL);
    uint64_t c0 = speed_cycles_now(&r->clk), c1;

    tk->count = row->kind->loop(row, r->buf, len);
    c1 = speed_cycles_now(&r->clk);
    tk->t = now(clock) - t0;
    tk->t_wall = now(TIME_WALL) - w0;
    stop_alarm();
    if (tk->t < 1e-3)
        tk->t = 1e-3;
    tk->cycles = speed_cycles_spent(&r->clk, c1 - c0, tk->t, tk->t_wall);
}

/* row_clock is what a row's counts are divided by. */
static int row_clock(const speed_run *r, const speed_row *row)
{
    return !r->usertime ? TIME_WALL : row->kind == &speed_rand_kind ? TIME_CPU : TIME_USER;
}

/* setup_cell prepares a row for blocks of len bytes; on an error it is
 * reported and the row marked failed.  Returns 0 or -1. */
static int setup_cell(speed_run *r, speed_row *row, int len)
{
    int err = row->kind->setup(row, r->buf, (size_t)len);
    char impls[128];

    if (err == 0)
        return 0;
    row_impls(row, impls, sizeof(impls));
    if (err == SETUP_LENGTH)
        app_error("speed", "%s cannot process %d-byte blocks; not timed", row->label, len);
    else
        app_error("speed", "%s (impl %s) failed its self-check on %d-byte blocks; not timed",
                  row->label, impls, len);
    row->failed = 1;
    r->failed = 1;
    return -1;
}

/* time_cell takes one sample of one row at one block size, as OpenSSL's
 * print_message, loop and print_result do, and makes the cell's figure
 * the median of its samples so far.  Returns 0 when it took the sample
 * (and, with -compare, libcrypto's), -1 when the row failed or an
 * interrupt cut a loop short. */
static int time_cell(speed_run *r, speed_row *row, int s)
{
    int len = r->sizes[s];
    speed_take tk;
    int doing = 0;

    if (setup_cell(r, row, len) != 0)
        return -1;
    if (r->mr)
        speed_mr_write(stderr, MR_DT, row->label, r->seconds, len);
    else
        doing = fprintf(stderr, "Doing %s for %ds on %d size blocks: ", row->label, r->seconds,
                        len);
    fflush(stderr);
    speed_progress_show(doing);
    start_alarm(r->seconds);
    take_loop(r, row, (size_t)len, row_clock(r, row), &tk);
    if (interrupted) {   /* not a result: the loop was cut short */
        if (!r->mr)
            fputc('\n', stderr);
        return -1;
    }
    if (r->mr)
        speed_mr_write(stderr, MR_R, tk.count, row->label, tk.t);
    else
        fprintf(stderr, "%lld %s's in %.2fs\n", tk.count, row->label, tk.t);
    speed_add_sample(&row->samples[s], (double)tk.count / tk.t * len,
                     tk.count > 0 ? tk.cycles / ((double)tk.count * len) : 0);
    if (r->worker)
        speed_mr_write(stdout, MR_S, row->index, row->label, s, (double)tk.count / tk.t * len);
    row->results[s] = speed_median(row->samples[s].v, row->samples[s].n);
    if (r->compare_version != NULL)   /* libcrypto's sample, right after */
        return speed_ossl_time_cell(r, row, s, row_clock(r, row));
    return 0;
}

/* ---- -slope: bench-slope's method ---- */

/* fit_line fits y = a + b x by least squares over n points. */
static void fit_line(const double *x, const double *y, int n, double *a, double *b)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;

    for (int i = 0; i < n; i++) {
        sx += x[i];
        sy += y[i];
        sxx += x[i] * x[i];
        sxy += x[i] * y[i];
    }
    double d = n * sxx - sx * sx;
    *b = d != 0 ? (n * sxy - sx * sy) / d : 0;
    *a = (sy - *b * sx) / n;
}

/* slope_point times one round at the i-th slope length for `each`
 * seconds, keeping the fastest round's time and cycles per call; returns
 * 0 or -1 (a failed setup, or SIGINT). */
static int slope_point(speed_run *r, speed_row *row, int i, double each, double *ns,
                       double *cyc)
{
    int len = speed_slope_len(i);
    speed_take tk;

    if (setup_cell(r, row, len) != 0)
        return -1;
    start_timer(each);
    take_loop(r, row, (size_t)len, r->usertime ? TIME_THREAD : TIME_WALL, &tk);
    if (interrupted || tk.count == 0)
        return -1;
    if (tk.t * 1e9 / (double)tk.count < ns[i])
        ns[i] = tk.t * 1e9 / (double)tk.count;
    if (tk.cycles / (double)tk.count < cyc[i])
        cyc[i] = tk.cycles / (double)tk.count;
    return 0;
}

/* time_slope times a row at SLOPE_POINTS lengths, r->seconds in all, in
 * SLOPE_ROUNDS rounds over the lengths keeping each length's fastest (the
 * rounds are short: the fastest is the one least disturbed), and fits the
 * time and cycles of one call against its length: the intercept is the
 * cost of a call, the slope the cost of a byte.  The time is this thread's
 * CPU time (user and system: precise where the split between them is
 * not), or wall-clock time with -elapsed. */
static void time_slope(speed_run *r, speed_row *row)
{
    double x[SLOPE_POINTS], ns[SLOPE_POINTS], cyc[SLOPE_POINTS];
    double each = (double)r->seconds / (SLOPE_POINTS * SLOPE_ROUNDS);
    int ok = 1, doing = 0;

    if (!r->mr)
        doing = fprintf(stderr, "Doing %s's slope over %d sizes (%d to %d bytes) for %ds: ",
                        row->label, SLOPE_POINTS, speed_slope_len(0),
                        speed_slope_len(SLOPE_POINTS - 1), r->seconds);
    fflush(stderr);
    speed_progress_show(doing);
    for (int i = 0; i < SLOPE_POINTS; i++) {
        x[i] = speed_slope_len(i);
        ns[i] = cyc[i] = 1e300;
    }
    for (int k = 0; k < SLOPE_ROUNDS && ok; k++)
        for (int i = 0; i < SLOPE_POINTS && ok; i++)
            ok = slope_point(r, row, i, each, ns, cyc) == 0;
    if (!ok) {
        if (!r->mr && !row->failed)
            fputc('\n', stderr);
        return;
    }
    fit_line(x, ns, SLOPE_POINTS, &row->slope_ns_per_call, &row->slope_ns_per_byte);
    fit_line(x, cyc, SLOPE_POINTS, &row->slope_cycles_per_call, &row->slope_cycles_per_byte);
    row->slope_done = 1;
    if (!r->mr)
        fprintf(stderr, "%.1f ns per call, %.4f ns per byte\n", row->slope_ns_per_call,
                row->slope_ns_per_byte);
}

int speed_slope_len(int i)
{
    return SLOPE_MIN_LEN + i * SLOPE_STEP;
}

/* self_check runs each row's timed path over a known answer in the
 * benchmark buffer; a row that fails is reported and marked. */
void speed_self_check(speed_run *r)
{
    char impls[128];

    for (int i = 0; i < r->n_rows && !interrupted; i++) {
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
    for (int i = 0; i < r->n_pk && !interrupted; i++) {
        pk_row *pk = &r->pk[i];
        const char *why;

        pk->key = speed_pk_new(pk->type, pk->bits, &why);
        if (pk->key == NULL) {
            app_error("speed", "%s%u failed its self-check (%s); not timed",
                      speed_pk_name(pk->type), pk->bits, why);
            pk->failed = 1;
            r->failed = 1;
        }
    }
}

/* ---- Public-key timing, as OpenSSL 3.0's pkey_print_message and the
 * result lines of its RSA and DSA loops ---- */

/* time_pk_op takes one sample of signing (op 0) or verifying (op 1), or
 * of ECDH or FFDH deriving (op 0); returns the count, or -1 after
 * reporting a failed operation or when an interrupt cut it (or, with
 * -compare, libcrypto's sample after it) short. */
static long long time_pk_op(speed_run *r, pk_row *pk, int op)
{
    static const char *const what[3][2] = {{"private", "public"}, {"sign", "verify"}, {"", ""}};
    int dsa = pk->type == SPEED_PK_DSA, ffdh = pk->type == SPEED_PK_FFDH;
    int ecdh = pk->type == SPEED_PK_ECDH, eddsa = pk->type == SPEED_PK_EDDSA;
    int ecdsa = pk->type == SPEED_PK_ECDSA;
    int kind = ffdh || ecdh ? 2 : dsa || ecdsa || eddsa;
    /* EdDSA's lines name the curve ("Doing 456 bits sign Ed448's") */
    const char *name = eddsa ? speed_eddsa_curve(pk->bits) : speed_pk_name(pk->type);
    int clock = r->usertime ? TIME_USER : TIME_WALL;
    long long count;
    double t0, w0, t, w;
    uint64_t c0, c1;
    int doing = 0;

    /* OpenSSL 3.0's pkey_print_message("", "ffdh", ...) for FFDH (and
     * "ecdh" for ECDH): an empty operation, hence "Doing 2048 bits  ffdh's"
     * and "+DTP:2048::ffdh:10" */
    if (r->mr)
        speed_mr_write(stderr, MR_DTP, pk->bits, what[kind][op], name, r->pk_seconds);
    else
        doing = fprintf(stderr, "Doing %u bits %s %s's for %ds: ", pk->bits, what[kind][op],
                        name, r->pk_seconds);
    fflush(stderr);
    speed_progress_show(doing);
    start_alarm(r->pk_seconds);
    t0 = now(clock);
    w0 = now(TIME_WALL);
    c0 = speed_cycles_now(&r->clk);
    count = op == 0 ? speed_pk_sign(pk->key, &running) : speed_pk_verify(pk->key, &running);
    c1 = speed_cycles_now(&r->clk);
    t = now(clock) - t0;
    w = now(TIME_WALL) - w0;
    stop_alarm();
    speed_progress_spent(r->pk_seconds);
    if (interrupted && count >= 0) {   /* cut short: not a result */
        if (!r->mr)
            fputc('\n', stderr);
        return -1;
    }
    if (count < 0) {
        app_error("speed", "%s %u bits: %s failed while timed",
                  ffdh ? "FFDH" : ecdh ? "ECDH" : ecdsa ? "ECDSA" : eddsa ? "EdDSA" : dsa ? "DSA" : "RSA", pk->bits,
                  ffdh || ecdh ? "deriving" : op == 0 ? "signing" : "verification");
        return -1;
    }
    if (t < 1e-3)
        t = 1e-3;
    if (r->mr && eddsa)
        speed_mr_write(stderr, MR_R8 + op, count, pk->bits, name, t);
    else if (r->mr)
        speed_mr_write(stderr,
                       ffdh ? MR_R12 : ecdh ? MR_R7 : ecdsa ? MR_R5 + op : MR_R1 + 2 * dsa + op,
                       count, pk->bits, t);
    else if (eddsa)   /* OpenSSL 3.0's, the space before the newline included */
        fprintf(stderr, op == 0 ? "%lld %u bits %s signs in %.2fs \n"
                                : "%lld %u bits %s verify in %.2fs\n",
                count, pk->bits, name, t);
    else if (ffdh || ecdh)
        fprintf(stderr, "%lld %u-bits %s ops in %.2fs\n", count, pk->bits, ffdh ? "FFDH" : "ECDH",
                t);
    else if (!dsa && !ecdsa)
        fprintf(stderr, "%lld %u bits %s RSA's in %.2fs\n", count, pk->bits, what[0][op], t);
    else
        fprintf(stderr, "%lld %u bits %s %s in %.2fs\n", count, pk->bits, ecdsa ? "ECDSA" : "DSA",
                op == 0 ? "signs" : "verify", t);
    speed_add_sample(&pk->samples[op], (double)count / t,
                     count > 0 ? speed_cycles_spent(&r->clk, c1 - c0, t, w) / (double)count : 0);
    if (r->worker)
        speed_mr_write(stdout, MR_SP, pk->type, pk->index, pk->bits, op, (double)count / t);
    pk->results[op] = speed_median(pk->samples[op].v, pk->samples[op].n);
    /* libcrypto's sample, right after; cut short, the pair is not taken */
    if (r->compare_version != NULL &&
        speed_ossl_time_pk(r, pk, op, r->usertime ? TIME_USER : TIME_WALL) != 0)
        return -1;
    return count;
}

/* run_pk takes one pass (sample `pass`) over the public-key rows; as
 * OpenSSL does, a size whose signing ran at most once in the first pass
 * stops the larger sizes of its kind (not under -testmode, whose one
 * signing is no measure).  A row is done with its last pass. */
static void run_pk(speed_run *r, int pass)
{
    for (int i = 0; i < r->n_pk; i++) {
        pk_row *pk = &r->pk[i];
        /* this row's passes still planned */
        long later = (long)speed_pk_ops(pk->type) * r->pk_seconds * (r->repeat - 1 - pass);
        long long signs;

        if (pk->failed || pk->skipped)
            continue;
        if (interrupted)
            return;
        signs = time_pk_op(r, pk, 0);
        if (signs < 0 && interrupted)   /* cut short (a sample taken stands) */
            return;
        if (signs < 0) {
            /* verifying is not timed */
            speed_progress_spent(r->pk_seconds * (speed_pk_ops(pk->type) - 1) + later);
            pk->failed = 1;
            r->failed = 1;
            continue;
        }
        if (speed_pk_ops(pk->type) > 1 && time_pk_op(r, pk, 1) < 0) {
            if (interrupted)
                return;
            speed_progress_spent(later);
            pk->failed = 1;
            r->failed = 1;
            continue;
        }
        pk->done = pass == r->repeat - 1;
        for (int j = i + 1; pass == 0 && signs <= 1 && !r->testmode && j < r->n_pk; j++)
            if (r->pk[j].type == pk->type && !r->pk[j].skipped && !r->pk[j].failed) {
                r->pk[j].skipped = 1;
                speed_progress_spent((long)speed_pk_ops(pk->type) * r->pk_seconds * r->repeat);
            }
    }
}

long speed_planned_seconds(const speed_run *r)
{
    long total = 0;

    for (int i = 0; i < r->n_rows; i++)
        if (!r->rows[i].failed)
            total += (long)r->n_sizes * r->seconds * r->repeat + (r->slope ? r->seconds : 0);
    for (int i = 0; i < r->n_pk; i++)
        if (!r->pk[i].failed && !r->pk[i].skipped)
            total += (long)speed_pk_ops(r->pk[i].type) * r->pk_seconds * r->repeat;
    return r->compare_version != NULL ? 2 * total : total;   /* libcrypto's samples too */
}

/* run_pass takes one sample (pass `pass` of r->repeat) of every cell of
 * the rows, in the order given; a row is done when its last pass took a
 * sample of every cell (an interrupt after that does not undo it). */
static void run_pass(speed_run *r, const int *order, int pass)
{
    long later = (long)r->n_sizes * r->seconds * (r->repeat - 1 - pass);

    for (int i = 0; i < r->n_rows && !interrupted; i++) {
        speed_row *row = &r->rows[order[i]];
        int s, taken = 0;
        if (row->failed)
            continue;
        for (s = 0; s < r->n_sizes && !row->failed && !interrupted; s++) {
            taken += time_cell(r, row, s) == 0;
            speed_progress_spent(r->seconds);
        }
        if (row->failed)   /* the sizes and passes left are not timed */
            speed_progress_spent((long)(r->n_sizes - s) * r->seconds + later +
                                 (r->slope ? r->seconds : 0));
        else if (taken == r->n_sizes && pass == r->repeat - 1)
            row->done = 1;
    }
}

/* run_all times every row, in OpenSSL's timing order, -repeat times
 * round-robin (each pass a sample of every cell, so that a slow phase of
 * the machine spreads over all of them), then -slope's, then the
 * public-key rows the same way. */
void speed_run_all(speed_run *r)
{
    int order[MAX_ROWS];

    for (int i = 0; i < r->n_rows; i++) {
        int j = i;
        for (; j > 0 && timing_rank(r->rows[order[j - 1]].index) > timing_rank(r->rows[i].index); j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    if (r->every && !r->testmode && speed_progress_wanted(r->mr, r->multi))
        speed_progress_start(speed_planned_seconds(r));
    for (int pass = 0; pass < r->repeat && !interrupted; pass++)
        run_pass(r, order, pass);
    for (int i = 0; r->slope && i < r->n_rows && !interrupted; i++) {
        speed_row *row = &r->rows[order[i]];
        if (!row->failed) {
            time_slope(r, row);
            speed_progress_spent(r->seconds);
        }
    }
    for (int pass = 0; pass < r->repeat && !interrupted; pass++)
        run_pk(r, pass);
}
