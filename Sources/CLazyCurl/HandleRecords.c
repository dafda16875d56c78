// Written by hand, beside LazyCurl.c: the few handles a process has are kept in a list, looked up under a lock.
#include "HandleRecords.h"

#include <stdlib.h>

void *handle_record_of(struct handle_records *records, void *handle) {
    pthread_mutex_lock(&records->lock);
    struct handle_record *found = records->first;
    while (found != NULL && found->handle != handle) found = found->next;
    if (found == NULL && (found = calloc(1, records->size)) != NULL) {
        found->handle = handle;
        found->next = records->first;
        records->first = found;
    }
    pthread_mutex_unlock(&records->lock);
    return found;
}

void handle_record_forget(struct handle_records *records, void *handle) {
    pthread_mutex_lock(&records->lock);
    for (struct handle_record **link = &records->first; *link != NULL; link = &(*link)->next) {
        if ((*link)->handle == handle) {
            struct handle_record *gone = *link;
            *link = gone->next;
            free(gone);
            break;
        }
    }
    pthread_mutex_unlock(&records->lock);
}
