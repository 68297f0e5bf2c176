#ifndef XMARQUEE_CRASTER_SHIM_H
#define XMARQUEE_CRASTER_SHIM_H
// pixman (tiles and compositing): the tile rasterizer's C surface, shared by every display
// backend (FreeType comes with the fonts, from CFonts). Function-like macros Swift cannot
// import are re-stated as inline functions.
#include <pixman.h>

static inline pixman_fixed_t xmr_fixed(double value) { return pixman_double_to_fixed(value); }
#endif
