/*
 * tests/test_ed25519.c - Ed25519 (RFC 8032 section 5.1) under every
 * implementation of the "ed25519" primitive this CPU can run: RFC 8032
 * section 7.1's TEST 1, 2, 3, 1024 and SHA(abc) (public key, signature,
 * verification), section 7.2's four Ed25519ctx vectors and 7.3's
 * Ed25519ph "abc" (signature, verification, and refused under another
 * context or variant), Wycheproof's ed25519_test.json (every case: the valid
 * ones must verify, the invalid ones - non-canonical R or S, S >= L,
 * truncated or padded signatures, bad encodings - must not), and
 * properties: sign and verify on random keys and messages (lengths from 0),
 * flipped bits rejected, pub passed or NULL, keygen agreeing with public,
 * public keys that decode to no point, and NULL arguments; for Ed25519ctx
 * and Ed25519ph: random keys, messages and contexts, each signature
 * refused under the other variants, a changed context and a changed
 * message, and the contexts refused (empty for ctx, over 255 bytes);
 * Ed25519ph's digest entry points: 7.3 with the caller's SHA-512, the same
 * signatures as the message API's on random inputs (each verifying
 * through the other), pure and ctx signatures refused as ph, and digests
 * of any length but 64, NULLs and over-long contexts refused.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

/* RFC 8032 section 7.1, TEST 1024's 1023-byte message. */
static const char msg1024[] =
    "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98"
    "fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8"
    "79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d"
    "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc"
    "1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe"
    "ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e"
    "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef"
    "efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7"
    "aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1"
    "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2"
    "d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24"
    "554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270"
    "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc"
    "2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07"
    "07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba"
    "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a"
    "ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e"
    "c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7"
    "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c"
    "42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8"
    "ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df"
    "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08"
    "d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649"
    "de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4"
    "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3"
    "2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e"
    "6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f"
    "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5"
    "0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1"
    "369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d"
    "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c"
    "0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0";

/* RFC 8032 section 7.1: secret key, public key, message, signature. */
static const struct {
    const char *name, *priv, *pub, *msg, *sig;
} rfc[] = {
    {"TEST 1", "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
     "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
    {"TEST 2", "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
     "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
    {"TEST 3", "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
     "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"},
    {"TEST 1024", "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
     "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e", msg1024,
     "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350"
     "aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03"},
    {"TEST SHA(abc)", "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589"
     "09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"},
};

static void hexn(uint8_t *out, size_t n, const char *hex)
{
    size_t got = 0;
    if (tv_hex_decode(out, n, hex, &got) != 0 || got != n)
        tv_fail("bad inline hex %.40s", hex);
}

static void rfc_vectors(const char *impl)
{
    for (size_t i = 0; i < sizeof(rfc) / sizeof(rfc[0]); i++) {
        uint8_t priv[32], pub[32], want_sig[64], got[64], *msg;
        size_t msg_len = 0;

        hexn(priv, 32, rfc[i].priv);
        hexn(pub, 32, rfc[i].pub);
        hexn(want_sig, 64, rfc[i].sig);
        msg = tv_hex_alloc(rfc[i].msg, &msg_len);
        if (!tv_check(msg != NULL, "%s RFC 8032 7.1 %s: message hex", impl, rfc[i].name))
            continue;
        tv_check_int(brisk_ed25519_public(got, priv), 0, "%s %s public rc", impl, rfc[i].name);
        tv_check_mem(got, pub, 32, "%s RFC 8032 7.1 %s public key", impl, rfc[i].name);
        memset(got, 0, 64);
        tv_check_int(brisk_ed25519_sign(got, msg, msg_len, priv, pub), 0, "%s %s sign rc", impl,
                     rfc[i].name);
        tv_check_mem(got, want_sig, 64, "%s RFC 8032 7.1 %s signature", impl, rfc[i].name);
        memset(got, 0, 64);
        brisk_ed25519_sign(got, msg, msg_len, priv, NULL);
        tv_check_mem(got, want_sig, 64, "%s RFC 8032 7.1 %s signature, pub NULL", impl,
                     rfc[i].name);
        tv_check_int(brisk_ed25519_verify(want_sig, msg, msg_len, pub), BRISK_EOK,
                     "%s RFC 8032 7.1 %s verifies", impl, rfc[i].name);
        want_sig[i % 64] ^= 0x10;
        tv_check_int(brisk_ed25519_verify(want_sig, msg, msg_len, pub), BRISK_EVERIFY,
                     "%s RFC 8032 7.1 %s with a flipped bit", impl, rfc[i].name);
        free(msg);
    }
}

/* RFC 8032 section 7.2 (Ed25519ctx: foo, bar, foo2, foo3) and 7.3
 * (Ed25519ph, "abc", empty context): secret key, public key, message,
 * context, signature. */
static const struct {
    const char *name, *priv, *pub, *msg, *ctx, *sig;
    int ph;
} rfc_variants[] = {
    {"7.2 foo", "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
     "f726936d19c800494e3fdaff20b276a8", "666f6f",
     "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a"
     "8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d", 0},
    {"7.2 bar", "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
     "f726936d19c800494e3fdaff20b276a8", "626172",
     "fc60d5872fc46b3aa69f8b5b4351d5808f92bcc044606db097abab6dbcb1aee3"
     "216c48e8b3b66431b5b186d1d28f8ee15a5ca2df6668346291c2043d4eb3e90d", 0},
    {"7.2 foo2", "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
     "508e9e6882b979fea900f62adceaca35", "666f6f",
     "8b70c1cc8310e1de20ac53ce28ae6e7207f33c3295e03bb5c0732a1d20dc6490"
     "8922a8b052cf99b7c4fe107a5abb5b2c4085ae75890d02df26269d8945f84b0b", 0},
    {"7.2 foo3", "ab9c2853ce297ddab85c993b3ae14bcad39b2c682beabc27d6d4eb20711d6560",
     "0f1d1274943b91415889152e893d80e93275a1fc0b65fd71b4b0dda10ad7d772",
     "f726936d19c800494e3fdaff20b276a8", "666f6f",
     "21655b5f1aa965996b3f97b3c849eafba922a0a62992f73b3d1b73106a84ad85"
     "e9b86a7b6005ea868337ff2d20a7f5fbd4cd10b0be49a68da2b2e0dc0ad8960f", 0},
    {"7.3 abc", "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf", "616263", "",
     "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae41"
     "31f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406", 1},
};

/* variant_sign and variant_verify call Ed25519ctx (ph 0) or Ed25519ph. */
static int variant_sign(int ph, uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                        const uint8_t *ctx, size_t ctx_len, const uint8_t priv[32],
                        const uint8_t pub[32])
{
    return ph ? brisk_ed25519ph_sign(sig, msg, msg_len, ctx, ctx_len, priv, pub)
              : brisk_ed25519ctx_sign(sig, msg, msg_len, ctx, ctx_len, priv, pub);
}

static int variant_verify(int ph, const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                          const uint8_t *ctx, size_t ctx_len, const uint8_t pub[32])
{
    return ph ? brisk_ed25519ph_verify(sig, msg, msg_len, ctx, ctx_len, pub)
              : brisk_ed25519ctx_verify(sig, msg, msg_len, ctx, ctx_len, pub);
}

/* other_variants_refuse checks that sig, valid under variant ph with ctx,
 * verifies neither as pure Ed25519 nor under the other variant. */
static void other_variants_refuse(const char *impl, const char *what, int ph,
                                  const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                  const uint8_t *ctx, size_t ctx_len, const uint8_t pub[32])
{
    tv_check_int(brisk_ed25519_verify(sig, msg, msg_len, pub), BRISK_EVERIFY,
                 "%s %s: refused as pure Ed25519", impl, what);
    if (ph && ctx_len == 0) { /* Ed25519ctx takes no empty context */
        ctx = (const uint8_t *)"x";
        ctx_len = 1;
    }
    tv_check_int(variant_verify(!ph, sig, msg, msg_len, ctx, ctx_len, pub), BRISK_EVERIFY,
                 "%s %s: refused as %s", impl, what, ph ? "Ed25519ctx" : "Ed25519ph");
}

static void rfc_variant_vectors(const char *impl)
{
    for (size_t i = 0; i < sizeof(rfc_variants) / sizeof(rfc_variants[0]); i++) {
        uint8_t priv[32], pub[32], want_sig[64], got[64], msg[16], ctx[3];
        size_t msg_len = 0, ctx_len = 0;
        const char *name = rfc_variants[i].name;
        int ph = rfc_variants[i].ph;

        hexn(priv, 32, rfc_variants[i].priv);
        hexn(pub, 32, rfc_variants[i].pub);
        hexn(want_sig, 64, rfc_variants[i].sig);
        tv_hex_decode(msg, sizeof(msg), rfc_variants[i].msg, &msg_len);
        tv_hex_decode(ctx, sizeof(ctx), rfc_variants[i].ctx, &ctx_len);
        brisk_ed25519_public(got, priv);
        tv_check_mem(got, pub, 32, "%s RFC 8032 %s public key", impl, name);
        memset(got, 0, 64);
        tv_check_int(variant_sign(ph, got, msg, msg_len, ctx_len ? ctx : NULL, ctx_len, priv, pub),
                     0, "%s RFC 8032 %s sign rc", impl, name);
        tv_check_mem(got, want_sig, 64, "%s RFC 8032 %s signature", impl, name);
        memset(got, 0, 64);
        variant_sign(ph, got, msg, msg_len, ctx, ctx_len, priv, NULL);
        tv_check_mem(got, want_sig, 64, "%s RFC 8032 %s signature, pub NULL", impl, name);
        tv_check_int(variant_verify(ph, want_sig, msg, msg_len, ctx, ctx_len, pub), BRISK_EOK,
                     "%s RFC 8032 %s verifies", impl, name);
        tv_check_int(variant_verify(ph, want_sig, msg, msg_len, (const uint8_t *)"baz", 3, pub),
                     BRISK_EVERIFY, "%s RFC 8032 %s under the context baz", impl, name);
        other_variants_refuse(impl, name, ph, want_sig, msg, msg_len, ctx, ctx_len, pub);
        want_sig[(i * 7) % 64] ^= 0x20;
        tv_check_int(variant_verify(ph, want_sig, msg, msg_len, ctx, ctx_len, pub),
                     BRISK_EVERIFY, "%s RFC 8032 %s with a flipped bit", impl, name);
    }
}

/* Wycheproof: every case; a signature that is not 64 bytes is invalid
 * without calling verify (the API takes exactly 64). */
static void wycheproof(tv_json *root, const char *impl)
{
    tv_wycheproof w = {root, NULL, NULL, 0, 0};
    unsigned long n = 0, valid = 0;

    while (tv_wycheproof_next(&w)) {
        long id = -1;
        size_t pub_len = 0, msg_len = 0, sig_len = 0;
        tv_json *key = tv_json_get(w.group, "publicKey");
        const uint8_t *pub = key ? tv_json_hex(key, "pk", &pub_len) : NULL;
        tv_json_long(w.test, "tcId", &id);
        const uint8_t *msg = tv_json_hex(w.test, "msg", &msg_len);
        const uint8_t *sig = tv_json_hex(w.test, "sig", &sig_len);
        int result = tv_wycheproof_result(&w);
        if (!tv_check(pub != NULL && pub_len == 32 && msg != NULL && sig != NULL &&
                          result != TV_RESULT_ACCEPTABLE && result != TV_RESULT_UNKNOWN,
                      "%s wycheproof tcId %ld: well-formed case", impl, id))
            continue;
        int rc = BRISK_EVERIFY;
        if (sig_len == 64)
            rc = brisk_ed25519_verify(sig, msg_len ? msg : NULL, msg_len, pub);
        tv_check_int(rc, result == TV_RESULT_VALID ? BRISK_EOK : BRISK_EVERIFY,
                     "%s wycheproof tcId %ld", impl, id);
        n++;
        valid += result == TV_RESULT_VALID;
    }
    tv_check(n == 151 && valid == 88, "%s wycheproof: %lu cases (151 expected), %lu valid (88)",
             impl, n, valid);
}

static void properties(tv_rng *rng, const char *impl)
{
    uint8_t priv[32], pub[32], pub2[32], sig[64], sig2[64], msg[300];

    for (int t = 0; t < 24; t++) {
        size_t len = t < 3 ? (size_t)t : tv_rng_below(rng, sizeof(msg) + 1);
        tv_rng_fill(rng, priv, 32);
        tv_rng_fill(rng, msg, sizeof(msg));
        brisk_ed25519_public(pub, priv);
        tv_check_int(brisk_ed25519_sign(sig, len ? msg : NULL, len, priv, pub), 0,
                     "%s sign, %zu bytes", impl, len);
        brisk_ed25519_sign(sig2, msg, len, priv, NULL);
        tv_check_mem(sig2, sig, 64, "%s: pub NULL signs alike, %zu bytes", impl, len);
        tv_check_int(brisk_ed25519_verify(sig, msg, len, pub), BRISK_EOK,
                     "%s verify, %zu bytes", impl, len);
        size_t bit = tv_rng_below(rng, 512);
        memcpy(sig2, sig, 64);
        sig2[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        tv_check_int(brisk_ed25519_verify(sig2, msg, len, pub), BRISK_EVERIFY,
                     "%s: signature bit %zu flipped", impl, bit);
        if (len > 0) {
            size_t at = tv_rng_below(rng, len);
            msg[at] ^= 1;
            tv_check_int(brisk_ed25519_verify(sig, msg, len, pub), BRISK_EVERIFY,
                         "%s: message byte %zu flipped", impl, at);
            msg[at] ^= 1;
        }
        memcpy(pub2, pub, 32);
        pub2[tv_rng_below(rng, 32)] ^= 4;
        tv_check_int(brisk_ed25519_verify(sig, msg, len, pub2), BRISK_EVERIFY,
                     "%s: public key bit flipped", impl);
    }
    tv_check_int(brisk_ed25519_keygen(priv, pub), 0, "%s keygen", impl);
    brisk_ed25519_public(pub2, priv);
    tv_check_mem(pub2, pub, 32, "%s keygen's public key is public's", impl);
    brisk_ed25519_sign(sig, msg, 10, priv, pub);
    tv_check_int(brisk_ed25519_verify(sig, msg, 10, pub), BRISK_EOK, "%s keygen's key signs",
                 impl);

    /* S = L and S + L: the same point equation, refused (RFC 8032 5.1.7). */
    static const uint8_t order[32] = {
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
        0xa2, 0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};
    unsigned carry = 0;
    memcpy(sig2, sig, 64);
    for (int i = 0; i < 32; i++) {
        carry += (unsigned)sig2[32 + i] + order[i];
        sig2[32 + i] = (uint8_t)carry;
        carry >>= 8;
    }
    tv_check_int(brisk_ed25519_verify(sig2, msg, 10, pub), BRISK_EVERIFY, "%s: S + L refused",
                 impl);
    memcpy(sig2 + 32, order, 32);
    tv_check_int(brisk_ed25519_verify(sig2, msg, 10, pub), BRISK_EVERIFY, "%s: S = L refused",
                 impl);
    memset(sig2 + 32, 0xff, 32);
    tv_check_int(brisk_ed25519_verify(sig2, msg, 10, pub), BRISK_EVERIFY, "%s: S all 0xff",
                 impl);

    /* Public keys that are no point: y = p - 1 + 2 (non-canonical 1), all
     * 0xff (y >= p), and a y with no x (y = 2). */
    memset(pub2, 0xff, 32);
    tv_check_int(brisk_ed25519_verify(sig, msg, 10, pub2), BRISK_EVERIFY,
                 "%s: all-0xff public key", impl);
    hexn(pub2, 32, "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
    tv_check_int(brisk_ed25519_verify(sig, msg, 10, pub2), BRISK_EVERIFY,
                 "%s: non-canonical y = p + 1", impl);
    memset(pub2, 0, 32);
    pub2[0] = 2;
    tv_check_int(brisk_ed25519_verify(sig, msg, 10, pub2), BRISK_EVERIFY,
                 "%s: y = 2 is on no point", impl);
    /* x = 0 with the sign bit set (y = 1, the identity, as -0). */
    memset(pub2, 0, 32);
    pub2[0] = 1;
    pub2[31] = 0x80;
    tv_check_int(brisk_ed25519_verify(sig, msg, 10, pub2), BRISK_EVERIFY,
                 "%s: x = 0 with its sign bit set", impl);
}

/* variant_properties: Ed25519ctx and Ed25519ph on random keys, messages
 * and contexts (1 to 255 bytes for ctx, 0 to 255 for ph). */
static void variant_properties(tv_rng *rng, const char *impl)
{
    uint8_t priv[32], pub[32], sig[64], sig2[64], msg[300], ctx[255];

    for (int t = 0; t < 16; t++) {
        int ph = t & 1;
        size_t len = t < 2 ? 0 : tv_rng_below(rng, sizeof(msg) + 1);
        size_t ctx_len = t == 3 ? 255 : tv_rng_below(rng, 256);
        if (!ph && ctx_len == 0)
            ctx_len = 1;
        if (ph && t < 6)
            ctx_len = 0;
        const char *what = ph ? "Ed25519ph" : "Ed25519ctx";
        tv_rng_fill(rng, priv, 32);
        tv_rng_fill(rng, msg, sizeof(msg));
        tv_rng_fill(rng, ctx, sizeof(ctx));
        brisk_ed25519_public(pub, priv);
        tv_check_int(variant_sign(ph, sig, len ? msg : NULL, len, ctx_len ? ctx : NULL, ctx_len,
                                  priv, pub),
                     0, "%s %s sign, %zu bytes, %zu-byte context", impl, what, len, ctx_len);
        variant_sign(ph, sig2, msg, len, ctx, ctx_len, priv, NULL);
        tv_check_mem(sig2, sig, 64, "%s %s: pub NULL signs alike", impl, what);
        tv_check_int(variant_verify(ph, sig, msg, len, ctx, ctx_len, pub), BRISK_EOK,
                     "%s %s verify, %zu bytes, %zu-byte context", impl, what, len, ctx_len);
        other_variants_refuse(impl, what, ph, sig, msg, len, ctx, ctx_len, pub);
        if (ctx_len > 0) {
            size_t at = tv_rng_below(rng, ctx_len);
            ctx[at] ^= 0x40;
            tv_check_int(variant_verify(ph, sig, msg, len, ctx, ctx_len, pub), BRISK_EVERIFY,
                         "%s %s: context byte %zu changed", impl, what, at);
            ctx[at] ^= 0x40;
        }
        if (ctx_len > 1 || (ph && ctx_len == 1))
            tv_check_int(variant_verify(ph, sig, msg, len, ctx, ctx_len - 1, pub),
                         BRISK_EVERIFY, "%s %s: context one byte shorter", impl, what);
        if (len > 0) {
            size_t at = tv_rng_below(rng, len);
            msg[at] ^= 1;
            tv_check_int(variant_verify(ph, sig, msg, len, ctx, ctx_len, pub), BRISK_EVERIFY,
                         "%s %s: message byte %zu flipped", impl, what, at);
            msg[at] ^= 1;
        }
        /* A pure signature of the same message is not one of the variant. */
        brisk_ed25519_sign(sig2, msg, len, priv, pub);
        tv_check_int(variant_verify(ph, sig2, msg, len, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "%s: a pure Ed25519 signature refused as %s", impl, what);
    }
}

/* ph_digest_vectors: RFC 8032 7.3 (Ed25519ph "abc") through the digest
 * entry points, the caller computing SHA-512("abc"). */
static void ph_digest_vectors(const char *impl)
{
    for (size_t i = 0; i < sizeof(rfc_variants) / sizeof(rfc_variants[0]); i++) {
        uint8_t priv[32], pub[32], want[64], got[64], msg[16], ctx[3], ph[64];
        size_t msg_len = 0, ctx_len = 0;
        const char *name = rfc_variants[i].name;

        if (!rfc_variants[i].ph)
            continue;
        hexn(priv, 32, rfc_variants[i].priv);
        hexn(pub, 32, rfc_variants[i].pub);
        hexn(want, 64, rfc_variants[i].sig);
        tv_hex_decode(msg, sizeof(msg), rfc_variants[i].msg, &msg_len);
        tv_hex_decode(ctx, sizeof(ctx), rfc_variants[i].ctx, &ctx_len);
        brisk_sha512(ph, msg, msg_len);
        memset(got, 0, 64);
        tv_check_int(brisk_ed25519ph_sign_digest(got, ph, 64, ctx_len ? ctx : NULL, ctx_len, priv,
                                                 pub),
                     0, "%s RFC 8032 %s sign_digest rc", impl, name);
        tv_check_mem(got, want, 64, "%s RFC 8032 %s sign_digest signature", impl, name);
        memset(got, 0, 64);
        brisk_ed25519ph_sign_digest(got, ph, 64, ctx, ctx_len, priv, NULL);
        tv_check_mem(got, want, 64, "%s RFC 8032 %s sign_digest, pub NULL", impl, name);
        tv_check_int(brisk_ed25519ph_verify_digest(want, ph, 64, ctx, ctx_len, pub), BRISK_EOK,
                     "%s RFC 8032 %s verify_digest", impl, name);
        tv_check_int(brisk_ed25519ph_verify_digest(want, ph, 64, (const uint8_t *)"baz", 3, pub),
                     BRISK_EVERIFY, "%s RFC 8032 %s verify_digest under the context baz", impl,
                     name);
        /* The digest is not the message: as one, under either API, refused. */
        tv_check_int(brisk_ed25519ph_verify(want, ph, 64, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "%s RFC 8032 %s: the digest taken as the message", impl, name);
        tv_check_int(brisk_ed25519_verify(want, ph, 64, pub), BRISK_EVERIFY,
                     "%s RFC 8032 %s: refused as pure Ed25519 of the digest", impl, name);
        ph[(i * 11) % 64] ^= 0x10;
        tv_check_int(brisk_ed25519ph_verify_digest(want, ph, 64, ctx, ctx_len, pub),
                     BRISK_EVERIFY, "%s RFC 8032 %s verify_digest, digest changed", impl, name);
    }
}

/* ph_digest_properties: on random keys, messages and contexts the digest
 * API's signature is the message API's, each verifies through the other,
 * and pure and Ed25519ctx signatures of the message are refused as ph. */
static void ph_digest_properties(tv_rng *rng, const char *impl)
{
    uint8_t priv[32], pub[32], sig[64], sig2[64], msg[300], ctx[255], ph[64];

    for (int t = 0; t < 8; t++) {
        size_t len = t == 0 ? 0 : tv_rng_below(rng, sizeof(msg) + 1);
        size_t ctx_len = t < 2 ? 0 : t == 2 ? 255 : tv_rng_below(rng, 256);
        tv_rng_fill(rng, priv, 32);
        tv_rng_fill(rng, msg, sizeof(msg));
        tv_rng_fill(rng, ctx, sizeof(ctx));
        brisk_ed25519_public(pub, priv);
        brisk_sha512(ph, msg, len);
        tv_check_int(brisk_ed25519ph_sign(sig, msg, len, ctx, ctx_len, priv, pub), BRISK_EOK,
                     "%s ph sign, %zu bytes, %zu-byte context", impl, len, ctx_len);
        tv_check_int(brisk_ed25519ph_sign_digest(sig2, ph, 64, ctx_len ? ctx : NULL, ctx_len,
                                                 priv, t % 2 ? pub : NULL),
                     BRISK_EOK, "%s ph sign_digest, %zu-byte context", impl, ctx_len);
        tv_check_mem(sig2, sig, 64, "%s ph: digest and message APIs sign alike, round %d", impl,
                     t);
        tv_check_int(brisk_ed25519ph_verify_digest(sig, ph, 64, ctx, ctx_len, pub), BRISK_EOK,
                     "%s ph: verify_digest accepts the message API's signature, round %d", impl,
                     t);
        tv_check_int(brisk_ed25519ph_verify(sig2, msg, len, ctx, ctx_len, pub), BRISK_EOK,
                     "%s ph: verify accepts the digest API's signature, round %d", impl, t);
        brisk_ed25519_sign(sig2, msg, len, priv, pub);
        tv_check_int(brisk_ed25519ph_verify_digest(sig2, ph, 64, ctx, ctx_len, pub),
                     BRISK_EVERIFY, "%s ph: a pure signature refused by verify_digest, round %d",
                     impl, t);
        if (ctx_len > 0) {
            brisk_ed25519ctx_sign(sig2, msg, len, ctx, ctx_len, priv, pub);
            tv_check_int(brisk_ed25519ph_verify_digest(sig2, ph, 64, ctx, ctx_len, pub),
                         BRISK_EVERIFY,
                         "%s ph: an Ed25519ctx signature refused by verify_digest, round %d",
                         impl, t);
            tv_check_int(brisk_ed25519ph_verify_digest(sig, ph, 64, ctx, ctx_len - 1, pub),
                         BRISK_EVERIFY, "%s ph: verify_digest under a shorter context", impl);
        }
    }
}

static void misuse(void)
{
    uint8_t k[32] = {1}, p[32], s[64] = {0};

    brisk_ed25519_public(p, k);
    tv_check_int(brisk_ed25519_public(NULL, k), BRISK_EINVAL, "public NULL pub");
    tv_check_int(brisk_ed25519_public(p, NULL), BRISK_EINVAL, "public NULL priv");
    tv_check_int(brisk_ed25519_keygen(NULL, p), BRISK_EINVAL, "keygen NULL priv");
    tv_check_int(brisk_ed25519_keygen(k, NULL), BRISK_EINVAL, "keygen NULL pub");
    tv_check_int(brisk_ed25519_sign(NULL, NULL, 0, k, p), BRISK_EINVAL, "sign NULL sig");
    tv_check_int(brisk_ed25519_sign(s, NULL, 0, NULL, p), BRISK_EINVAL, "sign NULL priv");
    tv_check_int(brisk_ed25519_sign(s, NULL, 1, k, p), BRISK_EINVAL, "sign NULL msg, length 1");
    tv_check_int(brisk_ed25519_sign(s, NULL, 0, k, p), BRISK_EOK, "sign NULL msg, length 0");
    tv_check_int(brisk_ed25519_verify(s, NULL, 0, p), BRISK_EOK, "verify NULL msg, length 0");
    tv_check_int(brisk_ed25519_verify(NULL, NULL, 0, p), BRISK_EINVAL, "verify NULL sig");
    tv_check_int(brisk_ed25519_verify(s, NULL, 0, NULL), BRISK_EINVAL, "verify NULL pub");
    tv_check_int(brisk_ed25519_verify(s, NULL, 1, p), BRISK_EINVAL, "verify NULL msg, length 1");

    /* Ed25519ctx and Ed25519ph: NULL arguments, and the contexts each refuses. */
    uint8_t c[256] = {0}, m[1] = {0};
    for (int ph = 0; ph <= 1; ph++) {
        const char *v = ph ? "Ed25519ph" : "Ed25519ctx";
        tv_check_int(variant_sign(ph, NULL, m, 1, c, 1, k, p), BRISK_EINVAL, "%s NULL sig", v);
        tv_check_int(variant_sign(ph, s, m, 1, c, 1, NULL, p), BRISK_EINVAL, "%s NULL priv", v);
        tv_check_int(variant_sign(ph, s, NULL, 1, c, 1, k, p), BRISK_EINVAL, "%s NULL msg", v);
        tv_check_int(variant_sign(ph, s, m, 1, NULL, 1, k, p), BRISK_EINVAL, "%s NULL ctx", v);
        tv_check_int(variant_sign(ph, s, m, 1, c, 256, k, p), BRISK_EINVAL, "%s 256-byte ctx",
                     v);
        tv_check_int(variant_sign(ph, s, m, 1, c, 255, k, p), BRISK_EOK, "%s 255-byte ctx", v);
        tv_check_int(variant_verify(ph, s, m, 1, c, 255, p), BRISK_EOK,
                     "%s 255-byte ctx verifies", v);
        tv_check_int(variant_verify(ph, NULL, m, 1, c, 1, p), BRISK_EINVAL, "%s verify NULL sig",
                     v);
        tv_check_int(variant_verify(ph, s, m, 1, c, 1, NULL), BRISK_EINVAL, "%s verify NULL pub",
                     v);
        tv_check_int(variant_verify(ph, s, NULL, 1, c, 1, p), BRISK_EINVAL, "%s verify NULL msg",
                     v);
        tv_check_int(variant_verify(ph, s, m, 1, NULL, 1, p), BRISK_EINVAL, "%s verify NULL ctx",
                     v);
        tv_check_int(variant_verify(ph, s, m, 1, c, 256, p), BRISK_EINVAL,
                     "%s verify 256-byte ctx", v);
        tv_check_int(variant_sign(ph, s, NULL, 0, c, 1, k, p), BRISK_EOK,
                     "%s NULL msg, length 0", v);
    }
    /* RFC 8032 5.1: Ed25519ctx's context SHALL NOT be empty; Ed25519ph's may. */
    tv_check_int(brisk_ed25519ctx_sign(s, m, 1, NULL, 0, k, p), BRISK_EINVAL,
                 "Ed25519ctx empty context refused");
    tv_check_int(brisk_ed25519ctx_sign(s, m, 1, c, 0, k, p), BRISK_EINVAL,
                 "Ed25519ctx empty context (non-NULL) refused");
    tv_check_int(brisk_ed25519ctx_verify(s, m, 1, NULL, 0, p), BRISK_EINVAL,
                 "Ed25519ctx verify, empty context refused");
    tv_check_int(brisk_ed25519ph_sign(s, m, 1, NULL, 0, k, p), BRISK_EOK,
                 "Ed25519ph empty context");
    tv_check_int(brisk_ed25519ph_verify(s, m, 1, NULL, 0, p), BRISK_EOK,
                 "Ed25519ph empty context verifies");

    /* The digest entry points: exactly 64 bytes, and the same NULL and
     * context checks as the message ones. */
    uint8_t d[65] = {0};
    tv_check_int(brisk_ed25519ph_sign_digest(s, d, 64, NULL, 0, k, p), BRISK_EOK,
                 "sign_digest 64 bytes");
    tv_check_int(brisk_ed25519ph_verify_digest(s, d, 64, NULL, 0, p), BRISK_EOK,
                 "verify_digest 64 bytes");
    static const size_t bad_len[] = {0, 32, 63, 65, 48};
    for (size_t i = 0; i < sizeof(bad_len) / sizeof(bad_len[0]); i++) {
        tv_check_int(brisk_ed25519ph_sign_digest(s, d, bad_len[i], NULL, 0, k, p), BRISK_EINVAL,
                     "sign_digest of %zu bytes", bad_len[i]);
        tv_check_int(brisk_ed25519ph_verify_digest(s, d, bad_len[i], NULL, 0, p), BRISK_EINVAL,
                     "verify_digest of %zu bytes", bad_len[i]);
    }
    tv_check_int(brisk_ed25519ph_sign_digest(NULL, d, 64, c, 1, k, p), BRISK_EINVAL,
                 "sign_digest NULL sig");
    tv_check_int(brisk_ed25519ph_sign_digest(s, NULL, 64, c, 1, k, p), BRISK_EINVAL,
                 "sign_digest NULL digest");
    tv_check_int(brisk_ed25519ph_sign_digest(s, NULL, 0, c, 1, k, p), BRISK_EINVAL,
                 "sign_digest NULL digest, length 0");
    tv_check_int(brisk_ed25519ph_sign_digest(s, d, 64, c, 1, NULL, p), BRISK_EINVAL,
                 "sign_digest NULL priv");
    tv_check_int(brisk_ed25519ph_sign_digest(s, d, 64, NULL, 1, k, p), BRISK_EINVAL,
                 "sign_digest NULL ctx");
    tv_check_int(brisk_ed25519ph_sign_digest(s, d, 64, c, 256, k, p), BRISK_EINVAL,
                 "sign_digest 256-byte ctx");
    tv_check_int(brisk_ed25519ph_sign_digest(s, d, 64, c, 255, k, p), BRISK_EOK,
                 "sign_digest 255-byte ctx");
    tv_check_int(brisk_ed25519ph_verify_digest(s, d, 64, c, 255, p), BRISK_EOK,
                 "verify_digest 255-byte ctx");
    tv_check_int(brisk_ed25519ph_verify_digest(NULL, d, 64, c, 1, p), BRISK_EINVAL,
                 "verify_digest NULL sig");
    tv_check_int(brisk_ed25519ph_verify_digest(s, NULL, 64, c, 1, p), BRISK_EINVAL,
                 "verify_digest NULL digest");
    tv_check_int(brisk_ed25519ph_verify_digest(s, d, 64, c, 1, NULL), BRISK_EINVAL,
                 "verify_digest NULL pub");
    tv_check_int(brisk_ed25519ph_verify_digest(s, d, 64, NULL, 1, p), BRISK_EINVAL,
                 "verify_digest NULL ctx");
    tv_check_int(brisk_ed25519ph_verify_digest(s, d, 64, c, 256, p), BRISK_EINVAL,
                 "verify_digest 256-byte ctx");
}

int main(void)
{
    char list[128];
    size_t i;
    const char *impl;
    tv_rng rng;

    tv_begin("test_ed25519");
    tv_rng_init(&rng, tv_seed());
    tv_json *root = tv_json_load("wycheproof/testvectors_v1/ed25519_test.json");
    for (i = 0; (impl = tv_impl_next("ed25519", &i)) != NULL;) {
        rfc_vectors(impl);
        if (root != NULL)
            wycheproof(root, impl);
        properties(&rng, impl);
        rfc_variant_vectors(impl);
        variant_properties(&rng, impl);
        ph_digest_vectors(impl);
        ph_digest_properties(&rng, impl);
    }
    misuse();
    tv_json_free(root);
    tv_note("ed25519 tested: %s", tv_impl_list("ed25519", list, sizeof(list)));
    return tv_end();
}
