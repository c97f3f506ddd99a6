#!/bin/sh
# tests/test_headers.sh - the public headers compile as C99, C11 and C++17.
#
#   sh tests/test_headers.sh CC CXX INCLUDE_DIR LIBBRISK_SO
#
# Each header of include/brisk/ on its own (it includes what it needs), then
# a program using brisk/brisk.h, compiled with -Wall -Wextra -pedantic
# -Werror as -std=c99, -std=c11 (CC) and -std=c++17 (CXX, empty to skip),
# and linked against libbrisk.so: a C++ program links only if the headers
# declare the functions extern "C".  Nothing is run, so cross builds work.
# Prints "N passed, N failed" last.
set -u

cc=$1 cxx=$2 inc=$3 so=$4
tmp=$(mktemp -d "${TMPDIR:-/tmp}/brisk-headers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
warn="-Wall -Wextra -pedantic -Werror"

# try DESCRIPTION COMMAND...: runs the compiler, shows its messages on failure.
try() {
    desc=$1
    shift
    if "$@" >"$tmp/log" 2>&1; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $desc"
        sed 's/^/    /' "$tmp/log"
    fi
}

# The program: one call into each area, and the layout the headers promise
# (the aligned members of brisk_cipher_ctx) checked at compile time.
cat >"$tmp/prog.c" <<'EOF'
#include <brisk/brisk.h>
#include <stddef.h>
#include <stdio.h>

typedef char check_gcm_aligned[offsetof(brisk_cipher_ctx, gcm) % 64 == 0 ? 1 : -1];
typedef char check_ks_aligned[offsetof(brisk_cipher_ctx, ks) % 64 == 0 ? 1 : -1];

int main(void)
{
    static const uint8_t abc[3] = { 'a', 'b', 'c' };
    uint8_t out[BRISK_SHA256_LEN];
    const brisk_digest *md = brisk_digest_by_name("sha256");
    const brisk_cipher *c = brisk_cipher_by_name("aes-128-cbc");
    brisk_bn a;

    brisk_sha256(out, abc, sizeof abc);
    brisk_bn_from_u64(&a, 7);
    printf("%s %s %s %u %zu %s\n", brisk_version(), md != NULL ? md->name : "-",
           c != NULL ? c->name : "-", (unsigned)out[0], brisk_bn_bits(&a),
           brisk_strerror(BRISK_EINVAL));
    return 0;
}
EOF
cp "$tmp/prog.c" "$tmp/prog.cpp"

for h in "$inc"/brisk/*.h; do
    name=brisk/$(basename "$h")
    # Every header that declares something wraps it in extern "C" for C++
    # (the program below only links what it calls).
    if grep -q '^BRISK_API\|^extern BRISK_API' "$h"; then
        try "$name declares within extern \"C\" for C++" grep -q '^extern "C" {$' "$h"
    fi
    printf '#include <%s>\n' "$name" >"$tmp/one.c"
    cp "$tmp/one.c" "$tmp/one.cpp"
    for std in c99 c11; do
        try "$name alone as -std=$std" $cc -std=$std $warn -Wstrict-prototypes -I"$inc" \
            -c "$tmp/one.c" -o "$tmp/one.o"
    done
    if [ -n "$cxx" ]; then
        try "$name alone as -std=c++17" $cxx -std=c++17 $warn -I"$inc" -c "$tmp/one.cpp" \
            -o "$tmp/one.o"
    fi
done
for std in c99 c11; do
    try "brisk/brisk.h program as -std=$std, linked" $cc -std=$std $warn -Wstrict-prototypes \
        -I"$inc" "$tmp/prog.c" "$so" -o "$tmp/prog"
done
if [ -n "$cxx" ]; then
    try "brisk/brisk.h program as -std=c++17, linked" $cxx -std=c++17 $warn -I"$inc" \
        "$tmp/prog.cpp" "$so" -o "$tmp/prog"
else
    echo "test_headers: no C++ compiler given, C++17 not checked"
fi
echo "test_headers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
