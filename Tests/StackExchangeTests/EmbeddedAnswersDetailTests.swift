import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// A question's detail in one request when the filter that embeds its answers is kept (issue 28's link → first
/// frame); two, as before, until it is made, when the API embeds fewer answers than it counts, or when it refuses the name.
struct EmbeddedAnswersDetailTests {
    static let name = "embeds"

    /// A question whose `answers` are in it: `scores` in the order given, ids 1, 2, 3…; `count` is its `answer_count`.
    static func question(_ id: Int, scores: [Int], count: Int? = nil) -> Data {
        let answers = scores.enumerated().map { index, score in
            #"{"answer_id":\#(index + 1),"question_id":\#(id),"score":\#(score),"is_accepted":false,"#
                + #""creation_date":1700000100,"body":"<p>a\#(index + 1)</p>"}"#
        }
        let item = #"{"question_id":\#(id),"title":"Q","tags":["swift"],"score":1,"answer_count":\#(count ?? scores.count),"#
            + #""view_count":3,"is_answered":true,"creation_date":1700000000,"body":"<p>b</p>","#
            + #""answers":[\#(answers.joined(separator: ","))]}"#
        return Body.page([item], quota: 70, backoff: nil, hasMore: false)
    }

    /// A manager whose filter file (in a fresh directory) keeps `kept` for the stub's host, if given.
    static func manager(
        _ server: StubServer, kept: String?, clock: ManualPolicyClock = ManualPolicyClock()
    ) throws -> (AnswersDataManager, EmbeddedAnswersFilter, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("embedded-\(UUID().uuidString)")
        let file = KeptFilter(cacheDirectory: directory)
        let host = server.baseURL.host ?? ""
        if let kept { file.keep(kept, host: host, base: EmbeddedAnswersFilter.base, fields: EmbeddedAnswersFilter.fields) }
        let filter = EmbeddedAnswersFilter(kept: file, host: host)
        return (AnswersDataManager(client: makeClient(server, clock: clock), embeddedAnswers: filter), filter, directory)
    }

    @Test func aKeptFilterMakesTheDetailOneRequestWithTheAnswersBestFirst() async throws {
        let server = StubServer { path, _ in
            path == "/questions/77" ? .respond(status: 200, body: Self.question(77, scores: [1, 5, 3, 5])) : .respond(status: 404, body: Data())
        }
        let (manager, _, directory) = try Self.manager(server, kept: Self.name)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = Recorder<QuestionDetail>()
        manager.detail(questionID: 77, site: "stackoverflow", priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        let detail = try #require(recorder.value(), "\(recorder.all)")
        // By score, then the newer (higher) id first, as `/questions/{id}/answers?sort=votes` orders them.
        #expect(detail.answers.map(\.answerID) == [4, 2, 3, 1])
        #expect(detail.question.body == "<p>b</p>")
        #expect(detail.question.answers == nil, "the answers are the detail's, not kept twice")
        #expect(detail.answersHaveMore == false)
        #expect(detail.quotaRemaining == 70)
        #expect(server.arrivals.map(\.path) == ["/questions/77"])
        #expect(server.arrivals.first?.url.query?.contains("filter=\(Self.name)") == true)
    }

    @Test func moreThanAPageOfEmbeddedAnswersIsTheFirstPageAndSaysThereIsMore() async throws {
        let scores = Array((1...130).reversed())
        let server = StubServer { path, _ in .respond(status: 200, body: Self.question(78, scores: scores)) }
        let (manager, _, directory) = try Self.manager(server, kept: Self.name)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = Recorder<QuestionDetail>()
        manager.detail(questionID: 78, site: "stackoverflow", priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        let detail = try #require(recorder.value(), "\(recorder.all)")
        #expect(detail.answers.count == 100)
        #expect(detail.answers.first?.score == 130 && detail.answers.last?.score == 31)
        #expect(detail.answersHaveMore, "page 2 of /questions/{id}/answers follows, as after a first page")
        #expect(server.requestCount == 1)
    }

    @Test func fewerEmbeddedAnswersThanCountedAsksForTheFirstPageAfterAll() async throws {
        let server = StubServer { path, _ in
            path.hasSuffix("/answers")
                ? .respond(status: 200, body: Body.answers(question: 79, ids: [7, 8, 9], quota: 60))
                : .respond(status: 200, body: Self.question(79, scores: [2], count: 3))
        }
        let (manager, _, directory) = try Self.manager(server, kept: Self.name)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = Recorder<QuestionDetail>()
        manager.detail(questionID: 79, site: "stackoverflow", priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        let detail = try #require(recorder.value(), "\(recorder.all)")
        #expect(detail.answers.map(\.answerID) == [7, 8, 9])
        #expect(server.arrivals.map(\.path) == ["/questions/79", "/questions/79/answers"])
        #expect(detail.quotaRemaining == 60)
    }

    /// No name kept: two requests as before, then the filter is made once, kept, and the next detail is one request.
    @Test func withoutAKeptNameTheFilterIsMadeAfterTheFirstDetail() async throws {
        let server = StubServer { path, _ in
            switch path {
            case "/filters/create": .respond(status: 200, body: Data(#"{"items":[{"filter":"made"}],"has_more":false}"#.utf8))
            case "/questions/80/answers": .respond(status: 200, body: Body.answers(question: 80, ids: [1]))
            case "/questions/80": .respond(status: 200, body: Body.questions([80]))
            case "/questions/81": .respond(status: 200, body: Self.question(81, scores: [4]))
            default: .respond(status: 404, body: Data())
            }
        }
        let clock = ManualPolicyClock()
        let (manager, filter, directory) = try Self.manager(server, kept: nil, clock: clock)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = Recorder<QuestionDetail>()
        manager.detail(questionID: 80, site: "stackoverflow", priority: .user, completion: first.completion)
        #expect(await eventually { first.count == 1 && filter.name == "made" })
        #expect(Set(server.arrivals.prefix(2).map(\.path)) == ["/questions/80", "/questions/80/answers"])
        let create = try #require(server.arrivals.last)
        #expect(create.path == "/filters/create")
        #expect(create.url.query?.contains("base=withbody") == true && create.url.query?.contains("include=question.answers") == true)
        #expect(filter.kept.name(host: filter.host, base: EmbeddedAnswersFilter.base, fields: EmbeddedAnswersFilter.fields) == "made",
                "kept for the next launch")
        // Past the spacing between two sends of one method (the rate limit's, on the test's clock).
        clock.advance(by: 1)
        let second = Recorder<QuestionDetail>()
        manager.detail(questionID: 81, site: "stackoverflow", priority: .user, completion: second.completion)
        #expect(await eventually { second.count == 1 })
        #expect(try #require(second.value()).answers.map(\.answerID) == [1])
        #expect(server.arrivals.map(\.path).suffix(1) == ["/questions/81"])
        #expect(server.requestCount == 4)
    }

    /// A name the API refuses is forgotten, the detail asked in two requests, and the filter made again.
    @Test func aRefusedNameIsForgottenAndTheDetailStillComes() async throws {
        let server = StubServer { path, index in
            switch path {
            case "/questions/82" where index == 0: .respond(status: 400, body: Body.error(id: 400, name: "bad_parameter", message: "filter"))
            case "/questions/82": .respond(status: 200, body: Body.questions([82]))
            case "/questions/82/answers": .respond(status: 200, body: Body.answers(question: 82, ids: [5, 6]))
            case "/filters/create": .respond(status: 200, body: Data(#"{"items":[{"filter":"again"}],"has_more":false}"#.utf8))
            default: .respond(status: 404, body: Data())
            }
        }
        let clock = ManualPolicyClock()
        let (manager, filter, directory) = try Self.manager(server, kept: "stale", clock: clock)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = Recorder<QuestionDetail>()
        manager.detail(questionID: 82, site: "stackoverflow", priority: .user, completion: recorder.completion)
        // The question asked again waits out the spacing between two sends of one method, on the test's clock.
        #expect(await eventually { clock.pendingTimerCount > 0 })
        clock.advance(by: 1)
        #expect(await eventually { recorder.count == 1 && filter.name == "again" })
        #expect(try #require(recorder.value(), "\(recorder.all)").answers.map(\.answerID) == [5, 6])
        #expect(server.arrivals.first?.url.query?.contains("filter=stale") == true)
        #expect(server.arrivals.filter { $0.path == "/questions/82" }.count == 2)
        #expect(filter.kept.name(host: filter.host, base: EmbeddedAnswersFilter.base, fields: EmbeddedAnswersFilter.fields) == "again")
    }
}
