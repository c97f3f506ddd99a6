/*
 * apps/channel_ssh.h - `brisk channel -ssh` (apps/channel_ssh.c): a private
 * OpenSSH sshd on 127.0.0.1, for the run only, and scp timed through it.
 */
#ifndef BRISK_APPS_CHANNEL_SSH_H
#define BRISK_APPS_CHANNEL_SSH_H

#include <stddef.h>
#include <stdint.h>

/* chan_ssh_start finds sshd, ssh, scp and ssh-keygen, makes a temporary
 * directory with a host key, a client key and an sshd_config, writes the
 * data scp sends there (size bytes repeating pattern of pattern_len) unless
 * file is given, and starts sshd on a free port of 127.0.0.1.  0, or -1
 * after one error line (everything already undone). */
int chan_ssh_start(const char *file, uint64_t size, const uint8_t *pattern, size_t pattern_len);

/* chan_ssh_scp times `scp -c CIPHER [-o MACs=MAC]` of the data to
 * /dev/null through the private sshd; MB/s (10^6 bytes/s), or -1 with
 * note set when this OpenSSH does not offer the cipher or MAC, or -2
 * after one error line when scp failed. */
double chan_ssh_scp(const char *cipher, const char *mac, char *note, size_t note_len);

/* chan_ssh_version is the installed OpenSSH's version ("OpenSSH_9.2p1"). */
const char *chan_ssh_version(void);

/* chan_ssh_stop stops sshd and any scp, and removes the temporary
 * directory; safe to call twice and from a signal handler (only
 * async-signal-safe calls). */
void chan_ssh_stop(void);

#endif
