/*
 * src/cpu/dispatch.c - per-primitive implementation selection.
 *
 * Each primitive lists its implementations best first; the first the
 * dispatcher may choose whose CPU features are all present wins (libsodium's
 * _pick_best_implementation, as a table instead of an if-chain).  Each entry
 * points to the primitive's own typed operations; the primitive's accessor
 * reads the active one with one load.  Sized primitives (src/internal.h)
 * may take another entry for long inputs, at a length the table or a tuning
 * file sets.  A tuning file written by `brisk tune` on this CPU
 * (src/cpu/tune.c) replaces the built-in choices it names;
 * BRISK_IMPL="sha256=c,md5=c" forces one by name over both, force-only ones
 * included; a name the CPU cannot run is ignored so that the library still
 * works.
 */
#include <pthread.h>
#include <stdio.h>
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
    /* public key: the NIST curves' field products */
    &brisk_nist_prim,
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

/* fits tells whether the dispatcher may choose im by itself on a CPU with
 * `features`, for inputs of some length (long_too) or of every length. */
static int fits(const brisk_impl *im, uint32_t features, int long_too)
{
    if (im->use == BRISK_IMPL_FORCE_ONLY || (im->use == BRISK_IMPL_LONG && !long_too))
        return 0;
    return ((im->cpu | im->prefer) & ~features) == 0;
}

/* pick returns the first implementation the dispatcher may choose for every
 * length whose features and traits are all present, else the last it may
 * choose (the portable one, which needs nothing). */
static const brisk_impl *pick(const brisk_prim *p, uint32_t features)
{
    const brisk_impl *last = NULL;
    for (const brisk_impl *im = p->impls; im->name != NULL; im++) {
        if (fits(im, features, 0))
            return im;
        if (im->use == BRISK_IMPL_AUTO)
            last = im;
    }
    return last;
}

/* builtin returns p's built-in choice on a CPU with `features`: pick's, and
 * for a sized primitive a BRISK_IMPL_LONG entry ahead of it from long_min
 * bytes. */
static brisk_choice builtin(const brisk_prim *p, uint32_t features)
{
    brisk_choice c = {pick(p, features), NULL, SIZE_MAX};

    for (const brisk_impl *im = p->impls; p->sized && im != c.impl && im->name != NULL; im++)
        if (im->use == BRISK_IMPL_LONG && fits(im, features, 1)) {
            c.long_impl = im;
            c.from = p->long_min;
            break;
        }
    return c;
}

/* publish makes c p's choice: the long-input part first, then the names,
 * then the operations the hot path reads first. */
static void publish(brisk_prim *p, brisk_choice c)
{
    const brisk_impl *lg = c.long_impl != NULL ? c.long_impl : c.impl;
    __atomic_store_n(&p->active_long, lg, __ATOMIC_RELEASE);
    __atomic_store_n(&p->ops_long, lg->ops, __ATOMIC_RELEASE);
    __atomic_store_n(&p->from, c.long_impl != NULL ? c.from : SIZE_MAX, __ATOMIC_RELEASE);
    __atomic_store_n(&p->active, c.impl, __ATOMIC_RELEASE);
    __atomic_store_n(&p->ops, c.impl->ops, __ATOMIC_RELEASE);
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
 * (indexed like prims[]), one implementation for every length; names it
 * cannot use are ignored.  forced[i] is set for each primitive it names. */
static void apply_env_overrides(brisk_choice choice[N_PRIMS], int forced[N_PRIMS])
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
                if (i < N_PRIMS && (im = runnable(prims[i], eq + 1, &err)) != NULL) {
                    choice[i] = (brisk_choice){im, NULL, SIZE_MAX};
                    forced[i] = 1;
                }
            }
        }
        env += n;
        env += strspn(env, ", ");
    }
}

/* tune_path finds the tuning file: BRISK_TUNE's (empty: none), else the
 * default one.  *named says whether the user named it (a missing default
 * file is no news). */
static const char *tune_path(char buf[512], int *named)
{
    const char *env = getenv("BRISK_TUNE");

    *named = env != NULL;
    if (env != NULL)
        return env[0] != '\0' ? env : NULL;
    return brisk_tune_default_path(buf, 512) == BRISK_EOK ? buf : NULL;
}

/* apply_tune_file reads the tuning file, if any, into choice[]; a file the
 * user named that cannot be used, or any file that is malformed or from
 * another CPU, is reported on stderr and ignored. */
static void apply_tune_file(brisk_choice choice[N_PRIMS])
{
    char buf[512], why[256];
    int named;
    const char *path = tune_path(buf, &named);

    if (path == NULL)
        return;
    int err = brisk_tune_parse(path, choice, N_PRIMS, why, sizeof(why));
    if (err == BRISK_EOK)
        brisk_tune_note_in_use(path);
    else if (err != BRISK_ENOTFOUND || named)
        fprintf(stderr, "brisk: ignoring tuning file %s: %s\n", path, why);
}

static int dispatch_done;

/* brisk_dispatch_init works out every primitive's choice (built-in, then
 * the tuning file, then BRISK_IMPL) before it publishes any, so that no
 * thread ever runs a kernel those override.  The first call runs it under
 * a lock; later ones return at the flag. */
void brisk_dispatch_init(void)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    brisk_choice choice[N_PRIMS];
    int forced[N_PRIMS] = {0};

    if (__atomic_load_n(&dispatch_done, __ATOMIC_ACQUIRE))
        return;
    pthread_mutex_lock(&lock);
    if (!__atomic_load_n(&dispatch_done, __ATOMIC_ACQUIRE)) {
        uint32_t features = brisk_cpu_features();
        for (size_t i = 0; i < N_PRIMS; i++)
            choice[i] = builtin(prims[i], features);
        apply_tune_file(choice);
        apply_env_overrides(choice, forced);
        for (size_t i = 0; i < N_PRIMS; i++)
            publish(prims[i], choice[i]);
        __atomic_store_n(&dispatch_done, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&lock);
}

int brisk_tune_read(const char *path, char *why, size_t why_len)
{
    brisk_choice choice[N_PRIMS];
    int forced[N_PRIMS] = {0};
    char msg[256];

    brisk_dispatch_init();
    for (size_t i = 0; i < N_PRIMS; i++) {
        const brisk_prim *p = prims[i];
        choice[i] = (brisk_choice){p->active, p->from != SIZE_MAX ? p->active_long : NULL,
                                   p->from};
    }
    int err = path != NULL ? brisk_tune_parse(path, choice, N_PRIMS, msg, sizeof(msg))
                           : BRISK_EINVAL;
    if (err != BRISK_EOK) {
        if (why != NULL && why_len > 0)
            snprintf(why, why_len, "%s", path != NULL ? msg : "no path");
        return err;
    }
    brisk_choice env[N_PRIMS];
    apply_env_overrides(env, forced);
    for (size_t i = 0; i < N_PRIMS; i++)
        if (!forced[i])
            publish(prims[i], choice[i]);
    brisk_tune_note_in_use(path);
    return BRISK_EOK;
}

brisk_prim *const *brisk_dispatch_prims(size_t *n)
{
    *n = N_PRIMS;
    return prims;
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
    return brisk_impl_select_for(prim, features, 0);
}

const char *brisk_impl_select_for(const char *prim, uint32_t features, size_t len)
{
    const brisk_prim *p = find_prim(prim);
    if (p == NULL)
        return NULL;
    brisk_choice c = builtin(p, features);
    return (c.long_impl != NULL && len >= c.from ? c.long_impl : c.impl)->name;
}

int brisk_impl_set(const char *prim, const char *impl)
{
    brisk_prim *p = prim != NULL ? find_prim(prim) : NULL;
    if (p == NULL)
        return BRISK_ENOTFOUND;
    brisk_dispatch_init();
    if (impl == NULL) {
        publish(p, builtin(p, brisk_cpu_features()));
        return BRISK_EOK;
    }
    int err;
    const brisk_impl *im = runnable(p, impl, &err);
    if (im == NULL)
        return err;
    publish(p, (brisk_choice){im, NULL, SIZE_MAX});
    return BRISK_EOK;
}

int brisk_impl_force(const char *prim, const char *impl)
{
    brisk_prim *p = prim != NULL ? find_prim(prim) : NULL;
    const brisk_impl *im = p != NULL && impl != NULL ? find_impl(p, impl) : NULL;
    if (im == NULL)
        return BRISK_ENOTFOUND;
    brisk_dispatch_init();
    publish(p, (brisk_choice){im, NULL, SIZE_MAX});
    return BRISK_EOK;
}

int brisk_impl_set_sized(const char *prim, const char *impl, const char *long_impl,
                         size_t from)
{
    brisk_prim *p = prim != NULL ? find_prim(prim) : NULL;
    if (p == NULL || impl == NULL || long_impl == NULL)
        return p == NULL ? BRISK_ENOTFOUND : BRISK_EINVAL;
    if (!p->sized || from == 0)
        return BRISK_EINVAL;
    brisk_dispatch_init();
    int err;
    const brisk_impl *im = runnable(p, impl, &err), *lg;
    if (im == NULL || (lg = runnable(p, long_impl, &err)) == NULL)
        return err;
    publish(p, (brisk_choice){im, lg == im ? NULL : lg, from});
    return BRISK_EOK;
}

const char *brisk_impl_for(const char *prim, size_t len)
{
    brisk_prim *p = find_prim(prim);
    if (p == NULL)
        return NULL;
    brisk_dispatch_init();
    return (len >= __atomic_load_n(&p->from, __ATOMIC_ACQUIRE) ? p->active_long : p->active)->name;
}

const char *brisk_impl_long(const char *prim, size_t *from)
{
    brisk_prim *p = find_prim(prim);
    if (p == NULL)
        return NULL;
    brisk_dispatch_init();
    size_t f = __atomic_load_n(&p->from, __ATOMIC_ACQUIRE);
    if (from != NULL)
        *from = f;
    return f != SIZE_MAX ? p->active_long->name : NULL;
}

int brisk_prim_sized(const char *prim)
{
    const brisk_prim *p = find_prim(prim);
    return p != NULL && p->sized;
}
