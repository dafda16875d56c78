#ifndef STACKTERM_SOCKET_WATCH_H
#define STACKTERM_SOCKET_WATCH_H

// The socket watch's side of LazyCurl.c's curl_multi_setopt, curl_multi_socket_action and curl_multi_cleanup
// (SocketWatch.c). In the public header only so that a test can drive it with a stand-in for libcurl and Foundation.

/// libcurl's curl_multi_setopt for a pointer option, and curl_multi_assign.
typedef int (*socket_watch_real_setopt)(void *multi, int option, void *value);
typedef int (*socket_watch_real_assign)(void *multi, int socket, void *pointer);

/// 1 for the options the socket watch takes over (the socket function and its data).
int socket_watch_takes(int option);

/// Sets `option` to `value` on `multi` through `setopt`, with libcurl given the watching wrapper in place of
/// Foundation's socket function and data; `assign` is libcurl's curl_multi_assign.
int socket_watch_setopt(void *multi, int option, void *value, socket_watch_real_setopt setopt,
                        socket_watch_real_assign assign);

/// Counts one curl_multi_socket_action call (`stackterm_curl_socket_actions` reads the count).
void socket_watch_count_action(void);

/// Forgets `multi`'s record (it was cleaned up).
void socket_watch_forget(void *multi);

#endif
