#!/bin/sh
# tests/test_channel.sh - end-to-end tests of `brisk channel`.
#
#   sh tests/test_channel.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# - Every cipher with two MACs (hmac-sha1, hmac-sha2-256-etm) and every
#   MAC with aes128-ctr, through a real loopback connection on small
#   sizes: each row verified by the receiver, in the -mr grammar; -file;
#   packet sizes that do not divide the data.
# - An independent reader (tests/channel_reader.py, Debian's python3 with
#   python3-paramiko and python3-cryptography): the streams brisk sends,
#   saved with -save-stream and -save-keys, read by paramiko's Packetizer
#   (CTR, CBC, 3DES, Blowfish, CAST5, RC4 engines from libcrypto, every
#   HMAC with and without ETM, none) and, for aes*-gcm@openssh.com,
#   every packet recomputed with libcrypto's AES-GCM, and for
#   chacha20-poly1305@openssh.com with libcrypto's ChaCha20 and Poly1305.  Skipped with a note
#   when those packages are missing or under an emulator.
# - Tampering, read back with -replay: a flipped bit in the length, the
#   padding length, the payload, the padding and the MAC of a packet (ETM,
#   encrypted-length, GCM and ChaCha20-Poly1305 packets), a dropped packet, two packets
#   swapped and a truncated stream each fail with one line naming the
#   packet (or the partial transfer) and exit 1.
# - Bad input: unknown cipher or MAC (the known ones listed), a MAC with an
#   AEAD cipher, an unreadable, empty or FIFO -file, bad sizes, -save-stream
#   or -save-keys naming the -file, each other or a directory; SIGINT kills
#   the receiver.
# - -listen and -connect on 127.0.0.1: the right password transfers and
#   both sides agree; a wrong one fails on packet 1's MAC or tag (or, with
#   the length encrypted, packet 1's first check) on the listening side;
#   different -c; a port in use; either side killed mid-transfer is a
#   partial transfer on the other.
# Prints "N passed, N failed" last.

. "$(dirname "$0")/cli_lib.sh"
here=$(dirname "$0")
PY=/usr/bin/python3

MR_RE='^\+CH:[^:]+:[^:]+:[0-9]+:[0-9]+:[0-9.]+:[0-9.]+:[0-9.]+:[0-9.]+:[0-9.-]+:[0-9.]+$'
NON_AEAD="aes128-ctr,aes192-ctr,aes256-ctr,aes128-cbc,aes192-cbc,aes256-cbc,3des-cbc,\
blowfish-cbc,cast128-cbc,arcfour,arcfour128,arcfour256"
ALL_MACS="hmac-sha1,hmac-sha1-96,hmac-sha2-256,hmac-sha2-512,hmac-md5,hmac-md5-96,\
hmac-sha1-etm@openssh.com,hmac-sha1-96-etm@openssh.com,hmac-sha2-256-etm@openssh.com,\
hmac-sha2-512-etm@openssh.com,hmac-md5-etm@openssh.com,hmac-md5-96-etm@openssh.com"

# ---- End to end ----

b channel -size 40k -packet 3000 -c "$NON_AEAD" -m hmac-sha1,hmac-sha2-256-etm@openssh.com -mr
check "every cipher with two MACs" clean_exit
check "24 rows" count_is "$tmp/out" "$MR_RE" 24
check "-mr lines only" all_match "$tmp/out" "^\+CHH?:"
check "40k verified per row" count_is "$tmp/out" ':3000:40960:' 24
b channel -size 40k -packet 3000 -c aes128-gcm@openssh.com,aes256-gcm@openssh.com,chacha20-poly1305@openssh.com,none -mr
check "AEADs and none" clean_exit
check "AEAD rows without MAC" count_is "$tmp/out" '^\+CH:(aes128-gcm@openssh.com|aes256-gcm@openssh.com|chacha20-poly1305@openssh.com|none):none:' 4
b channel -size 20k -c aes128-ctr -m "$ALL_MACS" -mr
check "every MAC" clean_exit
check "12 MAC rows" count_is "$tmp/out" "$MR_RE" 12
b channel -size 10k -packet 1
check "-packet 1, every default row" clean_exit
check "table rows" count_is "$tmp/out" '^(aes|3des|blowfish|cast128|arcfour|chacha20|none)' 16
check "default MAC" count_is "$tmp/out" '^aes128-ctr +hmac-sha2-256-etm@openssh.com ' 1
# Without -size, small packets stop at 2^20 of them (1g would be a billion)
b channel -c none -packet 1 -mr
check "-packet 1 without -size: 2^20 packets" has "$tmp/out" '^\+CHH:1048576:1$'
b channel -c none -packet 1 -size 2m -mr
check "-packet 1 with -size: the size given" has "$tmp/out" '^\+CHH:2097152:1$'
b channel -c none -packet 2000 -mr
check "-packet 2000 without -size: 1g" has "$tmp/out" '^\+CHH:1073741824:2000$'
head -c 100000 /dev/urandom >"$tmp/data"
b channel -file "$tmp/data" -packet 7777 -c aes256-cbc -m hmac-md5 -mr
check "-file" clean_exit
check "-file's size" has "$tmp/out" '^\+CH:aes256-cbc:hmac-md5:7777:100000:'
# more than one 1 MiB piece of the digest, read back from the file
head -c 2500000 /dev/urandom >"$tmp/data2"
b channel -file "$tmp/data2" -c aes128-ctr -m hmac-sha1 -save-stream "$tmp/s2" -save-keys "$tmp/k2"
check "-file of 2.5 MB" clean_exit
b channel -replay "$tmp/s2" -keys "$tmp/k2"
check "-file of 2.5 MB: replayed" has "$tmp/out" ": 78 packets, 2500000 bytes of data verified"
b channel -size 3m -c aes128-ctr -m hmac-sha1 -save-stream "$tmp/s3" -save-keys "$tmp/k3"
check "3 MiB generated" clean_exit
b channel -replay "$tmp/s3" -keys "$tmp/k3"
check "3 MiB generated: replayed (hashed, not compared)" has "$tmp/out" ": 97 packets, 3145728 bytes"
: >"$tmp/empty"
b channel -file "$tmp/empty" -c aes128-ctr -mr
check "an empty file: refused (0 bytes would time nothing: nan MB/s)" one_line_error channel \
    "is empty: nothing to send"

# ---- The independent reader ----

reader_ok=1
if [ -n "$RUN" ]; then
    echo "note: under an emulator: skipping the paramiko and libcrypto reader"
    reader_ok=0
elif ! $PY -c 'import paramiko, cryptography' 2>/dev/null; then
    echo "note: no python3-paramiko or python3-cryptography: skipping the reader" \
         "(sh scripts/install-test-deps)"
    reader_ok=0
fi
# byte_at FILE OFF: the byte at OFF, as a number.
byte_at() { od -An -tu1 -j "$2" -N 1 "$1" | tr -d ' '; }
# flip FILE OFF BIT: FILE with bit BIT of byte OFF flipped, in $tmp/t.
flip() {
    cp "$1" "$tmp/t"
    v=$(($(byte_at "$1" "$2") ^ (1 << $3)))
    printf "\\$(printf %03o "$v")" | dd of="$tmp/t" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
# interop CIPHER MAC: brisk's stream for CIPHER and MAC saved as $tmp/s.N
# and $tmp/k.N, for one run of the reader over all of them.
n_streams=0
pairs=
interop() {
    m=
    [ "$2" != none ] && m="-m $2"
    n_streams=$((n_streams + 1))
    # shellcheck disable=SC2086
    b channel -size 50k -packet 4321 -c "$1" $m -save-stream "$tmp/s.$n_streams" \
        -save-keys "$tmp/k.$n_streams" -mr
    check "saved: $1 $2" clean_exit
    pairs="$pairs $tmp/k.$n_streams $tmp/s.$n_streams"
}
if [ $reader_ok = 1 ]; then
    for c in $(echo "$NON_AEAD" | tr , ' '); do
        interop "$c" hmac-sha1
        interop "$c" hmac-sha2-256-etm@openssh.com
    done
    for m in $(echo "$ALL_MACS" | tr , ' '); do
        interop aes128-ctr "$m"
    done
    interop aes128-gcm@openssh.com none
    interop aes256-gcm@openssh.com none
    interop chacha20-poly1305@openssh.com none
    interop none none
    # shellcheck disable=SC2086
    $PY "$here/channel_reader.py" $pairs >"$tmp/py" 2>&1
    check "the reader read them all" [ $? -eq 0 ]
    check "the reader: every stream whole" count_is "$tmp/py" "^ok: 13 packets, 51200 bytes" "$n_streams"
    grep -v '^ok:' "$tmp/py"
    # and the reader does fail: a flipped bit in a saved stream (a flip, not
    # a written value, which would match the byte once in 256 runs)
    flip "$tmp/s.1" 100 0
    $PY "$here/channel_reader.py" "$tmp/k.1" "$tmp/t" >"$tmp/py" 2>&1
    check "the reader sees a changed byte" [ $? -eq 1 ]
    check "the reader says so" has "$tmp/py" "^FAIL: "
    # the piece digest over several pieces, file and generated data
    $PY "$here/channel_reader.py" "$tmp/k2" "$tmp/s2" "$tmp/k3" "$tmp/s3" >"$tmp/py" 2>&1
    check "the reader: 2.5 MB and 3 MiB" count_is "$tmp/py" "^ok: (78 packets, 2500000|97 packets, 3145728) bytes" 2
fi

# ---- Tampering, through -replay ----

# replay_fails DESC ERE: -replay of $tmp/t fails with one line matching ERE.
replay_fails() {
    b channel -replay "$tmp/t" -keys "$tmp/k"
    if one_line_error channel "$2"; then
        ok
    else
        ko "$1 (exit $rc)"
        sed 's/^/  stderr: /' "$tmp/err"
    fi
}
# packet_len FILE OFF: the clear packet_length at OFF.
packet_len() {
    echo $(($(byte_at "$1" "$2") << 24 | $(byte_at "$1" $(($2 + 1))) << 16 |
            $(byte_at "$1" $(($2 + 2))) << 8 | $(byte_at "$1" $(($2 + 3)))))
}

# What a changed packet may fail with, depending on the field and whether
# the length is encrypted (then a changed first block is a random length).
# A random length passes OpenSSH's bounds (5 to 256 KiB, whole blocks) about
# once in 2^17; the stream then ends inside that packet, which is as much a
# detection as the others and must not make the test flaky.
ANY_ERR="(bad packet length|multiple of the block size|MAC mismatch|tag mismatch|bad padding length|partial transfer)"

# tamper_all CIPHER MAC TAGLEN LEN: every field of packet 2 of a
# stream of equal-sized packets (16000 bytes in payloads of 1000).
tamper_all() {
    m=
    [ "$2" != none ] && m="-m $2"
    # shellcheck disable=SC2086
    b channel -size 16000 -packet 1000 -c "$1" $m -save-stream "$tmp/s" -save-keys "$tmp/k"
    check "$1 $2: saved" clean_exit
    b channel -replay "$tmp/s" -keys "$tmp/k"
    check "$1 $2: replay of the intact stream" clean_exit
    check "$1 $2: replay says what it verified" has "$tmp/out" ": 17 packets, 16000 bytes of data verified"
    total=$(wc -c <"$tmp/s")
    # All data packets have one length: (total - final packet) / 16; the
    # final packet is smaller.  Find the data packet size from the clear
    # length where there is one, else from the file: 16 equal packets and
    # a last one of known payload.
    if [ "$4" = clear ]; then
        plen=$(($(packet_len "$tmp/s" 0) + 4 + $3))
    elif [ "$4" = own-key ]; then
        # ChaCha20-Poly1305: the length apart, the rest padded to 8
        plen=$((4 + (1 + 1009 + 4 + 7) / 8 * 8 + $3))
    else
        # 5 + 1009 bytes rounded up with >= 4 bytes of padding to the block
        bs=16
        case $1 in 3des-cbc | blowfish-cbc | cast128-cbc | arcfour*) bs=8 ;; esac
        n=$((5 + 1009 + 4))
        plen=$(((n + bs - 1) / bs * bs + $3))
    fi
    p2=$plen            # offset of packet 2
    flip "$tmp/s" $((p2 + 0)) 7
    replay_fails "$1 $2: packet_length's top bit" "packet 2 .*$ANY_ERR"
    flip "$tmp/s" $((p2 + 3)) 0
    replay_fails "$1 $2: packet_length's low bit" "packet 2 .*$ANY_ERR"
    flip "$tmp/s" $((p2 + 4)) 1
    replay_fails "$1 $2: padding_length" "packet 2 .*$ANY_ERR"
    flip "$tmp/s" $((p2 + 20)) 3
    replay_fails "$1 $2: payload" "packet 2 .*(MAC mismatch|tag mismatch)"
    flip "$tmp/s" $((p2 + plen - $3 - 2)) 0
    replay_fails "$1 $2: padding" "packet 2 .*(MAC mismatch|tag mismatch)"
    flip "$tmp/s" $((p2 + plen - 1)) 5
    replay_fails "$1 $2: MAC" "packet 2 .*(MAC mismatch|tag mismatch)"
    # packet 2 dropped
    { head -c "$p2" "$tmp/s"; tail -c +$((2 * plen + 1)) "$tmp/s"; } >"$tmp/t"
    replay_fails "$1 $2: a dropped packet" "packet 2 .*$ANY_ERR"
    # packets 2 and 3 swapped
    { head -c "$p2" "$tmp/s"; dd if="$tmp/s" bs="$plen" skip=2 count=1 2>/dev/null
      dd if="$tmp/s" bs="$plen" skip=1 count=1 2>/dev/null; tail -c +$((3 * plen + 1)) "$tmp/s"; } >"$tmp/t"
    check "$1 $2: the swapped stream is as long" [ "$(wc -c <"$tmp/t")" -eq "$total" ]
    replay_fails "$1 $2: reordered packets" "packet 2 .*$ANY_ERR"
    # truncated: inside a packet, and between packets (no final packet)
    head -c $((total - 10)) "$tmp/s" >"$tmp/t"
    replay_fails "$1 $2: a truncated stream" "ends inside packet 17 .*partial transfer"
    head -c $((16 * plen)) "$tmp/s" >"$tmp/t"
    replay_fails "$1 $2: no final packet" "after 16 packets without the final one: partial transfer, 16000 bytes"
    # a packet appended after the final one
    { cat "$tmp/s"; dd if="$tmp/s" bs="$plen" count=1 2>/dev/null; } >"$tmp/t"
    replay_fails "$1 $2: a packet after the end" "packet 18 .*($ANY_ERR|after the final)"
}
tamper_all aes128-ctr hmac-sha2-256-etm@openssh.com 32 clear
tamper_all aes128-cbc hmac-sha1 20 encrypted
tamper_all 3des-cbc hmac-md5-96 12 encrypted
tamper_all arcfour256 hmac-sha2-512 64 encrypted
tamper_all aes256-gcm@openssh.com none 16 clear
tamper_all chacha20-poly1305@openssh.com none 16 own-key

# -replay's own errors
b channel -replay "$tmp/nonexistent" -keys "$tmp/k"
check "-replay: a missing stream" one_line_error channel "cannot read"
b channel -replay "$tmp/s"
check "-replay without -keys" one_line_error channel "needs -keys"
echo "cipher rot13" >"$tmp/badkeys"
b channel -replay "$tmp/s" -keys "$tmp/badkeys"
check "-replay: a bad keys file" one_line_error channel "no known cipher"

# ---- Bad input ----

b channel -c aes128-ctr,rot13 -size 1k
check "unknown cipher: exit 1" [ "$rc" -eq 1 ]
check "unknown cipher: named" has "$tmp/err" "^brisk channel: unknown cipher 'rot13'$"
check "unknown cipher: the known ones" has "$tmp/err" "^known ciphers: aes128-ctr .* none$"
check "unknown cipher: nothing run" [ ! -s "$tmp/out" ]
b channel -m hmac-sha3 -size 1k
check "unknown MAC" has "$tmp/err" "^brisk channel: unknown MAC 'hmac-sha3'$"
check "unknown MAC: the known ones" has "$tmp/err" "^known MACs: hmac-sha1 .*hmac-md5-96-etm@openssh.com$"
b channel -c aes128-gcm@openssh.com -m hmac-sha1 -size 1k
check "a MAC with an AEAD" one_line_error channel "aes128-gcm@openssh.com is an AEAD cipher and takes no MAC"
b channel -file "$tmp/nonexistent"
check "a missing file" one_line_error channel "cannot read '.*nonexistent'"
b channel -file "$tmp"
check "a directory" one_line_error channel "not a regular file"
if [ "$(id -u)" -ne 0 ]; then
    cp "$tmp/data" "$tmp/noread" && chmod 000 "$tmp/noread"
    b channel -file "$tmp/noread"
    check "an unreadable file" one_line_error channel "cannot read"
fi
mkfifo "$tmp/fifo"
b channel -file "$tmp/fifo"
check "a FIFO: refused, not waited on" one_line_error channel "not a regular file"
# The saved stream or keys never overwrite the file sent, nor each other.
cp "$tmp/data" "$tmp/sent"
ln -s sent "$tmp/sent-link"
b channel -c aes128-ctr -file "$tmp/sent" -save-stream "$tmp/sent-link" -save-keys "$tmp/k9"
check "-save-stream the -file: refused" one_line_error channel "is the -file being sent"
b channel -c aes128-ctr -file "$tmp/sent" -save-stream "$tmp/s9" -save-keys "$tmp/sent"
check "-save-keys the -file: refused" one_line_error channel "is the -file being sent"
check "-save-* the -file: the file kept" cmp -s "$tmp/sent" "$tmp/data"
b channel -c aes128-ctr -size 1k -save-stream "$tmp/s9" -save-keys "$tmp/s9"
check "-save-stream and -save-keys one file" one_line_error channel "name the same file"
b channel -c aes128-ctr -size 1k -save-stream "$tmp" -save-keys "$tmp/k9"
check "-save-stream a directory: refused up front" one_line_error channel "Is a directory"
check "-save-*: no stream written" [ ! -e "$tmp/s9" ]
check "-save-*: no keys written" [ ! -e "$tmp/k9" ]
b channel -c aes128-ctr -size 1k -save-stream "$tmp/nodir/s9" -save-keys "$tmp/k9"
check "-save-stream in a missing directory: refused up front" \
    one_line_error channel "directory '$tmp/nodir' does not exist"
check "-save-stream in a missing directory: no keys written" [ ! -e "$tmp/k9" ]
b channel -size 1k -file "$tmp/data"
check "-size and -file" one_line_error channel "not both"
for s in 0 12x 1t "" -5 99999999999999999999g; do
    b channel -size "$s"
    check "-size '$s'" one_line_error channel "bad size|unknown option"
done
b channel -packet 0
check "-packet 0" one_line_error channel
b channel -packet 300000
check "-packet too large" one_line_error channel
b channel -c aes128-ctr,aes256-ctr -save-stream "$tmp/x"
check "-save-stream with two rows" one_line_error channel "one cipher and one MAC"
b channel -keys "$tmp/k"
check "-keys without -replay" one_line_error channel "goes with -replay"
b channel -c ""
check "an empty list" one_line_error channel "empty list"
b channel extra
check "an operand" one_line_error channel "unexpected argument"
b channel -help
check "-help" clean_exit
check "-help lists the ciphers" has "$tmp/out" "^Ciphers: aes128-ctr .*arcfour256 none$"

# ---- SIGTERM (and SIGINT, the same handler) stops the receiver too ----
# A background job of a non-interactive shell starts with SIGINT ignored,
# which brisk respects as speed does: the test sends SIGTERM.

if [ -z "$RUN" ] && command -v pgrep >/dev/null 2>&1; then
    "$BRISK" channel -c 3des-cbc -size 100g >/dev/null 2>&1 &
    pid=$!
    child=
    for i in 1 2 3 4 5 6 7 8 9 10; do
        child=$(pgrep -P "$pid" 2>/dev/null | head -n 1)
        [ -n "$child" ] && break
        sleep 0.2
    done
    kill -TERM "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    st=$?
    check "SIGTERM: the receiver was running" [ -n "$child" ]
    check "SIGTERM: the command dies of it" [ "$st" -eq 143 ]
    check "SIGTERM: no receiver left" eval "! kill -0 '${child:-999999999}' 2>/dev/null"
fi

# ---- A receiver that dies mid-transfer: a partial transfer, exit 1 ----

if [ -z "$RUN" ] && command -v pgrep >/dev/null 2>&1; then
    "$BRISK" channel -c 3des-cbc -size 100g >/dev/null 2>"$tmp/err" &
    pid=$!
    child=
    for i in 1 2 3 4 5 6 7 8 9 10; do
        child=$(pgrep -P "$pid" 2>/dev/null | head -n 1)
        [ -n "$child" ] && break
        sleep 0.2
    done
    [ -n "$child" ] && kill -KILL "$child"
    wait "$pid"
    rc=$?
    # On a busy machine the CPU-share warning comes first: not the error.
    grep -v '^brisk channel: warning: this process got' "$tmp/err" >"$tmp/err1"
    mv "$tmp/err1" "$tmp/err"
    check "a killed receiver: found" [ -n "$child" ]
    check "a killed receiver: one line, exit 1" one_line_error channel \
        "none: the receiver was killed by signal 9; partial transfer: connection lost after [0-9]+ bytes were sent"
fi

# ---- Two machines, on 127.0.0.1: -listen and -connect with -pass ----

# listener ARGS...: `brisk channel -listen 127.0.0.1:0 ARGS` in the
# background (stdout $tmp/lout, stderr $tmp/lerr), LPID its pid and PORT
# the port it says it listens on (empty if it did not).
listener() {
    : >"$tmp/lerr"
    $RUN "$BRISK" channel -listen 127.0.0.1:0 "$@" >"$tmp/lout" 2>"$tmp/lerr" &
    LPID=$!
    PORT=
    for i in $(seq 1 50); do
        PORT=$(sed -n 's/^brisk channel: listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$tmp/lerr")
        [ -n "$PORT" ] && break
        sleep 0.1
    done
}
# lwait: wait for the listener; its status in lrc, its stderr's lines
# after "listening on" in $tmp/lerr2.
lwait() {
    wait "$LPID"
    lrc=$?
    grep -v '^brisk channel: listening on ' "$tmp/lerr" >"$tmp/lerr2"
}
NET_RE='^\+CHNET:(sent|received):[^:]+:[^:]+:[0-9]+:[0-9]+:[0-9.]+:[0-9.]+:[0-9.]+$'

if [ -z "$RUN" ]; then
    listener -pass pass:s3cret -mr
    check "-listen: says its port" [ -n "$PORT" ]
    b channel -connect "127.0.0.1:$PORT" -pass pass:s3cret -c aes128-ctr -size 2m -mr
    lwait
    check "-connect, the right password" clean_exit
    check "-listen, the right password" [ "$lrc" -eq 0 ]
    check "-connect: sent" has "$tmp/out" '^\+CHNET:sent:aes128-ctr:hmac-sha2-256-etm@openssh.com:32768:2097152:'
    check "-listen: received and verified" has "$tmp/lout" '^\+CHNET:received:aes128-ctr:hmac-sha2-256-etm@openssh.com:32768:2097152:'
    check "-connect: the -mr grammar" all_match "$tmp/out" "$NET_RE"
    check "-listen: the -mr grammar" all_match "$tmp/lout" "$NET_RE"
    check "-listen: nothing else on stderr" [ ! -s "$tmp/lerr2" ]

    # a file, GCM, -pass from the environment, the same -c named on both
    CHPASS=pw
    export CHPASS
    listener -pass env:CHPASS -c aes256-gcm@openssh.com
    b channel -connect "127.0.0.1:$PORT" -pass env:CHPASS -c aes256-gcm@openssh.com \
        -file "$tmp/data2" -packet 5000
    lwait
    check "-connect -file" clean_exit
    check "-listen -file" [ "$lrc" -eq 0 ]
    check "-listen -file: its size" has "$tmp/lout" '^received aes256-gcm@openssh.com: 2500000 bytes in '

    # a wrong password: packet 1 fails to authenticate, nothing is garbage;
    # its MAC or tag, or where the length is encrypted (CBC with HMAC, and
    # ChaCha20-Poly1305's own length key) the length's check, which comes
    # first, as in OpenSSH
    for cm in "aes128-ctr hmac-sha2-256-etm@openssh.com MAC.mismatch" \
              "chacha20-poly1305@openssh.com none (bad.packet.length|tag.mismatch)" \
              "aes128-gcm@openssh.com none tag.mismatch" \
              "aes128-cbc hmac-sha1 ."; do
        # shellcheck disable=SC2086
        set -- $cm
        m=
        [ "$2" != none ] && m="-m $2"
        listener -pass pass:right
        # shellcheck disable=SC2086
        b channel -connect "127.0.0.1:$PORT" -pass pass:wrong -c "$1" $m -size 1m
        lwait
        check "wrong password, $1: the listener fails" [ "$lrc" -eq 1 ]
        check "wrong password, $1: one line" lines_are "$tmp/lerr2" 1
        check "wrong password, $1: packet 1 fails authentication" has "$tmp/lerr2" \
            "^brisk channel: packet 1 fails authentication: a wrong -pass .*\[packet 1 .*$3"
        check "wrong password, $1: the sender fails" one_line_error channel \
            "partial transfer|did not confirm|refused"
    done

    # the two sides name different ciphers
    listener -pass pass:x -c aes128-ctr
    b channel -connect "127.0.0.1:$PORT" -pass pass:x -c aes256-ctr -size 1k
    lwait
    check "different -c: the listener says so" has "$tmp/lerr2" \
        "^brisk channel: the connecting side uses aes256-ctr with hmac-sha2-256-etm@openssh.com, this side aes128-ctr with"
    check "different -c: the connecting side fails" one_line_error channel "refused the greeting"

    # a port in use
    listener -pass pass:x
    b channel -listen "127.0.0.1:$PORT" -pass pass:x
    check "a port in use" one_line_error channel "cannot listen on 127\.0\.0\.1:$PORT: Address already in use"
    kill -TERM "$LPID" 2>/dev/null
    wait "$LPID" 2>/dev/null

    # read_over PID N: wait (up to 60 s: PBKDF2 under a sanitizer is slow)
    # until process PID has read more than N bytes, so that the transfer
    # is under way; else after 1.5 s where /proc has no io file.
    read_over() {
        if [ ! -r "/proc/$1/io" ]; then
            sleep 1.5
            return
        fi
        for i in $(seq 1 600); do
            r=$(sed -n 's/^rchar: //p' "/proc/$1/io" 2>/dev/null)
            [ "${r:-0}" -gt "$2" ] && return
            sleep 0.1
        done
    }
    # the connecting side dies mid-transfer: the listener reports a
    # partial transfer
    listener -pass pass:x
    "$BRISK" channel -connect "127.0.0.1:$PORT" -pass pass:x -c 3des-cbc -size 100g \
        >/dev/null 2>&1 &
    cpid=$!
    read_over "$LPID" 1000000
    kill -KILL "$cpid"
    wait "$cpid" 2>/dev/null
    lwait
    check "a sender that dies: the listener fails" [ "$lrc" -eq 1 ]
    check "a sender that dies: partial transfer" has "$tmp/lerr2" \
        "^brisk channel: the stream ends .*partial transfer, [0-9]+ bytes verified$"
    # the listening side dies: the sender reports a partial transfer
    listener -pass pass:x
    "$BRISK" channel -connect "127.0.0.1:$PORT" -pass pass:x -c 3des-cbc -size 100g \
        >/dev/null 2>"$tmp/err" &
    cpid=$!
    read_over "$LPID" 1000000
    kill -KILL "$LPID"
    wait "$cpid"
    rc=$?
    wait "$LPID" 2>/dev/null
    check "a listener that dies: the sender reports a partial transfer" one_line_error channel \
        "connection lost after [0-9]+ bytes were sent: .*partial transfer"
fi

# bad options
b channel -connect 127.0.0.1:1 -pass pass:x
check "-connect without -c" one_line_error channel "takes one cipher"
b channel -connect 127.0.0.1:1 -listen 5 -pass pass:x -c aes128-ctr
check "-connect and -listen" one_line_error channel "not both"
b channel -connect 127.0.0.1:1 -pass pass:x -c none
check "-connect with none" one_line_error channel "loopback only"
b channel -connect nohostport -pass pass:x -c aes128-ctr
check "-connect without a port" one_line_error channel "is not HOST:PORT"
# An IPv6 address in brackets, as ssh and URLs write it: the brackets are
# not part of the name looked up (nothing listens on port 1).
b channel -connect '[::1]:1' -pass pass:x -c aes128-ctr
check "-connect [::1]:1: tried, not looked up as a name" one_line_error channel \
    "cannot connect to \[::1\]:1"
b channel -listen 127.0.0.1:99999 -pass pass:x
check "-listen: a bad port" one_line_error channel "is not \[ADDR:\]PORT"
b channel -pass pass:x -size 1k
check "-pass alone" one_line_error channel "goes with -listen or -connect"
b channel -connect 127.0.0.1:1 -pass pass: -c aes128-ctr
check "an empty password" one_line_error channel "empty password"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
