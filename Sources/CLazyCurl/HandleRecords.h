#ifndef STACKTERM_HANDLE_RECORDS_H
#define STACKTERM_HANDLE_RECORDS_H

// A record for each libcurl handle that BodyLimit.c and SocketWatch.c wrap a callback of (internal to CLazyCurl).

#include <pthread.h>
#include <stddef.h>

/// The first member of every record: the handle it belongs to, and the next record.
struct handle_record {
    void *handle;
    struct handle_record *next;
};

/// The records of one kind, each `size` bytes (a struct whose first member is a `struct handle_record`).
struct handle_records {
    struct handle_record *first;
    pthread_mutex_t lock;
    size_t size;
};

#define HANDLE_RECORDS(record_type) { NULL, PTHREAD_MUTEX_INITIALIZER, sizeof(record_type) }

/// The record of `handle`, made zeroed on first use; NULL only when memory ran out.
void *handle_record_of(struct handle_records *records, void *handle);

/// Frees the record of `handle`, if it has one (the handle was cleaned up).
void handle_record_forget(struct handle_records *records, void *handle);

#endif
