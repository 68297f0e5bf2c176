#ifndef XMARQUEE_CWAYLANDCLIENT_SHIM_H
#define XMARQUEE_CWAYLANDCLIENT_SHIM_H
#include <wayland-client.h>
#include <wayland-cursor.h>
#include <xkbcommon/xkbcommon.h>
#include <sys/mman.h>
#include <linux/memfd.h>

// glibc has memfd_create but shows it only with _GNU_SOURCE, which must not be defined here (it
// changes declarations the Glibc module shares): the shm buffers live in anonymous memory files.
extern int memfd_create(const char *name, unsigned int flags);
#endif
