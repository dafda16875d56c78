import Dispatch
import Foundation
import Operations
public import StackExchange
import Synchronization

/// The requests of a shell launch (`--print`, `--json`), sent through the browser's own client (its quota, backoff,
/// IP throttle and rate limit) and the pauses every stackterm keeps in the data file (`ShellSend`): a pause heard by
/// an earlier launch holds this one, and the same request within a minute is answered by the record. Each call
/// waits for its answers; sites are asked in parallel.
///
/// A `--print` of one site costs two requests: the filter (`/filters/create`: the default fields plus Markdown bodies
/// and the answers embedded in each question), then one search that carries the answers.
public final class ShellFetcher: Sendable {
    /// The fields the shell's filter adds to `default`: bodies as HTML and as Markdown, and every question's answers.
    public static let filterFields = [
        "question.body", "question.body_markdown", "question.answers", "answer.body", "answer.body_markdown",
    ]

    public let client: StackExchangeClient
    /// Where the pauses and answers are kept between launches (nil: nothing is kept).
    public let pauses: (any PauseKeeping)?
    /// When a failed request is tried again; the client itself must not retry (see `ShellSend`).
    public let retry: RetryPolicy

    /// A fetcher sending through `client`; `retry` of one try leaves the retrying to a client that does it itself.
    public init(client: StackExchangeClient, pauses: (any PauseKeeping)? = nil, retry: RetryPolicy = RetryPolicy(maxAttempts: 1)) {
        self.client = client
        self.pauses = pauses
        self.retry = retry
    }

    private var send: ShellSend { ShellSend(client: client, pauses: pauses, retry: retry) }

    /// What one site answered.
    public struct SiteResult: Sendable {
        public var site: String
        public var result: Result<[Question], APIError>
    }

    /// Makes the shell's filter (`/filters/create`).
    public func filter() -> Result<String, APIError> {
        let request = CreateFilterRequest(base: "default", include: Self.filterFields)
        return send(request, as: CreatedFilter.self).flatMap { page in
            guard let name = page.items.first?.filter else { return .failure(.missingData("/filters/create made no filter")) }
            return .success(name)
        }
    }

    /// The `count` most relevant questions for `text` on each of `sites`, with their answers, asked in parallel.
    public func search(_ text: String, sites: [String], count: Int, sort: QuestionSort, filter: String) -> [SiteResult] {
        let requests = sites.map { site in
            SearchRequest(text: text, site: site, pageSize: count, sort: sort, filter: filter)
        }
        return zip(sites, inParallel(requests.map { request in { [send] in send(request, as: Question.self) } })).map { site, result in
            SiteResult(site: site, result: result.map(\.items))
        }
    }

    /// The questions `ids` of `site`, with their answers.
    public func questions(_ ids: [Int], site: String, filter: String) -> SiteResult {
        let result = send(QuestionsByIDsRequest(ids: ids, site: site, filter: filter), as: Question.self)
        return SiteResult(site: site, result: result.map(\.items))
    }

    /// The question answer `id` of `site` belongs to (`/answers/{id}`), for a `/a/ID` link; nil when the site has no
    /// such answer (deleted, or never there).
    public func questionID(ofAnswer id: Int, site: String) -> Result<Int?, APIError> {
        send(AnswersByIDsRequest(ids: [id], site: site), as: Answer.self).map { page in
            page.items.first?.questionID
        }
    }

    /// Runs each of `sends` on a thread of its own (each waits for the network, and a pool's threads are few) and
    /// returns their results in order once all are in.
    private func inParallel<Value: Sendable>(_ sends: [@Sendable () -> Value]) -> [Value] {
        let results = Mutex<[Int: Value]>([:])
        let group = DispatchGroup()
        for (index, send) in sends.enumerated() {
            group.enter()
            Thread {
                let value = send()
                results.withLock { $0[index] = value }
                group.leave()
            }.start()
        }
        group.wait()
        let all = results.withLock { $0 }
        return sends.indices.map { all[$0]! }
    }
}
