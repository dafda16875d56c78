import Foundation
import Operations
import StackExchange
@testable import Store
import SyntheticDump
import Testing

/// An imported site read through the data managers with no network: every sort, tags, paging, a question with
/// its answers and attribution, comments.
@MainActor
struct OfflineDataManagerTests {
    let dump: DumpFixture
    let library: ImportedSiteLibrary
    let cache: QuestionCache

    init() throws {
        dump = try DumpFixture(posts: 300, seed: 5)
        try dump.importDump()
        library = ImportedSiteLibrary(paths: dump.paths)
        let queues = QueueManager()
        cache = QuestionCache(paths: dump.paths, queues: queues)
        // The cache opens on another thread: waited for here, so that it is not created after the fixture is gone.
        _ = cache.isAvailable
        queues.waitUntilAllOperationsAreFinished()
    }

    func page(_ query: QuestionsQuery, _ number: Int = 1) async throws -> Page<Question> {
        let manager = CachingQuestionsDataManager(
            network: nil, cache: cache, host: "h", imported: library)
        return try await withCheckedContinuation { continuation in
            manager.questions(query, page: number, priority: .user) { continuation.resume(returning: $0) }
        }.get()
    }

    @Test func everySortTagsAndPaging() async throws {
        let votes = try await page(QuestionsQuery(site: "vi", sort: .votes, pageSize: 10))
        #expect(votes.items.count == 10 && votes.hasMore)
        #expect(votes.items.map(\.score) == votes.items.map(\.score).sorted(by: >))
        let creation = try await page(QuestionsQuery(site: "vi", sort: .creation, pageSize: 10))
        #expect(creation.items.map(\.creationDate) == creation.items.map(\.creationDate).sorted(by: >))
        let activity = try await page(QuestionsQuery(site: "vi", sort: .activity, order: .asc, pageSize: 10))
        let dates = activity.items.compactMap(\.lastActivityDate)
        #expect(dates == dates.sorted() && dates.count == 10)
        let second = try await page(QuestionsQuery(site: "vi", sort: .votes, pageSize: 10), 2)
        #expect(Set(second.items.map(\.questionID)).isDisjoint(with: votes.items.map(\.questionID)))
        let tagged = try await page(QuestionsQuery(site: "vi", tags: ["vim", "regex"], sort: .votes, pageSize: 100))
        #expect(!tagged.items.isEmpty && tagged.items.allSatisfy { Set($0.tags).isSuperset(of: ["vim", "regex"]) })
        #expect(tagged.items.contains { $0.questionID == PlantedPosts.closedQuestionID })
        let hot = try await page(QuestionsQuery(site: "vi", sort: .hot, pageSize: 10))
        #expect(hot.items == votes.items)
        #expect(library.takeNotice() == "the vi dump has no hot sort: sorted by votes")
        let searched = try await page(QuestionsQuery(site: "vi", searchText: "xylophone"))
        #expect(searched.items.map(\.questionID) == [PlantedPosts.questionID])
    }

    @Test func aQuestionOpensWithItsAnswersAttributionAndComments() async throws {
        let details = CachingDetailDataManager(
            network: nil, cache: cache, host: "h", imported: library)
        let detail = try await withCheckedContinuation { continuation in
            details.detail(questionID: PlantedPosts.questionID, site: "vi", priority: .user) { continuation.resume(returning: $0) }
        }.get()
        #expect(detail.answers.map(\.answerID) == [PlantedPosts.acceptedAnswerID, PlantedPosts.otherAnswerID])
        #expect(detail.answers.first?.isAccepted == true)
        #expect(detail.question.owner?.plainDisplayName == "Ada Lovelace")
        #expect(detail.question.link == "https://vi.stackexchange.com/questions/1")
        let body = try #require(detail.question.body)
        #expect(body.contains("From the vi.stackexchange.com data dump of 2024-03-31, by Ada Lovelace"))
        #expect(body.contains("<a href=\"https://vi.stackexchange.com/questions/1\">"))
        #expect(detail.answers[0].body?.contains("https://vi.stackexchange.com/a/2") == true)
        #expect(details.cachedDetail(questionID: PlantedPosts.questionID, site: "vi")?.value == detail,
                "online, the dump's copy shows first, until the network's refreshes it")
        let comments = try await withCheckedContinuation { continuation in
            ImportedCommentsDataManager(library: library).comments(postIDs: [PlantedPosts.questionID], site: "vi", priority: .user) {
                continuation.resume(returning: $0)
            }
        }.get()
        #expect(comments.items.map(\.commentID) == [PlantedPosts.commentID])
        #expect(comments.items.first?.body?.contains(PlantedPosts.commentWord) == true)
        let elsewhere = await withCheckedContinuation { continuation in
            ImportedCommentsDataManager(library: library).comments(postIDs: [1], site: "unix", priority: .user) {
                continuation.resume(returning: $0)
            }
        }
        guard case .failure = elsewhere else { Issue.record("a site not imported is offline"); return }
    }
}
