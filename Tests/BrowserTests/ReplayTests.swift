@testable import Browser
import Foundation
import Testing

/// Random sessions replayed against the model, with its invariants checked after every event
/// (`ReplayDriver`): no identical request sent twice while it is in flight, every answer applied to a live
/// request's own screen or dropped unseen, the selections and scrolls in bounds, no trap. A failing session
/// is shrunk (`ReplayShrinker`) and printed as a test to paste here, with the seed that made it.
@MainActor
struct ReplayTests {
    /// How many sessions a run plays, and how long each is.
    static let sessions = 10_000
    static let length = 40
    /// Seeds that found bugs once (kept so they stay found) and the run's own, from the clock.
    static let fixedSeeds: [UInt64] = [1, 27, 2_027]

    @Test func randomSessionsKeepTheInvariants() {
        let timeSeed = UInt64(Date().timeIntervalSince1970 * 1_000)
        let bases = Self.fixedSeeds + [timeSeed]
        print("ReplayTests: base seeds \(bases) (session n of base b plays seed b &* 1_000_003 &+ n)")
        let perBase = Self.sessions / bases.count
        for base in bases {
            for n in 0..<(base == timeSeed ? Self.sessions - perBase * (bases.count - 1) : perBase) {
                let seed = base &* 1_000_003 &+ UInt64(n)
                let events = ReplayGenerator.sequence(seed: seed, length: Self.length)
                guard let violation = ReplayDriver.run(events) else { continue }
                let shrunk = ReplayShrinker.shrink(events) { ReplayDriver.run($0) != nil }
                let last = ReplayDriver.run(shrunk) ?? violation
                print("ReplayTests: seed \(seed) failed \(violation); shrunk to \(shrunk.count) events:\n"
                    + ReplayShrinker.swiftTest(shrunk, seed: seed, violation: last))
                Issue.record("seed \(seed): \(last) — the shrunk sequence is printed above")
                return
            }
        }
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

    /// The generator is only as good as where it gets: a few hundred sessions reach every screen and write.
    @Test func theSessionsReachEveryScreenAndWrite() {
        var reached: Set<String> = []
        for seed in 0..<UInt64(300) {
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
