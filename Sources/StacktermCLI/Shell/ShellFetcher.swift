import Dispatch
import Foundation
import Operations
public import StackExchange

/// The requests of a shell launch (`--print`, `--json`), sent through the browser's own client: its quota, backoff,
/// IP throttle, rate limit and retries. Each call waits for its answers; sites are asked in parallel.
///
/// A `--print` of one site costs two requests: the filter (`/filters/create`: the default fields plus Markdown bodies
/// and the answers embedded in each question), then one search that carries the answers.
public final class ShellFetcher: Sendable {
    /// The fields the shell's filter adds to `default`: bodies as HTML and as Markdown, and every question's answers.
    public static let filterFields = [
        "question.body", "question.body_markdown", "question.answers", "answer.body", "answer.body_markdown",
    ]

    public let client: StackExchangeClient

    public init(client: StackExchangeClient) {
        self.client = client
    }

    /// What one site answered.
    public struct SiteResult: Sendable {
        public var site: String
        public var result: Result<[Question], APIError>
    }

    /// Makes the shell's filter (`/filters/create`).
    public func filter() -> Result<String, APIError> {
        let request = CreateFilterRequest(base: "default", include: Self.filterFields)
        return perform([request], as: CreatedFilter.self).first!.flatMap { page in
            guard let name = page.items.first?.filter else { return .failure(.missingData("/filters/create made no filter")) }
            return .success(name)
        }
    }

    /// The `count` most relevant questions for `text` on each of `sites`, with their answers, asked in parallel.
    public func search(_ text: String, sites: [String], count: Int, sort: QuestionSort, filter: String) -> [SiteResult] {
        let requests = sites.map { site in
            SearchRequest(text: text, site: site, pageSize: count, sort: sort, filter: filter)
        }
        return zip(sites, perform(requests, as: Question.self)).map { site, result in
            SiteResult(site: site, result: result.map(\.items))
        }
    }

    /// The questions `ids` of `site`, with their answers.
    public func questions(_ ids: [Int], site: String, filter: String) -> SiteResult {
        let result = perform([QuestionsByIDsRequest(ids: ids, site: site, filter: filter)], as: Question.self).first!
        return SiteResult(site: site, result: result.map(\.items))
    }

    /// The question answer `id` of `site` belongs to (`/answers/{id}`), for a `/a/ID` link; nil when the site has no
    /// such answer (deleted, or never there).
    public func questionID(ofAnswer id: Int, site: String) -> Result<Int?, APIError> {
        perform([AnswersByIDsRequest(ids: [id], site: site)], as: Answer.self).first!.map { page in
            page.items.first?.questionID
        }
    }

    /// Sends `requests` at once on the user lane and waits for every answer, in the order asked.
    private func perform<Item: Decodable & Sendable>(_ requests: [any APIRequest], as: Item.Type) -> [Result<Page<Item>, APIError>] {
        let results = Results<Item>(count: requests.count)
        let group = DispatchGroup()
        let completionQueue = DispatchQueue(label: "stackterm.shell.results")
        for (index, request) in requests.enumerated() {
            group.enter()
            let operation = APIRequestOperation<Item>(
                client: client, request: request, priority: .user, name: "shell \(request.endpoint)", completionQueue: completionQueue
            ) { result in
                results.set(index, result.mapError { $0 as? APIError ?? .decoding("\($0)") })
                group.leave()
            }
            operation.enqueue()
        }
        group.wait()
        return results.all
    }

    /// The answers, filled in on the completion queue and read after the group's wait.
    private final class Results<Item: Sendable>: @unchecked Sendable {
        // @unchecked Sendable: each slot is written once on the serial completion queue before the group is left;
        // `all` is read only after `group.wait()`, which orders the writes before it.
        private var values: [Result<Page<Item>, APIError>]
        init(count: Int) { values = Array(repeating: .failure(.cancelled), count: count) }
        func set(_ index: Int, _ value: Result<Page<Item>, APIError>) { values[index] = value }
        var all: [Result<Page<Item>, APIError>] { values }
    }
}
