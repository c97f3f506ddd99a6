#!/bin/sh
# tests/test_speed_compare.sh - end-to-end tests of `brisk speed -compare
# openssl`, which times each cell through the system's libcrypto (dlopen of
# libcrypto.so.3) right after brisk's sample.
#
#   sh tests/test_speed_compare.sh PATH_TO_BRISK
#
# Checks that md5, md4 (legacy provider: figures or n/a), aes-128-cbc and
# rsa512 at -seconds 1 -bytes 16 print brisk's figure, libcrypto's and a
# ratio per cell, with samples taken alternately (brisk's, then
# libcrypto's, per cell) and both versions in the banner; that ecdhx25519
# (EVP_PKEY_derive with brisk's keys) and ffdh2048 are compared under an
# op/s header; that ecdsap256, ecdhp256 and ed25519 (brisk's keys as DER,
# checked by libcrypto against brisk's signature and secret) get
# libcrypto's figures; that a cipher
# OpenSSL 3.0 lacks (serpent) is n/a; that the usual table is still there,
# unchanged in form; and that `-compare foo`, -compare with -mr or -multi,
# and a libcrypto that cannot be loaded (BRISK_LIBCRYPTO naming none) are
# one error line and exit 1.  libcrypto is a test dependency
# (scripts/install-test-deps), so a native build must load it.  About 25 s.
# Prints "N passed, N failed" last; exits non-zero if any check failed.

. "$(dirname "$0")/cli_lib.sh"

NUM='[0-9]+\.[0-9][0-9]k?'
ROW_RE='^[^ ].{12}( {1,11}[0-9]+\.[0-9][0-9](k| ))+$'

# all_match_rows: the rows of the usual table (the first "type" header's,
# up to the public-key header) are in openssl speed's form.
all_match_rows() {
    awk '/^type /{f++; next} f == 1 { if (/sign/) exit; print }' "$tmp/out" >"$tmp/rows"
    [ -s "$tmp/rows" ] && all_match "$tmp/rows" "$ROW_RE"
}

# aligned FILE NAME: in FILE, the row of NAME's public-key cell has "brisk"
# in the column where its header has "library", and the next two rows
# "openssl" and "ratio" there too (the cell's label is not wider than the
# header's blank).
aligned() {
    awk -v name="$2" '
        / library / { col = index($0, "library") }
        index($0, name " ") == 1 && / brisk / {
            want = col; n = 3; if (index($0, "brisk") != col) bad = 1 }
        n == 2 && index($0, "openssl") != want { bad = 1 }
        n == 1 && index($0, "ratio") != want { bad = 1 }
        n > 0 { n-- }
        END { exit (bad || !want) }' "$1"
}

# ---- md5 md4 aes-128-cbc rsa512, one run ----
b speed -compare openssl -seconds 1 -bytes 16 md5 md4 aes-128-cbc rsa512
check "speed -compare openssl: exit 0" clean_exit
check "banner names brisk's version" has "$tmp/out" '^version: .*brisk'
check "banner names libcrypto's version" has "$tmp/out" '^compared with: OpenSSL 3\.'
check "the usual table is still there" has "$tmp/out" '^md5 {10}'
check "the usual table's rows keep their form" all_match_rows
for row in md5 aes-128-cbc; do
    check "$row: brisk's figure" has "$tmp/out" "^$row +brisk +$NUM *\$"
    grep -A2 -E "^$row +brisk " "$tmp/out" >"$tmp/cell"
    check "$row: openssl's figure" has "$tmp/cell" "^ +openssl +$NUM *\$"
    check "$row: the ratio" has "$tmp/cell" '^ +ratio +[0-9]+\.[0-9][0-9] *$'
done
grep -A2 -E "^md4 +brisk " "$tmp/out" >"$tmp/cell"
check "md4 (legacy provider): openssl's figure or n/a" \
    has "$tmp/cell" "^ +openssl +($NUM|n/a) *\$"
check "md4: a ratio or n/a" has "$tmp/cell" '^ +ratio +([0-9]+\.[0-9][0-9]|n/a) *$'
check "rsa512: brisk's sign/s and verify/s" \
    has "$tmp/out" '^rsa +512 bits brisk +[0-9]+\.[0-9] +[0-9]+\.[0-9]$'
check "rsa512: openssl's sign/s and verify/s" \
    has "$tmp/out" '^ +openssl +[0-9]+\.[0-9] +[0-9]+\.[0-9]$'
check "rsa512: both ratios" has "$tmp/out" '^ +ratio +[0-9]+\.[0-9][0-9] +[0-9]+\.[0-9][0-9] *$'
# aligned: "brisk" under "library", and "openssl" and "ratio" below it
check "rsa512: the library column lines up" aligned "$tmp/out" rsa
# Samples alternate: each of brisk's "Doing" lines is followed by
# libcrypto's for the same cell.
grep '^Doing' "$tmp/err" | awk 'NR % 2 == 1' | sed 's/^Doing //; s/: .*//' >"$tmp/odd"
grep '^Doing' "$tmp/err" | awk 'NR % 2 == 0' | sed 's/^Doing openssl //; s/: .*//' >"$tmp/even"
check "stderr: brisk's sample, then libcrypto's, cell by cell" \
    sh -c "[ \$(wc -l <'$tmp/odd') -eq 5 ] && ! grep -q '^openssl' '$tmp/odd' && cmp -s '$tmp/odd' '$tmp/even'"

# ---- ffdh2048: one operation, libcrypto's EVP_PKEY_derive on its own keys ----
b speed -compare openssl -seconds 1 ffdh2048
check "speed -compare openssl ffdh2048: exit 0" clean_exit
check "ffdh2048: an op/s header" has "$tmp/out" '^ +library +op/s$'
check "ffdh2048: brisk's op/s" has "$tmp/out" '^ffdh +2048 bits brisk +[0-9]+\.[0-9]$'
check "ffdh2048: openssl's op/s" has "$tmp/out" '^ +openssl +[0-9]+\.[0-9]$'
check "ffdh2048: the ratio" has "$tmp/out" '^ +ratio +[0-9]+\.[0-9][0-9] *$'
check "ffdh2048: brisk's sample, then libcrypto's" \
    [ "$(grep -c '^Doing 2048 bits  ffdh.s\|^Doing openssl 2048 bits  ffdh.s' "$tmp/err")" = 2 ]
# ---- ecdhx25519: EVP_PKEY_derive with brisk's keys, after its check ----
b speed -compare openssl -seconds 1 ecdhx25519
check "ecdhx25519: exit 0" clean_exit
check "ecdhx25519: an op/s header" has "$tmp/out" '^ +library +op/s$'
check "ecdhx25519: brisk's op/s" has "$tmp/out" '^ecdh +253 bits brisk +[0-9]+\.[0-9]$'
check "ecdhx25519: openssl's op/s" has "$tmp/out" '^ +openssl +[0-9]+\.[0-9]$'
check "ecdhx25519: the ratio" has "$tmp/out" '^ +ratio +[0-9]+\.[0-9][0-9] *$'
check "ecdhx25519: brisk's sample, then libcrypto's" \
    [ "$(grep -c '^Doing 253 bits  ecdh.s for 1s: [0-9]* 253-bits ECDH ops' "$tmp/err")" -eq 1 ] &&
    [ "$(grep -c '^Doing openssl 253 bits  ecdh.s for 1s: [0-9]* openssl 253-bits ECDH ops' "$tmp/err")" -eq 1 ]

# ---- ecdsap256, ecdhp256, ed25519: brisk's keys given to libcrypto as DER ----
# (PKCS#8 and SubjectPublicKeyInfo); libcrypto must verify brisk's ECDSA
# signature, derive brisk's secret and make brisk's Ed25519 signature, or
# the row is n/a with a line on stderr.
b speed -compare openssl -seconds 1 ecdsap256 ecdhp256 ed25519
check "ecdsap256 ecdhp256 ed25519: exit 0" clean_exit
check "no row is n/a" count_is "$tmp/err" "n/a" 0
check "ecdsap256: brisk's sign/s and verify/s" \
    has "$tmp/out" '^ecdsa  256 bits brisk +[0-9]+\.[0-9] +[0-9]+\.[0-9]$'
check "ed25519: brisk's sign/s and verify/s" \
    has "$tmp/out" '^eddsa  253 bits brisk +[0-9]+\.[0-9] +[0-9]+\.[0-9]$'
check "ecdhp256: brisk's op/s" has "$tmp/out" '^ecdh +256 bits brisk +[0-9]+\.[0-9]$'
for row in ecdsa eddsa ecdh; do
    check "$row: the library column lines up" aligned "$tmp/out" $row
done
for row in 'ecdsa  256' 'eddsa  253'; do
    grep -A2 -E "^$row bits brisk " "$tmp/out" >"$tmp/cell"
    check "$row: openssl's sign/s and verify/s" \
        has "$tmp/cell" '^ +openssl +[0-9]+\.[0-9] +[0-9]+\.[0-9]$'
    check "$row: both ratios" \
        has "$tmp/cell" '^ +ratio +[0-9]+\.[0-9][0-9] +[0-9]+\.[0-9][0-9] *$'
done
grep -A2 -E "^ecdh +256 bits brisk " "$tmp/out" >"$tmp/cell"
check "ecdhp256: openssl's op/s" has "$tmp/cell" '^ +openssl +[0-9]+\.[0-9]$'
check "ecdhp256: the ratio" has "$tmp/cell" '^ +ratio +[0-9]+\.[0-9][0-9] *$'
grep '^Doing' "$tmp/err" | awk 'NR % 2 == 1' | sed 's/^Doing //; s/: .*//' >"$tmp/odd"
grep '^Doing' "$tmp/err" | awk 'NR % 2 == 0' | sed 's/^Doing openssl //; s/: .*//' >"$tmp/even"
check "ecdsa, ecdh, eddsa: brisk's sample, then libcrypto's, op by op" \
    sh -c "[ \$(wc -l <'$tmp/odd') -eq 5 ] && ! grep -q '^openssl' '$tmp/odd' && cmp -s '$tmp/odd' '$tmp/even'"
check "ed25519: libcrypto's lines name the curve" \
    has "$tmp/err" "^Doing openssl 253 bits sign Ed25519's for 1s: [0-9]+ openssl "

# ---- a cipher OpenSSL 3.0 does not have ----
b speed -compare openssl -seconds 1 -bytes 16 -evp serpent-256-cbc
check "serpent: exit 0" clean_exit
check "serpent: libcrypto's lack said once on stderr" \
    count_is "$tmp/err" '^brisk speed: openssl: SERPENT-256-CBC: .*n/a' 1
grep -A2 -E "^SERPENT-256-CBC +brisk " "$tmp/out" >"$tmp/cell"
check "serpent: brisk's figure" has "$tmp/cell" "^SERPENT-256-CBC +brisk +$NUM *\$"
check "serpent: openssl n/a" has "$tmp/cell" '^ +openssl +n/a *$'
check "serpent: ratio n/a" has "$tmp/cell" '^ +ratio +n/a *$'

# ---- errors ----
b speed -compare foo md5
check "-compare foo: one error line" one_line_error speed "unknown library 'foo'"
check "-compare foo: nothing on stdout" lines_are "$tmp/out" 0
b speed -compare openssl -mr md5
check "-compare with -mr: one error line" one_line_error speed '-mr'
b speed -multi 2 -compare openssl md5
check "-compare with -multi: one error line" one_line_error speed '-multi'
BRISK_LIBCRYPTO=/nonexistent/libcrypto.so.3
export BRISK_LIBCRYPTO
b speed -compare openssl -seconds 1 md5
check "no libcrypto: one error line naming it" \
    one_line_error speed 'cannot load /nonexistent/libcrypto.so.3: .*install libssl3'
check "no libcrypto: nothing timed" lines_are "$tmp/out" 0
BRISK_LIBCRYPTO=libc.so.6
b speed -compare openssl -seconds 1 md5
unset BRISK_LIBCRYPTO
check "a library that is not libcrypto: one error line" one_line_error speed 'not OpenSSL'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
