#!/bin/sh
# tests/test_cli_tune.sh - end-to-end tests of `brisk tune` and the tuning file
# it writes (docs/tuning.md).
#
#   sh tests/test_cli_tune.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# Short runs (-seconds 0.01, one or two primitives) only: a ranking per
# primitive with a decision line; the file written to -out, to
# $XDG_CONFIG_HOME/brisk/tune or ~/.config/brisk/tune (the directories
# made), in the format the library parses, nothing left beside it, read by
# `brisk version -o` under BRISK_TUNE; a run with -prim keeping the other
# primitives' lines; -noout writing nothing; -out a device; and the errors
# (an unwritable -out or a directory, an unknown -prim, no HOME, bad
# -seconds) each one line on stderr, exit 1, before any timing.  Prints "N passed, N failed" last.

. "$(dirname "$0")/cli_lib.sh"

# file_ok FILE PRIMS: FILE is a tuning file (comments, "brisk-tune 1", the
# cpu line, then one line per primitive of PRIMS, in v1's grammar).
file_ok() {
    awk -v prims="$2" '
        BEGIN { n = split(prims, p, " "); for (i = 1; i <= n; i++) want[p[i]] = 1 }
        /^#/ || /^$/ { next }
        { k++ }
        k == 1 { if ($0 != "brisk-tune 1") bad = 1; next }
        k == 2 { if ($0 !~ /^cpu [A-Za-z]+ [0-9]+ [0-9]+ [a-z0-9.,]+$/) bad = 1; next }
        {
            if ($0 !~ /^[a-z0-9]+ [a-z0-9-]+( [a-z0-9-]+ [0-9]+)?$/ || !($1 in want) || seen[$1]++)
                bad = 1
        }
        END {
            for (q in want) if (!seen[q]) bad = 1
            exit bad
        }' "$1"
}

# n_impls PRIM: how many implementations of PRIM this CPU runs (`brisk
# list -implementations`): one in a portable build for md5 and sha256,
# which then get no ranking and no line.
$RUN "$BRISK" list -implementations >"$tmp/impls" 2>/dev/null
n_impls() {
    awk -v p="$1" '/^  [a-z0-9]/ { cur = $1 } cur == p && /runs here/ { n++ } END { print n + 0 }' \
        "$tmp/impls"
}
ranked=
n_rows=0
for p in md5 sha256; do
    n=$(n_impls "$p")
    if [ "$n" -ge 2 ]; then ranked="$ranked $p"; n_rows=$((n_rows + n)); fi
done
n_ranked=$(echo $ranked | wc -w)

# ---- A run with -out ----
F=$tmp/tune
# A file of the user's beside the target, named as a temporary file might
# be: tune must neither truncate nor remove it.
echo "the user's" >"$F.tmp"
b tune -seconds 0.01 -prim md5 -prim sha256 -out "$F"
check "tune -prim md5 -prim sha256 -out exits 0" clean_exit
check "file written" [ -s "$F" ]
check "no temporary file left" [ -z "$(ls "$tmp" | grep '^tune\.brisk-tmp-')" ]
check "FILE.tmp beside it left as it was" [ "$(cat "$F.tmp" 2>/dev/null)" = "the user's" ]
rm -f "$F.tmp"
check "file in v1's grammar, a line for each of:$ranked" file_ok "$F" "$ranked"
check "file says how it was made" has "$F" '^# brisk [0-9.]+; command: tune -seconds 0.01 -prim md5 -prim sha256 -out '
check "a section per primitive" count_is "$tmp/out" '^== (md5|sha256) \(' 2
check "header row with the six sizes" count_is "$tmp/out" \
    '^impl +16 bytes +64 bytes +256 bytes +1024 bytes +8192 bytes +16384 bytes +worst$' "$n_ranked"
# Rows: name, six figures each with its percent of the best, the worst.
row='^[a-z0-9-]+( +[0-9]+\.[0-9]+ +[0-9]{1,3}%){6} +-[0-9]+\.[0-9]%$'
grep -E "$row" "$tmp/out" >"$tmp/rows"
check "every implementation ranked ($n_rows)" lines_are "$tmp/rows" "$n_rows"
check "a 100% figure at every size, per primitive" \
    [ "$(grep -o ' 100%' "$tmp/rows" | wc -l)" -ge $((6 * n_ranked)) ]
check "decision lines" count_is "$tmp/out" '^decision (md5|sha256): [a-z0-9-]+' "$n_ranked"
check "file's choices are the decisions" sh -c "
    for p in $ranked; do
        d=\$(sed -n \"s/^decision \$p: \\([a-z0-9-]*\\)\\( below [0-9]* bytes, \\([a-z0-9-]*\\) from \\([0-9]*\\)\\)\\{0,1\\} .*/\$p \\1 \\3 \\4/p\" '$tmp/out' | sed 's/ *\$//')
        grep -qx \"\$d\" '$F' || exit 1
    done"
check "wrote FILE" has "$tmp/out" "^wrote $F\$"
# The library reads it: version -o names the file in use.
BRISK_TUNE=$F b version -o
check "version -o under BRISK_TUNE exits 0" clean_exit
check "version -o names the tuning file" has "$tmp/out" "$F"
check "no note about the file" [ ! -s "$tmp/err" ]
# -out a device: written directly, its endless content never read as an
# old tuning file to keep lines from (-prim), nothing made beside it.
if [ -c /dev/full ] && [ -c /dev/null ]; then
    b tune -seconds 0.01 -prim rc4 -out /dev/null
    check "-prim -out /dev/null: exit 0" clean_exit
    b tune -seconds 0.01 -prim rc4 -out /dev/full
    check "-prim -out /dev/full: exit 1" [ "$rc" -eq 1 ]
    check "-prim -out /dev/full: says why" has "$tmp/err" "^brisk tune: cannot write '/dev/full': No space left"
fi
# A BRISK_TUNE that names a directory: the note says why, the run goes on.
BRISK_TUNE=$tmp b version -o
check "BRISK_TUNE a directory: exit 0" clean_exit
check "BRISK_TUNE a directory: the note says so" has "$tmp/err" \
    "^brisk: ignoring tuning file $tmp: Is a directory\$"

# ---- The default path, and -prim keeping the other lines ----
# rc4 and bf have several portable implementations: a line on every build.
mkdir "$tmp/home"
HOME=$tmp/home XDG_CONFIG_HOME= b tune -seconds 0.01 -prim rc4
check "tune to ~/.config/brisk/tune exits 0" clean_exit
check "~/.config/brisk made" [ -d "$tmp/home/.config/brisk" ]
check "~/.config/brisk/tune written" file_ok "$tmp/home/.config/brisk/tune" "rc4"
HOME=$tmp/home XDG_CONFIG_HOME= b tune -seconds 0.01 -prim bf
check "a second -prim run exits 0" clean_exit
check "rc4's line kept, bf's added" file_ok "$tmp/home/.config/brisk/tune" "rc4 bf"
HOME=$tmp/home XDG_CONFIG_HOME=$tmp/xdg b tune -seconds 0.01 -prim rc4
check "tune to \$XDG_CONFIG_HOME/brisk/tune exits 0" clean_exit
check "\$XDG_CONFIG_HOME/brisk/tune written" file_ok "$tmp/xdg/brisk/tune" "rc4"

# ---- -noout ----
mkdir "$tmp/empty"
HOME=$tmp/empty XDG_CONFIG_HOME= b tune -seconds 0.01 -prim rc4 -noout
check "-noout exits 0" clean_exit
check "-noout writes nothing" [ -z "$(ls -A "$tmp/empty")" ]
check "-noout still decides" has "$tmp/out" '^decision rc4: '

# ---- Help and errors ----
b tune -help
check "-help exits 0" clean_exit
check "-help prints the usage" has "$tmp/out" '^Usage: brisk tune'
b help tune
check "brisk help tune" has "$tmp/out" '-prim NAME'
b help
check "tune in brisk help" has "$tmp/out" '^  tune '

bad() {
    desc=$1
    want=$2
    shift 2
    b tune "$@"
    if one_line_error tune "$want" && [ ! -s "$tmp/out" ]; then
        ok
    else
        ko "$desc: want exit 1, one stderr line matching '$want', no stdout (got $rc)"
        cat "$tmp/err"
    fi
}
bad "unknown primitive" "unknown primitive 'nosuch'" -prim nosuch -noout
bad "unwritable -out" "cannot create '$tmp/nodir/tune': the directory" -prim md5 -out "$tmp/nodir/tune"
bad "-out a directory" "cannot write '$tmp': Is a directory" -prim md5 -out "$tmp"
bad "-out and -noout" "-out and -noout" -out "$F" -noout
bad "seconds zero" "bad -seconds" -seconds 0 -noout
bad "seconds not a number" "bad -seconds" -seconds x -noout
bad "seconds too large" "bad -seconds" -seconds 61 -noout
bad "unknown option" "unknown option" -nosuch
bad "an operand" "unexpected argument" extra
# No HOME and no XDG_CONFIG_HOME, and no -out: nowhere to write.
(unset HOME XDG_CONFIG_HOME; b tune -prim md5; echo "$rc" >"$tmp/rc")
rc=$(cat "$tmp/rc")
if one_line_error tune 'no configuration directory' && [ ! -s "$tmp/out" ]; then ok; else
    ko "no HOME: want one line naming the problem (got $rc)"; cat "$tmp/err"; fi
check "a failed run leaves the file alone" file_ok "$F" "$ranked"

echo "test_cli_tune: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
