#!/bin/sh
# tests/test_pass.sh - passwords and the other "no silent surprises" of
# the command:
#
#   PTY_RUN=PATH_TO_PTY_RUN sh tests/test_pass.sh PATH_TO_BRISK [EMULATOR...]
#
# - The terminal prompt, through a real pseudo-terminal (tests/pty_run.c):
#   `enc -e` asks twice with openssl's words, echo off, and its output
#   decrypts with openssl; a mismatch, an empty password or a signal fail
#   with nothing written and echo back on; `enc -d` asks once; a given -k,
#   -kfile or -pass asks nothing; without a terminal, one clear line.
# - Every prompt-free source (pass:, env:, file:, fd:, stdin, and -kfile)
#   against the openssl binary, both ways; too long a password.
# - `enc -K`/`-iv`/`-S` shorter or longer than needed: openssl's bytes and
#   openssl's warnings.
# - `dgst -out F` and `pkeyutl -out F` where F is an input, the key, the
#   peer's key or the signature, and any -out that is a password file read
#   (-kfile, file:; also through links): refused, the file untouched.
#
# The pty checks need PTY_RUN and no emulator; the comparisons need
# `openssl` on PATH.  Prints "N passed, N failed" last.

. "$(dirname "$0")/cli_lib.sh"

PW=open-sesame
HAVE_OPENSSL=0
if [ -z "$RUN" ] && command -v openssl >/dev/null 2>&1; then
    HAVE_OPENSSL=1
else
    echo "note: skipping the comparisons with openssl (no openssl, or an emulator)"
fi
HAVE_PTY=0
if [ -z "$RUN" ] && [ -n "${PTY_RUN:-}" ] && [ -x "$PTY_RUN" ]; then
    HAVE_PTY=1
else
    echo "note: skipping the terminal prompt checks (no PTY_RUN, or an emulator)"
fi

head -c 1000 /dev/urandom >"$tmp/p"
no_sanitizer() { ! grep -Eq 'Sanitizer|runtime error' "$tmp/err"; }
# one_error PROG: exit 1 and exactly one line "brisk PROG: ..." on stderr
# (besides pty_run's own last line).
one_error() {
    [ "$rc" -eq 1 ] && no_sanitizer &&
        [ "$(grep -vc '^pty_run: ' "$tmp/err")" -eq 1 ] &&
        grep -q "^brisk $1: " "$tmp/err"
}
same() { cmp -s "$1" "$2"; }
absent() { [ ! -e "$1" ] && [ ! -L "$1" ]; }
echo_back_on() { grep -qx 'pty_run: echo on' "$tmp/err"; }
no_password_shown() { ! grep -q "$PW" "$tmp/tty"; }
# tty_is TEXT...: the terminal showed exactly these lines (CR LF ended).
tty_is() {
    for line in "$@"; do printf '%s\r\n' "$line"; done >"$tmp/tty.want"
    cmp -s "$tmp/tty" "$tmp/tty.want"
}
# pty ARGS...: pty_run ARGS with the terminal's output in $tmp/tty.
pty() {
    "$PTY_RUN" "$@" >"$tmp/tty" 2>"$tmp/err"
    rc=$?
}

# ---- The terminal prompt ----
if [ "$HAVE_PTY" -eq 1 ]; then
    E="enter AES-256-CBC encryption password:"
    D="enter AES-256-CBC decryption password:"
    pty -l "$PW" -l "$PW" -- "$BRISK" enc -aes-256-cbc -pbkdf2 -in "$tmp/p" -out "$tmp/c"
    check "prompt: enc -e exits 0" [ "$rc" -eq 0 ]
    check "prompt: enc -e asks twice, openssl's words" tty_is "$E" "Verifying - $E"
    check "prompt: the password typed is not echoed" no_password_shown
    check "prompt: echo is on again afterwards" echo_back_on
    if [ "$HAVE_OPENSSL" -eq 1 ]; then
        openssl enc -d -aes-256-cbc -pbkdf2 -pass "pass:$PW" -in "$tmp/c" -out "$tmp/d" 2>/dev/null
        check "prompt: openssl decrypts what was encrypted with the typed password" \
            same "$tmp/d" "$tmp/p"
        # The same session under openssl shows the same terminal text.
        pty -l "$PW" -l "$PW" -- openssl enc -des3 -pbkdf2 -in "$tmp/p" -out "$tmp/oc"
        cp "$tmp/tty" "$tmp/tty.openssl"
        pty -l "$PW" -l "$PW" -- "$BRISK" enc -des3 -pbkdf2 -in "$tmp/p" -out "$tmp/bc"
        check "prompt: des3 shows what openssl shows (DES-EDE3-CBC)" \
            same "$tmp/tty" "$tmp/tty.openssl"
        pty -l "$PW" -- openssl enc -d -des3 -pbkdf2 -in "$tmp/bc" -out "$tmp/d1"
        cp "$tmp/tty" "$tmp/tty.openssl"
        pty -l "$PW" -- "$BRISK" enc -d -des3 -pbkdf2 -in "$tmp/oc" -out "$tmp/d2"
        check "prompt: enc -d shows what openssl shows" same "$tmp/tty" "$tmp/tty.openssl"
        check "prompt: each decrypts the other's file" same "$tmp/d1" "$tmp/p"
        check "prompt: brisk decrypts openssl's file" same "$tmp/d2" "$tmp/p"
    fi
    pty -l "$PW" -- "$BRISK" enc -d -aes-256-cbc -pbkdf2 -in "$tmp/c" -out "$tmp/d3"
    check "prompt: enc -d exits 0" [ "$rc" -eq 0 ]
    check "prompt: enc -d asks once" tty_is "$D"
    check "prompt: enc -d gives the plaintext back" same "$tmp/d3" "$tmp/p"
    check "prompt: enc -d does not echo" no_password_shown
    # Data on stdin, password on the terminal: stdin is left to the data.
    "$PTY_RUN" -l "$PW" -l "$PW" -- "$BRISK" enc -aes-256-cbc -pbkdf2 -a -out "$tmp/c64" \
        <"$tmp/p" >"$tmp/tty" 2>"$tmp/err"
    rc=$?
    check "prompt: data on stdin, exit 0" [ "$rc" -eq 0 ]
    "$BRISK" enc -d -aes-256-cbc -pbkdf2 -a -pass "pass:$PW" -in "$tmp/c64" >"$tmp/d4" 2>/dev/null
    check "prompt: data on stdin is all encrypted" same "$tmp/d4" "$tmp/p"
    # Legacy derivation (no -pbkdf2) works the same way.
    pty -l "$PW" -l "$PW" -- "$BRISK" enc -aes-128-cbc -in "$tmp/p" -out "$tmp/c5"
    check "prompt: legacy derivation, exit 0" [ "$rc" -eq 0 ]
    "$BRISK" enc -d -aes-128-cbc -k "$PW" -in "$tmp/c5" -out "$tmp/d5" 2>/dev/null
    check "prompt: legacy derivation, same key as -k" same "$tmp/d5" "$tmp/p"

    # A mismatch: one line, exit 1, nothing written, an existing -out kept.
    pty -l "$PW" -l "${PW}x" -- "$BRISK" enc -aes-256-cbc -pbkdf2 -in "$tmp/p" -out "$tmp/m"
    check "prompt mismatch: one line, exit 1" one_error enc
    check "prompt mismatch: says verify failure" grep -q 'verify failure' "$tmp/err"
    check "prompt mismatch: nothing written" absent "$tmp/m"
    check "prompt mismatch: echo on again" echo_back_on
    echo keep >"$tmp/keep"
    cp "$tmp/keep" "$tmp/keep.orig"
    pty -l "$PW" -l "${PW}x" -- "$BRISK" enc -aes-256-cbc -pbkdf2 -in "$tmp/p" -out "$tmp/keep"
    check "prompt mismatch: an existing -out left as it was" same "$tmp/keep" "$tmp/keep.orig"
    # Empty: openssl enc gives up (exit 1); brisk says so in one line.
    pty -l "" -l "" -- "$BRISK" enc -aes-256-cbc -pbkdf2 -in "$tmp/p" -out "$tmp/m"
    check "prompt empty: one line, exit 1" one_error enc
    check "prompt empty: nothing written" absent "$tmp/m"
    # The longest line a terminal takes in canonical mode is brisk's
    # longest password, 4095 bytes.
    long=$(head -c 4095 /dev/zero | tr '\0' a)
    pty -l "$long" -l "$long" -- "$BRISK" enc -aes-256-cbc -pbkdf2 -in "$tmp/p" -out "$tmp/c8"
    check "prompt, 4095 bytes: exit 0" [ "$rc" -eq 0 ]
    "$BRISK" enc -d -aes-256-cbc -pbkdf2 -pass "pass:$long" -in "$tmp/c8" -out "$tmp/d8"
    check "prompt, 4095 bytes: all of it is the password" same "$tmp/d8" "$tmp/p"
    # Signals at the prompt: echo restored, the signal's status.
    for sig in 2 15 1; do
        pty -x "$sig" -l "$PW" -- "$BRISK" enc -aes-256-cbc -pbkdf2 -in "$tmp/p" -out "$tmp/m"
        check "prompt, signal $sig: killed by it" [ "$rc" -eq $((128 + sig)) ]
        check "prompt, signal $sig: echo on again" echo_back_on
        check "prompt, signal $sig: nothing written" absent "$tmp/m"
    done
    # A source given: no prompt, even on a terminal.
    printf '%s\n' "$PW" >"$tmp/pwfile"
    for src in "-k $PW" "-kfile $tmp/pwfile" "-pass pass:$PW" "-pass file:$tmp/pwfile"; do
        # shellcheck disable=SC2086
        pty -- "$BRISK" enc -aes-256-cbc -pbkdf2 $src -in "$tmp/p" -out "$tmp/c6"
        check "no prompt with $src: exit 0" [ "$rc" -eq 0 ]
        check "no prompt with $src: the terminal shows nothing" [ ! -s "$tmp/tty" ]
        "$BRISK" enc -d -aes-256-cbc -pbkdf2 -k "$PW" -in "$tmp/c6" -out "$tmp/d6"
        check "no prompt with $src: the password given" same "$tmp/d6" "$tmp/p"
    done
    # -K alone needs no password.
    pty -- "$BRISK" enc -aes-128-cbc -K 00 -iv 00 -in "$tmp/p" -out "$tmp/c7"
    check "no prompt with -K: exit 0" [ "$rc" -eq 0 ]
    check "no prompt with -K: the terminal shows nothing" [ ! -s "$tmp/tty" ]
    # No terminal at all: today's clear error.
    pty -n -- "$BRISK" enc -aes-256-cbc -in "$tmp/p" -out "$tmp/m"
    check "no terminal: one line, exit 1" one_error enc
    check "no terminal: says which options give a password" \
        grep -q 'no password given; use -k, -pass or -K' "$tmp/err"
    check "no terminal: nothing written" absent "$tmp/m"
fi

# ---- Prompt-free sources against openssl, both ways ----
printf '%s\nsecond line\n' "$PW" >"$tmp/pwfile"
printf '%s\r\n' "$PW" >"$tmp/kfile"
export BRISK_TEST_PW="$PW"
for src in "pass:$PW" "env:BRISK_TEST_PW" "file:$tmp/pwfile" "fd:3" "stdin" "kfile"; do
    if [ "$src" = kfile ]; then set -- -kfile "$tmp/kfile"; else set -- -pass "$src"; fi
    $RUN "$BRISK" enc -aes-256-cbc -pbkdf2 "$@" -in "$tmp/p" -out "$tmp/bc" \
        3<"$tmp/pwfile" <"$tmp/pwfile" 2>"$tmp/err"
    rc=$?
    check "$src: brisk encrypts, exit 0" [ "$rc" -eq 0 ]
    $RUN "$BRISK" enc -d -aes-256-cbc -pbkdf2 -k "$PW" -in "$tmp/bc" -out "$tmp/d" 2>/dev/null
    check "$src: the first line (or value) is the password" same "$tmp/d" "$tmp/p"
    if [ "$HAVE_OPENSSL" -eq 1 ]; then
        rm -f "$tmp/d"
        openssl enc -d -aes-256-cbc -pbkdf2 "$@" -in "$tmp/bc" -out "$tmp/d" \
            3<"$tmp/pwfile" <"$tmp/pwfile" 2>/dev/null
        check "$src: openssl decrypts brisk's" same "$tmp/d" "$tmp/p"
        openssl enc -aes-256-cbc -pbkdf2 "$@" -in "$tmp/p" -out "$tmp/oc" \
            3<"$tmp/pwfile" <"$tmp/pwfile" 2>/dev/null
        rm -f "$tmp/d"
        $RUN "$BRISK" enc -d -aes-256-cbc -pbkdf2 "$@" -in "$tmp/oc" -out "$tmp/d" \
            3<"$tmp/pwfile" <"$tmp/pwfile" 2>/dev/null
        check "$src: brisk decrypts openssl's" same "$tmp/d" "$tmp/p"
    fi
done
# stdin carries the password line, then the data (read a byte at a time,
# so the data is not taken with the password).
{ printf '%s\n' "$PW"; cat "$tmp/p"; } >"$tmp/pw_and_data"
$RUN "$BRISK" enc -aes-256-cbc -pbkdf2 -pass stdin -out "$tmp/bc" <"$tmp/pw_and_data" 2>/dev/null
$RUN "$BRISK" enc -d -aes-256-cbc -pbkdf2 -k "$PW" -in "$tmp/bc" -out "$tmp/d" 2>/dev/null
check "-pass stdin: the data after the password line is the input" same "$tmp/d" "$tmp/p"
# The longest password (4095 bytes) is taken, one more byte is refused.
head -c 4095 /dev/zero | tr '\0' b >"$tmp/pw4095"
{ cat "$tmp/pw4095"; echo; } >"$tmp/pw4095.line"
$RUN "$BRISK" enc -aes-128-cbc -pbkdf2 -pass "file:$tmp/pw4095.line" -in "$tmp/p" -out "$tmp/bc" 2>/dev/null
$RUN "$BRISK" enc -d -aes-128-cbc -pbkdf2 -pass "pass:$(cat "$tmp/pw4095")" -in "$tmp/bc" \
    -out "$tmp/d" 2>/dev/null
check "4095-byte password: file: and pass: agree" same "$tmp/d" "$tmp/p"
{ cat "$tmp/pw4095"; echo b; } >"$tmp/pw4096.line"
b enc -aes-128-cbc -pbkdf2 -pass "file:$tmp/pw4096.line" -in "$tmp/p" -out "$tmp/m"
check "4096-byte password line: one line, exit 1" one_error enc
check "4096-byte password line: nothing written" absent "$tmp/m"
b enc -aes-128-cbc -pbkdf2 -pass "pass:$(cat "$tmp/pw4095")b" -in "$tmp/p" -out "$tmp/m"
check "4096-byte pass:: one line, exit 1" one_error enc
# A line without end (file:/dev/zero) is refused too, not read for ever.
if [ -c /dev/zero ]; then
    b enc -aes-128-cbc -pbkdf2 -pass file:/dev/zero -in "$tmp/p" -out "$tmp/m"
    check "-pass file:/dev/zero: one line, exit 1" one_error enc
    check "-pass file:/dev/zero: says the line is too long" grep -q 'longer than 4095' "$tmp/err"
fi
b enc -aes-128-cbc -pass fd:x -in "$tmp/p" -out "$tmp/m"
check "-pass fd:x: one line, exit 1" one_error enc
b enc -aes-128-cbc -pass fd:9 -in "$tmp/p" -out "$tmp/m"
check "-pass fd: of a closed descriptor: one line, exit 1" one_error enc
: | { b enc -aes-128-cbc -pass stdin -in "$tmp/p" -out "$tmp/m"; echo "$rc" >"$tmp/rc"; }
rc=$(cat "$tmp/rc")
check "-pass stdin, empty stdin: one line, exit 1" one_error enc

# ---- -K, -iv and -S of the wrong length: openssl's bytes, its warnings ----
K16=000102030405060708090a0b0c0d0e0f
IV=f0e0d0c0b0a090807060504030201000
for kv in "-K 0011 -iv 01" "-K 001 -iv $IV" "-K ${K16}aabb -iv $IV" "-K $K16 -iv ${IV}99" \
          "-K ${K16}0g -iv $IV" "-K $K16 -iv 2" "-K '' -iv ''"; do
    eval "set -- $kv"
    b enc -aes-128-cbc "$@" -in "$tmp/p" -out "$tmp/bk"
    check "'$kv': exit 0" [ "$rc" -eq 0 ]
    check "'$kv': warnings only" all_match "$tmp/err" '^hex string is too (short|long)'
    cp "$tmp/err" "$tmp/berr"
    if [ "$HAVE_OPENSSL" -eq 1 ]; then
        openssl enc -aes-128-cbc "$@" -in "$tmp/p" -out "$tmp/ok" 2>"$tmp/oerr"
        check "'$kv': openssl's bytes" same "$tmp/bk" "$tmp/ok"
        check "'$kv': openssl's warnings" same "$tmp/berr" "$tmp/oerr"
    fi
done
for kv in "-S 01" "-S 0102030405060708ff" "-S 123"; do
    eval "set -- $kv"
    b enc -aes-128-cbc -k x "$@" -P
    check "'$kv' -P: exit 0" [ "$rc" -eq 0 ]
    cp "$tmp/out" "$tmp/bout"
    if [ "$HAVE_OPENSSL" -eq 1 ]; then
        openssl enc -aes-128-cbc -k x "$@" -P >"$tmp/oout" 2>/dev/null
        check "'$kv' -P: openssl's salt, key and iv" same "$tmp/bout" "$tmp/oout"
    fi
done
b enc -aes-128-cbc -K 0x -iv 00 -in "$tmp/p" -out "$tmp/m"
grep -v '^hex string is too short, padding' "$tmp/err" >"$tmp/err2"
mv "$tmp/err2" "$tmp/err"
check "-K not hex, short: openssl's warning, then one line, exit 1" one_error enc
check "-K not hex, short: nothing written" absent "$tmp/m"
b enc -help
check "enc -help says short/long hex is padded or cut" grep -q 'padded with' "$tmp/out"

# ---- dgst -out naming an input ----
d="$tmp/dg"
mkdir "$d"
printf 'precious\n' >"$d/in"
cp "$d/in" "$d/in.orig"
ln -s in "$d/sym"
ln "$d/in" "$d/hard"
printf 'other\n' >"$d/other"
no_temp() { ! ls -A "$d" | grep -q 'brisk-tmp'; }
for how in "in|in" "sym|in" "hard|in" "in|other in" "other|in other"; do
    out=${how%%|*}
    ins=${how#*|}
    (cd "$d" && $RUN "$BRISK" dgst -sha256 -out "$out" $ins >"$tmp/out" 2>"$tmp/err" </dev/null)
    rc=$?
    check "dgst -out $out, inputs $ins: one line, exit 1" one_error dgst
    check "dgst -out $out, inputs $ins: says it is an input" grep -q 'refusing' "$tmp/err"
    check "dgst -out $out, inputs $ins: input untouched" same "$d/in" "$d/in.orig"
    check "dgst -out $out, inputs $ins: other input untouched" grep -qx other "$d/other"
    check "dgst -out $out, inputs $ins: no temporary file" no_temp
done
(cd "$d" && $RUN "$BRISK" dgst -out in <in >"$tmp/out" 2>"$tmp/err")
rc=$?
check "dgst -out F <F: one line, exit 1" one_error dgst
check "dgst -out F <F: input untouched" same "$d/in" "$d/in.orig"
(cd "$d" && $RUN "$BRISK" dgst -hmac k -out sym in >"$tmp/out" 2>"$tmp/err")
rc=$?
check "dgst -hmac -out through a link: one line, exit 1" one_error dgst
check "dgst -hmac -out through a link: input untouched" same "$d/in" "$d/in.orig"
$RUN "$BRISK" genrsa -out "$d/key.pem" 1024 2>/dev/null
cp "$d/key.pem" "$d/key.orig"
b dgst -sha256 -sign "$d/key.pem" -out "$d/key.pem" "$d/in"
check "dgst -sign -out KEY: one line, exit 1" one_error dgst
check "dgst -sign -out KEY: key untouched" same "$d/key.pem" "$d/key.orig"
b dgst -sha256 -sign "$d/key.pem" -out "$d/sym" "$d/in"
check "dgst -sign -out a link to the input: one line, exit 1" one_error dgst
check "dgst -sign -out a link to the input: input untouched" same "$d/in" "$d/in.orig"
# Another file is still fine, and so is one that happens not to exist yet.
b dgst -sha256 -out "$d/digest" "$d/in"
check "dgst -out another file: exit 0" [ "$rc" -eq 0 ]
check "dgst -out another file: the digest" grep -q '^SHA2-256(' "$d/digest"
b dgst -sha256 -out "$d/other" "$d/in"
check "dgst -out an existing other file: replaced" grep -q '^SHA2-256(' "$d/other"

# ---- an output naming the password file read (-kfile, file:) ----
printf 'pw-kept\n' >"$d/pw"
ln -s pw "$d/pw-link"
b enc -aes-128-cbc -pbkdf2 -kfile "$d/pw" -in "$d/in" -out "$d/pw"
check "enc -kfile F -out F: one line, exit 1" one_error enc
check "enc -kfile F -out F: says it is the password file" grep -q 'password file' "$tmp/err"
check "enc -kfile F -out F: the password kept" grep -qx pw-kept "$d/pw"
b enc -aes-128-cbc -pbkdf2 -pass "file:$d/pw-link" -in "$d/in" -out "$d/pw"
check "enc -pass file:LINK -out F: one line, exit 1" one_error enc
check "enc -pass file:LINK -out F: the password kept" grep -qx pw-kept "$d/pw"
b genrsa -aes128 -passout "file:$d/pw" -out "$d/pw-link" 1024
check "genrsa -passout file:F -out F: one line, exit 1" one_error genrsa
check "genrsa -passout file:F -out F: the password kept" grep -qx pw-kept "$d/pw"
b pkey -in "$d/key.pem" -aes128 -passout "file:$d/pw" -out "$d/pw"
check "pkey -passout file:F -out F: one line, exit 1" one_error pkey
check "pkey -passout file:F -out F: the password kept" grep -qx pw-kept "$d/pw"
check "password file as -out: no temporary file" no_temp
b enc -aes-128-cbc -pbkdf2 -kfile "$d/pw" -in "$d/in" -out "$d/enc"
check "enc -kfile F -out another file: exit 0" [ "$rc" -eq 0 ]

# ---- pkeyutl -out naming an input: the key, the peer's, -in, stdin ----
$RUN "$BRISK" genpkey -algorithm X25519 -out "$d/x.pem" 2>/dev/null
$RUN "$BRISK" genpkey -algorithm X25519 -out "$d/y.pem" 2>/dev/null
$RUN "$BRISK" pkey -in "$d/y.pem" -pubout -out "$d/ypub.pem" 2>/dev/null
cp "$d/ypub.pem" "$d/ypub.orig"
b pkeyutl -sign -inkey "$d/key.pem" -in "$d/in" -out "$d/key.pem"
check "pkeyutl -sign -out KEY: one line, exit 1" one_error pkeyutl
check "pkeyutl -sign -out KEY: key untouched" same "$d/key.pem" "$d/key.orig"
b pkeyutl -derive -inkey "$d/x.pem" -peerkey "$d/ypub.pem" -out "$d/ypub.pem"
check "pkeyutl -derive -out PEERKEY: one line, exit 1" one_error pkeyutl
check "pkeyutl -derive -out PEERKEY: peer key untouched" same "$d/ypub.pem" "$d/ypub.orig"
b pkeyutl -sign -inkey "$d/key.pem" -in "$d/in" -out "$d/hard"
check "pkeyutl -out a hard link to -in: one line, exit 1" one_error pkeyutl
check "pkeyutl -out a hard link to -in: input untouched" same "$d/in" "$d/in.orig"
(cd "$d" && $RUN "$BRISK" pkeyutl -sign -inkey key.pem -out sym <in >"$tmp/out" 2>"$tmp/err")
rc=$?
check "pkeyutl -out a link to stdin's file: one line, exit 1" one_error pkeyutl
check "pkeyutl -out a link to stdin's file: input untouched" same "$d/in" "$d/in.orig"
(cd "$d" && $RUN "$BRISK" pkeyutl -sign -inkey key.pem -in - -out hard <in >"$tmp/out" 2>"$tmp/err")
rc=$?
check "pkeyutl -in - -out stdin's file: one line, exit 1" one_error pkeyutl
check "pkeyutl -in - -out stdin's file: input untouched" same "$d/in" "$d/in.orig"
check "pkeyutl -out an input: no temporary file" no_temp
b pkeyutl -sign -inkey "$d/key.pem" -in "$d/in" -out "$d/sig"
check "pkeyutl -sign -out another file: exit 0" [ "$rc" -eq 0 ]
check "pkeyutl -sign -out another file: the signature" [ -s "$d/sig" ]
b pkeyutl -verify -inkey "$d/key.pem" -in "$d/in" -sigfile "$d/sig" -out "$d/sig"
check "pkeyutl -verify -out SIGFILE: one line, exit 1" one_error pkeyutl

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
