#!/bin/sh
# tests/test_disk.sh - end-to-end tests of `brisk disk`.
#
#   sh tests/test_disk.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# - The ramdisk test on small volumes: every block size both ways, with
#   -threads 1 and 3, zero and random data, 512 and 4096-byte sectors, the
#   table and the -mr lines; -direct where the file system takes O_DIRECT.
# - What the volume holds: with -keep and a -key-file, sectors of the kept
#   file are decrypted here with `openssl enc` (AES-CBC with plain64 and
#   ESSIV IVs computed in this script from the sector numbers; AES-XTS,
#   which `openssl enc` refuses, as its definition: the tweak from openssl
#   AES-ECB, multiplied by alpha here, and the blocks through openssl
#   AES-ECB).  That is what dm-crypt's plain mode would read: `cryptsetup
#   open --type plain` itself needs root and device-mapper.
# - Every bad input gets one line and exit 1, and leaves no file; an
#   existing file is never touched without -force; a read-only directory
#   and a full file system (a 1 MiB tmpfs mounted in `unshare -rm`, and
#   RLIMIT_FSIZE) end in one line and no file; SIGINT removes the volume.
# - -benchmark: its lines parsed by the awk a user writes for cryptsetup's,
#   run on both brisk's output and a real `cryptsetup benchmark` output
#   captured on a machine without AF_ALG (tests/data/, PBKDF lines only).
# Prints "N passed, N failed" last.

. "$(dirname "$0")/cli_lib.sh"
find_native_openssl
data=$(dirname "$0")/data

# nothing_left DIR: DIR has no file in it.
nothing_left() { [ -z "$(ls -A "$1")" ]; }
# le64_iv N: dm-crypt's plain64 IV of N, 16 bytes in hex.
le64_iv() {
    n=$1 i=0 out=
    while [ $i -lt 8 ]; do
        out=$out$(printf '%02x' $(((n >> (8 * i)) & 255)))
        i=$((i + 1))
    done
    printf '%s0000000000000000' "$out"
}
# zeros N: N zero bytes in hex.
zeros() { head -c "$1" /dev/zero | hex_of; }
# sector FILE SIZE N: sector N (of SIZE bytes) of FILE, in hex.
sector() { dd if="$1" bs="$2" skip="$3" count=1 2>/dev/null | hex_of; }

# cbc_plain FILE SS N IVN KEYHEX BITS [ESSIV]: sector N of FILE decrypts,
# under AES-BITS-CBC with the IV of number IVN (plain64, or ESSIV with the
# SHA-256 of the key), to zeros.
cbc_sector_is_zero() {
    iv=$(le64_iv "$4")
    if [ -n "${7:-}" ]; then
        salt=$(unhex "$5" | openssl dgst -sha256 -binary | hex_of)
        iv=$(unhex "$iv" | openssl enc -aes-256-ecb -nopad -K "$salt" | hex_of)
    fi
    got=$(dd if="$1" bs="$2" skip="$3" count=1 2>/dev/null |
        openssl enc -d -aes-"$6"-cbc -nopad -K "$5" -iv "$iv" | hex_of)
    [ "$got" = "$(zeros "$2")" ]
}

# xts_sector_is_zero FILE SS N IVN KEYHEX: sector N of FILE is the AES-XTS
# encryption (IEEE 1619, data unit SS bytes, tweak = plain64 IV of IVN) of
# zeros under KEYHEX.  With zero plaintext C_j = E1(T_j) ^ T_j, so
# D1(C_j ^ T_j) must equal T_j, T_j = E2(IV) * alpha^j.
xts_sector_is_zero() {
    half=$((${#5} / 2))
    k1=$(printf '%s' "$5" | cut -c1-$half)
    k2=$(printf '%s' "$5" | cut -c$((half + 1))-)
    bits=$((half * 4))
    t0=$(unhex "$(le64_iv "$4")" | openssl enc -aes-"$bits"-ecb -nopad -K "$k2" | hex_of)
    printf '%s %s\n' "$t0" "$(sector "$1" "$2" "$3")" | awk '
        function hv(s, h) { h = "0123456789abcdef"
            return (index(h, substr(s, 1, 1)) - 1) * 16 + index(h, substr(s, 2, 1)) - 1 }
        function xor(a, b, r, i) { r = 0
            for (i = 1; i < 256; i *= 2) if (int(a / i) % 2 != int(b / i) % 2) r += i
            return r }
        { for (k = 0; k < 16; k++) t[k] = hv(substr($1, 2 * k + 1, 2))
          n = length($2) / 32; x = ""; ts = ""
          for (j = 0; j < n; j++) {
              for (k = 0; k < 16; k++) {
                  x = x sprintf("%02x", xor(hv(substr($2, 32 * j + 2 * k + 1, 2)), t[k]))
                  ts = ts sprintf("%02x", t[k])
              }
              carry = int(t[15] / 128)
              for (k = 15; k > 0; k--) t[k] = (t[k] * 2) % 256 + int(t[k - 1] / 128)
              t[0] = (t[0] * 2) % 256
              if (carry) t[0] = xor(t[0], 135)
          }
          print x; print ts }' >"$tmp/xts"
    got=$(unhex "$(sed -n 1p "$tmp/xts")" | openssl enc -d -aes-"$bits"-ecb -nopad -K "$k1" | hex_of)
    [ "$got" = "$(sed -n 2p "$tmp/xts")" ]
}

vol=$tmp/vol
mkdir "$tmp/d"

# ---- The ramdisk test ----
bs_all=512,1k,2k,4k,8k,16k,1M
for t in 1 3; do
    for p in zero random; do
        b disk -file "$tmp/d/v" -size 64k,128k -bs $bs_all -threads $t -pattern $p
        check "-threads $t -pattern $p: exit 0" clean_exit
        check "-threads $t -pattern $p: header" has "$tmp/out" \
            '^blocksize  encr\. speed 64kB  decr\. speed 64kB  encr\. speed 128kB  decr\. speed 128kB$'
        check "-threads $t -pattern $p: a row per block size" count_is "$tmp/out" \
            '^(512|1k|2k|4k|8k|16k|1M) +[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9]$' 7
        check "-threads $t -pattern $p: 'Doing' line on stderr" has "$tmp/err" \
            "^Doing aes-cbc-essiv:sha256, 256-bit key, 512-byte sectors, $t threads? on "
        check "-threads $t -pattern $p: volume removed" nothing_left "$tmp/d"
    done
done
check "-bs 1M over a 64k volume: one warning says so" count_is "$tmp/err" \
    '^brisk disk: warning: block size 1M exceeds the 64kB volume; where a block exceeds a volume, each request is the whole volume$' 1
b disk -file "$tmp/d/v" -size 1k -bs 512,1k
check "every block within the volume: exit 0" clean_exit
check "... and no block-size warning" sh -c "! grep -q 'warning: block size' '$tmp/err'"
# Requests split over threads (pieces of 16 KiB and more), 4096-byte
# sectors, XTS, -mr.
b disk -file "$tmp/d/v" -cipher aes-xts-plain64 -key-size 512 -sector-size 4096 \
    -size 1M,2M -bs 4k,64k,1M -threads 3 -pattern random -mr
check "xts, 4096-byte sectors, 3 threads, -mr: exit 0" clean_exit
check "-mr: the +DISK line" has "$tmp/out" '^\+DISK:aes-xts-plain64:512:4096:3$'
check "-mr: one +F line per cell" count_is "$tmp/out" \
    '^\+F:(4096|65536|1048576):(1048576|2097152):[0-9]+\.[0-9]{2}:[0-9]+\.[0-9]{2}$' 6
check "-mr: nothing else on stdout" lines_are "$tmp/out" 7
check "-mr: volume removed" nothing_left "$tmp/d"
for spec in aes-cbc-plain aes-cbc-plain64 aes-cbc-plain64be aes-xts-plain64be aes-cbc-null \
    aes-cbc-essiv:sha256 aes-xts-essiv:sha256; do
    b disk -file "$tmp/d/v" -cipher $spec -size 64k -bs 4k,16k -threads 2 -pattern random
    check "$spec: exit 0" clean_exit
    check "$spec: volume removed" nothing_left "$tmp/d"
done
b disk -file "$tmp/d/v" -cipher aes-xts-plain64 -sector-size 4096 -iv-large-sectors \
    -size 64k -bs 64k -threads 1
check "-iv-large-sectors: exit 0" clean_exit

# -direct where the file system takes O_DIRECT (tmpfs may not).
for dir in "$tmp" /dev/shm; do
    [ -d "$dir" ] || continue
    b disk -direct -file "$dir/brisk-test-direct-$$.img" -size 256k -bs 4k,64k -threads 2
    if [ "$rc" -eq 1 ] && grep -q 'refuses O_DIRECT' "$tmp/err"; then
        echo "note: $dir refuses O_DIRECT: skipping -direct there"
        check "-direct refused on $dir: one line" one_line_error disk 'refuses O_DIRECT'
    else
        check "-direct on $dir: exit 0" clean_exit
        check "-direct on $dir: stderr says O_DIRECT" has "$tmp/err" '\(O_DIRECT\)$'
    fi
    check "-direct on $dir: volume removed" test ! -e "$dir/brisk-test-direct-$$.img"
done

# ---- What the volume holds, read independently ----
head -c 64 /dev/urandom >"$tmp/key512"
head -c 32 /dev/urandom >"$tmp/key256"
head -c 16 /dev/urandom >"$tmp/key128"
k512=$(hex_of <"$tmp/key512")
k256=$(hex_of <"$tmp/key256")
k128=$(hex_of <"$tmp/key128")
# fifo_feed FILE...: a FIFO, $tmp/fifo, that a writer in the background
# fills with the FILEs; fifo_done stops the writer (blocked for ever if
# brisk never opened the FIFO) and removes the FIFO.
fifo_feed() {
    mkfifo "$tmp/fifo"
    cat "$@" >"$tmp/fifo" &
    feeder=$!
}
fifo_done() {
    kill "$feeder" 2>/dev/null
    wait "$feeder" 2>/dev/null
    rm -f "$tmp/fifo"
}
# keep SPEC BITS KEYFILE SECTOR [flags]: a kept 64 KiB volume of zeros.
keep() {
    rm -f "$vol"
    spec=$1 bits=$2 key=$3 ss=$4
    shift 4
    b disk -cipher "$spec" -key-size "$bits" -key-file "$key" -sector-size "$ss" -size 64k \
        -bs 8k -file "$vol" -keep -threads 2 "$@"
    check "-keep $spec/$bits/$ss $*: exit 0" clean_exit
    check "-keep $spec/$bits/$ss $*: the volume is kept, 64 KiB" \
        test "$(wc -c <"$vol" 2>/dev/null)" -eq 65536
}
if [ "$HAVE_OPENSSL" -eq 1 ]; then
    keep aes-xts-plain64 512 "$tmp/key512" 512
    for s in 0 1 77 127; do
        check "aes-xts-plain64/512: sector $s decrypts with openssl" \
            xts_sector_is_zero "$vol" 512 $s $s "$k512"
    done
    check "aes-xts-plain64: not the same ciphertext in sectors 1 and 2" \
        test "$(sector "$vol" 512 1)" != "$(sector "$vol" 512 2)"
    keep aes-xts-plain64 256 "$tmp/key256" 4096
    for s in 0 5 15; do
        check "aes-xts-plain64/256, 4096-byte sectors: sector $s (IV $((s * 8)))" \
            xts_sector_is_zero "$vol" 4096 $s $((s * 8)) "$k256"
    done
    keep aes-xts-plain64 256 "$tmp/key256" 4096 -iv-large-sectors
    check "-iv-large-sectors: sector 5 has IV 5" xts_sector_is_zero "$vol" 4096 5 5 "$k256"
    keep aes-cbc-plain64 128 "$tmp/key128" 512
    for s in 0 3 127; do
        check "aes-cbc-plain64/128: sector $s decrypts with openssl" \
            cbc_sector_is_zero "$vol" 512 $s $s "$k128" 128
    done
    keep aes-cbc-essiv:sha256 256 "$tmp/key256" 512
    for s in 0 9 126; do
        check "aes-cbc-essiv:sha256/256: sector $s decrypts with openssl" \
            cbc_sector_is_zero "$vol" 512 $s $s "$k256" 256 essiv
    done
    keep aes-cbc-essiv:sha256 256 "$tmp/key256" 2048
    check "aes-cbc-essiv:sha256, 2048-byte sectors: sector 7 (IV 28)" \
        cbc_sector_is_zero "$vol" 2048 7 28 "$k256" 256 essiv
    # A wrong IV must not pass: the check is not vacuous.
    check "a wrong IV is caught" test "$(cbc_sector_is_zero "$vol" 2048 7 27 "$k256" 256 essiv &&
        echo passed)" != passed
    # A key file that is not a regular file gives its first -key-size/8
    # bytes (cryptsetup's -d /dev/urandom): 48 bytes through a FIFO, and
    # through stdin from it, of which the first 32 are the key.
    fifo_feed "$tmp/key256" "$tmp/key128"
    keep aes-xts-plain64 256 "$tmp/fifo" 512
    fifo_done
    check "a FIFO's first 32 bytes are the key: sector 3 decrypts" \
        xts_sector_is_zero "$vol" 512 3 3 "$k256"
    fifo_feed "$tmp/key256" "$tmp/key128"
    keep aes-xts-plain64 256 - 512 <"$tmp/fifo"
    fifo_done
    check "-key-file - on a pipe: its first 32 bytes are the key" \
        xts_sector_is_zero "$vol" 512 9 9 "$k256"
fi
rm -f "$vol"

# ---- Bad input: one line, exit 1, no file ----
# bad DESC ERE ARGS...: brisk disk ARGS on $tmp/d/v fails with one line.
bad() {
    desc=$1 ere=$2
    shift 2
    b disk -file "$tmp/d/v" -size 64k -bs 4k "$@"
    check "$desc: one line, exit 1" one_line_error disk "$ere"
    check "$desc: nothing on stdout" lines_are "$tmp/out" 0
    check "$desc: no file left" nothing_left "$tmp/d"
}
bad "unknown cipher" "foo" -cipher foo-xts-plain64
bad "unknown mode" "bar" -cipher aes-bar-plain64
bad "unknown IV generator" "bogus" -cipher aes-xts-bogus
bad "unknown ESSIV hash" "nohash" -cipher aes-cbc-essiv:nohash
bad "key size XTS does not take" "128|key" -cipher aes-xts-plain64 -key-size 128
bad "key size CBC does not take" "512|key" -cipher aes-cbc-plain64 -key-size 512
bad "sector size not a power of two" "1000" -sector-size 1000
bad "sector size too large" "8192" -sector-size 8192 -bs 8k
bad "size not whole sectors" "whole number of 4096-byte sectors" -sector-size 4096 -size 6k
bad "block size not a multiple of the sector size" "multiple of the 4096-byte" \
    -sector-size 4096 -bs 512
bad "bad size" "bad length" -size 12q
bad "zero size" "bad length" -size 0
bad "bad block size list" "bad length" -bs 4k,,x
bad "-pattern other" "zero or random" -pattern ones
bad "-keep with two sizes" "one -size and one -bs" -keep -size 64k,128k
bad "-keep with two block sizes" "one -size and one -bs" -keep -bs 4k,8k
bad "-threads 0" "between" -threads 0
bad "unknown option" "unknown option" -nosuch
bad "-pbkdf without -benchmark" "go with -benchmark" -pbkdf pbkdf2
bad "-benchmark with ramdisk options" "takes -cipher" -benchmark
head -c 31 /dev/urandom >"$tmp/key31"
bad "key file of the wrong length" "holds 31 bytes; -key-size 256 needs 32" -key-file "$tmp/key31"
bad "missing key file" "nosuchkey" -key-file "$tmp/nosuchkey"
bad "a device that ends before the key" "/dev/null ended after 0 bytes; -key-size 256 needs 32" \
    -key-file /dev/null
fifo_feed "$tmp/key31"
bad "a FIFO that ends before the key" "ended after 31 bytes; -key-size 256 needs 32" \
    -key-file "$tmp/fifo"
fifo_done
bad "a directory as the key file" "cannot read .*: Is a directory" -key-file "$tmp"
b disk -file "$tmp/d/v" -size 64k -bs 4k -key-file /dev/urandom
check "-key-file /dev/urandom: exit 0" clean_exit
check "-key-file /dev/urandom: volume removed" nothing_left "$tmp/d"
b disk -file "$tmp/nodir/v" -size 64k -bs 4k
check "a file in a missing directory: one line" one_line_error disk "cannot create .*nodir"

# An existing file is never overwritten without -force.
printf 'precious\n' >"$tmp/d/exists"
b disk -file "$tmp/d/exists" -size 64k -bs 4k
check "existing file: one line" one_line_error disk 'exists; remove it, or give -force'
check "existing file: untouched" test "$(cat "$tmp/d/exists")" = precious
b disk -file "$tmp/d/exists" -size 64k -bs 4k -force
check "existing file with -force: exit 0" clean_exit
check "existing file with -force: overwritten, then removed" nothing_left "$tmp/d"
b disk -file /dev/null -size 64k -bs 4k -force
check "-force on a device: refused" one_line_error disk 'regular files only'
# -file naming the key file or a run document, even with -force: refused,
# the file kept (the volume would overwrite it, then be removed).
head -c 32 /dev/zero | tr '\0' k >"$tmp/d/key"
cp "$tmp/d/key" "$tmp/key.orig"
b disk -file "$tmp/d/key" -key-file "$tmp/d/key" -size 64k -bs 4k -force
check "-file the -key-file: refused" one_line_error disk "is the key file \(-key-file\); refusing"
check "-file the -key-file: key kept" cmp -s "$tmp/d/key" "$tmp/key.orig"
rm "$tmp/d/key"
# Without -force a device or a directory is not one to remove: say so.
b disk -file /dev/null -size 64k -bs 4k
check "a device without -force: not a regular file" one_line_error disk \
    'exists and is not a regular file; give -file a new path'
b disk -file "$tmp/d" -size 64k -bs 4k
check "a directory without -force: not a regular file" one_line_error disk \
    'exists and is not a regular file'

# A read-only directory (root ignores modes: a read-only tmpfs instead).
if [ "$(id -u)" -ne 0 ]; then
    mkdir "$tmp/ro" && chmod 555 "$tmp/ro"
    b disk -file "$tmp/ro/v" -size 64k -bs 4k
    check "read-only directory: one line" one_line_error disk 'cannot create'
    check "read-only directory: nothing left" nothing_left "$tmp/ro"
    chmod 755 "$tmp/ro"
fi
# A full file system: a 1 MiB tmpfs in a user and mount namespace.
mkdir "$tmp/mnt"
if [ -z "$RUN" ] && unshare -rm sh -c "mount -t tmpfs -o size=1m tmpfs '$tmp/mnt'" 2>/dev/null; then
    unshare -rm sh -c "mount -t tmpfs -o size=1m tmpfs '$tmp/mnt' &&
        '$BRISK' disk -file '$tmp/mnt/v' -size 4M -bs 1M >'$tmp/out' 2>'$tmp/err'
        echo \$? >'$tmp/rc'; ls -A '$tmp/mnt' >'$tmp/left'
        mount -t tmpfs -o ro,size=1m tmpfs '$tmp/mnt' &&
        '$BRISK' disk -file '$tmp/mnt/v' -size 64k -bs 4k >'$tmp/out2' 2>'$tmp/err2'
        echo \$? >'$tmp/rc2'"
    rc=$(cat "$tmp/rc")
    check "full tmpfs: one line saying no space" one_line_error disk 'no space for the volume'
    check "full tmpfs: nothing left" test ! -s "$tmp/left"
    rc=$(cat "$tmp/rc2")
    check "read-only tmpfs: one line" sh -c "[ $rc -eq 1 ] && [ \$(wc -l <'$tmp/err2') -eq 1 ] &&
        grep -q '^brisk disk: cannot create .*Read-only' '$tmp/err2'"
else
    echo "note: no 'unshare -rm' tmpfs here: full and read-only file systems via RLIMIT_FSIZE only"
fi
# RLIMIT_FSIZE: the volume outgrows the limit (1 MiB in 512 or 1024-byte units).
(ulimit -f 1024 && $RUN "$BRISK" disk -file "$tmp/d/v" -size 4M -bs 1M >"$tmp/out" 2>"$tmp/err")
rc=$?
check "RLIMIT_FSIZE: one line saying no space" one_line_error disk 'no space for the volume'
check "RLIMIT_FSIZE: nothing left" nothing_left "$tmp/d"

# SIGINT while writing removes the volume and ends by the signal.
if [ -z "$RUN" ]; then
    "$BRISK" disk -file "$tmp/d/v" -size 256M -bs 512 >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    n=0
    while [ ! -e "$tmp/d/v" ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
    sleep 0.2
    kill -INT $pid
    wait $pid
    rc=$?
    check "SIGINT: ends by SIGINT (status 130)" test "$rc" -eq 130
    check "SIGINT: volume removed" nothing_left "$tmp/d"
fi

# ---- -benchmark ----
# The awk a user writes for cryptsetup benchmark's PBKDF lines ...
pbkdf_awk() { awk '/^PBKDF2-/ && $2 != "N/A" { sub(/^PBKDF2-/, "", $1); print $1, $2 }' "$1"; }
argon_awk() { awk '/^argon2/ { print $1, $2, $4, $6 }' "$1"; }
# ... and for its table: algorithm and key size in the first two fields.
cipher_awk() { awk '$2 ~ /^[0-9]+b$/ && $4 == "MiB/s" { print $1, $2, $3, $5 }' "$1"; }
cs=$data/cryptsetup-2.6.1-benchmark.txt
pbkdf_awk "$cs" >"$tmp/cs_pbkdf"
check "cryptsetup's output: five PBKDF2 figures" lines_are "$tmp/cs_pbkdf" 5
check "cryptsetup's output: figures are numbers" all_match "$tmp/cs_pbkdf" '^[a-z0-9]+ [0-9]+$'
argon_awk "$cs" >"$tmp/cs_argon"
check "cryptsetup's output: two argon2 lines" all_match "$tmp/cs_argon" '^argon2i?d? [0-9]+ [0-9]+ [0-9]+$'

b disk -benchmark -pbkdf pbkdf2-sha256
check "-benchmark -pbkdf pbkdf2-sha256: exit 0" clean_exit
check "-benchmark: cryptsetup's first line" has "$tmp/out" \
    '^# Tests are approximate using memory only \(no storage IO\)\.$'
check "PBKDF2 line in cryptsetup's format" has "$tmp/out" \
    '^PBKDF2-sha256 +[0-9]+ iterations per second for 256-bit key$'
check "two lines" lines_are "$tmp/out" 2
pbkdf_awk "$tmp/out" >"$tmp/b_pbkdf"
check "the same awk reads brisk's PBKDF2 figure" all_match "$tmp/b_pbkdf" '^sha256 [0-9]+$'
check "... exactly one" lines_are "$tmp/b_pbkdf" 1
# Columns as cryptsetup prints them: the figure right-aligned in %7u after
# "PBKDF2-%-9s ".
check "PBKDF2 columns as cryptsetup's" \
    sh -c "grep '^PBKDF2-sha256' '$tmp/out' | cut -c1-17 | grep -qx 'PBKDF2-sha256    '"
b disk -benchmark -hash ripemd160 -key-size 512
check "-hash ripemd160 -key-size 512" has "$tmp/out" \
    '^PBKDF2-ripemd160 +[0-9]+ iterations per second for 512-bit key$'
b disk -benchmark -hash whirlpool
check "-hash whirlpool: cryptsetup's N/A line, exit 1" \
    sh -c "[ $rc -eq 1 ] && grep -qx 'PBKDF2-whirlpool     N/A' '$tmp/out'"
check "-hash whirlpool: one error line says why" one_line_error disk \
    'hash whirlpool is not available: no such digest'
b disk -benchmark -pbkdf pbkdf2-nosuch
check "-pbkdf pbkdf2-nosuch: N/A line" grep -qx 'PBKDF2-nosuch        N/A' "$tmp/out"
check "-pbkdf pbkdf2-nosuch: one error line" one_line_error disk 'hash nosuch is not available'
b disk -benchmark -pbkdf scrypt
check "-pbkdf scrypt: one line" one_line_error disk 'unknown PBKDF'
b disk -benchmark -pbkdf argon2id -iter-time 100 -pbkdf-memory 1024 -pbkdf-parallel 1
check "-pbkdf argon2id: exit 0" clean_exit
check "argon2id line in cryptsetup's format" has "$tmp/out" \
    '^argon2id +[0-9]+ iterations, +[0-9]+ memory, 1 parallel threads \(CPUs\) for 256-bit key \(requested 100 ms time\)$'
argon_awk "$tmp/out" >"$tmp/b_argon"
check "the same awk reads brisk's argon2 line" all_match "$tmp/b_argon" '^argon2id [0-9]+ [0-9]+ 1$'
check "memory within the limit" awk '$3 > 1024 { exit 1 }' "$tmp/b_argon"
b disk -benchmark -cipher aes-xts-plain64 -key-size 512
check "-benchmark -cipher aes-xts-plain64: exit 0" clean_exit
check "one-row header as cryptsetup's (as wide as the name)" has "$tmp/out" \
    '^# Algorithm \|       Key \|      Encryption \|      Decryption$'
check "the row" has "$tmp/out" '^    aes-xts        512b +[0-9]+\.[0-9] MiB/s +[0-9]+\.[0-9] MiB/s$'
cipher_awk "$tmp/out" >"$tmp/b_cipher"
check "the awk reads the row" all_match "$tmp/b_cipher" '^aes-xts 512b [0-9]+\.[0-9] [0-9]+\.[0-9]$'
check "... once" lines_are "$tmp/b_cipher" 1
b disk -benchmark -cipher nosuch-cbc -key-size 128
check "unknown cipher: one line" one_line_error disk 'nosuch-cbc .*not available'
b disk -benchmark -cipher aes-cbc -pbkdf pbkdf2
check "-cipher with -pbkdf: one line" one_line_error disk 'not both'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
