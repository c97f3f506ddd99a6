/*
 * src/bn/jacobi.c - the Jacobi symbol (a / n) for an odd n, by the binary
 * algorithm (H. Cohen, A Course in Computational Algebraic Number Theory,
 * algorithm 1.4.10): strip the factors of two of a (each pair of them
 * leaves the symbol, an odd count flips it when n = 3 or 5 mod 8), swap a
 * and n by quadratic reciprocity when a < n (a flip when both are 3 mod
 * 4), subtract n from a, until a = n; then the symbol is 0 unless n is 1.
 * The subtraction and the next shift share one pass over the limbs, and
 * lengths shrink as the numbers do.
 *
 * Where the compiler has 128-bit integers, the symbol is first tried in
 * blocks of 62 "positive divsteps" (Bernstein and Yang's divsteps, "Fast
 * constant-time gcd computation and modular inversion", 2019, with g + f
 * in place of g - f, so that both values stay positive and the symbol's
 * rules apply to them; libsecp256k1 tracks its Jacobi symbol the same
 * way).  A step decides on the low bits only: the 62 steps run on the low
 * limbs, building a matrix that then updates the whole numbers in one pass
 * each, so a 2048-bit symbol takes about 70 passes where the binary
 * algorithm takes about 2000.  Every step keeps the symbol exactly, so the
 * answer is right whenever the steps end; their number is not proven to
 * be bounded, so after a generous budget the binary algorithm, which is
 * always correct, finishes instead.  Variable-time: for public values
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

int brisk_limbs_jacobi_binary(const uint64_t *a_in, const uint64_t *n_in, size_t len)
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

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;

/* divsteps62 makes 62 positive divsteps on the low limbs f (odd) and g of
 * the numbers, from eta (minus Bernstein and Yang's delta), and returns
 * the new eta.  The matrix mat = (u, v, q, r) is such that 2^62 times the
 * new f and g are u f + v g and q f + r g (entries at least 0, each row's
 * sum at most 2^62); *jac's low bit flips with the symbol (g / f).  After
 * i halvings the low 64 - i bits are still exact, at least the three
 * read.  A run of zeros is shifted out at once, and an odd g takes f or
 * 3 f, whichever makes the sum a multiple of 4, while two halvings remain
 * to bring the row back under 2^62. */
static int64_t divsteps62(int64_t eta, uint64_t f, uint64_t g, uint64_t mat[4], unsigned *jac)
{
    uint64_t u = 1, v = 0, q = 0, r = 1, t, w;
    int i = 62;

    for (;;) {
        /* the sentinel bit stops the count at the halvings left */
        unsigned z = (unsigned)__builtin_ctzll(g | (uint64_t)1 << i);
        g >>= z; /* (2 / f) = -1 when f is 3 or 5 mod 8 */
        u <<= z;
        v <<= z;
        eta -= z;
        i -= (int)z;
        *jac ^= (unsigned)(z & ((f >> 1) ^ (f >> 2)));
        if (i == 0)
            break;
        /* swap when eta < 0, by masks (the branch would be a coin toss):
         * reciprocity, a flip when both are 3 mod 4 */
        uint64_t sw = (uint64_t)(eta >> 63);
        t = (f ^ g) & sw, f ^= t, g ^= t;
        t = (u ^ q) & sw, u ^= t, q ^= t;
        t = (v ^ r) & sw, v ^= t, r ^= t;
        eta = (int64_t)(((uint64_t)eta ^ sw) - sw);
        *jac ^= (unsigned)((f & g & sw) >> 1);
        w = 1 + ((f + g) & 2 & (0 - (uint64_t)(i >= 2))); /* (g + w f / f) = (g / f) */
        g += w * f;
        q += w * u;
        r += w * v;
    }
    mat[0] = u, mat[1] = v, mat[2] = q, mat[3] = r;
    return eta;
}

/* combine sets d = (x a + y b) / 2^62 for a and b of len limbs, x + y <=
 * 2^62 and a sum divisible by 2^62, as divsteps62's matrix makes it; the
 * result fits len limbs (it is at most the larger of a and b). */
static void combine(uint64_t *d, uint64_t x, const uint64_t *a, uint64_t y, const uint64_t *b,
                    size_t len)
{
    u128 acc = (u128)x * a[0] + (u128)y * b[0];
    uint64_t prev = (uint64_t)acc;

    acc >>= 64;
    for (size_t k = 1; k < len; k++) {
        acc += (u128)x * a[k] + (u128)y * b[k];
        d[k - 1] = prev >> 62 | (uint64_t)acc << 2;
        prev = (uint64_t)acc;
        acc >>= 64;
    }
    d[len - 1] = prev >> 62 | (uint64_t)acc << 2;
}

static int limbs_is_one(const uint64_t *a, size_t len)
{
    uint64_t high = 0;
    for (size_t k = 1; k < len; k++)
        high |= a[k];
    return a[0] == 1 && high == 0;
}

/* jacobi_divsteps returns (a / n) for an odd n, or 2 when the steps do not
 * end within their budget. */
static int jacobi_divsteps(const uint64_t *a, const uint64_t *n, size_t len)
{
    uint64_t buf[4][MAXL], mat[4];
    uint64_t *f = buf[0], *g = buf[1], *f2 = buf[2], *g2 = buf[3], *t;
    unsigned jac = 0;
    int64_t eta = -1;
    size_t l = len, budget = 4 * len + 8; /* blocks */

    memcpy(f, n, len * sizeof(uint64_t));
    memcpy(g, a, len * sizeof(uint64_t));
    while (budget-- > 0) {
        while (l > 1 && f[l - 1] == 0 && g[l - 1] == 0)
            l--;
        if (limbs_is_one(f, l) || limbs_is_one(g, l))
            return jac & 1 ? -1 : 1;
        if (memcmp(f, g, l * sizeof(uint64_t)) == 0 || brisk_limbs_len(g, l) == 0)
            return 0; /* f = g = gcd > 1, or g = 0 with f > 1 */
        eta = divsteps62(eta, f[0], g[0], mat, &jac);
        combine(f2, mat[0], f, mat[1], g, l);
        combine(g2, mat[2], f, mat[3], g, l);
        t = f, f = f2, f2 = t;
        t = g, g = g2, g2 = t;
    }
    return 2;
}
#endif

int brisk_limbs_jacobi(const uint64_t *a, const uint64_t *n, size_t len)
{
#ifdef __SIZEOF_INT128__
    if (len > 0 && (n[0] & 1)) {
        int j = jacobi_divsteps(a, n, len);
        if (j != 2)
            return j;
    }
#endif
    return brisk_limbs_jacobi_binary(a, n, len);
}
