#ifndef XMARQUEE_CBROTLI_SHIM_H
#define XMARQUEE_CBROTLI_SHIM_H
// The brotli encoder, for the test server's brotli bomb.
#include <brotli/encode.h>
#endif
