/*
 * tests/ctgrind.h - what the valgrind constant-time checks (ct_digest.c,
 * ct_cipher.c) share, after Monocypher's tests/ctgrind.c: marking memory
 * secret (undefined to memcheck, which then reports any branch or address
 * that depends on it) and public again, counting memcheck's reports, and
 * the canary that proves the marking works in this build and valgrind run.
 * Included by one test program each, so the functions are static.
 */
#ifndef BRISK_TESTS_CTGRIND_H
#define BRISK_TESTS_CTGRIND_H

#include <stddef.h>
#include <stdint.h>

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

#endif
