#!/bin/sh
# tests/test_speed_cipher.sh - end-to-end tests of the cipher rows of
# `brisk speed`.
#
#   sh tests/test_speed_cipher.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# Checks the `-mr` grammar of the named cipher rows (des, rc4, idea, rc2,
# rc5, blowfish, cast, aes) and their "+F:index:label" against `openssl speed
# -mr` for the rows that openssl can run; the human table's header and row
# labels for `-evp aes-128-cbc rc4 blowfish` against openssl's; -evp over
# other modes (CTR, XTS, CFB, OFB, a cipher without a stored known answer);
# -decrypt; -aead with OpenSSL 3.0's message sizes and its -decrypt; -multi
# and -misalign on cipher rows; the options line's SSLeay words; and that
# each kind of bad input gives one line on stderr and exit 1.  What is
# checked is formats and self-checks, so brisk's runs are under -testmode
# (one operation a cell) but for a CTR -decrypt and an -aead -decrypt run,
# timed for 1 second per cell, as are openssl's; the script takes seconds.
#
# openssl is run with the legacy provider (for des, rc4, bf, cast, rc2) when
# it accepts it; rows it cannot run (it prints 0.00 for them: idea and rc5
# in many builds) are not compared.  Without openssl on PATH the comparisons
# are skipped with a note.  An emulator for a cross build prefixes every
# brisk command; it is given after the path, or in BRISK_RUN.
# Prints "N passed, N failed" last; exits non-zero if any check failed.

. "$(dirname "$0")/cli_lib.sh"

# labels FILE: the "+F:index:label" of each -mr line, one a line.
labels() { grep '^+F:' "$1" | cut -d: -f1-3; }

# in_build NAME: brisk has the cipher NAME (brisk speed -help lists it).
in_build() { $RUN "$BRISK" speed -help | grep -q "^Ciphers for -evp:.* $1\( \|\$\)"; }

HAVE_OPENSSL=0
if command -v openssl >/dev/null 2>&1; then
    HAVE_OPENSSL=1
    PROV="-provider legacy -provider default"
    # shellcheck disable=SC2086
    openssl speed $PROV -help >/dev/null 2>&1 || PROV=
else
    echo "note: no openssl on PATH: skipping the comparisons with openssl"
fi

ROW_RE='^[^ ].{12}( {1,11}[0-9]+\.[0-9][0-9](k| ))+$'

# ---- the named cipher rows, -mr ----
# name, the cipher it runs on, and its "+F:index:label" lines (OpenSSL 3.0's).
ROWS='des des-cbc +F:10:des-cbc,+F:11:des-ede3
rc4 rc4 +F:12:rc4
idea idea-cbc +F:13:idea-cbc
rc2 rc2-cbc +F:15:rc2-cbc
rc5 rc5-cbc +F:16:rc5-cbc
blowfish bf-cbc +F:17:blowfish
cast cast5-cbc +F:18:cast-cbc
aes aes-128-cbc +F:19:aes-128-cbc,+F:20:aes-192-cbc,+F:21:aes-256-cbc'
: >"$tmp/names"
: >"$tmp/want_labels"
echo "$ROWS" | while read -r n c want; do
    if in_build "$c"; then
        echo "$n" >>"$tmp/names"
        echo "$want" | tr ',' '\n' >>"$tmp/want_labels"
    else
        echo "note: $n is not in this build"
    fi
done
NAMES=$(tr '\n' ' ' <"$tmp/names")
[ -n "$NAMES" ] || NAMES=md5   # no cipher row at all: the checks below fail
# shellcheck disable=SC2086
b speed -testmode -mr -seconds 1 -bytes 16 $NAMES
check "speed -mr $NAMES: exit 0 (every row passed its self-check)" clean_exit
check "speed -mr cipher rows: stdout is +H then +F lines" all_match "$tmp/out" "$H_RE|$F_RE"
check "speed -mr cipher rows: stderr is +DT/+R lines" all_match "$tmp/err" "$DT_RE|$R_RE"
labels "$tmp/out" >"$tmp/b_labels"
check "speed -mr: OpenSSL's index and label for every row, in index order" \
    cmp -s "$tmp/want_labels" "$tmp/b_labels"
case " $NAMES " in
*" aes "*" rc4 "* | *" rc4 "*" aes "*)
    check "speed -mr: progress in OpenSSL's timing order (aes before rc4)" \
        [ "$(grep '^+DT:' "$tmp/err" | cut -d: -f2 | grep -n '^rc4$\|^aes-256-cbc$' | cut -d: -f2 | tr '\n' ' ')" = "aes-256-cbc rc4 " ] ;;
esac

if [ "$HAVE_OPENSSL" = 1 ]; then
    # shellcheck disable=SC2086
    openssl speed $PROV -mr -seconds 1 -bytes 16 $NAMES >"$tmp/oout" 2>/dev/null
    check "openssl speed -mr fits the same grammar" all_match "$tmp/oout" "$H_RE|$F_RE"
    # The rows openssl could run, and the same rows of brisk's.
    grep '^+F:' "$tmp/oout" | grep -v ':0\.00$' | cut -d: -f1-3 >"$tmp/o_labels"
    grep -Fx -f "$tmp/o_labels" "$tmp/b_labels" >"$tmp/b_common"
    check "speed -mr: the same +F:index:label lines as openssl's ($(wc -l <"$tmp/o_labels") rows)" \
        cmp -s "$tmp/o_labels" "$tmp/b_common"
    skipped=$(grep -Fxv -f "$tmp/o_labels" "$tmp/b_labels" | cut -d: -f3 | tr '\n' ' ')
    [ -n "$skipped" ] && echo "note: openssl could not run ${skipped% }: not compared"
fi

# ---- the human table: -evp aes-128-cbc rc4 blowfish ----
if in_build rc4 && in_build bf-cbc; then
    b speed -testmode -seconds 1 -bytes 16 -evp aes-128-cbc rc4 blowfish
    check "speed -evp aes-128-cbc rc4 blowfish: exit 0" clean_exit
    check "speed table: header" has "$tmp/out" '^type             16 bytes$'
    check "speed table: three rows of the row pattern" count_is "$tmp/out" "$ROW_RE" 3
    check "speed table: labels in OpenSSL's order" \
        [ "$(sed -n '/^type /,$p' "$tmp/out" | awk '{ print $1 }' | tr '\n' ' ')" = "type rc4 blowfish AES-128-CBC " ]
    check "speed table: progress lines" count_is "$tmp/err" \
        "^Doing (rc4|blowfish|AES-128-CBC) for 1s on 16 size blocks: [0-9]+ (rc4|blowfish|AES-128-CBC)'s in [0-9]+\\.[0-9][0-9]s\$" 3
    if [ "$HAVE_OPENSSL" = 1 ] && [ -n "$PROV" ]; then
        # shellcheck disable=SC2086
        openssl speed $PROV -seconds 1 -bytes 16 -evp aes-128-cbc rc4 blowfish >"$tmp/oout" 2>"$tmp/oerr"
        table() { sed -n '/^type /,$p' "$1" | awk '{ print ($1 == "type" ? $0 : $1) }'; }
        check "speed table: header and row labels as openssl's" [ "$(table "$tmp/out")" = "$(table "$tmp/oout")" ]
        # brisk's warning of a low CPU share (a busy machine) is not a progress line.
        check "speed table: progress lines as openssl's, counts aside" \
            [ "$(grep -v '^brisk speed: warning: this process got' "$tmp/err" | sed 's/: [0-9]* .*//')" = "$(grep '^Doing' "$tmp/oerr" | sed 's/: [0-9]* .*//')" ]
    fi
fi

# ---- -evp over other modes, and ciphers without a stored answer ----
for c in aes-128-ctr aes-256-xts bf-cfb des-ede3-ofb rc2-40-cbc; do
    in_build "$c" || continue
    label=$(echo "$c" | tr '[:lower:]' '[:upper:]')
    b speed -testmode -mr -seconds 1 -bytes 64 -evp "$c"
    check "speed -mr -evp $c: exit 0" clean_exit
    check "speed -mr -evp $c: +F:25:$label" has "$tmp/out" "^\\+F:25:$label:[0-9]+\\.[0-9][0-9]\$"
done

if in_build des-ede3; then
    b speed -testmode -mr -seconds 1 -bytes 16 -evp des-ede3
    check "speed -mr -evp des-ede3: OpenSSL 3's name +F:25:DES-EDE3-ECB" \
        has "$tmp/out" '^\+F:25:DES-EDE3-ECB:[0-9]+\.[0-9][0-9]$'
fi

# ---- -decrypt ----
b speed -decrypt -seconds 1 -bytes 16 -evp aes-128-ctr
check "speed -decrypt -evp aes-128-ctr: exit 0" clean_exit
check "speed -decrypt -evp aes-128-ctr: AES-128-CTR row" has "$tmp/out" '^AES-128-CTR  ( {1,11}[0-9]+\.[0-9][0-9](k| ))$'
b speed -testmode -decrypt -mr -seconds 1 -bytes 1024 -evp aes-256-cbc
check "speed -decrypt -evp aes-256-cbc: exit 0" clean_exit
check "speed -decrypt -evp aes-256-cbc: +F:25:AES-256-CBC" has "$tmp/out" '^\+F:25:AES-256-CBC:[0-9]+\.[0-9][0-9]$'

# ---- -aead ----
if in_build aes-128-gcm; then
    b speed -testmode -aead -seconds 1 -evp aes-128-gcm
    check "speed -aead -evp aes-128-gcm: exit 0" clean_exit
    check "speed -aead: OpenSSL 3.0's AEAD sizes" has "$tmp/out" \
        '^type              2 bytes     31 bytes    136 bytes   1024 bytes   8192 bytes  16384 bytes$'
    check "speed -aead: AES-128-GCM row of six cells" has "$tmp/out" \
        '^AES-128-GCM  ( {1,11}[0-9]+\.[0-9][0-9](k| )){6}$'
    check "speed -aead: six progress lines" count_is "$tmp/err" \
        "^Doing AES-128-GCM for 1s on [0-9]+ size blocks: [0-9]+ AES-128-GCM's in [0-9]+\\.[0-9][0-9]s\$" 6
    b speed -aead -decrypt -mr -seconds 1 -bytes 64 -evp aes-256-gcm
    check "speed -aead -decrypt -bytes 64: exit 0 (every tag verified)" clean_exit
    check "speed -aead -decrypt: +H:64 and +F:25:AES-256-GCM" \
        [ "$(cut -d: -f1-3 "$tmp/out" | tr '\n' ' ')" = "+H:64 +F:25:AES-256-GCM " ]
    b speed -testmode -seconds 1 -bytes 16 -evp aes-128-gcm
    check "speed -evp aes-128-gcm without -aead: exit 0" clean_exit
fi

# ---- -multi, -misalign ----
# -testmode's workers need no SIGALRM: this runs under qemu-i386 too
b speed -testmode -multi 2 -seconds 1 -bytes 16 -evp aes-128-ctr
check "speed -multi 2 -evp aes-128-ctr: exit 0" clean_exit
check "speed -multi 2: figures from both" count_is "$tmp/out" \
    '^Got: \+F:25:AES-128-CTR:[0-9.]+ from [01]$' 2
b speed -testmode -misalign 5 -mr -seconds 1 -bytes 33 -evp aes-128-cbc
check "speed -misalign 5 -bytes 33 -evp aes-128-cbc: exit 0" clean_exit
check "speed -misalign 5: +F:25:AES-128-CBC" has "$tmp/out" '^\+F:25:AES-128-CBC:[0-9.]+$'

# OpenSSL's provider options are accepted (everything is built in), so that
# a command line written for `openssl speed -provider legacy` runs as it is.
b speed -testmode -provider legacy -provider default -mr -seconds 1 -bytes 16 rc4
check "speed -provider legacy -provider default rc4: exit 0" clean_exit
check "speed -provider ...: +F:12:rc4" has "$tmp/out" '^\+F:12:rc4:[0-9]+\.[0-9][0-9]$'

# ---- mdc2, when this build has it ----
if $RUN "$BRISK" speed -help | grep -q '^Digests for -evp and -hmac:.* mdc2\( \|$\)'; then
    b speed -testmode -mr -seconds 1 -bytes 16 mdc2
    check "speed -mr mdc2: exit 0" clean_exit
    check "speed -mr mdc2: +F:1:mdc2" has "$tmp/out" '^\+F:1:mdc2:[0-9.]+$'
fi

# ---- the options line: SSLeay's words ----
b version -o
check "version -o: one options line" has "$tmp/out" '^options:( [a-z0-9-]+\([a-z0-9,/>=]+\))+$'
in_build des-cbc && check "options: des(ptr|idx,cisc|risc1|risc2|rorx,16|4,long)" \
    has "$tmp/out" ' des\((ptr|idx),(cisc|risc1|risc2|rorx),(16|4),long\)( |$)'
in_build rc4 && check "options: rc4(idx,int|char)" has "$tmp/out" ' rc4\(idx,(int|char)\)( |$)'
in_build bf-cbc && check "options: blowfish(...)" has "$tmp/out" ' blowfish\((ptr2|ptr|idx)\)( |$)'
in_build idea-cbc && check "options: idea(int)" has "$tmp/out" ' idea\(int\)( |$)'
check "options: md2(int)" has "$tmp/out" ' md2\(int\)( |$)'
if in_build bf-cbc; then
    BRISK_IMPL=bf=idx $RUN "$BRISK" version -o >"$tmp/out" 2>"$tmp/err"
    check "BRISK_IMPL=bf=idx: options shows blowfish(idx)" has "$tmp/out" ' blowfish\(idx\)( |$)'
fi

# ---- list ----
b list -cipher-algorithms
check "list -cipher-algorithms: exit 0" clean_exit
check "list -cipher-algorithms: aes-128-cbc with its alias" has "$tmp/out" '^  aes-128-cbc +CBC +key 16 +iv 16 +aes128$'

# ---- bad input: one line on stderr, nothing on stdout, exit 1 ----
bad() {
    desc=$1
    shift
    b "$@"
    if [ "$rc" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ] &&
        ! grep -Eq 'Sanitizer|runtime error' "$tmp/err"; then
        ok
    else
        ko "$desc: want one error line and exit 1, got exit $rc:"
        head -n 3 "$tmp/err"
    fi
}
bad "speed: unknown cipher row" speed -seconds 1 nosuch-cbc
bad "speed: -evp nosuch" speed -seconds 1 -evp nosuch
bad "speed: -aead alone" speed -seconds 1 -aead
bad "speed: -aead with a named algorithm" speed -seconds 1 -aead rc4
bad "speed: -aead -evp aes-128-cbc" speed -seconds 1 -aead -evp aes-128-cbc
bad "speed: -aead -evp md5" speed -seconds 1 -aead -evp md5
bad "speed: -evp cipher twice" speed -seconds 1 -evp aes-128-cbc -evp aes-128-ctr
bad "speed: -evp without a value" speed -evp
bad "speed: -provider without a value" speed -provider
bad "list: stray argument" list -cipher-algorithms x
b speed -aead -evp aes-128-cbc
check "speed -aead -evp aes-128-cbc: openssl's wording" has "$tmp/err" 'AES-128-CBC is not an AEAD cipher$'
if in_build aes-128-xts; then
    b speed -testmode -mr -seconds 1 -bytes 8 -evp aes-128-xts
    check "speed -evp aes-128-xts -bytes 8: exit 1, no figure" [ "$rc" -eq 1 ] && ! has "$tmp/out" '^\+F:'
    check "speed -evp aes-128-xts -bytes 8: says why" has "$tmp/err" 'AES-128-XTS cannot process 8-byte blocks'
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
