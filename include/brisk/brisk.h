/*
 * brisk/brisk.h - the umbrella header: everything libbrisk offers.
 *
 * Threads: every function may be called from several threads at once.  An
 * object a function takes by const pointer is only read, so threads may
 * share it; one it takes by plain pointer (a context, or an RSA key, whose
 * blinding changes as it signs or decrypts) is for one thread at a time,
 * or under the caller's lock.  What the library makes on first use (the CPU
 * features and the implementation of every primitive, the curves' tables,
 * the cache of checked DSA groups) is made once, under a lock, and read
 * without one after that (tests/test_threads.c, under ThreadSanitizer in
 * CI).
 */
#ifndef BRISK_BRISK_H
#define BRISK_BRISK_H

#include <brisk/common.h>
#include <brisk/bn.h>
#include <brisk/chacha.h>
#include <brisk/cipher.h>
#include <brisk/cpu.h>
#include <brisk/dh.h>
#include <brisk/digest.h>
#include <brisk/dsa.h>
#include <brisk/ec.h>
#include <brisk/ed448.h>
#include <brisk/kdf.h>
#include <brisk/mac.h>
#include <brisk/pkey.h>
#include <brisk/rand.h>
#include <brisk/rsa.h>
#include <brisk/sector.h>
#include <brisk/ed25519.h>
#include <brisk/x25519.h>
#include <brisk/x448.h>

#endif
