/*
 * apps/speed_pk.c - the public-key rows of `brisk speed` (rsa512 ...
 * rsa4096, dsa512 ... dsa2048): the keys, the self-checks and the timed
 * loops; apps/speed.c chooses, times and prints them in OpenSSL 3.0's
 * formats.
 *
 * What is timed is what openssl speed 3.0 times.  RSA: EVP_PKEY_sign with
 * the default PKCS#1 v1.5 padding and no digest set, over 36 random bytes
 * (an MD5 || SHA-1 pair's length): a private operation on the block 00 01
 * FF..FF 00 || the 36 bytes, without a DigestInfo; and EVP_PKEY_verify of
 * it: a public operation and a comparison with that block.  brisk builds
 * the block once and times brisk_rsa_private_op (CRT, blinding, and the
 * check of the result) and brisk_rsa_public_op plus the comparison.  DSA:
 * EVP_PKEY_sign / EVP_PKEY_verify of 20 bytes, the length of a SHA-1
 * digest: brisk_dsa_sign (RFC 6979 nonces over HMAC-SHA-1 hedged with 32
 * random bytes, and the check of each signature before release, which
 * openssl does not make: about a verification more per signature) and
 * brisk_dsa_verify on DER signatures.  The 36 (or 20) bytes are the first
 * ones of the self-check message (byte i = 31 i + 7 mod 256) rather than
 * random ones; the values do not change the work.
 *
 * RSA keys (e = 65537) are generated once, before timing, with
 * brisk_rsa_generate.  DSA keys are generated from the fixed domain
 * parameters below, as openssl speed keeps fixed ones in its testdsa.h.
 *
 * Before a key is timed it must sign and verify the message, reject its
 * signature with one bit changed, and verify a known signature under a
 * fixed public key of the same size (the kernels differ by size).  Those
 * vectors were made with OpenSSL 3.0.19 by scripts/gen-speed-pk-vectors:
 * for RSA, `openssl genrsa BITS` and `openssl pkeyutl -sign` of the 36
 * bytes; for DSA, the parameters by `openssl genpkey -genparam -algorithm
 * DSA -pkeyopt dsa_paramgen_bits:L -pkeyopt dsa_paramgen_q_bits:160` for
 * 512 and 1024 bits, then `openssl genpkey -paramfile`; for 2048 bits,
 * openssl speed's own DSA-2048 key from OpenSSL 3.0's apps/testdsa.h
 * (dsa2048_p, _q, _g, _pub: q of 160 bits, like every size there, so
 * that both commands exponentiate to 160 bits); then `openssl pkeyutl
 * -sign` of the 20 bytes (openssl 3.0 refuses DSA-512 keys, so that key
 * and signature were computed by the script's own arithmetic, checked by
 * its verification).
 *
 * ECDSA (ecdsap256, ecdsap384, ecdsap521): as OpenSSL 3.0's ECDSA loops,
 * a DER signature of the 20-byte message per operation (brisk_ecdsa_sign:
 * hedged RFC 6979 nonces over SHA-256, each signature verified before it
 * is released, which openssl does not do) and its verification, with a
 * key generated before timing.  Before timing, that key signs and
 * verifies, a changed signature fails, and RFC 6979's key for the curve
 * (A.2.5, A.2.6, A.2.7) makes the RFC's deterministic signature of
 * "sample".
 * ECDH (ecdhp256, ecdhp384, ecdhp521, ecdhx25519, ecdhx448): as OpenSSL
 * 3.0's ECDH loop, one EVP_PKEY_derive per operation with a fixed peer key
 * (for the NIST curves brisk_ecdh, which validates the peer's point each
 * time as EVP_PKEY_derive does not); both key pairs are generated before
 * timing and must agree on the shared secret, and for X25519 and X448 RFC
 * 7748 section 6.1's (6.2's) Alice and Bob must derive their known secret
 * through the same
 * call.
 * FFDH (ffdh2048 ... ffdh8192, the RFC 7919 groups): as openssl speed 3.0
 * times it, one derivation per operation with keys fixed before timing:
 * two key pairs generated once (brisk_dh_generate_key, RFC 7919's short
 * exponents, as OpenSSL's EVP_PKEY_keygen makes them for these groups),
 * then brisk_dh_derive of the first's exponent with the second's public
 * value, which includes the full check of that value (range and subgroup)
 * and the left-padded output.  Before timing, the two derive the same
 * secret both ways, and fixed exponents (tests/test_dh.c's) derive a
 * known one (its SHA-256, computed with Python's pow and checked against
 * libcrypto by tests/test_diff_dh.c).
 * EdDSA (ed448): as OpenSSL 3.0's EdDSA loops, EVP_DigestSign and
 * EVP_DigestVerify of 20 bytes with one key pair generated before timing
 * (brisk_ed448_keygen; the signing loop passes the public key, as
 * OpenSSL's key holds it); before timing, RFC 8032 section 7.4's "1
 * octet" key must give its public key and signature, the fresh key's
 * signature must verify and a changed one must not.
 *
 * EdDSA (ed25519): as OpenSSL 3.0's EdDSA loops, one EVP_DigestSign (and
 * EVP_DigestVerify) of the same 20 bytes it signs with DSA and ECDSA per
 * operation, with a key pair generated before timing and its public key
 * at hand, as an EVP_PKEY holds it.  Before timing, RFC 8032 section 7.1's
 * TEST 2 must sign to its known signature and verify, and the generated
 * key's signature must verify and refuse a flipped bit.
 *
 * Not constant-time code of its own: it calls the library's.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/dh.h>
#include <brisk/digest.h>
#include <brisk/dsa.h>
#include <brisk/ed25519.h>
#include <brisk/ed448.h>
#include <brisk/ec.h>
#include <brisk/pkey.h>
#include <brisk/rsa.h>
#include <brisk/x25519.h>
#include <brisk/x448.h>

#include "apps.h"

#define RSA_MSG_LEN 36 /* what openssl speed signs with RSA */
#define DSA_MSG_LEN 20 /* and with DSA */

struct speed_pk {
    int type;
    unsigned bits;
    union {
        brisk_rsa_key rsa;
        brisk_dsa_key dsa;
        struct {
            brisk_dh_key a, b;
        } dh;
        struct {
            uint8_t priv[56], peer[56], secret[56];
        } ecdh;
        struct {
            uint8_t priv[57], pub[57], sig[114];   /* Ed25519: the first 32, 32, 64 */
        } eddsa;
        struct {
            brisk_ec_curve curve;
            uint8_t priv[BRISK_EC_MAX_BYTES], pub[BRISK_EC_MAX_POINT];
            uint8_t peer[BRISK_EC_MAX_POINT], secret[BRISK_EC_MAX_BYTES];
            size_t pub_len;
        } ec;
    } k;
    uint8_t peer[BRISK_DH_MAX_BYTES];    /* FFDH: b's public value */
    uint8_t secret[BRISK_DH_MAX_BYTES];  /* and what a derives with it */
    uint8_t msg[RSA_MSG_LEN];
    uint8_t em[BRISK_RSA_MAX_BYTES];   /* RSA: the block the signature opens to */
    uint8_t sig[BRISK_RSA_MAX_BYTES];  /* the signature the verify loop checks */
    uint8_t tmp[BRISK_RSA_MAX_BYTES];
    size_t len;                        /* RSA: modulus bytes; DSA: signature bytes */
};

/* A known answer: a public key and its signature of the message; hex. */
typedef struct pk_vector {
    int type;
    unsigned bits;
    const char *p, *q, *g;  /* DSA parameters */
    const char *n_or_y;     /* RSA modulus (e = 65537), or DSA public y */
    const char *sig;        /* RSA: PKCS#1 v1.5 without DigestInfo; DSA: DER */
} pk_vector;

static const pk_vector vectors[] = {
    {SPEED_PK_RSA, 512, NULL, NULL, NULL,
     /* n */
     "b681aea07afcf3996d7dfd6433dd11c28e4cf5090c5444a51c18fbd96dd2e037"
     "59f13cbc031ff659077d891ace39d6c35cece47786c46da78c080b8f9870e86d",
     /* signature */
     "89cae72f322b4007a400cda25426e73a6055dbab9bb9bbfb2c2abccaccea776d"
     "cfe885923342e6d0c501db0e69fbc17fc476f9fe12d9a01641e91a293d21cae3"},
    {SPEED_PK_RSA, 1024, NULL, NULL, NULL,
     /* n */
     "ba24cea4fa6b246a59a78e3fc3eb4cbc9b66432eed35da21dea7ba4b13f3b225"
     "8f5c4ec02ba657b04b92a8f07d409820ae735bc758c5b487f3e3a1e01f55914c"
     "1632f904b10890ea22d6eff859a7afd1241d4cc2c2c7978e517ddce049e72753"
     "1a2497dd29ef227790a76251dc548bc301084da0c078e8f4167b305340de711f",
     /* signature */
     "606fb6935c1ffd64adc3514a25fa53023558832abc8e9381e05c380598e7e878"
     "cc393154ae3cf06db08a9c88044d3385f278eb1a7c4ffa79410cf6ac209a770a"
     "2bd33a9d02e458edab432822250a919c90a29e2e75c9cce20328c50e12dc6e55"
     "c563ea2c4a492a3c2c1ea5d1737b80bfc1c521697a8ec3a3e4b4806c809159e3"},
    {SPEED_PK_RSA, 2048, NULL, NULL, NULL,
     /* n */
     "d115ba694ae855146b83b4e503ea4a27d337d70ddfc60aecb3052986f0be9aaa"
     "3e74b38f07adfdb6833da346379412e5fe4377eba387e97becd722ba5ac50500"
     "afdff232163c24263dc158bb0040768880d938a9720f16565fff732673e56a3b"
     "77c39775abccd0adab57218629384ad46d27dbeac51d3aa469a25c45370ad9ab"
     "d8a4d94bb83ff550cd5486c3b1828c613ba5171a972ac25c78608261f962fb5a"
     "73d335c81d343134b5ba6dacfd3ec7549e9fb15c25bdbb3d27a2f402558965dc"
     "2f8158ceedeb730e46c8540b3ae753476852a0eea94fe499d8c633cc1674cfd9"
     "5c601b2ff0744a58f676e427182a396913f4e82e94f3a854911d72a96c587c69",
     /* signature */
     "8bdc91487d3ff10145a29f11e7f715eceaf142ba8d36df7921c4a4b178eb902a"
     "ce79b9531434f4cf1508f4de49cc1b4f637a82ee198817c563f941249dc8318c"
     "376cec5af464f54e95d3146d1c0b8d5040f281c0a391ae6ce526a16920d3600e"
     "fc398d213d09a1be88c59d8bf638f9fcaeac1cf2a2e132f739c9d311286f703e"
     "5f9b8558532248550421cbca70beaf813674e28a63234d915ccd9ad34864dd20"
     "3dca528528b7535bd539c259339dbac69e95e7ccb8d414d72a44738c81da852d"
     "c780f55f16a5f09cd843432565302c674bb3c861087455cb3d6fb30ccc1fb86c"
     "ba30e79005c1ca5adc6e9fef6cae2c7a36bb6106498be15e6ebd62482cc08415"},
    {SPEED_PK_RSA, 3072, NULL, NULL, NULL,
     /* n */
     "c9c5901c50e307b2396d9f94bf312b5986ec4836765121cccc34936ccb3c17ed"
     "46e29f49af3b2a0b47ca821b48592940d4223b2d6ddd59b7dc30c3bd80baba0d"
     "dd39579f022dda246673a38a6a5f69a88f1603ba1cddf5eb2a8fba5f022c79ae"
     "c96b57081072f2f5f363472edf77c3c75d355def6cbda0c6d5e734b8674cb79a"
     "b1560fe8175c070dfd9833d415391216524d52a0ae9f7fabedf5194c504cf74c"
     "ac293da68145d8c7396a0ce904892431bd1ead68000abbf3b2a89cd9803a64af"
     "93c94b833cf9341b7a7b00aca2280ebb0c1996ff7671ec64b9f5c1fb57dbf674"
     "94304cfb2eebef6e731911bc15daea969502831be35f15635c34fee7db72ddb7"
     "001dcd67ba300394035dddca36e237c8e5269d22dac86840f0f9f4c1094aee01"
     "2bab083efb0b606cff622d3769723af80a6939cd5d1c9870d56d74236c8f260c"
     "7d7ec757c9653b79760f47b3d0822567b9fe6d819b2663f94c7005b0c4b5cca7"
     "f8508ea1f6cf1bf99d74e0079e88270bcffbaf6c48d13ee12b95e6517be1e8fd",
     /* signature */
     "63643aa293ce3f8322561c5267fd8b3c972d15ccb141fbb2e1128482d3df632e"
     "1435b7a0ed1ce604fed89152e2cab86880f299ca448e946b9886f965b6fd3f55"
     "d74c5356e8dbb3830baa37fb7b503d44717911833ead24d27b30057e47bf5118"
     "bffc7c36cb5b70b8ac8718f605725625f85ba40f204ccb62770e2b3222d91cba"
     "d921c43231ccdadea5a55eeb7336f13f4b40984ad04ad25ce61938b3d7a10e78"
     "faaa1333129b8acb664cb2f382bdcf5c2f27da0269fe5037dc1436de1037f714"
     "c64f58c59389481dee1ce824ced5beea837d9282218e7e5eaefb07a2ee3a1d2c"
     "b16ad3a6faa500733b0b157d8e3443a76a9693eb843db84e39924f804455622b"
     "e175c4fe95cf91f78673416fc8113193083d23c0a4de202d265b67399d85d269"
     "cea4e86f9603633d2f07355a1599de0f42127d41570ec8a4304b349813d2bdea"
     "501d9e780f8828610d568d3fb838df7978305a36c631a43260e588f6b2194432"
     "fbe08ffeaa0648954cb4fad68dcf33d81443ff07f6135187081a1dbfdb061274"},
    {SPEED_PK_RSA, 4096, NULL, NULL, NULL,
     /* n */
     "c49a4be4c55e36c436cd1377decf8b964f18abed300005e7919c26147509b691"
     "76a4c07d9516351b27a448b72e855f85d78044ffccde595a72427afbf3fc953f"
     "1c96055a82fa7e147e1498667eb4f080349ec456257eaa6c9cd0b675aa0b7a72"
     "c252aac607ea2d5092ed9afba343814435f94d56ad9fa4cae72f480f8db66bca"
     "c6676d8dd999904e3ceb020e8e2b8d107542210ab744e49baafb3f4e9235efbb"
     "4fde57982d2ef0f3355cfe2e4bcd3ee605016894799c098f30aeaaa733daf510"
     "17488a74ef83ceb3f1a1633867350d8ad1e47273849dcfca3efa3345deb4d9d5"
     "9f0a927902645ac6d5fc1f1ba044f5702648d937e689fbcbee34d3660a89139d"
     "67bbbf52ef9717414aeaa5ee11f555131bfe9fee2ac5ab83ecbdb43cf4392bc1"
     "cbc843d250e80ce6a58332771268f8f071e1a1162dfc33765a2fc452489b4c09"
     "b0f4c8bc8305ec077511fe26ac1a5c048156dd51ad142b8864b0e620b08a4b1f"
     "d9394a6997fd3917da900fa8139943ac905a4a30aab1a0f2babd61a42db1fe81"
     "baee64144bc2e613df4b939de20634008cc21a89318a472c11f12423ca51c4f3"
     "f0386a6426bd76d37c5b541a2de320d6af51b1b1fa22faef331bc7a79aee2c08"
     "ae2e0066bc0faad009c11dd721cb8f4659021d5edf6c22001aca95c2e3b1cc5e"
     "b8c7335d05146f2a4a164437e55f6c2464ddfcd923f42f5edb9042df9084eca5",
     /* signature */
     "b9bb55461cb8c3fb7a1f55e815d0471ab072b30cdd823253088669ca55e431d2"
     "2df5ff2cd1b82fa4068c9d9795edcc6014239c98f31acb73517400b2e592cbba"
     "4b97cd72f7d6fc6d5784239ad2d1ab12a1a1fcd98dcc97157cd76ae636f48a77"
     "1a87864a1aa21b61ec7871efbcce76fbd8b3ae9c39bf9bb76a7eb62dd095e7e1"
     "2214ce9e6f43d6633d08671e51321e6db52bb6351f529bbbbdb3e1ce542ab2e8"
     "cb71256d2abd71ab9860241b7182c3cc10e441cdc6b6f2b1c578c501eed16ade"
     "c2a63bb594e0741dd9395668f05e3b0f7ae70a62d7079dff6cfdc54a16fed454"
     "7c2c8c2cac7f507ab7b28da4516abf13722f21983f648b5a3e2c5e1388cd297f"
     "9539d0e9634c9b8c479a8e6bc62a16533075d0ff95c29d31db1d52700d5d7b93"
     "71e91195f23f65894d06a02b09a7050aae75d181f6f075420ab2d91e330a3e1b"
     "e90fcade09b9284505d630fab88eb00f9b5fa7cbd6879314aba03f33dc17f714"
     "ad482b875c9faf821dcff14e63adf9a80e004266c8095b639cf6ddedd14160d1"
     "c877d877706c4f5f286507a55b5839f73dd12697a15fefb3458f55439ea39f95"
     "844d668af1908a96b478b2ff97ee81177834502ecf56264801f31bc262a7d1d2"
     "2a37be2a65121d6b4d565611c749f4fa6707de41fc01a2517b9bfabfc7d735a9"
     "1e79de6773a417964e440eebba0580d6b290177dcba4fdd197f7a3ef75b0471b"},
    {SPEED_PK_DSA, 512,
     /* p */
     "f630b7030eeba43ecfdfb5d331b7176c8a5a52337c864e186c10971f54406a3e"
     "5f3684971d3a6e864c9b8d1126d9aaca4ac74e2eae867d98475d0dae76e785f7",
     /* q */
     "c9ff8950d5ab914fb20d401803e95a1e3c048e6f",
     /* g */
     "53204688446b7155fe7df9956e80701e87d4a9ebf6384698a3a852f05d40bbdd"
     "7d1bc57846f6d9c9e4488988af928a047200220d19148828208d5e3ae66439b0",
     /* y */
     "376da96ea74c5fa2f534730a543d80b713772bc55fba2f924d79ba522d9a6b9c"
     "c2c35dfe2cf6a6d59d08079463a149e9c2be034eaf3a4b66debe0692c7ebc377",
     /* signature */
     "302c02140bbbd06138fa5eafe934642a76b8055dd0724180021449ee61eb4db7"
     "c60e2df4baf01f6439281b281262"},
    {SPEED_PK_DSA, 1024,
     /* p */
     "f1fe7aa924bb788e31ebe98e60404f69226299dbf1a1f994c814933ae3f0c236"
     "b3ded24ecb7bddd47e264602265a6052ffb36902176ecb6d59d7d7cba8ed161e"
     "4a9cdb2aef44b53b8a6ed97db30cf804207c13613c1cee7fffd7d0577e5fb884"
     "f8a49f5182cab72a8189e9d613336185fefa803c85fd805082bbe6e436e7a013",
     /* q */
     "c7bbf277e6242fd2356b2f88a602d829fae2f167",
     /* g */
     "0356811983eb5c88f26fc053263eabad11133e0b618b73c7d731bf6890057db1"
     "1ae7f02bdd837eff1a4a09cf7873c7b8c3d886afba8c6247a79dd721309222a8"
     "fcf065ac72c991afbfeb6557cf0bda3704d5b25fbc678eee1f0e1af04395aae0"
     "5ec9042cb612519eb7eb7f9587a9f16c5a42dc4722bd98abeedced792b8a4c40",
     /* y */
     "32c6feffe07968c9b50fc68c1386c1830f32205340a904b654bdc93a670acf81"
     "409bd2b650e8a765222aaebdff49f462cb2d368611151af0b829362d06911230"
     "41365359dacc4967d335e537293d026e165e7294648edae3d684264f9c9874c6"
     "d72299a0f0d6ca62a1a1bc8167fd25e8bb88b965f98a183f2d80134096b8549a",
     /* signature */
     "302c02143f3a7f80face5f1cdce2bbbf36957e7dec64a294021404c65b6ce38b"
     "89a779a7513127c67cceac531744"},
    {SPEED_PK_DSA, 2048,
     /* p */
     "a025faadf48eb9e599f35d6f4f8334e27ecf6fbf30af6f81ebf8c413d9a05d8b"
     "5c8edcc21d0b4132b01ffeef0cc2a27e685c2821e9f5b15812634c194eff024b"
     "92edd207114d8c58165c558eada3677db9866e0be6546f40ae0e674cf9125b3c"
     "087af7fc678669e70a9440bf8b76fe26d1f2a11a84a1435628bc9a5fd73b6989"
     "8a362c51df12772f577ba0aadd7fa1623b407b681a8f0d38bb215d18fc0f46f7"
     "a3b01d23c3d2c7725118df469579d9bdb519022c87dce757827ef18b063d00a5"
     "7b6b2627910f6a77e4d504e4122c42ffd288bbd392a0f9c85164145cd8f96c47"
     "82b41c7f09b8f025831d3f3f05b3210a5da7d854c3657dc3b01dbfaef868cf9b",
     /* q */
     "97e7334dd3943e0bdb6274c6a108dd19a375171b",
     /* g */
     "2c7816593463f4f392fcb5a54f13de2f1ca43caead383f7e90bf96a6ae259072"
     "f58e800c391cd9ecba905b3ae8586c9e304237023182bc6adf6a0929e3c046d1"
     "cb85ec0c305eeac8398e229f2210d2346168373d2e4a5b9af5c148c6f6dc631a"
     "d39664ba34c9d1a0d1ae6c2f4817931443edf0213019c31b5fdea3f0707818e1"
     "a8e4ee2e00a5e4b317c80c7d6e42dcb74600364dd446aa3d3c468940bf1d8477"
     "0a75f3871d084ca6d1a91c1e121ee1c7302876a57f6c85962b6fdb806626aef5"
     "93c78eae9aede4ca04ea3b72efdc87ed0da54c4add71226459694e8ebf43dcab"
     "8e66bb01b6f4e7fdd2ad9f36c1a02999d1967059067835bd6555529ef8b2e538",
     /* y */
     "178fa8118492ec8347c76ab092af5a2037a36479d2d03dcde061888821cc745d"
     "ce4c5147f0c55c4c827aaf72adb9e053f278b7f0b5487f8a3a18d19f8b7da547"
     "b795ab98f87b7450568e57f0eef5b7baab8586f92bef4156a0a49fb73800460a"
     "a6f1fc1fd84e85449243215d6eccc2cb26310d21c4bd8d24bcd91819d7dcf1e7"
     "935048032cae2ee749885f9357279936b420abfca72bf2d998d7d4349d965058"
     "9aea54f3eef56314ee85837476e15295c3f7eb04047ba7281bccea4a4e84dad8"
     "9c79d89b66892fcfacd779f9a9d8451378b90014c97e22518667b09f261123c8"
     "38d7701d158e4d4f959740a1c27e011872f410e68d52167ff2c9f8338b33b7ce",
     /* signature */
     "302c0214227cd4b1f55c3abb7e84f0194b5fdf8e984b0f060214650a9b3c5489"
     "9a0c28830ccd088ebdea8ebff048"},
};
#define N_VECTORS (sizeof(vectors) / sizeof(vectors[0]))

static const pk_vector *find_vector(int type, unsigned bits)
{
    for (size_t i = 0; i < N_VECTORS; i++)
        if (vectors[i].type == type && vectors[i].bits == bits)
            return &vectors[i];
    return NULL;
}

/* bn_hex sets r from hex; returns 0 or -1. */
static int bn_hex(brisk_bn *r, const char *hex)
{
    uint8_t buf[BRISK_RSA_MAX_BYTES];
    long n = hex_decode(buf, sizeof(buf), hex);

    return n > 0 && brisk_bn_from_bytes(r, buf, (size_t)n) == 0 ? 0 : -1;
}

static int dsa_params_hex(brisk_dsa_params *params, const pk_vector *v)
{
    return bn_hex(&params->p, v->p) == 0 && bn_hex(&params->q, v->q) == 0 &&
                   bn_hex(&params->g, v->g) == 0
               ? 0 : -1;
}

/* ---- RSA ---- */

/* rsa_opens checks that sig (k->len bytes) opens to the block under key. */
static int rsa_opens(speed_pk *k, const brisk_rsa_key *key, const uint8_t *sig)
{
    return brisk_rsa_public_op(key, k->tmp, sig, k->len) == 0 &&
           memcmp(k->tmp, k->em, k->len) == 0;
}

/* rsa_known verifies the known signature under the vector's public key. */
static const char *rsa_known(speed_pk *k, const pk_vector *v)
{
    brisk_rsa_key *pub = calloc(1, sizeof(*pub));
    uint8_t sig[BRISK_RSA_MAX_BYTES];
    const char *why = NULL;

    if (pub == NULL)
        return "out of memory";
    if (bn_hex(&pub->n, v->n_or_y) != 0 || hex_decode(sig, sizeof(sig), v->sig) != (long)k->len)
        why = "bad known-answer data";
    brisk_bn_from_u64(&pub->e, 65537);
    if (why == NULL && brisk_rsa_key_prepare(pub) != 0)
        why = "the known public key was refused";
    if (why == NULL && !rsa_opens(k, pub, sig))
        why = "a known signature did not verify";
    brisk_rsa_key_cleanup(pub);
    free(pub);
    return why;
}

static const char *rsa_setup(speed_pk *k, unsigned bits, const pk_vector *v)
{
    size_t len;

    if (brisk_rsa_generate(&k->k.rsa, bits, 0) != 0)
        return "key generation failed";
    len = k->len = brisk_rsa_size(&k->k.rsa);
    if (len < RSA_MSG_LEN + 11)
        return "the key is too small";
    k->em[0] = 0x00;
    k->em[1] = 0x01;
    memset(k->em + 2, 0xff, len - RSA_MSG_LEN - 3);
    k->em[len - RSA_MSG_LEN - 1] = 0x00;
    memcpy(k->em + len - RSA_MSG_LEN, k->msg, RSA_MSG_LEN);
    if (brisk_rsa_private_op(&k->k.rsa, k->sig, k->em, len) != 0)
        return "signing failed";
    if (!rsa_opens(k, &k->k.rsa, k->sig))
        return "its signature did not verify";
    k->sig[len / 2] ^= 0x10;
    int opens = rsa_opens(k, &k->k.rsa, k->sig);
    k->sig[len / 2] ^= 0x10;
    if (opens)
        return "a changed signature verified";
    return rsa_known(k, v);
}

/* ---- DSA ---- */

static const char *dsa_known(const speed_pk *k, const pk_vector *v)
{
    brisk_dsa_key *pub = calloc(1, sizeof(*pub));
    uint8_t sig[BRISK_DSA_MAX_SIG_LEN], msg[DSA_MSG_LEN];
    long sig_len = hex_decode(sig, sizeof(sig), v->sig);
    const char *why = NULL;

    if (pub == NULL)
        return "out of memory";
    if (sig_len <= 0 || dsa_params_hex(&pub->params, v) != 0 || bn_hex(&pub->y, v->n_or_y) != 0)
        why = "bad known-answer data";
    if (why == NULL && brisk_dsa_key_prepare(pub) != 0)
        why = "the known public key was refused";
    if (why == NULL && brisk_dsa_verify(pub, sig, (size_t)sig_len, k->msg, DSA_MSG_LEN) != 0)
        why = "a known signature did not verify";
    memcpy(msg, k->msg, DSA_MSG_LEN);
    msg[0] ^= 1;
    if (why == NULL && brisk_dsa_verify(pub, sig, (size_t)sig_len, msg, DSA_MSG_LEN) == 0)
        why = "a known signature verified for another message";
    brisk_dsa_key_cleanup(pub);
    free(pub);
    return why;
}

static const char *dsa_setup(speed_pk *k, const pk_vector *v)
{
    brisk_dsa_params params;
    size_t len = BRISK_DSA_MAX_SIG_LEN;

    if (dsa_params_hex(&params, v) != 0)
        return "bad parameters";
    if (brisk_dsa_generate_key(&k->k.dsa, &params) != 0)
        return "key generation failed";
    if (brisk_dsa_sign(&k->k.dsa, k->sig, &len, &brisk_digest_sha1, k->msg, DSA_MSG_LEN) != 0)
        return "signing failed";
    k->len = len;
    if (brisk_dsa_verify(&k->k.dsa, k->sig, len, k->msg, DSA_MSG_LEN) != 0)
        return "its signature did not verify";
    k->sig[len - 2] ^= 0x10;
    int verifies = brisk_dsa_verify(&k->k.dsa, k->sig, len, k->msg, DSA_MSG_LEN) == 0;
    k->sig[len - 2] ^= 0x10;
    if (verifies)
        return "a changed signature verified";
    return dsa_known(k, v);
}

/* ---- FFDH ---- */

/* Fixed exponents and the SHA-256 of the secret they share, per group:
 * tests/test_dh.c's known answers. */
static const struct dh_vector {
    unsigned bits;
    const char *xa, *xb, *z_sha256;
} dh_vectors[] = {
    {2048,
     "f633c251e25a1463aaa49b7ea1f0e5d0c5dd1ab6056b1e63eba737c6",
     "01758f2003b0ad95ebaab6b51058a262b3e6742e2c0f6591bf214dfe8d",
     "eb706c686da305aaa6d2e9a41dff0b05b2141e6d64cd3ba66b6fd04f6373a6c8"},
    {3072,
     "449eb9788f241018772f25fc9dc737af4c9ffdfed38177ec0c8ff8cf4038c6a506eb",
     "05fb64b935f016d9f542d300db4914e11e9ceedf1ab931919dec738c2e3dc670c46d1f",
     "6bf7bed941386ef6fe64db678c8b7643bffd1b520f761379b1c83aea11c61015"},
    {4096,
     "03a5de5d0cfb1262d7189091aa99d7bb65ef29ab"
     "76539be32fe1b8948d9e77778a5fd46321bcc62823",
     "0ac9c8889634d1a26d0141dd844a9ba1f071448e"
     "6b35c794ded5ce1f69f4d18f6ce7602680bfdb55fe",
     "da3b5b5485645795242904a90d34b8b6968e1d37110a80f116f7cc8fbe00ae6a"},
    {6144,
     "699dd8b073bf2b4629cf292d10f3175f99d2680f0c26f4"
     "f01c5e30b8bb5029d7c36f2e95c47e24cf605848ca7cdd69",
     "121c3d0683cb9d65a36ecc09eb0f618237ab85985d6bc7"
     "8a68d94d04eee3afda0f352efc8ffad910110a07b023c901",
     "ba34a72716b0e5218046f1d10d95464ba2bfa82f6ec9b3dbf6f49151626e8858"},
    {8192,
     "ec4ef366e7e10700147e6a81c898cde60e36bd1dbf871901ef"
     "8729797a27a1c39e0db59ba4498b89245d7f55416a411ec374",
     "e4c14337e4c26af45e2137955a3666b3688e8e013679602d85"
     "e7623196f621d0eb4f9b05fefacc1c71c06603154018c412ae",
     "74ee92d2bf3167c40a48c189bac9881bbc3863fdd723620ba9954911d7e60891"},
};

static const brisk_dh_group *dh_group(unsigned bits)
{
    const brisk_dh_group *g;

    for (size_t i = 0; (g = brisk_dh_group_at(i)) != NULL; i++)
        if (g->bits == bits)
            return g;
    return NULL;
}

/* dh_known derives with the fixed exponents of g's vector. */
static const char *dh_known(speed_pk *k, const brisk_dh_group *g)
{
    const struct dh_vector *v = NULL;
    uint8_t xa[64], xb[64], want[32], h[32];
    size_t len = g->bits / 8;
    long la, lb;
    brisk_dh_key *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
    const char *why = NULL;

    for (size_t i = 0; i < sizeof(dh_vectors) / sizeof(dh_vectors[0]); i++)
        if (dh_vectors[i].bits == g->bits)
            v = &dh_vectors[i];
    if (a == NULL || b == NULL) {
        free(a);
        free(b);
        return "out of memory";
    }
    la = v != NULL ? hex_decode(xa, sizeof(xa), v->xa) : -1;
    lb = v != NULL ? hex_decode(xb, sizeof(xb), v->xb) : -1;
    if (la <= 0 || lb <= 0 || hex_decode(want, sizeof(want), v->z_sha256) != 32)
        why = "bad known-answer data";
    if (why == NULL && (brisk_dh_key_set(a, g, NULL, 0, xa, (size_t)la) != 0 ||
                        brisk_dh_key_set(b, g, NULL, 0, xb, (size_t)lb) != 0 ||
                        brisk_dh_public(k->peer, len, b) != 0))
        why = "the known exponents were refused";
    if (why == NULL && brisk_dh_derive(k->secret, len, a, k->peer, len) != 0)
        why = "deriving with the known exponents failed";
    if (why == NULL) {
        brisk_sha256(h, k->secret, len);
        if (memcmp(h, want, 32) != 0)
            why = "the known exponents derived a wrong secret";
    }
    brisk_dh_key_cleanup(a);
    brisk_dh_key_cleanup(b);
    free(a);
    free(b);
    return why;
}

static const char *dh_setup(speed_pk *k, unsigned bits)
{
    const brisk_dh_group *g = dh_group(bits);
    size_t len;
    const char *why;

    if (g == NULL)
        return "no such group";
    len = g->bits / 8;
    if ((why = dh_known(k, g)) != NULL)
        return why;
    if (brisk_dh_generate_key(&k->k.dh.a, g) != 0 || brisk_dh_generate_key(&k->k.dh.b, g) != 0)
        return "key generation failed";
    /* b derives with a's public value, into tmp space: peer */
    if (brisk_dh_public(k->peer, len, &k->k.dh.a) != 0 ||
        brisk_dh_derive(k->secret, len, &k->k.dh.b, k->peer, len) != 0)
        return "deriving failed";
    uint8_t *other = malloc(len);
    if (other == NULL)
        return "out of memory";
    memcpy(other, k->secret, len);
    if (brisk_dh_public(k->peer, len, &k->k.dh.b) != 0 ||
        brisk_dh_derive(k->secret, len, &k->k.dh.a, k->peer, len) != 0)
        why = "deriving failed";
    else if (memcmp(other, k->secret, len) != 0)
        why = "the two sides derived different secrets";
    free_secret(other, len);
    k->len = len;
    return why;
}

/* ---- ECDH (X25519, X448) ---- */

static const char *ecdh_setup(speed_pk *k)
{
    /* RFC 7748 section 6.1: Alice's private key, Bob's public key and
     * their shared secret. */
    static const char *const alice =
        "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
    static const char *const bob_pub =
        "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f";
    static const char *const shared =
        "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";
    uint8_t a[32], b[32], want[32], got[32], peer_priv[32], mine[32];

    if (hex_decode(a, 32, alice) != 32 || hex_decode(b, 32, bob_pub) != 32 ||
        hex_decode(want, 32, shared) != 32)
        return "bad known-answer data";
    if (brisk_x25519(got, a, b) != 0 || memcmp(got, want, 32) != 0)
        return "RFC 7748's Alice and Bob did not agree";
    if (brisk_x25519_keygen(k->k.ecdh.priv, mine) != 0 ||
        brisk_x25519_keygen(peer_priv, k->k.ecdh.peer) != 0)
        return "key generation failed";
    if (brisk_x25519(k->k.ecdh.secret, k->k.ecdh.priv, k->k.ecdh.peer) != 0 ||
        brisk_x25519(got, peer_priv, mine) != 0 || memcmp(got, k->k.ecdh.secret, 32) != 0)
        return "the two sides did not agree";
    brisk_wipe(peer_priv, sizeof(peer_priv));
    return NULL;
}

/* ---- EdDSA (Ed25519) ---- */

static const char *ed25519_setup(speed_pk *k)
{
    /* RFC 8032 section 7.1, TEST 2: secret key, public key, message 0x72
     * and its signature. */
    static const char *const priv =
        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb";
    static const char *const pub =
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c";
    static const char *const sig =
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
        "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00";
    static const uint8_t msg[1] = {0x72};
    uint8_t a[32], a_pub[32], want[64], got[64];

    if (hex_decode(a, 32, priv) != 32 || hex_decode(a_pub, 32, pub) != 32 ||
        hex_decode(want, 64, sig) != 64)
        return "bad known-answer data";
    if (brisk_ed25519_public(got, a) != 0 || memcmp(got, a_pub, 32) != 0 ||
        brisk_ed25519_sign(got, msg, 1, a, NULL) != 0 || memcmp(got, want, 64) != 0)
        return "RFC 8032's TEST 2 did not sign to its signature";
    if (brisk_ed25519_verify(want, msg, 1, a_pub) != BRISK_EOK)
        return "RFC 8032's TEST 2 did not verify";
    brisk_wipe(a, sizeof(a));
    if (brisk_ed25519_keygen(k->k.eddsa.priv, k->k.eddsa.pub) != 0)
        return "key generation failed";
    if (brisk_ed25519_sign(k->k.eddsa.sig, k->msg, DSA_MSG_LEN, k->k.eddsa.priv,
                           k->k.eddsa.pub) != 0 ||
        brisk_ed25519_verify(k->k.eddsa.sig, k->msg, DSA_MSG_LEN, k->k.eddsa.pub) != BRISK_EOK)
        return "a fresh signature did not verify";
    memcpy(got, k->k.eddsa.sig, 64);
    got[7] ^= 0x20;
    if (brisk_ed25519_verify(got, k->msg, DSA_MSG_LEN, k->k.eddsa.pub) != BRISK_EVERIFY)
        return "a changed signature verified";
    return NULL;
}

/* ---- ECDH (X448) ---- */

static const char *ecdh_x448_setup(speed_pk *k)
{
    /* RFC 7748 section 6.2: Alice's private key, Bob's public key and
     * their shared secret. */
    static const char *const alice =
        "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391"
        "006382a6f127ab1d9ac2d8c0a598726b";
    static const char *const bob_pub =
        "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13c"
        "a706dcb57aec3dae07bdc1c67bf33609";
    static const char *const shared =
        "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936"
        "521c24403085d59a449a5037514a879d";
    uint8_t a[56], b[56], want[56], got[56], peer_priv[56], mine[56];

    if (hex_decode(a, 56, alice) != 56 || hex_decode(b, 56, bob_pub) != 56 ||
        hex_decode(want, 56, shared) != 56)
        return "bad known-answer data";
    if (brisk_x448(got, a, b) != 0 || memcmp(got, want, 56) != 0)
        return "RFC 7748's Alice and Bob did not agree";
    if (brisk_x448_keygen(k->k.ecdh.priv, mine) != 0 ||
        brisk_x448_keygen(peer_priv, k->k.ecdh.peer) != 0)
        return "key generation failed";
    if (brisk_x448(k->k.ecdh.secret, k->k.ecdh.priv, k->k.ecdh.peer) != 0 ||
        brisk_x448(got, peer_priv, mine) != 0 || memcmp(got, k->k.ecdh.secret, 56) != 0)
        return "the two sides did not agree";
    brisk_wipe(peer_priv, sizeof(peer_priv));
    return NULL;
}

/* ---- EdDSA (Ed448) ---- */

#define EDDSA_MSG_LEN 20 /* what openssl speed signs with EdDSA */

static const char *ed448_setup(speed_pk *k)
{
    /* RFC 8032 section 7.4, "1 octet": the key, its public key and the
     * signature of the one octet 0x03. */
    static const char *const priv =
        "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e"
        "3bc397a659949ef8021e954e0a12274e";
    static const char *const pub =
        "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb0074280"
        "2b8438ea4cb82169c235160627b4c3a9480";
    static const char *const sig =
        "26b8f91727bd62897af15e41eb43c377efb9c610d48f2335cb0bd0087810f4352541b143c4b981b7e1"
        "8f62de8ccdf633fc1bf037ab7cd779805e0dbcc0aae1cbcee1afb2e027df36bc04dcecbf154336c19f"
        "0af7e0a6472905e799f1953d2a0ff3348ab21aa4adafd1d234441cf807c03a00";
    static const uint8_t octet = 0x03;
    uint8_t a[57], a_pub[57], want[114], got_pub[57], got[114];

    if (hex_decode(a, 57, priv) != 57 || hex_decode(a_pub, 57, pub) != 57 ||
        hex_decode(want, 114, sig) != 114)
        return "bad known-answer data";
    if (brisk_ed448_public(got_pub, a) != 0 || memcmp(got_pub, a_pub, 57) != 0 ||
        brisk_ed448_sign(got, &octet, 1, NULL, 0, a, a_pub) != 0 ||
        memcmp(got, want, 114) != 0)
        return "RFC 8032's signature of one octet did not come out";
    if (brisk_ed448_keygen(k->k.eddsa.priv, k->k.eddsa.pub) != 0)
        return "key generation failed";
    if (brisk_ed448_sign(k->k.eddsa.sig, k->msg, EDDSA_MSG_LEN, NULL, 0, k->k.eddsa.priv,
                         k->k.eddsa.pub) != 0 ||
        brisk_ed448_verify(k->k.eddsa.sig, k->msg, EDDSA_MSG_LEN, NULL, 0, k->k.eddsa.pub) != 0)
        return "a fresh signature did not verify";
    memcpy(got, k->k.eddsa.sig, 114);
    got[7] ^= 1;
    if (brisk_ed448_verify(got, k->msg, EDDSA_MSG_LEN, NULL, 0, k->k.eddsa.pub) != BRISK_EVERIFY)
        return "a changed signature verified";
    return NULL;
}

/* ---- ECDSA and ECDH on the NIST curves ---- */

static brisk_ec_curve ec_curve_of(unsigned bits)
{
    return bits == 256 ? BRISK_EC_P256 : bits == 384 ? BRISK_EC_P384 : BRISK_EC_P521;
}

/* ecdsa_known signs "sample" with RFC 6979's key for the curve (A.2.5,
 * A.2.6, A.2.7: SHA-256, SHA-384, SHA-512) and compares with the RFC's
 * r || s. */
static const char *ecdsa_known(brisk_ec_curve curve)
{
    static const struct {
        const char *md, *x, *rs;
    } kat[] = {
        {"sha256", "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721",
         "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
         "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"},
        {"sha384",
         "6b9d3dad2e1b8c1c05b19875b6659f4de23c3b667bf297ba9aa47740787137d8"
         "96d5724e4c70a825f872c9ea60d2edf5",
         "94edbb92a5ecb8aad4736e56c691916b3f88140666ce9fa73d64c4ea95ad133c"
         "81a648152e44acf96e36dd1e80fabe46"
         "99ef4aeb15f178cea1fe40db2603138f130e740a19624526203b6351d0a3a94f"
         "a329c145786e679e7b82c71a38628ac8"},
        {"sha512",
         "00fad06daa62ba3b25d2fb40133da757205de67f5bb0018fee8c86e1b68c7e75"
         "caa896eb32f1f47c70855836a6d16fcc1466f6d8fbec67db89ec0c08b0e996b8"
         "3538",
         "00c328fafcbd79dd77850370c46325d987cb525569fb63c5d3bc53950e6d4c5f"
         "174e25a1ee9017b5d450606add152b534931d7d4e8455cc91f9b15bf05ec36e3"
         "77fa"
         "00617cce7cf5064806c467f678d3b4080d6f1cc50af26ca209417308281b68af"
         "282623eaa63e5b5c0723d8b8c37ff0777b1a20f8ccb1dccc43997f1ee0e44da4"
         "a67a"},
    };
    const size_t len = brisk_ec_bytes(curve), i = (size_t)curve - 1;
    const brisk_digest *md = brisk_digest_by_name(kat[i].md);
    uint8_t x[BRISK_EC_MAX_BYTES], want[2 * BRISK_EC_MAX_BYTES], got[2 * BRISK_EC_MAX_BYTES];
    uint8_t dg[BRISK_DIGEST_MAX_LEN];

    if (md == NULL || hex_decode(x, len, kat[i].x) != (long)len ||
        hex_decode(want, 2 * len, kat[i].rs) != (long)(2 * len))
        return "bad known-answer data";
    brisk_digest_oneshot(md, dg, (const uint8_t *)"sample", 6);
    if (brisk_ecdsa_sign_raw_deterministic(curve, x, got, 2 * len, md, dg, md->digest_len) !=
            0 ||
        memcmp(got, want, 2 * len) != 0)
        return "RFC 6979's signature did not come out";
    return NULL;
}

static const char *ecdsa_setup(speed_pk *k, unsigned bits)
{
    const brisk_ec_curve curve = ec_curve_of(bits);
    const char *why = ecdsa_known(curve);
    size_t len = BRISK_EC_MAX_SIG_LEN;

    if (why != NULL)
        return why;
    k->k.ec.curve = curve;
    k->k.ec.pub_len = 1 + 2 * brisk_ec_bytes(curve);
    if (brisk_ec_keygen(curve, k->k.ec.priv, k->k.ec.pub) != 0)
        return "key generation failed";
    if (brisk_ecdsa_sign(curve, k->k.ec.priv, k->sig, &len, &brisk_digest_sha256, k->msg,
                         DSA_MSG_LEN) != 0)
        return "signing failed";
    k->len = len;
    if (brisk_ecdsa_verify(curve, k->k.ec.pub, k->k.ec.pub_len, k->sig, len, k->msg,
                           DSA_MSG_LEN) != 0)
        return "a signature did not verify";
    k->sig[len / 2] ^= 1;
    if (brisk_ecdsa_verify(curve, k->k.ec.pub, k->k.ec.pub_len, k->sig, len, k->msg,
                           DSA_MSG_LEN) == 0)
        return "a changed signature verified";
    k->sig[len / 2] ^= 1;
    return NULL;
}

static const char *ec_ecdh_setup(speed_pk *k, unsigned bits)
{
    const brisk_ec_curve curve = ec_curve_of(bits);
    const size_t len = brisk_ec_bytes(curve);
    uint8_t peer_priv[BRISK_EC_MAX_BYTES], got[BRISK_EC_MAX_BYTES];
    const char *why = NULL;

    k->k.ec.curve = curve;
    k->k.ec.pub_len = 1 + 2 * len;
    if (brisk_ec_keygen(curve, k->k.ec.priv, k->k.ec.pub) != 0 ||
        brisk_ec_keygen(curve, peer_priv, k->k.ec.peer) != 0)
        return "key generation failed";
    if (brisk_ecdh(curve, k->k.ec.secret, k->k.ec.priv, k->k.ec.peer, k->k.ec.pub_len) != 0 ||
        brisk_ecdh(curve, got, peer_priv, k->k.ec.pub, k->k.ec.pub_len) != 0 ||
        memcmp(got, k->k.ec.secret, len) != 0)
        why = "the two sides did not agree";
    brisk_wipe(peer_priv, sizeof(peer_priv));
    return why;
}

/* ---- The interface ---- */

speed_pk *speed_pk_new(int type, unsigned bits, const char **why)
{
    const pk_vector *v = type == SPEED_PK_FFDH ? NULL : find_vector(type, bits);
    uint8_t msg[SELFCHECK_MSG_LEN];
    speed_pk *k;

    *why = NULL;
    if (v == NULL && type != SPEED_PK_FFDH && type != SPEED_PK_ECDH && type != SPEED_PK_ECDSA &&
        !(type == SPEED_PK_EDDSA && (bits == 253 || bits == 456))) {
        *why = "no known answer for this size";
        return NULL;
    }
    k = calloc(1, sizeof(*k));
    if (k == NULL) {
        *why = "out of memory";
        return NULL;
    }
    k->type = type;
    selfcheck_message(msg);
    memcpy(k->msg, msg, RSA_MSG_LEN);
    if (type == SPEED_PK_ECDH || type == SPEED_PK_ECDSA)
        *why = bits != 256 && bits != 384 && bits != 521 &&
                       (type == SPEED_PK_ECDSA || (bits != 253 && bits != 448))
                   ? "no such curve"
               : type == SPEED_PK_ECDSA ? ecdsa_setup(k, bits)
               : bits == 253            ? ecdh_setup(k)
               : bits == 448            ? ecdh_x448_setup(k)
                                        : ec_ecdh_setup(k, bits);
    else
        *why = type == SPEED_PK_RSA    ? rsa_setup(k, bits, v)
               : type == SPEED_PK_DSA  ? dsa_setup(k, v)
               : type == SPEED_PK_EDDSA ? (bits == 456 ? ed448_setup(k) : ed25519_setup(k))
                                       : dh_setup(k, bits);
    k->bits = bits;
    if (*why != NULL) {
        speed_pk_free(k);
        return NULL;
    }
    return k;
}

long long speed_pk_sign(speed_pk *k, const volatile sig_atomic_t *running)
{
    long long count = 0;

    if (k->type == SPEED_PK_RSA) {
        for (; SPEED_GO(*running, count); count++)
            if (brisk_rsa_private_op(&k->k.rsa, k->sig, k->em, k->len) != 0)
                return -1;
    } else if (k->type == SPEED_PK_FFDH) {
        for (; SPEED_GO(*running, count); count++)
            if (brisk_dh_derive(k->secret, k->len, &k->k.dh.a, k->peer, k->len) != 0)
                return -1;
    } else if (k->type == SPEED_PK_EDDSA && k->bits == 456) {
        for (; SPEED_GO(*running, count); count++)
            if (brisk_ed448_sign(k->k.eddsa.sig, k->msg, EDDSA_MSG_LEN, NULL, 0, k->k.eddsa.priv,
                                 k->k.eddsa.pub) != 0)
                return -1;
    } else if (k->type == SPEED_PK_EDDSA) {
        for (; SPEED_GO(*running, count); count++)
            if (brisk_ed25519_sign(k->k.eddsa.sig, k->msg, DSA_MSG_LEN, k->k.eddsa.priv,
                                   k->k.eddsa.pub) != 0)
                return -1;
    } else if (k->type == SPEED_PK_ECDH && k->bits == 448) {
        for (; SPEED_GO(*running, count); count++)
            if (brisk_x448(k->k.ecdh.secret, k->k.ecdh.priv, k->k.ecdh.peer) != 0)
                return -1;
    } else if (k->type == SPEED_PK_ECDH && k->bits == 253) {
        for (; SPEED_GO(*running, count); count++)
            if (brisk_x25519(k->k.ecdh.secret, k->k.ecdh.priv, k->k.ecdh.peer) != 0)
                return -1;
    } else if (k->type == SPEED_PK_ECDH) {
        for (; SPEED_GO(*running, count); count++)
            if (brisk_ecdh(k->k.ec.curve, k->k.ec.secret, k->k.ec.priv, k->k.ec.peer,
                           k->k.ec.pub_len) != 0)
                return -1;
    } else if (k->type == SPEED_PK_ECDSA) {
        for (; SPEED_GO(*running, count); count++) {
            size_t len = BRISK_EC_MAX_SIG_LEN;
            if (brisk_ecdsa_sign(k->k.ec.curve, k->k.ec.priv, k->sig, &len, &brisk_digest_sha256,
                                 k->msg, DSA_MSG_LEN) != 0)
                return -1;
            k->len = len;
        }
    } else {
        for (; SPEED_GO(*running, count); count++) {
            size_t len = BRISK_DSA_MAX_SIG_LEN;
            if (brisk_dsa_sign(&k->k.dsa, k->sig, &len, &brisk_digest_sha1, k->msg,
                               DSA_MSG_LEN) != 0)
                return -1;
            k->len = len;
        }
    }
    return count;
}

long long speed_pk_verify(speed_pk *k, const volatile sig_atomic_t *running)
{
    long long count = 0;

    if (k->type == SPEED_PK_FFDH || k->type == SPEED_PK_ECDH)
        return -1;
    if (k->type == SPEED_PK_EDDSA && k->bits == 456) {
        for (; SPEED_GO(*running, count); count++)
            if (brisk_ed448_verify(k->k.eddsa.sig, k->msg, EDDSA_MSG_LEN, NULL, 0,
                                   k->k.eddsa.pub) != 0)
                return -1;
    } else if (k->type == SPEED_PK_RSA) {
        for (; SPEED_GO(*running, count); count++)
            if (brisk_rsa_public_op(&k->k.rsa, k->tmp, k->sig, k->len) != 0 ||
                memcmp(k->tmp, k->em, k->len) != 0)
                return -1;
    } else if (k->type == SPEED_PK_EDDSA) {
        for (; SPEED_GO(*running, count); count++)
            if (brisk_ed25519_verify(k->k.eddsa.sig, k->msg, DSA_MSG_LEN, k->k.eddsa.pub) !=
                BRISK_EOK)
                return -1;
    } else if (k->type == SPEED_PK_ECDSA) {
        for (; SPEED_GO(*running, count); count++)
            if (brisk_ecdsa_verify(k->k.ec.curve, k->k.ec.pub, k->k.ec.pub_len, k->sig, k->len,
                                   k->msg, DSA_MSG_LEN) != 0)
                return -1;
    } else {
        for (; SPEED_GO(*running, count); count++)
            if (brisk_dsa_verify(&k->k.dsa, k->sig, k->len, k->msg, DSA_MSG_LEN) != 0)
                return -1;
    }
    return count;
}

void speed_pk_ecdh_keys(const speed_pk *k, const uint8_t **priv, const uint8_t **peer,
                        const uint8_t **secret)
{
    *priv = k->k.ecdh.priv;
    *peer = k->k.ecdh.peer;
    *secret = k->k.ecdh.secret;
}

/* curve_pkey makes key a brisk_pkey of an ECDSA, ECDH (NIST) or EdDSA
 * row's key pair from its raw bytes; 0 or -1. */
static int curve_pkey(const speed_pk *k, brisk_pkey *key)
{
    if (k->type == SPEED_PK_EDDSA) {
        size_t n = k->bits == 456 ? 57 : 32;
        return brisk_pkey_set_curve_key(key, k->bits == 456 ? BRISK_PKEY_ED448 : BRISK_PKEY_ED25519,
                                        0, k->k.eddsa.priv, n, k->k.eddsa.pub, n) == 0
                   ? 0
                   : -1;
    }
    return brisk_pkey_set_curve_key(key, BRISK_PKEY_EC, k->k.ec.curve, k->k.ec.priv,
                                    brisk_ec_bytes(k->k.ec.curve), k->k.ec.pub,
                                    k->k.ec.pub_len) == 0
               ? 0
               : -1;
}

/* pkey_der writes pkey in form to a new *der; 0 or -1. */
static int pkey_der(const brisk_pkey *pkey, brisk_pkey_form form, uint8_t **der, size_t *der_len)
{
    size_t len = 0;

    *der = NULL;
    if (brisk_pkey_to_der(NULL, &len, pkey, form) == 0 && (*der = malloc(len)) != NULL &&
        brisk_pkey_to_der(*der, &len, pkey, form) == 0) {
        *der_len = len;
        return 0;
    }
    if (*der != NULL)
        free_secret(*der, len);
    *der = NULL;
    *der_len = 0;
    return -1;
}

/* The key is copied into a brisk_pkey only to be encoded: an RSA or DSA
 * copy shares what the key allocated, and is wiped, never cleaned up. */
int speed_pk_export(const speed_pk *k, uint8_t **der, size_t *der_len, const uint8_t **msg,
                    size_t *msg_len)
{
    brisk_pkey *pkey = calloc(1, sizeof(*pkey));
    int curve = k->type == SPEED_PK_ECDSA || k->type == SPEED_PK_EDDSA ||
                (k->type == SPEED_PK_ECDH && k->bits != 253 && k->bits != 448);
    int ret = -1;

    *der = NULL;
    *der_len = 0;
    *msg = k->msg;
    *msg_len = k->type == SPEED_PK_RSA ? RSA_MSG_LEN : DSA_MSG_LEN;
    /* No FFDH key, nor X25519 and X448 (given raw), for -compare. */
    if (pkey == NULL || k->type == SPEED_PK_FFDH || (k->type == SPEED_PK_ECDH && !curve)) {
        free(pkey);
        return -1;
    }
    if (curve) {
        /* PKCS#8 (RFC 5208, RFC 5915's ECPrivateKey inside for EC, RFC
         * 8410 for EdDSA), as openssl genpkey writes these keys. */
        if (curve_pkey(k, pkey) == 0)
            ret = pkey_der(pkey, BRISK_PKEY_FORM_PKCS8, der, der_len);
        brisk_pkey_cleanup(pkey);
        free(pkey);
        return ret;
    }
    pkey->type = k->type == SPEED_PK_RSA ? BRISK_PKEY_RSA : BRISK_PKEY_DSA;
    if (k->type == SPEED_PK_RSA)
        pkey->u.rsa = k->k.rsa;
    else
        pkey->u.dsa = k->k.dsa;
    ret = pkey_der(pkey, BRISK_PKEY_FORM_TRADITIONAL, der, der_len);
    brisk_wipe(pkey, sizeof(*pkey));
    free(pkey);
    return ret;
}

int speed_pk_peer_export(const speed_pk *k, uint8_t **der, size_t *der_len,
                         const uint8_t **secret, size_t *secret_len)
{
    brisk_pkey peer;
    int ret;

    *der = NULL;
    *der_len = 0;
    if (k->type != SPEED_PK_ECDH || k->bits == 253 || k->bits == 448)
        return -1;
    memset(&peer, 0, sizeof(peer));
    ret = brisk_pkey_set_curve_key(&peer, BRISK_PKEY_EC, k->k.ec.curve, NULL, 0, k->k.ec.peer,
                                   k->k.ec.pub_len) == 0
              ? pkey_der(&peer, BRISK_PKEY_FORM_SPKI, der, der_len)
              : -1;
    brisk_pkey_cleanup(&peer);
    *secret = k->k.ec.secret;
    *secret_len = brisk_ec_bytes(k->k.ec.curve);
    return ret;
}

void speed_pk_signature(const speed_pk *k, const uint8_t **sig, size_t *sig_len)
{
    if (k->type == SPEED_PK_EDDSA) {
        *sig = k->k.eddsa.sig;
        *sig_len = k->bits == 456 ? 114 : 64;
    } else {
        *sig = k->sig;
        *sig_len = k->len;
    }
}

void speed_pk_free(speed_pk *k)
{
    if (k == NULL)
        return;
    if (k->type == SPEED_PK_RSA)
        brisk_rsa_key_cleanup(&k->k.rsa);
    else if (k->type == SPEED_PK_DSA)
        brisk_dsa_key_cleanup(&k->k.dsa);
    brisk_wipe(k, sizeof(*k));
    free(k);
}
