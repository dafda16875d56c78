#ifndef STACKTERM_BODY_LIMIT_H
#define STACKTERM_BODY_LIMIT_H

// The body limit's side of LazyCurl.c's curl_easy_setopt and curl_easy_cleanup (internal to CLazyCurl).

typedef int (*body_limit_real_setopt)(void *, int, ...);

/// 1 for the options the body limit takes over (the write function, its data, the URL of a new transfer).
int body_limit_takes(int option);

/// Sets `option` to `value` on `handle` through `setopt`, with libcurl given the counting wrapper in place of
/// Foundation's write function and data.
int body_limit_setopt(void *handle, int option, void *value, body_limit_real_setopt setopt);

/// Forgets `handle`'s record (it was cleaned up).
void body_limit_forget(void *handle);

#endif
