/*
 * apps/selfcheck.c - known answers that `brisk speed` checks each
 * implementation against, through the very path it times, before timing it.
 *
 * Digests: the message is SELFCHECK_MSG_LEN bytes with byte i = (31 i + 7)
 * mod 256; the HMAC key is the 16 bytes "brisk-self-check".  The answers were
 * computed with OpenSSL 3.0.19 (`openssl dgst -provider default -provider
 * legacy -DIGEST [-hmac brisk-self-check] -r msg.bin`), except MD2 and
 * MDC-2, which this OpenSSL lacks: MD2's come from an independent Python MD2
 * checked against the RFC 1319 A.5 vectors in tests/vectors/rfc/md2.txt,
 * with Python's hmac module for HMAC-MD2; MDC-2's from an independent Python
 * MDC-2 over pyca/cryptography's DES, checked against
 * tests/vectors/rfc/mdc2.txt, with HMAC as OpenSSL's HMAC_Init_ex does
 * it for MDC-2's 8-byte block (a longer key is hashed, and the first 8 bytes
 * of the result are the key).  A digest added to the registry needs a line
 * here, or speed refuses to time it.
 *
 * Ciphers: one standard vector per cipher and mode, each line citing its
 * source; most are in tests/vectors.  A single-block ECB vector serves
 * for CBC with a zero IV, where the two are the same computation.  CFB and
 * OFB vectors marked "computed" take the key, IV and text of the standard's
 * example and were computed, as were all the others, with pyca/cryptography
 * (OpenSSL) or `openssl enc`; IDEA and RC5, which this OpenSSL lacks, come
 * from the vector files, verified there against libgcrypt and an
 * independent RC5.  A cipher without a line here is checked for
 * self-consistency only (apps/speed.c).
 *
 * GHASH: the GMAC tag of the message, as openssl speed keys its "ghash"
 * row (selfcheck_gmac below).  The random generator has no known answer;
 * speed checks that its output is not constant.
 */
#include <string.h>
#include <strings.h>

#include "apps.h"

const char selfcheck_hmac_key[] = "brisk-self-check";

/* Computed with OpenSSL 3.0.19 (`openssl mac -cipher AES-128-GCM -macopt
 * hexkey:123456789abcdef03456789abcdef012 -macopt hexiv:303132333435363738396162
 * -in msg.bin GMAC`) and, the same, by an independent Python GHASH over
 * pyca/cryptography's AES-ECB. */
const char selfcheck_gmac[] = "8052f30b4c8fbbf35b64cc56775fc857";

void selfcheck_message(uint8_t msg[SELFCHECK_MSG_LEN])
{
    for (size_t i = 0; i < SELFCHECK_MSG_LEN; i++)
        msg[i] = (uint8_t)(31 * i + 7);
}

static const struct {
    const char *name;    /* the digest's short name */
    const char *digest;  /* digest of the message */
    const char *hmac;    /* HMAC of the message under the key */
} answers[] = {
    {"md2", "f6d628c308e2b18a790688f5408ee462", "0a8b3a819ad15652171eacc537e22d7c"},
    {"mdc2", "7e6ab32d66ad4b0a515229b5819dd7eb", "241e218339982c538e1d038b5e7db155"},
    {"md4", "ec53ddb07d93b46cc0cb13b1023b4651", "7d9abfdf3a603cd6223683be75d44860"},
    {"md5", "919e4e6eef1223bc54e857dfde80c3ce", "cbab021c97f746ac8c8e6fb8a0430476"},
    {"sha1", "92de59cf7739d2cf8c2598a6c55b469c29ff92b6",
     "7a80faf45f1b36622d8a645baaa42266c488fbed"},
    {"rmd160", "3b02f75bfe86f2ca9c3e82e1a8a901ff49a45ff7",
     "dac21704f540e3fc9f55809c03b8a3c25b961b3d"},
    {"sha224", "b76cf724b96117a3d64c662cf39e450f644828eba5eb0c35c98faff3",
     "b5191564f9b07dae6f794bc286cec2969b201c65c0f146f80040eaab"},
    {"sha256", "4ebe2a8bd5ece93fb899b68e8a5fe64464b2058a5ddca6c079bc907930aa3003",
     "c8d98724cba8e12f0c15300b857cfb23814f22230132aee12be6aeaa5d9185a2"},
    {"sha384",
     "b0831e12757eb5cb023427a6f279c515890204848fd86aa7e3a2fb73aa3131b3"
     "a5d6e98fcae9cfc83e1075380a8dec69",
     "c4a10ffe027b4ad1d2cf7a7239507c8c2214d800018092d82ad94a3b6d9d86b0"
     "2f772180329f2375771530dcd3e85f65"},
    {"sha512",
     "cd8fc4c36e0e79546fca813c67f25da21fb6d02035d86fa340c0fc5d4df79643"
     "4a5b613d435ddf9fdf2ed55595947135b0e74fb5b13900f9d95da5e4c27905f2",
     "2c33cff0cdaa56dcf71a13a7f89fe97934fa08c3153aaaf80ceb56c7b52300b8"
     "5b71270d7e81317b017034e570f5aba437de37cf67414d9ca227f7d1f9118f50"},
    {"sha512-224", "2ce3c15a3c1caf7fbe8755fd9ca2bffbf0be0e004823d28f8e175817",
     "6c04cfc2452296d06068fceca7a9bdfc19fa1a273ac7e3978cc35f88"},
    {"sha512-256", "68432077ff51c74ba7a89da63eb55e2b1a0e70eed4fbadd3f89d3c71471da28d",
     "0353731cebd566c23c2c837ef7958e02a764cfc8cffcadf12b7e65012fb5abbb"},
};

const char *selfcheck_expected(const brisk_digest *md, int hmac)
{
    for (size_t i = 0; i < sizeof(answers) / sizeof(answers[0]); i++)
        if (strcasecmp(answers[i].name, md->name) == 0)
            return hmac ? answers[i].hmac : answers[i].digest;
    return NULL;
}

/* One cipher's known answer, in hex; NULL for an empty field. */
static const struct {
    const char *name;   /* the registry's name */
    const char *key, *iv, *aad, *pt, *ct, *tag;
} cipher_answers[] = {
    /* SP 800-38A F.1 */
    {"aes-128-ecb", "2b7e151628aed2a6abf7158809cf4f3c",
     NULL, NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4", NULL},
    /* SP 800-38A F.1 */
    {"aes-192-ecb", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
     NULL, NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eefef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e", NULL},
    /* SP 800-38A F.1 */
    {"aes-256-ecb", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     NULL, NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7", NULL},
    /* SP 800-38A F.2 */
    {"aes-128-cbc", "2b7e151628aed2a6abf7158809cf4f3c",
     "000102030405060708090a0b0c0d0e0f", NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b273bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7", NULL},
    /* SP 800-38A F.3 CFB128, computed */
    {"aes-128-cfb", "2b7e151628aed2a6abf7158809cf4f3c",
     "000102030405060708090a0b0c0d0e0f", NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "3b3fd92eb72dad20333449f8e83cfb4ac8a64537a0b3a93fcde3cdad9f1ce58b26751f67a3cbb140b1808cf187a4f4dfc04b05357c5d1c0eeac4c66f9ff7f2e6", NULL},
    /* SP 800-38A F.4, computed */
    {"aes-128-ofb", "2b7e151628aed2a6abf7158809cf4f3c",
     "000102030405060708090a0b0c0d0e0f", NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f53c52dac54ed8259740051e9c5fecf64344f7a82260edcc304c6528f659c77866a510d9c1d6ae5e", NULL},
    /* SP 800-38A F.2 */
    {"aes-192-cbc", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
     "000102030405060708090a0b0c0d0e0f", NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd", NULL},
    /* SP 800-38A F.3 CFB128, computed */
    {"aes-192-cfb", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
     "000102030405060708090a0b0c0d0e0f", NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "cdc80d6fddf18cab34c25909c99a417467ce7f7f81173621961a2b70171d3d7a2e1e8a1dd59b88b1c8e60fed1efac4c9c05f9f9ca9834fa042ae8fba584b09ff", NULL},
    /* SP 800-38A F.4, computed */
    {"aes-192-ofb", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
     "000102030405060708090a0b0c0d0e0f", NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "cdc80d6fddf18cab34c25909c99a4174fcc28b8d4c63837c09e81700c11004018d9a9aeac0f6596f559c6d4daf59a5f26d9f200857ca6c3e9cac524bd9acc92a", NULL},
    /* SP 800-38A F.2 */
    {"aes-256-cbc", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     "000102030405060708090a0b0c0d0e0f", NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b", NULL},
    /* SP 800-38A F.3 CFB128, computed */
    {"aes-256-cfb", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     "000102030405060708090a0b0c0d0e0f", NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "dc7e84bfda79164b7ecd8486985d386039ffed143b28b1c832113c6331e5407bdf10132415e54b92a13ed0a8267ae2f975a385741ab9cef82031623d55b1e471", NULL},
    /* SP 800-38A F.4, computed */
    {"aes-256-ofb", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     "000102030405060708090a0b0c0d0e0f", NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "dc7e84bfda79164b7ecd8486985d38604febdc6740d20b3ac88f6ad82a4fb08d71ab47a086e86eedf39d1c5bba97c4080126141d67f37be8538f5a8be740e484", NULL},
    /* SP 800-38A F.5 */
    {"aes-128-ctr", "2b7e151628aed2a6abf7158809cf4f3c",
     "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee", NULL},
    /* SP 800-38A F.5 */
    {"aes-192-ctr", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
     "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e941e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050", NULL},
    /* SP 800-38A F.5 */
    {"aes-256-ctr", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", NULL,
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c52b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6", NULL},
    /* GCM spec test case 4 */
    {"aes-128-gcm", "feffe9928665731c6d6a8f9467308308",
     "cafebabefacedbaddecaf888", "feedfacedeadbeeffeedfacedeadbeefabaddad2",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091", "5bc94fbc3221a5db94fae95ae7121a47"},
    /* GCM spec test case 10 */
    {"aes-192-gcm", "feffe9928665731c6d6a8f9467308308feffe9928665731c",
     "cafebabefacedbaddecaf888", "feedfacedeadbeeffeedfacedeadbeefabaddad2",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
     "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710", "2519498e80f1478f37ba55bd6d27618c"},
    /* GCM spec test case 16 */
    {"aes-256-gcm", "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
     "cafebabefacedbaddecaf888", "feedfacedeadbeeffeedfacedeadbeefabaddad2",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
     "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662", "76fc6ece0f4e1768cddf8853bb2d551b"},
    /* CAVP XTSGenAES128.rsp COUNT 1 */
    {"aes-128-xts", "a1b90cba3f06ac353b2c343876081762090923026e91771815f29dab01932f2f",
     "4faef7117cda59c66e4b92013e768ad5", NULL,
     "ebabce95b14d3c8d6fb350390790311c",
     "778ae8b43cb98d5a825081d5be471c63", NULL},
    /* CAVP XTSGenAES256.rsp COUNT 1 */
    {"aes-256-xts", "1ea661c58d943a0e4801e42f4b0947149e7f9f8e3e68d0c7505210bd311a0e7cd6e13ffdf2418d8d1911c004cda58da3d619b7e2b9141e58318eea392cf41b08",
     "adf8d92627464ad2f0428e84a9f87564", NULL,
     "2eedea52cd8215e1acc647e810bbc3642e87287f8d2e57e36c0a24fbc12a202e",
     "cbaad0e2f6cea3f50b37f934d46a9b130b9d54f07e34f36af793e86f73c6d7db", NULL},
    /* FIPS 81 B.1 */
    {"des-ecb", "0123456789abcdef",
     NULL, NULL,
     "4e6f77206973207468652074696d6520666f7220616c6c20",
     "3fa40e8a984d48156a271787ab8883f9893d51ec4b563b53", NULL},
    /* FIPS 81 C.1 */
    {"des-cbc", "0123456789abcdef",
     "1234567890abcdef", NULL,
     "4e6f77206973207468652074696d6520666f7220616c6c20",
     "e5c7cdde872bf27c43e934008c389c0f683788499a7c05f6", NULL},
    /* FIPS 81 key/IV/text, CFB64, computed */
    {"des-cfb", "0123456789abcdef",
     "1234567890abcdef", NULL,
     "4e6f77206973207468652074696d6520666f7220616c6c20",
     "f3096249c7f46e51a69e839b1a92f78403467133898ea622", NULL},
    /* FIPS 81 key/IV/text, OFB, computed */
    {"des-ofb", "0123456789abcdef",
     "1234567890abcdef", NULL,
     "4e6f77206973207468652074696d6520666f7220616c6c20",
     "f3096249c7f46e5135f24a242eeb3d3f3d6d5be3255af8c3", NULL},
    /* CAVP TDES TCBCMMT3.rsp COUNT 2 */
    {"des-ede3-cbc", "1a5d4c0825072a15a8ad9dfdaeda8c048adffb85bc4fced0",
     "7fcfa736f7548b6f", NULL,
     "983c3edacd939406010e1bc6ff9e12320ac5008117fa8f84",
     "d84fa24f38cf451ca2c9adc960120bd8ff9871584fe31cee", NULL},
    /* CAVP TDES TECBMMT3.rsp COUNT 2 */
    {"des-ede3", "c16189f43451196bfb4c438580c20408571f0d5e4a586491",
     NULL, NULL,
     "dd9a97741093334bd0c9761105cfb79cc3bac34a7c85bd8a",
     "d2f3f1d32a9ea09b5acb589c41a07320fb8d33a2fc2b0ed2", NULL},
    /* CAVP TDES TCBCMMT2.rsp COUNT 2 */
    {"des-ede-cbc", "e091790be55be0bc0780153861a84adc",
     "fd7d430f86fbbffe", NULL,
     "03c7fffd7f36499c703dedc9df4de4a92dd4382e576d6ae9",
     "053aeba85dd3a23bfbe8440a432f9578f312be60fb9f0035", NULL},
    /* CAVP TDES TECBMMT2.rsp COUNT 2 */
    {"des-ede", "326b494cd33ee65737ae5ebf46dff2dc",
     NULL, NULL,
     "0654b84f30cbb2846bccd9d56463d6db9e12f3465b2322ce",
     "dec0c5935e5430f98ad636fa3d7caff1946766bdc201edd9", NULL},
    /* Schneier vectors.txt ecb #4 */
    {"bf-ecb", "0123456789abcdef",
     NULL, NULL,
     "1111111111111111",
     "61f9c3802281b096", NULL},
    /* Schneier vectors.txt chaining CBC */
    {"bf-cbc", "0123456789abcdeff0e1d2c3b4a59687",
     "fedcba9876543210", NULL,
     "37363534333231204e6f77206973207468652074696d6520666f722000000000",
     "6b77b4d63006dee605b156e27403979358deb9e7154616d959f1652bd5ff92cc", NULL},
    /* Schneier vectors.txt chaining CFB64 */
    {"bf-cfb", "0123456789abcdeff0e1d2c3b4a59687",
     "fedcba9876543210", NULL,
     "37363534333231204e6f77206973207468652074696d6520666f722000",
     "e73214a2822139caf26ecf6d2eb9e76e3da3de04d1517200519d57a6c3", NULL},
    /* Schneier vectors.txt chaining OFB64 */
    {"bf-ofb", "0123456789abcdeff0e1d2c3b4a59687",
     "fedcba9876543210", NULL,
     "37363534333231204e6f77206973207468652074696d6520666f722000",
     "e73214a2822139ca62b343cc5b65587310dd908d0c241b2263c2cf80da", NULL},
    /* RFC 2144 B.1 */
    {"cast5-ecb", "0123456712345678234567893456789a",
     NULL, NULL,
     "0123456789abcdef",
     "238b4fe5847e44b2", NULL},
    /* RFC 2144 B.1 (CBC, zero IV) */
    {"cast5-cbc", "0123456712345678234567893456789a",
     "0000000000000000", NULL,
     "0123456789abcdef",
     "238b4fe5847e44b2", NULL},
    /* Lai IDEA example */
    {"idea-ecb", "00010002000300040005000600070008",
     NULL, NULL,
     "0000000100020003",
     "11fbed2b01986de5", NULL},
    /* Lai IDEA example (CBC, zero IV) */
    {"idea-cbc", "00010002000300040005000600070008",
     "0000000000000000", NULL,
     "0000000100020003",
     "11fbed2b01986de5", NULL},
    /* SSLeay ideatest.c CFB64 */
    {"idea-cfb", "e1f0c3d2a5b4879669784b5a2d3c0f1e",
     "34127856ab90efcd", NULL,
     "4e6f77206973207468652074696d6520666f7220616c6c20",
     "59d8e26500586c3f2c1725d01a38b72a396137dc79fb9f45", NULL},
    /* RFC 2268 section 5 #7 */
    {"rc2-ecb", "88bca90e90875a7f0f79c384627bafb2",
     NULL, NULL,
     "0000000000000000",
     "2269552ab0f85ca6", NULL},
    /* pyca rc2-cbc.txt (EKB 128) */
    {"rc2-cbc", "30303030303030303030303030303030",
     "3030303030303030", NULL,
     "74686520717569636b2062726f776e20666f78206a756d706564206f76657220746865206c617a7920646f6721212121",
     "5b886175cdbb0161badf64936b8ee4cb8f4b75fc28833f61668bb2bea88cfd32c410ac7ec016c5028f75078a88968887", NULL},
    /* Rivest RC5-32/12/16 example 2 */
    {"rc5-ecb", "915f4619be41b2516355a50110a9ce91",
     NULL, NULL,
     "21a5dbee154b8f6d",
     "f7c013ac5b2b8952", NULL},
    /* Rivest RC5-32/12/16 example 2 (CBC, zero IV) */
    {"rc5-cbc", "915f4619be41b2516355a50110a9ce91",
     "0000000000000000", NULL,
     "21a5dbee154b8f6d",
     "f7c013ac5b2b8952", NULL},
    /* RFC 6229 key 0102030405060708090a0b0c0d0e0f10 */
    {"rc4", "0102030405060708090a0b0c0d0e0f10",
     NULL, NULL,
     "0000000000000000000000000000000000000000000000000000000000000000",
     "9ac7cc9a609d1ef7b2932899cde41b975248c4959014126a6e8a84f11d1a9e1c", NULL},
    /* RFC 6229 key 0102030405 */
    {"rc4-40", "0102030405",
     NULL, NULL,
     "0000000000000000000000000000000000000000000000000000000000000000",
     "b2396305f03dc027ccc3524a0a1118a86982944f18fc82d589c403a47a0d0919", NULL},
    /* RFC 8439 2.4.2, its first 64 bytes; OpenSSL's IV is the 32-bit
     * counter (1) then the nonce */
    {"chacha20", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "01000000000000000000004a00000000", NULL,
     "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a204966204920636f756c64206f6666657220796f75206f",
     "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8", NULL},
    /* Wycheproof chacha20_poly1305_test.json tcId 73 */
    {"chacha20-poly1305", "97d635c4f47574d9998a90875da1d3a284b755b2d39297a5725235190e10a97e",
     "d31c21aba175b70de4ebb19c", "7193f623663321a2",
     "94ee166d6d6ecf8832437136b4ae805d428864359586d9193a25016293edba443c58e07e7b7195ec5bd84582a9d56c8d4a108c7d7ce34e6c6f8ea1bec0567317",
     "5fbbdecc34be201614f636031eeb42f1cace3c79a12cffd871ee8e73820c829749f1abb4294367849fb6c2aa56bda8a3078f723d7c1c852024b017b58973fb1e", "09263da7b4cb921452f97dca40f580ec"},
};

int selfcheck_cipher(const char *name, selfcheck_kat *kat)
{
    for (size_t i = 0; i < sizeof(cipher_answers) / sizeof(cipher_answers[0]); i++) {
        long key, iv, aad, pt, ct, tag;
        if (strcasecmp(cipher_answers[i].name, name) != 0)
            continue;
        key = hex_decode(kat->key, sizeof(kat->key), cipher_answers[i].key);
        iv = hex_decode(kat->iv, sizeof(kat->iv), cipher_answers[i].iv);
        aad = hex_decode(kat->aad, sizeof(kat->aad), cipher_answers[i].aad);
        pt = hex_decode(kat->pt, sizeof(kat->pt), cipher_answers[i].pt);
        ct = hex_decode(kat->ct, sizeof(kat->ct), cipher_answers[i].ct);
        tag = hex_decode(kat->tag, sizeof(kat->tag), cipher_answers[i].tag);
        if (key < 0 || iv < 0 || aad < 0 || pt < 0 || ct != pt || tag < 0)
            return -1;
        kat->key_len = (size_t)key;
        kat->iv_len = (size_t)iv;
        kat->aad_len = (size_t)aad;
        kat->pt_len = (size_t)pt;
        kat->tag_len = (size_t)tag;
        return 0;
    }
    return -1;
}
