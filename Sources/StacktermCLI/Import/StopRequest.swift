import Dispatch
import Foundation
import Synchronization

/// Ctrl-C (and SIGTERM) during an import: the signal is caught and asks the import to stop between rows, so the
/// rows read so far are written and the next run resumes after them.
final class StopRequest: Sendable {
    private let requested = Mutex(false)
    // The sources must live as long as the import; they are only touched here.
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

    init() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in requested.withLock { $0 = true } }
            source.resume()
            sources.append(source)
        }
    }

    var isRequested: Bool { requested.withLock { $0 } }
}
