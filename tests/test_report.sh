#!/bin/sh
# tests/test_report.sh - end-to-end tests of `brisk report`.
#
#   sh tests/test_report.sh PATH_TO_BRISK [--browser]
#
# The run documents of tests/data/report-*.json, written by hand to the
# brisk-run/1 schema (docs/brisk.1): two speed runs from two machines (one
# with -compare openssl cells and members the reader does not know, one
# with RSA and DSA cells and a CPU name full of XML's special characters),
# a disk run and a channel run.
# - Without --browser: the page and every SVG of -svg parse as XML
#   (python3's xml.etree), the SVG files are the charts expected by name,
#   nothing is fetched (no http:// or https:// but SVG's xmlns, no script),
#   strings from the documents and -title are escaped, each chart declares
#   the series and bars the documents hold (counted here by hand), and
#   every bad input (-out naming a document too) is one line and exit 1
#   with no file left behind.
# - With --browser: Debian's chromium, headless, loads the page; in the DOM
#   it dumps every chart drew its lines (one <polyline> per series, with
#   a point per block size) and its bars, and a screenshot is a PNG.
#   Without chromium it exits 77, which ctest reports as skipped.
# Prints "N passed, N failed" last.

mode=${2:-}
[ $# -ge 2 ] && set -- "$1"
. "$(dirname "$0")/cli_lib.sh"
data=$(cd "$(dirname "$0")/data" && pwd)
lacks() { ! grep -Eq -- "$2" "$1"; }    # lacks FILE ERE
docs="$data/report-speed-a.json $data/report-speed-b.json $data/report-disk.json $data/report-channel.json"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3

# The charts the four documents make, in page order: kind, the count the
# chart declares (series of a line chart, bars of a bar chart), its file.
expected='line 3 speed-md5-digest
bar 6 ratio-md5-digest
line 3 speed-aes-128-cbc-encrypt
bar 6 ratio-aes-128-cbc-encrypt
bar 4 pk-rsa
bar 2 pk-dsa
bar 10 disk-ciphers
bar 3 disk-pbkdf
bar 3 channel'

# charts_of FILE: "kind count" per chart and what it drew: "line N P..."
# (P: the points of each polyline) or "bar N R M" (R rects, M markers),
# read with python's HTML parser (the browser's dump is HTML, not XML).
charts_of() {
    "$PY" - "$1" <<'EOF'
import sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.charts = []
        self.cur = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg" and "chart" in (a.get("class") or "").split():
            n = a.get("data-series") or a.get("data-bars")
            self.cur = {"kind": a.get("data-kind"), "n": n, "points": [], "rects": 0, "marks": 0}
            self.charts.append(self.cur)
        elif self.cur is not None:
            cls = (a.get("class") or "").split()
            if tag == "polyline" and "series" in cls:
                self.cur["points"].append(len((a.get("points") or "").split()))
            elif tag == "rect" and "bar" in cls:
                self.cur["rects"] += 1
            elif tag == "line" and "mark" in cls:
                self.cur["marks"] += 1
    def handle_endtag(self, tag):
        if tag == "svg":
            self.cur = None
    handle_startendtag = handle_starttag
p = P()
p.feed(open(sys.argv[1], encoding="utf-8").read())
for c in p.charts:
    if c["kind"] == "line":
        print("line", c["n"], len(c["points"]), " ".join(map(str, c["points"])))
    else:
        print("bar", c["n"], c["rects"], c["marks"])
EOF
}

# What every chart must have drawn, for the four documents.
drawn='line 3 3 6 6 6
bar 6 6 0
line 3 3 6 6 6
bar 6 6 0
bar 4 4 0
bar 2 2 0
bar 10 10 0
bar 3 3 0
bar 3 3 9'

if [ "$mode" = --browser ]; then
    CHROMIUM=
    for c in chromium chromium-browser; do
        command -v "$c" >/dev/null 2>&1 && { CHROMIUM=$c; break; }
    done
    if [ -z "$CHROMIUM" ]; then
        echo "SKIP: no chromium on PATH (Debian: apt-get install chromium;" \
             "scripts/install-test-deps installs it)"
        exit 77
    fi
    # shellcheck disable=SC2086
    b report $docs -out "$tmp/report.html"
    check "report: exit 0" clean_exit
    # A profile of its own: nothing read from or left in $HOME.
    chrome() {
        HOME=$tmp timeout 60 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
            --user-data-dir="$tmp/profile" --no-first-run "$@" "file://$tmp/report.html" \
            2>"$tmp/chromium.err"
    }
    chrome --dump-dom >"$tmp/dom.html"
    check "chromium dumped the DOM" has "$tmp/dom.html" '</html>'
    charts_of "$tmp/dom.html" >"$tmp/drawn"
    check "every chart drew its lines and bars" [ "$(cat "$tmp/drawn")" = "$drawn" ]
    [ "$(cat "$tmp/drawn")" = "$drawn" ] || { echo "drawn:"; cat "$tmp/drawn"; }
    chrome --screenshot="$tmp/report.png" --window-size=1200,3000 >/dev/null
    check "a screenshot" [ -s "$tmp/report.png" ]
    check "... is a PNG" [ "$(od -An -tx1 -N8 "$tmp/report.png" | tr -d ' \n')" = 89504e470d0a1a0a ]
    check "... of some size" [ "$(wc -c <"$tmp/report.png")" -gt 20000 ]
    [ "$fail" -eq 0 ] || { echo "chromium's stderr:"; tail -5 "$tmp/chromium.err"; }
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    exit
fi

# shellcheck disable=SC2086
b report $docs -out "$tmp/report.html" -svg "$tmp/svg" -title 'Runs <A&B> "x"'
check "report: exit 0" clean_exit
check "report: nothing on stdout" [ ! -s "$tmp/out" ]
check "the page parses as XML" "$PY" -c '
import sys, xml.etree.ElementTree as E
r = E.parse(sys.argv[1]).getroot()
assert r.tag == "html", r.tag
' "$tmp/report.html"
check "every SVG parses as XML, an <svg> in SVG's namespace" "$PY" -c '
import sys, glob, xml.etree.ElementTree as E
files = glob.glob(sys.argv[1] + "/*.svg")
assert files
for f in files:
    assert E.parse(f).getroot().tag == "{http://www.w3.org/2000/svg}svg", f
' "$tmp/svg"
printf '%s\n' "$expected" | awk '{ print $3 ".svg" }' | sort >"$tmp/want_files"
ls "$tmp/svg" | sort >"$tmp/got_files"
check "the SVG files are the charts, named by algorithm and operation" \
    cmp -s "$tmp/want_files" "$tmp/got_files"
check "the page starts with <!DOCTYPE html>" [ "$(head -1 "$tmp/report.html")" = '<!DOCTYPE html>' ]
# none ERE: no match of ERE (any case) in the page and the SVG files.
none() { ! grep -qiE -- "$1" "$tmp/report.html" "$tmp"/svg/*.svg; }
# urls: every URL in the page and the SVG files, one a line.
urls() { grep -hoiE 'https?://[^"<> ]*' "$tmp/report.html" "$tmp"/svg/*.svg | sort -u; }
check "no script" none '<script'
check "no URL but SVG's namespace" [ "$(urls)" = 'http://www.w3.org/2000/svg' ]
check "no reference to another file" none '(href|src)='
check "no @import or url() in the style" none '@import|url\(' 
check "-title escaped" has "$tmp/report.html" '<h1>Runs &lt;A&amp;B&gt; &quot;x&quot;</h1>'
check "strings of the documents escaped" has "$tmp/report.html" \
    'Gold 6338 &lt;lab &amp; &quot;rack 2&quot;&gt;'
check "... in the SVG files too" has "$tmp/svg/pk-rsa.svg" 'Gold 6338 &lt;lab &amp; &quot;rack 2&quot;&gt;'
check "legend: CPU, library and version, date" has "$tmp/svg/speed-md5-digest.svg" \
    'AMD EPYC 9R45 \(Zen 5\) · openssl OpenSSL 3.0.17 · 2026-12-04<'
check "axis ticks with units" has "$tmp/svg/speed-md5-digest.svg" '>1 GB/s<'
check "... block sizes" has "$tmp/svg/speed-md5-digest.svg" '>16 KiB<'
check "... ops/s" has "$tmp/svg/pk-rsa.svg" '>10 k ops/s<'
check "each run's host and options" count_is "$tmp/report.html" '<h3>Run [0-9]' 4
check "... with its options" has "$tmp/report.html" '<th>option compare</th><td>openssl</td>'
charts_of "$tmp/report.html" | awk '{ print $1, $2 }' >"$tmp/declared"
printf '%s\n' "$expected" | awk '{ print $1, $2 }' >"$tmp/want_declared"
check "each chart has the series and bars of the documents" cmp -s "$tmp/want_declared" "$tmp/declared"
charts_of "$tmp/report.html" >"$tmp/drawn"
check "... and draws them" [ "$(cat "$tmp/drawn")" = "$drawn" ]

# The same document twice: two series told apart by their file.
cp "$data/report-speed-b.json" "$tmp/again.json"
b report "$data/report-speed-b.json" "$tmp/again.json" -out "$tmp/twice.html"
check "a run twice: exit 0" clean_exit
check "... the series named by their files" has "$tmp/twice.html" '2026-12-03 \(again.json\)<'
# -out - is stdout; a run without cells is a page without charts.
printf '{"schema": "brisk-run/1", "cells": []}\n' >"$tmp/empty.json"
b report "$tmp/empty.json" -out -
check "-out -: the page on stdout" has "$tmp/out" '^<!DOCTYPE html>$'
check "no cells: no chart" lacks "$tmp/out" '<svg'
check "... but the run's table" has "$tmp/out" '<h3>Run 1: '
# A channel run 70 times below its ceiling: a log scale, said on the axis.
sed 's/"ceiling_bytes_per_s": [0-9.e]*/"ceiling_bytes_per_s": 7.7e10/' \
    "$data/report-channel.json" >"$tmp/ceiling.json"
b report "$tmp/ceiling.json" -out "$tmp/ceiling.html"
check "far below the ceiling: a log scale" has "$tmp/ceiling.html" 'throughput \(log scale\)'
check "... where the fixture's is linear" lacks "$tmp/svg/channel.svg" 'log scale'
# Options after "--" are documents; "-" there is standard input.
b report -out "$tmp/dash.html" -- "$data/report-disk.json"
check "documents after --" clean_exit
b report -out "$tmp/stdin.html" -- - <"$data/report-disk.json"
check "-- -: a document from stdin" clean_exit
check "... drawn as from its file" [ "$(charts_of "$tmp/stdin.html")" = \
    "$(charts_of "$tmp/dash.html")" ]
check "... and named -" has "$tmp/stdin.html" '<h3>Run 1: -</h3>'

# Bad inputs: one line, exit 1, nothing written.
bad() {
    desc=$1 re=$2
    shift 2
    rm -f "$tmp/bad.html"
    b report "$@"
    check "$desc: one line" one_line_error report "$re"
    check "$desc: no page" [ ! -e "$tmp/bad.html" ]
    check "$desc: no temporary file" [ -z "$(ls "$tmp" | grep brisk-tmp)" ]
}
printf 'speed: 1 2 3\n' >"$tmp/text.json"
printf '{"schema": "brisk-run/2", "cells": []}\n' >"$tmp/schema2.json"
printf '{"command": "speed", "cells": []}\n' >"$tmp/noschema.json"
printf '[1, 2]\n' >"$tmp/array.json"
printf '{"schema": "brisk-run/1", "cells": {}}\n' >"$tmp/cells.json"
printf '{"schema": "brisk-run/1", "cells": [{"library": "brisk", "algorithm": "md5",
  "operation": "digest", "size": 16, "unit": "bytes/s"}]}\n' >"$tmp/novalue.json"
printf '{"schema": "brisk-run/1", "cells": [{"library": "brisk", "algorithm": 5,
  "operation": "digest", "unit": "bytes/s", "value": 1}]}\n' >"$tmp/numalg.json"
bad "missing file" "$tmp/nosuch.json" "$tmp/nosuch.json" -out "$tmp/bad.html"
bad "not JSON" "text.json: line 1" "$tmp/text.json" -out "$tmp/bad.html"
bad "another schema" 'schema2.json: schema is not "brisk-run/1"' "$tmp/schema2.json" -out "$tmp/bad.html"
bad "no schema" 'noschema.json: no "schema"' "$tmp/noschema.json" -out "$tmp/bad.html"
bad "not an object" 'array.json: not a run document' "$tmp/array.json" -out "$tmp/bad.html"
bad "cells not an array" '"cells" is not an array' "$tmp/cells.json" -out "$tmp/bad.html"
bad "a cell without value" 'novalue.json: cell 0 has no "value"' "$tmp/novalue.json" -out "$tmp/bad.html"
bad "algorithm not a string" 'cell 0: "algorithm" is not a string' "$tmp/numalg.json" -out "$tmp/bad.html"
bad "a bad document after a good one" 'text.json' "$data/report-disk.json" "$tmp/text.json" \
    -out "$tmp/bad.html"
bad "no -out" 'no -out' "$data/report-disk.json"
bad "no document" 'no run document' -out "$tmp/bad.html"
bad "unknown option" "unknown option '-bogus'" "$data/report-disk.json" -bogus -out "$tmp/bad.html"
bad "unwritable -out" "nodir" "$data/report-disk.json" -out "$tmp/nodir/bad.html"
# -out naming a run document, also through a link: refused, the run kept.
cp "$data/report-disk.json" "$tmp/run.json"
ln -s run.json "$tmp/run-link.json"
b report "$tmp/run.json" -out "$tmp/run.json"
check "-out the run document: one line" one_line_error report "is a run document; refusing"
check "-out the run document: the run kept" cmp -s "$tmp/run.json" "$data/report-disk.json"
b report "$data/report-disk.json" "$tmp/run.json" -out "$tmp/run-link.json"
check "-out a link to a run document: one line" one_line_error report "refusing"
check "-out a link to a run document: the run kept" cmp -s "$tmp/run.json" "$data/report-disk.json"
mkdir "$tmp/ro" && chmod 555 "$tmp/ro"
if [ "$(id -u)" -ne 0 ]; then
    bad "read-only directory" "ro" "$data/report-disk.json" -out "$tmp/ro/bad.html"
fi
: >"$tmp/file"
bad "-svg names a file" "file" "$data/report-disk.json" -svg "$tmp/file" -out "$tmp/bad.html"
check "-svg on a file: the file untouched" [ ! -s "$tmp/file" ]
chmod 755 "$tmp/ro"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
