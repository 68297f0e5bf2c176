#ifndef XMARQUEE_CFRIBIDI_SHIM_H
#define XMARQUEE_CFRIBIDI_SHIM_H
// GNU FriBidi: the Unicode bidirectional algorithm and Arabic joining and shaping.
// Its flags and type tests are macros over bit masks, which Swift cannot import:
// they are re-stated here as inline functions.
#include <fribidi.h>

// Mirroring of brackets in right-to-left runs, and Arabic presentation forms with the
// mandatory lam-alef ligatures.
static inline FriBidiFlags xm_fribidi_shaping_flags(void) {
    return FRIBIDI_FLAG_SHAPE_MIRRORING | FRIBIDI_FLAGS_ARABIC;
}
// Reordering without FRIBIDI_FLAG_REORDER_NSM: a combining mark of a right-to-left run stays
// before (left of) its base on screen, which is where fonts for those scripts draw it from.
static inline FriBidiFlags xm_fribidi_reordering_flags(void) { return 0; }

// "Neutral": the paragraph takes the direction of its first strong character.
static inline FriBidiParType xm_fribidi_direction_from_text(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType xm_fribidi_left_to_right(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType xm_fribidi_right_to_left(void) { return FRIBIDI_PAR_RTL; }
static inline int xm_fribidi_is_right_to_left(FriBidiParType direction) { return FRIBIDI_IS_RTL(direction) != 0; }

// Embeddings, overrides, their pop (LRE RLE LRO RLO PDF) and isolates (LRI RLI FSI PDI):
// they steer the algorithm and are never drawn.
static inline int xm_fribidi_is_formatting_mark(FriBidiCharType type) {
    return FRIBIDI_IS_EXPLICIT(type) || FRIBIDI_IS_ISOLATE(type);
}
#endif
