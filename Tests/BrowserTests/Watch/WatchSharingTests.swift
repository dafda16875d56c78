@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// The watches are shared with every other stackterm through the data file (another window, the shell's
/// `watch --once`), on an injected clock: what changes there shows in a running browser within one poll interval,
/// `W` names followed questions by their titles, says when a day of watching would spend too much of the quota, and
/// no poll goes out once an answer told a quota under the floor.
@MainActor
struct WatchSharingTests {
    let rust = WatchEntry(site: "stackoverflow", kind: .tag, subject: "rust", since: Fixtures.now)

    func tagPolls(_ harness: WatchHarness) -> [StubWatchRequests.Request] {
        harness.requests.requests.filter { if case .newInTags = $0.request { true } else { false } }
    }

    @Test func watchesAddedRemovedAndSeenElsewhereShowWithinOneInterval() throws {
        let harness = WatchHarness(watches: [rust])
        harness.start()
        try #require(tagPolls(harness).count == 1)
        tagPolls(harness)[0].deliver(.questions([WatchHarness.question(901, title: "Borrowing twice", at: -10)]))
        #expect(harness.screen()[0].hasPrefix("● 1 new in [rust]"))
        // Another stackterm adds a tag, and marks what was found seen (the shell's `watch --once` prints it).
        harness.store.addWatch(WatchEntry(site: "stackoverflow", kind: .tag, subject: "go", since: Fixtures.now))
        harness.store.markSeen(harness.store.unseenItems())
        harness.advance(to: 61)
        #expect(harness.controller.state.watch.entries.map(\.subject) == ["go", "rust"])
        #expect(harness.controller.state.watch.unseen.isEmpty)
        #expect(!harness.screen()[0].contains("new in"), "\(harness.screen()[0])")
        harness.controller.handle(.character("W"))
        #expect(harness.screen().contains { $0.contains("[go]") })
        harness.controller.handle(.escape)
        // The next poll asks for both tags.
        tagPolls(harness).last?.deliver(.questions([]))
        harness.advance(to: 121)
        guard case .newInTags(_, let tags, _)? = tagPolls(harness).last?.request else {
            Issue.record("no tag poll at the second interval")
            return
        }
        #expect(Set(tags) == ["go", "rust"])
        // Removed elsewhere: gone here at the next reading, and not polled any more.
        tagPolls(harness).last?.deliver(.questions([]))
        harness.store.removeWatch(site: "stackoverflow", kind: .tag, subject: "rust")
        harness.advance(to: 182)
        #expect(harness.controller.state.watch.entries.map(\.subject) == ["go"])
    }

    @Test func wListsAFollowedQuestionByItsTitle() {
        let harness = WatchHarness()
        harness.start()
        // `w` on the list's selected question follows it.
        harness.controller.handle(.character("w"))
        #expect(harness.controller.state.watch.entries.map(\.subject) == ["1001"])
        harness.controller.handle(.character("W"))
        let screen = harness.screen()
        #expect(screen.contains { $0.contains("Question number 1") }, "\(screen)")
        #expect(!screen.contains { $0.contains("question 1001") })
    }

    @Test func wSaysWhenADayOfWatchingSpendsMoreThanHalfTheQuotaLeft() {
        // Every minute: about 1,440 requests a day, more than half of the 300 a day without a key (no answer has
        // told the quota yet).
        let often = WatchHarness(watches: [rust], intervalMinutes: 1)
        often.controller.start()
        often.questions.requests.last!.deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false, quota: nil)))
        often.controller.handle(.character("W"))
        let warned = often.screen(width: 100, height: 12).joined(separator: "\n")
        #expect(warned.contains("about 1440 requests a day is more than half of the 300 left today"), "\(warned)")
        #expect(warned.contains("key = "), "the key's setting is named")
        #expect(often.screen()[1].contains("[rust]"), "the watches' rows stay where they are")
        // Every half hour: 48 a day, under half of the 280 the list's answer said are left.
        let seldom = WatchHarness(watches: [rust], intervalMinutes: 30)
        seldom.start()
        seldom.controller.handle(.character("W"))
        #expect(!seldom.screen().joined().contains("more than half"))
        // Every ten minutes: 144 a day, more than half of the 280 left.
        let tighter = WatchHarness(watches: [rust], intervalMinutes: 10)
        tighter.start()
        tighter.controller.handle(.character("W"))
        #expect(tighter.screen().joined().contains("more than half of the 280 left today"))
    }

    @Test func noPollGoesOutOnceAnyAnswerToldAQuotaUnderTheFloor() throws {
        let harness = WatchHarness(watches: [rust], quotaFloor: 50)
        harness.controller.start()
        #expect(tagPolls(harness).count == 1, "the first poll, before any answer told the quota")
        // The list's page says 40 requests are left today: under the floor of 50.
        harness.questions.requests.last!.deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false, quota: 40)))
        tagPolls(harness)[0].deliver(.questions([]))
        for second in [61.0, 122, 183] { harness.advance(to: second) }
        #expect(tagPolls(harness).count == 1, "no poll under the floor")
        #expect(harness.controller.state.watch.pause == .underQuotaFloor(remaining: 40, floor: 50))
    }
}
