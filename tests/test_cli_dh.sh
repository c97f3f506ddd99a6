#!/bin/sh
# tests/test_cli_dh.sh - end-to-end tests of finite-field Diffie-Hellman
# keys (RFC 7919's groups, issue 31) through `genpkey`, `pkey` and
# `pkeyutl -derive`.
#
#   sh tests/test_cli_dh.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# Everywhere: a key pair made by openssl 3.0 (inlined below) whose shared
# secret starts with a zero byte gives openssl's answer, without that byte
# by default and in p's length with -pkeyopt dh_pad:1; openssl's key with
# a privateValueLength keeps it through `pkey`; keys brisk makes in each
# group go through `pkey` (PEM, DER, -pubout, -text, -check) and derive
# one secret both ways; genpkey -paramfile makes keys from
# openssl's DH parameters (from a file and stdin); the bad inputs a user
# could give (no group, a group brisk lacks, a key or parameters in such a
# group, a group with -paramfile, dh_pad's values and misuses, peers of
# another group or type, signing with a DH key) are one-line errors.  With
# `openssl` on PATH and no emulator: keys made by each tool are read by the
# other and written back byte for byte (PEM, DER, -pubout, -text), both
# derive the same secrets from them, padded or not, openssl's -check
# accepts brisk's keys, and openssl's DER parameters make keys.  Prints "N
# passed, N failed" last; exits non-zero if any check failed.

. "$(dirname "$0")/cli_lib.sh"
find_native_openssl

# quiet CMD...: CMD with its output dropped.
quiet() { "$@" >/dev/null 2>&1; }

# openssl genpkey -algorithm DH -pkeyopt group:ffdhe2048 (twice; the
# second one's public half): their secret is 255 bytes without padding.
cat >"$tmp/a.pem" <<'KEY'
-----BEGIN PRIVATE KEY-----
MIIBPwIBADCCARcGCSqGSIb3DQEDATCCAQgCggEBAP//////////rfhUWKK7Spqv
3FYgJz088di5xYPOLTaVqeE2QRRkM/vMk53OJJs++X0v42NjDHXY9oGyAq7EYXrT
3x7V1f1lYSQz9R9fBm7QhWNlVT3tGvO1VxNef1fJNZhPDHDg5ot34qaJ2vPv6HId
8VihNq3nNTCsyk9IOnl6vAqxgrMk+2HRCKlLssjj+7lq2rdg1/RoHU9Co945TfSu
Vu3nY3K7GQsHp8juCm1wngL84c334uzANATNKDQvYZFy/pzphYP/jk8SMu7ygYPD
/jsbTG+tczu1/LwuwiAFxY7xg30Wg7LG80omwbLv+ohrQjhhKFyX//////////8C
AQIEHwIdAI88/+J8dJtk335WYAQow1Gsr5OJaDeK25E7Aq4=
-----END PRIVATE KEY-----
KEY
cat >"$tmp/b.pub" <<'KEY'
-----BEGIN PUBLIC KEY-----
MIICJTCCARcGCSqGSIb3DQEDATCCAQgCggEBAP//////////rfhUWKK7Spqv3FYg
Jz088di5xYPOLTaVqeE2QRRkM/vMk53OJJs++X0v42NjDHXY9oGyAq7EYXrT3x7V
1f1lYSQz9R9fBm7QhWNlVT3tGvO1VxNef1fJNZhPDHDg5ot34qaJ2vPv6HId8Vih
Nq3nNTCsyk9IOnl6vAqxgrMk+2HRCKlLssjj+7lq2rdg1/RoHU9Co945TfSuVu3n
Y3K7GQsHp8juCm1wngL84c334uzANATNKDQvYZFy/pzphYP/jk8SMu7ygYPD/jsb
TG+tczu1/LwuwiAFxY7xg30Wg7LG80omwbLv+ohrQjhhKFyX//////////8CAQID
ggEGAAKCAQEA+bZuycT9xwGwI8lH8a2hZJn3HEOVklSQPr4l/osLPFaiKmKxJAR9
VGw7iCD6EKEbCOx+sayvab3S/YJuY4t6bptZCOj7TE93yv6dCF8cCIHGKXUfi8hA
AlIMjP7fpJVoEuRtfVYxpsMHcIXX/5ySS/4kkqYZ99nMRqZKuYDrNZL4hhbg7LeN
peQELXqkhYZ9kqI37oJ/WigAe3krfs1+/werctbaNWGUtcG35v12jvkZS7LTgj8a
QA10oRgXUWAMhCFtQIp+3w5uEWJYzOy8ptmzdzGrNRF3NYSOYlQhYWUA46tIaQQC
9PHcX8NyxvDO8mT8e28zTJtxE2qUXUQWhQ==
-----END PUBLIC KEY-----
KEY
# openssl genpkey -algorithm DH -pkeyopt group:modp_2048, -pubout: RFC
# 3526's group, which brisk does not have.
cat >"$tmp/modp.pub" <<'KEY'
-----BEGIN PUBLIC KEY-----
MIICJDCCARcGCSqGSIb3DQEDATCCAQgCggEBAP//////////yQ/aoiFowjTExmKL
gNwc0SkCTgiKZ8x0Agu+pjsTmyJRSgh5jjQE3e+VGbPNOkMbMCsKbfJfFDdP4TVt
bVHCReSFtXZiXn7G9ExC6aY37WsL/1y29Aa37e44a/taiZ+lrp8kEXxLH+ZJKGZR
7ORbPcIAfLihY78FmNpINhxV05ppFj+o/STPX4NlXSPco62WHGLzViCFUrue1SkH
cJaWbWcMNU5KvJgE8XRsCMoYIXwykF5GLjbOO+OedywYDoYDmyeDouwHoo+1xV3w
b0xSyd4ry/aVWBcYOZVJfOqVauUV0iYYmPoFEBVyjlqKrKpo//////////8CAQID
ggEFAAKCAQAK43vPckXPvTTDFONr+h3nz4zX6wQbDp+MCclAdAiuroCA3wDcof8n
4evhGbZSpG41wqUhDHZcTvBjSvdxdOdnR8BOeC1HunbYTatro5bs86g4hSo01Jlr
ZRo3+NM2ZOEINl4u32D3+GUSzbqGTuBl8PbNwGOh6Vaq+VF4lnURv7D59tzLkjUr
mPdsBJfWzrHmHkC/yGEle6z/FCRIPQ433VzOSRkFoQWBWjUKYtYv1uw7qH8mMOX5
Wilpf33fghaJJDe4bu7ipb63wcZNXmBpG9wBjJH4g5Sn8fu5pm6hJ5mG8oPCHEhU
2rWdyPfQ5Goy74502HRMP3vHe/fnTi9t
-----END PUBLIC KEY-----
KEY
# openssl genpkey -algorithm DH -pkeyopt group:ffdhe2048 -pkeyopt
# priv_len:300: its parameters carry a privateValueLength.
cat >"$tmp/len.pem" <<'KEY'
-----BEGIN PRIVATE KEY-----
MIIBTAIBADCCARsGCSqGSIb3DQEDATCCAQwCggEBAP//////////rfhUWKK7Spqv
3FYgJz088di5xYPOLTaVqeE2QRRkM/vMk53OJJs++X0v42NjDHXY9oGyAq7EYXrT
3x7V1f1lYSQz9R9fBm7QhWNlVT3tGvO1VxNef1fJNZhPDHDg5ot34qaJ2vPv6HId
8VihNq3nNTCsyk9IOnl6vAqxgrMk+2HRCKlLssjj+7lq2rdg1/RoHU9Co945TfSu
Vu3nY3K7GQsHp8juCm1wngL84c334uzANATNKDQvYZFy/pzphYP/jk8SMu7ygYPD
/jsbTG+tczu1/LwuwiAFxY7xg30Wg7LG80omwbLv+ohrQjhhKFyX//////////8C
AQICAgEsBCgCJgfLFZlttOpcZ4OcNAP1UVFi6VSm1XrZYDe4LvKD7/u8x69+gWXc
-----END PRIVATE KEY-----
KEY
# openssl genpkey -genparam -algorithm DH -pkeyopt group:ffdhe2048, and
# the same for group:modp_2048.
cat >"$tmp/ffdhe2048.par" <<'KEY'
-----BEGIN DH PARAMETERS-----
MIIBCAKCAQEA//////////+t+FRYortKmq/cViAnPTzx2LnFg84tNpWp4TZBFGQz
+8yTnc4kmz75fS/jY2MMddj2gbICrsRhetPfHtXV/WVhJDP1H18GbtCFY2VVPe0a
87VXE15/V8k1mE8McODmi3fipona8+/och3xWKE2rec1MKzKT0g6eXq8CrGCsyT7
YdEIqUuyyOP7uWrat2DX9GgdT0Kj3jlN9K5W7edjcrsZCwenyO4KbXCeAvzhzffi
7MA0BM0oNC9hkXL+nOmFg/+OTxIy7vKBg8P+OxtMb61zO7X8vC7CIAXFjvGDfRaD
ssbzSibBsu/6iGtCOGEoXJf//////////wIBAg==
-----END DH PARAMETERS-----
KEY
cat >"$tmp/modp.par" <<'KEY'
-----BEGIN DH PARAMETERS-----
MIIBCAKCAQEA///////////JD9qiIWjCNMTGYouA3BzRKQJOCIpnzHQCC76mOxOb
IlFKCHmONATd75UZs806QxswKwpt8l8UN0/hNW1tUcJF5IW1dmJefsb0TELppjft
awv/XLb0Brft7jhr+1qJn6WunyQRfEsf5kkoZlHs5Fs9wgB8uKFjvwWY2kg2HFXT
mmkWP6j9JM9fg2VdI9yjrZYcYvNWIIVSu57VKQdwlpZtZww1Tkq8mATxdGwIyhgh
fDKQXkYuNs474553LBgOhgObJ4Oi7Aeij7XFXfBvTFLJ3ivL9pVYFxg5lUl86pVq
5RXSJhiY+gUQFXKOWoqsqmj//////////wIBAg==
-----END DH PARAMETERS-----
KEY
# their secret, as openssl pkeyutl -derive writes it
secret=
secret=${secret}7e477f86c72914e85775d0831c33a6ff6341260cdbb5818e07bd564d24b6d1e3
secret=${secret}7b74a049895af6e3af3838599ad1549799ee64ee3553ceec98b5046fb52e70ed
secret=${secret}e993fd36cfcba01be91cd198b0d13343fc169fe0224ed3dc9348f8e16d46701d
secret=${secret}934793672ae7fd4c349433641791a130fd991a666f14eaa2f68fa9a545ab0059
secret=${secret}2ce36a0a84e752423b841e0ad207446c0b2959c06a6722f34fdb10ce3e1e836d
secret=${secret}35139e334a088192dfde5b1ef809602ded6eb3e803ed9b1d47345fa0f5f02979
secret=${secret}3c9a778ba067e0ef0da621ba723cc0d7be8bbe3a596f08677fbc256a362ea0b9
secret=${secret}f3c6d91f9d6ea073daeba7160fab8ca30165b31686253f51fd6b01a81fcdb4

# ---- openssl's keys ----
b pkeyutl -derive -inkey "$tmp/a.pem" -peerkey "$tmp/b.pub" -out "$tmp/s"
check "derive with openssl's keys" clean_exit
check "derive: openssl's secret, its zero byte dropped" [ "$(hex_of <"$tmp/s")" = "$secret" ]
b pkeyutl -derive -inkey "$tmp/a.pem" -peerkey "$tmp/b.pub" -pkeyopt dh_pad:1 -out "$tmp/s"
check "derive -pkeyopt dh_pad:1" clean_exit
check "derive dh_pad:1: 256 bytes, the zero byte first" [ "$(hex_of <"$tmp/s")" = "00$secret" ]
b pkeyutl -derive -inkey "$tmp/a.pem" -peerkey "$tmp/b.pub" -pkeyopt dh_pad:0 -out "$tmp/s"
check "derive dh_pad:0: as without it" [ "$(hex_of <"$tmp/s")" = "$secret" ]
b pkey -in "$tmp/a.pem" -text -noout
check "pkey -text: title" has "$tmp/out" "^DH Private-Key: \(2048 bit\)$"
check "pkey -text: x" has "$tmp/out" "^    00:8f:3c:ff:e2:7c:74:9b:64:df:7e:56:60:04:28:$"
check "pkey -text: group" has "$tmp/out" "^GROUP: ffdhe2048$"
b pkey -in "$tmp/a.pem"
check "pkey writes openssl's key unchanged" cmp -s "$tmp/out" "$tmp/a.pem"
b pkey -in "$tmp/len.pem"
check "pkey keeps a privateValueLength" cmp -s "$tmp/out" "$tmp/len.pem"
b pkey -in "$tmp/len.pem" -text -noout
check "pkey -text: the privateValueLength" has "$tmp/out" \
    "^recommended-private-length: 300 bits$"
b pkey -in "$tmp/len.pem" -pubout -out "$tmp/len.pub"
b pkey -in "$tmp/len.pub" -text -noout
check "pkey -pubout keeps it" has "$tmp/out" "^recommended-private-length: 300 bits$"
b pkey -in "$tmp/b.pub" -pubcheck -noout
check "pkey -pubcheck" [ "$rc" -eq 0 ] && [ "$(cat "$tmp/out")" = "Key is valid" ]

# ---- keys brisk makes ----
for g in ffdhe2048 ffdhe3072 ffdhe4096 ffdhe6144 ffdhe8192; do
    bits=${g#ffdhe}
    b genpkey -algorithm DH -pkeyopt group:$g -out "$tmp/k1.pem"
    check "genpkey $g" clean_exit
    check "genpkey $g: PKCS#8" has "$tmp/k1.pem" "^-----BEGIN PRIVATE KEY-----$"
    b genpkey -algorithm dh -pkeyopt dh_param:$g -out "$tmp/k2.pem"
    check "genpkey dh -pkeyopt dh_param:$g" clean_exit
    b pkey -in "$tmp/k1.pem" -text -noout
    check "$g: -text" has "$tmp/out" "^DH Private-Key: \($bits bit\)$"
    check "$g: -text group" has "$tmp/out" "^GROUP: $g$"
    b pkey -in "$tmp/k1.pem" -check -noout
    check "$g: -check" [ "$(cat "$tmp/out")" = "Key is valid" ]
    b pkey -in "$tmp/k2.pem" -pubout -out "$tmp/k2.pub"
    b pkey -in "$tmp/k1.pem" -outform DER -out "$tmp/k1.der"
    b pkey -in "$tmp/k1.der" -out "$tmp/k1b.pem"
    check "$g: through DER and back" cmp -s "$tmp/k1.pem" "$tmp/k1b.pem"
    b pkey -in "$tmp/k1.pem" -traditional -out "$tmp/k1t.pem"
    check "$g: -traditional writes PKCS#8, as openssl" cmp -s "$tmp/k1.pem" "$tmp/k1t.pem"
    b pkey -in "$tmp/k1.pem" -aes256 -passout pass:pw -out "$tmp/k1e.pem"
    b pkey -in "$tmp/k1e.pem" -passin pass:pw -out "$tmp/k1d.pem"
    check "$g: encrypted and back" cmp -s "$tmp/k1.pem" "$tmp/k1d.pem"
    b pkey -in "$tmp/k1.pem" -pubout -out "$tmp/k1.pub"
    b pkeyutl -derive -inkey "$tmp/k1.pem" -peerkey "$tmp/k2.pub" -pkeyopt dh_pad:1 \
        -out "$tmp/s1"
    b pkeyutl -derive -inkey "$tmp/k2.pem" -peerkey "$tmp/k1.pub" -pkeyopt dh_pad:1 \
        -out "$tmp/s2"
    check "$g: one secret both ways" cmp -s "$tmp/s1" "$tmp/s2"
    check "$g: the secret is p's length" [ "$(wc -c <"$tmp/s1")" -eq $((bits / 8)) ]
done

# ---- genpkey -paramfile ----
b genpkey -paramfile "$tmp/ffdhe2048.par" -out "$tmp/p.pem"
check "genpkey -paramfile on openssl's DH parameters" clean_exit
b pkey -in "$tmp/p.pem" -text -noout
check "genpkey -paramfile: a key in ffdhe2048" has "$tmp/out" "^GROUP: ffdhe2048$"
b genpkey -paramfile - -out "$tmp/p.pem" <"$tmp/ffdhe2048.par"
check "genpkey -paramfile -: the parameters from stdin" clean_exit
b genpkey -paramfile "$tmp/modp.par"
check "genpkey -paramfile: RFC 3526's group" one_line_error genpkey \
    "cannot read DH parameters from '.*modp.par': a group brisk does not have"
b genpkey -paramfile "$tmp/ffdhe2048.par" -pkeyopt group:ffdhe3072
check "genpkey -paramfile with a group" one_line_error genpkey "goes with -algorithm DH"

# ---- bad inputs ----
b genpkey -algorithm DH
check "genpkey DH without a group" one_line_error genpkey "need a group: -pkeyopt group:ffdhe2048"
b genpkey -algorithm DH -pkeyopt group:modp_2048
check "genpkey: a group brisk lacks" one_line_error genpkey "unknown DH group 'modp_2048'"
b genpkey -algorithm DH -pkeyopt ec_paramgen_curve:P-256
check "genpkey DH with a curve" one_line_error genpkey "not an option of DH keys"
b pkey -pubin -in "$tmp/modp.pub"
check "a key in RFC 3526's group" one_line_error pkey "a DH key in a group brisk does not have"
b pkeyutl -derive -inkey "$tmp/a.pem" -peerkey "$tmp/modp.pub"
check "a peer in RFC 3526's group" one_line_error pkeyutl "group brisk does not have"
b pkeyutl -derive -inkey "$tmp/a.pem" -peerkey "$tmp/b.pub" -pkeyopt dh_pad:2
check "dh_pad:2" one_line_error pkeyutl "dh_pad takes 0 or 1"
b pkeyutl -derive -inkey "$tmp/a.pem" -peerkey "$tmp/k1.pub"
check "a peer in another group" one_line_error pkeyutl \
    "DH key in ffdhe8192, the key a DH key in ffdhe2048: they must be of one type and group"
b genpkey -algorithm X25519 -out "$tmp/x.pem"
b pkeyutl -derive -inkey "$tmp/a.pem" -peerkey "$tmp/x.pem"
check "an X25519 peer" one_line_error pkeyutl \
    "an X25519 key, the key a DH key in ffdhe2048: they must be of one type$"
b pkeyutl -derive -inkey "$tmp/x.pem" -peerkey "$tmp/x.pem" -pkeyopt dh_pad:1
check "dh_pad with an X25519 key" one_line_error pkeyutl "dh_pad:1 is for -derive with a DH key"
b pkeyutl -sign -inkey "$tmp/a.pem" -in "$tmp/a.pem" -pkeyopt dh_pad:1
check "dh_pad with -sign" one_line_error pkeyutl "dh_pad:1 is for -derive with a DH key"
b genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out "$tmp/rsa.pem"
b pkeyutl -encrypt -inkey "$tmp/rsa.pem" -in "$tmp/s" -pkeyopt dh_pad:0
check "dh_pad with -encrypt" one_line_error pkeyutl "dh_pad:0 is for -derive with a DH key"
b pkeyutl -derive -inkey "$tmp/b.pub" -peerkey "$tmp/a.pem"
check "derive with a public key" one_line_error pkeyutl "needs a private key"
echo hello >"$tmp/msg"
b pkeyutl -sign -inkey "$tmp/a.pem" -in "$tmp/msg"
check "pkeyutl -sign with a DH key" one_line_error pkeyutl "DH keys cannot"
b dgst -sha256 -sign "$tmp/a.pem" "$tmp/msg"
check "dgst -sign with a DH key" one_line_error dgst "holds a DH key, which dgst cannot sign"

# ---- with openssl ----
if [ "$HAVE_OPENSSL" = 1 ]; then
    for g in ffdhe2048 ffdhe4096; do
        openssl genpkey -algorithm DH -pkeyopt group:$g -out "$tmp/o.pem" 2>/dev/null
        openssl pkey -in "$tmp/o.pem" -pubout -out "$tmp/o.pub" 2>/dev/null
        b genpkey -algorithm DH -pkeyopt group:$g -out "$tmp/m.pem"
        b pkey -in "$tmp/m.pem" -pubout -out "$tmp/m.pub"
        for k in o m; do
            for f in PEM DER; do
                openssl pkey -in "$tmp/$k.pem" -outform $f -out "$tmp/ref" 2>/dev/null
                b pkey -in "$tmp/$k.pem" -outform $f -out "$tmp/got"
                check "$g $k: pkey -outform $f as openssl" cmp -s "$tmp/ref" "$tmp/got"
                openssl pkey -in "$tmp/$k.pem" -pubout -outform $f -out "$tmp/ref" 2>/dev/null
                b pkey -in "$tmp/$k.pem" -pubout -outform $f -out "$tmp/got"
                check "$g $k: pkey -pubout -outform $f as openssl" cmp -s "$tmp/ref" "$tmp/got"
            done
            openssl pkey -in "$tmp/$k.pem" -text -noout >"$tmp/ref" 2>/dev/null
            b pkey -in "$tmp/$k.pem" -text -noout
            check "$g $k: -text as openssl" cmp -s "$tmp/ref" "$tmp/out"
            openssl pkey -pubin -in "$tmp/$k.pub" -text -noout >"$tmp/ref" 2>/dev/null
            b pkey -in "$tmp/$k.pub" -text -noout
            check "$g $k: public -text as openssl" cmp -s "$tmp/ref" "$tmp/out"
        done
        check "$g: openssl checks brisk's key" quiet openssl pkey -in "$tmp/m.pem" -check -noout
        openssl genpkey -algorithm DH -pkeyopt group:$g -pkeyopt priv_len:320 -out "$tmp/l.pem" \
            2>/dev/null
        openssl pkey -in "$tmp/l.pem" -pubout -text -out "$tmp/ref" 2>/dev/null
        b pkey -in "$tmp/l.pem" -pubout -text
        check "$g: a privateValueLength as openssl keeps it" cmp -s "$tmp/ref" "$tmp/out"
        openssl genpkey -genparam -algorithm DH -pkeyopt group:$g -outform DER -out "$tmp/o.par" \
            2>/dev/null
        b genpkey -paramfile "$tmp/o.par" -out "$tmp/p.pem"
        b pkey -in "$tmp/p.pem" -text -noout
        check "$g: genpkey -paramfile on openssl's DER parameters" has "$tmp/out" "^GROUP: $g$"
        for pad in 0 1; do
            openssl pkeyutl -derive -inkey "$tmp/o.pem" -peerkey "$tmp/m.pub" \
                -pkeyopt dh_pad:$pad -out "$tmp/ref" 2>/dev/null
            b pkeyutl -derive -inkey "$tmp/m.pem" -peerkey "$tmp/o.pub" -pkeyopt dh_pad:$pad \
                -out "$tmp/got"
            check "$g: brisk's secret is openssl's, dh_pad:$pad" cmp -s "$tmp/ref" "$tmp/got"
        done
        openssl pkeyutl -derive -inkey "$tmp/a.pem" -peerkey "$tmp/b.pub" -out "$tmp/ref" \
            2>/dev/null
        check "openssl's secret of the inlined keys is the one above" \
            [ "$(hex_of <"$tmp/ref")" = "$secret" ]
    done
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
