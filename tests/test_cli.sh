#!/bin/sh
# tests/test_cli.sh - end-to-end tests of the `brisk` command.
#
#   sh tests/test_cli.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# Checks the `speed -mr` grammar (+H/+F on stdout, +DT/+R on stderr) and the
# human table against the same patterns applied to `openssl speed`; `dgst`
# output byte for byte against `openssl dgst` for every digest both know, on
# files and stdin, plain, -r, -c and -hmac; -multi; BRISK_IMPL in the
# "options:" line; and that each kind of bad input gives one line on stderr
# and a plain failure exit (not a crash).  Speed cells run for 1 second with
# -bytes, so the whole script takes about half a minute.
#
# The comparisons with OpenSSL are skipped, with a note, when no `openssl` is
# on PATH.  An emulator for a cross build ("qemu-s390x-static -L
# /usr/s390x-linux-gnu") prefixes every brisk command; it is given after the
# path, or in BRISK_RUN.
# Prints "N passed, N failed" last; exits non-zero if any check failed.

. "$(dirname "$0")/cli_lib.sh"

HAVE_OPENSSL=0
if command -v openssl >/dev/null 2>&1; then
    HAVE_OPENSSL=1
    # md4 and rmd160 live in OpenSSL 3's legacy provider, when installed.
    PROV="-provider default -provider legacy"
    openssl dgst $PROV -md5 </dev/null >/dev/null 2>&1 || PROV=
else
    echo "note: no openssl on PATH: skipping the comparisons with openssl"
fi

# ---- speed -mr grammar ----

b speed -mr -seconds 1 -bytes 16 md5
check "speed -mr md5: exit 0" clean_exit
check "speed -mr md5: stdout is +H then +F lines" all_match "$tmp/out" "$H_RE|$F_RE"
check "speed -mr md5: +H:16 first" has "$tmp/out" '^\+H:16$'
check "speed -mr md5: +F:3:md5 with one figure" has "$tmp/out" '^\+F:3:md5:[0-9]+\.[0-9][0-9]$'
check "speed -mr md5: two stdout lines" lines_are "$tmp/out" 2
check "speed -mr md5: stderr is +DT/+R lines" all_match "$tmp/err" "$DT_RE|$R_RE"
check "speed -mr md5: +DT:md5:1:16" has "$tmp/err" '^\+DT:md5:1:16$'
check "speed -mr md5: +R for md5" has "$tmp/err" '^\+R:[0-9]+:md5:[0-9]+\.[0-9]{6}$'
cp "$tmp/out" "$tmp/mr_md5"

b speed -mr -seconds 1 -bytes 16 -evp SHA2-384 hmac md5
check "speed -mr -evp hmac md5: exit 0" clean_exit
check "speed -mr -evp hmac md5: grammar" all_match "$tmp/out" "$H_RE|$F_RE"
check "speed -mr: rows in OpenSSL's index order, -evp named by short name" \
    [ "$(cut -d: -f1-3 "$tmp/out" | tr '\n' ' ')" = "+H:16 +F:3:md5 +F:9:hmac(md5) +F:25:sha384 " ]

b speed -mr -seconds 1 -bytes 16 -hmac sha256
check "speed -mr -hmac sha256: exit 0" clean_exit
check "speed -mr -hmac sha256: +F:9:hmac(sha256)" has "$tmp/out" '^\+F:9:hmac\(sha256\):[0-9.]+$'

if [ "$HAVE_OPENSSL" = 1 ]; then
    openssl speed -mr -seconds 1 -bytes 16 md5 >"$tmp/oout" 2>"$tmp/oerr"
    check "openssl speed -mr fits the same grammar (stdout)" all_match "$tmp/oout" "$H_RE|$F_RE"
    check "openssl speed -mr fits the same grammar (stderr)" all_match "$tmp/oerr" "$DT_RE|$R_RE"
    check "speed -mr md5: the same lines as openssl's, figures aside" \
        [ "$(cut -d: -f1-3 "$tmp/oout")" = "$(cut -d: -f1-3 "$tmp/mr_md5")" ]
fi

# ---- speed: the human table ----
ROW_RE='^[^ ].{12}( {1,11}[0-9]+\.[0-9][0-9](k| ))+$'
b speed -seconds 1 md5
check "speed md5: exit 0" clean_exit
check "speed md5: version line" has "$tmp/out" '^version: [0-9]+\.[0-9]+\.[0-9]+ \(brisk; speed compatible with OpenSSL 3\.0\)$'
check "speed md5: built on line" has "$tmp/out" '^built on: .'
check "speed md5: options line names md5's implementation" has "$tmp/out" '^options:( [a-z0-9-]+\([a-z0-9,/>=]+\))+$'
check "speed md5: compiler line" has "$tmp/out" '^compiler: .'
check "speed md5: CPUINFO line" has "$tmp/out" '^CPUINFO: .'
check "speed md5: numbers line" has "$tmp/out" "^The 'numbers' are in 1000s of bytes per second processed\\.\$"
check "speed md5: header of the six default sizes" has "$tmp/out" \
    '^type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes$'
check "speed md5: md5 row of six cells" has "$tmp/out" '^md5          ( {1,11}[0-9]+\.[0-9][0-9](k| )){6}$'
check "speed md5: row width" [ "$(grep '^md5 ' "$tmp/out" | awk '{ print length($0) }')" = 91 ]
check "speed md5: progress lines" count_is "$tmp/err" \
    "^Doing md5 for 1s on [0-9]+ size blocks: [0-9]+ md5's in [0-9]+\\.[0-9][0-9]s\$" 6
if [ "$HAVE_OPENSSL" = 1 ]; then
    openssl speed -seconds 1 -bytes 16 md5 >"$tmp/oout" 2>"$tmp/oerr"
    check "openssl's table fits the same row pattern" has "$tmp/oout" "$ROW_RE"
    check "openssl's progress line fits the same pattern" has "$tmp/oerr" \
        "^Doing md5 for 1s on 16 size blocks: [0-9]+ md5's in [0-9]+\\.[0-9][0-9]s\$"
    b speed -seconds 1 -bytes 16 md5
    shape() { tail -n 2 "$1" | awk '{ print length($0), $1, ($NF ~ /k$/) }'; }
    check "speed -bytes 16: header and row shaped as openssl's" [ "$(shape "$tmp/out")" = "$(shape "$tmp/oout")" ]
fi

# ---- speed -testmode: every algorithm run once, untimed (OpenSSL 3.2's) ----
# Natively, a full run: as many loops as -help's estimate counts, each of
# one operation (under an emulator, RSA-4096 key generation alone takes
# minutes).  A size whose one signing would end its kind's larger sizes in
# a timed run does not here.
if [ -z "$RUN" ]; then
    b speed -testmode
    check "speed -testmode: exit 0" clean_exit
    check "speed -testmode: every loop ran one operation" all_match "$tmp/err" \
        "^Doing .*: 1 .* in [0-9]+\\.[0-9][0-9]s ?\$"
    $RUN "$BRISK" speed -help >"$tmp/help"
    full='^With no algorithm, times every one (\([0-9]*\) rows x \([0-9]*\) sizes x'
    full="$full .* public-key rows, \\([0-9]*\\) operations.*"
    want=$(sed -n "s/$full/\\1 * \\2 + \\3/p" "$tmp/help")
    loops=$((${want:-0}))
    check "speed -testmode: as many loops as a full run has (-help: $want)" \
        [ "$loops" -gt 0 -a "$(wc -l <"$tmp/err")" -eq "$loops" ]
    check "speed -testmode: the md5 row" has "$tmp/out" \
        '^md5          ( {1,11}[0-9]+\.[0-9][0-9](k| )){6}$'
    check "speed -testmode: the largest RSA and FFDH sizes" \
        sh -c "grep -q '^rsa 4096 bits ' '$tmp/out' && grep -q '^8192 bits ffdh ' '$tmp/out'"
fi
b speed -testmode -mr -seconds 1 -bytes 16 md5 rsa512 rsa1024
check "speed -testmode -mr: exit 0" clean_exit
check "speed -testmode -mr: +H, +F, then +F2 for both sizes" \
    [ "$(cut -d: -f1-3 "$tmp/out" | tr '\n' ' ')" = '+H:16 +F:3:md5 +F2:0:512 +F2:1:1024 ' ]
check "speed -testmode -mr: one operation in each +R record" all_match "$tmp/err" \
    "$DT_RE|^\\+DTP:(512|1024):(private|public):rsa:1\$|^\\+R[12]?:1:"
for o in "-repeat 2" -stats -cycles "-mhz 1000" -slope "-json $tmp/t.json" "-save $tmp/t.json" \
         "-baseline $tmp/t.json" "-fail-below 0.5" "-compare openssl"; do
    b speed -testmode $o -bytes 16 md5
    check "speed -testmode $o: one line, exit 1" one_line_error speed \
        "^brisk speed: ${o%% *} cannot be used with -testmode "
done
check "speed -testmode -json, -save: no document written" [ ! -e "$tmp/t.json" ]

# ---- speed -multi, -misalign, -elapsed, BRISK_IMPL ----
# qemu-i386 (7.2, Debian 12) never delivers SIGALRM to a forked child, so
# -multi workers would spin forever there; every other target runs these.
case $RUN in
*qemu-i386*)
    echo "note: -multi not run under qemu-i386 (it drops SIGALRM in forked children)" ;;
*)
    b speed -multi 2 -seconds 1 -bytes 16 md5
    check "speed -multi 2: exit 0" clean_exit
    check "speed -multi 2: two children forked" count_is "$tmp/out" '^Forked child [01]$' 2
    check "speed -multi 2: figures from both" count_is "$tmp/out" '^Got: \+F:3:md5:[0-9.]+ from [01]$' 2
    check "speed -multi 2: summed md5 row" has "$tmp/out" '^md5          ( {1,11}[0-9]+\.[0-9][0-9](k| ))$'

    b speed -mr -multi 2 -seconds 1 -bytes 16 sha1
    check "speed -mr -multi 2: exit 0" clean_exit
    check "speed -mr -multi 2: stdout stays -mr" all_match "$tmp/out" "$H_RE|$F_RE"
    check "speed -mr -multi 2: +F:4:sha1" has "$tmp/out" '^\+F:4:sha1:[0-9.]+$'
    ;;
esac

# -testmode's workers stop after one operation, not by SIGALRM: this runs
# under qemu-i386 too.
b speed -testmode -multi 2 -mr rsa512
check "speed -testmode -multi 2: exit 0" clean_exit
check "speed -testmode -multi 2: one operation each way in each worker" \
    count_is "$tmp/err" '^\+R[12]:1:512:' 4
check "speed -testmode -multi 2: one summed +F2" count_is "$tmp/out" \
    '^\+F2:0:512:[0-9]+\.[0-9]{6}:[0-9]+\.[0-9]{6}$' 1

b speed -misalign 3 -elapsed -mr -seconds 1 -bytes 17 sha256
check "speed -misalign 3 -elapsed: exit 0 (self-check on a misaligned buffer)" clean_exit
check "speed -misalign 3 -elapsed: +F:6:sha256" has "$tmp/out" '^\+F:6:sha256:[0-9.]+$'

BRISK_IMPL=md5=c $RUN "$BRISK" speed -seconds 1 -bytes 16 md5 >"$tmp/out" 2>"$tmp/err"
rc=$?
check "BRISK_IMPL=md5=c speed: exit 0" clean_exit
check "BRISK_IMPL=md5=c speed: options line shows md5(c)" has "$tmp/out" '^options:.* md5\(c\)( |$)'
check "BRISK_IMPL=md5=c speed: md5 row" has "$tmp/out" '^md5 '
BRISK_IMPL=md5=c $RUN "$BRISK" version -a >"$tmp/out" 2>"$tmp/err"
rc=$?
check "BRISK_IMPL=md5=c version -a: md5(c)" has "$tmp/out" '^options:.* md5\(c\)( |$)'
# What the library ignores in them, the command names: one warning each,
# and the command still runs; good items say nothing.
BRISK_IMPL="nosuch=c,sha256=nosuch,md5,md5=c" BRISK_CPU="-nosuch,-shani" \
    $RUN "$BRISK" dgst -sha256 /dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
check "bad BRISK_IMPL/BRISK_CPU items: exit 0" clean_exit
check "bad BRISK_IMPL/BRISK_CPU items: the digest" has "$tmp/out" '^SHA2-256\(/dev/null\)= e3b0c442'
check "bad BRISK_IMPL/BRISK_CPU items: one warning each" lines_are "$tmp/err" 4
check "BRISK_IMPL nosuch=c: no such primitive" has "$tmp/err" \
    "^brisk: warning: BRISK_IMPL: ignoring 'nosuch=c': no such primitive"
check "BRISK_IMPL sha256=nosuch: no such implementation" has "$tmp/err" \
    "^brisk: warning: BRISK_IMPL: ignoring 'sha256=nosuch': sha256 has no implementation 'nosuch'"
check "BRISK_IMPL md5: not PRIMITIVE=IMPLEMENTATION" has "$tmp/err" \
    "^brisk: warning: BRISK_IMPL: ignoring 'md5': not PRIMITIVE=IMPLEMENTATION"
check "BRISK_CPU -nosuch: no such feature" has "$tmp/err" \
    "^brisk: warning: BRISK_CPU: ignoring '-nosuch': no such CPU feature"

# ---- version, list, help ----
b version
check "version: exit 0" clean_exit
check "version: one line" lines_are "$tmp/out" 1
check "version: brisk X.Y.Z" has "$tmp/out" '^brisk [0-9]+\.[0-9]+\.[0-9]+$'
b version -a
check "version -a: exit 0" clean_exit
for field in 'built on' platform options compiler CPUINFO; do
    check "version -a: $field line" has "$tmp/out" "^$field: ."
done
b list
check "list: exit 0" clean_exit
for name in md5 sha256 sha512-256 rmd160; do
    check "list: digest $name" has "$tmp/out" "^  $name "
done
# Primitive rows (not indented further) of the implementations section.
n_prims=$(awk '/^Implementations/ { on = 1; next } on && /^  [a-z0-9]/' "$tmp/out" | wc -l)
check "list: one implementation in use per primitive" \
    [ "$(grep -c '^  [a-z0-9-]* *\* ' "$tmp/out")" -eq "$n_prims" ]
for args in "help" "-help" "help speed" "speed -help" "dgst -help" "version -help" "list -help" "help dgst"; do
    # shellcheck disable=SC2086
    b $args
    check "brisk $args: usage on stdout, exit 0" clean_exit
    check "brisk $args: starts with Usage:" has "$tmp/out" '^Usage: brisk'
done
# Every public-key row (ECDSA, ECDH and EdDSA too) takes 10 s by default.
b speed -help
check "speed -help: -seconds' default for every public-key row" \
    has "$tmp/out" '^ -seconds N .*; 10 for public key\)$'

# ---- dgst ----
printf abc >"$tmp/abc.txt"
: >"$tmp/empty"
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "line %d of a file longer than one read chunk\n", i }' >"$tmp/big"
printf 'x' >"$tmp/a b\\c"
nl_name="$tmp/new
line"
printf 'y' >"$nl_name"
FILES="abc.txt empty big"

b dgst "$tmp/abc.txt"
check "dgst default: SHA256 known answer" [ "$(cat "$tmp/out")" = \
    "SHA256($tmp/abc.txt)= ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" ]
printf abc | $RUN "$BRISK" dgst -md5 -r >"$tmp/out"
check "dgst -md5 -r stdin: known answer" [ "$(cat "$tmp/out")" = "900150983cd24fb0d6963f7d28e17f72 *stdin" ]
printf abc | $RUN "$BRISK" md5 >"$tmp/out"
check "brisk md5 (digest as subcommand)" [ "$(cat "$tmp/out")" = "MD5(stdin)= 900150983cd24fb0d6963f7d28e17f72" ]

# same_as_openssl DESC ARGS...: brisk dgst ARGS and openssl dgst ARGS print
# the same bytes on the files, and on stdin.
same_as_openssl() {
    desc=$1
    shift
    (cd "$tmp" && openssl dgst $PROV "$@" $FILES "a b\\c" "$nl_name" && openssl dgst $PROV "$@" <big) \
        >"$tmp/o.txt" 2>/dev/null
    (cd "$tmp" && $RUN "$BRISK" dgst "$@" $FILES "a b\\c" "$nl_name" && $RUN "$BRISK" dgst "$@" <big) \
        >"$tmp/b.txt" 2>"$tmp/err"
    if cmp -s "$tmp/o.txt" "$tmp/b.txt" && [ -s "$tmp/b.txt" ]; then
        ok
    else
        ko "dgst $desc differs from openssl dgst"
        diff "$tmp/o.txt" "$tmp/b.txt" | head -n 5
    fi
}

if [ "$HAVE_OPENSSL" = 1 ]; then
    names=$($RUN "$BRISK" dgst -list | tr ' ' '\n' | sed -n 's/^-//p')
    skipped=
    for d in $names SHA2-256 SHA256 SHA-1; do
        # shellcheck disable=SC2086
        if ! openssl dgst $PROV "-$d" </dev/null >/dev/null 2>&1; then
            skipped="$skipped $d"
            continue
        fi
        same_as_openssl "-$d" "-$d"
        same_as_openssl "-$d -r" "-$d" -r
        same_as_openssl "-$d -c" "-$d" -c
        same_as_openssl "-$d -hmac 'secret key'" "-$d" -hmac 'secret key'
        same_as_openssl "-$d -hmac key -r" "-$d" -hmac key -r
        same_as_openssl "-$d -hmac ''" "-$d" -hmac ''
    done
    [ -n "$skipped" ] && echo "note: openssl lacks$skipped: not compared"
    same_as_openssl "(default digest)"
    same_as_openssl "-r (default digest)" -r
    same_as_openssl "-hmac k (default digest)" -hmac k
    same_as_openssl "-md5 -sha1 (last digest wins)" -md5 -sha1
    # An unreadable file: an error, but the other files are still digested.
    (cd "$tmp" && openssl dgst -sha1 abc.txt missing big) >"$tmp/o.txt" 2>/dev/null
    orc=$?
    (cd "$tmp" && $RUN "$BRISK" dgst -sha1 abc.txt missing big) >"$tmp/b.txt" 2>"$tmp/err"
    rc=$?
    check "dgst with a missing file: same stdout as openssl" cmp -s "$tmp/o.txt" "$tmp/b.txt"
    check "dgst with a missing file: exit 1 as openssl" [ "$rc" = 1 ] && [ "$orc" = 1 ]
    check "dgst with a missing file: one error line" lines_are "$tmp/err" 1
fi

# ---- bad input: one line on stderr, nothing on stdout, exit 1..127 ----
bad() {
    desc=$1
    shift
    b "$@"
    if [ "$rc" -ne 0 ] && [ "$rc" -lt 128 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        [ ! -s "$tmp/out" ] && ! grep -Eq 'Sanitizer|runtime error' "$tmp/err"; then
        ok
    else
        ko "$desc: want one error line and exit 1..127, got exit $rc:"
        head -n 3 "$tmp/err"
    fi
}
bad "unknown subcommand" nosuch
bad "help on an unknown subcommand" help nosuch
bad "speed: unknown algorithm" speed -seconds 1 nosuch
bad "speed: unknown option" speed -foo md5
bad "speed: missing value" speed -seconds
bad "speed: non-numeric value" speed -seconds x md5
bad "speed: value with trailing junk" speed -seconds 1x md5
bad "speed: -seconds 0" speed -seconds 0 md5
bad "speed: negative -bytes" speed -bytes -16 md5
bad "speed: -bytes 0" speed -bytes 0 md5
bad "speed: huge -bytes" speed -bytes 99999999999999999999 md5
bad "speed: -misalign too large" speed -misalign 4096 md5
bad "speed: -multi 0" speed -multi 0 md5
bad "speed: -multi too large" speed -multi 100000 md5
bad "speed: -evp unknown digest" speed -evp nosuch
bad "speed: -hmac unknown digest" speed -hmac nosuch
bad "speed: -evp twice" speed -evp md5 -evp sha1
bad "speed: option after the algorithms" speed md5 -seconds 1
bad "dgst: unknown option" dgst -nosuch "$tmp/abc.txt"
bad "dgst: missing -hmac key" dgst -hmac
bad "dgst: missing file" dgst "$tmp/missing"
bad "dgst: a directory" dgst "$tmp"
bad "version: unknown option" version -x
bad "list: unknown option" list -x
b
check "brisk with no subcommand: exit 1" [ "$rc" -eq 1 ]

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
