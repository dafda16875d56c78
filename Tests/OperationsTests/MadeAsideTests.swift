import Dispatch
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
}
