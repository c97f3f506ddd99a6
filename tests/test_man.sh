#!/bin/sh
# tests/test_man.sh BRISK MANPAGE - the manual page brisk(1) against the
# command, both ways: its sections name exactly the subcommands `brisk help`
# lists, and each section lists exactly the options, with their value names,
# that `brisk SUBCOMMAND -help` prints.  So an option added to a table
# without the page, or to the page without a table, fails here.  Then it
# shows that it would: a page with an option dropped and a page with one
# added must both fail the same comparison.  And groff, if present, must
# format the page without a warning.
set -u
BRISK=$1
MAN=$2
RUN=${BRISK_RUN:-}
TMP=$(mktemp -d) || exit 1
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# subcommands_help: the names in the "Subcommands:" list of `brisk help`.
subcommands_help() {
    $RUN "$BRISK" help | awk '/^Subcommands:/ { on = 1; next } on && NF == 0 { exit }
                             on { print $1 }' | sort
}

# subcommands_man PAGE: the names of its ".SS "brisk NAME ..."" sections.
subcommands_man() {
    sed -n 's/^\.SS "brisk \([a-z-]*\).*/\1/p' "$1" | sort
}

# options_help SUB: "-name VALUE" per option of `brisk SUB -help`, read in
# opts_usage's layout (" %-19s %s": the option and its value in columns 2
# to 20).
options_help() {
    $RUN "$BRISK" "$1" -help | awk '
        /^Options:/ { on = 1; next }
        on && NF == 0 { exit }
        on && substr($0, 1, 2) == " -" {
            if (substr($0, 21, 1) != " ") { print "UNPARSED " $0; next }
            left = substr($0, 2, 19); sub(/ +$/, "", left); print left
        }' | sort
}

# options_man PAGE SUB: "-name VALUE" per option of its SUB section: the
# tag line after each .TP, ".B \-name" or ".BI \-name " VALUE"" (or
# ".BI \- WORD" for -WORD).
options_man() {
    awk -v sub_="$2" '
        /^\.S[SH] / { on = ($0 ~ "^\\.SS \"brisk " sub_ "[ \"]"); next }
        !on { next }
        /^\.TP/ { tag = 1; next }
        tag {
            tag = 0
            line = $0
            gsub(/\\-/, "-", line); gsub(/\\f[BIRP]/, "", line); gsub(/"/, "", line)
            n = split(line, w, " ")
            if (w[1] != ".B" && w[1] != ".BI") next
            if (w[2] == "-") { print "-" w[3]; next }
            out = w[2]
            for (i = 3; i <= n; i++) out = out " " w[i]
            print out
        }' "$1" | sort
}

# compare_page PAGE: 0 when PAGE matches the command both ways, else the
# differences on stdout and 1.
compare_page() {
    ret=0
    subcommands_help > "$TMP/sub.help"
    subcommands_man "$1" > "$TMP/sub.man"
    if ! diff "$TMP/sub.help" "$TMP/sub.man" > "$TMP/diff"; then
        echo "subcommands (< brisk help, > $1):"; cat "$TMP/diff"; ret=1
    fi
    for sub in $(cat "$TMP/sub.help"); do
        [ "$sub" = help ] && continue   # no options: `brisk help SUB` runs SUB -help
        options_help "$sub" > "$TMP/opt.help"
        options_man "$1" "$sub" > "$TMP/opt.man"
        if [ ! -s "$TMP/opt.help" ]; then
            echo "$sub: no options read from -help"; ret=1
        fi
        if ! diff "$TMP/opt.help" "$TMP/opt.man" > "$TMP/diff"; then
            echo "$sub options (< brisk $sub -help, > $1):"; cat "$TMP/diff"; ret=1
        fi
    done
    return $ret
}

if compare_page "$MAN"; then ok; else bad "$MAN and the command disagree"; fi

# The comparison fails when the page lacks an option -help lists ...
awk '/^\.BI \\-seconds " N"$/ && !done { done = 1; next } { print }' "$MAN" > "$TMP/drop.1"
if cmp -s "$MAN" "$TMP/drop.1"; then
    bad "could not drop -seconds from the page"
elif compare_page "$TMP/drop.1" > /dev/null; then
    bad "a page without speed's -seconds passes"
else
    ok
fi
# ... when it has one -help does not list ...
awk '{ print } /^\.SS "brisk speed/ { print ".TP"; print ".B \\-turbo"; print "Not an option." }' \
    "$MAN" > "$TMP/add.1"
if compare_page "$TMP/add.1" > /dev/null; then bad "a page with speed -turbo passes"; else ok; fi
# ... and when a value name differs, or a subcommand is missing.
sed 's/^\.BI \\-bytes " N"$/.BI \\-bytes " SIZE"/' "$MAN" > "$TMP/value.1"
if compare_page "$TMP/value.1" > /dev/null; then bad "a page with -bytes SIZE passes"; else ok; fi
sed 's/^\.SS "brisk pkey /.SS "brisk pkeyx /' "$MAN" > "$TMP/sub.1"
if compare_page "$TMP/sub.1" > /dev/null; then bad "a page without pkey passes"; else ok; fi

if command -v groff > /dev/null 2>&1; then
    if groff -man -Tutf8 -ww -z "$MAN" > "$TMP/groff" 2>&1 && [ ! -s "$TMP/groff" ]; then
        ok
    else
        bad "groff warns about $MAN:"; cat "$TMP/groff"
    fi
fi

echo "test_man: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
