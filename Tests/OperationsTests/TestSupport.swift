import Foundation
import Operations
import Synchronization

/// An operation whose work is a closure; it records how often its hooks ran.
final class ProbeOperation: ConcurrentOperation<Int>, @unchecked Sendable {
    // @unchecked Sendable: the only added state is in Mutexes.
    let executeCount = Mutex(0)
    let cancelWorkCount = Mutex(0)
    let finishNotifications = Mutex(0)
    let onExecute: @Sendable (ProbeOperation) -> Void

    init(name: String = "probe", queue: DispatchQueue?, onExecute: @escaping @Sendable (ProbeOperation) -> Void,
         completion: CompletionHandler? = nil) {
        self.onExecute = onExecute
        super.init(name: name, completionQueue: queue, completion: completion)
        // Operation runs its completionBlock when it sees isFinished turn true: this counts finishes as the queue does.
        completionBlock = { [weak self] in self?.finishNotifications.withLock { $0 += 1 } }
    }

    override func execute() {
        executeCount.withLock { $0 += 1 }
        onExecute(self)
    }

    override func cancelWork() {
        cancelWorkCount.withLock { $0 += 1 }
    }

}

/// Counts deliveries per key, thread-safely.
final class Tally: Sendable {
    private let counts = Mutex<[Int: Int]>([:])
    func record(_ key: Int) { counts.withLock { $0[key, default: 0] += 1 } }
    func count(_ key: Int) -> Int { counts.withLock { $0[key, default: 0] } }
    var total: Int { counts.withLock { $0.values.reduce(0, +) } }
    var maximum: Int { counts.withLock { $0.values.max() ?? 0 } }
}

/// Drains `queue` so a completion scheduled on it has run.
func drain(_ queue: DispatchQueue) {
    queue.sync {}
}
