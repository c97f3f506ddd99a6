#!/bin/sh
# tests/test_long_names.sh - every subcommand that echoes a file name, given
# names of several KB: `dgst` (plain, -hex, -r, -c, -hmac, several files,
# -sign -hex with RSA-2048, RSA-4096, RSA-8192 and DSA keys, -verify),
# `enc`, `pkey`, `genrsa` and `dsaparam`, and the error lines that name a
# missing, unreadable or too long file.
#
#   sh tests/test_long_names.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# The files sit at the end of a chain of directories: a relative path of
# about 3,900 bytes (just under Linux's PATH_MAX of 4096) ending in a name
# of 255 bytes (NAME_MAX); the error cases also use one of about 7,800 bytes,
# which open() refuses.  Output must be complete and right: the digest lines
# equal sha256sum's and openssl's for the same file, the -sign -hex line is
# the name and the hex of the raw signature, and every error is one line
# holding the whole name, with exit 1 and no crash.  `dgst -sign -hex` once
# built its line in a fixed buffer of 2,304 bytes: a long name made it print
# the stack, or crash.  The RSA-8192 key comes from `openssl genrsa` (brisk
# makes at most 4096 bits), which takes half a minute: it and RSA-4096 are
# left out with BRISK_TEST_QUICK=1, under an emulator, or without openssl.
# Prints "N passed, N failed" last; exits non-zero if any check failed.

. "$(dirname "$0")/cli_lib.sh"

HAVE_OPENSSL=0
if command -v openssl >/dev/null 2>&1; then
    HAVE_OPENSSL=1
else
    echo "note: no openssl on PATH: skipping the comparisons with openssl"
fi
QUICK=${BRISK_TEST_QUICK:-0}
[ -n "$RUN" ] && QUICK=1

no_sanitizer() { ! grep -Eq 'Sanitizer|runtime error' "$tmp/err"; }
# error_names PROG NAME: exit 1, one line on stderr, "brisk PROG: ...", and
# NAME in it whole.
error_names() {
    [ "$rc" -eq 1 ] && no_sanitizer && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -q "^brisk $1: " "$tmp/err" && grep -qF -- "$2" "$tmp/err"
}
# out_is TEXT: exit 0, no sanitizer report, stdout exactly TEXT and a newline.
out_is() {
    printf '%s\n' "$1" >"$tmp/want"
    [ "$rc" -eq 0 ] && no_sanitizer && cmp -s "$tmp/out" "$tmp/want"
}
quiet_ok() { [ "$rc" -eq 0 ] && no_sanitizer && [ ! -s "$tmp/out" ]; }
hexof() { od -An -tx1 "$1" | tr -d ' \n'; }
# repeat CHAR N: CHAR N times.
repeat() { printf "%$2s" '' | tr ' ' "$1"; }

# Relative paths keep the names under PATH_MAX wherever $tmp is.
cd "$tmp" || exit 1
seg=$(repeat d 200)
dir=.
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18; do
    dir="$dir/$seg$i"
done
mkdir -p "$dir" || exit 1
name=$(repeat n 255)
f="$dir/$name"                        # about 3,900 bytes
g="$dir/$(repeat g 200)"              # a second file, for several at once
missing="$dir/$(repeat m 200)"        # does not exist
huge="$dir/$dir/$name"                # about 7,800 bytes: too long to open
printf 'the quick brown fox\n' >"$f"
head -c 3000 /dev/urandom >"$g"
echo "note: file names of ${#f} and ${#huge} bytes"

# ---- dgst: digests ----

sum_f=$(sha256sum <"$f" | cut -c1-64)
sum_g=$(sha256sum <"$g" | cut -c1-64)
b dgst "$f"
check "dgst long name: the whole name and sha256sum's digest" out_is "SHA256($f)= $sum_f"
b dgst -sha256 -hex "$f" "$g"
check "dgst -sha256 -hex two long names: both lines whole" \
    out_is "SHA2-256($f)= $sum_f
SHA2-256($g)= $sum_g"
b dgst -r "$f"
check "dgst -r long name: coreutils line" out_is "$sum_f *$f"
b dgst -sha256 -r "$missing" "$f"
check "dgst a missing long name then a good one: exit 1" [ "$rc" -eq 1 ]
check "dgst a missing long name: named whole on stderr" grep -qF -- "'$missing'" "$tmp/err"
check "dgst a missing long name: the good file still printed" \
    [ "$(cat "$tmp/out")" = "$sum_f *$f" ]
if [ "$HAVE_OPENSSL" = 1 ]; then
    for opts in "-sha256" "-sha512 -hex" "-md5 -r" "-sha1 -c" "-sha384 -hmac k3y"; do
        # shellcheck disable=SC2086
        b dgst $opts "$f" "$g"
        # shellcheck disable=SC2086
        openssl dgst $opts "$f" "$g" >"$tmp/oout" 2>/dev/null
        check "dgst $opts long names: same bytes as openssl" cmp -s "$tmp/out" "$tmp/oout"
        check "dgst $opts long names: exit 0" clean_exit
    done
fi
b dgst "$huge"
check "dgst a name too long to open: one error line naming it" error_names dgst "$huge"
b dgst "$missing"
check "dgst a missing long name: one error line naming it" error_names dgst "$missing"
b dgst "$dir"
check "dgst a directory of a long name: one error line naming it" error_names dgst "$dir"

# ---- dgst -sign -hex / -verify, and the key commands ----

key="$dir/$(repeat k 200).pem"
b genrsa -out "$key" 2048
check "genrsa -out long name: exit 0, no output" quiet_ok
check "genrsa -out long name: a PKCS#8 key there" \
    [ "$(head -n 1 "$key")" = "-----BEGIN PRIVATE KEY-----" ]
b genrsa -out "$missing/k.pem" 512
check "genrsa -out in a missing long directory: one error line naming it" \
    error_names genrsa "$missing/k.pem"

pub="$dir/$(repeat p 200).pem"
b pkey -in "$key" -pubout -out "$pub"
check "pkey -in/-out long names: exit 0" [ "$rc" -eq 0 ]
check "pkey -pubout to a long name: a public key" \
    [ "$(head -n 1 "$pub")" = "-----BEGIN PUBLIC KEY-----" ]
b pkey -in "$key"
check "pkey -in long name: the key back" cmp -s "$tmp/out" "$key"
if [ "$HAVE_OPENSSL" = 1 ]; then
    openssl pkey -in "$key" -pubout >"$tmp/opub" 2>/dev/null
    check "pkey -pubout long names: same bytes as openssl" cmp -s "$pub" "$tmp/opub"
fi
b pkey -in "$missing"
check "pkey -in missing long name: one error line naming it" error_names pkey "$missing"
b pkey -in "$huge"
check "pkey -in a name too long to open: one error line naming it" error_names pkey "$huge"
b pkey -in "$f"
check "pkey -in a long name that is not a key: one error line naming it" error_names pkey "$f"
b pkey -in "$key" -out "$missing/out.pem"
check "pkey -out in a missing long directory: one error line naming it" \
    error_names pkey "$missing/out.pem"

dsap="$dir/$(repeat q 200).pem"
dsak="$dir/$(repeat r 200).pem"
b dsaparam -out "$dsap" 1024
check "dsaparam -out long name: exit 0" [ "$rc" -eq 0 ]
b dsaparam -in "$dsap" -genkey -out "$dsak"
check "dsaparam -in/-genkey -out long names: exit 0" [ "$rc" -eq 0 ]
check "dsaparam -genkey to a long name: a key" \
    has "$dsak" "^-----BEGIN PRIVATE KEY-----$"
b dsaparam -in "$missing"
check "dsaparam -in missing long name: one error line naming it" error_names dsaparam "$missing"
b dsaparam -in "$huge" -noout
check "dsaparam -in a name too long to open: one error line naming it" \
    error_names dsaparam "$huge"
b dsaparam -in "$dsap" -out "$missing/p.pem"
check "dsaparam -out in a missing long directory: one error line naming it" \
    error_names dsaparam "$missing/p.pem"

# sign_hex TYPE KEY DESC: -sign -hex over $f prints "TYPE-SHA2-256(NAME)= "
# and the hex of the raw signature, which verifies from a long -signature
# name.  RSA PKCS#1 v1.5 signatures are deterministic, so the line is
# compared whole; DSA's are hedged (a fresh nonce each time), so its line
# must be the name and hex, and that hex a signature that verifies.
sign_hex() {
    sig="$dir/$(repeat s 200).sig"
    b dgst -sha256 -sign "$2" -out "$sig" "$f"
    check "dgst -sign $3 long names: exit 0" clean_exit
    b dgst -sha256 -hex -sign "$2" "$f"
    if [ "$1" = RSA ]; then
        check "dgst -sign -hex $3, long name: the whole line" \
            out_is "$1-SHA2-256($f)= $(hexof "$sig")"
    else
        check "dgst -sign -hex $3, long name: the whole name, then hex" \
            [ "$(sed 's/= [0-9a-f]*$//' "$tmp/out")" = "$1-SHA2-256($f)" ]
        perl -ne 'print pack("H*", $1) if /= ([0-9a-f]+)$/' "$tmp/out" >"$tmp/hexsig"
        b dgst -sha256 -verify "$2" -signature "$tmp/hexsig" "$f"
        check "dgst -sign -hex $3, long name: the hex verifies" out_is "Verified OK"
    fi
    b dgst -sha256 -verify "$2" -signature "$sig" "$f"
    check "dgst -verify $3, long names: Verified OK" out_is "Verified OK"
    if [ "$1" = RSA ] && [ "$HAVE_OPENSSL" = 1 ]; then
        b dgst -sha256 -hex -sign "$2" "$f"
        openssl dgst -sha256 -hex -sign "$2" "$f" >"$tmp/oout" 2>/dev/null
        check "dgst -sign -hex $3, long name: same bytes as openssl" cmp -s "$tmp/out" "$tmp/oout"
    fi
}
sign_hex RSA "$key" RSA-2048
sign_hex DSA "$dsak" DSA-1024
if [ "$QUICK" != 1 ]; then
    key4096="$dir/$(repeat K 200).pem"
    b genrsa -out "$key4096" 4096
    check "genrsa 4096 -out long name: exit 0" [ "$rc" -eq 0 ]
    sign_hex RSA "$key4096" RSA-4096
    if [ "$HAVE_OPENSSL" = 1 ]; then
        key8192="$dir/$(repeat L 200).pem"
        openssl genrsa -out "$key8192" 8192 2>/dev/null
        sign_hex RSA "$key8192" RSA-8192
    fi
fi
b dgst -sha256 -hex -sign "$missing" "$f"
check "dgst -sign missing long key name: one error line naming it" error_names dgst "$missing"
b dgst -sha256 -sign "$key" "$missing"
check "dgst -sign a missing long file name: one error line naming it" \
    error_names dgst "$missing"
b dgst -sha256 -verify "$key" -signature "$huge" "$f"
check "dgst -verify -signature too long to open: one error line naming it" \
    error_names dgst "$huge"

# ---- enc ----

K=000102030405060708090a0b0c0d0e0f
IV=0f0e0d0c0b0a09080706050403020100
enc="$dir/$(repeat e 200).enc"
dec="$dir/$(repeat o 200).txt"
b enc -aes-128-cbc -K $K -iv $IV -in "$g" -out "$enc"
check "enc -in/-out long names: exit 0" clean_exit
b enc -d -aes-128-cbc -K $K -iv $IV -in "$enc" -out "$dec"
check "enc -d -in/-out long names: exit 0" clean_exit
check "enc round trip through long names: the same bytes" cmp -s "$g" "$dec"
if [ "$HAVE_OPENSSL" = 1 ]; then
    openssl enc -aes-128-cbc -K $K -iv $IV -in "$g" -out "$tmp/oenc" 2>/dev/null
    check "enc long names: same bytes as openssl" cmp -s "$enc" "$tmp/oenc"
fi
b enc -d -aes-128-cbc -pass pass:x -in "$f"
check "enc -d not Salted__, long -in name: one error line naming it" error_names enc "$f"
b enc -aes-128-cbc -K $K -iv $IV -in "$missing"
check "enc -in missing long name: one error line naming it" error_names enc "$missing"
b enc -aes-128-cbc -K $K -iv $IV -in "$huge"
check "enc -in a name too long to open: one error line naming it" error_names enc "$huge"
b enc -aes-128-cbc -K $K -iv $IV -in "$f" -out "$missing/x.enc"
check "enc -out in a missing long directory: one error line naming it" \
    error_names enc "$missing/x.enc"
b enc -aes-128-cbc -pass "file:$missing" -in "$f"
check "enc -pass file: missing long name: one error line naming it" error_names enc "$missing"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
