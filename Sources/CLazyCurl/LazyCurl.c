// Written by hand: no package loads a C library on first use, and the point is what the loader does not do.
// libcurl and its dependencies were about a third of the time before `main` of the static release build and a large
// part of `stackterm --help`'s peak memory (BENCHMARKS.md, "Where it stands").
//
// The program's requests go through HTTPExchange.c, which calls the functions bound here. The `curl_*` definitions at
// the end are plain forwarders kept for the static link alone: Foundation's networking, which stackterm links for
// `URLRequest`, `HTTPURLResponse` and `URLError`, brings lib_CFURLSessionInterface.a, whose object names these functions
// (a static link of a program that uses only those three types fails with 23 undefined `curl_*` references without
// them). Nothing calls them at run time: no URLSession is ever made. Their prototypes are written out, not taken from
// <curl/curl.h>, so that nothing here needs the -dev package: every argument is an int, a long, a 64-bit offset or a
// pointer, as in libcurl's ABI.
#define _GNU_SOURCE
#include "LazyCurl.h"
#include "LazyCurlFunctions.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The libraries tried, in order, separated by ':': Debian's OpenSSL flavour (libcurl4, `libcurl.so.4`, the one
/// Foundation was built against), then its GnuTLS flavour (libcurl3-gnutls, `libcurl-gnutls.so.4`), which a machine
/// may have alone. Both have libcurl 4's ABI. The environment's STACKTERM_LIBCURL replaces the list (a particular
/// build, or a missing or faulty one in a test).
static const char *default_candidates = "libcurl.so.4:libcurl-gnutls.so.4";

/// The oldest libcurl accepted: 7.62.0 brought curl_url, curl_url_get and curl_url_set, the newest of the functions
/// bound below. An older one is refused with one line rather than left to crash in a request.
#define MINIMUM_VERSION_NUMBER 0x073E00
#define MINIMUM_VERSION "7.62.0"

/// The library tried last (the one loaded, or the one whose failure load_error describes).
static char library_name[256] = "libcurl.so.4";

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static void *library;
static char load_error[512];
static void (*failure_handler)(const char *message);

/// Every function of libcurl's HTTPExchange.c calls (LazyCurlFunctions.h) and the forwarders below forward to, once bound.
static struct lazy_curl_functions real;

static int bind_all(void) {
#define BIND(field, name)                                                                                        \
    do {                                                                                                         \
        *(void **)&real.field = dlsym(library, name);                                                           \
        if (real.field == NULL) {                                                                                \
            snprintf(load_error, sizeof load_error, "%s has no %s", library_name, name);                         \
            return 0;                                                                                            \
        }                                                                                                        \
    } while (0)
    BIND(global_init, "curl_global_init");
    BIND(easy_init, "curl_easy_init");
    BIND(easy_cleanup, "curl_easy_cleanup");
    BIND(easy_setopt, "curl_easy_setopt");
    BIND(easy_getinfo, "curl_easy_getinfo");
    BIND(easy_pause, "curl_easy_pause");
    BIND(easy_strerror, "curl_easy_strerror");
    BIND(free, "curl_free");
    BIND(multi_init, "curl_multi_init");
    BIND(multi_cleanup, "curl_multi_cleanup");
    BIND(multi_add_handle, "curl_multi_add_handle");
    BIND(multi_remove_handle, "curl_multi_remove_handle");
    BIND(multi_assign, "curl_multi_assign");
    BIND(multi_info_read, "curl_multi_info_read");
    BIND(multi_setopt, "curl_multi_setopt");
    BIND(multi_socket_action, "curl_multi_socket_action");
    BIND(slist_append, "curl_slist_append");
    BIND(slist_free_all, "curl_slist_free_all");
    BIND(url, "curl_url");
    BIND(url_get, "curl_url_get");
    BIND(url_set, "curl_url_set");
    BIND(version, "curl_version");
    BIND(version_info, "curl_version_info");
    BIND(multi_perform, "curl_multi_perform");
    BIND(multi_wait, "curl_multi_wait");
#undef BIND
    return 1;
}

/// The start of what `curl_version_info` returns, as libcurl 4 has always laid it out (curl.h's
/// curl_version_info_data; the fields after these differ by `age` and are not read).
struct version_info_start {
    int age;
    const char *version;
    unsigned int version_num;
};

/// 1 when the bound library is at least MINIMUM_VERSION; else 0, with load_error saying which version it is.
static int recent_enough(void) {
    const struct version_info_start *info = real.version_info(0);
    if (info != NULL && info->version_num >= MINIMUM_VERSION_NUMBER) return 1;
    snprintf(load_error, sizeof load_error, "%s is libcurl %s, older than the %s stackterm needs", library_name,
             info != NULL && info->version != NULL ? info->version : "of an unknown version", MINIMUM_VERSION);
    return 0;
}

/// Opens `name` and binds every function from it; 1 when it is loaded and recent enough.
static int load_one(const char *name) {
    snprintf(library_name, sizeof library_name, "%s", name);
    // RTLD_NOW: every symbol is bound here, on the thread that preloads, not later on a request's thread.
    void *opened = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (opened == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason ? reason : library_name);
        return 0;
    }
    library = opened;
    if (bind_all() && recent_enough()) return 1;
    dlclose(opened);
    library = NULL;
    return 0;
}

static void load(void) {
    const char *chosen = getenv("STACKTERM_LIBCURL");
    const char *list = (chosen != NULL && chosen[0] != '\0') ? chosen : default_candidates;
    // Each candidate in turn; when none loads, load_error tells why each did not, separated by "; ".
    char reasons[sizeof load_error] = "";
    const char *start = list;
    while (*start != '\0') {
        const char *end = strchr(start, ':');
        size_t length = end ? (size_t)(end - start) : strlen(start);
        if (length > 0 && length < sizeof library_name) {
            char name[sizeof library_name];
            memcpy(name, start, length);
            name[length] = '\0';
            if (load_one(name)) return;
            size_t used = strlen(reasons);
            snprintf(reasons + used, sizeof reasons - used, "%s%s", used > 0 ? "; " : "", load_error);
        }
        if (end == NULL) break;
        start = end + 1;
    }
    snprintf(load_error, sizeof load_error, "%s", reasons[0] != '\0' ? reasons : "STACKTERM_LIBCURL names no library");
}

/// Loads libcurl once per process (other callers wait for the first); 1 when it is loaded.
static int load_once_per_process(void) {
    pthread_once(&load_once, load);
    return library != NULL;
}

/// CURL_GLOBAL_SSL: TLS set up once, before the first exchange.
#define GLOBAL_INIT_SSL 1L

static pthread_once_t global_init_once = PTHREAD_ONCE_INIT;

static void global_init(void) {
    real.global_init(GLOBAL_INIT_SSL);
}

int stackterm_curl_preload(void) {
    if (!load_once_per_process()) return 0;
    pthread_once(&global_init_once, global_init);
    return 1;
}

const struct lazy_curl_functions *lazy_curl_functions(void) {
    stackterm_curl_require();
    pthread_once(&global_init_once, global_init);
    return &real;
}

void stackterm_curl_set_failure_handler(void (*handler)(const char *message)) {
    failure_handler = handler;
}

/// Loads libcurl or ends the process with one clear line: the request that needs it cannot go on.
void stackterm_curl_require(void) {
    if (load_once_per_process()) return;
    char message[700];
    snprintf(message, sizeof message,
             "stackterm: the network needs libcurl 4, which could not be loaded (%s); on Debian: apt-get install libcurl4",
             load_error);
    if (failure_handler) failure_handler(message);
    fprintf(stderr, "%s\n", message);
    exit(69);
}

// libcurl's option numbers say the type of the one argument after them (CURLOPTTYPE_* in curl.h): below
// 10000 a long, below 30000 a pointer (object or function), below 40000 a curl_off_t, above a pointer (blob).
#define FORWARD_OPTION(function, handle, option, args)                                                          \
    do {                                                                                                         \
        if ((option) < 10000) {                                                                                  \
            long value = va_arg(args, long);                                                                     \
            va_end(args);                                                                                        \
            return function(handle, option, value);                                                              \
        } else if ((option) < 30000 || (option) >= 40000) {                                                      \
            void *value = va_arg(args, void *);                                                                  \
            va_end(args);                                                                                        \
            return function(handle, option, value);                                                              \
        } else {                                                                                                 \
            int64_t value = va_arg(args, int64_t);                                                               \
            va_end(args);                                                                                        \
            return function(handle, option, value);                                                              \
        }                                                                                                        \
    } while (0)

// The forwarders the static link needs (see the top of this file), each loading libcurl first.
int curl_global_init(long flags) {
    stackterm_curl_require();
    // After the preload's, never beside it (libcurl older than 7.84 has no lock of its own around it).
    pthread_once(&global_init_once, global_init);
    return real.global_init(flags);
}
void *curl_easy_init(void) { stackterm_curl_require(); return real.easy_init(); }
void curl_easy_cleanup(void *handle) { stackterm_curl_require(); real.easy_cleanup(handle); }
int curl_easy_setopt(void *handle, int option, ...) {
    stackterm_curl_require();
    va_list args;
    va_start(args, option);
    FORWARD_OPTION(real.easy_setopt, handle, option, args);
}
int curl_easy_getinfo(void *handle, int info, ...) {
    stackterm_curl_require();
    // Every CURLINFO takes one pointer to where the answer goes.
    va_list args;
    va_start(args, info);
    void *destination = va_arg(args, void *);
    va_end(args);
    return real.easy_getinfo(handle, info, destination);
}
int curl_easy_pause(void *handle, int bitmask) { stackterm_curl_require(); return real.easy_pause(handle, bitmask); }
const char *curl_easy_strerror(int code) { stackterm_curl_require(); return real.easy_strerror(code); }
void curl_free(void *pointer) { stackterm_curl_require(); real.free(pointer); }
void *curl_multi_init(void) { stackterm_curl_require(); return real.multi_init(); }
int curl_multi_cleanup(void *multi) { stackterm_curl_require(); return real.multi_cleanup(multi); }
int curl_multi_add_handle(void *multi, void *easy) { stackterm_curl_require(); return real.multi_add_handle(multi, easy); }
int curl_multi_remove_handle(void *multi, void *easy) { stackterm_curl_require(); return real.multi_remove_handle(multi, easy); }
int curl_multi_assign(void *multi, int socket, void *pointer) { stackterm_curl_require(); return real.multi_assign(multi, socket, pointer); }
void *curl_multi_info_read(void *multi, int *left) { stackterm_curl_require(); return real.multi_info_read(multi, left); }
int curl_multi_setopt(void *multi, int option, ...) {
    stackterm_curl_require();
    va_list args;
    va_start(args, option);
    FORWARD_OPTION(real.multi_setopt, multi, option, args);
}
int curl_multi_socket_action(void *multi, int socket, int mask, int *running) {
    stackterm_curl_require();
    return real.multi_socket_action(multi, socket, mask, running);
}
void *curl_slist_append(void *list, const char *string) { stackterm_curl_require(); return real.slist_append(list, string); }
void curl_slist_free_all(void *list) { stackterm_curl_require(); real.slist_free_all(list); }
void *curl_url(void) { stackterm_curl_require(); return real.url(); }
int curl_url_get(void *url, int part, char **value, unsigned int flags) { stackterm_curl_require(); return real.url_get(url, part, value, flags); }
int curl_url_set(void *url, int part, const char *value, unsigned int flags) { stackterm_curl_require(); return real.url_set(url, part, value, flags); }
char *curl_version(void) { stackterm_curl_require(); return real.version(); }
void *curl_version_info(int age) { stackterm_curl_require(); return real.version_info(age); }
