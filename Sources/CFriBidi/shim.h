#ifndef XMARQUEE_CFRIBIDI_SHIM_H
#define XMARQUEE_CFRIBIDI_SHIM_H
// GNU FriBidi: the Unicode bidirectional algorithm (levels and the order of runs).
// Its flags and type tests are macros over bit masks, which Swift cannot import:
// they are re-stated here as inline functions.
#include <fribidi.h>

// Runs are what is reordered; the shaper draws each run's marks with its own positioning,
// so marks are not moved (no FRIBIDI_FLAG_REORDER_NSM) and nothing is shaped here.
static inline FriBidiFlags xm_fribidi_reordering_flags(void) { return 0; }

// "Neutral": the paragraph takes the direction of its first strong character.
static inline FriBidiParType xm_fribidi_direction_from_text(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType xm_fribidi_left_to_right(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType xm_fribidi_right_to_left(void) { return FRIBIDI_PAR_RTL; }
static inline int xm_fribidi_is_right_to_left(FriBidiParType direction) { return FRIBIDI_IS_RTL(direction) != 0; }
#endif
