// Signals delivered through a pipe: the handler writes a byte to the signal's pipe, whichever thread the kernel gives
// the signal to, and a dispatch source reads the other end on the main queue (`SignalWatcher`). Written by hand: a
// signal handler must be async-signal-safe C, and this is the classic self-pipe, a dozen lines.
//
// Why not a dispatch signal source (signalfd) with the signal ignored, as before: after `dispatchMain`, libdispatch
// keeps the main thread in `sigsuspend` with every signal unblocked. A SIGTERM could be taken by that thread, where
// `SIG_IGN` dropped it, before the signalfd read it: a few SIGTERMs sent just after the first frame were lost, and the
// process never ended (the start-up benchmark, which stops each launch with SIGTERM, hung on one).
#define _GNU_SOURCE  // pipe2
#include "SignalPipe.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/// The write end of each signal's pipe; 0 for none.
static volatile sig_atomic_t write_ends[65];
/// The action each watched signal had before, put back when the watch ends.
static struct sigaction previous_actions[65];

static void forward(int signal_number) {
    int saved = errno;
    int fd = (signal_number > 0 && signal_number < 65) ? write_ends[signal_number] : 0;
    if (fd > 0) {
        char byte = 1;
        ssize_t written = write(fd, &byte, 1);  // a full pipe already holds a wake-up
        (void)written;
    }
    errno = saved;
}

int stackterm_signal_pipe(int signal_number) {
    if (signal_number <= 0 || signal_number >= 65) return -1;
    int fds[2];
    // Close-on-exec from the start: a program spawned by another thread meanwhile must not get either end.
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    if (write_ends[signal_number] > 0) stackterm_signal_pipe_end(signal_number);
    write_ends[signal_number] = fds[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = forward;
    sigfillset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(signal_number, &action, &previous_actions[signal_number]) != 0) {
        write_ends[signal_number] = 0;
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    return fds[0];
}

void stackterm_signal_pipe_end(int signal_number) {
    if (signal_number <= 0 || signal_number >= 65) return;
    int fd = write_ends[signal_number];
    if (fd <= 0) return;
    // The previous action first: a signal arriving now finds it, not a handler writing to a closed pipe.
    sigaction(signal_number, &previous_actions[signal_number], NULL);
    write_ends[signal_number] = 0;
    close(fd);
}
