#ifndef STACKTERM_LAZY_CURL_FUNCTIONS_H
#define STACKTERM_LAZY_CURL_FUNCTIONS_H

// libcurl's functions as LazyCurl.c binds them, shared with HTTPExchange.c, which drives libcurl itself (internal to
// CLazyCurl).

/// libcurl's `struct curl_waitfd`.
struct lazy_curl_waitfd {
    int fd;
    short events;
    short revents;
};

/// libcurl's functions, bound from the loaded library (HTTPExchange.c calls them; LazyCurl.c's forwarders for the
/// static link forward to them). Their prototypes are written out, not taken from <curl/curl.h> (no -dev package needed).
struct lazy_curl_functions {
    int (*global_init)(long);
    void *(*easy_init)(void);
    void (*easy_cleanup)(void *);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_getinfo)(void *, int, ...);
    int (*easy_pause)(void *, int);
    const char *(*easy_strerror)(int);
    void (*free)(void *);
    void *(*multi_init)(void);
    int (*multi_cleanup)(void *);
    int (*multi_add_handle)(void *, void *);
    int (*multi_remove_handle)(void *, void *);
    int (*multi_assign)(void *, int, void *);
    void *(*multi_info_read)(void *, int *);
    int (*multi_setopt)(void *, int, ...);
    int (*multi_socket_action)(void *, int, int, int *);
    int (*multi_perform)(void *, int *);
    int (*multi_wait)(void *, struct lazy_curl_waitfd *, unsigned int, int, int *);
    void *(*slist_append)(void *, const char *);
    void (*slist_free_all)(void *);
    void *(*url)(void);
    int (*url_get)(void *, int, char **, unsigned int);
    int (*url_set)(void *, int, const char *, unsigned int);
    char *(*version)(void);
    void *(*version_info)(int);
};

/// The bound functions, once `stackterm_curl_require` has returned (it loads libcurl or ends the process).
const struct lazy_curl_functions *lazy_curl_functions(void);

#endif
