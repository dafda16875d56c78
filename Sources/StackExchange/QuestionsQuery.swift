/// The sorts the questions list supports, in the order `s` cycles through them, and a search's `relevance`.
public enum QuestionSort: String, CaseIterable, Sendable, Hashable {
    case activity, creation, votes, hot, week, month
    /// A search's own order (a query from the command line starts with it); `/questions` has no such sort.
    case relevance

    /// The sorts a list of questions offers (`--sort`, the config's `sort`, `s`): every one but `relevance`.
    public static var allCases: [QuestionSort] { [.activity, .creation, .votes, .hot, .week, .month] }

    /// Those sorts' names, "activity, creation, …", for `--sort`'s help and the errors. Joined by hand: every launch
    /// builds that help, and the generic `joined(separator:)`'s first call has the runtime look an associated type up
    /// through every conformance record of the program.
    public static var listNames: String {
        var names = ""
        for sort in allCases {
            if !names.isEmpty { names += ", " }
            names += sort.rawValue
        }
        return names
    }

    /// The sorts `/search/advanced` accepts (it has no hot, week or month); `s` on a search cycles through them.
    public static let searchSorts: [QuestionSort] = [.activity, .creation, .votes, .relevance]

    /// The next sort in the cycle.
    public var next: QuestionSort { next(in: Self.allCases) }

    /// The next sort among `cycle`; the first of it when `self` is not in it.
    public func next(in cycle: [QuestionSort]) -> QuestionSort {
        guard let index = cycle.firstIndex(of: self) else { return cycle.first ?? self }
        return cycle[(index + 1) % cycle.count]
    }
}

/// Sort direction.
public enum SortOrder: String, Sendable, Hashable {
    case desc, asc
}

/// Which list of questions to fetch: a site, an optional AND-set of tags, a sort, or a search.
///
/// The tags mean "all of them" in a search too: `SearchRequest` sends them as `[tag]` terms of `q`, which
/// `/search/advanced` requires every one of, rather than as `tagged`, which it reads as "at least one".
///
/// Two equal queries for the same page are the same request (the browser's ledger joins them).
public struct QuestionsQuery: Sendable, Hashable {
    public var site: String
    public var tags: [String]
    public var sort: QuestionSort
    public var order: SortOrder
    public var pageSize: Int
    /// When set, the list comes from `/search/advanced?q=`.
    public var searchText: String?
    /// With `searchText`: search the local store's full-text index (the cache and imported sites, with the
    /// site's search syntax) instead of the API; nothing is sent.
    public var searchesStore = false

    public init(
        site: String = "stackoverflow", tags: [String] = [], sort: QuestionSort = .activity,
        order: SortOrder = .desc, pageSize: Int = 30, searchText: String? = nil
    ) {
        self.site = site
        self.tags = tags
        self.sort = sort
        self.order = order
        self.pageSize = pageSize
        self.searchText = searchText
    }
}

extension QuestionsQuery {
    /// The request for page `page` of this query, decided once: `/search/advanced` with `searchText`, else `/questions`.
    public func request(page: Int) -> any APIRequest {
        searchText == nil ? QuestionsListRequest(query: self, page: page) : SearchRequest(query: self, page: page)
    }

    /// How the operation retrieving page `page` is named in traces and debugging.
    func operationName(page: Int) -> String {
        if let searchText {
            if searchesStore { return "store search \(site) \"\(PlainText.decode(searchText).prefix(40))\" p\(page)" }
            return "search \(site) \"\(PlainText.decode(searchText).prefix(40))\" p\(page)"
        }
        let tagText = tags.isEmpty ? "" : " [\(tags.joined(separator: ";"))]"
        return "questions \(site)\(tagText) \(sort.rawValue) p\(page)"
    }
}

/// Whom a request is for: the person waiting (user queue) or a prefetch (background queue).
public enum RequestPriority: String, Sendable {
    case user, background
}
