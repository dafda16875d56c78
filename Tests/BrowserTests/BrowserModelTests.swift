@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// The browser model alone (on the main actor only because the fixtures are): sequences of events in, the effects expected out. No terminal, no runner, no sleeps.
@MainActor
struct BrowserModelTests {
    let t0 = Fixtures.now

    /// A model that has started, with the given ports, and the token of its first list request.
    func started(_ features: BrowserFeatures = BrowserFeatures(comments: true, personal: true), site: String = "stackoverflow")
        -> (BrowserModel, RequestToken)
    {
        var model = BrowserModel(configuration: BrowserConfiguration(site: site), features: features, now: t0)
        _ = model.handle(.stored(.personal(PersonalMarks(), unavailableReason: nil)), at: t0)
        let effects = model.handle(.start, at: t0)
        return (model, sent(effects).first!.token)
    }

    /// The requests among `effects`.
    func sent(_ effects: [BrowserEffect]) -> [(token: RequestToken, request: BrowserRequest, lane: RequestPriority)] {
        effects.compactMap { effect in
            if case .send(let token, let request, let lane) = effect { return (token, request, lane) }
            return nil
        }
    }

    func answers(_ range: ClosedRange<Int>, question: Int) -> [Answer] {
        AnswerPagingTests.answers(range, question: question)
    }

    @Test func aBookmarkFromAnotherSiteAsksThatSiteForItsDetailCommentsAndAnswers() throws {
        var (model, first) = started()
        _ = model.handle(.response(first, .questions(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))), at: t0)
        var question = Fixtures.questions(1, from: 7)[0]
        question.answerCount = 150
        #expect(model.handle(.key(.character("B")), at: t0).contains { if case .read(.bookmarks) = $0 { true } else { false } })
        _ = model.handle(.stored(.bookmarks([Bookmark(site: "superuser", question: question, createdAt: t0)])), at: t0)

        let open = sent(model.handle(.key(.enter), at: t0))
        #expect(open.map(\.request) == [.detail(site: "superuser", questionID: question.questionID)])
        let detail = QuestionDetail(
            question: question, answers: answers(1...100, question: question.questionID), answersHaveMore: true)
        _ = model.handle(.response(open[0].token, .detail(.success(detail))), at: t0)

        let comments = sent(model.handle(.key(.character("c")), at: t0))
        #expect(comments.count == 1)
        guard let asked = comments.first?.request.as(BrowserRequest.Comments.self) else {
            Issue.record("no comments request")
            return
        }
        #expect(asked.siteName == "superuser" && asked.questionID == question.questionID && asked.postIDs.count == 101)

        let more = sent(model.handle(.key(.end), at: t0))
        #expect(more.map(\.request) == [.answers(site: "superuser", questionID: question.questionID, page: 2)])
    }

    @Test func bookmarksWhoseQuestionCannotBeReadAreNamedOnTheErrorLineAndTheRestShown() throws {
        var (model, first) = started()
        _ = model.handle(.response(first, .questions(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))), at: t0)
        _ = model.handle(.key(.character("B")), at: t0)
        let problem = "a bookmark not shown: unix question 2 damaged in /data.sqlite (left as it is)"
        let kept = Bookmark(site: "superuser", question: Fixtures.questions(1, from: 7)[0], createdAt: t0)
        _ = model.handle(.stored(.bookmarks([kept], problem: problem)), at: t0)
        #expect(model.state.bookmarks != nil)
        #expect(model.state.list.rows.map(\.questionID) == [kept.question.questionID])
        #expect(model.state.lastError == problem)
    }

    @Test func aHeldReloadSendsAtMostTwoRequestsInThreeSeconds() {
        var (model, first) = started()
        _ = model.handle(.response(first, .questions(.success(Fixtures.page(Fixtures.questions(3), hasMore: true)))), at: t0)
        var sentDuringHold = 0
        // A key repeat of 30 a second for 3 s; every request is answered 50 ms after it is sent.
        var inFlight: [(RequestToken, Date)] = []
        for press in 1...90 {
            let now = t0.addingTimeInterval(Double(press) / 30)
            for (token, due) in inFlight where due <= now {
                _ = model.handle(.response(token, .questions(.success(Fixtures.page(Fixtures.questions(3), hasMore: true)))), at: now)
            }
            inFlight.removeAll { $0.1 <= now }
            let requests = sent(model.handle(.key(.character("r")), at: now))
            sentDuringHold += requests.count
            inFlight += requests.map { ($0.token, now.addingTimeInterval(0.05)) }
        }
        #expect(sentDuringHold >= 1 && sentDuringHold <= 2, "sent \(sentDuringHold)")
    }

    @Test func aReloadWhileTheSameRequestIsInFlightKeepsIt() {
        var (model, _) = started()
        let effects = model.handle(.key(.character("r")), at: t0.addingTimeInterval(0.1))
        #expect(effects.isEmpty, "no cancel, no second send: \(effects)")
        #expect(model.ledger.entries.count == 1)
    }

    @Test func aHeldSortShowsEachSortAndFetchesOnlyTheLast() {
        var (model, first) = started()
        _ = model.handle(.response(first, .questions(.success(Fixtures.page(Fixtures.questions(3), hasMore: true)))), at: t0)
        var requests: [BrowserRequest] = []
        var sorts: [QuestionSort] = []
        for press in 1...5 {
            let now = t0.addingTimeInterval(Double(press) * 0.1)
            requests += sent(model.handle(.key(.character("s")), at: now)).map(\.request)
            requests += sent(model.handle(.tick, at: now)).map(\.request)
            sorts.append(model.state.list.query.sort)
        }
        #expect(requests.isEmpty, "nothing is fetched while s is held")
        #expect(sorts == [.creation, .votes, .hot, .week, .month])
        let due = sent(model.handle(.tick, at: t0.addingTimeInterval(0.5 + BrowserModel.sortDebounce)))
        #expect(due.count == 1)
        if let asked = due.first?.request.as(BrowserRequest.Questions.self) {
            #expect(asked.query.sort == .month && asked.page == 1)
        } else {
            Issue.record("no list request")
        }
    }

    @Test func aResponseForAQuestionLeftIsDropped() {
        var (model, first) = started()
        _ = model.handle(.response(first, .questions(.success(Fixtures.page(Fixtures.questions(2), hasMore: false)))), at: t0)
        let open = sent(model.handle(.key(.enter), at: t0))
        let back = model.handle(.key(.escape), at: t0)
        #expect(back.contains { if case .cancel(open[0].token) = $0 { true } else { false } })
        _ = model.handle(.response(open[0].token, .detail(.success(Fixtures.detail(for: Fixtures.questions(1)[0])))), at: t0)
        #expect(model.state.detail == nil)
    }

    @Test func theSitePickerAndFindKeysComeFromTheKeymap() throws {
        var configuration = BrowserConfiguration()
        configuration.keymap = try Keymap(
            bindings: [:],
            screenBindings: [.sitePicker: [.moveDown: [.control("n")]], .findPrompt: [.open: [.control("j")]]])
        var model = BrowserModel(configuration: configuration, features: BrowserFeatures(siteList: true), now: t0)
        let picker = sent(model.handle(.key(.character("S")), at: t0))
        _ = model.handle(.response(picker.first!.token, .sites(.success(SitePickerTests.sites))), at: t0)
        _ = model.handle(.key(.control("n")), at: t0)
        #expect(model.state.sitePicker?.selection == 1)
        _ = model.handle(.key(.down), at: t0)
        #expect(model.state.sitePicker?.selection == 1, "down was rebound away on the picker")
        _ = model.handle(.key(.character("j")), at: t0)
        #expect(model.state.sitePicker?.filter == "j", "a letter types into the filter")
    }

    @Test func renderingWritesNothingBack() {
        var (model, first) = started()
        _ = model.handle(.resize(width: 80, height: 24), at: t0)
        _ = model.handle(.response(first, .questions(.success(Fixtures.page(Fixtures.questions(30), hasMore: true)))), at: t0)
        _ = model.handle(.key(.end), at: t0)
        let before = (model.width, model.height, model.state.list.scrollOffset, model.state.list.selection)
        var whole = String(reflecting: model)
        let memo = LayoutMemo()
        // A frame of another size draws the selection visible without moving the model's scroll.
        let frame = BrowserRenderer.render(model, layouts: memo, width: 80, height: 10, now: t0.addingTimeInterval(60))
        #expect(frame.text(ofRow: 8).contains("Question number 30"))
        #expect(model.width == before.0 && model.height == before.1)
        #expect(model.state.list.scrollOffset == before.2 && model.state.list.selection == before.3)
        #expect(before.2 == 30 - 22, "22 rows under the header at 24 lines")
        #expect(String(reflecting: model) == whole, "the model is the same value after the frame")
        // A sort key: its load falls due after the debounce; a frame past it changes nothing, a tick sends it.
        _ = model.handle(.key(.character("s")), at: t0)
        whole = String(reflecting: model)
        _ = BrowserRenderer.render(model, layouts: memo, width: 80, height: 24, now: t0.addingTimeInterval(60))
        #expect(String(reflecting: model) == whole)
        #expect(sent(model.handle(.tick, at: t0.addingTimeInterval(60))).contains { $0.request == .questions(model.state.list.query, page: 1) },
                "the load was due all along: the tick sends it")
    }

    @Test func theDetailLayoutIsMemoisedByContentWidthAndMinute() {
        var (model, first) = started()
        let memo = LayoutMemo()
        _ = model.handle(.response(first, .questions(.success(Fixtures.page(Fixtures.questions(2), hasMore: false)))), at: t0, layouts: memo)
        let open = sent(model.handle(.key(.enter), at: t0, layouts: memo))
        _ = model.handle(.response(open[0].token, .detail(.success(Fixtures.detail(for: Fixtures.questions(1)[0])))), at: t0, layouts: memo)
        let layouts = memo.documentLayouts
        for second in 0..<5 {
            _ = BrowserRenderer.render(model, layouts: memo, width: 80, height: 11, now: t0.addingTimeInterval(Double(second)))
        }
        _ = model.handle(.key(.down), at: t0, layouts: memo)
        #expect(memo.documentLayouts == layouts, "frames and keys in the same minute reuse the layout")
        _ = BrowserRenderer.render(model, layouts: memo, width: 60, height: 11, now: t0)
        #expect(memo.documentLayouts == layouts + 1, "another width lays out once more")
        _ = BrowserRenderer.render(model, layouts: memo, width: 60, height: 11, now: t0.addingTimeInterval(60))
        #expect(memo.documentLayouts == layouts + 2, "another minute lays out once more: the ages move on")
    }
}
