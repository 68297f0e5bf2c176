#ifndef XMARQUEE_CSYSTEMDBUS_SHIM_H
#define XMARQUEE_CSYSTEMDBUS_SHIM_H
// sd-bus (libsystemd): the desktop bus, driven from the ticker's own epoll loop.
//
// libsystemd is not linked: it is loaded (dlopen) the first time a bus is opened. Linked, it and
// what it pulls in (libgcrypt, libzstd, liblz4, liblzma, libcap) cost every run about 1.5 MB
// resident, bus or no bus. The header gives the types and constants; each function the ticker
// calls is resolved into `xmarquee_sd_bus` and reached through a static inline wrapper of the
// same name and signature, so the Swift code calls sd-bus as usual.
//
// The header's own declarations are renamed away first (a static function may not follow an
// external declaration of the same name): this list and XMARQUEE_SD_BUS_FUNCTIONS below name
// the same functions.
#define sd_bus_add_fallback xmarquee_linked_sd_bus_add_fallback
#define sd_bus_add_filter xmarquee_linked_sd_bus_add_filter
#define sd_bus_add_match xmarquee_linked_sd_bus_add_match
#define sd_bus_add_object xmarquee_linked_sd_bus_add_object
#define sd_bus_call_async xmarquee_linked_sd_bus_call_async
#define sd_bus_flush_close_unref xmarquee_linked_sd_bus_flush_close_unref
#define sd_bus_get_address xmarquee_linked_sd_bus_get_address
#define sd_bus_get_events xmarquee_linked_sd_bus_get_events
#define sd_bus_get_fd xmarquee_linked_sd_bus_get_fd
#define sd_bus_get_timeout xmarquee_linked_sd_bus_get_timeout
#define sd_bus_get_unique_name xmarquee_linked_sd_bus_get_unique_name
#define sd_bus_message_append_basic xmarquee_linked_sd_bus_message_append_basic
#define sd_bus_message_close_container xmarquee_linked_sd_bus_message_close_container
#define sd_bus_message_enter_container xmarquee_linked_sd_bus_message_enter_container
#define sd_bus_message_exit_container xmarquee_linked_sd_bus_message_exit_container
#define sd_bus_message_get_error xmarquee_linked_sd_bus_message_get_error
#define sd_bus_message_get_interface xmarquee_linked_sd_bus_message_get_interface
#define sd_bus_message_get_member xmarquee_linked_sd_bus_message_get_member
#define sd_bus_message_get_path xmarquee_linked_sd_bus_message_get_path
#define sd_bus_message_get_sender xmarquee_linked_sd_bus_message_get_sender
#define sd_bus_message_get_type xmarquee_linked_sd_bus_message_get_type
#define sd_bus_message_is_method_error xmarquee_linked_sd_bus_message_is_method_error
#define sd_bus_message_new_method_call xmarquee_linked_sd_bus_message_new_method_call
#define sd_bus_message_new_method_return xmarquee_linked_sd_bus_message_new_method_return
#define sd_bus_message_new_signal xmarquee_linked_sd_bus_message_new_signal
#define sd_bus_message_open_container xmarquee_linked_sd_bus_message_open_container
#define sd_bus_message_peek_type xmarquee_linked_sd_bus_message_peek_type
#define sd_bus_message_read_basic xmarquee_linked_sd_bus_message_read_basic
#define sd_bus_message_rewind xmarquee_linked_sd_bus_message_rewind
#define sd_bus_message_set_destination xmarquee_linked_sd_bus_message_set_destination
#define sd_bus_message_set_expect_reply xmarquee_linked_sd_bus_message_set_expect_reply
#define sd_bus_message_skip xmarquee_linked_sd_bus_message_skip
#define sd_bus_message_unref xmarquee_linked_sd_bus_message_unref
#define sd_bus_new xmarquee_linked_sd_bus_new
#define sd_bus_open_user xmarquee_linked_sd_bus_open_user
#define sd_bus_process xmarquee_linked_sd_bus_process
#define sd_bus_reply_method_error xmarquee_linked_sd_bus_reply_method_error
#define sd_bus_request_name_async xmarquee_linked_sd_bus_request_name_async
#define sd_bus_send xmarquee_linked_sd_bus_send
#define sd_bus_set_address xmarquee_linked_sd_bus_set_address
#define sd_bus_set_bus_client xmarquee_linked_sd_bus_set_bus_client
#define sd_bus_slot_unref xmarquee_linked_sd_bus_slot_unref
#define sd_bus_start xmarquee_linked_sd_bus_start
#define sd_bus_unref xmarquee_linked_sd_bus_unref
#define sd_journal_sendv xmarquee_linked_sd_journal_sendv
#include <systemd/sd-bus.h>
#include <systemd/sd-journal.h>
#undef sd_bus_add_fallback
#undef sd_bus_add_filter
#undef sd_bus_add_match
#undef sd_bus_add_object
#undef sd_bus_call_async
#undef sd_bus_flush_close_unref
#undef sd_bus_get_address
#undef sd_bus_get_events
#undef sd_bus_get_fd
#undef sd_bus_get_timeout
#undef sd_bus_get_unique_name
#undef sd_bus_message_append_basic
#undef sd_bus_message_close_container
#undef sd_bus_message_enter_container
#undef sd_bus_message_exit_container
#undef sd_bus_message_get_error
#undef sd_bus_message_get_interface
#undef sd_bus_message_get_member
#undef sd_bus_message_get_path
#undef sd_bus_message_get_sender
#undef sd_bus_message_get_type
#undef sd_bus_message_is_method_error
#undef sd_bus_message_new_method_call
#undef sd_bus_message_new_method_return
#undef sd_bus_message_new_signal
#undef sd_bus_message_open_container
#undef sd_bus_message_peek_type
#undef sd_bus_message_read_basic
#undef sd_bus_message_rewind
#undef sd_bus_message_set_destination
#undef sd_bus_message_set_expect_reply
#undef sd_bus_message_skip
#undef sd_bus_message_unref
#undef sd_bus_new
#undef sd_bus_open_user
#undef sd_bus_process
#undef sd_bus_reply_method_error
#undef sd_bus_request_name_async
#undef sd_bus_send
#undef sd_bus_set_address
#undef sd_bus_set_bus_client
#undef sd_bus_slot_unref
#undef sd_bus_start
#undef sd_bus_unref
#undef sd_journal_sendv
#include <poll.h>
#include <sys/uio.h>
#include <string.h>
#include <errno.h>

// X(return type, name, parameters, arguments): every sd-bus function the ticker calls, and the
// journal's one (a desktop launch's errors, `SystemdJournal`).
#define XMARQUEE_SD_BUS_FUNCTIONS(X) \
    X(int, sd_bus_add_fallback, (sd_bus *bus, sd_bus_slot **slot, const char *prefix, sd_bus_message_handler_t callback, void *userdata), (bus, slot, prefix, callback, userdata)) \
    X(int, sd_bus_add_filter, (sd_bus *bus, sd_bus_slot **slot, sd_bus_message_handler_t callback, void *userdata), (bus, slot, callback, userdata)) \
    X(int, sd_bus_add_match, (sd_bus *bus, sd_bus_slot **slot, const char *match, sd_bus_message_handler_t callback, void *userdata), (bus, slot, match, callback, userdata)) \
    X(int, sd_bus_add_object, (sd_bus *bus, sd_bus_slot **slot, const char *path, sd_bus_message_handler_t callback, void *userdata), (bus, slot, path, callback, userdata)) \
    X(int, sd_bus_call_async, (sd_bus *bus, sd_bus_slot **slot, sd_bus_message *m, sd_bus_message_handler_t callback, void *userdata, uint64_t usec), (bus, slot, m, callback, userdata, usec)) \
    X(sd_bus *, sd_bus_flush_close_unref, (sd_bus *bus), (bus)) \
    X(int, sd_bus_get_address, (sd_bus *bus, const char **address), (bus, address)) \
    X(int, sd_bus_get_events, (sd_bus *bus), (bus)) \
    X(int, sd_bus_get_fd, (sd_bus *bus), (bus)) \
    X(int, sd_bus_get_timeout, (sd_bus *bus, uint64_t *timeout_usec), (bus, timeout_usec)) \
    X(int, sd_bus_get_unique_name, (sd_bus *bus, const char **unique), (bus, unique)) \
    X(int, sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), (m, type, p)) \
    X(int, sd_bus_message_close_container, (sd_bus_message *m), (m)) \
    X(int, sd_bus_message_enter_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents)) \
    X(int, sd_bus_message_exit_container, (sd_bus_message *m), (m)) \
    X(const sd_bus_error *, sd_bus_message_get_error, (sd_bus_message *m), (m)) \
    X(const char *, sd_bus_message_get_interface, (sd_bus_message *m), (m)) \
    X(const char *, sd_bus_message_get_member, (sd_bus_message *m), (m)) \
    X(const char *, sd_bus_message_get_path, (sd_bus_message *m), (m)) \
    X(const char *, sd_bus_message_get_sender, (sd_bus_message *m), (m)) \
    X(int, sd_bus_message_get_type, (sd_bus_message *m, uint8_t *type), (m, type)) \
    X(int, sd_bus_message_is_method_error, (sd_bus_message *m, const char *name), (m, name)) \
    X(int, sd_bus_message_new_method_call, (sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface, const char *member), (bus, m, destination, path, interface, member)) \
    X(int, sd_bus_message_new_method_return, (sd_bus_message *call, sd_bus_message **m), (call, m)) \
    X(int, sd_bus_message_new_signal, (sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member), (bus, m, path, interface, member)) \
    X(int, sd_bus_message_open_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents)) \
    X(int, sd_bus_message_peek_type, (sd_bus_message *m, char *type, const char **contents), (m, type, contents)) \
    X(int, sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), (m, type, p)) \
    X(int, sd_bus_message_rewind, (sd_bus_message *m, int complete), (m, complete)) \
    X(int, sd_bus_message_set_destination, (sd_bus_message *m, const char *destination), (m, destination)) \
    X(int, sd_bus_message_set_expect_reply, (sd_bus_message *m, int b), (m, b)) \
    X(int, sd_bus_message_skip, (sd_bus_message *m, const char *types), (m, types)) \
    X(sd_bus_message *, sd_bus_message_unref, (sd_bus_message *m), (m)) \
    X(int, sd_bus_new, (sd_bus **ret), (ret)) \
    X(int, sd_bus_open_user, (sd_bus **ret), (ret)) \
    X(int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r)) \
    X(int, sd_bus_reply_method_error, (sd_bus_message *call, const sd_bus_error *e), (call, e)) \
    X(int, sd_bus_request_name_async, (sd_bus *bus, sd_bus_slot **ret_slot, const char *name, uint64_t flags, sd_bus_message_handler_t callback, void *userdata), (bus, ret_slot, name, flags, callback, userdata)) \
    X(int, sd_bus_send, (sd_bus *bus, sd_bus_message *m, uint64_t *cookie), (bus, m, cookie)) \
    X(int, sd_bus_set_address, (sd_bus *bus, const char *address), (bus, address)) \
    X(int, sd_bus_set_bus_client, (sd_bus *bus, int b), (bus, b)) \
    X(sd_bus_slot *, sd_bus_slot_unref, (sd_bus_slot *slot), (slot)) \
    X(int, sd_bus_start, (sd_bus *bus), (bus)) \
    X(sd_bus *, sd_bus_unref, (sd_bus *bus), (bus)) \
    X(int, sd_journal_sendv, (const struct iovec *iov, int n), (iov, n))

#define XMARQUEE_SD_BUS_MEMBER(type, name, parameters, arguments) type (*name) parameters;
struct xmarquee_sd_bus_table {
    void *library;
    XMARQUEE_SD_BUS_FUNCTIONS(XMARQUEE_SD_BUS_MEMBER)
};
#undef XMARQUEE_SD_BUS_MEMBER

// The table, filled by xmarquee_sd_bus_load (SystemdBusLoader.c).
extern struct xmarquee_sd_bus_table xmarquee_sd_bus;

// Loads libsystemd and resolves every function above: NULL when done (or done before), else
// what failed (dlerror's text).
const char *xmarquee_sd_bus_load(void);

// The wrappers: sd-bus's names and signatures, through the table (the Swift code calls them only
// on a connection it opened, so only after a load that succeeded).
#define XMARQUEE_SD_BUS_WRAPPER(type, name, parameters, arguments) \
    static inline type name parameters { return xmarquee_sd_bus.name arguments; }
XMARQUEE_SD_BUS_FUNCTIONS(XMARQUEE_SD_BUS_WRAPPER)
#undef XMARQUEE_SD_BUS_WRAPPER

#endif
