/* What the X11 floors share: their window (no background, so the server never clears it) and
 * the striped picture they scroll, painted once. */
#ifndef FLOOR_WINDOW_H
#define FLOOR_WINDOW_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xpresent.h>
#include <stdint.h>

static Window floor_window(Display *display, int width, int height, char *class_name, char *class) {
    int screen = DefaultScreen(display);
    XSetWindowAttributes attributes = { .background_pixmap = None, .event_mask = StructureNotifyMask };
    Window window = XCreateWindow(display, RootWindow(display, screen), 0, 200, width, height, 0, CopyFromParent,
                                  InputOutput, CopyFromParent, CWBackPixmap | CWEventMask, &attributes);
    XClassHint hint = { class_name, class };
    XSetClassHint(display, window, &hint);
    return window;
}

/* A pixmap of `width` columns: the bar's colours, a mark every 16 px; `gc` is left for copies. */
static Pixmap floor_stripes(Display *display, Window window, GC gc, int width, int height) {
    Pixmap pixmap = XCreatePixmap(display, window, width, height, DefaultDepth(display, DefaultScreen(display)));
    XSetForeground(display, gc, 0x202020);
    XFillRectangle(display, pixmap, gc, 0, 0, width, height);
    XSetForeground(display, gc, 0xf0f0f0);
    for (int x = 0; x < width; x += 16) XFillRectangle(display, pixmap, gc, x, 4 + (x / 16) % 8, 3 + (x / 32) % 5, 12);
    return pixmap;
}
/* Sleeps until the next Present completion (of extension `opcode`) and returns its msc. */
static uint64_t floor_next_completion(Display *display, int opcode) {
    for (;;) {
        XEvent event;
        XNextEvent(display, &event);
        if (event.type != GenericEvent || event.xcookie.extension != opcode) continue;
        if (!XGetEventData(display, &event.xcookie)) continue;
        int complete = event.xcookie.evtype == PresentCompleteNotify;
        uint64_t msc = complete ? ((XPresentCompleteNotifyEvent *)event.xcookie.data)->msc : 0;
        XFreeEventData(display, &event.xcookie);
        if (complete) return msc;
    }
}
#endif
