/*
 * apps/speed.c - `brisk speed`, a benchmark whose options and output follow
 * OpenSSL 3.0's `openssl speed` so that scripts written for it work as they
 * are: the same algorithm names and indices in "+F:" lines, the same row
 * labels and order, progress lines on stderr (in OpenSSL's timing order),
 * the 1000s-of-bytes table or the -mr grammar on stdout, and -multi through
 * forked -mr workers.
 *
 * This file holds the options and the choice of rows; the timing is in
 * apps/speed_time.c, the output and the -mr records in apps/speed_out.c,
 * -multi in apps/speed_multi.c, public-key keys and loops in
 * apps/speed_pk.c, -compare openssl (libcrypto's samples beside brisk's)
 * in apps/speed_ossl.c, and what they share in apps/speed.h.
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
 * "ghash" times GHASH alone (AAD into one AES-128-GCM context keyed once,
 * as OpenSSL 3.0 times GMAC updates) and "rand" brisk_random_bytes (as
 * RAND_bytes), at the same sizes, indices 26 and 27.  rand divides by user
 * and system CPU time: brisk's generator is the kernel's, OpenSSL's works in
 * user space.
 *
 * Public key (rsa512 ... rsa4096, dsa512 ... dsa2048; "rsa" and "dsa" for
 * every size; all of them when no algorithm is named): a row per key size,
 * timed after the digests and ciphers for 10 seconds (or -seconds) per
 * operation, signing then verifying, and printed as OpenSSL 3.0 prints
 * them: "rsa 2048 bits 0.000243s 0.000016s   4109.0  61807.1" under a
 * "sign    verify    sign/s verify/s" header, "+F2:" (RSA) and "+F3:"
 * (DSA) lines with -mr, "+DTP:" and "+R1:" ... "+R4:" progress lines.
 * ecdsap256, ecdsap384, ecdsap521 ("ecdsa"): ECDSA signatures of 20 bytes
 * and their verification, as OpenSSL 3.0's ECDSA loops, under its
 * "sign    verify    sign/s verify/s" header indented by 30, as
 * " 256 bits ecdsa (nistp256) ...", "+F4:" and "+R5:"/"+R6:" with -mr.
 * ecdhp256, ecdhp384, ecdhp521, ecdhx25519 and ecdhx448 ("ecdh"):
 * derives, one per operation as OpenSSL 3.0's ECDH loop, under its
 * "op      op/s" header, "+F5:" and "+R7:" with -mr.
 * ed25519 and ed448 ("eddsa"): signing and verifying of the 20-byte
 * message, as OpenSSL 3.0's EdDSA loops, under its "sign    verify
 * sign/s verify/s" header as " 253 bits EdDSA (Ed25519) ...", "+F6:" and
 * "+R8:"/"+R9:" with -mr.
 * With no algorithm, every public-key row is timed, after the others.
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
 * -testmode (OpenSSL 3.2's) keeps the checks and runs one operation per
 * loop (SPEED_GO in apps/apps.h) instead of timing it.
 *
 * Beyond OpenSSL (issue 30): -repeat N takes N samples of every cell,
 * round-robin over the run's cells, and prints their medians; -stats adds
 * min, median, max and spread per cell; -cycles (or -mhz N) cycles per
 * byte and per operation (apps/speed_clock.c); -slope bench-slope's cost
 * per call and per byte.  Before timing, the CPU share the process gets is
 * measured and a low one warned of.  None of these changes the default
 * output, and -mr stays OpenSSL's format.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <brisk/cipher.h>
#include <brisk/digest.h>

#include "speed.h"

#define MAX_SECONDS 86400
#define MAX_BYTES (64L * 1024 * 1024)
#define MAX_MISALIGN 63
#define INDEX_HMAC 9   /* OpenSSL 3.0's D_HMAC */
#define INDEX_EVP 25   /* OpenSSL 3.0's D_EVP */

static const int default_sizes[MAX_SIZES] = {16, 64, 256, 1024, 8192, 16384};
/* OpenSSL 3.0's aead_lengths_list, the sizes -aead times by default. */
static const int aead_sizes[MAX_SIZES] = {2, 31, 136, 1024, 8192, 16384};

/* OpenSSL 3.0's key32 (its des keys are the first 8 and 24 bytes of it). */
static const uint8_t openssl_key[32] = {
    0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x34, 0x56, 0x78,
    0x9a, 0xbc, 0xde, 0xf0, 0x12, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0,
    0x12, 0x34, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x12, 0x34, 0x56,
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
/* The public-key names openssl speed 3.0 accepts that brisk has, with
 * OpenSSL's indices; "rsa", "dsa", "ecdsa", "ecdh", "eddsa" and "ffdh" select every
 * size. */
static const struct pk_alg {
    const char *name;
    int type, index;
    unsigned bits;
} pk_algs[] = {
    {"rsa512", SPEED_PK_RSA, 0, 512}, {"rsa1024", SPEED_PK_RSA, 1, 1024},
    {"rsa2048", SPEED_PK_RSA, 2, 2048}, {"rsa3072", SPEED_PK_RSA, 3, 3072},
    {"rsa4096", SPEED_PK_RSA, 4, 4096}, {"dsa512", SPEED_PK_DSA, 0, 512},
    {"dsa1024", SPEED_PK_DSA, 1, 1024}, {"dsa2048", SPEED_PK_DSA, 2, 2048},
    /* OpenSSL 3.0's R_EC_P256, R_EC_P384, R_EC_P521, R_EC_X25519, R_EC_X448;
     * then R_EC_Ed25519 and R_EC_Ed448 of its EdDSA table */
    {"ecdsap256", SPEED_PK_ECDSA, 3, 256}, {"ecdsap384", SPEED_PK_ECDSA, 4, 384},
    {"ecdsap521", SPEED_PK_ECDSA, 5, 521},
    {"ecdhp256", SPEED_PK_ECDH, 3, 256}, {"ecdhp384", SPEED_PK_ECDH, 4, 384},
    {"ecdhp521", SPEED_PK_ECDH, 5, 521},
    {"ecdhx25519", SPEED_PK_ECDH, 22, 253}, {"ecdhx448", SPEED_PK_ECDH, 23, 448},
    {"ed25519", SPEED_PK_EDDSA, 0, 253}, {"ed448", SPEED_PK_EDDSA, 1, 456},
    {"ffdh2048", SPEED_PK_FFDH, 0, 2048}, {"ffdh3072", SPEED_PK_FFDH, 1, 3072},
    {"ffdh4096", SPEED_PK_FFDH, 2, 4096}, {"ffdh6144", SPEED_PK_FFDH, 3, 6144},
    {"ffdh8192", SPEED_PK_FFDH, 4, 8192},
};
#define N_PK_ALGS (sizeof(pk_algs) / sizeof(pk_algs[0]))
_Static_assert(N_PK_ALGS == N_PK_SIZES, "speed_run has a row for each size");


/* OpenSSL 3.0's names (its doit_choices and the group names "des", "aes"
 * and "sha"), indices and row labels.  The cipher rows run on the CBC
 * ciphers of the same names, and "des-ede3" on des-ede3-cbc, as OpenSSL's;
 * "ghash" on aes-128-gcm's GHASH and "rand" on the random generator, which
 * needs nothing from the registries. */
static const speed_alg speed_algs[] = {
    {"md2", 0, "md2", "md2", NULL, &speed_digest_kind},
    {"mdc2", 1, "mdc2", "mdc2", NULL, &speed_digest_kind},
    {"md4", 2, "md4", "md4", NULL, &speed_digest_kind},
    {"md5", 3, "md5", "md5", NULL, &speed_digest_kind},
    {"sha1", 4, "sha1", "sha1", NULL, &speed_digest_kind},
    {"rmd160", 5, "rmd160", "rmd160", NULL, &speed_digest_kind},
    {"ripemd160", 5, "rmd160", "rmd160", NULL, &speed_digest_kind},
    {"ripemd", 5, "rmd160", "rmd160", NULL, &speed_digest_kind},
    {"sha256", 6, "sha256", "sha256", NULL, &speed_digest_kind},
    {"sha512", 7, "sha512", "sha512", NULL, &speed_digest_kind},
    {"sha", 4, "sha1", "sha1", NULL, &speed_digest_kind},
    {"sha", 6, "sha256", "sha256", NULL, &speed_digest_kind},
    {"sha", 7, "sha512", "sha512", NULL, &speed_digest_kind},
    {"hmac", INDEX_HMAC, "hmac(md5)", "md5", NULL, &speed_hmac_kind},
    {"des-cbc", 10, "des-cbc", NULL, "des-cbc", &speed_cipher_kind},
    {"des-ede3", 11, "des-ede3", NULL, "des-ede3-cbc", &speed_cipher_kind},
    {"des", 10, "des-cbc", NULL, "des-cbc", &speed_cipher_kind},
    {"des", 11, "des-ede3", NULL, "des-ede3-cbc", &speed_cipher_kind},
    {"rc4", 12, "rc4", NULL, "rc4", &speed_cipher_kind},
    {"idea-cbc", 13, "idea-cbc", NULL, "idea-cbc", &speed_cipher_kind},
    {"idea", 13, "idea-cbc", NULL, "idea-cbc", &speed_cipher_kind},
    {"rc2-cbc", 15, "rc2-cbc", NULL, "rc2-cbc", &speed_cipher_kind},
    {"rc2", 15, "rc2-cbc", NULL, "rc2-cbc", &speed_cipher_kind},
    {"rc5-cbc", 16, "rc5-cbc", NULL, "rc5-cbc", &speed_cipher_kind},
    {"rc5", 16, "rc5-cbc", NULL, "rc5-cbc", &speed_cipher_kind},
    {"bf-cbc", 17, "blowfish", NULL, "bf-cbc", &speed_cipher_kind},
    {"blowfish", 17, "blowfish", NULL, "bf-cbc", &speed_cipher_kind},
    {"bf", 17, "blowfish", NULL, "bf-cbc", &speed_cipher_kind},
    {"cast-cbc", 18, "cast-cbc", NULL, "cast5-cbc", &speed_cipher_kind},
    {"cast", 18, "cast-cbc", NULL, "cast5-cbc", &speed_cipher_kind},
    {"cast5", 18, "cast-cbc", NULL, "cast5-cbc", &speed_cipher_kind},
    {"aes-128-cbc", 19, "aes-128-cbc", NULL, "aes-128-cbc", &speed_cipher_kind},
    {"aes-192-cbc", 20, "aes-192-cbc", NULL, "aes-192-cbc", &speed_cipher_kind},
    {"aes-256-cbc", 21, "aes-256-cbc", NULL, "aes-256-cbc", &speed_cipher_kind},
    {"aes", 19, "aes-128-cbc", NULL, "aes-128-cbc", &speed_cipher_kind},
    {"aes", 20, "aes-192-cbc", NULL, "aes-192-cbc", &speed_cipher_kind},
    {"aes", 21, "aes-256-cbc", NULL, "aes-256-cbc", &speed_cipher_kind},
    {"ghash", 26, "ghash", NULL, "aes-128-gcm", &speed_ghash_kind},
    {"rand", 27, "rand", NULL, NULL, &speed_rand_kind},
};
#define N_ALGS (sizeof(speed_algs) / sizeof(speed_algs[0]))
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
    if (a->digest != NULL)
        return brisk_digest_by_name(a->digest) != NULL;
    return a->cipher == NULL || brisk_cipher_by_name(a->cipher) != NULL;
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
                  (strcmp(name, "dsa") == 0 && pk_algs[i].type == SPEED_PK_DSA) ||
                  (strcmp(name, "ecdsa") == 0 && pk_algs[i].type == SPEED_PK_ECDSA) ||
                  (strcmp(name, "ecdh") == 0 && pk_algs[i].type == SPEED_PK_ECDH) ||
                  (strcmp(name, "eddsa") == 0 && pk_algs[i].type == SPEED_PK_EDDSA) ||
                  (strcmp(name, "ffdh") == 0 && pk_algs[i].type == SPEED_PK_FFDH);
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
 * every public-key row (RSA, DSA, ECDSA, ECDH, EdDSA and FFDH, as openssl
 * speed 3.0 times them after the ciphers). */
static int add_default_rows(speed_run *r)
{
    const brisk_digest *md;

    for (size_t i = 0; i < N_ALGS; i++)
        if (alg_present(&speed_algs[i]) && add_alg(r, &speed_algs[i]) != 0)
            return -1;
    for (size_t i = 0; i < N_PK_ALGS; i++)   /* every one, as openssl speed does */
        add_pk(r, i);
    for (size_t i = 0; (md = brisk_digest_at(i)) != NULL; i++) {
        int named = 0;
        for (size_t k = 0; k < N_ALGS; k++)
            if (speed_algs[k].kind == &speed_digest_kind &&
                brisk_digest_by_name(speed_algs[k].digest) == md)
                named = 1;
        if (!named && add_row(r, INDEX_EVP, md->name, md, NULL, &speed_digest_kind) != 0)
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
       OPT_EVP, OPT_HMAC, OPT_DECRYPT, OPT_AEAD, OPT_PROVIDER, OPT_REPEAT, OPT_STATS,
       OPT_CYCLES, OPT_MHZ, OPT_SLOPE, OPT_JSON, OPT_SAVE, OPT_BASELINE, OPT_FAIL_BELOW,
       OPT_COMPARE, OPT_TESTMODE };

const app_option speed_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"seconds", OPT_SECONDS, ARG_NUMBER, 1, MAX_SECONDS, "N",
     "Run each benchmark for N seconds (default 3; 10 for public key)"},
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
    {"repeat", OPT_REPEAT, ARG_NUMBER, 1, MAX_REPEAT, "N",
     "Take N samples of each cell, round-robin, and print their median"},
    {"stats", OPT_STATS, ARG_NONE, 0, 0, NULL,
     "Add min, median, max and spread per cell, marking spreads over 5%"},
    {"cycles", OPT_CYCLES, ARG_NONE, 0, 0, NULL,
     "Add cycles per byte (per operation for public key)"},
    {"mhz", OPT_MHZ, ARG_NUMBER, 1, MAX_MHZ, "N",
     "Count cycles as seconds x N MHz (implies -cycles)"},
    {"slope", OPT_SLOPE, ARG_NONE, 0, 0, NULL,
     "Fit time against length at 16 sizes: cost per call and per byte"},
    {"json", OPT_JSON, ARG_STRING, 0, 0, "FILE",
     "Also write the run as JSON to FILE (-: to stdout, not the table)"},
    {"save", OPT_SAVE, ARG_STRING, 0, 0, "FILE", "Save the results as JSON in FILE, for -baseline"},
    {"baseline", OPT_BASELINE, ARG_STRING, 0, 0, "FILE",
     "Compare each cell with the run saved in FILE (-save or -json; -: stdin)"},
    {"fail-below", OPT_FAIL_BELOW, ARG_STRING, 0, 0, "R",
     "Exit with status 1 if a cell is below R (0 < R <= 1) times its baseline"},
    {"compare", OPT_COMPARE, ARG_STRING, 0, 0, "openssl",
     "Time each cell with the system's libcrypto too, alternating, and print the ratios"},
    {"testmode", OPT_TESTMODE, ARG_NONE, 0, 0, NULL,
     "Run each algorithm once instead of timing it (its figures mean nothing)"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

/* set_defaults clears r and gives it openssl speed's defaults: 3 s per
 * cell, 10 s per public-key operation, user CPU time, the six sizes. */
static void set_defaults(speed_run *r)
{
    memset(r, 0, sizeof(*r));
    r->seconds = 3;
    r->pk_seconds = 10;
    r->usertime = 1;
    r->repeat = 1;
    r->cpu_share = -1;
    r->doc.prog = "speed";
    memcpy(r->sizes, default_sizes, sizeof(default_sizes));
    r->n_sizes = MAX_SIZES;
}

/* print_full_run says what `brisk speed` with no algorithm times and how
 * long that takes at the default sizes and seconds: the rows this build
 * has, counted as add_default_rows chooses them (the self-checks and RSA
 * key generation add about a second).  `make speed` prints this line. */
static void print_full_run(int repeat)
{
    speed_run *r = NULL;
    long secs;
    int ops = 0;

    if (posix_memalign((void **)&r, 64, sizeof(*r)) != 0)
        return;
    set_defaults(r);
    r->repeat = repeat;
    if (add_default_rows(r) == 0) {
        secs = speed_planned_seconds(r);
        for (int i = 0; i < r->n_pk; i++)
            ops += speed_pk_ops(r->pk[i].type);
        if (repeat > 1)
            printf("With no algorithm and -repeat %d, times every one (%d rows x %d sizes x"
                   " %d s, then %d public-key rows, %d operations x %d s, each %d"
                   " times): about %ld minutes.\n", repeat, r->n_rows, r->n_sizes, r->seconds,
                   r->n_pk, ops, r->pk_seconds, repeat, (secs + 59) / 60);
        else
            printf("With no algorithm, times every one (%d rows x %d sizes x %d s, then %d"
                   " public-key rows, %d operations x %d s): about %ld minutes.\n",
                   r->n_rows, r->n_sizes, r->seconds, r->n_pk, ops, r->pk_seconds,
                   (secs + 59) / 60);
    }
    free(r);
}

static void usage(int repeat)
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
    for (size_t i = 0; i < N_PK_ALGS; i++) {
        int next = i + 1 < N_PK_ALGS ? pk_algs[i + 1].type : 0;
        printf(" %s", pk_algs[i].name);
        if (next != 0 && next != pk_algs[i].type)   /* the group name of the next kind */
            printf(" %s", speed_pk_name(next));
    }
    printf("\nCiphers for -evp:");
    for (size_t i = 0; (c = brisk_cipher_at(i)) != NULL; i++)
        printf(" %s", c->name);
    printf("\nDigests for -evp and -hmac:");
    for (size_t i = 0; (md = brisk_digest_at(i)) != NULL; i++)
        printf(" %s", md->name);
    printf("\n");
    print_full_run(repeat);
    printf("On a terminal, a line shows the time left of a full run.  Ctrl-C prints the\n"
           "rows finished (with -repeat, those with all their samples), then ends by\n"
           "SIGINT.  -slope adds -seconds per row; -cycles and the CPU-share check\n"
           "add a fraction of a second.\n");
}

/* The choices of -evp, -hmac, -decrypt, -aead and -compare. */
typedef struct speed_sel {
    const brisk_digest *evp_md, *hmac;
    const brisk_cipher *evp_cipher;
    int decrypt, aead, compare;
} speed_sel;

/* evp_label writes OpenSSL 3's canonical name of c, as its
 * EVP_CIPHER_get0_name gives it: the upper-case name ("AES-128-CBC"), with
 * "-ECB" for an ECB cipher named without it ("des-ede3": "DES-EDE3-ECB");
 * ChaCha20's two are mixed case in OpenSSL ("ChaCha20-Poly1305"). */
static void evp_label(char label[48], const brisk_cipher *c)
{
    size_t i, len = strlen(c->name);

    if (c->mode == BRISK_MODE_CHACHA20 || c->mode == BRISK_MODE_CHACHA20_POLY1305) {
        snprintf(label, 48, "%s",
                 c->mode == BRISK_MODE_CHACHA20 ? "ChaCha20" : "ChaCha20-Poly1305");
        return;
    }

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
    /* OpenSSL 3.0 times GCM (and CCM, OCB) in whole messages, but
     * ChaCha20-Poly1305, whose EVP mode is none of those, in updates on
     * one context like any stream cipher, with or without -aead (its
     * EVP_Update_loop: no init, AAD or tag per update). */
    int aead = (c->flags & BRISK_CIPHER_AEAD) != 0 && c->mode != BRISK_MODE_CHACHA20_POLY1305;
    if (add_row(r, INDEX_EVP, label, NULL, c, aead ? &speed_aead_kind : &speed_cipher_kind) != 0)
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
        if (add_row(r, INDEX_HMAC, label, sel->hmac, NULL, &speed_hmac_kind) != 0)
            return -1;
    }
    if (sel->evp_md != NULL &&
        add_row(r, INDEX_EVP, sel->evp_md->name, sel->evp_md, NULL, &speed_digest_kind) != 0)
        return -1;
    if (sel->evp_cipher != NULL && add_evp_cipher(r, sel) != 0)
        return -1;
    r->every = n_names == 0 && sel->evp_md == NULL && sel->evp_cipher == NULL &&
               sel->hmac == NULL;
    if (r->every && add_default_rows(r) != 0)
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

/* check_combinations refuses what the new options cannot do: -multi
 * has no cycles or slopes (one core's cost); -mr has no place for
 * -stats. */
static int check_combinations(const speed_run *r)
{
    const char *what = r->want_cycles ? (r->clk.mhz ? "-mhz" : "-cycles")
                       : r->slope ? "-slope" : NULL;

    /* -repeat and -stats sum the workers' samples pass by pass; cycles
     * and slopes are one core's cost, which N workers at once are not. */
    if (r->multi > 0 && what != NULL) {
        app_error("speed", "%s cannot be used with -multi (it measures one core's cost; the"
                  " workers share the cores)", what);
        return -1;
    }
    if (r->mr && r->stats) {
        app_error("speed", "-stats cannot be used with -mr (whose format is OpenSSL's)");
        return -1;
    }
    return 0;
}

/* check_testmode refuses, with -testmode, the options that are about the
 * figures: one operation per cell measures nothing worth a statistic, a
 * cycle count, a document or a comparison. */
static int check_testmode(const speed_run *r, const speed_sel *sel)
{
    const char *what = r->repeat > 1 ? "-repeat" : r->stats ? "-stats"
                       : r->want_cycles ? (r->clk.mhz ? "-mhz" : "-cycles")
                       : r->slope ? "-slope" : r->doc.json_path != NULL ? "-json"
                       : r->doc.save_path != NULL ? "-save"
                       : r->doc.baseline_path != NULL ? "-baseline"
                       : r->doc.fail_below > 0 ? "-fail-below" : sel->compare ? "-compare" : NULL;

    if (r->testmode && what != NULL) {
        app_error("speed", "%s cannot be used with -testmode (which runs each algorithm once"
                  " and times nothing)", what);
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
        case OPT_HELP: usage(r->repeat); return 1;
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
        case OPT_REPEAT: r->repeat = (int)o.number; break;
        case OPT_STATS: r->stats = 1; break;
        case OPT_CYCLES: r->want_cycles = 1; break;
        case OPT_MHZ:
            r->clk.mhz = o.number;
            r->want_cycles = 1;
            break;
        case OPT_SLOPE: r->slope = 1; break;
        case OPT_JSON: r->doc.json_path = o.value; break;
        case OPT_SAVE: r->doc.save_path = o.value; break;
        case OPT_BASELINE: r->doc.baseline_path = o.value; break;
        case OPT_FAIL_BELOW:
            if (run_doc_parse_ratio("speed", o.name, o.value, &r->doc.fail_below) != 0)
                return -1;
            break;
        case OPT_COMPARE:
            if (strcmp(o.value, "openssl") != 0) {
                app_error("speed", "unknown library '%s' for option '-compare' (only openssl)",
                          o.value);
                return -1;
            }
            sel.compare = 1;
            break;
        case OPT_TESTMODE: r->testmode = 1; break;
        case OPT_UNKNOWN:
            app_error("speed", "unknown option '%s'", o.name);
            return -1;
        default:
            return -1;
        }
    }
    if (check_combinations(r) != 0 || check_testmode(r, &sel) != 0)
        return -1;
    /* -mr stays OpenSSL's grammar, which has no place for a second
     * library; -multi's workers would time libcrypto against each other. */
    if (sel.compare && (r->mr || r->multi > 0)) {
        app_error("speed", "-compare cannot be combined with %s", r->mr ? "-mr" : "-multi");
        return -1;
    }
    if (r->mr && run_doc_json_stdout(&r->doc)) {
        app_error("speed", "-json - cannot go with -mr: both write stdout");
        return -1;
    }
    if (select_rows(r, argc - o.ind, argv + o.ind, &sel) != 0)
        return -1;
    if (sel.compare && speed_ossl_load(r) != 0)
        return -1;
    return run_doc_start(&r->doc, "speed", argc, argv);
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
    if (r->slope && max < SLOPE_MAX_LEN)
        max = SLOPE_MAX_LEN;
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

/* interrupted prints the rows done when SIGINT came, then ends the process
 * by SIGINT (a -multi worker prints them in -mr records for its parent). */
static void interrupted(speed_run *r)
{
    r->interrupted = 1;
    /* Not app_error: a failed write of stdout is still to be told. */
    if (!r->mr)
        fprintf(stderr, "brisk speed: interrupted; %s\n",
                speed_any_done(r) ? "the rows finished follow" : "no row was finished");
    if (!run_doc_json_stdout(&r->doc))
        speed_print_results(r);
    if (speed_any_done(r))
        speed_json_finish(r);
    app_stdout_finish("speed", 0);
    fflush(stderr);
    speed_die_of_sigint();
}

static int speed(speed_run *r)
{
    int status = 0;

    /* Minutes of timing whose table could not be written are worth
     * refusing before they start. */
    if (app_stdout_check("speed") != 0)
        return 1;
    speed_catch_signals();

    if (!r->usertime && !r->mr)
        fprintf(stderr, "You have chosen to measure elapsed time instead of user CPU time.\n");
    if (setup_buffer(r) != 0)
        return 1;
    if (r->want_cycles && speed_cycles_start(&r->clk, 1, "speed") != 0)
        return 1;
    speed_self_check(r);
    /* After the self-checks (RSA key generation) and before any timing.
     * Not told with -mr, whose stderr is OpenSSL's progress records. */
    if (r->testmode) {
        speed_count_limit = 1;
    } else {
        r->cpu_share = speed_cpu_share(0.2);
        if (!r->mr)
            speed_warn_share("speed", r->cpu_share);
    }
    if (r->multi > 0) {
        if (speed_do_multi(r, &status) == 0) {
            speed_run_all(r);      /* a worker */
            if (speed_interrupted())
                interrupted(r);
            speed_print_results(r);
            return r->failed;
        }
    } else {
        speed_run_all(r);
    }
    if (speed_interrupted())
        interrupted(r);
    if (!run_doc_json_stdout(&r->doc))
        speed_print_results(r);
    if (fflush(stdout) != 0 || ferror(stdout))
        status = 1;
    if (speed_json_finish(r) != 0)
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
    set_defaults(r);
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
    run_doc_free(&r->doc);
    speed_ossl_unload();
    free(r->buf_base);
    free(r->out_base);
    free(r);
    return ret;
}
