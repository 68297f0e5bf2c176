#ifndef XMARQUEE_CLINUX_SHIM_H
#define XMARQUEE_CLINUX_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sys/socket.h>
// Descriptors the single event loop polls besides the X connection.
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <signal.h>
#include <poll.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>

// sigset_t macros are functions in glibc, but keep the call sites readable.
static inline int xm_block_signals(const int *signals, int count, sigset_t *out) {
    sigemptyset(out);
    for (int i = 0; i < count; i++) sigaddset(out, signals[i]);
    return sigprocmask(SIG_BLOCK, out, NULL);
}
// A connection from the control socket's backlog, already non-blocking and close-on-exec.
static inline int xm_accept_nonblocking(int listener) {
    return accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}
#endif
