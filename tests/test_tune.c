/*
 * tests/test_tune.c - choices by input length and tuning files
 * (src/cpu/dispatch.c, src/cpu/tune.c).
 *
 * Without arguments: every sized primitive, with every ordered pair of the
 * implementations this CPU runs split at several lengths, hashes (or
 * encrypts) messages crossing the split, one shot and streamed in pieces on
 * both sides of it, to the same bytes as the portable code alone; the split
 * is checked at, below and above the threshold.  Then brisk_tune_read on a
 * good file and on malformed, foreign, truncated and hostile ones, which
 * must fail with a reason and change nothing.
 *
 * --env, --env-foreign, --env-default: one process each, since the
 * dispatcher reads its environment once: a tuning file named by BRISK_TUNE
 * is used and BRISK_IMPL overrides it; a file from another CPU is ignored
 * with a note on stderr; the default path under $XDG_CONFIG_HOME is found.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <brisk/brisk.h>

#include "vectors.h"

#define MAX_IMPLS 8

static tv_rng rng;
static char dir[256];

static const struct {
    const char *prim;
    const char *algs[2]; /* digests, or a cipher for chacha20 */
} sized[] = {
    {"md4", {"md4", NULL}},         {"md5", {"md5", NULL}},
    {"sha1", {"sha1", NULL}},       {"rmd160", {"ripemd160", NULL}},
    {"sha256", {"sha256", "sha224"}}, {"sha512", {"sha512", "sha384"}},
    {"chacha20", {"chacha20", "chacha20-poly1305"}},
};

/* runnable_impls lists prim's implementations this CPU can run. */
static size_t runnable_impls(const char *prim, const char *names[MAX_IMPLS])
{
    uint32_t cpu;
    const char *name;
    size_t n = 0;

    for (size_t i = 0; n < MAX_IMPLS && (name = brisk_impl_name(prim, i, &cpu)) != NULL; i++)
        if ((cpu & ~brisk_cpu_features_detected()) == 0)
            names[n++] = name;
    return n;
}

/* process runs alg over msg: one shot, then streamed in pieces of random
 * lengths from 1 to 3 * split, into out (the digest, or the ciphertext and
 * the tag); returns its length, or SIZE_MAX if alg would not start. */
static size_t process(const char *alg, const uint8_t *msg, size_t len, size_t split, int stream,
                      uint8_t *out)
{
    const brisk_digest *md = brisk_digest_by_name(alg);
    static const uint8_t key[32] = {1, 2, 3}, iv[16] = {4, 5, 6};
    tv_rng r;

    tv_rng_init(&r, len * 7919 + split);
    if (md != NULL) {
        if (!stream) {
            brisk_digest_oneshot(md, out, msg, len);
            return md->digest_len;
        }
        brisk_digest_ctx ctx;
        brisk_digest_init(&ctx, md);
        for (size_t done = 0, n; done < len; done += n) {
            n = 1 + tv_rng_below(&r, 3 * split);
            n = n < len - done ? n : len - done;
            brisk_digest_update(&ctx, msg + done, n);
        }
        brisk_digest_final(&ctx, out);
        return md->digest_len;
    }
    const brisk_cipher *c = brisk_cipher_by_name(alg);
    brisk_cipher_ctx ctx;
    size_t got = 0, n, w;
    int aead = strcmp(alg, "chacha20-poly1305") == 0;
    if (c == NULL || brisk_cipher_init(&ctx, c, 1, key, 32, iv, aead ? 12 : 16) != 0)
        return SIZE_MAX;
    for (size_t done = 0; done < len; done += n, got += w) {
        n = stream ? 1 + tv_rng_below(&r, 3 * split) : len;
        n = n < len - done ? n : len - done;
        brisk_cipher_update(&ctx, out + got, &w, msg + done, n);
    }
    brisk_cipher_final(&ctx, out + got, &w);
    got += w;
    if (aead && brisk_cipher_get_tag(&ctx, out + got, 16) == 0)
        got += 16;
    brisk_cipher_cleanup(&ctx);
    return got;
}

/* check_pair splits prim between a (short) and b (long) at `split` bytes
 * and compares messages around the split with the portable results. */
static void check_pair(size_t k, const char *a, const char *b, size_t split)
{
    const char *prim = sized[k].prim, *portable;
    static uint8_t msg[8192], want[8192 + 16], got[8192 + 16];
    const size_t lens[] = {0, 1, split - 1, split, split + 1, 2 * split + 17, 4000};
    const char *names[MAX_IMPLS];

    portable = names[runnable_impls(prim, names) - 1];
    tv_rng_fill(&rng, msg, sizeof(msg));
    for (size_t j = 0; j < 2 && sized[k].algs[j] != NULL; j++)
        for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); l++)
            for (int stream = 0; stream < 2; stream++) {
                brisk_impl_set(prim, portable);
                size_t wn = process(sized[k].algs[j], msg, lens[l], split, stream, want);
                tv_check_int(brisk_impl_set_sized(prim, a, b, split), BRISK_EOK,
                             "%s: %s below %zu, %s from there", prim, a, split, b);
                size_t gn = process(sized[k].algs[j], msg, lens[l], split, stream, got);
                tv_check(wn != SIZE_MAX && gn == wn && memcmp(got, want, wn) == 0,
                         "%s: %s|%s at %zu, %zu bytes%s", sized[k].algs[j], a, b, split,
                         lens[l], stream ? ", streamed" : "");
            }
    tv_check_str(brisk_impl_for(prim, split - 1), a, "%s: below %zu", prim, split);
    tv_check_str(brisk_impl_for(prim, split), b, "%s: at %zu", prim, split);
    tv_check_str(brisk_impl_for(prim, split + 1), b, "%s: above %zu", prim, split);
    size_t from = 0;
    tv_check_str(brisk_impl_long(prim, &from), b, "%s: long choice", prim);
    tv_check_int((long long)from, (long long)split, "%s: threshold", prim);
}

static void test_sized(void)
{
    const size_t splits[] = {64, 200, 1024};

    for (size_t k = 0; k < sizeof(sized) / sizeof(sized[0]); k++) {
        const char *names[MAX_IMPLS];
        size_t n = runnable_impls(sized[k].prim, names);
        tv_check(brisk_prim_sized(sized[k].prim), "%s switches by length", sized[k].prim);
        for (size_t s = 0; s < sizeof(splits) / sizeof(splits[0]); s++)
            for (size_t a = 0; a < n; a++)
                for (size_t b = 0; b < n; b++)
                    if (a != b && (!tv_quick() || s == 1))
                        check_pair(k, names[a], names[b], splits[s]);
        brisk_impl_set(sized[k].prim, NULL);
    }
    tv_check(!brisk_prim_sized("aes") && !brisk_prim_sized("bn") && !brisk_prim_sized("nosuch"),
             "aes, bn: one implementation per key or modulus");
    tv_check_int(brisk_impl_set_sized("aes", "ct", "ct", 100), BRISK_EINVAL, "aes by length");
    tv_check_int(brisk_impl_set_sized("md5", "c", "c", 0), BRISK_EINVAL, "threshold 0");
    tv_check_int(brisk_impl_set_sized("md5", "c", "nosuch", 64), BRISK_ENOTFOUND, "unknown");
    tv_check_int(brisk_impl_set_sized("nosuch", "c", "c", 64), BRISK_ENOTFOUND, "no prim");
    tv_check_int(brisk_impl_set_sized("md5", "c", "c", 64), BRISK_EOK, "same both sides");
    tv_check(brisk_impl_long("md5", NULL) == NULL, "same both sides: no split");
    brisk_impl_set("md5", NULL);
}

/* write_file writes text to dir/name and returns the path. */
static const char *write_file(const char *name, const char *text, size_t len)
{
    static char path[512];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(text, 1, len, f) != len || fclose(f) != 0)
        tv_fail("cannot write %s", path);
    return path;
}

/* good_file writes a file for this CPU: md5 split between its first and
 * last implementations at 100 bytes, sha256 its last one, plus `extra`. */
static const char *good_file(const char *name, const char *extra)
{
    char id[512], text[2048];
    const char *md5[MAX_IMPLS], *sha[MAX_IMPLS];
    size_t nm = runnable_impls("md5", md5), ns = runnable_impls("sha256", sha);

    brisk_cpu_identity(id, sizeof(id));
    snprintf(text, sizeof(text),
             "# written by test_tune\n\nbrisk-tune 1\ncpu %s\nmd5 %s %s 100\r\nsha256 %s\n%s",
             id, md5[0], md5[nm - 1], sha[ns - 1], extra);
    return write_file(name, text, strlen(text));
}

/* snapshot writes every primitive's current choice into buf. */
static void snapshot(char *buf, size_t cap)
{
    size_t len = 0, from;
    const char *p, *lg;
    buf[0] = '\0';
    for (size_t i = 0; (p = brisk_prim_name(i)) != NULL && len < cap; i++) {
        lg = brisk_impl_long(p, &from);
        len += (size_t)snprintf(buf + len, cap - len, "%s=%s/%s/%zu ", p, brisk_impl_active(p),
                                lg ? lg : "-", lg ? from : 0);
    }
}

static void expect_bad(const char *what, const char *path, int want)
{
    char before[4096], after[4096], why[256] = "";
    const char *file_before = brisk_tune_file();

    snapshot(before, sizeof(before));
    tv_check_int(brisk_tune_read(path, why, sizeof(why)), want, "%s: refused", what);
    tv_check(why[0] != '\0', "%s: a reason (%s)", what, why);
    snapshot(after, sizeof(after));
    tv_check_str(after, before, "%s: choices unchanged", what);
    tv_check(brisk_tune_file() == file_before, "%s: file in use unchanged", what);
}

static void test_files(void)
{
    char id[512], text[70000], why[256];
    const char *md5[MAX_IMPLS];
    size_t nm = runnable_impls("md5", md5);

    tv_check_int(brisk_cpu_identity(id, sizeof(id)), BRISK_EOK, "identity");
    tv_check(strchr(id, '\n') == NULL && strlen(id) > 6, "identity: %s", id);
    tv_check_int(brisk_cpu_identity(id, 5), BRISK_EINVAL, "identity: short buffer");
    tv_check(brisk_tune_file() == NULL, "no tuning file with BRISK_TUNE empty");

    /* Refused, each with a reason and without effect. */
    snprintf(text, sizeof(text), "%s/none", dir);
    expect_bad("missing file", text, BRISK_ENOTFOUND);
    expect_bad("a directory", dir, BRISK_ENOTFOUND);
    expect_bad("empty", write_file("empty", "", 0), BRISK_EDECODE);
    expect_bad("comments only", write_file("c", "# x\n\n", 5), BRISK_EDECODE);
    expect_bad("not ours", write_file("n", "hello\n", 6), BRISK_EDECODE);
    expect_bad("version 2", write_file("v2", "brisk-tune 2\ncpu x\n", 19), BRISK_EDECODE);
    expect_bad("no cpu line", write_file("nc", "brisk-tune 1\n", 13), BRISK_EDECODE);
    expect_bad("entry before cpu", write_file("ec", "brisk-tune 1\nmd5 c\n", 19),
               BRISK_EDECODE);
    expect_bad("another vendor", write_file("ov", "brisk-tune 1\ncpu GenuineFake 6 85 sse2\n", 39),
               BRISK_EUNSUPPORTED);
    snprintf(text, sizeof(text), "brisk-tune 1\ncpu %s,avx9000\nmd5 c\n", id);
    expect_bad("other features", write_file("of", text, strlen(text)), BRISK_EUNSUPPORTED);
    const char *entries[] = {
        "nosuch c\n", "md5 nosuch\n", "md5\n", "md5 c c\n", "md5 c c 64 extra\n",
        "aes ct ct 64\n", "md5 c c 0\n", "md5 c c -1\n", "md5 c c 1073741825\n",
        "md5 c c 99999999999999999999\n", "md5 c c 1e3\n", "md5 c c 12abc\n", "md5 c c +64\n",
        "md5  c\n", "md5 c \n", " md5 c\n", "md5\tc\n", "md5 C\n", "MD5 c\n",
        "md5 c\nmd5 c\n", "md5 bm",
    };
    for (size_t i = 0; i < sizeof(entries) / sizeof(entries[0]); i++) {
        char what[64];
        snprintf(text, sizeof(text), "brisk-tune 1\ncpu %s\n%s", id, entries[i]);
        snprintf(what, sizeof(what), "entry %zu", i);
        expect_bad(what, write_file("e", text, strlen(text)), BRISK_EDECODE);
    }
    snprintf(text, sizeof(text), "brisk-tune 1\ncpu %s\nmd5 %0600d\n", id, 0);
    expect_bad("line too long", write_file("long", text, strlen(text)), BRISK_EDECODE);
    size_t len = (size_t)snprintf(text, sizeof(text), "brisk-tune 1\ncpu %s\n", id);
    while (len < 65 * 1024)
        len += (size_t)snprintf(text + len, sizeof(text) - len, "# padding padding padding\n");
    expect_bad("larger than 64 KiB", write_file("big", text, len), BRISK_EDECODE);
    len = (size_t)snprintf(text, sizeof(text), "brisk-tune 1\ncpu %s\nmd5 c", id);
    text[len - 2] = '\0';
    expect_bad("a NUL byte", write_file("nul", text, len), BRISK_EDECODE);
    snprintf(text, sizeof(text), "brisk-tune 1\ncpu %s", id);
    text[strlen(text) - 3] = '\0';
    expect_bad("cut in the cpu line", write_file("cut", text, strlen(text)),
               BRISK_EUNSUPPORTED);

    /* A good file is applied whole. */
    const char *path = good_file("good", "");
    tv_check_int(brisk_tune_read(path, why, sizeof(why)), BRISK_EOK, "good file (%s)", why);
    tv_check_str(brisk_tune_file(), path, "file in use");
    tv_check_str(brisk_impl_for("md5", 99), md5[0], "md5 below 100");
    tv_check_str(brisk_impl_for("md5", 100), md5[nm - 1], "md5 from 100");
    tv_check_str(brisk_impl_active("sha256"), "c", "sha256 from the file");
    uint8_t d[16], w[16];
    brisk_md5(d, (const uint8_t *)"abc", 3);
    size_t wl;
    tv_hex_decode(w, sizeof(w), "900150983cd24fb0d6963f7d28e17f72", &wl);
    tv_check_mem(d, w, 16, "md5(\"abc\") under the file's choice");
    /* A truncated file whose last line still parses is a shorter file. */
    snprintf(text, sizeof(text), "brisk-tune 1\ncpu %s\nsha256 c\nmd5 c c 6", id);
    tv_check_int(brisk_tune_read(write_file("trunc", text, strlen(text)), why, sizeof(why)),
                 BRISK_EOK, "truncated after a whole field");
    tv_check_str(brisk_impl_long("md5", NULL), NULL, "md5 c|c: no split");
    for (size_t i = 0; brisk_prim_name(i) != NULL; i++)
        brisk_impl_set(brisk_prim_name(i), NULL);
}

/* env_setup makes the test directory's path into dir. */
static void env_setup(void)
{
    snprintf(dir, sizeof(dir), "%s/test_tune.%ld", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
             (long)getpid());
    if (mkdir(dir, 0700) != 0)
        tv_fail("cannot make %s", dir);
}

static void cleanup(void)
{
    char cmd[600];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        tv_note("could not remove %s", dir);
}

/* env_used: BRISK_TUNE names a good file; BRISK_IMPL=sha256=... wins over
 * the file's sha256 line. */
static void env_used(void)
{
    const char *sha[MAX_IMPLS], *md5[MAX_IMPLS];
    size_t ns = runnable_impls("sha256", sha), nm = runnable_impls("md5", md5);
    const char *path = good_file("env", "");
    char impl[64];

    setenv("BRISK_TUNE", path, 1);
    snprintf(impl, sizeof(impl), "sha256=%s", sha[0]);
    setenv("BRISK_IMPL", impl, 1);
    tv_check_str(brisk_tune_file(), path, "BRISK_TUNE's file in use");
    tv_check_str(brisk_impl_for("md5", 99), md5[0], "md5 below 100 from the file");
    tv_check_str(brisk_impl_for("md5", 100), md5[nm - 1], "md5 from 100 from the file");
    tv_check_str(brisk_impl_active("sha256"), sha[0], "BRISK_IMPL over the file (%zu)", ns);
}

/* env_foreign: a file from another CPU is ignored with a note. */
static void env_foreign(void)
{
    char note[512] = "", errpath[512];
    const char *path = write_file("foreign", "brisk-tune 1\ncpu GenuineFake 6 85 sse2\nmd5 c\n", 44);

    setenv("BRISK_TUNE", path, 1);
    snprintf(errpath, sizeof(errpath), "%s/stderr", dir);
    fflush(stderr);
    int saved = dup(2);
    if (saved < 0 || freopen(errpath, "w", stderr) == NULL)
        tv_fail("cannot redirect stderr");
    const char *file = brisk_tune_file();
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    FILE *f = fopen(errpath, "r");
    if (f != NULL) {
        size_t n = fread(note, 1, sizeof(note) - 1, f);
        note[n] = '\0';
        fclose(f);
    }
    tv_check(file == NULL, "foreign file not in use");
    tv_check(strstr(note, "ignoring tuning file") != NULL && strstr(note, "another CPU") != NULL,
             "note on stderr: %s", note);
    tv_check_str(brisk_impl_active("md5"), brisk_impl_select("md5", brisk_cpu_features()),
                 "md5's built-in choice");
}

/* env_default: with BRISK_TUNE unset, $XDG_CONFIG_HOME/brisk/tune. */
static void env_default(void)
{
    char sub[300], path[512];

    snprintf(sub, sizeof(sub), "%s/brisk", dir);
    mkdir(sub, 0700);
    snprintf(path, sizeof(path), "brisk/tune");
    const char *written = good_file(path, "");
    unsetenv("BRISK_TUNE");
    setenv("XDG_CONFIG_HOME", dir, 1);
    char def[512];
    tv_check_int(brisk_tune_default_path(def, sizeof(def)), BRISK_EOK, "default path");
    tv_check_str(def, written, "default path under XDG_CONFIG_HOME");
    tv_check_str(brisk_tune_file(), written, "default file in use");
    setenv("XDG_CONFIG_HOME", "relative", 1);
    setenv("HOME", "/home/someone", 1);
    tv_check_int(brisk_tune_default_path(def, sizeof(def)), BRISK_EOK, "HOME");
    tv_check_str(def, "/home/someone/.config/brisk/tune", "relative XDG_CONFIG_HOME ignored");
    unsetenv("HOME");
    unsetenv("XDG_CONFIG_HOME");
    tv_check_int(brisk_tune_default_path(def, sizeof(def)), BRISK_ENOTFOUND, "no HOME");
}

int main(int argc, char **argv)
{
    tv_begin("test_tune");
    tv_rng_init(&rng, tv_seed());
    env_setup();
    if (argc > 1 && strcmp(argv[1], "--env") == 0)
        env_used();
    else if (argc > 1 && strcmp(argv[1], "--env-foreign") == 0)
        env_foreign();
    else if (argc > 1 && strcmp(argv[1], "--env-default") == 0)
        env_default();
    else {
        test_sized();
        test_files();
    }
    cleanup();
    return tv_end();
}
