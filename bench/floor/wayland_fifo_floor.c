/* The batching floor of a Wayland bar, where the compositor offers wp_fifo_v1: what the ticker's
 * fifo path does at the least. One shm buffer WIDTH + SPAN wide, painted once and attached once;
 * a frame is a WIDTH x HEIGHT source rectangle of it (wp_viewport.set_source, SPEED px further
 * each frame), damaged, and committed after wp_fifo_v1.wait_barrier + set_barrier, so the
 * compositor shows the commits one per refresh. BATCH frames are committed per wake-up, the frame
 * callback asked with the last but one, whose answer queues the next batch (as the ticker does:
 * 0.2 s of frames, 12 at 60 Hz). No new buffer, attach or release event a frame.
 * Prints BATCH frames per callback (wayland_floor_surface.h).
 * Usage: wayland_fifo_floor WIDTH HEIGHT [BATCH [SPEED]]   (WAYLAND_DISPLAY from the environment).
 * Exits 6 where the compositor offers no wp_fifo_v1 or wp_viewporter. Runs until killed. */
#include "wayland_floor_surface.h"

enum { SPAN = 256 };
static int width, height, batch, speed;
static struct wl_surface *surface;
static struct wl_buffer *buffer;
static struct wp_viewport *viewport;
static struct wp_fifo_v1 *fifo;
static unsigned long long frame;

static void frame_done(void *data, struct wl_callback *callback, uint32_t time);
static const struct wl_callback_listener frame_listener = { frame_done };

/* BATCH frames, each shown one refresh after the one before it. */
static void queue_batch(void) {
    int asking = batch >= 2 ? batch - 2 : 0;
    for (int index = 0; index < batch; index++) {
        int x = (int)((frame++ * speed) % SPAN);
        wp_viewport_set_source(viewport, wl_fixed_from_int(x), 0, wl_fixed_from_int(width), wl_fixed_from_int(height));
        wl_surface_damage_buffer(surface, x, 0, width, height);
        wp_fifo_v1_wait_barrier(fifo);
        wp_fifo_v1_set_barrier(fifo);
        if (index == asking) wl_callback_add_listener(wl_surface_frame(surface), &frame_listener, NULL);
        wl_surface_commit(surface);
    }
}

static void frame_done(void *data, struct wl_callback *callback, uint32_t time) {
    (void)data; (void)time;
    wl_callback_destroy(callback);
    floor_count_frames(batch);
    queue_batch();
}

/* The buffer attached once; the surface's size is the viewport's. */
static void first_frames(void) {
    wl_surface_attach(surface, buffer, 0, 0);
    wp_viewport_set_destination(viewport, width, height);
    queue_batch();
}

int main(int argc, char **argv) {
    width = argc > 1 ? atoi(argv[1]) : 1920;
    height = argc > 2 ? atoi(argv[2]) : 32;
    batch = argc > 3 ? atoi(argv[3]) : 12;
    speed = argc > 4 ? atoi(argv[4]) : 2;
    if (width <= 0 || height <= 0 || batch <= 0 || speed < 0) return 2;
    struct wl_display *display = floor_connect();
    if (!floor_globals.fifo_manager || !floor_globals.viewporter) return 6;
    buffer = floor_buffer(width + SPAN, height);
    surface = floor_surface(width, height, "wayland_fifo_floor", first_frames);
    viewport = wp_viewporter_get_viewport(floor_globals.viewporter, surface);
    fifo = wp_fifo_manager_v1_get_fifo(floor_globals.fifo_manager, surface);
    while (wl_display_dispatch(display) != -1) {}
    return 0;
}
