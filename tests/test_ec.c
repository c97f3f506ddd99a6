/*
 * tests/test_ec.c - ECDH and ECDSA on P-256, P-384 and P-521 (brisk/ec.h):
 * RFC 6979 appendix A.2.5, A.2.6 and A.2.7's deterministic signatures and
 * public keys; Wycheproof's ecdh_secp{256,384,521}r1_test.json (every
 * case: SubjectPublicKeyInfo peers decoded here, a peer this minimal
 * reader does not take must be an invalid or acceptable case) and
 * ecdsa_secp256r1_sha256 and ecdsa_secp384r1_sha384 (DER and P1363) and
 * ecdsa_secp521r1_sha512; properties (hedged signatures differ and verify,
 * keygen agreeing with public, ECDH both ways, compressed keys); and bad
 * inputs: NULL, wrong lengths, d = 0 and d >= n, points off the curve or
 * with a coordinate >= p, r or s = 0 or >= n, truncated, over-long and
 * non-minimal DER.  All of it under every implementation of the "nist"
 * primitive this CPU can run (each announced by a note before its checks).
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

static const brisk_ec_curve curves[] = {BRISK_EC_P256, BRISK_EC_P384, BRISK_EC_P521};

static void hexn(uint8_t *out, size_t len, const char *hex)
{
    size_t n = 0;
    if (tv_hex_decode(out, len, hex, &n) != 0 || n != len)
        tv_fail("bad inline hex %s", hex);
}

/* ---- RFC 6979 ---- */

/* RFC 6979 A.2.5 (P-256), A.2.6 (P-384), A.2.7 (P-521): the key, its
 * public point, and signatures of "sample" and "test". */
static const struct {
    brisk_ec_curve curve;
    const char *x, *ux, *uy;
} rfc_keys[] = {
    {BRISK_EC_P256, "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721",
     "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6",
     "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299"},
    {BRISK_EC_P384,
     "6B9D3DAD2E1B8C1C05B19875B6659F4DE23C3B667BF297BA9AA47740787137D896D5724E4C70A825F872C9EA60D2EDF5",
     "EC3A4E415B4E19A4568618029F427FA5DA9A8BC4AE92E02E06AAE5286B300C64DEF8F0EA9055866064A254515480BC13",
     "8015D9B72D7D57244EA8EF9AC0C621896708A59367F9DFB9F54CA84B3F1C9DB1288B231C3AE0D4FE7344FD2533264720"},
    {BRISK_EC_P521,
     "00FAD06DAA62BA3B25D2FB40133DA757205DE67F5BB0018FEE8C86E1B68C7E75CAA896EB32F1F47C70855836A6D16FCC1466F6D8FBEC67DB89EC0C08B0E996B83538",
     "01894550D0785932E00EAA23B694F213F8C3121F86DC97A04E5A7167DB4E5BCD371123D46E45DB6B5D5370A7F20FB633155D38FFA16D2BD761DCAC474B9A2F5023A4",
     "00493101C962CD4D2FDDF782285E64584139C2F91B47F87FF82354D6630F746A28A0DB25741B5B34A828008B22ACC23F924FAAFBD4D33F81EA66956DFEAA2BFDFCF5"},
};

static const struct {
    brisk_ec_curve curve;
    const char *md, *msg, *r, *s;
} rfc_sigs[] = {
    /* A.2.5 */
    {BRISK_EC_P256, "sha256", "sample",
     "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716",
     "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"},
    {BRISK_EC_P256, "sha512", "sample",
     "8496A60B5E9B47C825488827E0495B0E3FA109EC4568FD3F8D1097678EB97F00",
     "2362AB1ADBE2B8ADF9CB9EDAB740EA6049C028114F2460F96554F61FAE3302FE"},
    {BRISK_EC_P256, "sha256", "test",
     "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367",
     "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083"},
    /* A.2.6 */
    {BRISK_EC_P384, "sha256", "sample",
     "21B13D1E013C7FA1392D03C5F99AF8B30C570C6F98D4EA8E354B63A21D3DAA33BDE1E888E63355D92FA2B3C36D8FB2CD",
     "F3AA443FB107745BF4BD77CB3891674632068A10CA67E3D45DB2266FA7D1FEEBEFDC63ECCD1AC42EC0CB8668A4FA0AB0"},
    {BRISK_EC_P384, "sha384", "sample",
     "94EDBB92A5ECB8AAD4736E56C691916B3F88140666CE9FA73D64C4EA95AD133C81A648152E44ACF96E36DD1E80FABE46",
     "99EF4AEB15F178CEA1FE40DB2603138F130E740A19624526203B6351D0A3A94FA329C145786E679E7B82C71A38628AC8"},
    {BRISK_EC_P384, "sha512", "test",
     "A0D5D090C9980FAF3C2CE57B7AE951D31977DD11C775D314AF55F76C676447D06FB6495CD21B4B6E340FC236584FB277",
     "976984E59B4C77B0E8E4460DCA3D9F20E07B9BB1F63BEEFAF576F6B2E8B224634A2092CD3792E0159AD9CEE37659C736"},
    /* A.2.7 */
    {BRISK_EC_P521, "sha256", "sample",
     "01511BB4D675114FE266FC4372B87682BAECC01D3CC62CF2303C92B3526012659D16876E25C7C1E57648F23B73564D67F61C6F14D527D54972810421E7D87589E1A7",
     "004A171143A83163D6DF460AAF61522695F207A58B95C0644D87E52AA1A347916E4F7A72930B1BC06DBE22CE3F58264AFD23704CBB63B29B931F7DE6C9D949A7ECFC"},
    {BRISK_EC_P521, "sha512", "sample",
     "00C328FAFCBD79DD77850370C46325D987CB525569FB63C5D3BC53950E6D4C5F174E25A1EE9017B5D450606ADD152B534931D7D4E8455CC91F9B15BF05EC36E377FA",
     "00617CCE7CF5064806C467F678D3B4080D6F1CC50AF26CA209417308281B68AF282623EAA63E5B5C0723D8B8C37FF0777B1A20F8CCB1DCCC43997F1EE0E44DA4A67A"},
};

static void rfc6979(void)
{
    for (size_t i = 0; i < sizeof(rfc_keys) / sizeof(rfc_keys[0]); i++) {
        brisk_ec_curve cv = rfc_keys[i].curve;
        size_t len = brisk_ec_bytes(cv);
        uint8_t d[BRISK_EC_MAX_BYTES], pub[BRISK_EC_MAX_POINT], want[BRISK_EC_MAX_POINT];
        hexn(d, len, rfc_keys[i].x);
        want[0] = 4;
        hexn(want + 1, len, rfc_keys[i].ux);
        hexn(want + 1 + len, len, rfc_keys[i].uy);
        tv_check_int(brisk_ec_public(cv, pub, d), 0, "RFC 6979 %s public rc",
                     brisk_ec_curve_name(cv));
        tv_check_mem(pub, want, 1 + 2 * len, "RFC 6979 %s public key", brisk_ec_curve_name(cv));
    }
    for (size_t i = 0; i < sizeof(rfc_sigs) / sizeof(rfc_sigs[0]); i++) {
        brisk_ec_curve cv = rfc_sigs[i].curve;
        size_t len = brisk_ec_bytes(cv), k = 0;
        const brisk_digest *md = brisk_digest_by_name(rfc_sigs[i].md);
        uint8_t d[BRISK_EC_MAX_BYTES], pub[BRISK_EC_MAX_POINT], dg[BRISK_DIGEST_MAX_LEN],
            want[2 * BRISK_EC_MAX_BYTES], got[2 * BRISK_EC_MAX_BYTES], der[BRISK_EC_MAX_SIG_LEN];
        size_t der_len = sizeof(der);
        while (rfc_keys[k].curve != cv)
            k++;
        hexn(d, len, rfc_keys[k].x);
        brisk_ec_public(cv, pub, d);
        hexn(want, len, rfc_sigs[i].r);
        hexn(want + len, len, rfc_sigs[i].s);
        brisk_digest_oneshot(md, dg, (const uint8_t *)rfc_sigs[i].msg, strlen(rfc_sigs[i].msg));
        tv_check_int(brisk_ecdsa_sign_raw_deterministic(cv, d, got, 2 * len, md, dg,
                                                        md->digest_len),
                     0, "RFC 6979 %s %s %s rc", brisk_ec_curve_name(cv), rfc_sigs[i].md,
                     rfc_sigs[i].msg);
        tv_check_mem(got, want, 2 * len, "RFC 6979 %s %s \"%s\"", brisk_ec_curve_name(cv),
                     rfc_sigs[i].md, rfc_sigs[i].msg);
        tv_check_int(brisk_ecdsa_verify_raw(cv, pub, 1 + 2 * len, want, 2 * len, dg,
                                            md->digest_len),
                     0, "RFC 6979 %s %s %s verifies", brisk_ec_curve_name(cv), rfc_sigs[i].md,
                     rfc_sigs[i].msg);
        tv_check_int(brisk_ecdsa_sign_deterministic(cv, d, der, &der_len, md, dg,
                                                    md->digest_len),
                     0, "RFC 6979 %s DER rc", brisk_ec_curve_name(cv));
        tv_check_int(brisk_ecdsa_verify(cv, pub, 1 + 2 * len, der, der_len, dg, md->digest_len),
                     0, "RFC 6979 %s %s %s DER verifies", brisk_ec_curve_name(cv),
                     rfc_sigs[i].md, rfc_sigs[i].msg);
    }
}

/* ---- Wycheproof ECDH ---- */

/* der_tlv reads one DER header at *p (end at end): tag, and the content's
 * bounds; 0 on success. */
static int der_tlv(const uint8_t **p, const uint8_t *end, unsigned tag, const uint8_t **c,
                   size_t *len)
{
    const uint8_t *q = *p;
    size_t l;
    if (end - q < 2 || q[0] != tag)
        return -1;
    l = q[1];
    q += 2;
    if (l == 0x81 || l == 0x82) {
        size_t nb = l - 0x80;
        if ((size_t)(end - q) < nb)
            return -1;
        l = 0;
        for (size_t i = 0; i < nb; i++)
            l = (l << 8) | *q++;
    } else if (l > 0x80) {
        return -1;
    }
    if ((size_t)(end - q) < l)
        return -1;
    *c = q;
    *len = l;
    *p = q + l;
    return 0;
}

/* spki_point finds the point of a named-curve EC SubjectPublicKeyInfo for
 * curve; 0 on success. */
static int spki_point(brisk_ec_curve curve, const uint8_t *spki, size_t spki_len,
                      const uint8_t **pt, size_t *pt_len)
{
    static const uint8_t ec_oid[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};
    static const uint8_t p256[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07};
    static const uint8_t p384[] = {0x2b, 0x81, 0x04, 0x00, 0x22};
    static const uint8_t p521[] = {0x2b, 0x81, 0x04, 0x00, 0x23};
    const uint8_t *want = curve == BRISK_EC_P256 ? p256 : curve == BRISK_EC_P384 ? p384 : p521;
    size_t want_len = curve == BRISK_EC_P256 ? sizeof(p256) : sizeof(p384);
    const uint8_t *p = spki, *end = spki + spki_len, *seq, *alg, *o, *bits;
    size_t seq_len, alg_len, o_len, bits_len;

    if (der_tlv(&p, end, 0x30, &seq, &seq_len) != 0 || p != end)
        return -1;
    p = seq;
    end = seq + seq_len;
    if (der_tlv(&p, end, 0x30, &alg, &alg_len) != 0 ||
        der_tlv(&p, end, 0x03, &bits, &bits_len) != 0 || p != end || bits_len < 1 ||
        bits[0] != 0)
        return -1;
    p = alg;
    if (der_tlv(&p, alg + alg_len, 0x06, &o, &o_len) != 0 || o_len != sizeof(ec_oid) ||
        memcmp(o, ec_oid, o_len) != 0 || der_tlv(&p, alg + alg_len, 0x06, &o, &o_len) != 0 ||
        p != alg + alg_len || o_len != want_len || memcmp(o, want, o_len) != 0)
        return -1;
    *pt = bits + 1;
    *pt_len = bits_len - 1;
    return 0;
}

static void wycheproof_ecdh(brisk_ec_curve curve, const char *rel)
{
    tv_wycheproof w = {tv_json_load(rel), NULL, NULL, 0, 0};
    unsigned long valid = 0, invalid = 0, acc_ok = 0, acc_bad = 0;
    const size_t len = brisk_ec_bytes(curve);

    while (w.root != NULL && tv_wycheproof_next(&w)) {
        long id = -1;
        size_t pub_len = 0, priv_len = 0, shared_len = 0, pt_len = 0;
        const uint8_t *pt = NULL;
        uint8_t d[BRISK_EC_MAX_BYTES], got[BRISK_EC_MAX_BYTES];
        int rc, result = tv_wycheproof_result(&w);

        tv_json_long(w.test, "tcId", &id);
        const uint8_t *pub = tv_json_hex(w.test, "public", &pub_len);
        const uint8_t *priv = tv_json_hex(w.test, "private", &priv_len);
        const uint8_t *shared = tv_json_hex(w.test, "shared", &shared_len);
        if (priv == NULL || pub == NULL) {
            tv_fail("%s tcId %ld: unusable test", rel, id);
            continue;
        }
        /* the private key as exactly len bytes */
        while (priv_len > len && priv[0] == 0) {
            priv++;
            priv_len--;
        }
        if (priv_len > len) {
            tv_fail("%s tcId %ld: private key too long", rel, id);
            continue;
        }
        memset(d, 0, len - priv_len);
        memcpy(d + len - priv_len, priv, priv_len);
        if (spki_point(curve, pub, pub_len, &pt, &pt_len) != 0)
            rc = BRISK_EPUBKEY;
        else
            rc = brisk_ecdh(curve, got, d, pt, pt_len);
        if (result == TV_RESULT_VALID) {
            tv_check_int(rc, 0, "%s tcId %ld: valid case rc", rel, id);
            if (rc == 0)
                tv_check(shared != NULL && shared_len == len && memcmp(got, shared, len) == 0,
                         "%s tcId %ld: shared secret", rel, id);
            valid++;
        } else if (result == TV_RESULT_INVALID) {
            tv_check(rc != 0, "%s tcId %ld: invalid case rejected (rc %d)", rel, id, rc);
            invalid++;
        } else {
            if (rc == 0) {
                tv_check(shared != NULL && shared_len == len && memcmp(got, shared, len) == 0,
                         "%s tcId %ld: acceptable case's shared secret", rel, id);
                acc_ok++;
            } else {
                acc_bad++;
            }
        }
    }
    tv_check(valid > 0 && invalid > 0, "%s: %lu valid, %lu invalid", rel, valid, invalid);
    tv_note("%s: %lu valid, %lu invalid, acceptable %lu accepted %lu rejected", rel, valid,
            invalid, acc_ok, acc_bad);
    tv_json_free(w.root);
}

/* ---- Wycheproof ECDSA ---- */

static void wycheproof_ecdsa(brisk_ec_curve curve, const char *rel, int der)
{
    tv_wycheproof w = {tv_json_load(rel), NULL, NULL, 0, 0};
    unsigned long valid = 0, invalid = 0, acc_ok = 0, acc_bad = 0;
    tv_json *group = NULL;
    const uint8_t *pub = NULL;
    size_t pub_len = 0;
    const brisk_digest *md = NULL;

    while (w.root != NULL && tv_wycheproof_next(&w)) {
        long id = -1;
        size_t msg_len = 0, sig_len = 0;
        uint8_t dg[BRISK_DIGEST_MAX_LEN];
        int rc, result = tv_wycheproof_result(&w);

        if (w.group != group) {
            group = w.group;
            pub = tv_json_hex(tv_json_get(group, "publicKey"), "uncompressed", &pub_len);
            md = brisk_digest_by_name(tv_json_string(group, "sha"));
        }
        tv_json_long(w.test, "tcId", &id);
        const uint8_t *msg = tv_json_hex(w.test, "msg", &msg_len);
        const uint8_t *sig = tv_json_hex(w.test, "sig", &sig_len);
        if (pub == NULL || md == NULL || msg == NULL || sig == NULL) {
            tv_fail("%s tcId %ld: unusable test", rel, id);
            continue;
        }
        brisk_digest_oneshot(md, dg, msg, msg_len);
        rc = der ? brisk_ecdsa_verify(curve, pub, pub_len, sig, sig_len, dg, md->digest_len)
                 : brisk_ecdsa_verify_raw(curve, pub, pub_len, sig, sig_len, dg, md->digest_len);
        if (result == TV_RESULT_VALID) {
            tv_check_int(rc, 0, "%s tcId %ld: valid signature", rel, id);
            valid++;
        } else if (result == TV_RESULT_INVALID) {
            tv_check_int(rc, BRISK_EVERIFY, "%s tcId %ld: invalid signature", rel, id);
            invalid++;
        } else if (rc == 0) {
            acc_ok++;
        } else {
            acc_bad++;
        }
    }
    tv_check(valid > 0 && invalid > 0, "%s: %lu valid, %lu invalid", rel, valid, invalid);
    tv_note("%s: %lu valid, %lu invalid, acceptable %lu accepted %lu rejected", rel, valid,
            invalid, acc_ok, acc_bad);
    tv_json_free(w.root);
}

static void wycheproof(void)
{
    wycheproof_ecdh(BRISK_EC_P256, "wycheproof/testvectors_v1/ecdh_secp256r1_test.json");
    wycheproof_ecdh(BRISK_EC_P384, "wycheproof/testvectors_v1/ecdh_secp384r1_test.json");
    wycheproof_ecdh(BRISK_EC_P521, "wycheproof/testvectors_v1/ecdh_secp521r1_test.json");
    wycheproof_ecdsa(BRISK_EC_P256, "wycheproof/testvectors_v1/ecdsa_secp256r1_sha256_test.json",
                     1);
    wycheproof_ecdsa(BRISK_EC_P256,
                     "wycheproof/testvectors_v1/ecdsa_secp256r1_sha256_p1363_test.json", 0);
    wycheproof_ecdsa(BRISK_EC_P384, "wycheproof/testvectors_v1/ecdsa_secp384r1_sha384_test.json",
                     1);
    wycheproof_ecdsa(BRISK_EC_P384,
                     "wycheproof/testvectors_v1/ecdsa_secp384r1_sha384_p1363_test.json", 0);
    wycheproof_ecdsa(BRISK_EC_P521, "wycheproof/testvectors_v1/ecdsa_secp521r1_sha512_test.json",
                     1);
}

/* ---- Properties ---- */

static void properties(brisk_ec_curve cv, tv_rng *rng)
{
    const char *name = brisk_ec_curve_name(cv);
    const size_t len = brisk_ec_bytes(cv), plen = 1 + 2 * len;
    const brisk_digest *md = brisk_digest_by_name(len == 32 ? "sha256" : len == 48 ? "sha384"
                                                                                   : "sha512");
    uint8_t a[BRISK_EC_MAX_BYTES], b[BRISK_EC_MAX_BYTES], ap[BRISK_EC_MAX_POINT],
        bp[BRISK_EC_MAX_POINT], p2[BRISK_EC_MAX_POINT], s1[BRISK_EC_MAX_BYTES],
        s2[BRISK_EC_MAX_BYTES], dg[BRISK_DIGEST_MAX_LEN], comp[1 + BRISK_EC_MAX_BYTES],
        sig1[BRISK_EC_MAX_SIG_LEN], sig2[BRISK_EC_MAX_SIG_LEN];
    size_t l1 = sizeof(sig1), l2 = sizeof(sig2);

    tv_check_int(brisk_ec_keygen(cv, a, ap), 0, "%s keygen", name);
    tv_check_int(brisk_ec_keygen(cv, b, bp), 0, "%s keygen", name);
    tv_check_int(brisk_ec_public(cv, p2, a), 0, "%s public", name);
    tv_check_mem(p2, ap, plen, "%s keygen's public key is public(priv)", name);
    tv_check_int(brisk_ec_check_private(cv, a), 0, "%s check_private", name);
    tv_check_int(brisk_ec_check_public(cv, ap, plen), 0, "%s check_public", name);
    tv_check_int(brisk_ecdh(cv, s1, a, bp, plen), 0, "%s ecdh a", name);
    tv_check_int(brisk_ecdh(cv, s2, b, ap, plen), 0, "%s ecdh b", name);
    tv_check_mem(s1, s2, len, "%s ECDH agreement", name);
    /* compressed form of b's key */
    comp[0] = (uint8_t)(2 | (bp[plen - 1] & 1));
    memcpy(comp + 1, bp + 1, len);
    tv_check_int(brisk_ecdh(cv, s2, a, comp, 1 + len), 0, "%s ecdh compressed", name);
    tv_check_mem(s1, s2, len, "%s ECDH with a compressed peer", name);
    tv_check_int(brisk_ec_point_decompress(cv, p2, comp, 1 + len), 0, "%s decompress", name);
    tv_check_mem(p2, bp, plen, "%s decompress", name);
    /* out aliasing priv */
    memcpy(s2, a, len);
    brisk_ecdh(cv, s2, s2, bp, plen);
    tv_check_mem(s2, s1, len, "%s ECDH out aliasing priv", name);

    tv_rng_fill(rng, dg, sizeof(dg));
    tv_check_int(brisk_ecdsa_sign(cv, a, sig1, &l1, md, dg, md->digest_len), 0, "%s sign", name);
    tv_check_int(brisk_ecdsa_sign(cv, a, sig2, &l2, md, dg, md->digest_len), 0, "%s sign", name);
    tv_check(l1 != l2 || memcmp(sig1, sig2, l1) != 0, "%s hedged signatures differ", name);
    tv_check_int(brisk_ecdsa_verify(cv, ap, plen, sig1, l1, dg, md->digest_len), 0,
                 "%s verify 1", name);
    tv_check_int(brisk_ecdsa_verify(cv, ap, plen, sig2, l2, dg, md->digest_len), 0,
                 "%s verify 2", name);
    comp[0] = (uint8_t)(2 | (ap[plen - 1] & 1));
    memcpy(comp + 1, ap + 1, len);
    tv_check_int(brisk_ecdsa_verify(cv, comp, 1 + len, sig1, l1, dg, md->digest_len), 0,
                 "%s verify with a compressed key", name);
    tv_check_int(brisk_ecdsa_verify(cv, bp, plen, sig1, l1, dg, md->digest_len), BRISK_EVERIFY,
                 "%s verify under another key", name);
    dg[0] ^= 1;
    tv_check_int(brisk_ecdsa_verify(cv, ap, plen, sig1, l1, dg, md->digest_len), BRISK_EVERIFY,
                 "%s verify another digest", name);
    dg[0] ^= 1;
    /* long digests: every length up to 64 bytes signs and verifies */
    for (size_t dl = 0; dl <= 64; dl += 7) {
        uint8_t raw[2 * BRISK_EC_MAX_BYTES];
        tv_check_int(brisk_ecdsa_sign_raw(cv, a, raw, 2 * len, md, dg, dl), 0, "%s sign %zu",
                     name, dl);
        tv_check_int(brisk_ecdsa_verify_raw(cv, ap, plen, raw, 2 * len, dg, dl), 0,
                     "%s verify %zu-byte digest", name, dl);
    }
}

/* ---- Bad inputs ---- */

/* der_sig writes SEQUENCE { r, s } from r and s of len bytes each, as
 * minimal INTEGERs; returns its length. */
static size_t der_sig(uint8_t *out, const uint8_t *r, const uint8_t *s, size_t len)
{
    uint8_t body[2 * (BRISK_EC_MAX_BYTES + 3)];
    size_t bl = 0, o = 0;
    const uint8_t *v[2] = {r, s};
    for (int i = 0; i < 2; i++) {
        size_t skip = 0;
        while (skip + 1 < len && v[i][skip] == 0)
            skip++;
        size_t il = len - skip + (v[i][skip] >= 0x80);
        body[bl++] = 2;
        body[bl++] = (uint8_t)il;
        if (v[i][skip] >= 0x80)
            body[bl++] = 0;
        memcpy(body + bl, v[i] + skip, len - skip);
        bl += len - skip;
    }
    out[o++] = 0x30;
    if (bl >= 0x80)
        out[o++] = 0x81;
    out[o++] = (uint8_t)bl;
    memcpy(out + o, body, bl);
    return o + bl;
}

static void bad_inputs(brisk_ec_curve cv)
{
    static const char *const orders[] = {
        "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551",
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973",
        "01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E91386409"};
    const char *name = brisk_ec_curve_name(cv);
    const size_t len = brisk_ec_bytes(cv), plen = 1 + 2 * len;
    const brisk_digest *md = brisk_digest_by_name("sha256");
    uint8_t n[BRISK_EC_MAX_BYTES], d[BRISK_EC_MAX_BYTES], pub[BRISK_EC_MAX_POINT],
        bad[BRISK_EC_MAX_POINT], out[BRISK_EC_MAX_BYTES], dg[32] = {1, 2, 3},
        raw[2 * BRISK_EC_MAX_BYTES], sig[BRISK_EC_MAX_SIG_LEN + 8], zero[BRISK_EC_MAX_BYTES] = {0};
    size_t sl = sizeof(sig);

    hexn(n, len, orders[cv - 1]);
    brisk_ec_keygen(cv, d, pub);
    /* private keys */
    tv_check_int(brisk_ec_public(cv, out, zero), BRISK_EINVAL, "%s d = 0", name);
    tv_check_int(brisk_ec_public(cv, bad, n), BRISK_EINVAL, "%s d = n", name);
    tv_check_int(brisk_ec_check_private(cv, n), BRISK_EINVAL, "%s check d = n", name);
    memcpy(bad, n, len);
    bad[len - 1]--;
    tv_check_int(brisk_ec_check_private(cv, bad), 0, "%s d = n - 1 is a key", name);
    memset(bad, 0xff, len);
    tv_check_int(brisk_ec_check_private(cv, bad), BRISK_EINVAL, "%s d = 2^bits - 1", name);
    tv_check_int(brisk_ecdh(cv, out, n, pub, plen), BRISK_EINVAL, "%s ecdh d = n", name);
    tv_check_int(brisk_ecdsa_sign_raw(cv, zero, raw, 2 * len, md, dg, 32), BRISK_EINVAL,
                 "%s sign d = 0", name);
    /* public keys */
    memcpy(bad, pub, plen);
    bad[plen - 1] ^= 1;
    tv_check_int(brisk_ec_check_public(cv, bad, plen), BRISK_EPUBKEY, "%s off the curve", name);
    tv_check_int(brisk_ecdh(cv, out, d, bad, plen), BRISK_EPUBKEY, "%s ecdh off the curve", name);
    tv_check_int(brisk_ecdsa_verify_raw(cv, bad, plen, raw, 2 * len, dg, 32), BRISK_EPUBKEY,
                 "%s verify under a key off the curve", name);
    tv_check_int(brisk_ec_check_public(cv, pub, plen - 1), BRISK_EPUBKEY, "%s short key", name);
    tv_check_int(brisk_ec_check_public(cv, pub, 0), BRISK_EPUBKEY, "%s empty key", name);
    memcpy(bad, pub, plen);
    bad[0] = 5;
    tv_check_int(brisk_ec_check_public(cv, bad, plen), BRISK_EPUBKEY, "%s bad prefix", name);
    memset(bad, 0, plen);
    bad[0] = 4;
    tv_check_int(brisk_ec_check_public(cv, bad, plen), BRISK_EPUBKEY, "%s (0, 0)", name);
    memset(bad + 1, 0xff, 2 * len);
    if (len == 66)
        bad[1] = bad[1 + len] = 1;
    tv_check_int(brisk_ec_check_public(cv, bad, plen), BRISK_EPUBKEY, "%s x, y >= p", name);
    tv_check_int(brisk_ec_check_public(cv, NULL, plen), BRISK_EINVAL, "%s NULL key", name);
    tv_check_int(brisk_ec_check_public((brisk_ec_curve)9, pub, plen), BRISK_EINVAL,
                 "unknown curve");
    tv_check_int(brisk_ecdh(cv, NULL, d, pub, plen), BRISK_EINVAL, "%s ecdh NULL", name);
    tv_check_int(brisk_ecdsa_sign(cv, d, sig, &sl, NULL, dg, 32), BRISK_EINVAL,
                 "%s sign NULL md", name);
    /* signatures */
    tv_check_int(brisk_ecdsa_sign_raw(cv, d, raw, 2 * len, md, dg, 32), 0, "%s sign", name);
    tv_check_int(brisk_ecdsa_sign_raw(cv, d, raw, 2 * len - 1, md, dg, 32), BRISK_EINVAL,
                 "%s sign into a short buffer", name);
    tv_check_int(brisk_ecdsa_verify_raw(cv, pub, plen, raw, 2 * len - 1, dg, 32), BRISK_EVERIFY,
                 "%s short raw signature", name);
    size_t l = der_sig(sig, raw, raw + len, len);
    tv_check_int(brisk_ecdsa_verify(cv, pub, plen, sig, l, dg, 32), 0, "%s DER built here", name);
    tv_check_int(brisk_ecdsa_verify(cv, pub, plen, sig, l - 1, dg, 32), BRISK_EVERIFY,
                 "%s truncated DER", name);
    sig[l] = 0;
    tv_check_int(brisk_ecdsa_verify(cv, pub, plen, sig, l + 1, dg, 32), BRISK_EVERIFY,
                 "%s DER with a trailing byte", name);
    uint8_t r0[2 * BRISK_EC_MAX_BYTES];
    memcpy(r0, raw, 2 * len);
    memset(r0, 0, len);
    tv_check_int(brisk_ecdsa_verify_raw(cv, pub, plen, r0, 2 * len, dg, 32), BRISK_EVERIFY,
                 "%s r = 0", name);
    l = der_sig(sig, r0, r0 + len, len);
    tv_check_int(brisk_ecdsa_verify(cv, pub, plen, sig, l, dg, 32), BRISK_EVERIFY,
                 "%s DER r = 0", name);
    memcpy(r0, raw, 2 * len);
    memset(r0 + len, 0, len);
    tv_check_int(brisk_ecdsa_verify_raw(cv, pub, plen, r0, 2 * len, dg, 32), BRISK_EVERIFY,
                 "%s s = 0", name);
    memcpy(r0, raw, 2 * len);
    memcpy(r0, n, len);
    tv_check_int(brisk_ecdsa_verify_raw(cv, pub, plen, r0, 2 * len, dg, 32), BRISK_EVERIFY,
                 "%s r = n", name);
    memcpy(r0, raw, 2 * len);
    memcpy(r0 + len, n, len);
    tv_check_int(brisk_ecdsa_verify_raw(cv, pub, plen, r0, 2 * len, dg, 32), BRISK_EVERIFY,
                 "%s s = n", name);
    /* s replaced by n - s ... is also valid (ECDSA's malleability) */
    /* DER buffer too small */
    sl = 8;
    tv_check_int(brisk_ecdsa_sign(cv, d, sig, &sl, md, dg, 32), BRISK_ENOSPACE,
                 "%s DER into 8 bytes", name);
}

int main(void)
{
    tv_rng rng;
    tv_begin("ec");
    tv_rng_init(&rng, tv_seed());
    tv_check_int(brisk_ec_curve_by_name("prime256v1"), BRISK_EC_P256, "prime256v1");
    tv_check_int(brisk_ec_curve_by_name("p-256"), BRISK_EC_P256, "p-256");
    tv_check_int(brisk_ec_curve_by_name("SECP384R1"), BRISK_EC_P384, "SECP384R1");
    tv_check_int(brisk_ec_curve_by_name("secp521r1"), BRISK_EC_P521, "secp521r1");
    tv_check_int(brisk_ec_curve_by_name("P-224"), 0, "P-224 unknown");
    tv_check_int(brisk_ec_curve_by_name(NULL), 0, "NULL name");
    tv_check_int((long long)brisk_ec_bytes(BRISK_EC_P521), 66, "P-521 bytes");
    tv_check_int((long long)brisk_ec_bits(BRISK_EC_P384), 384, "P-384 bits");
    const char *impl;
    char list[64];
    for (size_t it = 0; (impl = tv_impl_next("nist", &it)) != NULL;) {
        tv_note("nist=%s", impl);
        rfc6979();
        wycheproof();
        for (size_t i = 0; i < sizeof(curves) / sizeof(curves[0]); i++) {
            properties(curves[i], &rng);
            bad_inputs(curves[i]);
        }
    }
    tv_note("nist tested: %s", tv_impl_list("nist", list, sizeof(list)));
    return tv_end();
}
