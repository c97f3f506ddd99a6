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
# bad values and combinations are one-line errors with exit 1; -multi
# with -repeat and -stats sums its workers' samples pass by pass.  Then the
# same options of `disk -benchmark` (passes over cryptsetup's figures, the
# lines showing medians), `disk`'s volume test (passes round robin over
# its block and volume sizes) and `channel` (passes over its rows), checked in
# their tables and documents.  Cells run for 1 second with -bytes, so the
# script takes about 40 seconds.
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
    sh -c "[ -n '$one' ] && [ -n '$three' ] && [ '$three' -ge $((3 * ${one:-0} - 3)) ] && [ '$three' -le $((3 * ${one:-0})) ]"

# ---- SIGINT under -repeat: only the rows with all their samples ----
# With SIGINT at its default (perl resets it before exec), sent while the
# second pass times sha1: md5 has its two samples and is printed, sha1 and
# sha256 (one sample each) are not.  Natively only, as test_stdout's.
# The signal leaves 0.2 to 0.45 s after md5's second sample, so it lands
# in sha1's second one but for a delay of over half a second in sending
# it (a busy machine); then sha1 has both samples too and must be printed
# as well: the rows expected are those with two +R records (a sample cut
# short writes none).
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
    both=$(for a in md5 sha1 sha256; do
        [ "$(grep -c "^+R:[0-9]*:$a:" "$tmp/err")" -eq 2 ] && printf ' %s' $a
    done)
    check "speed -repeat 2, SIGINT: md5 first among the rows with two samples ($both)" \
        [ "${both%% sha*}" = " md5" ]
    want="+H:16 $(for a in $both; do printf '+F:%s ' "$a"; done)"
    got=$(awk -F: '$1 == "+H" { printf "%s:%s ", $1, $2; next }
                   $1 == "+F" { printf "%s:%s ", $1, $3; next } { printf "(%s) ", $0 }' "$tmp/out")
    check "speed -repeat 2, SIGINT: those rows printed, nothing else ($want)" [ "$got" = "$want" ]
    check "speed -repeat 2, SIGINT: +H:16, then +F:3 for md5" \
        [ "$(head -n 2 "$tmp/out" | cut -d: -f1-3 | tr '\n' ' ')" = "+H:16 +F:3:md5 " ]
else
    echo "note: no perl, or under an emulator: the SIGINT check skipped"
fi

# ---- -multi with -repeat and -stats: the workers' samples summed per pass ----
case $RUN in
*qemu-i386*) echo "note: -multi not run under qemu-i386 (it drops SIGALRM in forked children)" ;;
*)
    b speed -multi 2 -repeat 3 -stats -seconds 1 -bytes 64 -json "$tmp/multi.json" md5 rsa512
    check "speed -multi 2 -repeat 3 -stats: exit 0" clean_exit
    check "-multi: the workers' samples are not echoed" sh -c "! grep -q '^Got: +S' '$tmp/out'"
    check "-multi: each worker's three samples in -mr progress" count_is "$tmp/err" '^\+R:[0-9]+:md5:' 6
    mstat_re='^md5 +64 +[0-9]+\.[0-9]{2}k +[0-9]+\.[0-9]{2}k +[0-9]+\.[0-9]{2}k +[0-9]+\.[0-9]%( \*)?$'
    check "-multi -stats: a line for md5" count_is "$tmp/out" "$mstat_re" 1
    check "-multi -stats: a line per public-key operation" count_is "$tmp/out" \
        '^rsa 512 bits +(sign|verify) +[0-9]+\.[0-9]{2}  +[0-9]+\.[0-9]{2}  +[0-9]+\.[0-9]{2}  +[0-9]+\.[0-9]%( \*)?$' 2
    mtable=$(awk '$1 == "md5" && NF == 2 { print $2; exit }' "$tmp/out")
    check "-multi: the table's figure is -stats' median ($mtable)" \
        [ "$mtable" = "$(grep -E "$mstat_re" "$tmp/out" | awk '{ print $4 }')" ]
    check "-multi -json: three summed samples per cell, value their median" /usr/bin/python3 -c 'if True:
    import json, sys
    d = json.load(open(sys.argv[1])); cells = d["cells"]
    ok = d["options"]["multi"] == 2 and len(cells) == 3
    ok = ok and all(len(c["samples"]) == 3 and sorted(c["samples"])[1] == c["value"] for c in cells)
    sys.exit(0 if ok else 1)' "$tmp/multi.json"
    # The sums: each worker's +R rates of a pass add up to the parent's sample.
    check "-multi: a sample is the sum of the workers' samples of its pass" /usr/bin/python3 -c 'if True:
    import json, re, sys
    d = json.load(open(sys.argv[1]))
    md5 = [c for c in d["cells"] if c["algorithm"] == "md5"][0]
    # +DT:md5:1:64 then +R:count:md5:seconds, per worker; the workers write
    # to one stderr, so their lines interleave: pair each +R with its worker
    # by order is impossible, but the total of all six rates must equal the
    # total of the three samples.
    rates = [int(m.group(1)) * 64 / float(m.group(2))
             for m in re.finditer(r"^\+R:([0-9]+):md5:([0-9.]+)$", open(sys.argv[2]).read(), re.M)]
    sys.exit(0 if len(rates) == 6 and abs(sum(rates) / sum(md5["samples"]) - 1) < 1e-3 else 1)' \
        "$tmp/multi.json" "$tmp/err"
    ;;
esac

# ---- disk -benchmark: -repeat passes, the lines show medians ----
# disk_spread_ok FILE: each of disk's -stats lines in FILE (fields 5-8: min,
# median, max, spread in %) has min <= median <= max and a spread that
# (max - min) / median can give.  Every figure is printed to 0.1, so each
# true value lies within 0.05 of the one printed: the check takes the
# spread's least and greatest value over those intervals (under an emulator
# or ASan, medians of a few MB/s and spreads of hundreds of percent make
# the rounding of the median itself count).
disk_spread_ok() {
    awk '{ lo = ($7 - $5 - 0.1) / ($6 + 0.05) * 100; if (lo < 0) lo = 0
           hi = $6 > 0.05 ? ($7 - $5 + 0.1) / ($6 - 0.05) * 100 : 1e300
           if (!($5 <= $6 && $6 <= $7 && $8 >= lo - 0.0501 && $8 <= hi + 0.0501)) bad = 1 }
         END { exit bad }' "$1"
}
# pyval FILE EXPR: EXPR over the JSON document FILE (as d, its cells as
# cells) is true.
pyval() {
    /usr/bin/python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); cells = d["cells"]
sys.exit(0 if eval(sys.argv[2]) else 1)' "$@"
}
# The checks of both documents: value is the median of the samples, and
# with -mhz 1000 the cycles are 10^9 / the rate, per sample; with the TSC
# their product is the same for every sample.
MED='all(sorted(c["samples"])[len(c["samples"]) // 2] == c["value"] for c in cells)'
CYCX='all(len(c["cycle_samples"]) == len(c["samples"]) and abs(c["cycles"] * c["value"] / (c["cycle_samples"][0] * c["samples"][0]) - 1) < 1e-9 and all(abs(x * v / (c["cycles"] * c["value"]) - 1) < 1e-9 for x, v in zip(c["cycle_samples"], c["samples"])) for c in cells)'
if [ "$CYC" = "-mhz 1000" ]; then
    CYCX="$CYCX"' and all(abs(c["cycles"] * c["value"] / 1e9 - 1) < 1e-9 for c in cells)'
fi
# shellcheck disable=SC2086
b disk -benchmark -cipher aes-xts-plain64 -repeat 3 -stats $CYC -json "$tmp/disk.json"
check "disk -benchmark -repeat 3 -stats $CYC: exit 0" clean_exit
check "disk -repeat 3: two silent passes said on stderr" \
    count_is "$tmp/err" '^brisk disk: -repeat: pass [12] of 3$' 2
check "disk -repeat 3: cryptsetup's line once" count_is "$tmp/out" \
    '^ +aes-xts +256b +[0-9]+\.[0-9] MiB/s +[0-9]+\.[0-9] MiB/s$' 1
check "disk -cycles: the banner" has "$tmp/out" "$(echo "$CYC_RE" | sed 's/^\^/^# /; s/\$$//')"
disk_re='^ +aes-xts 256b (en|de)crypt +MiB/s +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+\.[0-9]%( \*| ) +[0-9]+\.[0-9]{2}$'
check "disk -stats: a line per direction" count_is "$tmp/out" "$disk_re" 2
grep -E "$disk_re" "$tmp/out" | tr -d '%*' >"$tmp/dstat"
check "disk -stats: min <= median <= max, spread = (max - min) / median" disk_spread_ok "$tmp/dstat"
line_enc=$(awk '$1 == "aes-xts" && $2 == "256b" { print $3; exit }' "$tmp/out")
check "disk -stats: the line's encryption is the median ($line_enc)" \
    [ "$line_enc" = "$(awk '$3 == "encrypt" { print $6 }' "$tmp/dstat")" ]
check "disk -json: three samples per cell, value their median, cycles per sample" \
    pyval "$tmp/disk.json" 'd["options"]["repeat"] == 3 and len(cells) == 2 and all(len(c["samples"]) == 3 for c in cells) and '"$MED and $CYCX"
# shellcheck disable=SC2086
b disk -benchmark -pbkdf argon2id -iter-time 100 -pbkdf-memory 1024 -pbkdf-parallel 1 -repeat 2 \
    -json "$tmp/argon.json"
check "disk -benchmark argon2id -repeat 2: exit 0" clean_exit
check "disk -repeat 2: the Argon2 line once" count_is "$tmp/out" '^argon2id +[0-9]+ iterations, +[0-9]+ memory' 1
check "disk -repeat 2: the line shows a pass's calibration" pyval "$tmp/argon.json" \
    'len(cells[0]["samples"]) == 2 and cells[0]["extra"]["iterations"] * 10 in [round(x) for x in cells[0]["samples"]]'
b disk -benchmark -hash sha256 -mhz 2000
check "disk -benchmark -mhz: exit 0" clean_exit
check "disk -mhz: cycles per PBKDF2 iteration = 2 x 10^9 / iterations per second" awk_ok \
    '/^PBKDF2-sha256 / { ips = $2 } $1 == "pbkdf2-sha256" && $2 == "iterations/s" { c = $3 }
     END { d = 2e9 / ips - c; if (d < 0) d = -d; exit !(ips > 0 && d < 0.01) }' "$tmp/out"
b disk -benchmark -cipher aes-xts-plain64
check "disk -benchmark alone: no table of figures" sh -c "! grep -q '^# Figures' '$tmp/out'"

# ---- disk's volume test: passes round robin over the cells, medians shown ----
# shellcheck disable=SC2086
b disk -file "$tmp/vol" -size 64k,128k -bs 4k,16k -repeat 3 -stats $CYC -json "$tmp/vol.json"
check "disk (volume) -repeat 3 -stats $CYC: exit 0" clean_exit
check "disk (volume) -repeat 3: two silent passes said on stderr" \
    count_is "$tmp/err" '^brisk disk: -repeat: pass [12] of 3$' 2
check "disk (volume) -repeat 3: the table once" count_is "$tmp/out" '^blocksize ' 1
check "disk (volume) -repeat 3: a row per block size" count_is "$tmp/out" \
    '^(4k|16k) +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$' 2
check "disk (volume) -cycles: the banner" has "$tmp/out" "$(echo "$CYC_RE" | sed 's/^\^/^# /; s/\$$//')"
vol_re='^ +(4k|16k) (64k|128k)B (en|de)crypt +MB/s +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+\.[0-9]%( \*| ) +[0-9]+\.[0-9]{2}$'
check "disk (volume) -stats: a line per block size, volume size and direction" \
    count_is "$tmp/out" "$vol_re" 8
grep -E "$vol_re" "$tmp/out" | tr -d '%*' >"$tmp/vstat"
check "disk (volume) -stats: min <= median <= max, spread = (max - min) / median" \
    disk_spread_ok "$tmp/vstat"
row_enc=$(awk '$1 == "16k" { print $4; exit }' "$tmp/out")
check "disk (volume) -stats: the row's figure is the median ($row_enc)" \
    [ "$row_enc" = "$(awk '$1 == "16k" && $2 == "128kB" && $3 == "encrypt" { print $6 }' "$tmp/vstat")" ]
check "disk (volume) -json: three samples per cell, value their median, cycles per sample" \
    pyval "$tmp/vol.json" 'd["options"]["repeat"] == 3 and len(cells) == 8 and all(len(c["samples"]) == 3 for c in cells) and '"$MED and $CYCX"
b disk -file "$tmp/vol" -size 64k -bs 4k,16k -repeat 2 -mr
check "disk (volume) -repeat 2 -mr: exit 0" clean_exit
check "disk (volume) -repeat 2 -mr: the header and a +F line per block size" \
    sh -c "[ \"\$(cut -d: -f1,2 '$tmp/out' | tr '\n' ' ')\" = '+DISK:aes-cbc-essiv +F:4096 +F:16384 ' ]"
b disk -file "$tmp/vol" -size 64k -bs 4k
check "disk (volume) alone: no table of figures" sh -c "! grep -q '^# Figures' '$tmp/out'"
check "disk (volume): no volume file left" [ ! -e "$tmp/vol" ]

# ---- channel: -repeat passes over the rows, medians shown ----
# shellcheck disable=SC2086
b channel -size 4m -c aes128-ctr,aes128-gcm@openssh.com -repeat 3 -stats $CYC -json "$tmp/chan.json"
check "channel -repeat 3 -stats $CYC: exit 0" clean_exit
check "channel -repeat 3: two silent passes said on stderr" \
    count_is "$tmp/err" '^brisk channel: -repeat: pass [12] of 3$' 2
row_re='^(aes128-ctr|aes128-gcm@openssh.com) +[a-z0-9@.-]+ +[0-9]+\.[0-9] +[0-9]+\.[0-9]{3} +[0-9]+\.[0-9]{3} '
check "channel -repeat 3: each row once" count_is "$tmp/out" "$row_re" 2
chan_re='^(aes128-ctr|aes128-gcm@openssh.com) +[a-z0-9@.-]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+\.[0-9]%( \*)? +[0-9]+\.[0-9]{3} +[0-9]+\.[0-9]{3} +[0-9]+\.[0-9]{3}$'
check "channel -stats -cycles: a line per row" count_is "$tmp/out" "$chan_re" 2
check "channel -cycles: the banner" has "$tmp/out" "$(echo "$CYC_RE" | sed 's/\$$//')"
check "channel -json: three samples per row, value their median, cycles per sample" \
    pyval "$tmp/chan.json" 'd["options"]["repeat"] == 3 and len(cells) == 2 and all(len(c["samples"]) == 3 for c in cells) and '"$MED and $CYCX"
mbps=$(grep -E "$row_re" "$tmp/out" | awk '$1 == "aes128-ctr" { print $3 }')
check "channel: the row's MB/s is the -stats median ($mbps)" \
    [ "$mbps" = "$(grep -E "$chan_re" "$tmp/out" | awk '$1 == "aes128-ctr" { print $4 }')" ]
b channel -size 4m -c aes128-ctr -repeat 2 -mr
check "channel -repeat 2 -mr: exit 0" clean_exit
check "channel -repeat 2 -mr: only -mr records" all_match "$tmp/out" '^\+CHH?:'
check "channel -repeat 2 -mr: one row" count_is "$tmp/out" '^\+CH:aes128-ctr:' 1

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
bad "speed -multi 2 -slope" speed -multi 2 -slope md5
check "speed -multi 2 -slope: says why" has "$tmp/err" "one core's cost"
bad "speed -multi 2 -cycles" speed -multi 2 -cycles md5
bad "speed -mr -stats" speed -mr -stats md5
check "speed -mr -stats: says why" has "$tmp/err" '-stats cannot be used with -mr'
# disk and channel: a one-line error and exit 1 whatever the command
badc() {
    desc=$1
    shift
    b "$@"
    if one_line_error "$1" && [ ! -s "$tmp/out" ]; then
        ok
    else
        ko "$desc: want one error line and exit 1, got exit $rc:"
        head -n 3 "$tmp/err"
    fi
}
badc "disk -repeat 0" disk -repeat 0
badc "disk -repeat 101" disk -repeat 101
badc "disk -stats -mr" disk -stats -mr
check "disk -stats -mr: says why" has "$tmp/err" '-stats, -cycles and -mhz cannot be used with -mr'
badc "disk -mhz 2000 -mr" disk -mhz 2000 -mr
badc "disk -json - -mr" disk -json - -mr
badc "disk -benchmark -repeat 0" disk -benchmark -repeat 0
badc "disk -benchmark -repeat 101" disk -benchmark -repeat 101
badc "disk -benchmark -mhz 0" disk -benchmark -mhz 0
badc "disk -stats with a volume option" disk -benchmark -stats -bs 4k
badc "channel -repeat 0" channel -repeat 0
badc "channel -mhz x" channel -mhz x
badc "channel -stats -mr" channel -stats -mr
badc "channel -repeat with -replay" channel -repeat 2 -replay /nonexistent
badc "channel -cycles with -listen" channel -cycles -listen 127.0.0.1:0

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
