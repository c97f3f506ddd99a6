#!/bin/sh
# tests/test_stdout.sh - what every subcommand does when its standard
# streams are not what they usually are, and speed's SIGINT and progress
# line.
#
#   sh tests/test_stdout.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# Every subcommand (help, -help of each, list, version, speed, des-opts, tune,
# dgst, enc, genrsa, dsaparam, pkey) with stdout on /dev/full or closed
# exits 1 with one line "brisk PROG: cannot write stdout: REASON"; a pipe
# whose reader is gone ends it by SIGPIPE, silently, as any command, or
# with SIGPIPE ignored gives one line "Broken pipe".  A closed stdout does
# not stop a command that writes -out FILE; a closed stderr never lets a
# file brisk opens become fd 2 (the error lines would go into the output
# file); a closed stdin is an error to read.  speed, des-opts and tune
# refuse an unwritable stdout before they time anything.
#
# Under a terminal (util-linux `script`, when it is there), Ctrl-C in speed
# prints the rows finished, in the table and in -mr records, and ends it by
# SIGINT (130); -multi's workers too.  `speed` with no algorithm shows a
# progress line on the terminal, erased so that the "Doing" lines read as
# without it; none with -mr, none with stderr not a terminal, none with
# algorithms named.
# Prints "N passed, N failed" last; exits non-zero if any check failed.

. "$(dirname "$0")/cli_lib.sh"

no_sanitizer() { ! grep -Eq 'Sanitizer|runtime error' "$tmp/err"; }
# one_line PROG REASON: exit 1, and stderr is that one line.
one_line() {
    [ "$rc" -eq 1 ] && no_sanitizer && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        [ "$(cat "$tmp/err")" = "brisk $1: cannot write stdout: $2" ]
}
no_doing() { ! grep -q '^Doing' "$tmp/err"; }

# ---- Inputs ----
$RUN "$BRISK" genrsa -out "$tmp/key.pem" 1024 2>/dev/null
$RUN "$BRISK" dsaparam -out "$tmp/dsa.par" 1024 2>/dev/null
printf 'data\n' >"$tmp/data"
check "inputs made" sh -c "[ -s '$tmp/key.pem' ] && [ -s '$tmp/dsa.par' ]"
K16=000102030405060708090a0b0c0d0e0f

# Every subcommand that writes to stdout, one a line: PROG|ARGS (PROG as
# the messages name it).
commands() {
    cat <<EOF
help|help
help|help dgst
help|-help
list|list
list|list -help
version|version
version|version -a
speed|speed -help
des-opts|des-opts -help
tune|tune -help
dgst|dgst -help
enc|enc -help
genrsa|genrsa -help
dsaparam|dsaparam -help
pkey|pkey -help
dgst|dgst -sha256 $tmp/data
dgst|sha256 $tmp/data
dgst|dgst -sha256 -sign $tmp/key.pem $tmp/data
enc|enc -aes-128-cbc -K $K16 -iv $K16 -in $tmp/data
genrsa|genrsa 512
dsaparam|dsaparam -in $tmp/dsa.par
dsaparam|dsaparam -in $tmp/dsa.par -genkey
pkey|pkey -in $tmp/key.pem
pkey|pkey -in $tmp/key.pem -pubout
speed|speed -seconds 1 -bytes 16 md5
des-opts|des-opts
tune|tune -noout -prim md5 -seconds 0.01
EOF
}

# ---- /dev/full and a closed stdout ----
if [ -c /dev/full ]; then
    commands | while IFS='|' read -r prog args; do
        # shellcheck disable=SC2086
        $RUN "$BRISK" $args >/dev/full 2>"$tmp/err"
        rc=$?
        if one_line "$prog" "No space left on device" && no_doing; then echo ok; else
            echo "FAIL: brisk $args >/dev/full: one line, exit 1 (rc $rc: $(head -c 300 "$tmp/err"))"; fi
    done >"$tmp/results"
    pass=$((pass + $(grep -c '^ok$' "$tmp/results")))
    fail=$((fail + $(grep -c '^FAIL' "$tmp/results")))
    grep '^FAIL' "$tmp/results"
else
    echo "note: no /dev/full: those checks skipped"
fi
commands | while IFS='|' read -r prog args; do
    # shellcheck disable=SC2086
    $RUN "$BRISK" $args >&- 2>"$tmp/err"
    rc=$?
    if one_line "$prog" "Bad file descriptor" && no_doing; then echo ok; else
        echo "FAIL: brisk $args >&-: one line, exit 1 (rc $rc: $(head -c 300 "$tmp/err"))"; fi
done >"$tmp/results"
pass=$((pass + $(grep -c '^ok$' "$tmp/results")))
fail=$((fail + $(grep -c '^FAIL' "$tmp/results")))
grep '^FAIL' "$tmp/results"

# speed notices before it times: no "Doing" line (checked above), and fast.
start=$(date +%s)
$RUN "$BRISK" speed -seconds 2 >/dev/full 2>"$tmp/err"
rc=$?
check "speed (every row) >/dev/full: one line, at once" \
    sh -c "[ $rc -eq 1 ] && [ \$(( \$(date +%s) - $start )) -lt 10 ]"
check "speed (every row) >/dev/full: no Doing line" no_doing

# ---- A pipe whose reader is gone ----
# The reader (true) is gone when brisk writes: by default SIGPIPE ends it
# (status 128+13 in the shell) without a word, as it ends cat; with
# SIGPIPE ignored the write fails with EPIPE: one line, exit 1.
for args in "help" "version -a" "dgst -sha256 $tmp/data" "speed -seconds 1 md5"; do
    prog=${args%% *}
    # shellcheck disable=SC2086
    { (sleep 1; exec $RUN "$BRISK" $args 2>"$tmp/err"); echo $? >"$tmp/rc"; } | true
    rc=$(cat "$tmp/rc")
    check "brisk $args | (gone): SIGPIPE (rc $rc)" [ "$rc" -eq 141 ]
    check "brisk $args | (gone): nothing on stderr" [ ! -s "$tmp/err" ]
    # shellcheck disable=SC2086
    { (trap '' PIPE; sleep 1; exec $RUN "$BRISK" $args 2>"$tmp/err"); echo $? >"$tmp/rc"; } | true
    rc=$(cat "$tmp/rc")
    check "brisk $args | (gone), SIGPIPE ignored: one line, exit 1" one_line "$prog" "Broken pipe"
    [ "$prog" = speed ] && check "speed | (gone): no Doing line" no_doing
done

# ---- Closed stdout with -out FILE, closed stderr, closed stdin ----
$RUN "$BRISK" genrsa -out "$tmp/k2.pem" 512 >&- 2>"$tmp/err"
rc=$?
check "genrsa -out F >&-: exit 0" clean_exit
check "genrsa -out F >&-: the key written" has "$tmp/k2.pem" '^-----BEGIN PRIVATE KEY-----$'
$RUN "$BRISK" dgst -sha256 -out "$tmp/d.out" "$tmp/data" >&- 2>"$tmp/err"
rc=$?
check "dgst -out F >&-: exit 0" clean_exit
check "dgst -out F >&-: the digest written" has "$tmp/d.out" '^SHA2-256\('
# With stderr closed, the temporary output file would be the lowest free
# descriptor, 2, and the error about the missing file would land in it.
$RUN "$BRISK" dgst -sha256 -out "$tmp/d2.out" "$tmp/data" "$tmp/missing" "$tmp/data" 2>&-
rc=$?
check "dgst -out F with a missing input, 2>&-: exit 1" [ "$rc" -eq 1 ]
check "dgst -out F, 2>&-: no error line in the output file" \
    sh -c "! grep -q 'cannot open' '$tmp/d2.out' && [ \$(wc -l <'$tmp/d2.out') -eq 2 ]"
$RUN "$BRISK" genrsa -out "$tmp/k3.pem" 512 2>&-
rc=$?
check "genrsa -out F 2>&-: exit 0, a key" sh -c "[ $rc -eq 0 ] && head -n 1 '$tmp/k3.pem' | grep -q BEGIN"
$RUN "$BRISK" dgst -sha256 <&- >"$tmp/out" 2>"$tmp/err"
rc=$?
check "dgst <&-: one line, exit 1" \
    sh -c "[ $rc -eq 1 ] && [ \"\$(cat '$tmp/err')\" = 'brisk dgst: cannot read stdin: Bad file descriptor' ]"
check "dgst <&-: nothing on stdout" [ ! -s "$tmp/out" ]

# ---- SIGINT sent to the process ----
# A job started with & in a script has SIGINT ignored, and speed leaves it
# so (Ctrl-C is not meant for a background job): it runs to the end.
$RUN "$BRISK" speed -seconds 1 -bytes 16 md5 sha1 >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -INT $pid 2>/dev/null
wait $pid
rc=$?
check "speed in the background, SIGINT ignored: runs to the end" clean_exit
check "speed in the background: both rows" sh -c "grep -q '^md5 ' '$tmp/out' && grep -q '^sha1 ' '$tmp/out'"

# wait_for FILE ERE N: waits (up to 60 s) until FILE has N lines matching ERE.
wait_for() {
    i=0
    while [ $i -lt 120 ]; do
        [ "$(grep -Ec -- "$2" "$1" 2>/dev/null)" -ge "$3" ] && return 0
        sleep 0.5
        i=$((i + 1))
    done
    return 1
}
# With SIGINT at its default (perl resets it before exec): -multi 2, SIGINT
# to the parent alone once both workers timed md5: the parent passes it on,
# each worker sends the rows it finished, the parent prints their sum and
# ends by SIGINT; no worker is left.  Three rows of 2 s follow md5, so the
# signal comes well before the end even on a loaded machine.  Not under
# an emulator: there the workers spin on after the SIGINT (qemu-user's
# signal delivery to a tight loop; to be looked at), as the pty checks
# below are skipped there too.
if command -v perl >/dev/null 2>&1 && [ -z "$RUN" ]; then
    perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die' $RUN "$BRISK" speed -mr -multi 2 \
        -seconds 2 -bytes 16 md5 sha1 sha256 sha512 >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    wait_for "$tmp/err" '^\+R:[0-9]+:md5:' 2
    sleep 0.2
    kids=$(ps -o pid= --ppid $pid 2>/dev/null)
    kill -INT $pid
    wait $pid
    rc=$?
    check "speed -multi 2, SIGINT to the parent: ended by SIGINT (rc $rc)" [ "$rc" -eq 130 ]
    check "speed -multi 2, SIGINT: +H, then md5's +F summed" \
        sh -c "grep -Eq '^\\+H:16\$' '$tmp/out' && grep -Eq '^\\+F:3:md5:[0-9.]+\$' '$tmp/out'"
    # The signal leaves within 0.7 s of md5's end, 1.3 s before sha1's; a
    # machine slow to send it may let both workers finish sha1 too, which
    # must then be printed: the rows expected are those with a +R record
    # from each worker (a sample cut short writes none).
    both=$(for a in md5 sha1 sha256 sha512; do
        [ "$(grep -c "^+R:[0-9]*:$a:" "$tmp/err")" -eq 2 ] && printf ' %s' $a
    done)
    check "speed -multi 2, SIGINT: the rows both workers finished ($both), nothing cut short" \
        [ "$(grep '^+F:' "$tmp/out" | cut -d: -f3 | sed 's/^/ /' | tr -d '\n')" = "$both" ]
    check "speed -multi 2, SIGINT: no sanitizer report" no_sanitizer
    sleep 0.5
    left=
    for k in $kids; do kill -0 "$k" 2>/dev/null && left="$left $k"; done
    check "speed -multi 2, SIGINT: no worker left running ($kids)" [ -z "$left" ]
else
    echo "note: no perl: the -multi SIGINT checks skipped"
fi

# ---- Under a terminal: Ctrl-C and the progress line ----
# pty RUNFILE WAIT_ERE N CMD: runs CMD under util-linux script on a new
# pseudo-terminal, types Ctrl-C once RUNFILE has N lines matching WAIT_ERE
# (script's output, the terminal's, goes to $tmp/pty); status in $rc
# (script -e gives the command's: 130 for SIGINT).  The typing side keeps
# script's input open until script has ended (up to 30 s), so that no end
# of input reaches the terminal before the Ctrl-C has been handled.
pty() {
    p_file=$1
    p_ere=$2
    p_n=$3
    shift 3
    rm -f "$tmp/pty" "$tmp/pty.rc"
    { wait_for "$p_file" "$p_ere" "$p_n"; printf '\003'
      i=0
      while [ ! -s "$tmp/pty.rc" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done; } |
        { TERM=xterm script -qec "$*" /dev/null >"$tmp/pty" 2>&1; echo $? >"$tmp/pty.rc"; }
    rc=$(cat "$tmp/pty.rc")
    tr -d '\r' <"$tmp/pty" >"$tmp/screen.raw"
}
# screen: what a terminal shows for $tmp/pty (carriage returns, erase to
# the end of the line, cursor up, cursor to a column), a line per line.
screen() {
    perl -e '
        local $/; $_ = <STDIN>; my @l = (""); my ($r, $c) = (0, 0);
        while (length) {
            if (s/^\r//) { $c = 0 }
            elsif (s/^\n//) { $r++; $l[$r] = "" unless defined $l[$r] }
            elsif (s/^\e\[K//) { substr($l[$r], $c) = "" if length($l[$r]) > $c }
            elsif (s/^\e\[A//) { $r-- if $r > 0 }
            elsif (s/^\e\[(\d+)G//) { $c = $1 - 1 }
            elsif (s/^([^\r\n\e]+)//) {
                my $t = $1;
                $l[$r] .= " " x ($c - length $l[$r]) if length $l[$r] < $c;
                substr($l[$r], $c, length $t) = $t;
                $c += length $t;
            }
            else { s/^.//s }
        }
        print "$_\n" for @l;' <"$tmp/pty"
}
# timed FILE: the rows whose "Doing" line in FILE has its result, sorted.
timed() {
    sed -n "s/^Doing \([^ ]*\) for [0-9]*s on [0-9]* size blocks: [0-9]* .*'s in [0-9.]*s\$/\1/p" \
        "$1" | sort | tr '\n' ' '
}
# table_rows FILE: the row names of the table in FILE (the lines after its
# "type" header), sorted.
table_rows() { sed -n '/^type /,$p' "$1" | awk 'NR > 1 && NF == 2 { print $1 }' | sort | tr '\n' ' '; }
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1 &&
    command -v perl >/dev/null 2>&1 && [ -z "$RUN" ]; then
    # Ctrl-C once md5 is done and sha1 is timing.
    pty "$tmp/pty" "sha1 for 1s" 1 "exec '$BRISK' speed -seconds 1 md5 sha1 sha256"
    screen >"$tmp/screen"
    check "Ctrl-C in speed: ended by SIGINT (rc $rc)" [ "$rc" -eq 130 ]
    check "Ctrl-C in speed: says so" has "$tmp/screen" '^brisk speed: interrupted; the rows finished follow$'
    check "Ctrl-C in speed: the table has md5's row of six" \
        has "$tmp/screen" '^md5          ( {1,11}[0-9]+\.[0-9][0-9](k| )){6}$'
    check "Ctrl-C in speed: and the header" has "$tmp/screen" '^type  +16 bytes'
    check "Ctrl-C in speed: no row for sha1 or sha256" sh -c "! grep -Eq '^sha(1|256) ' '$tmp/screen'"
    check "Ctrl-C in speed md5 sha1 sha256: no progress line (algorithms named)" \
        sh -c "! grep -q 'left' '$tmp/pty' && ! grep -q \"\$(printf '\\033')\" '$tmp/pty'"

    # -mr, stdout to a file: the records of the rows finished.
    pty "$tmp/pty" '^\+DT:sha1' 1 "exec '$BRISK' speed -mr -seconds 1 md5 sha1 >'$tmp/out'"
    check "Ctrl-C in speed -mr: ended by SIGINT" [ "$rc" -eq 130 ]
    check "Ctrl-C in speed -mr: +H, then md5's +F" \
        sh -c "[ \"\$(cut -d: -f1-3 '$tmp/out' | tr '\\n' ' ')\" = '+H:16:64 +F:3:md5 ' ]"
    check "Ctrl-C in speed -mr: the records' grammar" all_match "$tmp/out" "$H_RE|$F_RE"

    # Ctrl-C before any row is done: no table at all.
    pty "$tmp/pty" "md5 for 1s on 16 " 1 "exec '$BRISK' speed -seconds 1 md5"
    check "Ctrl-C before a row is done: SIGINT" [ "$rc" -eq 130 ]
    check "Ctrl-C before a row is done: says so" has "$tmp/screen.raw" '^brisk speed: interrupted; no row was finished$'
    check "Ctrl-C before a row is done: no table" sh -c "! grep -q 'numbers' '$tmp/screen.raw'"

    # Every row (no algorithm): the progress line, while the loops run.
    pty "$tmp/pty" "s in [0-9.]+s" 3 "exec '$BRISK' speed -seconds 1 -bytes 16"
    screen >"$tmp/screen"
    check "speed (every row) under a terminal: a progress line" \
        has "$tmp/pty" 'brisk speed: about ([0-9]+m )?[0-9]+s left'
    check "speed (every row): the progress line counts down" \
        sh -c "[ \$(grep -Eo 'about ([0-9]+m )?[0-9]+s left' '$tmp/pty' | sort -u | wc -l) -ge 3 ]"
    check "speed (every row): nothing of it left on the screen" sh -c "! grep -q 'left' '$tmp/screen'"
    check "speed (every row): each Doing line as without a terminal" \
        all_match "$tmp/screen" "^(Doing [a-z0-9()-]+ for 1s on 16 size blocks: ([0-9]+ [a-z0-9()-]+'s in [0-9.]+s)?\$|[^D]|\$)"
    # Ctrl-C comes within wait_for's 0.5 s of the third result, so in the
    # fourth row's second; sent later (a busy machine), after more rows:
    # those timed are the rows the table must hold, whatever their number.
    check "speed (every row): three Doing lines with results, or more ($(timed "$tmp/screen"))" \
        [ "$(timed "$tmp/screen" | wc -w)" -ge 3 ]
    check "speed (every row): Ctrl-C, the rows finished" has "$tmp/screen" '^md2  +[0-9.]+k?$'
    check "speed (every row): Ctrl-C, the table has the rows timed, no other" \
        [ "$(table_rows "$tmp/screen")" = "$(timed "$tmp/screen")" ]
    check "speed (every row): SIGINT" [ "$rc" -eq 130 ]

    # None with -mr, none with stderr to a file.
    pty "$tmp/pty" '^\+R:' 2 "exec '$BRISK' speed -mr -seconds 1 -bytes 16"
    check "speed -mr (every row) under a terminal: no progress line" \
        sh -c "! grep -q 'left' '$tmp/pty' && ! grep -q \"\$(printf '\\033')\" '$tmp/pty'"
    pty "$tmp/err" "s in [0-9.]+s" 2 "exec '$BRISK' speed -seconds 1 -bytes 16 2>'$tmp/err'"
    check "speed (every row), stderr a file: no progress line" \
        sh -c "! grep -q 'left' '$tmp/err' && ! grep -q \"\$(printf '\\033')\" '$tmp/err'"
    check "speed (every row), stderr a file: Doing lines as ever ($(timed "$tmp/err"))" \
        [ "$(timed "$tmp/err" | wc -w)" -ge 2 ]
    screen >"$tmp/screen"
    check "speed (every row), stderr a file: the table has the rows timed, no other" \
        [ "$(table_rows "$tmp/screen")" = "$(timed "$tmp/err")" ]
else
    echo "note: no util-linux script or perl (or an emulator): the terminal checks skipped"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
