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

    @Test func aPageAboveTwentyFiveWithoutAKeyIsRefusedWithTheAPIsError() async throws {
        try await ReplicaHarness.with { harness in
            let result = await harness.page(QuestionsQuery(site: "stackoverflow", pageSize: 10), 26)
            guard case .failure(.stackExchange(let id, let name, _)) = result else {
                Issue.record("expected access_denied, got \(result)")
                return
            }
            #expect(id == 403)
            #expect(name == "access_denied")
            #expect(harness.listRequestCount == 1, "a 4xx is never retried")
        }
    }
}
