/*
 * src/bn/jacobi.c - the Jacobi symbol (a / n) for an odd n, by the binary
 * algorithm (H. Cohen, A Course in Computational Algebraic Number Theory,
 * algorithm 1.4.10): strip the factors of two of a (each pair of them
 * leaves the symbol, an odd count flips it when n = 3 or 5 mod 8), swap a
 * and n by quadratic reciprocity when a < n (a flip when both are 3 mod
 * 4), subtract n from a, until a = n; then the symbol is 0 unless n is 1.
 * The subtraction and the next shift share one pass over the limbs, and
 * lengths shrink as the numbers do.  Variable-time: for public values
 * only (the subgroup check of a Diffie-Hellman peer's public value).
 */
#include <string.h>

#include "internal.h"

#define MAXL BRISK_BN_MAX_LIMBS

static unsigned ctz64(uint64_t x)
{
    unsigned r = 0;
    while (!(x & 1)) {
        x >>= 1;
        r++;
    }
    return r;
}

/* shift_right sets a[0..*len-1] >>= bits (bits < 64 * *len) and trims
 * *len to what the value needs. */
static void shift_right(uint64_t *a, size_t *len, size_t bits)
{
    size_t s = bits / 64, n = *len - s;
    unsigned r = (unsigned)(bits % 64);

    if (r == 0) {
        memmove(a, a + s, n * sizeof(uint64_t));
    } else {
        for (size_t i = 0; i + 1 < n; i++)
            a[i] = (a[i + s] >> r) | (a[i + s + 1] << (64 - r));
        a[n - 1] = a[n - 1 + s] >> r;
    }
    memset(a + n, 0, s * sizeof(uint64_t));
    while (n > 0 && a[n - 1] == 0)
        n--;
    *len = n;
}

/* cmp_len compares a (la limbs) and b (lb limbs), both trimmed. */
static int cmp_len(const uint64_t *a, size_t la, const uint64_t *b, size_t lb)
{
    if (la != lb)
        return la < lb ? -1 : 1;
    for (size_t i = la; i-- > 0;)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* sub_shift sets a = (a - n) >> tz for odd a > n (la and ln limbs, both
 * trimmed) when their low limbs differ, tz being the trailing zeros of the
 * difference's low limb (1 to 63: the difference is even): one pass where
 * a subtraction and a shift would take two.  Returns tz, or 0 (a
 * unchanged) when the low limbs are equal. */
static unsigned sub_shift(uint64_t *a, size_t la, const uint64_t *n, size_t ln)
{
    uint64_t d = a[0] - n[0], br = a[0] < n[0], prev;
    unsigned tz;
    size_t i;

    if (d == 0)
        return 0;
    tz = ctz64(d);
    prev = d;
    for (i = 1; i < ln; i++) {
        uint64_t ai = a[i], ni = n[i];
        d = ai - ni - br;
        br = (ai < ni) | ((ai == ni) & br);
        a[i - 1] = (prev >> tz) | (d << (64 - tz));
        prev = d;
    }
    for (; i < la; i++) {
        uint64_t ai = a[i];
        d = ai - br;
        br = ai < br;
        a[i - 1] = (prev >> tz) | (d << (64 - tz));
        prev = d;
    }
    a[la - 1] = prev >> tz;
    return tz;
}

int brisk_limbs_jacobi(const uint64_t *a_in, const uint64_t *n_in, size_t len)
{
    uint64_t buf_a[MAXL], buf_n[MAXL];
    uint64_t *a = buf_a, *n = buf_n;
    size_t la, ln, z;
    int j = 1;

    memcpy(a, a_in, len * sizeof(uint64_t));
    memcpy(n, n_in, len * sizeof(uint64_t));
    la = brisk_limbs_len(a, len);
    ln = brisk_limbs_len(n, len);
    if (ln == 0 || !(n[0] & 1))
        return 0;
    if (la == 0)
        return ln == 1 && n[0] == 1;
    /* from here a and n are odd */
    for (z = 0; a[z / 64] == 0; z += 64)
        ;
    z += ctz64(a[z / 64]);
    if (z > 0) {
        shift_right(a, &la, z);
        if ((z & 1) && ((n[0] & 7) == 3 || (n[0] & 7) == 5))
            j = -j;
    }
    for (;;) {
        int c = cmp_len(a, la, n, ln);
        if (c == 0)   /* gcd(a, n) = n */
            break;
        if (c < 0) {
            uint64_t *t = a;
            size_t tl = la;
            a = n;
            la = ln;
            n = t;
            ln = tl;
            if ((a[0] & 3) == 3 && (n[0] & 3) == 3)
                j = -j;
        }
        /* a > n, both odd: a - n is even and not 0 */
        z = sub_shift(a, la, n, ln);
        if (z == 0) {
            uint64_t br = 0;
            for (size_t i = 0; i < la; i++) {
                uint64_t ni = i < ln ? n[i] : 0, d = a[i] - ni - br;
                br = (a[i] < ni) | ((a[i] == ni) & br);
                a[i] = d;
            }
            while (la > 0 && a[la - 1] == 0)
                la--;
            for (z = 0; a[z / 64] == 0; z += 64)
                ;
            z += ctz64(a[z / 64]);
            shift_right(a, &la, z);
        } else {
            while (la > 0 && a[la - 1] == 0)
                la--;
        }
        if ((z & 1) && ((n[0] & 7) == 3 || (n[0] & 7) == 5))
            j = -j;
    }
    return ln == 1 && n[0] == 1 ? j : 0;
}
