// Written by hand, beside LazyCurl.c, for the same reason: these are libcurl's own calls, intercepted. The fix
// belongs in Foundation's networking (swift-corelibs-foundation's MultiHandle.swift), which stackterm links
// statically from the toolchain and cannot patch.
//
// The socket watch. libcurl tells its user which readiness to wait for on each socket through the socket function
// (CURLMOPT_SOCKETFUNCTION): CURL_POLL_OUT while it connects and sends, CURL_POLL_IN once it waits for the answer,
// CURL_POLL_REMOVE when it is done with the socket. Foundation makes a dispatch source for each readiness asked, but
// removes them only on CURL_POLL_REMOVE: after OUT then IN it keeps the write source, and a connected socket is always
// writable. So from the request's send to its answer, Foundation's dispatch thread and its libcurl queue wake each
// other without pause, calling curl_multi_socket_action for a readiness libcurl no longer wants: one core busy for the
// whole wait (measured: 8 ms of a `--print` against a 6 ms answer, on a machine of two cores where the server needs
// the other). Here, when libcurl's new wish drops a readiness it had asked for, Foundation is first told the socket
// is removed (it cancels both sources and forgets their record), then asked for what libcurl now wants; the pointer
// libcurl keeps for the socket is cleared in between, so Foundation assigns its new record.
#include "HandleRecords.h"
#include "LazyCurl.h"
#include "SocketWatch.h"

#include <stdatomic.h>
#include <stddef.h>

enum { option_socket_data = 10002, option_socket_function = 20001 };
enum { poll_none = 0, poll_in = 1, poll_out = 2, poll_remove = 4 };
/// Sockets past this descriptor are passed through unwatched (Foundation's behaviour, a busy wait, not an error).
enum { watched_descriptors = 4096 };

typedef int (*socket_callback)(void *easy, int socket, int what, void *data, void *socket_pointer);

struct socket_watch {
    /// The multi handle's: `record.handle`.
    struct handle_record record;
    socket_callback function;
    void *data;
    socket_watch_real_assign assign;
    /// The readiness libcurl last asked for on each socket (CURL_POLL_IN and CURL_POLL_OUT bits; 0: none).
    unsigned char wanted[watched_descriptors];
};

static struct handle_records watches = HANDLE_RECORDS(struct socket_watch);
static atomic_long socket_actions;

void socket_watch_count_action(void) { atomic_fetch_add_explicit(&socket_actions, 1, memory_order_relaxed); }

long stackterm_curl_socket_actions(void) { return atomic_load_explicit(&socket_actions, memory_order_relaxed); }

int socket_watch_takes(int option) { return option == option_socket_data || option == option_socket_function; }

void socket_watch_forget(void *multi) { handle_record_forget(&watches, multi); }

/// libcurl's socket function: Foundation's, told of a removal first when libcurl stops wanting a readiness. libcurl
/// calls it from curl_multi_socket_action, which Foundation runs on one serial queue per multi handle, so a record's
/// `wanted` is only ever touched by one thread at a time.
static int watching_socket_function(void *easy, int socket, int what, void *record, void *socket_pointer) {
    struct socket_watch *watch = record;
    if (watch->function == NULL) return 0;
    if (socket < 0 || socket >= watched_descriptors) {
        return watch->function(easy, socket, what, watch->data, socket_pointer);
    }
    int now = what == poll_remove ? poll_none : (what & (poll_in | poll_out));
    int before = watch->wanted[socket];
    watch->wanted[socket] = (unsigned char)now;
    if (what != poll_remove && (before & ~now) != 0 && socket_pointer != NULL) {
        // Foundation releases its record for the socket and cancels its sources on a removal.
        int status = watch->function(easy, socket, poll_remove, watch->data, socket_pointer);
        if (status != 0) return status;
        watch->assign(watch->record.handle, socket, NULL);
        socket_pointer = NULL;
    }
    return watch->function(easy, socket, what, watch->data, socket_pointer);
}

int socket_watch_setopt(void *multi, int option, void *value, socket_watch_real_setopt setopt,
                        socket_watch_real_assign assign) {
    struct socket_watch *watch = handle_record_of(&watches, multi);
    if (watch == NULL) return setopt(multi, option, value);
    watch->assign = assign;
    if (option == option_socket_data) {
        watch->data = value;
        return setopt(multi, option_socket_data, (void *)watch);
    }
    *(void **)&watch->function = value;
    int status = setopt(multi, option_socket_function, (void *)watching_socket_function);
    return status != 0 ? status : setopt(multi, option_socket_data, (void *)watch);
}
