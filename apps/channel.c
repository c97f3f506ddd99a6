/*
 * apps/channel.c - `brisk channel`: what ssh's packet layer costs per
 * cipher and MAC.  It sends -size bytes of generated data (or a file, as
 * scp would) from this process to a forked receiver over TCP on 127.0.0.1,
 * in SSH_MSG_CHANNEL_DATA payloads of -packet bytes, each sealed as an
 * RFC 4253 binary packet under OpenSSH's cipher and MAC names
 * (apps/channel_packet.c), and prints per cipher and MAC the throughput,
 * each side's CPU time per byte, and the two ceilings: what the cipher and
 * MAC alone allow at that packet size (sealing and opening packets in
 * memory with the same library calls) and what the transport allows with
 * -c none.
 *
 * The receiver checks every packet (MAC or tag, implicit sequence number,
 * lengths), every byte of generated data against what was sent, and at the
 * end the length and a digest of all data (SHA-256 of the SHA-256s of its
 * MiB pieces) against the sender's, sent in a last authenticated packet (an
 * SSH_MSG_CHANNEL_REQUEST "sha256@brisk"); any failure is one message naming
 * the packet, a non-zero exit and no speed.  The keys are random per run.
 *
 * For interoperability tests, -save-stream and -save-keys write the bytes
 * the sender sent and its keys; -replay reads such a stream back through
 * the receiver (tests/test_channel.sh tampers with it).
 *
 * -ssh also times scp through a private sshd (apps/channel_ssh.c);
 * -listen and -connect run one transfer between two machines, with keys
 * derived from -pass by PBKDF2 over a greeting sent in the clear.
 *
 * -json, -save, -baseline and -fail-below (the local run only) make the
 * rows a run document (docs/json.md, command "channel", apps/run_json.c):
 * a "transfer" cell per row, size the packet, bytes/s, with the MAC, each
 * side's CPU per byte, the ceilings and scp's rate in "extra".
 */
#define _GNU_SOURCE 1
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <brisk/digest.h>
#include <brisk/kdf.h>
#include <brisk/rand.h>

#include "apps.h"
#include "channel_packet.h"
#include "channel_ssh.h"
#include "run_json.h"
#include "speed_clock.h"

#define PROG "channel"
/* OpenSSH's CHAN_SES_PACKET_DEFAULT (channels.h, 32*1024): the largest
 * SSH_MSG_CHANNEL_DATA an ssh session channel, and so scp, sends. */
#define DEFAULT_PACKET (32 * 1024)
#define DEFAULT_SIZE ((uint64_t)1 << 30)
/* Without -size or -file, a row sends at most this many packets: at the
 * default packet size 1g is 32768 of them, and at -packet 1 it would be
 * a billion, hours per row; 2^20 packets take a second or two. */
#define DEFAULT_PACKETS ((uint64_t)1 << 20)
/* byte SSH_MSG_CHANNEL_DATA, uint32 recipient channel, uint32 data length */
#define DATA_HDR 9
#define MAX_DATA (CHAN_MAX_PACKET - DATA_HDR - 1 - 19)
#define MSG_CHANNEL_DATA 94
#define MSG_CHANNEL_REQUEST 98
#define END_REQUEST "sha256@brisk"
/* Bytes of packets per write(2), and at most per read(2).  Loopback TCP
 * does most of its work in the sender's system calls (the receiving side's
 * softirq runs there too), so fewer, larger writes make the sender's
 * transport cheaper: on Zen 5 (2 vCPUs, idle) the none transfer's sender
 * spent 0.38-0.41 ns a byte with 256 KiB writes and 0.22-0.29 with 1 MiB
 * (4 MiB no better), and the transfer ran at 2.4-2.6 against 3.4-4.4 GB/s. */
#define BATCH (1024 * 1024)
#define RECV_BUF (1024 * 1024)
#define PATTERN_LEN (1024 * 1024)    /* period of the generated data */
/* The ceiling is measured about as long as the transfer took, within: */
#define CEILING_MIN_SECONDS 0.02
#define CEILING_MAX_SECONDS 0.5
#define MAX_PAIRS 256

enum {
    OPT_CIPHERS = 2, OPT_MACS, OPT_SIZE, OPT_FILE, OPT_PACKET, OPT_MR, OPT_SAVE_STREAM,
    OPT_SAVE_KEYS, OPT_REPLAY, OPT_KEYS, OPT_SSH, OPT_LISTEN, OPT_CONNECT, OPT_PASS,
    OPT_JSON, OPT_SAVE, OPT_BASELINE, OPT_FAIL_BELOW, OPT_REPEAT, OPT_STATS, OPT_CYCLES,
    OPT_MHZ
};

const app_option channel_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"c", OPT_CIPHERS, ARG_STRING, 0, 0, "CIPHERS",
     "Ciphers, comma-separated, OpenSSH's names (default: all)"},
    {"m", OPT_MACS, ARG_STRING, 0, 0, "MACS",
     "MACs, comma-separated (default hmac-sha2-256-etm@openssh.com)"},
    {"size", OPT_SIZE, ARG_STRING, 0, 0, "N",
     "Bytes to send, k/m/g suffixes (default 1g, at most 2^20 packets)"},
    {"file", OPT_FILE, ARG_STRING, 0, 0, "PATH", "Send this file instead of generated data"},
    {"packet", OPT_PACKET, ARG_NUMBER, 1, MAX_DATA, "N",
     "Data bytes per packet (default 32768, as OpenSSH)"},
    {"mr", OPT_MR, ARG_NONE, 0, 0, NULL, "Machine-readable output"},
    {"ssh", OPT_SSH, ARG_NONE, 0, 0, NULL,
     "Also time scp -c through a private sshd on 127.0.0.1"},
    {"listen", OPT_LISTEN, ARG_STRING, 0, 0, "[ADDR:]PORT",
     "Two machines: receive one transfer on this port"},
    {"connect", OPT_CONNECT, ARG_STRING, 0, 0, "HOST:PORT",
     "Two machines: send to a -listen side there"},
    {"pass", OPT_PASS, ARG_STRING, 0, 0, "SRC",
     "-listen/-connect's password: pass:X, env:V, file:P, fd:N, stdin"},
    {"save-stream", OPT_SAVE_STREAM, ARG_STRING, 0, 0, "FILE",
     "Interop testing: also write the bytes sent to FILE"},
    {"save-keys", OPT_SAVE_KEYS, ARG_STRING, 0, 0, "FILE",
     "Interop testing: write the names and keys to FILE"},
    {"replay", OPT_REPLAY, ARG_STRING, 0, 0, "FILE",
     "Interop testing: only receive, from a saved stream"},
    {"keys", OPT_KEYS, ARG_STRING, 0, 0, "FILE", "The -save-keys file -replay uses"},
    {"json", OPT_JSON, ARG_STRING, 0, 0, "FILE",
     "Also write the rows as JSON to FILE (-: to stdout alone)"},
    {"save", OPT_SAVE, ARG_STRING, 0, 0, "FILE", "Save the rows as JSON in FILE, for -baseline"},
    {"baseline", OPT_BASELINE, ARG_STRING, 0, 0, "FILE",
     "Compare each row with the run saved in FILE (-: stdin)"},
    {"fail-below", OPT_FAIL_BELOW, ARG_STRING, 0, 0, "R",
     "Exit 1 if a row is below R (0 < R <= 1) times its baseline"},
    {"repeat", OPT_REPEAT, ARG_NUMBER, 1, MAX_REPEAT, "N",
     "N passes over every row; the rows show medians"},
    {"stats", OPT_STATS, ARG_NONE, 0, 0, NULL, "Add min, median, max and spread per row"},
    {"cycles", OPT_CYCLES, ARG_NONE, 0, 0, NULL, "Add cycles per byte per row and side"},
    {"mhz", OPT_MHZ, ARG_NUMBER, 1, MAX_MHZ, "N",
     "Count cycles as seconds x N MHz (implies -cycles)"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

/* One row: a cipher and its MAC (NULL for none). */
typedef struct chan_pair {
    const chan_cipher *c;
    const chan_mac *m;
} chan_pair;

typedef struct chan_job {
    chan_pair pairs[MAX_PAIRS];
    size_t n_pairs;
    uint64_t size;
    const char *file;
    int file_fd;
    size_t packet;
    int mr;
    int ssh;
    const char *save_stream, *save_keys;
    int repeat;             /* -repeat: passes over every row (1 by default) */
    int stats;              /* -stats: the spread table */
    speed_cycle_clock clk;  /* -cycles, -mhz: clk.source set when wanted */
    double cpu_share;       /* CPU seconds per wall second before timing */
    run_doc *doc;           /* -json, -save, -baseline; NULL without */
    FILE *lines;            /* where the table goes: stdout, or nowhere (-json -) */
    struct chan_row *rows;  /* the rows timed, with their samples */
    size_t n_rows;
} chan_job;

/* What the receiver reports to the parent through a pipe. */
typedef struct recv_report {
    int ok;
    uint64_t bytes, packets;
    double t_end;        /* CLOCK_MONOTONIC when the last packet checked out */
    double cpu;          /* user + system seconds of the receiving */
    char msg[400];
} recv_report;

/* One row's measurements. */
typedef struct chan_result {
    uint64_t bytes;
    double seconds, send_cpu, recv_cpu, ceiling;
} chan_result;

/* A row as timed: a sample per pass of its rate (bytes/s), each side's
 * CPU seconds per byte and the ceiling (MB/s, -1 when not measured); r
 * holds their medians, as printed. */
struct chan_row {
    chan_pair pair;
    chan_result r;
    double none_mbps, scp;
    speed_samples rate;
    double send[MAX_REPEAT], recv[MAX_REPEAT], ceil[MAX_REPEAT];
};

static volatile sig_atomic_t child_pid;

/* ---- Small helpers ---- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* cpu_now is this process's CPU time: the ceilings are measured in it, so
 * that other processes on a busy machine do not lower them. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* read_full reads up to len bytes, fewer only at the end; -1 on error. */
static ssize_t read_full(int fd, uint8_t *p, size_t len)
{
    size_t got = 0;

    while (got < len) {
        ssize_t n = read(fd, p + got, len - got);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (n == 0)
            break;
        got += (size_t)n;
    }
    return (ssize_t)got;
}

/* ---- The data's digest ----
 *
 * SHA-256 over the SHA-256 of each PATTERN_LEN bytes of data (the last
 * piece may be shorter), so that neither side spends a SHA-256 of every
 * byte, which ssh does not do and which would cost more than a fast
 * cipher: generated data repeats a random pattern of exactly PATTERN_LEN
 * bytes, whose digest is computed once; the sender uses it as it is, and
 * the live receiver compares every byte with the pattern (as strong as a
 * digest, at memory speed) before using it.  A file's data, and a stream
 * read back with -replay, are hashed piece by piece.
 */
typedef struct data_digest {
    brisk_digest_ctx list;          /* over the pieces' digests */
    brisk_digest_ctx piece;         /* the piece in progress (hashing) */
    size_t in_piece;                /* its bytes so far */
    const uint8_t *pattern;         /* non-NULL: the data is the pattern */
    const uint8_t *pattern_digest;  /* its SHA-256 */
    int check;                      /* compare with the pattern */
    uint64_t total;
} data_digest;

static void dd_init(data_digest *d, const uint8_t *pattern, const uint8_t *pattern_digest,
                    int check)
{
    const brisk_digest *md = brisk_digest_by_name("sha256");

    memset(d, 0, sizeof(*d));
    d->pattern = pattern;
    d->pattern_digest = pattern_digest;
    d->check = check;
    brisk_digest_init(&d->list, md);
    brisk_digest_init(&d->piece, md);
}

/* dd_add takes n bytes of data; 0, or -1 when they differ from the
 * pattern, with *bad the offset of the first byte that does. */
static int dd_add(data_digest *d, const uint8_t *p, size_t n, uint64_t *bad)
{
    while (n > 0) {
        size_t k = PATTERN_LEN - d->in_piece < n ? PATTERN_LEN - d->in_piece : n;

        if (d->pattern == NULL) {
            brisk_digest_update(&d->piece, p, k);
        } else if (d->check && memcmp(p, d->pattern + d->in_piece, k) != 0) {
            size_t i = 0;
            while (p[i] == d->pattern[d->in_piece + i])
                i++;
            *bad = d->total + i;
            return -1;
        }
        d->in_piece += k;
        d->total += k;
        p += k;
        n -= k;
        if (d->in_piece == PATTERN_LEN) {
            uint8_t md[32];
            if (d->pattern == NULL) {
                brisk_digest_final(&d->piece, md);
                brisk_digest_init(&d->piece, brisk_digest_by_name("sha256"));
            } else {
                memcpy(md, d->pattern_digest, 32);
            }
            brisk_digest_update(&d->list, md, 32);
            d->in_piece = 0;
        }
    }
    return 0;
}

static void dd_final(data_digest *d, uint8_t out[32])
{
    uint8_t md[32];

    if (d->in_piece > 0) {
        if (d->pattern == NULL)
            brisk_digest_final(&d->piece, md);
        else
            brisk_sha256(md, d->pattern, d->in_piece);
        brisk_digest_update(&d->list, md, 32);
    }
    brisk_digest_final(&d->list, out);
}

/* ---- The receiver ---- */

typedef struct receiver {
    chan_state st;
    data_digest dd;
    uint64_t bytes;
    int done;
} receiver;

/* take_payload handles one authenticated payload; 0, or -1 with msg set. */
static int take_payload(receiver *r, const uint8_t *p, size_t n, char *msg, size_t msg_len)
{
    unsigned long long pkt = (unsigned long long)r->st.packets;

    if (r->done) {
        snprintf(msg, msg_len, "packet %llu: a packet after the final one", pkt);
        return -1;
    }
    if (n >= DATA_HDR && p[0] == MSG_CHANNEL_DATA) {
        if (get32(p + 1) != 0 || get32(p + 5) != n - DATA_HDR) {
            snprintf(msg, msg_len, "packet %llu: malformed SSH_MSG_CHANNEL_DATA", pkt);
            return -1;
        }
        uint64_t bad;
        if (dd_add(&r->dd, p + DATA_HDR, n - DATA_HDR, &bad) != 0) {
            snprintf(msg, msg_len, "packet %llu: byte %llu of the data differs from the sent",
                     pkt, (unsigned long long)bad);
            return -1;
        }
        r->bytes += n - DATA_HDR;
        return 0;
    }
    if (n == 1 + 4 + 4 + strlen(END_REQUEST) + 1 + 8 + 4 + 32 && p[0] == MSG_CHANNEL_REQUEST &&
        get32(p + 5) == strlen(END_REQUEST) &&
        memcmp(p + 9, END_REQUEST, strlen(END_REQUEST)) == 0) {
        const uint8_t *q = p + 9 + strlen(END_REQUEST) + 1;
        uint8_t digest[32];
        uint64_t total = get64(q);

        dd_final(&r->dd, digest);
        if (total != r->bytes) {
            snprintf(msg, msg_len, "the sender sent %llu bytes, %llu arrived",
                     (unsigned long long)total, (unsigned long long)r->bytes);
            return -1;
        }
        if (get32(q + 8) != 32 || memcmp(q + 12, digest, 32) != 0) {
            snprintf(msg, msg_len, "the digest of the data received differs from the sender's");
            return -1;
        }
        r->done = 1;
        return 0;
    }
    snprintf(msg, msg_len, "packet %llu: unexpected message type %u", pkt, n > 0 ? p[0] : 0);
    return -1;
}

/* receive reads the stream on fd to its end and checks it all; with
 * pattern (and its digest) the data is compared with it. */
static void receive(int fd, const chan_pair *pair, const chan_keys *keys, const uint8_t *pattern,
                    const uint8_t *pattern_digest, recv_report *rep)
{
    static uint8_t *buf;
    size_t cap = RECV_BUF + CHAN_MAX_PACKET + 128, start = 0, end = 0;
    receiver r;
    double cpu0 = cpu_seconds();

    memset(rep, 0, sizeof(*rep));
    if (buf == NULL && (buf = malloc(cap)) == NULL) {
        snprintf(rep->msg, sizeof(rep->msg), "out of memory");
        return;
    }
    memset(&r, 0, sizeof(r));
    if (chan_init(&r.st, pair->c, pair->m, keys, 0) != 0) {
        snprintf(rep->msg, sizeof(rep->msg), "cannot set up %s", pair->c->name);
        return;
    }
    dd_init(&r.dd, pattern, pattern_digest, 1);
    for (;;) {
        uint8_t *payload;
        size_t used, plen;
        ssize_t n;
        int res = chan_open(&r.st, buf + start, end - start, &used, &payload, &plen,
                            rep->msg, sizeof(rep->msg));

        if (res == CHAN_ERROR)
            break;
        if (res == CHAN_PACKET) {
            if (take_payload(&r, payload, plen, rep->msg, sizeof(rep->msg)) != 0)
                break;
            if (r.done)
                rep->t_end = now();
            start += used;
            continue;
        }
        if (start > 0 && cap - end < RECV_BUF) {
            memmove(buf, buf + start, end - start);
            end -= start;
            start = 0;
        }
        n = read(fd, buf + end, cap - end < RECV_BUF ? cap - end : RECV_BUF);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            snprintf(rep->msg, sizeof(rep->msg), "read: %s", strerror(errno));
            break;
        }
        if (n == 0) {
            if (end > start)
                snprintf(rep->msg, sizeof(rep->msg),
                         "the stream ends inside packet %llu (%zu bytes of it): partial "
                         "transfer, %llu bytes verified",
                         (unsigned long long)r.st.packets + 1, end - start,
                         (unsigned long long)r.bytes);
            else if (!r.done)
                snprintf(rep->msg, sizeof(rep->msg),
                         "the stream ends after %llu packets without the final one: partial "
                         "transfer, %llu bytes verified",
                         (unsigned long long)r.st.packets, (unsigned long long)r.bytes);
            else
                rep->ok = 1;
            break;
        }
        end += (size_t)n;
    }
    rep->bytes = r.bytes;
    rep->packets = r.st.packets;
    rep->cpu = cpu_seconds() - cpu0;
    chan_cleanup(&r.st);
}

/* ---- The sender ---- */

typedef struct sender {
    chan_state st;
    data_digest dd;
    const uint8_t *pattern;
    uint64_t sent;
} sender;

/* fill_data puts n bytes of data at p: the file's or the pattern's.
 * Returns the count (fewer at the file's end) or -1. */
static ssize_t fill_data(const chan_job *j, sender *s, uint8_t *p, size_t n)
{
    if (j->file != NULL)
        return read_full(j->file_fd, p, n);
    for (size_t done = 0; done < n;) {
        size_t off = (size_t)((s->sent + done) % PATTERN_LEN);
        size_t k = PATTERN_LEN - off < n - done ? PATTERN_LEN - off : n - done;
        memcpy(p + done, s->pattern + off, k);
        done += k;
    }
    return (ssize_t)n;
}

/* final_payload writes the last payload at p and returns its length. */
static size_t final_payload(sender *s, uint8_t *p)
{
    size_t nl = strlen(END_REQUEST);

    p[0] = MSG_CHANNEL_REQUEST;
    put32(p + 1, 0);
    put32(p + 5, (uint32_t)nl);
    memcpy(p + 9, END_REQUEST, nl);
    p[9 + nl] = 0;                      /* want reply: false */
    put64(p + 10 + nl, s->sent);
    put32(p + 18 + nl, 32);
    dd_final(&s->dd, p + 22 + nl);
    return 22 + nl + 32;
}

/* send_stream sends the whole transfer on fd (and to save); 0, or -1 with
 * msg set. */
static int send_stream(int fd, int save, const chan_job *j, const chan_pair *pair,
                       const chan_keys *keys, const uint8_t *pattern,
                       const uint8_t *pattern_digest, char *msg, size_t msg_len)
{
    static uint8_t *batch;
    size_t cap = BATCH + DATA_HDR + j->packet + CHAN_OVERHEAD + 128;
    sender s;
    int last = 0, ret = -1;

    if (batch == NULL && (batch = malloc(cap)) == NULL) {
        snprintf(msg, msg_len, "out of memory");
        return -1;
    }
    memset(&s, 0, sizeof(s));
    s.pattern = pattern;
    if (chan_init(&s.st, pair->c, pair->m, keys, 1) != 0) {
        snprintf(msg, msg_len, "cannot set up %s", pair->c->name);
        return -1;
    }
    dd_init(&s.dd, j->file == NULL ? pattern : NULL, pattern_digest, 0);
    while (!last) {
        size_t pos = 0;

        while (!last && pos < BATCH) {
            uint8_t *pl = batch + pos + CHAN_HDR;
            size_t want = j->packet;
            ssize_t n;

            if (j->file == NULL && j->size - s.sent < want)
                want = (size_t)(j->size - s.sent);
            n = want > 0 ? fill_data(j, &s, pl + DATA_HDR, want) : 0;
            if (n < 0) {
                snprintf(msg, msg_len, "cannot read '%s': %s", j->file, strerror(errno));
                goto out;
            }
            if (n > 0) {
                pl[0] = MSG_CHANNEL_DATA;
                put32(pl + 1, 0);
                put32(pl + 5, (uint32_t)n);
                uint64_t unused;
                dd_add(&s.dd, pl + DATA_HDR, (size_t)n, &unused);
                s.sent += (uint64_t)n;
                pos += chan_seal(&s.st, batch + pos, DATA_HDR + (size_t)n);
            } else {
                pos += chan_seal(&s.st, batch + pos, final_payload(&s, pl));
                last = 1;
            }
        }
        if (save >= 0 && write_all(save, batch, pos) != 0) {
            snprintf(msg, msg_len, "cannot write -save-stream: %s", strerror(errno));
            goto out;
        }
        if (fd >= 0 && write_all(fd, batch, pos) != 0) {
            snprintf(msg, msg_len, "connection lost after %llu bytes were sent: %s",
                     (unsigned long long)s.sent, strerror(errno));
            goto out;
        }
    }
    ret = 0;
out:
    chan_cleanup(&s.st);
    return ret;
}

/* ---- One transfer ---- */

static void on_int(int sig)
{
    chan_ssh_stop();
    if (child_pid > 0) {
        kill((pid_t)child_pid, SIGKILL);
        waitpid((pid_t)child_pid, NULL, 0);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* listen_local opens a listening TCP socket on 127.0.0.1 on a free port. */
static int listen_local(struct sockaddr_in *addr)
{
    socklen_t len = sizeof(*addr);
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

    memset(addr, 0, sizeof(*addr));
    addr->sin_family = AF_INET;
    addr->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || bind(fd, (struct sockaddr *)addr, sizeof(*addr)) != 0 || listen(fd, 1) != 0 ||
        getsockname(fd, (struct sockaddr *)addr, &len) != 0) {
        app_error(PROG, "cannot listen on 127.0.0.1: %s", strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

/* run_child is the receiver process: accepts one connection, receives,
 * reports on the pipe and exits. */
static void run_child(int lfd, int rfd, const chan_pair *pair, const chan_keys *keys,
                      const uint8_t *pattern, const uint8_t *pdigest)
{
    recv_report rep;
    int fd;

    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    fd = accept(lfd, NULL, NULL);
    close(lfd);
    if (fd < 0) {
        memset(&rep, 0, sizeof(rep));
        snprintf(rep.msg, sizeof(rep.msg), "accept: %s", strerror(errno));
    } else {
        receive(fd, pair, keys, pattern, pdigest, &rep);
    }
    write_all(rfd, (const uint8_t *)&rep, sizeof(rep));
    _exit(rep.ok ? 0 : 1);
}

/* row_name writes "CIPHER" or "CIPHER with MAC" to buf. */
static const char *row_name(const chan_pair *pair, char *buf, size_t len)
{
    if (pair->m != NULL)
        snprintf(buf, len, "%s with %s", pair->c->name, pair->m->name);
    else
        snprintf(buf, len, "%s", pair->c->name);
    return buf;
}

/* transfer runs one row; 0 with res filled, or -1 after one error line. */
static int transfer(const chan_job *j, const chan_pair *pair, const uint8_t *pattern,
                    const uint8_t *pdigest, chan_result *res)
{
    struct sockaddr_in addr;
    chan_keys keys;
    recv_report rep;
    char msg[400] = "", who[128];
    int lfd, fd, p[2], status, sent_ok, save = -1;
    ssize_t got;
    double t0, cpu0;
    pid_t pid;

    if (brisk_random_bytes((uint8_t *)&keys, sizeof(keys)) != 0) {
        app_error(PROG, "no random bytes for the keys");
        return -1;
    }
    if (j->save_keys != NULL) {
        FILE *f = fopen(j->save_keys, "w");
        if (f == NULL) {
            app_error(PROG, "cannot write '%s': %s", j->save_keys, strerror(errno));
            return -1;
        }
        fprintf(f, "cipher %s\nmac %s\nenc_key ", pair->c->name,
                pair->m != NULL ? pair->m->name : "none");
        for (size_t i = 0; i < pair->c->key_len; i++)
            fprintf(f, "%02x", keys.enc[i]);
        fprintf(f, "\niv ");
        for (size_t i = 0; i < pair->c->iv_len; i++)
            fprintf(f, "%02x", keys.iv[i]);
        fprintf(f, "\nmac_key ");
        for (size_t i = 0; pair->m != NULL && i < pair->m->key_len; i++)
            fprintf(f, "%02x", keys.mac[i]);
        fprintf(f, "\n");
        if (fclose(f) != 0) {
            app_error(PROG, "cannot write '%s'", j->save_keys);
            return -1;
        }
    }
    if (j->save_stream != NULL &&
        (save = open(j->save_stream, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) < 0) {
        app_error(PROG, "cannot write '%s': %s", j->save_stream, strerror(errno));
        return -1;
    }
    if (j->file != NULL)
        lseek(j->file_fd, 0, SEEK_SET);
    if ((lfd = listen_local(&addr)) < 0 || pipe(p) != 0) {
        if (lfd >= 0)
            app_error(PROG, "pipe: %s", strerror(errno));
        goto fail_early;
    }
    pid = fork();
    if (pid < 0) {
        app_error(PROG, "fork: %s", strerror(errno));
        goto fail_early;
    }
    if (pid == 0) {
        close(p[0]);
        run_child(lfd, p[1], pair, &keys, j->file == NULL ? pattern : NULL, pdigest);
    }
    child_pid = pid;
    close(p[1]);
    close(lfd);
    fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof(addr)) != 0) {
        snprintf(msg, sizeof(msg), "cannot connect to 127.0.0.1:%u: %s",
                 (unsigned)ntohs(addr.sin_port), strerror(errno));
        sent_ok = 0;
    } else {
        cpu0 = cpu_seconds();
        t0 = now();
        sent_ok = send_stream(fd, save, j, pair, &keys, pattern, pdigest, msg, sizeof(msg)) == 0;
        res->send_cpu = cpu_seconds() - cpu0;
    }
    if (fd >= 0)
        close(fd);
    got = read_full(p[0], (uint8_t *)&rep, sizeof(rep));
    close(p[0]);
    waitpid(pid, &status, 0);
    child_pid = 0;
    if (save >= 0)
        close(save);
    if (got != (ssize_t)sizeof(rep)) {
        char how[64];
        if (WIFSIGNALED(status))
            snprintf(how, sizeof(how), "was killed by signal %d", WTERMSIG(status));
        else
            snprintf(how, sizeof(how), "exited with status %d", WEXITSTATUS(status));
        app_error(PROG, "%s: the receiver %s; partial transfer: %s",
                  row_name(pair, who, sizeof(who)), how,
                  sent_ok ? "the sender had sent everything" : msg);
        return -1;
    }
    if (!rep.ok) {
        app_error(PROG, "%s: receiver: %s", row_name(pair, who, sizeof(who)), rep.msg);
        return -1;
    }
    if (!sent_ok) {
        app_error(PROG, "%s: %s", row_name(pair, who, sizeof(who)), msg);
        return -1;
    }
    res->bytes = rep.bytes;
    res->seconds = rep.t_end - t0;
    res->recv_cpu = rep.cpu;
    return 0;

fail_early:
    if (save >= 0)
        close(save);
    if (lfd >= 0)
        close(lfd);
    return -1;
}

/* ---- The ceiling of the cipher and MAC alone ---- */

/* ceiling measures, in memory, how fast packets of this size are sealed
 * and opened (each timed apart: the two run at once on two processes) for
 * about `seconds` of CPU time, and returns the slower side's rate in MB/s of data, or
 * -1. */
static double ceiling(const chan_pair *pair, size_t packet, double seconds)
{
    size_t stride = CHAN_HDR + DATA_HDR + packet + CHAN_OVERHEAD;
    size_t n = (2 * 1024 * 1024) / packet + 1, lens[64];
    double t_seal = 0, t_open = 0, bytes = 0;
    uint8_t *buf;
    chan_keys keys;
    /* The cipher context wants 64-byte alignment, which malloc lacks. */
    chan_state *st = aligned_alloc(64, (sizeof(*st) + 63) / 64 * 64);

    if (n > 64)
        n = 64;
    buf = calloc(n, stride);
    if (buf == NULL || st == NULL || brisk_random_bytes((uint8_t *)&keys, sizeof(keys)) != 0) {
        free(buf);
        free(st);
        return -1;
    }
    if (seconds < CEILING_MIN_SECONDS)
        seconds = CEILING_MIN_SECONDS;
    if (seconds > CEILING_MAX_SECONDS)
        seconds = CEILING_MAX_SECONDS;
    while (t_seal + t_open < seconds || t_seal == 0) {
        double t;
        char err[200];

        if (chan_init(st, pair->c, pair->m, &keys, 1) != 0)
            break;
        t = cpu_now();
        for (size_t i = 0; i < n; i++)
            lens[i] = chan_seal(st, buf + i * stride, DATA_HDR + packet);
        t_seal += cpu_now() - t;
        chan_cleanup(st);
        chan_init(st, pair->c, pair->m, &keys, 0);
        t = cpu_now();
        for (size_t i = 0; i < n; i++) {
            uint8_t *pl;
            size_t used, plen;
            if (chan_open(st, buf + i * stride, lens[i], &used, &pl, &plen, err, sizeof(err)) !=
                CHAN_PACKET) {
                chan_cleanup(st);
                free(st);
                free(buf);
                return -1;
            }
        }
        t_open += cpu_now() - t;
        chan_cleanup(st);
        bytes += (double)n * (double)packet;
    }
    free(st);
    free(buf);
    return bytes / (t_seal > t_open ? t_seal : t_open) / 1e6;
}

/* ---- Output ---- */

static const char *mac_name(const chan_pair *pair)
{
    return pair->m != NULL ? pair->m->name : "none";
}

static const char *mac_name_or_null(const chan_pair *pair)
{
    return pair->m != NULL ? pair->m->name : NULL;
}

static void print_header(const chan_job *j)
{
    if (j->mr) {
        fprintf(j->lines, "+CHH:%llu:%zu\n", (unsigned long long)j->size, j->packet);
        return;
    }
    fprintf(j->lines, "brisk channel: %llu bytes in %zu-byte payloads, TCP on 127.0.0.1\n",
           (unsigned long long)j->size, j->packet);
    fprintf(j->lines, "MB/s is 10^6 bytes/s of data; CPU in ns per byte of data; ceilings: cipher+MAC\n"
           "alone in memory at this packet size, and the transport alone (-c none)\n\n");
    if (j->ssh)
        fprintf(j->lines, "scp: `scp -c CIPHER` of the same data to /dev/null through a private sshd on\n"
               "127.0.0.1 (%s), MB/s, its ssh handshake included\n\n", chan_ssh_version());
    fprintf(j->lines, "%-30s %-30s %8s %8s %8s %10s %9s %6s%s\n", "cipher", "MAC", "MB/s", "send", "recv",
           "crypto", "none", "%ceil", j->ssh ? "      scp" : "");
}

/* scp_field formats scp's MB/s for the row: "n/a" when not measured. */
static const char *scp_field(double scp, char *buf, size_t len)
{
    if (scp < 0)
        snprintf(buf, len, "n/a");
    else
        snprintf(buf, len, "%.2f", scp);
    return buf;
}

static void print_row(const chan_job *j, const chan_pair *pair, const chan_result *r,
                      double none_mbps, double scp)
{
    char sf[32];

    double mbps = (double)r->bytes / r->seconds / 1e6;
    double b = r->bytes > 0 ? (double)r->bytes : 1;
    double low = r->ceiling < none_mbps ? r->ceiling : none_mbps;

    if (j->mr) {
        fprintf(j->lines, "+CH:%s:%s:%zu:%llu:%.6f:%.2f:%.4f:%.4f:%.2f:%.2f", pair->c->name,
               mac_name(pair), j->packet, (unsigned long long)r->bytes, r->seconds, mbps,
               r->send_cpu * 1e9 / b, r->recv_cpu * 1e9 / b, r->ceiling, none_mbps);
        if (j->ssh)
            fprintf(j->lines, ":%s", scp_field(scp, sf, sizeof(sf)));
        fprintf(j->lines, "\n");
        return;
    }
    fprintf(j->lines, "%-30s %-30s %8.1f %8.3f %8.3f %10.1f %9.1f %5.0f%%", pair->c->name, mac_name(pair),
           mbps, r->send_cpu * 1e9 / b, r->recv_cpu * 1e9 / b, r->ceiling, none_mbps,
           100.0 * mbps / low);
    if (j->ssh && scp < 0)
        fprintf(j->lines, " %8s", "n/a");
    else if (j->ssh)
        fprintf(j->lines, " %8.1f", scp);
    fprintf(j->lines, "\n");
    fflush(j->lines);
}

/* ---- Options ---- */

static void usage(void)
{
    const chan_cipher *c;
    const chan_mac *m;

    opts_usage(stdout, PROG, "[options]", channel_options);
    printf("\nSends -size bytes (or -file) to a forked receiver over TCP on 127.0.0.1 as\n"
           "ssh's binary packet protocol does (RFC 4253 section 6) and prints, per cipher\n"
           "and MAC, MB/s, each side's CPU ns per byte, and the ceilings: the cipher and\n"
           "MAC alone at that packet size, and the transport alone (-c none).  Without\n"
           "-c: every cipher with OpenSSH's default MAC for it (AEADs take none).\n"
           "-mr prints +CHH:SIZE:PACKET, then per row +CH:CIPHER:MAC:PACKET:BYTES:SECONDS:\n"
           "MBPS:SEND_NS_PER_BYTE:RECV_NS_PER_BYTE:CRYPTO_MBPS:NONE_MBPS, and with -ssh\n"
           ":SCP_MBPS (or n/a, explained in a +CHN:NOTE line).\n"
           "-repeat N takes N passes over every row (the transport's first), silent but\n"
           "for the last, whose rows show each column's median (scp is timed then, once);\n"
           "-stats adds MB/s min, median, max and spread per row, -cycles cycles per byte\n"
           "of the transfer's time and of each side's CPU time (the TSC's rate, or -mhz's).\n"
           "-ssh starts a private sshd (a temporary directory, keys made for the run, a free\n"
           "port on 127.0.0.1; stopped and removed at the end, also on Ctrl-C) and times\n"
           "`scp -c CIPHER` of the same data to /dev/null through it; it needs OpenSSH's\n"
           "sshd, ssh, scp and ssh-keygen and exits 1 without running anything if one is\n"
           "missing.\n"
           "-listen [ADDR:]PORT on one machine and -connect HOST:PORT -c CIPHER [-m MAC] on\n"
           "another time one transfer across the network (the connecting side sends), keys\n"
           "from -pass by PBKDF2-HMAC-SHA-256 (600000 iterations) over a greeting the\n"
           "connecting side sends in the clear (salt, names, sizes): a wrong password\n"
           "fails packet 1's authentication.  -listen 127.0.0.1:0 picks a free port; it\n"
           "prints the port on stderr.  -mr prints +CHNET:sent|received:CIPHER:MAC:PACKET:\n"
           "BYTES:SECONDS:MBPS:CPU_NS_PER_BYTE.\n"
           "Ciphers:");
    for (size_t i = 0; (c = chan_cipher_at(i)) != NULL; i++)
        printf(" %s", c->name);
    printf("\nMACs:");
    for (size_t i = 0; (m = chan_mac_at(i)) != NULL; i++)
        printf(" %s", m->name);
    printf("\n");
}

static void list_known(void)
{
    const chan_cipher *c;
    const chan_mac *m;

    fprintf(stderr, "known ciphers:");
    for (size_t i = 0; (c = chan_cipher_at(i)) != NULL; i++)
        fprintf(stderr, " %s", c->name);
    fprintf(stderr, "\nknown MACs:");
    for (size_t i = 0; (m = chan_mac_at(i)) != NULL; i++)
        fprintf(stderr, " %s", m->name);
    fprintf(stderr, "\n");
}

/* split_names parses a comma-separated list of cipher (macs = 0) or MAC
 * names into out; the count, or -1 after reporting. */
static int split_names(const char *s, int macs, const void **out, size_t max)
{
    char buf[1024], *save = NULL, *tok;
    size_t n = 0;

    if (strlen(s) >= sizeof(buf)) {
        app_error(PROG, "list too long: '%s'", s);
        return -1;
    }
    strcpy(buf, s);
    for (tok = strtok_r(buf, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
        const void *x = macs ? (const void *)chan_mac_by_name(tok)
                             : (const void *)chan_cipher_by_name(tok);
        if (x == NULL) {
            app_error(PROG, "unknown %s '%s'", macs ? "MAC" : "cipher", tok);
            list_known();
            return -1;
        }
        if (n == max) {
            app_error(PROG, "too many names in '%s'", s);
            return -1;
        }
        out[n++] = x;
    }
    if (n == 0) {
        app_error(PROG, "empty list '%s'", s);
        return -1;
    }
    return (int)n;
}

/* make_pairs builds the rows from -c and -m; 0 or -1. */
static int make_pairs(chan_job *j, const char *cs, const char *ms)
{
    const void *cl[64], *ml[64];
    int nc, nm = 0;
    const chan_mac *dflt = chan_mac_by_name("hmac-sha2-256-etm@openssh.com");

    if (cs != NULL) {
        if ((nc = split_names(cs, 0, cl, 64)) < 0)
            return -1;
    } else {
        for (nc = 0; chan_cipher_at((size_t)nc) != NULL; nc++)
            cl[nc] = chan_cipher_at((size_t)nc);
    }
    if (ms != NULL && (nm = split_names(ms, 1, ml, 64)) < 0)
        return -1;
    for (int i = 0; i < nc; i++) {
        const chan_cipher *c = cl[i];
        if (c->kind == CHAN_KIND_GCM || c->kind == CHAN_KIND_CHACHA ||
            (ms == NULL && c->kind == CHAN_KIND_NONE)) {
            if (ms != NULL && cs != NULL) {
                app_error(PROG, "%s is an AEAD cipher and takes no MAC (-m)", c->name);
                return -1;
            }
            j->pairs[j->n_pairs].c = c;
            j->pairs[j->n_pairs++].m = NULL;
            continue;
        }
        for (int k = 0; k < (ms != NULL ? nm : 1) && j->n_pairs < MAX_PAIRS; k++) {
            j->pairs[j->n_pairs].c = c;
            j->pairs[j->n_pairs++].m = ms != NULL ? ml[k] : dflt;
        }
    }
    return 0;
}

/* ---- -replay ---- */

static int hex_field(const char *line, const char *key, uint8_t *out, size_t max)
{
    size_t kl = strlen(key), n = 0;
    const char *p;

    if (strncmp(line, key, kl) != 0 || line[kl] != ' ')
        return 0;
    for (p = line + kl + 1; p[0] != '\0' && p[0] != '\n' && n < max; p += 2) {
        unsigned v;
        if (sscanf(p, "%2x", &v) != 1)
            return -1;
        out[n++] = (uint8_t)v;
    }
    return 1;
}

static int replay(const char *stream, const char *keys_path)
{
    FILE *f;
    char line[512], cname[128] = "", mname[128] = "";
    chan_keys keys;
    chan_pair pair;
    recv_report rep;
    int fd;

    if (keys_path == NULL) {
        app_error(PROG, "-replay needs -keys");
        return 1;
    }
    if ((f = fopen(keys_path, "r")) == NULL) {
        app_error(PROG, "cannot read '%s': %s", keys_path, strerror(errno));
        return 1;
    }
    memset(&keys, 0, sizeof(keys));
    while (fgets(line, sizeof(line), f) != NULL) {
        if (strncmp(line, "cipher ", 7) == 0)
            sscanf(line + 7, "%127s", cname);
        if (strncmp(line, "mac ", 4) == 0)
            sscanf(line + 4, "%127s", mname);
        if (hex_field(line, "enc_key", keys.enc, sizeof(keys.enc)) < 0 ||
            hex_field(line, "iv", keys.iv, sizeof(keys.iv)) < 0 ||
            hex_field(line, "mac_key", keys.mac, sizeof(keys.mac)) < 0) {
            app_error(PROG, "'%s': bad hex", keys_path);
            fclose(f);
            return 1;
        }
    }
    fclose(f);
    pair.c = chan_cipher_by_name(cname);
    pair.m = strcmp(mname, "none") == 0 ? NULL : chan_mac_by_name(mname);
    if (pair.c == NULL || (pair.m == NULL && strcmp(mname, "none") != 0)) {
        app_error(PROG, "'%s' names no known cipher and MAC", keys_path);
        return 1;
    }
    if ((fd = open(stream, O_RDONLY | O_CLOEXEC)) < 0) {
        app_error(PROG, "cannot read '%s': %s", stream, strerror(errno));
        return 1;
    }
    receive(fd, &pair, &keys, NULL, NULL, &rep);
    close(fd);
    if (!rep.ok) {
        app_error(PROG, "%s: %s", stream, rep.msg);
        return 1;
    }
    printf("%s: %llu packets, %llu bytes of data verified (%s, %s)\n", stream,
           (unsigned long long)rep.packets, (unsigned long long)rep.bytes, pair.c->name,
           mac_name(&pair));
    return 0;
}

/* ---- -listen and -connect: two machines ----
 *
 * The connecting side sends, in the clear, a greeting: NET_MAGIC, 16
 * random bytes of salt, the size and packet size, and the cipher and MAC
 * names; both sides then derive the one direction's keys (chan_keys: the
 * encryption key, IV and MAC key) with PBKDF2-HMAC-SHA-256 of the password
 * over the whole greeting as salt, so that a wrong password, and a changed
 * greeting, give other keys and the first packet does not authenticate.
 * NET_ITERATIONS is OWASP's 2023 recommendation for PBKDF2-HMAC-SHA-256
 * (600,000): the greeting is on the wire, so anyone watching can try
 * passwords offline at that cost each; it takes a fraction of a second on
 * each side once per run.  The connecting side sends the data, the
 * listening one receives and checks it, then answers "ok BYTES\n" in the
 * clear (a report, not a proof) and both print the throughput.
 */
#define NET_MAGIC "brisk-channel-1"
#define NET_MAGIC_LEN 16
#define NET_SALT_LEN 16
#define NET_ITERATIONS 600000u
#define NET_HELLO_MAX (NET_MAGIC_LEN + NET_SALT_LEN + 12 + 2 + 2 * 255)

/* net_addr splits "[ADDR:]PORT" (listen) or "HOST:PORT" (connect); an
 * IPv6 address may be in brackets ("[::1]:22"). */
static int net_addr(const char *s, int need_host, char *host, size_t host_len, char *port,
                    size_t port_len)
{
    const char *colon = strrchr(s, ':');
    const char *p = colon != NULL ? colon + 1 : s;
    size_t hl = colon != NULL ? (size_t)(colon - s) : 0;
    char *end;
    long v = strtol(p, &end, 10);

    if (*p == '\0' || *end != '\0' || v < 0 || v > 65535 || (need_host && hl == 0) ||
        hl >= host_len || strlen(p) >= port_len)
        return -1;
    if (hl >= 2 && s[0] == '[' && s[hl - 1] == ']') {   /* [::1]:22, as ssh and URLs write it */
        s++;
        hl -= 2;
    }
    memcpy(host, s, hl);
    host[hl] = '\0';
    strcpy(port, p);
    return 0;
}

static int net_keys(const char *pass, const uint8_t *hello, size_t hello_len, chan_keys *keys)
{
    return brisk_pbkdf2_hmac(brisk_digest_by_name("sha256"), (uint8_t *)keys, sizeof(*keys),
                             (const uint8_t *)pass, strlen(pass), hello, hello_len,
                             NET_ITERATIONS);
}

static void net_print(const chan_job *j, const char *role, const chan_pair *pair, uint64_t bytes,
                      double seconds, double cpu)
{
    double mbps = seconds > 0 ? (double)bytes / seconds / 1e6 : 0;
    double b = bytes > 0 ? (double)bytes : 1;
    char who[128];

    if (j->mr)
        printf("+CHNET:%s:%s:%s:%zu:%llu:%.6f:%.2f:%.4f\n", role, pair->c->name, mac_name(pair),
               j->packet, (unsigned long long)bytes, seconds, mbps, cpu * 1e9 / b);
    else
        printf("%s %s: %llu bytes in %.3f s: %.1f MB/s, %.3f CPU ns a byte\n", role,
               row_name(pair, who, sizeof(who)), (unsigned long long)bytes, seconds, mbps,
               cpu * 1e9 / b);
}

static int net_listen(chan_job *j, const char *where, const char *pass)
{
    struct addrinfo hints, *ai = NULL;
    char host[256], port[16], name[128], msg[400];
    uint8_t hello[NET_HELLO_MAX];
    size_t hl;
    int lfd = -1, fd = -1, one = 1, ret = 1, err;
    chan_pair pair;
    chan_keys keys;
    recv_report rep;
    struct sockaddr_storage ss;
    socklen_t sl = sizeof(ss);
    double t0;

    if (net_addr(where, 0, host, sizeof(host), port, sizeof(port)) != 0) {
        app_error(PROG, "-listen: '%s' is not [ADDR:]PORT", where);
        return 1;
    }
    memset(&hints, 0, sizeof(hints));
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    if ((err = getaddrinfo(host[0] != '\0' ? host : NULL, port, &hints, &ai)) != 0) {
        app_error(PROG, "-listen: '%s': %s", where, gai_strerror(err));
        return 1;
    }
    lfd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (lfd >= 0)
        setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (lfd < 0 || bind(lfd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(lfd, 1) != 0 ||
        getsockname(lfd, (struct sockaddr *)&ss, &sl) != 0) {
        app_error(PROG, "cannot listen on %s: %s", where, strerror(errno));
        goto out;
    }
    if (getnameinfo((struct sockaddr *)&ss, sl, host, sizeof(host), port, sizeof(port),
                    NI_NUMERICHOST | NI_NUMERICSERV) == 0)
        fprintf(stderr, "brisk channel: listening on %s:%s\n", host, port);
    fd = accept(lfd, NULL, NULL);
    if (fd < 0) {
        app_error(PROG, "accept: %s", strerror(errno));
        goto out;
    }
    /* The greeting: magic, salt, size, packet, the two names. */
    if (read_full(fd, hello, NET_MAGIC_LEN + NET_SALT_LEN + 12 + 1) !=
            NET_MAGIC_LEN + NET_SALT_LEN + 12 + 1 ||
        memcmp(hello, NET_MAGIC, NET_MAGIC_LEN) != 0) {
        app_error(PROG, "the connecting side is not brisk channel -connect");
        goto out;
    }
    hl = NET_MAGIC_LEN + NET_SALT_LEN + 12 + 1;
    for (int k = 0; k < 2; k++) {
        size_t n = hello[hl - 1];
        if (read_full(fd, hello + hl, n + (k == 0)) != (ssize_t)(n + (k == 0))) {
            app_error(PROG, "the connection closed during the greeting");
            goto out;
        }
        memcpy(name, hello + hl, n);
        name[n] = '\0';
        hl += n + (k == 0);
        if (k == 0 && (pair.c = chan_cipher_by_name(name)) == NULL) {
            app_error(PROG, "the connecting side proposes unknown cipher '%s'", name);
            goto out;
        }
        if (k == 1)
            pair.m = strcmp(name, "none") == 0 ? NULL : chan_mac_by_name(name);
        if (k == 1 && pair.m == NULL && strcmp(name, "none") != 0) {
            app_error(PROG, "the connecting side proposes unknown MAC '%s'", name);
            goto out;
        }
    }
    if (j->n_pairs == 1 && (j->pairs[0].c != pair.c || j->pairs[0].m != pair.m)) {
        char a[128], b[128];
        app_error(PROG, "the connecting side uses %s, this side %s", row_name(&pair, a, sizeof(a)),
                  row_name(&j->pairs[0], b, sizeof(b)));
        goto out;
    }
    j->packet = get32(hello + NET_MAGIC_LEN + NET_SALT_LEN + 8);
    if (net_keys(pass, hello, hl, &keys) != 0) {
        app_error(PROG, "PBKDF2 failed");
        goto out;
    }
    /* Ready: the other side starts its clock and its data now; this side
     * starts its clock when the first byte arrives, not before, so that
     * the other side's PBKDF2 is not counted. */
    if (write_all(fd, (const uint8_t *)"r", 1) != 0) {
        app_error(PROG, "connection lost after the greeting: %s", strerror(errno));
        goto out;
    }
    while (recv(fd, msg, 1, MSG_PEEK) < 0 && errno == EINTR)
        ;
    t0 = now();
    receive(fd, &pair, &keys, NULL, NULL, &rep);
    memset(&keys, 0, sizeof(keys));
    if (!rep.ok) {
        if (rep.packets == 0 && rep.bytes == 0 && strncmp(rep.msg, "packet 1 ", 9) == 0)
            app_error(PROG, "packet 1 fails authentication: a wrong -pass (or a changed "
                      "greeting) [%s]", rep.msg);
        else
            app_error(PROG, "%s", rep.msg);
        write_all(fd, (const uint8_t *)"fail\n", 5);
        goto out;
    }
    snprintf(msg, sizeof(msg), "ok %llu\n", (unsigned long long)rep.bytes);
    write_all(fd, (const uint8_t *)msg, strlen(msg));
    net_print(j, "received", &pair, rep.bytes, rep.t_end - t0, rep.cpu);
    ret = 0;
out:
    if (fd >= 0)
        close(fd);
    if (lfd >= 0)
        close(lfd);
    freeaddrinfo(ai);
    return ret;
}

static int net_connect(chan_job *j, const char *where, const char *pass, const uint8_t *pattern,
                       const uint8_t *pdigest)
{
    struct addrinfo hints, *ai = NULL, *a;
    char host[256], port[16], msg[400], reply[64];
    uint8_t hello[NET_HELLO_MAX];
    const chan_pair *pair = &j->pairs[0];
    const char *mn = mac_name(pair);
    size_t hl = 0;
    ssize_t got;
    int fd = -1, err, ret = 1;
    chan_keys keys;
    double t0, cpu0;

    if (net_addr(where, 1, host, sizeof(host), port, sizeof(port)) != 0) {
        app_error(PROG, "-connect: '%s' is not HOST:PORT", where);
        return 1;
    }
    memset(&hints, 0, sizeof(hints));
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV;
    if ((err = getaddrinfo(host, port, &hints, &ai)) != 0) {
        app_error(PROG, "-connect: '%s': %s", where, gai_strerror(err));
        return 1;
    }
    for (a = ai; a != NULL; a = a->ai_next) {
        fd = socket(a->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) == 0)
            break;
        err = errno;
        if (fd >= 0)
            close(fd);
        fd = -1;
        errno = err;
    }
    if (fd < 0) {
        app_error(PROG, "cannot connect to %s: %s", where, strerror(errno));
        goto out;
    }
    memset(hello, 0, sizeof(hello));
    memcpy(hello, NET_MAGIC, strlen(NET_MAGIC));
    hl = NET_MAGIC_LEN;
    if (brisk_random_bytes(hello + hl, NET_SALT_LEN) != 0) {
        app_error(PROG, "no random bytes for the salt");
        goto out;
    }
    hl += NET_SALT_LEN;
    put64(hello + hl, j->size);
    put32(hello + hl + 8, (uint32_t)j->packet);
    hl += 12;
    hello[hl++] = (uint8_t)strlen(pair->c->name);
    memcpy(hello + hl, pair->c->name, strlen(pair->c->name));
    hl += strlen(pair->c->name);
    hello[hl++] = (uint8_t)strlen(mn);
    memcpy(hello + hl, mn, strlen(mn));
    hl += strlen(mn);
    if (write_all(fd, hello, hl) != 0) {
        app_error(PROG, "connection lost during the greeting: %s", strerror(errno));
        goto out;
    }
    if (net_keys(pass, hello, hl, &keys) != 0) {
        app_error(PROG, "PBKDF2 failed");
        goto out;
    }
    if (read_full(fd, (uint8_t *)reply, 1) != 1 || reply[0] != 'r') {
        memset(&keys, 0, sizeof(keys));
        app_error(PROG, "the listening side refused the greeting (see its message)");
        goto out;
    }
    if (j->file != NULL)
        lseek(j->file_fd, 0, SEEK_SET);
    cpu0 = cpu_seconds();
    t0 = now();
    if (send_stream(fd, -1, j, pair, &keys, pattern, pdigest, msg, sizeof(msg)) != 0) {
        memset(&keys, 0, sizeof(keys));
        app_error(PROG, "%s: partial transfer", msg);
        goto out;
    }
    memset(&keys, 0, sizeof(keys));
    shutdown(fd, SHUT_WR);
    got = read_full(fd, (uint8_t *)reply, sizeof(reply) - 1);
    reply[got > 0 ? got : 0] = '\0';
    if (strncmp(reply, "ok ", 3) != 0) {
        app_error(PROG, "the listening side did not confirm the transfer (%s): see its message",
                  got > 0 ? "it failed" : "no answer");
        goto out;
    }
    net_print(j, "sent", pair, j->size, now() - t0, cpu_seconds() - cpu0);
    ret = 0;
out:
    if (fd >= 0)
        close(fd);
    freeaddrinfo(ai);
    return ret;
}

/* net_main checks the options of -listen and -connect and runs one. */
static int net_main(chan_job *j, const char *listen_at, const char *connect_to,
                    const char *pass_src, int named)
{
    char *pass;
    uint8_t *pattern = NULL, pdigest[32];
    int ret = 1;

    if (listen_at != NULL && connect_to != NULL) {
        app_error(PROG, "give -listen or -connect, not both");
        return 1;
    }
    if (j->ssh || j->save_stream != NULL || j->save_keys != NULL) {
        app_error(PROG, "-listen and -connect go without -ssh, -save-stream and -save-keys");
        return 1;
    }
    if ((connect_to != NULL || named) && j->n_pairs != 1) {
        app_error(PROG, "-%s takes one cipher and one MAC (-c, -m)",
                  connect_to != NULL ? "connect" : "listen");
        return 1;
    }
    if (j->n_pairs == 1 && j->pairs[0].c->kind == CHAN_KIND_NONE) {
        app_error(PROG, "the none cipher is for loopback only, not -listen or -connect");
        return 1;
    }
    if (!named)
        j->n_pairs = 0;     /* -listen: take what the connecting side names */
    if ((pass = malloc(APP_PASS_MAX + 1)) == NULL) {
        app_error(PROG, "out of memory");
        return 1;
    }
    if (app_password(PROG, "-pass", pass_src, "brisk channel", 0, pass) != 0)
        goto out;
    if (pass[0] == '\0') {
        app_error(PROG, "-pass: an empty password");
        goto out;
    }
    signal(SIGPIPE, SIG_IGN);
    if (listen_at != NULL) {
        ret = net_listen(j, listen_at, pass);
        goto out;
    }
    if ((pattern = malloc(PATTERN_LEN)) == NULL || brisk_random_bytes(pattern, PATTERN_LEN) != 0) {
        app_error(PROG, "cannot make the data");
        goto out;
    }
    brisk_sha256(pdigest, pattern, PATTERN_LEN);
    ret = net_connect(j, connect_to, pass, pattern, pdigest);
out:
    app_password_wipe(pass);
    free(pass);
    free(pattern);
    return ret;
}

/* ---- main ---- */

/* put_cell writes a row as a cell of the run document. */
static void put_cell(json_writer *w, const chan_job *j, const struct chan_row *row)
{
    const chan_result *r = &row->r;
    double b = r->bytes > 0 ? (double)r->bytes : 1;
    double v = speed_median(row->rate.v, row->rate.n), hz = speed_cycles_hz(&j->clk);

    json_begin_object(w, NULL);
    json_string(w, "library", "brisk");
    json_string(w, "algorithm", row->pair.c->name);
    json_string(w, "operation", "transfer");
    json_int(w, "size", (long long)j->packet);
    json_string(w, "unit", "bytes/s");
    json_number(w, "value", v);
    json_begin_array(w, "samples");
    for (int i = 0; i < row->rate.n; i++)
        json_number(w, NULL, row->rate.v[i]);
    json_end_array(w);
    if (hz > 0 && v > 0) {
        json_number(w, "cycles", hz / v);
        json_begin_array(w, "cycle_samples");
        for (int i = 0; i < row->rate.n; i++)
            json_number(w, NULL, row->rate.v[i] > 0 ? hz / row->rate.v[i] : 0);
        json_end_array(w);
    }
    json_begin_object(w, "extra");
    json_string(w, "mac", mac_name(&row->pair));
    json_int(w, "bytes", (long long)r->bytes);
    json_number(w, "send_cpu_ns_per_byte", r->send_cpu * 1e9 / b);
    json_number(w, "recv_cpu_ns_per_byte", r->recv_cpu * 1e9 / b);
    if (r->ceiling >= 0)
        json_number(w, "ceiling_bytes_per_s", r->ceiling * 1e6);
    else
        json_null(w, "ceiling_bytes_per_s");
    json_number(w, "none_bytes_per_s", row->none_mbps * 1e6);
    if (j->ssh && row->scp >= 0)
        json_number(w, "scp_bytes_per_s", row->scp * 1e6);
    else if (j->ssh)
        json_null(w, "scp_bytes_per_s");
    json_end_object(w);
    json_end_object(w);
}

/* write_doc writes the run document of the rows timed; 0 or 1. */
static int write_doc(const chan_job *j)
{
    json_writer w;
    FILE *mem = run_doc_begin(j->doc, &w, "channel");

    if (!mem)
        return 1;
    json_begin_object(&w, "options");
    json_int(&w, "size", (long long)j->size);
    json_int(&w, "packet", (long long)j->packet);
    json_string(&w, "file", j->file);
    json_bool(&w, "ssh", j->ssh);
    run_doc_put_passes(&w, j->repeat, &j->clk);
    json_end_object(&w);
    json_begin_array(&w, "cells");
    for (size_t i = 0; i < j->n_rows; i++)
        put_cell(&w, j, &j->rows[i]);
    json_end_array(&w);
    return run_doc_end(j->doc, &w, mem, j->mr || run_doc_json_stdout(j->doc) ? stderr : stdout);
}

/* add_sample notes one pass's result of a row. */
static void add_sample(struct chan_row *row, const chan_result *r)
{
    int n = row->rate.n;
    double b = r->bytes > 0 ? (double)r->bytes : 1;

    if (n >= MAX_REPEAT)
        return;
    speed_add_sample(&row->rate, r->seconds > 0 ? (double)r->bytes / r->seconds : 0, 0);
    row->send[n] = r->send_cpu / b;
    row->recv[n] = r->recv_cpu / b;
    row->ceil[n] = r->ceiling;
}

/* row_median returns the row's result made of its medians: the rate, each
 * side's CPU per byte and the ceiling (-1 if a pass could not measure
 * it), over the bytes of one transfer. */
static chan_result row_median(const struct chan_row *row, uint64_t bytes)
{
    int n = row->rate.n;
    double rate = speed_median(row->rate.v, n);
    chan_result m;

    m.bytes = bytes;
    m.seconds = rate > 0 ? (double)bytes / rate : 0;
    m.send_cpu = speed_median(row->send, n) * (double)bytes;
    m.recv_cpu = speed_median(row->recv, n) * (double)bytes;
    m.ceiling = speed_median(row->ceil, n);
    for (int i = 0; i < n; i++)
        if (row->ceil[i] < 0)
            m.ceiling = -1;
    return m;
}

/* print_stats prints -stats' and -cycles' table after the rows: MB/s
 * min, median, max and spread per row (-stats), and cycles per byte of
 * data (-cycles): of the transfer's wall-clock time, and of each side's
 * CPU time, at the TSC's rate (or -mhz's). */
static void print_stats(const chan_job *j)
{
    double hz = speed_cycles_hz(&j->clk);
    int marked = 0;
    char line[200];

    if (j->n_rows == 0)
        return;
    fprintf(j->lines, "\nPer row, %d pass%s", j->repeat, j->repeat == 1 ? "" : "es");
    if (j->stats)
        fprintf(j->lines, "; MB/s, spread = (max - min) / median");
    fprintf(j->lines, "\n");
    if (j->clk.source != NULL) {
        speed_cycles_describe(&j->clk, line, sizeof(line));
        fprintf(j->lines, "%s;\ncycles per byte of data: of the transfer's time, and of the "
                "sender's and receiver's CPU time\n", line);
    }
    fprintf(j->lines, "%-30s %-30s", "cipher", "MAC");
    if (j->stats)
        fprintf(j->lines, " %8s %8s %8s %7s", "min", "median", "max", "spread");
    if (j->clk.source != NULL)
        fprintf(j->lines, " %9s %9s %9s", "c/B", "send c/B", "recv c/B");
    fprintf(j->lines, "\n");
    for (size_t i = 0; i < j->n_rows; i++) {
        const struct chan_row *row = &j->rows[i];
        double lo, hi, spread = speed_spread(&row->rate, &lo, &hi);
        double rate = speed_median(row->rate.v, row->rate.n);

        fprintf(j->lines, "%-30s %-30s", row->pair.c->name, mac_name(&row->pair));
        if (j->stats) {
            marked |= spread > SPEED_NOISY_SPREAD;
            fprintf(j->lines, " %8.1f %8.1f %8.1f %6.1f%%%s", lo / 1e6, rate / 1e6, hi / 1e6,
                    100 * spread, spread > SPEED_NOISY_SPREAD ? " *" : "  ");
        }
        if (j->clk.source != NULL)
            fprintf(j->lines, " %9.3f %9.3f %9.3f", rate > 0 ? hz / rate : 0,
                    speed_median(row->send, row->rate.n) * hz,
                    speed_median(row->recv, row->rate.n) * hz);
        fprintf(j->lines, "\n");
    }
    if (marked)
        fprintf(j->lines, "* spread above %.0f%%: the median is not to be trusted to better than "
                "that; take more passes (-repeat) or run on a quieter machine.\n",
                100 * SPEED_NOISY_SPREAD);
}

static int run(chan_job *j)
{
    static const chan_pair none_pair = {NULL, NULL};
    chan_pair np = none_pair;
    chan_result none_res, r;
    double none_mbps = 0, none_v[MAX_REPEAT];
    int n_none = 0;
    uint8_t *pattern = malloc(PATTERN_LEN), pdigest[32];
    char (*notes)[256] = calloc(MAX_PAIRS, 256);
    size_t n_notes = 0, done = 0;
    double scp = -1;
    int ret = 0;

    if (pattern == NULL || notes == NULL || brisk_random_bytes(pattern, PATTERN_LEN) != 0) {
        app_error(PROG, "cannot make the data");
        free(notes);
        free(pattern);
        return 1;
    }
    brisk_sha256(pdigest, pattern, PATTERN_LEN);
    signal(SIGPIPE, SIG_IGN);
    /* A SIGINT ignored from the start (a background job) stays ignored. */
    if (signal(SIGINT, on_int) == SIG_IGN)
        signal(SIGINT, SIG_IGN);
    signal(SIGTERM, on_int);
    np.c = chan_cipher_by_name("none");
    if (j->ssh && chan_ssh_start(j->file, j->size, pattern, PATTERN_LEN) != 0) {
        free(notes);
        free(pattern);
        return 1;
    }
    /* Before timing (after any error in the setup), the CPU time this
     * process gets per second of wall time. */
    j->cpu_share = speed_cpu_share(0.2);
    if (!j->mr)
        speed_warn_share(PROG, j->cpu_share);
    if (j->doc != NULL)
        j->doc->cpu_share = j->cpu_share;
    print_header(j);
    /* -repeat: passes over every row, silent but for the last, whose rows
     * show the medians of all passes; scp is timed in the last pass. */
    for (int pass = 0; pass < j->repeat && ret == 0; pass++) {
        int last = pass == j->repeat - 1;

        if (!last)
            fprintf(stderr, "brisk %s: -repeat: pass %d of %d\n", PROG, pass + 1, j->repeat);
        /* The transport's ceiling first: the rows compare against it. */
        memset(&none_res, 0, sizeof(none_res));
        if (j->save_stream == NULL) {
            if (transfer(j, &np, pattern, pdigest, &none_res) != 0) {
                ret = 1;
                break;
            }
            none_v[n_none++] = (double)none_res.bytes / none_res.seconds / 1e6;
            none_mbps = speed_median(none_v, n_none);
        }
        for (size_t i = 0; i < j->n_pairs; i++) {
            const chan_pair *pair = &j->pairs[i];
            struct chan_row *row = &j->rows[i];

            memset(&r, 0, sizeof(r));
            if (pair->c->kind == CHAN_KIND_NONE && pair->m == NULL && j->save_stream == NULL) {
                r = none_res;
            } else if (transfer(j, pair, pattern, pdigest, &r) != 0) {
                ret = 1;
                break;
            }
            r.ceiling = ceiling(pair, j->packet, r.seconds);
            if (j->save_stream != NULL)
                none_mbps = (double)r.bytes / r.seconds / 1e6;
            if (pass == 0)
                row->pair = *pair;
            add_sample(row, &r);
            if (!last)
                continue;
            if (j->ssh) {
                char note[200] = "";
                if (pair->c->kind == CHAN_KIND_NONE) {
                    scp = -1;
                    snprintf(note, sizeof(note), "OpenSSH offers no none cipher to its users");
                } else if ((scp = chan_ssh_scp(pair->c->name, mac_name_or_null(pair), note,
                                               sizeof(note))) == -2) {
                    ret = 1;
                    break;
                }
                if (scp < 0 && n_notes < MAX_PAIRS)
                    snprintf(notes[n_notes++], sizeof(notes[0]), "%s: scp n/a: %s",
                             pair->c->name, note);
            }
            row->r = row_median(row, r.bytes);
            row->none_mbps = none_mbps;
            row->scp = scp;
            print_row(j, pair, &row->r, none_mbps, scp);
            done = i + 1;
        }
    }
    /* The stats and the document hold the rows printed: those that
     * finished every pass. */
    j->n_rows = done;
    if (ret == 0 && !j->mr && (j->stats || j->clk.source != NULL))
        print_stats(j);
    if (j->ssh) {
        chan_ssh_stop();
        for (size_t i = 0; i < n_notes && !j->mr; i++)
            fprintf(j->lines, "%s%s\n", i == 0 ? "\n" : "", notes[i]);
        for (size_t i = 0; i < n_notes && j->mr; i++)
            fprintf(j->lines, "+CHN:%s\n", notes[i]);
    }
    free(notes);
    free(pattern);
    return ret;
}

/* same_output tells whether paths a and b are one file: the same regular
 * file (also through links), or the same name not made yet. */
static int same_output(const char *a, const char *b)
{
    struct stat st;

    if (a == NULL || b == NULL)
        return 0;
    if (stat(a, &st) == 0 && stat(b, &st) == 0)
        return app_same_file(a, b);
    return strcmp(a, b) == 0;
}

/* check_saves refuses, before anything is sent, a -save-stream or
 * -save-keys that cannot be written (a directory, or one that out_try
 * cannot create), that is the -file being sent (which it would truncate),
 * or that is the other one. */
static int check_saves(const chan_job *j)
{
    const char *saves[2] = {j->save_stream, j->save_keys};
    const char *opts[2] = {"-save-stream", "-save-keys"};

    for (int i = 0; i < 2; i++) {
        if (saves[i] == NULL)
            continue;
        if (out_try(PROG, saves[i]) != 0)
            return -1;
        if (same_output(saves[i], j->file)) {
            app_error(PROG, "%s '%s' is the -file being sent; refusing to overwrite it", opts[i],
                      saves[i]);
            return -1;
        }
    }
    if (same_output(j->save_stream, j->save_keys)) {
        app_error(PROG, "-save-stream and -save-keys name the same file '%s'; give two",
                  j->save_keys);
        return -1;
    }
    return 0;
}

int channel_main(int argc, char **argv)
{
    chan_job *j = calloc(1, sizeof(chan_job));
    const char *cs = NULL, *ms = NULL, *size = NULL, *replay_path = NULL, *keys_path = NULL;
    const char *listen_at = NULL, *connect_to = NULL, *pass_src = NULL;
    int id, ret, want_doc, want_cycles = 0;
    run_doc doc;
    app_opts o;

    if (j == NULL) {
        app_error(PROG, "out of memory");
        return 1;
    }
    j->packet = DEFAULT_PACKET;
    j->size = DEFAULT_SIZE;
    j->file_fd = -1;
    j->lines = stdout;
    memset(&doc, 0, sizeof(doc));
    doc.prog = PROG;
    doc.cpu_share = -1;
    opts_init(&o, PROG, channel_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: usage(); free(j); return 0;
        case OPT_CIPHERS: cs = o.value; break;
        case OPT_MACS: ms = o.value; break;
        case OPT_SIZE: size = o.value; break;
        case OPT_FILE: j->file = o.value; break;
        case OPT_PACKET: j->packet = (size_t)o.number; break;
        case OPT_MR: j->mr = 1; break;
        case OPT_SSH: j->ssh = 1; break;
        case OPT_LISTEN: listen_at = o.value; break;
        case OPT_CONNECT: connect_to = o.value; break;
        case OPT_PASS: pass_src = o.value; break;
        case OPT_SAVE_STREAM: j->save_stream = o.value; break;
        case OPT_SAVE_KEYS: j->save_keys = o.value; break;
        case OPT_REPLAY: replay_path = o.value; break;
        case OPT_KEYS: keys_path = o.value; break;
        case OPT_JSON: doc.json_path = o.value; break;
        case OPT_SAVE: doc.save_path = o.value; break;
        case OPT_BASELINE: doc.baseline_path = o.value; break;
        case OPT_FAIL_BELOW:
            if (run_doc_parse_ratio(PROG, o.name, o.value, &doc.fail_below) != 0) {
                free(j);
                return 1;
            }
            break;
        case OPT_REPEAT: j->repeat = (int)o.number; break;
        case OPT_STATS: j->stats = 1; break;
        case OPT_CYCLES: want_cycles = 1; break;
        case OPT_MHZ: j->clk.mhz = o.number; want_cycles = 1; break;
        case OPT_UNKNOWN: app_error(PROG, "unknown option '%s'", o.name); free(j); return 1;
        default: free(j); return 1;
        }
    }
    ret = 1;
    want_doc = doc.json_path || doc.save_path || doc.baseline_path || doc.fail_below > 0;
    if (o.ind < argc) {
        app_error(PROG, "unexpected argument '%s'", argv[o.ind]);
        goto out;
    }
    if ((j->repeat || j->stats || want_cycles) &&
        (replay_path || listen_at || connect_to || j->save_stream || j->save_keys)) {
        app_error(PROG, "-repeat, -stats, -cycles and -mhz go with the local run only "
                  "(not -replay, -listen, -connect, -save-stream or -save-keys)");
        goto out;
    }
    if ((j->stats || want_cycles) && j->mr) {
        app_error(PROG, "-stats, -cycles and -mhz cannot be used with -mr (its rows are "
                  "medians with -repeat)");
        goto out;
    }
    if (j->repeat == 0)
        j->repeat = 1;
    if (want_doc && (replay_path || listen_at || connect_to || j->save_stream)) {
        app_error(PROG, "-json, -save, -baseline and -fail-below go with the local run only "
                  "(not -replay, -listen, -connect or -save-stream)");
        goto out;
    }
    if (replay_path != NULL) {
        ret = replay(replay_path, keys_path);
        goto out;
    }
    if (keys_path != NULL) {
        app_error(PROG, "-keys goes with -replay");
        goto out;
    }
    if (size != NULL && j->file != NULL) {
        app_error(PROG, "give -size or -file, not both");
        goto out;
    }
    if (size != NULL && parse_bytes(size, &j->size) != 0) {
        app_error(PROG, "-size: bad size '%s' (a number, with k, m or g)", size);
        goto out;
    }
    if (size == NULL && j->file == NULL && j->size / j->packet > DEFAULT_PACKETS)
        j->size = j->packet * DEFAULT_PACKETS;
    if (make_pairs(j, cs, ms) != 0)
        goto out;
    if ((j->save_stream != NULL || j->save_keys != NULL) && j->n_pairs != 1) {
        app_error(PROG, "-save-stream and -save-keys take one cipher and one MAC");
        goto out;
    }
    if (j->file != NULL) {
        struct stat st;
        /* A FIFO is refused before open(), which would wait for a writer. */
        if (stat(j->file, &st) == 0 && !S_ISREG(st.st_mode)) {
            app_error(PROG, "'%s' is not a regular file", j->file);
            goto out;
        }
        j->file_fd = open(j->file, O_RDONLY | O_CLOEXEC);
        if (j->file_fd < 0) {
            app_error(PROG, "cannot read '%s': %s", j->file, strerror(errno));
            goto out;
        }
        if (fstat(j->file_fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            app_error(PROG, "'%s' is not a regular file", j->file);
            goto out;
        }
        if (st.st_size == 0) {
            app_error(PROG, "'%s' is empty: nothing to send", j->file);
            goto out;
        }
        j->size = (uint64_t)st.st_size;
    }
    if (check_saves(j) != 0)
        goto out;
    if (app_stdout_check(PROG) != 0)
        goto out;
    if (listen_at != NULL || connect_to != NULL) {
        ret = net_main(j, listen_at, connect_to, pass_src, cs != NULL || ms != NULL);
        goto out;
    }
    if (pass_src != NULL) {
        app_error(PROG, "-pass goes with -listen or -connect");
        goto out;
    }
    if (want_doc) {
        if (run_doc_start(&doc, "channel", argc, argv) != 0)
            goto out;
        j->doc = &doc;
        if (run_doc_json_stdout(&doc)) {
            j->lines = fopen("/dev/null", "w");
            if (j->lines == NULL) {
                app_error(PROG, "cannot open /dev/null: %s", strerror(errno));
                goto out;
            }
        }
    }
    j->rows = calloc(MAX_PAIRS, sizeof(*j->rows));
    if (j->rows == NULL) {
        app_error(PROG, "out of memory");
        goto out;
    }
    if (want_cycles && speed_cycles_start(&j->clk, 0, PROG) != 0)
        goto out;
    ret = run(j);
    if (j->lines != stdout) {
        fclose(j->lines);
        j->lines = stdout;
    }
    if (ret == 0 && j->doc != NULL && write_doc(j) != 0)
        ret = 1;
out:
    if (j->lines != stdout)
        fclose(j->lines);
    free(j->rows);
    run_doc_free(&doc);
    if (j->file_fd >= 0)
        close(j->file_fd);
    free(j);
    return ret;
}
