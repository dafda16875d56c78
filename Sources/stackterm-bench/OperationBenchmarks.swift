import Dispatch
import Foundation
import Operations

/// An operation that completes at once, to measure the queue and state machinery alone.
final class ImmediateOperation: ConcurrentOperation<Int>, @unchecked Sendable {
    // @unchecked Sendable: no state beyond ConcurrentOperation's, which is Mutex-guarded.
    override func execute() { complete(.success(1)) }
}

/// Benchmarks of the Operations layer.
enum OperationBenchmarks {
    static func register(_ runner: inout BenchmarkRunner) {
        let count = 10_000
        let deliveries = DispatchQueue(label: "bench.deliveries")
        runner.run("operations: 10k through the user queue", units: Double(count), unit: "ops") {
            let manager = QueueManager()
            let done = DispatchSemaphore(value: 0)
            let remaining = ManagedCounter(count)
            for index in 0..<count {
                let op = ImmediateOperation(name: "bench-\(index)", completionQueue: deliveries) { _ in
                    if remaining.decrement() == 0 { done.signal() }
                }
                manager.enqueue(op)
            }
            done.wait()
        }
        runner.run("operations: 10k cancelled before start", units: Double(count), unit: "ops") {
            let manager = QueueManager()
            manager.userQueue.isSuspended = true
            let group = CancellationGroup("bench")
            for index in 0..<count {
                manager.enqueue(ImmediateOperation(name: "cancel-\(index)", completionQueue: deliveries), group: group)
            }
            manager.cancel(group: group)
            manager.userQueue.isSuspended = false
            manager.waitUntilAllOperationsAreFinished()
        }
    }
}

/// A counter shared by completion handlers.
final class ManagedCounter: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Int
    init(_ value: Int) { self.value = value }
    func decrement() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value -= 1
        return value
    }
}
