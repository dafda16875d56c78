import Foundation
import StackExchange
import StackExchangeReplica
import Testing

/// Paging through the replica's data set with the real client, to the last page.
struct PagingIntegrationTests {
    @Test func pagingATagToTheEndYieldsEveryQuestionOnce() async throws {
        try await ReplicaHarness.with { harness in
            let query = QuestionsQuery(site: "stackoverflow", tags: ["ncurses"], sort: .creation, pageSize: 20)

            var ids: [Int] = []
            var pageCount = 0
            var hasMore = true
            while hasMore {
                pageCount += 1
                try #require(pageCount <= 25, "the tag should fit in 25 pages")
                let page = try await harness.page(query, pageCount).get()
                #expect(page.items.allSatisfy { $0.tags.contains("ncurses") })
                if page.hasMore { #expect(page.items.count == 20) }
                ids += page.items.map(\.id)
                hasMore = page.hasMore
            }
            #expect(pageCount > 1, "the test must cross a page boundary")
            #expect(Set(ids).count == ids.count, "no question appears twice")
            #expect(harness.listRequestCount == pageCount)
            let dates = try await harness.page(query, 1).get().items.map(\.creationDate)
            #expect(dates == dates.sorted(by: >), "sort=creation order=desc is newest first")
        }
    }

    @Test func aQuestionOpensWithItsBodyAndItsAnswersByVotes() async throws {
        try await ReplicaHarness.with { harness in
            let list = try await harness.page(QuestionsQuery(site: "stackoverflow", sort: .votes, pageSize: 50), 1).get()
            let answered = try #require(list.items.first { $0.answerCount >= 2 })

            let detail = try await harness.detail(answered.id).get()
            #expect(detail.question.id == answered.id)
            #expect(!(detail.question.body ?? "").isEmpty)
            #expect(detail.answers.count == answered.answerCount)
            #expect(detail.answers.map(\.score) == detail.answers.map(\.score).sorted(by: >))
            #expect(detail.answers.allSatisfy { !($0.body ?? "").isEmpty })
        }
    }

    @Test func aPageAboveTwentyFiveWithoutAKeyIsRefusedWithoutSending() async throws {
        try await ReplicaHarness.with { harness in
            let result = await harness.page(QuestionsQuery(site: "stackoverflow", pageSize: 10), 26)
            guard case .failure(.stackExchange(let id, let name, let message)) = result else {
                Issue.record("expected access_denied, got \(result)")
                return
            }
            #expect(id == 403)
            #expect(name == "access_denied")
            #expect(message.contains("more pages need an app key"))
            #expect(harness.listRequestCount == 0, "the API would refuse it: it is not sent")
        }
    }

    @Test func withAKeyPageTwentySixIsServed() async throws {
        try await ReplicaHarness.with(key: "replica-key") { harness in
            let page = try await harness.page(QuestionsQuery(site: "stackoverflow", pageSize: 10), 26).get()
            #expect(page.items.count == 10)
            #expect(harness.replica.logEntries().first?.query["key"] == "***", "the key went, over loopback http")
        }
    }

    @Test func answersPastTheFirstHundredComeInPages() async throws {
        try await ReplicaHarness.with { harness in
            let id = 79_100_100
            let detail = try await harness.detail(id).get()
            #expect(detail.question.answerCount == 240)
            #expect(detail.answers.count == 100)
            #expect(detail.answersHaveMore)
            var loaded = detail
            #expect(loaded.append(try await harness.answers(id, page: 2).get(), number: 2))
            #expect(loaded.answers.count == 200 && loaded.answersHaveMore)
            #expect(loaded.append(try await harness.answers(id, page: 3).get(), number: 3))
            #expect(loaded.answers.count == 240 && !loaded.answersHaveMore)
            #expect(Set(loaded.answers.map(\.answerID)).count == 240)
            #expect(loaded.answers.map(\.score) == loaded.answers.map(\.score).sorted(by: >), "by votes across pages")
        }
    }
}
