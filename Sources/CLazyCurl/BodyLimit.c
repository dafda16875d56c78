// Written by hand, beside LazyCurl.c, for the same reason: these are libcurl's own calls, intercepted.
//
// The body limit: each easy handle's write callback is wrapped by one that counts the (inflated) bytes of its
// transfer and aborts it past the limit. Foundation queues every byte it is handed for its delegate without
// waiting, so a gzip bomb (1 MB inflating to 1 GB) would be in memory before any Swift code could refuse it; a
// short count from the write callback stops libcurl at once. Foundation sets CURLOPT_WRITEFUNCTION and
// CURLOPT_WRITEDATA on each handle; they are kept here and libcurl is given the wrapper, with the handle's record
// as its data.
#include "BodyLimit.h"
#include "HandleRecords.h"
#include "LazyCurl.h"

#include <stddef.h>

enum { option_write_data = 10001, option_url = 10002, option_write_function = 20011 };
/// What a write callback returns to pause the transfer (CURL_WRITEFUNC_PAUSE): the same bytes come again later.
#define WRITE_PAUSE ((size_t)0x10000001)

typedef size_t (*write_callback)(char *, size_t, size_t, void *);

struct body_counter {
    struct handle_record record;
    write_callback write;
    void *data;
    long counted;
};

static long body_limit;
static struct handle_records counters = HANDLE_RECORDS(struct body_counter);

void stackterm_curl_set_body_limit(long bytes) { body_limit = bytes; }

int body_limit_takes(int option) {
    return option == option_write_function || option == option_write_data || option == option_url;
}

void body_limit_forget(void *handle) { handle_record_forget(&counters, handle); }

/// libcurl's write callback: passes the bytes on, or aborts the transfer (a short count) once they pass the limit.
static size_t counting_write(char *bytes, size_t size, size_t count, void *record) {
    struct body_counter *counter = record;
    size_t length = size * count;
    counter->counted += (long)length;
    if (body_limit > 0 && counter->counted > body_limit) return 0;
    if (counter->write == NULL) return length;
    size_t taken = counter->write(bytes, size, count, counter->data);
    // Paused: libcurl hands the same bytes again on resuming, so they are not counted yet.
    if (taken == WRITE_PAUSE) counter->counted -= (long)length;
    return taken;
}

int body_limit_setopt(void *handle, int option, void *value, body_limit_real_setopt setopt) {
    struct body_counter *counter = handle_record_of(&counters, handle);
    if (counter == NULL) return setopt(handle, option, value);
    if (option == option_url) {
        counter->counted = 0;  // a new transfer on this handle
        return setopt(handle, option, value);
    }
    if (option == option_write_data) {
        counter->data = value;
        return setopt(handle, option_write_data, (void *)counter);
    }
    *(void **)&counter->write = value;
    int status = setopt(handle, option_write_function, (void *)counting_write);
    return status != 0 ? status : setopt(handle, option_write_data, (void *)counter);
}
