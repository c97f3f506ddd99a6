/*
 * apps/disk.c - `brisk disk`: the encrypted-ramdisk test of the dm-crypt
 * report brisk grew from and, with -benchmark, what `cryptsetup benchmark`
 * prints (apps/disk_bench.c).
 *
 * The ramdisk test does for real what dm-crypt does with a `dd` loop, in
 * user space and without root: it creates a volume file (in /dev/shm, a
 * tmpfs, by default; -file elsewhere, -direct with O_DIRECT), writes it
 * whole through the sector layer (brisk_sector_encrypt) with write(2)
 * calls of each block size, reads it back with read(2) calls of the same
 * size, decrypting (brisk_sector_decrypt), checks every byte against what
 * was written, and prints the speed of both directions per block size and
 * volume size in MB/s (10^6 bytes a second, as dd prints).  What the file
 * holds is what dm-crypt's plain mode writes with the same cipher
 * specification, key and sector size (tests/test_disk.sh decrypts it with
 * openssl to show it).
 *
 * Each request (one block) is split over -threads threads by whole
 * sectors, as dm-crypt spreads work over its per-CPU workers; the workers
 * are a pool started once.  A request is split only into pieces of at
 * least DISK_MIN_PIECE bytes: below that, waking a thread costs more than
 * the encryption it would take over.
 *
 * -repeat N takes N passes over every block size and volume size (round
 * robin, so that a slow phase of the machine spreads over all the figures
 * instead of falling on one), silent but for the last pass, whose rows
 * show each figure's median; -stats and -cycles add a table of min,
 * median, max and spread per figure, and cycles per byte (the TSC's rate,
 * or -mhz's, times the time: the work spans the worker threads, which one
 * thread's cycle counter would miss).  -json, -save and -baseline write or
 * compare the run document (docs/json.md, command "disk"): a cell per
 * block size, volume size and direction, as disk_bench.c does for
 * -benchmark.
 *
 * The volume file is never one that existed before (O_EXCL) unless -force
 * says so, and it is removed at the end, after an error, or on SIGINT,
 * SIGTERM or SIGHUP (then the command ends by that signal), unless -keep.
 */
#define _GNU_SOURCE 1 /* O_DIRECT */
#define _FILE_OFFSET_BITS 64 /* volumes over 2 GiB on 32-bit systems */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <brisk/rand.h>
#include <brisk/sector.h>

#include "apps.h"
#include "disk.h"

#define PROG "disk"
#define MAX_LIST 16                      /* entries of -size and -bs */
#define MAX_THREADS 256
#define DISK_MIN_PIECE (16 * 1024)       /* smallest piece of a split request */
#define PATTERN_MIN (1024 * 1024)        /* the plaintext pattern's period */
#define ZERO_CHUNK (1024 * 1024)         /* writes that first fill the volume */
#define DEFAULT_SPEC "aes-cbc-essiv:sha256"   /* cryptsetup's plain default */
#define DEFAULT_SIZES "100M,500M"
#define DEFAULT_BS "512,1k,2k,4k,8k,16k,1M"

enum {
    OPT_BENCHMARK = 2, OPT_CIPHER, OPT_KEY_SIZE, OPT_KEY_FILE, OPT_SECTOR_SIZE,
    OPT_LARGE_IV, OPT_SIZE, OPT_BS, OPT_FILE, OPT_FORCE, OPT_DIRECT, OPT_THREADS,
    OPT_PATTERN, OPT_KEEP, OPT_MR, OPT_PBKDF, OPT_HASH, OPT_ITER_TIME, OPT_PBKDF_MEMORY,
    OPT_PBKDF_PARALLEL, OPT_JSON, OPT_SAVE, OPT_BASELINE, OPT_FAIL_BELOW, OPT_REPEAT,
    OPT_STATS, OPT_CYCLES, OPT_MHZ
};

const app_option disk_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"benchmark", OPT_BENCHMARK, ARG_NONE, 0, 0, NULL,
     "Print what `cryptsetup benchmark` prints (from memory only)"},
    {"cipher", OPT_CIPHER, ARG_STRING, 0, 0, "SPEC",
     "Cipher specification, cryptsetup's syntax (default " DEFAULT_SPEC ")"},
    {"key-size", OPT_KEY_SIZE, ARG_NUMBER, 8, 4096, "BITS", "Key size in bits (default 256)"},
    {"key-file", OPT_KEY_FILE, ARG_STRING, 0, 0, "FILE",
     "Raw key of -key-size bits, or a device's first bits (default: random)"},
    {"sector-size", OPT_SECTOR_SIZE, ARG_NUMBER, 1, 65536, "N",
     "Encryption sector size, 512 to 4096 (default 512)"},
    {"iv-large-sectors", OPT_LARGE_IV, ARG_NONE, 0, 0, NULL,
     "IVs count sectors of -sector-size, not 512-byte units"},
    {"size", OPT_SIZE, ARG_STRING, 0, 0, "LIST",
     "Volume sizes, comma-separated (default " DEFAULT_SIZES ")"},
    {"bs", OPT_BS, ARG_STRING, 0, 0, "LIST",
     "Block sizes of write/read (default " DEFAULT_BS ")"},
    {"file", OPT_FILE, ARG_STRING, 0, 0, "PATH",
     "Volume file (default /dev/shm/brisk-disk-PID.img)"},
    {"force", OPT_FORCE, ARG_NONE, 0, 0, NULL, "Overwrite -file if it exists (a regular file)"},
    {"direct", OPT_DIRECT, ARG_NONE, 0, 0, NULL, "Open the volume with O_DIRECT"},
    {"threads", OPT_THREADS, ARG_NUMBER, 1, MAX_THREADS, "N",
     "Threads encrypting each request (default: CPUs online)"},
    {"pattern", OPT_PATTERN, ARG_STRING, 0, 0, "DATA",
     "Data written: zero (default) or random"},
    {"keep", OPT_KEEP, ARG_NONE, 0, 0, NULL,
     "Keep the volume file (one -size and one -bs)"},
    {"mr", OPT_MR, ARG_NONE, 0, 0, NULL, "Machine-readable output"},
    {"pbkdf", OPT_PBKDF, ARG_STRING, 0, 0, "NAME",
     "-benchmark: pbkdf2[-HASH], argon2i or argon2id only"},
    {"hash", OPT_HASH, ARG_STRING, 0, 0, "DIGEST", "-benchmark: PBKDF2 with DIGEST only"},
    {"iter-time", OPT_ITER_TIME, ARG_NUMBER, 1, 3600000, "MS",
     "-benchmark: Argon2 time to calibrate to (default 2000)"},
    {"pbkdf-memory", OPT_PBKDF_MEMORY, ARG_NUMBER, 32, 4 * 1024 * 1024, "KB",
     "-benchmark: Argon2 memory limit in KiB (default 1048576)"},
    {"pbkdf-parallel", OPT_PBKDF_PARALLEL, ARG_NUMBER, 1, 4, "N",
     "-benchmark: Argon2 lanes (default 4)"},
    {"json", OPT_JSON, ARG_STRING, 0, 0, "FILE",
     "Also write the run as JSON to FILE (-: to stdout alone)"},
    {"save", OPT_SAVE, ARG_STRING, 0, 0, "FILE", "Save the run as JSON in FILE"},
    {"baseline", OPT_BASELINE, ARG_STRING, 0, 0, "FILE",
     "Compare each figure with the run saved in FILE (-: stdin)"},
    {"fail-below", OPT_FAIL_BELOW, ARG_STRING, 0, 0, "R",
     "Exit 1 if a figure is below R (0 < R <= 1) times its baseline"},
    {"repeat", OPT_REPEAT, ARG_NUMBER, 1, MAX_REPEAT, "N",
     "N passes over every figure; the lines show medians"},
    {"stats", OPT_STATS, ARG_NONE, 0, 0, NULL, "Add min, median, max and spread per figure"},
    {"cycles", OPT_CYCLES, ARG_NONE, 0, 0, NULL,
     "Add cycles per byte (ciphers) or iteration (PBKDF2)"},
    {"mhz", OPT_MHZ, ARG_NUMBER, 1, MAX_MHZ, "N",
     "Count cycles as seconds x N MHz (implies -cycles)"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

/* One entry of -size or -bs: its bytes and its label as typed. */
typedef struct disk_len {
    uint64_t bytes;
    char label[24];
} disk_len;

/* What the ramdisk test was asked. */
typedef struct disk_job {
    const char *spec, *key_file, *path;
    unsigned key_bits, sector_size, flags, threads;
    disk_len sizes[MAX_LIST], bs[MAX_LIST];
    size_t n_sizes, n_bs;
    int force, direct, random, keep, mr;
    int repeat, stats;        /* -repeat (0: 1 pass), -stats */
    speed_cycle_clock clk;    /* -cycles / -mhz: clk.source set when wanted */
    run_doc *doc;             /* -json, -save, -baseline, -fail-below, or NULL */
} disk_job;

/* ---- Cleanup on every way out ---- */

static volatile sig_atomic_t stop_signal;   /* the signal that asks us to stop */
static char *volume_path;                   /* the file to remove, or NULL */

static void on_signal(int sig)
{
    stop_signal = sig;
}

/* remove_volume removes the volume file if we made it (idempotent). */
static void remove_volume(void)
{
    if (volume_path != NULL) {
        unlink(volume_path);
        free(volume_path);
        volume_path = NULL;
    }
}

static void catch_signals(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    /* Past RLIMIT_FSIZE a write fails with EFBIG instead of killing us
     * before the file is removed. */
    signal(SIGXFSZ, SIG_IGN);
}

/* ---- Parsing ---- */

/* parse_list reads a comma-separated list of lengths for option opt; with
 * add_b, labels "100M" become "100MB" as the report's table heads read. */
static int parse_list(const char *opt, const char *s, disk_len *list, size_t *n, int add_b)
{
    char buf[512];
    char *save = NULL, *tok;

    *n = 0;
    if (strlen(s) >= sizeof(buf)) {
        app_error(PROG, "%s: list too long", opt);
        return -1;
    }
    strcpy(buf, s);
    for (tok = strtok_r(buf, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
        size_t len = strlen(tok);
        if (*n == MAX_LIST) {
            app_error(PROG, "%s: at most %d entries", opt, MAX_LIST);
            return -1;
        }
        if (parse_bytes(tok, &list[*n].bytes) != 0 || len + 2 > sizeof(list[*n].label)) {
            app_error(PROG, "%s: bad length '%s' (a number of bytes, with k, M or G for "
                      "powers of 1024, kB, MB or GB for powers of 1000)", opt, tok);
            return -1;
        }
        snprintf(list[*n].label, sizeof(list[*n].label), "%s%s", tok,
                 !add_b || (tok[len - 1] >= '0' && tok[len - 1] <= '9') || tok[len - 1] == 'B'
                     ? ""
                     : "B");
        (*n)++;
    }
    if (*n == 0) {
        app_error(PROG, "%s needs at least one length", opt);
        return -1;
    }
    return 0;
}

/* ---- The worker pool ---- */

typedef struct pool {
    pthread_mutex_t lock;
    pthread_cond_t start, done;
    pthread_t tid[MAX_THREADS];
    unsigned n_threads;        /* workers started (the caller is one more) */
    unsigned long generation;  /* bumped per job */
    unsigned pending;          /* workers still busy on this job */
    int quit;
    /* The job: n_pieces pieces of the request, piece 0 the caller's. */
    const brisk_sector_ctx *ctx;
    int encrypt;
    uint8_t *out;
    const uint8_t *in;
    uint64_t sector;
    size_t sector_size, n_sectors, n_pieces;
    int error;
} pool;

/* piece_run runs piece i of the pool's job; 0 or an error code. */
static int piece_run(const pool *p, size_t i)
{
    size_t ss = p->sector_size;
    size_t first = p->n_sectors * i / p->n_pieces, end = p->n_sectors * (i + 1) / p->n_pieces;

    if (end == first)
        return 0;
    if (p->encrypt)
        return brisk_sector_encrypt(p->ctx, p->out + first * ss, p->in + first * ss,
                                    p->sector + first, end - first);
    return brisk_sector_decrypt(p->ctx, p->out + first * ss, p->in + first * ss,
                                p->sector + first, end - first);
}

static void *worker(void *arg)
{
    pool *p = arg;
    unsigned long seen = 0;
    size_t me;

    pthread_mutex_lock(&p->lock);
    for (me = 0; me < p->n_threads && !pthread_equal(p->tid[me], pthread_self()); me++)
        ;
    for (;;) {
        while (!p->quit && p->generation == seen)
            pthread_cond_wait(&p->start, &p->lock);
        if (p->quit)
            break;
        seen = p->generation;
        if (me + 1 < p->n_pieces) {
            pthread_mutex_unlock(&p->lock);
            int err = piece_run(p, me + 1);
            pthread_mutex_lock(&p->lock);
            if (err != 0)
                p->error = err;
        }
        if (--p->pending == 0)
            pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* pool_start starts threads - 1 workers (the caller is the last one). */
static int pool_start(pool *p, unsigned threads)
{
    sigset_t all, old;

    memset(p, 0, sizeof(*p));
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->start, NULL);
    pthread_cond_init(&p->done, NULL);
    /* Workers take no signals: the main thread sees SIGINT and cleans up. */
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    pthread_mutex_lock(&p->lock);
    for (; p->n_threads + 1 < threads; p->n_threads++)
        if (pthread_create(&p->tid[p->n_threads], NULL, worker, p) != 0)
            break;
    pthread_mutex_unlock(&p->lock);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return 0;
}

static void pool_stop(pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->quit = 1;
    pthread_cond_broadcast(&p->start);
    pthread_mutex_unlock(&p->lock);
    for (unsigned i = 0; i < p->n_threads; i++)
        pthread_join(p->tid[i], NULL);
    pthread_cond_destroy(&p->start);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->lock);
}

/* pool_crypt encrypts or decrypts n_sectors from in to out, split over the
 * pool; 0 or an error code. */
static int pool_crypt(pool *p, const brisk_sector_ctx *ctx, size_t ss, int encrypt,
                      uint8_t *out, const uint8_t *in, uint64_t sector, size_t n_sectors)
{
    size_t bytes = n_sectors * ss;
    size_t pieces = bytes / DISK_MIN_PIECE;
    int err;

    if (pieces > p->n_threads + 1)
        pieces = p->n_threads + 1;
    if (pieces > n_sectors)
        pieces = n_sectors;
    if (pieces <= 1)
        return encrypt ? brisk_sector_encrypt(ctx, out, in, sector, n_sectors)
                       : brisk_sector_decrypt(ctx, out, in, sector, n_sectors);
    pthread_mutex_lock(&p->lock);
    p->ctx = ctx;
    p->encrypt = encrypt;
    p->out = out;
    p->in = in;
    p->sector = sector;
    p->sector_size = ss;
    p->n_sectors = n_sectors;
    p->n_pieces = pieces;
    p->error = 0;
    p->pending = p->n_threads;
    p->generation++;
    pthread_cond_broadcast(&p->start);
    pthread_mutex_unlock(&p->lock);
    err = piece_run(p, 0);
    pthread_mutex_lock(&p->lock);
    while (p->pending > 0)
        pthread_cond_wait(&p->done, &p->lock);
    if (err == 0)
        err = p->error;
    pthread_mutex_unlock(&p->lock);
    return err;
}

/* ---- The volume ---- */

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The state of one run over the volume. */
typedef struct disk_run {
    const disk_job *job;
    int fd;
    const char *path;
    brisk_sector_ctx ctx;
    pool pool;
    uint8_t *pattern;      /* 2 * period bytes: the plaintext, periodic */
    size_t period;
    uint8_t *cbuf, *pbuf;  /* a block of ciphertext, of plaintext read */
    uint8_t *zeros;        /* ZERO_CHUNK zero bytes */
    speed_samples *figs;   /* per block size, volume size and direction, MB/s */
    FILE *out;             /* the rows: stdout, or /dev/null with -json - */
} disk_run;

/* io_error reports a failed system call on the volume; ENOSPC and EFBIG
 * get words of their own. */
static int io_error(const disk_run *r, const char *what, int err)
{
    if (err == ENOSPC || err == EDQUOT || err == EFBIG)
        app_error(PROG, "no space for the volume %s (%s): %s; the file is removed", r->path,
                  what, strerror(err));
    else if (err == EINVAL && r->job->direct)
        app_error(PROG, "cannot %s %s: %s (O_DIRECT wants block sizes and volume sizes in "
                  "whole blocks of the file system)", what, r->path, strerror(err));
    else
        app_error(PROG, "cannot %s %s: %s", what, r->path, strerror(err));
    return -1;
}

static int read_all(int fd, uint8_t *p, size_t len)
{
    while (len > 0) {
        ssize_t n = read(fd, p, len);
        if (n < 0 && errno == EINTR && !stop_signal)
            continue;
        if (n < 0)
            return -1;
        if (n == 0) {
            errno = EIO;   /* the file is shorter than written */
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

/* prepare sizes the volume to size bytes, all of it allocated and written
 * once (untimed), so that a full file system shows before timing and the
 * timed writes overwrite a device of fixed size, as dd does on a dm-crypt
 * device: what tmpfs costs to allocate and first touch a page (under a
 * hypervisor, several times the copy) is not the disk's speed. */
static int prepare(disk_run *r, uint64_t size)
{
    struct stat st;
    int err;

    if (fstat(r->fd, &st) != 0)
        return io_error(r, "stat", errno);
    if ((uint64_t)st.st_size == size)
        return 0;
    if (ftruncate(r->fd, (off_t)size) != 0)
        return io_error(r, "size", errno);
    err = posix_fallocate(r->fd, 0, (off_t)size);
    if (err != 0 && err != EOPNOTSUPP && err != EINVAL)
        return io_error(r, "allocate", err);
    if (lseek(r->fd, 0, SEEK_SET) != 0)
        return io_error(r, "seek", errno);
    for (uint64_t off = 0; off < size && !stop_signal; off += ZERO_CHUNK) {
        size_t n = size - off < ZERO_CHUNK ? (size_t)(size - off) : ZERO_CHUNK;
        if (write_all_unless(r->fd, r->zeros, n, &stop_signal) != 0)
            return io_error(r, "write", errno);
    }
    return 0;
}

/* write_volume writes size bytes in blocks of bs, encrypting; the time
 * taken (with the final fdatasync) in *secs.  0 or -1. */
static int write_volume(disk_run *r, uint64_t size, size_t bs, double *secs)
{
    size_t ss = r->job->sector_size;
    double start;

    if (lseek(r->fd, 0, SEEK_SET) != 0)
        return io_error(r, "seek", errno);
    start = now_s();
    for (uint64_t off = 0; off < size && !stop_signal; off += bs) {
        size_t n = size - off < bs ? (size_t)(size - off) : bs;
        const uint8_t *plain = r->pattern + off % r->period;
        if (pool_crypt(&r->pool, &r->ctx, ss, 1, r->cbuf, plain, off / ss, n / ss) != 0) {
            app_error(PROG, "encryption failed at byte %llu", (unsigned long long)off);
            return -1;
        }
        if (write_all_unless(r->fd, r->cbuf, n, &stop_signal) != 0)
            return io_error(r, "write", errno);
    }
    if (!stop_signal && fdatasync(r->fd) != 0 && errno != EINVAL)
        return io_error(r, "sync", errno);
    *secs = now_s() - start;
    return 0;
}

/* read_volume reads size bytes back in blocks of bs, decrypting, and
 * checks each block against the pattern (outside the time in *secs). */
static int read_volume(disk_run *r, uint64_t size, size_t bs, double *secs)
{
    size_t ss = r->job->sector_size;
    double t = 0;

    /* Reads from the device, not from the page cache, where it can. */
    posix_fadvise(r->fd, 0, 0, POSIX_FADV_DONTNEED);
    if (lseek(r->fd, 0, SEEK_SET) != 0)
        return io_error(r, "seek", errno);
    for (uint64_t off = 0; off < size && !stop_signal; off += bs) {
        size_t n = size - off < bs ? (size_t)(size - off) : bs;
        double start = now_s();
        if (read_all(r->fd, r->cbuf, n) != 0)
            return io_error(r, "read", errno);
        if (pool_crypt(&r->pool, &r->ctx, ss, 0, r->pbuf, r->cbuf, off / ss, n / ss) != 0) {
            app_error(PROG, "decryption failed at byte %llu", (unsigned long long)off);
            return -1;
        }
        t += now_s() - start;
        if (memcmp(r->pbuf, r->pattern + off % r->period, n) != 0) {
            app_error(PROG, "the block at byte %llu of %s read back differs from what was "
                      "written", (unsigned long long)off, r->path);
            return -1;
        }
    }
    *secs = t;
    return 0;
}

/* ---- Setup ---- */

/* read_key_stream reads the key from the first key_len bytes of fd, a key
 * file that is not a regular file: a device such as /dev/urandom, or a
 * pipe.  cryptsetup's plain mode takes a throwaway key from `-d
 * /dev/urandom` that way; a regular file must hold the key exactly. */
static int read_key_stream(const char *name, int fd, uint8_t *key, size_t key_len,
                           unsigned key_bits)
{
    size_t n = 0;

    while (n < key_len) {
        ssize_t r = read(fd, key + n, key_len - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            app_error(PROG, "cannot read '%s': %s", name, strerror(errno));
            return -1;
        }
        if (r == 0) {
            app_error(PROG, "key file %s ended after %zu bytes; -key-size %u needs %zu", name, n,
                      key_bits, key_len);
            return -1;
        }
        n += (size_t)r;
    }
    return 0;
}

/* load_volume_key fills key (key_len bytes) from the key file ("-": stdin)
 * or at random. */
static int load_volume_key(const disk_job *job, uint8_t *key, size_t key_len)
{
    int use_stdin, fd, err;
    const char *name;
    struct stat st;
    uint8_t *data;
    size_t len;

    if (job->key_file == NULL) {
        if (brisk_random_bytes(key, key_len) != 0) {
            app_error(PROG, "no random bytes for the key");
            return -1;
        }
        return 0;
    }
    use_stdin = strcmp(job->key_file, "-") == 0;
    name = use_stdin ? "stdin" : job->key_file;
    fd = use_stdin ? STDIN_FILENO : open(job->key_file, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        app_error(PROG, "cannot open '%s': %s", name, strerror(errno));
        return -1;
    }
    if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode)) {
        err = read_key_stream(name, fd, key, key_len, job->key_bits);
        if (!use_stdin)
            close(fd);
        return err;
    }
    if (!use_stdin)
        close(fd);
    if (read_file(PROG, job->key_file, 4096, &data, &len) != 0)
        return -1;
    if (len != key_len) {
        app_error(PROG, "key file %s holds %zu bytes; -key-size %u needs %zu", name, len,
                  job->key_bits, key_len);
        free_secret(data, len);
        return -1;
    }
    memcpy(key, data, key_len);
    free_secret(data, len);
    return 0;
}

/* check_job checks what the sector layer and the lengths must agree on,
 * before any file is made. */
static int check_job(const disk_job *job)
{
    char why[160];
    size_t ss = job->sector_size;

    if (brisk_sector_check(job->spec, job->key_bits / 8, ss, job->flags, why, sizeof(why)) != 0 ||
        job->key_bits % 8 != 0) {
        app_error(PROG, "%s", job->key_bits % 8 != 0 ? "-key-size must be a multiple of 8" : why);
        return -1;
    }
    for (size_t i = 0; i < job->n_sizes; i++)
        if (job->sizes[i].bytes % ss != 0 || job->sizes[i].bytes > (uint64_t)INT64_MAX) {
            app_error(PROG, "size %s is not a whole number of %zu-byte sectors",
                      job->sizes[i].label, ss);
            return -1;
        }
    for (size_t i = 0; i < job->n_bs; i++)
        if (job->bs[i].bytes % ss != 0 || job->bs[i].bytes > (size_t)1 << 30) {
            app_error(PROG, "block size %s is not a multiple of the %zu-byte sector size%s",
                      job->bs[i].label, ss, job->bs[i].bytes % ss == 0 ? " up to 1G" : "");
            return -1;
        }
    if (job->keep && (job->n_sizes != 1 || job->n_bs != 1)) {
        app_error(PROG, "-keep takes one -size and one -bs (the volume they write is kept)");
        return -1;
    }
    return 0;
}

/* volume_is_input refuses a -file that is the key file or a run document
 * (also through links): -force would overwrite it with the volume, and the
 * end of the run remove it. */
static int volume_is_input(const disk_job *job)
{
    const char *paths[4] = {job->key_file};
    const char *what[4] = {"the key file (-key-file)", "the -json document",
                           "the -save document", "the -baseline document"};

    if (job->doc != NULL) {
        paths[1] = job->doc->json_path;
        paths[2] = job->doc->save_path;
        paths[3] = job->doc->baseline_path;
    }
    for (int i = 0; i < 4; i++)
        if (app_same_file(job->path, paths[i])) {
            app_error(PROG, "-file %s is %s; refusing to overwrite it", job->path, what[i]);
            return -1;
        }
    return 0;
}

/* open_volume creates the volume file; 0 or -1 after reporting. */
static int open_volume(disk_run *r, const disk_job *job)
{
    int flags = O_RDWR | O_CREAT | O_CLOEXEC | (job->force ? 0 : O_EXCL);
    struct stat st;

    if (volume_is_input(job) != 0)
        return -1;

    if (job->force && lstat(job->path, &st) == 0 && !S_ISREG(st.st_mode)) {
        app_error(PROG, "-force overwrites regular files only; %s is not one", job->path);
        return -1;
    }
    r->fd = open(job->path, flags, 0600);
    if (r->fd < 0) {
        if (errno == EEXIST && lstat(job->path, &st) == 0 && !S_ISREG(st.st_mode))
            app_error(PROG, "%s exists and is not a regular file; give -file a new path",
                      job->path);
        else if (errno == EEXIST)
            app_error(PROG, "%s exists; remove it, or give -force to overwrite it", job->path);
        else
            app_error(PROG, "cannot create %s: %s", job->path, strerror(errno));
        return -1;
    }
    volume_path = strdup(job->path);
    if (volume_path == NULL) {
        close(r->fd);
        unlink(job->path);
        app_error(PROG, "out of memory");
        return -1;
    }
    if (job->direct) {
#ifdef O_DIRECT
        int fl = fcntl(r->fd, F_GETFL);
        if (fl < 0 || fcntl(r->fd, F_SETFL, fl | O_DIRECT) != 0) {
#else
        errno = EINVAL;
        {
#endif
            app_error(PROG, "the file system of %s refuses O_DIRECT (-direct): %s; give -file "
                      "on a disk file system", job->path, strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* buffers allocates the pattern and block buffers (page-aligned, as
 * O_DIRECT wants them) and the figures, and opens where the rows go. */
static int buffers(disk_run *r, const disk_job *job)
{
    size_t max_bs = 0;

    for (size_t i = 0; i < job->n_bs; i++)
        if (job->bs[i].bytes > max_bs)
            max_bs = (size_t)job->bs[i].bytes;
    /* The period is a multiple of the sector size and of every block
     * size up to 1 MiB, so that offset % period stays sector-aligned. */
    r->period = PATTERN_MIN;
    while (r->period < max_bs)
        r->period *= 2;
    r->period -= r->period % job->sector_size;
    if (posix_memalign((void **)&r->pattern, 4096, 2 * r->period) != 0 ||
        posix_memalign((void **)&r->cbuf, 4096, max_bs) != 0 ||
        posix_memalign((void **)&r->pbuf, 4096, max_bs) != 0 ||
        posix_memalign((void **)&r->zeros, 4096, ZERO_CHUNK) != 0 ||
        (r->figs = calloc(job->n_bs * job->n_sizes * 2, sizeof(*r->figs))) == NULL) {
        app_error(PROG, "out of memory for blocks of %zu bytes", max_bs);
        return -1;
    }
    /* With -json - the document alone goes to stdout. */
    r->out = job->doc && run_doc_json_stdout(job->doc) ? fopen("/dev/null", "w") : stdout;
    if (r->out == NULL) {
        app_error(PROG, "cannot open /dev/null: %s", strerror(errno));
        return -1;
    }
    memset(r->pattern, 0, 2 * r->period);
    memset(r->zeros, 0, ZERO_CHUNK);
    if (job->random && brisk_random_bytes(r->pattern, r->period) != 0) {
        app_error(PROG, "no random bytes for -pattern random");
        return -1;
    }
    memcpy(r->pattern + r->period, r->pattern, r->period);
    return 0;
}

/* ---- Output ---- */

/* fig returns the samples of block size b, volume size v and direction
 * dir (0: written, encrypting; 1: read, decrypting). */
static speed_samples *fig(const disk_run *r, size_t b, size_t v, int dir)
{
    return &r->figs[(b * r->job->n_sizes + v) * 2 + (size_t)dir];
}

static double median_mbps(const disk_run *r, size_t b, size_t v, int dir)
{
    const speed_samples *f = fig(r, b, v, dir);
    return speed_median(f->v, f->n);
}

static void print_header(const disk_run *r)
{
    const disk_job *job = r->job;

    if (job->mr) {
        fprintf(r->out, "+DISK:%s:%u:%u:%u\n", job->spec, job->key_bits, job->sector_size,
                job->threads);
        return;
    }
    fprintf(r->out, "blocksize");
    for (size_t i = 0; i < job->n_sizes; i++)
        fprintf(r->out, "  encr. speed %s  decr. speed %s", job->sizes[i].label,
                job->sizes[i].label);
    fprintf(r->out, "\n");
}

/* print_cell prints the figures (medians) of block size b, volume size v. */
static void print_cell(const disk_run *r, size_t b, size_t v)
{
    const disk_job *job = r->job;
    double enc = median_mbps(r, b, v, 0), dec = median_mbps(r, b, v, 1);

    if (job->mr) {
        fprintf(r->out, "+F:%llu:%llu:%.2f:%.2f\n", (unsigned long long)job->bs[b].bytes,
                (unsigned long long)job->sizes[v].bytes, enc, dec);
        return;
    }
    if (v == 0)
        fprintf(r->out, "%-9s", job->bs[b].label);
    int w = (int)strlen(job->sizes[v].label) + 12;
    fprintf(r->out, "  %*.1f  %*.1f", w, enc, w, dec);
    if (v + 1 == job->n_sizes)
        fprintf(r->out, "\n");
}

/* one_cell writes and reads the volume of size v in blocks of size b and
 * adds the two speeds to their figures. */
static int one_cell(disk_run *r, size_t b, size_t v)
{
    uint64_t size = r->job->sizes[v].bytes;
    size_t bs = (size_t)r->job->bs[b].bytes;
    double we = 0, rd = 0;

    if (prepare(r, size) != 0 || write_volume(r, size, bs, &we) != 0 ||
        (!stop_signal && read_volume(r, size, bs, &rd) != 0))
        return -1;
    if (!stop_signal) {
        speed_add_sample(fig(r, b, v, 0), (double)size / 1e6 / (we > 0 ? we : 1e-9), 0);
        speed_add_sample(fig(r, b, v, 1), (double)size / 1e6 / (rd > 0 ? rd : 1e-9), 0);
    }
    return 0;
}

/* run_cells writes and reads the volume for every block size and volume
 * size, -repeat times round robin; the last pass prints each row, of
 * medians, as it is done. */
static int run_cells(disk_run *r, const disk_job *job)
{
    int passes = job->repeat > 1 ? job->repeat : 1;

    for (int pass = 0; pass < passes && !stop_signal; pass++) {
        int last = pass == passes - 1;
        if (!last)
            fprintf(stderr, "brisk %s: -repeat: pass %d of %d\n", PROG, pass + 1, passes);
        else
            print_header(r);
        fflush(r->out);
        for (size_t b = 0; b < job->n_bs && !stop_signal; b++) {
            for (size_t v = 0; v < job->n_sizes && !stop_signal; v++) {
                if (one_cell(r, b, v) != 0)
                    return -1;
                if (last && !stop_signal)
                    print_cell(r, b, v);
            }
            fflush(r->out);
        }
    }
    return 0;
}

/* print_figures prints -stats' and -cycles' table after the rows: per
 * figure min, median, max and spread (-stats) and cycles per byte
 * (-cycles). */
static void print_figures(const disk_run *r)
{
    const disk_job *job = r->job;
    double hz = speed_cycles_hz(&job->clk);
    int marked = 0, n = job->repeat > 1 ? job->repeat : 1;
    char line[200];

    fprintf(r->out, "\n# Figures of %d pass%s%s\n", n, n == 1 ? "" : "es",
            job->stats ? "; spread = (max - min) / median" : "");
    if (job->clk.source != NULL) {
        speed_cycles_describe(&job->clk, line, sizeof(line));
        fprintf(r->out, "# %s; cycles per byte\n", line);
    }
    fprintf(r->out, "#%26s | %5s", "Block, volume, direction", "Unit");
    if (job->stats)
        fprintf(r->out, " | %9s | %9s | %9s | %6s", "Min", "Median", "Max", "Spread");
    if (job->clk.source != NULL)
        fprintf(r->out, " | %9s", "Cycles");
    fprintf(r->out, "\n");
    for (size_t b = 0; b < job->n_bs; b++)
        for (size_t v = 0; v < job->n_sizes; v++)
            for (int dir = 0; dir < 2; dir++) {
                const speed_samples *f = fig(r, b, v, dir);
                double lo, hi, spread = speed_spread(f, &lo, &hi), med = median_mbps(r, b, v, dir);
                char name[80];

                snprintf(name, sizeof(name), "%s %s %s", job->bs[b].label, job->sizes[v].label,
                         dir ? "decrypt" : "encrypt");
                fprintf(r->out, "%27s   %5s", name, "MB/s");
                if (job->stats) {
                    marked |= spread > SPEED_NOISY_SPREAD;
                    fprintf(r->out, "   %9.1f   %9.1f   %9.1f   %5.1f%%%s", lo, med, hi,
                            100 * spread, spread > SPEED_NOISY_SPREAD ? " *" : "  ");
                }
                if (job->clk.source != NULL)
                    fprintf(r->out, "%s %9.2f", job->stats ? " " : "   ", hz / (med * 1e6));
                fprintf(r->out, "\n");
            }
    if (marked)
        fprintf(r->out, "* spread above %.0f%%: the median is not to be trusted to better than "
                "that; take more passes (-repeat) or run on a quieter machine.\n",
                100 * SPEED_NOISY_SPREAD);
}

/* put_cell writes the cell of block size b, volume size v and direction
 * dir: its samples in bytes/s, with -cycles their cycles per byte. */
static void put_cell(json_writer *w, const disk_run *r, size_t b, size_t v, int dir)
{
    const disk_job *job = r->job;
    const speed_samples *f = fig(r, b, v, dir);
    double hz = speed_cycles_hz(&job->clk), med = median_mbps(r, b, v, dir) * 1e6;

    json_begin_object(w, NULL);
    json_string(w, "library", "brisk");
    json_string(w, "algorithm", job->spec);
    json_string(w, "operation", dir ? "decrypt" : "encrypt");
    json_int(w, "size", (long long)job->bs[b].bytes);
    json_int(w, "bits", job->key_bits);
    json_string(w, "unit", "bytes/s");
    json_number(w, "value", med);
    json_begin_array(w, "samples");
    for (int i = 0; i < f->n; i++)
        json_number(w, NULL, f->v[i] * 1e6);
    json_end_array(w);
    if (hz > 0 && med > 0) {
        json_number(w, "cycles", hz / med);
        json_begin_array(w, "cycle_samples");
        for (int i = 0; i < f->n; i++)
            json_number(w, NULL, hz / (f->v[i] * 1e6));
        json_end_array(w);
    }
    json_begin_object(w, "extra");
    json_int(w, "volume_bytes", (long long)job->sizes[v].bytes);
    json_end_object(w);
    json_end_object(w);
}

/* write_doc writes the run document of the figures measured. */
static int write_doc(const disk_run *r)
{
    const disk_job *job = r->job;
    json_writer w;
    FILE *mem = run_doc_begin(job->doc, &w, "disk");

    if (!mem)
        return 1;
    json_begin_object(&w, "options");
    json_string(&w, "mode", "volume");
    json_string(&w, "cipher", job->spec);
    json_int(&w, "key_bits", job->key_bits);
    json_int(&w, "sector_size", job->sector_size);
    json_bool(&w, "iv_large_sectors", (job->flags & BRISK_SECTOR_LARGE_IV) != 0);
    json_int(&w, "threads", job->threads);
    json_bool(&w, "direct", job->direct);
    json_string(&w, "pattern", job->random ? "random" : "zero");
    json_begin_array(&w, "sizes");
    for (size_t v = 0; v < job->n_sizes; v++)
        json_int(&w, NULL, (long long)job->sizes[v].bytes);
    json_end_array(&w);
    json_begin_array(&w, "block_sizes");
    for (size_t b = 0; b < job->n_bs; b++)
        json_int(&w, NULL, (long long)job->bs[b].bytes);
    json_end_array(&w);
    run_doc_put_passes(&w, job->repeat, &job->clk);
    json_end_object(&w);
    json_begin_array(&w, "cells");
    for (size_t b = 0; b < job->n_bs; b++)
        for (size_t v = 0; v < job->n_sizes; v++)
            for (int dir = 0; dir < 2; dir++)
                put_cell(&w, r, b, v, dir);
    json_end_array(&w);
    return run_doc_end(job->doc, &w, mem, run_doc_json_stdout(job->doc) ? stderr : stdout);
}

static uint64_t max_size(const disk_job *job)
{
    uint64_t m = 0;

    for (size_t i = 0; i < job->n_sizes; i++)
        if (job->sizes[i].bytes > m)
            m = job->sizes[i].bytes;
    return m;
}

/* warn_big_blocks says, once, which block sizes exceed the smallest
 * volume: where a block exceeds a volume, its cell times requests of the
 * whole volume, not of the size the row's label says. */
static void warn_big_blocks(const disk_job *job)
{
    size_t v = 0, n = 0;
    char list[MAX_LIST * 24] = "";

    for (size_t i = 1; i < job->n_sizes; i++)
        if (job->sizes[i].bytes < job->sizes[v].bytes)
            v = i;
    for (size_t b = 0; b < job->n_bs; b++)
        if (job->bs[b].bytes > job->sizes[v].bytes) {   /* list holds every label */
            strcat(list, n++ ? "," : "");
            strcat(list, job->bs[b].label);
        }
    if (n > 0)
        fprintf(stderr,
                "brisk %s: warning: block size%s %s exceed%s the %s volume; where a"
                " block exceeds a volume, each request is the whole volume\n",
                PROG, n > 1 ? "s" : "", list, n > 1 ? "" : "s", job->sizes[v].label);
}

/* run_test is the ramdisk test; the exit status. */
static int run_test(const disk_job *job)
{
    static disk_run run;   /* large: the sector context */
    disk_run *r = &run;
    uint8_t key[4096 / 8];
    size_t key_len = job->key_bits / 8;
    int ret = 1, started = 0;
    double share;

    memset(r, 0, sizeof(*r));
    r->job = job;
    r->fd = -1;
    r->path = job->path;
    if (check_job(job) != 0)
        return 1;
    if (load_volume_key(job, key, key_len) != 0) {
        brisk_wipe(key, sizeof(key)); /* a stream may have given part of it */
        return 1;
    }
    if (brisk_sector_init(&r->ctx, job->spec, key, key_len, job->sector_size, job->flags) != 0) {
        brisk_wipe(key, sizeof(key));
        app_error(PROG, "cannot set up %s with a %u-bit key", job->spec, job->key_bits);
        return 1;
    }
    brisk_wipe(key, sizeof(key));
    catch_signals();
    /* The largest volume first: no space shows as one line, before any
     * output. */
    if (buffers(r, job) == 0 && open_volume(r, job) == 0 && prepare(r, max_size(job)) == 0) {
        fprintf(stderr, "Doing %s, %u-bit key, %u-byte sectors, %u thread%s on %s%s\n",
                job->spec, job->key_bits, job->sector_size, job->threads,
                job->threads == 1 ? "" : "s", job->path, job->direct ? " (O_DIRECT)" : "");
        warn_big_blocks(job);
        share = speed_cpu_share(0.2);
        speed_warn_share(PROG, share);
        if (job->doc)
            job->doc->cpu_share = share;
        pool_start(&r->pool, job->threads);
        started = 1;
        ret = run_cells(r, job) == 0 ? 0 : 1;
    }
    if (started)
        pool_stop(&r->pool);
    if (r->fd >= 0 && close(r->fd) != 0 && ret == 0 && !stop_signal) {
        io_error(r, "close", errno);
        ret = 1;
    }
    if (ret == 0 && started && !stop_signal) {
        if (job->stats || job->clk.source != NULL)
            print_figures(r);
        fflush(r->out);
        if (job->doc && write_doc(r) != 0)
            ret = 1;
    }
    if (ret != 0 || stop_signal || !job->keep)
        remove_volume();
    free(volume_path);   /* kept: forget it */
    volume_path = NULL;
    brisk_sector_cleanup(&r->ctx);
    if (r->out != NULL && r->out != stdout)
        fclose(r->out);
    free(r->figs);
    free(r->pattern);
    free(r->cbuf);
    free(r->pbuf);
    free(r->zeros);
    if (stop_signal) {
        int sig = stop_signal;
        fflush(stdout);
        signal(sig, SIG_DFL);
        raise(sig);
        return 128 + sig;
    }
    return ret;
}

/* ---- Options ---- */

static void usage(void)
{
    opts_usage(stdout, PROG, "[options]", disk_options);
    printf("\nWithout -benchmark: writes a volume file (in /dev/shm unless -file) whole\n"
           "through the sector layer with write(2) calls of each -bs, reads it back\n"
           "with read(2), decrypting, checks every byte, and prints the speeds in MB/s\n"
           "(10^6 bytes a second, as dd); the file holds what dm-crypt's plain mode\n"
           "writes with that cipher, key and sector size.  -mr prints one line\n"
           "+DISK:SPEC:KEYBITS:SECTORSIZE:THREADS, then per block size and volume\n"
           "size +F:BLOCKBYTES:VOLUMEBYTES:ENCR_MBPS:DECR_MBPS.\n"
           "With -benchmark: cryptsetup benchmark's lines (-cipher and -key-size for\n"
           "one row; -pbkdf or -hash for one KDF).\n"
           "Either way -repeat N runs it N times, silent but for the last pass, whose\n"
           "lines show each figure's median; -stats and -cycles add a table per\n"
           "figure of min, median, max and spread, and of cycles per byte (or PBKDF2\n"
           "iteration): the TSC's rate, or -mhz's, times the time.  -json, -save and\n"
           "-baseline write or compare the run as a document (docs/json.md).\n");
}

/* default_path makes /dev/shm/brisk-disk-PID.img. */
static const char *default_path(char *buf, size_t len)
{
    snprintf(buf, len, "/dev/shm/brisk-disk-%ld.img", (long)getpid());
    return buf;
}

static unsigned cpus_online(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_THREADS ? MAX_THREADS : (unsigned)n;
}

/* volume_options checks what the volume test was given beyond the common
 * options and fills job's lists; 0, or 1 after one error line. */
static int volume_options(disk_job *job, const disk_bench_opts *bo, const run_doc *doc,
                          const char *pattern, const char *sizes, const char *bs)
{
    if (job->mr && doc->json_path != NULL && strcmp(doc->json_path, "-") == 0) {
        app_error(PROG, "-json - cannot go with -mr: both write stdout");
        return 1;
    }
    if ((bo->stats || bo->want_cycles) && job->mr) {
        app_error(PROG, "-stats, -cycles and -mhz cannot be used with -mr (its rows are "
                  "medians with -repeat)");
        return 1;
    }
    if (bo->pbkdf != NULL || bo->hash != NULL || bo->iter_ms || bo->memory_kb || bo->parallel) {
        app_error(PROG, "-pbkdf, -hash, -iter-time, -pbkdf-memory and -pbkdf-parallel go "
                  "with -benchmark");
        return 1;
    }
    if (strcmp(pattern, "zero") != 0 && strcmp(pattern, "random") != 0) {
        app_error(PROG, "-pattern takes zero or random, not '%s'", pattern);
        return 1;
    }
    job->random = strcmp(pattern, "random") == 0;
    if (parse_list("-size", sizes, job->sizes, &job->n_sizes, 1) != 0 ||
        parse_list("-bs", bs, job->bs, &job->n_bs, 0) != 0)
        return 1;
    return 0;
}

int disk_main(int argc, char **argv)
{
    disk_bench_opts bo;
    run_doc doc;
    disk_job job;
    const char *sizes = DEFAULT_SIZES, *bs = DEFAULT_BS, *pattern = "zero";
    char path[64];
    int bench = 0, ramdisk_opt = 0, id, ret;
    app_opts o;

    memset(&bo, 0, sizeof(bo));
    memset(&doc, 0, sizeof(doc));
    doc.prog = PROG;
    doc.cpu_share = -1;
    memset(&job, 0, sizeof(job));
    job.spec = DEFAULT_SPEC;
    job.key_bits = DISK_DEFAULT_KEY_BITS;
    job.sector_size = 512;
    job.threads = cpus_online();
    opts_init(&o, PROG, disk_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: usage(); return 0;
        case OPT_BENCHMARK: bench = 1; break;
        case OPT_CIPHER: job.spec = bo.cipher = o.value; break;
        case OPT_KEY_SIZE: job.key_bits = bo.key_bits = (unsigned)o.number; break;
        case OPT_KEY_FILE: job.key_file = o.value; ramdisk_opt = 1; break;
        case OPT_SECTOR_SIZE: job.sector_size = (unsigned)o.number; ramdisk_opt = 1; break;
        case OPT_LARGE_IV: job.flags |= BRISK_SECTOR_LARGE_IV; ramdisk_opt = 1; break;
        case OPT_SIZE: sizes = o.value; ramdisk_opt = 1; break;
        case OPT_BS: bs = o.value; ramdisk_opt = 1; break;
        case OPT_FILE: job.path = o.value; ramdisk_opt = 1; break;
        case OPT_FORCE: job.force = 1; ramdisk_opt = 1; break;
        case OPT_DIRECT: job.direct = 1; ramdisk_opt = 1; break;
        case OPT_THREADS: job.threads = (unsigned)o.number; ramdisk_opt = 1; break;
        case OPT_PATTERN: pattern = o.value; ramdisk_opt = 1; break;
        case OPT_KEEP: job.keep = 1; ramdisk_opt = 1; break;
        case OPT_MR: job.mr = 1; ramdisk_opt = 1; break;
        case OPT_PBKDF: bo.pbkdf = o.value; break;
        case OPT_HASH: bo.hash = o.value; break;
        case OPT_ITER_TIME: bo.iter_ms = (uint32_t)o.number; break;
        case OPT_PBKDF_MEMORY: bo.memory_kb = (uint32_t)o.number; break;
        case OPT_PBKDF_PARALLEL: bo.parallel = (uint32_t)o.number; break;
        case OPT_JSON: doc.json_path = o.value; break;
        case OPT_SAVE: doc.save_path = o.value; break;
        case OPT_BASELINE: doc.baseline_path = o.value; break;
        case OPT_FAIL_BELOW:
            if (run_doc_parse_ratio(PROG, o.name, o.value, &doc.fail_below) != 0)
                return 1;
            break;
        case OPT_REPEAT: bo.repeat = (int)o.number; break;
        case OPT_STATS: bo.stats = 1; break;
        case OPT_CYCLES: bo.want_cycles = 1; break;
        case OPT_MHZ: bo.clk.mhz = o.number; bo.want_cycles = 1; break;
        case OPT_UNKNOWN: app_error(PROG, "unknown option '%s'", o.name); return 1;
        default: return 1;
        }
    }
    if (o.ind < argc) {
        app_error(PROG, "unexpected argument '%s'", argv[o.ind]);
        return 1;
    }
    if (bench) {
        if (ramdisk_opt) {
            app_error(PROG, "-benchmark takes -cipher, -key-size, -pbkdf, -hash, -iter-time, "
                      "-pbkdf-memory, -pbkdf-parallel, -repeat, -stats, -cycles, -mhz, -json, "
                      "-save, -baseline and -fail-below only");
            return 1;
        }
        if (bo.cipher != NULL && (bo.pbkdf != NULL || bo.hash != NULL)) {
            app_error(PROG, "-benchmark: give -cipher or -pbkdf/-hash, not both");
            return 1;
        }
    } else if (volume_options(&job, &bo, &doc, pattern, sizes, bs) != 0) {
        return 1;
    }
    if (!bench && job.path == NULL)
        job.path = default_path(path, sizeof(path));
    if (app_stdout_check(PROG) != 0)
        return 1;
    if (bo.want_cycles && speed_cycles_start(&bo.clk, 0, PROG) != 0)
        return 1;
    if (doc.json_path || doc.save_path || doc.baseline_path || doc.fail_below > 0) {
        if (run_doc_start(&doc, "disk", argc, argv) != 0) {
            run_doc_free(&doc);
            return 1;
        }
        bo.doc = job.doc = &doc;
    }
    job.repeat = bo.repeat;
    job.stats = bo.stats;
    job.clk = bo.clk;
    ret = bench ? disk_benchmark(PROG, &bo) : run_test(&job);
    run_doc_free(&doc);
    return ret;
}
