#!/bin/sh
# tests/test_cli_enckey.sh - end-to-end tests of password-encrypted keys:
# `genrsa` and `dsaparam -genkey` with a cipher option and -passout, `pkey
# -passin/-passout` with a cipher option, and `dgst -sign/-prverify
# -passin`.
#
#   sh tests/test_cli_enckey.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# Everywhere: every cipher option in both forms (encrypted PKCS#8 and
# Proc-Type PEM) and in DER reads back with its password and not with
# another; every password source (pass:, env:, file:, fd:, stdin, the same
# file for -passin and -passout, the empty password); re-encryption;
# signatures made with an encrypted key are those of the plain key; a wrong
# password, a changed or truncated file, no password without a terminal,
# and options that do not go together are one "brisk PROG:" line and exit
# 1, with no output file written.  On a terminal (script(1), when
# present): an encrypted key without -passin asks for its password, and
# genrsa -aes128 asks twice.
#
# With `openssl` on PATH and no emulator: keys openssl encrypted (PKCS#8
# with -v2 ciphers and -v2prf PRFs, genrsa -aes256, traditional rsa/dsa
# -aes256/-des3, pkey -traditional) open in brisk to the same key, and keys
# brisk encrypted open in `openssl pkey -passin` to the same key, RSA and
# DSA, both forms; a scheme brisk does not read (PBES1) is named so.
# Prints "N passed, N failed" last; exits non-zero if any check failed.

. "$(dirname "$0")/cli_lib.sh"
find_native_openssl

wrong_password() { one_line_error "$1" && grep -q "wrong password for '$2'" "$tmp/err"; }
absent() { [ ! -e "$1" ]; }
same() { cmp -s "$1" "$2"; }
# nb ARGS...: b without a controlling terminal (setsid), so that a missing
# password is an error rather than a prompt.
if command -v setsid >/dev/null 2>&1; then
    nb() { setsid -w $RUN "$BRISK" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }
else
    nb() { b "$@" </dev/null; }
fi

d=$tmp/d
mkdir "$d"

# ---- The keys, plain: PKCS#8 as pkey writes it is the reference ----
b genrsa -out "$d/rsa.pem" 512
check "genrsa 512" clean_exit
b dsaparam -genkey -out "$d/dsa.pem" 512
check "dsaparam -genkey 512" clean_exit
b pkey -in "$d/rsa.pem" -out "$d/rsa.p8"
b pkey -in "$d/dsa.pem" -out "$d/dsa.p8"
check "the reference keys" clean_exit

# reads_as FILE PASSIN REF: pkey -passin PASSIN reads FILE to the key REF.
reads_as() {
    b pkey -in "$1" -passin "$2" -out "$d/back.pem"
    clean_exit && same "$d/back.pem" "$3"
}

# ---- Every cipher, both forms, RSA and DSA ----
for c in aes128 aes192 aes256 des3 des; do
    for t in rsa dsa; do
        b pkey -in "$d/$t.pem" -"$c" -passout pass:pw -out "$d/e.pem"
        check "$t -$c: encrypted PKCS#8" has "$d/e.pem" '^-----BEGIN ENCRYPTED PRIVATE KEY-----$'
        check "$t -$c: reads back" reads_as "$d/e.pem" pass:pw "$d/$t.p8"
        b pkey -in "$d/e.pem" -passin pass:pW -out "$d/x"
        check "$t -$c: wrong password: one line, exit 1" wrong_password pkey "$d/e.pem"
        check "$t -$c: wrong password: nothing written" absent "$d/x"
        b pkey -in "$d/$t.pem" -"$c" -passout pass:pw -traditional -out "$d/e.pem"
        check "$t -$c -traditional: Proc-Type" has "$d/e.pem" '^Proc-Type: 4,ENCRYPTED$'
        check "$t -$c -traditional: reads back" reads_as "$d/e.pem" pass:pw "$d/$t.p8"
        b pkey -in "$d/e.pem" -passin pass: -out "$d/x"
        check "$t -$c -traditional: empty password refused" wrong_password pkey "$d/e.pem"
        b pkey -in "$d/$t.pem" -"$c" -passout pass:pw -outform DER -out "$d/e.der"
        check "$t -$c -outform DER" clean_exit
        check "$t -$c DER reads back" reads_as "$d/e.der" pass:pw "$d/$t.p8"
        b pkey -in "$d/e.der" -inform DER -passin pass:pw -out "$d/back.pem"
        check "$t -$c DER reads back with -inform DER" same "$d/back.pem" "$d/$t.p8"
    done
done
check "DEK-Info names the cipher" has "$d/e.pem" '^DEK-Info: DES-CBC,[0-9A-F]{16}$'

# ---- genrsa and dsaparam ----
b genrsa -aes256 -passout pass:gen -out "$d/g.pem" 512
check "genrsa -aes256: ENCRYPTED PRIVATE KEY" has "$d/g.pem" 'BEGIN ENCRYPTED PRIVATE KEY'
b pkey -in "$d/g.pem" -passin pass:gen -noout
check "genrsa -aes256: reads" clean_exit
b genrsa -des3 -traditional -passout pass:gen -out "$d/g.pem" 512
check "genrsa -des3 -traditional: DEK-Info" has "$d/g.pem" '^DEK-Info: DES-EDE3-CBC,'
check "genrsa -des3 -traditional: RSA PRIVATE KEY" has "$d/g.pem" 'BEGIN RSA PRIVATE KEY'
b pkey -in "$d/g.pem" -passin pass:gen -noout
check "genrsa -des3 -traditional: reads" clean_exit
b genrsa -passout pass:gen -out "$d/g.pem" 512
check "genrsa -passout without a cipher: a warning" has "$tmp/err" 'warning: -passout is ignored'
check "genrsa -passout without a cipher: plain key" has "$d/g.pem" '^-----BEGIN PRIVATE KEY-----$'
b dsaparam -genkey -aes128 -passout pass:dp -out "$d/dp.pem" 512
check "dsaparam -genkey -aes128" clean_exit
check "dsaparam -genkey -aes128: parameters in clear" has "$d/dp.pem" 'BEGIN DSA PARAMETERS'
check "dsaparam -genkey -aes128: key encrypted" has "$d/dp.pem" 'BEGIN ENCRYPTED PRIVATE KEY'
b pkey -in "$d/dp.pem" -passin pass:dp -noout
check "dsaparam -genkey -aes128: the key reads" clean_exit
b dsaparam -genkey -des3 -passout pass:dp -outform DER -out "$d/dp.der" 512
check "dsaparam -genkey -des3 -outform DER" clean_exit
b dsaparam -aes128 -passout pass:dp -out "$d/x" 512
check "dsaparam cipher without -genkey: one line, exit 1" one_line_error dsaparam
check "dsaparam cipher without -genkey: nothing written" absent "$d/x"
for p in genrsa dsaparam pkey; do
    b "$p" -help
    check "$p -help lists -passout and the ciphers" \
        sh -c "grep -q '^ -passout SRC' '$tmp/out' && grep -q '^ -aes256 ' '$tmp/out' &&
               grep -q '^ -des3 ' '$tmp/out'"
done
b pkey -help
check "pkey -help lists -passin" has "$tmp/out" '^ -passin SRC'
b dgst -help
check "dgst -help lists -passin" has "$tmp/out" '^ -passin SRC'

# ---- Password sources ----
b pkey -in "$d/rsa.pem" -aes128 -passout pass:src -out "$d/s.pem"
check "password source: pass:" reads_as "$d/s.pem" pass:src "$d/rsa.p8"
check "password source: env:" sh -c "BRISK_T_PW=src $RUN '$BRISK' pkey -in '$d/s.pem' \
    -passin env:BRISK_T_PW -out '$d/back.pem' && cmp -s '$d/back.pem' '$d/rsa.p8'"
printf 'src\nnext\n' >"$d/pwfile"
check "password source: file:" reads_as "$d/s.pem" "file:$d/pwfile" "$d/rsa.p8"
check "password source: fd:3" sh -c "$RUN '$BRISK' pkey -in '$d/s.pem' -passin fd:3 \
    -out '$d/back.pem' 3<'$d/pwfile' && cmp -s '$d/back.pem' '$d/rsa.p8'"
check "password source: stdin" sh -c "printf 'src\n' | $RUN '$BRISK' pkey -in '$d/s.pem' \
    -passin stdin -out '$d/back.pem' && cmp -s '$d/back.pem' '$d/rsa.p8'"
# openssl's rule: -passin and -passout on one file read its two lines
b pkey -in "$d/s.pem" -passin "file:$d/pwfile" -passout "file:$d/pwfile" -aes256 -out "$d/s2.pem"
check "one file for -passin and -passout" clean_exit
check "one file: the second line encrypts" reads_as "$d/s2.pem" pass:next "$d/rsa.p8"
b pkey -in "$d/rsa.pem" -aes128 -passout pass: -out "$d/s3.pem"
check "the empty password" reads_as "$d/s3.pem" pass: "$d/rsa.p8"
b pkey -in "$d/rsa.pem" -passin pass:unused -out "$d/back.pem"
check "a plain key with -passin reads" same "$d/back.pem" "$d/rsa.p8"
b pkey -in "$d/rsa.pem" -passout pass:x -out "$d/back.pem"
check "pkey -passout without a cipher: a warning, exit 0" \
    sh -c "[ $rc -eq 0 ] && grep -q 'warning: -passout is ignored' '$tmp/err'"
check "pkey -passout without a cipher: plain output" same "$d/back.pem" "$d/rsa.p8"

# ---- Re-encryption ----
b pkey -in "$d/s.pem" -passin pass:src -des3 -passout pass:new -out "$d/re.pem"
check "re-encrypt: new password" reads_as "$d/re.pem" pass:new "$d/rsa.p8"
b pkey -in "$d/re.pem" -passin pass:src -noout
check "re-encrypt: the old password no longer opens it" wrong_password pkey "$d/re.pem"

# ---- dgst ----
b dgst -sha256 -sign "$d/rsa.pem" -out "$d/sig.plain" "$d/rsa.pem"
b dgst -sha256 -sign "$d/s.pem" -passin pass:src -out "$d/sig.enc" "$d/rsa.pem"
check "dgst -sign -passin" clean_exit
check "dgst -sign: the signature of the plain key" same "$d/sig.enc" "$d/sig.plain"
b dgst -sha256 -prverify "$d/s.pem" -passin pass:src -signature "$d/sig.enc" "$d/rsa.pem"
check "dgst -prverify -passin" sh -c "[ $rc -eq 0 ] && grep -q 'Verified OK' '$tmp/out'"
b dgst -sha256 -sign "$d/s.pem" -passin pass:bad -out "$d/x" "$d/rsa.pem"
check "dgst -sign wrong password: one line, exit 1" wrong_password dgst "$d/s.pem"
check "dgst -sign wrong password: nothing written" absent "$d/x"
nb dgst -sha256 -sign "$d/s.pem" -out "$d/x" "$d/rsa.pem"
check "dgst -sign, no password, no terminal: one line, exit 1" one_line_error dgst
check "dgst -sign, no password: says -passin" has "$tmp/err" 'passin'
check "dgst -sign, no password: nothing written" absent "$d/x"

# ---- Bad input ----
nb pkey -in "$d/s.pem" -out "$d/x"
check "no password, no terminal: one line, exit 1" one_line_error pkey
check "no password, no terminal: says -passin" has "$tmp/err" 'passin'
check "no password, no terminal: nothing written" absent "$d/x"
printf 'old\n' >"$d/keep"
b pkey -in "$d/s.pem" -passin pass:bad -out "$d/keep"
check "wrong password: an existing output file is left alone" \
    sh -c "[ \"\$(cat '$d/keep')\" = old ]"
head -c 300 "$d/s.pem" >"$d/cut.pem"
b pkey -in "$d/cut.pem" -passin pass:src -out "$d/x"
check "truncated encrypted PEM: one line, exit 1" one_line_error pkey
check "truncated encrypted PEM: nothing written" absent "$d/x"
head -c 200 "$d/e.der" >"$d/cut.der"
b pkey -in "$d/cut.der" -passin pass:pw -out "$d/x"
check "truncated encrypted DER: one line, exit 1" one_line_error pkey
# the fourth line of base64 changed: ciphertext, so it reads as a wrong password
awk 'NR == 5 { $0 = (substr($0, 1, 1) == "A" ? "B" : "A") substr($0, 2) } { print }' \
    "$d/s.pem" >"$d/bent.pem"
b pkey -in "$d/bent.pem" -passin pass:src -out "$d/x"
check "changed ciphertext: wrong password or corrupt" wrong_password pkey "$d/bent.pem"
sed 's/^DEK-Info: DES-CBC,/DEK-Info: BF-CBC,/' "$d/e.pem" >"$d/bf.pem"
b pkey -in "$d/bf.pem" -passin pass:pw -out "$d/x"
check "DEK-Info BF-CBC: one line, exit 1" one_line_error pkey
check "DEK-Info BF-CBC: says brisk does not read it" has "$tmp/err" 'does not read'
b pkey -in "$d/rsa.pem" -aes256 -traditional -outform DER -passout pass:x -out "$d/x"
check "-traditional DER with a cipher: one line, exit 1" one_line_error pkey
check "-traditional DER with a cipher: nothing written" absent "$d/x"
: >"$d/empty"
b pkey -in "$d/empty" -passin pass:x -out "$d/x"
check "empty input with -passin: one line, exit 1" one_line_error pkey
b pkey -in "$d/s.pem" -passin nosuch:x -out "$d/x"
check "a bad password source: one line, exit 1" one_line_error pkey

# ---- The terminal prompt (script(1) gives the command a terminal; the
# answers wait until it has turned echo off and flushed what was typed) ----
if [ -z "$RUN" ] && command -v script >/dev/null 2>&1 && command -v timeout >/dev/null 2>&1
then
    (sleep 3; printf 'src\n') | timeout 60 script -qec \
        "'$BRISK' pkey -in '$d/s.pem' -out '$d/tty.pem'" /dev/null >"$tmp/out" 2>&1
    check "no -passin on a terminal: asks for the password" \
        sh -c "grep -q 'Enter pass phrase for $d/s.pem:' '$tmp/out' && cmp -s '$d/tty.pem' '$d/rsa.p8'"
    (sleep 3; printf 'tt\n'; sleep 1; printf 'tt\n') | timeout 60 script -qec \
        "'$BRISK' genrsa -aes128 -out '$d/tty.pem' 512" /dev/null >"$tmp/out" 2>&1
    check "genrsa -aes128 on a terminal: asks twice" \
        sh -c "grep -q 'Verifying - Enter PEM pass phrase:' '$tmp/out'"
    b pkey -in "$d/tty.pem" -passin pass:tt -noout
    check "genrsa -aes128 on a terminal: encrypted with the password typed" clean_exit
else
    echo "note: no script(1) or an emulator: skipping the terminal prompt"
fi

# ---- Interop with openssl, both ways ----
if [ "$HAVE_OPENSSL" -eq 1 ]; then
    # openssl's encryptions open in brisk
    i=0
    for v in "aes-128-cbc hmacWithSHA1" "aes-192-cbc hmacWithSHA224" \
             "aes-256-cbc hmacWithSHA256" "des3 hmacWithSHA384" "aes-256-cbc hmacWithSHA512" \
             "aes-128-cbc hmacWithSHA512-224" "des3 hmacWithSHA512-256"; do
        set -- $v
        for t in rsa dsa; do
            i=$((i + 1))
            openssl pkcs8 -topk8 -v2 "$1" -v2prf "$2" -iter $((1000 + i)) -in "$d/$t.pem" \
                -passout pass:o$i -out "$d/o.pem" 2>/dev/null
            check "openssl pkcs8 -v2 $1 -v2prf $2 ($t) opens in brisk" \
                reads_as "$d/o.pem" pass:o$i "$d/$t.p8"
            openssl pkcs8 -topk8 -v2 "$1" -v2prf "$2" -in "$d/$t.pem" -outform DER \
                -passout pass:o$i -out "$d/o.der" 2>/dev/null
            check "openssl pkcs8 -v2 $1 -v2prf $2 DER ($t) opens in brisk" \
                reads_as "$d/o.der" pass:o$i "$d/$t.p8"
        done
    done
    openssl genrsa -aes256 -passout pass:og -out "$d/og.pem" 512 2>/dev/null
    openssl pkey -in "$d/og.pem" -passin pass:og -out "$d/og.p8"
    check "openssl genrsa -aes256 opens in brisk" reads_as "$d/og.pem" pass:og "$d/og.p8"
    b pkey -in "$d/og.pem" -passin pass:oG -out "$d/x"
    check "openssl's key, wrong password: one line, exit 1" wrong_password pkey "$d/og.pem"
    for c in aes128 aes192 aes256 des3; do
        openssl rsa -in "$d/rsa.pem" -"$c" -traditional -passout pass:t -out "$d/ot.pem" 2>/dev/null
        check "openssl rsa -$c -traditional opens in brisk" reads_as "$d/ot.pem" pass:t "$d/rsa.p8"
        openssl dsa -in "$d/dsa.pem" -"$c" -passout pass:t -out "$d/ot.pem" 2>/dev/null
        check "openssl dsa -$c (traditional) opens in brisk" reads_as "$d/ot.pem" pass:t "$d/dsa.p8"
    done
    openssl pkey -in "$d/dsa.pem" -aes192 -traditional -passout pass:t -out "$d/ot.pem"
    check "openssl pkey -aes192 -traditional opens in brisk" reads_as "$d/ot.pem" pass:t "$d/dsa.p8"
    openssl pkcs8 -topk8 -v1 PBE-SHA1-3DES -in "$d/rsa.pem" -passout pass:v1 -out "$d/v1.pem" \
        2>/dev/null
    b pkey -in "$d/v1.pem" -passin pass:v1 -out "$d/x"
    check "PBES1 (openssl -v1): one line, exit 1" one_line_error pkey
    check "PBES1: says brisk does not read it" has "$tmp/err" 'does not read'
    check "PBES1: nothing written" absent "$d/x"

    # brisk's encryptions open in openssl
    for c in aes128 aes192 aes256 des3; do
        for t in rsa dsa; do
            b pkey -in "$d/$t.pem" -"$c" -passout pass:b -out "$d/b.pem"
            check "brisk pkey -$c ($t) opens in openssl" sh -c "openssl pkey -in '$d/b.pem' \
                -passin pass:b -out '$d/back.pem' && cmp -s '$d/back.pem' '$d/$t.p8'"
            check "brisk pkey -$c ($t): openssl refuses another password" sh -c \
                "! openssl pkey -in '$d/b.pem' -passin pass:B -noout 2>/dev/null"
            b pkey -in "$d/$t.pem" -"$c" -traditional -passout pass:b -out "$d/b.pem"
            check "brisk pkey -$c -traditional ($t) opens in openssl" sh -c "openssl pkey \
                -in '$d/b.pem' -passin pass:b -out '$d/back.pem' && cmp -s '$d/back.pem' \
                '$d/$t.p8'"
            b pkey -in "$d/$t.pem" -"$c" -outform DER -passout pass:b -out "$d/b.der"
            check "brisk pkey -$c DER ($t) opens in openssl" sh -c "openssl pkey -inform DER \
                -in '$d/b.der' -passin pass:b -out '$d/back.pem' && cmp -s '$d/back.pem' \
                '$d/$t.p8'"
        done
    done
    b pkey -in "$d/rsa.pem" -des -passout pass:b -out "$d/b.pem"
    check "brisk pkey -des opens in openssl (legacy provider)" sh -c "openssl pkey \
        -provider legacy -provider default -in '$d/b.pem' -passin pass:b -out '$d/back.pem' &&
        cmp -s '$d/back.pem' '$d/rsa.p8'"
    b genrsa -aes256 -passout pass:bg -out "$d/bg.pem" 512
    check "brisk genrsa -aes256 opens in openssl" sh -c \
        "openssl pkey -in '$d/bg.pem' -passin pass:bg -noout"
    b genrsa -des3 -traditional -passout pass:bg -out "$d/bg.pem" 512
    check "brisk genrsa -des3 -traditional opens in openssl" sh -c \
        "openssl rsa -in '$d/bg.pem' -passin pass:bg -noout 2>/dev/null"
    b dsaparam -genkey -aes256 -passout pass:bd -out "$d/bd.pem" 512
    check "brisk dsaparam -genkey -aes256 opens in openssl" sh -c \
        "openssl pkey -in '$d/bd.pem' -passin pass:bd -noout"
    # the structure openssl 3.0 writes: 8-byte salt, 2048 iterations,
    # hmacWithSHA256, aes-256-cbc
    b pkey -in "$d/rsa.pem" -aes256 -passout pass:x -out "$d/b.pem"
    openssl asn1parse -in "$d/b.pem" >"$d/asn1" 2>&1
    check "brisk writes PBES2 as openssl 3.0: PBKDF2, 2048 iterations, SHA-256, AES-256" \
        sh -c "grep -q ':PBES2' '$d/asn1' && grep -q 'l=   8 prim: OCTET STRING' '$d/asn1' &&
               grep -q 'INTEGER *:0800' '$d/asn1' && grep -q ':hmacWithSHA256' '$d/asn1' &&
               grep -q ':aes-256-cbc' '$d/asn1'"
fi

echo "test_cli_enckey: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
