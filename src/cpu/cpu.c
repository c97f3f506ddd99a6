/*
 * src/cpu/cpu.c - CPU feature detection, read once.
 *
 * CPUID leaves 1 and 7 give the instruction sets; AVX-class features are only
 * claimed when the OS saves their registers (CPUID.1:ECX.OSXSAVE, then XCR0
 * bits for XMM/YMM, and opmask/ZMM for AVX-512), as libsodium's runtime.c does.
 * Two bits are traits, not instruction sets: BRISK_CPU_VECLAT1, one-cycle
 * vector integer operations, and BRISK_CPU_ALU6, six integer ALUs.  CPUID
 * cannot report them; they are inferred from the vendor and family.
 * BRISK_CPU="-shani,-avx2" hides features from the selection.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../internal.h"

#ifdef BRISK_X86_64
#include <cpuid.h>
#endif

static const struct {
    const char *name;
    uint32_t bit;
} feature_names[] = {
    {"sse2", BRISK_CPU_SSE2},         {"ssse3", BRISK_CPU_SSSE3},
    {"sse4.1", BRISK_CPU_SSE41},      {"avx", BRISK_CPU_AVX},
    {"avx2", BRISK_CPU_AVX2},         {"bmi1", BRISK_CPU_BMI1},
    {"bmi2", BRISK_CPU_BMI2},         {"adx", BRISK_CPU_ADX},
    {"shani", BRISK_CPU_SHANI},       {"aesni", BRISK_CPU_AESNI},
    {"pclmul", BRISK_CPU_PCLMUL},     {"avx512f", BRISK_CPU_AVX512F},
    {"avx512bw", BRISK_CPU_AVX512BW}, {"avx512vl", BRISK_CPU_AVX512VL},
    {"avx512ifma", BRISK_CPU_AVX512IFMA}, {"vaes", BRISK_CPU_VAES},
    {"vpclmulqdq", BRISK_CPU_VPCLMULQDQ}, {"veclat1", BRISK_CPU_VECLAT1},
    {"alu6", BRISK_CPU_ALU6},
};

#ifdef BRISK_X86_64
static uint64_t read_xcr0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (uint64_t)hi << 32 | lo;
}

#define VENDOR_AMD 0x68747541u /* "Auth" of "AuthenticAMD", CPUID leaf 0's ebx */

/* family returns the CPU family from CPUID leaf 1's eax. */
static unsigned family(unsigned eax1)
{
    unsigned f = (eax1 >> 8) & 0xf;
    return f == 0xf ? f + ((eax1 >> 20) & 0xff) : f;
}

/* vector_latency_1 tells, from CPUID leaf 0's vendor and leaf 1's eax,
 * whether vector integer add, logic and rotate take one cycle.  They do on
 * every Intel core with AVX-512 and on AMD's Zen 4 (family 19h); from Zen 5
 * (family 1Ah) they take two, measured on an EPYC 9005: a chain of VPADDD,
 * VPROLD or VPTERNLOGD runs at twice the time of a chain of ADD. */
static int vector_latency_1(unsigned vendor_ebx, unsigned eax1)
{
    return vendor_ebx != VENDOR_AMD || family(eax1) < 0x1a;
}

/* six_alus tells whether the core has six integer ALUs: AMD from Zen 5
 * (family 1Ah; Zen 2 to 4 have four).  On an EPYC 9005, independent
 * ADDs measured more than five a cycle.  Intel cores are not
 * claimed: those SHA-512 was measured on (Ice Lake) have four, and the
 * newer ones with more are not told apart here. */
static int six_alus(unsigned vendor_ebx, unsigned eax1)
{
    return vendor_ebx == VENDOR_AMD && family(eax1) >= 0x1a;
}

static uint32_t detect(void)
{
    unsigned a, b, c, d, max, vendor;
    uint32_t f = 0;

    __cpuid(0, max, vendor, c, d);
    if (max < 1)
        return 0;
    __cpuid(1, a, b, c, d);
    if (vector_latency_1(vendor, a))
        f |= BRISK_CPU_VECLAT1;
    if (six_alus(vendor, a))
        f |= BRISK_CPU_ALU6;
    if (d & (1u << 26)) f |= BRISK_CPU_SSE2;
    if (c & (1u << 9))  f |= BRISK_CPU_SSSE3;
    if (c & (1u << 19)) f |= BRISK_CPU_SSE41;
    if (c & (1u << 25)) f |= BRISK_CPU_AESNI;
    if (c & (1u << 1))  f |= BRISK_CPU_PCLMUL;

    int os_avx = 0, os_avx512 = 0;
    if (c & (1u << 27)) { /* OSXSAVE: XGETBV is usable */
        uint64_t xcr0 = read_xcr0();
        os_avx = (xcr0 & 0x6) == 0x6;        /* XMM and YMM state */
        os_avx512 = os_avx && (xcr0 & 0xe0) == 0xe0; /* opmask, ZMM hi */
    }
    if (os_avx && (c & (1u << 28)))
        f |= BRISK_CPU_AVX;

    if (max >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (b & (1u << 3))  f |= BRISK_CPU_BMI1;
        if (b & (1u << 8))  f |= BRISK_CPU_BMI2;
        if (b & (1u << 19)) f |= BRISK_CPU_ADX;
        if (b & (1u << 29)) f |= BRISK_CPU_SHANI;
        if (os_avx && (b & (1u << 5)))
            f |= BRISK_CPU_AVX2;
        if (os_avx && (c & (1u << 9)))  f |= BRISK_CPU_VAES;
        if (os_avx && (c & (1u << 10))) f |= BRISK_CPU_VPCLMULQDQ;
        if (os_avx512) {
            if (b & (1u << 16)) f |= BRISK_CPU_AVX512F;
            if (b & (1u << 30)) f |= BRISK_CPU_AVX512BW;
            if (b & (1u << 31)) f |= BRISK_CPU_AVX512VL;
            if (b & (1u << 21)) f |= BRISK_CPU_AVX512IFMA;
        }
    }
    return f;
}
#else
static uint32_t detect(void)
{
    return 0;
}
#endif

/* mask_from_env turns "-shani,-avx2" into the bits to hide.  Unknown names are
 * ignored: an override must never stop the library from working. */
static uint32_t mask_from_env(void)
{
    const char *env = getenv("BRISK_CPU");
    uint32_t hide = 0;
    char word[32];

    while (env != NULL && *env != '\0') {
        size_t n = strcspn(env, ", ");
        if (n > 0 && n < sizeof(word)) {
            memcpy(word, env, n);
            word[n] = '\0';
            const char *w = word[0] == '-' || word[0] == '~' ? word + 1 : word;
            hide |= brisk_cpu_feature_by_name(w);
        }
        env += n;
        env += strspn(env, ", ");
    }
    return hide;
}

/* Detection runs once per thread that finds it not done yet; racing threads
 * compute and store the same values.  The stores are atomic, and `done` is
 * published after them (release/acquire), so a reader never sees it set
 * before the features. */
static uint32_t detected, usable;
static int detected_done;

static void cpu_init(void)
{
    if (!__atomic_load_n(&detected_done, __ATOMIC_ACQUIRE)) {
        uint32_t d = detect();
        __atomic_store_n(&detected, d, __ATOMIC_RELAXED);
        __atomic_store_n(&usable, d & ~mask_from_env(), __ATOMIC_RELAXED);
        __atomic_store_n(&detected_done, 1, __ATOMIC_RELEASE);
    }
}

uint32_t brisk_cpu_features_detected(void)
{
    cpu_init();
    return __atomic_load_n(&detected, __ATOMIC_RELAXED);
}

uint32_t brisk_cpu_features(void)
{
    cpu_init();
    return __atomic_load_n(&usable, __ATOMIC_RELAXED);
}

const char *brisk_cpu_feature_name(uint32_t bit)
{
    for (size_t i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
        if (feature_names[i].bit == bit)
            return feature_names[i].name;
    return NULL;
}

uint32_t brisk_cpu_feature_by_name(const char *name)
{
    for (size_t i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
        if (strcasecmp(feature_names[i].name, name) == 0)
            return feature_names[i].bit;
    return 0;
}
