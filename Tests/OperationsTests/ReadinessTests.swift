import Foundation
import Operations
import Synchronization
import TestSupport
import Testing

/// Dependencies, the readiness gate, and a large random workload that must drain.
struct ReadinessTests {
    let deliveries = DispatchQueue(label: "test.deliveries")

    @Test func dependenciesRunInOrder() async throws {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 4
        let order = Mutex<[String]>([])
        func make(_ name: String) -> ProbeOperation {
            ProbeOperation(name: name, queue: deliveries, onExecute: { op in
                order.withLock { $0.append(name) }
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { op.complete(.success(0)) }
            })
        }
        let first = make("first"), second = make("second"), third = make("third")
        third.addDependency(second)
        second.addDependency(first)
        for op in [third, second, first] { queue.addOperation(op) }
        #expect(await eventually { queue.operationCount == 0 })
        #expect(order.withLock { $0 } == ["first", "second", "third"])
    }

    @Test func aClosedGateHoldsTheOperationUntilOpened() async throws {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let held = ProbeOperation(name: "held", queue: deliveries, onExecute: { $0.complete(.success(1)) })
        held.setGate(open: false)
        #expect(!held.isReady)
        let free = ProbeOperation(name: "free", queue: deliveries, onExecute: { $0.complete(.success(2)) })
        queue.addOperation(held)
        queue.addOperation(free)
        // The held operation does not occupy the only slot: the free one runs past it.
        #expect(await eventually { free.isFinished })
        #expect(held.phase == .ready)
        #expect(held.executeCount.withLock { $0 } == 0)
        held.setGate(open: true)
        #expect(await eventually { held.isFinished })
        #expect(held.executeCount.withLock { $0 } == 1)
    }

    @Test func cancellingAGatedOperationFinishesIt() async throws {
        let queue = OperationQueue()
        let tally = Tally()
        let held = ProbeOperation(queue: deliveries, onExecute: { $0.complete(.success(1)) }) { _ in tally.record(1) }
        held.setGate(open: false)
        queue.addOperation(held)
        held.cancel()
        #expect(await eventually { queue.operationCount == 0 })
        drain(deliveries)
        #expect(held.isFinished)
        #expect(held.executeCount.withLock { $0 } == 0)
        #expect(tally.total == 0)
    }

    @Test func tenThousandOperationsWithRandomCancelsDrainToZero() async throws {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 6
        var generator = SplitMix64(seed: 2026)
        let tally = Tally()
        let count = 10_000
        var ops: [ProbeOperation] = []
        ops.reserveCapacity(count)
        for index in 0..<count {
            let op = ProbeOperation(name: "bulk-\(index)", queue: deliveries, onExecute: { op in
                DispatchQueue.global().async { op.complete(.success(index)) }
            }) { _ in tally.record(index) }
            if generator.next() % 7 == 0 { op.setGate(open: false) }
            ops.append(op)
        }
        for op in ops { queue.addOperation(op) }
        var cancelled = Set<Int>()
        for index in 0..<count where generator.next() % 3 == 0 {
            ops[index].cancel()
            cancelled.insert(index)
        }
        // Open every gate that is still closed, from another thread, while the queue works.
        let gated = ops.filter { !$0.isGateOpen }
        DispatchQueue.global().async { for op in gated { op.setGate(open: true) } }
        #expect(await eventually(within: 60) { queue.operationCount == 0 })
        drain(deliveries)
        #expect(ops.allSatisfy { $0.isFinished })
        #expect(tally.maximum <= 1)
        // Every operation nobody cancelled delivered exactly once.
        let undelivered = (0..<count).filter { !cancelled.contains($0) && tally.count($0) != 1 }
        #expect(undelivered.isEmpty)
        #expect(cancelled.count > count / 4)
    }
}

/// A small seeded generator, so the random workload is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
