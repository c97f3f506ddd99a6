/*
 * bench/bench_gcrypt.c - brisk against libgcrypt, cipher by cipher, through
 * the same loop: each row {brisk cipher name, libgcrypt algorithm and mode,
 * key size, direction} encrypts or decrypts a buffer (64 KiB by default)
 * again and again, re-keyed with a fresh IV per buffer as a disk sector
 * layer or `speed` would, and the two libraries take turns: each round
 * times brisk for a slice, then libgcrypt for the same number of buffers
 * (the order alternating from round to round), and the row prints both
 * throughputs (medians) and the median of the per-round ratios brisk /
 * libgcrypt.  Taking turns makes the ratio fair on a machine shared with
 * other work; the absolute MiB/s mean little there.  Both libraries run
 * their automatic implementation choice (brisk's is printed; libgcrypt
 * picks its own from the CPU's features).  A row whose cipher brisk's
 * registry lacks is skipped.
 *
 * Not a test; built with -DBRISK_BENCH=ON when libgcrypt is found:
 *
 *   build/bench/bench_gcrypt [seconds per row, default 1] [buffer bytes]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gcrypt.h>

#include <brisk/brisk.h>
#include "bench.h"

typedef struct row {
    const char *brisk;   /* registry name */
    const char *prim;    /* brisk primitive whose choice is printed */
    int algo, mode;      /* libgcrypt's */
    size_t key_len;      /* bytes, both halves for XTS */
    int encrypt;
} row;

static const row rows[] = {
    {"serpent-128-cbc", "serpent", GCRY_CIPHER_SERPENT128, GCRY_CIPHER_MODE_CBC, 16, 1},
    {"serpent-128-cbc", "serpent", GCRY_CIPHER_SERPENT128, GCRY_CIPHER_MODE_CBC, 16, 0},
    {"serpent-256-cbc", "serpent", GCRY_CIPHER_SERPENT256, GCRY_CIPHER_MODE_CBC, 32, 1},
    {"serpent-256-cbc", "serpent", GCRY_CIPHER_SERPENT256, GCRY_CIPHER_MODE_CBC, 32, 0},
    {"serpent-128-xts", "serpent", GCRY_CIPHER_SERPENT128, GCRY_CIPHER_MODE_XTS, 32, 1},
    {"serpent-128-xts", "serpent", GCRY_CIPHER_SERPENT128, GCRY_CIPHER_MODE_XTS, 32, 0},
    {"serpent-256-xts", "serpent", GCRY_CIPHER_SERPENT256, GCRY_CIPHER_MODE_XTS, 64, 1},
    {"serpent-256-xts", "serpent", GCRY_CIPHER_SERPENT256, GCRY_CIPHER_MODE_XTS, 64, 0},
    {"twofish-128-cbc", "twofish", GCRY_CIPHER_TWOFISH128, GCRY_CIPHER_MODE_CBC, 16, 1},
    {"twofish-128-cbc", "twofish", GCRY_CIPHER_TWOFISH128, GCRY_CIPHER_MODE_CBC, 16, 0},
    {"twofish-256-cbc", "twofish", GCRY_CIPHER_TWOFISH, GCRY_CIPHER_MODE_CBC, 32, 1},
    {"twofish-256-cbc", "twofish", GCRY_CIPHER_TWOFISH, GCRY_CIPHER_MODE_CBC, 32, 0},
    {"twofish-128-xts", "twofish", GCRY_CIPHER_TWOFISH128, GCRY_CIPHER_MODE_XTS, 32, 1},
    {"twofish-128-xts", "twofish", GCRY_CIPHER_TWOFISH128, GCRY_CIPHER_MODE_XTS, 32, 0},
    {"twofish-256-xts", "twofish", GCRY_CIPHER_TWOFISH, GCRY_CIPHER_MODE_XTS, 64, 1},
    {"twofish-256-xts", "twofish", GCRY_CIPHER_TWOFISH, GCRY_CIPHER_MODE_XTS, 64, 0},
};

enum { ROUNDS = 9 };

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof(*v), cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One side of a row: a keyed context of either library. */
typedef struct side {
    brisk_cipher_ctx ctx;
    gcry_cipher_hd_t hd;
    const brisk_cipher *c;
    int encrypt;
} side;

/* run_brisk processes count buffers in place, a new IV each. */
static void run_brisk(side *s, uint8_t *buf, size_t len, size_t count)
{
    uint8_t iv[16] = {0};
    for (size_t i = 0; i < count; i++) {
        size_t n = 0;
        iv[0] = (uint8_t)i;
        if (brisk_cipher_init(&s->ctx, s->c, s->encrypt, NULL, 0, iv, s->c->iv_len) != 0 ||
            brisk_cipher_set_padding(&s->ctx, 0) != 0 ||
            brisk_cipher_update(&s->ctx, buf, &n, buf, len) != 0 || n != len) {
            fprintf(stderr, "bench_gcrypt: brisk %s failed\n", s->c->name);
            exit(1);
        }
    }
}

static void run_gcrypt(side *s, uint8_t *buf, size_t len, size_t count)
{
    uint8_t iv[16] = {0};
    for (size_t i = 0; i < count; i++) {
        gcry_error_t e;
        iv[0] = (uint8_t)i;
        e = gcry_cipher_setiv(s->hd, iv, 16);
        if (!e)
            e = s->encrypt ? gcry_cipher_encrypt(s->hd, buf, len, NULL, 0)
                           : gcry_cipher_decrypt(s->hd, buf, len, NULL, 0);
        if (e) {
            fprintf(stderr, "bench_gcrypt: libgcrypt: %s\n", gcry_strerror(e));
            exit(1);
        }
    }
}

static void bench_row(const row *r, size_t len, double secs)
{
    side s = {0};
    uint8_t key[64];
    for (size_t i = 0; i < sizeof(key); i++)
        key[i] = (uint8_t)(i * 37 + 11);
    s.c = brisk_cipher_by_name(r->brisk);
    s.encrypt = r->encrypt;
    const char *dir = r->encrypt ? "enc" : "dec";
    if (s.c == NULL) {
        printf("%-16s %s  (not in brisk's registry yet)\n", r->brisk, dir);
        return;
    }
    if (brisk_cipher_init(&s.ctx, s.c, r->encrypt, key, r->key_len, key, s.c->iv_len) != 0 ||
        gcry_cipher_open(&s.hd, r->algo, r->mode, 0) ||
        gcry_cipher_setkey(s.hd, key, r->key_len)) {
        fprintf(stderr, "bench_gcrypt: cannot key %s\n", r->brisk);
        exit(1);
    }
    uint8_t *buf = aligned_alloc(64, len);
    if (buf == NULL)
        exit(1);
    memset(buf, 0x5a, len);

    /* Calibrate: buffers per slice so that a round of both takes secs /
     * ROUNDS. */
    size_t count = 1;
    for (;;) {
        double t = now();
        run_brisk(&s, buf, len, count);
        t = now() - t;
        if (t > secs / ROUNDS / 4 || count > (1u << 20))
            break;
        count *= 2;
    }
    double rb[ROUNDS], rg[ROUNDS], ratio[ROUNDS];
    for (int k = 0; k < ROUNDS; k++) {
        double tb, tg, t;
        if (k % 2 == 0) {
            t = now(); run_brisk(&s, buf, len, count); tb = now() - t;
            t = now(); run_gcrypt(&s, buf, len, count); tg = now() - t;
        } else {
            t = now(); run_gcrypt(&s, buf, len, count); tg = now() - t;
            t = now(); run_brisk(&s, buf, len, count); tb = now() - t;
        }
        double mib = (double)len * (double)count / (1024.0 * 1024.0);
        rb[k] = mib / tb;
        rg[k] = mib / tg;
        ratio[k] = tg / tb;
    }
    printf("%-16s %s  brisk %9.1f MiB/s (%s)  libgcrypt %9.1f MiB/s  ratio %.2f\n", r->brisk,
           dir, median(rb, ROUNDS), brisk_impl_active(r->prim), median(rg, ROUNDS),
           median(ratio, ROUNDS));
    fflush(stdout);
    free(buf);
    gcry_cipher_close(s.hd);
    brisk_cipher_cleanup(&s.ctx);
}

int main(int argc, char **argv)
{
    double secs = argc > 1 ? atof(argv[1]) : 1.0;
    size_t len = argc > 2 ? (size_t)strtoul(argv[2], NULL, 0) : 65536;
    if (secs <= 0 || len == 0 || len % 16 != 0) {
        fprintf(stderr, "usage: bench_gcrypt [seconds per row] [buffer bytes, a multiple of 16]\n");
        return 2;
    }
    if (!gcry_check_version(GCRYPT_VERSION)) {
        fprintf(stderr, "bench_gcrypt: libgcrypt version mismatch\n");
        return 1;
    }
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    printf("# brisk vs libgcrypt %s, %zu-byte buffers, ratio = brisk speed / libgcrypt speed\n",
           gcry_check_version(NULL), len);
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
        bench_row(&rows[i], len, secs);
    return 0;
}
