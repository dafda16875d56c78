import Foundation

/// Answers one API request from the data set, with the real API's parameter checks, quota and backoff.
struct APIRouter: Sendable {
    let data: ReplicaData
    let state: ReplicaState
    let accounts: ReplicaAccounts
    /// What arrived while the replica ran, merged into each site's data.
    var arrivals = ReplicaArrivals()
    /// Requests repeated within a minute.
    var repeats = RepeatedRequests()
    /// Questions, answers and edits people wrote through the API, merged into every read.
    var posts = WrittenPosts()
    /// When each person last wrote each kind of post, for the sites' limits.
    var writeHistory = WriteHistory()

    /// Answers `httpMethod path?query` sent to `host` (the request's `Host` header).
    func respond(path: String, query: [String: String], now: Date, httpMethod: String = "GET", host: String? = nil) -> APIResponse {
        if ImageRoute.isImagePath(path) { return ImageRoute.response(path: path, query: query, httpMethod: httpMethod) }
        if let account = AccountRoute.parse(path: path) {
            return respond(to: account, httpMethod: httpMethod, query: query, host: host, now: now)
        }
        if let asking = AskingRoute.parse(path: path) {
            return respond(to: asking, path: path, httpMethod: httpMethod, query: query, host: host, now: now)
        }
        guard httpMethod == "GET" else {
            return .error(id: 404, name: "no_method", message: "this method cannot be called this way")
        }
        let route: APIRoute
        do {
            route = try APIRoute.parse(path: path)
        } catch .badIDs {
            return .badParameter("ids")
        } catch {
            return .error(id: 404, name: "no_method", message: "no method found with this name")
        }
        repeats.record(path: path, query: query, now: now)
        var parameters: QueryParameters
        switch QueryParameters.parse(query, route: route) {
        case .success(let parsed): parameters = parsed
        case .failure(let refusal): return refusal.response
        }
        let dates: CreationDateRange
        switch CreationDateRange.parse(query) {
        case .success(let range): dates = range
        case .failure(let refusal): return refusal.response
        }
        if let name = query["filter"], ReplicaFilter.builtIn(name) == nil {
            guard let created = accounts.filter(named: name) else { return .badParameter("filter") }
            parameters.filter = ReplicaFilter(withBody: created.withBody, include: created.include)
            parameters.withBody = created.withBody
        }
        // A read may carry a token (to learn the caller's votes): it is checked as strictly as on a write.
        let caller: Caller?
        switch authenticate(query: query, host: host, needsToken: false, scope: nil, now: now) {
        case .success(let found): caller = found
        case .failure(let refusal): return refusal.response
        }
        let site = query["site"] ?? ""
        let siteData = readable(site)
        func seen(_ questions: [WireQuestion]) -> [WireQuestion] {
            parameters.filter.shaped(questions.map { decorated($0, site: site, caller: caller, query: query) }) { id in
                parameters.sorted((siteData.answersByQuestion[id] ?? []).map { decorated($0, site: site, caller: caller, query: query) })
            }
        }
        switch admit(method: route.method, now: now) {
        case .refused(let response):
            return response
        case .admitted(let quotaRemaining, let backoff):
            func page<Item: Encodable>(_ all: [Item]) -> APIResponse {
                let (items, hasMore) = parameters.slice(all)
                return .page(items, hasMore: hasMore, quotaMax: state.quotaMax, quotaRemaining: quotaRemaining, backoff: backoff,
                             filter: parameters.filter, total: all.count)
            }
            /// One page of `all`, shaped by the filter (only the page's questions get their answers and Markdown).
            func pageOfQuestions(_ all: [WireQuestion]) -> APIResponse {
                let (items, hasMore) = parameters.slice(all)
                return .page(seen(items), hasMore: hasMore, quotaMax: state.quotaMax, quotaRemaining: quotaRemaining,
                             backoff: backoff, filter: parameters.filter, total: all.count)
            }
            switch route {
            case .sites:
                return page(DataSet.sites)
            case .questions:
                let all = parameters.sorted(dates.filter(questions(siteData, tagged: parameters.tagged)), now: now)
                let drift = parameters.sort == "activity" ? state.activityDrift : 0
                let (items, hasMore) = parameters.slice(all, drift: drift)
                return .page(seen(items), hasMore: hasMore, quotaMax: state.quotaMax, quotaRemaining: quotaRemaining, backoff: backoff,
                             filter: parameters.filter, total: all.count)
            case .search:
                // As the API documents it: `tagged` is "at least one" here, `[tag]` terms in `q` are all required.
                let terms = SearchTerms(parameters.searchText)
                let found = siteData.questions.filter { question in
                    (parameters.tagged.isEmpty || parameters.tagged.contains(where: question.tags.contains))
                        && terms.tags.allSatisfy(question.tags.contains) && terms.matches(question)
                }
                let ordered = parameters.sort == "relevance"
                    ? terms.byRelevance(dates.filter(found)) : parameters.sorted(dates.filter(found), now: now)
                return pageOfQuestions(ordered)
            case .questionsByIDs(let ids):
                let found = ids.compactMap { siteData.questionsByID[$0] }
                return pageOfQuestions(parameters.sorted(found, now: now))
            case .answers(let ids):
                let found = dates.filter(ids.flatMap { siteData.answersByQuestion[$0] ?? [] })
                    .map { decorated($0, site: site, caller: caller, query: query) }
                return page(parameters.filter.shaped(parameters.sorted(found)))
            case .answersByIDs(let ids):
                let wanted = Set(ids)
                let found = siteData.answersByQuestion.values.joined().filter { wanted.contains($0.answerId) }
                    .map { decorated($0, site: site, caller: caller, query: query) }
                return page(parameters.filter.shaped(parameters.sorted(Array(found))))
            case .comments(let ids):
                let found = Set(ids).flatMap {
                    (siteData.commentsByPost[$0] ?? []) + accounts.addedComments(on: ReplicaAccounts.PostKey(site: site, id: $0))
                }
                return page(parameters.withBodies(parameters.sorted(dates.filter(found))))
            }
        }
    }

    /// The questions carrying every tag of `tagged` (the API's `tagged` is an AND).
    private func questions(_ data: DataSet, tagged: [String]) -> [WireQuestion] {
        guard !tagged.isEmpty else { return data.questions }
        return data.questions.filter { question in tagged.allSatisfy(question.tags.contains) }
    }
}
