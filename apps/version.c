/*
 * apps/version.c - `brisk version [-a|-v|-b|-p|-o|-f|-c]`, modelled on
 * `openssl version`: the version alone by default; -a adds when and for what
 * platform this copy was built, the implementation in use per primitive
 * ("options:", in SSLeay's words where it had some: des(ptr,risc1,16,long),
 * rc4(idx,int), blowfish(ptr2), idea(int), md2(int)) and the tuning file
 * it came from ("tuning:", `brisk tune`), the compiler and flags, and the
 * CPU features seen.
 */
#include <brisk/common.h>

#include "apps.h"
#include "buildinfo.h"

enum { OPT_ALL = 2, OPT_VER, OPT_BUILT, OPT_PLATFORM, OPT_OPTIONS, OPT_CFLAGS, OPT_CPU };

const app_option version_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"a", OPT_ALL, ARG_NONE, 0, 0, NULL, "Show all data"},
    {"v", OPT_VER, ARG_NONE, 0, 0, NULL, "Show library version"},
    {"b", OPT_BUILT, ARG_NONE, 0, 0, NULL, "Show build date"},
    {"p", OPT_PLATFORM, ARG_NONE, 0, 0, NULL, "Show target build platform"},
    {"o", OPT_OPTIONS, ARG_NONE, 0, 0, NULL, "Show the implementation in use per primitive and the tuning file"},
    {"f", OPT_CFLAGS, ARG_NONE, 0, 0, NULL, "Show compiler and flags used"},
    {"c", OPT_CPU, ARG_NONE, 0, 0, NULL, "Show CPU features (those hidden by BRISK_CPU as -name)"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

int version_main(int argc, char **argv)
{
    app_opts o;
    int id, any = 0;
    int ver = 0, built = 0, platform = 0, options = 0, cflags = 0, cpu = 0;

    opts_init(&o, "version", version_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP:
            opts_usage(stdout, "version", "[options]", version_options);
            return 0;
        case OPT_ALL:
            ver = built = platform = options = cflags = cpu = 1;
            break;
        case OPT_VER: ver = 1; break;
        case OPT_BUILT: built = 1; break;
        case OPT_PLATFORM: platform = 1; break;
        case OPT_OPTIONS: options = 1; break;
        case OPT_CFLAGS: cflags = 1; break;
        case OPT_CPU: cpu = 1; break;
        case OPT_UNKNOWN:
            app_error("version", "unknown option '%s'", o.name);
            return 1;
        default:
            return 1;
        }
        any = 1;
    }
    if (o.ind < argc) {
        app_error("version", "unexpected argument '%s'", argv[o.ind]);
        return 1;
    }
    if (!any)
        ver = 1;
    if (ver)
        printf("brisk %s\n", brisk_version());
    if (built)
        printf("built on: %s\n", BRISK_BUILT_ON);
    if (platform)
        printf("platform: %s\n", BRISK_PLATFORM);
    if (options) {
        print_options_line(stdout);
        print_tuning_line(stdout);
    }
    if (cflags)
        print_compiler_line(stdout);
    if (cpu)
        print_cpuinfo_line(stdout);
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
