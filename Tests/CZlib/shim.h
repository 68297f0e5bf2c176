#ifndef XMARQUEE_CZLIB_SHIM_H
#define XMARQUEE_CZLIB_SHIM_H
// zlib, for the test server's compression bombs. deflateInit2 is a macro over deflateInit2_.
#include <zlib.h>

static inline int xm_deflate_init(z_stream *stream, int window_bits) {
    return deflateInit2(stream, Z_BEST_COMPRESSION, Z_DEFLATED, window_bits, 9, Z_DEFAULT_STRATEGY);
}
#endif
