#ifndef STACKTERM_HTTP_EXCHANGE_H
#define STACKTERM_HTTP_EXCHANGE_H

#include <stddef.h>

/// HTTP exchanges run by libcurl's multi interface on one thread of their own (HTTPExchange.c): the path every API
/// request of the program takes (`CurlTransport`), the account commands' included.

/// One request for `stackterm_http_start`; everything it points to is copied before the call returns.
struct stackterm_http_request {
    const char *url;
    /// 1 for a POST of `body` (a form), 0 for a GET.
    int is_post;
    /// "Name: value" lines, `header_count` of them.
    const char *const *headers;
    int header_count;
    const char *body;
    long body_length;
    /// Seconds to connect, and seconds without a byte received before the exchange ends as timed out.
    long timeout_seconds;
    /// The most bytes the body may have once inflated; past it (or when its Content-Length says so) the exchange
    /// stops with `too_large` set. 0: no limit.
    long body_limit;
    /// The most header bytes the exchange may receive, every response's head and the body's trailers together; past
    /// it the exchange stops with `headers_too_large` set. 0: no limit.
    long header_limit;
    /// 1 to go straight to the server, never through a proxy the environment names (http_proxy, all_proxy, …).
    int direct;
};

/// How an exchange ended; what it points to is valid during the completion only.
struct stackterm_http_outcome {
    /// 0, libcurl's CURLcode, -1 when the exchange was cancelled, or -2 when it could not be given to libcurl (memory ran
    /// out; `error` says so).
    int code;
    /// 1 when the body passed the limit and was not read further.
    int too_large;
    /// 1 when the headers and trailers passed their limit and were not read further.
    int headers_too_large;
    /// The HTTP status of the last response, 0 when none came.
    long status;
    /// The last response's header lines as they came ("HTTP/1.1 200 OK\r\nName: value\r\n…").
    const char *headers;
    size_t headers_length;
    const char *body;
    size_t body_length;
    /// libcurl's own words for a failure, or "".
    const char *error;
};

/// Called once per exchange, on the exchange thread, with no lock held (it may start or cancel exchanges).
typedef void (*stackterm_http_completion)(void *context, const struct stackterm_http_outcome *outcome);

/// Loads libcurl and starts the exchange thread if it can, without ever ending the process (a launch's warm-up,
/// before its command line is read: a failure is said later, by the first request's `stackterm_http_start`); 1 when
/// both are ready.
int stackterm_http_warm_up(void);

/// Starts `request` (loading libcurl and starting the exchange thread first if the warm-up did not, or ending the
/// process as `stackterm_curl_require` does when libcurl cannot be loaded); `completion` runs once with `context` (also after a cancel). Returns the exchange's id for
/// `stackterm_http_cancel`, or 0 when it could not be started (no memory, no thread): then the completion never runs.
long stackterm_http_start(const struct stackterm_http_request *request, stackterm_http_completion completion,
                          void *context);

/// Stops exchange `id` if it has not ended, wherever it is on its way to libcurl: its completion then runs with code
/// -1. An ended one is left alone.
void stackterm_http_cancel(long id);

/// The length a `Content-Length:` header line of `length` bytes announces (read from those bytes alone, not
/// NUL-terminated), LLONG_MAX when it is past what a long long holds; -1 when the line is another header or has no
/// number. Declared for its tests.
long long stackterm_http_announced_length(const char *bytes, size_t length);

/// The capacity a buffer of `capacity` bytes holding `length` needs to take `adding` more and a NUL: 1 with it in
/// `*grown` (doubled from 4096 as needed), 0 when that many bytes cannot be counted in a size_t. Declared for its tests.
int stackterm_http_grown_capacity(size_t capacity, size_t length, size_t adding, size_t *grown);

/// Sets a function the exchange thread calls for each exchange after configuring it and before linking it into the
/// transfers it runs, with no lock held (NULL: none). For tests, which cancel an exchange in that moment.
void stackterm_http_set_transit_hook(void (*hook)(long id, const char *url));

#endif
