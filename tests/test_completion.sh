#!/bin/bash
# tests/test_completion.sh BRISK COMPLETION - the bash completion of brisk,
# sourced into this bash and asked as bash would ask it (COMP_WORDS,
# COMP_CWORD, then the function `complete` names): subcommand names, speed's
# options (exactly those of `brisk speed -help`), dgst's and enc's algorithm
# options, speed's algorithm names and the values of -evp, -hmac, -md and
# -outform.
set -u
BRISK=$1
COMPLETION=$2
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# shellcheck source=/dev/null
. "$COMPLETION" || { echo "FAIL: cannot source $COMPLETION"; exit 1; }
func=$(complete -p brisk 2> /dev/null | sed -n 's/.*-F \([^ ]*\) brisk$/\1/p')
[ -n "$func" ] || { echo "FAIL: $COMPLETION does not complete brisk"; exit 1; }

# complete WORD...: the completions of the last word, sorted, one a line.
complete_words() {
    COMP_WORDS=("$BRISK" "$@")
    COMP_CWORD=$#
    COMP_LINE="brisk $*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    "$func" brisk "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort
}

# expect WANT WORD...: the completions are exactly WANT (words, any order).
expect() {
    local want got
    want=$(printf '%s\n' $1 | sort)
    shift
    got=$(complete_words "$@")
    if [ "$got" = "$want" ]; then ok; else bad "brisk $*<TAB>: got '$(echo $got)', want '$(echo $want)'"; fi
}

# expect_has WANT WORD...: the completions include every word of WANT.
expect_has() {
    local want=$1 got w
    shift
    got=$(complete_words "$@")
    for w in $want; do
        if ! printf '%s\n' "$got" | grep -qx -- "$w"; then
            bad "brisk $*<TAB>: '$w' missing from '$(echo $got)'"
            return
        fi
    done
    ok
}

# Subcommands, from `brisk help`.
subs=$("$BRISK" help | awk '/^Subcommands:/ { on = 1; next } on && NF == 0 { exit } on { print $1 }')
expect "$subs" ""
expect "speed" sp
expect "dgst disk dsaparam des-opts" d
expect "enc" help en
# tune -prim: the primitives of `brisk list -implementations`.
expect_has "md5 sha256 aes bn" tune -prim ""
expect "sha1 sha256 sha512" tune -prim sha

# speed's options: exactly what -help lists.
speed_opts=$("$BRISK" speed -help | awk '/^Options:/ { on = 1; next } on && NF == 0 { exit }
                                        on && /^ -/ { print $1 }')
[ "$(echo $speed_opts | wc -w)" -ge 12 ] && ok || bad "read too few options from speed -help"
expect "$speed_opts" speed -
expect "-seconds" speed -sec
expect "-multi -misalign -mr -mhz" speed -m
expect "3 5 7 9" speed -repeat ""
expect "-seconds" speed -bytes 16 -se

# dgst: -DIGEST stands for every digest of `dgst -list`, aliases too.
expect_has "-sha1 -sha224 -sha256 -sha384 -sha512 -sha512-256" dgst -sha
expect "-ripemd -ripemd160" dgst -rip
expect_has "-hmac -sign -verify -sigopt -hex" dgst -
expect_has "-sha256" sha256 -s
# enc: -CIPHER stands for every cipher enc takes (no GCM).
expect "-aes-256-cbc -aes-256-cfb -aes-256-ctr -aes-256-ecb -aes-256-ofb" enc -aes-256-
expect "sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256" enc -md sha

# Values and operands.
expect "aes-128-gcm" speed -evp aes-128-g
expect "sha512 sha512-224 sha512-256" speed -hmac sha5
expect "PEM DER" pkey -outform ""
expect "ED25519 ED448" genpkey -algorithm ED
expect "ec_paramgen_curve:P-256 ec_paramgen_curve:P-384 ec_paramgen_curve:P-521" genpkey -pkeyopt ec_paramg
expect "secp384r1 secp521r1" ecparam -name sec
expect "named_curve" ecparam -param_enc na
expect_has "-check -param_enc" ecparam -
expect "sha512 sha512-224 sha512-256" pkeyutl -digest sha5
expect "rsa_padding_mode:pkcs1 rsa_padding_mode:pss" pkeyutl -pkeyopt rsa_pa
expect "digest:sha256 digest:sha384 digest:sha512 digest:sha1" pkeyutl -pkeyopt dig
expect "instance:Ed25519 instance:Ed25519ctx instance:Ed25519ph" pkeyutl -pkeyopt instance:Ed2
expect_has "-pkeyopt -hexdump" pkeyutl -
expect "pass: env: file: fd: stdin" enc -pass ""
expect "file: fd:" enc -pass f
expect "rsa rsa512 rsa1024 rsa2048 rsa3072 rsa4096" speed rs
expect "ecdsa ecdsap256 ecdsap384 ecdsap521 ecdh ecdhp256 ecdhp384 ecdhp521 ecdhx25519 ecdhx448" speed ec
expect "eddsa ed25519 ed448" speed ed
expect "ghash" speed gh
expect "ffdh ffdh2048 ffdh3072 ffdh4096 ffdh6144 ffdh8192" speed ff
expect "rand" speed ra
expect_has "md5 sha256 aes-128-cbc dsa2048 hmac" speed ""
expect "" speed -seconds ""
expect "zero random" disk -pattern ""
expect "-pbkdf -pbkdf-memory -pbkdf-parallel" disk -pbk
expect "argon2i argon2id" disk -pbkdf arg
expect "pbkdf2-sha256" disk -pbkdf pbkdf2-sha25
expect "4096" disk -sector-size 40
expect "aes128-ctr aes128-cbc aes128-gcm@openssh.com" channel -c aes128
expect "aes128-ctr,arcfour aes128-ctr,arcfour128 aes128-ctr,arcfour256" channel -c aes128-ctr,arc
expect "hmac-sha2-512 hmac-sha2-512-etm@openssh.com" channel -m hmac-sha2-5
expect_has "aes-xts-plain64 aes-cbc-essiv:sha256" disk -cipher aes
# report: its options, directories for -svg, files for the run documents.
expect "-help -out -svg -title" report -
expect "/usr" report -svg /us
expect_has "/etc/hosts" report /etc/host

echo "test_completion: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
