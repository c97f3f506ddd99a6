/*
 * src/cpu/dispatch.c - per-primitive implementation selection.
 *
 * Each primitive lists its implementations best first; the first whose CPU
 * features are all present wins (libsodium's _pick_best_implementation, as a
 * table instead of an if-chain).  BRISK_IMPL="sha256=c,md5=c" forces one by
 * name; a name the CPU cannot run is ignored so that the library still works.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../internal.h"
#include "../cipher/internal.h"
#include "../digest/internal.h"


static brisk_prim *const prims[] = {
    &brisk_md2_prim,    &brisk_md4_prim,    &brisk_md5_prim,
    &brisk_sha1_prim,   &brisk_rmd160_prim, &brisk_sha256_prim,
    &brisk_sha512_prim,
    /* ciphers: one line each, added as they land */
    &brisk_aes_prim,
    &brisk_ghash_prim,
    &brisk_bf_prim,     &brisk_rc4_prim,
    &brisk_des_prim,
};
#define N_PRIMS (sizeof(prims) / sizeof(prims[0]))

static brisk_prim *find_prim(const char *name)
{
    for (size_t i = 0; i < N_PRIMS; i++)
        if (strcasecmp(prims[i]->name, name) == 0)
            return prims[i];
    return NULL;
}

static const brisk_impl *find_impl(const brisk_prim *p, const char *name)
{
    for (const brisk_impl *im = p->impls; im->name != NULL; im++)
        if (strcasecmp(im->name, name) == 0)
            return im;
    return NULL;
}

static const brisk_impl *pick(const brisk_prim *p, uint32_t features)
{
    const brisk_impl *im = p->impls;
    while ((im->cpu & ~features) != 0 && im[1].name != NULL)
        im++;
    return im;
}

/* apply_env_overrides reads BRISK_IMPL="prim=impl,..." */
static void apply_env_overrides(void)
{
    const char *env = getenv("BRISK_IMPL");
    char item[64];

    while (env != NULL && *env != '\0') {
        size_t n = strcspn(env, ", ");
        if (n > 0 && n < sizeof(item)) {
            memcpy(item, env, n);
            item[n] = '\0';
            char *eq = strchr(item, '=');
            if (eq != NULL) {
                *eq = '\0';
                (void)brisk_impl_set(item, eq + 1);
            }
        }
        env += n;
        env += strspn(env, ", ");
    }
}

void brisk_dispatch_init(void)
{
    static int done;
    if (done)
        return;
    uint32_t features = brisk_cpu_features();
    for (size_t i = 0; i < N_PRIMS; i++)
        if (prims[i]->active == NULL)
            prims[i]->active = pick(prims[i], features);
    done = 1;
    apply_env_overrides();
}

const char *brisk_prim_name(size_t i)
{
    return i < N_PRIMS ? prims[i]->name : NULL;
}

const char *brisk_impl_name(const char *prim, size_t i, uint32_t *cpu_needed)
{
    const brisk_prim *p = find_prim(prim);
    if (p == NULL)
        return NULL;
    for (size_t k = 0; p->impls[k].name != NULL; k++) {
        if (k == i) {
            if (cpu_needed != NULL)
                *cpu_needed = p->impls[k].cpu;
            return p->impls[k].name;
        }
    }
    return NULL;
}

const char *brisk_impl_active(const char *prim)
{
    brisk_prim *p = find_prim(prim);
    if (p == NULL)
        return NULL;
    brisk_dispatch_init();
    return p->active->name;
}

const char *brisk_impl_select(const char *prim, uint32_t features)
{
    const brisk_prim *p = find_prim(prim);
    return p == NULL ? NULL : pick(p, features)->name;
}

int brisk_impl_set(const char *prim, const char *impl)
{
    brisk_prim *p = prim != NULL ? find_prim(prim) : NULL;
    if (p == NULL)
        return BRISK_ENOTFOUND;
    brisk_dispatch_init();
    if (impl == NULL) {
        p->active = pick(p, brisk_cpu_features());
        return BRISK_EOK;
    }
    const brisk_impl *im = find_impl(p, impl);
    if (im == NULL)
        return BRISK_ENOTFOUND;
    if ((im->cpu & ~brisk_cpu_features_detected()) != 0)
        return BRISK_EUNSUPPORTED;
    p->active = im;
    return BRISK_EOK;
}
