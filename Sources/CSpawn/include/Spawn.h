#ifndef STACKTERM_SPAWN_H
#define STACKTERM_SPAWN_H

#include <spawn.h>

/// Adds to `actions` the closing of every descriptor above standard error in the child, so that a program stackterm
/// starts inherits none of its files, sockets or pipes, close-on-exec or not. 0, or an error number.
int stackterm_spawn_close_above_stderr(posix_spawn_file_actions_t *actions);

/// pipe2 with O_CLOEXEC (glibc declares it only under _GNU_SOURCE too): 0, or -1 with errno set.
int stackterm_cloexec_pipe(int fds[2]);

/// Counts the SIGCONTs this process receives while a foreground child has the terminal (`ForegroundJob`): a count
/// that moved while the child stopped says stackterm was stopped with it and is continued. `on` 1 installs the
/// counting handler (the action before is kept), 0 puts the action before back. Main thread only.
void stackterm_count_continues(int on);

/// The SIGCONTs counted so far.
unsigned long stackterm_continues(void);

#endif
