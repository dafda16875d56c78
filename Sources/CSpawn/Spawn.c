// What Swift cannot call for a clean spawn: glibc declares posix_spawn_file_actions_addclosefrom_np and pipe2 only
// under _GNU_SOURCE, which Swift's Glibc module is not built with. Written by hand: a few lines, no package offers it.
#define _GNU_SOURCE
#include "Spawn.h"

#include <dirent.h>
#include <signal.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdlib.h>

int stackterm_spawn_close_above_stderr(posix_spawn_file_actions_t *actions) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, 3);
#else
    // Older C libraries: close each descriptor open now (a descriptor opened between here and the spawn by another
    // thread is close-on-exec, as every descriptor stackterm opens is).
    DIR *directory = opendir("/proc/self/fd");
    if (directory == NULL) return 0;
    int own = dirfd(directory);
    struct dirent *entry;
    int result = 0;
    while ((entry = readdir(directory)) != NULL) {
        int fd = atoi(entry->d_name);
        if (fd > 2 && fd != own && result == 0) result = posix_spawn_file_actions_addclose(actions, fd);
    }
    closedir(directory);
    return result;
#endif
}

int stackterm_cloexec_pipe(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

static volatile sig_atomic_t continues = 0;
static struct sigaction continue_before;

static void count_continue(int signal) {
    (void)signal;
    continues++;
}

void stackterm_count_continues(int on) {
    if (on) {
        struct sigaction action;
        action.sa_handler = count_continue;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        sigaction(SIGCONT, &action, &continue_before);
    } else {
        sigaction(SIGCONT, &continue_before, NULL);
    }
}

unsigned long stackterm_continues(void) {
    return (unsigned long)continues;
}
