import Foundation
import Operations
import StackExchange
import StackExchangeReplica
import TestSupport
import Testing

/// The site list and comments through the real client against the replica: paging, batching, freshness, cancel.
struct SitesAndCommentsIntegrationTests {
    @Test func everySitePageIsReadUntilHasMoreIsFalse() async throws {
        try await ReplicaHarness.with { harness in
            let operation = AllPagesRetrievalOperation<Site>(
                client: harness.client, series: [{ SitesRequest(page: $0, pageSize: 7) }], methodKeys: ["/sites"],
                name: "sites by 7", completionQueue: DispatchQueue(label: "test")
            )
            let box = ResultBox<Page<Site>>()
            operation.setCompletionHandler { box.set($0.mapError { $0 as? APIError ?? .decoding("\($0)") }) }
            operation.enqueue()
            #expect(await eventually { box.value != nil })
            let sites = try #require(try box.value?.get().items)
            #expect(sites.count >= 20)
            #expect(Set(sites.map(\.apiSiteParameter)).count == sites.count)
            let pages = harness.replica.logEntries().filter { $0.path == "/2.3/sites" }.compactMap { $0.query["page"] }
            #expect(pages == (1...((sites.count + 6) / 7)).map(String.init), "one request per page, in order, then stop")
        }
    }

    @Test func theSiteListIsAskedForAtMostOnceADay() async throws {
        let clock = ManualPolicyClock()
        try await ReplicaHarness.with(clock: clock) { harness in
            let manager = SitesDataManager(client: harness.client)
            func sites() async -> Result<[Site], APIError>? {
                let box = ResultBox<[Site]>()
                manager.sites(priority: .user) { box.set($0) }
                _ = await eventually {
                    // A request waiting on the client's clock (its rate limit): let its time come.
                    if clock.pendingTimerCount > 0 { clock.advance(by: 1) }
                    return box.value != nil
                }
                return box.value
            }
            let first = try #require(try await sites()?.get())
            #expect(first.count >= 20)
            let entries = harness.replica.logEntries().filter { $0.path == "/2.3/sites" }
            #expect(entries.count == 1)
            #expect(entries.first?.query["pagesize"] == "100" && entries.first?.query["site"] == nil)
            clock.advance(by: 23 * 3600)
            #expect(try await sites()?.get() == first)
            #expect(harness.replica.requestCount(pathPrefix: "/2.3/sites") == 1, "a list under a day old is not asked for again")
            clock.advance(by: 2 * 3600)
            #expect(try await sites()?.get() == first)
            #expect(harness.replica.requestCount(pathPrefix: "/2.3/sites") == 2, "a day later it is")
        }
    }

    @Test func commentsOfManyPostsComeInBatchesOfAHundred() async throws {
        try await ReplicaHarness.with { harness in
            let list = try await harness.page(QuestionsQuery(site: "stackoverflow", sort: .creation, pageSize: 100), 1).get()
            let more = try await harness.page(QuestionsQuery(site: "stackoverflow", sort: .creation, pageSize: 100), 2).get()
            let postIDs = (list.items + more.items).prefix(150).map(\.questionID)
            let manager = CommentsDataManager(client: harness.client)
            let page = try await withCheckedContinuation { continuation in
                manager.comments(postIDs: Array(postIDs), site: "stackoverflow", priority: .user) { continuation.resume(returning: $0) }
            }.get()
            #expect(page.items.allSatisfy { postIDs.contains($0.postID) })
            #expect(page.items.allSatisfy { !($0.body ?? "").isEmpty }, "filter=withbody")
            #expect(Set(page.items.map(\.postID)).count >= 20, "the newest questions carry comments")
            #expect(page.quotaRemaining != nil)
            let requests = harness.replica.logEntries().filter { $0.path.hasSuffix("/comments") }
            var batches: [String] = []
            for request in requests where !batches.contains(request.path) { batches.append(request.path) }
            #expect(batches.map { $0.split(separator: "/")[2].split(separator: ";").count } == [100, 50], "two batches, in order")
            for batch in batches {
                let pages = requests.filter { $0.path == batch }.compactMap { $0.query["page"].flatMap(Int.init) }
                #expect(pages == Array(1...pages.count), "each batch is read page by page until has_more is false")
            }
            #expect(requests.count > batches.count, "the first batch holds more than a page of comments")
            #expect(Set(page.items.map(\.commentID)).count == page.items.count, "no comment twice")
            #expect(requests.allSatisfy { $0.query["filter"] == "withbody" && $0.status == 200 })
        }
    }

    @Test func cancellingCommentsClosesTheConnection() async throws {
        // Held a minute: only the hang-up can end the request sooner, however loaded the machine.
        try await ReplicaHarness.with(ReplicaOptions(latencyMilliseconds: 60_000)) { harness in
            let manager = CommentsDataManager(client: harness.client)
            let ran = CompletionFlag()
            let request = manager.comments(postIDs: [1, 2, 3], site: "stackoverflow", priority: .user) { _ in ran.mark() }
            #expect(await eventually { harness.replica.requestCount(pathPrefix: "/2.3/posts") == 1 })
            request.cancel()
            #expect(await eventually(within: 30) {
                harness.replica.logEntries().contains { $0.path.hasPrefix("/2.3/posts") && $0.hungUp }
            })
            #expect(ran.count == 0)
        }
    }
}
