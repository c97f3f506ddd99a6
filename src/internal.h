/*
 * src/internal.h - helpers shared by every area of libbrisk: byte-order-free
 * loads and stores, rotations, constant-time selection, and the dispatch
 * structures behind brisk/cpu.h.  Nothing here assumes the host's byte order
 * or word size; compilers turn the byte loops into single moves.
 */
#ifndef BRISK_INTERNAL_H
#define BRISK_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <brisk/common.h>
#include <brisk/cpu.h>

/* Instruction-set code is built only for x86-64 and only when not portable. */
#if (defined(__x86_64__) || defined(_M_X64)) && !defined(BRISK_PORTABLE) && \
    (defined(__GNUC__) || defined(__clang__))
#define BRISK_X86_64 1
#endif

/* BRISK_NO_CANARY exempts a hot kernel from -fstack-protector-strong
 * (see CMakeLists.txt): only for functions whose locals are fixed-size
 * blocks and vectors indexed by constants, where no length from a caller
 * reaches a stack buffer, and where the canary measurably costs speed on
 * short inputs (OpenSSL's assembly kernels have none either). */
#if defined(__has_attribute)
#if __has_attribute(no_stack_protector)
#define BRISK_NO_CANARY __attribute__((no_stack_protector))
#endif
#endif
#ifndef BRISK_NO_CANARY
#define BRISK_NO_CANARY
#endif

static inline uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static inline uint32_t load32_be(const uint8_t *p)
{
    return (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 |
           (uint32_t)p[0] << 24;
}

static inline uint64_t load64_be(const uint8_t *p)
{
    return (uint64_t)load32_be(p) << 32 | load32_be(p + 4);
}

static inline uint64_t load64_le(const uint8_t *p)
{
    return (uint64_t)load32_le(p + 4) << 32 | load32_le(p);
}

static inline void store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static inline void store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static inline void store64_be(uint8_t *p, uint64_t v)
{
    store32_be(p, (uint32_t)(v >> 32));
    store32_be(p + 4, (uint32_t)v);
}

static inline void store64_le(uint8_t *p, uint64_t v)
{
    store32_le(p, (uint32_t)v);
    store32_le(p + 4, (uint32_t)(v >> 32));
}

static inline uint32_t rotl32(uint32_t x, unsigned n)
{
    return (x << (n & 31)) | (x >> ((32 - n) & 31));
}

static inline uint32_t rotr32(uint32_t x, unsigned n)
{
    return (x >> (n & 31)) | (x << ((32 - n) & 31));
}

static inline uint64_t rotr64(uint64_t x, unsigned n)
{
    return (x >> (n & 63)) | (x << ((64 - n) & 63));
}

/* ct_barrier32 and ct_barrier64 return x unchanged, but the compiler can no
 * longer see where it came from.  A mask made from a secret bit is passed
 * through one: otherwise clang recognises `b ^ (mask & (a ^ b))` as a select
 * and may compile it into a branch, or a cmov between two addresses (clang
 * 14 did both in the bignum code).  BoringSSL's value_barrier_w is the same
 * device. */
static inline uint32_t ct_barrier32(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

static inline uint64_t ct_barrier64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* ct_mask32 is all ones when bit is 1 and zero when it is 0, without a branch. */
static inline uint32_t ct_mask32(uint32_t bit)
{
    return ct_barrier32((uint32_t)0 - (bit & 1));
}

/* ct_mask64 is ct_mask32 for 64-bit words. */
static inline uint64_t ct_mask64(uint64_t bit)
{
    return ct_barrier64((uint64_t)0 - (bit & 1));
}

/* ct_select32 returns a when bit is 1 and b when it is 0, without a branch. */
static inline uint32_t ct_select32(uint32_t bit, uint32_t a, uint32_t b)
{
    return b ^ (ct_mask32(bit) & (a ^ b));
}

/* ct_eq_bytes returns 1 when the len bytes at a and b are equal, reading
 * every byte whatever their content. */
static inline uint32_t ct_eq_bytes(const uint8_t *a, const uint8_t *b, size_t len)
{
    uint32_t diff = 0;
    for (size_t i = 0; i < len; i++)
        diff |= (uint32_t)(a[i] ^ b[i]);
    return 1 & ((diff - 1) >> 8);
}

/* opaque_size returns len, hiding its value from the optimiser.  gcc expands
 * a memcpy or memset whose length it can bound (by a block or context size)
 * as inline rep movs or rep stos, whose start-up costs some 30 cycles on
 * Intel cores: several times the whole work for a 16-byte message.  Not
 * knowing the bound, it calls libc, whose small copies are a few vector
 * moves. */
static inline size_t opaque_size(size_t len)
{
    __asm__("" : "+r"(len));
    return len;
}

/* wipe zeroes len bytes at p for secrets; the empty asm claims to read that
 * memory, so the stores cannot be removed as dead (BoringSSL's
 * OPENSSL_cleanse technique). */
static inline void wipe(void *p, size_t len)
{
    memset(p, 0, opaque_size(len));
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

/* brisk_ct_declassify is a hook for the constant-time tests, never defined
 * by the library: tests/ct_*.c define it to tell valgrind that a value
 * derived from secrets is public from there on (a verdict the caller gets
 * anyway).  Declared weak, it is NULL in every other program, and
 * declassify costs one test of a constant. */
void brisk_ct_declassify(const void *p, size_t len) __attribute__((weak));

static inline void declassify(const void *p, size_t len)
{
    if (brisk_ct_declassify != NULL)
        brisk_ct_declassify(p, len);
}

/* ---- Registries ---- */

/* brisk_name_matches tells whether name is, ignoring case, an algorithm's
 * short name, its long name or one of its aliases (long_name and aliases,
 * a NULL-terminated list, may be NULL): the one rule by which every
 * registry (digests, ciphers, and the public-key algorithms to come) finds
 * a descriptor by OpenSSL's names.  A NULL name matches nothing. */
int brisk_name_matches(const char *name, const char *short_name, const char *long_name,
                       const char *const *aliases);

/* ---- Run-time dispatch ---- */

/* CPU traits: not instruction sets, which brisk/cpu.h lists, but properties
 * src/cpu/cpu.c infers from the vendor and family, which CPUID cannot
 * report.  They share the feature word (after the public bits) so that
 * BRISK_CPU can hide them and `brisk list` name them, but their values are
 * private. */
enum {
    /* Vector integer add, logic and rotate complete in one cycle (every
     * Intel core with AVX-512, AMD before Zen 5).  The kernels that run one
     * hash chain in vector lanes are only chosen where it holds; Zen 5 takes
     * two cycles, which halves them. */
    BRISK_CPU_VECLAT1 = 1u << 17,
    /* Six or more integer ALUs (AMD Zen 5).  SHA-512's rounds then run
     * faster in a form with a shorter dependency chain and a few more
     * operations, which four-ALU cores are slower at. */
    BRISK_CPU_ALU6 = 1u << 18
};

/* Whether the dispatcher may pick an implementation by itself.  Some exist
 * only to be timed (`brisk des-opts` ranks the DES inner loops) or forced by
 * name (BRISK_IMPL, brisk_impl_set): an entry earlier in the table that
 * needs no more features always fits where they would.  Others win only on
 * long inputs (their set-up costs more than short inputs gain): the
 * dispatcher chooses them for inputs of at least the primitive's long_min
 * bytes, and the next entry that fits below that. */
typedef enum brisk_impl_use {
    BRISK_IMPL_AUTO,       /* chosen where its features and traits are present */
    BRISK_IMPL_FORCE_ONLY, /* never chosen automatically; forced or timed only */
    BRISK_IMPL_LONG        /* chosen automatically for inputs of long_min bytes or more */
} brisk_impl_use;

/* One implementation of a primitive: its name, the CPU features it needs,
 * the further features (traits such as veclat1) it needs to be the automatic
 * choice (it can run, and is tested, without them), whether the dispatcher
 * may choose it at all, and its operations: a const struct of typed function
 * pointers whose type belongs to the primitive (brisk_sha256_ops,
 * brisk_aes_impl, ...), reached through the primitive's typed accessor. */
typedef struct brisk_impl {
    const char *name;
    uint32_t cpu;
    uint32_t prefer;
    brisk_impl_use use;
    const void *ops;
} brisk_impl;

/* One dispatched primitive: implementations best first, the portable one last
 * (needing no features), ended by a zeroed entry.
 *
 * A primitive is `sized` when its kernels share their state's layout (a
 * hash's chaining value, ChaCha20's input block), so that one message may
 * pass through different implementations call by call; only those may
 * switch by input length: `ops` serves calls on fewer than `from` bytes and
 * `ops_long` the others.  `long_min` is the built-in threshold for
 * BRISK_IMPL_LONG entries; a tuning file may set another (src/cpu/tune.c).
 *
 * `active`, `ops`, `active_long`, `ops_long` and `from` are filled in once by
 * brisk_dispatch_init and may be changed by brisk_impl_set; the hot path
 * reads `ops` (and `from`, `ops_long` for sized ones).  They are read and
 * written with atomic operations (plain loads on x86-64), so that threads
 * may call into the library while another makes the first call; `ops` is
 * published last. */
typedef struct brisk_prim {
    const char *name;
    const brisk_impl *impls;
    int sized;
    size_t long_min;
    const brisk_impl *active;
    const void *ops;
    const brisk_impl *active_long;
    const void *ops_long;
    size_t from;
} brisk_prim;

/* brisk_dispatch_init picks an implementation for every primitive that has
 * none yet, honouring BRISK_CPU, the tuning file and BRISK_IMPL. */
void brisk_dispatch_init(void);

/* brisk_impl_force is brisk_impl_set without the check that this CPU has
 * the features: for the tests that run under valgrind, whose emulated
 * CPUID hides ADX although it executes adcx and adox.  Never for users. */
int brisk_impl_force(const char *prim, const char *impl);

/* brisk_prim_ops returns the operations of p's active implementation,
 * choosing it on first use.  Each primitive wraps it in an accessor that
 * returns its own ops type (brisk_sha256_active, brisk_aes_active, ...). */
static inline const void *brisk_prim_ops(brisk_prim *p)
{
    const void *ops = __atomic_load_n(&p->ops, __ATOMIC_ACQUIRE);
    if (__builtin_expect(ops == NULL, 0)) {
        brisk_dispatch_init();
        ops = __atomic_load_n(&p->ops, __ATOMIC_ACQUIRE);
    }
    return ops;
}

/* brisk_prim_ops_for returns the operations that serve one call on len
 * bytes of sized primitive p: a load and a compare more than
 * brisk_prim_ops.  `from` is SIZE_MAX when one implementation serves all. */
static inline const void *brisk_prim_ops_for(brisk_prim *p, size_t len)
{
    const void *ops = brisk_prim_ops(p);
    if (__builtin_expect(len >= __atomic_load_n(&p->from, __ATOMIC_RELAXED), 0))
        ops = __atomic_load_n(&p->ops_long, __ATOMIC_RELAXED);
    return ops;
}

/* ---- Tuning files (src/cpu/tune.c) ---- */

/* One primitive's choice: the implementation for short inputs, and for a
 * sized primitive the one from `from` bytes (long == NULL: none). */
typedef struct brisk_choice {
    const brisk_impl *impl;
    const brisk_impl *long_impl;
    size_t from;
} brisk_choice;

/* brisk_dispatch_prims returns the table of dispatched primitives and its
 * length. */
brisk_prim *const *brisk_dispatch_prims(size_t *n);

/* brisk_tune_parse reads the tuning file at path and, when it is whole and
 * written for this CPU, sets choice[i] (indexed like brisk_dispatch_prims)
 * for every primitive it names whose implementations this process may run
 * (BRISK_CPU can hide their features).  Returns BRISK_EOK, or an error
 * with why[] saying what was wrong; choice[] is then untouched. */
int brisk_tune_parse(const char *path, brisk_choice *choice, size_t n, char *why, size_t why_len);

/* brisk_tune_note_in_use records path as the tuning file in use. */
void brisk_tune_note_in_use(const char *path);

#endif
