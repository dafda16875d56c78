public import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Delivers Unix signals as events on the main queue instead of in an async-signal context.
///
/// The signal's default action is switched off (`SIG_IGN`) so that only the dispatch source sees
/// it; that is why SIGINT and SIGTERM then restore the terminal before exiting.
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

    /// Starts a source calling `handler` on the main queue each time `signal` arrives; keep it alive.
    public static func watch(_ signal: Int32, handler: @escaping @MainActor @Sendable () -> Void) -> any DispatchSourceSignal {
        #if canImport(Glibc)
        Glibc.signal(signal, SIG_IGN)
        #else
        Darwin.signal(signal, SIG_IGN)
        #endif
        let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { handler() } }
        source.resume()
        return source
    }
}
