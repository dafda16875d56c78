import Foundation
public import Operations
import Synchronization

/// Shares one operation among identical in-flight requests: every caller gets the result on the main queue, in
/// one hop, in the order the callers joined.
///
/// Each caller's `Cancellable` withdraws only that caller; the shared operation is cancelled (and with it
/// the transport's task) only when every caller has withdrawn. A withdrawn caller's completion never runs.
/// Entries are keyed by the request URL; an entry leaves the table when its operation delivers, or when the
/// operation is cancelled from outside (`cancelAll`, a group): then every caller still there gets `.cancelled`.
/// A person's request joining a prefetch raises the shared operation to user priority.
///
/// Who uses it: the questions and answers data managers, whose only callers are the browser's ports (the shell's
/// `--print`/`--json` and the watches fetch through their own paths). The browser joins identical requests in its
/// `RequestLedger` before they reach a data manager, so two of its requests never meet here; what it still asks of
/// the coalescer is the raise: when the person asks for the page being prefetched, the ledger joins the two and the
/// runner raises the one request by joining it here on the user lane, with a completion that ignores the answer.
public final class RequestCoalescer<Value: Sendable>: Sendable {
    /// What a caller gets, on the main actor.
    public typealias Completion = @MainActor @Sendable (Result<Value, APIError>) -> Void

    /// One request in flight: its operation, its priority and the callers waiting for it.
    private struct Entry {
        var generation: Int
        var operation: any Cancellable
        var priority: RequestPriority
        var raise: (@Sendable () -> Void)?
        /// The callers still waiting, in the order they joined.
        var subscribers: [(id: Int, delivery: PendingDelivery<Value>)]
    }

    /// The requests in flight by key, and the counter that names entries and callers.
    private struct Table {
        var entries: [String: Entry] = [:]
        var lastID = 0
        mutating func nextID() -> Int {
            lastID += 1
            return lastID
        }
    }

    private let table = Mutex(Table())
    /// How results reach the main queue.
    private let hop: MainQueueHop

    /// A coalescer whose callers hear their results through `hop` (tests count the hops).
    public init(hop: MainQueueHop = .mainQueue) {
        self.hop = hop
    }

    /// The number of requests in flight (for tests and diagnostics).
    public var inFlightCount: Int { table.withLock { $0.entries.count } }

    /// Joins the in-flight request `key`, or starts one with `start`.
    ///
    /// `start` receives the function to call with the result (from any thread, once) and returns the operation
    /// it built, which it must not have enqueued yet; `schedule` enqueues it outside the coalescer's lock.
    /// `raise`, when given, moves the operation to user priority; it runs when a `.user` caller joins a
    /// `.background` request.
    public func join<Work: Cancellable>(
        key: String, priority: RequestPriority = .user, completion: @escaping Completion,
        start: (_ deliver: @escaping @Sendable (Result<Value, APIError>) -> Void) -> Work,
        raise: ((Work) -> @Sendable () -> Void)? = nil,
        schedule: (Work) -> Void
    ) -> any Cancellable {
        let subscriber = PendingDelivery<Value>(completion, hop: hop)
        let (generation, subscriberID, newOperation, raiseNow) = table.withLock {
            table -> (Int, Int, Work?, (@Sendable () -> Void)?) in
            let subscriberID = table.nextID()
            if var entry = table.entries[key] {
                entry.subscribers.append((subscriberID, subscriber))
                var raiseNow: (@Sendable () -> Void)?
                if priority == .user, entry.priority == .background {
                    entry.priority = .user
                    raiseNow = entry.raise
                }
                table.entries[key] = entry
                return (entry.generation, subscriberID, nil, raiseNow)
            }
            let generation = table.nextID()
            let operation = start { [weak self] result in self?.deliver(key: key, generation: generation, result) }
            table.entries[key] = Entry(
                generation: generation, operation: operation, priority: priority, raise: raise?(operation),
                subscribers: [(subscriberID, subscriber)])
            return (generation, subscriberID, operation, nil)
        }
        raiseNow?()
        if let newOperation { schedule(newOperation) }
        return CancelAction { [weak self] in
            subscriber.cancel()
            self?.leave(key: key, generation: generation, subscriberID: subscriberID)
        }
    }

    private func leave(key: String, generation: Int, subscriberID: Int) {
        let orphaned = table.withLock { table -> (any Cancellable)? in
            guard var entry = table.entries[key], entry.generation == generation else { return nil }
            entry.subscribers.removeAll { $0.id == subscriberID }
            guard entry.subscribers.isEmpty else {
                table.entries[key] = entry
                return nil
            }
            table.entries[key] = nil
            return entry.operation
        }
        orphaned?.cancel()
    }

    /// Hands `result` to every caller of entry `generation`, in one hop to the main queue and in the order they
    /// joined, and removes the entry; nothing when it already left.
    ///
    /// Operations call it with their result, and with `.cancelled` when cancelled from outside (an operation
    /// cancelled because its last caller left has already left the table, so nobody hears that one).
    func deliver(key: String, generation: Int, _ result: Result<Value, APIError>) {
        let subscribers = table.withLock { table -> [PendingDelivery<Value>] in
            guard let entry = table.entries[key], entry.generation == generation else { return [] }
            table.entries[key] = nil
            return entry.subscribers.map(\.delivery)
        }
        PendingDelivery.deliver(result, to: subscribers, hop: hop)
    }
}
