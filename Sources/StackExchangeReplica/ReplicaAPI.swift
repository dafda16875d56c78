import Foundation

/// Answers one API request from the data set: routing, validation, filtering, sorting, paging and the envelope.
struct ReplicaAPI: Sendable {
    /// One page of items, before quota and backoff are applied.
    enum Page {
        case questions([ReplicaQuestion], hasMore: Bool)
        case answers([ReplicaAnswer], hasMore: Bool)
        case sites([ReplicaSite], hasMore: Bool)
    }

    /// Only Stack Overflow's data is bundled, so other site names are refused rather than served the same questions.
    static let acceptedSites: Set<String> = ["stackoverflow", "stackoverflow.com"]
    static let questionSorts: Set<String> = ["activity", "creation", "votes", "hot", "week", "month"]

    let data: ReplicaDataSet
    let quotaMax: Int

    /// The route's method template (for backoff) and the page, or the error the real API would give.
    func page(for request: APIRequest, now: Date) -> Result<(method: String, page: Page), APIFailure> {
        let route: ReplicaRoute
        switch ReplicaRoute.match(request.path) {
        case .success(let matched): route = matched
        case .failure(let failure): return .failure(failure)
        }
        let query = request.query
        if route != .sites {
            guard let site = query["site"], !site.isEmpty else { return .failure(.badParameter("site is required")) }
            guard Self.acceptedSites.contains(site) else { return .failure(.badParameter("No site found for name `\(site)`")) }
        }
        let withBody = query["filter"] == "withbody"
        let sorts: Set<String> = switch route {
        case .answers: ["activity", "creation", "votes"]
        case .search: ["activity", "creation", "votes", "relevance"]
        case .sites: ["name"]
        default: Self.questionSorts
        }
        let defaultSort = switch route {
        case .answers: "votes"
        case .sites: "name"
        default: "activity"
        }
        let paging: PagingParameters
        switch PagingParameters.parse(query, sorts: sorts, defaultSort: defaultSort) {
        case .success(let parsed): paging = parsed
        case .failure(let failure): return .failure(failure)
        }
        let page: Page
        switch route {
        case .questions:
            page = questionsPage(filtered(data.questions, query: query), paging, withBody: withBody, now: now)
        case .questionsByIDs(let ids):
            page = questionsPage(ids.compactMap { data.questionsByID[$0] }, paging, withBody: withBody, now: now)
        case .search:
            let matches = QuestionSearch(query: query).matches(filtered(data.questions, query: query))
            page = questionsPage(matches, paging, withBody: withBody, now: now, search: QuestionSearch(query: query))
        case .answers(let ids):
            page = answersPage(ids.flatMap { data.answersByQuestion[$0] ?? [] }, paging, withBody: withBody)
        case .sites:
            let sorted = data.sites.sorted { paging.ascending == ($0.name < $1.name) }
            let slice = paging.slice(sorted)
            page = .sites(slice.items, hasMore: slice.hasMore)
        }
        return .success((route.template, page))
    }

    /// `tagged` is an AND of `;`-separated tags, compared case-insensitively.
    private func filtered(_ questions: [ReplicaQuestion], query: [String: String]) -> [ReplicaQuestion] {
        let tags = (query["tagged"] ?? "").lowercased().split(separator: ";").map(String.init).filter { !$0.isEmpty }
        guard !tags.isEmpty else { return questions }
        return questions.filter { question in
            let own = Set(question.tags.map { $0.lowercased() })
            return tags.allSatisfy(own.contains)
        }
    }

    private func questionsPage(
        _ questions: [ReplicaQuestion], _ paging: PagingParameters, withBody: Bool, now: Date,
        search: QuestionSearch? = nil
    ) -> Page {
        var candidates = questions
        let nowSeconds = Int(now.timeIntervalSince1970)
        if paging.sort == "week" { candidates = candidates.filter { nowSeconds - $0.creation_date <= 7 * 86_400 } }
        if paging.sort == "month" { candidates = candidates.filter { nowSeconds - $0.creation_date <= 30 * 86_400 } }
        let keyed = candidates.map { question -> (Double, ReplicaQuestion) in
            let key: Double = switch paging.sort {
            case "creation": Double(question.creation_date)
            case "votes", "week", "month": Double(question.score)
            case "hot": Double(question.score + 1) / pow(Double(max(nowSeconds - question.last_activity_date, 0)) / 3600 + 2, 1.5)
            case "relevance": Double(search?.relevance(of: question) ?? 0)
            default: Double(question.last_activity_date)
            }
            return (key, question)
        }
        // Ties fall back to the id so pages never overlap or skip.
        let sorted = keyed.sorted { left, right in
            if left.0 != right.0 { return paging.ascending ? left.0 < right.0 : left.0 > right.0 }
            return paging.ascending ? left.1.question_id < right.1.question_id : left.1.question_id > right.1.question_id
        }.map(\.1)
        let slice = paging.slice(sorted)
        return .questions(withBody ? slice.items : slice.items.map { var copy = $0; copy.body = nil; return copy }, hasMore: slice.hasMore)
    }

    private func answersPage(_ answers: [ReplicaAnswer], _ paging: PagingParameters, withBody: Bool) -> Page {
        let sorted = answers.sorted { left, right in
            let (l, r) = switch paging.sort {
            case "creation": (left.creation_date, right.creation_date)
            case "activity": (left.last_activity_date, right.last_activity_date)
            default: (left.score, right.score)
            }
            if l != r { return paging.ascending ? l < r : l > r }
            return paging.ascending ? left.answer_id < right.answer_id : left.answer_id > right.answer_id
        }
        let slice = paging.slice(sorted)
        return .answers(withBody ? slice.items : slice.items.map { var copy = $0; copy.body = nil; return copy }, hasMore: slice.hasMore)
    }
}
