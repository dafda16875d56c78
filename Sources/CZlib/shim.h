#include <zlib.h>

/// inflateInit2 is a macro in zlib.h; Swift cannot call macros, so this wraps it.
static inline int czlib_inflate_init2(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

/// deflateInit2 is a macro as well (the replica's gzip bomb deflates).
static inline int czlib_deflate_init2(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 9, Z_DEFAULT_STRATEGY);
}
