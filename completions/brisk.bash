# completions/brisk.bash - bash completion for the brisk command, installed
# as share/bash-completion/completions/brisk.  Everything it offers comes
# from the command itself, so it never lists what this build lacks: the
# subcommands from `brisk help`, each subcommand's options from its -help,
# digest and cipher names from `brisk dgst -list`, `brisk enc -list` and
# `brisk list`, speed's algorithm names from `brisk speed -help`, and
# tune's primitives from `brisk list -implementations`.

# _brisk_words CMD...: the words of CMD's output, one a line.
_brisk_words()
{
    "$@" 2> /dev/null | tr -s ' \t' '\n\n' | sed '/^$/d'
}

# _brisk_subcommands BRISK: the names under "Subcommands:" in `brisk help`.
_brisk_subcommands()
{
    "$1" help 2> /dev/null | awk '/^Subcommands:/ { on = 1; next }
                                  on && NF == 0 { exit } on { print $1 }'
}

# _brisk_options BRISK SUB: the options of `brisk SUB -help`, each with its
# value name if it takes one ("-seconds N"), one a line.
_brisk_options()
{
    "$1" "$2" -help 2> /dev/null | awk '/^Options:/ { on = 1; next }
        on && NF == 0 { exit }
        on && substr($0, 1, 2) == " -" {
            left = substr($0, 2, 19); sub(/ +$/, "", left); print left
        }'
}

# _brisk_names BRISK KIND: digest or cipher names (the registry's, first
# column of `brisk list`).
_brisk_names()
{
    "$1" list -"$2"-algorithms 2> /dev/null | awk '/^  [a-z0-9]/ { print $1 }'
}

_brisk()
{
    local cur prev brisk sub opts value
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    brisk=${COMP_WORDS[0]}
    COMPREPLY=()

    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$(_brisk_subcommands "$brisk")" -- "$cur"))
        return
    fi
    sub=${COMP_WORDS[1]}
    if [ "$sub" = help ]; then
        [ "$COMP_CWORD" -eq 2 ] &&
            COMPREPLY=($(compgen -W "$(_brisk_subcommands "$brisk")" -- "$cur"))
        return
    fi
    # `brisk sha256 ...` is dgst with that digest.
    if ! _brisk_subcommands "$brisk" | grep -qx -- "$sub"; then
        sub=dgst
    fi
    opts=$(_brisk_options "$brisk" "$sub")

    # The value of the option before the cursor, by its value name.
    value=$(printf '%s\n' "$opts" | awk -v o="${prev#-}" '
        { sub(/^-/, "", o); n = $1; sub(/^-/, "", n) } n == o && NF > 1 { print $2; exit }')
    if [ -n "$value" ]; then
        case "$sub:$prev:$value" in
        speed:*-evp:*)
            COMPREPLY=($(compgen -W "$(_brisk_names "$brisk" cipher)
                                     $(_brisk_names "$brisk" digest)" -- "$cur")) ;;
        speed:*-repeat:* | disk:*-repeat:* | channel:*-repeat:*)
            COMPREPLY=($(compgen -W "3 5 7 9" -- "$cur")) ;;
        tune:*-prim:*)
            COMPREPLY=($(compgen -W "$("$brisk" list -implementations 2> /dev/null |
                                      awk '/^  [a-z0-9]/ { print $1 }')" -- "$cur")) ;;
        speed:*-compare:*)
            COMPREPLY=($(compgen -W "openssl" -- "$cur")) ;;
        genpkey:*-algorithm:ALG)
            COMPREPLY=($(compgen -W "RSA EC X25519 X448 ED25519 ED448" -- "$cur")) ;;
        genpkey:*-pkeyopt:*)
            COMPREPLY=($(compgen -W "rsa_keygen_bits: rsa_keygen_pubexp:65537
                ec_paramgen_curve:P-256 ec_paramgen_curve:P-384 ec_paramgen_curve:P-521
                ec_param_enc:named_curve" -- "$cur")) ;;
        pkeyutl:*-pkeyopt:*)
            COMPREPLY=($(compgen -W "digest:sha256 digest:sha384 digest:sha512 digest:sha1
                rsa_padding_mode:pkcs1 rsa_padding_mode:pss rsa_pss_saltlen:digest
                rsa_pss_saltlen:max rsa_pss_saltlen:auto rsa_mgf1_md:
                instance:Ed25519 instance:Ed25519ctx instance:Ed25519ph instance:Ed448
                instance:Ed448ph context-string: hexcontext-string:" -- "$cur")) ;;
        ecparam:*-param_enc:ENC)
            COMPREPLY=($(compgen -W "named_curve explicit" -- "$cur")) ;;
        ecparam:*-name:CURVE)
            COMPREPLY=($(compgen -W "prime256v1 secp384r1 secp521r1 P-256 P-384 P-521" \
                         -- "$cur")) ;;
        speed:*-hmac:* | *:DIGEST | pkeyutl:*-digest:ALG)
            COMPREPLY=($(compgen -W "$(_brisk_names "$brisk" digest)" -- "$cur")) ;;
        disk:*-cipher:SPEC)
            # cryptsetup's specifications, for the ciphers this build has
            local c specs=
            for c in aes serpent twofish; do
                _brisk_names "$brisk" cipher | grep -q "^$c-" &&
                    specs="$specs $c-xts-plain64 $c-cbc-essiv:sha256 $c-cbc-plain64 $c-xts-plain64be"
            done
            COMPREPLY=($(compgen -W "$specs" -- "$cur")) ;;
        channel:*-c:CIPHERS | channel:*-m:MACS)
            # comma-separated names, from -help's "Ciphers:" or "MACs:" line
            local kind=Ciphers head=
            [ "$value" = MACS ] && kind=MACs
            [ "${cur%,*}" != "$cur" ] && head=${cur%,*},
            COMPREPLY=($(compgen -P "$head" -W "$("$brisk" channel -help 2> /dev/null |
                         sed -n "s/^$kind://p")" -- "${cur##*,}")) ;;
        disk:*-pbkdf:NAME)
            COMPREPLY=($(compgen -W "pbkdf2 argon2i argon2id
                $(_brisk_names "$brisk" digest | sed 's/^/pbkdf2-/')" -- "$cur")) ;;
        disk:*-sector-size:N)
            COMPREPLY=($(compgen -W "512 1024 2048 4096" -- "$cur")) ;;
        disk:*-key-size:BITS)
            COMPREPLY=($(compgen -W "128 192 256 384 512" -- "$cur")) ;;
        disk:*-pattern:*)
            COMPREPLY=($(compgen -W "zero random" -- "$cur")) ;;
        *:PEM\|DER)
            COMPREPLY=($(compgen -W "PEM DER" -- "$cur")) ;;
        *:NAME:VALUE)
            COMPREPLY=($(compgen -W "rsa_padding_mode:pkcs1 rsa_padding_mode:pss
                rsa_pss_saltlen:digest rsa_pss_saltlen:max rsa_pss_saltlen:auto
                rsa_mgf1_md:" -- "$cur")) ;;
        *:SRC)
            # a password source, as openssl takes them (-pass, -passin, -passout)
            COMPREPLY=($(compgen -W "pass: env: file: fd: stdin" -- "$cur")) ;;
        *:FILE | *:KEYFILE | *:PATH)
            COMPREPLY=($(compgen -f -- "$cur")) ;;
        *:DIR)
            COMPREPLY=($(compgen -d -- "$cur")) ;;
        esac
        return
    fi

    if [ "${cur#-}" != "$cur" ]; then
        # Options; dgst's -DIGEST and enc's -CIPHER stand for the names.
        COMPREPLY=($(compgen -W "$(printf '%s\n' "$opts" | awk '{ print $1 }' |
                                   grep -v -e '^-DIGEST$' -e '^-CIPHER$')
                                 $(case $sub in
                                   dgst) _brisk_words "$brisk" dgst -list | grep '^-' ;;
                                   enc) _brisk_words "$brisk" enc -list | grep '^-' ;;
                                   esac)" -- "$cur"))
        return
    fi
    case $sub in
    speed)
        COMPREPLY=($(compgen -W "$("$brisk" speed -help 2> /dev/null |
                     sed -n '/^Algorithms:/,/^Ciphers/p' | sed '$d; s/^Algorithms://')" \
                     -- "$cur")) ;;
    genrsa) COMPREPLY=($(compgen -W "512 1024 2048 3072 4096" -- "$cur")) ;;
    dsaparam) COMPREPLY=($(compgen -W "512 1024 2048 3072" -- "$cur")) ;;
    dgst) COMPREPLY=($(compgen -f -- "$cur")) ;;
    report) COMPREPLY=($(compgen -f -- "$cur")) ;;   # the run documents
    esac
}
complete -o filenames -F _brisk brisk
