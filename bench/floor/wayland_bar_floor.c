/* The per-frame floor of a Wayland bar: a layer-shell surface at the top of the output (a window
 * where the compositor has no layer-shell), WIDTH x HEIGHT, one shm buffer painted once, and at
 * each frame callback that same buffer attached, damaged whole and committed with the next frame
 * callback — what any bar that moves its picture every frame costs the compositor at the least,
 * without text, tiles or presentation feedback. Prints its frame callbacks (wayland_floor_surface.h).
 * Usage: wayland_bar_floor WIDTH HEIGHT   (WAYLAND_DISPLAY from the environment). Runs until killed. */
#include "wayland_floor_surface.h"

static struct wl_surface *surface;
static struct wl_buffer *buffer;

static void frame_done(void *data, struct wl_callback *callback, uint32_t time);
static const struct wl_callback_listener frame_listener = { frame_done };

/* One frame: the same pre-painted buffer again, all of it damaged, and the next callback. */
static void commit_frame(void) {
    struct wl_callback *callback = wl_surface_frame(surface);
    wl_callback_add_listener(callback, &frame_listener, NULL);
    wl_surface_attach(surface, buffer, 0, 0);
    wl_surface_damage_buffer(surface, 0, 0, INT32_MAX, INT32_MAX);
    wl_surface_commit(surface);
}

static void frame_done(void *data, struct wl_callback *callback, uint32_t time) {
    (void)data; (void)time;
    wl_callback_destroy(callback);
    floor_count_frames(1);
    commit_frame();
}

int main(int argc, char **argv) {
    int width = argc > 1 ? atoi(argv[1]) : 1920;
    int height = argc > 2 ? atoi(argv[2]) : 32;
    struct wl_display *display = floor_connect();
    buffer = floor_buffer(width, height);
    surface = floor_surface(width, height, "wayland_bar_floor", commit_frame);
    while (wl_display_dispatch(display) != -1) {}
    return 0;
}
