/* What the Wayland floors share: the globals they bind, their surface (a layer-shell bar at the
 * top of the output where the compositor offers layer-shell, else an xdg-shell window of the same
 * size: mutter, weston), the striped picture they show, painted once into shm, and the count of
 * frames they print (a line "frames N at SECONDS" at most once a second, always at the same point
 * of their cycle, so two lines' difference is the frames shown between them).
 * Built with the project's generated layer-shell, xdg-shell, viewporter and fifo code. */
#ifndef WAYLAND_FLOOR_SURFACE_H
#define WAYLAND_FLOOR_SURFACE_H
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "fifo-v1-client-protocol.h"

struct floor_globals {
    struct wl_compositor *compositor;
    struct wl_shm *shm;
    struct zwlr_layer_shell_v1 *layer_shell;
    struct xdg_wm_base *wm_base;
    struct wp_viewporter *viewporter;
    struct wp_fifo_manager_v1 *fifo_manager;
};
static struct floor_globals floor_globals;

static void floor_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data; (void)version;
    struct floor_globals *g = &floor_globals;
    if (!strcmp(interface, wl_compositor_interface.name)) g->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
    else if (!strcmp(interface, wl_shm_interface.name)) g->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
    else if (!strcmp(interface, zwlr_layer_shell_v1_interface.name)) g->layer_shell = wl_registry_bind(registry, name, &zwlr_layer_shell_v1_interface, 1);
    else if (!strcmp(interface, xdg_wm_base_interface.name)) g->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
    else if (!strcmp(interface, wp_viewporter_interface.name)) g->viewporter = wl_registry_bind(registry, name, &wp_viewporter_interface, 1);
    else if (!strcmp(interface, wp_fifo_manager_v1_interface.name)) g->fifo_manager = wl_registry_bind(registry, name, &wp_fifo_manager_v1_interface, 1);
}
static void floor_global_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static const struct wl_registry_listener floor_registry_listener = { floor_global, floor_global_remove };

/* Connects and binds the globals; exits 3 without a compositor, 4 without what every floor needs. */
static struct wl_display *floor_connect(void) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) exit(3);
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &floor_registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!floor_globals.compositor || !floor_globals.shm || (!floor_globals.layer_shell && !floor_globals.wm_base)) exit(4);
    return display;
}

/* A WIDTH x HEIGHT XRGB buffer of the bar's colours with a mark every 16 px, painted once. */
static struct wl_buffer *floor_buffer(int width, int height) {
    int stride = width * 4, size = stride * height;
    int fd = memfd_create("wayland-floor", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, size) != 0) exit(5);
    uint32_t *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (pixels == MAP_FAILED) exit(5);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            pixels[y * width + x] = (x % 16 < 3 && y > 4 && y < 20) ? 0xfff0f0f0 : 0xff202020;
    struct wl_shm_pool *pool = wl_shm_create_pool(floor_globals.shm, fd, size);
    struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    return buffer;
}

/* Called once, at the surface's first configure: the floor commits its first frame there. */
static void (*floor_on_configured)(void);
static int floor_configured;
static void floor_first_configure(void) {
    if (floor_configured) return;
    floor_configured = 1;
    floor_on_configured();
}

static void floor_layer_configure(void *data, struct zwlr_layer_surface_v1 *layer, uint32_t serial, uint32_t w, uint32_t h) {
    (void)data; (void)w; (void)h;
    zwlr_layer_surface_v1_ack_configure(layer, serial);
    floor_first_configure();
}
static void floor_layer_closed(void *data, struct zwlr_layer_surface_v1 *layer) { (void)data; (void)layer; exit(0); }
static const struct zwlr_layer_surface_v1_listener floor_layer_listener = { floor_layer_configure, floor_layer_closed };

static void floor_ping(void *data, struct xdg_wm_base *base, uint32_t serial) { (void)data; xdg_wm_base_pong(base, serial); }
static const struct xdg_wm_base_listener floor_wm_base_listener = { floor_ping };
static void floor_xdg_configure(void *data, struct xdg_surface *xdg, uint32_t serial) {
    (void)data;
    xdg_surface_ack_configure(xdg, serial);
    floor_first_configure();
}
static const struct xdg_surface_listener floor_xdg_surface_listener = { floor_xdg_configure };
static void floor_toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t w, int32_t h, struct wl_array *states) {
    (void)data; (void)toplevel; (void)w; (void)h; (void)states;
}
static void floor_toplevel_close(void *data, struct xdg_toplevel *toplevel) { (void)data; (void)toplevel; exit(0); }
static const struct xdg_toplevel_listener floor_toplevel_listener = { .configure = floor_toplevel_configure, .close = floor_toplevel_close };

/* The floor's surface, WIDTH x HEIGHT: a layer-shell bar where offered, else a window;
 * `configured` is called at its first configure. */
static struct wl_surface *floor_surface(int width, int height, const char *name, void (*configured)(void)) {
    floor_on_configured = configured;
    struct wl_surface *surface = wl_compositor_create_surface(floor_globals.compositor);
    if (floor_globals.layer_shell) {
        struct zwlr_layer_surface_v1 *layer = zwlr_layer_shell_v1_get_layer_surface(floor_globals.layer_shell, surface, NULL,
            ZWLR_LAYER_SHELL_V1_LAYER_TOP, name);
        zwlr_layer_surface_v1_add_listener(layer, &floor_layer_listener, NULL);
        zwlr_layer_surface_v1_set_anchor(layer, ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT);
        zwlr_layer_surface_v1_set_size(layer, width, height);
    } else {
        xdg_wm_base_add_listener(floor_globals.wm_base, &floor_wm_base_listener, NULL);
        struct xdg_surface *xdg = xdg_wm_base_get_xdg_surface(floor_globals.wm_base, surface);
        xdg_surface_add_listener(xdg, &floor_xdg_surface_listener, NULL);
        struct xdg_toplevel *toplevel = xdg_surface_get_toplevel(xdg);
        xdg_toplevel_add_listener(toplevel, &floor_toplevel_listener, NULL);
        xdg_toplevel_set_title(toplevel, name);
        xdg_toplevel_set_min_size(toplevel, width, height);
        xdg_toplevel_set_max_size(toplevel, width, height);
    }
    wl_surface_commit(surface);
    return surface;
}

/* `frames` more frames shown; the count printed when a second has passed since the last line. */
static void floor_count_frames(unsigned frames) {
    static unsigned long long total;
    static double printed;
    total += frames;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double seconds = now.tv_sec + now.tv_nsec / 1e9;
    if (seconds - printed >= 1) {
        printed = seconds;
        printf("frames %llu at %.6f\n", total, seconds);
    }
}
#endif
