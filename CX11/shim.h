#ifndef XMARQUEE_CX11_SHIM_H
#define XMARQUEE_CX11_SHIM_H
// The C surface the X11 backend uses: Xlib, Render, RandR, Present, XFixes (fonts are CFonts'),
// and xcb's Present on Xlib's own connection for the completion events (see PresentPacer).
// Swift cannot import C macros that expand to expressions, so the few we need
// are re-stated here as inline functions.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/cursorfont.h>
#include <X11/extensions/Xrender.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xpresent.h>
#include <X11/extensions/Xfixes.h>
#include <X11/Xlib-xcb.h>
#include <xcb/present.h>

static inline int xm_connection_number(Display *d) { return ConnectionNumber(d); }
static inline unsigned long xm_all_planes(void) { return AllPlanes; }
static inline int xm_destroy_image(XImage *image) { return XDestroyImage(image); }

// xcb's Present extension record is an incomplete type, which Swift cannot take the address of.
static inline xcb_extension_t *xm_present_extension(void) { return &xcb_present_id; }

// Present completion events come from xcb's special event queue as generic events; this cast
// keeps pointer punning out of Swift.
static inline const xcb_present_complete_notify_event_t *xm_as_present_complete(const xcb_generic_event_t *e) {
    return (const xcb_present_complete_notify_event_t *)e;
}

// XFixes reports a selection's new owner in an XEvent-sized struct of its own.
static inline XFixesSelectionNotifyEvent *xm_as_selection_notify(XEvent *e) {
    return (XFixesSelectionNotifyEvent *)e;
}

#endif
