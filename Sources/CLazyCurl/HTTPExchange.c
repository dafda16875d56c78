// Written by hand: no package on the machine's list drives libcurl's multi interface from Swift, and libcurl's
// setters are variadic, which Swift cannot call. Foundation's networking would be that driver, and it costs a launch
// more than its share: its own set-up (cookie and cache storages, a multi handle behind dispatch sources, an operation
// queue) and two thread hops per request (BENCHMARKS.md, "Requests without URLSession"). Here one thread waits in
// curl_multi_wait on every transfer's sockets and on a pipe that says "something to add or cancel", and calls each
// exchange's completion itself; every request of the program, the account commands' included, comes through here.
#define _GNU_SOURCE
#include "HTTPExchange.h"
#include "LazyCurl.h"
#include "LazyCurlFunctions.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

// libcurl's option and information numbers (curl.h), written out as LazyCurl.c does: nothing here needs the -dev package.
enum {
    option_write_data = 10001,
    option_url = 10002,
    option_proxy = 10004,
    option_error_buffer = 10010,
    option_post_fields = 10015,
    option_low_speed_limit = 19,
    option_low_speed_time = 20,
    option_http_header = 10023,
    option_header_data = 10029,
    option_post = 47,
    option_post_field_size = 60,
    option_connect_timeout = 78,
    option_http_get = 80,
    option_no_signal = 99,
    option_accept_encoding = 10102,
    option_private = 10103,
    option_write_function = 20011,
    option_header_function = 20079,
    option_sockopt_function = 20148,
    option_protocols = 181,
    option_redirect_protocols = 182,
    info_response_code = 0x200002,
    info_private = 0x100015,
};
enum { protocol_http = 1, protocol_https = 2 };
enum { error_size = 256, message_done = 1, wait_readable = 1, code_cancelled = -1, code_not_started = -2 };

/// Bytes gathered as they come.
struct buffer {
    char *bytes;
    size_t length;
    size_t capacity;
};

int stackterm_http_grown_capacity(size_t capacity, size_t length, size_t adding, size_t *grown) {
    // The bytes held, those added and the NUL after them, without wrapping around.
    if (length > SIZE_MAX - 1 || adding > SIZE_MAX - 1 - length) return 0;
    size_t needed = length + adding + 1;
    if (needed <= capacity) {
        *grown = capacity;
        return 1;
    }
    size_t doubled = capacity ? capacity : 4096;
    while (doubled < needed) {
        if (doubled > SIZE_MAX / 2) {
            doubled = needed;  // doubling again would wrap: exactly what is needed instead
            break;
        }
        doubled *= 2;
    }
    *grown = doubled;
    return 1;
}

/// 0 when memory ran out, or the length would pass what a size can count.
static int buffer_append(struct buffer *buffer, const char *bytes, size_t length) {
    size_t capacity;
    if (!stackterm_http_grown_capacity(buffer->capacity, buffer->length, length, &capacity)) return 0;
    if (capacity != buffer->capacity) {
        char *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) return 0;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, bytes, length);
    buffer->length += length;
    buffer->bytes[buffer->length] = '\0';
    return 1;
}

/// One request from its start to its completion.
struct exchange {
    long id;
    void *easy;
    void *header_list;
    char *url;
    char *body;
    long body_length;
    int is_post;
    long timeout_seconds;
    long body_limit;
    long header_limit;
    /// 1: no proxy, whatever the environment says.
    int direct;
    int too_large;
    int headers_too_large;
    /// Every header byte received so far: all responses' headers (interim ones too) and the trailers.
    size_t header_bytes;
    /// Where the header lines now arriving belong (`on_header`).
    enum { in_head, in_interim_head, in_trailers } header_part;
    /// Set under the lock by `stackterm_http_cancel`, wherever the exchange is (pending, in transit or active); the
    /// thread ends the exchange when it sees it.
    int cancelled;
    struct buffer headers;
    struct buffer received;
    char error[error_size];
    stackterm_http_completion completion;
    void *context;
    struct exchange *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/// Started and not yet given to libcurl, oldest first (under the lock).
static struct exchange *pending;
static struct exchange **pending_tail = &pending;
/// Taken from `pending` by the thread and being given to libcurl, oldest first (under the lock; only the thread adds
/// and removes): a cancel finds an exchange here as it does in the other two lists.
static struct exchange *in_transit;
/// Given to libcurl and not ended (under the lock; only the thread adds and removes).
static struct exchange *active;
/// Called for each exchange between its configuration and its linking into `active` (tests only; NULL otherwise).
static void (*transit_hook)(long id, const char *url);
static long next_id = 1;

static pthread_once_t thread_once = PTHREAD_ONCE_INIT;
static int thread_running;
static const struct lazy_curl_functions *curl;
static void *multi;
/// How many times the exchange thread woke to act on its transfers (`stackterm_curl_socket_actions`).
static atomic_long socket_actions;

/// Written to wake the thread from curl_multi_wait; both ends close-on-exec and non-blocking.
static int wake_pipe[2] = {-1, -1};

static void wake(void) {
    if (wake_pipe[1] < 0) return;
    ssize_t written = write(wake_pipe[1], "!", 1);
    (void)written;  // a full pipe already wakes the thread
}

static size_t on_body(char *bytes, size_t size, size_t count, void *data) {
    struct exchange *exchange = data;
    size_t length = size * count;
    if (exchange->body_limit > 0 && exchange->received.length + length > (size_t)exchange->body_limit) {
        exchange->too_large = 1;
        return 0;  // a short count: libcurl stops the transfer at once
    }
    return buffer_append(&exchange->received, bytes, length) ? length : 0;
}

long long stackterm_http_announced_length(const char *bytes, size_t length) {
    static const char name[] = "content-length:";
    size_t at = sizeof name - 1;
    if (length < at || strncasecmp(bytes, name, at) != 0) return -1;
    // Only the line's own bytes are read: libcurl's are not NUL-terminated.
    while (at < length && (bytes[at] == ' ' || bytes[at] == '\t')) at++;
    long long value = 0;
    size_t first = at;
    for (; at < length && bytes[at] >= '0' && bytes[at] <= '9'; at++) {
        int digit = bytes[at] - '0';
        if (value > (LLONG_MAX - digit) / 10) return LLONG_MAX;  // past any limit: as large as it gets
        value = value * 10 + digit;
    }
    return at == first ? -1 : value;
}

/// The status code of a status line ("HTTP/1.1 103 Early Hints"), or 0.
static int status_of(const char *bytes, size_t length) {
    size_t at = 5;
    while (at < length && bytes[at] != ' ') at++;
    while (at < length && bytes[at] == ' ') at++;
    int status = 0;
    for (int digits = 0; digits < 3; digits++, at++) {
        if (at >= length || bytes[at] < '0' || bytes[at] > '9') return 0;
        status = status * 10 + (bytes[at] - '0');
    }
    return status;
}

static size_t on_header(char *bytes, size_t size, size_t count, void *data) {
    struct exchange *exchange = data;
    size_t length = size * count;
    // Headers and trailers count together: libcurl's own limit is per line, and none covers a chunked body's
    // trailers, which a server can send without end.
    exchange->header_bytes += length;
    if (exchange->header_limit > 0 && exchange->header_bytes > (size_t)exchange->header_limit) {
        exchange->headers_too_large = 1;
        return 0;  // a short count: libcurl stops the transfer at once
    }
    if (length >= 5 && memcmp(bytes, "HTTP/", 5) == 0) {
        // A status line starts another response (an interim 1xx, a proxy's answer to CONNECT): the last one's
        // headers count.
        exchange->headers.length = 0;
        int status = status_of(bytes, length);
        exchange->header_part = status >= 100 && status < 200 ? in_interim_head : in_head;
    } else if (length > 0 && length <= 2 && (bytes[0] == '\r' || bytes[0] == '\n')) {
        // The blank line ends a head: after the final one's, the lines that still come are the body's trailers.
        if (exchange->header_part == in_head) exchange->header_part = in_trailers;
    } else if (exchange->header_part == in_head && exchange->body_limit > 0) {
        // A body announced larger than the limit is refused before any of it is read. An interim response's
        // Content-Length and a trailer's say nothing about the final body.
        if (stackterm_http_announced_length(bytes, length) > exchange->body_limit) {
            exchange->too_large = 1;
            return 0;
        }
    }
    return buffer_append(&exchange->headers, bytes, length) ? length : 0;
}

/// Each socket libcurl opens for an exchange is close-on-exec: a program stackterm starts never inherits a connection.
static int close_on_exec(void *data, int fd, int purpose) {
    (void)data;
    (void)purpose;
    fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC);
    return 0;  // CURL_SOCKOPT_OK
}

static void release(struct exchange *exchange) {
    if (exchange->easy != NULL) curl->easy_cleanup(exchange->easy);
    if (exchange->header_list != NULL) curl->slist_free_all(exchange->header_list);
    free(exchange->url);
    free(exchange->body);
    free(exchange->headers.bytes);
    free(exchange->received.bytes);
    free(exchange);
}

/// Calls the completion with how `exchange` ended, then frees it (no lock held).
static void finish(struct exchange *exchange, int code) {
    long status = 0;
    if (exchange->easy != NULL) curl->easy_getinfo(exchange->easy, info_response_code, &status);
    struct stackterm_http_outcome outcome = {
        .code = code,
        .too_large = exchange->too_large,
        .headers_too_large = exchange->headers_too_large,
        .status = status,
        .headers = exchange->headers.bytes ? exchange->headers.bytes : "",
        .headers_length = exchange->headers.length,
        .body = exchange->received.bytes ? exchange->received.bytes : "",
        .body_length = exchange->received.length,
        .error = exchange->error,
    };
    exchange->completion(exchange->context, &outcome);
    release(exchange);
}

/// Makes `exchange`'s easy handle; 0 when memory ran out.
static int configure(struct exchange *exchange) {
    void *easy = curl->easy_init();
    if (easy == NULL) return 0;
    exchange->easy = easy;
    curl->easy_setopt(easy, option_private, (void *)exchange);
    curl->easy_setopt(easy, option_url, exchange->url);
    curl->easy_setopt(easy, option_no_signal, 1L);
    // "" is libcurl's word for no proxy, whatever http_proxy, https_proxy or all_proxy say.
    if (exchange->direct) curl->easy_setopt(easy, option_proxy, "");
    // The API speaks https (http on loopback); nothing else is ever asked, nor followed (redirects are the caller's).
    curl->easy_setopt(easy, option_protocols, (long)(protocol_http | protocol_https));
    curl->easy_setopt(easy, option_redirect_protocols, (long)(protocol_http | protocol_https));
    // libcurl asks for gzip and inflates it; the body limit counts the inflated bytes.
    curl->easy_setopt(easy, option_accept_encoding, "gzip");
    if (exchange->header_list != NULL) curl->easy_setopt(easy, option_http_header, exchange->header_list);
    if (exchange->is_post) {
        curl->easy_setopt(easy, option_post, 1L);
        curl->easy_setopt(easy, option_post_field_size, exchange->body_length);
        curl->easy_setopt(easy, option_post_fields, (void *)(exchange->body ? exchange->body : ""));
    } else {
        curl->easy_setopt(easy, option_http_get, 1L);
    }
    if (exchange->timeout_seconds > 0) {
        curl->easy_setopt(easy, option_connect_timeout, exchange->timeout_seconds);
        // Under a byte a second for that long: an idle timeout, as Foundation's request timeout is.
        curl->easy_setopt(easy, option_low_speed_limit, 1L);
        curl->easy_setopt(easy, option_low_speed_time, exchange->timeout_seconds);
    }
    curl->easy_setopt(easy, option_write_function, on_body);
    curl->easy_setopt(easy, option_write_data, (void *)exchange);
    curl->easy_setopt(easy, option_header_function, on_header);
    curl->easy_setopt(easy, option_header_data, (void *)exchange);
    curl->easy_setopt(easy, option_error_buffer, exchange->error);
    curl->easy_setopt(easy, option_sockopt_function, close_on_exec);
    return 1;
}

/// Removes `exchange` from `*list` (under the lock).
static void unlink_from(struct exchange **list, struct exchange *exchange) {
    for (struct exchange **link = list; *link != NULL; link = &(*link)->next) {
        if (*link == exchange) {
            *link = exchange->next;
            exchange->next = NULL;
            return;
        }
    }
}

/// Gives libcurl what was started since the last turn and ends what was cancelled.
static void take_requests(void) {
    pthread_mutex_lock(&lock);
    // Still where a cancel looks until each is linked into `active`.
    in_transit = pending;
    pending = NULL;
    pending_tail = &pending;
    struct exchange *stopping = NULL;
    for (struct exchange **link = &active; *link != NULL;) {
        struct exchange *exchange = *link;
        if (exchange->cancelled) {
            *link = exchange->next;
            exchange->next = stopping;
            stopping = exchange;
        } else {
            link = &exchange->next;
        }
    }
    pthread_mutex_unlock(&lock);

    while (stopping != NULL) {
        struct exchange *exchange = stopping;
        stopping = exchange->next;
        curl->multi_remove_handle(multi, exchange->easy);
        finish(exchange, code_cancelled);
    }
    for (;;) {
        pthread_mutex_lock(&lock);
        struct exchange *exchange = in_transit;
        int cancelled = exchange != NULL && exchange->cancelled;
        void (*hook)(long, const char *) = transit_hook;
        pthread_mutex_unlock(&lock);
        if (exchange == NULL) break;
        int added = 0;
        if (!cancelled) {
            added = configure(exchange) && curl->multi_add_handle(multi, exchange->easy) == 0;
            if (added && hook != NULL) hook(exchange->id, exchange->url);
        }
        // Out of transit and into `active` in one step, the cancel read in the same step: one that came while the
        // exchange was being configured is seen here, and none can come between.
        pthread_mutex_lock(&lock);
        unlink_from(&in_transit, exchange);
        cancelled = exchange->cancelled;
        if (added && !cancelled) {
            exchange->next = active;
            active = exchange;
        }
        pthread_mutex_unlock(&lock);
        if (added && !cancelled) continue;
        if (added) curl->multi_remove_handle(multi, exchange->easy);
        if (!cancelled) snprintf(exchange->error, sizeof exchange->error, "out of memory");
        finish(exchange, cancelled ? code_cancelled : code_not_started);
    }
}

/// libcurl's CURLMsg: what ended, and with which code.
struct multi_message {
    int message;
    void *easy;
    union {
        void *whatever;
        int result;
    } data;
};

/// Completes every transfer libcurl says has ended.
static void finish_ended(void) {
    int left = 0;
    struct multi_message *message;
    while ((message = curl->multi_info_read(multi, &left)) != NULL) {
        if (message->message != message_done) continue;
        void *easy = message->easy;
        int code = message->data.result;
        struct exchange *exchange = NULL;
        curl->easy_getinfo(easy, info_private, (char **)&exchange);
        curl->multi_remove_handle(multi, easy);
        if (exchange == NULL) continue;
        pthread_mutex_lock(&lock);
        unlink_from(&active, exchange);
        int cancelled = exchange->cancelled;
        pthread_mutex_unlock(&lock);
        finish(exchange, cancelled ? code_cancelled : code);
    }
}

static void *run_exchanges(void *unused) {
    (void)unused;
    for (;;) {
        take_requests();
        int running = 0;
        curl->multi_perform(multi, &running);
        finish_ended();
        pthread_mutex_lock(&lock);
        int waiting = pending != NULL || active != NULL;
        pthread_mutex_unlock(&lock);
        // With transfers running libcurl shortens the wait to its own next timeout; idle, only the pipe wakes it.
        struct lazy_curl_waitfd wake_fd = {wake_pipe[0], wait_readable, 0};
        int ready = 0;
        curl->multi_wait(multi, &wake_fd, 1, waiting ? 1000 : 60000, &ready);
        atomic_fetch_add(&socket_actions, 1);
        if (wake_fd.revents != 0) {
            char drained[64];
            while (read(wake_pipe[0], drained, sizeof drained) > 0) {}
        }
    }
    return NULL;
}

/// Marks every descriptor above stderr close-on-exec: the socket pair curl_multi_init makes for its wake-ups, which
/// no option reaches (stackterm's own descriptors already are).
static void all_close_on_exec(void) {
    DIR *directory = opendir("/proc/self/fd");
    if (directory == NULL) return;
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL) {
        int fd = atoi(entry->d_name);
        if (fd > 2 && fd != dirfd(directory)) fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC);
    }
    closedir(directory);
}

long stackterm_curl_socket_actions(void) {
    return atomic_load(&socket_actions);
}

static void start_thread(void) {
    curl = lazy_curl_functions();
    multi = curl->multi_init();
    all_close_on_exec();
    if (multi == NULL || pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return;
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attributes, run_exchanges, NULL) == 0) {
        pthread_setname_np(thread, "http-exchanges");
        thread_running = 1;
    }
    pthread_attr_destroy(&attributes);
}

/// Loads libcurl (or ends the process, as `stackterm_curl_require` does) and starts the exchange thread, once.
static void prepare(void) {
    stackterm_curl_require();
    pthread_once(&thread_once, start_thread);
}

int stackterm_http_warm_up(void) {
    if (!stackterm_curl_preload()) return 0;
    pthread_once(&thread_once, start_thread);
    return thread_running;
}

static char *copy_of(const char *bytes, size_t length) {
    char *copy = malloc(length + 1);
    if (copy == NULL) return NULL;
    if (length > 0) memcpy(copy, bytes, length);
    copy[length] = '\0';
    return copy;
}

long stackterm_http_start(const struct stackterm_http_request *request, stackterm_http_completion completion,
                          void *context) {
    prepare();
    if (!thread_running) return 0;
    struct exchange *exchange = calloc(1, sizeof *exchange);
    if (exchange == NULL) return 0;
    exchange->url = copy_of(request->url, strlen(request->url));
    exchange->is_post = request->is_post;
    if (request->is_post) {
        exchange->body = copy_of(request->body ? request->body : "", request->body ? (size_t)request->body_length : 0);
        exchange->body_length = request->body ? request->body_length : 0;
    }
    for (int index = 0; index < request->header_count; index++) {
        void *list = curl->slist_append(exchange->header_list, request->headers[index]);
        if (list == NULL) break;
        exchange->header_list = list;
    }
    // No `Expect: 100-continue` before a form: the API answers at once, and the wait would only delay a vote.
    if (request->is_post) {
        void *list = curl->slist_append(exchange->header_list, "Expect:");
        if (list != NULL) exchange->header_list = list;
    }
    exchange->timeout_seconds = request->timeout_seconds;
    exchange->body_limit = request->body_limit;
    exchange->header_limit = request->header_limit;
    exchange->direct = request->direct;
    exchange->completion = completion;
    exchange->context = context;
    if (exchange->url == NULL || (request->is_post && exchange->body == NULL)) {
        release(exchange);
        return 0;
    }
    pthread_mutex_lock(&lock);
    exchange->id = next_id++;
    long id = exchange->id;
    *pending_tail = exchange;
    pending_tail = &exchange->next;
    pthread_mutex_unlock(&lock);
    wake();
    return id;
}

void stackterm_http_cancel(long id) {
    int found = 0;
    pthread_mutex_lock(&lock);
    struct exchange *lists[] = {pending, in_transit, active};
    for (size_t list = 0; list < sizeof lists / sizeof *lists && !found; list++) {
        for (struct exchange *exchange = lists[list]; exchange != NULL && !found; exchange = exchange->next) {
            if (exchange->id == id) exchange->cancelled = found = 1;
        }
    }
    pthread_mutex_unlock(&lock);
    if (found) wake();
}

void stackterm_http_set_transit_hook(void (*hook)(long id, const char *url)) {
    pthread_mutex_lock(&lock);
    transit_hook = hook;
    pthread_mutex_unlock(&lock);
}
