import Dispatch
import Foundation
import Operations
import Synchronization
import Testing

/// A value made on another thread and taken once: the taker waits for it only while it is being made, and it is
/// made once however often it is taken.
struct MadeAsideTests {
    @Test func theTakerWaitsUntilTheValueIsMadeAndItIsMadeOnce() {
        let gate = DispatchSemaphore(value: 0)
        let makes = Mutex(0)
        let aside = MadeAside { () -> [Int] in
            gate.wait()
            makes.withLock { $0 += 1 }
            return [1, 2, 3]
        }
        let taken = DispatchSemaphore(value: 0)
        let result = Mutex<[Int]?>(nil)
        DispatchQueue.global().async {
            let value = aside.value
            result.withLock { $0 = value }
            taken.signal()
        }
        // The maker is held at its gate: the taker cannot have a value yet.
        #expect(taken.wait(timeout: .now() + .milliseconds(50)) == .timedOut)
        #expect(result.withLock { $0 } == nil)
        gate.signal()
        taken.wait()
        #expect(result.withLock { $0 } == [1, 2, 3])
    }

    @Test func takingAgainGivesTheSameValueWithoutMakingIt() {
        let makes = Mutex(0)
        let aside = MadeAside { () -> Int? in
            makes.withLock { $0 += 1 }
            return nil
        }
        #expect(aside.value == nil)
        #expect(aside.value == nil)
        #expect(makes.withLock { $0 } == 1)
    }

    @Test func aValueAlreadyMadeIsTakenAtOnce() {
        #expect(MadeAside(made: "ready").value == "ready")
    }

    /// The value is made on a thread of its own, not a global queue's worker: with every worker of the pool busy
    /// (as SQLite's opens and a tmux client kept them at launch), it is made at once all the same.
    @Test func theValueIsMadeWhileEveryGlobalWorkerIsBusy() {
        let workers = ProcessInfo.processInfo.activeProcessorCount * 2
        let started = DispatchSemaphore(value: 0)
        let stop = Atomic<Bool>(false)
        // Each worker runs (not blocked: the pool's monitor adds no thread for a worker that runs) until told to stop,
        // or for 5 s at most, so the test's own runner is never starved for longer.
        let end = ContinuousClock.now + .seconds(5)
        for _ in 0..<workers {
            DispatchQueue.global(qos: .userInitiated).async {
                started.signal()
                while !stop.load(ordering: .relaxed), ContinuousClock.now < end {}
            }
        }
        defer { stop.store(true, ordering: .relaxed) }
        // At least one worker is busy; the pool runs as many as it is wide, and queues the rest.
        #expect(started.wait(timeout: .now() + 5) == .success)
        let made = DispatchSemaphore(value: 0)
        MadeAside { 42 }.whenMade(on: DispatchQueue(label: "taker")) { value in
            if value == 42 { made.signal() }
        }
        // Made within a second, while the workers still run (a global queue's item would wait the 5 s out).
        #expect(made.wait(timeout: .now() + 1) == .success)
    }

    @Test func whenMadeRunsOnceTheValueIsMadeWithIt() {
        let gate = DispatchSemaphore(value: 0)
        let aside = MadeAside { () -> String in
            gate.wait()
            return "made"
        }
        let taken = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        aside.whenMade(on: DispatchQueue(label: "taker")) { value in
            taken.withLock { $0 = value }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + .milliseconds(50)) == .timedOut, "not before it is made")
        gate.signal()
        done.wait()
        #expect(taken.withLock { $0 } == "made")
        // A value already made is handed over too.
        let ready = DispatchSemaphore(value: 0)
        MadeAside(made: "ready").whenMade(on: DispatchQueue(label: "taker")) { value in if value == "ready" { ready.signal() } }
        #expect(ready.wait(timeout: .now() + 10) == .success)
    }
}
