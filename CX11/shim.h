#ifndef XMARQUEE_CX11_SHIM_H
#define XMARQUEE_CX11_SHIM_H
// The C surface xmarquee uses: Xlib, Xft, fontconfig, Render, RandR, Present, XFixes, and
// HarfBuzz for shaping.
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
#include <X11/Xft/Xft.h>
#include <fontconfig/fontconfig.h>
#include <hb.h>

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

// Fontconfig's object names are macros of string literals.
static inline const char *xm_fc_family(void) { return FC_FAMILY; }
static inline const char *xm_fc_size(void) { return FC_SIZE; }
static inline const char *xm_fc_pixel_size(void) { return FC_PIXEL_SIZE; }
static inline const char *xm_fc_charset(void) { return FC_CHARSET; }
static inline const char *xm_fc_color(void) { return FC_COLOR; }
static inline const char *xm_fc_outline(void) { return FC_OUTLINE; }
static inline const char *xm_fc_matrix(void) { return FC_MATRIX; }
static inline const char *xm_fc_file(void) { return FC_FILE; }
static inline const char *xm_fc_index(void) { return FC_INDEX; }
static inline const char *xm_fc_dpi(void) { return FC_DPI; }
static inline const char *xm_fc_hinting(void) { return FC_HINTING; }
static inline const char *xm_fc_hint_style(void) { return FC_HINT_STYLE; }
static inline const char *xm_fc_antialias(void) { return FC_ANTIALIAS; }
static inline const char *xm_fc_embolden(void) { return FC_EMBOLDEN; }
static inline int xm_fc_hint_none(void) { return FC_HINT_NONE; }
#endif
