#ifndef STACKTERM_LAZY_CURL_FUNCTIONS_H
#define STACKTERM_LAZY_CURL_FUNCTIONS_H

// libcurl's functions as LazyCurl.c bound them, for HTTPExchange.c, which drives libcurl itself (internal to CLazyCurl).

/// libcurl's `struct curl_waitfd`.
struct lazy_curl_waitfd {
    int fd;
    short events;
    short revents;
};

/// The libcurl functions HTTPExchange.c calls, bound from the loaded library.
struct lazy_curl_functions {
    void *(*easy_init)(void);
    void (*easy_cleanup)(void *);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_getinfo)(void *, int, ...);
    const char *(*easy_strerror)(int);
    void *(*multi_init)(void);
    int (*multi_add_handle)(void *, void *);
    int (*multi_remove_handle)(void *, void *);
    void *(*multi_info_read)(void *, int *);
    int (*multi_perform)(void *, int *);
    int (*multi_wait)(void *, struct lazy_curl_waitfd *, unsigned int, int, int *);
    void *(*slist_append)(void *, const char *);
    void (*slist_free_all)(void *);
};

/// LazyCurl.c's curl_multi_init: libcurl's, with the descriptors it opens made close-on-exec.
void *curl_multi_init(void);

/// The bound functions, once `stackterm_curl_require` has returned (it loads libcurl or ends the process).
const struct lazy_curl_functions *lazy_curl_functions(void);

#endif
