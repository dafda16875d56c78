// Written by hand, as Sources/CLazyCurl is: no package loads a C library on first use. Every argument is a pointer,
// an int, a size or a 64-bit count, as in libarchive's ABI, so the prototypes are written out here and the
// functions keep the library's names (the importer's Swift calls them through CArchive).
#define _GNU_SOURCE
#include "LazyDump.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];
static void *archive_library;

static struct {
    void *(*read_new)(void);
    int (*support_format_all)(void *);
    int (*support_filter_all)(void *);
    int (*open_filename)(void *, const char *, size_t);
    int (*read_free)(void *);
    int (*next_header)(void *, void **);
    const char *(*entry_pathname)(void *);
    int (*data_skip)(void *);
    int64_t (*filter_bytes)(void *, int);
    ssize_t (*read_data)(void *, void *, size_t);
    const char *(*error_string)(void *);
} fn;

#define FIND(library, field, name) \
    if (!(fn.field = dlsym(library, name))) { snprintf(load_error, sizeof load_error, "%s has no %s", #library, name); return; }

static void load(void) {
    archive_library = dlopen("libarchive.so.13", RTLD_NOW | RTLD_LOCAL);
    if (!archive_library) { snprintf(load_error, sizeof load_error, "%s (Debian package libarchive13)", dlerror()); return; }
    FIND(archive_library, read_new, "archive_read_new")
    FIND(archive_library, support_format_all, "archive_read_support_format_all")
    FIND(archive_library, support_filter_all, "archive_read_support_filter_all")
    FIND(archive_library, open_filename, "archive_read_open_filename")
    FIND(archive_library, read_free, "archive_read_free")
    FIND(archive_library, next_header, "archive_read_next_header")
    FIND(archive_library, entry_pathname, "archive_entry_pathname")
    FIND(archive_library, data_skip, "archive_read_data_skip")
    FIND(archive_library, filter_bytes, "archive_filter_bytes")
    FIND(archive_library, read_data, "archive_read_data")
    FIND(archive_library, error_string, "archive_error_string")
}

static int loaded(void) {
    pthread_once(&load_once, load);
    return load_error[0] == 0;
}

const char *stackterm_lazy_dump_error(void) {
    pthread_once(&load_once, load);
    return load_error[0] ? load_error : NULL;
}

// The entry point answers NULL when the libraries cannot be loaded; nothing else is called without them.
void *archive_read_new(void) { return loaded() ? fn.read_new() : NULL; }

int archive_read_support_format_all(void *a) { return fn.support_format_all(a); }
int archive_read_support_filter_all(void *a) { return fn.support_filter_all(a); }
int archive_read_open_filename(void *a, const char *path, size_t block) { return fn.open_filename(a, path, block); }
int archive_read_free(void *a) { return fn.read_free(a); }
int archive_read_next_header(void *a, void **entry) { return fn.next_header(a, entry); }
const char *archive_entry_pathname(void *entry) { return fn.entry_pathname(entry); }
int archive_read_data_skip(void *a) { return fn.data_skip(a); }
int64_t archive_filter_bytes(void *a, int n) { return fn.filter_bytes(a, n); }
ssize_t archive_read_data(void *a, void *buffer, size_t size) { return fn.read_data(a, buffer, size); }
const char *archive_error_string(void *a) { return fn.error_string(a); }
