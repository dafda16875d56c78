import Dispatch
import StackExchange
import StacktermCLI
import Synchronization

/// libcurl loaded and initialised on another thread from Swift's `main` on, for a launch whose first output is an answer
/// from the network (`NetworkAtLaunch`: a query, a link, `--print`, `--json`).
///
/// Loading libcurl maps and binds about 25 libraries (3–5 ms, about as long as `curl`'s whole start); on the main thread
/// it came after the parse, the config and (for a link) curses, and before the first request. Here it runs beside them
/// on the second core, so the first request finds it loaded. Failure is not decided here: the launch's own
/// `CurlLibrary.require()` says it in one line (status 69) once the command line has been read.
enum NetworkWarmUp {
    /// When the warm-up finished, for the trace's `libcurl` mark.
    private static let finished = Mutex<ContinuousClock.Instant?>(nil)

    /// Starts the warm-up if `arguments` (the whole command line) need the network at once. Call it after the
    /// environment's slots are reserved (`FoundationStorages.reserveEnvironment`, `TerminalSession.reserveSizeEnvironment`):
    /// libcurl's libraries read the environment as they load, while the main thread sets those variables.
    static func startIfNeeded(arguments: [String]) {
        guard NetworkAtLaunch.isNeeded(Array(arguments.dropFirst())) else { return }
        DispatchQueue.global(qos: .userInitiated).async {
            guard CurlLibrary.preload() else { return }
            finished.withLock { $0 = .now }
            // The exchange thread, started from here: a thread started on the main thread while libcurl loads waits
            // for the loader (glibc's `pthread_create` takes the lock `dlopen` holds), and the first request needs it.
            CurlLibrary.warmUpExchanges()
        }
    }

    /// When libcurl was ready, if the warm-up loaded it.
    static var loadedAt: ContinuousClock.Instant? { finished.withLock { $0 } }
}
