#ifndef STACKTERM_LAZY_CURL_H
#define STACKTERM_LAZY_CURL_H

/// libcurl, loaded when the network is first needed rather than by the dynamic loader at start.
///
/// The program's own requests go through HTTPExchange.c, which calls the bound functions directly; Foundation's
/// networking (URLSession, which only the account commands use) calls libcurl through the 23 `curl_*` functions
/// LazyCurl.c defines.
/// Those definitions load `libcurl.so.4` (else `libcurl-gnutls.so.4`; libcurl 7.62.0 or newer) with dlopen the first time any of them runs (or when
/// `stackterm_curl_require` is called, which the app does on a background thread once its first frame is out)
/// and forward to it.
/// The static release build then never names libcurl, so neither it nor the ~25 libraries it pulls in
/// (OpenSSL, GnuTLS, Kerberos, LDAP, SSH, RTMP) are mapped and bound before `main`: `stackterm --help` and
/// a paint from the store never load them at all.

/// Loads libcurl now if it is not loaded yet, or, when it cannot be, calls the failure handler, prints the one-line
/// error and exits with status 69. Every curl function defined here starts with it.
void stackterm_curl_require(void);

/// Loads libcurl if it is not loaded yet and initialises it (`curl_global_init`: TLS set-up, about 0.4 ms) once; 1 when
/// it is loaded, 0 when it cannot be. Never exits: a launch that warms the network up before its command line is read
/// must not end with status 69 before it could say its usage error (`stackterm_curl_require` says it later).
int stackterm_curl_preload(void);

/// Called with a one-line message when libcurl is needed and cannot be loaded; unless it never returns (the app's
/// hands the message to its main thread, which restores the terminal, prints it and exits), the message goes to
/// standard error and the process exits with status 69.
void stackterm_curl_set_failure_handler(void (*handler)(const char *message));

/// The most bytes one transfer may hand to Foundation once libcurl has inflated them; past it the transfer is
/// aborted inside libcurl's write callback. Foundation queues every decoded byte for its delegate without waiting,
/// so a gzip bomb (1 MB inflating to 1 GB) would be in memory before any Swift code could refuse it; this is the
/// back-pressure it lacks. 0 (the default) sets no limit.
void stackterm_curl_set_body_limit(long bytes);

/// How many times libcurl was asked to act on sockets in this process: each wake-up of the exchange thread
/// (HTTPExchange.c) and each curl_multi_socket_action of Foundation's networking (the account commands). A few per
/// request, never a busy loop while it waits (SocketWatch.c).
long stackterm_curl_socket_actions(void);

/// 1 when `url`'s host is 127.0.0.0/8, `::1` or `localhost` (the addresses Foundation's requests to which go
/// through no proxy); 0 otherwise. Declared for its tests.
int stackterm_url_is_loopback(const char *url);

/// The socket watch (SocketWatch.c), declared for its tests.
#include "SocketWatch.h"

/// The program's own HTTP exchanges (HTTPExchange.c).
#include "HTTPExchange.h"

#endif
