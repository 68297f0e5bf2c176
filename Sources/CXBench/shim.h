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
#include <stdio.h>
// Progress lines appear as they are measured, even when piped (Swift 6 cannot touch `stdout`).
static inline void xb_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
static inline int xb_connection_number(Display *d) { return ConnectionNumber(d); }
#endif
