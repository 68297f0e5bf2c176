#ifndef XMARQUEE_CLINUX_SHIM_H
#define XMARQUEE_CLINUX_SHIM_H
#include <sys/socket.h>
// Descriptors the single event loop polls besides the X connection.
#include <sys/timerfd.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <signal.h>
#include <poll.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
#include <spawn.h>
#include <sys/pidfd.h>
#include <sys/wait.h>
#include <sys/resource.h>
#include <string.h>
// malloc_trim: free heap pages handed back after a long text's layout.
#include <malloc.h>

// sigset_t macros are functions in glibc, but keep the call sites readable.
static inline int xm_block_signals(const int *signals, int count, sigset_t *out) {
    sigemptyset(out);
    for (int i = 0; i < count; i++) sigaddset(out, signals[i]);
    return sigprocmask(SIG_BLOCK, out, NULL);
}
// glibc has accept4 but shows it only with _GNU_SOURCE, which must not be defined here: it
// changes fd_set's definition and clashes with the Glibc module's.
extern int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);

// A connection from the control socket's backlog, already non-blocking and close-on-exec.
static inline int xm_accept_nonblocking(int listener) {
    return accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

// glibc (2.34+) has these, but its headers show them only with _GNU_SOURCE.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
extern int pipe2(int pipefd[2], int flags);

// Starts a child for a source (a command, the feed fetcher) from an argument vector — never a
// shell. `search_path` looks the program up in PATH like a shell would. Standard input is
// /dev/null, standard output and error go to the given pipe ends. The child gets a clean signal
// state (the ticker blocks SIGINT/SIGTERM/SIGHUP for its signalfd, and a blocked mask would be
// inherited through exec) and its own process group, so a timeout can kill everything it started
// (`sh -c 'a | b'`). Returns 0 or an errno value.
static inline int xm_spawn(const char *path, char *const argv[], int search_path,
                           int stdout_fd, int stderr_fd, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    sigset_t none, defaults;
    int result;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, stdout_fd, 1);
    posix_spawn_file_actions_adddup2(&actions, stderr_fd, 2);
    // Nothing else of ours reaches the child: not the X connection, and not a descriptor a parent
    // left open for us (Foundation's Process, for one, learns of an exit when its socket closes,
    // so a command holding it would keep our parent waiting).
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    posix_spawnattr_init(&attributes);
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    sigaddset(&defaults, SIGHUP);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGCHLD);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
    extern char **environ;
    result = search_path ? posix_spawnp(pid, path, &actions, &attributes, argv, environ)
                         : posix_spawn(pid, path, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return result;
}

static inline int xm_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

// glibc (2.34+) has it, shown only with _GNU_SOURCE.
extern int close_range(unsigned int first, unsigned int last, int flags);

// xm_spawn's start with an address-space limit (RLIMIT_AS) set in the child before exec, which
// posix_spawn cannot do: fork, the same set-up by hand, exec. Between fork and exec only
// async-signal-safe calls. An exec failure comes back as an errno value through a close-on-exec
// pipe (nothing arrives when the exec worked). Returns 0 or an errno value.
static inline int xm_spawn_limited(const char *path, char *const argv[], int stdout_fd, int stderr_fd,
                                   unsigned long long address_space, pid_t *pid) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return errno;
    pid_t child = fork();
    if (child < 0) {
        int code = errno;
        close(report[0]);
        close(report[1]);
        return code;
    }
    if (child == 0) {
        struct sigaction defaults;
        memset(&defaults, 0, sizeof defaults);
        defaults.sa_handler = SIG_DFL;
        const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD};
        for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaction(signals[i], &defaults, NULL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        setpgid(0, 0);
        struct rlimit bound = {address_space, address_space};
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0 && dup2(null, 0) >= 0 && dup2(stdout_fd, 1) >= 0 && dup2(stderr_fd, 2) >= 0
            && setrlimit(RLIMIT_AS, &bound) == 0) {
            if (report[1] > 3) close_range(3, (unsigned)report[1] - 1, 0);
            close_range((unsigned)report[1] + 1, ~0U, 0);
            execv(path, argv);
        }
        int code = errno;
        ssize_t written = write(report[1], &code, sizeof code);
        (void)written;
        _exit(127);
    }
    close(report[1]);
    int code = 0;
    ssize_t count;
    while ((count = read(report[0], &code, sizeof code)) < 0 && errno == EINTR) {}
    close(report[0]);
    if (count == (ssize_t)sizeof code) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        return code;
    }
    *pid = child;
    return 0;
}

// Decoded wait status, since WIFEXITED and friends are macros Swift cannot call.
static inline int xm_exited(int status) { return WIFEXITED(status); }
static inline int xm_exit_status(int status) { return WEXITSTATUS(status); }
static inline int xm_term_signal(int status) { return WIFSIGNALED(status) ? WTERMSIG(status) : 0; }
#endif
