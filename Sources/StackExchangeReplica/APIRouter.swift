import Foundation

/// Answers one API request from the data set, with the real API's parameter checks, quota and backoff.
struct APIRouter: Sendable {
    let data: ReplicaData
    let state: ReplicaState

    func respond(path: String, query: [String: String], now: Date) -> APIResponse {
        let route: APIRoute
        do {
            route = try APIRoute.parse(path: path)
        } catch .badIDs {
            return .badParameter("ids")
        } catch {
            return .error(id: 404, name: "no_method", message: "no method found with this name")
        }
        let parameters: QueryParameters
        switch QueryParameters.parse(query, route: route) {
        case .success(let parsed): parameters = parsed
        case .failure(let refusal): return refusal.response
        }
        let siteData = data.dataSet(for: query["site"] ?? "")
        switch state.admit(method: route.method, now: now) {
        case .backoffViolation(let seconds):
            return .error(id: 502, name: "throttle_violation",
                          message: "violation of backoff parameter, more requests available in \(seconds) seconds")
        case .quotaExhausted(let seconds), .ipThrottled(let seconds):
            return .ipThrottle(seconds: seconds)
        case .admitted(let quotaRemaining, let backoff):
            func page<Item: Encodable>(_ all: [Item]) -> APIResponse {
                let (items, hasMore) = parameters.slice(all)
                return .page(items, hasMore: hasMore, quotaMax: state.quotaMax, quotaRemaining: quotaRemaining, backoff: backoff)
            }
            switch route {
            case .sites:
                return page(DataSet.sites)
            case .questions:
                return page(parameters.withBodies(parameters.sorted(questions(siteData, tagged: parameters.tagged), now: now)))
            case .search:
                // As the API documents it: `tagged` is "at least one" here, `[tag]` terms in `q` are all required.
                let terms = SearchTerms(parameters.searchText)
                let text = terms.text.lowercased()
                let found = siteData.questions.filter { question in
                    (parameters.tagged.isEmpty || parameters.tagged.contains(where: question.tags.contains))
                        && terms.tags.allSatisfy(question.tags.contains)
                        && (text.isEmpty || question.title.lowercased().contains(text)
                            || (question.body ?? "").lowercased().contains(text))
                }
                return page(parameters.withBodies(parameters.sorted(found, now: now)))
            case .questionsByIDs(let ids):
                let found = ids.compactMap { siteData.questionsByID[$0] }
                return page(parameters.withBodies(parameters.sorted(found, now: now)))
            case .answers(let ids):
                let found = ids.flatMap { siteData.answersByQuestion[$0] ?? [] }
                return page(parameters.withBodies(parameters.sorted(found)))
            case .comments(let ids):
                let found = Set(ids).flatMap { siteData.commentsByPost[$0] ?? [] }
                return page(parameters.withBodies(parameters.sorted(found)))
            }
        }
    }

    /// The questions carrying every tag of `tagged` (the API's `tagged` is an AND).
    private func questions(_ data: DataSet, tagged: [String]) -> [WireQuestion] {
        guard !tagged.isEmpty else { return data.questions }
        return data.questions.filter { question in tagged.allSatisfy(question.tags.contains) }
    }
}
