#ifndef XM_CSANDBOX_H
#define XM_CSANDBOX_H

#include <stddef.h>

/* The kernel's own fences for a process that reads untrusted input, through the system calls
 * themselves (Landlock and seccomp have no library on these machines). Each returns 0 when the
 * fence is on, or a positive errno saying why it is not. */

/* The Landlock ABI the kernel offers: 0 when it offers none (an old kernel, or Landlock not
 * among its security modules). */
int xm_landlock_abi(void);

/* No new privileges for this process and its children (needed by the two below). */
int xm_no_new_privileges(void);

/* From now on this process may read only files and folders beneath `paths` (a path that cannot
 * be opened is passed over) and may write, make, remove or execute nothing anywhere; with ABI 6
 * or later it can also reach no abstract UNIX socket and signal no process outside itself. */
int xm_landlock_read_only(const char *const *paths, size_t count);

/* A seccomp filter: execve, execveat, ptrace, process_vm_readv and process_vm_writev fail with
 * EPERM. (In a sanitizer build ptrace stays: LeakSanitizer stops the process's threads with it.) */
int xm_seccomp_no_exec_no_ptrace(void);

#endif
