#define _GNU_SOURCE
#include "CSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Rights newer than the installed kernel headers (Debian 12's know ABI 2): from the kernel's
 * include/uapi/linux/landlock.h. */
#define XM_ACCESS_FS_TRUNCATE (1ULL << 14)  /* ABI 3 */
#define XM_ACCESS_FS_IOCTL_DEV (1ULL << 15) /* ABI 5 */
#define XM_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0) /* ABI 6 */
#define XM_SCOPE_SIGNAL (1ULL << 1)               /* ABI 6 */

/* The ruleset attribute as ABI 6 knows it (handled_access_net from ABI 4, scoped from ABI 6);
 * the kernel reads as many bytes as the size passed says. */
struct xm_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define XM_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define XM_SANITIZED 1
#endif

int xm_landlock_abi(void) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    return abi < 0 ? 0 : (int)abi;
}

int xm_no_new_privileges(void) {
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 ? 0 : errno;
}

int xm_landlock_read_only(const char *const *paths, size_t count) {
    int abi = xm_landlock_abi();
    if (abi < 1) return ENOSYS;
    uint64_t handled = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE
        | LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE
        | LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG
        | LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK
        | LANDLOCK_ACCESS_FS_MAKE_SYM;
    if (abi >= 2) handled |= LANDLOCK_ACCESS_FS_REFER;
    if (abi >= 3) handled |= XM_ACCESS_FS_TRUNCATE;
    if (abi >= 5) handled |= XM_ACCESS_FS_IOCTL_DEV;
    struct xm_ruleset_attr attributes = { .handled_access_fs = handled };
    /* The network is the helper's job: it stays open (handled_access_net 0). */
    size_t size = offsetof(struct xm_ruleset_attr, handled_access_net);
    if (abi >= 6) {
        attributes.scoped = XM_SCOPE_ABSTRACT_UNIX_SOCKET | XM_SCOPE_SIGNAL;
        size = sizeof attributes;
    }
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, size, 0);
    if (ruleset < 0) return errno;
    for (size_t index = 0; index < count; index++) {
        int fd = open(paths[index], O_PATH | O_CLOEXEC);
        if (fd < 0) continue;
        struct stat info;
        struct landlock_path_beneath_attr beneath = { .parent_fd = fd, .allowed_access = LANDLOCK_ACCESS_FS_READ_FILE };
        /* A folder: its files and folders may be read; a file: only reading it. */
        if (fstat(fd, &info) == 0 && S_ISDIR(info.st_mode)) beneath.allowed_access |= LANDLOCK_ACCESS_FS_READ_DIR;
        if (syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &beneath, 0) != 0) {
            int error = errno;
            close(fd);
            close(ruleset);
            return error;
        }
        close(fd);
    }
    int result = syscall(SYS_landlock_restrict_self, ruleset, 0) == 0 ? 0 : errno;
    close(ruleset);
    return result;
}

#if defined(__x86_64__)
#define XM_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define XM_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

int xm_seccomp_no_exec_no_ptrace(void) {
#ifndef XM_AUDIT_ARCH
    return ENOSYS;
#else
#define XM_DENY(call) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (call), 0, 1), BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM)
    struct sock_filter filter[] = {
        /* Another architecture's calls (a 32-bit int 0x80 on x86-64) have other numbers: refused. */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, XM_AUDIT_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__)
        /* x32 calls share the architecture; they carry bit 30. */
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
#endif
        XM_DENY(SYS_execve),
        XM_DENY(SYS_execveat),
#ifndef XM_SANITIZED
        XM_DENY(SYS_ptrace),
#endif
        XM_DENY(SYS_process_vm_readv),
        XM_DENY(SYS_process_vm_writev),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
#undef XM_DENY
    struct sock_fprog program = { .len = sizeof filter / sizeof filter[0], .filter = filter };
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) == 0 ? 0 : errno;
#endif
}
