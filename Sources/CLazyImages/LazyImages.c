// Written by hand, as Sources/CLazyCurl and Sources/CLazyDump are: the image libraries are loaded on the first image
// instead of at every start (a start that shows no picture maps none of them). The headers give the types; the
// functions are found with dlsym, each library on its own, so that a missing one turns off its format only.
#define _GNU_SOURCE
#include "LazyImages.h"

#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>
#include <jpeglib.h>
#include <png.h>
#include <webp/decode.h>
#include <webp/encode.h>

#define REASON(...) (snprintf(reason, reason_size, __VA_ARGS__), -1)
#define FIND(library, table, field, name) \
    if (!(table.field = dlsym(library, name))) { snprintf(table##_error, sizeof table##_error, "%s has no %s", #library, name); return; }

// MARK: - Loading

static void *open_library(const char *soname, const char *package, char *error, size_t size) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) snprintf(error, size, "%s (Debian package %s)", dlerror(), package);
    return library;
}

static pthread_once_t png_once = PTHREAD_ONCE_INIT;
static char png_fn_error[512];
static void *png_library;
static struct {
    int (*begin_read_from_memory)(png_imagep, png_const_voidp, size_t);
    int (*finish_read)(png_imagep, png_const_colorp, void *, png_int_32, void *);
    void (*free)(png_imagep);
} png_fn;

static void load_png(void) {
    if (!(png_library = open_library("libpng16.so.16", "libpng16-16", png_fn_error, sizeof png_fn_error))) return;
    FIND(png_library, png_fn, begin_read_from_memory, "png_image_begin_read_from_memory")
    FIND(png_library, png_fn, finish_read, "png_image_finish_read")
    FIND(png_library, png_fn, free, "png_image_free")
}

static pthread_once_t jpeg_once = PTHREAD_ONCE_INIT;
static char jpeg_fn_error[512];
static void *jpeg_library;
static struct {
    struct jpeg_error_mgr *(*std_error)(struct jpeg_error_mgr *);
    void (*create_decompress)(j_decompress_ptr, int, size_t);
    void (*mem_src)(j_decompress_ptr, const unsigned char *, unsigned long);
    int (*read_header)(j_decompress_ptr, boolean);
    boolean (*start_decompress)(j_decompress_ptr);
    JDIMENSION (*read_scanlines)(j_decompress_ptr, JSAMPARRAY, JDIMENSION);
    boolean (*finish_decompress)(j_decompress_ptr);
    void (*destroy_decompress)(j_decompress_ptr);
    void (*create_compress)(j_compress_ptr, int, size_t);
    void (*mem_dest)(j_compress_ptr, unsigned char **, unsigned long *);
    void (*set_defaults)(j_compress_ptr);
    void (*set_quality)(j_compress_ptr, int, boolean);
    void (*start_compress)(j_compress_ptr, boolean);
    JDIMENSION (*write_scanlines)(j_compress_ptr, JSAMPARRAY, JDIMENSION);
    void (*finish_compress)(j_compress_ptr);
    void (*destroy_compress)(j_compress_ptr);
} jpeg_fn;

static void load_jpeg(void) {
    if (!(jpeg_library = open_library("libjpeg.so.62", "libjpeg62-turbo", jpeg_fn_error, sizeof jpeg_fn_error))) return;
    FIND(jpeg_library, jpeg_fn, std_error, "jpeg_std_error")
    FIND(jpeg_library, jpeg_fn, create_decompress, "jpeg_CreateDecompress")
    FIND(jpeg_library, jpeg_fn, mem_src, "jpeg_mem_src")
    FIND(jpeg_library, jpeg_fn, read_header, "jpeg_read_header")
    FIND(jpeg_library, jpeg_fn, start_decompress, "jpeg_start_decompress")
    FIND(jpeg_library, jpeg_fn, read_scanlines, "jpeg_read_scanlines")
    FIND(jpeg_library, jpeg_fn, finish_decompress, "jpeg_finish_decompress")
    FIND(jpeg_library, jpeg_fn, destroy_decompress, "jpeg_destroy_decompress")
    FIND(jpeg_library, jpeg_fn, create_compress, "jpeg_CreateCompress")
    FIND(jpeg_library, jpeg_fn, mem_dest, "jpeg_mem_dest")
    FIND(jpeg_library, jpeg_fn, set_defaults, "jpeg_set_defaults")
    FIND(jpeg_library, jpeg_fn, set_quality, "jpeg_set_quality")
    FIND(jpeg_library, jpeg_fn, start_compress, "jpeg_start_compress")
    FIND(jpeg_library, jpeg_fn, write_scanlines, "jpeg_write_scanlines")
    FIND(jpeg_library, jpeg_fn, finish_compress, "jpeg_finish_compress")
    FIND(jpeg_library, jpeg_fn, destroy_compress, "jpeg_destroy_compress")
}

static pthread_once_t gif_once = PTHREAD_ONCE_INIT;
static char gif_fn_error[512];
static void *gif_library;
static struct {
    GifFileType *(*open)(void *, InputFunc, int *);
    int (*record_type)(GifFileType *, GifRecordType *);
    int (*image_desc)(GifFileType *);
    int (*line)(GifFileType *, GifPixelType *, int);
    int (*extension)(GifFileType *, int *, GifByteType **);
    int (*extension_next)(GifFileType *, GifByteType **);
    int (*close)(GifFileType *, int *);
    const char *(*error_string)(int);
} gif_fn;

static void load_gif(void) {
    if (!(gif_library = open_library("libgif.so.7", "libgif7", gif_fn_error, sizeof gif_fn_error))) return;
    FIND(gif_library, gif_fn, open, "DGifOpen")
    FIND(gif_library, gif_fn, record_type, "DGifGetRecordType")
    FIND(gif_library, gif_fn, image_desc, "DGifGetImageDesc")
    FIND(gif_library, gif_fn, line, "DGifGetLine")
    FIND(gif_library, gif_fn, extension, "DGifGetExtension")
    FIND(gif_library, gif_fn, extension_next, "DGifGetExtensionNext")
    FIND(gif_library, gif_fn, close, "DGifCloseFile")
    FIND(gif_library, gif_fn, error_string, "GifErrorString")
}

static pthread_once_t webp_once = PTHREAD_ONCE_INIT;
static char webp_fn_error[512];
static void *webp_library;
static struct {
    int (*get_info)(const uint8_t *, size_t, int *, int *);
    uint8_t *(*decode_rgba)(const uint8_t *, size_t, int *, int *);
    size_t (*encode_lossless_rgba)(const uint8_t *, int, int, int, uint8_t **);
    void (*free)(void *);
} webp_fn;

static void load_webp(void) {
    if (!(webp_library = open_library("libwebp.so.7", "libwebp7", webp_fn_error, sizeof webp_fn_error))) return;
    FIND(webp_library, webp_fn, get_info, "WebPGetInfo")
    FIND(webp_library, webp_fn, decode_rgba, "WebPDecodeRGBA")
    FIND(webp_library, webp_fn, encode_lossless_rgba, "WebPEncodeLosslessRGBA")
    FIND(webp_library, webp_fn, free, "WebPFree")
}

/// Loads the library of `format` once; its load error, or NULL.
static const char *loaded(int format) {
    switch (format) {
    case STACKTERM_IMAGE_PNG: pthread_once(&png_once, load_png); return png_fn_error[0] ? png_fn_error : NULL;
    case STACKTERM_IMAGE_JPEG: pthread_once(&jpeg_once, load_jpeg); return jpeg_fn_error[0] ? jpeg_fn_error : NULL;
    case STACKTERM_IMAGE_GIF: pthread_once(&gif_once, load_gif); return gif_fn_error[0] ? gif_fn_error : NULL;
    case STACKTERM_IMAGE_WEBP: pthread_once(&webp_once, load_webp); return webp_fn_error[0] ? webp_fn_error : NULL;
    default: return "unknown format";
    }
}

int stackterm_image_library_loaded(int format) {
    const char *soname = format == STACKTERM_IMAGE_PNG ? "libpng16.so.16"
        : format == STACKTERM_IMAGE_JPEG ? "libjpeg.so.62"
        : format == STACKTERM_IMAGE_GIF ? "libgif.so.7"
        : format == STACKTERM_IMAGE_WEBP ? "libwebp.so.7" : NULL;
    if (!soname) return 0;
    void *handle = dlopen(soname, RTLD_NOW | RTLD_NOLOAD);
    if (handle) dlclose(handle);
    return handle != NULL;
}

void stackterm_image_free(void *pointer) { free(pointer); }

static int too_large(uint64_t width, uint64_t height, uint64_t max_pixels) {
    return width == 0 || height == 0 || width * height > max_pixels;
}

// MARK: - PNG

static int decode_png(const uint8_t *bytes, size_t length, uint64_t max_pixels, uint8_t **rgba, uint32_t *width,
                      uint32_t *height, char *reason, size_t reason_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_fn.begin_read_from_memory(&image, bytes, length)) return REASON("PNG: %s", image.message);
    if (too_large(image.width, image.height, max_pixels)) {
        png_fn.free(&image);
        return REASON("PNG declares %ux%u pixels", image.width, image.height);
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *buffer = malloc(PNG_IMAGE_SIZE(image));
    if (!buffer) { png_fn.free(&image); return REASON("PNG: out of memory"); }
    if (!png_fn.finish_read(&image, NULL, buffer, 0, NULL)) {
        free(buffer);
        int result = REASON("PNG: %s", image.message);
        png_fn.free(&image);
        return result;
    }
    *rgba = buffer;
    *width = image.width;
    *height = image.height;
    return 0;
}

// MARK: - JPEG

struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void jpeg_fail(j_common_ptr info) {
    struct jpeg_failure *failure = (struct jpeg_failure *)info->err;
    failure->manager.format_message(info, failure->message);
    longjmp(failure->jump, 1);
}

static void jpeg_warn(j_common_ptr info, int level) { (void)info; (void)level; }

static int decode_jpeg(const uint8_t *bytes, size_t length, uint64_t max_pixels, uint8_t **rgba, uint32_t *width,
                       uint32_t *height, char *reason, size_t reason_size) {
    struct jpeg_decompress_struct info;
    struct jpeg_failure failure;
    uint8_t *volatile buffer = NULL;
    uint8_t *volatile row = NULL;
    memset(&info, 0, sizeof info);
    info.err = jpeg_fn.std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_warn;
    failure.message[0] = 0;
    if (setjmp(failure.jump)) {
        jpeg_fn.destroy_decompress(&info);
        free(buffer);
        free(row);
        return REASON("JPEG: %s", failure.message);
    }
    jpeg_fn.create_decompress(&info, JPEG_LIB_VERSION, sizeof info);
    jpeg_fn.mem_src(&info, bytes, (unsigned long)length);
    jpeg_fn.read_header(&info, TRUE);
    if (too_large(info.image_width, info.image_height, max_pixels)) {
        jpeg_fn.destroy_decompress(&info);
        return REASON("JPEG declares %ux%u pixels", info.image_width, info.image_height);
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_fn.start_decompress(&info);
    size_t w = info.output_width, h = info.output_height, components = (size_t)info.output_components;
    buffer = malloc(w * h * 4);
    row = malloc(w * components);
    if (!buffer || !row) { failure.manager.error_exit = jpeg_fail; strcpy(failure.message, "out of memory"); longjmp(failure.jump, 1); }
    while (info.output_scanline < info.output_height) {
        size_t y = info.output_scanline;
        JSAMPROW rows[1] = { row };
        if (jpeg_fn.read_scanlines(&info, rows, 1) != 1) break;
        uint8_t *out = buffer + y * w * 4;
        for (size_t x = 0; x < w; x++) {
            const uint8_t *in = row + x * components;
            if (cmyk) {
                // Adobe writes CMYK inverted, which is what every CMYK JPEG on the web is.
                unsigned k = in[3];
                out[x * 4] = (uint8_t)(in[0] * k / 255);
                out[x * 4 + 1] = (uint8_t)(in[1] * k / 255);
                out[x * 4 + 2] = (uint8_t)(in[2] * k / 255);
            } else {
                out[x * 4] = in[0];
                out[x * 4 + 1] = in[components > 1 ? 1 : 0];
                out[x * 4 + 2] = in[components > 2 ? 2 : 0];
            }
            out[x * 4 + 3] = 255;
        }
    }
    jpeg_fn.finish_decompress(&info);
    jpeg_fn.destroy_decompress(&info);
    free(row);
    *rgba = buffer;
    *width = (uint32_t)w;
    *height = (uint32_t)h;
    return 0;
}

int stackterm_image_encode_jpeg(const uint8_t *rgb, uint32_t width, uint32_t height, int quality,
                                uint8_t **output, size_t *output_length, char *reason, size_t reason_size) {
    const char *error = loaded(STACKTERM_IMAGE_JPEG);
    if (error) return REASON("%s", error);
    struct jpeg_compress_struct info;
    struct jpeg_failure failure;
    unsigned char *volatile buffer = NULL;
    unsigned long size = 0;
    memset(&info, 0, sizeof info);
    info.err = jpeg_fn.std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_warn;
    if (setjmp(failure.jump)) {
        jpeg_fn.destroy_compress(&info);
        free(buffer);
        return REASON("JPEG: %s", failure.message);
    }
    jpeg_fn.create_compress(&info, JPEG_LIB_VERSION, sizeof info);
    unsigned char *destination = NULL;
    jpeg_fn.mem_dest(&info, &destination, &size);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_fn.set_defaults(&info);
    jpeg_fn.set_quality(&info, quality, TRUE);
    jpeg_fn.start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW rows[1] = { (JSAMPROW)(rgb + (size_t)info.next_scanline * width * 3) };
        jpeg_fn.write_scanlines(&info, rows, 1);
    }
    jpeg_fn.finish_compress(&info);
    buffer = destination;
    jpeg_fn.destroy_compress(&info);
    *output = buffer;
    *output_length = size;
    return 0;
}

// MARK: - GIF

struct gif_source {
    const uint8_t *bytes;
    size_t length;
    size_t offset;
};

static int gif_read(GifFileType *file, GifByteType *into, int count) {
    struct gif_source *source = file->UserData;
    size_t left = source->length - source->offset;
    size_t take = (size_t)count < left ? (size_t)count : left;
    memcpy(into, source->bytes + source->offset, take);
    source->offset += take;
    return (int)take;
}

/// The first frame only: an animation's later frames are never decoded (nor allocated).
static int decode_gif(const uint8_t *bytes, size_t length, uint64_t max_pixels, uint8_t **rgba, uint32_t *width,
                      uint32_t *height, char *reason, size_t reason_size) {
    struct gif_source source = { bytes, length, 0 };
    int code = 0;
    GifFileType *file = gif_fn.open(&source, gif_read, &code);
    if (!file) return REASON("GIF: %s", gif_fn.error_string(code) ?: "cannot open");
    int transparent = -1;
    int result = -1;
    uint8_t *buffer = NULL;
    GifPixelType *line = NULL;
    if (too_large((uint64_t)file->SWidth, (uint64_t)file->SHeight, max_pixels)) {
        result = REASON("GIF declares %dx%d pixels", file->SWidth, file->SHeight);
        goto done;
    }
    for (;;) {
        GifRecordType type;
        if (gif_fn.record_type(file, &type) == GIF_ERROR) { result = REASON("GIF: %s", gif_fn.error_string(file->Error) ?: "broken"); goto done; }
        if (type == TERMINATE_RECORD_TYPE) { result = REASON("GIF has no image"); goto done; }
        if (type == EXTENSION_RECORD_TYPE) {
            int function = 0;
            GifByteType *block = NULL;
            if (gif_fn.extension(file, &function, &block) == GIF_ERROR) { result = REASON("GIF: %s", gif_fn.error_string(file->Error) ?: "broken"); goto done; }
            if (function == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4 && (block[1] & 1)) transparent = block[4];
            while (block) {
                if (gif_fn.extension_next(file, &block) == GIF_ERROR) { result = REASON("GIF: %s", gif_fn.error_string(file->Error) ?: "broken"); goto done; }
            }
            continue;
        }
        if (type != IMAGE_DESC_RECORD_TYPE) continue;
        if (gif_fn.image_desc(file) == GIF_ERROR) { result = REASON("GIF: %s", gif_fn.error_string(file->Error) ?: "broken"); goto done; }
        GifImageDesc desc = file->Image;
        if (too_large((uint64_t)desc.Width, (uint64_t)desc.Height, max_pixels)) {
            result = REASON("GIF declares a %dx%d frame", desc.Width, desc.Height);
            goto done;
        }
        ColorMapObject *map = desc.ColorMap ? desc.ColorMap : file->SColorMap;
        if (!map) { result = REASON("GIF has no colour map"); goto done; }
        // The frame drawn on the logical screen, transparent where the frame does not reach.
        size_t w = (size_t)file->SWidth, h = (size_t)file->SHeight;
        if (w == 0 || h == 0) { w = (size_t)desc.Width; h = (size_t)desc.Height; }
        buffer = calloc(w * h, 4);
        line = malloc((size_t)desc.Width);
        if (!buffer || !line) { result = REASON("GIF: out of memory"); goto done; }
        static const int interlaced_start[] = { 0, 4, 2, 1 }, interlaced_step[] = { 8, 8, 4, 2 };
        int passes = desc.Interlace ? 4 : 1;
        for (int pass = 0; pass < passes; pass++) {
            int start = desc.Interlace ? interlaced_start[pass] : 0, step = desc.Interlace ? interlaced_step[pass] : 1;
            for (int y = start; y < desc.Height; y += step) {
                if (gif_fn.line(file, line, desc.Width) == GIF_ERROR) { result = REASON("GIF: %s", gif_fn.error_string(file->Error) ?: "broken"); goto done; }
                size_t row = (size_t)(desc.Top + y);
                if (row >= h) continue;
                for (int x = 0; x < desc.Width; x++) {
                    size_t column = (size_t)(desc.Left + x);
                    int index = line[x];
                    if (column >= w || index == transparent || index >= map->ColorCount) continue;
                    uint8_t *out = buffer + (row * w + column) * 4;
                    out[0] = map->Colors[index].Red;
                    out[1] = map->Colors[index].Green;
                    out[2] = map->Colors[index].Blue;
                    out[3] = 255;
                }
            }
        }
        *rgba = buffer;
        buffer = NULL;
        *width = (uint32_t)w;
        *height = (uint32_t)h;
        result = 0;
        goto done;
    }
done:
    free(buffer);
    free(line);
    gif_fn.close(file, &code);
    return result;
}

// MARK: - WebP

static int decode_webp(const uint8_t *bytes, size_t length, uint64_t max_pixels, uint8_t **rgba, uint32_t *width,
                       uint32_t *height, char *reason, size_t reason_size) {
    int w = 0, h = 0;
    if (!webp_fn.get_info(bytes, length, &w, &h)) return REASON("WebP: not a WebP image libwebp can read");
    if (too_large((uint64_t)w, (uint64_t)h, max_pixels)) return REASON("WebP declares %dx%d pixels", w, h);
    uint8_t *pixels = webp_fn.decode_rgba(bytes, length, &w, &h);
    if (!pixels) return REASON("WebP: the image data is broken");
    size_t size = (size_t)w * (size_t)h * 4;
    uint8_t *buffer = malloc(size);
    if (!buffer) { webp_fn.free(pixels); return REASON("WebP: out of memory"); }
    memcpy(buffer, pixels, size);
    webp_fn.free(pixels);
    *rgba = buffer;
    *width = (uint32_t)w;
    *height = (uint32_t)h;
    return 0;
}

int stackterm_image_encode_webp(const uint8_t *rgba, uint32_t width, uint32_t height,
                                uint8_t **output, size_t *output_length, char *reason, size_t reason_size) {
    const char *error = loaded(STACKTERM_IMAGE_WEBP);
    if (error) return REASON("%s", error);
    uint8_t *encoded = NULL;
    size_t size = webp_fn.encode_lossless_rgba(rgba, (int)width, (int)height, (int)width * 4, &encoded);
    if (size == 0 || !encoded) return REASON("WebP: cannot encode");
    uint8_t *buffer = malloc(size);
    if (!buffer) { webp_fn.free(encoded); return REASON("WebP: out of memory"); }
    memcpy(buffer, encoded, size);
    webp_fn.free(encoded);
    *output = buffer;
    *output_length = size;
    return 0;
}

// MARK: - Decoding

int stackterm_image_decode(int format, const uint8_t *bytes, size_t length, uint64_t max_pixels,
                           uint8_t **rgba, uint32_t *width, uint32_t *height, char *reason, size_t reason_size) {
    const char *error = loaded(format);
    if (error) return REASON("%s", error);
    switch (format) {
    case STACKTERM_IMAGE_PNG: return decode_png(bytes, length, max_pixels, rgba, width, height, reason, reason_size);
    case STACKTERM_IMAGE_JPEG: return decode_jpeg(bytes, length, max_pixels, rgba, width, height, reason, reason_size);
    case STACKTERM_IMAGE_GIF: return decode_gif(bytes, length, max_pixels, rgba, width, height, reason, reason_size);
    case STACKTERM_IMAGE_WEBP: return decode_webp(bytes, length, max_pixels, rgba, width, height, reason, reason_size);
    default: return REASON("unknown format");
    }
}
