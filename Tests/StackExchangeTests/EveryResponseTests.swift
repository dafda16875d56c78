import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// `backoff` and `quota_remaining` are read from every response before anything else: a page whose items do
/// not decode, an answer nobody waits for any more, and a gzip body that lost its Content-Encoding header.
struct EveryResponseTests {
    @Test func aPageWhoseItemsFailToDecodeStillSetsTheBackoffAndQuota() async throws {
        let body = Data(#"{"items":[{"question_id":"not a number"}],"has_more":true,"backoff":5,"quota_remaining":77}"#.utf8)
        let server = StubServer { _, _ in .respond(status: 200, body: body) }
        let clock = ManualPolicyClock()
        let client = makeClient(server, clock: clock)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        guard case .decoding? = recorder.error() else {
            Issue.record("expected a decoding failure, got \(recorder.all)")
            return
        }
        #expect(client.backoffDeadline(for: "/questions") == clock.now().addingTimeInterval(5))
        #expect(client.quotaRemaining == 77)
    }

    @Test(arguments: [false, true])
    func aResponseArrivingAfterItsRequestWasCancelledStillCounts(throttle: Bool) async throws {
        let body = throttle
            ? Body.error(id: 502, name: "throttle_violation",
                         message: "too many requests from this IP, more requests available in 90 seconds")
            : Body.questions([1], quota: 55, backoff: 7)
        let server = StubServer { _, _ in .respond(status: throttle ? 400 : 200, body: body) }
        // Completions run on this queue; suspended, it holds the answer until the caller has cancelled.
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.isSuspended = true
        let clock = ManualPolicyClock()
        let client = makeClient(server, clock: clock, completionQueue: delegateQueue)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        let handle = manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { server.requestCount == 1 && delegateQueue.operationCount > 0 })
        handle.cancel()
        delegateQueue.isSuspended = false
        if throttle {
            #expect(await eventually { client.ipThrottledUntil != nil })
            #expect(client.ipThrottledUntil == clock.now().addingTimeInterval(90))
        } else {
            #expect(await eventually { client.backoffDeadline(for: "/questions") != nil })
            #expect(client.backoffDeadline(for: "/questions") == clock.now().addingTimeInterval(7))
            #expect(client.quotaRemaining == 55)
        }
        await drainMainQueue()
        #expect(recorder.count == 0, "nobody hears the answer itself")
    }

    @Test func aGzipBodyWithoutContentEncodingIsInflated() async throws {
        let gzip = try Data(contentsOf: Fixtures.directory.appendingPathComponent("rso_questions_default_filter.v2.1.body.gz"))
        #expect(GzipBody.isGzip(gzip))
        let server = StubServer { _, _ in .respond(status: 200, body: gzip) }
        let client = makeClient(server)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        let page = try #require(recorder.value(), "\(recorder.all)")
        #expect(!page.items.isEmpty)
        #expect(page.items.map(\.id) == (try ResponseDecoder.page(Question.self, status: 200, data: Fixtures.gunzip(
            Fixtures.directory.appendingPathComponent("rso_questions_default_filter.v2.1.body.gz"))).get().items.map(\.id)))
        #expect(client.quotaRemaining == page.quotaRemaining)
    }

    @Test func aCorruptGzipBodyIsAReadableError() async throws {
        let server = StubServer { _, _ in .respond(status: 200, body: Data([0x1F, 0x8B, 0x08, 0x00, 0x01, 0x02])) }
        let manager = QuestionsDataManager(client: makeClient(server))
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        #expect(recorder.error() == .decoding("a gzip body that does not inflate"))
        #expect(GzipBody.decompressedIfNeeded(Data("{}".utf8)) == Data("{}".utf8), "plain bodies pass through")
    }
}

/// The cap on an inflated body: a gzip bomb stops inflating at the limit.
struct GzipLimitTests {
    @Test func inflatingStopsAtTheLimit() throws {
        // Every gzip capture, inflated against a limit of exactly its size and of one byte less.
        for capture in try Fixtures.allCaptures() where capture.isGzip {
            try check(Data(contentsOf: capture.file))
        }
    }

    private func check(_ gzip: Data) throws {
        guard case .data(let whole) = GzipBody.inflatedIfNeeded(gzip) else {
            Issue.record("the capture does not inflate")
            return
        }
        #expect(GzipBody.inflatedIfNeeded(gzip, limit: whole.count) == .data(whole))
        #expect(GzipBody.inflatedIfNeeded(gzip, limit: whole.count - 1) == .tooLarge)
    }
}
