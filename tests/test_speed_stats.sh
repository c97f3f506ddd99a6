#!/bin/sh
# tests/test_speed_stats.sh - end-to-end tests of the timing engine of
# `brisk speed`: -repeat, -stats, -cycles, -mhz and -slope.
#
#   sh tests/test_speed_stats.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# Checks that -repeat 3 takes three samples per cell (three +DT/+R pairs in
# -mr, round-robin over the cells) and prints their median (the +F figure
# against the rates the +R lines give, and the table's figure against
# -stats' median); -stats' layout, its spread arithmetic and the footnote
# that goes with a marked cell; that -cycles prints a banner line and a
# positive cycles per byte and per operation; -mhz's arithmetic (cycles per
# byte = MHz x 10^6 / bytes per second); that -slope prints the cost per
# call and per byte; that the default output has none of these; and that
# bad values and combinations are one-line errors with exit 1.  Cells run
# for 1 second with -bytes, so the script takes about 20 seconds.
# Speed itself is never asserted, only the arithmetic between figures.
# Prints "N passed, N failed" last; exits non-zero if any check failed.

. "$(dirname "$0")/cli_lib.sh"

# awk_ok AWK_PROGRAM FILE: the program exits 0 over FILE.
awk_ok() { awk "$1" "$2"; }

# -cycles needs a counter: the TSC (x86-64) or perf's.  Where there is
# none (another architecture, under an emulator, in a VM without perf) it
# must refuse in one line, and the checks below count with -mhz instead.
b speed -cycles -seconds 1 -bytes 16 md5
if [ "$rc" -eq 1 ] && grep -q 'no cycle counter here' "$tmp/err"; then
    echo "note: no cycle counter here: -cycles checked as a clear error, cycles counted by -mhz"
    check "speed -cycles without a counter: one line, exit 1" one_line_error speed 'give the clock rate with -mhz N'
    CYC="-mhz 1000"
    CYC_RE='^cycles: seconds x 1000 MHz \(-mhz\)$'
else
    check "speed -cycles: exit 0" clean_exit
    CYC="-cycles"
    CYC_RE='^cycles: (TSC at [0-9]+ MHz, measured against the wall clock; constant rate: turbo (is on|is off|state unknown)|core cycles in user mode \(perf_event_open\))'
fi

# ---- -repeat 3 with -mr: a +DT/+R pair per sample, round-robin ----
b speed -mr -repeat 3 -seconds 1 -bytes 16 md5 sha1
check "speed -mr -repeat 3: exit 0" clean_exit
check "speed -mr -repeat 3: stdout is +H then +F lines" all_match "$tmp/out" "$H_RE|$F_RE"
check "speed -mr -repeat 3: stderr is +DT/+R lines only" all_match "$tmp/err" "$DT_RE|$R_RE"
check "speed -mr -repeat 3: one +F line per row" count_is "$tmp/out" '^\+F:' 2
check "speed -mr -repeat 3: three +DT per cell" count_is "$tmp/err" '^\+DT:md5:1:16$' 3
check "speed -mr -repeat 3: three +R per cell" count_is "$tmp/err" '^\+R:[0-9]+:sha1:' 3
check "speed -mr -repeat 3: round-robin (md5 sha1 md5 sha1 md5 sha1)" \
    [ "$(grep '^+DT:' "$tmp/err" | cut -d: -f2 | tr '\n' ' ')" = "md5 sha1 md5 sha1 md5 sha1 " ]
# The +F figure is the median of count / seconds x 16 over the +R lines
# (their seconds have 6 decimals: within 0.1%).
for alg in md5 sha1; do
    grep "^+R:[0-9]*:$alg:" "$tmp/err" | awk -F: '{ print $2 / $4 * 16 }' | sort -g >"$tmp/rates"
    med=$(sed -n 2p "$tmp/rates")
    fig=$(grep "^+F:[0-9]*:$alg:" "$tmp/out" | cut -d: -f4)
    check "speed -mr -repeat 3: +F:$alg is the median sample ($fig vs $med)" \
        awk -v a="$fig" -v b="$med" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.001 * b) }'
done

# ---- The default: none of the new sections ----
b speed -seconds 1 -bytes 16 md5
check "speed md5: exit 0" clean_exit
check "speed md5: banner, header, one row (8 lines)" lines_are "$tmp/out" 8
check "speed md5: no cycles, spread or slope" sh -c "! grep -Eq '^(cycles|Spread|Slope|The .numbers. are cycles)' '$tmp/out'"
check "speed md5: one progress line" count_is "$tmp/err" '^Doing md5 for 1s on 16 size blocks: [0-9]+ md5.s in [0-9.]+s$' 1

# ---- -stats with -repeat 3 and -cycles, a bulk and a public-key row ----
# shellcheck disable=SC2086
b speed -repeat 3 -stats $CYC -seconds 1 -bytes 16 md5 rsa512
check "speed -repeat 3 -stats $CYC: exit 0" clean_exit
check "speed -repeat 3: three progress lines per cell" \
    count_is "$tmp/err" '^Doing md5 for 1s on 16 size blocks: [0-9]+ md5.s in [0-9.]+s$' 3
check "speed -repeat 3: three per public-key operation" \
    count_is "$tmp/err" ': [0-9]+ 512 bits public RSA.s in [0-9.]+s$' 3
check "-cycles: the banner says where cycles come from" has "$tmp/out" "$CYC_RE"
check "-stats: header" has "$tmp/out" '^Spread of 3 samples per cell'
check "-stats: columns" has "$tmp/out" '^type +size +min +median +max +spread$'
stat_re='^md5 +16 +[0-9]+\.[0-9]{2}k +[0-9]+\.[0-9]{2}k +[0-9]+\.[0-9]{2}k +[0-9]+\.[0-9]%( \*)?$'
check "-stats: a line for md5 at 16 bytes" count_is "$tmp/out" "$stat_re" 1
check "-stats: a line per public-key operation" count_is "$tmp/out" \
    '^rsa 512 bits +(sign|verify) +[0-9]+\.[0-9]{2}  +[0-9]+\.[0-9]{2}  +[0-9]+\.[0-9]{2}  +[0-9]+\.[0-9]%( \*)?$' 2
grep -E "$stat_re" "$tmp/out" | tr -d 'k%*' >"$tmp/stat"
# min <= median <= max, spread = (max - min) / median to the printed 0.1%.
check "-stats: min <= median <= max, spread = (max - min) / median" awk_ok \
    '{ s = ($5 - $3) / $4 * 100; d = s - $6; if (d < 0) d = -d
       exit !($3 <= $4 && $4 <= $5 && d <= 0.06) }' "$tmp/stat"
table=$(awk '$1 == "md5" && NF == 2 { print $2; exit }' "$tmp/out")
check "-stats: the table's figure is the median ($table)" \
    [ "$table" = "$(awk '{ print $4 "k" }' "$tmp/stat")" ]
if grep -Eq '% \*$' "$tmp/out"; then
    check "-stats: a marked cell has its footnote" has "$tmp/out" '^\* spread above 5%'
else
    check "-stats: no marked cell, no footnote" sh -c "! grep -q '^\\* spread' '$tmp/out'"
fi
check "-stats: says what spread is" has "$tmp/out" '^spread = \(max - min\) / median\.$'
check "-cycles: a cycles table" has "$tmp/out" "^The 'numbers' are cycles per byte processed"
cpb=$(awk '/cycles per byte/ { on = 1 } on && $1 == "md5" { print $2; exit }' "$tmp/out")
check "-cycles: md5's cycles per byte is positive ($cpb)" \
    awk -v c="$cpb" 'BEGIN { exit !(c + 0 > 0) }'
check "-cycles: cycles per RSA operation, positive" \
    has "$tmp/out" '^rsa  512 bits +[1-9][0-9]* +[1-9][0-9]*$'

# ---- -mhz: cycles = seconds x MHz ----
b speed -mhz 50000 -seconds 1 -bytes 64 sha256
check "speed -mhz 50000: exit 0" clean_exit
check "-mhz: the banner says so" has "$tmp/out" '^cycles: seconds x 50000 MHz \(-mhz\)$'
rate=$(awk '$1 == "sha256" && NF == 2 { sub(/k$/, "", $2); print $2 * 1000; exit }' "$tmp/out")
cpb=$(awk '/cycles per byte/ { on = 1 } on && $1 == "sha256" { print $2; exit }' "$tmp/out")
check "-mhz: cycles per byte = MHz x 1e6 / bytes per second ($cpb, $rate B/s)" \
    awk -v c="$cpb" -v r="$rate" 'BEGIN { w = 50000e6 / r; d = c - w; if (d < 0) d = -d
                                       exit !(r > 0 && d <= 0.006 + 0.0001 * w) }'

# ---- -slope ----
# shellcheck disable=SC2086
b speed -slope $CYC -seconds 1 -bytes 16 sha256
check "speed -slope $CYC: exit 0" clean_exit
check "-slope: header" has "$tmp/out" '^Slope over 16 lengths, 16 to 15376 bytes'
check "-slope: columns" has "$tmp/out" '^type +ns/call +ns/byte +c/call +c/byte$'
check "-slope: sha256 with its four figures" has "$tmp/out" \
    '^sha256 +-?[0-9]+\.[0-9]{2} +-?[0-9]+\.[0-9]{4} +-?[0-9]+\.[0-9] +-?[0-9]+\.[0-9]{4}$'
check "-slope: a positive cost per byte" awk_ok \
    '$1 == "sha256" && NF == 5 { found = 1; if ($3 <= 0 || $5 <= 0) exit 1 } END { exit !found }' "$tmp/out"
check "-slope: a progress line" has "$tmp/err" "^Doing sha256's slope over 16 sizes \\(16 to 15376 bytes\\) for 1s: "

# ---- -help ----
b speed -help
check "speed -help: the new options" has "$tmp/out" '^ -repeat N '
for o in stats cycles mhz slope; do
    check "speed -help: -$o" has "$tmp/out" "^ -$o "
done
one=$(sed -n 's/.*: about \([0-9]*\) minutes\.$/\1/p' "$tmp/out")
b speed -repeat 3 -help
three=$(sed -n 's/^With no algorithm and -repeat 3, .*: about \([0-9]*\) minutes\.$/\1/p' "$tmp/out")
check "speed -repeat 3 -help: three times the estimate ($one, $three)" \
    [ -n "$one" ] && [ -n "$three" ] && [ "$three" -ge $((3 * one - 3)) ] && [ "$three" -le $((3 * one)) ]

# ---- SIGINT under -repeat: only the rows with all their samples ----
# With SIGINT at its default (perl resets it before exec), sent while the
# second pass times sha1: md5 has its two samples and is printed, sha1 and
# sha256 (one sample each) are not.  Natively only, as test_stdout's.
if command -v perl >/dev/null 2>&1 && [ -z "$RUN" ]; then
    perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die' "$BRISK" speed -mr -repeat 2 \
        -seconds 1 -bytes 16 md5 sha1 sha256 >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    i=0
    while [ $i -lt 120 ] && [ "$(grep -c '^+R:[0-9]*:md5:' "$tmp/err")" -lt 2 ]; do
        sleep 0.25
        i=$((i + 1))
    done
    sleep 0.2
    kill -INT $pid
    wait $pid
    rc=$?
    check "speed -repeat 2, SIGINT: ended by SIGINT (rc $rc)" [ "$rc" -eq 130 ]
    check "speed -repeat 2, SIGINT: md5, with its two samples, printed" \
        [ "$(cut -d: -f1-3 "$tmp/out" | tr '\n' ' ')" = "+H:16 +F:3:md5 " ]
else
    echo "note: no perl, or under an emulator: the SIGINT check skipped"
fi

# ---- Bad values and combinations: one line on stderr, exit 1 ----
bad() {
    desc=$1
    shift
    b "$@"
    if one_line_error speed && [ ! -s "$tmp/out" ]; then
        ok
    else
        ko "$desc: want one error line and exit 1, got exit $rc:"
        head -n 3 "$tmp/err"
    fi
}
bad "speed -repeat 0" speed -repeat 0 md5
bad "speed -repeat 101" speed -repeat 101 md5
bad "speed -repeat x" speed -repeat x md5
bad "speed -repeat (no value)" speed -repeat
bad "speed -mhz 0" speed -mhz 0 md5
bad "speed -mhz -1" speed -mhz -1 md5
bad "speed -mhz x" speed -mhz x md5
bad "speed -multi 2 -repeat 2" speed -multi 2 -repeat 2 md5
bad "speed -multi 2 -cycles" speed -multi 2 -cycles md5
bad "speed -mr -stats" speed -mr -stats md5
check "speed -mr -stats: says why" has "$tmp/err" '-stats cannot be used with -mr'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
