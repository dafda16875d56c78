import Foundation
import Operations
import Synchronization
import TestSupport
import Testing

/// The life cycle of `ConcurrentOperation`: cancellation at every point, exactly-once finish and delivery.
struct ConcurrentOperationTests {
    let deliveries = DispatchQueue(label: "test.deliveries")

    @Test func completesOnceOnTheChosenQueue() async throws {
        let queue = OperationQueue()
        let tally = Tally()
        let key = DispatchSpecificKey<Int>()
        deliveries.setSpecific(key: key, value: 7)
        let onQueue = Mutex(false)
        let op = ProbeOperation(queue: deliveries, onExecute: { op in
            op.complete(.success(42))
            op.complete(.success(43))
        }) { result in
            onQueue.withLock { $0 = DispatchQueue.getSpecific(key: key) == 7 }
            if case .success(let value) = result { tally.record(value) }
        }
        queue.addOperation(op)
        #expect(await eventually { op.isFinished })
        drain(deliveries)
        #expect(tally.count(42) == 1)
        #expect(tally.count(43) == 0)
        #expect(onQueue.withLock { $0 })
        #expect(await eventually { op.finishNotifications.withLock { $0 } == 1 })
    }

    @Test func withNoQueueTheHandlerRunsOnTheCompletingThreadBeforeCompleteReturns() async throws {
        let queue = OperationQueue()
        let tally = Tally()
        let heardBeforeReturn = Mutex<Bool?>(nil)
        let op = ProbeOperation(queue: nil, onExecute: { op in
            op.complete(.success(42))
            // No hop: the handler has run by the time `complete` returns, on this thread.
            heardBeforeReturn.withLock { $0 = tally.count(42) == 1 }
        }) { result in
            if case .success(let value) = result { tally.record(value) }
        }
        queue.addOperation(op)
        #expect(await eventually { op.isFinished })
        #expect(heardBeforeReturn.withLock { $0 } == true)
        #expect(tally.count(42) == 1)
    }

    @Test func cancelledBeforeStartFinishesWithoutRunningAndDoesNotJamTheQueue() async throws {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let tally = Tally()
        let cancelled = ProbeOperation(queue: deliveries, onExecute: { $0.complete(.success(1)) }) { _ in tally.record(1) }
        let next = ProbeOperation(queue: deliveries, onExecute: { $0.complete(.success(2)) }) { _ in tally.record(2) }
        queue.addOperation(cancelled)
        queue.addOperation(next)
        cancelled.cancel()
        queue.isSuspended = false
        #expect(await eventually { queue.operationCount == 0 })
        drain(deliveries)
        #expect(cancelled.isFinished)
        #expect(cancelled.executeCount.withLock { $0 } == 0)
        #expect(tally.count(1) == 0)
        #expect(tally.count(2) == 1)
    }

    @Test func cancelWhileExecutingCancelsTheWorkAndNeverDelivers() async throws {
        let queue = OperationQueue()
        let tally = Tally()
        let op = ProbeOperation(queue: deliveries, onExecute: { _ in }) { _ in tally.record(1) }
        queue.addOperation(op)
        #expect(await eventually { op.phase == .executing })
        op.cancel()
        #expect(op.isFinished)
        #expect(op.cancelWorkCount.withLock { $0 } == 1)
        // The work ending late must not reach the handler.
        op.complete(.success(5))
        drain(deliveries)
        #expect(tally.total == 0)
        #expect(await eventually { queue.operationCount == 0 })
        #expect(await eventually { op.finishNotifications.withLock { $0 } == 1 })
    }

    @Test func cancelAfterFinishChangesNothing() async throws {
        let queue = OperationQueue()
        let tally = Tally()
        let op = ProbeOperation(queue: deliveries, onExecute: { $0.complete(.success(3)) }) { _ in tally.record(3) }
        queue.addOperation(op)
        #expect(await eventually { op.isFinished })
        drain(deliveries)
        op.cancel()
        op.cancel()
        #expect(op.cancelWorkCount.withLock { $0 } == 0)
        #expect(tally.count(3) == 1)
        #expect(await eventually { op.finishNotifications.withLock { $0 } == 1 })
    }

    @Test func cancelBetweenCompleteAndDeliveryWins() async throws {
        // The handler is queued on a suspended queue; a cancel before it runs must stop it.
        let gate = DispatchQueue(label: "test.gated")
        gate.suspend()
        let tally = Tally()
        let op = ProbeOperation(queue: gate, onExecute: { $0.complete(.success(9)) }) { _ in tally.record(9) }
        OperationQueue().addOperation(op)
        #expect(await eventually { op.isFinished })
        op.cancel()
        gate.resume()
        drain(gate)
        #expect(tally.total == 0)
    }

    @Test func completeAndCancelRacingFromManyThreadsFinishOnceAndDeliverAtMostOnce() async throws {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 8
        let tally = Tally()
        let count = 2_000
        let ops = (0..<count).map { index in
            ProbeOperation(name: "race-\(index)", queue: deliveries, onExecute: { op in
                DispatchQueue.global().async { op.complete(.success(index)) }
                DispatchQueue.global().async { op.finish() }
            }) { result in
                if case .success(let value) = result { tally.record(value) }
            }
        }
        for op in ops { queue.addOperation(op) }
        DispatchQueue.concurrentPerform(iterations: count) { index in
            if index % 2 == 0 { ops[index].cancel() }
            if index % 3 == 0 { ops[index].cancel() }
        }
        #expect(await eventually(within: 30) { queue.operationCount == 0 })
        drain(deliveries)
        #expect(ops.allSatisfy { $0.isFinished })
        #expect(tally.maximum <= 1)
        #expect(await eventually { ops.allSatisfy { $0.finishNotifications.withLock { $0 } == 1 } })
        // An operation cancelled before it could execute never delivers.
        for (index, op) in ops.enumerated() where op.executeCount.withLock({ $0 }) == 0 {
            #expect(tally.count(index) == 0)
        }
    }
}
