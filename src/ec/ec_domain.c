/*
 * src/ec/ec_domain.c - the domain parameters of P-256, P-384 and P-521 as
 * bytes (brisk_ec_domain_of), for the encoders and checkers that need the
 * numbers themselves: explicit ECParameters (SEC 1 version 2.0 C.2), which
 * src/pk/pkey_curve.c writes and matches on reading, and `brisk ecparam
 * -check` and `-text`.  The arithmetic in nist.c has them in its own form.
 *
 * The values are SEC 2 version 2.0's secp256r1, secp384r1 and secp521r1
 * (sections 2.4.2, 2.5.1, 2.6.1; the same as FIPS 186-5 / SP 800-186's
 * P-256, P-384, P-521), in hex as the standard prints them, each field
 * element and n in the field's length; the cofactor is 1.  Public data.
 */
#include <string.h>

#include <brisk/ec.h>

static const struct domain_hex {
    brisk_ec_curve curve;
    size_t len;
    const char *p, *a, *b, *gx, *gy, *n, *seed;
} domains[] = {
    {BRISK_EC_P256, 32,
     "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
     "ffffffff00000001000000000000000000000000fffffffffffffffffffffffc",
     "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
     "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
     "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
     "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
     "c49d360886e704936a6678e1139d26b7819f7e90"},
    {BRISK_EC_P384, 48,
     "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe"
     "ffffffff0000000000000000ffffffff",
     "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe"
     "ffffffff0000000000000000fffffffc",
     "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875a"
     "c656398d8a2ed19d2a85c8edd3ec2aef",
     "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a38"
     "5502f25dbf55296c3a545e3872760ab7",
     "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c0"
     "0a60b1ce1d7e819d7a431d7c90ea0e5f",
     "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf"
     "581a0db248b0a77aecec196accc52973",
     "a335926aa319a27a1d00896a6773a4827acdac73"},
    {BRISK_EC_P521, 66,
     "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "ffff",
     "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "fffc",
     "0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef1"
     "09e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b50"
     "3f00",
     "00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d"
     "3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5"
     "bd66",
     "011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e"
     "662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd1"
     "6650",
     "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "fffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e9138"
     "6409",
     "d09e8800291cb85396cc6717393284aaa0da64ba"},
};

/* unhex decodes 2 len hex digits (lower case) into out. */
static void unhex(uint8_t *out, const char *hex, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        int hi = hex[2 * i], lo = hex[2 * i + 1];
        hi = hi <= '9' ? hi - '0' : hi - 'a' + 10;
        lo = lo <= '9' ? lo - '0' : lo - 'a' + 10;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
}

int brisk_ec_domain_of(brisk_ec_curve curve, brisk_ec_domain *d)
{
    for (size_t i = 0; d != NULL && i < sizeof(domains) / sizeof(domains[0]); i++) {
        const struct domain_hex *h = &domains[i];
        if (h->curve != curve)
            continue;
        memset(d, 0, sizeof(*d));
        d->len = h->len;
        unhex(d->p, h->p, h->len);
        unhex(d->a, h->a, h->len);
        unhex(d->b, h->b, h->len);
        d->g[0] = 0x04;
        unhex(d->g + 1, h->gx, h->len);
        unhex(d->g + 1 + h->len, h->gy, h->len);
        unhex(d->n, h->n, h->len);
        unhex(d->seed, h->seed, sizeof(d->seed));
        return BRISK_EOK;
    }
    return BRISK_EINVAL;
}
