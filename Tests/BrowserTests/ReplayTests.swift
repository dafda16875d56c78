@testable import Browser
import Foundation
import Synchronization
import Testing

/// Random sessions replayed against the model, with its invariants checked after every event
/// (`ReplayDriver`): no identical request sent twice while it is in flight, every answer applied to a live
/// request's own screen or dropped unseen, the ledger the only place a request is in flight (`ReplayDriver+InFlight`), the selections and scrolls in bounds, no trap. A failing session
/// is shrunk (`ReplayShrinker`) and printed as a test to paste here, with the seed that made it. Off the main
/// actor: the model needs none, and a run must not hold up the suites whose completions arrive on main.
struct ReplayTests {
    /// How many sessions a run plays, and how long each is.
    static let sessions = 10_000
    static let length = 40
    /// Seeds that found bugs once (kept so they stay found) and the run's own, from the clock.
    static let fixedSeeds: [UInt64] = [1, 27, 2_027]

    @Test func randomSessionsKeepTheInvariants() async {
        // On a thread of its own: a run takes seconds of CPU, and a test holding one of the few threads of the
        // shared pool would slow the suites that wait on it (the data managers' retry tests) past their deadlines.
        let failure = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Self.playSessions()) }.start()
        }
        if let failure { Issue.record(Comment(rawValue: failure)) }
    }

    /// Plays `sessions` sessions, split over the machine's cores (each session is a value played alone); returns
    /// what failed (printed with its shrunk sequence), the first failing seed's, if one did.
    static func playSessions() -> String? {
        let timeSeed = UInt64(Date().timeIntervalSince1970 * 1_000)
        let bases = fixedSeeds + [timeSeed]
        print("ReplayTests: base seeds \(bases) (session n of base b plays seed b &* 1_000_003 &+ n)")
        let perBase = sessions / bases.count
        let seeds = bases.flatMap { base in
            (0..<(base == timeSeed ? sessions - perBase * (bases.count - 1) : perBase)).map { base &* 1_000_003 &+ UInt64($0) }
        }
        let lanes = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let failures = Mutex([Int: String]())
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for index in stride(from: lane, to: seeds.count, by: lanes) {
                if let first = failures.withLock({ $0.keys.min() }), first < index { return }
                let seed = seeds[index]
                let events = ReplayGenerator.sequence(seed: seed, length: length)
                guard let violation = ReplayDriver.run(events) else { continue }
                let shrunk = ReplayShrinker.shrink(events) { ReplayDriver.run($0) != nil }
                let last = ReplayDriver.run(shrunk) ?? violation
                print("ReplayTests: seed \(seed) failed \(violation); shrunk to \(shrunk.count) events:\n"
                    + ReplayShrinker.swiftTest(shrunk, seed: seed, violation: last))
                failures.withLock { $0[index] = "seed \(seed): \(last) — the shrunk sequence is printed above" }
                return
            }
        }
        return failures.withLock { failures in failures.keys.min().flatMap { failures[$0] } }
    }

    /// Printed by `randomSessionsKeepTheInvariants` on a ledger that did not join identical requests (issue 27):
    /// the wheel at the end of a short first page asked for page 2 on the user lane while its prefetch was in flight.
    @Test func replayOfSeed1000103() {
        // after event 1: sent questions(…, page: 2) for listPage again as #5 while #4 is in flight
        let events: [ReplayEvent] = [
            .respond(pick: 6, live: true, outcome: .success(size: 3, more: true)),
            .mouse(MouseEvent(.wheelDown, row: 33, column: 3)),
        ]
        let violation = ReplayDriver.run(events)
        #expect(violation == nil, "\(violation!)")
    }

    /// The model is a value with no hidden input: the same session played twice ends in equal models (no global
    /// counter, no clock of its own, no reference that tells two runs apart), and a different session does not.
    @Test func theSameSessionPlayedTwiceEndsInEqualModels() {
        var differed = 0
        for seed in 0..<UInt64(200) {
            let events = ReplayGenerator.sequence(seed: seed, length: Self.length)
            var first = ReplayDriver()
            var second = ReplayDriver()
            let broken = [first.play(events), second.play(events)].compactMap { $0 }
            #expect(broken.isEmpty, "seed \(seed) broke an invariant: \(broken)")
            // Compared outside the expectation: a failure names the seed, not two whole models.
            let same = first.model == second.model
            #expect(same, "seed \(seed) played twice ended in different models")
            var other = ReplayDriver()
            _ = other.play(ReplayGenerator.sequence(seed: seed &+ 1, length: Self.length))
            if other.model != first.model { differed += 1 }
        }
        // Equality that says "equal" of any two models would pass the first half alone.
        #expect(differed > 150, "only \(differed) of 200 different sessions ended in different models")
    }

    /// The generator is only as good as where it gets: a thousand sessions reach every screen and write.
    @Test func theSessionsReachEveryScreenAndWrite() {
        var reached: Set<String> = []
        for seed in 0..<UInt64(1_000) {
            var driver = ReplayDriver()
            _ = driver.play(ReplayGenerator.sequence(seed: seed, length: Self.length))
            reached.formUnion(driver.reached)
        }
        let everywhere: Set<String> = [
            "list", "detail", "sites", "help", "messages", "comment editor", "inbox", "bookmarks", "prompt", "comments",
            "page 2", "answer", "vote", "comment sent", "write check", "prefetch joined",
        ]
        #expect(everywhere.subtracting(reached).isEmpty, "never reached: \(everywhere.subtracting(reached).sorted())")
    }

    @Test func theShrinkerKeepsOnlyWhatMakesASequenceFail() {
        let events: [ReplayEvent] = (0..<50).map { .tick(seconds: Double($0)) }
        let shrunk = ReplayShrinker.shrink(events) { sequence in
            sequence.contains(.tick(seconds: 7)) && sequence.contains(.tick(seconds: 31))
        }
        #expect(shrunk == [.tick(seconds: 7), .tick(seconds: 31)])
    }

    @Test func aShrunkSequencePrintsAsSwiftThatReadsBack() {
        let events: [ReplayEvent] = [
            .key(.character("\"")), .key(.modified(.up, .shift)), .paste("a\nb"),
            .mouse(MouseEvent(.press(.left), row: 3, column: 4)),
            .respond(pick: 2, live: true, outcome: .success(size: 10, more: true)), .tick(seconds: 0.35),
        ]
        let text = ReplayShrinker.swiftTest(events, seed: 9, violation: ReplayDriver.Violation(index: 1, message: "x"))
        #expect(text.contains(#".key(.character("\""))"#))
        #expect(text.contains(".key(.modified(.up, KeyModifiers(rawValue: 1)))"))
        #expect(text.contains(#".paste("a\nb")"#))
        #expect(text.contains(".mouse(MouseEvent(.press(.left), row: 3, column: 4))"))
        #expect(text.contains(".respond(pick: 2, live: true, outcome: .success(size: 10, more: true))"))
    }
}
