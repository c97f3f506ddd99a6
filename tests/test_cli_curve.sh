#!/bin/sh
# tests/test_cli_curve.sh - end-to-end tests of the elliptic-curve keys
# (issue 31) through `genpkey`, `pkey` and `pkeyutl`.
#
#   sh tests/test_cli_curve.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# Everywhere: RFC 7748 section 6.1's Alice and Bob as PKCS#8 and
# SubjectPublicKeyInfo (RFC 8410) give the RFC's shared secret through
# `pkeyutl -derive`, both ways; keys brisk makes go through `pkey` and back
# unchanged; the bad inputs a user could give (no operation, a public key
# to derive with, keys of two types, a low-order peer key, unknown
# algorithms and options) are one-line errors.  With `openssl` on PATH and
# no emulator: keys made by each tool are read by the other, re-encoded
# byte for byte (PEM, DER, -pubout, -text), and both derive the same
# secret from them.  Prints "N passed, N failed" last; exits non-zero if
# any check failed.

. "$(dirname "$0")/cli_lib.sh"
find_native_openssl

hex() { od -An -tx1 "$1" | tr -d ' \n'; }
# out_is TEXT: exit 0, no sanitizer report, stdout exactly TEXT.
out_is() { clean_exit && [ "$(cat "$tmp/out")" = "$1" ]; }

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
check "pkeyutl without an operation" one_line_error pkeyutl "give -derive, -sign or -verify"
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
check "derive with keys of two types" one_line_error pkeyutl "must match"
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
    check "openssl reads brisk's X25519 key" openssl pkey -in "$tmp/k1.pem" -noout
    check "openssl reads brisk's encrypted X25519 key" \
        openssl pkey -in "$tmp/k3.pem" -passin pass:secret -noout
    openssl pkey -in "$tmp/k1.pem" -pubout -out "$tmp/k1o.pub" 2>/dev/null
    b pkey -in "$tmp/k1.pem" -pubout
    check "openssl and brisk agree on k1's public key" cmp -s "$tmp/out" "$tmp/k1o.pub"
    openssl pkeyutl -derive -inkey "$tmp/o1.pem" -peerkey "$tmp/k2.pub" -out "$tmp/so" 2>/dev/null
    b pkeyutl -derive -inkey "$tmp/k2.der" -peerkey "$tmp/o1.pub" -out "$tmp/sb"
    check "brisk and openssl derive one X25519 secret" cmp -s "$tmp/so" "$tmp/sb"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
