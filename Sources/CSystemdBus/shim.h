#ifndef XMARQUEE_CSYSTEMDBUS_SHIM_H
#define XMARQUEE_CSYSTEMDBUS_SHIM_H
// sd-bus (libsystemd): the desktop bus, driven from the ticker's own epoll loop.
#include <systemd/sd-bus.h>
#include <poll.h>
#include <string.h>
#include <errno.h>
#endif
