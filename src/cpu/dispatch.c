/*
 * src/cpu/dispatch.c - per-primitive implementation selection.
 *
 * Each primitive lists its implementations best first; the first the
 * dispatcher may choose whose CPU features are all present wins (libsodium's
 * _pick_best_implementation, as a table instead of an if-chain).  Each entry
 * points to the primitive's own typed operations; the primitive's accessor
 * reads the active one with one load.  BRISK_IMPL="sha256=c,md5=c" forces
 * one by name, force-only ones included; a name the CPU cannot run is
 * ignored so that the library still works.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../internal.h"
#include "../bn/internal.h"
#include "../cipher/internal.h"
#include "../digest/internal.h"
#include "../ec/internal.h"
#include "../kdf/internal.h"
#include "../mac/internal.h"


static brisk_prim *const prims[] = {
    &brisk_md2_prim,    &brisk_md4_prim,    &brisk_md5_prim,
    &brisk_sha1_prim,   &brisk_rmd160_prim, &brisk_sha256_prim,
    &brisk_sha512_prim,
    /* ciphers: one line each, added as they land */
    &brisk_aes_prim,
    &brisk_ghash_prim,
    &brisk_bf_prim,     &brisk_rc4_prim,
    &brisk_des_prim,
    &brisk_serpent_prim, &brisk_twofish_prim,
    &brisk_chacha20_prim,
    /* key derivation: Argon2's compression function */
    &brisk_argon2_prim,
    /* MACs: Poly1305's block function */
    &brisk_poly1305_prim,
    /* public key: Montgomery multiplication */
    &brisk_bn_prim,
    /* public key: X25519's ladder */
    &brisk_x25519_prim,
    /* public key: Ed25519's group arithmetic */
    &brisk_ed25519_prim,
    /* public key: X448's ladder */
    &brisk_x448_prim,
};
#define N_PRIMS (sizeof(prims) / sizeof(prims[0]))

/* prim_index returns the index in prims[] of the primitive named name, or
 * N_PRIMS. */
static size_t prim_index(const char *name)
{
    size_t i = 0;
    while (i < N_PRIMS && strcasecmp(prims[i]->name, name) != 0)
        i++;
    return i;
}

static brisk_prim *find_prim(const char *name)
{
    size_t i = prim_index(name);
    return i < N_PRIMS ? prims[i] : NULL;
}

static const brisk_impl *find_impl(const brisk_prim *p, const char *name)
{
    for (const brisk_impl *im = p->impls; im->name != NULL; im++)
        if (strcasecmp(im->name, name) == 0)
            return im;
    return NULL;
}

/* pick returns the first implementation the dispatcher may choose whose
 * features and traits are all present, else the last it may choose (the
 * portable one, which needs nothing). */
static const brisk_impl *pick(const brisk_prim *p, uint32_t features)
{
    const brisk_impl *last = NULL;
    for (const brisk_impl *im = p->impls; im->name != NULL; im++) {
        if (im->use != BRISK_IMPL_AUTO)
            continue;
        if (((im->cpu | im->prefer) & ~features) == 0)
            return im;
        last = im;
    }
    return last;
}

/* publish makes im the active implementation of p: the name first, then the
 * operations the hot path reads. */
static void publish(brisk_prim *p, const brisk_impl *im)
{
    __atomic_store_n(&p->active, im, __ATOMIC_RELEASE);
    __atomic_store_n(&p->ops, im->ops, __ATOMIC_RELEASE);
}

/* runnable returns prim p's implementation named impl, or NULL with *err
 * set when there is none or this CPU cannot run it. */
static const brisk_impl *runnable(const brisk_prim *p, const char *impl, int *err)
{
    const brisk_impl *im = find_impl(p, impl);
    if (im == NULL) {
        *err = BRISK_ENOTFOUND;
        return NULL;
    }
    if ((im->cpu & ~brisk_cpu_features_detected()) != 0) {
        *err = BRISK_EUNSUPPORTED;
        return NULL;
    }
    return im;
}

/* apply_env_overrides reads BRISK_IMPL="prim=impl,..." into choice[]
 * (indexed like prims[]); names it cannot use are ignored. */
static void apply_env_overrides(const brisk_impl *choice[N_PRIMS])
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
                size_t i = prim_index(item);
                int err;
                const brisk_impl *im;
                if (i < N_PRIMS && (im = runnable(prims[i], eq + 1, &err)) != NULL)
                    choice[i] = im;
            }
        }
        env += n;
        env += strspn(env, ", ");
    }
}

/* brisk_dispatch_init works out every primitive's choice, BRISK_IMPL
 * included, before it publishes any, so that no thread ever runs a kernel
 * the environment overrides; threads racing through it compute the same
 * choices, and only a primitive still unset takes one. */
void brisk_dispatch_init(void)
{
    static int done;
    const brisk_impl *choice[N_PRIMS];

    if (__atomic_load_n(&done, __ATOMIC_ACQUIRE))
        return;
    uint32_t features = brisk_cpu_features();
    for (size_t i = 0; i < N_PRIMS; i++)
        choice[i] = pick(prims[i], features);
    apply_env_overrides(choice);
    for (size_t i = 0; i < N_PRIMS; i++) {
        /* The first to set `active` wins; everyone then publishes the
         * winner's operations, so none returns before `ops` is set. */
        const brisk_impl *cur = NULL;
        if (__atomic_compare_exchange_n(&prims[i]->active, &cur, choice[i], 0, __ATOMIC_ACQ_REL,
                                        __ATOMIC_ACQUIRE))
            cur = choice[i];
        __atomic_store_n(&prims[i]->ops, cur->ops, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
}

const char *brisk_prim_name(size_t i)
{
    return i < N_PRIMS ? prims[i]->name : NULL;
}

/* impl_at returns primitive prim's i-th implementation, or NULL. */
static const brisk_impl *impl_at(const char *prim, size_t i)
{
    const brisk_prim *p = find_prim(prim);
    if (p == NULL)
        return NULL;
    for (size_t k = 0; p->impls[k].name != NULL; k++)
        if (k == i)
            return &p->impls[k];
    return NULL;
}

const char *brisk_impl_name(const char *prim, size_t i, uint32_t *cpu_needed)
{
    const brisk_impl *im = impl_at(prim, i);
    if (im != NULL && cpu_needed != NULL)
        *cpu_needed = im->cpu;
    return im != NULL ? im->name : NULL;
}

uint32_t brisk_impl_prefers(const char *prim, size_t i)
{
    const brisk_impl *im = impl_at(prim, i);
    return im != NULL ? im->prefer : 0;
}

const char *brisk_impl_active(const char *prim)
{
    brisk_prim *p = find_prim(prim);
    if (p == NULL)
        return NULL;
    brisk_dispatch_init();
    return __atomic_load_n(&p->active, __ATOMIC_ACQUIRE)->name;
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
        publish(p, pick(p, brisk_cpu_features()));
        return BRISK_EOK;
    }
    int err;
    const brisk_impl *im = runnable(p, impl, &err);
    if (im == NULL)
        return err;
    publish(p, im);
    return BRISK_EOK;
}
