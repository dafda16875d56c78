import Foundation
import Synchronization
import Operations
import TestSupport
import Testing

/// The queue manager: lanes, priorities, cancellation by group and of everything.
struct QueueManagerTests {
    let deliveries = DispatchQueue(label: "test.deliveries")

    private func pending() -> ProbeOperation {
        ProbeOperation(queue: deliveries, onExecute: { _ in })
    }

    @Test func lanesHaveTheirQualityAndConcurrency() {
        let manager = QueueManager(userConcurrency: 3)
        #expect(manager.userQueue.qualityOfService == .userInitiated)
        #expect(manager.userQueue.maxConcurrentOperationCount == 3)
        #expect(manager.backgroundQueue.qualityOfService == .utility)
        #expect(manager.backgroundQueue.maxConcurrentOperationCount == 2)
    }

    /// The app holds its queues until its first frame is out: nothing enqueued meanwhile starts, and everything does
    /// once they are released.
    @Test func heldQueuesStartNothingUntilReleased() {
        let manager = QueueManager()
        manager.hold()
        final class Count: Sendable { let value = Mutex(0) }
        let ran = Count()
        let user = BlockOperation { ran.value.withLock { $0 += 1 } }
        let background = BlockOperation { ran.value.withLock { $0 += 1 } }
        manager.enqueue(user, lane: .user)
        manager.enqueue(background, lane: .background)
        // A queue that is not held runs its work to the end meanwhile: the held ones still have not started theirs.
        let other = QueueManager()
        let control = BlockOperation {}
        other.enqueue(control)
        other.waitUntilAllOperationsAreFinished()
        #expect(control.isFinished)
        #expect(ran.value.withLock { $0 } == 0 && !user.isFinished && !background.isFinished)
        #expect(manager.pendingCount == 2)
        manager.release()
        manager.waitUntilAllOperationsAreFinished()
        #expect(ran.value.withLock { $0 } == 2)
    }

    @Test func backgroundWorkNeverOutranksThePerson() {
        let manager = QueueManager()
        manager.backgroundQueue.isSuspended = true
        let prefetch = pending()
        manager.enqueue(prefetch, lane: .background, priority: .veryHigh)
        #expect(prefetch.queuePriority == .low)
        #expect(manager.backgroundQueue.operations.contains(prefetch))
        let wanted = pending()
        manager.enqueue(wanted, lane: .user, priority: .high)
        #expect(wanted.queuePriority == .high)
        manager.cancelAll()
        manager.backgroundQueue.isSuspended = false
    }

    @Test func cancellingAGroupCancelsOnlyItsOperations() async throws {
        let manager = QueueManager()
        let list = CancellationGroup("list"), detail = CancellationGroup("detail")
        let a = pending(), b = pending(), c = pending()
        manager.enqueue(a, group: list)
        manager.enqueue(b, lane: .background, group: list)
        manager.enqueue(c, group: detail)
        #expect(await eventually { c.phase == .executing })
        manager.cancel(group: list)
        #expect(a.isCancelled && b.isCancelled)
        #expect(!c.isCancelled)
        #expect(await eventually { a.isFinished && b.isFinished })
        #expect(c.phase == .executing)
        manager.cancel(group: detail)
        #expect(await eventually { manager.pendingCount == 0 })
    }

    @Test func aLargeGroupKeepsEveryLiveMemberAcrossPruning() async throws {
        let manager = QueueManager(userConcurrency: 2)
        let group = CancellationGroup("big")
        // Finished members get pruned as the group grows; the live ones must all still be cancelled.
        var live: [ProbeOperation] = []
        for index in 0..<300 {
            if index % 3 == 0 {
                let quick = ProbeOperation(queue: deliveries, onExecute: { $0.complete(.success(0)) })
                manager.enqueue(quick, group: group)
                #expect(await eventually { quick.isFinished })
            } else {
                // Held by a closed gate: alive, but not occupying one of the two slots.
                let waiting = pending()
                waiting.setGate(open: false)
                live.append(waiting)
                manager.enqueue(waiting, group: group)
            }
        }
        manager.cancel(group: group)
        #expect(live.allSatisfy { $0.isCancelled })
        #expect(await eventually { manager.pendingCount == 0 })
    }

    @Test func cancelAllEmptiesBothQueues() async throws {
        let manager = QueueManager()
        let ops = (0..<20).map { _ in pending() }
        for (index, op) in ops.enumerated() {
            manager.enqueue(op, lane: index % 2 == 0 ? .user : .background)
        }
        manager.cancelAll()
        #expect(await eventually { manager.pendingCount == 0 })
        // `pendingCount` counts the queues' listed operations; Foundation's queue can drop a cancelled one from its
        // list a moment before the operation reports finished (seen once, on a loaded machine).
        #expect(await eventually { ops.allSatisfy { $0.isCancelled && $0.isFinished } })
    }

    @Test func groupsAreDistinct() {
        #expect(CancellationGroup("x") != CancellationGroup("x"))
    }

    @Test func cancelActionRunsOnce() {
        let tally = Tally()
        let action = CancelAction { tally.record(1) }
        action.cancel()
        action.cancel()
        #expect(tally.count(1) == 1)
        #expect(action.isCancelled)
    }
}
