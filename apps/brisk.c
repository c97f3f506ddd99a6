/*
 * apps/brisk.c - the `brisk` command: main and the table of subcommands
 * (BoringSSL's tool/tool.cc keeps such a table).  Each subcommand lives in
 * its own file and parses its own options; `brisk help SUB` is `brisk SUB
 * -help`.  As with `openssl md5 FILE`, a digest name used as the subcommand
 * runs `dgst` with that digest.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/digest.h>

#include "apps.h"

static int help_main(int argc, char **argv);

static const struct subcommand {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *help;
} subcommands[] = {
    {"channel", channel_main, "ssh's packet layer per cipher and MAC over TCP on loopback"},
    {"des-opts", des_opts_main, "rank the DES inner-loop variants (like SSLeay's des_opts)"},
    {"dgst", dgst_main, "print digests or HMACs of files, or sign and verify (like openssl dgst)"},
    {"disk", disk_main, "encrypted-disk speed by block size, and cryptsetup benchmark"},
    {"dsaparam", dsaparam_main, "make DSA parameters and keys (like openssl dsaparam)"},
    {"ecparam", ecparam_main, "make EC parameters and keys (like openssl ecparam)"},
    {"enc", enc_main, "encrypt or decrypt with a cipher (like openssl enc)"},
    {"genpkey", genpkey_main, "make a private key of any type (like openssl genpkey)"},
    {"genrsa", genrsa_main, "make an RSA private key (like openssl genrsa)"},
    {"help", help_main, "print this summary, or `brisk help SUB` the usage of SUB"},
    {"list", list_main, "list digests and ciphers, with aliases, and the implementations"},
    {"pkey", pkey_main, "read a key and write it again (like openssl pkey)"},
    {"pkeyutl", pkeyutl_main, "derive shared secrets, sign and verify (like openssl pkeyutl)"},
    {"report", report_main, "draw run documents (speed -json, disk, channel) as an HTML page"},
    {"speed", speed_main, "benchmark algorithms (like openssl speed)"},
    {"tune", tune_main, "time every implementation here and write the fastest to the tuning file"},
    {"version", version_main, "print the version; -a also describes this build"},
    {NULL, NULL, NULL},
};

static const struct subcommand *find_subcommand(const char *name)
{
    for (const struct subcommand *s = subcommands; s->name != NULL; s++)
        if (strcmp(s->name, name) == 0)
            return s;
    return NULL;
}

static void usage(FILE *f)
{
    fprintf(f, "Usage: brisk SUBCOMMAND [options] [arguments]\n\nSubcommands:\n");
    for (const struct subcommand *s = subcommands; s->name != NULL; s++)
        fprintf(f, "  %-10s %s\n", s->name, s->help);
    fprintf(f, "\nA digest name (md5, sha256, ...) as SUBCOMMAND runs dgst with it.\n"
               "`brisk SUBCOMMAND -help` describes the options of SUBCOMMAND.\n");
}

static int help_main(int argc, char **argv)
{
    const struct subcommand *s;
    char help_flag[] = "-help";

    if (argc < 2 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    s = find_subcommand(argv[1]);
    if (s == NULL) {
        app_error("help", "unknown subcommand '%s'", argv[1]);
        return 1;
    }
    char *sub_argv[] = {argv[1], help_flag, NULL};
    return s->fn(2, sub_argv);
}

/* run_digest_shortcut runs `dgst -NAME args...` for `brisk NAME args...`. */
static int run_digest_shortcut(int argc, char **argv)
{
    char dgst_name[] = "dgst";
    size_t flag_len = strlen(argv[1]) + 2;
    char *flag = malloc(flag_len);
    char **sub_argv = malloc(sizeof(*sub_argv) * ((size_t)argc + 1));
    int ret = 1;

    if (flag != NULL && sub_argv != NULL) {
        snprintf(flag, flag_len, "-%s", argv[1]);
        sub_argv[0] = dgst_name;
        sub_argv[1] = flag;
        for (int i = 2; i < argc; i++)
            sub_argv[i] = argv[i];
        sub_argv[argc] = NULL;
        ret = dgst_main(argc, sub_argv);
    } else {
        fprintf(stderr, "brisk: out of memory\n");
    }
    free(sub_argv);
    free(flag);
    return ret;
}

int main(int argc, char **argv)
{
    const struct subcommand *s;
    const char *name;

    app_std_fds();
    app_env_check();
    if (argc < 2) {
        usage(stderr);
        return 1;
    }
    name = argv[1];
    if (strcmp(name, "-help") == 0 || strcmp(name, "--help") == 0 ||
        strcmp(name, "-h") == 0)
        return app_stdout_finish("help", help_main(1, argv));
    if (strcmp(name, "-version") == 0 || strcmp(name, "--version") == 0)
        name = "version";
    s = find_subcommand(name);
    if (s != NULL)
        return app_stdout_finish(s->name, s->fn(argc - 1, argv + 1));
    if (brisk_digest_by_name(name) != NULL)
        return app_stdout_finish("dgst", run_digest_shortcut(argc, argv));
    fprintf(stderr, "brisk: unknown subcommand '%s'; try 'brisk help'\n", name);
    return 1;
}
