#!/bin/sh
# tests/test_cli_keytext.sh - end-to-end tests of looking at keys (issue
# 27): `pkey -text`, `-text_pub`, `-noout`, `-check`, `-pubcheck`,
# `dsaparam -text`, `-check`, and the error messages that say what was
# found: another PEM label or DER of the other kind ("found PRIVATE KEY,
# expected DSA PARAMETERS"), an empty input, and for `dgst -sign/-verify`
# "digest not supported" (PKCS#1 v1.5 without a DigestInfo: md2, md4,
# mdc2) against "key too small" (with the exact smallest size, at the
# boundary).
#
#   sh tests/test_cli_keytext.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# Everywhere: a fixed RSA-512 key's text as OpenSSL 3.0.19 printed it
# (`openssl pkey -text -noout`, recorded below), the same key with d
# changed refused by -check with the reason, and keys brisk makes.  With
# `openssl` on PATH and no emulator: brisk's output compared byte for
# byte with openssl's, and the exit status, for keys openssl makes (RSA of
# 512, 777 bits and 1024 bits with e = 3; DSA over openssl's 1024-bit
# parameters; their public halves) under every combination of the text
# options; then keys broken one number at a time (a DER editor:
# `openssl asn1parse` to read the numbers, `-genconf` to write them back
# with one changed), which both tools call invalid, brisk with one line
# naming the number.  Prints "N passed, N failed" last; exits non-zero if
# any check failed.

. "$(dirname "$0")/cli_lib.sh"
find_native_openssl

# is_invalid PROG REASON: the one line "brisk PROG: Key is invalid: REASON",
# exit 1, nothing on stdout.
is_invalid() {
    [ "$rc" -eq 1 ] && no_sanitizer && [ ! -s "$tmp/out" ] &&
        [ "$(cat "$tmp/err")" = "brisk $1: $2" ]
}

# out_is TEXT: exit 0, no sanitizer report, stdout exactly TEXT.
out_is() { clean_exit && [ "$(cat "$tmp/out")" = "$1" ]; }
# head_is N TEXT: exit 0 and the first N lines of stdout, joined by |, are TEXT.
head_is() { clean_exit && [ "$(head -n "$1" "$tmp/out" | tr '\n' '|')" = "$2" ]; }
# labels_are TEXT: exit 0 and the lines of stdout but the hex, joined by |.
labels_are() { clean_exit && [ "$(grep -v '^    ' "$tmp/out" | tr '\n' '|')" = "$1" ]; }

# ossl_invalid: openssl exited 1 ($orc) saying "Key is invalid".
ossl_invalid() { [ "$orc" -eq 1 ] && grep -q "Key is invalid" "$tmp/o.err"; }
# ere TEXT: TEXT with the ERE special characters escaped.
ere() { printf '%s' "$1" | sed 's/[][\\.*^$()+?{}|]/\\&/g'; }

# ---- A fixed key and its text, as openssl 3.0.19 printed it ----

cat >"$tmp/fix.pem" <<'KEY'
-----BEGIN PRIVATE KEY-----
MIIBVAIBADANBgkqhkiG9w0BAQEFAASCAT4wggE6AgEAAkEA87xeeGRZyf5K6kiZ
9mKEQKWIqoxxyBeNTbC4fPRoFKmqRjDBEWVhVWKlnSOitDQblZSQHA55oIW0pGAl
D/zTJwIDAQABAkBRpPq8N1lAaXcszY8NUmjcwtZp0svWa9VAff7+lFw89wUhyCuC
aHOCJiuQxVpOLqLqGpNKX3r7gTWmrTd2G0AJAiEA+vtCoJ3rB9TeDfzxCsJQe3JC
uZR1U109dvzuUOrJr/UCIQD4nATo1OuF9Z/NJtb1VXQtdskO7Jlm4MzryBYKipkR
KwIgC5uJRlJnZ1JR/sWfBEdeX4c2TMzv7C4YxKMIBpgFQe0CIHM2uv+8TTpTzq8g
pNYluCWpuxvzglQvMkjC/ZP9D1rpAiEAjHoZG0TSAezjaPyrSRiq0Df8tSScLs6G
RhG0CqRVonQ=
-----END PRIVATE KEY-----
KEY
cat >"$tmp/fix.txt" <<'TXT'
Private-Key: (512 bit, 2 primes)
modulus:
    00:f3:bc:5e:78:64:59:c9:fe:4a:ea:48:99:f6:62:
    84:40:a5:88:aa:8c:71:c8:17:8d:4d:b0:b8:7c:f4:
    68:14:a9:aa:46:30:c1:11:65:61:55:62:a5:9d:23:
    a2:b4:34:1b:95:94:90:1c:0e:79:a0:85:b4:a4:60:
    25:0f:fc:d3:27
publicExponent: 65537 (0x10001)
privateExponent:
    51:a4:fa:bc:37:59:40:69:77:2c:cd:8f:0d:52:68:
    dc:c2:d6:69:d2:cb:d6:6b:d5:40:7d:fe:fe:94:5c:
    3c:f7:05:21:c8:2b:82:68:73:82:26:2b:90:c5:5a:
    4e:2e:a2:ea:1a:93:4a:5f:7a:fb:81:35:a6:ad:37:
    76:1b:40:09
prime1:
    00:fa:fb:42:a0:9d:eb:07:d4:de:0d:fc:f1:0a:c2:
    50:7b:72:42:b9:94:75:53:5d:3d:76:fc:ee:50:ea:
    c9:af:f5
prime2:
    00:f8:9c:04:e8:d4:eb:85:f5:9f:cd:26:d6:f5:55:
    74:2d:76:c9:0e:ec:99:66:e0:cc:eb:c8:16:0a:8a:
    99:11:2b
exponent1:
    0b:9b:89:46:52:67:67:52:51:fe:c5:9f:04:47:5e:
    5f:87:36:4c:cc:ef:ec:2e:18:c4:a3:08:06:98:05:
    41:ed
exponent2:
    73:36:ba:ff:bc:4d:3a:53:ce:af:20:a4:d6:25:b8:
    25:a9:bb:1b:f3:82:54:2f:32:48:c2:fd:93:fd:0f:
    5a:e9
coefficient:
    00:8c:7a:19:1b:44:d2:01:ec:e3:68:fc:ab:49:18:
    aa:d0:37:fc:b5:24:9c:2e:ce:86:46:11:b4:0a:a4:
    55:a2:74
TXT
# The same key with d changed (d xor 2), made with openssl asn1parse -genconf.
cat >"$tmp/fixbad.pem" <<'KEY'
-----BEGIN RSA PRIVATE KEY-----
MIIBOgIBAAJBAPO8XnhkWcn+SupImfZihECliKqMccgXjU2wuHz0aBSpqkYwwRFl
YVVipZ0jorQ0G5WUkBwOeaCFtKRgJQ/80ycCAwEAAQJAUaT6vDdZQGl3LM2PDVJo
3MLWadLL1mvVQH3+/pRcPPcFIcgrgmhzgiYrkMVaTi6i6hqTSl96+4E1pq03dhtA
CwIhAPr7QqCd6wfU3g388QrCUHtyQrmUdVNdPXb87lDqya/1AiEA+JwE6NTrhfWf
zSbW9VV0LXbJDuyZZuDM68gWCoqZESsCIAubiUZSZ2dSUf7FnwRHXl+HNkzM7+wu
GMSjCAaYBUHtAiBzNrr/vE06U86vIKTWJbglqbsb84JULzJIwv2T/Q9a6QIhAIx6
GRtE0gHs42j8q0kYqtA3/LUknC7OhkYRtAqkVaJ0
-----END RSA PRIVATE KEY-----
KEY

b pkey -in "$tmp/fix.pem" -text -noout
check "fixed key: -text -noout, exit 0" clean_exit
check "fixed key: -text -noout, openssl's text byte for byte" cmp -s "$tmp/out" "$tmp/fix.txt"
b pkey -in "$tmp/fix.pem" -text
check "fixed key: -text, the key then the text" \
    sh -c "cat '$tmp/fix.pem' '$tmp/fix.txt' | cmp -s - '$tmp/out'"
b pkey -in "$tmp/fix.pem" -text_pub -noout
check "fixed key: -text_pub, Modulus and Exponent only" \
    labels_are "Public-Key: (512 bit)|Modulus:|Exponent: 65537 (0x10001)|"
check "fixed key: -text_pub, the modulus of -text" \
    [ "$(sed -n '3,7p' "$tmp/fix.txt")" = "$(sed -n '3,7p' "$tmp/out")" ]
b pkey -in "$tmp/fix.pem" -check -noout
check "fixed key: -check -noout prints Key is valid" out_is "Key is valid"
b pkey -in "$tmp/fix.pem" -check
check "fixed key: -check, Key is valid then the key" \
    sh -c "{ echo 'Key is valid'; cat '$tmp/fix.pem'; } | cmp -s - '$tmp/out'"
b pkey -in "$tmp/fix.pem" -pubcheck -noout
check "fixed key: -pubcheck" out_is "Key is valid"
b pkey -in "$tmp/fixbad.pem" -check -noout
check "fixed key, d changed: -check, one line with the reason, exit 1" \
    is_invalid pkey "Key is invalid: d * e is not 1 mod lcm(p - 1, q - 1)"
b pkey -in "$tmp/fixbad.pem" -check -out "$tmp/never.pem"
check "fixed key, d changed: -check -out fails" [ "$rc" -eq 1 ]
check "fixed key, d changed: -check -out writes no file" [ ! -e "$tmp/never.pem" ]
b pkey -in "$tmp/fixbad.pem" -pubcheck -noout
check "fixed key, d changed: -pubcheck looks at n and e only" [ "$rc" -eq 0 ]
b pkey -in "$tmp/fixbad.pem" -text -noout
check "fixed key, d changed: -text still prints it" head_is 1 "Private-Key: (512 bit, 2 primes)|"
b pkey -in "$tmp/fixbad.pem"
check "fixed key, d changed: refused when it is to be used" one_line_error pkey 'not a valid key'
b pkey -in "$tmp/fix.pem" -pubout -out "$tmp/fixpub.pem"
b pkey -in "$tmp/fixpub.pem" -text -noout
check "public key: -text prints the public text" \
    labels_are "Public-Key: (512 bit)|Modulus:|Exponent: 65537 (0x10001)|"
b pkey -in "$tmp/fixpub.pem" -check -noout
check "public key: -check checks what there is" out_is "Key is valid"
b pkey -in "$tmp/fix.pem" -text -noout -out "$tmp/fix.out"
check "-text -out: the text goes to the file" cmp -s "$tmp/fix.out" "$tmp/fix.txt"

# ---- Keys and parameters brisk makes ----

$RUN "$BRISK" dsaparam -genkey -out "$tmp/d512.pem" 512 2>/dev/null
b pkey -in "$tmp/d512.pem" -text -noout
check "DSA key: -text titles and labels" labels_are "Private-Key: (512 bit)|priv:|pub: |P:   |Q:   |G:   |"
b pkey -in "$tmp/d512.pem" -text_pub -noout
check "DSA key: -text_pub has no priv" labels_are "Public-Key: (512 bit)|pub: |P:   |Q:   |G:   |"
b pkey -in "$tmp/d512.pem" -check -noout
check "DSA key: -check" out_is "Key is valid"
b dsaparam -in "$tmp/d512.pem" -text -noout
check "dsaparam -text: titles and labels" labels_are "DSA-Parameters: (512 bit)|P:   |Q:   |G:   |"
b dsaparam -in "$tmp/d512.pem" -check -noout
check "dsaparam -check: Parameters are valid" out_is "Parameters are valid"
b dsaparam -in "$tmp/d512.pem" -check -text
check "dsaparam -check -text: the verdict, then the text" \
    head_is 2 "Parameters are valid|DSA-Parameters: (512 bit)|"
check "dsaparam -check -text: then the parameters" \
    [ "$(tail -n 1 "$tmp/out")" = "-----END DSA PARAMETERS-----" ]
b dsaparam -check -noout 512
check "dsaparam -check of new parameters" out_is "Parameters are valid"

# ---- What was found, and empty input ----

$RUN "$BRISK" dsaparam -in "$tmp/d512.pem" -out "$tmp/d512.par" 2>/dev/null
$RUN "$BRISK" dsaparam -in "$tmp/d512.pem" -outform DER -out "$tmp/d512.pard" 2>/dev/null
$RUN "$BRISK" pkey -in "$tmp/fix.pem" -outform DER -out "$tmp/fix.der" 2>/dev/null
b dsaparam -in "$tmp/fix.pem"
check "dsaparam -in a private key: found PRIVATE KEY" \
    one_line_error dsaparam "found PRIVATE KEY, expected DSA PARAMETERS$"
b dsaparam -in "$tmp/fixpub.pem"
check "dsaparam -in a public key: found PUBLIC KEY" \
    one_line_error dsaparam "found PUBLIC KEY, expected DSA PARAMETERS$"
b dsaparam -in "$tmp/fixbad.pem" -check
check "dsaparam -check -in an RSA key: found RSA PRIVATE KEY" \
    one_line_error dsaparam "found RSA PRIVATE KEY, expected DSA PARAMETERS$"
b dsaparam -in "$tmp/fix.der"
check "dsaparam -in a DER key: found a private key (DER)" \
    one_line_error dsaparam "found a private key \(DER\), expected DSA parameters$"
b pkey -in "$tmp/d512.par"
check "pkey -in parameters: found DSA PARAMETERS, the labels expected" \
    one_line_error pkey "found DSA PARAMETERS, expected PRIVATE KEY, PUBLIC KEY, RSA PRIVATE KEY, RSA PUBLIC KEY, DSA PRIVATE KEY or EC PRIVATE KEY$"
b pkey -in "$tmp/d512.pard"
check "pkey -in DER parameters: found DSA parameters (DER)" \
    one_line_error pkey "found DSA parameters \(DER\), expected a key$"
printf -- '-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----\n' >"$tmp/cert.pem"
b dgst -sha256 -sign "$tmp/cert.pem" "$tmp/fix.txt"
check "dgst -sign with a certificate: found CERTIFICATE" one_line_error dgst "found CERTIFICATE, expected PRIVATE KEY"
b dgst -sha256 -verify "$tmp/d512.par" -signature "$tmp/fix.txt" "$tmp/fix.txt"
check "dgst -verify with parameters: found DSA PARAMETERS" one_line_error dgst "found DSA PARAMETERS, expected"
: >"$tmp/empty"
printf ' \n\t\r\n\n' >"$tmp/blank"
for f in empty blank; do
    b pkey -in "$tmp/$f"
    check "pkey -in an $f file: empty input" one_line_error pkey "'$tmp/$f': empty input$"
    b dsaparam -in "$tmp/$f"
    check "dsaparam -in an $f file: empty input" one_line_error dsaparam "'$tmp/$f': empty input$"
    b dgst -sign "$tmp/$f" "$tmp/fix.txt"
    check "dgst -sign with an $f key file: empty input" one_line_error dgst "empty input$"
done
$RUN "$BRISK" pkey </dev/null >"$tmp/out" 2>"$tmp/err"; rc=$?
check "pkey from empty stdin: empty input" one_line_error pkey "'stdin': empty input$"

# ---- dgst: digest not supported, or key too small ----

for md in md2 md4 mdc2; do
    b dgst -$md -sign "$tmp/fix.pem" "$tmp/fix.txt"
    check "dgst -$md -sign (RSA PKCS#1 v1.5): digest not supported" \
        one_line_error dgst "cannot sign with $md and the key in '.*': digest not supported \(RSA PKCS#1 v1.5 has no DigestInfo for $md in brisk; PSS takes it\)$"
    b dgst -$md -verify "$tmp/fixpub.pem" -signature "$tmp/fix.txt" "$tmp/fix.txt"
    check "dgst -$md -verify (RSA PKCS#1 v1.5): digest not supported" \
        one_line_error dgst "cannot verify with $md .*digest not supported"
    b dgst -$md -sign "$tmp/fix.pem" -sigopt rsa_padding_mode:pss -out "$tmp/sig" "$tmp/fix.txt"
    check "dgst -$md -sign with PSS: signs" [ "$rc" -eq 0 ]
    b dgst -$md -verify "$tmp/fixpub.pem" -sigopt rsa_padding_mode:pss -signature "$tmp/sig" "$tmp/fix.txt"
    check "dgst -$md PSS: verifies" out_is "Verified OK"
    b dgst -$md -sign "$tmp/d512.pem" -out "$tmp/sig" "$tmp/fix.txt"
    check "dgst -$md -sign with DSA: signs" [ "$rc" -eq 0 ]
done
b dgst -sha512 -sign "$tmp/fix.pem" "$tmp/fix.txt"
check "dgst -sha512 -sign, 512-bit RSA: key too small, with the size needed" \
    one_line_error dgst "key too small \(PKCS#1 v1.5 with sha512 needs a key of at least 745 bits; this one has 512\)$"
b dgst -sha384 -sign "$tmp/fix.pem" "$tmp/fix.txt"
check "dgst -sha384 -sign, 512-bit RSA: key too small (617 bits)" \
    one_line_error dgst "at least 617 bits; this one has 512\)$"
b dgst -sha512 -sign "$tmp/fix.pem" -sigopt rsa_padding_mode:pss "$tmp/fix.txt"
check "dgst -sha512 PSS, 512-bit RSA: key too small (522 bits)" \
    one_line_error dgst "key too small \(PSS with sha512 needs a key of at least 522 bits; this one has 512\)$"
b dgst -sha256 -sign "$tmp/fix.pem" -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:31 "$tmp/fix.txt"
check "dgst PSS salt 31 on 512 bits: key too small for the salt, 30 at most" \
    one_line_error dgst "key too small for a PSS salt of 31 bytes \(at most 30 with this key\)$"
b dgst -sha256 -sign "$tmp/fix.pem" -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:30 -out "$tmp/sig" "$tmp/fix.txt"
check "dgst PSS salt 30 on 512 bits: signs" [ "$rc" -eq 0 ]
b dgst -sha256 -sign "$tmp/fix.pem" -out "$tmp/sig" "$tmp/fix.txt"
check "dgst -sha256 PKCS#1 v1.5 on 512 bits: signs" [ "$rc" -eq 0 ]

# ---- Against openssl, byte for byte ----

# fields DER: the INTEGERs of a traditional key, in hex, one a line.
fields() { openssl asn1parse -inform DER -in "$1" | sed -n 's/.*prim: INTEGER *://p'; }
# mkseq OUT HEX...: a DER SEQUENCE of those INTEGERs, with openssl asn1parse -genconf.
mkseq() {
    out=$1
    shift
    {
        echo "asn1=SEQUENCE:k"
        echo "[k]"
        i=0
        for h in "$@"; do
            echo "f$i=INTEGER:0x$h"
            i=$((i + 1))
        done
    } >"$out.cnf"
    openssl asn1parse -genconf "$out.cnf" -out "$out" >/dev/null
}
# flip0 HEX, flip1 HEX: HEX with bit 0 or bit 1 changed.
flip0() { echo "${1%?}$(echo "${1#"${1%?}"}" | tr 0123456789ABCDEF 1032547698BADCFE)"; }
flip1() { echo "${1%?}$(echo "${1#"${1%?}"}" | tr 0123456789ABCDEF 23016745AB89EFCD)"; }

# same_as_openssl DESC KEY ARGS...: brisk pkey and openssl pkey (with
# -pubin for a public key) write the same bytes and exit alike.
same_as_openssl() {
    what=$1
    key=$2
    shift 2
    pubin=
    case $key in *pub*) pubin=-pubin ;; esac
    openssl pkey $pubin -in "$key" "$@" >"$tmp/o.out" 2>/dev/null
    orc=$?
    b pkey -in "$key" "$@"
    check "$what: exit $orc as openssl" [ "$rc" -eq "$orc" ]
    check "$what: openssl's bytes" cmp -s "$tmp/out" "$tmp/o.out"
}

if [ "$HAVE_OPENSSL" -eq 1 ]; then
    openssl genrsa -out "$tmp/o512.pem" 512 2>/dev/null
    openssl genrsa -out "$tmp/o777.pem" 777 2>/dev/null
    openssl genrsa -3 -traditional -out "$tmp/o1024e3.pem" 1024 2>/dev/null
    openssl dsaparam -genkey -out "$tmp/od.pem" 1024 2>/dev/null
    openssl pkey -in "$tmp/od.pem" -out "$tmp/odk.pem"
    openssl dsaparam -in "$tmp/od.pem" -out "$tmp/od.par"
    for k in o512 o777 o1024e3 odk; do
        openssl pkey -in "$tmp/$k.pem" -pubout -out "$tmp/${k}pub.pem"
    done
    for k in o512 o777 o1024e3 odk; do
        for opts in "-text" "-text -noout" "-text_pub" "-text_pub -noout" "-pubout -text" \
                    "-check" "-check -noout" "-pubcheck -noout" "-check -text -noout" \
                    "-text -outform DER" "-text -noout -outform DER" "-traditional -text" \
                    "-check -outform DER"; do
            same_as_openssl "openssl's $k, pkey $opts" "$tmp/$k.pem" $opts
        done
        for opts in "-text" "-text -noout" "-text_pub -noout" "-pubcheck" "-check -noout"; do
            same_as_openssl "openssl's $k public, pkey $opts" "$tmp/${k}pub.pem" $opts
        done
    done
    same_as_openssl "a DER key, pkey -text -noout" "$tmp/fix.der" -text -noout
    for opts in "-text" "-text -noout" "-noout" "-text -outform DER"; do
        openssl dsaparam -in "$tmp/od.par" $opts >"$tmp/o.out" 2>/dev/null
        b dsaparam -in "$tmp/od.par" $opts
        check "openssl's parameters, dsaparam $opts: openssl's bytes" cmp -s "$tmp/out" "$tmp/o.out"
    done
    openssl pkeyparam -in "$tmp/od.par" -check -noout >"$tmp/o.out" 2>/dev/null
    b dsaparam -in "$tmp/od.par" -check -noout
    check "dsaparam -check: openssl pkeyparam -check's words" cmp -s "$tmp/out" "$tmp/o.out"

    # Keys broken one number at a time: both call them invalid.
    openssl pkey -in "$tmp/o777.pem" -traditional -outform DER -out "$tmp/r.der" 2>/dev/null
    set -- $(fields "$tmp/r.der")
    mkseq "$tmp/r_d.der" "$1" "$2" "$3" "$(flip1 "$4")" "$5" "$6" "$7" "$8" "$9"
    mkseq "$tmp/r_p.der" "$1" "$2" "$3" "$4" "$(flip0 "$5")" "$6" "$7" "$8" "$9"
    mkseq "$tmp/r_q.der" "$1" "$2" "$3" "$4" "$5" "$(flip0 "$6")" "$7" "$8" "$9"
    mkseq "$tmp/r_dp.der" "$1" "$2" "$3" "$4" "$5" "$6" "$(flip1 "$7")" "$8" "$9"
    mkseq "$tmp/r_dq.der" "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$(flip1 "$8")" "$9"
    mkseq "$tmp/r_qinv.der" "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$(flip0 "$9")"
    mkseq "$tmp/r_n.der" "$1" "$(flip1 "$2")" "$3" "$4" "$5" "$6" "$7" "$8" "$9"
    mkseq "$tmp/r_e.der" "$1" "$2" 10000 "$4" "$5" "$6" "$7" "$8" "$9"
    mkseq "$tmp/r_neven.der" "$1" "$(flip0 "$2")" "$3" "$4" "$5" "$6" "$7" "$8" "$9"
    openssl pkey -in "$tmp/odk.pem" -traditional -outform DER -out "$tmp/d.der" 2>/dev/null
    set -- $(fields "$tmp/d.der")
    mkseq "$tmp/d_x.der" "$1" "$2" "$3" "$4" "$5" "$(flip0 "$6")"
    mkseq "$tmp/d_x0.der" "$1" "$2" "$3" "$4" "$5" 0
    mkseq "$tmp/d_y.der" "$1" "$2" "$3" "$4" "$(flip0 "$5")" "$6"
    mkseq "$tmp/d_g.der" "$1" "$2" "$3" "$(flip0 "$4")" "$5" "$6"
    mkseq "$tmp/d_q.der" "$1" "$2" "$(flip1 "$3")" "$4" "$5" "$6"
    mkseq "$tmp/d_p.der" "$1" "$(flip1 "$2")" "$3" "$4" "$5" "$6"
    mkseq "$tmp/dp_g.der" "$2" "$3" "$(flip0 "$4")"
    mkseq "$tmp/dp_q.der" "$2" "$(flip1 "$3")" "$4"
    mkseq "$tmp/dp_g1.der" "$2" "$3" 1
    while read -r f why; do
        openssl pkey -inform DER -in "$tmp/$f.der" -check -noout >/dev/null 2>"$tmp/o.err"
        orc=$?
        check "$f: openssl says Key is invalid" ossl_invalid
        b pkey -in "$tmp/$f.der" -check -noout
        check "$f: -check, one line: $why" is_invalid pkey "Key is invalid: $why"
        b pkey -in "$tmp/$f.der" -check -text
        check "$f: -check -text prints nothing" is_invalid pkey "Key is invalid: $why"
    done <<'LIST'
r_d d * e is not 1 mod lcm(p - 1, q - 1)
r_p p is not prime
r_q q is not prime
r_dp exponent1 is not d mod (p - 1)
r_dq exponent2 is not d mod (q - 1)
r_qinv coefficient is not the inverse of q mod p
r_n n is not p * q
r_e the public exponent e is even
r_neven the modulus n is even
d_x the public key y is not g^x mod p
d_x0 the private key x is not between 0 and q
d_y the public key y is not in the group of g (y^q is not 1 mod p)
d_g g does not have order q (g^q is not 1 mod p)
d_q q does not divide p - 1
d_p q does not divide p - 1
LIST
    for f in r_d r_p r_dp r_qinv d_x d_x0; do
        b pkey -in "$tmp/$f.der" -pubcheck -noout
        check "$f: -pubcheck passes (the public half is sound)" out_is "Key is valid"
        openssl pkey -inform DER -in "$tmp/$f.der" -pubcheck -noout >/dev/null 2>&1
        check "$f: so does openssl's" [ $? -eq 0 ]
    done
    for f in r_e r_neven d_y; do
        b pkey -in "$tmp/$f.der" -pubcheck -noout
        check "$f: -pubcheck fails" one_line_error pkey "Key is invalid: "
    done
    while read -r f why; do
        b dsaparam -in "$tmp/$f.der" -check -noout
        check "$f: dsaparam -check: one line: $why" \
            one_line_error dsaparam "^brisk dsaparam: Parameters are invalid: $(ere "$why")\$"
        b dsaparam -in "$tmp/$f.der" -noout
        check "$f: dsaparam without -check refuses them" one_line_error dsaparam "not a valid key"
        openssl pkeyparam -inform DER -in "$tmp/$f.der" -check -noout >/dev/null 2>&1 ||
            openssl pkeyparam -in "$tmp/$f.der" -check -noout >/dev/null 2>&1
        check "$f: openssl pkeyparam -check fails too" [ $? -ne 0 ]
    done <<'LIST'
dp_g g does not have order q (g^q is not 1 mod p)
dp_q q does not divide p - 1
dp_g1 g is not between 1 and p
LIST
    # openssl's own words for the digests, beside brisk's exact ones above
    openssl dgst -sha512 -sign "$tmp/fix.pem" "$tmp/fix.txt" >/dev/null 2>"$tmp/o.err"
    check "openssl agrees: sha512 does not fit a 512-bit key" grep -q "digest too big for rsa key" "$tmp/o.err"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
