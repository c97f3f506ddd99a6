/*
 * apps/channel_ssh.c - `brisk channel -ssh`: the report's own measurement,
 * `scp -c CIPHER bigfile localhost:/dev/null`, through a private OpenSSH
 * sshd started for the run, timed beside brisk's rows.
 *
 * Nothing outside one temporary directory (mkdtemp under $TMPDIR) is
 * written: a host key and a client key made with ssh-keygen, an
 * sshd_config naming them (ListenAddress 127.0.0.1, a free port,
 * AuthorizedKeysFile and PidFile in the directory, StrictModes no, UsePAM
 * no, every cipher and MAC `ssh -Q` lists), sshd's log and the data; sshd
 * runs as `sshd -D -e -f CONFIG`, a child in its own process group, and
 * the client as `scp -F /dev/null` with its own known_hosts.  The one
 * exception is OpenSSH's privilege separation directory: sshd run as root
 * (OpenSSH 9.x always separates privileges, and chroots the pre-auth child
 * into /run/sshd on Debian) refuses to start without it; when it is
 * missing it is made (empty, root's, 0755, as Debian's own sshd service
 * makes it at boot) and left: removing it again would pull it from under
 * another -ssh run, or a system sshd, started meanwhile.  Run as another user,
 * sshd needs no system directory and lets only that user log in, which is
 * who scp logs in as.
 *
 * chan_ssh_stop undoes everything and uses only async-signal-safe calls,
 * so that `brisk channel`'s SIGINT and SIGTERM handler calls it too.
 * Not constant-time and no secrets: the keys are thrown away with the
 * directory.
 */
#define _GNU_SOURCE 1
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "apps.h"
#include "channel_ssh.h"

#define PROG "channel"
#define PRIVSEP_DIR "/run/sshd"
#define START_TIMEOUT 10.0       /* seconds sshd has to start listening */

/* The files made in the directory, removed by name at the end. */
enum { F_HOST, F_HOST_PUB, F_CLIENT, F_CLIENT_PUB, F_CONFIG, F_PID, F_LOG, F_KNOWN, F_SCP_LOG,
       F_DATA, F_KEYGEN_LOG, F_COUNT };
static const char *const file_names[F_COUNT] = {
    "host_key", "host_key.pub", "client_key", "client_key.pub", "sshd_config", "sshd.pid",
    "sshd.log", "known_hosts", "scp.log", "data", "keygen.log"};

static char dir[PATH_MAX];
static char paths[F_COUNT][PATH_MAX];
static volatile sig_atomic_t sshd_pid, scp_pid, have_dir;
static char sshd_path[PATH_MAX], ssh_path[PATH_MAX], scp_path[PATH_MAX], keygen_path[PATH_MAX];
static char version[128], ciphers[2048], macs[4096], user[256], port_s[16];
static char data_path[PATH_MAX];
static uint64_t data_size;
static int use_legacy_scp;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* find_prog looks for name on $PATH and then in extra (NULL-terminated),
 * and puts its absolute path (sshd insists on one) in out; 0 or -1. */
static int find_prog(const char *name, const char *const *extra, char *out, size_t len)
{
    const char *path = getenv("PATH");
    char buf[PATH_MAX];

    while (path != NULL && *path != '\0') {
        const char *colon = strchr(path, ':');
        size_t n = colon != NULL ? (size_t)(colon - path) : strlen(path);
        if (n > 0 && path[0] == '/' && n + strlen(name) + 2 <= sizeof(buf)) {
            memcpy(buf, path, n);
            buf[n] = '/';
            strcpy(buf + n + 1, name);
            if (access(buf, X_OK) == 0 && strlen(buf) < len) {
                strcpy(out, buf);
                return 0;
            }
        }
        path = colon != NULL ? colon + 1 : NULL;
    }
    for (; extra != NULL && *extra != NULL; extra++) {
        snprintf(buf, sizeof(buf), "%s/%s", *extra, name);
        if (access(buf, X_OK) == 0 && strlen(buf) < len) {
            strcpy(out, buf);
            return 0;
        }
    }
    return -1;
}

/* spawn runs argv with stdin from /dev/null, stdout to out_fd (or
 * /dev/null) and stderr to err_fd (or /dev/null), in its own process group;
 * the pid or -1. */
static pid_t spawn(char *const argv[], int out_fd, int err_fd, int die_with_parent)
{
    pid_t pid = fork();

    if (pid != 0)
        return pid;
    setpgid(0, 0);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
#ifdef __linux__
    if (die_with_parent)
        prctl(PR_SET_PDEATHSIG, SIGTERM);
#else
    (void)die_with_parent;
#endif
    int null = open("/dev/null", O_RDWR);
    dup2(null, 0);
    dup2(out_fd >= 0 ? out_fd : null, 1);
    dup2(err_fd >= 0 ? err_fd : null, 2);
    execv(argv[0], argv);
    _exit(127);
}

/* capture runs argv and reads its stdout (and stderr, with both) into out;
 * the exit status, or -1. */
static int capture(char *const argv[], int both, char *out, size_t len)
{
    int p[2], status;
    size_t got = 0;
    pid_t pid;

    if (pipe(p) != 0)
        return -1;
    pid = spawn(argv, p[1], both ? p[1] : -1, 1);
    close(p[1]);
    if (pid < 0) {
        close(p[0]);
        return -1;
    }
    for (;;) {
        ssize_t n = read(p[0], out + got, len - 1 - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
        if (got == len - 1) {
            char sink[256];
            while (read(p[0], sink, sizeof(sink)) > 0)
                ;
            break;
        }
    }
    out[got] = '\0';
    close(p[0]);
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* to_list turns `ssh -Q`'s one name a line into a comma-separated list. */
static void to_list(char *s)
{
    size_t n = strlen(s);

    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == ' '))
        s[--n] = '\0';
    for (char *p = s; *p != '\0'; p++)
        if (*p == '\n')
            *p = ',';
}

/* in_list: is name one of the comma-separated list's entries? */
static int in_list(const char *list, const char *name)
{
    size_t n = strlen(name);

    for (const char *p = list; p != NULL && *p != '\0';) {
        const char *c = strchr(p, ',');
        size_t k = c != NULL ? (size_t)(c - p) : strlen(p);
        if (k == n && memcmp(p, name, n) == 0)
            return 1;
        p = c != NULL ? c + 1 : NULL;
    }
    return 0;
}

/* last_line copies the last non-empty line of the file at path to out. */
static void last_line(const char *path, char *out, size_t len)
{
    FILE *f = fopen(path, "r");
    char line[512];

    snprintf(out, len, "(no message)");
    if (f == NULL)
        return;
    while (fgets(line, sizeof(line), f) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] != '\0')
            snprintf(out, len, "%s", line);
    }
    fclose(f);
}

void chan_ssh_stop(void)
{
    int status;

    if (scp_pid > 0) {
        kill(-(pid_t)scp_pid, SIGTERM);
        waitpid((pid_t)scp_pid, &status, 0);
        scp_pid = 0;
    }
    if (sshd_pid > 0) {
        kill(-(pid_t)sshd_pid, SIGTERM);
        waitpid((pid_t)sshd_pid, &status, 0);
        sshd_pid = 0;
    }
    if (have_dir) {
        for (int i = 0; i < F_COUNT; i++)
            unlink(paths[i]);
        rmdir(dir);
        have_dir = 0;
    }
}

const char *chan_ssh_version(void)
{
    return version;
}

/* find_all finds the programs; 0, or -1 after saying what is missing. */
static int find_all(void)
{
    static const char *const sbin[] = {"/usr/sbin", "/usr/local/sbin", "/sbin", NULL};
    const char *missing = NULL;

    if (find_prog("ssh-keygen", sbin, keygen_path, sizeof(keygen_path)) != 0)
        missing = "ssh-keygen";
    if (find_prog("scp", sbin, scp_path, sizeof(scp_path)) != 0)
        missing = "scp";
    if (find_prog("ssh", sbin, ssh_path, sizeof(ssh_path)) != 0)
        missing = "ssh";
    if (find_prog("sshd", sbin, sshd_path, sizeof(sshd_path)) != 0)
        missing = "sshd";
    if (missing != NULL) {
        app_error(PROG, "-ssh: OpenSSH's %s is not installed (on Debian and Ubuntu: "
                  "apt-get install openssh-server openssh-client); nothing was run", missing);
        return -1;
    }
    return 0;
}

/* query fills version, ciphers and macs from the installed ssh. */
static int query(void)
{
    char *v[] = {ssh_path, "-V", NULL};
    char *qc[] = {ssh_path, "-Q", "cipher", NULL};
    char *qm[] = {ssh_path, "-Q", "mac", NULL};
    int major = 0, minor = 0;

    if (capture(v, 1, version, sizeof(version)) != 0 || capture(qc, 0, ciphers,
        sizeof(ciphers)) != 0 || capture(qm, 0, macs, sizeof(macs)) != 0) {
        app_error(PROG, "-ssh: '%s -V' or '%s -Q' failed", ssh_path, ssh_path);
        return -1;
    }
    version[strcspn(version, " ,\n")] = '\0';
    to_list(ciphers);
    to_list(macs);
    /* OpenSSH 9.0 made scp speak SFTP; -O (8.7 on) keeps the original scp
     * protocol the report timed, and never changes the target's mode. */
    if (sscanf(version, "OpenSSH_%d.%d", &major, &minor) == 2)
        use_legacy_scp = major > 8 || (major == 8 && minor >= 7);
    return 0;
}

static int keygen(char *key, int log)
{
    char *argv[] = {keygen_path, "-q", "-t", "ed25519", "-N", "", "-C", "brisk-channel",
                    "-f", key, NULL};
    int status;
    pid_t pid = spawn(argv, log, log, 1);

    if (pid < 0)
        return -1;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* free_port asks the kernel for a free port on 127.0.0.1. */
static int free_port(void)
{
    struct sockaddr_in a;
    socklen_t len = sizeof(a);
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), port = -1;

    memset(&a, 0, sizeof(a));
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof(a)) == 0 &&
        getsockname(fd, (struct sockaddr *)&a, &len) == 0)
        port = ntohs(a.sin_port);
    if (fd >= 0)
        close(fd);
    return port;
}

static int port_open(int port)
{
    struct sockaddr_in a;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), ok;

    memset(&a, 0, sizeof(a));
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons((uint16_t)port);
    ok = fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0;
    if (fd >= 0)
        close(fd);
    return ok;
}

static int write_config(int port)
{
    FILE *f = fopen(paths[F_CONFIG], "w");

    if (f == NULL)
        return -1;
    fprintf(f,
            "# brisk channel -ssh: a private sshd for one run\n"
            "ListenAddress 127.0.0.1\n"
            "Port %d\n"
            "HostKey %s\n"
            "AuthorizedKeysFile %s\n"
            "PidFile %s\n"
            "StrictModes no\n"
            "UsePAM no\n"
            "PubkeyAuthentication yes\n"
            "PasswordAuthentication no\n"
            "KbdInteractiveAuthentication no\n"
            "PermitRootLogin prohibit-password\n"
            "PrintMotd no\n"
            "PermitUserRC no\n"
            "LogLevel ERROR\n"
            "Ciphers %s\n"
            "MACs %s\n",
            port, paths[F_HOST], paths[F_CLIENT_PUB], paths[F_PID], ciphers, macs);
    return fclose(f) == 0 ? 0 : -1;
}

/* write_data writes size bytes repeating the pattern to the data file. */
static int write_data(uint64_t size, const uint8_t *pattern, size_t pattern_len)
{
    int fd = open(paths[F_DATA], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

    if (fd < 0)
        return -1;
    for (uint64_t done = 0; done < size;) {
        size_t k = size - done < pattern_len ? (size_t)(size - done) : pattern_len;
        if (write_all(fd, pattern, k) != 0) {
            close(fd);
            return -1;
        }
        done += k;
    }
    return close(fd);
}

int chan_ssh_start(const char *file, uint64_t size, const uint8_t *pattern, size_t pattern_len)
{
    const char *tmpdir = getenv("TMPDIR");
    struct passwd *pw = getpwuid(geteuid());
    char msg[512];
    int port, log;
    double t0;

    if (find_all() != 0 || query() != 0)
        return -1;
    if (pw == NULL || strlen(pw->pw_name) >= sizeof(user)) {
        app_error(PROG, "-ssh: who am I? (no passwd entry for uid %u)", (unsigned)geteuid());
        return -1;
    }
    strcpy(user, pw->pw_name);
    if (tmpdir == NULL || tmpdir[0] == '\0')
        tmpdir = "/tmp";
    if ((size_t)snprintf(dir, sizeof(dir), "%s/brisk-ssh.XXXXXX", tmpdir) >= sizeof(dir) - 32 ||
        mkdtemp(dir) == NULL) {
        app_error(PROG, "-ssh: cannot make a temporary directory in '%s': %s", tmpdir,
                  strerror(errno));
        return -1;
    }
    for (int i = 0; i < F_COUNT; i++) {
        strcpy(paths[i], dir);      /* dir is 32 bytes shorter than PATH_MAX */
        strcat(paths[i], "/");
        strcat(paths[i], file_names[i]);
    }
    have_dir = 1;
    if (geteuid() == 0) {
        struct stat st;
        if (getpwnam("sshd") == NULL) {
            app_error(PROG, "-ssh: sshd run as root needs its privilege separation user "
                      "'sshd', which does not exist (reinstall openssh-server)");
            goto fail;
        }
        if (stat(PRIVSEP_DIR, &st) != 0) {
            if (mkdir(PRIVSEP_DIR, 0755) != 0) {
                app_error(PROG, "-ssh: cannot make sshd's privilege separation directory "
                          PRIVSEP_DIR ": %s", strerror(errno));
                goto fail;
            }
        }
    }
    log = open(paths[F_KEYGEN_LOG], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (log < 0 || keygen(paths[F_HOST], log) != 0 || keygen(paths[F_CLIENT], log) != 0) {
        if (log >= 0)
            close(log);
        last_line(paths[F_KEYGEN_LOG], msg, sizeof(msg));
        app_error(PROG, "-ssh: ssh-keygen failed: %s", msg);
        goto fail;
    }
    close(log);
    if ((port = free_port()) < 0 || write_config(port) != 0) {
        app_error(PROG, "-ssh: cannot write '%s'", paths[F_CONFIG]);
        goto fail;
    }
    snprintf(port_s, sizeof(port_s), "%d", port);
    if (file != NULL) {
        if (strlen(file) >= sizeof(data_path)) {
            app_error(PROG, "-ssh: '%s': name too long", file);
            goto fail;
        }
        strcpy(data_path, file);
    } else {
        if (write_data(size, pattern, pattern_len) != 0) {
            app_error(PROG, "-ssh: cannot write scp's data to '%s': %s", paths[F_DATA],
                      strerror(errno));
            goto fail;
        }
        strcpy(data_path, paths[F_DATA]);
    }
    data_size = size;
    log = open(paths[F_LOG], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (log < 0) {
        app_error(PROG, "-ssh: cannot write '%s'", paths[F_LOG]);
        goto fail;
    }
    {
        char *argv[] = {sshd_path, "-D", "-e", "-f", paths[F_CONFIG], NULL};
        pid_t pid = spawn(argv, -1, log, 1);
        close(log);
        if (pid < 0) {
            app_error(PROG, "-ssh: fork: %s", strerror(errno));
            goto fail;
        }
        sshd_pid = pid;
    }
    /* Up when it accepts a connection; dead if it has exited. */
    for (t0 = now();;) {
        int status;
        struct timespec ts = {0, 20 * 1000 * 1000};
        if (waitpid((pid_t)sshd_pid, &status, WNOHANG) == (pid_t)sshd_pid) {
            sshd_pid = 0;
            last_line(paths[F_LOG], msg, sizeof(msg));
            app_error(PROG, "-ssh: sshd did not start: %s", msg);
            goto fail;
        }
        if (port_open(port))
            break;
        if (now() - t0 > START_TIMEOUT) {
            app_error(PROG, "-ssh: sshd is not listening on 127.0.0.1:%d after %.0f s", port,
                      START_TIMEOUT);
            goto fail;
        }
        nanosleep(&ts, NULL);
    }
    return 0;
fail:
    chan_ssh_stop();
    return -1;
}

double chan_ssh_scp(const char *cipher, const char *mac, char *note, size_t note_len)
{
    char known[PATH_MAX + 32], key[PATH_MAX], macs_opt[160], cipher_s[96], target[300];
    char *argv[32];
    int n = 0, status, log;
    double t0, t;
    pid_t pid;

    if (!in_list(ciphers, cipher)) {
        snprintf(note, note_len, "%s does not offer %s", version, cipher);
        return -1;
    }
    if (mac != NULL && !in_list(macs, mac)) {
        snprintf(note, note_len, "%s does not offer %s", version, mac);
        return -1;
    }
    snprintf(known, sizeof(known), "UserKnownHostsFile=%s", paths[F_KNOWN]);
    snprintf(key, sizeof(key), "%s", paths[F_CLIENT]);
    snprintf(cipher_s, sizeof(cipher_s), "%s", cipher);
    snprintf(target, sizeof(target), "%s@127.0.0.1:/dev/null", user);
    argv[n++] = scp_path;
    argv[n++] = "-q";
    if (use_legacy_scp)
        argv[n++] = "-O";
    argv[n++] = "-F";
    argv[n++] = "/dev/null";
    argv[n++] = "-o";
    argv[n++] = known;
    argv[n++] = "-o";
    argv[n++] = "StrictHostKeyChecking=no";
    argv[n++] = "-o";
    argv[n++] = "BatchMode=yes";
    argv[n++] = "-o";
    argv[n++] = "IdentitiesOnly=yes";
    argv[n++] = "-o";
    argv[n++] = "LogLevel=ERROR";
    argv[n++] = "-i";
    argv[n++] = key;
    argv[n++] = "-P";
    argv[n++] = port_s;
    argv[n++] = "-c";
    argv[n++] = cipher_s;
    if (mac != NULL) {
        snprintf(macs_opt, sizeof(macs_opt), "MACs=%s", mac);
        argv[n++] = "-o";
        argv[n++] = macs_opt;
    }
    argv[n++] = data_path;
    argv[n++] = target;
    argv[n] = NULL;
    log = open(paths[F_SCP_LOG], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    t0 = now();
    pid = spawn(argv, log, log, 1);
    if (log >= 0)
        close(log);
    if (pid < 0) {
        app_error(PROG, "-ssh: fork: %s", strerror(errno));
        return -2;
    }
    scp_pid = pid;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            break;
    t = now() - t0;
    scp_pid = 0;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        char msg[512];
        last_line(paths[F_SCP_LOG], msg, sizeof(msg));
        app_error(PROG, "-ssh: scp -c %s%s%s failed: %s", cipher, mac != NULL ? " with " : "",
                  mac != NULL ? mac : "", msg);
        return -2;
    }
    return (double)data_size / t / 1e6;
}
