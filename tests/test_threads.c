/*
 * tests/test_threads.c - the library used from several threads at once.
 *
 * The library makes some state lazily, on first use, and shares it
 * between threads: the CPU features and every primitive's choice of
 * implementation (src/cpu), the NIST curves' constants and fixed-base
 * tables (src/ec/nist.c), Ed448's base-point tables (src/ec/ed448.c) and
 * the cache of DSA groups that passed the full check (src/pk/dsa_params.c).
 * Each round forks a fresh process in which THREADS threads, released
 * together by a barrier, are the first to touch all of it.  Each thread
 * runs the same work (every digest and cipher of the registry, HMAC,
 * ChaCha20-Poly1305, X25519, X448, Ed25519, Ed448, ECDSA and ECDH on the
 * three NIST curves, an RSA and a DSA key read and used, FFDH, Argon2 on
 * two lanes of its own threads) and hashes every output and return code
 * into a transcript.  In a second phase the threads share one RSA and one
 * DSA key, which brisk.h says they may through const pointers: RSA
 * verification, DSA signing and verification at once.  Every thread of
 * every round must end each phase with the transcript that the parent,
 * alone, computes afterwards, where every call must succeed (the answers
 * themselves are the other tests' work).
 *
 * CI builds it with ThreadSanitizer too (-DBRISK_TSAN=ON, the tsan
 * stage), which reports any data race among those threads; elsewhere a
 * race shows only where it changes an answer.
 *
 * Usage: test_threads [-rounds N]   (default 4, 2 with BRISK_TEST_QUICK)
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <brisk/brisk.h>

#include "vectors.h"

enum { THREADS = 4, MAX_ROUNDS = 64, MSG_LEN = 1000 };

/* Test keys, made by `openssl genpkey` for this test only. */
static const char rsa_pem[] =
    "-----BEGIN PRIVATE KEY-----\n"
    "MIICdwIBADANBgkqhkiG9w0BAQEFAASCAmEwggJdAgEAAoGBAMY0f7TvPTLTfsZb\n"
    "ARFM8FQpqZT0ZiGwhkhwQYQN67GNNWRahTF3OeO88H61+FHEqKXkhzZvNXgXuALu\n"
    "7jqSFc+YUnMDSOA/VxhnVBEEJxSCG2IfI3qsWcZBoQ3bmMEXZ4d6myzL/tHuh6or\n"
    "MjqiYmTDJxTtU0/vie1bsbD/chUzAgMBAAECgYAYoIdJpPw2p362CLKuQqAN5QtU\n"
    "HbXe878Lmx8Y2F3ztrbunCy2g7jmqiA7rkKHbmcCDc4bHmBHZrMPcj6ZenNJGv8j\n"
    "Yz8eqnS8/RO7SuZPYI/cDsub9+BV68GRAoO325u48VXZvCignrAN/ksOjgqnavZx\n"
    "Ku4C0hfdWIFdomCZqQJBAOqNoOslDPeJCUyA2lDBF/n7erczOsyzULGr6T756CpF\n"
    "kB4pdcCVS/kyr9T0JYGQzQwn3GXm2cVT5nNeeUL3wRcCQQDYVApTKiWpWC8NOJ8G\n"
    "F8qUqTSxCtqAimQ0pWxp62MmLKtXk+raq/2B3sfmOihVcH9cxjAnoFealJw6Apsu\n"
    "z4ZFAkEAradn8VBAFnCNwudPOySK5NiMVWCHcxB7eN+HU8ngWpOgDMSzWn7ufbRK\n"
    "PAb6Ub/sH8jPQ16z8oWYg+f5LVySxwJAXkurwHqTthBpWhL/RnGibVCgVjfL7NHm\n"
    "QgiFjFn9ewtnmKIyciUcOLr6WcGqCSwjaDY/kVZUOV5kBulR6YKuHQJBAM8YPINT\n"
    "80PT/SVCP6sqUFVrGcjHIK6mbVfCgBiN4Ug//2IEWTWmMDPw9N3iIteOf9Ae8t8d\n"
    "GhVO8OXELqyWsow=\n"
    "-----END PRIVATE KEY-----\n";

static const char dsa_pem[] =
    "-----BEGIN PRIVATE KEY-----\n"
    "MIICXAIBADCCAjUGByqGSM44BAEwggIoAoIBAQCZ5DKCdb+wAJknOUJnrXal0BmM\n"
    "+f709al0QS7zA5eVE+vplO0dQtv1KIY18mmUAFV0ryzpSGBaLwrTY1wiifw2TOV3\n"
    "QNThys6Nu7kJK0BHbJTfnZjTysixEyjIGmajCEMGDlGFqmBO81wSuhGbwJmVwhDg\n"
    "Y0s3tuVKpIDtL1d6DmoAiEcQnmqrC+kK991br74lFQ7/b4kiqXT32zqBRhyIGkXt\n"
    "A2q6EqSGt61BcM7Cud3wLTyGXh8HFVHf6dGPn1wjITPKyFoUKL8+yDXluTOkgFg2\n"
    "GsNTGHee1FPKIUklAgc9T/MLh8fLPXdvF9nXlbF1uhITRknnY2RTIxsnMcbVAh0A\n"
    "tjZA8VLZ9sTWyRb2dV0zJg+o3nCuIq480it+XwKCAQAjGdSZ+V2g6yxGw8EnQB/k\n"
    "Qx7rY3jRXu8iLpZm897AXAzoC9p8ZPIkPjv3nq9rHKOqlRCnNBG6yFb1plExwgwi\n"
    "2mZHLO0Rp8lKeYYZUsCx6wWhbZMG7unQiHWtgIhdJQtDAKXDfAQqvtJPhNFc8HHH\n"
    "RLH33ouV5aR0DNKm8TwClaVwzoGPEynbzq81LCofnGe8+kQXWWI6EbLSK1Ic8P3h\n"
    "ZxetZ8jJ8YprQWkXsR28VPAA2DoUjdIwIkGfAhpCXr8wAVN84XpNIJWM1T/616Ae\n"
    "ZQJpE4hcVFygpF8yxIB202n9Gzb6/vfq/KnhVJjE6l21XjvnbLQ1YbttEf8TC/v+\n"
    "BB4CHAg8A7V4ce71WRpE5qZYw7iYoh8CvZgCm0K6rVE=\n"
    "-----END PRIVATE KEY-----\n";

/* One thread's transcript, and the first call that did not return 0. */
typedef struct transcript {
    brisk_sha256_ctx h;
    const char *failed;
} transcript;

/* absorb adds a labelled output and its return code to the transcript. */
static void absorb(transcript *t, const char *label, int rc, const void *p, size_t len)
{
    uint8_t code[4] = {(uint8_t)rc, (uint8_t)(rc >> 8), (uint8_t)(rc >> 16), (uint8_t)(rc >> 24)};

    if (rc != 0 && t->failed == NULL)
        t->failed = label;
    brisk_sha256_update(&t->h, (const uint8_t *)label, strlen(label) + 1);
    brisk_sha256_update(&t->h, code, sizeof(code));
    if (len > 0)
        brisk_sha256_update(&t->h, p, len);
}

static void fill(uint8_t *p, size_t len, unsigned mul, unsigned add)
{
    for (size_t i = 0; i < len; i++)
        p[i] = (uint8_t)(i * mul + add);
}

static void digests(transcript *t, const uint8_t *msg)
{
    const brisk_digest *d;
    uint8_t out[BRISK_SHA512_LEN];   /* the longest */

    for (size_t i = 0; (d = brisk_digest_at(i)) != NULL; i++) {
        brisk_digest_oneshot(d, out, msg, MSG_LEN);
        absorb(t, d->name, 0, out, d->digest_len);
    }
    absorb(t, "hmac-sha256", brisk_hmac(&brisk_digest_sha256, out, msg, 20, msg, MSG_LEN), out,
           BRISK_SHA256_LEN);
}

/* ciphers encrypts msg with every cipher of the registry (keys and IVs of
 * a fixed pattern; XTS's halves differ), with a tag where there is one. */
static void ciphers(transcript *t, const uint8_t *msg)
{
    const brisk_cipher *c;
    uint8_t key[64], iv[16], out[MSG_LEN + 32], tag[16];

    fill(key, sizeof(key), 13, 5);
    fill(iv, sizeof(iv), 3, 1);
    for (size_t i = 0; (c = brisk_cipher_at(i)) != NULL; i++) {
        /* the type is 64-byte aligned, which malloc does not promise */
        brisk_cipher_ctx *ctx = aligned_alloc(_Alignof(brisk_cipher_ctx), sizeof(*ctx));
        size_t n = 0, m = 0;
        int rc;

        if (ctx == NULL) {
            absorb(t, "malloc", -1, NULL, 0);
            return;
        }
        rc = brisk_cipher_init(ctx, c, 1, key, c->key_len, iv, c->iv_len);
        if (rc == 0 && (c->flags & BRISK_CIPHER_AEAD))
            rc = brisk_cipher_aad(ctx, msg, 13);
        if (rc == 0)
            rc = brisk_cipher_update(ctx, out, &n, msg, MSG_LEN);
        if (rc == 0)
            rc = brisk_cipher_final(ctx, out + n, &m);
        absorb(t, c->name, rc, out, rc == 0 ? n + m : 0);
        if (rc == 0 && (c->flags & BRISK_CIPHER_AEAD)) {
            rc = brisk_cipher_get_tag(ctx, tag, sizeof(tag));
            absorb(t, "tag", rc, tag, sizeof(tag));
        }
        brisk_cipher_cleanup(ctx);
        free(ctx);
    }
    absorb(t, "chacha20-poly1305",
           brisk_chacha20_poly1305_encrypt(out, tag, msg, MSG_LEN, msg, 7, key, iv), out,
           MSG_LEN);
    absorb(t, "poly1305 tag", 0, tag, sizeof(tag));
}

static void curves(transcript *t, const uint8_t *msg)
{
    uint8_t priv[BRISK_EC_MAX_BYTES], pub[BRISK_EC_MAX_POINT], sig[BRISK_EC_MAX_SIG_LEN];
    uint8_t secret[BRISK_EC_MAX_BYTES], dgst[BRISK_SHA512_LEN], s448[114], k448[57], p448[57];
    static const brisk_ec_curve nist[] = {BRISK_EC_P256, BRISK_EC_P384, BRISK_EC_P521};

    brisk_sha512(dgst, msg, MSG_LEN);
    for (size_t i = 0; i < sizeof(nist) / sizeof(nist[0]); i++) {
        size_t len = brisk_ec_bytes(nist[i]), sig_len = sizeof(sig), pub_len = 1 + 2 * len;
        int rc;

        fill(priv, len, 29, 17);
        priv[0] = nist[i] == BRISK_EC_P521 ? 1 : 0x7f;   /* below n */
        rc = brisk_ec_public(nist[i], pub, priv);
        absorb(t, "ec public", rc, pub, pub_len);
        rc = brisk_ecdsa_sign_deterministic(nist[i], priv, sig, &sig_len, &brisk_digest_sha512,
                                            dgst, BRISK_SHA512_LEN);
        absorb(t, "ecdsa sign", rc, sig, rc == 0 ? sig_len : 0);
        absorb(t, "ecdsa verify",
               brisk_ecdsa_verify(nist[i], pub, pub_len, sig, sig_len, dgst, BRISK_SHA512_LEN),
               NULL, 0);
        rc = brisk_ecdh(nist[i], secret, priv, pub, pub_len);
        absorb(t, "ecdh", rc, secret, len);
    }
    fill(priv, 32, 7, 9);
    absorb(t, "x25519", brisk_x25519_public(pub, priv), pub, 32);
    absorb(t, "ed25519 public", brisk_ed25519_public(pub, priv), pub, 32);
    absorb(t, "ed25519 sign", brisk_ed25519_sign(sig, msg, MSG_LEN, priv, pub), sig, 64);
    absorb(t, "ed25519 verify", brisk_ed25519_verify(sig, msg, MSG_LEN, pub), NULL, 0);
    fill(k448, sizeof(k448), 11, 3);
    absorb(t, "x448", brisk_x448_public(p448, k448), p448, 56);
    absorb(t, "ed448 public", brisk_ed448_public(p448, k448), p448, 57);
    absorb(t, "ed448 sign", brisk_ed448_sign(s448, msg, MSG_LEN, NULL, 0, k448, p448), s448,
           sizeof(s448));
    absorb(t, "ed448 verify", brisk_ed448_verify(s448, msg, MSG_LEN, NULL, 0, p448), NULL, 0);
}

/* keys reads the RSA and DSA keys (the DSA group goes through the full
 * check and its cache) and signs with both; then FFDH and Argon2. */
static void keys(transcript *t, const uint8_t *msg)
{
    brisk_pkey key;
    uint8_t dgst[BRISK_SHA256_LEN], sig[512], pub[256], out[256], priv[32];
    size_t sig_len = sizeof(sig);
    brisk_dh_key dh;
    const brisk_dh_group *g = brisk_dh_group_by_name("ffdhe2048");
    int rc;

    brisk_sha256(dgst, msg, MSG_LEN);
    rc = brisk_pkey_from_pem(&key, rsa_pem, sizeof(rsa_pem) - 1);
    absorb(t, "rsa key", rc, NULL, 0);
    if (rc == 0) {
        rc = brisk_rsa_sign_pkcs1(&key.u.rsa, sig, brisk_rsa_size(&key.u.rsa),
                                  &brisk_digest_sha256, dgst, sizeof(dgst));
        absorb(t, "rsa sign", rc, sig, brisk_rsa_size(&key.u.rsa));
        absorb(t, "rsa verify",
               brisk_rsa_verify_pkcs1(&key.u.rsa, sig, brisk_rsa_size(&key.u.rsa),
                                      &brisk_digest_sha256, dgst, sizeof(dgst)),
               NULL, 0);
        brisk_pkey_cleanup(&key);
    }
    rc = brisk_pkey_from_pem(&key, dsa_pem, sizeof(dsa_pem) - 1);
    absorb(t, "dsa key", rc, NULL, 0);
    if (rc == 0) {
        rc = brisk_dsa_sign_deterministic(&key.u.dsa, sig, &sig_len, &brisk_digest_sha256, dgst,
                                          sizeof(dgst));
        absorb(t, "dsa sign", rc, sig, rc == 0 ? sig_len : 0);
        absorb(t, "dsa verify",
               brisk_dsa_verify(&key.u.dsa, sig, sig_len, dgst, sizeof(dgst)),
               NULL, 0);
        brisk_pkey_cleanup(&key);
    }
    fill(priv, sizeof(priv), 37, 41);
    rc = g == NULL ? -1 : brisk_dh_key_set(&dh, g, NULL, 0, priv, sizeof(priv));
    absorb(t, "dh key", rc, NULL, 0);
    if (rc == 0) {
        rc = brisk_dh_public(pub, sizeof(pub), &dh);
        if (rc == 0)
            rc = brisk_dh_derive(out, sizeof(out), &dh, pub, sizeof(pub));
        absorb(t, "dh derive", rc, out, sizeof(out));
        brisk_dh_key_cleanup(&dh);
    }
    brisk_argon2_params ap = {BRISK_ARGON2ID, 1, 64, 2, 2, NULL, 0, NULL, 0};
    absorb(t, "argon2id", brisk_argon2(&ap, out, 32, msg, 16, msg + 16, 16), out, 32);
}

/* run_all runs the work and writes its transcript's hash to out; returns
 * the label of the first call that failed, or NULL. */
static const char *run_all(uint8_t out[BRISK_SHA256_LEN])
{
    uint8_t msg[MSG_LEN];
    transcript t = {.failed = NULL};

    fill(msg, sizeof(msg), 31, 7);
    brisk_sha256_init(&t.h);
    digests(&t, msg);
    ciphers(&t, msg);
    curves(&t, msg);
    keys(&t, msg);
    brisk_sha256_final(&t.h, out);
    return t.failed;
}

/* Phase two: keys one thread read, which every thread then uses through
 * const pointers at once (RSA verification, DSA signing and verification
 * over the DSA key's precomputed powers). */
typedef struct shared_keys {
    brisk_pkey rsa, dsa;
    uint8_t rsa_sig[256];
} shared_keys;

/* shared_open reads the two keys and makes the RSA signature the threads
 * verify; 0, or -1 (nothing to free). */
static int shared_open(shared_keys *sk)
{
    uint8_t msg[MSG_LEN], dgst[BRISK_SHA256_LEN];

    fill(msg, sizeof(msg), 31, 7);
    brisk_sha256(dgst, msg, MSG_LEN);
    if (brisk_pkey_from_pem(&sk->rsa, rsa_pem, sizeof(rsa_pem) - 1) != 0)
        return -1;
    if (brisk_pkey_from_pem(&sk->dsa, dsa_pem, sizeof(dsa_pem) - 1) != 0) {
        brisk_pkey_cleanup(&sk->rsa);
        return -1;
    }
    if (brisk_rsa_sign_pkcs1(&sk->rsa.u.rsa, sk->rsa_sig, brisk_rsa_size(&sk->rsa.u.rsa),
                             &brisk_digest_sha256, dgst, sizeof(dgst)) != 0) {
        brisk_pkey_cleanup(&sk->rsa);
        brisk_pkey_cleanup(&sk->dsa);
        return -1;
    }
    return 0;
}

static void shared_close(shared_keys *sk)
{
    brisk_pkey_cleanup(&sk->rsa);
    brisk_pkey_cleanup(&sk->dsa);
}

/* run_shared uses the shared keys (const) and writes its transcript's
 * hash to out; the label of the first call that failed, or NULL. */
static const char *run_shared(uint8_t out[BRISK_SHA256_LEN], const shared_keys *sk)
{
    const brisk_rsa_key *rsa = &sk->rsa.u.rsa;
    const brisk_dsa_key *dsa = &sk->dsa.u.dsa;
    uint8_t msg[MSG_LEN], dgst[BRISK_SHA256_LEN], sig[128];
    transcript t = {.failed = NULL};

    fill(msg, sizeof(msg), 31, 7);
    brisk_sha256_init(&t.h);
    for (int i = 0; i < 8; i++) {
        size_t sig_len = sizeof(sig);
        int rc;

        brisk_sha256(dgst, msg, MSG_LEN);
        absorb(&t, "shared rsa verify",
               brisk_rsa_verify_pkcs1(rsa, sk->rsa_sig, brisk_rsa_size(rsa), &brisk_digest_sha256,
                                      dgst, sizeof(dgst)),
               NULL, 0);
        msg[0] = (uint8_t)i;   /* a new message for DSA each time */
        brisk_sha256(dgst, msg, MSG_LEN);
        rc = brisk_dsa_sign_deterministic(dsa, sig, &sig_len, &brisk_digest_sha256, dgst,
                                          sizeof(dgst));
        absorb(&t, "shared dsa sign", rc, sig, rc == 0 ? sig_len : 0);
        absorb(&t, "shared dsa verify", brisk_dsa_verify(dsa, sig, sig_len, dgst, sizeof(dgst)),
               NULL, 0);
        msg[0] = 7;
    }
    brisk_sha256_final(&t.h, out);
    return t.failed;
}

static pthread_barrier_t start;
static shared_keys keys_of_round;

static void *worker_first(void *arg)
{
    pthread_barrier_wait(&start);
    run_all(arg);
    return NULL;
}

static void *worker_shared(void *arg)
{
    pthread_barrier_wait(&start);
    run_shared(arg, &keys_of_round);
    return NULL;
}

/* threads_run runs THREADS threads of fn, each on its own out, released
 * together; 1 when all ran. */
static int threads_run(void *(*fn)(void *), uint8_t out[THREADS][BRISK_SHA256_LEN])
{
    pthread_t tid[THREADS];
    int n = 0;

    if (pthread_barrier_init(&start, NULL, THREADS) != 0)
        return 0;
    while (n < THREADS && pthread_create(&tid[n], NULL, fn, out[n]) == 0)
        n++;
    if (n < THREADS) {   /* the barrier would never open: give up */
        fprintf(stderr, "test_threads: pthread_create: %s\n", strerror(errno));
        _exit(1);
    }
    for (int i = 0; i < n; i++)
        pthread_join(tid[i], NULL);
    pthread_barrier_destroy(&start);
    return 1;
}

/* Per thread, the hashes of its two phases. */
typedef uint8_t round_out[2][THREADS][BRISK_SHA256_LEN];

/* round_in_child runs both phases in a fresh child process and reads the
 * transcripts; 0, or -1 after a message. */
static int round_in_child(round_out *got)
{
    int fd[2], status;
    pid_t pid;

    if (pipe(fd) != 0 || (pid = fork()) < 0) {
        tv_fail("pipe or fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        round_out out;
        int ok;

        close(fd[0]);
        ok = threads_run(worker_first, out[0]) && shared_open(&keys_of_round) == 0;
        ok = ok && threads_run(worker_shared, out[1]);
        _exit(ok && write(fd[1], out, sizeof(out)) == (ssize_t)sizeof(out) ? 0 : 1);
    }
    close(fd[1]);
    size_t have = 0;
    while (have < sizeof(*got)) {
        ssize_t n = read(fd[0], (uint8_t *)got + have, sizeof(*got) - have);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        have += (size_t)n;
    }
    close(fd[0]);
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
        have != sizeof(*got)) {
        tv_fail("the round's process failed (status %d, %zu bytes)", status, have);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static round_out got[MAX_ROUNDS];
    int ok[MAX_ROUNDS];
    uint8_t want[2][BRISK_SHA256_LEN];
    int rounds = tv_quick() ? 2 : 4;
    const char *failed;

    tv_begin("test_threads");
    if (argc == 3 && strcmp(argv[1], "-rounds") == 0)
        rounds = atoi(argv[2]);
    if (rounds < 1 || rounds > MAX_ROUNDS || (argc != 1 && argc != 3)) {
        fprintf(stderr, "usage: test_threads [-rounds 1..%d]\n", MAX_ROUNDS);
        return 2;
    }
    /* The children first: the parent must not have touched the library. */
    for (int r = 0; r < rounds; r++)
        ok[r] = round_in_child(&got[r]) == 0;
    failed = run_all(want[0]);
    tv_check(failed == NULL, "every call succeeds alone (%s failed)", failed ? failed : "none");
    if (!tv_check(shared_open(&keys_of_round) == 0, "the shared keys open"))
        return tv_end();
    failed = run_shared(want[1], &keys_of_round);
    tv_check(failed == NULL, "every call on the shared keys succeeds alone (%s failed)",
             failed ? failed : "none");
    shared_close(&keys_of_round);
    for (int r = 0; r < rounds; r++)
        for (int ph = 0; ph < 2 && ok[r]; ph++)
            for (int i = 0; i < THREADS; i++)
                tv_check_mem(got[r][ph][i], want[ph], sizeof(want[ph]),
                             "round %d, %s, thread %d", r,
                             ph ? "shared keys" : "first use", i);
    return tv_end();
}
