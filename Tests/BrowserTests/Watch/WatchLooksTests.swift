@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// The new-row marks across launches (issue 30): when each list was last looked at is kept in the data file, so the
/// next launch marks the rows asked since; and the status bar's line on what watching costs a day.
@MainActor
struct WatchLooksTests {
    /// The list's rows, as drawn (the header line left out).
    func rows(_ harness: WatchHarness, count: Int) -> [String] {
        Array(harness.screen().dropFirst().prefix(count))
    }

    @Test func aRelaunchMarksTheRowsAskedSinceTheLastLookAtThatList() {
        let first = WatchHarness()
        first.start(Fixtures.questions(3))
        #expect(first.store.looks.isEmpty, "a look is kept when it ends")
        first.now = Fixtures.now.addingTimeInterval(100)
        first.controller.handle(.character("q"))
        #expect(first.controller.isQuitRequested)
        let key = WatchState.listKey(QuestionsQuery())
        // The rows seen were the list as it was when the look began: that is kept, not the quit's time.
        #expect(first.store.looks == [key: Fixtures.now], "quitting ends the look")

        // The next launch, the same data file: the questions asked after the look began are marked (one while the
        // person sat on the list without reloading: never shown), none of the others.
        let second = WatchHarness(store: first.store)
        second.now = Fixtures.now.addingTimeInterval(500)
        var asked = Fixtures.questions(1, from: 9)[0]
        asked.creationDate = Fixtures.now.addingTimeInterval(150)
        var during = Fixtures.questions(1, from: 20)[0]
        during.creationDate = Fixtures.now.addingTimeInterval(50)
        var before = Fixtures.questions(1, from: 30)[0]
        before.creationDate = Fixtures.now.addingTimeInterval(-10)
        second.start([asked, during, before] + Fixtures.questions(2))
        #expect(rows(second, count: 5).map { $0.hasPrefix("●") } == [true, true, false, false, false], "\(rows(second, count: 5))")
    }

    @Test func aReloadMovesTheLookOnAndOpeningAQuestionEndsIt() {
        let harness = WatchHarness()
        harness.start()
        harness.now = Fixtures.now.addingTimeInterval(10)
        harness.controller.handle(.character("r"))
        harness.questions.requests.last!.deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        harness.now = Fixtures.now.addingTimeInterval(30)
        harness.controller.handle(.enter)
        let key = WatchState.listKey(QuestionsQuery())
        #expect(harness.store.looks[key] == Fixtures.now.addingTimeInterval(10), "the rows seen are the reload's")
        // A list never looked at before marks nothing on the next launch.
        let next = WatchHarness(tags: ["rust"], store: harness.store)
        next.start()
        #expect(!rows(next, count: 3).contains { $0.hasPrefix("●") }, "\(rows(next, count: 3))")
    }

    /// The whole screen while watching: the banner, the new row's mark, and the status bar's daily cost.
    @Test func aWatchedListAt100x12() {
        let rust = WatchEntry(site: "stackoverflow", kind: .tag, subject: "rust", since: Fixtures.now)
        let harness = WatchHarness(watches: [rust], intervalMinutes: 2)
        harness.start(Fixtures.questions(4))
        let polls = harness.requests.requests
        polls.first?.deliver(.questions([WatchHarness.question(901, title: "Borrowing twice", at: 30)]))
        harness.advance(to: 31)
        assertSnapshot(harness.screen(width: 100, height: 12).joined(separator: "\n"), named: "watching-list-100x12")
    }

    @Test func theStatusBarSaysWhatADayOfWatchingCosts() {
        let none = WatchHarness()
        none.start()
        #expect(none.screen(width: 100).last?.contains("watching") == false)
        let rust = WatchEntry(site: "stackoverflow", kind: .tag, subject: "rust", since: Fixtures.now)
        let followed = WatchEntry(site: "stackoverflow", kind: .question, subject: "42", since: Fixtures.now)
        let harness = WatchHarness(watches: [rust, followed], intervalMinutes: 2)
        harness.start()
        // One tag request and one followed-questions request every 2 minutes: 2 × 720 a day.
        #expect(harness.controller.state.watch.requestsPerDay == 1440)
        let bar = harness.screen(width: 100).last ?? ""
        #expect(bar.contains(" watching 2 · ~1.4k/day  quota 280 "), "\(bar)")
        // Too narrow for it beside the location: left out.
        #expect(harness.screen(width: 40).last?.contains("watching") == false)
        #expect(StatusBar.compactCount(720) == "720" && StatusBar.compactCount(2880) == "2.9k" && StatusBar.compactCount(28_800) == "29k")
    }
}
