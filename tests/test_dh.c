/*
 * tests/test_dh.c - finite-field Diffie-Hellman over the RFC 7919 groups:
 *  - the group primes against RFC 7919 appendix A.1 to A.5's hex, and the
 *    group table (names, sizes, order);
 *  - known answers: fixed private exponents give the public values and the
 *    shared secret (SHA-256 of each, p's length) computed with Python's pow,
 *    both ways, for every bignum implementation this CPU can run;
 *  - generated key pairs agree both ways, their exponents of at most
 *    priv_bits bits, for every implementation;
 *  - peer validation: 0, 1, p - 1, p, p + 1, 2^bits - 1, a longer string,
 *    an empty one and elements outside the subgroup of order q (p - 2 and
 *    -y for a public y) are rejected with BRISK_EPUBKEY by
 *    brisk_dh_check_public, brisk_dh_derive and brisk_dh_key_set; 2 (with
 *    leading zeros too) is accepted; random values are judged as y^q mod p
 *    judges them (the Jacobi symbol against an exponentiation);
 *  - bad private exponents (0, q, longer than p), a mismatched key pair,
 *    short output buffers and a key without x;
 *  - the Jacobi symbol (src/bn/jacobi.c) on random single limbs against a
 *    plain one-limb implementation, and on random multi-limb values by
 *    its multiplicativity in both arguments (close values, equal low
 *    limbs and powers of two among them); the binary algorithm that the
 *    divsteps fall back on against the same answers.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

/* src/bn/internal.h's, not public */
int brisk_limbs_jacobi(const uint64_t *a, const uint64_t *n, size_t len);
int brisk_limbs_jacobi_binary(const uint64_t *a, const uint64_t *n, size_t len);

/* RFC 7919 appendix A.1 to A.5: the primes as printed there (hex, no
 * spaces). */
static const char *const rfc7919_p[] = {
    /* ffdhe2048, A.1 */
        "FFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695"
        "A9E13641146433FBCC939DCE249B3EF97D2FE363630C75D8F681B202AEC4617A"
        "D3DF1ED5D5FD65612433F51F5F066ED0856365553DED1AF3B557135E7F57C935"
        "984F0C70E0E68B77E2A689DAF3EFE8721DF158A136ADE73530ACCA4F483A797A"
        "BC0AB182B324FB61D108A94BB2C8E3FBB96ADAB760D7F4681D4F42A3DE394DF4"
        "AE56EDE76372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F61"
        "9172FE9CE98583FF8E4F1232EEF28183C3FE3B1B4C6FAD733BB5FCBC2EC22005"
        "C58EF1837D1683B2C6F34A26C1B2EFFA886B423861285C97FFFFFFFFFFFFFFFF",
    /* ffdhe3072, A.2 */
        "FFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695"
        "A9E13641146433FBCC939DCE249B3EF97D2FE363630C75D8F681B202AEC4617A"
        "D3DF1ED5D5FD65612433F51F5F066ED0856365553DED1AF3B557135E7F57C935"
        "984F0C70E0E68B77E2A689DAF3EFE8721DF158A136ADE73530ACCA4F483A797A"
        "BC0AB182B324FB61D108A94BB2C8E3FBB96ADAB760D7F4681D4F42A3DE394DF4"
        "AE56EDE76372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F61"
        "9172FE9CE98583FF8E4F1232EEF28183C3FE3B1B4C6FAD733BB5FCBC2EC22005"
        "C58EF1837D1683B2C6F34A26C1B2EFFA886B4238611FCFDCDE355B3B6519035B"
        "BC34F4DEF99C023861B46FC9D6E6C9077AD91D2691F7F7EE598CB0FAC186D91C"
        "AEFE130985139270B4130C93BC437944F4FD4452E2D74DD364F2E21E71F54BFF"
        "5CAE82AB9C9DF69EE86D2BC522363A0DABC521979B0DEADA1DBF9A42D5C4484E"
        "0ABCD06BFA53DDEF3C1B20EE3FD59D7C25E41D2B66C62E37FFFFFFFFFFFFFFFF",
    /* ffdhe4096, A.3 */
        "FFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695"
        "A9E13641146433FBCC939DCE249B3EF97D2FE363630C75D8F681B202AEC4617A"
        "D3DF1ED5D5FD65612433F51F5F066ED0856365553DED1AF3B557135E7F57C935"
        "984F0C70E0E68B77E2A689DAF3EFE8721DF158A136ADE73530ACCA4F483A797A"
        "BC0AB182B324FB61D108A94BB2C8E3FBB96ADAB760D7F4681D4F42A3DE394DF4"
        "AE56EDE76372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F61"
        "9172FE9CE98583FF8E4F1232EEF28183C3FE3B1B4C6FAD733BB5FCBC2EC22005"
        "C58EF1837D1683B2C6F34A26C1B2EFFA886B4238611FCFDCDE355B3B6519035B"
        "BC34F4DEF99C023861B46FC9D6E6C9077AD91D2691F7F7EE598CB0FAC186D91C"
        "AEFE130985139270B4130C93BC437944F4FD4452E2D74DD364F2E21E71F54BFF"
        "5CAE82AB9C9DF69EE86D2BC522363A0DABC521979B0DEADA1DBF9A42D5C4484E"
        "0ABCD06BFA53DDEF3C1B20EE3FD59D7C25E41D2B669E1EF16E6F52C3164DF4FB"
        "7930E9E4E58857B6AC7D5F42D69F6D187763CF1D5503400487F55BA57E31CC7A"
        "7135C886EFB4318AED6A1E012D9E6832A907600A918130C46DC778F971AD0038"
        "092999A333CB8B7A1A1DB93D7140003C2A4ECEA9F98D0ACC0A8291CDCEC97DCF"
        "8EC9B55A7F88A46B4DB5A851F44182E1C68A007E5E655F6AFFFFFFFFFFFFFFFF",
    /* ffdhe6144, A.4 */
        "FFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695"
        "A9E13641146433FBCC939DCE249B3EF97D2FE363630C75D8F681B202AEC4617A"
        "D3DF1ED5D5FD65612433F51F5F066ED0856365553DED1AF3B557135E7F57C935"
        "984F0C70E0E68B77E2A689DAF3EFE8721DF158A136ADE73530ACCA4F483A797A"
        "BC0AB182B324FB61D108A94BB2C8E3FBB96ADAB760D7F4681D4F42A3DE394DF4"
        "AE56EDE76372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F61"
        "9172FE9CE98583FF8E4F1232EEF28183C3FE3B1B4C6FAD733BB5FCBC2EC22005"
        "C58EF1837D1683B2C6F34A26C1B2EFFA886B4238611FCFDCDE355B3B6519035B"
        "BC34F4DEF99C023861B46FC9D6E6C9077AD91D2691F7F7EE598CB0FAC186D91C"
        "AEFE130985139270B4130C93BC437944F4FD4452E2D74DD364F2E21E71F54BFF"
        "5CAE82AB9C9DF69EE86D2BC522363A0DABC521979B0DEADA1DBF9A42D5C4484E"
        "0ABCD06BFA53DDEF3C1B20EE3FD59D7C25E41D2B669E1EF16E6F52C3164DF4FB"
        "7930E9E4E58857B6AC7D5F42D69F6D187763CF1D5503400487F55BA57E31CC7A"
        "7135C886EFB4318AED6A1E012D9E6832A907600A918130C46DC778F971AD0038"
        "092999A333CB8B7A1A1DB93D7140003C2A4ECEA9F98D0ACC0A8291CDCEC97DCF"
        "8EC9B55A7F88A46B4DB5A851F44182E1C68A007E5E0DD9020BFD64B645036C7A"
        "4E677D2C38532A3A23BA4442CAF53EA63BB454329B7624C8917BDD64B1C0FD4C"
        "B38E8C334C701C3ACDAD0657FCCFEC719B1F5C3E4E46041F388147FB4CFDB477"
        "A52471F7A9A96910B855322EDB6340D8A00EF092350511E30ABEC1FFF9E3A26E"
        "7FB29F8C183023C3587E38DA0077D9B4763E4E4B94B2BBC194C6651E77CAF992"
        "EEAAC0232A281BF6B3A739C1226116820AE8DB5847A67CBEF9C9091B462D538C"
        "D72B03746AE77F5E62292C311562A846505DC82DB854338AE49F5235C95B9117"
        "8CCF2DD5CACEF403EC9D1810C6272B045B3B71F9DC6B80D63FDD4A8E9ADB1E69"
        "62A69526D43161C1A41D570D7938DAD4A40E329CD0E40E65FFFFFFFFFFFFFFFF",
    /* ffdhe8192, A.5 */
        "FFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695"
        "A9E13641146433FBCC939DCE249B3EF97D2FE363630C75D8F681B202AEC4617A"
        "D3DF1ED5D5FD65612433F51F5F066ED0856365553DED1AF3B557135E7F57C935"
        "984F0C70E0E68B77E2A689DAF3EFE8721DF158A136ADE73530ACCA4F483A797A"
        "BC0AB182B324FB61D108A94BB2C8E3FBB96ADAB760D7F4681D4F42A3DE394DF4"
        "AE56EDE76372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F61"
        "9172FE9CE98583FF8E4F1232EEF28183C3FE3B1B4C6FAD733BB5FCBC2EC22005"
        "C58EF1837D1683B2C6F34A26C1B2EFFA886B4238611FCFDCDE355B3B6519035B"
        "BC34F4DEF99C023861B46FC9D6E6C9077AD91D2691F7F7EE598CB0FAC186D91C"
        "AEFE130985139270B4130C93BC437944F4FD4452E2D74DD364F2E21E71F54BFF"
        "5CAE82AB9C9DF69EE86D2BC522363A0DABC521979B0DEADA1DBF9A42D5C4484E"
        "0ABCD06BFA53DDEF3C1B20EE3FD59D7C25E41D2B669E1EF16E6F52C3164DF4FB"
        "7930E9E4E58857B6AC7D5F42D69F6D187763CF1D5503400487F55BA57E31CC7A"
        "7135C886EFB4318AED6A1E012D9E6832A907600A918130C46DC778F971AD0038"
        "092999A333CB8B7A1A1DB93D7140003C2A4ECEA9F98D0ACC0A8291CDCEC97DCF"
        "8EC9B55A7F88A46B4DB5A851F44182E1C68A007E5E0DD9020BFD64B645036C7A"
        "4E677D2C38532A3A23BA4442CAF53EA63BB454329B7624C8917BDD64B1C0FD4C"
        "B38E8C334C701C3ACDAD0657FCCFEC719B1F5C3E4E46041F388147FB4CFDB477"
        "A52471F7A9A96910B855322EDB6340D8A00EF092350511E30ABEC1FFF9E3A26E"
        "7FB29F8C183023C3587E38DA0077D9B4763E4E4B94B2BBC194C6651E77CAF992"
        "EEAAC0232A281BF6B3A739C1226116820AE8DB5847A67CBEF9C9091B462D538C"
        "D72B03746AE77F5E62292C311562A846505DC82DB854338AE49F5235C95B9117"
        "8CCF2DD5CACEF403EC9D1810C6272B045B3B71F9DC6B80D63FDD4A8E9ADB1E69"
        "62A69526D43161C1A41D570D7938DAD4A40E329CCFF46AAA36AD004CF600C838"
        "1E425A31D951AE64FDB23FCEC9509D43687FEB69EDD1CC5E0B8CC3BDF64B10EF"
        "86B63142A3AB8829555B2F747C932665CB2C0F1CC01BD70229388839D2AF05E4"
        "54504AC78B7582822846C0BA35C35F5C59160CC046FD8251541FC68C9C86B022"
        "BB7099876A460E7451A8A93109703FEE1C217E6C3826E52C51AA691E0E423CFC"
        "99E9E31650C1217B624816CDAD9A95F9D5B8019488D9C0A0A1FE3075A577E231"
        "83F81D4A3F2FA4571EFC8CE0BA8A4FE8B6855DFE72B0A66EDED2FBABFBE58A30"
        "FAFABE1C5D71A87E2F741EF8C1FE86FEA6BBFDE530677F0D97D11D49F7A8443D"
        "0822E506A9F4614E011E2A94838FF88CD68C8BB7C5C6424CFFFFFFFFFFFFFFFF",
};

/* Fixed private exponents (SHA-512 of "brisk ffdh kat a|b <bits>", top
 * priv_bits bits) and SHA-256 of y_a, y_b and the shared secret, each p's
 * length: computed with Python's pow, and the same keys derive the same
 * secret in libcrypto (tests/test_diff_dh.c). */
static const struct kat {
    const char *group, *xa, *xb, *ya_sha256, *yb_sha256, *z_sha256;
} kats[] = {
    {"ffdhe2048",
     "f633c251e25a1463aaa49b7ea1f0e5d0c5dd1ab6056b1e63eba737c6",
     "01758f2003b0ad95ebaab6b51058a262b3e6742e2c0f6591bf214dfe8d",
     "7c4013c76626ae5f9261d221a438631152111461aea519475c7fae42be3a7689",
     "71507e999f24952430ea1598e4fd1224dcbed2f9114a028debfd7b7e4dc8dd5f",
     "eb706c686da305aaa6d2e9a41dff0b05b2141e6d64cd3ba66b6fd04f6373a6c8"},
    {"ffdhe3072",
     "449eb9788f241018772f25fc9dc737af4c9ffdfed38177ec0c8ff8cf4038c6a506eb",
     "05fb64b935f016d9f542d300db4914e11e9ceedf1ab931919dec738c2e3dc670c46d1f",
     "8d6c8486d85ab3d651055749f261246a716691045dfae30239bf1d1c9a868fd8",
     "d9ec288ee9fa065c8543ef335e166af387f8890c582e57304eecda46df3084ee",
     "6bf7bed941386ef6fe64db678c8b7643bffd1b520f761379b1c83aea11c61015"},
    {"ffdhe4096",
     "03a5de5d0cfb1262d7189091aa99d7bb65ef29ab76539be32fe1b8948d9e77778a5fd46321bcc62823",
     "0ac9c8889634d1a26d0141dd844a9ba1f071448e6b35c794ded5ce1f69f4d18f6ce7602680bfdb55fe",
     "1d2c9be3dfb6e97b181ae4e738f43e23c54fd1d24dc93fa675ffb85c8b1fae50",
     "d81416aa48ec90f8a5b5605256ff3590558a2c97692afd23b26786e0b70d9da9",
     "da3b5b5485645795242904a90d34b8b6968e1d37110a80f116f7cc8fbe00ae6a"},
    {"ffdhe6144",
     "699dd8b073bf2b4629cf292d10f3175f99d2680f0c26f4"
     "f01c5e30b8bb5029d7c36f2e95c47e24cf605848ca7cdd69",
     "121c3d0683cb9d65a36ecc09eb0f618237ab85985d6bc7"
     "8a68d94d04eee3afda0f352efc8ffad910110a07b023c901",
     "f0733216606a4f05ce6d232e38a196bf080fc3616ac4a1a6cc5bb7538dec03a3",
     "825a7e02ba1ba471e296a0a7aefe8b83c925d805b33014e6f526359a1b014a38",
     "ba34a72716b0e5218046f1d10d95464ba2bfa82f6ec9b3dbf6f49151626e8858"},
    {"ffdhe8192",
     "ec4ef366e7e10700147e6a81c898cde60e36bd1dbf871901ef"
     "8729797a27a1c39e0db59ba4498b89245d7f55416a411ec374",
     "e4c14337e4c26af45e2137955a3666b3688e8e013679602d85"
     "e7623196f621d0eb4f9b05fefacc1c71c06603154018c412ae",
     "f9544fb13dac94a773738744fc79aef8014a5a820e4e4622592273a2329dea48",
     "a6139f4344c7ed30668d4e89bdb58a3c47a6866fb351455227e52daf753933bb",
     "74ee92d2bf3167c40a48c189bac9881bbc3863fdd723620ba9954911d7e60891"},
};

static size_t unhex(uint8_t *out, size_t cap, const char *hex)
{
    size_t len = 0;
    if (!tv_check(tv_hex_decode(out, cap, hex, &len) == 0, "hex decodes"))
        return 0;
    return len;
}

static void sha256_hex(char out[65], const uint8_t *in, size_t len)
{
    uint8_t h[32];
    brisk_sha256(h, in, len);
    for (size_t i = 0; i < 32; i++)
        snprintf(out + 2 * i, 3, "%02x", h[i]);
}

static void test_groups(void)
{
    static const char *const names[] = {"ffdhe2048", "ffdhe3072", "ffdhe4096", "ffdhe6144",
                                        "ffdhe8192"};
    static const size_t bits[] = {2048, 3072, 4096, 6144, 8192};
    static const size_t priv_bits[] = {225, 275, 325, 375, 400};
    uint8_t p[BRISK_DH_MAX_BYTES];
    const brisk_dh_group *g;
    size_t i;

    for (i = 0; (g = brisk_dh_group_at(i)) != NULL; i++) {
        if (!tv_check(i < 5, "at most five groups"))
            return;
        tv_check_str(g->name, names[i], "group %zu", i);
        tv_check(brisk_dh_group_by_name(names[i]) == g, "%s by name", names[i]);
        tv_check_int((long long)g->bits, (long long)bits[i], "%s: bits", g->name);
        tv_check_int((long long)g->priv_bits, (long long)priv_bits[i],
                     "%s: RFC 7919 5.2's exponent bits", g->name);
        tv_check(2 * g->strength <= g->priv_bits, "%s: priv_bits >= 2 x strength", g->name);
        size_t len = unhex(p, sizeof(p), rfc7919_p[i]);
        tv_check_int((long long)len, (long long)g->bits / 8, "%s: RFC 7919 p's length", g->name);
        tv_check_mem(g->p, p, len, "%s: p is RFC 7919 appendix A's", g->name);
    }
    tv_check_int((long long)i, 5, "five groups");
    tv_check(brisk_dh_group_by_name("ffdhe1024") == NULL && brisk_dh_group_by_name("") == NULL &&
                 brisk_dh_group_by_name(NULL) == NULL,
             "unknown names");
}

static void test_kat(const char *impl)
{
    for (size_t i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
        const struct kat *k = &kats[i];
        const brisk_dh_group *g = brisk_dh_group_by_name(k->group);
        uint8_t xa[64], xb[64], ya[BRISK_DH_MAX_BYTES], yb[BRISK_DH_MAX_BYTES];
        uint8_t za[BRISK_DH_MAX_BYTES], zb[BRISK_DH_MAX_BYTES];
        size_t xa_len = unhex(xa, sizeof(xa), k->xa), xb_len = unhex(xb, sizeof(xb), k->xb);
        size_t len = g->bits / 8;
        brisk_dh_key a, b, pub;
        char h[65];

        if (!tv_check_int(brisk_dh_key_set(&a, g, NULL, 0, xa, xa_len), BRISK_EOK, "%s %s: set a",
                          k->group, impl) ||
            !tv_check_int(brisk_dh_key_set(&b, g, NULL, 0, xb, xb_len), BRISK_EOK, "%s %s: set b",
                          k->group, impl))
            continue;
        tv_check_int(brisk_dh_public(ya, len, &a), BRISK_EOK, "%s: public a", k->group);
        tv_check_int(brisk_dh_public(yb, len, &b), BRISK_EOK, "%s: public b", k->group);
        sha256_hex(h, ya, len);
        tv_check_str(h, k->ya_sha256, "%s %s: y_a", k->group, impl);
        sha256_hex(h, yb, len);
        tv_check_str(h, k->yb_sha256, "%s %s: y_b", k->group, impl);
        tv_check_int(brisk_dh_derive(za, len, &a, yb, len), BRISK_EOK, "%s: derive a", k->group);
        tv_check_int(brisk_dh_derive(zb, len, &b, ya, len), BRISK_EOK, "%s: derive b", k->group);
        sha256_hex(h, za, len);
        tv_check_str(h, k->z_sha256, "%s %s: z from a", k->group, impl);
        sha256_hex(h, zb, len);
        tv_check_str(h, k->z_sha256, "%s %s: z from b", k->group, impl);
        /* the key pair set from both numbers, and a public key alone */
        tv_check_int(brisk_dh_key_set(&pub, g, ya, len, xa, xa_len), BRISK_EOK,
                     "%s: set y and x", k->group);
        tv_check_int(brisk_dh_key_set(&pub, g, yb, len, xa, xa_len), BRISK_EINVAL,
                     "%s: y of another x", k->group);
        tv_check_int(brisk_dh_key_set(&pub, g, ya, len, NULL, 0), BRISK_EOK, "%s: set y", k->group);
        tv_check_int(brisk_dh_derive(za, len, &pub, yb, len), BRISK_EINVAL,
                     "%s: derive without x", k->group);
        tv_check_int(brisk_dh_derive(za, len - 1, &a, yb, len), BRISK_ENOSPACE,
                     "%s: short secret buffer", k->group);
        tv_check_int(brisk_dh_public(ya, len - 1, &a), BRISK_ENOSPACE, "%s: short public buffer",
                     k->group);
        brisk_dh_key_cleanup(&a);
        brisk_dh_key_cleanup(&b);
        brisk_dh_key_cleanup(&pub);
    }
}

static void test_generated(const char *impl)
{
    for (size_t i = 0; brisk_dh_group_at(i) != NULL; i++) {
        const brisk_dh_group *g = brisk_dh_group_at(i);
        size_t len = g->bits / 8;
        uint8_t ya[BRISK_DH_MAX_BYTES], yb[BRISK_DH_MAX_BYTES];
        uint8_t za[BRISK_DH_MAX_BYTES], zb[BRISK_DH_MAX_BYTES];
        brisk_dh_key a, b;

        if (tv_quick() && g->bits > 4096)
            continue;
        if (!tv_check_int(brisk_dh_generate_key(&a, g), BRISK_EOK, "%s: generate a", g->name) ||
            !tv_check_int(brisk_dh_generate_key(&b, g), BRISK_EOK, "%s: generate b", g->name))
            continue;
        tv_check(brisk_bn_bits(&a.x) <= g->priv_bits && brisk_bn_bits(&b.x) <= g->priv_bits &&
                     !brisk_bn_is_zero(&a.x),
                 "%s: x of at most %zu bits", g->name, g->priv_bits);
        brisk_dh_public(ya, len, &a);
        brisk_dh_public(yb, len, &b);
        tv_check_int(brisk_dh_check_public(g, ya, len), BRISK_EOK, "%s: y_a valid", g->name);
        tv_check_int(brisk_dh_derive(za, len, &a, yb, len), BRISK_EOK, "%s: derive a", g->name);
        tv_check_int(brisk_dh_derive(zb, len, &b, ya, len), BRISK_EOK, "%s: derive b", g->name);
        tv_check_mem(za, zb, len, "%s %s: both ways agree", g->name, impl);
        brisk_dh_key_cleanup(&a);
        brisk_dh_key_cleanup(&b);
    }
}

/* expect_reject checks that y (big-endian, len bytes) is refused everywhere. */
static void expect_reject(const brisk_dh_group *g, const brisk_dh_key *a, const uint8_t *y,
                          size_t len, const char *what)
{
    uint8_t z[BRISK_DH_MAX_BYTES];
    brisk_dh_key k;

    tv_check_int(brisk_dh_check_public(g, y, len), BRISK_EPUBKEY, "%s: check %s", g->name, what);
    tv_check_int(brisk_dh_derive(z, sizeof(z), a, y, len), BRISK_EPUBKEY, "%s: derive with %s",
                 g->name, what);
    tv_check_int(brisk_dh_key_set(&k, g, y, len, NULL, 0), BRISK_EPUBKEY, "%s: key_set %s",
                 g->name, what);
}

/* sub_small sets out = p - v (v small), big-endian in len bytes. */
static void sub_small(uint8_t *out, const uint8_t *p, size_t len, unsigned v)
{
    unsigned borrow = v;
    for (size_t i = len; i-- > 0;) {
        int d = (int)p[i] - (int)(borrow & 0xff);
        borrow >>= 8;
        if (d < 0) {
            d += 256;
            borrow++;
        }
        out[i] = (uint8_t)d;
    }
}

static void test_reject(tv_rng *rng)
{
    for (size_t i = 0; brisk_dh_group_at(i) != NULL; i++) {
        const brisk_dh_group *g = brisk_dh_group_at(i);
        size_t len = g->bits / 8;
        uint8_t y[BRISK_DH_MAX_BYTES + 1];
        brisk_dh_key a, k;
        brisk_bn_mont mont;
        brisk_bn p, q, t, r;

        if (!tv_check_int(brisk_dh_generate_key(&a, g), BRISK_EOK, "%s: generate", g->name))
            continue;
        memset(y, 0, len);
        expect_reject(g, &a, y, len, "0");
        expect_reject(g, &a, y, 1, "0 in one byte");
        y[len - 1] = 1;
        expect_reject(g, &a, y, len, "1");
        sub_small(y, g->p, len, 1);
        expect_reject(g, &a, y, len, "p - 1");
        expect_reject(g, &a, g->p, len, "p");
        memcpy(y, g->p, len);
        for (size_t b = len; b-- > 0 && ++y[b] == 0;)
            ;
        expect_reject(g, &a, y, len, "p + 1");
        memset(y, 0xff, len);
        expect_reject(g, &a, y, len, "2^bits - 1");
        y[0] = 1;
        memset(y + 1, 0, len);
        y[len] = 2;
        expect_reject(g, &a, y, len + 1, "2^bits + 2");
        expect_reject(g, &a, y, 0, "the empty string");
        /* -2 = p - 2 and -y_a: (-1 / p) = -1 for p = 3 mod 4, so both are
         * outside the subgroup of order q (quadratic non-residues) */
        sub_small(y, g->p, len, 2);
        expect_reject(g, &a, y, len, "p - 2 (order 2q)");
        brisk_bn_from_bytes(&p, g->p, len);
        brisk_bn_sub(&t, &p, &a.y);
        brisk_bn_to_bytes(y, len, &t);
        expect_reject(g, &a, y, len, "p - y_a (order 2q)");
        /* accepted at the edges: 2 and leading zeros */
        memset(y, 0, len + 1);
        y[len] = 2;
        tv_check_int(brisk_dh_check_public(g, y, len + 1), BRISK_EOK, "%s: 2, one byte longer",
                     g->name);
        tv_check_int(brisk_dh_check_public(g, y + len, 1), BRISK_EOK, "%s: 2 in one byte",
                     g->name);
        /* the Jacobi symbol against y^q on random values (2048 and 3072:
         * the exponentiations are long) */
        if (g->bits <= 3072) {
            brisk_bn_mont_init(&mont, &p);
            brisk_bn_copy(&q, &p);
            brisk_bn_sub(&q, &q, &(brisk_bn){.d = {1}, .n = 1});
            for (size_t b = 0; b < q.n; b++)
                q.d[b] = (q.d[b] >> 1) | (b + 1 < q.n ? q.d[b + 1] << 63 : 0);
            for (int n = 0; n < 8; n++) {
                tv_rng_fill(rng, y, len);
                y[0] &= 0x7f;
                brisk_bn_from_bytes(&t, y, len);
                brisk_bn_mod_exp_public(&r, &t, &q, &mont);
                brisk_bn_normalize(&r);
                int in_group = r.n == 1 && r.d[0] == 1;
                tv_check_int(brisk_dh_check_public(g, y, len), in_group ? BRISK_EOK : BRISK_EPUBKEY,
                             "%s: random value %d (y^q %s 1)", g->name, n, in_group ? "=" : "!=");
            }
        }
        /* private exponents: 0, q - 1 (the largest), q, and wider than p */
        uint8_t x[BRISK_DH_MAX_BYTES + 1];
        memset(x, 0, sizeof(x));
        tv_check_int(brisk_dh_key_set(&k, g, NULL, 0, x, len), BRISK_EINVAL, "%s: x = 0", g->name);
        sub_small(x, g->p, len, 1);
        for (size_t b = len; b-- > 0;) /* (p - 1) / 2 */
            x[b] = (uint8_t)((x[b] >> 1) | (b > 0 ? x[b - 1] << 7 : 0));
        tv_check_int(brisk_dh_key_set(&k, g, NULL, 0, x, len), BRISK_EINVAL, "%s: x = q", g->name);
        sub_small(x, x, len, 1);
        tv_check_int(brisk_dh_key_set(&k, g, NULL, 0, x, len), BRISK_EOK, "%s: x = q - 1",
                     g->name);
        /* 2^(q-1) = 2^-1 * 2^q = 2^-1 mod p, since 2 is in the subgroup */
        uint8_t pub[BRISK_DH_MAX_BYTES], half[BRISK_DH_MAX_BYTES];
        brisk_dh_public(pub, len, &k);
        memcpy(half, g->p, len);
        for (size_t b = len; b-- > 0;) /* (p + 1) / 2: p >> 1, plus 1 */
            half[b] = (uint8_t)((half[b] >> 1) | (b > 0 ? half[b - 1] << 7 : 0));
        for (size_t b = len; b-- > 0 && ++half[b] == 0;)
            ;
        tv_check_mem(pub, half, len, "%s: 2^(q-1) = 1/2", g->name);
        memset(x, 0, sizeof(x));
        x[len] = 5;
        tv_check_int(brisk_dh_key_set(&k, g, NULL, 0, x, len + 1), BRISK_EINVAL,
                     "%s: x longer than p", g->name);
        tv_check_int(brisk_dh_key_set(&k, g, NULL, 0, NULL, 0), BRISK_EINVAL, "%s: nothing",
                     g->name);
        brisk_dh_key_cleanup(&k);
        brisk_dh_key_cleanup(&a);
    }
    tv_check_int(brisk_dh_check_public(NULL, (const uint8_t *)"\2", 1), BRISK_EINVAL, "no group");
    tv_check(strcmp(brisk_strerror(BRISK_EPUBKEY), "unknown error") != 0, "EPUBKEY has a message");
}

/* jacobi64 is the textbook algorithm (Cohen 1.4.10) on one limb, n odd. */
static int jacobi64(uint64_t a, uint64_t n)
{
    int j = 1;

    a %= n;
    while (a != 0) {
        while (!(a & 1)) {
            a >>= 1;
            if ((n & 7) == 3 || (n & 7) == 5)
                j = -j;
        }
        uint64_t t = a;
        a = n;
        n = t;
        if ((a & 3) == 3 && (n & 3) == 3)
            j = -j;
        a %= n;
    }
    return n == 1 ? j : 0;
}

static int jac(const brisk_bn *a, const brisk_bn *n)
{
    return brisk_limbs_jacobi(a->d, n->d, n->n);
}

static void test_jacobi(tv_rng *rng)
{
    for (int i = 0; i < 2000; i++) {
        uint64_t a, n;
        tv_rng_fill(rng, &a, sizeof(a));
        tv_rng_fill(rng, &n, sizeof(n));
        if (i % 3 == 1)
            a >>= (unsigned)(a % 64);
        if (i % 3 == 2)
            n >>= (unsigned)(n % 60);
        n |= 1;
        if (!tv_check_int(brisk_limbs_jacobi(&a, &n, 1), jacobi64(a, n),
                          "jacobi(%llu, %llu)", (unsigned long long)a, (unsigned long long)n))
            break;
        if (!tv_check_int(brisk_limbs_jacobi_binary(&a, &n, 1), jacobi64(a, n),
                          "binary jacobi(%llu, %llu)", (unsigned long long)a,
                          (unsigned long long)n))
            break;
    }
    /* (a b / n) = (a / n)(b / n) and (a / m n) = (a / m)(a / n) */
    for (int i = 0; i < 200; i++) {
        brisk_bn a, b, m, n, ab, mn;
        size_t la = 1 + (size_t)i % 7, lm = 1 + (size_t)(i / 7) % 5;
        tv_rng_fill(rng, a.d, 8 * la);
        tv_rng_fill(rng, b.d, 8 * la);
        tv_rng_fill(rng, m.d, 8 * lm);
        tv_rng_fill(rng, n.d, 8 * lm);
        a.n = b.n = la;
        m.n = n.n = lm;
        m.d[0] |= 1;
        n.d[0] |= 1;
        if (i % 4 == 1) { /* b close to a */
            memcpy(b.d, a.d, 8 * la);
            b.d[0] ^= 6;
        }
        if (i % 4 == 2)   /* a shares n's low limb */
            a.d[0] = n.d[0];
        if (i % 4 == 3) { /* a a power of two */
            memset(a.d, 0, 8 * la);
            a.d[la - 1] = (uint64_t)1 << (i % 64);
        }
        brisk_bn_mul(&ab, &a, &b);
        brisk_bn_mul(&mn, &m, &n);
        brisk_bn ab_m, a_m, b_m, a_mn, a_n;
        brisk_bn_mod(&ab_m, &ab, &mn);   /* reduced, in the modulus's width */
        brisk_bn_mod(&a_m, &a, &mn);
        brisk_bn_mod(&b_m, &b, &mn);
        int jab = jac(&ab_m, &mn), ja = jac(&a_m, &mn), jb = jac(&b_m, &mn);
        /* the fast path (divsteps) against the binary algorithm it falls back on */
        tv_check_int(brisk_limbs_jacobi_binary(ab_m.d, mn.d, mn.n), jab,
                     "binary (ab / mn), case %d", i);
        tv_check_int(brisk_limbs_jacobi_binary(a_m.d, mn.d, mn.n), ja, "binary (a / mn), case %d",
                     i);
        tv_check_int(jab, ja * jb, "(ab / mn) = (a / mn)(b / mn), case %d", i);
        brisk_bn_mod(&a_mn, &a, &m);
        brisk_bn_mod(&a_n, &a, &n);
        tv_check_int(ja, jac(&a_mn, &m) * jac(&a_n, &n), "(a / mn) = (a / m)(a / n), case %d", i);
    }
}

int main(void)
{
    tv_rng rng;
    const char *impl;
    char list[128];

    tv_begin("test_dh");
    tv_rng_init(&rng, tv_seed());
    test_groups();
    for (size_t it = 0; (impl = tv_impl_next("bn", &it)) != NULL;) {
        test_kat(impl);
        test_generated(impl);
    }
    tv_note("known answers and generated keys with bn: %s", tv_impl_list("bn", list, sizeof(list)));
    test_reject(&rng);
    test_jacobi(&rng);
    return tv_end();
}
