import Foundation
import GRDB
public import StackExchange

extension QuestionCache {
    /// Searches the cached questions of `site` at `host` (every site when nil); nil when the cache is off.
    public func search(_ query: SearchQuery, host: String, site: String?, limit: Int = 30, offset: Int = 0) -> [SearchHit]? {
        access { pool in
            try pool.read { db in
                try LocalSearch.run(query, scope: .init(host: host.lowercased(), site: site), limit: limit, offset: offset, db: db)
            }
        }
    }

    /// Page `page` (1-based) of a search of the store for `query` (its `searchText` in the site's syntax, its tags
    /// as `[tag]` terms) over the questions cached from `host` for the query's site, ranked, each with its snippet.
    /// Nil when the cache is off.
    public func searchPage(_ query: QuestionsQuery, host: String, page: Int) -> Page<Question>? {
        let size = max(1, query.pageSize)
        let offset = (max(page, 1) - 1) * size
        let parsed = SearchQuery(merging: SearchQuery(parsing: PlainText.decode(query.searchText ?? "")), tags: query.tags)
        let host = host.lowercased()
        return access { pool in
            try pool.read { db in
                let hits = try LocalSearch.run(parsed, scope: .init(host: host, site: query.site), limit: size + 1, offset: offset, db: db)
                let shown = Array(hits.prefix(size))
                let questions = try Self.foundQuestions(shown.map(\.questionID), host: host, site: query.site, db: db)
                var found = Page(items: questions, hasMore: hits.count > size)
                found.snippets = SearchHit.snippets(of: shown)
                return found
            }
        }
    }

    /// The questions with `ids` in that order: from the list pages' copies, else from the stored detail (a question
    /// opened from a link or a bookmark was never in a list); those in neither are left out.
    static func foundQuestions(_ ids: [Int], host: String, site: String, db: Database) throws -> [Question] {
        var byID = Dictionary(try questions(ids, host: host, site: site, db: db).map { ($0.questionID, $0) },
                              uniquingKeysWith: { first, _ in first })
        let decoder = JSONDecoder()
        for id in ids where byID[id] == nil {
            guard let data = try Data.fetchOne(
                db, sql: "SELECT json FROM detail WHERE host = ? AND site = ? AND question_id = ?", arguments: [host, site, id])
            else { continue }
            byID[id] = try decoder.decode(StoredDetail.self, from: data).detail.question
        }
        return ids.compactMap { byID[$0] }
    }
}

extension SearchHit {
    /// The hits' snippets as a list row shows them, by question id.
    static func snippets(of hits: [SearchHit]) -> [Int: SearchSnippet] {
        var snippets: [Int: SearchSnippet] = [:]
        for hit in hits where !hit.snippet.isEmpty && snippets[hit.questionID] == nil {
            snippets[hit.questionID] = SearchSnippet(hit.snippet.map { SearchSnippet.Piece($0.text, isMatch: $0.isMatch) })
        }
        return snippets
    }
}
