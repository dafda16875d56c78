import Foundation

/// The query parameters of one request, checked the way the API checks them.
struct QueryParameters {
    var page = 1
    var pageSize = 30
    var sort: String
    var ascending = false
    var tagged: [String] = []
    var withBody = false
    /// The filter the request named (a built-in one here; the router resolves one `/filters/create` made).
    var filter = ReplicaFilter()
    var searchText = ""

    /// A request the API would refuse, with the response it would send.
    struct Refusal: Error {
        var response: APIResponse
    }

    static let questionSorts: Set<String> = ["activity", "creation", "votes", "hot", "week", "month"]
    static let searchSorts: Set<String> = ["activity", "creation", "votes", "relevance"]
    static let answerSorts: Set<String> = ["activity", "creation", "votes"]

    static func parse(_ query: [String: String], route: APIRoute) -> Result<QueryParameters, Refusal> {
        func refuse(_ message: String) -> Result<QueryParameters, Refusal> { .failure(Refusal(response: .badParameter(message))) }
        // Answers come by votes unless asked otherwise: the order a reader of a question expects.
        var parameters = QueryParameters(sort: defaultSort(for: route))
        if route != .sites {
            guard let site = query["site"], !site.isEmpty else { return refuse("site is required") }
            guard DataSet.sites.contains(where: { $0.apiSiteParameter == site }) else {
                return refuse("No site found for name `\(site.prefix(60))`")
            }
        }
        if let text = query["page"] {
            guard let page = Int(text), page >= 1 else { return refuse("page") }
            parameters.page = page
        }
        if let text = query["pagesize"] {
            guard let size = Int(text), (0...100).contains(size) else { return refuse("pagesize") }
            parameters.pageSize = size
        }
        if parameters.page > 25, query["key"] == nil, query["access_token"] == nil {
            return .failure(Refusal(response: .error(id: 403, name: "access_denied",
                                                    message: "page above 25 requires access token or app key")))
        }
        let allowed: Set<String> = switch route {
        case .search: searchSorts
        case .answers, .answersByIDs: answerSorts
        case .comments: commentSorts
        default: questionSorts
        }
        if let sort = query["sort"] {
            guard allowed.contains(sort) else { return refuse("sort") }
            parameters.sort = sort
        }
        if let order = query["order"] {
            guard order == "asc" || order == "desc" else { return refuse("order") }
            parameters.ascending = order == "asc"
        }
        if let tagged = query["tagged"] {
            parameters.tagged = tagged.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty }
            guard parameters.tagged.count <= 5 else { return refuse("tagged") }
        }
        if let name = query["filter"], let builtIn = ReplicaFilter.builtIn(name) { parameters.filter = builtIn }
        parameters.withBody = parameters.filter.withBody
        parameters.searchText = query["q"] ?? query["title"] ?? ""
        return .success(parameters)
    }

    /// The requested page of `all`, and whether more follow.
    /// The items of this page; with `drift`, each page starts `drift` items before the end of the page before
    /// (a list that moved while it was paged).
    func slice<Item>(_ all: [Item], drift: Int = 0) -> ([Item], Bool) {
        // A huge page (allowed with a key) must give an empty page, not an overflow trap that kills the server.
        let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: pageSize)
        let (shift, shiftOverflow) = (page - 1).multipliedReportingOverflow(by: drift)
        let start = shiftOverflow ? 0 : max(0, offset - shift)
        guard !overflow, pageSize > 0, start < all.count else { return ([], false) }
        let end = min(all.count, start + pageSize)
        return (Array(all[start..<end]), end < all.count)
    }

    /// `questions` with their bodies when asked for; `body_markdown` (kept for a post written here) never.
    func withBodies(_ questions: [WireQuestion]) -> [WireQuestion] {
        questions.map { var question = $0; if !withBody { question.body = nil }; question.bodyMarkdown = nil; return question }
    }

    func withBodies(_ answers: [WireAnswer]) -> [WireAnswer] {
        answers.map { var answer = $0; if !withBody { answer.body = nil }; answer.bodyMarkdown = nil; return answer }
    }

    /// Questions in the order of `sort` and `order`; ties by id so pages never overlap.
    func sorted(_ questions: [WireQuestion], now: Date) -> [WireQuestion] {
        let nowSeconds = Int(now.timeIntervalSince1970)
        var candidates = questions
        switch sort {
        case "week": candidates = candidates.filter { nowSeconds - $0.creationDate <= 7 * 86_400 }
        case "month": candidates = candidates.filter { nowSeconds - $0.creationDate <= 30 * 86_400 }
        default: break
        }
        func key(_ question: WireQuestion) -> Double {
            switch sort {
            case "creation": Double(question.creationDate)
            case "votes", "week", "month": Double(question.score)
            case "hot":
                Double(question.score + 2 * question.answerCount + 1)
                    / pow(Double(max(0, nowSeconds - question.lastActivityDate)) / 3600 + 2, 1.5)
            default: Double(question.lastActivityDate)
            }
        }
        return ordered(candidates, by: key, id: \.questionId)
    }

    func sorted(_ answers: [WireAnswer]) -> [WireAnswer] {
        ordered(answers, by: { answer in
            switch sort {
            case "creation": Double(answer.creationDate)
            case "votes": Double(answer.score)
            default: Double(answer.lastActivityDate)
            }
        }, id: \.answerId)
    }

    private func ordered<Item>(_ items: [Item], by key: (Item) -> Double, id: KeyPath<Item, Int>) -> [Item] {
        let keyed = items.map { (key($0), $0[keyPath: id], $0) }
        let sorted = keyed.sorted { left, right in
            left.0 != right.0 ? left.0 > right.0 : left.1 > right.1
        }
        let items = sorted.map(\.2)
        return ascending ? items.reversed() : items
    }
}
