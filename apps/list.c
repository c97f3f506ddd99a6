/*
 * apps/list.c - `brisk list [-digest-algorithms] [-cipher-algorithms]
 * [-implementations]`: every digest of the registry with OpenSSL's names and
 * the aliases it answers to; every cipher with its mode, key and IV lengths
 * and aliases; and for every dispatched primitive its implementations, best
 * first, with the CPU features each needs, whether this CPU can run it and
 * which one is in use.  Everything comes from the registries and the
 * dispatcher.
 */
#include <string.h>

#include <brisk/cipher.h>
#include <brisk/cpu.h>
#include <brisk/digest.h>

#include "apps.h"

enum { OPT_DIGESTS = 2, OPT_CIPHERS, OPT_IMPLS };

const app_option list_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"digest-algorithms", OPT_DIGESTS, ARG_NONE, 0, 0, NULL,
     "List digests with their aliases"},
    {"cipher-algorithms", OPT_CIPHERS, ARG_NONE, 0, 0, NULL,
     "List ciphers with their modes, key and IV lengths and aliases"},
    {"implementations", OPT_IMPLS, ARG_NONE, 0, 0, NULL,
     "List the implementations of every primitive"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

static void list_digests(void)
{
    const brisk_digest *md;

    printf("Digests (name, OpenSSL 3 name, other accepted names):\n");
    for (size_t i = 0; (md = brisk_digest_at(i)) != NULL; i++) {
        int width = printf("  %-12s %s", md->name, md->long_name);
        for (const char *const *a = md->aliases; a != NULL && *a != NULL; a++) {
            if (a == md->aliases)
                printf("%*s", width < 29 ? 29 - width : 1, "");
            printf("%s%s", a == md->aliases ? "" : ", ", *a);
        }
        printf("\n");
    }
}

static const char *mode_name(brisk_cipher_mode mode)
{
    static const char *const names[] = {"stream", "ECB", "CBC", "CFB", "OFB", "CTR",
                                        "GCM", "XTS", "stream", "AEAD"};

    return (size_t)mode < sizeof(names) / sizeof(names[0]) ? names[mode] : "?";
}

static void list_ciphers(void)
{
    const brisk_cipher *c;

    printf("Ciphers (name, mode, key bytes, IV bytes, other accepted names):\n");
    for (size_t i = 0; (c = brisk_cipher_at(i)) != NULL; i++) {
        char key[24];
        if (c->key_min != c->key_max)
            snprintf(key, sizeof(key), "%zu (%zu-%zu)", c->key_len, c->key_min, c->key_max);
        else
            snprintf(key, sizeof(key), "%zu", c->key_len);
        printf("  %-17s %-6s key %-11s iv %zu", c->name, mode_name(c->mode), key, c->iv_len);
        for (const char *const *a = c->aliases; a != NULL && *a != NULL; a++)
            printf("%s%s", a == c->aliases ? (c->iv_len < 10 ? "   " : "  ") : ", ", *a);
        printf("%s\n", c->flags & BRISK_CIPHER_NOCT ? "  (not constant-time)" : "");
    }
}

static void print_features(uint32_t bits)
{
    if (bits == 0) {
        printf(" -");
        return;
    }
    for (unsigned b = 0; b < 32; b++)
        if (bits & ((uint32_t)1 << b)) {
            const char *name = brisk_cpu_feature_name((uint32_t)1 << b);
            printf(" %s", name != NULL ? name : "?");
        }
}

static void list_implementations(void)
{
    uint32_t detected = brisk_cpu_features_detected();
    uint32_t usable = brisk_cpu_features();
    const char *prim;

    /* The implementation column is as wide as the longest name
     * ("idx-risc1-16"), so that the columns stay aligned. */
    int width = 8;
    for (size_t i = 0; (prim = brisk_prim_name(i)) != NULL; i++) {
        const char *impl;
        for (size_t k = 0; (impl = brisk_impl_name(prim, k, NULL)) != NULL; k++)
            if ((int)strlen(impl) > width)
                width = (int)strlen(impl);
    }
    printf("Implementations, best first (* = in use, + = in use from the length shown):\n");
    for (size_t i = 0; (prim = brisk_prim_name(i)) != NULL; i++) {
        const char *active = brisk_impl_active(prim);
        size_t from;
        const char *lg = brisk_impl_long(prim, &from);
        const char *impl;
        uint32_t needs;

        for (size_t k = 0; (impl = brisk_impl_name(prim, k, &needs)) != NULL; k++) {
            int in_use = active != NULL && strcmp(active, impl) == 0;
            int long_use = lg != NULL && strcmp(lg, impl) == 0;
            const char *can = (needs & ~detected) != 0 ? "cannot run here"
                              : (needs & ~usable) != 0 ? "hidden by BRISK_CPU"
                                                       : "runs here";
            printf("  %-10s %s %-*s %-19s needs:", k == 0 ? prim : "",
                   in_use ? "*" : long_use ? "+" : " ", width, impl, can);
            print_features(needs);
            uint32_t prefers = brisk_impl_prefers(prim, k);
            if (prefers != 0) {
                printf(";  first choice only with:");
                print_features(prefers);
            }
            if (long_use)
                printf(";  in use from %zu bytes", from);
            printf("\n");
        }
    }
}

int list_main(int argc, char **argv)
{
    app_opts o;
    int id, digests = 0, ciphers = 0, impls = 0;

    opts_init(&o, "list", list_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP:
            opts_usage(stdout, "list", "[options]", list_options);
            printf("\nWith no option, lists all three.\n");
            return 0;
        case OPT_DIGESTS: digests = 1; break;
        case OPT_CIPHERS: ciphers = 1; break;
        case OPT_IMPLS: impls = 1; break;
        case OPT_UNKNOWN:
            app_error("list", "unknown option '%s'", o.name);
            return 1;
        default:
            return 1;
        }
    }
    if (o.ind < argc) {
        app_error("list", "unexpected argument '%s'", argv[o.ind]);
        return 1;
    }
    if (!digests && !ciphers && !impls)
        digests = ciphers = impls = 1;
    if (digests)
        list_digests();
    if (ciphers) {
        if (digests)
            printf("\n");
        list_ciphers();
    }
    if (impls) {
        if (digests || ciphers)
            printf("\n");
        list_implementations();
    }
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
