#ifndef TALLY_CZLIB_SHIM_H
#define TALLY_CZLIB_SHIM_H
#include <zlib.h>

// inflateInit2 is a macro (it passes the library's version and the stream's size), which Swift
// does not import. -15 window bits: raw deflate data, as a zip archive holds it, with no zlib
// header or trailer and the largest window.
static inline int tally_inflate_init_raw(z_stream *stream) { return inflateInit2(stream, -15); }
#endif
