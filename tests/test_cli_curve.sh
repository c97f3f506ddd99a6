#!/bin/sh
# tests/test_cli_curve.sh - end-to-end tests of the elliptic-curve keys
# (issue 31) through `genpkey`, `ecparam`, `pkey`, `pkeyutl` and `dgst`.
#
#   sh tests/test_cli_curve.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# Everywhere: RFC 7748 section 6.1's Alice and Bob as PKCS#8 and
# SubjectPublicKeyInfo (RFC 8410) give the RFC's shared secret through
# `pkeyutl -derive`, both ways; keys brisk makes go through `pkey` and back
# unchanged; the bad inputs a user could give (no operation, a public key
# to derive with, keys of two types, a low-order peer key, unknown
# algorithms and options) are one-line errors; pkeyutl -hexdump, -pkeyopt
# and RSA and DSA signatures round-trip; ecparam -check passes the three
# curves and -param_enc explicit writes openssl's parameters (alone, for
# -genkey's key and for -text) and reads them back; keys on a curve brisk
# lacks (by OID or explicit parameters) are one-line errors; PKCS#8 v2
# keys (RFC 8410 10.3's, and v2 forms built from the RFCs' v1 keys) read
# when their public key is the private key's, and are refused otherwise.  With `openssl` on PATH and
# no emulator: keys made by each tool are read by the other, re-encoded
# byte for byte (PEM, DER, -pubout, -text), and both derive the same
# secret from them; pkeyutl signs and verifies with RSA (PKCS#1 v1.5 with
# and without a digest, PSS, -rawin) and DSA keys as openssl does, both
# ways, and -hexdump prints openssl's text.  pkeyutl -encrypt and -decrypt
# (PKCS#1 v1.5, OAEP with digests, MGF1 and labels, none) round-trip and
# refuse the bad inputs, decrypt openssl's ciphertexts and make ciphertexts
# openssl decrypts; -verifyrecover writes what openssl writes.  EdDSA's
# instances (-pkeyopt instance:Ed25519ctx, Ed25519ph, Ed448ph and the pure
# ones, and context-string / hexcontext-string) sign RFC 8032 7.2 to 7.5's
# vectors, verify their own signatures and refuse another context or
# instance, and instances that do not fit the key, contexts pure Ed25519
# cannot take and over-long ones are one-line errors.  Ed25519ph and
# Ed448ph without -rawin sign and verify the 64-byte pre-hash (brisk dgst
# -sha512 -binary's, SHAKE256's; with openssl, openssl dgst -shake256
# -xoflen 64's) as -rawin does the message, and refuse other lengths.  Prints "N passed, N
# failed" last; exits non-zero if any check failed.

. "$(dirname "$0")/cli_lib.sh"
find_native_openssl

hex() { od -An -tx1 "$1" | tr -d ' \n'; }
# out_is TEXT: exit 0, no sanitizer report, stdout exactly TEXT.
out_is() { clean_exit && [ "$(cat "$tmp/out")" = "$1" ]; }
# quiet CMD...: CMD with its output dropped (openssl's "Verified OK").
quiet() { "$@" >/dev/null 2>&1; }

cat >"$tmp/alice.pem" <<'EOF'
-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VuBCIEIHcHbQpzGKV9PBbBclGyZkXfTC+H68CZKrF3+6UduSwq
-----END PRIVATE KEY-----
EOF
cat >"$tmp/bob.pub" <<'EOF'
-----BEGIN PUBLIC KEY-----
MCowBQYDK2VuAyEA3p7bfXt9wbTTW2HC7OQ1Nz+DQ8hbeGdNrfx+FG+IK08=
-----END PUBLIC KEY-----
EOF
# u = 0: a point of small order, which gives the all-zero secret.
cat >"$tmp/zero.pub" <<'EOF'
-----BEGIN PUBLIC KEY-----
MCowBQYDK2VuAyEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=
-----END PUBLIC KEY-----
EOF
shared=4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742

# ---- RFC 7748 section 6.1 through the command ----
b pkeyutl -derive -inkey "$tmp/alice.pem" -peerkey "$tmp/bob.pub" -out "$tmp/s1"
check "x25519 derive: Alice with Bob's public key" clean_exit
check "x25519 derive: the RFC's shared secret" [ "$(hex "$tmp/s1")" = "$shared" ]
b pkey -in "$tmp/alice.pem" -pubout -out "$tmp/alice.pub"
check "x25519 pkey -pubout" clean_exit
check "x25519 pkey -pubout: Alice's public key" \
    has "$tmp/alice.pub" "^MCowBQYDK2VuAyEAhSDwCYkwp1R0i33ctD73Wg2/Og0mOBr066SpjqqbTmo=$"
b pkey -in "$tmp/alice.pem" -text -noout
check "x25519 pkey -text" has "$tmp/out" "^X25519 Private-Key:$"
check "x25519 pkey -text: priv" has "$tmp/out" "^    77:07:6d:0a:73:18:a5:7d:3c:16:c1:72:51:b2:66:$"
b pkey -in "$tmp/alice.pem" -check -noout
check "x25519 pkey -check" out_is "Key is valid"

# ---- keys brisk makes ----
b genpkey -algorithm X25519 -out "$tmp/k1.pem"
check "genpkey X25519" clean_exit
check "genpkey X25519: PKCS#8 PEM" has "$tmp/k1.pem" "^-----BEGIN PRIVATE KEY-----$"
check "genpkey X25519: mode 0600" [ "$(ls -l "$tmp/k1.pem" | cut -c1-10)" = "-rw-------" ]
b pkey -in "$tmp/k1.pem" -out "$tmp/k1b.pem"
check "pkey keeps an X25519 key unchanged" cmp -s "$tmp/k1.pem" "$tmp/k1b.pem"
b genpkey -algorithm x25519 -outform DER -out "$tmp/k2.der"
check "genpkey X25519 DER (any case)" clean_exit
b pkey -in "$tmp/k2.der" -inform DER -outform DER -out "$tmp/k2b.der"
check "pkey keeps an X25519 DER key unchanged" cmp -s "$tmp/k2.der" "$tmp/k2b.der"
b pkey -in "$tmp/k2.der" -pubout -out "$tmp/k2.pub"
b pkeyutl -derive -inkey "$tmp/k1.pem" -peerkey "$tmp/k2.pub" -out "$tmp/s12"
check "derive k1 with k2's public key" clean_exit
b pkeyutl -derive -inkey "$tmp/k2.der" -peerkey "$tmp/k1.pem" -out "$tmp/s21"
check "derive k2 with k1 (a private peer key: its public half)" clean_exit
check "both sides derive one secret" cmp -s "$tmp/s12" "$tmp/s21"
b genpkey -algorithm X25519 -aes256 -pass pass:secret -out "$tmp/k3.pem"
check "genpkey X25519 -aes256" has "$tmp/k3.pem" "^-----BEGIN ENCRYPTED PRIVATE KEY-----$"
b pkeyutl -derive -inkey "$tmp/k3.pem" -passin pass:secret -peerkey "$tmp/bob.pub"
check "derive with an encrypted key" clean_exit

# ---- bad inputs ----
b pkeyutl -inkey "$tmp/alice.pem"
check "pkeyutl without an operation" one_line_error pkeyutl "give -derive, -sign, -verify"
b pkeyutl -derive -sign -inkey "$tmp/alice.pem"
check "pkeyutl with two operations" one_line_error pkeyutl "only one of"
b pkeyutl -derive -inkey "$tmp/alice.pem"
check "derive without -peerkey" one_line_error pkeyutl "-peerkey"
b pkeyutl -derive -inkey "$tmp/bob.pub" -peerkey "$tmp/alice.pem"
check "derive with a public key" one_line_error pkeyutl "needs a private key"
b pkeyutl -derive -inkey "$tmp/alice.pem" -peerkey "$tmp/zero.pub"
check "derive with a low-order peer key" one_line_error pkeyutl "no shared secret"
b genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:512 -out "$tmp/rsa.pem"
check "genpkey RSA" clean_exit
b pkeyutl -derive -inkey "$tmp/alice.pem" -peerkey "$tmp/rsa.pem"
check "derive with keys of two types" one_line_error pkeyutl \
    "peer key is an RSA key, the key an X25519 key: they must be of one type\$"
b pkeyutl -derive -inkey "$tmp/rsa.pem" -peerkey "$tmp/rsa.pem"
check "derive with RSA keys" one_line_error pkeyutl "cannot derive"
b pkeyutl -derive -inkey "$tmp/alice.pem" -peerkey "$tmp/nonexistent"
check "derive with a missing peer key" one_line_error pkeyutl
printf 'garbage\n' >"$tmp/junk"
b pkeyutl -derive -inkey "$tmp/junk" -peerkey "$tmp/bob.pub"
check "derive with a file that holds no key" one_line_error pkeyutl
b genpkey
check "genpkey without -algorithm" one_line_error genpkey "give -algorithm"
b genpkey -algorithm FOO
check "genpkey with an unknown algorithm" one_line_error genpkey "unknown algorithm 'FOO'"
b genpkey -algorithm DSA
check "genpkey DSA points to dsaparam" one_line_error genpkey "dsaparam -genkey"
b genpkey -algorithm X25519 -pkeyopt rsa_keygen_bits:1024
check "genpkey with another type's option" one_line_error genpkey "not an option of X25519"
b genpkey -algorithm RSA -pkeyopt rsa_keygen_bits
check "genpkey -pkeyopt without a value" one_line_error genpkey "OPT:VALUE"
b genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:100
check "genpkey RSA too small" one_line_error genpkey "rsa_keygen_bits"
b genpkey -algorithm X25519 -text -outform DER
check "genpkey -text with DER" one_line_error genpkey "DER"

# ---- X448, Ed25519 and Ed448: the RFCs' keys ----
cat >"$tmp/alice448.pem" <<'EOF'
-----BEGIN PRIVATE KEY-----
MEYCAQAwBQYDK2VvBDoEOJqPSSXRUZ9Xdc9GsEtYANTunui66LxVZdSYwo3Zybr1
dKlBl0SJc5EAY4Km8SerHZrC2MClmHJr
-----END PRIVATE KEY-----
EOF
cat >"$tmp/bob448.pub" <<'EOF'
-----BEGIN PUBLIC KEY-----
MEIwBQYDK2VvAzkAPreoKbDNIPW8/AtZm2/sz22kYnEHvbDU80W0MCfYuXL8PjT7
QjKhPKcG3LV67D2uB73BxnvzNgk=
-----END PUBLIC KEY-----
EOF
b pkeyutl -derive -inkey "$tmp/alice448.pem" -peerkey "$tmp/bob448.pub" -out "$tmp/s448"
check "x448 derive: RFC 7748 section 6.2's shared secret" \
    [ "$(hex "$tmp/s448")" = "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d" ]
b pkeyutl -derive -inkey "$tmp/alice448.pem" -peerkey "$tmp/bob.pub"
check "derive X448 with an X25519 key" one_line_error pkeyutl \
    "peer key is an X25519 key, the key an X448 key: they must be of one type\$"
cat >"$tmp/ed25519.pem" <<'EOF'
-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g
-----END PRIVATE KEY-----
EOF
cat >"$tmp/ed448.pem" <<'EOF'
-----BEGIN PRIVATE KEY-----
MEcCAQAwBQYDK2VxBDsEOWyCpWLLgI0Q1jK+ichRPr9skp803fqMn2PJlg7240ij
UoyKP8wvBE45o/xblEkvjwMudUmiAJj5Ww==
-----END PRIVATE KEY-----
EOF
: >"$tmp/empty"
printf 'a message\n' >"$tmp/msg0"
b pkeyutl -sign -rawin -inkey "$tmp/ed25519.pem" -in "$tmp/empty" -out "$tmp/e1.sig"
check "Ed25519 pkeyutl -sign -rawin: RFC 8032 7.1 TEST 1's signature" \
    [ "$(hex "$tmp/e1.sig")" = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b" ]
b pkeyutl -sign -rawin -inkey "$tmp/ed448.pem" -in "$tmp/empty" -out "$tmp/e2.sig"
check "Ed448 pkeyutl -sign -rawin: RFC 8032 7.4 Blank's signature" \
    [ "$(hex "$tmp/e2.sig")" = "533a37f6bbe457251f023c0d88f976ae2dfb504a843e34d2074fd823d41a591f2b233f034f628281f2fd7a22ddd47d7828c59bd0a21bfd3980ff0d2028d4b18a9df63e006c5d1c2d345b925d8dc00b4104852db99ac5c7cdda8530a113a0f4dbb61149f05a7363268c71d95808ff2e652600" ]
for e in ed25519 ed448; do
    b pkey -in "$tmp/$e.pem" -pubout -out "$tmp/$e.pub"
    b pkeyutl -sign -rawin -inkey "$tmp/$e.pem" -in "$tmp/msg0" -out "$tmp/$e.sig"
    check "$e: sign a message" clean_exit
    b pkeyutl -verify -rawin -pubin -inkey "$tmp/$e.pub" -in "$tmp/msg0" -sigfile "$tmp/$e.sig"
    check "$e: verify it" out_is "Signature Verified Successfully"
    b pkeyutl -verify -rawin -inkey "$tmp/$e.pub" -in "$tmp/empty" -sigfile "$tmp/$e.sig"
    check "$e: another message fails" [ "$rc" -eq 1 ]
    b pkeyutl -verify -rawin -inkey "$tmp/$e.pub" -in "$tmp/msg0" -sigfile "$tmp/empty"
    check "$e: an empty signature fails" [ "$rc" -eq 1 ]
    b pkeyutl -sign -inkey "$tmp/$e.pem" -in "$tmp/msg0"
    check "$e: -sign without -rawin" one_line_error pkeyutl "add -rawin"
    b pkeyutl -sign -rawin -digest sha256 -inkey "$tmp/$e.pem" -in "$tmp/msg0"
    check "$e: -digest" one_line_error pkeyutl "drop -digest"
    b pkeyutl -derive -inkey "$tmp/$e.pem" -peerkey "$tmp/$e.pub"
    check "$e: -derive" one_line_error pkeyutl "cannot derive"
    b dgst -sha256 -sign "$tmp/$e.pem" "$tmp/msg0"
    check "$e: dgst -sign points to pkeyutl" one_line_error dgst "pkeyutl -rawin"
done
# ---- EdDSA instances (OpenSSL 3.2's -pkeyopt instance and context-string,
# which openssl 3.0 lacks): RFC 8032's keys as PKCS#8, its vectors ----
cat >"$tmp/edctx.pem" <<'EOF'
-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIAMFM044GvePFBy2ZvYZn1e8NJUzWiVqlb0qVb9UZmP2
-----END PRIVATE KEY-----
EOF
cat >"$tmp/edctx3.pem" <<'EOF'
-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIKucKFPOKX3auFyZOzrhS8rTmyxoK+q8J9bU6yBxHWVg
-----END PRIVATE KEY-----
EOF
cat >"$tmp/edph.pem" <<'EOF'
-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIIM/5iQJI3udYux3WHUgkR6adZzsHRl1W32pAbltyj1C
-----END PRIVATE KEY-----
EOF
cat >"$tmp/ed448ph.pem" <<'EOF'
-----BEGIN PRIVATE KEY-----
MEcCAQAwBQYDK2VxBDsEOYM/5iQJI3udYux3WHUgkR6adZzsHRl1W32pAbltyj1C
73gi4NUQQSfcBdbb795p46ss7HyGfG4sSQ==
-----END PRIVATE KEY-----
EOF
cat >"$tmp/ed448c.pem" <<'EOF'
-----BEGIN PRIVATE KEY-----
MEcCAQAwBQYDK2VxBDsEOcTqsF01cAfGMvPbtISJkk1VKwj+DDU6DUofAKzaLEY6
++pnxejSh3xeO8OXplmUnvgCHpVOChInTg==
-----END PRIVATE KEY-----
EOF
unhex f726936d19c800494e3fdaff20b276a8 >"$tmp/m72"
unhex 508e9e6882b979fea900f62adceaca35 >"$tmp/m72b"
printf 'abc' >"$tmp/abc"
unhex 03 >"$tmp/m03"
# ed_vector NAME KEY MSG WANT OPT...: -sign gives the RFC's signature, which
# -verify accepts with the public key.
ed_vector() {
    name=$1 key=$2 msg=$3 want=$4
    shift 4
    b pkeyutl -sign -rawin -inkey "$tmp/$key.pem" -in "$tmp/$msg" -out "$tmp/v.sig" "$@"
    check "$name: the RFC's signature" [ "$rc:$(hex "$tmp/v.sig")" = "0:$want" ]
    b pkey -in "$tmp/$key.pem" -pubout -out "$tmp/v.pub"
    b pkeyutl -verify -rawin -pubin -inkey "$tmp/v.pub" -in "$tmp/$msg" -sigfile "$tmp/v.sig" "$@"
    check "$name: verifies" out_is "Signature Verified Successfully"
}
ed_vector "RFC 8032 7.2 foo" edctx m72 \
    55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d \
    -pkeyopt instance:Ed25519ctx -pkeyopt context-string:foo
ed_vector "RFC 8032 7.2 bar (hexcontext-string)" edctx m72 \
    fc60d5872fc46b3aa69f8b5b4351d5808f92bcc044606db097abab6dbcb1aee3216c48e8b3b66431b5b186d1d28f8ee15a5ca2df6668346291c2043d4eb3e90d \
    -pkeyopt instance:Ed25519ctx -pkeyopt hexcontext-string:626172
ed_vector "RFC 8032 7.2 foo2 (options reversed, instance in another case)" edctx m72b \
    8b70c1cc8310e1de20ac53ce28ae6e7207f33c3295e03bb5c0732a1d20dc64908922a8b052cf99b7c4fe107a5abb5b2c4085ae75890d02df26269d8945f84b0b \
    -pkeyopt context-string:foo -pkeyopt instance:ed25519CTX
ed_vector "RFC 8032 7.2 foo3" edctx3 m72 \
    21655b5f1aa965996b3f97b3c849eafba922a0a62992f73b3d1b73106a84ad85e9b86a7b6005ea868337ff2d20a7f5fbd4cd10b0be49a68da2b2e0dc0ad8960f \
    -pkeyopt instance:Ed25519ctx -pkeyopt context-string:foo
ed_vector "RFC 8032 7.3 abc (Ed25519ph)" edph abc \
    98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae4131f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406 \
    -pkeyopt instance:Ed25519ph
ed_vector "RFC 8032 7.4 1 octet with context (Ed448)" ed448c m03 \
    d4f8f6131770dd46f40867d6fd5d5055de43541f8c5e35abbcd001b32a89f7d2151f7647f11d8ca2ae279fb842d607217fce6e042f6815ea000c85741de5c8da1144a6a1aba7f96de42505d7a7298524fda538fccbbb754f578c1cad10d54d0d5428407e85dcbc98a49155c13764e66c3c00 \
    -pkeyopt context-string:foo
ed_vector "RFC 8032 7.5 abc (Ed448ph)" ed448ph abc \
    822f6901f7480f3d5f562c592994d9693602875614483256505600bbc281ae381f54d6bce2ea911574932f52a4e6cadd78769375ec3ffd1b801a0d9b3f4030cd433964b6457ea39476511214f97469b57dd32dbc560a9a94d00bff07620464a3ad203df7dc7ce360c3cd3696d9d9fab90f00 \
    -pkeyopt instance:Ed448ph
ed_vector "RFC 8032 7.5 abc with context foo (Ed448ph)" ed448ph abc \
    c32299d46ec8ff02b54540982814dce9a05812f81962b649d528095916a2aa481065b1580423ef927ecf0af5888f90da0f6a9a85ad5dc3f280d91224ba9911a3653d00e484e2ce232521481c8658df304bb7745a73514cdb9bf3e15784ab71284f8d0704a608c54a6b62d97beb511d132100 \
    -pkeyopt instance:Ed448ph -pkeyopt context-string:foo
ed_vector "instance:Ed25519 is pure Ed25519 (RFC 8032 7.1 TEST 1)" ed25519 empty \
    e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b \
    -pkeyopt instance:Ed25519
# Sign then verify with brisk alone: the same context verifies; another
# context, another instance or none fails with exit 1.
for spec in "ed25519 Ed25519ctx Ed25519ph" "ed25519 Ed25519ph Ed25519ctx" \
            "ed448 Ed448 Ed448ph" "ed448 Ed448ph Ed448"; do
    set -- $spec
    b pkeyutl -sign -rawin -inkey "$tmp/$1.pem" -in "$tmp/msg0" -out "$tmp/i.sig" \
        -pkeyopt instance:$2 -pkeyopt context-string:hello
    check "$2: sign with a context" clean_exit
    b pkeyutl -verify -rawin -inkey "$tmp/$1.pem" -in "$tmp/msg0" -sigfile "$tmp/i.sig" \
        -pkeyopt instance:$2 -pkeyopt hexcontext-string:68656c6c6f
    check "$2: verify with the same context in hex" out_is "Signature Verified Successfully"
    b pkeyutl -verify -rawin -inkey "$tmp/$1.pem" -in "$tmp/msg0" -sigfile "$tmp/i.sig" \
        -pkeyopt instance:$2 -pkeyopt context-string:hellO
    check "$2: another context fails" [ "$rc" -eq 1 ]
    check "$2: another context, the words" has "$tmp/out" "^Signature Verification Failure$"
    b pkeyutl -verify -rawin -inkey "$tmp/$1.pem" -in "$tmp/msg0" -sigfile "$tmp/i.sig" \
        -pkeyopt instance:$3 -pkeyopt context-string:hello
    check "$2: verified as $3 fails" [ "$rc" -eq 1 ]
    b pkeyutl -verify -rawin -inkey "$tmp/$1.pem" -in "$tmp/msg0" -sigfile "$tmp/i.sig"
    check "$2: verified as pure, no context, fails" [ "$rc" -eq 1 ]
done
b pkeyutl -sign -rawin -inkey "$tmp/ed25519.pem" -in "$tmp/msg0" -pkeyopt instance:Ed448ph
check "instance Ed448ph with an Ed25519 key" one_line_error pkeyutl \
    "instance Ed448ph needs an Ed448 key"
b pkeyutl -verify -rawin -inkey "$tmp/ed448.pem" -in "$tmp/msg0" -sigfile "$tmp/e2.sig" \
    -pkeyopt instance:Ed25519ctx -pkeyopt context-string:foo
check "instance Ed25519ctx with an Ed448 key" one_line_error pkeyutl "needs an Ed25519 key"
b pkeyutl -sign -rawin -inkey "$tmp/ed25519.pem" -in "$tmp/msg0" -pkeyopt context-string:foo
check "a context with pure Ed25519" one_line_error pkeyutl "pure Ed25519 takes no context"
b pkeyutl -sign -rawin -inkey "$tmp/ed25519.pem" -in "$tmp/msg0" -pkeyopt instance:Ed25519 \
    -pkeyopt hexcontext-string:00
check "a context with instance:Ed25519" one_line_error pkeyutl "pure Ed25519 takes no context"
b pkeyutl -sign -rawin -inkey "$tmp/ed25519.pem" -in "$tmp/msg0" -pkeyopt instance:Ed25519ctx
check "Ed25519ctx without a context" one_line_error pkeyutl "Ed25519ctx needs a context"
b pkeyutl -sign -rawin -inkey "$tmp/ed25519.pem" -in "$tmp/msg0" -pkeyopt instance:Ed25519ctx \
    -pkeyopt context-string:
check "Ed25519ctx with an empty context" one_line_error pkeyutl "Ed25519ctx needs a context"
long=$(printf '%0256d' 0)
b pkeyutl -sign -rawin -inkey "$tmp/ed448.pem" -in "$tmp/msg0" -pkeyopt "context-string:$long"
check "a 256-byte context" one_line_error pkeyutl "256 bytes; EdDSA takes at most 255"
b pkeyutl -sign -rawin -inkey "$tmp/ed448.pem" -in "$tmp/msg0" \
    -pkeyopt "hexcontext-string:$long$long"
check "a 256-byte hex context" one_line_error pkeyutl "256 bytes; EdDSA takes at most 255"
b pkeyutl -sign -rawin -inkey "$tmp/ed448.pem" -in "$tmp/msg0" -out "$tmp/c255.sig" \
    -pkeyopt "context-string:${long%0}"
check "a 255-byte context signs" clean_exit
b pkeyutl -verify -rawin -inkey "$tmp/ed448.pem" -in "$tmp/msg0" -sigfile "$tmp/c255.sig" \
    -pkeyopt "context-string:${long%0}"
check "a 255-byte context verifies" out_is "Signature Verified Successfully"
b pkeyutl -sign -rawin -inkey "$tmp/ed448.pem" -in "$tmp/msg0" -pkeyopt hexcontext-string:6g
check "hexcontext-string that is not hex" one_line_error pkeyutl "not hex"
b pkeyutl -sign -rawin -inkey "$tmp/ed448.pem" -in "$tmp/msg0" -pkeyopt instance:Ed448ctx
check "an unknown instance" one_line_error pkeyutl "unknown instance 'Ed448ctx'"
# ---- Ed25519ph and Ed448ph without -rawin: the input is PH(M), the
# message's 64-byte pre-hash, as OpenSSL 3.5's pkeyutl takes it; the
# signature is the one -rawin makes of the message ----
b dgst -sha512 -binary -out "$tmp/abc.ph" "$tmp/abc"
check "dgst -sha512 -binary: the 64-byte pre-hash" [ "$rc:$(wc -c <"$tmp/abc.ph")" = "0:64" ]
# SHAKE256("abc", 64) (FIPS 202; Python's hashlib and openssl 3.0's dgst
# -shake256 -xoflen 64 agree): brisk dgst has no SHAKE256.
unhex 483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4 \
    >"$tmp/abc.ph448"
# ed_prehash NAME KEY PH MSG WANT OPT...: -sign without -rawin turns the
# pre-hash PH of MSG into the RFC's signature, which -verify accepts from
# PH and, with -rawin, from MSG; a signature over another pre-hash fails.
ed_prehash() {
    name=$1 key=$2 ph=$3 msg=$4 want=$5
    shift 5
    b pkeyutl -sign -inkey "$tmp/$key.pem" -in "$tmp/$ph" -out "$tmp/p.sig" "$@"
    check "$name: the pre-hash signed without -rawin, the RFC's signature" \
        [ "$rc:$(hex "$tmp/p.sig")" = "0:$want" ]
    b pkey -in "$tmp/$key.pem" -pubout -out "$tmp/p.pub"
    b pkeyutl -verify -pubin -inkey "$tmp/p.pub" -in "$tmp/$ph" -sigfile "$tmp/p.sig" "$@"
    check "$name: verifies from the pre-hash" out_is "Signature Verified Successfully"
    b pkeyutl -verify -rawin -pubin -inkey "$tmp/p.pub" -in "$tmp/$msg" -sigfile "$tmp/p.sig" "$@"
    check "$name: verifies from the message with -rawin" out_is "Signature Verified Successfully"
    b pkeyutl -verify -pubin -inkey "$tmp/p.pub" -in "$tmp/$ph" -sigfile "$tmp/e1.sig" "$@"
    check "$name: another signature fails" [ "$rc" -eq 1 ]
    check "$name: another signature, the words" has "$tmp/out" "^Signature Verification Failure$"
}
ed_prehash "RFC 8032 7.3 abc (Ed25519ph, SHA-512 from brisk dgst)" edph abc.ph abc \
    98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae4131f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406 \
    -pkeyopt instance:Ed25519ph
ed_prehash "RFC 8032 7.5 abc (Ed448ph, SHAKE256 to 64 bytes)" ed448ph abc.ph448 abc \
    822f6901f7480f3d5f562c592994d9693602875614483256505600bbc281ae381f54d6bce2ea911574932f52a4e6cadd78769375ec3ffd1b801a0d9b3f4030cd433964b6457ea39476511214f97469b57dd32dbc560a9a94d00bff07620464a3ad203df7dc7ce360c3cd3696d9d9fab90f00 \
    -pkeyopt instance:Ed448ph
ed_prehash "RFC 8032 7.5 abc with context foo (Ed448ph from the pre-hash)" ed448ph abc.ph448 abc \
    c32299d46ec8ff02b54540982814dce9a05812f81962b649d528095916a2aa481065b1580423ef927ecf0af5888f90da0f6a9a85ad5dc3f280d91224ba9911a3653d00e484e2ce232521481c8658df304bb7745a73514cdb9bf3e15784ab71284f8d0704a608c54a6b62d97beb511d132100 \
    -pkeyopt instance:Ed448ph -pkeyopt context-string:foo
# A longer message hashed by brisk dgst, with a context: the same signature
# both ways, each verifying the other way.
i=0
while [ $i -lt 300 ]; do printf 'line %d of a file hashed elsewhere\n' $i; i=$((i + 1)); done \
    >"$tmp/long.msg"
b dgst -sha512 -binary -out "$tmp/long.ph" "$tmp/long.msg"
b pkeyutl -sign -inkey "$tmp/ed25519.pem" -in "$tmp/long.ph" -out "$tmp/lp.sig" \
    -pkeyopt instance:Ed25519ph -pkeyopt context-string:file
check "Ed25519ph: sign a file's SHA-512" clean_exit
b pkeyutl -sign -rawin -inkey "$tmp/ed25519.pem" -in "$tmp/long.msg" -out "$tmp/lm.sig" \
    -pkeyopt instance:Ed25519ph -pkeyopt context-string:file
check "Ed25519ph: the pre-hash's signature is the message's" cmp -s "$tmp/lp.sig" "$tmp/lm.sig"
b pkeyutl -verify -inkey "$tmp/ed25519.pub" -pubin -in "$tmp/long.ph" -sigfile "$tmp/lm.sig" \
    -pkeyopt instance:Ed25519ph -pkeyopt context-string:file
check "Ed25519ph: -rawin's signature verifies from the pre-hash" \
    out_is "Signature Verified Successfully"
b pkeyutl -verify -inkey "$tmp/ed25519.pub" -pubin -in "$tmp/long.ph" -sigfile "$tmp/lm.sig" \
    -pkeyopt instance:Ed25519ph -pkeyopt context-string:File
check "Ed25519ph: from the pre-hash, another context fails" [ "$rc" -eq 1 ]
b pkeyutl -verify -rawin -inkey "$tmp/ed25519.pub" -pubin -in "$tmp/long.ph" \
    -sigfile "$tmp/lm.sig" -pkeyopt instance:Ed25519ph -pkeyopt context-string:file
check "Ed25519ph: the pre-hash taken as the message with -rawin fails" [ "$rc" -eq 1 ]
# The pre-hash must be 64 bytes; pure and ctx still sign only messages.
head -c 63 "$tmp/abc.ph" >"$tmp/ph63"
{ cat "$tmp/abc.ph"; printf x; } >"$tmp/ph65"
for n in 63 65; do
    b pkeyutl -sign -inkey "$tmp/edph.pem" -in "$tmp/ph$n" -pkeyopt instance:Ed25519ph
    check "Ed25519ph -sign, a $n-byte pre-hash" one_line_error pkeyutl \
        "the input is $n bytes: Ed25519ph without -rawin takes the 64-byte SHA-512"
    b pkeyutl -verify -inkey "$tmp/edph.pem" -in "$tmp/ph$n" -sigfile "$tmp/p.sig" \
        -pkeyopt instance:Ed25519ph
    check "Ed25519ph -verify, a $n-byte pre-hash" one_line_error pkeyutl \
        "the input is $n bytes: .*64-byte SHA-512"
    b pkeyutl -sign -inkey "$tmp/ed448ph.pem" -in "$tmp/ph$n" -pkeyopt instance:Ed448ph
    check "Ed448ph -sign, a $n-byte pre-hash" one_line_error pkeyutl \
        "the input is $n bytes: Ed448ph without -rawin takes the 64-byte SHAKE256"
done
b pkeyutl -sign -inkey "$tmp/ed25519.pem" -in "$tmp/msg0" -pkeyopt instance:Ed25519ph
check "Ed25519ph without -rawin, a message" one_line_error pkeyutl "add -rawin"
b pkeyutl -sign -inkey "$tmp/ed25519.pem" -in "$tmp/abc.ph" -pkeyopt instance:Ed25519ctx \
    -pkeyopt context-string:foo
check "Ed25519ctx without -rawin, even 64 bytes" one_line_error pkeyutl \
    "ED25519 signs the message itself: add -rawin"
b pkeyutl -sign -inkey "$tmp/ed25519.pem" -in "$tmp/abc.ph" -pkeyopt instance:Ed25519
check "instance:Ed25519 without -rawin, even 64 bytes" one_line_error pkeyutl \
    "signs the message itself: add -rawin"
b pkeyutl -verify -inkey "$tmp/ed448.pem" -in "$tmp/abc.ph448" -sigfile "$tmp/e2.sig" \
    -pkeyopt instance:Ed448
check "instance:Ed448 -verify without -rawin" one_line_error pkeyutl \
    "ED448 signs the message itself: add -rawin"
b pkeyutl -derive -inkey "$tmp/alice.pem" -peerkey "$tmp/bob.pub" -pkeyopt context-string:x
check "a context with -derive" one_line_error pkeyutl "is for -sign and -verify"
b pkeyutl -sign -inkey "$tmp/rsa.pem" -in "$tmp/msg0" -pkeyopt instance:Ed25519
check "an instance with an RSA key" one_line_error pkeyutl "needs an Ed25519 or Ed448 key"

for a in X448 ED25519 ED448; do
    b genpkey -algorithm $a -out "$tmp/g$a.pem"
    check "genpkey $a" clean_exit
    b pkey -in "$tmp/g$a.pem" -out "$tmp/g${a}b.pem"
    check "pkey keeps a $a key unchanged" cmp -s "$tmp/g$a.pem" "$tmp/g${a}b.pem"
    b pkey -in "$tmp/g$a.pem" -check -noout
    check "$a pkey -check" out_is "Key is valid"
done

# ---- EC keys: RFC 6979 A.2.5's P-256 key as SEC 1 "EC PRIVATE KEY" ----
cat >"$tmp/p256.pem" <<'EOF'
-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIMmvqdhFunUWa1whV2ex1pNOUMPbNuibEnuKYisSD2choAoGCCqGSM49
AwEHoUQDQgAEYP7UuiVanTHJYet0xjVtaMBJuJI7Yfps5mliLmDyn7Z5A/4QCLi8
maQa6elWKLxk8vGyDC1+n1F3o8KU1EYimQ==
-----END EC PRIVATE KEY-----
EOF
b pkey -in "$tmp/p256.pem" -pubout -out "$tmp/p256.pub"
check "EC pkey -pubout" clean_exit
check "EC pkey -pubout: RFC 6979's public key" \
    has "$tmp/p256.pub" "^Yfps5mliLmDyn7Z5A/4QCLi8maQa6elWKLxk8vGyDC1\+n1F3o8KU1EYimQ==$"
b pkey -in "$tmp/p256.pem" -traditional -out "$tmp/p256b.pem"
check "EC pkey -traditional keeps the SEC 1 key unchanged" cmp -s "$tmp/p256.pem" "$tmp/p256b.pem"
b pkey -in "$tmp/p256.pem" -text -noout
check "EC pkey -text: the curve" has "$tmp/out" "^NIST CURVE: P-256$"
printf 'sample' >"$tmp/msg"
b dgst -sha256 -sign "$tmp/p256.pem" -out "$tmp/msg.sig" "$tmp/msg"
check "dgst -sha256 -sign with an EC key" clean_exit
b dgst -sha256 -verify "$tmp/p256.pub" -signature "$tmp/msg.sig" "$tmp/msg"
check "dgst -verify of the ECDSA signature" out_is "Verified OK"
printf 'Sample' >"$tmp/msg2"
b dgst -sha256 -verify "$tmp/p256.pub" -signature "$tmp/msg.sig" "$tmp/msg2"
check "dgst -verify of another message fails" [ "$rc" -eq 1 ]
check "dgst -verify of another message: Verification failure" \
    has "$tmp/out" "^Verification failure$"
b dgst -sha256 -sign "$tmp/alice.pem" "$tmp/msg"
check "dgst -sign with an X25519 key" one_line_error dgst "X25519 key"
b dgst -sha256 -binary -out "$tmp/msg.d" "$tmp/msg"
b pkeyutl -sign -inkey "$tmp/p256.pem" -in "$tmp/msg.d" -out "$tmp/msg.psig"
check "pkeyutl -sign with an EC key, a digest as input" clean_exit
b pkeyutl -verify -inkey "$tmp/p256.pub" -pubin -in "$tmp/msg.d" -sigfile "$tmp/msg.psig"
check "pkeyutl -verify" out_is "Signature Verified Successfully"
b pkeyutl -verify -inkey "$tmp/p256.pub" -in "$tmp/msg.d" -sigfile "$tmp/msg.sig"
check "pkeyutl -verify of dgst's signature" out_is "Signature Verified Successfully"
b pkeyutl -verify -inkey "$tmp/p256.pub" -in "$tmp/msg2" -rawin -sigfile "$tmp/msg.sig"
check "pkeyutl -verify, another message: exit 1" [ "$rc" -eq 1 ]
check "pkeyutl -verify, another message: the words" \
    has "$tmp/out" "^Signature Verification Failure$"
b pkeyutl -verify -inkey "$tmp/p256.pub" -in "$tmp/msg" -rawin -sigfile "$tmp/msg.sig"
check "pkeyutl -verify -rawin hashes with sha256" out_is "Signature Verified Successfully"
b pkeyutl -sign -inkey "$tmp/p256.pem" -in "$tmp/msg" -rawin -digest sha384 -out "$tmp/m384"
b dgst -sha384 -verify "$tmp/p256.pub" -signature "$tmp/m384" "$tmp/msg"
check "pkeyutl -rawin -digest sha384 signs what dgst -sha384 verifies" out_is "Verified OK"
b pkeyutl -sign -inkey "$tmp/p256.pem" -in "$tmp/msg"
check "pkeyutl -sign of a 6-byte input" one_line_error pkeyutl "not a digest"
b pkeyutl -sign -inkey "$tmp/p256.pem" -in "$tmp/msg.d" -digest sha256
check "pkeyutl -digest without -rawin" one_line_error pkeyutl "needs -rawin"
b pkeyutl -sign -inkey "$tmp/p256.pem" -in "$tmp/msg" -rawin -digest nosuch
check "pkeyutl -digest nosuch" one_line_error pkeyutl "unknown digest 'nosuch'"
b pkeyutl -sign -inkey "$tmp/p256.pub" -in "$tmp/msg.d"
check "pkeyutl -sign with a public key" one_line_error pkeyutl "needs a private key"
b pkeyutl -verify -inkey "$tmp/p256.pub" -in "$tmp/msg.d"
check "pkeyutl -verify without -sigfile" one_line_error pkeyutl "-sigfile"
b pkeyutl -derive -inkey "$tmp/p256.pem" -peerkey "$tmp/bob.pub"
check "derive EC with an X25519 key" one_line_error pkeyutl "must be of one type"
for c in P-256 P-384 P-521; do
    b genpkey -algorithm EC -pkeyopt ec_paramgen_curve:$c -out "$tmp/ec$c.pem"
    check "genpkey EC $c" clean_exit
    b pkey -in "$tmp/ec$c.pem" -pubout -out "$tmp/ec$c.pub"
    b pkeyutl -derive -inkey "$tmp/p256.pem" -peerkey "$tmp/ec$c.pub" -out "$tmp/d1"
    if [ $c = P-256 ]; then
        check "derive on P-256" clean_exit
        b pkeyutl -derive -inkey "$tmp/ec$c.pem" -peerkey "$tmp/p256.pub" -out "$tmp/d2"
        check "derive on P-256: both sides agree" cmp -s "$tmp/d1" "$tmp/d2"
    else
        check "derive across curves ($c): names both curves" one_line_error pkeyutl \
            "peer key is an EC key on $c, the key an EC key on P-256: they must be of one type and curve"
    fi
    b dgst -sha512 -sign "$tmp/ec$c.pem" -out "$tmp/s$c" "$tmp/msg"
    b dgst -sha512 -verify "$tmp/ec$c.pub" -signature "$tmp/s$c" "$tmp/msg"
    check "dgst -sha512 sign and verify on $c" out_is "Verified OK"
done
b genpkey -algorithm EC -pkeyopt group:secp384r1
check "genpkey EC group:secp384r1" has "$tmp/out" "^-----BEGIN PRIVATE KEY-----$"
b genpkey -algorithm EC -pkeyopt group:P-521 -pkeyopt ec_param_enc:explicit -outform DER \
    -out "$tmp/gx.der"
check "genpkey EC ec_param_enc:explicit: the prime field in SEC 1" \
    sh -c "od -An -v -tx1 '$tmp/gx.der' | tr -d ' \n' | grep -q 06072a8648ce3d0101"
b pkey -in "$tmp/gx.der" -check -noout
check "genpkey EC ec_param_enc:explicit: the key reads back" out_is "Key is valid"
b genpkey -algorithm EC -pkeyopt group:P-256 -pkeyopt ec_param_enc:implicit
check "genpkey EC ec_param_enc:implicit" one_line_error genpkey "named_curve or explicit"
b genpkey -algorithm EC
check "genpkey EC without a curve" one_line_error genpkey "need a curve"
b genpkey -algorithm EC -pkeyopt ec_paramgen_curve:secp256k1
check "genpkey EC on an unknown curve" one_line_error genpkey "unknown curve 'secp256k1'"
b ecparam -name prime256v1 -genkey -out "$tmp/ep.pem"
check "ecparam -genkey" clean_exit
check "ecparam -genkey: EC PARAMETERS, then EC PRIVATE KEY" \
    [ "$(grep -c BEGIN "$tmp/ep.pem")" -eq 2 ]
check "ecparam -genkey: the key is SEC 1's" has "$tmp/ep.pem" "^-----BEGIN EC PRIVATE KEY-----$"
check "ecparam -genkey: mode 0600" [ "$(ls -l "$tmp/ep.pem" | cut -c1-10)" = "-rw-------" ]
b pkey -in "$tmp/ep.pem" -check -noout
check "ecparam's key reads back (after its parameters)" out_is "Key is valid"
b ecparam -name secp521r1 -out "$tmp/par.pem"
b ecparam -in "$tmp/par.pem" -text -noout
check "ecparam -in -text" out_is "$(printf 'EC-Parameters: (521 bit)\nASN1 OID: secp521r1\nNIST CURVE: P-521')"
# A key given where parameters are wanted: named, as pkey names parameters
# given for a key.
b ecparam -in "$tmp/p256.pem" -noout
check "ecparam -in a key: says what it found" one_line_error ecparam \
    "found (EC )?PRIVATE KEY, expected EC PARAMETERS\$"
b ecparam -name P-384 -outform DER -out "$tmp/par.der"
b ecparam -in "$tmp/par.der" -noout -genkey -outform DER -out "$tmp/k384.der"
b pkey -in "$tmp/k384.der" -text -noout
check "ecparam DER in, DER key out" has "$tmp/out" "^NIST CURVE: P-384$"
# genpkey -paramfile: a key on the curve of ecparam's file, PEM or DER
b genpkey -paramfile "$tmp/par.pem" -out "$tmp/gp521.pem"
check "genpkey -paramfile EC" clean_exit
b pkey -in "$tmp/gp521.pem" -text -noout
check "genpkey -paramfile EC: the file's curve" has "$tmp/out" "^NIST CURVE: P-521$"
b genpkey -paramfile "$tmp/par.der" -outform DER -out "$tmp/gp384.der"
check "genpkey -paramfile EC, DER" clean_exit
b pkey -in "$tmp/gp384.der" -text -noout
check "genpkey -paramfile EC, DER: the file's curve" has "$tmp/out" "^NIST CURVE: P-384$"
b ecparam -name P-256 -param_enc explicit -out "$tmp/parx.pem"
b genpkey -paramfile "$tmp/parx.pem" -out "$tmp/gpx.pem"
check "genpkey -paramfile of explicit parameters" clean_exit
b pkey -in "$tmp/gpx.pem" -text -noout
check "genpkey -paramfile explicit: P-256's numbers" has "$tmp/out" "^Field Type: prime-field$"
b genpkey -paramfile "$tmp/par.pem" -pkeyopt ec_paramgen_curve:P-256
check "genpkey -paramfile with a curve -pkeyopt" one_line_error genpkey "gives the curve"
b ecparam -list_curves
check "ecparam -list_curves" lines_are "$tmp/out" 3
for c in prime256v1 secp384r1 secp521r1; do
    b ecparam -name $c -check -noout
    check "ecparam -name $c -check: openssl's line on stderr, nothing on stdout" \
        sh -c "[ $rc -eq 0 ] && [ ! -s '$tmp/out' ] &&
               [ \"\$(cat '$tmp/err')\" = 'checking elliptic curve parameters: ok' ]"
done
b ecparam -in "$tmp/par.der" -check
check "ecparam -in -check writes the parameters too" \
    sh -c "[ $rc -eq 0 ] && grep -q 'BEGIN EC PARAMETERS' '$tmp/out' &&
           grep -q 'parameters: ok' '$tmp/err'"
# prime256v1 with explicit parameters, as openssl 3.0.19 wrote them
# (`openssl ecparam -name prime256v1 -param_enc explicit`).
cat >"$tmp/p256x.pem" <<'EOF'
-----BEGIN EC PARAMETERS-----
MIH3AgEBMCwGByqGSM49AQECIQD/////AAAAAQAAAAAAAAAAAAAAAP//////////
/////zBbBCD/////AAAAAQAAAAAAAAAAAAAAAP///////////////AQgWsY12Ko6
k+ez671VdpiGvGUdBrDMU7D2O848PifSYEsDFQDEnTYIhucEk2pmeOETnSa3gZ9+
kARBBGsX0fLhLEJH+Lzm5WOkQPJ3A32BLeszoPShOUXYmMKWT+NC4v4af5uO5+tK
fA+eFivOM1drMV7Oy7ZAaDe/UfUCIQD/////AAAAAP//////////vOb6racXnoTz
ucrC/GMlUQIBAQ==
-----END EC PARAMETERS-----
EOF
b ecparam -name prime256v1 -param_enc explicit
check "ecparam -param_enc explicit: openssl's ECParameters" cmp -s "$tmp/out" "$tmp/p256x.pem"
b ecparam -name P-521 -param_enc explicit -outform DER -out "$tmp/p521x.der"
check "ecparam -param_enc explicit -outform DER: 455 bytes" \
    [ "$(wc -c <"$tmp/p521x.der")" -eq 455 ]
b ecparam -name P-256 -param_enc named_curve -outform DER
check "ecparam -param_enc named_curve: the OID" [ "$(hex "$tmp/out")" = 06082a8648ce3d030107 ]
b ecparam -name P-256 -param_enc foo
check "ecparam -param_enc foo" one_line_error ecparam "unknown -param_enc 'foo'"
b ecparam -name P-256 -param_enc explicit -genkey -out "$tmp/xk.pem"
check "ecparam -param_enc explicit -genkey" clean_exit
check "ecparam -param_enc explicit -genkey: the explicit parameters first" \
    sh -c "head -8 '$tmp/xk.pem' | cmp -s - '$tmp/p256x.pem'"
b pkey -in "$tmp/xk.pem" -check -noout
check "an explicit-parameter key reads back" out_is "Key is valid"
b pkey -in "$tmp/xk.pem" -text -noout
check "pkey -text of an explicit key: the field" has "$tmp/out" "^Field Type: prime-field$"
check "pkey -text of an explicit key: the seed" has "$tmp/out" "^    b7:81:9f:7e:90$"
b pkey -in "$tmp/xk.pem" -pubout -outform DER
check "pkey -pubout keeps explicit parameters" \
    sh -c "od -An -v -tx1 '$tmp/out' | tr -d ' \n' | grep -q 06072a8648ce3d0101"
b ecparam -in "$tmp/p256x.pem"
check "ecparam -in explicit writes them back explicit" cmp -s "$tmp/out" "$tmp/p256x.pem"
b ecparam -in "$tmp/p256x.pem" -param_enc named_curve -outform DER
check "ecparam -in explicit -param_enc named_curve: the OID" \
    [ "$(hex "$tmp/out")" = 06082a8648ce3d030107 ]
b ecparam -in "$tmp/p256x.pem" -outform DER -out "$tmp/p256x.der"
b ecparam -in "$tmp/p256x.der" -text -noout
check "ecparam -in explicit DER -text" \
    sh -c "[ $rc -eq 0 ] && head -3 '$tmp/out' | tr '\n' '|' |
           grep -qx 'EC-Parameters: (256 bit)|Field Type: prime-field|Prime:|'"
b ecparam -name P-521 -param_enc explicit -text -noout
check "ecparam -param_enc explicit -text: P-521's cofactor and order" \
    sh -c "[ $rc -eq 0 ] && grep -qx 'Cofactor:  1 (0x1)' '$tmp/out' &&
           grep -qx '    01:ff:ff:ff:ff:ff:ff:ff:ff:ff:ff:ff:ff:ff:ff:' '$tmp/out'"
# P-256's explicit parameters with b's last byte changed (4b to 4a): a
# curve brisk does not have, and a secp256k1 key (SEC 1, its OID)
unhex "$(hex "$tmp/p256x.der" | sed 's/3e27d2604b/3e27d2604a/')" >"$tmp/other.der"
b ecparam -in "$tmp/other.der"
check "ecparam -in explicit parameters of another curve" \
    one_line_error ecparam "an elliptic curve brisk does not have"
unhex "30330201010420$(printf '%064x' 7)a00706052b8104000aa103030100" >"$tmp/k1.der"
b pkey -in "$tmp/k1.der" -noout
check "pkey of a secp256k1 key" one_line_error pkey "a curve brisk does not have"
b ecparam -name foo
check "ecparam -name foo" one_line_error ecparam "unknown curve 'foo'"
b ecparam -in "$tmp/alice.pem"
check "ecparam -in a key file" one_line_error ecparam "cannot read EC parameters"

# ---- PKCS#8 v2 (RFC 5958 OneAsymmetricKey, version 1, [1] publicKey) ----
# RFC 8410 section 10.3's example: an Ed25519 key of v2 with an attribute
# and the public key, which is section 10.1's.
cat >"$tmp/rfc8410v2.pem" <<'EOF'
-----BEGIN PRIVATE KEY-----
MHICAQEwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC
oB8wHQYKKoZIhvcNAQkJFDEPDA1DdXJkbGUgQ2hhaXJzgSEAGb9ECWmEzf6FQbrB
Z9w7lshQhqowtrbLDFw4rXAxZuE=
-----END PRIVATE KEY-----
EOF
b pkey -in "$tmp/rfc8410v2.pem" -pubout
check "RFC 8410 10.3's v2 key: 10.1's public key" \
    out_is "$(printf '%s\n' '-----BEGIN PUBLIC KEY-----' \
        'MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=' \
        '-----END PUBLIC KEY-----')"
b pkey -in "$tmp/rfc8410v2.pem"
check "a v2 key is written back as openssl writes it (v1)" \
    out_is "$(printf '%s\n' '-----BEGIN PRIVATE KEY-----' \
        'MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC' \
        '-----END PRIVATE KEY-----')"
# der_len N: a DER length of N bytes (below 256) in hex.
der_len() { if [ "$1" -lt 128 ]; then printf '%02x' "$1"; else printf '81%02x' "$1"; fi; }
# v2_of V1_DER PUB_HEX: the v2 form of a v1 PKCS#8 key with that public
# key: version 1, the same algorithm and privateKey, then [1] publicKey.
v2_of() {
    v2_rest=$(hex_of <"$1" | sed 's/^30[0-9a-f][0-9a-f]020100//; s/^3081[0-9a-f][0-9a-f]020100//')
    v2_body="020101${v2_rest}81$(der_len $((${#2} / 2 + 1)))00$2"
    unhex "30$(der_len $((${#v2_body} / 2)))$v2_body"
}
for k in ed25519 ed448 alice alice448; do
    b pkey -in "$tmp/$k.pem" -outform DER -out "$tmp/v1.der"
    b pkey -in "$tmp/$k.pem" -pubout -outform DER -out "$tmp/pub.der"
    n=$(($(wc -c <"$tmp/v1.der") - 16))     # the key's length (public and private alike)
    pub=$(hex_of <"$tmp/pub.der" | sed 's/^.*\(.\{'$((2 * n))'\}\)$/\1/')
    v2_of "$tmp/v1.der" "$pub" >"$tmp/v2.der"
    b pkey -in "$tmp/v2.der" -inform DER -outform DER
    check "$k: a v2 key with its public key reads as the v1 key" cmp -s "$tmp/out" "$tmp/v1.der"
    bad=$(printf '%s' "$pub" | sed 's/.$/0/')
    [ "$bad" = "$pub" ] && bad=$(printf '%s' "$pub" | sed 's/.$/1/')
    v2_of "$tmp/v1.der" "$bad" >"$tmp/v2bad.der"
    b pkey -in "$tmp/v2bad.der" -inform DER
    check "$k: a v2 key whose public key is another's: one error line" \
        one_line_error pkey "not the private key's"
done
v2_of "$tmp/v1.der" "00" >"$tmp/v2short.der"
b pkey -in "$tmp/v2short.der" -inform DER
check "a v2 key with a public key of the wrong length: one error line" one_line_error pkey
b pkey -in "$tmp/ecP-256.pem" -outform DER -out "$tmp/ecv1.der"
v2_of "$tmp/ecv1.der" "00" >"$tmp/ecv2.der"
b pkey -in "$tmp/ecv2.der" -inform DER
check "an EC key with an RFC 5958 publicKey: one error line" one_line_error pkey

# ---- pkeyutl -encrypt, -decrypt and -verifyrecover (RSA) ----
# Round trips with each padding, then the bad inputs; the comparisons with
# openssl are in the HAVE_OPENSSL part at the end.
b genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out "$tmp/e1k.pem"
b pkey -in "$tmp/e1k.pem" -pubout -out "$tmp/e1k.pub"
E="-inkey $tmp/e1k.pem" EP="-pubin -inkey $tmp/e1k.pub"
printf 'a key to wrap, 32 bytes of it...' >"$tmp/pt"
OAEP256="-pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256 -pkeyopt rsa_mgf1_md:sha1"
LABEL="-pkeyopt rsa_oaep_label:00FFab"
for pad in "" "-pkeyopt rsa_padding_mode:pkcs1" "-pkeyopt rsa_padding_mode:oaep" \
           "$OAEP256" "$OAEP256 $LABEL"; do
    b pkeyutl -encrypt $EP -in "$tmp/pt" $pad -out "$tmp/ct"
    check "encrypt ${pad:-(default)}: one block" [ "$rc" -eq 0 ] && [ "$(wc -c <"$tmp/ct")" -eq 128 ]
    b pkeyutl -decrypt $E -in "$tmp/ct" $pad -out "$tmp/back"
    check "decrypt ${pad:-(default)}: the plaintext" \
        sh -c "[ $rc -eq 0 ] && cmp -s '$tmp/back' '$tmp/pt'"
done
b pkeyutl -encrypt $E -in "$tmp/pt" -out "$tmp/ct"
check "encrypt with a private key (its public half)" clean_exit
b pkeyutl -decrypt $E -in "$tmp/ct" -pkeyopt rsa_padding_mode:oaep
check "decrypt PKCS#1 v1.5 as OAEP" one_line_error pkeyutl "does not decrypt with this key"
b pkeyutl -encrypt $EP -in "$tmp/pt" $OAEP256 $LABEL -out "$tmp/ct"
b pkeyutl -decrypt $E -in "$tmp/ct" $OAEP256 -pkeyopt rsa_oaep_label:00ffac
check "decrypt OAEP with another label" one_line_error pkeyutl "OAEP digest or label"
b pkeyutl -decrypt $E -in "$tmp/ct" -pkeyopt rsa_padding_mode:oaep $LABEL
check "decrypt OAEP with another digest" one_line_error pkeyutl "does not decrypt"
head -c 127 "$tmp/ct" >"$tmp/ct127"
b pkeyutl -decrypt $E -in "$tmp/ct127"
check "decrypt a truncated ciphertext" one_line_error pkeyutl "must be the key's length, 128"
head -c 128 /dev/zero | tr '\0' '\377' >"$tmp/ff128"
b pkeyutl -decrypt $E -in "$tmp/ff128"
check "decrypt a ciphertext above n" one_line_error pkeyutl "not below the key's modulus"
head -c 118 /dev/zero >"$tmp/z118"
b pkeyutl -encrypt $EP -in "$tmp/z118"
check "encrypt 118 bytes with PKCS#1 v1.5" one_line_error pkeyutl "at most 117"
b pkeyutl -encrypt $EP -in "$tmp/pt" -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha512
check "OAEP SHA-512 on 1024 bits" one_line_error pkeyutl "too small for OAEP with sha512"
b pkeyutl -encrypt $EP -in "$tmp/pt" -pkeyopt rsa_padding_mode:none
check "padding none with a short input" one_line_error pkeyutl "must be the key's length"
b pkeyutl -encrypt $EP -in "$tmp/ff128" -pkeyopt rsa_padding_mode:none
check "padding none with an input above n" one_line_error pkeyutl "below the modulus"
head -c 128 /dev/zero >"$tmp/z128"
printf '\001' | dd of="$tmp/z128" bs=1 seek=127 conv=notrunc 2>/dev/null
b pkeyutl -encrypt $EP -in "$tmp/z128" -pkeyopt rsa_padding_mode:none -out "$tmp/cn"
b pkeyutl -decrypt $E -in "$tmp/cn" -pkeyopt rsa_padding_mode:none -out "$tmp/bn"
check "padding none: the block back" sh -c "[ $rc -eq 0 ] && cmp -s '$tmp/bn' '$tmp/z128'"
check "padding none: 1^e = 1" cmp -s "$tmp/cn" "$tmp/z128"
b pkeyutl -decrypt $EP -in "$tmp/ct"
check "decrypt with a public key" one_line_error pkeyutl "needs a private key"
b pkeyutl -encrypt -inkey "$tmp/ecP-256.pem" -in "$tmp/pt"
check "encrypt with an EC key" one_line_error pkeyutl "cannot -encrypt \(RSA keys can\)"
b pkeyutl -encrypt $EP -in "$tmp/pt" -pkeyopt rsa_padding_mode:pss
check "encrypt with PSS" one_line_error pkeyutl "is for -sign and -verify"
b pkeyutl -encrypt $EP -in "$tmp/pt" -pkeyopt rsa_oaep_md:sha256
check "rsa_oaep_md without OAEP" one_line_error pkeyutl "needs -pkeyopt rsa_padding_mode:oaep"
b pkeyutl -encrypt $EP -in "$tmp/pt" -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_label:abc
check "an odd-length label" one_line_error pkeyutl "label in hex"
b pkeyutl -encrypt $EP -in "$tmp/pt" -pkeyopt digest:sha256
check "encrypt with -pkeyopt digest" one_line_error pkeyutl "for signatures"
b pkeyutl -encrypt $EP -in "$tmp/pt" -rawin
check "encrypt with -rawin" one_line_error pkeyutl "-rawin is for -sign and -verify"
b pkeyutl -encrypt $EP -in "$tmp/pt" -pkeyopt instance:Ed25519ctx
check "encrypt with an EdDSA instance" one_line_error pkeyutl "is for -sign and -verify"
b pkeyutl -encrypt -decrypt $E -in "$tmp/pt"
check "encrypt and decrypt at once" one_line_error pkeyutl "only one of"
printf 'x' | b pkeyutl -encrypt $EP -hexdump
check "encrypt -hexdump: eight rows" lines_are "$tmp/out" 8
# -verifyrecover: a PKCS#1 v1.5 signature made with and without a digest
printf 'fedcba9876543210fedcba9876543210' >"$tmp/e32"
b pkeyutl -sign $E -in "$tmp/e32" -pkeyopt digest:sha256 -out "$tmp/sr"
b pkeyutl -verifyrecover $EP -in "$tmp/sr" -pkeyopt digest:sha256 -out "$tmp/rec"
check "verifyrecover with the digest: the digest" \
    sh -c "[ $rc -eq 0 ] && cmp -s '$tmp/rec' '$tmp/e32'"
b pkeyutl -verifyrecover $EP -in "$tmp/sr" -out "$tmp/rec"
check "verifyrecover without a digest: DigestInfo and digest" \
    sh -c "[ $rc -eq 0 ] && [ \$(wc -c <'$tmp/rec') -eq 51 ]"
b pkeyutl -verifyrecover $EP -in "$tmp/sr" -pkeyopt digest:sha384
check "verifyrecover with another digest" one_line_error pkeyutl "not a PKCS#1 v1.5 signature"
b pkeyutl -sign $E -in "$tmp/pt" -out "$tmp/sr"
b pkeyutl -verifyrecover $E -in "$tmp/sr" -out "$tmp/rec"
check "verifyrecover of a raw PKCS#1 v1.5 signature: the input" \
    sh -c "[ $rc -eq 0 ] && cmp -s '$tmp/rec' '$tmp/pt'"
b pkeyutl -verifyrecover $EP -in "$tmp/sr" -pkeyopt digest:md4
check "verifyrecover over a digest without DigestInfo" one_line_error pkeyutl \
    "no DigestInfo for it"
b pkeyutl -verifyrecover $EP -in "$tmp/ct"
check "verifyrecover of a ciphertext" one_line_error pkeyutl "not a PKCS#1 v1.5 signature"
# rsa_padding_mode:none signs the block itself and verifies it
b pkeyutl -sign $E -in "$tmp/z128" -pkeyopt rsa_padding_mode:none -out "$tmp/sn"
b pkeyutl -verify $EP -in "$tmp/z128" -sigfile "$tmp/sn" -pkeyopt rsa_padding_mode:none
check "padding none: sign and verify" out_is "Signature Verified Successfully"
b pkeyutl -verifyrecover $EP -in "$tmp/sn" -pkeyopt rsa_padding_mode:none -out "$tmp/rec"
check "padding none: verifyrecover gives the block" \
    sh -c "[ $rc -eq 0 ] && cmp -s '$tmp/rec' '$tmp/z128'"

# ---- pkeyutl -hexdump, -pkeyopt, RSA and DSA keys ----
# -hexdump's text is what openssl 3.0.19 printed for the same outputs
# (`openssl pkeyutl ... -hexdump`): RFC 7748 6.1's secret (two whole rows)
# and the RFC 8032 7.4 Blank key's Ed448 signature of msg0 (114 bytes: a
# short last row).
cat >"$tmp/hd_x25519" <<'EOF'
0000 - 4a 5d 9d 5b a4 ce 2d e1-72 8e 3b f4 80 35 0f 25   J].[..-.r.;..5.%
0010 - e0 7e 21 c9 47 d1 9e 33-76 f0 9b 3c 1e 16 17 42   .~!.G..3v..<...B
EOF
cat >"$tmp/hd_ed448" <<'EOF'
0000 - d0 e1 4c 6b 3a 38 ab 53-90 04 70 4d ac 10 71 7a   ..Lk:8.S..pM..qz
0010 - 96 33 91 83 9d 4b 73 9f-e2 b3 0d 4c 61 8d 33 f8   .3...Ks....La.3.
0020 - 9e 83 45 54 13 5a a9 16-40 60 6c 61 a0 9d 2e 68   ..ET.Z..@`la...h
0030 - d7 e1 20 3a 7e 01 ac 3b-00 b0 27 b8 00 0b 8a 87   .. :~..;..'.....
0040 - e5 1d 48 e7 9c a5 0f 82-db 1e fa c9 e1 2c 39 48   ..H..........,9H
0050 - 76 ad cd c7 dc 16 30 2b-1c 8e 5e 6c 5c 46 b3 49   v.....0+..^l\F.I
0060 - fc 07 c2 19 62 b1 94 4d-73 9a 84 f3 b9 81 fe 5e   ....b..Ms......^
0070 - 2d 00                                             -.
EOF
b pkeyutl -derive -inkey "$tmp/alice.pem" -peerkey "$tmp/bob.pub" -hexdump
check "derive -hexdump: openssl's BIO_dump text" cmp -s "$tmp/out" "$tmp/hd_x25519"
b pkeyutl -sign -rawin -inkey "$tmp/ed448.pem" -in "$tmp/msg0" -hexdump -out "$tmp/hd"
check "sign -hexdump -out: a short last row as openssl's" cmp -s "$tmp/hd" "$tmp/hd_ed448"
b pkeyutl -verify -rawin -inkey "$tmp/ed448.pem" -in "$tmp/msg0" -sigfile "$tmp/e2.sig" -hexdump
check "verify -hexdump: one error line" one_line_error pkeyutl "-hexdump"

b genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out "$tmp/r1k.pem"
b pkey -in "$tmp/r1k.pem" -pubout -out "$tmp/r1k.pub"
# Every load of a DSA key checks its group (p and q prime by FIPS 186-4
# Table C.1's rounds), about 10 s a command for 2048 bits under qemu-i386;
# under an emulator, where openssl is not compared, 1024 bits serve.
dsa_bits=2048
[ -n "$RUN" ] && dsa_bits=1024
b dsaparam -out "$tmp/dsa.pem" -genkey $dsa_bits
b pkey -in "$tmp/dsa.pem" -out "$tmp/dsak.pem"
b pkey -in "$tmp/dsa.pem" -pubout -out "$tmp/dsa.pub"
check "an RSA and a DSA key" [ -s "$tmp/r1k.pub" ] && [ -s "$tmp/dsa.pub" ]
printf '0123456789abcdef0123456789abcdef' >"$tmp/d32"
printf 'fedcba9876543210fedcba9876543210' >"$tmp/d32x"
# sign_verify NAME SIGN_ARGS VERIFY_ARGS: signs d32 (msg0 with -rawin)
# with the private key, verifies with the public one, and checks that
# another input fails.  The arguments are word-split on purpose.
sign_verify() {
    in="$tmp/d32" other="$tmp/d32x"
    case "$2" in *-rawin*) in="$tmp/msg0" other="$tmp/empty" ;; esac
    b pkeyutl -sign $2 -in "$in" -out "$tmp/sv.sig"
    check "$1: -sign" clean_exit
    b pkeyutl -verify $3 -in "$in" -sigfile "$tmp/sv.sig"
    check "$1: -verify" out_is "Signature Verified Successfully"
    b pkeyutl -verify $3 -in "$other" -sigfile "$tmp/sv.sig"
    check "$1: another input fails" \
        sh -c "[ $rc -eq 1 ] && grep -q 'Signature Verification Failure' '$tmp/out'"
}
R="-inkey $tmp/r1k.pem" RP="-pubin -inkey $tmp/r1k.pub"
sign_verify "RSA PKCS#1 v1.5, digest:sha256" "$R -pkeyopt digest:sha256" \
    "$RP -pkeyopt digest:sha256"
sign_verify "RSA without a digest" "$R" "$RP"
sign_verify "RSA -rawin -digest sha384" "$R -rawin -digest sha384" "$RP -rawin -digest sha384"
sign_verify "RSA PSS, digest:sha256" "$R -pkeyopt rsa_padding_mode:pss -pkeyopt digest:sha256" \
    "$RP -pkeyopt digest:sha256 -pkeyopt rsa_padding_mode:pss"
sign_verify "RSA PSS -rawin, salt 20, MGF1 sha1" \
    "$R -rawin -pkeyopt rsa_padding_mode:pss -pkeyopt rsa_pss_saltlen:20 -pkeyopt rsa_mgf1_md:sha1" \
    "$RP -rawin -pkeyopt rsa_padding_mode:pss -pkeyopt rsa_pss_saltlen:20 -pkeyopt rsa_mgf1_md:sha1"
D="-inkey $tmp/dsak.pem" DP="-pubin -inkey $tmp/dsa.pub"
sign_verify "DSA, a 32-byte digest" "$D" "$DP"
sign_verify "DSA, digest:sha256" "$D -pkeyopt digest:sha256" "$DP -pkeyopt digest:sha256"
sign_verify "DSA -rawin" "$D -rawin" "$DP -rawin"
b pkeyutl -sign $R -in "$tmp/d32" -pkeyopt digest:sha256 -out "$tmp/p1"
b pkeyutl -sign $R -in "$tmp/d32" -pkeyopt digest:sha256 -out "$tmp/p2"
check "RSA PKCS#1 v1.5 is deterministic" cmp -s "$tmp/p1" "$tmp/p2"
b pkeyutl -verify $RP -in "$tmp/d32" -sigfile "$tmp/p1"
check "a digest signature is no raw one" [ "$rc" -eq 1 ]
b pkeyutl -verify $RP -in "$tmp/d32" -pkeyopt digest:sha256 -pkeyopt rsa_padding_mode:pss \
    -sigfile "$tmp/p1"
check "a PKCS#1 v1.5 signature is no PSS one" [ "$rc" -eq 1 ]
b pkeyutl -verify $RP -in "$tmp/d32" -pkeyopt digest:sha256 -sigfile "$tmp/msg0"
check "a signature of the wrong length fails" [ "$rc" -eq 1 ]
b pkeyutl -sign $R -in "$tmp/msg0" -pkeyopt digest:sha256
check "digest:sha256 with a 10-byte input" one_line_error pkeyutl "not a sha256 digest"
b pkeyutl -sign $R -in "$tmp/d32" -pkeyopt rsa_padding_mode:pss
check "PSS without a digest" one_line_error pkeyutl "needs the input's digest"
head -c 200 /dev/zero >"$tmp/z200"
b pkeyutl -sign $R -in "$tmp/z200"
check "RSA raw input too long" one_line_error pkeyutl "signs at most 117"
b pkeyutl -sign $D -in "$tmp/msg0"
check "DSA: an input of no digest's length" one_line_error pkeyutl "not a digest"
b pkeyutl -sign $D -in "$tmp/d32" -pkeyopt rsa_padding_mode:pss
check "an rsa_ option with a DSA key" one_line_error pkeyutl "needs an RSA key"
b pkeyutl -sign $R -in "$tmp/d32" -pkeyopt foo:bar
check "an unknown -pkeyopt" one_line_error pkeyutl "unknown -pkeyopt 'foo:bar'"
b pkeyutl -sign $R -in "$tmp/d32" -pkeyopt digest:nope
check "an unknown digest in -pkeyopt" one_line_error pkeyutl "unknown digest 'nope'"
b pkeyutl -sign $R -in "$tmp/d32" -pkeyopt rsa_padding_mode:x931
check "an unknown padding" one_line_error pkeyutl "unknown padding"
b pkeyutl -sign $R -in "$tmp/d32" -pkeyopt rsa_padding_mode:oaep
check "OAEP to sign" one_line_error pkeyutl "is for -encrypt and -decrypt"
b pkeyutl -sign $R -rawin -pkeyopt digest:sha256 -in "$tmp/d32"
check "-rawin with -pkeyopt digest" one_line_error pkeyutl "-digest"
b pkeyutl -derive -inkey "$tmp/alice.pem" -peerkey "$tmp/bob.pub" -pkeyopt digest:sha256
check "-pkeyopt with -derive" one_line_error pkeyutl "not for -derive"
b pkeyutl -sign -inkey "$tmp/ed25519.pem" -pkeyopt digest:sha256 -in "$tmp/msg0"
check "Ed25519 with -pkeyopt digest" one_line_error pkeyutl "drop -pkeyopt digest"
b pkeyutl -sign -inkey "$tmp/alice.pem" -in "$tmp/d32"
check "X25519 -sign" one_line_error pkeyutl "cannot -sign"
head -c 16 "$tmp/d32" >"$tmp/d16"
b pkeyutl -sign $R -in "$tmp/d16" -pkeyopt digest:md4
check "RSA PKCS#1 v1.5 with md4" one_line_error pkeyutl "no DigestInfo for md4"

# ---- against openssl ----
if [ "$HAVE_OPENSSL" = 1 ]; then
    openssl genpkey -algorithm X25519 -out "$tmp/o1.pem" 2>/dev/null
    openssl pkey -in "$tmp/o1.pem" -outform DER -out "$tmp/o1.der" 2>/dev/null
    openssl pkey -in "$tmp/o1.pem" -pubout -out "$tmp/o1.pub" 2>/dev/null
    openssl pkey -in "$tmp/o1.pem" -text -noout >"$tmp/o1.txt" 2>/dev/null
    openssl pkey -pubin -in "$tmp/o1.pub" -text_pub -noout >"$tmp/o1p.txt" 2>/dev/null
    b pkey -in "$tmp/o1.pem"
    check "openssl's X25519 key re-encoded byte for byte" cmp -s "$tmp/out" "$tmp/o1.pem"
    b pkey -in "$tmp/o1.pem" -outform DER
    check "openssl's X25519 key in DER as openssl writes it" cmp -s "$tmp/out" "$tmp/o1.der"
    b pkey -in "$tmp/o1.pem" -pubout
    check "X25519 -pubout as openssl's" cmp -s "$tmp/out" "$tmp/o1.pub"
    b pkey -in "$tmp/o1.pem" -text -noout
    check "X25519 -text as openssl's" cmp -s "$tmp/out" "$tmp/o1.txt"
    b pkey -in "$tmp/o1.pub" -text_pub -noout
    check "X25519 public -text_pub as openssl's" cmp -s "$tmp/out" "$tmp/o1p.txt"
    check "openssl reads brisk's X25519 key" quiet openssl pkey -in "$tmp/k1.pem" -noout
    check "openssl reads brisk's encrypted X25519 key" \
        quiet openssl pkey -in "$tmp/k3.pem" -passin pass:secret -noout
    openssl pkey -in "$tmp/k1.pem" -pubout -out "$tmp/k1o.pub" 2>/dev/null
    b pkey -in "$tmp/k1.pem" -pubout
    check "openssl and brisk agree on k1's public key" cmp -s "$tmp/out" "$tmp/k1o.pub"
    openssl pkeyutl -derive -inkey "$tmp/o1.pem" -peerkey "$tmp/k2.pub" -out "$tmp/so" 2>/dev/null
    b pkeyutl -derive -inkey "$tmp/k2.der" -peerkey "$tmp/o1.pub" -out "$tmp/sb"
    check "brisk and openssl derive one X25519 secret" cmp -s "$tmp/so" "$tmp/sb"
    for a in X448 ED25519 ED448; do
        openssl genpkey -algorithm $a -out "$tmp/o$a.pem" 2>/dev/null
        openssl pkey -in "$tmp/o$a.pem" -pubout -out "$tmp/o$a.pub" 2>/dev/null
        openssl pkey -in "$tmp/o$a.pem" -outform DER -out "$tmp/o$a.der" 2>/dev/null
        openssl pkey -in "$tmp/o$a.pem" -text -noout >"$tmp/o.txt" 2>/dev/null
        b pkey -in "$tmp/o$a.pem"
        check "openssl's $a key re-encoded byte for byte" cmp -s "$tmp/out" "$tmp/o$a.pem"
        b pkey -in "$tmp/o$a.pem" -outform DER
        check "openssl's $a key in DER as openssl writes it" cmp -s "$tmp/out" "$tmp/o$a.der"
        b pkey -in "$tmp/o$a.pem" -pubout
        check "$a -pubout as openssl's" cmp -s "$tmp/out" "$tmp/o$a.pub"
        b pkey -in "$tmp/o$a.pem" -text -noout
        check "$a -text as openssl's" cmp -s "$tmp/out" "$tmp/o.txt"
        check "openssl reads brisk's $a key" quiet openssl pkey -in "$tmp/g$a.pem" -noout
    done
    openssl pkey -in "$tmp/gX448.pem" -pubout -out "$tmp/gX448o.pub" 2>/dev/null
    openssl pkeyutl -derive -inkey "$tmp/oX448.pem" -peerkey "$tmp/gX448o.pub" -out "$tmp/so" 2>/dev/null
    b pkeyutl -derive -inkey "$tmp/gX448.pem" -peerkey "$tmp/oX448.pub" -out "$tmp/sb"
    check "brisk and openssl derive one X448 secret" cmp -s "$tmp/so" "$tmp/sb"
    for a in ED25519 ED448; do
        openssl pkeyutl -sign -rawin -inkey "$tmp/o$a.pem" -in "$tmp/msg0" -out "$tmp/os" 2>/dev/null
        b pkeyutl -sign -rawin -inkey "$tmp/o$a.pem" -in "$tmp/msg0" -out "$tmp/bs"
        check "$a: brisk's signature is openssl's, byte for byte" cmp -s "$tmp/os" "$tmp/bs"
        b pkeyutl -sign -rawin -inkey "$tmp/g$a.pem" -in "$tmp/msg0" -out "$tmp/bs"
        openssl pkey -in "$tmp/g$a.pem" -pubout -out "$tmp/g$a.pub" 2>/dev/null
        check "openssl verifies brisk's $a signature" \
            quiet openssl pkeyutl -verify -rawin -pubin -inkey "$tmp/g$a.pub" -in "$tmp/msg0" \
            -sigfile "$tmp/bs"
    done
    for c in P-256 P-384 P-521; do
        openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:$c -out "$tmp/o$c.pem" 2>/dev/null
        openssl pkey -in "$tmp/o$c.pem" -pubout -out "$tmp/o$c.pub" 2>/dev/null
        b pkey -in "$tmp/o$c.pem"
        check "openssl's $c key re-encoded byte for byte" cmp -s "$tmp/out" "$tmp/o$c.pem"
        openssl pkey -in "$tmp/o$c.pem" -outform DER -out "$tmp/o$c.der" 2>/dev/null
        b pkey -in "$tmp/o$c.pem" -outform DER
        check "openssl's $c key in DER (SEC 1) as openssl writes it" \
            cmp -s "$tmp/out" "$tmp/o$c.der"
        openssl pkey -in "$tmp/o$c.pem" -text -noout >"$tmp/o.txt" 2>/dev/null
        b pkey -in "$tmp/o$c.pem" -text -noout
        check "$c -text as openssl's" cmp -s "$tmp/out" "$tmp/o.txt"
        check "openssl checks brisk's $c key" quiet openssl pkey -in "$tmp/ec$c.pem" -check -noout
        openssl pkeyutl -derive -inkey "$tmp/o$c.pem" -peerkey "$tmp/ec$c.pub" \
            -out "$tmp/so" 2>/dev/null
        b pkeyutl -derive -inkey "$tmp/ec$c.pem" -peerkey "$tmp/o$c.pub" -out "$tmp/sb"
        check "brisk and openssl derive one $c secret" cmp -s "$tmp/so" "$tmp/sb"
        b dgst -sha256 -sign "$tmp/ec$c.pem" -out "$tmp/bs" "$tmp/msg"
        check "openssl verifies brisk's $c signature" \
            quiet openssl dgst -sha256 -verify "$tmp/ec$c.pub" -signature "$tmp/bs" "$tmp/msg"
        openssl dgst -sha256 -sign "$tmp/o$c.pem" -out "$tmp/os" "$tmp/msg" 2>/dev/null
        b dgst -sha256 -verify "$tmp/o$c.pub" -signature "$tmp/os" "$tmp/msg"
        check "brisk verifies openssl's $c signature" out_is "Verified OK"
    done
    # pkeyutl with RSA and DSA keys, both ways
    for opts in "-pkeyopt digest:sha256" "" "-rawin -digest sha512"; do
        in="$tmp/d32"
        case "$opts" in *-rawin*) in="$tmp/msg0" ;; esac
        openssl pkeyutl -sign -inkey "$tmp/r1k.pem" -in "$in" $opts -out "$tmp/os" 2>/dev/null
        b pkeyutl -sign -inkey "$tmp/r1k.pem" -in "$in" $opts -out "$tmp/bs"
        check "RSA pkeyutl -sign ${opts:-(raw)}: openssl's signature, byte for byte" \
            cmp -s "$tmp/os" "$tmp/bs"
        b pkeyutl -verify -pubin -inkey "$tmp/r1k.pub" -in "$in" $opts -sigfile "$tmp/os"
        check "RSA ${opts:-(raw)}: brisk verifies openssl's signature" \
            out_is "Signature Verified Successfully"
        check "RSA ${opts:-(raw)}: openssl verifies brisk's signature" \
            quiet openssl pkeyutl -verify -pubin -inkey "$tmp/r1k.pub" -in "$in" $opts \
            -sigfile "$tmp/bs"
    done
    # RSA encryption both ways, and -verifyrecover's output as openssl's
    for pad in "" "-pkeyopt rsa_padding_mode:oaep" "$OAEP256" "$OAEP256 $LABEL" \
               "-pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha512 -pkeyopt rsa_mgf1_md:sha384"; do
        key="$tmp/e1k"
        case "$pad" in *sha512*) key="$tmp/r2k" ;; esac
        [ -f "$key.pem" ] || { openssl genrsa -out "$key.pem" 2048 2>/dev/null &&
                               openssl rsa -in "$key.pem" -pubout -out "$key.pub" 2>/dev/null; }
        b pkeyutl -encrypt -pubin -inkey "$key.pub" -in "$tmp/pt" $pad -out "$tmp/ct"
        check "openssl decrypts brisk's ${pad:-PKCS#1 v1.5}" \
            sh -c "openssl pkeyutl -decrypt -inkey '$key.pem' -in '$tmp/ct' $pad 2>/dev/null |
                   cmp -s - '$tmp/pt'"
        openssl pkeyutl -encrypt -pubin -inkey "$key.pub" -in "$tmp/pt" $pad -out "$tmp/oct" \
            2>/dev/null
        b pkeyutl -decrypt -inkey "$key.pem" -in "$tmp/oct" $pad -out "$tmp/back"
        check "brisk decrypts openssl's ${pad:-PKCS#1 v1.5}" \
            sh -c "[ $rc -eq 0 ] && cmp -s '$tmp/back' '$tmp/pt'"
    done
    openssl pkeyutl -encrypt -pubin -inkey "$tmp/e1k.pub" -in "$tmp/z128" \
        -pkeyopt rsa_padding_mode:none -out "$tmp/oct" 2>/dev/null
    b pkeyutl -encrypt $EP -in "$tmp/z128" -pkeyopt rsa_padding_mode:none
    check "padding none: openssl's ciphertext" cmp -s "$tmp/out" "$tmp/oct"
    openssl pkeyutl -sign -inkey "$tmp/e1k.pem" -in "$tmp/d32" -pkeyopt digest:sha256 \
        -out "$tmp/osr" 2>/dev/null
    for o in "" "-pkeyopt digest:sha256" "-pkeyopt rsa_padding_mode:none" "-hexdump"; do
        openssl pkeyutl -verifyrecover -pubin -inkey "$tmp/e1k.pub" -in "$tmp/osr" $o \
            -out "$tmp/orec" 2>/dev/null
        b pkeyutl -verifyrecover $EP -in "$tmp/osr" $o
        check "verifyrecover ${o:-(no digest)}: openssl's output" cmp -s "$tmp/out" "$tmp/orec"
    done
    pss="-pkeyopt digest:sha256 -pkeyopt rsa_padding_mode:pss"
    openssl pkeyutl -sign -inkey "$tmp/r1k.pem" -in "$tmp/d32" $pss -out "$tmp/os" 2>/dev/null
    b pkeyutl -verify -pubin -inkey "$tmp/r1k.pub" -in "$tmp/d32" $pss -sigfile "$tmp/os"
    check "RSA PSS: brisk verifies openssl's signature" out_is "Signature Verified Successfully"
    b pkeyutl -sign -inkey "$tmp/r1k.pem" -in "$tmp/d32" $pss -out "$tmp/bs"
    check "RSA PSS: openssl verifies brisk's signature" \
        quiet openssl pkeyutl -verify -pubin -inkey "$tmp/r1k.pub" -in "$tmp/d32" $pss \
        -sigfile "$tmp/bs"
    for opts in "" "-pkeyopt digest:sha256"; do
        openssl pkeyutl -sign -inkey "$tmp/dsak.pem" -in "$tmp/d32" $opts -out "$tmp/os" \
            2>/dev/null
        b pkeyutl -verify -pubin -inkey "$tmp/dsa.pub" -in "$tmp/d32" $opts -sigfile "$tmp/os"
        check "DSA ${opts:-(no digest)}: brisk verifies openssl's signature" \
            out_is "Signature Verified Successfully"
        b pkeyutl -sign -inkey "$tmp/dsak.pem" -in "$tmp/d32" $opts -out "$tmp/bs"
        check "DSA ${opts:-(no digest)}: openssl verifies brisk's signature" \
            quiet openssl pkeyutl -verify -pubin -inkey "$tmp/dsa.pub" -in "$tmp/d32" $opts \
            -sigfile "$tmp/bs"
    done
    openssl pkeyutl -sign -rawin -inkey "$tmp/ed448.pem" -in "$tmp/msg0" -hexdump \
        >"$tmp/ohd" 2>/dev/null
    check "sign -hexdump: openssl's text, byte for byte" cmp -s "$tmp/ohd" "$tmp/hd"
    for c in prime256v1 secp384r1 secp521r1; do
        openssl ecparam -name $c -param_enc explicit -outform DER -out "$tmp/ox.der" 2>/dev/null
        b ecparam -name $c -param_enc explicit -outform DER
        check "$c -param_enc explicit: openssl's DER, byte for byte" cmp -s "$tmp/out" "$tmp/ox.der"
        b ecparam -name $c -param_enc explicit -out "$tmp/bx.pem"
        check "openssl checks brisk's explicit $c parameters" \
            quiet openssl ecparam -in "$tmp/bx.pem" -check -noout
    done
    for c in prime256v1 secp384r1 secp521r1; do
        openssl ecparam -name $c -param_enc explicit -text -noout >"$tmp/ox.txt" 2>/dev/null
        b ecparam -name $c -param_enc explicit -text -noout
        check "$c -param_enc explicit -text: openssl's text" cmp -s "$tmp/out" "$tmp/ox.txt"
        openssl ecparam -name $c -param_enc explicit -genkey -noout -out "$tmp/oxk.pem" \
            2>/dev/null
        openssl pkey -in "$tmp/oxk.pem" -text -noout >"$tmp/ox.txt" 2>/dev/null
        b pkey -in "$tmp/oxk.pem" -text -noout
        check "$c: openssl's explicit key, its -text as openssl's" cmp -s "$tmp/out" "$tmp/ox.txt"
        for form in "" "-pubout" "-traditional"; do
            openssl pkey -in "$tmp/oxk.pem" $form -out "$tmp/ox.pem" 2>/dev/null
            b pkey -in "$tmp/oxk.pem" $form
            check "$c: openssl's explicit key, pkey ${form:-(PKCS#8)} as openssl's" \
                cmp -s "$tmp/out" "$tmp/ox.pem"
        done
        openssl pkey -in "$tmp/oxk.pem" -pubout -out "$tmp/oxp.pem" 2>/dev/null
        b dgst -sha256 -sign "$tmp/oxk.pem" -out "$tmp/xs" "$tmp/d32"
        check "$c: openssl verifies brisk's signature with an explicit key" \
            quiet openssl dgst -sha256 -verify "$tmp/oxp.pem" -signature "$tmp/xs" "$tmp/d32"
        b ecparam -name $c -param_enc explicit -genkey -noout -out "$tmp/bxk.pem"
        check "$c: openssl checks brisk's explicit key" \
            quiet openssl pkey -in "$tmp/bxk.pem" -check -noout
    done
    openssl ecparam -name prime256v1 -genkey -out "$tmp/oep.pem" 2>/dev/null
    b pkey -in "$tmp/oep.pem" -check -noout
    check "brisk reads openssl ecparam -genkey's file" out_is "Key is valid"
    check "openssl reads brisk ecparam -genkey's file" \
        quiet openssl ec -in "$tmp/ep.pem" -check -noout
    openssl ecparam -name secp384r1 -text >"$tmp/oparams" 2>/dev/null
    b ecparam -name secp384r1 -text
    check "ecparam -text as openssl's" cmp -s "$tmp/out" "$tmp/oparams"
    # Ed448ph from a pre-hash openssl computes (SHAKE256 to 64 bytes, which
    # brisk dgst lacks): the signature -rawin makes of the message.
    openssl dgst -shake256 -xoflen 64 -binary -out "$tmp/long.ph448" "$tmp/long.msg" 2>/dev/null
    check "openssl dgst -shake256 -xoflen 64: 64 bytes" [ "$(wc -c <"$tmp/long.ph448")" -eq 64 ]
    b pkeyutl -sign -inkey "$tmp/ed448.pem" -in "$tmp/long.ph448" -out "$tmp/lp4.sig" \
        -pkeyopt instance:Ed448ph -pkeyopt context-string:file
    check "Ed448ph: sign openssl's SHAKE256 of a file" clean_exit
    b pkeyutl -sign -rawin -inkey "$tmp/ed448.pem" -in "$tmp/long.msg" -out "$tmp/lm4.sig" \
        -pkeyopt instance:Ed448ph -pkeyopt context-string:file
    check "Ed448ph: the pre-hash's signature is the message's" cmp -s "$tmp/lp4.sig" "$tmp/lm4.sig"
    b pkeyutl -verify -inkey "$tmp/ed448.pub" -pubin -in "$tmp/long.ph448" -sigfile "$tmp/lm4.sig" \
        -pkeyopt instance:Ed448ph -pkeyopt context-string:file
    check "Ed448ph: -rawin's signature verifies from the pre-hash" \
        out_is "Signature Verified Successfully"
    b pkeyutl -verify -rawin -inkey "$tmp/ed448.pub" -pubin -in "$tmp/long.msg" \
        -sigfile "$tmp/lp4.sig" -pkeyopt instance:Ed448ph -pkeyopt context-string:file
    check "Ed448ph: the pre-hash's signature verifies from the message" \
        out_is "Signature Verified Successfully"
    openssl dgst -sha512 -binary -out "$tmp/long.ph512" "$tmp/long.msg" 2>/dev/null
    b pkeyutl -verify -inkey "$tmp/ed448.pub" -pubin -in "$tmp/long.ph512" -sigfile "$tmp/lm4.sig" \
        -pkeyopt instance:Ed448ph -pkeyopt context-string:file
    check "Ed448ph: the SHA-512 in place of the SHAKE256 fails" [ "$rc" -eq 1 ]
    # genpkey -paramfile both ways: openssl's EC parameters to brisk, and
    # brisk's to openssl
    openssl ecparam -name secp384r1 -out "$tmp/opar.pem" 2>/dev/null
    b genpkey -paramfile "$tmp/opar.pem" -out "$tmp/ogk.pem"
    check "genpkey -paramfile on openssl's EC parameters" clean_exit
    check "openssl checks that key" quiet openssl pkey -in "$tmp/ogk.pem" -check -noout
    openssl genpkey -paramfile "$tmp/par.pem" -out "$tmp/bgk.pem" 2>/dev/null
    b pkey -in "$tmp/bgk.pem" -text -noout
    check "openssl genpkey -paramfile on brisk's parameters: P-521" \
        has "$tmp/out" "^NIST CURVE: P-521$"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
