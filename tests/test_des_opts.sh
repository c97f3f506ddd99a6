#!/bin/sh
# tests/test_des_opts.sh - end-to-end tests of `brisk des-opts`.
#
#   sh tests/test_des_opts.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# One timed run (-seconds 1, so about 14 seconds, under BRISK_IMPL to check
# that the variant in use is reported and restored): the ranking lists all
# twelve SSLeay variants once, fastest first at 100.0%, in des_opts's
# columns; then -help, and bad options each giving one line on stderr,
# nothing on stdout and exit 1.  An emulator for a cross build is given
# after the path, or in BRISK_RUN.  Prints "N passed, N failed" last.

. "$(dirname "$0")/cli_lib.sh"

# ---- The tournament ----
BRISK_IMPL=des=ptr-risc2-4 b des-opts -seconds 1
check "des-opts -seconds 1 exits 0" clean_exit
check "header line" has "$tmp/out" '^options +des ecb/s +bytes/s +variant$'
# Rows: SSLeay's options column ("16 r1 p", " 4  c i"), ecb/s, bytes/s
# (8 per block), percent, name.
row='^( 4|16) ( c|r1|r2|rx) [ip] +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{2} +[0-9]{1,3}\.[0-9]% +[a-z0-9-]+$'
# SSLeay's twelve everywhere, and brisk's two rorx forms where the CPU has
# BMI2 (x86-64 builds that are not portable).
if $RUN "$BRISK" list 2>/dev/null | grep -Eq 'ptr-rorx-4 +runs here'; then nvar=14; else nvar=12; fi
check "$nvar ranking rows" count_is "$tmp/out" "$row" "$nvar"
grep -E "$row" "$tmp/out" >"$tmp/rows"
for p in idx ptr; do
    for r in cisc risc1 risc2; do
        for u in 4 16; do
            check "variant $p-$r-$u listed once" count_is "$tmp/rows" " $p-$r-$u\$" 1
        done
    done
done
if [ "$nvar" = 14 ]; then
    check "rorx variants with their column" count_is "$tmp/rows" '^( 4|16) rx p .* ptr-rorx-(4|16)$' 2
fi
check "fastest first at 100.0%" has "$tmp/rows" '^.{7} +[0-9.]+ +[0-9.]+ 100\.0%'
first=$(head -n 1 "$tmp/rows" | awk '{print $(NF-3)}')
check "first row is the 100.0% one" [ "$(head -n 1 "$tmp/rows" | awk '{print $(NF-1)}')" = "100.0%" ]
# Sorted: ecb/s never increases, percent never exceeds 100.
awk '{ r = $(NF-3) + 0; if (NR > 1 && r > prev) bad = 1; prev = r;
       p = $(NF-1); sub(/%/, "", p); if (p + 0 > 100.0) bad = 1 }
     END { exit bad }' "$tmp/rows"
check "rows sorted fastest first, none above 100%" [ $? -eq 0 ]
# bytes/s is 8 times des ecb/s.
awk '{ e = $(NF-3) + 0; y = $(NF-2) + 0; if (y < 7.99 * e || y > 8.01 * e) bad = 1 }
     END { exit bad }' "$tmp/rows"
check "bytes/s is 8 bytes per block" [ $? -eq 0 ]
check "the fastest with SSLeay's flags" has "$tmp/out" '^fastest here: [a-z0-9-]+ \(SSLeay: -D'
check "the default in SSLeay's words" has "$tmp/out" "^brisk's default: [a-z0-9-]+, des\((idx|ptr),(cisc|risc1|risc2|rorx),(4|16),(int|long)\); in use: ptr-risc2-4\$"
check "how to force one" has "$tmp/out" '^force one with BRISK_IMPL=des=NAME'
# Three rounds per variant, ranked by the median: when the top two are
# closer than their rounds' spread, one line says so, naming them.
if has "$tmp/out" '^within noise'; then
    top2=$(head -n 2 "$tmp/rows" | awk '{ print $NF }' | tr '\n' ' ')
    check "within noise: names the top two" has "$tmp/out" \
        "^within noise: ${top2%% *} and ${top2#* }"
    check "within noise: one line, its figures" count_is "$tmp/out" \
        '^within noise: [a-z0-9-]+ and [a-z0-9-]+ differ by [0-9]+\.[0-9]%, less than the [0-9]+\.[0-9]% spread measured between rounds$' 1
fi
check "progress on stderr, one line per variant" count_is "$tmp/err" '^Doing [a-z0-9-]+ for 1 second$' "$nvar"
[ -n "$first" ] || ko "no ecb/s figure in the first row"

# ---- Help and bad input ----
b des-opts -help
check "-help exits 0" clean_exit
check "-help prints the usage" has "$tmp/out" '^Usage: brisk des-opts'
b help des-opts
check "brisk help des-opts" has "$tmp/out" '-seconds N'

bad() {
    desc=$1
    shift
    b des-opts "$@"
    if [ "$rc" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ] &&
        has "$tmp/err" '^brisk des-opts: '; then
        ok
    else
        ko "$desc: want exit 1, one stderr line, no stdout (got $rc)"
        cat "$tmp/err"
    fi
}
bad "unknown option" -nosuch
bad "seconds not a number" -seconds x
bad "seconds zero" -seconds 0
bad "seconds negative" -seconds -5
bad "seconds too large" -seconds 99999999999999999999
bad "seconds without value" -seconds
bad "an operand" extra

echo "test_des_opts: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
