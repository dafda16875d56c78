@testable import Browser
import Foundation
import Operations
import StackExchange
import Testing

/// A kind of request that only this file knows: how many questions a query's first page holds. It is the whole
/// of what adding a kind takes (ARCHITECTURE.md, "Adding a kind of request"): what it asks, what it answers,
/// how the ports send it and where its reply goes. Nothing outside this file names it: no case in
/// `BrowserRequest`, `BrowserResponse` or `RequestPurpose`, no branch in `BrowserPorts` or the model.
struct QuestionCountRequest: RequestKind {
    let query: QuestionsQuery

    var site: String? { query.site }

    @MainActor
    func send(
        through ports: BrowserPorts, lane: RequestPriority, now: Date,
        completion: @escaping RequestCompletion<Int>
    ) -> any Cancellable {
        ports.questions.questions(query, page: 1, priority: lane) { completion($0.map(\.items.count)) }
    }

    static func route(_ reply: Result<Int, APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel) -> [BrowserEffect] {
        // The one line where the reply is taken (a screen's method, for a kind a screen asks for).
        if case .success(let count) = reply { model.state.notice = "\(count) questions on \(entry.request.site ?? "?")" }
        return []
    }
}

@MainActor
struct NewRequestKindTests {
    let t0 = Fixtures.now
    let query = QuestionsQuery(site: "superuser", tags: ["bash"])

    func ports(_ questions: StubQuestions) -> BrowserPorts {
        BrowserPorts(
            questions: questions, details: StubDetails(), urlOpener: StubOpener(), clipboard: StubClipboard(),
            siteList: nil, comments: nil, personal: nil, listCache: nil, detailCache: nil, account: nil, remembered: nil)
    }

    /// Issues the new kind in the ledger and carries out the effect as the runner does: the ports send it.
    func issue(
        _ kind: QuestionCountRequest, in model: inout BrowserModel, through ports: BrowserPorts,
        replies: @escaping @MainActor @Sendable (BrowserResponse) -> Void
    ) throws -> RequestToken {
        let issue = model.context.ledger.issue(kind, lane: .user, at: t0)
        let sent = try #require(issue.effects.first?.sending)
        #expect(sent.request.as(QuestionCountRequest.self) == kind && sent.lane == .user && issue.effects.count == 1)
        _ = ports.send(sent.request, lane: sent.lane, now: t0, completion: replies)
        return sent.token
    }

    @Test func aKindDefinedInOneFileIsSentAnsweredAndRouted() throws {
        let questions = StubQuestions()
        let ports = ports(questions)
        var model = BrowserModel(configuration: BrowserConfiguration(), now: t0)
        let replies = Replies()
        let token = try issue(QuestionCountRequest(query: query), in: &model, through: ports) { replies.all.append($0) }
        #expect(model.ledger.entries[token]?.purpose == .of(QuestionCountRequest.self))
        #expect(model.ledger.isAwaiting(QuestionCountRequest.ownPurpose))

        // The kind sent itself through the questions port; its data manager answers.
        let asked = try #require(questions.requests.last)
        #expect(asked.query == query && asked.page == 1 && asked.priority == .user)
        asked.deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: true)))
        let response = try #require(replies.all.first)
        #expect(response.reply(as: QuestionCountRequest.self).flatMap { try? $0.get() } == 3)

        _ = model.handle(.response(token, response), at: t0)
        #expect(model.state.notice == "3 questions on superuser")
        #expect(model.ledger.entries.isEmpty)
    }

    @Test func anIdenticalRequestOfTheNewKindJoinsTheOneInFlight() throws {
        var ledger = RequestLedger()
        let first = ledger.issue(QuestionCountRequest(query: query), lane: .user, at: t0)
        let again = ledger.issue(QuestionCountRequest(query: query), lane: .user, at: t0)
        #expect(again.joined && again.token == first.token && again.effects.isEmpty)
        var other = query
        other.site = "unix"
        let another = ledger.issue(QuestionCountRequest(query: other), lane: .user, at: t0)
        #expect(!another.joined && another.token != first.token)
        // Equal fields of another kind are another request.
        #expect(BrowserRequest(QuestionCountRequest(query: query)) != .questions(query, page: 1))
    }

    @Test func aReplyOfAnotherKindOrAStaleOneIsDropped() throws {
        let questions = StubQuestions()
        var model = BrowserModel(configuration: BrowserConfiguration(), now: t0)
        let token = try issue(QuestionCountRequest(query: query), in: &model, through: ports(questions)) { _ in }
        _ = model.handle(.response(token, .questions(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))), at: t0)
        #expect(model.state.notice == nil)
        #expect(model.ledger.entries[token] == nil)
        let late = BrowserResponse(QuestionCountRequest.self, .success(5))
        _ = model.handle(.response(token, late), at: t0)
        #expect(model.state.notice == nil)
    }
}

/// What the ports delivered, in order.
@MainActor
private final class Replies {
    var all: [BrowserResponse] = []
}
