#!/bin/sh
# tests/test_cli_pk.sh - end-to-end tests of the public-key commands:
# `genrsa`, `dsaparam`, `pkey`, `dgst -sign/-verify` and speed's RSA, DSA
# and FFDH rows.
#
#   sh tests/test_cli_pk.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# Everywhere: known answers recorded from OpenSSL 3.0.19 (a fixed RSA-512
# key's PKCS#8 and public encodings and its PKCS#1 v1.5 signatures, which
# are deterministic), round trips through brisk alone (keys through PEM and
# DER, RSA PKCS#1 v1.5 and PSS and DSA signatures, a changed file refused),
# the `speed -mr` grammar of rsa512, dsa512 and ffdh2048 (and the group
# name ffdh) and the human table, compared with openssl's when it runs (the
# first rsa512 dsa512 run timed for a second per operation, the others
# under -testmode: these check formats, not figures), and every kind of
# bad input: one "brisk PROG:" line on stderr and exit 1 (for a signature
# that does not verify, "Verification failure" on stdout as openssl prints
# it), never a crash.
#
# With `openssl` on PATH and no emulator: interop both ways.  Keys made by
# each tool (genrsa, dsaparam -genkey) are read by the other's pkey, and
# both write the same bytes for the same key (PKCS#8, traditional, public;
# PEM and DER); PKCS#1 v1.5 signatures are byte-identical; PSS and DSA
# signatures made by either verify with the other, under openssl's
# defaults and explicit salt lengths and MGF1 digests.  Under an emulator
# (BRISK_RUN, or given after the path) or without openssl those parts are
# skipped with a note.  Keys are small (512 and 1024 bits) but for one
# 2048-bit genrsa, left out with BRISK_TEST_QUICK=1.
# Prints "N passed, N failed" last; exits non-zero if any check failed.

. "$(dirname "$0")/cli_lib.sh"
find_native_openssl

QUICK=${BRISK_TEST_QUICK:-0}

# verify_failed: "Verification failure" on stdout and exit 1, no crash.
verify_failed() {
    [ "$rc" -eq 1 ] && no_sanitizer && [ "$(cat "$tmp/out")" = "Verification failure" ]
}
verified() { [ "$rc" -eq 0 ] && no_sanitizer && [ "$(cat "$tmp/out")" = "Verified OK" ]; }
same() { cmp -s "$1" "$2"; }
hexof() { od -An -tx1 "$1" | tr -d ' \n'; }
# bq ARGS...: brisk quietly; its status.
bq() { $RUN "$BRISK" "$@" 2>"$tmp/berr"; }
# oq ARGS...: openssl quietly; its status.
oq() { openssl "$@" 2>"$tmp/oerr"; }

printf 'the quick brown fox\n' >"$tmp/msg"
printf 'the quick brown fix\n' >"$tmp/msg2"
head -c 5000 /dev/urandom >"$tmp/big"

# ---- Known answers (OpenSSL 3.0.19: openssl genrsa -traditional 512,
# openssl pkey [-pubout], openssl dgst -sha256|-sha1 -sign) ----
cat >"$tmp/kat.pem" <<'EOF'
-----BEGIN RSA PRIVATE KEY-----
MIIBOgIBAAJBAMatGqG6RUJGqJd/lHGSz+tIF7yWmJUNJypeHr4Mp085724G75kF
Eg62ouDaSZ6AE98+FMFOmVXqGRBfgqeN9PcCAwEAAQJAGSSzKCCQv1B96Z5lxPHV
ims3RdCxQrvFZyE+NsMXMXlkPs7QCemClit3D8TAuny72WPqiMOupGi5StXZmspc
EQIhAPW0OEVv/lxOxCbJFT1AshQA0Mm5BWxouOCPEkVk8ReNAiEAzwBlM41KuPg+
n4zhPoQIct7dxR2zL8NrcU/CBX8765MCIQCTRJbpv6u0xh05phLN6OYTqT17eyNu
DAKrzfVElLEQzQIgDLG2gxHQGkXG+VvXWFEaf4jhSrxGh9BRH3LHsDScRRcCIFxZ
hqytvSS9abgyEzkBdsiQ/zHKvbG/1iuM6BCG1G0/
-----END RSA PRIVATE KEY-----
EOF
cat >"$tmp/kat.pub" <<'EOF'
-----BEGIN PUBLIC KEY-----
MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAMatGqG6RUJGqJd/lHGSz+tIF7yWmJUN
JypeHr4Mp085724G75kFEg62ouDaSZ6AE98+FMFOmVXqGRBfgqeN9PcCAwEAAQ==
-----END PUBLIC KEY-----
EOF
printf 'brisk known answer\n' >"$tmp/katmsg"
KAT_SHA256=5fb26647de2da7ab5069afa34014d3d997d9c4857113cbf88931824e79e326ff200310ce3c6f488c1ab2baf289099fc5b227b4144ff79da0523ff9d2d915db84
KAT_SHA1=6f13659d7dec137b8850753edbfb22053d8236941dedc647affacc248458bd12b302c7c8b48a357363a3cbfb55390bc2a2ed37553c383f80edb7b6180f8bf838

b pkey -in "$tmp/kat.pem" -pubout
check "known answer: pkey -pubout of a traditional RSA key: exit 0" [ "$rc" -eq 0 ]
check "known answer: pkey -pubout, openssl's SubjectPublicKeyInfo" same "$tmp/out" "$tmp/kat.pub"
b pkey -in "$tmp/kat.pem"
check "known answer: pkey writes PKCS#8 PEM" [ "$(head -n 1 "$tmp/out")" = "-----BEGIN PRIVATE KEY-----" ]
check "known answer: pkey's PKCS#8, openssl's first line" \
    [ "$(sed -n 2p "$tmp/out")" = "MIIBVAIBADANBgkqhkiG9w0BAQEFAASCAT4wggE6AgEAAkEAxq0aobpFQkaol3+U" ]
cp "$tmp/out" "$tmp/kat.p8"
b pkey -in "$tmp/kat.p8" -traditional
check "known answer: PKCS#8 back to traditional, as it was" same "$tmp/out" "$tmp/kat.pem"
bq dgst -sha256 -sign "$tmp/kat.pem" -out "$tmp/kat.sig" "$tmp/katmsg"
check "known answer: PKCS#1 v1.5 signature with SHA-256" [ "$(hexof "$tmp/kat.sig")" = "$KAT_SHA256" ]
bq dgst -sha1 -sign "$tmp/kat.p8" "$tmp/katmsg" >"$tmp/kat1.sig"
check "known answer: PKCS#1 v1.5 signature with SHA-1, to stdout" [ "$(hexof "$tmp/kat1.sig")" = "$KAT_SHA1" ]
b dgst -sha256 -verify "$tmp/kat.pub" -signature "$tmp/kat.sig" "$tmp/katmsg"
check "known answer: verifies with the public key" verified
b dgst -sha256 -verify "$tmp/kat.pem" -signature "$tmp/kat.sig" "$tmp/katmsg"
check "known answer: verifies with the private key file too" verified
b dgst -sha256 -prverify "$tmp/kat.pem" -signature "$tmp/kat.sig" "$tmp/katmsg"
check "known answer: -prverify" verified
b dgst -sha256 -verify "$tmp/kat.pub" -signature "$tmp/kat.sig" "$tmp/msg"
check "known answer: another file: Verification failure, exit 1" verify_failed
b dgst -sha1 -verify "$tmp/kat.pub" -signature "$tmp/kat.sig" "$tmp/katmsg"
check "known answer: another digest: Verification failure, exit 1" verify_failed
b dgst -sha256 -sign "$tmp/kat.pem" -hex "$tmp/katmsg"
check "known answer: -hex prints openssl's line" \
    [ "$(cat "$tmp/out")" = "RSA-SHA2-256($tmp/katmsg)= $KAT_SHA256" ]

# ---- Round trips through brisk alone ----
b genrsa -out "$tmp/b512.pem" 512
check "genrsa 512 -out: exit 0" [ "$rc" -eq 0 ]
check "genrsa 512 -out: nothing on stdout" [ ! -s "$tmp/out" ]
check "genrsa: PKCS#8 PEM" [ "$(head -n 1 "$tmp/b512.pem")" = "-----BEGIN PRIVATE KEY-----" ]
check "genrsa: the file is private (mode 600)" [ "$(ls -l "$tmp/b512.pem" | cut -c1-10)" = "-rw-------" ]
b genrsa -traditional 1024
check "genrsa -traditional 1024 to stdout: exit 0" [ "$rc" -eq 0 ]
check "genrsa -traditional: PKCS#1 PEM" [ "$(head -n 1 "$tmp/out")" = "-----BEGIN RSA PRIVATE KEY-----" ]
cp "$tmp/out" "$tmp/b1024.pem"
bq pkey -in "$tmp/b1024.pem" -out "$tmp/b1024.p8"
bq pkey -in "$tmp/b1024.p8" -outform DER -out "$tmp/b1024.der"
bq pkey -in "$tmp/b1024.der" -inform DER -traditional -out "$tmp/b1024.back"
check "pkey: PKCS#1 -> PKCS#8 -> DER -> PKCS#1, the same key" same "$tmp/b1024.pem" "$tmp/b1024.back"
bq pkey -in "$tmp/b1024.der" -pubout -out "$tmp/b1024.pub"
bq pkey -in "$tmp/b1024.pub" -pubin -outform DER -out "$tmp/b1024.pub.der"
bq pkey -in "$tmp/b1024.pub.der" -out "$tmp/b1024.pub2"
check "pkey: public key through DER and back" same "$tmp/b1024.pub" "$tmp/b1024.pub2"
check "pkey -pubout: PUBLIC KEY" [ "$(head -n 1 "$tmp/b1024.pub")" = "-----BEGIN PUBLIC KEY-----" ]
for opts in "" "-sigopt rsa_padding_mode:pss" \
    "-sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:digest -sigopt rsa_mgf1_md:sha1"; do
    for md in sha1 sha256 sha384; do
        # shellcheck disable=SC2086
        bq dgst -$md -sign "$tmp/b1024.pem" $opts -out "$tmp/rt.sig" "$tmp/big"
        # shellcheck disable=SC2086
        b dgst -$md -verify "$tmp/b1024.pub" $opts -signature "$tmp/rt.sig" "$tmp/big"
        check "round trip $md $opts: Verified OK" verified
        # shellcheck disable=SC2086
        b dgst -$md -verify "$tmp/b1024.pub" $opts -signature "$tmp/rt.sig" "$tmp/msg"
        check "round trip $md $opts: another file refused" verify_failed
    done
done
bq dgst -sha256 -sign "$tmp/b1024.pem" -sigopt rsa_padding_mode:pss -out "$tmp/pss1" "$tmp/msg"
bq dgst -sha256 -sign "$tmp/b1024.pem" -sigopt rsa_padding_mode:pss -out "$tmp/pss2" "$tmp/msg"
check "PSS: two signatures differ (random salt)" sh -c "! cmp -s '$tmp/pss1' '$tmp/pss2'"
b dgst -sha256 -verify "$tmp/b1024.pub" -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:max \
    -signature "$tmp/pss1" "$tmp/msg"
check "PSS: signed with the largest salt by default (verifies as saltlen:max)" verified
b dgst -sha256 -verify "$tmp/b1024.pub" -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32 \
    -signature "$tmp/pss1" "$tmp/msg"
check "PSS: not with a 32-byte salt" verify_failed
b dgst -sha256 -verify "$tmp/b1024.pub" -signature "$tmp/pss1" "$tmp/msg"
check "PSS signature refused as PKCS#1 v1.5" verify_failed
# openssl 3.0's numeric salt lengths: -1 the digest's, -2 auto (the largest
# when signing, any when verifying), -3 the largest.
bq dgst -sha256 -sign "$tmp/b1024.pem" -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:-1 \
    -out "$tmp/pss-1" "$tmp/msg"
b dgst -sha256 -verify "$tmp/b1024.pub" -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32 \
    -signature "$tmp/pss-1" "$tmp/msg"
check "PSS saltlen:-1 signs with the digest's length" verified
for v in -1 -2; do
    b dgst -sha256 -verify "$tmp/b1024.pub" -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:$v \
        -signature "$tmp/pss-1" "$tmp/msg"
    check "PSS saltlen:-1's signature verifies with saltlen:$v" verified
done
b dgst -sha256 -verify "$tmp/b1024.pub" -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:-3 \
    -signature "$tmp/pss-1" "$tmp/msg"
check "PSS saltlen:-1's signature refused with saltlen:-3 (max)" verify_failed
for v in -2 -3; do
    bq dgst -sha256 -sign "$tmp/b1024.pem" -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:$v \
        -out "$tmp/pss$v" "$tmp/msg"
    b dgst -sha256 -verify "$tmp/b1024.pub" -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:max \
        -signature "$tmp/pss$v" "$tmp/msg"
    check "PSS saltlen:$v signs with the largest salt" verified
done
b dgst -sha256 -sign "$tmp/b1024.pem" -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:-4 "$tmp/msg"
check "PSS saltlen:-4: one line, exit 1" one_line_error dgst

b dsaparam -genkey -out "$tmp/d1024.pem" 1024
check "dsaparam -genkey 1024: exit 0" [ "$rc" -eq 0 ]
check "dsaparam -genkey: DSA PARAMETERS first" [ "$(head -n 1 "$tmp/d1024.pem")" = "-----BEGIN DSA PARAMETERS-----" ]
check "dsaparam -genkey: then a PKCS#8 PRIVATE KEY" grep -q '^-----BEGIN PRIVATE KEY-----$' "$tmp/d1024.pem"
check "dsaparam -genkey: the file is private" [ "$(ls -l "$tmp/d1024.pem" | cut -c1-10)" = "-rw-------" ]
bq dsaparam -in "$tmp/d1024.pem" -out "$tmp/d1024.par"
check "dsaparam -in: the parameters again" sh -c "sed -n '1,/END DSA/p' '$tmp/d1024.pem' | cmp -s - '$tmp/d1024.par'"
b dsaparam -in "$tmp/d1024.par" -genkey -noout
check "dsaparam -in -genkey -noout: one PEM block" [ "$(grep -c BEGIN "$tmp/out")" = 1 ]
check "dsaparam -in -genkey -noout: the key" grep -q 'BEGIN PRIVATE KEY' "$tmp/out"
b dsaparam <"$tmp/d1024.par"
check "dsaparam, parameters on stdin: exit 0" clean_exit
check "dsaparam, parameters on stdin: written again" cmp -s "$tmp/out" "$tmp/d1024.par"
b dsaparam -genkey -noout <"$tmp/d1024.par"
check "dsaparam -genkey, parameters on stdin: the key" grep -q 'BEGIN PRIVATE KEY' "$tmp/out"
# genpkey -paramfile: a DSA key on the given parameters, as openssl makes one
b genpkey -paramfile "$tmp/d1024.par" -out "$tmp/gd.pem"
check "genpkey -paramfile DSA" clean_exit
check "genpkey -paramfile DSA: PKCS#8" has "$tmp/gd.pem" '^-----BEGIN PRIVATE KEY-----$'
check "genpkey -paramfile DSA: the file is private" [ "$(ls -l "$tmp/gd.pem" | cut -c1-10)" = "-rw-------" ]
bq dsaparam -in "$tmp/d1024.par" -text -noout >"$tmp/gd.want"
bq pkey -in "$tmp/gd.pem" -text -noout >"$tmp/gd.text"
sed -n '/^P:/,$p' "$tmp/gd.text" >"$tmp/gd.p"
check "genpkey -paramfile DSA: the key's P, Q and G are the file's" \
    sh -c "[ -s '$tmp/gd.p' ] && sed -n '/^P:/,\$p' '$tmp/gd.want' | cmp -s - '$tmp/gd.p'"
b genpkey -paramfile - -outform DER -out "$tmp/gd.der" <"$tmp/d1024.par"
check "genpkey -paramfile - (stdin), DER" clean_exit
b pkey -inform DER -in "$tmp/gd.der" -check -noout
check "genpkey -paramfile DSA, DER: a valid key" clean_exit
b genpkey -paramfile "$tmp/d1024.pem"
check "genpkey -paramfile with the key after the parameters" clean_exit
b genpkey -paramfile "$tmp/gd.pem"
check "genpkey -paramfile of a key: says what it found" one_line_error genpkey \
    "found PRIVATE KEY, expected EC PARAMETERS, DH PARAMETERS or DSA PARAMETERS\$"
b genpkey -paramfile "$tmp/msg"
check "genpkey -paramfile of text" one_line_error genpkey "neither PEM"
b genpkey -paramfile "$tmp/nonexistent"
check "genpkey -paramfile missing" one_line_error genpkey "nonexistent"
b genpkey -paramfile "$tmp/d1024.par" -algorithm RSA
check "genpkey -paramfile and -algorithm" one_line_error genpkey "not both"
b genpkey -paramfile "$tmp/d1024.par" -pkeyopt rsa_keygen_bits:1024
check "genpkey -paramfile DSA with an RSA -pkeyopt" one_line_error genpkey "not an option of DSA"
b genpkey -algorithm DSA
check "genpkey -algorithm DSA: points to -paramfile" one_line_error genpkey "give -paramfile"
bq pkey -in "$tmp/d1024.pem" -pubout -out "$tmp/d1024.pub"
bq pkey -in "$tmp/d1024.pem" -pubout -outform DER -out "$tmp/d1024.pub.der"
for md in sha1 sha256; do
    bq dgst -$md -sign "$tmp/d1024.pem" -out "$tmp/d.sig" "$tmp/big"
    b dgst -$md -verify "$tmp/d1024.pub" -signature "$tmp/d.sig" "$tmp/big"
    check "DSA round trip $md: Verified OK" verified
    b dgst -$md -verify "$tmp/d1024.pub" -signature "$tmp/d.sig" "$tmp/msg"
    check "DSA round trip $md: another file refused" verify_failed
done
bq dgst -sha256 -sign "$tmp/d1024.pem" -out "$tmp/d2.sig" "$tmp/big"
b dgst -sha256 -verify "$tmp/d1024.pub.der" -keyform DER -signature "$tmp/d2.sig" "$tmp/big"
check "DSA: -verify with a DER public key and -keyform DER" verified
b dgst -sha256 -verify "$tmp/d1024.pub.der" -keyform PEM -signature "$tmp/d2.sig" "$tmp/big"
check "DSA: a DER key with -keyform PEM: one line, exit 1" one_line_error dgst
bq dgst -sha256 -verify "$tmp/d1024.pub" -signature "$tmp/d2.sig" -out "$tmp/vout" "$tmp/big"
check "-verify -out: Verified OK written to the file" [ "$(cat "$tmp/vout")" = "Verified OK" ]
bq dgst -sha256 -out "$tmp/dout" "$tmp/msg"
check "dgst -out without a key: the digest line in the file" grep -q "^SHA2-256($tmp/msg)= [0-9a-f]\{64\}\$" "$tmp/dout"
check "DSA: two signatures of one file differ (RFC 6979 hedged with random bytes)" \
    sh -c "! cmp -s '$tmp/d.sig' '$tmp/d2.sig'"
check "DSA: a DER SEQUENCE" [ "$(hexof "$tmp/d.sig" | cut -c1-2)" = 30 ]
bq pkey -in "$tmp/d1024.pem" -outform DER -out "$tmp/d1024.der"
bq pkey -in "$tmp/d1024.der" -out "$tmp/d1024.p8"
check "DSA key through DER and back" sh -c "sed -n '/BEGIN PRIVATE/,\$p' '$tmp/d1024.pem' | cmp -s - '$tmp/d1024.p8'"

if [ "$QUICK" != 1 ]; then
    b genrsa -out "$tmp/b2048.pem"
    check "genrsa with no size: exit 0" [ "$rc" -eq 0 ]
    bq pkey -in "$tmp/b2048.pem" -pubout -outform DER -out "$tmp/b2048.der"
    # The SubjectPublicKeyInfo of an RSA-2048 key (e = 65537) is 294 bytes.
    check "genrsa with no size: 2048 bits" [ "$(wc -c <"$tmp/b2048.der")" -eq 294 ]
    bq dgst -sha256 -sign "$tmp/b2048.pem" -out "$tmp/s2048" "$tmp/msg"
    check "RSA-2048: a 256-byte signature" [ "$(wc -c <"$tmp/s2048")" -eq 256 ]
fi

# ---- Interoperability with openssl ----
if [ "$HAVE_OPENSSL" = 1 ]; then
    # genpkey -paramfile both ways on DSA parameters
    oq dsaparam -out "$tmp/od.par" 1024
    b genpkey -paramfile "$tmp/od.par" -out "$tmp/odk.pem"
    check "genpkey -paramfile on openssl's DSA parameters" clean_exit
    check "openssl checks that key" oq pkey -in "$tmp/odk.pem" -check -noout
    oq genpkey -paramfile "$tmp/d1024.par" -out "$tmp/bdk.pem"
    b pkey -in "$tmp/bdk.pem" -check -noout
    check "openssl genpkey -paramfile on brisk's DSA parameters: a valid key" clean_exit
    # Keys made by openssl, read by brisk: the same bytes out.
    oq genrsa -out "$tmp/o1024.pem" 1024
    for form in PEM DER; do
        oq pkey -in "$tmp/o1024.pem" -outform $form -out "$tmp/o.$form"
        bq pkey -in "$tmp/o1024.pem" -outform $form -out "$tmp/b.$form"
        check "openssl's RSA key: brisk pkey writes openssl's bytes in $form" same "$tmp/o.$form" "$tmp/b.$form"
        oq pkey -in "$tmp/o1024.pem" -pubout -outform $form -out "$tmp/o.pub.$form"
        bq pkey -in "$tmp/o1024.pem" -pubout -outform $form -out "$tmp/b.pub.$form"
        check "openssl's RSA key: pkey -pubout -outform $form byte-identical" same "$tmp/o.pub.$form" "$tmp/b.pub.$form"
        oq pkey -in "$tmp/o1024.pem" -traditional -outform $form -out "$tmp/o.t.$form"
        bq pkey -in "$tmp/o1024.pem" -traditional -outform $form -out "$tmp/b.t.$form"
        check "openssl's RSA key: pkey -traditional -outform $form byte-identical" same "$tmp/o.t.$form" "$tmp/b.t.$form"
    done
    bq pkey -in "$tmp/o.DER" -inform DER -out "$tmp/b.fromder"
    check "openssl's DER key read by brisk" same "$tmp/b.fromder" "$tmp/o.PEM"
    # Keys made by brisk, read by openssl.
    check "brisk's genrsa key passes openssl pkey -check" sh -c "openssl pkey -in '$tmp/b1024.pem' -check -noout >/dev/null 2>&1"
    check "brisk's genrsa 512 key passes openssl pkey -check" sh -c "openssl pkey -in '$tmp/b512.pem' -check -noout >/dev/null 2>&1"
    oq pkey -in "$tmp/b1024.p8" -pubout -out "$tmp/o.b1024.pub"
    check "brisk's key: openssl's -pubout equals brisk's" same "$tmp/o.b1024.pub" "$tmp/b1024.pub"
    oq pkey -in "$tmp/b1024.der" -inform DER -out "$tmp/o.b1024.p8"
    check "brisk's DER key: openssl writes the same PKCS#8" same "$tmp/o.b1024.p8" "$tmp/b1024.p8"

    # RSA PKCS#1 v1.5: identical signatures, each verifies the other's.
    for key in "$tmp/o1024.pem" "$tmp/b1024.pem"; do
        oq pkey -in "$key" -pubout -out "$tmp/k.pub"
        for md in sha1 sha224 sha256 sha384 sha512; do
            what="PKCS#1 v1.5 $md, key by $(basename "$key" | cut -c1)"
            bq dgst -$md -sign "$key" -out "$tmp/b.sig" "$tmp/big"
            oq dgst -$md -sign "$key" -out "$tmp/o.sig" "$tmp/big"
            check "$what: byte-identical signatures" same "$tmp/b.sig" "$tmp/o.sig"
            check "$what: openssl verifies brisk's" sh -c "openssl dgst -$md -verify '$tmp/k.pub' -signature '$tmp/b.sig' '$tmp/big' 2>/dev/null | grep -qx 'Verified OK'"
            b dgst -$md -verify "$tmp/k.pub" -signature "$tmp/o.sig" "$tmp/big"
            check "$what: brisk verifies openssl's" verified
        done
    done
    # RSA PSS both ways: the defaults, then explicit salts and MGF1 digests.
    oq pkey -in "$tmp/o1024.pem" -pubout -out "$tmp/o1024.pub"
    for opts in "" "-sigopt rsa_pss_saltlen:digest" "-sigopt rsa_pss_saltlen:max" \
        "-sigopt rsa_pss_saltlen:0" "-sigopt rsa_pss_saltlen:20 -sigopt rsa_mgf1_md:sha1" \
        "-sigopt rsa_pss_saltlen:auto" "-sigopt rsa_pss_saltlen:-1" "-sigopt rsa_pss_saltlen:-2" \
        "-sigopt rsa_pss_saltlen:-3"; do
        for md in sha1 sha256 sha384; do
            what="PSS $md $opts"
            # shellcheck disable=SC2086
            bq dgst -$md -sign "$tmp/o1024.pem" -sigopt rsa_padding_mode:pss $opts -out "$tmp/b.sig" "$tmp/big"
            # shellcheck disable=SC2086
            oq dgst -$md -sign "$tmp/o1024.pem" -sigopt rsa_padding_mode:pss $opts -out "$tmp/o.sig" "$tmp/big"
            check "$what: openssl verifies brisk's" sh -c "openssl dgst -$md -verify '$tmp/o1024.pub' -sigopt rsa_padding_mode:pss $opts -signature '$tmp/b.sig' '$tmp/big' 2>/dev/null | grep -qx 'Verified OK'"
            # shellcheck disable=SC2086
            b dgst -$md -verify "$tmp/o1024.pub" -sigopt rsa_padding_mode:pss $opts -signature "$tmp/o.sig" "$tmp/big"
            check "$what: brisk verifies openssl's" verified
        done
    done
    # openssl's default PSS salt, checked against brisk's reading of it.
    oq dgst -sha256 -sign "$tmp/o1024.pem" -sigopt rsa_padding_mode:pss -out "$tmp/o.sig" "$tmp/msg"
    b dgst -sha256 -verify "$tmp/o1024.pub" -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:max -signature "$tmp/o.sig" "$tmp/msg"
    check "PSS: openssl's default salt is the largest, as brisk's" verified

    # DSA: keys by each tool's dsaparam -genkey, signatures both ways.
    oq dsaparam -genkey -out "$tmp/od.pem" 2048
    check "openssl's dsaparam -genkey: brisk reads the key" sh -c "'$BRISK' pkey -in '$tmp/od.pem' -noout 2>/dev/null"
    check "openssl's dsaparam -genkey: brisk reads the parameters" sh -c "'$BRISK' dsaparam -in '$tmp/od.pem' -noout 2>/dev/null"
    bq dsaparam -in "$tmp/od.pem" -out "$tmp/b.par"
    oq dsaparam -in "$tmp/od.pem" -out "$tmp/o.par"
    check "DSA parameters: brisk writes openssl's bytes" same "$tmp/b.par" "$tmp/o.par"
    bq pkey -in "$tmp/od.pem" -out "$tmp/b.d.p8"
    oq pkey -in "$tmp/od.pem" -out "$tmp/o.d.p8"
    check "openssl's DSA key: the same PKCS#8" same "$tmp/b.d.p8" "$tmp/o.d.p8"
    oq dsaparam -in "$tmp/d1024.pem" -noout
    check "brisk's dsaparam -genkey: openssl reads the parameters" [ $? -eq 0 ]
    check "brisk's dsaparam -genkey: openssl reads the key" sh -c "openssl pkey -in '$tmp/d1024.pem' -noout 2>/dev/null"
    # openssl 3.0 gives p of 1024 bits a q of 224 bits; brisk takes it.
    oq dsaparam -genkey -out "$tmp/oe.pem" 1024
    for key in "$tmp/od.pem" "$tmp/oe.pem" "$tmp/d1024.pem"; do
        bq pkey -in "$key" -pubout -out "$tmp/b.dpub"
        oq pkey -in "$key" -pubout -out "$tmp/o.dpub"
        what="DSA, key $(basename "$key")"
        check "$what: pkey -pubout byte-identical" same "$tmp/b.dpub" "$tmp/o.dpub"
        bq pkey -in "$key" -pubout -outform DER -out "$tmp/b.dpub.der"
        oq pkey -in "$key" -pubout -outform DER -out "$tmp/o.dpub.der"
        check "$what: pkey -pubout -outform DER byte-identical" same "$tmp/b.dpub.der" "$tmp/o.dpub.der"
        for md in sha1 sha256; do
            bq dgst -$md -sign "$key" -out "$tmp/b.sig" "$tmp/big"
            oq dgst -$md -sign "$key" -out "$tmp/o.sig" "$tmp/big"
            check "$what $md: openssl verifies brisk's" sh -c "openssl dgst -$md -verify '$tmp/o.dpub' -signature '$tmp/b.sig' '$tmp/big' 2>/dev/null | grep -qx 'Verified OK'"
            b dgst -$md -verify "$tmp/o.dpub" -signature "$tmp/o.sig" "$tmp/big"
            check "$what $md: brisk verifies openssl's" verified
            b dgst -$md -verify "$tmp/o.dpub" -signature "$tmp/o.sig" "$tmp/msg"
            check "$what $md: brisk refuses openssl's for another file" verify_failed
        done
    done
fi

# ---- speed: RSA and DSA rows ----
F2_RE='^\+F2:[0-9]+:[0-9]+:[0-9]+\.[0-9]{6}:[0-9]+\.[0-9]{6}$'
F3_RE='^\+F3:[0-9]+:[0-9]+:[0-9]+\.[0-9]{6}:[0-9]+\.[0-9]{6}$'
DTP_RE='^\+DTP:[0-9]+:(private|public|sign|verify):(rsa|dsa):[0-9]+$'
RP_RE='^\+R[1-4]:[0-9]+:[0-9]+:[0-9]+\.[0-9][0-9]$'
b speed -mr -seconds 1 rsa512 dsa512
check "speed -mr rsa512 dsa512: exit 0" clean_exit
check "speed -mr: stdout is +F2/+F3 lines only" all_match "$tmp/out" "$F2_RE|$F3_RE"
check "speed -mr: +F2:0:512" count_is "$tmp/out" '^\+F2:0:512:' 1
check "speed -mr: +F3:0:512" count_is "$tmp/out" '^\+F3:0:512:' 1
check "speed -mr: stderr is +DTP/+R lines only" all_match "$tmp/err" "$DTP_RE|$RP_RE"
# progress NAME: stderr with the +R figures dropped, on one line.
progress() { sed 's/^\(+R[0-9]\):.*/\1/' "$1" | tr '\n' ' '; }
check "speed -mr: the four progress pairs, in openssl's order" \
    [ "$(progress "$tmp/err")" = "+DTP:512:private:rsa:1 +R1 +DTP:512:public:rsa:1 +R2 +DTP:512:sign:dsa:1 +R3 +DTP:512:verify:dsa:1 +R4 " ]
check "speed -mr: +R lines name the size" count_is "$tmp/err" '^\+R[1-4]:[0-9]+:512:' 4
cp "$tmp/err" "$tmp/mr_pk_err"
# The figures parse: sign and verify rates above zero.
positive() { awk -F: '{ if (!($4 > 0 && $5 > 0)) bad = 1 } END { exit bad }' "$1"; }
check "speed -mr: sign/s and verify/s above zero" positive "$tmp/out"
cp "$tmp/out" "$tmp/mr_pk"

b speed -testmode -seconds 1 rsa512 dsa512
check "speed rsa512 dsa512: exit 0" clean_exit
check "speed: openssl's header line, twice" count_is "$tmp/out" '^                  sign    verify    sign/s verify/s$' 2
check "speed: the rsa 512 row" has "$tmp/out" '^rsa  512 bits [0-9]\.[0-9]{6}s [0-9]\.[0-9]{6}s [ 0-9]{5}[0-9]+\.[0-9] [ 0-9]{5}[0-9]+\.[0-9]$'
check "speed: the dsa 512 row" has "$tmp/out" '^dsa  512 bits [0-9]\.[0-9]{6}s [0-9]\.[0-9]{6}s [ 0-9]{5}[0-9]+\.[0-9] [ 0-9]{5}[0-9]+\.[0-9]$'
check "speed: no bytes table without digests or ciphers" sh -c "! grep -q \"^The 'numbers'\" '$tmp/out'"
check "speed: rsa progress lines" count_is "$tmp/err" '^Doing 512 bits (private|public) rsa.s for 1s: [0-9]+ 512 bits (private|public) RSA.s in [0-9]+\.[0-9][0-9]s$' 2
check "speed: dsa progress lines" count_is "$tmp/err" '^Doing 512 bits (sign|verify) dsa.s for 1s: [0-9]+ 512 bits DSA (signs|verify) in [0-9]+\.[0-9][0-9]s$' 2
if [ "$HAVE_OPENSSL" = 1 ]; then
    openssl speed -mr -seconds 1 rsa512 dsa512 >"$tmp/oout" 2>"$tmp/oerr"
    check "openssl speed -mr rsa512 dsa512 fits the same grammar (stdout)" all_match "$tmp/oout" "$F2_RE|$F3_RE"
    check "openssl speed -mr fits the same grammar (stderr)" all_match "$tmp/oerr" "$DTP_RE|$RP_RE"
    check "speed -mr: the same lines as openssl's, figures aside" \
        [ "$(cut -d: -f1-3 "$tmp/oout")" = "$(cut -d: -f1-3 "$tmp/mr_pk")" ]
    check "speed -mr: the same progress lines as openssl's, figures aside" \
        [ "$(progress "$tmp/oerr")" = "$(progress "$tmp/mr_pk_err")" ]
    openssl speed -seconds 1 rsa512 >"$tmp/oout" 2>"$tmp/oerr"
    b speed -testmode -seconds 1 rsa512
    shape() { tail -n 2 "$1" | sed 's/[0-9]/9/g; s/ *9*9\.9/ 9.9/g'; }
    check "speed rsa512: header and row shaped as openssl's" [ "$(shape "$tmp/out")" = "$(shape "$tmp/oout")" ]
fi
b speed -testmode -mr -seconds 1 -bytes 16 md5 rsa512
check "speed -mr md5 rsa512: +H, +F, then +F2" \
    [ "$(cut -d: -f1-2 "$tmp/out" | tr '\n' ' ')" = "+H:16 +F:3 +F2:0 " ]
# -testmode's workers need no SIGALRM: this runs under qemu-i386 too
b speed -testmode -mr -multi 2 -seconds 1 rsa512
check "speed -mr -multi 2 rsa512: exit 0" clean_exit
check "speed -mr -multi 2: one summed +F2 line" count_is "$tmp/out" "$F2_RE" 1
b speed -help
check "speed -help: lists the RSA and DSA names" sh -c "grep -q ' rsa2048 ' '$tmp/out' && grep -q ' dsa2048' '$tmp/out'"
check "speed -help: lists the FFDH names" sh -c "grep -q ' ffdh ffdh2048 ffdh3072 ffdh4096 ffdh6144 ffdh8192' '$tmp/out'"
check "speed -help: lists ecdh and its curves" grep -q ' ecdh ecdhp256 ecdhp384 ecdhp521 ecdhx25519 ecdhx448' "$tmp/out"
check "speed -help: lists ecdsa and its curves" grep -q ' ecdsa ecdsap256 ecdsap384 ecdsap521' "$tmp/out"
check "speed -help: lists eddsa and its curves" grep -q ' eddsa ed25519 ed448' "$tmp/out"

# ---- speed: FFDH rows (OpenSSL 3.0's +F8, +R12 and its "ffdh" table) ----
F8_RE='^\+F8:[0-9]+:[0-9]+:[0-9]+\.[0-9]{6}:[0-9]+\.[0-9]{6}$'
DTPF_RE='^\+DTP:[0-9]+::ffdh:[0-9]+$'
R12_RE='^\+R12:[0-9]+:[0-9]+:[0-9]+\.[0-9][0-9]$'
# progress_ff NAME: progress's one line, for two-digit +R records.
progress_ff() { sed 's/^\(+R[0-9]*\):.*/\1/' "$1" | tr '\n' ' '; }
b speed -testmode -mr -seconds 1 ffdh2048
check "speed -mr ffdh2048: exit 0 (its self-check passed)" clean_exit
check "speed -mr ffdh2048: stdout is one +F8:0:2048 line" sh -c "grep -Eq '$F8_RE' '$tmp/out' && [ \"\$(cut -d: -f1-3 '$tmp/out')\" = '+F8:0:2048' ]"
check "speed -mr ffdh2048: stderr is +DTP:2048::ffdh:1 then +R12" \
    [ "$(progress_ff "$tmp/err")" = "+DTP:2048::ffdh:1 +R12 " ]
check "speed -mr ffdh2048: +R12 fits openssl's grammar" count_is "$tmp/err" "$R12_RE" 1
cp "$tmp/out" "$tmp/mr_ffdh"
cp "$tmp/err" "$tmp/mr_ffdh_err"
b speed -testmode -seconds 1 ffdh2048
check "speed ffdh2048: exit 0" clean_exit
check "speed ffdh2048: openssl's header" count_is "$tmp/out" '^                       op     op/s$' 1
check "speed ffdh2048: openssl's row" has "$tmp/out" '^2048 bits ffdh +[0-9]+\.[0-9]{4}s +[0-9]+\.[0-9]$'
check "speed ffdh2048: openssl's progress line" count_is "$tmp/err" '^Doing 2048 bits  ffdh.s for 1s: [0-9]+ 2048-bits FFDH ops in [0-9]+\.[0-9][0-9]s$' 1
b speed -testmode -mr -seconds 1 ffdh
check "speed -mr ffdh: exit 0" clean_exit
check "speed -mr ffdh: +F8 lines only" all_match "$tmp/out" "$F8_RE"
# a size whose derive ran at most once stops the larger ones, as in openssl
check "speed -mr ffdh: the sizes in openssl's order, from 2048" sh -c \
    "cut -d: -f1-3 '$tmp/out' | tr '\\n' ' ' | grep -Eq '^\\+F8:0:2048 (\\+F8:1:3072 (\\+F8:2:4096 (\\+F8:3:6144 (\\+F8:4:8192 )?)?)?)?$'"
if [ "$HAVE_OPENSSL" = 1 ]; then
    openssl speed -mr -seconds 1 ffdh2048 >"$tmp/oout" 2>"$tmp/oerr"
    check "openssl speed -mr ffdh2048 fits the same grammar (stdout)" all_match "$tmp/oout" "$F8_RE"
    check "openssl speed -mr ffdh2048 fits the same grammar (stderr)" all_match "$tmp/oerr" "$DTPF_RE|$R12_RE"
    check "speed -mr ffdh2048: the same lines as openssl's, figures aside" \
        [ "$(cut -d: -f1-3 "$tmp/oout")" = "$(cut -d: -f1-3 "$tmp/mr_ffdh")" ]
    check "speed -mr ffdh2048: the same progress lines as openssl's, figures aside" \
        [ "$(progress_ff "$tmp/oerr")" = "$(progress_ff "$tmp/mr_ffdh_err")" ]
    openssl speed -seconds 1 ffdh2048 >"$tmp/oout" 2>"$tmp/oerr"
    b speed -testmode -seconds 1 ffdh2048
    check "speed ffdh2048: header and row shaped as openssl's" [ "$(shape "$tmp/out")" = "$(shape "$tmp/oout")" ]
fi

# ---- speed: the ECDH rows (P-256, P-384, P-521, X25519, X448), as OpenSSL 3.0's ----
F5_RE='^\+F5:22:253:[0-9]+\.[0-9]{6}:[0-9]+\.[0-9]{6}$'
F5P_RE='^\+F5:[0-9]+:[0-9]+:[0-9]+\.[0-9]{6}:[0-9]+\.[0-9]{6}$'
b speed -testmode -mr -seconds 1 ecdh
check "speed -mr ecdh: exit 0" clean_exit
check "speed -mr ecdh: +F5 lines only" all_match "$tmp/out" "$F5P_RE"
check "speed -mr ecdh: the curves in openssl's order" \
    [ "$(cut -d: -f1-3 "$tmp/out" | tr '\n' ' ')" = "+F5:3:256 +F5:4:384 +F5:5:521 +F5:22:253 +F5:23:448 " ]
check "speed -mr ecdh: +DTP::ecdh then +R7 per curve" \
    [ "$(progress "$tmp/err")" = "+DTP:256::ecdh:1 +R7 +DTP:384::ecdh:1 +R7 +DTP:521::ecdh:1 +R7 +DTP:253::ecdh:1 +R7 +DTP:448::ecdh:1 +R7 " ]
b speed -testmode -mr -seconds 1 ecdhx25519
check "speed -mr ecdhx25519: exit 0" clean_exit
check "speed -mr ecdhx25519: one +F5:22:253 line" all_match "$tmp/out" "$F5_RE"
check "speed -mr ecdhx25519: +DTP:253::ecdh:1 then +R7" \
    [ "$(progress "$tmp/err")" = "+DTP:253::ecdh:1 +R7 " ]
b speed -testmode -mr -seconds 1 ecdhx25519 ecdhx448
cp "$tmp/out" "$tmp/mr_ecdh"
cp "$tmp/err" "$tmp/mr_ecdh_err"
b speed -testmode -seconds 1 ecdhx25519 ecdhx448
check "speed ecdhx25519 ecdhx448: exit 0" clean_exit
check "speed ecdhx25519: openssl's op header" has "$tmp/out" '^ {30}op      op/s$'
check "speed ecdhx25519: the row" has "$tmp/out" '^ 253 bits ecdh \(X25519\) +[0-9]\.[0-9]{4}s +[0-9]+\.[0-9]$'
check "speed ecdhx448: the row" has "$tmp/out" '^ 448 bits ecdh \(X448\) +[0-9]\.[0-9]{4}s +[0-9]+\.[0-9]$'
check "speed ecdhx25519: the progress line" has "$tmp/err" '^Doing 253 bits  ecdh.s for 1s: [0-9]+ 253-bits ECDH ops in [0-9]+\.[0-9][0-9]s$'
check "speed ecdhx448: the progress line" has "$tmp/err" '^Doing 448 bits  ecdh.s for 1s: [0-9]+ 448-bits ECDH ops in [0-9]+\.[0-9][0-9]s$'
if [ "$HAVE_OPENSSL" = 1 ]; then
    openssl speed -mr -seconds 1 ecdhx25519 ecdhx448 >"$tmp/oout" 2>"$tmp/oerr"
    check "speed -mr ecdh: the same lines as openssl's ecdhx25519 ecdhx448, figures aside" \
        [ "$(cut -d: -f1-3 "$tmp/oout")" = "$(cut -d: -f1-3 "$tmp/mr_ecdh")" ]
    check "speed -mr ecdh: the same progress lines as openssl's, figures aside" \
        [ "$(progress "$tmp/oerr")" = "$(progress "$tmp/mr_ecdh_err")" ]
    openssl speed -seconds 1 ecdhx25519 ecdhx448 >"$tmp/oout" 2>"$tmp/oerr"
    b speed -testmode -seconds 1 ecdhx25519 ecdhx448
    check "speed ecdhx25519 ecdhx448: header and rows shaped as openssl's" [ "$(shape "$tmp/out")" = "$(shape "$tmp/oout")" ]
fi

# ---- speed: the EdDSA rows; the group eddsa, both curves in openssl's order ----
b speed -testmode -mr -seconds 1 eddsa
check "speed -mr eddsa: Ed25519's then Ed448's +F6 line" \
    [ "$(cut -d: -f1-4 "$tmp/out" | tr '\n' ' ')" = "+F6:0:253:Ed25519 +F6:1:456:Ed448 " ]

# ---- speed: the EdDSA row (Ed448), as OpenSSL 3.0's ----
F6_RE='^\+F6:1:456:Ed448:[0-9]+\.[0-9]{6}:[0-9]+\.[0-9]{6}$'
b speed -testmode -mr -seconds 1 ed448
check "speed -mr ed448: exit 0" clean_exit
check "speed -mr ed448: one +F6:1:456:Ed448 line" all_match "$tmp/out" "$F6_RE"
check "speed -mr ed448: sign then verify progress" \
    [ "$(progress "$tmp/err")" = "+DTP:456:sign:Ed448:1 +R8 +DTP:456:verify:Ed448:1 +R9 " ]
cp "$tmp/out" "$tmp/mr_eddsa"
cp "$tmp/err" "$tmp/mr_eddsa_err"
b speed -testmode -seconds 1 ed448
check "speed ed448: exit 0" clean_exit
check "speed ed448: openssl's EdDSA header" has "$tmp/out" '^ {30}sign    verify    sign/s verify/s$'
check "speed ed448: the row" has "$tmp/out" '^ 456 bits EdDSA \(Ed448\) +[0-9]\.[0-9]{4}s +[0-9]\.[0-9]{4}s +[0-9]+\.[0-9] +[0-9]+\.[0-9]$'
if [ "$HAVE_OPENSSL" = 1 ]; then
    openssl speed -mr -seconds 1 ed448 >"$tmp/oout" 2>"$tmp/oerr"
    check "speed -mr ed448: the same lines as openssl's, figures aside" \
        [ "$(cut -d: -f1-4 "$tmp/oout")" = "$(cut -d: -f1-4 "$tmp/mr_eddsa")" ]
    check "speed -mr ed448: the same progress lines as openssl's, figures aside" \
        [ "$(progress "$tmp/oerr")" = "$(progress "$tmp/mr_eddsa_err")" ]
    openssl speed -seconds 1 ed448 >"$tmp/oout" 2>"$tmp/oerr"
    b speed -testmode -seconds 1 ed448
    check "speed ed448: header and row shaped as openssl's" [ "$(shape "$tmp/out")" = "$(shape "$tmp/oout")" ]
fi
# -testmode's workers need no SIGALRM: this runs under qemu-i386 too
b speed -testmode -mr -multi 2 -seconds 1 ecdhx25519
check "speed -mr -multi 2 ecdhx25519: one summed +F5 line" count_is "$tmp/out" "$F5_RE" 1

# ---- speed: the EdDSA row (Ed25519), as OpenSSL 3.0's ----
F6_RE='^\+F6:0:253:Ed25519:[0-9]+\.[0-9]{6}:[0-9]+\.[0-9]{6}$'
b speed -testmode -mr -seconds 1 ed25519
check "speed -mr ed25519: exit 0 (its self-check passed)" clean_exit
check "speed -mr ed25519: one +F6:0:253:Ed25519 line" all_match "$tmp/out" "$F6_RE"
check "speed -mr ed25519: +DTP sign, +R8, +DTP verify, +R9" \
    [ "$(progress "$tmp/err")" = "+DTP:253:sign:Ed25519:1 +R8 +DTP:253:verify:Ed25519:1 +R9 " ]
check "speed -mr ed25519: +R8 and +R9 name the curve" count_is "$tmp/err" '^\+R[89]:[0-9]+:253:Ed25519:[0-9]+\.[0-9][0-9]$' 2
cp "$tmp/out" "$tmp/mr_eddsa"
cp "$tmp/err" "$tmp/mr_eddsa_err"
b speed -testmode -seconds 1 ed25519
check "speed ed25519: exit 0" clean_exit
check "speed ed25519: openssl's header" has "$tmp/out" '^ {30}sign    verify    sign/s verify/s$'
check "speed ed25519: the row" has "$tmp/out" '^ 253 bits EdDSA \(Ed25519\) +[0-9]\.[0-9]{4}s +[0-9]\.[0-9]{4}s +[0-9]+\.[0-9] +[0-9]+\.[0-9]$'
check "speed ed25519: the sign progress line" has "$tmp/err" '^Doing 253 bits sign Ed25519.s for 1s: [0-9]+ 253 bits Ed25519 signs in [0-9]+\.[0-9][0-9]s $'
check "speed ed25519: the verify progress line" has "$tmp/err" '^Doing 253 bits verify Ed25519.s for 1s: [0-9]+ 253 bits Ed25519 verify in [0-9]+\.[0-9][0-9]s$'
if [ "$HAVE_OPENSSL" = 1 ]; then
    openssl speed -mr -seconds 1 ed25519 >"$tmp/oout" 2>"$tmp/oerr"
    check "speed -mr ed25519: the same lines as openssl's, figures aside" \
        [ "$(cut -d: -f1-4 "$tmp/oout")" = "$(cut -d: -f1-4 "$tmp/mr_eddsa")" ]
    check "speed -mr ed25519: the same progress lines as openssl's, figures aside" \
        [ "$(progress "$tmp/oerr")" = "$(progress "$tmp/mr_eddsa_err")" ]
    openssl speed -seconds 1 ed25519 >"$tmp/oout" 2>"$tmp/oerr"
    b speed -testmode -seconds 1 ed25519
    check "speed ed25519: header and row shaped as openssl's" [ "$(shape "$tmp/out")" = "$(shape "$tmp/oout")" ]
fi
# -testmode's workers need no SIGALRM: this runs under qemu-i386 too
b speed -testmode -mr -multi 2 -seconds 1 ed25519
check "speed -mr -multi 2 ed25519: one summed +F6 line" count_is "$tmp/out" "$F6_RE" 1
# ---- speed: ECDSA and ECDH on the NIST curves, as OpenSSL 3.0's ----
F4_RE='^\+F4:[0-9]+:[0-9]+:[0-9]+\.[0-9]{6}:[0-9]+\.[0-9]{6}$'
b speed -testmode -mr -seconds 1 ecdsap256
check "speed -mr ecdsap256: exit 0 (its self-check passed)" clean_exit
check "speed -mr ecdsap256: one +F4:3:256 line" sh -c "grep -Eq '$F4_RE' '$tmp/out' && [ \"\$(cut -d: -f1-3 '$tmp/out')\" = '+F4:3:256' ]"
check "speed -mr ecdsap256: +DTP sign, +R5, +DTP verify, +R6" \
    [ "$(progress "$tmp/err")" = "+DTP:256:sign:ecdsa:1 +R5 +DTP:256:verify:ecdsa:1 +R6 " ]
cp "$tmp/out" "$tmp/mr_ecdsa"
cp "$tmp/err" "$tmp/mr_ecdsa_err"
b speed -testmode -seconds 1 ecdsa
check "speed ecdsa: exit 0" clean_exit
check "speed ecdsa: openssl's header" count_is "$tmp/out" '^ {30}sign    verify    sign/s verify/s$' 1
for c in 256 384 521; do
    check "speed ecdsa: the nistp$c row" has "$tmp/out" "^ $c bits ecdsa \\(nistp$c\\) +[0-9]\\.[0-9]{4}s +[0-9]\\.[0-9]{4}s +[0-9]+\\.[0-9] +[0-9]+\\.[0-9]$"
done
check "speed ecdsa: openssl's progress lines" count_is "$tmp/err" '^Doing [0-9]+ bits (sign|verify) ecdsa.s for 1s: [0-9]+ [0-9]+ bits ECDSA (signs|verify) in [0-9]+\.[0-9][0-9]s$' 6
b speed -testmode -seconds 1 ecdhp384
check "speed ecdhp384: the row" has "$tmp/out" '^ 384 bits ecdh \(nistp384\) +[0-9]\.[0-9]{4}s +[0-9]+\.[0-9]$'
if [ "$HAVE_OPENSSL" = 1 ]; then
    openssl speed -mr -seconds 1 ecdsap256 >"$tmp/oout" 2>"$tmp/oerr"
    check "speed -mr ecdsap256: the same lines as openssl's, figures aside" \
        [ "$(cut -d: -f1-3 "$tmp/oout")" = "$(cut -d: -f1-3 "$tmp/mr_ecdsa")" ]
    check "speed -mr ecdsap256: the same progress lines as openssl's, figures aside" \
        [ "$(progress "$tmp/oerr")" = "$(progress "$tmp/mr_ecdsa_err")" ]
    openssl speed -seconds 1 ecdsap521 >"$tmp/oout" 2>"$tmp/oerr"
    b speed -testmode -seconds 1 ecdsap521
    check "speed ecdsap521: header and row shaped as openssl's" [ "$(shape "$tmp/out")" = "$(shape "$tmp/oout")" ]
    openssl speed -seconds 1 ecdhp256 >"$tmp/oout" 2>"$tmp/oerr"
    b speed -testmode -seconds 1 ecdhp256
    check "speed ecdhp256: header and row shaped as openssl's" [ "$(shape "$tmp/out")" = "$(shape "$tmp/oout")" ]
fi

# ---- Bad input: one line on stderr, exit 1 ----
d="$tmp/bad"
mkdir "$d"
for bits in 100 511 513 9000 4098 abc -512; do
    b genrsa "$bits"
    check "genrsa $bits: one line, exit 1" one_line_error genrsa
done
b genrsa 512 1024
check "genrsa with two sizes: one line, exit 1" one_line_error genrsa
for bits in 1000 4096 0 x; do
    b dsaparam "$bits"
    check "dsaparam $bits: one line, exit 1" one_line_error dsaparam
done
b dsaparam </dev/null
check "dsaparam without a size, empty stdin: one line, exit 1" one_line_error dsaparam
printf 'not parameters\n' >"$d/junk.txt"
b dsaparam <"$d/junk.txt"
check "dsaparam without a size, junk on stdin: one line, exit 1" one_line_error dsaparam
b genrsa -bogus 512
check "genrsa -bogus: one line, exit 1" one_line_error genrsa

# Malformed and truncated PEM and DER keys, for pkey and dgst.
head -c 300 "$tmp/b1024.p8" >"$d/trunc.pem"
sed '2s/^.\{10\}/@@@@@@@@@@/' "$tmp/b1024.p8" >"$d/garbage.pem"
sed '$d' "$tmp/b1024.p8" >"$d/noend.pem"
printf -- '-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n' >"$d/empty.pem"
printf -- '-----BEGIN PRIVATE KEY-----\nMAA=\n-----END PRIVATE KEY-----\n' >"$d/emptyseq.pem"
head -c 400 "$tmp/b1024.der" >"$d/trunc.der"
cp "$tmp/b1024.der" "$d/extra.der"
printf '\000' >>"$d/extra.der"
head -c 200 /dev/urandom >"$d/random.der"
: >"$d/empty"
sed -n '/BEGIN DSA PARAMETERS/,/END DSA PARAMETERS/p' "$tmp/d1024.pem" >"$d/params-only.pem"
for f in trunc.pem garbage.pem noend.pem empty.pem emptyseq.pem trunc.der extra.der random.der empty \
    params-only.pem; do
    b pkey -in "$d/$f"
    check "pkey -in $f: one line, exit 1" one_line_error pkey
    b dgst -sha256 -sign "$d/$f" "$tmp/msg"
    check "dgst -sign $f: one line, exit 1" one_line_error dgst
    b dgst -sha256 -verify "$d/$f" -signature "$tmp/kat.sig" "$tmp/msg"
    check "dgst -verify $f: one line, exit 1" one_line_error dgst
done
b pkey -in "$tmp/b1024.der" -inform PEM
check "pkey: DER read as -inform PEM: one line, exit 1" one_line_error pkey
b pkey -in "$tmp/b1024.p8" -inform DER
check "pkey: PEM read as -inform DER: one line, exit 1" one_line_error pkey
b pkey -in "$tmp/b1024.p8" -outform XML
check "pkey -outform XML: one line, exit 1" one_line_error pkey
b dsaparam -in "$tmp/b1024.p8"
check "dsaparam -in an RSA key: one line, exit 1" one_line_error dsaparam
b dsaparam -in "$d/trunc.pem"
check "dsaparam -in truncated PEM: one line, exit 1" one_line_error dsaparam

# Hostile keys (issue 25), made by a script with Python's integers: DSA
# parameters with q the product of the five largest 32-bit primes, p = k q
# + 1 a 1024-bit prime and g = 2^((p-1)/q) (q | p - 1 and g^q = 1 hold),
# and a traditional DSA key over them (Pohlig-Hellman recovers its x in
# seconds); an RSA-1024 key whose p is the product of two 256-bit primes,
# with d and the CRT values computed from it (every other check holds);
# an RSA-4096 public key with e = 2^64 + 1.
cat >"$d/weak-q.par" <<'EOF'
-----BEGIN DSA PARAMETERS-----
MIIBHgKBgQDhMhR7d3hQdaahl2zABBtdytGwhRMQJnhK8fohQA/7ZVvgLCfh1clm
ef7hcCN9D1vroF5hfRZGCdHUh7/pWrjPXoCFoIFFN28LrQ88yBQOkBrkWvPl9cku
/c7sn17lSLr3049DC1mGF63XCmY080HgZk8+tynfvvMmfcZ/9w7ybQIVAP///tsA
AHVN/+0XWgEGPvD8gvWLAoGAE6rWKonRLZwK9p1vG+yWvnwsmYnLvfULPnRkCIBg
he7nOjxOg37UCYL4an8bnbFOUwRF8Cw2Gwu6eGS44mtR9itS+3n695iFgHc2zsL9
I34nfGsz6h85LiaFwTUZd2uCG6xTPQQ8CnPHoPi2l51CZ+ncLyE4oC9zmFcxML4Z
AQw=
-----END DSA PARAMETERS-----
EOF
cat >"$d/weak-q.key" <<'EOF'
-----BEGIN DSA PRIVATE KEY-----
MIIBvAIBAAKBgQDhMhR7d3hQdaahl2zABBtdytGwhRMQJnhK8fohQA/7ZVvgLCfh
1clmef7hcCN9D1vroF5hfRZGCdHUh7/pWrjPXoCFoIFFN28LrQ88yBQOkBrkWvPl
9cku/c7sn17lSLr3049DC1mGF63XCmY080HgZk8+tynfvvMmfcZ/9w7ybQIVAP//
/tsAAHVN/+0XWgEGPvD8gvWLAoGAE6rWKonRLZwK9p1vG+yWvnwsmYnLvfULPnRk
CIBghe7nOjxOg37UCYL4an8bnbFOUwRF8Cw2Gwu6eGS44mtR9itS+3n695iFgHc2
zsL9I34nfGsz6h85LiaFwTUZd2uCG6xTPQQ8CnPHoPi2l51CZ+ncLyE4oC9zmFcx
ML4ZAQwCgYEAiCLYCQ+zxvMQf+ZTcABfcK5xNbo96c2YNoWUnNX2Y1F3iWhU7Au9
qPscBjVYHFnYD5aZQc5lz2DF+xvbPI6lFnHvaiv3STR1b1cfSbpZ11Bb2OeYiYQc
im4Y1idwSZDhK6Us6r6isA3kPR5o3w6HWEwUUs3vXbRf/eNGpNo+fIgCFQCpR8ja
zTP/Q2ZWGEgB1mhN5IuS2g==
-----END DSA PRIVATE KEY-----
EOF
cat >"$d/composite-p.key" <<'EOF'
-----BEGIN RSA PRIVATE KEY-----
MIICXgIBAAKBgQDb8uFyBNu8QKtluK9+9kEmQq43W3WBtEp20RNAsvM82UEUYfvO
B3xuIURL2gFLbQKXPxC1/0SeTsPkmsT/ww+l59yUKngTz/pFx4TGRXVDb1wMyeJU
Jtu02mMMMLK9WcdIcT4RSS30rOS2EgSmmB/OqMddUtOVpO5AFd4+MB6n7QIDAQAB
AoGBAIoToX/omOFHX9IN7O4xPZj9R00tN0ljm1OX0RROwvAyGu7mzCL9BBpG/A76
HtHw7y1vw9fdFoCjRcrfdkhxdgIwKUlJ0QemTJLzvbP5h+aebisOvjay2gdaPLD3
FIn1DgZt45HzVVL9Tf+2OZbmMaTVhNQXIylP2TjM5WWmo+TpAkEA3O0oy53Rjqjv
8euCYSXosXy58rwBQuE8u27pKDnVRNBmrD75raRemC/hsBeFMSkrkwrjoRL2f2yD
q0O6e79pwwJBAP7d/OEr6W3UvlsAeIzWQQ3DMHZli95DAhTMaxbft9+mwPDgYTMu
QKgSBYzXCLz3JBEon01tibw/BBKBm/WF3I8CQQDYkHZkGwFYOgxz9ivpdVLD4YMa
CeemmsqA5bkS4JZKDYwIHvd7mtvLjWxLxNKgnT4EtzDqLX+K62Gq2gqM0dcnAkEA
5ceiDCiY5eqeTFFaXi90q0HFWZknxxVGtRWvnwnILx2aahEB0TDsHhtRYa8lM6jl
nYqwRRBy04NE2qJ7x5oORQJAP96uJI0W0wK/ero6JL7ftleOYfllJHzJMQrDODIJ
lnlljYBM+ajtmZ2MxOOB2pNQSVdz2f6TuuUmv/w4OkKu3A==
-----END RSA PRIVATE KEY-----
EOF
cat >"$d/e65.pub" <<'EOF'
-----BEGIN PUBLIC KEY-----
MIICKDANBgkqhkiG9w0BAQEFAAOCAhUAMIICEAKCAgEAtjW++kfE71DX77YXlTE6
YVpc28I67cDj+a6ssc1d9L2DeQyGcBarNYewX2QpVGACZrxOh9casGA9I6MW2DDe
Q6NZmi7jaKSf27p6CfnHTGq70D1TmiP4o1oJ6ZAiml7qbKeLDVxjIay1b1hiilZo
CLBsbITihlaxDtfaKsz3Q7ampT5XiQnM63KMiQoDc5zXnOTQCGApVrnGHHvNZw9K
JFJXxG6/BdibMavDNoocTMuHyBfpMu47NMi48K78Ob1RCwy8X0o6/XxEjKJQa8E/
dtzMKsFmG+1rblhnekT2sZyy+NLc2NkAFVwWKsjh0RWQD5Pcst92a1r4Sgh+3m82
i/1LlgcfMZDc61H0uz9EzwZoV1GjmZQBktgJqGChKm1GBIdsCorAhAJpmwvcVeDQ
6ahMMAbDIcvhR1Dt6pOmYS0UrIyd2k/LRrdQCdOi4puf3pQo4knszRShge2bWiRD
Ola0aCkaYyY4uD8dd9HrMKxbiF0lvkiQ4t5D92tDOGml0mZ0DTQqJBwY6PkdYfE6
IrnK/pu/6NdlYq8vADrlTlsN1adoRXNJBZWHugkAOscLIcJXsyWRKJQVafEHeTv9
+DawsHD2MIdM/nUfo9hjxHzqT4MMkSqIk+TXVloRMM9vQkgx/livKerXknKyRH5G
QGu9/ElecWIHqxYHPxJUFhsCCQEAAAAAAAAAAQ==
-----END PUBLIC KEY-----
EOF
b dsaparam -in "$d/weak-q.par" -genkey -noout
check "dsaparam -in -genkey, composite q: one line, exit 1" one_line_error dsaparam
check "dsaparam -in -genkey, composite q: no key written" [ ! -s "$tmp/out" ]
b dsaparam -in "$d/weak-q.par" -noout
check "dsaparam -in, composite q: one line, exit 1" one_line_error dsaparam
for f in weak-q.key composite-p.key e65.pub; do
    b pkey -in "$d/$f" -noout
    check "pkey -in $f: one line, exit 1" one_line_error pkey
    b dgst -sha256 -verify "$d/$f" -signature "$tmp/kat.sig" "$tmp/msg"
    check "dgst -verify $f: one line, exit 1" one_line_error dgst
done
for f in weak-q.key composite-p.key; do
    b dgst -sha256 -sign "$d/$f" "$tmp/msg"
    check "dgst -sign $f: one line, exit 1" one_line_error dgst
done

# Unreadable files.
b pkey -in "$d/nonexistent"
check "pkey -in a missing file: one line, exit 1" one_line_error pkey
b pkey -in "$d"
check "pkey -in a folder: one line, exit 1" one_line_error pkey
b dgst -sha256 -sign "$d/nonexistent" "$tmp/msg"
check "dgst -sign a missing key: one line, exit 1" one_line_error dgst
b dgst -sha256 -sign "$tmp/kat.pem" "$d/nonexistent"
check "dgst -sign a missing file: one line, exit 1" one_line_error dgst
b dgst -sha256 -verify "$tmp/kat.pub" -signature "$d/nonexistent" "$tmp/katmsg"
check "dgst -verify a missing signature: one line, exit 1" one_line_error dgst
b genrsa -out "$d/no/such/dir/key.pem" 512
check "genrsa -out an unwritable path: one line, exit 1" one_line_error genrsa

# Key files are read up to 1 MiB: a key padded to exactly that is read
# (it was called "larger than 1048576 bytes"), one byte more is refused.
pad=$((1048576 - $(wc -c <"$tmp/kat.pem") - 1))
{ cat "$tmp/kat.pem"; head -c "$pad" /dev/zero | tr '\0' x; echo; } >"$d/mib.pem"
b pkey -noout -in "$d/mib.pem"
check "pkey -in a key file of exactly 1 MiB: read" clean_exit
echo >>"$d/mib.pem"
b pkey -noout -in "$d/mib.pem"
check "pkey -in a key file of 1 MiB + 1 byte: one line, exit 1" one_line_error pkey
check "pkey -in a key file of 1 MiB + 1 byte: says it is too large" \
    grep -q 'larger than 1048576 bytes' "$tmp/err"

# A key whose modulus holds the bytes "-----BEGIN" (made for this test;
# openssl rsa -check passes it), written as DER by pkey: without -inform
# it was taken for PEM ("malformed or truncated PEM").
cat >"$tmp/begin.pem" <<'EOF'
-----BEGIN RSA PRIVATE KEY-----
MIIBOwIBAAJBAMUtLS0tLUJFR0lOYMTt19cDNu7fTqJ5CtvzwUEITpCo/Gr635dD
kTxqyLJHYJH3z4Ycj0IxRt84jCPmOhBT5AsCAwEAAQJAEPVIN+T1SghUT7k2eGlu
UVc878Fz7WRUq0MlIVc6DpXbRc4d0m7mf4E7MbLzg7yq0GHA7dMbPzwI5LM6Xif4
9QIhAPXzSZCeXyEJKTLfJa0W3DMwfEgmWmxJaGoX0iBbNijHAiEAzTuzO6T+pdIe
bCgaQ/h0OCmLaqrtiXm1gxhncJkODp0CIDN/HxYSsuRd4KxwIJlfQffN3RfWP/SQ
YjZkinCP6IUdAiEAmQLijRxlUoHGdsKrWnO5SkoHDH7lXDKmlleyfytNZK0CIQCl
Mi0AAWsA+rE0Xc+UpukIZEtHoUjDNG0KBJgmhNdlig==
-----END RSA PRIVATE KEY-----
EOF
b pkey -in "$tmp/begin.pem" -outform DER -out "$d/begin.der"
check "key whose DER holds -----BEGIN: pkey -outform DER" clean_exit
b pkey -in "$d/begin.der" -traditional
check "key whose DER holds -----BEGIN: read back without -inform" clean_exit
check "key whose DER holds -----BEGIN: the same key" same "$tmp/out" "$tmp/begin.pem"
bq pkey -in "$d/begin.der" -pubout -outform DER -out "$d/begin.pub.der"
bq dgst -sha256 -sign "$d/begin.der" -out "$d/begin.sig" "$tmp/msg"
b dgst -sha256 -verify "$d/begin.pub.der" -signature "$d/begin.sig" "$tmp/msg"
check "key whose DER holds -----BEGIN: dgst -sign and -verify without -keyform" verified

# Wrong key type, wrong use, wrong signature.
b dgst -sha256 -sign "$tmp/d1024.pem" -sigopt rsa_padding_mode:pss "$tmp/msg"
check "DSA key with -sigopt rsa_padding_mode:pss (sign): one line, exit 1" one_line_error dgst
b dgst -sha256 -verify "$tmp/d1024.pub" -sigopt rsa_padding_mode:pss -signature "$tmp/d.sig" "$tmp/msg"
check "DSA key with -sigopt rsa_padding_mode:pss (verify): one line, exit 1" one_line_error dgst
b dgst -sha256 -sign "$tmp/kat.pub" "$tmp/msg"
check "-sign with a public key: one line, exit 1" one_line_error dgst
b dgst -sha256 -sign "$tmp/kat.pem" -sigopt rsa_padding_mode:oaep "$tmp/msg"
check "-sigopt rsa_padding_mode:oaep: one line, exit 1" one_line_error dgst
b dgst -sha256 -sign "$tmp/kat.pem" -sigopt nonsense "$tmp/msg"
check "-sigopt nonsense: one line, exit 1" one_line_error dgst
b dgst -sha256 -sign "$tmp/kat.pem" -sigopt rsa_mgf1_md:nosuch "$tmp/msg"
check "-sigopt rsa_mgf1_md:nosuch: one line, exit 1" one_line_error dgst
b dgst -sha256 -verify "$tmp/kat.pub" "$tmp/katmsg"
check "-verify without -signature: one line, exit 1" one_line_error dgst
check "-verify without -signature: says so" grep -q 'no signature to verify' "$tmp/err"
b dgst -sha256 -sign "$tmp/kat.pem" "$tmp/msg" "$tmp/msg2"
check "-sign with two files: one line, exit 1" one_line_error dgst
b dgst -sha256 -sign "$tmp/kat.pem" -verify "$tmp/kat.pub" "$tmp/msg"
check "-sign and -verify together: one line, exit 1" one_line_error dgst
b dgst -sha256 -sign "$tmp/kat.pem" -hmac k "$tmp/msg"
check "-sign with -hmac: one line, exit 1" one_line_error dgst
b dgst -sha256 -signature "$tmp/kat.sig" "$tmp/msg"
check "-signature without a key: one line, exit 1" one_line_error dgst
b dgst -sha512 -sign "$tmp/kat.pem" "$tmp/msg"
check "-sha512 with an RSA-512 key (too small for its DigestInfo): one line, exit 1" one_line_error dgst
head -c 63 "$tmp/kat.sig" >"$d/short.sig"
b dgst -sha256 -verify "$tmp/kat.pub" -signature "$d/short.sig" "$tmp/katmsg"
check "signature one byte short: Verification failure, exit 1" verify_failed
check "signature one byte short: one line naming the length" \
    sh -c "[ \"\$(wc -l <'$tmp/err')\" -eq 1 ] && grep -q 'is 63 bytes' '$tmp/err'"
cat "$tmp/kat.sig" "$tmp/kat.sig" >"$d/long.sig"
b dgst -sha256 -verify "$tmp/kat.pub" -signature "$d/long.sig" "$tmp/katmsg"
check "signature twice as long: Verification failure, exit 1" verify_failed
b dgst -sha256 -verify "$tmp/kat.pub" -signature "$d/empty" "$tmp/katmsg"
check "empty signature: Verification failure, exit 1" verify_failed
head -c 20 "$tmp/d.sig" >"$d/short.dsig"
b dgst -sha256 -verify "$tmp/d1024.pub" -signature "$d/short.dsig" "$tmp/big"
check "truncated DSA signature: Verification failure, exit 1" verify_failed
cp "$tmp/d.sig" "$d/trail.dsig"
printf '\000' >>"$d/trail.dsig"
b dgst -sha256 -verify "$tmp/d1024.pub" -signature "$d/trail.dsig" "$tmp/big"
check "DSA signature with a trailing byte: Verification failure, exit 1" verify_failed
b dgst -sha256 -verify "$tmp/d1024.pub" -signature "$tmp/kat.sig" "$tmp/big"
check "an RSA signature given to a DSA key: Verification failure, exit 1" verify_failed

# -help for each new subcommand, and them in brisk's own help.
for sub in genrsa dsaparam pkey; do
    b $sub -help
    check "$sub -help: usage line, exit 0" sh -c "[ $rc -eq 0 ] && grep -q '^Usage: brisk $sub ' '$tmp/out'"
done
b help
check "brisk help lists genrsa, dsaparam and pkey" \
    sh -c "grep -q '^  genrsa ' '$tmp/out' && grep -q '^  dsaparam ' '$tmp/out' && grep -q '^  pkey ' '$tmp/out'"
b dgst -help
check "dgst -help documents -sign, -verify and -sigopt" \
    sh -c "grep -q -- '-sign ' '$tmp/out' && grep -q -- '-verify ' '$tmp/out' && grep -q -- '-sigopt ' '$tmp/out'"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
