@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// Watching inside the browser (issue 30) on an injected clock: the poll schedule's timer, the banner, `w`, `W`,
/// the notification only while the terminal is not focused, and hostile titles inert.
@MainActor
struct WatchInBrowserTests {
    let rust = WatchEntry(site: "stackoverflow", kind: .tag, subject: "rust", since: Fixtures.now)

    /// The tag watch's requests, in order.
    func tagPolls(_ harness: WatchHarness) -> [StubWatchRequests.Request] {
        harness.requests.requests.filter { if case .newInTags = $0.request { true } else { false } }
    }

    @Test func aNewQuestionInAWatchedTagShowsInTheBannerWithinOneInterval() {
        let harness = WatchHarness(watches: [rust])
        harness.start()
        // The first poll goes out at once, on the background lane, and finds nothing.
        #expect(tagPolls(harness).count == 1)
        tagPolls(harness)[0].deliver(.questions([]))
        #expect(!harness.screen()[0].contains("new in"))
        // Nothing more is sent before the interval is up, however often time passes.
        for second in stride(from: 5.0, through: 55, by: 5) { harness.advance(to: second) }
        #expect(tagPolls(harness).count == 1)
        // A question arrives at 40 s; the poll at 60 s finds it.
        harness.advance(to: 60.05)
        #expect(tagPolls(harness).count == 2)
        guard case .newInTags(_, let tags, let since) = tagPolls(harness)[1].request else { return }
        #expect(tags == ["rust"] && since == Fixtures.now)
        tagPolls(harness)[1].deliver(.questions([WatchHarness.question(901, title: "Borrowing twice", at: 40)]))
        let screen = harness.screen()
        #expect(screen[0].hasPrefix("● 1 new in [rust]"), "\(screen[0])")
        #expect(harness.store.unseenItems().map(\.id) == [901])
    }

    /// A link's launch: the watches (whose read waits for the person's file, still opening at launch) start on the
    /// turn after the question's first frame; a launch without a link starts them at once (above).
    /// The first launch: the data file is being made, so the watches (in it) are read once it is, not before the first
    /// frame; the first poll follows then.
    @Test func theFirstLaunchReadsTheWatchesOnceTheDataFileIsMade() {
        let personal = StubPersonal()
        personal.beingMade.withLock { $0 = true }
        let harness = WatchHarness(watches: [rust], personal: personal)
        harness.start()
        #expect(tagPolls(harness).isEmpty, "the watches were read while the data file was being made")
        personal.finishMaking()
        #expect(tagPolls(harness).count == 1, "the first poll, once the watches are read")
    }

    @Test func aLinksLaunchStartsTheWatchesAfterTheQuestionsFrame() throws {
        let harness = WatchHarness(watches: [rust], startQuestion: .init(site: "stackoverflow", questionID: 1001, answerID: nil))
        harness.controller.start()
        #expect(tagPolls(harness).isEmpty, "nothing of the watches while the question loads")
        try #require(harness.details.requests.first).deliver(.success(Fixtures.detail(for: Fixtures.questions(1)[0])))
        #expect(tagPolls(harness).isEmpty, "not in the turn that shows the question")
        harness.controller.tick()
        #expect(tagPolls(harness).count == 1, "the watches' first poll, on the next turn")
        harness.controller.tick()
        #expect(tagPolls(harness).count == 1, "started once")
    }

    @Test func theModelAsksForOneTimerAtTheScheduledTimeAndNoneWhileWaiting() {
        var configuration = BrowserConfiguration()
        configuration.watch = BrowserWatchSettings(schedule: WatchSettings(intervalMinutes: 2))
        var model = BrowserModel(configuration: configuration, features: BrowserFeatures(watching: true), now: Fixtures.now)
        let start = model.handle(.start, at: Fixtures.now)
        #expect(start.contains { if case .read(.watches) = $0 { true } else { false } })
        let effects = model.handle(.stored(.watches(WatchSnapshot(watches: [rust], unseen: []))), at: Fixtures.now)
        let wakes = effects.compactMap { if case .wake(let after) = $0 { after } else { nil } }
        #expect(wakes.count == 1 && abs(wakes[0] - 121) < 0.001, "\(wakes)")
        #expect(effects.contains { $0.sending?.request.is(BrowserRequest.Watch.self) == true && $0.sending?.lane == .background })
        // Ticks before the time (a keypress, a redraw) send nothing and ask for no other timer.
        for second in [1.0, 30, 119] {
            let later = model.handle(.tick, at: Fixtures.now.addingTimeInterval(second))
            #expect(!later.contains { if case .wake = $0 { true } else if case .send = $0 { true } else { false } })
        }
        // --offline: nothing is sent, and no timer.
        configuration.startsOffline = true
        var offline = BrowserModel(configuration: configuration, features: BrowserFeatures(watching: true), now: Fixtures.now)
        _ = offline.handle(.start, at: Fixtures.now)
        let none = offline.handle(.stored(.watches(WatchSnapshot(watches: [rust], unseen: []))), at: Fixtures.now)
        #expect(!none.contains { $0.sending?.request.is(BrowserRequest.Watch.self) == true })
        #expect(offline.state.watch.pause == .offline)
    }

    @Test func wOnATagFilteredListWatchesTheTagAndAgainStops() {
        let harness = WatchHarness(tags: ["swift"])
        harness.start()
        harness.controller.handle(.character("w"))
        #expect(harness.store.watches().map(\.subject) == ["swift"])
        #expect(harness.controller.state.notice?.hasPrefix("watching [swift]") == true)
        // The new watch is polled at once.
        #expect(tagPolls(harness).count == 1)
        harness.controller.handle(.character("w"))
        #expect(harness.store.watches().isEmpty)
        #expect(harness.controller.state.notice == "stopped watching [swift]")
    }

    @Test func wOnARowFollowsItsQuestionAndANewAnswerShowsInTheBanner() {
        let harness = WatchHarness()
        harness.start()
        harness.controller.handle(.character("w"))
        #expect(harness.store.watches().map(\.kind) == [.question])
        let followed = harness.requests.requests.last!
        guard case .followedQuestions(_, let ids) = followed.request else {
            Issue.record("no followed-questions request: \(followed.request)")
            return
        }
        #expect(ids == [1001])
        var question = Fixtures.questions(1)[0]
        question.lastActivityDate = harness.now.addingTimeInterval(30)
        harness.advance(to: 1)
        followed.deliver(.questions([question]))
        let answers = harness.requests.requests.last!
        guard case .answers(_, let questionIDs, _) = answers.request else {
            Issue.record("no answers request: \(answers.request)")
            return
        }
        #expect(questionIDs == [1001])
        answers.deliver(.answers([Answer(answerID: 77, questionID: 1001, creationDate: harness.now)]))
        #expect(harness.screen()[0].hasPrefix("● 1 new answer on a followed question"), "\(harness.screen()[0])")
    }

    /// The API's dates are whole seconds: an answer in the same second as `w` (a second the press was partway into)
    /// is new, not taken for the activity the question already had.
    @Test func anAnswerInTheSameSecondAsTheFollowIsNotMissed() {
        let harness = WatchHarness()
        harness.start()
        harness.now = Fixtures.now.addingTimeInterval(0.7)
        harness.controller.handle(.character("w"))
        var question = Fixtures.questions(1)[0]
        question.lastActivityDate = Fixtures.now
        harness.requests.requests.last!.deliver(.questions([question]))
        guard case .answers = harness.requests.requests.last!.request else {
            Issue.record("the change went unseen: \(harness.requests.requests.last!.request)")
            return
        }
    }

    @Test func bigWListsTheWatchesWithTheirCountsEnterListsTheNewItemsAndOpeningOneMarksItSeen() {
        let harness = WatchHarness(watches: [rust])
        harness.start()
        tagPolls(harness)[0].deliver(.questions([
            WatchHarness.question(901, title: "First new", at: 1), WatchHarness.question(902, title: "Second new", at: 2),
        ]))
        harness.controller.handle(.character("W"))
        let screen = harness.screen()
        #expect(screen[0].contains("Watching"))
        #expect(screen[1].contains("2 new") && screen[1].contains("[rust]"), "\(screen[1])")
        harness.controller.handle(.enter)
        #expect(harness.controller.state.list.rows.map(\.questionID) == [902, 901])
        harness.controller.handle(.enter)
        #expect(harness.details.requests.last?.questionID == 902)
        #expect(harness.store.unseenItems().map(\.id) == [901])
        harness.controller.handle(.escape)
        harness.controller.handle(.escape)
        #expect(harness.controller.state.stack.top == .watches)
        #expect(harness.screen()[1].contains("1 new"))
        harness.controller.handle(.escape)
        #expect(harness.controller.state.stack.top == .list)
        #expect(harness.controller.state.list.rows.map(\.questionID) == [1001, 1002, 1003])
    }

    @Test func aBackoffHoldsThePollAndTheStatusBarSaysSo() {
        let harness = WatchHarness(watches: [rust])
        harness.start()
        tagPolls(harness)[0].completion(.success(WatchAnswer(items: .questions([]), backoff: 300)))
        harness.advance(to: 61)
        #expect(tagPolls(harness).count == 1, "held by the backoff")
        #expect(harness.controller.state.watch.pause == .backingOff(seconds: 239))
        #expect(harness.screen().last?.contains("watching paused: the API asked for 239 s of rest") == true,
                "\(harness.screen().last ?? "")")
        harness.advance(to: 301)
        #expect(tagPolls(harness).count == 2, "sent once the rest is over")
    }

    @Test func rowsNewSinceTheLastLookCarryAMark() {
        let harness = WatchHarness()
        harness.start()
        #expect(!harness.screen().dropFirst().contains { $0.hasPrefix("●") }, "a first look marks nothing")
        // Back on the list after a while, a reload brings a question asked meanwhile: it alone is marked.
        harness.controller.handle(.enter)
        harness.now = Fixtures.now.addingTimeInterval(100)
        harness.controller.handle(.escape)
        harness.controller.handle(.character("r"))
        var asked = Fixtures.questions(1, from: 9)[0]
        asked.creationDate = Fixtures.now.addingTimeInterval(50)
        harness.questions.requests.last!.deliver(.success(Fixtures.page([asked] + Fixtures.questions(3), hasMore: false)))
        let rows = harness.screen().dropFirst().prefix(4)
        #expect(rows.map { $0.hasPrefix("●") } == [true, false, false, false], "\(rows)")
    }

    @Test func theNotificationGoesOutOnlyWhileTheTerminalIsNotFocused() {
        let harness = WatchHarness(watches: [rust])
        harness.start()
        // Before any focus report: handed on only for the runner to send if stackterm is not seen (a hidden tmux pane).
        tagPolls(harness)[0].deliver(.questions([WatchHarness.question(900, title: "Focus unknown", at: 1)]))
        #expect(harness.notifier.sent.isEmpty && harness.notifier.ifHidden.map(\.text) == ["Focus unknown"])
        harness.controller.handle(.focus(true))
        harness.advance(to: 30)
        // No poll before its time: the one at 60 s finds the next question, shown on screen only.
        #expect(tagPolls(harness).count == 1)
        harness.advance(to: 60.05)
        tagPolls(harness)[1].deliver(.questions([WatchHarness.question(901, title: "Seen on screen", at: 40)]))
        #expect(harness.notifier.sent.isEmpty && harness.notifier.ifHidden.count == 1)
        harness.controller.handle(.focus(false))
        harness.advance(to: 120.05)
        tagPolls(harness)[2].deliver(.questions([WatchHarness.question(902, title: "While away", at: 100)]))
        #expect(harness.notifier.sent.map(\.text) == ["While away"])
        #expect(harness.notifier.sent.first?.title == "stackterm: 1 new in [rust]")
        harness.controller.handle(.focus(true))
        harness.advance(to: 180.05)
        tagPolls(harness)[3].deliver(.questions([WatchHarness.question(903, title: "Back again", at: 160)]))
        #expect(harness.notifier.sent.count == 1 && harness.notifier.ifHidden.count == 1)
    }

    @Test func aHostileTitleIsInertInTheNotificationAndTheBanner() {
        let harness = WatchHarness(watches: [rust])
        harness.start()
        harness.controller.handle(.focus(false))
        let hostile = "Pwn\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J\u{202E}gnp.exe\u{200B}\r\nrm -rf ~" + String(repeating: "x", count: 300)
        tagPolls(harness)[0].deliver(.questions([WatchHarness.question(901, title: hostile, at: 1)]))
        guard let notification = harness.notifier.sent.first else {
            Issue.record("no notification")
            return
        }
        let sequence = notification.sequence(.osc9, insideTmux: true)
        // Only the framing's escapes (doubled inside tmux's passthrough) and its one BEL: nothing from the title.
        let body = sequence.dropFirst("\u{1B}Ptmux;\u{1B}\u{1B}]9;".count).dropLast("\u{07}\u{1B}\\".count)
        #expect(!body.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x202A...0x202E).contains($0.value) || $0.value == 0x200B },
                "\(body.debugDescription)")
        #expect(body.count <= TerminalNotification.titleLimit + TerminalNotification.textLimit + 2)
        #expect(body.contains("Pwn]52;c;ZXZpbA==[2Jgnp.exe rm -rf ~"))
    }

    /// A click on the selected row opens it as Enter does, through the list screen's one way of opening: what the
    /// watches found on it is marked seen first.
    @Test func clickingTheSelectedRowOfAWatchsNewItemsMarksItSeen() {
        let harness = WatchHarness(watches: [rust])
        harness.start()
        tagPolls(harness)[0].deliver(.questions([
            WatchHarness.question(901, title: "First new", at: 1), WatchHarness.question(902, title: "Second new", at: 2),
        ]))
        harness.controller.handle(.character("W"))
        harness.controller.handle(.enter)
        #expect(harness.controller.state.list.rows.map(\.questionID) == [902, 901])
        let secondRow = ListView.headerRows + 1
        harness.controller.handle(.mouse(MouseEvent(.press(.left), row: secondRow, column: 10)))
        #expect(harness.details.requests.isEmpty, "the first click selects")
        #expect(harness.store.unseenItems().map(\.id) == [901, 902])
        harness.controller.handle(.mouse(MouseEvent(.press(.left), row: secondRow, column: 10)))
        #expect(harness.details.requests.last?.questionID == 901)
        #expect(harness.store.unseenItems().map(\.id) == [902])
    }

    /// A watch write waits for the store like a read mark does: quitting before the store said it is done says
    /// `saving…`; new items are read back only once they are written.
    @Test func aWatchWriteIsAwaitedAtQuitAndNewItemsAreReadOnceWritten() {
        var model = BrowserModel(configuration: BrowserConfiguration(tags: ["rust"]), features: BrowserFeatures(watching: true), now: Fixtures.now)
        _ = model.handle(.stored(.watches(WatchSnapshot(watches: [], unseen: []))), at: Fixtures.now)
        let effects = model.handle(.key(.character("w")), at: Fixtures.now)
        #expect(effects.contains(.write(.watch(.add(WatchEntry(site: "stackoverflow", kind: .tag, subject: "rust", since: Fixtures.now))))))
        var waiting = model
        _ = waiting.handle(.quit, at: Fixtures.now)
        #expect(waiting.state.notice == BrowserModel.savingNotice)
        let add = effects.compactMap { if case .write(let write) = $0 { write } else { nil } }.first!
        #expect(model.handle(.stored(.written(add, problem: nil)), at: Fixtures.now).isEmpty)
        _ = model.handle(.quit, at: Fixtures.now)
        #expect(model.state.notice != BrowserModel.savingNotice, "nothing waits once the store wrote it")
        let item = WatchedItem(site: "stackoverflow", kind: .question, id: 1, questionID: 1, title: "t", link: "", createdAt: Fixtures.now, watch: "[rust]")
        #expect(model.handle(.stored(.written(.watch(.addNew([item])), problem: nil)), at: Fixtures.now) == [.read(.watchItems)])
    }
}
