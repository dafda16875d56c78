import Foundation
import StackExchange
@testable import Store
import Testing

/// A search of the store as the browser asks for it (issue 29): a page of questions, ranked, each with its snippet,
/// from the cache's list copies or, for a question only ever opened, from its stored detail.
struct StoreSearchPageTests {
    static let date = CacheSearchTests.date

    @Test func aPageOfFoundQuestionsCarriesTheirSnippetsAndTheirTags() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        // Opened only (never in a list): its question comes from the stored detail.
        cache.write(CacheSearchTests.detail(id: 7, title: "Quoting in awk", body: "<p>the zebrafish field</p>", answer: "<p>x</p>",
                                            tags: ["awk"]), host: "Example.com", site: "unix", at: Self.date)
        // Listed: its question comes from the list's copy.
        cache.write(Page(items: [Question(questionID: 9, title: "A zebrafish in sed", tags: ["sed"], creationDate: Self.date)], hasMore: false),
                    key: CacheKey(host: "example.com", query: QuestionsQuery(site: "unix"), page: 1), at: Self.date)
        // Another site's question is not the query's.
        cache.write(CacheSearchTests.detail(id: 11, title: "zebrafish elsewhere", body: "<p>zebrafish</p>", answer: "<p>x</p>"),
                    host: "example.com", site: "superuser", at: Self.date)
        var query = QuestionsQuery(site: "unix", pageSize: 1, searchText: "zebrafish")
        query.searchesStore = true
        let first = try #require(cache.searchPage(query, host: "example.com", page: 1))
        let second = try #require(cache.searchPage(query, host: "example.com", page: 2))
        let found = first.items + second.items
        #expect(Set(found.map(\.questionID)) == [7, 9])
        #expect(first.hasMore && !second.hasMore)
        #expect(found.first { $0.questionID == 7 }?.title == "Quoting in awk")
        for question in found {
            let snippet = try #require((first.snippets.merging(second.snippets) { a, _ in a })[question.questionID])
            #expect(snippet.marked.contains("[zebrafish]"), "\(snippet.marked)")
        }
        query.tags = ["sed"]
        query.pageSize = 30
        #expect(cache.searchPage(query, host: "example.com", page: 1)?.items.map(\.questionID) == [9], "tags are [tag] terms")
    }
}
