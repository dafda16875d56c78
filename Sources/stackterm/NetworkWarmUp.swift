import HTTPDriver
import Dispatch
import StackExchange
import StacktermCLI
import Synchronization

/// libcurl loaded and initialised on another thread from Swift's `main` on, for a launch whose first output is an answer
/// from the network (`NetworkAtLaunch`: a query, a link, `--print`, `--json`).
///
/// Loading libcurl maps and binds about 25 libraries (about as long as `curl`'s whole start); on the main thread
/// it came after the parse, the config and (for a link) curses, and before the first request. Here it runs beside them
/// on the second core, so the first request finds it loaded. Failure is not decided here: the launch's own
/// `CurlLibrary.require()` says it in one line (status 69) once the command line has been read.
enum NetworkWarmUp {
    /// When the warm-up finished (for the trace's `libcurl` mark), and who waits to hear it.
    private struct Loading {
        var started = false
        var at: ContinuousClock.Instant?
        var listeners: [@Sendable (ContinuousClock.Instant) -> Void] = []
    }

    private static let loading = Mutex(Loading())

    /// Starts the warm-up if `arguments` (the whole command line) need the network at once. Call it after the
    /// environment's slots are reserved (`TerminalSession.reserveSizeEnvironment`):
    /// libcurl's libraries read the environment as they load, while the main thread sets those variables.
    static func startIfNeeded(arguments: [String]) {
        guard NetworkAtLaunch.isNeeded(Array(arguments.dropFirst())) else { return }
        loading.withLock { $0.started = true }
        DispatchQueue.global(qos: .userInitiated).async {
            guard CurlLibrary.preload() else { return }
            let now = ContinuousClock.now
            let listeners = loading.withLock { state in
                state.at = now
                defer { state.listeners = [] }
                return state.listeners
            }
            for listener in listeners { listener(now) }
            // The exchange thread, started from here: a thread started on the main thread while libcurl loads waits
            // for the loader (glibc's `pthread_create` takes the lock `dlopen` holds), and the first request needs it.
            CurlLibrary.warmUpExchanges()
        }
    }

    /// Whether this launch warms libcurl up.
    static var isStarted: Bool { loading.withLock { $0.started } }

    /// Runs `listener` with when the warm-up loaded libcurl: at once if it has, else on its thread once it has (never,
    /// if it cannot load it). A trace's `libcurl` mark is written so, in its place among the others.
    static func whenLoaded(_ listener: @escaping @Sendable (ContinuousClock.Instant) -> Void) {
        let at = loading.withLock { state -> ContinuousClock.Instant? in
            if state.at == nil { state.listeners.append(listener) }
            return state.at
        }
        if let at { listener(at) }
    }
}
