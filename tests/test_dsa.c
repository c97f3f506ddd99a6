/*
 * tests/test_dsa.c - DSA (FIPS 186-4) with RFC 6979 nonces:
 *  - RFC 6979 appendix A.2.1 and A.2.2 (DSA-1024 and DSA-2048 with SHA-1,
 *    SHA-224, SHA-256, SHA-384 and SHA-512, messages "sample" and "test"):
 *    the exact r and s from brisk_dsa_sign_raw_deterministic, for every
 *    bignum implementation this CPU can run;
 *  - Wycheproof dsa_*_p1363_test.json (raw r || s, brisk_dsa_verify_raw),
 *    dsa_*_test.json and the legacy DSA-1024 dsa_test.json (DER,
 *    brisk_dsa_verify): every valid accepted, every invalid rejected;
 *  - parameter generation (512, 160), (1024, 160), and (2048, 256) unless
 *    BRISK_TEST_QUICK, passing brisk_dsa_params_check;
 *  - sign/verify round trips with generated keys, tampering, truncation of
 *    long digests to q's length; the default (hedged) signing gives a new
 *    valid signature each time, the deterministic one the same;
 *  - bad inputs: r or s of 0 or >= q, wrong lengths, bad keys for
 *    brisk_dsa_key_prepare (public ones too: the group, y^q = 1),
 *    unsupported sizes, bad parameters, and issue 25's weak group (q the
 *    product of five 32-bit primes, passing every check but primality).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <brisk/brisk.h>

#include "vectors.h"

/* ---- Helpers ---- */

static void hex_bn(brisk_bn *r, const char *hex)
{
    size_t len;
    uint8_t *b = tv_hex_alloc(hex, &len);
    if (!tv_check(b != NULL && brisk_bn_from_bytes(r, b, len) == BRISK_EOK, "hex number %.16s...",
                  hex))
        brisk_bn_zero(r, 1);
    free(b);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static size_t q_len(const brisk_dsa_key *key)
{
    return (brisk_bn_bits(&key->params.q) + 7) / 8;
}

static void add_u64(brisk_bn *r, const brisk_bn *a, uint64_t v)
{
    brisk_bn t;
    brisk_bn_from_u64(&t, v);
    brisk_bn_add(r, a, &t);
}

static void sub_u64(brisk_bn *r, const brisk_bn *a, uint64_t v)
{
    brisk_bn t;
    brisk_bn_from_u64(&t, v);
    brisk_bn_sub(r, a, &t);
}

/* ---- RFC 6979 appendix A.2.1 and A.2.2 ---- */

typedef struct rfc_key {
    const char *name, *p, *q, *g, *x, *y;
} rfc_key;

/* RFC 6979 A.2.1: DSA, 1024 bits; A.2.2: DSA, 2048 bits. */
static const rfc_key rfc_keys[2] = {
    {"DSA-1024",
     "86F5CA03DCFEB225063FF830A0C769B9DD9D6153AD91D7CE27F787C43278B447"
     "E6533B86B18BED6E8A48B784A14C252C5BE0DBF60B86D6385BD2F12FB763ED88"
     "73ABFD3F5BA2E0A8C0A59082EAC056935E529DAF7C610467899C77ADEDFC846C"
     "881870B7B19B2B58F9BE0521A17002E3BDD6B86685EE90B3D9A1B02B782B1779",
     "996F967F6C8E388D9E28D01E205FBA957A5698B1",
     "07B0F92546150B62514BB771E2A0C0CE387F03BDA6C56B505209FF25FD3C133D"
     "89BBCD97E904E09114D9A7DEFDEADFC9078EA544D2E401AEECC40BB9FBBF78FD"
     "87995A10A1C27CB7789B594BA7EFB5C4326A9FE59A070E136DB77175464ADCA4"
     "17BE5DCE2F40D10A46A3A3943F26AB7FD9C0398FF8C76EE0A56826A8A88F1DBD",
     "411602CB19A6CCC34494D79D98EF1E7ED5AF25F7",
     "5DF5E01DED31D0297E274E1691C192FE5868FEF9E19A84776454B100CF16F653"
     "92195A38B90523E2542EE61871C0440CB87C322FC4B4D2EC5E1E7EC766E1BE8D"
     "4CE935437DC11C3C8FD426338933EBFE739CB3465F4D3668C5E473508253B1E6"
     "82F65CBDC4FAE93C2EA212390E54905A86E2223170B44EAA7DA5DD9FFCFB7F3B"},
    {"DSA-2048",
     "9DB6FB5951B66BB6FE1E140F1D2CE5502374161FD6538DF1648218642F0B5C48"
     "C8F7A41AADFA187324B87674FA1822B00F1ECF8136943D7C55757264E5A1A44F"
     "FE012E9936E00C1D3E9310B01C7D179805D3058B2A9F4BB6F9716BFE6117C6B5"
     "B3CC4D9BE341104AD4A80AD6C94E005F4B993E14F091EB51743BF33050C38DE2"
     "35567E1B34C3D6A5C0CEAA1A0F368213C3D19843D0B4B09DCB9FC72D39C8DE41"
     "F1BF14D4BB4563CA28371621CAD3324B6A2D392145BEBFAC748805236F5CA2FE"
     "92B871CD8F9C36D3292B5509CA8CAA77A2ADFC7BFD77DDA6F71125A7456FEA15"
     "3E433256A2261C6A06ED3693797E7995FAD5AABBCFBE3EDA2741E375404AE25B",
     "F2C3119374CE76C9356990B465374A17F23F9ED35089BD969F61C6DDE9998C1F",
     "5C7FF6B06F8F143FE8288433493E4769C4D988ACE5BE25A0E24809670716C613"
     "D7B0CEE6932F8FAA7C44D2CB24523DA53FBE4F6EC3595892D1AA58C4328A06C4"
     "6A15662E7EAA703A1DECF8BBB2D05DBE2EB956C142A338661D10461C0D135472"
     "085057F3494309FFA73C611F78B32ADBB5740C361C9F35BE90997DB2014E2EF5"
     "AA61782F52ABEB8BD6432C4DD097BC5423B285DAFB60DC364E8161F4A2A35ACA"
     "3A10B1C4D203CC76A470A33AFDCBDD92959859ABD8B56E1725252D78EAC66E71"
     "BA9AE3F1DD2487199874393CD4D832186800654760E1E34C09E4D155179F9EC0"
     "DC4473F996BDCE6EED1CABED8B6F116F7AD9CF505DF0F998E34AB27514B0FFE7",
     "69C7548C21D0DFEA6B9A51C9EAD4E27C33D3B3F180316E5BCAB92C933F0E4DBC",
     "667098C654426C78D7F8201EAC6C203EF030D43605032C2F1FA937E5237DBD94"
     "9F34A0A2564FE126DC8B715C5141802CE0979C8246463C40E6B6BDAA2513FA61"
     "1728716C2E4FD53BC95B89E69949D96512E873B9C8F8DFD499CC312882561ADE"
     "CB31F658E934C0C197F2C4D96B05CBAD67381E7B768891E4DA3843D24D94CDFB"
     "5126E9B8BF21E8358EE0E0A30EF13FD6A664C0DCE3731F7FB49A4845A4FD8254"
     "687972A2D382599C9BAC4E0ED7998193078913032558134976410B89D2C171D1"
     "23AC35FD977219597AA7D15C1A9A428E59194F75C721EBCBCFAE44696A499AFA"
     "74E04299F132026601638CB87AB79190D4A0986315DA8EEC6561C938996BEADF"},
};

typedef struct rfc_sig {
    int key;
    const char *md, *msg, *k, *r, *s;
} rfc_sig;

/* RFC 6979 A.2.1 and A.2.2: the nonce k and signature (r, s) of the
 * messages "sample" and "test" under each key and hash. */
static const rfc_sig rfc_sigs[] = {
    {0, "sha1", "sample", "7BDB6B0FF756E1BB5D53583EF979082F9AD5BD5B",
     "2E1A0C2562B2912CAAF89186FB0F42001585DA55", "29EFB6B0AFF2D7A68EB70CA313022253B9A88DF5"},
    {0, "sha224", "sample", "562097C06782D60C3037BA7BE104774344687649",
     "4BC3B686AEA70145856814A6F1BB53346F02101E", "410697B92295D994D21EDD2F4ADA85566F6F94C1"},
    {0, "sha256", "sample", "519BA0546D0C39202A7D34D7DFA5E760B318BCFB",
     "81F2F5850BE5BC123C43F71A3033E9384611C545", "4CDD914B65EB6C66A8AAAD27299BEE6B035F5E89"},
    {0, "sha384", "sample", "95897CD7BBB944AA932DBC579C1C09EB6FCFC595",
     "07F2108557EE0E3921BC1774F1CA9B410B4CE65A", "54DF70456C86FAC10FAB47C1949AB83F2C6F7595"},
    {0, "sha512", "sample", "09ECE7CA27D0F5A4DD4E556C9DF1D21D28104F8B",
     "16C3491F9B8C3FBBDD5E7A7B667057F0D8EE8E1B", "02C36A127A7B89EDBB72E4FFBC71DABC7D4FC69C"},
    {0, "sha1", "test", "5C842DF4F9E344EE09F056838B42C7A17F4A6433",
     "42AB2052FD43E123F0607F115052A67DCD9C5C77", "183916B0230D45B9931491D4C6B0BD2FB4AAF088"},
    {0, "sha224", "test", "4598B8EFC1A53BC8AECD58D1ABBB0C0C71E67297",
     "6868E9964E36C1689F6037F91F28D5F2C30610F2", "49CEC3ACDC83018C5BD2674ECAAD35B8CD22940F"},
    {0, "sha256", "test", "5A67592E8128E03A417B0484410FB72C0B630E1A",
     "22518C127299B0F6FDC9872B282B9E70D0790812", "6837EC18F150D55DE95B5E29BE7AF5D01E4FE160"},
    {0, "sha384", "test", "220156B761F6CA5E6C9F1B9CF9C24BE25F98CD89",
     "854CF929B58D73C3CBFDC421E8D5430CD6DB5E66", "91D0E0F53E22F898D158380676A871A157CDA622"},
    {0, "sha512", "test", "65D2C2EEB175E370F28C75BFCDC028D22C7DBE9C",
     "8EA47E475BA8AC6F2D821DA3BD212D11A3DEB9A0", "7C670C7AD72B6C050C109E1790008097125433E8"},
    {1, "sha1", "sample", "888FA6F7738A41BDC9846466ABDB8174C0338250AE50CE955CA16230F9CBD53E",
     "3A1B2DBD7489D6ED7E608FD036C83AF396E290DBD602408E8677DAABD6E7445A",
     "D26FCBA19FA3E3058FFC02CA1596CDBB6E0D20CB37B06054F7E36DED0CDBBCCF"},
    {1, "sha224", "sample", "BC372967702082E1AA4FCE892209F71AE4AD25A6DFD869334E6F153BD0C4D806",
     "DC9F4DEADA8D8FF588E98FED0AB690FFCE858DC8C79376450EB6B76C24537E2C",
     "A65A9C3BC7BABE286B195D5DA68616DA8D47FA0097F36DD19F517327DC848CEC"},
    {1, "sha256", "sample", "8926A27C40484216F052F4427CFD5647338B7B3939BC6573AF4333569D597C52",
     "EACE8BDBBE353C432A795D9EC556C6D021F7A03F42C36E9BC87E4AC7932CC809",
     "7081E175455F9247B812B74583E9E94F9EA79BD640DC962533B0680793A38D53"},
    {1, "sha384", "sample", "C345D5AB3DA0A5BCB7EC8F8FB7A7E96069E03B206371EF7D83E39068EC564920",
     "B2DA945E91858834FD9BF616EBAC151EDBC4B45D27D0DD4A7F6A22739F45C00B",
     "19048B63D9FD6BCA1D9BAE3664E1BCB97F7276C306130969F63F38FA8319021B"},
    {1, "sha512", "sample", "5A12994431785485B3F5F067221517791B85A597B7A9436995C89ED0374668FC",
     "2016ED092DC5FB669B8EFB3D1F31A91EECB199879BE0CF78F02BA062CB4C942E",
     "D0C76F84B5F091E141572A639A4FB8C230807EEA7D55C8A154A224400AFF2351"},
    {1, "sha1", "test", "6EEA486F9D41A037B2C640BC5645694FF8FF4B98D066A25F76BE641CCB24BA4F",
     "C18270A93CFC6063F57A4DFA86024F700D980E4CF4E2CB65A504397273D98EA0",
     "414F22E5F31A8B6D33295C7539C1C1BA3A6160D7D68D50AC0D3A5BEAC2884FAA"},
    {1, "sha224", "test", "06BD4C05ED74719106223BE33F2D95DA6B3B541DAD7BFBD7AC508213B6DA6670",
     "272ABA31572F6CC55E30BF616B7A265312018DD325BE031BE0CC82AA17870EA3",
     "E9CC286A52CCE201586722D36D1E917EB96A4EBDB47932F9576AC645B3A60806"},
    {1, "sha256", "test", "1D6CE6DDA1C5D37307839CD03AB0A5CBB18E60D800937D67DFB4479AAC8DEAD7",
     "8190012A1969F9957D56FCCAAD223186F423398D58EF5B3CEFD5A4146A4476F0",
     "7452A53F7075D417B4B013B278D1BB8BBD21863F5E7B1CEE679CF2188E1AB19E"},
    {1, "sha384", "test", "206E61F73DBE1B2DC8BE736B22B079E9DACD974DB00EEBBC5B64CAD39CF9F91C",
     "239E66DDBE8F8C230A3D071D601B6FFBDFB5901F94D444C6AF56F732BEB954BE",
     "6BD737513D5E72FE85D1C750E0F73921FE299B945AAD1C802F15C26A43D34961"},
    {1, "sha512", "test", "AFF1651E4CD6036D57AA8B2A05CCF1A9D5A40166340ECBBDC55BE10B568AA0AA",
     "89EC4BB1400ECCFF8E7D9AA515CD1DE7803F2DAFF09693EE7FD1353E90A68307",
     "C9F0BDABCC0D880BB137A994CC7F3980CE91CC10FAF529FC46565B15CEA854E1"},
};

/* rfc_key_load fills key with RFC 6979 key i, private unless `public_only`,
 * and prepares it. */
static int rfc_key_load(brisk_dsa_key *key, int i, int public_only)
{
    const rfc_key *k = &rfc_keys[i];
    memset(key, 0, sizeof(*key));
    hex_bn(&key->params.p, k->p);
    hex_bn(&key->params.q, k->q);
    hex_bn(&key->params.g, k->g);
    hex_bn(&key->y, k->y);
    if (!public_only) {
        hex_bn(&key->x, k->x);
        key->has_private = 1;
    }
    return brisk_dsa_key_prepare(key);
}

/* rfc_vector_consistent checks the table itself with the bignum API:
 * r = (g^k mod p) mod q, so that r and s matching below means our nonce
 * was the RFC's k. */
static void rfc_vector_consistent(const brisk_dsa_key *key, const rfc_sig *v)
{
    brisk_bn k, r, t;
    hex_bn(&k, v->k);
    hex_bn(&r, v->r);
    brisk_bn_resize(&k, key->params.q.n);
    tv_check(brisk_bn_mod_exp_public(&t, &key->params.g, &k, &key->mont_p) == BRISK_EOK &&
                 brisk_bn_mod(&t, &t, &key->params.q) == BRISK_EOK && brisk_bn_cmp(&t, &r) == 0,
             "RFC 6979 %s %s \"%s\": r = (g^k mod p) mod q", rfc_keys[v->key].name, v->md,
             v->msg);
}

static void test_rfc6979(const char *impl)
{
    brisk_dsa_key keys[2];
    for (int i = 0; i < 2; i++)
        tv_check_int(rfc_key_load(&keys[i], i, 0), BRISK_EOK, "RFC 6979 %s [%s] prepare",
                     rfc_keys[i].name, impl);
    for (size_t i = 0; i < sizeof(rfc_sigs) / sizeof(rfc_sigs[0]); i++) {
        const rfc_sig *v = &rfc_sigs[i];
        const brisk_dsa_key *key = &keys[v->key];
        const brisk_digest *md = brisk_digest_by_name(v->md);
        uint8_t dgst[BRISK_DIGEST_MAX_LEN], sig[2 * BRISK_DSA_MAX_Q_BYTES];
        uint8_t want[2 * BRISK_DSA_MAX_Q_BYTES];
        size_t ql = q_len(key), len;

        brisk_digest_oneshot(md, dgst, (const uint8_t *)v->msg, strlen(v->msg));
        if (tv_hex_decode(want, ql, v->r, &len) != 0 || len != ql ||
            tv_hex_decode(want + ql, ql, v->s, &len) != 0 || len != ql) {
            tv_fail("RFC 6979 vector %zu: bad hex", i);
            continue;
        }
        rfc_vector_consistent(key, v);
        tv_check_int(brisk_dsa_sign_raw_deterministic(key, sig, 2 * ql, md, dgst, md->digest_len),
                     BRISK_EOK, "RFC 6979 %s %s \"%s\" [%s] sign", rfc_keys[v->key].name, v->md, v->msg,
                     impl);
        tv_check_mem(sig, want, 2 * ql, "RFC 6979 %s %s \"%s\" [%s] r || s",
                     rfc_keys[v->key].name, v->md, v->msg, impl);
        tv_check_int(brisk_dsa_verify_raw(key, want, 2 * ql, dgst, md->digest_len), BRISK_EOK,
                     "RFC 6979 %s %s \"%s\" [%s] verify", rfc_keys[v->key].name, v->md, v->msg,
                     impl);
    }
    brisk_dsa_key_cleanup(&keys[0]);
    brisk_dsa_key_cleanup(&keys[1]);
}

/* ---- Wycheproof ---- */

/* wp_key loads and prepares a group's public key. */
static int wp_key(tv_json *group, brisk_dsa_key *key)
{
    int err;

    memset(key, 0, sizeof(*key));
    err = tv_wycheproof_dsa_group(group, &key->params, &key->y);
    return err != BRISK_EOK ? err : brisk_dsa_key_prepare(key);
}

typedef struct wp_counts {
    unsigned long valid, invalid, acceptable_ok, acceptable_bad, bad_keys;
} wp_counts;

static void test_wycheproof(const char *rel, int der)
{
    tv_wycheproof w = {tv_json_load(rel), NULL, NULL, 0, 0};
    tv_json *group = NULL;
    brisk_dsa_key key;
    const brisk_digest *md = NULL;
    int key_err = BRISK_EINVAL;
    wp_counts c = {0, 0, 0, 0, 0};

    memset(&key, 0, sizeof(key));
    while (w.root != NULL && tv_wycheproof_next(&w)) {
        long id = 0;
        size_t msg_len = 0, sig_len = 0;
        uint8_t dgst[BRISK_DIGEST_MAX_LEN];
        int err, result = tv_wycheproof_result(&w);

        if (w.group != group) {
            group = w.group;
            brisk_dsa_key_cleanup(&key); /* the last group's */
            key_err = wp_key(group, &key);
            md = brisk_digest_by_name(tv_json_string(group, "sha"));
            if (key_err != BRISK_EOK)
                c.bad_keys++;
        }
        tv_json_long(w.test, "tcId", &id);
        const uint8_t *msg = tv_json_hex(w.test, "msg", &msg_len);
        const uint8_t *sig = tv_json_hex(w.test, "sig", &sig_len);
        if (md == NULL || msg == NULL || sig == NULL) {
            tv_fail("%s tcId %ld: unusable test", rel, id);
            continue;
        }
        brisk_digest_oneshot(md, dgst, msg, msg_len);
        if (key_err != BRISK_EOK)
            err = key_err;
        else if (der)
            err = brisk_dsa_verify(&key, sig, sig_len, dgst, md->digest_len);
        else
            err = brisk_dsa_verify_raw(&key, sig, sig_len, dgst, md->digest_len);
        if (result == TV_RESULT_VALID) {
            tv_check_int(err, BRISK_EOK, "%s tcId %ld: valid signature", rel, id);
            c.valid++;
        } else if (result == TV_RESULT_INVALID) {
            tv_check(err == BRISK_EVERIFY || (err != BRISK_EOK && key_err != BRISK_EOK),
                     "%s tcId %ld: invalid signature gives %d", rel, id, err);
            c.invalid++;
        } else {
            if (err == BRISK_EOK)
                c.acceptable_ok++;
            else
                c.acceptable_bad++;
        }
    }
    tv_check(c.valid > 0 && c.invalid > 0, "%s: %lu valid, %lu invalid tests", rel, c.valid,
             c.invalid);
    tv_note("%s: %lu valid, %lu invalid, acceptable %lu accepted %lu rejected, %lu groups with "
            "a rejected key",
            rel, c.valid, c.invalid, c.acceptable_ok, c.acceptable_bad, c.bad_keys);
    brisk_dsa_key_cleanup(&key);
    tv_json_free(w.root);
}

static void test_wycheproof_all(void)
{
    static const char *const files[] = {"dsa_2048_224_sha224", "dsa_2048_224_sha256",
                                        "dsa_2048_256_sha256", "dsa_3072_256_sha256"};
    char rel[128];

    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        snprintf(rel, sizeof(rel), "wycheproof/testvectors_v1/%s_p1363_test.json", files[i]);
        test_wycheproof(rel, 0);
        snprintf(rel, sizeof(rel), "wycheproof/testvectors_v1/%s_test.json", files[i]);
        test_wycheproof(rel, 1);
    }
    test_wycheproof("wycheproof/testvectors_legacy_v0/dsa_test.json", 1);
}

/* ---- Round trips ---- */

static const char *const all_mds[] = {"sha1", "sha224", "sha256", "sha384", "sha512"};

/* roundtrip signs random digests of every SHA size under key and checks
 * verification, determinism, tampering and truncation to q's length. */
static void roundtrip(tv_rng *rng, const brisk_dsa_key *key, const brisk_dsa_key *other,
                      const char *what)
{
    size_t ql = q_len(key);

    for (size_t m = 0; m < sizeof(all_mds) / sizeof(all_mds[0]); m++) {
        const brisk_digest *md = brisk_digest_by_name(all_mds[m]);
        uint8_t dgst[BRISK_DIGEST_MAX_LEN], sig[2 * BRISK_DSA_MAX_Q_BYTES];
        uint8_t sig2[2 * BRISK_DSA_MAX_Q_BYTES];
        size_t dl = md->digest_len;

        tv_rng_fill(rng, dgst, dl);
        if (!tv_check_int(brisk_dsa_sign_raw(key, sig, 2 * ql, md, dgst, dl), BRISK_EOK,
                          "%s %s: sign", what, md->name))
            continue;
        tv_check_int(brisk_dsa_verify_raw(key, sig, 2 * ql, dgst, dl), BRISK_EOK,
                     "%s %s: verify", what, md->name);
        /* hedged (the default): another valid signature each time */
        tv_check_int(brisk_dsa_sign_raw(key, sig2, 2 * ql, md, dgst, dl), BRISK_EOK,
                     "%s %s: sign again", what, md->name);
        tv_check(memcmp(sig2, sig, 2 * ql) != 0, "%s %s: hedged: a new signature", what,
                 md->name);
        tv_check_int(brisk_dsa_verify_raw(key, sig2, 2 * ql, dgst, dl), BRISK_EOK,
                     "%s %s: verify the second", what, md->name);
        /* deterministic: the same signature each time, and a valid one */
        tv_check_int(brisk_dsa_sign_raw_deterministic(key, sig, 2 * ql, md, dgst, dl), BRISK_EOK,
                     "%s %s: sign deterministic", what, md->name);
        tv_check_int(brisk_dsa_sign_raw_deterministic(key, sig2, 2 * ql, md, dgst, dl),
                     BRISK_EOK, "%s %s: sign deterministic again", what, md->name);
        tv_check_mem(sig2, sig, 2 * ql, "%s %s: deterministic", what, md->name);
        tv_check_int(brisk_dsa_verify_raw(key, sig, 2 * ql, dgst, dl), BRISK_EOK,
                     "%s %s: verify deterministic", what, md->name);
        if (other != NULL)
            tv_check_int(brisk_dsa_verify_raw(other, sig, 2 * ql, dgst, dl), BRISK_EVERIFY,
                         "%s %s: another key rejects", what, md->name);
        /* one flipped bit anywhere in r or s */
        size_t bit = tv_rng_below(rng, 16 * ql);
        sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        tv_check_int(brisk_dsa_verify_raw(key, sig, 2 * ql, dgst, dl), BRISK_EVERIFY,
                     "%s %s: bit %zu of the signature flipped", what, md->name, bit);
        sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        /* a flipped bit in the first q_len bytes of the digest matters... */
        bit = tv_rng_below(rng, 8 * (dl < ql ? dl : ql));
        dgst[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        tv_check_int(brisk_dsa_verify_raw(key, sig, 2 * ql, dgst, dl), BRISK_EVERIFY,
                     "%s %s: bit %zu of the digest flipped", what, md->name, bit);
        dgst[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        /* ...one after them does not (FIPS 186-4 4.6: leftmost N bits) */
        if (dl > ql) {
            dgst[ql + tv_rng_below(rng, dl - ql)] ^= 0x80;
            tv_check_int(brisk_dsa_verify_raw(key, sig, 2 * ql, dgst, dl), BRISK_EOK,
                         "%s %s: digest bits past q's length ignored", what, md->name);
        }
        if (dl <= ql)
            tv_check_int(brisk_dsa_verify_raw(key, sig, 2 * ql, dgst, dl - 1), BRISK_EVERIFY,
                         "%s %s: shorter digest rejected", what, md->name);
    }
}

/* test_generated makes keys over RFC 6979's parameters and signs with them. */
static void test_generated(tv_rng *rng)
{
    for (int i = 0; i < 2; i++) {
        brisk_dsa_key rfc, a, b, old_a, old_b;
        char what[64];
        rfc_key_load(&rfc, i, 0);
        tv_check_int(brisk_dsa_generate_key(&a, &rfc.params), BRISK_EOK, "%s generate_key",
                     rfc_keys[i].name);
        tv_check_int(brisk_dsa_generate_key(&b, &rfc.params), BRISK_EOK, "%s generate_key",
                     rfc_keys[i].name);
        tv_check(brisk_bn_cmp(&a.x, &b.x) != 0, "%s: two generated keys differ",
                 rfc_keys[i].name);
        /* preparing again allocates anew: the copies free the old tables */
        old_a = a;
        tv_check(a.has_private && brisk_dsa_key_prepare(&a) == BRISK_EOK,
                 "%s: a generated key passes prepare", rfc_keys[i].name);
        brisk_dsa_key_cleanup(&old_a);
        old_b = b;
        tv_check_int(brisk_dsa_generate_key(&b, &b.params), BRISK_EOK,
                     "%s: generate_key over the key's own parameters", rfc_keys[i].name);
        brisk_dsa_key_cleanup(&old_b);
        old_b = b;
        tv_check(brisk_bn_cmp(&b.params.p, &rfc.params.p) == 0 &&
                     brisk_dsa_key_prepare(&b) == BRISK_EOK,
                 "%s: ... keeps them", rfc_keys[i].name);
        brisk_dsa_key_cleanup(&old_b);
        snprintf(what, sizeof(what), "%s generated key", rfc_keys[i].name);
        roundtrip(rng, &a, &b, what);
        snprintf(what, sizeof(what), "%s RFC 6979 key", rfc_keys[i].name);
        roundtrip(rng, &rfc, &a, what);
        brisk_dsa_key_cleanup(&rfc);
        brisk_dsa_key_cleanup(&a);
        brisk_dsa_key_cleanup(&b);
    }
}

/* ---- Parameter generation ---- */

static void test_params_generation(tv_rng *rng, size_t l_bits, size_t n_bits)
{
    brisk_dsa_params pr;
    brisk_dsa_key key, other;
    brisk_bn pm1, two_q, rem;
    double t0 = now();
    int err = brisk_dsa_generate_params(&pr, l_bits, n_bits);
    double t1 = now();
    char what[64];

    snprintf(what, sizeof(what), "params (%zu, %zu)", l_bits, n_bits);
    if (!tv_check_int(err, BRISK_EOK, "%s: generate", what))
        return;
    tv_note("%s generated in %.2f s", what, t1 - t0);
    tv_check(brisk_bn_bits(&pr.p) == l_bits && brisk_bn_bits(&pr.q) == n_bits, "%s: sizes %zu, %zu",
             what, brisk_bn_bits(&pr.p), brisk_bn_bits(&pr.q));
    tv_check_int(brisk_dsa_params_check(&pr, 1), BRISK_EOK, "%s: params_check with primes", what);
    /* A.1.1.2 step 10.5 makes p = 1 mod 2q */
    sub_u64(&pm1, &pr.p, 1);
    brisk_bn_add(&two_q, &pr.q, &pr.q);
    tv_check(brisk_bn_div(NULL, &rem, &pm1, &two_q) == BRISK_EOK && brisk_bn_is_zero(&rem),
             "%s: p = 1 mod 2q", what);
    if (tv_check_int(brisk_dsa_generate_key(&key, &pr), BRISK_EOK, "%s: generate_key", what) &&
        tv_check_int(brisk_dsa_generate_key(&other, &pr), BRISK_EOK, "%s: generate_key", what))
        roundtrip(rng, &key, &other, what);
    brisk_dsa_key_cleanup(&key);
    brisk_dsa_key_cleanup(&other);
}

/* ---- Bad inputs ---- */

/* set_rs writes r || s, each q_len bytes. */
static void set_rs(uint8_t *sig, size_t ql, const brisk_bn *r, const brisk_bn *s)
{
    brisk_bn_to_bytes(sig, ql, r);
    brisk_bn_to_bytes(sig + ql, ql, s);
}

static void test_bad_signatures(void)
{
    brisk_dsa_key key;
    uint8_t dgst[BRISK_SHA256_LEN], sig[2 * BRISK_DSA_MAX_Q_BYTES + 1];
    brisk_bn r, s, zero, q, q1;
    size_t ql;

    rfc_key_load(&key, 1, 0);
    ql = q_len(&key);
    brisk_sha256(dgst, (const uint8_t *)"sample", 6);
    tv_check_int(brisk_dsa_sign_raw(&key, sig, 2 * ql, &brisk_digest_sha256, dgst, sizeof(dgst)),
                 BRISK_EOK, "bad sigs: sign");
    tv_check_int(brisk_dsa_verify_raw(&key, sig, 2 * ql, dgst, sizeof(dgst)), BRISK_EOK,
                 "bad sigs: the good one verifies");
    brisk_bn_from_bytes(&r, sig, ql);
    brisk_bn_from_bytes(&s, sig + ql, ql);
    brisk_bn_zero(&zero, 1);
    brisk_bn_copy(&q, &key.params.q);
    add_u64(&q1, &q, 1);

    const struct {
        const char *what;
        const brisk_bn *r, *s;
    } cases[] = {{"r = 0", &zero, &s}, {"s = 0", &r, &zero}, {"r = s = 0", &zero, &zero},
                 {"r = q", &q, &s},    {"s = q", &r, &q},    {"r = q + 1", &q1, &s},
                 {"s = q + 1", &r, &q1}};
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        uint8_t bad[2 * BRISK_DSA_MAX_Q_BYTES];
        set_rs(bad, ql, cases[i].r, cases[i].s);
        tv_check_int(brisk_dsa_verify_raw(&key, bad, 2 * ql, dgst, sizeof(dgst)), BRISK_EVERIFY,
                     "verify_raw rejects %s", cases[i].what);
    }
    /* r + q and s + q, which a verifier reducing mod q would accept */
    {
        uint8_t bad[2 * BRISK_DSA_MAX_Q_BYTES];
        brisk_bn t;
        brisk_bn_add(&t, &r, &q);
        if (brisk_bn_bits(&t) <= 8 * ql) {
            set_rs(bad, ql, &t, &s);
            tv_check_int(brisk_dsa_verify_raw(&key, bad, 2 * ql, dgst, sizeof(dgst)),
                         BRISK_EVERIFY, "verify_raw rejects r + q");
        }
        memset(bad, 0xff, sizeof(bad));
        tv_check_int(brisk_dsa_verify_raw(&key, bad, 2 * ql, dgst, sizeof(dgst)), BRISK_EVERIFY,
                     "verify_raw rejects r = s = 2^n - 1");
    }
    /* lengths */
    tv_check_int(brisk_dsa_verify_raw(&key, sig, 2 * ql - 1, dgst, sizeof(dgst)), BRISK_EVERIFY,
                 "verify_raw rejects a short signature");
    sig[2 * ql] = 0;
    tv_check_int(brisk_dsa_verify_raw(&key, sig, 2 * ql + 1, dgst, sizeof(dgst)), BRISK_EVERIFY,
                 "verify_raw rejects a long signature");
    tv_check_int(brisk_dsa_verify_raw(&key, sig, 0, dgst, sizeof(dgst)), BRISK_EVERIFY,
                 "verify_raw rejects an empty signature");
    tv_check_int(brisk_dsa_verify_raw(&key, NULL, 2 * ql, dgst, sizeof(dgst)), BRISK_EVERIFY,
                 "verify_raw rejects NULL");
    /* the wrong digest */
    {
        uint8_t other[BRISK_SHA256_LEN];
        brisk_sha256(other, (const uint8_t *)"samplf", 6);
        tv_check_int(brisk_dsa_verify_raw(&key, sig, 2 * ql, other, sizeof(other)),
                     BRISK_EVERIFY, "verify_raw rejects another digest");
        brisk_sha224(other, (const uint8_t *)"sample", 6);
        tv_check_int(brisk_dsa_verify_raw(&key, sig, 2 * ql, other, BRISK_SHA224_LEN),
                     BRISK_EVERIFY, "verify_raw rejects another hash's digest");
    }
    /* y changed after prepare to out of range values */
    {
        brisk_dsa_key k2 = key;
        brisk_bn_from_u64(&k2.y, 1);
        brisk_bn_resize(&k2.y, key.params.p.n);
        tv_check_int(brisk_dsa_verify_raw(&k2, sig, 2 * ql, dgst, sizeof(dgst)), BRISK_EVERIFY,
                     "verify_raw rejects y = 1");
        brisk_bn_copy(&k2.y, &key.params.p);
        tv_check_int(brisk_dsa_verify_raw(&k2, sig, 2 * ql, dgst, sizeof(dgst)), BRISK_EVERIFY,
                     "verify_raw rejects y = p");
        brisk_wipe(&k2, sizeof(k2)); /* a copy: key's tables stay key's to free */
    }
    /* signing misuse */
    tv_check_int(brisk_dsa_sign_raw(&key, sig, 2 * ql - 1, &brisk_digest_sha256, dgst, 32),
                 BRISK_EINVAL, "sign_raw: short buffer");
    tv_check_int(brisk_dsa_sign_raw(&key, sig, 2 * ql + 1, &brisk_digest_sha256, dgst, 32),
                 BRISK_EINVAL, "sign_raw: long buffer");
    tv_check_int(brisk_dsa_sign_raw(&key, sig, 2 * ql, NULL, dgst, 32), BRISK_EINVAL,
                 "sign_raw: no md");
    tv_check_int(brisk_dsa_sign_raw(&key, NULL, 2 * ql, &brisk_digest_sha256, dgst, 32),
                 BRISK_EINVAL, "sign_raw: no output");
    tv_check_int(brisk_dsa_sign_raw(NULL, sig, 2 * ql, &brisk_digest_sha256, dgst, 32),
                 BRISK_EINVAL, "sign_raw: no key");
    {
        brisk_dsa_key pub;
        rfc_key_load(&pub, 1, 1);
        tv_check_int(brisk_dsa_sign_raw(&pub, sig, 2 * ql, &brisk_digest_sha256, dgst, 32),
                     BRISK_EINVAL, "sign_raw: public key");
        tv_check_int(brisk_dsa_verify_raw(&pub, sig, 2 * ql, dgst, 32), BRISK_EOK,
                     "verify_raw: the public key verifies");
        brisk_dsa_key_cleanup(&pub);
    }
    brisk_dsa_key_cleanup(&key);
    {
        const uint8_t *b = (const uint8_t *)&key;
        int all_zero = 1;
        for (size_t i = 0; i < sizeof(key); i++)
            all_zero &= b[i] == 0;
        tv_check(all_zero, "key_wipe zeroes the whole key");
    }
    tv_check_int(brisk_dsa_sign_raw(&key, sig, 2 * ql, &brisk_digest_sha256, dgst, 32),
                 BRISK_EINVAL, "sign_raw: wiped key");
    tv_check_int(brisk_dsa_verify_raw(&key, sig, 2 * ql, dgst, 32), BRISK_EINVAL,
                 "verify_raw: wiped key");
}

/* bad_key loads RFC 6979 key 1, lets `edit` spoil it and expects
 * brisk_dsa_key_prepare to refuse it. */
static void bad_key(const char *what, int which, int public_only)
{
    brisk_dsa_key key, loaded;
    brisk_bn *p, *q, *g;

    rfc_key_load(&key, 1, public_only);
    loaded = key; /* frees the tables of the first prepare, below */
    p = &key.params.p;
    q = &key.params.q;
    g = &key.params.g;
    switch (which) {
    case 0: brisk_bn_zero(&key.x, 1); break;                    /* x = 0 */
    case 1: brisk_bn_copy(&key.x, q); break;                     /* x = q */
    case 2: add_u64(&key.x, q, 1); break;                        /* x = q + 1 */
    case 3: brisk_bn_from_u64(&key.y, 1); break;                 /* y = 1 */
    case 4: brisk_bn_zero(&key.y, 1); break;                     /* y = 0 */
    case 5: brisk_bn_copy(&key.y, p); break;                     /* y = p */
    case 6: add_u64(&key.y, p, 1); break;                        /* y = p + 1 */
    case 7: add_u64(&key.x, &key.x, 1); break;                   /* y != g^x */
    case 8: brisk_bn_from_u64(g, 1); break;                      /* g = 1 */
    case 9: brisk_bn_copy(g, p); break;                          /* g = p */
    case 10: sub_u64(p, p, 1); break;                            /* p even */
    case 11: hex_bn(q, "F2C3119374CE76C9356990B465374A17F23F9ED35089BD97"); break;
    case 12: hex_bn(p, "9DB6FB5951B66BB6FE1E140F1D2CE5502374161FD6538DF1648218642F0B5C48"
                       "C8F7A41AADFA187324B87674FA1822B00F1ECF8136943D7C55757264E5A1A4"); break;
    case 13: key.y.n = BRISK_BN_MAX_LIMBS + 1; break;            /* a broken width */
    case 14: add_u64(p, p, 2); break;                            /* q does not divide p - 1 */
    case 15: brisk_bn_from_u64(g, 2); break;                     /* g^q != 1 */
    case 16: sub_u64(&key.y, p, 1); break;                       /* y of order 2 */
    }
    if (which >= 14 && which <= 15 && !public_only) {
        /* y = g^x over the spoilt group, so that only the group is wrong: a
         * private key file whose parameters were altered, with y computed
         * from them, as PKCS#8 DSA keys have no y at all. */
        brisk_bn_mont mont;
        tv_check(brisk_bn_mont_init(&mont, p) == BRISK_EOK &&
                     brisk_bn_mod_exp(&key.y, g, &key.x, &mont) == BRISK_EOK,
                 "%s: y = g^x over the spoilt group", what);
    }
    tv_check_int(brisk_dsa_key_prepare(&key), BRISK_EINVAL, "prepare rejects %s", what);
    if (which != 13) {
        uint8_t sig[64], dgst[32] = {0};
        tv_check_int(brisk_dsa_verify_raw(&key, sig, 64, dgst, 32), BRISK_EINVAL,
                     "a refused key (%s) does not verify", what);
        if (!public_only)
            tv_check_int(brisk_dsa_sign_raw(&key, sig, 64, &brisk_digest_sha256, dgst, 32),
                         BRISK_EINVAL, "a refused key (%s) does not sign", what);
    }
    brisk_dsa_key_cleanup(&key);
    brisk_dsa_key_cleanup(&loaded);
}

static void test_bad_keys(void)
{
    static const char *const what[] = {"x = 0", "x = q", "x = q + 1", "y = 1", "y = 0", "y = p",
                                       "y = p + 1", "y != g^x", "g = 1", "g = p", "even p",
                                       "q of 192 bits", "p of 504 bits", "a bad width",
                                       "q not dividing p - 1", "g not of order q",
                                       "y = p - 1, outside the group of order q"};
    for (int i = 0; i < (int)(sizeof(what) / sizeof(what[0])); i++)
        if (i != 16) /* y = p - 1 with x: refused as y != g^x, tested below */
            bad_key(what[i], i, 0);
    /* Public keys' groups are checked as private keys' are, and y^q = 1. */
    for (int i = 3; i < (int)(sizeof(what) / sizeof(what[0])); i++)
        if (i != 7)
            bad_key(what[i], i, 1);
    tv_check_int(brisk_dsa_key_prepare(NULL), BRISK_EINVAL, "prepare(NULL)");
}

static void test_bad_params(void)
{
    static const size_t bad_sizes[][2] = {{1024, 224}, {1024, 256}, {2048, 160}, {3072, 224},
                                          {1536, 160}, {4096, 256}, {0, 0},      {256, 160}};
    brisk_dsa_params pr;
    brisk_dsa_key key, other;

    for (size_t i = 0; i < sizeof(bad_sizes) / sizeof(bad_sizes[0]); i++)
        tv_check_int(brisk_dsa_generate_params(&pr, bad_sizes[i][0], bad_sizes[i][1]),
                     BRISK_EINVAL, "generate_params(%zu, %zu) unsupported", bad_sizes[i][0],
                     bad_sizes[i][1]);
    tv_check_int(brisk_dsa_generate_params(NULL, 1024, 160), BRISK_EINVAL,
                 "generate_params(NULL)");

    rfc_key_load(&key, 0, 1);
    rfc_key_load(&other, 1, 1);
    tv_check_int(brisk_dsa_params_check(&key.params, 0), BRISK_EOK, "RFC 6979 1024 params");
    tv_check_int(brisk_dsa_params_check(&other.params, 1), BRISK_EOK,
                 "RFC 6979 2048 params, primes");
    pr = key.params;
    brisk_bn_from_u64(&pr.g, 1);
    tv_check_int(brisk_dsa_params_check(&pr, 0), BRISK_EINVAL, "params_check: g = 1");
    pr = key.params;
    sub_u64(&pr.g, &pr.p, 1);
    tv_check_int(brisk_dsa_params_check(&pr, 0), BRISK_EINVAL, "params_check: g = p - 1");
    pr = key.params;
    brisk_bn_copy(&pr.g, &pr.p);
    tv_check_int(brisk_dsa_params_check(&pr, 0), BRISK_EINVAL, "params_check: g = p");
    pr = key.params;
    brisk_bn_from_u64(&pr.g, 2); /* 2 has no reason to have order q */
    tv_check_int(brisk_dsa_params_check(&pr, 0), BRISK_EINVAL, "params_check: g = 2");
    pr = key.params;
    add_u64(&pr.q, &pr.q, 2);
    tv_check_int(brisk_dsa_params_check(&pr, 0), BRISK_EINVAL, "params_check: q + 2");
    pr = key.params;
    pr.q = other.params.q;
    tv_check_int(brisk_dsa_params_check(&pr, 0), BRISK_EINVAL, "params_check: another q");
    tv_check_int(brisk_dsa_params_check(NULL, 0), BRISK_EINVAL, "params_check(NULL)");
    pr = key.params;
    brisk_bn_from_u64(&pr.g, 1);
    tv_check_int(brisk_dsa_generate_key(&key, &pr), BRISK_EINVAL, "generate_key: g = 1");
    tv_check_int(brisk_dsa_generate_key(NULL, &other.params), BRISK_EINVAL,
                 "generate_key(NULL)");
    brisk_dsa_key_cleanup(&key);
    brisk_dsa_key_cleanup(&other);
}

/* is_prime says whether brisk_bn_is_probable_prime finds a prime. */
static int is_prime(const brisk_bn *a)
{
    int prime;

    return brisk_bn_is_probable_prime(a, 0, &prime) == BRISK_EOK && prime;
}

/* prime_below returns the largest prime below the odd v (v > 3). */
static uint64_t prime_below(uint64_t v)
{
    brisk_bn b;
    do {
        v -= 2;
        brisk_bn_from_u64(&b, v);
    } while (!is_prime(&b));
    return v;
}

/* weak_group builds the hostile parameters of issue 25: q of 160 bits,
 * the product of five 32-bit primes, p = k q + 1 a prime of 1024 bits, g =
 * h^((p-1)/q) != 1, so that q | p - 1 and g^q = 1 hold and only q's
 * primality tells them from good ones.  A key over them gives x away to
 * Pohlig-Hellman in seconds. */
static int weak_group(tv_rng *rng, brisk_dsa_params *pr)
{
    uint8_t xb[128];
    brisk_bn t, two_q, rem, one, e, pm1;
    brisk_bn_mont mont;
    uint64_t f = 0xffffffffu;

    brisk_bn_from_u64(&pr->q, 1);
    for (int i = 0; i < 5; i++) {
        f = prime_below(f);
        brisk_bn_from_u64(&t, f);
        if (brisk_bn_mul(&pr->q, &pr->q, &t) != BRISK_EOK)
            return 0;
    }
    brisk_bn_normalize(&pr->q);
    brisk_bn_from_u64(&one, 1);
    brisk_bn_add(&two_q, &pr->q, &pr->q);
    tv_rng_fill(rng, xb, sizeof(xb));
    xb[0] |= 0x80;
    xb[0] &= 0xbf; /* room for the steps below without a 1025th bit */
    brisk_bn_from_bytes(&pr->p, xb, sizeof(xb));
    brisk_bn_div(NULL, &rem, &pr->p, &two_q);
    brisk_bn_sub(&pr->p, &pr->p, &rem);
    brisk_bn_add(&pr->p, &pr->p, &one); /* p = 1 mod 2q */
    for (int tries = 0; !is_prime(&pr->p); tries++) {
        if (tries > 100000)
            return 0;
        brisk_bn_add(&pr->p, &pr->p, &two_q);
    }
    brisk_bn_normalize(&pr->p);
    brisk_bn_sub(&pm1, &pr->p, &one);
    brisk_bn_div(&e, NULL, &pm1, &pr->q);
    brisk_bn_mont_init(&mont, &pr->p);
    for (uint64_t h = 2;; h++) {
        brisk_bn_from_u64(&t, h);
        brisk_bn_resize(&t, pr->p.n);
        brisk_bn_mod_exp_public(&pr->g, &t, &e, &mont);
        brisk_bn_normalize(&pr->g);
        if (brisk_bn_bits(&pr->g) >= 2)
            break;
    }
    return brisk_bn_bits(&pr->p) == 1024 && brisk_bn_bits(&pr->q) == 160;
}

/* test_weak_group: the parameters of weak_group pass the group checks
 * (brisk_dsa_params_check(..., 0)) but are refused everywhere they come
 * in: the full check, key generation, and private and public keys over
 * them.  Before issue 25 brisk made keys over them. */
static void test_weak_group(tv_rng *rng)
{
    brisk_dsa_params pr;
    brisk_dsa_key key;
    brisk_bn_mont mont;

    if (!tv_check(weak_group(rng, &pr), "weak group: built"))
        return;
    tv_check_int(brisk_dsa_params_check(&pr, 0), BRISK_EOK,
                 "weak group: q | p - 1 and g^q = 1 hold");
    tv_check_int(brisk_dsa_params_check(&pr, 1), BRISK_EINVAL,
                 "weak group: composite q refused by the full check");
    tv_check_int(brisk_dsa_generate_key(&key, &pr), BRISK_EINVAL,
                 "weak group: generate_key refuses it");
    memset(&key, 0, sizeof(key));
    key.params = pr;
    brisk_bn_from_u64(&key.x, 0x123456789abcdefULL);
    brisk_bn_resize(&key.x, pr.q.n);
    tv_check(brisk_bn_mont_init(&mont, &pr.p) == BRISK_EOK &&
                 brisk_bn_mod_exp(&key.y, &pr.g, &key.x, &mont) == BRISK_EOK,
             "weak group: y = g^x");
    key.has_private = 1;
    tv_check_int(brisk_dsa_key_prepare(&key), BRISK_EINVAL, "weak group: private key refused");
    key.params = pr;
    key.has_private = 0;
    brisk_bn_zero(&key.x, 1);
    tv_check_int(brisk_dsa_key_prepare(&key), BRISK_EINVAL, "weak group: public key refused");
    /* a composite p: p + 2q keeps q | p - 1 but g^q = 1 fails or p is
     * not prime; either way refused */
    brisk_dsa_key_cleanup(&key);
    rfc_key_load(&key, 0, 1);
    pr = key.params;
    {
        brisk_bn two_q, pp;
        brisk_bn_add(&two_q, &key.params.q, &key.params.q);
        brisk_bn_copy(&pp, &key.params.p);
        do
            brisk_bn_add(&pp, &pp, &two_q);
        while (is_prime(&pp));
        pr.p = pp;
    }
    tv_check_int(brisk_dsa_params_check(&pr, 1), BRISK_EINVAL, "composite p refused");
    brisk_dsa_key_cleanup(&key);
}

/* test_fault: a private key whose x changed after brisk_dsa_key_prepare
 * (a bit flipped in memory) makes signatures that do not verify under y;
 * the check before release refuses them, and sig is left as it was.
 * Before issue 25 such a signature was released. */
static void test_fault(void)
{
    brisk_dsa_key key;
    uint8_t sig[64], before[64], dgst[32] = {1, 2, 3};
    size_t len = BRISK_DSA_MAX_SIG_LEN;
    uint8_t der[BRISK_DSA_MAX_SIG_LEN];

    if (!tv_check_int(rfc_key_load(&key, 1, 0), BRISK_EOK, "fault: key"))
        return;
    key.x.d[0] ^= 4;
    memset(sig, 0xa5, sizeof(sig));
    memcpy(before, sig, sizeof(sig));
    tv_check_int(brisk_dsa_sign_raw(&key, sig, 64, &brisk_digest_sha256, dgst, 32),
                 BRISK_EVERIFY, "fault: a flipped bit of x is caught");
    tv_check_mem(sig, before, 64, "fault: nothing written");
    tv_check_int(brisk_dsa_sign_raw_deterministic(&key, sig, 64, &brisk_digest_sha256, dgst, 32),
                 BRISK_EVERIFY, "fault: caught in the deterministic mode too");
    tv_check_int(brisk_dsa_sign(&key, der, &len, &brisk_digest_sha256, dgst, 32), BRISK_EVERIFY,
                 "fault: caught by the DER form");
    key.x.d[0] ^= 4;
    tv_check_int(brisk_dsa_sign_raw(&key, sig, 64, &brisk_digest_sha256, dgst, 32), BRISK_EOK,
                 "fault: the restored key signs");
    brisk_dsa_key_cleanup(&key);
}

/* test_checked_twice: good parameters pass the full check again, from the
 * table of checked ones. */
static void test_checked_twice(void)
{
    brisk_dsa_key key;

    rfc_key_load(&key, 1, 1);
    tv_check_int(brisk_dsa_params_check(&key.params, 1), BRISK_EOK, "2048/256: checked");
    tv_check_int(brisk_dsa_params_check(&key.params, 1), BRISK_EOK, "2048/256: checked again");
    brisk_dsa_key_cleanup(&key);
}

int main(void)
{
    tv_rng rng;
    const char *impl;
    char list[128];
    double t0;

    tv_begin("test_dsa");
    tv_rng_init(&rng, tv_seed());
    t0 = now();
    for (size_t it = 0; (impl = tv_impl_next("bn", &it)) != NULL;)
        test_rfc6979(impl);
    tv_note("RFC 6979 A.2.1/A.2.2 tested with bn: %s (%.2f s)",
            tv_impl_list("bn", list, sizeof(list)), now() - t0);
    t0 = now();
    test_wycheproof_all();
    tv_note("Wycheproof: %.2f s", now() - t0);
    t0 = now();
    test_generated(&rng);
    test_bad_signatures();
    test_bad_keys();
    test_bad_params();
    test_weak_group(&rng);
    test_checked_twice();
    test_fault();
    tv_note("round trips and bad inputs: %.2f s", now() - t0);
    test_params_generation(&rng, 512, 160); /* for `speed dsa512` */
    test_params_generation(&rng, 1024, 160);
    if (!tv_quick())
        test_params_generation(&rng, 2048, 256);
    return tv_end();
}
