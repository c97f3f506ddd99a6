/*
 * src/common.c - library-wide odds and ends: error strings, version, wiping,
 * the registries' name matching.
 */
#include <strings.h>

#include "internal.h"

const char *brisk_strerror(int err)
{
    switch (err) {
    case BRISK_EOK:          return "success";
    case BRISK_EINVAL:       return "invalid argument";
    case BRISK_ENOTFOUND:    return "no such algorithm or implementation";
    case BRISK_EUNSUPPORTED: return "not supported (by this CPU, or by brisk)";
    case BRISK_EVERIFY:      return "verification failed";
    case BRISK_ERANDOM:      return "no random bytes from the system";
    case BRISK_EDECODE:      return "malformed or unsupported encoding";
    case BRISK_ENOSPACE:     return "output buffer too small";
    case BRISK_ENOMEM:       return "out of memory";
    case BRISK_EDECRYPT:     return "decryption failed (wrong key or password, or corrupt data)";
    case BRISK_EENCRYPTED:   return "the key is encrypted: a password is needed";
    case BRISK_EPUBKEY:      return "invalid public value (out of range or not in the group)";
    case BRISK_ECURVE:       return "an elliptic curve brisk does not have";
    case BRISK_EGROUP:       return "a Diffie-Hellman group brisk does not have";
    default:                 return "unknown error";
    }
}

const char *brisk_version(void)
{
    return BRISK_VERSION_STRING;
}

void brisk_wipe(void *p, size_t len)
{
    if (len > 0)
        wipe(p, len);
}

int brisk_name_matches(const char *name, const char *short_name, const char *long_name,
                       const char *const *aliases)
{
    if (name == NULL)
        return 0;
    if (strcasecmp(short_name, name) == 0 || (long_name != NULL && strcasecmp(long_name, name) == 0))
        return 1;
    for (const char *const *a = aliases; a != NULL && *a != NULL; a++)
        if (strcasecmp(*a, name) == 0)
            return 1;
    return 0;
}
