/* The floor of what a scrolling frame can cost on this X server: one pixmap painted once, and
 * per Present completion a single XCopyArea of the window's width from a moving offset, then a
 * request for the next vblank. No text, no layout, no back buffers: whatever the X server
 * spends here, any ticker spends at least.
 * Usage: present_floor WIDTH HEIGHT PIXELS_PER_FRAME   (DISPLAY from the environment)
 * Runs until killed (SIGTERM's default action is all it needs). */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xpresent.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int width = argc > 1 ? atoi(argv[1]) : 1920;
    int height = argc > 2 ? atoi(argv[2]) : 32;
    int step = argc > 3 ? atoi(argv[3]) : 2;
    enum { period = 256 }; /* the pattern repeats every 256 px, so the source fits one pixmap */

    Display *display = XOpenDisplay(NULL);
    if (!display) return 3;
    int opcode, event_base, error_base;
    if (!XPresentQueryExtension(display, &opcode, &event_base, &error_base)) return 4;
    int screen = DefaultScreen(display);
    XSetWindowAttributes attributes = { .background_pixmap = None, .event_mask = StructureNotifyMask };
    Window window = XCreateWindow(display, RootWindow(display, screen), 0, 200, width, height, 0, CopyFromParent,
                                  InputOutput, CopyFromParent, CWBackPixmap | CWEventMask, &attributes);
    XClassHint hint = { "present_floor", "PresentFloor" };
    XSetClassHint(display, window, &hint);

    /* One pixmap with vertical stripes, wide enough for every offset. */
    Pixmap source = XCreatePixmap(display, window, width + period, height, DefaultDepth(display, screen));
    XGCValues values = { .graphics_exposures = False };
    GC gc = XCreateGC(display, window, GCGraphicsExposures, &values);
    XSetForeground(display, gc, 0x202020);
    XFillRectangle(display, source, gc, 0, 0, width + period, height);
    XSetForeground(display, gc, 0xf0f0f0);
    for (int x = 0; x < width + period; x += 16) XFillRectangle(display, source, gc, x, 4 + (x / 16) % 8, 3 + (x / 32) % 5, 12);

    XPresentSelectInput(display, window, PresentCompleteNotifyMask);
    XMapWindow(display, window);
    XPresentNotifyMSC(display, window, 0, 0, 0, 0);
    XFlush(display);

    long offset = 0;
    for (;;) {
        XEvent event;
        XNextEvent(display, &event);
        if (event.type != GenericEvent || event.xcookie.extension != opcode) continue;
        if (!XGetEventData(display, &event.xcookie)) continue;
        if (event.xcookie.evtype == PresentCompleteNotify) {
            XPresentCompleteNotifyEvent *complete = event.xcookie.data;
            offset = (offset + step) % period;
            XCopyArea(display, source, window, gc, offset, 0, width, height, 0, 0);
            XPresentNotifyMSC(display, window, 0, complete->msc + 1, 0, 0);
            XFlush(display);
        }
        XFreeEventData(display, &event.xcookie);
    }
}
