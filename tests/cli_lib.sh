# tests/cli_lib.sh - what the command-line test scripts share.  Each sources
# it with its own arguments still in "$@":
#
#   . "$(dirname "$0")/cli_lib.sh"
#
# The arguments are the brisk binary (made absolute here) and, for a cross
# build, an emulator prefix (or BRISK_RUN).  This sets BRISK and RUN, makes
# $tmp (removed on exit), and defines the pass/fail counters and the check
# helpers.  Scripts print "$pass passed, $fail failed" last.

BRISK=${1:?usage: sh $0 PATH_TO_BRISK [EMULATOR [ARGS...]]}
case $BRISK in
/*) ;;
*) BRISK=$PWD/$BRISK ;;
esac
shift
RUN=${BRISK_RUN:-}
[ $# -gt 0 ] && RUN="$*"
pass=0
fail=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/brisk-test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

# check DESC COMMAND...: one check that passes when COMMAND succeeds.
check() {
    desc=$1
    shift
    if "$@"; then ok; else ko "$desc"; fi
}

# b ARGS...: brisk with stdout in $tmp/out, stderr in $tmp/err, status in $rc.
b() {
    $RUN "$BRISK" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

# find_native_openssl sets HAVE_OPENSSL to 1 when the comparisons with the
# host's `openssl` can run on files brisk wrote: openssl is on PATH and
# brisk runs natively (not under an emulator); else 0, with a note why.
find_native_openssl() {
    HAVE_OPENSSL=0
    if [ -n "$RUN" ]; then
        echo "note: running under '$RUN': skipping the comparisons with the host's openssl"
    elif command -v openssl >/dev/null 2>&1; then
        HAVE_OPENSSL=1
    else
        echo "note: no openssl on PATH: skipping the comparisons with openssl"
    fi
}

# Helpers for check.
no_sanitizer() { ! grep -Eq 'Sanitizer|runtime error' "$tmp/err"; }
# one_line_error PROG [ERE]: exit 1, exactly one line on stderr,
# "brisk PROG: ..." (matching ERE if given).
one_line_error() {
    [ "$rc" -eq 1 ] && no_sanitizer && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -q "^brisk $1: " "$tmp/err" && grep -Eq -- "${2:-}" "$tmp/err"
}
clean_exit() { [ "$rc" -eq 0 ] && ! grep -Eq 'Sanitizer|runtime error' "$tmp/err"; }
has() { grep -Eq -- "$2" "$1"; }               # has FILE ERE
all_match() { ! grep -Evq -- "$2" "$1"; }      # every line of FILE matches ERE
count_is() { [ "$(grep -Ec -- "$2" "$1")" -eq "$3" ]; }
lines_are() { [ "$(wc -l <"$1")" -eq "$2" ]; }

# hex_of: stdin as lower-case hex on one line.
hex_of() { od -An -v -tx1 | tr -d ' \n'; }
# unhex HEX: the bytes of HEX on stdout.
unhex() {
    printf "$(printf '%s' "$1" | awk '{
        h = "0123456789abcdef"
        for (i = 1; i <= length($0); i += 2)
            printf "\\%03o", (index(h, substr($0, i, 1)) - 1) * 16 + index(h, substr($0, i + 1, 1)) - 1
    }')"
}

# The -mr grammar of openssl speed: +H sizes and +F results on stdout, +DT
# progress and +R counts on stderr.
H_RE='^\+H(:[0-9]+)+$'
F_RE='^\+F:[0-9]+:[^:]+(:[0-9]+\.[0-9][0-9])+$'
DT_RE='^\+DT:[^:]+:[0-9]+:[0-9]+$'
R_RE='^\+R:[0-9]+:[^:]+:[0-9]+\.[0-9]{6}$'
