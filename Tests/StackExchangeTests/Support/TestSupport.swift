import Foundation
import Operations
@testable import StackExchange
import Synchronization
import TestSupport

/// Waits until every block queued on the main queue before this call has run.
func drainMainQueue() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { continuation.resume() }
    }
}

/// Marks the main queue, so a completion can tell it runs there (on Linux the main queue may be served by a
/// thread other than the main thread once the main thread parks in `dispatchMain`).
let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Collects results delivered to completions, thread-safely.
final class Recorder<Value: Sendable>: Sendable {
    private let results = Mutex<[Result<Value, APIError>]>([])
    private let onMain = Mutex<[Bool]>([])

    /// A completion that records what it gets and whether it ran on the main queue.
    var completion: @MainActor @Sendable (Result<Value, APIError>) -> Void {
        _ = mainQueueKey
        return { result in
            self.onMain.withLock { $0.append(DispatchQueue.getSpecific(key: mainQueueKey) == true) }
            self.results.withLock { $0.append(result) }
        }
    }

    var all: [Result<Value, APIError>] { results.withLock { $0 } }
    var count: Int { results.withLock { $0.count } }
    var allOnMain: Bool { onMain.withLock { $0.allSatisfy { $0 } } }

    /// The failure of delivery `index`, if it failed.
    func error(_ index: Int = 0) -> APIError? {
        guard index >= 0, case .failure(let error)? = all.dropFirst(index).first else { return nil }
        return error
    }

    /// The value of delivery `index`, if it succeeded.
    func value(_ index: Int = 0) -> Value? {
        guard index >= 0, case .success(let value)? = all.dropFirst(index).first else { return nil }
        return value
    }
}

/// Records what the client reports to its observer.
final class EventLog: NetworkEventObserver {
    struct Event: Sendable, Equatable {
        var id: Int
        var kind: String
        var path: String?
        var outcome: RequestOutcome?
        var status: Int?
        var priority: RequestPriority?
    }

    private let events = Mutex<[Event]>([])
    var all: [Event] { events.withLock { $0 } }

    func requestStarted(id: Int, path: String, page: Int?, priority: RequestPriority) {
        events.withLock { $0.append(Event(id: id, kind: "start", path: path, priority: priority)) }
    }

    func requestRaised(id: Int, priority: RequestPriority) {
        events.withLock { $0.append(Event(id: id, kind: "raised", priority: priority)) }
    }

    func requestEnded(id: Int, outcome: RequestOutcome, status: Int?) {
        events.withLock { $0.append(Event(id: id, kind: "end", outcome: outcome, status: status)) }
    }
}

/// A client on `server` with its own queues, an event log, and `clock` for every wait (a manual clock by
/// default: backoff, retries and the rate limit move only when the test advances it).
func makeClient(
    _ server: StubServer, key: String? = nil, retryDelay: TimeInterval = 0.5, log: EventLog = EventLog(),
    clock: any PolicyClock = ManualPolicyClock(), observer: (any NetworkEventObserver)? = nil,
    completionQueue: OperationQueue? = nil
) -> StackExchangeClient {
    StackExchangeClient(
        configuration: BackendConfiguration(baseURL: server.baseURL, key: key, timeout: 10),
        queues: QueueManager(), observer: observer ?? log,
        transport: StubTransport(server: server, completionQueue: completionQueue),
        retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: retryDelay), clock: clock)
}

/// Small API bodies for scripted answers.
enum Body {
    static func questions(_ ids: [Int], quota: Int = 9000, backoff: Int? = nil, hasMore: Bool = true) -> Data {
        let items = ids.map { id in
            #"{"question_id":\#(id),"title":"Q &amp; \#(id)","tags":["swift"],"score":1,"answer_count":0,"#
                + #""view_count":3,"is_answered":false,"creation_date":1700000000,"body":"<p>b</p>"}"#
        }
        return page(items, quota: quota, backoff: backoff, hasMore: hasMore)
    }

    static func answers(question: Int, ids: [Int], quota: Int = 9000) -> Data {
        let items = ids.enumerated().map { index, id in
            #"{"answer_id":\#(id),"question_id":\#(question),"score":\#(10 - index),"is_accepted":false,"#
                + #""creation_date":1700000100,"body":"<p>a</p>"}"#
        }
        return page(items, quota: quota, backoff: nil, hasMore: false)
    }

    static func page(_ items: [String], quota: Int, backoff: Int?, hasMore: Bool) -> Data {
        let backoffText = backoff.map { #","backoff":\#($0)"# } ?? ""
        return Data(
            #"{"items":[\#(items.joined(separator: ","))],"has_more":\#(hasMore),"quota_max":10000,"quota_remaining":\#(quota)\#(backoffText)}"#
                .utf8)
    }

    static func error(id: Int, name: String, message: String) -> Data {
        Data(#"{"error_id":\#(id),"error_message":"\#(message)","error_name":"\#(name)"}"#.utf8)
    }
}
