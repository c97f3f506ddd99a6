#!/bin/sh
# tests/test_speed_json.sh - `brisk speed -json`, `-save`, `-baseline` and
# `-fail-below` end to end.
#
#   sh tests/test_speed_json.sh PATH_TO_BRISK [EMULATOR [ARGS...]]
#
# Each document is validated against docs/brisk-run.schema.json with
# python3-jsonschema (/usr/bin/python3; scripts/install-test-deps), then
# its cells are checked: -json - writes only the document to stdout (also
# with -multi), -json FILE and -save FILE the same document beside the
# usual table, an RSA key size and a digest give their cells; -baseline
# against a saved run prints a ratio per cell, -fail-below fires on a
# baseline made ten times faster, and bad inputs (missing file, not JSON,
# another schema or command, -fail-below without -baseline or out of
# range, -json or -save to an unwritable path or a directory, -json - with -mr, -save -) each
# give one line on stderr and exit 1 before any timing.  Then `disk
# -benchmark`'s, `disk`'s volume test's (its cells paired by volume size)
# and `channel`'s documents the same way.  About 25 seconds.
# Prints "N passed, N failed" last.

. "$(dirname "$0")/cli_lib.sh"

SCHEMA=$(cd "$(dirname "$0")/.." && pwd)/docs/brisk-run.schema.json
PY=/usr/bin/python3

if ! $PY -c 'import jsonschema' 2>/dev/null; then
    if [ "${BRISK_TEST_ALLOW_SKIP:-}" = 1 ]; then
        echo "note: no python3-jsonschema: skipped (BRISK_TEST_ALLOW_SKIP=1)"
        echo "0 passed, 0 failed"
        exit 0
    fi
    echo "FAIL: /usr/bin/python3 lacks jsonschema (sh scripts/install-test-deps)"
    echo "0 passed, 1 failed"
    exit 1
fi

# valid FILE [PYTHON-EXPR...]: FILE is a run document the schema accepts,
# and each expression over it (as `d`, its cells as `cells`) is true.
valid() {
    $PY - "$SCHEMA" "$@" <<'PYEOF'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
try:
    d = json.load(open(sys.argv[2]))
except Exception as e:
    print("  not JSON: %s" % e)
    sys.exit(1)
errors = list(jsonschema.Draft202012Validator(schema).iter_errors(d))
for e in errors:
    print("  schema: %s at %s" % (e.message, "/".join(map(str, e.absolute_path))))
if errors:
    sys.exit(1)
cells = d["cells"]
def cell(alg, op, size=None, bits=None):
    return [c for c in cells if c["algorithm"] == alg and c["operation"] == op
            and c.get("size") == size and c.get("bits") == bits]
for expr in sys.argv[3:]:
    if not eval(expr):
        print("  false: %s" % expr)
        sys.exit(1)
PYEOF
}

lacks() { ! grep -Eq -- "$2" "$1"; }

# scaled SAVED OUT FACTOR: OUT is the run document SAVED with every figure
# FACTOR times higher.
scaled() {
    $PY - "$1" "$2" "$3" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
k = float(sys.argv[3])
for c in d["cells"]:
    c["value"] *= k
    c["samples"] = [x * k for x in c["samples"]]
json.dump(d, open(sys.argv[2], "w"))
PYEOF
}

# ---- -json - : the document alone on stdout ----
b speed -seconds 1 -bytes 16 -json - md5
check "-json - exits 0" clean_exit
check "-json - validates, one md5 cell" valid "$tmp/out" \
    'd["command"] == "speed" and d["argv"] == ["speed", "-seconds", "1", "-bytes", "16", "-json", "-", "md5"]' \
    'len(cells) == 1 and len(cell("md5", "digest", 16)) == 1' \
    'cells[0]["unit"] == "bytes/s" and cells[0]["value"] > 0 and cells[0]["samples"] == [cells[0]["value"]]' \
    'd["options"]["seconds"] == 1 and d["options"]["clock"] == "user" and d["options"]["repeat"] == 1' \
    'd["host"]["cpus"] >= 1 and d["host"]["start"] <= d["host"]["end"] and d["tool"]["name"] == "brisk"'
check "-json -: no table" lacks "$tmp/out" 'The .numbers. are'
check "-json -: progress still on stderr" has "$tmp/err" '^Doing md5 for 1s on 16 size blocks'

b speed -seconds 1 -bytes 16 -multi 2 -json - md5
check "-multi 2 -json - exits 0" clean_exit
check "-multi 2 -json -: only the document on stdout" valid "$tmp/out" \
    'd["options"]["multi"] == 2 and len(cell("md5", "digest", 16)) == 1'

# ---- -json FILE and -save FILE, with RSA and a digest ----
b speed -seconds 1 -bytes 64 -json "$tmp/run.json" -save "$tmp/base.json" sha256 rsa512
check "-json FILE -save FILE exits 0" clean_exit
check "the table is still printed" has "$tmp/out" '^sha256 +[0-9.]+k?$'
check "the RSA row is still printed" has "$tmp/out" '^rsa  512 bits '
check "-json FILE validates" valid "$tmp/run.json" \
    'len(cells) == 3 and len(cell("sha256", "digest", 64)) == 1' \
    'cell("rsa", "sign", None, 512)[0]["unit"] == "ops/s"' \
    'cell("rsa", "verify", None, 512)[0]["value"] > cell("rsa", "sign", None, 512)[0]["value"]' \
    'all("size" not in c for c in cells if c["algorithm"] == "rsa")' \
    'd["options"]["pk_seconds"] == 1'
check "-save writes the same document" cmp -s "$tmp/run.json" "$tmp/base.json"

# ---- -baseline ----
b speed -seconds 1 -bytes 64 -baseline "$tmp/base.json" sha256 rsa512
check "-baseline exits 0" clean_exit
check "-baseline: after the table" has "$tmp/out" '^Compared with the baseline of '
check "-baseline: a ratio per cell" count_is "$tmp/out" \
    '^(sha256 digest 64 bytes|rsa sign 512 bits|rsa verify 512 bits) +[0-9.]+( [kMGT]?B)?/s +[0-9.]+( [kMGT]?B)?/s +[0-9]+\.[0-9]{3}( [+-])?$' 3
check "-baseline: the footnote" has "$tmp/out" '^ratio: now / baseline'
b speed -seconds 1 -bytes 64 -baseline - sha256 <"$tmp/base.json"
check "-baseline - reads stdin" clean_exit
check "-baseline -: a ratio" count_is "$tmp/out" '^sha256 digest 64 bytes +[0-9.]+ [kMGT]?B/s +[0-9.]+ [kMGT]?B/s' 1

# A baseline ten times faster: every cell marked slower, -fail-below fires.
# The ratio printed is checked against the figures of the two documents
# (now / baseline, to three places): a bound such as "below 0.2" would
# fail whenever the saved run was over twice as slow as this one, which
# one second of timing on a busy machine allows.
scaled "$tmp/base.json" "$tmp/fast.json" 10
b speed -seconds 1 -bytes 64 -json "$tmp/now.json" -baseline "$tmp/fast.json" -fail-below 0.9 sha256
check "-fail-below fires: exit 1" [ "$rc" -eq 1 ]
ratio=$($PY -c 'import json, sys
now = json.load(open(sys.argv[1]))["cells"][0]["value"]
base = [c for c in json.load(open(sys.argv[2]))["cells"] if c["algorithm"] == "sha256"][0]["value"]
print("%.3f" % (now / base) if now < 0.9 * base else "not below 0.9")' "$tmp/now.json" "$tmp/fast.json")
ratio_re=$(printf '%s' "$ratio" | sed 's/\./\\./')
check "-fail-below names the cell, with its ratio ($ratio)" has "$tmp/err" \
    "^brisk speed: sha256 digest 64 bytes: $ratio_re times its baseline, below 0\\.9\$"
# The lines: a Doing line per cell, the cell that fell, and on a busy
# machine speed's warning of a low CPU share.
check "-fail-below: one line" lines_are "$tmp/err" \
    "$(($(grep -c '^Doing\|^brisk speed: warning: this process got' "$tmp/err") + 1))"
check "a tenfold drop is marked" has "$tmp/out" "^sha256 digest 64 bytes .* $ratio_re -\$"
check "cells only in the baseline listed" count_is "$tmp/out" '^only in the baseline: rsa (sign|verify) 512 bits$' 2
check "no sanitizer report" no_sanitizer

# With -mr, stdout keeps the -mr grammar; the comparison goes to stderr.
b speed -seconds 1 -bytes 64 -mr -json "$tmp/mr.json" -baseline "$tmp/base.json" -fail-below 0.01 sha256
check "-mr -json FILE -baseline exits 0" clean_exit
check "-mr: stdout is -mr records only" all_match "$tmp/out" '^\+(H|F):'
check "-mr: the comparison on stderr" has "$tmp/err" '^sha256 digest 64 bytes '
check "-mr -json FILE validates" valid "$tmp/mr.json" 'len(cells) == 1'

# ---- Bad inputs: one line, exit 1, before any timing ----
printf 'hello\n' >"$tmp/notjson"
printf '{"schema": "brisk-run/2", "command": "speed", "cells": []}\n' >"$tmp/schema2.json"
printf '{"schema": "brisk-run/1", "command": "disk", "cells": []}\n' >"$tmp/disk.json"
printf '{"cells": []}\n' >"$tmp/noschema.json"
printf '{"schema": "brisk-run/1", "command": "speed"}\n' >"$tmp/nocells.json"
bad() {
    desc=$1
    re=$2
    shift 2
    b speed -seconds 1 -bytes 16 "$@" md5
    check "$desc: one line, exit 1" one_line_error speed "$re"
    check "$desc: nothing on stdout" [ ! -s "$tmp/out" ]
}
bad "missing baseline" "/nonexistent/base.json: No such file" -baseline /nonexistent/base.json
bad "baseline not JSON" "notjson: line 1, column 1: expected a value" -baseline "$tmp/notjson"
bad "baseline on stdin not JSON" "stdin: line 1, column 1: expected a value" -baseline - <"$tmp/notjson"
bad "baseline of another schema" 'schema "brisk-run/2"' -baseline "$tmp/schema2.json"
bad "baseline of another command" 'a run of "disk", not of "speed"' -baseline "$tmp/disk.json"
bad "baseline without schema" "not a brisk run document" -baseline "$tmp/noschema.json"
bad "baseline without cells" 'no "cells"' -baseline "$tmp/nocells.json"
bad "-fail-below without -baseline" "-fail-below needs -baseline" -fail-below 0.9
bad "-fail-below 0" "ratio in \(0, 1\]" -baseline "$tmp/base.json" -fail-below 0
bad "-fail-below 1.5" "ratio in \(0, 1\]" -baseline "$tmp/base.json" -fail-below 1.5
bad "-fail-below abc" "ratio in \(0, 1\]" -baseline "$tmp/base.json" -fail-below abc
bad "-fail-below nan" "ratio in \(0, 1\]" -baseline "$tmp/base.json" -fail-below nan
bad "-json to an unwritable path" "/nonexistent/dir/x.json" -json /nonexistent/dir/x.json
bad "-save to an unwritable path" "/nonexistent/dir/x.json" -save /nonexistent/dir/x.json
bad "-json to a directory" "'$tmp': Is a directory" -json "$tmp"
bad "-save to a directory" "'$tmp': Is a directory" -save "$tmp"
bad "-json - with -mr" "-json - cannot go with -mr" -mr -json -
bad "-save -" "-save needs a file" -save -
check "no file left behind" [ -z "$(ls "$tmp" | grep brisk-tmp)" ]

# ---- The engine's samples and cycles, -slope, and -compare's cells ----
b speed -seconds 1 -bytes 64 -repeat 3 -mhz 3000 -slope -json - md5
check "-repeat -mhz -slope -json - exits 0" clean_exit
# With -mhz every sample's cycles per byte is 3000 MHz over its rate.
check "-repeat -mhz -slope: samples, cycles and the slope in the document" valid "$tmp/out" \
    'd["options"]["repeat"] == 3 and d["options"]["cycles"] == "mhz" and d["options"]["mhz"] == 3000' \
    'len(cells) == 1 and len(cells[0]["samples"]) == 3 and len(cells[0]["cycle_samples"]) == 3' \
    'sorted(cells[0]["samples"])[1] == cells[0]["value"]' \
    'all(abs(c * v / 3e9 - 1) < 1e-9 for c, v in zip(cells[0]["cycle_samples"], cells[0]["samples"]))' \
    'abs(cells[0]["cycles"] * cells[0]["value"] / 3e9 - 1) < 1e-9' \
    'cells[0]["extra"]["slope_ns_per_byte"] > 0 and cells[0]["extra"]["slope_cycles_per_byte"] > 0'
if [ -z "$RUN" ]; then   # libcrypto is loaded natively only
    b speed -seconds 1 -bytes 64 -compare openssl -json - md5 rsa512
    check "-compare -json - exits 0" clean_exit
    check "-compare -json -: an openssl cell beside each of brisk's" valid "$tmp/out" \
        'd["options"]["compare"] == "openssl"' \
        'sorted(c["library"] for c in cell("md5", "digest", 64)) == ["brisk", "openssl"]' \
        'len(cell("rsa", "sign", bits=512)) == 2 and len(cell("rsa", "verify", bits=512)) == 2' \
        'all(c["library_version"].startswith("OpenSSL 3") for c in cells if c["library"] == "openssl")'
    # ... and brisk report draws the ratio of the two from it.
    mv "$tmp/out" "$tmp/cmp.json"
    b report "$tmp/cmp.json" -out "$tmp/cmp.html"
    check "report of a -compare run exits 0" clean_exit
    check "report of a -compare run draws the ratio" grep -q 'md5 digest: brisk / OpenSSL by block size' "$tmp/cmp.html"
fi

# ---- disk -benchmark: the same document, command "disk" ----
b disk -benchmark -cipher aes-xts-plain64 -json "$tmp/disk.json" -save "$tmp/diskbase.json"
check "disk -benchmark -json FILE exits 0" clean_exit
check "disk: the line still printed" has "$tmp/out" '^ +aes-xts +256b +[0-9.]+ MiB/s +[0-9.]+ MiB/s$'
check "disk -json validates" valid "$tmp/disk.json" \
    'd["command"] == "disk" and len(cells) == 2' \
    'cell("aes-xts", "encrypt", 65536, 256)[0]["unit"] == "bytes/s"' \
    'len(cell("aes-xts", "decrypt", 65536, 256)) == 1'
b disk -benchmark -pbkdf argon2id -iter-time 100 -pbkdf-memory 1024 -json -
check "disk -json - exits 0" clean_exit
check "disk -json -: an Argon2 cell with its calibration" valid "$tmp/out" \
    'len(cells) == 1 and cells[0]["algorithm"] == "argon2id" and cells[0]["unit"] == "iterations/s"' \
    'cells[0]["extra"]["target_ms"] == 100 and cells[0]["extra"]["iterations"] >= 1'
b disk -benchmark -cipher aes-xts-plain64 -baseline "$tmp/diskbase.json" -fail-below 0.01
check "disk -baseline exits 0" clean_exit
check "disk -baseline: a ratio per figure" count_is "$tmp/out" \
    '^aes-xts (en|de)crypt 65536 bytes 256 bits +[0-9.]+ [kMGT]?B/s +[0-9.]+ [kMGT]?B/s +[0-9]+\.[0-9]{3}' 2
b disk -benchmark -cipher aes-xts-plain64 -baseline "$tmp/base.json"
check "disk -baseline of a speed run: one line, exit 1" one_line_error disk 'a run of "speed", not of "disk"'

# ---- disk's volume test: a cell per block size, volume size and direction ----
b disk -file "$tmp/vol" -size 64k,128k -bs 4k,16k -json "$tmp/vol.json" -save "$tmp/volbase.json"
check "disk (volume) -json FILE exits 0" clean_exit
check "disk (volume): the table still printed" count_is "$tmp/out" '^(4k|16k) +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$' 2
check "disk (volume) -json validates: the table's cells in its order" valid "$tmp/vol.json" \
    'd["command"] == "disk" and d["options"]["mode"] == "volume" and len(cells) == 8' \
    '[(c["size"], c["extra"]["volume_bytes"], c["operation"]) for c in cells] == [(b, v, o) for b in (4096, 16384) for v in (65536, 131072) for o in ("encrypt", "decrypt")]' \
    'all(c["algorithm"] == "aes-cbc-essiv:sha256" and c["bits"] == 256 and c["unit"] == "bytes/s" and c["samples"] == [c["value"]] for c in cells)' \
    'd["options"]["sizes"] == [65536, 131072] and d["options"]["block_sizes"] == [4096, 16384] and d["options"]["sector_size"] == 512'
# The table's MB/s (one decimal) are the cells' bytes/s.
check "disk (volume): the table's figures are the document's" $PY -c 'import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
rows = [l.split() for l in open(sys.argv[2]) if l[:2] in ("4k", "16")]
table = [float(x) for r in rows for x in r[1:]]
sys.exit(0 if len(table) == 8 and all(abs(t - c["value"] / 1e6) <= 0.051 for t, c in zip(table, cells)) else 1)' \
    "$tmp/vol.json" "$tmp/out"
check "disk (volume): no volume file left" [ ! -e "$tmp/vol" ]
# ... and brisk report draws a bar per cell, the two volumes apart.
b report "$tmp/vol.json" -out "$tmp/vol.html"
check "report of a volume run exits 0" clean_exit
check "report of a volume run: eight bars" has "$tmp/vol.html" 'class="chart" data-kind="bar" data-bars="8"'
check "report of a volume run: each block size on each volume" count_is "$tmp/vol.html" \
    'aes-cbc-essiv:sha256 256-bit (4|16) KiB on (64|128) KiB' 4
b disk -file "$tmp/vol" -size 128k -bs 4k,16k -json - -baseline "$tmp/volbase.json"
check "disk (volume) -json - -baseline exits 0" clean_exit
check "disk (volume) -json -: the document alone" valid "$tmp/out" 'len(cells) == 4'
check "disk (volume) -baseline: cells paired by volume size" count_is "$tmp/err" \
    '^aes-cbc-essiv:sha256 (en|de)crypt (4096|16384) bytes 256 bits volume 131072 +[0-9.]+ [kMGT]?B/s +[0-9.]+ [kMGT]?B/s +[0-9]+\.[0-9]{3}' 4
check "disk (volume) -baseline: the other volume only in the baseline" count_is "$tmp/err" \
    '^only in the baseline: aes-cbc-essiv:sha256 (en|de)crypt (4096|16384) bytes 256 bits volume 65536$' 4
# A volume of 64 KiB takes well under a millisecond: one preemption can
# move a figure several times, so this baseline is a thousand times faster.
scaled "$tmp/volbase.json" "$tmp/volfast.json" 1000
b disk -file "$tmp/vol" -size 64k -bs 16k -baseline "$tmp/volfast.json" -fail-below 0.9
check "disk (volume) -fail-below fires: exit 1" [ "$rc" -eq 1 ]
check "disk (volume) -fail-below names both directions" count_is "$tmp/err" \
    '^brisk disk: aes-cbc-essiv:sha256 (en|de)crypt 16384 bytes 256 bits volume 65536: 0\.[01][0-9]* times its baseline, below 0\.9$' 2
b disk -file "$tmp/vol" -size 64k -bs 4k -baseline "$tmp/disk.json"
check "disk (volume) -baseline of a -benchmark run: every cell on one side" count_is "$tmp/out" '^only in ' 4

# ---- channel: a transfer cell per row, the MAC in "extra" ----
b channel -size 4m -c aes128-ctr,chacha20-poly1305@openssh.com \
    -json "$tmp/chan.json"
check "channel -json FILE exits 0" clean_exit
check "channel: the rows still printed" count_is "$tmp/out" '^(aes128-ctr|chacha20-poly1305@openssh.com) ' 2
check "channel -json validates" valid "$tmp/chan.json" \
    'd["command"] == "channel" and len(cells) == 2 and all(c["operation"] == "transfer" for c in cells)' \
    'cell("aes128-ctr", "transfer", 32768)[0]["extra"]["mac"] == "hmac-sha2-256-etm@openssh.com"' \
    'cell("chacha20-poly1305@openssh.com", "transfer", 32768)[0]["extra"]["mac"] == "none"' \
    'all(c["extra"]["send_cpu_ns_per_byte"] > 0 and c["extra"]["ceiling_bytes_per_s"] > 0 for c in cells)'
b channel -size 4m -c aes128-ctr -m hmac-sha2-256-etm@openssh.com,hmac-sha1 -json - \
    -baseline "$tmp/chan.json"
check "channel -json - -baseline exits 0" clean_exit
check "channel -json -: the document alone" valid "$tmp/out" 'len(cells) == 2'
check "channel -baseline: rows paired by cipher and MAC" has "$tmp/err" \
    '^aes128-ctr hmac-sha2-256-etm@openssh.com transfer 32768 bytes +[0-9.]+ [kMGT]?B/s'
check "channel -baseline: a MAC only in this run" has "$tmp/err" '^only in this run: aes128-ctr hmac-sha1 transfer'
b channel -replay "$tmp/x" -json "$tmp/x.json"
check "channel -json with -replay: one line, exit 1" one_line_error channel 'local run only'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
