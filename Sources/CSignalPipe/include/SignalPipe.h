#ifndef STACKTERM_SIGNAL_PIPE_H
#define STACKTERM_SIGNAL_PIPE_H

/// Installs a handler for `signal_number` that writes a byte to a pipe each time the signal arrives, whichever
/// thread takes it, and returns the pipe's read end (non-blocking, close-on-exec); -1 when it cannot.
int stackterm_signal_pipe(int signal_number);

/// Ends the watch of `signal_number`: puts back the action it had before `stackterm_signal_pipe` and closes the pipe's
/// write end (the caller closes the read end it was given). Nothing when it is not watched.
void stackterm_signal_pipe_end(int signal_number);

#endif
