public import Dispatch
internal import CSignalPipe
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Delivers Unix signals as events on the main queue instead of in an async-signal context.
///
/// Each watched signal gets a handler that writes a byte to a pipe (`stackterm_signal_pipe`), whichever thread
/// takes the signal, and a read source on the main queue for the pipe. Not `DispatchSource.makeSignalSource` with the
/// signal ignored: libdispatch's main thread, parked in `sigsuspend` with no signal blocked, could take the signal
/// and drop it first (`SignalPipe.c` says more). With the handler installed, a signal's default action (ending the
/// process at once) never runs: SIGINT and SIGTERM restore the terminal before exiting.
public enum SignalWatcher {
    /// The signals stackterm handles and the exit status each one ends the program with.
    public static let terminating: [(signal: Int32, exitCode: Int32)] = [
        (SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129),
    ]

    public static let windowChanged = SIGWINCH

    /// Unblocks every signal stackterm watches, in this thread and the threads it starts from now on.
    ///
    /// A process inherits its parent's signal mask; started from a program that blocks signals (a test runner,
    /// some supervisors), the dispatch sources would never see SIGHUP or SIGTERM, and a stackterm whose terminal
    /// went away would sleep forever. Call it first thing, before any other thread exists.
    public static func unblockWatchedSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for entry in terminating { sigaddset(&signals, entry.signal) }
        sigaddset(&signals, windowChanged)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Ignores SIGPIPE for the whole process, so a write to a pipe or socket whose reader is gone (a `copy_command`
    /// that exits without reading, a closed terminal) fails with EPIPE, an error value, instead of ending stackterm.
    /// Programs it starts get the default action back (`ChildSpawn`).
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Starts a source calling `handler` on the main queue when `signal` arrives (once for several that arrive
    /// together); keep it alive. Cancelling it puts back the action the signal had before and closes the pipe.
    public static func watch(_ signal: Int32, handler: @escaping @MainActor @Sendable () -> Void) -> any DispatchSourceRead {
        let fd = stackterm_signal_pipe(signal)
        precondition(fd >= 0, "could not install a handler for signal \(signal)")
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
        source.setEventHandler {
            var bytes = [UInt8](repeating: 0, count: 64)
            while read(fd, &bytes, bytes.count) > 0 {}
            MainActor.assumeIsolated { handler() }
        }
        source.setCancelHandler {
            stackterm_signal_pipe_end(signal)
            close(fd)
        }
        source.resume()
        return source
    }
}
