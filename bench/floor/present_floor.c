/* The floor of what a scrolling frame can cost on this X server: one pixmap painted once, and
 * per Present completion a single XCopyArea of the window's width from a moving offset, then a
 * request for the next vblank. No text, no layout, no back buffers: whatever the X server
 * spends here, any ticker spends at least.
 * Usage: present_floor WIDTH HEIGHT PIXELS_PER_FRAME   (DISPLAY from the environment)
 * Runs until killed (SIGTERM's default action is all it needs). */
#include <X11/extensions/Xpresent.h>
#include <stdlib.h>
#include "floor_window.h"

int main(int argc, char **argv) {
    int width = argc > 1 ? atoi(argv[1]) : 1920;
    int height = argc > 2 ? atoi(argv[2]) : 32;
    int step = argc > 3 ? atoi(argv[3]) : 2;
    enum { period = 256 }; /* the pattern repeats every 256 px, so the source fits one pixmap */

    Display *display = XOpenDisplay(NULL);
    if (!display) return 3;
    int opcode, event_base, error_base;
    if (!XPresentQueryExtension(display, &opcode, &event_base, &error_base)) return 4;
    Window window = floor_window(display, width, height, "present_floor", "PresentFloor");

    /* One pixmap with vertical stripes, wide enough for every offset. */
    XGCValues values = { .graphics_exposures = False };
    GC gc = XCreateGC(display, window, GCGraphicsExposures, &values);
    Pixmap source = floor_stripes(display, window, gc, width + period, height);

    XPresentSelectInput(display, window, PresentCompleteNotifyMask);
    XMapWindow(display, window);
    XPresentNotifyMSC(display, window, 0, 0, 0, 0);
    XFlush(display);

    long offset = 0;
    for (;;) {
        uint64_t msc = floor_next_completion(display, opcode);
        offset = (offset + step) % period;
        XCopyArea(display, source, window, gc, offset, 0, width, height, 0, 0);
        XPresentNotifyMSC(display, window, 0, msc + 1, 0, 0);
        XFlush(display);
    }
}
