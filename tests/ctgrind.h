/*
 * tests/ctgrind.h - what the valgrind constant-time checks (the ct_*.c
 * programs but ct_timing.c) share, after Monocypher's tests/ctgrind.c:
 * marking memory secret (undefined to memcheck, which then reports any
 * branch or address that depends on it) and public again, counting
 * memcheck's reports, the canary that proves the marking works in this
 * build and valgrind run, and the main they all have.  Included by one
 * test program each, so the functions are static.
 */
#ifndef BRISK_TESTS_CTGRIND_H
#define BRISK_TESTS_CTGRIND_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "vectors.h"

static inline void secret(const void *p, size_t len)
{
    (void)VALGRIND_MAKE_MEM_UNDEFINED(p, len);
}

static inline void public(const void *p, size_t len)
{
    (void)VALGRIND_MAKE_MEM_DEFINED(p, len);
}

/* errors returns the number of errors memcheck has reported so far. */
static inline unsigned long errors(void)
{
    return (unsigned long)VALGRIND_COUNT_ERRORS;
}

/* host_has tells whether /proc/cpuinfo lists every flag of the NULL-ended
 * list (at most 8): the real CPU's, which valgrind's emulated CPUID does
 * not all show (it hides ADX, while it runs adcx and adox). */
static inline int host_has(const char *const *flags)
{
    char line[4096];
    int seen[8] = {0}, all = 1;
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return 0;
    while (fgets(line, sizeof(line), f) != NULL && strncmp(line, "flags", 5) != 0)
        ;
    fclose(f);
    for (char *t = strtok(line, " \t\n"); t != NULL; t = strtok(NULL, " \t\n"))
        for (int i = 0; i < 8 && flags[i] != NULL; i++)
            seen[i] |= strcmp(t, flags[i]) == 0;
    for (int i = 0; i < 8 && flags[i] != NULL; i++)
        all &= seen[i];
    return all;
}

/* canary branches on and indexes by a secret byte: memcheck must object.
 * Returns the program's exit status. */
static inline int canary(void)
{
    static volatile uint8_t table[256];
    static volatile unsigned sink;
    uint8_t s[1] = {0x42};
    unsigned long before = errors();

    if (!tv_check(RUNNING_ON_VALGRIND, "the canary runs under valgrind"))
        return tv_end();
    secret(s, 1);
    if (s[0] & 1)
        sink++;
    sink += table[s[0]];
    public(s, 1);
    tv_check(errors() > before, "memcheck reports a secret-dependent branch and index");
    return tv_end();
}

/* ct_main is the main of a constant-time program called name: with
 * --canary it runs the canary, else it seeds a PRNG (tv_seed), runs the
 * checks and returns the exit status.  Outside valgrind only the results
 * are checked. */
static inline int ct_main(const char *name, int argc, char **argv, void (*run)(tv_rng *rng))
{
    static char canary_name[64];
    tv_rng rng;

    if (argc > 1 && strcmp(argv[1], "--canary") == 0) {
        snprintf(canary_name, sizeof(canary_name), "%s --canary", name);
        tv_begin(canary_name);
        return canary();
    }
    tv_begin(name);
    if (!RUNNING_ON_VALGRIND)
        tv_note("not under valgrind: only the results are checked");
    tv_rng_init(&rng, tv_seed());
    run(&rng);
    return tv_end();
}

#endif
