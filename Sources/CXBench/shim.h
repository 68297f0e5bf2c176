#ifndef XMARQUEE_CXBENCH_SHIM_H
#define XMARQUEE_CXBENCH_SHIM_H
// The C surface of the benchmark's observer connection: Xlib, Damage (which frames were drawn),
// Present (when they were shown) and process spawning. Kept apart from the product's CX11 so
// the benchmark never changes what xmarquee links.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/extensions/Xdamage.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/Xpresent.h>
// FreeType and fontconfig: the step reader's self-check renders real glyphs at sub-pixel phases.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <fontconfig/fontconfig.h>
#include <spawn.h>
#include <sys/wait.h>
#include <signal.h>
#include <poll.h>
#include <time.h>

static inline XPresentCompleteNotifyEvent *xb_as_complete(XGenericEventCookie *c) {
    return (XPresentCompleteNotifyEvent *)c->data;
}
static inline XDamageNotifyEvent *xb_as_damage(XEvent *e) { return (XDamageNotifyEvent *)e; }
static inline void xb_destroy_image(XImage *image) { XDestroyImage(image); }
// What a viewer of another client's window watches: every drawing (Damage, raw rectangles, so a
// frame drawn right after another is reported too) and Present's completions, which go to every
// client that selected them on the window. Freed, not selected again with an empty mask: that
// would make a second event context and leave this one sending.
typedef struct { Damage damage; XID selection; } xb_frame_watch;
static inline xb_frame_watch xb_watch_frames(Display *display, Window window) {
    xb_frame_watch watch = { XDamageCreate(display, window, XDamageReportRawRectangles),
                             XPresentSelectInput(display, window, PresentCompleteNotifyMask) };
    XSync(display, False);
    return watch;
}
static inline void xb_unwatch_frames(Display *display, Window window, xb_frame_watch watch) {
    XPresentFreeInput(display, window, watch.selection);
    XDamageDestroy(display, watch.damage);
    XSync(display, False);
}
#include <stdio.h>
// Progress lines appear as they are measured, even when piped (Swift 6 cannot touch `stdout`).
static inline void xb_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
static inline int xb_connection_number(Display *d) { return ConnectionNumber(d); }
#endif
