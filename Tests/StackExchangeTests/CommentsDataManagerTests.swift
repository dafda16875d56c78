import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// The comments data manager against a stub server: pages, batches, the quota, and a failure midway.
///
/// Requests wait on a manual clock (the rate limit spaces requests to one method), which `fetch` moves on.
struct CommentsDataManagerTests {
    static func comments(_ ids: [Int], post: Int, quota: Int, hasMore: Bool) -> Data {
        let items = ids.map { #"{"comment_id":\#($0),"post_id":\#(post),"score":1,"creation_date":1700000000,"body":"c"}"# }
        return Body.page(items, quota: quota, backoff: nil, hasMore: hasMore)
    }

    func fetch(_ manager: CommentsDataManager, _ postIDs: [Int]) async -> Recorder<Page<PostComment>> {
        let recorder = Recorder<Page<PostComment>>()
        manager.comments(postIDs: postIDs, site: "unix", priority: .user, completion: recorder.completion)
        let clock = manager.client.clock as? ManualPolicyClock
        _ = await eventually {
            // The next page waits out the client's rate limit for its method on the clock: let its time come.
            if let clock, clock.pendingTimerCount > 0 { clock.advance(by: 1) }
            return recorder.count == 1
        }
        return recorder
    }

    @Test func everyPageOfEveryBatchIsReadAndTheLowestQuotaKept() async throws {
        let server = StubServer { _, index in
            switch index {
            case 0: .respond(status: 200, body: Self.comments([1, 2], post: 1, quota: 50, hasMore: true))
            case 1: .respond(status: 200, body: Self.comments([3], post: 1, quota: 49, hasMore: false))
            default: .respond(status: 200, body: Self.comments([4], post: 150, quota: 48, hasMore: false))
            }
        }
        let recorder = await fetch(CommentsDataManager(client: makeClient(server)), Array(1...150))
        let page = try #require(recorder.value())
        #expect(page.items.map(\.commentID) == [1, 2, 3, 4])
        #expect(page.quotaRemaining == 48)
        #expect(!page.hasMore)
        #expect(recorder.allOnMain)
        let urls = server.arrivals.map(\.url)
        #expect(urls.count == 3)
        #expect(urls.map { $0.path.split(separator: "/").dropLast().last?.split(separator: ";").count } == [100, 100, 50])
        #expect(urls.map { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "page" }?.value }
            == ["1", "2", "1"])
    }

    @Test func aFailureEndsTheFetchAndNothingMoreIsAsked() async {
        let server = StubServer { _, index in
            index == 0 ? .respond(status: 200, body: Self.comments([1], post: 1, quota: 50, hasMore: true))
                : .respond(status: 400, body: Body.error(id: 400, name: "bad_parameter", message: "ids"))
        }
        let recorder = await fetch(CommentsDataManager(client: makeClient(server)), Array(1...150))
        #expect(recorder.error() == .stackExchange(id: 400, name: "bad_parameter", message: "ids"))
        #expect(server.requestCount == 2, "no request after the failure")
    }

    @Test func noPostsMeansNoRequest() async {
        let server = StubServer { _, _ in .respond(status: 200, body: Self.comments([], post: 1, quota: 1, hasMore: false)) }
        let recorder = await fetch(CommentsDataManager(client: makeClient(server)), [])
        #expect(recorder.value()?.items.isEmpty == true)
        #expect(server.requestCount == 0)
    }
}
