import Foundation
public import StackExchange

/// The one search of the local store, for the browser (`L`, and `/` offline) and the shell (`--offline`): a site
/// imported from a data dump answers from the dump's own index, every other site from the cache's index of what the
/// API at `host` brought. Nothing is sent.
public struct StoreSearch: Sendable {
    /// The cache; nil when it is off.
    public var cache: QuestionCache?
    /// The API host (without its port) the cache's entries are filed under.
    public var host: String
    /// The imported sites; nil when none are read.
    public var imported: ImportedSiteLibrary?

    public init(cache: QuestionCache?, host: String, imported: ImportedSiteLibrary?) {
        self.cache = cache
        self.host = host
        self.imported = imported
    }

    /// Page `page` (1-based) of the search `query` (its `searchText`, its tags as `[tag]` terms) over the query's
    /// site, ranked, each question with its snippet; nil when the site is not imported and the cache is off.
    public func page(_ query: QuestionsQuery, page: Int) -> Page<Question>? {
        if let site = imported?.site(query.site) { return site.questions(query, page: page) }
        return cache?.searchPage(query, host: host, page: page)
    }

    /// Up to `limit` questions of `site` that `text` finds (the site's search syntax, as `SearchQuery` reads it),
    /// best first, each with every answer the store has of it (none for a question only seen in a list).
    public func questions(matching text: String, site: String, limit: Int) -> [Question] {
        let limit = max(1, limit)
        if let imported = imported?.site(site) {
            var seen = Set<Int>()
            let ids = imported.search(SearchQuery(parsing: text), limit: limit).map(\.questionID).filter { seen.insert($0).inserted }
            return ids.compactMap { id in
                imported.detail(questionID: id).map { detail in
                    var question = detail.question
                    question.answers = detail.answers
                    return question
                }
            }
        }
        return (cache?.localSearch(text, host: host, sites: [site], limit: limit) ?? []).map { found in
            var question = found.question
            question.answers = found.answers
            return question
        }
    }

    /// The question `id` of `site` with its answers, from the imported copy or the cache; nil when neither has it.
    public func question(_ id: Int, site: String) -> Question? {
        let detail = imported?.site(site)?.detail(questionID: id) ?? cache?.detail(host: host, site: site, questionID: id)?.value
        return detail.map { detail in
            var question = detail.question
            question.answers = detail.answers
            return question
        }
    }

    /// The next notice of the store (an imported site that cannot be read), once each.
    public func takeNotice() -> String? {
        imported?.takeNotice() ?? cache?.takeNotice()
    }
}
