import Dispatch
import Foundation
import Synchronization

/// Ctrl-C and SIGTERM during an import. A first Ctrl-C asks the import to stop between rows, so the rows read so
/// far are written and the run says how to resume. A second Ctrl-C, or SIGTERM, ends the process at once: the
/// partial site file is written a transaction per batch, so the batch in progress is rolled back by SQLite and
/// the next run resumes after the last one committed.
final class StopRequest: Sendable {
    private let requested = Mutex(false)
    // The sources must live as long as the import; they are only touched here.
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

    init() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                let again = requested.withLock { wasRequested in
                    defer { wasRequested = true }
                    return wasRequested
                }
                if signalNumber == SIGTERM || again { Self.endNow(status: 128 + signalNumber) }
            }
            source.resume()
            sources.append(source)
        }
    }

    var isRequested: Bool { requested.withLock { $0 } }

    /// Ends the process without waiting for the row in progress (nothing committed is lost).
    private static func endNow(status: Int32) -> Never {
        let clear = isatty(STDERR_FILENO) == 1 ? "\r\u{1B}[K" : ""
        let message = clear + "stackterm: import stopped: run the same stackterm import again to resume\n"
        _ = message.withCString { Foundation.write(STDERR_FILENO, $0, strlen($0)) }
        _exit(status)
    }
}
