import Foundation
import Synchronization

/// Everything a replica's connections share: faults to inject, latency, quota and backoff, request counts and the log.
final class ReplicaState: Sendable {
    private struct Shared {
        var faults: [ReplicaFault] = []
        var latencyMilliseconds: Int
        var throttle: ReplicaThrottle
        var arrivedPaths: [String] = []
        var log: [ReplicaLogEntry] = []
        var logFile: FileHandle?
    }

    let api: ReplicaAPI
    private let shared: Mutex<Shared>

    init(api: ReplicaAPI, options: ReplicaOptions, logFile: FileHandle?) {
        self.api = api
        shared = Mutex(Shared(
            latencyMilliseconds: options.latencyMilliseconds,
            throttle: ReplicaThrottle(quota: options.quota, backoffEvery: options.backoffEvery, backoffSeconds: options.backoffSeconds),
            logFile: logFile))
    }

    var latencyMilliseconds: Int {
        get { shared.withLock { $0.latencyMilliseconds } }
        set { shared.withLock { $0.latencyMilliseconds = max(0, newValue) } }
    }

    func addFault(_ fault: ReplicaFault, count: Int) {
        shared.withLock { $0.faults.append(contentsOf: Array(repeating: fault, count: max(0, count))) }
    }

    /// Removes and returns the first injected fault that applies to `path`.
    func takeFault(for path: String) -> ReplicaFault? {
        shared.withLock { state in
            guard let index = state.faults.firstIndex(where: { $0.matches(path) }) else { return nil }
            return state.faults.remove(at: index)
        }
    }

    func noteArrival(path: String) {
        shared.withLock { $0.arrivedPaths.append(path) }
    }

    func requestCount(pathPrefix: String) -> Int {
        shared.withLock { $0.arrivedPaths.count { $0.hasPrefix(pathPrefix) } }
    }

    /// The full answer to an API request, with quota and backoff applied.
    func respond(to request: APIRequest, now: Date = Date()) -> APIResponse {
        switch api.page(for: request, now: now) {
        case .failure(let failure):
            return failure.response
        case .success(let (method, page)):
            let decision = shared.withLock { $0.throttle.admit(method: method, now: now) }
            switch decision {
            case .refused(let failure):
                return failure.response
            case .allowed(let remaining, let backoff):
                return ResponseEncoding.encode(page, quotaMax: api.quotaMax, quotaRemaining: remaining, backoff: backoff)
            }
        }
    }

    func record(_ entry: ReplicaLogEntry) {
        shared.withLock { state in
            state.log.append(entry)
            guard let file = state.logFile else { return }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Encoding a struct of strings, integers and booleans cannot fail; a missing line would only thin the log.
            guard var line = try? encoder.encode(entry) else { return }
            line.append(0x0A)
            file.write(line)
        }
    }

    func logEntries() -> [ReplicaLogEntry] {
        shared.withLock { $0.log }
    }

    func closeLog() {
        shared.withLock { state in
            try? state.logFile?.close()
            state.logFile = nil
        }
    }
}
