/*
 * brisk/brisk.h - the umbrella header: everything libbrisk offers.
 */
#ifndef BRISK_BRISK_H
#define BRISK_BRISK_H

#include <brisk/common.h>
#include <brisk/cipher.h>
#include <brisk/cpu.h>
#include <brisk/digest.h>
#include <brisk/kdf.h>
#include <brisk/mac.h>

#endif
