public import Foundation
import Synchronization

/// Owns the operation queues: one for what the person asked for, one for what they did not (prefetch).
///
/// Operations are enqueued with a queue priority and, optionally, a `CancellationGroup` (one screen's
/// operations), so leaving a screen cancels exactly its work. Inject one per app; tests make their own.
public final class QueueManager: Sendable {
    /// Which queue an operation goes to.
    public enum Lane: String, Sendable, CaseIterable {
        /// What the person is waiting for: QoS `.userInitiated`.
        case user
        /// What they did not ask for (prefetch): QoS `.utility`, two at a time.
        case background
    }

    /// The queue for what the person asked for.
    public let userQueue: OperationQueue
    /// The queue for prefetches.
    public let backgroundQueue: OperationQueue
    private let groups = Mutex<[CancellationGroup: GroupMembers]>([:])

    /// A shared manager for apps that need just one.
    public static let shared = QueueManager()

    /// Makes the two queues; `userConcurrency` bounds the user queue.
    public init(userConcurrency: Int = 4, backgroundConcurrency: Int = 2) {
        userQueue = OperationQueue()
        userQueue.name = "stackterm.user"
        userQueue.qualityOfService = .userInitiated
        userQueue.maxConcurrentOperationCount = max(1, userConcurrency)
        backgroundQueue = OperationQueue()
        backgroundQueue.name = "stackterm.background"
        backgroundQueue.qualityOfService = .utility
        backgroundQueue.maxConcurrentOperationCount = max(1, backgroundConcurrency)
    }

    /// The queue of `lane`.
    public func queue(for lane: Lane) -> OperationQueue {
        switch lane {
        case .user: userQueue
        case .background: backgroundQueue
        }
    }

    /// Adds `operation` to the queue of `lane` with `priority`, remembered under `group` when given.
    ///
    /// A background operation never gets a priority above `.low`: it must not overtake the person's work.
    public func enqueue(
        _ operation: Operation, lane: Lane = .user, priority: Operation.QueuePriority = .normal,
        group: CancellationGroup? = nil
    ) {
        operation.queuePriority = lane == .background ? min(priority, .low) : priority
        if let group {
            groups.withLock { table in table[group, default: GroupMembers()].add(operation) }
        }
        queue(for: lane).addOperation(operation)
    }

    /// Holds every operation enqueued from now on (none starts) until `release()`.
    ///
    /// The app holds its queues until its first frame is out: an operation's thread starting, and the network's
    /// set-up it sets off (libcurl and its libraries mapped and bound), compete with the first frame for the
    /// process's memory map and the two cores, and a frame from the store needs neither.
    public func hold() {
        userQueue.isSuspended = true
        backgroundQueue.isSuspended = true
    }

    /// Holds back only the background lane until `release()`: for a launch whose first frame worth having is an answer
    /// from the network (a link, a query), whose request must not wait for the first frame.
    public func holdBackground() {
        backgroundQueue.isSuspended = true
    }

    /// Lets the operations held since `hold()` start, the person's first.
    public func release() {
        userQueue.isSuspended = false
        backgroundQueue.isSuspended = false
    }

    /// Cancels every operation enqueued under `group` that has not finished.
    public func cancel(group: CancellationGroup) {
        let members = groups.withLock { $0.removeValue(forKey: group) }
        for operation in members?.liveOperations ?? [] { operation.cancel() }
    }

    /// Cancels everything in both queues.
    public func cancelAll() {
        groups.withLock { $0.removeAll() }
        userQueue.cancelAllOperations()
        backgroundQueue.cancelAllOperations()
    }

    /// The operations not finished yet in both queues (for tests and diagnostics).
    public var pendingCount: Int {
        userQueue.operations.filter { !$0.isFinished }.count + backgroundQueue.operations.filter { !$0.isFinished }.count
    }

    /// Waits until both queues are empty (tests and shutdown only: it blocks).
    public func waitUntilAllOperationsAreFinished() {
        userQueue.waitUntilAllOperationsAreFinished()
        backgroundQueue.waitUntilAllOperationsAreFinished()
    }
}

extension Operation.QueuePriority: @retroactive Comparable {
    public static func < (lhs: Operation.QueuePriority, rhs: Operation.QueuePriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// The operations of one group, held weakly so the table never keeps finished work alive.
struct GroupMembers: @unchecked Sendable {
    // @unchecked Sendable: `Operation` is thread-safe and the array is only touched under the manager's Mutex.
    private struct WeakOperation {
        weak var operation: Operation?
    }

    private var members: [WeakOperation] = []
    private var pruneThreshold = 64

    /// Adds `operation`; finished members are pruned when the list has doubled, so adding stays amortized O(1).
    mutating func add(_ operation: Operation) {
        members.append(WeakOperation(operation: operation))
        if members.count >= pruneThreshold {
            members.removeAll { $0.operation.map(\.isFinished) ?? true }
            pruneThreshold = max(64, members.count * 2)
        }
    }

    /// The members still alive and not finished.
    var liveOperations: [Operation] {
        members.compactMap(\.operation).filter { !$0.isFinished }
    }
}
