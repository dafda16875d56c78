#ifndef STACKTERM_LAZY_CURL_H
#define STACKTERM_LAZY_CURL_H

/// libcurl, loaded when the network is first needed rather than by the dynamic loader at start.
///
/// The program's requests go through HTTPExchange.c, which calls the functions LazyCurl.c binds with dlopen (from
/// `libcurl.so.4`, else `libcurl-gnutls.so.4`; libcurl 7.62.0 or newer) the first time an exchange needs them (or
/// when `stackterm_curl_require` or `stackterm_curl_preload` is called, which the app does on a background thread).
/// The static release build then never names libcurl, so neither it nor the ~25 libraries it pulls in
/// (OpenSSL, GnuTLS, Kerberos, LDAP, SSH, RTMP) are mapped and bound before `main`: `stackterm --help` and
/// a paint from the store never load them at all.

/// Loads libcurl now if it is not loaded yet, or, when it cannot be, calls the failure handler, prints the one-line
/// error and exits with status 69.
void stackterm_curl_require(void);

/// Loads libcurl if it is not loaded yet and initialises it (`curl_global_init`: TLS set-up, about 0.4 ms) once; 1 when
/// it is loaded, 0 when it cannot be. Never exits: a launch that warms the network up before its command line is read
/// must not end with status 69 before it could say its usage error (`stackterm_curl_require` says it later).
int stackterm_curl_preload(void);

/// Called with a one-line message when libcurl is needed and cannot be loaded; unless it never returns (the app's
/// hands the message to its main thread, which restores the terminal, prints it and exits), the message goes to
/// standard error and the process exits with status 69.
void stackterm_curl_set_failure_handler(void (*handler)(const char *message));

/// How many times the exchange thread woke to act on its transfers (HTTPExchange.c): a few per request, never a busy
/// loop while it waits for an answer.
long stackterm_curl_socket_actions(void);

/// The program's own HTTP exchanges (HTTPExchange.c).
#include "HTTPExchange.h"

#endif
