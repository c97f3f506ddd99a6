#!/bin/sh
# tests/test_channel_ssh.sh - `brisk channel -ssh`: scp timed through a
# private sshd beside brisk's rows.
#
#   sh tests/test_channel_ssh.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# - -ssh on 4 MiB with aes128-ctr (hmac-sha2-256-etm) and
#   chacha20-poly1305@openssh.com: each -mr row ends in scp's MB/s; a
#   cipher this OpenSSH has dropped (blowfish-cbc) and none are n/a with a
#   note, not a failure; -file is what scp sends.
# - Cleanup: with TMPDIR pointing at an empty directory, nothing is left in
#   it and no sshd, ssh or scp naming it is running afterwards, after a
#   normal run and after SIGTERM in the middle of one (exit 143).
# - Without OpenSSH on PATH: one line saying what is missing and the
#   apt-get command, exit 1, nothing on stdout.
# Needs sshd, ssh, scp and ssh-keygen (scripts/install-test-deps installs
# openssh-server and openssh-client); without them it fails, unless
# BRISK_TEST_ALLOW_SKIP=1, when it skips with a note.  CMake registers it
# only where it finds sshd, and .ci/run requires it.
# Prints "N passed, N failed" last.

. "$(dirname "$0")/cli_lib.sh"

if [ -n "$RUN" ]; then
    echo "note: under an emulator: the private sshd is not run"
    echo "0 passed, 0 failed"
    exit 0
fi
have_sshd=0
for d in $(echo "$PATH" | tr : ' ') /usr/sbin /usr/local/sbin /sbin; do
    [ -x "$d/sshd" ] && have_sshd=1
done
if [ $have_sshd = 0 ] || ! command -v scp >/dev/null 2>&1 || ! command -v ssh-keygen >/dev/null 2>&1; then
    if [ "${BRISK_TEST_ALLOW_SKIP:-}" = 1 ]; then
        echo "note: no OpenSSH (sshd, scp, ssh-keygen): skipped (BRISK_TEST_ALLOW_SKIP=1)"
        echo "0 passed, 0 failed"
        exit 0
    fi
    echo "FAIL: OpenSSH is not installed: sh scripts/install-test-deps" \
         "(or set BRISK_TEST_ALLOW_SKIP=1 to skip)"
    echo "0 passed, 1 failed"
    exit 1
fi

MR_SSH_RE='^\+CH:[^:]+:[^:]+:[0-9]+:[0-9]+:[0-9.]+:[0-9.]+:[0-9.]+:[0-9.]+:[0-9.-]+:[0-9.]+:([0-9]+\.[0-9]+|n/a)$'
mkdir "$tmp/t"

# left_over: processes whose command line names $tmp/t (sshd's config, the
# data scp sends), waiting up to 3 s for sshd's session children to go.
left_over() {
    for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
        ps -eo pid=,args= | grep -F "$tmp/t/" | grep -v grep >"$tmp/ps"
        [ -s "$tmp/ps" ] || return 1
        sleep 0.2
    done
    cat "$tmp/ps"
    return 0
}
# cleaned DESC: nothing left in $tmp/t and no process naming it.
cleaned() {
    check "$1: the temporary directory is gone" [ -z "$(ls -A "$tmp/t")" ]
    check "$1: no sshd or scp left" eval '! left_over'
    [ -n "$(ls -A "$tmp/t")" ] && ls -lA "$tmp/t"/*
}

TMPDIR=$tmp/t b channel -ssh -size 4m -c aes128-ctr,chacha20-poly1305@openssh.com -mr
check "-ssh: runs" clean_exit
check "-ssh: two rows with scp's figure" count_is "$tmp/out" \
    '^\+CH:(aes128-ctr:hmac-sha2-256-etm@openssh.com|chacha20-poly1305@openssh.com:none):32768:4194304:.*:[0-9]+\.[0-9]+$' 2
check "-ssh: the -mr grammar" count_is "$tmp/out" "$MR_SSH_RE" 2
[ "$rc" -ne 0 ] && cat "$tmp/err"
cleaned "-ssh"

TMPDIR=$tmp/t b channel -ssh -size 1m -c blowfish-cbc,none,aes256-gcm@openssh.com
check "-ssh with ciphers OpenSSH lacks: runs" clean_exit
check "-ssh: blowfish-cbc n/a" has "$tmp/out" '^blowfish-cbc +hmac-sha2-256-etm@openssh.com .* n/a$'
check "-ssh: none n/a" has "$tmp/out" '^none +none .* n/a$'
check "-ssh: aes256-gcm timed" has "$tmp/out" '^aes256-gcm@openssh.com +none .* [0-9]+\.[0-9]$'
check "-ssh: the notes" has "$tmp/out" '^blowfish-cbc: scp n/a: OpenSSH_[^ ]* does not offer blowfish-cbc$'
check "-ssh: the scp column" has "$tmp/out" '^cipher +MAC .* scp$'
cleaned "-ssh with n/a"

head -c 300000 /dev/urandom >"$tmp/data"
TMPDIR=$tmp/t b channel -ssh -file "$tmp/data" -c aes128-cbc -m hmac-sha1 -mr
check "-ssh -file" clean_exit
check "-ssh -file: its size, scp timed" has "$tmp/out" '^\+CH:aes128-cbc:hmac-sha1:32768:300000:.*:[0-9]+\.[0-9]+$'
cleaned "-ssh -file"

# Without OpenSSH on PATH
PATH=/nonexistent TMPDIR=$tmp/t b channel -ssh -size 1m -c aes128-ctr
check "no OpenSSH: one line, exit 1" one_line_error channel \
    "is not installed .*apt-get install openssh-server openssh-client"
check "no OpenSSH: nothing run" [ ! -s "$tmp/out" ]
cleaned "no OpenSSH"

# SIGTERM in the middle: sshd stopped, the directory removed, exit 143.
TMPDIR=$tmp/t "$BRISK" channel -ssh -size 200m -c aes128-ctr,aes256-ctr,aes128-cbc \
    >"$tmp/out" 2>"$tmp/err" &
pid=$!
# scp.log appears when the first scp starts: SIGTERM lands while scp, its
# ssh and sshd's session for it are running.
up=0
for i in $(seq 1 200); do
    if ls "$tmp"/t/brisk-ssh.*/scp.log >/dev/null 2>&1; then up=1; break; fi
    sleep 0.05
done
sleep 0.3
ps -eo args= | grep -F "$tmp/t/" | grep -v grep >"$tmp/ps-before"
kill -TERM "$pid" 2>/dev/null
wait "$pid"
st=$?
check "SIGTERM: scp was running" [ $up -eq 1 ]
check "SIGTERM: sshd and scp were running" count_is "$tmp/ps-before" '(sshd -D -e -f|scp -q)' 2
check "SIGTERM: the command dies of it" [ "$st" -eq 143 ]
cleaned "SIGTERM"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
