#ifndef XMARQUEE_CX11_SHIM_H
#define XMARQUEE_CX11_SHIM_H
// The C surface the X11 backend uses: Xlib, Render, RandR, Present, XFixes (fonts are CFonts').
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

static inline int xm_connection_number(Display *d) { return ConnectionNumber(d); }
static inline unsigned long xm_all_planes(void) { return AllPlanes; }
static inline int xm_destroy_image(XImage *image) { return XDestroyImage(image); }

// Present completion events arrive as GenericEvent cookies; these casts keep
// pointer punning out of Swift.
static inline XPresentCompleteNotifyEvent *xm_as_complete(XGenericEventCookie *c) {
    return (XPresentCompleteNotifyEvent *)c->data;
}
static inline XPresentConfigureNotifyEvent *xm_as_configure(XGenericEventCookie *c) {
    return (XPresentConfigureNotifyEvent *)c->data;
}

// XFixes reports a selection's new owner in an XEvent-sized struct of its own.
static inline XFixesSelectionNotifyEvent *xm_as_selection_notify(XEvent *e) {
    return (XFixesSelectionNotifyEvent *)e;
}

#endif
