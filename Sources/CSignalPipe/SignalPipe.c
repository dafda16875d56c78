// Signals delivered through a pipe: the handler writes a byte to the signal's pipe, whichever thread the kernel gives
// the signal to, and a dispatch source reads the other end on the main queue (`SignalWatcher`). Written by hand: a
// signal handler must be async-signal-safe C, and this is the classic self-pipe, a dozen lines.
//
// Why not a dispatch signal source (signalfd) with the signal ignored, as before: after `dispatchMain`, libdispatch
// keeps the main thread in `sigsuspend` with every signal unblocked. A SIGTERM could be taken by that thread, where
// `SIG_IGN` dropped it, before the signalfd read it: 2 to 3 of 150 SIGTERMs sent just after the first frame were lost,
// and the process never ended (issue 17's benchmark, which stops each launch with SIGTERM, hung on one).
#include "SignalPipe.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/// The write end of each signal's pipe; 0 for none.
static volatile sig_atomic_t write_ends[65];

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
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
    }
    write_ends[signal_number] = fds[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = forward;
    sigfillset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(signal_number, &action, NULL) != 0) {
        write_ends[signal_number] = 0;
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    return fds[0];
}
