#!/bin/sh
# tests/test_output.sh - how every subcommand writes its output file (one
# writer, apps/io.c): all or nothing, never half-written.
#
#   sh tests/test_output.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# For pkey, genrsa, dsaparam, dgst -out (digests and signatures) and enc:
# when writing fails (a file size limit, `ulimit -f`, everywhere; a full
# tmpfs of 64 KiB when running as root where mount works, else skipped with
# a note) the command exits 1 with one error line, the file it was to
# replace is left byte for byte as it was (`pkey -in key.der -out key.der`
# keeps the only copy of the key) and no temporary file stays behind.
# Then: a file converted in place (`pkey -in k -out k`); the temporary file
# is mode 0600 while written and named TARGET.brisk-tmp-XXXXXX, visible,
# which is what `kill -9` leaves; final modes (0666 & ~umask for a new
# file, the old mode for a replaced one, 0600 for a private key even over
# a 0644 file); owner and group kept on replace (as root; else skipped);
# symbolic links (the file they name replaced, the link kept; a link to
# nothing refused), FIFOs, /dev/null, /dev/stdout and "-" written directly;
# a missing directory reported.
# Prints "N passed, N failed" last; exits non-zero if any check failed.

. "$(dirname "$0")/cli_lib.sh"

mnt=
cleanup() {
    [ -n "$mnt" ] && umount "$mnt" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

no_sanitizer() { ! grep -Eq 'Sanitizer|runtime error' "$tmp/err"; }
# one_line_error PROG: exit 1, exactly one line on stderr, "brisk PROG: ...".
one_line_error() {
    [ "$rc" -eq 1 ] && no_sanitizer && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -q "^brisk $1: " "$tmp/err"
}
same() { cmp -s "$1" "$2"; }
mode_of() { stat -c %a "$1"; }
# no_temp_left DIR: no temporary file of brisk stayed behind in DIR.
no_temp_left() {
    for f in "$1"/*brisk-tmp-* "$1"/.*brisk-tmp-*; do
        [ -e "$f" ] && return 1
    done
    return 0
}
# bq ARGS...: brisk quietly; its status.
bq() { $RUN "$BRISK" "$@" 2>"$tmp/berr"; }

# ---- Inputs: a key in DER and PEM, DSA parameters, data ----
bq genrsa -out "$tmp/key.pem" 1024
bq pkey -in "$tmp/key.pem" -outform DER -out "$tmp/key.der"
bq dsaparam -out "$tmp/dsa.par" 1024
head -c 300000 /dev/urandom >"$tmp/data"
check "inputs made: key.der" [ -s "$tmp/key.der" ]
check "inputs made: dsa.par" [ -s "$tmp/dsa.par" ]
# 64 files to digest: more than a page (4 KiB) of output.
MANY=$(for i in $(seq 64); do printf '%s ' "$tmp/key.der"; done)
K16=000102030405060708090a0b0c0d0e0f
IV=f0e0d0c0b0a090807060504030201000

# The commands that write -out FILE, one a line: NAME|SECRET|ARGS.
commands() {
    cat <<EOF
pkey-in-place|1|pkey -in \$F -out \$F
pkey-pubout|0|pkey -in $tmp/key.der -pubout -out \$F
genrsa|1|genrsa -out \$F 1024
dsaparam|0|dsaparam -in $tmp/dsa.par -out \$F
dsaparam-genkey|1|dsaparam -in $tmp/dsa.par -genkey -out \$F
dgst|0|dgst -sha256 -out \$F $tmp/data
dgst-sign|0|dgst -sha256 -sign $tmp/key.pem -out \$F $tmp/data
dgst-many|0|dgst -sha256 -out \$F $MANY
enc|0|enc -aes-128-cbc -K $K16 -iv $IV -in $tmp/data -out \$F
EOF
}
# run_cmd ARGS F [LIMIT]: brisk ARGS with $F as the output file, under a
# file size limit of LIMIT blocks if given (stderr then goes through a pipe:
# the limit would stop the error message too).  Status in $rc.
run_cmd() {
    rc_args=$(printf '%s\n' "$1" | sed "s|\\\$F|$2|g")
    # shellcheck disable=SC2086
    if [ -z "${3:-}" ]; then
        $RUN "$BRISK" $rc_args >"$tmp/out" 2>"$tmp/err"
        rc=$?
        return
    fi
    # shellcheck disable=SC2086
    rc_err=$( (ulimit -f "$3" && exec $RUN "$BRISK" $rc_args 2>&1 >/dev/null) )
    rc=$?
    printf '%s\n' "$rc_err" >"$tmp/err"
}
prog_of() { printf '%s\n' "$1" | cut -d' ' -f1; }

# ---- A write that fails leaves the old file as it was ----
# failing_writes DIR LIMIT WHAT: every command replaces DIR/target (a copy
# of key.der) while writes fail; the target must be left byte for byte.
failing_writes() {
    fw_dir=$1
    fw_limit=$2
    fw_what=$3
    commands | while IFS='|' read -r name secret args; do
        cp "$tmp/key.der" "$fw_dir/target"
        run_cmd "$args" "$fw_dir/target" "$fw_limit"
        p=$(prog_of "$args")
        if one_line_error "$p"; then echo ok; else echo "FAIL: $fw_what: $name: one line, exit 1 (rc $rc: $(head -c 200 "$tmp/err"))"; fi
        if same "$fw_dir/target" "$tmp/key.der"; then echo ok; else echo "FAIL: $fw_what: $name: the old file left as it was"; fi
        if no_temp_left "$fw_dir"; then echo ok; else echo "FAIL: $fw_what: $name: no temporary file left"; fi
    done >"$tmp/results"
    pass=$((pass + $(grep -c '^ok$' "$tmp/results")))
    fail=$((fail + $(grep -c '^FAIL' "$tmp/results")))
    grep '^FAIL' "$tmp/results"
}
mkdir "$tmp/lim"
failing_writes "$tmp/lim" 0 "ulimit -f 0"
# A limit of 200 blocks (100 or 200 KiB, as the shell counts them) lets
# part of enc's 300 KB through: it fails in the middle.
cp "$tmp/key.der" "$tmp/lim/target"
run_cmd "enc -aes-128-cbc -K $K16 -iv $IV -in $tmp/data -out \$F" "$tmp/lim/target" 200
check "ulimit -f 200: enc fails in the middle: one line, exit 1" one_line_error enc
check "ulimit -f 200: enc: the old file left as it was" same "$tmp/lim/target" "$tmp/key.der"
check "ulimit -f 200: enc: no temporary file left" no_temp_left "$tmp/lim"

# A full file system: a tmpfs of 64 KiB filled up, where mount works.
if [ "$(id -u)" = 0 ] && mkdir "$tmp/full" &&
    mount -t tmpfs -o size=64k brisk-test "$tmp/full" 2>/dev/null; then
    mnt=$tmp/full
    cp "$tmp/key.der" "$mnt/target"
    dd if=/dev/zero of="$mnt/fill" bs=1024 2>/dev/null
    check "tmpfs: full" sh -c "! printf x >'$mnt/probe' 2>/dev/null || [ ! -s '$mnt/probe' ]"
    rm -f "$mnt/probe"
    failing_writes "$mnt" "" "full file system"
    umount "$mnt" && mnt=
else
    echo "note: not root or mount -t tmpfs not permitted: full file system tests skipped"
fi

# ---- Converted in place ----
cp "$tmp/key.der" "$tmp/inplace.der"
b pkey -in "$tmp/inplace.der" -out "$tmp/inplace.der"
check "pkey -in k -out k: exit 0" clean_exit
check "pkey -in k -out k: now PEM" [ "$(head -n 1 "$tmp/inplace.der")" = "-----BEGIN PRIVATE KEY-----" ]
bq pkey -in "$tmp/key.der" -out "$tmp/key.p8"
check "pkey -in k -out k: the same key" same "$tmp/inplace.der" "$tmp/key.p8"
check "pkey -in k -out k: private, mode 600" [ "$(mode_of "$tmp/inplace.der")" = 600 ]
cp "$tmp/dsa.par" "$tmp/inplace.par"
b dsaparam -in "$tmp/inplace.par" -outform DER -out "$tmp/inplace.par"
check "dsaparam -in p -out p: exit 0" clean_exit
bq dsaparam -in "$tmp/inplace.par" -out "$tmp/back.par"
check "dsaparam -in p -out p: the same parameters" same "$tmp/back.par" "$tmp/dsa.par"

# ---- While written: mode 0600, named TARGET.brisk-tmp-XXXXXX ----
# enc -d reads its input from a FIFO fed in two parts: between them the
# temporary file exists, holds the first 64 KiB of plaintext, and must be
# readable by its owner only, though the file it replaces is 0644.
bq enc -aes-128-cbc -K $K16 -iv $IV -in "$tmp/data" -out "$tmp/data.enc"
head -c 200000 "$tmp/data.enc" >"$tmp/part1"
tail -c +200001 "$tmp/data.enc" >"$tmp/part2"
d=$tmp/slow
mkdir "$d"
mkfifo "$d/fifo"
# wait_tmp: waits (up to 10 s) for a temporary file in $d with data in it,
# and sets T to its name (any name with "brisk-" in it: whatever its name,
# its mode is checked).
wait_tmp() {
    i=0
    T=
    while [ $i -lt 100 ]; do
        for f in "$d"/*brisk-* "$d"/.*brisk-*; do
            [ -s "$f" ] && T=${f##*/} && return 0
        done
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}
printf 'old\n' >"$d/plain"
chmod 644 "$d/plain"
$RUN "$BRISK" enc -d -aes-128-cbc -K $K16 -iv $IV -in "$d/fifo" -out "$d/plain" 2>"$tmp/err" &
pid=$!
exec 3>"$d/fifo"
cat "$tmp/part1" >&3
if wait_tmp; then
    ok
    check "while written: the temporary file is mode 600" [ "$(mode_of "$d/$T")" = 600 ]
    check "while written: named plain.brisk-tmp-XXXXXX" \
        sh -c "printf '%s\n' '$T' | grep -Eqx 'plain\.brisk-tmp-[A-Za-z0-9]{6}'"
    check "while written: the target not touched yet" [ "$(cat "$d/plain")" = old ]
else
    ko "while written: a temporary file with data appears in $d"
fi
cat "$tmp/part2" >&3
exec 3>&-
wait $pid
rc=$?
check "decryption through a FIFO: exit 0" [ "$rc" -eq 0 ]
check "decryption through a FIFO: the plaintext" same "$d/plain" "$tmp/data"
check "decryption through a FIFO: the old mode 644 kept" [ "$(mode_of "$d/plain")" = 644 ]
check "decryption through a FIFO: no temporary file left" no_temp_left "$d"

# SIGTERM in the middle: the temporary file removed, the target kept.
printf 'old\n' >"$d/plain"
$RUN "$BRISK" enc -d -aes-128-cbc -K $K16 -iv $IV -in "$d/fifo" -out "$d/plain" 2>"$tmp/err" &
pid=$!
exec 3>"$d/fifo"
cat "$tmp/part1" >&3
if wait_tmp; then
    kill -TERM $pid
    wait $pid 2>/dev/null
    check "SIGTERM: the target not touched" [ "$(cat "$d/plain")" = old ]
    check "SIGTERM: no temporary file left" no_temp_left "$d"
else
    ko "SIGTERM: a temporary file with data appears in $d"
    kill -9 $pid
    wait $pid 2>/dev/null
fi
exec 3>&-

# kill -9 in the middle leaves the temporary file, visible and named.
printf 'old\n' >"$d/plain"
$RUN "$BRISK" enc -d -aes-128-cbc -K $K16 -iv $IV -in "$d/fifo" -out "$d/plain" 2>"$tmp/err" &
pid=$!
exec 3>"$d/fifo"
cat "$tmp/part1" >&3
if wait_tmp; then
    kill -9 $pid
    wait $pid 2>/dev/null
    check "kill -9: the target not touched" [ "$(cat "$d/plain")" = old ]
    check "kill -9: leaves plain.brisk-tmp-XXXXXX, not a dot-file" \
        sh -c "ls '$d' | grep -Eqx 'plain\.brisk-tmp-[A-Za-z0-9]{6}'"
    rm -f "$d"/plain.brisk-tmp-*
else
    ko "kill -9: a temporary file with data appears in $d"
    kill -9 $pid
    wait $pid 2>/dev/null
fi
exec 3>&-

# ---- Final modes ----
d=$tmp/modes
mkdir "$d"
for um in 022 027 077; do
    want=$(printf '%o' $((0666 & ~0$um)))
    commands | while IFS='|' read -r name secret args; do
        [ "$name" = pkey-in-place ] && continue
        rm -f "$d/new"
        (umask $um && run_cmd "$args" "$d/new")
        [ "$secret" = 1 ] && w=600 || w=$want
        m=$(mode_of "$d/new" 2>/dev/null)
        if [ "$m" = "$w" ]; then echo ok; else echo "FAIL: umask $um: $name: a new file is mode $w, not $m"; fi
    done >"$tmp/results"
    pass=$((pass + $(grep -c '^ok$' "$tmp/results")))
    fail=$((fail + $(grep -c '^FAIL' "$tmp/results")))
    grep '^FAIL' "$tmp/results"
done
commands | while IFS='|' read -r name secret args; do
    for old in 604 644 640; do
        cp "$tmp/key.der" "$d/old"
        chmod $old "$d/old"
        run_cmd "$args" "$d/old"
        [ "$secret" = 1 ] && w=600 || w=$old
        m=$(mode_of "$d/old")
        if [ "$rc" -eq 0 ] && [ "$m" = "$w" ]; then echo ok; else
            echo "FAIL: $name over a $old file: mode $w, not $m (rc $rc)"; fi
    done
done >"$tmp/results"
pass=$((pass + $(grep -c '^ok$' "$tmp/results")))
fail=$((fail + $(grep -c '^FAIL' "$tmp/results")))
grep '^FAIL' "$tmp/results"
check "no temporary file left after the mode checks" no_temp_left "$d"

# ---- Owner and group kept on replace (root only) ----
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
    grp=$(id -gn nobody)
    for name in pkey-pubout genrsa enc; do
        args=$(commands | grep "^$name|" | cut -d'|' -f3)
        cp "$tmp/key.der" "$d/owned"
        chown "nobody:$grp" "$d/owned"
        chmod 640 "$d/owned"
        run_cmd "$args" "$d/owned"
        [ "$name" = genrsa ] && w=600 || w=640
        check "$name over a file of nobody:$grp: exit 0" [ "$rc" -eq 0 ]
        check "$name over a file of nobody:$grp: owner and group kept" \
            [ "$(stat -c %U:%G "$d/owned")" = "nobody:$grp" ]
        check "$name over a file of nobody:$grp: mode $w" [ "$(mode_of "$d/owned")" = "$w" ]
    done
else
    echo "note: not root (or no user nobody): owner and group checks skipped"
fi

# ---- Links, devices, FIFOs, stdout ----
d=$tmp/kinds
mkdir "$d"
printf 'old\n' >"$d/real"
ln -s real "$d/link"
b pkey -in "$tmp/key.der" -pubout -out "$d/link"
check "-out a symlink: exit 0" clean_exit
check "-out a symlink: still a link" [ -L "$d/link" ]
check "-out a symlink: the file it names replaced" grep -q 'BEGIN PUBLIC KEY' "$d/real"
check "-out a symlink: no temporary file left" no_temp_left "$d"
ln -s nowhere "$d/dangling"
b pkey -in "$tmp/key.der" -pubout -out "$d/dangling"
check "-out a link to nothing: one line, exit 1" one_line_error pkey
check "-out a link to nothing: the link left as it was" [ "$(readlink "$d/dangling")" = nowhere ]
check "-out a link to nothing: nothing created" [ ! -e "$d/nowhere" ]
b pkey -in "$tmp/key.der" -pubout -out "$d/nodir/x"
check "-out in a missing directory: one line, exit 1" one_line_error pkey
check "-out in a missing directory: says so" grep -q 'does not exist' "$tmp/err"
b genrsa -out /dev/null 512
check "-out /dev/null: exit 0" clean_exit
check "-out /dev/null: still a device" [ -c /dev/null ]
mkfifo "$d/pipe"
cat "$d/pipe" >"$d/from-pipe" &
cpid=$!
b pkey -in "$tmp/key.der" -pubout -out "$d/pipe"
wait $cpid
check "-out a FIFO: exit 0" clean_exit
check "-out a FIFO: written through it" grep -q 'BEGIN PUBLIC KEY' "$d/from-pipe"
check "-out a FIFO: still a FIFO" [ -p "$d/pipe" ]
(cd "$d" && $RUN "$BRISK" pkey -in "$tmp/key.der" -pubout -out - >"$d/dash.out" 2>"$tmp/err")
check "-out -: stdout" grep -q 'BEGIN PUBLIC KEY' "$d/dash.out"
check "-out -: no file named -" [ ! -e "$d/-" ]
: >"$d/stdout.out"
ino=$(stat -c %i "$d/stdout.out")
$RUN "$BRISK" dgst -sha256 -out /dev/stdout "$tmp/data" >"$d/stdout.out" 2>"$tmp/err"
check "-out /dev/stdout: the digest on stdout" grep -q '^SHA2-256(' "$d/stdout.out"
check "-out /dev/stdout: stdout's file written, not replaced" [ "$(stat -c %i "$d/stdout.out")" = "$ino" ]
check "no temporary file left in $d" no_temp_left "$d"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
