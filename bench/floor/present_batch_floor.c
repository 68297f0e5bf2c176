/* The batching floor on this X server: what a client that queues its frames ahead, as the
 * ticker does, costs at the least. One ribbon pixmap painted once, wider than the window by
 * the distance a batch moves; at each wakeup K XPresentPixmaps of it (one per coming vblank,
 * each at the next x offset, PresentOptionCopy, no update region), then one XPresentNotifyMSC
 * on an unmapped InputOnly child for the batch's last vblank but one — the ticker's own
 * pattern (PresentPacer), without its layout, tiles or ribbon painting. No XCopyArea.
 * Usage: present_batch_floor WIDTH HEIGHT PIXELS_PER_FRAME FRAMES_PER_WAKEUP  (DISPLAY from
 * the environment). Runs until killed. */
#include <X11/extensions/Xpresent.h>
#include <stdint.h>
#include <stdlib.h>
#include "floor_window.h"

int main(int argc, char **argv) {
    int width = argc > 1 ? atoi(argv[1]) : 1920;
    int height = argc > 2 ? atoi(argv[2]) : 32;
    int step = argc > 3 ? atoi(argv[3]) : 2;
    int batch = argc > 4 ? atoi(argv[4]) : 12;
    enum { period = 256 }; /* the pattern repeats every 256 px */
    if (batch < 1) batch = 1;
    int reach = step * batch + period;

    Display *display = XOpenDisplay(NULL);
    if (!display) return 3;
    int opcode, event_base, error_base;
    if (!XPresentQueryExtension(display, &opcode, &event_base, &error_base)) return 4;
    Window window = floor_window(display, width, height, "present_batch_floor", "PresentBatchFloor");
    /* Completions are heard on a child that draws nothing: the presented frames wake no one. */
    Window notifier = XCreateWindow(display, window, 0, 0, 1, 1, 0, 0, InputOnly, CopyFromParent, 0, NULL);

    XGCValues values = { .graphics_exposures = False };
    GC gc = XCreateGC(display, window, GCGraphicsExposures, &values);
    Pixmap ribbon = floor_stripes(display, window, gc, width + reach, height);

    XPresentSelectInput(display, notifier, PresentCompleteNotifyMask);
    XMapWindow(display, window);
    unsigned serial = 1;
    XPresentNotifyMSC(display, notifier, serial, 0, 0, 0);
    XFlush(display);

    long offset = 0;
    for (;;) {
        uint64_t msc = floor_next_completion(display, opcode);
        /* The first batch follows the answer to "now"; each later one the last-but-one vblank
         * of the one before, so the queue never runs dry. */
        uint64_t first = msc + (serial == 1 ? 1 : 2);
        offset = (offset + step * batch) % period;
        for (int index = 0; index < batch; index++) {
            XPresentPixmap(display, window, ribbon, ++serial, None, None, -(int)(offset + index * step), 0, None, None, None,
                           PresentOptionCopy, first + index, 0, 0, NULL, 0);
        }
        XPresentNotifyMSC(display, notifier, ++serial, first + batch - 2, 0, 0);
        XFlush(display);
    }
}
