/*
 * tests/test_ed448.c - Ed448 (RFC 8032 section 5.2, pure, with contexts):
 * section 7.4's vectors (blank, 1 octet, 1 octet with context "foo", 11,
 * 12, 13, 64, 256 and 1023 octets: public key, signature, verification,
 * and a flipped bit in the message, signature or key refused), Wycheproof's
 * ed448_test.json (every case: valid ones verify, invalid ones, including
 * S >= L, bad point encodings and wrong lengths, are refused), and
 * properties: keygen, signing with and without the public key given,
 * contexts kept apart, S + L and non-canonical points refused, NULL
 * arguments and contexts over 255 bytes; signatures that take
 * verification's rarer paths (small-order components, the long path);
 * and SHAKE256, its hash.  Ed448ph: section 7.5's two vectors ("abc",
 * with no context and with "foo"), and on random keys, messages and
 * contexts each signature refused as pure Ed448 (and pure ones as ph),
 * under a changed context or message, and the NULL and over-long
 * arguments refused; its digest entry points: 7.5's two vectors with the
 * caller's SHAKE256, the same signatures as the message API's on random
 * inputs (each verifying through the other), pure signatures refused as
 * ph, and digests of any length but 64, NULLs and over-long contexts
 * refused.  Ed448 has one implementation (the field's, see brisk version
 * -a's x448 line).
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/digest/keccak.h"
#include "vectors.h"

/* SHAKE256, Ed448's internal hash: NIST's FIPS 202 examples (SHAKE256 of
 * the empty message and of 200 bytes 0xa3, first 64 and 32 bytes of the
 * output) and SHAKE256("abc") (computed with Python's hashlib, an
 * independent implementation), one-shot, absorbed one byte at a time and
 * squeezed in pieces across block boundaries. */
static void shake256_kats(void)
{
    static const char *empty =
        "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
        "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be";
    static const char *abc =
        "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"
        "d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4";
    static const char *a3x200 = "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d";
    uint8_t want[64], got[300], all[300], m[200];
    size_t n;
    brisk_shake256_ctx c;

    tv_hex_decode(want, 64, empty, &n);
    brisk_shake256(got, 64, NULL, 0);
    tv_check_mem(got, want, 64, "SHAKE256(\"\") (FIPS 202 example)");
    tv_hex_decode(want, 64, abc, &n);
    brisk_shake256(got, 64, (const uint8_t *)"abc", 3);
    tv_check_mem(got, want, 64, "SHAKE256(\"abc\")");
    memset(m, 0xa3, sizeof(m));
    tv_hex_decode(want, 32, a3x200, &n);
    brisk_shake256(got, 32, m, sizeof(m));
    tv_check_mem(got, want, 32, "SHAKE256(200 x a3) (FIPS 202 example)");
    brisk_shake256_init(&c);
    for (size_t i = 0; i < sizeof(m); i++)
        brisk_shake256_absorb(&c, m + i, 1);
    brisk_shake256_squeeze(&c, got, 32);
    tv_check_mem(got, want, 32, "SHAKE256(200 x a3) absorbed a byte at a time");
    /* 300 bytes squeezed in pieces of 1, 135, 2, 162: the stream is one. */
    brisk_shake256(all, sizeof(all), m, 137);
    brisk_shake256_init(&c);
    brisk_shake256_absorb(&c, m, 100);
    brisk_shake256_absorb(&c, m + 100, 37);
    brisk_shake256_squeeze(&c, got, 1);
    brisk_shake256_squeeze(&c, got + 1, 135);
    brisk_shake256_squeeze(&c, got + 136, 2);
    brisk_shake256_squeeze(&c, got + 138, 162);
    tv_check_mem(got, all, sizeof(all), "SHAKE256 absorbed and squeezed in pieces");
}

/* RFC 8032 section 7.4. */
static const struct {
    const char *name, *priv, *pub, *msg, *ctx, *sig;
} rfc[] = {
    {"blank",
     "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b",
     "5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778edf124769b46c7061bd6783df1e50f6cd1fa1abeafe8256180",
     "", "",
     "533a37f6bbe457251f023c0d88f976ae2dfb504a843e34d2074fd823d41a591f2b233f034f628281f2fd7a22ddd47d7828c59bd0a21bfd3980"
     "ff0d2028d4b18a9df63e006c5d1c2d345b925d8dc00b4104852db99ac5c7cdda8530a113a0f4dbb61149f05a7363268c71d95808ff2e652600"},
    {"1 octet",
     "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e",
     "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb00742802b8438ea4cb82169c235160627b4c3a9480",
     "03", "",
     "26b8f91727bd62897af15e41eb43c377efb9c610d48f2335cb0bd0087810f4352541b143c4b981b7e18f62de8ccdf633fc1bf037ab7cd77980"
     "5e0dbcc0aae1cbcee1afb2e027df36bc04dcecbf154336c19f0af7e0a6472905e799f1953d2a0ff3348ab21aa4adafd1d234441cf807c03a00"},
    {"1 octet with context",
     "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e",
     "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb00742802b8438ea4cb82169c235160627b4c3a9480",
     "03", "666f6f",
     "d4f8f6131770dd46f40867d6fd5d5055de43541f8c5e35abbcd001b32a89f7d2151f7647f11d8ca2ae279fb842d607217fce6e042f6815ea00"
     "0c85741de5c8da1144a6a1aba7f96de42505d7a7298524fda538fccbbb754f578c1cad10d54d0d5428407e85dcbc98a49155c13764e66c3c00"},
    {"11 octets",
     "cd23d24f714274e744343237b93290f511f6425f98e64459ff203e8985083ffdf60500553abc0e05cd02184bdb89c4ccd67e187951267eb328",
     "dcea9e78f35a1bf3499a831b10b86c90aac01cd84b67a0109b55a36e9328b1e365fce161d71ce7131a543ea4cb5f7e9f1d8b00696447001400",
     "0c3e544074ec63b0265e0c", "",
     "1f0a8888ce25e8d458a21130879b840a9089d999aaba039eaf3e3afa090a09d389dba82c4ff2ae8ac5cdfb7c55e94d5d961a29fe0109941e00"
     "b8dbdeea6d3b051068df7254c0cdc129cbe62db2dc957dbb47b51fd3f213fb8698f064774250a5028961c9bf8ffd973fe5d5c206492b140e00"},
    {"12 octets",
     "258cdd4ada32ed9c9ff54e63756ae582fb8fab2ac721f2c8e676a72768513d939f63dddb55609133f29adf86ec9929dccb52c1c5fd2ff7e21b",
     "3ba16da0c6f2cc1f30187740756f5e798d6bc5fc015d7c63cc9510ee3fd44adc24d8e968b6e46e6f94d19b945361726bd75e149ef09817f580",
     "64a65f3cdedcdd66811e2915", "",
     "7eeeab7c4e50fb799b418ee5e3197ff6bf15d43a14c34389b59dd1a7b1b85b4ae90438aca634bea45e3a2695f1270f07fdcdf7c62b8efeaf00"
     "b45c2c96ba457eb1a8bf075a3db28e5c24f6b923ed4ad747c3c9e03c7079efb87cb110d3a99861e72003cbae6d6b8b827e4e6c143064ff3c00"},
    {"13 octets",
     "7ef4e84544236752fbb56b8f31a23a10e42814f5f55ca037cdcc11c64c9a3b2949c1bb60700314611732a6c2fea98eebc0266a11a93970100e",
     "b3da079b0aa493a5772029f0467baebee5a8112d9d3a22532361da294f7bb3815c5dc59e176b4d9f381ca0938e13c6c07b174be65dfa578e80",
     "64a65f3cdedcdd66811e2915e7", "",
     "6a12066f55331b6c22acd5d5bfc5d71228fbda80ae8dec26bdd306743c5027cb4890810c162c027468675ecf645a83176c0d7323a2ccde2d80"
     "efe5a1268e8aca1d6fbc194d3f77c44986eb4ab4177919ad8bec33eb47bbb5fc6e28196fd1caf56b4e7e0ba5519234d047155ac727a1053100"},
    {"64 octets",
     "d65df341ad13e008567688baedda8e9dcdc17dc024974ea5b4227b6530e339bff21f99e68ca6968f3cca6dfe0fb9f4fab4fa135d5542ea3f01",
     "df9705f58edbab802c7f8363cfe5560ab1c6132c20a9f1dd163483a26f8ac53a39d6808bf4a1dfbd261b099bb03b3fb50906cb28bd8a081f00",
     "bd0f6a3747cd561bdddf4640a332461a4a30a12a434cd0bf40d766d9c6d458e5512204a30c17d1f50b5079631f64eb3112182da300583546"
     "1113718d1a5ef944",
     "",
     "554bc2480860b49eab8532d2a533b7d578ef473eeb58c98bb2d0e1ce488a98b18dfde9b9b90775e67f47d4a1c3482058efc9f40d2ca033a080"
     "1b63d45b3b722ef552bad3b4ccb667da350192b61c508cf7b6b5adadc2c8d9a446ef003fb05cba5f30e88e36ec2703b349ca229c2670833900"},
    {"256 octets",
     "2ec5fe3c17045abdb136a5e6a913e32ab75ae68b53d2fc149b77e504132d37569b7e766ba74a19bd6162343a21c8590aa9cebca9014c636df5",
     "79756f014dcfe2079f5dd9e718be4171e2ef2486a08f25186f6bff43a9936b9bfe12402b08ae65798a3d81e22e9ec80e7690862ef3d4ed3a00",
     "15777532b0bdd0d1389f636c5f6b9ba734c90af572877e2d272dd078aa1e567cfa80e12928bb542330e8409f3174504107ecd5efac61ae7504"
     "dabe2a602ede89e5cca6257a7c77e27a702b3ae39fc769fc54f2395ae6a1178cab4738e543072fc1c177fe71e92e25bf03e4ecb72f47b64d04"
     "65aaea4c7fad372536c8ba516a6039c3c2a39f0e4d832be432dfa9a706a6e5c7e19f397964ca4258002f7c0541b590316dbc5622b6b2a6fe7a"
     "4abffd96105eca76ea7b98816af0748c10df048ce012d901015a51f189f3888145c03650aa23ce894c3bd889e030d565071c59f409a9981b51"
     "878fd6fc110624dcbcde0bf7a69ccce38fabdf86f3bef6044819de11",
     "",
     "c650ddbb0601c19ca11439e1640dd931f43c518ea5bea70d3dcde5f4191fe53f00cf966546b72bcc7d58be2b9badef28743954e3a44a23f880"
     "e8d4f1cfce2d7a61452d26da05896f0a50da66a239a8a188b6d825b3305ad77b73fbac0836ecc60987fd08527c1a8e80d5823e65cafe2a3d00"},
    {"1023 octets",
     "872d093780f5d3730df7c212664b37b8a0f24f56810daa8382cd4fa3f77634ec44dc54f1c2ed9bea86fafb7632d8be199ea165f5ad55dd9ce8",
     "a81b2e8a70a5ac94ffdbcc9badfc3feb0801f258578bb114ad44ece1ec0e799da08effb81c5d685c0c56f64eecaef8cdf11cc38737838cf400",
     "6ddf802e1aae4986935f7f981ba3f0351d6273c0a0c22c9c0e8339168e675412a3debfaf435ed651558007db4384b650fcc07e3b586a27a4f7a0"
     "0ac8a6fec2cd86ae4bf1570c41e6a40c931db27b2faa15a8cedd52cff7362c4e6e23daec0fbc3a79b6806e316efcc7b68119bf46bc76a26067a5"
     "3f296dafdbdc11c77f7777e972660cf4b6a9b369a6665f02e0cc9b6edfad136b4fabe723d2813db3136cfde9b6d044322fee2947952e031b73ab"
     "5c603349b307bdc27bc6cb8b8bbd7bd323219b8033a581b59eadebb09b3c4f3d2277d4f0343624acc817804728b25ab797172b4c5c21a22f9c78"
     "39d64300232eb66e53f31c723fa37fe387c7d3e50bdf9813a30e5bb12cf4cd930c40cfb4e1fc622592a49588794494d56d24ea4b40c89fc0596c"
     "c9ebb961c8cb10adde976a5d602b1c3f85b9b9a001ed3c6a4d3b1437f52096cd1956d042a597d561a596ecd3d1735a8d570ea0ec27225a2c4aaf"
     "f26306d1526c1af3ca6d9cf5a2c98f47e1c46db9a33234cfd4d81f2c98538a09ebe76998d0d8fd25997c7d255c6d66ece6fa56f11144950f0277"
     "95e653008f4bd7ca2dee85d8e90f3dc315130ce2a00375a318c7c3d97be2c8ce5b6db41a6254ff264fa6155baee3b0773c0f497c573f19bb4f42"
     "40281f0b1f4f7be857a4e59d416c06b4c50fa09e1810ddc6b1467baeac5a3668d11b6ecaa901440016f389f80acc4db977025e7f5924388c7e34"
     "0a732e554440e76570f8dd71b7d640b3450d1fd5f0410a18f9a3494f707c717b79b4bf75c98400b096b21653b5d217cf3565c9597456f7070349"
     "7a078763829bc01bb1cbc8fa04eadc9a6e3f6699587a9e75c94e5bab0036e0b2e711392cff0047d0d6b05bd2a588bc109718954259f1d86678a5"
     "79a3120f19cfb2963f177aeb70f2d4844826262e51b80271272068ef5b3856fa8535aa2a88b2d41f2a0e2fda7624c2850272ac4a2f561f8f2f7a"
     "318bfd5caf9696149e4ac824ad3460538fdc25421beec2cc6818162d06bbed0c40a387192349db67a118bada6cd5ab0140ee273204f628aad1c1"
     "35f770279a651e24d8c14d75a6059d76b96a6fd857def5e0b354b27ab937a5815d16b5fae407ff18222c6d1ed263be68c95f32d908bd895cd762"
     "07ae726487567f9a67dad79abec316f683b17f2d02bf07e0ac8b5bc6162cf94697b3c27cd1fea49b27f23ba2901871962506520c392da8b6ad0d"
     "99f7013fbc06c2c17a569500c8a7696481c1cd33e9b14e40b82e79a5f5db82571ba97bae3ad3e0479515bb0e2b0f3bfcd1fd33034efc6245eddd"
     "7ee2086ddae2600d8ca73e214e8c2b0bdb2b047c6a464a562ed77b73d2d841c4b34973551257713b753632efba348169abc90a68f42611a40126"
     "d7cb21b58695568186f7e569d2ff0f9e745d0487dd2eb997cafc5abf9dd102e62ff66cba87",
     "",
     "e301345a41a39a4d72fff8df69c98075a0cc082b802fc9b2b6bc503f926b65bddf7f4c8f1cb49f6396afc8a70abe6d8aef0db478d4c6b29700"
     "76c6a0484fe76d76b3a97625d79f1ce240e7c576750d295528286f719b413de9ada3e8eb78ed573603ce30d8bb761785dc30dbc320869e1a00"},
};

static uint8_t *hex_or_fail(const char *hex, size_t *len)
{
    uint8_t *p = tv_hex_alloc(hex, len);
    if (p == NULL)
        tv_fail("bad inline hex %.40s", hex);
    return p;
}

static void rfc_vectors(void)
{
    for (size_t i = 0; i < sizeof(rfc) / sizeof(rfc[0]); i++) {
        size_t priv_len, pub_len, msg_len, ctx_len, sig_len;
        uint8_t *priv = hex_or_fail(rfc[i].priv, &priv_len);
        uint8_t *pub = hex_or_fail(rfc[i].pub, &pub_len);
        uint8_t *msg = hex_or_fail(rfc[i].msg, &msg_len);
        uint8_t *ctx = hex_or_fail(rfc[i].ctx, &ctx_len);
        uint8_t *sig = hex_or_fail(rfc[i].sig, &sig_len);
        uint8_t got_pub[57], got[114];
        const char *n = rfc[i].name;
        if (priv == NULL || pub == NULL || msg == NULL || ctx == NULL || sig == NULL ||
            !tv_check(priv_len == 57 && pub_len == 57 && sig_len == 114, "RFC 8032 7.4 %s sizes",
                      n))
            goto next;
        tv_check_int(brisk_ed448_public(got_pub, priv), 0, "RFC 8032 7.4 %s public rc", n);
        tv_check_mem(got_pub, pub, 57, "RFC 8032 7.4 %s public key", n);
        tv_check_int(brisk_ed448_sign(got, msg, msg_len, ctx, ctx_len, priv, pub), 0,
                     "RFC 8032 7.4 %s sign rc", n);
        tv_check_mem(got, sig, 114, "RFC 8032 7.4 %s signature", n);
        memset(got, 0, sizeof(got));
        brisk_ed448_sign(got, msg, msg_len, ctx, ctx_len, priv, NULL);
        tv_check_mem(got, sig, 114, "RFC 8032 7.4 %s signature, public key computed", n);
        tv_check_int(brisk_ed448_verify(sig, msg, msg_len, ctx, ctx_len, pub), BRISK_EOK,
                     "RFC 8032 7.4 %s verifies", n);
        /* Another context, a changed message, signature or key: refused. */
        tv_check_int(brisk_ed448_verify(sig, msg, msg_len, (const uint8_t *)"bar",
                                        ctx_len == 3 ? 3 : 1, pub),
                     BRISK_EVERIFY, "RFC 8032 7.4 %s under another context", n);
        if (msg_len > 0) {
            msg[msg_len / 2] ^= 1;
            tv_check_int(brisk_ed448_verify(sig, msg, msg_len, ctx, ctx_len, pub),
                         BRISK_EVERIFY, "RFC 8032 7.4 %s, message changed", n);
            msg[msg_len / 2] ^= 1;
        }
        static const int at[] = {0, 20, 56, 57, 80, 112};
        for (size_t j = 0; j < sizeof(at) / sizeof(at[0]); j++) {
            sig[at[j]] ^= 1;
            tv_check_int(brisk_ed448_verify(sig, msg, msg_len, ctx, ctx_len, pub),
                         BRISK_EVERIFY, "RFC 8032 7.4 %s, signature byte %d changed", n, at[j]);
            sig[at[j]] ^= 1;
        }
        pub[30] ^= 1;
        tv_check_int(brisk_ed448_verify(sig, msg, msg_len, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "RFC 8032 7.4 %s, key changed", n);
    next:
        free(priv);
        free(pub);
        free(msg);
        free(ctx);
        free(sig);
    }
}

/* RFC 8032 section 7.5 (Ed448ph): the message "abc", no context, then
 * the context "foo". */
static const struct {
    const char *name, *ctx, *sig;
} rfc_ph[] = {
    {"abc", "",
     "822f6901f7480f3d5f562c592994d9693602875614483256505600bbc281ae381f54d6bce2ea911574932f52a4"
     "e6cadd78769375ec3ffd1b801a0d9b3f4030cd433964b6457ea39476511214f97469b57dd32dbc560a9a94d00b"
     "ff07620464a3ad203df7dc7ce360c3cd3696d9d9fab90f00"},
    {"abc with context foo", "666f6f",
     "c32299d46ec8ff02b54540982814dce9a05812f81962b649d528095916a2aa481065b1580423ef927ecf0af588"
     "8f90da0f6a9a85ad5dc3f280d91224ba9911a3653d00e484e2ce232521481c8658df304bb7745a73514cdb9bf3"
     "e15784ab71284f8d0704a608c54a6b62d97beb511d132100"},
};
static const char rfc_ph_priv[] =
    "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42ef7822e0d5104127dc05d6dbefde69e3ab2cec7c867c6e2c49";
static const char rfc_ph_pub[] =
    "259b71c19f83ef77a7abd26524cbdb3161b590a48f7d17de3ee0ba9c52beb743c09428a131d6b1b57303d90d8132c276d5ed3d5d01c0f53880";

static void rfc_ph_vectors(void)
{
    uint8_t priv[57], pub[57], sig[114], got[114], ctx[3];
    const uint8_t *msg = (const uint8_t *)"abc";
    size_t n;

    tv_hex_decode(priv, 57, rfc_ph_priv, &n);
    tv_hex_decode(pub, 57, rfc_ph_pub, &n);
    brisk_ed448_public(got, priv);
    tv_check_mem(got, pub, 57, "RFC 8032 7.5 public key");
    for (size_t i = 0; i < sizeof(rfc_ph) / sizeof(rfc_ph[0]); i++) {
        size_t ctx_len = 0;
        const char *name = rfc_ph[i].name;
        tv_hex_decode(ctx, sizeof(ctx), rfc_ph[i].ctx, &ctx_len);
        if (!tv_check(tv_hex_decode(sig, 114, rfc_ph[i].sig, &n) == 0 && n == 114,
                      "RFC 8032 7.5 %s: signature hex", name))
            continue;
        tv_check_int(brisk_ed448ph_sign(got, msg, 3, ctx_len ? ctx : NULL, ctx_len, priv, pub), 0,
                     "RFC 8032 7.5 %s sign rc", name);
        tv_check_mem(got, sig, 114, "RFC 8032 7.5 %s signature", name);
        memset(got, 0, sizeof(got));
        brisk_ed448ph_sign(got, msg, 3, ctx, ctx_len, priv, NULL);
        tv_check_mem(got, sig, 114, "RFC 8032 7.5 %s signature, public key computed", name);
        tv_check_int(brisk_ed448ph_verify(sig, msg, 3, ctx, ctx_len, pub), BRISK_EOK,
                     "RFC 8032 7.5 %s verifies", name);
        tv_check_int(brisk_ed448_verify(sig, msg, 3, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "RFC 8032 7.5 %s refused as pure Ed448", name);
        tv_check_int(brisk_ed448ph_verify(sig, msg, 3, (const uint8_t *)"bar", 3, pub),
                     BRISK_EVERIFY, "RFC 8032 7.5 %s under the context bar", name);
        tv_check_int(brisk_ed448ph_verify(sig, msg, 2, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "RFC 8032 7.5 %s, message shortened", name);
        sig[i * 60] ^= 4;
        tv_check_int(brisk_ed448ph_verify(sig, msg, 3, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "RFC 8032 7.5 %s, signature changed", name);
    }
}

/* ph_properties: Ed448ph on random keys, messages and contexts, pure Ed448
 * and Ed448ph signatures never taken for each other. */
static void ph_properties(tv_rng *rng)
{
    uint8_t priv[57], pub[57], sig[114], sig2[114], msg[300], ctx[255];

    for (int t = 0; t < 6; t++) {
        size_t msg_len = t == 0 ? 0 : tv_rng_below(rng, sizeof(msg) + 1);
        size_t ctx_len = t < 2 ? 0 : t == 2 ? 255 : tv_rng_below(rng, 256);
        tv_rng_fill(rng, priv, 57);
        tv_rng_fill(rng, msg, sizeof(msg));
        tv_rng_fill(rng, ctx, sizeof(ctx));
        brisk_ed448_public(pub, priv);
        tv_check_int(brisk_ed448ph_sign(sig, msg_len ? msg : NULL, msg_len, ctx_len ? ctx : NULL,
                                        ctx_len, priv, pub),
                     0, "ph sign, %zu bytes, %zu-byte context", msg_len, ctx_len);
        brisk_ed448ph_sign(sig2, msg, msg_len, ctx, ctx_len, priv, NULL);
        tv_check_mem(sig2, sig, 114, "ph: signing computes the same public key");
        tv_check_int(brisk_ed448ph_verify(sig, msg, msg_len, ctx, ctx_len, pub), BRISK_EOK,
                     "ph verify, %zu bytes, %zu-byte context", msg_len, ctx_len);
        tv_check_int(brisk_ed448_verify(sig, msg, msg_len, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "ph signature refused as pure Ed448, round %d", t);
        brisk_ed448_sign(sig2, msg, msg_len, ctx, ctx_len, priv, pub);
        tv_check_int(brisk_ed448ph_verify(sig2, msg, msg_len, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "pure signature refused as Ed448ph, round %d", t);
        if (ctx_len > 0) {
            size_t at = tv_rng_below(rng, ctx_len);
            ctx[at] ^= 2;
            tv_check_int(brisk_ed448ph_verify(sig, msg, msg_len, ctx, ctx_len, pub),
                         BRISK_EVERIFY, "ph: context byte %zu changed", at);
            ctx[at] ^= 2;
            tv_check_int(brisk_ed448ph_verify(sig, msg, msg_len, ctx, ctx_len - 1, pub),
                         BRISK_EVERIFY, "ph: a shorter context is another context");
        }
        if (msg_len > 0) {
            size_t at = tv_rng_below(rng, msg_len);
            msg[at] ^= 1;
            tv_check_int(brisk_ed448ph_verify(sig, msg, msg_len, ctx, ctx_len, pub),
                         BRISK_EVERIFY, "ph: message byte %zu changed", at);
            msg[at] ^= 1;
        }
    }
}

/* ph_digest_vectors: RFC 8032 7.5 (Ed448ph "abc", without and with the
 * context foo) through the digest entry points, the caller computing
 * SHAKE256("abc", 64). */
static void ph_digest_vectors(void)
{
    uint8_t priv[57], pub[57], sig[114], got[114], ctx[3], ph[64];
    size_t n;

    tv_hex_decode(priv, 57, rfc_ph_priv, &n);
    tv_hex_decode(pub, 57, rfc_ph_pub, &n);
    brisk_shake256(ph, sizeof(ph), (const uint8_t *)"abc", 3);
    for (size_t i = 0; i < sizeof(rfc_ph) / sizeof(rfc_ph[0]); i++) {
        size_t ctx_len = 0;
        const char *name = rfc_ph[i].name;
        tv_hex_decode(ctx, sizeof(ctx), rfc_ph[i].ctx, &ctx_len);
        if (!tv_check(tv_hex_decode(sig, 114, rfc_ph[i].sig, &n) == 0 && n == 114,
                      "RFC 8032 7.5 %s: signature hex", name))
            continue;
        memset(got, 0, sizeof(got));
        tv_check_int(brisk_ed448ph_sign_digest(got, ph, 64, ctx_len ? ctx : NULL, ctx_len, priv,
                                               pub),
                     0, "RFC 8032 7.5 %s sign_digest rc", name);
        tv_check_mem(got, sig, 114, "RFC 8032 7.5 %s sign_digest signature", name);
        memset(got, 0, sizeof(got));
        brisk_ed448ph_sign_digest(got, ph, 64, ctx, ctx_len, priv, NULL);
        tv_check_mem(got, sig, 114, "RFC 8032 7.5 %s sign_digest, public key computed", name);
        tv_check_int(brisk_ed448ph_verify_digest(sig, ph, 64, ctx, ctx_len, pub), BRISK_EOK,
                     "RFC 8032 7.5 %s verify_digest", name);
        tv_check_int(brisk_ed448ph_verify_digest(sig, ph, 64, (const uint8_t *)"bar", 3, pub),
                     BRISK_EVERIFY, "RFC 8032 7.5 %s verify_digest under the context bar", name);
        /* The digest is not the message: as one, under either API, refused. */
        tv_check_int(brisk_ed448ph_verify(sig, ph, 64, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "RFC 8032 7.5 %s: the digest taken as the message", name);
        tv_check_int(brisk_ed448_verify(sig, ph, 64, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "RFC 8032 7.5 %s: refused as pure Ed448 of the digest", name);
        ph[i * 30] ^= 8;
        tv_check_int(brisk_ed448ph_verify_digest(sig, ph, 64, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "RFC 8032 7.5 %s verify_digest, digest changed", name);
        ph[i * 30] ^= 8;
    }
}

/* ph_digest_properties: on random keys, messages and contexts the digest
 * API's signature is the message API's, each verifies through the other,
 * and a pure Ed448 signature of the message (same context) is refused as
 * ph. */
static void ph_digest_properties(tv_rng *rng)
{
    uint8_t priv[57], pub[57], sig[114], sig2[114], msg[300], ctx[255], ph[64];

    for (int t = 0; t < 6; t++) {
        size_t msg_len = t == 0 ? 0 : tv_rng_below(rng, sizeof(msg) + 1);
        size_t ctx_len = t < 2 ? 0 : t == 2 ? 255 : tv_rng_below(rng, 256);
        tv_rng_fill(rng, priv, 57);
        tv_rng_fill(rng, msg, sizeof(msg));
        tv_rng_fill(rng, ctx, sizeof(ctx));
        brisk_ed448_public(pub, priv);
        brisk_shake256(ph, sizeof(ph), msg, msg_len);
        tv_check_int(brisk_ed448ph_sign(sig, msg, msg_len, ctx, ctx_len, priv, pub), 0,
                     "ph sign, %zu bytes, %zu-byte context", msg_len, ctx_len);
        tv_check_int(brisk_ed448ph_sign_digest(sig2, ph, 64, ctx_len ? ctx : NULL, ctx_len, priv,
                                               t % 2 ? pub : NULL),
                     0, "ph sign_digest, %zu-byte context", ctx_len);
        tv_check_mem(sig2, sig, 114, "ph: digest and message APIs sign alike, round %d", t);
        tv_check_int(brisk_ed448ph_verify_digest(sig, ph, 64, ctx, ctx_len, pub), BRISK_EOK,
                     "ph: verify_digest accepts the message API's signature, round %d", t);
        tv_check_int(brisk_ed448ph_verify(sig2, msg, msg_len, ctx, ctx_len, pub), BRISK_EOK,
                     "ph: verify accepts the digest API's signature, round %d", t);
        brisk_ed448_sign(sig2, msg, msg_len, ctx, ctx_len, priv, pub);
        tv_check_int(brisk_ed448ph_verify_digest(sig2, ph, 64, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "ph: a pure signature refused by verify_digest, round %d", t);
        if (ctx_len > 0)
            tv_check_int(brisk_ed448ph_verify_digest(sig, ph, 64, ctx, ctx_len - 1, pub),
                         BRISK_EVERIFY, "ph: verify_digest under a shorter context, round %d",
                         t);
    }
}

/* Wycheproof: every case.  Valid ones verify; invalid ones are refused,
 * by brisk_ed448_verify or, for a signature that is not 114 bytes, by
 * its fixed size. */
static void wycheproof(tv_json *root)
{
    tv_wycheproof w = {root, NULL, NULL, 0, 0};
    unsigned long n = 0, valid = 0;

    while (tv_wycheproof_next(&w)) {
        long id = -1;
        size_t pk_len = 0, msg_len = 0, sig_len = 0;
        tv_json_long(w.test, "tcId", &id);
        const uint8_t *pk = tv_json_hex(tv_json_get(w.group, "publicKey"), "pk", &pk_len);
        const uint8_t *msg = tv_json_hex(w.test, "msg", &msg_len);
        const uint8_t *sig = tv_json_hex(w.test, "sig", &sig_len);
        int result = tv_wycheproof_result(&w);
        n++;
        if (!tv_check(pk != NULL && pk_len == 57 && msg != NULL && sig != NULL,
                      "wycheproof tcId %ld: a 57-byte key", id))
            continue;
        if (sig_len != 114) {
            tv_check(result == TV_RESULT_INVALID, "wycheproof tcId %ld: only invalid ones are "
                                                  "not 114 bytes", id);
            continue;
        }
        int rc = brisk_ed448_verify(sig, msg, msg_len, NULL, 0, pk);
        tv_check_int(rc, result == TV_RESULT_VALID ? BRISK_EOK : BRISK_EVERIFY,
                     "wycheproof tcId %ld", id);
        valid += result == TV_RESULT_VALID;
    }
    tv_check(n == 87 && valid > 0, "wycheproof: %lu cases (87 expected), %lu valid", n, valid);
}

/* L, little-endian, for S + L. */
static const uint8_t ell[57] = {
    0xf3, 0x44, 0x58, 0xab, 0x92, 0xc2, 0x78, 0x23, 0x55, 0x8f, 0xc5, 0x8d, 0x72, 0xc2, 0x6c,
    0x21, 0x90, 0x36, 0xd6, 0xae, 0x49, 0xdb, 0x4e, 0xc4, 0xe9, 0x23, 0xca, 0x7c, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f, 0x00};

static void properties(tv_rng *rng)
{
    uint8_t priv[57], pub[57], pub2[57], sig[114], sig2[114], msg[300], ctx[255];

    for (int t = 0; t < 6; t++) {
        size_t msg_len = (size_t)t * 50, ctx_len = t == 3 ? 255 : (size_t)t;
        tv_rng_fill(rng, msg, sizeof(msg));
        tv_rng_fill(rng, ctx, sizeof(ctx));
        tv_check_int(brisk_ed448_keygen(priv, pub), 0, "keygen");
        brisk_ed448_public(pub2, priv);
        tv_check_mem(pub2, pub, 57, "keygen's public key is public's");
        tv_check_int(brisk_ed448_sign(sig, msg, msg_len, ctx, ctx_len, priv, pub), 0, "sign");
        brisk_ed448_sign(sig2, msg, msg_len, ctx, ctx_len, priv, NULL);
        tv_check_mem(sig2, sig, 114, "signing computes the same public key");
        tv_check_int(brisk_ed448_verify(sig, msg, msg_len, ctx, ctx_len, pub), BRISK_EOK,
                     "a fresh signature verifies, round %d", t);
        if (ctx_len > 0)
            tv_check_int(brisk_ed448_verify(sig, msg, msg_len, ctx, ctx_len - 1, pub),
                         BRISK_EVERIFY, "a shorter context is another context");
        /* S + L: the same S modulo L, refused as non-canonical. */
        unsigned carry = 0;
        memcpy(sig2, sig, 114);
        for (int i = 0; i < 57; i++) {
            carry += (unsigned)sig2[57 + i] + ell[i];
            sig2[57 + i] = (uint8_t)carry;
            carry >>= 8;
        }
        tv_check_int(brisk_ed448_verify(sig2, msg, msg_len, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "S + L is refused");
        /* R or A with stray bits in the last byte, or y >= p. */
        memcpy(sig2, sig, 114);
        sig2[56] |= 1;
        tv_check_int(brisk_ed448_verify(sig2, msg, msg_len, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "R with a stray bit is refused");
        memcpy(pub2, pub, 57);
        pub2[56] |= 0x40;
        tv_check_int(brisk_ed448_verify(sig, msg, msg_len, ctx, ctx_len, pub2), BRISK_EVERIFY,
                     "A with a stray bit is refused");
    }
    /* A = (y = p + 1, non-canonical identity) and y = 2 (not on the curve). */
    memset(pub2, 0xff, 57);
    pub2[28] = 0xfe;
    pub2[0] = 0;
    pub2[56] = 0;
    tv_check_int(brisk_ed448_verify(sig, msg, 0, NULL, 0, pub2), BRISK_EVERIFY,
                 "a key with y = p + 1 is refused");
    memset(pub2, 0, 57);
    pub2[0] = 2;
    tv_check_int(brisk_ed448_verify(sig, msg, 0, NULL, 0, pub2), BRISK_EVERIFY,
                 "a key with y = 2 (no x) is refused");
    pub2[0] = 1;
    pub2[56] = 0x80;
    tv_check_int(brisk_ed448_verify(sig, msg, 0, NULL, 0, pub2), BRISK_EVERIFY,
                 "the identity with x's sign bit set is refused");
}

/* Signatures that take verification's less common paths, made with brisk
 * (its internal point arithmetic, for the small-order ones) and checked
 * with OpenSSL 3.0's `pkeyutl -verify -rawin`.  The first is the one
 * message (the 4 bytes of 111170 little-endian, under the private key
 * 00 01 .. 38) among the first 111,171 whose k the lattice reduction
 * leaves with too long a t: it takes the long path of 448 doublings.  The
 * others have a public key A and nonce point R with small-order
 * components (T = (1, 0), of order 4): S B = R + k A holds exactly when
 * R's component cancels k times A's, and the check must be exactly that
 * one (cofactorless, RFC 8032 section 5.2.7's second option, as before
 * the lattice) however r and t are chosen.  OpenSSL 3.0 checks 4 S B =
 * 4 R + 4 k A (the first option) and accepts all four. */
static const struct {
    const char *name;
    int want;
    const char *pub, *msg, *sig;
} paths[] = {
    {"long path (t too long)", BRISK_EOK,
     "18d0a70e42a742dfb561279893385061d7b4dad8f6feed4791eaab66b2f4a4f0"
     "2fc09462a8bfb1842d0bac60e8a1b3e55ba2407f33226f3800",
     "42b20100",
     "04582429cfea06b5d40755c5860a7516dbfe633336fe9a8a8ee9e9f7baefc8cf"
     "b5014650f1543520d020a1d94cc1de417c263177c2ee898a802afdf9345a7a90"
     "c09b8a8480b813668f4f29f70630332d2b591b8bd9015fa507230befc76dfe4e"
     "2407db334d4f81b75bde2b15531c6c830100"},
    {"A + 2 T, R + 1 T, k = 3 mod 4", BRISK_EVERIFY,
     "d5fbddb2c59d3ec25b36f790fe1fdfbd728a687626ef2929a3f076e06379e14b"
     "e26f3e49d1600538739e9657ff589262ba7755f1afe52ca900",
     "02",
     "96c42d0b752ac49b683b2d216294057744364cd604e5d4ee83ab94982bde7918"
     "052745e4fcb347a57c95f709750eda7ec1b702384ceb9d0200581631fbef57d5"
     "4943291eb9be44bf84aa74111710c46fc6c0988af3b468708b273bcefc86b3b3"
     "63f0405af5b4215d4f8fdfcad7d73f0d3300"},
    {"A + 1 T, R + 1 T, k = 1 mod 4", BRISK_EVERIFY,
     "a889d0e2126c490a2c7bc26905818823bd4b3b274f7de5e5728351a2d21d5bc3"
     "427b60fc13cd39ecca6405cf6d8656ce251b2a6ed11b5a1a80",
     "03",
     "d0dbbd1153cbacf15bf1e04725e70364db34f4a671d1a5ab9a76ba2dfb6f5431"
     "577b584de682ec3a6b94adfb6dc7ea51e51bef57b91dd53d008ff83cf4a61904"
     "19199abc776b225960e291b8309c00f80d86c5a3eb69843cc92ffee0d8f115ab"
     "140621bd672a221513da5897a138f3e22c00"},
    {"A + 2 T, R + 2 T, k = 1 mod 4", BRISK_EOK,
     "17697e35ba8a4735ba70c0090a6507bf2860f003f773dae45d40ef607692fcaa"
     "138cb9a1ec5aa1f7978ad27d105791fd2de07f01f2bdbce900",
     "04",
     "ab6a57c0e1e0274a613adca87ec38c010b7b7c634cc34c6ba96f764a66d6ad11"
     "2ca063b52d79994f4575d93d1e9856646e5f713bf96280938025e738ab32eaaf"
     "7049a5b6b2d0a037729874e11ebbdc0e50aaa3ef0d95d0f8508cd285fa099cea"
     "290e4d9f378dd41f2414f654228106971a00"},
    {"A + 1 T, R + 3 T, k = 1 mod 4", BRISK_EOK,
     "2cc8413f87ff8cb7df44ab9b2a810c589defb71a781dacf39900a46a564a86e3"
     "dd8a36c3cb77b90b22257b93809f2f3ca5115e260b1d33bd00",
     "07",
     "ca4f69ea359b81405db0e3ec74eb6d869770a1d9b2d415d336a745b8c1c923e0"
     "e3434e69bc920973d4a446d9fe7242b04b1faef9f9e1033500af647a4fd5b456"
     "2a8ed9af395a3a6da520ea049706e2278ab037860b76bcc34908cf8e27f3ea34"
     "8384d22945b4b829facad641b768999e1f00"},
};

static void verify_paths(void)
{
    for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
        size_t pub_len, msg_len, sig_len;
        uint8_t *pub = hex_or_fail(paths[i].pub, &pub_len);
        uint8_t *msg = hex_or_fail(paths[i].msg, &msg_len);
        uint8_t *sig = hex_or_fail(paths[i].sig, &sig_len);
        const char *n = paths[i].name;
        if (pub != NULL && msg != NULL && sig != NULL &&
            tv_check(pub_len == 57 && sig_len == 114, "%s sizes", n)) {
            tv_check_int(brisk_ed448_verify(sig, msg, msg_len, NULL, 0, pub), paths[i].want,
                         "%s", n);
            msg[0] ^= 1;
            tv_check_int(brisk_ed448_verify(sig, msg, msg_len, NULL, 0, pub), BRISK_EVERIFY,
                         "%s, message changed", n);
            msg[0] ^= 1;
            sig[60] ^= 1;
            tv_check_int(brisk_ed448_verify(sig, msg, msg_len, NULL, 0, pub), BRISK_EVERIFY,
                         "%s, S changed", n);
        }
        free(pub);
        free(msg);
        free(sig);
    }
    /* The long path's signature is the one brisk makes. */
    uint8_t priv[57], pub[57], sig[114], want[114];
    size_t n;
    for (int i = 0; i < 57; i++)
        priv[i] = (uint8_t)i;
    tv_hex_decode(want, sizeof(want), paths[0].sig, &n);
    brisk_ed448_public(pub, priv);
    brisk_ed448_sign(sig, (const uint8_t *)"\x42\xb2\x01\x00", 4, NULL, 0, priv, pub);
    tv_check_mem(sig, want, 114, "long path: the signature of 111170");
}

static void misuse(void)
{
    uint8_t k[57] = {1}, p[57], s[114] = {0}, m[1] = {0}, c[256] = {0};
    brisk_ed448_public(p, k);
    tv_check_int(brisk_ed448_public(NULL, k), BRISK_EINVAL, "public NULL pub");
    tv_check_int(brisk_ed448_public(p, NULL), BRISK_EINVAL, "public NULL priv");
    tv_check_int(brisk_ed448_keygen(NULL, p), BRISK_EINVAL, "keygen NULL priv");
    tv_check_int(brisk_ed448_keygen(k, NULL), BRISK_EINVAL, "keygen NULL pub");
    tv_check_int(brisk_ed448_sign(NULL, m, 1, NULL, 0, k, p), BRISK_EINVAL, "sign NULL sig");
    tv_check_int(brisk_ed448_sign(s, NULL, 1, NULL, 0, k, p), BRISK_EINVAL, "sign NULL msg");
    tv_check_int(brisk_ed448_sign(s, m, 1, NULL, 1, k, p), BRISK_EINVAL, "sign NULL ctx");
    tv_check_int(brisk_ed448_sign(s, m, 1, c, 256, k, p), BRISK_EINVAL, "sign ctx of 256");
    tv_check_int(brisk_ed448_sign(s, m, 1, NULL, 0, NULL, p), BRISK_EINVAL, "sign NULL priv");
    tv_check_int(brisk_ed448_sign(s, NULL, 0, NULL, 0, k, p), 0, "sign NULL, 0 msg");
    tv_check_int(brisk_ed448_verify(s, NULL, 0, NULL, 0, p), BRISK_EOK, "verify NULL, 0 msg");
    tv_check_int(brisk_ed448_verify(NULL, m, 1, NULL, 0, p), BRISK_EINVAL, "verify NULL sig");
    tv_check_int(brisk_ed448_verify(s, NULL, 1, NULL, 0, p), BRISK_EINVAL, "verify NULL msg");
    tv_check_int(brisk_ed448_verify(s, m, 1, NULL, 1, p), BRISK_EINVAL, "verify NULL ctx");
    tv_check_int(brisk_ed448_verify(s, m, 1, c, 256, p), BRISK_EINVAL, "verify ctx of 256");
    tv_check_int(brisk_ed448_verify(s, m, 1, NULL, 0, NULL), BRISK_EINVAL, "verify NULL pub");
    tv_check_int(brisk_ed448ph_sign(NULL, m, 1, NULL, 0, k, p), BRISK_EINVAL, "ph sign NULL sig");
    tv_check_int(brisk_ed448ph_sign(s, NULL, 1, NULL, 0, k, p), BRISK_EINVAL, "ph sign NULL msg");
    tv_check_int(brisk_ed448ph_sign(s, m, 1, NULL, 1, k, p), BRISK_EINVAL, "ph sign NULL ctx");
    tv_check_int(brisk_ed448ph_sign(s, m, 1, c, 256, k, p), BRISK_EINVAL, "ph sign ctx of 256");
    tv_check_int(brisk_ed448ph_sign(s, m, 1, NULL, 0, NULL, p), BRISK_EINVAL,
                 "ph sign NULL priv");
    tv_check_int(brisk_ed448ph_sign(s, NULL, 0, c, 255, k, p), 0, "ph sign NULL, 0 msg, ctx 255");
    tv_check_int(brisk_ed448ph_verify(s, NULL, 0, c, 255, p), BRISK_EOK,
                 "ph verify NULL, 0 msg, ctx 255");
    tv_check_int(brisk_ed448ph_verify(NULL, m, 1, NULL, 0, p), BRISK_EINVAL,
                 "ph verify NULL sig");
    tv_check_int(brisk_ed448ph_verify(s, NULL, 1, NULL, 0, p), BRISK_EINVAL,
                 "ph verify NULL msg");
    tv_check_int(brisk_ed448ph_verify(s, m, 1, NULL, 1, p), BRISK_EINVAL, "ph verify NULL ctx");
    tv_check_int(brisk_ed448ph_verify(s, m, 1, c, 256, p), BRISK_EINVAL,
                 "ph verify ctx of 256");
    tv_check_int(brisk_ed448ph_verify(s, m, 1, NULL, 0, NULL), BRISK_EINVAL,
                 "ph verify NULL pub");

    /* The digest entry points: exactly 64 bytes, and the same NULL and
     * context checks as the message ones. */
    uint8_t d[65] = {0};
    tv_check_int(brisk_ed448ph_sign_digest(s, d, 64, NULL, 0, k, p), BRISK_EOK,
                 "ph sign_digest 64 bytes");
    tv_check_int(brisk_ed448ph_verify_digest(s, d, 64, NULL, 0, p), BRISK_EOK,
                 "ph verify_digest 64 bytes");
    static const size_t bad_len[] = {0, 32, 63, 65, 57};
    for (size_t i = 0; i < sizeof(bad_len) / sizeof(bad_len[0]); i++) {
        tv_check_int(brisk_ed448ph_sign_digest(s, d, bad_len[i], NULL, 0, k, p), BRISK_EINVAL,
                     "ph sign_digest of %zu bytes", bad_len[i]);
        tv_check_int(brisk_ed448ph_verify_digest(s, d, bad_len[i], NULL, 0, p), BRISK_EINVAL,
                     "ph verify_digest of %zu bytes", bad_len[i]);
    }
    tv_check_int(brisk_ed448ph_sign_digest(NULL, d, 64, c, 1, k, p), BRISK_EINVAL,
                 "ph sign_digest NULL sig");
    tv_check_int(brisk_ed448ph_sign_digest(s, NULL, 64, c, 1, k, p), BRISK_EINVAL,
                 "ph sign_digest NULL digest");
    tv_check_int(brisk_ed448ph_sign_digest(s, NULL, 0, c, 1, k, p), BRISK_EINVAL,
                 "ph sign_digest NULL digest, length 0");
    tv_check_int(brisk_ed448ph_sign_digest(s, d, 64, c, 1, NULL, p), BRISK_EINVAL,
                 "ph sign_digest NULL priv");
    tv_check_int(brisk_ed448ph_sign_digest(s, d, 64, NULL, 1, k, p), BRISK_EINVAL,
                 "ph sign_digest NULL ctx");
    tv_check_int(brisk_ed448ph_sign_digest(s, d, 64, c, 256, k, p), BRISK_EINVAL,
                 "ph sign_digest ctx of 256");
    tv_check_int(brisk_ed448ph_sign_digest(s, d, 64, c, 255, k, p), 0,
                 "ph sign_digest ctx of 255");
    tv_check_int(brisk_ed448ph_verify_digest(s, d, 64, c, 255, p), BRISK_EOK,
                 "ph verify_digest ctx of 255");
    tv_check_int(brisk_ed448ph_verify_digest(NULL, d, 64, c, 1, p), BRISK_EINVAL,
                 "ph verify_digest NULL sig");
    tv_check_int(brisk_ed448ph_verify_digest(s, NULL, 64, c, 1, p), BRISK_EINVAL,
                 "ph verify_digest NULL digest");
    tv_check_int(brisk_ed448ph_verify_digest(s, d, 64, c, 1, NULL), BRISK_EINVAL,
                 "ph verify_digest NULL pub");
    tv_check_int(brisk_ed448ph_verify_digest(s, d, 64, NULL, 1, p), BRISK_EINVAL,
                 "ph verify_digest NULL ctx");
    tv_check_int(brisk_ed448ph_verify_digest(s, d, 64, c, 256, p), BRISK_EINVAL,
                 "ph verify_digest ctx of 256");
}

int main(void)
{
    tv_rng rng;

    tv_begin("test_ed448");
    tv_rng_init(&rng, tv_seed());
    shake256_kats();
    rfc_vectors();
    tv_json *root = tv_json_load("wycheproof/testvectors_v1/ed448_test.json");
    if (root != NULL)
        wycheproof(root);
    tv_json_free(root);
    properties(&rng);
    verify_paths();
    rfc_ph_vectors();
    ph_properties(&rng);
    ph_digest_vectors();
    ph_digest_properties(&rng);
    misuse();
    return tv_end();
}
