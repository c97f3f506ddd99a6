/*
 * apps/selfcheck.c - known answers that `brisk speed` checks each
 * implementation against, through the very path it times, before timing it.
 *
 * The message is SELFCHECK_MSG_LEN bytes with byte i = (31 i + 7) mod 256;
 * the HMAC key is the 16 bytes "brisk-self-check".  The answers were computed
 * with OpenSSL 3.0.19 (`openssl dgst -provider default -provider legacy
 * -DIGEST [-hmac brisk-self-check] -r msg.bin`), except MD2, which OpenSSL 3
 * lacks: those come from an independent Python MD2 checked against the
 * RFC 1319 A.5 vectors in ../shared/vectors/rfc/md2.txt, with Python's hmac
 * module for HMAC-MD2.  A digest added to the registry needs a line here, or
 * speed refuses to time it.
 */
#include <strings.h>

#include "apps.h"

const char selfcheck_hmac_key[] = "brisk-self-check";

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
