#ifndef XMARQUEE_WAYLAND_PROTOCOLS_H
#define XMARQUEE_WAYLAND_PROTOCOLS_H
// The generated client code (scripts/generate-wayland-protocols.sh) of every protocol xmarquee
// speaks beyond the core.
#include <wayland-client.h>
#include "../Generated/xdg-shell-client-protocol.h"
#include "../Generated/viewporter-client-protocol.h"
#include "../Generated/presentation-time-client-protocol.h"
#include "../Generated/fractional-scale-v1-client-protocol.h"
#include "../Generated/xdg-output-unstable-v1-client-protocol.h"
#include "../Generated/wlr-layer-shell-unstable-v1-client-protocol.h"
#include "../Generated/fifo-v1-client-protocol.h"
#include "../Generated/commit-timing-v1-client-protocol.h"
// Only the Wayland tests create virtual pointers (headless sway has no pointer of its own) and
// press through KWin's fake input.
#include "../Generated/wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "../Generated/kde-fake-input-client-protocol.h"

// An interface's address, as libwayland keeps it in every proxy made with it: Swift imports the
// `extern const` tables as values, and taking a pointer to such a value may point at a copy.
#define XM_INTERFACE(name) static inline const struct wl_interface *xm_##name##_interface(void) { return &name##_interface; }
XM_INTERFACE(wl_compositor)
XM_INTERFACE(wl_subcompositor)
XM_INTERFACE(wl_shm)
XM_INTERFACE(wl_seat)
XM_INTERFACE(wl_output)
XM_INTERFACE(xdg_wm_base)
XM_INTERFACE(wp_viewporter)
XM_INTERFACE(wp_presentation)
XM_INTERFACE(wp_fractional_scale_manager_v1)
XM_INTERFACE(wp_fifo_manager_v1)
XM_INTERFACE(wp_commit_timing_manager_v1)
XM_INTERFACE(zxdg_output_manager_v1)
XM_INTERFACE(zwlr_layer_shell_v1)
XM_INTERFACE(zwlr_virtual_pointer_manager_v1)
XM_INTERFACE(org_kde_kwin_fake_input)
#undef XM_INTERFACE
#endif
