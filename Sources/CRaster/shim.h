#ifndef XMARQUEE_CRASTER_SHIM_H
#define XMARQUEE_CRASTER_SHIM_H
// FreeType (glyph outlines and bitmaps) and pixman (tiles and compositing): the tile
// rasterizer's C surface, shared by every display backend. Function-like macros Swift cannot
// import are re-stated as inline functions.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_SYNTHESIS_H
#include FT_BITMAP_H
#include <pixman.h>

static inline FT_Int32 xmr_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }
static inline FT_Int32 xmr_load_target_mono(void) { return FT_LOAD_TARGET_MONO; }
static inline int xmr_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
static inline int xmr_has_fixed_sizes(FT_Face face) { return FT_HAS_FIXED_SIZES(face) ? 1 : 0; }
static inline int xmr_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
static inline pixman_fixed_t xmr_fixed(double value) { return pixman_double_to_fixed(value); }
#endif
