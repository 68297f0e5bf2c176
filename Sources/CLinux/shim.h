#ifndef XMARQUEE_CLINUX_SHIM_H
#define XMARQUEE_CLINUX_SHIM_H
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
#endif
