/*
 * src/pk/dsa_internal.h - DSA functions for the library's own tests, not
 * part of the public API.
 */
#ifndef BRISK_PK_DSA_INTERNAL_H
#define BRISK_PK_DSA_INTERNAL_H

#include <brisk/dsa.h>

/* brisk_dsa_generate_params_seeded is brisk_dsa_generate_params that also
 * returns A.1.1.2's domain_parameter_seed (n_bits / 8 bytes) and counter,
 * so that a test can have another library validate p, q and g (A.1.1.3 and
 * A.2.4 with index 1). */
int brisk_dsa_generate_params_seeded(brisk_dsa_params *params, size_t l_bits, size_t n_bits,
                                     uint8_t seed[BRISK_DSA_MAX_Q_BYTES], size_t *counter);

#endif
