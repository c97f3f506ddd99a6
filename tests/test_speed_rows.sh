#!/bin/sh
# tests/test_speed_rows.sh - end-to-end tests of the `brisk speed` rows that
# are neither digests nor ciphers, "ghash" and "rand", and of what -help
# says a full run takes.
#
#   sh tests/test_speed_rows.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# Checks that ghash and rand give OpenSSL 3.0's "+F:26:ghash" and
# "+F:27:rand" records and row labels, in its table order (by index, after
# -evp's 25) and its timing order (after the CBC ciphers, before -evp),
# compared line for line, figures aside, with `openssl speed` run on the same
# command line; that the ghash self-checks pass at every default size, at a
# size that is not whole blocks, and under every GHASH implementation this
# CPU runs; -multi over both; that -help lists them and ends with the
# full-run estimate whose arithmetic `make speed` prints; and that unknown
# names still get one error line.  The first run times its cells for 1
# second; the others check formats and self-checks under -testmode (one
# operation a cell), so the script takes a few seconds.
# Prints "N passed, N failed" last; exits non-zero if any check failed.

. "$(dirname "$0")/cli_lib.sh"

HAVE_OPENSSL=0
if command -v openssl >/dev/null 2>&1; then
    HAVE_OPENSSL=1
    PROV="-provider legacy -provider default"
    # shellcheck disable=SC2086
    openssl speed $PROV -help >/dev/null 2>&1 || PROV=
else
    echo "note: no openssl on PATH: skipping the comparisons with openssl"
fi
ROW_RE='^[^ ].{12}( {1,11}[0-9]+\.[0-9][0-9](k| ))+$'

# ---- -mr: indices, labels, order ----
b speed -mr -seconds 1 -bytes 16 rand ghash
check "speed -mr rand ghash: exit 0 (both passed their self-checks)" clean_exit
check "speed -mr rand ghash: stdout is +H then +F lines" all_match "$tmp/out" "$H_RE|$F_RE"
check "speed -mr rand ghash: stderr is +DT/+R lines" all_match "$tmp/err" "$DT_RE|$R_RE"
check "speed -mr: +H:16, +F:26:ghash, +F:27:rand, in index order" \
    [ "$(cut -d: -f1-3 "$tmp/out" | tr '\n' ' ')" = "+H:16 +F:26:ghash +F:27:rand " ]
check "speed -mr: ghash timed before rand" \
    [ "$(grep '^+DT:' "$tmp/err" | tr '\n' ' ')" = "+DT:ghash:1:16 +DT:rand:1:16 " ]
check "speed -mr: figures above zero" sh -c "! grep -q ':0\.00$' '$tmp/out'"

# With other rows: the table by index (12 19 25 26 27), the timing in
# OpenSSL 3.0's order (aes-128-cbc, rc4, ghash, rand, then -evp).
MIX="-evp sha224 rand ghash rc4 aes-128-cbc"
# shellcheck disable=SC2086
b speed -testmode -mr -seconds 1 -bytes 16 $MIX
check "speed -mr $MIX: exit 0" clean_exit
check "speed -mr $MIX: rows in index order" \
    [ "$(cut -d: -f1-3 "$tmp/out" | tr '\n' ' ')" = "+H:16 +F:12:rc4 +F:19:aes-128-cbc +F:25:sha224 +F:26:ghash +F:27:rand " ]
check "speed -mr $MIX: timed in OpenSSL 3.0's order" \
    [ "$(grep '^+DT:' "$tmp/err" | cut -d: -f2 | tr '\n' ' ')" = "aes-128-cbc rc4 ghash rand sha224 " ]
cp "$tmp/out" "$tmp/mix_out"
cp "$tmp/err" "$tmp/mix_err"
if [ "$HAVE_OPENSSL" = 1 ]; then
    # shellcheck disable=SC2086
    openssl speed $PROV -mr -seconds 1 -bytes 16 $MIX >"$tmp/oout" 2>"$tmp/oerr"
    check "openssl speed -mr $MIX fits the same grammar" all_match "$tmp/oout" "$H_RE|$F_RE"
    check "speed -mr: the same +H and +F:index:label lines as openssl's" \
        [ "$(cut -d: -f1-3 "$tmp/mix_out")" = "$(cut -d: -f1-3 "$tmp/oout")" ]
    check "speed -mr: the same +DT lines as openssl's" \
        [ "$(grep '^+DT:' "$tmp/mix_err")" = "$(grep '^+DT:' "$tmp/oerr")" ]
fi

# ---- the human table ----
b speed -testmode -seconds 1 -bytes 64 ghash rand
check "speed ghash rand: exit 0" clean_exit
check "speed ghash rand: header" has "$tmp/out" '^type             64 bytes$'
check "speed ghash rand: the ghash and rand rows, in that order" \
    [ "$(grep -E "$ROW_RE" "$tmp/out" | awk '{ print $1 }' | tr '\n' ' ')" = "ghash rand " ]
check "speed ghash rand: progress lines" count_is "$tmp/err" \
    "^Doing (ghash|rand) for 1s on 64 size blocks: [0-9]+ (ghash|rand)'s in [0-9]+\\.[0-9][0-9]s\$" 2
if [ "$HAVE_OPENSSL" = 1 ]; then
    openssl speed -seconds 1 -bytes 64 ghash rand >"$tmp/oout" 2>"$tmp/oerr"
    table() { sed -n '/^type /,$p' "$1" | awk '{ print ($1 == "type" ? $0 : $1) }'; }
    check "speed table: header and row labels as openssl's" [ "$(table "$tmp/out")" = "$(table "$tmp/oout")" ]
    # brisk's warning of a low CPU share (a busy machine) is not a progress line.
    check "speed table: progress lines as openssl's, counts aside" \
        [ "$(grep -v '^brisk speed: warning: this process got' "$tmp/err" | sed 's/: [0-9]* .*//')" = "$(grep '^Doing' "$tmp/oerr" | sed 's/: [0-9]* .*//')" ]
fi

# ---- ghash at every default size (its per-cell check: the wide kernels),
# at a length that is not whole blocks, and under each implementation ----
b speed -testmode -mr -seconds 1 ghash
check "speed -mr ghash: exit 0 at every default size" clean_exit
check "speed -mr ghash: six figures" has "$tmp/out" '^\+F:26:ghash(:[0-9]+\.[0-9][0-9]){6}$'
b speed -testmode -mr -seconds 1 -bytes 100 ghash
check "speed -mr -bytes 100 ghash: exit 0" clean_exit
# `list -implementations`: a primitive's name, then one line per
# implementation, "*" before the chosen one.
impls=$($RUN "$BRISK" list -implementations |
        awk '/^  [^ ]/ { prim = $1; sub(/^  [^ ]+/, "") }
             prim == "ghash" && /runs here/ { sub(/^[ *]*/, ""); print $1 }')
check "list -implementations: ct among GHASH's ($(echo $impls))" \
    sh -c "echo '$impls' | grep -qx ct"
for impl in $impls; do
    BRISK_IMPL=ghash=$impl $RUN "$BRISK" speed -testmode -mr -seconds 1 -bytes 1024 ghash \
        >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "BRISK_IMPL=ghash=$impl speed ghash -bytes 1024: exit 0" clean_exit
done

# ---- -multi ----
# -testmode's workers need no SIGALRM: this runs under qemu-i386 too
b speed -testmode -multi 2 -seconds 1 -bytes 16 ghash rand
check "speed -multi 2 ghash rand: exit 0" clean_exit
check "speed -multi 2: figures from both workers" count_is "$tmp/out" \
    '^Got: \+F:2[67]:(ghash|rand):[0-9.]+ from [01]$' 4
check "speed -multi 2: the summed rows" \
    [ "$(grep -E "$ROW_RE" "$tmp/out" | awk '{ print $1 }' | tr '\n' ' ')" = "ghash rand " ]

# ---- -help, and the full-run estimate make speed prints ----
b speed -help
check "speed -help: lists ghash and rand" has "$tmp/out" '^Algorithms:.* ghash rand$'
line=$(grep '^With no algorithm' "$tmp/out")
rows=$(echo "$line" | sed -n 's/^With no algorithm, times every one (\([0-9]*\) rows x 6 sizes x 3 s, then [0-9]* public-key rows, [0-9]* operations x 10 s): about \([0-9]*\) minutes\.$/\1/p')
pks=$(echo "$line" | sed -n 's/.*, then \([0-9]*\) public-key rows, .*/\1/p')
ops=$(echo "$line" | sed -n 's/.* public-key rows, \([0-9]*\) operations x 10 s.*/\1/p')
mins=$(echo "$line" | sed -n 's/.*: about \([0-9]*\) minutes\.$/\1/p')
if [ -n "$rows" ] && [ -n "$pks" ] && [ -n "$ops" ] && [ -n "$mins" ]; then
    ok
    check "speed -help: about $mins minutes is $rows x 6 x 3 s + $ops x 10 s, rounded up" \
        [ "$mins" -eq $(((rows * 18 + ops * 10 + 59) / 60)) ]
    check "speed -help: every named row and ghash and rand counted ($rows rows)" [ "$rows" -ge 22 ]
    # rsa 5 x 2, dsa 3 x 2, ecdsa 3 x 2, ecdh 5, eddsa 2 x 2, ffdh 5
    check "speed -help: every public-key row counted ($pks rows)" [ "$pks" -eq 23 ]
    check "speed -help: and their operations ($ops)" [ "$ops" -eq 36 ]
else
    ko "speed -help: no full-run line of the expected form: $line"
fi
MAKEFILE=$(dirname "$0")/../Makefile
if [ -f "$MAKEFILE" ]; then
    check "Makefile: make speed prints the -help line it matches" \
        grep -q "sed -n 's/^With no algorithm, times every one/" "$MAKEFILE"
fi

# ---- unknown names: one line on stderr, nothing on stdout, exit 1 ----
bad() {
    desc=$1
    shift
    b "$@"
    if [ "$rc" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ] &&
        ! grep -Eq 'Sanitizer|runtime error' "$tmp/err"; then
        ok
    else
        ko "$desc: want one error line and exit 1, got exit $rc:"
        head -n 3 "$tmp/err"
    fi
}
bad "speed: unknown name ghash2" speed -seconds 1 ghash2
check "speed ghash2: the usual message" has "$tmp/err" "unknown algorithm 'ghash2'\$"
bad "speed: unknown name gmac" speed -seconds 1 gmac
bad "speed: unknown name random" speed -seconds 1 rand random
bad "speed: -evp ghash (not a cipher or digest)" speed -seconds 1 -evp ghash
bad "speed: -hmac rand (not a digest)" speed -seconds 1 -hmac rand

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
