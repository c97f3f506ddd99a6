/*
 * src/kdf/argon2.c - Argon2d, Argon2i and Argon2id (RFC 9106, version
 * 0x13): H0, the long hash H' (both on BLAKE2b, src/digest/blake2b.c), the
 * memory matrix, the indexing function, the lanes on threads, the final
 * block and tag, and the portable compression function G.
 *
 * Memory: m' = 4 * p * floor(m / 4p) blocks of 1 KiB, allocated per call
 * (64-byte aligned), wiped and freed before returning.  From 2 MiB on it is
 * mapped directly, aligned to 2 MiB and, where Linux offers it, advised to
 * be backed by transparent huge pages (MADV_HUGEPAGE): with 4 KiB pages the
 * first pass's page faults cost more than the rest of a 64 MiB, t = 4 run
 * (measured on a Zen 5 VM), and the random reads of the reference blocks
 * miss the TLB less.  The lanes of each
 * slice are independent: they run on `threads` threads (the caller's thread
 * being one of them), each taking every threads-th lane, with a barrier at
 * each slice boundary, as the reference implementation synchronises (it
 * creates threads per slice; here they live for the whole call).
 *
 * G is the dispatched primitive "argon2": this file's portable C (64-bit
 * words, BlaMka's multiply-add), src/kdf/argon2_avx2.c and argon2_avx512.c.
 *
 * Constant-time: Argon2i, and Argon2id's first two slices of pass 0,
 * address memory only through the address blocks, computed from public
 * parameters (pass, lane, slice, sizes, type, counter), so their branches
 * and memory addresses do not depend on the password, salt, secret or
 * associated data (tests/ct_argon2.c checks it under valgrind).  Argon2d,
 * and Argon2id after its first half-pass, index memory by the data by
 * design (RFC 9106 section 3.4).  BLAKE2b and G are constant-time.
 */
#include <stdlib.h>

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <brisk/kdf.h>

#include "internal.h"
#include "../digest/blake2b.h"

static const brisk_impl argon2_impls[] = {
#ifdef BRISK_X86_64
    {"avx512", BRISK_CPU_AVX512F, 0, BRISK_IMPL_AUTO,
     &(const brisk_argon2_ops){brisk_argon2_fill_avx512}},
    {"avx2", BRISK_CPU_AVX2, 0, BRISK_IMPL_AUTO, &(const brisk_argon2_ops){brisk_argon2_fill_avx2}},
#endif
    {"c", 0, 0, BRISK_IMPL_AUTO, &(const brisk_argon2_ops){brisk_argon2_fill_c}},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_argon2_prim = {.name = "argon2", .impls = argon2_impls};

enum {
    ARGON2_VERSION = 0x13,
    ARGON2_SYNC_POINTS = 4, /* slices per pass */
    ARGON2_PREHASH = 64,    /* H0's length */
    ARGON2_BLOCK_BYTES = 8 * BRISK_ARGON2_WORDS
};

typedef struct argon2_block {
    _Alignas(64) uint64_t v[BRISK_ARGON2_WORDS];
} argon2_block;

/* ---- G, portable ---- */

/* blamka is BLAKE2b's addition with BlaMka's multiplication added:
 * x + y + 2 * lo32(x) * lo32(y) (RFC 9106 section 3.6). */
static inline uint64_t blamka(uint64_t x, uint64_t y)
{
    return x + y + 2 * ((x & 0xffffffffu) * (y & 0xffffffffu));
}

static inline void blamka_g(uint64_t *a, uint64_t *b, uint64_t *c, uint64_t *d)
{
    *a = blamka(*a, *b);
    *d = rotr64(*d ^ *a, 32);
    *c = blamka(*c, *d);
    *b = rotr64(*b ^ *c, 24);
    *a = blamka(*a, *b);
    *d = rotr64(*d ^ *a, 16);
    *c = blamka(*c, *d);
    *b = rotr64(*b ^ *c, 63);
}

/* blamka_round is the permutation P on the 16 words v[o[0]], ..., v[o[15]]
 * of v: BLAKE2b's round without message words, with BlaMka's G. */
static inline void blamka_round(uint64_t *v, const uint8_t o[16])
{
    blamka_g(&v[o[0]], &v[o[4]], &v[o[8]], &v[o[12]]);
    blamka_g(&v[o[1]], &v[o[5]], &v[o[9]], &v[o[13]]);
    blamka_g(&v[o[2]], &v[o[6]], &v[o[10]], &v[o[14]]);
    blamka_g(&v[o[3]], &v[o[7]], &v[o[11]], &v[o[15]]);
    blamka_g(&v[o[0]], &v[o[5]], &v[o[10]], &v[o[15]]);
    blamka_g(&v[o[1]], &v[o[6]], &v[o[11]], &v[o[12]]);
    blamka_g(&v[o[2]], &v[o[7]], &v[o[8]], &v[o[13]]);
    blamka_g(&v[o[3]], &v[o[4]], &v[o[9]], &v[o[14]]);
}

/* The offsets of P's inputs: a row of the 8x8 matrix of 16-byte registers
 * is 16 consecutive words; a column is two words from each row. */
static const uint8_t row_offsets[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
static const uint8_t col_offsets[16] = {0, 1, 16, 17, 32, 33, 48, 49,
                                        64, 65, 80, 81, 96, 97, 112, 113};

void brisk_argon2_fill_c(uint64_t *next, const uint64_t *prev, const uint64_t *ref, int xor_into)
{
    uint64_t r[BRISK_ARGON2_WORDS], z[BRISK_ARGON2_WORDS];

    for (size_t i = 0; i < BRISK_ARGON2_WORDS; i++)
        r[i] = z[i] = prev[i] ^ ref[i];
    for (size_t i = 0; i < 8; i++)
        blamka_round(z + 16 * i, row_offsets);
    for (size_t i = 0; i < 8; i++)
        blamka_round(z + 2 * i, col_offsets);
    if (xor_into)
        for (size_t i = 0; i < BRISK_ARGON2_WORDS; i++)
            next[i] ^= r[i] ^ z[i];
    else
        for (size_t i = 0; i < BRISK_ARGON2_WORDS; i++)
            next[i] = r[i] ^ z[i];
}

/* ---- H' (RFC 9106 section 3.3) ---- */

/* hprime writes out_len bytes of H'(in1 || in2) to out. */
static void hprime(uint8_t *out, size_t out_len, const uint8_t *in1, size_t in1_len,
                   const uint8_t *in2, size_t in2_len)
{
    brisk_blake2b_ctx ctx;
    uint8_t len_le[4], v[BRISK_BLAKE2B_MAX_OUT];

    store32_le(len_le, (uint32_t)out_len);
    brisk_blake2b_init(&ctx, out_len <= 64 ? out_len : 64);
    brisk_blake2b_update(&ctx, len_le, 4);
    brisk_blake2b_update(&ctx, in1, in1_len);
    brisk_blake2b_update(&ctx, in2, in2_len);
    if (out_len <= 64) {
        brisk_blake2b_final(&ctx, out);
        return;
    }
    /* r = ceil(out_len / 32) - 2 hashes of 64 bytes, each contributing its
     * first 32 bytes, then one of the remaining out_len - 32r bytes. */
    brisk_blake2b_final(&ctx, v);
    memcpy(out, v, 32);
    out += 32;
    out_len -= 32;
    while (out_len > 64) {
        brisk_blake2b(v, 64, v, 64);
        memcpy(out, v, 32);
        out += 32;
        out_len -= 32;
    }
    brisk_blake2b(out, out_len, v, 64);
    wipe(v, sizeof(v));
}

/* ---- The memory and its filling ---- */

typedef struct argon2_state {
    argon2_block *mem;
    const brisk_argon2_ops *ops;
    uint32_t type, passes, lanes, lane_len, seg_len, blocks;
    /* The slice barrier: threads wait until `arrived` reaches n_threads;
     * the last to arrive starts the next generation. */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    uint32_t n_threads, arrived, generation;
    int started; /* set once n_threads is final */
} argon2_state;

/* next_addresses computes the next address block: input's counter (word
 * 6) is incremented, then addr = G(0, G(0, input)) (RFC 9106 section
 * 3.4.1.1). */
static void next_addresses(const argon2_state *st, argon2_block *addr, argon2_block *input,
                           const argon2_block *zero)
{
    input->v[6]++;
    st->ops->fill(addr->v, zero->v, input->v, 0);
    st->ops->fill(addr->v, zero->v, addr->v, 0);
}

/* ref_index maps J1 (rand's low 32 bits) to a column of the reference lane
 * (RFC 9106 section 3.4.2): uniform-ish over the blocks already computed
 * and not in the current slice of another lane, favouring recent ones. */
static uint32_t ref_index(const argon2_state *st, uint32_t pass, uint32_t slice, uint32_t index,
                          uint32_t j1, int same_lane)
{
    uint32_t area, start = 0;

    if (pass == 0) {
        if (slice == 0)
            area = index - 1;
        else if (same_lane)
            area = slice * st->seg_len + index - 1;
        else
            area = slice * st->seg_len - (index == 0);
    } else {
        if (same_lane)
            area = st->lane_len - st->seg_len + index - 1;
        else
            area = st->lane_len - st->seg_len - (index == 0);
        start = slice == ARGON2_SYNC_POINTS - 1 ? 0 : (slice + 1) * st->seg_len;
    }
    uint64_t x = ((uint64_t)j1 * j1) >> 32;
    uint64_t rel = area - 1 - (((uint64_t)area * x) >> 32);
    return (uint32_t)((start + rel) % st->lane_len);
}

/* ref_block returns the offset in memory of the reference block of the
 * block at column index of the segment (pass, slice, lane), for the
 * pseudo-random value rand (RFC 9106 section 3.4). */
static size_t ref_block(const argon2_state *st, uint32_t pass, uint32_t slice, uint32_t lane,
                        uint32_t index, uint64_t rand)
{
    uint32_t ref_lane = (uint32_t)((rand >> 32) % st->lanes);
    if (pass == 0 && slice == 0)
        ref_lane = lane;
    uint32_t ref = ref_index(st, pass, slice, index, (uint32_t)rand, ref_lane == lane);
    return (size_t)ref_lane * st->lane_len + ref;
}

/* prefetch asks for the block at b to be brought into the cache. */
static inline void prefetch(const argon2_block *b)
{
#if defined(__GNUC__) || defined(__clang__)
    for (size_t k = 0; k < sizeof(*b); k += 64)
        __builtin_prefetch((const uint8_t *)b + k);
#else
    (void)b;
#endif
}

/* fill_segment computes the blocks of one lane's segment in one slice.
 * With data-independent addressing, the next block's reference block is
 * known one block ahead and is prefetched meanwhile (it is usually not in
 * any cache: its column is pseudo-random). */
static void fill_segment(const argon2_state *st, uint32_t pass, uint32_t slice, uint32_t lane)
{
    static const argon2_block zero;
    argon2_block addr, input;
    int indep = st->type == BRISK_ARGON2I ||
                (st->type == BRISK_ARGON2ID && pass == 0 && slice < ARGON2_SYNC_POINTS / 2);
    uint32_t start = pass == 0 && slice == 0 ? 2 : 0;

    if (indep) {
        memset(&input, 0, sizeof(input));
        input.v[0] = pass;
        input.v[1] = lane;
        input.v[2] = slice;
        input.v[3] = st->blocks;
        input.v[4] = st->passes;
        input.v[5] = st->type;
        if (start != 0)
            next_addresses(st, &addr, &input, &zero);
    }
    size_t curr = (size_t)lane * st->lane_len + (size_t)slice * st->seg_len + start;
    size_t prev = curr % st->lane_len == 0 ? curr + st->lane_len - 1 : curr - 1;
    for (uint32_t i = start; i < st->seg_len; i++, curr++, prev++) {
        if (curr % st->lane_len == 1)
            prev = curr - 1;
        size_t ref;
        if (indep) {
            uint32_t k = i % BRISK_ARGON2_WORDS;
            if (k == 0)
                next_addresses(st, &addr, &input, &zero);
            ref = ref_block(st, pass, slice, lane, i, addr.v[k]);
            if (k + 1 < BRISK_ARGON2_WORDS && i + 1 < st->seg_len)
                prefetch(&st->mem[ref_block(st, pass, slice, lane, i + 1, addr.v[k + 1])]);
        } else {
            ref = ref_block(st, pass, slice, lane, i, st->mem[prev].v[0]);
        }
        st->ops->fill(st->mem[curr].v, st->mem[prev].v, st->mem[ref].v, pass != 0);
    }
}

/* slice_barrier returns when all n_threads threads have called it. */
static void slice_barrier(argon2_state *st)
{
    if (st->n_threads == 1)
        return;
    pthread_mutex_lock(&st->mu);
    uint32_t gen = st->generation;
    if (++st->arrived == st->n_threads) {
        st->arrived = 0;
        st->generation++;
        pthread_cond_broadcast(&st->cv);
    } else {
        while (gen == st->generation)
            pthread_cond_wait(&st->cv, &st->mu);
    }
    pthread_mutex_unlock(&st->mu);
}

typedef struct argon2_worker {
    argon2_state *st;
    uint32_t id;
    pthread_t thread;
} argon2_worker;

/* run_lanes fills worker id's lanes (id, id + n_threads, ...) of every
 * slice of every pass. */
static void run_lanes(argon2_state *st, uint32_t id)
{
    for (uint32_t pass = 0; pass < st->passes; pass++)
        for (uint32_t slice = 0; slice < ARGON2_SYNC_POINTS; slice++) {
            for (uint32_t lane = id; lane < st->lanes; lane += st->n_threads)
                fill_segment(st, pass, slice, lane);
            slice_barrier(st);
        }
}

static void *worker_main(void *arg)
{
    argon2_worker *w = arg;
    argon2_state *st = w->st;

    /* Start once the creator has fixed n_threads (every creation tried). */
    pthread_mutex_lock(&st->mu);
    while (!st->started)
        pthread_cond_wait(&st->cv, &st->mu);
    pthread_mutex_unlock(&st->mu);
    run_lanes(st, w->id);
    return NULL;
}

/* fill_memory runs every pass on n threads, the caller's included; on
 * fewer when threads cannot be created (the lanes are then shared out
 * among those that exist). */
static void fill_memory(argon2_state *st, uint32_t n)
{
    argon2_worker *w = NULL;
    uint32_t made = 0;

    st->n_threads = 1;
    if (n > 1 && (w = calloc(n - 1, sizeof(*w))) != NULL) {
        pthread_mutex_init(&st->mu, NULL);
        pthread_cond_init(&st->cv, NULL);
        for (uint32_t i = 0; i + 1 < n; i++) {
            w[made].st = st;
            w[made].id = made + 1;
            if (pthread_create(&w[made].thread, NULL, worker_main, &w[made]) != 0)
                break;
            made++;
        }
        pthread_mutex_lock(&st->mu);
        st->n_threads = made + 1;
        st->started = 1;
        pthread_cond_broadcast(&st->cv);
        pthread_mutex_unlock(&st->mu);
    }
    run_lanes(st, 0);
    if (w != NULL) {
        for (uint32_t i = 0; i < made; i++)
            pthread_join(w[i].thread, NULL);
        pthread_mutex_destroy(&st->mu);
        pthread_cond_destroy(&st->cv);
        free(w);
    }
}

/* ---- Memory ---- */

enum { HUGE_PAGE = 2u << 20 };

/* The memory of one call: where it is, and how to give it back. */
typedef struct argon2_region {
    void *map;      /* the mapping, or NULL when mem came from posix_memalign */
    size_t map_len;
    void *mem;
    size_t len;
} argon2_region;

/* region_alloc gets len bytes, 64-byte aligned; 0 or BRISK_ENOMEM. */
static int region_alloc(argon2_region *r, size_t len)
{
    memset(r, 0, sizeof(*r));
    r->len = len;
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
    if (len >= HUGE_PAGE && len <= SIZE_MAX - 2 * (size_t)HUGE_PAGE) {
        size_t rounded = (len + HUGE_PAGE - 1) & ~((size_t)HUGE_PAGE - 1);
        size_t map_len = rounded + HUGE_PAGE;
        void *map = mmap(NULL, map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                         -1, 0);
        if (map != MAP_FAILED) {
            uintptr_t at = ((uintptr_t)map + HUGE_PAGE - 1) & ~((uintptr_t)HUGE_PAGE - 1);
            /* Advice only: without huge pages the memory works the same. */
            (void)madvise((void *)at, rounded, MADV_HUGEPAGE);
            r->map = map;
            r->map_len = map_len;
            r->mem = (void *)at;
            return BRISK_EOK;
        }
    }
#endif
    if (posix_memalign(&r->mem, 64, len) != 0 || r->mem == NULL)
        return BRISK_ENOMEM;
    return BRISK_EOK;
}

/* region_free wipes and releases r. */
static void region_free(argon2_region *r)
{
    wipe(r->mem, r->len);
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
    if (r->map != NULL) {
        munmap(r->map, r->map_len);
        return;
    }
#endif
    free(r->mem);
}

/* ---- The function ---- */

static int argon2_check(const brisk_argon2_params *p, const uint8_t *out, size_t out_len,
                        const uint8_t *pass, size_t pass_len, const uint8_t *salt,
                        size_t salt_len)
{
    if (p == NULL || out == NULL)
        return 0;
    if ((uint32_t)p->type > BRISK_ARGON2ID || p->t_cost < 1 || p->lanes < 1 ||
        p->lanes > 0xffffff || p->m_cost / 8 < p->lanes)
        return 0;
    if (out_len < 4 || out_len > UINT32_MAX || salt_len < 8 || salt_len > UINT32_MAX ||
        pass_len > UINT32_MAX || p->secret_len > UINT32_MAX || p->ad_len > UINT32_MAX)
        return 0;
    if ((pass == NULL && pass_len > 0) || salt == NULL ||
        (p->secret == NULL && p->secret_len > 0) || (p->ad == NULL && p->ad_len > 0))
        return 0;
    return 1;
}

/* update_le32 hashes v as 4 little-endian bytes. */
static void update_le32(brisk_blake2b_ctx *ctx, uint32_t v)
{
    uint8_t b[4];
    store32_le(b, v);
    brisk_blake2b_update(ctx, b, 4);
}

/* update_field hashes LE32(len) || data, one of H0's variable fields. */
static void update_field(brisk_blake2b_ctx *ctx, const uint8_t *data, size_t len)
{
    update_le32(ctx, (uint32_t)len);
    if (len > 0)
        brisk_blake2b_update(ctx, data, len);
}

/* threads_for returns how many threads run p's lanes. */
static uint32_t threads_for(const brisk_argon2_params *p)
{
    uint32_t n = p->threads;
    if (n == 0) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        n = cpus < 1 ? 1 : cpus > 0xffffff ? 0xffffff : (uint32_t)cpus;
    }
    return n < p->lanes ? n : p->lanes;
}

int brisk_argon2(const brisk_argon2_params *p, uint8_t *out, size_t out_len,
                 const uint8_t *pass, size_t pass_len, const uint8_t *salt, size_t salt_len)
{
    if (!argon2_check(p, out, out_len, pass, pass_len, salt, salt_len))
        return BRISK_EINVAL;

    argon2_state st;
    memset(&st, 0, sizeof(st));
    st.type = p->type;
    st.passes = p->t_cost;
    st.lanes = p->lanes;
    st.seg_len = p->m_cost / (ARGON2_SYNC_POINTS * p->lanes);
    st.lane_len = st.seg_len * ARGON2_SYNC_POINTS;
    st.blocks = st.lane_len * p->lanes;
    st.ops = brisk_argon2_active();
    /* At most 4 TiB: more than a 32-bit size_t holds. */
    uint64_t bytes64 = (uint64_t)st.blocks * ARGON2_BLOCK_BYTES;
    size_t mem_bytes = (size_t)bytes64;
    if (mem_bytes != bytes64)
        return BRISK_ENOMEM;
    argon2_region region;
    if (region_alloc(&region, mem_bytes) != BRISK_EOK)
        return BRISK_ENOMEM;
    st.mem = region.mem;

    /* H0 (RFC 9106 section 3.2, step 1). */
    uint8_t h0[ARGON2_PREHASH + 8];
    brisk_blake2b_ctx ctx;
    brisk_blake2b_init(&ctx, ARGON2_PREHASH);
    update_le32(&ctx, p->lanes);
    update_le32(&ctx, (uint32_t)out_len);
    update_le32(&ctx, p->m_cost);
    update_le32(&ctx, p->t_cost);
    update_le32(&ctx, ARGON2_VERSION);
    update_le32(&ctx, (uint32_t)p->type);
    update_field(&ctx, pass, pass_len);
    update_field(&ctx, salt, salt_len);
    update_field(&ctx, p->secret, p->secret_len);
    update_field(&ctx, p->ad, p->ad_len);
    brisk_blake2b_final(&ctx, h0);

    /* The first two blocks of each lane: H'(H0 || LE32(j) || LE32(lane)). */
    uint8_t bytes[ARGON2_BLOCK_BYTES];
    for (uint32_t lane = 0; lane < st.lanes; lane++)
        for (uint32_t j = 0; j < 2; j++) {
            store32_le(h0 + ARGON2_PREHASH, j);
            store32_le(h0 + ARGON2_PREHASH + 4, lane);
            hprime(bytes, sizeof(bytes), h0, sizeof(h0), NULL, 0);
            argon2_block *b = &st.mem[(size_t)lane * st.lane_len + j];
            for (size_t k = 0; k < BRISK_ARGON2_WORDS; k++)
                b->v[k] = load64_le(bytes + 8 * k);
        }
    wipe(h0, sizeof(h0));

    fill_memory(&st, threads_for(p));

    /* C = the XOR of every lane's last block; the tag is H'(C). */
    argon2_block *c = &st.mem[st.lane_len - 1];
    for (uint32_t lane = 1; lane < st.lanes; lane++) {
        const argon2_block *last = &st.mem[(size_t)lane * st.lane_len + st.lane_len - 1];
        for (size_t k = 0; k < BRISK_ARGON2_WORDS; k++)
            c->v[k] ^= last->v[k];
    }
    for (size_t k = 0; k < BRISK_ARGON2_WORDS; k++)
        store64_le(bytes + 8 * k, c->v[k]);
    hprime(out, out_len, bytes, sizeof(bytes), NULL, 0);
    wipe(bytes, sizeof(bytes));
    region_free(&region);
    return BRISK_EOK;
}
