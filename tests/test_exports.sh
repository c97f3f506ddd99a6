#!/bin/sh
# tests/test_exports.sh - libbrisk.so exports exactly what include/brisk/
# declares: every function and object declared there, and nothing else.
#
#   sh tests/test_exports.sh CC INCLUDE_DIR LIBBRISK_SO [READELF]
#
# The declared names come from the headers as the compiler CC sees them
# (preprocessed, comments gone): every brisk_* name followed by "(" (a
# function) and every name an `extern` declaration declares (the digest
# descriptors).  The exported ones are the defined global and weak symbols
# of the shared library's dynamic table.  A name on one side only fails the
# test: an internal function exported (a missing -fvisibility=hidden, or a
# BRISK_API on something private) or a public one not exported (a
# declaration without BRISK_API, or no definition).  readelf reads any
# ELF, so this runs for cross builds too.  Prints "N passed, N failed" last.
set -u

cc=$1 inc=$2 so=$3 readelf=${4:-readelf}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/brisk-exports.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

printf '#include <brisk/brisk.h>\n' >"$tmp/all.c"
if ! $cc -E -P -I"$inc" "$tmp/all.c" >"$tmp/pre.c"; then
    echo "test_exports: cannot preprocess brisk/brisk.h with $cc"
    echo "test_exports: 0 passed, 1 failed"
    exit 1
fi
# One declaration per line, attributes dropped.
sed 's/__attribute__ *((visibility *( *"default" *)))//g' "$tmp/pre.c" | tr '\n' ' ' |
    tr ';' '\n' >"$tmp/decls"
{
    grep -oE '\bbrisk_[A-Za-z0-9_]+[[:space:]]*\(' "$tmp/decls" | sed 's/[[:space:]]*($//'
    # extern T a, b[N], *c;  ->  a b c
    sed -n 's/^[[:space:]]*extern[[:space:]]\{1,\}//p' "$tmp/decls" | grep -v '(' |
        tr ',' '\n' | sed 's/\[[^]]*\]//g; s/[[:space:]]*$//; s/.*[^A-Za-z0-9_]//'
} | sort -u >"$tmp/declared"

# Num: Value Size Type Bind Vis Ndx Name
if ! "$readelf" --dyn-syms -W "$so" >"$tmp/dynsym"; then
    echo "test_exports: $readelf cannot read $so"
    echo "test_exports: 0 passed, 1 failed"
    exit 1
fi
# AddressSanitizer adds an __odr_asan.NAME beside each exported object.
awk '($5 == "GLOBAL" || $5 == "WEAK") && $7 != "UND" && NF >= 8 && $8 !~ /^__odr_asan\./ {
        sub(/@.*/, "", $8); print $8 }' "$tmp/dynsym" | sort -u >"$tmp/exported"

n_decl=$(wc -l <"$tmp/declared")
n_exp=$(wc -l <"$tmp/exported")
check() {
    if [ -s "$2" ]; then
        fail=$((fail + 1))
        echo "FAIL: $1:"
        sed 's/^/    /' "$2"
    else
        pass=$((pass + 1))
    fi
}
comm -23 "$tmp/exported" "$tmp/declared" >"$tmp/extra"
comm -13 "$tmp/exported" "$tmp/declared" >"$tmp/missing"
check "exported by $(basename "$so") but not declared in include/brisk/" "$tmp/extra"
check "declared in include/brisk/ but not exported" "$tmp/missing"
# A parse that found nothing would pass both checks vacuously.
if [ "$n_decl" -ge 100 ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: only $n_decl names found in the headers"; fi
echo "test_exports: $n_decl declared, $n_exp exported"
echo "test_exports: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
