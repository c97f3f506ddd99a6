/*
 * brisk/brisk.h - the umbrella header: everything libbrisk offers.
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
