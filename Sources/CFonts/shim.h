#ifndef XMARQUEE_CFONTS_SHIM_H
#define XMARQUEE_CFONTS_SHIM_H
// Fonts without a display system: fontconfig (matching, fallback order, coverage), FreeType (one
// face per font file and size) and HarfBuzz (shaping on that very face). FreeType lives in this
// one C module only, so the matcher and the rasterizer pass the same FT_Face type between them.
// Macros Swift cannot import are re-stated as inline functions.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_SYNTHESIS_H
#include FT_BITMAP_H
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
#include <hb.h>
#include <hb-ft.h>

static inline FT_Int32 xmr_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }
static inline FT_Int32 xmr_load_target_mono(void) { return FT_LOAD_TARGET_MONO; }
static inline int xmr_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
static inline int xmr_has_fixed_sizes(FT_Face face) { return FT_HAS_FIXED_SIZES(face) ? 1 : 0; }
static inline int xmr_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }

// Fontconfig's object names are macros of string literals.
static inline const char *xm_fc_family(void) { return FC_FAMILY; }
static inline const char *xm_fc_size(void) { return FC_SIZE; }
static inline const char *xm_fc_pixel_size(void) { return FC_PIXEL_SIZE; }
static inline const char *xm_fc_charset(void) { return FC_CHARSET; }
static inline const char *xm_fc_color(void) { return FC_COLOR; }
static inline const char *xm_fc_outline(void) { return FC_OUTLINE; }
static inline const char *xm_fc_matrix(void) { return FC_MATRIX; }
static inline const char *xm_fc_file(void) { return FC_FILE; }
static inline const char *xm_fc_index(void) { return FC_INDEX; }
static inline const char *xm_fc_dpi(void) { return FC_DPI; }
static inline const char *xm_fc_hinting(void) { return FC_HINTING; }
static inline const char *xm_fc_hint_style(void) { return FC_HINT_STYLE; }
static inline const char *xm_fc_antialias(void) { return FC_ANTIALIAS; }
static inline const char *xm_fc_embolden(void) { return FC_EMBOLDEN; }
static inline int xm_fc_hint_none(void) { return FC_HINT_NONE; }
static inline int xm_fc_hint_full(void) { return FC_HINT_FULL; }
#endif
