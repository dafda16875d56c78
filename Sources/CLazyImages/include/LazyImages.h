#ifndef STACKTERM_LAZY_IMAGES_H
#define STACKTERM_LAZY_IMAGES_H

#include <stddef.h>
#include <stdint.h>

/// The formats the decoders know, in the order of `ImageFormat`'s raw values.
enum stackterm_image_format {
    STACKTERM_IMAGE_PNG = 1,
    STACKTERM_IMAGE_JPEG = 2,
    STACKTERM_IMAGE_GIF = 3,
    STACKTERM_IMAGE_WEBP = 4,
};

/// Decodes `bytes` (of `format`) into 8-bit RGBA rows, at most `max_pixels` pixels. Returns 0 and sets `*rgba`
/// (free it with `stackterm_image_free`), `*width` and `*height`; or returns -1 with a one-line reason in `reason`.
/// The library of the format is loaded on the first call; a missing library is a reason like any other.
int stackterm_image_decode(int format, const uint8_t *bytes, size_t length, uint64_t max_pixels,
                           uint8_t **rgba, uint32_t *width, uint32_t *height, char *reason, size_t reason_size);

/// Encodes RGB rows as a baseline JPEG of `quality` (1-100). Returns 0 and sets `*output` (free it with
/// `stackterm_image_free`) and `*output_length`, or -1 with a reason.
int stackterm_image_encode_jpeg(const uint8_t *rgb, uint32_t width, uint32_t height, int quality,
                                uint8_t **output, size_t *output_length, char *reason, size_t reason_size);

/// Encodes RGBA rows as a lossless WebP. Returns 0 and sets `*output` (free it with `stackterm_image_free`) and
/// `*output_length`, or -1 with a reason.
int stackterm_image_encode_webp(const uint8_t *rgba, uint32_t width, uint32_t height,
                                uint8_t **output, size_t *output_length, char *reason, size_t reason_size);

/// Frees what a decode or an encode returned.
void stackterm_image_free(void *pointer);

/// Whether the library of `format` is mapped into the process (loaded by a decode or an encode), for tests.
int stackterm_image_library_loaded(int format);

#endif
