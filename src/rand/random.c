/*
 * src/rand/random.c - random bytes from the kernel's CSPRNG: getrandom(2)
 * on Linux (blocking only until the pool is first initialised), retried on
 * EINTR and after partial reads, else /dev/urandom read in a loop.  Not
 * secret-dependent; the buffer is the caller's.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#if defined(__linux__) && defined(__has_include)
#if __has_include(<sys/random.h>)
#include <sys/random.h>
#define BRISK_HAVE_GETRANDOM 1
#endif
#endif

#include <brisk/rand.h>

#include "../internal.h"

/* fill_getrandom returns 0 when out was filled, 1 when getrandom is
 * unavailable (ENOSYS: old kernel, some sandboxes), -1 on another error. */
static int fill_getrandom(uint8_t *out, size_t out_len)
{
#ifdef BRISK_HAVE_GETRANDOM
    while (out_len > 0) {
        size_t chunk = out_len < 33554431 ? out_len : 33554431;
        ssize_t got = getrandom(out, chunk, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return errno == ENOSYS || errno == EPERM ? 1 : -1;
        }
        out += got;
        out_len -= (size_t)got;
    }
    return 0;
#else
    (void)out;
    (void)out_len;
    return 1;
#endif
}

static int fill_urandom(uint8_t *out, size_t out_len)
{
    int fd;
    do
        fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return -1;
    while (out_len > 0) {
        ssize_t got = read(fd, out, out_len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            close(fd);
            return -1;
        }
        out += got;
        out_len -= (size_t)got;
    }
    close(fd);
    return 0;
}

int brisk_random_bytes(uint8_t *out, size_t out_len)
{
    if (out_len == 0)
        return BRISK_EOK;
    if (out == NULL)
        return BRISK_EINVAL;
    int r = fill_getrandom(out, out_len);
    if (r == 1)
        r = fill_urandom(out, out_len);
    return r == 0 ? BRISK_EOK : BRISK_ERANDOM;
}
